"""Token prices (USD per million tokens) for cost estimates.

Prices change; these are list prices as published by the providers when this table was last
edited (2026-11), for the common model families. Anything else has no known price (cost
``None``) unless ``price_input_per_mtok`` / ``price_output_per_mtok`` are configured, which
always win.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Price", "price_for"]


@dataclass(frozen=True)
class Price:
    input_per_mtok: float
    output_per_mtok: float

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        return (input_tokens * self.input_per_mtok + output_tokens * self.output_per_mtok) / 1_000_000


# Longest prefix wins, so "gpt-4o-mini" is matched before "gpt-4o".
_TABLE: dict[str, Price] = {
    "gpt-4o-mini": Price(0.15, 0.60),
    "gpt-4o": Price(2.50, 10.00),
    "gpt-4.1-nano": Price(0.10, 0.40),
    "gpt-4.1-mini": Price(0.40, 1.60),
    "gpt-4.1": Price(2.00, 8.00),
    "o4-mini": Price(1.10, 4.40),
    "claude-haiku": Price(1.00, 5.00),
    "claude-3-5-haiku": Price(0.80, 4.00),
    "claude-sonnet": Price(3.00, 15.00),
    "claude-3-5-sonnet": Price(3.00, 15.00),
    "claude-3-7-sonnet": Price(3.00, 15.00),
    "claude-opus": Price(15.00, 75.00),
}


def price_for(model: str, *, input_override: float | None = None, output_override: float | None = None) -> Price | None:
    """The price of ``model``, the configured override, or ``None`` if unknown.

    >>> price_for("gpt-4o-mini-2024-07-18")
    Price(input_per_mtok=0.15, output_per_mtok=0.6)
    >>> price_for("my-local-llama") is None
    True
    """
    if input_override is not None and output_override is not None:
        return Price(input_override, output_override)
    matches = [prefix for prefix in _TABLE if model.startswith(prefix)]
    if not matches:
        return None
    base = _TABLE[max(matches, key=len)]
    return Price(
        input_override if input_override is not None else base.input_per_mtok,
        output_override if output_override is not None else base.output_per_mtok,
    )
