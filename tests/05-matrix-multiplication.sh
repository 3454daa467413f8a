# Lesson 05: the matrix product, every variant across shapes (ones, odd
# primes, sizes the tiles do not divide, tall and skinny), other tiles, the
# sampled check of big products, pinned memory, bad input, kernels that must
# fail verification, and Oclgrind at small sizes.
L05=$PWD/$BIN/05-matrix-multiplication
V05="naive rows bt tiled tiled-pad 1d 2d vec fast cpu"
OK05='verified device C .*: ok'

for shape in "1 1 1" "17 31 13" "65 33 47" "200 7 300" "3 150 2"; do
    set -- $shape
    for v in $V05; do
        expect_out 0 "$OK05" "05: $v M=$1 N=$2 K=$3" -- "$L05" -m $1 -n $2 -k $3 -o $v -r 1
    done
done
for ts in 4 8 32; do
    expect_out 0 "$OK05" "05: tiled-pad -t $ts" -- "$L05" -m 70 -n 45 -k 33 -o tiled-pad -t $ts -r 1
    expect_out 0 "$OK05" "05: 1d -t $ts -w 4" -- "$L05" -m 70 -n 45 -k 33 -o 1d -t $ts -w 4 -r 1
done
for c in 32x32x8x4x4 64x64x16x8x8 128x64x8x8x8 32x64x16x4x8; do
    for v in 2d fast; do
        expect_out 0 "$OK05" "05: $v -c $c" -- "$L05" -m 100 -n 70 -k 45 -o $v -c $c -r 1
    done
done
expect_out 0 'random sample.*: ok' "05: a big product is checked on a random sample" -- \
    "$L05" -m 600 -n 640 -k 400 -o cpu -r 1
expect_out 0 'pinned host memory' "05: --pinned" -- "$L05" -m 100 -n 100 -k 100 -o fast --pinned -r 1
expect_out 0 'x naive' "05: -o all prints the table" -- "$L05" -m 40 -n 40 -k 40 -o all -r 1
expect_out 0 '^best: -o fast -c ' "05: -o tune names the best tiles" -- "$L05" -m 64 -n 64 -k 64 -o tune -r 1
expect_out 0 'verified device C' "05: runs from another directory" -- bash -c "cd / && '$L05' -m 20 -n 20 -k 20 -o naive"

# Bad input: exit 2 and one clear line.
expect_bad "05: -m 0" -- "$L05" -m 0
expect_bad "05: -n 16385" -- "$L05" -n 16385
expect_bad "05: -k abc" -- "$L05" -k abc
expect_bad "05: -o no such variant" -- "$L05" -o nosuch
expect_bad "05: -c malformed" -- "$L05" -c 128x128
expect_bad "05: -c TM not a multiple of 4" -- "$L05" -o fast -c 128x128x8x6x8
expect_bad "05: -c BM not a multiple of TM" -- "$L05" -o fast -c 100x128x8x8x8
expect_bad "05: -c needs more local memory than there is" -- "$L05" -o fast -c 1024x1024x256x32x32
expect_bad "05: -w does not divide -t" -- "$L05" -o 1d -t 16 -w 3
expect_bad "05: -t 0" -- "$L05" -t 0
expect_bad "05: -r 0" -- "$L05" -r 0

# Wrong kernels must be caught: drop the last term of every sum (naive), or
# the last tile of K (register-blocked).
BAD05=$(mktemp -d)
cp kernels/05-*.cl "$BAD05/"
sed -i "0,/k < K; k++)/s//k < K - 1; k++)/" "$BAD05/05-matrix-multiplication.cl"
expect_out 1 'FAILED' "05: a naive kernel that skips a term fails verification" -- \
    env CLU_KERNEL_DIR="$BAD05" "$L05" -m 30 -n 20 -k 40 -o naive -r 1
cp kernels/05-matrix-multiplication-reg.cl "$BAD05/"
sed -i 's|const int tiles = K / BK;|const int tiles = K / BK - 1;|' "$BAD05/05-matrix-multiplication-reg.cl"
expect_out 1 'FAILED' "05: a register-blocked kernel that skips a tile fails verification" -- \
    env CLU_KERNEL_DIR="$BAD05" "$L05" -m 64 -n 64 -k 64 -o fast -c 32x32x8x4x4 -r 1
rm -rf "$BAD05"

# Oclgrind: no races, no uninitialised reads, no API misuse, at small sizes.
for v in naive bt tiled tiled-pad 1d cpu; do
    expect_clean_oclgrind "05: Oclgrind finds nothing ($v, 17x31x13)" -- "$L05" -m 17 -n 31 -k 13 -o $v -r 1
done
for v in 2d vec fast; do
    expect_clean_oclgrind "05: Oclgrind finds nothing ($v, 33x20x9, 32x32x8x4x4)" -- \
        "$L05" -m 33 -n 20 -k 9 -o $v -c 32x32x8x4x4 -r 1
done
expect_clean_oclgrind "05: Oclgrind finds nothing (fast, GPU tiles 128x64x8x8x8)" -- \
    "$L05" -m 17 -n 31 -k 13 -o fast -c 128x64x8x8x8 -r 1
