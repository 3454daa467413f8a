/* flag and value halves swapped */
#define FLAG_A 1u
#define FLAG_P 2u

__kernel void look_back(__global const ulong *status, __global int *exclusive, const uint tiles)
{
    const uint t = get_global_id(0);
    if (t >= tiles) return;
    int sum = 0;
    for (uint j = t; j > 0; j--) {
        const ulong w = status[j - 1];
        sum += as_int((uint)(w >> 32));
        if ((uint)w == FLAG_P) break;
    }
    exclusive[t] = sum;
}
