#!/usr/bin/env bash
# doctor.sh -- why does no OpenCL platform or device show up?
#
# An OpenCL program links the ICD loader (libOpenCL.so.1). The loader reads
# /etc/OpenCL/vendors/*.icd (or the folder in $OCL_ICD_VENDORS); each file
# names one vendor library (the driver) to load. Things go wrong at each step:
# no loader, no .icd file, an .icd naming a library that is not there, or a
# driver library that is installed but named by no .icd file.
# Exit status: 0 when at least one device answers, 2 otherwise.
# DOCTOR_LIB_DIRS (space-separated) adds folders to search for drivers.
set -u
cd "$(dirname "$0")/.." || exit 2
ok() { printf '  ok    %s\n' "$*"; }
bad() { printf '  PROBLEM  %s\n' "$*"; problems=$((problems + 1)); }
problems=0

echo "1. The ICD loader (libOpenCL.so.1)"
if ldconfig -p 2>/dev/null | grep -q 'libOpenCL\.so\.1'; then
    ok "$(ldconfig -p | grep -m1 'libOpenCL\.so\.1' | sed 's/.*=> //')"
else
    bad "no libOpenCL.so.1: sudo apt-get install ocl-icd-libopencl1 (ocl-icd-opencl-dev to build)"
fi

vendors=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
echo "2. Registered drivers (.icd files in $vendors)"
[ -n "${OCL_ICD_VENDORS:-}" ] && echo "  note: OCL_ICD_VENDORS is set, so /etc/OpenCL/vendors is not read"
# Where the dynamic loader looks for a library named without a path.
libdirs() {
    echo "${LD_LIBRARY_PATH:-}" | tr ':' '\n'
    ldconfig -p 2>/dev/null | sed -n 's|.* => \(.*\)/[^/]*$|\1|p' | sort -u
    printf '%s\n' /lib /usr/lib /lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu /lib64 /usr/lib64
}
resolve() { # resolve LIB: print the real file a library name loads, if any
    case "$1" in
    /*) [ -e "$1" ] && readlink -f "$1" ;;
    *) for d in $(libdirs); do [ -e "$d/$1" ] && { readlink -f "$d/$1"; return; }; done ;;
    esac
}
registered=()
if [ -f "$vendors" ]; then icds=("$vendors"); else icds=("$vendors"/*.icd); fi
for icd in "${icds[@]}"; do
    [ -f "$icd" ] || continue
    lib=$(head -n 1 "$icd" | tr -d '[:space:]')
    real=$(resolve "$lib")
    if [ -n "$real" ]; then
        registered+=("$real")
        ok "$icd -> $lib ($real)"
    else
        bad "$icd names $lib, which cannot be found (reinstall that driver or delete the file)"
    fi
done
[ ${#registered[@]} -eq 0 ] && bad "no .icd file: no driver is registered"

echo "3. Driver libraries installed but not registered"
found_unreg=0
seen=()
for pat in libnvidia-opencl.so.1 libamdocl64.so libigdrcl.so libpocl.so.2 libintelocl.so \
           libRusticlOpenCL.so.1 libMesaOpenCL.so.1; do
    for dir in ${DOCTOR_LIB_DIRS:-} /usr/local/nvidia/lib64 /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib /opt/rocm/lib \
               /usr/local/cuda/lib64 /usr/lib/x86_64-linux-gnu/intel-opencl; do
        lib="$dir/$pat"
        [ -e "$lib" ] || continue
        real=$(readlink -f "$lib")
        if [ ${#registered[@]} -gt 0 ] && printf '%s\n' "${registered[@]}" | grep -qx "$real"; then
            continue
        fi
        # the same driver reached through two folders: report it once
        if [ ${#seen[@]} -gt 0 ] && printf '%s\n' "${seen[@]}" | grep -qx "$real"; then continue; fi
        seen+=("$real")
        bad "$lib is installed but no .icd file names it. Fix (as root):"
        name=${pat%%.so*}; name=${name#lib}
        echo "        echo $lib > /etc/OpenCL/vendors/$name.icd"
        echo "      or, without root, for this shell only:"
        echo "        mkdir -p ~/icd && echo $lib > ~/icd/$name.icd && export OCL_ICD_VENDORS=~/icd"
        found_unreg=1
    done
done
[ $found_unreg -eq 0 ] && ok "none"

echo "4. Folders the drivers must write"
# PoCL compiles kernels into a cache folder; when it cannot create it, PoCL
# offers no device at all, and programs can only say "no device".
pocl_cache=${POCL_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/pocl}
if printf '%s\n' "${registered[@]:-}" | grep -q pocl; then
    probe="$pocl_cache/.doctor-$$"
    if mkdir -p "$pocl_cache" 2>/dev/null && : >"$probe" 2>/dev/null; then
        rm -f "$probe"
        ok "PoCL's kernel cache $pocl_cache is writable"
    else
        bad "PoCL cannot write its kernel cache $pocl_cache, so it offers no device. Fix: point POCL_CACHE_DIR at a writable folder (export POCL_CACHE_DIR=/tmp/pocl-cache) or make that folder writable"
    fi
else
    ok "no PoCL registered: nothing to check"
fi

echo "5. Platforms and devices the loader finds"
if command -v clinfo >/dev/null 2>&1; then
    out=$(clinfo -l 2>&1 | sed -e 's/^Platform #[0-9]*: /platform: /' -e 's/^ *[`|]-- Device #[0-9]*: /  device: /')
else
    echo "  (clinfo not installed: sudo apt-get install clinfo; using lesson 01 --list)"
    out=$([ -x build/01-hello-world ] && build/01-hello-world --list 2>&1 |
          sed -e 's/^platform [0-9]*: \(.*\) (.*$/platform: \1/' -e 's/^  device [0-9]*: /  device: /')
fi
echo "$out" | grep -E '^(platform|  device): ' | sed 's/^/  /'
ndev=$(echo "$out" | grep -c '^  device: ')
# A platform without devices is not always a problem: Mesa's platforms show
# none until told which drivers to use (rusticl) or without an AMD GPU (Clover).
empty=$(echo "$out" | awk '/^platform: / { if (p != "" && !d) print p; p = substr($0, 11); d = 0 }
                           /^  device: / { d = 1 } END { if (p != "" && !d) print p }')
while IFS= read -r p; do
    case "$p" in
    "") ;;
    rusticl) echo "  note: rusticl (Mesa) shows no device until told which of its drivers to use:" \
                  "RUSTICL_ENABLE=llvmpipe for the CPU (radeonsi, iris: AMD, Intel GPUs), e.g." \
                  "RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl build/01-hello-world" ;;
    Clover) echo "  note: Clover (Mesa's older OpenCL) shows devices only for AMD GPUs it supports: nothing to fix" ;;
    *) echo "  note: platform '$p' shows no device (its driver found no hardware, or failed to start)" ;;
    esac
done <<<"$empty"
echo
if [ "${ndev:-0}" -gt 0 ]; then
    echo "doctor: $ndev device(s) found. Lessons pick a GPU first; choose with -p/-d or CLU_PLATFORM/CLU_DEVICE."
    exit 0
fi
echo "doctor: no OpenCL device found ($problems problem(s) above)."
echo "  CPU, works everywhere:  sudo apt-get install pocl-opencl-icd"
echo "                          or Mesa's rusticl: mesa-opencl-icd, then export RUSTICL_ENABLE=llvmpipe"
echo "  NVIDIA GPU:             the NVIDIA driver (it brings libnvidia-opencl.so.1)"
echo "  Intel GPU:              sudo apt-get install intel-opencl-icd"
echo "  AMD GPU:                sudo apt-get install mesa-opencl-icd (RUSTICL_ENABLE=radeonsi), or"
echo "                          ROCm's rocm-opencl-icd (AMD's repository; not in Debian 12)"
exit 2
