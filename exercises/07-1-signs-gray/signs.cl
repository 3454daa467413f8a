/* Exercise 07-1: count subsets in Gray-code order, without a branch.
 *
 * Work-item g takes items 0..k-1 from the bits of g (bit i set: item i is
 * in the subset) and counts how many of the 2^(n-k) subsets of the items
 * k..n-1, added to that, hit the target. Gray-code order: step j changes
 * exactly one item, the one at the lowest set bit of j; after step j the
 * subset of the last items is j ^ (j >> 1). So each step adds the item if
 * it has just come in, and subtracts it if it has just gone out.
 *
 * The host rounds the number of work-items up to a multiple of the
 * work-group size: work-items past 2^k must write nothing.
 */
__kernel void count_gray(__constant const int *a, const int n, const int k, const int target,
                         __global ulong *count)
{
    const ulong g = get_global_id(0);
    if (g >> k) return;
    int s = 0;
    for (int i = 0; i < k; i++)
        s += ((g >> i) & 1) ? a[i] : 0;
    const int L = n - k;
    ulong found = (s == target); /* the subset with none of the last items */
    for (uint j = 1; j < (1u << L); j++) {
        /* TODO: which item changes at step j (the lowest set bit of j: clz
         * helps), and did it come in or go out? Update s without an if. */
        found += (s == target);
    }
    count[g] = found;
}
