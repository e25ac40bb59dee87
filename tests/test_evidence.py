"""Evidence selection's memory over a dataset (issue 13, item 11)."""

from __future__ import annotations

from faithcheck._pipeline.verify import build_context_index
from faithcheck._text.sentences import split_sentences


def test_context_passages_are_not_kept_in_the_sentence_cache() -> None:
    # Every row's passages stayed in split_sentences' cache (8,192 texts of any size): a dataset of
    # long contexts grew the process with the rows.
    before = split_sentences.cache_info().currsize
    for i in range(50):
        passage = f"Passage {i} says the Lyra X{i} weighs {i + 2} kg. " * 40 + "It ships in 3 days."
        index = build_context_index([passage, f"Returns are free for item {i}."], "en")
        assert len(index.sentences) == 42
    assert split_sentences.cache_info().currsize == before
