/* Exercise 09-2: tiles numbered by ticket, not by get_group_id.
 *
 * next_tile[0] counts tickets: it holds the number of the next tile to
 * process, and nobody resets it between launches. A launch of G work-groups
 * processes tiles next_tile[0] .. next_tile[0] + G - 1, as the counter
 * stood when it started, and leaves next_tile[0] larger by exactly G, so
 * the next launch goes on where this one stopped. Which work-group gets
 * which tile does not matter; that every one of those tiles is processed
 * once does.
 *
 * Each work-group takes one ticket: one of its work-items takes it with an
 * atomic increment of next_tile[0] and shares it through local memory with
 * the others. The whole group then processes tile `ticket`: out[i] += in[i]
 * for every i of the tile (the `tile` values from ticket * tile, none at or
 * past n; a ticket past the last tile processes nothing). Work-groups may be
 * smaller than a tile.
 */
__kernel void by_ticket(volatile __global uint *next_tile, __global const int *in, __global int *out,
                        const uint n, const uint tile)
{
#if SOLUTION
    __local uint ticket;
    if (get_local_id(0) == 0) ticket = atomic_inc(next_tile);
    barrier(CLK_LOCAL_MEM_FENCE);
    const ulong start = (ulong)ticket * tile;
    const uint end = (uint)min((ulong)n, start + tile);
    for (uint i = (uint)min(start, (ulong)n) + get_local_id(0); i < end; i += get_local_size(0))
        out[i] += in[i];
#else
    /* TODO: take this work-group's ticket (one work-item, atomically),
     * share it with the group, and process the tile it names. */
#endif
}
