# Lesson 01: the naive outer sum, across sizes and work-group sizes, from
# another directory, with bad input, and under Oclgrind.
L01=$PWD/$BIN/01-hello-world

for wg in 16 64 256; do
    for x in 1 2 $((wg - 1)) $wg $((wg + 1)) 1009 1048577; do
        expect_out 0 'verified device C: .*: ok' "01: X=$x Y=37 wg=$wg" -- "$L01" -x $x -y 37 -t $wg
    done
done
for y in 1 2 1000; do
    expect_out 0 'verified device C: .*: ok' "01: X=1000 Y=$y wg=64" -- "$L01" -x 1000 -y $y -t 64
done
expect_out 0 'GFLOP/s' "01: prints the speed" -- "$L01" -x 5000 -y 100
expect_out 0 '^device: ' "01: prints the device" -- "$L01" -x 10 -y 10
expect_out 0 'verified device C' "01: runs from another directory" -- \
    bash -c "cd / && '$L01' -x 300 -y 20"

# Bad input: see tests/bad-inputs.txt (tests/86-bad-inputs.sh).
expect_out 0 'usage:' "01: --help" -- "$L01" --help
expect_out 0 '^platform 0:' "01: --list" -- "$L01" --list

# A wrong kernel must be caught: drop the last term of every sum.
BADK=$(mktemp -d)
sed 's/y < Y; y++/y < Y - 1; y++/' kernels/01-hello-world.cl >"$BADK/01-hello-world.cl"
expect_out 1 'FAILED' "01: a kernel that skips a term fails verification" -- \
    env CLU_KERNEL_DIR="$BADK" "$L01" -x 1000 -y 37
rm -rf "$BADK"

expect_clean_oclgrind "01: Oclgrind finds nothing (X=100, wg=64)" -- "$L01" -x 100 -y 10 -t 64
