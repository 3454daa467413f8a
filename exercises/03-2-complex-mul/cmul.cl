/* Exercise 03-2: complex products with float2 and swizzles.
 *
 * A complex number re + i*im is a float2 (re in .x, im in .y).
 * c[k] = a[k] * b[k] as complex numbers, for 0 <= k < n:
 *   (ar + i ai)(br + i bi) = (ar br - ai bi) + i (ar bi + ai br)
 */
__kernel void cmul(__global const float2 *a, __global const float2 *b,
                   __global float2 *c, const int n)
{
    /* TODO: for k < n, compute the complex product of a[k] and b[k] with
     * float2 arithmetic (vector * scalar, a swizzle such as q.yx) and store
     * it in c[k]. */
}
