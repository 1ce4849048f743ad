"""Rules of the combat range H3-27..H3-40 that the first tests did not cite, each checked against
the behaviour it states, as far as one combat (the skirmish) reaches it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Deck, RuleViolation
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import TOWER, Combat, CombatSide, PendingAttack, Unit
from engine.heroes3.content import FACTIONS, TIERS, load
from engine.heroes3.neutrals import ai
from engine.heroes3.neutrals.difficulty import draw_plan, new_decks
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from .helpers import combat_state, dice, side, unit


def _run(state: SkirmishState, pred: Any, limit: int = 600) -> SkirmishState:
    for _ in range(limit):
        if pred(state) or SKIRMISH.result(state) is not None:
            return state
        prompt = SKIRMISH.prompts(state)[0]
        state, _ = SKIRMISH.apply(state, prompt.seat, prompt.options[0].action)
    raise AssertionError("condition never reached")


# ---- H3-27 unit cards ----------------------------------------------------------------------------
def test_h3_27_2_every_faction_card_has_two_full_sides() -> None:
    # H3-27.2: name, tier, type, attack, defence, HP, initiative, cost per side (D-1: a full block each).
    for u in load().units.values():
        assert u.name and u.tier in TIERS and u.type in ("ground", "flying", "ranged")
        if u.faction in FACTIONS:
            assert set(u.sides) == {"few", "pack"}
            for s in u.sides.values():
                assert s.hp > 0 and s.initiative > 0 and s.attack >= 0 and s.defense >= 0 and s.cost
        else:
            assert set(u.sides) == {"neutral"}  # H3-29.4: neutral cards are single-sided


def test_h3_27_4_values_from_the_seeds_examples() -> None:
    # H3-27.4: Skeletons (Pack) HP 2 defence 1; Griffins defence 0, HP 4, unlimited retaliation,
    # Few initiative 6; Zombies attack 2; the neutral Troglodytes of the mine example HP 3.
    c = load()
    assert (c.unit("skeletons").sides["pack"].hp, c.unit("skeletons").sides["pack"].defense) == (2, 1)
    for s in c.unit("griffins").sides.values():
        assert s.defense == 0 and s.hp == 4 and any(a.effect == "retaliate_unlimited" for a in s.abilities)
    assert c.unit("griffins").sides["few"].initiative == 6
    assert all(s.attack == 2 for s in c.unit("zombies").sides.values())
    assert c.unit("n_troglodytes").sides["neutral"].hp == 3


# ---- H3-29 neutral units -------------------------------------------------------------------------
def test_h3_29_1_four_separate_tier_decks() -> None:
    # H3-29.1: bronze, silver, gold and azure decks, each holding only its tier's neutral cards.
    decks = new_decks(dice())
    assert sorted(decks) == sorted(TIERS)
    for tier, deck in decks.items():
        assert deck.draw_pile and all(load().unit(c).tier == tier for c in deck.draw_pile)
        assert all(load().unit(c).faction == "neutral" for c in deck.draw_pile)


def test_h3_29_2_an_empty_neutral_deck_reshuffles_its_discards() -> None:
    # H3-29.2: a neutral deck that runs out shuffles its discard pile into a new deck.
    rng = dice()
    deck = new_decks(rng)["azure"]
    cards = list(deck.draw_pile)
    for _ in cards:
        card = deck.draw_one(rng)
        assert card is not None
        deck.discard(card)
    assert not deck.draw_pile
    assert deck.draw_one(rng) in cards


def test_h3_29_4_neutrals_go_to_their_tier_discard_pile_after_combat() -> None:
    # H3-29.4 / H3-37.3: a defeated neutral (and any left over) goes to its tier's discard pile.
    c = Combat(
        kind="neutral",
        sides=[side(0), CombatSide(team=1)],
        units=[
            unit("a1", "titans", "few", 0, (0, 2)),
            Unit(uid="n1", card="n_dwarves", side="neutral", team=1, pos=None, placed=True, alive=False, army_index=0),
        ],
    )
    state = combat_state(c)
    state.neutral_decks = {t: Deck[str]() for t in TIERS}
    cf.finish(FLOW, state, "victory", 0)
    assert state.neutral_decks[load().unit("n_dwarves").tier].discard_pile == ["n_dwarves"]


# ---- H3-30 starting a combat ---------------------------------------------------------------------
def test_h3_30_1_a_guarded_field_starts_a_neutral_combat_with_the_tables_draw() -> None:
    # H3-30.1 / H3-29.3: entering a guarded field at or below the hero's level draws the table's units.
    state = SKIRMISH.setup({"mode": "neutral", "level": 2, "field_level": 5, "difficulty": "normal"}, 4)
    c = state.combat
    assert c is not None and c.kind == "neutral" and c.field_level == 5
    drawn = [u for u in c.units if u.team == 1]
    assert sorted(u.tier for u in drawn) == sorted(draw_plan(5, "normal"))


def test_h3_30_3_a_host_runs_another_combat_after_the_first() -> None:
    # H3-30.3: several combats in one turn: the same host state starts a new combat once one ends.
    state = SKIRMISH.setup({"factions": ["castle", "tower"]}, 2)
    assert state.combat is not None
    cf.finish(FLOW, state, "victory", 0)
    assert state.combat.result is not None and not [s for s in state.steps if s.kind.startswith("h3c_")]
    second = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[Unit(uid="x1", card="griffins", side="few", team=0), Unit(uid="y1", card="zombies", side="few", team=1)],
    )
    cf.start_combat(FLOW, state, second)
    FLOW.advance(state)
    assert state.combat is second and SKIRMISH.prompts(state)[0].rule == "H3-32"


def test_h3_30_6_attacking_a_hero_in_its_town_is_a_siege_with_the_hero() -> None:
    # H3-30.6: the siege skirmish has walls, tower and the defending main hero's deck.
    state = SKIRMISH.setup({"mode": "siege", "factions": ["castle", "dungeon"]}, 6)
    c = state.combat
    assert c is not None and c.kind == "siege"
    assert c.sides[1].main_hero and c.sides[1].deck is not None and c.find(TOWER) is not None


# ---- H3-33 terms and tokens ---------------------------------------------------------------------
def _duel() -> tuple[Combat, SkirmishState]:
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[
            unit("a1", "griffins", "few", 0, (0, 2)),  # initiative 6
            unit("a2", "zombies", "few", 0, (3, 0)),  # initiative 3
            unit("d1", "skeletons", "pack", 1, (0, 3)),  # initiative 5
        ],
    )
    return c, combat_state(c)


def test_h3_33_2_the_next_unit_in_initiative_order_activates() -> None:
    # H3-33.2 / H3-34.2: the highest initiative among units not yet activated goes next.
    c, _ = _duel()
    assert [u.uid for u in r.next_candidates(c)] == ["a1"]
    c.unit("a1").activated = True
    assert [u.uid for u in r.next_candidates(c)] == ["d1"]


def test_h3_33_3_a_combat_round_ends_when_every_unit_has_activated() -> None:
    # H3-33.3 / H3-33.11: after every unit's activation the round ends; cubes come off in the next.
    c, state = _duel()
    for u in c.units:
        u.activated = True
    c.unit("d1").retaliated = True
    assert r.next_candidates(c) == []
    cf.new_round(FLOW, state, FLOW.new(state, "h3c_round"))
    assert c.round == 2 and not any(u.activated or u.retaliated for u in c.units)


def test_h3_33_11_tokens_damage_faction_cube_black_cube() -> None:
    # H3-33.11: damage tokens, a faction cube on activation, a black cube on retaliation.
    c, state = _duel()
    cf._begin(FLOW, state, "a1")
    assert c.unit("a1").activated
    state.rng = dice(0, 0)
    c.attack = PendingAttack(attacker="a1", target="d1", die=0, dice=[0])
    cf.hit(FLOW, state, FLOW.new(state, "h3c_hit"))
    assert c.unit("d1").damage == 1 and c.unit("d1").retaliated  # 2 - 1 = 1 damage, then it retaliates


# ---- H3-34 / H3-35 -------------------------------------------------------------------------------
def test_h3_34_10_engine_run_neutrals_activate_without_asking_anyone() -> None:
    # H3-34.10 / H3-40: with the AI option every neutral activation runs without a prompt to seat 1.
    state = SKIRMISH.setup({"mode": "neutral", "neutral_ai": True, "field_level": 3, "level": 2}, 9)
    seen_neutral = False
    for _ in range(300):
        if SKIRMISH.result(state) is not None:
            break
        c = state.combat
        assert c is not None
        seen_neutral = seen_neutral or any(u.activated for u in c.units if u.team == 1)
        prompt = SKIRMISH.prompts(state)[0]
        assert prompt.seat == 0
        state, _ = SKIRMISH.apply(state, 0, prompt.options[0].action)
    assert seen_neutral


def test_h3_35_4_instants_in_the_attack_window_but_none_between_roll_and_damage() -> None:
    # H3-35.4: instants any time (the defender may play Defense in the attack's window), but
    # activation cards only for one's own activating unit (H3-35.3); after the roll no window opens.
    c = Combat(
        kind="player",
        sides=[side(0, cards=["attack"]), side(1, cards=["defense", "magic_arrow"])],
        units=[unit("a1", "griffins", "few", 0, (0, 2)), unit("d1", "skeletons", "pack", 1, (0, 3))],
    )
    state = combat_state(c)
    cf.declare(FLOW, state, "a1", "d1", then="none")
    window = FLOW.current(state)
    assert window is not None and window.kind == "h3c_cards"
    offered = [o.action for o in cf.cards_options(state, window, 1)]
    assert any(o.get("card") == "s1c00" for o in offered)  # Defense: instant
    assert not any(o.get("mode") == "cast" for o in offered)  # Magic Arrow: activation, not theirs
    state.steps = [s for s in state.steps if s.kind != "h3c_cards"]  # both passed
    roll = FLOW.current(state)
    assert roll is not None and roll.kind == "h3c_roll"
    FLOW.done(state, roll)
    state.rng = dice(0)
    cf.roll(FLOW, state, roll)
    after = FLOW.current(state)
    assert after is not None and after.kind == "h3c_hit"  # straight to the damage, no card window


def test_h3_35_6_morale_token_spent_to_reroll_the_attack_die() -> None:
    # H3-35.6 / H3-11.2.3: a positive morale token re-rolls one's own attack die, then it is gone.
    c = Combat(
        kind="player",
        sides=[side(0, morale=1, faction="castle"), side(1)],
        units=[unit("a1", "griffins", "few", 0, (0, 2)), unit("d1", "titans", "few", 1, (0, 3))],
    )
    state = combat_state(c)
    state.rng = dice(-1, 1)
    c.attack = PendingAttack(attacker="a1", target="d1")
    cf.roll(FLOW, state, FLOW.new(state, "h3c_roll"))
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_reroll" and step.seat == 0
    cf.reroll_apply(FLOW, state, step, 0, type("A", (), {"reroll": True})())
    assert c.attack is not None and c.attack.die == 1 and c.sides[0].morale == 0


# ---- H3-38 / H3-39 / H3-40 -----------------------------------------------------------------------
def test_h3_38_4_an_azure_win_reports_level_vii_for_the_host_to_resolve_in_order() -> None:
    # H3-38.2 / H3-38.4: the combat result carries the level after (VII); the host resolves each
    # level-up in order before the hero visits the field.
    c = Combat(
        kind="neutral",
        sides=[side(0, level=2), CombatSide(team=1)],
        units=[
            unit("a1", "titans", "few", 0, (0, 2)),
            Unit(uid="n1", card="n_azure_dragons", side="neutral", team=1, placed=True, alive=False),
        ],
    )
    state = combat_state(c)
    cf.finish(FLOW, state, "victory", 0)
    assert c.result is not None and c.result.level_after == 7 and c.result.xp == 0


def test_h3_39_1_units_alone_play_no_cards() -> None:
    # H3-39.1 / H3-35.1: a town defended by units alone (no main hero) has no deck to play from.
    c = Combat(
        kind="siege",
        sides=[side(0), CombatSide(team=1, owner=1, controller=1)],
        units=[unit("a1", "griffins", "few", 0, (0, 1)), unit("d1", "zombies", "few", 1, (0, 3))],
    )
    assert card_rules.playable(c, c.sides[1], activating=True) == []
    play = Play(type="play", card="s1c00", mode="basic", target="d1")
    assert card_rules.refuse(c, c.sides[1], play, activating=True).rule == "H3-35.1"


def test_h3_39_9_walls_without_an_arrow_tower() -> None:
    # H3-39.9 (Random Town, EXP): walls and gate can stand without an arrow tower; breaking them all is fine.
    c = Combat(kind="siege", sides=[side(0), side(1)], units=[unit("a1", "griffins", "few", 0, (0, 1))])
    cf.build_walls(c, 2)
    assert [s.kind for s in c.structures] == ["wall", "wall", "gate", "wall"] and c.find(TOWER) is None
    for col in range(4):
        r.destroy_structure(c, c.unit("a1"), f"wall-{col}")
    assert all(s.destroyed for s in c.structures)


def test_h3_40_1_ai_placement_follows_h3_32_5() -> None:
    # H3-40.1 / H3-32.5: AI ranged units in the back row, others in the front row, left to right.
    c = Combat(kind="neutral", sides=[side(0), CombatSide(team=1)])
    c.units = [
        Unit(uid="n1", card="n_elves", side="neutral", team=1),
        Unit(uid="n2", card="n_dwarves", side="neutral", team=1),
    ]
    cf.ai_place(c, 1)
    assert c.unit("n1").pos == (0, 4) and c.unit("n2").pos == (0, 3)


def test_h3_40_3_ai_units_never_attack_walls() -> None:
    # H3-40.3 / H3-40.6: an AI unit next to a wall does not attack it.
    c = Combat(kind="siege", sides=[side(0, owner=None, seat=None), side(1)])
    c.units = [unit("n1", "n_dwarves", "neutral", 0, (0, 1)), unit("d1", "zombies", "few", 1, (0, 4))]
    cf.build_walls(c, 3)
    assert r.structure_targets(c, c.unit("n1")) == ["wall-0"]
    p = ai.plan(c, c.unit("n1"))
    assert p.ties == [] and p.toward == "d1"


def test_h3_40_4_ai_ranged_units_must_shoot_adjacent_and_take_the_penalty() -> None:
    # H3-40.4 / H3-28.3.1 / H3-28.3.2: an AI ranged unit next to an enemy shoots it, with two dice.
    c = Combat(kind="neutral", sides=[side(0), CombatSide(team=1)])
    c.units = [
        unit("n1", "n_elves", "neutral", 1, (0, 3)),
        unit("a1", "zombies", "few", 0, (0, 2)),
        unit("a2", "marksmen", "few", 0, (3, 0)),
    ]
    assert ai.plan(c, c.unit("n1")).ties == ["a1"]
    assert r.penalty(c, c.unit("n1"), c.unit("a1"))


def test_h3_35_1_no_card_play_is_refused_without_change() -> None:
    # H3-35.1: the neutral side plays no cards; the refusal names the rule.
    state = SKIRMISH.setup({"mode": "neutral", "field_level": 3}, 2)
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 1, {"type": "play", "card": "s1c00", "mode": "basic", "target": None})
