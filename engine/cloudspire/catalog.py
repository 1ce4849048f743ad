"""The printed content as plain data for rules lookups (``/cs`` in the Discord layer).

Why data and not sentences: the reader's language is chosen at delivery, so the engine hands
over numbers, ids and name ``Ref``s and the Discord layer words them from its catalog. Built
from the content files alone, never from a game's state, so a lookup cannot show a secret.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from engine.core.text import Ref

from .common import CONTENT
from .content.effects import TALENTS
from .content.models import Effect, Talent, TowerSide, UnitSide


class Side(BaseModel):
    """One printed side of a chip: its numbers (key -> value, in print order) and talents."""

    model_config = ConfigDict(frozen=True)

    promoted: bool = False
    stats: tuple[tuple[str, int], ...] = ()
    talents: tuple[tuple[str, int], ...] = ()  # (talent id, n): the vocabulary's hooks
    printed: tuple[str, ...] = ()  # printed talent names the vocabulary does not run yet


class CatalogEntry(BaseModel):
    """A unit, tower, landmark, market chip, relic, event or talent, by ``kind`` and ``id``."""

    model_config = ConfigDict(frozen=True)

    kind: str  # unit | tower | landmark | market | relic | event | talent
    id: str
    name: Ref
    rule: str
    house: bool = False
    facts: tuple[tuple[str, str], ...] = ()  # kind-specific words: ("unit_kind", "hero"), ("faction", "brawnen") …
    sides: tuple[Side, ...] = ()
    effects: tuple[tuple[str, str, int, str], ...] = ()  # (op, when, amount, target)

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.id}"


def _talents(ts: tuple[Talent, ...]) -> tuple[tuple[str, int], ...]:
    return tuple((t.id, t.n) for t in ts)


def _unit_side(side: UnitSide, promoted: bool) -> Side:
    stats = [("hp", side.hp), ("attack", side.attack), ("move", side.move), ("terrain", side.terrain)]
    stats += [("reward", side.reward)] + ([("level_cap", side.level_cap)] if side.level_cap else [])
    return Side(promoted=promoted, stats=tuple(stats), talents=_talents(side.talents), printed=side.printed_talents)


def _tower_side(side: TowerSide, promoted: bool) -> Side:
    stats = (
        ("cost", side.cost),
        ("reward", side.reward),
        ("attack", side.attack),
        ("range", side.range),
        ("defense", side.defense),
        ("level_cap", side.level_cap),
    )
    return Side(promoted=promoted, stats=stats, talents=_talents(side.talents), printed=side.printed_talents)


def _effects(effects: tuple[Effect, ...]) -> tuple[tuple[str, str, int, str], ...]:
    return tuple((e.op, e.when, e.amount, e.target or e.text) for e in effects)


@lru_cache(maxsize=1)
def catalog() -> tuple[CatalogEntry, ...]:
    """Every looked-up thing of the shipped content (CS-7 towers, CS-9/CS-10 units, CS-11 landmarks,
    CS-16 market chips, CS-12 relics, CS-14 events, talents of the effect vocabulary)."""
    out: list[CatalogEntry] = []
    facts: tuple[tuple[str, str], ...]
    sides: list[Side]
    for f in CONTENT.factions:
        for u in f.units:
            sides = [_unit_side(u.basic, False)] + ([_unit_side(u.promoted, True)] if u.promoted else [])
            rule = "CS-10" if u.kind == "hero" else "CS-9"
            facts = (("faction", f.id), ("unit_kind", u.kind), ("cp", str(u.cp)), ("copies", str(u.copies)))
            out.append(CatalogEntry(kind="unit", id=u.id, name=Ref(kind="unit", id=u.id), rule=rule, house=u.house,
                                    facts=facts, sides=tuple(sides)))  # fmt: skip
        for t in f.towers:
            sides = [_tower_side(t.basic, False)] + ([_tower_side(t.promoted, True)] if t.promoted else [])
            facts = (("faction", f.id), ("copies", str(t.copies)))
            out.append(CatalogEntry(kind="tower", id=t.id, name=Ref(kind="tower", id=t.id), rule="CS-7",
                                    house=t.house, facts=facts, sides=tuple(sides)))  # fmt: skip
    for lm in CONTENT.landmarks:
        stats = (("hp", lm.hp), ("attack", lm.attack), ("reward_source", lm.reward.source))
        facts = (("category", lm.category),)
        side = Side(stats=stats, talents=_talents(lm.talents))
        out.append(CatalogEntry(kind="landmark", id=lm.id, name=Ref(kind="landmark", id=lm.id), rule="CS-11",
                                house=lm.house, facts=facts, sides=(side,)))  # fmt: skip
    for c in CONTENT.market:
        sides = []
        if c.unit is not None:
            sides.append(_unit_side(c.unit.basic, False))
        if c.tower is not None:
            sides.append(_tower_side(c.tower.basic, False))
        if c.talents or c.printed_talents:
            sides.append(Side(talents=_talents(c.talents), printed=c.printed_talents))
        facts = (("chip_type", c.type), ("price", str(c.price)))
        out.append(CatalogEntry(kind="market", id=c.id, name=Ref(kind="market", id=c.id), rule="CS-16",
                                house=c.house, facts=facts, sides=tuple(sides)))  # fmt: skip
    for kind, cards, rule in (("relic", CONTENT.relics, "CS-12"), ("event", CONTENT.events, "CS-14")):
        for card in cards:
            out.append(CatalogEntry(kind=kind, id=card.id, name=Ref(kind=kind, id=card.id), rule=rule,
                                    house=card.house, effects=_effects(card.effects)))  # fmt: skip
    for talent in TALENTS:
        out.append(CatalogEntry(kind="talent", id=talent, name=Ref(kind="talent", id=talent), rule="CS-8"))
    return tuple(out)
