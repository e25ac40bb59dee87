"""The lexicon files: every field read by its type, a file that does not match refused."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.slots import _rate_words
from faithcheck._text.lexicon import get_lexicon, read_lexicon


def _raw(lang: Lang) -> dict[str, object]:
    text = resources.files("faithcheck._text.lexicon").joinpath(f"{lang}.json").read_text("utf-8")
    return dict(json.loads(text))


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_each_file_holds_every_field_and_reads_by_type(lang: Lang) -> None:
    lexicon = get_lexicon(lang)
    assert lexicon.lang == lang
    assert isinstance(lexicon.honorifics, frozenset)
    assert isinstance(lexicon.attributions, tuple)
    assert all(isinstance(value, float) for value in lexicon.number_words.values())
    assert all(isinstance(value, float) for value in lexicon.ordinal_words.values())
    # every abbreviation stands for one of the language's months
    assert len(lexicon.months) == 12
    assert set(lexicon.month_abbreviations.values()) <= set(lexicon.months)
    assert lexicon.polar_question.pattern == _raw(lang)["polar_question"]
    # a word that says a time by itself is one that makes a number a rate, and says a unit of time
    # (a unit read as none would drop the word without a word of warning)
    assert lexicon.rate_adverbs.keys() <= lexicon.frequency_after
    assert set(_rate_words(lang)[1]) == set(lexicon.rate_adverbs)
    # exceptions and words of one alone restrict
    assert lexicon.exceptions <= set(lexicon.restrictions)
    assert lexicon.exclusive_words <= set(lexicon.restrictions)


def test_a_file_that_lacks_a_field_or_adds_one_is_refused() -> None:
    raw = _raw("en")
    del raw["honorifics"]
    with pytest.raises(ValueError, match="honorifics"):
        read_lexicon("en", raw)
    raw = _raw("en") | {"speech_nouns": ["remark"]}
    with pytest.raises(ValueError, match="speech_nouns"):
        read_lexicon("en", raw)
