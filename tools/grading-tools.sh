#!/usr/bin/env bash
# grading-tools.sh pack ARCHIVE | unpack ARCHIVE DIR
# For a lab machine with no package registry (a GPU server, say): the
# programs the grader wants beyond a compiler and OpenCL, taken from this
# Debian machine's packages with the libraries they need.
#   pack ARCHIVE         bubblewrap (bwrap), Oclgrind and unifdef (which
#                        writes the solved exercises), with every library
#                        they load that the C library does not bring, and
#                        make see's access plugin built here against the
#                        packed Oclgrind (build/see/access-plugin.so, which
#                        the access checks of tools/see/required.txt need;
#                        built first if it can be), into ARCHIVE, compressed
#                        as its name says (GNU tar's --auto-compress):
#                        .tar.xz, about 50 MB, for the device's 64 MiB
#                        (XZ_OPT=-0 packs faster and larger); .tar, not
#                        compressed, about 220 MB, packs in a second.
#   unpack ARCHIVE DIR   unpack into DIR and write DIR/bin/bwrap,
#                        DIR/bin/oclgrind and DIR/bin/unifdef, small scripts that run the packed
#                        programs with their own libraries, and the plugin
#                        as DIR/see/access-plugin.so; then
#                        PATH=DIR/bin:$PATH makes the grader find them (the
#                        sandbox binds DIR read-only for the passes that run
#                        Oclgrind) and SEE_PLUGIN=DIR/see/access-plugin.so
#                        the plugin (tools/lab.sh sets both).
# The packed programs need a C library at least as new as Debian 12's (2.36).
set -u
usage() { echo "usage: grading-tools.sh pack ARCHIVE | unpack ARCHIVE DIR" >&2; exit 2; }
case "${1:-}" in
pack)
    out=${2:-}; [ -n "$out" ] || usage
    case "$out" in *.tar | *.tar.xz | *.txz) ;; *) echo "error: $out: name the archive .tar.xz (or .tar, not compressed)" >&2; exit 2 ;; esac
    for t in bwrap oclgrind unifdef; do
        command -v "$t" >/dev/null || { echo "error: $t is not installed here (make deps-grade)" >&2; exit 2; }
    done
    root=$(cd "$(dirname "$0")/.." && pwd)
    plugin=$root/build/see/access-plugin.so
    make -s -C "$root" build/see/access-plugin.so >/dev/null 2>&1 || true
    if [ ! -f "$plugin" ]; then
        echo "error: make see's access plugin does not build here (make deps-see), and the lab's access checks need it" >&2
        exit 2
    fi
    rt=$(dirname "$(readlink -f "$(command -v oclgrind)")")/../lib/oclgrind
    lib=$(ldd "$rt/liboclgrind-rt.so" | awk '$3 ~ /liboclgrind/ { print $3 }')
    [ -n "$lib" ] || { echo "error: cannot find Oclgrind's library" >&2; exit 2; }
    files=$(mktemp)
    trap 'rm -f "$files"' EXIT
    {
        readlink -f "$(command -v bwrap)"
        readlink -f "$(command -v unifdef)"
        readlink -f "$(command -v oclgrind)"
        find "$(readlink -f "$rt")" -type f
        readlink -f "$lib"
        find "$(dirname "$(readlink -f "$lib")")/oclgrind" -type f
        # every library they load, but the C and C++ runtime every system has
        echo "$plugin"
        ldd "$(command -v bwrap)" "$(command -v oclgrind)" "$rt"/*.so "$lib" "$plugin" | awk '$3 ~ /^\// { print $3 }' |
            grep -v -E '/(libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt)\.so' | xargs -r readlink -f
    } | sort -u >"$files"
    # the plugin as see/access-plugin.so, everything else where it lies here
    XZ_OPT=${XZ_OPT:--T0} tar -caf "$out" -P --transform "s,^$plugin\$,see/access-plugin.so," \
        --transform 's|^/||' -T "$files" || { echo "error: packing failed" >&2; exit 2; }
    echo "grading-tools: $out ($(du -h "$out" | cut -f1)), $(wc -l <"$files") files"
    ;;
unpack)
    arc=${2:-} dir=${3:-}; [ -n "$arc" ] && [ -n "$dir" ] || usage
    [ -f "$arc" ] || { echo "error: no archive $arc" >&2; exit 2; }
    mkdir -p "$dir/bin" && dir=$(cd "$dir" && pwd) || exit 2
    tar -xf "$arc" -C "$dir" || { echo "error: unpacking $arc failed" >&2; exit 2; }
    # A library this system has already stays the system's: only what is
    # missing here is loaded from DIR.
    find "$dir" -name 'lib*.so*' -type f ! -path '*/oclgrind/*' | while read -r f; do
        case "$(basename "$f")" in liboclgrind*) continue ;; esac
        ldconfig -p 2>/dev/null | grep -q "^[[:space:]]*$(basename "$f") " && rm -f "$f"
    done
    libs=$(find "$dir" -name 'lib*.so*' -printf '%h\n' | sort -u | tr '\n' ':')
    for t in bwrap oclgrind unifdef; do
        real=$(find "$dir/usr/bin" -name "$t" -type f | head -n 1)
        [ -n "$real" ] || { echo "error: $arc holds no $t" >&2; exit 2; }
        printf '#!/bin/sh\nLD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:-} exec %s "$@"\n' "$libs" "$real" >"$dir/bin/$t"
        chmod 755 "$dir/bin/$t"
    done
    if [ -f "$dir/see/access-plugin.so" ]; then
        echo "grading-tools: unpacked into $dir; run with PATH=$dir/bin:\$PATH SEE_PLUGIN=$dir/see/access-plugin.so"
    else
        echo "grading-tools: unpacked into $dir (no access plugin in $arc: the access checks will say NOT CHECKED); run with PATH=$dir/bin:\$PATH"
    fi
    ;;
*) usage ;;
esac
