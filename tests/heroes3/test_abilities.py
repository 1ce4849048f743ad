"""Unit abilities as data (H3-27.3 timings, S.4 effect vocabulary): one test per automated effect,
each against the printed ability it implements, plus the per-language names of every entry."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.core.text import Ref
from engine.heroes3 import names
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat, PendingAttack
from engine.heroes3.content import EFFECTS, load
from engine.heroes3.content.names import table
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from .helpers import combat_state, dice, hand, side, unit


def _hit(state: SkirmishState, attacker: str, target: str, die: int, **kw: Any) -> list[Any]:
    """Resolve one attack whose die already shows ``die`` (H3-34.6)."""
    assert state.combat is not None
    state.combat.attack = PendingAttack(attacker=attacker, target=target, die=die, dice=[die], **kw)
    return cf.hit(FLOW, state, FLOW.new(state, "h3c_hit"))


def _state(c: Combat, *faces: int) -> SkirmishState:
    state = combat_state(c)
    state.rng = dice(*faces)
    return state


def test_h3_27_3_every_printed_ability_names_a_known_effect_with_a_timing() -> None:
    # H3-27.3 / S.4: abilities are data: a timing tag and an effect of the vocabulary.
    for u in load().units.values():
        for s in u.sides.values():
            for a in s.abilities:
                assert a.effect in EFFECTS and a.timing in (
                    "activation",
                    "attack",
                    "other",
                    "passive",
                    "retaliation",
                    "map",
                )


def test_h3_27_3_liches_strike_a_unit_next_to_the_target_with_attack_2() -> None:
    # H3-27.3 (attack timing), Liches Pack: one unit next to the target is attacked with attack 2.
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[
            unit("a1", "liches", "pack", 0, (0, 0)),
            unit("d1", "zombies", "few", 1, (1, 4)),
            unit("d2", "skeletons", "few", 1, (2, 4)),
        ],
    )
    state = _state(c, 1)  # the strike's die shows +1: 2 + 1 - 1 (Skeletons' defence) = 2
    events = _hit(state, "a1", "d1", 0, ranged=True)
    assert c.unit("d1").damage == 4 - 1  # the shot itself: 4 + 0 - 1
    assert "h3_strikes" in [e.kind for e in events]
    assert not c.unit("d2").alive  # Skeletons (Few, HP 2) take 2


def test_h3_27_3_liches_controller_chooses_among_several_neighbours() -> None:
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[
            unit("a1", "liches", "pack", 0, (0, 0)),
            unit("d1", "zombies", "few", 1, (1, 4)),
            unit("d2", "skeletons", "few", 1, (2, 4)),
            unit("d3", "skeletons", "few", 1, (0, 4)),
        ],
    )
    state = _state(c, 0)
    _hit(state, "a1", "d1", 0, ranged=True)
    st = state.steps[0]
    assert st.kind == "h3c_strike" and set(st.data["targets"]) == {"d2", "d3"}
    prompt = FLOW.prompts(state)[0]
    assert prompt.rule == "H3-27.3" and len(prompt.options) == 2


def test_h3_27_3_neutral_breath_hits_the_space_behind() -> None:
    # Neutral Black Dragons: the breath hits the unit straight behind the target with attack 2.
    c = Combat(
        kind="neutral",
        sides=[side(0), side(1, owner=None, seat=None)],
        units=[
            unit("n1", "n_black_dragons", "neutral", 1, (1, 3)),
            unit("a1", "griffins", "pack", 0, (1, 2)),
            unit("a2", "halberdiers", "few", 0, (1, 1)),
        ],
    )
    state = _state(c, 0)
    _hit(state, "n1", "a1", 0)
    assert c.unit("a2").damage == 2 + 0 - 1


def test_h3_27_3_harpies_may_fly_back_after_attacking() -> None:
    # Harpies: after the attack (and the retaliation) they may return to their starting space.
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[unit("a1", "harpies", "pack", 0, (1, 2)), unit("d1", "zombies", "few", 1, (1, 3))],
    )
    state = combat_state(c)
    c.active = "a1"
    c.moved_from = (1, 0)
    cf.cont(FLOW, state, FLOW.new(state, "h3c_cont", unit="a1", then="end"))
    st = state.steps[0]
    assert st.kind == "h3c_act" and st.data["phase"] == "return"
    actions = [o.action for o in cf.act_options(state, st)]
    assert {"type": "move", "unit": "a1", "cell": [1, 0]} in actions
    state, _ = FLOW_apply(state, 0, {"type": "move", "unit": "a1", "cell": [1, 0]})
    assert c.unit("a1").pos == (1, 0)


def FLOW_apply(state: SkirmishState, seat: int, action: dict[str, Any]) -> tuple[SkirmishState, list[Any]]:
    from engine.heroes3.combat.actions import Move

    st = state.steps[0]
    events = cf.act_apply(FLOW, state, st, seat, Move.model_validate(action))
    return state, events


def test_h3_27_3_archangels_cancel_an_attack_that_would_defeat_a_friend() -> None:
    # Archangels (Pack), passive, once per combat: an engine-run side always uses it.
    c = Combat(
        kind="player",
        sides=[side(0), side(1, owner=None)],
        units=[
            unit("a1", "minotaurs", "pack", 0, (1, 2)),
            unit("d1", "skeletons", "few", 1, (1, 3)),
            unit("d2", "archangels", "pack", 1, (3, 4)),
        ],
    )
    c.sides[1].controller = None  # the engine runs this side
    state = _state(c)
    events = _hit(state, "a1", "d1", 1)
    assert [e.kind for e in events] == ["h3_cancelled"]
    assert c.unit("d1").alive and c.unit("d1").damage == 0 and c.unit("d2").used == ["cancel_lethal"]
    assert not any(s.kind == "h3c_roll" for s in state.steps)  # a cancelled attack draws no retaliation
    _hit(state, "a1", "d1", 1)  # once per combat
    assert not c.unit("d1").alive


def test_h3_27_3_archangels_owner_is_asked() -> None:
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[
            unit("a1", "minotaurs", "pack", 0, (1, 2)),
            unit("d1", "skeletons", "few", 1, (1, 3)),
            unit("d2", "archangels", "pack", 1, (3, 4)),
        ],
    )
    state = _state(c)
    assert _hit(state, "a1", "d1", 1) == []
    assert [s.kind for s in state.steps[:2]] == ["h3c_cancel", "h3c_hit"]
    prompt = FLOW.prompts(state)[0]
    assert prompt.seat == 1 and prompt.rule == "H3-27.3"


def test_h3_27_3_archangels_few_draw_when_combat_begins() -> None:
    c = Combat(kind="player", sides=[side(0, cards=[]), side(1)], units=[unit("a1", "archangels", "few", 0, (0, 0))])
    deck = c.sides[0].deck
    assert deck is not None
    deck.names["x"] = "attack"
    deck.draw.draw_pile.append("x")
    state = combat_state(c)
    c.round = 0
    cf.new_round(FLOW, state, FLOW.new(state, "h3c_round"))
    assert deck.hand == ["x"]


def test_h3_27_3_minotaurs_draw_on_a_minus_one() -> None:
    c = Combat(
        kind="player",
        sides=[side(0, cards=[]), side(1)],
        units=[unit("a1", "minotaurs", "few", 0, (1, 2)), unit("d1", "zombies", "few", 1, (1, 3))],
    )
    deck = c.sides[0].deck
    assert deck is not None
    deck.names["x"] = "attack"
    deck.draw.draw_pile.append("x")
    _hit(_state(c), "a1", "d1", 0)
    assert deck.hand == []
    _hit(_state(c), "a1", "d1", -1, retaliation=False)
    assert deck.hand == ["x"]


def test_h3_27_3_activation_effects_morale_discard_and_power() -> None:
    # Ghost Dragons: the enemy discards its positive morale; Wraiths (Pack): a random card from the
    # enemy's hand; Magi (Pack): +1 Power for the first spell of the round.
    c = Combat(
        kind="player",
        sides=[side(0, cards=["magic_arrow"]), side(1, cards=["attack", "defense"], morale=1)],
        units=[
            unit("a1", "ghost_dragons", "few", 0, (0, 0)),
            unit("a2", "wraiths", "pack", 0, (1, 0)),
            unit("a3", "magi", "pack", 0, (2, 0)),
            unit("d1", "zombies", "few", 1, (1, 4)),
        ],
    )
    state = _state(c, 0)
    cf.activation_abilities(state, c.unit("a1"))
    assert c.sides[1].morale == 0
    cf.activation_abilities(state, c.unit("a2"))
    deck = c.sides[1].deck
    assert deck is not None and len(deck.hand) == 1 and len(deck.discard) == 1
    cf.activation_abilities(state, c.unit("a3"))
    assert c.sides[0].bonus_power == 1
    deck.discard += deck.hand  # an empty enemy hand: nobody is asked to answer the spell (H3-35.4)
    deck.hand = []
    arrow = hand(c, 0, "magic_arrow")
    card_rules.play(c, c.sides[0], Play(type="play", card=arrow, mode="cast", target="d1"), dice())
    assert c.unit("d1").damage == 2  # Magic Arrow with 1 Power
    assert c.sides[0].bonus_power == 0


def test_h3_27_3_spell_immunities() -> None:
    # Gargoyles ignore ongoing spells (Haste); Fangarm ignores non-damage spells; Phoenixes ignore Fire.
    c = Combat(
        kind="player",
        sides=[side(0, cards=["haste", "stone_skin", "bloodlust"], spell_limit=3), side(1)],
        units=[
            unit("a1", "gargoyles", "few", 0, (0, 0)),
            unit("a2", "n_fangarm", "neutral", 0, (1, 0)),
            unit("a3", "n_phoenixes", "neutral", 0, (2, 0)),
        ],
    )
    s = c.sides[0]
    card_rules.play(c, s, Play(type="play", card=hand(c, 0, "haste"), mode="cast", target="a1"), dice())
    card_rules.play(c, s, Play(type="play", card=hand(c, 0, "stone_skin"), mode="cast", target="a2"), dice())
    card_rules.play(c, s, Play(type="play", card=hand(c, 0, "bloodlust"), mode="cast", target="a3"), dice())
    assert c.unit("a1").initiative_bonus == 0 and c.unit("a2").defense_bonus == 0 and c.unit("a3").attack_bonus == 0


def test_h3_34_7_phoenix_survives_one_fatal_blow() -> None:
    c = Combat(kind="player", sides=[side(0), side(1)], units=[unit("d1", "n_phoenixes", "neutral", 1, (0, 4))])
    p = c.unit("d1")
    r.deal_damage(c, p, 20)
    assert p.alive and p.damage == p.stats().hp - 1
    r.deal_damage(c, p, 1)
    assert not p.alive


def test_h3_33_8_medusas_few_paralyse_on_a_retaliation_roll_of_0() -> None:
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[unit("a1", "griffins", "few", 0, (1, 2)), unit("d1", "medusas", "few", 1, (1, 3))],
    )
    _hit(_state(c, 0), "d1", "a1", -1, retaliation=True)
    assert c.unit("a1").paralysed
    c.unit("a1").paralysed = False
    _hit(_state(c, 0), "d1", "a1", -1)  # not on its own attacks
    assert not c.unit("a1").paralysed


def test_h3_34_6_attack_and_defence_modifiers_from_abilities() -> None:
    # Rust Dragons: -2 defence on a -1; Dread Knights (neutral): +1 defence against retaliation;
    # Champions (neutral): two dice added; Halberdiers (neutral) lend a defence token (H3-33.9).
    c = Combat(
        kind="neutral",
        sides=[side(0), side(1, owner=None)],
        units=[
            unit("n1", "n_rust_dragons", "neutral", 1, (1, 3)),
            unit("a1", "archangels", "few", 0, (1, 2)),
            unit("n2", "n_dread_knights", "neutral", 1, (2, 3)),
            unit("n3", "n_champions", "neutral", 1, (0, 3)),
            unit("n4", "n_halberdiers", "neutral", 1, (0, 4)),
        ],
    )
    rust = PendingAttack(attacker="n1", target="a1", die=-1)
    assert r.defense_value(c, rust) == 3 - 2
    rust.die = 0
    assert r.defense_value(c, rust) == 3
    ret = PendingAttack(attacker="a1", target="n2", retaliation=True, die=0)
    assert r.defense_value(c, ret) == 1 + 1
    champ = PendingAttack(attacker="n3", target="a1")
    r.roll_attack(c, champ, dice(1, 1))
    assert champ.die == 2 and r.attack_value(c, champ) == 4 + 2
    assert r.defended(c, c.unit("n3")) and not r.defended(c, c.unit("n1"))


def test_h3_28_4_dendroids_root_adjacent_enemies() -> None:
    c = Combat(
        kind="neutral",
        sides=[side(0), side(1, owner=None, seat=None)],
        units=[unit("a1", "griffins", "few", 0, (1, 2)), unit("n1", "n_dendroids", "neutral", 1, (1, 3))],
    )
    state = combat_state(c)
    cf._begin(FLOW, state, "a1")
    assert c.unit("a1").rooted and r.move_options(c, c.unit("a1")) == []
    acts = [o.action["type"] for o in cf.act_options(state, state.steps[0])]
    assert "move" not in acts and "attack" in acts


def test_h3_34_8_extra_attacks_gorgons_elves_wolf_raiders() -> None:
    # Gorgons: two -1 on two dice defeat the target; Elves shoot again on -1/0 at a non-adjacent
    # target; Wolf Raiders attack again after the retaliation.
    c = Combat(
        kind="neutral",
        sides=[side(0), side(1, owner=None, seat=None)],
        units=[
            unit("n1", "n_gorgons", "neutral", 1, (1, 3)),
            unit("a1", "archangels", "few", 0, (1, 2)),
            unit("n2", "n_elves", "neutral", 1, (3, 4)),
            unit("a2", "griffins", "few", 0, (3, 0)),
        ],
    )
    state = _state(c, -1, -1)
    _hit(state, "n1", "a1", 0)
    assert not c.unit("a1").alive
    state = _state(c)
    _hit(state, "n2", "a2", 0, ranged=True)
    assert state.steps and state.steps[0].kind == "h3c_roll"  # the second shot
    state = _state(c)
    _hit(state, "n2", "a2", 1, ranged=True)
    assert not state.steps
    c2 = Combat(
        kind="neutral",
        sides=[side(0), side(1, owner=None, seat=None)],
        units=[unit("n1", "n_wolf_raiders", "neutral", 1, (1, 3)), unit("a1", "archangels", "few", 0, (1, 2))],
    )
    state = _state(c2)
    _hit(state, "n1", "a1", 0)
    kinds = [s.kind for s in state.steps]
    assert kinds.index("h3c_again") > kinds.index("h3c_roll")  # after the retaliation's roll


def test_names_every_entry_in_three_languages() -> None:
    # i18n: every unit, card, hero, ability and specialty has en, zh_Hans and zh_Hant names.
    content = load()
    t = table()
    wanted = {
        "unit": set(content.units),
        "card": set(content.cards)
        | {h.ability for h in content.heroes.values()}
        | {h.specialty for h in content.heroes.values()},
        "hero": set(content.heroes),
    }
    for kind, ids in wanted.items():
        assert ids <= set(t[kind]), ids - set(t[kind])
        for i in ids:
            assert all(t[kind][i].get(loc) for loc in ("en", "zh_Hans", "zh_Hant"))
    n = names()
    assert n.name(Ref(kind="unit", id="griffins"), "zh_Hans") == "狮鹫"
    assert n.name(Ref(kind="card", id="stone_skin"), "zh_Hant") == "護體石膚"
    assert n.name(Ref(kind="unit", id="nope"), "en") is None


def test_h3_27_3_strike_choice_is_checked() -> None:
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[
            unit("a1", "liches", "pack", 0, (0, 0)),
            unit("d1", "zombies", "few", 1, (1, 4)),
            unit("d2", "skeletons", "few", 1, (2, 4)),
            unit("d3", "skeletons", "few", 1, (0, 4)),
        ],
    )
    state = _state(c, 0)
    _hit(state, "a1", "d1", 0, ranged=True)
    with pytest.raises(RuleViolation) as err:
        SKIRMISH.apply(state, 0, {"type": "strike", "target": "a1"})
    assert err.value.rule == "H3-27.3"
    state, events = SKIRMISH.apply(state, 0, {"type": "strike", "target": "d3"})
    assert [e.data.get("target") for e in events if e.kind == "h3_strikes"] == ["d3"]


def test_h3_32_5_player_breaks_ai_placement_ties() -> None:
    # H3-32.5 / P-56: two different bronze neutral cards tie on initiative and tier: the player
    # chooses which one the AI places first.
    content = load()
    bronze = [u for u in content.neutrals("bronze") if content.unit(u).sides["neutral"].type != "ranged"]
    by_init: dict[int, list[str]] = {}
    for u in bronze:
        by_init.setdefault(content.unit(u).sides["neutral"].initiative, []).append(u)
    pair = next(v[:2] for v in by_init.values() if len(v) >= 2)
    c = Combat(kind="neutral", sides=[side(0), side(1, owner=None)], units=[])
    c.sides[1].controller = None
    c.units = [unit("n1", pair[1], "neutral", 1, None), unit("n2", pair[0], "neutral", 1, None)]
    for n in c.units:
        n.placed = False
    state = combat_state(c)
    c.round = 0
    state.steps = [FLOW.new(state, "h3c_ai_place", team=1)]
    FLOW.advance(state)
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.rule == "H3-32.5"
    state, _ = SKIRMISH.apply(state, 0, {"type": "ai_target", "target": "n1"})
    assert state.combat is not None
    first = state.combat.unit("n1").pos
    assert first is not None and first == (0, 3)  # left to right from the player's view: first space
