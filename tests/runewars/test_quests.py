"""The quest phase (RW-21), attribute tests (RW-22), exploration for heroes (RW-34), EX-10, EX-11."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Rng, RuleViolation
from engine.runewars.content.loader import load_content
from engine.runewars.heroes import core as H
from engine.runewars.heroes.quests import (
    apply_quest_action,
    quest_phase_finished,
    quest_phase_prompts,
    start_quest_phase,
)
from tests.runewars.test_heroes_support import CONTENT, FakeCtx, play_all

ELF, UTHUK, HUMAN, UNDEAD = 0, 1, 2, 3


def _act(qs, hs, ctx, seat, action):
    return apply_quest_action(qs, hs, seat, action, ctx)


def _hs(
    rewards=("reward_war_axe", "reward_gold_purse", "reward_rune_map"),
    quests=("quest_1a_wisdom", "quest_1b_agility", "quest_3b_strength"),
):
    hs = H.HeroesState()
    hs.reward_deck.draw_pile = list(rewards)
    hs.quest_deck.draw_pile = list(quests)
    return hs


# --------------------------------------------------------------------------- EX-10


def test_ex10_quest_phase():
    """EX-10 / RW-21.2-21.7: Elf heals, Uthuk trains +2 agility and moves 2 through enemy areas."""
    hs = _hs()
    hs.quest_hands = {s: [] for s in range(4)}
    elf = H._new_hero(hs, "hero_silhouette", ELF, "1A")
    elf.damage = 2
    u1 = H._new_hero(hs, "hero_mad_carthos", UTHUK, "3C")
    u2 = H._new_hero(hs, "hero_uthuk_brute", UTHUK, "3A")
    foe = H._new_hero(hs, "hero_paladin", HUMAN, "1B")
    ctx = FakeCtx(players=4, controllers={"1A": ELF, "2A": HUMAN, "1B": HUMAN, "3C": UTHUK})
    # Spring order: Elf lowest, then Uthuk; Human and Undead later (Human's hero is not in
    # the example's order of actors, so give the Human no hero turn worth testing: he acts last).
    qs = start_quest_phase(hs, [ELF, UTHUK, UNDEAD, HUMAN], ctx)
    assert quest_phase_prompts(qs, hs, ctx)[0].seat == ELF
    _act(qs, hs, ctx, ELF, {"type": "hero_action", "hero": elf.uid, "action": "heal"})
    assert elf.damage == 0
    assert quest_phase_prompts(qs, hs, ctx)[0].seat == UTHUK
    _act(qs, hs, ctx, UTHUK, {"type": "hero_action", "hero": u1.uid, "action": "train"})
    _act(qs, hs, ctx, UTHUK, {"type": "hero_train", "hero": u1.uid, "attributes": ["agility", "agility"]})
    assert u1.training["agility"] == 2
    _act(qs, hs, ctx, UTHUK, {"type": "hero_action", "hero": u2.uid, "action": "move"})
    ev = _act(qs, hs, ctx, UTHUK, {"type": "hero_move", "hero": u2.uid, "path": ["2A", "1B"]})
    assert u2.area == "1B"
    assert not any("battle" in e.kind for e in ev)  # RW-10.11: no battle
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert p.rule == "RW-21.4.4"
    kinds = [o.action["type"] for o in p.options]
    assert "duel_challenge" in kinds and kinds[-1] == "hero_pass"
    _act(qs, hs, ctx, UTHUK, {"type": "hero_pass", "hero": u2.uid})
    # Undead has no hero: skipped; Human acts with its hero.
    assert quest_phase_prompts(qs, hs, ctx)[0].seat == HUMAN
    _act(qs, hs, ctx, HUMAN, {"type": "hero_action", "hero": foe.uid, "action": "none"})
    assert quest_phase_finished(qs) is not None


def test_ex10_players_without_heroes_are_skipped():
    hs = _hs()
    h = H._new_hero(hs, "hero_lich", 2, "2B")
    ctx = FakeCtx(players=4)
    qs = start_quest_phase(hs, [0, 1, 2, 3], ctx)
    assert qs.order[qs.turn] == 2
    _act(qs, hs, ctx, 2, {"type": "hero_action", "hero": h.uid, "action": "none"})
    assert quest_phase_finished(qs) is not None


# --------------------------------------------------------------------------- EX-11


def test_ex11_attribute_test_success():
    """EX-11 / RW-22: agility 2 in 3A draws 2 cards, picks the ALLY one: reward, new quest, no duel."""
    hs = _hs()
    hs.quest_hands = {0: ["quest_3a_agility", "quest_2b_wisdom"], 1: []}
    h = H._new_hero(hs, "hero_elf_ranger", 0, "2A")  # agility 2
    H._new_hero(hs, "hero_lich", 1, "3A")  # an enemy hero elsewhere must not matter
    ctx = FakeCtx(deck=[8, 5])  # 8 = CONFRONT, 5 = ALLY
    qs = start_quest_phase(hs, [0, 1], ctx)
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["3A"]})
    ev = _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_3a_agility"})
    # The quest is revealed publicly; the drawn cards only to the drawer (P-20).
    assert any(e.kind == "quest_revealed" and e.public for e in ev)
    private = [e for e in ev if e.kind == "test_drawn"]
    assert private and private[0].audience == [0] and private[0].data["cards"] == [8, 5]
    assert not any(e.public and "5" in json.dumps(e.data) for e in ev if e.kind == "test_draw")
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert p.rule == "RW-22.2" and p.secret and len(p.options) == 2
    ev = _act(qs, hs, ctx, 0, {"type": "quest_pick", "card": 5})
    assert qs.completed == [(0, h.uid, "quest_3a_agility")]
    assert [r.card for r in h.rewards] == ["reward_war_axe"] and not h.rewards[0].face_up
    assert "quest_3a_agility" in hs.quest_deck.discard_pile
    assert hs.quest_hands[0] == ["quest_2b_wisdom", "quest_1a_wisdom"]
    assert sorted(ctx.discarded) == [5, 8]
    assert not any(e.public and "reward_war_axe" in (e.text + json.dumps(e.data)) for e in ev)
    # The hero's activity is over: it may not duel the enemy hero in 3A (RW-21.4.4).
    assert qs.hero is None and h.uid in qs.acted
    assert quest_phase_prompts(qs, hs, ctx)[0].seat == 1


def test_rw22_2_failed_pick_returns_quest_to_hand_amb42():
    hs = _hs()
    hs.quest_hands = {0: ["quest_3a_agility"]}
    h = H._new_hero(hs, "hero_elf_ranger", 0, "3A")
    ctx = FakeCtx(deck=[8, 5])
    qs = start_quest_phase(hs, [0], ctx)
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": []})  # AMB-41: 0 steps
    _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_3a_agility"})
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "quest_pick", "card": 17})
    assert e.value.rule == "RW-22.2"
    _act(qs, hs, ctx, 0, {"type": "quest_pick", "card": 8})
    assert hs.quest_hands[0] == ["quest_3a_agility"] and hs.revealed_quests[0] == ["quest_3a_agility"]
    assert not h.rewards and qs.failed
    assert "quest_3a_agility" not in H.heroes_secrets(hs).get(0, set())  # now public


def test_rw22_3_attribute_zero_fails_without_drawing():
    hs = _hs()
    hs.quest_hands = {0: ["quest_2b_wisdom"]}
    h = H._new_hero(hs, "hero_uthuk_brute", 0, "2B")  # wisdom 0
    ctx = FakeCtx()
    qs = start_quest_phase(hs, [0], ctx)
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": []})
    _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_2b_wisdom"})
    assert ctx.drawn == [] and qs.failed


def test_rw22_1_training_counts_and_single_card_is_picked_automatically():
    hs = _hs()
    hs.quest_hands = {0: ["quest_2b_wisdom"]}
    h = H._new_hero(hs, "hero_uthuk_brute", 0, "2B")
    h.training["wisdom"] = 1
    ctx = FakeCtx(deck=[3])  # WITHDRAW: a success for this quest
    qs = start_quest_phase(hs, [0], ctx)
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": []})
    _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_2b_wisdom"})
    assert ctx.drawn == [3] and qs.completed
    # The quest's other effect (1 influence) goes to the flow as a content primitive.
    grants = H.take_outbox(hs).grants
    assert grants[0].effects == [{"kind": "gain_influence", "amount": 1, "who": "self"}]


def test_rw22_reward_adds_a_card_to_the_test():
    hs = _hs()
    hs.quest_hands = {0: ["quest_3a_agility"]}
    h = H._new_hero(hs, "hero_uthuk_seer", 0, "3A")  # agility 1
    h.rewards = [H.HeldReward(card="reward_lucky_coin")]
    ctx = FakeCtx(deck=[8, 27])
    qs = start_quest_phase(hs, [0], ctx)
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": []})
    _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_3a_agility"})
    _act(qs, hs, ctx, 0, {"type": "quest_use_reward", "reward": "reward_lucky_coin"})
    assert qs.test is not None and qs.test.drawn == [8, 27]
    assert "reward_lucky_coin" in hs.reward_deck.discard_pile  # single use, now face up
    _act(qs, hs, ctx, 0, {"type": "quest_pick", "card": 27})
    assert qs.completed


# --------------------------------------------------------------------------- RW-21 rule cases


def _one(area="2B", card="hero_elf_ranger", seat=0, **ctxkw):
    hs = _hs()
    hs.quest_hands = {seat: []}
    h = H._new_hero(hs, card, seat, area)
    ctx = FakeCtx(**ctxkw)
    qs = start_quest_phase(hs, [seat], ctx)
    return hs, ctx, qs, h


def test_rw21_6_heal_only_in_friendly_area():
    hs, ctx, qs, h = _one(controllers={"2B": 1})
    h.damage = 1
    assert not any(o.action.get("action") == "heal" for o in quest_phase_prompts(qs, hs, ctx)[0].options)
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "heal"})
    assert e.value.rule == "RW-21.6" and "friendly" in e.value.message
    assert h.damage == 1


def test_rw21_3_each_hero_acts_once_and_only_owner_acts():
    hs, ctx, qs, h = _one()
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 1, {"type": "hero_action", "hero": h.uid, "action": "none"})
    assert e.value.rule == "CORE-1"
    other = H._new_hero(hs, "hero_paladin", 0, "2B")
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "none"})
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    assert e.value.rule == "RW-21.3"
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": other.uid, "action": "none"})
    assert quest_phase_finished(qs) is not None


@pytest.mark.parametrize(
    "training,attrs,ok",
    [
        ({"strength": 0, "agility": 0, "wisdom": 0}, ["strength", "strength"], True),
        ({"strength": 1, "agility": 0, "wisdom": 0}, ["strength", "agility"], True),
        ({"strength": 1, "agility": 0, "wisdom": 0}, ["strength", "strength"], False),
        ({"strength": 2, "agility": 0, "wisdom": 0}, ["strength", "wisdom"], False),
        ({"strength": 0, "agility": 0, "wisdom": 0}, ["strength"], False),
    ],
)
def test_rw21_7_training_rules(training, attrs, ok):
    hs, ctx, qs, h = _one()
    h.training = dict(training)
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "train"})
    action = {"type": "hero_train", "hero": h.uid, "attributes": attrs}
    if ok:
        _act(qs, hs, ctx, 0, action)
        assert all(v <= 2 for v in h.training.values())
    else:
        with pytest.raises(RuleViolation) as e:
            _act(qs, hs, ctx, 0, action)
        assert e.value.rule == "RW-21.7"


def test_rw20_6_fully_trained_hero_cannot_train():
    hs, ctx, qs, h = _one()
    h.training = {"strength": 2, "agility": 2, "wisdom": 1}
    assert not any(o.action.get("action") == "train" for o in quest_phase_prompts(qs, hs, ctx)[0].options)
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "train"})
    assert e.value.rule == "RW-20.6"


def test_rw21_4_move_limits_borders_and_routed():
    hs, ctx, qs, h = _one(area="1A", walls={frozenset(("1A", "1B"))})
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["2A", "3A", "3B"]})
    assert e.value.rule == "RW-21.4.1"
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["1B"]})
    assert e.value.rule == "RW-10.3"
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["3C"]})
    assert e.value.rule == "RW-21.4.1"
    labels = [o.label for o in quest_phase_prompts(qs, hs, ctx)[0].options]
    assert "To 1B" not in labels and "To 1B via 2A" in labels


def test_rw2_5_routed_hero_cannot_move_or_quest():
    hs, ctx, qs, h = _one()
    h.routed = True
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    assert e.value.rule == "RW-21.4.1" and "routed" in e.value.message


def test_rw21_9_quest_needs_its_area_and_own_hand():
    hs, ctx, qs, h = _one(area="2B")
    hs.quest_hands[0] = ["quest_3a_agility"]
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": []})
    opts = [o.action["type"] for o in quest_phase_prompts(qs, hs, ctx)[0].options]
    assert "quest_attempt" not in opts
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_3a_agility"})
    assert e.value.rule == "RW-21.9.1" and "3A" in e.value.message
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_2b_wisdom"})
    assert e.value.rule == "RW-21.8"


def test_rw21_9_scripted_quest_hands_over_to_gm():
    hs, ctx, qs, h = _one()
    hs.quest_hands[0] = ["quest_anywhere_gm"]
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": []})
    _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_anywhere_gm"})
    out = quest_phase_finished(qs, hs)
    assert out is not None and out.outbox.gm and "omen" in out.outbox.gm[0].text


def test_rw23_4_trade_rewards_when_passing_own_hero():
    hs, ctx, qs, h = _one(area="1A")
    friend = H._new_hero(hs, "hero_paladin", 0, "2A")
    friend.rewards = [H.HeldReward(card="reward_dragon_scale")]
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["2A", "3A"]})
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert p.rule == "RW-23.4" and p.secret
    _act(qs, hs, ctx, 0, {"type": "hero_trade", "card": "reward_dragon_scale", "src": friend.uid, "dst": h.uid})
    h = H.get_hero(hs, h.uid)
    assert [r.card for r in h.rewards] == ["reward_dragon_scale"] and qs.step == "along"
    _act(qs, hs, ctx, 0, {"type": "hero_along_done"})
    assert qs.step == "after"


def test_rw26_4_pick_up_at_marker_on_the_way():
    hs, ctx, qs, h = _one(area="1A")
    hs.markers.append(
        H.DefeatedMarker(id=1, area="2A", hero_card="hero_lich", rewards=[H.HeldReward(card="reward_rune_map")])
    )
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["2A", "3A"]})
    ev = _act(qs, hs, ctx, 0, {"type": "hero_collect", "marker": 1})
    assert not hs.markers and [r.card for r in h.rewards] == ["reward_rune_map"]
    assert not any(e.public and "rune_map" in e.text + json.dumps(e.data) for e in ev)


def test_quest_phase_reward_use_flips_and_goes_to_a():
    hs, ctx, qs, h = _one()
    h.rewards = [H.HeldReward(card="reward_rune_map"), H.HeldReward(card="reward_odd_relic")]
    _act(qs, hs, ctx, 0, {"type": "hero_use_reward", "hero": h.uid, "reward": "reward_rune_map"})
    _act(qs, hs, ctx, 0, {"type": "hero_use_reward", "hero": h.uid, "reward": "reward_odd_relic"})
    out = H.take_outbox(hs)
    assert out.rune_gains == [0] and out.gm and "reward_rune_map" in hs.reward_deck.discard_pile


# --------------------------------------------------------------------------- RW-34 (heroes)


def _explore(token: str, area="2B", **kw):
    hs, ctx, qs, h = _one(area="1B", **kw)
    hs.exploration.append(H.ExplorationSlot(area=area, token=token, back=1))
    ctx.exploration = True
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    return hs, ctx, qs, h


def test_rw34_3_zero_step_move_does_not_reveal_amb64():
    hs, ctx, qs, h = _explore("expl_ambush", area="1B")
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": []})
    assert not hs.exploration[0].face_up and h.damage == 0


def test_rw34_4_8_ambush_damage_and_choice_with_enemies():
    hs, ctx, qs, h = _explore("expl_ambush", controllers={"2B": 1})
    h.rewards = [H.HeldReward(card="reward_war_axe")]
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["2B"]})
    assert h.damage == 1
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert p.rule == "RW-34.4.8"
    _act(qs, hs, ctx, 0, {"type": "hero_explore", "choice": "discard", "reward": "reward_war_axe"})
    assert not H.get_hero(hs, h.uid).rewards and "expl_ambush" in hs.exploration_discard
    assert qs.step == "after"


def test_rw34_4_7_merchant_costs_three_influence():
    hs, ctx, qs, h = _explore("expl_travelling_merchant", influence={0: 3})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["2B"]})
    _act(qs, hs, ctx, 0, {"type": "hero_explore", "choice": "pay"})
    assert len(h.rewards) == 1
    assert H.take_outbox(hs).grants[0].effects == [{"kind": "gain_influence", "amount": -3, "who": "self"}]


def test_rw34_4_4_dungeon_stops_movement_for_the_season():
    hs, ctx, qs, h = _explore("expl_dungeon", area="2A")
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["2A"]})
    assert h.stuck and hs.exploration[0].face_up
    with pytest.raises(RuleViolation) as e:
        H.move_hero(hs, h.uid, "3A", ctx)
    assert e.value.rule == "RW-34.4.4"
    H.new_season(hs)
    assert H.hero_may_move(hs, h.uid)


def test_rw34_4_4_face_up_dungeon_blocks_passing_through():
    hs, ctx, qs, h = _one(area="1A")
    hs.exploration.append(H.ExplorationSlot(area="2A", token="expl_dungeon", back=1, face_up=True))
    ctx.exploration = True
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["2A", "3A"]})
    assert e.value.rule == "RW-34.4.4"


def test_rw34_4_5_temple_after_each_hero_activity():
    hs, ctx, qs, h = _one()
    hs.exploration.append(H.ExplorationSlot(area="2B", token="expl_temple", back=1, face_up=True))
    ctx.exploration = True
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "none"})
    assert H.take_outbox(hs).grants[0].effects == [{"kind": "gain_influence", "amount": 2, "who": "self"}]


def test_rw34_4_3_portal_paths_cost_one_influence():
    hs, ctx, qs, h = _one(area="1A", influence={0: 1})
    hs.exploration += [
        H.ExplorationSlot(area="1A", token="expl_magic_portal", back=1, face_up=True),
        H.ExplorationSlot(area="3C", token="expl_magic_portal_b", back=2, face_up=True),
    ]
    ctx.exploration = True
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    assert any(o.action.get("portal") for o in quest_phase_prompts(qs, hs, ctx)[0].options)
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["3C"], "portal": True})
    assert h.area == "3C"
    assert H.take_outbox(hs).grants[0].effects == [{"kind": "gain_influence", "amount": -1, "who": "self"}]


def test_rw34_4_9_scroll_shows_tokens_only_to_reader():
    hs, ctx, qs, h = _explore("expl_prophets_scroll")
    hs.exploration.append(H.ExplorationSlot(area="3C", token="expl_village", back=2))
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["2B"]})
    ev = _act(qs, hs, ctx, 0, {"type": "hero_explore", "choice": "area", "area": "3C"})
    assert [e.audience for e in ev if e.kind == "scroll_private"] == [[0]]
    assert hs.outbox.rune_inspections == [(0, "3C")]
    view = H.heroes_view(hs, 0, content=CONTENT)
    assert view["my_scroll_seen"] == {"3C": "expl_village"}
    public = json.dumps(H.heroes_view(hs, None, content=CONTENT))
    assert "expl_village" not in public


def test_rw34_4_10_training_token():
    hs, ctx, qs, h = _explore("expl_training")
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["2B"]})
    _act(qs, hs, ctx, 0, {"type": "hero_explore", "choice": "attribute", "attribute": "wisdom"})
    assert h.training["wisdom"] == 1


# --------------------------------------------------------------------------- property


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    placements=st.lists(
        st.tuples(st.integers(0, 2), st.sampled_from(["1A", "1B", "1C", "2A", "2B", "2C", "3A", "3B", "3C"])),
        min_size=1,
        max_size=7,
    ),
    explore=st.booleans(),
)
def test_random_legal_quest_phases_terminate(seed, placements, explore):
    """Random legal play always ends the quest phase; states stay consistent and serialisable."""
    hs = H.HeroesState()
    hs.reward_deck.draw_pile = sorted(CONTENT.rewards)
    hs.quest_deck.draw_pile = sorted(CONTENT.quests)
    cards = sorted(CONTENT.heroes)
    for i, (seat, area) in enumerate(placements):
        if len(H.heroes_of(hs, seat)) >= 3:  # RW-20.3
            continue
        h = H._new_hero(hs, cards[i % len(cards)], seat, area)
        if i % 3 == 0:
            h.rewards.append(H.HeldReward(card=hs.reward_deck.draw_pile.pop(0)))
    for seat in range(3):
        hs.quest_hands[seat] = hs.quest_deck.draw(Rng.from_seed(seat), 2)  # no reshuffle: the rng goes unused
    ctx = FakeCtx(
        players=3,
        seed=seed,
        influence={0: 5, 1: 1, 2: 0},
        controllers={"1A": 0, "2C": 1, "3B": 2},
        occupied={"2B"},
        exploration=explore,
        tactics={1: ["tactics_x"]},
    )
    if explore:
        areas = [a for row in (["1B", "1C", "2A", "2B"], ["3A", "3C", "2C", "1A"]) for a in row]
        for area, token in zip(areas, sorted(CONTENT.exploration), strict=False):
            hs.exploration.append(H.ExplorationSlot(area=area, token=token, back=1, face_up=token.endswith("portal")))
    qs = start_quest_phase(hs, [2, 0, 1], ctx)
    play_all(qs, hs, ctx, seed=seed, check=True)
    assert quest_phase_finished(qs, hs) is not None
    assert H.heroes_invariants(hs, CONTENT) == []
    assert H.HeroesState.model_validate_json(hs.model_dump_json()) == hs
    type(qs).model_validate_json(qs.model_dump_json())


def _real_content() -> H.HeroContent:
    """The shipped content; a file that does not load fails the test (ContentError, ValidationError)."""
    return H.HeroContent.from_runewars(load_content())


@pytest.mark.parametrize("seed", range(12))
def test_random_quest_phase_with_shipped_content(seed):
    """Smoke: the shipped cards (heroes, quests, rewards, neutrals, tokens) play through."""
    import random

    c = _real_content()
    areas = sorted({q.area_id for q in c.quests.values() if q.area_id})
    adj: dict[str, set[str]] = {a: set() for a in areas}
    for i, a in enumerate(areas):
        for b in areas[i + 1 : i + 3]:
            adj[a].add(b)
            adj[b].add(a)
    rnd = random.Random(seed)
    hs, _ = H.setup_heroes({0: "good", 1: "evil", 2: "good"}, sorted(c.quests), Rng.from_seed(seed), c)
    for h in hs.heroes:
        h.area = rnd.choice(areas)
    for h in hs.heroes:
        for _ in range(2):
            card = hs.reward_deck.draw_one(Rng.from_seed(seed))
            if card:
                h.rewards.append(H.HeldReward(card=card))
    H.setup_exploration(hs, areas[: len(areas) // 2], areas[len(areas) // 2 :], Rng.from_seed(seed), c)
    ctx = FakeCtx(
        content=c,
        adj=adj,
        players=3,
        seed=seed,
        influence={0: 4, 1: 4, 2: 4},
        controllers={areas[0]: 0, areas[1]: 1},
        exploration=True,
    )
    qs = start_quest_phase(hs, [0, 1, 2], ctx)
    play_all(qs, hs, ctx, seed=seed, check=True)
    assert quest_phase_finished(qs, hs) is not None
    assert H.heroes_invariants(hs, c) == []
    public = json.dumps(H.heroes_view(hs, None, content=c))
    for seat, values in H.heroes_secrets(hs).items():
        for v in values:
            assert v not in public, (seat, v)


def test_hero_move_bonus_ability_gives_three_steps():
    hs, ctx, qs, h = _one(area="1A", card="hero_swift")
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": ["2A", "3A", "3B"]})
    assert h.area == "3B"


def test_attribute_test_ability_draws_an_extra_card_automatically():
    hs, ctx, qs, h = _one(area="3A", card="hero_thalen")  # agility 1 + 1 card from the ability
    hs.quest_hands[0] = ["quest_3a_agility"]
    ctx.deck = [8, 27]
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": []})
    _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_3a_agility"})
    assert qs.test is not None and qs.test.drawn == [8, 27]


def test_rw1_8_reshuffled_completed_quest_not_a_secret_while_listed_completed():
    """RW-21.9.2 / RW-1.8: a quest completed this phase is public by id; when a reshuffle hands
    the same card back to a seat, the id is not that seat's secret while the phase lists it
    (the leak check must not fire on the public completion list), but other hand cards still are."""
    from engine.runewars.heroes.quests import QuestPhaseState

    hs = _hs()
    hs.quest_hands = {0: ["quest_1a_wisdom", "quest_1b_agility"]}
    assert H.heroes_secrets(hs)[0] == {"quest_1a_wisdom", "quest_1b_agility"}
    qs = QuestPhaseState(order=[0], completed=[(0, "h1", "quest_1a_wisdom")])
    assert H.heroes_secrets(hs, qs)[0] == {"quest_1b_agility"}


def test_rw22_rw30_2_attribute_test_tactics_window_lucky_charm():
    """RW-22 / RW-30.2: during an attribute test the test-taker may play an "attribute test" tactics
    card (Lucky Charm: draw 2 more destiny cards); it is played once, goes to the outbox (discarded
    from the hand), and a seat without such a card is not offered one (RW-30.3 via ctx)."""
    import dataclasses

    from engine.runewars.heroes.core import _default_content

    content = dataclasses.replace(CONTENT, tactics={"T21": _default_content().tactics["T21"]})
    hs = _hs()
    hs.quest_hands = {0: ["quest_3a_agility"]}
    h = H._new_hero(hs, "hero_elf_ranger", 0, "3A")  # agility 2
    ctx = FakeCtx(content=content, deck=[8, 9, 5, 1])  # 8, 9 CONFRONT; 5 ALLY
    ctx.test_tactics = lambda seat: ["T21"] if seat == 0 else []  # type: ignore[attr-defined]
    qs = start_quest_phase(hs, [0], ctx)
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": []})
    _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_3a_agility"})
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert p.secret and {"type": "quest_tactics", "card": "T21"} in [o.action for o in p.options]
    ev = _act(qs, hs, ctx, 0, {"type": "quest_tactics", "card": "T21"})
    assert any(e.kind == "tactics_played" and e.public for e in ev)
    assert qs.test is not None and qs.test.drawn == [8, 9, 5, 1]
    assert hs.outbox.tactics_played == [(0, "T21")]
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert all(o.action["type"] != "quest_tactics" for o in p.options)  # once per test
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "quest_tactics", "card": "T21"})
    assert e.value.rule == "RW-30.3"
    _act(qs, hs, ctx, 0, {"type": "quest_pick", "card": 5})
    assert qs.completed == [(0, h.uid, "quest_3a_agility")]
