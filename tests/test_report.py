"""`faithcheck report`: the HTML page, built by the real CLI and opened in a real headless Chromium.

The browser tests drive Debian's ``chromium`` through Playwright (no browser download); `.ci/run`
installs both. They listen for dialogs, page errors, console errors and network requests: a report
must cause none of them, whatever text its rows hold.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from faithcheck._report import embed_json
from faithcheck._runs.store import RunStore, dataset_fingerprint

from .conftest import REPO
from .in_process import faithcheck

CHROMIUM = Path(os.environ.get("FAITHCHECK_CHROMIUM", "/usr/bin/chromium"))
LABELS = ["supported", "unsupported", "contradicted", "wrong_entity", "overclaim", "irrelevant"]
HOSTILE = [
    "<script>alert('answer')</script>",
    "</script><script>alert('close')</script>",
    "<img src=x onerror=\"alert('img')\">",
    "<a href=\"javascript:alert('link')\">click me</a>",
    "<iframe src='https://example.com/x'></iframe>",
    '<link rel="stylesheet" href="https://example.com/x.css">',
    "\u2028\u2029<!-- <style>body{display:none}</style>",
]
LONG = "A" * 1000  # one unbroken word many times the width of any box (5,000 only made each click slower)


def _faithcheck(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return faithcheck(*args, cwd=cwd)


# -- the page, without a browser ----------------------------------------------------------------


@given(st.recursive(st.text(), lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner)))
def test_embedded_json_round_trips_and_holds_no_markup(data: Any) -> None:
    text = embed_json(data)
    assert json.loads(text) == data
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}


# -- data the tests score or store ---------------------------------------------------------------


def _write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


@dataclass
class StoredRun:
    store: RunStore
    run_id: str
    dataset: Path
    records: list[dict[str, Any]] = field(default_factory=list)


def _synthetic_run(tmp_path: Path, n: int, *, seed: int = 0, name: str = "data.jsonl") -> StoredRun:
    """A recorded run of ``n`` rows: a real dataset file and scored records in a real run store.

    Every 10th row is an error row; the others have two or three claims with verdicts and evidence.
    """
    rng = random.Random(seed)
    rows, records = [], []
    for i in range(1, n + 1):
        sentences = [f"Fact {i}.{k} is about item {rng.randint(1, 999)}." for k in range(3)]
        passages = [" ".join(sentences[:2]), sentences[2] + " Nothing else is known."]
        answer = " ".join(sentences)
        rows.append(
            {
                "input_id": f"q-{i:04d}",
                "prompt": f"Question {i}?",
                "sut_response": answer,
                "retrieved_context": passages,
            }
        )
        if i % 10 == 0:
            records.append(
                {
                    "row": i,
                    "input_id": f"q-{i:04d}",
                    "value": None,
                    "passed": False,
                    "status": "error",
                    "message": f"row {i}: the verifier timed out",
                    "claims": [],
                }
            )
            continue
        claims = []
        at = 0
        for k, sentence in enumerate(sentences):
            label = LABELS[(i + k) % len(LABELS)] if k else "supported"
            passage = 0 if k < 2 else 1
            start = passages[passage].index(sentence)
            claims.append(
                {
                    "claim": {"id": f"c{k + 1}", "text": sentence, "start": at, "end": at + len(sentence)},
                    "verdict": {
                        "label": label,
                        "score": 0.9 if label == "supported" else 0.1,
                        "reason": f"{label} by passage {passage}",
                        "evidence": {
                            "passage_index": passage,
                            "start": start,
                            "end": start + len(sentence),
                            "quote": sentence,
                        },
                    },
                    "error": None,
                }
            )
            at += len(sentence) + 1
        counted = [c for c in claims if c["verdict"]["label"] != "irrelevant"]
        value = sum(c["verdict"]["label"] == "supported" for c in counted) / len(counted)
        records.append(
            {
                "row": i,
                "input_id": f"q-{i:04d}",
                "value": value,
                "passed": value >= 0.7,
                "threshold": 0.7,
                "status": "ok",
                "reason": f"row {i}",
                "message": None,
                "weight": 1.0,
                "claims": claims,
            }
        )
    dataset = _write_jsonl(tmp_path / name, rows)
    store = RunStore(tmp_path / "runs.sqlite")
    run_id = store.start_run(
        input_path=str(dataset),
        output_path=None,
        dataset_fingerprint=dataset_fingerprint(dataset),
        config={"threshold": 0.7, "verifier": "baseline"},
        versions={"faithcheck": "test"},
    )
    store.add_rows(run_id, records)
    store.finish_run(run_id, status="finished", summary={"wall_seconds": 1.0})
    return StoredRun(store, run_id, dataset, records)


# -- the browser ---------------------------------------------------------------------------------


@dataclass
class Watch:
    """What a page did that a report must never do."""

    dialogs: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def assert_quiet(self, page_url: str) -> None:
        assert self.dialogs == []
        assert self.errors == []
        assert [u for u in self.requests if u != page_url and not u.startswith("blob:")] == []


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (pip install -e '.[dev]')")
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"no Chromium at {CHROMIUM}: .ci/run installs Debian's chromium package")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield chromium
        chromium.close()


def _open(browser: Any, html: Path, *, width: int = 1400) -> tuple[Any, Watch]:
    context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True)
    page = context.new_page()
    watch = Watch()

    def on_dialog(dialog: Any) -> None:
        watch.dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.on("pageerror", lambda exc: watch.errors.append(f"page error: {exc}"))
    page.on("console", lambda msg: watch.errors.append(msg.text) if msg.type in ("error", "warning") else None)
    page.on("request", lambda request: watch.requests.append(request.url))
    page.goto(html.as_uri())
    page.wait_for_selector("body[data-ready=true]", timeout=30_000)
    return page, watch


# -- end to end: the README's commands -----------------------------------------------------------


def test_report_of_the_scored_sample_highlights_every_claim_and_the_overclaims_evidence(
    browser: Any, tmp_path: Path
) -> None:
    scored = _faithcheck("score", "examples/sample.jsonl", "-o", str(tmp_path / "scores.jsonl"), "--quiet")
    assert scored.returncode == 0, scored.stderr
    html = tmp_path / "r.html"
    done = _faithcheck("report", "latest", "-o", str(html))
    assert done.returncode == 0, done.stderr
    assert f"wrote {html} (6 rows" in done.stderr
    records = [json.loads(line) for line in (tmp_path / "scores.jsonl").read_text().splitlines()]

    page, watch = _open(browser, html)
    assert page.inner_text("#mean .big") == "0.583"
    for record in sorted(records, key=lambda r: r["row"]):
        page.click(f"#rows-body tr:has(td:text-is('{record['input_id']}'))")
        marks = page.query_selector_all("#answer mark.claim")
        assert [m.inner_text() for m in marks] == [c["claim"]["text"] for c in record["claims"]]
        labels = [c["verdict"]["label"] for c in record["claims"]]
        assert [m.get_attribute("class").split()[1] for m in marks] == [f"v-{label}" for label in labels]

    page.click("#rows-body tr:has(td:text-is('returns-overclaim'))")
    page.click("#answer mark.claim.v-overclaim")
    evidence = page.query_selector_all("#passages mark.evidence")
    assert [e.inner_text() for e in evidence] == ["Return shipping is free for defective items only."]
    assert evidence[0].evaluate("m => m.closest('.passage').dataset.p") == "1"
    assert "overclaim" in page.inner_text("#claim-box")
    assert "the context restricts this ('only')" in page.inner_text("#claim-reason")
    page.screenshot(path=str(tmp_path / "report.png"))
    if os.environ.get("FAITHCHECK_UPDATE_SCREENSHOT"):  # refresh the README's picture
        page.set_viewport_size({"width": 1200, "height": 900})
        page.locator(".layout").screenshot(path=str(REPO / "docs" / "report.png"))
    watch.assert_quiet(html.as_uri())
    assert (tmp_path / "report.png").stat().st_size > 10_000


# -- a few hundred rows: filter, sort, page, label, export ---------------------------------------


def test_a_run_of_300_rows_filters_sorts_pages_and_exports_labels(browser: Any, tmp_path: Path) -> None:
    run = _synthetic_run(tmp_path, 300)
    html = tmp_path / "r.html"
    done = _faithcheck("report", run.run_id[:6], "--store", str(run.store.path), "-o", str(html))
    assert done.returncode == 0, done.stderr
    page, watch = _open(browser, html)

    assert page.inner_text("#pager-info") == "1\u201350 of 300 rows"
    assert len(page.query_selector_all("#rows-body tr")) == 50
    page.click("#next")
    assert page.inner_text("#rows-body tr:first-child td:first-child") == "51"

    page.select_option("#f-status", "error")
    assert page.inner_text("#pager-info") == "1\u201330 of 30 rows"
    page.click("#rows-body tr:first-child")
    assert page.inner_text("#row-error") == "row 10: the verifier timed out"
    page.select_option("#f-status", "")

    page.select_option("#f-label", "wrong_entity")
    expected = sum(any(c["verdict"]["label"] == "wrong_entity" for c in r["claims"]) for r in run.records)
    assert page.inner_text("#pager-info").endswith(f"of {expected} rows")
    page.select_option("#f-label", "")

    expect = pytest.importorskip("playwright.sync_api").expect  # retries until the debounced filter ran
    page.fill("#f-q", "q-0123")
    expect(page.locator("#pager-info")).to_have_text("1\u20131 of 1 rows")
    page.fill("#f-q", "")
    page.fill("#f-min", "0.9")
    scored_high = sum(r["value"] is not None and r["value"] >= 0.9 for r in run.records)
    expect(page.locator("#pager-info")).to_have_text(f"1\u2013{min(50, scored_high)} of {scored_high} rows")
    page.fill("#f-min", "")
    expect(page.locator("#pager-info")).to_have_text("1\u201350 of 300 rows")

    page.click("th[data-key=value]")
    page.click("th[data-key=value]")  # descending: the highest scores first, errors (no score) last
    assert page.inner_text("#rows-body tr:first-child td:nth-child(3)") == "1.000"

    # label three rows, one by keyboard, and clear one
    page.click("th[data-key=row]")
    page.click("#rows-body tr:has(td:text-is('q-0001'))")
    page.click("button[data-gold='1']")
    page.click("#rows-body tr:has(td:text-is('q-0002'))")
    page.click("button[data-gold='0']")
    page.click("#rows-body tr:has(td:text-is('q-0003'))")
    page.keyboard.press("n")
    page.click("#rows-body tr:has(td:text-is('q-0004'))")
    page.keyboard.press("f")
    page.keyboard.press("u")
    assert page.inner_text("#label-count") == "3 labelled"
    page.select_option("#f-gold", "labelled")
    expect(page.locator("#pager-info")).to_have_text("1\u20133 of 3 rows")  # a busy machine filters late
    with page.expect_download() as info:
        page.click("#download-labels")
    saved = tmp_path / "labels.jsonl"
    info.value.save_as(saved)
    labels = [json.loads(line) for line in saved.read_text().splitlines()]
    assert labels == [
        {"input_id": "q-0001", "row": 1, "gold": True, "label": "faithful", "run_id": run.run_id},
        {"input_id": "q-0002", "row": 2, "gold": False, "label": "not faithful", "run_id": run.run_id},
        {"input_id": "q-0003", "row": 3, "gold": False, "label": "not faithful", "run_id": run.run_id},
    ]
    page.screenshot(path=str(tmp_path / "rows.png"), full_page=True)
    watch.assert_quiet(html.as_uri())


# -- hostile text --------------------------------------------------------------------------------


def test_hostile_answers_contexts_and_messages_stay_inert_text(browser: Any, tmp_path: Path) -> None:
    rows = [
        {
            "input_id": f"hostile-{k}",
            "prompt": payload,
            "sut_response": f"The shop says {payload}. It opens at 9 am. {LONG}",
            "retrieved_context": [f"The shop says {payload}.", f"It opens at 9 am. {LONG}{payload}"],
        }
        for k, payload in enumerate(HOSTILE)
    ]
    dataset = _write_jsonl(tmp_path / "hostile.jsonl", rows)
    scores = tmp_path / "scores.jsonl"
    scored = _faithcheck("score", str(dataset), "-o", str(scores), "--quiet", "--no-store")
    assert scored.returncode == 0, scored.stderr
    # an error row whose message and input_id are hostile too
    with scores.open("a", encoding="utf-8") as fh:
        error = {"row": 99, "input_id": HOSTILE[1], "status": "error", "value": None, "passed": False}
        fh.write(json.dumps({**error, "message": HOSTILE[2] + LONG, "claims": []}) + "\n")
    html = tmp_path / "hostile.html"
    done = _faithcheck("report", str(scores), "--input", str(dataset), "-o", str(html))
    assert done.returncode == 0, done.stderr
    page_text = html.read_text(encoding="utf-8")
    assert page_text.count("</script>") == 2  # the data block's and the viewer's own
    assert "<img" not in page_text
    assert "<iframe" not in page_text

    page, watch = _open(browser, html, width=1100)
    for k, payload in enumerate(HOSTILE):
        page.click(f"#rows-body tr:has(td:text-is('hostile-{k}'))")
        assert page.text_content("#question") == payload
        assert payload in page.text_content("#answer")
        for n in range(len(page.query_selector_all("#answer mark.claim"))):
            page.click(f"#answer mark.claim >> nth={n}")  # each click renders the detail anew
        for box in ("#detail", "#answer", "#passages"):  # long strings wrap inside their box
            assert page.eval_on_selector(box, "e => e.scrollWidth <= e.clientWidth + 1"), box
    page.click("#rows-body tr:has(td:text-is('99'))")
    assert page.inner_text("#row-error").startswith(HOSTILE[2])
    assert page.eval_on_selector("#detail", "e => e.scrollWidth <= e.clientWidth + 1")
    counts = page.evaluate(
        "() => ['script', 'img', 'iframe', 'link', 'a[href]', 'style'].map(s => document.querySelectorAll(s).length)"
    )
    assert counts == [2, 0, 0, 0, 0, 1]  # the page's own two scripts and one style, nothing injected
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(tmp_path / "hostile.png"), full_page=True)
    watch.assert_quiet(html.as_uri())


def test_the_policy_blocks_a_script_that_gets_into_the_page(browser: Any, tmp_path: Path) -> None:
    """The Content-Security-Policy is a second wall: even markup pasted into the page cannot run."""
    run = _synthetic_run(tmp_path, 3)
    html = tmp_path / "r.html"
    assert _faithcheck("report", run.run_id, "--store", str(run.store.path), "-o", str(html)).returncode == 0
    page, watch = _open(browser, html)
    page.evaluate(
        "() => { const d = document.createElement('div');"
        ' d.innerHTML = \'<img src=x onerror="alert(1)"><a href="javascript:alert(2)" id=evil>x</a>\';'
        " document.body.append(d); const s = document.createElement('script'); s.textContent = 'alert(3)';"
        " document.body.append(s); }"
    )
    page.click("#evil")
    page.wait_for_timeout(300)
    assert watch.dialogs == []
    assert any("Content Security Policy" in e for e in watch.errors)  # chromium reports what it blocked


# -- other sources: a file with its input, a diff, errors ----------------------------------------


def test_report_from_a_scores_file_with_and_without_its_input(browser: Any, tmp_path: Path) -> None:
    scores = tmp_path / "scores.jsonl"
    assert _faithcheck("score", "examples/sample.jsonl", "-o", str(scores), "--quiet", "--no-store").returncode == 0
    done = _faithcheck("report", str(scores), "--input", "examples/sample.jsonl")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "scores.html").exists()
    page, watch = _open(browser, tmp_path / "scores.html")
    assert page.inner_text("#question") == "What is our return window?"
    assert len(page.query_selector_all("#answer mark.claim")) == 2

    bare = tmp_path / "bare.html"
    assert _faithcheck("report", str(scores), "-o", str(bare)).returncode == 0
    page2, watch2 = _open(browser, bare)
    assert "no dataset was given" in page2.inner_text("#summary")
    assert "the dataset was not given" in page2.inner_text("#detail")
    watch.assert_quiet((tmp_path / "scores.html").as_uri())
    watch2.assert_quiet(bare.as_uri())


def test_report_diff_lists_regressions_first_with_both_verdicts(browser: Any, tmp_path: Path) -> None:
    run = _synthetic_run(tmp_path, 20)
    worse = [json.loads(json.dumps(r)) for r in run.records]
    worse[0]["value"], worse[0]["passed"] = 0.0, False
    worse[0]["claims"][0]["verdict"]["label"] = "contradicted"
    worse[4]["value"] = 1.0
    second = run.store.start_run(
        input_path=str(run.dataset),
        output_path=None,
        dataset_fingerprint=dataset_fingerprint(run.dataset),
        config={},
        versions={},
    )
    run.store.add_rows(second, worse)
    run.store.finish_run(second, status="finished", summary={})
    html = tmp_path / "diff.html"
    done = _faithcheck("report", second, "--diff", run.run_id, "--store", str(run.store.path), "-o", str(html))
    assert done.returncode == 0, done.stderr
    expected = run.store.diff_runs(run.run_id, second)
    page, watch = _open(browser, html)
    page.click("button[data-tab=diff]")
    cells = page.query_selector_all("#diff-body tr")
    assert [c.query_selector("td").inner_text() for c in cells] == [d.kind for d in expected]
    first = cells[0].query_selector_all("td")
    assert first[1].inner_text() == "q-0001"
    assert [c.inner_text() for c in first[5].query_selector_all(".chip")] == list(expected[0].labels_a or ())
    assert [c.inner_text() for c in first[6].query_selector_all(".chip")] == list(expected[0].labels_b or ())
    assert page.query_selector("#diff-dataset") is None  # both runs read the same file
    cells[0].click()
    assert page.inner_text("#detail h2") == "row 1 \u00b7 q-0001"
    watch.assert_quiet(html.as_uri())


def test_report_says_when_the_dataset_changed_and_shows_no_wrong_highlight(browser: Any, tmp_path: Path) -> None:
    run = _synthetic_run(tmp_path, 5)
    rows = [json.loads(line) for line in run.dataset.read_text().splitlines()]
    rows[0]["sut_response"] = "Something else entirely, longer than before, so no span matches."
    _write_jsonl(run.dataset, rows)
    html = tmp_path / "r.html"
    assert _faithcheck("report", "latest", "--store", str(run.store.path), "-o", str(html)).returncode == 0
    page, watch = _open(browser, html)
    assert "changed since the run" in page.inner_text("#summary")
    assert "no longer matches the claim spans" in page.inner_text("#detail")
    assert page.query_selector_all("#answer mark.claim") == []
    assert len(page.query_selector_all("#claims-only mark.claim")) == 3  # the verdicts, without a place
    page.click("#claims-only mark.claim >> nth=1")
    assert "score 0.100" in page.inner_text("#claim-box")
    page.click("#rows-body tr:has(td:text-is('q-0002'))")
    assert len(page.query_selector_all("#answer mark.claim")) == 3
    watch.assert_quiet(html.as_uri())


def test_report_errors_name_the_problem_without_a_traceback(tmp_path: Path) -> None:
    run = _synthetic_run(tmp_path, 2)
    unknown = _faithcheck("report", "ffffffff", "--store", str(run.store.path))
    assert unknown.returncode == 2
    assert "no run 'ffffffff'" in unknown.stderr
    assert "Traceback" not in unknown.stderr
    not_scores = _faithcheck("report", str(run.dataset))
    assert not_scores.returncode == 2  # unreadable input, as for score
    assert "is not a scored record" in not_scores.stderr
    assert "Traceback" not in not_scores.stderr
    missing = _faithcheck("report", str(tmp_path / "nope.jsonl"), "--store", str(run.store.path))
    assert missing.returncode == 2
    assert "is neither a file nor a run id" in missing.stderr
    parquet = tmp_path / "scores.parquet"
    parquet.write_bytes(b"PAR1")
    assert "report the recorded run instead" in _faithcheck("report", str(parquet)).stderr
    empty = _faithcheck("report", "latest", "--store", str(tmp_path / "none.sqlite"))
    assert empty.returncode == 2
    assert "no run store" in empty.stderr


def test_report_without_its_dataset_warns_on_the_terminal(tmp_path: Path) -> None:
    scores = tmp_path / "mine.jsonl"
    scored = _faithcheck("score", "examples/sample.jsonl", "-o", str(scores), "--quiet", "--no-store")
    assert scored.returncode == 0, scored.stderr
    bare = _faithcheck("report", str(scores), "-o", str(tmp_path / "bare.html"))
    assert bare.returncode == 0, bare.stderr
    warning = " ".join(bare.stderr.split())
    assert "the page lacks each row's question, answer and passages" in warning
    assert f"add them with faithcheck report {scores} --input DATA" in warning
    full = _faithcheck("report", str(scores), "--input", "examples/sample.jsonl", "-o", str(tmp_path / "full.html"))
    assert full.returncode == 0, full.stderr
    assert "warning" not in full.stderr


def _edit_second_record(record: dict[str, Any], how: str) -> None:
    if how == "nan-value":
        record["value"] = float("nan")  # json.dumps writes NaN
    elif how == "verdict-as-string":
        record["claims"][0]["verdict"] = "supported"
    elif how == "string-in-claims":
        record["claims"].append("We offer free return shipping.")
    elif how == "infinite-score":
        record["claims"][0]["verdict"]["score"] = float("inf")
    elif how == "warnings-as-string":
        record["warnings"] = "the row looks German"
    else:
        record["weight"] = "heavy"


@pytest.mark.parametrize(
    ("how", "field"),
    [
        ("nan-value", "'value': NaN or infinity is not a number"),
        ("verdict-as-string", "'claims[0].verdict': must be an object with a 'label', got a string"),
        ("string-in-claims", "'claims[1]': must be an object (a claim and its verdict), got a string"),
        ("infinite-score", "'claims[0].verdict.score': NaN or infinity"),
        ("weight-as-string", "'weight': must be a number, got a string"),
        ("warnings-as-string", "'warnings': must be a list of strings, got a string"),
    ],
)
def test_a_hand_edited_scores_file_is_refused_naming_its_line_and_field(tmp_path: Path, how: str, field: str) -> None:
    from click.testing import CliRunner

    from faithcheck._cli.main import main

    scores = tmp_path / "scores.jsonl"
    scored = _faithcheck("score", "examples/sample.jsonl", "-o", str(scores), "--quiet", "--no-store")
    assert scored.returncode == 0, scored.stderr
    records = [json.loads(line) for line in scores.read_text(encoding="utf-8").splitlines()]
    assert len(records[1]["claims"]) == 1  # returns-faithful: one supported claim
    _edit_second_record(records[1], how)
    scores.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    html = tmp_path / "report.html"
    done = CliRunner().invoke(main, ["report", str(scores), "-o", str(html)])
    assert done.exit_code == 2, done.output
    assert isinstance(done.exception, SystemExit)  # a message, no traceback
    assert f"field {field}" in done.output
    assert f"on line 2 of {scores}" in done.output
    assert not html.exists()


@pytest.mark.skipif(shutil.which("faithcheck") is None, reason="needs the installed console script")
def test_report_is_listed_in_the_command_help() -> None:
    done = subprocess.run(["faithcheck", "--help"], capture_output=True, text=True, timeout=60)
    assert "report" in done.stdout


def test_report_shows_the_calibration_the_run_was_scored_with(browser: Any, tmp_path: Path) -> None:
    import numpy as np

    from faithcheck._metrics.calibration import calibrate

    rng = np.random.default_rng(0)
    gold = rng.random(100) < 0.5
    result = calibrate(np.clip(0.4 * gold + 0.6 * rng.random(100), 0, 1), gold, before_threshold=0.7, resamples=50)
    cal = tmp_path / "cal.json"
    cal.write_text(json.dumps(result.to_json(source="test")))
    scored = _faithcheck(
        "score", "examples/sample.jsonl", "--calibration", str(cal), "--quiet", "-o", str(tmp_path / "s.jsonl")
    )
    assert scored.returncode == 0, scored.stderr
    html = tmp_path / "r.html"
    assert _faithcheck("report", "latest", "-o", str(html)).returncode == 0
    page, watch = _open(browser, html)
    card = page.inner_text("#calibration")
    assert f"threshold on P(faithful) {result.calibration.threshold:.3f}" in card
    assert f"{result.after['balanced_accuracy'].value:.3f}" in card
    bins = len(result.reliability["score"]) + len(result.reliability["calibrated"])
    assert len(page.query_selector_all("#reliability circle")) == bins
    watch.assert_quiet(html.as_uri())


def test_report_of_a_two_metric_run_shows_each_metric(browser: Any, tmp_path: Path) -> None:
    scored = _faithcheck(
        "score", "examples/sample.jsonl", "--metrics", "faithfulness,answer_relevancy", "-o", str(tmp_path / "s.jsonl")
    )
    assert scored.returncode == 0, scored.stderr
    html = tmp_path / "r.html"
    done = _faithcheck("report", "latest", "-o", str(html))
    assert done.returncode == 0, done.stderr
    page, watch = _open(browser, html)
    assert page.inner_text("#mean .big") == "0.583"  # faithfulness, as before
    card = page.inner_text(".card.metric[data-metric='answer_relevancy']")
    assert "mean answer_relevancy" in card
    assert "0.750" in card
    page.click("#rows-body tr:has(td:text-is('multi-turn'))")
    block = page.inner_text(".other-metric[data-metric='answer_relevancy']")
    assert "score 0.500" in block
    assert "Hello, I hope this helps!" in block
    assert "irrelevant" in block
    # the row's question, answer, claims and passages come first, then the second metric's block
    order = page.evaluate(
        """() => [...document.querySelectorAll('#detail #question, #detail #answer, #detail #claim-box,'
                 + ' #detail #passages, #detail .other-metric')].map((n) => n.id || n.className)"""
    )
    assert order == ["question", "answer", "claim-box", "passages", "other-metric"]
    watch.assert_quiet(html.as_uri())


def test_report_marks_every_sentence_of_a_multi_sentence_support(browser: Any, tmp_path: Path) -> None:
    passages = [
        "Marie Durand founded Lumen in 2004. The firm makes desk lamps.",
        "Lumen is based in Lyon.",
        "Sales grew every year. In 2015 she sold the company to Philips.",
    ]
    answer = "The founder of Lumen sold it to Philips in 2015. Lumen is based in Lyon."
    dataset = _write_jsonl(
        tmp_path / "data.jsonl",
        [{"input_id": "multi", "prompt": "Who bought Lumen?", "sut_response": answer, "retrieved_context": passages}],
    )

    def evidence(passage: int, text: str) -> dict[str, Any]:
        start = passages[passage].index(text)
        return {"passage_index": passage, "start": start, "end": start + len(text), "quote": text}

    founded = evidence(0, "Marie Durand founded Lumen in 2004.")
    lamps = evidence(0, "The firm makes desk lamps.")
    sold = evidence(2, "In 2015 she sold the company to Philips.")
    first, second = answer.split(". ", 1)
    claims = [
        {
            "claim": {"id": "c1", "text": first + ".", "start": 0, "end": len(first) + 1},
            "verdict": {
                "label": "supported",
                "score": 1.0,
                "reason": "supported by three sentences",
                "evidence": sold,
                "evidence_set": [founded, lamps, sold],
            },
            "error": None,
        },
        {  # a record written before verdicts had an evidence_set: its evidence alone
            "claim": {"id": "c2", "text": second, "start": len(first) + 2, "end": len(answer)},
            "verdict": {"label": "supported", "score": 1.0, "reason": "r", "evidence": evidence(1, "based in Lyon")},
            "error": None,
        },
    ]
    record = {"row": 1, "input_id": "multi", "value": 1.0, "passed": True, "status": "ok", "claims": claims}
    scores = _write_jsonl(tmp_path / "scores.jsonl", [record])
    html = tmp_path / "r.html"
    done = _faithcheck("report", str(scores), "--input", str(dataset), "-o", str(html))
    assert done.returncode == 0, done.stderr
    page, watch = _open(browser, html)

    page.click("#answer mark.claim >> nth=0")
    marks = page.query_selector_all("#passages mark.evidence")
    assert [m.inner_text() for m in marks] == [founded["quote"], lamps["quote"], sold["quote"]]
    assert [m.evaluate("m => m.closest('.passage').dataset.p") for m in marks] == ["0", "0", "2"]
    assert page.inner_text("#passages .passage[data-p='0']").endswith(passages[0])  # no text lost between marks
    assert page.inner_text("#claim-evidence") == (
        "evidence (3 sentences, passages 0, 2): \u201cMarie Durand founded Lumen in 2004.\u201d \u2026 "
        "\u201cThe firm makes desk lamps.\u201d \u2026 \u201cIn 2015 she sold the company to Philips.\u201d"
    )

    page.click("#answer mark.claim >> nth=1")
    marks = page.query_selector_all("#passages mark.evidence")
    assert [m.inner_text() for m in marks] == ["based in Lyon"]
    assert marks[0].evaluate("m => m.closest('.passage').dataset.p") == "1"
    assert page.inner_text("#claim-evidence") == "evidence (passage 1): based in Lyon"
    watch.assert_quiet(html.as_uri())


def test_report_marks_a_claim_the_offline_verifier_could_not_align_as_uncertain(browser: Any, tmp_path: Path) -> None:
    dataset = _write_jsonl(
        tmp_path / "data.jsonl",
        [
            {
                "input_id": "year",
                "prompt": "When did the album come out?",
                "sut_response": "The album came out on November 2, 2004. It sold well.",
                "retrieved_context": ["The album came out on November 2. It sold well."],
            }
        ],
    )
    scores = tmp_path / "scores.jsonl"
    assert _faithcheck("score", str(dataset), "-o", str(scores), "--quiet", "--no-store").returncode == 0
    verdicts = [c["verdict"] for c in json.loads(scores.read_text().splitlines()[0])["claims"]]
    assert [v["uncertain"] for v in verdicts] == [True, False]
    html = tmp_path / "r.html"
    assert _faithcheck("report", str(scores), "--input", str(dataset), "-o", str(html)).returncode == 0
    page, watch = _open(browser, html)
    expect = pytest.importorskip("playwright.sync_api").expect
    page.click("#answer mark.claim >> nth=0")
    expect(page.locator("#claim-uncertain")).to_have_text("uncertain")
    page.click("#answer mark.claim >> nth=1")
    expect(page.locator("#claim-uncertain")).to_have_count(0)
    watch.assert_quiet(html.as_uri())


# -- warnings, the diff's datasets, the order of a row's panel (issue 28 items 2 and 10) ---------


SPANISH_FIVE_YEARS = {
    "input_id": "es-cinco",
    "prompt": "¿Cuánto dura la garantía?",
    "sut_response": "La garantía dura cinco años.",
    "retrieved_context": ["La garantía de la batidora dura dos años y cubre el motor."],
}


@pytest.mark.parametrize("old_file", [False, True], ids=["records-with-warnings", "records-before-warnings"])
def test_report_marks_rows_scored_in_another_language(browser: Any, tmp_path: Path, old_file: bool) -> None:
    """German and Spanish rows scored as English stay ``ok``; the grid, the row's panel and the
    summary say so. A scores file written before records carried ``warnings`` shows the same,
    from its ``lang`` and ``detected_lang``."""
    english = (REPO / "examples" / "sample.jsonl").read_text(encoding="utf-8").splitlines()[:2]
    german = (REPO / "examples" / "sample_de.jsonl").read_text(encoding="utf-8")
    data = tmp_path / "mixed.jsonl"
    data.write_text("\n".join(english) + "\n" + german + json.dumps(SPANISH_FIVE_YEARS) + "\n", encoding="utf-8")
    scores = tmp_path / "scores.jsonl"
    scored = _faithcheck("score", str(data), "--lang", "en", "-o", str(scores), "--quiet", "--no-store")
    assert scored.returncode == 0, scored.stderr
    records = [json.loads(line) for line in scores.read_text(encoding="utf-8").splitlines()]
    assert [r["status"] for r in records] == ["ok"] * 5
    if old_file:
        _write_jsonl(scores, [{k: v for k, v in r.items() if k != "warnings"} for r in records])
    html = tmp_path / "r.html"
    assert _faithcheck("report", str(scores), "--input", str(data), "-o", str(html)).returncode == 0
    page, watch = _open(browser, html)

    chips = {
        tr.query_selector("td.clip").inner_text(): tr.query_selector(".chip.warn")
        for tr in page.query_selector_all("#rows-body tr")
    }
    assert {i for i, c in chips.items() if c is not None} == {"de-rueckgabe", "de-garantie", "es-cinco"}
    assert "looks German (de) but was scored as English (en)" in (chips["de-rueckgabe"].get_attribute("title") or "")
    page.click("#rows-body tr:has(td:text-is('de-rueckgabe'))")
    assert page.inner_text("#row-warnings") == (
        "\u26a0 the row looks German (de) but was scored as English (en): use --lang de or --lang auto"
    )
    page.click("#rows-body tr:has(td:text-is('es-cinco'))")
    assert "looks Spanish (es)" in page.inner_text("#row-warnings")
    assert "its score is unreliable" in page.inner_text("#row-warnings")
    page.click("#rows-body tr >> nth=0")
    assert page.query_selector("#row-warnings") is None  # an English row scored as English
    said = page.inner_text("#summary-warnings")
    assert "2 rows look German (de) but lang is en: use --lang de or --lang auto" in said
    assert "1 row looks Spanish (es) but lang is en" in said
    page.select_option("#f-warn", "with a warning")
    # expect() polls from Playwright's own world: wait_for_function's polling evals a string in the
    # page, which the page's Content-Security-Policy refuses (seen when the first look came too early)
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(page.locator("#rows-body tr")).to_have_count(3)
    watch.assert_quiet(html.as_uri())


def test_report_diff_says_when_the_runs_read_different_datasets(browser: Any, tmp_path: Path) -> None:
    run = _synthetic_run(tmp_path, 5)
    other = _synthetic_run(tmp_path, 5, seed=1, name="other.jsonl")  # the same input_ids, other texts
    second = run.store.start_run(
        input_path=str(other.dataset),
        output_path=None,
        dataset_fingerprint=dataset_fingerprint(other.dataset),
        config={},
        versions={},
    )
    run.store.add_rows(second, other.records)
    run.store.finish_run(second, status="finished", summary={})
    html = tmp_path / "diff.html"
    done = _faithcheck("report", second, "--diff", run.run_id, "--store", str(run.store.path), "-o", str(html))
    assert done.returncode == 0, done.stderr
    page, watch = _open(browser, html)
    page.click("button[data-tab=diff]")
    notice = page.inner_text("#diff-dataset")
    assert "The runs scored different dataset files" in notice
    assert f"A read {run.dataset} ({dataset_fingerprint(run.dataset)})" in notice
    assert f"B read {other.dataset} ({dataset_fingerprint(other.dataset)})" in notice
    assert page.locator("#diff-dataset").is_visible()
    watch.assert_quiet(html.as_uri())
