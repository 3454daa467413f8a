#!/usr/bin/env bash
# tests/run.sh [FILE...] -- run test files (default: every tests/NN-*.sh)
# under prove, TEST_JOBS of them at once (default 3), each through
# tests/tap.sh, and close with "N passed, N failed" alone on the last line
# (exit status 1 when a test failed). A failed test prints its file, its
# case, the command and its output, and is named again before that line.
# Files that count seconds or look at every process on the machine (a line
# "# tests: alone" in the file, or a name ending in -speed.sh) run after
# the others, one at a time. Without prove, the files run one after another.
set -u
cd "$(dirname "$0")/.." || exit 2
jobs=${TEST_JOBS:-3}
case "$jobs" in '' | *[!0-9]* | 0) echo "error: TEST_JOBS must be a number of jobs, not '$jobs'" >&2; exit 2 ;; esac
[ $# -gt 0 ] || set -- tests/[0-9][0-9]-*.sh
for f in "$@"; do
    [ -f "$f" ] || { echo "error: $f: no such test file" >&2; exit 2; }
done

# The longest files start first, so that the last to start is a short one
# (prove starts them in the order given): the corpus files of 02 and 05 and
# the sanitizers, then the mapping file and the lessons' own files, down to
# 80 at half a minute, then the others in the order of their names. (The
# order of a warm run's seconds, 09, 04 and 03 right after 02's corpus, was
# tried: no faster; the runs on either side differed by the machine's own
# drift, about 7 % of CPU time in an hour.)
# (prove's CPU column leaves out what runs in the grader's sandbox: most of a
# grader file's time.)
first=(tests/93-grader-02.sh tests/85-*.sh tests/93-grader-05.sh tests/97-grader-mapping.sh tests/93-grader-04.sh
       tests/04-*.sh tests/03-*.sh tests/09-*.sh tests/93-grader-01.sh tests/99-gradebook.sh tests/87-*.sh
       tests/93-grader-09.sh tests/89-*.sh tests/93-grader-03.sh tests/93-grader-08.sh tests/99-grader-timeouts.sh tests/02-*.sh
       tests/93-grader-07.sh tests/93-grader-10.sh tests/93-grader-06.sh
       tests/97-grader-attacks.sh tests/99-grader-class.sh tests/05-*.sh tests/94-*.sh tests/10-*.sh tests/07-*.sh
       tests/06-*.sh tests/93-grader.sh tests/88-*.sh tests/84-*.sh tests/86-*.sh tests/01-*.sh tests/80-*.sh
       tests/98-grader-statements.sh)
ordered=()
for pattern in "${first[@]}"; do
    for f in "$@"; do
        # shellcheck disable=SC2053
        [[ ${f#./} == $pattern ]] && [[ " ${ordered[*]} " != *" $f "* ]] && ordered+=("$f")
    done
done
for f in "$@"; do [[ " ${ordered[*]} " == *" $f "* ]] || ordered+=("$f"); done
together=() alone=()
for f in "${ordered[@]}"; do
    if [[ $f == *-speed.sh ]] || grep -q '^# tests: alone' "$f"; then alone+=("$f"); else together+=("$f"); fi
done

TAP_RESULTS=$(mktemp -d)
export TAP_RESULTS
# One PoCL kernel cache for every grade of the suite (tools/grade.sh,
# GRADE_TEST_POCL_CACHE): a kernel graded again (the solution, the starter,
# in file after file; every corpus attempt, run after run) is compiled once,
# as the lessons' kernels are in PoCL's own cache in $HOME, which the
# sandbox's user (nobody, as root) cannot reach. It is kept between runs in
# /var/tmp, where PoCL's key (the source, the build options, PoCL's version
# and the device) decides what is reused: what a grade tests is the checker,
# built afresh from the tree. Only the suite's own kernels ever go in it
# (grade-all.sh drops the variable: a class's kernels get a cache each).
# GRADE_TEST_POCL_CACHE=DIR names another; empty, or a folder that is a
# link or someone else's, gives a fresh one for this run only.
fresh_cache=""
if [ -z "${GRADE_TEST_POCL_CACHE+set}" ]; then
    GRADE_TEST_POCL_CACHE=/var/tmp/opencl-workbook-test-pocl-$(id -u)
    mkdir -p "$GRADE_TEST_POCL_CACHE" 2>/dev/null && chmod 1777 "$GRADE_TEST_POCL_CACHE" 2>/dev/null
fi
if [ -z "$GRADE_TEST_POCL_CACHE" ] || [ -L "$GRADE_TEST_POCL_CACHE" ] || [ ! -O "$GRADE_TEST_POCL_CACHE" ] ||
        [ ! -d "$GRADE_TEST_POCL_CACHE" ]; then
    GRADE_TEST_POCL_CACHE=$(mktemp -d) && chmod 1777 "$GRADE_TEST_POCL_CACHE" && fresh_cache=$GRADE_TEST_POCL_CACHE ||
        GRADE_TEST_POCL_CACHE=""
fi
export GRADE_TEST_POCL_CACHE
trap 'rm -rf "$TAP_RESULTS" ${fresh_cache:+"$fresh_cache"}' EXIT
run_files() { # JOBS FILE...
    local j=$1 f; shift
    [ $# -gt 0 ] || return 0
    if command -v prove >/dev/null 2>&1; then
        prove --jobs "$j" --failures --comments --timer --exec tests/tap.sh "$@"
    else
        for f in "$@"; do echo "== $f"; tests/tap.sh "$f"; done
    fi
}
run_files "$jobs" "${together[@]}"
run_files 1 "${alone[@]}"

# The counts each file left (tests/tap.sh); a file that left none stopped
# or was killed before its end, and counts as one failed test.
passed=0 failed=0 names=()
for f in "$@"; do
    key=${f#./}
    key=$TAP_RESULTS/${key//\//_}
    if read -r p q <"$key.counts" 2>/dev/null; then
        passed=$((passed + p)) failed=$((failed + q))
        [ -s "$key.failed" ] && mapfile -t -O "${#names[@]}" names <"$key.failed"
    else
        failed=$((failed + 1)) names+=("${f#./}: it left no counts (it was killed, or its shell could not start)")
    fi
done
echo
if [ "$failed" -gt 0 ]; then
    echo "failed:"
    printf '  %s\n' "${names[@]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
