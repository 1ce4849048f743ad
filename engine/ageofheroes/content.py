"""The content file: deck and supply counts, costs, result tables.

``python -m engine.ageofheroes.packs check PACK`` checks a content pack (docs/content-packs.md).

The rules post gives almost no counts (spec §5), so they are data a group can replace,
never constants in code. ``load_content`` validates a file against the spec's content
invariants so a bad edit fails before a game starts.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .cards import EVENTS, ITEMS, REGULAR, battle_id, card_id

CONTENT_DIR = Path(__file__).parent / "content"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Meta(_Strict):
    content_id: str
    ruleset: str = ""
    note: str = ""


class PlayerRange(_Strict):
    min: int = Field(ge=2)
    max: int = Field(le=6)


class Constants(_Strict):
    opening_hand: int = 3
    hand_limit: int = 5
    monument_size: int = 5
    empire_cities: int = 5


class Tribe(_Strict):
    special_resource: str
    monument_name: str = ""


class ResourceDeck(_Strict):
    regular: dict[str, int]
    special_per_tribe: int = Field(ge=0)
    events: dict[str, int]


class Tier(_Strict):
    min_victories: int
    count: int


class Results(_Strict):
    conquest: list[Tier]
    plunder_cards_per_victory: int
    raze: list[Tier]


class Modifiers(_Strict):
    general: int = 2
    fortress: int = 1


class Barbarians(_Strict):
    armies: int = Field(default=2, ge=0)


class Content(_Strict):
    meta: Meta
    assumed: list[str] = Field(default_factory=list)
    players: PlayerRange
    constants: Constants
    tribes: dict[str, Tribe]
    resource_deck: ResourceDeck
    battle_deck: dict[int, int]
    item_supply: dict[str, int]
    costs: dict[str, dict[str, int]]
    results: Results
    modifiers: Modifiers
    barbarians: Barbarians

    @model_validator(mode="after")
    def _invariants(self) -> Content:
        """The content-file invariants of spec §5."""
        problems: list[str] = []
        if set(self.resource_deck.regular) - set(REGULAR):
            problems.append(f"unknown regular resources {sorted(set(self.resource_deck.regular) - set(REGULAR))}")
        if set(self.resource_deck.events) - set(EVENTS):
            problems.append(f"unknown events {sorted(set(self.resource_deck.events) - set(EVENTS))}")
        if set(self.item_supply) != set(ITEMS):
            problems.append(f"item_supply must list exactly {list(ITEMS)}")
        if set(self.costs) != set(ITEMS):
            problems.append(f"costs must list exactly {list(ITEMS)}")
        for item, cost in self.costs.items():
            if set(cost) - set(REGULAR):
                problems.append(f"the cost of {item} uses a non-regular resource")
        if any(v not in range(1, 7) for v in self.battle_deck):
            problems.append("battle card values are 1 to 6 (AH-1.4)")
        if sum(self.battle_deck.values()) < self.item_supply.get("army", 0) + self.resource_deck.events.get(
            "mighty_hero", 0
        ):
            problems.append("the battle deck must hold at least army supply + Mighty Hero count cards")
        if self.item_supply.get("city", 0) < self.players.max or self.item_supply.get("army", 0) < self.players.max:
            problems.append("the City and Army supplies must be at least the largest player count")
        if self.players.max > len(self.tribes):
            problems.append("more players than tribes")
        kinds = [t.special_resource for t in self.tribes.values()]
        if len(set(kinds)) != len(kinds) or set(kinds) & (set(REGULAR) | set(EVENTS)):
            problems.append("each tribe needs its own special resource, distinct from other card kinds")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    # -- derived -------------------------------------------------------------------
    def resource_cards(self) -> list[str]:
        """Every resource-deck card id. All six tribes' special resources are in (AH-2.3)."""
        out: list[str] = []
        counts = dict(self.resource_deck.regular)
        for tribe in self.tribes.values():
            counts[tribe.special_resource] = self.resource_deck.special_per_tribe
        counts.update(self.resource_deck.events)
        for k, n in counts.items():
            out.extend(card_id(k, i) for i in range(1, n + 1))
        return out

    def battle_cards(self) -> list[str]:
        out: list[str] = []
        n = 0
        for value, count in sorted(self.battle_deck.items()):
            for _ in range(count):
                n += 1
                out.append(battle_id(value, n))
        return out

    def special_of(self, tribe: str | None) -> str | None:
        return self.tribes[tribe].special_resource if tribe in self.tribes else None

    def specials(self) -> set[str]:
        return {t.special_resource for t in self.tribes.values()}


@lru_cache(maxsize=8)
def load_content(name: str = "default") -> Content:
    """Load and validate ``content/<name>.json`` (cached: content is immutable)."""
    if not name.replace("_", "").replace("-", "").isalnum():
        raise ValueError(f"bad content name {name!r}")
    path = CONTENT_DIR / f"{name}.json"
    return Content.model_validate(json.loads(path.read_text(encoding="utf-8")))
