#!/usr/bin/env bats
# A plain make is quick: jobs in parallel unless -jN says otherwise (never
# beside clean), nvcc's architectures in parallel (--threads 0), and the
# kernels for this machine's GPUs (nvidia-smi), else the portable list;
# GPU_ARCHS chooses, and is kept from one build to the next.  Each test
# asks make what it would use (--eval), in an empty folder, building nothing.

load lib

setup() {
	ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	command -v make >/dev/null || skip "make is not installed"
	# a user's make, not one under `make test`: its jobs and its directory lines
	# would reach the make these tests start
	unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
	cd "$BATS_TEST_TMPDIR"
	mkdir bin
	# an nvidia-smi that reports two GPUs, CC 9.0 and 8.6 (as the real one prints them)
	printf '#!/bin/sh\necho 9.0\necho 8.6\necho 9.0\n' >bin/nvidia-smi
	chmod +x bin/nvidia-smi
}

# archs [VAR=VALUE...]: the architectures make would build for.
archs() {
	make -s -f "$ROOT/Makefile" --eval 'show-archs: ; @echo $(ARCHS)' show-archs "$@"
}

# without_gpu CMD...: CMD with no nvidia-smi on PATH.
without_gpu() {
	local dir path=
	for dir in ${PATH//:/ }; do
		[ -x "$dir/nvidia-smi" ] || path=$path${path:+:}$dir
	done
	PATH=$path "$@"
}

@test "no GPU: the portable list, sm_90 among them (the SASS tests read it)" {
	run without_gpu archs
	[ "$status" -eq 0 ]
	[ "$output" = "75 80 90 100 120" ]
	run without_gpu archs GPU_ARCHS=all
	[ "$output" = "75 80 90 100 120" ]
}

@test "a GPU: its architectures alone, once each; GPU_ARCHS=all the portable list" {
	run env PATH="$PWD/bin:$PATH" make -s -f "$ROOT/Makefile" --eval 'show-archs: ; @echo $(ARCHS)' show-archs
	[ "$status" -eq 0 ]
	[ "$output" = "86 90" ]
	PATH="$PWD/bin:$PATH"
	run archs GPU_ARCHS=native
	[ "$output" = "86 90" ]
	run archs GPU_ARCHS=all
	[ "$output" = "75 80 90 100 120" ]
	run archs GPU_ARCHS="80 90"
	[ "$output" = "80 90" ]
}

@test "GPU_ARCHS=native without a GPU: an error that names the way out" {
	run without_gpu archs GPU_ARCHS=native
	[ "$status" -ne 0 ]
	[[ "$output" == *"GPU_ARCHS=native: nvidia-smi finds no GPU"*"GPU_ARCHS=all"* ]]
}

@test "an unknown or broken nvidia-smi: the portable list" {
	printf '#!/bin/sh\necho 99.9\n' >bin/nvidia-smi
	PATH="$PWD/bin:$PATH"
	run archs
	[ "$output" = "75 80 90 100 120" ]
	printf '#!/bin/sh\necho "NVIDIA-SMI has failed"; exit 9\n' >bin/nvidia-smi
	run archs
	[ "$output" = "75 80 90 100 120" ]
}

@test "the architectures of the last build are kept while GPU_ARCHS is unset" {
	mkdir build
	echo 90 >build/gpu-archs
	run without_gpu archs
	[ "$output" = "90" ]
	run without_gpu archs GPU_ARCHS=all
	[ "$output" = "75 80 90 100 120" ]
}

@test "roofline.cu adds sm_89 to the portable list, for Ada's FP8; nvcc --threads 0" {
	run make -n -B -C "$ROOT" V=1 GPU_ARCHS=all build/kernels/roofline.o
	[ "$status" -eq 0 ]
	[[ "$output" == *"nvcc"*"--threads 0"*"code=sm_89"* ]]
	run make -n -B -C "$ROOT" V=1 GPU_ARCHS=all build/kernels/banks.o
	[ "$status" -eq 0 ]
	[[ "$output" == *"nvcc"*"--threads 0"*"code=sm_90"* ]]
	[[ "$output" != *"sm_89"* ]]
}

@test "jobs in parallel by default; -j1 is obeyed; never beside clean" {
	run make -s -f "$ROOT/Makefile" --eval 'show-jobs: ; @echo "$$MAKEFLAGS"' show-jobs
	[[ "$output" == *"-j$(nproc)"* ]]
	run make -s -j1 -f "$ROOT/Makefile" --eval 'show-jobs: ; @echo "$$MAKEFLAGS"' show-jobs
	[[ "$output" == *"-j1"* ]]
	[[ "$output" != *"-j$(nproc) "* ]] || [ "$(nproc)" -eq 1 ]
	run make -s -f "$ROOT/Makefile" --eval 'show-jobs: ; @echo "$$MAKEFLAGS"' clean show-jobs
	[[ "$output" != *" -j"* ]]
}

@test "make help documents the knob" {
	run make -s -C "$ROOT" help
	[[ "$output" == *"GPU_ARCHS=LIST"* ]]
	[[ "$output" == *"native"* ]]
	[[ "$output" == *"all the portable list"* ]]
	[[ "$output" == *"jobs in parallel"* ]]
}
