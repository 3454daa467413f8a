/* Hidden cases of exercise 02-2: rows of the checker's table of cases, built in
 * by tools/grade.sh where solutions/ is present (or GRADE_HIDDEN names an
 * instructor folder laid out as solutions/ is). */
        {97, 41, 16, 39, 1}, {2047, 77, 128, 40, 0},
