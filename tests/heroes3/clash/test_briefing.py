"""The table hears its scenario (H3-3.1) when the game begins and each astrologer card's words when it
is drawn (H3-7.3.2, A-10), in the reader's language, by name and never by id."""

from __future__ import annotations

import re

import pytest

from engine.core import Event, RuleViolation
from engine.core.content_texts import prose
from engine.core.text import Ref
from engine.heroes3 import content_text
from engine.heroes3 import names as h3_names
from engine.heroes3.clash.briefing import astrologer_said, scenario_lines
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.content.clash import clash_content
from engine.heroes3.content.texts import TEXT_KIND
from i18n import EN, ZH_HANS, ZH_HANT, render

from .helpers import mutate, new_game, play_to_round

ID_WORD = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # clash_two_kingdoms, eliminate_all, crazy_wizard
SCENARIOS = sorted(clash_content().scenarios)


def _say(events: list[Event], locale: str) -> str:
    names = h3_names()
    return "\n".join(render(e.msg, locale, names) for e in events if e.msg is not None)


def _opening(players: int, **options: object) -> list[Event]:
    return CLASH.opening_events(CLASH.setup({"players": players, **options}, 1))


# ---- the scenario at the start (H3-3.1, H3-5.1, H3-7.4) ---------------------------------------------------
@pytest.mark.parametrize(
    ("players", "options", "scenario"),
    [
        (2, {}, "clash_two_kingdoms"),
        (3, {}, "clash_three_crowns"),
        (4, {}, "clash_four_winds"),
        (2, {"mode": "tournament"}, "tournament_core"),
    ],
)
def test_the_opening_events_say_every_text_of_the_scenario_in_both_languages(
    players: int, options: dict[str, object], scenario: str
) -> None:
    # H3-3.1: the scenario defines the victory conditions and may add unique rules: all of its texts
    # (what it is, goals, timed events, its Obelisk / Dragon Utopia / grail rules) are said at once
    events = _opening(players, **options)
    assert [e.kind for e in events[:2]] == ["h3_start", "h3_scenario"]
    assert all(e.audience is None for e in events)  # public: every seat hears it
    texts = prose(clash_content().scenarios[scenario].model_dump())
    assert texts
    en, zh = _say(events, EN), _say(events, ZH_HANS)
    for text in texts:
        assert text in en, (text, en)
        assert content_text(text, ZH_HANS) in zh and text not in zh, (text, zh)
    name = Ref(kind="scenario", id=scenario)
    en_name, zh_name = h3_names().name(name, EN), h3_names().name(name, ZH_HANS)
    assert en_name and zh_name and en_name in en and zh_name in zh
    assert f"after round {clash_content().scenarios[scenario].round_limit} at the latest" in en
    for shown in (en, zh):
        assert not ID_WORD.search(shown), shown
        assert "{" not in shown and "[" not in shown


def test_a_victory_condition_without_words_of_its_own_is_said_from_its_kind() -> None:
    # H3-5.5 (eliminate all) and H3-5.6 (a cube from each enemy) carry no text in the content
    three = _say(_opening(3), EN)
    assert "To win: eliminate every enemy faction" in three
    assert "To win: hold a faction cube from each enemy player." in three
    assert "阵营方块" in _say(_opening(3), ZH_HANS)
    # H3-45.5: Tournament is won on victory points
    assert "most victory points" in _say(_opening(2, mode="tournament"), EN)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_lines_are_the_same_messages_the_lookup_uses(scenario: str) -> None:
    # H3-3.1: the opening events are the scenario's lines, after the "begins" line
    players = clash_content().scenarios[scenario].players
    events = _opening(players, scenario=scenario, mode=clash_content().scenarios[scenario].type)
    assert [e.msg for e in events[1:]] == scenario_lines(scenario)


def test_a_refused_scenario_is_named_not_given_by_id() -> None:
    # H3-3: a scenario for another table size is refused, naming it in the reader's language
    with pytest.raises(RuleViolation) as refused:
        CLASH.setup({"players": 3, "scenario": "clash_two_kingdoms"}, 1)
    msg = refused.value.msg
    assert msg is not None
    assert "Two Kingdoms" in render(msg, EN, h3_names()) and "两个王国" in render(msg, ZH_HANS, h3_names())
    with pytest.raises(RuleViolation) as wrong_mode:
        CLASH.setup({"players": 2, "scenario": "tournament_core"}, 1)
    shown = render(wrong_mode.value.msg, ZH_HANS, h3_names()) if wrong_mode.value.msg else ""
    assert "锦标赛" in shown and not ID_WORD.search(shown), shown


# ---- the astrologer card (H3-7.3.2, A-10) -------------------------------------------------------------------
def test_a_drawn_astrologer_card_is_read_out_with_its_text_in_both_languages() -> None:
    # H3-7.3.2: "draw the top astrologer card, read it out": its name and what it does, to everyone
    state, events = play_to_round(new_game(), 3)
    drawn = [e for e in events if e.kind == "h3_astrologer"]
    assert len(drawn) == 1 and drawn[0].audience is None and drawn[0].reveals
    card_id = state.astrologers.discard_pile[-1]
    card = clash_content().astrologers[card_id]
    assert drawn[0].msg is not None
    assert Ref(kind=TEXT_KIND, id=card.text).model_dump() in drawn[0].msg.model_dump()["params"].values()
    names = h3_names()
    en, zh, hant = (render(drawn[0].msg, loc, names) for loc in (EN, ZH_HANS, ZH_HANT))
    assert en.startswith("The astrologers proclaim") and card.name in en and card.text in en
    zh_name = names.name(Ref(kind="astrologer", id=card_id), ZH_HANS)
    assert zh_name and zh_name in zh
    assert content_text(card.text, ZH_HANS) in zh and card.text not in zh and card.name not in zh
    assert content_text(card.text, ZH_HANT) in hant
    for shown in (en, zh, hant):
        assert card_id not in shown and not ID_WORD.search(shown), shown


@pytest.mark.parametrize("card_id", sorted(clash_content().astrologers))
def test_every_astrologer_card_reads_in_chinese_by_name_and_text(card_id: str) -> None:
    # H3-7.3.2 for each of the 23 cards: translated name and text, no English, no id
    card = clash_content().astrologers[card_id]
    zh = render(astrologer_said(card_id), ZH_HANS, h3_names())
    assert card.text not in zh and content_text(card.text, ZH_HANS) in zh and card_id not in zh, zh


def test_the_card_in_force_and_its_text_are_in_the_public_view() -> None:
    # the card in force stays face up, so its text is public; an instant card leaves nothing in force
    state, _ = play_to_round(new_game(), 3)
    forced = mutate(state)
    forced.astrologer = "crazy_wizard"
    view = CLASH.view(forced, None)
    assert view["astrologer"] == "crazy_wizard"
    assert view["astrologer_text"] == clash_content().astrologers["crazy_wizard"].text
    forced.astrologer = None
    assert CLASH.view(forced, 1)["astrologer_text"] is None
