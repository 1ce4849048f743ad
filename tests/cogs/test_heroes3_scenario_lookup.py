"""``/h3 scenario`` (H3-3.1) and the Clash panel's astrologer line (H3-7.3.2, A-10): the scenario's goals
and own rules and the card in force's words, in English and Chinese, by name and never by id."""

from __future__ import annotations

import re

import pytest

from cogs.heroes3 import answer, choices, entries
from cogs.heroes3_clash import format_private
from engine.core.content_texts import prose
from engine.core.text import Ref
from engine.heroes3 import CLASH, clash_content, content_text, lookup
from engine.heroes3 import names as h3_names
from i18n import EN, ZH_HANS
from tests.heroes3.clash.helpers import mutate, new_game, to_main

ID_WORD = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


@pytest.mark.parametrize("locale", [EN, ZH_HANS])
def test_every_scenario_answers_with_its_texts_by_name_and_no_id(locale: str) -> None:
    # H3-3.1: what the scenario is, its victory conditions (H3-5.1) and its own rules
    assert [i for _, i in lookup.ids("scenario")] == sorted(clash_content().scenarios)
    for _, ident in lookup.ids("scenario"):
        sc = clash_content().scenarios[ident]
        shown = answer("scenario", ident, locale)
        for text in prose(sc.model_dump()):
            assert content_text(text, locale) in shown, (ident, text, shown)
        assert not ID_WORD.search(shown) and "{" not in shown, shown
    assert "To win:" in answer("scenario", "Two Kingdoms", EN)
    assert "胜利条件：" in answer("scenario", "两个王国", ZH_HANS)


def test_a_scenario_is_found_by_its_chinese_name() -> None:
    found = choices("三顶", entries("scenario", ZH_HANS))
    assert found and found[0].value == "clash_three_crowns"


def test_the_clash_panel_shows_the_astrologer_card_in_force_with_its_text() -> None:
    # the card in force stays face up; the panel says what it does, in the reader's language
    state = mutate(to_main(new_game(), 0))
    view = CLASH.view(state, 0)
    assert view["astrologer"] is None
    assert "Astrologers" not in "\n".join(format_private(view, title="t", locale=EN))
    state.astrologer = "grim_warlock"
    view = CLASH.view(state, 0)
    text = clash_content().astrologers["grim_warlock"].text
    en = "\n".join(format_private(view, title="t", locale=EN))
    zh = "\n".join(format_private(view, title="t", locale=ZH_HANS))
    assert "Grim Warlock" in en and text in en
    assert content_text(text, ZH_HANS) in zh and text not in zh and "grim_warlock" not in zh


def test_the_clash_panel_shows_a_gold_pools_reserve_only_when_there_is_one() -> None:
    # H3-48.5: the reserved pool is public; the panel says it beside the purse, in the reader's language
    state = mutate(to_main(new_game(gold_pool=True), 0))
    assert "Reserved" not in "\n".join(format_private(CLASH.view(state, 0), title="t", locale=EN))
    state.player(0).reserved = {"gold": 7, "building_materials": 2}
    view = CLASH.view(state, 0)
    en = "\n".join(format_private(view, title="t", locale=EN))
    zh = "\n".join(format_private(view, title="t", locale=ZH_HANS))
    assert "Reserved (gold pool): gold 7 · building materials 2 · valuables 0" in en
    assert "保留池（金币池）：金币7 · 建筑材料2 · 贵重物品0" in zh


def test_the_clash_panel_lists_the_seats_own_draft_cards_and_no_one_elses() -> None:
    # H3-48.3 ⟦H: packets passed are seen only by the current holder⟧: each seat's panel names its own
    # packet's cards (in the reader's language), never another seat's
    state = new_game(3, draft_start=True)
    assert state.draft is not None
    names = h3_names()
    own = "\n".join(format_private(CLASH.view(state, 0), title="t", locale=EN))
    other = "\n".join(format_private(CLASH.view(state, 1), title="t", locale=EN))
    assert "Draft, your packet:" in own
    for inst in state.draft.packets[0]:
        name = names.name(Ref(kind="card", id=state.cards[inst]), EN)
        assert name and name in own
    only_mine = {state.cards[i] for i in state.draft.packets[0]} - {state.cards[i] for i in state.draft.packets[1]}
    for card in only_mine:
        name = names.name(Ref(kind="card", id=card), EN)
        assert name and name not in other
    zh = "\n".join(format_private(CLASH.view(state, 0), title="t", locale=ZH_HANS))
    assert "轮抽，你的牌包：" in zh
