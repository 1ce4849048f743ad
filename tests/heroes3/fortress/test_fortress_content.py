"""The Fortress box as data (H3-1.2, H3-49.6, S.3 item 3): faction, units, town board, heroes, specialty
cards, tiles, the Scholar, names; everything loads and validates."""

from __future__ import annotations

from engine.heroes3.clash.setup import available_heroes, hero_boxes, hero_refusal
from engine.heroes3.content import FACTIONS, load
from engine.heroes3.content.clash import Resources, clash_content
from engine.heroes3.content.names import table

from ..helpers import assert_printed_units

UNITS = ["gnolls", "lizardmen", "dragon_flies", "basilisks", "gorgons", "wyverns", "hydras"]
HEROES = ["adrienne", "wystan", "bron", "tazar"]
TILES = {"S5", "F13", "F14", "F15", "N9", "N10", "C4"}


def test_h3_1_2_fortress_is_a_faction_of_its_own_box() -> None:
    assert "fortress" in FACTIONS
    town = clash_content().towns["fortress"]
    assert town.box == "fortress" and list(town.units) == UNITS and list(town.heroes) == HEROES
    assert town.starting_tile == "S5" and town.town == "town_fortress" and town.settlement == "settlement_fortress"


def test_h3_27_the_seven_unit_cards_as_printed() -> None:
    # game-data.md "Fortress" / S-H1 docs/towns/fortress.md: attack, defence, HP, initiative, cost of both sides
    printed = {
        "gnolls": ((2, 1, 3, 4, {"gold": 2}), (2, 1, 4, 5, {"gold": 3})),
        "lizardmen": ((2, 0, 3, 4, {"gold": 3}), (3, 0, 3, 5, {"gold": 5})),
        "dragon_flies": ((3, 0, 3, 8, {"gold": 4}), (3, 1, 3, 12, {"gold": 7})),
        "basilisks": ((4, 1, 4, 5, {"gold": 6}), (4, 1, 5, 7, {"gold": 9})),
        "gorgons": ((4, 2, 5, 5, {"gold": 9}), (5, 2, 5, 6, {"gold": 14})),
        "wyverns": ((5, 1, 8, 7, {"gold": 12}), (6, 1, 8, 11, {"gold": 18, "valuables": 1})),
        "hydras": ((6, 3, 8, 5, {"gold": 20, "valuables": 1}), (7, 3, 10, 7, {"gold": 28, "valuables": 2})),
    }
    assert_printed_units("fortress", printed, ["ground", "ranged", "flying", "ground", "ground", "flying", "ground"])


def test_h3_27_3_the_printed_abilities_as_timing_and_effect() -> None:
    units = load().units

    def effects(uid: str, side: str) -> list[tuple[str, str, object]]:
        abilities = units[uid].sides[side].abilities  # type: ignore[index]  # a side name
        return [(a.timing, a.effect, a.faces() or a.amount()) for a in abilities]

    assert effects("gnolls", "pack") == effects("lizardmen", "pack") == effects("gorgons", "few") == []
    assert effects("dragon_flies", "few") == [("attack", "strip_ongoing", 0)]
    assert effects("dragon_flies", "pack") == [("attack", "strip_ongoing", 0), ("attack", "retaliation_penalty", 1)]
    assert effects("basilisks", "few") == effects("basilisks", "pack") == [("attack", "paralyze_on_die", [-1])]
    assert effects("gorgons", "pack") == [("attack", "death_roll", [0])]
    assert effects("wyverns", "few") == [("attack", "mark_damage", 1)]
    assert effects("wyverns", "pack") == [("attack", "mark_damage", 2)]
    assert effects("hydras", "few") == [("attack", "no_retaliation", 0)]
    assert effects("hydras", "pack") == [("attack", "no_retaliation", 0), ("attack", "multi_target", 2)]
    # the neutral Hydras (S-H1: "attacks up to 2 adjacent enemy units") carry the same second target
    assert ("attack", "multi_target", 2) in effects("n_hydras", "neutral")


def test_h3_21_2_the_town_board() -> None:
    town = clash_content().towns["fortress"]
    costs = {b.id: (b.cost.gold, b.cost.building_materials, b.cost.valuables) for b in town.buildings}
    assert costs == {
        "fortress_city_hall": (10, 4, 0),
        "fortress_citadel": (8, 5, 1),
        "fortress_mage_guild": (4, 2, 1),
        "fortress_dwelling_bronze": (5, 3, 1),
        "fortress_dwelling_silver": (8, 6, 3),
        "fortress_dwelling_gold": (10, 9, 4),
        "fortress_blood_obelisk": (6, 6, 0),
        "fortress_cage_of_warlords": (6, 4, 1),
    }
    hall = town.building("fortress_city_hall").resource_round
    assert [[s.effect for s in c.steps] for c in hall] == [["gain"], ["trade"]]  # 5 gold, or a trading post's trade
    assert hall[0].steps[0].resources() == Resources(gold=5)
    citadel = [s.effect for s in town.building("fortress_citadel").passive]
    assert citadel == ["reinforcing", "siege_defence"]
    guild = town.building("fortress_mage_guild")
    assert guild.built[0].steps[0].num("times") == 2 and guild.passive[0].num("gold") == 5
    assert town.building("fortress_dwelling_gold").requires == ("fortress_dwelling_silver",)
    obelisk = town.building("fortress_blood_obelisk")
    assert obelisk.resource_round[0].steps[0].effect == "discard_recall"
    assert obelisk.resource_round[0].steps[0].num("x") == 4  # Search (4) the discard pile
    assert [(s.effect, s.num("x"), s.word("when")) for s in obelisk.passive] == [("discard_recall", 4, "town_sieged")]
    cage = town.building("fortress_cage_of_warlords")
    assert cage.built[0].steps[0].effect == cage.resource_round[0].steps[0].effect == "cage_cube"
    assert cage.built[0].steps[0].num("max") == 2


def test_h3_12_4_the_heroes_and_h3_49_6_their_boxes() -> None:
    c = clash_content()
    boards = {h: c.heroes[h] for h in HEROES}
    shown = {
        h: (b.might, b.hero_class, b.attack, b.defense, b.power, b.knowledge, b.ability) for h, b in boards.items()
    }
    assert shown == {
        "adrienne": (False, "Witch", 0, 1, 2, 2, "wisdom"),
        "wystan": (True, "Beastmaster", 0, 4, 1, 1, "archery"),
        "bron": (True, "Beastmaster", 0, 4, 1, 1, "resistance"),
        "tazar": (True, "Beastmaster", 0, 4, 1, 1, "armorer"),
    }
    assert boards["adrienne"].specialty_cards == {
        1: "adrienne_fire_magic",
        4: "adrienne_fire_magic_iv",
        6: "adrienne_fire_magic_vi",
    }
    assert boards["tazar"].specialty_cards == {1: "war_hero", 4: "war_hero_iv", 6: "war_hero_vi"}
    # H3-49.6: Adrienne and Wystan come with the Fortress box, Bron and Tazar with the Tower box
    both = ("tower", "fortress")
    assert [hero_boxes(h) for h in HEROES] == [("fortress",), ("fortress",), both, both]
    assert available_heroes("fortress", ["core", "fortress"]) == ["adrienne", "wystan"]
    assert available_heroes("fortress", ["core", "tower", "fortress"]) == HEROES
    refused = hero_refusal(["core", "fortress"], "bron")
    assert refused is not None and refused.rule == "H3-49.6"
    # H3-6.11..6.13: nine starting cards (one Magic Arrow for the Might heroes, two for Adrienne)
    for h in HEROES:
        deck = c.starting_deck(h)
        assert len(deck) == 9 and deck.count("magic_arrow") == (2 if h == "adrienne" else 1)
        assert sorted(deck) == sorted(load().hero_deck(h))  # the skirmish deals the same deck
    for h in HEROES:
        for level, card in boards[h].specialty_cards.items():
            mm = c.cards[card]
            assert (mm.kind, mm.hero, mm.level, mm.removable) == ("specialty", h, level, False)
            assert mm.box == boards[h].box


def test_h3_22_the_seven_tiles() -> None:
    c = clash_content()
    tiles = {t.id: t for t in c.tiles.values() if t.box == "fortress"}
    assert set(tiles) == TILES and all(t.terrain == "swamp" for t in tiles.values())
    s5 = tiles["S5"]
    assert s5.kind == "starting" and s5.faction == "fortress"
    # print order top-left, top-right, middle-left, centre, middle-right, bottom-left, bottom-right, re-indexed
    assert [(f.location, f.guard) for f in s5.fields] == [
        ("town_fortress", None),
        ("empty", None),
        ("resource", None),
        ("mine_building_materials", 1),
        ("empty", None),
        ("blocked", None),
        ("treasure", 1),
    ]
    assert [(f.location, f.guard) for f in tiles["C4"].fields] == [
        ("grail", 7),
        ("scholar", 6),
        ("trading_post", None),
        ("temple", 6),
        ("mystical_garden", None),
        ("blocked", None),
        ("sanctuary", None),
    ]
    assert tiles["F13"].fields[3].location == "settlement_fortress" and tiles["F13"].fields[3].guard == 3
    assert tiles["F14"].fields[0].location == "blocked"  # F14's blocked field is its centre
    scholars = {t.id: [f.guard for f in t.fields if f.location == "scholar"] for t in tiles.values()}
    assert scholars == {"S5": [], "F13": [None], "F14": [], "F15": [2], "N9": [4], "N10": [], "C4": [6]}
    assert all(sum(f.blocked for f in t.fields) == 1 for t in tiles.values())  # H3-22.8
    assert {t.kind for t in tiles.values()} == {"starting", "far", "near", "centre"}
    assert "F13" in c.tiles_of("far", ("core", "fortress")) and "F13" not in c.tiles_of("far")


def test_h3_50_8_the_scholar_location() -> None:
    scholar = clash_content().locations["scholar"]
    assert (scholar.category, scholar.box, scholar.rule) == ("visitable", "fortress", "H3-50.8")
    assert [s.effect for c in scholar.choices for s in c.steps] == ["scholar"] and not scholar.optional


def test_names_of_everything_new_in_three_languages() -> None:
    t = table()
    c = clash_content()
    wanted = {
        "unit": UNITS,
        "hero": HEROES,
        "faction": ["fortress"],
        "location": ["town_fortress", "settlement_fortress", "scholar"],
        "building": [b.id for b in c.towns["fortress"].buildings],
        "card": [card for h in HEROES for card in c.heroes[h].specialty_cards.values()],
        "hero_class": ["witch", "beastmaster"],
    }
    for kind, ids in wanted.items():
        for i in ids:
            names = t[kind][i]
            assert names["en"] and names["zh_Hans"] and names["zh_Hant"], (kind, i)
    assert t["faction"]["fortress"]["zh_Hans"] == "要塞"  # glossary-zh.md 5 (H3-1.2)
    assert t["location"]["scholar"]["zh_Hans"] == "学者"  # glossary-zh.md 5.11 (H3-50.8)
