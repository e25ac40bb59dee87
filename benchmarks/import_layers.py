"""The package's plan, read from its import graph (issue 29): how many modules sit at the top of
the package, how tall the import graph is (floors: a module's floor is one above the highest module
it imports), which modules import each other in a circle, and which top-level parts import which.

    python benchmarks/import_layers.py                       # the installed / PYTHONPATH faithcheck
    PYTHONPATH=<other checkout>/src python benchmarks/import_layers.py   # another tree, to compare

Imports under ``if TYPE_CHECKING:`` are left out (they are annotations), as ``lint-imports`` does;
``--with-type-checking`` counts them too.
"""

from __future__ import annotations

import argparse
from functools import cache

import grimp


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", default="faithcheck")
    parser.add_argument("--with-type-checking", action="store_true")
    args = parser.parse_args()
    package = args.package
    graph = grimp.build_graph(package, exclude_type_checking_imports=not args.with_type_checking, cache_dir=None)
    modules = sorted(graph.modules)
    imports = {m: set(graph.find_modules_directly_imported_by(m)) for m in modules}
    reaches = {m: set(graph.find_upstream_modules(m)) for m in modules}  # what m imports, at any depth
    circle = {m: frozenset({m} | {n for n in reaches[m] if m in reaches[n]}) for m in modules}

    @cache
    def floor(group: frozenset[str]) -> int:
        below = {circle[n] for m in group for n in imports[m]} - {group}
        return 1 + max((floor(g) for g in below), default=0)

    def name(module: str) -> str:
        return module.removeprefix(package + ".")

    def part(module: str) -> str:
        return ".".join(module.split(".")[:2])

    top_level = sorted({part(m) for m in modules} - {package})
    cycles = sorted({c for c in circle.values() if len(c) > 1}, key=sorted)
    print(
        f"{package}: {len(modules)} modules, {len(top_level)} directly in the package, "
        f"{max(floor(c) for c in circle.values())} floors"
    )
    print(f"import circles: {len(cycles)}")
    for cycle in cycles:
        print("  " + " <-> ".join(name(m) for m in sorted(cycle)))
    height = {p: max(floor(circle[m]) for m in modules if part(m) == p) for p in top_level}
    print("\ntop-level parts, highest first ([floor]), and the parts each imports:")
    for p in sorted(top_level, key=lambda p: (-height[p], p)):
        imported = sorted({part(n) for m in modules if part(m) == p for n in imports[m]} - {p, package})
        print(f"  [{height[p]:2}] {name(p)}: {', '.join(name(i) for i in imported) or '-'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
