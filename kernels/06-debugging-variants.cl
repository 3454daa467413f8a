/* Lesson 06: the same outer sum written twice, to compare the instructions
 * each compiles to: one float per work-item, and four at once with float4
 * (the seed's second optimisation). The host's X must be a multiple of 4
 * for the float4 version. */

// snippet: variants
__kernel void outer_sum_scalar(__global const float *A, __global const float *B,
                               __global float *C, const int X, const int Y)
{
    const int x = get_global_id(0);
    if (x >= X)
        return;
    float sum = 0.0f;
    for (int y = 0; y < Y; y++)
        sum += A[x] * B[y];
    C[x] = sum;
}

__kernel void outer_sum_float4(__global const float4 *A, __global const float *B,
                               __global float4 *C, const int X, const int Y)
{
    const int x = get_global_id(0); /* one work-item for A[4x .. 4x+3] */
    if (x >= X / 4)
        return;
    float4 sum = (float4)(0.0f);
    for (int y = 0; y < Y; y++)
        sum += A[x] * B[y];
    C[x] = sum;
}
// end snippet variants
