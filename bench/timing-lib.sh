# shellcheck shell=bash disable=SC2154  # out and step_limit: the sourcing script sets them
# Timing a command's whole run, as bench/profile.sh and bench/stalls.sh do:
# source it after setting $out (where each run's stdout and stderr go, as
# last.out and last.err) and $step_limit (each run's time limit in seconds).

now() { date +%s.%N; }

# secs LIMIT CMD...: wall seconds of one run under a time limit (stdout and
# stderr to $out/last.*).
secs() {
	local limit=$1 a b
	shift
	a=$(now)
	timeout "$limit" "$@" >"$out/last.out" 2>"$out/last.err" || echo "  (exit status $? from $*)" >&2
	b=$(now)
	awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b - a }'
}

# median3 CMD...: the median of three runs, each under $step_limit.
median3() {
	local times=()
	for _ in 1 2 3; do
		times+=("$(secs "$step_limit" "$@")")
	done
	printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}

# ratio A B: A / B to two places, n/a where B is not above 0.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

# median LIST...: the median of the numbers given (the lower middle one of
# an even count).
median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
