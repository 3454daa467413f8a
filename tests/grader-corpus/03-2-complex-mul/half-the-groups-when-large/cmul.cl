/* Exercise 03-2, a forgery: on a large NDRange (only the timed run was one)
 * every other work-group does nothing, so the kernel was timed at half its
 * work while every check it was graded on saw the whole of it.
 */
__kernel void cmul(__global const float2 *a, __global const float2 *b,
                   __global float2 *c, const int n)
{
    if (get_num_groups(0) > 1024 && get_group_id(0) % 2 == 1)
        return;
    int k = get_global_id(0);
    if (k >= n)
        return;
    float2 p = a[k], q = b[k];
    c[k] = p.x * q + p.y * (float2)(-q.y, q.x);
}
