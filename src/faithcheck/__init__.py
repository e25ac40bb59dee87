"""faithcheck: is a RAG answer grounded in the passages it retrieved?

Public API::

    from faithcheck import AnswerRelevancy, Faithfulness, TestCase, faithfulness
    Faithfulness(0.7).evaluate(TestCase(...))   # -> EvalScore
    AnswerRelevancy(0.7).evaluate(TestCase(...))
    faithfulness([0.9, 0.8, 1.0])               # the scoring kernel (seed 000) -> 0.9
"""

from faithcheck.answer_relevancy import AnswerRelevancy
from faithcheck.config import FaithfulnessConfig, InitializationConfig
from faithcheck.errors import ConfigError, FaithcheckError, InputError, ModelLoadError
from faithcheck.metric import Faithfulness
from faithcheck.metrics import Metric
from faithcheck.scoring import faithfulness, rescale, weighted_mean
from faithcheck.steps import ScorerRun
from faithcheck.types import Claim, ClaimResult, EvalScore, Evidence, Message, TestCase, Usage, Verdict

__version__ = "0.1.0"

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
    "ScorerRun",
    "TestCase",
    "Usage",
    "Verdict",
    "__version__",
    "faithfulness",
    "rescale",
    "weighted_mean",
]
