/* reads status[-1] for tile 0 */
#define FLAG_A 1u
#define FLAG_P 2u

__kernel void look_back(__global const ulong *status, __global int *exclusive, const uint tiles)
{
    const uint t = get_global_id(0);
    if (t >= tiles) return;
    int sum = 0;
    int j = (int)t - 1;
    ulong w;
    do {
        w = status[j];
        sum += as_int((uint)w);
    } while ((uint)(w >> 32) != FLAG_P && --j >= 0);
    exclusive[t] = sum;
}
