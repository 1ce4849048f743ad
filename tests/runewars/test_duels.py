"""Duels (RW-24), duel quests (RW-25) and the EX-12 worked example."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.runewars.content.loader import load_content
from engine.runewars.heroes import core as H
from engine.runewars.heroes.quests import (
    apply_quest_action,
    quest_phase_finished,
    quest_phase_prompts,
    start_quest_phase,
)
from tests.runewars.test_heroes_support import CIRCLE_BLANK, FakeCtx


def _setup(deck: list[int], carthos_rewards=(), sil_rewards=(), sil_area="2B", players=2):
    hs = H.HeroesState()
    hs.reward_deck.draw_pile = ["reward_war_axe", "reward_gold_purse", "reward_rune_map"]
    hs.quest_hands = {0: [], 1: []}
    c = H._new_hero(hs, "hero_mad_carthos", 1, "2A")
    c.rewards = [H.HeldReward(card=r) for r in carthos_rewards]
    s = H._new_hero(hs, "hero_silhouette", 0, sil_area)
    s.rewards = [H.HeldReward(card=r) for r in sil_rewards]
    ctx = FakeCtx(deck=list(deck), players=players)
    qs = start_quest_phase(hs, [1, 0], ctx)  # Uthuk (seat 1) had the lower spring card
    return hs, ctx, qs, c, s


def _act(qs, hs, ctx, seat, action):
    return apply_quest_action(qs, hs, seat, action, ctx)


def _to_duel(qs, hs, ctx, c, s):
    _act(qs, hs, ctx, 1, {"type": "hero_action", "hero": c.uid, "action": "move"})
    _act(qs, hs, ctx, 1, {"type": "hero_move", "hero": c.uid, "path": ["2B"]})
    return _act(qs, hs, ctx, 1, {"type": "duel_challenge", "hero": c.uid, "target": s.uid})


def test_ex12_duel_mad_carthos_defeats_silhouette():
    """EX-12 / RW-24: Carthos (str 2, Blade of Fury + Rune Armor face down) beats Silhouette."""
    # Destiny order: round 1 Carthos 1 (circle special), Silhouette 15 (circle rout 1);
    # round 2 both draw a circle "1 damage" (5 and 25).
    hs, ctx, qs, c, s = _setup(
        [1, 15, 5, 25], ["reward_blade_of_fury", "reward_rune_armor"], sil_rewards=["reward_dragon_scale"]
    )
    _to_duel(qs, hs, ctx, c, s)
    # Start of duel: Carthos's ability deals 1 damage to the defender (1/3).
    _act(qs, hs, ctx, 1, {"type": "duel_ability"})
    assert s.damage == 1
    # Round 1: Carthos's special activates Blade of Fury (damage = strength 2), turned face up.
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert p.rule == "RW-24.4.2" and p.seat == 1
    _act(qs, hs, ctx, 1, {"type": "duel_special", "choice": "reward", "reward": "reward_blade_of_fury"})
    assert [r.face_up for r in c.rewards] == [True, False]
    _act(qs, hs, ctx, 1, {"type": "duel_done"})  # no armour needed: nothing incoming
    _act(qs, hs, ctx, 0, {"type": "duel_done"})  # the Elf player uses nothing
    assert s.damage == 2 and c.damage == 0  # rout 1 cancelled 1 of the 2
    # Round 2: both deal 1; Rune Armor cancels Carthos's.
    ev = _act(qs, hs, ctx, 1, {"type": "duel_use", "reward": "reward_rune_armor"})
    assert any(e.kind == "reward_revealed" and e.public for e in ev)
    ev = _act(qs, hs, ctx, 0, {"type": "duel_done"})
    # Then: Silhouette defeated (3/3, AMB-7), removed from the game; duel ended after round 2.
    assert H.find_hero(hs, s.uid) is None and "hero_silhouette" in hs.removed_heroes
    assert c.damage == 0
    assert qs.duels[-1]["result"] == "attacker" and qs.duels[-1]["rounds"] == 2
    # All rewards stay face up / keep faces and go under Carthos (RW-24.6).
    faces = {r.card: r.face_up for r in c.rewards}
    assert faces == {"reward_blade_of_fury": True, "reward_rune_armor": True, "reward_dragon_scale": False}
    assert c.area == "2B"  # nobody retreats (RW-24.5)
    # The face-down spoil is named only to the new owner.
    assert not any("reward_dragon_scale" in e.text or "Dragon Scale" in e.text for e in ev if e.public)
    assert any("Dragon Scale" in e.text for e in ev if e.audience == [1])
    assert ctx.discarded == [1, 15, 5, 25]
    assert quest_phase_finished(qs) is not None  # Silhouette's owner had no other hero


def test_rw24_1_duel_needs_enemy_hero_in_same_area():
    hs, ctx, qs, c, s = _setup([], sil_area="3C")
    _act(qs, hs, ctx, 1, {"type": "hero_action", "hero": c.uid, "action": "move"})
    _act(qs, hs, ctx, 1, {"type": "hero_move", "hero": c.uid, "path": ["2B"]})
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 1, {"type": "duel_challenge", "hero": c.uid, "target": s.uid})
    assert e.value.rule == "RW-24.1"


def test_rw24_1_routed_hero_can_be_challenged():
    """RW-24.8: a routed defender fights like a standing one."""
    hs, ctx, qs, c, s = _setup([5, 7, 5, 7])
    s.routed = True
    _to_duel(qs, hs, ctx, c, s)
    _act(qs, hs, ctx, 1, {"type": "duel_done"})
    assert s.damage >= 1


def test_rw24_4_special_can_deal_one_damage_and_rout_cancels():
    hs, ctx, qs, c, s = _setup([1, 15] + [7, 7, 7, 7, 7, 7])
    _to_duel(qs, hs, ctx, c, s)
    _act(qs, hs, ctx, 1, {"type": "duel_done"})  # no start-of-duel ability used
    _act(qs, hs, ctx, 1, {"type": "duel_special", "choice": "damage"})
    assert s.damage == 0  # 1 damage cancelled by the rout flag
    assert qs.duel is None and qs.duels[-1]["rounds"] == 4 and qs.duels[-1]["result"] == "none"  # RW-24.5


def test_rw24_4_3_simultaneous_damage_both_defeated_amb44():
    hs, ctx, qs, c, s = _setup([5, 5] * 4, carthos_rewards=["reward_war_axe"], sil_rewards=["reward_rune_map"])
    c.damage = 3
    s.damage = 2
    _to_duel(qs, hs, ctx, c, s)
    _act(qs, hs, ctx, 1, {"type": "duel_done"})
    assert H.find_hero(hs, c.uid) is None and H.find_hero(hs, s.uid) is None
    # AMB-44: each is defeated as outside a duel: rewards set aside with markers.
    assert sorted(r.card for m in hs.markers for r in m.rewards) == ["reward_rune_map", "reward_war_axe"]
    assert {m.area for m in hs.markers} == {"2B"}


def test_rw23_5_one_weapon_per_duel():
    hs, ctx, qs, c, s = _setup([1, 7, 1, 7, 7, 7, 7, 7], ["reward_blade_of_fury", "reward_war_axe"])
    _to_duel(qs, hs, ctx, c, s)
    _act(qs, hs, ctx, 1, {"type": "duel_done"})
    _act(qs, hs, ctx, 1, {"type": "duel_special", "choice": "reward", "reward": "reward_war_axe"})
    labels = [o.label for o in quest_phase_prompts(qs, hs, ctx)[0].options]
    assert labels == ["Deal 1 damage", "Activate War Axe"] or s.damage >= 2
    # Round 2: the Blade is a second weapon and is refused.
    while quest_phase_prompts(qs, hs, ctx)[0].rule != "RW-24.4.2":
        p = quest_phase_prompts(qs, hs, ctx)[0]
        _act(qs, hs, ctx, p.seat, {"type": "duel_done"})
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 1, {"type": "duel_special", "choice": "reward", "reward": "reward_blade_of_fury"})
    assert e.value.rule == "RW-23.5"
    _act(qs, hs, ctx, 1, {"type": "duel_special", "choice": "reward", "reward": "reward_war_axe"})  # reuse is fine
    assert H.find_hero(hs, s.uid) is None and qs.duels[-1]["result"] == "attacker"  # 2 + 2 damage >= 3


def test_rw24_3_defender_may_play_duel_tactics():
    hs, ctx, qs, c, s = _setup([7] * 8)
    ctx.tactics = {0: ["tactics_parry"]}
    _to_duel(qs, hs, ctx, c, s)
    _act(qs, hs, ctx, 1, {"type": "duel_done"})
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert p.seat == 0 and p.rule == "RW-24.3" and p.secret
    _act(qs, hs, ctx, 0, {"type": "duel_tactics", "card": "tactics_parry"})
    assert hs.outbox.tactics_played == [(0, "tactics_parry")]
    with pytest.raises(RuleViolation):
        _act(qs, hs, ctx, 0, {"type": "duel_tactics", "card": "tactics_parry"})


def test_rw24_6_spoils_choice_with_two_winner_heroes_there():
    hs, ctx, qs, c, s = _setup([5, 7] * 4, sil_rewards=["reward_rune_map"])
    s.damage = 2
    other = H._new_hero(hs, "hero_uthuk_brute", 1, "2B")
    _to_duel(qs, hs, ctx, c, s)
    _act(qs, hs, ctx, 1, {"type": "duel_done"})
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert p.rule == "RW-24.6" and p.seat == 1 and p.secret
    with pytest.raises(RuleViolation):
        _act(qs, hs, ctx, 1, {"type": "duel_spoils", "card": "reward_rune_map", "hero": "nobody"})
    _act(qs, hs, ctx, 1, {"type": "duel_spoils", "card": "reward_rune_map", "hero": other.uid})
    other = H.get_hero(hs, other.uid)  # a refused action restores the state: fetch heroes again
    assert [r.card for r in other.rewards] == ["reward_rune_map"]


def test_rw24_wrong_seat_is_refused_during_duel():
    hs, ctx, qs, c, s = _setup([1, 7] * 4, ["reward_blade_of_fury"])
    _to_duel(qs, hs, ctx, c, s)
    with pytest.raises(RuleViolation) as e:
        _act(qs, hs, ctx, 0, {"type": "duel_done"})
    assert e.value.rule == "CORE-1"


# --------------------------------------------------------------------------- RW-25


def _duel_quest(deck, quest="quest_2a_beast", players=3):
    hs = H.HeroesState()
    hs.reward_deck.draw_pile = ["reward_war_axe", "reward_gold_purse"]
    hs.quest_deck.draw_pile = ["quest_1a_wisdom", "quest_1b_agility"]
    hs.quest_hands = {0: [quest], 1: [], 2: []}
    h = H._new_hero(hs, "hero_elf_ranger", 0, "2A")
    ctx = FakeCtx(deck=list(deck), players=players)
    qs = start_quest_phase(hs, [0, 1, 2], ctx)
    _act(qs, hs, ctx, 0, {"type": "hero_action", "hero": h.uid, "action": "move"})
    _act(qs, hs, ctx, 0, {"type": "hero_move", "hero": h.uid, "path": []})
    return hs, ctx, qs, h


def test_rw25_duel_quest_won_completes_quest():
    # Round 1: hero draws 5 (circle 1 damage); Beastman draws 7 (triangle rout 1) -> cancels it.
    # Round 2: hero 25 (1 damage); Beastman 8 (rout 1) ... round 3 hero 5, beastman 2 (triangle blank).
    hs, ctx, qs, h = _duel_quest([5, 7, 25, 8, 6, 2])
    ev = _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_2a_beast"})
    assert ("quest_2a_beast" in hs.revealed_quests[0]) is False  # discarded once completed
    assert qs.completed == [(0, h.uid, "quest_2a_beast")]
    assert [r.card for r in h.rewards] == ["reward_war_axe"]  # RW-25.5: the quest's reward
    assert hs.quest_hands[0] == ["quest_1a_wisdom"]  # RW-21.9.2: a new quest is drawn
    assert "quest_2a_beast" in hs.quest_deck.discard_pile
    assert any(e.kind == "neutral_special" for e in ev) is False
    assert quest_phase_finished(qs) is not None


def test_rw25_4_neutral_must_use_special_beastman():
    # Round 1: hero 7 (circle blank); Beastman 9 (triangle special): Ravage 1 damage, then
    # draws another card: 19 (triangle special again? once per duel) -> 1 more damage only once.
    hs, ctx, qs, h = _duel_quest([7, 9, 15] + [7, 2] * 3)
    ev = _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_2a_beast"})
    assert any(e.kind == "neutral_special" for e in ev)
    assert h.damage == 2  # 1 from Ravage + 1 from the extra card 15 (triangle D1)
    assert qs.failed == [(0, h.uid, "quest_2a_beast")]  # 4 rounds, nobody defeated: quest fails (AMB-42)
    assert hs.quest_hands[0] == ["quest_2a_beast"] and "quest_2a_beast" in hs.revealed_quests[0]


def test_rw25_3_neutral_decisions_go_to_player_left_of_quester():
    """P-29: the neutral's choice is asked of the seat left of the quester (AMB-20)."""
    hs, ctx, qs, h = _duel_quest([7, 3] + [7, 2] * 3, quest="quest_2a_chimera")  # 3: rectangle special
    _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_2a_chimera"})
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert p.seat == 1 and p.rule == "RW-25.3" and len(p.options) == 2
    with pytest.raises(RuleViolation):
        _act(qs, hs, ctx, 0, {"type": "duel_neutral_choice", "option": 0})
    _act(qs, hs, ctx, 1, {"type": "duel_neutral_choice", "option": 0})
    assert h.damage == 2


def test_rw25_5_hero_defeated_in_duel_quest_leaves_marker():
    hs, ctx, qs, h = _duel_quest([7, 18] * 4)  # triangle D1 each round
    h.damage = 3
    h.rewards = [H.HeldReward(card="reward_gold_purse", face_up=True)]
    hs.reward_deck.draw_pile.remove("reward_gold_purse")
    _act(qs, hs, ctx, 0, {"type": "quest_attempt", "hero": h.uid, "quest": "quest_2a_beast"})
    assert H.find_hero(hs, h.uid) is None
    assert hs.markers and hs.markers[0].area == "2A" and hs.markers[0].rewards[0].face_up
    assert qs.failed and quest_phase_finished(qs) is not None


def test_duel_blank_cards_only_reach_round_four():
    hs, ctx, qs, c, s = _setup(CIRCLE_BLANK[:8])
    _to_duel(qs, hs, ctx, c, s)
    _act(qs, hs, ctx, 1, {"type": "duel_done"})
    assert qs.duels[-1]["rounds"] == 4 and c.damage == 0 and s.damage == 0


def _duel2(attacker_card, defender_card, deck, attacker_rewards=(), defender_rewards=()):
    hs = H.HeroesState()
    hs.quest_hands = {0: [], 1: []}
    a = H._new_hero(hs, attacker_card, 1, "2A")
    a.rewards = [H.HeldReward(card=r) for r in attacker_rewards]
    d = H._new_hero(hs, defender_card, 0, "2B")
    d.rewards = [H.HeldReward(card=r) for r in defender_rewards]
    ctx = FakeCtx(deck=list(deck))
    qs = start_quest_phase(hs, [1, 0], ctx)
    _to_duel(qs, hs, ctx, a, d)
    return hs, ctx, qs, a, d


def test_rw24_3_attacker_only_ability_is_not_offered_to_a_defending_carthos():
    _hs, _ctx, qs, _a, _d = _duel2("hero_paladin", "hero_mad_carthos", CIRCLE_BLANK[:8])
    assert qs.duels[-1]["rounds"] == 4  # no start-of-duel prompt for either side: nothing to decide


def test_rw24_3_start_ability_with_a_choice():
    hs, ctx, qs, a, d = _duel2("hero_vorna", "hero_paladin", CIRCLE_BLANK[:8])
    _act(qs, hs, ctx, 1, {"type": "duel_ability"})
    p = quest_phase_prompts(qs, hs, ctx)[0]
    assert p.seat == 1 and len(p.options) == 2
    _act(qs, hs, ctx, 1, {"type": "duel_neutral_choice", "option": 1})
    assert H.get_hero(hs, a.uid).damage == 1 and H.get_hero(hs, d.uid).damage == 2


def test_rw23_5_cancel_pool_lasts_the_duel():
    # Attacker deals 1 damage in rounds 1 and 2 (cards 5, 25); the defender's Ward Charm
    # (cancel 2 for the duel) absorbs both.
    hs, ctx, qs, _a, d = _duel2(
        "hero_paladin", "hero_elf_ranger", [5, 7, 25, 7, 7, 7, 7, 7], defender_rewards=["reward_ward_charm"]
    )
    _act(qs, hs, ctx, 0, {"type": "duel_use", "reward": "reward_ward_charm"})
    assert H.get_hero(hs, d.uid).damage == 0 and qs.duels[-1]["rounds"] == 4
    assert "reward_ward_charm" in hs.reward_deck.discard_pile


def _shipped() -> tuple[H.HeroContent, dict[str, str]]:
    """The shipped content and its hero/reward ids by printed name; a broken load fails the test."""
    content = H.HeroContent.from_runewars(load_content())
    names = {c.name: k for k, c in content.heroes.items()} | {c.name: k for k, c in content.rewards.items()}
    needed = ["Mad Carthos", "Silhouette", "Blade of Fury", "Rune Armor"]
    assert all(n in names for n in needed), "the shipped content must hold the EX-12 cards"
    return content, names


def test_ex12_with_shipped_content():
    """EX-12 again, with the transcribed cards instead of the fixtures."""
    content, ids = _shipped()
    assert content.heroes[ids["Mad Carthos"]].strength == 2 and content.heroes[ids["Silhouette"]].health == 3
    hs = H.HeroesState()
    hs.quest_hands = {0: [], 1: []}
    c = H._new_hero(hs, ids["Mad Carthos"], 1, "2A")
    c.rewards = [H.HeldReward(card=ids["Blade of Fury"]), H.HeldReward(card=ids["Rune Armor"])]
    s = H._new_hero(hs, ids["Silhouette"], 0, "2B")
    ctx = FakeCtx(content=content, deck=[1, 15, 5, 25])
    qs = start_quest_phase(hs, [1, 0], ctx)
    _act(qs, hs, ctx, 1, {"type": "hero_action", "hero": c.uid, "action": "move"})
    _act(qs, hs, ctx, 1, {"type": "hero_move", "hero": c.uid, "path": ["2B"]})
    _act(qs, hs, ctx, 1, {"type": "duel_challenge", "hero": c.uid, "target": s.uid})
    _act(qs, hs, ctx, 1, {"type": "duel_ability"})
    assert s.damage == 1
    _act(qs, hs, ctx, 1, {"type": "duel_special", "choice": "reward", "reward": ids["Blade of Fury"]})
    _act(qs, hs, ctx, 1, {"type": "duel_done"})
    assert s.damage == 2 and c.damage == 0
    _act(qs, hs, ctx, 1, {"type": "duel_use", "reward": ids["Rune Armor"]})
    assert H.find_hero(hs, s.uid) is None and c.damage == 0
    assert all(r.face_up for r in c.rewards) and qs.duels[-1]["rounds"] == 2
