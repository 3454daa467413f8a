/* Hidden cases of exercise 03-3: rows of the checker's table of cases, built in
 * by tools/grade.sh where solutions/ is present (or GRADE_HIDDEN names an
 * instructor folder laid out as solutions/ is). */
        {37, 9, 32, 80, 1}, {4097, 7, 128, 81, 0},
