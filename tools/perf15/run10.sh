#!/usr/bin/env bash
# run10.sh -- last SGEMM sweep near the best: register cap 122..127, block order, padding
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; o=${OUT:-/tmp}
bash .perf/build.sh || exit 2
nvcc -O2 -arch=sm_90 .perf/cublas.cu -lcublas -o .perf/cublas || echo "no cublas"
g() { local bm=$1 bn=$2 bk=$3 tm=$4 tn=$5; shift 5
    NVVERBOSE=1 $P gemm 05-matrix-multiplication-reg.cl gemm_reg "-DBM=$bm -DBN=$bn -DBK=$bk -DTM=$tm -DTN=$tn -DUNROLL_K=1 $*" $((bn/tn)) $((bm/tm)) $bm $bn ${SIZES:-8192} | grep -v "Compiling\|used 0 barriers" | grep -B1 -v "stack frame" | grep -v "^--"; }
B="-DPAIR=1 -DREQD=0"
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
.perf/cublas 8192 20 | grep CUBLAS
for r in 127 126 125 123 122; do g 128 128 8 8 8 $B -cl-nv-maxrregcount=$r -DGROUP_M=8; done
for m in 2 4 16; do g 128 128 8 8 8 $B -cl-nv-maxrregcount=124 -DGROUP_M=$m; done
g 128 128 8 8 8 $B -cl-nv-maxrregcount=124 -DGROUP_M=8 -DAPAD=0
g 128 128 8 8 8 $B -cl-nv-maxrregcount=124 -DGROUP_M=8 -DAPAD=8
g 128 128 8 8 8 $B -cl-nv-maxrregcount=124 -DGROUP_M=8
.perf/cublas 8192 20 | grep CUBLAS
date -u
} 2>&1 | tee $o/run10.log
