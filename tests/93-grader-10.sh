# The grader on lesson 10's exercises: each solution scores full marks, each
# starter 0, each wrong attempt of the corpus loses marks with its message
# (tests/lib-corpus.sh).
. tests/lib-corpus.sh
grader_corpus 10

# 10-1's public checker holds its problems' answers as a table, never the
# reference: no fit test and no comparison to paste.
if [ -d solutions ]; then
    expect 1 "grader 10-1: the public checker holds no reference choice (ref_choose, a fit test)" -- \
        grep -rEq 'ref_choose|(<=?|>=?) *(dev|d)->(local_mem|max_group|registers)|<= *lm\b' exercises/10-1-tile-fit
    # Graded without the instructor's folder: the public checks only, full
    # marks for the solution; the instructor's grade adds the hidden sets.
    TF_PUBLIC=$(mktemp -d) TF_SOLVED=$(mktemp -d)
    tools/starters.sh solve 10-1-tile-fit "$TF_SOLVED"
    expect_out 0 "score 8/8$" "grader 10-1: the public grade (no instructor folder) gives the solution 8 of 8" -- \
        env GRADE_HIDDEN="$TF_PUBLIC" GRADE_NO_SPEED=1 tools/grade.sh 10-1 "$TF_SOLVED"
    expect_out 0 "hidden limit sets" "grader 10-1: the instructor's grade adds the hidden limit sets" -- \
        env GRADE_NO_SPEED=1 tools/grade.sh 10-1 "$TF_SOLVED"
    rm -rf "$TF_PUBLIC" "$TF_SOLVED"
fi

# Right attempts written apart from the solution (tests/grader-right/EX/NAME/)
# get full marks: the checks ask for what the statement says, not for the
# solution's way of writing it.
if [ -d solutions ]; then
    for right in tests/grader-right/10-*/*/; do
        [ -d "$right" ] || continue
        ex=$(basename "$(dirname "$right")")
        w=$(mktemp -d)
        tools/starters.sh solve "$ex" "$w"
        cp "$right"* "$w/"
        expect_out 0 "score ([0-9]+)/\\1$" "grader $ex: the right attempt $(basename "$right") gets full marks" -- \
            env GRADE_NO_SPEED=1 tools/grade.sh "$ex" "$w"
        rm -rf "$w"
    done
fi
