# Unit tests of common/clu.c (the checks live in tests/test-clu.c).
expect_lines "helper" -- "$BIN/test-clu"
