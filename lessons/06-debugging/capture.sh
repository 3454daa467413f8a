#!/usr/bin/env bash
# capture.sh RESULTS -- lesson 06's captures that need more than one run of
# the program: its modes, sliced into the sections the chapter includes by
# name, and the tools beside it (clang, Oclgrind, PoCL's kernel cache,
# objdump; NVIDIA's -cl-nv-verbose and PTX). Writes RESULTS/06-tools.txt,
# and on NVIDIA RESULTS/06-variants.ptx. `make capture` runs it after the
# runs of capture.args (tools/capture.sh), with build/06-debugging built;
# on the NVIDIA machine tools/gpu-capture.sh does the same.
set -u
cd "$(dirname "$0")/../.." || exit 2
res=${1:?usage: lessons/06-debugging/capture.sh RESULTS}
B=./build/06-debugging
[ -x "$B" ] || { echo "error: build $B first (make build/06-debugging)" >&2; exit 2; }
mkdir -p "$res" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

show() { # show CMD...: the command as typed, its output, its exit status
    echo "\$ $*" | sed -e "s|$tmp|\$TMP|g"
    timeout -k 5 120 "$@" 2>&1 | sed -e "s|$tmp|\$TMP|g" -e "s|$PWD/||g"
    echo "(exit status ${PIPESTATUS[0]})"
}
section() { echo "# snippet: $1"; }
end() { echo "# end snippet $1"; }

nvidia=0
"$B" -o build -f 06-debugging-variants.cl 2>/dev/null | grep -q '^platform:.*NVIDIA' && nvidia=1

{
echo "# captured $(date -u +%Y-%m-%d) by lessons/06-debugging/capture.sh on $(hostname)"

# The lesson's own modes, on any device.
for k in missing-semicolon undeclared warning; do
    section "build-$k"; show "$B" -o build -f "$k.cl"; end "build-$k"
done
section build-werror; show "$B" -o build -f warning.cl -O -Werror; end build-werror
section build-good; show "$B" -o build -f 06-debugging-bugs.cl; end build-good
section errors; show "$B" -o errors; end errors
section printf; show "$B" -o printf -x 256 -t 64; end printf
section refused; show "$B" -o race -x 256 -y 100; end refused

if [ $nvidia = 1 ]; then
    section nv-verbose; show "$B" -o build -f 06-debugging-bugs.cl -O -cl-nv-verbose; end nv-verbose
    # NVIDIA keeps compiled kernels in ~/.nv/ComputeCache: the same build
    # again comes from there, and its log is empty.
    section nv-verbose-again; show "$B" -o build -f 06-debugging-bugs.cl -O -cl-nv-verbose
    end nv-verbose-again
    section nv-verbose-nocache
    show env CUDA_CACHE_DISABLE=1 "$B" -o build -f 06-debugging-variants.cl -O -cl-nv-verbose
    end nv-verbose-nocache
    section regcap
    show env CUDA_CACHE_DISABLE=1 "$B" -o build -f 06-debugging-bugs.cl -O "-cl-nv-verbose -cl-nv-maxrregcount=16"
    end regcap
    section dump; show "$B" -o dump -w "$res/06-variants.ptx"; end dump
    section ptx-lines
    echo "\$ grep the global loads and stores and the multiply-adds of each .entry in 06-variants.ptx"
    awk '/\.entry/ {name = $NF; sub(/\(.*/, "", name)}
         /^[ \t]*(ld\.global|st\.global|fma\.rn)/ {sub(/^[ \t]+/, ""); printf "%-18s %s\n", name ":", $0}' \
        "$res/06-variants.ptx"
    end ptx-lines
else
    section check-kernels
    show tools/check-kernels.sh kernels/06-debugging-bugs.cl kernels/06-debugging-variants.cl \
        lessons/06-debugging/broken/missing-semicolon.cl lessons/06-debugging/broken/warning.cl
    end check-kernels
    section build-nv-verbose; show "$B" -o build -f 06-debugging-bugs.cl -O -cl-nv-verbose
    end build-nv-verbose
    section regcap; show "$B" -o build -f 06-debugging-bugs.cl -O -cl-nv-maxrregcount=16; end regcap
    section dump
    show "$B" -o dump -w "$tmp/06-variants.bin"
    echo "\$ xxd \$TMP/06-variants.bin | head -n 7"
    xxd "$tmp/06-variants.bin" | head -n 7
    end dump

    # PoCL compiles each kernel for a work-group size when it is first
    # needed and keeps the result in its cache; a fresh cache shows what.
    section pocl-cache
    echo "\$ export POCL_CACHE_DIR=\$TMP/cache POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES=1"
    export POCL_CACHE_DIR=$tmp/cache POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES=1
    show "$B" -o dump
    echo "\$ cd \$TMP/cache && find . -type f | sort"
    (cd "$tmp/cache" && find . -type f | sort)
    end pocl-cache
    unset POCL_CACHE_DIR POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES

    section pocl-asm
    for k in outer_sum_scalar outer_sum_float4; do
        so=$(find "$tmp/cache" -name "$k.so" | head -n 1)
        echo "\$ objdump -d --no-show-raw-insn .../$k.so | grep -c vfmadd...  # and the first one"
        objdump -d --no-show-raw-insn "$so" | awk '$2 ~ /^vfmadd/ {n[$2]++; if (!first) first = $0}
            END {for (op in n) print n[op] " x " op; print "first:" first}'
    done
    end pocl-asm

    section llvm-ir
    echo "\$ clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -O2 -fno-unroll-loops \\"
    echo "        -emit-llvm -S -o \$TMP/06-variants.ll kernels/06-debugging-variants.cl"
    clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -O2 -fno-unroll-loops \
          -emit-llvm -S -o "$tmp/06-variants.ll" kernels/06-debugging-variants.cl
    echo "# the loads, multiply-adds and stores of the two kernels, row by row:"
    lines() { # the lines of kernel $1 that load, store or multiply-add
        sed -n "/^define .*@$1(/,/^}/p" "$tmp/06-variants.ll" | grep -E 'load|store|fmuladd' \
            | sed -e 's/, !tbaa.*//' -e 's/^ *//' -e 's/tail call //' -e 's/ noundef//g' -e 's/, align [0-9]*//'
    }
    paste -d '|' <(lines outer_sum_scalar) <(lines outer_sum_float4) \
        | awk -F'|' '{print "scalar: " $1; print "float4: " $2; print ""}'
    end llvm-ir

    # Oclgrind: each bug with the check that finds it, then the fixed
    # kernels with every check on.
    section oclgrind-local-index
    show oclgrind --max-errors 3 "$B" -o local-index -x 200 -y 100 -t 64; end oclgrind-local-index
    section oclgrind-divergence
    show oclgrind --max-errors 3 "$B" -o divergence -x 200 -y 100 -t 64; end oclgrind-divergence
    section oclgrind-race
    show oclgrind --max-errors 3 --data-races "$B" -o race -x 200 -t 64; end oclgrind-race
    section oclgrind-uninit
    show oclgrind --max-errors 3 --uninitialized "$B" -o uninit -x 200 -t 64; end oclgrind-uninit
    section oclgrind-clean
    show oclgrind --max-errors 3 --data-races --uninitialized --check-api "$B" -x 200 -y 100 -t 64
    end oclgrind-clean
fi
} >"$res/06-tools.txt"
echo "capture: $res/06-tools.txt"
