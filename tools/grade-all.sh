#!/usr/bin/env bash
# grade-all.sh SUBMISSIONS [CSV] -- grade a whole class.
#
# SUBMISSIONS holds one folder per student, and in it one folder per
# exercise, named like the exercise or by its prefix:
#     submissions/alice/01-1/sq_dist.cl
#     submissions/bob/01-1-squared-distance/sq_dist.cl
# Every student gets one row for every exercise that anyone in the class
# handed in (EXERCISES="01-1 02-1" chooses them instead). The CSV (default
# SUBMISSIONS/grades.csv) is RFC 4180, one row per student and exercise:
#     student,exercise,score,max,status,tier,reason,device,date,ratio,hazards,sandbox
# status is one of passed, failed, does-not-build, missing, crashed,
# timed-out; reason says why for every status but passed, naming the
# student's folder and file:line; max is the exercise's number of checks on
# every row (a missing exercise scores 0 of it); ratio is the measured speed
# against the yardstick behind the tier; hazards says whether the Oclgrind
# checks ran; sandbox whether the student's code ran in the sandbox. Scores
# come from the grader's result file, never from anything a submission
# prints, and every submission runs in a sandbox that sees only its own
# files (tools/sandbox.sh), so one cannot touch the CSV or another's folder.
# From make, SUBMISSIONS and CSV come in the environment (--from-make).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --from-make ]; then subs=${SUBMISSIONS:-} csv=${CSV:-}; else subs=${1:-} csv=${2:-}; fi
[ -n "$subs" ] && [ -d "$subs" ] || { echo "usage: make grade-all SUBMISSIONS=folder [CSV=file]" >&2; exit 2; }
subs=${subs%/}
csv=${csv:-$subs/grades.csv}
{ : >"$csv"; } 2>/dev/null || { echo "error: cannot write results to $csv" >&2; exit 2; }
all=$(cd "$root/exercises" && ls -d [0-9]*/ | tr -d /)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

resolve() { # folder name -> exercise, or nothing
    local f=$1 m
    case "$f" in *[!A-Za-z0-9-]* | "") return ;; esac
    if [ -d "$root/exercises/$f" ]; then echo "$f"; return; fi
    m=$(echo "$all" | grep -- "^$f-" || true)
    [ "$(echo "$m" | grep -c .)" -eq 1 ] && echo "$m"
}

field() { # RFC 4180: every field quoted, quotes doubled
    local s=$1
    # A cell a spreadsheet would take for a formula (a folder named =2+5 or
    # @SUM(1+1)) starts with a quote, as OWASP's CSV injection advice says
    # (a lone -, the tier of an exercise without one, is no formula).
    case "$s" in -) ;; [=+@-]* | $'\t'* | $'\r'*) s="'$s" ;; esac
    s=${s//\"/\"\"}
    printf '"%s"' "$s"
}
row() { # student exercise score max status tier reason device date
    local out="" f
    for f in "$@"; do out+="${out:+,}$(field "$f")"; done
    printf '%s\r\n' "$out" >>"$csv"
}

# Which exercises: those asked for, else those anyone handed in.
if [ -n "${EXERCISES:-}" ]; then
    wanted=""
    for e in $EXERCISES; do
        r=$(resolve "$e")
        [ -n "$r" ] || { echo "error: EXERCISES names $e, which is no exercise" >&2; exit 2; }
        wanted+="$r"$'\n'
    done
else
    wanted=$(for d in "$subs"/*/*/; do [ -d "$d" ] && resolve "$(basename "$d")"; done | sort -u)
fi

date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
row student exercise score max status tier reason device date ratio hazards sandbox
declare -A maxof
max_of() { # the number of checks of exercise $1
    [ -n "${maxof[$1]:-}" ] || maxof[$1]=$("$root/tools/grade.sh" --max "$1" 2>/dev/null)
    echo "${maxof[$1]:-0}"
}
n=0
for sdir in "$subs"/*/; do
    [ -d "$sdir" ] || continue
    student=$(basename "$sdir")
    # A folder that is a link (zed -> alice) would take another's marks.
    if [ -L "${sdir%/}" ]; then
        for ex in $wanted; do
            row "$student" "$ex" 0 "$(max_of "$ex")" failed - "the folder $student/ is a link to another folder, not graded: hand in a folder of your own" "" "$date" "" "" ""
            n=$((n + 1))
        done
        printf '%-16s %s\n' "$student" "refused (a link)"
        continue
    fi
    # Folders that name no exercise are reported, not silently skipped.
    for edir in "$sdir"*/; do
        [ -d "$edir" ] || continue
        f=$(basename "$edir")
        if [ -z "$(resolve "$f")" ]; then
            row "$student" "$f" 0 0 failed - "the folder $student/$f names no exercise (choose one of: $(echo $all))" "" "$date" "" "" ""
            echo "grade-all: $student/$f names no exercise" >&2
        fi
    done
    for ex in $wanted; do
        found=()
        for edir in "$sdir"*/; do
            [ -d "$edir" ] && [ "$(resolve "$(basename "$edir")")" = "$ex" ] && found+=("$edir")
        done
        if [ ${#found[@]} -eq 0 ]; then
            row "$student" "$ex" 0 "$(max_of "$ex")" missing - "no folder for $ex in $student/" "" "$date" "" "" ""
            printf '%-16s %-28s %s\n' "$student" "$ex" "missing"
            n=$((n + 1))
            continue
        fi
        if [ ${#found[@]} -gt 1 ]; then
            names=$(for d in "${found[@]}"; do basename "$d"; done | tr '\n' ' ')
            for d in "${found[@]}"; do
                row "$student" "$ex" 0 "$(max_of "$ex")" failed - "two folders for $ex in $student/: ${names% }; keep one ($(basename "$d") not graded)" "" "$date" "" "" ""
                n=$((n + 1))
            done
            printf '%-16s %-28s %s\n' "$student" "$ex" "failed (two folders)"
            continue
        fi
        if [ -L "${found[0]%/}" ]; then
            row "$student" "$ex" 0 "$(max_of "$ex")" failed - "the folder $student/$(basename "${found[0]}") is a link to another folder, not graded: hand in a folder of your own" "" "$date" "" "" ""
            printf '%-16s %-28s %s\n' "$student" "$ex" "refused (a link)"
            n=$((n + 1))
            continue
        fi
        rm -f "$tmp/result"
        "$root/tools/grade.sh" --result "$tmp/result" "$ex" "${found[0]}" >"$tmp/log" 2>&1
        st=$?
        get() { sed -n "s/^$1=//p" "$tmp/result" 2>/dev/null | head -n 1; }
        if [ -s "$tmp/result" ]; then
            status=$(get status) score=$(get score) max=$(get max) tier=$(get tier) reason=$(get reason) device=$(get device)
            ratio=$(get ratio) hazards=$(get hazards) sandbox=$(get sandbox)
        else
            status=crashed score=0 max=$(max_of "$ex") tier=- device="" ratio="" hazards="" sandbox=""
            reason="the grader stopped (exit $st): $(grep -m1 -i error "$tmp/log" || tail -n 1 "$tmp/log")"
        fi
        [ "$status" = passed ] && reason=""
        row "$student" "$ex" "$score" "$max" "$status" "$tier" "$reason" "$device" "$date" "$ratio" "$hazards" "$sandbox"
        printf '%-16s %-28s %s/%s %s %s\n' "$student" "$ex" "$score" "$max" "$status" "$tier"
        n=$((n + 1))
    done
done
echo "grade-all: $n rows written to $csv"
