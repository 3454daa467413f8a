# The OpenCL workbook: one non-recursive Makefile. `make help` lists targets.
#
# Layout:  lessons/NN-name/{main.c,chapter.md}   a lesson and its chapter
#          kernels/NN-*.cl                       its OpenCL C kernels
#          exercises/NN-k-name/, solutions/...   its exercises and answers
#          tests/NN-*.sh                         its tests
#          common/clu.[ch]                       the helper every program uses

CC      ?= cc
CFLAGS  ?= -std=c11 -O2 -g -Wall -Wextra -Werror -pedantic -Wno-missing-field-initializers
CPPFLAGS += -Icommon -DCLU_KERNEL_DIR='"$(CURDIR)/kernels"'
LDLIBS  += -lOpenCL -lm
BUILD   := build
RESULTS ?= results/pocl

COMMON_SRC := $(wildcard common/*.c)
COMMON_HDR := common/clu.h
LESSONS    := $(patsubst lessons/%/main.c,%,$(wildcard lessons/[0-9][0-9]-*/main.c))
BINS       := $(addprefix $(BUILD)/,$(LESSONS))
# The same programs built with AddressSanitizer and UBSan, run by `make test`.
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
ASAN_BINS  := $(addprefix $(BUILD)/asan/,$(LESSONS) test-clu)

.PHONY: all run test help deps deps-test deps-book deps-bench deps-grade doctor book check-kernels \
        check-book grade grade-all handout capture bench figures clean starters $(addprefix run-,$(LESSONS))

all: $(BINS)

help:
	@echo "make run            install what is missing, build, run every lesson"
	@echo "make test           the whole test suite (ends with 'N passed, N failed')"
	@echo "make run-NN         run one lesson, e.g. make run-01 ARGS='-x 1000 -t 64'"
	@echo "make test-NN        the tests of one lesson, e.g. make test-01"
	@echo "make doctor         find out why no OpenCL platform or device shows up"
	@echo "make check-kernels  syntax-check every kernel offline with clang"
	@echo "make grade EX=01-1 DIR=path   grade a student's attempt at an exercise"
	@echo "make grade-all SUBMISSIONS=dir   grade a class, write dir/grades.csv"
	@echo "make handout        build/handout.tar.gz: the workbook without solutions"
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
$(BUILD) $(BUILD)/asan:
	@mkdir -p $@

# Extra link flags for one lesson, if it needs them: LDLIBS_NN-name := ...
LDLIBS_03-vector-types := -fopenmp -O3 -march=native
LDLIBS_07-subset-sum := -fopenmp
LDLIBS_08-queues-overlap := -fopenmp
define LESSON
$(BUILD)/$(1): $(wildcard lessons/$(1)/*.c) $(wildcard lessons/$(1)/*.h) $(COMMON_SRC) $(COMMON_HDR) | $(BUILD) deps
	$$(CC) $$(CPPFLAGS) $$(CFLAGS) -o $$@ $(wildcard lessons/$(1)/*.c) $(COMMON_SRC) $$(LDLIBS) $$(LDLIBS_$(1))
$(BUILD)/asan/$(1): $(wildcard lessons/$(1)/*.c) $(wildcard lessons/$(1)/*.h) $(COMMON_SRC) $(COMMON_HDR) | $(BUILD)/asan deps
	$$(CC) $$(CPPFLAGS) $$(CFLAGS) $$(ASAN_FLAGS) -o $$@ $(wildcard lessons/$(1)/*.c) $(COMMON_SRC) $$(LDLIBS) $$(LDLIBS_$(1))
run-$(1) run-$(firstword $(subst -, ,$(1))): $(BUILD)/$(1)
	./$(BUILD)/$(1) $$(ARGS)
test-$(firstword $(subst -, ,$(1))): $(BUILD)/$(1) | deps-test
	@tests/run.sh tests/$(firstword $(subst -, ,$(1)))-*.sh
endef
$(foreach l,$(LESSONS),$(eval $(call LESSON,$(l))))

# ---- lesson 05: the libraries it is measured against (one block) -------------
# build/05-compare-clblast   CLBlast's SGEMM on the same OpenCL device (libclblast-dev,
#                            or CLBLAST_DIR=prefix)
# build/05-compare-openblas  OpenBLAS's cblas_sgemm on the host's cores (libopenblas-dev)
# build/05-compare-cublas    cuBLAS in plain FP32, only where nvcc exists
# Each takes the lesson's -m -n -k -r --on and prints its result: line
# (variant=clblast ...). `make compare-05 ARGS='-m 512 -n 512 -k 512'` builds
# each one this machine can build (and says which it cannot) and runs it; the
# `!` lines of the lesson's bench.args call it, so that `make bench` puts the
# libraries' rows into $(RESULTS)/05-matrix-multiplication.csv.
L05 := lessons/05-matrix-multiplication
COMPARE_05 := $(BUILD)/05-compare-clblast $(BUILD)/05-compare-openblas \
              $(if $(shell command -v nvcc 2>/dev/null),$(BUILD)/05-compare-cublas)
comma := ,
CLBLAST_LIB := $(CLBLAST_DIR)/lib $(CLBLAST_DIR)/lib/x86_64-linux-gnu
CLBLAST_FLAGS := $(if $(CLBLAST_DIR),-I$(CLBLAST_DIR)/include $(foreach d,$(CLBLAST_LIB),-L$(d) -Wl$(comma)-rpath$(comma)$(d)))
$(BUILD)/05-compare-clblast: $(L05)/compare/clblast.c $(COMMON_SRC) $(COMMON_HDR) | $(BUILD)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(CLBLAST_FLAGS) -o $@ $< $(COMMON_SRC) -lclblast $(LDLIBS)
$(BUILD)/05-compare-openblas: $(L05)/compare/openblas.c $(COMMON_SRC) $(COMMON_HDR) | $(BUILD)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(COMMON_SRC) -lopenblas $(LDLIBS)
$(BUILD)/05-compare-cublas: $(L05)/compare/cublas.cu | $(BUILD)
	nvcc -O2 -o $@ $< -lcublas
.PHONY: compare-05
compare-05:
	@for c in $(COMPARE_05); do \
	    $(MAKE) -s $$c >/dev/null 2>&1 || { echo "compare-05: $$c does not build here: skipped" >&2; continue; }; \
	    ./$$c $(ARGS) || exit 1; done
# ---- end of lesson 05's block --------------------------------------------------

run: $(BINS)
	@set -e; for l in $(LESSONS); do echo "==== $$l"; ./$(BUILD)/$$l; done
	@echo "all $(words $(LESSONS)) lessons ran and verified their results"

# ---- tests -----------------------------------------------------------------
$(BUILD)/test-clu: tests/test-clu.c $(COMMON_SRC) $(COMMON_HDR) | $(BUILD) deps
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ tests/test-clu.c $(COMMON_SRC) $(LDLIBS)

$(BUILD)/asan/test-clu: tests/test-clu.c $(COMMON_SRC) $(COMMON_HDR) | $(BUILD)/asan deps
	$(CC) $(CPPFLAGS) $(CFLAGS) $(ASAN_FLAGS) -o $@ tests/test-clu.c $(COMMON_SRC) $(LDLIBS)

test: $(BINS) $(BUILD)/test-clu $(ASAN_BINS) $(BUILD)/error-table | deps-test
	@tests/run.sh

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
export EX DIR SUBMISSIONS CSV
grade: | deps-grade
	@tools/grade.sh --from-make

grade-all: | deps-grade
	@tools/grade-all.sh --from-make

handout:
	@tools/handout.sh

# ---- the book --------------------------------------------------------------
$(BUILD)/error-table: tools/error-table.c $(COMMON_SRC) $(COMMON_HDR) | $(BUILD) deps
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ tools/error-table.c $(COMMON_SRC) $(LDLIBS)

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
