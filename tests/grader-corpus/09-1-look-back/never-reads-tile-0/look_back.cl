/* stops before tile 0 */
#define FLAG_A 1u
#define FLAG_P 2u

__kernel void look_back(__global const ulong *status, __global int *exclusive, const uint tiles)
{
    const uint t = get_global_id(0);
    if (t >= tiles) return;
    int sum = 0;
    for (uint j = t - 1; j > 0 && t > 0; j--) {
        const ulong w = status[j];
        sum += as_int((uint)w);
        if ((uint)(w >> 32) == FLAG_P) break;
    }
    exclusive[t] = sum;
}
