"""``/game``: the table commands every ruleset shares.

Each command acknowledges first (defer) and then hands over to the ``Referee`` or
the store; no rule of any game is decided here. A command used inside a game's
thread is about that game, so ``game:`` is needed only elsewhere.
"""

from __future__ import annotations

import functools
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
from store import StoreError

from . import ids, text
from .referee import LIVE, Referee, UserError, encode_option_value
from .routing import visible_events, waiting_seats

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: async games go quiet for days


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The caller's live games in this server, then the server's open games."""
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]
    mine = await referee.store.list_games(user_id=interaction.user.id, statuses=LIVE)
    open_games = (
        await referee.store.list_games(guild_id=interaction.guild_id, statuses=["open"]) if interaction.guild_id else []
    )
    seen: set[int] = set()
    out: list[app_commands.Choice[int]] = []
    for game in mine + open_games:
        if game.id in seen or (interaction.guild_id and game.guild_id != interaction.guild_id):
            continue
        seen.add(game.id)
        label = f"#{game.id} {Referee.title(game)} ({game.status})"
        if current and current.lower() not in label.lower():
            continue
        out.append(app_commands.Choice(name=text.truncate(label, 100), value=game.id))
    return out[:25]


async def ruleset_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    out = []
    for name in engine.rulesets():
        title = engine.ruleset(name).title
        if current.lower() in name.lower() or current.lower() in title.lower():
            out.append(app_commands.Choice(name=text.truncate(f"{title} ({name})", 100), value=name))
    return out[:25]


async def faction_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]
    game_id = getattr(interaction.namespace, "game", None)
    try:
        game = await referee.resolve_game(interaction, game_id)
    except (UserError, StoreError):  # no game here: nothing to complete, never an error at the user
        return []
    taken = {s.faction for s in await referee.store.seats(game.id)}
    factions = [f for f in engine.ruleset(game.ruleset).factions if f not in taken]
    return [app_commands.Choice(name=f, value=f) for f in factions if current.lower() in f.lower()][:25]


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
    return {k: f for k, f in rs.options_model.model_fields.items() if k != "factions"}


def describe_options(rs: Any) -> str:
    """One sentence listing a game's options with their defaults, for refusals and help."""
    parts = []
    for name, field in settable_options(rs).items():
        if name == "players":
            continue
        default = field.get_default(call_default_factory=True)
        shown = "true" if default is True else "false" if default is False else default
        parts.append(f"`{name}` (default {shown})" + (f": {field.description}" if field.description else ""))
    if not parts:
        return f"{rs.title} has no options besides `players`."
    return text.truncate(
        f"{rs.title}'s options: " + ", ".join(parts) + ". Write them as name=value, e.g. `" + _example(rs) + "`.", 1500
    )


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
    for field_name in fields:
        if field_name in given or (partial and not field_name.startswith(partial.lower())):
            continue
        default = json.dumps(rs.options_model.model_fields[field_name].get_default(call_default_factory=True))
        value = f"{base} {field_name}={default}".strip()
        if len(value) <= 100:
            out.append(app_commands.Choice(name=value, value=value))
    return out[:25]


def clock_changes(time_zone: str | None, utc_offset: int | None) -> dict[str, Any]:
    """The settings for the table's clock: a named zone, or a fixed offset that replaces it.

    Both at once would contradict each other, so that is refused before anything changes;
    the zone's name is checked (and spelled the tz database's way) by the store.
    """
    if time_zone is not None and utc_offset is not None:
        raise UserError(
            "Give the table's clock either as `time_zone` (a name such as Europe/Berlin, which follows daylight "
            "saving) or as `utc_offset` (fixed hours from UTC), not both; nothing was changed."
        )
    if time_zone is not None:
        return {"time_zone": time_zone}
    if utc_offset is not None:
        return {"utc_offset_hours": utc_offset, "time_zone": None}
    return {}


def clock_label(s: Any) -> str:
    """The table's clock as people read it: ``Europe/Berlin``, ``UTC+2`` or ``UTC``."""
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


class TableCog(commands.GroupCog, group_name="game", group_description="Play a board game with this server"):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    # ---- lobby ------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a new game in its own thread")
    @app_commands.describe(
        ruleset="Which game",
        players="How many seats (default: the game's maximum)",
        options="Game options by name, e.g. rounds=2 (start typing to see the game's options)",
    )
    @app_commands.autocomplete(ruleset=ruleset_autocomplete)
    @app_commands.autocomplete(options=options_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction,
        ruleset: str,
        players: app_commands.Range[int, 1, 12] | None = None,
        options: str | None = None,
    ) -> None:
        await self.r.defer(interaction)
        await self.r.guarded(interaction, lambda: self._new(interaction, ruleset, players, options))

    async def _new(
        self, interaction: discord.Interaction, ruleset: str, players: int | None, options: str | None
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise UserError("Games live in a server channel; use `/game new` there.")
        try:
            rs = engine.ruleset(ruleset)
        except KeyError:
            raise UserError(f"There is no game called {ruleset!r}; pick one from the list.") from None
        try:
            opts = text.parse_options_arg(options)
        except ValueError as exc:
            raise UserError(f"{exc} {describe_options(rs)}") from None
        unknown = [k for k in opts if k not in settable_options(rs)]
        if unknown:
            names = ", ".join(repr(k) for k in unknown)
            raise UserError(f"{rs.title} has no option {names}. {describe_options(rs)}")
        if players is not None:
            opts["players"] = players
        game = await self.r.store.create_game(
            interaction.guild_id, interaction.channel_id, rs.name, opts, interaction.user.id
        )
        thread_id = await self._make_thread(interaction, f"{rs.title} #{game.id}")
        if thread_id is not None:
            game = await self.r.store.set_thread(game.id, thread_id)
        cap = int(game.options.get("players") or rs.max_players)
        factions = f" Factions: {', '.join(rs.factions)}." if rs.factions else ""
        chosen = {k: v for k, v in game.options.items() if k not in ("players", "factions")}
        shown = f"\nOptions: {', '.join(f'{k}={v}' for k, v in chosen.items())}." if chosen else ""
        opener = text.mention(interaction.user.id)
        lobby = (
            f"🎲 **{self.r.title(game)}** opened by {opener} — {rs.min_players}–{cap} players.{factions}{shown}\n"
            f"Press **Join** (or `/game join`, with a faction if you like); when everyone is in, press **Start**."
        )
        await self.r.delivery.post(game, lobby, view=self.r.lobby_view(game.id))
        where = f"<#{thread_id}>" if thread_id else "this channel"
        await self.r.send(interaction, f"✅ Created {self.r.title(game)} in {where}.")

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

    @app_commands.command(name="join", description="Take a seat in a game that is gathering players")
    @app_commands.describe(game="Game number (not needed in its thread)", faction="The faction you want to play")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.autocomplete(faction=faction_autocomplete)
    async def join(self, interaction: discord.Interaction, game: int | None = None, faction: str | None = None) -> None:
        await self.r.join(interaction, game, faction)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            await self.r.store.leave(record.id, interaction.user.id)
            await self.r.send(interaction, f"✅ You left {self.r.title(record)}.")
            await self.r.delivery.post(record, f"➖ {text.mention(interaction.user.id)} left the game.")

        await self.r.guarded(interaction, work)

    @app_commands.command(name="start", description="Start the game: seats are drawn and the seed hash published")
    @app_commands.describe(seed="Game masters only: a fixed seed (tournaments, tests); its hash is published as usual")
    @app_commands.autocomplete(game=game_autocomplete)
    async def start(
        self,
        interaction: discord.Interaction,
        game: int | None = None,
        seed: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await self.r.start(interaction, game, seed)

    @app_commands.command(name="cancel", description="Cancel a game (its creator or a game master)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def cancel(self, interaction: discord.Interaction, reason: str, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            if interaction.user.id != record.created_by and not self.r.is_gm(interaction):
                raise UserError("Only the game's creator or a game master can cancel it.")
            async with self.r.lock(record.id):
                updated = await self.r.store.set_status(record.id, "cancelled", interaction.user.id, reason)
            await self.r.send(interaction, f"✅ {self.r.title(record)} is cancelled.")
            seed = f" Its seed was `{updated.seed}` (hash `{updated.seed_hash}`)." if updated.seed else ""
            await self.r.delivery.post(
                record,
                f"🛑 {text.mention(interaction.user.id)} cancelled the game: {text.truncate(reason, 500)}.{seed}",
            )

        await self.r.guarded(interaction, work)

    @app_commands.command(name="list", description="Games in this server that are open or under way")
    async def list_(self, interaction: discord.Interaction) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            games = (
                await self.r.store.list_games(guild_id=interaction.guild_id, statuses=LIVE)
                if interaction.guild_id
                else await self.r.store.list_games(user_id=interaction.user.id, statuses=LIVE)
            )
            if not games:
                await self.r.send(interaction, "No games yet. Open one with `/game new`.")
                return
            lines = []
            for g in games:
                where = f" — <#{g.thread_id}>" if g.thread_id else ""
                count = len(await self.r.store.seats(g.id))
                lines.append(f"• **{self.r.title(g)}** — {g.status}, {count} player(s){where}")
            await self.r.send(interaction, "\n".join(lines))

        await self.r.guarded(interaction, work)

    @app_commands.command(name="info", description="Seats, factions, settings and seed hash of a game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def info(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            seats = await self.r.store.seats(record.id)
            s = record.settings
            lines = [f"**{self.r.title(record)}** — {record.status}, created by {text.mention(record.created_by)}"]
            shown_options = {k: v for k, v in record.options.items() if k != "factions"}
            if shown_options:
                lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in shown_options.items()))
            for seat in sorted(seats, key=lambda x: (x.seat is None, x.seat if x.seat is not None else 0, x.joined_at)):
                label = (
                    text.seat_label(seat.seat, seat.user_id, seat.faction)
                    if seat.seat is not None
                    else f"{text.mention(seat.user_id)}" + (f" ({seat.faction})" if seat.faction else "")
                )
                lines.append(f"• {label}" if seat.user_id else f"• seat {(seat.seat or 0) + 1}: vacant")
            if record.seed_hash:
                lines.append(f"Seed hash: `{record.seed_hash}`" + (f" · seed `{record.seed}`" if record.seed else ""))
            lines.append(describe_settings(s))
            await self.r.send(interaction, "\n".join(lines))

        await self.r.guarded(interaction, work)

    # ---- playing ------------------------------------------------------------------------
    @app_commands.command(name="status", description="Whose move it is and what the game waits for")
    @app_commands.autocomplete(game=game_autocomplete)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            loaded = await self.r.store.load(record.id)
            seats = {s.seat: s for s in loaded.seats if s.seat is not None}
            lines = [f"**{self.r.title(record)}** — {record.status}, action {loaded.seq}"]
            if loaded.state is None:
                lines.append(f"Gathering players: {len(loaded.seats)} joined. `/game join`, then `/game start`.")
            elif loaded.result is not None:
                names = {k: text.seat_label(k, v.user_id, v.faction) for k, v in seats.items()}
                lines.append(text.format_result(loaded.result, names, seed=record.seed, seed_hash=record.seed_hash))
            else:
                waiting = waiting_seats(loaded.prompts)
                for prompt in loaded.prompts:
                    who = seats.get(prompt.seat)
                    label = (
                        "the game master"
                        if prompt.seat < 0
                        else text.seat_label(prompt.seat, who.user_id if who else None, who.faction if who else None)
                    )
                    what = (
                        "a game-master ruling"
                        if prompt.seat < 0
                        else "a secret decision"
                        if prompt.secret
                        else prompt.question
                    )
                    mark = "⏳" if prompt.waiting else "🔒 locked in"
                    lines.append(text.truncate(f"{mark} {label}: {what}", 300))
                if not waiting:
                    lines.append("Nobody is holding the game up.")
            await self.r.send(interaction, "\n".join(lines))

        await self.r.guarded(interaction, work)

    @app_commands.command(name="board", description="The current board: public, or only yours")
    @app_commands.describe(private="Show the board as your seat sees it, only to you")
    @app_commands.autocomplete(game=game_autocomplete)
    async def board(self, interaction: discord.Interaction, private: bool = False, game: int | None = None) -> None:
        await self.r.defer(interaction, ephemeral=private)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            loaded = await self.r.store.load(record.id)
            if loaded.state is None:
                raise UserError("The game has not started yet.")
            rs = engine.ruleset(record.ruleset)
            seat: int | None = None
            if private:
                seat = next(
                    (s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None), None
                )
                if seat is None:
                    raise UserError("You have no seat in this game; leave out `private` to see the public board.")
            view = rs.view(loaded.state, seat)  # public view unless the caller asked for their own
            png = await renderers.render_png(record.ruleset, view)
            title = f"{self.r.title(record)} — " + ("your view" if private else "board") + f" after action {loaded.seq}"
            if png is not None:
                await self.r.send(interaction, f"**{title}**", ephemeral=private, png=png)
            else:
                for page in text.format_view_pages(view, title=title):
                    await self.r.send(interaction, page, ephemeral=private)

        await self.r.guarded(interaction, work)

    @app_commands.command(name="hand", description="Your private panel: your hand, secrets and open decisions")
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            await self.r._panel(interaction, record.id)

        await self.r.guarded(interaction, work)

    @app_commands.command(name="log", description="Recent events you may see")
    @app_commands.autocomplete(game=game_autocomplete)
    async def log_(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 15, game: int | None = None
    ) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            seat = await self.r.store.seat_of(record.id, interaction.user.id)
            entries = await self.r.store.log(record.id, since_seq=max(0, record.last_seq - count), limit=count)
            await self.r.send(interaction, format_log(entries, seat) or "Nothing has happened yet.")

        await self.r.guarded(interaction, work)

    @app_commands.command(
        name="undo", description="Take back your last action (only if nobody acted and nothing was revealed since)"
    )
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
                    confirm=lambda: self.r.send(interaction, "↩️ Your last action was taken back."),
                    label="your last action was taken back",
                )

        await self.r.guarded(interaction, work)

    @app_commands.command(name="act", description="Answer your open decision by typing instead of pressing a button")
    @app_commands.describe(option="One of your options (start typing)", answer="A structured answer as JSON")
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

    @app_commands.command(name="remind", description="Reminder interval, deadline and quiet hours of a game")
    @app_commands.describe(
        every_hours="Ping the awaited players every N hours (0 = never)",
        deadline_hours="Hours a decision may wait before the deadline (0 = none)",
        quiet_start="Quiet hours start (hour 0-23 on the table's clock)",
        quiet_end="Quiet hours end (hour 0-23 on the table's clock)",
        auto_default="At the deadline, apply the default answer for the late player",
        utc_offset="A fixed time zone for quiet hours, in hours from UTC (e.g. 2 or -5); replaces time_zone",
        time_zone="The table's time zone by name, e.g. Europe/Berlin (follows daylight saving)",
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
                raise UserError("Only the game's players or a game master can change its reminders.")
            settings = await self.r.store.update_settings(record.id, **changes)
            await self.r.send(interaction, "✅ " + describe_settings(settings))
            await self.r.delivery.post(
                record, f"⏰ {text.mention(interaction.user.id)} changed the reminders. {describe_settings(settings)}"
            )

        await self.r.guarded(interaction, work)


def describe_settings(s: Any) -> str:
    every = f"every {s.reminder_minutes / 60:g} h" if s.reminder_minutes else "off"
    deadline = f"{s.deadline_hours} h" if s.deadline_hours else "none"
    zone = clock_label(s)
    quiet = (
        f"{s.quiet_start_hour:02d}:00–{s.quiet_end_hour:02d}:00 {zone}"
        if s.quiet_start_hour is not None and s.quiet_end_hour is not None
        else "none"
    )
    auto = "apply the default" if s.auto_default else "tell the game master"
    return f"Reminders: {every} · deadline: {deadline} (then {auto}) · quiet hours: {quiet}."


def format_log(entries: list[Any], seat: int | None) -> str:
    """Log lines a seat may read: private events of other seats never appear."""
    lines = []
    for entry in entries:
        events: list[Event] = visible_events(entry.events, seat)
        mark = {"undo": "↩️", "gm": "🛡️", "rollback": "⏪"}.get(entry.kind, "")
        for event in events:
            lines.append(text.truncate(f"`#{entry.seq}` {mark}{event.text}", 400))
    return "\n".join(lines)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot.referee))  # type: ignore[attr-defined]
