/* Exercise 03-2: the product built part by part, the real part's sign
 * wrong (i*i taken as +1). */
__kernel void cmul(__global const float2 *a, __global const float2 *b,
                   __global float2 *c, const int n)
{
    const int k = get_global_id(0);
    if (k < n) {
        const float2 p = a[k], q = b[k];
        float2 r;
        r.x = p.x * q.x + p.y * q.y; /* real part */
        r.y = dot(p, q.yx);          /* imaginary: ar bi + ai br */
        c[k] = r;
    }
}
