"""A trained cross-encoder verifier run with onnxruntime + tokenizers (no torch at run time).

A model bundle is a folder with ``model.onnx`` (inputs ``input_ids`` and ``attention_mask``,
output ``logits`` over the labels of ``label_order``), ``tokenizer.json`` and
``calibration.json``::

    {"temperature": 1.48, "threshold": 0.31, "label_order": ["supported", "not_supported",
     "contradicted"], "max_length": 192}

``training/export_onnx.py`` writes such bundles. Each claim is scored against its evidence
windows in one batch (premise = window, hypothesis = claim); the claim is supported when any
window's calibrated p(supported) reaches ``threshold`` (union over windows), and contradicted
when no window supports it and one contradicts it with confidence.

    from faithcheck import Faithfulness
    from faithcheck.verify.onnx_model import OnnxVerifier
    metric = Faithfulness(verifier_backend=OnnxVerifier.from_dir("path/to/bundle"))
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from faithcheck.config import Lang
from faithcheck.errors import ModelLoadError
from faithcheck.onnx_runtime import load_model, pad_batch
from faithcheck.types import Usage, Verdict
from faithcheck.verify.base import ClaimCheck, ClaimError, VerifierOutput, quote

__all__ = ["Calibration", "OnnxVerifier"]


@dataclass(frozen=True)
class Calibration:
    """How raw logits become calibrated probabilities and a decision."""

    temperature: float
    threshold: float
    label_order: tuple[str, ...]
    max_length: int

    @classmethod
    def load(cls, path: Path) -> Calibration:
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            calibration = cls(
                temperature=float(raw["temperature"]),
                threshold=float(raw["threshold"]),
                label_order=tuple(str(x) for x in raw["label_order"]),
                max_length=int(raw["max_length"]),
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ModelLoadError(f"{path}: not a valid calibration file ({exc})") from None
        if calibration.temperature <= 0 or not 0 <= calibration.threshold <= 1:
            raise ModelLoadError(f"{path}: temperature must be > 0 and threshold in [0, 1]")
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
        batch_size: int = 32,
        threads: int | None = None,
    ):
        self._session, self._tokenizer = load_model(model_path, tokenizer_path, what="verifier model", threads=threads)
        self._tokenizer.enable_truncation(max_length=calibration.max_length, strategy="longest_first")
        self._pad_id = next(
            (i for token in ("<pad>", "[PAD]") if (i := self._tokenizer.token_to_id(token)) is not None), 0
        )
        self.calibration = calibration
        self.contradiction_threshold = contradiction_threshold
        self.batch_size = batch_size
        self._supported = calibration.label_order.index("supported")
        order = calibration.label_order
        self._contradicted = order.index("contradicted") if "contradicted" in order else None

    @classmethod
    def from_dir(cls, folder: str | Path, **options: object) -> OnnxVerifier:
        path = Path(folder)
        missing = [n for n in ("model.onnx", "tokenizer.json", "calibration.json") if not (path / n).is_file()]
        if missing:
            raise ModelLoadError(f"{path} is not a verifier bundle: missing {', '.join(missing)}")
        calibration = Calibration.load(path / "calibration.json")
        return cls(path / "model.onnx", path / "tokenizer.json", calibration, **options)  # type: ignore[arg-type]

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> npt.NDArray[np.float64]:
        """Calibrated label probabilities, one row per (premise, claim) pair."""
        if not pairs:
            return np.zeros((0, len(self.calibration.label_order)))
        rows = []
        for lo in range(0, len(pairs), self.batch_size):
            ids, mask = pad_batch(self._tokenizer.encode_batch(list(pairs[lo : lo + self.batch_size])), self._pad_id)
            logits = np.asarray(self._session.run(["logits"], {"input_ids": ids, "attention_mask": mask})[0])
            scaled = logits.astype(np.float64) / self.calibration.temperature
            scaled -= scaled.max(axis=1, keepdims=True)
            exp = np.exp(scaled)
            rows.append(exp / exp.sum(axis=1, keepdims=True))
        return np.concatenate(rows)

    def verify(self, checks: Sequence[ClaimCheck], lang: Lang) -> list[Verdict]:
        """Judge every claim against its windows, all pairs of the row in one batched pass."""
        pairs = [(w.text, c.claim.text) for c in checks for w in c.windows]
        probs = self.probabilities(pairs)
        verdicts: list[Verdict] = []
        at = 0
        for check in checks:
            n = len(check.windows)
            if n == 0:
                verdicts.append(
                    Verdict(label="unsupported", score=0.0, reason="the context has no text to check against")
                )
                continue
            block = probs[at : at + n]
            at += n
            verdicts.append(self._decide(check, block))
        return verdicts

    def _decide(self, check: ClaimCheck, block: npt.NDArray[np.float64]) -> Verdict:
        support = block[:, self._supported]
        best = int(np.argmax(support))
        p = float(support[best])
        window = check.windows[best]
        if p >= self.calibration.threshold:
            return Verdict(
                label="supported", score=p, reason=f"supported by {quote(window)}", evidence=window.as_evidence()
            )
        if self._contradicted is not None:
            contra = block[:, self._contradicted]
            worst = int(np.argmax(contra))
            if float(contra[worst]) >= self.contradiction_threshold:
                w = check.windows[worst]
                return Verdict(
                    label="contradicted",
                    score=p,
                    reason=f"the context says otherwise (p={float(contra[worst]):.2f}): {quote(w)}",
                    evidence=w.as_evidence(),
                )
        return Verdict(
            label="unsupported",
            score=p,
            reason=f"no passage states this; closest: {quote(window)}",
            evidence=window.as_evidence(),
        )

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        verdicts: list[Verdict | ClaimError] = list(await asyncio.to_thread(self.verify, checks, lang))
        return VerifierOutput(verdicts=verdicts, usage=Usage(claims_local=len(checks)))
