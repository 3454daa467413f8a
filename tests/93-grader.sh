# The grader's own test. Every solution scores full marks, every starter 0,
# and every wrong attempt in tests/grader-corpus/EX/NAME/ (the solution with
# the student's files of that folder on top) loses marks with a message that
# matches the bug class in its `expect` file. Then the forgeries, and a class
# graded to CSV with good, wrong, crashing, non-compiling, endless and forging
# submissions in awkwardly named folders.

# A handout has no solutions/ and no corpus: nothing here to test.
if [ ! -d solutions ]; then
    pass "grader: no solutions/ here (a handout): the grader's tests are the instructors'"
    return 0
fi

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
# ---- the sandbox and the attacks ------------------------------------------------
# Everything a student wrote runs in tools/sandbox.sh: the project (and so
# solutions/ and other students) is not there at all.
expect 1 "sandbox: a kernel's checker cannot see the project" -- tools/sandbox.sh device -- sh -c 'test -e "$0/solutions"' "$PWD"
expect 1 "sandbox: a student's program cannot see the project" -- tools/sandbox.sh bare -- sh -c 'test -e "$0/solutions"' "$PWD"
OUTSIDE=$(mktemp -d)
chmod 777 "$OUTSIDE"
expect 1 "sandbox: and cannot write outside its own /tmp" -- tools/sandbox.sh bare -- sh -c 'echo x 2>/dev/null >"$0/pwned" && exit 0; exit 1' "$OUTSIDE"
expect 1 "sandbox: ... nothing was written" -- test -e "$OUTSIDE/pwned"
rm -rf "$OUTSIDE"
# Student C (exercise 01-2) cannot write the project or see the grader's files.
w=$(mktemp -d)
cat >"$w/launch.c" <<'C'
#include "launch.h"
#include <stdio.h>
#include <stdlib.h>
void launch_outer_sum(clu_env *env, cl_kernel kernel, cl_mem d_A, cl_mem d_B, cl_mem d_C, int X, int Y, size_t wg)
{
    (void)env; (void)kernel; (void)d_A; (void)d_B; (void)d_C; (void)X; (void)Y; (void)wg;
    FILE *f = fopen(PROJECT "/tools/grade.sh", "a");
    fprintf(stderr, "the project is %s\n", f ? "WRITABLE" : "out of reach");
    exit(3);
}
C
sed -i "s|PROJECT|\"$PWD\"|" "$w/launch.c"
expect_out 1 'the project is out of reach' "grader: 01-2's launch.c runs in a sandbox" -- tools/grade.sh 01-2 "$w"
rm -rf "$w"
# 04-3: a kernel that includes the solution is refused before it is built,
# with an absolute path too (and the sandbox would not show it anyway).
w=$(mktemp -d)
printf '#define SOLUTION 1\n#include "%s/solutions/04-3-add-block-sums/add_sums.cl"\n' "$PWD" >"$w/add_sums.cl"
expect_out 3 "add_sums.cl:2: #include is not allowed" "attack: 04-3 including the solution scores 0" -- tools/grade.sh 04-3 "$w"
rm -rf "$w"
# A submitted file that is a link (to the solution) is refused.
w=$(mktemp -d)
ln -s "$PWD/solutions/04-3-add-block-sums/add_sums.cl" "$w/add_sums.cl"
expect_out 3 "not a plain file" "attack: 04-3 as a link to the solution is refused" -- tools/grade.sh 04-3 "$w"
rm -rf "$w"
# A kernel the compiler takes seconds over (20 000 statements behind a branch
# never taken; the constant differs per run so no compiler cache knows it)
# fails as "does not compile" once the compile limit is up, not as slow checks.
w=$(mktemp -d)
awk -v tag="$$" 'BEGIN {
    print "__kernel void sq_dist(__global const float *A, __global const float *B,"
    print "                      __global float *D, const int X, const int Y)"
    print "{\n    int x = get_global_id(0);\n    if (x >= X) return;\n    float s = 0.0f;"
    print "    for (int y = 0; y < Y; y++) { float d = A[x] - B[y]; s += d * d; }"
    print "    if (Y == -" tag ") {"
    for (i = 0; i < 20000; i++) printf "        s = s * %.7ff + B[(x + %d) %% Y];\n", 1.0001 + i * 1e-7, i
    print "    }\n    D[x] = s;\n}"
}' >"$w/sq_dist.cl"
expect_out 3 'sq_dist.cl did not compile within 1 s' "grader: a kernel the compiler never finishes fails as not compiling" \
    -- env GRADE_COMPILE_SECONDS=1 GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w"
rm -rf "$w"
# 01-2 spinning in two processes: each check times out, and when grading
# ends no process of the submission is left.
w=$(mktemp -d)
cp tests/grader-corpus/01-2-launch/spins-forever/launch.c "$w/"
expect_out 1 'timed out' "attack: 01-2 spinning times out" -- env GRADE_CASE_SECONDS=1 tools/grade.sh 01-2 "$w"
sleep 1
expect 1 "attack: 01-2 spinning leaves no process behind" -- pgrep -f '^/grader/runner'
rm -rf "$w"
# 08-1 whose enqueue_chunk ignores SIGTERM and SIGHUP, forks a second process
# into a session of its own and waits for good in both: the check is cut at
# the program's limit and graded as a time-out, and no process is left.
w=$(mktemp -d)
tools/starters.sh solve 08-1-double-buffer "$w"
cp tests/grader-corpus/08-1-double-buffer/waits-forever-unkillable/pipeline.c "$w/"
expect_out 0 'FAIL 9 chunks[^|]*: timed out after 3 s: does enqueue_chunk wait .* status: timed-out' \
    "attack: 08-1 waiting for good, SIGTERM ignored, forked: a time-out at its limit" -- \
    sh -c 'GRADE_NO_SPEED=1 tools/grade.sh 08-1 "$0" | tr "\n" " "' "$w"
sleep 1
expect 1 "attack: 08-1 ... leaves no process behind" -- pgrep -f '^/grader/runner'
rm -rf "$w"
# EX and DIR never pass through a shell: a folder name with a backquote
# runs nothing, one with a double quote grades.
PWNED=$(mktemp -u)
expect_out 2 'is not a folder' "make grade: DIR with a backquote runs nothing" -- make -s grade EX=02-1 "DIR=x\`touch $PWNED\`"
expect 1 "make grade: ... and nothing was created" -- test -e "$PWNED"
w=$(mktemp -d)/'a "quoted" folder'
mkdir -p "$w"
tools/starters.sh solve 01-1-squared-distance "$w"
expect_out 0 'score 7/7$' 'make grade: a folder with " in its name' -- env GRADE_NO_SPEED=1 make -s grade EX=01-1 "DIR=$w"
# A check that times out costs only itself.
sed -i 's/y++)/y += (X == 63 ? 0 : 1))/' "$w/sq_dist.cl"
expect_out 1 'score 6/7$' "grader: a time-out costs only its own check" -- env GRADE_CASE_SECONDS=2 GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w"
# Without Oclgrind the grade goes on and says which checks it could not make.
tools/starters.sh solve 01-1-squared-distance "$w"
expect_out 0 'hazard checks not run' "grader: without Oclgrind it grades and says so" -- env OCLGRIND= GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w"
rm -rf "$(dirname "$w")"
# A barrier some work-items skip is named as such, in the checks Oclgrind
# runs and as the likely cause in those it does not (02-2 returning early).
w=$(mktemp -d)
tools/starters.sh solve 02-2-tiled-distance "$w"
cp tests/grader-corpus/02-2-tiled-distance/early-return/sq_dist_tiled.cl "$w/"
expect_out 1 'D\[1000\] was written.*Oclgrind saw barrier divergence.*the likely cause' \
    "grader: a device-only failure names the barrier divergence Oclgrind saw" -- env GRADE_NO_SPEED=1 tools/grade.sh 02-2 "$w"
rm -rf "$w"
# Where the sandbox cannot run, the grade goes on and says so.
w=$(mktemp -d)
tools/starters.sh solve 01-2-launch "$w"
expect_out 0 'note: no sandbox: .*score 7/7' "grader: without the sandbox it grades and says so" -- \
    sh -c 'GRADE_SANDBOX=0 GRADE_NO_SPEED=1 tools/grade.sh 01-2 "$0" | tr "\n" " "' "$w"
rm -rf "$w"
# No speed tier from a device whose profiling counters are a counter
# (Mesa's rusticl on llvmpipe: start 2, end 3), where it is installed.
if RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl build/01-hello-world --list 2>/dev/null | grep -q llvmpipe; then
    w=$(mktemp -d)
    tools/starters.sh solve 03-1-saxpy4 "$w"
    expect_out 0 'speed tier: not timed: .*timestamps are not times' "grader: no tier from untrustworthy timestamps" -- \
        env RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl tools/grade.sh 03-1 "$w"
    rm -rf "$w"
fi
# A trailing slash (tab completion) and a path name the exercise too.
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
expect_out 0 'score 7/7$' "grader: EX with a trailing slash" -- env GRADE_NO_SPEED=1 tools/grade.sh 01-1-squared-distance/ "$w"
expect_out 0 'score 7/7$' "grader: EX as the exercise's path" -- env GRADE_NO_SPEED=1 tools/grade.sh exercises/01-1-squared-distance/ "$w"
# An OpenCL implementation whose wait never returns and which takes SIGALRM
# for itself (tests/fixtures/stuck-wait/, preloaded, so without the
# sandbox): the checker's watchdog process still ends that check at its
# limit, as a time-out, and the checks after it are graded.
cc -shared -fPIC -O1 -o "$BIN/stuck-wait.so" tests/fixtures/stuck-wait/stuck-wait.c -ldl
once=$(mktemp -u)
expect_out 0 'FAIL X=1 Y=1, [^|]*: timed out after 2 s on the device.* score 6/7 status: timed-out' \
    "grader: a wait the runtime never ends, SIGALRM taken, costs only its check" -- \
    sh -c 'GRADE_SANDBOX=0 OCLGRIND= STUCK_WAIT_ONCE="$1" LD_PRELOAD="$2" GRADE_CASE_SECONDS=2 GRADE_PASS_SECONDS=40 \
        GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$0" | tr "\n" " "' "$w" "$once" "$PWD/$BIN/stuck-wait.so"
rm -f "$once"
# The same on 08-1, where the checker carries out the student's pipeline:
# its first wait never returns (as every wait across queues did on rusticl
# 22.3 before the checker flushed its queues).
w81=$(mktemp -d)
tools/starters.sh solve 08-1-double-buffer "$w81"
expect_out 0 'FAIL 9 chunks[^|]*: timed out after 2 s on the device: the device did not finish the commands your program asked for.* score 6/7 status: timed-out' \
    "grader: 08-1 whose replay never returns costs only its check" -- \
    sh -c 'GRADE_SANDBOX=0 OCLGRIND= STUCK_WAIT_ONCE="$1" LD_PRELOAD="$2" GRADE_CASE_SECONDS=2 GRADE_PASS_SECONDS=40 \
        GRADE_NO_SPEED=1 tools/grade.sh 08-1 "$0" | tr "\n" " "' "$w81" "$once" "$PWD/$BIN/stuck-wait.so"
rm -rf "$once" "$w81"
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
    "$C/ivan/01-1" "$C/alice/07-3" "$C/oscar/07-3"
tools/starters.sh solve 07-3-lanes "$C/alice/07-3"
# oscar's lanes.c forges rows of the CSV, overwrites alice's lanes.c and
# leaves a file in the class folder, from a constructor.
cat >"$C/oscar/07-3/lanes.c" <<'C'
#include "lanes.h"
#include <stdio.h>
static void forge(void) __attribute__((constructor));
static void forge(void)
{
    FILE *f = fopen(CLASS "/grades.csv", "a");
    if (f) { fprintf(f, "\"oscar\",\"07-3-lanes\",\"99\",\"99\",\"passed\",\"gold\"\r\n"); fclose(f); }
    f = fopen(CLASS "/alice/07-3/lanes.c", "w");
    if (f) { fputs("this is not C\n", f); fclose(f); }
    f = fopen(CLASS "/PWNED", "w");
    if (f) fclose(f);
}
double busy_lanes(const uint64_t *nodes, size_t items, size_t simd) { (void)nodes, (void)items, (void)simd; return 1.0; }
double busy_lanes_by_size(const uint64_t *nodes, size_t items, size_t simd) { (void)nodes, (void)items, (void)simd; return 1.0; }
C
sed -i "s|CLASS|\"$C\"|" "$C/oscar/07-3/lanes.c"
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
expect_out 0 '^0,7,failed \| two folders' "grade-all: 01-1/ beside 01-1-squared-distance/: rows with the max" -- $(csvrow) bob 01-1-squared-distance
expect 0 "grade-all: ... one row for the two folders, saying which was graded" -- test "$(grep -c '^"bob","01-1-squared-distance","0","7","failed","-","two folders for 01-1-squared-distance in bob/: graded 01-1-squared-distance/, not 01-1/' "$C/grades.csv")" -eq 1
expect_out 0 '^0,7,does-not-build \| .*dave/01-2/launch.c:2' "grade-all: C that does not compile, '/* score */' ignored" -- $(csvrow) dave 01-2-launch
expect_out 0 '^0,7,timed-out \| .*timed out' "grade-all: an endless kernel times out; the checks after it are not waited out" -- $(csvrow) erin 01-1-squared-distance
expect_out 0 '^0,7,does-not-build \| .*frank/01-1/sq_dist.cl:2' "grade-all: a kernel that does not compile, '/* score */' ignored" -- $(csvrow) frank 01-1-squared-distance
expect_out 0 '^0,7,failed \| .*(launched no kernel|never written)' "grade-all: a constructor that forges PASS lines" -- $(csvrow) gina 01-2-launch
expect_out 0 '^[0-6],7,(crashed|failed) \| .*(out-of-bounds write|crashed)' "grade-all: a stray far write" -- $(csvrow) ivan 01-1-squared-distance
expect_out 0 '^0,7,missing \| no folder' "grade-all: an exercise not handed in is missing, 0 of its max" -- $(csvrow) alice 01-2-launch
expect_out 0 '^16,16,passed \| $' "attack: 07-3 constructor cannot touch a classmate's file or grade" -- $(csvrow) alice 07-3-lanes
expect_out 0 '^[0-9]+,16,failed' "attack: 07-3 constructor gets its own marks only" -- $(csvrow) oscar 07-3-lanes
expect 1 "attack: 07-3 constructor forged no CSV row" -- grep -q '"99"' "$C/grades.csv"
expect 1 "attack: 07-3 constructor left no file in the class folder" -- test -e "$C/PWNED"
expect 0 "attack: 07-3 constructor did not change a classmate's file" -- grep -q busy_lanes "$C/alice/07-3/lanes.c"
expect_out 0 'file:line|sq_dist.cl:[0-9]+' "grade-all: a reason names student, exercise folder and file:line" -- grep -E 'carol,jr/01-1-squared-distance/sq_dist.cl:[0-9]+' "$C/grades.csv"
expect_out 0 '^0,0,failed \| the folder hank/zz-9 names no exercise' "grade-all: a folder that names no exercise" -- $(csvrow) hank zz-9
expect 0 "grade-all: every row has 12 fields, and every exercise row a max" -- python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
ok = len(rows) > 20 and all(len(r) == 12 for r in rows)
ok = ok and all(int(r[3]) > 0 for r in rows[1:] if "names no exercise" not in r[6])
sys.exit(0 if ok else 1)' "$C/grades.csv"
rm -rf "$C" "$CSVPY"
