#!/usr/bin/env bash
# gradescope-zip.sh EX OUT.zip [COURSE] -- the autograder zip for one
# exercise: setup.sh and run_autograder at its root, the handout (make
# handout: the workbook without solutions/) in opencl-workbook/, the
# exercise's name in exercise, the course file if one is given (its points
# per check). Upload OUT.zip as the assignment's "Zip file upload" in
# Gradescope's Configure Autograder page.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
ex=${1:-} out=${2:-} course=${3:-}
[ -n "$ex" ] && [ -n "$out" ] || { echo "usage: tools/autograders/gradescope-zip.sh EX OUT.zip [COURSE]" >&2; exit 2; }
full=$(cd "$root/exercises" && ls -d "$ex"*/ 2>/dev/null | tr -d /)
[ -d "$root/exercises/$ex" ] && full=$ex
[ -n "$full" ] && [ "$(echo "$full" | grep -c .)" -eq 1 ] || { echo "error: $ex names no one exercise" >&2; exit 2; }
[ -z "$course" ] || [ -f "$course" ] || { echo "error: the course file $course does not exist" >&2; exit 2; }
"$root/tools/handout.sh" >/dev/null || exit 2
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
tar -C "$stage" -xzf "$root/build/handout.tar.gz" || exit 2
cp "$here/setup.sh" "$here/run_autograder" "$stage/"
chmod 755 "$stage/setup.sh" "$stage/run_autograder"
echo "$full" >"$stage/exercise"
[ -n "$course" ] && cp "$course" "$stage/course.toml"
case "$out" in /*) ;; *) out=$PWD/$out ;; esac
rm -f "$out"
(cd "$stage" && python3 -m zipfile -c "$out" setup.sh run_autograder exercise $( [ -n "$course" ] && echo course.toml) opencl-workbook) || exit 2
echo "gradescope: $out (exercise $full)"
