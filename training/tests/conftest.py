"""Tests of the scripts under training/: run by `.ci/run` as their own step, after the product suite
(`pytest training/tests`), so the product's suite stays the product's."""

# The fixtures they share with the product suite (the run store and caches out of ~) are in the
# repository's conftest.py.
