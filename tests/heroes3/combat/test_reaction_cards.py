"""Card effects that answer a moment inside a combat (H3-35.4): Shield of the Dwarven Lords after
the attack die is rolled, Mysticism right after a spell is cast, the Mystic Orb's search."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Deck, RuleViolation
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat.actions import Pass, Play, Ready
from engine.heroes3.combat.models import AiDeck, Combat, CombatSide, PendingAttack
from engine.heroes3.combat.rules import attack_value
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from ..helpers import combat_state, dice, hand, side, unit


def _declared(cards0: list[str], cards1: list[str], die: int, *, window: bool = True) -> SkirmishState:
    """Crusaders (attack 3) attack Zombies (Few: defence 1, HP 3), the dice loaded; ``window``: the
    card window before the attack is still open (attacker first, A-34), else both were passed."""
    c = Combat(
        kind="player",
        sides=[side(0, cards=cards0), side(1, cards=cards1)],
        units=[unit("a1", "crusaders", "few", 0, (0, 2)), unit("d1", "zombies", "few", 1, (0, 3))],
    )
    state = combat_state(c)
    cf.declare(FLOW, state, "a1", "d1", then="none")
    gone = ("h3c_cont",) if window else ("h3c_cards", "h3c_cont")
    state.steps = [s for s in state.steps if s.kind not in gone]
    state.rng = dice(die)
    FLOW.advance(state)
    return state


def _attack(cards0: list[str], cards1: list[str], die: int) -> SkirmishState:
    """As ``_declared``, with both card windows passed: the attack resolves."""
    return _declared(cards0, cards1, die, window=False)


def _answer(state: SkirmishState, seat: int, action: Any) -> tuple[SkirmishState, list[Any]]:
    """Answer the card window in place (``SKIRMISH.apply`` would copy the state and lose the loaded dice)."""
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_cards"
    events = cf.cards_apply(FLOW, state, step, seat, action)
    return state, events + FLOW.advance(state)


def _ready(state: SkirmishState, seat: int) -> tuple[SkirmishState, list[Any]]:
    c = state.combat
    assert c is not None
    shield = hand(c, seat, "shield_of_the_dwarven_lords")
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.seat == seat and p.waiting]
    assert prompt.rule == "H3-34.5" and prompt.secret
    assert {"type": "ready", "card": shield} in [o.action for o in prompt.options]
    return _answer(state, seat, Ready(type="ready", card=shield))


def test_h3_35_4_a_readied_dwarven_lords_shield_ignores_a_die_that_goes_against_its_holder() -> None:
    # S-H1 Shield of the Dwarven Lords (top): after the attack die is rolled, ignore the result and
    # whatever it set off (H3-35.4 "unless the card says otherwise"). House reading (hands hidden,
    # H3-35): readied in the card window before the attack, played only if the die goes against you.
    state = _declared([], ["shield_of_the_dwarven_lords", "attack"], 1)
    state, _ = _answer(state, 0, Pass(type="pass"))
    state, events = _ready(state, 1)
    c = state.combat
    assert c is not None and "h3_die_cancelled" in [e.kind for e in events]
    assert c.unit("d1").alive and c.unit("d1").damage == 2  # 3 + no die - 1 (the +1 would have defeated them)
    assert c.sides[1].deck is not None and c.sides[1].deck.discard == [hand_id(c, 1, "shield_of_the_dwarven_lords")]


def hand_id(c: Combat, seat: int, card: str) -> str:
    deck = c.sides[seat].deck
    assert deck is not None
    return next(i for i in deck.hand + deck.discard if deck.names[i] == card)


def test_h3_35_4_a_readied_shield_stays_hidden_when_the_die_goes_the_holders_way() -> None:
    state = _declared([], ["shield_of_the_dwarven_lords"], -1)
    state, _ = _answer(state, 0, Pass(type="pass"))
    state, events = _ready(state, 1)
    c = state.combat
    assert c is not None and c.unit("d1").damage == 1  # 3 - 1 - 1 (die -1)
    assert c.sides[1].deck is not None and len(c.sides[1].deck.hand) == 1  # still in hand, never shown
    assert not [e for e in events if e.kind == "h3_die_cancelled"]
    public = " ".join(str(e.model_dump()) for e in events if e.audience is None)
    assert "shield_of_the_dwarven_lords" not in public and "Dwarven" not in public


def test_h3_35_hands_hidden_readying_looks_like_a_pass_and_nobody_is_asked_after_the_roll() -> None:
    # The table sees the same questions whether or not a hand holds the shield: no question after
    # the roll (it would tell who holds one), and readying answers the window like a pass.
    seen = []
    for cards in (["shield_of_the_dwarven_lords"], ["defense"]):
        state = _declared([], cards, -1)
        state, _ = _answer(state, 0, Pass(type="pass"))
        c = state.combat
        assert c is not None
        shield = cards[0].startswith("shield")
        answer: Any = Ready(type="ready", card=hand(c, 1, cards[0])) if shield else Pass(type="pass")
        state, events = _answer(state, 1, answer)
        seen.append(([e.kind for e in events], [(p.seat, p.rule) for p in SKIRMISH.prompts(state)]))
    assert seen[0] == seen[1]


def test_h3_35_4_the_attacking_side_may_ready_one_against_its_own_bad_roll() -> None:
    state = _declared(["shield_of_the_dwarven_lords"], ["shield_of_the_dwarven_lords"], -1)
    state, _ = _ready(state, 0)
    state, _ = _ready(state, 1)
    c = state.combat
    assert c is not None and c.unit("d1").damage == 2  # 3 + no die - 1: the attacker's shield, played
    assert c.sides[0].deck is not None and not c.sides[0].deck.hand
    assert c.sides[1].deck is not None and len(c.sides[1].deck.hand) == 1  # the defender's: not against it


def test_h3_34_5_only_a_die_cancelling_card_in_hand_can_be_readied() -> None:
    state = _declared(["attack"], [], 1)
    c = state.combat
    assert c is not None
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as refused:
        SKIRMISH.apply(state, 0, {"type": "ready", "card": hand(c, 0, "attack")})
    assert refused.value.rule == "H3-34.5" and state.model_dump_json() == before


def _cast_state(cards: list[str]) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=cards), side(1, cards=[])],
        units=[unit("a1", "crusaders", "few", 0, (0, 1)), unit("d1", "zombies", "few", 1, (0, 4))],
    )


def _play(c: Combat, card: str, mode: str, **kw: Any) -> list[Any]:
    return card_rules.play(c, c.sides[0], Play(type="play", card=hand(c, 0, card), mode=mode, **kw), dice())


def test_h3_14_1_mysticism_returns_the_spell_just_cast_and_expert_its_power_cards() -> None:
    # Mysticism (basic): right after you cast a spell, it returns to your hand instead of the
    # discard pile; expert (an expert use, H3-14.1): with every card played for it.
    c = _cast_state(["mysticism", "magic_arrow", "power", "lightning_bolt"])
    deck = c.sides[0].deck
    assert deck is not None
    c.sides[0].expert_uses = 1  # H3-12.12
    assert not [o for o in card_rules.playable(c, c.sides[0], True) if o.action["card"] == hand(c, 0, "mysticism")]
    _play(c, "lightning_bolt", "alt")  # +1 Power (H3-15.4)
    _play(c, "power", "basic")
    arrow = hand(c, 0, "magic_arrow")
    _play(c, "magic_arrow", "cast", target="d1")
    mysticism = hand(c, 0, "mysticism")
    modes = {o.action["mode"] for o in card_rules.playable(c, c.sides[0], False) if o.action["card"] == mysticism}
    assert modes == {"basic", "expert"}
    uses = c.sides[0].expert_uses
    events = _play(c, "mysticism", "expert")
    assert c.sides[0].expert_uses == uses - 1
    assert sorted(deck.names[x] for x in deck.hand) == ["lightning_bolt", "magic_arrow", "power"]
    assert deck.discard == [mysticism] and arrow in deck.hand
    assert [e.kind for e in events].count("h3_recall") == 3


def test_h3_14_1_mysticism_basic_only_right_after_the_cast() -> None:
    c = _cast_state(["mysticism", "magic_arrow", "power", "attack"])
    deck = c.sides[0].deck
    assert deck is not None
    _play(c, "power", "basic")
    _play(c, "magic_arrow", "cast", target="d1")
    _play(c, "attack", "basic", target="a1")  # another card discarded since: no longer "right after"
    mysticism = hand(c, 0, "mysticism")
    assert not [o for o in card_rules.playable(c, c.sides[0], True) if o.action["card"] == mysticism]
    c = _cast_state(["mysticism", "magic_arrow"])
    _play(c, "magic_arrow", "cast", target="d1")
    state = combat_state(c)
    cf.end_act(FLOW, state, FLOW.new(state, "h3c_end_act"))  # the activation ended: no longer "right after"
    assert not [o for o in card_rules.playable(c, c.sides[0], True) if o.action["card"] == hand(c, 0, "mysticism")]
    c = _cast_state(["mysticism", "magic_arrow", "power"])
    _play(c, "power", "basic")
    _play(c, "magic_arrow", "cast", target="d1")
    _play(c, "mysticism", "basic")
    deck = c.sides[0].deck
    assert deck is not None
    assert sorted(deck.names[x] for x in deck.hand) == ["magic_arrow"]  # basic: the spell alone
    assert sorted(deck.names[x] for x in deck.discard) == ["mysticism", "power"]


def test_h3_13_2_5_mystic_orb_top_takes_any_card_back_from_the_discard_pile() -> None:
    # Mystic Orb of Mana (top, Tower box): Search your discard pile (house reading: a card of one's
    # choice from one's own discard pile back to hand, any kind).
    c = _cast_state(["mystic_orb_of_mana"])
    deck = c.sides[0].deck
    assert deck is not None
    deck.names.update({"y1": "attack", "y2": "magic_arrow"})
    deck.discard = ["y1", "y2"]
    orb = hand(c, 0, "mystic_orb_of_mana")
    picks = {o.action.get("pick") for o in card_rules.playable(c, c.sides[0], False) if o.action["mode"] == "other"}
    assert picks == {"y1", "y2"}
    card_rules.play(c, c.sides[0], Play(type="play", card=orb, mode="other", pick="y1"), dice())
    assert deck.hand == ["y1"] and deck.discard == ["y2", orb]


def _cast(cards1: list[str], *, power: int = 0, expert_uses: int = 0) -> SkirmishState:
    """Seat 0 casts Magic Arrow (H3-15) at the Zombies (HP 3) while its Crusaders activate."""
    c = Combat(
        kind="player",
        sides=[side(0, cards=["magic_arrow", "power", "power"]), side(1, cards=cards1)],
        units=[unit("a1", "crusaders", "few", 0, (0, 1)), unit("d1", "zombies", "few", 1, (0, 4))],
    )
    c.sides[0].pending_power = power
    c.sides[1].expert_uses = expert_uses
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="move")]
    arrow = hand(c, 0, "magic_arrow")
    state, _ = SKIRMISH.apply(state, 0, {"type": "play", "card": arrow, "mode": "cast", "target": "d1"})
    return state


def _damage(state: SkirmishState) -> int:
    """Damage on the Zombies (HP 3); 3 when defeated."""
    assert state.combat is not None
    zombies = state.combat.unit("d1")
    return zombies.damage if zombies.alive else 3


def test_h3_35_4_resistance_cancels_an_enemy_spell_of_at_most_one_power_right_after_the_cast() -> None:
    # Resistance (basic): right after an enemy casts a spell with at most 1 Power, cancel its effect.
    # The spell is still cast: card discarded, Power spent, the one spell of the round used (H3-15.3, H3-35.2).
    state = _cast(["resistance", "attack"], power=1)
    assert _damage(state) == 0  # the effect waits for the answer
    prompt = next(p for p in SKIRMISH.prompts(state) if p.seat == 1)
    assert prompt.rule == "H3-35.4" and prompt.secret
    c = state.combat
    assert c is not None
    resistance = hand(c, 1, "resistance")
    assert [o.action for o in prompt.options] == [
        {"type": "play", "card": resistance, "mode": "basic", "target": None},
        {"type": "pass"},
    ]
    with pytest.raises(RuleViolation) as refused:  # only a card answering the spell; nothing changes
        SKIRMISH.apply(state, 1, {"type": "play", "card": hand(c, 1, "attack"), "mode": "basic", "target": "d1"})
    deck = c.sides[1].deck
    assert refused.value.rule == "H3-35.4" and c.spell is not None and deck is not None and len(deck.hand) == 2
    state, events = SKIRMISH.apply(state, 1, {"type": "play", "card": resistance, "mode": "basic", "target": None})
    assert "h3_spell_countered" in [e.kind for e in events] and _damage(state) == 0
    after = state.combat
    assert after is not None and after.spell is None and after.sides[0].spells_cast == 1
    assert after.sides[0].pending_power == 0


def test_h3_35_4_resistance_pass_lets_the_spell_resolve_and_any_hand_is_asked_alike() -> None:
    state = _cast(["resistance"], power=1)
    state, _ = SKIRMISH.apply(state, 1, {"type": "pass"})
    assert _damage(state) == 2  # Magic Arrow with 1 Power: 2 damage (H3-27.1)
    # H3-35 ⟦H: hands hidden⟧: a hand without such a card is asked too (it can only pass), so the
    # caster learns nothing from the question; only an empty hand (its size is public) is not asked.
    state = _cast(["attack"])
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.seat == 1]
    assert prompt.rule == "H3-35.4" and [o.action for o in prompt.options] == [{"type": "pass"}]
    assert _damage(state) == 0
    state, _ = SKIRMISH.apply(state, 1, {"type": "pass"})
    assert _damage(state) == 1
    state = _cast([])
    assert _damage(state) == 1 and not [p for p in SKIRMISH.prompts(state) if p.seat == 1]


def test_h3_14_1_resistance_expert_cancels_any_spell_and_needs_an_expert_use() -> None:
    # Resistance (expert, H3-14.1: an expert use): any spell. Basic stops at 1 Power.
    state = _cast(["resistance"], power=2)
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.seat == 1]
    assert [o.action for o in prompt.options] == [{"type": "pass"}]  # no expert use left: nothing to play
    state, _ = SKIRMISH.apply(state, 1, {"type": "pass"})
    assert _damage(state) == 3
    state = _cast(["resistance"], power=2, expert_uses=1)
    prompt = next(p for p in SKIRMISH.prompts(state) if p.seat == 1)
    assert [o.action.get("mode") for o in prompt.options] == ["expert", None]
    c = state.combat
    assert c is not None
    resistance = hand(c, 1, "resistance")
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 1, {"type": "play", "card": resistance, "mode": "basic", "target": None})
    state, _ = SKIRMISH.apply(state, 1, {"type": "play", "card": resistance, "mode": "expert", "target": None})
    assert _damage(state) == 0 and state.combat is not None and state.combat.sides[1].expert_uses == 0


def test_h3_35_4_surcoat_of_counterpoise_cancels_only_up_to_one_power() -> None:
    state = _cast(["surcoat_of_counterpoise"], power=2)
    (prompt,) = [p for p in SKIRMISH.prompts(state) if p.seat == 1]
    assert [o.action for o in prompt.options] == [{"type": "pass"}]  # 2 Power: the Surcoat cannot answer
    state, _ = SKIRMISH.apply(state, 1, {"type": "pass"})
    assert _damage(state) == 3
    state = _cast(["surcoat_of_counterpoise"])
    c = state.combat
    assert c is not None
    surcoat = hand(c, 1, "surcoat_of_counterpoise")
    state, _ = SKIRMISH.apply(state, 1, {"type": "play", "card": surcoat, "mode": "basic", "target": None})
    assert _damage(state) == 0


@pytest.mark.parametrize(("rolls", "damage"), [((1, -1), 0), ((0, -1), 1)])
def test_h3_35_4_boots_of_polarity_roll_two_dice_and_a_plus_one_cancels(rolls: tuple[int, int], damage: int) -> None:
    # Boots of Polarity (top): after an enemy casts a spell, roll 2 attack dice and keep one: on +1
    # the spell has no effect (the owner keeps the +1 whenever one shows).
    state = _cast(["boots_of_polarity"])
    c = state.combat
    assert c is not None
    boots = hand(c, 1, "boots_of_polarity")
    state.rng = dice(*rolls)  # SKIRMISH.apply would copy the state and its scripted dice with it
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_counter"
    events = cf.counter_apply(FLOW, state, step, 1, Play(type="play", card=boots, mode="basic"))
    events += FLOW.advance(state)
    assert _damage(state) == damage
    roll = next(e for e in events if e.kind == "h3_roll")
    assert sorted(roll.data["dice"]) == sorted(rolls)


def _ai_cast(answer: dict[str, Any]) -> tuple[Combat, list[Any]]:
    """An AI hero's unit activates and its magic card casts Magic Arrow (H3-41.7) at seat 0's
    unit with the highest defence; seat 0 holds Resistance and one expert use."""
    names = {"ais00": "magic_arrow"}
    deck = AiDeck(
        difficulty="impossible",
        cards=Deck[str](draw_pile=["spell_b"]),
        spells=Deck[str](draw_pile=["ais00"]),
        names=names,
    )
    c = Combat(
        kind="player",
        sides=[side(0, cards=["resistance"], expert_uses=1), CombatSide(team=1, hero="sandro", ai=deck)],
        units=[unit("a1", "crusaders", "few", 0, (0, 1)), unit("d1", "zombies", "few", 1, (3, 4))],
    )
    state = combat_state(c)
    events = cf._begin(FLOW, state, "d1")
    assert "h3_ai_cast" in [e.kind for e in events] and c.unit("a1").damage == 0  # cast, effect waiting
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_counter" and step.seat == 0
    prompt = cf.counter_prompt(state, step)[0]
    assert {"type": "pass"} in [o.action for o in prompt.options]
    events = cf.counter_apply(FLOW, state, step, 0, Play(**answer) if answer["type"] == "play" else Pass(type="pass"))
    resolve = FLOW.pop(state)
    assert resolve.kind == "h3c_cast_resolve"
    return c, events + cf.cast_resolve(FLOW, state, resolve)


def test_h3_41_7_resistance_answers_an_ai_heros_spell_before_the_unit_acts() -> None:
    # H3-41.7: AI heroes cast spells; "an enemy casts a spell" covers them (expert: any Power).
    c, events = _ai_cast({"type": "play", "card": "s0c00", "mode": "expert", "target": None})
    assert "h3_spell_countered" in [e.kind for e in events] and c.unit("a1").damage == 0
    assert c.spell is None and c.sides[0].expert_uses == 0
    c, _ = _ai_cast({"type": "pass"})
    assert c.unit("a1").damage > 0


def _mage(cards: list[str], expert_uses: int = 1) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=cards, expert_uses=expert_uses), side(1, cards=[])],
        units=[unit("a1", "crusaders", "few", 0, (0, 1)), unit("d1", "ghost_dragons", "few", 1, (0, 4))],
    )


def test_h3_15_3_magic_ability_expert_adds_three_power_to_a_spell_of_its_school_in_combat() -> None:
    # Air Magic (expert, an expert use): "when you cast an air spell, discard this card for +3 Power";
    # the basic is a permanent played on the map (H3-13.2.7) and is not offered in combat.
    c = _mage(["air_magic", "lightning_bolt"])
    magic = hand(c, 0, "air_magic")
    assert [o.action["mode"] for o in card_rules.playable(c, c.sides[0], True) if o.action["card"] == magic] == [
        "expert"
    ]
    fire = _mage(["fire_magic", "lightning_bolt"])
    assert not [o for o in card_rules.playable(fire, fire.sides[0], True) if o.action["mode"] == "expert"]
    _play(c, "air_magic", "expert")
    assert c.sides[0].expert_uses == 0
    events = _play(c, "lightning_bolt", "cast", target="d1")
    cast = next(e for e in events if e.kind == "h3_spell")
    assert cast.data["power"] == 2 and c.unit("d1").damage == 4  # Lightning Bolt tiers 2/3/4, capped at Power 2
    assert c.sides[0].school_power == {}  # H3-15.3: casting spends it


def test_h3_15_3_magic_ability_power_is_lost_on_a_spell_of_another_school() -> None:
    c = _mage(["water_magic", "lightning_bolt", "cure"])
    _play(c, "water_magic", "expert")
    events = _play(c, "lightning_bolt", "cast", target="d1")
    assert next(e for e in events if e.kind == "h3_spell").data["power"] == 0 and c.sides[0].school_power == {}


def test_h3_15_3_a_magic_ability_in_play_gives_plus_one_to_its_school_in_combat() -> None:
    c = _mage(["lightning_bolt", "magic_arrow"])
    c.sides[0].magic_in_play = "air"  # cards/permanent.lay_cloaks notes the permanent in play
    events = _play(c, "lightning_bolt", "cast", target="d1")
    assert next(e for e in events if e.kind == "h3_spell").data["power"] == 1


def _archers() -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=["archery", "archery"], expert_uses=1), side(1, cards=[])],
        units=[
            unit("a1", "marksmen", "few", 0, (0, 1)),
            unit("a2", "crusaders", "few", 0, (1, 1)),
            unit("d1", "zombies", "few", 1, (0, 4)),
            unit("d2", "skeletons", "few", 1, (1, 2)),
        ],
    )


def test_h3_35_3_archery_ranged_units_plus_one_against_a_unit_not_next_to_them_this_round() -> None:
    # Archery (basic, ongoing: while one's own unit activates, H3-35.3): this combat round your ranged
    # units get +1 attack against a unit not next to them.
    c = _archers()
    c.round = 2
    archery = hand(c, 0, "archery")
    assert not [o for o in card_rules.playable(c, c.sides[0], False) if o.action["card"] == archery]
    far = PendingAttack(attacker="a1", target="d1", die=0)
    before = attack_value(c, far)
    _play(c, "archery", "basic")
    assert attack_value(c, far) == before + 1
    assert attack_value(c, PendingAttack(attacker="a2", target="d2", die=0)) == c.unit("a2").stats().attack  # melee
    c.round = 3  # the next combat round: over
    assert attack_value(c, far) == before


def test_h3_35_3_archery_expert_lasts_the_next_round_with_plus_one_initiative() -> None:
    c = _archers()
    c.round = 2
    state = combat_state(c)
    marksmen = c.unit("a1").initiative()
    _play(c, "archery", "expert")
    assert c.unit("a1").initiative() == marksmen + 1 and c.sides[0].archery_until == 3
    assert c.unit("a2").initiative() == c.unit("a2").stats().initiative  # only ranged units
    cf.new_round(FLOW, state, FLOW.new(state, "h3c_round"))
    assert c.round == 3 and c.unit("a1").initiative() == marksmen + 1
    cf.new_round(FLOW, state, FLOW.new(state, "h3c_round"))
    assert c.unit("a1").initiative() == marksmen


@pytest.mark.parametrize(("mode", "limit"), [("basic", 1), ("expert", 2)])
def test_h3_13_2_7_intelligence_opens_the_start_window_to_a_spell(mode: str, limit: int) -> None:
    # Intelligence: before any unit activates you may cast a spell (basic: still the one spell of the
    # round, H3-35.2; expert: it does not count towards it). Played in the start-of-combat window only.
    c = _mage(["intelligence", "magic_arrow"])
    start = [o.action for o in card_rules.playable(c, c.sides[0], False, True)]
    assert {o["mode"] for o in start} == {"basic", "expert"} and all(o["mode"] != "cast" for o in start)
    assert not [o for o in card_rules.playable(c, c.sides[0], True) if o.action["card"] == hand(c, 0, "intelligence")]
    _play(c, "intelligence", mode)
    casts = [o.action for o in card_rules.playable(c, c.sides[0], False, True) if o.action["mode"] == "cast"]
    assert {"type": "play", "card": hand(c, 0, "magic_arrow"), "mode": "cast", "target": "d1"} in casts
    _play(c, "magic_arrow", "cast", target="d1")
    assert c.unit("d1").damage == 1 and c.sides[0].spell_limit == limit and c.sides[0].spells_cast == 1


def test_h3_35_3_orb_of_inhibition_bottom_stops_every_ability_this_round() -> None:
    # Orb of Inhibition (bottom, ongoing: H3-35.3 while activating): this combat round units cannot
    # use their special abilities (both sides); the next round they can again.
    c = Combat(
        kind="player",
        sides=[side(0, cards=["orb_of_inhibition"]), side(1, cards=[])],
        units=[unit("a1", "crusaders", "few", 0, (0, 1)), unit("d1", "black_dragons", "few", 1, (0, 4))],
    )
    state = combat_state(c)
    orb = hand(c, 0, "orb_of_inhibition")
    assert not [o for o in card_rules.playable(c, c.sides[0], False) if o.action["mode"] == "other"]
    assert c.unit("d1").has("spell_damage_reduction")
    card_rules.play(c, c.sides[0], Play(type="play", card=orb, mode="other"), dice())
    assert not c.unit("d1").has("spell_damage_reduction") and not c.unit("a1").stats().abilities
    assert c.inhibited is False and c.sides[0].deck is not None and c.sides[0].deck.discard == [orb]
    cf.new_round(FLOW, state, FLOW.new(state, "h3c_round"))
    assert c.unit("d1").has("spell_damage_reduction")


def test_h3_35_a_readied_card_is_not_in_the_public_view_or_the_other_seats_view() -> None:
    # H3-35 ⟦H: hands hidden⟧: while the defender is still asked, the table's view of the attack
    # is the same whether the attacker readied a shield or passed with some other card in hand.
    views = []
    for cards in (["shield_of_the_dwarven_lords"], ["defense"]):
        state = _declared(cards, [], 1)
        c = state.combat
        assert c is not None
        shield = cards[0].startswith("shield")
        answer: Any = Ready(type="ready", card=hand(c, 0, cards[0])) if shield else Pass(type="pass")
        state, _ = _answer(state, 0, answer)
        assert c.attack is not None and bool(c.attack.ready) is shield
        views.append((SKIRMISH.view(state, None), SKIRMISH.view(state, 1)))
    assert views[0] == views[1]
