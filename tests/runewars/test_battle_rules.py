"""Rule cases for battles: RW-13.4, RW-14, RW-15, RW-16, RW-17 (via RW-14.6/14.7), RW-19.4, RW-10.9.3.

Each test names the rule it checks. Destiny decks are fixed lists; ``filler`` repeats one card
whose relevant section is blank, so only the draws a test is about carry icons.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from engine.core import RuleViolation
from engine.runewars.battle import (
    BattleOptions,
    advance_battle,
    apply_battle,
    battle_finished,
    battle_prompts,
    end_window,
    queue_effects,
    start_battle,
    take_external,
    window_prompt,
    window_seats,
)
from engine.runewars.battle.retreat import retreat_destinations
from engine.runewars.content.effects import Shape
from tests.runewars.battle_support import C, Ctx, TinyBoard, find_card
from tests.runewars.test_battle_examples import u

HUM, ELF = 0, 1


def card(shape: Shape, *icons: tuple[str, int]) -> int:
    return find_card(shape, list(icons), set())


BLANK_TRI = card("triangle")
BLANK_RECT = card("rectangle")


class FCtx(Ctx):
    """A fixed deck, then ``filler`` forever."""

    def __init__(self, deck: list[int], filler: int = BLANK_TRI, **kw: Any) -> None:
        super().__init__(deck, **kw)
        self.filler = filler

    def draw(self) -> int:
        if not self.deck:
            self.deck.append(self.filler)
        return super().draw()


def drive(bs: Any, ctx: Ctx, choose: Callable[[Any], dict[str, Any] | None] | None = None, limit: int = 300) -> Any:
    """Answer prompts (``choose`` may return None for "first option") until the battle ends."""
    advance_battle(bs, ctx)
    for _ in range(limit):
        out = battle_finished(bs)
        if out is not None:
            return out
        prompts = battle_prompts(bs)
        assert prompts, f"battle stuck in phase {bs.phase}"
        p = prompts[0]
        action = choose(p) if choose else None
        apply_battle(bs, p.seat, action or p.options[0].action, ctx)
    raise AssertionError("battle did not finish")


def battle(
    attackers: list[dict[str, Any]], defenders: list[dict[str, Any]], defender: int | None = ELF, **kw: Any
) -> Any:
    kw.setdefault("window", False)
    kw.setdefault("attacker_faction", "HUMANS")
    if defender is not None:
        kw.setdefault("defender_faction", "ELVES")
    return start_battle("5A", HUM, defender, attackers, defenders, data=C, **kw)


def many(n: int, kind: str, owner: int | None, start: int = 100, routed: bool = False) -> list[dict[str, Any]]:
    return [u(start + i, kind, owner, routed) for i in range(n)]


HOME: dict[str, Any] = {"adj": {"4A": "none"}, "control": {"4A": HUM}}


# --------------------------------------------------------------------------- RW-13, RW-14.4


def test_rw13_4_a_type_reads_only_its_base_shape_section() -> None:
    """RW-13.4: card 9-like (triangle special, rectangle rout 1) drawn by a rectangle knight routs."""
    n = next(
        k
        for k in range(1, 31)
        if C.destiny(k).total("triangle", "special") and C.destiny(k).total("rectangle", "rout") == 1
    )
    ctx = FCtx([n, BLANK_RECT], adj={"4A": "none"}, control={"4A": HUM})
    bs = battle([u(1, "HUMAN_KNIGHT", HUM)], many(2, "ELF_WARRIOR", ELF))
    events: list[Any] = []
    events += advance_battle(bs, ctx)
    assert sum(1 for x in bs.units if x.kind == "ELF_WARRIOR" and x.routed) == 1
    assert not any(e.kind == "battle_special" for e in events)


def test_rw14_7_tie_goes_to_the_defender() -> None:
    """RW-14.7: 1 standing knight against 1 standing warrior: the defender wins the tie."""
    n = next(
        k
        for k in range(1, 31)
        if C.destiny(k).total("rectangle", "rout") == 1 and not C.destiny(k).total("rectangle", "damage")
    )
    ctx = FCtx([n, BLANK_RECT], adj={"4A": "none"}, control={"4A": HUM})
    out = drive(battle([u(1, "HUMAN_KNIGHT", HUM)], many(2, "ELF_WARRIOR", ELF)), ctx)
    assert out.strength == {"attacker": 1, "defender": 1}
    assert out.winner == "defender"
    assert out.final_area[1] == "4A" and out.fate[1] == "routed"  # RW-16.2


def test_rw14_4_1_attacker_chooses_first_and_only_eligible_types() -> None:
    """RW-14.4.1 / P-41: the attacker picks among his row-1 types; other rows are refused."""
    ctx = FCtx([], adj={"4A": "none"}, control={"4A": HUM})
    bs = start_battle(
        "5A",
        ELF,
        HUM,
        [u(1, "ELF_ARCHER", ELF), u(2, "RAZORWING", ELF)],
        [u(10, "HUMAN_ARCHER", HUM)],
        window=False,
        data=C,
    )
    advance_battle(bs, ctx)
    (p,) = battle_prompts(bs)
    assert p.seat == ELF and p.rule == "RW-14.4.1"
    assert {o.action["unit_type"] for o in p.options} == {"ELF_ARCHER", "RAZORWING"}
    with pytest.raises(RuleViolation) as err:
        apply_battle(bs, ELF, {"type": "battle_choose_type", "unit_type": "ELF_PEGASUS_RIDER"}, ctx)
    assert err.value.rule == "RW-14.4.1" and "initiative row 1" in err.value.message
    with pytest.raises(RuleViolation) as err:
        apply_battle(bs, HUM, {"type": "battle_choose_type", "unit_type": "HUMAN_ARCHER"}, ctx)
    assert "not your decision" in err.value.message
    with pytest.raises(RuleViolation) as err:
        apply_battle(bs, ELF, {"type": "battle_fly_away"}, ctx)
    assert err.value.rule == "CORE-2"
    apply_battle(bs, ELF, {"type": "battle_choose_type", "unit_type": "ELF_ARCHER"}, ctx)
    # The archers drew first; the human archers (his only row-1 type) drew without a prompt; the
    # razorwings, now the attacker's only undrawn row-1 type, drew in the next iteration.
    assert bs.drawn_types == {"attacker": ["ELF_ARCHER", "RAZORWING"], "defender": ["HUMAN_ARCHER"]}


def test_rw14_5_simultaneity_and_types_destroyed_before_drawing() -> None:
    """RW-14.5: a human archer killed by a special still deals its damage; a knight destroyed in
    row 1 never draws in row 2."""
    used: set[int] = set()
    deck = [
        find_card("triangle", [("special", 1)], used),
        find_card("triangle", [("damage", 1)], used),
        find_card("triangle", [("damage", 1)], used),
        find_card("triangle", [("damage", 1)], used),
    ]
    ctx = FCtx(deck, adj={"4A": "none"}, control={"4A": ELF})
    bs = start_battle(
        "5A",
        ELF,
        HUM,
        many(3, "ELF_ARCHER", ELF, 1),
        [u(10, "HUMAN_ARCHER", HUM), u(11, "HUMAN_KNIGHT", HUM)],
        window=False,
        data=C,
    )
    out = drive(bs, ctx, lambda p: {"type": "battle_pick", "unit": 10} if p.rule == "RW-14.4.3" else None)
    assert out.fate[10] == "destroyed" and out.fate[11] == "destroyed"
    assert sum(1 for k in (1, 2, 3) if out.fate[k] == "destroyed") == 1  # the dead archer's damage landed
    assert len(ctx.drawn) == 4  # the knight never drew
    assert out.winner == "attacker"


# --------------------------------------------------------------------------- strongholds (RW-14.6, RW-14.7.2, RW-17)


def siege(
    n: int,
    *,
    damaged: bool = False,
    conquer: bool = False,
    tokens: int = 1,
    areas: tuple[str, ...] = (),
    development: str | None = None,
    choose: Callable[[Any], Any] | None = None,
) -> Any:
    ctx = FCtx([], adj={"4A": "none"}, control={"4A": HUM})
    bs = battle(
        many(n, "HUMAN_INFANTRY", HUM),
        [],
        stronghold=SimpleNamespace(owner=ELF, damaged=damaged, development=development),
        conquer_bonus=conquer,
        attacker_stronghold_tokens=tokens,
        attacker_stronghold_areas=areas,
    )
    return drive(bs, ctx, choose)


def test_rw14_6_3_stronghold_strength_and_capture() -> None:
    """RW-14.6.3 + RW-14.8 + RW-14.7.2: 6 attackers beat an intact stronghold (5) with no units;
    it is captured (the attacker places his own, damaged)."""
    out = siege(6)
    assert out.strength == {"attacker": 6, "defender": 5}
    assert out.winner == "attacker" and out.stronghold_result == "captured"


def test_rw14_6_4_stronghold_damaged_even_when_the_defender_wins() -> None:
    """RW-14.6.4: surviving attackers flip the stronghold although the tie goes to the defender."""
    out = siege(5)
    assert out.winner == "defender"
    assert out.stronghold_damaged and out.stronghold_result == "held"


def test_rw14_6_4_damaged_stronghold_stays_damaged() -> None:
    """RW-14.6.4 / AMB-2: an already damaged stronghold (3) is not flipped again nor removed."""
    out = siege(3, damaged=True)
    assert out.strength["defender"] == 3 and out.winner == "defender"
    assert not out.stronghold_damaged and out.stronghold_result == "held"


def test_rw18_3_2_conquer_bonus_lowers_the_stronghold_by_3_to_at_least_0() -> None:
    """RW-18.3.2 / AMB-40: 5 - 3 = 2; a damaged 3 - 3 = 0."""
    assert siege(3, conquer=True).winner == "attacker"
    out = siege(1, damaged=True, conquer=True)
    assert out.strength == {"attacker": 1, "defender": 0} and out.winner == "attacker"


def test_rw14_7_2_capture_without_tokens() -> None:
    """RW-14.7.2 / P-47: with no stronghold token left the attacker may remove one of his own."""
    out = siege(
        6,
        tokens=0,
        areas=("9A",),
        choose=lambda p: {"type": "battle_capture", "remove_from": "9A"} if p.rule == "RW-14.7.2" else None,
    )
    assert out.stronghold_result == "captured" and out.stronghold_removed_from == "9A"
    out = siege(
        6,
        tokens=0,
        areas=("9A",),
        choose=lambda p: {"type": "battle_capture", "remove_from": None} if p.rule == "RW-14.7.2" else None,
    )
    assert out.stronghold_result == "destroyed"
    assert siege(6, tokens=0).stronghold_result == "destroyed"


def test_rw19_3_development_lost_with_its_stronghold() -> None:
    assert siege(6, development="resource").development_lost
    assert not siege(5, development="resource").development_lost


# --------------------------------------------------------------------------- RW-14.7.1 loser, pre-routed units


def test_rw14_7_1_units_routed_before_the_battle_are_destroyed_when_their_side_loses() -> None:
    ctx = FCtx([], adj={"4B": "none"}, control={"4B": ELF})
    out = drive(battle(many(3, "HUMAN_INFANTRY", HUM), [u(50, "ELF_ARCHER", ELF, routed=True)]), ctx)
    assert out.winner == "attacker" and out.fate[50] == "destroyed"


def test_rw14_2_units_routed_before_the_battle_stay_out_and_stay_routed_when_their_side_wins() -> None:
    ctx = FCtx([BLANK_TRI, BLANK_RECT, BLANK_RECT], **HOME)
    out = drive(
        battle(
            [u(1, "HUMAN_INFANTRY", HUM)], many(2, "ELF_WARRIOR", ELF, 60) + [u(50, "ELF_ARCHER", ELF, routed=True)]
        ),
        ctx,
    )
    assert len(ctx.drawn) == 3  # the routed archer drew nothing
    assert out.strength == {"attacker": 1, "defender": 2}
    assert out.fate[50] == "routed" and out.final_area[50] == "5A"


# --------------------------------------------------------------------------- RW-15 allocation


def test_rw15_4_routed_units_take_damage_last_damaged_routed_first() -> None:
    """RW-15.4 / AMB-19: no standing unit left: damaged routed units first, then routed."""
    ctx = FCtx([])
    bs = battle([u(1, "HUMAN_INFANTRY", HUM)], [u(10, "ELF_WARRIOR", ELF), u(11, "ELF_WARRIOR", ELF)], window=True)
    bs.unit(10).routed = bs.unit(11).routed = True
    bs.unit(10).damage = 1
    queue_effects(
        bs, "attacker", [{"kind": "damage_units", "amount": 2, "side": "enemy", "chooser": "opponent"}], "test"
    )
    advance_battle(bs, ctx)
    assert bs.unit(10).destroyed and bs.unit(11).damage == 1


def test_rw15_3_rout_with_no_standing_units_has_no_effect() -> None:
    ctx = FCtx([])
    bs = battle([u(1, "HUMAN_INFANTRY", HUM)], [u(10, "ELF_WARRIOR", ELF, routed=True)], window=True)
    queue_effects(bs, "attacker", [{"kind": "rout_units", "amount": 2, "side": "enemy", "chooser": "opponent"}], "test")
    events = advance_battle(bs, ctx)
    assert any(e.kind == "battle_no_target" for e in events)
    assert not bs.tasks


def test_rw15_6_unit_destroyed_when_damage_reaches_health() -> None:
    ctx = FCtx([])
    bs = battle([u(1, "HUMAN_INFANTRY", HUM)], [u(10, "ELF_PEGASUS_RIDER", ELF)], window=True)
    queue_effects(
        bs, "attacker", [{"kind": "damage_units", "amount": 2, "side": "enemy", "chooser": "opponent"}], "test"
    )
    advance_battle(bs, ctx)
    assert bs.unit(10).damage == 2 and not bs.unit(10).destroyed
    queue_effects(
        bs, "attacker", [{"kind": "damage_units", "amount": 1, "side": "enemy", "chooser": "opponent"}], "test"
    )
    advance_battle(bs, ctx)
    assert bs.unit(10).destroyed  # health 3


# --------------------------------------------------------------------------- RW-16 retreat


Board = TinyBoard


def test_rw16_1_1_friendly_first_then_empty_then_destroyed() -> None:
    board = Board({"F": "none", "E": "none", "X": "none"}, {"F": 0, "X": 1}, {"E"})
    assert retreat_destinations("A", 0, [False], board)[0] == ["F"]
    board = Board({"E": "none", "X": "none"}, {"X": 1}, {"E"})
    assert retreat_destinations("A", 0, [False], board)[0] == ["E"]
    board = Board({"X": "none", "N": "none"}, {"X": 1}, set())  # N holds unallied neutrals
    assert retreat_destinations("A", 0, [False], board)[0] == []


def test_rw16_1_2_unallied_neutrals_retreat_to_areas_no_player_controls() -> None:
    board = Board({"F": "none", "E": "none", "N": "none"}, {"F": 0}, {"E"})
    assert sorted(retreat_destinations("A", None, [False], board)[0]) == ["E", "N"]


def test_rw16_3_borders_and_flying_units() -> None:
    """RW-16.3 / AMB-27: a mountain blocks walkers; flyers cross; areas all members reach come first."""
    board = Board({"F": "mountain", "G": "none"}, {"F": 0, "G": 0}, set())
    areas, reach = retreat_destinations("A", 0, [True, False], board)
    assert areas == ["G"] and reach["G"] == [0, 1]
    board = Board({"F": "mountain", "E": "none"}, {"F": 0}, {"E"})
    areas, reach = retreat_destinations("A", 0, [True, False], board)
    assert areas == ["F"] and reach["F"] == [0]  # the walker cannot follow: destroyed if chosen
    assert retreat_destinations("A", 0, [False], board)[0] == ["E"]


def test_rw16_1_loser_without_legal_retreat_is_destroyed() -> None:
    n = next(
        k
        for k in range(1, 31)
        if C.destiny(k).total("rectangle", "rout") == 1 and not C.destiny(k).total("rectangle", "damage")
    )
    ctx = FCtx([n, BLANK_RECT], adj={"6B": "water"}, control={"6B": HUM})
    out = drive(battle([u(1, "HUMAN_KNIGHT", HUM)], many(2, "ELF_WARRIOR", ELF)), ctx)
    assert out.winner == "defender" and out.fate[1] == "destroyed" and 1 not in out.final_area


def test_rw11_7_and_rw16_1_2_left_player_decides_for_unallied_neutrals() -> None:
    """RW-11.7: the neutral controller (left of the current player) decides; RW-14.3: he gets no
    tactics window; RW-16.1.2: he picks the neutrals' retreat among uncontrolled areas."""
    ctx = FCtx([], adj={"N1": "none", "N2": "none", "P": "none"}, control={"P": HUM}, empty={"N1"})
    bs = start_battle(
        "5A",
        HUM,
        None,
        many(3, "HUMAN_INFANTRY", HUM),
        [u(70, "BEASTMAN", None), u(71, "RAZORWING", None)],
        neutral_controller=ELF,
        data=C,
    )
    assert window_seats(bs) == [HUM]  # the neutral controller is never asked (RW-14.3)
    end_window(bs, ctx)
    seen: list[Any] = []

    def choose(p: Any) -> Any:
        seen.append(p)
        return None

    out = drive(bs, ctx, choose)
    retreat = [p for p in seen if p.rule == "RW-16.1.2"]
    assert retreat and retreat[0].seat == ELF
    assert {o.action["area"] for o in retreat[0].options} == {"N1", "N2"}
    assert out.winner == "attacker" and out.loser_seat is None
    assert {out.final_area[70], out.final_area[71]} <= {"N1", "N2"}


def test_rw10_9_3_attacking_winner_over_8_retreats_the_excess() -> None:
    ctx = FCtx([], filler=BLANK_TRI, adj={"F": "none", "G": "none"}, control={"F": HUM, "G": HUM})
    bs = battle(many(9, "HUMAN_INFANTRY", HUM) + [u(1, "HUMAN_ARCHER", HUM)], [])
    seen: list[str] = []

    def choose(p: Any) -> Any:
        seen.append(p.rule)
        if p.rule == "RW-10.9.3" and p.options[0].action["type"] == "battle_pick":
            return {"type": "battle_pick", "unit": 1}
        if p.rule == "RW-10.9.3":
            return {"type": "battle_retreat", "area": "G"}
        return None

    out = drive(bs, ctx, choose)
    assert out.winner == "attacker"
    moved = [k for k, a in out.final_area.items() if a == "G"]
    assert len(moved) == 2 and 1 in moved and all(out.fate[k] == "routed" for k in moved)
    assert sum(1 for a in out.final_area.values() if a == "5A") == 8
    with pytest.raises(RuleViolation):
        apply_battle(bs, HUM, {"type": "battle_pass_window"}, ctx)


def test_retreat_to_an_illegal_area_is_refused_with_its_rule() -> None:
    ctx = FCtx([], adj={"F": "none", "G": "none", "X": "none"}, control={"F": HUM, "G": HUM, "X": ELF})
    bs = battle([u(1, "HUMAN_INFANTRY", HUM)], many(3, "ELF_WARRIOR", ELF))
    for _ in range(50):
        p = battle_prompts(bs)[0] if battle_prompts(bs) else None
        advance_battle(bs, ctx)
        p = battle_prompts(bs)[0]
        if p.options[0].action["type"] == "battle_retreat":
            break
        apply_battle(bs, p.seat, p.options[0].action, ctx)
    with pytest.raises(RuleViolation) as err:
        apply_battle(bs, HUM, {"type": "battle_retreat", "area": "X"}, ctx)
    assert err.value.rule == "RW-14.7.1" or err.value.rule.startswith("RW-16")
    assert "friendly" in err.value.message


# --------------------------------------------------------------------------- RW-19.4 defense developments


def defended(
    faction: str,
    attackers: list[dict[str, Any]],
    choose: Callable[[Any], Any] | None = None,
    defenders: list[dict[str, Any]] | None = None,
) -> tuple[Any, list[Any]]:
    ctx = FCtx([], adj={"4A": "none"}, control={"4A": HUM})
    bs = start_battle(
        "5A",
        HUM,
        ELF,
        attackers,
        defenders or [],
        data=C,
        window=False,
        stronghold=SimpleNamespace(owner=ELF, damaged=False, development="defense"),
        defender_faction=faction,
    )
    seen: list[Any] = []

    def wrap(p: Any) -> Any:
        seen.append(p)
        return choose(p) if choose else None

    return drive(bs, ctx, wrap), seen


def test_rw19_4_reinforced_walls_add_2_without_a_prompt() -> None:
    out, seen = defended("HUMANS", many(7, "ELF_ARCHER", HUM), defenders=[])
    assert not any(p.rule == "RW-19.4" for p in seen)
    assert out.strength == {"attacker": 7, "defender": 7} and out.winner == "defender"


def test_rw19_4_cursed_tomb_attacker_chooses_the_3_routed_models_and_it_is_discarded() -> None:
    out, seen = defended("UNDEAD", many(4, "HUMAN_INFANTRY", HUM) + [u(1, "HUMAN_ARCHER", HUM)])
    p45 = [p for p in seen if p.rule == "RW-19.4"]
    assert p45 and p45[0].seat == ELF
    routs = [p for p in seen if p.rule == "RW-15.3"]
    assert routs and all(p.seat == HUM for p in routs)
    assert out.strength["attacker"] == 2 and out.defense_discarded


def test_rw19_4_hungry_spawn_deals_4_damage_the_attacker_allocates() -> None:
    out, _seen = defended("UTHUK", many(6, "HUMAN_INFANTRY", HUM))
    assert sum(1 for f in out.fate.values() if f == "destroyed") == 4
    assert out.strength["attacker"] == 2 and out.defense_discarded


def test_rw19_4_protective_wards_force_one_standing_unit_out_and_stay() -> None:
    def choose(p: Any) -> Any:
        if p.seat == ELF and p.options and p.options[0].action["type"] == "battle_pick":
            return {"type": "battle_pick", "unit": 1}
        return None

    out, _seen = defended("ELVES", many(5, "HUMAN_INFANTRY", HUM) + [u(1, "HUMAN_KNIGHT", HUM)], choose)
    assert out.strength == {"attacker": 5, "defender": 5} and out.winner == "defender"
    assert out.fate[1] == "routed" and out.final_area[1] == "4A"
    assert not out.defense_discarded  # AMB-38


def test_rw19_4_defense_development_may_be_declined() -> None:
    out, _ = defended(
        "UTHUK",
        many(6, "HUMAN_INFANTRY", HUM),
        lambda p: {"type": "battle_defense", "use": False} if p.rule == "RW-19.4" else None,
    )
    assert out.winner == "attacker" and not out.defense_discarded


# --------------------------------------------------------------------------- specials, GM hand-over


def test_dragon_destroys_up_to_3_triangle_units_of_its_controllers_choice() -> None:
    dragon = next(
        k
        for k in range(1, 31)
        if C.destiny(k).total("hexagon", "special") and not C.destiny(k).total("hexagon", "damage")
    )
    ctx = FCtx(
        [BLANK_RECT, BLANK_TRI, BLANK_TRI, BLANK_TRI, BLANK_TRI, dragon], adj={"4A": "none"}, control={"4A": ELF}
    )
    bs = start_battle(
        "5A",
        ELF,
        HUM,
        [u(1, "DRAGON", ELF)],
        many(4, "HUMAN_INFANTRY", HUM, 10) + [u(20, "HUMAN_KNIGHT", HUM)],
        window=False,
        data=C,
    )
    picks: list[Any] = []

    def choose(p: Any) -> Any:
        if p.rule == "RW-14.4.3":
            picks.append(p)
            assert p.seat == ELF
            kinds = {bs.unit(o.action["unit"]).kind for o in p.options if o.action["type"] == "battle_pick"}
            assert kinds == {"HUMAN_INFANTRY"}  # triangles only
            assert any(o.action["type"] == "battle_stop" for o in p.options)
        return None

    out = drive(bs, ctx, choose)
    assert len(picks) == 3
    assert sum(1 for k in range(10, 14) if out.fate[k] == "destroyed") == 3


def test_special_the_effects_cannot_express_goes_to_the_gm() -> None:
    """Necromancer "Raise Dead" adds figures from the supply: handed to the game master."""
    circle = next(k for k in range(1, 31) if C.destiny(k).total("circle", "special"))
    ctx = FCtx([circle])
    bs = start_battle("5A", 2, ELF, [u(1, "UNDEAD_NECROMANCER", 2)], [], data=C, window=False)
    advance_battle(bs, ctx)
    ext = take_external(bs)
    assert [e.kind for e in ext] == ["gm"] and ext[0].seat == 2
    assert take_external(bs) == []


def test_knight_command_routs_then_asks_the_flow_for_a_tactics_card() -> None:
    rect = next(k for k in range(1, 31) if C.destiny(k).total("rectangle", "special"))
    ctx = FCtx([rect], filler=BLANK_TRI)
    bs = battle([u(1, "HUMAN_KNIGHT", HUM)], many(2, "ELF_ARCHER", ELF, 10))
    bs.units[1].initiative = bs.units[2].initiative = 3  # keep the archers out of row 1
    advance_battle(bs, ctx)
    assert sum(1 for x in bs.units if x.routed) == 1
    ext = take_external(bs)
    assert ext and ext[0].kind == "effect" and ext[0].effect is not None
    assert ext[0].effect["deck"] == "tactics" and ext[0].seat == HUM


def test_beastman_ravage_draws_one_more_card_once_per_unit() -> None:
    used: set[int] = set()
    s1, s2 = find_card("triangle", [("special", 1)], used), find_card("triangle", [("special", 1)], used)
    ctx = FCtx([s1, s2], filler=BLANK_TRI)
    bs = battle([u(1, "BEASTMAN", HUM)], many(3, "HUMAN_INFANTRY", ELF, 10), defender_faction="HUMANS")
    advance_battle(bs, ctx)
    assert ctx.drawn[:2] == [s1, s2]
    assert sum(1 for k in (10, 11, 12) if bs.unit(k).destroyed) == 2  # two Ravage specials, one extra draw
    assert bs.extra_draws == {"attacker:BEASTMAN": 1}


# --------------------------------------------------------------------------- traits, windows


def test_flying_and_swift_do_not_matter_in_battle() -> None:
    """RW-2.17 / RW-2.18: traits only affect movement; a battle plays out identically without them."""

    def run(strip: bool) -> Any:
        ctx = FCtx(list(range(1, 31)) * 2, adj={"4A": "none"}, control={"4A": HUM})
        bs = battle(
            [u(1, "HUMAN_KNIGHT", HUM), u(2, "HUMAN_KNIGHT", HUM)],
            [u(10, "ELF_PEGASUS_RIDER", ELF), u(11, "ELF_ARCHER", ELF)],
        )
        if strip:
            for x in bs.units:
                x.traits = []
        return drive(bs, ctx)

    a, b = run(False), run(True)
    assert (a.fate, a.strength, a.winner) == (b.fate, b.strength, b.winner)


def test_rw14_3_start_of_battle_window_attacker_then_defender() -> None:
    """RW-14.3 / P-40: the battle waits in its window (asked by the flow's kernel window, see
    test_battle_window.py) for the attacker, then the defender; ``end_window`` goes on to the rows."""
    ctx = FCtx([], adj={"4A": "none"}, control={"4A": HUM})
    bs = start_battle("5A", HUM, ELF, [u(1, "HUMAN_INFANTRY", HUM)], [u(10, "ELF_WARRIOR", ELF)], data=C)
    advance_battle(bs, ctx)
    assert bs.phase == "window" and not battle_prompts(bs) and not ctx.drawn
    assert window_seats(bs) == [HUM, ELF]
    p = window_prompt(bs, HUM, "k")
    assert (p.seat, p.rule, [o.action for o in p.options]) == (HUM, "RW-14.3", [{"type": "battle_pass_window"}])
    with pytest.raises(RuleViolation):  # the pass is the flow's answer, not a battle decision
        apply_battle(bs, ELF, {"type": "battle_pass_window"}, ctx)
    end_window(bs, ctx)
    assert bs.phase != "window" and ctx.drawn
    # A defender with no units of his own in the battle is not asked (RW-30.4).
    bs2 = start_battle("5A", HUM, ELF, [u(1, "HUMAN_INFANTRY", HUM)], [], data=C)
    assert window_seats(bs2) == [HUM]


def test_rw14_6_2_routed_survivors_count_only_under_the_alternative_reading() -> None:
    """AMB-1: standing units only by default; the option counts routed survivors too."""
    for routed_count, expected in ((False, 1), (True, 2)):
        ctx = FCtx([], filler=BLANK_TRI, adj={"4A": "none"}, control={"4A": HUM})
        bs = battle(many(2, "HUMAN_INFANTRY", HUM), [], options=BattleOptions(count_routed_in_strength=routed_count))
        bs.units[0].routed = True  # routed during the battle (not before)
        out = drive(bs, ctx)
        assert out.strength["attacker"] == expected


def test_rw15_8_ability_targets_follow_the_ability_and_rejections_explain_it() -> None:
    """RW-15.8: the Dragon's owner picks enemy triangles only; a knight is refused with the reason."""
    dragon = next(
        k
        for k in range(1, 31)
        if C.destiny(k).total("hexagon", "special") and not C.destiny(k).total("hexagon", "damage")
    )
    ctx = FCtx([BLANK_RECT, BLANK_TRI, dragon], adj={"4A": "none"}, control={"4A": ELF})
    bs = start_battle(
        "5A",
        ELF,
        HUM,
        [u(1, "DRAGON", ELF)],
        [u(10, "HUMAN_INFANTRY", HUM), u(20, "HUMAN_KNIGHT", HUM)],
        window=False,
        data=C,
    )
    advance_battle(bs, ctx)
    (p,) = battle_prompts(bs)
    assert p.seat == ELF and p.rule == "RW-14.4.3"
    with pytest.raises(RuleViolation) as err:
        apply_battle(bs, ELF, {"type": "battle_pick", "unit": 20}, ctx)
    assert err.value.rule == "RW-15.8" and "triangle" in err.value.message
    with pytest.raises(RuleViolation) as err:
        apply_battle(bs, HUM, {"type": "battle_pick", "unit": 10}, ctx)
    assert "not your decision" in err.value.message
    apply_battle(bs, ELF, {"type": "battle_pick", "unit": 10}, ctx)
    assert bs.unit(10).destroyed


def test_p41_attacker_draw_is_hidden_from_the_defender_until_he_has_chosen() -> None:
    """Hidden information map / P-41: the attacker's cards go to him alone until the defender picks."""
    ctx = FCtx([], filler=BLANK_TRI)
    bs = start_battle(
        "5A",
        ELF,
        2,
        [u(1, "ELF_ARCHER", ELF)],
        [u(10, "UNDEAD_SKELETON_ARCHER", 2), u(11, "SORCERER", 2)],
        window=False,
        data=C,
    )
    events = advance_battle(bs, ctx)
    private = [e for e in events if e.kind == "battle_draw_private"]
    assert private and private[0].audience == [ELF] and private[0].reveals
    public = [e for e in events if e.public]
    assert not any("cards" in e.data for e in public)
    assert not any(e.kind == "battle_reveal" for e in events)
    (p,) = battle_prompts(bs)
    assert p.seat == 2 and p.rule == "RW-14.4.2"
    events = apply_battle(bs, 2, {"type": "battle_choose_type", "unit_type": "SORCERER"}, ctx)
    reveal = [e for e in events if e.kind == "battle_reveal"]
    assert reveal and reveal[0].public and reveal[0].reveals
    assert reveal[0].data["cards"]["attacker"] == ctx.drawn[:1]


def test_single_target_damage_goes_to_one_unit_the_receiver_picks() -> None:
    """Footmen "Valiant Strike" (damage 2, single target): the receiver picks the unit (RW-15.4)."""
    tri_special = card("triangle", ("special", 1))
    ctx = FCtx([tri_special], filler=BLANK_RECT, adj={"4A": "none"}, control={"4A": HUM})
    bs = battle([u(1, "HUMAN_INFANTRY", HUM)], [u(10, "ELF_WARRIOR", ELF), u(11, "ELF_PEGASUS_RIDER", ELF)])
    bs.unit(11).initiative = 4  # keep the pegasus rider out of rows 1-3
    advance_battle(bs, ctx)
    (p,) = battle_prompts(bs)
    assert p.seat == ELF and {o.action["unit"] for o in p.options} == {10, 11}
    apply_battle(bs, ELF, {"type": "battle_pick", "unit": 10}, ctx)
    assert bs.unit(10).destroyed and bs.unit(11).damage == 0


def test_distinct_damage_hits_different_units() -> None:
    """Hellhounds "Burning": 1 damage to each of 2 different standing units, picked by their owner."""
    ctx = FCtx([])
    bs = battle(
        [u(1, "HELLHOUND", HUM)],
        [u(10, "ELF_PEGASUS_RIDER", ELF), u(11, "ELF_PEGASUS_RIDER", ELF)],
        window=True,
    )
    queue_effects(bs, "attacker", [C.unit("HELLHOUND").special.effects[0]], "Burning")
    advance_battle(bs, ctx)
    assert sorted(x.damage for x in bs.units if x.side == "defender") == [1, 1]
