"""Heroes outside the quest flow: setup, limits, defeat, desertion, Rally Support, views (RW-20, RW-23, RW-26)."""

from __future__ import annotations

import json

import pytest

from engine.core import Rng, RuleViolation
from engine.runewars.heroes import core as H
from engine.runewars.heroes.quests import apply_quest_action, quest_phase_prompts, start_quest_phase
from tests.runewars.test_heroes_support import CONTENT, FakeCtx


def test_rw3_9_setup_deals_quests_and_aligned_heroes():
    hs, events = H.setup_heroes({0: "good", 1: "evil"}, sorted(CONTENT.quests), Rng.from_seed(3), CONTENT)
    assert all(len(hs.quest_hands[s]) == 2 for s in (0, 1))
    by_seat = {h.owner: CONTENT.heroes[h.card].alignment for h in hs.heroes}
    assert by_seat == {0: "good", 1: "evil"}
    # AMB-48: neutral heroes are never dealt, they go into the hero deck with the rest.
    assert "hero_wanderer" in hs.hero_deck.draw_pile
    assert len(hs.hero_deck.draw_pile) == len(CONTENT.heroes) - 2
    assert sorted(hs.reward_deck.draw_pile) == sorted(CONTENT.rewards)
    # Quests are private: only the drawer's event names them.
    assert all(
        e.audience == [e.data.get("quests") and s] or not e.data.get("quests")
        for s in (0, 1)
        for e in events
        if e.kind == "quest_drawn" and e.audience == [s]
    )
    assert H.heroes_invariants(hs, CONTENT) == []


def _hs_with(*cards, seat=0, area="2B"):
    hs = H.HeroesState()
    hs.reward_deck.draw_pile = sorted(CONTENT.rewards)
    heroes = [H._new_hero(hs, c, seat, area) for c in cards]
    return hs, heroes


def test_rw20_5_defeat_at_damage_equal_to_health_amb7():
    hs, (h,) = _hs_with("hero_silhouette")
    ctx = FakeCtx()
    H.damage_hero(hs, h.uid, 2, ctx)
    assert H.find_hero(hs, h.uid) is not None
    H.damage_hero(hs, h.uid, 1, ctx)  # 3/3
    assert H.find_hero(hs, h.uid) is None and hs.removed_heroes == ["hero_silhouette"]


def test_rw26_3_defeated_outside_duel_sets_rewards_aside_with_marker():
    hs, (h,) = _hs_with("hero_silhouette")
    ctx = FakeCtx()
    h.rewards = [H.HeldReward(card="reward_war_axe", face_up=True), H.HeldReward(card="reward_rune_map")]
    hs.reward_deck.draw_pile = [c for c in hs.reward_deck.draw_pile if c not in ("reward_war_axe", "reward_rune_map")]
    H.defeat_hero(hs, h.uid, ctx, cause="a tactics card")
    (m,) = hs.markers
    assert m.area == "2B" and [(r.card, r.face_up) for r in m.rewards] == [
        ("reward_war_axe", True),
        ("reward_rune_map", False),
    ]
    # Face-down set-aside rewards are seen by nobody (Hidden information map).
    assert "reward_rune_map" in H.heroes_secrets(hs)[H.HIDDEN]
    public = json.dumps(H.heroes_view(hs, None, content=CONTENT))
    assert "reward_rune_map" not in public and "reward_war_axe" in public
    assert H.heroes_invariants(hs, CONTENT) == []


def test_rw26_5_desertion_shuffles_card_back_and_discards_rewards_face_up():
    hs, (h,) = _hs_with("hero_lich")
    ctx = FakeCtx()
    hs.reward_deck.draw_pile.remove("reward_rune_map")
    h.rewards = [H.HeldReward(card="reward_rune_map")]
    ev = H.desert_hero(hs, h.uid, ctx)
    assert "hero_lich" in hs.hero_deck.draw_pile and not hs.heroes
    assert hs.reward_deck.discard_pile == ["reward_rune_map"]
    assert ev[0].public and ev[0].reveals and "Rune Map" in ev[0].text


def test_rw20_3_fourth_hero_forces_a_desertion_p65():
    hs, heroes = _hs_with("hero_lich", "hero_paladin", "hero_silhouette")
    ctx = FakeCtx()
    H.gain_hero(hs, 0, "hero_wanderer", "1A", ctx)
    (p,) = H.pending_prompts(hs, ctx)
    assert p.rule == "RW-20.3" and len(p.options) == 4
    with pytest.raises(RuleViolation) as e:
        H.apply_pending_action(hs, 1, {"type": "hero_desert", "hero": heroes[0].uid}, ctx)
    assert e.value.rule == "CORE-1"
    H.apply_pending_action(hs, 0, {"type": "hero_desert", "hero": heroes[1].uid}, ctx)
    assert len(H.heroes_of(hs, 0)) == 3 and not hs.pending
    assert "hero_paladin" in hs.hero_deck.draw_pile


def test_rw18_6_2_rally_support_keep_one_and_place_p55_p56():
    hs = H.HeroesState()
    hs.hero_deck.draw_pile = ["hero_lich", "hero_paladin", "hero_wanderer", "hero_silhouette"]
    ctx = FakeCtx()
    ev = H.rally_draw_heroes(hs, 1, 3, ["3C"], ctx)
    assert [e.audience for e in ev if e.kind == "rally_drawn"] == [[1]]
    assert "hero_paladin" in H.heroes_secrets(hs)[1]
    (p,) = H.pending_prompts(hs, ctx)
    assert p.secret and p.rule == "RW-18.6.2" and len(p.options) == 3
    H.apply_pending_action(hs, 1, {"type": "hero_rally_keep", "card": "hero_paladin"}, ctx)
    assert sorted(hs.hero_deck.draw_pile) == ["hero_lich", "hero_silhouette", "hero_wanderer"]
    with pytest.raises(RuleViolation) as e:
        H.apply_pending_action(hs, 1, {"type": "hero_place", "area": "1A"}, ctx)
    assert e.value.rule == "RW-20.4"
    H.apply_pending_action(hs, 1, {"type": "hero_place", "area": "3C"}, ctx)
    (h,) = hs.heroes
    assert (h.card, h.owner, h.area) == ("hero_paladin", 1, "3C")


def test_amb47_rally_without_area_gains_nothing():
    hs = H.HeroesState()
    hs.hero_deck.draw_pile = ["hero_lich", "hero_paladin"]
    H.rally_draw_heroes(hs, 0, 2, [], FakeCtx())
    assert not hs.pending and sorted(hs.hero_deck.draw_pile) == ["hero_lich", "hero_paladin"]


def test_rw21_8_quest_hand_limit_p64():
    hs = H.HeroesState()
    hs.quest_deck.draw_pile = ["quest_1a_wisdom", "quest_1b_agility"]
    hs.quest_hands = {0: ["quest_3a_agility", "quest_2b_wisdom"]}
    ctx = FakeCtx()
    H.draw_quests(hs, 0, 2, ctx)
    (p,) = H.pending_prompts(hs, ctx)
    assert p.rule == "RW-21.8" and p.secret and len(p.options) == 4
    H.apply_pending_action(hs, 0, {"type": "quest_discard", "quest": "quest_2b_wisdom"}, ctx)
    assert len(hs.quest_hands[0]) == 3 and not hs.pending
    assert hs.quest_deck.discard_pile == ["quest_2b_wisdom"]


def test_pending_decision_blocks_the_quest_phase():
    hs = H.HeroesState()
    hs.reward_deck.draw_pile = ["reward_war_axe"]
    hs.quest_deck.draw_pile = ["quest_1a_wisdom", "quest_1b_agility", "quest_3b_strength"]
    hs.quest_hands = {0: ["quest_anywhere_gm"]}
    h = H._new_hero(hs, "hero_elf_ranger", 0, "2B")
    other = H._new_hero(hs, "hero_paladin", 0, "2B")
    ctx = FakeCtx()
    qs = start_quest_phase(hs, [0], ctx)
    H.draw_quests(hs, 0, 3, ctx)  # e.g. a reward drew quests: 4 in hand, over the limit
    assert quest_phase_prompts(qs, hs, ctx)[0].rule == "RW-21.8"
    with pytest.raises(RuleViolation):
        apply_quest_action(qs, hs, 0, {"type": "hero_action", "hero": h.uid, "action": "none"}, ctx)
    apply_quest_action(qs, hs, 0, {"type": "quest_discard", "quest": "quest_1a_wisdom"}, ctx)
    assert quest_phase_prompts(qs, hs, ctx)[0].rule == "RW-21.3"
    assert other.uid in [o.action.get("hero") for o in quest_phase_prompts(qs, hs, ctx)[0].options]


def test_amb46_strategize_move_offers_marker_pickup():
    hs, (h,) = _hs_with("hero_paladin", area="1A")
    hs.markers.append(
        H.DefeatedMarker(id=4, area="2A", hero_card="hero_lich", rewards=[H.HeldReward(card="reward_rune_map")])
    )
    ctx = FakeCtx()
    H.move_hero(hs, h.uid, "2A", ctx)
    (p,) = H.pending_prompts(hs, ctx)
    assert p.rule == "RW-26.4"
    ev = H.apply_pending_action(hs, 0, {"type": "hero_pickup", "marker": 4}, ctx)
    assert [r.card for r in h.rewards] == ["reward_rune_map"] and not hs.markers
    assert [e.audience for e in ev if e.kind == "marker_rewards"] == [[0]]


def test_rw23_3_views_hide_face_down_rewards_and_quest_hands():
    hs, (h,) = _hs_with("hero_paladin")
    h.rewards = [H.HeldReward(card="reward_rune_armor"), H.HeldReward(card="reward_war_axe", face_up=True)]
    hs.quest_hands = {0: ["quest_3a_agility"], 1: ["quest_2b_wisdom"]}
    hs.revealed_quests = {1: ["quest_2b_wisdom"]}
    public = json.dumps(H.heroes_view(hs, None, content=CONTENT))
    mine = json.dumps(H.heroes_view(hs, 0, content=CONTENT))
    theirs = json.dumps(H.heroes_view(hs, 1, content=CONTENT))
    secrets = H.heroes_secrets(hs)
    assert secrets[0] == {"reward_rune_armor", "quest_3a_agility"}
    assert 1 not in secrets  # the only quest of seat 1 was revealed by a failed attempt (AMB-42)
    for value in secrets[0]:
        assert value not in public and value not in theirs and value in mine
    assert "reward_war_axe" in public and "quest_2b_wisdom" in public


def test_rw6_5_stand_all_and_rw33_elimination():
    hs, (h,) = _hs_with("hero_paladin")
    h.routed = True
    H.stand_all(hs)
    assert not h.routed
    hs.quest_hands = {0: ["quest_1a_wisdom"]}
    H.eliminate_seat(hs, 0, FakeCtx())
    assert not hs.heroes and 0 not in hs.quest_hands and "quest_1a_wisdom" in hs.quest_deck.draw_pile


def test_rw33_2_eliminated_rewards_shuffled_back_unrevealed():
    """RW-33.2: hero, reward and quest cards are shuffled into their decks, not revealed or discarded."""
    hs, (h,) = _hs_with("hero_paladin")
    h.rewards = [H.HeldReward(card="reward_war_axe", face_up=True), H.HeldReward(card="reward_rune_map")]
    hs.reward_deck.draw_pile = [c for c in hs.reward_deck.draw_pile if c not in ("reward_war_axe", "reward_rune_map")]
    events = H.eliminate_seat(hs, 0, FakeCtx())
    assert not hs.heroes and "hero_paladin" in hs.hero_deck.draw_pile
    assert hs.reward_deck.discard_pile == []
    assert {"reward_war_axe", "reward_rune_map"} <= set(hs.reward_deck.draw_pile)
    assert all("reward_rune_map" not in json.dumps(e.model_dump(), default=str) for e in events)
    assert H.heroes_invariants(hs, CONTENT) == []


def test_resolve_effects_splits_hero_effects_from_a_effects():
    from engine.runewars.content.effects import DrawCards, GainInfluence, Gm, HealHero, TrainHero

    hs, (h,) = _hs_with("hero_paladin")
    h.damage = 2
    ctx = FakeCtx()
    H.resolve_effects(
        hs,
        0,
        h.uid,
        (HealHero(), TrainHero(attribute="choice"), DrawCards(deck="tactics"), GainInfluence(amount=2), Gm(text="x")),
        ctx,
        source="Test",
        rule="RW-23.6",
    )
    assert h.damage == 0
    (p,) = H.pending_prompts(hs, ctx)
    assert p.rule == "RW-20.6"
    H.apply_pending_action(hs, 0, {"type": "hero_train_pick", "attribute": "agility"}, ctx)
    assert h.training["agility"] == 1
    out = H.take_outbox(hs)
    assert [e["kind"] for e in out.grants[0].effects] == ["draw_cards", "gain_influence"]
    assert out.gm[0].rule == "RW-23.6"


def test_state_round_trips_through_json():
    hs, (_h,) = _hs_with("hero_paladin")
    hs.quest_hands = {0: ["quest_1a_wisdom"], 2: []}
    hs.markers.append(H.DefeatedMarker(id=1, area="2A", hero_card="hero_lich"))
    again = H.HeroesState.model_validate_json(hs.model_dump_json())
    assert again == hs and again.model_dump_json() == hs.model_dump_json()


def test_rw23_6_own_turn_rewards_and_abilities():
    from engine.runewars.content.effects import GainInfluence
    from engine.runewars.content.models import HeroAbility, HeroCard, RewardCard

    content = H.HeroContent(**{k: dict(v) for k, v in vars(CONTENT).items()})
    content.heroes["hero_captain"] = HeroCard(
        house=True,
        hero_id="hero_captain",
        name="Captain",
        alignment="good",
        health=4,
        strength=2,
        agility=2,
        wisdom=2,
        ability=HeroAbility(timing="own_turn", text="Gain 1 influence.", effects=(GainInfluence(amount=1),)),
    )
    content.rewards["reward_purse"] = RewardCard(
        house=True,
        reward_id="reward_purse",
        name="Purse",
        trait="none",
        trigger="own_turn",
        single_use=True,
        text="Gain 3 influence.",
        effects=(GainInfluence(amount=3),),
    )
    hs, (h,) = _hs_with("hero_captain")
    h.rewards = [H.HeldReward(card="reward_purse")]
    ctx = FakeCtx(content=content)
    opts = H.turn_options(hs, 0, ctx)
    assert [o.action["type"] for o in opts] == ["hero_use_reward", "hero_use_ability"]
    for o in opts:
        H.apply_turn_action(hs, 0, o.action, ctx)
    assert H.turn_options(hs, 0, ctx) == []  # the purse is spent, the ability used this turn
    assert [g.effects[0]["amount"] for g in H.take_outbox(hs).grants] == [3, 1]
    with pytest.raises(RuleViolation) as e:
        H.apply_turn_action(hs, 0, {"type": "hero_use_ability", "hero": h.uid}, ctx)
    assert e.value.rule == "RW-2.16"
    H.new_season(hs)
    assert len(H.turn_options(hs, 0, ctx)) == 1
