"""faithcheck: is a RAG answer grounded in the passages it retrieved?

Public API::

    from faithcheck import AnswerRelevancy, Faithfulness, TestCase, faithfulness
    Faithfulness(0.7).evaluate(TestCase(...))   # -> EvalScore
    AnswerRelevancy(0.7).evaluate(TestCase(...))
    faithfulness([0.9, 0.8, 1.0])               # the scoring kernel (seed 000) -> 0.9
    score_dataset("data.jsonl", Faithfulness(), output="scores.jsonl")  # a dataset -> RunResult

The names are imported on first use (PEP 562), so ``import faithcheck`` is quick and the command
line (``python -m faithcheck``) can answer Ctrl-C from its first moment (see :mod:`faithcheck.__main__`).

>>> import faithcheck
>>> sorted(faithcheck.__all__) == sorted(["__version__", *faithcheck._WHERE])
True
"""

from __future__ import annotations

from faithcheck.lazy import lazy_exports

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (type checkers know the name)
if TYPE_CHECKING:
    from faithcheck.answer_relevancy import AnswerRelevancy
    from faithcheck.config import FaithfulnessConfig, InitializationConfig
    from faithcheck.errors import ConfigError, FaithcheckError, InputError, ModelLoadError
    from faithcheck.metric import Faithfulness
    from faithcheck.metrics import Metric
    from faithcheck.runner import RunResult, score_dataset
    from faithcheck.scoring import faithfulness, rescale, weighted_mean
    from faithcheck.steps import ScorerRun
    from faithcheck.types import Claim, ClaimResult, EvalScore, Evidence, Message, TestCase, Usage, Verdict

__version__ = "0.1.0"

_WHERE = {
    "AnswerRelevancy": "faithcheck.answer_relevancy",
    "Claim": "faithcheck.types",
    "ClaimResult": "faithcheck.types",
    "ConfigError": "faithcheck.errors",
    "EvalScore": "faithcheck.types",
    "Evidence": "faithcheck.types",
    "FaithcheckError": "faithcheck.errors",
    "Faithfulness": "faithcheck.metric",
    "FaithfulnessConfig": "faithcheck.config",
    "InitializationConfig": "faithcheck.config",
    "InputError": "faithcheck.errors",
    "Message": "faithcheck.types",
    "Metric": "faithcheck.metrics",
    "ModelLoadError": "faithcheck.errors",
    "ScorerRun": "faithcheck.steps",
    "TestCase": "faithcheck.types",
    "Usage": "faithcheck.types",
    "Verdict": "faithcheck.types",
    "faithfulness": "faithcheck.scoring",
    "rescale": "faithcheck.scoring",
    "RunResult": "faithcheck.runner",
    "score_dataset": "faithcheck.runner",
    "weighted_mean": "faithcheck.scoring",
}
"""Each public name and the module it is defined in."""

__all__ = [
    "AnswerRelevancy",
    "Claim",
    "ClaimResult",
    "ConfigError",
    "EvalScore",
    "Evidence",
    "FaithcheckError",
    "Faithfulness",
    "FaithfulnessConfig",
    "InitializationConfig",
    "InputError",
    "Message",
    "Metric",
    "ModelLoadError",
    "RunResult",
    "ScorerRun",
    "TestCase",
    "Usage",
    "Verdict",
    "__version__",
    "faithfulness",
    "rescale",
    "score_dataset",
    "weighted_mean",
]

__getattr__, __dir__ = lazy_exports("faithcheck", _WHERE)
