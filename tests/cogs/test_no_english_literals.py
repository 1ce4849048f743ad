"""Issue 10: no literal English sentence goes to Discord from cogs/ outside the catalogs.

An AST scan for string literals (and f-strings) with a space and a letter passed to what
sends text (``send``, ``post``, ``dm``, ``tell_gm``, ``edit``, ``send_message``,
``UserError``) or as ``content=``, ``label=``, ``placeholder=``, ``description=``. The
bot's sentences are ``bot.*`` messages (``message("bot.…", "English")``), rendered in the
reader's language. Every cog is converted: there is no exception list.

Beyond the literals passed straight to a sender, English also reached Discord through
variables: slash-command texts (``description=``, ``group_description=``, every argument of
``describe(...)``, a ``Choice``'s ``name=``), the sentences ``cogs/table.py`` builds
(``describe_options``, ``describe_settings``) and the store's refusals. Those are checked
here too: the first by the same scan, the others by rendering them in Chinese.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
COGS = ROOT / "cogs"
SENDERS = {
    "send",
    "post",
    "dm",
    "tell_gm",
    "welcome",
    "edit",
    "send_message",
    "edit_message",
    "UserError",
    "BadArgument",
    "refusal",
}
KEYWORDS = {"content", "label", "placeholder", "description", "group_description"}
# Calls whose every keyword is text a player reads: ``describe(arg="…")``, ``Choice(name="…")``.
ALL_KEYWORDS = {"describe", "Choice"}
SENTENCE = re.compile(r"[A-Za-z]{2,}[^A-Za-z]*\s+[A-Za-z]")
HAN = re.compile(r"[\u4e00-\u9fff]")


def _literal_text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    if isinstance(node, ast.BinOp):  # "a" + "b"
        parts = [_literal_text(node.left), _literal_text(node.right)]
        return " ".join(p for p in parts if p)
    return None


def english_literals(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):  # class GmCog(GroupCog, group_description="…")
            for k in node.keywords:
                text = _literal_text(k.value) if k.arg in KEYWORDS else None
                if text and SENTENCE.search(text):
                    found.append(f"{path.name}:{node.lineno}: {text[:60]!r}")
            continue
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        candidates = list(node.args) if name in SENDERS else []
        candidates += [k.value for k in node.keywords if k.arg in KEYWORDS or name in ALL_KEYWORDS]
        for arg in candidates:
            text = _literal_text(arg)
            if text and SENTENCE.search(text):
                found.append(f"{path.name}:{node.lineno}: {text[:60]!r}")
    return found


def test_no_cog_passes_an_english_sentence_to_discord() -> None:
    problems = []
    for path in sorted(COGS.glob("*.py")):
        problems += english_literals(path)
    assert problems == [], "declare these as bot.* messages:\n" + "\n".join(problems)


def test_the_table_settings_and_options_read_in_chinese() -> None:
    """``describe_settings`` and ``describe_options`` are messages, not English built in code."""
    import engine
    from cogs.table import describe_options, describe_settings
    from engine.core.text import Msg
    from i18n import render
    from store import GameSettings

    settings = GameSettings(reminder_minutes=120, deadline_hours=24, quiet_start_hour=22, quiet_end_hour=7)
    for msg in [describe_settings(settings), describe_settings(GameSettings(reminder_minutes=None))]:
        assert isinstance(msg, Msg)
        shown = render(msg, "zh_Hans")
        assert HAN.search(shown) and not re.search(r"\b(?:every|none|deadline|quiet|off)\b", shown), shown
    for name in engine.rulesets():
        msg = describe_options(engine.ruleset(name))
        assert isinstance(msg, Msg)
        assert HAN.search(render(msg, "zh_Hant")), name


def test_the_scan_covers_slash_command_texts(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "@app_commands.command(name='x', description='Do the thing now')\n"
        "@app_commands.describe(seat='The seat to act for')\n"
        "def f(): return app_commands.Choice(name='the server language', value='x')\n"
        "class C(commands.GroupCog, group_name='gm', group_description='Game master tools'): pass\n",
        encoding="utf-8",
    )
    assert len(english_literals(sample)) == 4


def test_the_scan_finds_a_literal_sentence(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "async def f(r, i, n):\n"
        "    await r.send(i, 'You joined the game.')\n"
        "    await r.send(i, f'Seat {n} is yours.')\n"
        "    await r.send(i, DONE(label='x'))\n"
        "    b = Button(label='Open my panel')\n",
        encoding="utf-8",
    )
    assert len(english_literals(sample)) == 3
