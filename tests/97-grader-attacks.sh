# Attacks on the grader itself, each one a test that failed on the grader
# before it was hardened (or says that it held already): refusals that hold
# without the sandbox, nothing a student controls hangs, crashes or speaks
# for the grader, class folders that are links or formulas, and a
# solutions/ folder graded as it is.

if [ ! -d solutions ]; then
    pass "grader attacks: no solutions/ here (a handout): the grader's tests are the instructors'"
    return 0
fi

# ---- refusals that hold without the sandbox -------------------------------------
# The answer of 04-3 read from solutions/ by #import, or by an #include behind
# an empty comment: refused before anything is built.
w=$(mktemp -d)
printf '#define SOLUTION 1\n#import "%s/solutions/04-3-add-block-sums/add_sums.cl"\n' "$PWD" >"$w/add_sums.cl"
expect_out 3 'add_sums.cl:2: #import is not allowed' "attack: 04-3 #import of the solution, no sandbox" -- \
    env GRADE_SANDBOX=0 OCLGRIND= GRADE_NO_SPEED=1 tools/grade.sh 04-3 "$w"
printf '#define SOLUTION 1\n/***/#include "%s/solutions/04-3-add-block-sums/add_sums.cl"\n' "$PWD" >"$w/add_sums.cl"
expect_out 3 'add_sums.cl:2: #include is not allowed' "attack: 04-3 /***/#include of the solution, no sandbox" -- \
    env GRADE_SANDBOX=0 OCLGRIND= GRADE_NO_SPEED=1 tools/grade.sh 04-3 "$w"
rm -rf "$w"
# Every spelling in the corpus (a ??= trigraph, a comment that a lone carriage
# return ends, a byte-order mark, %: with a continuation -- that one held
# before --, __has_include), without the sandbox.
for a in tests/grader-corpus/01-1-squared-distance/{include-*,import-spelling,has-include}/; do
    w=$(mktemp -d)
    tools/starters.sh solve 01-1-squared-distance "$w"
    cp "$a/sq_dist.cl" "$w/"
    expect_out 3 "$(cat "$a/expect")" "attack: 01-1 $(basename "$a"), no sandbox" -- \
        env GRADE_SANDBOX=0 OCLGRIND= GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w"
    rm -rf "$w"
done
# Student C: #include "/dev/ptmx" blocked the build for good (a read that
# never returns uses no CPU); asm's .incbin reads any file; both refused.
for a in include-dev-ptmx asm-incbin pragma-dependency; do
    w=$(mktemp -d)
    cp "tests/grader-corpus/01-2-launch/$a/launch.c" "$w/"
    expect_out 3 "$(cat "tests/grader-corpus/01-2-launch/$a/expect")" "attack: 01-2 $a, no sandbox, refused at once" -- \
        timeout 60 env GRADE_SANDBOX=0 OCLGRIND= GRADE_NO_SPEED=1 tools/grade.sh 01-2 "$w"
    rm -rf "$w"
done
# A header by its plain name and a system header still build.
w=$(mktemp -d)
tools/starters.sh solve 01-2-launch "$w"
sed -i '1a #include <stdio.h>\n#include <sys/types.h>\n#include "clu.h"' "$w/launch.c"
expect_out 0 'score 7/7' "grader: 01-2 with <stdio.h>, <sys/types.h> and \"clu.h\" builds" -- \
    env GRADE_SANDBOX=0 OCLGRIND= GRADE_NO_SPEED=1 tools/grade.sh 01-2 "$w"
rm -rf "$w"

# ---- nothing the student controls hangs -----------------------------------------
# A compiler that never finishes the student's file (tests/fixtures/slow-cc):
# the build has a wall-clock limit.
w=$(mktemp -d)
tools/starters.sh solve 01-2-launch "$w"
expect_out 3 'did not end within 3 s' "attack: a student build that never ends is stopped at its wall-clock limit" -- \
    timeout 120 env CC="$PWD/tests/fixtures/slow-cc/cc" GRADE_BUILD_SECONDS=3 GRADE_SANDBOX=0 OCLGRIND= GRADE_NO_SPEED=1 \
    tools/grade.sh 01-2 "$w"
rm -rf "$w"
# A student file that is a FIFO is refused, not read (held before).
w=$(mktemp -d)
mkfifo "$w/launch.c"
expect_out 3 'not a plain file' "attack: 01-2 launch.c as a FIFO is refused (held before)" -- \
    timeout 60 env GRADE_SANDBOX=0 OCLGRIND= tools/grade.sh 01-2 "$w"
rm -rf "$w"
# A kernel that never ends costs one check's limit, not every check's (at
# 3 s a check, under 20 s: the time-out, 2 s for the next, none for the
# rest, in each pass; at the default 10 s, 20 under Oclgrind, it took about
# 25 s, and 133 s before the checks after a time-out were hurried). PoCL
# with one thread: the kernel spins one core while it waits, not every one.
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
sed -i 's/y++)/y += 0)/' "$w/sq_dist.cl"
expect_out 0 'not run: an earlier check timed out.*status: timed-out \(graded in ([0-9]|1[0-9])\.[0-9] s' \
    "attack: an endless kernel times out, graded in under 20 s at 3 s a check, the checks after its time-out not waited out" -- \
    sh -c 'POCL_MAX_PTHREAD_COUNT=1 GRADE_CASE_SECONDS=3 GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$0" | tr "\n" " "' "$w"
rm -rf "$w"

# ---- nothing the student writes crashes or speaks for the grader ------------------
# 08-1: report lines out of every range (an event number of 10^9, a read 10^8
# floats past z): the checker reads every field before use, fails the check,
# and leaves no temporary folder behind.
before=$(ls -d /tmp/grade-08-1-* 2>/dev/null | sort)
for a in forged-chunk-line forged-read-far; do
    w=$(mktemp -d)
    tools/starters.sh solve 08-1-double-buffer "$w"
    cp "tests/grader-corpus/08-1-double-buffer/$a/pipeline.c" "$w/"
    expect_out 0 "FAIL 9 chunks[^|]*: [^|]*($(cat "tests/grader-corpus/08-1-double-buffer/$a/expect"))" \
        "attack: 08-1 $a fails its check, no crash" -- sh -c 'GRADE_NO_SPEED=1 tools/grade.sh 08-1 "$0" | tr "\n" "|"' "$w"
    rm -rf "$w"
done
expect 0 "attack: 08-1 forged lines leave no temporary folder" -- \
    test -z "$(comm -13 <(echo "$before") <(ls -d /tmp/grade-08-1-* 2>/dev/null | sort))"
# 01-2: kernel sizes far past the buffers the checker's own kernel runs on.
w=$(mktemp -d)
cp tests/grader-corpus/01-2-launch/forged-sizes/launch.c "$w/"
expect_out 1 'the kernel would access them out-of-bounds' "attack: 01-2 kernel sizes past its buffers are refused" -- \
    env GRADE_NO_SPEED=1 tools/grade.sh 01-2 "$w"
# Student C that says what bubblewrap says and exits 1 (or 125) is graded as
# a program that stopped, never as the sandbox's fault.
cp tests/grader-corpus/01-2-launch/bwrap-forgery/launch.c "$w/"
expect_out 0 'FAIL X=1 Y=5[^|]*the program stopped with exit status 1 inside or after launch_outer_sum' \
    "attack: 01-2 printing bwrap: is not the sandbox's fault" -- \
    sh -c 'GRADE_NO_SPEED=1 tools/grade.sh 01-2 "$0" | tr "\n" "|"' "$w"
sed -i 's/exit(1)/exit(125)/' "$w/launch.c"
expect_out 0 'FAIL X=1 Y=5[^|]*exit status 125 inside or after' "attack: 01-2 exiting 125 is not the sandbox's fault" -- \
    sh -c 'GRADE_NO_SPEED=1 tools/grade.sh 01-2 "$0" | tr "\n" "|"' "$w"
# A program that writes verdict lines on every descriptor from 3 to 63 gets
# no mark for it (held before: the verdict descriptor is closed).
cat >"$w/launch.c" <<'C'
#include "launch.h"
#include <unistd.h>
void launch_outer_sum(clu_env *env, cl_kernel kernel, cl_mem d_A, cl_mem d_B, cl_mem d_C, int X, int Y, size_t wg)
{
    (void)env; (void)kernel; (void)d_A; (void)d_B; (void)d_C; (void)X; (void)Y; (void)wg;
    static const char forged[] = "plan 7\nbegin 0 0 x\nend 0 1\nbegin 1 0 x\nend 1 1\ndone\n";
    for (int fd = 3; fd < 64; fd++)
        if (fd != 7 && write(fd, forged, sizeof forged - 1)) {}
}
C
expect_out 1 'score 0/7' "attack: 01-2 verdict lines on descriptors 3 to 63 add nothing (held before)" -- \
    env GRADE_NO_SPEED=1 tools/grade.sh 01-2 "$w"
rm -rf "$w"

# ---- a solutions/ folder ----------------------------------------------------------
expect_out 2 'tools/starters.sh solve 02-1-group-sum' "grader: a solutions/ folder says how to grade the official solution" -- \
    tools/grade.sh 02-1 solutions/02-1-group-sum

# ---- class folders ------------------------------------------------------------------
# zed -> alice and mallory/01-1 -> ../alice/01-1 take no marks; folders named
# like formulas become cells that start with a quote.
C=$(mktemp -d)
mkdir -p "$C/alice/01-1" "$C/mallory" "$C/=2+5" "$C/@SUM(1+1)" "$C/-cmd"
tools/starters.sh solve 01-1-squared-distance "$C/alice/01-1"
ln -s alice "$C/zed"
ln -s ../alice/01-1 "$C/mallory/01-1"
expect_out 0 'rows written' "grade-all: a class with linked folders" -- \
    env EXERCISES=01-1 GRADE_NO_SPEED=1 OCLGRIND= tools/grade-all.sh "$C"
CSVPY=$(mktemp)
cat >"$CSVPY" <<'PY'
# student exercise -> "score,max,status | reason", the CSV parsed as RFC 4180
import csv, sys
for r in csv.reader(open(sys.argv[1], newline="")):
    if r[0] == sys.argv[2] and r[1] == sys.argv[3]:
        print(",".join(r[2:5]), "|", r[6])
PY
expect_out 0 '^7,7,passed' "grade-all: alice's own folder passes" -- python3 "$CSVPY" "$C/grades.csv" alice 01-1-squared-distance
expect_out 0 '^0,7,failed \| the folder zed/ is a link' "attack: grade-all: a student folder that links to another's is refused" -- \
    python3 "$CSVPY" "$C/grades.csv" zed 01-1-squared-distance
expect_out 0 '^0,7,failed \| the folder mallory/01-1 is a link' "attack: grade-all: an exercise folder that links to another's is refused" -- \
    python3 "$CSVPY" "$C/grades.csv" mallory 01-1-squared-distance
expect 0 "attack: grade-all: no cell starts with = + - @ tab or CR" -- python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
bad = [c for r in rows for c in r if c[:1] in ("=", "+", "@", "\t", "\r") or (c[:1] == "-" and c != "-")]
sys.exit(1 if bad or len(rows) < 6 else 0)' "$C/grades.csv"
expect_out 0 "^0,7,missing" "grade-all: the folder =2+5 is quoted, its row kept" -- python3 "$CSVPY" "$C/grades.csv" "'=2+5" 01-1-squared-distance
rm -rf "$C" "$CSVPY"
