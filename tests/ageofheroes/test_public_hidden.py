"""Nothing public may depend on a hidden card (spec §3, N1-N2; AH-1.6, AH-3.6, AH-10.1, AH-10.3.4).

The property: two states that differ only in what the table cannot see (which cards sit in
which hand, the deck orders) must give the table exactly the same public view, the same public
prompts (question, options, labels, keys, defaults) and the same status lines. We play seeded
random games, and at many points swap hidden cards between hands and with the resource deck,
reorder both decks, and compare every public payload of the original and the swapped state.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes import cards as C
from engine.ageofheroes.state import AohState
from engine.core import RuleViolation

from .support import act, armies, at_action, give, position


def public_payload(state: AohState) -> str:
    """Everything the table sees: the public view, the public prompts and the status lines."""
    prompts: list[dict[str, Any]] = []
    for p in RS.prompts(state):
        # What /game status prints for every prompt, and what the thread shows of a public one.
        row: dict[str, Any] = {
            "seat": p.seat,
            "secret": p.secret,
            "simultaneous": p.simultaneous,
            "waiting": p.waiting,
            "rule": p.rule,
        }
        if not p.secret:
            row.update(
                key=p.key,
                question=p.question,
                msg=p.msg.model_dump() if p.msg else None,
                options=[(o.label, o.msg.model_dump() if o.msg else None, o.action) for o in p.options],
                default=p.default,
                schema=p.answer_schema is not None,
            )
        prompts.append(row)
    return json.dumps({"view": RS.view(state, None), "prompts": prompts}, sort_keys=True, default=str)


def scramble(state: AohState, rng: random.Random) -> AohState:
    """A copy whose hidden cards are moved around while every public fact stays as it was."""
    out = state.model_copy(deep=True)
    hands = [p.hand for p in out.seats if p.hand]
    pile = out.deck.draw_pile
    for _ in range(6):
        if len(hands) >= 2 and rng.random() < 0.5:  # swap a card between two hands (sizes unchanged)
            a, b = rng.sample(hands, 2)
            i, j = rng.randrange(len(a)), rng.randrange(len(b))
            a[i], b[j] = b[j], a[i]
        elif hands and pile:  # swap a hand card with one still in the deck
            h = rng.choice(hands)
            i, j = rng.randrange(len(h)), rng.randrange(len(pile))
            h[i], pile[j] = pile[j], h[i]
    rng.shuffle(pile)
    rng.shuffle(out.battle_deck.draw_pile)
    return out


def _states(
    players: int, seed: int, every: int = 3, limit: int = 600, options: dict[str, Any] | None = None
) -> list[AohState]:
    """Positions along one seeded random game, taken every ``every`` actions."""
    rng = random.Random(seed)
    state = RS.setup({"players": players, **(options or {})}, seed)
    out = [state]
    for n in range(limit):
        if RS.result(state) is not None:
            break
        prompts = [p for p in RS.prompts(state) if p.waiting] or RS.prompts(state)
        prompt = rng.choice(prompts)
        try:
            state, _ = RS.apply(state, prompt.seat, RS.sample_action(state, prompt.seat, rng))
        except RuleViolation:
            continue
        if n % every == 0:
            out.append(state)
    return out


# Switches whose prompts differ from the defaults' (spec §6); the leaking host option
# prompts_auto_pass_without_card is left out on purpose: it is documented to leak (§3 N2).
VARIANT = {
    "draw_step_replacement_draw": "may",
    "plunder_selection": "attacker_choice_blind",
    "earthquake_scope": "single_army",
    "war_duel_pick": "attacker_first",
    "trade_window": "any_time",
}


@pytest.mark.parametrize(
    "players,seed,options", [(2, 11, {}), (3, 12, {}), (4, 13, {}), (6, 14, {}), (3, 15, VARIANT), (5, 16, VARIANT)]
)
def test_public_payloads_ignore_hidden_cards(players: int, seed: int, options: dict[str, Any]) -> None:
    # §3 N1-N2, AH-1.6: hands and deck orders are hidden, so swapping them changes nothing public.
    rng = random.Random(seed * 7)
    checked = 0
    for state in _states(players, seed, options=options):
        before = public_payload(state)
        for _ in range(2):
            assert public_payload(scramble(state, rng)) == before, state.steps[0].kind if state.steps else None
            checked += 1
    assert checked > 50


def _armyless(hand: list[str]) -> AohState:
    """Seat 0 at its Action step, its only army away (AH-10.16), holding ``hand``."""
    state = position(3)
    armies(state, 0, "a1")
    state.seats[0].armies[0].status = "away"
    state.seats[0].armies[0].away_turn = 0
    give(state, 0, *hand)
    return at_action(state, 0)


def test_war_is_offered_alike_whether_or_not_a_mighty_hero_is_held() -> None:
    # AH-10.1, AH-10.3.4: with no army at home only a Mighty Hero can go to war; the table cannot
    # see the hand, so the public Action prompt offers War to both hands and the rest is secret.
    hero, plain = _armyless(["mighty_hero"]), _armyless(["iron"])
    assert public_payload(hero) == public_payload(plain)
    action = next(p for p in RS.prompts(plain) if p.seat == 0)
    assert {"type": "action", "choice": "war"} in [o.action for o in action.options]
    for state in (hero, plain):
        state, _ = act(state, 0, type="action", choice="war")
        declare = next(p for p in RS.prompts(state) if p.seat == 0)
        assert declare.secret  # the declaration's options name the Mighty Hero: DM only
    hero, _ = act(hero, 0, type="action", choice="war")
    options = [o.action for o in next(p for p in RS.prompts(hero) if p.seat == 0).options]
    assert any(o.get("heroes") == [{"use": "army", "army": None}] for o in options)
    plain, _ = act(plain, 0, type="action", choice="war")
    declare = next(p for p in RS.prompts(plain) if p.seat == 0)
    assert [o.action["type"] for o in declare.options] == ["cancel_war"]
    assert "Mighty Hero" in declare.question  # it says why: nothing can go to war
    with pytest.raises(RuleViolation) as refused:  # AH-10.1: a declaration with no force is refused
        act(plain, 0, type="declare_war", target=1, purpose="plunder", armies=[], heroes=[{"use": "army"}])
    assert refused.value.rule == "AH-10.3.4"
    back, _ = act(plain, 0, type="cancel_war")
    assert back.steps[0].kind == "action"  # AH-7.3: nothing declared yet, so another action may be chosen


def test_war_is_not_offered_to_an_empty_handed_seat_without_armies() -> None:
    # AH-10.1: no available army and no card at all (the hand size is public): War cannot be chosen.
    state = _armyless([])
    action = next(p for p in RS.prompts(state) if p.seat == 0)
    assert "war" not in [o.action.get("choice") for o in action.options]
    with pytest.raises(RuleViolation) as refused:
        act(state, 0, type="action", choice="war")
    assert refused.value.rule == "AH-10.1"


def test_scramble_keeps_the_public_facts() -> None:
    # The property test's own check: a scrambled state has the same hand sizes and card multiset.
    state = _states(4, 5, every=10, limit=100)[-1]
    other = scramble(state, random.Random(1))
    assert [len(p.hand) for p in state.seats] == [len(p.hand) for p in other.seats]
    every = sorted(c for p in state.seats for c in p.hand) + sorted(state.deck.draw_pile)
    assert sorted(every) == sorted([c for p in other.seats for c in p.hand] + list(other.deck.draw_pile))
    assert all(C.kind(c) for c in every)
