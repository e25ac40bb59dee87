"""Which language a row is written in, detected offline with py3langid.

faithcheck's lexicons, stemmers and sentence splitter exist for English, German and French, and a
row analysed with the wrong one gets other verdicts without any error (German text read as
English keeps "die" and "ist" as content words). So each row's language is detected and recorded,
the run summary warns when rows do not match the configured ``lang``, and ``lang="auto"`` scores
each row in its own language.

The detector is py3langid (BSD-3-Clause; a maintained fork of langid.py): a naive Bayes model over
byte n-grams, shipped inside its wheel (``py3langid/data/model.npz.xz``, 4.5 MB; about 80 MB in
memory), loaded without pickle and never downloaded. It is restricted to :data:`CANDIDATES`, the
widely written languages: on short answers the full model's 140 labels mistake Spanish or
Portuguese for regional neighbours (Galician, Extremaduran), and such a neighbour of English,
German or French would take their texts. A guess below :data:`MIN_CONFIDENCE` is no answer.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from typing import Any, get_args

from faithcheck._core.types import Lang

__all__ = [
    "CANDIDATES",
    "MIN_CONFIDENCE",
    "SUPPORTED",
    "describe_language",
    "detect_language",
    "mismatch_warning",
    "row_language",
]

SUPPORTED: tuple[Lang, ...] = get_args(Lang)
"""The languages faithcheck can score: ``("en", "de", "fr")``."""

CANDIDATES: tuple[str, ...] = (
    *SUPPORTED,
    "es", "it", "pt", "nl", "sv", "da", "no", "fi", "pl", "cs", "sk", "sl", "hr", "sr", "bs", "hu", "ro", "bg",
    "el", "ru", "uk", "be", "lt", "lv", "et", "tr", "ar", "he", "fa", "hi", "bn", "ur", "ja", "zh", "ko", "vi",
    "th", "id", "ms", "tl", "ca", "eu", "gl", "cy", "ga", "is", "sq", "mk", "mt",
)  # fmt: skip
"""The languages the detector chooses among (ISO 639-1 codes)."""

MIN_CONFIDENCE = 0.5
"""Below this probability the detector's guess is not trusted (``detect_language`` gives ``None``).

On 134 short sentences (3 to 12 words) in seven languages every wrong guess scored below 0.52, and
no English, German or French one reached 0.28; an answer with its context scores above 0.99."""

_SAMPLE_CHARS = 2000
_NOT_WORDS = re.compile(r"\d+|\S{50,}")
"""Digits, and runs of 50 characters or more without a space (a URL, base64, a key): no language's."""
_NAMES = {
    "en": "English",
    "de": "German",
    "fr": "French",
    "es": "Spanish",
    "it": "Italian",
    "pt": "Portuguese",
    "nl": "Dutch",
    "sv": "Swedish",
    "da": "Danish",
    "no": "Norwegian",
    "fi": "Finnish",
    "pl": "Polish",
    "cs": "Czech",
    "ru": "Russian",
    "uk": "Ukrainian",
    "tr": "Turkish",
    "ar": "Arabic",
    "zh": "Chinese",
    "ja": "Japanese",
    "ko": "Korean",
}

_identifier: Any = None
_identifier_lock = threading.Lock()


def detect_language(text: str) -> str | None:
    """The ISO 639-1 code of the language ``text`` is written in, or ``None`` when it cannot tell
    (no letters, or a guess below :data:`MIN_CONFIDENCE`).

    Pure: the same text always gives the same answer; the model is loaded once, on first use.

    >>> detect_language("Sie können Artikel innerhalb von 30 Tagen zurückgeben.")
    'de'
    >>> detect_language("La garantía dura dos años y cubre el motor.")
    'es'
    >>> detect_language("12 345 !") is None
    True
    """
    if not any(ch.isalpha() for ch in text):
        return None
    # digits and long unbroken strings belong to no language, and their byte n-grams drown the
    # words: an English price list ("Item 3 costs 9 dollars.") was no language at all, or Catalan
    code, confidence = _detector().classify(_words(text))
    return str(code) if confidence >= MIN_CONFIDENCE else None


def row_language(answer: str, passages: Sequence[str], question: str = "") -> str | None:
    """The detected language of one row: of its answer, then its question and context, read up to
    2,000 characters of its words (the answer alone is often too short to tell).

    >>> row_language("Ja.", ["Die Garantie des Mixers gilt 2 Jahre und deckt den Motor ab."])
    'de'
    """
    sample = _words(" ".join([answer, question, *passages])[: 8 * _SAMPLE_CHARS])[:_SAMPLE_CHARS]
    return detect_language(sample)


def describe_language(code: str | None) -> str:
    """A language code for people: ``German (de)``; ``an undetected language`` for ``None``.

    >>> describe_language("de"), describe_language("sw"), describe_language(None)
    ('German (de)', 'sw', 'an undetected language')
    """
    if code is None:
        return "an undetected language"
    name = _NAMES.get(code)
    return f"{name} ({code})" if name else code


def mismatch_warning(detected: str | None, lang: str | None) -> str | None:
    """The warning a row's record carries when it was scored in ``lang`` but looks ``detected``
    (its status stays ``ok``: the score is computed, but with another language's lexicon, stemmer
    and sentence splitter); ``None`` when they agree or either is unknown.

    >>> mismatch_warning("de", "en")
    'the row looks German (de) but was scored as English (en): use --lang de or --lang auto'
    >>> mismatch_warning("es", "en")[59:]
    'and faithcheck scores only en, de and fr: its score is unreliable'
    >>> mismatch_warning("en", "en") is None, mismatch_warning(None, "en") is None
    (True, True)
    """
    if detected is None or lang is None or detected == lang:
        return None
    head = f"the row looks {describe_language(detected)} but was scored as {describe_language(lang)}"
    if detected in SUPPORTED:
        return f"{head}: use --lang {detected} or --lang auto"
    scored = f"{', '.join(SUPPORTED[:-1])} and {SUPPORTED[-1]}"
    return f"{head}, and faithcheck scores only {scored}: its score is unreliable"


def _words(text: str) -> str:
    """``text`` without digits and long unbroken strings, on one line: what the detector reads.

    >>> _words("Item 3 costs 9 dollars. " + "A" * 60 + " Thanks.")
    'Item costs dollars. Thanks.'
    """
    return " ".join(_NOT_WORDS.sub(" ", text).split())


def _detector() -> Any:
    """py3langid's identifier over :data:`CANDIDATES`, loaded once even when threads ask at once."""
    global _identifier
    if _identifier is None:
        with _identifier_lock:
            if _identifier is None:
                from py3langid.langid import MODEL_FILE, LanguageIdentifier

                identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
                identifier.set_languages(list(CANDIDATES))
                _identifier = identifier
    return _identifier
