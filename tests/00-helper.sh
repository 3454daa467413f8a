# Unit tests of common/clu.c (the checks live in tests/test-clu.c).
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
