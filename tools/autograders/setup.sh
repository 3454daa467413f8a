#!/usr/bin/env bash
# setup.sh -- Gradescope builds its image with this (Ubuntu, as root): the
# grader's packages (tools/deps.sh grade), then the workbook's programs.
set -eu
cd /autograder/source/opencl-workbook
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y gcc make python3 opencl-headers ocl-icd-opencl-dev \
    pocl-opencl-icd oclgrind bubblewrap util-linux
make -s all
