"""Torosar's Ballista specialty (H3-16, H3-19): level I buys the Ballista off the war machine pile (map) or
makes a Ballista shoot (combat); level IV gives one more Ballista in each combat until the round ends;
level VI one more for this combat, and all of them shoot at once. His IV and VI cards count as Ballistas,
so they work without the Rampart box; only level I's purchase needs its pile (H3-6.32)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3 import names as h3_names
from engine.heroes3.adventure import encounters
from engine.heroes3.adventure.geometry import neighbours, step_ok
from engine.heroes3.clash import invariants
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import war_machines as machines
from engine.heroes3.combat.models import Combat
from engine.heroes3.panel import card_state_lines, card_state_words
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState
from i18n import render

from ..clash.helpers import act, give_card, mutate, new_game, refused_rule, to_main
from ..helpers import combat_state, hand, side, unit


# ---- in combat -----------------------------------------------------------------------------------------------
def _combat(cards: list[str], *, machine: str | None = "ballista", tie: bool = False) -> tuple[SkirmishState, Combat]:
    """Side 0 (Torosar's) activates a1; the enemy has Zombies (initiative 3, the lowest) and Skeletons
    (initiative 4), or two Zombies when ``tie``."""
    c = Combat(
        kind="player",
        sides=[side(0, cards=cards, war_machine=machine), side(1)],
        units=[
            unit("a1", "halberdiers", "few", 0, (0, 0)),
            unit("d1", "zombies", "few", 1, (0, 4)),
            unit("d2", "zombies" if tie else "skeletons", "few", 1, (1, 4)),
        ],
    )
    state = combat_state(c)
    FLOW.push(state, FLOW.new(state, "h3c_act", 0, unit="a1", phase="move"))
    return state, c


def _plays(state: SkirmishState, card: str) -> list[dict[str, Any]]:
    assert state.combat is not None
    inst = hand(state.combat, 0, card)
    return [dict(o.action) for o in SKIRMISH.prompts(state)[0].options if o.action.get("card") == inst]


def _kinds(events: Any) -> list[str]:
    return [str(getattr(e, "kind", "")) for e in events]


def test_h3_19_torosar_i_makes_the_ballista_shoot_now() -> None:
    state, _c = _combat(["torosar_ballista"])
    (play,) = _plays(state, "torosar_ballista")
    state, events = SKIRMISH.apply(state, 0, play)
    assert state.combat is not None
    assert (state.combat.unit("d1").damage, state.combat.unit("d2").damage) == (1, 0)  # the lowest initiative
    assert _kinds(events).count("h3_ballista") == 1
    assert state.combat.sides[0].ballista_shots == 0


def test_h3_19_torosar_i_needs_a_ballista() -> None:
    state, c = _combat(["torosar_ballista"], machine="first_aid_tent")
    assert _plays(state, "torosar_ballista") == []  # "if you have one": not offered without a Ballista
    c.sides[0].extra_ballistas = 1  # one from his level IV or VI card counts
    assert len(_plays(state, "torosar_ballista")) == 1


def test_h3_19_torosar_vi_adds_a_ballista_and_all_of_them_shoot() -> None:
    state, c = _combat(["torosar_ballista_vi"])
    (play,) = _plays(state, "torosar_ballista_vi")
    state, events = SKIRMISH.apply(state, 0, play)
    assert state.combat is not None
    c = state.combat
    assert c.sides[0].extra_ballistas == 1 and machines.ballistas(c.sides[0]) == 2
    assert _kinds(events).count("h3_ballista") == 2  # the card in play and the new one
    assert (c.unit("d1").damage, c.unit("d2").damage) == (2, 0)  # each shot at the lowest initiative left
    assert "h3_ballista_gained" in _kinds(events)


def test_h3_19_torosar_vi_without_any_ballista_card_still_gives_one() -> None:
    state, _c = _combat(["torosar_ballista_vi"], machine=None)  # no Rampart box: no war machine at all
    (play,) = _plays(state, "torosar_ballista_vi")
    state, _ = SKIRMISH.apply(state, 0, play)
    assert state.combat is not None
    assert state.combat.unit("d1").damage == 1 and machines.ballistas(state.combat.sides[0]) == 1


def test_h3_19_several_ballistas_ask_each_tie_in_turn() -> None:
    state, _c = _combat(["torosar_ballista_vi"], tie=True)
    (play,) = _plays(state, "torosar_ballista_vi")
    state, _ = SKIRMISH.apply(state, 0, play)
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.rule == "H3-19" and [o.action["target"] for o in prompt.options] == ["d1", "d2"]
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": "d2"})
    prompt = SKIRMISH.prompts(state)[0]  # the second Ballista: both Zombies still at initiative 3, asked again
    assert prompt.rule == "H3-19"
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": "d2"})
    assert state.combat is not None
    assert (state.combat.unit("d1").damage, state.combat.unit("d2").damage) == (0, 2)
    assert SKIRMISH.prompts(state)[0].rule != "H3-19"  # back to a1's activation


def test_h3_19_extra_ballistas_shoot_as_each_round_begins() -> None:
    c = Combat(
        kind="player",
        sides=[side(0, war_machine="ballista", extra_ballistas=1), side(1)],
        units=[unit("a1", "halberdiers", "few", 0, (0, 0)), unit("d1", "zombies", "few", 1, (0, 4))],
    )
    state = combat_state(c)
    c.round = 0
    FLOW.push(state, FLOW.new(state, "h3c_round"))
    events = list(FLOW.advance(state))
    assert _kinds(events).count("h3_ballista") == 2 and c.unit("d1").damage == 2


def test_h3_16_torosar_ballista_cards_are_refused_unless_offered() -> None:
    state, c = _combat(["torosar_ballista"], machine=None)
    inst = hand(c, 0, "torosar_ballista")
    before = state.model_dump()
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 0, {"type": "play", "card": inst, "mode": "basic", "target": None})
    assert state.model_dump() == before
    assert card_rules.playable(c, c.sides[0], activating=True) == []


# ---- on the map ----------------------------------------------------------------------------------------------
def _torosar(expansions: list[str]) -> ClashState:
    state = new_game(2, factions=["tower", "castle"], heroes=["torosar", None], expansions=expansions)
    return mutate(to_main(state, 0))


def _map_plays(state: ClashState, inst: str) -> list[dict[str, object]]:
    prompt = next(p for p in CLASH.prompts(state) if p.seat == 0)
    return [dict(o.action) for o in prompt.options if o.action.get("card") == inst]


def test_h3_19_torosar_i_buys_the_ballista_for_5_gold() -> None:
    state = _torosar(["tower", "rampart"])
    me = state.player(0)
    me.resources["gold"] = 7
    inst = give_card(state, "torosar_ballista")
    buy = {"type": "play_card", "card": inst, "mode": "expert"}
    assert _map_plays(state, inst) == [buy]  # the shot is a combat effect: only the purchase on the map
    state, events = act(state, 0, buy)
    me = state.player(0)
    assert me.resources["gold"] == 2 and "ballista" not in state.war_machines
    assert any(state.cards[c] == "ballista" for c in me.deck.hand)
    assert inst in me.deck.discard and "h3_machine_bought" in _kinds(events)
    assert invariants.check(state) == []


def test_h3_19_torosar_i_purchase_refused_without_gold_pile_or_rampart_box() -> None:
    state = _torosar(["tower", "rampart"])
    state.player(0).resources["gold"] = 4
    inst = give_card(state, "torosar_ballista")
    buy = {"type": "play_card", "card": inst, "mode": "expert"}
    assert _map_plays(state, inst) == []
    assert refused_rule(state, buy) == "H3-19.2"  # 5 gold it cannot pay; nothing changes
    state.player(0).resources["gold"] = 9
    state.war_machines.remove("ballista")
    assert _map_plays(state, inst) == [] and refused_rule(state, buy) == "H3-6.32"  # none left in the pile
    # our reading without the Rampart box: no pile, so only the card's combat half can be played
    state = _torosar(["tower"])
    state.player(0).resources["gold"] = 9
    inst = give_card(state, "torosar_ballista")
    assert _map_plays(state, inst) == []
    assert refused_rule(state, {"type": "play_card", "card": inst, "mode": "expert"}) == "H3-6.32"


def _fight(state: ClashState) -> ClashState:
    p = state.player(0)
    assert p.main is not None
    origin = p.main.field
    target = next(n for n in neighbours(origin) if step_ok(state, origin, n))
    encounters.neutral_combat(state, 0, "main", origin, target, 2)
    return state


@pytest.mark.parametrize("expansions", [["tower"], ["tower", "rampart"]])
def test_h3_19_torosar_iv_one_more_ballista_in_combats_until_the_round_ends(expansions: list[str]) -> None:
    state = _torosar(expansions)
    inst = give_card(state, "torosar_ballista_iv")
    play = {"type": "play_card", "card": inst, "mode": "basic"}
    assert play in _map_plays(state, inst)
    state, events = act(state, 0, play)
    assert state.player(0).ballista_rounds == [state.round] and "h3_ballista_gained" in _kinds(events)
    state = mutate(state)
    state = _fight(state)
    assert state.combat is not None
    assert state.combat.sides[0].extra_ballistas == 1 and machines.ballistas(state.combat.sides[0]) == 1
    assert state.combat.sides[1].extra_ballistas == 0
    assert CLASH.view(state, 1)["combat"]["sides"][0]["extra_ballistas"] == 1  # public: the card was played openly
    state.combat = None
    state.round += 1  # a later round: the card's Ballista is gone
    state = _fight(state)
    assert state.combat is not None and state.combat.sides[0].extra_ballistas == 0


def test_h3_19_torosar_ivs_ballista_is_shown_in_the_panel_and_the_picture_until_the_round_ends() -> None:
    # H3-13.2.2: the card was played face up, so every seat's view says what it leaves pending
    state = _torosar(["tower"])
    inst = give_card(state, "torosar_ballista_iv")
    state, _ = act(state, 0, {"type": "play_card", "card": inst, "mode": "basic"})
    me = next(p for p in CLASH.view(state, 1)["players"] if p["seat"] == 0)
    assert {"kind": "ballista", "card": "torosar_ballista_iv", "n": 1} in me["card_states"]
    said = [render(line, "en", h3_names()) for line in card_state_lines(me)]
    assert any("1 more Ballista in each of its combats until the round ends" in line for line in said), said
    picture = card_state_words(me)
    assert picture is not None and "+1 Ballista this round" in render(picture, "en", h3_names())
    state = mutate(state)
    state.round += 1  # a later round: nothing pending any more
    me = next(p for p in CLASH.view(state, 1)["players"] if p["seat"] == 0)
    assert not [s for s in me["card_states"] if s["kind"] == "ballista"]
