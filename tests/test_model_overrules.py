"""The trained model overruled where a sentence saying all of the claim says otherwise: a negation of
it read in another unit's window ("Aspirin should not be given to children under 16" opening the window
of "Adults can take ..."), beside a unit naming none of the claim's names ("The Standard plan ..., with
no ads" for "The Basic plan has no ads"), or a thing said of another ("refresh tokens expire after 30
days" for "Access tokens expire after 30 days")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness

from .test_lists_names_and_whole_sentences import _PLANS
from .verdicts import assert_supported

_ASPIRIN = (
    "Aspirin should not be given to children under 16, because of the risk of Reye's syndrome. Adults can take 300 "
    "to 600 mg every 4 hours, up to a maximum of 4 grams a day. Low-dose aspirin, 75 mg a day, is used to prevent "
    "heart attacks and strokes."
)
_TOKENS = (
    "The free tier allows 60 requests per minute and 10,000 requests per day. Requests over the limit return HTTP "
    "429. Access tokens expire after 1 hour; refresh tokens expire after 30 days."
)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        # the model read "Adults can take ..." (its window opening with the negated sentence) as support
        (_ASPIRIN, "Aspirin can be given to children under 16.", False),
        (_ASPIRIN, "Low-dose aspirin is used to prevent heart attacks.", True),
        # ... and "The Standard plan ..., with no ads" beside the Basic plan's sentence
        (_PLANS, "The Basic plan has no ads.", False),
        (_PLANS, "The Standard plan has no ads.", True),
        (_PLANS, "The Basic plan includes ads.", True),
        # a sentence saying all of the claim, of another thing ("refresh tokens")
        (_TOKENS, "Access tokens expire after 30 days.", False),
        (_TOKENS, "Refresh tokens expire after 30 days.", True),
    ],
)
def test_the_model_is_overruled_where_a_sentence_saying_all_of_the_claim_says_otherwise(
    model: Faithfulness, context: str, claim: str, supported: bool
) -> None:
    assert_supported(model, context, claim, supported=supported)
