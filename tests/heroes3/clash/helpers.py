"""Builders for Clash tests: a started game, fast-forwarded to a seat's main menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.core import Event, RuleViolation
from engine.core.flow import Step
from engine.heroes3.adventure.geometry import index, location
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, PlacedTile
from engine.heroes3.content.clash import clash_content


def new_game(players: int = 2, seed: int = 1, **options: Any) -> ClashState:
    opts: dict[str, Any] = {"players": players, "difficulty": "impossible", "starting_player": 0}
    opts.update(options)
    state = keep_heroes(CLASH.setup(opts, seed))
    while (st := FLOW.current(state)) is not None and st.kind == "ask" and st.data.get("what") == "start_rotate":
        prompt = CLASH.prompts(state)[0]  # H3-6.22: keep the printed orientation (the first option)
        state, _ = CLASH.apply(state, prompt.seat, dict(prompt.options[0].action))
    return state


def keep_heroes(state: ClashState) -> ClashState:
    """H3-6.3 (P-3): every asked seat keeps its default main hero (the first listed), which changes
    nothing the setup built, so a game plays as it did before players chose their heroes."""
    while (st := FLOW.current(state)) is not None and st.kind == "hero_choice":
        prompt = next(p for p in CLASH.prompts(state) if p.waiting)
        assert prompt.default is not None
        state, _ = CLASH.apply(state, prompt.seat, dict(prompt.default))
    return state


def front(state: ClashState) -> Step:
    st = FLOW.current(state)
    assert st is not None
    return st


def act(state: ClashState, seat: int, action: dict[str, Any]) -> tuple[ClashState, list[Any]]:
    return CLASH.apply(state, seat, action)


def give_card(state: ClashState, card: str, seat: int = 0) -> str:
    """A fresh instance of content card ``card`` put into ``seat``'s hand."""
    inst = state.new_card(card)
    state.player(seat).deck.hand.append(inst)
    return inst


def card_plays(state: ClashState, inst: str, seat: int = 0) -> list[dict[str, Any]]:
    """The actions ``seat``'s open prompt offers for the card instance ``inst`` (its plays on the map)."""
    prompt = next(p for p in CLASH.prompts(state) if p.seat == seat)
    return [dict(o.action) for o in prompt.options if o.action.get("card") == inst]


def refused_rule(state: ClashState, action: dict[str, Any], seat: int = 0) -> str:
    """The rule id ``action`` is refused with; the refusal must leave the state exactly as it was."""
    before = state.model_dump()
    with pytest.raises(RuleViolation) as refused:
        act(state, seat, action)
    assert state.model_dump() == before  # a refusal changes nothing
    return refused.value.rule


def to_main(state: ClashState, seat: int, limit: int = 200) -> ClashState:
    """Play empty turns (draw nothing, end turn) until ``seat``'s main menu is at the front."""
    for _ in range(limit):
        st = front(state)
        who = st.seat if st.seat is not None else 0
        if st.kind == "main" and who == seat:
            return state
        if st.kind == "hand":
            state, _ = act(state, who, {"type": "draw", "n": 0})
        elif st.kind == "main":
            state, _ = act(state, who, {"type": "end_turn"})
        elif st.kind == "ask":
            prompt = CLASH.prompts(state)[0]
            state, _ = act(state, prompt.seat, dict(prompt.options[0].action))
        else:
            prompt = CLASH.prompts(state)[0]
            state, _ = act(state, prompt.seat, dict(prompt.options[-1].action))
    raise AssertionError("did not reach the main menu")


def mutate(state: ClashState) -> ClashState:
    """A private copy to arrange a position on (tests only)."""
    return CLASH.copy_state(state)


def play_until(
    state: ClashState, done: Callable[[ClashState], bool], what: str, limit: int = 400
) -> tuple[ClashState, list[Event]]:
    """Empty turns (draw nothing, end the turn, pass the last call, first option of any question, the
    AI enemy's too) until ``done(state)``; returns the events on the way. The prompt answered is the first
    one someone is still waited on (a simultaneous window, such as a Fortress event's auction, keeps a seat
    that has answered asked but no longer waited on until the last answer is in)."""
    seen: list[Event] = []
    for _ in range(limit):
        if done(state):
            return state, seen
        st = front(state)
        prompts = CLASH.prompts(state)
        prompt = next((p for p in prompts if p.waiting), prompts[0])
        if st.kind == "hand":
            state, events = act(state, prompt.seat, {"type": "draw", "n": 0})
        elif st.kind == "main" and prompt.seat == st.seat:
            state, events = act(state, prompt.seat, {"type": "end_turn"})
        elif st.kind == "last_call_w":
            state, events = act(state, prompt.seat, {"type": "town_pass"})
        else:
            state, events = act(state, prompt.seat, dict(prompt.options[0].action))
        seen += events
    raise AssertionError(f"never reached: {what}")


def play_to_round(state: ClashState, n: int, limit: int = 400) -> tuple[ClashState, list[Event]]:
    """Empty turns until seat 0's main menu in round ``n``; returns the events on the way."""

    def there(s: ClashState) -> bool:
        st = front(s)
        return s.round == n and st.kind == "main" and st.seat == 0

    return play_until(state, there, f"round {n}", limit)


def bobs_settlement(state: ClashState) -> tuple[int, int]:
    """Put a settlement tile on the map and flag its settlement for Bob (seat 1), producing gold
    (H3-50.4.2): one gold step of production (D-12). Returns the settlement's field."""
    tile = next(
        t for t in clash_content().tiles.values() if any(f.location.startswith("settlement_") for f in t.fields)
    )
    state.tiles.append(PlacedTile(centre=(7, 0), tile=tile.id, kind=tile.kind, face_up=True))
    spot = next(pos for pos in index(state) if (loc := location(state, pos)) is not None and loc.kind == "settlement")
    fs = state.field(spot)
    fs.flag, fs.ever_flagged, fs.produce = 1, True, "gold"
    bob = state.player(1)
    bob.production["gold"] = bob.production.get("gold", 0) + 5
    return spot
