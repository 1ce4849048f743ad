"""Game engines. ``engine.ruleset(name)`` is the one way in.

Built-in games register themselves when their package is imported; the registry
imports them lazily so that loading one game never pays for the others.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from .core.ruleset import Ruleset

_REGISTRY: dict[str, Ruleset[Any, Any]] = {}
_BUILTIN: dict[str, str] = {
    "runewars": "engine.runewars",
    "ageofheroes": "engine.ageofheroes",
    "cloudspire": "engine.cloudspire",
    "heroes3": "engine.heroes3",
    "heroes3-skirmish": "engine.heroes3",
}


def register(ruleset: Ruleset[Any, Any]) -> Ruleset[Any, Any]:
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def unregister(name: str) -> None:
    _REGISTRY.pop(name, None)


def _load_builtin(name: str) -> None:
    module = _BUILTIN.get(name)
    if module and name not in _REGISTRY and importlib.util.find_spec(module) is not None:
        importlib.import_module(module)


def ruleset(name: str) -> Ruleset[Any, Any]:
    _load_builtin(name)
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(rulesets()) or "none"
        raise KeyError(f"No ruleset named {name!r}; known: {known}") from None


def rulesets() -> list[str]:
    """Every registered game. A built-in game whose package fails to import raises here, at
    start-up, instead of silently vanishing from ``/game new``."""
    for name in _BUILTIN:
        _load_builtin(name)
    return sorted(_REGISTRY)
