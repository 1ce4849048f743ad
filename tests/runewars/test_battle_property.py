"""Property: random legal battles always terminate and conserve units and destiny cards.

Every unit ends exactly once as standing, routed or destroyed; every survivor has exactly one
final area (the contested area or a legal retreat destination); every card drawn is discarded
(RW-14.4.5); an attacking winner keeps at most 8 units in the area (RW-10.9.3).
"""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import RuleViolation
from engine.runewars.battle import (
    advance_battle,
    apply_battle,
    battle_finished,
    battle_prompts,
    battle_view,
    end_window,
    sample_battle_action,
    start_battle,
    take_external,
    window_seats,
)
from tests.runewars.battle_support import C, TinyBoard

FACTIONS = {
    "HUMANS": ["HUMAN_ARCHER", "HUMAN_INFANTRY", "HUMAN_KNIGHT", "HUMAN_SIEGE_ENGINE"],
    "ELVES": ["ELF_ARCHER", "ELF_PEGASUS_RIDER", "ELF_SORCERESS", "ELF_WARRIOR"],
    "UNDEAD": ["UNDEAD_REANIMATE", "UNDEAD_SKELETON_ARCHER", "UNDEAD_NECROMANCER", "UNDEAD_DEATH_KNIGHT"],
    "UTHUK": ["UTHUK_BERSERKER", "UTHUK_FLESH_RIPPER", "UTHUK_WARLOCK", "UTHUK_CHAOS_LORD"],
}
NEUTRALS = ["SORCERER", "RAZORWING", "BEASTMAN", "HELLHOUND", "DRAGON", "GIANT"]


class DeckCtx(TinyBoard):
    """A shuffled 30-card destiny deck that reshuffles its discards (RW-1.8) and a random board."""

    def __init__(self, rnd: random.Random) -> None:
        names = [f"N{i}" for i in range(rnd.randint(0, 5))]
        adj = {n: rnd.choice(["none", "none", "water", "mountain"]) for n in names}
        control = {n: rnd.choice([None, 0, 1, 2]) for n in names}
        super().__init__(adj, control, {n for n in names if control[n] is None and rnd.random() < 0.5})
        self.rnd = rnd
        self.pile = list(range(1, 31))
        rnd.shuffle(self.pile)
        self.discards: list[int] = []
        self.drawn: list[int] = []
        self.returned: list[int] = []
        self.battle_data = C

    def draw(self) -> int:
        if not self.pile:
            self.pile, self.discards = self.discards, []
            self.rnd.shuffle(self.pile)
        card = self.pile.pop()
        self.drawn.append(card)
        return card

    def discard(self, cards: list[int]) -> None:
        self.discards.extend(cards)
        self.returned.extend(cards)


def make_battle(rnd: random.Random) -> Any:
    att_f, def_f = rnd.sample(sorted(FACTIONS), 2)
    uid = iter(range(1, 1000))
    attackers = [
        {"id": next(uid), "kind": rnd.choice(FACTIONS[att_f] + NEUTRALS[:2]), "owner": 0, "routed": False}
        for _ in range(rnd.randint(1, 11))
    ]
    neutral_defence = rnd.random() < 0.25
    defender = None if neutral_defence else 1
    pool = NEUTRALS if neutral_defence else FACTIONS[def_f] + NEUTRALS[:3]
    defenders = [
        {"id": next(uid), "kind": rnd.choice(pool), "owner": defender, "routed": rnd.random() < 0.15}
        for _ in range(rnd.randint(0 if not neutral_defence else 1, 8))
    ]
    stronghold = None
    if not neutral_defence and rnd.random() < 0.5:
        stronghold = SimpleNamespace(
            owner=1, damaged=rnd.random() < 0.3, development=rnd.choice([None, "defense", "resource"])
        )
    return start_battle(
        "5A",
        0,
        defender,
        attackers,
        defenders,
        stronghold=stronghold,
        conquer_bonus=rnd.random() < 0.3,
        neutral_controller=2 if neutral_defence else None,
        attacker_faction=att_f,
        defender_faction=None if neutral_defence else def_f,
        attacker_stronghold_tokens=rnd.choice([0, 1]),
        attacker_stronghold_areas=rnd.choice([(), ("9A",)]),
        data=C,
    )


def check_invariants(bs: Any) -> None:
    for x in bs.units:
        assert x.destroyed or x.damage < x.health  # RW-15.6
        if x.pre_routed:
            assert x.routed or x.destroyed
    if bs.phase != "done":
        prompts = battle_prompts(bs)
        assert len(prompts) == 1 and prompts[0].options
        for o in prompts[0].options:
            assert len(o.label) <= 80


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_random_legal_battles_terminate_and_conserve_units(seed: int) -> None:
    rnd = random.Random(seed)
    ctx = DeckCtx(rnd)
    bs = make_battle(rnd)
    uids = {x.uid for x in bs.units}
    advance_battle(bs, ctx)
    # RW-14.3: the battle waits for the flow's start-of-battle window, which never asks the
    # neutral controller; it goes on to the rows when the window closes.
    assert bs.phase == "window" and not battle_prompts(bs)
    assert bs.neutral_controller not in window_seats(bs)
    end_window(bs, ctx)
    for _ in range(2000):
        take_external(bs)
        if battle_finished(bs) is not None:
            break
        check_invariants(bs)
        (p,) = battle_prompts(bs)
        battle_view(bs, p.seat)
        action = sample_battle_action(bs, p.seat, rnd)
        try:  # CORE-1: a seat without the prompt cannot act
            apply_battle(bs.model_copy(deep=True), (p.seat + 1) % 3, action, ctx)
        except RuleViolation as exc:
            assert exc.rule and exc.message
        else:
            raise AssertionError("a seat without the prompt acted")
        apply_battle(bs, p.seat, action, ctx)
    out = battle_finished(bs)
    assert out is not None, "battle did not terminate"
    assert set(out.fate) == uids
    assert set(out.final_area) == {k for k, f in out.fate.items() if f != "destroyed"}
    legal = {"5A", *ctx.adj}
    assert set(out.final_area.values()) <= legal
    assert all(x.damage == 0 for x in bs.units if not x.destroyed)  # RW-14.7.3
    assert Counter(ctx.drawn) == Counter(ctx.returned)  # RW-14.4.5
    assert out.winner in ("attacker", "defender")
    if out.winner == "attacker":
        attackers_here = [k for k, a in out.final_area.items() if a == "5A" and bs.unit(k).side == "attacker"]
        assert len(attackers_here) <= 8
    else:
        assert not [k for k, a in out.final_area.items() if a == "5A" and bs.unit(k).side == "attacker"]
