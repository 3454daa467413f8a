# The grader under time limits: submissions that spin, wait for good or never
# return from the runtime are cut at their limit and cost only their checks,
# and no process of theirs is left behind. These checks look for any grader
# process left, so they run when no other test file runs (a time-out that
# costs only its check is tests/99-grader-timeouts.sh; the class graded to
# CSV, which needs neither, tests/99-grader-class.sh):
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

