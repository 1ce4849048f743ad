"""Runewars content: counts, cross-references, public facts and playability of the house data.

Each test cites the rule or data id it checks (RW-n, D-n, EX-n). Public facts come from
shared/reference/game-data.md section 1 and must match exactly.
"""

from __future__ import annotations

import itertools
import json
import random
import shutil
from collections import Counter, deque
from pathlib import Path
from typing import Any, Literal, get_args

import pytest
from pydantic import ValidationError

from engine.core.hexgrid import Hex, neighbour, neighbours
from engine.runewars.content import (
    PRIMITIVE_KINDS,
    ContentError,
    MapTile,
    PlacedArea,
    RunewarsContent,
    load_content,
    read_content,
    walk,
)
from engine.runewars.content.effects import Effect, EffectModel, Effects, Gm, Quantity
from engine.runewars.content.loader import DATA_DIR
from engine.runewars.content.models import DestinyCard, rotate_direction


@pytest.fixture(scope="module")
def content() -> RunewarsContent:
    return load_content()


# --------------------------------------------------------------------------- loading


def test_load_is_cached_and_complete(content: RunewarsContent) -> None:
    assert load_content() is content
    assert set(content.sources) == {p.name for p in DATA_DIR.glob("*.json")}


def test_component_counts(content: RunewarsContent) -> None:
    # RW-1.5 cards, RW-1.3 heroes, RW-1.4 tokens and tiles.
    assert len(content.destiny_cards) == 30
    assert len(content.order_cards) == 8
    assert Counter(s.season for s in content.season_cards) == {"spring": 8, "summer": 8, "autumn": 8, "winter": 8}
    assert len(content.tactics_cards) == 50
    assert len(content.quest_cards) == 24
    assert len(content.reward_cards) == 25
    assert len(content.hero_cards) == 12
    assert Counter(o.alignment for o in content.objective_cards) == {"good": 8, "evil": 8}
    assert len(content.title_cards) == 3
    assert len(content.tiles) == 13
    assert len(content.cities) == 7
    assert len(content.exploration_tokens) == 35
    for faction in content.factions:
        assert faction.developments.total == 5  # RW-19.1
        assert faction.stronghold.count == 4  # RW-17.1


# --------------------------------------------------------------------------- D-3 destiny

# game-data.md 1.3, column order as printed there: card, triangle, circle, rectangle, hexagon, destiny.
DESTINY_FACTS = """
1 - S1 R2 D2 red | 2 - S1 R2 D1 red | 3 - S1 S1 D1 grey | 4 - S1 S1 - grey | 5 R1 D1 - - gold
6 R1 D1 - S1 red | 7 R1 - - S1 gold | 8 R1 - R1 D3 red | 9 S1 - R1 D3 red | 10 S1 - R1 D2 red
11 - S1 D2 D2 red | 12 - S1 D2 D1 red | 13 - S1 S1 D1 grey | 14 - S1 S1 D1 grey | 15 D1 R1 - - grey
16 D1 R1 - S1 red | 17 D1 - - S1 gold | 18 D1 - D1 D3 red | 19 S1 - D1 - red | 20 S1 - D1 D2 red
21 - S1 D2 R2 red | 22 - S1 D2 R2 red | 23 - S1 S1 R1 grey | 24 - S1 S1 - grey | 25 D1 D1 - - grey
26 D1 D1 - S1 red | 27 D1 - - S1 gold | 28 D1 - D1 R2 red | 29 S1 - D1 R2 red | 30 S1 - D1 R2 red
"""
FATE_OF_COLOUR = {"gold": "ALLY", "grey": "WITHDRAW", "red": "CONFRONT"}  # AMB-17
CELL_KIND = {"S": "special", "R": "rout", "D": "damage"}


def _cell(card: DestinyCard, shape: str) -> str:
    icons = card.section(shape)  # type: ignore[arg-type]
    assert len(icons) == 1
    icon = icons[0]
    return "-" if icon.kind == "blank" else f"{icon.kind[0].upper()}{icon.amount}"


def test_destiny_deck_matches_public_fact_cell_by_cell(content: RunewarsContent) -> None:
    # D-3, RW-13.3: every one of the 120 shape cells and 30 fate symbols.
    rows = [r.split() for r in DESTINY_FACTS.replace("\n", " | ").split("|") if r.strip()]
    assert len(rows) == 30
    for number, tri, cir, rect, hexa, colour in rows:
        card = content.destiny(int(number))
        assert card.fate == FATE_OF_COLOUR[colour], number
        got = (_cell(card, "triangle"), _cell(card, "circle"), _cell(card, "rectangle"), _cell(card, "hexagon"))
        assert got == (tri, cir, rect, hexa), number
        assert card.house is False


def test_destiny_spot_checks(content: RunewarsContent) -> None:
    # RW-13.3 anatomy, a few cells read the way the battle code will read them.
    one = content.destiny(1)
    assert one.is_blank("triangle") and one.total("circle", "special") == 1
    assert one.total("rectangle", "rout") == 2 and one.total("hexagon", "damage") == 2
    eighteen = content.destiny(18)
    assert eighteen.total("hexagon", "damage") == 3 and eighteen.total("triangle", "damage") == 1
    assert content.destiny(23).total("hexagon", "rout") == 1 and content.destiny(23).fate == "WITHDRAW"
    assert content.destiny(5).fate == "ALLY" and content.destiny(5).total("triangle", "rout") == 1


def test_destiny_distribution(content: RunewarsContent) -> None:
    deck = content.destiny_cards
    # D-3 / AMB-17: 4 ally, 8 withdraw, 18 confront (game-data 1.3).
    assert Counter(c.fate for c in deck) == {"ALLY": 4, "WITHDRAW": 8, "CONFRONT": 18}
    # RW-13.2 / D-3: triangle 12 of 30 blank and at most 1 damage.
    assert sum(c.is_blank("triangle") for c in deck) == 12
    assert max(c.total("triangle", "damage") for c in deck) == 1
    # D-3: circle specials about twice the triangle's.
    assert sum(c.total("circle", "special") for c in deck) == 2 * sum(c.total("triangle", "special") for c in deck)
    # D-3: rectangle damage at most 2, hexagon at most 3, hexagon hits most often.
    assert max(c.total("rectangle", "damage") for c in deck) == 2
    assert max(c.total("hexagon", "damage") for c in deck) == 3
    hits = {s: sum(not c.is_blank(s) for c in deck) for s in ("triangle", "rectangle", "hexagon")}
    assert hits["triangle"] < hits["rectangle"] < hits["hexagon"]
    # game-data 1.3 per-shape totals.
    assert Counter(_cell(c, "rectangle") for c in deck) == {"-": 9, "S1": 6, "D1": 6, "D2": 4, "R1": 3, "R2": 2}
    assert Counter(_cell(c, "hexagon") for c in deck) == {"-": 6, "S1": 6, "D1": 5, "D2": 4, "D3": 3, "R2": 5, "R1": 1}
    # D-3 anatomy example: 1 rout on the rectangle, 2 damage on the hexagon, blank circle.
    assert any(_cell(c, "rectangle") == "R1" and _cell(c, "hexagon") == "D2" and c.is_blank("circle") for c in deck)


# --------------------------------------------------------------------------- RW-7 orders


def test_order_cards(content: RunewarsContent) -> None:
    # RW-7.1, game-data 1.2.
    names = [content.order(n).name for n in range(1, 9)]
    assert names == [
        "Strategize",
        "Mobilize",
        "Conquer",
        "Harvest",
        "Recruit",
        "Rally Support",
        "Acquire Power",
        "Fortify",
    ]
    assert content.order(8).highest_bonus is None  # RW-18.8.2
    assert all(content.order(n).highest_bonus for n in range(1, 8))


# --------------------------------------------------------------------------- D-1/D-2 units

# game-data 1.4/1.5: id -> (name, shape, health, initiative, count). Counts from RW-1.1/RW-1.2.
KNOWN_UNITS = {
    "HUMAN_ARCHER": ("Bowmen", "triangle", 1, 1, 8),
    "HUMAN_INFANTRY": ("Footmen", "triangle", 1, 3, 16),
    "HUMAN_KNIGHT": ("Knights", "rectangle", 2, 2, 8),
    "HUMAN_SIEGE_ENGINE": ("Siege Towers", "hexagon", 3, 5, 4),
    "ELF_ARCHER": ("Archers", "triangle", 1, 1, 16),
    "ELF_PEGASUS_RIDER": ("Pegasus Riders", "rectangle", 3, 2, 4),
    "ELF_SORCERESS": ("Sorceresses", "circle", 1, 3, 8),
    "ELF_WARRIOR": ("Warriors", "rectangle", 2, 4, 8),
    "UTHUK_FLESH_RIPPER": ("Flesh Rippers", "rectangle", 1, 1, 8),
    "SORCERER": ("Sorcerers", "circle", 1, 1, 8),
    "RAZORWING": ("Razorwings", "triangle", 1, 1, 8),
    "BEASTMAN": ("Beastmen", "triangle", 1, 2, 8),
    "HELLHOUND": ("Hellhounds", "rectangle", 2, 3, 8),
    "DRAGON": ("Dragons", "hexagon", 4, 4, 4),
    "GIANT": ("Giants", "hexagon", 5, 5, 4),
}


def test_known_unit_stats(content: RunewarsContent) -> None:
    for unit_id, (name, shape, health, initiative, count) in KNOWN_UNITS.items():
        u = content.unit(unit_id)
        assert (u.name, u.shape, u.health, u.initiative, u.count) == (name, shape, health, initiative, count), unit_id


def test_unit_facts_from_the_rulebook(content: RunewarsContent) -> None:
    assert "swift" in content.unit("HUMAN_KNIGHT").traits  # D-1 (EX-4)
    berserker = content.unit("UTHUK_BERSERKER")
    assert (berserker.initiative, berserker.health) == (2, 1)  # D-1, EX-7
    assert content.unit("ELF_WARRIOR").health == 2  # D-1, EX-9
    # D-2: the Dragon's special destroys 3 triangle units.
    (breath,) = content.unit("DRAGON").special.effects
    assert breath.kind == "destroy_units" and breath.amount == 3 and breath.filter.shapes == ("triangle",)
    # EX-7: the elf archer's 1 damage goes to a unit the Elf player chooses (RW-15.8).
    (shot,) = content.unit("ELF_ARCHER").special.effects
    assert shot.kind == "damage_units" and shot.amount == 1 and shot.chooser == "self"
    # Waiqar: "three units can only take one wound each" (game-data 1.4).
    assert sum(u.health == 1 for u in content.faction_units("UNDEAD")) == 3


def test_unit_counts(content: RunewarsContent) -> None:
    # RW-1.1: neutral kinds and counts; RW-1.2 / D-1: 16/8/8/4 per faction, 36 figures.
    assert {u.id: u.count for u in content.neutral_units()} == {
        "BEASTMAN": 8,
        "DRAGON": 4,
        "GIANT": 4,
        "HELLHOUND": 8,
        "RAZORWING": 8,
        "SORCERER": 8,
    }
    for faction in content.factions:
        counts = sorted((u.count for u in content.faction_units(faction.id)), reverse=True)
        assert counts == [16, 8, 8, 4], faction.id


# --------------------------------------------------------------------------- D-1 faction sheets


def test_faction_public_facts(content: RunewarsContent) -> None:
    humans, elves = content.faction("HUMANS"), content.faction("ELVES")
    assert (humans.starting_influence, humans.starting_tactics) == (3, 2)  # game-data 1.4
    assert (elves.starting_influence, elves.starting_tactics) == (4, 1)  # game-data 1.4
    uthuk_tactics = content.faction("UTHUK").starting_tactics  # FFG blog 21308: most starting tactics
    assert all(uthuk_tactics > f.starting_tactics for f in content.factions if f.id != "UTHUK")
    # FFG blog 21310: elves start food at 2, every other faction at 3.
    assert {f.id: f.dials.food.start_value for f in content.factions} == {
        "HUMANS": 3,
        "ELVES": 2,
        "UNDEAD": 3,
        "UTHUK": 3,
    }
    # RW-2.19 / D-1 (external): Humans and Elves good, Undead and Uthuk evil.
    assert {f.id: f.alignment for f in content.factions} == {
        "HUMANS": "good",
        "ELVES": "good",
        "UNDEAD": "evil",
        "UTHUK": "evil",
    }
    # RW-19.4 defense developments.
    assert {f.id: f.defense_development.name for f in content.factions} == {
        "HUMANS": "Reinforced Walls",
        "ELVES": "Protective Wards",
        "UNDEAD": "Cursed Tomb",
        "UTHUK": "Hungry Spawn",
    }
    assert {f.id: f.defense_development.discarded_after_use for f in content.factions} == {
        "HUMANS": False,
        "ELVES": False,
        "UNDEAD": True,
        "UTHUK": True,  # RW-19.4, AMB-38
    }
    assert all(f.stronghold.intact == 5 for f in content.factions)  # D-15


def test_human_dial_icons(content: RunewarsContent) -> None:
    # D-1 (derived from EX-16): archers at wood 1 and 3, knight at ore 2, siege engine at ore 4,
    # and no other unit icon at or below those positions.
    dials = content.faction("HUMANS").dials
    wood = {p.value: p.units for p in dials.wood.at_or_below(3) if p.units}
    ore = {p.value: p.units for p in dials.ore.at_or_below(4) if p.units}
    assert wood == {1: ("HUMAN_ARCHER",), 3: ("HUMAN_ARCHER",)}
    assert ore == {2: ("HUMAN_KNIGHT",), 4: ("HUMAN_SIEGE_ENGINE",)}
    # EX-16: wood gives 2 archers, ore gives 1 knight and 1 siege engine (RW-18.5.1).
    assert dials.wood.units_at_or_below(3) == ("HUMAN_ARCHER", "HUMAN_ARCHER")
    assert dials.ore.units_at_or_below(4) == ("HUMAN_KNIGHT", "HUMAN_SIEGE_ENGINE")


def test_strategize_bonus_at_start_draws_one_card(content: RunewarsContent) -> None:
    # EX-3: the Human Strategize bonus in the example draws 1 tactics card (RW-9.5, all three dials).
    dials = content.faction("HUMANS").dials
    total = sum(dials.get(r).tactics_at_or_below(dials.get(r).start_value) for r in ("food", "wood", "ore"))
    assert total == 1


def test_dials_and_setup_armies(content: RunewarsContent) -> None:
    for faction in content.factions:
        for resource in ("food", "wood", "ore"):
            dial = faction.dials.get(resource)
            assert dial.positions[0].value == 0 and dial.positions[0].units == ()  # RW-9.6: nothing at 0
        # RW-3.8.2 / AMB-18: the setup recruit from all three dials fits one home area limit pair.
        army = faction.setup_recruits()
        assert 5 <= len(army) <= 8, faction.id
        # House design: start values equal home-realm production, so Harvest at once changes nothing.
        home = content.home_tile(faction.id)
        resources: tuple[Literal["food", "wood", "ore"], ...] = ("food", "wood", "ore")
        for resource in resources:
            produced = sum(getattr(a, resource) for a in home.areas)
            assert faction.dials.get(resource).start_value == produced, (faction.id, resource)


# --------------------------------------------------------------------------- D-4 map tiles


def test_tiles_shape_and_ids(content: RunewarsContent) -> None:
    homes = [t for t in content.tiles if t.is_home]
    assert len(homes) == 4 and {t.faction for t in homes} == {"HUMANS", "ELVES", "UNDEAD", "UTHUK"}  # D-4
    assert all(len(t.areas) == 3 for t in homes)  # RW-2.6
    assert all(2 <= len(t.areas) <= 4 for t in content.tiles)  # RW-1.4
    ids = [a.area_id for t in content.tiles for a in t.areas]
    assert len(ids) == len(set(ids))
    for area_id in ("1B", "3A", "6A", "7A"):  # RW-2.1
        assert content.tile_of_area(area_id).tile_id == area_id[:-1]
    assert content.area("7A").neutrals  # EX-3
    assert "mountain" in content.area("6A").borders.values()  # EX-3
    assert sum(t.mountain_count for t in content.tiles) == 10  # RW-1.6
    assert sum(a.city_spot for t in content.tiles for a in t.areas) <= 7  # RW-3.5


def test_harvest_example_production(content: RunewarsContent) -> None:
    # EX-15 / D-4: the Human home realm plus 1B produce food 4, wood 3, ore 2.
    areas = list(content.home_tile("HUMANS").areas) + [content.area("1B")]
    assert tuple(sum(getattr(a, r) for a in areas) for r in ("food", "wood", "ore")) == (4, 3, 2)


def test_setup_neutrals_fit_the_supply(content: RunewarsContent) -> None:
    # RW-3.4, RW-1.9.2: every tile on the table at once still fits the neutral supply.
    placed: Counter[str] = Counter()
    for t in content.tiles:
        for a in t.areas:
            for n in a.neutrals:
                placed[n.unit_type] += n.count
    assert all(placed[k] <= content.unit(k).count for k in placed)


def test_rotation_keeps_borders_on_their_edges(content: RunewarsContent) -> None:
    tile = content.tile("6")
    for rotation in range(6):
        placed = {p.area_id: p for p in tile.place(rotation, Hex(3, -2))}
        for a in tile.areas:
            for d in range(6):
                assert placed[a.area_id].borders[rotate_direction(d, rotation)] == a.border(d)
        # Internal edges still meet the same neighbour after rotation.
        by_hex = {p.hex: p for p in placed.values()}
        for p in placed.values():
            for d in range(6):
                other = by_hex.get(neighbour(p.hex, d))
                if other is not None:
                    assert p.borders[d] == other.borders[(d + 3) % 6]


# --- a small RW-4 map builder, used to prove the house tiles admit legal setups ---------


Board = dict[Hex, PlacedArea]


def _placement_score(board: Board, placed: tuple[PlacedArea, ...]) -> int | None:
    """None if illegal; else how many areas touch (RW-4.4 with AMB-13, RW-4.5)."""
    if any(p.hex in board for p in placed):
        return None
    new_adj, old_adj = set(), set()
    for p in placed:
        for d in range(6):
            other = board.get(neighbour(p.hex, d))
            if other is None:
                continue
            if p.borders[d] != "none" and other.borders[(d + 3) % 6] != "none":
                return None  # RW-4.5: coloured border against coloured border
            new_adj.add(p.hex)
            old_adj.add(other.hex)
    if len(new_adj) < 2 or len(old_adj) < 2:
        return None  # RW-4.4
    return len(new_adj) + len(old_adj)


def _build(tiles: list[MapTile], rng: random.Random) -> Board | None:
    board: Board = {p.hex: p for p in tiles[0].place(rng.randrange(6), Hex(0, 0))}
    for tile in tiles[1:]:
        frontier = {n for h in board for n in neighbours(h) if n not in board}
        options = []
        for rotation in range(6):
            local = tile.place(rotation, Hex(0, 0))
            for offset in {f - p.hex for f in frontier for p in local}:
                placed = tile.place(rotation, offset)
                score = _placement_score(board, placed)
                if score is not None:
                    options.append((score, placed))
        if not options:
            return None
        best = max(s for s, _ in options)
        _, chosen = rng.choice([o for o in options if o[0] >= best - 1])
        board.update({p.hex: p for p in chosen})
    return board


def _marker_distance(board: Board, m1: tuple[Hex, Hex], m2: tuple[Hex, Hex]) -> int:
    """Steps from one marker to the other through board areas (AMB-22)."""
    dist = {h: 0 for h in m1}
    queue = deque(m1)
    while queue:
        h = queue.popleft()
        for n in neighbours(h):
            if n in m2:
                return dist[h] + 1
            if n in board and n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)
    return 10**6


def _home_realms(board: Board, players: int, rng: random.Random) -> list[tuple[Hex, ...]] | None:
    """Markers (RW-4.7) and home tiles over them (RW-4.8), or None."""
    markers = []
    outside = {n for h in board for n in neighbours(h) if n not in board}
    for a in outside:
        for d in range(3):
            b = neighbour(a, d)
            if b in board:
                continue
            plain = sum(
                1
                for m in (a, b)
                for dd in range(6)
                if (o := board.get(neighbour(m, dd))) is not None and o.borders[(dd + 3) % 6] == "none"
            )
            if plain >= 2:  # RW-4.7.2 (AMB-4)
                markers.append((a, b))
    rng.shuffle(markers)

    def homes(chosen: list[tuple[Hex, Hex]], done: list[tuple[Hex, ...]]) -> list[tuple[Hex, ...]] | None:
        if len(done) == len(chosen):
            return done
        a, b = chosen[len(done)]
        used = {h for realm in done for h in realm}
        for c in set(neighbours(a)) & set(neighbours(b)):
            realm = (a, b, c)  # RW-4.8.1: two of the three areas cover the marker
            if c in board or any(h in used or any(n in used for n in neighbours(h)) for h in realm):
                continue  # RW-4.8.2: home realms never adjacent
            found = homes(chosen, done + [realm])
            if found:
                return found
        return None

    def pick(chosen: list[tuple[Hex, Hex]], exception_used: bool) -> list[tuple[Hex, ...]] | None:
        if len(chosen) == players:
            return homes(chosen, [])
        for m in markers:
            if any(set(m) & set(c) for c in chosen):
                continue
            gaps = [_marker_distance(board, m, c) for c in chosen]
            if all(g >= 4 for g in gaps):  # RW-4.7.3
                found = pick(chosen + [m], exception_used)
            elif not exception_used and all(g >= 3 for g in gaps) and sum(g == 3 for g in gaps) == 1:
                found = pick(chosen + [m], True)  # RW-4.7.4: one marker may be 3 away
            else:
                continue
            if found:
                return found
        return None

    return pick([], False)


def _legal_setup_exists(tiles: list[MapTile], players: int, seed: int) -> bool:
    rng = random.Random(seed)
    for _ in range(20):  # RW-4.7.5: rebuild if the markers cannot be placed
        board = _build(tiles, rng)
        if board is not None and _home_realms(board, players, rng) is not None:
            return True
    return False


def test_every_four_player_tile_deal_has_a_legal_setup(content: RunewarsContent) -> None:
    # RW-4.1-RW-4.8: with 4 players any 8 of the 9 non-home tiles are dealt.
    standard = [t for t in content.tiles if not t.is_home]
    for combo in itertools.combinations(standard, 8):
        assert _legal_setup_exists(list(combo), 4, seed=1), [t.tile_id for t in combo]


@pytest.mark.parametrize("players", [2, 3])
def test_sampled_two_and_three_player_deals_have_legal_setups(content: RunewarsContent, players: int) -> None:
    # EX-18, EX-19: 2 tiles per player, then home realms; sampled deals of setup quests.
    standard = [t for t in content.tiles if not t.is_home]
    rng = random.Random(players)
    for _ in range(8):
        tiles = rng.sample(standard, 2 * players)
        assert _legal_setup_exists(tiles, players, seed=rng.randrange(1000)), [t.tile_id for t in tiles]


def test_strategize_example_geometry(content: RunewarsContent) -> None:
    # EX-3: a knight in area C next to 7A (neutrals), next to 6A across a mountain, and exactly
    # one other legal area. Tile 7 at the origin, tile 6 placed so that 6A lies east of 7B.
    board: Board = {p.hex: p for p in content.tile("7").place(0, Hex(0, 0))}
    seven_b = next(p for p in board.values() if p.area_id == "7B")
    six = content.tile("6")
    offset = neighbour(seven_b.hex, 0) - six.area("6A").hex
    placed = six.place(0, offset)
    assert _placement_score(board, placed) is not None  # RW-4.4, RW-4.5
    board.update({p.hex: p for p in placed})
    around = {board[n].area_id: d for d in range(6) if (n := neighbour(seven_b.hex, d)) in board}
    assert board[neighbour(seven_b.hex, around["6A"])].borders[(around["6A"] + 3) % 6] == "mountain"
    assert "7A" in around and content.area("7A").neutrals
    legal = [
        a
        for a, d in around.items()
        if a not in ("7A", "6A")
        and seven_b.borders[d] == "none"
        and board[neighbour(seven_b.hex, d)].borders[(d + 3) % 6] == "none"
    ]
    assert len(legal) == 1  # RW-10.3: the water edge to 7D blocks that step in spring


# --------------------------------------------------------------------------- quests, heroes, rewards


def test_quests(content: RunewarsContent) -> None:
    # EX-11 / D-8: a quest sends a hero to 3A to test agility.
    assert any(q.area_id == "3A" and q.test and q.test.attribute == "agility" for q in content.quest_cards)
    # RW-4.1, RW-4.2, D-16: at least 8 setup quests, one per non-home tile, pointing at that tile.
    setup = content.setup_quests()
    assert len(setup) >= 8
    assert sorted(q.setup_tile or "" for q in setup) == sorted(t.tile_id for t in content.tiles if not t.is_home)
    for q in content.quest_cards:
        if q.area_id:
            content.area(q.area_id)  # RW-3.6: the area must exist on some tile
        if q.duel:
            assert content.unit(q.duel.unit_type).is_neutral  # RW-25.1


def _kinds_and_amounts(effects: Effects) -> list[tuple[str, object]]:
    """(kind, amount) of each effect; None for a primitive without an amount."""
    return [(e.kind, getattr(e, "amount", None)) for e in effects]


def test_duel_example_cards(content: RunewarsContent) -> None:
    # EX-12 / D-9 / D-10.
    carthos = next(h for h in content.hero_cards if h.name == "Mad Carthos")
    assert carthos.strength == 2 and carthos.ability.timing == "start_of_duel_as_attacker"
    assert _kinds_and_amounts(carthos.ability.effects) == [("damage_hero", 1)]
    silhouette = next(h for h in content.hero_cards if h.name == "Silhouette")
    assert silhouette.health == 3
    blade = next(r for r in content.reward_cards if r.name == "Blade of Fury")
    assert blade.trait == "weapon" and blade.trigger == "duel_special"
    (fury,) = blade.effects
    assert fury.kind == "damage_hero" and fury.amount == Quantity(per="hero_strength")
    armor = next(r for r in content.reward_cards if r.name == "Rune Armor")
    assert armor.trait == "armor" and _kinds_and_amounts(armor.effects) == [("cancel_damage", 1)]
    assert blade.house is False and armor.house is False


def test_heroes_can_be_dealt_by_alignment(content: RunewarsContent) -> None:
    # RW-3.9.2: one hero per player from his alignment's pile; two factions per alignment.
    alignments = Counter(h.alignment for h in content.hero_cards)
    assert alignments["good"] >= 2 and alignments["evil"] >= 2 and alignments["neutral"] >= 1


def test_some_rewards_grant_runes(content: RunewarsContent) -> None:
    assert any(r.grants_dragon_rune for r in content.reward_cards)  # RW-23.7


# --------------------------------------------------------------------------- seasons, tactics, titles


def test_season_cards_from_the_examples(content: RunewarsContent) -> None:
    # EX-13 / D-6: a winter Council card with a bid whose winner gains a dragon rune.
    winter_bids = [
        c
        for c in content.season_deck("winter")
        if c.council_of_wizards
        and c.has_bid
        and any(e.kind == "gain_dragon_rune" for b in c.effects if b.kind == "bid_influence" for e in b.winner_effects)
    ]
    assert winter_bids
    # EX-2 / AMB-61: an autumn card resets the dials to production, with +1 food.
    assert any(e.kind == "reset_dials" and e.bonus.food == 1 for c in content.season_deck("autumn") for e in c.effects)
    # RW-6.4: the secondary effect belongs to the season.
    for card in content.season_cards:
        assert (
            card.secondary
            == {
                "spring": "spring_refresh",
                "summer": "quest_phase",
                "autumn": "destiny_reshuffle_and_choice",
                "winter": "food_limit_and_frozen_water",
            }[card.season]
        )
    assert any(c.council_of_wizards for c in content.season_cards)  # RW-6.3
    assert any(c.has_desertion for c in content.season_cards)  # RW-20.7


def test_tactics_cards(content: RunewarsContent) -> None:
    # D-7 / RW-10.3: some tactics card lets units cross mountains.
    assert any(
        e.kind == "rule_modifier" and e.rule == "ignore_mountains" for t in content.tactics_cards for e in t.effects
    )
    # RW-30.2: every play window a battle or duel needs is used by some card.
    assert {"own_turn", "start_of_battle", "start_of_duel"} <= {t.timing for t in content.tactics_cards}


def test_titles(content: RunewarsContent) -> None:
    # RW-32.1, D-12.
    assert {t.name for t in content.title_cards} == {
        "Supreme Commander of the Warriors' Guild",
        "Primarch of the Wizards' Council",
        "Leader of the Heroes' League",
    }
    primarch = content.title("PRIMARCH")
    triggers = {a.trigger: a.effects for a in primarch.abilities}
    assert _kinds_and_amounts(triggers["council_card_drawn"]) == [("gain_influence", 1)]  # RW-6.3
    assert "breaks_bid_ties" in triggers  # RW-31.3
    assert "prevents_desertion" in {a.trigger for a in content.title("HEROES_LEAGUE").abilities}  # RW-32.5


def test_objectives_and_cities(content: RunewarsContent) -> None:
    assert all(o.condition.kind in ("at_least", "holds_title", "gm") for o in content.objective_cards)  # D-11
    for city in content.cities:  # D-5: four benefits per token
        assert content.unit(city.neutrals.unit_type).is_neutral
        assert min(city.tactics, city.influence, city.quests) >= 1


def test_exploration_tokens(content: RunewarsContent) -> None:
    # RW-34.4: all 10 types, with their kinds; villages show a resource.
    tokens = content.exploration_tokens
    assert len({t.type for t in tokens}) == 10
    kinds = {t.type: t.kind for t in tokens}
    assert kinds["dragon_throne"] == kinds["village"] == kinds["magic_portal"] == "destructible_site"
    assert kinds["dungeon"] == kinds["temple"] == kinds["hall"] == "site"
    assert kinds["ambush"] == kinds["training"] == kinds["prophets_scroll"] == kinds["travelling_merchant"] == "event"
    assert all((t.type == "village") == (t.resource is not None) for t in tokens)
    assert {t.back for t in tokens} == {1, 2}  # RW-34.1


# --------------------------------------------------------------------------- effects


def test_effect_primitive_set_is_small_and_closed() -> None:
    members = get_args(get_args(Effect)[0])  # Annotated[Union[...], discriminator]
    union_kinds = {m.model_fields["kind"].default for m in members}
    assert union_kinds == set(PRIMITIVE_KINDS)
    # 27 since issue 11: reveal_false_rune and take_influence let the engine resolve what went to the GM (RW-6.2)
    assert 15 <= len(PRIMITIVE_KINDS) <= 27


def test_every_effect_is_a_known_primitive(content: RunewarsContent) -> None:
    lists: list[tuple[EffectModel, ...]] = []
    lists += [u.special.effects for u in content.unit_types]
    lists += [f.defense_development.effects for f in content.factions]
    lists += [c.effects for c in content.season_cards] + [c.effects for c in content.tactics_cards]
    lists += [q.success for q in content.quest_cards] + [r.effects for r in content.reward_cards]
    lists += [h.ability.effects for h in content.hero_cards]
    used: Counter[str] = Counter()
    for effects in lists:
        for e in walk(effects):
            used[e.kind] += 1  # type: ignore[attr-defined]
            if isinstance(e, Gm):
                assert e.text.strip()
    assert set(used) <= set(PRIMITIVE_KINDS)
    # The GM fallback is the exception, not the rule (DESIGN: content is data).
    assert used["gm"] * 10 < sum(used.values())


# --------------------------------------------------------------------------- provenance


def test_every_file_states_its_source() -> None:
    for path in DATA_DIR.glob("*.json"):
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert raw["_source"].strip(), path.name
        entries = next(v for k, v in raw.items() if k != "_source")
        assert all("house" in e for e in entries), path.name
        if any(e["house"] for e in entries):
            assert "HOUSE" in raw["_source"], path.name


def test_public_fact_files_have_no_house_entries(content: RunewarsContent) -> None:
    assert not any(c.house for c in content.destiny_cards)
    assert not any(c.house for c in content.order_cards)
    assert not any(content.unit(u).house for u in KNOWN_UNITS)


def test_content_imports_no_io_frameworks() -> None:
    # DESIGN: the engine never imports discord, asyncio, sqlite or matplotlib.
    package = Path(__file__).resolve().parents[2] / "engine" / "runewars" / "content"
    for source in package.glob("*.py"):
        text = source.read_text(encoding="utf-8")
        for banned in ("discord", "asyncio", "sqlite", "matplotlib"):
            assert f"import {banned}" not in text and f"from {banned}" not in text, (source.name, banned)


# --------------------------------------------------------------------------- the loader refuses bad data


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(path: Path, change: Any) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(json.dumps(raw), encoding="utf-8")


def test_copied_data_loads_uncached(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    assert read_content(data) is not load_content()


def test_unknown_unit_in_a_dial_is_rejected(tmp_path: Path) -> None:
    # D-1: a dial icon must name one of the faction's units.
    data = _copy_data(tmp_path)
    _edit(
        data / "factions.json", lambda raw: raw["factions"][0]["dials"]["food"]["positions"][1].update(units=["NOPE"])
    )
    with pytest.raises(ContentError, match="NOPE"):
        read_content(data)


def test_duplicate_area_id_is_rejected(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)

    def clash(raw: dict[str, Any]) -> None:
        tile = next(t for t in raw["tiles"] if t["tile_id"] == "2")
        tile["tile_id"] = "1"
        for a in tile["areas"]:
            a["area_id"] = "1" + a["area_id"][-1]

    _edit(data / "tiles.json", clash)
    with pytest.raises(ContentError, match=r"duplicate tile|used twice"):
        read_content(data)


def test_missing_destiny_card_is_rejected(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data / "destiny.json", lambda raw: raw["cards"].pop())
    with pytest.raises(ContentError, match=r"RW-3\.1"):
        read_content(data)


def test_unknown_keys_and_bad_effects_are_rejected(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data / "tactics.json", lambda raw: raw["cards"][0]["effects"].append({"kind": "win_the_game"}))
    with pytest.raises(ValidationError):
        read_content(data)
    data2 = _copy_data(tmp_path / "b")
    _edit(data2 / "heroes.json", lambda raw: raw["cards"][0].update(charisma=5))
    with pytest.raises(ValidationError):
        read_content(data2)


def test_content_is_frozen(content: RunewarsContent) -> None:
    with pytest.raises(ValidationError):
        content.hero_cards[0].health = 99  # type: ignore[misc]
