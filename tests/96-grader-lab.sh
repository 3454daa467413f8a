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
