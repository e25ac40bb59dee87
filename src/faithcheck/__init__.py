"""faithcheck: is a RAG answer grounded in the passages it retrieved?

Public API::

    from faithcheck import AnswerRelevancy, Faithfulness, TestCase, faithfulness
    Faithfulness(0.7).evaluate(TestCase(...))   # -> EvalScore
    AnswerRelevancy(0.7).evaluate(TestCase(...))
    faithfulness([0.9, 0.8, 1.0])               # the scoring kernel (seed 000) -> 0.9
    score_dataset("data.jsonl", Faithfulness(), output="scores.jsonl")  # a dataset -> RunResult

A custom verifier or claim extractor (``Faithfulness(verifier_backend=..., extractor_backend=...)``)
is written against ``Verifier`` / ``ClaimExtractor`` and the types they take and return, and a
custom metric against ``Metric`` (``register_metric`` makes it a name the command line knows): all
exported here. Everything under a ``faithcheck._*`` package is internal.

The names are imported on first use (PEP 562), so ``import faithcheck`` is quick and the command
line (``python -m faithcheck``) can answer Ctrl-C from its first moment (see :mod:`faithcheck.__main__`).

>>> import faithcheck
>>> sorted(faithcheck.__all__) == sorted(["__version__", *faithcheck._WHERE])
True
"""

from __future__ import annotations

from faithcheck._core.lazy import lazy_exports

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (type checkers know the name)
if TYPE_CHECKING:
    from faithcheck._core.errors import ConfigError, FaithcheckError, InputError, ModelLoadError
    from faithcheck._core.scoring import faithfulness, rescale, weighted_mean
    from faithcheck._core.types import (
        Claim,
        ClaimResult,
        EvalScore,
        Evidence,
        Message,
        ScoreScale,
        TestCase,
        Usage,
        Verdict,
    )
    from faithcheck._metrics.answer_relevancy import AnswerRelevancy
    from faithcheck._metrics.base import Metric
    from faithcheck._metrics.config import FaithfulnessConfig, InitializationConfig
    from faithcheck._metrics.faithfulness import Faithfulness
    from faithcheck._metrics.registry import MetricOptions, MetricSpec, register_metric
    from faithcheck._metrics.steps import ScorerRun
    from faithcheck._pipeline.extract.base import ClaimExtractor, ExtractedClaim, ExtractorOutput
    from faithcheck._pipeline.verify.base import ClaimCheck, ClaimError, Verifier, VerifierOutput
    from faithcheck._pipeline.verify.evidence import EvidenceWindow
    from faithcheck._pipeline.verify.needs import EvidenceNeeds
    from faithcheck._runs.options import RunOptions
    from faithcheck._runs.runner import RunResult, score_dataset

__version__ = "0.1.0"

_WHERE = {
    "ClaimCheck": "faithcheck._pipeline.verify.base",
    "ClaimError": "faithcheck._pipeline.verify.base",
    "Verifier": "faithcheck._pipeline.verify.base",
    "VerifierOutput": "faithcheck._pipeline.verify.base",
    "EvidenceNeeds": "faithcheck._pipeline.verify.needs",
    "EvidenceWindow": "faithcheck._pipeline.verify.evidence",
    "ClaimExtractor": "faithcheck._pipeline.extract.base",
    "ExtractorOutput": "faithcheck._pipeline.extract.base",
    "ExtractedClaim": "faithcheck._pipeline.extract.base",
    "AnswerRelevancy": "faithcheck._metrics.answer_relevancy",
    "Claim": "faithcheck._core.types",
    "ClaimResult": "faithcheck._core.types",
    "ConfigError": "faithcheck._core.errors",
    "EvalScore": "faithcheck._core.types",
    "Evidence": "faithcheck._core.types",
    "FaithcheckError": "faithcheck._core.errors",
    "Faithfulness": "faithcheck._metrics.faithfulness",
    "FaithfulnessConfig": "faithcheck._metrics.config",
    "InitializationConfig": "faithcheck._metrics.config",
    "InputError": "faithcheck._core.errors",
    "Message": "faithcheck._core.types",
    "Metric": "faithcheck._metrics.base",
    "MetricOptions": "faithcheck._metrics.registry",
    "MetricSpec": "faithcheck._metrics.registry",
    "register_metric": "faithcheck._metrics.registry",
    "RunOptions": "faithcheck._runs.options",
    "ModelLoadError": "faithcheck._core.errors",
    "ScoreScale": "faithcheck._core.types",
    "ScorerRun": "faithcheck._metrics.steps",
    "TestCase": "faithcheck._core.types",
    "Usage": "faithcheck._core.types",
    "Verdict": "faithcheck._core.types",
    "faithfulness": "faithcheck._core.scoring",
    "rescale": "faithcheck._core.scoring",
    "RunResult": "faithcheck._runs.runner",
    "score_dataset": "faithcheck._runs.runner",
    "weighted_mean": "faithcheck._core.scoring",
}
"""Each public name and the module it is defined in."""

__all__ = [
    "AnswerRelevancy",
    "Claim",
    "ClaimCheck",
    "ClaimError",
    "ClaimExtractor",
    "ClaimResult",
    "ConfigError",
    "EvalScore",
    "Evidence",
    "EvidenceNeeds",
    "EvidenceWindow",
    "ExtractedClaim",
    "ExtractorOutput",
    "FaithcheckError",
    "Faithfulness",
    "FaithfulnessConfig",
    "InitializationConfig",
    "InputError",
    "Message",
    "Metric",
    "MetricOptions",
    "MetricSpec",
    "ModelLoadError",
    "RunOptions",
    "RunResult",
    "ScoreScale",
    "ScorerRun",
    "TestCase",
    "Usage",
    "Verdict",
    "Verifier",
    "VerifierOutput",
    "__version__",
    "faithfulness",
    "register_metric",
    "rescale",
    "score_dataset",
    "weighted_mean",
]

__getattr__, __dir__ = lazy_exports("faithcheck", _WHERE)
