"""Cards whose effect the engine holds only as text (H3-1.4): offered on the map where their
effect type allows (H3-13.2.7), played like any card (H3-13.2.1 own turn, H3-13.2.2 discarded,
H3-12.12 an expert use), and their printed effect announced and handed to the game master as a
task, never silently left unusable."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.core import RuleViolation
from engine.heroes3.cards import play
from engine.heroes3.cards.deck import expert_left
from engine.heroes3.cards.play import gm_effect
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.content.clash import clash_content

from ..clash.helpers import act, mutate, new_game, to_main


def _main() -> ClashState:
    return mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))


def _give(state: ClashState, card_id: str, seat: int = 0) -> str:
    inst = state.new_card(card_id)
    state.player(seat).deck.hand.append(inst)
    return inst


def _plays(state: ClashState, inst: str) -> list[dict[str, object]]:
    prompt = next(p for p in CLASH.prompts(state) if p.seat == 0)
    return [dict(o.action) for o in prompt.options if o.action.get("card") == inst]


def test_h3_13_2_7_a_text_only_instant_card_is_offered_and_handed_to_the_gm() -> None:
    state = _main()
    boots = _give(state, "boots_of_polarity")
    assert _plays(state, boots) == [{"type": "play_card", "card": boots, "mode": "basic"}]
    state, events = act(state, 0, {"type": "play_card", "card": boots, "mode": "basic"})
    me = state.player(0)
    assert boots not in me.deck.hand and boots in me.deck.discard  # H3-13.2.2
    assert [e.kind for e in events] == ["h3_played", "gm_task"]
    task = state.gm.tasks[-1]
    assert task.rule == "H3-1.4" and task.seat == 0 and task.data["card"] == "boots_of_polarity"
    printed = clash_content().cards["boots_of_polarity"].basic.text
    assert printed in task.text and printed in events[-1].text  # announced to everyone
    assert events[-1].public and events[0].public  # the play and the effect are announced to everyone
    assert not [p for p in CLASH.prompts(state) if p.seat == 0]  # the game waits on the GM (H3-1.4)


def test_h3_13_2_7_a_map_effect_is_offered_and_an_expert_one_spends_an_expert_use() -> None:
    state = _main()
    wings = _give(state, "angel_wings")
    assert {"type": "play_card", "card": wings, "mode": "basic"} in _plays(state, wings)
    hat = _give(state, "spellbinders_hat")
    assert {"type": "play_card", "card": hat, "mode": "expert"} in _plays(state, hat)  # H3-17.1: no expert use
    # Scouting is played before a Search and Pathfinding is the engine's now (map_cards): Archery's text
    archery = _give(state, "archery")
    me = state.player(0)
    expert = {"type": "play_card", "card": archery, "mode": "expert"}
    assert expert_left(me) == 0 and expert not in _plays(state, archery)  # level I: no expert use (H3-12.12)
    me.level, me.expert_used = 2, 0
    assert expert_left(me) == 1 and expert in _plays(state, archery)
    state, _ = act(state, 0, expert)
    assert state.player(0).expert_used == 1 and state.gm.tasks  # H3-12.12: spent; the GM carries it out


def test_h3_13_2_1_a_text_only_card_is_refused_out_of_turn_and_nothing_changes() -> None:
    state = _main()
    boots = _give(state, "boots_of_polarity", seat=1)
    before = state.model_dump()
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "play_card", "card": boots, "mode": "basic"})  # not offered to seat 1
    with pytest.raises(RuleViolation) as err:
        play.act(state, 1, SimpleNamespace(card=boots, mode="basic"))  # the card rules alone refuse it too
    assert err.value.rule == "H3-13.2.1"
    assert state.model_dump() == before and not state.gm.tasks


def test_h3_13_2_7_combat_and_spell_cards_are_not_handed_to_the_gm_on_the_map() -> None:
    assert not gm_effect("sword_of_judgement", "basic")  # the combat engine plays it (H3-35)
    assert not gm_effect("town_portal", "basic")  # a spell is cast (H3-15)
    assert not gm_effect("cloak_of_the_undead_king", "basic")  # a permanent goes into play
    assert gm_effect("boots_of_polarity", "basic") and gm_effect("archery", "basic")
