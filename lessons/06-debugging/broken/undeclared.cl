/* Lesson 06, a kernel that does not compile: a misspelt name, and a
 * float4 given to a float. The compiler reports both errors at once. */
__kernel void scale(__global float *v, const float f, const int n)
{
    const int i = get_global_id(0);
    if (i < n)
        v[i] *= factor;
    float w = (float4)(f);
    v[0] = w;
}
