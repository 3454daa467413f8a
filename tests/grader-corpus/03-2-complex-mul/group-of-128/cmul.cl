/* Exercise 03-2: complex products with float2 and swizzles.
 *
 * A complex number re + i*im is a float2 (re in .x, im in .y).
 * c[k] = a[k] * b[k] as complex numbers, for 0 <= k < n:
 *   (ar + i ai)(br + i bi) = (ar br - ai bi) + i (ar bi + ai br)
 */
__kernel void cmul(__global const float2 *a, __global const float2 *b,
                   __global float2 *c, const int n)
{
    int k = get_group_id(0) * 128 + get_local_id(0);
    if (k >= n)
        return;
    float2 p = a[k], q = b[k];
    /* p.x * q        = (ar br, ar bi)
     * p.y * q.yx     = (ai bi, ai br), its first part subtracted */
    c[k] = p.x * q + p.y * (float2)(-q.y, q.x);
}
