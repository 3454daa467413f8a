/* only the word just before */
#define FLAG_A 1u
#define FLAG_P 2u

__kernel void look_back(__global const ulong *status, __global int *exclusive, const uint tiles)
{
    const uint t = get_global_id(0);
    if (t >= tiles) return;
    int sum = 0;
    if (t > 0) sum = as_int((uint)status[t - 1]);
    exclusive[t] = sum;
}
