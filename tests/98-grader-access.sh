# What a statement requires of a kernel's memory access, marked by the
# grader (tools/see/required.txt): 06-3's reads along rows, 04-3's coalesced
# loop. The figure is make see's access plugin under Oclgrind (segments of
# 128 bytes per warp of 32); where the plugin or Oclgrind cannot run, the
# check is not counted and the grade says so and is provisional.

if [ ! -d solutions ]; then
    pass "grader access checks: no solutions/ here (a handout): the grader's tests are the instructors'"
    return 0
fi
expect 0 "grader access checks: the access plugin builds (make grade-plugin)" -- make -s build/see/access-plugin.so

# access_attempt EX NAME: the solution with the corpus attempt's files on top
access_attempt() {
    local w
    w=$(mktemp -d)
    tools/starters.sh solve "$1" "$w"
    find "tests/grader-corpus/$1/$2" -maxdepth 1 -type f ! -name expect ! -name graded-in-full -exec cp {} "$w/" \;
    echo "$w"
}
acc_rows=$(access_attempt 06-3-local-index reads-down-columns)
acc_loop=$(access_attempt 04-3-add-block-sums strided-loop)
acc_sol6=$(mktemp -d) acc_sol4=$(mktemp -d)
tools/starters.sh solve 06-3-local-index "$acc_sol6"
tools/starters.sh solve 04-3-add-block-sums "$acc_sol4"

# The wrong attempts: right results, the access the statement rules out.
expect_out 1 "FAIL the reads go along rows of in, as the statement asks: reads go down columns: [0-9.]+ memory segments per warp of 32 \\(transpose\\.cl:[0-9]+\\) where the statement.s row-wise reads take about [0-9.]+" \
    "grader access: 06-3 reading down columns loses a mark, with the figure" -- env GRADE_NO_SPEED=1 tools/grade.sh 06-3 "$acc_rows"
expect_out 1 "reads go down columns: [0-9.]+ memory segments" \
    "grader access: 06-3 reading down columns loses a mark without bubblewrap too" -- env GRADE_SANDBOX=0 GRADE_NO_SPEED=1 tools/grade.sh 06-3 "$acc_rows"
expect_out 1 "FAIL the loop is coalesced, as the statement.s goal asks: the loop is not coalesced .*: [0-9.]+ memory segments per warp of 32 \\(add_sums\\.cl:[0-9]+\\)" \
    "grader access: 04-3 whose work-items each take a run of the tile loses a mark" -- env GRADE_NO_SPEED=1 tools/grade.sh 04-3 "$acc_loop"

# The solutions pass it with margin: their figure at most half the bound.
access_margin() { # EX DIR
    local out line fig most
    out=$(GRADE_NO_SPEED=1 tools/grade.sh "$1" "$2") || { echo "$out"; return 1; }
    line=$(echo "$out" | grep -E '^  PASS .*\((reads|writes): [0-9.]+ segments per warp of 32, at most [0-9.]+\)$') || { echo "$out"; return 1; }
    fig=$(echo "$line" | sed -E 's/.*: ([0-9.]+) segments per warp of 32, at most ([0-9.]+)\)$/\1/')
    most=$(echo "$line" | sed -E 's/.*: ([0-9.]+) segments per warp of 32, at most ([0-9.]+)\)$/\2/')
    echo "$line"
    awk -v f="$fig" -v m="$most" 'BEGIN { exit !(f + 0 <= m / 2) }'
}
expect 0 "grader access: 06-3's solution reads along rows at most half the bound" -- bash -c "$(declare -f access_margin); access_margin 06-3 '$acc_sol6'"
expect 0 "grader access: 04-3's solution's loop at most half the bound" -- bash -c "$(declare -f access_margin); access_margin 04-3 '$acc_sol4'"

# Counted in the max only where it can be made.
expect 0 "grader access: --max counts the access check where Oclgrind and the plugin run" -- \
    bash -c 'a=$(tools/grade.sh --max 06-3) && b=$(OCLGRIND= tools/grade.sh --max 06-3) && [ "$a" -eq $((b + 1)) ]'
access_unchecked() { # ENV...: the attempt keeps the checker's marks, the grade says what it could not check
    local out
    out=$(env "$@" GRADE_NO_SPEED=1 tools/grade.sh 06-3 "$acc_rows")
    echo "$out"
    echo "$out" | grep -q '^  NOT CHECKED the reads go along rows of in' &&
        echo "$out" | grep -q '^exercise 06-3-local-index: score 7/7$' &&
        echo "$out" | grep -Eq '^status: passed, provisional: .*access check'
}
expect 0 "grader access: without Oclgrind the access check is not counted, and the grade is provisional" -- \
    bash -c "$(declare -f access_unchecked); acc_rows='$acc_rows'; access_unchecked OCLGRIND="
expect 0 "grader access: without the plugin the access check is not counted, and the grade is provisional" -- \
    bash -c "$(declare -f access_unchecked); acc_rows='$acc_rows'; access_unchecked SEE_PLUGIN=/nonexistent/access-plugin.so"
# A plugin that does not load is the grader's trouble: a right kernel keeps
# its marks, the check is not counted, and the grade says it is provisional.
expect_out 0 'NOT CHECKED the reads go along rows of in, as the statement asks: not measured: .*not your fault' \
    "grader access: a plugin that does not load costs a right kernel no mark" -- \
    bash -c "out=\$(SEE_PLUGIN=\$PWD/tools/see/required.txt GRADE_NO_SPEED=1 tools/grade.sh 06-3 '$acc_sol6'); echo \"\$out\"; echo \"\$out\" | grep -q '^exercise 06-3-local-index: score 7/7\$' && echo \"\$out\" | grep -q '^status: passed, provisional: the access check could not be made'"
# The result file for grade-all: the failed check and its reason.
expect 0 "grader access: the result file holds the access check's failure" -- bash -c \
    "r=\$(mktemp); GRADE_NO_SPEED=1 tools/grade.sh --result \"\$r\" 06-3 '$acc_rows' >/dev/null; grep -q '^check=fail	the reads go along rows of in, as the statement asks	reads go down columns: ' \"\$r\" && grep -q '^score=7\$' \"\$r\" && grep -q '^max=8\$' \"\$r\"; s=\$?; rm -f \"\$r\"; exit \$s"
rm -rf "$acc_rows" "$acc_loop" "$acc_sol6" "$acc_sol4"
# The gradebook (tools/gradebook.py) shows a check the grade could not make
# as not checked, and leaves it out of the points.
expect_out 0 '^7 7 NOT CHECKED$' "grader access: the gradebook leaves an access check that could not be made out of the points" -- bash -c \
    "w=\$(mktemp -d); s=\$(mktemp -d); tools/starters.sh solve 06-3-local-index \"\$s\"; OCLGRIND= GRADE_NO_SPEED=1 tools/grade.sh --result \"\$w/r\" 06-3 \"\$s\" >/dev/null
     python3 -c 'import sys; sys.path.insert(0, \"tools\"); import gradebook as g
r = g.parse_result(sys.argv[1]); t, m = g.per_check(None, \"06-3-local-index\", r)
print(len(t), int(m), \"NOT CHECKED\" if [c for c in r[\"checks\"] if c[\"unchecked\"]] else \"-\")' \"\$w/r\"; rm -rf \"\$w\" \"\$s\""
