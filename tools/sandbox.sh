#!/usr/bin/env bash
# sandbox.sh KIND [--ro SRC DST]... [--rw SRC DST]... [--chdir DIR] [--setenv NAME VALUE]... -- CMD...
# Run CMD in a bubblewrap sandbox, the way the grader runs everything a
# student wrote (tools/grade.sh for kernels and compilers, the checkers of
# host-code exercises for the student's program):
#   - only /usr (and the /bin, /lib... links to it), a fresh /tmp and /dev,
#     and the paths given with --ro (read-only) and --rw are visible: not the
#     project, not solutions/, not $HOME, not other students' folders;
#   - KIND device adds what an OpenCL device needs, read-only: /etc/OpenCL,
#     /sys, the GPU device nodes; KIND bare adds nothing;
#   - its own process, network, IPC and user namespaces; the whole tree dies
#     with the caller (a time-out of the caller ends every process in it);
#   - a clean environment (PATH, HOME=/tmp and what --setenv sets);
#   - run as nobody when the grader runs as root, and limits on CPU time,
#     processes, file size and (KIND bare) memory: GRADE_LIMIT_CPU seconds
#     (default 300), GRADE_LIMIT_MEM bytes (default 2 GiB, KIND bare only).
# sandbox.sh probe: exit 0 when the sandbox works here, printing as whom it
# runs (nobody or self: pass it on as GRADE_SANDBOX_AS), else print why (one
# line) and exit 1. GRADE_SANDBOX=0 runs CMD without the sandbox (limits
# only). Exit status: CMD's; 125 when the sandbox could not start.
set -u
kind=${1:-}
shift || true
case "$kind" in probe | device | bare) ;; *) echo "usage: sandbox.sh probe|device|bare [--ro SRC DST]... -- CMD" >&2; exit 2 ;; esac

# Running as root: the sandbox runs as nobody, so that RLIMIT_NPROC holds
# (the kernel does not apply it to root) and no file of root's is writable.
as=() uid=$EUID
if [ "$uid" -eq 0 ] && [ "${GRADE_SANDBOX_AS:-}" != self ] && command -v setpriv >/dev/null 2>&1; then
    as=(setpriv --reuid=65534 --regid=65534 --clear-groups --) uid=65534
fi

base=(--unshare-all --die-with-parent --new-session --cap-drop ALL
      --ro-bind /usr /usr --proc /proc --dev /dev --tmpfs /tmp --dir /tmp/home
      --clearenv --setenv PATH /usr/local/bin:/usr/bin:/bin --setenv HOME /tmp/home)
# (one find for all six: where each is a link, what it points to)
while read -r d link; do
    if [ -n "$link" ]; then base+=(--symlink "$link" "$d")
    elif [ -d "$d" ]; then base+=(--ro-bind "$d" "$d"); fi
done < <(find /bin /sbin /lib /lib32 /lib64 /libx32 -maxdepth 0 -printf '%p %l\n' 2>/dev/null)
base+=(--ro-bind-try /etc/ld.so.cache /etc/ld.so.cache --ro-bind-try /etc/alternatives /etc/alternatives)
# Tools that live outside /usr (a lab machine's compiler under /opt/gcc,
# Oclgrind unpacked by tools/grading-tools.sh): the folder each one was
# installed into, read-only, and its bin folder on the PATH. Never a folder
# that holds the project (and so solutions/ and the students' work).
here=${0%/*}; [ "$here" != "$0" ] || here=.
root=$(cd "$here/.." && pwd)
path=/usr/local/bin:/usr/bin:/bin
for t in "${CC:-cc}" "${OCLGRIND:-oclgrind}"; do
    p=$(command -v "$t" 2>/dev/null) || continue
    for q in "$p" "$(readlink -f "$p")"; do
        case "$q" in /usr/* | /bin/* | /sbin/* | /lib/* | /lib64/* | /lib32/* | /libx32/* | /etc/* | "") continue ;; esac
        top=${q%/*}; top=${top%/*} # /opt/gcc/bin/gcc: /opt/gcc
        case "$root/" in "$top"/*) continue ;; esac
        case "$top" in / | /home | /root | /opt | /srv | /var | /mnt | /media | /tmp) continue ;; esac
        "${as[@]}" test -x "$q" 2>/dev/null || continue # the sandbox's user could not run it anyway
        base+=(--ro-bind "$top" "$top")
        case ":$path:" in *":${q%/*}:"*) ;; *) path=$path:${q%/*} ;; esac
    done
done
base+=(--setenv PATH "$path")

probe() { # one line on what fails, exit 1; or exit 0
    local why
    command -v bwrap >/dev/null 2>&1 || { echo "bubblewrap (bwrap) is not installed (make deps-grade)"; return 1; }
    if why=$("${as[@]}" bwrap "${base[@]}" -- /bin/true 2>&1); then
        [ ${#as[@]} -gt 0 ] && echo nobody || echo self
        return 0
    fi
    if [ ${#as[@]} -gt 0 ] && bwrap "${base[@]}" -- /bin/true >/dev/null 2>&1; then
        echo self # root, but nobody may not make user namespaces: the sandbox runs as root
        return 0
    fi
    echo "bubblewrap cannot create its namespaces here: $(printf '%s' "$why" | head -n 1)"
    return 1
}
if [ "$kind" = probe ]; then
    [ "${GRADE_SANDBOX:-1}" != 0 ] || { echo "the sandbox is turned off (GRADE_SANDBOX=0)"; exit 1; }
    probe; exit
fi

extra=() chdir=/tmp
while [ $# -gt 0 ]; do
    case "$1" in
    --ro) extra+=(--ro-bind "$2" "$3"); shift 3 ;;
    --rw) extra+=(--bind "$2" "$3"); shift 3 ;;
    --chdir) chdir=$2; shift 2 ;;
    --setenv) extra+=(--setenv "$2" "$3"); shift 3 ;;
    --) shift; break ;;
    *) echo "sandbox.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ $# -gt 0 ] || { echo "sandbox.sh: no command" >&2; exit 2; }

running=$(find /proc -maxdepth 1 -name '[0-9]*' -user "$uid" 2>/dev/null | wc -l)
limits=(prlimit --cpu="${GRADE_LIMIT_CPU:-300}" --fsize=$((256 << 20)) --core=0 --nofile=256)
if [ "$kind" = device ]; then
    base+=(--ro-bind-try /etc/OpenCL /etc/OpenCL --ro-bind-try /sys /sys)
    for n in /dev/nvidia* /dev/dri /dev/kfd; do [ -e "$n" ] && base+=(--dev-bind "$n" "$n"); done
    [ -n "${OCL_ICD_VENDORS:-}" ] && [ -e "$OCL_ICD_VENDORS" ] && base+=(--ro-bind "$OCL_ICD_VENDORS" "$OCL_ICD_VENDORS")
    # the device's runtime may sit outside /usr (a vendor SDK under /opt)
    [ -d /opt ] && base+=(--ro-bind /opt /opt)
    # every variable that chooses or tunes the OpenCL runtime or the grader
    for name in $(compgen -e); do
        case "$name" in CLU_* | POCL_* | OCL_* | GRADE_* | CUDA_* | NVIDIA_* | RUSTICL_* | MESA_* | LP_* | ASAN_* | LSAN_* | UBSAN_* | OCLGRIND_*)
            base+=(--setenv "$name" "${!name}") ;; esac
    done
    # Threads of the runtime count as processes: room for them above what
    # this user runs already.
    limits+=(--nproc=$((running + 512)))
else
    limits+=(--nproc=$((running + 16))
             --as="${GRADE_LIMIT_MEM:-$((2 << 30))}")
fi
# The project must stay hidden even where it lies under a folder bound here.
case "$root" in /usr/* | /opt/* | /sys/* | /etc/*) base+=(--tmpfs "$root") ;; esac

if [ "${GRADE_SANDBOX:-1}" = 0 ]; then # the caller passes real paths then
    cd "$chdir" 2>/dev/null || true
    exec "${limits[@]}" -- "$@"
fi
# bwrap's own failure (exit 1 before CMD starts) is told apart by its message.
exec "${as[@]}" bwrap "${base[@]}" "${extra[@]}" --chdir "$chdir" -- "${limits[@]}" -- "$@"
