# The grader under time limits, beside other test files: a check that times
# out (a kernel that never ends, a wait the OpenCL runtime never returns
# from) costs only itself, and the checks after it are graded. Each check
# has 3 s here: the sound ones take a fraction of that on a busy machine
# (tests/99-grader-class.sh grades a class with the same limit). Whether a
# time-out leaves a process behind is tests/99-grader-limits.sh, alone.

# A handout has no solutions/: nothing here to test.
if [ ! -d solutions ]; then
    pass "grader time-outs: no solutions/ here (a handout): the grader's tests are the instructors'"
    return 0
fi

# A check that times out costs only itself.
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
sed -i 's/y++)/y += (X == 63 ? 0 : 1))/' "$w/sq_dist.cl"
expect_out 1 'score 6/7$' "grader: a time-out costs only its own check" -- \
    env GRADE_CASE_SECONDS=3 POCL_MAX_PTHREAD_COUNT=1 GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w"
rm -rf "$w"
# An OpenCL implementation whose wait never returns and which takes SIGALRM
# for itself (tests/fixtures/stuck-wait/, preloaded, so without the
# sandbox): the checker's watchdog process still ends that check at its
# limit, as a time-out, and the checks after it are graded.
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
cc -shared -fPIC -O1 -o "$BIN/stuck-wait.so" tests/fixtures/stuck-wait/stuck-wait.c -ldl
once=$(mktemp -u)
expect_out 0 'FAIL X=1 Y=1, [^|]*: timed out after 3 s on the device.* score 6/7 status: timed-out' \
    "grader: a wait the runtime never ends, SIGALRM taken, costs only its check" -- \
    sh -c 'GRADE_SANDBOX=0 OCLGRIND= STUCK_WAIT_ONCE="$1" LD_PRELOAD="$2" GRADE_CASE_SECONDS=3 GRADE_PASS_SECONDS=40 \
        GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$0" | tr "\n" " "' "$w" "$once" "$PWD/$BIN/stuck-wait.so"
rm -f "$once"
# The same on 08-1, where the checker carries out the student's pipeline:
# its first wait never returns (as every wait across queues did on rusticl
# 22.3 before the checker flushed its queues).
w81=$(mktemp -d)
tools/starters.sh solve 08-1-double-buffer "$w81"
expect_out 0 'FAIL 9 chunks[^|]*: timed out after 3 s on the device: the device did not finish the commands your program asked for.* score 6/7 status: timed-out' \
    "grader: 08-1 whose replay never returns costs only its check" -- \
    sh -c 'GRADE_SANDBOX=0 OCLGRIND= STUCK_WAIT_ONCE="$1" LD_PRELOAD="$2" GRADE_CASE_SECONDS=3 GRADE_PASS_SECONDS=40 \
        GRADE_NO_SPEED=1 tools/grade.sh 08-1 "$0" | tr "\n" " "' "$w81" "$once" "$PWD/$BIN/stuck-wait.so"
rm -rf "$once" "$w81"
rm -rf "$w"
