/* A right 08-3 written differently: work-items past the end leave first,
 * the loads come after the guard. */
__kernel void multiply_range(__global const float *x, __global const float *y, __global float *z,
                             const int end)
{
    const size_t i = get_global_id(0);
    if (i >= (size_t)end)
        return;
    const float xi = x[i];
    const float yi = y[i];
    z[i] = xi * yi;
}
