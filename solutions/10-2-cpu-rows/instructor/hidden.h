/* Hidden cases of exercise 10-2: rows of the checker's table of cases, built in
 * by tools/grade.sh where solutions/ is present (or GRADE_HIDDEN names an
 * instructor folder laid out as solutions/ is). */
        {11, 32, 5, 3, 1, 2, 971, 1}, {97, 120, 61, 6, 1, 1, 972, 0},
