# Lesson 04: every scan variant across lengths, work-group sizes, types and
# inclusive/exclusive; bad input; the GPU Gems erratum and a broken look-back
# caught; Oclgrind (with its data-race check) at small sizes.
L04=$PWD/$BIN/04-prefix-scan

# One work-group: n up to the tile, powers of two or not.
for wg in 2 64 256; do
    for n in $(printf '%s\n' 1 2 3 $((wg - 1)) $wg | sort -nu); do
        [ "$n" -ge 1 ] && [ "$n" -le "$wg" ] || continue
        expect_out 0 'verified device scan: .*: ok' "04: hillis-steele n=$n wg=$wg int" -- \
            "$L04" -o hillis-steele -T int -n $n -t $wg -r 1
    done
    for v in blelloch blelloch-pad; do
        for n in $(printf '%s\n' 1 3 $((wg + 1)) $((2 * wg - 1)) $((2 * wg)) | sort -nu); do
            expect_out 0 'verified device scan: .*: ok' "04: $v n=$n wg=$wg int -e" -- \
                "$L04" -o $v -T int -e -n $n -t $wg -r 1
        done
    done
done
expect_out 0 'verified device scan: .*: ok' "04: blelloch-pad float inclusive" -- "$L04" -o blelloch-pad -n 500 -t 256 -r 1

# Any n: multi-block with each tile scan, and both fast paths.
for wg in 1 32 256; do
    for n in 1 2 $((wg + 1)) $((2 * wg + 1)) 1009 65537; do
        for b in blelloch blelloch-pad; do
            expect_out 0 'verified device scan: .*: ok' "04: multiblock/$b n=$n wg=$wg int" -- \
                "$L04" -o multiblock -b $b -T int -n $n -t $wg -r 1
        done
    done
done
for n in 3 257 65537; do
    expect_out 0 'verified device scan: .*: ok' "04: multiblock/hillis-steele n=$n wg=16 int -e" -- \
        "$L04" -o multiblock -b hillis-steele -T int -e -n $n -t 16 -r 1
done
for v in reduce-then-scan lookback; do
    for wg_items in "1 4" "32 4" "256 16" "64 64"; do
        set -- $wg_items
        tile=$(($1 * $2))
        for n in 1 3 $((tile - 1)) $tile $((tile + 1)) 100003 $((1 << 20 | 3)); do
            expect_out 0 'verified device scan: .*: ok' "04: $v n=$n wg=$1 items=$2 int" -- \
                "$L04" -o $v -T int -n $n -t $1 -v $2 -r 1
        done
        set --
    done
done
for v in multiblock reduce-then-scan lookback; do
    for e in -i -e; do
        for n in 1 1000 $((1 << 20 | 3)); do
            expect_out 0 'verified device scan: .*: ok' "04: $v float $e n=$n" -- "$L04" -o $v $e -n $n -r 1
        done
    done
done
for n in 1 4096 1000003; do
    expect_out 0 'verified device total: .*: ok' "04: reduce n=$n float" -- "$L04" -o reduce -n $n -r 1
    expect_out 0 'verified device total: .*: ok' "04: reduce n=$n int" -- "$L04" -o reduce -T int -n $n -r 1
done
expect_out 0 'verified serial scan: .*: ok' "04: serial exclusive" -- "$L04" -o serial -e -n 1000
expect_out 0 '% of the copy kernel' "04: prints the ratio to the copy kernel" -- "$L04" -o lookback -n 100000 -r 1
expect_out 0 '16x .*' "04: the bank model shows the 16-way conflict" -- "$L04" -o blelloch -n 512 -r 1
expect_out 0 'verified device scan' "04: runs from another directory" -- \
    bash -c "cd / && '$L04' -o lookback -n 3000 -r 1"

# Bad input: exit 2 and one clear line.
expect_bad "04: -n 0" -- "$L04" -n 0
expect_bad "04: -n beyond 2^31" -- "$L04" -n 2147483649
expect_bad "04: -n larger than the device's memory" -- "$L04" -n 2147483648
expect_bad "04: -n 12x" -- "$L04" -n 12x
expect_bad "04: unknown variant" -- "$L04" -o quick
expect_bad "04: unknown tile scan" -- "$L04" -o multiblock -b quick
expect_bad "04: unknown type" -- "$L04" -T double
expect_bad "04: -i and -e together" -- "$L04" -i -e
expect_bad "04: -t not a power of two" -- "$L04" -t 48
expect_bad "04: -t too large" -- "$L04" -t 65536
expect_bad "04: -v not a multiple of 4" -- "$L04" -o lookback -v 6
expect_bad "04: -v 0" -- "$L04" -o lookback -v 0
expect_bad "04: hillis-steele beyond one work-group" -- "$L04" -o hillis-steele -n 257 -t 256
expect_bad "04: blelloch beyond one work-group" -- "$L04" -o blelloch -n 513 -t 256
expect_bad "04: hillis-steele tiles of one" -- "$L04" -o multiblock -b hillis-steele -t 1
expect_bad "04: -r 0" -- "$L04" -r 0

# The checks must be able to fail.
BADK=$(mktemp -d)
cp kernels/00-peak.cl kernels/04-prefix-scan.cl kernels/04-prefix-scan-fast.cl "$BADK/"
# GPU Gems 3's second erratum: bi placed with ai's offset.
sed -i 's/tmp\[slot(bi, pad)\] = vb;/tmp[bi + CONFLICT_FREE_OFFSET(ai)] = vb;/' "$BADK/04-prefix-scan.cl"
expect_out 1 'FAILED' "04: bi placed with ai's offset (the erratum) fails verification" -- \
    env CLU_KERNEL_DIR="$BADK" "$L04" -o blelloch-pad -T int -n 512 -r 1
cp kernels/04-prefix-scan.cl "$BADK/"
# A look-back that drops the nearest predecessor's value.
sed -i 's/carry += values\[k\];/carry += k ? values[k] : (T)0;/' "$BADK/04-prefix-scan-fast.cl"
expect_out 1 'FAILED' "04: a look-back that drops a predecessor fails verification" -- \
    env CLU_KERNEL_DIR="$BADK" "$L04" -o lookback -T int -n 100000 -t 64 -v 4 -r 1
cp kernels/04-prefix-scan-fast.cl "$BADK/"
# add_block_sums that skips the last tile.
sed -i 's/const uint end = min(n, (g + 1) \* tile);/const uint end = g + 1 == get_num_groups(0) ? g * tile : min(n, (g + 1) * tile);/' "$BADK/04-prefix-scan.cl"
expect_out 1 'FAILED' "04: adding no total to the last tile fails verification" -- \
    env CLU_KERNEL_DIR="$BADK" "$L04" -o multiblock -T int -n 5000 -r 1
rm -rf "$BADK"

# Oclgrind: out-of-bounds accesses, uninitialized reads, data races.
expect_clean_oclgrind "04: Oclgrind: hillis-steele (n=31, wg=32)" -- "$L04" -o hillis-steele -n 31 -t 32 -r 1
expect_clean_oclgrind "04: Oclgrind: blelloch-pad (n=63, wg=32)" -- "$L04" -o blelloch-pad -e -n 63 -t 32 -r 1
expect_clean_oclgrind "04: Oclgrind: multiblock (n=1000, wg=16)" -- "$L04" -o multiblock -n 1000 -t 16 -r 1
expect_clean_oclgrind "04: Oclgrind: multiblock/hillis-steele (n=300, wg=8)" -- \
    "$L04" -o multiblock -b hillis-steele -T int -n 300 -t 8 -r 1
expect_clean_oclgrind "04: Oclgrind: reduce (n=5000, wg=16)" -- "$L04" -o reduce -n 5000 -t 16 -v 8 -r 1
expect_clean_oclgrind "04: Oclgrind: reduce-then-scan (n=3001, wg=16)" -- \
    "$L04" -o reduce-then-scan -e -n 3001 -t 16 -v 4 -r 1
expect_clean_oclgrind "04: Oclgrind: lookback (n=3001, wg=16)" -- "$L04" -o lookback -n 3001 -t 16 -v 4 -r 1
expect_clean_oclgrind "04: Oclgrind: lookback int, 2 windows (n=20000, wg=4)" -- \
    "$L04" -o lookback -T int -e -n 20000 -t 4 -v 4 -r 1
