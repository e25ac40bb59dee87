"""The import graph: no circle between two modules of one package, annotations included.

``lint-imports`` checks the layer rule without the imports under ``if TYPE_CHECKING:`` (they cost
nothing at run time); this test counts them too, so that a circle cannot hide behind one.
"""

from __future__ import annotations

import pytest

grimp = pytest.importorskip("grimp")  # installed with import-linter (the dev extra)


def test_no_two_sibling_modules_import_each_other_even_for_annotations() -> None:
    graph = grimp.build_graph("faithcheck", exclude_type_checking_imports=False, cache_dir=None)  # never a stale cache
    modules = sorted(graph.modules)
    circles = [
        (a, b)
        for a in modules
        for b in modules
        if a < b
        and a.rpartition(".")[0] == b.rpartition(".")[0]
        and graph.chain_exists(a, b)
        and graph.chain_exists(b, a)
    ]
    assert circles == [], [graph.find_shortest_chain(a, b) for a, b in circles]
