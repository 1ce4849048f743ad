"""Every name a Clash message carries resolves through the Heroes III names (content/names.py), in
English and Chinese: a ``Ref`` the resolver does not know is shown as its id (``building_materials``,
``settlement_castle``), which the id-shape test (tests/test_no_ids.py) cannot tell from a word."""

from __future__ import annotations

import pytest

from engine.core.text import Msg, Ref
from engine.heroes3 import names as h3_names
from engine.heroes3.clash.ruleset import CLASH
from i18n import EN, ZH_HANS, ZH_HANT
from tests.support.refs import refs_in

from .helpers import new_game, play_to_round

# The kinds each Clash message uses for a thing's name (clash/messages.py), with one id each.
KINDS = {
    "h3_location": "settlement_castle",
    "h3_building": "castle_citadel",
    "h3_astrologer": "crazy_wizard",
    "h3_scenario": "clash_two_kingdoms",
    "h3_resource": "building_materials",
    "h3_deck": "artifact",
    "h3_token": "spellbook",
    "h3_die": "treasure",
    "h3_tier": "azure",
    "h3_difficulty": "impossible",
}


@pytest.mark.parametrize("locale", [EN, ZH_HANS, ZH_HANT])
def test_every_h3_kind_has_a_name_in_each_language(locale: str) -> None:
    names = h3_names()
    for kind, ident in KINDS.items():
        shown = names.name(Ref(kind=kind, id=ident), locale)
        assert shown and (locale == EN or shown != ident), (kind, ident, locale)
    assert names.name(Ref(kind="h3_resource", id="building_materials"), EN) == "building materials"
    assert names.name(Ref(kind="h3_die", id="treasure"), ZH_HANS) == "宝物骰"  # glossary 5.x: treasure die


def test_the_names_in_the_first_rounds_of_a_clash_all_resolve() -> None:
    # H3-3.1 .. H3-8: the opening, four rounds of events (astrologer and resource rounds) and the prompts
    state = new_game(players=3, difficulty="normal")
    msgs: list[Msg] = [e.msg for e in CLASH.opening_events(state) if e.msg is not None]
    state, events = play_to_round(state, 5)
    msgs += [e.msg for e in events if e.msg is not None]
    for prompt in CLASH.prompts(state):
        if prompt.msg is not None:
            msgs.append(prompt.msg)
        msgs += [o.msg for o in prompt.options if o.msg is not None]
    names = h3_names()
    unknown = {
        (r.kind, r.id)
        for msg in msgs
        for r in refs_in(msg)
        if r.kind != "seat" and not (names.name(r, EN) and names.name(r, ZH_HANS))
    }
    assert len(msgs) > 30
    assert unknown == set()
