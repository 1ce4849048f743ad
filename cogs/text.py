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
from engine.core.text import Msg, message
from i18n import EN, Names, render

from . import lang

VIOLATION = message("bot.refusal.violation", "⛔ {reason} ({rule})")
REFUSAL = message("bot.refusal", "⛔ {reason}")
PROMPT_HEAD = message("bot.prompt.head", "🎲 **{title}** · game {game} · {who}")
PROMPT_LOCKED = message("bot.prompt.locked", "*(locked in — you may still change it)*")
PROMPT_RULE = message("bot.prompt.rule", "-# rule {rule}")
PROMPT_FORM_HINT = message("bot.prompt.form_hint", "answer with the form button or `/game act`")
GAME_OVER = message("bot.result.game_over", "🏁 **Game over** — winner: {winners} ({reason}).")
# no seat won (a Cooperative table beaten by the game's AI enemy): the reason says who did
GAME_OVER_NO_WINNER = message("bot.result.game_over_no_winner", "🏁 **Game over** — no player wins: {reason}")
SCORES = message("bot.result.scores", "Scores: {scores}")
SCORE = message("bot.result.score", "{who}: {score}")
SEED = message("bot.result.seed", "Seed: `{seed}` (published hash `{hash}`): replay the log to check every shuffle.")
BAD_JSON = message("bot.bad_argument.json", "The {what} is not valid JSON: {reason} at character {position}.")
WHAT_OPTIONS = message("bot.bad_argument.what.options", "options")
WHAT_ANSWER = message("bot.bad_argument.what.answer", "answer")
OPTIONS_NOT_OBJECT = message("bot.bad_argument.options_not_object", "The options must be a JSON object.")
OPTIONS_NO_EQUALS = message("bot.bad_argument.options_no_equals", "Options are written key=value; {part} has no '='.")

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


def violation(exc: RuleViolation, locale: str = EN, names: Names | None = None) -> str:
    """A refusal in the reader's language: its message when the rule carries one, else its English."""
    reason = lang.violation_reason(exc, locale, names)
    return truncate(render(VIOLATION(reason=reason, rule=exc.rule), locale), MAX_CONTENT)


def refusal(reason: str | Msg, locale: str = EN) -> str:
    return truncate(render(REFUSAL(reason=lang.tr(reason, locale)), locale), MAX_CONTENT)


def mention(user_id: int | None, locale: str = EN) -> str:
    return lang.mention(user_id, locale)


def seat_label(
    seat: int, user_id: int | None = None, faction: str | None = None, locale: str = EN, names: Names | None = None
) -> str:
    return lang.seat_label(seat, user_id, faction, locale, names)


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


def format_events(events: Iterable[Event], locale: str = EN, names: Names | None = None) -> str:
    """One bullet per event, each in ``locale`` when it carries a message (else its English)."""
    return "\n".join(f"• {lang.event_text(e, locale, names)}" for e in events)


def format_prompt(
    prompt: Prompt, *, game_id: int, title: lang.Text, who: str, locale: str = EN, names: Names | None = None
) -> str:
    """The text above a prompt's components: which game, whom it asks, and the question."""
    question = lang.localize_question(prompt, locale, names)
    state = " " + render(PROMPT_LOCKED(), locale) if prompt.locked_in else ""
    head = render(PROMPT_HEAD(title=title, game=game_id, who=who), locale)
    text = f"{head}\n{question}{state}\n{render(PROMPT_RULE(rule=prompt.rule), locale)}"
    if prompt.answer_schema and not prompt.options:
        text += " · " + render(PROMPT_FORM_HINT(), locale)
    return truncate(text, MAX_CONTENT)


def format_result(
    result: Result,
    seat_names: dict[int, str],
    *,
    seed: str | None,
    seed_hash: str | None,
    locale: str = EN,
    reason: Msg | None = None,
    names: Names | None = None,
) -> str:
    """The end of a game; ``reason`` (``lang.result_reason``) says why in the reader's language,
    where ``result.reason`` is only the engine's English."""

    def who(seat: int) -> str:
        return seat_names.get(seat) or lang.seat_label(seat, locale=locale)

    sep = "、" if locale != EN else ", "
    winners = sep.join(who(w) for w in result.winners) or render(lang.NOBODY(), locale)
    why: str = render(reason, locale, names) if reason is not None else result.reason
    if not result.winners and reason is not None:  # the end event says who won instead of a seat
        lines = [render(GAME_OVER_NO_WINNER(reason=why), locale)]
    else:
        lines = [render(GAME_OVER(winners=winners, reason=why), locale)]
    if result.scores:
        scores = sep.join(
            render(SCORE(who=who(int(s)), score=f"{v:g}"), locale) for s, v in sorted(result.scores.items())
        )
        lines.append(render(SCORES(scores=scores), locale))
    if seed is not None:
        lines.append(render(SEED(seed=seed, hash=seed_hash or ""), locale))
    return truncate("\n".join(lines), MAX_CONTENT)


class BadArgument(ValueError):
    """A typed slash-command argument that cannot be read (bad JSON, a malformed option).

    Its argument is a sentence meant for the player (a ``Msg``, rendered in the reader's
    language, or plain text), so the referee's error handler shows it as a refusal wherever
    it surfaces, instead of "something went wrong on my side".
    """

    def __init__(self, reason: str | Msg) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return lang.tr(self.reason, EN)


def parse_json_arg(text: str | None, *, what: str | Msg) -> Any:
    """Parse a JSON slash-command argument, or raise ``BadArgument`` with a sentence a player understands.

    ``what`` names the argument (a ``Msg`` such as ``WHAT_ANSWER``, or a word).
    """
    if text is None or not text.strip():
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        # The decoder's own reason (exc.msg) is the library's English; the position says where.
        raise BadArgument(BAD_JSON(what=what, reason=exc.msg, position=exc.pos + 1)) from None


def parse_options_arg(text: str | None) -> dict[str, Any]:
    """Game options as JSON (``{"rounds": 2}``) or ``key=value`` pairs (``rounds=2 map=small``)."""
    if text is None or not text.strip():
        return {}
    text = text.strip()
    if text.startswith("{"):
        value = parse_json_arg(text, what=WHAT_OPTIONS())
        if not isinstance(value, dict):
            raise BadArgument(OPTIONS_NOT_OBJECT())
        return value
    out: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        if "=" not in part:
            raise BadArgument(OPTIONS_NO_EQUALS(part=repr(part)))
        key, raw = part.split("=", 1)
        try:
            out[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            out[key.strip()] = raw
    return out
