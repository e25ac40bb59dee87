"""A verdict resting on several sentences: the LLM judge's quote of several pieces, each piece one
:class:`~faithcheck._core.types.Evidence` of ``evidence_set`` (issue 14), checked against a real HTTP
server on loopback."""

from __future__ import annotations

import json

import pytest

from faithcheck import Evidence, Faithfulness, TestCase
from faithcheck._llm.parsing import parse_verdicts
from faithcheck._llm.prompts import load_prompt
from faithcheck._llm.quotes import QUOTE_SEPARATOR, locate_quote, quote_pieces, supported_reason

from .llm_server import FakeLLMServer, Reply

PASSAGES = [
    "Marie Durand founded Lumen in 2004. The firm makes desk lamps in Lyon.",
    "Sales grew every year. In 2015 she sold the company to Philips for 40 million euros.",
]
CASE = TestCase(
    input_id="two-passages",
    prompt="Who bought Lumen?",
    sut_response="The founder of Lumen sold it to Philips in 2015.",
    retrieved_context=PASSAGES,
)
FOUNDED = "Marie Durand founded Lumen in 2004"
SOLD = "In 2015 she sold the company to Philips"


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")


def _judge(server: FakeLLMServer) -> Faithfulness:
    return Faithfulness(
        0.7, verifier="llm", model="gpt-4o-mini", base_url=server.openai_url, cache=False, llm_max_retries=0
    )


def _reply(label: str, quote: str | list[str], reason: str = "") -> Reply:
    verdict = {"claim_id": "c1", "label": label, "quote": quote, "reason": reason}
    return Reply(json.dumps({"verdicts": [verdict]}))


def _span(passage: int, text: str) -> tuple[int, int, int]:
    start = PASSAGES[passage].index(text)
    return passage, start, start + len(text)


# -- through the judge ----------------------------------------------------------------------------


def test_a_support_from_two_passages_yields_two_evidence_in_reading_order(server: FakeLLMServer) -> None:
    # the judge quotes the later passage first: evidence_set comes in reading order all the same
    server.push(_reply("supported", f"{SOLD}{QUOTE_SEPARATOR}{FOUNDED}"))
    score = _judge(server).evaluate(CASE)
    assert score.status == "ok"
    assert score.value == 1.0
    verdict = score.claims[0].verdict
    assert verdict is not None
    assert verdict.label == "supported"
    spans = [(e.passage_index, e.start, e.end) for e in verdict.evidence_set]
    assert spans == [_span(0, FOUNDED), _span(1, SOLD)]
    assert [e.quote for e in verdict.evidence_set] == [FOUNDED, SOLD]
    assert verdict.evidence == verdict.evidence_set[1]  # the longest piece
    assert verdict.reason == f'Supported by "{FOUNDED}" ... "{SOLD}" (passages 0, 1).'
    record = score.model_dump(mode="json")["claims"][0]["verdict"]  # what the JSONL output holds
    assert [e["passage_index"] for e in record["evidence_set"]] == [0, 1]


def test_a_piece_missing_from_the_context_downgrades_the_verdict(server: FakeLLMServer) -> None:
    invented = "she sold the company to Philips in 2015"  # the claim's order, not the passage's
    server.push(_reply("supported", f"{FOUNDED} ... {invented}"))
    score = _judge(server).evaluate(CASE)
    verdict = score.claims[0].verdict
    assert verdict is not None
    assert (verdict.label, verdict.score, score.value) == ("unsupported", 0.0, 0.0)
    assert verdict.reason.startswith(
        f"downgraded from supported: the judge quoted text that is not in the context ({invented!r}, 1 of its 2 pieces)"
    )
    assert verdict.evidence is None
    assert verdict.evidence_set == ()


def test_a_piece_of_single_words_does_not_count(server: FakeLLMServer) -> None:
    # every word is in the context, but not as a phrase that says anything
    server.push(_reply("supported", f"{FOUNDED} ... Philips ... 2015"))
    verdict = _judge(server).evaluate(CASE).claims[0].verdict
    assert verdict is not None
    assert verdict.label == "unsupported"
    assert "quoted too little of the context to support the claim ('Philips ... 2015' of " in verdict.reason
    assert "each piece of a quote needs at least 2 content words" in verdict.reason


def test_a_single_quote_still_works_and_is_its_own_evidence_set(server: FakeLLMServer) -> None:
    server.push(_reply("contradicted", "sold the company to Philips for 40 million euros", "a different price"))
    verdict = _judge(server).evaluate(CASE).claims[0].verdict
    assert verdict is not None
    assert verdict.label == "contradicted"
    assert verdict.evidence is not None
    assert (verdict.evidence.passage_index, verdict.evidence.quote) == (
        1,
        "sold the company to Philips for 40 million euros",
    )
    assert verdict.evidence_set == (verdict.evidence,)


def test_an_unsupported_verdict_keeps_the_pieces_it_found(server: FakeLLMServer) -> None:
    server.push(_reply("unsupported", f"{FOUNDED} ... not in the context at all", "the buyer is not named"))
    verdict = _judge(server).evaluate(CASE).claims[0].verdict
    assert verdict is not None
    assert verdict.label == "unsupported"
    assert [(e.passage_index, e.start, e.end) for e in verdict.evidence_set] == [_span(0, FOUNDED)]


def test_a_list_of_pieces_reads_like_the_joined_string(server: FakeLLMServer) -> None:
    # a model that is not bound by the schema may send the pieces as a JSON list
    server.push(_reply("supported", [FOUNDED, SOLD]))
    verdict = _judge(server).evaluate(CASE).claims[0].verdict
    assert verdict is not None
    assert verdict.label == "supported"
    assert len(verdict.evidence_set) == 2


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_prompt_tells_the_judge_how_to_join_pieces(lang: str) -> None:
    assert f'"{QUOTE_SEPARATOR}"' in load_prompt("verify", lang).user.template  # type: ignore[arg-type]


# -- the pure parts -------------------------------------------------------------------------------


def test_pieces_are_split_on_the_ellipses_models_write() -> None:
    assert quote_pieces("a b ... c d") == ["a b", "c d"]
    assert quote_pieces("a b … c d [...] e f") == ["a b", "c d", "e f"]
    assert quote_pieces("“a b” ... “c d”") == ["a b", "c d"]
    assert quote_pieces("...a b...") == ["a b"]  # elided text before and after: one piece
    assert quote_pieces("a b") == ["a b"]


def test_a_quote_the_context_holds_whole_is_one_piece_even_with_its_own_ellipsis() -> None:
    passages = ["He paused... then left the room."]
    match = locate_quote("He paused... then left", passages)
    assert match.pieces == ("He paused... then left",)
    assert [(e.start, e.end) for e in match.evidence] == [(0, 22)]


def test_overlapping_or_repeated_pieces_become_one_span() -> None:
    passages = ["The sky is blue and the grass is green today."]
    match = locate_quote("sky is blue and ... blue and the grass ... sky is blue", passages)
    assert match.missing == ()
    assert [e.quote for e in match.evidence] == ["sky is blue and the grass"]


def test_verdict_parsing_accepts_a_list_quote_and_rejects_other_shapes() -> None:
    reply = json.dumps(
        {
            "verdicts": [
                {"claim_id": "c1", "label": "supported", "quote": ["a b", " ", "c d"], "reason": ""},
                {"claim_id": "c2", "label": "supported", "quote": [1, 2], "reason": ""},
            ]
        }
    )
    found, problems = parse_verdicts(reply, ["c1", "c2"])
    assert found["c1"].quote == "a b ... c d"
    assert problems["c2"].startswith("malformed verdict: quote")


def test_the_composed_reason_shows_each_piece_and_stays_short() -> None:
    pieces = [Evidence(passage_index=p, start=0, end=400, quote="word " * 80) for p in (3, 0, 3)]
    reason = supported_reason(pieces)
    assert reason.count('"') == 6
    assert reason.endswith("(passages 0, 3).")
    assert len(reason) < 260
