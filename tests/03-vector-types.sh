# Lesson 03: float4/float8 variants across sizes the vector width does and
# does not divide, work-group sizes, bad input, and Oclgrind clean runs of
# every variant at small odd sizes (no read or write past an end).
L03=$PWD/$BIN/03-vector-types
VARIANTS="scalar float4 float8 float8b float8local float8acc float16local"

# All variants at once (each is verified; one wrong value fails the run).
for wg in 8 32 64; do
    for x in 1 2 3 5 $((wg - 1)) $wg $((wg + 1)) $((8 * wg - 1)) $((8 * wg + 1)) 1009 4099; do
        expect_out 0 'verified float8acc C .*: ok' "03: X=$x Y=37 wg=$wg, all variants" -- \
            "$L03" -x $x -y 37 -t $wg -r 1
    done
done
# Lengths of B around multiples of 8 and of a local tile (wg float8s).
for y in 1 7 8 9 255 256 257 263 1031; do
    expect_out 0 'verified float8acc C .*: ok' "03: X=1001 Y=$y wg=32, all variants" -- \
        "$L03" -x 1001 -y $y -t 32 -r 1
done
for v in $VARIANTS; do
    expect_out 0 "verified $v C \\(wg 128\\): .*: ok" "03: -o $v alone" -- "$L03" -x 3001 -y 101 -t 128 -r 1 -o $v
done
expect_out 0 'best: ' "03: names the best variant" -- "$L03" -x 1000 -y 100 -r 1
expect_out 0 '% of the measured peak' "03: quotes the measured peak" -- "$L03" -x 1000 -y 100 -r 1
expect_out 0 'OpenMP C, [0-9]+ threads' "03: compares with OpenMP on a CPU device" -- "$L03" -x 1000 -y 100 -r 1
expect_out 0 'verified OpenMP C: .*: ok' "03: the OpenMP loop is verified too" -- "$L03" -x 1000 -y 100 -r 1

# The sweep: a table, a best, a CSV with device, driver and date.
CSV=$(mktemp)
expect_out 0 '^float8acc +[0-9.]+ \(' "03: --sweep prints the table" -- \
    "$L03" -x 2000 -y 50 -r 1 --sweep --csv "$CSV"
expect_out 0 '^# device: .*' "03: the CSV names the device" -- cat "$CSV"
expect_out 0 '^# driver: ' "03: the CSV names the driver" -- cat "$CSV"
expect_out 0 '^# date: 20' "03: the CSV is dated" -- cat "$CSV"
expect 0 "03: the CSV has a row per variant and work-group size" -- \
    bash -c "[ \$(grep -cE '^[a-z0-9]+,[0-9]+,' '$CSV') -eq 42 ]"
rm -f "$CSV"

# Bad input: exit 2 and one clear line.
expect_bad "03: unknown variant" -- "$L03" -o float16
expect_bad "03: -t larger than the device allows" -- "$L03" -x 100 -y 10 -t 65536
expect_out 2 'the device allows [0-9]+' "03: -t too large names the limit" -- "$L03" -x 100 -y 10 -t 65536
expect_bad "03: -t 0" -- "$L03" -t 0
expect_bad "03: -x 0" -- "$L03" -x 0
expect_bad "03: -x beyond the limit" -- "$L03" -x 999999999999
expect_bad "03: --csv without --sweep" -- "$L03" --csv /tmp/x.csv
expect_bad "03: --csv into a missing folder" -- "$L03" --sweep --csv /nonexistent/dir/x.csv

# A float8b kernel that forgets the last Y % 8 terms must fail verification.
BADK=$(mktemp -d)
cp kernels/01-hello-world.cl kernels/00-peak.cl "$BADK/"
sed 's/for (int y = 8 \* Y8; y < Y; y++)/for (int y = 8 * Y8; y < Y - 1; y++)/' \
    kernels/03-vector-types.cl >"$BADK/03-vector-types.cl"
expect_out 1 'FAILED' "03: a kernel that drops the last term of B fails" -- \
    env CLU_KERNEL_DIR="$BADK" "$L03" -x 300 -y 37 -t 32 -r 1 -o float8b
# ... and one that reads a whole float8 of A in the last work-item is caught
# by Oclgrind (X = 13 is not a multiple of 8).
sed 's/float8 a = own == 8 ? ((__global const float8 \*)A)\[i\] : load8_part(A + 8 \* i, own);/float8 a = ((__global const float8 *)A)[i];/' \
    kernels/03-vector-types.cl >"$BADK/03-vector-types.cl"
run_cmd oclgrind --max-errors 3 env CLU_KERNEL_DIR="$BADK" "$L03" -x 13 -y 5 -t 4 -r 1 -o float8
if grep -q 'Invalid read' "$ERR"; then pass "03: Oclgrind catches a float8 read past the end of A"
else fail "03: Oclgrind catches a float8 read past the end of A" "no invalid read reported" "oclgrind ... -o float8"; fi
rm -rf "$BADK"

# Oclgrind: every variant clean at small odd sizes.
for v in $VARIANTS; do
    expect_clean_oclgrind "03: Oclgrind: $v clean (X=37 Y=29 wg=4)" -- "$L03" -x 37 -y 29 -t 4 -r 1 -o $v
    expect_clean_oclgrind "03: Oclgrind: $v clean (X=13 Y=7 wg=8)" -- "$L03" -x 13 -y 7 -t 8 -r 1 -o $v
done
expect_clean_oclgrind "03: Oclgrind: all variants, X=1 Y=1 wg=1" -- "$L03" -x 1 -y 1 -t 1 -r 1
expect_clean_oclgrind "03: Oclgrind: all variants, X=70 Y=17 wg=2" -- "$L03" -x 70 -y 17 -t 2 -r 1
