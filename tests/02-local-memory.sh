# Lesson 02: B in local memory, whole and in tiles, across sizes, work-group
# sizes and tile lengths; the limits refused with exit 2; Oclgrind clean on
# the right kernels and reporting the wrong one.
L02=$PWD/$BIN/02-local-memory

# Sizes around the work-group size, and B shorter, equal to and longer than
# a tile (the tile is the work-group size unless -s says otherwise).
for wg in 16 64 256; do
    for x in 1 2 $((wg - 1)) $wg $((wg + 1)) 1009; do
        y=$((2 * wg + 3))
        expect_out 0 'verified tiled C: .*: ok' "02: X=$x Y=$y wg=$wg, all variants" -- \
            "$L02" -x $x -y $y -t $wg -r 1
    done
    for y in 1 $((wg - 1)) $wg $((wg + 1)) 997; do
        expect_out 0 'verified tiled C: .*: ok' "02: X=1000 Y=$y wg=$wg tiled" -- \
            "$L02" -x 1000 -y $y -t $wg -r 1 -o tiled
    done
done
# Tiles longer and shorter than the work-group.
expect_out 0 'verified tiled C: .*: ok' "02: tile 1000 > wg 64" -- "$L02" -x 500 -y 2501 -t 64 -s 1000 -r 1 -o tiled
expect_out 0 'verified tiled C: .*: ok' "02: tile 7 < wg 64" -- "$L02" -x 500 -y 101 -t 64 -s 7 -r 1 -o tiled
expect_out 0 'verified whole C: .*: ok' "02: whole, Y=3000" -- "$L02" -x 777 -y 3000 -t 32 -r 1 -o whole
expect_out 0 'local memory: [0-9]+ bytes' "02: prints the local memory size" -- "$L02" -x 10 -y 10 -r 1
expect_out 0 '% of peak' "02: prints the share of the peak" -- "$L02" -x 1000 -y 100 -r 1

# Limits and bad input: exit 2 with one clear line.
expect_bad "02: unknown variant" -- "$L02" -o fastest
expect_bad "02: -t larger than the device allows" -- "$L02" -x 100 -y 10 -t 65536
expect_out 2 'the device allows [0-9]+' "02: -t too large names the limit" -- "$L02" -x 100 -y 10 -t 65536
expect_bad "02: a tile larger than local memory" -- "$L02" -x 100 -y 10 -s 16777216 -o tiled
expect_out 2 'needs 67108864 bytes of local memory, the device has [0-9]+' \
    "02: the tile message names both sizes" -- "$L02" -x 100 -y 10 -s 16777216 -o tiled
expect_bad "02: whole with a B larger than local memory" -- "$L02" -x 10 -y 100000000 -o whole
expect_out 0 'whole +skipped: needs' "02: all variants skip whole when B does not fit" -- \
    "$L02" -x 10 -y 2000000 -r 1
expect_bad "02: wrong-barrier refused on a real device" -- "$L02" -x 100 -y 10 -o wrong-barrier
expect_bad "02: -s without a value" -- "$L02" -s

# A tiled kernel that forgets the partial last tile must fail verification.
BADK=$(mktemp -d)
sed 's/for (int y0 = 0; y0 < Y; y0 += T)/for (int y0 = 0; y0 + T <= Y; y0 += T)/' \
    kernels/02-local-memory.cl >"$BADK/02-local-memory.cl"
cp kernels/01-hello-world.cl kernels/00-peak.cl "$BADK/"
expect_out 1 'FAILED' "02: a kernel that skips the last tile fails" -- \
    env CLU_KERNEL_DIR="$BADK" "$L02" -x 300 -y 100 -t 64 -r 1 -o tiled
rm -rf "$BADK"

# Oclgrind: the right kernels run clean; the wrong one is reported.
expect_clean_oclgrind "02: Oclgrind: all variants clean (X=100, Y=37, wg=64)" -- "$L02" -x 100 -y 37 -t 64 -r 1
expect_clean_oclgrind "02: Oclgrind: tiled, tile 5 > wg 4" -- "$L02" -x 13 -y 23 -t 4 -s 5 -r 1 -o tiled
expect_clean_oclgrind "02: Oclgrind: tiled, tile 3 < wg 8" -- "$L02" -x 9 -y 10 -t 8 -s 3 -r 1 -o tiled
expect_clean_oclgrind "02: Oclgrind: X=1 Y=1 wg=1" -- "$L02" -x 1 -y 1 -t 1 -r 1
run_cmd oclgrind --max-errors 5 --data-races --uninitialized "$L02" -x 100 -y 37 -t 64 -r 1 -o wrong-barrier
if [ "$ST" -ne 0 ] && grep -q 'Work-group divergence detected (barrier)' "$ERR"; then
    pass "02: Oclgrind reports the early return before a barrier"
else
    fail "02: Oclgrind reports the early return before a barrier" "exit $ST, no divergence report" \
        "oclgrind $L02 -o wrong-barrier"
fi
