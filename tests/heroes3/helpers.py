"""Small builders for Heroes III combat tests: a combat in a chosen position, dice forced."""

from __future__ import annotations

from typing import Any

from engine.core import Deck, Rng
from engine.heroes3.combat.models import Combat, CombatSide, HeroDeck, Unit
from engine.heroes3.skirmish.ruleset import SKIRMISH, SkirmishState


def side(
    team: int, *, cards: list[str] | None = None, seat: int | None = None, level: int = 2, **kw: Any
) -> CombatSide:
    deck = None
    if cards is not None:
        deck = HeroDeck(names={f"s{team}c{i:02d}": c for i, c in enumerate(cards)})
        deck.hand = list(deck.names)
        deck.draw = Deck[str]()
    controller = team if seat is None else seat
    return CombatSide(
        team=team,
        owner=kw.pop("owner", team),
        controller=controller,
        deck=deck,
        main_hero=kw.pop("main_hero", True),
        level=level,
        **kw,
    )


def unit(uid: str, card: str, side_name: str, team: int, pos: tuple[int, int] | None, **kw: Any) -> Unit:
    return Unit(uid=uid, card=card, side=side_name, team=team, pos=pos, placed=True, **kw)


def combat_state(combat: Combat, seed: int = 1) -> SkirmishState:
    combat.round = max(combat.round, 1)
    return SkirmishState(ruleset="heroes3-skirmish", players=2, rng=Rng.from_seed(seed), combat=combat)


def hand(c: Combat, team: int, card: str) -> str:
    deck = c.sides[team].deck
    assert deck is not None
    return next(i for i in deck.hand if deck.names[i] == card)


class FixedRng(Rng):
    """An Rng whose ``below`` answers from a script (dice: below(3) - 1)."""

    script: list[int] = []

    def below(self, n: int) -> int:
        return self.script.pop(0) if self.script else 0


def dice(*faces: int) -> FixedRng:
    return FixedRng(script=[f + 1 for f in faces])


__all__ = ["SKIRMISH", "combat_state", "dice", "hand", "side", "unit"]
