/* Exercise 06-3: find the bug.
 *
 * out = the transpose of in: in has rows x cols elements, out has
 * cols x rows, and out[j][i] = in[i][j]. Each 16 x 16 work-group copies one
 * tile of in into local memory, reading rows of in (adjacent work-items,
 * adjacent addresses), and writes it to the mirrored tile of out, again
 * along rows.
 *
 * This kernel compiles and gives wrong results. Find out why and fix it.
 */
#define TILE 16

__kernel void transpose(__global const float *in, __global float *out, const int rows, const int cols)
{
    __local float tile[TILE][TILE];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int gx = get_group_id(0), gy = get_group_id(1);

    /* I swapped lx and ly on the read so both tile indices match the write */
    const int r = gy * TILE + lx, c = gx * TILE + ly;
    if (r < rows && c < cols)
        tile[lx][ly] = in[r * cols + c];
    barrier(CLK_LOCAL_MEM_FENCE);

    const int orow = gx * TILE + ly, ocol = gy * TILE + lx; /* its element of out */
    if (orow < cols && ocol < rows)
        out[orow * rows + ocol] = tile[lx][ly];
}
