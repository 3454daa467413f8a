#!/usr/bin/env bash
# capture-gpu.sh OUT -- on the NVIDIA machine: run lesson 06 as the chapter
# shows it there and save OUT/06-gpu.txt (sections the chapter includes by
# name) and OUT/06-variants.ptx (the PTX of kernels/06-debugging-variants.cl).
# Run it with CLU_PLATFORM=NVIDIA after make build/06-debugging.
set -u
cd "$(dirname "$0")/../.." || exit 2
out=${1:?usage: capture-gpu.sh OUT}
mkdir -p "$out"
B=./build/06-debugging

show() { # print the command, its output (60 s at most), its exit status
    echo "\$ $*" | sed -e "s|$out/||g"
    timeout -k 5 60 "$@" 2>&1 | sed -e "s|$out/||g" -e "s|$PWD/||g"
    echo "(exit status ${PIPESTATUS[0]})"
}
section() { snip=$1; echo "# snippet: $1"; }
end() { echo "# end snippet $snip"; }

{
echo "# captured $(date -u +%Y-%m-%d) by lessons/06-debugging/capture-gpu.sh on $(hostname), CLU_PLATFORM=${CLU_PLATFORM:-}"

section nv-verbose
show "$B" -o build -k 06-debugging-bugs.cl -O -cl-nv-verbose
end
# NVIDIA keeps compiled kernels in a cache (~/.nv/ComputeCache): the same
# build again comes from there, and its log is empty.
section nv-verbose-again
show "$B" -o build -k 06-debugging-bugs.cl -O -cl-nv-verbose
end
section nv-verbose-nocache
show env CUDA_CACHE_DISABLE=1 "$B" -o build -k 06-debugging-variants.cl -O -cl-nv-verbose
end

section build-missing-semicolon
show "$B" -o build -k missing-semicolon.cl
end
section build-werror
show "$B" -o build -k warning.cl -O -Werror
end

section dump
show "$B" -o dump -f "$out/06-variants.ptx"
end
section ptx-lines
echo "\$ grep the global loads and stores and the multiply-adds of each .entry in 06-variants.ptx"
awk '/\.entry/ {name = $NF; sub(/\(.*/, "", name)}
     /^[ \t]*(ld\.global|st\.global|fma\.rn)/ {sub(/^[ \t]+/, ""); printf "%-18s %s\n", name ":", $0}' \
    "$out/06-variants.ptx"
end

section errors
show "$B" -o errors
end
} >"$out/06-gpu.txt"
echo "capture: $out/06-gpu.txt"
