# The speed tier is timed only on what was checked: the timed size is a
# check of its own, and every timed run's outputs are compared again. A
# kernel that does no work (or half of it) where the tier is timed, or only
# under the build options the tier is timed with, loses that check and its
# tier. These grade with the tier on, as an instructor does; tests/lib-corpus.sh grades
# the same attempts (tests/grader-corpus/) without it. Nothing here asserts
# a time or a tier a kernel earns: only verdicts and messages.

if [ ! -d solutions ]; then
    pass "grader speed: no solutions/ here (a handout): the grader's tests are the instructors'"
    return 0
fi

# grade_forgery EX ATTEMPT NAME: the solution with the attempt's files on
# top, graded with the tier: marks lost at the timed size, and no tier.
grade_forgery() {
    local ex=$1 attempt=tests/grader-corpus/$1/$2 name=$3 w
    w=$(mktemp -d)
    tools/starters.sh solve "$ex" "$w"
    find "$attempt" -maxdepth 1 -type f ! -name expect ! -name graded-in-full -exec cp {} "$w/" \;
    expect_out 1 "FAIL [^:]*: the size the speed tier is timed at: .*speed tier: none" "$name" -- \
        sh -c 'out=$(tools/grade.sh "$0" "$1"); st=$?; printf "%s\n" "$out" | tr "\n" " "; exit $st' "$ex" "$w"
    rm -rf "$w"
}
grade_forgery 05-3-work-per-item return-at-timed-size \
    "grader speed: 05-3 with a return at the timed size (and its -DTS=32 -DWPT=8) loses a check and its tier"
grade_forgery 03-1-saxpy4 scalar-return-at-timed-size \
    "grader speed: a scalar 03-1 with a return at the timed size loses a check and its tier"
grade_forgery 03-2-complex-mul half-the-groups-when-large \
    "grader speed: 03-2 skipping every other work-group on a large NDRange loses a check and its tier"

# The tier's words: measured on the check, each output checked, the range.
w=$(mktemp -d)
tools/starters.sh solve 02-1-group-sum "$w"
expect_out 0 "PASS n=4194304, work-groups of 256, seed 30: the size the speed tier is timed at.*speed: .*of the yardstick .* on this check's size, median of [0-9]+ timed runs in turns with it, each output checked: .*with 95% confidence" \
    "grader speed: 02-1's tier is timed on a check, and says how" -- \
    sh -c 'out=$(tools/grade.sh 02-1 "$0"); st=$?; printf "%s\n" "$out" | tr "\n" " "; exit $st' "$w"
rm -rf "$w"

# The decision on made-up ratios: a line counts only when the whole 95%
# range reaches it; a range across a line gets the lower tier, undecided.
cc -std=c11 -O1 -Icommon -Iexercises -o "$BIN/tier-decision" tests/fixtures/tier-decision/tier-decision.c common/*.c \
    -lOpenCL -lm 2>"$ERR" || fail "grader speed: the tier-decision test builds" "$(head -n 3 "$ERR")" "cc tier-decision.c"
[ -x "$BIN/tier-decision" ] && expect_lines "grader speed" -- "$BIN/tier-decision"
