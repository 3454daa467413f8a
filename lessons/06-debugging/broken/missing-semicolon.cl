/* Lesson 06, a kernel that does not compile: a semicolon is missing.
 * The build log names this file and the line after the missing ';'. */
__kernel void scale(__global float *v, const float f, const int n)
{
    const int i = get_global_id(0)
    if (i < n)
        v[i] *= f;
}
