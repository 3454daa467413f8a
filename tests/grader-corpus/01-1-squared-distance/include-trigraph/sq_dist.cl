??=include "/nowhere/sq_dist.cl"
/* Exercise 01-1: the sum of squared distances.
 *
 * D[x] = sum over y of (A[x] - B[y])^2, one work-item per element of D.
 * The host rounds the NDRange up to a multiple of the work-group size.
 */
__kernel void sq_dist(__global const float *A, __global const float *B,
                      __global float *D, const int X, const int Y)
{
    int x = get_global_id(0);
    if (x >= X)
        return;
    float a = A[x];
    float sum = 0.0f;
    for (int y = 0; y < Y; y++) {
        float d = a - B[y];
        sum += d * d;
    }
    D[x] = sum;
}
