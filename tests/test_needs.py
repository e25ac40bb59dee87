"""What a verifier declares it reads (``EvidenceNeeds``) decides what the metric selects for it:
windows ranked with or without embeddings, and assembled chunks at the declared budget."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from faithcheck import ClaimCheck, ConfigError, EvidenceNeeds, Faithfulness, VerifierOutput
from faithcheck._core.types import Claim, Lang, Verdict

_FILLER = " ".join(f"Birds sing {n} songs every single morning." for n in ("two", "three", "four", "five", "six"))
_CONTEXT = [f"The brass lamp stands in the hall. {_FILLER}", f"{_FILLER} At night it glows green."]
_CLAIMS = [
    "The brass lamp in the hall glows green at night.",
    "Birds sing two songs every morning.",
    "Birds sing six songs every morning.",
]


class _Recording:
    """A custom verifier: it declares its needs and keeps the checks the metric hands it."""

    name = "recording"
    model_id = None

    def __init__(self, needs: EvidenceNeeds):
        self.needs = needs
        self.seen: list[ClaimCheck] = []

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        self.seen.extend(checks)
        return VerifierOutput(verdicts=[Verdict(label="supported", score=1.0, reason="ok") for _ in checks])


def _checks(
    needs: EvidenceNeeds, claims: Sequence[str] = _CLAIMS[:1], context: Sequence[str] = _CONTEXT
) -> list[ClaimCheck]:
    verifier = _Recording(needs)
    metric = Faithfulness(verifier_backend=verifier)
    verdicts = metric.check_claims(list(claims), list(context))
    assert [v.label for v in verdicts] == ["supported"] * len(claims)
    return verifier.seen


def _claim(text: str) -> Claim:
    return Claim(id="c1", text=text, start=0, end=len(text))


def test_a_verifier_declaring_no_budget_gets_windows_ranked_with_embeddings() -> None:
    (check,) = _checks(EvidenceNeeds())
    assert check.windows
    assert check.chunks == ()
    assert all(w.similarity is not None for w in check.windows)


def test_a_verifier_declaring_a_budget_gets_assembled_chunks_within_it() -> None:
    (check,) = _checks(EvidenceNeeds(budget=48))
    assert check.windows
    assert check.chunks
    assert all(chunk.tokens <= 48 for chunk in check.chunks)
    assert len(check.chunks) <= 4  # MAX_CHUNKS: a local model reads each chunk alone, the best wins


def test_a_verifier_declaring_no_embeddings_gets_lexically_ranked_windows_and_no_encoder() -> None:
    needs = EvidenceNeeds(embeddings=False)
    (check,) = _checks(needs)
    assert check.windows
    assert all(w.similarity is None for w in check.windows)
    assert "encoder" not in Faithfulness(verifier_backend=_Recording(needs)).versions()
    assert "encoder" in Faithfulness(verifier_backend=_Recording(EvidenceNeeds())).versions()


def test_claims_that_share_one_call_share_its_budget() -> None:
    """An LLM-judge-like verifier (3 claims a call, each claim's 4 chunks read together) gets chunks
    of an equal share of its budget; one reading each chunk alone gets the whole budget a chunk."""
    alone = EvidenceNeeds(budget=256)
    together = EvidenceNeeds(budget=256, claims_per_call=3, chunks_together=True)
    assert together.claim_budget(3) == 64
    rooms = " ".join(f"Room number {i} of the museum holds {i} old chairs." for i in range(40))
    long_context = [f"{rooms} {passage}" for passage in _CONTEXT]  # over 256 tokens, none repeated
    shared = _checks(together, _CLAIMS, long_context)
    assert all(check.chunks for check in shared)
    assert all(chunk.tokens <= 64 for check in shared for chunk in check.chunks)
    whole = _checks(alone, _CLAIMS, long_context)
    assert max(chunk.tokens for check in whole for chunk in check.chunks) > 64


def test_chunks_per_claim_and_the_token_counter_are_the_declared_ones() -> None:
    words = EvidenceNeeds(budget=12, chunks_per_claim=2, count_tokens=lambda text: len(text.split()))
    (check,) = _checks(words)
    assert 1 <= len(check.chunks) <= 2
    for chunk in check.chunks:
        assert chunk.tokens == len(chunk.text.split()) <= 12


def test_a_declared_premise_budget_sizes_each_claims_chunks() -> None:
    """A model reading one claim beside its evidence declares the room its input leaves the
    evidence: a longer claim gets smaller chunks."""
    room = EvidenceNeeds(budget=64, premise_budget=lambda claim: 64 - len(claim) // 4)
    short, long = "The lamp glows green.", _CLAIMS[0] + " It stands in the hall of the old brass house."
    checks = _checks(room, [short, long])
    for check in checks:
        assert check.chunks
        assert all(chunk.tokens <= 64 - len(check.claim.text) // 4 for chunk in check.chunks)


class _Undeclared:
    """A verifier written before verifiers declared their needs."""

    name = "undeclared"

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        raise AssertionError("never called")


def test_a_custom_verifier_that_declares_no_needs_is_a_config_error_naming_it() -> None:
    with pytest.raises(ConfigError, match=r"_Undeclared must declare `needs`, a faithcheck.EvidenceNeeds"):
        Faithfulness(verifier_backend=_Undeclared())  # type: ignore[arg-type]


def test_a_custom_verifier_whose_model_id_is_not_a_string_is_a_config_error() -> None:
    verifier = _Recording(EvidenceNeeds())
    verifier.model_id = 3  # type: ignore[assignment]
    with pytest.raises(ConfigError, match=r"verifier_backend _Recording must declare `model_id`"):
        Faithfulness(verifier_backend=verifier)
