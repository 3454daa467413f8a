#!/usr/bin/env bash
# run5.sh -- paired tile loop for SGEMM, float16local with prefetch against
# the old one, scan defaults once more; all against same-run yardsticks
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; o=${OUT:-/tmp}; N=$((1<<28))
bash .perf/build.sh || exit 2
nvcc -O2 -arch=sm_90 .perf/cublas.cu -lcublas -o .perf/cublas || echo "no cublas"
g() { local bm=$1 bn=$2 bk=$3 tm=$4 tn=$5; shift 5
    NVVERBOSE=1 $P gemm 05-matrix-multiplication-reg.cl gemm_reg "-DBM=$bm -DBN=$bn -DBK=$bk -DTM=$tm -DTN=$tn -DUNROLL_K=1 $*" $((bn/tn)) $((bm/tm)) $bm $bn ${SIZES:-1024 2048 4096 8192} | grep -v "Compiling\|stack frame\|used 0 barriers"; }
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
$P info | grep -v extensions
echo "== SGEMM"
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
g 128 64 8 8 8
g 128 64 8 8 8 -DPAIR=1
g 128 64 16 8 8 -DPAIR=1
g 128 128 8 8 8 -DPAIR=1 -cl-nv-maxrregcount=128 -DGROUP_M=8
g 64 64 8 8 8 -DPAIR=1
SIZES="1024 2048" g 64 64 8 4 4 -DPAIR=1
SIZES="1024 2048" g 32 64 16 4 8 -DPAIR=1
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
echo "== outer sum (X=16M, Y=4096)"
for wg in 64 128 256; do
    NVVERBOSE=1 $P outer 03-vector-types-old.cl outer_sum_f16local "" $wg 16 16777216 4096 | grep -v "Compiling\|stack\|used 0 barriers"
    NVVERBOSE=1 $P outer 03-vector-types.cl outer_sum_f16local "" $wg 16 16777216 4096 | grep -v "Compiling\|stack\|used 0 barriers"
done
LMUL=2 $P outer 03-outer-try.cl outer_try "-DNA=4" 64 32 16777216 4096
LMUL=2 $P outer 03-outer-try.cl outer_try "-DNA=4 -DPF=1 -DUNR=8" 64 32 16777216 4096
echo "== scan"
TIME_INT=1 $P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1" 256 32 $N
TIME_INT=1 $P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1" 128 32 $N
$P scan 04-prefix-scan-fast.cl "" 256 16 $N scan_lookback
date -u
} 2>&1 | tee $o/run5.log
