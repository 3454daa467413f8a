# The OpenCL workbook: one non-recursive Makefile. `make help` lists targets.
#
# Layout:  lessons/NN-name/{main.c,chapter.md}   a lesson and its chapter
#          kernels/NN-*.cl                       its OpenCL C kernels
#          exercises/NN-k-name/, solutions/...   its exercises and answers
#          tests/NN-*.sh                         its tests
#          common/clu.h, common/*.c              the helper every program uses

CC      ?= cc
CFLAGS  ?= -std=c11 -O2 -g -Wall -Wextra -Werror -pedantic
CPPFLAGS += -Icommon -DCLU_KERNEL_DIR='"$(CURDIR)/kernels"'
# macOS has OpenCL as a framework (<OpenCL/opencl.h>, see common/clu.h).
LDLIBS  += $(if $(filter Darwin,$(shell uname -s)),-framework OpenCL,-lOpenCL) -lm
# Flags only where the compiler takes them: Apple's clang has no -fopenmp
# (lesson 03 then says its OpenMP comparison is missing).
cc_takes = $(shell echo 'int main(void){return 0;}' | $(CC) $(1) -x c - -o /dev/null 2>/dev/null && echo $(1))
OPENMP  ?= $(call cc_takes,-fopenmp)
NATIVE  ?= $(call cc_takes,-march=native)
OPENMP  := $(OPENMP)
NATIVE  := $(NATIVE)
BUILD   := build
RESULTS ?= results/pocl

COMMON_SRC := $(wildcard common/*.c)
COMMON_HDR := $(wildcard common/*.h)
# common/ is compiled once into objects (and once more with the sanitizers)
# that every program links, instead of once in each program's command.
COMMON_OBJ := $(patsubst common/%.c,$(BUILD)/common/%.o,$(COMMON_SRC))
LESSONS    := $(patsubst lessons/%/main.c,%,$(wildcard lessons/[0-9][0-9]-*/main.c))
BINS       := $(addprefix $(BUILD)/,$(LESSONS))
# The same programs built with AddressSanitizer and UBSan, run by `make test`.
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
ASAN_BINS  := $(addprefix $(BUILD)/asan/,$(LESSONS) test-clu)
ASAN_COMMON_OBJ := $(patsubst common/%.c,$(BUILD)/asan/common/%.o,$(COMMON_SRC))

.PHONY: all run test test-build help deps deps-test deps-book deps-bench deps-grade doctor book check-kernels \
        check-book grade grade-all grade-plugin handout lab capture bench figures clean starters $(addprefix run-,$(LESSONS))

all: $(BINS)

help:
	@echo "make run            install what is missing, build, run every lesson"
	@echo "make test           the whole test suite under prove (ends with 'N passed, N failed')"
	@echo "make run-NN         run one lesson, e.g. make run-01 ARGS='-x 1000 -t 64'"
	@echo "make test-NN        the tests of one lesson, e.g. make test-01"
	@echo "make doctor         find out why no OpenCL platform or device shows up"
	@echo "make check-kernels  syntax-check every kernel offline with clang"
	@echo "make grade EX=01-1 DIR=path   grade a student's attempt at an exercise"
	@echo "make grade-all SUBMISSIONS=dir   grade a class, write dir/grades.csv (JOBS=n ONLY=changed COURSE=course.toml)"
	@echo "make see-NN         see a lesson's kernels: coalescing, bank conflicts, divergence,"
	@echo "                    e.g. make see-04 ARGS='-o blelloch -n 512' (Oclgrind, no GPU)"
	@echo "make see EX=06-3 DIR=path   the same for an exercise attempt"
	@echo "make handout        build/handout.tar.gz: the workbook without solutions"
	@echo "make lab            every lesson, solution and wrong attempt on this device, to \$$(RESULTS)/lab"
	@echo "make starters       regenerate exercises/ starters from solutions/"
	@echo "make book           the course book, HTML and PDF, in build/book/"
	@echo "make check-book     the book's links, Chromium screenshots, PDF pages as PNG"
	@echo "make capture        rerun the lessons, save outputs to \$$(RESULTS) for the book"
	@echo "make bench          the benchmarks: figures printed and saved to \$$(RESULTS)"
	@echo "make figures        redraw the gnuplot figures from \$$(RESULTS)/*.csv (after a GPU run)"
	@echo "make clean          remove build/"
	@echo "lessons: $(LESSONS)"

# ---- dependencies: Debian packages by name, only what is missing -------------
deps:
	@tools/deps.sh run
deps-test:
	@tools/deps.sh run test
deps-book:
	@tools/deps.sh book
deps-bench:
	@tools/deps.sh run bench
# Grading needs a compiler and OpenCL; the sandbox and Oclgrind are
# installed when they can be, and the grader says what it does without them.
deps-grade:
	@tools/deps.sh run
	@tools/deps.sh grade || echo "deps: bubblewrap or Oclgrind could not be installed; grading goes on without them and says so"

# ---- lessons: every lessons/NN-name/ gets the same targets -------------------
$(BUILD) $(BUILD)/asan $(BUILD)/common $(BUILD)/asan/common:
	@mkdir -p $@
$(BUILD)/common/%.o: common/%.c $(COMMON_HDR) | $(BUILD)/common deps
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<
$(BUILD)/asan/common/%.o: common/%.c $(COMMON_HDR) | $(BUILD)/asan/common deps
	$(CC) $(CPPFLAGS) $(CFLAGS) $(ASAN_FLAGS) -c -o $@ $<

# Extra link flags for one lesson, if it needs them: LDLIBS_NN-name := ...
LDLIBS_03-vector-types := $(OPENMP) -O3 $(NATIVE)
# 07 and 08 too: their OpenMP loops are compiled as PoCL compiles the kernels
# they are compared with (-O3 for this CPU).
LDLIBS_07-subset-sum := $(OPENMP) -O3 $(NATIVE)
LDLIBS_08-queues-overlap := $(OPENMP) -O3 $(NATIVE)
define LESSON
$(BUILD)/$(1): $(wildcard lessons/$(1)/*.c) $(wildcard lessons/$(1)/*.h) $(COMMON_OBJ) $(COMMON_HDR) | $(BUILD) deps
	$$(CC) $$(CPPFLAGS) $$(CFLAGS) -o $$@ $(wildcard lessons/$(1)/*.c) $(COMMON_OBJ) $$(LDLIBS) $$(LDLIBS_$(1))
$(BUILD)/asan/$(1): $(wildcard lessons/$(1)/*.c) $(wildcard lessons/$(1)/*.h) $(ASAN_COMMON_OBJ) $(COMMON_HDR) | $(BUILD)/asan deps
	$$(CC) $$(CPPFLAGS) $$(CFLAGS) $$(ASAN_FLAGS) -o $$@ $(wildcard lessons/$(1)/*.c) $(ASAN_COMMON_OBJ) $$(LDLIBS) $$(LDLIBS_$(1))
run-$(1) run-$(firstword $(subst -, ,$(1))): $(BUILD)/$(1)
	./$(BUILD)/$(1) $$(ARGS)
test-$(firstword $(subst -, ,$(1))): $(BUILD)/$(1) | deps-test
	@tests/run.sh tests/$(firstword $(subst -, ,$(1)))-*.sh
endef
$(foreach l,$(LESSONS),$(eval $(call LESSON,$(l))))

# ---- lesson 10: the libraries it is measured against (one block) -------------
# build/10-compare-clblast   CLBlast's SGEMM on the same OpenCL device (libclblast-dev,
#                            or CLBLAST_DIR=prefix)
# build/10-compare-openblas  OpenBLAS's cblas_sgemm on the host's cores (libopenblas-dev)
# build/10-compare-cublas    cuBLAS in plain FP32, only where nvcc exists
# Each takes the lesson's -m -n -k -r and prints its result: line
# (variant=clblast ...). `make compare-10 ARGS='-m 512 -n 512 -k 512'` builds
# each one this machine can build (and says which it cannot) and runs it; the
# `!` lines of lessons 05's and 10's bench.args call it (`gpu:` and `cpu:` say
# on which kind of device), so that `make bench` puts the libraries' rows into
# $(RESULTS)/05-matrix-multiplication.csv and 10-gemm-to-the-limit.csv.
L10 := lessons/10-gemm-to-the-limit
COMPARE_10 := $(BUILD)/10-compare-clblast $(BUILD)/10-compare-openblas \
              $(if $(shell command -v nvcc 2>/dev/null),$(BUILD)/10-compare-cublas)
comma := ,
CLBLAST_LIB := $(CLBLAST_DIR)/lib $(CLBLAST_DIR)/lib/x86_64-linux-gnu
CLBLAST_FLAGS := $(if $(CLBLAST_DIR),-I$(CLBLAST_DIR)/include $(foreach d,$(CLBLAST_LIB),-L$(d) -Wl$(comma)-rpath$(comma)$(d)))
$(BUILD)/10-compare-clblast: $(L10)/compare/clblast.c $(COMMON_OBJ) $(COMMON_HDR) | $(BUILD)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(CLBLAST_FLAGS) -o $@ $< $(COMMON_OBJ) -lclblast $(LDLIBS)
$(BUILD)/10-compare-openblas: $(L10)/compare/openblas.c $(COMMON_OBJ) $(COMMON_HDR) | $(BUILD)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(COMMON_OBJ) -lopenblas $(LDLIBS)
$(BUILD)/10-compare-cublas: $(L10)/compare/cublas.cu | $(BUILD)
	nvcc -O2 -o $@ $< -lcublas
.PHONY: compare-10
compare-10:
	@for c in $(COMPARE_10); do \
	    $(MAKE) -s $$c >/dev/null 2>&1 || { echo "compare-10: $$c does not build here: skipped" >&2; continue; }; \
	    ./$$c $(ARGS) || exit 1; done
# ---- end of lesson 10's block --------------------------------------------------

run: $(BINS)
	@set -e; for l in $(LESSONS); do echo "==== $$l"; ./$(BUILD)/$$l; done
	@echo "all $(words $(LESSONS)) lessons ran and verified their results"

# ---- tests -----------------------------------------------------------------
$(BUILD)/test-clu: tests/test-clu.c $(COMMON_OBJ) $(COMMON_HDR) | $(BUILD) deps
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ tests/test-clu.c $(COMMON_OBJ) $(LDLIBS)

$(BUILD)/asan/test-clu: tests/test-clu.c $(ASAN_COMMON_OBJ) $(COMMON_HDR) | $(BUILD)/asan deps
	$(CC) $(CPPFLAGS) $(CFLAGS) $(ASAN_FLAGS) -o $@ tests/test-clu.c $(ASAN_COMMON_OBJ) $(LDLIBS)

# The test files run under prove, three at a time (TEST_JOBS=n for others):
# everything they run is built here first, so that no two of them build the
# same file at once (the see plugins are built if they can be: tests/88-see.sh
# says so if not), as many files at once as test files run (unless make was
# given -j itself).
TEST_BUILD_JOBS = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(or $(TEST_JOBS),3))
test: | deps-test
	@$(MAKE) $(TEST_BUILD_JOBS) --no-print-directory test-build
	@$(MAKE) -s $(TEST_BUILD_JOBS) $(SEE_PLUGIN) $(BUILD)/see/access-plugin-broken-lanes.so $(BUILD)/see/access-plugin-broken-phases.so >/dev/null 2>&1 || true
	@tests/run.sh
test-build: $(BINS) $(BUILD)/test-clu $(ASAN_BINS) $(BUILD)/error-table
	@:

check-kernels: | deps-test
	@tools/check-kernels.sh

doctor:
	@tools/doctor.sh

# ---- exercises -------------------------------------------------------------
starters: | deps-test
	@tools/starters.sh write

# EX, DIR, SUBMISSIONS and CSV reach the scripts in the environment (make
# exports the variables of its command line; `export` covers the rest),
# never pasted into a shell line: a folder may be named anything.
export EX DIR SUBMISSIONS CSV JOBS ONLY COURSE
grade: | deps-grade grade-plugin
	@tools/grade.sh --from-make

grade-all: | deps-grade grade-plugin
	@tools/grade-all.sh --from-make

# The grade's advice on access patterns (tools/see/) needs make see's plugin:
# built here when its headers are installed (make deps-see installs them),
# else the grade says it gives no advice.
grade-plugin:
	@if [ -f /usr/include/oclgrind/Plugin.h ] && [ -f "$(LLVM_INCLUDE)/llvm/IR/Instructions.h" ] && \
	    command -v g++ >/dev/null; then $(MAKE) -s $(SEE_PLUGIN) >/dev/null || \
	    echo "note: make see's plugin does not build: the grade gives no advice on access patterns"; fi

handout:
	@tools/handout.sh

# The whole course on this machine's device, as an instructor checks a lab
# machine: every lesson with no flags, the grader over every solution and
# every wrong attempt, the chapters' headline commands (tools/lab.sh), into
# $(RESULTS)/lab. On a machine with no package registry, GRADE_TOOLS=archive
# from tools/grading-tools.sh brings bubblewrap, Oclgrind and unifdef.
LAB ?= $(RESULTS)/lab
lab: $(BINS)
	@tools/lab.sh "$(LAB)"

# ---- see your kernel: its accesses and branches as a GPU's warps meet them ---
# make see-NN ARGS='...'      a lesson variant at a small size under Oclgrind
# make see EX=NN-k DIR=path   an exercise attempt (the grader's small checks)
# Both print one line per finding (tools/see/see.py says what each key means)
# and draw build/see/NAME/*.svg. make see-capture saves the chapters' reports
# and pictures in results/see/ (the runs are in tools/see/capture.args).
SEE_PLUGIN := $(BUILD)/see/access-plugin.so
LLVM_INCLUDE = $(shell llvm-config-14 --includedir 2>/dev/null || echo /usr/lib/llvm-14/include)
SEE_CXX := g++ -std=c++17 -O2 -shared -fPIC -fno-rtti -Wall -Wextra -Wno-unused-parameter
$(SEE_PLUGIN): tools/see/access-plugin.cpp | deps-see
	@mkdir -p $(@D)
	$(SEE_CXX) -I$(LLVM_INCLUDE) -o $@ $< -loclgrind
# Broken variants tests/88-see.sh must catch: broken-lanes (every access a
# warp of its own), broken-phases (lanes met across barriers).
$(BUILD)/see/access-plugin-broken-%.so: tools/see/access-plugin.cpp | deps-see
	@mkdir -p $(@D)
	$(SEE_CXX) -DSEE_BROKEN_$* -I$(LLVM_INCLUDE) -o $@ $< -loclgrind
define SEE
see-$(firstword $(subst -, ,$(1))): $(BUILD)/$(1) $(SEE_PLUGIN)
	@tools/see/see-lesson.sh $(BUILD) $(1) $$(ARGS)
endef
$(foreach l,$(LESSONS),$(eval $(call SEE,$(l))))
.PHONY: see see-capture see-expected deps-see $(foreach l,$(LESSONS),see-$(firstword $(subst -, ,$(l))))
see: $(SEE_PLUGIN)
	@tools/see/see-exercise.sh "$(EX)" "$(DIR)"
see-capture: $(BINS) $(SEE_PLUGIN)
	@tools/see/capture.sh results/see
# The expected kernels' figures that tools/see/feedback.sh quotes to students.
see-expected: $(SEE_PLUGIN)
	@tools/see/expected.sh
deps-see:
	@tools/deps.sh run see

# ---- the book --------------------------------------------------------------
$(BUILD)/error-table: tools/error-table.c $(COMMON_OBJ) $(COMMON_HDR) | $(BUILD) deps
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ tools/error-table.c $(COMMON_OBJ) $(LDLIBS)

book: $(BUILD)/error-table | deps-book
	@tools/book.sh html pdf

check-book: $(BUILD)/error-table | deps-book
	@tools/deps.sh check-book
	@tools/check-book.sh

# ---- captured outputs and benchmarks ---------------------------------------
capture: $(BINS)
	@tools/capture.sh "$(RESULTS)" $(LESSONS)

bench: $(BINS) | deps-bench
	@tools/bench.sh "$(RESULTS)"

figures: | deps-bench
	@tools/figures.sh "$(RESULTS)"

clean:
	rm -rf $(BUILD)
