# The grader on lesson 09's exercises: each solution scores full marks, each
# starter 0, each wrong attempt of the corpus loses marks with its message
# (tests/lib-corpus.sh).
. tests/lib-corpus.sh
grader_corpus 09

# Right attempts written apart from the solution (tests/grader-right/EX/NAME/)
# get full marks: the checks ask for what the statement says, not for the
# solution's way of writing it.
if [ -d solutions ]; then
    for right in tests/grader-right/09-*/*/; do
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
