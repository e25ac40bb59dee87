"""A trained cross-encoder verifier run with onnxruntime + tokenizers (no torch at run time).

A model bundle is a folder with ``model.onnx`` (inputs ``input_ids`` and ``attention_mask``,
output ``logits`` over the labels of ``label_order``), ``tokenizer.json`` and
``calibration.json``::

    {"temperature": 1.48, "threshold": 0.31, "label_order": ["supported", "not_supported",
     "contradicted"], "max_length": 192, "score_map": {"x": [0.0, 0.3, 1.0], "y": [0.02, 0.4, 0.97]}}

``training/export_onnx.py`` writes such bundles; the one in ``faithcheck/models/verifier`` ships
with the package and is selected with ``verifier="model"`` (see ``MODEL_CARD.md``). Each
claim is scored against its evidence windows in one batch (premise = window, hypothesis = claim);
the claim is supported when any window's calibrated p(supported) reaches ``threshold`` (union over
windows). The claim's score is its best window's p(supported) passed through the bundle's
optional ``score_map``: a non-decreasing piecewise-linear map fit (isotonic) on dev claims through
this very path, since a claim's best of up to 3 windows is calibrated differently from one pair.
A claim no window supports gets the label of the first cue found in its windows
(:mod:`faithcheck._pipeline.verify.cues`: contradicted, wrong_entity, overclaim), else ``contradicted`` when
a window contradicts it with confidence, else ``unsupported``. Cues of the kinds in ``overrule`` also
overrule a supporting window: by default only a dropped restriction ("only"), which seed 003's
overclaim needs (letting the old bag-of-window number and name cues overrule the shipped model cost
about 2.5 points of balanced accuracy on the dev split, ``training/eval_verifier.py``). A bundle's
``calibration.json`` names its own set. A number or a name that the sentence stating the rest of
the claim gives differently (slot alignment, :mod:`faithcheck._pipeline.verify.slots`) always overrules, as
do a change turned the other way and a word of the opposite meaning between the claim's words (cues
marked ``overrules``).

A bundle trained on assembled evidence says ``"evidence": "assembled"`` in its
``calibration.json``: it then declares an evidence budget (its input length), and each claim is
judged against its best window first and, if that does not support it, against its assembled
chunks (:mod:`faithcheck._pipeline.verify.assembly`, each within the input length less the claim), the
union over all of them deciding as above. A verdict from a chunk names every sentence of the chunk
its support rests on (``Verdict.evidence_set``: the sentences that together cover the claim's words
and numbers), and the cues read those sentences.

    from faithcheck import Faithfulness
    from faithcheck._pipeline.verify.onnx_model import OnnxVerifier
    metric = Faithfulness(verifier_backend=OnnxVerifier.from_dir("path/to/bundle"))
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache, partial
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from faithcheck._core.deadline import check_deadline
from faithcheck._core.errors import ModelLoadError
from faithcheck._core.types import Lang, Usage, Verdict
from faithcheck._models.onnx_runtime import load_model, pad_batch
from faithcheck._models.quantization import SAFE_WEIGHT, widest_integer_weight
from faithcheck._pipeline.verify.base import ClaimCheck, ClaimError, VerifierOutput
from faithcheck._pipeline.verify.cues import CUE_COVERAGE, CUE_KINDS, FLAGGED_SCORE_CAP, Cue, find_cue
from faithcheck._pipeline.verify.needs import EvidenceNeeds
from faithcheck._pipeline.verify.units import Unit, cited, contested, unit_verdict
from faithcheck._text.analysis import TextFeatures, analyze, capitalised_stems, coverage
from faithcheck._text.lexicon import get_lexicon

__all__ = [
    "DEFAULT_OVERRULE",
    "Calibration",
    "OnnxVerifier",
    "bundle_verifier",
    "default_model_verifier",
    "shipped_bundle",
]

DEFAULT_OVERRULE = frozenset({"restriction"})
"""Cue kinds that overrule a window the model finds supporting."""


@dataclass(frozen=True)
class Calibration:
    """How raw logits become calibrated probabilities and a decision."""

    temperature: float
    threshold: float
    label_order: tuple[str, ...]
    max_length: int
    overrule: frozenset[str] | None = None
    """Cue kinds that overrule a supporting window (chosen on dev); ``None``: the default set."""
    score_map: tuple[tuple[float, ...], tuple[float, ...]] | None = None
    """(x, y) knots of the claim-score map (see the module docstring); ``None``: scores as they are."""
    evidence: Literal["windows", "assembled"] = "windows"
    """What the model was trained to read: single windows (bundles up to session 7) or assembled
    evidence chunks at its input length (:mod:`faithcheck._pipeline.verify.assembly`)."""

    def claim_score(self, raw: float) -> float:
        """The calibrated score of a claim whose best window gives ``raw``."""
        if self.score_map is None:
            return raw
        return float(np.interp(raw, self.score_map[0], self.score_map[1]))

    @classmethod
    def load(cls, path: Path) -> Calibration:
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            calibration = cls(
                temperature=float(raw["temperature"]),
                threshold=float(raw["threshold"]),
                label_order=tuple(str(x) for x in raw["label_order"]),
                max_length=int(raw["max_length"]),
                overrule=frozenset(str(x) for x in raw["overrule"]) if "overrule" in raw else None,
                score_map=_score_map(raw["score_map"]) if "score_map" in raw else None,
                evidence=_evidence_mode(raw.get("evidence", "windows")),
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ModelLoadError(f"{path}: not a valid calibration file ({exc})") from None
        if calibration.temperature <= 0 or not 0 <= calibration.threshold <= 1:
            raise ModelLoadError(f"{path}: temperature must be > 0 and threshold in [0, 1]")
        if calibration.overrule is not None and not calibration.overrule <= CUE_KINDS:
            raise ModelLoadError(f"{path}: overrule must name cue kinds among {sorted(CUE_KINDS)}")
        if "supported" not in calibration.label_order:
            raise ModelLoadError(f"{path}: label_order must contain 'supported'")
        return calibration


class OnnxVerifier:
    """Verifier backed by an exported cross-encoder bundle (see the module docstring)."""

    name = "model"

    def __init__(
        self,
        model_path: Path,
        tokenizer_path: Path,
        calibration: Calibration,
        *,
        contradiction_threshold: float = 0.5,
        overrule: frozenset[str] | None = None,
        batch_size: int = 1,
        threads: int | None = None,
        window_first: bool = True,
    ):
        self._session, self._tokenizer = load_model(model_path, tokenizer_path, what="verifier model", threads=threads)
        _warn_if_it_can_saturate(model_path)
        self._tokenizer.enable_truncation(max_length=calibration.max_length, strategy="longest_first")
        self._pad_id = next(
            (i for token in ("<pad>", "[PAD]") if (i := self._tokenizer.token_to_id(token)) is not None), 0
        )
        self.calibration = calibration
        self.contradiction_threshold = contradiction_threshold
        if overrule is None:
            overrule = calibration.overrule if calibration.overrule is not None else DEFAULT_OVERRULE
        self.overrule = overrule
        digest = hashlib.sha256(model_path.read_bytes()).hexdigest()[:16]
        score_map = calibration.score_map
        knots = "" if score_map is None else f" score_map={hashlib.sha256(repr(score_map).encode()).hexdigest()[:8]}"
        reads = ""
        if calibration.evidence == "assembled":
            reads = " evidence=assembled" + ("+window-first" if window_first else "")
        self.model_id = (
            f"sha256:{digest} batch={batch_size} threshold={calibration.threshold:g} "
            f"overrule={','.join(sorted(overrule))}{knots}{reads}"
        )
        """Identifies the weights, the pairs per inference, the decision rule, the score map and
        what the model reads (recorded with every dataset run)."""
        self.batch_size = batch_size
        """Pairs per inference; 1 by default. Bundles are quantized by ``quantize_dynamic``, whose
        graph takes one activation scale from the whole batch, padding included: batched, a pair's
        probability depended on the pairs beside it (by up to 0.14 on dev pairs). One at a time it
        depends on the pair alone, and without padding it is faster on CPU (9.6 against 16.1 ms a
        dev pair, 2 cores: ``benchmarks/model_batching.py``)."""
        self.window_first = window_first
        """For a bundle reading assembled evidence: judge each claim's best window first (one short
        pair) and its chunks only when the window does not support it."""
        self.needs = EvidenceNeeds(
            embeddings=False,
            budget=calibration.max_length if self.reads_assembled else None,
            count_tokens=self.count_tokens,
            premise_budget=self.premise_budget,
        )
        """Windows chosen by the lexical score alone (the model reads every window itself) and,
        for a bundle that reads assembled evidence, each claim's chunks cut to the room its input
        leaves beside the claim (:meth:`premise_budget`), counted by its tokenizer, each read alone."""
        self._supported = calibration.label_order.index("supported")
        order = calibration.label_order
        self._contradicted = order.index("contradicted") if "contradicted" in order else None

    @classmethod
    def from_dir(cls, folder: str | Path, *, assembled_at: int | None = None, **options: object) -> OnnxVerifier:
        """The bundle in ``folder``. ``assembled_at``: show it assembled evidence of that many tokens,
        whatever its ``calibration.json`` says (to measure a windows bundle on assembled input, as
        ``training/package_pairs.py`` and ``benchmarks/speed.py`` do; its thresholds were not fit for it)."""
        path = Path(folder)
        missing = [n for n in ("model.onnx", "tokenizer.json", "calibration.json") if not (path / n).is_file()]
        if missing:
            raise ModelLoadError(f"{path} is not a verifier bundle: missing {', '.join(missing)}")
        calibration = Calibration.load(path / "calibration.json")
        if assembled_at is not None:
            calibration = replace(calibration, evidence="assembled", max_length=assembled_at)
        return cls(path / "model.onnx", path / "tokenizer.json", calibration, **options)  # type: ignore[arg-type]

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> npt.NDArray[np.float64]:
        """Calibrated label probabilities, one row per (premise, claim) pair."""
        if not pairs:
            return np.zeros((0, len(self.calibration.label_order)))
        rows = []
        for lo in range(0, len(pairs), self.batch_size):
            check_deadline()
            ids, mask = pad_batch(self._tokenizer.encode_batch(list(pairs[lo : lo + self.batch_size])), self._pad_id)
            logits = np.asarray(self._session.run(["logits"], {"input_ids": ids, "attention_mask": mask})[0])
            scaled = logits.astype(np.float64) / self.calibration.temperature
            scaled -= scaled.max(axis=1, keepdims=True)
            exp = np.exp(scaled)
            rows.append(exp / exp.sum(axis=1, keepdims=True))
        return np.concatenate(rows)

    @property
    def reads_assembled(self) -> bool:
        """Whether this bundle's model reads assembled evidence chunks (else single windows)."""
        return self.calibration.evidence == "assembled"

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` for this model, without special tokens (for the evidence budget)."""
        return len(self._tokenizer.encode(text, add_special_tokens=False).ids)

    def premise_budget(self, claim: str) -> int:
        """The evidence tokens that fit the model's input beside ``claim``: ``<s> evidence </s></s>
        claim </s>`` within ``max_length`` (at least a quarter of it; a longer claim is truncated)."""
        length = self.calibration.max_length
        return max(length // 4, length - 4 - self.count_tokens(claim))

    def units(self, check: ClaimCheck, lang: Lang) -> tuple[Unit, ...]:
        """What the model reads for ``check``: its assembled chunks when the bundle reads them and the
        check has them (after its best window, with :attr:`window_first`, unless one chunk is the
        whole context), else its windows."""
        if self.reads_assembled and check.chunks:
            claim = analyze(check.claim.text, lang)
            chunks = tuple(Unit.of_chunk(chunk, claim, lang) for chunk in check.chunks)
            if self.window_first and check.windows and not check.chunks[0].whole_context:
                return (Unit.of_window(check.windows[0]), *chunks)
            return chunks
        return tuple(Unit.of_window(w) for w in check.windows)

    def verify(self, checks: Sequence[ClaimCheck], lang: Lang) -> list[Verdict]:
        """Judge every claim of a row in two batched passes: each claim against its best unit (window
        or chunk), then only the claims that unit does not support against their other units.

        The decision equals the union over all units (:meth:`decide` on every pair); a claim its
        first unit supports keeps that unit's probability as its score.
        """
        units = [self.units(c, lang) for c in checks]
        first = [u[:1] for u in units]
        first_probs = self.probabilities(_pairs(checks, first))
        verdicts = self._decide_all(checks, first, first_probs, lang)
        again = [i for i, u in enumerate(units) if len(u) > 1 and verdicts[i].label != "supported"]
        if not again:
            return verdicts
        rest_probs = self.probabilities(_pairs([checks[i] for i in again], [units[i][1:] for i in again]))
        row_of_first = np.cumsum([len(u) for u in first]) - 1
        at = 0
        for i in again:
            n = len(units[i]) - 1
            block = np.vstack([first_probs[row_of_first[i] : row_of_first[i] + 1], rest_probs[at : at + n]])
            verdicts[i] = self._decide(checks[i], units[i], block, lang)
            at += n
        return verdicts

    def pairs(self, checks: Sequence[ClaimCheck], lang: Lang) -> list[tuple[str, str]]:
        """The (evidence, claim) pairs the model scores, check by check, unit by unit."""
        return _pairs(checks, [self.units(c, lang) for c in checks])

    def decide(self, checks: Sequence[ClaimCheck], probs: npt.NDArray[np.float64], lang: Lang) -> list[Verdict]:
        """Verdicts from the calibrated probabilities of :meth:`pairs` (one row per pair)."""
        return self._decide_all(checks, [self.units(c, lang) for c in checks], probs, lang)

    def _decide_all(
        self,
        checks: Sequence[ClaimCheck],
        units: Sequence[Sequence[Unit]],
        probs: npt.NDArray[np.float64],
        lang: Lang,
    ) -> list[Verdict]:
        verdicts: list[Verdict] = []
        at = 0
        for check, own in zip(checks, units, strict=True):
            if not own:
                verdicts.append(
                    Verdict(label="unsupported", score=0.0, reason="the context has no text to check against.")
                )
                continue
            verdicts.append(self._decide(check, own, probs[at : at + len(own)], lang))
            at += len(own)
        return verdicts

    def _decide(self, check: ClaimCheck, units: Sequence[Unit], block: npt.NDArray[np.float64], lang: Lang) -> Verdict:
        support = block[:, self._supported]
        order = [int(i) for i in np.argsort(-support, kind="stable")]
        p = self.calibration.claim_score(float(support[order[0]]))
        claim = analyze(check.claim.text, lang)
        verdict = partial(unit_verdict, claim=check.claim.text, lang=lang)
        supporting = [i for i in order if support[i] >= self.calibration.threshold]
        cues = {i: find_cue(claim, units[i].window, check.passages, lang, supports=i in supporting) for i in order}
        overruled = [
            i for i in supporting if (cue := cues[i]) is not None and (cue.overrules or cue.kind in self.overrule)
        ]
        # (a negation too, or a thing said of another, where the unit's own sentence says every word
        # of the claim, as the baseline's does: "There is no setup fee." for "There is a setup fee.",
        # "Access tokens expire after 1 hour; refresh tokens expire after 30 days." for "Access tokens
        # expire after 30 days.")
        said_all = [
            i
            for i in supporting
            if i not in overruled and (cue := cues[i]) is not None and _against_all(cue, claim, units[i], lang)
        ]
        # ... and a unit reading such a sentence in its window, whose own sentence does not say all of
        # the claim: its support rests on the sentence overruled ("The Standard plan ..., with no ads"
        # after "The Basic plan ... includes ads." for "The Basic plan has no ads.")
        said_all_sentences = {units[i].window.sentence for i in said_all}
        overruled += said_all + [
            i
            for i in supporting
            if i not in overruled
            and i not in said_all
            and any(sentence in units[i].window.text for sentence in said_all_sentences)
            and not _says_all(claim, units[i], lang)
        ]
        # a unit saying little of the claim supports nothing where units saying most of it are
        # overruled: "It is closed on Mondays. Admission is free ..." read as support of "The museum
        # is open on Mondays", which "The museum is open ... It is closed on Mondays." contradicts
        about = {i for i in supporting if coverage(claim, analyze(units[i].window.text, lang)) >= CUE_COVERAGE}
        # (nor a unit naming none of the claim's names that a sentence saying all of it, overruled,
        # names: "The Standard plan ..., with no ads. The Premium plan ..." for "The Basic plan has no
        # ads")
        names = capitalised_stems(check.claim.text, lang)
        if any(names <= capitalised_stems(units[i].window.sentence, lang) for i in said_all):
            about = {i for i in about if names <= capitalised_stems(units[i].window.text, lang)}
        kept = [i for i in supporting if i not in overruled and (i in about or not about.intersection(overruled))]
        if kept:  # union over units; the quote is the best-matching evidence among the supporting ones
            best = max(kept, key=lambda i: units[i].window.retrieval_score)
            score = self.calibration.claim_score(float(support[kept[0]]))
            if rival := contested(claim, units, units[best], score, lang):
                return rival
            return verdict(
                "supported", score, f"supported by {cited(units[best])}", units[best], claim=check.claim.text, lang=lang
            )
        if overruled:  # every supporting unit is overruled by a cue, or says little beside those that are
            first = overruled[0]
            cue = cues[first]
            assert cue is not None
            why = f"{cue.why}: {cited(units[first])}"
            return verdict(cue.label, min(p, FLAGGED_SCORE_CAP), why, units[first], claim=check.claim.text, lang=lang)
        for i in sorted(order):  # units in retrieval order
            if (cue := cues[i]) is not None:
                return verdict(
                    cue.label, p, f"{cue.why}: {cited(units[i])}", units[i], claim=check.claim.text, lang=lang
                )
        if self._contradicted is not None:
            contra = block[:, self._contradicted]
            worst = int(np.argmax(contra))
            if float(contra[worst]) >= self.contradiction_threshold:
                why = f"the context says otherwise (p={float(contra[worst]):.2f}): {cited(units[worst])}"
                return verdict("contradicted", p, why, units[worst])
        closest = units[order[0]]
        return verdict(
            "unsupported",
            p,
            f"no passage states this; closest: {cited(closest)}",
            closest,
            claim=check.claim.text,
            lang=lang,
        )

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        verdicts: list[Verdict | ClaimError] = list(await asyncio.to_thread(self.verify, checks, lang))
        return VerifierOutput(verdicts=verdicts, usage=Usage(claims_local=len(checks)))


def _against_all(cue: Cue, claim: TextFeatures, unit: Unit, lang: Lang) -> bool:
    """``cue`` overrules the model's support of ``claim`` by ``unit`` because the unit's own sentence
    says all of the claim (:func:`_says_all`): a negation contradicting it, or a cue of a thing said
    of another ("the context says this of 'refresh' and speaks of 'access' apart")."""
    negation = cue.kind == "negation" and cue.label == "contradicted"
    return (negation or cue.kind == "entity") and _says_all(claim, unit, lang)


def _says_all(claim: TextFeatures, unit: Unit, lang: Lang) -> bool:
    """The unit's own sentence says every word of ``claim``, but for the subject it opens with where
    that sentence opens with a pronoun standing for it ("It is not used for type 1 diabetes." for
    "Metformin is used for type 1 diabetes"; not "It is not recommended during pregnancy." for "The
    vaccine is recommended for adults aged 65 and over")."""
    said = analyze(unit.window.sentence, lang)
    missing = claim.terms - said.terms
    if not missing:
        return True
    # (a pronoun of the lexicon's ``subject_pronouns``, as the slot checks read one: "It", "They")
    opens_with_pronoun = bool(said.tokens) and said.tokens[0] in get_lexicon(lang).subject_pronouns
    subject = analyze(" ".join(claim.text.split()[:_SUBJECT_WORDS]), lang).terms
    return opens_with_pronoun and missing <= subject


_SUBJECT_WORDS = 2
"""The words a claim opens with that a pronoun opening a sentence may stand for ("The vaccine")."""


def _warn_if_it_can_saturate(model_path: Path) -> None:
    """Warn when the graph's int8 weights use all 8 bits: on x86 CPUs without VNNI onnxruntime's
    integer kernels add two products in 16 bits and saturate (:mod:`faithcheck._models.quantization`), so
    there the probabilities differ from those the bundle was calibrated on."""
    import onnx

    widest = widest_integer_weight(onnx.load(str(model_path)))
    if widest > SAFE_WEIGHT:
        warnings.warn(
            f"faithcheck: {model_path}: int8 weights up to ±{widest}; on x86 CPUs without VNNI onnxruntime's "
            "integer kernels can saturate with them, and probabilities then differ from those the bundle was "
            f"calibrated on. Bring them within ±{SAFE_WEIGHT} (training/reduce_weight_range.py) and refit "
            "its calibration.json",
            RuntimeWarning,
            stacklevel=3,
        )


def _evidence_mode(raw: object) -> Literal["windows", "assembled"]:
    if raw == "windows" or raw == "assembled":
        return raw
    raise ValueError(f"evidence must be 'windows' or 'assembled', not {raw!r}")


def _score_map(raw: dict[str, list[float]]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The ``score_map`` of a calibration file, checked: x increasing, y non-decreasing, all in [0, 1]."""
    x, y = tuple(float(v) for v in raw["x"]), tuple(float(v) for v in raw["y"])
    if len(x) != len(y) or len(x) < 2:
        raise ValueError("score_map needs x and y of the same length, at least 2")
    if any(b <= a for a, b in pairwise(x)) or any(b < a for a, b in pairwise(y)):
        raise ValueError("score_map x must increase and y must not decrease")
    if not all(0.0 <= v <= 1.0 for v in (*x, *y)):
        raise ValueError("score_map values must lie in [0, 1]")
    return x, y


def _pairs(checks: Sequence[ClaimCheck], units: Sequence[Sequence[Unit]]) -> list[tuple[str, str]]:
    return [(u.premise, c.claim.text) for c, own in zip(checks, units, strict=True) for u in own]


def shipped_bundle() -> Path:
    """The folder of the verifier model that ships inside the package."""
    return Path(str(resources.files("faithcheck").joinpath("models", "verifier")))


@cache
def default_model_verifier() -> OnnxVerifier:
    """The shipped verifier, loaded once per process."""
    return OnnxVerifier.from_dir(shipped_bundle())


@lru_cache(maxsize=4)
def bundle_verifier(folder: str) -> OnnxVerifier:
    """The verifier of the bundle in ``folder`` (the ``verifier_bundle`` option), loaded once per
    process and folder."""
    return OnnxVerifier.from_dir(Path(folder).expanduser())
