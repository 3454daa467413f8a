#!/usr/bin/env bash
# handout.sh -- build/handout.tar.gz: the workbook for students, without
# solutions/. They can build and run every lesson, read the chapters, and
# grade their own attempts (make grade EX=... DIR=...).
set -u
cd "$(dirname "$0")/.." || exit 2
out=build/handout
rm -rf "$out" && mkdir -p "$out/opencl-workbook"
git ls-files -z | grep -zv -e '^solutions/' -e '^\.ci/' -e '^tests/grader-corpus/' | xargs -0 cp --parents -t "$out/opencl-workbook"
tar -C "$out" -czf build/handout.tar.gz opencl-workbook
echo "handout: build/handout.tar.gz ($(tar -tzf build/handout.tar.gz | wc -l) files, no solutions/)"
