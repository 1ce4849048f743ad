"""The Rampart box as data (H3-1.2, H3-2.7.6, S.3 item 2): faction, units, town board, heroes,
specialty and ability cards, tiles and locations, names; everything loads and validates."""

from __future__ import annotations

from engine.heroes3.content import FACTIONS, load
from engine.heroes3.content.clash import clash_content
from engine.heroes3.content.names import table

from ..helpers import assert_printed_units

UNITS = ["centaurs", "dwarves", "elves", "pegasi", "dendroids", "unicorns", "gold_dragons"]


def test_h3_1_2_rampart_is_a_faction_of_its_own_box() -> None:
    assert "rampart" in FACTIONS
    town = clash_content().towns["rampart"]
    assert (
        town.box == "rampart"
        and list(town.units) == UNITS
        and list(town.heroes) == ["gelu", "gem", "clancy", "mephala"]
    )
    assert town.starting_tile == "S4" and town.town == "town_rampart" and town.settlement == "settlement_rampart"


def test_h3_27_the_seven_unit_cards_as_printed() -> None:
    # game-data.md "Rampart": attack, defence, HP, initiative, cost of both sides
    printed = {
        "centaurs": ((2, 0, 3, 6, {"gold": 2}), (3, 0, 3, 8, {"gold": 3})),
        "dwarves": ((2, 1, 3, 3, {"gold": 3}), (3, 1, 3, 5, {"gold": 4})),
        "elves": ((2, 1, 3, 6, {"gold": 4}), (3, 1, 3, 7, {"gold": 7})),
        "pegasi": ((3, 0, 5, 8, {"gold": 6}), (4, 0, 6, 12, {"gold": 10})),
        "dendroids": ((4, 2, 5, 3, {"gold": 8}), (4, 2, 6, 4, {"gold": 15})),
        "unicorns": ((5, 1, 8, 7, {"gold": 11}), (6, 1, 8, 9, {"gold": 18, "valuables": 1})),
        "gold_dragons": ((5, 3, 9, 10, {"gold": 22, "valuables": 1}), (6, 3, 10, 16, {"gold": 30, "valuables": 2})),
    }
    assert_printed_units("rampart", printed, ["ground", "ground", "ranged", "flying", "ground", "ground", "flying"])


def test_h3_21_2_the_town_board() -> None:
    town = clash_content().towns["rampart"]
    costs = {b.id: (b.cost.gold, b.cost.building_materials, b.cost.valuables) for b in town.buildings}
    assert costs == {
        "rampart_city_hall": (10, 6, 0),
        "rampart_citadel": (8, 5, 1),
        "rampart_mage_guild": (4, 2, 1),
        "rampart_dwelling_bronze": (5, 3, 1),
        "rampart_dwelling_silver": (8, 6, 3),
        "rampart_dwelling_gold": (10, 9, 4),
        "rampart_mystic_pond": (7, 4, 0),
        "rampart_saplings": (4, 2, 1),
    }
    hall = town.building("rampart_city_hall").resource_round
    assert len(hall) == 1 and hall[0].steps[0].resources().gold == 7
    pond = town.building("rampart_mystic_pond").resource_round[0].steps[0]
    assert (pond.effect, pond.num("count"), pond.num("keep")) == ("resource_dice", 1, 1)
    sapling = town.building("rampart_saplings").passive[0]
    assert sapling.effect == "reinforce_discount" and sapling.word("when") == "astrologer_round"
    assert sapling.words("tiers") == ["bronze", "silver"] and sapling.word("fraction") == "half_up"


def test_h3_12_4_gelu_and_gem() -> None:
    c = clash_content()
    gelu, gem = c.heroes["gelu"], c.heroes["gem"]
    gelu_board = (gelu.might, gelu.hero_class, gelu.attack, gelu.defense, gelu.power, gelu.knowledge)
    gem_board = (gem.might, gem.hero_class, gem.attack, gem.defense, gem.power, gem.knowledge)
    assert gelu_board == (True, "Ranger", 1, 3, 1, 1) and gem_board == (False, "Druid", 0, 2, 1, 2)
    assert gelu.ability == "archery" and gem.ability == "first_aid"
    assert gelu.specialty_cards == {1: "sharpshooters", 4: "sharpshooters_iv", 6: "sharpshooters_vi"}
    assert gem.specialty_cards == {1: "gem_first_aid", 4: "gem_first_aid_iv", 6: "gem_first_aid_vi"}
    # H3-6.13.1: nine starting cards, one Magic Arrow for Gelu (Might), two for Gem (Magic)
    assert len(c.starting_deck("gelu")) == 9 and c.starting_deck("gelu").count("magic_arrow") == 1
    assert len(c.starting_deck("gem")) == 9 and c.starting_deck("gem").count("magic_arrow") == 2
    assert load().hero_deck("gem") == c.starting_deck("gem")
    # the First Aid ability joins the shared ability deck only with the Rampart box (copies are house)
    assert "first_aid" not in c.deck("ability") and "first_aid" in c.deck("ability", ("core", "rampart"))
    assert c.cards["first_aid"].copies_house and c.cards["first_aid"].box == "rampart"


def test_h3_22_the_seven_tiles() -> None:
    c = clash_content()
    tiles = {t.id: t for t in c.tiles.values() if t.box == "rampart"}
    assert set(tiles) == {"S4", "F10", "F11", "F12", "C3", "N7", "N8"}
    s4 = tiles["S4"]
    assert s4.kind == "starting" and s4.faction == "rampart" and s4.fields[0].location == "town_rampart"
    assert sorted(f.location for f in s4.fields) == sorted(
        ["empty", "resource", "mine_building_materials", "town_rampart", "blocked", "treasure", "empty"]
    )
    for code in ("C3", "F12", "N8"):
        assert "war_machine_factory" in [f.location for f in tiles[code].fields]
    assert tiles["F10"].fields[6].location == "settlement_rampart" and tiles["F10"].fields[6].guard == 3
    assert tiles["C3"].fields[0].location == "dragon_utopia" and tiles["C3"].fields[0].guard == 7
    assert all(sum(f.blocked for f in t.fields) == 1 for t in tiles.values())  # one blocked field each
    assert c.tiles_of("far", ("core", "rampart")).count("F10") == 1 and "F10" not in c.tiles_of("far")


def test_names_of_everything_new_in_three_languages() -> None:
    t = table()
    wanted = {
        "unit": UNITS,
        "hero": ["gelu", "gem"],
        "faction": ["rampart"],
        "location": ["town_rampart", "settlement_rampart"],
        "building": [b.id for b in clash_content().towns["rampart"].buildings],
        "card": [
            "first_aid",
            "sharpshooters",
            "sharpshooters_iv",
            "sharpshooters_vi",
            "gem_first_aid",
            "gem_first_aid_iv",
            "gem_first_aid_vi",
        ],
        "hero_class": ["ranger", "druid"],
    }
    for kind, ids in wanted.items():
        for i in ids:
            names = t[kind][i]
            assert names["en"] and names["zh_Hans"] and names["zh_Hant"], (kind, i)
