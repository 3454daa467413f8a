/* adds every word, whatever its flag */
#define FLAG_A 1u
#define FLAG_P 2u

__kernel void look_back(__global const ulong *status, __global int *exclusive, const uint tiles)
{
    const uint t = get_global_id(0);
    if (t >= tiles) return;
    int sum = 0;
    for (uint j = 0; j < t; j++) sum += as_int((uint)status[j]);
    exclusive[t] = sum;
}
