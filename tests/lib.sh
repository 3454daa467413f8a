# tests/lib.sh -- the tiny test harness sourced by tests/tap.sh (and so by
# tests/run.sh and make test, which run every file under prove).
#
#   expect STATUS NAME -- CMD...          CMD exits with STATUS
#   expect_out STATUS REGEX NAME -- CMD   ... and its output matches REGEX
#   expect_bad NAME -- CMD                exit 2, one "error:" line on stderr,
#                                         no crash
#   expect_clean_oclgrind NAME -- CMD     runs under Oclgrind, exits 0 and
#                                         Oclgrind reports nothing
#   build_host_mutant NAME FILE SED OUT   builds lesson NAME with the
#                                         Makefile's own command, FILE (one
#                                         of its .c files) broken by SED, as
#                                         OUT; one failed test if it cannot
# Every check counts as one test; a failure prints the command and its output.
# With TAP_FILE set (tests/tap.sh does), each check is a TAP line, "ok N -
# name" or "not ok N - name" with the command and its output as "#" lines
# after it, and summary prints the plan "1..N".
PASSED=0
FAILED=0
FAILED_NAMES=()
TEST_TIMEOUT=${TEST_TIMEOUT:-300}
LOG=$(mktemp)
ERR=$(mktemp)
trap 'rm -f "$LOG" "$ERR"' EXIT

TAP_FILE=${TAP_FILE:-}
# A name on a TAP line: one line, and a "#" that cannot start a directive.
tap_name() { local n=${1//$'\n'/ }; n=${n//\\/\\\\}; printf '%s' "${n//#/\\#}"; }
pass() {
    PASSED=$((PASSED + 1))
    if [ -n "$TAP_FILE" ]; then printf 'ok %d - %s\n' $((PASSED + FAILED)) "$(tap_name "$1")"
    else printf '  ok    %s\n' "$1"; fi
}
# failed NAME WHY: one failed test, without the command (expect_lines)
failed() {
    FAILED=$((FAILED + 1)); FAILED_NAMES+=("$1${2:+: $2}")
    if [ -n "$TAP_FILE" ]; then
        printf 'not ok %d - %s\n' $((PASSED + FAILED)) "$(tap_name "$1")"
        printf '%s\n' "$TAP_FILE: $1${2:+: $2}" | sed -e 's/^/# /'
    else printf '  FAIL  %s%s\n' "$1" "${2:+: $2}"; fi
}
fail() {
    failed "$1" "$2"
    if [ -n "$TAP_FILE" ]; then
        printf '%s\n' "$3" | sed -e 's/^/#   $ /'
        sed -e 's/^/#   | /' "$LOG" "$ERR" | head -n 30
    else
        printf '        $ %s\n' "$3"
        sed -e 's/^/        | /' "$LOG" "$ERR" | head -n 30
    fi
}

# run CMD... with a time limit; stdout in $LOG, stderr in $ERR, status in $ST
# (with TEST_TIMES naming a file, each command's seconds are added to it, a
# line "SECONDS<tab>FILE<tab>COMMAND": sort -rn TEST_TIMES shows the slow ones)
run_cmd() {
    local t0=${EPOCHREALTIME:-}
    timeout -k 5 "$TEST_TIMEOUT" "$@" >"$LOG" 2>"$ERR"
    ST=$?
    if [ -n "${TEST_TIMES:-}" ] && [ -n "$t0" ]; then
        printf '%s\t%s\t%s\n' "$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')" \
            "${TAP_FILE:-?}" "$*" >>"$TEST_TIMES"
    fi
    return 0
}

expect() {
    local want=$1 name=$2; shift 3
    run_cmd "$@"
    if [ "$ST" -eq "$want" ]; then pass "$name"
    else fail "$name" "exit status $ST, expected $want" "$*"; fi
}

expect_out() {
    local want=$1 re=$2 name=$3; shift 4
    run_cmd "$@"
    if [ "$ST" -ne "$want" ]; then fail "$name" "exit status $ST, expected $want" "$*"
    elif ! cat "$LOG" "$ERR" | grep -Eq -- "$re"; then fail "$name" "output does not match /$re/" "$*"
    else pass "$name"; fi
}

expect_bad() {
    local name=$1; shift 2
    run_cmd "$@"
    local lines
    lines=$(grep -c . "$ERR")
    if [ "$ST" -ne 2 ]; then fail "$name" "exit status $ST, expected 2" "$*"
    elif ! grep -Eq '^(error: |[^ ]+:[0-9]+: )' "$ERR"; then
        fail "$name" "no 'error:' message on stderr" "$*"
    elif grep -Eiq 'segmentation|core dumped|AddressSanitizer|runtime error' "$ERR"; then
        fail "$name" "it crashed" "$*"
    elif [ "$lines" -ne 1 ] && ! grep -q 'build log' "$ERR" && ! grep -q 'hint:' "$ERR" \
         && ! grep -q 'make doctor' "$ERR"; then
        fail "$name" "expected one clear line on stderr, got $lines" "$*"
    else pass "$name"; fi
}

expect_clean_oclgrind() {
    local name=$1; shift 2
    run_cmd oclgrind --max-errors 5 --data-races --uninitialized --check-api "$@"
    if [ "$ST" -ne 0 ]; then fail "$name" "exit status $ST under Oclgrind" "oclgrind $*"
    elif [ -s "$ERR" ]; then fail "$name" "Oclgrind reported problems" "oclgrind $*"
    else pass "$name"; fi
}

# A C program that prints "PASS name" / "FAIL name: why" lines: each counts.
expect_lines() {
    local name=$1; shift 2
    run_cmd "$@"
    local n=0
    while IFS= read -r line; do
        case "$line" in
        PASS\ *) pass "$name: ${line#PASS }"; n=$((n + 1)) ;;
        FAIL\ *) failed "$name: ${line#FAIL }"; n=$((n + 1)) ;;
        esac
    done <"$LOG"
    if [ "$ST" -ne 0 ] || [ "$n" -eq 0 ]; then fail "$name" "exit status $ST after $n checks" "$*"; fi
}

summary() {
    if [ -n "$TAP_FILE" ]; then
        echo "1..$((PASSED + FAILED))"
        [ "$FAILED" -eq 0 ]; return
    fi
    echo
    if [ "$FAILED" -gt 0 ]; then
        echo "failed:"
        printf '  %s\n' "${FAILED_NAMES[@]}"
    fi
    echo "$PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ]
}

# expect_check_only NAME NOTE -- CMD...: -r 0 checks and times nothing:
# exit 0, a "verified ...: ok" line, the line NOTE, and no result: line
expect_check_only() {
    local name=$1 note=$2; shift 3
    run_cmd "$@"
    if [ "$ST" -ne 0 ]; then fail "$name" "exit status $ST, expected 0" "$*"
    elif ! grep -q '^verified .*: ok$' "$LOG"; then fail "$name" "no verified line" "$*"
    elif ! grep -qxF -- "$note" "$LOG"; then fail "$name" "no line '$note'" "$*"
    elif grep -q '^result: ' "$LOG"; then fail "$name" "a result: line (something was timed)" "$*"
    else pass "$name"; fi
}

# verified_twice NAME VARIANT...: the last run printed both checks of each
# variant ("verified V: ... ok" and its whole-number twin; a reduction's
# lines say "verified V total"), one pass for them all.
verified_twice() {
    local name=$1 v; shift
    for v in "$@"; do
        if [ "$(grep -Ec "^verified $v( total)?( \(whole numbers\))?: .*: ok" "$LOG")" -ne 2 ]; then
            fail "$name: $v verified twice" "not in the output" "(the run above)"; return
        fi
    done
    pass "$name: $* verified twice"
}

# scan_edges WG ITEMS: the lengths at the edges of a scan's tiles of WG
# work-items times ITEMS values (1, 2, wg-1, wg, wg+1, 2wg+1, a tile +-1, a
# prime, 2^16-1, 2^16+1), one per line, each once. scan_flags C: the C-th
# of int and float, inclusive and exclusive in turn.
scan_edges() {
    local wg=$1 tile=$(($1 * $2))
    printf '%s\n' 1 2 $((wg - 1)) "$wg" $((wg + 1)) $((2 * wg + 1)) $((tile - 1)) $((tile + 1)) 1009 65535 65537 |
        sort -nu | awk '$1 >= 1'
}
scan_flags() {
    case $(($1 % 4)) in 0) echo "-T int -i" ;; 1) echo "-T float -e" ;; 2) echo "-T int -e" ;; 3) echo "-T float -i" ;; esac
}

# Host C broken on purpose (an OpenMP loop, say): the lesson built as the
# Makefile builds it, with FILE replaced by a copy that SED changed. Returns
# non-zero, after one failed test, when SED changed nothing or the build fails.
build_host_mutant() {
    local name=$1 file=$2 expr=$3 out=$4 cmd
    sed "$expr" "$file" >"$out.c"
    if cmp -s "$file" "$out.c"; then fail "$name: host mutant of $file" "sed changed nothing" "sed '$expr'"; return 1; fi
    cmd=$(make -s -n -B "$BIN/$name" | grep -F -- "-o $BIN/$name ")
    cmd=${cmd/ $file / $out.c }
    cmd=${cmd/-o $BIN\/$name /-I${file%/*} -o $out } # the lesson's own headers
    if [ -z "$cmd" ] || ! eval "$cmd" >"$LOG" 2>"$ERR"; then
        fail "$name: host mutant of $file builds" "the build failed" "$cmd"; return 1
    fi
}

# sanitizer_icds: a folder with every registered OpenCL driver but Mesa's
# Clover (mesa.icd), for OCL_ICD_VENDORS in the sanitizer runs. Clover finds
# no device here, the ICD loader unloads it at once, and the 128 bytes it
# leaked then belong to no library that tests/lsan.supp could name. Outside
# /tmp, which the grader's sandbox empties.
sanitizer_icds() {
    local d f
    d=$(mktemp -d /var/tmp/workbook-icd.XXXXXX 2>/dev/null || mktemp -d)
    for f in /etc/OpenCL/vendors/*.icd; do
        [ -e "$f" ] && [ "$(basename "$f")" != mesa.icd ] && cp "$f" "$d/"
    done
    echo "$d"
}
