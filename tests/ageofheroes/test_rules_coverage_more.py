"""Rule-coverage tests for Age of Heroes rules no other test cites: AH-1.7 flavour text, AH-14.3 put-back."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes import turn as TURN
from engine.ageofheroes.state import AohState
from engine.core import Event


def _play(state: AohState, seed: int, limit: int) -> tuple[AohState, list[tuple[int, str, list[str]]]]:
    """Random legal play (seeded); returns the end state and, per action, (seat, rule, event kinds)."""
    rng = random.Random(seed)
    trace: list[tuple[int, str, list[str]]] = []
    for _ in range(limit):
        prompts = RS.prompts(state)
        if not prompts or state.winners is not None:
            break
        p = rng.choice(prompts)
        state, events = RS.apply(state, p.seat, rng.choice(p.options).action)
        trace.append((p.seat, p.rule, [e.kind for e in events]))
    return state, trace


def _without_content(state: AohState) -> dict[str, Any]:
    return state.model_dump(exclude={"content"})


@pytest.mark.parametrize("seed", [3, 11])
def test_ah1_7_flavour_text_has_no_rules_effect(seed: int) -> None:
    """AH-1.7: the monument names (the content's only flavour text, default.json "assumed") change nothing:
    the same seeded choices give the same prompts, events and end state whatever the names say."""
    plain = RS.setup({"players": 3}, seed)
    renamed = RS.setup({"players": 3}, seed)
    tribes = {
        k: t.model_copy(update={"monument_name": "Flavour " + t.special_resource[::-1]})
        for k, t in renamed.content.tribes.items()
    }
    renamed.content = renamed.content.model_copy(update={"tribes": tribes})
    assert plain.content.tribes != renamed.content.tribes
    end_a, trace_a = _play(plain, seed, 700)
    end_b, trace_b = _play(renamed, seed, 700)
    assert len(trace_a) > 50 and trace_a == trace_b
    assert _without_content(end_a) == _without_content(end_b)


def _resource_cards(state: AohState) -> list[str]:
    cards = list(state.deck.draw_pile) + list(state.deck.discard_pile)
    for p in state.seats:
        cards += p.hand + p.monument
    cards += [q.card for q in state.quakes]
    return cards


@pytest.mark.parametrize("seed", [5, 8])
def test_ah14_3_at_retrieve_every_card_that_changed_state_is_put_back(seed: int, monkeypatch: Any) -> None:
    """AH-14.3: by the Retrieve step nothing is left mid-use: no battle is open, every battle card is back in
    the battle deck (draw or discard), Mighty Heroes are in a pile or a hand, and every resource card is in
    exactly one zone (deck, discard, hand, monument, or an Earthquake still in force, AH-14.2)."""
    state = RS.setup({"players": 3}, seed)
    battle_total = len(state.battle_deck.draw_pile) + len(state.battle_deck.discard_pile)
    resource_total = sorted(_resource_cards(state))
    checked: list[int] = []
    real = TURN.retrieve

    def checking_retrieve(st: AohState, seat: int, events: list[Event]) -> None:
        assert st.battle is None
        assert len(st.battle_deck.draw_pile) + len(st.battle_deck.discard_pile) == battle_total
        assert sorted(_resource_cards(st)) == resource_total
        real(st, seat, events)
        # AH-14.1 alongside: what went away this turn stays away, everything older came home
        assert all(a.away_turn == st.turn_no for a in st.p(seat).armies if a.status == "away")
        checked.append(seat)

    monkeypatch.setattr(TURN, "retrieve", checking_retrieve)
    _end, trace = _play(state, seed, 1500)
    assert len(checked) >= 10
    kinds = [k for _s, _r, ks in trace for k in ks]
    assert kinds.count("battle_cards") >= 5 and "quake_lifted" in kinds  # battles and Earthquakes did happen
