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

# profile --html of the records PyTorch's kernels gave on an H100 (tests/fixtures:
# demangled names of up to 700 characters), written by a stand-in program.
profile_page() {
	"$GPUPERF" profile --html "$1" -- sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh \
		"$HERE/../fixtures/profile-torch.records" 2>/dev/null
}

@test "profile --html: each verdict under its kernel's row, a short name, the whole a hover and a click away; the GPU named" {
	command -v python3 >/dev/null || skip "python3 is not installed"
	profile_page report.html
	run python3 - report.html <<-'EOF'
		import html.parser, sys
		class Rows(html.parser.HTMLParser):
		    def __init__(self):
		        super().__init__()
		        self.rows, self.cell, self.tag, self.dd = [], None, [], []
		    def handle_starttag(self, tag, attrs):
		        a = dict(attrs)
		        self.tag.append(tag)
		        if tag == 'tr':
		            self.rows.append({'class': a.get('class'), 'text': '', 'title': None, 'summary': '',
		                              'first': '', 'cells': 0})
		        if tag in ('td', 'th') and self.rows:
		            self.rows[-1]['cells'] += 1
		        if tag == 'summary' and self.rows:
		            self.rows[-1]['title'] = a.get('title')
		    def handle_endtag(self, tag):
		        self.tag.pop()
		    def handle_data(self, d):
		        if self.rows and 'tr' in self.tag:
		            self.rows[-1]['text'] += d
		            if self.tag[-1] == 'summary':
		                self.rows[-1]['summary'] += d
		            if self.rows[-1]['cells'] == 1 and self.tag[-1] != 'span':
		                self.rows[-1]['first'] += d
		        if self.tag and self.tag[-1] == 'dd':
		            self.dd.append(d)
		p = Rows()
		p.feed(open(sys.argv[1]).read())
		# the kernels' table: a header row, then each kernel's row and its verdict's
		kernels = [i for i, r in enumerate(p.rows) if i and r['class'] != 'row-note']
		assert len(kernels) == 5, [r['text'][:40] for r in p.rows]
		for i in kernels:
		    r, nxt = p.rows[i], p.rows[i + 1]
		    assert nxt['class'] == 'row-note', (r['text'][:40], nxt)
		    # the verdict alone: the row names the kernel, in 48 characters at most
		    assert nxt['text'].split(':')[0] in ('compute-bound', 'memory-bound', 'latency-bound',
		                                          'not profiled'), nxt['text'][:80]
		    assert 0 < len(r['first']) <= 48, r['first']
		copy = next(p.rows[i] for i in kernels if 'direct_copy_kernel_cuda' in (p.rows[i]['title'] or ''))
		assert len(copy['title']) > 600 and copy['title'].startswith('void at::native::elementwise_kernel<128, 2,'), copy['title'][:80]
		assert copy['text'].count('direct_copy_kernel_cuda') >= 2   # the whole, in the details too
		assert 'NVIDIA H100 80GB HBM3, CC 9.0' in p.dd, p.dd
		assert 'no GPU used' not in open(sys.argv[1]).read()
	EOF
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "profile --html in headless Chromium at 1280 px: no element wider than the viewport" {
	local chromium
	chromium=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed (.ci/run installs it)"
	command -v python3 >/dev/null || skip "python3 is not installed"
	profile_page report.html
	run python3 "$HERE/htmlwidth.py" "$chromium" report.html 1280
	[ "$status" -eq 0 ] && [ -z "$output" ] || { echo "$output"; return 1; }
}
