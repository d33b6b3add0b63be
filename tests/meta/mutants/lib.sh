# Sourced by each mutant (tests/meta/mutants/*) once it has defined
# mutate ARGS...: runs the real gpuperf ($GPUPERF_REAL) with the arguments,
# lets mutate change its stdout ($OUT_FILE), stderr ($ERR_FILE) or exit
# status ($RC), and hands them on.
: "${GPUPERF_REAL:?GPUPERF_REAL names the real gpuperf}"
OUT_FILE=$(mktemp)
ERR_FILE=$(mktemp)
"$GPUPERF_REAL" "$@" >"$OUT_FILE" 2>"$ERR_FILE"
RC=$?
mutate "$@"
cat "$OUT_FILE"
cat "$ERR_FILE" >&2
rm -f "$OUT_FILE" "$ERR_FILE"
exit "$RC"
