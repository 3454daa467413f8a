/* Hidden cases of exercise 06-2: rows of the checker's table of cases, built in
 * by tools/grade.sh where solutions/ is present (or GRADE_HIDDEN names an
 * instructor folder laid out as solutions/ is). */
        {129, 7, 128, 157, 1}, {2051, 5, 256, 158, 0},
