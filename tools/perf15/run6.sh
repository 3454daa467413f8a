#!/usr/bin/env bash
# run6.sh -- SGEMM: signed index restored, paired loop, small tiles for n <= 2048
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; o=${OUT:-/tmp}
bash .perf/build.sh || exit 2
nvcc -O2 -arch=sm_90 .perf/cublas.cu -lcublas -o .perf/cublas || echo "no cublas"
g() { local bm=$1 bn=$2 bk=$3 tm=$4 tn=$5; shift 5
    NVVERBOSE=1 $P gemm 05-matrix-multiplication-reg.cl gemm_reg "-DBM=$bm -DBN=$bn -DBK=$bk -DTM=$tm -DTN=$tn -DUNROLL_K=1 $*" $((bn/tn)) $((bm/tm)) $bm $bn ${SIZES:-1024 2048 4096 8192} | grep -v "Compiling\|stack frame\|used 0 barriers"; }
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
$P info | grep -v extensions
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
g 128 64 8 8 8
g 128 64 8 8 8 -DPAIR=1
g 128 64 8 8 8 -DPAIR=1 -DWTX=4
SIZES="1024 2048" g 128 32 8 8 4
SIZES="1024 2048" g 64 64 8 8 4
SIZES="1024 2048" g 64 64 8 8 4 -DPAIR=1
g 128 64 8 8 8
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
date -u
} 2>&1 | tee $o/run6.log
