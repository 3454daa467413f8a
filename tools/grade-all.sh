#!/usr/bin/env bash
# grade-all.sh SUBMISSIONS [CSV] -- grade a whole class.
#
# SUBMISSIONS holds one folder per student, and in it one folder per
# exercise, named like the exercise (or by its prefix):
#     submissions/alice/01-1/sq_dist.cl
#     submissions/alice/01-2-launch/launch.c
#     submissions/bob/01-1-squared-distance/sq_dist.cl
# Writes CSV (default SUBMISSIONS/grades.csv) with one row per student and
# exercise: student,exercise,score,max,status,failed checks.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
subs=${1:-}
[ -n "$subs" ] && [ -d "$subs" ] || { echo "usage: make grade-all SUBMISSIONS=folder [CSV=file]" >&2; exit 2; }
csv=${2:-$subs/grades.csv}
: >"$csv" 2>/dev/null || { echo "error: cannot write results to $csv" >&2; exit 2; }
echo "student,exercise,score,max,status,failed" >"$csv"
n=0
for sdir in "$subs"/*/; do
    student=$(basename "$sdir")
    for edir in "$sdir"*/; do
        [ -d "$edir" ] || continue
        ex=$(basename "$edir")
        out=$("$root/tools/grade.sh" "$ex" "$edir" 2>&1)
        st=$?
        full=$(echo "$out" | sed -n 's/^exercise \([^:]*\): score .*/\1/p' | tail -n 1)
        score=$(echo "$out" | sed -n 's/.*score \([0-9]*\)\/\([0-9]*\).*/\1/p' | tail -n 1)
        max=$(echo "$out" | sed -n 's/.*score \([0-9]*\)\/\([0-9]*\).*/\2/p' | tail -n 1)
        case $st in 0) status=passed ;; 1) status=failed ;; 3) status=does-not-build ;; *) status=not-graded ;; esac
        failed=$(echo "$out" | sed -n 's/^  FAIL //p' | tr '\n' ';' | sed 's/;$//; s/"/'"'"'/g')
        echo "$student,${full:-$ex},${score:-0},${max:-0},$status,\"$failed\"" >>"$csv"
        printf '%-16s %-28s %s/%s %s\n' "$student" "${full:-$ex}" "${score:-0}" "${max:-?}" "$status"
        n=$((n + 1))
    done
done
echo "grade-all: $n submissions graded, written to $csv"
