/* Exercise 02-2: the sum of squared distances with B in local tiles.
 *
 * D[x] = sum over y of (A[x] - B[y])^2, one work-item per element of D, as
 * in exercise 01-1, but B is read from global memory only once per
 * work-group: a tile of L floats at a time (L = the work-group size), into
 * the local buffer `tile` of L floats. X and Y can be any sizes.
 */
__kernel void sq_dist_tiled(__global const float *A, __global const float *B,
                            __global float *D, const int X, const int Y,
                            __local float *tile)
{
    /* TODO: loop over B in tiles of get_local_size(0) floats. For each tile:
     * every work-item copies (at most) one float of B into tile, a barrier,
     * every work-item adds (a - tile[i])^2 for the tile's floats, a barrier.
     * The last tile may be shorter. Write D[x] only for x < X, and do not
     * return early: every work-item must reach every barrier. */
}
