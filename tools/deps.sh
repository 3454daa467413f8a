#!/usr/bin/env bash
# deps.sh GROUP... -- install the Debian packages a make target needs, only
# those that are missing, and say what it installs.
#
# Groups: run (compile and run lessons), test (the test suite), grade (what
# grading adds to run: the sandbox and Oclgrind), see (make see's Oclgrind
# plugin), book (HTML and PDF), check-book (Chromium), bench (the benchmark
# and its figures).
# Each entry below is `want TEST PACKAGE`: the package is installed when the
# test fails.
# Tests look for the thing itself, not the package, so a machine that has
# OpenCL from elsewhere (a vendor SDK, the GPU machine) installs nothing.
set -u

has_header() { [ -f /usr/include/CL/cl.h ] || [ -f /usr/local/include/CL/cl.h ]; }
has_loader() { ldconfig -p 2>/dev/null | grep -q 'libOpenCL\.so\b' || [ -e /usr/lib/x86_64-linux-gnu/libOpenCL.so ]; }
has_icd() { ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 || [ -n "${OCL_ICD_VENDORS:-}" ]; }
has_rusticl() { grep -qsi rusticl /etc/OpenCL/vendors/*.icd; } # Mesa's third implementation
has() { command -v "$1" >/dev/null 2>&1; }
has_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

need=()
want() { # want TEST PACKAGE
    if ! eval "$1"; then need+=("$2"); fi
}

for group in "$@"; do
    case "$group" in
    run)
        want 'has cc' gcc
        want 'has make' make
        want has_header opencl-headers
        want has_loader ocl-icd-opencl-dev
        want has_icd pocl-opencl-icd
        ;;
    grade)
        want 'has bwrap' bubblewrap
        want 'has oclgrind' oclgrind
        want 'has prlimit' util-linux
        want 'has sim_c' similarity-tester
        ;;
    test)
        want 'has bwrap' bubblewrap
        want 'has clang' clang
        want 'has unifdef' unifdef
        want 'has oclgrind' oclgrind
        want 'has clinfo' clinfo
        want 'has pandoc' pandoc
        want 'has python3' python3
        want 'has timeout' coreutils
        want has_rusticl mesa-opencl-icd
        ;;
    see) # make see: an Oclgrind plugin in C++ against Oclgrind's and LLVM's headers
        want 'has oclgrind' oclgrind
        want 'has g++' g++
        want '[ -f /usr/include/oclgrind/Plugin.h ]' liboclgrind-dev
        want '[ -f "$(llvm-config-14 --includedir 2>/dev/null)/llvm/IR/Instructions.h" ]' llvm-14-dev
        want 'has python3' python3
        ;;
    book)
        want 'has pandoc' pandoc
        want 'has weasyprint' weasyprint
        want 'has rsvg-convert' librsvg2-bin
        want 'has pdftoppm' poppler-utils
        want 'has fc-list' fontconfig
        # the printed edition quotes a Chinese title: a font with CJK glyphs
        want '[ -n "$(fc-list :lang=zh family 2>/dev/null)" ]' fonts-wqy-microhei
        ;;
    check-book)
        want 'has chromium' chromium
        want 'has pdftoppm' poppler-utils
        want 'has pdftotext' poppler-utils
        want 'has fc-list' fontconfig
        ;;
    bench)
        want 'has gnuplot' gnuplot-nox
        want 'has_pkg libclblast-dev || [ -n "${CLBLAST_DIR:-}" ]' libclblast-dev
        want 'has_pkg libopenblas-dev || ldconfig -p | grep -q libopenblas\.so' libopenblas-dev
        ;;
    *)
        echo "deps.sh: unknown group '$group' (run, test, grade, see, book, check-book, bench)" >&2
        exit 2
        ;;
    esac
done

[ ${#need[@]} -eq 0 ] && exit 0

# de-duplicate, keep order
pkgs=$(printf '%s\n' "${need[@]}" | awk '!seen[$0]++' | tr '\n' ' ')
echo "deps: installing missing Debian packages: $pkgs"
if [ "$(id -u)" -eq 0 ]; then
    SUDO=
elif command -v sudo >/dev/null 2>&1; then
    SUDO=sudo
else
    echo "deps: not root and no sudo. Run this as root, then make again:" >&2
    echo "  apt-get update && apt-get install -y $pkgs" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# Another apt or dpkg (an unattended upgrade, a second make) holds the lock:
# wait for it (DEPS_LOCK_WAIT seconds, two minutes unless set) instead of
# failing at once, and say so.
lock_wait=${DEPS_LOCK_WAIT:-120}
wait_lock=(-o "DPkg::Lock::Timeout=$lock_wait")
apt_failed() { # WHAT LOG
    if grep -q 'Could not get lock\|Unable to acquire the dpkg frontend lock\|is another process using it' "$2" 2>/dev/null; then
        echo "deps: apt-get $1 failed: another apt or dpkg held its lock for $lock_wait s; wait for it to end, then make again" >&2
    else
        echo "deps: apt-get $1 failed; see $2" >&2
        tail -n 20 "$2" >&2
    fi
    exit 1
}
log=$(mktemp /tmp/deps-apt.XXXXXX.log)
# An old or empty package list makes apt-get install fail: update once first.
$SUDO apt-get "${wait_lock[@]}" update -q >"$log" 2>&1 || apt_failed update "$log"
# shellcheck disable=SC2086
$SUDO apt-get "${wait_lock[@]}" install -y -q $pkgs >"$log" 2>&1 || apt_failed install "$log"
rm -f "$log"
echo "deps: installed $pkgs"
