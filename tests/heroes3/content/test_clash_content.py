"""Heroes III Clash content: the data the adventure game reads (tiles, locations, towns, heroes,
cards, tables, scenarios) is complete, consistent and matches the printed numbers the rules cite."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import ValidationError

from engine.heroes3.content import load
from engine.heroes3.content.clash import (
    CLASH,
    FIELD_OFFSETS,
    STEP,
    TILE_DIRECTIONS,
    ClashContent,
    Resources,
    Slot,
    clash_content,
    field_hex,
    is_tile_centre,
    rotate,
    validate,
)
from engine.heroes3.content.names import table
from engine.heroes3.neutrals.difficulty import draw_plan


@pytest.fixture(scope="module")
def c() -> ClashContent:
    return clash_content()


def test_h3_22_1_tile_sets_per_box(c: ClashContent) -> None:
    # H3-22.1: starting, far, near and centre tiles; the core box holds 3/9/6/2, Tower adds 1/10/3/1.
    core = Counter(t.kind for t in c.tiles.values() if t.box == "core")
    tower = Counter(t.kind for t in c.tiles.values() if t.box == "tower")
    assert core == {"starting": 3, "far": 9, "near": 6, "centre": 2}
    assert tower == {"starting": 1, "far": 10, "near": 3, "centre": 1}
    assert c.tiles_of("near") == ["N1", "N2", "N3", "N4", "N5", "N6"]
    assert {t.id for t in c.tiles.values() if t.box == "tower"} >= {"#S1", "#F10", "#N3", "#C1"}


def test_h3_22_3_every_tile_has_seven_fields_and_one_blocked(c: ClashContent) -> None:
    # H3-22.3: 7 fields (centre + 6); H3-22.8: every printed core/Tower tile has exactly one blocked field.
    for tile in c.tiles.values():
        assert [f.index for f in tile.fields] == list(range(7)), tile.id
        assert sum(f.blocked for f in tile.fields) == 1, tile.id
        assert all(f.location in c.locations for f in tile.fields)


def test_h3_21_1_starting_tiles_have_their_town_in_the_centre(c: ClashContent) -> None:
    # H3-21.1 / H3-6.22: the town is the centre field of the faction's starting tile.
    for faction, town in c.towns.items():
        tile = c.starting_tile(faction)
        assert tile.kind == "starting" and tile.faction == faction
        assert tile.fields[0].location == town.town == f"town_{faction}"
        assert c.locations[town.town].faction == faction


def test_h3_22_1_guard_numerals_match_the_tile_band(c: ClashContent) -> None:
    # H3-22.1 / H3-22.6: starting tiles I, far II-III, near IV-V, centre VI-VII.
    bands = {"starting": {1}, "far": {2, 3}, "near": {4, 5}, "centre": {6, 7}}
    for tile in c.tiles.values():
        for f in tile.fields:
            if f.guard is not None:
                assert f.guard in bands[tile.kind], (tile.id, f.index, f.guard)
    s1 = c.tiles["S1"]
    assert {f.location: f.guard for f in s1.fields if f.guard} == {"mine_building_materials": 1, "treasure": 1}


def test_h3_22_print_order_is_reindexed_clockwise_from_north_east(c: ClashContent) -> None:
    # H3-22.9: F1 prints settlement (top-left), windmill (top-right), blocked (middle-left), empty centre,
    # artifact (middle-right), trading post (bottom-left), stables (bottom-right).
    f1 = [f.location for f in c.tiles["F1"].fields]
    assert f1 == ["empty", "windmill", "artifact", "stables", "trading_post", "blocked", "settlement_necropolis"]
    assert c.tiles["F1"].fields[6].guard == 3 and c.tiles["F1"].fields[2].guard == 2


def test_h3_22_9_tile_lattice_geometry() -> None:
    # H3-22.9: the 7 tiles of a flower of flowers cover 49 distinct hexes; neighbour centres are lattice points.
    centres = [(0, 0), *TILE_DIRECTIONS]
    assert all(is_tile_centre(p) for p in centres)
    assert not is_tile_centre((1, 0))
    hexes = {field_hex(centre, i, rot) for centre in centres for i in range(7) for rot in (0,)}
    assert len(hexes) == 49
    for i in range(7):
        assert rotate(FIELD_OFFSETS[i], 6) == FIELD_OFFSETS[i]
    assert rotate(FIELD_OFFSETS[1], 1) == FIELD_OFFSETS[2]  # one step clockwise: NE -> E
    assert [rotate(TILE_DIRECTIONS[0], k) for k in range(6)] == list(TILE_DIRECTIONS)


def test_h3_50_4_mines_and_settlements(c: ClashContent) -> None:
    # H3-50.4.1 / D-12: mines raise production one step (5 gold / 2 BM / 1 valuables); settlements offer
    # a production step or a half-price bronze/silver reinforcement (H3-50.4.2).
    for res in ("gold", "building_materials", "valuables"):
        mine = c.locations[f"mine_{res}"]
        assert mine.category == "flaggable" and mine.resource == res
        step = mine.choices[0].steps[0]
        assert step.effect == "production" and step.num(res) == STEP.get(res)
    settle = c.locations["settlement_castle"]
    assert [ch.steps[0].effect for ch in settle.choices] == ["production_step", "reinforce_discount"]
    assert settle.choices[1].steps[0].words("tiers") == ["bronze", "silver"]
    assert STEP == Resources(gold=5, building_materials=2, valuables=1)


def test_h3_50_locations_effects(c: ClashContent) -> None:
    # H3-50.2: Windmill (erratum on #N3) gives 1 valuables; H3-50.7: Tree of Knowledge 3 valuables or 10 gold
    # for 2 XP; H3-50.5: trading post trade or remove a card for 1 gold; Obelisk may hold several cubes.
    assert c.locations["windmill"].choices[0].steps[0].resources() == Resources(valuables=1)
    tree = c.locations["tree_of_knowledge"]
    assert [ch.cost for ch in tree.choices] == [Resources(valuables=3), Resources(gold=10)]
    assert all(ch.steps[0].effect == "xp" and ch.steps[0].num("amount") == 2 for ch in tree.choices)
    assert tree.optional
    post = c.locations["trading_post"]
    assert post.category == "revisitable"
    assert [ch.steps[0].effect for ch in post.choices] == ["trade", "remove_for_gold", "buy_war_machine"]
    assert [ch.box for ch in post.choices] == [None, None, "rampart"]  # H3-43.1.2: with the Rampart box only
    assert post.choices[1].steps[0].num("gold") == 1  # H3-43.1.3
    assert c.locations["obelisk"].multi_flag
    assert c.locations["stables"].choices[0].steps[0].num("amount") == 1
    assert c.locations["shrine_of_magic_gesture"].choices[0].cost == Resources(gold=3)
    warrior = [s.effect for s in c.locations["warriors_tomb"].choices[0].steps]
    assert warrior == ["search", "morale", "morale"]


def test_h3_21_2_town_boards(c: ClashContent) -> None:
    # H3-21.2: City Hall, Citadel, Mage Guild, three dwellings in order bronze -> silver -> gold, two faction buildings.
    assert set(c.towns) == {"castle", "necropolis", "dungeon", "tower", "rampart", "fortress", "inferno"}
    for faction, town in c.towns.items():
        kinds = Counter(b.kind for b in town.buildings)
        assert kinds == {
            "city_hall": 1,
            "citadel": 1,
            "mage_guild": 1,
            "dwelling_bronze": 1,
            "dwelling_silver": 1,
            "dwelling_gold": 1,
            "faction": 2,
        }, faction
        assert town.building(f"{faction}_dwelling_silver").requires == (f"{faction}_dwelling_bronze",)
        assert town.building(f"{faction}_dwelling_gold").requires == (f"{faction}_dwelling_silver",)
        hall = Resources(gold=10, building_materials=6 if faction == "rampart" else 4)  # Rampart's prints 6
        if faction == "inferno":
            hall = Resources(gold=13, building_materials=5)  # Inferno's prints 13 gold and 5 building materials
        assert town.building(f"{faction}_city_hall").cost == hall
        citadel = Resources(gold=8, building_materials=5, valuables=1)
        if faction == "inferno":
            citadel = Resources(gold=9, building_materials=4, valuables=1)  # Inferno's prints 9 / 4 / 1
        assert town.building(f"{faction}_citadel").cost == citadel
        assert town.building(f"{faction}_dwelling_gold").cost == Resources(gold=10, building_materials=9, valuables=4)
        # two income choices on each board but Rampart's, which only gains 7 gold
        assert len(town.building(f"{faction}_city_hall").resource_round) == (1 if faction == "rampart" else 2)
        units = load().units
        assert [units[u].tier for u in town.units] == ["bronze"] * 3 + ["silver"] * 2 + ["gold"] * 2
        assert all(units[u].faction == faction for u in town.units)


def test_h3_21_3_building_costs_never_negative() -> None:
    # H3-21.3 pays a cost: a negative amount in data is refused at load.
    with pytest.raises(ValidationError):
        Resources(gold=-1)


def test_h3_6_13_starting_decks_have_nine_cards(c: ClashContent) -> None:
    # H3-6.11..6.13 / H3-13.1: statistics + 1 or 2 Magic Arrows + starting ability + level I specialty = 9.
    combat = load()
    for hero in c.heroes.values():
        deck = c.starting_deck(hero.id)
        assert len(deck) == 9, hero.id
        assert deck.count("magic_arrow") == (1 if hero.might else 2)
        assert all(card in c.cards for card in deck)
        assert sorted(hero.specialty_cards) == [1, 4, 6]  # H3-16.1
        if not combat.heroes[hero.id].substitutes:
            assert sorted(deck) == sorted(combat.hero_deck(hero.id))
    assert list(c.towns["tower"].heroes[:2]) == ["josephine", "solmyr"]  # the faction box's two; the Tower box's follow


def test_h3_12_level_track(c: ClashContent) -> None:
    # H3-12.9: 2 XP per level; H3-12.11 hand limit 4/4/5/5/6/6/7; H3-12.12 expert uses 0/1/1/2/2/3/3.
    assert [lv.xp for lv in c.levels] == [0, 2, 4, 6, 8, 10, 12]
    assert [lv.hand_limit for lv in c.levels] == [4, 4, 5, 5, 6, 6, 7]
    assert [lv.expert_uses for lv in c.levels] == [0, 1, 1, 2, 2, 3, 3]
    assert [lv.level for lv in c.levels if lv.effect == "search_ability"] == [2, 3, 5, 7]  # H3-12.10.1
    assert c.level_for_xp(0) == 1 and c.level_for_xp(5) == 3 and c.level_for_xp(40) == 7


def test_d_11_trade_table(c: ClashContent) -> None:
    # H3-43.1.1 / D-11: 6 gold -> 1 V, 2 gold -> 1 BM, 1 V -> 3 gold, 1 V -> 2 BM, 1 BM -> 1 gold, 3 BM -> 1 V.
    rates = {(r.give, r.get): (r.give_amount, r.get_amount) for r in c.trade}
    assert rates == {
        ("gold", "valuables"): (6, 1),
        ("gold", "building_materials"): (2, 1),
        ("valuables", "gold"): (1, 3),
        ("valuables", "building_materials"): (1, 2),
        ("building_materials", "gold"): (1, 1),
        ("building_materials", "valuables"): (3, 1),
    }
    assert c.trade_rate("gold", "gold") is None


def test_h3_20_5_and_20_6_dice(c: ClashContent) -> None:
    # H3-20.5: resource die 2 BM, 4 BM, 1 V, 2 V, 3 gold, 6 gold; H3-20.6 / D-9: treasure die outcomes.
    faces = sorted(tuple(sorted(f.steps[0].resources().as_dict().items())) for f in c.resource_die)
    wanted = [
        Resources(building_materials=2),
        Resources(building_materials=4),
        Resources(valuables=1),
        Resources(valuables=2),
        Resources(gold=3),
        Resources(gold=6),
    ]
    assert faces == sorted(tuple(sorted(r.as_dict().items())) for r in wanted)
    treasure = Counter(f.steps[0].effect for f in c.treasure_die)
    assert treasure == {"xp": 2, "search": 2, "resource_dice": 2}


def test_d_10_guards_reuse_the_difficulty_table(c: ClashContent) -> None:
    # D-10 / H3-4.6: the same table as the combat's neutral draw.
    assert c.guards(7, "normal") == ["azure", "azure"]
    assert c.guards(3, "hard") == list(draw_plan(3, "hard")) == ["bronze", "silver", "silver"]


def test_h3_15_spells_h3_17_artifacts_h3_14_abilities(c: ClashContent) -> None:
    # H3-15.9: schools and levels; H3-15.4: every spell has its alternative effect; H3-17.2: artifact ranks;
    # H3-14.3: Necromancy is for Necropolis only; H3-43.1.3: statistics, specialties and Magic Arrow cannot be removed.
    spells = [x for x in c.cards.values() if x.kind == "spell" and x.box == "core"]
    assert len(spells) == 21
    assert all(s.alternative is not None and s.school and s.spell_level and len(s.tiers) == 3 for s in spells)
    assert Counter(s.school for s in spells) == {"air": 5, "earth": 5, "fire": 5, "water": 5, "any": 1}
    assert c.cards["magic_arrow"].school == "any" and not c.cards["magic_arrow"].removable
    assert [t.power for t in c.cards["fireball"].tiers] == [0, 2, 4]
    artifacts = [x for x in c.cards.values() if x.kind == "artifact" and x.box == "core"]
    assert len(artifacts) == 32 and all(a.rank in ("minor", "major", "relic") and a.expert for a in artifacts)
    abilities = [x for x in c.cards.values() if x.kind == "ability" and x.box == "core"]
    assert len(abilities) == 15 and all(a.expert is not None for a in abilities)
    assert c.cards["necromancy"].faction_only == "necropolis"
    assert not any(x.removable for x in c.cards.values() if x.kind in ("statistic", "specialty"))
    assert c.cards["estates"].basic.steps[0].resources() == Resources(gold=3)
    specialties = [x for x in c.cards.values() if x.kind == "specialty"]
    assert len(specialties) == 3 * len(c.heroes)  # three each (H3-16.1); no two heroes share one here


def test_h3_6_15_shared_decks(c: ClashContent) -> None:
    # H3-6.15: the ability, artifact and spell decks are built from the card data (copies are house counts).
    assert len(c.deck("artifact")) == 32
    assert c.deck("spell").count("magic_arrow") == 8
    assert set(c.deck("ability")) == {x.id for x in c.cards.values() if x.kind == "ability" and x.box == "core"}
    tower = c.deck("artifact", ("core", "tower"))
    assert len(tower) == 43 and "cards_of_prophecy" in tower and "cards_of_prophecy" not in c.deck("artifact")
    assert all(x.copies_house for x in c.cards.values() if x.kind in ("ability", "spell", "artifact"))


def test_h3_7_3_2_astrologer_deck(c: ClashContent) -> None:
    # H3-7.3.2: the 19 core Astrologers Proclaim cards (4 more with the Tower box), each instant or until
    # the next astrologer round; H3-6.21: the deck of the boxes in play.
    assert len(c.astrologer_deck()) == 19 and len(c.astrologer_deck(("core", "tower"))) == 23
    assert c.astrologers["fancy_pixie"].steps[0].effect == "morale"
    assert c.astrologers["dead_silence"].steps == ()


def test_h3_3_scenarios_for_two_three_and_four_players(c: ClashContent) -> None:
    # H3-3.1 / D-8: scenarios as data; every invented number is house.
    by_players = {s.players: s for s in c.scenarios.values() if s.type == "clash"}
    assert set(by_players) == {2, 3, 4}
    for sc in by_players.values():
        assert sc.house
        starts = sorted((s.seat, s.face_up) for s in sc.slots if s.pool == "starting")
        assert starts == [(i, True) for i in range(sc.players)]
        assert all(is_tile_centre(s.centre) for s in sc.slots)
        assert len({s.centre for s in sc.slots}) == len(sc.slots)
        assert sc.round_limit > 0 and sc.victory
        assert set(sc.factions) <= set(c.towns)
    assert "tower" in by_players[4].factions and "tower" in by_players[4].boxes
    assert {v.kind for v in by_players[3].victory} >= {"faction_cubes"}  # H3-5.6


def test_h3_45_tournament_pools(c: ClashContent) -> None:
    # H3-45.1: Diplomacy and the Hourglass are removed; H3-45.2.2: at least 2 Near tiles with an Obelisk.
    tour = c.scenarios["tournament_core"]
    assert tour.type == "tournament" and tour.players == 2 and tour.tournament is not None
    spec = tour.tournament
    assert set(spec.removed_cards) == {"diplomacy", "hourglass_of_the_evil_hour"}
    obelisks = [t for t in spec.near if any(f.location == "obelisk" for f in c.tiles[t].fields)]
    assert len(obelisks) >= 2
    assert spec.vp == {
        "mine_or_settlement": 1,
        "building": 1,
        "two_artifacts": 1,
        "hero_level": 1,
        "secondary_hero_defeated": 2,
        "main_hero_defeated": 4,
    }  # H3-45.5


def test_loader_cross_check_reports_bad_references(c: ClashContent) -> None:
    # The loader refuses content whose ids do not resolve or whose slots leave the tile lattice.
    sc = c.scenarios["clash_two_kingdoms"]
    bad_slot = Slot(centre=(1, 0), tile="ZZ9")
    broken = c.model_copy(update={"scenarios": {sc.id: sc.model_copy(update={"slots": (*sc.slots, bad_slot)})}})
    problems = validate(broken)
    assert any("not on the tile lattice" in p for p in problems)
    assert any("unknown tile 'ZZ9'" in p for p in problems)
    tile = c.tiles["F1"]
    odd = tile.model_copy(update={"fields": tile.fields[:6]})
    assert any("0..6" in p for p in validate(c.model_copy(update={"tiles": {**c.tiles, "F1": odd}})))
    island = Slot(centre=(14, 0), pool="far")  # a lattice point no other slot touches
    lonely = c.model_copy(update={"scenarios": {sc.id: sc.model_copy(update={"slots": (*sc.slots, island)})}})
    assert any("connected" in p for p in validate(lonely))  # H3-23.3
    s1 = c.tiles["S1"]
    tower_field = s1.fields[1].model_copy(update={"location": "tavern"})
    mixed = s1.model_copy(update={"fields": (s1.fields[0], tower_field, *s1.fields[2:])})
    assert any("tower box" in p for p in validate(c.model_copy(update={"tiles": {**c.tiles, "S1": mixed}})))
    assert validate(c) == []
    with pytest.raises(ValidationError):
        Slot(centre=(0, 0))  # neither a tile nor a pool


def test_names_for_clash_content_in_three_languages(c: ClashContent) -> None:
    # i18n: every location, building, card, astrologer card and scenario has en / zh_Hans / zh_Hant names.
    t = table()
    wanted = {
        "location": set(c.locations),
        "building": {b.id for town in c.towns.values() for b in town.buildings},
        "card": set(c.cards),
        "astrologer": set(c.astrologers),
        "scenario": set(c.scenarios),
    }
    for kind, ids in wanted.items():
        assert ids <= set(t[kind]), ids - set(t[kind])
        for i in ids:
            assert all(t[kind][i].get(loc) for loc in ("en", "zh_Hans", "zh_Hant")), (kind, i)
    assert t["location"]["trading_post"]["zh_Hans"] == "贸易站"  # glossary 5.11
    house = json.loads((CLASH / "names_house.json").read_text(encoding="utf-8"))["house"]
    for entry in house:
        kind, _, ident = entry.partition(":")
        assert ident in t[kind], entry


def test_h3_43_1_3_removable_cards_depend_on_the_hero(c: ClashContent) -> None:
    # H3-43.1.3: the starting ability of the main hero is not removable; the same card is for another hero.
    assert not c.removable("leadership", "catherine")
    assert c.removable("leadership", "sandro")
    assert not c.removable("magic_arrow", "sandro") and not c.removable("attack", "sandro")
    assert not c.removable("crusaders_iv", "catherine")
    assert c.removable("fireball", "catherine")


def test_e_5_town_portal_power_tiers(c: ClashContent) -> None:
    # E-5: Town Portal empowered with 2 Power (a Power card's expert effect) moves the hero and gives +1 MP.
    portal = c.cards["town_portal"]
    assert portal.school == "earth" and portal.spell_level == "expert" and portal.basic.timing == "map"
    tier = max((t for t in portal.tiers if t.power <= 2), key=lambda t: t.power)
    assert [s.effect for s in tier.steps] == ["move_to_own_town", "mp"] and tier.steps[1].num("amount") == 1
    assert c.cards["power"].expert is not None and c.cards["power"].expert.combat == "power"
    bolt = c.cards["lightning_bolt"]
    assert [t.text for t in bolt.tiers] == ["2", "3", "4"]  # E-5: +1 Power -> 3 damage


def test_e_7_city_hall_choices(c: ClashContent) -> None:
    # E-7: Tower's City Hall offers 4 gold or a card; Dungeon's 5 gold or 1 valuables.
    tower = c.towns["tower"].building("tower_city_hall").resource_round
    assert [tuple(s.effect for s in ch.steps) for ch in tower] == [("gain",), ("draw",)]
    assert tower[0].steps[0].resources() == Resources(gold=4)
    dungeon = c.towns["dungeon"].building("dungeon_city_hall").resource_round
    assert [ch.steps[0].resources() for ch in dungeon] == [Resources(gold=5), Resources(valuables=1)]
    two = c.scenarios["clash_two_kingdoms"]
    assert [(e.round, e.who, e.steps[0].effect) for e in two.timed_events] == [(5, "each_hero", "mp")]  # H3-7.4


def test_h3_20_7_attack_die_faces(c: ClashContent) -> None:
    # H3-20.7 / D-9: results -1, 0, +1 on two faces each.
    assert sorted(c.attack_die) == [-1, -1, 0, 0, 1, 1]


def test_shipped_map_content_needs_no_gm(c: ClashContent) -> None:
    # H3-50 / H3-21 / H3-7.3.2: every location, building and astrologer step is in the resolvable
    # vocabulary (no GM `text` step), so a simulated game opens no GM task for shipped content.
    steps = [s for loc in c.locations.values() for ch in loc.choices for s in ch.steps]
    for town in c.towns.values():
        for b in town.buildings:
            steps += [s for group in (b.built, b.resource_round, b.turn) for ch in group for s in ch.steps]
            steps += list(b.passive)
    steps += [s for a in c.astrologers.values() for s in a.steps]
    for sc in c.scenarios.values():
        steps += [s for ev in sc.timed_events for s in ev.steps] + list(sc.obelisk + sc.dragon_utopia + sc.grail)
    assert steps and all(s.effect != "text" for s in steps)
    assert c.astrologers["gold_dragon"].steps[0].params == {"gold": 5}
    assert c.astrologers["wild_debauchery"].steps[0].delta() == {"gold": -5, "building_materials": 0, "valuables": 0}


def test_h3_26_3_recruit_and_reinforce_costs(c: ClashContent) -> None:
    # H3-26.3: recruiting pays the Few side's printed cost, reinforcing the Pack side's; H3-26.7 neutrals
    # are single-sided (recruit cost only).
    assert c.recruit_cost("halberdiers") == Resources(gold=2)
    assert c.reinforce_cost("halberdiers") == Resources(gold=3)
    assert c.reinforce_cost("champions") == Resources(gold=20, valuables=1)
    assert c.recruit_cost("n_dwarves") == Resources(gold=4)
    with pytest.raises(KeyError):
        c.reinforce_cost("n_dwarves")
