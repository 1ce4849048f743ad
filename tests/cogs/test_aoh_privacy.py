"""The /ah autocompletes and the offer builder are drawn from the asking seat's own view.

Seat A (seat 1) must never be shown anything that depends on seat B's secrets: B's hand
(AH-4.5: contents are for the two parties only; AH-4.7 hands are private) or B's face-down
battle cards (AH-10.9). Checked two ways: none of ``RS.secrets(state)[B]`` appears in what A
is shown, and changing B's secrets (same hand size, public facts kept) changes nothing A sees.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from cogs import ageofheroes as AH
from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes import cards as C
from engine.ageofheroes.flow import push
from engine.ageofheroes.state import AohState
from tests.ageofheroes.support import act, armies, at_action, give, position, war

from .stubs import StubClient, StubInteraction

A, B = 0, 1
USERS = (1001, 1002, 1003)
B_ONLY = ("mighty_hero", "olympic_games", "marble")  # kinds seat A does not hold


def market_state() -> AohState:
    """Market Day trading; B holds cards A has none of."""
    state = position(3)
    give(state, A, "iron", "iron", "wood")
    give(state, B, *B_ONLY, "grain")
    give(state, 2, "luck")
    push(state, "start_turns")
    push(state, "trade")
    state.market = True
    return state


def battle_state() -> AohState:
    """Any-time trading (AH-4.11 table option) while B's battle cards lie face down (AH-10.9)."""
    state = position(3, trade_window="any_time")
    give(state, A, "iron", "wood")
    give(state, B, *B_ONLY)
    armies(state, B, "a1", "a2")
    at_action(state, B)
    state = war(state, B, 2, "conquest", ["a1", "a2"])
    state, _ = act(state, 2, type="respond", play="none", heroes=[])
    assert state.battle is not None and state.steps[0].kind == "assign"
    return state


def swap_secrets(state: AohState) -> AohState:
    """The same game as far as A may know: B's hand and unflipped battle cards replaced."""
    other = RS.copy_state(state)
    p = other.p(B)
    n = len(p.hand)
    other.deck.draw_pile.extend(p.hand)
    p.hand = []
    give(other, B, *(["stone", "gold", "grain", "wood", "iron"] * 2)[:n])
    b = other.battle
    if b is not None:
        side = "att" if b.attacker == B else "dfn"
        drawn = b.att_drawn if side == "att" else b.def_drawn
        pile = other.battle_deck.draw_pile
        fresh = [c for c in pile if C.battle_value(c) not in {C.battle_value(d) for d in drawn}][: len(drawn)]
        for c in fresh:
            pile.remove(c)
        pile.extend(drawn)
        drawn[:] = fresh
    assert RS.secrets(other)[B] != RS.secrets(state)[B]
    return other


def builder_payload(state: AohState) -> str:
    """Everything A's builder shows, for a fresh draft and for a counter to an offer from B."""
    view = RS.view(state, A)
    alphabet = AH.ALPHABET
    out = []
    for draft in (AH.Draft(7, A), AH.Draft(7, A, B, ["iron"], ["marble"])):
        out.append(AH.builder_content(view, draft, "Age of Heroes #7"))
        out.append(json.dumps(AH.builder_view(view, draft, alphabet).to_components(), sort_keys=True))
    return "\n".join(out)


def give_labels(state: AohState) -> list[str]:
    view = AH.builder_view(RS.view(state, A), AH.Draft(7, A), AH.ALPHABET)
    gv = next(c for row in view.to_components() for c in row["components"] if c["custom_id"].startswith("ahb:gv:"))
    return [o["label"] for o in gv["options"]]


class FakeReferee:
    """Just what the autocompletes touch: which game, and loading it."""

    def __init__(self, state: AohState) -> None:
        game = SimpleNamespace(id=7, ruleset="ageofheroes")
        seats = [SimpleNamespace(seat=s, user_id=u) for s, u in enumerate(USERS)]
        self.loaded = SimpleNamespace(game=game, seats=seats, state=state, prompts=RS.prompts(state))
        self.store = SimpleNamespace(load=self._load)

    async def _load(self, game_id: int) -> Any:
        return self.loaded

    async def resolve_game(self, interaction: Any, game_id: int | None) -> Any:
        return self.loaded.game

    async def locale(self, interaction: Any) -> str:
        return "en"


async def autocomplete_payload(state: AohState) -> str:
    client = StubClient()
    client.referee = FakeReferee(state)
    out = []
    for current in ("", "i", "m", "iron, "):
        ask = StubInteraction(client, USERS[A], namespace={"game": 7})
        for complete in (AH.seat_autocomplete, AH.give_autocomplete, AH.goods_autocomplete):
            out += [f"{c.name}={c.value}" for c in await complete(ask, current)]
    return "\n".join(out)


@pytest.mark.parametrize("make", [market_state, battle_state], ids=["market", "battle"])
async def test_seat_a_is_shown_none_of_seat_b_secrets(make: Any) -> None:
    state = make()
    secrets = RS.secrets(state)[B]
    assert secrets and any(c.startswith("bc") for c in secrets) == (state.battle is not None)
    shown = builder_payload(state) + "\n" + await autocomplete_payload(state)
    assert not [s for s in secrets if s in shown]
    # A's "You give…" menu and its give completions are A's own hand only (AH-4.7).
    assert sorted(give_labels(state)) == sorted(
        AH._copy_label(k, n) for k, n in AH.copies([C.kind(c) for c in state.p(A).hand])
    )
    gives = [c.name for c in await AH.give_autocomplete(StubInteraction(_client(state), USERS[A]), "")]
    assert not {C.name(k) for k in B_ONLY} & set(gives)


@pytest.mark.parametrize("make", [market_state, battle_state], ids=["market", "battle"])
async def test_changing_seat_b_secrets_changes_nothing_seat_a_sees(make: Any) -> None:
    state = make()
    other = swap_secrets(state)
    assert builder_payload(other) == builder_payload(state)
    assert await autocomplete_payload(other) == await autocomplete_payload(state)


async def test_a_counter_prefill_comes_from_the_recipients_own_view() -> None:
    """P-06: the pre-filled counter gives only what the recipient holds, and asks what was offered."""
    state = market_state()
    state, _ = RS.apply(
        state, A, {"type": "trade_offer", "to": B, "give": ["iron", "iron"], "get": ["marble", "stone"]}
    )
    view = RS.view(state, B)
    offer = AH.incoming_offer(view, 1)
    assert offer is not None and AH.incoming_offer(RS.view(state, 2), 1) is None  # a third seat has no such offer
    draft = AH.counter_draft(view, 7, offer)
    assert (draft.to, draft.give, draft.get, draft.counter) == (
        A,
        ["marble"],
        ["iron", "iron"],
        1,
    )  # no Stone in B's hand


def _client(state: AohState) -> StubClient:
    client = StubClient()
    client.referee = FakeReferee(state)
    return client
