"""Load and cross-check the Runewars content files.

Why a separate cross-check: each file validates on its own (models.py), but most
mistakes a transcriber makes are between files: a dial icon naming a unit that does
not exist, a quest pointing at an area no tile has, a deck one card short. Those are
caught here, once, at load time, with the rule id the count comes from.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, PrivateAttr, TypeAdapter

from engine.runewars.content.effects import EffectModel, referenced_titles, referenced_unit_types
from engine.runewars.content.models import (
    Area,
    CityToken,
    ContentModel,
    DestinyCard,
    ExplorationToken,
    Faction,
    HeroCard,
    MapTile,
    ObjectiveCard,
    OrderCard,
    QuestCard,
    RewardCard,
    SeasonCard,
    TacticsCard,
    TitleCard,
    UnitType,
)

DATA_DIR = Path(__file__).with_name("data")

#: Component counts from RW-1 (the component list). The loader refuses data that
#: does not match, because decks of the wrong size change the game's odds silently.
DESTINY_CARDS = 30  # RW-1.5, RW-3.1
ORDER_CARDS = 8  # RW-7.1
SEASON_CARDS_PER_SEASON = 8  # RW-6.1
TACTICS_CARDS = 50  # RW-1.5
QUEST_CARDS = 24  # RW-1.5
REWARD_CARDS = 25  # RW-1.5
HERO_CARDS = 12  # RW-1.3
OBJECTIVES_PER_ALIGNMENT = 8  # RW-29.1
TITLE_CARDS = 3  # RW-32.1
MAP_TILES = 13  # RW-1.4
HOME_TILES = 4  # D-4
CITY_TOKENS = 7  # RW-1.4
EXPLORATION_TOKENS = 35  # RW-1.4
DEVELOPMENTS_PER_FACTION = 5  # RW-19.1
STRONGHOLDS_PER_FACTION = 4  # RW-17.1
MOUNTAINS = 10  # RW-1.6
MIN_SETUP_QUESTS = 8  # D-16: 2 per player, 4 players
FACTION_UNIT_COUNTS = (16, 8, 8, 4)  # D-1, RW-1.2
NEUTRAL_UNIT_COUNTS = {  # RW-1.1
    "BEASTMAN": 8,
    "DRAGON": 4,
    "GIANT": 4,
    "HELLHOUND": 8,
    "RAZORWING": 8,
    "SORCERER": 8,
}

#: file name -> (list key in the file, model, RunewarsContent field). One list per
#: file so a group can swap one deck without touching the others.
FILES: dict[str, tuple[str, type[ContentModel], str]] = {
    "destiny.json": ("cards", DestinyCard, "destiny_cards"),
    "orders.json": ("cards", OrderCard, "order_cards"),
    "units.json": ("unit_types", UnitType, "unit_types"),
    "factions.json": ("factions", Faction, "factions"),
    "tiles.json": ("tiles", MapTile, "tiles"),
    "cities.json": ("cities", CityToken, "cities"),
    "seasons.json": ("cards", SeasonCard, "season_cards"),
    "tactics.json": ("cards", TacticsCard, "tactics_cards"),
    "quests.json": ("cards", QuestCard, "quest_cards"),
    "rewards.json": ("cards", RewardCard, "reward_cards"),
    "heroes.json": ("cards", HeroCard, "hero_cards"),
    "objectives.json": ("cards", ObjectiveCard, "objective_cards"),
    "titles.json": ("cards", TitleCard, "title_cards"),
    "exploration.json": ("tokens", ExplorationToken, "exploration_tokens"),
}

M = TypeVar("M", bound=BaseModel)


class ContentError(ValueError):
    """Content files that are individually valid but inconsistent with each other or with RW-1."""


def _index(items: tuple[M, ...], key: str, what: str) -> dict[Any, M]:
    out: dict[Any, M] = {}
    for item in items:
        k = getattr(item, key)
        if k in out:
            raise ContentError(f"duplicate {what} {k!r}")
        out[k] = item
    return out


class RunewarsContent(ContentModel):
    """Every Runewars component, validated together. Get it from ``load_content()``."""

    destiny_cards: tuple[DestinyCard, ...]
    order_cards: tuple[OrderCard, ...]
    unit_types: tuple[UnitType, ...]
    factions: tuple[Faction, ...]
    tiles: tuple[MapTile, ...]
    cities: tuple[CityToken, ...]
    season_cards: tuple[SeasonCard, ...]
    tactics_cards: tuple[TacticsCard, ...]
    quest_cards: tuple[QuestCard, ...]
    reward_cards: tuple[RewardCard, ...]
    hero_cards: tuple[HeroCard, ...]
    objective_cards: tuple[ObjectiveCard, ...]
    title_cards: tuple[TitleCard, ...]
    exploration_tokens: tuple[ExplorationToken, ...]
    sources: dict[str, str]

    _units: dict[str, UnitType] = PrivateAttr()
    _factions: dict[str, Faction] = PrivateAttr()
    _tiles: dict[str, MapTile] = PrivateAttr()
    _areas: dict[str, tuple[MapTile, Area]] = PrivateAttr()
    _destiny: dict[int, DestinyCard] = PrivateAttr()
    _orders: dict[int, OrderCard] = PrivateAttr()
    _cities: dict[str, CityToken] = PrivateAttr()
    _seasons: dict[str, SeasonCard] = PrivateAttr()
    _tactics: dict[str, TacticsCard] = PrivateAttr()
    _quests: dict[str, QuestCard] = PrivateAttr()
    _rewards: dict[str, RewardCard] = PrivateAttr()
    _heroes: dict[str, HeroCard] = PrivateAttr()
    _objectives: dict[str, ObjectiveCard] = PrivateAttr()
    _titles: dict[str, TitleCard] = PrivateAttr()
    _exploration: dict[str, ExplorationToken] = PrivateAttr()

    def check(self) -> None:
        """Run every cross-file check; raises ``ContentError`` naming the rule broken."""
        _check(self)

    def model_post_init(self, _context: Any) -> None:
        self._units = {u.id: u for u in self.unit_types}
        self._factions = {f.id: f for f in self.factions}
        self._tiles = {t.tile_id: t for t in self.tiles}
        self._areas = {a.area_id: (t, a) for t in self.tiles for a in t.areas}
        self._destiny = {c.number: c for c in self.destiny_cards}
        self._orders = {c.number: c for c in self.order_cards}
        self._cities = {c.city_id: c for c in self.cities}
        self._seasons = {c.card_id: c for c in self.season_cards}
        self._tactics = {c.card_id: c for c in self.tactics_cards}
        self._quests = {c.quest_id: c for c in self.quest_cards}
        self._rewards = {c.reward_id: c for c in self.reward_cards}
        self._heroes = {c.hero_id: c for c in self.hero_cards}
        self._objectives = {c.objective_id: c for c in self.objective_cards}
        self._titles = {c.title_id: c for c in self.title_cards}
        self._exploration = {t.token_id: t for t in self.exploration_tokens}

    # -- lookups; each raises KeyError for an unknown id -------------------------

    def unit(self, unit_type_id: str) -> UnitType:
        return self._units[unit_type_id]

    def faction(self, faction_id: str) -> Faction:
        return self._factions[faction_id]

    def faction_units(self, faction_id: str) -> tuple[UnitType, ...]:
        return tuple(self._units[u] for u in self._factions[faction_id].unit_types)

    def neutral_units(self) -> tuple[UnitType, ...]:
        return tuple(u for u in self.unit_types if u.is_neutral)

    def tile(self, tile_id: str) -> MapTile:
        return self._tiles[tile_id]

    def home_tile(self, faction_id: str) -> MapTile:
        for t in self.tiles:
            if t.faction == faction_id:
                return t
        raise KeyError(faction_id)

    def area(self, area_id: str) -> Area:
        return self._areas[area_id][1]

    def tile_of_area(self, area_id: str) -> MapTile:
        return self._areas[area_id][0]

    def destiny(self, number: int) -> DestinyCard:
        return self._destiny[number]

    def order(self, number: int) -> OrderCard:
        return self._orders[number]

    def season_deck(self, season: str) -> tuple[SeasonCard, ...]:
        return tuple(c for c in self.season_cards if c.season == season)

    def season_card(self, card_id: str) -> SeasonCard:
        return self._seasons[card_id]

    def tactics(self, card_id: str) -> TacticsCard:
        return self._tactics[card_id]

    def quest(self, quest_id: str) -> QuestCard:
        return self._quests[quest_id]

    def setup_quests(self) -> tuple[QuestCard, ...]:
        return tuple(q for q in self.quest_cards if q.setup)

    def reward(self, reward_id: str) -> RewardCard:
        return self._rewards[reward_id]

    def hero(self, hero_id: str) -> HeroCard:
        return self._heroes[hero_id]

    def objective(self, objective_id: str) -> ObjectiveCard:
        return self._objectives[objective_id]

    def title(self, title_id: str) -> TitleCard:
        return self._titles[title_id]

    def city(self, city_id: str) -> CityToken:
        return self._cities[city_id]

    def exploration_token(self, token_id: str) -> ExplorationToken:
        return self._exploration[token_id]


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise ContentError(message)


def _all_effects(c: RunewarsContent) -> list[tuple[str, tuple[EffectModel, ...]]]:
    """(where, effects) for every effect list in the content, for reference checks."""
    out: list[tuple[str, tuple[EffectModel, ...]]] = []
    out += [(f"unit {u.id}", u.special.effects) for u in c.unit_types]
    out += [(f"faction {f.id} defense", f.defense_development.effects) for f in c.factions]
    out += [(f"season {s.card_id}", s.effects) for s in c.season_cards]
    out += [(f"tactics {t.card_id}", t.effects) for t in c.tactics_cards]
    out += [(f"quest {q.quest_id}", q.success) for q in c.quest_cards]
    out += [(f"reward {r.reward_id}", r.effects) for r in c.reward_cards]
    out += [(f"hero {h.hero_id}", h.ability.effects) for h in c.hero_cards]
    out += [(f"title {t.title_id}", a.effects) for t in c.title_cards for a in t.abilities]
    return out


def _check(c: RunewarsContent) -> None:
    """Every cross-file rule, in the order a transcriber would fix them.

    Each step indexes what it needs itself (``_index`` also rejects duplicate ids), so
    the first problem reported is the same however the steps are grouped.
    """
    _check_numbered_decks(c)
    _check_season_cards(c)
    _check_deck_sizes(c)
    _check_objective_alignments(c)
    _check_token_counts(c)
    _check_neutral_units(c)
    _check_unit_factions(c)
    for faction in c.factions:
        _check_faction(c, faction)
    _check_effect_references(c)
    _check_tiles(c)
    _check_areas(c)
    _check_map_supply(c)
    _check_quest_cards(c)
    _check_setup_quest_tiles(c)
    _check_hero_alignments(c)


def _neutral_counts(c: RunewarsContent) -> dict[str, int]:
    """Supply of every neutral unit type (RW-1.1), by type id."""
    return {u.id: u.count for u in _index(c.unit_types, "id", "unit type").values() if u.is_neutral}


def _areas_by_id(c: RunewarsContent) -> dict[str, Area]:
    """Every area of every tile, refusing an area id used twice (D-4)."""
    areas: dict[str, Area] = {}
    for t in _index(c.tiles, "tile_id", "tile").values():
        for a in t.areas:
            _expect(a.area_id not in areas, f"D-4: area id {a.area_id} is used twice")
            areas[a.area_id] = a
    return areas


def _check_numbered_decks(c: RunewarsContent) -> None:
    """Destiny (RW-3.1) and order (RW-7.1) cards are numbered, each number once."""
    destiny = _index(c.destiny_cards, "number", "destiny card")
    _expect(sorted(destiny) == list(range(1, DESTINY_CARDS + 1)), "RW-3.1: destiny cards are numbered 1-30, once each")
    orders = _index(c.order_cards, "number", "order card")
    _expect(sorted(orders) == list(range(1, ORDER_CARDS + 1)), "RW-7.1: order cards are numbered 1-8, once each")


def _check_season_cards(c: RunewarsContent) -> None:
    """Each season deck holds 8 cards (RW-6.1)."""
    _index(c.season_cards, "card_id", "season card")
    per_season = Counter(s.season for s in c.season_cards)
    for season in ("spring", "summer", "autumn", "winter"):
        _expect(per_season[season] == SEASON_CARDS_PER_SEASON, f"RW-6.1: {per_season[season]} {season} cards, need 8")


def _check_deck_sizes(c: RunewarsContent) -> None:
    """Tactics, quest, reward and hero decks have the box's size (RW-1.3, RW-1.5)."""
    _expect(len(_index(c.tactics_cards, "card_id", "tactics card")) == TACTICS_CARDS, "RW-1.5: 50 tactics cards")
    _expect(len(_index(c.quest_cards, "quest_id", "quest")) == QUEST_CARDS, "RW-1.5: 24 quest cards")
    _expect(len(_index(c.reward_cards, "reward_id", "reward")) == REWARD_CARDS, "RW-1.5: 25 reward cards")
    _expect(len(_index(c.hero_cards, "hero_id", "hero")) == HERO_CARDS, "RW-1.3: 12 hero cards")


def _check_objective_alignments(c: RunewarsContent) -> None:
    """8 objectives per alignment (RW-29.1)."""
    objectives = _index(c.objective_cards, "objective_id", "objective")
    by_alignment = Counter(o.alignment for o in objectives.values())
    _expect(
        by_alignment["good"] == OBJECTIVES_PER_ALIGNMENT and by_alignment["evil"] == OBJECTIVES_PER_ALIGNMENT,
        "RW-29.1: 8 good and 8 evil objective cards",
    )


def _check_token_counts(c: RunewarsContent) -> None:
    """Title cards (RW-32.1), city tokens and exploration tokens (RW-1.4)."""
    _expect(len(_index(c.title_cards, "title_id", "title")) == TITLE_CARDS, "RW-32.1: 3 title cards")
    _expect(len(_index(c.cities, "city_id", "city token")) == CITY_TOKENS, "RW-1.4: 7 city tokens")
    _expect(len(_index(c.exploration_tokens, "token_id", "exploration token")) == EXPLORATION_TOKENS, "RW-1.4: 35")


def _check_neutral_units(c: RunewarsContent) -> None:
    """The neutral unit types and their supply are the box's (RW-1.1)."""
    _index(c.unit_types, "id", "unit type")
    _index(c.factions, "id", "faction")
    neutrals = _neutral_counts(c)
    _expect(neutrals == NEUTRAL_UNIT_COUNTS, f"RW-1.1: neutral units and counts are {NEUTRAL_UNIT_COUNTS}")


def _check_unit_factions(c: RunewarsContent) -> None:
    """Every non-neutral unit type belongs to a known faction (D-1)."""
    factions = _index(c.factions, "id", "faction")
    for u in c.unit_types:
        _expect(u.is_neutral or u.faction in factions, f"unit {u.id}: unknown faction {u.faction!r}")


def _check_faction(c: RunewarsContent, f: Faction) -> None:
    """One faction sheet: its units (D-1), developments (RW-19.1), strongholds (RW-17.1), dials."""
    units = _index(c.unit_types, "id", "unit type")
    own = {u.id for u in units.values() if u.faction == f.id}
    _expect(set(f.unit_types) == own, f"faction {f.id}: unit_types {f.unit_types} vs units of that faction {own}")
    counts = tuple(sorted((units[u].count for u in f.unit_types), reverse=True))
    _expect(counts == FACTION_UNIT_COUNTS, f"D-1: faction {f.id} unit counts {counts}, need 16/8/8/4")
    _expect(f.developments.total == DEVELOPMENTS_PER_FACTION, f"RW-19.1: faction {f.id} needs 5 developments")
    _expect(f.developments.defense == 1, f"RW-19.1: faction {f.id} has one defense development")
    _expect(f.stronghold.count == STRONGHOLDS_PER_FACTION, f"RW-17.1: faction {f.id} needs 4 strongholds")
    _check_dials(f, units, own)


def _check_dials(f: Faction, units: dict[str, UnitType], own: set[str]) -> None:
    """A dial shows only the faction's own units, never more than the supply (D-1)."""
    resources: tuple[Literal["food", "wood", "ore"], ...] = ("food", "wood", "ore")
    for resource in resources:
        dial = f.dials.get(resource)
        for p in dial.positions:
            for icon in p.units:
                _expect(icon in own, f"D-1: {f.id} {resource} dial {p.value} shows {icon}, not a {f.id} unit")
        for kind, n in Counter(dial.units_at_or_below(dial.max_value)).items():
            _expect(n <= units[kind].count, f"D-1: {f.id} {resource} dial recruits more {kind} than exist")


def _check_effect_references(c: RunewarsContent) -> None:
    """Effects and objective conditions name only unit types and titles that exist."""
    units = _index(c.unit_types, "id", "unit type")
    titles = _index(c.title_cards, "title_id", "title")
    for where, effects in _all_effects(c):
        for u in referenced_unit_types(effects):
            _expect(u in units, f"{where}: unknown unit type {u!r}")
        for t in referenced_titles(effects):
            _expect(t in titles, f"{where}: unknown title {t!r}")
    for o in c.objective_cards:
        unit_type = getattr(o.condition, "unit_type", None)
        _expect(unit_type is None or unit_type in units, f"objective {o.objective_id}: unknown unit {unit_type!r}")


def _check_tiles(c: RunewarsContent) -> None:
    """13 map tiles (RW-1.4), of which one home tile per faction (D-4)."""
    tiles = _index(c.tiles, "tile_id", "tile")
    factions = _index(c.factions, "id", "faction")
    _expect(len(tiles) == MAP_TILES, "RW-1.4: 13 map tiles")
    homes = [t for t in tiles.values() if t.is_home]
    _expect(len(homes) == HOME_TILES, "D-4: 4 home tiles")
    _expect(sorted(t.faction or "" for t in homes) == sorted(factions), "D-4: one home tile per faction")


def _check_areas(c: RunewarsContent) -> None:
    """Area ids are unique and areas set up only neutral units (D-4)."""
    neutrals = _neutral_counts(c)
    areas: set[str] = set()
    for t in c.tiles:
        for a in t.areas:
            _expect(a.area_id not in areas, f"D-4: area id {a.area_id} is used twice")
            areas.add(a.area_id)
            for n in a.neutrals:
                _expect(n.unit_type in neutrals, f"D-4: area {a.area_id} sets up {n.unit_type}, not a neutral")


def _check_map_supply(c: RunewarsContent) -> None:
    """The map needs no more mountains (RW-1.6), cities (RW-3.5) or neutrals (RW-3.4) than the box has."""
    areas = _areas_by_id(c)
    neutrals = _neutral_counts(c)
    mountains = sum(t.mountain_count for t in c.tiles)
    _expect(mountains == MOUNTAINS, f"RW-1.6: the tiles need {mountains} mountains, the box has 10")
    spots = sum(a.city_spot for a in areas.values())
    _expect(spots <= CITY_TOKENS, f"RW-3.5: {spots} city spots but only 7 city tokens")
    home_areas = (a for t in c.tiles if t.is_home for a in t.areas)
    _expect(not any(a.city_spot for a in home_areas), "RW-17.4: home areas hold strongholds, not city spots")
    setup_neutrals: Counter[str] = Counter()
    for a in areas.values():
        for n in a.neutrals:
            setup_neutrals[n.unit_type] += n.count
    for kind, count in setup_neutrals.items():
        _expect(count <= neutrals[kind], f"RW-3.4: tiles set up {count} {kind}, supply is {neutrals[kind]}")
    for city in c.cities:
        _expect(city.neutrals.unit_type in neutrals, f"D-5: city {city.city_id} offers a non-neutral unit")


def _check_quest_cards(c: RunewarsContent) -> None:
    """Quests name real areas (RW-4.1), duel neutrals (RW-25.1) and setup quests deal their tile (D-16)."""
    areas = _areas_by_id(c)
    neutrals = _neutral_counts(c)
    tiles = _index(c.tiles, "tile_id", "tile")
    for q in c.quest_cards:
        _expect(q.area_id is None or q.area_id in areas, f"quest {q.quest_id}: unknown area {q.area_id}")
        if q.duel is not None:
            _expect(q.duel.unit_type in neutrals, f"RW-25.1: quest {q.quest_id} duels a non-neutral unit")
        if q.setup:
            _check_setup_quest(q, tiles.get(q.setup_tile or ""))


def _check_setup_quest(q: QuestCard, tile: MapTile | None) -> None:
    """A setup quest deals a non-home tile that names it back and sends heroes there (RW-4.2, D-16)."""
    _expect(tile is not None and not tile.is_home, f"RW-4.2: quest {q.quest_id} deals no usable tile")
    assert tile is not None
    _expect(tile.setup_quest == q.quest_id, f"D-16: tile {tile.tile_id} does not name quest {q.quest_id}")
    _expect(
        q.area_id is not None and q.area_id[:-1] == tile.tile_id,
        f"D-16: setup quest {q.quest_id} should send heroes to its own tile {tile.tile_id}",
    )


def _check_setup_quest_tiles(c: RunewarsContent) -> None:
    """Enough setup quests for 4 players, and every non-home tile is dealt by one (RW-4.2, D-16)."""
    setup = c.setup_quests()
    _expect(len(setup) >= MIN_SETUP_QUESTS, "D-16: at least 8 setup quests (2 per player)")
    for t in c.tiles:
        if not t.is_home:
            _expect(t.setup_quest is not None, f"RW-4.2: tile {t.tile_id} is dealt by no setup quest")
            quest = next((q for q in setup if q.quest_id == t.setup_quest), None)
            _expect(quest is not None and quest.setup_tile == t.tile_id, f"D-16: tile {t.tile_id} quest mismatch")


def _check_hero_alignments(c: RunewarsContent) -> None:
    """RW-3.9.2 deals one hero of each faction's alignment, two factions each."""
    hero_alignments = Counter(h.alignment for h in c.hero_cards)
    faction_alignments = Counter(f.alignment for f in c.factions)
    for alignment, n in faction_alignments.items():
        _expect(hero_alignments[alignment] >= n, f"RW-3.9.2: too few {alignment} heroes to deal at setup")


def _read(path: Path, key: str, model: type[ContentModel]) -> tuple[str, tuple[Any, ...]]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or set(raw) != {"_source", key}:
        raise ContentError(f"{path.name}: expected exactly the keys '_source' and {key!r}")
    if not isinstance(raw["_source"], str) or not raw["_source"].strip():
        raise ContentError(f"{path.name}: '_source' must say where the data comes from")
    items = TypeAdapter(tuple[model, ...]).validate_python(raw[key])  # type: ignore[valid-type]
    return raw["_source"], items


def read_content(data_dir: Path | str | None = None) -> RunewarsContent:
    """Read and validate the content files in ``data_dir`` (default: the shipped data), uncached.

    Raises ``pydantic.ValidationError`` for a malformed entry and ``ContentError`` for
    inconsistencies between files.
    """
    base = Path(data_dir) if data_dir is not None else DATA_DIR
    values: dict[str, Any] = {"sources": {}}
    for name, (key, model, field) in FILES.items():
        source, items = _read(base / name, key, model)
        values["sources"][name] = source
        values[field] = items
    content = RunewarsContent.model_validate(values)
    content.check()
    return content


@lru_cache(maxsize=4)
def load_content(data_dir: Path | str | None = None) -> RunewarsContent:
    """The validated Runewars content, read once per process per directory.

    Cached because every game shares the same immutable content; pass ``data_dir`` to
    play with a group's own transcription of the printed components.
    """
    return read_content(data_dir)
