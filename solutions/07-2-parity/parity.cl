/* Exercise 07-2: the test that makes a backtracking search fast.
 *
 * lo[d] is the sum of the negative items from d on, hi[d] the sum of the
 * positive ones (lo[n] = hi[n] = 0). A node at depth d with partial sum s
 * can still reach the target only if some choice of the items d..n-1 can
 * bring s to it. Return 1 if the node is worth visiting, else 0. At a leaf
 * (d == n) the answer must be "s is the target".
 */
static int worth_visiting(const int s, const int d, const int target, __constant const int *lo,
                          __constant const int *hi)
{
#if SOLUTION
    return s + lo[d] <= target && target <= s + hi[d];
#else
    /* TODO: can the items from d on still bring s to the target? */
    return 0;
#endif
}

/* Lesson 07's search, one work-item per subtree (items 0..k-1 from the
 * work-item's id), counting the subsets that hit the target and the nodes
 * it visits. Nothing to change below. */
__kernel void search(__constant const int *a, __constant const int *lo, __constant const int *hi,
                     const int n, const int k, const int target, __global ulong *count,
                     __global ulong *nodes)
{
    const ulong g = get_global_id(0);
    if (g >> k) return;
    ulong path = g, found = 0, visited = 0;
    int s = 0, d = k;
    for (int i = 0; i < k; i++) s += ((path >> i) & 1) ? a[i] : 0;
    for (;;) {
        visited++;
        const int alive = worth_visiting(s, d, target, lo, hi);
        if (alive && d == n) found++;
        else if (alive) { d++; continue; }
        while (d > k && ((path >> (d - 1)) & 1)) {
            d--;
            path &= ~((ulong)1 << d);
            s -= a[d];
        }
        if (d == k) break;
        path |= (ulong)1 << (d - 1);
        s += a[d - 1];
    }
    count[g] = found;
    nodes[g] = visited;
}
