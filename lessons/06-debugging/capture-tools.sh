#!/usr/bin/env bash
# capture-tools.sh [RESULTS] -- run lesson 06 and the debugging tools as the
# chapter shows them (the lesson's modes, clang, PoCL's kernel cache,
# objdump, Oclgrind) and save what they print into RESULTS/06-tools.txt
# (default results/pocl), in sections the chapter includes by name.
# Needs build/06-debugging (make build/06-debugging), clang, oclgrind, objdump.
set -u
cd "$(dirname "$0")/../.." || exit 2
res=${1:-results/pocl}
out=$res/06-tools.txt
B=./build/06-debugging
[ -x "$B" ] || { echo "capture-tools: build $B first (make build/06-debugging)" >&2; exit 2; }
for tool in clang oclgrind objdump; do
    command -v "$tool" >/dev/null || { echo "capture-tools: $tool is missing" >&2; exit 2; }
done
mkdir -p "$res"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# show CMD...: print the command as typed, its output, its exit status
show() {
    echo "\$ $*" | sed -e "s|$tmp|\$TMP|g"
    "$@" 2>&1 | sed -e "s|$tmp|\$TMP|g" -e "s|$PWD/||g"
    echo "(exit status ${PIPESTATUS[0]})"
}
section() { snip=$1; echo "# snippet: $1"; }
end() { echo "# end snippet $snip"; }

# The side by side of two kernels' instructions: the lines of each kernel
# (from `define ... @NAME` to its closing brace) that match REGEX.
ir_lines() { # FILE KERNEL REGEX
    sed -n "/^define .*@$2(/,/^}/p" "$1" | grep -E "$3" \
        | sed -e 's/, !tbaa.*//' -e 's/^ *//' -e 's/tail call //' -e 's/ noundef//g' -e 's/, align [0-9]*//'
}

{
echo "# captured $(date -u +%Y-%m-%d) by lessons/06-debugging/capture-tools.sh on $(hostname)"

section check-kernels
show tools/check-kernels.sh kernels/06-debugging-bugs.cl kernels/06-debugging-variants.cl lessons/06-debugging/broken/missing-semicolon.cl lessons/06-debugging/broken/warning.cl
end

for k in missing-semicolon undeclared warning; do
    section "build-$k"
    show "$B" -o build -k "$k.cl"
    end
done
section build-werror
show "$B" -o build -k warning.cl -O -Werror
end
section build-nv-verbose
show "$B" -o build -k 06-debugging-bugs.cl -O -cl-nv-verbose
end
section build-good
show "$B" -o build -k 06-debugging-bugs.cl
end

section errors
show "$B" -o errors
end

section dump
show "$B" -o dump -f "$tmp/06-variants.bin"
echo "\$ xxd \$TMP/06-variants.bin | head -n 7"
xxd "$tmp/06-variants.bin" | head -n 7
end

# PoCL compiles each kernel for a work-group size when it is first needed
# and keeps the results in its cache; a fresh cache shows what it makes.
section pocl-cache
echo "\$ export POCL_CACHE_DIR=\$TMP/cache POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES=1"
export POCL_CACHE_DIR=$tmp/cache POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES=1
show "$B" -o dump
echo "\$ cd \$TMP/cache && find . -type f | sort"
(cd "$tmp/cache" && find . -type f | sort)
end
unset POCL_CACHE_DIR POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES

section pocl-asm
for k in outer_sum_scalar outer_sum_float4; do
    so=$(find "$tmp/cache" -name "$k.so" | head -n 1)
    echo "\$ objdump -d --no-show-raw-insn .../$k.so | grep -c vfmadd...  # and the first one"
    objdump -d --no-show-raw-insn "$so" | awk '$2 ~ /^vfmadd/ {n[$2]++; if (!first) first = $0}
        END {for (op in n) print n[op] " x " op; print "first:" first}'
done
end

section llvm-ir
echo "\$ clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -O2 -fno-unroll-loops \\"
echo "        -emit-llvm -S -o \$TMP/06-variants.ll kernels/06-debugging-variants.cl"
clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -O2 -fno-unroll-loops \
      -emit-llvm -S -o "$tmp/06-variants.ll" kernels/06-debugging-variants.cl
echo "# the loads, multiply-adds and stores of the two kernels, row by row:"
re='load|store|fmuladd'
paste -d '|' <(ir_lines "$tmp/06-variants.ll" outer_sum_scalar "$re") \
             <(ir_lines "$tmp/06-variants.ll" outer_sum_float4 "$re") \
    | awk -F'|' '{print "scalar: " $1; print "float4: " $2; print ""}'
end

# Oclgrind: each bug with the check that finds it, then the fixed kernels
# with every check on.
section oclgrind-local-index
show oclgrind --max-errors 3 "$B" -b local-index -x 200 -y 100 -t 64
end
section oclgrind-divergence
show oclgrind --max-errors 3 "$B" -b divergence -x 200 -y 100 -t 64
end
section oclgrind-race
show oclgrind --max-errors 3 --data-races "$B" -b race -x 200 -t 64
end
section oclgrind-uninit
show oclgrind --max-errors 3 --uninitialized "$B" -b uninit -x 200 -t 64
end
section oclgrind-clean
show oclgrind --max-errors 3 --data-races --uninitialized --check-api "$B" -x 200 -y 100 -t 64
end
} >"$out"
echo "capture: $out"
