#!/usr/bin/env bash
# run9.sh -- SGEMM 128x128 paired loop: register cap 112..124 with warp layouts,
# each twice; the chosen defaults at all four sizes against cuBLAS
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; o=${OUT:-/tmp}
bash .perf/build.sh || exit 2
nvcc -O2 -arch=sm_90 .perf/cublas.cu -lcublas -o .perf/cublas || echo "no cublas"
g() { local bm=$1 bn=$2 bk=$3 tm=$4 tn=$5; shift 5
    NVVERBOSE=1 $P gemm 05-matrix-multiplication-reg.cl gemm_reg "-DBM=$bm -DBN=$bn -DBK=$bk -DTM=$tm -DTN=$tn -DUNROLL_K=1 $*" $((bn/tn)) $((bm/tm)) $bm $bn ${SIZES:-4096 8192} | grep -v "Compiling\|used 0 barriers" | grep -B1 -v "stack frame" | grep -v "^--"; }
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
$P info | grep -v extensions
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
for r in 124 120 116 112; do for w in 0 8 4; do
    g 128 128 8 8 8 -DPAIR=1 -DREQD=0 -cl-nv-maxrregcount=$r -DGROUP_M=8 -DWTX=$w
done; done
g 128 128 8 8 8 -DPAIR=1 -DREQD=0 -cl-nv-maxrregcount=124 -DGROUP_M=8 -DWTX=8
g 128 128 8 8 8 -DPAIR=1 -DREQD=0 -cl-nv-maxrregcount=124 -DGROUP_M=8
SIZES="1024 2048 4096 8192" g 128 128 8 8 8 -DPAIR=1 -DREQD=0 -cl-nv-maxrregcount=120 -DGROUP_M=8 -DWTX=8
SIZES="1024 2048" g 64 64 8 8 4
SIZES="1024 2048" g 64 64 8 8 4 -DPAIR=1
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
date -u
} 2>&1 | tee $o/run9.log
