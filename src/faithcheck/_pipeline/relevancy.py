"""The offline relevance judge: does one statement of an answer address the question?

Each statement gets a :class:`StatementVerdict`. Three stages, all offline:

1. **Cues.** The rule-based cues of :func:`faithcheck._pipeline.extract.irrelevance_reason` (greetings,
   thanks, "I hope this helps", "I don't know", questions asked back, text without content,
   "you asked about ...") decide first; they give the finer reasons ``generic_filler``,
   ``refuses_or_deflects`` and ``restates_question``, with ``score`` 0.0.
   Before them, an answer to a yes/no question that opens with a yes, a no, a short answer
   ("You can,") or a condition ("Only if ...") is ``on_topic`` with ``score`` 1.0
   (:mod:`faithcheck._text.answer_forms`), unless what follows it refuses or pads.
2. **The shipped head.** Every other statement is scored by a logistic-regression head that
   faithcheck trains on question/answer data (``training/relevance/train_relevance.py``) and
   ships as ``models/relevance/relevance_head.json``: P(relevant) from the question and the
   statement embedded by all-MiniLM-L6-v2 (:func:`faithcheck._models.embedding.default_encoder`) and a
   few lexical features (shared content stems, entities, numbers). Below the head's threshold
   (chosen on a held-out dev split of its training data) a statement is ``off_topic``.
3. **Context.** The answer's first statement is also read with an object pronoun standing for
   the question's key noun phrase ("Keep them cool" as "Keep the tablets cool"); a statement the
   head finds off-topic that carries on from a relevant one (the rest of its sentence, or a
   pronoun among its first words) is relevant too.

MiniLM is an English model, so English uses the ``full`` head (embedding products and
differences plus the scalar features) and German and French use the ``lexical`` head (the
cosine of the two embeddings and the language's own stems and cues only): see
``training/README.md`` for what each achieves.
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from faithcheck._core.errors import ModelLoadError
from faithcheck._core.types import Lang
from faithcheck._models.embedding import SentenceEncoder, default_encoder
from faithcheck._pipeline.extract import irrelevance_reason
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.answer_forms import (
    continues,
    is_polar_question,
    key_phrase,
    polar_answer_rest,
    resolve_object_anaphor,
)
from faithcheck._text.lexicon import get_lexicon

__all__ = [
    "SCALAR_FEATURES",
    "ReasonKind",
    "RelevanceHead",
    "RelevanceLabel",
    "RelevanceModel",
    "StatementVerdict",
    "default_relevance_model",
    "judge_statements",
    "load_relevance_model",
    "relevance_features",
    "relevance_model_id",
]

RelevanceLabel = Literal["relevant", "irrelevant"]
ReasonKind = Literal["on_topic", "off_topic", "restates_question", "refuses_or_deflects", "generic_filler"]

SCALAR_FEATURES = (
    "cosine",
    "statement_in_question",
    "question_in_statement",
    "shared_entity",
    "statement_has_number",
    "statement_content_words",
    "question_content_words",
)
"""Names of the scalar features, in the order :func:`relevance_features` returns them."""

_MODEL_FILE = "models/relevance/relevance_head.json"
_FORMAT = "faithcheck-relevance-head/1"
# Indices into every lexicon's ``filler_patterns`` (the same order in en, de and fr): "as an AI
# ...", and "I'm not sure / I don't know / I cannot answer ...". The other patterns are
# greetings, thanks and pleasantries: filler, not refusals.
_REFUSAL_PATTERNS = (5, 6)
_QUOTE_CHARS = 80
# Bumped when the rules around the head change what it decides (issue 28: answers read in context),
# so that the judge's id changes with them.
_RULES_VERSION = "answer-forms/1"


@dataclass(frozen=True)
class StatementVerdict:
    """Whether one statement addresses the question, and why."""

    statement: str
    label: RelevanceLabel
    reason_kind: ReasonKind
    score: float
    """P(relevant) in [0, 1] from the shipped head; 0.0 when a rule-based cue decided, 1.0 for a
    direct answer to a yes/no question; a statement that continues the one before it takes
    that one's score."""
    reason: str
    """One sentence that quotes the statement and says what it does."""


@dataclass(frozen=True)
class RelevanceHead:
    """One logistic-regression head: P(relevant) = sigmoid(features · coef + intercept)."""

    name: str
    features: tuple[str, ...]
    """``SCALAR_FEATURES``, then ``prod_0..prod_383`` and ``diff_0..diff_383`` for a full head."""
    coef: npt.NDArray[np.float64]
    intercept: float
    threshold: float
    """Relevant iff P(relevant) >= threshold (chosen on the dev split)."""

    @property
    def uses_embeddings(self) -> bool:
        return len(self.features) > len(SCALAR_FEATURES)

    def probability(
        self, scalars: npt.NDArray[np.float64], interactions: npt.NDArray[np.float64]
    ) -> npt.NDArray[np.float64]:
        """P(relevant) for each row of ``scalars`` (and ``interactions`` when the head uses them)."""
        x = np.hstack([scalars, interactions]) if self.uses_embeddings else scalars
        logits = x @ self.coef + self.intercept
        return np.asarray(1.0 / (1.0 + np.exp(-np.clip(logits, -50.0, 50.0))), dtype=np.float64)


@dataclass(frozen=True)
class RelevanceModel:
    """The shipped heads: ``full`` for English, ``lexical`` for German and French."""

    full: RelevanceHead
    lexical: RelevanceHead

    def head_for(self, lang: Lang) -> RelevanceHead:
        return self.full if lang == "en" else self.lexical


def load_relevance_model(path: Path) -> RelevanceModel:
    """Load a relevance head file written by ``training/relevance/train_relevance.py``.

    Raises :class:`~faithcheck._core.errors.ModelLoadError` naming the file when it is missing or not
    a relevance head file.
    """
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelLoadError(f"relevance head {path}: cannot be read ({exc}); reinstall faithcheck") from exc
    if not isinstance(raw, dict) or raw.get("format") != _FORMAT:
        raise ModelLoadError(f"relevance head {path}: not a {_FORMAT!r} file; reinstall faithcheck")
    try:
        heads = {name: _parse_head(name, raw["heads"][name]) for name in ("full", "lexical")}
    except (KeyError, TypeError, ValueError) as exc:
        raise ModelLoadError(f"relevance head {path}: malformed ({exc!r}); reinstall faithcheck") from exc
    return RelevanceModel(full=heads["full"], lexical=heads["lexical"])


def _parse_head(name: str, raw: dict[str, object]) -> RelevanceHead:
    features = tuple(str(f) for f in raw["features"])  # type: ignore[attr-defined]
    coef = np.asarray(raw["coef"], dtype=np.float64)
    if coef.shape != (len(features),) or features[: len(SCALAR_FEATURES)] != SCALAR_FEATURES:
        raise ValueError(f"head {name!r}: {coef.shape[0]} weights for {len(features)} features")
    threshold = float(raw["threshold"])  # type: ignore[arg-type]
    if not 0.0 <= threshold <= 1.0:
        raise ValueError(f"head {name!r}: threshold {threshold} outside [0, 1]")
    return RelevanceHead(name, features, coef, float(raw["intercept"]), threshold)  # type: ignore[arg-type]


_default: RelevanceModel | None = None
_default_lock = threading.Lock()


def default_relevance_model() -> RelevanceModel:
    """The relevance heads that ship with faithcheck, loaded once per process."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                with resources.as_file(resources.files("faithcheck").joinpath(_MODEL_FILE)) as path:
                    _default = load_relevance_model(path)
    return _default


def relevance_model_id() -> str:
    """sha256 of the shipped relevance heads and the version of the rules around them, so a
    resumed run never mixes two judges."""
    data = resources.files("faithcheck").joinpath(_MODEL_FILE).read_bytes()
    return "sha256:" + hashlib.sha256(data + _RULES_VERSION.encode()).hexdigest()


def relevance_features(
    question_vec: npt.NDArray[np.float32],
    statement_vecs: npt.NDArray[np.float32],
    question: TextFeatures,
    statements: Sequence[TextFeatures],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The head's inputs for each statement: ``(scalars, interactions)``.

    ``scalars`` has one column per name in :data:`SCALAR_FEATURES`; ``interactions`` is the
    element-wise product and the absolute difference of the unit embeddings (768 columns).
    Training and inference both call this, so the two cannot drift apart.

    >>> import numpy as np
    >>> q, s = np.eye(2, dtype=np.float32)[:1], np.eye(2, dtype=np.float32)
    >>> texts = [analyze("The lid is free."), analyze("No.")]
    >>> scalars, inter = relevance_features(q, s, analyze("Is the lid free?"), texts)
    >>> scalars[:, 0].tolist(), scalars[:, 1].tolist(), inter.shape
    ([1.0, 0.0], [1.0, 0.0], (2, 4))
    """
    q = np.asarray(question_vec, dtype=np.float64).reshape(-1)
    s = np.asarray(statement_vecs, dtype=np.float64)
    rows = []
    for vec, feats in zip(s, statements, strict=True):
        shared = len(feats.content & question.content)
        rows.append(
            [
                float(vec @ q),
                shared / len(feats.content) if feats.content else 0.0,
                shared / len(question.content) if question.content else 0.0,
                1.0 if feats.entities & question.entities else 0.0,
                1.0 if feats.numbers else 0.0,
                math.log1p(len(feats.content)),
                math.log1p(len(question.content)),
            ]
        )
    scalars = np.asarray(rows, dtype=np.float64).reshape(len(statements), len(SCALAR_FEATURES))
    interactions = np.hstack([s * q, np.abs(s - q)])
    return scalars, interactions


def judge_statements(
    question: str,
    statements: Sequence[str],
    lang: Lang = "en",
    *,
    encoder: SentenceEncoder | None = None,
    model: RelevanceModel | None = None,
) -> list[StatementVerdict]:
    """Judge each statement of an answer against the question it should answer.

    Deterministic: the same inputs give the same verdicts. The question and all statements
    that no cue decides are embedded in one ``encode`` call.

    Parameters
    ----------
    question:
        The user's question (the row's ``prompt``); must contain some text.
    statements:
        The answer's statements, e.g. the texts of :func:`faithcheck._pipeline.extract.extract_claims`.
    lang:
        ``"en"``, ``"de"`` or ``"fr"``: picks the lexicon, the stemmer and the head.
    encoder, model:
        The sentence encoder and relevance heads; the shipped ones by default.

    Returns
    -------
    list[StatementVerdict]
        One verdict per statement, in order.

    Examples
    --------
    >>> verdicts = judge_statements(
    ...     "How long is the warranty on the blender?",
    ...     ["The blender's warranty lasts two years.", "Paris is the capital of France.", "I hope this helps!"],
    ... )
    >>> [(v.label, v.reason_kind) for v in verdicts]
    [('relevant', 'on_topic'), ('irrelevant', 'off_topic'), ('irrelevant', 'generic_filler')]
    """
    if not isinstance(question, str) or not question.strip():
        raise ValueError("question must be a non-empty string (the row's 'prompt')")
    if isinstance(statements, str):
        raise TypeError("statements must be a sequence of strings, not one string")
    if any(not isinstance(s, str) for s in statements):
        raise TypeError("statements must be a sequence of strings")
    polar = is_polar_question(question, lang)
    cued: dict[int, StatementVerdict] = {}
    for i, text in enumerate(statements):
        verdict = _polar_verdict(text, question, lang) if polar else None
        verdict = verdict or _cue_verdict(text, question, lang)
        if verdict is not None:
            cued[i] = verdict
    todo = [i for i in range(len(statements)) if i not in cued]
    if todo:
        cued.update(_head_verdicts(question, statements, todo, lang, encoder, model))
    return _with_continuations([cued[i] for i in range(len(statements))], lang)


def _head_verdicts(
    question: str,
    statements: Sequence[str],
    todo: list[int],
    lang: Lang,
    encoder: SentenceEncoder | None,
    model: RelevanceModel | None,
) -> dict[int, StatementVerdict]:
    """The shipped head's verdicts for the statements ``todo``, in one ``encode`` call.

    The answer's first statement is also read with its object pronoun standing for the
    question's key noun phrase ("Keep *them* cool" as "Keep *the tablets* cool"): nothing earlier
    in the answer can be what the pronoun refers to, so the question is.
    """
    head = (model or default_relevance_model()).head_for(lang)
    texts = [statements[i] for i in todo]
    phrase = key_phrase(question, lang) if todo[0] == 0 else None
    resolved = resolve_object_anaphor(statements[0], phrase, lang) if phrase else None
    if resolved is not None:
        texts.append(resolved)
    vectors = (encoder or default_encoder()).encode([question, *texts])
    scalars, interactions = relevance_features(
        vectors[0], vectors[1:], analyze(question, lang), [analyze(t, lang) for t in texts]
    )
    probabilities = [float(p) for p in head.probability(scalars, interactions)]
    verdicts = {i: _head_verdict(statements[i], p, head.threshold) for i, p in zip(todo, probabilities, strict=False)}
    if resolved is not None and phrase is not None and probabilities[-1] > probabilities[0]:
        verdicts[0] = _head_verdict(statements[0], probabilities[-1], head.threshold, reading=phrase)
    return verdicts


def _with_continuations(verdicts: list[StatementVerdict], lang: Lang) -> list[StatementVerdict]:
    """A statement the head finds off-topic that carries on from a statement that addresses the
    question (the rest of its sentence, or a pronoun referring back) addresses it too."""
    out = list(verdicts)
    for i in range(1, len(out)):
        before, verdict = out[i - 1], out[i]
        carried = verdict.reason_kind == "off_topic" and before.label == "relevant"
        if carried and continues(before.statement, verdict.statement, lang):
            what = "continues the previous statement, which addresses the question"
            out[i] = StatementVerdict(
                verdict.statement,
                "relevant",
                "on_topic",
                before.score,
                f"{quote_statement(verdict.statement)} {what}",
            )
    return out


def quote_statement(text: str) -> str:
    text = " ".join(text.split())
    return f'"{text}"' if len(text) <= _QUOTE_CHARS else f'"{text[: _QUOTE_CHARS - 1]}…"'


def _cue_verdict(text: str, question: str, lang: Lang) -> StatementVerdict | None:
    why = irrelevance_reason(text, question, lang)
    if why is None:
        return None
    kind: ReasonKind
    if why == "restates the question":
        kind, what = "restates_question", "restates the question"
    elif why == "a question, not a claim":
        kind, what = "refuses_or_deflects", "asks a question instead of answering"
    elif why == "greeting or filler, not a claim" and _is_refusal(text, lang):
        kind, what = "refuses_or_deflects", "refuses or declines to answer"
    else:
        kind, what = "generic_filler", "is filler with no content about the question"
    return StatementVerdict(text, "irrelevant", kind, 0.0, f"{quote_statement(text)} {what}")


def _polar_verdict(text: str, question: str, lang: Lang) -> StatementVerdict | None:
    """A yes, a no, a short answer or a condition answers a yes/no question outright, unless
    what follows it refuses ("No, I don't know.") or pads ("No, thanks.")."""
    rest = polar_answer_rest(text, lang)
    if rest is None:
        return None
    after = _cue_verdict(rest, question, lang) if rest else None
    if after is not None and (after.reason_kind == "refuses_or_deflects" or _is_filler(rest, lang)):
        what = after.reason[len(quote_statement(rest)) + 1 :]
        return StatementVerdict(text, "irrelevant", after.reason_kind, 0.0, f"{quote_statement(text)} {what}")
    what = "answers the yes/no question directly"
    return StatementVerdict(text, "relevant", "on_topic", 1.0, f"{quote_statement(text)} {what}")


def _is_filler(text: str, lang: Lang) -> bool:
    lowered = text.strip().lower().replace("’", "'")
    return any(p.search(lowered) for p in get_lexicon(lang).filler_patterns)


def _is_refusal(text: str, lang: Lang) -> bool:
    patterns = get_lexicon(lang).filler_patterns
    lowered = text.strip().lower().replace("’", "'")
    return any(patterns[i].search(lowered) for i in _REFUSAL_PATTERNS if i < len(patterns))


def _head_verdict(text: str, p: float, threshold: float, *, reading: str | None = None) -> StatementVerdict:
    if p >= threshold:
        how = f', reading its pronoun as "{reading}"' if reading else ""
        return StatementVerdict(
            text, "relevant", "on_topic", p, f"{quote_statement(text)} addresses the question{how} (P={p:.2f})"
        )
    return StatementVerdict(
        text, "irrelevant", "off_topic", p, f"{quote_statement(text)} does not address the question (P={p:.2f})"
    )
