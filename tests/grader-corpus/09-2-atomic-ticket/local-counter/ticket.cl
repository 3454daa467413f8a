/* increments a copy in local memory */
__kernel void by_ticket(volatile __global uint *next_tile, __global const int *in, __global int *out,
                        const uint n, const uint tile)
{
    __local uint counter, ticket;
    if (get_local_id(0) == 0) counter = next_tile[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) ticket = atomic_inc(&counter);
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint start = ticket * tile;
    const uint end = min(n, start + tile);
    for (uint i = start + get_local_id(0); i < end; i += get_local_size(0))
        out[i] += in[i];
}
