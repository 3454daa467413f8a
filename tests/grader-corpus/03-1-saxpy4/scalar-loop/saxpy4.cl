/* Exercise 03-1: four elements per work-item, one float at a time (the
 * compiler vectorises it anyway?). */
__kernel void saxpy4(const float a, __global const float *x, __global float *y, const int n)
{
    const int first = 4 * get_global_id(0);
    for (int k = first; k < first + 4 && k < n; k++)
        y[k] = a * x[k] + y[k];
}
