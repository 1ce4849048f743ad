"""Refused answers leave the game exactly as it was (RuleViolation with the rule's id), the event content is
checked when it loads, and every event has its name in each language (content/names.json)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.core.text import Ref
from engine.heroes3 import names as h3_names
from engine.heroes3.content.clash import EventCard, clash_content, validate
from i18n import EN, ZH_HANS, ZH_HANT

from ..helpers import mutate, refused_rule
from .helpers import choose, deck, fortress_game, picks, prompt, to_event, words


# ---- refusals ------------------------------------------------------------------------------------------------
def test_h3_7_5_4_an_option_not_open_to_the_player_is_refused() -> None:
    state, _ = to_event(fortress_game(2, factions=["castle", "necropolis"]), "crypt")
    assert picks(state) == ["0", "1"]
    assert refused_rule(state, {"type": "choose", "pick": "2"}, seat=0) == "H3-7.5.4"  # Necropolis only
    assert refused_rule(state, {"type": "choose", "pick": "0"}, seat=1).startswith("CORE")  # not asked yet


def test_h3_7_5_6_a_card_not_on_the_table_or_beyond_the_purse_is_refused() -> None:
    # H3-7.5.4: refused with the rule's id, the game unchanged
    state, _ = to_event(fortress_game(2), "artifact_merchant")
    state = mutate(state)
    state.player(0).resources["gold"] = 3
    dear = [c for c in deck(state).revealed if c not in picks(state)]
    hand = state.player(0).deck.draw.draw_pile[0]
    assert refused_rule(state, {"type": "choose", "pick": hand}, seat=0) == "H3-7.5.6"
    for c in dear:  # a major or relic artifact for 3 gold
        assert refused_rule(state, {"type": "choose", "pick": c}, seat=0) == "H3-7.5.6"


def test_an_exchange_a_player_cannot_pay_cannot_be_accepted() -> None:
    # H3-7.5.4: refused with the rule's id, the game unchanged
    state, _ = to_event(fortress_game(2), "marketplace")
    state = mutate(state)
    state.player(0).resources.update(gold=10, building_materials=0, valuables=0)
    state.player(1).resources.update(gold=0, building_materials=1, valuables=0)
    state, _ = choose(state, next(o.action["pick"] for o in prompt(state).options if o.label.startswith("Offer")))
    for pick in ("give:gold", "want:building_materials", "want:building_materials", "propose"):
        state, _ = choose(state, pick)
    # seat 2 holds 1 building materials of the 2 asked: not asked at all, and the offer lapses
    assert deck(state).exchange is None and prompt(state).seat == 1 and "accept" not in picks(state)


def test_den_of_thieves_a_place_other_than_top_or_bottom_is_refused() -> None:
    # H3-7.5.4: refused with the rule's id, the game unchanged
    state, _ = to_event(fortress_game(2), "den_of_thieves")
    state, _ = choose(state, "silver")
    state, _ = choose(state, "skip")
    assert refused_rule(state, {"type": "choose", "pick": "middle"}, seat=0) == "H3-7.5.4"


# ---- content -------------------------------------------------------------------------------------------------
def test_event_content_is_checked_when_it_loads() -> None:
    c = clash_content()
    with pytest.raises(ValidationError):
        EventCard(id="x", name="X", text="Nothing at all.")  # H3-7.5.4: an event does something
    crypt = c.events["crypt"]
    odd = crypt.model_copy(update={"options": (crypt.options[0].model_copy(update={"faction": "atlantis"}),)})
    assert any("unknown faction" in p for p in validate(c.model_copy(update={"events": {**c.events, "crypt": odd}})))
    step = crypt.options[1].steps[0].model_copy(update={"effect": "teleport_home"})
    bad = crypt.model_copy(update={"options": (crypt.options[1].model_copy(update={"steps": (step,)}),)})
    assert any("unknown map effect" in p for p in validate(c.model_copy(update={"events": {**c.events, "crypt": bad}})))
    assert validate(c) == []


def test_every_event_step_is_one_the_engine_resolves() -> None:
    # DESIGN "Content is data": no event step is left to the game master (H3-7.5.4)
    from engine.heroes3.adventure import effects
    from engine.heroes3.clash import events  # noqa: F401  # registers the events' steps

    for card in clash_content().events.values():
        steps = [*card.table, *card.steps, *(s for o in card.options for s in o.steps)]
        assert all(s.effect in effects.HANDLERS for s in steps), card.id


@pytest.mark.parametrize("locale", [EN, ZH_HANS, ZH_HANT])
def test_every_event_has_a_name_in_each_language(locale: str) -> None:
    # H3-7.5.4: refused with the rule's id, the game unchanged
    names = h3_names()
    for card in clash_content().events.values():
        shown = names.name(Ref(kind="event", id=card.id), locale)
        assert shown and shown != card.id, (card.id, locale)
        if locale == EN:
            assert shown == card.name  # the printed name
    assert names.name(Ref(kind="event", id="artifact_merchant"), ZH_HANS) == "神器商人"  # glossary 5.6


def test_the_drawn_event_is_read_out_by_its_name_and_text() -> None:
    # H3-7.5.4: refused with the rule's id, the game unchanged
    _, events = to_event(fortress_game(2), "stables")
    said = next(e for e in events if e.kind == "h3_event")
    assert words(said.msg).startswith("Seat 1 draws the event Stables: Each player picks one")
    assert "马厩" in words(said.msg, ZH_HANS)
