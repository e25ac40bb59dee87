"""The benchmark scripts' own logic (they are run by hand; their figures are in benchmarks/RESULTS.md)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import ModuleType

import pytest
from tests.scripts import load_script

from faithcheck import Claim, Faithfulness


@pytest.fixture(scope="module")
def accuracy() -> ModuleType:
    return load_script("benchmarks/accuracy.py", "faithcheck_bench_accuracy")


def test_every_chunk_checks_every_window_and_selection_only_the_top_k(accuracy: ModuleType) -> None:
    animals = ["cats", "dogs", "owls", "bees", "frogs", "crabs", "moles"]
    context = [" ".join(f"This sentence is about {a}." for a in animals)]
    claims = [Claim(id="c1", text="This sentence is about owls.", start=0, end=28)]
    everything = accuracy.EveryChunk(verifier="baseline").select_evidence(claims, "", context)
    selected = Faithfulness(verifier="baseline").select_evidence(claims, "", context)
    assert len(everything[0].windows) == 7
    assert len(selected[0].windows) == 3
    assert everything[0].windows[0].sentence == selected[0].windows[0].sentence == "This sentence is about owls."
    scored = accuracy.EveryChunk(verifier="baseline").evaluate(
        {
            "input_id": "o",
            "prompt": "Owls?",
            "sut_response": "This sentence is about owls.",
            "retrieved_context": context,
        }
    )
    assert scored.status == "ok"  # the metric's own path (which passes the row's language) works too


def test_cascade_band_counts_only_confident_scores(accuracy: ModuleType) -> None:
    result = accuracy.SetResult("s", "claim-evidence pair")
    for gold, predicted, score in [(1, 1, 0.9), (0, 1, 0.85), (0, 0, 0.1), (1, 0, 0.5), (0, 0, 0.3)]:
        result.add(gold, predicted, score, overlap=0.0)
    share, correct = result.cascade_band()
    assert share == pytest.approx(60.0)  # 0.9, 0.85 and 0.1 lie outside (0.2, 0.8)
    assert correct == pytest.approx(100.0 * 2 / 3)
    empty = accuracy.SetResult("s", "claim-evidence pair")
    empty.add(1, 1, 0.5, overlap=0.0)
    assert math.isnan(empty.cascade_band()[1])


def test_training_pairs_are_checked_claim_level_with_both_labels(accuracy: ModuleType) -> None:
    metric = Faithfulness(verifier="baseline", lang="en")
    first = accuracy.training_pairs(metric, "fever_nli", 12)
    assert first.name == "training fever_nli"
    assert len(first.gold) == 12
    assert 0 < sum(first.gold) < 12  # a seeded shuffle holds both labels
    assert first.gold == accuracy.training_pairs(metric, "fever_nli", 12).gold  # the same rows each run
    assert accuracy.main(["--training", "fever_nli", "--limit", "3"]) == 0
    assert [v["row"] for v in first.verdicts] == list(range(12))
    assert [v["gold"] for v in first.verdicts] == first.gold
    assert all(v["supported"] == bool(p) for v, p in zip(first.verdicts, first.predicted, strict=True))


def test_accuracy_writes_verdicts_that_contrast_compares(
    accuracy: ModuleType, contrast: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "v.jsonl"
    assert accuracy.main(["--training", "fever_nli", "--limit", "4", "--verdicts", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["set"], r["row"]) for r in rows] == [("training fever_nli", i) for i in range(4)]
    flipped = [{**rows[0], "supported": not rows[0]["supported"]}, *rows[1:]]
    assert [r["row"] for r in contrast.changed_verdicts(rows, flipped)] == [0]
    # the comparison says of each changed row whether its new verdict agrees with the human label
    flipped_file = tmp_path / "w.jsonl"
    flipped_file.write_text("".join(json.dumps(r) + "\n" for r in flipped), encoding="utf-8")
    capsys.readouterr()
    assert contrast.main(["--compare", str(out), str(flipped_file)]) == 0
    printed = capsys.readouterr().out
    label = "supported" if rows[0]["gold"] else "unsupported"
    assert f"row 0: {'now supported' if flipped[0]['supported'] else 'now rejected'} (labelled {label}):" in printed
    agree = int(bool(flipped[0]["supported"]) == bool(rows[0]["gold"]))
    assert f"of the changed rows with a human label, {agree} of 1 now agree with it" in printed


def test_evidence_recall_counts_a_set_only_when_one_call_shows_all_of_it() -> None:
    recall = load_script("benchmarks/evidence_recall.py", "faithcheck_bench_evidence_recall")
    from faithcheck._pipeline.verify.evidence import build_context_index

    sentences = ["Marie Curie was born in Warsaw.", "It rained.", "She won the Nobel Prize in 1903."]
    passage, spans = recall.annotated_spans(sentences)
    assert [passage[a:b] for a, b in spans] == sentences
    index = build_context_index([passage], "en")
    sets = [[0, 2]]
    assert recall.holds_a_set(index, {0, 1, 2}, sets, spans)
    assert not recall.holds_a_set(index, {0, 1}, sets, spans)  # half a set is no support
    window = index.select_all(["She won the Nobel Prize in 1903."], None, 1)[0][0]
    assert recall.window_sentences(index, window) == {1, 2}  # the matched sentence and its neighbour


def test_evidence_recall_counts_a_deduplicated_sentence_wherever_it_occurs() -> None:
    """What a chunk (or the baseline's cut of it) shows counts at every occurrence of its text:
    assembly keeps one copy of a repeated sentence."""
    recall = load_script("benchmarks/evidence_recall.py", "faithcheck_bench_evidence_recall")
    from faithcheck._pipeline.verify.assembly import assemble, attribute, dedup_keys
    from faithcheck._pipeline.verify.evidence import build_context_index
    from faithcheck._text.analysis import analyze

    index = build_context_index(["Ada was born in 1815. She was a poet.", "Ada was born in 1815."], "en")
    keys = dedup_keys(index)
    claim = "Ada was born in 1815."
    (chunk,) = assemble(index, claim, [1.0, 0.0, 1.0], budget=100, count_tokens=lambda t: len(t.split()))
    cut = attribute(chunk, analyze(claim, "en"), "en", 4)
    assert [s.index for s in cut] == [0]
    assert recall.with_duplicates(cut, keys) == {0, 2}
    assert recall.with_duplicates(chunk.sentences, keys) == {0, 1, 2}


def test_speed_counts_the_pairs_a_model_judges_and_leaves_the_model_as_it_was() -> None:
    from faithcheck._pipeline.verify import BaselineVerifier
    from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, shipped_bundle

    speed = load_script("benchmarks/speed.py", "faithcheck_bench_speed")
    windows = OnnxVerifier.from_dir(shipped_bundle())
    assembled = OnnxVerifier.from_dir(shipped_bundle(), assembled_at=256)
    rows = range(3)
    by_windows = speed._model_pairs_a_row(Faithfulness(verifier_backend=windows), windows, rows)
    by_chunks = speed._model_pairs_a_row(Faithfulness(verifier_backend=assembled), assembled, rows)
    claims = len(speed.SentenceExtractor().extract(*_question_and_answer(speed, 0), "en"))
    # at least one pair a claim; a claim its first unit does not support meets the others too
    assert by_windows >= claims
    assert by_chunks > by_windows  # each unsupported claim reads 4 chunks, not 2 more windows
    assert "probabilities" not in vars(windows)  # the counting wrapper is gone
    assert speed._model_pairs_a_row(Faithfulness(verifier="baseline"), BaselineVerifier(), rows) is None


def _question_and_answer(speed: ModuleType, seed: int) -> tuple[str, str]:
    row = speed.standard_row(seed=seed)
    return row.question, row.sut_response


def test_pair_cost_measures_each_bundle_at_each_length(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from faithcheck._pipeline.verify.onnx_model import shipped_bundle

    pair_cost = load_script("benchmarks/pair_cost.py", "faithcheck_bench_pair_cost")
    argv = ["pair_cost.py", str(shipped_bundle()), "--pairs", "3", "--evidence-words", "10,300"]
    monkeypatch.setattr("sys.argv", argv)
    assert pair_cost.main() == 0
    rows = [line.split("|")[1:-1] for line in capsys.readouterr().out.splitlines()[2:]]
    assert [int(r[1]) for r in rows] == [10, 300]
    assert int(rows[1][2]) == 128  # cut to the shipped bundle's input length, as the package cuts it
    assert all(float(r[3]) > 0 for r in rows)


def test_unit_support_counts_every_claim_once_by_its_first_supporting_unit() -> None:
    from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, shipped_bundle

    unit_support = load_script("benchmarks/unit_support.py", "faithcheck_bench_unit_support")
    windows, first = unit_support.first_supporting_units(OnnxVerifier.from_dir(shipped_bundle()), range(2))
    assert sum(windows.values()) == sum(first.values()) > 0
    assert max(windows) <= 3  # a windows bundle reads its evidence_top_k windows
    chunks, _ = unit_support.first_supporting_units(OnnxVerifier.from_dir(shipped_bundle(), assembled_at=256), range(2))
    assert max(chunks) == 5  # its best window, then up to 4 assembled chunks
    assert all(k is None or 0 <= k < max(windows) for k in first)


@pytest.fixture(scope="module")
def contrast() -> ModuleType:
    return load_script("benchmarks/contrast.py", "faithcheck_bench_contrast")


def test_contrast_edits_change_one_fact_each_and_are_seeded(contrast: ModuleType) -> None:
    import random

    claim = "On 20 July 1969, Neil Armstrong was not the only one: some astronauts may walk 3 km."
    context = claim + " Buzz Aldrin joined him 19 minutes later, in 1969, after 2 hours."
    first = contrast.make_edits(claim, context, random.Random(1))
    assert first == contrast.make_edits(claim, context, random.Random(1))  # deterministic for a seed
    kinds = {e.kind: e.edited for e in first}
    assert set(kinds) == {"number_swap", "number_shift", "unit", "name_swap", "negation", "quantifier", "restriction"}
    # a rank shifted by one, never to one the context gives the same word
    ranked = contrast.make_edits(
        "Revenue rose in the second quarter.",
        "Revenue rose in the second quarter and fell in the first quarter.",
        random.Random(1),
    )
    assert [(e.kind, e.edited) for e in ranked] == [
        ("ordinal", "Revenue rose in the third quarter."),
        ("direction", "Revenue fell in the second quarter."),  # a word of change turned
    ]
    assert kinds["name_swap"].count("Buzz Aldrin") == 1
    assert "3 miles" in kinds["unit"]
    assert "was the only one" in kinds["negation"]  # a negation removed
    assert all(e.original == claim and e.edited != claim for e in first)
    # a restriction is dropped only where the context states it too
    restricted = "Return shipping is free only for defective items."
    assert [
        e.edited for e in contrast.make_edits(restricted, restricted, random.Random(0)) if e.kind == "restriction"
    ] == ["Return shipping is free."]
    assert not [
        e
        for e in contrast.make_edits(restricted, "Return shipping is free.", random.Random(0))
        if e.kind == "restriction"
    ]


def test_contrast_swaps_a_place_after_a_preposition_for_another_of_the_context(contrast: ModuleType) -> None:
    import random

    claim = "Jane Austen was born in Steventon in December."
    context = claim + " She died in Winchester in 1817. She wrote of Bath."
    placed = [e for e in contrast.make_edits(claim, context, random.Random(0)) if e.kind == "place_swap"]
    # another place after a preposition, with as many words; never the month ("in December")
    assert len(placed) == 1
    assert placed[0].edited in {f"Jane Austen was born in {p} in December." for p in ("Winchester", "Bath")}
    # the originals a limit takes and their figures stay those of the runs before the kind
    assert "place_swap" in contrast.KINDS
    assert "place_swap" not in contrast.COUNTED_KINDS
    assert not [e for e in contrast.make_edits(claim, claim, random.Random(0)) if e.kind == "place_swap"]


def test_contrast_tallies_count_edits_only_of_accepted_originals(contrast: ModuleType) -> None:
    tally = contrast.Tally(originals=4, accepted=2)
    tally.edits.update({"negation": 2})
    tally.caught.update({"negation": 1})
    table = contrast.markdown({"wice": tally, "all": tally})
    assert "| wice | 50.0 (4) | - (0) | - (0) | - (0) | - (0) | - (0) | - (0) | 50.0 (2) |" in table
    tally.accepted_uncertain = 1
    tally.missed_uncertain.update({"negation": 1})
    assert contrast.uncertain_line(tally) == (
        "marked uncertain (a cascade asks the LLM): 1 of 2 accepted originals; of the missed edits: negation 1 of 1"
    )


def test_contrast_records_each_originals_verdict_and_compares_two_runs(
    contrast: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record: list[dict[str, object]] = []
    contrast.run(Faithfulness(lang="en"), [], 2, 26, 0, ["qags"], record)
    assert len(record) == 2
    assert {k for k in record[0]} == {"set", "row", "claim", "supported", "uncertain", "reason", "edits"}
    assert all({k for k in e} == {"kind", "edited", "caught", "uncertain"} for r in record for e in r["edits"])
    assert all(r["set"] == "qags" and isinstance(r["supported"], bool) for r in record)
    flipped = [{**record[0], "supported": not record[0]["supported"], "reason": "other"}, record[1]]
    (tmp_path / "a.jsonl").write_text("".join(json.dumps(r) + "\n" for r in record), encoding="utf-8")
    (tmp_path / "b.jsonl").write_text("".join(json.dumps(r) + "\n" for r in flipped), encoding="utf-8")
    assert contrast.main(["--compare", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")]) == 0
    out = capsys.readouterr().out
    assert f"row {record[0]['row']}" in out
    assert "1 of 2 originals changed verdict" in out
    assert contrast.changed_verdicts(record, record) == []
    # a SummEdits summary gives several claims of one row: each is matched with its own verdict
    row = [
        {"set": "summedits", "row": 7, "claim": c, "supported": ok, "reason": "r"}
        for c, ok in (("A.", True), ("B.", False), ("B.", True))
    ]
    assert contrast.changed_verdicts(row, row) == []
    flipped_second = [row[0], {**row[1], "supported": True}, row[2]]
    assert [(r["claim"], r["supported"]) for r in contrast.changed_verdicts(row, flipped_second)] == [("B.", True)]
    # an edit caught in one run and missed in the other, of an original both accept
    edit = {"kind": "name_swap", "edited": "C.", "caught": True}
    accepted = [{"set": "qags", "row": 1, "claim": "A.", "supported": True, "reason": "r", "edits": [edit]}]
    missed = [{**accepted[0], "edits": [{**edit, "caught": False}]}]
    assert contrast.changed_edits(accepted, accepted) == []
    assert contrast.changed_edits(accepted, missed) == [{"set": "qags", "row": 1, **edit, "caught": False}]
    assert contrast.changed_edits(accepted, [{**missed[0], "supported": False}]) == []  # no longer counted
    assert contrast.changed_edits(row, row) == []  # files without edits (accuracy.py's) have none
    (tmp_path / "e1.jsonl").write_text(json.dumps(accepted[0]) + "\n", encoding="utf-8")
    (tmp_path / "e2.jsonl").write_text(json.dumps(missed[0]) + "\n", encoding="utf-8")
    assert contrast.main(["--compare", str(tmp_path / "e1.jsonl"), str(tmp_path / "e2.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "qags row 1: [name_swap] now missed: C." in out
    assert "0 now caught, 1 now missed" in out
    with pytest.raises(SystemExit) as missing:  # a run not finished yet: named, no traceback
        contrast.main(["--compare", str(tmp_path / "a.jsonl"), str(tmp_path / "c.jsonl")])
    assert missing.value.code == 2
    assert "no such --verdicts file" in capsys.readouterr().err


def test_bounds_measures_a_gzip_bomb_stopped_at_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    bounds = load_script("benchmarks/bounds.py", "faithcheck_bench_bounds")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local")
    line = bounds.run_case("gzip-bomb")
    assert "status error" in line
    assert "larger than the 4,194,3" in line
    assert sum(map(len, bounds._context(10_000))) >= 10_000 - 20


def test_answer_relevancy_kinds_tallies_each_kind_and_the_set_covers_every_kind() -> None:
    kinds = load_script("benchmarks/answer_relevancy_kinds.py", "answer_relevancy_kinds")
    pairs = kinds.load_pairs()
    counts = {k: sum(p.kind == k for p in pairs) for k in dict.fromkeys(p.kind for p in pairs)}
    assert list(counts) == ["direct", "conditional", "yes_no", "list", "partial", "off_topic", "evasive"]
    assert all(8 <= n <= 12 for n in counts.values())
    assert len({p.id for p in pairs}) == len(pairs)
    assert all(p.relevant == (p.kind not in ("off_topic", "evasive")) for p in pairs)
    a, b, c = pairs[0], pairs[1], next(p for p in pairs if p.kind == "evasive")
    scored = [kinds.Scored(a, 0.95, ""), kinds.Scored(b, 0.5, ""), kinds.Scored(c, 0.8, "")]
    rows = {r["kind"]: r for r in kinds.tally(scored)}
    assert rows["direct"]["right"] == 1
    assert rows["direct"]["at_least_0.9"] == 0.5
    assert rows["evasive"] == {**rows["evasive"], "right": 0, "gold": "not relevant", "mean_score": 0.8}
    assert rows["all"]["pairs"] == 3
    assert rows["all"]["gold"] == "mixed"
    # the real path: the yes/no example through AnswerRelevancy
    dog = kinds.Pair("x", "yes_no", "Can I bring my dog on the train?", "Yes, as long as it is small.", True)
    assert kinds.score_pairs([dog])[0].right
    assert "| direct | relevant | 2 | 1/2 (50%) |" in kinds.table(kinds.tally(scored))


def test_lang_auto_counts_rows_read_in_another_language_and_error_rows() -> None:
    from collections import Counter

    lang_auto = load_script("benchmarks/lang_auto.py", "faithcheck_bench_lang_auto")
    assert lang_auto.changed(Counter({"en": 5, "de": 1, "fr": 1, "es": 2, None: 1})) == "2 / 3"


def test_import_layers_reads_the_plan_from_the_import_graph(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The layer rule as the script sees it: no import circle, the core imports no other part, and
    the command line sits above the metrics it runs."""
    script = load_script("benchmarks/import_layers.py", "faithcheck_bench_import_layers")
    monkeypatch.setattr("sys.argv", ["import_layers.py"])
    assert script.main() == 0
    said = capsys.readouterr().out
    assert "import circles: 0" in said
    floors = {
        line.split("] ")[1].split(":")[0]: int(line.split("]")[0].strip(" ["))
        for line in said.splitlines()
        if line.startswith("  [")
    }
    assert floors["_cli"] > floors["_metrics"] > floors["_pipeline"] > floors["_core"]
    assert any(line.endswith("] _core: -") for line in said.splitlines())


def test_slot_cost_times_every_shape_of_long_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    slot_cost = load_script("benchmarks/slot_cost.py", "faithcheck_bench_slot_cost")
    assert slot_cost.main(["--chars", "2000"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ") and "---" not in line][1:]
    shapes = ["bracket", "numbers", "names", "changes", "parts", "labels", "openings", "heads", "ranks"]
    assert [r.split(" | ")[0].lstrip("| ") for r in rows] == shapes
    assert all(1500 <= int(r.split(" | ")[1].replace(",", "")) <= 2600 for r in rows)


def test_short_answers_score_each_question_with_both_answers() -> None:
    short_answers = load_script("benchmarks/short_answers.py", "faithcheck_bench_short_answers")
    taken = list(short_answers.questions(0, 3))
    assert [q.index for q in taken] == [0, 1, 2]
    assert all(q.right and q.hallucinated and q.right != q.hallucinated for q in taken)
    tally = short_answers.run(Faithfulness(), 0, 3)
    assert tally.counts["right"] == tally.counts["hallucinated"] == 3
    assert tally.counts["right accepted"] + tally.counts["hallucinated rejected"] <= 6
    assert "balanced accuracy" in short_answers.report(tally)
    assert short_answers.is_short_number("8 tablets")
    assert not short_answers.is_short_number("Delhi")


def test_made_up_pairs_are_labelled_and_counted_per_verifier(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    coordinated = load_script("benchmarks/coordinated.py", "faithcheck_bench_coordinated")
    for path in coordinated.PAIRS.values():
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert all(set(r) == {"context", "claim", "supported"} and isinstance(r["supported"], bool) for r in rows)
        assert {r["supported"] for r in rows} == {True, False}
    two = tmp_path / "two.jsonl"
    plans = "The Pro plan costs $20 per month and the Basic plan costs $5 per month."
    two.write_text(
        json.dumps({"context": plans, "claim": "The Basic plan costs $5 per month.", "supported": True})
        + "\n"
        + json.dumps({"context": plans, "claim": "The Basic plan costs $5 per month.", "supported": False})
        + "\n",
        encoding="utf-8",
    )
    monkeypatch.setitem(coordinated.PAIRS, "everyday", two)
    assert coordinated.main(["--pairs", "everyday"]) == 0
    out = capsys.readouterr().out
    # one of the two labels is wrong whatever the verifier says
    assert "| baseline | 1/2 |" in out
    assert "| model | 1/2 |" in out


def test_made_up_pairs_new_since_a_revision_leave_out_those_it_held() -> None:
    coordinated = load_script("benchmarks/coordinated.py", "faithcheck_bench_coordinated")
    old = {"context": "A costs $5.", "claim": "A costs $5.", "supported": True}
    new = {"context": "A costs $5.", "claim": "A costs $6.", "supported": False}
    assert coordinated.new_rows([old, new], [old]) == [new]
    with pytest.raises(SystemExit):
        coordinated.main(["--pairs", "everyday", "--new-since", "no-such-revision"])
