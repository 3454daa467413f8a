#!/usr/bin/env bash
# run8.sh -- SGEMM 128x128 paired loop under a 128-register cap: block
# order, warp layout, padding; small sizes
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; o=${OUT:-/tmp}
bash .perf/build.sh || exit 2
nvcc -O2 -arch=sm_90 .perf/cublas.cu -lcublas -o .perf/cublas || echo "no cublas"
g() { local bm=$1 bn=$2 bk=$3 tm=$4 tn=$5; shift 5
    NVVERBOSE=1 $P gemm 05-matrix-multiplication-reg.cl gemm_reg "-DBM=$bm -DBN=$bn -DBK=$bk -DTM=$tm -DTN=$tn -DUNROLL_K=1 $*" $((bn/tn)) $((bm/tm)) $bm $bn ${SIZES:-1024 2048 4096 8192} | grep -v "Compiling\|used 0 barriers" | grep -B1 -v "stack frame" | grep -v "^--"; }
C="-DPAIR=1 -DREQD=0 -cl-nv-maxrregcount=128"
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
$P info | grep -v extensions
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
g 128 128 8 8 8 $C -DGROUP_M=8
g 128 128 8 8 8 $C -DGROUP_M=4
g 128 128 8 8 8 $C -DGROUP_M=16
g 128 128 8 8 8 $C -DGROUP_M=8 -DWTX=8
g 128 128 8 8 8 $C -DGROUP_M=8 -DWTX=4
g 128 128 8 8 8 $C -DGROUP_M=8 -DAPAD=8
g 128 128 8 8 8 $C
g 128 128 8 8 8 -DPAIR=1 -DREQD=0 -cl-nv-maxrregcount=124 -DGROUP_M=8
SIZES="1024 2048" g 64 64 8 8 4
SIZES="1024 2048" g 64 64 8 8 4 -DGROUP_M=4
SIZES="1024 2048" g 64 128 8 8 8 $C -DGROUP_M=8
g 128 128 8 8 8 $C -DGROUP_M=8
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
date -u
} 2>&1 | tee $o/run8.log
