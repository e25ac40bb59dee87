"""How big is the report of a large run, and how fast does it open? (``faithcheck report`` at 10,000 rows)

The run is built, not scored (scoring 10,000 rows would take this machine most of an hour and
the verdicts do not change what the page has to draw): each row's answer is a BEGIN test response,
its context four BEGIN knowledge snippets (one of them the response's own), its claims the answer's
sentences with their real spans, verdicts drawn at random (seed 0), evidence the own snippet. Every
tenth row is an error row. The records go into a real run store and the page is written by the
real ``faithcheck report`` command, then opened in headless Chromium (Debian's ``chromium``,
through Playwright) from a ``file://`` URL.

Reported: the file size; the time ``faithcheck report`` takes; the time from navigation start to
the first render (the viewer marks ``<body data-ready>`` after drawing the summary, the first page
of the table and the first row's detail); and the time a text search over all rows takes to redraw.

    python benchmarks/report_load.py [--rows 10000]
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from faithcheck._runs.store import RunStore, dataset_fingerprint

SHARED = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
CHROMIUM = "/usr/bin/chromium"
LABELS = (
    "supported",
    "supported",
    "supported",
    "unsupported",
    "contradicted",
    "wrong_entity",
    "overclaim",
    "irrelevant",
)


def _begin_rows() -> list[dict[str, str]]:
    with (SHARED / "begin" / "wow" / "begin_test_wow.tsv").open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))


def build_run(folder: Path, n: int) -> tuple[RunStore, str, int]:
    rng = random.Random(0)
    source = _begin_rows()
    dataset, records = [], []
    for i in range(1, n + 1):
        own = source[rng.randrange(len(source))]
        passages = [own["knowledge"]] + [source[rng.randrange(len(source))]["knowledge"] for _ in range(3)]
        rng.shuffle(passages)
        answer = own["response"]
        dataset.append(
            {
                "input_id": f"row-{i:05d}",
                "prompt": own["message"],
                "sut_response": answer,
                "retrieved_context": passages,
            }
        )
        if i % 10 == 0:
            records.append(
                {"row": i, "input_id": f"row-{i:05d}", "value": None, "passed": False, "status": "error",
                 "message": "TimeoutError: the row took longer than --row-timeout", "claims": []}
            )  # fmt: skip
            continue
        claims = []
        for k, m in enumerate(re.finditer(r"[^.!?]+[.!?]*", answer)):
            text = m.group().strip()
            if not text:
                continue
            start = answer.index(text, m.start())
            label = rng.choice(LABELS)
            claims.append(
                {
                    "claim": {"id": f"c{k + 1}", "text": text, "start": start, "end": start + len(text)},
                    "verdict": {
                        "label": label,
                        "score": 0.0 if label == "irrelevant" else rng.random(),
                        "reason": f"{label}: drawn for the benchmark",
                        "evidence": None
                        if label == "irrelevant"
                        else {
                            "passage_index": passages.index(own["knowledge"]),
                            "start": 0,
                            "end": len(own["knowledge"]),
                            "quote": own["knowledge"],
                        },
                    },
                    "error": None,
                }
            )
        counted = [c for c in claims if c["verdict"]["label"] != "irrelevant"]
        value = sum(c["verdict"]["label"] == "supported" for c in counted) / len(counted) if counted else 0.0
        records.append(
            {"row": i, "input_id": f"row-{i:05d}", "value": value, "unit_value": value, "passed": value >= 0.7,
             "threshold": 0.7, "status": "ok" if counted else "no_claims", "reason": "drawn for the benchmark",
             "message": None, "weight": 1.0, "claims": claims}
        )  # fmt: skip
    data_path = folder / "data.jsonl"
    data_path.write_text("".join(json.dumps(r) + "\n" for r in dataset), encoding="utf-8")
    store = RunStore(folder / "runs.sqlite")
    run_id = store.start_run(
        input_path=str(data_path),
        output_path=None,
        dataset_fingerprint=dataset_fingerprint(data_path),
        config={"threshold": 0.7},
        versions={},
    )
    store.add_rows(run_id, records)
    store.finish_run(run_id, status="finished", summary={})
    return store, run_id, data_path.stat().st_size


def open_in_chromium(html: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.goto(html.as_uri(), timeout=120_000)
        page.wait_for_selector("body[data-ready=true]", timeout=120_000)
        first_render_ms = int(page.get_attribute("body", "data-render-ms") or -1)
        started = time.perf_counter()
        page.fill("#f-q", "row-0012")
        page.wait_for_selector("#pager-info:text-is('1\u201310 of 10 rows')")
        search_ms = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        page.fill("#f-q", "")
        page.click("th[data-key=value]")
        page.wait_for_selector("th[data-key=value][aria-sort=ascending]")
        sort_ms = (time.perf_counter() - started) * 1000
        browser.close()
    return {"first_render_ms": first_render_ms, "search_ms": round(search_ms), "clear_and_sort_ms": round(sort_ms),
            "errors": errors}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=10_000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        store, run_id, data_bytes = build_run(folder, args.rows)
        html = folder / "report.html"
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "faithcheck", "report", run_id, "--store", str(store.path), "-o", str(html)],
            check=True,
        )
        write_s = time.perf_counter() - started
        figures = {
            "rows": args.rows,
            "dataset_mb": round(data_bytes / 1e6, 1),
            "html_mb": round(html.stat().st_size / 1e6, 1),
            "report_command_s": round(write_s, 1),
            **open_in_chromium(html),
        }
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
