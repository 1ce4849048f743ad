"""Issue 10: the store's refusals reach a player in their language (``cogs/store_text.py``).

The store writes English sentences with their facts in them; the Discord layer reads each one
back into a ``bot.store.*`` message. This test finds every ``StoreError(code, "…")`` written in
``store/`` and checks that its own pattern reads it (not the general fallback), so a sentence
added to the store without a pattern fails here rather than reaching a Chinese reader in English.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

from cogs.store_text import GENERAL, read_store_error, store_reason, violation_msg
from engine.core import RuleViolation
from i18n import render
from store import StoreError

ROOT = Path(__file__).resolve().parent.parent.parent
HAN = re.compile(r"[\u4e00-\u9fff]")


def store_sentences() -> list[tuple[str, str, list[str]]]:
    """(where, code, sample sentences) for each StoreError the store raises with literal text.

    An f-string's fields are filled with sample values ("7" and "", every combination), since
    a field may be a number, a name or an optional hint."""
    out = []
    for path in sorted((ROOT / "store").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "StoreError"):
                continue
            if len(node.args) != 2 or not isinstance(node.args[0], ast.Constant):
                continue
            code, text = str(node.args[0].value), node.args[1]
            parts: list[str | None] = []
            if isinstance(text, ast.Constant) and isinstance(text.value, str):
                parts = [text.value]
            elif isinstance(text, ast.JoinedStr):
                parts = [v.value if isinstance(v, ast.Constant) else None for v in text.values]  # type: ignore[misc]  # a JoinedStr holds str constants and fields
            else:
                continue
            holes = sum(p is None for p in parts)
            samples = []
            for fill in itertools.product(["7", ""], repeat=holes):
                it = iter(fill)
                samples.append("".join(p if p is not None else next(it) for p in parts))
            out.append((f"{path.name}:{node.lineno}", code, samples))
    return out


def test_the_scan_finds_the_store_sentences() -> None:
    assert len(store_sentences()) >= 25


def test_every_store_sentence_has_its_own_message() -> None:
    unread = [
        f"{where} [{code}] {samples[0]!r}"
        for where, code, samples in store_sentences()
        if not any(read_store_error(code, s) is not None for s in samples)
    ]
    assert unread == [], "add a pattern to cogs/store_text.py for:\n" + "\n".join(unread)


def test_a_store_refusal_reads_in_chinese_with_its_facts() -> None:
    msg = store_reason(StoreError("full", "This game is full (4 players)."))
    shown = render(msg, "zh_Hans")
    assert HAN.search(shown) and "4" in shown and "full" not in shown
    late = store_reason(StoreError("bad_status", "Game #3 is still gathering players, so you cannot act now."))
    assert render(late, "zh_Hant").count("#3") == 1 and HAN.search(render(late, "zh_Hant"))
    assert "players" not in render(late, "zh_Hans")


def test_an_unknown_sentence_falls_back_to_the_general_message() -> None:
    msg = store_reason(StoreError("brand_new", "Something new happened."))
    assert msg.id == GENERAL.id and "Something new happened." in render(msg, "zh_Hans")


def test_the_undo_refusals_get_a_message_and_keep_their_rule() -> None:
    exc = RuleViolation("CORE-UNDO", "There is no action to take back.")
    converted = violation_msg(exc)
    assert converted.rule == "CORE-UNDO" and converted.msg is not None
    assert HAN.search(render(converted.msg, "zh_Hans"))
