#!/usr/bin/env bash
# scan1.sh -- first scan batch on the GPU: baseline, the new one-pass kernel
# at several shapes, with and without inline PTX, back-off
cd "$(dirname "$0")/.." || exit 2
P=.perf/perf; N=${N:-$((1<<28))}
o=${OUT:-/tmp}
bash .perf/build.sh || exit 2
{
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
$P info | grep -v extensions; $P info | grep extensions | tr ' ' '\n' | grep -i "atomic\|subgroup\|nv_" | tr '\n' ' '; echo
NVVERBOSE=1 $P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1" 256 16 $N scan_onepass
$P scan 04-prefix-scan-fast.cl "" 256 16 $N scan_lookback
$P scan 04-prefix-scan-fast.cl "" 256 64 $N scan_lookback
for cfg in "256 32" "512 16" "128 32" "1024 16" "512 24" "256 48"; do
    $P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1" $cfg $N scan_onepass
done
$P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1 -DBACKOFF=64" 256 32 $N scan_onepass
$P scan 04-prefix-scan-onepass.cl "-DNV_PTX=0" 256 32 $N scan_onepass,scan_fallback
$P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1" 256 32 $N scan_fallback
$P scan 04-prefix-scan-onepass.cl "-DNV_PTX=1 -DSPIN_LIMIT=16" 256 32 $N scan_fallback
date -u
} 2>&1 | tee $o/scan1.log
