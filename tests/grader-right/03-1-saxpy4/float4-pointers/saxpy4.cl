/* A right 03-1 written differently: whole float4s through float4 pointers
 * (x and y start on a 16-byte boundary, 4i is a multiple of 4), the tail
 * one float at a time. */
__kernel void saxpy4(const float a, __global const float *x, __global float *y, const int n)
{
    const int i = get_global_id(0);
    __global const float4 *x4 = (__global const float4 *)x;
    __global float4 *y4 = (__global float4 *)y;
    if (4 * i + 4 <= n) {
        y4[i] = a * x4[i] + y4[i];
        return;
    }
    for (int k = 4 * i; k < n; k++)
        y[k] = a * x[k] + y[k];
}
