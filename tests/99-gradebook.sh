# The instructor's gradebook: a generated class of 13 students with the
# usual mess graded by grade-all (two at a time), every output checked
# against its format's published rules (tests/gradebook-specs.py), the
# similarity report, feedback folders, an interrupted run that resumes, and
# the autograder adapters (Gradescope, PrairieLearn, GitHub Classroom).
# Small in CPU: exercises 01-1 and 02-1 only, no speed tier, no Oclgrind,
# a hanging kernel waited 2 s.

if [ ! -d solutions ]; then
    pass "gradebook: no solutions/ here (a handout): the gradebook's tests are the instructors'"
    return 0
fi
SPECS="python3 tests/gradebook-specs.py"
GB_ENV=(env GRADE_CASE_SECONDS=2 GRADE_NO_SPEED=1 OCLGRIND=)

# ---- bad input: one line, exit 2 -------------------------------------------------------
gbw=$(mktemp -d)
mkdir -p "$gbw/class/alice"
expect_bad "grade-all: -j 0 is refused" -- tools/grade-all.sh -j 0 "$gbw/class"
expect_bad "grade-all: -j x is refused" -- tools/grade-all.sh -j x "$gbw/class"
expect_bad "grade-all: --only what" -- tools/grade-all.sh --only what "$gbw/class"
expect_bad "grade-all: a course file that does not exist" -- tools/grade-all.sh --course "$gbw/none.toml" "$gbw/class"
printf '[[exercise]]\nid = "01-1\n' >"$gbw/broken.toml"
expect_bad "gradebook: a course file that is not TOML" -- python3 tools/gradebook.py check --course "$gbw/broken.toml"
printf '[[exercise]]\nid = "99-9"\n' >"$gbw/noex.toml"
expect_bad "gradebook: a course file naming no exercise" -- python3 tools/gradebook.py check --course "$gbw/noex.toml"
printf '[[exercise]]\nid = "01-1"\nweight = "heavy"\n' >"$gbw/weight.toml"
expect_bad "gradebook: a weight that is no number" -- python3 tools/gradebook.py check --course "$gbw/weight.toml"
expect_out 0 'course file: 2 exercises, 2 students' "gradebook: the commented example course file reads" -- \
    python3 tools/gradebook.py check --course tools/course.example.toml
expect_bad "gradebook: results of no grade-all" -- python3 tools/gradebook.py write --csv "$gbw/class/grades.csv" --out "$gbw/out"

# ---- the class -------------------------------------------------------------------
C=$gbw/class
solve() { tools/starters.sh solve "$1" "$2"; }
mkdir -p "$C/alice/01-1" "$C/alice/02-1" "$C/chloé/01-1" "$C/chloé/02-1" "$C/bob/01-1" "$C/bob/01-1-squared-distance" \
    "$C/dave/01-1" "$C/erin/01-1" "$C/frank/01-1" "$C/mallory/02-1-group-sum" "$C/zoe/02-1" "$C/hank/ex5" \
    "$C/hank/01-1" "$C/ivan/02-1" "$C/judy/01-1" "$C/judy/__MACOSX/01-1" "$C/__MACOSX/alice/01-1" "$C/kim/02-1" "$C/leo/01-1"
solve 01-1-squared-distance "$C/alice/01-1"
solve 02-1-group-sum "$C/alice/02-1"
solve 01-1-squared-distance "$C/chloé/01-1"
# chloé's 02-1: written apart from the solution (tests/grader-right/) (a while loop, a shift, the
# work-item's value through a variable): correct, and not a copy.
cp tests/grader-right/02-1-group-sum/while-and-shift/group_sum.cl "$C/chloé/02-1/" # (not in the handout: it is an answer)
solve 01-1-squared-distance "$C/bob/01-1"                        # two folders for 01-1:
cp exercises/01-1-squared-distance/* "$C/bob/01-1-squared-distance/" # the starter in the full name
rm -f "$C"/bob/01-1-squared-distance/{check.c,README.md}
cp exercises/01-1-squared-distance/answer.txt "$C/dave/01-1/"   # sq_dist.cl missing
solve 01-1-squared-distance "$C/erin/01-1"
sed -i 's/y++)/y += 0)/' "$C/erin/01-1/sq_dist.cl"             # a kernel that never ends
solve 01-1-squared-distance "$C/frank/01-1"
printf '__kernel void sq_dist(oops)\n' >"$C/frank/01-1/sq_dist.cl" # does not build
# mallory's 02-1: alice's, comments gone and every name changed
python3 - "$C/alice/02-1/group_sum.cl" "$C/mallory/02-1-group-sum/group_sum.cl" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
s = re.sub(r"/\*.*?\*/", "", s, flags=re.S)
for a, b in (("gid", "g_index"), ("lid", "mine"), ("active", "stride"), (r"\bL\b", "wg"), ("scratch", "tmp_sums")):
    s = re.sub(r"\b%s\b" % a.strip("\\b"), b, s)
open(sys.argv[2], "w").write("// group sum, my own work\n" + s)
PY
cp "$C/chloé/02-1/group_sum.cl" "$C/zoe/02-1/"                 # zoe and chloé: one
sed -i 's/^\/\/ my group sum/\/\/ zoe/' "$C/zoe/02-1/group_sum.cl" # file (a copy too)
solve 01-1-squared-distance "$C/hank/01-1"
cp exercises/02-1-group-sum/group_sum.cl "$C/ivan/02-1/"         # the starters, unchanged:
cp exercises/02-1-group-sum/group_sum.cl "$C/kim/02-1/"          # alike, but no copy
solve 01-1-squared-distance "$C/judy/01-1"
solve 01-1-squared-distance "$C/leo/01-1"
cp tests/grader-corpus/01-1-squared-distance/wrong-answer/answer.txt "$C/leo/01-1/"
touch "$C/.DS_Store" "$C/judy/01-1/.DS_Store" "$C/judy/__MACOSX/01-1/._sq_dist.cl" "$C/__MACOSX/alice/01-1/._sq_dist.cl"
# alice handed 02-1 in on time, everyone else after its deadline
touch -d 2026-01-10T00:00:00Z "$C"/alice/02-1/*
cat >"$gbw/course.toml" <<'TOML'
[course]
name = "test class"
timezone = "Europe/Paris"
gradescope_visibility = "after_published"
[[exercise]]
id = "01-1"
title = "Lab 1: squared distance"
points = 10
weight = 1
deadline = 2099-01-01T00:00:00Z
canvas_id = 101
[[exercise]]
id = "02-1"
title = "Lab 2: group sum"
points = 20
weight = 3
deadline = 2026-02-01T23:59:00
[[student]]
folder = "alice"
name = "Alice Durand"
email = "alice@example.edu"
sis_id = "S01"
canvas_id = 5001
login = "adurand"
section = "A"
[[student]]
folder = "chloé"
name = "Chloé Martin"
email = "chloe@example.edu"
sis_id = "S02"
[[student]]
folder = "bob"
name = "Bob"
email = "bob@example.edu"
sis_id = "=1+1"
[[student]]
folder = "nina"
name = "Nina (handed nothing in)"
email = "nina@example.edu"
sis_id = "S09"
TOML
gbstart=$(date +%s.%N)
expect_out 0 'rows written' "gradebook: grade-all -j 2 grades a class of 13 with a course file" -- \
    "${GB_ENV[@]}" tools/grade-all.sh -j 2 --course "$gbw/course.toml" "$C"
gbtime=$(awk -v a="$gbstart" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
echo "        (grade-all -j 2: ${gbtime} s for the class)"
cp "$LOG" "$gbw/run1.out"
cp "$ERR" "$gbw/run1.err"
G=$C/gradebook
GBROW=$gbw/row.py # student exercise -> "score,max,status | reason"
cat >"$GBROW" <<'PY'
import csv, sys
for r in csv.reader(open(sys.argv[1], newline="", encoding="utf-8-sig")):
    if r[0] == sys.argv[2] and r[1] == sys.argv[3]:
        print(",".join(r[2:5]), "|", r[6])
PY
gbrow() { echo python3 "$GBROW" "$C/grades.csv"; }

# ---- the long CSV, the mess in it --------------------------------------------------
expect 0 "gradebook: the long CSV: 12 fields, RFC 4180, one row per student and exercise, sorted" -- $SPECS long "$C/grades.csv"
expect_out 0 '^7,7,passed' "gradebook: alice's 01-1 passes" -- $(gbrow) alice 01-1-squared-distance
expect_out 0 '^12,12,passed' "gradebook: chloé (an accented folder), her own 02-1 passes" -- $(gbrow) chloé 02-1-group-sum
expect_out 0 '^0,7,failed \| two folders for 01-1-squared-distance in bob/: graded 01-1-squared-distance/, not 01-1/' \
    "gradebook: two folders for one exercise: one row, saying which was graded" -- $(gbrow) bob 01-1-squared-distance
expect 0 "gradebook: ... and only one row for them" -- test "$(grep -c '^"bob","01-1-squared-distance"' "$C/grades.csv")" -eq 1
expect_out 0 '^0,7,missing \| dave/01-1/sq_dist.cl is missing' "gradebook: a missing file" -- $(gbrow) dave 01-1-squared-distance
expect_out 0 '^[01],7,timed-out' "gradebook: a kernel that never ends" -- $(gbrow) erin 01-1-squared-distance
expect_out 0 '^0,7,does-not-build \| frank/01-1/sq_dist.cl' "gradebook: a kernel that does not build, its path relative to the class" -- $(gbrow) frank 01-1-squared-distance
expect_out 0 '^0,0,failed \| the folder hank/ex5 names no exercise' "gradebook: a folder that names no exercise" -- $(gbrow) hank ex5
expect 1 "gradebook: __MACOSX/ and .DS_Store make no row" -- grep -q -e MACOSX -e DS_Store "$C/grades.csv"
expect_out 0 'ignored as junk.*__MACOSX/.*judy/__MACOSX' "gradebook: junk is named once, as ignored" -- cat "$gbw/run1.err"
expect 1 "gradebook: the gradebook folder in the class is no student" -- grep -q '^"gradebook"' "$C/grades.csv"
expect_out 0 ' 27 rows written to .* \(15 graded, 0 unchanged, -j 2\)' "gradebook: one row per student and exercise (13 x 2) and hank's ex5" -- cat "$gbw/run1.out"

# ---- the wide gradebook, Canvas, Moodle ----------------------------------------------
expect 0 "gradebook: wide gradebook: BOM, one row per student (13 folders + nina from the roster), numbers" -- \
    $SPECS wide "$G/gradebook.csv" 14 2
GBWIDE=$gbw/wide.py # student -> the wide gradebook's row, cells joined by |
cat >"$GBWIDE" <<'PY'
import csv, sys
for r in list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8-sig")))[1:]:
    if r[0] == sys.argv[2]:
        print("|".join(r))
PY
gbwide() { echo python3 "$GBWIDE" "$G/gradebook.csv"; }
expect_out 0 '^alice\|Alice Durand\|alice@example.edu\|S01\|10.0\|20.0\|100.0\|no\|\|$' \
    "gradebook: alice: points per exercise, weighted total 100, on time" -- $(gbwide) alice
expect_out 0 '^chloé\|Chloé Martin\|chloe@example.edu\|S02\|10.0\|20.0\|100.0\|yes\|02-1\|$' \
    "gradebook: chloé: her name in UTF-8, late for 02-1" -- $(gbwide) chloé
expect_out 0 '^bob\|Bob\|bob@example.edu\|.=1\+1\|0.0\|0.0\|0.0\|no\|\|two folders' \
    "gradebook: bob: a formula in the roster is quoted, his two folders noted" -- $(gbwide) bob
expect_out 0 '^nina\|Nina.*\|0.0\|0.0\|0.0\|no' "gradebook: a student of the roster who handed nothing in has 0" -- $(gbwide) nina
expect_out 0 '^hank\|.*names no exercise' "gradebook: hank's ex5 noted" -- $(gbwide) hank
expect 0 "gradebook: Canvas import CSV" -- $SPECS canvas "$G/canvas.csv"
expect_out 0 'Lab 1: squared distance \(101\)' "gradebook: Canvas: an assignment with its id" -- head -n 1 "$G/canvas.csv"
expect_out 0 '^Alice Durand,5001,S01,adurand,A,10.0,20.0' "gradebook: Canvas: alice's row" -- grep '^Alice' "$G/canvas.csv"
expect 1 "gradebook: Canvas: no folder the roster does not know" -- grep -q '^zoe' "$G/canvas.csv"
expect 0 "gradebook: Moodle import CSV" -- $SPECS moodle "$G/moodle.csv"
expect_out 0 '^S02,chloe@example.edu,chloé,Chloé Martin,10.0,20.0' "gradebook: Moodle: chloé's row" -- grep '^S02' "$G/moodle.csv"
# Excel's reading: the BOM then the name; LibreOffice opens it as UTF-8 by the BOM
expect_out 0 '^efbbbf' "gradebook: the wide gradebook starts with a UTF-8 BOM" -- sh -c 'head -c 3 "$0" | od -An -tx1 | tr -d " "' "$G/gradebook.csv"

# The format checks reject broken files: no BOM, Canvas's columns out of
# order, a Moodle grade that is text, a formula cell.
tail -c +4 "$G/gradebook.csv" >"$gbw/nobom.csv"
expect 1 "gradebook: (the wide check rejects a file without its BOM)" -- $SPECS wide "$gbw/nobom.csv" 14 2
sed '1s/Student,ID,/ID,Student,/' "$G/canvas.csv" >"$gbw/canvas-bad.csv"
expect 1 "gradebook: (the Canvas check rejects its columns out of order)" -- $SPECS canvas "$gbw/canvas-bad.csv"
sed '2s/,10.0,/,ten,/' "$G/moodle.csv" >"$gbw/moodle-bad.csv"
expect 1 "gradebook: (the Moodle check rejects a grade that is text)" -- $SPECS moodle "$gbw/moodle-bad.csv"
sed '2s/^"alice"/"=alice"/' "$C/grades.csv" >"$gbw/long-bad.csv"
expect 1 "gradebook: (the long CSV check rejects a formula cell)" -- $SPECS long "$gbw/long-bad.csv"

# ---- feedback --------------------------------------------------------------------
expect_out 0 'FAIL  .*timed out after 2 s' "gradebook: erin's feedback has every check's verdict and reason" -- cat "$G/feedback/erin/01-1-squared-distance.txt"
expect 0 "gradebook: ... all seven checks" -- test "$(grep -cE '^  (PASS|FAIL)  ' "$G/feedback/erin/01-1-squared-distance.txt")" -eq 7
expect_out 0 'The grader.s report:' "gradebook: ... and the grader's whole report" -- cat "$G/feedback/erin/01-1-squared-distance.txt"
expect_out 0 '02-1-group-sum: 12/12 checks, 20 of 20 points, passed \(late' "gradebook: chloé's README says she was late" -- cat "$G/feedback/chloé/README.txt"
expect 1 "gradebook: feedback names no instructor's path" -- grep -rq "$gbw" "$G/feedback"

# ---- similar submissions -----------------------------------------------------------
S=$C/similarity.csv
expect_out 0 '^02-1-group-sum,alice,mallory,' "gradebook: sim_c: mallory's renamed copy of alice's 02-1 is flagged" -- grep alice "$S"
expect_out 0 '^02-1-group-sum,chloé,zoe,' "gradebook: sim_c: zoe's copy of chloé's is flagged" -- grep zoe "$S"
expect 1 "gradebook: sim_c: alice's and chloé's independent solutions are not" -- grep -qE '^02-1-group-sum,(alice,chloé|chloé,alice|chloé,mallory|alice,zoe),' "$S"
expect 1 "gradebook: sim_c: two unchanged starters are not (the starter is excluded)" -- grep -q 'ivan,kim' "$S"

# ---- an interrupted run resumes ----------------------------------------------------
# Five of the class (seven submissions to grade) again, from nothing.
cp -r "$C" "$gbw/again"
rm -rf "$gbw/again/gradebook" "$gbw/again/.grades.csv.d" "$gbw/again/grades.csv" "$gbw/again/similarity.csv"
for s in "$gbw/again"/*/; do
    case $(basename "$s") in alice | bob | chloé | hank | leo) ;; *) rm -rf "$s" ;; esac
done
# Stopped (SIGTERM) once it has graded three rows, whatever the machine's
# speed (a fixed number of seconds let a fast machine finish first).
: >"$gbw/stopped.out" # there before the loop below reads it (the job opens it when it starts)
"${GB_ENV[@]}" tools/grade-all.sh -j 2 "$gbw/again" >>"$gbw/stopped.out" 2>&1 &
gpid=$!
for _ in $(seq 1200); do # 120 s at most
    [ "$(grep -cE ' [0-9]+/[0-9]+ ' "$gbw/stopped.out")" -ge 3 ] || ! kill -0 "$gpid" 2>/dev/null && break
    sleep 0.1
done
kill -TERM "$gpid" 2>/dev/null
wait "$gpid"
expect 0 "gradebook: a run stopped after three rows leaves a valid CSV" -- $SPECS long "$gbw/again/grades.csv"
expect_out 0 'stopped; the rows graded so far' "gradebook: ... and says so" -- cat "$gbw/stopped.out"
expect_out 0 '([1-9][0-9]*) unchanged' "gradebook: --only changed goes on and keeps what was graded" -- \
    "${GB_ENV[@]}" tools/grade-all.sh -j 2 --only changed "$gbw/again"
expect 0 "gradebook: ... to the same grades as the whole class's run, row for row" -- python3 -c 'import csv, sys
def grades(p):  # all but the date, of the header and the five students (two rows each, and the ex5 row of hank)
    return [(r[:8], r[9:]) for r in csv.reader(open(p, newline=""))
            if r[0] in ("student", "alice", "bob", "chloé", "hank", "leo")]
sys.exit(grades(sys.argv[1]) != grades(sys.argv[2]) or len(grades(sys.argv[2])) != 12)' "$C/grades.csv" "$gbw/again/grades.csv"
expect_out 0 '\(0 graded, 7 unchanged' "gradebook: a repeated --only changed regrades nothing" -- \
    "${GB_ENV[@]}" tools/grade-all.sh -j 2 --only changed "$gbw/again"
echo '// changed' >>"$gbw/again/hank/01-1/sq_dist.cl"
expect_out 0 '\(1 graded, ' "gradebook: ... and a changed submission only" -- \
    "${GB_ENV[@]}" tools/grade-all.sh -j 2 --only changed "$gbw/again"

# ---- the autograders -----------------------------------------------------------
# Gradescope: the zip, unpacked as Gradescope does, run_autograder on alice's 01-1.
A=$gbw/autograder
mkdir -p "$A/source" "$A/submission/my-folder"
expect_out 0 'gradescope: .*exercise 01-1-squared-distance' "gradebook: Gradescope's zip" -- \
    tools/autograders/gradescope-zip.sh 01-1 "$gbw/gs.zip" "$gbw/course.toml"
(cd "$A/source" && unzip -q "$gbw/gs.zip")
expect 0 "gradebook: ... setup.sh and run_autograder at its root" -- test -x "$A/source/run_autograder" -a -f "$A/source/setup.sh" -a ! -e "$A/source/opencl-workbook/solutions"
cp "$C"/alice/01-1/* "$A/submission/my-folder/"
expect_out 0 'score 7/7' "gradebook: run_autograder grades a submission" -- env AUTOGRADER_ROOT="$A" OCLGRIND= "$A/source/run_autograder"
expect 0 "gradebook: Gradescope results.json follows the spec" -- $SPECS gradescope "$A/results/results.json"
expect_out 0 '"score": 10.0' "gradebook: ... worth the course's points" -- cat "$A/results/results.json"
expect_out 0 '"visibility": "after_published"' "gradebook: ... with the course's visibility" -- cat "$A/results/results.json"
sed 's/"after_published"/"students"/' "$A/results/results.json" >"$gbw/gs-bad.json"
expect 1 "gradebook: (the Gradescope check rejects a visibility the spec has not)" -- $SPECS gradescope "$gbw/gs-bad.json"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["score"] = 3; json.dump(d, open(sys.argv[2], "w"))' \
    "$A/results/results.json" "$gbw/gs-bad2.json"
expect 1 "gradebook: (the Gradescope check rejects a score that is not its tests' sum)" -- $SPECS gradescope "$gbw/gs-bad2.json"
# PrairieLearn: frank's kernel that does not build is not gradable; alice's result is.
P=$gbw/pl
mkdir -p "$P/serverFilesCourse" "$P/tests" "$P/student"
ln -s "$A/source/opencl-workbook" "$P/serverFilesCourse/opencl-workbook"
echo 01-1 >"$P/tests/exercise"
cp "$C"/frank/01-1/* "$P/student/"
expect 0 "gradebook: PrairieLearn's entry point grades a submission" -- env PL_GRADE_ROOT="$P" OCLGRIND= tools/autograders/prairielearn-grade.sh
expect 0 "gradebook: PrairieLearn results.json follows the spec" -- $SPECS prairielearn "$P/results/results.json"
expect_out 0 '"gradable": false' "gradebook: ... a kernel that does not build is not gradable" -- cat "$P/results/results.json"
python3 tools/gradebook.py prairielearn "$C/.grades.csv.d/rows/$(printf leo | od -An -tx1 | tr -d ' \n').$(printf 01-1-squared-distance | od -An -tx1 | tr -d ' \n')/result" \
    --exercise 01-1 >"$gbw/pl-leo.json"
expect 0 "gradebook: PrairieLearn results.json of a failed grade follows the spec" -- $SPECS prairielearn "$gbw/pl-leo.json"
expect_out 0 '"score": 0\.[0-9]' "gradebook: ... its score a fraction" -- cat "$gbw/pl-leo.json"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["score"] = 6; json.dump(d, open(sys.argv[2], "w"))' \
    "$gbw/pl-leo.json" "$gbw/pl-bad.json"
expect 1 "gradebook: (the PrairieLearn check rejects a score out of [0, 1])" -- $SPECS prairielearn "$gbw/pl-bad.json"
# GitHub Classroom: the workflow's format, and its command run here on the starter.
expect 0 "gradebook: GitHub Classroom workflow follows autograding-command-grader's inputs" -- \
    $SPECS classroom tools/autograders/classroom.yml "$(tools/grade.sh --max 01-1)"
sed 's/EXERCISE-01-1_RESULTS/TEST_RESULTS/' tools/autograders/classroom.yml >"$gbw/classroom-bad.yml"
expect 1 "gradebook: (the Classroom check rejects a reporter that misses the step's result)" -- \
    $SPECS classroom "$gbw/classroom-bad.yml" 7
gbcmd=$(python3 -c 'import yaml; d = yaml.safe_load(open("tools/autograders/classroom.yml"))
print([s for s in d["jobs"]["run-autograding-tests"]["steps"] if s.get("id") == "exercise-01-1"][0]["with"]["command"])')
expect_out 1 'score 0/7' "gradebook: ... its command fails the starter" -- env OCLGRIND= sh -c "$gbcmd"

# ---- adding an exercise: make starters makes its folder (the appendix's step 2) ----
gx=$gbw/newex
mkdir -p "$gx/tools" "$gx/solutions/09-1-new-thing" "$gx/exercises"
cp tools/starters.sh "$gx/tools/"
printf '__kernel void k(__global float *x)\n{\n#if SOLUTION\n    x[0] = 1.0f;\n#else\n    /* TODO */\n#endif\n}\n' >"$gx/solutions/09-1-new-thing/k.cl"
expect 0 "walkthrough: make starters writes a new exercise's folder and its starter" -- \
    sh -c '"$0/tools/starters.sh" write && grep -q TODO "$0/exercises/09-1-new-thing/k.cl" && "$0/tools/starters.sh" check' "$gx"
# GB_KEEP=DIR keeps the graded class, its gradebooks included, to look at
[ -n "${GB_KEEP:-}" ] && rm -rf "$GB_KEEP" && cp -r "$C" "$GB_KEEP"
rm -rf "$gbw"
