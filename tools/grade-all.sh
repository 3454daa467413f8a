#!/usr/bin/env bash
# grade-all.sh [-j N] [--only changed] [--course FILE] SUBMISSIONS [CSV]
#                                          -- grade a whole class.
#
# SUBMISSIONS holds one folder per student, and in it one folder per
# exercise, named like the exercise or by its prefix:
#     submissions/alice/01-1/sq_dist.cl
#     submissions/bob/01-1-squared-distance/sq_dist.cl
# Every student gets one row for every exercise that anyone in the class
# handed in (the course file's exercises, or EXERCISES="01-1 02-1", choose
# them instead). The CSV (default SUBMISSIONS/grades.csv) is RFC 4180, one
# row per student and exercise, sorted by student then exercise (bytes):
#     student,exercise,score,max,status,tier,reason,device,date,ratio,hazards,sandbox
# status is one of passed, failed, does-not-build, missing, crashed,
# timed-out; reason says why for every status but passed, naming the
# student's folder and file:line (relative to SUBMISSIONS); max is the
# exercise's number of checks on every row (a missing exercise scores 0 of
# it); ratio is the measured speed against the yardstick behind the tier;
# hazards says whether the Oclgrind checks ran; sandbox whether the
# student's code ran in the sandbox. Scores come from the grader's result
# file, never from anything a submission prints, and every submission runs
# in a sandbox that sees only its own files (tools/sandbox.sh), so one
# cannot touch the CSV or another's folder.
#
# Junk is ignored, never graded nor a row: a folder or file whose name
# starts with "." or "__" (.git, .DS_Store, __MACOSX), Thumbs.db,
# desktop.ini. A folder that names no exercise (ex5) gets a row with max 0.
# Two folders for one exercise give one row: the folder named exactly like
# the exercise is graded, else the first by name; the reason says which.
#
# -j N grades N submissions at a time (default: the cores; JOBS from make).
# Each result is kept in .CSV.d/ beside the CSV (the row, the grader's
# result with a line per check, its log, a fingerprint of the files and the
# grader) and the CSV is rewritten from them, atomically, after every
# submission: an interrupted run loses only the submissions then running,
# and rows a run does not regrade stay as they were. --only changed (ONLY=
# changed from make) regrades only the submissions whose files, exercise,
# grader or grading settings changed since their last result: the way to
# resume an interrupted run. With a course file (--course FILE, COURSE= from
# make, else course.toml at the project's root if there is one; see
# tools/course.example.toml), tools/gradebook.py then writes the gradebooks
# into gradebook/ beside the CSV. Where sim_c is installed, similarity.csv
# beside the CSV lists the pairs of submissions of one exercise whose code
# is alike beyond what the starter gives both (tools/gradebook.py similar).
# From make, SUBMISSIONS and CSV come in the environment (--from-make).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
# The test suite's shared PoCL kernel cache (tools/grade.sh) is never used
# for a class's work: one student's kernel could write what the next loads.
unset GRADE_TEST_POCL_CACHE
usage() { echo "usage: make grade-all SUBMISSIONS=folder [CSV=file] [JOBS=n] [ONLY=changed] [COURSE=file]" >&2; exit 2; }
jobs=${JOBS:-} only=${ONLY:-} course=${COURSE:-} subs="" csv=""
args=("$@") # as given, for the grading shell (below)
if [ "${1:-}" = --from-make ]; then subs=${SUBMISSIONS:-} csv=${CSV:-}
else
    while [ $# -gt 0 ]; do
        case "$1" in
        -j) jobs=${2:-}; shift 2 || usage ;;
        -j[0-9]*) jobs=${1#-j}; shift ;;
        --only) only=${2:-}; shift 2 || usage ;;
        --course) course=${2:-}; shift 2 || usage ;;
        --) shift; break ;;
        -*) echo "error: unknown option $1" >&2; usage ;;
        *) break ;;
        esac
    done
    subs=${1:-} csv=${2:-}
fi
[ -n "$subs" ] && [ -d "$subs" ] || usage
case "$only" in "" | changed) ;; *) echo "error: --only takes 'changed', not '$only'" >&2; exit 2 ;; esac
[ -n "$jobs" ] || jobs=$(nproc 2>/dev/null || echo 1)
case "$jobs" in "" | *[!0-9]* | 0) echo "error: -j takes a number of submissions at a time (1 or more), not '$jobs'" >&2; exit 2 ;; esac
if [ -z "$course" ] && [ -f "$root/course.toml" ]; then course=$root/course.toml; fi
if [ -n "$course" ]; then
    [ -f "$course" ] || { echo "error: the course file $course does not exist" >&2; exit 2; }
    course=$(cd "$(dirname "$course")" && pwd)/$(basename "$course")
fi
subs=${subs%/}
subs_abs=$(cd "$subs" && pwd)
csv=${csv:-$subs/grades.csv}
csvdir=$(dirname "$csv")
[ -d "$csvdir" ] && [ -w "$csvdir" ] && { [ ! -e "$csv" ] || [ -w "$csv" ]; } ||
    { echo "error: cannot write results to $csv" >&2; exit 2; }
csv=$(cd "$csvdir" && pwd)/$(basename "$csv")
state=$(dirname "$csv")/.$(basename "$csv").d
mkdir -p "$state/rows" || { echo "error: cannot keep results in $state" >&2; exit 2; }
# One run at a time on one CSV (the grading shell below holds the lock of
# the shell that started it, on the same descriptor).
if [ -z "${GRADE_ALL_GRADING:-}" ]; then
    exec 9>"$state/lock"
    if command -v flock >/dev/null 2>&1 && ! flock -n 9; then
        echo "error: another grade-all is writing $csv (remove $state/lock if none is)" >&2; exit 2
    fi
fi
all=$(cd "$root/exercises" && ls -d [0-9]*/ | tr -d /)
tmp=$(mktemp -d)

junk() { # a name never graded
    case "$1" in .* | __* | Thumbs.db | desktop.ini | '$RECYCLE.BIN') return 0 ;; esac
    return 1
}
resolve() { # folder name -> exercise, or nothing
    local f=$1 m
    case "$f" in *[!A-Za-z0-9-]* | "") return ;; esac
    if [ -d "$root/exercises/$f" ]; then echo "$f"; return; fi
    m=$(echo "$all" | grep -- "^$f-" || true)
    [ "$(echo "$m" | grep -c .)" -eq 1 ] && echo "$m"
}

field() { # RFC 4180: every field quoted, quotes doubled
    local s=$1
    # A cell a spreadsheet would take for a formula (a folder named =2+5 or
    # @SUM(1+1)) starts with a quote, as OWASP's CSV injection advice says
    # (a lone -, the tier of an exercise without one, is no formula).
    case "$s" in -) ;; [=+@-]* | $'\t'* | $'\r'*) s="'$s" ;; esac
    s=${s//\"/\"\"}
    printf '"%s"' "$s"
}
line() { # fields -> one CSV line
    local out="" f
    for f in "$@"; do out+="${out:+,}$(field "$f")"; done
    printf '%s\r\n' "$out"
}
hex() { printf '%s' "$1" | od -An -v -tx1 | tr -d ' \n'; }
keyof() { echo "$(hex "$1").$(hex "$2")"; } # student exercise -> a name that sorts as they do
commit() { # key folder: the folder becomes the key's result, whole or not at all
    local d=$state/rows/$1
    rm -rf "$d.old"
    [ -d "$d" ] && mv "$d" "$d.old"
    mv "$2" "$d" && rm -rf "$d.old"
}
row() { # student exercise score max status tier reason device date ratio hazards sandbox: a row graded now
    local k n
    k=$(keyof "$1" "$2") n=$state/rows/$k.new.$BASHPID
    rm -rf "$n" && mkdir -p "$n"
    line "$@" >"$n/row"
    commit "$k" "$n"
    kept+=("$k")
}
merge() { # the CSV from every result kept, atomically
    local k t=$csv.tmp.$$
    {
        line student exercise score max status tier reason device date ratio hazards sandbox
        for k in $(ls "$state/rows" | grep -E '^[0-9a-f]+\.[0-9a-f]+$' | LC_ALL=C sort); do
            cat "$state/rows/$k/row" 2>/dev/null
        done
    } >"$t" && mv -f "$t" "$csv"
}
# A result half moved when a run was stopped is taken back.
for d in "$state"/rows/*.old; do
    [ -d "$d" ] || continue
    if [ -d "${d%.old}" ]; then rm -rf "$d"; else mv "$d" "${d%.old}"; fi
done
rm -rf "$state"/rows/*.new.*

# ---- one shell takes the signals, another grades ------------------------------------
# Bash 5.2 can lose a signal that arrives while it expands a $(...): the
# trap's text then fails to parse, and the shell goes on (a SIGTERM sent
# once a few rows were graded was lost in one run of three, and grade-all
# graded on to the end). The grading below expands many, so it runs as a
# second grade-all in a process group of its own, and this one only waits
# for it: a shell in `wait` takes INT and TERM cleanly, and passes TERM on
# to the whole group. Each grade then drops its half-written result; the
# CSV keeps the rows done.
if [ -z "${GRADE_ALL_GRADING:-}" ]; then
    GRADE_ALL_GRADING=1 setsid "$BASH" "$root/tools/grade-all.sh" "${args[@]}" &
    group=$! stopped=0
    trap 'stopped=1; kill -TERM -- "-$group" 2>/dev/null' INT TERM
    wait "$group"
    st=$?
    [ $stopped -eq 1 ] && wait "$group" # the first wait was cut short by the signal
    if [ $stopped -eq 1 ]; then
        for _ in $(seq 100); do kill -0 -- "-$group" 2>/dev/null || break; sleep 0.1; done
        merge
        rm -rf "$tmp"
        echo "grade-all: stopped; the rows graded so far are in $csv (--only changed goes on from there)" >&2
        exit 130
    fi
    rm -rf "$tmp"
    exit "$st"
fi

# Which exercises: those asked for, else the course's, else those anyone handed in.
if [ -z "${EXERCISES:-}" ] && [ -n "$course" ]; then
    EXERCISES=$(python3 "$root/tools/gradebook.py" exercises --course "$course") || exit 2
fi
if [ -n "${EXERCISES:-}" ]; then
    wanted=""
    for e in $EXERCISES; do
        r=$(resolve "$e")
        [ -n "$r" ] || { echo "error: EXERCISES names $e, which is no exercise" >&2; exit 2; }
        wanted+="$r"$'\n'
    done
else
    wanted=$(for d in "$subs"/*/*/; do [ -d "$d" ] && ! junk "$(basename "$(dirname "$d")")" && resolve "$(basename "$d")"; done | sort -u)
fi

date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
declare -A maxof gradersum
max_of() { # the number of checks of exercise $1
    [ -n "${maxof[$1]:-}" ] || maxof[$1]=$("$root/tools/grade.sh" --max "$1" 2>/dev/null 9>&-)
    echo "${maxof[$1]:-0}"
}
grader_sum() { # what a result depends on besides the student's files
    [ -n "${gradersum[$1]:-}" ] || gradersum[$1]=$(
        { cat "$root/tools/grade.sh" "$root/tools/sandbox.sh" "$root/exercises/grading.c" "$root"/exercises/*.h "$root"/tools/grader/* \
              "$root/exercises/$1"/* "$root"/common/* 2>/dev/null
          for v in GRADE_CASE_SECONDS GRADE_PASS_SECONDS GRADE_COMPILE_SECONDS GRADE_BUILD_SECONDS GRADE_NO_SPEED \
                   GRADE_SANDBOX OCLGRIND CC CLU_PLATFORM CLU_DEVICE RUSTICL_ENABLE; do
              printf '%s=%s;' "$v" "${!v-(unset)}"
          done; } | md5sum | cut -c1-32)
    echo "${gradersum[$1]}"
}
files_sum() { # the plain files of a submission folder, names and contents
    (cd "$1" && find . -maxdepth 1 -type f ! -name '.*' -print0 | LC_ALL=C sort -z |
        while IFS= read -r -d '' f; do printf '%s\0' "$f"; head -c 1048577 "$f"; done) | md5sum | cut -c1-32
}

# ---- the plan: rows known at once, and the submissions to grade ---------------------
kept=()
J_student=() J_ex=() J_dir=() J_note=()
junked=()
for sdir in "$subs"/*/; do
    [ -d "$sdir" ] || continue
    student=$(basename "$sdir")
    if junk "$student"; then junked+=("$student/"); continue; fi
    [ -f "$sdir.gradebook" ] && continue # the gradebooks this writes, when the CSV is in SUBMISSIONS
    # A folder that is a link (zed -> alice) would take another's marks.
    if [ -L "${sdir%/}" ]; then
        for ex in $wanted; do
            row "$student" "$ex" 0 "$(max_of "$ex")" failed - "the folder $student/ is a link to another folder, not graded: hand in a folder of your own" "" "$date" "" "" ""
        done
        printf '%-16s %s\n' "$student" "refused (a link)"
        continue
    fi
    # Rows for folders that named no exercise last time go; this run says anew.
    for d in "$state/rows/$(hex "$student")".*; do
        [ -d "$d" ] || continue
        e=$(printf '%b' "$(printf '%s' "${d##*.}" | sed 's/../\\x&/g')")
        [ -n "$(resolve "$e")" ] || rm -rf "$d"
    done
    for entry in "$sdir"* "$sdir".[!.]*; do
        [ -e "$entry" ] || continue
        f=$(basename "$entry")
        if junk "$f"; then junked+=("$student/$f"); continue; fi
        [ -d "$entry" ] || continue
        # Folders that name no exercise are reported, not silently skipped.
        if [ -z "$(resolve "$f")" ]; then
            row "$student" "$f" 0 0 failed - "the folder $student/$f names no exercise (choose one of: $(echo $all))" "" "$date" "" "" ""
            echo "grade-all: $student/$f names no exercise" >&2
        fi
    done
    for ex in $wanted; do
        found=()
        for edir in "$sdir"*/; do
            [ -d "$edir" ] && [ "$(resolve "$(basename "$edir")")" = "$ex" ] && found+=("${edir%/}")
        done
        if [ ${#found[@]} -eq 0 ]; then
            row "$student" "$ex" 0 "$(max_of "$ex")" missing - "no folder for $ex in $student/" "" "$date" "" "" ""
            printf '%-16s %-28s %s\n' "$student" "$ex" "missing"
            continue
        fi
        pick=${found[0]} note=""
        if [ ${#found[@]} -gt 1 ]; then
            for d in "${found[@]}"; do [ "$(basename "$d")" = "$ex" ] && pick=$d; done
            others=$(for d in "${found[@]}"; do [ "$d" = "$pick" ] || printf '%s/ ' "$(basename "$d")"; done)
            note="two folders for $ex in $student/: graded $(basename "$pick")/, not ${others% } (keep one)"
            printf '%-16s %-28s %s\n' "$student" "$ex" "two folders: $(basename "$pick")/ graded"
        fi
        if [ -L "$pick" ]; then
            row "$student" "$ex" 0 "$(max_of "$ex")" failed - "the folder $student/$(basename "$pick") is a link to another folder, not graded: hand in a folder of your own" "" "$date" "" "" ""
            printf '%-16s %-28s %s\n' "$student" "$ex" "refused (a link)"
            continue
        fi
        J_student+=("$student") J_ex+=("$ex") J_dir+=("$student/$(basename "$pick")") J_note+=("$note")
    done
done
[ ${#junked[@]} -gt 0 ] && echo "grade-all: ignored as junk (names starting with . or __, Thumbs.db, desktop.ini): ${junked[*]}" >&2

# ---- grading, N at a time -------------------------------------------------------
grade_one() { # index into the plan
    local i=$1 student=${J_student[$1]} ex=${J_ex[$1]} rel=${J_dir[$1]} note=${J_note[$1]}
    local k n st g status score max tier reason device ratio hazards sandbox
    k=$(keyof "$student" "$ex") n=$state/rows/$k.new.$BASHPID
    rm -rf "$n" && mkdir -p "$n" || return 1
    printf '%s\n' "$2" >"$n/fingerprint"
    printf '%s\n' "$rel" >"$n/folder"
    # when the files were last changed: the newest plain file
    (cd "$subs_abs/$rel" && find . -maxdepth 1 -type f ! -name '.*' -printf '%T@\n' | sort -n | tail -n 1) >"$n/submitted" 2>/dev/null
    trap 'kill -TERM $g 2>/dev/null; rm -rf "$n"; exit 143' TERM INT
    (cd "$subs_abs" && exec "$root/tools/grade.sh" --result "$n/result" "$ex" "$rel") </dev/null >"$n/log" 2>&1 9>&- &
    g=$!
    wait $g
    st=$?
    # Graded: the row is written whole from here, whatever signal comes
    # (a trap run now could meet bash's lost-signal bug, above).
    trap '' TERM INT
    get() { sed -n "s/^$1=//p" "$n/result" 2>/dev/null | head -n 1; }
    if [ -s "$n/result" ]; then
        status=$(get status) score=$(get score) max=$(get max) tier=$(get tier) reason=$(get reason) device=$(get device)
        ratio=$(get ratio) hazards=$(get hazards) sandbox=$(get sandbox)
    else
        status=crashed score=0 max=$(max_of "$ex") tier=- device="" ratio="" hazards="" sandbox=""
        reason="the grader stopped (exit $st): $(grep -m1 -i error "$n/log" || tail -n 1 "$n/log")"
    fi
    [ "$status" = passed ] && reason=""
    [ -n "$note" ] && reason="$note${reason:+; $reason}"
    line "$student" "$ex" "$score" "$max" "$status" "$tier" "$reason" "$device" "$date" "$ratio" "$hazards" "$sandbox" >"$n/row"
    commit "$k" "$n"
    printf '%-16s %-28s %s/%s %s %s\n' "$student" "$ex" "$score" "$max" "$status" "$tier"
}

trap 'rm -rf "$tmp"' EXIT
merge
running=0 graded=0 same=0
for i in "${!J_ex[@]}"; do
    student=${J_student[$i]} ex=${J_ex[$i]}
    fp="$(grader_sum "$ex") $(files_sum "$subs_abs/${J_dir[$i]}") $(printf '%s' "${J_note[$i]}" | md5sum | cut -c1-8)"
    k=$(keyof "$student" "$ex")
    if [ "$only" = changed ] && [ -s "$state/rows/$k/row" ] && [ "$(cat "$state/rows/$k/fingerprint" 2>/dev/null)" = "$fp" ]; then
        printf '%-16s %-28s %s\n' "$student" "$ex" "unchanged (kept)"
        same=$((same + 1))
        continue
    fi
    while [ $running -ge "$jobs" ]; do
        wait -n
        running=$((running - 1))
        merge
    done
    grade_one "$i" "$fp" &
    running=$((running + 1)) graded=$((graded + 1))
done
while [ $running -gt 0 ]; do
    wait -n
    running=$((running - 1))
    merge
done
merge
rows=$(($(grep -c . "$csv") - 1))
echo "grade-all: $rows rows written to $csv ($graded graded, $same unchanged, -j $jobs)"
# Pairs of submissions alike beyond the starter (sim_c, the similarity-tester package).
if command -v sim_c >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
    python3 "$root/tools/gradebook.py" similar --csv "$csv" --submissions "$subs_abs" --out "$(dirname "$csv")/similarity.csv" ||
        echo "grade-all: the similarity report could not be written" >&2
else
    echo "note: sim_c is not installed (make deps-grade installs similarity-tester): no similarity report" >&2
fi
if [ -n "$course" ]; then
    python3 "$root/tools/gradebook.py" write --course "$course" --csv "$csv" --out "$(dirname "$csv")/gradebook" ||
        { echo "error: the gradebooks could not be written (see above)" >&2; exit 1; }
fi
exit 0
