"""Build the list of lower-case English words that the slot checks read a sentence's first word
by (``src/faithcheck/_text/lexicon/en_common_words.txt.gz``).

A capitalised word opening a sentence may be a name ("Apple reported revenue of $52 billion") or
any word ("Researchers found", "However,"). Written text tells the two apart: a word that people
write in lower case inside a sentence at least as often as capitalised is a common word; one they
capitalise there ("Microsoft", "Musiala") is a name. This script counts both over the premises and
hypotheses of ``../shared/training`` (never a benchmark set; a text written all in lower case is
left out) and keeps the words written in lower case at least ``--min-count`` times, one a line,
marking with a leading ``^`` those capitalised more often than ``--ratio`` times that ("^apple",
"^rose": people do write them in lower case, so a text writing them so need not lower-case its
names). The output is deterministic: the same data gives the same file, byte for byte.

Usage::

    python training/common_words.py            # writes the shipped list
    python training/common_words.py --out /tmp/words.txt.gz --min-count 5
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import Counter
from pathlib import Path

TRAINING = Path(__file__).resolve().parents[2] / "shared" / "training"
OUT = Path(__file__).resolve().parents[1] / "src" / "faithcheck" / "_text" / "lexicon" / "en_common_words.txt.gz"
ENGLISH = [
    "breaking_nli",
    "climate_fever",
    "contract_nli",
    "control_nc",
    "covid_fact",
    "dialogue_grounding",
    "factcg_cg2c_doc",
    "fever_nli",
    "fib",
    "halueval",
    "healthver",
    "lingnli",
    "mctest_nli",
    "mnli",
    "qags",
    "rte",
    "snli",
    "snli_cad",
    "wice_nst",
]
"""The training sets read (all English)."""

_SENTENCE_START = re.compile(r"(?:^|[.!?:;\"“”()\[\]]\s*|\n)\s*$")
"""What may stand right before a word that opens a sentence, a quote or a bracket: such a word is
capitalised whatever it is, and is not counted."""
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
_LOWERED_TEXT = 5
"""A text of this many words or more with no capitalised word inside a sentence is written in lower
case (some sets lower-case everything): it is not counted."""


def count(texts: list[str]) -> tuple[Counter[str], Counter[str]]:
    """How often each word is written in lower case, and how often capitalised, inside a sentence
    (not its first word, nor a word after a colon, a quote or a bracket, which may open one)."""
    lower: Counter[str] = Counter()
    capital: Counter[str] = Counter()
    for text in texts:
        inside = [
            word
            for m in _WORD.finditer(text)
            if len(word := m.group().split("'")[0]) >= 2
            and not _SENTENCE_START.search(text, max(0, m.start() - 4), m.start())
        ]
        capitalised = [w.lower() for w in inside if w[0].isupper() and w[1:].islower()]
        if len(inside) >= _LOWERED_TEXT and not capitalised:
            continue  # a text written all in lower case ("tony pulis led his side") writes names so too
        lower.update(w for w in inside if w.islower())
        capital.update(capitalised)
    return lower, capital


_WRITTEN_SHARE = 0.1
"""A word capitalised more than ten times as often as written in lower case is a name that some text
lower-cased ("tony", "pulis"): it is left out."""


def common(lower: Counter[str], capital: Counter[str], min_count: int, ratio: float) -> list[str]:
    """The words written in lower case at least ``min_count`` times (and a tenth as often as
    capitalised), sorted; those not written so ``ratio`` times as often as capitalised marked with a
    leading ``^`` ("^rose", "^apple")."""
    return sorted(
        w if n >= ratio * capital[w] else f"^{w}"
        for w, n in lower.items()
        if n >= min_count and n >= _WRITTEN_SHARE * capital[w]
    )


def texts_of(name: str) -> list[str]:
    """The distinct premises and hypotheses of one training set."""
    with gzip.open(TRAINING / name / "pairs.jsonl.gz", "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    return list(dict.fromkeys(str(r[k]) for r in rows for k in ("premise", "hypothesis")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--min-count", type=int, default=3)
    parser.add_argument("--ratio", type=float, default=1.0)
    args = parser.parse_args(argv)
    lower: Counter[str] = Counter()
    capital: Counter[str] = Counter()
    for name in ENGLISH:
        low, cap = count(texts_of(name))
        lower.update(low)
        capital.update(cap)
    words = sorted(common(lower, capital, args.min_count, args.ratio), key=lambda w: w.lstrip("^"))
    # no time and no file name in the header: the same words give the same bytes, wherever written
    args.out.write_bytes(gzip.compress(("\n".join(words) + "\n").encode("utf-8"), mtime=0))
    print(f"{len(words)} words to {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
