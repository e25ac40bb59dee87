"""Contrast benchmark: minimal edits that make a supported claim unfaithful while keeping its words.

Human labels say how often a verifier agrees with people; they say little about whether it reads a
claim's *facts*. This benchmark takes claims that people marked as supported and edits one fact at
a time, each kind separately (:data:`KINDS`):

* ``number_swap``: a number replaced by another number that the context states elsewhere (of the
  same kind: a year for a year, anything else for anything else);
* ``number_shift``: a number, date or amount shifted to one the context never states;
* ``unit``: a unit changed (kg → lb, days → weeks, million → billion ...);
* ``ordinal``: a rank written as a word shifted by one to a rank the context never gives the
  word after it ("the third quarter" → "the fourth quarter", "her second title" → "her first
  title");
* ``name_swap``: the name of an actor replaced by another actor's name of the context with as many
  words (an actor's name: capitalised words not after a preposition or an article);
* ``place_swap``: a place after a preposition ("born in Steventon", "the capital of Germany")
  replaced by another place of the context after one, with as many words;
* ``negation``: a negation inserted after the first auxiliary verb, or removed;
* ``quantifier``: a quantifier or modal strengthened (some → all, may → will, often → always);
* ``restriction``: a restriction the context states too dropped with its scope ("only for
  defective items", "for members only", ", unless ...", ", except ...", "if ..."), else the
  restricting word alone;
* ``direction``: a word of change turned to its opposite (rose → fell, increased → decreased,
  grew → shrank, higher → lower), the first one of the claim.

Every edit is a claim the context does not support. For each kind the table gives the share of
edits **caught** (not supported) among the edits whose original the verifier **accepts** (a
verifier that rejects everything catches everything, so the share of originals accepted is
reported beside it and must not fall). A line under the table counts what a cascade would still
send to the LLM: the accepted originals marked ``uncertain`` and, per kind, the missed edits marked
``uncertain``.

Protocol (fixed before any figure was seen): the supported claims of the dev sets in
``../shared/benchmarks``, each checked with ``Faithfulness.check_claims`` together with its edits:

* WiCE dev: claims labelled ``supported``, against the whole article as one passage;
* Factcheck-GPT: pairs labelled ``completely-support``, against their evidence passage;
* BEGIN (WoW test): ``Fully attributable`` responses, against their knowledge sentence;
* SummEdits: each sentence of the consistent summaries (label 1), against the document.

Edits are deterministic: each claim's generator is seeded with ``--seed``, the set and the row.
The edits are rules over the claim's own text: a generator of training pairs
(``training/slot_pairs.py``) uses the same rules on ``../shared/training`` only.

Usage::

    python benchmarks/contrast.py --limit 100               # the shipped default, 100 claims a set
    python benchmarks/contrast.py --verifier model          # the trained model instead
    python benchmarks/contrast.py --bundle DIR --verifier model   # an exported bundle
    python benchmarks/contrast.py --show 5                  # print 5 edits of each kind
    python benchmarks/contrast.py --training factcg_cg2c_doc,fever_nli --limit 150   # on training data
    python benchmarks/contrast.py --training qags --limit 1000 --verdicts after.jsonl   # each original's verdict
    python benchmarks/contrast.py --compare before.jsonl after.jsonl   # the originals whose verdict changed
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
TRAINING = SHARED.parent / "training"

KINDS = (
    "number_swap",
    "number_shift",
    "unit",
    "ordinal",
    "name_swap",
    "place_swap",
    "negation",
    "quantifier",
    "restriction",
    "direction",
)

# -- the edits --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ContrastEdit:
    """One edit of a supported claim: ``edited`` is ``original`` with one fact changed.

    ``label`` is what the edit makes of the claim: ``contradicted`` (the context states otherwise)
    or ``unsupported`` (the claim says more than the context: a dropped restriction, a stronger
    quantifier).
    """

    kind: str
    original: str
    edited: str
    label: str


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# a number not glued to letters ("X200", "B12" are names) and not an ordinal ("1st")
_NUMBER = re.compile(r"(?<![\w.,-])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\w]|[.,]\d)")
_UNITS = {
    "kg": "lb",
    "kilograms": "pounds",
    "pounds": "kilograms",
    "lb": "kg",
    "km": "miles",
    "kilometres": "miles",
    "kilometers": "miles",
    "miles": "kilometres",
    "metres": "feet",
    "meters": "feet",
    "feet": "metres",
    "seconds": "minutes",
    "minutes": "hours",
    "hours": "days",
    "days": "weeks",
    "weeks": "months",
    "months": "years",
    "years": "months",
    "day": "week",
    "week": "month",
    "month": "year",
    "year": "month",
    "hour": "day",
    "minute": "hour",
    "percent": "points",
    "%": " percent of the vote",
    "million": "billion",
    "billion": "million",
    "thousand": "million",
    "dollars": "euros",
    "euros": "dollars",
    "pounds sterling": "dollars",
    "times": "percent",
}
_UNIT_AFTER = re.compile(
    r"\s?-?\s?(" + "|".join(sorted((re.escape(u) for u in _UNITS), key=len, reverse=True)) + r")\b"
)
_MONTHS = _word_set(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday"
)
_NAME = re.compile(r"\b[A-Z][a-z]+(?:[ -](?:[A-Z][a-z]+|[A-Z]\.))*\b")
_AUX = re.compile(
    r"\b(is|are|was|were|has|have|had|can|will|would|should|could|must|does|did|do|may|might)\b(?! not\b| n't\b)"
)
_NEGATED = re.compile(r"\b(?:(is|are|was|were|has|have|had|does|did|do|can|will|could|would|should) not|never)\b")
_NEGATED_SHORT = re.compile(r"\b(is|are|was|were|has|have|had|does|did|do|could|would|should)n't\b")
_STRONGER = {
    "some": "all",
    "several": "all",
    "many": "all",
    "most": "all",
    "a few": "all",
    "may": "will",
    "might": "will",
    "can": "will always",
    "could": "will",
    "sometimes": "always",
    "often": "always",
    "usually": "always",
    "generally": "always",
    "typically": "always",
    "occasionally": "always",
    "possibly": "certainly",
    "likely": "certain",
    "probably": "certainly",
    "partly": "entirely",
    "partially": "entirely",
}
_STRONGER_RE = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _STRONGER), key=len, reverse=True)) + r")\b", re.I)
_PREPOSITIONS = r"(?:for|in|to|on|at|within|with|if|when|after|before|during|from|by)"
# "only for defective items", "for defective items only": the restriction with its scope
_RESTRICTION_SCOPE = re.compile(r"\s\b(?:only|solely|exclusively)\s+" + _PREPOSITIONS + r"\b[^,.;]*", re.I)
_SCOPE_RESTRICTED = re.compile(r"\s\b" + _PREPOSITIONS + r"\s[^,.;]*?\s(?:only|solely|exclusively)\b", re.I)
_RESTRICTION_WORD = re.compile(r"\s\b(only|solely|exclusively|just)\b", re.I)
_RESTRICTION_CLAUSE = re.compile(r",?\s\b(?:except|excluding|unless|if|provided that|as long as)\b[^,.;]*", re.I)


def _value(match: re.Match[str]) -> float:
    whole, fraction = match.group(1).replace(",", ""), match.group(2)
    return float(f"{whole}.{fraction}") if fraction else float(whole)


def _is_year(value: float) -> bool:
    return value.is_integer() and 1000 <= value <= 2100


def _format_like(value: float, match: re.Match[str]) -> str:
    if match.group(2):
        return f"{value:.{len(match.group(2))}f}"
    if "," in match.group(1):
        return f"{int(value):,}"
    return str(int(value))


def context_numbers(context: str) -> frozenset[float]:
    """The numbers a context states (as :func:`make_edits` reads them)."""
    return frozenset(_value(m) for m in _NUMBER.finditer(context))


def _replace(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def _number_edits(claim: str, context: str, rng: random.Random) -> list[ContrastEdit]:
    matches = list(_NUMBER.finditer(claim))
    if not matches:
        return []
    stated = context_numbers(context)
    out: list[ContrastEdit] = []
    claimed = {_value(m) for m in matches}
    m = rng.choice(matches)
    value = _value(m)
    others = sorted(v for v in stated - claimed if _is_year(v) == _is_year(value) and (v.is_integer() or m.group(2)))
    if others:
        new = _format_like(rng.choice(others), m)
        out.append(ContrastEdit("number_swap", claim, _replace(claim, m.start(), m.end(), new), "contradicted"))
    shifted = _shift(value, stated | claimed, rng)
    if shifted is not None:
        new = _format_like(shifted, m)
        out.append(ContrastEdit("number_shift", claim, _replace(claim, m.start(), m.end(), new), "contradicted"))
    for m in matches:
        unit = _UNIT_AFTER.match(claim, m.end())
        if unit is None:
            continue
        target = _UNITS[unit.group(1)]
        if target.strip().lower() in context.lower():
            continue
        edited = _replace(claim, unit.start(1), unit.end(1), target.strip())
        out.append(ContrastEdit("unit", claim, edited, "contradicted"))
        break
    return out


_ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_ORDINAL = re.compile(rf"\b({'|'.join(_ORDINAL_WORDS)})([ -])([a-z]+)\b", re.IGNORECASE)


def _ordinal_edits(claim: str, context: str, rng: random.Random) -> list[ContrastEdit]:
    """A rank before a lower-case word shifted by one, to a rank the context never gives that word."""
    ranks = [m for m in _ORDINAL.finditer(claim) if m.group(3) not in _FUNCTION_WORDS]
    if not ranks:
        return []
    m = rng.choice(ranks)
    rank = _ORDINAL_WORDS.index(m.group(1).lower())
    lowered = context.lower()
    shifted = [
        _ORDINAL_WORDS[r]
        for r in (rank - 1, rank + 1)
        if 0 <= r < len(_ORDINAL_WORDS)
        and not any(f"{_ORDINAL_WORDS[r]}{join}{m.group(3).lower()}" in lowered for join in " -")
    ]
    if not shifted:
        return []
    new = rng.choice(shifted)
    new = new.capitalize() if m.group(1)[0].isupper() else new
    return [ContrastEdit("ordinal", claim, _replace(claim, m.start(1), m.end(1), new), "contradicted")]


def _shift(value: float, taken: frozenset[float] | set[float], rng: random.Random) -> float | None:
    """A value near ``value`` that is not in ``taken`` (a year ± 1-9, a count ± 1-3 or ×2)."""
    if _is_year(value):
        candidates = [value + d for d in (-9, -5, -3, -2, -1, 1, 2, 3, 5, 9)]
    elif value.is_integer():
        candidates = [value + d for d in (1, 2, 3) if value + d > 0] + [value - d for d in (1, 2) if value - d > 0]
        candidates += [value * 2, value * 10] if value else [1.0, 2.0]
    else:
        candidates = [round(value * f, 6) for f in (0.5, 1.5, 2.0)]
    candidates = [c for c in candidates if c not in taken and c != value]
    return rng.choice(candidates) if candidates else None


_FUNCTION_WORDS = _word_set(
    "a an the in on at of to for by from with after before during when while since this that these those "
    "it he she they we i you his her its their our but and or if as so then there here"
)
_AFTER_PREPOSITION = re.compile(r"\b(?:in|at|of|from|to|into|near|across|for|on|by|the)\s+$", re.IGNORECASE)


def _names(text: str) -> list[tuple[int, int, str]]:
    """Capitalised word runs that name an actor: not a sentence's first word alone, not a month or
    day, not after a preposition or an article (a place, a work: another kind of name)."""
    out = []
    for m in _NAME.finditer(text):
        name = m.group()
        words = name.lower().split()
        if _MONTHS & set(words) or words[0] in _FUNCTION_WORDS:
            continue
        if _AFTER_PREPOSITION.search(text[max(0, m.start() - 12) : m.start()]):
            continue
        before = text[: m.start()].rstrip()
        if (not before or before[-1] in ".!?:;\"'(") and " " not in name:
            continue
        out.append((m.start(), m.end(), name))
    return out


def _name_edits(claim: str, context: str, rng: random.Random) -> list[ContrastEdit]:
    return _swap_edits("name_swap", _names, claim, context, rng)


def _swap_edits(
    kind: str, runs: Callable[[str], list[tuple[int, int, str]]], claim: str, context: str, rng: random.Random
) -> list[ContrastEdit]:
    """One of the claim's ``runs`` (names, places) replaced by another run of the context with as
    many words, sharing none of them and not in the claim."""
    claimed = runs(claim)
    if not claimed:
        return []
    start, end, name = rng.choice(claimed)
    parts = set(name.lower().split())
    pool = sorted(
        {
            n
            for _, _, n in runs(context)
            if len(n.split()) == len(name.split()) and not parts & set(n.lower().split()) and n not in claim
        }
    )
    if not pool:
        return []
    return [ContrastEdit(kind, claim, _replace(claim, start, end, rng.choice(pool)), "contradicted")]


_PLACE_PREPOSITION = re.compile(r"\b(?:in|at|from|near|into|across|of|to)\s+$")


def _places(text: str) -> list[tuple[int, int, str]]:
    """Capitalised word runs right after a preposition of place ("in", "at", "from", "of" ...):
    places, mostly; not a month or a day (:data:`_MONTHS` holds both)."""
    return [
        (m.start(), m.end(), m.group())
        for m in _NAME.finditer(text)
        if _PLACE_PREPOSITION.search(text[max(0, m.start() - 8) : m.start()])
        and not _MONTHS & set(m.group().lower().split())
    ]


def _place_edits(claim: str, context: str, rng: random.Random) -> list[ContrastEdit]:
    return _swap_edits("place_swap", _places, claim, context, rng)


def _negation_edits(claim: str) -> list[ContrastEdit]:
    if m := _NEGATED.search(claim):
        if m.group(1):
            edited = _replace(claim, m.start(), m.end(), m.group(1))
        else:  # "never" → "always" would be a quantifier; drop it
            edited = re.sub(r"\s+", " ", _replace(claim, m.start(), m.end(), "")).strip()
        return [ContrastEdit("negation", claim, edited, "contradicted")]
    if m := _NEGATED_SHORT.search(claim):
        return [ContrastEdit("negation", claim, _replace(claim, m.start(), m.end(), m.group(1)), "contradicted")]
    if m := _AUX.search(claim):
        return [ContrastEdit("negation", claim, _replace(claim, m.end(), m.end(), " not"), "contradicted")]
    return []


def _quantifier_edits(claim: str, context: str) -> list[ContrastEdit]:
    m = _STRONGER_RE.search(claim)
    if m is None:
        return []
    word = m.group(1)
    stronger = _STRONGER[word.lower()]
    if re.search(rf"\b{re.escape(stronger)}\b", context, re.I):
        return []  # the context may say the stronger thing elsewhere
    if word[0].isupper():
        stronger = stronger[0].upper() + stronger[1:]
    return [ContrastEdit("quantifier", claim, _replace(claim, m.start(1), m.end(1), stronger), "unsupported")]


def _restriction_edits(claim: str, context: str) -> list[ContrastEdit]:
    """Drop a restriction the context states too (a claim may restrict more than its context; then
    dropping its restriction makes it more faithful, not less)."""
    lowered = context.lower()
    for pattern in (_RESTRICTION_SCOPE, _SCOPE_RESTRICTED, _RESTRICTION_WORD, _RESTRICTION_CLAUSE):
        m = pattern.search(claim)
        words = re.findall(r"\w+", m.group().lower()) if m else []
        if m and sum(w in lowered for w in words) * 2 >= len(words):
            edited = re.sub(r"\s+([,.;])", r"\1", _replace(claim, m.start(), m.end(), "")).strip()
            if len(edited.split()) >= 3:
                return [ContrastEdit("restriction", claim, edited, "unsupported")]
    return []


_TURNS = {
    ("rose", "fell"),
    ("rise", "fall"),
    ("rises", "falls"),
    ("risen", "fallen"),
    ("rising", "falling"),
    ("increased", "decreased"),
    ("increase", "decrease"),
    ("increases", "decreases"),
    ("increasing", "decreasing"),
    ("grew", "shrank"),
    ("grows", "shrinks"),
    ("growth", "decline"),
    ("gained", "lost"),
    ("gains", "losses"),
    ("climbed", "dropped"),
    ("jumped", "slumped"),
    ("surged", "plunged"),
    ("higher", "lower"),
    ("more", "fewer"),
}
COUNTED_KINDS = frozenset(KINDS) - {"direction", "place_swap"}
"""An original is taken (and counts toward ``--limit``) for its edits of these kinds: those the
benchmark had before ``direction`` (2026-12-04) and ``place_swap`` (2026-12-05) were added, so
that a limit takes the originals it took then and the figures of earlier versions stay comparable;
a direction or place edit is measured on the originals taken."""
_OPPOSITE = {a: b for pair in _TURNS for a, b in (pair, pair[::-1])}
_TURN = re.compile(r"\b(" + "|".join(sorted(_OPPOSITE, key=len, reverse=True)) + r")\b", re.IGNORECASE)


def _direction_edits(claim: str) -> list[ContrastEdit]:
    """The claim's first word of change turned to its opposite ("rose" → "fell"); "more" only
    before "than" ("more than 20" → "fewer than 20")."""
    for m in _TURN.finditer(claim):
        word = m.group(1)
        if word.lower() == "more" and not claim[m.end() :].startswith(" than"):
            continue
        opposite = _OPPOSITE[word.lower()]
        opposite = opposite[0].upper() + opposite[1:] if word[0].isupper() else opposite
        return [ContrastEdit("direction", claim, _replace(claim, m.start(1), m.end(1), opposite), "contradicted")]
    return []


def make_edits(claim: str, context: str, rng: random.Random, lang: str = "en") -> list[ContrastEdit]:
    """Every kind of edit that applies to ``claim`` (supported by ``context``), at most one each.

    English rules; for another ``lang`` nothing is made. The choices (which number, which name)
    come from ``rng``.

    >>> [e.edited for e in make_edits("The warranty lasts 2 years.", "The warranty lasts 2 years.",
    ...                                random.Random(0))]
    ['The warranty lasts 3 years.', 'The warranty lasts 2 months.']
    """
    if lang != "en":
        return []
    edits = [
        *_number_edits(claim, context, rng),
        *_name_edits(claim, context, rng),
        *_negation_edits(claim),
        *_quantifier_edits(claim, context),
        *_restriction_edits(claim, context),
        *_ordinal_edits(claim, context, rng),  # drawn after the others: their draws are as before it
        *_place_edits(claim, context, rng),
        *_direction_edits(claim),
    ]
    return [e for e in edits if e.edited != claim]


# -- the benchmark ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Original:
    """A claim people marked as supported, with the passages it is checked against."""

    set: str
    row: int
    claim: str
    passages: tuple[str, ...]


def _jsonl(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def training_originals(sets: list[str], seed: int) -> Iterator[Original]:
    """The entailed pairs of training sets in ``../shared/training`` (a seeded shuffle of each), the
    same protocol on data the checks may be compared against without touching a benchmark."""
    for name in sets:
        with gzip.open(TRAINING / name / "pairs.jsonl.gz", "rt", encoding="utf-8") as fh:
            rows = [json.loads(line) for line in fh]
        random.Random(f"{seed}:{name}").shuffle(rows)
        for i, r in enumerate(rows):
            if r["label"] == "entailment":
                yield Original(name, i, str(r["hypothesis"]), (str(r["premise"]),))


def originals(sets: list[str]) -> Iterator[Original]:
    """The supported claims of the dev sets, in file order (see the module docstring)."""
    if "wice" in sets:
        for i, r in enumerate(_jsonl(SHARED / "wice_dev" / "dev.jsonl")):
            if r["label"] == "supported":
                yield Original("wice", i, str(r["claim"]), (" ".join(map(str, r["evidence"])),))  # type: ignore[call-overload]
    if "factcheck" in sets:
        for i, r in enumerate(_jsonl(SHARED / "factcheck_gpt" / "subtask3_claim_evidence_stance.jsonl")):
            if r["stance"] == "completely-support":
                yield Original("factcheck", i, str(r["claim"]), (str(r["evidence"]),))
    if "begin" in sets:
        with (SHARED / "begin" / "wow" / "begin_test_wow.tsv").open(encoding="utf-8", newline="") as fh:
            for i, row in enumerate(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)):
                if row["begin_label"] == "Fully attributable":
                    yield Original("begin", i, row["response"], (row["knowledge"],))
    if "summedits" in sets:
        from faithcheck._pipeline.extract import split_sentences

        for path in sorted((SHARED / "summedits").glob("summedits_*.json")):
            for i, r in enumerate(json.loads(path.read_text(encoding="utf-8"))):
                if r["label"] == 1:
                    for span in split_sentences(r["summary"], "en"):
                        yield Original("summedits", i, span.text, (r["doc"],))


@dataclass
class Tally:
    originals: int = 0
    accepted: int = 0
    edits: Counter[str] | None = None
    caught: Counter[str] | None = None
    accepted_uncertain: int = 0
    """Accepted originals marked ``uncertain`` (a cascade would ask the LLM about them)."""
    missed_uncertain: Counter[str] | None = None
    """Per kind, the edits missed but marked ``uncertain``: the misses a cascade would still ask about."""

    def __post_init__(self) -> None:
        self.edits, self.caught, self.missed_uncertain = Counter(), Counter(), Counter()


def edits_of(original: Original, seed: int) -> list[ContrastEdit]:
    """The edits of ``original``, from a generator seeded with ``seed``, its set, row and claim (the
    same edits whatever else is checked)."""
    rng = random.Random(f"{seed}:{original.set}:{original.row}:{original.claim}")
    return make_edits(original.claim, " ".join(original.passages), rng)


def run(
    metric: object,
    sets: list[str],
    limit: int | None,
    seed: int,
    show: int,
    training: list[str] | None = None,
    record: list[dict[str, object]] | None = None,
) -> dict[str, Tally]:
    """Check every original with its edits; tally per set and ``all``. With ``record``, each
    original's verdict is appended to it (set, row, claim, supported, uncertain, reason), with its
    edits (kind, edited, caught, uncertain)."""
    tallies: dict[str, Tally] = defaultdict(Tally)
    taken: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    source = training_originals(training, seed) if training else originals(sets)
    for original in source:
        if limit is not None and taken[original.set] >= limit:
            continue
        edits = edits_of(original, seed)
        if not any(e.kind in COUNTED_KINDS for e in edits):
            continue
        taken[original.set] += 1
        verdicts = metric.check_claims([original.claim, *(e.edited for e in edits)], list(original.passages))  # type: ignore[attr-defined]
        accepted = verdicts[0].supported
        if record is not None:
            record.append(
                {
                    "set": original.set,
                    "row": original.row,
                    "claim": original.claim,
                    "supported": accepted,
                    "uncertain": verdicts[0].uncertain,
                    "reason": verdicts[0].reason,
                    "edits": [
                        {"kind": e.kind, "edited": e.edited, "caught": not v.supported, "uncertain": v.uncertain}
                        for e, v in zip(edits, verdicts[1:], strict=True)
                    ],
                }
            )
        for name in (original.set, "all"):
            tally = tallies[name]
            tally.originals += 1
            tally.accepted += int(accepted)
            if not accepted:
                continue
            tally.accepted_uncertain += int(verdicts[0].uncertain)
            for edit, verdict in zip(edits, verdicts[1:], strict=True):
                assert tally.edits is not None
                assert tally.caught is not None
                assert tally.missed_uncertain is not None
                tally.edits[edit.kind] += 1
                tally.caught[edit.kind] += int(not verdict.supported)
                tally.missed_uncertain[edit.kind] += int(verdict.supported and verdict.uncertain)
        if accepted and show:
            for edit, verdict in zip(edits, verdicts[1:], strict=True):
                if shown[edit.kind] < show:
                    shown[edit.kind] += 1
                    print(
                        f"[{edit.kind}] {'caught' if not verdict.supported else 'MISSED'} ({verdict.label}): "
                        f"{edit.edited!r}\n    {verdict.reason[:200]}",
                        file=sys.stderr,
                    )
    return tallies


def _percent(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}" if whole else "-"


def markdown(tallies: dict[str, Tally]) -> str:
    """Rows: the sets and all; columns: originals accepted, then caught per kind (edits in brackets)."""
    head = "| set | originals accepted | " + " | ".join(KINDS) + " |"
    lines = [head, "|---|---:|" + "---:|" * len(KINDS)]
    order = [s for s in tallies if s != "all"] + ["all"]
    for name in order:
        t = tallies[name]
        assert t.edits is not None
        assert t.caught is not None
        cells = [f"{_percent(t.caught[k], t.edits[k])} ({t.edits[k]})" for k in KINDS]
        lines.append(f"| {name} | {_percent(t.accepted, t.originals)} ({t.originals}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def uncertain_line(tally: Tally) -> str:
    """What a cascade would send to the LLM: the accepted originals marked uncertain, and per kind
    the missed edits marked uncertain (of the missed)."""
    assert tally.edits is not None
    assert tally.caught is not None
    assert tally.missed_uncertain is not None
    missed = {k: tally.edits[k] - tally.caught[k] for k in KINDS}
    kinds = ", ".join(f"{k} {tally.missed_uncertain[k]} of {missed[k]}" for k in KINDS if missed[k])
    return (
        f"marked uncertain (a cascade asks the LLM): {tally.accepted_uncertain} of {tally.accepted} accepted "
        f"originals; of the missed edits: {kinds or 'none missed'}"
    )


def changed_verdicts(before: list[dict[str, object]], after: list[dict[str, object]]) -> list[dict[str, object]]:
    """The originals whose verdict differs between two ``--verdicts`` files, each with ``before``
    and ``after`` reasons. An original is matched by set, row and claim, and by how many times
    that triple came before it (a SummEdits summary gives several claims of one row, and a claim may
    repeat)."""
    old = dict(zip(_keys(before), before, strict=True))
    return [
        {**r, "before": old[key]["reason"], "after": r["reason"]}
        for key, r in zip(_keys(after), after, strict=True)
        if key in old and old[key]["supported"] != r["supported"]
    ]


def changed_edits(before: list[dict[str, object]], after: list[dict[str, object]]) -> list[dict[str, object]]:
    """The edits caught in one ``--verdicts`` file and missed in the other, of originals both runs
    accept (an edit counts only then), each as set, row, kind, edited and ``caught`` (after).
    Files written without edits (``accuracy.py``'s, older ones) have none to compare."""
    old = dict(zip(_keys(before), before, strict=True))
    out: list[dict[str, object]] = []
    for key, r in zip(_keys(after), after, strict=True):
        if key not in old or not (old[key]["supported"] and r["supported"]):
            continue
        caught_before = {(e["kind"], e["edited"]): e["caught"] for e in _edits(old[key])}
        out += [
            {"set": r["set"], "row": r["row"], **e}
            for e in _edits(r)
            if caught_before.get((e["kind"], e["edited"]), e["caught"]) != e["caught"]
        ]
    return out


def _edits(row: dict[str, object]) -> list[dict[str, object]]:
    edits = row.get("edits", [])
    assert isinstance(edits, list)
    return edits


def _keys(rows: list[dict[str, object]]) -> list[tuple[object, object, object, int]]:
    seen: Counter[tuple[object, object, object]] = Counter()
    keys = []
    for r in rows:
        triple = (r["set"], r["row"], r["claim"])
        keys.append((*triple, seen[triple]))
        seen[triple] += 1
    return keys


def _read_jsonl(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verifier", default="baseline", choices=["baseline", "model"])
    parser.add_argument("--bundle", help="an exported verifier bundle (with --verifier model)")
    parser.add_argument("--sets", default="wice,factcheck,begin,summedits")
    parser.add_argument("--limit", type=int, help="at most this many edited claims per set")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--show", type=int, default=0, help="print this many edits of each kind to stderr")
    parser.add_argument("--json", type=Path, help="also write the tallies as JSON")
    parser.add_argument(
        "--training",
        help="instead of the benchmarks, the entailed pairs of these ../shared/training sets (comma-separated)",
    )
    parser.add_argument("--verdicts", type=Path, help="also write each original's verdict here (JSON lines)")
    parser.add_argument(
        "--compare",
        nargs=2,
        type=Path,
        metavar=("BEFORE", "AFTER"),
        help="only compare two --verdicts files: print the originals whose verdict changed "
        "(with the human label where accuracy.py wrote them)",
    )
    args = parser.parse_args(argv)
    if args.compare:
        if missing := [str(p) for p in args.compare if not p.is_file()]:
            parser.error(f"no such --verdicts file: {', '.join(missing)}")
        before, after = (_read_jsonl(p) for p in args.compare)
        changed = changed_verdicts(before, after)
        for r in changed:
            # accuracy.py's rows carry the human label: say whether the new verdict agrees with it
            label = f" (labelled {'supported' if r['gold'] else 'unsupported'})" if "gold" in r else ""
            now = "now supported" if r["supported"] else "now rejected"
            print(f"{r['set']} row {r['row']}: {now}{label}: {r['claim']}")
            print(f"    before: {r['before']}\n    after:  {r['after']}")
        edits = changed_edits(before, after)
        for e in edits:
            now = "now caught" if e["caught"] else "now missed"
            print(f"{e['set']} row {e['row']}: [{e['kind']}] {now}: {e['edited']}")
        accepted = (sum(bool(r["supported"]) for r in rows) for rows in (before, after))
        print(f"{len(changed)} of {len(after)} originals changed verdict; accepted {' -> '.join(map(str, accepted))}")
        if labelled := [r for r in changed if "gold" in r]:
            agree = sum(bool(r["supported"]) == bool(r["gold"]) for r in labelled)
            print(f"of the changed rows with a human label, {agree} of {len(labelled)} now agree with it")
        caught = sum(bool(e["caught"]) for e in edits)
        print(f"edits of originals accepted by both: {caught} now caught, {len(edits) - caught} now missed")
        return 0
    if not SHARED.is_dir():
        parser.error(f"benchmarks not found at {SHARED}")
    from faithcheck import Faithfulness

    options: dict[str, object] = {"verifier": args.verifier, "lang": "en"}
    if args.bundle:
        options["verifier_bundle"] = args.bundle
    metric = Faithfulness(**options)  # type: ignore[arg-type]
    started = time.perf_counter()
    training = args.training.split(",") if args.training else None
    record: list[dict[str, object]] | None = [] if args.verdicts else None
    tallies = run(metric, args.sets.split(","), args.limit, args.seed, args.show, training, record)
    if args.verdicts and record is not None:
        args.verdicts.write_text("".join(json.dumps(r) + "\n" for r in record), encoding="utf-8")
    print(markdown(tallies))
    if "all" in tallies:
        print(uncertain_line(tallies["all"]))
    print(
        f"\n{args.verifier}{' ' + args.bundle if args.bundle else ''}, seed {args.seed}, limit {args.limit}: "
        f"{time.perf_counter() - started:.0f} s"
    )
    if args.json:
        payload = {
            name: {
                "originals": t.originals,
                "accepted": t.accepted,
                "edits": t.edits,
                "caught": t.caught,
                "accepted_uncertain": t.accepted_uncertain,
                "missed_uncertain": t.missed_uncertain,
            }
            for name, t in tallies.items()
        }
        args.json.write_text(json.dumps(payload, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
