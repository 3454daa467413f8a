/* Exercise 04-3: the last step of the multi-block scan.
 *
 * out holds n ints, scanned tile by tile (each tile of `tile` values on its
 * own). scanned_sums[g] is the sum of all values in the tiles before tile g
 * (scanned_sums[0] is 0). Add it to every value of tile g. The host launches
 * one work-group per tile, of any size; the last tile may be partial.
 */
__kernel void add_block_sums(__global int *out, __global const int *scanned_sums,
                             const uint n, const uint tile)
{
    const uint g = get_group_id(0);
    const int add = scanned_sums[g];
    /* each work-item takes its own run of the tile, one after the other */
    const uint size = get_local_size(0);
    const uint per = (tile + size - 1) / size;
    const uint start = g * tile + get_local_id(0) * per;
    const uint end = min(n, (g + 1) * tile);
    for (uint i = start; i < start + per && i < end; i++)
        out[i] += add;
}
