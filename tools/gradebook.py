#!/usr/bin/env python3
"""gradebook.py -- the gradebooks of one grading run, and the autograders' results.

  gradebook.py exercises --course FILE
      the exercises the course file assigns, one a line (grade-all reads them)
  gradebook.py write [--course FILE] --csv GRADES.csv --out DIR
      from grade-all's CSV and the results it keeps beside it (.GRADES.csv.d/):
        DIR/gradebook.csv  one row per student, a column per exercise (points),
                           the weighted total in %, late or not (UTF-8 with a BOM: Excel)
        DIR/canvas.csv     Canvas's gradebook import (Student, ID, SIS User ID,
                           SIS Login ID, Section, one column per assignment)
        DIR/moodle.csv     Moodle's grade import (CSV): ID number, Email address,
                           one column per grade item (plain UTF-8)
        DIR/feedback/STUDENT/  README.txt (every exercise) and EX.txt (every check's
                           verdict and reason, then the grader's whole report)
  gradebook.py similar --csv GRADES.csv --submissions DIR [--out FILE] [--threshold PCT]
      pairs of submissions of one exercise whose code is alike beyond what the
      starter gives them both (sim_c, Debian's similarity-tester): FILE
      (default: similarity.csv beside the CSV) lists them, one pair a row
  gradebook.py gradescope RESULT [--course FILE] [--exercise EX]
      Gradescope's results.json from one grade.sh --result file, on stdout
  gradebook.py prairielearn RESULT [--course FILE] [--exercise EX]
      PrairieLearn's external-grader results.json, on stdout

Without a course file every exercise in the CSV weighs 1 and is worth its
number of checks; students are known by their folders' names. Every cell
that a spreadsheet would read as a formula (= + - @ tab CR first) starts
with a quote. Bad input: one line on stderr, exit status 2.
"""
import csv
import datetime
import io
import json
import os
import sys
import tomllib
import zoneinfo

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VISIBILITY = ("hidden", "after_due_date", "after_published", "visible")


class Bad(Exception):
    pass


def all_exercises():
    d = os.path.join(ROOT, "exercises")
    return sorted(e for e in os.listdir(d) if e[:1].isdigit() and os.path.isdir(os.path.join(d, e)))


def resolve(name):
    ex = all_exercises()
    if name in ex:
        return name
    m = [e for e in ex if e.startswith(name + "-")]
    return m[0] if len(m) == 1 else None


def load_course(path):
    """The course file, checked: {'course':{}, 'exercises':[...], 'students':{folder: {...}}}."""
    if not path:
        return None
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise Bad(f"cannot read the course file {path}: {e.strerror}")
    except tomllib.TOMLDecodeError as e:
        raise Bad(f"{path} is not TOML: {e}")
    course = data.get("course", {})
    if not isinstance(course, dict):
        raise Bad(f"{path}: [course] must be a table")
    tz = None
    if "timezone" in course:
        try:
            tz = zoneinfo.ZoneInfo(str(course["timezone"]))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            raise Bad(f"{path}: timezone {course['timezone']!r} is no IANA time zone")
    vis = course.get("gradescope_visibility", "visible")
    if vis not in VISIBILITY:
        raise Bad(f"{path}: gradescope_visibility must be one of {', '.join(VISIBILITY)}, not {vis!r}")
    exercises = []
    seen = set()
    for i, e in enumerate(data.get("exercise", [])):
        if not isinstance(e, dict) or "id" not in e:
            raise Bad(f"{path}: [[exercise]] number {i + 1} has no id")
        full = resolve(str(e["id"]))
        if not full:
            raise Bad(f"{path}: [[exercise]] id {e['id']!r} is no exercise (one of: {' '.join(all_exercises())})")
        if full in seen:
            raise Bad(f"{path}: {full} is assigned twice")
        seen.add(full)
        for k in ("points", "weight"):
            if k in e and (not isinstance(e[k], (int, float)) or isinstance(e[k], bool) or e[k] < 0):
                raise Bad(f"{path}: {full}: {k} must be a number, 0 or more")
        dl = e.get("deadline")
        if dl is not None:
            if isinstance(dl, datetime.date) and not isinstance(dl, datetime.datetime):
                dl = datetime.datetime.combine(dl, datetime.time(23, 59, 59))
            if not isinstance(dl, datetime.datetime):
                raise Bad(f"{path}: {full}: deadline must be a TOML date-time such as 2026-10-05T23:59:00+02:00")
            if dl.tzinfo is None:
                dl = dl.replace(tzinfo=tz or datetime.timezone.utc)
        exercises.append({"id": full, "title": str(e.get("title", full)), "points": e.get("points"),
                          "weight": e.get("weight", 1), "deadline": dl, "canvas_id": e.get("canvas_id")})
    students = {}
    for i, s in enumerate(data.get("student", [])):
        if not isinstance(s, dict) or not s.get("folder"):
            raise Bad(f"{path}: [[student]] number {i + 1} has no folder")
        f = str(s["folder"])
        if f in students:
            raise Bad(f"{path}: the folder {f!r} is in the roster twice")
        students[f] = {k: str(v) for k, v in s.items()}
    return {"course": course, "exercises": exercises, "students": students, "visibility": vis}


def cell(v):
    """A spreadsheet cell that no spreadsheet takes for a formula."""
    s = "" if v is None else str(v)
    if s[:1] in ("=", "+", "-", "@", "\t", "\r") and s != "-":
        s = "'" + s
    return s


def write_csv(path, rows, bom):
    buf = io.StringIO()
    w = csv.writer(buf, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    for r in rows:
        w.writerow([cell(c) if isinstance(c, str) else c for c in r])
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8-sig" if bom else "utf-8", newline="") as f:
        f.write(buf.getvalue())
    os.replace(tmp, path)


def read_results(csv_path):
    """Every result grade-all keeps: {(student, exercise): {...}} from .CSV.d/rows/."""
    state = os.path.join(os.path.dirname(os.path.abspath(csv_path)), "." + os.path.basename(csv_path) + ".d", "rows")
    if not os.path.isdir(state):
        raise Bad(f"no results beside {csv_path} (grade-all keeps them in {state})")
    out = {}
    for k in sorted(os.listdir(state)):
        parts = k.split(".")
        if len(parts) != 2:
            continue
        try:
            student = bytes.fromhex(parts[0]).decode("utf-8", "replace")
            ex = bytes.fromhex(parts[1]).decode("utf-8", "replace")
        except ValueError:
            continue
        d = os.path.join(state, k)
        try:
            with open(os.path.join(d, "row"), newline="", encoding="utf-8", errors="replace") as f:
                row = next(csv.reader(f))
        except (OSError, StopIteration):
            continue
        if len(row) < 12:
            continue
        r = {"student": student, "exercise": ex, "score": int(row[2] or 0), "max": int(row[3] or 0),
             "status": row[4], "tier": row[5], "reason": row[6], "checks": [], "log": "", "submitted": None,
             "folder": None}
        res = os.path.join(d, "result")
        if os.path.exists(res):
            r["checks"] = parse_checks(res)
        for name in ("log", "folder"):
            p = os.path.join(d, name)
            if os.path.exists(p):
                with open(p, encoding="utf-8", errors="replace") as f:
                    r[name] = f.read().strip("\n") if name == "folder" else f.read()
        p = os.path.join(d, "submitted")
        if os.path.exists(p):
            with open(p) as f:
                t = f.read().strip()
            if t:
                r["submitted"] = datetime.datetime.fromtimestamp(float(t), datetime.timezone.utc)
        out[(student, ex)] = r
    return out


def parse_result(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise Bad(f"cannot read the result file {path}: {e.strerror}")
    r = {"checks": []}
    for ln in lines:
        k, _, v = ln.partition("=")
        if k == "check":
            verdict, _, rest = v.partition("\t")
            name, _, why = rest.partition("\t")
            r["checks"].append({"passed": verdict == "pass", "unchecked": verdict == "unchecked", "name": name, "reason": why})
        elif k and k not in r:
            r[k] = v
    if "status" not in r or "score" not in r or "max" not in r:
        raise Bad(f"{path} is no grade.sh result file (no status=, score=, max=)")
    return r


def parse_checks(path):
    try:
        return parse_result(path)["checks"]
    except Bad:
        return []


def plan(course, results):
    """Exercises (in order, with points and weight) and students (in order)."""
    if course and course["exercises"]:
        exercises = course["exercises"]
    else:
        names = sorted({ex for (_, ex) in results if ex in all_exercises()})
        exercises = [{"id": e, "title": e, "points": None, "weight": 1, "deadline": None, "canvas_id": None} for e in names]
    maxes = {}
    for (_, ex), r in results.items():
        if r["max"]:
            maxes[ex] = r["max"]
    for e in exercises:
        e["max"] = maxes.get(e["id"], 0)
        if e["points"] is None:
            e["points"] = e["max"]
    students = sorted({s for (s, _) in results}, key=lambda s: s.encode())
    if course and course["students"]:
        for s in course["students"]:
            if s not in students:
                students.append(s)
    return exercises, students


def points(r, e):
    if not r or not e["max"]:
        return 0.0
    return round(r["score"] / e["max"] * e["points"], 2)


def is_late(r, e):
    return bool(r and e["deadline"] and r["submitted"] and r["status"] != "missing" and r["submitted"] > e["deadline"])


def who(course, student):
    if course and student in course["students"]:
        return course["students"][student]
    return {}


def write(args):
    course = load_course(args.get("course"))
    results = read_results(args["csv"])
    exercises, students = plan(course, results)
    out = args["out"]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, ".gradebook"), "w") as f:
        f.write("written by tools/gradebook.py: grade-all takes this folder for no student\n")
    unknown = [s for s in students if course and course["students"] and s not in course["students"]]
    for s in unknown:
        print(f"gradebook: the folder {s}/ is not in the course's roster: in gradebook.csv only", file=sys.stderr)
    total_w = sum(e["weight"] for e in exercises) or 1

    # the wide gradebook
    head = ["Student folder", "Name", "Email", "SIS ID"]
    for e in exercises:
        head.append(f"{e['title']} (/{e['points']:g})")
    head += ["Weighted total (%)", "Late", "Late exercises", "Not graded as handed in"]
    rows = [head]
    for s in students:
        p = who(course, s)
        r_ = [s, p.get("name", ""), p.get("email", ""), p.get("sis_id", "")]
        tot = 0.0
        late = []
        notes = []
        for e in exercises:
            r = results.get((s, e["id"]))
            r_.append(points(r, e))
            if r and e["max"]:
                tot += e["weight"] * r["score"] / e["max"]
            if is_late(r, e):
                late.append(e["id"].split("-")[0] + "-" + e["id"].split("-")[1])
            if r and r["reason"].startswith("two folders"):
                notes.append(r["reason"].split(";")[0])
        for (s2, ex), r in results.items():
            if s2 == s and ex not in [e["id"] for e in exercises] and r["max"] == 0:
                notes.append(r["reason"].split(" (choose one of")[0])
        r_ += [round(100 * tot / total_w, 1), "yes" if late else "no", " ".join(late), "; ".join(notes)]
        rows.append(r_)
    write_csv(os.path.join(out, "gradebook.csv"), rows, bom=True)

    # Canvas: Student, ID, SIS User ID, SIS Login ID, Section, then one
    # column per assignment named "Title (assignment id)"; a second row of
    # points possible; only students the roster knows.
    known = [s for s in students if not (course and course["students"]) or s in course["students"]]
    head = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
    for e in exercises:
        head.append(f"{e['title']} ({e['canvas_id']})" if e.get("canvas_id") else e["title"])
    rows = [head, ["Points Possible", "", "", "", ""] + [e["points"] for e in exercises]]
    for s in known:
        p = who(course, s)
        rows.append([p.get("name", s), p.get("canvas_id", ""), p.get("sis_id", ""), p.get("login", ""),
                     p.get("section", "")] + [points(results.get((s, e["id"])), e) for e in exercises])
    write_csv(os.path.join(out, "canvas.csv"), rows, bom=True)

    # Moodle: a column to identify the user by (ID number, email address or
    # username, chosen when importing), then one column per grade item.
    head = ["ID number", "Email address", "Username", "Full name"] + [e["title"] for e in exercises]
    rows = [head]
    for s in known:
        p = who(course, s)
        rows.append([p.get("sis_id", ""), p.get("email", ""), p.get("login", s), p.get("name", s)] +
                    [points(results.get((s, e["id"])), e) for e in exercises])
    write_csv(os.path.join(out, "moodle.csv"), rows, bom=False)

    # Feedback: a folder per student.
    fb = os.path.join(out, "feedback")
    for s in students:
        d = os.path.join(fb, s)
        os.makedirs(d, exist_ok=True)
        summary = [f"Feedback for {who(course, s).get('name', s)} (folder {s}/)", ""]
        for e in exercises:
            r = results.get((s, e["id"]))
            if not r:
                summary.append(f"{e['id']}: not graded")
                continue
            line = f"{e['id']}: {r['score']}/{r['max']} checks, {points(r, e):g} of {e['points']:g} points, {r['status']}"
            if is_late(r, e):
                line += f" (late: handed in {r['submitted']:%Y-%m-%d %H:%M} UTC, deadline {e['deadline']:%Y-%m-%d %H:%M %z})"
            summary.append(line)
            if r["reason"]:
                summary.append(f"    {r['reason']}")
            text = [f"Exercise {e['id']} ({e['title']}): score {r['score']}/{r['max']}, {r['status']}"]
            if r["folder"]:
                text.append(f"graded from {r['folder']}/")
            if r["reason"]:
                text.append(f"why: {r['reason']}")
            text.append("")
            if r["checks"]:
                text.append("Every check:")
                for c in r["checks"]:
                    mark = "PASS" if c["passed"] else "NOT CHECKED" if c.get("unchecked") else "FAIL"
                    text.append(f"  {mark}  {c['name']}" + (f": {c['reason']}" if c["reason"] else ""))
                text.append("")
            if r["log"]:
                text.append("The grader's report:")
                text += ["  " + ln for ln in r["log"].splitlines()]
            with open(os.path.join(d, e["id"] + ".txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(text) + "\n")
        for (s2, ex), r in sorted(results.items()):
            if s2 == s and ex not in [e["id"] for e in exercises]:
                summary.append(f"{ex}: {r['reason'] or r['status']}")
        with open(os.path.join(d, "README.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(summary) + "\n")
    print(f"gradebook: {len(students)} students, {len(exercises)} exercises: "
          f"gradebook.csv canvas.csv moodle.csv feedback/ in {out}")


def per_check(course, ex, r):
    """(name, points, max points, reason) of every check, worth the course's points."""
    total = r.get("max", "0")
    total = int(total) if total.isdigit() else 0
    worth = 1.0
    if course:
        for e in course["exercises"]:
            if e["id"] == ex and e["points"] is not None and total:
                worth = e["points"] / total
    if r["checks"]:
        # a check the grade could not make (tools/see/required.txt without Oclgrind) is not in the max
        return [(c["name"], worth if c["passed"] else 0.0, worth, c["reason"]) for c in r["checks"] if not c.get("unchecked")], worth * total
    return [("the submission builds and is complete", 0.0, worth * total, r.get("reason", ""))], worth * total


def gradescope(args):
    course = load_course(args.get("course"))
    r = parse_result(args["result"])
    ex = resolve(args.get("exercise") or "") or args.get("exercise") or ""
    tests, total = per_check(course, ex, r)
    vis = course["visibility"] if course else "visible"
    out = {
        "score": round(sum(t[1] for t in tests), 4),
        "output": f"{ex}: {r['score']}/{r['max']} checks passed, {r['status']}" + (f"\n{r['reason']}" if r.get("reason") else ""),
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [{"name": n, "number": str(i + 1), "score": round(p, 6), "max_score": round(m, 6),
                   "output": why or "passed", "visibility": vis} for i, (n, p, m, why) in enumerate(tests)],
    }
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    print()


def prairielearn(args):
    course = load_course(args.get("course"))
    r = parse_result(args["result"])
    ex = resolve(args.get("exercise") or "") or args.get("exercise") or ""
    if r["status"] in ("does-not-build", "missing"):
        out = {"gradable": False, "score": 0.0, "format_errors": [r.get("reason", r["status"])],
               "message": f"{ex}: {r['status']}", "output": r.get("reason", "")}
    else:
        tests, total = per_check(course, ex, r)
        got = sum(t[1] for t in tests)
        out = {"gradable": True, "score": round(got / total, 4) if total else 0.0,
               "message": f"{ex}: {r['score']}/{r['max']} checks passed, {r['status']}",
               "output": r.get("reason", ""),
               "tests": [{"name": n, "points": round(p, 6), "max_points": round(m, 6),
                          "message": why or "passed", "output": why} for (n, p, m, why) in tests]}
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    print()


def starter_files(ex):
    d = os.path.join(ROOT, "exercises", ex)
    return sorted(f for f in os.listdir(d)
                  if f.endswith((".c", ".cl")) and f not in ("check.c", "runner.c"))


def similar(args):
    """Pairs whose code is alike beyond the starter's share, as sim_c sees it."""
    import re
    import shutil
    import subprocess
    import tempfile
    sim = shutil.which("sim_c")
    if not sim:
        raise Bad("sim_c is not installed (the similarity-tester package: make deps-grade)")
    results = read_results(args["csv"])
    subs = args["submissions"]
    threshold = float(args.get("threshold", 40))
    out = args.get("out") or os.path.join(os.path.dirname(os.path.abspath(args["csv"])), "similarity.csv")
    pat = re.compile(r"^(\S+) consists for (\d+) % of (\S+) material$")
    pairs = []
    with tempfile.TemporaryDirectory() as tmp:
        for ex in sorted({e for (_, e) in results if e in all_exercises()}):
            names = starter_files(ex)
            if not names:
                continue
            who_ = []
            for (s, e), r in sorted(results.items()):
                if e != ex or not r["folder"] or r["status"] == "missing":
                    continue
                text = []
                for n in names:
                    p = os.path.join(subs, r["folder"], n)
                    if os.path.isfile(p) and not os.path.islink(p):
                        with open(p, "rb") as f:
                            text.append(f.read(1 << 20).decode("utf-8", "replace"))
                if text:
                    who_.append((s, "\n".join(text)))
            if len(who_) < 2:
                continue
            d = os.path.join(tmp, ex)
            os.makedirs(d)
            files = []
            for i, (s, text) in enumerate(who_):
                p = os.path.join(d, f"{i}.c")
                with open(p, "w", encoding="utf-8") as f:
                    f.write(text)
                files.append(p)
            starter = os.path.join(d, "starter.c")
            with open(starter, "w", encoding="utf-8") as f:
                f.write("\n".join(open(os.path.join(ROOT, "exercises", ex, n), encoding="utf-8").read() for n in names))
            # -e: every pair on its own; -p: percentages; -s: not a file with itself;
            # the starter is an old file (after /): compared to, never reported.
            run = subprocess.run([sim, "-e", "-p", "-s", "-T", "-t", "1"] + files + ["/", starter],
                                 capture_output=True, text=True, timeout=600)
            pct = {}
            for ln in run.stdout.splitlines():
                m = pat.match(ln.strip())
                if m:
                    pct[(m.group(1), m.group(3))] = int(m.group(2))
            for i in range(len(files)):
                for j in range(i + 1, len(files)):
                    a, b = files[i], files[j]
                    ab, ba = pct.get((a, b), 0), pct.get((b, a), 0)
                    sa, sb = pct.get((a, starter), 0), pct.get((b, starter), 0)
                    beyond = max(ab - sa, ba - sb)
                    if beyond >= threshold:
                        pairs.append([ex, who_[i][0], who_[j][0], ab, ba, sa, sb, beyond])
    pairs.sort(key=lambda p: (-p[7], p[0], p[1].encode(), p[2].encode()))
    write_csv(out, [["exercise", "student", "other student", "% of student's code in other's",
                     "% of other's code in student's", "starter's share of student's (%)",
                     "starter's share of other's (%)", "alike beyond the starter (%)"]] + pairs, bom=True)
    print(f"similarity: {len(pairs)} pairs alike beyond the starter (>= {threshold:g} %) in {out}")


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    cmd, rest = argv[0], argv[1:]
    args = {}
    pos = []
    i = 0
    while i < len(rest):
        a = rest[i]
        if a in ("--course", "--csv", "--out", "--exercise", "--submissions", "--threshold"):
            if i + 1 >= len(rest):
                raise Bad(f"{a} needs a value")
            args[a[2:]] = rest[i + 1]
            i += 2
        elif a.startswith("--"):
            raise Bad(f"unknown option {a}")
        else:
            pos.append(a)
            i += 1
    if cmd == "exercises":
        c = load_course(args.get("course"))
        if not c or not c["exercises"]:
            raise Bad("exercises needs --course FILE with [[exercise]] tables")
        print("\n".join(e["id"] for e in c["exercises"]))
    elif cmd == "check":
        c = load_course(args.get("course") or (pos[0] if pos else None))
        if not c:
            raise Bad("check needs a course file")
        print(f"course file: {len(c['exercises'])} exercises, {len(c['students'])} students")
    elif cmd == "write":
        if "csv" not in args or "out" not in args:
            raise Bad("usage: gradebook.py write [--course FILE] --csv GRADES.csv --out DIR")
        write(args)
    elif cmd == "similar":
        if "csv" not in args or "submissions" not in args:
            raise Bad("usage: gradebook.py similar --csv GRADES.csv --submissions DIR [--out FILE] [--threshold PCT]")
        try:
            float(args.get("threshold", 40))
        except ValueError:
            raise Bad(f"--threshold takes a percentage, not {args['threshold']!r}")
        similar(args)
    elif cmd in ("gradescope", "prairielearn"):
        if len(pos) != 1:
            raise Bad(f"usage: gradebook.py {cmd} RESULT [--course FILE] [--exercise EX]")
        args["result"] = pos[0]
        (gradescope if cmd == "gradescope" else prairielearn)(args)
    else:
        raise Bad(f"unknown command {cmd} (exercises, check, write, similar, gradescope, prairielearn)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Bad as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
