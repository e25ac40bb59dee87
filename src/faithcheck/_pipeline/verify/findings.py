"""What a slot check found: why a piece of evidence does not support a claim's number or name
(:mod:`faithcheck._pipeline.verify.slots`, :mod:`faithcheck._pipeline.verify.ordinals`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar

from faithcheck._core.types import Label

__all__ = ["Named", "Placed", "SlotFinding", "changed_from"]


class _HasText(Protocol):
    @property
    def text(self) -> str: ...


Named = TypeVar("Named", bound=_HasText)
"""A name of a text as the slot check reads it (its ``NameSlot``), for the checks that take names
from it without importing it (:mod:`~faithcheck._pipeline.verify.agents`,
:mod:`~faithcheck._pipeline.verify.titles`)."""

Placed = tuple[Named, int, int, bool]
"""A name, where it starts and ends in its text, and whether it is a place."""


@dataclass(frozen=True)
class SlotFinding:
    """Why a piece of evidence does not support a claim's slot.

    ``certain`` is ``False`` when the slot could not be aligned (its value is stated by no sentence,
    or only by one that shares nothing else with the claim): the evidence does not support the
    claim, but a cascade asks the LLM rather than trusting the local verdict.
    """

    label: Label
    kind: str
    """``number`` or ``entity``."""
    why: str
    sentence: str
    certain: bool
    decides: bool = True
    """Whether the finding overrules a verifier's support. A number the evidence does not state
    at all does not: the claim may round it or take it from elsewhere ("in 2004" for an article
    dated that year); the verifier's own reading decides, and the verdict is marked uncertain. A
    measure the evidence gives otherwise does ("5 lb" where it gives "5 kg", "April 19" where it
    gives "19 June"): it is neither a count the claim words otherwise nor taken from elsewhere. So
    does a value the evidence gives only of something else ("80 remote cameras" for "80 years"):
    a verifier reading the numbers alone takes it for stated."""
    slot: str | None = None
    """The claim's number it is about, as the claim writes it ("2006", "third"), where known."""
    yields: bool = False
    """A deciding finding that a name's own deciding finding says better: a number stated only in a
    clause about another ("Vinicius Junior scored twice, while Bellingham ..." for "Bellingham
    scored twice"), where the name check tells whom the clause names."""
    placed: tuple[str, str] | None = None
    """The place the evidence gives where the claim gives its own, and the claim's (a place check's
    finding, :func:`~faithcheck._pipeline.verify.slots.check_slots`): a place the context sets inside
    the claim's is no other place ("Honolulu" for "Hawaii" where "Honolulu is the capital of Hawaii")."""


def changed_from(old: str, new: str) -> str:
    """The reason given where the context changes a claim's value to another: by the slot check for
    a number (:attr:`~faithcheck._pipeline.verify.slots.NumberSlot.changed_to`), by the change cue
    for any value it reads word by word ("from Tuesday to Thursday")."""
    return f'the context changes it from "{old}" to "{new}"'
