/* Lesson 06: three kernels and four classic bugs, each switched on by a
 * build option. Built as they are, they are correct; the host passes
 * -DBUG_LOCAL_INDEX, -DBUG_DIVERGENCE, -DBUG_RACE or -DBUG_UNINIT to get the
 * broken version, so the bug and its fix sit side by side. -DDEBUG_PRINTF
 * makes group_sum print what it found.
 */

// snippet: tiled-sum
/* The outer sum C[x] = sum_y A[x]*B[y] of lesson 01, with B read in tiles
 * through local memory: the seed's first optimisation. Bl holds one tile,
 * one element per work-item of the group. */
__kernel void tiled_sum(__global const float *A, __global const float *B,
                        __global float *C, const int X, const int Y,
                        __local float *Bl)
{
    const int lx = get_local_id(0);
    const int x = get_global_id(0);
    const int T = get_local_size(0);
#ifdef BUG_DIVERGENCE
    if (x >= X) /* leaves before the barriers: the rest of the group waits */
        return;
#endif
    const float a = x < X ? A[x] : 0.0f;
    float sum = 0.0f;
    for (int y0 = 0; y0 < Y; y0 += T) {
        const float b = y0 + lx < Y ? B[y0 + lx] : 0.0f;
#ifdef BUG_LOCAL_INDEX
        Bl[x] = b; /* the global index: past the tile in every group but the first */
#else
        Bl[lx] = b;
#endif
        barrier(CLK_LOCAL_MEM_FENCE);
        const int n = min(T, Y - y0);
        for (int j = 0; j < n; j++)
            sum += a * Bl[j];
        barrier(CLK_LOCAL_MEM_FENCE); /* the tile is overwritten next round */
    }
    if (x < X)
        C[x] = sum;
}
// end snippet tiled-sum

// snippet: group-sum
/* The sum of each work-group's elements, as a tree in local memory.
 * The work-group size must be a power of two. */
__kernel void group_sum(__global const float *in, __global float *out,
                        const int n, __local float *s)
{
    const int lx = get_local_id(0);
    const int x = get_global_id(0);
    s[lx] = x < n ? in[x] : 0.0f;
#ifndef BUG_RACE
    barrier(CLK_LOCAL_MEM_FENCE); /* every s[] is written before any is read */
#endif
    for (int stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (lx < stride)
            s[lx] += s[lx + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lx == 0) {
        out[get_group_id(0)] = s[0];
#ifdef DEBUG_PRINTF
        printf("group %d: sum %.1f\n", (int)get_group_id(0), s[0]);
#endif
    }
}
// end snippet group-sum

// snippet: smooth
/* out[i] = in[i-1] + in[i] + in[i+1], the ends repeating in[0] and in[n-1]
 * (a smoothing filter before its division by 3, left out so that whole
 * numbers stay exact). Each group stages its elements in t[1..T] and one
 * neighbour on each side, the halo, in t[0] and t[T+1]. */
__kernel void smooth(__global const float *in, __global float *out,
                     const int n, __local float *t)
{
    const int lx = get_local_id(0);
    const int x = get_global_id(0);
    const int T = get_local_size(0);
    t[lx + 1] = in[min(x, n - 1)];
#ifndef BUG_UNINIT
    if (lx == 0)
        t[0] = in[max(x - 1, 0)];
    if (lx == T - 1)
        t[T + 1] = in[min(x + 1, n - 1)];
#endif
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x < n)
        out[x] = t[lx] + t[lx + 1] + t[lx + 2];
}
// end snippet smooth
