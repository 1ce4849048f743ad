"""``/game``: the table commands every ruleset shares.

Each command acknowledges first (defer) and then hands over to the ``Referee`` or
the store; no rule of any game is decided here. A command used inside a game's
thread is about that game, so ``game:`` is needed only elsewhere.
"""

from __future__ import annotations

import functools
import io
import json
import logging
import zoneinfo
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import engine
import renderers
from engine.core import Event
from engine.core.content_packs import PACK_OPTIONS, PackLibrary, default_library, shown_options
from engine.core.export import export_document, shipped_content_hash
from engine.core.text import Msg, Ref, message, plural_message
from i18n import EN, LOCALES, ZH_HANS, ZH_HANT, normalize, render
from i18n.discord_translator import lstr
from i18n.render import LIST_SEP
from store import Notice, StoreError

from . import decision_pictures, ids, lang, outbox, text
from .referee import LIVE, SEED_SLOT, Referee, UserError, encode_option_value, line, lobby_lines
from .routing import visible_events, waiting_seats

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: async games go quiet for days

# Slash-command texts (shown translated to a Chinese client through i18n.discord_translator).
CMD_GROUP = message("bot.cmd.game", "Play a board game with this server")
CMD_NEW = message("bot.cmd.game.new", "Open a new game in its own thread")
ARG_RULESET = message("bot.cmd.arg.ruleset", "Which game")
ARG_PLAYERS = message("bot.cmd.arg.players", "How many seats (default: the game's maximum)")
ARG_OPTIONS = message(
    "bot.cmd.arg.options", "Game options by name, e.g. rounds=2 (start typing to see the game's options)"
)
ARG_GAME_LANGUAGE = message(
    "bot.cmd.arg.game_language", "The language of the game's thread (default: the server's language)"
)
CMD_LANGUAGE = message("bot.cmd.game.language", "Choose the language the bot speaks to you")
ARG_LANGUAGE = message("bot.cmd.arg.language", "The language for your messages and replies")
CMD_JOIN = message("bot.cmd.game.join", "Take a seat in a game that is gathering players")
ARG_GAME = message("bot.cmd.arg.game", "Game number (not needed in its thread)")
ARG_FACTION = message("bot.cmd.arg.faction", "The faction you want to play")
ARG_REASON = message("bot.cmd.arg.reason", "Why (shown to the table)")
CMD_LEAVE = message("bot.cmd.game.leave", "Give up your seat before the game starts")
CMD_START = message("bot.cmd.game.start", "Start the game: seats are drawn and the seed hash published")
ARG_SEED = message(
    "bot.cmd.arg.seed", "Game masters only: a fixed seed (tournaments, tests); its hash is published as usual"
)
CMD_CANCEL = message("bot.cmd.game.cancel", "Cancel a game (its creator or a game master)")
CMD_LIST = message("bot.cmd.game.list", "Games in this server that are open or under way")
CMD_INFO = message("bot.cmd.game.info", "Seats, factions, settings and seed hash of a game")
CMD_STATUS = message("bot.cmd.game.status", "Whose move it is and what the game waits for")
CMD_BOARD = message("bot.cmd.game.board", "The current board: public, or only yours")
ARG_PRIVATE = message("bot.cmd.arg.private", "Show the board as your seat sees it, only to you")
CMD_HAND = message("bot.cmd.game.hand", "Your private panel: your hand, secrets and open decisions")
CMD_LOG = message("bot.cmd.game.log", "Recent events you may see")
CMD_UNDO = message(
    "bot.cmd.game.undo", "Take back your last action (only if nobody acted and nothing was revealed since)"
)
CMD_ACT = message("bot.cmd.game.act", "Answer your open decision by typing instead of pressing a button")
ARG_OPTION = message("bot.cmd.arg.option", "One of your options (start typing)")
ARG_ANSWER = message("bot.cmd.arg.answer", "A structured answer as JSON")
CMD_REMIND = message("bot.cmd.game.remind", "Reminder interval, deadline and quiet hours of a game")
ARG_LANGUAGE_GAME = message(
    "bot.cmd.arg.language_game", "Set this game's thread language instead (its creator or a game master)"
)
CHOICE_AUTOMATIC = message("bot.choice.language.automatic", "automatic (my Discord language)")
CHOICE_SERVER = message("bot.choice.language.server", "the server's language")
# The language names are written in their own language, so each reader finds theirs.
LANGUAGE_NAMES = {EN: "English", ZH_HANS: "简体中文", ZH_HANT: "繁體中文"}

# The lobby and table sentences.
NOT_IN_SERVER = message("bot.refused.new_not_in_server", "Games live in a server channel; use `/game new` there.")
NO_SUCH_GAME = message("bot.refused.no_such_ruleset", "There is no game called {name}; pick one from the list.")
NO_SUCH_OPTION = message("bot.refused.no_such_option", "{game} has no option {names}. {help}")
ARG_CONTENT = message("bot.cmd.arg.content", "A content pack kept with /gm content: its name or the start of its hash")
NO_SUCH_PACK = message(
    "bot.refused.no_such_pack",
    "No content pack {name} for {game} is kept; a game master uploads one with `/gm content`.",
)
BAD_OPTIONS = message("bot.refused.bad_options", "{reason} {help}")
LOBBY = message(
    "bot.lobby.opened",
    "🎲 **{title}** opened by {opener} — {min}–{cap} players.\n"
    "Press **Join** (or `/game join`, with a faction if you like); when everyone is in, press **Start**.",
)
LOBBY_FACTIONS = message("bot.lobby.factions", "Factions: {factions}.")
LOBBY_OPTIONS = message("bot.lobby.options", "Options: {options}.")
OPTION_SHOWN = message("bot.options.shown", "{name}: {value}")
OPTION_ON = message("bot.options.on", "on")
OPTION_OFF = message("bot.options.off", "off")
OPTION_CONTENT = message("bot.options.content", "content pack")
OPTION_PLAYERS = message("bot.options.players", "players")
LOBBY_LANGUAGE = message("bot.lobby.language", "Language: {language}.")
CREATED = message("bot.lobby.created", "✅ Created {title} in {where}.")
THIS_CHANNEL = message("bot.this_channel", "this channel")
LEFT_YOU = message("bot.lobby.left_you", "✅ You left {title}.")
LEFT = message("bot.lobby.left", "➖ {player} left the game.")
CANCEL_WHO = message("bot.refused.cancel_who", "Only the game's creator or a game master can cancel it.")
CANCELLED_YOU = message("bot.lobby.cancelled_you", "✅ {title} is cancelled.")
CANCELLED = message("bot.lobby.cancelled", "🛑 {player} cancelled the game: {reason}.")
CANCELLED_SEED = message(
    "bot.lobby.cancelled_seed", "🛑 {player} cancelled the game: {reason}. Its seed was `{seed}` (hash `{hash}`)."
)
NO_GAMES = message("bot.list.none", "No games yet. Open one with `/game new`.")
LIST_LINE = message("bot.list.line", "• **{title}** — {status}, {count} player(s)")
STATUS_HEAD = message("bot.status.head", "**{title}** — {status}, action {seq}")
GATHERING = message("bot.status.gathering", "Gathering players: {n} joined. `/game join`, then `/game start`.")
GM_RULING = message("bot.status.gm_ruling", "a game-master ruling")
SECRET_DECISION = message("bot.status.secret_decision", "a secret decision")
LOCKED_IN = message("bot.status.locked_in", "🔒 locked in")
NOBODY_HOLDING = message("bot.status.nobody_holding", "Nobody is holding the game up.")
NOT_STARTED = message("bot.refused.not_started", "The game has not started yet.")
NO_SEAT_PRIVATE = message(
    "bot.refused.no_seat_private", "You have no seat in this game; leave out `private` to see the public board."
)
BOARD_TITLE = message("bot.board.title", "{title} — board after action {seq}")
YOUR_VIEW_TITLE = message("bot.board.your_view_title", "{title} — your view after action {seq}")
NOTHING_YET = message("bot.log.nothing_yet", "Nothing has happened yet.")
UNDONE_LABEL = message("bot.undo.label", "your last action was taken back")
CLOCK_BOTH = message(
    "bot.refused.clock_both",
    "Give the table's clock either as `time_zone` (a name such as Europe/Berlin, which follows daylight "
    "saving) or as `utc_offset` (fixed hours from UTC), not both; nothing was changed.",
)
REMINDERS_CHANGED = message("bot.remind.changed", "⏰ {player} changed the reminders. {settings}")
UNDONE = message("bot.undo.done", "↩️ Your last action was taken back.")
REMIND_WHO = message("bot.refused.remind_who", "Only the game's players or a game master can change its reminders.")
LANGUAGE_SET = message("bot.language.set", "✅ I will write to you in {language}.")
LANGUAGE_AUTO = message(
    "bot.language.automatic", "✅ I will write to you in your Discord client's language (now: {language})."
)
GAME_LANGUAGE_SET = message("bot.language.game_set", "🌐 {player} set the language of this game to {language}.")
GAME_LANGUAGE_WHO = message(
    "bot.refused.game_language_who", "Only the game's creator or a game master can change the game's language."
)
# /game remind's options.
ARG_EVERY = message("bot.cmd.arg.every_hours", "Ping the awaited players every N hours (0 = never)")
ARG_DEADLINE = message("bot.cmd.arg.deadline_hours", "Hours a decision may wait before the deadline (0 = none)")
ARG_QUIET_START = message("bot.cmd.arg.quiet_start", "Quiet hours start (hour 0-23 on the table's clock)")
ARG_QUIET_END = message("bot.cmd.arg.quiet_end", "Quiet hours end (hour 0-23 on the table's clock)")
ARG_AUTO_DEFAULT = message("bot.cmd.arg.auto_default", "At the deadline, apply the default answer for the late player")
ARG_UTC_OFFSET = message(
    "bot.cmd.arg.utc_offset", "A fixed time zone for quiet hours, in hours from UTC (e.g. 2 or -5); replaces time_zone"
)
ARG_TIME_ZONE = message(
    "bot.cmd.arg.time_zone", "The table's time zone by name, e.g. Europe/Berlin (follows daylight saving)"
)
ARG_COUNT_LOG = message("bot.cmd.arg.log_count", "How many actions back")
ARG_BEFORE_LOG = message("bot.cmd.arg.log_before", "Scroll back: the actions before this action number")
LOG_OLDER = message("bot.log.older", "-# Older actions: `/game log before:{seq}`")
# What describe_options, describe_settings and /game info say.
OPTION_ITEM = message("bot.options.item", "`{name}` (default {default})")
OPTION_ITEM_HELP = message("bot.options.item_help", "`{name}` (default {default}): {help}")
OPTIONS_NONE = message("bot.options.none", "{game} has no options besides `players`.")
# How long a refusal's option list may grow (English characters; Chinese renders shorter): the whole
# reply must stay under Discord's 2,000 characters with the reason before it.
HELP_ROOM = 1500
OPTIONS_MORE = plural_message(
    "bot.options.more",
    "{n} more (the options field suggests it as you type)",
    "{n} more (the options field suggests them as you type)",
)
OPTIONS_LIST = message("bot.options.list", "{game}'s options: {options}. Write them as name=value, e.g. `{example}`.")
SETTINGS = message("bot.settings", "Reminders: {every} · deadline: {deadline} (then {auto}) · quiet hours: {quiet}.")
EVERY_HOURS = message("bot.settings.every", "every {hours} h")
OFF = message("bot.settings.off", "off")
HOURS = message("bot.settings.hours", "{hours} h")
NONE = message("bot.settings.none", "none")
QUIET = message("bot.settings.quiet", "{start}:00–{end}:00 {zone}")
AUTO_APPLY = message("bot.settings.auto_apply", "apply the default")
AUTO_TELL = message("bot.settings.auto_tell", "tell the game master")
SETTINGS_SAVED = message("bot.settings.saved", "✅ {settings}")
INFO_HEAD = message("bot.info.head", "**{title}** — {status}, created by {creator}")
INFO_OPTIONS = message("bot.info.options", "Options: {options}")
INFO_VACANT = message("bot.info.vacant", "seat {seat}: vacant")
INFO_SEED_HASH = message("bot.info.seed_hash", "Seed hash: `{hash}`")
INFO_SEED = message("bot.info.seed", "Seed hash: `{hash}` · seed `{seed}`")
CMD_EXPORT = message(
    "bot.cmd.game.export", "The game's whole log, options, content hash and seed as a file to check with a replay"
)
EXPORT_WHO = message(
    "bot.refused.export_who",
    "The export is for everyone once the game is over; while it runs, only a game master may export it.",
)
EXPORTED = message(
    "bot.export.done",
    "📄 {title}: {count} log entries. Check it with `python3 -m engine.replay {file}`: it verifies the seed "
    "against its hash, replays every action and prints the result.",
)
EXPORTED_SECRET = message(
    "bot.export.secret_seed",
    "📄 {title}: {count} log entries, without the seed (it stays secret until the game ends). "
    "This file is for game masters: the log holds every seat's actions.",
)
EXPORT_PAGE = 500
GAME_CHOICE = message("bot.choice.game", "#{id} {title} ({status})")


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The caller's live games in this server, then the server's open games."""
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]
    mine = await referee.store.list_games(user_id=interaction.user.id, statuses=LIVE)
    open_games = (
        await referee.store.list_games(guild_id=interaction.guild_id, statuses=["open"]) if interaction.guild_id else []
    )
    seen: set[int] = set()
    out: list[app_commands.Choice[int]] = []
    locale = await referee.locale(interaction)
    for game in mine + open_games:
        if game.id in seen or (interaction.guild_id and game.guild_id != interaction.guild_id):
            continue
        seen.add(game.id)
        label = render(GAME_CHOICE(id=game.id, title=Referee.title(game), status=status_word(game.status)), locale)
        if current and current.lower() not in label.lower() and current.lower() not in game.status:
            continue
        out.append(app_commands.Choice(name=text.truncate(label, 100), value=game.id))
    return out[:25]


def ruleset_title(name: str, locale: str = EN) -> str:
    """A game's title in ``locale`` (the Chinese boxes' own titles); the ruleset's title otherwise."""
    return lang.tr(lang.ruleset_title(name), locale)


async def ruleset_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]
    locale = await referee.locale(interaction)
    out = []
    for name in engine.rulesets():
        title = engine.ruleset(name).title
        shown = ruleset_title(name, locale)
        typed = current.lower()
        if typed in name.lower() or typed in title.lower() or typed in shown.lower():
            out.append(app_commands.Choice(name=text.truncate(f"{shown} ({name})", 100), value=name))
    return out[:25]


async def faction_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]
    game_id = getattr(interaction.namespace, "game", None)
    try:
        game = await referee.resolve_game(interaction, game_id)
    except (UserError, StoreError):  # no game here: nothing to complete, never an error at the user
        return []
    taken = {s.faction for s in await referee.store.seats(game.id)}
    choices = engine.ruleset(game.ruleset).faction_choices(game.options)  # the scenario's, with its expansions
    names = lang.game_names(game.ruleset, game.options)
    locale = await referee.locale(interaction)
    out = []
    for f in choices:
        shown = (names.name(Ref(kind="faction", id=f), locale) if names is not None else None) or f
        typed = current.lower()
        if f not in taken and (typed in f.lower() or typed in shown.lower()):
            out.append(app_commands.Choice(name=shown, value=f))  # the name in the reader's language, the id sent
    return out[:25]


async def option_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's current options, labelled as on the buttons; the value names prompt and index.

    Only prompts addressed to a seat the caller holds are read: their options are what
    that seat's own DM or panel shows, so nothing of another seat (or of the raw state)
    leaks. A former holder of a seat, a spectator or another seat gets nothing of it.
    """
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]
    try:
        game = await referee.resolve_game(interaction, getattr(interaction.namespace, "game", None))
        loaded = await referee.store.load(game.id)
    except (UserError, StoreError):  # no game here: nothing to complete
        return []
    mine = {s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None}
    out = []
    for prompt in loaded.prompts:
        if prompt.seat not in mine:
            continue
        kh = ids.key_hash(prompt.key)
        for i, option in enumerate(prompt.options):
            if current and current.lower() not in option.label.lower():
                continue
            out.append(app_commands.Choice(name=text.truncate(option.label, 100), value=encode_option_value(kh, i)))
    return out[:25]


def settable_options(rs: Any) -> dict[str, Any]:
    """The options a table may set by name: the ruleset's options model, minus the seats
    (``players`` has its own argument; factions are chosen when joining)."""
    return {k: f for k, f in rs.options_model.model_fields.items() if k != "factions" and k not in PACK_OPTIONS}


def options_line(rs: Any, options: dict[str, Any], locale: str) -> str:
    """A game's chosen options as a player reads them, ``name: value`` in their language, never the ids.

    The names and the words for id-like values are the ruleset's (``option_names``, ``option_values``,
    e.g. Cloudspire's P-5); on/off, numbers and the content pack are the bot's. An option its ruleset
    does not name yet is shown as typed (``name=value``), so nothing chosen is hidden."""
    own = getattr(rs, "option_names", None) or {}
    names: dict[str, Any] = {"content": OPTION_CONTENT, "players": OPTION_PLAYERS, **own}
    values: dict[str, dict[str, Any]] = getattr(rs, "option_values", None) or {}
    in_words = getattr(rs, "option_shown", None)  # list/dict values: heroes, units, spells by name
    content_names = rs.names() if in_words is not None and hasattr(rs, "names") else None
    parts: list[str] = []
    for key, value in options.items():
        name = names.get(key)
        if name is None:
            parts.append(f"{key}={value}")
            continue
        word = values.get(key, {}).get(str(value))
        shown: Any = (OPTION_ON() if value else OPTION_OFF()) if isinstance(value, bool) else value
        if word is None and isinstance(value, (list, dict, str)):
            # a typed list (``expansions=tower+rampart``) is a string the ruleset may still put in words
            said = in_words(key, value) if in_words is not None else None
            if said is None and isinstance(value, list) and all(type(v) is int for v in value):
                said = render(LIST_SEP(), locale).join(str(v) for v in value)  # fixed dice rolls: "3, 5, 2"
            if said is not None or not isinstance(value, str):
                shown = said if said is not None else json.dumps(value)  # never a value a message cannot carry
        said_value = word() if word is not None else shown
        parts.append(render(OPTION_SHOWN(name=name(), value=said_value), locale, content_names))
    return render(LIST_SEP(), locale).join(parts)


def option_labels(rs: Any) -> dict[str, Any]:
    """A ruleset's messages saying what its options mean (``option_labels``, e.g. Cloudspire's P-5), if any."""
    labels = getattr(rs, "option_labels", None)
    return dict(labels) if isinstance(labels, dict) else {}


def describe_options(rs: Any) -> Msg:
    """One sentence listing a game's options with their defaults, for refusals and help.

    Option names and values are what the player types, so they stay as they are; an option's
    description is the ruleset's own (English) help text, kept as free text.
    """
    parts: list[Msg] = []
    labels = option_labels(rs)
    room, left = HELP_ROOM, 0
    for name, field in settable_options(rs).items():
        if name == "players":
            continue
        default = field.get_default(call_default_factory=True)
        shown = "true" if default is True else "false" if default is False else str(default)
        helped: Msg | None = None
        if name in labels:  # the ruleset's own words for it, in the reader's language
            helped = OPTION_ITEM_HELP(name=name, default=shown, help=labels[name]())
        elif field.description:
            helped = OPTION_ITEM_HELP(name=name, default=shown, help=text.truncate(field.description, 200))
        # The meanings while the sentence stays well inside one message, then names and defaults, then
        # a count (Age of Heroes has over 30 options; the options field's autocomplete offers them all).
        # (each item also costs the ", " that joins it to the next)
        cost = len(render(helped, "en")) + 2 if helped is not None else 0
        item = OPTION_ITEM(name=name, default=shown)
        if helped is not None and cost <= room:
            parts.append(helped)
            room -= cost
        elif (short := len(render(item, "en")) + 2) <= room:
            parts.append(item)
            room -= short
        else:
            room, left = 0, left + 1  # once one is counted, the rest are too (names stay in order)
    if not parts:
        return OPTIONS_NONE(game=rs.title)
    if left:
        parts.append(OPTIONS_MORE(n=left))
    return OPTIONS_LIST(game=rs.title, options=parts, example=_example(rs))


def _example(rs: Any) -> str:
    for name, field in settable_options(rs).items():
        if name != "players":
            return f"{name}={json.dumps(field.get_default(call_default_factory=True))}"
    return "players=2"


async def options_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Completes ``name=value`` pairs from the chosen game's options model.

    What is typed stays as it is; the last, unfinished word is completed to an option
    name with its default value, and options not set yet are offered to append.
    """
    name = getattr(interaction.namespace, "ruleset", None)
    try:
        rs = engine.ruleset(str(name))
    except KeyError:  # no game chosen yet
        return []
    fields = [k for k in settable_options(rs) if k != "players"]
    words = current.split()
    done_words = words if current.endswith(" ") or not words or "=" in words[-1] else words[:-1]
    partial = "" if done_words is words else words[-1]
    given = {w.split("=", 1)[0] for w in done_words if "=" in w}
    base = " ".join(done_words)
    out: list[app_commands.Choice[str]] = []
    if current.strip() and not partial:
        out.append(app_commands.Choice(name=text.truncate(current.strip(), 100), value=current.strip()[:100]))
    labels = option_labels(rs)
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]  # the bot carries its Referee
    locale = await referee.locale(interaction) if labels else EN
    for field_name in fields:
        if field_name in given or (partial and not field_name.startswith(partial.lower())):
            continue
        default = json.dumps(rs.options_model.model_fields[field_name].get_default(call_default_factory=True))
        value = f"{base} {field_name}={default}".strip()
        if len(value) <= 100:
            # what the option means is shown beside what is typed (the value stays name=value)
            shown = f"{value} · {render(labels[field_name](), locale)}" if field_name in labels else value
            out.append(app_commands.Choice(name=text.truncate(shown, 100), value=value))
    return out[:25]


def clock_changes(time_zone: str | None, utc_offset: int | None) -> dict[str, Any]:
    """The settings for the table's clock: a named zone, or a fixed offset that replaces it.

    Both at once would contradict each other, so that is refused before anything changes;
    the zone's name is checked (and spelled the tz database's way) by the store.
    """
    if time_zone is not None and utc_offset is not None:
        raise UserError(CLOCK_BOTH())
    if time_zone is not None:
        return {"time_zone": time_zone}
    if utc_offset is not None:
        return {"utc_offset_hours": utc_offset, "time_zone": None}
    return {}


def clock_label(s: Any) -> str:
    """The table's clock as people read it: ``Europe/Berlin``, ``UTC+2`` or ``UTC``.

    Not a sentence: a tz-database name or a UTC offset, the same in every language."""
    name = getattr(s, "time_zone", None)
    if name:
        return str(name)
    offset = int(getattr(s, "utc_offset_hours", 0) or 0)
    return f"UTC{offset:+d}" if offset else "UTC"


@functools.lru_cache(maxsize=1)
def _zone_names() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones()))


async def time_zone_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """IANA zone names containing what was typed (public facts: the tz database)."""
    typed = current.strip().lower().replace(" ", "_")
    found = [n for n in _zone_names() if typed in n.lower()]
    return [app_commands.Choice(name=n, value=n) for n in found[:25]]


LANGUAGE_CHOICES = [app_commands.Choice(name=LANGUAGE_NAMES[loc], value=loc) for loc in LOCALES]


class TableCog(commands.GroupCog, group_name="game", group_description=lstr(CMD_GROUP)):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    # ---- lobby ------------------------------------------------------------------------
    @app_commands.command(name="new", description=lstr(CMD_NEW))
    @app_commands.describe(
        ruleset=lstr(ARG_RULESET),
        players=lstr(ARG_PLAYERS),
        options=lstr(ARG_OPTIONS),
        language=lstr(ARG_GAME_LANGUAGE),
        content=lstr(ARG_CONTENT),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.autocomplete(ruleset=ruleset_autocomplete)
    @app_commands.autocomplete(options=options_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction,
        ruleset: str,
        players: app_commands.Range[int, 1, 12] | None = None,
        options: str | None = None,
        language: app_commands.Choice[str] | None = None,
        content: str | None = None,
    ) -> None:
        await self.r.defer(interaction)
        chosen = language.value if language is not None else None
        await self.r.guarded(interaction, lambda: self._new(interaction, ruleset, players, options, chosen, content))

    async def _new(
        self,
        interaction: discord.Interaction,
        ruleset: str,
        players: int | None,
        options: str | None,
        language: str | None = None,
        content: str | None = None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise UserError(NOT_IN_SERVER())
        try:
            rs = engine.ruleset(ruleset)
        except KeyError:
            raise UserError(NO_SUCH_GAME(name=repr(ruleset))) from None
        try:
            opts = text.parse_options_arg(options)
        except text.BadArgument as exc:
            raise UserError(BAD_OPTIONS(reason=exc.reason, help=describe_options(rs))) from None
        unknown = [k for k in opts if k not in settable_options(rs)]
        if unknown:
            names = ", ".join(repr(k) for k in unknown)
            raise UserError(NO_SUCH_OPTION(game=rs.title, names=names, help=describe_options(rs)))
        if players is not None:
            opts["players"] = players
        if content:  # a kept pack (docs/content-packs.md): the game records its text and sha256
            library: PackLibrary = getattr(self.r, "content_packs", None) or default_library()
            found = library.find(content, game=rs.name)
            if found is None:
                raise UserError(NO_SUCH_PACK(name=repr(content), game=rs.title))
            opts["content_pack"], opts["content_hash"] = found
        # The thread's language: the one chosen, else the server's (Discord's preferred locale).
        guild = getattr(interaction, "guild", None)
        here = normalize(language or getattr(guild, "preferred_locale", None) or EN)
        fewest, most = rs.seat_range(opts)
        cap = int(opts.get("players") or most)
        chosen = {k: v for k, v in shown_options(opts).items() if k not in ("players", "factions")}

        def lobby(game_id: int) -> list[dict[str, Any]]:
            """The lobby message (its lines rendered when it is sent, with the Join and Start buttons),
            written with the game itself (issue 18): a new game is never left without its lobby."""
            said = [LOBBY(title=lang.game_title(rs.name, game_id), opener=opener, min=fewest, cap=cap)]
            if rs.factions:
                said.append(LOBBY_FACTIONS(factions=[Ref(kind=lang.FACTION_KIND, id=f) for f in rs.factions]))
            if chosen:
                said.append(LOBBY_OPTIONS(options=options_line(rs, chosen, here)))
            said.append(LOBBY_LANGUAGE(language=LANGUAGE_NAMES[here]))
            return [lobby_lines(said)]

        opener = text.mention(interaction.user.id)
        notice = Notice(compose=lobby)
        game = await self.r.store.create_game(
            interaction.guild_id, interaction.channel_id, rs.name, opts, interaction.user.id, notice=notice
        )
        if here != EN:
            await self.r.store.update_settings(game.id, language=here)
            game = await self.r.store.get_game(game.id)
        thread_id = await self._make_thread(interaction, render(lang.game_title(rs.name, game.id), here))
        if thread_id is not None:
            game = await self.r.store.set_thread(game.id, thread_id)
        where = f"<#{thread_id}>" if thread_id else THIS_CHANNEL()
        await self.r.after_commit(
            interaction,
            game,
            lambda: self.r.announce(game, notice),
            confirm=lambda: self.r.send(interaction, CREATED(title=self.r.title(game), where=where)),
        )

    @app_commands.command(name="language", description=lstr(CMD_LANGUAGE))
    @app_commands.describe(choice=lstr(ARG_LANGUAGE), game=lstr(ARG_LANGUAGE_GAME))
    @app_commands.choices(
        choice=[*LANGUAGE_CHOICES, app_commands.Choice(name=lstr(CHOICE_AUTOMATIC), value="auto")],
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def language(
        self, interaction: discord.Interaction, choice: app_commands.Choice[str], game: int | None = None
    ) -> None:
        """Your own language (DMs and replies); with ``game:`` the language of that game's thread (its GM)."""
        await self.r.defer(interaction)
        await self.r.guarded(interaction, lambda: self._language(interaction, choice.value, game))

    async def _language(self, interaction: discord.Interaction, value: str, game: int | None) -> None:
        if game is not None:
            record = await self.r.resolve_game(interaction, game)
            if interaction.user.id != record.created_by and not await self.r.gm_of(interaction, record.guild_id):
                raise UserError(GAME_LANGUAGE_WHO())
            chosen = (
                value
                if value in LOCALES
                else normalize(getattr(getattr(interaction, "guild", None), "preferred_locale", None))
            )
            note = GAME_LANGUAGE_SET(player=text.mention(interaction.user.id), language=LANGUAGE_NAMES[chosen])
            notice = Notice(items=[line(note)])  # written with the setting: the table hears of it once (issue 18)
            await self.r.store.update_settings(record.id, notice=notice, language=chosen)
            record = await self.r.store.get_game(record.id)
            said = "✅ " + render(note, await self.r.locale(interaction))
            await self.r.after_commit(
                interaction,
                record,
                lambda: self.r.announce(record, notice),
                confirm=lambda: self.r.send(interaction, said),
            )
            return
        if value in LOCALES:
            await self.r.locales.choose(interaction.user.id, value)
            await self.r.send(interaction, LANGUAGE_SET(language=LANGUAGE_NAMES[value]))
            return
        await self.r.locales.choose(interaction.user.id, None)
        now = await self.r.locale(interaction)
        await self.r.send(interaction, LANGUAGE_AUTO(language=LANGUAGE_NAMES[now]))

    async def _make_thread(self, interaction: discord.Interaction, name: str) -> int | None:
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        try:
            if isinstance(channel, discord.TextChannel):
                thread = await channel.create_thread(
                    name=text.truncate(name, 100),
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
                return thread.id
            if interaction.channel_id is None:
                return None
            data = await interaction.client.http.start_thread_without_message(
                interaction.channel_id,
                name=text.truncate(name, 100),
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                type=11,
            )
            return int(data["id"])
        except discord.HTTPException as exc:
            log.warning("could not create a thread in %s: %s; using the channel", interaction.channel_id, exc)
            return None

    @app_commands.command(name="join", description=lstr(CMD_JOIN))
    @app_commands.describe(game=lstr(ARG_GAME), faction=lstr(ARG_FACTION))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.autocomplete(faction=faction_autocomplete)
    async def join(self, interaction: discord.Interaction, game: int | None = None, faction: str | None = None) -> None:
        await self.r.join(interaction, game, faction)

    @app_commands.command(name="leave", description=lstr(CMD_LEAVE))
    @app_commands.describe(game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            notice = Notice(items=[line(LEFT(player=text.mention(interaction.user.id)))])  # issue 18: with the change
            async with self.r.lock(record.id):
                await self.r.store.leave(record.id, interaction.user.id, notice=notice)
                await self.r.after_commit(
                    interaction,
                    record,
                    lambda: self.r.announce(record, notice),
                    confirm=lambda: self.r.send(interaction, LEFT_YOU(title=self.r.title(record))),
                )

        await self.r.guarded(interaction, work)

    @app_commands.command(name="start", description=lstr(CMD_START))
    @app_commands.describe(seed=lstr(ARG_SEED), game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def start(
        self,
        interaction: discord.Interaction,
        game: int | None = None,
        seed: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await self.r.start(interaction, game, seed)

    @app_commands.command(name="cancel", description=lstr(CMD_CANCEL))
    @app_commands.describe(reason=lstr(ARG_REASON), game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def cancel(self, interaction: discord.Interaction, reason: str, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            if interaction.user.id != record.created_by and not self.r.is_gm(interaction):
                raise UserError(CANCEL_WHO())
            who, why = text.mention(interaction.user.id), text.truncate(reason, 500)
            # A started game's seed is revealed by the cancellation: filled into the line at send time.
            note = (
                CANCELLED_SEED(player=who, reason=why, seed=SEED_SLOT, hash=record.seed_hash)
                if record.seed_hash
                else CANCELLED(player=who, reason=why)
            )
            notice = Notice(items=[line(note)])  # issue 18: written with the status, sent once
            async with self.r.lock(record.id):
                updated = await self.r.store.set_status(
                    record.id, "cancelled", interaction.user.id, reason, notice=notice
                )
                await self.r.after_commit(
                    interaction,
                    updated,
                    lambda: self.r.announce(updated, notice),
                    confirm=lambda: self.r.send(interaction, CANCELLED_YOU(title=self.r.title(record))),
                )

        await self.r.guarded(interaction, work)

    @app_commands.command(name="list", description=lstr(CMD_LIST))
    async def list_(self, interaction: discord.Interaction) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            games = (
                await self.r.store.list_games(guild_id=interaction.guild_id, statuses=LIVE)
                if interaction.guild_id
                else await self.r.store.list_games(user_id=interaction.user.id, statuses=LIVE)
            )
            if not games:
                await self.r.send(interaction, NO_GAMES())
                return
            locale = await self.r.locale(interaction)
            lines = []
            for g in games:
                where = f" — <#{g.thread_id}>" if g.thread_id else ""
                count = len(await self.r.store.seats(g.id))
                line = render(LIST_LINE(title=self.r.title(g), status=status_word(g.status), count=count), locale)
                lines.append(f"{line}{where}")
            await self.r.send(interaction, "\n".join(lines))

        await self.r.guarded(interaction, work)

    @app_commands.command(name="info", description=lstr(CMD_INFO))
    @app_commands.describe(game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def info(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            seats = await self.r.store.seats(record.id)
            s = record.settings
            loc = await self.r.locale(interaction)
            names = self.r.names(record, {x.seat: x for x in seats if x.seat is not None})
            head = INFO_HEAD(
                title=self.r.title(record), status=status_word(record.status), creator=text.mention(record.created_by)
            )
            lines = [render(head, loc)]
            listed_options = {k: v for k, v in shown_options(record.options).items() if k != "factions"}
            if listed_options:
                listed = options_line(engine.ruleset(record.ruleset), listed_options, loc)
                lines.append(render(INFO_OPTIONS(options=listed), loc))
            for seat in sorted(seats, key=lambda x: (x.seat is None, x.seat if x.seat is not None else 0, x.joined_at)):
                if not seat.user_id:
                    lines.append("• " + render(INFO_VACANT(seat=(seat.seat or 0) + 1), loc))
                    continue
                if seat.seat is not None:
                    label = text.seat_label(seat.seat, seat.user_id, seat.faction, loc, names)
                else:
                    faction = Ref(kind=lang.FACTION_KIND, id=seat.faction) if seat.faction else None
                    label = text.mention(seat.user_id) + (f" ({lang.ref_name(faction, loc, names)})" if faction else "")
                lines.append(f"• {label}")
            if record.seed_hash:
                seed = (
                    INFO_SEED(hash=record.seed_hash, seed=record.seed)
                    if record.seed
                    else INFO_SEED_HASH(hash=record.seed_hash)
                )
                lines.append(render(seed, loc))
            lines.append(render(describe_settings(s), loc))
            await self.r.send(interaction, "\n".join(lines))

        await self.r.guarded(interaction, work)

    @app_commands.command(name="export", description=lstr(CMD_EXPORT))
    @app_commands.describe(game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            over = record.status in ("finished", "cancelled")
            # While the game runs, the log is every seat's actions (secret orders included).
            if not over and not self.r.is_gm(interaction):
                raise UserError(EXPORT_WHO())
            data, count = await self.export_bytes(record)
            name = f"game-{record.id}.json"
            done = EXPORTED if over else EXPORTED_SECRET
            words = render(done(title=self.r.title(record), count=count, file=name), await self.r.locale(interaction))
            file = discord.File(io.BytesIO(data), filename=name)
            await interaction.followup.send(words, file=file, ephemeral=True)

        await self.r.guarded(interaction, work)

    async def export_bytes(self, record: Any) -> tuple[bytes, int]:
        """The export document (``engine.core.export``) of ``record`` as UTF-8 JSON, and its log length.

        The seed is the record's: the store reveals it only once the game is over, so an export of
        a running game carries the hash alone."""
        rows: list[dict[str, Any]] = []
        while True:
            since = rows[-1]["seq"] if rows else 0
            page = await self.r.store.log(record.id, since_seq=since, limit=EXPORT_PAGE)
            rows += [{"seq": e.seq, "kind": e.kind, "seat": e.seat, "action": e.action} for e in page]
            if len(page) < EXPORT_PAGE:
                break
        result = None
        if record.status != "open":
            loaded = await self.r.store.load(record.id)
            result = loaded.result.model_dump(mode="json") if loaded.result is not None else None
        doc = export_document(
            game_id=record.id,
            ruleset=record.ruleset,
            status=record.status,
            options=record.options,
            seed_hash=record.seed_hash,
            seed=record.seed,
            content=recorded_content(record),
            log=rows,
            result=result,
        )
        return json.dumps(doc, indent=1, ensure_ascii=False).encode("utf-8"), len(rows)

    # ---- playing ------------------------------------------------------------------------
    @app_commands.command(name="status", description=lstr(CMD_STATUS))
    @app_commands.describe(game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            loaded = await self.r.store.load(record.id)
            seats = {s.seat: s for s in loaded.seats if s.seat is not None}
            loc = await self.r.locale(interaction)
            names = self.r.names(record, seats)
            head = STATUS_HEAD(title=self.r.title(record), status=status_word(record.status), seq=loaded.seq)
            lines = [render(head, loc)]
            if loaded.state is None:
                lines.append(render(GATHERING(n=len(loaded.seats)), loc))
            elif loaded.result is not None:
                labels = {k: text.seat_label(k, v.user_id, v.faction, loc, names) for k, v in seats.items()}
                last = await self.r.store.log(record.id, since_seq=max(0, loaded.seq - 1))
                lines.append(
                    text.format_result(
                        loaded.result,
                        labels,
                        seed=record.seed,
                        seed_hash=record.seed_hash,
                        locale=loc,
                        reason=lang.result_reason(e for entry in last for e in entry.events),
                        names=names,
                    )
                )
            else:
                waiting = waiting_seats(loaded.prompts)
                for prompt in loaded.prompts:
                    who = seats.get(prompt.seat)
                    label = text.seat_label(
                        prompt.seat, who.user_id if who else None, who.faction if who else None, loc, names
                    )
                    what = (
                        render(GM_RULING(), loc)
                        if prompt.seat < 0
                        else render(SECRET_DECISION(), loc)
                        if prompt.secret
                        else lang.localize_prompt(prompt, loc, names).question
                    )
                    mark = "⏳" if prompt.waiting else render(LOCKED_IN(), loc) if prompt.locked_in else "➖"
                    lines.append(text.truncate(f"{mark} {label}: {what}", 300))
                if not waiting:
                    lines.append(render(NOBODY_HOLDING(), loc))
            behind = await outbox.behind_line(self.r.store, record.id, loc)  # issue 18: deliveries not yet sent
            if behind is not None:
                lines.append(behind)
            await self.r.send(interaction, "\n".join(lines))

        await self.r.guarded(interaction, work)

    @app_commands.command(name="board", description=lstr(CMD_BOARD))
    @app_commands.describe(private=lstr(ARG_PRIVATE), game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def board(self, interaction: discord.Interaction, private: bool = False, game: int | None = None) -> None:
        await self.r.defer(interaction, ephemeral=private)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            loaded = await self.r.store.load(record.id)
            if loaded.state is None:
                raise UserError(NOT_STARTED())
            rs = engine.ruleset(record.ruleset)
            seat: int | None = None
            if private:
                seat = next(
                    (s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None), None
                )
                if seat is None:
                    raise UserError(NO_SEAT_PRIVATE())
            view = rs.view(loaded.state, seat)  # public view unless the caller asked for their own
            # The public picture speaks the thread's language; a private one, the reader's.
            here = await self.r.locale(interaction) if private else lang.game_locale(record)
            seats = await self.r.seat_map(record.id)
            names = decision_pictures.with_players(self.r.client, self.r.names(record, seats), seats)
            png = await renderers.render_png(record.ruleset, view, locale=here, names=names, game=record.id)
            titled = YOUR_VIEW_TITLE if private else BOARD_TITLE
            title = render(titled(title=self.r.title(record), seq=loaded.seq), await self.r.locale(interaction))
            if png is not None:
                await self.r.send(interaction, f"**{title}**", ephemeral=private, png=png)
            else:
                for page in text.format_view_pages(view, title=title):
                    await self.r.send(interaction, page, ephemeral=private)

        await self.r.guarded(interaction, work)

    @app_commands.command(name="hand", description=lstr(CMD_HAND))
    @app_commands.describe(game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            await self.r._panel(interaction, record.id)

        await self.r.guarded(interaction, work)

    @app_commands.command(name="log", description=lstr(CMD_LOG))
    @app_commands.describe(count=lstr(ARG_COUNT_LOG), game=lstr(ARG_GAME), before=lstr(ARG_BEFORE_LOG))
    @app_commands.autocomplete(game=game_autocomplete)
    async def log_(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, 50] = 15,
        game: int | None = None,
        before: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """Every step can be read back (issue 12: the thread keeps one log message per season or
        turn): the newest ``count`` actions, or with ``before`` the ones before that action, and a
        line naming the command for the page before."""
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            seat = await self.r.store.seat_of(record.id, interaction.user.id)
            end = record.last_seq if before is None else min(record.last_seq, before - 1)
            start = max(0, end - count)
            entries = await self.r.store.log(record.id, since_seq=start, limit=end - start)
            loc = await self.r.locale(interaction)
            seats = {s.seat: s for s in await self.r.store.seats(record.id) if s.seat is not None}
            shown = format_log(entries, seat, loc, self.r.names(record, seats))
            if shown and start > 0:
                shown += "\n" + render(LOG_OLDER(seq=start + 1), loc)
            await self.r.send(interaction, shown or NOTHING_YET())

        await self.r.guarded(interaction, work)

    @app_commands.command(name="undo", description=lstr(CMD_UNDO))
    @app_commands.describe(game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            async with self.r.lock(record.id):
                before = (await self.r.store.load(record.id)).prompts
                outcome = await self.r.store.undo(record.id, interaction.user.id)
                await self.r.after_commit(
                    interaction,
                    outcome.game,
                    lambda: self.r.publish(record, before, outcome, repost_seats=frozenset({outcome.seat})),
                    confirm=lambda: self.r.send(interaction, UNDONE()),
                    label=UNDONE_LABEL(),
                )

        await self.r.guarded(interaction, work)

    @app_commands.command(name="act", description=lstr(CMD_ACT))
    @app_commands.describe(option=lstr(ARG_OPTION), answer=lstr(ARG_ANSWER), game=lstr(ARG_GAME))
    @app_commands.autocomplete(option=option_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def act(
        self,
        interaction: discord.Interaction,
        option: str | None = None,
        answer: str | None = None,
        game: int | None = None,
    ) -> None:
        await self.r.act_typed(interaction, game, option, answer)

    @app_commands.command(name="remind", description=lstr(CMD_REMIND))
    @app_commands.describe(
        every_hours=lstr(ARG_EVERY),
        deadline_hours=lstr(ARG_DEADLINE),
        quiet_start=lstr(ARG_QUIET_START),
        quiet_end=lstr(ARG_QUIET_END),
        auto_default=lstr(ARG_AUTO_DEFAULT),
        utc_offset=lstr(ARG_UTC_OFFSET),
        time_zone=lstr(ARG_TIME_ZONE),
        game=lstr(ARG_GAME),
    )
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.autocomplete(time_zone=time_zone_autocomplete)
    async def remind(
        self,
        interaction: discord.Interaction,
        every_hours: app_commands.Range[int, 0, 720] | None = None,
        deadline_hours: app_commands.Range[int, 0, 2160] | None = None,
        quiet_start: app_commands.Range[int, 0, 23] | None = None,
        quiet_end: app_commands.Range[int, 0, 23] | None = None,
        auto_default: bool | None = None,
        utc_offset: app_commands.Range[int, -12, 14] | None = None,
        game: int | None = None,
        time_zone: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            seated = any(s.user_id == interaction.user.id for s in await self.r.store.seats(record.id))
            changes: dict[str, Any] = {}
            if every_hours is not None:
                changes["reminder_minutes"] = every_hours * 60 or None
            if deadline_hours is not None:
                changes["deadline_hours"] = deadline_hours or None
            if quiet_start is not None:
                changes["quiet_start_hour"] = quiet_start
            if quiet_end is not None:
                changes["quiet_end_hour"] = quiet_end
            if auto_default is not None:
                changes["auto_default"] = auto_default
            changes.update(clock_changes(time_zone, utc_offset))
            if not changes:
                await self.r.send(interaction, describe_settings(record.settings))
                return
            if not seated and interaction.user.id != record.created_by and not self.r.is_gm(interaction):
                raise UserError(REMIND_WHO())
            who = text.mention(interaction.user.id)
            # The table's line names the settings as saved (checked by the store), written with them (issue 18).
            notice = Notice(
                compose=lambda saved: [line(REMINDERS_CHANGED(player=who, settings=describe_settings(saved)))]
            )
            settings = await self.r.store.update_settings(record.id, notice=notice, **changes)
            await self.r.after_commit(
                interaction,
                record,
                lambda: self.r.announce(record, notice),
                confirm=lambda: self.r.send(interaction, SETTINGS_SAVED(settings=describe_settings(settings))),
            )

        await self.r.guarded(interaction, work)


def recorded_content(record: Any) -> str:
    """The content a game was played with: the pack hash the game recorded, else the shipped content's."""
    for key in ("content_hash", "content"):
        found = record.options.get(key)
        if isinstance(found, str) and found:
            return found
    return shipped_content_hash(engine.ruleset(record.ruleset))


def describe_settings(s: Any) -> Msg:
    """The table's reminder settings as one sentence, rendered in each reader's language."""
    every = EVERY_HOURS(hours=f"{s.reminder_minutes / 60:g}") if s.reminder_minutes else OFF()
    deadline = HOURS(hours=s.deadline_hours) if s.deadline_hours else NONE()
    quiet = (
        QUIET(start=f"{s.quiet_start_hour:02d}", end=f"{s.quiet_end_hour:02d}", zone=clock_label(s))
        if s.quiet_start_hour is not None and s.quiet_end_hour is not None
        else NONE()
    )
    auto = AUTO_APPLY() if s.auto_default else AUTO_TELL()
    return SETTINGS(every=every, deadline=deadline, auto=auto, quiet=quiet)


STATUS_WORDS = {
    "open": message("bot.status.word.open", "open"),
    "active": message("bot.status.word.active", "active"),
    "paused": message("bot.status.word.paused", "paused"),
    "finished": message("bot.status.word.finished", "finished"),
    "cancelled": message("bot.status.word.cancelled", "cancelled"),
}


def status_word(status: str) -> Any:
    """A game's status as a message (the store's word when it is not one we know)."""
    found = STATUS_WORDS.get(status)
    return found() if found is not None else status


def format_log(entries: list[Any], seat: int | None, locale: str = EN, names: Any = None) -> str:
    """Log lines a seat may read (in ``locale``): private events of other seats never appear."""
    lines = []
    for entry in entries:
        events: list[Event] = visible_events(entry.events, seat)
        mark = {"undo": "↩️", "gm": "🛡️", "rollback": "⏪"}.get(entry.kind, "")
        for event in events:
            lines.append(text.truncate(f"`#{entry.seq}` {mark}{lang.event_text(event, locale, names)}", 400))
    return "\n".join(lines)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot.referee))  # type: ignore[attr-defined]
