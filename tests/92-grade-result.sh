# grade.sh --result: an exercise with a speed tier has a tier in every row,
# "none" for an attempt that failed before it was timed (here: its kernel
# file is missing), never "-" in one row and "none" in the next; an
# exercise without a speed tier keeps "-".
RES=$(mktemp)
expect 3 "result: 05-2 with its kernel missing is graded as missing" -- \
    env OCLGRIND=: tools/grade.sh --result "$RES" 05-2 tests/grader-corpus/05-2-local-tile/wrong-answer
if grep -qx 'tier=none' "$RES"; then pass "result: ... and its tier is none, as a slow or wrong one's"
else fail "result: a missing 05-2 kernel has tier none" "$(grep '^tier' "$RES")" "grade.sh --result"; fi
expect 1 "result: a wrong 05-2 kernel loses marks" -- \
    env OCLGRIND=: tools/grade.sh --result "$RES" 05-2 tests/grader-corpus/05-2-local-tile/early-return
if grep -qx 'tier=none' "$RES"; then pass "result: ... its tier is none too"
else fail "result: a wrong 05-2 kernel has tier none" "$(grep '^tier' "$RES")" "grade.sh --result"; fi
expect 3 "result: 01-1 (no speed tier) with its kernel missing" -- \
    env OCLGRIND=: tools/grade.sh --result "$RES" 01-1 "$(mktemp -d)"
if grep -qx 'tier=-' "$RES"; then pass "result: ... keeps tier -"
else fail "result: an exercise without a speed tier has tier -" "$(grep '^tier' "$RES")" "grade.sh --result"; fi
rm -f "$RES"
