#!/usr/bin/env bash
# run4.sh -- outer sum: the tail hypothesis (other X/Y at equal work), the
# Y-split kernel; SGEMM padding / BK; PTX of the main kernels for SASS reading
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; o=${OUT:-/tmp}
bash .perf/build.sh || exit 2
g() { local bm=$1 bn=$2 bk=$3 tm=$4 tn=$5; shift 5
    NVVERBOSE=1 $P gemm 05-matrix-multiplication-reg.cl gemm_reg "-DBM=$bm -DBN=$bn -DBK=$bk -DTM=$tm -DTN=$tn -DUNROLL_K=1 $*" $((bn/tn)) $((bm/tm)) $bm $bn ${SIZES:-2048 4096 8192} | grep -v "Compiling\|stack frame\|used 0 barriers"; }
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
$P info | grep -v extensions
$P dump 05-matrix-multiplication-reg.cl "-DBM=128 -DBN=64 -DBK=8 -DTM=8 -DTN=8 -DUNROLL_K=1" $o/gemm128x64.ptx
$P dump 03-outer-try.cl "-DNA=4" $o/outer_na4.ptx
$P dump 00-peak.cl "-DPEAK_ITERS=4096" $o/peak.ptx
echo "== outer"
for xy in "16777216 4096" "67108864 1024" "4194304 16384"; do
    NVVERBOSE=1 LMUL=2 $P outer 03-outer-try.cl outer_try "-DNA=4" 64 32 $xy | grep -v "Compiling\|stack"
done
for cfg in "-DNA=4:16:128" "-DNA=4:16:256" "-DNA=2:8:128" "-DNA=2:8:256" "-DNA=4 -DUNR=8:16:128"; do
    IFS=: read -r opt el wg <<<"$cfg"
    NVVERBOSE=1 LMUL=4 $P outer 03-outer-try.cl outer_ys "$opt" $wg $el 16777216 4096 | grep -v "Compiling\|stack"
done
echo "== SGEMM"
g 128 64 8 8 8 -DAPAD=0
g 128 64 8 8 8 -DAPAD=8
g 128 64 8 8 8 -DUNROLL_K=0
date -u
} 2>&1 | tee $o/run4.log
