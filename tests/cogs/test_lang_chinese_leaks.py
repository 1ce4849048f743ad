"""The English leaks the Chinese end-to-end test found (issue 10), pinned at unit level.

Each case renders something the bot used to show in English to a Chinese reader: the store's
"started" event, a game's title, the neutrals as an owner, a Runewars card's printed text,
an Age of Heroes offer confirmation and the reason a game ended.
"""

from __future__ import annotations

from dataclasses import dataclass

from cogs import lang
from cogs.text import format_result
from engine.ageofheroes import AGE_OF_HEROES
from engine.core import Event, Result
from engine.core.text import Ref
from engine.runewars.names import names as rw_names
from engine.runewars.text import en, printed
from engine.runewars.turn.seasons import SEASON_CARD
from i18n import render

CJK = range(0x3400, 0xA000)


def chinese(text: str) -> bool:
    return any(ord(ch) in CJK for ch in text)


@dataclass
class Seat:
    user_id: int
    faction: str | None = None


def test_the_stores_started_event_reads_in_the_readers_language() -> None:
    # What store.service emits: English text, the facts in data (as in logs written before languages).
    event = Event.to_all(
        "started",
        "<@7> started the game. Seat 1: <@7>. Seed hash (SHA-256): abc. The seed was fixed by the game master <@7>.",
        seats=[{"seat": 0, "user_id": 7, "faction": None}],
        seed_hash="abc",
        started_by=7,
        fixed_seed=True,
    )
    names = lang.names_for("runewars", {0: Seat(7)})
    zh = lang.event_text(event, "zh_Hans", names)
    assert chinese(zh) and "started" not in zh and "<@7>" in zh and "abc" in zh, zh
    assert "started the game" in lang.event_text(event, "en", names)


def test_a_games_title_is_its_boxs_title() -> None:
    title = lang.game_title("runewars", 3)
    assert render(title, "zh_Hans") == "符文战争 #3"
    assert render(title, "zh_Hant") == "符文戰爭 #3"
    assert render(title, "en") == "Runewars #3"


def test_the_neutrals_read_as_an_owner_not_an_id() -> None:
    names = lang.names_for("runewars", {})
    assert names.name(Ref(kind="seat", id="neutral"), "zh_Hans") == "中立"


def test_a_season_cards_printed_text_follows_the_reader() -> None:
    card_id = next(iter(rw_names()._english["season"]))  # any season card
    english = rw_names().text("season", card_id, "text", "en")
    assert english
    said = SEASON_CARD(card=Ref(kind="season", id=card_id), text=printed("season", card_id, "text", english))
    assert english in en(said)  # the engine's English is unchanged
    zh = render(said, "zh_Hans", rw_names())
    assert english not in zh and chinese(zh), zh


def test_an_offer_confirmation_is_a_message() -> None:
    state = AGE_OF_HEROES.setup({"players": 3}, "aoh-unit-0")
    action = {"type": "trade_offer", "to": 1, "give": ["wood"], "get": ["iron"]}
    said = AGE_OF_HEROES.describe_action_msg(state, 0, action)
    assert said is not None
    assert AGE_OF_HEROES.describe_action(state, 0, action).startswith("offer")  # the English is unchanged
    assert chinese(render(said, "zh_Hans", lang.names_for("ageofheroes", {})))


def test_the_reason_a_game_ended_comes_from_its_end_event() -> None:
    from engine.ageofheroes.victory import GAME_OVER, REASON_LAST

    end = Event.to_all("game_over", GAME_OVER(who=["x"], reason=REASON_LAST()))
    reason = lang.result_reason([Event.to_all("other", "x"), end])
    assert reason is not None and reason.id == REASON_LAST.id
    out = format_result(
        Result(winners=[0], reason="last tribe standing (AH-17.1)"),
        {0: "1号座位"},
        seed=None,
        seed_hash=None,
        locale="zh_Hans",
        reason=reason,
    )
    assert "last tribe" not in out and chinese(out), out


def test_the_stores_gm_and_undo_events_read_in_the_readers_language() -> None:
    names = lang.names_for("runewars", {0: Seat(7)})
    events = [
        Event.to_all("undo", "Seat 1 took back their last action.", seat=0, seq=4),
        Event.to_all("gm_act", "The game master acted for seat 1 (away for a week).", seat=0),
        Event.to_all("rollback", "The game master rolled the game back to how it was after action 3 (typo).", to_seq=3),
        Event.to_all("seed_revealed", "The game is over. Its seed was s (SHA-256 h); …", seed="s", seed_hash="h"),
    ]
    for event in events:
        zh = lang.event_text(event, "zh_Hant", names)
        assert chinese(zh) and "the game" not in zh, zh
    assert "away for a week" in lang.event_text(events[1], "zh_Hans", names)  # the GM's own words, as written
    assert "took back their last action" in lang.event_text(events[0], "en", names)


def test_a_runewars_gm_task_reaches_the_thread_in_the_readers_language() -> None:
    import engine
    from engine.runewars.cards.resolve import KIND_WORDS
    from engine.runewars.text import gm_task, ref
    from engine.runewars.turn.movement import GM_EFFECT

    rs = engine.ruleset("runewars")
    state = rs.setup({"players": 3}, "gm-task-unit")
    tactics = next(iter(rw_names()._english["tactics"]))
    said = GM_EFFECT(card=ref("tactics", tactics), effect=KIND_WORDS["rout_units"]())
    event = gm_task(state, "RW-30.2", said, seat=0)
    name = rw_names().text("tactics", tactics, "name", "en")
    assert name and name in event.text and name in state.gm.tasks[-1].text  # English with printed names, as before
    zh = lang.event_text(event, "zh_Hans", lang.names_for("runewars", {0: Seat(7)}))
    assert chinese(zh) and name not in zh and "rout" not in zh, zh
