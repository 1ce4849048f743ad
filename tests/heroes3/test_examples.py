"""The rulebook's worked examples E-3, E-4, E-9 and the combat parts of E-11 (heroes3.md section E)."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.flow import _experience
from engine.heroes3.combat.models import Combat, PendingAttack, Structure
from engine.heroes3.neutrals.difficulty import draw_plan
from engine.heroes3.skirmish.ruleset import SKIRMISH

from .helpers import dice, hand, side, unit


def test_e3_magic_arrow_on_a_pack() -> None:
    # E-3 / H3-15.3 / H3-27.1: Power 2 Magic Arrow deals 3, defence ignored, Pack flips with 1 excess.
    c = Combat(
        kind="player",
        sides=[side(0, cards=["power", "magic_arrow", "magic_arrow"], expert_uses=1), side(1)],
        units=[unit("d1", "skeletons", "pack", 1, (0, 3)), unit("a1", "zombies", "few", 0, (0, 1))],
    )
    bob = c.sides[0]
    card_rules.play(c, bob, Play(type="play", card=hand(c, 0, "power"), mode="expert"), dice())
    assert bob.pending_power == 2 and bob.expert_uses == 0
    options = [o.action for o in card_rules.playable(c, bob, activating=True)]
    arrow = hand(c, 0, "magic_arrow")
    assert {"type": "play", "card": arrow, "mode": "cast", "target": "d1"} in options
    events = card_rules.play(c, bob, Play(type="play", card=arrow, mode="cast", target="d1"), dice())
    skeletons = c.unit("d1")
    assert [e.kind for e in events] == ["h3_spell", "h3_damage", "h3_flipped"]
    assert skeletons.side == "few" and skeletons.damage == 1 and skeletons.alive
    assert bob.spells_cast == 1 and bob.pending_power == 0
    # A second spell this combat round is refused (H3-35.2).
    second = hand(c, 0, "magic_arrow")
    assert not any(o.action.get("mode") == "cast" for o in card_rules.playable(c, bob, activating=True))
    with pytest.raises(RuleViolation) as err:
        raise card_rules.refuse(c, bob, Play(type="play", card=second, mode="cast", target="d1"), activating=True)
    assert err.value.rule == "H3-35.2"


def _e4() -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=["attack"]), side(1, cards=["defense"])],
        units=[unit("a1", "zombies", "few", 0, (1, 2)), unit("d1", "griffins", "pack", 1, (1, 3))],
    )


def test_e4_zombies_attack_griffins() -> None:
    # E-4 / H3-34.5 / H3-34.8 / H3-33.7 / H3-35.5: +1 attack and +1 defence, die +1: 3 + 1 - 1 = 3 damage.
    c = _e4()
    card_rules.play(c, c.sides[0], Play(type="play", card=hand(c, 0, "attack"), mode="basic", target="a1"), dice())
    card_rules.play(c, c.sides[1], Play(type="play", card=hand(c, 1, "defense"), mode="basic", target="d1"), dice())
    attack = PendingAttack(attacker="a1", target="d1")
    r.roll_attack(c, attack, dice(1))
    assert r.attack_value(c, attack) == 2 + 1 + 1 and r.defense_value(c, attack) == 0 + 1
    assert r.attack_damage(c, attack) == 3
    r.deal_damage(c, c.unit("d1"), 3)
    griffins = c.unit("d1")
    assert griffins.damage == 3 and griffins.side == "pack" and griffins.alive  # 3 < 4
    # The griffins retaliate; their ability means no black cube is placed.
    assert r.can_retaliate(c, attack)
    assert griffins.has("retaliate_unlimited")


def test_e4_retaliation_drops_the_earlier_boosts() -> None:
    # E-4 / H3-35.5: the retaliation is a new attack: Zombies attack 2 again... here Griffins 3 vs Zombies 1.
    from engine.heroes3.skirmish.ruleset import FLOW

    from .helpers import combat_state

    c = _e4()
    state = combat_state(c)
    c.unit("a1").attack_bonus = 1
    c.unit("d1").defense_bonus = 1
    c.attack = PendingAttack(attacker="a1", target="d1", die=1, dice=[1])
    from engine.heroes3.combat.flow import hit

    hit(FLOW, state, FLOW.new(state, "h3c_hit"))
    assert c.unit("d1").damage == 3
    assert c.unit("a1").attack_bonus == 0 and c.unit("d1").defense_bonus == 0
    assert not c.unit("d1").retaliated  # unlimited retaliation: no black cube
    assert c.attack is not None and c.attack.retaliation and c.attack.attacker == "d1"


def test_e4_variant_black_cube_blocks_second_retaliation() -> None:
    # E-4 variant / H3-33.7: a unit without the ability gets a black cube; no second retaliation.
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[unit("a1", "zombies", "few", 0, (1, 2)), unit("d1", "crusaders", "pack", 1, (1, 3))],
    )
    attack = PendingAttack(attacker="a1", target="d1")
    assert r.can_retaliate(c, attack)
    c.unit("d1").retaliated = True
    assert not r.can_retaliate(c, attack)


def _siege(gate_destroyed: bool) -> Combat:
    c = Combat(
        kind="siege",
        sides=[side(0), side(1)],
        units=[unit("a1", "evil_eyes", "few", 0, (1, 0)), unit("d1", "halberdiers", "few", 1, (1, 3))],
        structures=[Structure(col=i, kind="gate" if i == 1 else "wall") for i in range(4)],
    )
    c.structures[1].destroyed = gate_destroyed
    return c


def test_e9_siege_protection() -> None:
    # E-9 / H3-39.7: Halberdiers behind the gate take 1 less from the Evil Eyes' shot.
    c = _siege(False)
    attack = PendingAttack(attacker="a1", target="d1", ranged=True, die=0, dice=[0])
    assert r.siege_protected(c, attack)
    assert r.attack_damage(c, attack) == 3 - 1 - 1  # attack 3 + 0 - defence 1, then -1


def test_e9_no_protection_when_the_column_is_open() -> None:
    # E-9 (given instead): the gate in that column is destroyed: no reduction.
    c = _siege(True)
    attack = PendingAttack(attacker="a1", target="d1", ranged=True, die=0, dice=[0])
    assert not r.siege_protected(c, attack)
    assert r.attack_damage(c, attack) == 2


def test_e11_xp_from_neutral_fields() -> None:
    # E-11 / H3-38.1 / H3-38.2: level III beats difficulty III -> 1 XP, IV -> 2 XP; an azure unit -> level VII.
    for field, expected in ((3, 1), (4, 2), (2, 0)):
        c = Combat(kind="neutral", sides=[side(0, level=3), side(1, owner=None, seat=None)], field_level=field)
        c.units = [unit("n1", "n_boars", "neutral", 1, None)]
        assert _experience(c, "victory", 0) == (expected, None)
    c = Combat(kind="neutral", sides=[side(0, level=3), side(1, owner=None, seat=None)], field_level=7)
    c.units = [unit("n1", "n_hydras", "neutral", 1, None)]
    assert _experience(c, "victory", 0) == (0, 7)


def test_e11_quick_combat_and_neutral_draw() -> None:
    # E-11 / H3-31.1: level IV at a difficulty-III field: no combat, no draw; at IV: combat.
    from engine.heroes3.skirmish.ruleset import SKIRMISH

    quick = SKIRMISH.setup({"mode": "neutral", "level": 4, "field_level": 3}, 5)
    assert quick.combat is not None and quick.combat.result is not None
    assert quick.combat.result.outcome == "quick" and quick.combat.result.xp == 0
    assert all(not d.discard_pile for d in quick.neutral_decks.values())
    assert not quick.combat.units
    fight = SKIRMISH.setup({"mode": "neutral", "level": 4, "field_level": 4}, 5)
    assert fight.combat is not None and fight.combat.result is None
    # E-11: Normal, level V -> 1 bronze + 2 silver + 1 gold.
    assert draw_plan(5, "normal") == ["bronze", "silver", "silver", "gold"]


def test_e_11_hand_limit_and_expert_uses_by_level() -> None:
    # E-11 ⟨R⟩: hand limit I 4, II 4, III 5, IV 5, V 6, VI 6, VII 7; expert uses I 0, II 1,
    # III 1, IV 2, V 2, VI 3, VII 3 — the skirmish deals and counts them for the hero's level.
    hands = {1: 4, 2: 4, 3: 5, 4: 5, 5: 6, 6: 6, 7: 7}
    uses = {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 3}
    for level in range(1, 8):
        state = SKIRMISH.setup({"level": level, "factions": ["castle", "tower"]}, level)
        assert state.combat is not None
        for s in state.combat.sides:
            assert s.deck is not None
            assert len(s.deck.hand) == min(hands[level], len(s.deck.names)) and s.expert_uses == uses[level]
