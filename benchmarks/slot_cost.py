"""What the slot check costs on long input: the seconds ``check_slots`` takes for one claim against
one made-up sentence of about ``--chars`` characters (a row's context may hold 1,000,000), per
shape of sentence that once cost more than linear time. Run by hand; compare two trees with
``PYTHONPATH=<other checkout>/src`` in the same session (the machine is shared and noisy)::

    python benchmarks/slot_cost.py                 # 100,000 characters a sentence
    python benchmarks/slot_cost.py --chars 20000

* ``bracket``: a name, an open bracket and letters to the end (the life rule reads brackets);
* ``numbers``: thousands parted by a space, one after the other ("1 000 1 000 ...");
* ``names``: names joined by "and" (the speaker check looks for a verb of saying after each);
* ``changes``: "from 5" again and again (the change rule reads "from ... to ...");
* ``parts``: "5 euros for adults and" again and again (a coordinated sentence's parts);
* ``labels``: "Python 3.12 and" again and again (numbered names aligned among their parts);
* ``openings``: "Musiala scored again." again and again (each first word is read as a name or not
  by whether the text writes its names in lower case, which is read once a text);
* ``heads``: "Harvard University, Ada Smith and" again and again (each "University" is looked up
  among the names around it, and each name after "by" is an agent of a list);
* ``ranks``: "and the 3rd in Leeds", "and the 4th in Leeds", ... (each rank whose word a list leaves
  out is read against the claim's rank by its clause).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from faithcheck._pipeline.verify.slots import check_slots


def _repeat(piece: str, chars: int) -> str:
    return piece * max(1, chars // len(piece))


SHAPES: dict[str, tuple[str, Callable[[int], str]]] = {  # the claim, and the sentence of about N characters
    "bracket": ("Smith was born in 1999.", lambda chars: "Smith (" + "a" * chars),
    "numbers": (
        "Smith moved from 5 to 7 in 2001.",
        lambda chars: "Smith moved from " + _repeat("1 000 ", chars) + "to 5",
    ),
    "names": (
        "Robert Yawger said the team met Alice Jones in 2001.",
        lambda chars: "The team met " + " and ".join(f"Alice Smith{i}" for i in range(max(1, chars // 20))),
    ),
    "changes": ("Smith moved from 5 to 7 in 2001.", lambda chars: "Smith moved " + _repeat("from 5 ", chars)),
    "parts": (
        "It costs 8 euros for children.",
        lambda chars: "It costs " + _repeat("5 euros for adults and ", chars) + "8 euros for children.",
    ),
    "labels": (
        "Version 3.2 adds support for Python 3.9.",
        lambda chars: "It supports " + _repeat("Python 3.12 and ", chars) + "Python 3.7.",
    ),
    "openings": ("Kane scored again in the second half.", lambda chars: _repeat("Musiala scored again. ", chars)),
    "heads": (
        "The study was led by Stanford University and directed by Ada Brennan.",
        lambda chars: (
            "The study was led and directed by " + _repeat("Harvard University, Ada Smith and ", chars) + "Yale."
        ),
    ),
    "ranks": (
        "The 2nd season was filmed in York.",
        lambda chars: (
            "The 1st season was filmed in Belfast"
            + "".join(f" and the {i}{_suffix(i)} in Leeds" for i in range(2, max(3, chars // 20)))
        ),
    ),
}


def _suffix(rank: int) -> str:
    """The ending of a rank in digits: "st" of 1st, "th" of 11th."""
    return "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")


def seconds(shape: str, chars: int) -> float:
    claim, sentence_of = SHAPES[shape]
    sentence = sentence_of(chars)
    started = time.perf_counter()
    check_slots(claim, [sentence], "en")
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chars", type=int, default=100_000, help="characters a sentence (about)")
    args = parser.parse_args(argv)
    print("| sentence | characters | seconds |")
    print("|---|---:|---:|")
    for shape in SHAPES:
        print(f"| {shape} | {len(SHAPES[shape][1](args.chars)):,} | {seconds(shape, args.chars):.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
