"""How answers lean on their question: the forms the offline relevance judge reads in context.

An answer is not written to be read alone. "Yes, as long as it is small." answers "Can I bring my
dog on the train?" without naming the dog or the train; "Keep them out of the reach of children."
answers "How should I store the tablets?" with the tablets left to a pronoun; a clause split off
a sentence ("after that the first night is charged") or a sentence that goes on about "it" belongs
with the statement before it. Judged alone against the question, such statements share no word
with it and look off-topic. The functions here recognise these forms, from the word lists of
:mod:`faithcheck._text.lexicon`; :func:`faithcheck._pipeline.relevancy.judge_statements` applies them.
"""

from __future__ import annotations

import re
from functools import cache

from faithcheck._core.types import Lang
from faithcheck._text.analysis import analyze
from faithcheck._text.lexicon import Lexicon, get_lexicon

__all__ = [
    "continues",
    "is_polar_question",
    "key_phrase",
    "polar_answer_rest",
    "resolve_object_anaphor",
    "short_answer_statement",
]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*|\S")
_ANSWER_PUNCT = " ,;:.!-\u2013\u2014"  # hyphen, en and em dash
_TERMINAL = (".", "!", "?", "…", '"', "”", "»", ")")
# A pronoun among a statement's first words refers back to what came before ("It covers the
# motor", "Keep them cool"); one further on mostly refers to a noun of its own sentence.
_OPENING_WORDS = 3
# A short answer ("1923", "8 tablets", "on 5 May 2019") has at most this many words; the words
# after "which" or "how many" that name what is asked for, at most _KIND_WORDS.
_SHORT_ANSWER_WORDS = 6
_KIND_WORDS = 4
_TOKEN = re.compile(r"[^\W_]+(?:['’.-][^\W_]+)*|[^\w\s]")
"""Words with their digits ("1923", "6.213", "X200") and marks: counts a short answer's words,
where :data:`_WORD` reads each digit alone."""


def _normal(text: str) -> str:
    return " ".join(text.replace("’", "'").split()).strip()


def is_polar_question(question: str, lang: Lang = "en") -> bool:
    """Whether ``question`` asks (at least once) for a yes or a no.

    >>> is_polar_question("Can I bring my dog on the train?"), is_polar_question("How do I reset it?")
    (True, False)
    >>> is_polar_question("I have a small dog. Is it allowed on the train?")
    True
    """
    pattern = get_lexicon(lang).polar_question
    asked = [s for s in _SENTENCE_END.split(_normal(question)) if s.endswith("?")] or [_normal(question)]
    return any(pattern.search(s.lower()) for s in asked)


def polar_answer_rest(statement: str, lang: Lang = "en") -> str | None:
    """The rest of ``statement`` after an opening that answers a yes/no question, or ``None``.

    The opening is a yes or a no, a short answer ("You can", "It is not") or a condition
    ("Only if", "As long as"); what follows it is returned so that the caller can still
    catch "No, I don't know." as a refusal.

    >>> polar_answer_rest("Yes, as long as it is small.")
    'as long as it is small.'
    >>> polar_answer_rest("No.")
    ''
    >>> polar_answer_rest("Only if you booked a flexible fare.")
    'if you booked a flexible fare.'
    >>> polar_answer_rest("Trains leave every hour.") is None
    True
    """
    text = _normal(statement)
    match = get_lexicon(lang).polar_answer.match(text.lower())
    if match is None:
        return None
    return text[match.end() :].lstrip(_ANSWER_PUNCT)


def key_phrase(question: str, lang: Lang = "en") -> str | None:
    """The question's first noun phrase opened by a determiner: what a pronoun in the answer
    most likely stands for (``None`` when there is none).

    The phrase runs from the determiner to the next stop word or punctuation mark.

    >>> key_phrase("How should I store the tablets?")
    'the tablets'
    >>> key_phrase("Can I bring my dog on the train?")
    'my dog'
    >>> key_phrase("How long does shipping take?") is None
    True
    """
    lex = get_lexicon(lang)
    tokens = _WORD.findall(_normal(question))
    for i, token in enumerate(tokens):
        if token.lower() not in lex.determiners:
            continue
        words = []
        for word in tokens[i + 1 :]:
            if not word[0].isalpha() or word.lower() in lex.stopwords:
                break
            words.append(word)
        if words:
            return " ".join([token, *words])
    return None


def resolve_object_anaphor(statement: str, phrase: str, lang: Lang = "en") -> str | None:
    """``statement`` with the object pronoun among its first words replaced by ``phrase``, or
    ``None`` when it has none (a pronoun that opens the statement is its subject, often "it" of
    "it depends", and is left alone).

    >>> resolve_object_anaphor("Keep them out of the reach of children.", "the tablets")
    'Keep the tablets out of the reach of children.'
    >>> resolve_object_anaphor("It depends on the weather.", "the tablets") is None
    True
    """
    text = _normal(statement)
    match = get_lexicon(lang).object_anaphor.search(text)
    if match is None or len(_WORD.findall(text[: match.start()])) >= _OPENING_WORDS:
        return None
    return text[: match.start()] + phrase + text[match.end() :]


def continues(previous: str, statement: str, lang: Lang = "en") -> bool:
    """Whether ``statement`` carries on from ``previous``: a clause split off the same sentence
    (``previous`` has no closing punctuation and ``statement`` opens in lower case), or a
    statement that refers back with a pronoun among its first words.

    >>> continues("It is 5 euros a day", "after two weeks the account is closed.")
    True
    >>> continues("Store them below 25 degrees.", "Keep them away from children.")
    True
    >>> continues("The warranty lasts two years.", "Paris is the capital of France.")
    False
    """
    prev = _normal(previous)
    text = _normal(statement)
    if not prev or not text:
        return False
    if not prev.endswith(_TERMINAL) and text[0].islower():
        return True
    anaphors = get_lexicon(lang).anaphors
    return any(word in anaphors for word in _WORD.findall(text)[:_OPENING_WORDS])


def short_answer_statement(question: str, answer: str, lang: Lang = "en") -> str | None:
    """The statement a short answer that holds a number makes with its question, or ``None``
    when ``answer`` is none.

    "1923" says nothing alone: any 1923 of the context would support it. With "In which year was
    Mukesh born?" it says that Mukesh was born in 1923, and the number is checked where the
    context says when Mukesh was born. The answer takes the place of the question word: the one
    that opens the question ("When was ...", "In which year ..."), else the one that ends it
    ("... was founded in what year?"; one in the middle is mostly a relative pronoun, ", which
    makes pumps,"). The words after "which"
    or "what" that name what is asked for stay before the answer ("the year 1923"), the words
    "how many" counts after it ("8 tablets"). A short answer has at most six words, no auxiliary
    verb or pronoun ("It was 1923.") and no word of the question but those naming what is asked
    ("The mill closed in 1931."): such an answer is a statement of its own. An answer
    without a number (a name) keeps its own words: the question's other words are premises the
    context often states elsewhere or not at all, and checked as the answer's claims they reject
    more right answers than they catch wrong ones (``benchmarks/RESULTS.md``). Languages whose
    lexicon lists no question words keep their answers as they are.

    >>> short_answer_statement("In which year was Mukesh born?", "1923")
    'In the year 1923 was Mukesh born.'
    >>> short_answer_statement("When did the store open?", "In May 2019.")
    'In May 2019 did the store open.'
    >>> short_answer_statement("The company was founded in what year?", "1998")
    'The company was founded in the year 1998.'
    >>> short_answer_statement("How many tablets can I take a day?", "8")
    '8 tablets can I take a day.'
    >>> short_answer_statement("How many tablets can I take a day?", "Up to 8 tablets")
    'Up to 8 tablets can I take a day.'
    >>> short_answer_statement("How many tablets can I take a day?", "It is 8.") is None
    True
    >>> short_answer_statement("When did the mill close?", "The mill closed in 1931.") is None
    True
    >>> short_answer_statement("Who directed Jaws?", "Steven Spielberg") is None
    True
    >>> short_answer_statement("Can I take 8 a day?", "Yes, 8") is None
    True
    """
    lex = get_lexicon(lang)
    text = _normal(answer).rstrip(".!").strip()
    words = [w for w in _TOKEN.findall(text) if w[0].isalnum()]
    features = analyze(text, lang)
    if (
        not lex.question_words
        or not words
        or len(words) > _SHORT_ANSWER_WORDS
        or not features.numbers
        or any(_is_auxiliary(w, lex.auxiliaries, lex.months) or w in lex.anaphors for w in words)
        or is_polar_question(question, lang)
    ):
        return None
    asked = _question_word(question, lex)
    if asked is None:
        return None
    sentence, start, end = asked
    before, after = sentence[:start], sentence[end:].rstrip(" ?")
    kind = lex.question_words[sentence[start:end].lower()]
    if kind == "open":
        return None  # "how", "why": asks for a way or a reason, which a number does not state
    named, rest = _named_kind(after, lex.stopwords) if kind in ("kind", "count") else ("", after)
    if features.content & (analyze(question, lang).content - analyze(named, lang).content):
        return None  # it says again what the question asks about: a sentence of its own
    if kind == "owner":
        said = f"{text}'s"
    elif not named or features.content & analyze(named, lang).content:  # "8 tablets" names them
        said = text
    elif kind == "count":
        said = f"{text} {named}"
    else:
        said = f"the {named} {text}"
    statement = " ".join(f"{before}{said}{rest}".split())
    return statement[0].upper() + statement[1:] + "."


def _is_auxiliary(word: str, auxiliaries: frozenset[str], months: tuple[str, ...]) -> bool:
    """Whether ``word`` is an auxiliary verb; a capitalised month is not ("May 2019")."""
    lowered = word.lower().replace("’", "'")
    return lowered in auxiliaries and not (word[0].isupper() and lowered in months)


def _question_word(question: str, lex: Lexicon) -> tuple[str, int, int] | None:
    """The asking sentence of ``question`` with the span of its question word (``None`` if it has
    none). The first that holds: the one that opens the sentence (at most one word before it: "In
    which year"); one at its end, with only the words naming what is asked after it ("... was
    founded in what year?"); one that opens a part after a comma ("In 2013, what was ..."); the
    last one. A question word elsewhere is mostly a relative pronoun (", which makes pumps,")."""
    pattern = _question_pattern(lex.lang)
    sentences = _SENTENCE_END.split(_normal(question))
    for sentence in [s for s in sentences if s.endswith("?")] or sentences:
        found = list(pattern.finditer(sentence))
        if not found:
            continue
        asked = sentence.rstrip(" ?")
        ranked = (
            [m for m in found if len(_TOKEN.findall(sentence[: m.start()])) <= 1],
            [m for m in found if not _named_kind(asked[m.end() :], lex.stopwords)[1].strip()],
            [m for m in found if len(_TOKEN.findall(re.split(r"[,;:]", sentence[: m.start()])[-1])) <= 1],
            found[-1:],
        )
        chosen = next(group[0] for group in ranked if group)
        return sentence, chosen.start(), chosen.end()
    return None


@cache
def _question_pattern(lang: Lang) -> re.Pattern[str]:
    """Matches the lexicon's question words, the longest first ("how many" before "how")."""
    words = sorted(get_lexicon(lang).question_words, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b", re.IGNORECASE)


def _named_kind(after: str, stopwords: frozenset[str]) -> tuple[str, str]:
    """The words right after "which" or "how many" that name what is asked for (up to the next
    stop word or mark, at most four), and the rest of the question after them."""
    end, taken = 0, 0
    for token in _TOKEN.finditer(after):
        if not token.group()[0].isalnum() or token.group().lower() in stopwords or taken == _KIND_WORDS:
            break
        end, taken = token.end(), taken + 1
    return after[:end].strip(), after[end:]
