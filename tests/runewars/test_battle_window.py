"""The start-of-battle tactics window (RW-14.3, RW-30.4, P-40) on the kernel's response window.

The battle keeps no list of seats: the Runewars flow opens ``engine.core.flow``'s window for the
attacker, then the defender (each only with own units in the battle and a start-of-battle card,
never the neutral controller); a played card keeps its seat asked, a pass ends its part, and when
the window closes the battle goes on from its rows.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.runewars.state import HeldCard, RunewarsState

from .flow_support import RS, act, act_events, add, front, make_state, prompt, start_turn, stronghold

ELF, UTHUK, THIRD = 0, 1, 2
AREAS: dict[str, dict[str, Any]] = {"5A": {"hex": (0, 0)}, "4A": {"hex": (-1, 0)}, "6C": {"hex": (1, 0)}}


def _hand(state: RunewarsState, seat: int, *cards: str) -> None:
    state.seats[seat].tactics = [HeldCard(id=c, gained=-1) for c in cards]  # not gained this season (RW-30.3)


def _attack(
    attacker_cards: tuple[str, ...] = (),
    defender_cards: tuple[str, ...] = (),
    *,
    defender_units: bool = True,
    defender_kinds: tuple[str, ...] = ("UTHUK_BERSERKER", "UTHUK_BERSERKER"),
) -> RunewarsState:
    """Elves (seat 0) Conquer into 5A, held by the Uthuk (seat 1) with units or only a stronghold."""
    s = make_state(["ELVES", "UTHUK"], AREAS)
    movers = add(s, "ELF_ARCHER", ELF, "4A", 2)
    add(s, "ELF_WARRIOR", ELF, "4A")  # stays home: 4A remains friendly for a retreat
    if defender_units:
        for kind in defender_kinds:
            add(s, kind, UTHUK, "5A")
    else:
        stronghold(s, "5A", UTHUK)
    add(s, "UTHUK_BERSERKER", UTHUK, "6C")
    _hand(s, ELF, *attacker_cards)
    _hand(s, UTHUK, *defender_cards)
    s = start_turn(s, ELF, 3)
    s = act(s, ELF, {"type": "rw_choose", "value": "no"})
    s = act(s, ELF, {"type": "rw_choose", "value": "5A"})
    return act(s, ELF, {"type": "rw_move", "units": movers})


def _window(state: RunewarsState) -> Any:
    assert front(state) == "battle_window", front(state)
    w = state.steps[0].window
    assert w is not None
    return w


def _actions(p: Any) -> list[dict[str, Any]]:
    return [o.action for o in p.options]


def test_rw14_3_attacker_then_defender_on_the_kernel_window() -> None:
    """RW-14.3 / P-40: the attacker is asked first, then the defender; nobody else may answer."""
    s = _attack(("T04",), ("T12",))
    assert s.battle is not None and s.battle.phase == "window"
    w = _window(s)
    assert w.seats == [ELF, UTHUK] and w.rule == "RW-14.3"
    p = prompt(s)
    assert (p.seat, p.rule, p.secret) == (ELF, "RW-14.3", True)
    assert _actions(p) == [{"type": "battle_pass_window"}, {"type": "rw_tactics", "card": "T04"}]
    assert [q.seat for q in RS.prompts(s)] == [ELF]
    with pytest.raises(RuleViolation):  # CORE-1: the defender's turn in the window has not come
        act(s, UTHUK, {"type": "battle_pass_window"})
    s, events = act_events(s, ELF, {"type": "battle_pass_window"})
    assert [e.kind for e in events] == ["battle_pass"]
    p = prompt(s)
    assert p.seat == UTHUK and {"type": "rw_tactics", "card": "T12"} in _actions(p)
    assert _window(s).through == [ELF]


def test_rw14_3_a_played_card_keeps_the_seat_asked() -> None:
    """RW-14.3 / RW-30.2: a seat that plays a card may play another; its part ends only with a pass."""
    s = _attack(("T04", "T05"), ("T12",))
    s, events = act_events(s, ELF, {"type": "rw_tactics", "card": "T04"})
    assert any(e.kind == "tactics_played" and e.data.get("card") == "T04" for e in events)
    assert s.battle is not None and s.battle.strength_mod["attacker"] == 2
    w = _window(s)
    assert w.responded == [ELF] and w.through == []
    p = prompt(s)
    assert p.seat == ELF and _actions(p) == [{"type": "battle_pass_window"}, {"type": "rw_tactics", "card": "T05"}]
    s = act(s, ELF, {"type": "rw_tactics", "card": "T05"})
    p = prompt(s)
    assert p.seat == ELF and _actions(p) == [{"type": "battle_pass_window"}]  # still asked, nothing left to play
    assert [c.id for c in s.seats[ELF].tactics] == []
    with pytest.raises(RuleViolation):  # RW-30.3: a card not in hand is refused, nothing changes
        act(s, ELF, {"type": "rw_tactics", "card": "T04"})
    s = act(s, ELF, {"type": "battle_pass_window"})
    assert prompt(s).seat == UTHUK


def test_rw15_4_a_card_s_own_decisions_come_before_the_window_asks_again() -> None:
    """RW-15.4: "your opponent assigns it": the defender assigns the damage, then the attacker is asked again."""
    s = _attack(("T01",), (), defender_kinds=("UTHUK_BERSERKER", "UTHUK_FLESH_RIPPER"))
    s = act(s, ELF, {"type": "rw_tactics", "card": "T01"})
    assert front(s) == "battle" and [st.kind for st in s.steps[:2]] == ["battle", "battle_window"]
    p = prompt(s)
    assert p.seat == UTHUK and p.options[0].action["type"] == "battle_pick"
    for _ in range(4):
        if front(s) != "battle":
            break
        p = prompt(s)
        s = act(s, p.seat, p.options[0].action)
    assert front(s) == "battle_window"
    p = prompt(s)
    assert p.seat == ELF and _actions(p) == [{"type": "battle_pass_window"}]


def test_rw14_3_the_last_pass_closes_the_window_and_the_battle_goes_on() -> None:
    """P-40: when every asked seat has passed the window leaves the queue; the battle draws its rows."""
    s = _attack(("T04",), ("T12",))
    s = act(s, ELF, {"type": "battle_pass_window"})
    s, events = act_events(s, UTHUK, {"type": "battle_pass_window"})
    assert events[0].kind == "battle_pass"
    assert all(st.kind != "battle_window" for st in s.steps)
    if s.battle is not None:  # RW-14.4: the rows have begun (or the battle is already over)
        assert s.battle.phase != "window"
    assert any(e.kind.startswith("battle_draw") or e.kind == "battle_over" for e in events)


def test_rw30_4_a_seat_without_own_units_or_cards_is_not_asked() -> None:
    """RW-30.4: a defender with no units of his own in the battle is skipped, cards or not; so is a
    seat without a start-of-battle card; asking nobody closes the window at once."""
    s = _attack(("T04",), ("T12",), defender_units=False)
    assert _window(s).seats == [ELF]
    s = act(s, ELF, {"type": "battle_pass_window"})
    assert all(st.kind != "battle_window" for st in s.steps)
    s = _attack((), ("T12",))
    assert _window(s).seats == [UTHUK]
    s = _attack((), ())
    assert all(st.kind != "battle_window" for st in s.steps)
    assert s.battle is None or s.battle.phase != "window"


def test_rw11_7_the_neutral_controller_is_never_asked() -> None:
    """RW-11.7 / RW-14.3: the player on the left decides for unallied neutrals but gets no window."""
    s = make_state(["HUMANS", "UTHUK", "ELVES"], {"1A": {"hex": (0, 0)}, "1B": {"hex": (1, 0)}})
    add(s, "RAZORWING", None, "1A")
    mine = add(s, "HUMAN_INFANTRY", 0, "1B", 3)
    _hand(s, 0, "T04")
    _hand(s, 1, "T12")  # the neutral controller holds a card: still not asked
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "1A"})
    s = act(s, 0, {"type": "rw_move", "units": mine})
    s = act(s, 0, {"type": "rw_choose", "value": "battle"})
    assert s.battle is not None and s.battle.neutral_controller == 1
    assert _window(s).seats == [0]
    s = act(s, 0, {"type": "battle_pass_window"})
    assert all(st.kind != "battle_window" for st in s.steps)
    assert [c.id for c in s.seats[1].tactics] == ["T12"]
