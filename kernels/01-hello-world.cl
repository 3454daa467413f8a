/* 01-hello-world.cl -- lesson 01: the naive outer-sum kernel.
 *
 * C[x] = sum over y of A[x] * B[y], one work-item per element of C.
 * Teaches: __kernel, __global, get_global_id, the bound check.
 */

// snippet: outer-sum-kernel
__kernel void outer_sum(__global const float *A, __global const float *B,
                        __global float *C, const int X, const int Y)
{
    int x = get_global_id(0);
    /* The NDRange is rounded up to a multiple of the work-group size, so the
     * last group may hold work-items past the end of A and C: they do nothing. */
    if (x >= X)
        return;
    float sum = 0.0f;
    for (int y = 0; y < Y; y++)
        sum += A[x] * B[y];
    C[x] = sum;
}
// end snippet outer-sum-kernel
