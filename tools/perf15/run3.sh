#!/usr/bin/env bash
# run3.sh -- SGEMM register caps / block order / bigger per-item tiles,
# outer-sum shapes, scan defaults (int and float, both kernels)
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; o=${OUT:-/tmp}; N=$((1<<28))
bash .perf/build.sh || exit 2
nvcc -O2 -arch=sm_90 .perf/cublas.cu -lcublas -o .perf/cublas || echo "no cublas"
g() { # BM BN BK TM TN extra...
    local bm=$1 bn=$2 bk=$3 tm=$4 tn=$5; shift 5
    NVVERBOSE=1 $P gemm 05-matrix-multiplication-reg.cl gemm_reg "-DBM=$bm -DBN=$bn -DBK=$bk -DTM=$tm -DTN=$tn -DUNROLL_K=1 $*" $((bn/tn)) $((bm/tm)) $bm $bn ${SIZES:-1024 2048 4096 8192} | grep -v "Compiling\|stack frame\|255 registers, used 0"
}
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
$P info | grep -v extensions
echo "== SGEMM"
for n in 1024 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
g 128 64 8 8 8
g 128 64 8 8 8 -cl-nv-maxrregcount=128 -DGROUP_M=8
g 128 64 8 8 8 -cl-nv-maxrregcount=128 -DGROUP_M=4
g 128 64 8 8 8 -cl-nv-maxrregcount=168
g 128 128 8 8 8 -cl-nv-maxrregcount=128 -DGROUP_M=4
g 128 128 8 8 8 -cl-nv-maxrregcount=128 -DGROUP_M=16
g 128 128 8 16 8 -DGROUP_M=8
g 128 64 8 16 8 -DGROUP_M=8
g 256 128 8 16 8 -DGROUP_M=8
g 128 128 8 8 16 -DGROUP_M=8
g 128 128 16 16 8 -DGROUP_M=8
for n in 2048 4096 8192; do .perf/cublas $n 20 | grep CUBLAS; done
nvidia-smi --query-gpu=clocks.sm,power.draw,temperature.gpu --format=csv
echo "== outer sum (X=16M, Y=4096)"
$P outer 03-vector-types.cl outer_sum_f16local "" 128 16 16777216 4096
for cfg in "-DNA=4:32:32" "-DNA=4:32:64" "-DNA=4:32:256" "-DNA=3:24:128" "-DNA=8:64:64" "-DNA=8:64:128" "-DNA=4 -DUNR=2:32:128" "-DNA=2 -DUNR=8 -DPF=1:16:256"; do
    IFS=: read -r opt el wg <<<"$cfg"
    LMUL=2 $P outer 03-outer-try.cl outer_try "$opt" $wg $el 16777216 4096
done
echo "== scan"
for cfg in "256 32" "128 32"; do TIME_INT=1 $P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1" $cfg $N; done
for N2 in 1000000 16777216; do $P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1" 256 32 $N2 scan_onepass; $P copy $N2; done
date -u
} 2>&1 | tee $o/run3.log
