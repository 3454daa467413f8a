# Every kernel passes clang's offline syntax check; every exercise's starter
# is what its solution generates, every solution scores full marks and every
# starter compiles but fails its checks.
for f in kernels/*.cl solutions/*/*.cl exercises/*/*.cl; do
    [ -f "$f" ] || continue
    expect 0 "clang -x cl syntax check: $f" -- tools/check-kernels.sh "$f"
done
expect 1 "the syntax check catches an error" -- tools/check-kernels.sh tests/fixtures/broken.cl
expect 0 "starters are generated from the solutions (make starters)" -- tools/starters.sh check

for sol in solutions/*/; do
    [ -d "$sol" ] || continue
    ex=$(basename "$sol")
    solved=$(mktemp -d)
    tools/starters.sh solve "$ex" "$solved"
    expect_out 0 "score ([0-9]+)/\\1$" "exercise $ex: the solution scores full marks" -- tools/grade.sh "$ex" "$solved"
    expect_out 1 "score 0/" "exercise $ex: the starter compiles and scores 0" -- tools/grade.sh "$ex" "exercises/$ex"
    rm -rf "$solved"
done

# The grader gives partial marks: a kernel without its bound check loses
# every case but the one whose X the work-group size divides.
part=$(mktemp -d)
tools/starters.sh solve 01-1-squared-distance "$part"
sed -i 's/if (x >= X)/if (0)/' "$part/sq_dist.cl"
expect_out 1 'score 1/5' "grader: a missing bound check scores 1/5" -- tools/grade.sh 01-1 "$part"
rm -rf "$part"
expect_out 2 'usage' "grader: no EX" -- tools/grade.sh "" ""
expect_out 2 'matches no exercise' "grader: unknown EX" -- tools/grade.sh 77-7 exercises
