# Lesson 01: the naive outer sum, across sizes and work-group sizes, from
# another directory, with bad input, broken kernels that must fail at large
# sizes, and under Oclgrind.
L01=$PWD/$BIN/01-hello-world

# Edges: 1, 2, a work-group minus one, exactly one, plus one, a prime, 2^k+1.
for wg in 16 64 256; do
    for x in 1 2 $((wg - 1)) $wg $((wg + 1)) 1009 1048577; do
        expect_out 0 'verified device C: .*: ok' "01: X=$x Y=37 wg=$wg" -- "$L01" -x $x -y 37 -t $wg -r 1
    done
done
for y in 1 2 1000 65537; do
    expect_out 0 'verified device C \(whole numbers\): .*: ok' "01: X=1000 Y=$y wg=64" -- "$L01" -x 1000 -y $y -t 64 -r 1
done
expect_out 0 'verified device C: .*worst error [0-9.e+-]+ at \[[0-9]+\] \(bound [0-9.e+-]+ there\): ok' \
    "01: prints the worst error, where, and the bound there" -- "$L01" -x 5000 -y 100 -r 1
expect_out 0 '^result: variant=naive X=5000 Y=100 wg=256 ms=' "01: one result: line" -- "$L01" -x 5000 -y 100 -r 1
expect_out 0 '^device: ' "01: prints the device" -- "$L01" -x 10 -y 10
expect_out 0 '^platform: ' "01: prints the platform" -- "$L01" -x 10 -y 10
if ! clinfo -l 2>/dev/null | grep -qi gpu; then # a CPU chosen with -d is no GPU
    expect_out 0 '^device: .*\(not a GPU,' "01: a device chosen with -d is labelled by its type" -- "$L01" -x 10 -y 10 -d 0
fi
expect_out 0 'verified device C' "01: runs from another directory" -- \
    bash -c "cd / && '$L01' -x 300 -y 20"

# Bad input: see tests/bad-inputs.txt (tests/86-bad-inputs.sh).
expect_out 0 'usage:' "01: --help" -- "$L01" --help
expect_out 0 '^platform 0:' "01: --list" -- "$L01" --list

# Broken kernels must be caught, at the sizes where the old check let them
# pass and at far larger ones (natively: Oclgrind would take hours).
BADK=$(mktemp -d)
mkdir "$BADK/zero" "$BADK/drop" "$BADK/skip10" "$BADK/first"
sed 's/    C\[x\] = sum;/    C[x] = 0.0f;/' kernels/01-hello-world.cl >"$BADK/zero/01-hello-world.cl"
sed 's/y < Y; y++/y < Y - 1; y++/' kernels/01-hello-world.cl >"$BADK/drop/01-hello-world.cl"
sed 's/y < Y; y++/y < Y - Y \/ 10; y++/' kernels/01-hello-world.cl >"$BADK/skip10/01-hello-world.cl"
sed 's/y = 0; y < Y/y = 1; y < Y/' kernels/01-hello-world.cl >"$BADK/first/01-hello-world.cl"
for m in zero drop skip10 first; do
    for size in "-x 1000 -y 37" "-x 200 -y 10000" "-x 1000 -y 8192 -t 64" "-x 16 -y 100003" \
                "-x 4 -y 1000003" "-x 2 -y 100000000"; do
        # shellcheck disable=SC2086
        expect_out 1 'FAILED' "01: broken kernel '$m' fails at $size" -- \
            env CLU_KERNEL_DIR="$BADK/$m" "$L01" $size -r 1
    done
done
# ...while the right kernel passes at the same large sizes.
expect_out 0 'verified device C: .*: ok' "01: the right kernel passes at Y = 10^8" -- "$L01" -x 2 -y 100000000 -r 1
expect_out 0 'verified device C: .*: ok' "01: the right kernel passes at X = 2^20+1" -- "$L01" -x 1048577 -y 300 -r 1
rm -rf "$BADK"

expect_clean_oclgrind "01: Oclgrind finds nothing (X=100, wg=64)" -- "$L01" -x 100 -y 10 -t 64 -r 1
expect_clean_oclgrind "01: Oclgrind finds nothing (X=67, Y=5, wg=16)" -- "$L01" -x 67 -y 5 -t 16 -r 1
# An empty kernel file: one line, exit 2 (lesson 01 reads it with clu_read_file).
EMPTYK=$(mktemp -d)
: >"$EMPTYK/01-hello-world.cl"
expect_bad "01: an empty kernel file gets one line" -- env CLU_KERNEL_DIR="$EMPTYK" "$L01" -x 100 -y 10
rm -rf "$EMPTYK"
