/* Exercise 01-1: a student's kernel that reads A[x] before it checks x
 * ("the read is harmless, only the write past the end matters"): the
 * work-items of the rounded-up NDRange past X read past the end of A. No
 * device output shows it; Oclgrind, which builds every kernel with
 * -cl-opt-disable, reports the read at the line that makes it. */
__kernel void sq_dist(__global const float *A, __global const float *B,
                      __global float *D, const int X, const int Y)
{
    const int x = get_global_id(0);
    const float a = A[x];
    float sum = 0.0f;
    for (int y = 0; y < Y; y++) {
        const float d = (x < X ? a : 0.0f) - B[y];
        sum += d * d;
    }
    if (x < X)
        D[x] = sum;
}
