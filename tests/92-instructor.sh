# The instructor's kit: grading a class to CSV is tested in tests/93-grader.sh;
# here the students' handout.
expect_out 0 'no solutions/' "handout: builds" -- tools/handout.sh
HO=$(mktemp -d)
tar -C "$HO" -xzf build/handout.tar.gz
expect 1 "handout: holds no solutions" -- test -e "$HO/opencl-workbook/solutions"
expect_out 1 'score 0/7' "handout: students can grade an attempt without solutions/" -- \
    "$HO/opencl-workbook/tools/grade.sh" 01-1 "$HO/opencl-workbook/exercises/01-1-squared-distance"
rm -rf "$HO"
