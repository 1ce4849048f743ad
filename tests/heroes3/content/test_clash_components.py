"""Heroes III Clash content against the component and setup rules: what each faction, card kind,
location and scenario must provide for setup (H3-2, H3-6) and play (H3-15..H3-22, H3-50)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.heroes3.content import load
from engine.heroes3.content.clash import RESOURCES, ClashContent, clash_content
from engine.heroes3.neutrals.difficulty import DIFFICULTIES


@pytest.fixture(scope="module")
def c() -> ClashContent:
    return clash_content()


# H3-49.6: hero boards the Tower expansion box adds to each faction (after the faction box's own two)
TOWER_BOX_HEROES = {"castle": 1, "necropolis": 2, "dungeon": 2, "tower": 4, "rampart": 2, "fortress": 2, "inferno": 0}
# the faction box's own heroes: two, but the Inferno box brings four (S-H1: Fiona, Rashka, Xyron, Zydar)
BOX_HEROES = {"inferno": 4}


def test_h3_2_2_and_h3_6_4_faction_components(c: ClashContent) -> None:
    # H3-6.4 / H3-2.2 / H3-2.3: per faction a town board, 7 double-sided unit cards, two heroes,
    # and for each hero 3 specialty cards and 1 starting ability card.
    combat = load()
    for faction, town in c.towns.items():
        assert len(town.units) == 7 and len(set(town.units)) == 7
        assert all(set(combat.units[u].sides) == {"few", "pack"} for u in town.units)  # double-sided
        # the box's own (two), then the Tower box's (H3-49.6)
        assert len(town.heroes) == BOX_HEROES.get(faction, 2) + TOWER_BOX_HEROES[faction]
        for hero_id in town.heroes:
            hero = c.heroes[hero_id]
            assert hero.faction == faction
            specialties = [c.cards[x] for x in hero.specialty_cards.values()]
            assert [x.level for x in specialties] == [1, 4, 6] and all(x.hero == hero_id for x in specialties)
            assert c.cards[hero.ability].kind == "ability"


def test_h3_2_5_three_dice(c: ClashContent) -> None:
    # H3-2.5: attack die, treasure die and resource die, six faces each.
    assert len(c.attack_die) == len(c.treasure_die) == len(c.resource_die) == 6


def test_h3_2_4_card_kinds_in_the_decks(c: ClashContent) -> None:
    # H3-2.4 / H3-6.15: statistic, ability, spell, artifact and specialty cards; ability, artifact and
    # spell cards form the three shared decks, specialties never do.
    kinds = Counter(x.kind for x in c.cards.values())
    assert set(kinds) == {"statistic", "ability", "spell", "specialty", "artifact", "war_machine"}  # H3-2.7.6
    shared = set(c.deck("ability")) | set(c.deck("artifact")) | set(c.deck("spell"))
    assert not any(c.cards[x].kind in ("specialty", "statistic") for x in shared)
    everything = ("core", "tower", "rampart")
    shared = {x for name in ("ability", "artifact", "spell") for x in c.deck(name, everything)}
    assert not any(c.cards[x].kind == "war_machine" for x in shared)  # H3-6.32: their own face-up pile


def test_h3_14_2_four_statistics(c: ClashContent) -> None:
    # H3-14.2: Attack, Defense, Power, Knowledge; basic and expert effects, played by the combat cards.
    # [EXP: Inferno] H3-14.4: the empowered ones have a single effect (the normal card's expert effect)
    stats = {x.id: x for x in c.cards.values() if x.kind == "statistic" and x.empowers is None}
    assert set(stats) == {"attack", "defense", "power", "knowledge"}
    for card in stats.values():
        assert card.expert is not None and card.basic.combat == card.expert.combat == card.id
    empowered = {x.empowers: x for x in c.cards.values() if x.empowers is not None}
    assert set(empowered) == set(stats) and all(x.expert is None and x.box == "inferno" for x in empowered.values())


def test_h3_15_1_spell_anatomy_and_h3_15_2_empower_costs(c: ClashContent) -> None:
    # H3-15.1: name, school, empower costs, effect per level, alternative effect; H3-15.2: the first
    # level costs no Power and the costs rise.
    for card in (x for x in c.cards.values() if x.kind == "spell"):
        powers = [t.power for t in card.tiers]
        assert powers[0] == 0 and powers == sorted(powers) and len(set(powers)) == 3, card.id
        assert card.alternative is not None
    assert [t.power for t in c.cards["chain_lightning_spell"].tiers] == [0, 2, 4]
    assert [t.power for t in c.cards["magic_arrow"].tiers] == [0, 1, 2]


def test_h3_16_3_specialties_and_h3_17_1_artifacts(c: ClashContent) -> None:
    # H3-16.3: specialty cards cannot be removed; H3-17.1: every artifact has a top and a bottom effect.
    assert all(not x.removable for x in c.cards.values() if x.kind == "specialty")
    for card in (x for x in c.cards.values() if x.kind == "artifact"):
        assert card.basic.text and card.expert is not None and card.expert.text
    gold = c.cards["endless_bag_of_gold"]
    assert gold.expert is not None
    assert [s.effect for s in gold.expert.steps] == ["remove_self", "gain"]  # H3-13.2.8 remove


def test_h3_12_4_hero_boards(c: ClashContent) -> None:
    # H3-12.4: class, type (Might/Magic), the four statistics, starting ability and specialty.
    assert {h.hero_class for h in c.heroes.values()} == {
        "Knight",
        "Cleric",
        "Death Knight",
        "Necromancer",
        "Overlord",
        "Warlock",
        "Alchemist",
        "Wizard",
        "Ranger",
        "Druid",
        "Witch",
        "Beastmaster",
        "Demoniac",
        "Heretic",
    }
    might = ["catherine", "tamika", "mutare", "josephine", "gelu"]
    might += ["lord_haart_castle", "lord_haart_necropolis", "iona", "torosar", "clancy", "mephala"]  # the Tower box's
    might += ["wystan", "bron", "tazar"]  # the Fortress box's Wystan, the Tower box's Bron and Tazar
    might += ["fiona", "rashka"]  # the Inferno box's Demoniacs
    assert [h.id for h in c.heroes.values() if h.might] == might
    # H3-6.12: 1 Magic Arrow for Might heroes, 2 for Magic heroes.
    assert c.starting_deck("solmyr").count("magic_arrow") == 2 and c.starting_deck("mutare").count("magic_arrow") == 1


def test_h3_20_1_resources_and_h3_20_3_production_step(c: ClashContent) -> None:
    # H3-20.1: gold, building materials, valuables; H3-20.3: a settlement raises production by one step.
    assert RESOURCES == ("gold", "building_materials", "valuables")
    step = c.locations["settlement_dungeon"].choices[0].steps[0]
    assert step.effect == "production_step"


def test_h3_20_4_and_h3_6_9_scenarios_give_starting_resources_income_and_units(c: ClashContent) -> None:
    # H3-20.4 / H3-6.8 / H3-6.9: starting resources and income come from the scenario;
    # H3-6.19: so do the starting units, for every faction the scenario allows.
    for sc in c.scenarios.values():
        assert sc.starting_resources.total() > 0 and sc.starting_income.gold > 0
        for faction in sc.factions:
            units = sc.starting_units[faction]
            assert units and all(u.split(":")[0] in c.towns[faction].units for u in units)
        assert set(sc.prebuilt) <= {"city_hall", "citadel", "mage_guild", "dwelling_bronze"}  # H3-6.7


def test_h3_3_2_scenario_types_and_h3_4_1_difficulty(c: ClashContent) -> None:
    # H3-3.2.1 Clash, H3-3.2.3 Alliance, H3-3.2.4 Cooperative and H3-3.2.5 Tournament scenarios ship;
    # H3-4.1: one of the four difficulties.
    assert {s.type for s in c.scenarios.values()} == {"clash", "tournament", "alliance", "cooperative"}
    assert all(s.difficulty in DIFFICULTIES for s in c.scenarios.values())
    assert DIFFICULTIES == ("easy", "normal", "hard", "impossible")


def test_h3_5_1_victory_conditions_as_data(c: ClashContent) -> None:
    # H3-5.1: each scenario defines its victory conditions; H3-5.5: eliminating every enemy always wins;
    # H3-5.3: the standard elimination applies unless a scenario says otherwise.
    # H3-3.2.4: a Cooperative table has no enemy seat to eliminate; its goal is the AI enemy's town, and
    # its house defeat the round limit, besides the standard elimination.
    for sc in c.scenarios.values():
        assert all(v.rule.startswith("H3-") for v in sc.victory)
        if sc.type == "cooperative":
            assert sc.ai is not None and "capture_ai_town" in {v.kind for v in sc.victory}
            assert [d.kind for d in sc.defeat] == ["standard_elimination", "round_limit_passes"]
            continue
        assert "eliminate_all" in {v.kind for v in sc.victory}
        assert [d.kind for d in sc.defeat] == ["standard_elimination"]


def test_h3_22_2_face_down_pools_and_h3_23_2_far_supply(c: ClashContent) -> None:
    # H3-22.2: non-starting slots are face down, drawn from the scenario's pools; H3-23.2: each player
    # has a supply of Far tiles; H3-6.21: the astrologer deck exists to be shuffled.
    for sc in (s for s in c.scenarios.values() if s.type == "clash"):
        hidden = [s for s in sc.slots if s.pool in ("far", "near", "centre")]
        assert hidden and not any(s.face_up for s in hidden)
        assert sc.far_supply >= 1
    assert len(c.astrologers) > 1


def test_h3_22_5_field_categories(c: ClashContent) -> None:
    # H3-22.5.1..3: visitable, flaggable and revisitable fields; H3-22.4: an empty field does nothing.
    cats = {loc.id: loc.category for loc in c.locations.values()}
    assert cats["treasure"] == "visitable" and cats["mine_gold"] == "flaggable" and cats["stables"] == "revisitable"
    assert c.locations["empty"].choices == ()
    assert {loc.kind for loc in c.locations.values() if loc.category == "flaggable"} == {
        "town",
        "settlement",
        "mine",
        "obelisk",
        "other",
    }


def test_h3_50_1_map_symbols(c: ClashContent) -> None:
    # H3-50.1: resource die, treasure die and artifact symbols.
    assert c.locations["resource"].choices[0].steps[0].effect == "resource_dice"
    assert c.locations["treasure"].choices[0].steps[0].effect == "treasure_dice"
    art = c.locations["artifact"].choices[0].steps[0]
    assert (art.effect, art.word("deck"), art.num("x")) == ("search", "artifact", 2)


def test_h3_50_3_towns_are_flaggable_town_fields(c: ClashContent) -> None:
    # H3-50.3: a town is flagged (and besieged when defended) through its town field.
    for faction, town in c.towns.items():
        loc = c.locations[town.town]
        assert (loc.kind, loc.category, loc.faction) == ("town", "flaggable", faction)
        assert loc.choices[0].steps[0].effect == "town"


def test_h3_50_6_and_h3_50_8_tower_locations(c: ClashContent) -> None:
    # H3-50.6: Library (3 gold, twice), Black Market (5/7/10 gold), Tavern (7 gold);
    # H3-50.8: University (6 gold, Search (4) ability discards), Hill Fort (-3 gold), Prison (3 gold fallback).
    lib = c.locations["library_of_enlightenment"].choices[0].steps[0]
    assert (lib.num("gold"), lib.num("times")) == (3, 2)
    market = c.locations["black_market"].choices[0].steps[0]
    assert market.params["prices"] == {"minor": 5, "major": 7, "relic": 10} and market.num("x") == 4
    assert c.locations["tavern"].choices[0].cost.gold == 7
    uni = c.locations["university"].choices[0]
    assert uni.cost.gold == 6 and uni.steps[0].num("x") == 4 and uni.steps[0].word("deck") == "ability"
    assert c.locations["hill_fort"].choices[0].steps[0].num("gold_off") == 3
    assert c.locations["prison"].choices[0].steps[0].num("else_gold") == 3
    assert all(c.locations[x].box == "tower" for x in ("library_of_enlightenment", "black_market", "tavern", "prison"))
    towers = [t for t in c.tiles.values() if t.box == "tower"]
    used = {f.location for t in towers for f in t.fields}
    assert {"prison", "tavern", "university", "hill_fort", "market_of_time"} <= used
