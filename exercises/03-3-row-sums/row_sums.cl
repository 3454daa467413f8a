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
    /* TODO: for r < rows, add up row r: its first 4*(W/4) floats with
     * vload4 into a float4 accumulator, the last W % 4 one by one, then the
     * accumulator's four parts. Store the sum in S[r]. */
}
