# The grader's own test. Every solution scores full marks, every starter 0,
# and every wrong attempt in tests/grader-corpus/EX/NAME/ (the solution with
# the student's files of that folder on top) loses marks with a message that
# matches the bug class in its `expect` file. Then the forgeries, and a class
# graded to CSV with good, wrong, crashing, non-compiling, endless and forging
# submissions in awkwardly named folders.

# grade_attempt NAME EX DIR REGEX: marks lost, and the output names the bug
grade_attempt() {
    local name=$1 ex=$2 dir=$3 re=$4
    run_cmd env GRADE_NO_SPEED=1 tools/grade.sh "$ex" "$dir"
    local score
    score=$(sed -n 's/^exercise .*: score \([0-9]*\)\/\([0-9]*\)$/\1 \2/p' "$LOG")
    if [ "$ST" -eq 0 ]; then fail "$name" "it passed (exit 0)" "tools/grade.sh $ex $dir"
    elif [ -n "$score" ] && [ "${score% *}" -ge "${score#* }" ] && [ "${score#* }" -gt 0 ]; then
        fail "$name" "full marks ($score)" "tools/grade.sh $ex $dir"
    elif ! grep -Eq -- "$re" "$LOG"; then fail "$name" "no message matching /$re/" "tools/grade.sh $ex $dir"
    else pass "$name"; fi
}

for sol in solutions/*/; do
    [ -d "$sol" ] || continue
    ex=$(basename "$sol")
    solved=$(mktemp -d)
    tools/starters.sh solve "$ex" "$solved"
    expect_out 0 "score ([0-9]+)/\\1$" "exercise $ex: the solution scores full marks" -- tools/grade.sh "$ex" "$solved"
    expect_out 1 "score 0/" "exercise $ex: the starter scores 0" -- env GRADE_NO_SPEED=1 tools/grade.sh "$ex" "exercises/$ex"
    for attempt in tests/grader-corpus/"$ex"/*/; do
        [ -f "$attempt/expect" ] || continue
        w=$(mktemp -d)
        tools/starters.sh solve "$ex" "$w"
        find "$attempt" -maxdepth 1 -type f ! -name expect -exec cp {} "$w/" \;
        grade_attempt "grader corpus $ex/$(basename "$attempt")" "$ex" "$w" "$(cat "$attempt/expect")"
        rm -rf "$w"
    done
    rm -rf "$solved"
done

# The grade cannot be forged from stdout: a kernel that prints PASS lines and
# a score, and a launch.c whose constructor prints a plan and PASS lines.
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
cp tests/grader-corpus/01-1-squared-distance/printf-forgery/sq_dist.cl "$w/"
expect_out 1 'score 1/7$' "grader: kernel printf cannot add marks" -- tools/grade.sh 01-1 "$w"
rm -rf "$w"
# Student C (exercise 01-2) cannot write the project or see the grader's files.
w=$(mktemp -d)
cat >"$w/launch.c" <<'C'
#include "launch.h"
#include <stdio.h>
#include <stdlib.h>
void launch_outer_sum(clu_env *env, cl_kernel kernel, cl_mem d_A, cl_mem d_B, cl_mem d_C, int X, int Y, size_t wg)
{
    (void)env; (void)kernel; (void)d_A; (void)d_B; (void)d_C; (void)X; (void)Y; (void)wg;
    char path[4096];
    snprintf(path, sizeof path, "%s/tools/grade.sh", getenv("GRADE_ROOT") ? getenv("GRADE_ROOT") : ".");
    FILE *f = fopen(path, "a");
    fprintf(stderr, "the project is %s\n", f ? "WRITABLE" : "read-only");
    exit(3);
}
C
if unshare --user --map-root-user --mount --pid --fork --net true 2>/dev/null; then
    expect_out 1 'the project is read-only' "grader: 01-2's launch.c runs in a sandbox" -- tools/grade.sh 01-2 "$w"
fi
rm -rf "$w"
# A trailing slash (tab completion) and a path name the exercise too.
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
expect_out 0 'score 7/7$' "grader: EX with a trailing slash" -- env GRADE_NO_SPEED=1 tools/grade.sh 01-1-squared-distance/ "$w"
expect_out 0 'score 7/7$' "grader: EX as the exercise's path" -- env GRADE_NO_SPEED=1 tools/grade.sh exercises/01-1-squared-distance/ "$w"
# A kernel that never ends gets a message, not a hang.
sed -i 's/y++)/y += 0)/' "$w/sq_dist.cl"
expect_out 1 'status: timed-out' "grader: an endless kernel times out" -- env GRADE_CASE_SECONDS=3 tools/grade.sh 01-1 "$w"
# A build error names the student's file and shows the build log.
printf '__kernel void sq_dist(__global const float *A) { oops }\n' >"$w/sq_dist.cl"
expect_out 3 "error: $w/sq_dist.cl:1:[0-9]+" "grader: a kernel that does not compile names the student's file" -- tools/grade.sh 01-1 "$w"
rm -rf "$w"

# ---- a class graded to CSV ---------------------------------------------------------
C=$(mktemp -d)
mkdir -p "$C/alice/01-1" "$C/carol,jr/01-1-squared-distance" "$C/mallory\"q/01-1" "$C/bob/01-1" \
    "$C/bob/01-1-squared-distance" "$C/dave/01-2" "$C/erin/01-1" "$C/frank/01-1" "$C/gina/01-2" "$C/hank/zz-9" \
    "$C/ivan/01-1"
tools/starters.sh solve 01-1-squared-distance "$C/alice/01-1"
tools/starters.sh solve 01-1-squared-distance "$C/carol,jr/01-1-squared-distance"
cp tests/grader-corpus/01-1-squared-distance/read-before-guard/sq_dist.cl "$C/carol,jr/01-1-squared-distance/"
cp tests/grader-corpus/01-1-squared-distance/printf-forgery/sq_dist.cl "$C/mallory\"q/01-1/"
tools/starters.sh solve 01-1-squared-distance "$C/bob/01-1"
cp exercises/01-1-squared-distance/* "$C/bob/01-1-squared-distance/"
printf '/* score 6/6 */\nthis is not C\n' >"$C/dave/01-2/launch.c"
tools/starters.sh solve 01-1-squared-distance "$C/erin/01-1"
sed -i 's/y++)/y += 0)/' "$C/erin/01-1/sq_dist.cl"
printf '/* score 7/7 */\n__kernel void sq_dist(oops)\n' >"$C/frank/01-1/sq_dist.cl"
cp tests/grader-corpus/01-2-launch/constructor-forgery/launch.c "$C/gina/01-2/"
tools/starters.sh solve 01-1-squared-distance "$C/ivan/01-1"
cp tests/grader-corpus/01-1-squared-distance/stray-far-write/sq_dist.cl "$C/ivan/01-1/"
expect_out 0 'rows written' "grade-all: grades a class" -- env GRADE_CASE_SECONDS=3 GRADE_NO_SPEED=1 tools/grade-all.sh "$C"
CSVPY=$(mktemp)
cat >"$CSVPY" <<'PY'
# student exercise -> "score,max,status | reason", the CSV parsed as RFC 4180
import csv, sys
for r in csv.reader(open(sys.argv[1], newline="")):
    if r[0] == sys.argv[2] and r[1] == sys.argv[3]:
        print(",".join(r[2:5]), "|", r[6])
PY
csvrow() { echo python3 "$CSVPY" "$C/grades.csv"; }
expect_out 0 '^7,7,passed \| $' "grade-all: a right attempt passes" -- $(csvrow) alice 01-1-squared-distance
expect_out 0 '^[0-6],7,failed \| .*out-of-bounds read' "grade-all: a folder named carol,jr, an out-of-bounds read" -- $(csvrow) 'carol,jr' 01-1-squared-distance
expect_out 0 '^0,7,failed \| .*never written' "grade-all: a folder named mallory\"q, kernel printf forging PASS" -- $(csvrow) 'mallory"q' 01-1-squared-distance
expect_out 0 '^0,0,failed \| two folders' "grade-all: 01-1/ beside 01-1-squared-distance/ is one row" -- $(csvrow) bob 01-1-squared-distance
expect_out 0 '^0,0,does-not-build \| .*dave/01-2/launch.c:2' "grade-all: C that does not compile, '/* score */' ignored" -- $(csvrow) dave 01-2-launch
expect_out 0 '^0,7,timed-out \| .*timed out' "grade-all: an endless kernel" -- $(csvrow) erin 01-1-squared-distance
expect_out 0 '^0,7,does-not-build \| .*frank/01-1/sq_dist.cl:2' "grade-all: a kernel that does not compile, '/* score */' ignored" -- $(csvrow) frank 01-1-squared-distance
expect_out 0 '^0,6,failed \| .*wrote 0 of' "grade-all: a constructor that forges PASS lines" -- $(csvrow) gina 01-2-launch
expect_out 0 '^[0-6],7,(crashed|failed) \| .*(out-of-bounds write|crashed)' "grade-all: a stray far write" -- $(csvrow) ivan 01-1-squared-distance
expect_out 0 '^0,0,missing \| no folder' "grade-all: an exercise not handed in is missing" -- $(csvrow) alice 01-2-launch
expect_out 0 '^0,0,failed \| the folder zz-9 names no exercise' "grade-all: a folder that names no exercise" -- $(csvrow) hank zz-9
expect 0 "grade-all: every row has 9 fields" -- python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
sys.exit(0 if len(rows) > 20 and all(len(r) == 9 for r in rows) else 1)' "$C/grades.csv"
rm -rf "$C" "$CSVPY"
