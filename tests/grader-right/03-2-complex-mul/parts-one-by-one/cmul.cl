/* A right 03-2 written differently: the product's float2 built part by
 * part, each part from the swizzled factors. */
__kernel void cmul(__global const float2 *a, __global const float2 *b,
                   __global float2 *c, const int n)
{
    const int k = get_global_id(0);
    if (k < n) {
        const float2 p = a[k], q = b[k];
        float2 r;
        r.x = p.x * q.x - p.y * q.y; /* real: ar br - ai bi */
        r.y = dot(p, q.yx);          /* imaginary: ar bi + ai br */
        c[k] = r;
    }
}
