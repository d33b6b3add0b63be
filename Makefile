# gpuperf — GPU memory bandwidth and occupancy analyzer.
#
# Targets:
#   make                 build ./gpuperf: jobs in parallel, one per processor
#                        (make -jN to choose), the kernels for this machine's
#                        GPUs or, without one, for the portable list (GPU_ARCHS)
#   make test            CPU unit + CLI tests, meta (checks of the tests themselves),
#                        the unit + CLI tests under ASan/UBSan, GPU tests (skipped
#                        without a GPU); ends with a line per suite (passed, failed,
#                        skipped, the skips grouped by reason) and the total
#   make test-gpu        GPU tests only; fails without a GPU or without working
#                        counters (GPUPERF_REQUIRE_COUNTERS=0: a counter test skips
#                        where Nsight Compute cannot read them either)
#   make test-meta       the checks of the tests themselves (tests/meta)
#   make test-mutants    source mutants of the judging code (tests/meta/mutation):
#                        each built and run against the tests of its file; fails
#                        under 90 % killed or on a survivor not explained
#                        (MUTANT_JOBS=N in parallel, one per processor by default)
#   tests/run.sh FILE    one test file: tests/cli/occupancy.bats, t-parse, ...
#   make test-asan       CPU tests against an AddressSanitizer/UBSan build
#   make fuzz            libFuzzer on the option parsers, the cubin reader and its line
#                        tables, the profile record decoder, the JSON writer and diff's
#                        CSV/JSON readers
#                        (FUZZ_TIME=60 s each)
#   make install / uninstall / clean / help
#
# Knobs (make VAR=value):
#   V=1                  show full commands
#   CUDA_HOME=DIR        CUDA toolkit (default: from nvcc on PATH, else /usr/local/cuda)
#   NVCC=PATH            CUDA compiler (default: $(CUDA_HOME)/bin/nvcc)
#   GPU_ARCHS=LIST       SM architectures of the kernels, PTX for the last:
#                        unset, those of the last build, else those of the
#                        GPUs nvidia-smi finds, else the portable list;
#                        "80 90" those; native this machine's GPUs (an
#                        error without one); all the portable list
#                        (75 80 90 100 120, and 89 for roofline's FP8)
#   PREFIX=/usr/local    install prefix; DESTDIR for staged installs
#   CFLAGS, LDFLAGS      user flags, added to the required ones
#   WERROR=1             turn warnings into errors

VERSION := 0.1.0

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/gpuperf
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions

NVCC_ON_PATH := $(shell command -v nvcc 2>/dev/null)
ifeq ($(origin CUDA_HOME), undefined)
  ifneq ($(NVCC_ON_PATH),)
    CUDA_HOME := $(patsubst %/bin/nvcc,%,$(realpath $(NVCC_ON_PATH)))
  else
    CUDA_HOME := /usr/local/cuda
  endif
endif
NVCC ?= $(CUDA_HOME)/bin/nvcc
CUDA_LIBDIR := $(firstword $(wildcard $(CUDA_HOME)/lib64 $(CUDA_HOME)/targets/x86_64-linux/lib) $(CUDA_HOME)/lib64)

# Jobs in parallel, one per processor, unless the command line says -jN;
# not beside clean, which would race the build.
ifeq ($(filter clean,$(MAKECMDGOALS)),)
  ifeq ($(filter -j%,$(MAKEFLAGS)),)
    MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
  endif
endif

# The SM architectures of the kernels.  The portable list runs on every GPU
# from Turing on: sm_86 and sm_89 run sm_80's code (same major version),
# newer GPUs the PTX of the last; roofline.cu alone adds sm_89 for Ada's
# FP8 tensor instructions.  A machine with a GPU builds for its own alone,
# several times faster.  Worked out when a recipe first needs it (make
# clean and make help never ask nvidia-smi).
GPU_ARCHS_ALL := 75 80 90 100 120
GPU_ARCHS_ALL_ROOFLINE := 75 80 89 90 100 120
GPU_ARCHS ?=
# This machine's GPUs that nvcc can build for: "90", "80 90", or empty.
GPU_ARCHS_HERE = $(eval GPU_ARCHS_HERE := $(shell \
	archs=$$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | \
		 tr -d '. \r' | grep -Ex '[0-9]{2,3}' | sort -nu); \
	known=$$($(NVCC) --list-gpu-arch 2>/dev/null); \
	for a in $$archs; do echo "$$known" | grep -qx "compute_$$a" && echo $$a; done))$(GPU_ARCHS_HERE)
# Those of the kernels built last (build/gpu-archs), kept while GPU_ARCHS is unset.
ARCHS_BUILT = $(shell cat build/gpu-archs 2>/dev/null)
archs_of = $(if $(filter-out native all,$(1)),$(1), \
	$(if $(filter all,$(1)),$(GPU_ARCHS_ALL), \
	$(if $(filter native,$(1)),$(or $(GPU_ARCHS_HERE),$(error GPU_ARCHS=native: nvidia-smi \
		finds no GPU that $(NVCC) can build for; GPU_ARCHS=all builds the portable list)), \
	$(or $(ARCHS_BUILT),$(GPU_ARCHS_HERE),$(GPU_ARCHS_ALL)))))
ARCHS = $(eval ARCHS := $(strip $(call archs_of,$(strip $(GPU_ARCHS)))))$(ARCHS)
comma := ,
gencode = $(foreach a,$(1),-gencode arch=compute_$(a),code=sm_$(a)) \
	  -gencode arch=compute_$(lastword $(1)),code=compute_$(lastword $(1))
GENCODE = $(call gencode,$(ARCHS))

CC ?= cc
CFLAGS ?= -O2 -g
WARNINGS := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	    -Wold-style-definition -Wformat=2 -Wno-format-nonliteral -Wvla \
	    -Wno-missing-field-initializers
ifeq ($(WERROR),1)
  WARNINGS += -Werror
endif
GP_CPPFLAGS := -I. -isystem $(CUDA_HOME)/include -D_GNU_SOURCE \
	       -DGP_VERSION='"$(VERSION)"' -DGP_CUDA_LIBDIR='"$(CUDA_LIBDIR)"' \
	       -DGP_LIBDIR='"$(LIBDIR)"' -DGP_DATADIR='"$(DATADIR)"'
GP_CFLAGS := -std=c11 $(WARNINGS) -MMD -MP
NVCCFLAGS ?= -O3
# --threads 0: one thread per architecture, as many as the machine has.
GP_NVCCBASE := -std=c++17 -I. -Xcompiler -Wall,-Wextra -MMD -MP --threads 0
GP_NVCCFLAGS = $(GP_NVCCBASE) $(GENCODE)
# The CUDA runtime is linked statically so the binary starts without a driver;
# CUPTI and NVML are opened at run time (dlopen) when present.
GP_LDLIBS := -L$(CUDA_LIBDIR) -lcudart_static -ldl -lpthread -lrt -lstdc++ -lm

SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

HOST_DIRS := util report model arch occupancy results gpu counters probes profile judge tables cli
HOST_SRC := $(sort $(foreach d,$(HOST_DIRS),$(wildcard $(d)/*.c)))
LIB_SRC := $(filter-out cli/main.c,$(HOST_SRC))
CU_SRC := $(sort $(wildcard kernels/*.cu))
UNIT_SRC := $(sort $(wildcard tests/unit/t-*.c))

CU_OBJ := $(CU_SRC:%.cu=build/%.o)
LIB_OBJ := $(LIB_SRC:%.c=build/%.o)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/tests/%)
ASAN_LIB_OBJ := $(LIB_SRC:%.c=build-asan/%.o)
ASAN_UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build-asan/tests/%)
UNIT_HELPERS := $(filter-out $(UNIT_SRC),$(wildcard tests/unit/*.c))
# The injected profiling library (see its rule below).
INJECT_SO := build/lib/gpuperf/libgpuperf-inject.so
INJECT_SRC := $(sort $(wildcard inject/*.c)) \
	$(filter-out counters/cupti-rt.c,$(sort $(wildcard counters/*.c))) \
	profile/record.c profile/stalls.c profile/sample-when.c profile/analyze.c profile/where.c profile/verdict.c profile/bound.c results/profile-analysis.c results/roofline.c \
	occupancy/occupancy.c occupancy/sweep.c arch/peaks.c util/parse.c util/filter.c profile/range-name.c results/device.c util/demangle.c \
	util/error.c util/fault.c util/stats.c util/turns.c occupancy/lines.c occupancy/cubin.c \
	arch/arch.c
INJECT_OBJ := $(INJECT_SRC:%.c=build-pic/%.o)
# gpuperf profile's test programs (see their rules below).
APP_CU := $(filter-out tests/apps/driver-kernel.cu,$(sort $(wildcard tests/apps/*.cu)))
APP_BIN := $(APP_CU:tests/apps/%.cu=build/tests/apps/%) build/tests/apps/coalesced-shared \
	   build/tests/apps/transpose-fixed \
	   build/tests/apps/driver-api build/tests/apps/driver-kernel.fatbin

ifneq ($(V),1)
  Q := @
  QUIET_CC = @echo '   CC      $@';
  QUIET_NVCC = @echo '   NVCC    $@';
  QUIET_LINK = @echo '   LINK    $@';
  QUIET_AR = @echo '   AR      $@';
  QUIET_GEN = @echo '   GEN     $@';
endif

.DELETE_ON_ERROR:
.SUFFIXES:
MAKEFLAGS += -r

.PHONY: all test test-unit test-cli test-meta test-mutants test-asan test-gpu gpu-test-deps install uninstall clean help lint-man fuzz

all: gpuperf $(INJECT_SO)

gpuperf: build/cli/main.o build/libgpuperf.a
	$(QUIET_LINK)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(GP_LDLIBS)

build/libgpuperf.a: $(LIB_OBJ) $(CU_OBJ)
	$(QUIET_AR)rm -f $@ && ar rcs $@ $^

build/%.o: %.c
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(GP_CPPFLAGS) $(GP_CFLAGS) $(CFLAGS) -c -o $@ $<

build/%.o: %.cu build/gencode
	@mkdir -p $(dir $@)
	$(QUIET_NVCC)$(NVCC) $(GP_NVCCFLAGS) $(NVCCFLAGS) -c -o $@ $<

build/kernels/roofline.o: GP_NVCCFLAGS = $(GP_NVCCBASE) $(call gencode,$(if \
	$(filter-out $(ARCHS),$(GPU_ARCHS_ALL))$(filter-out $(GPU_ARCHS_ALL),$(ARCHS)),$(ARCHS),$(GPU_ARCHS_ALL_ROOFLINE)))

# The architectures the kernels were built for: rewritten (and the kernels
# rebuilt) only when they change, said once then.
build/gencode: FORCE
	@mkdir -p $(dir $@)
	$(Q)echo '$(GENCODE)' | cmp -s - $@ || { echo '   ARCHS   $(ARCHS)'; echo '$(GENCODE)' >$@; \
		echo '$(ARCHS)' >build/gpu-archs; }

.PHONY: FORCE
FORCE:

# Hopper's wgmma needs the arch-specific sm_90a target, written in full
# (nvcc 13.0's -arch=sm_90a shorthand adds a plain sm_90 pass that rejects
# wgmma): when GPU_ARCHS holds 90, kernels/*-sm90a.cu are built for it
# alone; otherwise with the usual targets, where their kernels are empty.
SM90A_GENCODE = $(if $(filter 90,$(ARCHS)),-gencode arch=compute_90a$(comma)code=sm_90a,$(GENCODE))
build/kernels/%-sm90a.o: kernels/%-sm90a.cu build/gencode
	@mkdir -p $(dir $@)
	$(QUIET_NVCC)$(NVCC) $(GP_NVCCBASE) $(SM90A_GENCODE) $(NVCCFLAGS) -c -o $@ $<

build/tests/%: tests/unit/%.c $(UNIT_HELPERS) build/libgpuperf.a
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(GP_CPPFLAGS) $(GP_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(UNIT_EXTRA_SRC) $(UNIT_HELPERS) build/libgpuperf.a $(GP_LDLIBS)

# The library's NVTX side (profile --by range) under the real NVTX headers,
# linked into its test, which injects it statically: no dlopen, no CUDA.
NVTX_TEST_SRC := inject/nvtx.c inject/range-paths.c
build/tests/t-nvtx build-asan/tests/t-nvtx: UNIT_EXTRA_SRC := $(NVTX_TEST_SRC)
build/tests/t-nvtx build-asan/tests/t-nvtx: $(NVTX_TEST_SRC) inject/ranges.h

# The pure folders (no CUDA below them) and the counters' names table the
# profile records use: their archive links without the CUDA runtime, and
# so do the unit tests of pure code (tests/cli/layering.bats links them).
PURE_DIRS := util report model arch occupancy results tables profile judge
PURE_OBJ := $(patsubst %.c,build/%.o,$(filter $(PURE_DIRS:%=%/%),$(LIB_SRC)) counters/metrics.c)

build/libgpuperf-pure.a: $(PURE_OBJ)
	$(QUIET_AR)rm -f $@ && ar rcs $@ $^

build/pure-tests/%: tests/unit/%.c $(UNIT_HELPERS) build/libgpuperf-pure.a
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(GP_CPPFLAGS) $(GP_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(UNIT_HELPERS) \
		build/libgpuperf-pure.a -ldl -lpthread -lstdc++ -lm

# The profiling library's tests load it into fake-cuinit, a stand-in for the
# driver's cuInit (tests/fixtures/fake-cuinit.c), so they run without a GPU.
PROFILE_TEST_DEPS := $(INJECT_SO) build/tests/fake-cuinit
build/tests/t-profile-spawn build-asan/tests/t-profile-spawn: $(PROFILE_TEST_DEPS)

build/tests/fake-cuinit: tests/fixtures/fake-cuinit.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) -std=c11 -D_GNU_SOURCE $(WARNINGS) $(CFLAGS) $(LDFLAGS) -o $@ $< -ldl

# Sanitizer build: host C instrumented, device code shared with the normal build.
build-asan/gpuperf: build-asan/cli/main.o build-asan/libgpuperf.a
	$(QUIET_LINK)$(CC) $(SAN_FLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(GP_LDLIBS)

build-asan/libgpuperf.a: $(ASAN_LIB_OBJ) $(CU_OBJ)
	$(QUIET_AR)rm -f $@ && ar rcs $@ $^

build-asan/%.o: %.c
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(GP_CPPFLAGS) $(GP_CFLAGS) $(CFLAGS) $(SAN_FLAGS) -c -o $@ $<

build-asan/tests/%: tests/unit/%.c $(UNIT_HELPERS) build-asan/libgpuperf.a
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(GP_CPPFLAGS) $(GP_CFLAGS) $(CFLAGS) $(SAN_FLAGS) $(LDFLAGS) -o $@ $< $(UNIT_EXTRA_SRC) $(UNIT_HELPERS) build-asan/libgpuperf.a $(GP_LDLIBS)

# The fake NVML the watch's unit tests load (tests/unit/t-nvml*.c find it
# beside their own binary, through /proc/self/exe).
FAKE_NVML := tests/unit/fake-nvml/fake-nvml.c
build/tests/fake-nvml/libnvidia-ml.so.1 build-asan/tests/fake-nvml/libnvidia-ml.so.1: $(FAKE_NVML)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) -std=c11 -D_GNU_SOURCE $(WARNINGS) $(CFLAGS) -shared -fPIC -o $@ $<
build/tests/t-nvml build/tests/t-nvml-fail: build/tests/fake-nvml/libnvidia-ml.so.1
build-asan/tests/t-nvml build-asan/tests/t-nvml-fail: build-asan/tests/fake-nvml/libnvidia-ml.so.1

# cupti_profiler_host.h includes C++'s <string> and uses nothing from it;
# counters/cshim holds an empty <string> so that C can include the header.
build/counters/%.o build-asan/counters/%.o: GP_CPPFLAGS += -Icounters/cshim

# The profiling library gpuperf profile injects (CUDA_INJECTION64_PATH):
# inject/ with its own position-independent copies of counters/ (less the
# CUDA-runtime file: inject/device.c stands in), the record codec, the
# kernel filter, the demangler and the median (util/stats.c).  It links
# neither libcuda nor libcupti (both found at run time) and exports
# InitializeInjection alone.

$(INJECT_SO): $(INJECT_OBJ) inject/exports.map
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,libgpuperf-inject.so \
		-Wl,--version-script=inject/exports.map -Wl,-z,defs -o $@ $(INJECT_OBJ) \
		-ldl -lpthread -lstdc++ -lm

build-pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(GP_CPPFLAGS) $(GP_CFLAGS) $(CFLAGS) -fPIC -fvisibility=hidden -c -o $@ $<

build-pic/counters/%.o build-pic/inject/%.o: GP_CPPFLAGS += -Icounters/cshim

# A real CUDA program for the CLI tests: without a driver it meets
# "insufficient driver" (tests/cli/profile.bats).  It has no kernel, so it
# builds in seconds for any GPU_ARCHS.  And a program of NVTX alone, for
# profile --by range's tool (tests/cli/profile-ranges.bats).
CLI_TEST_APPS := build/tests/apps/nokernel build/tests/nvtx-levels build/tests/lines-dump

build/tests/nvtx-levels: tests/fixtures/nvtx-levels.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) -std=c11 -D_GNU_SOURCE -isystem $(CUDA_HOME)/include $(WARNINGS) $(CFLAGS) \
		$(LDFLAGS) -o $@ $< -ldl

# The line-table reader on a cubin, offset by offset (tests/cli/lines.bats).
build/tests/lines-dump: tests/fixtures/lines-dump.c build/libgpuperf.a
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(GP_CPPFLAGS) $(GP_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< build/libgpuperf.a $(GP_LDLIBS)

test: gpuperf $(INJECT_SO) $(UNIT_BIN) build-asan/gpuperf $(ASAN_UNIT_BIN) $(CLI_TEST_APPS)
	$(Q)tests/run.sh --all

test-unit: $(UNIT_BIN)
	$(Q)tests/run.sh --unit

test-cli: gpuperf $(INJECT_SO) $(CLI_TEST_APPS)
	$(Q)tests/run.sh --cli

test-meta: gpuperf
	$(Q)tests/run.sh --meta

test-asan: build-asan/gpuperf $(INJECT_SO) $(ASAN_UNIT_BIN) $(CLI_TEST_APPS)
	$(Q)tests/run.sh --asan

# Each mutant is built in a copy of the tree under build/mutants/ (the
# sources, build/ and build-asan/), so everything they build is built first.
test-mutants: gpuperf $(INJECT_SO) $(UNIT_BIN) $(ASAN_UNIT_BIN) $(CLI_TEST_APPS)
	$(Q)python3 tests/meta/mutation/mutate.py run

# Fixtures of tests/gpu/faults.bats: a process that holds device memory, a
# CUPTI that fails mid-session, and gpuperf with kernels for another
# architecture only (NOIMAGE_ARCH, SASS without PTX: no launch can run).
# Defined before test-gpu, whose prerequisites expand where it is read.
CUPTI_SO := $(firstword $(wildcard $(CUDA_LIBDIR)/libcupti.so.13 $(CUDA_HOME)/extras/CUPTI/lib64/libcupti.so.13))
GPU_FIXTURES := build/tests/gpu-hog $(if $(CUPTI_SO),build/tests/cupti-shim/libcupti-failshim.so)
NOIMAGE_ARCH ?= 75
NOIMAGE_DIR := build/noimage-sm$(NOIMAGE_ARCH)

test-gpu: gpuperf gpu-test-deps
	$(Q)tests/run.sh --gpu

gpu-test-deps: $(UNIT_BIN) $(GPU_FIXTURES) $(INJECT_SO) $(APP_BIN) build/tests/profile-driver

# Programs for gpuperf profile's GPU tests (tests/apps): known kernels, built
# for the GPU of the machine (nvcc -arch=native) or, where nvcc cannot see
# one, for GPU_ARCHS.  coalesced is built twice: static CUDA runtime (nvcc's
# default) and shared.  Not part of `make`.
APP_GENCODE = $(shell out=$$($(NVCC) -arch=native -E -x cu /dev/null -o /dev/null 2>&1) && \
		[ -z "$$out" ] && echo -arch=native || echo '$(GENCODE)')
APP_NVCCFLAGS = -std=c++17 -O3 -lineinfo --threads 0 $(APP_GENCODE)

.PHONY: test-apps
test-apps: $(APP_BIN) build/tests/profile-driver

build/tests/apps/%: tests/apps/%.cu tests/apps/app.h
	@mkdir -p $(dir $@)
	$(QUIET_NVCC)$(NVCC) $(APP_NVCCFLAGS) -o $@ $<

# NVTX's header implementation loads its tool with dlopen (libdl before glibc 2.34).
build/tests/apps/nvtx-ranges: tests/apps/nvtx-ranges.cu tests/apps/app.h
	@mkdir -p $(dir $@)
	$(QUIET_NVCC)$(NVCC) $(APP_NVCCFLAGS) -o $@ $< -ldl

build/tests/apps/coalesced-shared: tests/apps/coalesced.cu tests/apps/app.h
	@mkdir -p $(dir $@)
	$(QUIET_NVCC)$(NVCC) $(APP_NVCCFLAGS) -cudart shared -Xlinker -rpath,$(CUDA_LIBDIR) -o $@ $<

# transpose-fix.cu after its fix: the same kernel name, tiled (gpuperf diff's example).
build/tests/apps/transpose-fixed: tests/apps/transpose-fix.cu tests/apps/app.h
	@mkdir -p $(dir $@)
	$(QUIET_NVCC)$(NVCC) $(APP_NVCCFLAGS) -DFIXED -o $@ $<

build/tests/apps/driver-kernel.fatbin: tests/apps/driver-kernel.cu
	@mkdir -p $(dir $@)
	$(QUIET_NVCC)$(NVCC) -fatbin $(APP_NVCCFLAGS) -o $@ $<

# libcuda from the stubs to link; the driver's own at run time (no rpath).
build/tests/apps/driver-api: tests/apps/driver-api.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) -std=c11 -D_GNU_SOURCE $(WARNINGS) $(CFLAGS) -isystem $(CUDA_HOME)/include \
		-o $@ $< -L$(CUDA_LIBDIR)/stubs -L$(CUDA_HOME)/lib64/stubs -lcuda

build/tests/profile-driver: tests/fixtures/profile-driver.c build/libgpuperf.a
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(GP_CPPFLAGS) $(GP_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< \
		build/libgpuperf.a $(GP_LDLIBS)

build/tests/gpu-hog: tests/gpu/gpu-hog.c build/libgpuperf.a
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(GP_CPPFLAGS) $(GP_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< build/libgpuperf.a $(GP_LDLIBS)

build/tests/cupti-shim/libcupti-failshim.so: tests/gpu/cupti-failshim.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) -std=c11 $(WARNINGS) $(CFLAGS) -shared -fPIC -Wl,-soname,libcupti-failshim.so \
		-DREAL_CUPTI='"$(CUPTI_SO)"' -o $@ $< -Wl,--no-as-needed $(CUPTI_SO) \
		-Wl,-rpath,$(patsubst %/,%,$(dir $(CUPTI_SO))) -ldl
	$(Q)ln -sf $(dir $(CUPTI_SO))libnvperf_host.so $(dir $@)libnvperf_host.so

$(NOIMAGE_DIR)/gpuperf: build/cli/main.o $(LIB_OBJ) $(CU_SRC:%.cu=$(NOIMAGE_DIR)/%.o)
	$(QUIET_LINK)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(GP_LDLIBS)

$(NOIMAGE_DIR)/%.o: %.cu
	@mkdir -p $(dir $@)
	$(QUIET_NVCC)$(NVCC) -std=c++17 -I. -gencode arch=compute_$(NOIMAGE_ARCH),code=sm_$(NOIMAGE_ARCH) \
		$(NVCCFLAGS) -c -o $@ $<

# libFuzzer targets (clang with compiler-rt): FUZZ_TIME seconds each; new inputs
# go to build/fuzz/corpus-*, seeds stay in tests/fuzz/, and what a run finds
# (crash-*, leak-*, timeout-*) to build/fuzz/artifacts/, never the work tree.
# Each input found goes into the target's corpus in tests/fuzz/ with its fix,
# where the short runs of tests/cli/fuzz.bats (a fixed seed and count) meet it
# every time.
FUZZ_CC ?= clang
FUZZ_TIME ?= 60
# Options of a run of target $(1): its findings under build/fuzz/artifacts/.
fuzz_args = -close_fd_mask=2 -max_total_time=$(FUZZ_TIME) -artifact_prefix=build/fuzz/artifacts/$(1)-
FUZZ_FLAGS := -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -I. -D_GNU_SOURCE

build/fuzz/parse-fuzz: tests/fuzz/parse-fuzz.c util/parse.c util/error.c arch/arch.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^

build/fuzz/cubin-fuzz: tests/fuzz/cubin-fuzz.c occupancy/cubin.c results/cubin.c arch/arch.c util/error.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^ -ldl

build/fuzz/lines-fuzz: tests/fuzz/lines-fuzz.c occupancy/lines.c occupancy/cubin.c arch/arch.c util/error.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^ -ldl

build/fuzz/record-fuzz: tests/fuzz/record-fuzz.c profile/record.c profile/record-decode.c profile/stalls.c \
		counters/metrics.c util/error.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^

# The JSON writer: every output must parse (tests/unit/json-check.c).
build/fuzz/json-fuzz: tests/fuzz/json-fuzz.c tests/unit/json-check.c $(wildcard report/*.c) util/error.c util/utf8.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^ -lm

# gpuperf diff's readers, each input read as a file and compared with itself, and
# gpuperf fleet's reader of concatenated check documents, judged consistently;
# the contracts and the tables' columns come from the library, uninstrumented.
DIFF_FUZZ_SRC := report/read-csv.c report/read-json.c judge/read.c judge/compare.c judge/fleet.c
build/fuzz/diff-fuzz: tests/fuzz/diff-fuzz.c $(DIFF_FUZZ_SRC) build/libgpuperf.a
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ tests/fuzz/diff-fuzz.c $(DIFF_FUZZ_SRC) \
		build/libgpuperf.a $(GP_LDLIBS)

fuzz: build/fuzz/parse-fuzz build/fuzz/cubin-fuzz build/fuzz/record-fuzz build/fuzz/json-fuzz \
		build/fuzz/diff-fuzz build/fuzz/lines-fuzz
	@mkdir -p build/fuzz/corpus-parse build/fuzz/corpus-cubin build/fuzz/corpus-record build/fuzz/corpus-json \
		build/fuzz/corpus-diff build/fuzz/corpus-lines build/fuzz/artifacts
	build/fuzz/parse-fuzz $(call fuzz_args,parse-fuzz) -max_len=256 \
		build/fuzz/corpus-parse tests/fuzz/corpus-parse
	build/fuzz/cubin-fuzz $(call fuzz_args,cubin-fuzz) -max_len=65536 \
		build/fuzz/corpus-cubin tests/fuzz/corpus
	build/fuzz/lines-fuzz $(call fuzz_args,lines-fuzz) -max_len=65536 \
		build/fuzz/corpus-lines tests/fuzz/corpus-lines
	build/fuzz/record-fuzz $(call fuzz_args,record-fuzz) -max_len=4096 \
		build/fuzz/corpus-record tests/fuzz/corpus-record
	build/fuzz/json-fuzz $(call fuzz_args,json-fuzz) -max_len=4096 \
		build/fuzz/corpus-json tests/fuzz/corpus-json
	build/fuzz/diff-fuzz $(call fuzz_args,diff-fuzz) -max_len=8192 \
		build/fuzz/corpus-diff tests/fuzz/corpus-diff

lint-man:
	$(Q)for m in man/*.1; do out=$$(groff -man -ww -z "$$m" 2>&1); \
		if [ -n "$$out" ]; then echo "$$m: $$out"; exit 1; fi; done

install: gpuperf $(INJECT_SO)
	install -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(MANDIR)/man1' '$(DESTDIR)$(COMPLETIONDIR)' \
		'$(DESTDIR)$(LIBDIR)/gpuperf' '$(DESTDIR)$(DATADIR)'
	install -m 0755 gpuperf '$(DESTDIR)$(BINDIR)/gpuperf'
	install -m 0755 $(INJECT_SO) '$(DESTDIR)$(LIBDIR)/gpuperf/libgpuperf-inject.so'
	install -m 0644 man/*.1 '$(DESTDIR)$(MANDIR)/man1/'
	install -m 0644 data/floors.csv '$(DESTDIR)$(DATADIR)/floors.csv'
	install -m 0644 completion/gpuperf.bash '$(DESTDIR)$(COMPLETIONDIR)/gpuperf'

uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/gpuperf' '$(DESTDIR)$(COMPLETIONDIR)/gpuperf'
	rm -f '$(DESTDIR)$(LIBDIR)/gpuperf/libgpuperf-inject.so'
	-rmdir '$(DESTDIR)$(LIBDIR)/gpuperf' 2>/dev/null
	rm -f '$(DESTDIR)$(DATADIR)/floors.csv'
	-rmdir '$(DESTDIR)$(DATADIR)' 2>/dev/null
	rm -f $(patsubst man/%,'$(DESTDIR)$(MANDIR)/man1/%',$(wildcard man/*.1))

clean:
	rm -rf build build-asan build-pic gpuperf

help:
	@sed -n '1,/^$$/p' Makefile | sed 's/^# \{0,1\}//'

-include $(wildcard build/*/*.d build/*/*/*.d build-asan/*/*.d build-asan/*/*/*.d build-pic/*/*.d)
