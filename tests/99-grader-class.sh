# grade-all on a class with good, wrong, crashing, non-compiling, endless
# and forging submissions in awkwardly named folders, graded to CSV: every
# row as it should be, nothing a submission does reaches another's files
# or the CSV. (Beside other test files: the right checks take a fraction of
# their 3 s limit on a busy machine.)

# A handout has no solutions/: nothing here to test.
if [ ! -d solutions ]; then
    pass "grader class: no solutions/ here (a handout): the grader's tests are the instructors'"
    return 0
fi

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
# (erin's kernel never ends: PoCL on one thread spins one core, not every one)
expect_out 0 'rows written' "grade-all: grades a class" -- \
    env GRADE_CASE_SECONDS=3 GRADE_NO_SPEED=1 POCL_MAX_PTHREAD_COUNT=1 tools/grade-all.sh "$C"
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
expect_out 0 '^18,18,passed \| $' "attack: 07-3 constructor cannot touch a classmate's file or grade" -- $(csvrow) alice 07-3-lanes
expect_out 0 '^[0-9]+,18,failed' "attack: 07-3 constructor gets its own marks only" -- $(csvrow) oscar 07-3-lanes
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
