"""Dataset input and output: streaming readers and crash-safe writers."""

from faithcheck._runs.io.readers import SourceRow, count_rows, iter_source, parse_column_map
from faithcheck._runs.io.writers import ResultSink

__all__ = ["ResultSink", "SourceRow", "count_rows", "iter_source", "parse_column_map"]
