"""Indexed, read-only access to the printed components (``content/``).

Why a wrapper: the rules modules look components up by id many times per action, so
the content lists are indexed once per process here; and the rest of the engine
depends only on these few lookups, not on how ``content/`` lays its files out.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from engine.runewars.content import models as m
from engine.runewars.heroes.content import HeroContent


class Catalog:
    def __init__(self, content: Any) -> None:
        self.content = content
        self.destiny: dict[int, m.DestinyCard] = {c.number: c for c in _get(content, "destiny_cards")}
        self.orders: dict[int, m.OrderCard] = {c.number: c for c in _get(content, "order_cards")}
        self.unit_types: dict[str, m.UnitType] = {u.id: u for u in _get(content, "unit_types")}
        self.factions: dict[str, m.Faction] = {f.id: f for f in _get(content, "factions")}
        self.tiles: dict[str, m.MapTile] = {t.tile_id: t for t in _get(content, "tiles")}
        self.cities: dict[str, m.CityToken] = {c.city_id: c for c in _get(content, "cities")}
        self.seasons: dict[str, m.SeasonCard] = {c.card_id: c for c in _get(content, "season_cards")}
        self.tactics: dict[str, m.TacticsCard] = {c.card_id: c for c in _get(content, "tactics_cards")}
        self.quests: dict[str, m.QuestCard] = {c.quest_id: c for c in _get(content, "quest_cards")}
        self.rewards: dict[str, m.RewardCard] = {c.reward_id: c for c in _get(content, "reward_cards")}
        self.heroes: dict[str, m.HeroCard] = {c.hero_id: c for c in _get(content, "hero_cards")}
        self.objectives: dict[str, m.ObjectiveCard] = {c.objective_id: c for c in _get(content, "objective_cards")}
        self.titles: dict[str, m.TitleCard] = {c.title_id: c for c in _get(content, "title_cards")}
        self.exploration: dict[str, m.ExplorationToken] = {t.token_id: t for t in _get(content, "exploration_tokens")}
        self.home_tile: dict[str, str] = {t.faction: t.tile_id for t in self.tiles.values() if t.faction}
        self.hero_content = HeroContent.from_runewars(content)
        self.area_tile: dict[str, str] = {a.area_id: t.tile_id for t in self.tiles.values() for a in t.areas}

    # ---- small helpers the rules use everywhere ---------------------------------
    def is_neutral_kind(self, kind: str) -> bool:
        return self.unit_types[kind].is_neutral

    def faction_of_kind(self, kind: str) -> str:
        return self.unit_types[kind].faction

    def flying(self, kind: str) -> bool:
        return "flying" in self.unit_types[kind].traits

    def swift(self, kind: str) -> bool:
        return "swift" in self.unit_types[kind].traits

    def title_with(self, trigger: str) -> str | None:
        """The title carrying an ability with this trigger (e.g. the Primarch's ``breaks_bid_ties``)."""
        for title in self.titles.values():
            if any(a.trigger == trigger for a in title.abilities):
                return title.title_id
        return None

    def quest_for_tile(self, tile_id: str) -> str | None:
        for q in self.quests.values():
            if q.setup and q.setup_tile == tile_id:
                return q.quest_id
        return None


def _get(content: Any, name: str) -> list[Any]:
    """A content collection as a list, whatever container ``content`` uses."""
    value = content[name] if isinstance(content, dict) else getattr(content, name)
    if isinstance(value, dict):
        return list(value.values())
    return list(value)


@lru_cache(maxsize=1)
def shipped_catalog() -> Catalog:
    """The catalog of the shipped content, built once per process."""
    from engine.runewars.content.loader import load_content

    return Catalog(load_content())


#: The catalog of the game being played right now, set by the ruleset around every call that
#: reads a state (``using``); None means the shipped content. A context variable rather than
#: a parameter because every rules module looks components up through ``catalog()``.
_ACTIVE: ContextVar[Catalog | None] = ContextVar("runewars_catalog", default=None)
_BY_HASH: dict[str, Catalog] = {}


def catalog() -> Catalog:
    """The components of the game being played (its content pack), else the shipped ones."""
    active = _ACTIVE.get()
    return active if active is not None else shipped_catalog()


def catalog_for(pack: str | None) -> Catalog:
    """The catalog of a content pack text (None: the shipped content), cached by the pack's sha256.

    Raises ``ContentError`` for a pack that does not validate."""
    if not pack:
        return shipped_catalog()
    from engine.runewars.content.packs import pack_content, pack_hash

    digest = pack_hash(pack)
    found = _BY_HASH.get(digest)
    if found is None:
        found = _BY_HASH[digest] = Catalog(pack_content(pack))
    return found


@contextmanager
def using(cat: Catalog) -> Iterator[Catalog]:
    """Rules code inside reads ``cat`` through ``catalog()`` (the game's own content)."""
    token = _ACTIVE.set(None if cat is shipped_catalog() else cat)
    try:
        yield cat
    finally:
        _ACTIVE.reset(token)
