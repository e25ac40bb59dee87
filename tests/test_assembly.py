"""Evidence assembly (issue 14, item 1): reading order, deduplication, passage marks, budgets, and
support spread over several sentences ending up in one chunk."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from faithcheck._pipeline.verify.assembly import assemble, dedup_keys, tile
from faithcheck._pipeline.verify.evidence import build_context_index


def _words(text: str) -> int:
    return len(text.split())


FILLER = [f"Unrelated remark number {n} about the weather in spring." for n in range(30)]


def test_support_split_over_distant_sentences_lands_in_one_chunk() -> None:
    passage = " ".join(
        [
            *FILLER[:10],
            "Marie Curie was born in Warsaw.",
            *FILLER[10:25],
            "She won the Nobel Prize in 1903.",
            *FILLER[25:],
        ]
    )
    index = build_context_index([passage], "en")
    claim = "Marie Curie, born in Warsaw, won the Nobel Prize in 1903."
    scores = index.lexical_scores([claim])[0]
    chunks = assemble(index, claim, scores, budget=40, count_tokens=_words)
    assert not chunks[0].whole_context
    first = chunks[0].text
    assert "born in Warsaw" in first
    assert "Nobel Prize in 1903" in first
    assert " … " in first  # the gap between them is marked
    assert first.index("Warsaw") < first.index("Nobel")  # reading order
    assert all(c.tokens <= 40 for c in chunks)


def test_duplicates_across_passages_are_shown_once_and_passages_are_marked() -> None:
    passages = ["Returns are accepted within 30 days.", "Shipping is free.", "Returns are accepted within 30 days!"]
    index = build_context_index(passages, "en")
    keys = dedup_keys(index)
    assert keys[0] == keys[2]
    claim = "Returns are accepted within 30 days."
    (chunk,) = assemble(index, claim, index.lexical_scores([claim])[0], budget=100, count_tokens=_words)
    assert chunk.whole_context
    assert chunk.text == "[passage 0] Returns are accepted within 30 days.\n[passage 1] Shipping is free."
    assert chunk.contains([2], keys)  # the duplicate counts as shown


def test_a_sentence_longer_than_the_budget_is_cut_to_it() -> None:
    long_sentence = "Warsaw " + "word " * 200 + "end."
    index = build_context_index([long_sentence + " Other text here.", "More text."], "en")
    chunks = assemble(index, "Warsaw", index.lexical_scores(["Warsaw"])[0], budget=20, count_tokens=_words)
    assert chunks[0].tokens <= 20
    assert chunks[0].text.startswith("Warsaw word")


def test_at_most_max_chunks_and_every_chunk_within_budget() -> None:
    passage = " ".join(f"The product {n} weighs {n} kilograms and costs {n} euros." for n in range(60))
    index = build_context_index([passage], "en")
    claim = "The product weighs 7 kilograms."
    chunks = assemble(index, claim, index.lexical_scores([claim])[0], budget=30, count_tokens=_words, max_chunks=3)
    assert 1 <= len(chunks) <= 3
    assert all(c.tokens <= 30 for c in chunks)
    assert "weighs 7 kilograms" in chunks[0].text  # the sentence with the claim's number comes first


def test_scores_must_match_the_sentences() -> None:
    index = build_context_index(["One. Two."], "en")
    with pytest.raises(ValueError, match="1 scores for 2 sentences"):
        assemble(index, "One.", [1.0], budget=10, count_tokens=_words)


def test_tiling_shows_every_distinct_sentence_once_within_the_budget() -> None:
    """The brute force the benchmarks compare assembly with: the whole context, chunk after chunk."""
    index = build_context_index([" ".join(FILLER[:20]), FILLER[3] + " The last passage ends here."], "en")
    chunks = tile(index, budget=40, count_tokens=_words)
    assert len(chunks) > 1
    assert all(c.tokens <= 40 for c in chunks)
    assert not any(c.whole_context for c in chunks)
    shown = [s.index for c in chunks for s in c.sentences]
    keys = dedup_keys(index)
    assert shown == sorted(set(shown))  # reading order, nothing twice
    assert {keys[i] for i in shown} == set(keys)  # every distinct sentence, the repeated one once
    (whole,) = tile(index, budget=10_000, count_tokens=_words)
    assert whole.whole_context


@given(
    st.lists(st.integers(0, 2), min_size=2, max_size=12),  # each sentence's passage (sorted below)
    st.lists(st.integers(1, 9), min_size=12, max_size=12),  # each sentence's tokens
    st.sets(st.integers(0, 11), max_size=4),
    st.lists(st.integers(0, 11), max_size=12),
    st.integers(5, 40),
)
@example([0, 0, 0], [2, 3, 2, *[1] * 9], {0, 2}, [1], 10)  # filling the gap between two sentences saves a mark
def test_growing_a_chunk_adds_exactly_what_fits(
    passages: list[int], tokens: list[int], start: set[int], candidates: list[int], budget: int
) -> None:
    """_grow skips a candidate by a lower bound on its cost (its tokens less one gap mark) before
    counting the chunk again: it must add exactly what adding one at a time while it fits adds."""
    from faithcheck._pipeline.verify import assembly

    n = len(passages)
    text = {p: " ".join(f"S{i}." for i, q in enumerate(sorted(passages)) if q == p) for p in set(passages)}
    index = build_context_index([text.get(p, "") for p in range(max(passages) + 1)], "en")
    assert len(index.sentences) == n
    start = {i for i in start if i < n}
    candidates = [i for i in candidates if i < n]
    marker = 3

    def cost(chosen: set[int]) -> int:
        return assembly._cost(sorted(chosen), index, tokens, marker)

    if cost(start) > budget:
        return
    expected = set(start)
    for i in candidates:
        if i not in expected and cost(expected | {i}) <= budget:
            expected.add(i)
    chosen = set(start)
    final = assembly._grow(chosen, cost(chosen), candidates, index, tokens, marker, budget)
    assert chosen == expected
    assert final == cost(expected)
