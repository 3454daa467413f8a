#!/usr/bin/env bash
# tests/run.sh [FILE...] -- run the test files (default: all of tests/*.sh but
# this harness) from the project root and close with "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
BIN=build
if [ $# -eq 0 ]; then
    set -- $(ls tests/*.sh | grep -v -e '/lib\.sh$' -e '/run\.sh$' | sort)
fi
for f in "$@"; do
    echo "== $f"
    # shellcheck disable=SC1090
    . "$f"
done
summary
