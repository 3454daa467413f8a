#!/usr/bin/env bash
# run7.sh -- SGEMM register cap: without reqd_work_group_size NVIDIA honours
# -cl-nv-maxrregcount; paired loop / block order / BK=16 under a 128 cap
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; o=${OUT:-/tmp}
bash .perf/build.sh || exit 2
nvcc -O2 -arch=sm_90 .perf/cublas.cu -lcublas -o .perf/cublas || echo "no cublas"
g() { local f=$1 bm=$2 bn=$3 bk=$4 tm=$5 tn=$6; shift 6
    NVVERBOSE=1 $P gemm $f gemm_reg "-DBM=$bm -DBN=$bn -DBK=$bk -DTM=$tm -DTN=$tn -DUNROLL_K=1 $*" $((bn/tn)) $((bm/tm)) $bm $bn ${SIZES:-2048 4096 8192} | grep -v "Compiling\|used 0 barriers" | grep -B1 -v "stack frame" | grep -v "^--"; }
R=05-matrix-multiplication-reg.cl; Q=05-mm-pair.cl; C="-DREQD=0 -cl-nv-maxrregcount=128"
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
$P info | grep -v extensions
for n in 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
g $R 128 64 8 8 8
g $R 128 64 8 8 8 $C
g $Q 128 64 8 8 8 -DPAIR=1 $C
g $R 128 64 8 8 8 -DGROUP_M=8 $C
g $Q 128 64 8 8 8 -DPAIR=1 -DGROUP_M=8 $C
g $R 128 64 16 8 8 $C
g $R 128 128 8 8 8 -DGROUP_M=8 $C
g $Q 128 128 8 8 8 -DPAIR=1 -DGROUP_M=8 $C
g $R 128 64 8 8 8 -DREQD=0 -cl-nv-maxrregcount=120
g $R 128 64 8 8 8
for n in 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
date -u
} 2>&1 | tee $o/run7.log
