# Lesson 06: every mode; build failures name file and line and exit 2;
# the errors mode shows each error's name and hint; Oclgrind finds each of
# the four bugs and nothing in the fixed kernels; the broken kernels fail
# the offline syntax check; bad input exits 2.
L06=$PWD/$BIN/06-debugging

# Run mode: the fixed kernels verify, across sizes and work-group sizes.
for s in "1 1 1" "63 65 32" "1000 300 64" "4097 3 256"; do
    set -- $s
    expect_out 0 'verified smooth: .*: ok' "06: run X=$1 Y=$2 wg=$3" -- "$L06" -x "$1" -y "$2" -t "$3"
done
expect_out 0 'verified tiled_sum: .*: ok' "06: runs from another directory" -- \
    bash -c "cd / && '$L06' -x 100 -y 10"

# Build mode: the log names the file and the line, and the program exits 2.
expect_out 2 'broken/missing-semicolon\.cl:5:35' "06: build log names file:line (missing ;)" -- \
    "$L06" -o build -k missing-semicolon.cl
expect_out 2 'broken/undeclared\.cl:7:17: use of undeclared identifier' "06: build log lists every error" -- \
    "$L06" -o build -k undeclared.cl
expect_out 2 'CL_BUILD_PROGRAM_FAILURE' "06: a failed build is named" -- "$L06" -o build -k undeclared.cl
expect_out 0 'warning.*broken/warning\.cl:6:11' "06: a warning shows in the log, the build succeeds" -- \
    "$L06" -o build -k warning.cl
expect_out 2 'broken/warning\.cl:6:11' "06: -Werror turns the warning into a failure" -- \
    "$L06" -o build -k warning.cl -O -Werror
expect_out 2 'broken/missing-semicolon\.cl:5' "06: broken kernels are found from another directory" -- \
    bash -c "cd / && '$L06' -o build -k missing-semicolon.cl"
expect_out 0 'kernel group_sum: at most [0-9]+ work-items' "06: build mode prints each kernel's facts" -- \
    "$L06" -o build -k 06-debugging-bugs.cl
expect_bad "06: build mode, no such kernel file" -- "$L06" -o build -k no-such-kernel.cl

# Errors mode: one run shows every message, with the helper's names and hints.
for name in CL_BUILD_PROGRAM_FAILURE CL_INVALID_PROGRAM_EXECUTABLE CL_INVALID_BUILD_OPTIONS \
            CL_INVALID_KERNEL_NAME CL_INVALID_KERNEL_ARGS CL_INVALID_ARG_SIZE CL_INVALID_ARG_INDEX \
            CL_INVALID_WORK_GROUP_SIZE CL_INVALID_BUFFER_SIZE; do
    expect_out 0 "errors\.c:[0-9]+: .*: $name \(-[0-9]+\)" "06: errors mode shows $name" -- "$L06" -o errors
done
expect_out 0 'hint: an argument was never set' "06: errors mode shows the hints" -- "$L06" -o errors
expect_out 0 '^[0-9]+ mistakes shown' "06: errors mode goes on to the end" -- "$L06" -o errors

# Dump mode: the binary comes back and can be written to a file.
DUMP=$(mktemp -d)
expect_out 0 'CL_PROGRAM_BINARIES: [0-9]+ bytes' "06: dump mode fetches the binary" -- \
    "$L06" -o dump -f "$DUMP/v.bin"
expect 0 "06: dump mode wrote a file" -- test -s "$DUMP/v.bin"
rm -rf "$DUMP"
expect_bad "06: dump mode, unwritable file" -- "$L06" -o dump -f /nonexistent-dir/v.bin

# Oclgrind finds each bug, with the check that is made for it.
expect_out 1 'Invalid write of size 4 at local memory' "06: Oclgrind finds the wrong local index" -- \
    oclgrind --max-errors 3 "$L06" -b local-index -x 200 -y 100 -t 64
expect_out 1 'Work-group divergence detected \(barrier\)' "06: Oclgrind finds the barrier divergence" -- \
    oclgrind --max-errors 3 "$L06" -b divergence -x 200 -y 100 -t 64
expect_out 1 'Read-write data race at local memory' "06: Oclgrind finds the data race" -- \
    oclgrind --max-errors 3 --data-races "$L06" -b race -x 200 -t 64
expect_out 1 'Uninitialized value' "06: Oclgrind finds the uninitialised read" -- \
    oclgrind --max-errors 3 --uninitialized "$L06" -b uninit -x 200 -t 64
expect_clean_oclgrind "06: Oclgrind finds nothing in the fixed kernels" -- "$L06" -x 200 -y 100 -t 64

# The broken kernels fail the offline syntax check that make check-kernels runs.
for f in lessons/06-debugging/broken/*.cl; do
    expect 1 "06: clang syntax check rejects $f" -- tools/check-kernels.sh "$f"
done

# Bad input: exit 2 and one clear line.
expect_bad "06: -o unknown mode" -- "$L06" -o nope
expect_bad "06: -b unknown bug" -- "$L06" -b nope
expect_bad "06: -b outside run mode" -- "$L06" -o build -b race
expect_bad "06: -t not a power of two for group_sum" -- "$L06" -t 48
expect_bad "06: -x 0" -- "$L06" -x 0
expect_bad "06: -t 0" -- "$L06" -t 0
expect_bad "06: -x abc" -- "$L06" -x abc
expect_bad "06: -k empty" -- "$L06" -o build -k ""
expect_bad "06: -t larger than the device allows" -- "$L06" -x 100 -t 65536
