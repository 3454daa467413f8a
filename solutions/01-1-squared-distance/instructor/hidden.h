/* Hidden cases of exercise 01-1: rows of the checker's table of cases, built in
 * by tools/grade.sh where solutions/ is present (or GRADE_HIDDEN names an
 * instructor folder laid out as solutions/ is). */
        {777, 13, 128, 17, 1}, {2053, 41, 64, 18, 0},
