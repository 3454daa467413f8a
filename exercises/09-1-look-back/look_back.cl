/* Exercise 09-1: the decoupled look-back, every status already published.
 *
 * status[t] is tile t's status word as lesson 09's single-pass scan
 * publishes it: the flag in the high 32 bits, the value's bits in the low
 * 32 bits.
 *   FLAG_A: the value is tile t's own total (its aggregate);
 *   FLAG_P: the value is the sum of tiles 0 .. t (its inclusive prefix).
 * Every word was published before this kernel starts (each holds FLAG_A or
 * FLAG_P), so nothing here waits. Tile 0's word may hold either flag.
 *
 * For every t < tiles, write exclusive[t]: the sum of all tiles before t
 * (exclusive[0] = 0), found by walking back from tile t - 1, adding what
 * each word holds, until a word with FLAG_P (whose value ends the walk) or
 * until tile 0 has been added. One work-item per tile; the host launches
 * `tiles` work-items rounded up to a multiple of the work-group size.
 */
#define FLAG_A 1u
#define FLAG_P 2u

__kernel void look_back(__global const ulong *status, __global int *exclusive, const uint tiles)
{
    /* TODO: this work-item's tile t; walk back from tile t - 1, split each
     * word into its flag and its value, and write exclusive[t]. */
}
