"""Worked examples EX-7, EX-8 and EX-9 (RW-14, RW-15) with a fixed destiny deck order."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.runewars.battle import (
    BattleOptions,
    advance_battle,
    apply_battle,
    battle_finished,
    battle_prompts,
    battle_view,
    end_window,
    start_battle,
    window_seats,
)
from tests.runewars.battle_support import C, Ctx, find_card

ELF, UTHUK = 0, 1


def u(uid: int, kind: str, owner: int | None, routed: bool = False) -> dict[str, Any]:
    return {"id": uid, "kind": kind, "owner": owner, "routed": routed}


def ex7_units() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    attackers = [
        u(1, "ELF_ARCHER", ELF),
        u(2, "ELF_ARCHER", ELF),
        u(3, "ELF_ARCHER", ELF),
        u(4, "ELF_PEGASUS_RIDER", ELF),
        u(5, "ELF_PEGASUS_RIDER", ELF),
    ]
    defenders = [
        u(11, "UTHUK_FLESH_RIPPER", UTHUK),
        u(12, "UTHUK_FLESH_RIPPER", UTHUK),
        u(21, "UTHUK_BERSERKER", UTHUK),
        u(22, "UTHUK_BERSERKER", UTHUK),
        u(23, "UTHUK_BERSERKER", UTHUK),
        u(31, "BEASTMAN", UTHUK),
        u(32, "BEASTMAN", UTHUK),
        u(33, "BEASTMAN", UTHUK),
    ]
    return attackers, defenders


def ex_deck() -> list[int]:
    used: set[int] = set()
    archer = C.unit("ELF_ARCHER").shape
    ripper = C.unit("UTHUK_FLESH_RIPPER").shape
    pegasus = C.unit("ELF_PEGASUS_RIDER").shape
    berserker = C.unit("UTHUK_BERSERKER").shape
    beastman = C.unit("BEASTMAN").shape
    return [
        # EX-7 round 1: 3 archer cards (1 special, 1 damage, 1 blank), 2 flesh-ripper cards (1 rout, 1 damage)
        find_card(archer, [("special", 1)], used),
        find_card(archer, [("damage", 1)], used),
        find_card(archer, [], used),
        find_card(ripper, [("rout", 1)], used),
        find_card(ripper, [("damage", 1)], used),
        # EX-8 round 2, first pass: pegasus riders 3 damage in total; berserkers 1 damage
        find_card(pegasus, [("damage", 2)], used),
        find_card(pegasus, [("damage", 1)], used),
        find_card(berserker, [("damage", 1)], used),
        find_card(berserker, [], used),
        # second pass: beastmen 1 rout and 1 damage
        find_card(beastman, [("rout", 1)], used),
        find_card(beastman, [("damage", 1)], used),
    ]


def act(bs: Any, ctx: Ctx, seat: int, action: dict[str, Any]) -> None:
    apply_battle(bs, seat, action, ctx)


def only_prompt(bs: Any) -> Any:
    prompts = battle_prompts(bs)
    assert len(prompts) == 1, prompts
    return prompts[0]


def pick(bs: Any, ctx: Ctx, seat: int, uid: int) -> None:
    act(bs, ctx, seat, {"type": "battle_pick", "unit": uid})


def start_ex7(ctx: Ctx) -> Any:
    attackers, defenders = ex7_units()
    bs = start_battle(
        "5A",
        ELF,
        UTHUK,
        attackers,
        defenders,
        conquer_bonus=True,
        attacker_faction="ELVES",
        defender_faction="UTHUK",
        data=C,
    )
    advance_battle(bs, ctx)
    return bs


def play_ex7(bs: Any, ctx: Ctx) -> None:
    # Step 3: the attacker, then the defender, pass on start-of-battle tactics (RW-14.3, P-40). The
    # flow asks them on the kernel's response window (tests/runewars/test_battle_window.py); the battle
    # waits in its window until that closes.
    assert bs.phase == "window" and not battle_prompts(bs)
    assert window_seats(bs) == [ELF, UTHUK]
    end_window(bs, ctx)
    # Round 1: archers and flesh rippers are alone in row 1, so they draw without a choice.
    assert ctx.drawn == ctx.drawn[:5] and len(ctx.drawn) == 5
    # Specials: the Elf player picks the target of Crack Shot (RW-15.8): a berserker.
    p = only_prompt(bs)
    assert p.seat == ELF and p.rule == "RW-14.4.3"
    pick(bs, ctx, ELF, 21)
    assert bs.unit(21).destroyed
    # Routs: the Elf player routs an undamaged standing unit: an archer.
    p = only_prompt(bs)
    assert p.seat == ELF and p.rule == "RW-15.3"
    assert {o.action["unit"] for o in p.options} == {1, 4}  # one archer, one pegasus rider (interchangeable copies)
    pick(bs, ctx, ELF, 3)
    # Damage, the attacker's first: the Uthuk player places it freely, on a flesh ripper.
    p = only_prompt(bs)
    assert p.seat == UTHUK and p.rule == "RW-15.4"
    health = C.unit("UTHUK_FLESH_RIPPER").health
    pick(bs, ctx, UTHUK, 11)
    assert health == 1, "EX-7 needs 1 damage to destroy a flesh ripper (AMB-62)"
    # Then the Uthuk damage: the Elf player places it on a pegasus rider.
    p = only_prompt(bs)
    assert p.seat == ELF
    pick(bs, ctx, ELF, 4)


def test_ex7_battle_round_1() -> None:
    """EX-7: after round 1, Elf 2 standing archers, 1 routed archer, 2 pegasus riders (one damaged);
    Uthuk 1 flesh ripper, 2 berserkers, 3 beastmen."""
    ctx = Ctx(ex_deck())
    bs = start_ex7(ctx)
    play_ex7(bs, ctx)
    standing = lambda kind: sum(1 for x in bs.units if x.kind == kind and x.standing)  # noqa: E731
    routed = lambda kind: sum(1 for x in bs.units if x.kind == kind and x.in_battle and x.routed)  # noqa: E731
    assert standing("ELF_ARCHER") == 2 and routed("ELF_ARCHER") == 1
    assert standing("ELF_PEGASUS_RIDER") == 2
    assert sorted(x.damage for x in bs.units if x.kind == "ELF_PEGASUS_RIDER") == [0, 1]
    assert standing("UTHUK_FLESH_RIPPER") == 1
    assert standing("UTHUK_BERSERKER") == 2
    assert standing("BEASTMAN") == 3
    assert ctx.discarded == ctx.drawn[:5]  # RW-14.4.5: round 1 cards are discarded (row 2 has begun)
    assert bs.row == 2


def test_ex8_round_2_and_resolution() -> None:
    """EX-8: Elf strength 2 (not 4: routed units do not count, AMB-1), Uthuk 3; Uthuk wins; the
    Elf units retreat routed to one adjacent friendly area; damage is healed."""
    ctx = Ctx(ex_deck(), adj={"4A": "none", "4B": "none", "6C": "none"}, control={"4A": ELF, "6C": UTHUK}, empty={"4B"})
    bs = start_ex7(ctx)
    play_ex7(bs, ctx)
    # Round 2, first pass: the pegasus riders are the Elf's only row-2 type and draw at once.
    assert len(ctx.drawn) == 7
    p = only_prompt(bs)
    assert p.seat == UTHUK and p.rule == "RW-14.4.2"
    assert {o.action["unit_type"] for o in p.options} == {"UTHUK_BERSERKER", "BEASTMAN"}
    # The Elf draw is withheld from the Uthuk player until he has chosen (P-41).
    assert battle_view(bs, UTHUK)["draws"]["attacker"]["cards"] is None
    assert battle_view(bs, None)["draws"]["attacker"]["cards"] is None
    assert battle_view(bs, ELF)["draws"]["attacker"]["cards"] == ctx.drawn[5:7]
    act(bs, ctx, UTHUK, {"type": "battle_choose_type", "unit_type": "UTHUK_BERSERKER"})
    # No specials, no routs; the Elf cards total 3 damage: both berserkers and one beastman.
    for uid in (22, 23, 31):
        p = only_prompt(bs)
        assert p.seat == UTHUK and p.rule == "RW-15.4"
        pick(bs, ctx, UTHUK, uid)
    assert all(bs.unit(uid).destroyed for uid in (21, 22, 23, 31))
    # The Uthuk damage must go on the damaged pegasus rider: the only legal choice, so applied.
    assert bs.unit(4).damage == 2
    # Second pass: the Elf has no undrawn row-2 type; the beastmen draw.
    assert len(ctx.drawn) == 11
    p = only_prompt(bs)
    assert p.seat == ELF and p.rule == "RW-15.3"
    # The damaged pegasus rider may not be routed while undamaged standing units remain.
    with pytest.raises(RuleViolation) as err:
        pick(bs, ctx, ELF, 4)
    assert err.value.rule == "RW-15.3" and "undamaged" in err.value.message
    pick(bs, ctx, ELF, 5)
    # Damage 1 must go to the damaged pegasus rider: 3 of 3, destroyed.
    assert bs.unit(4).destroyed
    out = battle_finished(bs)
    assert out is not None
    assert out.strength == {"attacker": 2, "defender": 3}
    assert out.winner == "defender" and out.winner_seat == UTHUK
    # Resolution: the Elf retreats 2 archers, the routed archer and the routed pegasus rider to 4A.
    for uid in (1, 2, 3, 5):
        assert out.fate[uid] == "routed" and out.final_area[uid] == "4A"
    assert out.fate[4] == "destroyed"
    for uid in (12, 32, 33):
        assert out.fate[uid] == "standing" and out.final_area[uid] == "5A"
    assert all(x.damage == 0 for x in bs.units if not x.destroyed)  # RW-14.7.3
    assert out.stronghold_result == "none"
    assert sorted(ctx.discarded) == sorted(ctx.drawn)


def test_ex8_retreat_goes_to_empty_area_when_no_friendly_one() -> None:
    """EX-8 / RW-16.1.1: with no adjacent friendly area the loser retreats into an empty one."""
    ctx = Ctx(ex_deck(), adj={"4B": "none", "6C": "none"}, control={"6C": UTHUK}, empty={"4B"})
    bs = start_ex7(ctx)
    play_ex7(bs, ctx)
    act(bs, ctx, UTHUK, {"type": "battle_choose_type", "unit_type": "UTHUK_BERSERKER"})
    for uid in (22, 23, 31):
        pick(bs, ctx, UTHUK, uid)
    pick(bs, ctx, ELF, 5)
    out = battle_finished(bs)
    assert out is not None and out.final_area[1] == "4B"


def test_ex9_damage_allocation_priority() -> None:
    """EX-9 (RW-15.4): 2 damage to a side with one damaged warrior: the first token must go to
    the warrior (destroyed), the second to any standing unit."""
    used: set[int] = set()
    # Humans attack with a knight (rectangle, health 2, initiative 2): card with 2 damage.
    knight_shape = C.unit("HUMAN_KNIGHT").shape
    deck = [find_card(knight_shape, [("damage", 2)], used)]
    ctx = Ctx(deck)
    attackers = [u(1, "HUMAN_KNIGHT", 0)]
    defenders = [u(10, "ELF_WARRIOR", 1), u(11, "ELF_ARCHER", 1), u(12, "ELF_ARCHER", 1), u(13, "ELF_PEGASUS_RIDER", 1)]
    bs = start_battle(
        "2B", 0, 1, attackers, defenders, window=False, data=C, options=BattleOptions(auto_single_choice=False)
    )
    bs.unit(10).damage = 1  # the warrior arrives at this sub-step already damaged
    # Only the knight's row-2 draw matters here: keep the elves out of rows 1-2.
    for uid in (11, 12, 13):
        bs.unit(uid).initiative = 5
    bs.row = 2
    advance_battle(bs, ctx)
    act(bs, ctx, 0, {"type": "battle_choose_type", "unit_type": "HUMAN_KNIGHT"})
    p = only_prompt(bs)
    assert p.seat == 1 and p.rule == "RW-15.4"
    assert [o.action["unit"] for o in p.options] == [10]  # the damaged warrior only
    with pytest.raises(RuleViolation) as err:
        pick(bs, ctx, 1, 11)
    assert err.value.rule == "RW-15.4" and "already damaged" in err.value.message
    pick(bs, ctx, 1, 10)
    assert bs.unit(10).destroyed
    p = only_prompt(bs)
    assert {o.action["unit"] for o in p.options} == {11, 13}  # any standing unit (archers are interchangeable)
    pick(bs, ctx, 1, 13)
    assert bs.unit(13).damage == 1
