"""A Might & Magic card with no combat version rides into a Clash combat under its own id
("Players see names"): the combat never offers it (H3-35), and once discarded there the public
discard pile and the event name the real card, never a stand-in."""

from __future__ import annotations

from engine.core.text import Ref
from engine.heroes3.adventure.encounters import combat_card
from engine.heroes3.adventure.geometry import neighbours, step_ok
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.content import load

from .helpers import act, mutate, new_game, to_main


def test_h3_35_a_card_with_no_combat_use_keeps_its_name_in_a_clash_combat() -> None:
    assert "angel_wings" not in load().cards and combat_card("angel_wings") == "angel_wings"
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    me = state.player(0)
    assert me.main is not None
    state.cards["hat1"] = "angel_wings"
    me.deck.hand = ["hat1"]  # H3-13.2.4: only the hat in hand
    to = next(n for n in neighbours(me.main.field) if step_ok(state, me.main.field, n))
    bob = state.player(1)
    assert bob.main is not None
    bob.main.field = bob.main.last_visited = to
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})  # H3-9.5: a combat
    combat = state.combat
    assert combat is not None
    side = next(s for s in combat.sides if s.owner == 0)
    deck = side.deck
    assert deck is not None and deck.names["hat1"] == "angel_wings"
    card = card_rules.card_def(deck, "hat1")
    assert card.id == "angel_wings" and card.kind == "artifact" and card.effect == "none"
    assert not any(o.action.get("card") == "hat1" for o in card_rules.playable(combat, side, activating=True))
    events = card_rules._enemy_discards(side, 1, state.rng)  # Dragon Wing Tabard's random discard
    assert deck.discard == ["hat1"]
    msg = events[0].msg
    assert msg is not None and Ref(kind="card", id="angel_wings") in msg.params.values()
    assert "Wisdom" not in events[0].text
    public = CLASH.view(state, None)["combat"]
    assert any(s.get("discard") == ["angel_wings"] for s in public["sides"])  # H3-13.2.2: face up
