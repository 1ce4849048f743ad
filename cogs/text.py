"""Plain text for Discord, always inside its limits.

Every message the bot writes goes through here so that no reply can fail on a
2000-character limit in the middle of a game, and so that a rule violation reads
the same everywhere ("⛔ message (rule)").
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engine.core import Event, Prompt, Result, RuleViolation

MAX_CONTENT = 2000
MAX_LABEL = 80
MAX_OPTION = 100
ELLIPSIS = "…"


def truncate(text: str, limit: int) -> str:
    text = str(text)
    return text if len(text) <= limit else text[: max(0, limit - 1)] + ELLIPSIS


def chunk(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """Split ``text`` into messages of at most ``limit`` characters, preferring line breaks.

    Long outputs (logs, views) are paginated into several messages rather than cut,
    because a missing line of a log is worse than one more message.
    """
    if not text:
        return [""]
    out: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:  # a single monster line: hard-split it
            if current:
                out.append(current)
                current = ""
            out.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            out.append(current)
            current = line
        else:
            current = candidate
    if current or not out:
        out.append(current)
    return out


def violation(exc: RuleViolation) -> str:
    return truncate(f"⛔ {exc.message} ({exc.rule})", MAX_CONTENT)


def refusal(message: str) -> str:
    return truncate(f"⛔ {message}", MAX_CONTENT)


def mention(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id else "nobody"


def seat_label(seat: int, user_id: int | None = None, faction: str | None = None) -> str:
    if seat < 0:
        return "the game master"
    parts = [f"seat {seat + 1}"]
    if faction:
        parts.append(faction)
    text = " ".join(parts)
    return f"{text} ({mention(user_id)})" if user_id else text


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    return str(value)


def _flatten(prefix: str, value: Any, lines: list[str], depth: int) -> None:
    if isinstance(value, dict):
        if not value:
            lines.append(f"{prefix}: —")
        for key, sub in value.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), sub, lines, depth + 1)
    elif isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value) and depth < 4:
        if not value:
            lines.append(f"{prefix}: —")
        for i, sub in enumerate(value):
            _flatten(f"{prefix}[{i + 1}]", sub, lines, depth + 1)
    elif isinstance(value, list):
        lines.append(f"{prefix}: {', '.join(_scalar(v) for v in value) if value else '—'}")
    else:
        lines.append(f"{prefix}: {_scalar(value)}")


def format_view(view: dict[str, Any], *, title: str | None = None) -> str:
    """A readable text summary of any game's view, for games without a renderer.

    It is generic on purpose: it prints exactly the view it is given, so a public
    summary can only show what ``view(state, None)`` exposes.
    """
    lines: list[str] = []
    _flatten("", view, lines, 0)
    body = "\n".join(truncate(line, 300) for line in lines)
    head = f"**{title}**\n" if title else ""
    return head + "```\n" + body.replace("```", "'''") + "\n```"


def format_view_pages(view: dict[str, Any], *, title: str | None = None, limit: int = MAX_CONTENT) -> list[str]:
    """``format_view`` split into messages that each keep their code block closed."""
    lines: list[str] = []
    _flatten("", view, lines, 0)
    pages = chunk("\n".join(truncate(line, 300).replace("```", "'''") for line in lines), limit - 40 - len(title or ""))
    out = []
    for i, page in enumerate(pages):
        head = f"**{title}**" + (f" ({i + 1}/{len(pages)})" if len(pages) > 1 else "") + "\n" if title else ""
        out.append(head + "```\n" + page + "\n```")
    return out


def format_events(events: Iterable[Event]) -> str:
    return "\n".join(f"• {e.text}" for e in events)


def format_prompt(prompt: Prompt, *, game_id: int, title: str, who: str) -> str:
    """The text above a prompt's components: which game, whom it asks, and the question."""
    state = "" if prompt.waiting else " *(locked in — you may still change it)*"
    text = f"🎲 **{title}** · game {game_id} · {who}\n{prompt.question}{state}\n-# rule {prompt.rule}"
    if prompt.answer_schema and not prompt.options:
        text += " · answer with the form button or `/game act`"
    return truncate(text, MAX_CONTENT)


def format_result(result: Result, seat_names: dict[int, str], *, seed: str | None, seed_hash: str | None) -> str:
    winners = ", ".join(seat_names.get(w, f"seat {w + 1}") for w in result.winners) or "nobody"
    lines = [f"🏁 **Game over** — winner: {winners} ({result.reason})."]
    if result.scores:
        scores = ", ".join(
            f"{seat_names.get(int(s), f'seat {int(s) + 1}')}: {v:g}" for s, v in sorted(result.scores.items())
        )
        lines.append(f"Scores: {scores}")
    if seed is not None:
        lines.append(f"Seed: `{seed}` (published hash `{seed_hash}`): replay the log to check every shuffle.")
    return truncate("\n".join(lines), MAX_CONTENT)


class BadArgument(ValueError):
    """A typed slash-command argument that cannot be read (bad JSON, a malformed option).

    Its message is a sentence meant for the player, so the referee's error handler shows
    it as a refusal wherever it surfaces, instead of "something went wrong on my side".
    """


def parse_json_arg(text: str | None, *, what: str) -> Any:
    """Parse a JSON slash-command argument, or raise ``BadArgument`` with a sentence a player understands."""
    if text is None or not text.strip():
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadArgument(f"The {what} is not valid JSON: {exc.msg} at character {exc.pos + 1}.") from None


def parse_options_arg(text: str | None) -> dict[str, Any]:
    """Game options as JSON (``{"rounds": 2}``) or ``key=value`` pairs (``rounds=2 map=small``)."""
    if text is None or not text.strip():
        return {}
    text = text.strip()
    if text.startswith("{"):
        value = parse_json_arg(text, what="options")
        if not isinstance(value, dict):
            raise BadArgument("The options must be a JSON object.")
        return value
    out: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        if "=" not in part:
            raise BadArgument(f"Options are written key=value; {part!r} has no '='.")
        key, raw = part.split("=", 1)
        try:
            out[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            out[key.strip()] = raw
    return out
