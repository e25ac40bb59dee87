"""The conjunct of a coordinated sentence that each of its numbers belongs to.

"Tickets cost 15 euros for adults and 8 euros for children": the words around each number do
not tell which price is the children's ("Tickets cost" stands by the 15, "children" one word
further from the 8 than "adults" is from the 15). A sentence coordinates parts that each hold
their numbers (the first "and", "but", "while" or semicolon between two numbers); the words a
part has of its own ("for children", "on Saturdays", "in Reykjavik", "the Basic plan") are what
it says of its numbers. The words before the first part's own words are shared by every part:
"Tickets cost", "The library is open", "Reagan and Gorbachev held summits". Where the later part
opens with a word the first part has too ("in Reykjavik in 1986" after "... summits in Geneva in
1985"), the first part's own words start at as many of that word before its number ("in Geneva
in 1985"); where the later part says again words the first says before its number ("..., and Ada
Brennan won the Lindqvist Prize in 2014" after "Mara Osei won the Lindqvist Prize in 2011"), at
the first part's start; otherwise at the first part's number: the later part opens with its
number ("and 8 euros for children") or leaves out what the first says before it ("but only until 5
pm on Saturdays" after "The library is open until 8 pm on weekdays"), but for a later part opening
with a verb in the past tense of its own: it shares the first part's subject only, and the first
part's own words start at its verb ("and moved to Denver in 2005" after "The company was founded in
1998 in Austin": "was founded in 1998 in Austin"). A subject of the first part
alone ("Revenue" of "Revenue rose 5%, while profit fell 3%") is then shared, and only the words of
the later part tell its numbers from the first's. Two values of one kind with no other word between
them ("the 1980s and the 1990s", "between 1993 and 2018") stand in one part.

A comma parts a list whose last part "and" parts from numbers of the same kinds, where the comma's
part opens as that one does ("Adults need 8 hours of sleep, teenagers 9 hours and young children
11 hours"; not ", improved from $3.41 in the second quarter of 2021 and $2.75 ..."). Where every
later part says only whose its numbers are (:func:`_gapped`: "teenagers 9 hours"), what the first
says after its number and unit ("of sleep") is shared too. A comma's part saying only whose its
number is, of the kind before the comma, is a part of a list whatever the last part gives ("Adults pay
12 euros, students 8 euros and children under 6 enter free"), and a last part giving no number ends
the list where it says again what the comma's part says but its names ("The Basic tier allows 3
users, the Team tier allows 10 users and the Enterprise tier allows unlimited users").

Where a part ends with its number and up to three words that say what kind ("120 single", "two cups
of white") and the next part opens with its number, words of as many kinds and one more, the last
is the head noun of both ("120 single and 45 double rooms", "three platinum and seven gold
records"): that noun is the earlier part's too.

A later part opening with its number (or stop words and it) shares what the first part says between
its number and the word the later part goes on with ("of patients" of "18% of patients on the drug
and 6% on placebo"); where every later part ends with its bare number, the first part's unit is
theirs too ("Economy passengers get one free checked bag; business passengers get two"). A
semicolon, "while" or "whereas" parts clauses more strongly than "and": within them, "and" before
the same word in two clauses, or before an auxiliary, goes on with the clause's subject and parts
nothing ("... and costs 4.99 pounds; express delivery ... and costs 9.99 pounds"). A later part
opening with an article says again the first part's opening one ("the second phase" after "The
first phase of the project"), and one naming its own kind before the words both say starts the
first part's own words at its kind ("Economy" before "business passengers"). A later part opening
with the article the first opens with and leaving out its verb says its own words only: the first
part's noun and verb are shared ("The first train leaves at 5:43 am and the last at 11:30 pm"); one
opening with an article, its subject and an auxiliary of its own shares nothing ("Breakfast is
served from 7 am to 10:30 am, and the pool is open until 9 pm").
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Hashable, Sequence
from itertools import pairwise

from faithcheck._core.types import Lang
from faithcheck._text.analysis import analyze, past_tense
from faithcheck._text.lexicon import get_lexicon

__all__ = [
    "BRACKETED",
    "CLAUSES",
    "CLAUSES_BY_WORD",
    "CLAUSES_OR_BUT",
    "GIVEN_ON_TOP",
    "Conjunct",
    "clauses_outside_brackets",
    "conjuncts",
    "left_out_after_article",
]

Conjunct = tuple[int, frozenset[str | float]]
"""A number's conjunct: its index in the sentence (-1 where the sentence coordinates none) and
the content stems and numbers it has of its own."""

CLAUSES_BY_WORD = r",?\s*\b(?:while|whereas)\b|,\s*(?:and|but)\b"
""":data:`CLAUSES` but the semicolon, which also parts a life's dates from a name's pronunciation in
its brackets ("Simón Bolívar (Spanish: [...]; 24 July 1783 - ...)")."""
CLAUSES = rf"{CLAUSES_BY_WORD}|;"
"""What parts two clauses of an English sentence that may say one thing of one name and another of
another ("Lake Superior is the largest ..., while Lake Baikal is the deepest"; "The first season was
filmed in Belfast, and the second season in Dublin"): "while", "whereas", a comma before "and" or
"but", a semicolon."""
CLAUSES_OR_BUT = rf"{CLAUSES}|\s+but\s+"
""":data:`CLAUSES` and "but" without a comma, which parts clauses wherever it stands ("kept it at 30 km/h
in town but raised it on the ring road"; a bare "and" may join two things of one clause instead)."""
_MARKER = re.compile(
    r"(?:,\s*)?\b(?:and|but|while|whereas|und|aber|während|et|mais|tandis)\b|,\s*(?:or|then)\b"
    r"|,\s*compared\s+(?:with|to)\b|,\s*(?:rising|falling|increasing|decreasing|dropping|climbing)\s+to\b|;|(?<!\b[ap]\.m)[.!?]\s",
    re.IGNORECASE,
)
"""What parts two coordinated parts of a sentence (a sentence's end parts two sentences; ", then"
parts two steps: "Bake for 25 minutes, then let it cool for 10 minutes"; ", or" two alternatives:
"35 pounds a month with a 12-month contract, or 45 pounds a month with no contract"; ", compared with" parts two
values compared: "about 40 million, compared with about 335 million in the United States", and ",
rising to" a value from the one it rises to where what follows holds: "25 days of annual leave,
rising to 30 days after five years of service"; the full stop of "a.m."
or "p.m." ends no sentence). A comma
alone does not: it parts a date ("January 1, 1909"), an apposition ("Warren, 23,") or a list whose
last item "and" parts anyway."""
BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
"""A bracket, innermost first: no clause marker inside one parts its sentence ("Lisbon (Portuguese:
Lisboa; Latin: ) is the capital")."""


_COMPARED = re.compile(r",\s*compared", re.IGNORECASE)
"""The marker of two values compared (:data:`_MARKER`), which are never one part."""
_SENTENCE_END = re.compile(r"(?<!\b[ap]\.m)[.!?;](?:\s|$)", re.IGNORECASE)
_COMMA = re.compile(r",\s*")
GIVEN_ON_TOP = r"(?:free|extra|additional|complimentary|spare)\s+(?:[a-z]+ed\s+)?"
"""A word of what is given on top and maybe a participle, before the word a number counts: "one free
checked bag" counts bags, as "two bags" does."""
_ENDS_AT_NUMBER = re.compile(rf"%?\s*(?:{GIVEN_ON_TOP})?(?:[^\W\d_]+)?[\s,.!?;]*", re.IGNORECASE)
"""What a part may say after its last number when it ends there: its unit ("9 hours", "free checked
bag")."""
_GOES_ON = re.compile(r"\s*([a-z]+)\b")
"""The lower-case word after "and": maybe a verb going on with the subject before ("and costs 4.99
pounds"), or an article again ("and a 3,300 mAh battery"; not "and 8 euros")."""
_STRONG = re.compile(r";|\b(?:while|whereas)\b", re.IGNORECASE)
"""What parts clauses more strongly than "and": a semicolon, "while", "whereas"."""
_PARALLEL = 2
"""The clauses at least that go on with the same word after "and" (:data:`_GOES_ON`)."""
_BARE_END = re.compile(r"[\s,.!?;]*")
"""What a part ending with its number, no unit after it, says after it."""
_GAPPED_WORDS = 3
"""The words a part that leaves out its verb says of whose its numbers are: "young children"."""
_GAPPED_VERB = 2
"""The words at most between the subject and the number of the part before one that leaves out its
verb: "pay" of "adults pay €12"."""
_WORD = re.compile(r"[^\W\d_]+")
_NEXT_WORD = re.compile(r"\s*([^\W\d_]+)")
"""The word right after a number, past spaces."""
_KINDS = 3
"""The words at most that a part ending with its number says of its kind: "cups of white"."""
_RATE_AFTER = re.compile(
    r"%?\s*(?:[^\W\d_]+\s+)?(?:a|an|per|each|every)\s+(hour|day|night|week|month|year)\b", re.IGNORECASE
)
"""A number's unit and the time it is a rate of: " pounds a week"."""
_HEAD_ENDS = re.compile(r"\s*(?:[,;:.!?)]|$)")
"""Where a head noun ends its phrase, unless a stop word follows it."""


def conjuncts(text: str, spans: Sequence[tuple[int, int]], kinds: Sequence[Hashable], lang: Lang) -> list[Conjunct]:
    """The conjunct of each number of ``text`` (at ``spans``, in reading order; ``kinds`` tells
    which are values of one kind: the same unit, years).

    >>> tickets = "Tickets cost 15 euros for adults and 8 euros for children."
    >>> parts = conjuncts(tickets, [(13, 15), (37, 38)], ["euro", "euro"], "en")
    >>> [(k, sorted(own, key=str)) for k, own in parts]
    [(0, [15.0, 'adult', 'euro']), (1, [8.0, 'children', 'euro'])]
    """
    bounds: list[tuple[int, int]] = []
    commas: list[tuple[int, int, tuple[Hashable, Hashable, int]]] = []
    stopwords = get_lexicon(lang).stopwords
    for ((_, first_end), first_kind), ((start, _), kind) in pairwise(zip(spans, kinds, strict=True)):
        markers = list(_MARKER.finditer(text, first_end, start))
        # two values of one kind listed ("the 1980s and the 1990s", "in 2019 and 2020") or a span
        # ("between 1993 and 2018") are one part: no content word stands between them
        listed = first_kind == kind and not analyze(_MARKER.sub(" ", text[first_end:start]), lang).content
        listed = listed and not any(_COMPARED.match(m.group()) for m in markers)  # "40 million, compared with 335"
        if markers and not listed:
            bounds.append((markers[0].start(), markers[0].end()))
            # a comma before parts a list whose last part "and" parts from numbers of the same
            # kinds, opening alike: "Adults need 8 hours of sleep, teenagers 9 hours and young
            # children 11 hours"; not ", improved from $3.41 ... and $2.75 ..."
            shape = (first_kind, kind, _opening(text[markers[0].end() : start], stopwords))
            bounds += [(a, b) for a, b, shape_of in commas if shape_of == shape or _lists(shape_of)]
            commas.clear()
        elif not listed and (comma := _COMMA.search(text, first_end, start)):
            commas.append(
                (comma.start(), comma.end(), (first_kind, kind, _opening(text[comma.end() : start], stopwords)))
            )
    if commas:
        bounds += _numberless_last(text, spans[-1][1], commas, lang)
    bounds.sort()
    if any(_STRONG.search(text, a, b) for a, b in bounds):
        # a semicolon, "while" or "whereas" parts clauses, each with its subject; "and" before the
        # same word in two of them, or before an auxiliary, goes on with that subject ("Standard
        # delivery takes 3 to 5 working days and costs 4.99 pounds; express delivery takes 1 working
        # day and costs 9.99 pounds", "The phone has a 6.1-inch screen and a 3,300 mAh battery, while
        # the Plus model has a 6.7-inch screen and a 4,400 mAh battery", "the second phase is due in
        # 2030 and will cost a further 800 million pounds"): no part of its own
        going_on = [m.group(1) if (m := _GOES_ON.match(text, b)) else "" for _, b in bounds]
        bounds = [
            (a, b)
            for (a, b), word in zip(bounds, going_on, strict=True)
            if _STRONG.search(text, a, b)
            or not word
            or (going_on.count(word) < _PARALLEL and word not in get_lexicon(lang).auxiliaries)
        ]
    if not bounds:
        return [(-1, frozenset())] * len(spans)
    edges = [0, *(end for _, end in bounds)]
    # the last part ends with its sentence (a text split badly may run on: "1939 . Sculptor ...")
    last = _SENTENCE_END.search(text, spans[-1][1])
    ends = [*(start for start, _ in bounds), last.start() if last else len(text)]
    bound_ends = [end for _, end in bounds]
    index = [bisect_right(bound_ends, start) for start, _ in spans]
    owns = [analyze(text[a:b], lang).terms for a, b in zip(edges, ends, strict=True)]
    last_numbers = [0] * len(edges)  # where each part's last number ends
    last_starts = [0] * len(edges)  # ... and starts ("two" of "business passengers get two")
    for (start, end), k in zip(spans, index, strict=True):
        if end > last_numbers[k]:
            last_numbers[k], last_starts[k] = end, start
    own_end = ends[0]
    compared = all(_COMPARED.match(text, bounds[k - 1][0]) for k in range(1, len(edges)) if last_numbers[k])
    if compared or all(
        _gapped(text, edges[k], (last_starts[k], last_numbers[k]), ends[k])
        for k in range(1, len(edges))
        if last_numbers[k]
    ):
        # the later parts say only whose numbers they are, leaving out what the first says after
        # its number and its unit: that is shared ("of sleep" in "Adults need 8 hours of sleep,
        # teenagers 9 hours"; a last part with no number says something else), as a value compared
        # does ("of their body weight" in "lost an average of 12.4% of their body weight, compared
        # with 2.1% in the placebo group")
        own_end = next(_ENDS_AT_NUMBER.finditer(text, last_numbers[0], ends[0])).end()
        if not compared and all(
            _BARE_END.fullmatch(text, last_numbers[k], ends[k]) for k in range(1, len(edges)) if last_numbers[k]
        ):
            # ... and its unit too, where they leave that out as well ("free checked bag" of "Economy
            # passengers get one free checked bag; business passengers get two")
            own_end = last_numbers[0]
        # (and no later part's own: "g/cm3" of "19.3 g/cm3, compared with 11.3 g/cm3 for lead")
        shared_after = analyze(text[own_end : ends[0]], lang).terms
        owns[1:] = [own - shared_after for own in owns[1:]]
    # past an opening phrase of another kind of number and its comma, the first part's number of the
    # kind of the second part's first ("by 40% ... and by 10%" past "After 12 weeks,")
    second = index.index(1)
    alike = next((i for i, k in enumerate(index) if k == 0 and kinds[i] == kinds[second]), 0)
    opening = alike > 0 and _COMMA.search(text, spans[0][1], spans[alike][0]) is not None
    first_number, first_number_end = spans[alike] if opening else spans[0]
    owns[0] = analyze(text[_own_start(text, first_number, edges[1], spans, index, lang) : own_end], lang).terms
    if compared:
        # the words of the first part's subject are no value compared's own either ("taking" of
        # "patients taking the drug lost 15% ..., compared with 2% for those taking a placebo"; not
        # "lead" of "Gold is denser than lead: it has a density of 19.3 g/cm3, compared with 11.3
        # g/cm3 for lead")
        first_subject = analyze(text[: _verb(text, first_number, lang)], lang).terms
        owns[1:] = [own - first_subject for own in owns[1:]]
    firsts = [len(text)] * len(edges)  # where each part's first number starts, and ends
    first_ends = [len(text)] * len(edges)
    for (start, end), k in zip(spans, index, strict=True):
        if start < firsts[k]:
            firsts[k], first_ends[k] = start, end
    if (rate := _RATE_AFTER.match(text, first_ends[0])) is not None and any(
        _RATE_AFTER.match(text, first_ends[k]) is None for k in range(1, len(edges)) if first_ends[k] < len(text)
    ):
        # a rate the later parts leave out is theirs too: "a week" of "25.60 pounds a week for the
        # eldest child and 16.95 pounds for each additional child"
        owns[0] = owns[0] - analyze(rate.group(1), lang).terms
    for k in range(1, len(edges)):
        subject = _WORD.findall(_MARKER.sub(" ", text[edges[k] : firsts[k]]))
        before = _WORD.findall(text, edges[k - 1], firsts[k - 1])
        # a part opening with the article the part before opens with says its own words only, its
        # noun left out with the verb ("the last at 11:30 pm" after "The first train leaves at 5:43
        # am": "train leaves")
        left_out = left_out_after_article(before, subject, lang)
        verb = before[len(subject) :] if left_out is None else left_out
        # (a part with an auxiliary of its own has its verb: "and can fly 14,010 km")
        own_verb = any(word.lower() in get_lexicon(lang).auxiliaries for word in subject)
        if (
            _gapped(text, edges[k], (last_starts[k], last_numbers[k]), ends[k])
            and 0 < len(verb) <= _GAPPED_VERB
            and not own_verb
        ):
            # a part leaving out its verb shares the one the part before has between its subject
            # and its number: "pay" of "adults pay €12 and students €8" (not "began on" of "The
            # Siege ... began on August 2, 1777, and ended August 22": "ended" is no subject)
            owns[k - 1] = owns[k - 1] - analyze(" ".join(verb), lang).terms
        later = (edges[k], firsts[k], first_ends[k])
        if first_ends[k] < len(text) and (elided := _elided(text, first_number_end, ends[0], later, stopwords)):
            # what the first part says between its number and the word the later part goes on with
            # after its own is the later part's too: "of patients" of "18% of patients on the drug
            # and 6% on placebo", "percentage" of "by 2.1 percentage points in the drug group and by
            # 0.4 points in the placebo group"
            owns[0] = owns[0] - analyze(elided, lang).terms
        part = (edges[k], firsts[k], first_ends[k], ends[k])
        head = _shared_head(text, (last_numbers[k - 1], ends[k - 1]), part, stopwords)
        owns[k - 1] = owns[k - 1] | analyze(head, lang).terms
    return [(k, owns[k]) for k in index]


def _elided(text: str, number_end: int, end: int, part: tuple[int, int, int], stopwords: frozenset[str]) -> str:
    """The words that a later ``part`` (its start, where its first number starts and ends) leaves out
    after its number, where it opens with that number or stop words only: those the first part (its
    number ending at ``number_end``, the part at ``end``) says between its number and the word the
    later part says right after its own, up to :data:`_GAPPED_WORDS` of them and no number ("of
    patients" of "18% of patients on the drug" before "and 6% on placebo"). An empty string where it
    leaves out none."""
    start, number_start, number_end_later = part
    if any(word.lower() not in stopwords for word in _WORD.findall(_MARKER.sub(" ", text[start:number_start]))):
        return ""
    going_on = _NEXT_WORD.match(text, number_end_later)
    if going_on is None:
        return ""
    again = re.compile(rf"\b{re.escape(going_on.group(1))}\b", re.IGNORECASE).search(text, number_end, end)
    if again is None:
        return ""
    between = text[number_end : again.start()]
    words = _WORD.findall(between)
    return between if 0 < len(words) <= _GAPPED_WORDS and not re.search(r"\d", between) else ""


def _lists(shape: tuple[Hashable, Hashable, int]) -> bool:
    """A comma's part of this shape is a part of a list whatever the last part gives: it says only
    whose its number is, of the kind of the number before the comma ("Adults pay 12 euros, students 8
    euros and children under 6 enter free")."""
    first_kind, kind, opening = shape
    return opening == 1 and first_kind == kind


def _numberless_last(
    text: str, last_number: int, commas: Sequence[tuple[int, int, tuple[Hashable, Hashable, int]]], lang: Lang
) -> list[tuple[int, int]]:
    """The commas of a list whose last part, after "and" or "but", gives no number, and that part's
    marker: "The Basic tier allows 3 users, the Team tier allows 10 users and the Enterprise tier allows
    unlimited users". The last part must say again the content words that the comma's part says
    before its number, but the names that tell the parts apart ("tier allows" of "the Team tier
    allows"), unless the comma's part says only whose its number is ("Adults need 8 hours of sleep,
    teenagers 9 hours and young children usually need more")."""
    last = _SENTENCE_END.search(text, last_number)
    end = last.start() if last else len(text)
    marker = _MARKER.search(text, last_number, end)
    if marker is None:
        return []
    said_last = analyze(text[marker.end() : end], lang).content
    listed = []
    for start, comma_end, shape in commas:
        number = re.search(r"\d", text[comma_end:last_number])
        words = _WORD.findall(text, comma_end, comma_end + number.start()) if number else []
        opening = analyze(" ".join(word for word in words if word.islower()), lang).content
        if _lists(shape) or (opening and opening <= said_last):
            listed.append((start, comma_end))
    return [*listed, (marker.start(), marker.end())] if listed else []


def _shared_head(text: str, before: tuple[int, int], part: tuple[int, int, int, int], stopwords: frozenset[str]) -> str:
    """The head noun that the part ending ``before`` (from its last number to its end) shares with
    the next ``part`` (its start, where its first number starts and ends, its end): "rooms" of "120
    single and 45 double rooms", where the earlier part says after its number up to :data:`_KINDS`
    words, none a stop word but "of", and the next opens with its number and says as many words and
    one more before a stop word or the phrase's end. An empty string where they share none."""
    kinds = list(_WORD.finditer(text, *before))
    start, number_start, number_end, end = part
    if not kinds or len(kinds) > _KINDS or not _of_kind(kinds, stopwords):
        return ""
    if _WORD.search(_MARKER.sub(" ", text[start:number_start])):
        return ""  # the part opens with words before its number
    words = list(_WORD.finditer(text, number_end, end))
    if len(words) <= len(kinds) or not _of_kind(words[: len(kinds)], stopwords):
        return ""
    head = words[len(kinds)]
    after = words[len(kinds) + 1] if len(words) > len(kinds) + 1 else None
    ends_phrase = _HEAD_ENDS.match(text, head.end()) is not None or (
        after is not None and after.group().lower() in stopwords and not text[head.end() : after.start()].strip()
    )
    return head.group() if head.group().lower() not in stopwords and ends_phrase else ""


def _of_kind(words: Sequence[re.Match[str]], stopwords: frozenset[str]) -> bool:
    """``words`` may say a kind: none is a stop word but "of" ("cups of white")."""
    return all(m.group().lower() not in stopwords or m.group().lower() == "of" for m in words)


def _opening(words: str, stopwords: frozenset[str]) -> int:
    """How a part of a list opens before its number: with it (0), with up to
    :data:`_GAPPED_WORDS` words none a stop word ("teenagers", "young children": 1), or otherwise
    (2: "improved from")."""
    found = _WORD.findall(words)
    if not found:
        return 0
    return 1 if len(found) <= _GAPPED_WORDS and not any(w.lower() in stopwords for w in found) else 2


def _gapped(text: str, start: int, last_number: tuple[int, int], end: int) -> bool:
    """The part ``text[start:end]`` says at most :data:`_GAPPED_WORDS` words before its last number
    (where it starts and ends; a number written in words is none of them) and ends with it and its
    unit: "teenagers 9 hours", "and young children 11 hours", "business passengers get two"."""
    before = _WORD.findall(_MARKER.sub(" ", text[start : last_number[0]]))
    return len(before) <= _GAPPED_WORDS and _ENDS_AT_NUMBER.fullmatch(text, last_number[1], end) is not None


def _own_start(
    text: str, first_number: int, second_start: int, spans: Sequence[tuple[int, int]], index: list[int], lang: Lang
) -> int:
    """Where the first part's own words start (see the module docstring)."""
    second_number = next((start for (start, _), k in zip(spans, index, strict=True) if k == 1), len(text))
    opening = _WORD.search(text, second_start, second_number)
    if opening is None:
        return first_number  # the second part opens with its number: "and 8 euros for children"
    word = re.compile(rf"\b{re.escape(opening.group())}\b", re.IGNORECASE)
    wanted = len(word.findall(text, second_start, second_number))
    found = [m.start() for m in word.finditer(text, 0, first_number)]
    if 0 < wanted <= len(found):
        # an article says again the first part's opening article, not the nearest: "the second
        # phase" that of "The first phase of the project", not of "the project"
        return found[0] if opening.group().lower() in get_lexicon(lang).determiners else found[-wanted]
    # the second part says again what the first says before its number: those words are its own,
    # from the first part's start where the second has a subject of its own ("..., and Ada Brennan
    # won the Lindqvist Prize in 2014"), else from the last of them ("until 8 pm on weekdays" of "The
    # library is open until 8 pm on weekdays, but only until 5 pm on Saturdays")
    repeated = analyze(text[second_start:], lang).content & analyze(text[:first_number], lang).content
    if repeated:
        if not _gapped(text, second_start, (second_number, second_number), second_number):
            return 0
        words = list(_WORD.finditer(text, 0, first_number))
        said = [k for k, m in enumerate(words) if analyze(m.group(), lang).content & repeated]
        at = said[-1]
        if _modified(text[second_start:second_number], repeated, lang):
            # the later part names its own kind of what both say ("business passengers get two"
            # after "Economy passengers get one free checked bag"): the first part's own words
            # start at its kind ("Economy")
            while at > 0 and words[at - 1].group().lower() not in get_lexicon(lang).stopwords:
                at -= 1
        return words[at].start()
    # a second part opening with a verb of its own ("and reached the cup final in 2004") shares the
    # first part's subject only: the first part's own words start at its verb ("won the league title
    # under its new coach in 2001")
    if _past(opening.group(), lang):
        return _verb(text, first_number, lang)
    # one opening with an article, its subject and an auxiliary of its own shares nothing: "and the
    # pool is open until 9 pm" after "Breakfast is served from 7 am to 10:30 am" (not "but jury
    # selection will begin ... on Feb. 9" after "Trump's trial is slated to take place on March 4")
    lex = get_lexicon(lang)
    later = [word.group().lower() for word in _WORD.finditer(text, second_start, second_number)]
    return 0 if later[0] in lex.determiners and not lex.auxiliaries.isdisjoint(later[2:]) else first_number


def _modified(opening: str, repeated: frozenset[str | float], lang: Lang) -> bool:
    """The words a later part says before its number open with a content word it does not say
    again, right before one it does ("business" of "business passengers get")."""
    words = [analyze(word, lang).content for word in _WORD.findall(opening)]
    return len(words) >= 2 and bool(words[0]) and not words[0] & repeated and bool(words[1] & repeated)


def _verb(text: str, first_number: int, lang: Lang) -> int:
    """Where the verb of the part ending at ``first_number`` starts: its first auxiliary or verb in
    the past tense ("was founded", "opened"), else its first lower-case word, not a stop word, after
    another word that is none ("won" of "The team won", "The New York Knicks won"); its number if it
    has none of them."""
    lex = get_lexicon(lang)
    words = list(_WORD.finditer(text, 0, first_number))
    for m in words:
        if m.group().lower() in lex.auxiliaries or _past(m.group(), lang):
            return m.start()
    for before, m in pairwise(words):
        if m.group().islower() and m.group() not in lex.stopwords and before.group().lower() not in lex.stopwords:
            return m.start()
    return first_number


def _past(word: str, lang: Lang) -> bool:
    """``word`` is a verb in the past tense by its ending (the lexicon's ``past_endings``, which the
    stemmer takes off: "reached", "moved"; not "speed", "red" or a capitalised name)."""
    lex = get_lexicon(lang)
    return word.islower() and word not in lex.stopwords and past_tense(word, lex)


def left_out_after_article(first: Sequence[str], later: Sequence[str], lang: Lang) -> list[str] | None:
    """The words of a first part (``first``, as written) that a later part (``later``) opening with
    the same article leaves out: the first's words past its stop words, all but as many as the later
    says of its own ("train leaves at" of "The first train leaves at" for "the last at"); ``None`` where
    the two do not open with one article.

    >>> left_out_after_article(["The", "first", "train", "leaves", "at"], ["the", "last", "at"], "en")
    ['train', 'leaves']
    """
    lex = get_lexicon(lang)
    if not (first and later and first[0].lower() == later[0].lower() in lex.determiners):
        return None
    own = [word for word in later if word.lower() not in lex.stopwords]
    return [word for word in first if word.lower() not in lex.stopwords][len(own) :]


def clauses_outside_brackets(sentence: str, parting: str | re.Pattern[str]) -> list[str]:
    """The clauses of ``sentence`` that ``parting`` parts outside brackets (:data:`BRACKETED`), the
    empty ones left out: "Melilla ( [ ... ] ; [ ... ] ) is a Spanish city" is one clause.

    >>> clauses_outside_brackets("Adults take 500 mg (or 2 tablets; no more); children take less", r";")
    ['Adults take 500 mg (or 2 tablets; no more)', ' children take less']
    """
    blanked = BRACKETED.sub(lambda m: " " * len(m.group()), sentence)
    cuts = [0, *(at for m in re.finditer(parting, blanked) for at in m.span()), len(sentence)]
    return [sentence[a:b] for a, b in zip(cuts[::2], cuts[1::2], strict=True) if sentence[a:b].strip()]
