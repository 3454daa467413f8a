#!/usr/bin/env bash
# run2.sh -- second batch: SGEMM tiles/order/warp layout against cuBLAS,
# outer-sum variants against the FMA peak, scan refinements.
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; o=${OUT:-/tmp}; N=$((1<<28))
bash .perf/build.sh || exit 2
nvcc -O2 -arch=sm_90 .perf/cublas.cu -lcublas -o .perf/cublas &
g() { # BM BN BK TM TN extra...
    local bm=$1 bn=$2 bk=$3 tm=$4 tn=$5; shift 5
    NVVERBOSE=1 $P gemm 05-matrix-multiplication-reg.cl gemm_reg "-DBM=$bm -DBN=$bn -DBK=$bk -DTM=$tm -DTN=$tn -DUNROLL_K=1 $*" $((bn/tn)) $((bm/tm)) $bm $bn ${SIZES:-1024 2048 4096 8192} | grep -v "Compiling\|stack frame"
}
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
$P info | grep -v extensions
echo "== SGEMM"
wait
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
g 128 64 8 8 8
g 128 64 8 8 8 -DGROUP_M=8
g 128 64 8 8 8 -DGROUP_M=16
g 128 64 8 8 8 -DWTX=4
g 128 64 8 8 8 -DWTX=2 -DGROUP_M=8
g 128 64 16 8 8 -DGROUP_M=8
g 64 128 8 8 8 -DGROUP_M=8
g 128 128 8 8 8 -cl-nv-maxrregcount=128
g 128 128 8 8 8 -cl-nv-maxrregcount=128 -DGROUP_M=8
g 128 128 16 8 8 -cl-nv-maxrregcount=128 -DGROUP_M=8
g 256 64 8 8 8 -cl-nv-maxrregcount=128 -DGROUP_M=8
g 128 64 8 8 8 -DDBUF=0 -DGROUP_M=8
SIZES="1024 2048" g 64 64 8 8 8
SIZES="1024 2048" g 64 64 8 4 4
SIZES="1024 2048" g 64 64 16 8 4 -DGROUP_M=4
SIZES="1024 2048" g 32 64 16 4 8
for n in 1024 8192; do .perf/cublas $n 20 | grep CUBLAS; done
echo "== outer sum (X=16M, Y=4096)"
for wg in 64 128 256; do $P outer 03-vector-types.cl outer_sum_f16local "" $wg 16 16777216 4096; done
for cfg in "-DPF=1:16" "-DNA=4:32" "-DNA=4 -DPF=1:32" "-DTPW=2 -DPF=1:16" "-DUNR=8 -DPF=1:16" "-DNA=4 -DUNR=8:32"; do
    for wg in 64 128; do LMUL=2 $P outer 03-outer-try.cl outer_try "${cfg%:*}" $wg ${cfg#*:} 16777216 4096; done
done
echo "== scan"
for cfg in "128 32" "64 64" "128 64" "64 32"; do $P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1" $cfg $N; done
TIME_INT=1 $P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1" 256 32 $N
$P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1 -DBACKOFF=32" 128 32 $N
$P scan 04-prefix-scan-onepass.cl "-DNV_PTX=0" 64 64 $N
$P scan 04-prefix-scan-onepass.cl "-DNV_PTX=0" 128 32 $N
date -u
} 2>&1 | tee $o/run2.log
