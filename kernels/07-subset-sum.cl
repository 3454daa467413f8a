/* Lesson 07 -- subset sum: which subsets of n signed integers a[0..n-1] add
 * up to `target`, counted. Every kernel reads the items and the bounds from
 * __constant memory: every work-item reads every one of them, and the
 * constant cache broadcasts one value to all work-items that read it at
 * once.
 *
 * lo[d] and hi[d] are the sums of the negative and of the positive items
 * from d on: a node at depth d with partial sum s can still reach the target
 * only if s + lo[d] <= target <= s + hi[d]. lo[n] = hi[n] = 0, so at a leaf
 * the test is s == target.
 *
 * A path is the stack of the search: bit i set means "item i is in the
 * subset". Items 0..k-1 are decided by the work-item's global id.
 */

/* The partial sum of the items whose bits are set in `path`, among 0..d-1. */
static int path_sum(__constant const int *a, ulong path, int d)
{
    int s = 0;
    for (int i = 0; i < d; i++)
        s += ((path >> i) & 1) ? a[i] : 0; /* a select, not a branch */
    return s;
}

// snippet: gray
/* Every subset of items m..m+L-1 added to s, counted where the sum hits the
 * target. Gray-code order: step j flips exactly one item (the lowest set bit
 * of j), so each step is one addition or subtraction, and every work-item
 * runs the same 2^L steps with no branch at all. */
static ulong gray_count(__constant const int *a, int m, int L, int s, int target)
{
    ulong found = (s == target);
    for (uint j = 1; j < (1u << L); j++) {
        int b = 31 - clz(j & (0u - j));   /* the item that flips */
        uint gray = j ^ (j >> 1);          /* the subset after step j */
        int v = a[m + b];
        s += ((gray >> b) & 1) ? v : -v;   /* in or out: a select */
        found += (s == target);
    }
    return found;
}
// end snippet gray

// snippet: dfs
/* One work-item per subtree: items 0..k-1 from the bits of the global id,
 * then a depth-first search with pruning over items k..n-1, the path as an
 * explicit stack. Below depth n - L (L = 0: never) the remaining items are
 * not searched but enumerated by gray_count(). Neighbouring work-items
 * prune different branches, so a sub-group's work-items go different ways
 * and the longest search holds the others up. */
__kernel void dfs(__constant const int *a, __constant const int *lo, __constant const int *hi,
                  int n, int k, int L, int target, __global ulong *count, __global ulong *nodes)
{
    const ulong g = get_global_id(0);
    if (g >> k) return; /* the rounded-up rest of the NDRange */
    ulong path = g, found = 0, visited = 0;
    int s = path_sum(a, path, k), d = k;
    const int leaves_at = n - L;
    for (;;) {
        visited++;
        const int alive = s + lo[d] <= target && target <= s + hi[d];
        if (alive && d == leaves_at) {
            found += gray_count(a, d, L, s, target); /* L = 0: s == target */
            visited += ((ulong)1 << L) - 1;          /* the subsets enumerated */
        } else if (alive) {
            d++; /* descend: item d left out first (its bit stays 0) */
            continue;
        }
        /* Backtrack: pop every level whose "in" branch is done ... */
        while (d > k && ((path >> (d - 1)) & 1)) {
            d--;
            path &= ~((ulong)1 << d);
            s -= a[d];
        }
        if (d == k) break; /* the whole subtree is searched */
        /* ... then take the "in" branch of the level above. */
        path |= (ulong)1 << (d - 1);
        s += a[d - 1];
    }
    count[g] = found;
    nodes[g] = visited;
}
// end snippet dfs

// snippet: bits
/* No search at all: work-item g fixes items 0..k-1 from its id and counts
 * all 2^(n-k) subsets of the rest in Gray-code order. No pruning, so it
 * does more work than the search, but every work-item does the same work
 * in lockstep: nothing diverges. */
__kernel void bits(__constant const int *a, __constant const int *lo, __constant const int *hi,
                   int n, int k, int L, int target, __global ulong *count, __global ulong *nodes)
{
    (void)lo, (void)hi, (void)L;
    const ulong g = get_global_id(0);
    if (g >> k) return;
    count[g] = gray_count(a, k, n - k, path_sum(a, g, k), target);
    nodes[g] = (ulong)1 << (n - k);
}
// end snippet bits

// snippet: rounds
/* The search with a budget, for work redistribution between rounds. Entry e
 * is a node: its path in bits 0..55 and its depth r in bits 56..63. The
 * work-item searches e's subtree for at most `budget` nodes. If it runs out,
 * what is left -- the current node and, above it, every "in" branch not yet
 * taken -- goes back to the list as new entries, and the host hands them
 * out to fresh work-items in the next round: a big subtree is cut into many
 * small ones instead of keeping one work-item busy while its neighbours
 * wait. */
__kernel void dfs_budget(__constant const int *a, __constant const int *lo,
                         __constant const int *hi, int n, int target, __global const ulong *in,
                         int count_in, uint budget, __global ulong *count, __global ulong *nodes,
                         __global ulong *out, volatile __global int *count_out)
{
    const int g = (int)get_global_id(0);
    if (g >= count_in) return;
    const ulong mask = ((ulong)1 << 56) - 1;
    const int r = (int)(in[g] >> 56);
    ulong path = in[g] & mask, found = 0, visited = 0;
    int s = path_sum(a, path, r), d = r;
    for (;;) {
        if (visited == budget) {
            /* Hand back the node we stand on, then walk up to the root r. */
            out[atomic_inc(count_out)] = ((ulong)d << 56) | path;
            for (int j = d - 1; j >= r; j--) {
                if ((path >> j) & 1) {
                    path &= ~((ulong)1 << j); /* an "in" branch: already taken */
                } else {
                    out[atomic_inc(count_out)] = ((ulong)(j + 1) << 56) | path | ((ulong)1 << j);
                }
            }
            break;
        }
        visited++;
        const int alive = s + lo[d] <= target && target <= s + hi[d];
        if (alive && d == n) found++;
        else if (alive) { d++; continue; }
        while (d > r && ((path >> (d - 1)) & 1)) {
            d--;
            path &= ~((ulong)1 << d);
            s -= a[d];
        }
        if (d == r) break;
        path |= (ulong)1 << (d - 1);
        s += a[d - 1];
    }
    count[g] = found;
    nodes[g] = visited;
}
// end snippet rounds

// snippet: mitm
/* Meet in the middle, step 1: the sums of all 2^m subsets of the m items
 * from `first` on, one work-item per subset, without a branch. */
__kernel void half_sums(__constant const int *a, int first, int m, __global int *sums)
{
    const uint j = get_global_id(0);
    if (j >= (1u << m)) return;
    int s = 0;
    for (int i = 0; i < m; i++)
        s += ((j >> i) & 1) ? a[first + i] : 0;
    sums[j] = s;
}

/* Step 2: for each sum x of the first half, how many sums of the second
 * half equal target - x. `sorted` is the second half's sums in increasing
 * order, padded with INT_MAX to `pow2` entries. Both searches run the same
 * log2(pow2) steps in every work-item (a select per step, no early exit):
 * the binary search, made branch-free. */
__kernel void mitm_count(__global const int *first_sums, int count_in, __global const int *sorted,
                         uint pow2, int target, __global ulong *count)
{
    const int j = (int)get_global_id(0);
    if (j >= count_in) return;
    const int want = target - first_sums[j];
    uint lt = 0, le = 0; /* how many sorted sums are < want, and <= want */
    for (uint step = pow2 >> 1; step > 0; step >>= 1) {
        lt += (sorted[lt + step - 1] < want) ? step : 0;
        le += (sorted[le + step - 1] <= want) ? step : 0;
    }
    lt += (sorted[lt] < want) ? 1 : 0; /* pow2 - 1 probes left one entry open */
    le += (sorted[le] <= want) ? 1 : 0;
    count[j] = le - lt;
}
// end snippet mitm
