"""The LLM relevance judge of answer relevancy: one call per row judges every statement of the
answer against the question.

It shares the faithfulness judge's client (its concurrency limit, retries and cache), its
fail-closed rules and its usage accounting: a reply enters the cache only when every statement
asked has a valid verdict; a statement whose verdict is missing or malformed is asked again
(alone with the other missing ones) up to ``repair_attempts`` times, and one still without a
valid verdict makes the row an error naming it, never ``relevant``.

Relevant statements come without a reason (it costs output tokens and says nothing); irrelevant
ones carry a ``reason_kind`` (off_topic, restates_question, refuses_or_deflects, generic_filler)
and a short reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from faithcheck._core.types import Lang, Usage
from faithcheck._llm.client import LLMClient, LLMRequest, ReplyParser
from faithcheck._llm.judge import CallRecord
from faithcheck._llm.parsing import parse_verdict_list, verdicts_schema
from faithcheck._llm.pricing import Price
from faithcheck._llm.prompts import escape_data, load_prompt
from faithcheck._llm.settings import LLMSettings
from faithcheck._pipeline.relevancy import ReasonKind, StatementVerdict, quote_statement

__all__ = [
    "RELEVANCE_PROMPT_VERSION",
    "RELEVANCE_SCHEMA",
    "LLMRelevanceJudge",
    "RawRelevance",
    "RelevanceOutput",
    "parse_relevance",
]

RELEVANCE_PROMPT_VERSION = "v1"
_KINDS = ["on_topic", "off_topic", "restates_question", "refuses_or_deflects", "generic_filler"]

RELEVANCE_SCHEMA: dict[str, Any] = verdicts_schema(
    {
        "claim_id": {"type": "string"},
        "label": {"type": "string", "enum": ["relevant", "irrelevant"]},
        "reason_kind": {"type": "string", "enum": _KINDS},
        "reason": {"type": "string"},
    }
)

# a verdict is about 25 tokens when relevant, 40 with a short reason
_OUTPUT_TOKENS_PER_VERDICT = 48
_WHAT: dict[str, str] = {
    "off_topic": "does not address the question",
    "restates_question": "restates the question",
    "refuses_or_deflects": "refuses or deflects instead of answering",
    "generic_filler": "is filler with no content about the question",
}


class RawRelevance(BaseModel):
    """One verdict of a reply. ``relevant`` goes with ``reason_kind`` ``on_topic``; an
    ``irrelevant`` verdict must name one of the four other kinds (its reason may be empty)."""

    model_config = ConfigDict(extra="ignore")

    claim_id: str
    label: Literal["relevant", "irrelevant"]
    reason_kind: ReasonKind
    reason: str = ""

    @model_validator(mode="after")
    def _kind_matches_label(self) -> RawRelevance:
        self.reason = self.reason.strip()
        if (self.label == "relevant") != (self.reason_kind == "on_topic"):
            raise ValueError(f"label {self.label} does not go with reason_kind {self.reason_kind}")
        return self


def parse_relevance(text: str, asked: Sequence[str]) -> tuple[dict[str, RawRelevance], dict[str, str]]:
    """Valid verdicts for the ``asked`` statement ids, and why each other asked id has none.

    >>> found, problems = parse_relevance(
    ...     '{"verdicts": [{"claim_id": "c1", "label": "relevant", "reason_kind": "on_topic", "reason": ""}]}',
    ...     ["c1", "c2"],
    ... )
    >>> sorted(found), problems
    (['c1'], {'c2': 'no verdict for this statement in the reply'})
    """
    return parse_verdict_list(text, asked, RawRelevance, "statement")


@dataclass
class RelevanceOutput:
    """The judge's verdicts (one per statement, in order) or, when any statement has no valid
    verdict, ``failed`` naming it; with the usage, prompts and raw replies of every call made."""

    verdicts: list[StatementVerdict]
    failed: str | None = None
    usage: Usage = field(default_factory=Usage)
    prompts: list[str] = field(default_factory=list)
    raw_responses: list[str] = field(default_factory=list)


class LLMRelevanceJudge:
    """Judges an answer's statements against the question in one call (plus re-asks for the
    statements whose verdict was missing or malformed).

    Parameters
    ----------
    client:
        The shared :class:`~faithcheck._llm.client.LLMClient` (see
        :func:`~faithcheck._llm.settings.client_for`).
    repair_attempts:
        Re-asks for statements without a valid verdict before the row fails.
    price:
        The model's price (default: the built-in table).
    """

    name = "llm"

    def __init__(self, client: LLMClient, *, repair_attempts: int = 2, price: Price | None = None):
        self.client = client
        self.repair_attempts = repair_attempts
        self.price = price if price is not None else LLMSettings().price(client)

    @property
    def version(self) -> str:
        """What decides this judge's verdicts (model, endpoint, prompt version), for resume checks."""
        return f"llm:{self.client.spec.label}:relevance.{RELEVANCE_PROMPT_VERSION}"

    def build_request(
        self, question: str, statements: Sequence[tuple[str, str]], lang: Lang, history: str = ""
    ) -> LLMRequest:
        """The call for ``statements`` (``(id, text)`` pairs); every piece of data is escaped so
        that it stays inside its tag."""
        prompt = load_prompt("relevance", lang, RELEVANCE_PROMPT_VERSION)
        if history:  # earlier turns of a conversation: a follow-up question needs them
            question = f"{history}\nuser: {question}"
        claims = "\n".join(f'<claim id="{sid}">{escape_data(text)}</claim>' for sid, text in statements)
        user = prompt.render(question=escape_data(question), claims=claims)
        budget = min(8192, 64 + _OUTPUT_TOKENS_PER_VERDICT * len(statements))
        version = f"relevance.{RELEVANCE_PROMPT_VERSION}.{lang}"
        return LLMRequest(prompt.system, user, "relevance", RELEVANCE_SCHEMA, budget, version)

    async def ajudge(
        self, question: str, statements: Sequence[tuple[str, str]], lang: Lang, *, history: str = ""
    ) -> RelevanceOutput:
        """Judge ``statements`` (``(id, text)`` pairs, ids unique) against ``question``."""
        if not statements:
            return RelevanceOutput(verdicts=[])
        texts = dict(statements)
        if len(texts) != len(statements):
            raise ValueError("statement ids must be unique")
        calls = CallRecord(self.price)
        found: dict[str, RawRelevance] = {}
        problems: dict[str, str] = {}
        pending = list(texts)
        grow = 1
        for _ in range(self.repair_attempts + 1):
            # only the statements still without a valid verdict are asked again
            request = self.build_request(question, [(sid, texts[sid]) for sid in pending], lang, history)
            if grow > 1:
                request = _with_budget(request, min(16384, request.max_output_tokens * grow))
            reply, (got, problems) = await self.client.complete(request, _parser(pending))
            calls.record(request, reply)
            found.update(got)
            pending = [sid for sid in pending if sid not in found]
            if not pending:
                break
            if reply.truncated:
                grow *= 2
        output = RelevanceOutput(verdicts=[], usage=calls.usage, prompts=calls.prompts, raw_responses=calls.raw)
        if pending:
            sid = pending[0]
            more = f" (and {len(pending) - 1} more)" if len(pending) > 1 else ""
            why = problems.get(sid, "no verdict for this statement in the reply")
            output.failed = (
                f"statement {sid} {quote_statement(texts[sid])}: no valid relevance verdict after "
                f"{self.repair_attempts + 1} attempts ({why}){more}; rerun, or raise llm_repair_attempts"
            )
            return output
        output.verdicts = [_to_verdict(texts[sid], found[sid]) for sid in texts]
        output.usage = output.usage + Usage(claims_llm=len(output.verdicts))
        return output


def _parser(asked: list[str]) -> ReplyParser[tuple[dict[str, RawRelevance], dict[str, str]]]:
    """Valid (and so cached) only when every asked statement has a valid verdict."""

    def parse(text: str) -> tuple[tuple[dict[str, RawRelevance], dict[str, str]], bool]:
        found, problems = parse_relevance(text, asked)
        return (found, problems), not problems

    return parse


def _with_budget(request: LLMRequest, budget: int) -> LLMRequest:
    return LLMRequest(request.system, request.user, request.schema_name, request.schema, budget, request.prompt_version)


def _to_verdict(text: str, raw: RawRelevance) -> StatementVerdict:
    if raw.label == "relevant":
        return StatementVerdict(text, "relevant", "on_topic", 1.0, f"{quote_statement(text)} addresses the question")
    reason = f"{quote_statement(text)} {_WHAT[raw.reason_kind]}"
    if raw.reason:
        reason += f" (judge: {raw.reason})"
    return StatementVerdict(text, "irrelevant", raw.reason_kind, 0.0, reason)
