"""H3-48.8, the optional rules table, combat-side rows as Clash table options: each is off by
default (H3-48), a clash combat carries the agreed rows (``Combat.variants``) and a skirmish
combat none. Every test plays the same position with the row on and off, so the row is shown to
change the game and the game without it to stay as it was."""

from __future__ import annotations

from engine.core import Event
from engine.heroes3.adventure import effects, encounters
from engine.heroes3.adventure.geometry import neighbours, step_ok
from engine.heroes3.clash.flow import FLOW as CLASH_FLOW
from engine.heroes3.clash.state import COMBAT_VARIANTS, VARIANTS, ClashOptions, ClashState
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.models import Combat, PendingAttack
from engine.heroes3.content.clash import Step as Effect
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from ..clash.helpers import mutate, new_game, to_main
from ..helpers import combat_state, dice, side, unit


def _attack(attacker: str, variants: list[str], *faces: int, morale: int = 0) -> SkirmishState:
    """``attacker`` (Pack) attacks Zealots (Few: defence 1, HP 5, no abilities); both card windows
    passed, the dice loaded."""
    c = Combat(
        kind="player",
        sides=[side(0, morale=morale), side(1)],
        units=[unit("a1", attacker, "pack", 0, (0, 2)), unit("d1", "zealots", "few", 1, (0, 3))],
        variants=variants,
    )
    state = combat_state(c)
    cf.declare(FLOW, state, "a1", "d1", then="none")
    state.steps = [s for s in state.steps if s.kind not in ("h3c_cards", "h3c_cont")]
    state.rng = dice(*faces)
    FLOW.advance(state)
    return state


# ---- the options ------------------------------------------------------------------------------------------
def test_h3_48_8_combat_rows_are_options_off_by_default() -> None:
    # H3-48: each row is off by default and agreed at setup; the combat rows are among the table's rows
    fields = ClashOptions.model_fields
    assert COMBAT_VARIANTS <= set(VARIANTS)
    assert all(fields[v].annotation is bool and fields[v].default is False for v in COMBAT_VARIANTS)
    assert Combat(kind="player", sides=[side(0), side(1)]).variants == []  # a skirmish combat: none


def _neutral_fight(**options: bool) -> ClashState:
    """Seat 0's main hero steps onto a level II guarded field next to it."""
    state = mutate(to_main(new_game(**options), 0))
    p = state.player(0)
    assert p.main is not None
    origin = p.main.field
    target = next(n for n in neighbours(origin) if step_ok(state, origin, n))
    encounters.neutral_combat(state, 0, "main", origin, target, 2)
    return state


def test_h3_48_8_a_clash_combat_carries_the_agreed_combat_rows_only() -> None:
    # H3-48.8: the combat sees the rows the table agreed to (map rows stay on the map); none when off
    on = _neutral_fight(no_rerolls=True, min_damage=True, double_income=True)
    assert on.combat is not None and on.combat.variants == ["no_rerolls", "min_damage"]
    assert on.combat.variant("no_rerolls") and not on.combat.variant("double_income")
    off = _neutral_fight()
    assert off.combat is not None and off.combat.variants == []


# ---- Harder: you cannot re-roll your dice ---------------------------------------------------------------
def test_h3_48_8_no_rerolls_takes_away_the_morale_reroll_h3_11_2_3() -> None:
    # H3-11.2.3 / H3-35.6: a positive morale token may re-roll your attack die; not with the row on
    off = _attack("skeletons", [], -1, morale=1)
    step = FLOW.current(off)
    assert step is not None and step.kind == "h3c_reroll"
    assert [p.rule for p in SKIRMISH.prompts(off)] == ["H3-11.2.3"]
    on = _attack("skeletons", ["no_rerolls"], -1, morale=1)
    c = on.combat
    assert c is not None and c.attack is None and FLOW.current(on) is None  # the hit resolved at once
    assert c.sides[0].morale == 1  # the token is kept: it bought nothing
    assert c.unit("d1").damage == 1  # Skeletons (Pack) attack 3 - 1 - Zealots' defence 1


def test_h3_48_8_no_rerolls_stops_an_ability_reroll_reroll_faces() -> None:
    # H3-27.3 Crusaders (Pack) "may re-roll a 0 on its attack die": with the row on the 0 stands
    off = _attack("crusaders", [], 0, 1)
    on = _attack("crusaders", ["no_rerolls"], 0, 1)
    assert off.combat is not None and on.combat is not None
    assert off.combat.unit("d1").damage == 4  # attack 4 + the re-rolled +1 - defence 1
    assert on.combat.unit("d1").damage == 3  # attack 4 + 0 - defence 1


def test_h3_48_8_no_rerolls_stops_the_swift_weasel_on_the_map_h3_20_5() -> None:
    # A-10 Swift Weasel: once a turn re-roll a resource or treasure die (H3-20.5); not with the row on
    for variant, asked in (False, True), (True, False):
        state = mutate(to_main(new_game(no_rerolls=variant), 0))
        state.astrologer = "swift_weasel"
        state.steps = []
        p = state.player(0)
        dice_step = Effect(effect="resource_dice", params={"count": 1})
        effects._dice(state, p, "main", dice_step, CLASH_FLOW.new(state, "fx", 0))
        questions = [s.data.get("what") for s in state.steps if s.kind == "ask"]
        assert ("reroll" in questions) is asked, variant


def test_h3_48_8_no_rerolls_a_reroll_card_on_the_map_says_it_does_nothing() -> None:
    # S-H1 Luck / Cards of Prophecy ("re-roll any die"): with the row on the table is told it does nothing
    for variant, kinds in (True, ["h3_no_reroll"]), (False, ["h3_may_reroll"]):
        state = mutate(to_main(new_game(no_rerolls=variant), 0))
        effect = {"effect": "reroll", "params": {"dice": ["treasure"]}}
        events: list[Event] = effects._fx(state, CLASH_FLOW.new(state, "fx", 0, effect=effect, hero="main"))
        assert [e.kind for e in events] == kinds, variant


# ---- Easier: every unit deals at least 1 damage per attack -----------------------------------------------
def _hopeless(variants: list[str]) -> Combat:
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[unit("a1", "skeletons", "few", 0, (0, 2)), unit("d1", "zealots", "few", 1, (0, 3), card_defense=9)],
        variants=variants,
        round=1,
    )
    c.attack = PendingAttack(attacker="a1", target="d1", die=-1, dice=[-1])
    return c


def test_h3_48_8_min_damage_turns_a_zero_damage_attack_into_one_h3_34_6() -> None:
    # H3-34.6 Rec.: attack + die - defence, at least 0; the row raises the floor to 1 per attack
    off = _hopeless([])
    assert off.attack is not None and r.attack_damage(off, off.attack) == 0
    on = _hopeless(["min_damage"])
    assert on.attack is not None and r.attack_damage(on, on.attack) == 1
    state = combat_state(on)
    FLOW.push(state, FLOW.new(state, "h3c_hit"))
    events = FLOW.advance(state)
    # the usual hit places the token (the Zealots' retaliation then ends this little combat)
    assert events[0].kind == "h3_damage" and events[0].data == {"unit": "d1", "amount": 1}


# ---- Easier: extending a combat costs no MP ---------------------------------------------------------------
def _time_up(variants: list[str], mp: int) -> SkirmishState:
    """A neutral combat (one-round time limit, H3-36.1) at the end of a combat round."""
    c = Combat(
        kind="neutral",
        sides=[side(0, mp=mp), side(1, owner=None, main_hero=False)],
        units=[unit("a1", "skeletons", "few", 0, (0, 2)), unit("d1", "n_minotaurs", "neutral", 1, (3, 3))],
        time_limit=True,
        variants=variants,
    )
    state = combat_state(c)
    cf.round_end(FLOW, state, FLOW.new(state, "h3c_round_end"))
    return state


def test_h3_48_8_extend_free_fights_on_without_mp_h3_36_2() -> None:
    # H3-36.2: with no MP left the player must retreat; with the row on, fighting on needs and costs none
    off = _time_up([], 0)
    assert off.combat is not None and off.combat.result is not None and off.combat.result.outcome == "retreat"
    on = _time_up(["extend_free"], 0)
    assert on.combat is not None and on.combat.result is None
    (prompt,) = SKIRMISH.prompts(on)
    assert prompt.rule == "H3-48.8" and {"type": "time", "choice": "fight"} in [o.action for o in prompt.options]
    after, events = SKIRMISH.apply(on, 0, {"type": "time", "choice": "fight"})
    assert after.combat is not None and after.combat.result is None and after.combat.sides[0].mp == 0
    assert "h3_fight_on" in [e.kind for e in events]


def test_h3_48_8_extend_free_keeps_the_mp_a_hero_has_h3_36_2() -> None:
    # H3-36.2: fighting on spends 1 MP of the hero who started the combat; the row spends none
    for variants, left in (([], 1), (["extend_free"], 2)):
        state = _time_up(variants, 2)
        step = FLOW.current(state)
        assert step is not None and step.kind == "h3c_time"
        after, _ = SKIRMISH.apply(state, 0, {"type": "time", "choice": "fight"})
        assert after.combat is not None and after.combat.sides[0].mp == left


# ---- Variant: the attack die no longer changes damage ------------------------------------------------------
def test_h3_48_8_flat_die_adds_nothing_but_still_sets_off_abilities_h3_34_6() -> None:
    # H3-34.6: attack + die - defence; with the row the die adds 0, but Dread Knights' (Pack)
    # "+1 attack on a 0 or +1" still reads the die (H3-27.3)
    def value(variants: list[str], die: int) -> int:
        c = Combat(
            kind="player",
            sides=[side(0), side(1)],
            units=[unit("a1", "dread_knights", "pack", 0, (0, 2)), unit("d1", "zealots", "few", 1, (0, 3))],
            variants=variants,
        )
        return r.attack_value(c, PendingAttack(attacker="a1", target="d1", die=die, dice=[die]))

    assert (value([], 1), value([], -1)) == (8, 5)  # 6 + die (+1 on 0/+1)
    assert (value(["flat_die"], 1), value(["flat_die"], -1)) == (7, 6)  # 6 (+1 on 0/+1), the die itself adds 0


def test_h3_48_8_flat_die_through_a_whole_attack() -> None:
    # H3-34.6 through a whole attack, die +1: one damage less with the row on (H3-48.8)
    off = _attack("skeletons", [], 1)
    on = _attack("skeletons", ["flat_die"], 1)
    assert off.combat is not None and on.combat is not None
    assert off.combat.unit("d1").damage == 3  # Skeletons (Pack) attack 3 + 1 - Zealots' defence 1
    assert on.combat.unit("d1").damage == 2  # attack 3 - defence 1: the +1 adds nothing
