"""Luck and Cards of Prophecy on the map (S-H1 card texts; H3-20.5 treasure and resource dice):
the card gives re-rolls of this turn's dice, offered when such a die is rolled, never a silent no-op."""

from __future__ import annotations

from engine.heroes3.adventure import effects
from engine.heroes3.clash import rounds
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.state import ClashState
from engine.heroes3.content.clash import Step as Effect
from engine.heroes3.content.clash import clash_content

from .helpers import mutate, new_game, to_main


def _played(card: str, mode: str = "basic") -> ClashState:
    state = mutate(to_main(new_game(seed=2), 0))
    state.astrologer = None
    state.steps = []
    eff = clash_content().cards[card].expert if mode == "expert" else clash_content().cards[card].basic
    assert eff is not None
    effect = eff.steps[0].model_dump()
    events = effects._fx(state, FLOW.new(state, "fx", 0, effect=effect, hero="main"))
    assert [e.kind for e in events] == ["h3_may_reroll"]  # announced to the table
    return state


def _roll(state: ClashState, die: str) -> list[str]:
    state.steps = []
    kind = "resource_dice" if die == "resource" else "treasure_dice"
    effects._dice(state, state.player(0), "main", Effect(effect=kind, params={"count": 1}), FLOW.new(state, "fx", 0))
    return [str(s.data.get("what")) for s in state.steps if s.kind == "ask"]


def test_h3_20_5_luck_top_one_treasure_and_one_resource_reroll_this_turn() -> None:
    state = _played("luck")
    assert state.player(0).rerolls == ["treasure", "resource"]
    assert "reroll" in _roll(state, "resource")
    (ask,) = [s for s in state.steps if s.kind == "ask" and s.data.get("what") == "reroll"]
    effects._reroll_apply(state, ask, "0")
    assert state.player(0).rerolls == ["treasure"]  # the resource die's re-roll is used
    assert "reroll" not in _roll(state, "resource")
    assert "reroll" in _roll(state, "treasure")


def test_h3_20_5_luck_bottom_and_cards_of_prophecy_one_die_of_either_kind() -> None:
    for card, mode in (("luck", "expert"), ("cards_of_prophecy", "basic")):
        state = _played(card, mode)
        assert state.player(0).rerolls == ["any"], card
        assert "reroll" in _roll(state, "treasure"), card


def test_h3_8_the_allowance_lasts_this_turn_only() -> None:
    state = _played("luck")
    p = state.player(0)
    rounds._turn(state, FLOW.new(state, "turn", 0))  # the next turn of this player begins
    assert p.rerolls == [] and "reroll" not in _roll(state, "resource")
