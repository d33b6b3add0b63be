#!/usr/bin/env bats
# The architecture's rules, checked on the source: pure code stays free of
# CUDA, probes and the GPU layer never print results, and only cli/ exits.

ROOT=$BATS_TEST_DIRNAME/../..

@test "pure modules include no CUDA or CUPTI header" {
	run grep -lE '#include *<(cuda|cupti|nvperf|cuda_runtime)' \
		"$ROOT"/util/*.[ch] "$ROOT"/report/*.[ch] "$ROOT"/model/*.[ch] \
		"$ROOT"/occupancy/*.[ch] "$ROOT"/arch/*.[ch] "$ROOT"/tables/*.[ch] \
		"$ROOT"/profile/*.[ch] "$ROOT"/judge/*.[ch] "$ROOT"/results/*.[ch]
	[ -z "$output" ] || { echo "CUDA in pure code: $output"; return 1; }
}

@test "probes, the GPU layer and counters never write to stdout" {
	run grep -nE '(^|[^sfn])printf\(|puts\(|putchar\(|\bstdout\b' \
		"$ROOT"/probes/*.c "$ROOT"/gpu/*.c "$ROOT"/counters/*.c "$ROOT"/model/*.c \
		"$ROOT"/occupancy/*.c "$ROOT"/arch/*.c "$ROOT"/tables/*.c \
		"$ROOT"/profile/*.c "$ROOT"/inject/*.c "$ROOT"/judge/*.c "$ROOT"/results/*.c
	[ -z "$output" ] || { echo "$output"; return 1; }
}

@test "only cli/ exits (and the out-of-memory path of the allocator)" {
	run grep -nE '\b(exit|_exit|abort)\(' "$ROOT"/probes/*.c "$ROOT"/gpu/*.c \
		"$ROOT"/counters/*.c "$ROOT"/model/*.c "$ROOT"/occupancy/*.c "$ROOT"/arch/*.c \
		"$ROOT"/inject/*.c "$ROOT"/profile/*.c "$ROOT"/judge/*.c "$ROOT"/results/*.c
	# the runner's child leaves with _exit when exec fails: that is not gpuperf exiting
	output=$(grep -vE '/profile/spawn\.c:[0-9]+:.*_exit\(' <<<"$output" || true)
	[ -z "$output" ] || { echo "$output"; return 1; }
	run grep -nE '\bexit\(' "$ROOT"/util/*.c
	[ "$(wc -l <<<"$output")" -eq 1 ] && [[ "$output" == *"error.c"* ]]
}

@test "host code never launches a kernel itself: <<< >>> only in kernels/*.cu" {
	run grep -lE '<<<' "$ROOT"/cli/*.c "$ROOT"/probes/*.c "$ROOT"/gpu/*.c "$ROOT"/counters/*.c
	[ -z "$output" ] || { echo "$output"; return 1; }
}

@test "tables/, results/ and judge/ reach nothing of probes/, gpu/ or cli/, not even through a header" {
	# each command's results live in results/ (the struct, its helpers, its contract)
	cd "$ROOT"
	for f in tables/*.c results/*.c judge/*.c; do
		run "${CC:-cc}" -MM -I. -D_GNU_SOURCE "$f"
		[ "$status" -eq 0 ] || { echo "$f: $output"; return 1; }
		bad=$(tr ' \\' '\n\n' <<<"$output" | grep -E '^(probes|gpu|cli|kernels|inject)/' || true)
		[ -z "$bad" ] || { echo "$f reaches: $bad"; return 1; }
	done
}

# The house's floors, lowest first (README's Layout): a folder includes its
# own headers and those of the floors below it, never one above.
FLOORS=(util report results arch model kernels gpu occupancy counters probes profile inject
	judge tables cli)

# "SOURCE HEADER" for every project header each product source reaches,
# through any header (cc -MM; -MG lets CUDA's and CUPTI's be missing).
reached() {
	local c cu
	cd "$ROOT" || return 1
	c=$("${CC:-cc}" -MM -MG -I. -Icounters/cshim -D_GNU_SOURCE \
		$(printf '%s/*.c ' "${FLOORS[@]}" | sed 's#kernels/\*\.c ##')) || return 1
	cu=$("${CC:-cc}" -MM -MG -I. -x c++ kernels/*.cu) || return 1
	printf '%s\n%s\n' "$c" "$cu" | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' |
		awk '{ for (i = 3; i <= NF; i++) print $2, $i }'
}

floor_of() {
	local i
	for i in "${!FLOORS[@]}"; do
		if [ "${FLOORS[$i]}" = "$1" ]; then
			echo "$i"
			return 0
		fi
	done
	echo -1
}

@test "every source folder has its floor, and none includes a folder above it" {
	local src dep bad=
	for d in "$ROOT"/*/; do
		d=$(basename "$d")
		ls "$ROOT/$d"/*.[ch] "$ROOT/$d"/*.cu >/dev/null 2>&1 || continue
		case $d in tests|bench|build*) continue ;; esac
		[ "$(floor_of "$d")" -ge 0 ] || { echo "$d/ has no floor in FLOORS"; return 1; }
	done
	run reached
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$(wc -l <<<"$output")" -gt 1000 ] || { echo "too few includes read: $output"; return 1; }
	while read -r src dep; do
		[ "$(floor_of "${dep%%/*}")" -le "$(floor_of "${src%%/*}")" ] ||
			bad+="$src includes $dep"$'\n'
	done <<<"$output"
	[ -z "$bad" ] || { echo "running back up:"; echo "$bad"; return 1; }
}

@test "results/ reaches only report/ and util/, not even through a header" {
	run reached
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	bad=$(grep -E '^results/' <<<"$output" | grep -vE ' (results|report|util)/' || true)
	[ -z "$bad" ] || { echo "$bad"; return 1; }
	grep -qE '^results/all\.c report/' <<<"$output"
}

@test "judge/ calls nothing in tables/ or cli/" {
	[ -e "$ROOT/build/cli/main.o" ] || { echo "build gpuperf first (make test does)"; return 1; }
	run reached
	bad=$(grep -E '^judge/' <<<"$output" | grep -E ' (tables|cli)/' || true)
	[ -z "$bad" ] || { echo "includes: $bad"; return 1; }
	above=$(nm --defined-only "$ROOT"/build/tables/*.o "$ROOT"/build/cli/*.o |
		awk 'NF == 3 && $2 ~ /[TDRB]/ { print $3 }' | sort -u)
	[ "$(wc -l <<<"$above")" -gt 50 ] || { echo "few symbols in tables/ and cli/: $above"; return 1; }
	called=$(nm -u "$ROOT"/build/judge/*.o | awk '{ print $NF }' | sort -u)
	bad=$(comm -12 <(echo "$above") <(echo "$called"))
	[ -z "$bad" ] || { echo "judge/ calls: $bad"; return 1; }
}

@test "pure code links without the CUDA runtime: pure folders' unit tests against their archive" {
	# a unit test that includes only pure folders, linked with build/libgpuperf-pure.a
	# and no -lcudart_static: a call from tables/ (say) into gpu/ or probes/ fails here
	pure='util|report|model|arch|occupancy|results|tables|profile|judge|tests'
	targets=()
	for f in "$ROOT"/tests/unit/t-*.c; do
		if ! grep -oE '#include "[a-z]+/' "$f" | grep -vqE "\"($pure)/\$"; then
			targets+=("build/pure-tests/$(basename "$f" .c)")
		fi
	done
	for t in t-all t-diff; do
		printf '%s\n' "${targets[@]}" | grep -qx "build/pure-tests/$t" ||
			{ echo "$t is not among the pure tests: ${targets[*]}"; return 1; }
	done
	[ "${#targets[@]}" -ge 20 ] || { echo "only ${#targets[@]} pure tests: ${targets[*]}"; return 1; }
	run make -s -C "$ROOT" "${targets[@]}"
	[ "$status" -eq 0 ] || { echo "$output" | tail -n 20; return 1; }
	run nm "$ROOT/build/pure-tests/t-all"
	! grep -qE ' (cudaMalloc|cudaGetDeviceCount|cuInit)$' <<<"$output" ||
		{ echo "t-all holds CUDA"; return 1; }
}

@test "no folder's files call each other in a loop (the objects' symbols)" {
	# a loop makes a folder one tangle: read, tested and changed only whole
	[ -e "$ROOT/build/cli/main.o" ] || { echo "build gpuperf first (make test does)"; return 1; }
	dirs=("$ROOT/build")
	[ ! -d "$ROOT/build-pic" ] || dirs+=("$ROOT/build-pic")
	run python3 "$BATS_TEST_DIRNAME/file-loops.py" "${dirs[@]}"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "file-loops.py finds a loop of two objects" {
	mkdir -p "$BATS_TEST_TMPDIR/b/f"
	printf 'int b(void);\nint a(void) { return b(); }\n' >"$BATS_TEST_TMPDIR/a.c"
	printf 'int a(void);\nint b(void) { return a(); }\n' >"$BATS_TEST_TMPDIR/b.c"
	"${CC:-cc}" -c "$BATS_TEST_TMPDIR/a.c" -o "$BATS_TEST_TMPDIR/b/f/a.o"
	"${CC:-cc}" -c "$BATS_TEST_TMPDIR/b.c" -o "$BATS_TEST_TMPDIR/b/f/b.o"
	run python3 "$BATS_TEST_DIRNAME/file-loops.py" "$BATS_TEST_TMPDIR/b"
	[ "$status" -eq 1 ]
	[[ "$output" == *"a.o -> b.o -> a.o"* ]]
}

# ---- the command shape (cli/cmd.h): parse, measure, tabulate, render ----

@test "the output format is read only in report/ and where main chooses it" {
	run grep -nE 'REPORT_(CSV|JSON|TABLE)\b|->format\b|\.format\b' \
		"$ROOT"/cli/*.c "$ROOT"/tables/*.c "$ROOT"/probes/*.c "$ROOT"/model/*.c \
		"$ROOT"/occupancy/*.c "$ROOT"/gpu/*.c "$ROOT"/counters/*.c "$ROOT"/util/*.c
	output=$(grep -vE '/cli/(main|options)\.c:' <<<"$output" || true)
	[ -z "$output" ] || { echo "format read outside report/: $output"; return 1; }
}

@test "the tables room includes no CUDA header and writes nothing" {
	run grep -nE '#include *<(cuda|cupti|nvperf)|#include *"(gpu/cuda|counters/cupti|kernels/)' \
		"$ROOT"/tables/*.[ch]
	[ -z "$output" ] || { echo "CUDA in tables/: $output"; return 1; }
	run grep -nE '\b(printf|puts|fputs|fprintf|fwrite|putchar|fputc|perror)\(|\b(stdout|stderr)\b|gp_(error|warn|note|debug|progress)\(' \
		"$ROOT"/tables/*.c
	[ -z "$output" ] || { echo "tables/ writes: $output"; return 1; }
}

@test "no file in cli/ calls another command's file: commands meet only through the table" {
	# the shared headers are the infrastructure; a per-command header would be a back door
	run bash -c "ls '$ROOT'/cli/*.h | xargs -n1 basename | grep -vxE 'cmd\.h|commands\.h|global\.h|signals\.h'"
	[ -z "$output" ] || { echo "headers in cli/ beyond the infrastructure: $output"; return 1; }
	# a command file exports its table row and nothing else
	for f in "$ROOT"/cli/cmd-*.c; do
		run grep -nE '^[a-z][a-z_ *]*[a-z_]+\(' "$f"
		bad=$(grep -vE '^[0-9]+:static ' <<<"$output" || true)
		[ -z "$bad" ] || { echo "$f exports: $bad"; return 1; }
	done
}

@test "every command is made of the steps of cli/cmd.h" {
	for f in "$ROOT"/cli/cmd-*.c; do
		grep -q '\.measure = ' "$f" && grep -q '\.tabulate = ' "$f" ||
			{ echo "$f lacks a measure or tabulate step"; return 1; }
		! grep -q 'report_add_table\|report_note' "$f" ||
			{ echo "$f builds tables itself (tables/ does)"; return 1; }
	done
}

@test "no function in cli/ is over 80 lines" {
	for f in "$ROOT"/cli/*.c; do
		run awk -v f="$f" '/^[a-z].*\(/ && !/;$/ { name = $0 } /^\{/ { start = NR }
			/^\}/ && start { if (NR - start - 1 > 80) print f ": " name " has " NR - start - 1 " lines"; start = 0 }' "$f"
		[ -z "$output" ] || { echo "$output"; return 1; }
	done
}

@test "the injected library stays off the program's stdout, out of exit and signals" {
	# it runs inside someone else's process (inject/inject.h): records go to gpuperf
	run grep -nE '\bstdout\b|\b(signal|sigaction|raise)\(' "$ROOT"/inject/*.c
	[ -z "$output" ] || { echo "$output"; return 1; }
	# one stderr line at most, in one function
	run grep -lE '[(,] *stderr\b' "$ROOT"/inject/*.c
	[ "$output" = "$ROOT/inject/channel.c" ] || { echo "stderr in: $output"; return 1; }
}

@test "README's Layout table names every folder" {
	for d in "$ROOT"/*/; do
		d=$(basename "$d")
		case $d in build*) continue ;; esac  # build outputs
		grep -qE "^\| (.*, )?\`$d/\`" "$ROOT/README.md" || { echo "README's Layout lacks $d/"; return 1; }
	done
}

@test "README's command table has a row for every command" {
	for c in $("$GPUPERF" --list-commands); do
		grep -qE "^\| \`$c\` " "$ROOT/README.md" || { echo "README's table lacks $c"; return 1; }
	done
}

@test "README's example programs are ones the make target it names builds" {
	local built progs
	grep -q 'make test-apps' "$ROOT/README.md"
	built=$(make -s -n -B -C "$ROOT" GPU_ARCHS=90 test-apps 2>/dev/null)
	progs=$(grep -oE 'build/tests/apps/[A-Za-z0-9_.-]*[A-Za-z0-9]' "$ROOT/README.md" | sort -u)
	[ -n "$progs" ]
	for p in $progs; do
		[[ "$built" == *"-o $p "* ]] || { echo "make test-apps does not build $p"; return 1; }
	done
}
