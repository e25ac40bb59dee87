"""Fail-closed parsing of LLM replies: lenient about the wrapping, strict about the content.

A reply may come as bare JSON, inside a code fence, or with prose or other JSON around it; the
value used is the first JSON object that has the reply's list (``verdicts`` or ``claims``),
wherever it stands, and only what validates in it is used. Verdicts are keyed by claim id: ids
the request did not ask about are ignored, and any asked id without a valid verdict is reported
missing (to be asked again), never assumed supported.

Parsing takes time linear in the reply's length, whatever the reply holds (a flood of ``{``, JSON
nested 100,000 deep, an unclosed object of megabytes): a reply without the list's key is
rejected by one search, JSON values are decoded only where an object starts with a key, each
decoded value is skipped whole, and failed decodes may cost at most :data:`MAX_FAILED_DECODES`
attempts and a few passes over the reply before it counts as unusable (a re-ask follows).
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from faithcheck._llm.quotes import QUOTE_SEPARATOR

__all__ = [
    "MAX_FAILED_DECODES",
    "RawClaim",
    "RawVerdict",
    "parse_claims",
    "parse_json_object",
    "parse_verdict_list",
    "parse_verdicts",
    "verdicts_schema",
]

_Item = TypeVar("_Item", bound=BaseModel)

MAX_FAILED_DECODES = 32
"""Object starts that may fail to decode before a reply counts as unusable."""
_SCAN_BUDGET_FACTOR = 4
"""Failed decodes may scan at most this many times the reply's length in all (each can scan up
to the whole reply), which keeps the work linear in the reply's length."""

# where a JSON object can start: "{" then a key or "}" (a "{" followed by anything else is prose)
_OBJECT_START = re.compile(r'\{\s*["}]')


class RawVerdict(BaseModel):
    """One verdict of a reply. ``reason`` may be empty for ``supported`` only (its reason is
    composed from the quote); every other label must say why. ``quote`` is one string, its
    pieces joined by ``" ... "`` when it quotes several places; a list of strings (what a model
    may send where no schema binds it) is read as those pieces."""

    model_config = ConfigDict(extra="ignore")

    claim_id: str
    label: Literal["supported", "unsupported", "contradicted", "wrong_entity", "overclaim"]
    reason: str
    quote: str = ""

    @field_validator("quote", mode="before")
    @classmethod
    def _pieces_of_a_list(cls, quote: Any) -> Any:
        if isinstance(quote, list) and all(isinstance(piece, str) for piece in quote):
            return QUOTE_SEPARATOR.join(piece for piece in quote if piece.strip())
        return quote

    @model_validator(mode="after")
    def _reason_unless_supported(self) -> RawVerdict:
        self.reason = self.reason.strip()
        if not self.reason and self.label != "supported":
            raise ValueError(f"reason is empty (only a supported verdict may omit it, not {self.label})")
        return self


class RawClaim(BaseModel):
    """One claim of an extraction reply: ``sentence`` is the 1-based number of the answer
    sentence it comes from (0 or out of range: located by its words)."""

    model_config = ConfigDict(extra="ignore")

    sentence: int = 0
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


def parse_json_object(text: str, *, key: str | None = None) -> dict[str, Any] | None:
    """The first JSON object in ``text`` that has a list under ``key`` (any object when ``key``
    is ``None``), bare, fenced, nested in other JSON or surrounded by prose; else ``None``.

    >>> parse_json_object('Sure! ```json\\n{"a": 1}\\n``` hope that helps')
    {'a': 1}
    >>> parse_json_object('{"note": 1} then {"verdicts": []}', key="verdicts")
    {'verdicts': []}
    >>> parse_json_object('{"a": [1, 2') is None
    True
    """
    budget = _Budget(failures=MAX_FAILED_DECODES, chars=_SCAN_BUDGET_FACTOR * len(text) + 65_536)
    if key is not None:
        if f'"{key}"' not in text:
            return None  # one linear search rejects a reply that cannot hold the object
        # the usual shape first: an object that opens with the key
        opening = re.compile(r"\{\s*" + re.escape(json.dumps(key)) + r"\s*:")
        if (found := _scan(text, opening, key, budget)) is not None:
            return found
    return _scan(text, _OBJECT_START, key, budget)


@dataclass
class _Budget:
    """What failed decodes may still cost: attempts, and characters scanned."""

    failures: int
    chars: int

    def charge(self, chars: int) -> bool:
        """Count one failed decode that scanned ``chars``; whether any budget is left."""
        self.failures -= 1
        self.chars -= chars
        return self.failures > 0 and self.chars > 0


def _scan(text: str, starts: re.Pattern[str], key: str | None, budget: _Budget) -> dict[str, Any] | None:
    decoder = json.JSONDecoder()
    pos = 0
    while budget.failures > 0 and budget.chars > 0 and (start := starts.search(text, pos)) is not None:
        at = start.start()
        try:
            value, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError as exc:
            budget.charge(exc.pos - at + 1)
            pos = at + 1
            continue
        except (ValueError, RecursionError):  # a number of too many digits; nesting too deep
            budget.charge(len(text) - at)  # how far it read is unknown: charge the most
            pos = at + 1
            continue
        if (found := _find_object(value, key)) is not None:
            return found
        pos = end  # what was decoded and did not match is skipped whole
    return None


def _find_object(value: Any, key: str | None) -> dict[str, Any] | None:
    """The first object in ``value`` (breadth first, ``value`` itself first) that has a list
    under ``key`` (any object when ``key`` is ``None``)."""
    queue: deque[Any] = deque([value])
    while queue:
        item = queue.popleft()
        if isinstance(item, dict):
            if key is None or isinstance(item.get(key), list):
                return item
            queue.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            queue.extend(v for v in item if isinstance(v, (dict, list)))
    return None


def verdicts_schema(item: dict[str, Any]) -> dict[str, Any]:
    """The JSON schema of a reply ``{"verdicts": [ITEM, ...]}`` whose items have exactly the
    properties ``item`` describes, all required (structured output for every judge's reply).

    >>> verdicts_schema({"claim_id": {"type": "string"}})["properties"]["verdicts"]["items"]["required"]
    ['claim_id']
    """
    return {
        "type": "object",
        "properties": {
            "verdicts": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": item,
                    "required": list(item),
                    "additionalProperties": False,
                },
            }
        },
        "required": ["verdicts"],
        "additionalProperties": False,
    }


def parse_verdicts(text: str, asked: Iterable[str]) -> tuple[dict[str, RawVerdict], dict[str, str]]:
    """Valid verdicts for the ``asked`` claim ids, and why each other asked id has none."""
    return parse_verdict_list(text, asked, RawVerdict, "claim")


def parse_verdict_list(
    text: str, asked: Iterable[str], model: type[_Item], noun: str
) -> tuple[dict[str, _Item], dict[str, str]]:
    """The valid items of a reply's ``verdicts`` list (each validated as ``model``) for the
    ``asked`` ids, and why each other asked id has none (a malformed item, or none for that
    ``noun``). An id not asked about is ignored; of duplicates, the first valid one counts."""
    asked_ids = list(dict.fromkeys(asked))
    asked_set = set(asked_ids)
    data = parse_json_object(text, key="verdicts")
    items = data.get("verdicts") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return {}, dict.fromkeys(asked_ids, "the reply was not a JSON object with a 'verdicts' list")
    found: dict[str, _Item] = {}
    problems: dict[str, str] = {}
    for item in items:
        if not isinstance(item, dict):
            continue
        claim_id = str(item.get("claim_id", ""))
        if claim_id not in asked_set or claim_id in found:
            continue
        try:
            found[claim_id] = model.model_validate(item)
        except ValidationError as exc:
            problems[claim_id] = "malformed verdict: " + "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'verdict'}: {e['msg']}" for e in exc.errors()
            )
    for claim_id in asked_ids:
        if claim_id in found:
            problems.pop(claim_id, None)
        else:
            problems.setdefault(claim_id, f"no verdict for this {noun} in the reply")
    return found, problems


def parse_claims(text: str) -> list[RawClaim] | None:
    """The claims of an extraction reply, or ``None`` if the reply is unusable."""
    data = parse_json_object(text, key="claims")
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
