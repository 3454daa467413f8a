# The instructor's kit: grading a class to CSV is tested in tests/99-grader-class.sh;
# here the students' handout, which must also work as a source of handouts.
if [ -d solutions ]; then
    expect_out 0 'no solutions/' "handout: builds" -- tools/handout.sh
    HO=$(mktemp -d)
    tar -C "$HO" -xzf build/handout.tar.gz
    W=$HO/opencl-workbook
    expect 1 "handout: holds no solutions" -- test -e "$W/solutions"
    expect 1 "handout: its README names no solutions/ folder" -- grep -q 'solutions/' "$W/README.md"
    expect_out 1 'score 0/7' "handout: students can grade an attempt without solutions/" -- \
        "$W/tools/grade.sh" 01-1 "$W/exercises/01-1-squared-distance"
    # Unpacked, it has no git: a handout made from it is the same handout.
    expect_out 0 'no solutions/' "handout: make handout works in a handout (no git)" -- make -s -C "$W" handout
    expect 0 "handout: ... and holds the same files" -- sh -c 'cmp -s "$0" "$1"' \
        "$(tar -tzf build/handout.tar.gz | sort >"$HO/a"; echo "$HO/a")" \
        "$(tar -tzf "$W/build/handout.tar.gz" | sort >"$HO/b"; echo "$HO/b")"
    expect_out 0 'already written' "handout: make starters there has nothing to do" -- make -s -C "$W" starters
    # Its own tests of the exercises and of this kit pass there.
    expect_out 0 ' 0 failed' "handout: its tests of the exercises and the kit pass" -- \
        sh -c 'cd "$0" && tests/run.sh tests/90-kernels-exercises.sh tests/92-instructor.sh tests/93-grader.sh' "$W"
    rm -rf "$HO"
else
    pass "handout: this is a handout (no solutions/): the kit's own tests ran where it was made"
fi
