"""The LLM judge: claim extraction in one call, verification of all claims in one call, and the
cascade that sends only the claims the local verifier is unsure of.

Fail-closed throughout: a reply that does not parse, a missing or malformed verdict, or a
verdict whose evidence quote is not a meaningful span of the context (:mod:`faithcheck._llm.quotes`)
never becomes ``supported``. Every claim of an answer is checked (in batches), however many.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from faithcheck._core.errors import FaithcheckError
from faithcheck._core.types import Claim, Lang, Usage, Verdict
from faithcheck._llm.client import LLMClient, LLMReply, LLMRequest, ReplyParser
from faithcheck._llm.excerpts import Selection, best_verdict, call_evidence, pack_chunks
from faithcheck._llm.parsing import RawClaim, RawVerdict, parse_claims, parse_verdicts, verdicts_schema
from faithcheck._llm.pricing import Price
from faithcheck._llm.prompts import PROMPT_VERSION, escape_data, load_prompt
from faithcheck._llm.quotes import (
    MIN_QUOTE_TERMS,
    QUOTE_SEPARATOR,
    QuoteMatch,
    is_meaningful_quote,
    locate_quote,
    quote_conflict,
    supported_reason,
)
from faithcheck._llm.settings import DEFAULT_EVIDENCE_BUDGET, LLMSettings
from faithcheck._pipeline.extract.base import ExtractedClaim, ExtractorOutput
from faithcheck._pipeline.extract.relevance import irrelevance_reason
from faithcheck._pipeline.verify.assembly import evidence_for
from faithcheck._pipeline.verify.base import ClaimCheck, ClaimError, LocalVerifier, VerifierOutput
from faithcheck._pipeline.verify.evidence import build_context_index
from faithcheck._pipeline.verify.needs import EvidenceNeeds, estimate_tokens
from faithcheck._pipeline.verify.slots import claim_slots
from faithcheck._text.sentences import TextSpan, split_sentences

__all__ = [
    "CLAIMS_SCHEMA",
    "VERDICTS_SCHEMA",
    "CascadeVerifier",
    "LLMClaimExtractor",
    "LLMVerifier",
    "estimate_tokens",
]

_LABELS = ["supported", "unsupported", "contradicted", "wrong_entity", "overclaim"]

VERDICTS_SCHEMA: dict[str, Any] = verdicts_schema(
    {
        "claim_id": {"type": "string"},
        "label": {"type": "string", "enum": _LABELS},
        "quote": {"type": "string"},
        "reason": {"type": "string"},
    }
)

CLAIMS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "claims": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "sentence": {"type": "integer"},
                    "text": {"type": "string"},
                    "relevant": {"type": "boolean"},
                    "reason": {"type": "string"},
                },
                "required": ["sentence", "text", "relevant", "reason"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["claims"],
    "additionalProperties": False,
}

CHUNKS_PER_CLAIM = 4
"""How many assembled chunks each claim gets for the LLM judge."""
_OUTPUT_TOKENS_PER_VERDICT = 120
_OUTPUT_TOKENS_PER_CLAIM = 80


@dataclass
class CallRecord:
    """Usage, prompts and raw replies of the calls made for one row step."""

    price: Price | None
    usage: Usage = field(default_factory=Usage)
    prompts: list[str] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)

    def record(self, request: LLMRequest, reply: LLMReply) -> None:
        cost = None if self.price is None else self.price.cost(reply.input_tokens, reply.output_tokens)
        if reply.cached:
            cost = 0.0 if self.price is not None else None
        self.usage = self.usage + Usage(
            llm_calls=0 if reply.cached else 1,
            input_tokens=0 if reply.cached else reply.input_tokens,
            output_tokens=0 if reply.cached else reply.output_tokens,
            cache_hits=1 if reply.cached else 0,
            cost_usd=cost,
        )
        self.prompts.append(f"[system]\n{request.system}\n\n[user]\n{request.user}")
        self.raw.append(reply.text)


# -- extraction ---------------------------------------------------------------------------------


class LLMClaimExtractor:
    """One call per answer: atomic, self-contained claims, irrelevant ones marked. Every claim
    of the reply is kept (the verifier checks long lists in batches); none is cut silently.

    The reply is not trusted as it is (:func:`audit_claims`): a claim whose numbers or names do not
    occur in the answer sentence it names is replaced by that sentence as written; an answer
    sentence no claim covers is checked as written; and a claim the LLM marks irrelevant is checked
    anyway unless the offline filter agrees it is not about the question. A rewritten claim ("2
    years" for the answer's "10 years") or a dropped sentence cannot raise the score.
    """

    name = "llm"

    def __init__(self, client: LLMClient, *, price: Price | None = None, retries: int = 1):
        self.client = client
        self.price = price if price is not None else LLMSettings().price(client)
        self.retries = retries

    def build_request(self, question: str, answer: str, lang: Lang, history: str = "") -> LLMRequest:
        prompt = load_prompt("extract", lang)
        if history:  # earlier turns of a conversation, to resolve references in the answer
            question = f"{history}\nuser: {question}"
        # numbered sentences: the reply names a claim's sentence instead of copying its text
        numbered = "\n".join(f"[{i}] {escape_data(s.text)}" for i, s in enumerate(_answer_sentences(answer, lang), 1))
        user = prompt.render(question=escape_data(question), answer=numbered)
        budget = min(8192, 256 + 3 * estimate_tokens(answer) + _OUTPUT_TOKENS_PER_CLAIM * 4)
        return LLMRequest(prompt.system, user, "claims", CLAIMS_SCHEMA, budget, f"extract.{PROMPT_VERSION}.{lang}")

    async def aextract(self, question: str, answer: str, lang: Lang, *, history: str = "") -> ExtractorOutput:
        if not answer.strip():
            return ExtractorOutput(claims=[])
        calls = CallRecord(self.price)
        request = self.build_request(question, answer, lang, history)
        problem = ""
        for _ in range(self.retries + 1):
            reply, raws = await self.client.complete(request, _claims_parser)
            calls.record(request, reply)
            if raws is not None and not reply.truncated:
                sentences = _answer_sentences(answer, lang)
                extracted = [_to_extracted(i, raw, answer, sentences, lang) for i, raw in enumerate(raws)]
                claims = audit_claims(extracted, answer, question, lang)
                return ExtractorOutput(claims=claims, usage=calls.usage, prompts=calls.prompts, raw_responses=calls.raw)
            problem = "the reply was cut off" if reply.truncated else "the reply was not a valid claim list"
            request = LLMRequest(
                request.system,
                request.user,
                request.schema_name,
                request.schema,
                min(16384, request.max_output_tokens * 2),
                request.prompt_version,
            )
        raise FaithcheckError(f"claim extraction failed: {problem} ({self.client.spec.label})")


def audit_claims(claims: Sequence[ExtractedClaim], answer: str, question: str, lang: Lang) -> list[ExtractedClaim]:
    """The LLM's claims, made safe to score (see :class:`LLMClaimExtractor`), in answer order.

    >>> answer = "The warranty lasts 10 years. It covers the motor. Thanks!"
    >>> rewritten = ExtractedClaim(Claim(id="c1", text="The warranty lasts 2 years.", start=0, end=28))
    >>> [(c.claim.text, c.irrelevant_reason is None) for c in audit_claims([rewritten], answer, "", "en")]
    [('The warranty lasts 10 years.', True), ('It covers the motor.', True), ('Thanks!', False)]
    """
    sentences = _answer_sentences(answer, lang)
    kept: list[tuple[int, str, ExtractedClaim]] = []
    covered: set[int] = set()
    for item in claims:
        at = _sentence_of(item.claim, sentences)
        claim = item.claim
        if at is not None:
            covered.add(at)
            if not _facts_in(claim.text, sentences[at].text, answer, lang):
                claim = Claim(id=claim.id, text=sentences[at].text, start=sentences[at].start, end=sentences[at].end)
        reason = item.irrelevant_reason
        if reason is not None and irrelevance_reason(claim.text, question, lang) is None:
            reason = None  # a factual statement the offline filter keeps is checked, whatever the LLM says
        kept.append((claim.start, claim.text, ExtractedClaim(claim, reason)))
    for i, sentence in enumerate(sentences):
        if i not in covered and sentence.text.strip():
            claim = Claim(id="", text=sentence.text, start=sentence.start, end=sentence.end)
            reason = irrelevance_reason(claim.text, question, lang)
            kept.append((claim.start, claim.text, ExtractedClaim(claim, reason)))
    seen: set[tuple[int, str]] = set()
    ordered: list[ExtractedClaim] = []
    for start, text, item in sorted(kept, key=lambda k: k[0]):  # stable: the LLM's order within a sentence
        if (start, text) not in seen:  # two rewritten claims of one sentence become that sentence once
            seen.add((start, text))
            ordered.append(item)
    return [
        ExtractedClaim(item.claim.model_copy(update={"id": f"c{n}"}), item.irrelevant_reason)
        for n, item in enumerate(ordered, 1)
    ]


def _sentence_of(claim: Claim, sentences: Sequence[TextSpan]) -> int | None:
    """The answer sentence the claim's span lies in (most overlap), or ``None``."""
    overlaps = [(min(claim.end, s.end) - max(claim.start, s.start), i) for i, s in enumerate(sentences)]
    best = max(overlaps, default=(0, -1))
    return best[1] if best[0] > 0 else None


def _facts_in(claim: str, sentence: str, answer: str, lang: Lang) -> bool:
    """Every number of ``claim`` occurs in ``sentence``, and every name in the answer (a
    self-contained claim may name what the sentence calls "it"): the claim adds no fact of its own."""
    numbers, names = claim_slots(claim, lang)
    stated = {n.value for n in claim_slots(sentence, lang)[0]}
    lowered = answer.lower()
    return all(n.value in stated for n in numbers) and all(
        any(stem in lowered for stem in name.stems) for name in names
    )


def _claims_parser(text: str) -> tuple[list[RawClaim] | None, bool]:
    claims = parse_claims(text)
    return claims, claims is not None


def _answer_sentences(answer: str, lang: Lang) -> list[TextSpan]:
    """The answer's sentences as the extraction prompt numbers them (the whole answer if the
    splitter finds none)."""
    return list(split_sentences(answer, lang)) or [TextSpan(answer, 0, len(answer))]


def _to_extracted(index: int, raw: RawClaim, answer: str, sentences: Sequence[TextSpan], lang: Lang) -> ExtractedClaim:
    """A claim of the reply, its span the answer sentence it names (1-based); a claim naming no
    sentence of the answer is placed by its words (:func:`_locate_in_answer`)."""
    if 1 <= raw.sentence <= len(sentences):
        start, end = sentences[raw.sentence - 1].start, sentences[raw.sentence - 1].end
    else:
        start, end = _locate_in_answer(raw.source or raw.text, answer, lang)
    claim = Claim(id=f"c{index + 1}", text=raw.text, start=start, end=end)
    reason = None if raw.relevant else (raw.reason.strip() or "not a claim about the question")
    return ExtractedClaim(claim=claim, irrelevant_reason=reason)


def _flexible(quote: str) -> re.Pattern[str] | None:
    words = quote.split()
    if not words:
        return None
    return re.compile(r"\s+".join(re.escape(w) for w in words), re.IGNORECASE)


def _locate_in_answer(source: str, answer: str, lang: Lang) -> tuple[int, int]:
    """The span of ``source`` in the answer; else the sentence sharing most words with it."""
    pattern = _flexible(source)
    if pattern is not None and (m := pattern.search(answer)):
        return m.start(), m.end()
    words = {w.lower() for w in re.findall(r"\w+", source)}
    sentences = split_sentences(answer, lang)
    if not sentences:
        return 0, len(answer)
    best = max(sentences, key=lambda s: len(words & {w.lower() for w in re.findall(r"\w+", s.text)}))
    return best.start, best.end


# -- verification -------------------------------------------------------------------------------


class LLMVerifier:
    """One call per row verifies every claim against its assembled evidence (batched when long).

    Its :attr:`needs` declare an evidence budget: the tokens of context one call shows (the whole
    context, once, when it fits; else the claims' assembled evidence, the claims of a call sharing
    the budget, see :mod:`faithcheck._llm.excerpts`). Its evidence is ranked by the lexical score
    alone (no embeddings): the judge reads the assembled text itself.
    """

    name = "llm"
    model_id = None
    """No weights of its own: the run records its model (``model``) apart."""

    def __init__(
        self,
        client: LLMClient,
        *,
        max_claims_per_call: int = 12,
        repair_attempts: int = 2,
        price: Price | None = None,
        evidence_budget: int = DEFAULT_EVIDENCE_BUDGET,
    ):
        self.client = client
        self.max_claims_per_call = max_claims_per_call
        self.repair_attempts = repair_attempts
        self.price = price if price is not None else LLMSettings().price(client)
        self.evidence_budget = evidence_budget

    @property
    def needs(self) -> EvidenceNeeds:
        """Up to ``max_claims_per_call`` claims a call, who share its evidence budget, each with
        up to :data:`CHUNKS_PER_CLAIM` chunks read together (they share the call's budget with the
        other claims' chunks, so the judge reads them all at once and support may combine them);
        tokens estimated at about 4 characters each, provider-neutral."""
        return EvidenceNeeds(
            embeddings=False,
            budget=self.evidence_budget,
            claims_per_call=self.max_claims_per_call,
            chunks_per_claim=CHUNKS_PER_CLAIM,
            chunks_together=True,
            count_tokens=self.count_tokens,
        )

    def count_tokens(self, text: str) -> int:
        """How the evidence budget is counted: about 4 characters a token, provider-neutral."""
        return estimate_tokens(text)

    def build_request(self, checks: Sequence[ClaimCheck], question: str, lang: Lang) -> LLMRequest:
        """The first call for ``checks``: each claim's best chunk, and its further chunks while
        the call stays within the evidence budget (what does not fit is asked in a later call,
        only for claims not yet supported)."""
        selection, _ = pack_chunks([(c, c.chunks) for c in checks], self.evidence_budget, self.count_tokens)
        return self._request(selection, question, lang)

    def _request(self, selection: Selection, question: str, lang: Lang) -> LLMRequest:
        prompt = load_prompt("verify", lang)
        evidence = call_evidence(selection)
        excerpts = [
            f'<excerpt id="{e.id}" passage="{e.passage_index}">{escape_data(e.text)}</excerpt>'
            for e in evidence.excerpts
        ]
        claims = []
        for check, _ in selection:
            own = "all" if evidence.whole_context else " ".join(evidence.own[check.claim.id]) or "none"
            claims.append(f'<claim id="{check.claim.id}" excerpts="{own}">{escape_data(check.claim.text)}</claim>')
        user = prompt.render(
            question=escape_data(question), excerpts="\n".join(excerpts) or "(no excerpts)", claims="\n".join(claims)
        )
        budget = min(8192, 64 + _OUTPUT_TOKENS_PER_VERDICT * len(selection))
        return LLMRequest(prompt.system, user, "verdicts", VERDICTS_SCHEMA, budget, f"verify.{PROMPT_VERSION}.{lang}")

    def batches(self, checks: Sequence[ClaimCheck]) -> list[list[ClaimCheck]]:
        size = self.max_claims_per_call
        return [list(checks[i : i + size]) for i in range(0, len(checks), size)]

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        if not checks:
            return VerifierOutput(verdicts=[])
        calls = CallRecord(self.price)
        results: dict[str, Verdict | ClaimError] = {}
        try:
            async with asyncio.TaskGroup() as group:  # cancelling the row cancels every batch
                for batch in self.batches(checks):
                    group.create_task(self._verify_batch(batch, lang, calls, results))
        except ExceptionGroup as failed:
            # the other batches are already cancelled; report the first failure as the row's
            raise failed.exceptions[0] from None
        ordered = [results[c.claim.id] for c in checks]
        judged = sum(1 for v in ordered if isinstance(v, Verdict))
        usage = calls.usage + Usage(claims_llm=judged)
        return VerifierOutput(verdicts=ordered, usage=usage, prompts=calls.prompts, raw_responses=calls.raw)

    async def _verify_batch(
        self, batch: list[ClaimCheck], lang: Lang, calls: CallRecord, results: dict[str, Verdict | ClaimError]
    ) -> None:
        """Judge the batch's claims on their chunks, best first; best chunk wins
        (:func:`~faithcheck._llm.excerpts.best_verdict`)."""
        remaining = {c.claim.id: c.chunks for c in batch}
        best: dict[str, Verdict | ClaimError] = {}
        todo = list(batch)
        while todo:
            selection, deferred = pack_chunks(
                [(c, remaining[c.claim.id]) for c in todo], self.evidence_budget, self.count_tokens
            )
            judged = await self._judge(selection, lang, calls)
            later = []
            for check in todo:
                claim_id = check.claim.id
                verdict = best[claim_id] = best_verdict(best.get(claim_id), judged[claim_id])
                supported = isinstance(verdict, Verdict) and verdict.supported
                if claim_id in deferred and not supported:
                    remaining[claim_id] = deferred[claim_id]
                    later.append(check)
            todo = later
        results.update(best)

    async def _judge(self, selection: Selection, lang: Lang, calls: CallRecord) -> dict[str, Verdict | ClaimError]:
        """One call for ``selection``, and re-asks for the claims still without a valid verdict."""
        pending = {check.claim.id: (check, chunks) for check, chunks in selection}
        results: dict[str, Verdict | ClaimError] = {}
        problems: dict[str, str] = {}
        for _ in range(self.repair_attempts + 1):
            # only the claims still without a valid verdict are asked again
            todo = list(pending.values())
            request = self._request(todo, todo[0][0].question, lang)
            reply, (found, problems) = await self.client.complete(request, _verdicts_parser(list(pending)))
            calls.record(request, reply)
            for claim_id, raw in found.items():
                results[claim_id] = _to_verdict(raw, pending[claim_id][0], lang)
                del pending[claim_id]
            if not pending:
                return results
        for claim_id in pending:
            results[claim_id] = ClaimError(
                f"no valid verdict after {self.repair_attempts + 1} attempts: {problems.get(claim_id, 'missing')}"
            )
        return results


def _verdicts_parser(asked: list[str]) -> ReplyParser[tuple[dict[str, RawVerdict], dict[str, str]]]:
    """Parses a verification reply; it is valid (and may be cached) when every asked claim has a
    valid verdict."""

    def parse(text: str) -> tuple[tuple[dict[str, RawVerdict], dict[str, str]], bool]:
        found, problems = parse_verdicts(text, asked)
        return (found, problems), not problems

    return parse


def _to_verdict(raw: RawVerdict, check: ClaimCheck, lang: Lang) -> Verdict:
    """Turn a parsed verdict into a :class:`Verdict`, checking its quote against the context.

    The quote may hold several pieces joined by ``" ... "`` when the support spans sentences or
    passages (:mod:`faithcheck._llm.quotes`); each piece found becomes one
    :class:`~faithcheck._core.types.Evidence` of ``evidence_set``, in reading order, and ``evidence``
    is the longest. A verdict other than ``unsupported`` must quote meaningful spans of the
    context: without a quote, with a piece that is not in the context as whole words (even one of
    several: the judge's support rested on it), or with a piece too short to support the claim or
    not about it, it is downgraded to ``unsupported`` and the reason says so. A ``supported``
    verdict whose quote is not about the claim as a whole, or states a number or name that
    conflicts with the claim's (:func:`~faithcheck._llm.quotes.quote_conflict`), is downgraded too:
    a judge misled by text planted in a passage cannot launder a false claim. A ``supported`` verdict
    comes without a reason (it costs output tokens and says nothing the quote does not); its
    reason is composed from the quote (:func:`~faithcheck._llm.quotes.supported_reason`).
    """
    match = locate_quote(raw.quote, check.passages) if raw.quote.strip() else None
    evidence = match.evidence if match is not None else ()
    best = match.best if match is not None else None
    if raw.label == "unsupported":
        return Verdict(label="unsupported", score=0.0, reason=raw.reason, evidence=best, evidence_set=evidence)
    problem = _quote_problem(raw.quote, match, check.claim.text, lang)
    if problem is None and raw.label == "supported" and match is not None:
        problem = quote_conflict([e.quote for e in match.evidence], check.claim.text, lang)
    if problem is not None:
        judge = f" Judge's reason: {raw.reason}" if raw.reason else ""
        reason = f"downgraded from {raw.label}: the judge {problem}.{judge}"
        return Verdict(label="unsupported", score=0.0, reason=reason)
    if raw.label == "supported":
        reason = raw.reason or supported_reason(evidence)
        return Verdict(label="supported", score=1.0, reason=reason, evidence=best, evidence_set=evidence)
    return Verdict(label=raw.label, score=0.0, reason=raw.reason, evidence=best, evidence_set=evidence)


def _quote_problem(quote: str, match: QuoteMatch | None, claim: str, lang: Lang) -> str | None:
    """Why a verdict's quote does not count (the reason of its downgrade), or ``None`` when it
    does: every piece found in the context, and every piece meaningful."""
    if match is None or not match.pieces:
        return "gave no quote"
    if match.missing:
        several = len(match.pieces) > 1
        what = QUOTE_SEPARATOR.join(match.missing) if several else quote
        of = f", {len(match.missing)} of its {len(match.pieces)} pieces" if several else ""
        return f"quoted text that is not in the context ({what!r}{of})"
    short = [piece for piece in match.pieces if not is_meaningful_quote(piece, claim, lang)]
    if short:
        several = len(match.pieces) > 1
        what = f"{QUOTE_SEPARATOR.join(short)!r} of {quote!r}" if several else repr(quote)
        need = "each piece of a quote needs" if several else "a quote needs"
        return (
            f"quoted too little of the context to support the claim ({what}; {need} at least "
            f"{MIN_QUOTE_TERMS} content words or numbers, or all of a shorter claim's, one of them the claim's)"
        )
    return None


# -- cascade ------------------------------------------------------------------------------------


class CascadeVerifier:
    """The local verifier decides the claims it is confident about (score at or below ``low``, or
    at or above ``high``, and every number and name of the claim aligned with its evidence); only
    the others go to the LLM: the claims in between, and those the local verifier marks
    ``uncertain`` (:attr:`~faithcheck._core.types.Verdict.uncertain`)."""

    name = "cascade"

    def __init__(self, local: LocalVerifier, llm: LLMVerifier, *, low: float = 0.2, high: float = 0.8):
        if not 0.0 <= low <= high <= 1.0:
            raise ValueError(f"cascade band must satisfy 0 <= low ({low}) <= high ({high}) <= 1")
        self.local = local
        self.llm = llm
        self.low = low
        self.high = high
        # the checks carry the LLM stage's assembled evidence (the local stage gets its own, see
        # local_checks), with windows re-ranked by embeddings, whose similarity the baseline reads
        self.needs = dataclasses.replace(llm.needs, embeddings=True)
        self.model_id = local.model_id
        """The local stage's weights decide the claims it is sure of; the LLM's model is recorded apart."""

    def uncertain(self, verdicts: Sequence[Verdict]) -> list[int]:
        """The positions of the verdicts the LLM is asked about."""
        return [i for i, v in enumerate(verdicts) if v.uncertain or self.low < v.score < self.high]

    def local_checks(self, checks: Sequence[ClaimCheck], lang: Lang) -> list[ClaimCheck]:
        """The checks as the local stage reads them: its windows and, for a local verifier that
        declares an evidence budget of its own (the baseline), chunks assembled at that budget, not
        the LLM's share (the weights were fit on their own size); a windows-only one gets none."""
        if self.local.needs.budget is None or not checks:
            return [dataclasses.replace(c, chunks=()) for c in checks]
        # one row: the checks share their passages, and the index they were selected from
        index = checks[0].index
        if index is None or index.lang != lang:
            index = build_context_index(checks[0].passages, lang)
        own = evidence_for(self.local.needs, index, [c.claim.text for c in checks])
        return [dataclasses.replace(c, chunks=chunks) for c, chunks in zip(checks, own, strict=True)]

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        local = await asyncio.to_thread(lambda: self.local.verify(self.local_checks(checks, lang), lang))
        unsure = self.uncertain(local)
        merged: list[Verdict | ClaimError] = list(local)
        usage = Usage(claims_local=len(checks) - len(unsure))
        if not unsure:
            return VerifierOutput(verdicts=merged, usage=usage)
        asked = await self.llm.averify([checks[i] for i in unsure], lang)
        for i, verdict in zip(unsure, asked.verdicts, strict=True):
            merged[i] = verdict
        return VerifierOutput(
            verdicts=merged, usage=usage + asked.usage, prompts=asked.prompts, raw_responses=asked.raw_responses
        )
