/* A right attempt written apart from the solution: the last work-item takes
 * the ticket with atomic_add, and the tile is walked with a while loop. */
__kernel void by_ticket(volatile __global uint *next_tile, __global const int *in, __global int *out,
                        const uint n, const uint tile)
{
    __local uint mine;
    const uint lid = get_local_id(0), size = get_local_size(0);
    if (lid == size - 1) mine = atomic_add(next_tile, 1u);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    const ulong first = (ulong)mine * tile;
    if (first >= n) return;
    const uint stop = (uint)min(first + tile, (ulong)n);
    uint i = (uint)first + lid;
    while (i < stop) {
        out[i] = out[i] + in[i];
        i += size;
    }
}
