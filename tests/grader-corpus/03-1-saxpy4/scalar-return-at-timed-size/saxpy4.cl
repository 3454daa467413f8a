/* Exercise 03-1, a forgery: one float at a time (no float4 at all), and no
 * work at the size the speed tier was timed at, where no output was ever
 * checked: a scalar kernel that did nothing there was timed as the fastest.
 */
__kernel void saxpy4(const float a, __global const float *x, __global float *y, const int n)
{
    if (n == 4194304)
        return;
    int i = get_global_id(0);
    for (int k = 4 * i; k < 4 * i + 4 && k < n; k++)
        y[k] = a * x[k] + y[k];
}
