from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from faithcheck import Claim, ConfigError, Faithfulness, InputError, TestCase, Verdict
from faithcheck._metrics.config import Lang
from faithcheck._pipeline.verify import BaselineVerifier, ClaimCheck, ClaimError, EvidenceNeeds, VerifierOutput

# -- seed 003 ----------------------------------------------------------------------------------


def test_seed_003_return_policy_scores_half_and_fails(return_policy_case: TestCase) -> None:
    score = Faithfulness(0.7).evaluate(return_policy_case)
    assert score.value == 0.5
    assert score.passed is False
    assert score.status == "ok"
    assert "We offer free return shipping" in score.reason
    labels = [c.verdict.label for c in score.claims]
    assert labels == ["supported", "overclaim"]
    # for the right reason: the evidence is the restricting sentence
    evidence = score.claims[1].verdict.evidence
    assert evidence is not None
    assert evidence.quote == "Return shipping is free for defective items only."
    assert evidence.passage_index == 1


def test_seed_003_faithful_answer_scores_one_and_passes(faithful_case: TestCase) -> None:
    score = Faithfulness(0.7).evaluate(faithful_case)
    assert score.value == 1.0
    assert score.passed is True
    assert score.status == "ok"


def test_accepts_a_row_mapping() -> None:
    score = Faithfulness().evaluate(
        {"input_id": "m", "prompt": "Q?", "sut_response": "The sky is blue.", "retrieved_context": ["The sky is blue."]}
    )
    assert score.value == 1.0


def test_aevaluate_matches_evaluate(return_policy_case: TestCase) -> None:
    metric = Faithfulness(0.7)
    sync = metric.evaluate(return_policy_case)
    result = asyncio.run(metric.aevaluate(return_policy_case))
    assert (result.value, result.passed, result.reason) == (sync.value, sync.passed, sync.reason)


# -- seed 001 worked example and outcome states --------------------------------------------------


def test_irrelevant_claims_are_kept_but_excluded() -> None:
    case = TestCase(
        input_id="w",
        prompt="Tell me about the X200 blender.",
        sut_response=(
            "Hello! The X200 has a 2-year warranty. It has a 1.5 litre jar. "
            "It weighs 4 kg. It comes in red. The warranty covers the motor."
        ),
        retrieved_context=[
            "The X200 blender has a 2-year warranty that covers the motor.",
            "Its jar holds 1.5 litres, and it weighs 4 kg.",
        ],
    )
    score = Faithfulness().evaluate(case)
    labels = [c.verdict.label for c in score.claims]
    assert labels[0] == "irrelevant"
    assert len(score.counted_claims) == 5
    assert score.value == pytest.approx(4 / 5)
    assert "1 irrelevant claim excluded" in score.reason


def test_no_claims_scores_zero_with_status() -> None:
    case = TestCase(
        input_id="n",
        prompt="What are the hours?",
        sut_response="Hello! I hope this helps.",
        retrieved_context=["Open 9 to 5."],
    )
    score = Faithfulness().evaluate(case)
    assert (score.status, score.value, score.passed) == ("no_claims", 0.0, False)
    assert "no claims" in score.reason


def test_empty_answer_is_no_claims() -> None:
    case = TestCase(input_id="e", prompt="Q?", sut_response="", retrieved_context=["Text."])
    score = Faithfulness().evaluate(case)
    assert (score.status, score.value) == ("no_claims", 0.0)


def test_bad_input_raises_naming_the_field() -> None:
    with pytest.raises(InputError, match="retrieved_context"):
        Faithfulness().evaluate({"input_id": "x", "prompt": "Q?", "sut_response": "A.", "retrieved_context": []})


class _BrokenVerifier:
    name = "broken"
    needs = EvidenceNeeds()
    model_id = None

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        raise TimeoutError("judge did not answer in 30 s")


class _ShortVerifier:
    """Returns one verdict too few: the gap must be an error, never 'supported'."""

    name = "short"
    needs = EvidenceNeeds()
    model_id = None

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        return VerifierOutput(verdicts=list(BaselineVerifier().verify(checks, lang)[:-1]))


class _IrrelevantVerifier:
    name = "irrelevant"
    needs = EvidenceNeeds()
    model_id = None

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        return VerifierOutput(verdicts=[Verdict(label="irrelevant", score=0.0, reason="?") for _ in checks])


class _OneClaimErrorVerifier:
    """Judges every claim but the last, which it reports as an error."""

    name = "one-error"
    needs = EvidenceNeeds()
    model_id = None

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        verdicts: list[Verdict | ClaimError] = list(BaselineVerifier().verify(checks, lang)[:-1])
        return VerifierOutput(verdicts=[*verdicts, ClaimError("no valid verdict after 2 re-asks")])


@pytest.mark.parametrize(
    ("backend", "message"),
    [
        (_BrokenVerifier(), "TimeoutError: judge did not answer"),
        (_ShortVerifier(), "returned 1 verdicts for 2 claims"),
        (_IrrelevantVerifier(), "only the filter may"),
        (_OneClaimErrorVerifier(), "claim c2 ('We offer free return shipping.') has no verdict: no valid verdict"),
    ],
)
def test_a_failure_inside_a_row_is_an_error_status(return_policy_case: TestCase, backend: object, message: str) -> None:
    score = Faithfulness(verifier_backend=backend).evaluate(return_policy_case)  # type: ignore[arg-type]
    assert score.status == "error"
    assert score.value is None
    assert score.passed is False
    assert score.message is not None
    assert message in score.message


def test_claims_judged_before_an_error_are_kept(return_policy_case: TestCase) -> None:
    score = Faithfulness(verifier_backend=_OneClaimErrorVerifier()).evaluate(return_policy_case)
    assert score.status == "error"
    assert score.claims[0].verdict is not None
    assert score.claims[0].verdict.label == "supported"
    assert score.claims[1].verdict is None
    assert score.claims[1].error == "no valid verdict after 2 re-asks"


def test_evaluate_works_inside_a_running_event_loop(faithful_case: TestCase) -> None:
    async def inside() -> float | None:
        return Faithfulness().evaluate(faithful_case).value  # e.g. from a notebook cell

    assert asyncio.run(inside()) == 1.0


# -- configuration ---------------------------------------------------------------------------


def test_strict_mode_zeroes_an_answer_with_one_unsupported_claim(return_policy_case: TestCase) -> None:
    score = Faithfulness(0.7, strict_threshold=0.7).evaluate(return_policy_case)
    assert score.value == 0.0
    assert "Strict mode" in score.reason


def test_probability_aggregation_uses_verifier_scores(return_policy_case: TestCase) -> None:
    score = Faithfulness(aggregation="probability").evaluate(return_policy_case)
    scores = [c.verdict.score for c in score.claims]
    assert score.value == pytest.approx(sum(scores) / 2)
    assert 0.0 < score.value < 1.0


def test_inverted_reports_the_unsupported_share_and_passes_low(return_policy_case: TestCase) -> None:
    score = Faithfulness(0.3, inverted=True).evaluate(return_policy_case)
    assert score.value == 0.5
    assert score.unit_value == 0.5
    assert score.passed is False
    faithful = Faithfulness(0.3, inverted=True).evaluate(
        TestCase(input_id="f", prompt="Q?", sut_response="The sky is blue.", retrieved_context=["The sky is blue."])
    )
    assert faithful.value == 0.0
    assert faithful.passed is True


def test_min_max_rescale_and_weight(faithful_case: TestCase, return_policy_case: TestCase) -> None:
    metric = Faithfulness(3.0, min=1.0, max=5.0, weight=2.5)
    assert metric.evaluate(faithful_case).value == 5.0
    half = metric.evaluate(return_policy_case)
    assert (half.value, half.passed, half.weight) == (3.0, True, 2.5)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"threshold": 1.5}, "threshold"),
        ({"strict_threshold": 2.0}, "strict_threshold"),
        ({"lang": "es"}, "lang"),
        ({"min": 1.0, "max": 1.0, "threshold": 1.0}, "max"),
        ({"unknown_option": 1}, "unknown_option"),
        ({"scale": 0}, "scale"),
        ({"evidence_pool": 2}, "evidence_pool"),
    ],
)
def test_bad_configuration_is_a_config_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Faithfulness(**options)  # type: ignore[arg-type]


# -- seed 004 view -----------------------------------------------------------------------------


def test_scorer_run_view(return_policy_case: TestCase) -> None:
    run = Faithfulness(0.7, scale=10).run(return_policy_case)
    assert run.extract_step_result == ["You can return items within 30 days.", "We offer free return shipping."]
    assert [v.verdict for v in run.analyze_step_result.verdicts] == ["yes", "unsure"]
    assert run.score == 5.0
    assert run.extract_prompt is None  # offline: no LLM prompts
    assert run.analyze_prompt is None
    assert "free return shipping" in run.reason


def test_contradiction_maps_to_no() -> None:
    case = TestCase(
        input_id="c",
        prompt="How long is the warranty?",
        sut_response="The warranty lasts 5 years.",
        retrieved_context=["The warranty lasts 2 years."],
    )
    run = Faithfulness().run(case)
    assert [v.verdict for v in run.analyze_step_result.verdicts] == ["no"]
    assert run.score == 0.0


def test_evidence_pool_limits_the_candidates_to_the_best_lexical_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    from faithcheck._pipeline.verify.evidence import DEFAULT_POOL, ContextIndex

    pools: list[int] = []
    select_all = ContextIndex.select_all

    def recording(
        self: ContextIndex, claims: Sequence[str], encoder: object, top_k: int, pool: int = DEFAULT_POOL
    ) -> object:
        pools.append(pool)
        return select_all(self, claims, encoder, top_k, pool)  # type: ignore[arg-type]

    monkeypatch.setattr(ContextIndex, "select_all", recording)
    context = [
        "The battery of the phone lasts two days.",
        "Its screen is bright.",
        "The phone weighs 180 grams.",
        "Charging the phone battery takes one hour.",
        "The phone comes in three colours.",
    ]
    claims = [Claim(id="c1", text="The phone battery lasts two days.", start=0, end=33)]
    narrow = Faithfulness(evidence_top_k=2, evidence_pool=2).select_evidence(claims, "", context)
    assert pools == [2]
    # with a pool of 2 only the two sentences sharing most content words can be chosen
    assert {w.passage_index for w in narrow[0].windows} == {0, 3}
    Faithfulness().select_evidence(claims, "", context)
    assert pools == [2, 4]


def test_the_reason_lists_each_failing_claim_as_its_own_sentence_with_the_numbers_that_differ() -> None:
    score = Faithfulness().evaluate(
        {
            "input_id": "x200",
            "prompt": "Tell me about the X200.",
            "sut_response": "The X200 has a 5-year warranty. It costs 900 dollars. It was launched in 2019.",
            "retrieved_context": [
                "The X200 has a 2-year warranty. It costs 90 dollars and is made in Denver. It was launched in 2021."
            ],
        }
    )
    assert score.reason.startswith("3 of 3 claims are not supported. Claim 'The X200 has a 5-year warranty.'")
    assert score.reason.count("(passage 0). Claim '") == 2  # the claims' reasons read apart
    assert score.reason.endswith("(passage 0).")
    # each claim is shown the numbers of its own sentence, of its kind: not the neighbours' 90 or the
    # model name's 200, and a year against a year
    assert "the context gives 2-year, not 5-year:" in score.reason
    assert "the context gives 90 dollars, not 900 dollars" in score.reason
    assert "the context gives 2021, not 2019:" in score.reason


def test_check_claims_refuses_a_string_where_a_list_belongs() -> None:
    """A string is a sequence too: it used to be read as one passage (or claim) per character."""
    metric = Faithfulness()
    with pytest.raises(InputError, match="field 'retrieved_context': must be a list of passages, got a string"):
        metric.check_claims(["The warranty lasts 2 years."], "The warranty lasts 2 years.")
    with pytest.raises(InputError, match="field 'claims': must be a list of claims, got a string"):
        metric.check_claims("The warranty lasts 2 years.", ["The warranty lasts 2 years."])
    [verdict] = metric.check_claims(["The warranty lasts 2 years."], ["The warranty lasts 2 years."])
    assert verdict.label == "supported"
