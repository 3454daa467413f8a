/* Hidden cases of exercise 05-2: rows of the checker's table of cases, built in
 * by tools/grade.sh where solutions/ is present (or GRADE_HIDDEN names an
 * instructor folder laid out as solutions/ is). */
        {23, 29, 31, 8, 128, 1}, {81, 50, 33, 16, 129, 0},
