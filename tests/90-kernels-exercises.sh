# Every kernel passes clang's offline syntax check; every exercise's starter
# is what its solution generates, every solution scores full marks and every
# starter compiles but fails its checks.
for f in kernels/*.cl solutions/*/*.cl exercises/*/*.cl; do
    [ -f "$f" ] || continue
    expect 0 "clang -x cl syntax check: $f" -- tools/check-kernels.sh "$f"
done
expect 1 "the syntax check catches an error" -- tools/check-kernels.sh tests/fixtures/broken.cl
# The tile of the large scans is written once: 04-prefix-scan-fast.cl and
# 09-single-pass-scan.cl include kernels/04-prefix-scan-tiles.h, no copy.
expect 0 "the scans' tile helpers are defined in one file, kernels/04-prefix-scan-tiles.h" -- \
    bash -c '[ "$(grep -lE "^static (void|T) (load_items|store_scan|sum_items|group_exclusive_scan)\(" kernels/*)" = kernels/04-prefix-scan-tiles.h ]'
expect 0 "starters are generated from the solutions (make starters)" -- tools/starters.sh check

# The solutions, starters and the grader's corpus of wrong attempts: tests/93-grader-NN.sh (tests/lib-corpus.sh).
expect_out 2 'usage' "grader: no EX" -- tools/grade.sh "" ""
expect_out 2 'matches no exercise' "grader: unknown EX" -- tools/grade.sh 77-7 exercises
