"""Free, or at a price: a claim saying something costs nothing where the context gives it a price."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang


@pytest.mark.parametrize(
    ("claim", "context", "lang", "price"),
    [
        # before, every word of the claim was in the context: supported
        ("Parking is free for visitors.", "Parking costs $5 per hour for visitors. Staff park for free.", "en", "$5"),
        (
            "Entry to the museum is free.",
            "Entry to the museum costs €12 for adults. Children under 12 enter free.",
            "en",
            "€12",
        ),
        ("Der Eintritt ins Museum ist kostenlos.", "Der Eintritt ins Museum kostet 12 € für Erwachsene.", "de", "12"),
        ("L'entrée du musée est gratuite.", "L'entrée du musée coûte 12 € pour les adultes.", "fr", "12"),
    ],
)
def test_free_where_the_context_gives_a_price_is_contradicted(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str, lang: Lang, price: str
) -> None:
    [verdict] = verifiers[lang].check_claims([claim], [context])
    assert verdict.label == "contradicted", verdict.reason
    assert "the context gives a price (" in verdict.reason
    assert price in verdict.reason


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        # the sentence saying free says more of the claim
        ("Staff park for free.", "Parking costs $5 per hour for visitors. Staff park for free."),
        (
            "Children under 12 enter the museum for free.",
            "Entry to the museum costs €12 for adults. Children under 12 enter free.",
        ),
        ("Delivery is free on orders over $50.", "Delivery costs $4.99. Orders over $50 ship free."),
        # free of something else, a compound, a claim giving a price itself
        ("The drink is sugar-free and costs $2.", "The drink is sugar-free and costs $2."),
        ("The event is free.", "The event is free. Parking nearby costs $10."),
    ],
)
def test_free_where_the_context_says_so_keeps_the_claim(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.supported, verdict.reason
