# Every lesson, the helper's unit tests and every exercise solution, built
# with AddressSanitizer and UBSan (make builds them into build/asan/), run on
# small sizes. LeakSanitizer checks the host code; tests/lsan.supp hides only
# what the OpenCL runtime itself keeps until exit.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:verify_asan_link_order=0  # the grader runs checkers under Oclgrind, which preloads itself
# The suppressions live outside /tmp: the grader runs students' programs in a
# sandbox with an empty /tmp, and a project cloned under /tmp is hidden there.
LSAN_SUPP=$(mktemp /var/tmp/workbook-lsan.XXXXXX 2>/dev/null || mktemp)
cp tests/lsan.supp "$LSAN_SUPP"
export LSAN_OPTIONS=suppressions=$LSAN_SUPP:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
OCL_ICD_VENDORS=$(sanitizer_icds)
export OCL_ICD_VENDORS

san_clean() { # san_clean NAME -- CMD...: exit 0 and no sanitizer report
    local name=$1; shift 2
    run_cmd "$@"
    if [ "$ST" -ne 0 ]; then fail "$name" "exit status $ST" "$*"
    elif grep -Eq 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$ERR"; then fail "$name" "sanitizer report" "$*"
    else pass "$name"; fi
}

san_clean "asan: helper unit tests" -- "$BIN/asan/test-clu"
for args_file in lessons/[0-9][0-9]-*/small.args; do
    l=$(basename "$(dirname "$args_file")")
    [ -x "$BIN/asan/$l" ] || continue
    while IFS= read -r args; do
        case "$args" in ''|'#'*) continue ;; esac
        # shellcheck disable=SC2086
        san_clean "asan: $l $args" -- "$BIN/asan/$l" $args
    done <"$args_file"
done

# Bad input under the sanitizers: still exit 2, no report.
expect_out 2 'too small' "asan: a bad option exits cleanly" -- "$BIN/asan/01-hello-world" -x 0

# The suppressions must not hide our own leaks.
LEAKY=$(mktemp -d)
cc -g -fsanitize=address -o "$LEAKY/leak" tests/fixtures/leak.c
expect_out 23 'detected memory leaks' "LeakSanitizer still reports a leak in our code" -- \
    env LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:exitcode=23" "$LEAKY/leak"
rm -rf "$LEAKY"

# Exercise solutions, graded with the sanitizers compiled in. The speed
# tier's timed runs (grading.c, the same code for every exercise) run under
# the sanitizers for one exercise of one dimension and one of two, timed
# against the official solution; the others are graded without it
# (GRADE_NO_SPEED), as their checks are the same with it or without.
# Likewise the Oclgrind pass: the checker under Oclgrind runs the small
# cases the device pass runs too, through the same check.c, and the code
# only that pass runs (grading.c's reading of Oclgrind's log) is the same
# for every exercise; so it runs under the sanitizers for the two timed
# exercises, for 04-2 (whose check.c has a branch for Oclgrind alone) and
# for a host-code exercise, 01-2 (its checker starts the student's program
# from inside the Oclgrind pass), and the others are graded as if Oclgrind
# were not installed (OCLGRIND=): under the sanitizers that pass costs
# about 60 % of a grade (02-2: 9.4 s with it, 3.7 s without).
SAN_TIMED=" 02-1-group-sum 05-2-local-tile "
SAN_OCLGRIND=" 02-1-group-sum 05-2-local-tile 04-2-padding 01-2-launch "
SAN_CC="cc -fsanitize=address,undefined -fno-sanitize-recover=undefined"
for sol in solutions/*/; do
    [ -d "$sol" ] || continue
    ex=$(basename "$sol")
    solved=$(mktemp -d)
    tools/starters.sh solve "$ex" "$solved"
    # (env -u OCL_ICD_VENDORS: the sandbox cannot see the folder of drivers)
    if [[ $SAN_TIMED == *" $ex "* ]]; then
        run_cmd env -u OCL_ICD_VENDORS -u GRADE_NO_SPEED CC="$SAN_CC" tools/grade.sh "$ex" "$solved"
        if [ "$ST" -ne 0 ] || ! grep -Eq "score ([0-9]+)/\\1$" "$LOG"; then
            fail "asan: exercise $ex solution, timed" "exit status $ST, or not full marks" "tools/grade.sh $ex $solved"
        elif ! grep -Eq '^  speed: .*median of [0-9]+ timed runs' "$LOG"; then
            fail "asan: exercise $ex solution, timed" "no speed tier was measured" "tools/grade.sh $ex $solved"
        else pass "asan: exercise $ex solution, timed"; fi
    else
        no_oclgrind=(OCLGRIND=) what=", the Oclgrind pass left out"
        [[ $SAN_OCLGRIND == *" $ex "* ]] && no_oclgrind=() what=", with the Oclgrind pass"
        expect_out 0 "score ([0-9]+)/\\1$" "asan: exercise $ex solution$what" -- \
            env -u OCL_ICD_VENDORS GRADE_NO_SPEED=1 "${no_oclgrind[@]}" CC="$SAN_CC" tools/grade.sh "$ex" "$solved"
    fi
    rm -rf "$solved"
done
rm -f "$LSAN_SUPP"
rm -rf "$OCL_ICD_VENDORS"
unset OCL_ICD_VENDORS
