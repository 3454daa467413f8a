#!/usr/bin/env bash
# bench.sh -- lesson 05's benchmark: GFLOP/s against n for every variant, and
# in the same run CLBlast on the same device, OpenBLAS on the host's CPU and,
# where nvcc and an NVIDIA GPU exist, cuBLAS. Also the FMA peak and the copy
# bandwidth (the roofline's ceilings) and the transfer times, pageable and
# pinned, at the largest n.
#
# Needs RESULTS and BIN (set by `make bench`). Optional: SIZES="256 512",
# CLBLAST_ROOT (a prefix with include/ and lib/x86_64-linux-gnu/, default
# /usr). Writes RESULTS/05-gemm.csv, RESULTS/05-gemm.svg (GFLOP/s vs n) and
# RESULTS/05-roofline.svg; the comparison programs are built into BIN.
# Where gnuplot is missing: bench.sh --plot RESULTS/05-gemm.csv elsewhere.
set -u
cd "$(dirname "$0")/../.." || exit 2

# plot CSV: the two figures beside CSV, from its numbers and header lines.
plot() {
    local csv=$1 dir tmp device peak copy best nmax series plots s style bm bn bk tm tnn
    dir=$(dirname "$csv")
    device=$(sed -n 's/^# device: \([^(]*\).*/\1/p' "$csv" | sed 's/ *$//')
    peak=$(sed -n 's/^# peak_gflops: //p' "$csv")
    copy=$(sed -n 's/^# copy_gbps: //p' "$csv")
    best=$(sed -n 's/^# tiles: \([0-9x]*\).*/\1/p' "$csv")
    nmax=$(grep -v '^#' "$csv" | tail -n +2 | cut -d, -f2 | sort -n | tail -n 1)
    tmp=$(mktemp -d)
    series=$(grep -v '^#' "$csv" | tail -n +2 | cut -d, -f1 | grep -v -- '-pinned\|-pageable' | awk '!s[$0]++')
    plots=
    for s in $series; do
        grep "^$s," "$csv" | awk -F, '{print $2, $6}' >"$tmp/$s.dat"
        case $s in # the libraries thick, the lesson's kernels thin
        clblast|openblas|cublas) style="lw 4" ;; *) style="lw 1.5" ;; esac
        plots="$plots${plots:+, }'$tmp/$s.dat' using 1:2 with linespoints $style title '$s'"
    done
    gnuplot <<EOF
set terminal svg size 860,540 font 'sans,11'
set output '$dir/05-gemm.svg'
set colorsequence classic
set title "C = A·B, n x n floats: $device"
set xlabel 'n'; set ylabel 'GFLOP/s'
set logscale xy; set key outside right; set grid
plot $plots
EOF
    # Roofline: FLOPs per byte each kernel asks of global memory (its tiles
    # decide it), against the measured peak and copy bandwidth.
    IFS=x read -r bm bn bk tm tnn <<<"$best"
    awk -F, -v n="$nmax" -v bm="$bm" -v bn="$bn" '
        /^#/ || $1 == "what" || $2 != n { next }
        { ai = 0 }
        $1 == "naive" || $1 == "rows" || $1 == "bt" { ai = 2 / 8 }
        $1 == "tiled" || $1 == "tiled-pad" || $1 == "1d" { ai = 16 / 4 }
        $1 == "2d" || $1 == "vec" || $1 == "fast" { ai = 2 * bm * bn / (4 * (bm + bn)) }
        $1 == "cpu" { ai = 2 * 16 * 16 / (4 * (16 + 16)) }
        ai > 0 { print ai, $6, $1 }' "$csv" >"$tmp/roof.dat"
    gnuplot <<EOF
set terminal svg size 800,520 font 'sans,11'
set output '$dir/05-roofline.svg'
set title "Roofline at n = $nmax: $device"
set xlabel 'FLOP per byte requested from global memory'; set ylabel 'GFLOP/s'
set logscale xy; set grid; set key top left
set xrange [0.1:100]
peak = $peak; bw = $copy
roof(x) = (bw * x < peak) ? bw * x : peak
plot roof(x) with lines lw 2 title sprintf('min(peak %.0f GFLOP/s, copy %.0f GB/s x FLOP/B)', peak, bw), \
     '$tmp/roof.dat' using 1:2:3 with labels point pt 7 ps 0.8 offset char 0,0.8 font ',9' notitle
EOF
    rm -rf "$tmp"
    echo "bench 05: wrote $dir/05-gemm.svg, $dir/05-roofline.svg"
}
if [ "${1:-}" = --plot ]; then plot "${2:?usage: bench.sh --plot CSV}"; exit $?; fi

: "${RESULTS:?set RESULTS}" "${BIN:=build}"
mkdir -p "$RESULTS" "$BIN"
L=$BIN/05-matrix-multiplication
[ -x "$L" ] || make -s "$L" || exit 2
CSV=$RESULTS/05-gemm.csv
here=lessons/05-matrix-multiplication
val() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" | head -n 1; }

# ---- the device, its yardsticks, and which comparisons can run -------------
probe=$("$L" -m 16 -n 16 -k 16 -o naive --peak 2>&1) || { echo "$probe"; exit 2; }
device=$(echo "$probe" | sed -n 's/^device: *//p')
platform=$(echo "$probe" | sed -n 's/^platform: *//p')
peak=$(echo "$probe" | sed -n 's/.*FMA peak \([0-9.]*\) GFLOP.*/\1/p')
copy=$(echo "$probe" | sed -n 's/.*float4 copy \([0-9.]*\) GB.*/\1/p')
gpu=0; case "$device" in *"(GPU"*) gpu=1 ;; esac
if [ $gpu = 1 ]; then default_sizes="256 512 1024 2048 4096 8192"; reps=3
else default_sizes="64 128 256 384 512"; reps=2; fi
SIZES=${SIZES:-$default_sizes}
nmax=$(echo $SIZES | tr ' ' '\n' | sort -n | tail -n 1)
echo "bench 05: $device; peak $peak GFLOP/s, copy $copy GB/s; sizes $SIZES"

CB=${CLBLAST_ROOT:-/usr}
have_clblast=0
if cc -std=c11 -O2 -Icommon -I"$CB/include" -DCLU_KERNEL_DIR="\"$PWD/kernels\"" -o "$BIN/05-clblast" \
      $here/compare/clblast.c common/clu.c common/peak.c -L"$CB/lib/x86_64-linux-gnu" -lclblast -lOpenCL -lm \
      2>/dev/null; then
    have_clblast=1; export LD_LIBRARY_PATH=$CB/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
else echo "bench 05: no CLBlast here (libclblast-dev): skipped"; fi
have_openblas=0
if cc -std=c11 -O2 -o "$BIN/05-openblas" $here/compare/openblas.c -lopenblas 2>/dev/null; then have_openblas=1
else echo "bench 05: no OpenBLAS here (libopenblas-dev): skipped"; fi
have_cublas=0
if command -v nvcc >/dev/null && command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
    if nvcc -O2 -arch=sm_90 -o "$BIN/05-cublas" $here/compare/cublas.cu -lcublas 2>/dev/null ||
       nvcc -O2 -o "$BIN/05-cublas" $here/compare/cublas.cu -lcublas; then have_cublas=1; fi
fi

# ---- the tile sweep at the largest n (the smallest n over 256 on a CPU) ----
tn=$nmax; [ $gpu = 0 ] && tn=256
echo "bench 05: tuning the tiles at n = $tn"
tune=$("$L" -m $tn -n $tn -k $tn -o tune -r $reps 2>&1)
echo "$tune" | sed -n '/^BMxBN/,$p'
best=$(echo "$tune" | sed -n 's/^best: -o fast -c \([0-9x]*\) .*/\1/p')
[ -n "$best" ] || { echo "bench 05: the sweep found no tiles"; exit 1; }
echo "$tune" | sed -n '/^BMxBN/,$p' >"$RESULTS/05-tune.txt"

{
    echo "# device: $device"
    echo "# driver: $platform"
    echo "# date: $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "# peak_gflops: $peak"
    echo "# copy_gbps: $copy"
    echo "# tiles: $best (best of -o tune at n = $tn)"
    echo "what,M,N,K,ms,gflops,up_ms,down_ms"
} >"$CSV"
status=0
row() { echo "$1" | grep '^result:' | while read -r line; do
    name=$(echo "$line" | awk '{print $2}')
    echo "$name$2,$(echo "$line" | val M),$(echo "$line" | val N),$(echo "$line" | val K),$(echo "$line" | val ms),$(echo "$line" | val gflops),$(echo "$line" | val up_ms),$(echo "$line" | val down_ms)"
done >>"$CSV"; }

# ---- every variant and every library, size by size -------------------------
for n in $SIZES; do
    out=$("$L" -m $n -n $n -k $n -o all -r $reps -c "$best" 2>&1) || { echo "$out" | tail -n 5; status=1; }
    row "$out" ""
    [ $have_clblast = 1 ] && { o=$("$BIN/05-clblast" -n $n -r $reps 2>&1) || status=1; row "$o" ""; }
    [ $have_openblas = 1 ] && { o=$("$BIN/05-openblas" $n $reps 2>&1) || status=1; row "$o" ""; }
    [ $have_cublas = 1 ] && { o=$("$BIN/05-cublas" $n 10 2>&1) || status=1; row "$o" ""; }
    printf 'n = %-5s' "$n"
    grep ",$n,$n,$n," "$CSV" | awk -F, '{printf " %s %.1f", $1, $6}'
    echo
done

# ---- moving the data: pageable against pinned at the largest n -------------
for mode in pageable pinned; do
    flag=; [ $mode = pinned ] && flag=--pinned
    out=$("$L" -m $nmax -n $nmax -k $nmax -o fast -r $reps -c "$best" $flag 2>&1) || status=1
    row "$out" "-$mode"
    echo "$out" | grep -E '^(kernel|upload|download|offload):' | sed "s/^/$mode /"
done

# ---- figures -------------------------------------------------------------------
if command -v gnuplot >/dev/null; then plot "$CSV"
else echo "bench 05: no gnuplot here: make the figures elsewhere with $0 --plot $CSV"; fi
exit $status
