# The grader's own test: grades that cannot be forged, the sandbox and the
# attacks, the make targets, and the grade without Oclgrind, without the
# sandbox and on rusticl. The solutions, starters and the corpus of wrong
# attempts are graded in tests/93-grader-NN.sh; the checks under time limits
# and a class graded to CSV in tests/99-grader-class.sh.

# A handout has no solutions/ and no corpus: nothing here to test.
if [ ! -d solutions ]; then
    pass "grader: no solutions/ here (a handout): the grader's tests are the instructors'"
    return 0
fi

# The solutions, the starters and the corpus of wrong attempts are graded in
# tests/93-grader-NN.sh, one file a lesson; the checks that depend on time
# limits, in tests/99-grader-timeouts.sh, and on no other grade running, in
# tests/99-grader-limits.sh.
missing_corpus=$(for sol in solutions/*/; do
    n=$(basename "$sol" | cut -c1-2); [ -f "tests/93-grader-$n.sh" ] || echo "tests/93-grader-$n.sh"
done | sort -u | paste -sd' ')
expect 0 "grader: each lesson with exercises has its tests/93-grader-NN.sh (tests/lib-corpus.sh)" -- test -z "$missing_corpus"

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
# EX and DIR never pass through a shell: a folder name with a backquote
# runs nothing, one with a double quote grades.
PWNED=$(mktemp -u)
expect_out 2 'is not a folder' "make grade: DIR with a backquote runs nothing" -- make -s grade EX=02-1 "DIR=x\`touch $PWNED\`"
expect 1 "make grade: ... and nothing was created" -- test -e "$PWNED"
w=$(mktemp -d)/'a "quoted" folder'
mkdir -p "$w"
tools/starters.sh solve 01-1-squared-distance "$w"
expect_out 0 'score 7/7$' 'make grade: a folder with " in its name' -- env GRADE_NO_SPEED=1 make -s grade EX=01-1 "DIR=$w"
# Without Oclgrind the grade goes on and says which checks it could not make.
tools/starters.sh solve 01-1-squared-distance "$w"
expect_out 0 'hazard checks not run' "grader: without Oclgrind it grades and says so" -- env OCLGRIND= GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w"
rm -rf "$(dirname "$w")"
# With Oclgrind the grade keeps every check the device failed, in the
# device's words (tests/lib-corpus.sh grades a wrong attempt with the
# device's checks alone where they already name its bug): an attempt both
# fail, in other words (01-1 guard-off-by-one), graded both ways; and the
# comparison fails where the whole grade lost a check the device failed.
# DEVICE_LOG WHOLE_LOG: each "FAIL what: why" of the first, in the second
device_fails_kept='NR == FNR { if (sub(/^  FAIL /, "")) want[$0] = 1; next }
    /^  FAIL / { for (w in want) { i = index(w, ": ")
                 if (index($0, "  FAIL " substr(w, 1, i + 1)) == 1 && index($0, substr(w, i + 2))) delete want[w] } }
    END { n = 0; for (w in want) { print "not kept: " w; n++ }; exit (n > 0) }'
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
cp tests/grader-corpus/01-1-squared-distance/guard-off-by-one/sq_dist.cl "$w/"
env OCLGRIND= GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w" >"$w.device" 2>&1
env GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w" >"$w.whole" 2>&1
expect 0 "grader: the whole grade keeps each check the device failed, in its words (a wrong guard)" -- \
    awk "$device_fails_kept" "$w.device" "$w.whole"
expect 0 "grader: ... and the device failed checks there, which Oclgrind worded otherwise" -- \
    sh -c 'grep -q "^  FAIL " "$1" && grep -q "under Oclgrind: .*; on the device: " "$2"' sh "$w.device" "$w.whole"
tools/starters.sh solve 01-1-squared-distance "$w"
env GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w" >"$w.solved" 2>&1
expect_out 1 'not kept: ' "grader: the comparison fails where a failed check is gone (the solution's grade)" -- \
    awk "$device_fails_kept" "$w.device" "$w.solved"
rm -rf "$w" "$w.device" "$w.whole" "$w.solved"
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
# Where the device's profiling counters are a counter (Mesa's rusticl on
# llvmpipe: start 2, end 3), the tier is timed by the grader's own clock and
# says so: the official solution reaches silver there, and the same kernel
# made about ten times slower (each float4 computed again 200 times in a
# chain no compiler may fold) does not.
if RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl build/01-hello-world --list 2>/dev/null | grep -q llvmpipe; then
    w=$(mktemp -d)
    tools/starters.sh solve 03-1-saxpy4 "$w"
    expect_out 0 "timer: the device's profiling timestamps are not times .*own clock.*speed tier: (gold|silver)" \
        "grader: rusticl's counters are no clock: the tier is timed by the host clock, silver or better for the solution" -- \
        sh -c 'RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl tools/grade.sh 03-1 "$0" | tr "\n" " "' "$w"
    sed -i 's|vstore4(a \* xv + yv, i, y);|float4 r = a * xv + yv; for (int t = 0; t < 200; t++) r = fma(r, 0.0f, a * xv + yv); vstore4(r, i, y);|' "$w/saxpy4.cl"
    grep -q 't < 200' "$w/saxpy4.cl" || fail "grader: the slowed 03-1 kernel is made" "the sed did not apply" "sed saxpy4.cl"
    expect_out 0 "score 11/11 speed tier: (none|bronze)" \
        "grader: on rusticl's host clock a kernel ten times slower than the solution gets no silver" -- \
        sh -c 'RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl tools/grade.sh 03-1 "$0" | tr "\n" " "' "$w"
    rm -rf "$w"
    # Sums never set to zero start at zero on rusticl (and on an H200 now
    # and then), so the outputs come out right there: Oclgrind's report of
    # the value never written decides, on every device.
    w=$(mktemp -d)
    tools/starters.sh solve 10-2-cpu-rows "$w"
    cp tests/grader-corpus/10-2-cpu-rows/sums-not-zeroed/gemm_rows.cl "$w/"
    if command -v oclgrind >/dev/null; then
        expect_out 1 "FAIL M=1 N=8 K=1, [^:]*: under Oclgrind: read of a value never written .*gemm_rows.cl:17" \
            "grader: sums never zeroed lose marks where the device's private memory starts at zero (rusticl)" -- \
            env RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl GRADE_NO_SPEED=1 tools/grade.sh 10-2 "$w"
    fi
    rm -rf "$w"
fi
# A trailing slash (tab completion) and a path name the exercise too.
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
expect_out 0 'score 7/7$' "grader: EX with a trailing slash" -- env GRADE_NO_SPEED=1 tools/grade.sh 01-1-squared-distance/ "$w"
expect_out 0 'score 7/7$' "grader: EX as the exercise's path" -- env GRADE_NO_SPEED=1 tools/grade.sh exercises/01-1-squared-distance/ "$w"
# (A kernel that never ends: tests/97-grader-attacks.sh.)
# A build error names the student's file and shows the build log.
printf '__kernel void sq_dist(__global const float *A) { oops }\n' >"$w/sq_dist.cl"
expect_out 3 "error: $w/sq_dist.cl:1:[0-9]+" "grader: a kernel that does not compile names the student's file" -- tools/grade.sh 01-1 "$w"
rm -rf "$w"

