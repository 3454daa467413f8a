#!/usr/bin/env bash
# gpu-probe.sh -- one batch on the GPU machine for tuning lesson 05 (see
# NOTES.md): correctness at odd sizes, register use, the tile sweep, every
# variant at n = 4096 and 8192, transfers pageable vs pinned, CLBlast and
# cuBLAS. Usage (from the project root): gpu-probe.sh OUTDIR
set -u
out=${1:?OUTDIR}
L=./build/05-matrix-multiplication
mkdir -p "$out"
log() { echo "---- $*"; "$@"; }
{
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw --format=csv
for o in naive rows bt tiled tiled-pad 1d 2d vec fast; do
    log $L -m 17 -n 31 -k 13 -o $o | grep -E 'verified|error'
    log $L -m 1000 -n 259 -k 333 -o $o | grep -E 'verified|error'
done
log $L -m 130 -n 130 -k 130 -o fast --build-log 2>&1 | grep -Ei 'registers|spill|stack|smem|verified' | head -20
log $L -m 4096 -n 4096 -k 4096 -o tune -r 5
log $L -m 8192 -n 8192 -k 8192 -o tune -r 5
log $L -m 8192 -n 8192 -k 8192 -o all -r 3 --peak -t 32 -w 8
log $L -m 4096 -n 4096 -k 4096 -o all -r 3 -t 16
log $L -m 8192 -n 8192 -k 8192 -o fast -r 5
log $L -m 8192 -n 8192 -k 8192 -o fast -r 5 --pinned
log $L -m 8192 -n 8192 -k 8192 -o tiled -t 16 -r 3
log $L -m 8192 -n 8192 -k 8192 -o tiled-pad -t 16 -r 3
} 2>&1 | tee "$out/probe.txt"
