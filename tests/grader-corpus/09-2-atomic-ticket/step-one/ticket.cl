/* every work-item runs to the end of the tile */
__kernel void by_ticket(volatile __global uint *next_tile, __global const int *in, __global int *out,
                        const uint n, const uint tile)
{
    __local uint ticket;
    if (get_local_id(0) == 0) ticket = atomic_inc(next_tile);
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint start = ticket * tile;
    const uint end = min(n, start + tile);
    for (uint i = start + get_local_id(0); i < end; i++)
        out[i] += in[i];
}
