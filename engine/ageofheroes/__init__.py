"""Age of Heroes (Legend Games, 2003): the rules engine, spec ``shared/rules/ageofheroes.md``."""

from __future__ import annotations

import engine

from .ruleset import AGE_OF_HEROES, AgeOfHeroes

engine.register(AGE_OF_HEROES)

__all__ = ["AGE_OF_HEROES", "AgeOfHeroes"]
