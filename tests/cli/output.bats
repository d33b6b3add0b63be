#!/usr/bin/env bats
# -o, --plot and --html never destroy what they write over (issue 20):
# a regular file or a link to one is replaced whole in the resolved
# file's directory, with the mode a shell's > gives; a FIFO, a device or
# a descriptor is written in place.  Everything is built in a temporary
# directory, never against the real /dev (CI runs as root).

load lib

OCC=(occupancy --arch sm_90 --threads 256 --regs 32)

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# produce KIND PATH [gpuperf options]: write PATH as -o (csv) or --plot (svg) would.
produce() {
	local kind=$1 path=$2
	shift 2
	case $kind in
	csv) "$GPUPERF" --csv -o "$path" "$@" "${OCC[@]}" ;;
	svg) "$GPUPERF" --plot "$path" "$@" "${OCC[@]}" --sweep regs >/dev/null ;;
	esac
}

# is_output KIND FILE: FILE holds what produce KIND writes.
is_output() {
	case $1 in
	csv) head -n 1 "$2" | grep -q '^device,cc,' ;;
	svg) head -c 5 "$2" | grep -q '^<?xml' ;;
	esac || { echo "$2 does not hold the $1 output: $(head -c 80 "$2")"; return 1; }
}

# no_temporary [DIR]: no *.tmp.* file left in DIR (default .).
no_temporary() {
	local left
	left=$(find "${1:-.}" -name '*.tmp.*')
	[ -z "$left" ] || { echo "left behind: $left"; return 1; }
}

mode_of() { stat -c %a "$1"; }

@test "a new file gets 0666 & ~umask, as a shell's > gives (022 and 077)" {
	for kind in csv svg; do
		(umask 022 && produce $kind "open.$kind")
		[ "$(mode_of "open.$kind")" = 644 ] || { echo "$kind umask 022: $(mode_of "open.$kind")"; return 1; }
		(umask 077 && produce $kind "private.$kind")
		[ "$(mode_of "private.$kind")" = 600 ] || { echo "$kind umask 077: $(mode_of "private.$kind")"; return 1; }
		is_output $kind "open.$kind"
	done
	no_temporary
}

@test "an existing file keeps its mode (0640, 0604, 0664), whatever the umask" {
	umask 077
	for kind in csv svg; do
		for m in 640 604 664; do
			echo old >"old.$kind"
			chmod "$m" "old.$kind"
			produce $kind "old.$kind"
			is_output $kind "old.$kind"
			[ "$(mode_of "old.$kind")" = "$m" ] || { echo "$kind $m: now $(mode_of "old.$kind")"; return 1; }
		done
	done
	no_temporary
}

@test "a symbolic link keeps pointing at the file, which gets the new content" {
	mkdir real links
	for kind in csv svg; do
		echo stale >"real/data.$kind"
		chmod 640 "real/data.$kind"
		ln -s "../real/data.$kind" "links/out.$kind"
		produce $kind "links/out.$kind"
		[ -L "links/out.$kind" ] || { echo "the link was replaced"; return 1; }
		[ "$(readlink "links/out.$kind")" = "../real/data.$kind" ]
		is_output $kind "real/data.$kind"
		[ "$(mode_of "real/data.$kind")" = 640 ]
	done
	no_temporary
	[ "$(ls real)" = "$(printf 'data.csv\ndata.svg')" ]
}

@test "a dangling symbolic link: the file it names is created, the link stays" {
	mkdir target
	for kind in csv svg; do
		ln -s "target/made.$kind" "dangling.$kind"
		produce $kind "dangling.$kind"
		[ -L "dangling.$kind" ]
		is_output $kind "target/made.$kind"
	done
	no_temporary
}

@test "a FIFO with a reader: written in place, the reader gets it, it stays a FIFO" {
	for kind in csv svg; do
		mkfifo "pipe.$kind"
		timeout 20 cat "pipe.$kind" >"got.$kind" &
		produce $kind "pipe.$kind"
		wait $!
		[ -p "pipe.$kind" ] || { echo "pipe.$kind is no longer a FIFO"; return 1; }
		is_output $kind "got.$kind"
	done
	no_temporary
}

@test "a character device made here with mknod: written in place, still a device" {
	mknod null c 1 3 2>/dev/null || skip "mknod is not allowed here (needs CAP_MKNOD)"
	: >null 2>/dev/null || skip "device nodes cannot be opened in $PWD (mounted nodev)"
	for kind in csv svg; do
		ln -sf null "null.$kind"  # --plot wants a name in .svg; the link leads to the device
		produce $kind "null.$kind"
		[ -c null ] || { echo "null is no longer a character device: $(stat -c %F null)"; return 1; }
	done
	[ -L null.csv ]
	[ -L null.svg ]
	no_temporary
}

@test "/dev/stdout and /dev/fd/N (a link to /proc/self/fd here): through the descriptor, appending" {
	ln -s /proc/self/fd/1 stdout
	ln -s /proc/self/fd/9 fd9.svg
	echo first >log
	produce csv stdout >>log
	[ "$(head -n 1 log)" = first ] || { echo "the log lost its first line"; return 1; }
	[ "$(sed -n 2p log | cut -c1-10)" = device,cc, ]
	echo first >log9
	produce svg fd9.svg 9>>log9
	[ "$(head -n 1 log9)" = first ]
	[ "$(sed -n 2p log9 | cut -c1-5)" = '<?xml' ]
	[ -L stdout ]
	[ -L fd9.svg ]
	run bash -c '"$0" --csv -o fd9.svg "${@}" 9>&-' "$GPUPERF" "${OCC[@]}"
	[ "$status" -eq 2 ] && [[ "$output" == *"--output: cannot write 'fd9.svg': Bad file descriptor"* ]]
}

@test "-o - writes to standard output; --plot - only with -o FILE for the report" {
	run_split "$GPUPERF" --csv -o - "${OCC[@]}"
	[ "$status" -eq 0 ]
	[[ "$output" == device,cc,* ]]
	run_split "$GPUPERF" --csv -o out.csv --plot - "${OCC[@]}" --sweep regs
	[ "$status" -eq 0 ]
	[[ "$output" == "<?xml"* ]]
	is_output csv out.csv
	assert_usage_error --plot - "${OCC[@]}" --sweep regs
	[[ "$stderr" == *"--plot -: the report goes to standard output; give -o FILE for it"* ]]
	[ "$(ls)" = out.csv ]
}

# held_back: AS, what runs a command as a user the permissions hold back
# (as root: nobody, through setpriv; else the user itself); skips where none can.
held_back() {
	AS=()
	if [ "$(id -u)" -eq 0 ]; then
		command -v setpriv >/dev/null || skip "root ignores permissions and setpriv is not installed"
		AS=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	fi
	"${AS[@]}" test -x "$GPUPERF" || skip "$GPUPERF cannot run as another user here"
}

# writes_to DIR: the three ways gpuperf writes a file, out.csv, p.svg and r.html in DIR, a line each.
writes_to() {
	printf '%s\n' "--csv -o $1/out.csv ${OCC[*]}" "--plot $1/p.svg ${OCC[*]} --sweep regs" \
		"all --html $1/r.html"
}

@test "a read-only directory: a usage error naming it, before anything runs; the file unchanged" {
	local dir args
	held_back
	dir=$(mktemp -d /tmp/gpuperf-ro.XXXXXX)
	echo old >"$dir/out.csv"
	echo old >"$dir/p.svg"
	echo old >"$dir/r.html"
	chmod 666 "$dir"/*
	chmod 555 "$dir"
	while read -r args; do
		run_split env CUDA_VISIBLE_DEVICES= "${AS[@]}" "$GPUPERF" $args </dev/null
		[ "$status" -eq 2 ] && [[ "$stderr" == *": cannot write in '$dir': Permission denied"* ]] ||
			{ echo "$args: status $status: $stderr"; chmod 755 "$dir"; rm -rf "$dir"; return 1; }
	done < <(writes_to "$dir")
	[ "$(cat "$dir/out.csv" "$dir/p.svg" "$dir/r.html")" = "$(printf 'old\nold\nold')" ]
	[ "$(ls -A "$dir" | wc -l)" -eq 3 ]
	chmod 755 "$dir"
	rm -rf "$dir"
}

@test "a file the user may not write (mode 444, not root): refused as a shell's > refuses, unchanged" {
	local dir args
	held_back   # in a directory of its own
	dir=$(mktemp -d /tmp/gpuperf-444.XXXXXX)
	for f in out.csv p.svg r.html; do
		echo old >"$dir/$f"
		chmod 444 "$dir/$f"
	done
	[ "$(id -u)" -ne 0 ] || chown -R 65534:65534 "$dir"
	# the premise, apart from gpuperf: that user's shell may not write the file
	if "${AS[@]}" sh -c ': >"$1"' sh "$dir/out.csv" 2>/dev/null; then
		rm -rf "$dir"
		skip "this user may write a file of mode 444 here"
	fi
	while read -r args; do
		run_split env CUDA_VISIBLE_DEVICES= "${AS[@]}" "$GPUPERF" $args </dev/null
		[ "$status" -eq 2 ] && [[ "$stderr" == *": cannot write '$dir/"*"': Permission denied"* ]] ||
			{ echo "$args: status $status: $stderr"; rm -rf "$dir"; return 1; }
	done < <(writes_to "$dir")
	[ "$(cat "$dir/out.csv" "$dir/p.svg" "$dir/r.html")" = "$(printf 'old\nold\nold')" ]
	[ "$(stat -c %a "$dir/out.csv")" = 444 ]
	[ "$(ls -A "$dir" | wc -l)" -eq 3 ]
	rm -rf "$dir"
}

@test "errors name the path and the cause, and leave nothing behind" {
	mkdir dir.svg dir.csv
	assert_usage_error --csv -o dir.csv "${OCC[@]}"
	[[ "$stderr" == *"--output: 'dir.csv' is a directory"* ]]
	assert_usage_error --csv -o nowhere/x.csv "${OCC[@]}"
	[[ "$stderr" == *"--output: cannot write in 'nowhere': No such file or directory"* ]]
	ln -s loop-b loop-a.svg
	ln -s loop-a.svg loop-b
	assert_usage_error --plot loop-a.svg "${OCC[@]}" --sweep regs
	[[ "$stderr" == *"--plot: cannot write 'loop-a.svg': Too many levels of symbolic links"* ]]
	command -v python3 >/dev/null || skip "python3 is not installed (to make a socket)"
	python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' sock.csv
	run_split "$GPUPERF" --csv -o sock.csv "${OCC[@]}"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"cannot write 'sock.csv': No such device or address"* ]]
	[ -S sock.csv ]
	[ -z "$output" ]
	no_temporary
}

@test "a failed write (a full disk) keeps the old file and leaves no temporary file" {
	for kind in csv svg; do
		echo old >"keep.$kind"
		run_split env GPUPERF_FAULT="outfile write:1" "$GPUPERF" --csv -o "keep.$kind" \
			--plot "p.svg" "${OCC[@]}" --sweep regs
		[ "$status" -eq 1 ] && [[ "$stderr" == *"cannot write '"*"': No space left on device"* ]] ||
			{ echo "status $status: $stderr"; return 1; }
		[ "$(cat "keep.$kind")" = old ]
		[ -z "$output" ]
	done
	no_temporary
}

@test "SIGTERM, SIGINT or SIGHUP while a file is being written: the temporary file goes, the old file stays" {
	local pid status t
	for kind in csv svg; do
		for sig in TERM INT HUP; do
			echo old >"sig.$kind"
			# job control, so that the background job does not start with SIGINT ignored
			set -m
			GPUPERF_FAULT="outfile stall:1" produce $kind "sig.$kind" 2>err &
			pid=$!
			set +m
			t=0
			while [ -z "$(find . -name "sig.$kind.tmp.*")" ] && [ $t -lt 100 ]; do
				sleep 0.1
				t=$((t + 1))
			done
			[ -n "$(find . -name "sig.$kind.tmp.*")" ] || { echo "no temporary file appeared"; return 1; }
			# the stalled gpuperf: the job itself, or its child where produce ran in a subshell
			kill -"$sig" "$(pgrep -P "$pid" gpuperf || echo "$pid")"
			status=0
			wait "$pid" || status=$?
			[ "$status" -gt 128 ] || { echo "$kind $sig: status $status, $(cat err)"; return 1; }
			no_temporary
			[ "$(cat "sig.$kind")" = old ] || { echo "$kind $sig: sig.$kind changed"; return 1; }
		done
	done
}

@test "all --html: links, FIFOs and devices pass the checks and are left as they were" {
	mkdir real
	echo old >real/r.html
	ln -s real/r.html link.html
	ln -s real/none.html dangling.html
	mkfifo pipe.html
	for f in link.html dangling.html pipe.html; do
		run_split env CUDA_VISIBLE_DEVICES= "$GPUPERF" all --html "$f"
		[ "$status" -eq 3 ] || { echo "$f: status $status, $stderr"; return 1; }
	done
	[ -L link.html ]
	[ -L dangling.html ]
	[ -p pipe.html ]
	[ "$(cat real/r.html)" = old ]
	[ ! -e real/none.html ]
	assert_usage_error all --html real
	ln -s real/r.html other.html
	assert_usage_error -o other.html all --html link.html
	[[ "$stderr" == *"--html and --output name the same file 'link.html'"* ]]
	no_temporary
}
