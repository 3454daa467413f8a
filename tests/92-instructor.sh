# The instructor's kit: grading a class to CSV, and the students' handout.
CLASS=$(mktemp -d)
mkdir -p "$CLASS/alice/01-1" "$CLASS/bob/01-1-squared-distance" "$CLASS/bob/01-2"
tools/starters.sh solve 01-1-squared-distance "$CLASS/alice/01-1"
cp exercises/01-1-squared-distance/sq_dist.cl "$CLASS/bob/01-1-squared-distance/"
echo 'this is not C' >"$CLASS/bob/01-2/launch.c"
expect_out 0 '3 submissions graded' "grade-all: grades a class" -- tools/grade-all.sh "$CLASS"
expect_out 0 '^alice,01-1-squared-distance,5,5,passed,' "grade-all: a right attempt scores 5/5 in the CSV" -- cat "$CLASS/grades.csv"
expect_out 0 '^bob,01-1-squared-distance,0,5,failed,"X=1 Y=1' "grade-all: a starter scores 0/5, with what failed" -- cat "$CLASS/grades.csv"
expect_out 0 '^bob,01-2-launch,0,0,does-not-build,' "grade-all: code that does not build is marked so" -- cat "$CLASS/grades.csv"
rm -rf "$CLASS"

expect_out 0 'no solutions/' "handout: builds" -- tools/handout.sh
HO=$(mktemp -d)
tar -C "$HO" -xzf build/handout.tar.gz
expect 1 "handout: holds no solutions" -- test -e "$HO/opencl-workbook/solutions"
expect_out 1 'score 0/5' "handout: students can grade an attempt without solutions/" -- \
    "$HO/opencl-workbook/tools/grade.sh" 01-1 "$HO/opencl-workbook/exercises/01-1-squared-distance"
rm -rf "$HO"
