# Lesson 06: every mode; the fixed kernels verify at every edge size and
# broken copies of them fail at large sizes; build failures name file and
# line and exit 2 (also with the sanitizers); the errors mode shows each
# error's name and hint; Oclgrind finds each of the four bugs and nothing in
# the fixed kernels; the broken kernels fail the offline syntax check;
# options a mode does not use, and bad input, exit 2.
L06=$PWD/$BIN/06-debugging

# Run mode: the three fixed kernels verify (whole numbers, then random floats)
# at sizes around the work-group size, primes and powers of two plus and
# minus one, at three work-group sizes.
for wg in 16 64 256; do
    for x in 1 2 $((wg - 1)) $wg $((wg + 1)) 1009 1023 1025; do
        y=$(( (x * 7) % 600 + 1 ))
        expect_out 0 'verified smooth: .*: ok' "06: run X=$x Y=$y wg=$wg" -- "$L06" -x "$x" -y "$y" -t "$wg"
    done
done
expect_out 0 'verified tiled_sum: .*: ok' "06: runs from another directory" -- \
    bash -c "cd / && '$L06' -x 100 -y 10"
expect_clean_oclgrind "06: Oclgrind finds nothing in the fixed kernels" -- "$L06" -x 200 -y 100 -t 64
expect_clean_oclgrind "06: Oclgrind, X = Y = wg = 1" -- "$L06" -x 1 -y 1 -t 1
expect_clean_oclgrind "06: Oclgrind, X = 33, wg = 16" -- "$L06" -x 33 -y 17 -t 16

# Broken copies of the kernels (sed into a scratch kernel folder) must fail,
# natively and at large sizes: the checks catch a missing term or tile.
MUT=$(mktemp -d)
mutant() { # mutant NAME SED-EXPRESSION ARGS...: that copy must exit 1
    local name=$1 expr=$2; shift 2
    sed -e "$expr" kernels/06-debugging-bugs.cl >"$MUT/06-debugging-bugs.cl"
    if cmp -s kernels/06-debugging-bugs.cl "$MUT/06-debugging-bugs.cl"; then
        fail "06: mutant $name" "the sed expression changed nothing" "$expr"
    else
        expect_out 1 'FAILED' "06: mutant $name fails" -- env CLU_KERNEL_DIR="$MUT" "$L06" "$@"
    fi
}
mutant "tiled_sum writes zero" 's/C\[x\] = sum;/C[x] = 0.0f;/' -x 1000003 -y 300 -t 256
mutant "tiled_sum drops the last term" 's/j < n; j++/j < n - 1; j++/' -x 1000003 -y 300 -t 256
mutant "tiled_sum skips the last tile" 's/y0 < Y; y0 += T/y0 + T < Y; y0 += T/' -x 1000003 -y 512 -t 256
mutant "group_sum writes zero" 's/out\[get_group_id(0)\] = s\[0\];/out[get_group_id(0)] = 0.0f;/' \
    -x 16000057 -y 1 -t 256
mutant "group_sum drops the last element" 's/s\[lx\] = x < n ?/s[lx] = x < n - 1 ?/' -x 16000057 -y 1 -t 256
mutant "smooth skips the tail" 's/if (x < n)$/if (x < n - 1)/' -x 16000057 -y 1 -t 256
# (the right halo clamped one short shows only when a group ends at n)
mutant "smooth's right halo one short" 's/t\[T + 1\] = in\[min(x + 1, n - 1)\]/t[T + 1] = in[min(x + 1, n - 2)]/' \
    -x 16000000 -y 1 -t 256
mutant "smooth writes zero" 's/out\[x\] = t\[lx\] + t\[lx + 1\] + t\[lx + 2\];/out[x] = 0.0f;/' \
    -x 16000057 -y 1 -t 256
rm -rf "$MUT"
# The lesson's own bugs that show on PoCL fail natively too (local-index at
# the default size: at a large one its stray writes crash the program).
expect_out 1 'tiled_sum \(whole numbers\).*FAILED' "06: -o local-index fails natively" -- "$L06" -o local-index
expect_out 1 'smooth \(whole numbers\).*FAILED' "06: -o uninit fails natively" -- \
    "$L06" -o uninit -x 16000057 -t 256

# Oclgrind finds each bug, with the check that is made for it.
expect_out 1 'Invalid write of size 4 at local memory' "06: Oclgrind finds the wrong local index" -- \
    oclgrind --max-errors 3 "$L06" -o local-index -x 200 -y 100 -t 64
expect_out 1 'Work-group divergence detected \(barrier\)' "06: Oclgrind finds the barrier divergence" -- \
    oclgrind --max-errors 3 "$L06" -o divergence -x 200 -y 100 -t 64
expect_out 1 'Read-write data race at local memory' "06: Oclgrind finds the data race" -- \
    oclgrind --max-errors 3 --data-races "$L06" -o race -x 200 -t 64
expect_out 1 'Uninitialized value' "06: Oclgrind finds the uninitialised read" -- \
    oclgrind --max-errors 3 --uninitialized "$L06" -o uninit -x 200 -t 64

# printf in a kernel: one line per group and check, and still verified.
expect_out 0 '^group 3: sum' "06: -o printf prints from the kernel" -- "$L06" -o printf -x 256 -t 64
expect 0 "06: -o printf prints 2 x 4 lines for 4 groups" -- \
    bash -c "'$L06' -o printf -x 256 -t 64 | grep -c '^group [0-9]*: sum' | grep -qx 8"
expect_clean_oclgrind "06: Oclgrind, -o printf" -- "$L06" -o printf -x 40 -t 8

# Build mode: the log names the file and the line, and the program exits 2.
expect_out 2 'broken/missing-semicolon\.cl:5:35' "06: build log names file:line (missing ;)" -- \
    "$L06" -o build -f missing-semicolon.cl
expect_out 2 'broken/undeclared\.cl:7:17: use of undeclared identifier' "06: build log lists every error" -- \
    "$L06" -o build -f undeclared.cl
expect_out 2 'CL_BUILD_PROGRAM_FAILURE' "06: a failed build is named" -- "$L06" -o build -f undeclared.cl
expect_out 0 'warning.*broken/warning\.cl:6:11' "06: a warning shows in the log, the build succeeds" -- \
    "$L06" -o build -f warning.cl
expect_out 2 'broken/warning\.cl:6:11' "06: -Werror turns the warning into a failure" -- \
    "$L06" -o build -f warning.cl -O -Werror
expect_out 2 'broken/missing-semicolon\.cl:5' "06: broken kernels are found from another directory" -- \
    bash -c "cd / && '$L06' -o build -f missing-semicolon.cl"
expect_out 0 'kernel group_sum: at most [0-9]+ work-items' "06: build mode prints each kernel's facts" -- \
    "$L06" -o build -f 06-debugging-bugs.cl
expect_bad "06: build mode, no such kernel file" -- "$L06" -o build -f no-such-kernel.cl
# The register cap is NVIDIA's own build option: PoCL refuses it, with the hint.
expect_out 2 'CL_INVALID_BUILD_OPTIONS.*|hint: .*vendor options' "06: -cl-nv-maxrregcount refused off NVIDIA" -- \
    "$L06" -o build -f 06-debugging-bugs.cl -O -cl-nv-maxrregcount=16
# No stray compiler summary ("1 error generated.") before the error line, in
# build mode or errors mode; the build log is still there.
for mode in "-o build -f missing-semicolon.cl" "-o errors"; do
    # shellcheck disable=SC2086
    run_cmd "$L06" $mode
    if grep -q 'error generated' "$LOG" "$ERR"; then fail "06: no stray compiler summary ($mode)" "it printed one" "$L06 $mode"
    else pass "06: no stray compiler summary ($mode)"; fi
done
expect_out 2 'build log for .*missing-semicolon' "06: the quiet build keeps the log" -- \
    "$L06" -o build -f missing-semicolon.cl

# The sanitizer build exits 2 with the build log, not 1 from LeakSanitizer.
expect 0 "06: the sanitizer build" -- make -s "$BIN/asan/06-debugging"
ICDS=$(sanitizer_icds)
for f in missing-semicolon.cl undeclared.cl; do
    run_cmd env ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 OCL_ICD_VENDORS="$ICDS" \
        LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0" \
        "$PWD/$BIN/asan/06-debugging" -o build -f "$f"
    if [ "$ST" -ne 2 ]; then fail "06: asan, a build failure exits 2 ($f)" "exit status $ST" "asan -o build -f $f"
    elif grep -Eq 'Sanitizer|runtime error' "$ERR"; then fail "06: asan, a build failure exits 2 ($f)" "sanitizer report" "asan -o build -f $f"
    elif ! grep -q 'build log for' "$ERR"; then fail "06: asan, a build failure exits 2 ($f)" "no build log" "asan -o build -f $f"
    else pass "06: asan, a build failure exits 2 with the log ($f)"; fi
done
rm -rf "$ICDS"

# Errors mode: one run shows every message, with the helper's names and hints.
for name in CL_BUILD_PROGRAM_FAILURE CL_INVALID_PROGRAM_EXECUTABLE CL_INVALID_BUILD_OPTIONS \
            CL_INVALID_KERNEL_NAME CL_INVALID_KERNEL_ARGS CL_INVALID_ARG_SIZE CL_INVALID_ARG_INDEX \
            CL_INVALID_WORK_GROUP_SIZE CL_INVALID_BUFFER_SIZE; do
    expect_out 0 "mistakes\.c:[0-9]+: .*: $name \(-[0-9]+\)" "06: errors mode shows $name" -- "$L06" -o errors
done
expect_out 0 'hint: an argument was never set' "06: errors mode shows the hints" -- "$L06" -o errors
expect_out 0 '^13 mistakes shown' "06: errors mode goes on to the end" -- "$L06" -o errors

# Dump mode: the binary comes back and can be written to a file.
DUMP=$(mktemp -d)
expect_out 0 'CL_PROGRAM_BINARIES: [0-9]+ bytes' "06: dump mode fetches the binary" -- \
    "$L06" -o dump -w "$DUMP/v.bin"
expect 0 "06: dump mode wrote a file" -- test -s "$DUMP/v.bin"
rm -rf "$DUMP"
expect_bad "06: dump mode, unwritable file" -- "$L06" -o dump -w /nonexistent-dir/v.bin

# The broken kernels fail the offline syntax check that make check-kernels runs.
for f in lessons/06-debugging/broken/*.cl; do
    expect 1 "06: clang syntax check rejects $f" -- tools/check-kernels.sh "$f"
done

# -h lists every mode; a verdict that cannot be written exits 2.
for m in run local-index divergence race uninit printf build errors dump; do
    expect_out 0 "^ +$m +[a-z]" "06: -h lists -o $m" -- "$L06" -h
done
for mode in "-x 100 -y 10" "-o errors" "-o build -f warning.cl" "-o dump"; do
    expect 2 "06: > /dev/full exits 2 ($mode)" -- bash -c "'$L06' $mode >/dev/full"
done

# An option that the chosen mode does not use is refused, not ignored.
expect_bad "06: -O in run mode" -- "$L06" -O -Werror
expect_bad "06: -f in run mode" -- "$L06" -f warning.cl
expect_bad "06: -y with a kernel that has no B" -- "$L06" -o race -y 5
expect_bad "06: -t in errors mode" -- "$L06" -o errors -t 64
expect_bad "06: -x in build mode" -- "$L06" -o build -x 5
expect_bad "06: -w in build mode" -- "$L06" -o build -w out.bin
expect_out 2 '-O: -o run does not use it' "06: the refusal names the option and the mode" -- "$L06" -O -Werror
expect_out 0 'kernel clamp_last' "06: a value that looks like an option is a value" -- \
    "$L06" -o build -O -w -f warning.cl

# Bad input: exit 2 and one clear line.
expect_bad "06: -o unknown mode" -- "$L06" -o nope
expect_bad "06: -o all" -- "$L06" -o all
expect_bad "06: -t not a power of two for group_sum" -- "$L06" -t 48
expect_bad "06: -x 0" -- "$L06" -x 0
expect_bad "06: -t 0" -- "$L06" -t 0
expect_bad "06: -x abc" -- "$L06" -x abc
expect_bad "06: -f empty" -- "$L06" -o build -f ""
expect_bad "06: -t larger than the device allows" -- "$L06" -x 100 -t 65536
