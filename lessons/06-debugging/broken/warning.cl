/* Lesson 06, a kernel that compiles with a warning, and fails with -Werror.
 * The warning is a real bug: '=' where '==' was meant. */
__kernel void clamp_last(__global float *v, const int n)
{
    int i = get_global_id(0);
    if (i = n - 1)
        v[i] = 0.0f;
}
