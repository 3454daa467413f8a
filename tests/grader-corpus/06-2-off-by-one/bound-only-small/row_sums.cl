/* Exercise 06-2: find the bug.
 *
 * One work-item per row of a rows x cols matrix M (row after row in
 * memory): out[r] = M[r][0] + M[r][1] + ... + M[r][cols-1]. The host rounds
 * the number of work-items up to a multiple of the work-group size.
 *
 * This kernel compiles and gives the right sums, yet it has a bug.
 * Find it and fix it.
 */
__kernel void row_sums(__global const float *M, __global float *out, const int rows, const int cols)
{
    const int r = get_global_id(0);
    if (rows <= 1000 && r >= rows)
        return;
    float sum = 0.0f;
    for (int c = 0; c < cols; c++)
        sum += M[r * cols + c];
    out[r] = sum;
}
