"""Rule-coverage tests for Runewars rules no other test cites: RW-0.3 tags, RW-0.6 terms, RW-22.3 attribute 0."""

from __future__ import annotations

from typing import Any

from engine.runewars.content.texts import load_texts
from engine.runewars.heroes import core as H
from engine.runewars.heroes.quests import apply_quest_action, start_quest_phase
from tests.runewars.flow_support import RS, TWO, act, act_events, front, make_state, queue
from tests.runewars.test_heroes_support import CONTENT, FakeCtx

# ---- RW-0.3 tags ------------------------------------------------------------------------------------------


def test_rw0_3_each_sim_tag_is_simultaneous_secret_prompts_and_engine_tag_needs_no_input() -> None:
    """RW-0.3: ``each-SIM`` (RW-7.2) means every player is asked at once and secretly; ``A: engine``
    (RW-7.3, the reveal) happens with nobody asked."""
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s = queue(s, "orders_open")
    asked = [p for p in RS.prompts(s) if p.rule == "RW-7.2"]
    assert sorted(p.seat for p in asked) == [0, 1]  # each player, at the same time
    assert all(p.simultaneous and p.secret and p.waiting for p in asked)
    s = act(s, 0, {"type": "rw_order", "card": 4})
    by_seat = {p.seat: p for p in RS.prompts(s) if p.rule == "RW-7.2"}
    assert not by_seat[0].waiting and by_seat[1].waiting  # the one who locked in is not waited on
    s, events = act_events(s, 1, {"type": "rw_order", "card": 2})
    assert not [p for p in RS.prompts(s) if p.rule == "RW-7.2"]
    private = [e for e in events if e.kind == "order_private"]
    assert private and all(e.audience == [1] for e in private)  # H: the choice is shown to its owner only
    reveal = [e for e in events if e.kind == "orders_revealed"]
    assert len(reveal) == 1 and reveal[0].reveals and reveal[0].data["cards"] == {"0": 4, "1": 2}
    assert front(s) != "orders_choose"


# ---- RW-0.6 terminology -------------------------------------------------------------------------------------

#: RW-0.6 table: identifier -> the Chinese terms of the two sources (full rulebook, quick rules).
RW_0_6_ORDERS = {
    "1": {"筹备", "战略"},
    "2": {"动员"},
    "3": {"征战", "攻克"},
    "4": {"收获"},
    "5": {"征召", "徵兵"},
    "6": {"支援", "争取支持"},
    "7": {"争权", "谋权", "获得权力"},
    "8": {"驻防", "构筑要塞"},
}


def test_rw0_6_simplified_chinese_content_uses_the_rulebook_terms() -> None:
    """RW-0.6: the Chinese the players read for order cards, runes, influence and destiny cards is one of
    the two sources' terms, so a player can match the screen to the printed components."""
    zh = load_texts("zh_Hans")
    assert zh is not None
    for number, terms in RW_0_6_ORDERS.items():
        assert zh.entries["order"][number]["name"] in terms, number
    assert zh.terms["rune"]["dragon"] in {"巨龙符文", "龙符"}
    assert zh.terms["rune"]["false"] in {"伪造符文", "假符文"}
    assert zh.terms["resource"]["influence"] in {"势力标记", "影响力"}
    assert any(word in zh.formats["destiny"] for word in ("天命卡", "命运卡", "宿命卡"))


# ---- RW-22.3 attribute 0 ------------------------------------------------------------------------------------


def _quest_at_wisdom(training: int) -> tuple[Any, H.HeroesState, FakeCtx, tuple[H.Hero, list[Any]]]:
    hs = H.HeroesState()
    hs.reward_deck.draw_pile = ["reward_war_axe", "reward_gold_purse"]
    hs.quest_deck.draw_pile = ["quest_1a_wisdom", "quest_1b_agility"]
    hs.quest_hands = {0: ["quest_2b_wisdom"]}
    hero = H._new_hero(hs, "hero_uthuk_brute", 0, "2B")  # printed wisdom 0
    if training:
        hero.training["wisdom"] = training
    ctx = FakeCtx()
    qs = start_quest_phase(hs, [0], ctx)
    apply_quest_action(qs, hs, 0, {"type": "hero_action", "hero": hero.uid, "action": "move"}, ctx)
    apply_quest_action(qs, hs, 0, {"type": "hero_move", "hero": hero.uid, "path": []}, ctx)
    events = apply_quest_action(qs, hs, 0, {"type": "quest_attempt", "hero": hero.uid, "quest": "quest_2b_wisdom"}, ctx)
    return qs, hs, ctx, (hero, events)


def test_rw22_3_attribute_zero_draws_nothing_and_fails_amb43() -> None:
    """RW-22.3 / AMB-43: an effective attribute of 0 draws no destiny card and fails at once; the failed
    quest goes back to the hand, seen (AMB-42), and the hero gains no reward."""
    qs, hs, ctx, (hero, events) = _quest_at_wisdom(0)
    assert H.attribute(CONTENT, hero, "wisdom") == 0
    assert ctx.drawn == []
    assert qs.failed and qs.step != "test"
    assert [e.kind for e in events].count("test_zero") == 1
    assert hs.quest_hands[0] == ["quest_2b_wisdom"] and "quest_2b_wisdom" in hs.revealed_quests[0]
    assert not hero.rewards


def test_rw22_3_the_same_hero_trained_to_one_draws_one_card() -> None:
    """RW-22.3 contrast: the zero rule is about the effective value (printed plus training, RW-20.6), so a
    training token lifts the hero to a normal one-card test."""
    _qs, _hs, ctx, (_hero, events) = _quest_at_wisdom(1)
    assert len(ctx.drawn) == 1
    assert "test_zero" not in [e.kind for e in events]
