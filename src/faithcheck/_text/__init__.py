"""The text layer: language detection, sentence splitting, the per-language lexicon and word analysis.
It imports only the core."""
