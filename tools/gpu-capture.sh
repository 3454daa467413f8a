#!/usr/bin/env bash
# gpu-capture.sh OUT [CAPTURE [BENCH]] -- everything the book shows from the
# NVIDIA machine, in one go: register NVIDIA's OpenCL driver, build, capture
# the lessons named in CAPTURE (tools/capture.sh, as `make capture` does) and
# run the benchmarks of those named in BENCH (tools/bench.sh, as `make bench`
# does), into OUT/gpu, packed as OUT/gpu.tgz (the device tool returns at
# most 8 files). CAPTURE and BENCH are lists of lessons, `all` (the default)
# or `none`. Unpack on your own machine: tar -xzf gpu.tgz -C results/
set -u
cd "$(dirname "$0")/.." || exit 2
out=${1:?usage: gpu-capture.sh OUT [CAPTURE [BENCH]]}
all=$(ls -d lessons/[0-9][0-9]-*/ | xargs -n1 basename | tr '\n' ' ')
pick() { case "$1" in all) echo "$all" ;; none) echo "" ;; *) echo "$1" ;; esac; }
capture=$(pick "${2:-all}") bench=$(pick "${3:-all}")
mkdir -p "$out/gpu"
# What `make doctor` says before and after NVIDIA's driver is registered
# (the book's device appendix shows both).
tools/doctor.sh >"$out/gpu/doctor-unregistered.txt" 2>&1
bash tools/gpu-setup.sh || exit 2
tools/doctor.sh >"$out/gpu/doctor-registered.txt" 2>&1
make -j16 all >"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 2; }
export CLU_PLATFORM=NVIDIA
mkdir -p "$out/gpu"
# shellcheck disable=SC2086
[ -z "$capture" ] || tools/capture.sh "$out/gpu" $capture
# shellcheck disable=SC2086
[ -z "$bench" ] || tools/bench.sh "$out/gpu" $bench
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$out/gpu/nvidia-smi.txt"
tar -C "$out" -czf "$out/gpu.tgz" gpu && rm -rf "$out/gpu"
echo "gpu-capture: $out/gpu.tgz"
