"""The core layer: the types a score is made of (including ``Lang``), errors, the scoring kernel, row
records and paths. It imports no other layer."""
