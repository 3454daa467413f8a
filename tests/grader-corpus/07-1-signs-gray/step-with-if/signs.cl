/* Exercise 07-1: the slides' version of the problem, in Gray-code order.
 *
 * Every item enters the sum with a sign: +a[i] or -a[i]. How many of the
 * 2^n sign choices make the sum equal to the target? Work-item g takes the
 * signs of items 0..k-1 from the bits of g (bit i set: +a[i], clear:
 * -a[i]) and counts the 2^(n-k) choices for the items k..n-1, starting
 * from all of them negative. Gray-code order: step j flips the sign of one
 * item, the one at the lowest set bit of j; after step j the signs of the
 * last items are the bits of j ^ (j >> 1). Each step is one addition, and
 * it must be branch-free: every work-item runs the same steps.
 *
 * The host rounds the number of work-items up to a multiple of the
 * work-group size: work-items past 2^k must write nothing.
 */
__kernel void count_signs(__constant const int *a, const int n, const int k, const int target,
                          __global ulong *count)
{
    const ulong g = get_global_id(0);
    if (g >> k) return;
    int s = 0;
    for (int i = 0; i < n; i++) /* items < k by g's bits, the rest negative */
        s += (i < k && ((g >> i) & 1)) ? a[i] : -a[i];
    ulong found = (s == target);
    for (uint j = 1; j < (1u << (n - k)); j++) {
        const int b = 31 - clz(j & (0u - j)); /* the item that flips */
        if ((j ^ (j >> 1)) & (1u << b))
            s += 2 * a[k + b]; /* - to + */
        else
            s -= 2 * a[k + b]; /* + to - */
        found += (s == target);
    }
    count[g] = found;
}
