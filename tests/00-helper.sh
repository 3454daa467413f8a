# Unit tests of common/ (the checks live in tests/test-clu.c).
expect_lines "helper" -- "$BIN/test-clu"

# common/ stays small and obvious: every public function has a caller outside
# the file that defines it, and no file keeps hidden state (a file-scope
# variable that is not const).
for fn in $(grep -oE '\bclu_[a-z_0-9]+\(' common/clu.h | tr -d '(' | sort -u); do
    def=$(grep -lE "^[a-z].*\b$fn\(" common/*.c | head -n 1)
    callers=$(grep -rlE "\b$fn\(" common/*.c lessons exercises tools tests/*.c 2>/dev/null | grep -vx "$def" | head -n 1)
    if [ -n "$callers" ]; then pass "common/: $fn has a caller ($callers)"
    else fail "common/: $fn has a caller" "no caller outside $def" "grep -r $fn"; fi
done
expect 1 "common/: no hidden state (file-scope variables)" -- \
    grep -nE '^static [^(]*(=|;)' common/errors.c common/options.c common/device.c common/measure.c
# The stand-in OpenCL of the host-code exercises defines cl* functions of its
# own: it lives with the grader (tools/grader/), so that no reader of a
# lesson or an exercise, and no tool that follows calls, takes its
# clEnqueue* for the real library's. No other file defines one.
expect 1 "no file of lessons/, exercises/, solutions/ or common/ defines a cl* function" -- \
    grep -rnE --include=*.c --include=*.h '^[A-Za-z_][A-Za-z_ *]*[ *]cl[A-Z][A-Za-z]*\(' lessons exercises solutions common
expect 0 "the stand-in OpenCL is the grader's (tools/grader/opencl-recorder.c)" -- \
    grep -qE '^cl_int clEnqueueNDRangeKernel\(' tools/grader/opencl-recorder.c
# Every repository path and make target named in comments, docs and
# chapters exists (tests/check-paths.py), and a missing one is reported.
expect_out 0 'files checked' "every path and make target named in the sources and docs exists" -- \
    python3 tests/check-paths.py
STALE=$(mktemp)
printf 'see lessons/%s/main.c and run `make %s`\n' 99-nothing nonexistent-target >"$STALE"
expect_out 1 'no such path: [a-z]+/99-nothing/main.c' "check-paths: a missing path is reported" -- \
    python3 tests/check-paths.py "$STALE"
expect_out 1 'no make target: make nonexistent-target' "check-paths: a missing make target is reported" -- \
    python3 tests/check-paths.py "$STALE"
rm -f "$STALE"
