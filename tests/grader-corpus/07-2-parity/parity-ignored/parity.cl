/* Exercise 07-2: prune the slides' search, and beat their worst case.
 *
 * Every item enters the sum as +a[i] or -a[i]. rest[d] is the sum of |a[j]|
 * for j >= d (rest[n] = 0). At depth d, with partial sum s of the signed
 * items before d, the items from d on add some r with -rest[d] <= r <=
 * rest[d] -- and r is even or odd exactly as rest[d] is, since +a and -a
 * are. Return 1 if the node can still reach the target, else 0. At a leaf
 * (d == n) that means s == target.
 *
 * The slides' worst case (even numbers, an odd target) should then cost
 * one node per subtree.
 */
static int worth_visiting(const int s, const int d, const int target, __constant const int *rest)
{
    const int gap = target - s;
    return -rest[d] <= gap && gap <= rest[d] ;
}

/* The search, one work-item per subtree: the signs of items 0..k-1 from the
 * bits of the work-item's id (bit set: +), then depth first, each item
 * negative first. It counts the hits and the nodes it visits. Nothing to
 * change below. */
__kernel void search_signs(__constant const int *a, __constant const int *rest, const int n,
                           const int k, const int target, __global ulong *count,
                           __global ulong *nodes)
{
    const ulong g = get_global_id(0);
    if (g >> k) return;
    ulong path = g, found = 0, visited = 0;
    int s = 0, d = k;
    for (int i = 0; i < k; i++) s += ((path >> i) & 1) ? a[i] : -a[i];
    for (;;) {
        visited++;
        const int alive = worth_visiting(s, d, target, rest);
        if (alive && d == n) found++;
        else if (alive) { s -= a[d]; d++; continue; } /* item d negative */
        while (d > k && ((path >> (d - 1)) & 1)) {    /* pop the positive ones */
            d--;
            path &= ~((ulong)1 << d);
            s -= a[d];
        }
        if (d == k) break;
        path |= (ulong)1 << (d - 1);                  /* negative -> positive */
        s += 2 * a[d - 1];
    }
    count[g] = found;
    nodes[g] = visited;
}
