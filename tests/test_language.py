"""Language detection (issue 13, item 10): each row's language is detected offline and recorded,
the summary warns about rows that do not match ``lang``, and ``lang: auto`` scores each row in its
own language."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from faithcheck import ConfigError, Faithfulness, FaithfulnessConfig, InitializationConfig, InputError, score_dataset
from faithcheck._runs.summary import SummaryBuilder
from faithcheck._text.language import CANDIDATES, SUPPORTED, detect_language, row_language

from .in_process import faithcheck

REPO = Path(__file__).resolve().parents[1]
SAMPLE_DE = REPO / "examples" / "sample_de.jsonl"

SHORT = {
    "en": ["You can return items within 30 days.", "Refunds take five business days.", "Contact us by phone."],
    "de": ["Die Garantie gilt 5 Jahre.", "Die Rücksendung ist kostenlos.", "Der Akku hält zehn Stunden."],
    "fr": ["La livraison est offerte dès 50 euros.", "Le retour est gratuit.", "Elle couvre le moteur."],
    "es": ["La garantía dura 2 años.", "El envío es gratis a partir de 50 euros.", "Llámenos por teléfono."],
    "it": ["La garanzia dura 2 anni.", "Il reso è gratuito.", "La batteria dura dieci ore."],
}

SPANISH_ROW = {
    "input_id": "es-garantia",
    "prompt": "¿Cuánto dura la garantía?",
    "sut_response": "La garantía dura dos años y cubre el motor.",
    "retrieved_context": ["La garantía de la batidora dura dos años y cubre el motor y las cuchillas."],
}
ITALIAN_ROW = {
    "input_id": "it-reso",
    "prompt": "Il reso è gratuito?",
    "sut_response": "Sì, il reso è gratuito per tutti gli articoli.",
    "retrieved_context": ["Il reso è gratuito solo per gli articoli difettosi, entro trenta giorni dall'acquisto."],
}


def _faithcheck(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "FAITHCHECK_HOME": str(home)}
    return faithcheck(*args, cwd=REPO, env=env)


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, texts in SHORT.items() for t in texts])
def test_short_answers_are_detected(lang: str, text: str) -> None:
    assert detect_language(text) == lang


@pytest.mark.parametrize("text", ["", "   ", "12 345 !", "€ 30,00"])
def test_text_without_words_has_no_language(text: str) -> None:
    assert detect_language(text) is None


def test_digits_do_not_drown_the_words() -> None:
    """An English price list was no language at all (or Catalan) while its digits were read."""
    passage = " ".join(f"Item {i} costs {i * 3} dollars and ships in {i % 7 + 1} days." for i in range(200))
    answer = " ".join(f"Item {i} costs {i * 3} dollars." for i in range(80))
    assert row_language(answer, [passage], "What do the items cost?") == "en"
    # nor does a long unbroken string (a URL, base64, a key) take the whole sample
    blob = "QUJD" * 1500
    assert row_language(f"The key is {blob}. It expires in May.", ["The key expires in May."]) == "en"


def test_a_row_is_read_with_its_context() -> None:
    # "Ja." alone says little; the German context decides
    assert row_language("Ja.", ["Die Garantie des Mixers gilt 2 Jahre und deckt den Motor ab."]) == "de"


def test_the_detector_ships_its_model_and_never_opens_a_socket(tmp_path: Path) -> None:
    import py3langid

    model = Path(py3langid.__file__).parent / "data" / "model.npz.xz"
    assert model.is_file()
    assert model.stat().st_size > 1_000_000
    assert set(SUPPORTED) <= set(CANDIDATES)
    # a fresh process that fails on any network access while it loads the detector and scores auto rows
    script = f"""
import json, sys
NETWORK = ("socket.connect", "socket.getaddrinfo", "socket.gethostbyname", "socket.sendto", "urllib.Request")
def audit(event, args):
    if event in NETWORK:
        raise RuntimeError("network access: " + event)
sys.addaudithook(audit)
from faithcheck import Faithfulness
from faithcheck._text.language import detect_language
assert detect_language("Die Rücksendung ist kostenlos.") == "de"
score = Faithfulness(lang="auto").evaluate(json.loads({json.dumps(SPANISH_ROW)!r}))
assert score.status == "error" and score.detected_lang == "es", score
print("offline ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "offline ok" in done.stdout


def test_auto_is_only_faithcheck_s_option() -> None:
    assert FaithfulnessConfig(lang="auto").lang == "auto"
    assert FaithfulnessConfig().lang == "en"
    with pytest.raises(ValueError, match="lang"):
        InitializationConfig(lang="auto")  # type: ignore[arg-type]
    assert InitializationConfig.model_json_schema()["properties"]["lang"]["enum"] == ["en", "de", "fr"]
    with pytest.raises(ConfigError, match="lang"):
        Faithfulness(lang="es")


def test_each_result_records_the_detected_language() -> None:
    row = json.loads(SAMPLE_DE.read_text(encoding="utf-8").splitlines()[0])
    score = Faithfulness().evaluate(row)
    assert (score.lang, score.detected_lang) == ("en", "de")
    assert score.model_dump(mode="json")["detected_lang"] == "de"


def test_the_command_line_scores_each_row_in_its_own_language_by_default(tmp_path: Path) -> None:
    """Issue 28 item 2: ``faithcheck score`` defaults to ``--lang auto`` (``Faithfulness()`` and the
    manifest keep seed 001's ``en``), so the German sample's "nur" is read, and a Spanish row is an
    error row instead of a wrong 1.0; ``lang:`` in a config file still fixes the language."""
    data = tmp_path / "mixed.jsonl"
    data.write_text(SAMPLE_DE.read_text(encoding="utf-8") + json.dumps(SPANISH_FIVE_YEARS) + "\n", encoding="utf-8")
    summary = tmp_path / "summary.json"
    done = _faithcheck("score", str(data), "--no-store", "--summary-json", str(summary), home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    rows = {r["input_id"]: r for r in map(json.loads, done.stdout.splitlines())}
    assert rows["de-rueckgabe"]["value"] == 0.5  # read as German: the restriction 'nur' is seen
    assert {(r["lang"], r["detected_lang"]) for i, r in rows.items() if i.startswith("de-")} == {("de", "de")}
    assert rows["es-cinco"]["status"] == "error"
    assert "looks Spanish (es)" in rows["es-cinco"]["message"]
    assert all(r["warnings"] == [] for r in rows.values())
    assert json.loads(summary.read_text(encoding="utf-8"))["language_warnings"] == []

    config = tmp_path / "config.yaml"
    config.write_text("lang: en\n", encoding="utf-8")
    fixed = _faithcheck("score", str(SAMPLE_DE), "--no-store", "--quiet", "--config", str(config), home=tmp_path)
    assert fixed.returncode == 0, fixed.stderr
    assert {json.loads(line)["lang"] for line in fixed.stdout.splitlines()} == {"en"}
    assert "warning: 2 rows look German (de) but lang is en: use --lang de or --lang auto" in fixed.stderr
    helped = _faithcheck("score", "--help", home=tmp_path)
    help_text = " ".join(helped.stdout.replace("│", " ").split())  # the text of the help's boxed tables
    assert "[default: 'auto'; in Python and the manifest: 'en']" in help_text


def test_german_sample_with_lang_auto_scores_as_with_lang_de(tmp_path: Path) -> None:
    results = {}
    for lang in ("auto", "de"):
        summary = tmp_path / f"summary-{lang}.json"
        done = _faithcheck(
            "score",
            str(SAMPLE_DE),
            "--no-store",
            "--quiet",
            "--lang",
            lang,
            "--summary-json",
            str(summary),
            home=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        results[lang] = {r["input_id"]: r for r in map(json.loads, done.stdout.splitlines())}
        facts = json.loads(summary.read_text(encoding="utf-8"))
        assert facts["language_warnings"] == []
    assert results["auto"]["de-rueckgabe"]["value"] == 0.5
    for input_id, row in results["de"].items():
        auto = results["auto"][input_id]
        assert (auto["value"], auto["lang"], auto["detected_lang"]) == (row["value"], "de", "de")
        assert [c["verdict"] for c in auto["claims"]] == [c["verdict"] for c in row["claims"]]


def test_rows_in_other_languages_are_error_rows_under_auto(tmp_path: Path) -> None:
    data = tmp_path / "mixed.jsonl"
    lines = [*SAMPLE_DE.read_text(encoding="utf-8").splitlines()[:1], json.dumps(SPANISH_ROW), json.dumps(ITALIAN_ROW)]
    data.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = score_dataset(data, Faithfulness(lang="auto"), output=tmp_path / "out.jsonl")
    records = {r["input_id"]: r for r in map(json.loads, (tmp_path / "out.jsonl").read_text("utf-8").splitlines())}
    assert records["de-rueckgabe"]["value"] == 0.5
    for input_id, name in (("es-garantia", "Spanish (es)"), ("it-reso", "Italian (it)")):
        record = records[input_id]
        assert record["status"] == "error"
        assert record["value"] is None
        assert (record["lang"], record["detected_lang"]) == (None, name[-3:-1])
        assert f"looks {name}" in record["message"]
        assert "en, de, fr" in record["message"]
        assert "'lang'" in record["message"]
    assert result.summary.statuses == {"ok": 1, "error": 2}
    assert result.summary.language_warnings == []


def test_other_languages_under_a_fixed_lang_are_warned_about() -> None:
    builder = SummaryBuilder()
    for detected in ("de", "de", "es", "en", None):
        builder.add({"status": "ok", "value": 1.0, "lang": "en", "detected_lang": detected})
    builder.add({"status": "ok", "value": 1.0})  # a record written before languages were recorded
    summary = builder.result(wall_seconds=1.0)
    assert summary.language_mismatches == [
        {"detected_lang": "de", "lang": "en", "rows": 2},
        {"detected_lang": "es", "lang": "en", "rows": 1},
    ]
    assert summary.language_warnings[1] == (
        "1 row looks Spanish (es) but lang is en: faithcheck scores only en, de and fr, so its score is unreliable"
    )
    assert summary.to_dict()["language_warnings"] == summary.language_warnings


def test_check_claims_under_auto_reads_the_claims_language() -> None:
    metric = Faithfulness(lang="auto")
    verdicts = metric.check_claims(
        ["Die Rücksendung ist kostenlos."], ["Die Rücksendung ist nur für defekte Artikel kostenlos."]
    )
    assert [v.label for v in verdicts] == ["overclaim"]
    with pytest.raises(InputError, match="Spanish"):
        metric.check_claims([SPANISH_ROW["sut_response"]], SPANISH_ROW["retrieved_context"])


SPANISH_FIVE_YEARS = {
    "input_id": "es-cinco",
    "prompt": "¿Cuánto dura la garantía?",
    "sut_response": "La garantía dura cinco años.",
    "retrieved_context": ["La garantía de la batidora dura dos años y cubre el motor."],
}
GERMAN_WARNING = "the row looks German (de) but was scored as English (en): use --lang de or --lang auto"
SPANISH_WARNING = (
    "the row looks Spanish (es) but was scored as English (en), and faithcheck scores only en, de and fr: "
    "its score is unreliable"
)


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "parquet"])
def test_a_row_scored_in_another_language_says_so_in_its_record_even_under_quiet(tmp_path: Path, fmt: str) -> None:
    """Issue 28 item 2: German read as English misses "nur" and Spanish "cinco años" against "dos
    años" scores 1.0; each such row stays ``ok`` but its record says why its score is suspect, and
    the warnings are printed under --quiet."""
    data = tmp_path / "mixed.jsonl"
    data.write_text(SAMPLE_DE.read_text(encoding="utf-8") + json.dumps(SPANISH_FIVE_YEARS) + "\n", encoding="utf-8")
    out, summary = tmp_path / f"out.{fmt}", tmp_path / "summary.json"
    done = _faithcheck(
        "score", str(data), "--lang", "en", "--quiet", "--no-store", "-o", str(out), "--summary-json", str(summary),
        home=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    said = done.stderr.splitlines()
    assert "warning: 2 rows look German (de) but lang is en: use --lang de or --lang auto" in said
    assert any(line.startswith("warning: 1 row looks Spanish (es) but lang is en") for line in said)
    if fmt == "jsonl":
        records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
        warnings = {r["input_id"]: r["warnings"] for r in records}
    elif fmt == "csv":
        with out.open(encoding="utf-8", newline="") as fh:
            records = list(csv.DictReader(fh))
        warnings = {r["input_id"]: json.loads(r["warnings"]) for r in records}
    else:
        records = pq.read_table(out).to_pylist()
        warnings = {r["input_id"]: r["warnings"] for r in records}
    assert {r["status"] for r in records} == {"ok"}  # scored: the score is computed, and flagged
    german = [GERMAN_WARNING]
    assert warnings == {"de-rueckgabe": german, "de-garantie": german, "es-cinco": [SPANISH_WARNING]}
    spanish = next(r for r in records if r["input_id"] == "es-cinco")
    assert float(spanish["value"]) == 1.0  # what the warning is about: "cinco" is no number in English
    facts = json.loads(summary.read_text(encoding="utf-8"))
    assert facts["language_mismatches"] == [
        {"detected_lang": "de", "lang": "en", "rows": 2},
        {"detected_lang": "es", "lang": "en", "rows": 1},
    ]
    assert facts["row_warnings"] == {}  # said once, by language_warnings


def test_rows_scored_in_their_own_language_carry_no_warning() -> None:
    row = json.loads(SAMPLE_DE.read_text(encoding="utf-8").splitlines()[0])
    assert Faithfulness(lang="de").evaluate(row).warnings == []
    assert Faithfulness(lang="auto").evaluate(row).warnings == []
    assert Faithfulness(lang="en").evaluate(row).warnings == [GERMAN_WARNING]


def test_the_summary_counts_a_mismatch_once_from_old_and_new_records() -> None:
    builder = SummaryBuilder()
    builder.add({"status": "ok", "value": 1.0, "lang": "en", "detected_lang": "de", "warnings": [GERMAN_WARNING]})
    builder.add({"status": "ok", "value": 1.0, "lang": "en", "detected_lang": "de"})  # written before rows had it
    summary = builder.result(wall_seconds=1.0)
    assert summary.language_warnings == ["2 rows look German (de) but lang is en: use --lang de or --lang auto"]
    assert summary.warnings == []


def test_answer_relevancy_under_auto_reads_the_rows_context_too() -> None:
    """A chit-chat turn has no language of its own ("a great movie" to "hi!"); its passage gives it
    one, as it does for faithfulness, so the row is scored rather than an error row."""
    from faithcheck import AnswerRelevancy

    row = {
        "input_id": "chat",
        "prompt": "hi!",
        "sut_response": "a great movie",
        "retrieved_context": [
            "The Shawshank Redemption is a 1994 American drama film written and directed by Frank Darabont."
        ],
    }
    assert row_language(row["sut_response"], [], row["prompt"]) is None
    score = AnswerRelevancy(lang="auto").evaluate(row)
    assert score.status != "error", score.message


def test_both_metrics_refuse_a_row_they_cannot_score_with_one_message() -> None:
    """One language resolution for every metric (faithcheck._metrics.base.resolve_lang): under
    ``lang="auto"`` a Spanish row is an error row of either metric, saying the same thing."""
    from faithcheck import AnswerRelevancy

    messages = {
        type(m).__name__: m.evaluate(SPANISH_FIVE_YEARS)
        for m in (Faithfulness(lang="auto"), AnswerRelevancy(lang="auto"))
    }
    assert {s.status for s in messages.values()} == {"error"}
    (said,) = {s.message or "" for s in messages.values()}
    assert "this row looks Spanish (es), which faithcheck cannot score (it scores en, de, fr)" in said
