#!/usr/bin/env bash
# prairielearn-grade.sh -- a PrairieLearn external grader's entry point:
# grades the files in /grade/student as the exercise named in
# /grade/tests/exercise with the workbook in /grade/serverFilesCourse/
# opencl-workbook/, and writes /grade/results/results.json (score in [0, 1],
# one test per check with points, max_points, message; "gradable": false
# when the files are missing or do not build). In a question's info.json:
#   "externalGradingOptions": { "enabled": true, "image": "<an image with the
#     packages of setup.sh>", "serverFilesCourse": ["opencl-workbook/"],
#     "entrypoint": "/grade/serverFilesCourse/opencl-workbook/tools/autograders/prairielearn-grade.sh" }
# PL_GRADE_ROOT stands for /grade in tests.
set -u
top=${PL_GRADE_ROOT:-/grade}
wb=$top/serverFilesCourse/opencl-workbook
ex=$(head -n 1 "$top/tests/exercise" 2>/dev/null)
mkdir -p "$top/results"
# An archive unpacked without its modes (Python's zipfile) leaves the scripts unrunnable.
find "$wb/tools" -type f \( -name '*.sh' -o -name '*.py' \) -exec chmod a+x {} + 2>/dev/null
course=()
[ -f "$top/tests/course.toml" ] && course=(--course "$top/tests/course.toml")
r=$(mktemp)
(cd "$top" && GRADE_NO_SPEED=${GRADE_NO_SPEED:-1} "$wb/tools/grade.sh" --result "$r" "$ex" student) >"$top/results/grader.log" 2>&1
if [ -s "$r" ] && python3 "$wb/tools/gradebook.py" prairielearn "$r" --exercise "$ex" "${course[@]}" >"$top/results/results.json.tmp"; then
    mv -f "$top/results/results.json.tmp" "$top/results/results.json"
else
    why=$(grep -m1 -i 'error' "$top/results/grader.log" | tr -d '"\\' | cut -c 1-300)
    printf '{"gradable": false, "score": 0, "format_errors": ["the grader could not grade this submission: %s"]}\n' "${why:-see the log}" >"$top/results/results.json"
fi
rm -f "$r"
