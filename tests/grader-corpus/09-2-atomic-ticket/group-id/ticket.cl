/* takes the ticket, then processes its group's number */
__kernel void by_ticket(volatile __global uint *next_tile, __global const int *in, __global int *out,
                        const uint n, const uint tile)
{
    __local uint ticket;
    if (get_local_id(0) == 0) ticket = atomic_inc(next_tile);
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint start = get_group_id(0) * tile;
    const uint end = min(n, start + tile);
    for (uint i = start + get_local_id(0); i < end; i += get_local_size(0))
        out[i] += in[i];
}
