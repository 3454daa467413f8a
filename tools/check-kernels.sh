#!/usr/bin/env bash
# check-kernels.sh [FILE...] -- syntax-check OpenCL C kernels offline with
# clang, no device needed: the modern form of compiling a kernel with the
# host compiler and a header of stand-ins. Default: every kernel in kernels/,
# every .cl solution (as solved) and every .cl starter.
#
# A kernel may name extra clang options for this check in a comment line
#   // check-kernels: -DTILE=16
# (for kernels that expect -D options from the host).
set -u
cd "$(dirname "$0")/.." || exit 2
if [ $# -eq 0 ]; then
    set -- kernels/*.cl solutions/*/*.cl exercises/*/*.cl
fi
bad=0
for f in "$@"; do
    [ -f "$f" ] || continue
    extra=$(sed -n 's|^// check-kernels: ||p' "$f" | head -n 1)
    case "$f" in solutions/*) extra="$extra -DSOLUTION=1" ;; esac
    # shellcheck disable=SC2086
    if clang -x cl -cl-std=CL1.2 -fsyntax-only -Xclang -finclude-default-header \
             -Ikernels -Werror $extra "$f"; then
        echo "  ok    $f"
    else
        echo "  FAIL  $f"
        bad=$((bad + 1))
    fi
done
[ $bad -eq 0 ]
