# Public and hidden: the handout's checkers hold no answers and no reference
# code; a student grades the public checks from the handout, the answer's
# form only; the instructor's grade (solutions/ present, or GRADE_HIDDEN=DIR)
# adds the hidden cases and the answers' values; tools/handout.sh refuses a
# handout that holds a solution's or an answer's text.

# A handout has no solutions/: what is hidden is the instructors' to test.
if [ ! -d solutions ]; then
    pass "hidden: no solutions/ here (a handout): the hidden checks are the instructors'"
    return 0
fi

# (a) No checker of the handout holds the answer to its lesson's question.
for ex in 01-1-squared-distance 02-2-tiled-distance 03-3-row-sums 04-2-padding 05-2-local-tile 06-2-off-by-one; do
    expect 1 "hidden: exercises/$ex/check.c holds no answer values (want[])" -- \
        grep -Eq 'want\[[0-9]*\] *= *\{' "exercises/$ex/check.c"
    expect 0 "hidden: the answer key of $ex is the instructor's (solutions/$ex/instructor/answer)" -- \
        test -s "solutions/$ex/instructor/answer"
done

# A handout unpacked outside the repository.
HIDDEN_HO=$(mktemp -d)
tools/handout.sh >/dev/null 2>&1
tar -C "$HIDDEN_HO" -xzf build/handout.tar.gz 2>/dev/null
HW=$HIDDEN_HO/opencl-workbook
expect 1 "hidden: the handout holds no instructor file" -- \
    sh -c 'find "$0" -path "*/instructor/*" | grep -q .' "$HW"

# (f) No reference to paste: 07-3's and 08-2's checkers hold neither the
# share's nor the sums' code, and none of the comparator.
expect 1 "hidden: the handout's 07-3 checker holds no reference share (lanes_c, its comparator)" -- \
    grep -rEq 'lanes_c|paid \+= \(double\)simd|\(a < b\) - \(a > b\)' "$HW/exercises/07-3-lanes"
expect 1 "hidden: the handout's 08-2 checker holds no reference sums (sums_of)" -- \
    grep -rEq 'sums_of|e->t\[3\] - from' "$HW/exercises/08-2-bound"

# (b) A solved exercise graded in the handout: public checks, and the grade
# says what is left to the instructor.
HS=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$HS"
cp "$HS"/* "$HW/exercises/01-1-squared-distance/"
expect_out 0 "graded here: the public checks only.*instructor" \
    "hidden: a solved 01-1 graded in the handout scores the public checks and says the hidden ones are the instructor's" -- \
    env GRADE_NO_SPEED=1 "$HW/tools/grade.sh" 01-1 "$HW/exercises/01-1-squared-distance"
expect_out 0 "score ([0-9]+)/\\1$" "hidden: ... with full marks of the public checks" -- \
    env GRADE_NO_SPEED=1 make -s -C "$HW" grade EX=01-1 DIR=exercises/01-1-squared-distance
# (c) The answer's values cannot be learnt from the handout: the old numbers
# and wrong ones get the same mark, for their form only.
printf '1024 24\n' >"$HW/exercises/01-1-squared-distance/answer.txt"
expect_out 0 "its form: 2 numbers, ok; its values are graded by your instructor" \
    "hidden: the old answer numbers in the handout get credit for their form only" -- \
    env GRADE_NO_SPEED=1 "$HW/tools/grade.sh" 01-1 "$HW/exercises/01-1-squared-distance"
printf '1000 7\n' >"$HW/exercises/01-1-squared-distance/answer.txt"
expect_out 0 "its form: 2 numbers, ok; its values are graded by your instructor" \
    "hidden: ... and wrong numbers the same (the handout is no oracle for the values)" -- \
    env GRADE_NO_SPEED=1 "$HW/tools/grade.sh" 01-1 "$HW/exercises/01-1-squared-distance"
expect_out 0 "^graded=public$" "hidden: the result file says the grade was the public one" -- \
    sh -c 'GRADE_NO_SPEED=1 "$0/tools/grade.sh" --result "$1/r" 01-1 "$0/exercises/01-1-squared-distance" >/dev/null; cat "$1/r"' "$HW" "$HS"
printf '1024\n' >"$HW/exercises/01-1-squared-distance/answer.txt"
expect_out 1 "answer.txt holds 1 number; the question asks for 2" "hidden: the handout still checks the answer's form" -- \
    env GRADE_NO_SPEED=1 "$HW/tools/grade.sh" 01-1 "$HW/exercises/01-1-squared-distance"

# (d) The instructor's grade compares the values: a wrong one fails, and an
# instructor folder named by GRADE_HIDDEN is the one used.
printf '1024 25\n' >"$HS/answer.txt"
expect_out 1 "FAIL the answer in answer.txt.*not right" "hidden: the instructor's grade fails a wrong answer value" -- \
    env GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$HS"
HK=$(mktemp -d)
mkdir -p "$HK/01-1-squared-distance/instructor"
printf '1000 7\n' >"$HK/01-1-squared-distance/instructor/answer"
printf '1000 7\n' >"$HS/answer.txt"
expect_out 0 "score ([0-9]+)/\\1$" "hidden: GRADE_HIDDEN=DIR: the key of that folder decides the values" -- \
    env GRADE_HIDDEN="$HK" GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$HS"
printf '1024 24\n' >"$HS/answer.txt"
expect_out 1 "not right" "hidden: GRADE_HIDDEN=DIR: ... and the repository's key is not used then" -- \
    env GRADE_HIDDEN="$HK" GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$HS"
expect_out 2 "error: GRADE_HIDDEN=" "hidden: GRADE_HIDDEN naming no folder: one line, exit 2" -- \
    env GRADE_HIDDEN="$HK/none" tools/grade.sh 01-1 "$HS"
rm -rf "$HK"

# (e) An SI thousands separator: 256 000 is one number.
H2=$(mktemp -d)
tools/starters.sh solve 02-2-tiled-distance "$H2"
printf '256 000 1000\n' >"$H2/answer.txt"
expect_out 0 "score ([0-9]+)/\\1$" "hidden: 256 000 (an SI thousands separator) reads as one number" -- \
    env GRADE_NO_SPEED=1 tools/grade.sh 02-2 "$H2"
# The instructor's grade runs the hidden cases: more checks than the handout's.
expect_out 0 "score 15/15$" "hidden: the instructor's grade of 02-2 adds its hidden cases (15 checks, 13 public)" -- \
    env GRADE_NO_SPEED=1 tools/grade.sh 02-2 "$H2"
cp "$H2"/* "$HW/exercises/02-2-tiled-distance/"
expect_out 0 "score 13/13$" "hidden: ... and the handout's grade of the same attempt runs 13" -- \
    env GRADE_NO_SPEED=1 "$HW/tools/grade.sh" 02-2 "$HW/exercises/02-2-tiled-distance"
rm -rf "$H2"

# (g) The handout's search for solution text: none in the handout made here,
# and a solution line (or an answer key) planted in a copy is found.
expect_out 0 "holds no solution" "hidden: tools/handout.sh --check finds no solution text in the handout" -- \
    tools/handout.sh --check "$HW"
HL=$(mktemp -d)
cp -r "$HW" "$HL/w"
leak=$(unifdef -DSOLUTION=1 solutions/07-3-lanes/lanes.c | grep -m1 'idle lanes of a short group')
printf '\nA hint from a friend:\n\n    %s\n' "$leak" >>"$HL/w/exercises/07-3-lanes/README.md"
expect_out 1 "solution or answer text at .*07-3-lanes/README.md" "hidden: a solution line planted in a README of the handout is found" -- \
    tools/handout.sh --check "$HL/w"
cp -r "$HW" "$HL/k"
mkdir -p "$HL/k/exercises/01-1-squared-distance/instructor"
cp solutions/01-1-squared-distance/instructor/answer "$HL/k/exercises/01-1-squared-distance/instructor/"
expect_out 1 "instructor's file .* is in the handout" "hidden: an answer key planted in the handout is found" -- \
    tools/handout.sh --check "$HL/k"
# make lab's grade logs (results/*/lab/logs) name the hidden cases: not in
# the handout, and found where planted.
expect 1 "hidden: the handout holds no grade logs of make lab" -- sh -c 'ls -d "$1"/results/*/lab/logs 2>/dev/null | grep -q .' sh "$HW"
cp -r "$HW" "$HL/g"
mkdir -p "$HL/g/results/h100/lab/logs"
cp results/h100/lab/logs/solution-02-2-tiled-distance.log "$HL/g/results/h100/lab/logs/"
expect_out 1 "grade logs .* are in the handout" "hidden: a grade log planted in the handout is found" -- \
    tools/handout.sh --check "$HL/g"
rm -rf "$HL" "$HS" "$HIDDEN_HO"
