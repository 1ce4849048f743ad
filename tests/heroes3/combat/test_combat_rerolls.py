"""Re-rolls of a combat attack die granted by cards (S-H1: Luck's bottom "re-roll any one die",
Cards of Prophecy "Re-roll any die"), and the Resurrection spell as an answerable cast.

A re-roll granted by a card played before the combat is public and asked openly after the die
(H3-35.3); a re-rolling card still in hand is readied before the attack like the Dwarven Lords'
shield, so no question after the roll tells the table who holds one (H3-35 ⟦H: hands hidden⟧).
H3-48.8 "You cannot re-roll your dice" switches all of it off.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.adventure import effects, encounters
from engine.heroes3.clash.flow import FLOW as CLASH_FLOW
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat.actions import Pass, Play, Ready, Reroll
from engine.heroes3.combat.models import Combat, CombatSide
from engine.heroes3.content.clash import clash_content
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from ..clash.helpers import mutate, new_game, to_main
from ..helpers import combat_state, dice, hand, lethal_attack, side, unit


def _combat(cards0: list[str] | None, cards1: list[str] | None, **kw0: Any) -> Combat:
    """Crusaders (attack 3) attack Zombies (Few: defence 1, +1 on the attacker's +1; HP 3): a -1
    deals 1 damage, a 0 or a +1 deals 2."""
    return Combat(
        kind="player",
        sides=[side(0, cards=cards0, **kw0), side(1, cards=cards1)],
        units=[unit("a1", "crusaders", "few", 0, (0, 2)), unit("d1", "zombies", "few", 1, (0, 3))],
    )


def _declared(c: Combat, *faces: int, window: bool = True) -> SkirmishState:
    """The attack is declared; ``window``: its card window (H3-34.5) is still open, else passed."""
    state = combat_state(c)
    cf.declare(FLOW, state, "a1", "d1", then="none")
    drop = ("h3c_cont",) if window else ("h3c_cards", "h3c_cont")
    state.steps = [s for s in state.steps if s.kind not in drop]
    state.rng = dice(*faces)
    FLOW.advance(state)
    return state


def _answer(state: SkirmishState, seat: int, action: Any) -> list[Any]:
    """Answer the card window in place (``SKIRMISH.apply`` would copy the state and lose the loaded dice)."""
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_cards"
    events = cf.cards_apply(FLOW, state, step, seat, action)
    return events + FLOW.advance(state)


def _reroll(state: SkirmishState, seat: int, yes: bool) -> list[Any]:
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_reroll"
    events = cf.reroll_apply(FLOW, state, step, seat, Reroll(type="reroll", reroll=yes))
    return events + FLOW.advance(state)


def _public(events: list[Any]) -> str:
    return " ".join(str(e.model_dump()) for e in events if e.audience is None)


# ---- a re-roll granted in the open, before the combat ----------------------------------------------
def test_h3_35_3_a_card_reroll_granted_this_turn_is_asked_openly_after_the_attack_die() -> None:
    state = _declared(_combat([], None, rerolls=1), -1, 0, window=False)
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.waiting]
    assert prompt.seat == 0 and prompt.rule == "H3-35.3" and not prompt.secret  # public allowance: asked openly
    events = _reroll(state, 0, True)
    c = state.combat
    assert c is not None and [e.kind for e in events][:2] == ["h3_card_reroll", "h3_roll"]
    assert c.sides[0].rerolls_used == 1 and c.unit("d1").damage == 2  # 0 now instead of -1
    assert SKIRMISH.view(state, None)["sides"][0]["rerolls"] == 0  # used up, for everyone to see


def test_h3_35_3_keeping_the_die_keeps_the_allowance_and_once_used_it_is_not_asked_again() -> None:
    c = _combat([], None, rerolls=1)
    state = _declared(c, 0, window=False)
    _reroll(state, 0, False)
    assert c.sides[0].rerolls_used == 0 and c.unit("d1").damage == 2
    c = _combat([], None, rerolls=1, rerolls_used=1)
    state = _declared(c, -1, window=False)
    assert not [p for p in SKIRMISH.prompts(state) if p.rule == "H3-35.3"]


def test_h3_35_3_an_unoffered_card_reroll_is_refused_and_changes_nothing() -> None:
    c = _combat([], None, rerolls=1)
    state = _declared(c, -1, window=False)
    c.sides[0].rerolls_used = 1  # spent meanwhile: the step no longer has an allowance behind it
    step = FLOW.current(state)
    assert step is not None
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as refused:
        cf.reroll_apply(FLOW, state, step, 0, Reroll(type="reroll", reroll=True))
    assert refused.value.rule == "H3-35.3" and state.model_dump_json() == before


def test_h3_48_8_no_rerolls_table_asks_no_card_reroll() -> None:
    c = _combat([], None, rerolls=1)
    c.variants = ["no_rerolls"]
    state = _declared(c, -1, window=False)
    assert not [p for p in SKIRMISH.prompts(state) if p.rule == "H3-35.3"]
    assert c.unit("d1").damage == 1  # 3 - 1 - 1: the -1 stands


def test_h3_11_2_3_the_card_reroll_is_for_ones_own_die_only() -> None:
    c = _combat([], None)
    c.sides[1].rerolls = 1  # the defender's allowance: the attacker's die is not theirs to re-roll
    state = _declared(c, -1, window=False)
    assert not [p for p in SKIRMISH.prompts(state) if p.rule == "H3-35.3"] and c.unit("d1").damage == 1


# ---- the clash: Luck / Cards of Prophecy played on the map this turn --------------------------------
def test_h3_35_3_luck_bottom_played_on_the_map_comes_into_this_turns_combat_and_is_spent() -> None:
    for card, mode in (("luck", "expert"), ("cards_of_prophecy", "basic")):
        state = mutate(to_main(new_game(seed=2), 0))
        state.steps = []
        eff = clash_content().cards[card].expert if mode == "expert" else clash_content().cards[card].basic
        assert eff is not None
        (shown,) = effects._fx(state, CLASH_FLOW.new(state, "fx", 0, effect=eff.steps[0].model_dump(), hero="main"))
        assert {"kind": "h3_die", "id": "attack"} in shown.model_dump()["msg"]["params"]["dice"]  # announced
        p, other = state.player(0), state.player(1)
        assert p.rerolls == ["any"] and state.active == 0
        assert encounters.combat_rerolls(state, p) == 1, card
        assert encounters.player_side(state, p, 0, "main", 0).rerolls == 1  # the combat side brings it in
        other.rerolls = ["any"]  # "this turn": another player's allowance stays out of this turn's combats
        assert encounters.combat_rerolls(state, other) == 0
        kept = CombatSide(team=0, rerolls=2, rerolls_used=1)  # one more granted in the combat, one used
        encounters.spend_rerolls(state, p, kept)
        assert p.rerolls == ["any"]  # H3-35.3: the one played in the combat was used first and ends with it
        encounters.spend_rerolls(state, other, CombatSide(team=1, rerolls=1))
        assert other.rerolls == ["any"]  # brought nothing in: nothing to spend
        encounters.spend_rerolls(state, p, CombatSide(team=0, rerolls=1, rerolls_used=1))
        assert p.rerolls == [] and encounters.combat_rerolls(state, p) == 0


def test_h3_20_5_luck_top_gives_no_attack_die_reroll() -> None:
    state = mutate(to_main(new_game(seed=2), 0))
    state.player(0).rerolls = ["treasure", "resource"]  # Luck's top: treasure and resource dice only
    assert encounters.combat_rerolls(state, state.player(0)) == 0


# ---- a re-rolling card played in the open in the combat --------------------------------------------
def test_h3_35_3_cards_of_prophecy_played_in_the_window_grants_a_public_reroll_asked_after_the_roll() -> None:
    c = _combat(["cards_of_prophecy", "attack"], None)
    state = _declared(c, 0, 1)
    prophecy = hand(c, 0, "cards_of_prophecy")
    play = {"type": "play", "card": prophecy, "mode": "basic", "target": None}
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.seat == 0 and p.waiting]
    assert play in [o.action for o in prompt.options]
    events = _answer(state, 0, Play.model_validate(play))
    assert "h3_may_reroll" in [e.kind for e in events] and c.sides[0].rerolls == 1
    if (st := FLOW.current(state)) is not None and st.kind == "h3c_cards":  # the window goes on: pass
        events = _answer(state, 0, Pass(type="pass"))
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.waiting]
    assert prompt.rule == "H3-35.3" and prompt.seat == 0  # a 0 may be re-rolled too, by choice
    _reroll(state, 0, True)
    assert c.sides[0].rerolls_used == 1 and c.unit("d1").damage == 2  # 3 + 1 - (1 + 1): Zombies' +1 defence


def test_h3_35_3_luck_bottom_in_combat_only_while_activating_and_never_at_a_no_reroll_table() -> None:
    c = _combat(["luck"], None, expert_uses=1)
    luck = hand(c, 0, "luck")
    assert {"type": "play", "card": luck, "mode": "expert", "target": None} in [
        o.action for o in card_rules.playable(c, c.sides[0], activating=True)
    ]
    assert not [o for o in card_rules.playable(c, c.sides[0], activating=False) if o.action["card"] == luck]
    c.variants = ["no_rerolls"]  # H3-48.8
    assert not [o for o in card_rules.playable(c, c.sides[0], activating=True) if o.action["card"] == luck]


# ---- a re-rolling card still in hand: readied before the attack, secretly ---------------------------
def _ready(state: SkirmishState, seat: int, card: str) -> list[Any]:
    c = state.combat
    assert c is not None
    inst = hand(c, seat, card)
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.seat == seat and p.waiting]
    assert prompt.rule == "H3-34.5" and prompt.secret
    assert {"type": "ready", "card": inst} in [o.action for o in prompt.options]
    return _answer(state, seat, Ready(type="ready", card=inst))


def test_h3_35_4_readied_cards_of_prophecy_rerolls_a_die_that_goes_against_its_holder() -> None:
    c = _combat(["cards_of_prophecy", "attack"], None)
    state = _declared(c, -1, 0)
    events = _ready(state, 0, "cards_of_prophecy")
    kinds = [e.kind for e in events]
    assert "h3_card_reroll" in kinds and kinds.count("h3_roll") == 2
    assert c.unit("d1").damage == 2  # 3 + 0 - 1 after the re-roll (the -1 would have dealt 1)
    deck = c.sides[0].deck
    assert deck is not None and [deck.names[x] for x in deck.discard] == ["cards_of_prophecy"]
    assert "cards_of_prophecy" in _public(events)  # played: revealed to the table


def test_h3_35_a_readied_reroll_card_stays_hidden_when_the_die_goes_the_holders_way() -> None:
    c = _combat(["cards_of_prophecy"], None)
    state = _declared(c, 0)
    events = _ready(state, 0, "cards_of_prophecy")
    deck = c.sides[0].deck
    assert deck is not None and len(deck.hand) == 1 and c.unit("d1").damage == 2
    assert "cards_of_prophecy" not in _public(events) and "h3_card_reroll" not in [e.kind for e in events]


def test_h3_35_hands_hidden_readying_a_reroll_looks_like_a_pass() -> None:
    # The defender's questions, the events and the table's view are the same whether the attacker
    # readied Cards of Prophecy or passed with some other card.
    seen = []
    for cards in (["cards_of_prophecy"], ["defense"]):
        c = _combat(cards, ["attack"])
        state = _declared(c, 0)
        answer: Any = (
            Ready(type="ready", card=hand(c, 0, cards[0])) if cards[0] == "cards_of_prophecy" else Pass(type="pass")
        )
        events = _answer(state, 0, answer)
        public = SKIRMISH.view(state, None)
        seen.append(([e.kind for e in events], [(p.seat, p.rule) for p in SKIRMISH.prompts(state)], public))
    assert seen[0] == seen[1]


def test_h3_35_3_luck_bottom_is_readied_only_while_the_own_unit_activates_and_with_an_expert_use() -> None:
    c = _combat(["luck"], None, expert_uses=1)
    state = _declared(c, -1, 0)
    events = _ready(state, 0, "luck")
    assert "h3_card_reroll" in [e.kind for e in events] and c.sides[0].expert_uses == 0  # H3-14.1
    # without an expert use, Luck (whose top re-rolls no attack die) cannot be readied
    c = _combat(["luck"], None, expert_uses=0)
    state = _declared(c, -1)
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.seat == 0 and p.waiting]
    assert not [o for o in prompt.options if o.action.get("type") == "ready"]
    # an ongoing card outside the own unit's activation (here: a retaliation's window): not offered
    c = _combat(["luck"], [], expert_uses=1)
    state = combat_state(c)
    cf.declare(FLOW, state, "a1", "d1", then="none", retaliation=True)
    step = next(s for s in state.steps if s.kind == "h3c_cards")
    assert not [o for o in cf.cards_options(state, step, 0) if o.action.get("type") == "ready"]


def test_h3_11_2_3_only_the_attacking_side_may_ready_a_reroll_and_not_at_a_no_reroll_table() -> None:
    c = _combat([], ["cards_of_prophecy"])
    state = _declared(c, 1)
    _answer(state, 0, Pass(type="pass"))
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.seat == 1 and p.waiting]
    assert not [o for o in prompt.options if o.action.get("type") == "ready"]  # the attacker's die is not theirs
    c = _combat(["cards_of_prophecy"], None)
    c.variants = ["no_rerolls"]
    state = _declared(c, -1)
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as refused:
        SKIRMISH.apply(state, 0, {"type": "ready", "card": hand(c, 0, "cards_of_prophecy")})
    assert refused.value.rule == "H3-34.5" and state.model_dump_json() == before  # H3-48.8


def test_h3_35_4_a_rerolled_die_can_still_meet_the_defenders_shield() -> None:
    # the attacker's readied card first; the re-rolled +1 goes against the defender's shield.
    c = _combat(["cards_of_prophecy"], ["shield_of_the_dwarven_lords"])
    state = _declared(c, -1, 1)
    _ready(state, 0, "cards_of_prophecy")
    events = _ready(state, 1, "shield_of_the_dwarven_lords")
    kinds = [e.kind for e in events]
    assert kinds.index("h3_card_reroll") < kinds.index("h3_die_cancelled")
    assert c.unit("d1").damage == 2  # 3 + no die - 1


# ---- the Resurrection spell is a cast the enemy may answer ------------------------------------------
def _lethal(attacker_cards: list[str], defender_cards: list[str]) -> SkirmishState:
    state = lethal_attack(defender_cards)
    c = state.combat
    assert c is not None
    c.sides[0] = side(0, cards=attacker_cards)
    return state


def test_h3_35_4_resistance_answers_the_resurrection_spell_and_the_unit_falls() -> None:
    # Resistance: "Right after an enemy casts a spell with at most 1 Power" - Resurrection is a
    # spell cast (H3-15), so it is answered like every other; the cast itself stands (H3-35.2).
    state = _lethal(["resistance"], ["resurrection_spell", "attack"])
    state, events = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    assert "h3_spell" in [e.kind for e in events] and "h3_resurrected" not in [e.kind for e in events]
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.waiting]
    assert prompt.seat == 0 and prompt.rule == "H3-35.4" and prompt.secret
    c = state.combat
    assert c is not None and c.spell is not None and c.unit("d1").alive
    resistance = hand(c, 0, "resistance")
    state, events = SKIRMISH.apply(state, 0, {"type": "play", "card": resistance, "mode": "basic", "target": None})
    c = state.combat
    assert c is not None and "h3_spell_countered" in [e.kind for e in events]
    assert not c.unit("d1").alive and c.sides[1].spells_cast == 1


def test_h3_35_4_a_pass_lets_the_resurrection_spell_save_the_unit_and_any_hand_is_asked() -> None:
    state = _lethal(["attack"], ["resurrection_spell", "attack"])  # no answering card: asked all the same
    state, _ = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.waiting]
    assert prompt.seat == 0 and [o.action for o in prompt.options] == [{"type": "pass"}]
    state, events = SKIRMISH.apply(state, 0, {"type": "pass"})
    c = state.combat
    assert c is not None and "h3_resurrected" in [e.kind for e in events] and c.unit("d1").alive
    assert c.unit("d1").damage == 0


def test_h3_16_2_the_resurrection_specialty_is_no_spell_and_is_not_answered() -> None:
    state = _lethal(["resistance"], ["resurrection_iv", "attack"])
    state, events = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    c = state.combat
    assert c is not None and c.spell is None and c.unit("d1").alive and "h3_resurrected" in [e.kind for e in events]
    assert not [p for p in SKIRMISH.prompts(state) if p.waiting and p.rule == "H3-35.4"]
