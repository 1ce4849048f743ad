"""``/h3`` lookups, the Clash panel and the map picture's hand show the content's own words (ability,
card, location and building texts) in the reader's language, never the English to a Chinese reader."""

from __future__ import annotations

import pytest

from cogs.heroes3 import LOOKUPS, answer
from cogs.heroes3_clash import format_private
from engine.core.content_texts import prose
from engine.heroes3 import CLASH, clash_content, content_text, lookup
from i18n import EN, ZH_HANS, ZH_HANT
from tests.heroes3.clash.helpers import mutate, new_game, to_main


def _english_texts(what: str, ident: str) -> set[str]:
    """Every content text the lookup of ``(what, ident)`` shows (the entry's own ``text`` fields)."""
    entry = {
        "unit": lookup.unit,
        "card": lookup.card,
        "location": lookup.location,
        "building": lambda i: lookup.building(i)[1],
        "hero": lookup.hero,
        "scenario": lambda i: clash_content().scenarios[i],
    }[what](ident)
    return prose(entry.model_dump())


def test_a_chinese_card_lookup_shows_the_effects_in_chinese() -> None:
    card = lookup.card("magic_arrow")
    shown = answer("card", "magic_arrow", ZH_HANS)
    for effect in [card.basic, *([card.expert] if card.expert else [])]:
        assert content_text(effect.text, ZH_HANS) in shown and effect.text not in shown, shown
    assert card.basic.text in answer("card", "magic_arrow", EN)
    assert content_text(card.basic.text, ZH_HANT) in answer("card", "magic_arrow", ZH_HANT)


def test_a_chinese_unit_lookup_shows_its_abilities_in_chinese() -> None:
    unit = lookup.unit("black_dragons")
    texts = [a.text for side in unit.sides.values() for a in side.abilities]
    assert texts
    shown = answer("unit", "black_dragons", ZH_HANS)
    for text in texts:
        assert content_text(text, ZH_HANS) in shown and text not in shown, shown


@pytest.mark.parametrize("what", ["location", "building"])
def test_a_chinese_location_or_building_lookup_shows_its_text_in_chinese(what: str) -> None:
    ident = next(i for _, i in lookup.ids(what) if _english_texts(what, i))
    shown = answer(what, ident, ZH_HANS)
    for text in _english_texts(what, ident):
        assert text not in shown, shown
    if what == "location":
        place = lookup.location(ident)
        assert place.text and content_text(place.text, ZH_HANS) in shown


@pytest.mark.parametrize("what", LOOKUPS)
def test_no_lookup_shows_a_content_text_in_english_to_a_chinese_reader(what: str) -> None:
    leaks = []
    for _, ident in lookup.ids(what):
        shown = answer(what, ident, ZH_HANS)
        leaks += [(ident, t) for t in _english_texts(what, ident) if t in shown]
    assert leaks == []


def test_the_clash_panel_shows_the_hand_cards_texts_in_chinese() -> None:
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    for card in ("magic_arrow", "boots_of_polarity", "attack"):
        state.player(0).deck.hand.append(state.new_card(card))
    view = CLASH.view(state, 0)
    hand = [str(c["card"]) for c in view["you"]["hand"]]
    cards = clash_content().cards
    texts = [cards[c].basic.text for c in hand if cards[c].basic is not None and cards[c].basic.text]
    assert len(texts) == 3
    zh = "\n".join(format_private(view, title="t", locale=ZH_HANS))
    en = "\n".join(format_private(view, title="t", locale=EN))
    for text in texts:
        assert text in en and text not in zh and content_text(text, ZH_HANS) in zh
