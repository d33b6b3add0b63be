#!/usr/bin/env bats
# gpuperf all --html: the page built from fabricated results (the unit test
# t-html writes it) opens in headless Chromium, whose screenshot shows the
# summary and a chart, and asks for nothing outside the file; bad --html
# paths are refused before anything runs.

load lib

HERE=$BATS_TEST_DIRNAME

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# The t-html built beside the gpuperf under test (build/ or build-asan/) into $T_HTML,
# called directly (not in $(...)), so that its skip skips the test.
t_html() {
	local dir
	dir=$(dirname "$GPUPERF")
	[ -x "$dir/build/tests/t-html" ] && dir=$dir/build
	[ -x "$dir/tests/t-html" ] || skip "$dir/tests/t-html is not built (make test builds it)"
	T_HTML=$dir/tests/t-html
}

@test "the page opens in headless Chromium: summary and a chart on screen, no request leaves it" {
	local chromium
	chromium=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed (.ci/run installs it)"
	command -v python3 >/dev/null || skip "python3 is not installed"
	t_html
	run "$T_HTML" "$PWD/report.html"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	# Half scale keeps the picture small: 1000 x 4000 px of page, the summary
	# on top and the bandwidth chart under the device inventory.
	timeout 60 "$chromium" --headless=new --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir="$PWD/profile" \
		--hide-scrollbars --force-device-scale-factor=0.5 --window-size=1000,4000 \
		--log-net-log="$PWD/net.json" --screenshot="$PWD/shot.png" \
		"file://$PWD/report.html" >chromium.log 2>&1 || { tail chromium.log; return 1; }
	read -r w h ink top blue < <(python3 "$HERE/pngstat.py" shot.png)
	[ "$w $h" = "500 2000" ] || { echo "screenshot $w x $h"; return 1; }
	# the summary table's text in the top quarter, a series' blue below
	awk -v i="$ink" -v t="$top" 'BEGIN { exit !(i > 0.03 && t > 0.05) }' ||
		{ echo "ink $ink, top $top: blank?"; return 1; }
	[ "$blue" -gt 100 ] || { echo "$blue pixels of the series' blue: no chart on screen"; return 1; }
	# Requests the page made (Chromium's own background ones are "not an origin").
	run python3 - "$PWD/net.json" <<-'EOF'
		import json, sys
		log = json.load(open(sys.argv[1]))
		kinds = {v: k for k, v in log["constants"]["logEventTypes"].items()}
		for e in log["events"]:
		    p = e.get("params", {})
		    if kinds[e["type"]] == "URL_REQUEST_START_JOB" and p.get("initiator") != "not an origin" \
		       and not p.get("url", "file:").startswith("file:"):
		        print(p.get("url"))
	EOF
	[ "$status" -eq 0 ] && [ -z "$output" ] || { echo "requests from the page: $output"; return 1; }
}

@test "all --html: bad paths are usage errors before any GPU is looked for" {
	assert_usage_error all --html ""
	[[ "$stderr" == *"--html: empty file name"* ]]
	assert_usage_error all --html report.pdf
	[[ "$stderr" == *"'report.pdf' does not end in .html"* ]]
	assert_usage_error all --html nowhere/r.html
	[[ "$stderr" == *"cannot write in 'nowhere'"* ]]
	assert_usage_error -o r.html all --html r.html
	[[ "$stderr" == *"--html and --output name the same file"* ]]
	[ -z "$(ls)" ]
}

@test "all --html without a GPU: no GPU (3), and no file" {
	[ -z "${GPUPERF_REQUIRE_GPU:-}" ] || skip "a GPU is meant to be here"
	run_split env CUDA_VISIBLE_DEVICES= "$GPUPERF" all --html r.html
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	[ -z "$(ls)" ]
}
