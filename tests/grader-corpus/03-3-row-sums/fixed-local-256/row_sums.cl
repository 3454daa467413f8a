/* Exercise 03-3: a student's row sums, each passed through a local array
 * sized for "at most 256 work-items a group". */
__kernel void row_sums(__global const float *M, __global float *S, const int rows, const int W)
{
    __local float part[256];
    const int r = get_global_id(0), lid = get_local_id(0);
    float sum = 0.0f;
    if (r < rows) {
        __global const float *row = M + (size_t)r * W;
        float4 acc = (float4)(0.0f);
        for (int j = 0; j < W / 4; j++)
            acc += vload4(j, row);
        sum = (acc.x + acc.y) + (acc.z + acc.w);
        for (int k = 4 * (W / 4); k < W; k++)
            sum += row[k];
    }
    part[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (r < rows)
        S[r] = part[lid];
}
