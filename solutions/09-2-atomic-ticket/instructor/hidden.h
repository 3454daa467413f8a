/* Hidden cases of exercise 09-2: rows of the checker's table of cases, built in
 * by tools/grade.sh where solutions/ is present (or GRADE_HIDDEN names an
 * instructor folder laid out as solutions/ is). */
        {61, 5, 2, 4, {3, 2, 6}, 941, 1},
        {123457, 999, 96, 11, {40, 50, 30}, 942, 0},
