# The grader under time limits: submissions that spin, wait for good or never
# return from the runtime are cut at their limit and cost only their checks,
# and no process of theirs is left behind. These checks count seconds and
# look for any grader process left, so they run when no other test file
# runs (the class graded to CSV, which needs neither, is
# tests/99-grader-class.sh):
# tests: alone

# A handout has no solutions/: nothing here to test.
if [ ! -d solutions ]; then
    pass "grader limits: no solutions/ here (a handout): the grader's tests are the instructors'"
    return 0
fi

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
# A check that times out costs only itself.
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
sed -i 's/y++)/y += (X == 63 ? 0 : 1))/' "$w/sq_dist.cl"
expect_out 1 'score 6/7$' "grader: a time-out costs only its own check" -- env GRADE_CASE_SECONDS=2 GRADE_NO_SPEED=1 tools/grade.sh 01-1 "$w"
rm -rf "$w"
# An OpenCL implementation whose wait never returns and which takes SIGALRM
# for itself (tests/fixtures/stuck-wait/, preloaded, so without the
# sandbox): the checker's watchdog process still ends that check at its
# limit, as a time-out, and the checks after it are graded.
w=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$w"
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
rm -rf "$w"

