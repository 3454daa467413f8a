#!/usr/bin/env bash
# run11.sh -- SGEMM: pointers advanced per tile (PRECOMP) on the best shape
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; o=${OUT:-/tmp}
bash .perf/build.sh || exit 2
nvcc -O2 -arch=sm_90 .perf/cublas.cu -lcublas -o .perf/cublas || echo "no cublas"
g() { local bm=$1 bn=$2 bk=$3 tm=$4 tn=$5; shift 5
    NVVERBOSE=1 $P gemm 05-matrix-multiplication-reg.cl gemm_reg "-DBM=$bm -DBN=$bn -DBK=$bk -DTM=$tm -DTN=$tn -DUNROLL_K=1 $*" $((bn/tn)) $((bm/tm)) $bm $bn ${SIZES:-2048 4096 8192} | grep -v "Compiling\|used 0 barriers" | grep -B1 -v "stack frame" | grep -v "^--"; }
B="-DPAIR=1 -DREQD=0 -DGROUP_M=8"
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
for n in 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
g 128 128 8 8 8 $B -cl-nv-maxrregcount=124
g 128 128 8 8 8 $B -cl-nv-maxrregcount=124 -DPRECOMP=1
g 128 128 8 8 8 $B -cl-nv-maxrregcount=128 -DPRECOMP=1
g 128 128 8 8 8 $B -cl-nv-maxrregcount=120 -DPRECOMP=1
g 128 128 8 8 8 $B -cl-nv-maxrregcount=126 -DPRECOMP=1
SIZES="1024 8192" g 128 64 8 8 8 -DPRECOMP=1
SIZES="1024 2048" g 64 64 8 8 4 -DPRECOMP=1
g 128 128 8 8 8 $B -cl-nv-maxrregcount=124 -DPRECOMP=1
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
date -u
} 2>&1 | tee $o/run11.log
