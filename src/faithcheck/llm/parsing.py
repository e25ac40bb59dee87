"""Fail-closed parsing of LLM replies: lenient about the wrapping, strict about the content.

A reply may come as bare JSON, inside a code fence, or with prose around it; only what
validates is used. Verdicts are keyed by claim id: ids the request did not ask about are
ignored, and any asked id without a valid verdict is reported missing (to be asked again),
never assumed supported.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

__all__ = ["RawClaim", "RawVerdict", "parse_claims", "parse_json_object", "parse_verdicts"]

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


class RawVerdict(BaseModel):
    model_config = ConfigDict(extra="ignore")

    claim_id: str
    label: Literal["supported", "unsupported", "contradicted", "wrong_entity", "overclaim"]
    reason: str
    evidence_id: str | None = None
    quote: str = ""

    @field_validator("reason")
    @classmethod
    def _reason_not_blank(cls, reason: str) -> str:
        if not reason.strip():
            raise ValueError("reason is empty")
        return reason.strip()


class RawClaim(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str
    text: str
    source: str = ""
    relevant: bool
    reason: str = ""

    @field_validator("text")
    @classmethod
    def _text_not_blank(cls, text: str) -> str:
        if not text.strip():
            raise ValueError("claim text is empty")
        return text.strip()


def parse_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in ``text`` (bare, fenced or surrounded by prose), else ``None``.

    >>> parse_json_object('Sure! ```json\\n{"a": 1}\\n``` hope that helps')
    {'a': 1}
    >>> parse_json_object('{"a": [1, 2') is None
    True
    """
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    decoder = json.JSONDecoder()
    for candidate in candidates:
        start = candidate.find("{")
        while start >= 0:
            try:
                value, _ = decoder.raw_decode(candidate, start)
            except json.JSONDecodeError:
                start = candidate.find("{", start + 1)
                continue
            if isinstance(value, dict):
                return value
            start = candidate.find("{", start + 1)
    return None


def parse_verdicts(text: str, asked: Iterable[str]) -> tuple[dict[str, RawVerdict], dict[str, str]]:
    """Valid verdicts for the ``asked`` claim ids, and why each other asked id has none."""
    asked_ids = list(asked)
    data = parse_json_object(text)
    items = data.get("verdicts") if isinstance(data, dict) else None
    if not isinstance(items, list):
        why = "the reply was not a JSON object with a 'verdicts' list"
        return {}, dict.fromkeys(asked_ids, why)
    found: dict[str, RawVerdict] = {}
    problems: dict[str, str] = {}
    for item in items:
        if not isinstance(item, dict):
            continue
        claim_id = str(item.get("claim_id", ""))
        if claim_id not in asked_ids or claim_id in found:
            continue  # an id we did not ask about, or a duplicate: the first valid one counts
        try:
            found[claim_id] = RawVerdict.model_validate(item)
        except ValidationError as exc:
            problems[claim_id] = "malformed verdict: " + "; ".join(
                f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
            )
    for claim_id in asked_ids:
        if claim_id not in found:
            problems.setdefault(claim_id, "no verdict for this claim in the reply")
        else:
            problems.pop(claim_id, None)
    return found, problems


def parse_claims(text: str) -> list[RawClaim] | None:
    """The claims of an extraction reply, or ``None`` if the reply is unusable."""
    data = parse_json_object(text)
    items = data.get("claims") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return None
    claims: list[RawClaim] = []
    for item in items:
        try:
            claims.append(RawClaim.model_validate(item))
        except ValidationError:
            return None  # a partial claim list would silently drop part of the answer
    return claims
