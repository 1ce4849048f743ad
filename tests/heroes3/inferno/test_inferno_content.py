"""The Inferno box's content (H3-1.2, H3-49.6; S-H1 docs/towns/inferno.md, docs/units/*.md, docs/heroes/*.md,
game-data.md's Inferno tiles): the faction's seven units as printed, its town board, its four heroes with their
specialty cards, its tiles and locations, and the box registered as an expansion of its own."""

from __future__ import annotations

from engine.heroes3.clash.state import EXPANSION_NAMES, EXPANSIONS, ClashOptions
from engine.heroes3.content import FACTIONS, load
from engine.heroes3.content.clash import clash_content
from engine.heroes3.content.names import table

from ..helpers import assert_printed_units

UNITS = ["familiars", "magogs", "cerberi", "demons", "pit_lords", "efreet", "arch_devils"]
HEROES = ["fiona", "rashka", "xyron", "zydar"]


def test_h3_1_2_inferno_is_a_faction_of_its_own_box() -> None:
    assert "inferno" in FACTIONS and "inferno" in EXPANSIONS and "inferno" in EXPANSION_NAMES
    assert ClashOptions.model_validate({"expansions": "inferno"}).expansions == ["inferno"]  # typed in a lobby
    town = clash_content().towns["inferno"]
    assert town.box == "inferno" and list(town.units) == UNITS and list(town.heroes) == HEROES
    assert town.starting_tile == "S6" and town.town == "town_inferno" and town.settlement == "settlement_inferno"


def test_h3_27_the_seven_units_as_printed() -> None:
    printed = {
        "familiars": ((2, 1, 2, 5, {"gold": 2}), (3, 1, 2, 7, {"gold": 3})),
        "magogs": ((2, 0, 2, 4, {"gold": 3}), (2, 0, 3, 6, {"gold": 5})),
        "cerberi": ((3, 0, 4, 7, {"gold": 4}), (3, 1, 5, 8, {"gold": 7})),
        "demons": ((3, 2, 4, 5, {"gold": 6}), (3, 2, 5, 6, {"gold": 8})),
        "pit_lords": ((4, 1, 6, 6, {"gold": 8}), (5, 1, 6, 7, {"gold": 15})),
        "efreet": ((5, 1, 7, 9, {"gold": 12}), (6, 1, 7, 13, {"gold": 18, "valuables": 1})),
        "arch_devils": ((6, 3, 8, 11, {"gold": 22, "valuables": 1}), (7, 3, 9, 15, {"gold": 30, "valuables": 2})),
    }
    assert_printed_units("inferno", printed, ["ground", "ranged", "ground", "ground", "ground", "flying", "flying"])


def test_h3_27_3_the_printed_abilities_as_timing_and_effect() -> None:
    units = load().units

    def effects(uid: str, side: str) -> list[tuple[str, str]]:
        return [(a.timing, a.effect) for a in units[uid].sides[side].abilities]  # type: ignore[index]  # a side

    few = ["familiars", "magogs", "cerberi", "demons", "pit_lords"]
    assert all(effects(u, "few") == [] for u in few)
    assert effects("demons", "pack") == []
    assert effects("familiars", "pack") == [("passive", "caster_discards")]
    assert effects("magogs", "pack") == [("attack", "splash")]
    assert effects("cerberi", "pack") == [("attack", "no_retaliation"), ("attack", "splash")]
    assert effects("pit_lords", "pack") == [("other", "summon_demons")]
    assert effects("efreet", "few") == effects("efreet", "pack") == [("passive", "magic_arrow_immune")]
    assert effects("arch_devils", "few") == [("attack", "no_retaliation")]
    assert effects("arch_devils", "pack") == [("attack", "no_retaliation"), ("passive", "move_anywhere")]


def test_h3_21_2_the_town_board_as_printed() -> None:
    town = clash_content().towns["inferno"]
    res = ("gold", "building_materials", "valuables")
    costs = {b.id: tuple(b.cost.as_dict().get(k, 0) for k in res) for b in town.buildings}
    assert costs == {
        "inferno_city_hall": (13, 5, 0),
        "inferno_citadel": (9, 4, 1),
        "inferno_mage_guild": (4, 2, 1),
        "inferno_dwelling_bronze": (5, 3, 1),
        "inferno_dwelling_silver": (9, 6, 3),
        "inferno_dwelling_gold": (10, 9, 4),
        "inferno_castle_gate": (7, 5, 0),
        "inferno_brimstone_stormclouds": (6, 3, 2),
    }
    gate = town.building("inferno_castle_gate")
    assert [c.cost.as_dict()["gold"] for c in gate.turn] == [3, 0]
    storm = town.building("inferno_brimstone_stormclouds")
    assert storm.built[0].steps[0].effect == "cage_cube" and storm.built[0].steps[0].num("max") == 3
    assert storm.passive[0].word("when") == "astrologer_round"


def test_h3_12_the_heroes_and_their_specialty_cards() -> None:
    c = clash_content()
    stats = {h: (c.heroes[h].attack, c.heroes[h].defense, c.heroes[h].power, c.heroes[h].knowledge) for h in HEROES}
    assert stats == {"fiona": (2, 2, 1, 1), "rashka": (2, 2, 1, 1), "xyron": (1, 1, 2, 1), "zydar": (1, 1, 2, 1)}
    assert [c.heroes[h].might for h in HEROES] == [True, True, False, False]
    assert [c.heroes[h].ability for h in HEROES] == ["scouting", "scholar", "wisdom", "sorcery"]
    assert all(c.heroes[h].box == "inferno" for h in HEROES)
    combat = load().cards
    for h in HEROES:
        for level, card in c.heroes[h].specialty_cards.items():
            assert c.cards[card].hero == h and c.cards[card].level == level and card in combat
    # the Scholar ability joins the shared ability deck only with the box
    assert c.cards["scholar"].box == "inferno" and "scholar" in c.deck("ability", ("core", "inferno"))
    assert "scholar" not in c.deck("ability", ("core",))


def test_h3_22_2_the_inferno_tiles_and_their_fields() -> None:
    c = clash_content()
    s6 = c.tiles["S6"]
    assert s6.kind == "starting" and s6.faction == "inferno" and s6.terrain == "dirt"
    assert s6.fields[0].location == "town_inferno"
    assert {t for t in c.tiles if c.tiles[t].box == "inferno"} >= {"S6", "F16", "F18", "N12"}
    f16 = {f.location: f.guard for f in c.tiles["F16"].fields}
    assert f16["settlement_inferno"] == 3 and f16["artifact"] == 2


def test_every_inferno_name_in_three_languages() -> None:
    names = table()
    for uid in UNITS:
        assert set(names["unit"][uid]) == {"en", "zh_Hans", "zh_Hant"}
    for h in HEROES:
        assert names["hero"][h]["en"] == clash_content().heroes[h].name
    for b in clash_content().towns["inferno"].buildings:
        assert b.id in names["building"]
    assert names["faction"]["inferno"]["zh_Hans"] == "地狱"  # glossary-zh.md §5
