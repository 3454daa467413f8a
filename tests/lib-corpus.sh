# tests/lib-corpus.sh -- sourced by tests/93-grader-NN.sh (one file a lesson,
# so that prove runs them side by side): grader_corpus NN grades, for each of
# lesson NN's exercises, the solution (full marks), the starter (0) and every
# wrong attempt in tests/grader-corpus/EX/NAME/ (the solution with the
# student's files of that folder on top), which must lose marks with a
# message that matches the bug class in its `expect` file.

# The starters and the wrong attempts are graded untimed; the solutions as
# a class's are, tier and all. Where the checks launch a kernel at many
# work-group sizes, PoCL compiles one kernel for them all instead of one for
# each size (POCL_WORK_GROUP_SPECIALIZATION=0: a fifth to two fifths of such
# a grade's time, the same verdicts); not for the GEMM lessons (05, 10),
# whose few sizes compile fast and whose kernels then run slower.
CORPUS_ENV=(GRADE_NO_SPEED=1)
# The attempts whose kernel (or program) never ends at some check: each such
# check waits out the case limit (10 s on the device, where PoCL spins every
# core), so these are graded with 3 s a check (GRADE_CASE_SECONDS, what
# tests/99-grader-timeouts.sh grades with too): the same verdicts, a quarter
# of the time. The other attempts keep the default: under Oclgrind, with
# two other test files running, a sound check may take several seconds.
# They also run PoCL with one thread (POCL_MAX_PTHREAD_COUNT=1): a kernel
# that never ends spins one core while it waits out its limit, not all.
CORPUS_ENDLESS=(01-1-squared-distance/y-counter-uchar 01-2-launch/spins-forever 04-3-add-block-sums/global-id
                05-1-naive-guards/k-counter-uchar 09-1-look-back/flags-ignored)

# grade_attempt NAME EX DIR REGEX FULL [VAR=VALUE...]: marks lost, and the
# output names the bug.
# The device's checks alone first (OCLGRIND=, as on a machine without it):
# where they already lose marks with the message, so does the whole grade,
# since grade.sh keeps every check the device failed, and the device's words
# for it, when it adds Oclgrind's verdicts (only a crash is worded anew
# there, so a crash is graded again in full). Only the attempts whose bug
# the device does not show (races, hazards, exact bounds, the access
# check) are graded again with Oclgrind: its pass is two thirds of a
# grade's time. The solutions are always graded in full; a starter, which
# must score 0, on the device's checks alone (Oclgrind can only take marks
# away). An attempt whose folder holds a file `graded-in-full` (54 of the
# 294: the device's checks alone were found not to settle them) goes to the
# whole grade at once; the file only saves the first grade's time (about
# half a CPU-second): an attempt marked wrongly is still graded right.
grade_attempt() {
    local name=$1 ex=$2 dir=$3 re=$4 full=$5
    shift 5
    if [ "$full" = no ]; then
        run_cmd env "${CORPUS_ENV[@]}" "$@" OCLGRIND= tools/grade.sh "$ex" "$dir"
        if [ "$ST" -ne 0 ] && lost_marks && ! grep -q '^  FAIL .*crashed' "$LOG" &&
                grep -v '^note: ' "$LOG" | grep -Eq -- "$re"; then
            pass "$name"
            return
        fi
    fi
    run_cmd env "${CORPUS_ENV[@]}" "$@" tools/grade.sh "$ex" "$dir"
    local score
    score=$(sed -n 's/^exercise .*: score \([0-9]*\)\/\([0-9]*\)$/\1 \2/p' "$LOG")
    if [ "$ST" -eq 0 ]; then fail "$name" "it passed (exit 0)" "tools/grade.sh $ex $dir"
    elif [ -n "$score" ] && [ "${score% *}" -ge "${score#* }" ] && [ "${score#* }" -gt 0 ]; then
        fail "$name" "full marks ($score)" "tools/grade.sh $ex $dir"
    elif ! grep -Eq -- "$re" "$LOG"; then fail "$name" "no message matching /$re/" "tools/grade.sh $ex $dir"
    else pass "$name"; fi
}
# lost_marks: the grade in $LOG scored less than its maximum
lost_marks() {
    local score
    score=$(sed -n 's/^exercise .*: score \([0-9]*\)\/\([0-9]*\)$/\1 \2/p' "$LOG")
    [ -n "$score" ] && [ "${score% *}" -lt "${score#* }" ]
}

grader_corpus() {
    local sol ex solved attempt w full
    CORPUS_ENV=(GRADE_NO_SPEED=1)
    case $1 in 05 | 10) ;; *) CORPUS_ENV+=(POCL_WORK_GROUP_SPECIALIZATION=0) ;; esac
    # A handout has no solutions/ and no corpus: nothing here to test.
    if [ ! -d solutions ]; then
        pass "grader corpus $1: no solutions/ here (a handout): the grader's tests are the instructors'"
        return 0
    fi
    for sol in solutions/"$1"-*/; do
        [ -d "$sol" ] || continue
        ex=$(basename "$sol")
        solved=$(mktemp -d)
        tools/starters.sh solve "$ex" "$solved"
        expect_out 0 "score ([0-9]+)/\\1$" "exercise $ex: the solution scores full marks" -- tools/grade.sh "$ex" "$solved"
        # The starter on the device's checks alone: 0 there is 0 in the whole grade.
        expect_out 1 "score 0/" "exercise $ex: the starter scores 0" -- \
            env "${CORPUS_ENV[@]}" OCLGRIND= tools/grade.sh "$ex" "exercises/$ex"
        for attempt in tests/grader-corpus/"$ex"/*/; do
            [ -f "$attempt/expect" ] || continue
            w=$(mktemp -d)
            tools/starters.sh solve "$ex" "$w"
            find "$attempt" -maxdepth 1 -type f ! -name expect ! -name graded-in-full -exec cp {} "$w/" \;
            full=no
            [ -f "$attempt/graded-in-full" ] && full=yes
            if [[ " ${CORPUS_ENDLESS[*]} " == *" $ex/$(basename "$attempt") "* ]]; then
                grade_attempt "grader corpus $ex/$(basename "$attempt") (3 s a check)" "$ex" "$w" "$(cat "$attempt/expect")" $full \
                    GRADE_CASE_SECONDS=3 POCL_MAX_PTHREAD_COUNT=1
            else
                grade_attempt "grader corpus $ex/$(basename "$attempt")" "$ex" "$w" "$(cat "$attempt/expect")" $full
            fi
            rm -rf "$w"
        done
        rm -rf "$solved"
    done
}
