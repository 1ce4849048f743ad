"""``/h3 location``, ``/h3 building`` (issue 17) and ``/h3 event`` (Fortress box, H3-7.5): every Clash location,
town building and event card answers in English and Chinese by name, with its rule, never an id; autocomplete
finds Chinese names."""

from __future__ import annotations

import re

import pytest

from cogs.heroes3 import NOTHING_CALLED, answer, choices, entries
from cogs.referee import UserError
from engine.core.text import Ref
from engine.heroes3 import lookup
from engine.heroes3 import names as h3_names
from i18n import EN, ZH_HANS

ID_WORD = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # settlement_castle, castle_dwelling_bronze


@pytest.mark.parametrize("locale", [EN, ZH_HANS])
@pytest.mark.parametrize("what", ["location", "building", "event"])
def test_every_entry_answers_by_name_with_its_rule_and_no_id(what: str, locale: str) -> None:
    names = h3_names()
    for kind, ident in lookup.ids(what):
        shown = answer(what, ident, locale)
        name = names.name(Ref(kind=kind, id=ident), locale)
        assert name and name in shown.splitlines()[0], (ident, shown)
        assert re.search(r"H3-\d", shown), shown  # the rule it comes from (H3-22.4, H3-21.2, H3-50)
        assert not ID_WORD.search(shown), (ident, shown)
        assert "{" not in shown and "[" not in shown


def test_a_building_names_its_town_cost_and_what_it_needs_first() -> None:
    # H3-21.2: dwellings are built bronze -> silver -> gold, each with its printed cost.
    faction, building = lookup.building("castle_dwelling_silver")
    shown = answer("building", "Holy Grounds", EN)
    assert "Castle" in shown and "8 gold" in shown and "6 building materials" in shown
    assert "Needs first: Towers" in shown
    zh = answer("building", "castle_dwelling_silver", ZH_HANS)
    assert "金币" in zh and "需先建造" in zh and faction == "castle" and building.requires


def test_a_location_says_its_category_in_words() -> None:
    # H3-22.5: flaggable locations are flagged, visitable ones visited.
    assert "to flag" in answer("location", "Castle Settlement", EN)
    assert "可插旗" in answer("location", "settlement_castle", ZH_HANS)


def test_autocomplete_finds_chinese_names_and_an_unknown_name_is_refused() -> None:
    table = entries("building", ZH_HANS)
    found = choices("圣地", table)
    assert found and found[0].value == "castle_dwelling_silver"
    with pytest.raises(UserError) as refused:
        answer("location", "no such place", EN)
    assert refused.value.args[0].id == NOTHING_CALLED(name="").id


@pytest.mark.parametrize("locale", [EN, ZH_HANS])
def test_a_war_machine_card_names_both_prices_and_its_pile(locale: str) -> None:
    # H3-19.2 / H3-19.3: the lower price at a War Machine Factory, the higher at a Trading Post; H3-6.32:
    # the machines lie in a face-up pile of their own, whose count no public source gives (house)
    shown = answer("card", "ballista", locale)
    head = shown.splitlines()[0]
    name = h3_names().name(Ref(kind="card", id="ballista"), locale)
    assert name is not None and name in head
    assert "H3-19.2" in shown and "7" in shown and "10" in shown
    assert "🏠" in shown
    assert not ID_WORD.search(shown) and "{" not in shown
    if locale == EN:
        assert "war machine" in head and "face-up pile" in shown and "**Effect** (permanent)" in shown


@pytest.mark.parametrize("locale", [EN, ZH_HANS])
def test_a_heros_class_is_said_by_its_name_also_when_it_has_two_words(locale: str) -> None:
    # H3-12.4: the hero board's class; "Death Knight" is one class, named like the others
    shown = answer("hero", "tamika", locale).splitlines()[0]
    assert "death knight" not in shown and "death_knight" not in shown
    said = h3_names().name(Ref(kind="hero_class", id="death_knight"), locale)
    assert said is not None and said in shown


@pytest.mark.parametrize("locale", [EN, ZH_HANS])
def test_an_event_card_says_its_options_their_cost_and_its_house_count(locale: str) -> None:
    """H3-7.5.4: each player chooses one of the options their faction and purse allow; the deck's count is ours."""
    shown = answer("event", "crypt", locale)
    options = [line for line in shown.splitlines() if line.startswith("• ")]
    assert len(options) == 3, shown  # a morale token and two treasure dice, a morale token, or (Necropolis) a unit
    assert "🏠" in shown and "H3-7.5" in shown
    said = answer("event", "mercenary_camp", EN)
    assert "event card of the Fortress box" in said.splitlines()[0]
