"""Small builders for Heroes III combat tests: a combat in a chosen position, dice forced."""

from __future__ import annotations

from typing import Any

from engine.core import Deck, Rng
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat.models import Combat, CombatSide, HeroDeck, PendingAttack, Unit
from engine.heroes3.content import EFFECTS, load
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState


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


def hit_with(state: SkirmishState, attacker: str, target: str, die: int, **kw: Any) -> list[Any]:
    """The attack of ``attacker`` on ``target`` resolved now (H3-34.6..34.8) with the attack die ``die``:
    damage, the attack abilities, then whatever the flow queues after them (a retaliation, a question)."""
    assert state.combat is not None
    state.combat.attack = PendingAttack(attacker=attacker, target=target, die=die, dice=[die], **kw)
    return cf.hit(FLOW, state, FLOW.new(state, "h3c_hit"))


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


__all__ = ["SKIRMISH", "combat_state", "dice", "hand", "hit_with", "side", "unit"]


def lethal_attack(cards: list[str], power: int = 0, target: str = "skeletons") -> SkirmishState:
    """Crusaders' hit about to defeat a defender whose side holds ``cards`` and ``power`` played:
    the moment a Resurrection (H3-35.4) may be asked for."""
    c = Combat(
        kind="player",
        sides=[side(0), side(1, cards=cards)],
        units=[unit("a1", "crusaders", "few", 0, (0, 2)), unit("d1", target, "few", 1, (0, 3))],
    )
    c.sides[1].pending_power = power
    state = combat_state(c)
    state.rng = dice(0)
    c.attack = PendingAttack(attacker="a1", target="d1", die=1, dice=[1])
    FLOW.push(state, FLOW.new(state, "h3c_hit"))
    FLOW.advance(state)
    return state


# A printed side: attack, defence, HP, initiative, cost
Printed = tuple[int, int, int, int, dict[str, int]]


def assert_printed_units(faction: str, printed: dict[str, tuple[Printed, Printed]], types: list[str]) -> None:
    """H3-27: a faction's seven unit cards as printed (Few and Pack sides, ``printed`` in the town's order),
    every ability an automated effect of the vocabulary; three bronze, two silver, two gold, of ``types``."""
    units = load().units
    for uid, sides in printed.items():
        card = units[uid]
        assert card.faction == faction
        for name, (a, d, hp, ini, cost) in zip(("few", "pack"), sides, strict=True):
            s = card.sides[name]  # type: ignore[index]  # "few"/"pack" are side names
            assert (s.attack, s.defense, s.hp, s.initiative, s.cost) == (a, d, hp, ini, cost), (uid, name)
            assert all(ab.effect in EFFECTS and ab.effect != "text" for ab in s.abilities)
    order = list(printed)
    assert [units[u].tier for u in order] == ["bronze"] * 3 + ["silver"] * 2 + ["gold"] * 2
    assert [units[u].type for u in order] == types
