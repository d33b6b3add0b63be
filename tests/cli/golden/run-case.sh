#!/usr/bin/env bash
# run-case.sh GPUPERF 'ARGS': one golden case's status, stdout and stderr.
# Word-split like a shell line (quotes honoured), with no GPU in reach so
# that a machine with one gives the same output.
set -u
bin=$1
eval "set -- $2"
err=$(mktemp)
out=$(CUDA_VISIBLE_DEVICES= LC_ALL=C "$bin" "$@" 2>"$err")
status=$?
printf 'case: %s\nstatus: %d\n--- stdout\n%s\n--- stderr\n' "$*" "$status" "$out"
cat "$err"
rm -f "$err"
