#!/usr/bin/env bats
# make install into a DESTDIR gives a working binary, manual and completion;
# make uninstall takes them away again.

load lib

setup() {
	ROOT=$BATS_TEST_DIRNAME/../..
	DEST=$(mktemp -d)
}

teardown() {
	rm -rf "$DEST"
}

@test "make install DESTDIR=... PREFIX=/usr installs binary, man pages and completion" {
	run make -s -C "$ROOT" install DESTDIR="$DEST" PREFIX=/usr
	[ "$status" -eq 0 ]
	[ -x "$DEST/usr/bin/gpuperf" ]
	run "$DEST/usr/bin/gpuperf" --version
	[ "$status" -eq 0 ]
	[[ "$output" == "gpuperf "* ]]
	for c in $("$DEST/usr/bin/gpuperf" --list-commands); do
		[ -f "$DEST/usr/share/man/man1/gpuperf-$c.1" ]
	done
	[ -f "$DEST/usr/share/man/man1/gpuperf.1" ]
	[ -f "$DEST/usr/share/bash-completion/completions/gpuperf" ]
	[ -f "$DEST/usr/lib/gpuperf/libgpuperf-inject.so" ]
	cmp "$ROOT/data/floors.csv" "$DEST/usr/share/gpuperf/floors.csv"
}

@test "the installed binary finds its installed floors (check)" {
	make -s -C "$ROOT" install DESTDIR="$DEST" PREFIX=/usr
	# beside it in ../share/gpuperf/, not in the source tree nor the compiled-in PREFIX's
	run_split "$DEST/usr/bin/gpuperf" check --json
	[[ "$stderr" != *"no floors file found"* ]] || { echo "$stderr"; return 1; }
	[[ "$stderr" != *"floors:"* ]]
}

@test "the installed binary finds its installed manual page" {
	command -v man >/dev/null || skip "man is not installed"
	make -s -C "$ROOT" install DESTDIR="$DEST" PREFIX=/usr
	run bash -c "set -o pipefail; MANPAGER=cat MANWIDTH=80 '$DEST/usr/bin/gpuperf' help info | col -b"
	[ "$status" -eq 0 ]
	[[ "$output" == *"GPUPERF-INFO(1)"* ]]
}

@test "make uninstall removes what install put there" {
	make -s -C "$ROOT" install DESTDIR="$DEST" PREFIX=/usr
	run make -s -C "$ROOT" uninstall DESTDIR="$DEST" PREFIX=/usr
	[ "$status" -eq 0 ]
	[ -z "$(find "$DEST" -type f)" ]
}

@test "bash completion offers the commands and a command's options" {
	make -s -C "$ROOT" install DESTDIR="$DEST" PREFIX=/usr
	run bash -c "PATH='$DEST/usr/bin':\$PATH; source '$DEST/usr/share/bash-completion/completions/gpuperf';
		COMP_WORDS=(gpuperf ba); COMP_CWORD=1; _gpuperf; echo \"\${COMPREPLY[*]}\";
		COMP_WORDS=(gpuperf info --cs); COMP_CWORD=2; _gpuperf; echo \"\${COMPREPLY[*]}\""
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "bandwidth banks" ]
	[ "${lines[1]}" = "--csv" ]
}

@test "the profiling library: the driver's and NVTX's entry points its only exports, no CUDA or CUPTI it must load" {
	so=$ROOT/build/lib/gpuperf/libgpuperf-inject.so
	make -s -C "$ROOT" build/lib/gpuperf/libgpuperf-inject.so
	command -v nm >/dev/null && command -v readelf >/dev/null || skip "binutils not installed"
	run nm -D --defined-only "$so"
	[ "$status" -eq 0 ]
	[ "$(awk '{print $NF}' <<<"$output" | sort | tr '\n' ' ')" = "InitializeInjection InitializeInjectionNvtx2 " ]
	# the driver loads it into programs that may have none of these (found at run time)
	run readelf -d "$so"
	! grep -E 'NEEDED.*(libcuda|libcupti|libcudart|libnvperf)' <<<"$output"
}
