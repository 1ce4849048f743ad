"""Builders for Cooperative tests (H3-3.2.4): a started game against the AI enemy."""

from __future__ import annotations

from typing import Any

from engine.heroes3.clash.state import AiHero, ClashState
from tests.heroes3.clash.helpers import new_game


def coop_game(players: int = 1, seed: int = 1, **options: Any) -> ClashState:
    """A Cooperative game past the starting-tile turns: "coop_lone_vigil" for one seat,
    "coop_necropolis_rising" for two (both house scenarios, the Necropolis as the AI enemy)."""
    return new_game(players=players, seed=seed, mode="cooperative", **options)


def ai_hero(state: ClashState, ai_id: str) -> AiHero:
    return next(a for a in state.ai_heroes if a.id == ai_id)
