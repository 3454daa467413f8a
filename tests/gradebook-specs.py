#!/usr/bin/env python3
"""gradebook-specs.py KIND FILE [ARG...] -- does FILE follow KIND's published format?

Exit 0 when it does, 1 with the first departure on stdout. Each checker
states the rules it checks and where they are published:

  long CSV       grade-all's own (tools/grade-all.sh header) and RFC 4180
  wide CSV       RFC 4180, UTF-8 with a byte-order mark (Excel reads UTF-8
                 only with one), one row per student
  canvas         Canvas's gradebook import: "Student", "ID", "SIS User ID",
                 "SIS Login ID", "Section" first, then one column per
                 assignment named "Name (id)" when it has an id; an optional
                 "Points Possible" row; scores are numbers (Instructure's
                 guide "How do I import grades in the Gradebook?")
  moodle         Moodle's CSV grade import (grade/import/csv): a header row,
                 a column to map users from (ID number, email address or
                 username), a column per grade item, numeric grades, one
                 encoding chosen at import (UTF-8 here)
  gradescope     gradescope/autograder_samples docs/specs.md: results.json
                 with score (or scores on every test), optional
                 execution_time, output, visibility, stdout_visibility,
                 extra_data, tests[] (score, max_score, name, number,
                 output, tags, visibility, extra_data), leaderboard;
                 visibility is hidden, after_due_date, after_published or
                 visible
  prairielearn   PrairieLearn docs/externalGrading.md "Grading results":
                 score in [0, 1] when gradable; gradable a boolean; when
                 not gradable, format_errors a string or a list of them;
                 tests[] with name, description, points, max_points,
                 message, output (images optional); under 1 MB
  classroom      GitHub Classroom's autograding workflow
                 (classroom-resources/autograding-command-grader@v1 and
                 autograding-grading-reporter@v1): steps with an id and
                 test-name, command, timeout (minutes), max-score; the
                 reporter gets each step's result in the env as
                 <ID in capitals>_RESULTS and the ids in runners
"""
import csv
import io
import json
import sys

VIS = {"hidden", "after_due_date", "after_published", "visible"}


def fail(msg):
    print(msg)
    sys.exit(1)


def number(v):
    try:
        float(v)
        return True
    except (TypeError, ValueError):
        return False


def read_csv(path, bom):
    raw = open(path, "rb").read()
    if bom and not raw.startswith(b"\xef\xbb\xbf"):
        fail(f"{path}: no UTF-8 byte-order mark (Excel would show accents wrong)")
    if not bom and raw.startswith(b"\xef\xbb\xbf"):
        fail(f"{path}: a byte-order mark where the target wants none")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        fail(f"{path}: not UTF-8: {e}")
    rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    if not rows:
        fail(f"{path}: empty")
    width = len(rows[0])
    for i, r in enumerate(rows):
        if len(r) != width:
            fail(f"{path}: row {i + 1} has {len(r)} fields, the header {width}")
        for c in r:
            if c[:1] in ("=", "+", "@", "\t", "\r") or (c[:1] == "-" and c != "-" and not number(c)):
                fail(f"{path}: row {i + 1}: the cell {c!r} would be read as a formula")
    return rows


def check_long(path, *_):
    rows = read_csv(path, bom=False)
    head = ["student", "exercise", "score", "max", "status", "tier", "reason", "device", "date", "ratio", "hazards", "sandbox"]
    if rows[0] != head:
        fail(f"{path}: header {rows[0]}")
    keys = [(r[0], r[1]) for r in rows[1:]]
    if len(set(keys)) != len(keys):
        fail(f"{path}: a student and exercise twice")
    if keys != sorted(keys, key=lambda k: (k[0].encode(), k[1].encode())):
        fail(f"{path}: rows not sorted by student then exercise")
    for r in rows[1:]:
        if not r[2].isdigit() or not r[3].isdigit() or int(r[2]) > int(r[3]):
            fail(f"{path}: score {r[2]} of {r[3]} for {r[0]} {r[1]}")
        if r[4] not in ("passed", "failed", "does-not-build", "missing", "crashed", "timed-out"):
            fail(f"{path}: status {r[4]}")
        if r[4] != "passed" and not r[6]:
            fail(f"{path}: {r[0]} {r[1]} {r[4]} without a reason")


def check_wide(path, students, exercises, *_):
    rows = read_csv(path, bom=True)
    head = rows[0]
    n_ex = int(exercises)
    if head[0] != "Student folder" or head[4 + n_ex:4 + n_ex + 2] != ["Weighted total (%)", "Late"]:
        fail(f"{path}: header {head}")
    names = [r[0] for r in rows[1:]]
    if len(names) != len(set(names)):
        fail(f"{path}: a student twice")
    if len(names) != int(students):
        fail(f"{path}: {len(names)} students, expected {students}")
    for r in rows[1:]:
        for c in r[4:4 + n_ex + 1]:
            if not number(c):
                fail(f"{path}: {r[0]}: {c!r} is no number")
        if not 0 <= float(r[4 + n_ex]) <= 100:
            fail(f"{path}: {r[0]}: total {r[4 + n_ex]} is no percentage")
        if r[5 + n_ex] not in ("yes", "no"):
            fail(f"{path}: {r[0]}: late is {r[5 + n_ex]!r}")


def check_canvas(path, *_):
    rows = read_csv(path, bom=True)
    if rows[0][:5] != ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]:
        fail(f"{path}: the first columns must be Student, ID, SIS User ID, SIS Login ID, Section: {rows[0][:5]}")
    if len(rows[0]) < 6:
        fail(f"{path}: no assignment column")
    body = rows[1:]
    if body and body[0][0] == "Points Possible":
        if not all(number(c) for c in body[0][5:]):
            fail(f"{path}: Points Possible holds a non-number")
        body = body[1:]
    for r in body:
        if not r[0]:
            fail(f"{path}: a row without the student's name")
        if not (r[1] or r[2] or r[3]):
            fail(f"{path}: {r[0]}: no ID, SIS User ID nor SIS Login ID to match the student by")
        if not all(c == "" or number(c) for c in r[5:]):
            fail(f"{path}: {r[0]}: a score that is no number")


def check_moodle(path, *_):
    rows = read_csv(path, bom=False)
    ids = {"ID number", "Email address", "Username"}
    if not ids & set(rows[0]):
        fail(f"{path}: no column to map users from ({', '.join(sorted(ids))})")
    items = [i for i, h in enumerate(rows[0]) if h not in ids | {"Full name"}]
    if not items:
        fail(f"{path}: no grade item column")
    for r in rows[1:]:
        if not any(r[i] for i, h in enumerate(rows[0]) if h in ids):
            fail(f"{path}: a row with no identifier")
        if not all(number(r[i]) for i in items):
            fail(f"{path}: a grade that is no number: {r}")


def check_gradescope(path, *_):
    d = json.load(open(path, encoding="utf-8"))
    top = {"score", "execution_time", "output", "output_format", "visibility", "stdout_visibility",
           "extra_data", "tests", "leaderboard", "test_output_format", "test_name_format"}
    if not isinstance(d, dict) or set(d) - top:
        fail(f"{path}: keys not in the spec: {sorted(set(d) - top) if isinstance(d, dict) else d}")
    tests = d.get("tests", [])
    if "score" not in d and not (tests and all("score" in t for t in tests)):
        fail(f"{path}: no score at the top nor on every test")
    for k in ("visibility", "stdout_visibility"):
        if k in d and d[k] not in VIS:
            fail(f"{path}: {k} {d[k]!r}")
    tkeys = {"score", "max_score", "status", "name", "name_format", "number", "output", "output_format",
             "tags", "visibility", "extra_data"}
    for t in tests:
        if set(t) - tkeys:
            fail(f"{path}: test keys not in the spec: {sorted(set(t) - tkeys)}")
        if "score" in t and not isinstance(t["score"], (int, float)):
            fail(f"{path}: a test's score is no number")
        if "max_score" in t and (not isinstance(t["max_score"], (int, float)) or t["score"] > t["max_score"] + 1e-9):
            fail(f"{path}: a test's max_score")
        if "visibility" in t and t["visibility"] not in VIS:
            fail(f"{path}: a test's visibility {t['visibility']!r}")
        for k in ("name", "output", "number"):
            if k in t and not isinstance(t[k], str):
                fail(f"{path}: a test's {k} is no string")
    if "score" in d and tests and abs(sum(t["score"] for t in tests) - d["score"]) > 1e-3:
        fail(f"{path}: score {d['score']} is not the sum of the tests'")


def check_prairielearn(path, *_):
    raw = open(path, "rb").read()
    if len(raw) > 1 << 20:
        fail(f"{path}: over 1 MB")
    d = json.loads(raw)
    g = d.get("gradable", True)
    if not isinstance(g, bool):
        fail(f"{path}: gradable is no boolean")
    if g:
        if not isinstance(d.get("score"), (int, float)) or not 0 <= d["score"] <= 1:
            fail(f"{path}: score {d.get('score')!r} is not in [0, 1]")
    else:
        fe = d.get("format_errors")
        if not (isinstance(fe, str) or (isinstance(fe, list) and all(isinstance(x, str) for x in fe))):
            fail(f"{path}: not gradable, and format_errors is neither a string nor a list of them")
    for k in ("message", "output"):
        if k in d and not isinstance(d[k], str):
            fail(f"{path}: {k} is no string")
    for t in d.get("tests", []):
        if not isinstance(t.get("name"), str):
            fail(f"{path}: a test without a name")
        for k in ("points", "max_points"):
            if k in t and not isinstance(t[k], (int, float)):
                fail(f"{path}: a test's {k} is no number")
        if "points" in t and "max_points" in t and t["points"] > t["max_points"] + 1e-9:
            fail(f"{path}: a test's points over its max_points")
        for k in ("description", "message", "output"):
            if k in t and not isinstance(t[k], str):
                fail(f"{path}: a test's {k} is no string")


def check_classroom(path, max_score, *_):
    import yaml
    d = yaml.safe_load(open(path))
    on = d.get("on", d.get(True))
    if not on or "push" not in on:
        fail(f"{path}: the workflow does not run on push")
    steps = [s for j in d["jobs"].values() for s in j["steps"]]
    graders = [s for s in steps if str(s.get("uses", "")).startswith("classroom-resources/autograding-command-grader@")]
    if not graders:
        fail(f"{path}: no autograding-command-grader step")
    for s in graders:
        w = s.get("with", {})
        for k in ("test-name", "command"):
            if not w.get(k):
                fail(f"{path}: a grader step without {k}")
        if not s.get("id"):
            fail(f"{path}: a grader step without an id")
        if not number(w.get("timeout", 10)) or not 0 < float(w.get("timeout", 10)) <= 360:
            fail(f"{path}: timeout (minutes) {w.get('timeout')!r}")
        if str(w.get("max-score")) != str(max_score):
            fail(f"{path}: max-score {w.get('max-score')!r}, the exercise has {max_score} checks")
    rep = [s for s in steps if str(s.get("uses", "")).startswith("classroom-resources/autograding-grading-reporter@")]
    if len(rep) != 1:
        fail(f"{path}: not one grading-reporter step")
    runners = [x.strip() for x in str(rep[0].get("with", {}).get("runners", "")).split(",")]
    for s in graders:
        if s["id"] not in runners:
            fail(f"{path}: the reporter's runners miss {s['id']}")
        want = "${{steps.%s.outputs.result}}" % s["id"]
        got = rep[0].get("env", {}).get(s["id"].upper() + "_RESULTS", "")
        if got.replace(" ", "") != want:
            fail(f"{path}: the reporter's env {s['id'].upper()}_RESULTS is {got!r}, not {want}")


if __name__ == "__main__":
    kinds = {"long": check_long, "wide": check_wide, "canvas": check_canvas, "moodle": check_moodle,
             "gradescope": check_gradescope, "prairielearn": check_prairielearn, "classroom": check_classroom}
    if len(sys.argv) < 3 or sys.argv[1] not in kinds:
        print(f"usage: gradebook-specs.py {'|'.join(kinds)} FILE [ARG...]", file=sys.stderr)
        sys.exit(2)
    kinds[sys.argv[1]](sys.argv[2], *sys.argv[3:])
    print(f"{sys.argv[2]}: follows the {sys.argv[1]} format")
