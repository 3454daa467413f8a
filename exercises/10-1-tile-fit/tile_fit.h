/* Exercise 10-1: the best GEMM tile that fits the device. */
#ifndef TILE_FIT_H
#define TILE_FIT_H

/* One shape of lesson 10's register-blocked kernel (the `fast` family): a
 * work-group computes a bm x bn block of C, k in steps of bk, each
 * work-item a tm x tn block of sums. */
typedef struct {
    int bm, bn, bk, tm, tn;
} gemm_tile;

/* What the device (and the kernel built for it) allows. */
typedef struct {
    unsigned long local_mem; /* bytes of local memory a work-group may use */
    int max_group;           /* work-items a work-group may hold */
    int registers;           /* 32-bit registers a work-item may use */
    int double_buffer;       /* 1: the kernel keeps two copies of each tile in local memory (DBUF=1) */
} device_limits;

/* Floats of padding at the end of each row of the transposed A tile. */
#define TILE_APAD 4

/* What a tile needs:
 *   local memory  (1 + double_buffer) * bk * (bm + TILE_APAD + bn) * 4 bytes
 *                 (the transposed tile of A, bk rows of bm + TILE_APAD
 *                 floats, and the tile of B, bk rows of bn floats);
 *   work-items    (bm / tm) * (bn / tn);
 *   registers     tm * tn + tm + tn + 16 (the sums, a column of A, a row of
 *                 B, and 16 for indices and addresses).
 * A tile fits when each need is at most its limit. Of the tiles that fit,
 * the best has the largest block bm * bn (the fewest reads from global
 * memory per multiply-add); among those, the largest tm * tn (the most
 * reuse from registers); among those, the first in the list.
 *
 * Return the index in cand[0 .. count-1] of the best tile that fits, or -1
 * when none does. Every candidate has tm dividing bm and tn dividing bn. */
int tile_fit(const gemm_tile *cand, int count, const device_limits *dev);

#endif
