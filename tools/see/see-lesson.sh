#!/usr/bin/env bash
# see-lesson.sh BUILD LESSON ARG... -- `make see-NN ARGS='...'`: the lesson's
# program under tools/see/see.sh, pictures in BUILD/see/LESSON/. Without
# ARGS it refuses: a lesson's default sizes take minutes under Oclgrind.
set -u
cd "$(dirname "$0")/../.." || exit 2
[ $# -ge 2 ] || { echo "error: usage: tools/see/see-lesson.sh BUILD LESSON ARG..." >&2; exit 2; }
build=$1 l=$2
shift 2
if [ $# -eq 0 ]; then
    ex=$(awk -v l="$l" '$2 == l { $1 = $2 = $3 = $4 = ""; sub(/^ +/, ""); print; exit }' tools/see/capture.args)
    echo "error: make see-${l%%-*} needs ARGS with small sizes (its defaults take minutes under Oclgrind), e.g. make see-${l%%-*} ARGS='${ex:--h}'" >&2
    exit 2
fi
exec tools/see/see.sh "$build/see/$l" "./$build/$l" "$@"
