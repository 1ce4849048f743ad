"""Issue 10: the store's refusals reach a player in their language (``cogs/store_text.py``).

The store raises ``StoreError.of(Reason, **facts)``; the Discord layer maps each reason to a
``bot.store.*`` message with the facts as parameters, without reading the English back. These
tests check that every reason has its own message that takes exactly the facts the store gives,
and that no ``StoreError`` in ``store/`` is raised without a reason, so a refusal added to the
store without a message fails here rather than reaching a Chinese reader in English.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

from cogs.store_text import GENERAL, MESSAGES, reason_msg, store_reason, violation_msg
from engine.core import RuleViolation
from i18n import render
from store import UNDO_NOT_YOURS, Reason, StoreError, UndoRefusal
from store.reasons import ENGLISH
from store.undo import undo_refusal

ROOT = Path(__file__).resolve().parent.parent.parent
HAN = re.compile(r"[\u4e00-\u9fff]")


def store_raises() -> list[tuple[str, ast.Call]]:
    """(where, call) for each ``StoreError(...)`` or ``StoreError.of(...)`` written in ``store/``."""
    out = []
    for path in sorted((ROOT / "store").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            direct = isinstance(func, ast.Name) and func.id == "StoreError"
            of = (
                isinstance(func, ast.Attribute)
                and func.attr == "of"
                and getattr(func.value, "id", None) == "StoreError"
            )
            if direct or of:
                out.append((f"{path.name}:{node.lineno}", node))
    return out


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_scan_finds_the_store_refusals() -> None:
    assert len(store_raises()) >= 25


def test_the_store_raises_every_refusal_with_a_reason() -> None:
    bare = [where for where, call in store_raises() if not isinstance(call.func, ast.Attribute)]
    assert bare == [], "raise StoreError.of(Reason.X, ...) so the bot can word it:\n" + "\n".join(bare)


def test_every_raise_gives_exactly_the_facts_of_its_reason() -> None:
    wrong = []
    for where, call in store_raises():
        reason = call.args[0]
        assert isinstance(reason, ast.Attribute), where
        given = {k.arg for k in call.keywords if k.arg is not None}
        if given != fields(ENGLISH[Reason[reason.attr]]):
            wrong.append(f"{where} {reason.attr}: {sorted(given)}")
    assert wrong == []


def test_every_reason_has_its_own_message_with_the_same_facts() -> None:
    assert set(MESSAGES) == set(Reason) == set(ENGLISH)
    for reason, (msg, _) in MESSAGES.items():
        facts: dict[str, object] = {name: 7 for name in fields(ENGLISH[reason])}
        if "choices" in facts:
            facts["choices"] = ["Elves"]
        shown = render(reason_msg(reason, facts), "zh_Hans")
        assert HAN.search(shown) and "{" not in shown, (reason, msg.id, shown)
    assert len({msg.id for msg, _ in MESSAGES.values()}) == len(MESSAGES)


def test_a_store_refusal_reads_in_chinese_with_its_facts() -> None:
    full = StoreError.of(Reason.FULL, cap=4)
    assert full.code == "full" and full.message == "This game is full (4 players)."
    shown = render(store_reason(full), "zh_Hans")
    assert HAN.search(shown) and "4" in shown and "full" not in shown
    late = StoreError.of(Reason.BAD_STATUS_DOING, game=3, state="open", doing="act")
    assert late.code == "bad_status"
    assert late.message == "Game #3 is still gathering players, so you cannot act now."
    assert render(store_reason(late), "zh_Hant").count("#3") == 1 and HAN.search(render(store_reason(late), "zh_Hant"))
    assert "players" not in render(store_reason(late), "zh_Hans")


def test_facts_become_names_and_words_in_english_too() -> None:
    faction = StoreError.of(Reason.UNKNOWN_FACTION, faction="Elves", game="Runewars", choices=[])
    assert faction.message == "'Elves' is not a faction in Runewars; the factions are: none."
    other = StoreError.of(Reason.OTHER_NOT_PLAYER, user=42)
    assert render(store_reason(other), "en") == "<@42> is not playing in this game."
    assert render(store_reason(StoreError.of(Reason.UNKNOWN_RULESET, name="chess")), "en") == (
        "There is no game called 'chess'."
    )


def test_an_error_without_a_reason_falls_back_to_the_general_message() -> None:
    msg = store_reason(StoreError("brand_new", "Something new happened."))
    assert msg.id == GENERAL.id and "Something new happened." in render(msg, "zh_Hans")


def test_the_undo_refusals_get_a_message_and_keep_their_rule() -> None:
    refusal = undo_refusal(None, [], {0})
    assert isinstance(refusal, UndoRefusal) and refusal.message == "There is no action to take back."
    converted = violation_msg(refusal)
    assert converted.rule == UNDO_NOT_YOURS and converted.msg is not None
    assert HAN.search(render(converted.msg, "zh_Hans"))
    other = RuleViolation("RW-1", "There is no action to take back.")  # the same words from elsewhere
    assert violation_msg(other) is other  # read by its kind, never by its words
