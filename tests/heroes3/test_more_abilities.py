"""The unit abilities automated after the first pass (H3-27.3 timings, S.4 vocabulary): neutral
Mummies, Haspids, Sorceresses, Enchanters, Ghost Dragons, Faerie Dragons, Dwarves, Ogres and
Cyclops, the Champions' Pack re-roll and the Halberdiers' Pack discard, each against its
printed ability."""

from __future__ import annotations

from typing import Any, Literal

from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import IgnoreDie, Play, UseAbility
from engine.heroes3.combat.models import TOWER, Combat, CombatSide, PendingAttack, Unit
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from .helpers import combat_state, dice, hand, side, unit


def _neutral(*units: Any, cards: list[str] | None = None) -> Combat:
    return Combat(kind="neutral", sides=[side(0, cards=cards), CombatSide(team=1)], units=list(units))


def _state(c: Combat, *faces: int) -> SkirmishState:
    state = combat_state(c)
    state.rng = dice(*faces)
    return state


def _hit(state: SkirmishState, attacker: str, target: str, die: int) -> list[Any]:
    assert state.combat is not None
    state.combat.attack = PendingAttack(attacker=attacker, target=target, die=die, dice=[die])
    return cf.hit(FLOW, state, FLOW.new(state, "h3c_hit"))


def test_h3_27_3_mummies_ignore_their_die_and_fix_the_attackers_die_at_minus_one() -> None:
    # H3-27.3 / H3-33.6: neutral Mummies (attack: own die counts 0; passive: attackers roll -1).
    c = _neutral(unit("a1", "titans", "few", 0, (0, 2)), unit("n1", "n_mummies", "neutral", 1, (0, 3)))
    state = _state(c, 1, 1)
    mine = PendingAttack(attacker="n1", target="a1")
    r.roll_attack(c, mine, state.rng)
    assert mine.dice == [1] and mine.die == 0
    theirs = PendingAttack(attacker="a1", target="n1")
    r.roll_attack(c, theirs, state.rng)
    assert theirs.dice == [1] and theirs.die == -1
    # A retaliation is not an attack during its activation: the Mummies' own die counts.
    back = PendingAttack(attacker="n1", target="a1", retaliation=True)
    state.rng = dice(1)
    r.roll_attack(c, back, state.rng)
    assert back.die == 1


def test_h3_27_3_haspids_mark_the_target_which_takes_1_damage_when_it_activates() -> None:
    # H3-27.3 (attack) neutral Haspids: a cube on the target; removed for 1 damage at its activation.
    c = _neutral(unit("a1", "titans", "few", 0, (0, 2)), unit("n1", "n_haspids", "neutral", 1, (0, 3)))
    state = _state(c, 0)
    _hit(state, "n1", "a1", 0)  # 5 - 3 = 2 damage, the Titans survive
    titans = c.unit("a1")
    assert titans.marks == 1 and titans.damage == 2
    cf._begin(FLOW, state, "a1")
    assert titans.marks == 0 and titans.damage == 3


def test_h3_27_3_sorceresses_weaken_the_target_for_two_combat_rounds() -> None:
    # H3-27.3 (attack) neutral Sorceresses: -1 attack token for 2 combat rounds.
    c = _neutral(unit("a1", "titans", "few", 0, (0, 0)), unit("n1", "n_sorceresses", "neutral", 1, (0, 4)))
    c.round = 1
    state = _state(c, 0)
    _hit(state, "n1", "a1", 0)
    titans = c.unit("a1")
    assert titans.attack_tokens == [(-1, 2)]
    attack = PendingAttack(attacker="a1", target="n1", die=0)
    assert r.attack_value(c, attack) == 6 - 1
    cf.new_round(FLOW, state, FLOW.new(state, "h3c_round"))  # round 2: still weakened
    assert r.attack_value(c, attack) == 5
    cf.new_round(FLOW, state, FLOW.new(state, "h3c_round"))  # round 3: gone
    assert titans.attack_tokens == [] and r.attack_value(c, attack) == 6


def test_h3_27_3_enchanters_heal_a_friend_or_else_gain_attack() -> None:
    # H3-27.3 (activation) neutral Enchanters: remove up to 2 damage from a friendly unit, else +1 attack.
    c = _neutral(
        unit("a1", "titans", "few", 0, (0, 0)),
        unit("n1", "n_enchanters", "neutral", 1, (0, 4)),
        unit("n2", "n_mummies", "neutral", 1, (1, 4), damage=3),
    )
    state = _state(c)
    cf.activation_abilities(state, c.unit("n1"))
    assert c.unit("n2").damage == 1 and c.unit("n1").attack_bonus == 0
    c.unit("n2").damage = 0
    cf.activation_abilities(state, c.unit("n1"))
    assert c.unit("n1").attack_bonus == 1


def test_h3_27_3_ghost_dragons_push_the_target_away_on_a_zero() -> None:
    # H3-27.3 (attack) neutral Ghost Dragons: after the attack roll a die; "0" pushes the target 1 space.
    c = _neutral(unit("a1", "titans", "few", 0, (1, 2)), unit("n1", "n_ghost_dragons", "neutral", 1, (1, 3)))
    state = _state(c, 0)  # the push die
    events = _hit(state, "n1", "a1", 0)
    assert c.unit("a1").pos == (1, 1) and "h3_pushed" in [e.kind for e in events]
    c.unit("a1").pos = (1, 2)
    state = _state(c, 1)
    _hit(state, "n1", "a1", 0)
    assert c.unit("a1").pos == (1, 2)


def test_h3_27_3_faerie_dragons_cast_2_damage_on_activation() -> None:
    # H3-27.3 (activation) neutral Faerie Dragons: a spell dealing 2 damage; the engine-run side picks the weakest.
    c = _neutral(
        unit("a1", "titans", "few", 0, (0, 0)),
        unit("a2", "champions", "few", 0, (1, 0), damage=4),
        unit("n1", "n_faerie_dragons", "neutral", 1, (0, 4)),
    )
    state = _state(c)
    events = cf._begin(FLOW, state, "n1")
    assert c.unit("a2").damage == 6 and c.unit("a1").damage == 0
    assert "h3_strikes" in [e.kind for e in events]


def test_h3_27_3_faerie_dragons_controller_chooses_the_target() -> None:
    # H3-32.4: a player controlling the neutrals chooses; the choice is a spell (spell=1).
    c = Combat(
        kind="neutral",
        sides=[side(0), CombatSide(team=1, controller=1)],
        units=[
            unit("a1", "titans", "few", 0, (0, 0)),
            unit("a2", "champions", "few", 0, (1, 0)),
            unit("n1", "n_faerie_dragons", "neutral", 1, (0, 4)),
        ],
    )
    state = _state(c)
    cf._begin(FLOW, state, "n1")
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_strike" and step.data["spell"] == 1
    assert sorted(step.data["targets"]) == ["a1", "a2"]


def test_h3_27_3_dwarves_ignore_a_spell_on_a_plus_one() -> None:
    # H3-27.3 (passive) neutral Dwarves: a spell or specialty aimed at them alone is ignored on +1.
    c = _neutral(
        unit("a1", "titans", "few", 0, (0, 0)),
        unit("n1", "n_dwarves", "neutral", 1, (0, 4)),
        cards=["magic_arrow", "magic_arrow"],
    )
    play = Play(type="play", card=hand(c, 0, "magic_arrow"), mode="cast", target="n1")
    events = card_rules.play(c, c.sides[0], play, dice(1))
    assert c.unit("n1").damage == 0 and "h3_spell_ignored" in [e.kind for e in events]
    c.sides[0].spells_cast = 0
    play = Play(type="play", card=hand(c, 0, "magic_arrow"), mode="cast", target="n1")
    card_rules.play(c, c.sides[0], play, dice(0))
    assert c.unit("n1").damage == 1


def test_h3_27_3_champions_pack_may_reroll_after_moving() -> None:
    # H3-27.3 (attack) Champions (Pack): having moved to a new space, they may re-roll the attack die.
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[unit("a1", "champions", "pack", 0, (0, 2)), unit("d1", "titans", "few", 1, (0, 3))],
    )
    state = _state(c, -1, 1)
    c.active, c.moved_from = "a1", (0, 0)
    c.attack = PendingAttack(attacker="a1", target="d1")
    cf.roll(FLOW, state, FLOW.new(state, "h3c_roll"))
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_reroll" and step.data["ability"] is True
    cf.reroll_apply(FLOW, state, step, 0, type("A", (), {"reroll": True})())
    assert c.attack is not None and c.attack.die == 1 and c.sides[0].morale == 0
    # Not moved: no question.
    state.steps.clear()
    c.moved_from = (0, 2)
    c.attack = PendingAttack(attacker="a1", target="d1")
    cf.roll(FLOW, state, FLOW.new(state, "h3c_roll"))
    assert all(s.kind != "h3c_reroll" for s in state.steps)


def test_h3_27_3_halberdiers_pack_discard_a_card_to_zero_the_die() -> None:
    # H3-27.3 (passive) Halberdiers (Pack): when attacked, a discarded card makes the attack die count 0.
    c = Combat(
        kind="player",
        sides=[side(0), side(1, cards=["attack"])],
        units=[unit("a1", "titans", "few", 0, (0, 2)), unit("d1", "halberdiers", "pack", 1, (0, 3))],
    )
    state = _state(c, 1)
    c.attack = PendingAttack(attacker="a1", target="d1")
    cf.roll(FLOW, state, FLOW.new(state, "h3c_roll"))
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_ignore_die" and step.seat == 1
    prompt = cf.ignore_prompt(state, step)[0]
    assert {"type": "ignore_die", "discard": "s1c00"} in [o.action for o in prompt.options]
    events = cf.ignore_apply(FLOW, state, step, 1, IgnoreDie(type="ignore_die", discard="s1c00"))
    assert c.attack is not None and c.attack.die == 0 and "h3_die_ignored" in [e.kind for e in events]
    assert c.sides[1].deck is not None and c.sides[1].deck.discard == ["s1c00"]


def test_h3_27_3_halberdiers_not_asked_with_an_empty_hand() -> None:
    c = Combat(
        kind="player",
        sides=[side(0), side(1, cards=[])],
        units=[unit("a1", "titans", "few", 0, (0, 2)), unit("d1", "halberdiers", "pack", 1, (0, 3))],
    )
    state = _state(c, 1)
    c.attack = PendingAttack(attacker="a1", target="d1")
    cf.roll(FLOW, state, FLOW.new(state, "h3c_roll"))
    assert all(s.kind != "h3c_ignore_die" for s in state.steps)


def _ogres_cyclops(kind: Literal["player", "siege"] = "player") -> tuple[Combat, SkirmishState]:
    c = Combat(
        kind=kind,
        sides=[side(0), side(1)],
        units=[
            unit("a1", "n_ogres", "neutral", 0, (0, 0)),
            unit("a2", "n_cyclops", "neutral", 0, (3, 0)),
            unit("a3", "marksmen", "few", 0, (1, 0)),
            unit("d1", "zombies", "few", 1, (0, 4)),
        ],
    )
    return c, combat_state(c)


def test_h3_27_3_ogres_other_ability_gives_attack_for_two_rounds() -> None:
    # H3-27.3 ("other": instead of acting) neutral Ogres: +2 attack to a ground or flying unit for 2 rounds.
    c, state = _ogres_cyclops()
    cf._begin(FLOW, state, "a1")
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_act"
    actions = [o.action for o in cf.act_options(state, step)]
    assert {"type": "ability", "unit": "a1", "target": "a1"} in actions
    assert {"type": "ability", "unit": "a1", "target": "a3"} not in actions  # Marksmen are ranged
    cf.act_apply(FLOW, state, step, 0, UseAbility(type="ability", unit="a1", target="a1"))
    assert c.unit("a1").attack_tokens == [(2, c.round + 1)]
    attack = PendingAttack(attacker="a1", target="d1", die=0)
    assert r.attack_value(c, attack) == c.unit("a1").stats().attack + 2


def test_h3_27_3_cyclops_destroy_a_wall_or_the_arrow_tower_instead_of_acting() -> None:
    # H3-27.3 ("other") neutral Cyclops: destroy a wall, the gate or the arrow tower (H3-39.8: card effects may).
    c, state = _ogres_cyclops("siege")
    c.units.append(Unit(uid=TOWER, card="arrow_tower", side="neutral", team=1, placed=True))
    cf.build_walls(c, 1)
    cf._begin(FLOW, state, "a2")
    step = FLOW.current(state)
    assert step is not None
    actions = [o.action for o in cf.act_options(state, step)]
    assert {"type": "ability", "unit": "a2", "target": "gate-1"} in actions
    cf.act_apply(FLOW, state, step, 0, UseAbility(type="ability", unit="a2", target=TOWER))
    assert not c.unit(TOWER).alive and c.unit("a2").activated


def test_h3_27_3_ayssids_attack_another_adjacent_unit_after_a_kill() -> None:
    # H3-27.3 (attack) neutral Ayssids: a defeated target lets them attack another adjacent unit.
    c = _neutral(
        unit("n1", "n_ayssids", "neutral", 1, (1, 2)),
        unit("a1", "skeletons", "few", 0, (1, 1)),
        unit("a2", "zombies", "few", 0, (0, 2)),
    )
    state = _state(c)
    _hit(state, "n1", "a1", 1)  # 3 + 1 - 1 = 3 damage: the Skeletons (HP 2) are defeated
    assert not c.unit("a1").alive
    assert c.attack is not None and c.attack.target == "a2" and c.attack.repeat
    # A second kill does not chain (attack timing: the first attack only).
    c.attack = None
    state.steps.clear()
    c.unit("a2").damage = 2
    pending = PendingAttack(attacker="n1", target="a2", die=1, dice=[1], repeat=True)
    c.attack = pending
    cf.hit(FLOW, state, FLOW.new(state, "h3c_hit"))
    assert not c.unit("a2").alive and c.attack is None


def test_h3_27_3_ayssids_controller_may_decline_the_extra_attack() -> None:
    c = Combat(
        kind="neutral",
        sides=[side(0), CombatSide(team=1, controller=1)],
        units=[
            unit("n1", "n_ayssids", "neutral", 1, (1, 2)),
            unit("a1", "skeletons", "few", 0, (1, 1)),
            unit("a2", "zombies", "few", 0, (0, 2)),
            unit("a3", "zombies", "few", 0, (2, 2)),
        ],
    )
    state = _state(c)
    _hit(state, "n1", "a1", 1)
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_kill_again" and sorted(step.data["targets"]) == ["a2", "a3"]
    prompt = FLOW.prompts(state)[0]
    assert {"type": "strike", "target": ""} in [o.action for o in prompt.options]


def _genies(side_name: str, pile: list[str]) -> tuple[Combat, SkirmishState]:
    c = Combat(
        kind="player",
        sides=[side(0, cards=pile), side(1)],
        units=[unit("a1", "genies", side_name, 0, (0, 2)), unit("d1", "titans", "few", 1, (0, 3))],
    )
    deck = c.sides[0].deck
    assert deck is not None
    deck.draw.draw_pile, deck.hand = list(deck.hand), []
    return c, combat_state(c)


def test_h3_27_3_genies_few_search_the_deck_for_a_spell_instead_of_acting() -> None:
    # H3-27.3 ("other") Genies (Few): the top 3 cards are discarded; a spell among them goes to hand.
    c, state = _genies("few", ["attack", "lightning_bolt", "defense", "cure"])
    cf._begin(FLOW, state, "a1")
    step = FLOW.current(state)
    assert step is not None
    cf.act_apply(FLOW, state, step, 0, UseAbility(type="ability", unit="a1", target="deck"))
    deck = c.sides[0].deck
    assert deck is not None
    assert deck.hand == ["s0c01"] and sorted(deck.discard) == ["s0c00", "s0c02"] and deck.draw.draw_pile == ["s0c03"]


def test_h3_27_3_genies_pack_choose_how_many_and_which_spell() -> None:
    # H3-27.3 (attack) Genies (Pack): after attacking, discard up to 3 cards and keep one spell.
    _c, state = _genies("pack", ["magic_arrow", "lightning_bolt", "defense"])
    _hit(state, "a1", "d1", 0)
    step = FLOW.current(state)
    while step is not None and step.kind != "h3c_search_count":
        state.steps.pop(0)  # the Titans' retaliation is not what this test is about
        step = FLOW.current(state)
    assert step is not None and step.seat == 0
    FLOW.advance(state)
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": "2"})
    pick = FLOW.current(state)
    assert pick is not None and pick.kind == "h3c_pick_spell" and pick.data["cards"] == ["s0c00", "s0c01"]
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": "s0c01"})
    deck = state.combat.sides[0].deck  # type: ignore[union-attr]  # the combat is running
    assert deck is not None and deck.hand == ["s0c01"] and deck.discard == ["s0c00"]


def test_h3_27_3_familiars_make_the_enemy_caster_discard_a_card() -> None:
    # H3-27.3 (passive) neutral Familiars: an enemy casting a spell from hand discards a card of its choice.
    c = _neutral(
        unit("a1", "titans", "few", 0, (0, 1)),
        unit("n1", "n_familiars", "neutral", 1, (0, 4)),
        cards=["magic_arrow", "attack", "defense"],
    )
    state = _state(c)
    cf._begin(FLOW, state, "a1")
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_act"
    play = Play(type="play", card="s0c00", mode="cast", target="n1")
    cf.act_apply(FLOW, state, step, 0, play)
    forced = FLOW.current(state)
    assert forced is not None and forced.kind == "h3c_forced_discard" and forced.seat == 0
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": "s0c02"})
    deck = c.sides[0].deck if state.combat is None else state.combat.sides[0].deck
    assert deck is not None and deck.hand == ["s0c01"] and sorted(deck.discard) == ["s0c00", "s0c02"]
