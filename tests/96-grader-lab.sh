# The grader on a lab machine: a compiler (or Oclgrind) installed outside
# /usr still works inside the sandbox, whose binds never reach the project;
# make lab's own report (tools/lab.sh) on one exercise.
if [ ! -d solutions ]; then
    pass "lab: no solutions/ here (a handout): the lab run is the instructors'"
    return 0
fi
if tools/sandbox.sh probe >/dev/null 2>&1; then
    # A compiler that lives outside /usr, as gcc under /opt/gcc does on a GPU
    # server: a wrapper in a folder of its own, named by CC.
    lab_cc=$(mktemp -d /var/tmp/workbook-cc.XXXXXX)
    mkdir -p "$lab_cc/bin"
    printf '#!/bin/sh\nexec /usr/bin/cc "$@"\n' >"$lab_cc/bin/cc" && chmod 755 "$lab_cc/bin/cc"
    chmod 755 "$lab_cc"
    expect 11 "sandbox: a compiler outside /usr runs in the sandbox" -- env CC="$lab_cc/bin/cc" \
        tools/sandbox.sh bare -- sh -c 'echo "int main(void){return 11;}" | "$0" -x c -o /tmp/a - && /tmp/a' "$lab_cc/bin/cc"
    w=$(mktemp -d)
    tools/starters.sh solve 01-2-launch "$w"
    expect_out 0 'score 7/7' "grader: 01-2 built by a compiler outside /usr (CC=...)" -- env CC="$lab_cc/bin/cc" GRADE_NO_SPEED=1 tools/grade.sh 01-2 "$w"
    rm -rf "$w"
    # A tool inside the project binds its own folder, never the project.
    mkdir -p build/lab-cc/bin && cp "$lab_cc/bin/cc" build/lab-cc/bin/cc
    expect 11 "sandbox: a compiler inside the project does not bring the project into the sandbox" -- env CC="$PWD/build/lab-cc/bin/cc" \
        tools/sandbox.sh bare -- sh -c 'test -e "$0/solutions" && exit 10; exit 11' "$PWD"
    cp "$lab_cc/bin/cc" ./lab-cc-wrapper
    expect 11 "sandbox: a compiler in the project's root binds nothing (its folder holds the project)" -- env CC="$PWD/lab-cc-wrapper" \
        tools/sandbox.sh bare -- sh -c 'test -e "$0/solutions" && exit 10; exit 11' "$PWD"
    rm -rf "$lab_cc" build/lab-cc ./lab-cc-wrapper
else
    pass "sandbox: not available here; the lab's compiler binds are not tested"
fi
# make lab on one exercise: the report counts what it ran, and its sandbox
# probes are not fooled by a sandbox that does not start.
lab_out=$(mktemp -d)
expect_out 0 'solutions with full marks: 1 of 1' "make lab: one exercise's solution graded" -- \
    env LAB_ONLY=sandbox,solutions LAB_EXERCISES=01-1 LAB_JOBS=1 tools/lab.sh "$lab_out"
expect_out 0 '^exercise,score,max,status' "make lab: solutions.csv has its header" -- cat "$lab_out/solutions.csv"
if tools/sandbox.sh probe >/dev/null 2>&1; then
    expect_out 0 'sandbox probes held: 6 of 6' "make lab: every sandbox probe held" -- cat "$lab_out/summary.txt"
    expect_out 0 'FAIL a student.s program cannot see solutions' "make lab: a probe fails when the sandbox lets solutions/ through" -- \
        env GRADE_SANDBOX=0 LAB_ONLY=sandbox tools/lab.sh "$lab_out"
fi
rm -rf "$lab_out"
# Without Oclgrind the grade is provisional: one line says what is missing
# and how to get it, the status line and the result file (and so the CSV's
# rows) say so; OCLGRIND=: means the same as an empty OCLGRIND.
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
for none in "" ":"; do
    expect_out 0 'Oclgrind is not installed.*provisional.*make deps-grade.*grading-tools' \
        "grader: OCLGRIND='$none' says what is missing and how to install it" -- \
        env OCLGRIND="$none" GRADE_NO_SPEED=1 tools/grade.sh --result "$w.result" 01-1 "$w"
    expect_out 0 '^provisional=yes$' "grader: OCLGRIND='$none': the result file marks the grade provisional" -- cat "$w.result"
done
expect_out 0 'status: passed, provisional: the hazard checks did not run' "grader: without Oclgrind the status line says provisional" -- \
    env OCLGRIND= GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w"
if command -v oclgrind >/dev/null; then
    expect_out 0 '^provisional=no$' "grader: with Oclgrind the grade is not provisional" -- \
        sh -c 'GRADE_NO_SPEED=1 tools/grade.sh --result "$1.result" 01-1 "$1" >/dev/null; cat "$1.result"' sh "$w"
fi
rm -rf "$w" "$w.result"
# The support matrix (README, the instructors' appendix) is what the lab
# runs give, never typed: --check finds a cell changed by hand.
expect 0 "support matrix: README.md and results/support-*.csv are what results/*/lab give" -- python3 tools/support-matrix.py --check
sm=$(mktemp -d)
mkdir -p "$sm/tools" "$sm/results" && cp tools/support-matrix.py "$sm/tools/" && cp README.md results/support-*.csv "$sm/" 2>/dev/null
cp -r results/*/ "$sm/results/" 2>/dev/null; cp README.md "$sm/README.md"; cp results/support-*.csv "$sm/results/"
sed -i 's/| 24\/24 \|7\/7 no tier/7\/7 gold/' "$sm/README.md"
expect_out 1 'README.md is not what the lab runs give' "support matrix: a README cell typed by hand is found" -- python3 "$sm/tools/support-matrix.py" --check
rm -rf "$sm"
