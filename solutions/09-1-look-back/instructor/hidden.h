/* Hidden cases of exercise 09-1: rows of the checker's table of cases, built in
 * by tools/grade.sh where solutions/ is present (or GRADE_HIDDEN names an
 * instructor folder laid out as solutions/ is). */
        {3, FIRST_P, 2, 931, 1}, {57, ALTERNATE, 5, 932, 1}, {6000, ALL_A, 96, 933, 0},
        {777777, SPARSE, 0, 934, 0},
