"""Inferno unit abilities in combat (H3-27.3; S-H1 docs/units/*.md): Magogs' and Cerberi's second hit, the Efreet's
immunities, the Arch Devils' move to any empty space, and the Pit Lords' summoning of Demons (H3-52.3, A-62)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat import rules as r
from engine.heroes3.combat import spells, summon
from engine.heroes3.combat.models import ArmyCard, Combat
from engine.heroes3.content import load
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH

from ..helpers import combat_state, dice, hand, hit_with, side, unit


def _duel(*units: Any, cards: list[str] | None = None, **kw: Any) -> Combat:
    return Combat(kind="player", sides=[side(0, cards=cards, **kw), side(1)], units=list(units))


def test_h3_27_3_magogs_pack_hit_an_enemy_next_to_a_target_they_shoot_from_afar() -> None:
    c = _duel(
        unit("a1", "magogs", "pack", 0, (1, 0)),
        unit("d1", "halberdiers", "few", 1, (1, 3)),
        unit("d2", "marksmen", "few", 1, (2, 3)),
    )
    state = combat_state(c)
    hit_with(state, "a1", "d1", 0)
    assert c.unit("d2").damage == 1  # the only enemy next to the target
    near = _duel(unit("a1", "magogs", "pack", 0, (1, 2)), unit("d1", "halberdiers", "few", 1, (1, 3)))
    near.units.append(unit("d2", "marksmen", "few", 1, (2, 3)))
    state = combat_state(near)
    state.rng = dice(0)
    hit_with(state, "a1", "d1", 0)
    assert near.unit("d2").damage == 0  # an adjacent target: no second hit


def test_h3_27_3_cerberi_pack_hurt_another_enemy_next_to_them_and_take_no_retaliation() -> None:
    c = _duel(
        unit("a1", "cerberi", "pack", 0, (1, 2)),
        unit("d1", "hydras", "few", 1, (1, 3)),  # survives, and would retaliate against a plain attacker
        unit("d2", "marksmen", "few", 1, (0, 2)),  # next to the Cerberi, not to the target
    )
    state = combat_state(c)
    events = hit_with(state, "a1", "d1", 0)
    assert c.unit("d2").damage == 1
    assert c.unit("a1").damage == 0 and c.attack is None  # no retaliation was declared
    assert not [e for e in events if e.kind == "h3_attack"]  # a retaliation would be declared as an attack


def test_efreet_ignore_magic_arrow_and_the_pack_fire_spells_too() -> None:
    fireball, arrow = load().cards["fireball"], load().cards["magic_arrow"]
    few, pack = unit("a1", "efreet", "few", 0, (1, 2)), unit("a2", "efreet", "pack", 0, (2, 2))
    assert spells.spell_immune(few, arrow) and spells.spell_immune(pack, arrow)
    assert not spells.spell_immune(few, fireball, area=True)  # Few: Magic Arrow only
    assert spells.spell_immune(pack, fireball, area=True)  # Pack: the Fire school too
    assert not spells.spell_immune(pack, load().cards["chain_lightning"])  # another school hurts it
    neutral = unit("n1", "n_efreet", "neutral", 1, (3, 2))
    assert spells.spell_immune(neutral, fireball, area=True)  # the neutral card says the same


def test_arch_devils_pack_move_to_any_empty_space() -> None:
    c = _duel(unit("a1", "arch_devils", "pack", 0, (0, 0)), unit("d1", "halberdiers", "few", 1, (1, 1)))
    cells = r.move_options(c, c.unit("a1"))
    free = [x for x in c.geometry().cells() if c.at(x) is None]
    assert sorted(cells) == sorted(free) and max(free) in cells  # the far corner too
    few = _duel(unit("a1", "arch_devils", "few", 0, (0, 0)), unit("d1", "halberdiers", "few", 1, (1, 1)))
    assert len(r.move_options(few, few.unit("a1"))) < len(free)  # the Few side flies as usual


# ---- Pit Lords (Pack): H3-52.3 / A-62 -------------------------------------------------------------------------
def _pit(*extra: Any, army: list[ArmyCard] | None = None) -> Combat:
    army = (
        army if army is not None else [ArmyCard(card="pit_lords", side="pack"), ArmyCard(card="familiars", side="few")]
    )
    c = Combat(
        kind="player",
        sides=[side(0, army=army), side(1)],
        units=[
            unit("a1", "pit_lords", "pack", 0, (1, 2), army_index=0),
            unit("a2", "familiars", "few", 0, (3, 2), army_index=1),
            unit("d1", "halberdiers", "few", 1, (1, 4)),
            *extra,
        ],
    )
    return c


def _abilities(state: Any) -> list[dict[str, Any]]:
    return [o.action for o in SKIRMISH.prompts(state)[0].options if o.action["type"] == "ability"]


def test_h3_52_3_pit_lords_summon_demons_once_a_unit_of_theirs_has_left_the_board() -> None:
    c = _pit()
    state = combat_state(c)
    FLOW.push(state, FLOW.new(state, "h3c_act", 0, unit="a1", phase="move"))
    assert _abilities(state) == []  # no unit of theirs has been removed yet
    c.unit("a2").alive, c.unit("a2").pos = False, None  # the Familiars fell
    summons = _abilities(state)
    free = [x for x in c.geometry().adjacent((1, 2)) if c.at(x) is None]
    assert [a["target"].split(":")[1] for a in summons] == [f"{x[0]},{x[1]}" for x in free]  # each empty neighbour
    state, events = SKIRMISH.apply(state, 0, summons[0])
    assert state.combat is not None
    demons = next(u for u in state.combat.units if u.card == "demons")
    assert demons.side == "few" and demons.team == 0 and demons.pos in state.combat.geometry().adjacent((1, 2))
    # H3-52.1: initiative 5 against the Pit Lords' 7: it still activates this round
    assert not demons.activated
    assert state.combat.sides[0].army[-1] == ArmyCard(card="demons", side="few")  # it joins the unit deck
    assert "h3_summoned" in [e.kind for e in events] and all(e.audience is None for e in events)
    # once per combat
    FLOW.push(state, FLOW.new(state, "h3c_act", 0, unit="a1", phase="move"))
    assert summon.options(state.combat, state.combat.unit("a1")) == []
    before = state.model_dump()
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 0, summons[1])
    assert state.model_dump() == before


def test_a_62_few_demons_already_in_the_combat_are_reinforced_instead_for_free() -> None:
    army = [
        ArmyCard(card="pit_lords", side="pack"),
        ArmyCard(card="familiars", side="few"),
        ArmyCard(card="demons", side="few"),
    ]
    c = _pit(unit("a3", "demons", "few", 0, (4, 2), army_index=2), army=army)
    c.unit("a2").alive, c.unit("a2").pos = False, None
    c.unit("a3").damage = 2
    assert [a.action["target"] for a in summon.options(c, c.unit("a1"))] == ["reinforce:a3"]
    events = summon.use(c, c.unit("a1"), "reinforce:a3")
    assert c.unit("a3").side == "pack" and c.unit("a3").damage == 2  # free; the damage stays
    assert "h3_summon_reinforced" in [e.kind for e in events]
    # a Pack of Demons, or a Demons card in the unit deck that is not on the board: neither summon nor reinforce
    c2 = _pit(army=[*army[:2], ArmyCard(card="demons", side="few")])
    c2.unit("a2").alive = False
    assert summon.options(c2, c2.unit("a1")) == []


def test_h3_52_3_only_the_pack_summons_and_the_engine_run_side_never_does() -> None:
    c = _pit()
    c.unit("a1").side = "few"
    c.unit("a2").alive = False
    assert summon.options(c, c.unit("a1")) == []
    neutral = _pit()
    neutral.sides[0].owner = None
    neutral.unit("a2").alive = False
    assert summon.options(neutral, neutral.unit("a1")) == []


def test_familiars_pack_make_a_caster_discard() -> None:
    # the Familiars' passive (shared with the neutral card): an enemy casting from hand pays a discard
    c = Combat(
        kind="player",
        sides=[side(0), side(1, cards=["magic_arrow", "attack"])],
        units=[unit("a1", "familiars", "pack", 0, (1, 2)), unit("d1", "halberdiers", "few", 1, (1, 4))],
    )
    plays = card_rules.playable(c, c.sides[1], activating=True)
    casts = [o.action for o in plays if o.action.get("mode") == "cast"]
    assert casts  # still castable: a card is left to pay with
    c.sides[1].deck.hand.remove(hand(c, 1, "attack"))  # type: ignore[union-attr]  # the side has a deck
    assert not [o for o in card_rules.playable(c, c.sides[1], activating=True) if o.action.get("mode") == "cast"]


def test_h3_52_3_summoned_demons_stay_in_the_unit_deck_after_the_combat() -> None:
    # S-H1 note: "the summoned or reinforced Demons stay in the player's army after the end of the Combat"
    c = _pit()
    c.unit("a2").alive, c.unit("a2").pos = False, None
    state = combat_state(c)
    summon.use(c, c.unit("a1"), next(o.action["target"] for o in summon.options(c, c.unit("a1"))))
    cf.finish(FLOW, state, "victory", 0)
    assert c.result is not None and c.result.consequences is not None
    mine = next(s for s in c.result.consequences.sides if s.team == 0)
    # the fallen Familiars leave the deck (H3-26.2); the Pit Lords and the summoned Few Demons stay (H3-37.3)
    assert mine.army == [ArmyCard(card="pit_lords", side="pack"), ArmyCard(card="demons", side="few")]
