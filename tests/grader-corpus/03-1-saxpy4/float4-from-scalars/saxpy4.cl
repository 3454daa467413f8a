/* Exercise 03-1: a float4 built from four scalar loads, stored one float at
 * a time. */
__kernel void saxpy4(const float a, __global const float *x, __global float *y, const int n)
{
    const int i = get_global_id(0), b = 4 * i;
    if (b + 3 < n) {
        float4 xs = (float4)(x[b], x[b + 1], x[b + 2], x[b + 3]);
        float4 ys = (float4)(y[b], y[b + 1], y[b + 2], y[b + 3]);
        float4 r = a * xs + ys;
        y[b] = r.x; y[b + 1] = r.y; y[b + 2] = r.z; y[b + 3] = r.w;
    } else {
        for (int k = b; k < n; k++) /* the tail */
            y[k] = a * x[k] + y[k];
    }
}
