/* 02-local-memory.cl -- lesson 02: the outer sum with B staged in local memory.
 *
 * C[x] = sum over y of A[x] * B[y]. Every work-item of a group reads the same
 * B[y], so the group copies B into fast local memory once and all its
 * work-items read it from there.
 * Teaches: __local, get_local_id, get_local_size, barrier, a local buffer
 * sized by the host (a __local kernel argument), tiles with a partial last
 * tile, and the barrier rule.
 */

// snippet: whole-kernel
/* All of B in local memory: only possible while Y floats fit. */
__kernel void outer_sum_whole(__global const float *A, __global const float *B,
                              __global float *C, const int X, const int Y,
                              __local float *Bl)
{
    int lid = get_local_id(0), lsize = get_local_size(0);
    int x = get_global_id(0);
    /* The whole group copies B together: work-item lid copies lid, lid+lsize, ... */
    for (int y = lid; y < Y; y += lsize)
        Bl[y] = B[y];
    /* Nobody reads Bl before everybody has written their part. */
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x < X) {
        float a = A[x], sum = 0.0f;
        for (int y = 0; y < Y; y++)
            sum += a * Bl[y];
        C[x] = sum;
    }
}
// end snippet whole-kernel

// snippet: tiled-kernel
/* B in tiles of T floats: any Y works. */
__kernel void outer_sum_tiled(__global const float *A, __global const float *B,
                              __global float *C, const int X, const int Y,
                              __local float *tile, const int T)
{
    int lid = get_local_id(0), lsize = get_local_size(0);
    int x = get_global_id(0);
    /* Work-items past the end of A do not return: they must reach every
     * barrier below. They compute with a = 0 and store nothing. */
    float a = x < X ? A[x] : 0.0f;
    float sum = 0.0f;
    for (int y0 = 0; y0 < Y; y0 += T) {
        int n = min(T, Y - y0); /* the last tile may be partial */
        for (int i = lid; i < n; i += lsize)
            tile[i] = B[y0 + i];
        barrier(CLK_LOCAL_MEM_FENCE); /* the tile is complete */
        for (int i = 0; i < n; i++)
            sum += a * tile[i];
        barrier(CLK_LOCAL_MEM_FENCE); /* everybody is done with it */
    }
    if (x < X)
        C[x] = sum;
}
// end snippet tiled-kernel

// snippet: wrong-barrier-kernel
/* WRONG, on purpose: the early return of lesson 01 in front of a barrier.
 * In the last group the work-items past X leave, the others wait at the
 * barrier for them: undefined behaviour (a hang, a crash or wrong sums).
 * Oclgrind reports it as barrier divergence. */
__kernel void outer_sum_wrong_barrier(__global const float *A, __global const float *B,
                                      __global float *C, const int X, const int Y,
                                      __local float *tile, const int T)
{
    int lid = get_local_id(0), lsize = get_local_size(0);
    int x = get_global_id(0);
    if (x >= X)
        return; /* <- the bug: not every work-item reaches the barriers */
    float a = A[x], sum = 0.0f;
    for (int y0 = 0; y0 < Y; y0 += T) {
        int n = min(T, Y - y0);
        for (int i = lid; i < n; i += lsize)
            tile[i] = B[y0 + i];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = 0; i < n; i++)
            sum += a * tile[i];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[x] = sum;
}
// end snippet wrong-barrier-kernel
