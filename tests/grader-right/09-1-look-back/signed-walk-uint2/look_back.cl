/* A right attempt written apart from the solution: the words read as uint2
 * (x the value, y the flag: little-endian), a signed index walking down. */
#define FLAG_A 1u
#define FLAG_P 2u

__kernel void look_back(__global const ulong *status, __global int *exclusive, const uint tiles)
{
    const int t = (int)get_global_id(0);
    if (t >= (int)tiles) return;
    __global const uint2 *words = (__global const uint2 *)status;
    int before = 0, j = t - 1;
    while (j >= 0) {
        const uint2 w = words[j];
        before += (int)w.x;
        if (w.y == FLAG_P) j = -1;
        else j--;
    }
    exclusive[t] = before;
}
