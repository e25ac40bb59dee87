"""The offline baseline verifier: lexical, number, entity and cue alignment plus embeddings.

This is an honest, documented baseline, not an NLI model. For each piece of evidence it reads it
computes

* ``coverage``: the share of the claim's content stems found in the evidence,
* ``similarity``: the MiniLM cosine of claim and evidence sentence,
* ``missing numbers``: numbers of the claim absent from the evidence,

and maps them to a probability of support with a logistic function whose weights are
stored in ``baseline_weights.json`` (fit on ``../shared/training`` data by
``training/fit_baseline.py``; see that file for the protocol). The cues of
:mod:`faithcheck._pipeline.verify.cues` (a different number, a one-sided negation, a name absent from the
context, a dropped restriction or hedge) overrule it and name the finer failure label.

The pieces of evidence are the claim's windows (a sentence and its neighbours) and, when the
weights file declares an ``evidence_budget``, the claim's assembled chunks
(:mod:`faithcheck._pipeline.verify.assembly`) cut to the sentences that together cover the claim's words
and numbers (at most :data:`~faithcheck._pipeline.verify.units.MAX_ATTRIBUTED`): support spread over
several sentences of the context is read as one piece, scored with the claim's best window
similarity. A claim is supported when any piece supports it (union), and otherwise gets the label
of the piece that explains it best. What it cannot do: paraphrase beyond shared stems and MiniLM
similarity, reasoning beyond what shared words show, and subtle meaning changes that keep the
words.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from faithcheck._core.deadline import check_deadline
from faithcheck._core.types import Label, Lang, Usage, Verdict
from faithcheck._pipeline.verify.base import ClaimCheck, ClaimError, VerifierOutput
from faithcheck._pipeline.verify.cues import CUE_COVERAGE, FLAGGED_SCORE_CAP, find_cue, format_numbers
from faithcheck._pipeline.verify.evidence import EvidenceWindow
from faithcheck._pipeline.verify.needs import EvidenceNeeds
from faithcheck._pipeline.verify.slots import stated_otherwise
from faithcheck._pipeline.verify.units import Unit, cited, contested, unit_verdict
from faithcheck._text.analysis import TextFeatures, analyze, coverage, unstated_numbers
from faithcheck._text.lexicon import get_lexicon

__all__ = ["BaselineVerifier", "BaselineWeights", "window_features"]


@dataclass(frozen=True)
class BaselineWeights:
    """Logistic weights: p(supported) = sigmoid(bias + Σ weight·feature), the decision threshold,
    and the evidence the weights were fit on: windows only (``evidence_budget`` ``None``) or windows
    and assembled chunks of ``evidence_budget`` tokens (about 4 characters each)."""

    bias: float
    coverage: float
    similarity: float
    missing_number: float
    threshold: float = 0.5
    evidence_budget: int | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> BaselineWeights:
        """The weights shipped in ``baseline_weights.json``, or those ``fit_baseline.py`` wrote to ``path``."""
        where = path or resources.files("faithcheck._pipeline.verify").joinpath("baseline_weights.json")
        raw = json.loads(where.read_text("utf-8"))
        budget = raw.get("evidence_budget")
        return cls(
            **{k: float(raw[k]) for k in ("bias", "coverage", "similarity", "missing_number", "threshold")},
            evidence_budget=None if budget is None else int(budget),
        )


_NEEDS_EMBEDDINGS = "the baseline verifier needs windows selected with embeddings (similarity is None)"


def window_features(claim: TextFeatures, window: EvidenceWindow, lang: Lang) -> tuple[float, float, float]:
    """(coverage, similarity, missing-number indicator) of a claim against one piece of evidence."""
    if window.similarity is None:
        raise ValueError(_NEEDS_EMBEDDINGS)
    evidence = analyze(window.text, lang)
    missing = 1.0 if _unstated(claim, evidence, lang) else 0.0
    return coverage(claim, evidence), window.similarity, missing


def _unstated(claim: TextFeatures, evidence: TextFeatures, lang: Lang) -> frozenset[float]:
    """The claim's numbers the evidence does not state (:func:`unstated_numbers`), less those it
    states otherwise (:func:`stated_otherwise`: "750 ml" states "0.75 l", "$10 a month" "$120 a
    year")."""
    unstated = unstated_numbers(claim, evidence)
    return unstated - stated_otherwise(claim.text, evidence.text, unstated, lang) if unstated else unstated


@dataclass(frozen=True)
class _Judged:
    label: Label
    score: float
    reason: str
    unit: Unit
    is_window: bool


class BaselineVerifier:
    """Offline verifier; see the module docstring for what it checks."""

    name = "baseline"

    def __init__(self, weights: BaselineWeights | None = None):
        self.weights = weights or _default_weights()
        w = self.weights
        digest = hashlib.sha256(repr(dataclasses.astuple(w)).encode()).hexdigest()[:16]
        reads = "windows" if w.evidence_budget is None else f"windows+assembled@{w.evidence_budget}"
        self.model_id = f"baseline sha256:{digest} threshold={w.threshold:g} evidence={reads}"
        """Identifies the weights, the threshold and what the baseline reads (recorded with every
        dataset run, so a resumed run never mixes scores of other weights)."""
        self.needs = EvidenceNeeds(budget=w.evidence_budget)
        """Windows with their embedding similarity (a feature of the weights) and, when the weights
        were fit on them, assembled chunks of their ``evidence_budget`` tokens (estimated at about 4
        characters each), up to 4 a claim, each read alone."""

    def probability(self, features: tuple[float, float, float]) -> float:
        cov, sim, missing = features
        w = self.weights
        z = w.bias + w.coverage * cov + w.similarity * sim + w.missing_number * missing
        return 1.0 / (1.0 + math.exp(-z))

    def units(self, check: ClaimCheck, lang: Lang) -> tuple[Unit, ...]:
        """What the baseline reads for ``check``: its windows, then its assembled chunks (each cut to
        the sentences covering the claim and scored with the claim's best window similarity)."""
        windows = tuple(Unit.of_window(w) for w in check.windows)
        if not check.chunks:
            return windows
        claim = analyze(check.claim.text, lang)
        similarities = [w.similarity for w in check.windows]
        if None in similarities:
            raise ValueError(_NEEDS_EMBEDDINGS)
        # no window at all (nothing ranked): nothing embedded supports the claim
        similarity = max((s for s in similarities if s is not None), default=0.0)
        return windows + tuple(Unit.of_chunk(c, claim, lang, similarity=similarity) for c in check.chunks)

    def verify(self, checks: Sequence[ClaimCheck], lang: Lang) -> list[Verdict]:
        """Judge each check (synchronous; pure CPU work)."""
        return [self._verify_one(check, lang) for check in checks]

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        verdicts: list[Verdict | ClaimError] = list(await asyncio.to_thread(self.verify, checks, lang))
        return VerifierOutput(verdicts=verdicts, usage=Usage(claims_local=len(checks)))

    def _verify_one(self, check: ClaimCheck, lang: Lang) -> Verdict:
        check_deadline()
        claim = analyze(check.claim.text, lang)
        units = self.units(check, lang)
        if not units:
            return Verdict(label="unsupported", score=0.0, reason="the context has no text to check against.")
        windows = len(check.windows)
        judged = [self._judge(claim, u, i < windows, check.passages, lang) for i, u in enumerate(units)]
        supporting = [j for j in judged if j.label == "supported"]
        # Union over the pieces: any supporting one decides. Otherwise a specific failure found in
        # a piece about the claim (a cue: number, negation, entity, restriction) explains the
        # verdict better than "unsupported" from the closest-looking one; a window's cue first.
        flagged = [j for j in judged if j.label != "unsupported"]
        if supporting:
            best = max(supporting, key=lambda j: j.score)
            if overruled := contested(claim, units, best.unit, best.score, lang):
                return overruled
            best = _rebutted(claim, best, flagged, lang) or best
        elif flagged:
            best = max(flagged, key=lambda j: (j.is_window, j.unit.window.retrieval_score))
        else:
            best = max(judged, key=lambda j: j.score)
        return unit_verdict(best.label, best.score, best.reason, best.unit, claim=check.claim.text, lang=lang)

    def _judge(
        self, claim: TextFeatures, unit: Unit, is_window: bool, passages: tuple[str, ...], lang: Lang
    ) -> _Judged:
        window = unit.window
        p = self.probability(window_features(claim, window, lang))
        where = cited(unit)
        if cue := find_cue(claim, window, passages, lang, supports=p >= self.weights.threshold):
            return _Judged(cue.label, min(p, FLAGGED_SCORE_CAP), f"{cue.why}: {where}", unit, is_window)
        if p >= self.weights.threshold:
            return _Judged("supported", p, f"supported by {where}", unit, is_window)
        if missing := _unstated(claim, analyze(window.text, lang), lang):
            why = f"the context does not state {format_numbers(missing)}; closest: {where}"
            return _Judged("unsupported", p, why, unit, is_window)
        return _Judged("unsupported", p, f"no passage states this; closest: {where}", unit, is_window)


def _rebutted(claim: TextFeatures, best: _Judged, flagged: Sequence[_Judged], lang: Lang) -> _Judged | None:
    """A window contradicted by a cue whose sentence says all of the claim, where the supporting
    window's own sentence does not (:func:`_said_whole`); or a window flagged by a cue whose sentence
    says most of the claim (:data:`_REBUTTING`) and stands inside the supporting window, whose own
    sentence says less than half of it
    (:data:`~faithcheck._pipeline.verify.cues.CUE_COVERAGE`): the support rests on the flagged
    sentence read as a neighbour ("Breastfeeding women should ask their doctor first" for "Pregnant
    women can take this medicine", beside "Pregnant women should not take this medicine");
    ``None`` if none."""
    own = coverage(claim, analyze(best.unit.window.sentence, lang))
    # (an overclaim too, where the support's own sentence says less than half of the claim: "After
    # 14 days, you can only return items that are faulty" for "After 14 days, you can return any
    # item", beside "You can cancel your order within 14 days of delivery")
    labels = _REBUTTING_LABELS if own >= CUE_COVERAGE else _OUTWEIGHING_LABELS
    if own < 1.0 and (whole := _said_whole(claim, flagged, labels, lang)) is not None:
        return whole
    if own >= CUE_COVERAGE:
        return None  # the window's own sentence says half of the claim or more: the support is its own
    rebutting = [
        (said, j)
        for j in flagged
        if j.is_window
        and j.label in _REBUTTING_LABELS
        and j.unit.window.sentence in best.unit.window.text
        and (said := coverage(claim, analyze(j.unit.window.sentence, lang))) >= _REBUTTING
    ]
    return max(rebutting, key=lambda found: found[0])[1] if rebutting else None


def _said_whole(
    claim: TextFeatures, flagged: Sequence[_Judged], labels: frozenset[Label], lang: Lang
) -> _Judged | None:
    """A window flagged by a cue of one of ``labels`` whose own sentence says every word of the
    claim: it outranks a support whose sentence leaves one out ("Sale items can only be exchanged,
    not refunded" for "Sale items can be refunded", beside "Items bought online can be returned ...
    for a full refund")."""
    return next(
        (
            j
            for j in flagged
            if j.is_window
            and j.label in labels
            and (said := analyze(j.unit.window.sentence, lang))
            and coverage(claim, said) >= 1.0
            and (j.label != "overclaim" or _restricts_alone(claim, said, lang))
        ),
        None,
    )


def _restricts_alone(claim: TextFeatures, sentence: TextFeatures, lang: Lang) -> bool:
    """``sentence`` restricts what ``claim`` says by a word that allows nothing else (the lexicon's
    ``exclusive_words``, "only"), its scope at least half the claim's words; not by a condition or an
    exception a claim may leave out ("renews automatically each year unless cancelled"), nor in a
    part of its own ("but only 23 percent of New Zealand's million inhabitants live there"), nor by
    "the only", which tells a thing is alone of its kind ("the only five states left")."""
    exclusive = get_lexicon(lang).exclusive_words
    return any(
        word in exclusive and 2 * len(scope & claim.content) >= len(scope)
        for word, scope in sentence.restriction_scopes
    )


_REBUTTING_LABELS: frozenset[Label] = frozenset({"contradicted"})
"""What a neighbour must say of the claim to rebut a support: that it says the opposite or another
value; not an overclaim (a hedge or a restriction the claim drops, "in just 19 days", tells little
of a claim the window supports), nor another name (a neighbour's names are as often of other
roles: "Rapid7 ... identified suspected exploitation" for "... to deploy HelloKitty ransomware")."""
_OUTWEIGHING_LABELS: frozenset[Label] = frozenset({"contradicted", "overclaim"})
"""What a window whose sentence says all of the claim may say of it to outweigh a support whose own
sentence says less than half of it: an overclaim too, of a word that allows nothing else
(:func:`_rebutted`, :func:`_restricts_alone`)."""
_REBUTTING = 0.75
"""How much of the claim a neighbour flagged by a cue must say to rebut a window whose own sentence
says less than half of it (:func:`_rebutted`)."""


@cache
def _default_weights() -> BaselineWeights:
    return BaselineWeights.load()
