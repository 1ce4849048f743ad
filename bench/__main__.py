"""Dispatch ``python -m bench <name> [args...]`` to ``bench.<name>.main(args)``."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def available() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if not m.name.startswith("_"))


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in {"-h", "--help"}:
        print(f"usage: python -m bench <name> [args...]; benchmarks: {', '.join(available())}")
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name not in available():
        print(f"no benchmark named {name!r}; benchmarks: {', '.join(available())}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"bench.{name}")
    return int(module.main(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
