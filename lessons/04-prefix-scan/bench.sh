#!/usr/bin/env bash
# bench.sh -- lesson 04's benchmark: GB/s against n for every scan variant,
# with the float4 copy kernel measured in the same runs as the ceiling; then
# tile shapes of the look-back scan at the largest n.
# Environment: RESULTS (folder), BIN (build folder), SCAN_LOG2_MAX (largest
# n as a power of two: default 22, which a 2-core CPU runs in minutes; use 28
# on a GPU), PLOT_ONLY=1 (only draw the figure from an existing CSV, for
# results measured on a machine without gnuplot). Writes RESULTS/04-scan.csv,
# 04-scan-tiles.csv, 04-scan.svg.
set -u
cd "$(dirname "$0")/../.." || exit 2
RESULTS=${RESULTS:-results/pocl} BIN=${BIN:-build}
MAX=${SCAN_LOG2_MAX:-22}
P=$BIN/04-prefix-scan
mkdir -p "$RESULTS"
csv=$RESULTS/04-scan.csv tiles=$RESULTS/04-scan-tiles.csv

# header DEVICE-LINE: the three comment lines every CSV starts with
header() {
    local dev
    dev=$("$P" -o serial -n 16 -r 1 | sed -n 's/^device: *//p')
    echo "# device: ${dev%% (*}"
    echo "# driver: $(echo "$dev" | sed -n 's/.*driver \([^,]*\),.*/\1/p')"
    echo "# date: $(date -u +%Y-%m-%dT%H:%MZ)"
}
# run ARGS...: one run; prints its csv fields plus the slowest stage in ms
run() {
    local out line stage
    out=$("$P" "$@") || { echo "bench: $P $* failed" >&2; return 1; }
    line=$(echo "$out" | sed -n 's/^csv: *//p')
    stage=$(echo "$out" | awk '/^  [a-z]/ { if ($(NF - 1) + 0 > m) m = $(NF - 1) + 0 } END { print m + 0 }')
    echo "$line,$stage"
}

if [ -z "${PLOT_ONLY:-}" ]; then
{
    header
    echo "variant,type,scan,n,wg,items,ms,gbps,copy_gbps,slowest_stage_ms"
} >"$csv"
variants=("multiblock -b hillis-steele" "multiblock -b blelloch" "multiblock -b blelloch-pad"
          "reduce" "reduce-then-scan" "lookback")
for ((l = 10; l <= MAX; l += 2)); do
    n=$((1 << l))
    for v in "${variants[@]}"; do
        # shellcheck disable=SC2086
        r=$(run -o $v -n $n) || exit 1
        echo "$r" >>"$csv"
        echo "$r" | awk -F, '{ printf "  %-28s n=%-10s %9.3f ms %8.2f GB/s  copy %8.2f GB/s  %5.1f%%\n", $1, $4, $7, $8, $9, 100 * $8 / $9 }'
    done
done

# Tile shapes of the fast paths at the largest n.
n=$((1 << MAX))
{
    header
    echo "variant,type,scan,n,wg,items,ms,gbps,copy_gbps,slowest_stage_ms"
} >"$tiles"
for v in lookback reduce-then-scan; do
    for wg in 64 128 256; do
        for items in 8 16 32; do
            [ "$v" = reduce-then-scan ] && [ "$wg" != 256 ] && continue
            r=$(run -o $v -n $n -t $wg -v $items) || continue
            echo "$r" >>"$tiles"
            echo "$r" | awk -F, '{ printf "  %-18s wg=%-4s items=%-3s %9.3f ms %8.2f GB/s  %5.1f%% of copy\n", $1, $5, $6, $7, $8, 100 * $8 / $9 }'
        done
    done
done

fi

command -v gnuplot >/dev/null || { echo "bench: no gnuplot, no figure" >&2; exit 0; }
dev=$(sed -n 's/^# device: //p' "$csv" | head -n 1)
gnuplot <<GP
set terminal svg size 760,460 font "sans,12" background "white"
set output "$RESULTS/04-scan.svg"
set datafile separator ","
set title "Prefix scan of n floats: GB/s (2n values moved) on $dev"
set xlabel "n (values)"
set ylabel "GB/s"
set logscale x 2
set format x "2^{%L}"
set key left top
set grid
plot "< grep -v '^#' $csv | awk -F, '\$1==\"lookback\"'" using 4:9 with lines lw 3 lc rgb "#999999" title "float4 copy (ceiling)", \
     for [v in "multiblock/hillis-steele multiblock/blelloch multiblock/blelloch-pad reduce reduce-then-scan lookback"] \
     "< grep -v '^#' $csv | awk -F, '\$1==\"".v."\"'" using 4:8 with linespoints title v
GP
echo "bench: wrote $csv, $tiles, $RESULTS/04-scan.svg"
