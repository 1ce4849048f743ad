"""The Tower box's hero boards of Tower and Rampart as data (H3-12.4, H3-16.1, H3-49.6): Cyra, Dracon, Iona,
Torosar, Clancy and Mephala load with the printed statistics (game-data.md 3.5), their specialty cards by
level, come after each faction's first (default) hero, and have names in three languages."""

from __future__ import annotations

from engine.heroes3.content import load
from engine.heroes3.content.clash import clash_content
from engine.heroes3.content.names import table

# id: (faction, might, class, attack, defence, power, knowledge, starting ability, level I card)
BOARDS = {
    "cyra": ("tower", False, "Wizard", 0, 0, 2, 3, "diplomacy", "cyra_haste"),
    "dracon": ("tower", False, "Wizard", 0, 0, 2, 3, "wisdom", "enchanters"),
    "iona": ("tower", True, "Alchemist", 1, 1, 2, 2, "intelligence", "genies"),
    "torosar": ("tower", True, "Alchemist", 1, 1, 2, 2, "mysticism", "torosar_ballista"),
    "clancy": ("rampart", True, "Ranger", 1, 3, 1, 1, "pathfinding", "unicorns"),
    "mephala": ("rampart", True, "Ranger", 1, 3, 1, 1, "leadership", "mephala_armorer"),
}


def test_h3_12_4_the_six_boards_as_printed() -> None:
    c = clash_content()
    for hid, (faction, might, cls, a, d, p, k, ability, first) in BOARDS.items():
        h = c.heroes[hid]
        assert (h.faction, h.might, h.hero_class, h.attack, h.defense, h.power, h.knowledge) == (
            faction,
            might,
            cls,
            a,
            d,
            p,
            k,
        ), hid
        assert h.box == "tower" and h.ability == ability  # H3-49.6: boards of the Tower box
        assert h.specialty_cards == {1: first, 4: f"{first}_iv", 6: f"{first}_vi"}  # H3-16.1
        for level, card in h.specialty_cards.items():
            mm = c.cards[card]
            assert (mm.kind, mm.hero, mm.level, mm.removable) == ("specialty", hid, level, False)  # H3-43.1.3
        deck = c.starting_deck(hid)  # H3-6.13: nine cards, 1 Magic Arrow for Might, 2 for Magic
        assert len(deck) == 9 and deck.count("magic_arrow") == (1 if might else 2) and first in deck


def test_h3_49_6_appended_after_each_factions_default_hero() -> None:
    towns = clash_content().towns
    assert list(towns["tower"].heroes) == ["josephine", "solmyr", "cyra", "dracon", "iona", "torosar"]
    assert list(towns["rampart"].heroes) == ["gelu", "gem", "clancy", "mephala"]


def test_h3_16_combat_cards_of_every_specialty_that_acts_in_combat() -> None:
    # every effect played in a combat names a combat card the engine resolves (never "gm" or "none")
    c, combat = clash_content(), load()
    for hid in BOARDS:
        for card in c.heroes[hid].specialty_cards.values():
            for eff in (c.cards[card].basic, c.cards[card].expert):
                if eff is not None and eff.combat is not None:
                    assert combat.cards[eff.combat].effect not in ("gm", "none"), card
    # the map halves: Dracon IV's Magi Pack for the Enchanters, Torosar I's purchase, Torosar IV's Ballista
    assert [s.effect for s in c.cards["enchanters_iv"].expert.steps] == ["swap_unit"]  # type: ignore[union-attr]
    assert [s.effect for s in c.cards["torosar_ballista"].expert.steps] == ["take_war_machine"]  # type: ignore[union-attr]
    assert [s.effect for s in c.cards["torosar_ballista_iv"].basic.steps] == ["extra_ballista"]
    # the specialties double for the units they are named after, neutral versions included
    assert set(combat.cards["enchanters"].double_for) == {"magi", "n_magi", "n_enchanters"}
    assert set(combat.cards["genies"].double_for) == {"genies", "n_genies"}
    assert set(combat.cards["unicorns_vi"].double_for) == {"unicorns", "n_unicorns"}


def test_names_of_the_heroes_and_cards_in_three_languages() -> None:
    t = table()
    cards = [card for hid in BOARDS for card in clash_content().heroes[hid].specialty_cards.values()]
    for kind, ids in (("hero", list(BOARDS)), ("card", cards)):
        for i in ids:
            names = t[kind][i]
            assert names["en"] and names["zh_Hans"] and names["zh_Hant"], (kind, i)
    assert t["hero"]["torosar"]["en"] == "Torosar" and t["card"]["torosar_ballista_iv"]["en"] == "Ballista IV"


def test_h3_13_1_the_combat_only_decks_have_nine_cards() -> None:
    # the Skirmish deals the combat content's deck: Diplomacy and Pathfinding have no combat card, so Cyra
    # and Clancy carry a house stand-in (``substitutes``); the others hold exactly their starting deck
    combat, c = load(), clash_content()
    for hid in BOARDS:
        deck = combat.hero_deck(hid)
        assert len(deck) == 9 and all(card in combat.cards for card in deck), hid
        if not combat.heroes[hid].substitutes:
            assert sorted(deck) == sorted(c.starting_deck(hid)), hid
    assert combat.heroes["cyra"].substitutes == ["sorcery"] and combat.heroes["clancy"].substitutes == ["armorer"]
