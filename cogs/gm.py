"""``/gm``: the game master's console.

Every command checks the caller is a GM (Manage Server or the configured role) at
run time and refuses clearly otherwise. Every change goes through the store, which
logs who, what and why in the audit table; the thread is told what happened and
why, never the content of a patch (it may name a secret card). Details are in
``/gm audit``, which only a GM can read.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engine
from engine.core import GM_SEAT
from store import StoreError

from . import text
from .referee import Referee, UserError
from .table import game_autocomplete

log = logging.getLogger(__name__)


async def edit_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The typed edits this game offers, plus the raw JSON patch and acting for a seat.

    Only for game masters, like every ``/gm`` completion: a player gets nothing.
    """
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]
    if not referee.is_gm(interaction):
        return []
    names = ["patch", "action"]
    try:
        game = await referee.resolve_game(interaction, getattr(interaction.namespace, "game", None))
        names = sorted(engine.ruleset(game.ruleset).gm_action_types) + names
    except (UserError, StoreError):  # no game here yet: the generic edits only
        pass
    return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()][:25]


async def task_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The open GM tasks with their full text, read from the raw state.

    A task's text may name a secret card, so only a game master of this server gets
    anything (in a DM nobody is a game master); everyone else gets an empty list.
    """
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]
    if not referee.is_gm(interaction):
        return []
    try:
        game = await referee.resolve_game(interaction, getattr(interaction.namespace, "game", None))
        loaded = await referee.store.load(game.id)
    except (UserError, StoreError):  # no game here: nothing to complete
        return []
    tasks = engine.ruleset(game.ruleset).gm_tasks(loaded.state) if loaded.state is not None else []
    return [
        app_commands.Choice(name=text.truncate(f"{t.id}: {t.text} ({t.rule})", 100), value=t.id)
        for t in tasks
        if current in str(t.id) or current.lower() in t.text.lower()
    ][:25]


class GmCog(commands.GroupCog, group_name="gm", group_description="Game-master tools (Manage Server or the GM role)"):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    async def _announce(self, game: Any, interaction: discord.Interaction, what: str, reason: str) -> None:
        await self.r.delivery.post(
            game,
            text.truncate(
                f"🛡️ Game master {text.mention(interaction.user.id)} {what} — reason: {reason}", text.MAX_CONTENT
            ),
        )

    async def _run(
        self, interaction: discord.Interaction, game_id: int | None, work: Any, *, ephemeral: bool = True
    ) -> None:
        """Defer, check GM rights, resolve the game, run ``work(game)`` with the refusal handling."""
        await self.r.defer(interaction, ephemeral=ephemeral)

        async def wrapped() -> None:
            self.r.require_gm(interaction)
            game = await self.r.resolve_game(interaction, game_id)
            await work(game)

        await self.r.guarded(interaction, wrapped)

    @app_commands.command(name="rollback", description="Roll the game back to how it was after an earlier action")
    @app_commands.describe(to_action="Action number to return to (see /game log)", reason="Why (shown to the table)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rollback(
        self,
        interaction: discord.Interaction,
        to_action: app_commands.Range[int, 0],
        reason: str,
        game: int | None = None,
    ) -> None:
        async def work(record: Any) -> None:
            async with self.r.lock(record.id):
                outcome = await self.r.store.gm_rollback(record.id, interaction.user.id, to_action, reason)

                async def publish() -> None:
                    await self._announce(
                        outcome.game, interaction, f"rolled the game back to action {to_action}", reason
                    )
                    await self.r.publish(record, [], outcome)  # every open decision is posted afresh

                await self.r.after_commit(
                    interaction,
                    outcome.game,
                    publish,
                    confirm=lambda: self.r.send(
                        interaction, f"✅ Rolled {self.r.title(record)} back to action {to_action}."
                    ),
                    label=f"rollback to action {to_action}",
                )

        await self._run(interaction, game, work)

    @app_commands.command(
        name="override", description="Edit the game: a typed edit, a JSON patch, or an action for a seat"
    )
    @app_commands.describe(
        edit="A typed edit this game offers, 'patch' (JSON Patch list) or 'action' (act for a seat)",
        payload="JSON: the edit's fields, the patch list, or the action",
        reason="Why (shown to the table)",
        seat="For 'action': the seat to act for (1-based)",
    )
    @app_commands.autocomplete(edit=edit_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def override(
        self,
        interaction: discord.Interaction,
        edit: str,
        payload: str,
        reason: str,
        seat: app_commands.Range[int, 1, 12] | None = None,
        game: int | None = None,
    ) -> None:
        async def work(record: Any) -> None:
            try:
                data = text.parse_json_arg(payload, what="payload")
            except ValueError as exc:
                raise UserError(str(exc)) from None
            acting = GM_SEAT
            if edit == "patch":
                if not isinstance(data, list):
                    raise UserError(
                        'A patch is a JSON list of operations, e.g. [{"op": "replace", "path": "/round", "value": 2}].'
                    )
                action: dict[str, Any] = {"type": "gm_patch", "patch": data, "reason": reason}
                what = "edited the game state (JSON patch)"
            elif edit == "action":
                if not isinstance(data, dict) or seat is None:
                    raise UserError("To act for a seat give `seat` and the action as a JSON object.")
                action, acting = data, seat - 1
                what = f"acted for seat {seat}"
            else:
                rs = engine.ruleset(record.ruleset)
                if edit not in rs.gm_action_types:
                    offered = ", ".join(sorted(rs.gm_action_types)) or "none"
                    raise UserError(f"{rs.title} offers no edit {edit!r}. Typed edits: {offered}; or use 'patch'.")
                if data is not None and not isinstance(data, dict):
                    raise UserError("The payload of a typed edit is a JSON object of its fields.")
                action = {"type": edit, **(data or {})}
                what = f"applied the edit “{edit}”"
            async with self.r.lock(record.id):
                before = (await self.r.store.load(record.id)).prompts
                outcome = await self.r.store.gm_act(record.id, interaction.user.id, action, reason, seat=acting)

                async def publish() -> None:
                    await self._announce(outcome.game, interaction, what, reason)
                    await self.r.publish(record, before, outcome)

                await self.r.after_commit(
                    interaction,
                    outcome.game,
                    publish,
                    confirm=lambda: self.r.send(interaction, f"✅ Done ({what})."),
                    label=what,
                )

        await self._run(interaction, game, work)

    @app_commands.command(name="resolve", description="Resolve an effect the game handed to the game master")
    @app_commands.describe(
        task="The open task",
        note="What you decided (shown to the table)",
        patch="Optional JSON Patch list applied with it",
    )
    @app_commands.autocomplete(task=task_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def resolve(
        self, interaction: discord.Interaction, task: int, note: str, patch: str | None = None, game: int | None = None
    ) -> None:
        async def work(record: Any) -> None:
            try:
                ops = text.parse_json_arg(patch, what="patch")
            except ValueError as exc:
                raise UserError(str(exc)) from None
            if ops is not None and not isinstance(ops, list):
                raise UserError("The patch must be a JSON list of operations.")
            action: dict[str, Any] = {"type": "gm_resolve", "task": task, "note": note}
            if ops:
                action["patch"] = ops
            async with self.r.lock(record.id):
                before = (await self.r.store.load(record.id)).prompts
                outcome = await self.r.store.gm_act(record.id, interaction.user.id, action, note)
                edited = " with a state edit" if ops else ""

                async def publish() -> None:
                    await self._announce(outcome.game, interaction, f"resolved task {task}{edited}", note)
                    await self.r.publish(record, before, outcome)

                await self.r.after_commit(
                    interaction,
                    outcome.game,
                    publish,
                    confirm=lambda: self.r.send(interaction, f"✅ Task {task} resolved."),
                    label=f"task {task} resolved",
                )

        await self._run(interaction, game, work)

    @app_commands.command(name="replace", description="Give a seat to a substitute player")
    @app_commands.describe(
        seat="The seat (1-based, see /game info)", player="The substitute", reason="Why (shown to the table)"
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def replace(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 12],
        player: discord.User,
        reason: str,
        game: int | None = None,
    ) -> None:
        async def work(record: Any) -> None:
            if getattr(player, "bot", False):
                raise UserError("A bot cannot hold a seat; pick a person.")
            async with self.r.lock(record.id):
                held = await self.r.store.gm_replace(record.id, interaction.user.id, seat - 1, player.id, reason)
                self.r.delivery.seat_changed(record.id, seat - 1, int(held.substitutes[-1]["old_user_id"]), player.id)

                async def publish() -> None:
                    await self._announce(record, interaction, f"gave seat {seat} to {player.mention}", reason)
                    # From now on the seat's DMs go to the substitute: a word of welcome with whatever
                    # the seat was sent but never received, then every open decision of the seat afresh
                    # (secret ones by DM, public ones in the thread).
                    await self.r.delivery.welcome(
                        record,
                        player.id,
                        seat - 1,
                        text.truncate(
                            f"🛡️ **{self.r.title(record)}**: a game master gave you seat {seat} ({reason}). "
                            "Your open decisions follow; use `/game hand` in the game's thread "
                            "to see your hand and what you know.",
                            text.MAX_CONTENT,
                        ),
                    )
                    loaded = await self.r.store.load(record.id)
                    seats = await self.r.seat_map(record.id)
                    await self.r.post_prompts(record, seats, [p for p in loaded.prompts if p.seat == seat - 1])

                await self.r.after_commit(
                    interaction,
                    record,
                    publish,
                    confirm=lambda: self.r.send(interaction, f"✅ {player.mention} now holds seat {seat}."),
                    label=f"seat {seat} given to {player.mention}",
                )

        await self._run(interaction, game, work)

    @app_commands.command(name="kick", description="Remove a player; their seat stays vacant until /gm replace")
    @app_commands.describe(player="The player to remove", reason="Why (shown to the table)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def kick(
        self, interaction: discord.Interaction, player: discord.User, reason: str, game: int | None = None
    ) -> None:
        async def work(record: Any) -> None:
            async with self.r.lock(record.id):
                held = sorted(
                    s.seat for s in await self.r.store.seats(record.id) if s.user_id == player.id and s.seat is not None
                )
                await self.r.store.gm_kick(record.id, interaction.user.id, player.id, reason)
                for vacated in held:  # what was kept for those seats stays with them, not with the player
                    self.r.delivery.seat_changed(record.id, vacated, player.id, 0)
            await self.r.send(interaction, f"✅ {player.mention} was removed.")
            vacant = ""
            if held:
                names = ", ".join(str(s + 1) for s in held)
                vacant = f"; seat {names} is vacant until a game master uses `/gm replace`"
            await self._announce(record, interaction, f"removed {player.mention}{vacant}", reason)

        await self._run(interaction, game, work)

    async def _status(
        self, interaction: discord.Interaction, game: int | None, status: str, verb: str, reason: str
    ) -> None:
        async def work(record: Any) -> None:
            async with self.r.lock(record.id):
                updated = await self.r.store.set_status(record.id, status, interaction.user.id, reason)
            await self.r.send(interaction, f"✅ {self.r.title(record)} is now {updated.status}.")
            seed = f" The seed was `{updated.seed}` (hash `{updated.seed_hash}`)." if updated.seed else ""
            await self._announce(record, interaction, verb + seed, reason)

        await self._run(interaction, game, work)

    @app_commands.command(name="pause", description="Pause a game: no actions, no reminders")
    @app_commands.autocomplete(game=game_autocomplete)
    async def pause(self, interaction: discord.Interaction, reason: str, game: int | None = None) -> None:
        await self._status(interaction, game, "paused", "paused the game", reason)

    @app_commands.command(name="resume", description="Resume a paused game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def resume(self, interaction: discord.Interaction, reason: str, game: int | None = None) -> None:
        await self._status(interaction, game, "active", "resumed the game", reason)

    @app_commands.command(name="end", description="End a game now (finished, or cancelled)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def end(
        self, interaction: discord.Interaction, reason: str, cancel: bool = False, game: int | None = None
    ) -> None:
        status, verb = ("cancelled", "cancelled the game") if cancel else ("finished", "ended the game")
        await self._status(interaction, game, status, verb, reason)

    @app_commands.command(name="audit", description="The game-master log of a game: who did what, and why")
    @app_commands.autocomplete(game=game_autocomplete)
    async def audit(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10, game: int | None = None
    ) -> None:
        async def work(record: Any) -> None:
            entries = await self.r.store.audit(record.id, limit=count)
            if not entries:
                await self.r.send(interaction, f"No game-master actions in {self.r.title(record)} yet.")
                return
            lines = [f"**GM audit — {self.r.title(record)}** (newest first)"]
            for e in entries:
                detail = text.truncate(json.dumps(e.detail, separators=(",", ":")), 300)
                who = text.mention(e.gm_user_id)
                lines.append(
                    f"`{e.at:%Y-%m-%d %H:%M}` {who} **{e.command}** — {text.truncate(e.reason, 200)}\n  `{detail}`"
                )
            await self.r.send(interaction, "\n".join(lines))

        await self._run(interaction, game, work)

    @app_commands.command(name="view-as", description="See a seat's private view (only you see the answer)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def view_as(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 12], game: int | None = None
    ) -> None:
        async def work(record: Any) -> None:
            loaded = await self.r.store.load(record.id)
            if loaded.state is None:
                raise UserError("The game has not started yet.")
            rs = engine.ruleset(record.ruleset)
            if not 0 <= seat - 1 < rs.seat_count(loaded.state):
                raise UserError(f"There is no seat {seat} in this game.")
            view = rs.view(loaded.state, seat - 1)
            for page in text.format_view_pages(view, title=f"{self.r.title(record)} — as seat {seat}"):
                await self.r.send(interaction, page)
            tasks = rs.gm_tasks(loaded.state)
            if tasks:
                await self.r.send(
                    interaction, "Open GM tasks:\n" + "\n".join(f"• {t.id}: {t.text} ({t.rule})" for t in tasks)
                )

        await self._run(interaction, game, work)

    @app_commands.command(name="sync", description="Force a re-sync of the bot's slash commands with Discord")
    async def sync(self, interaction: discord.Interaction) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            self.r.require_gm(interaction)
            syncer = getattr(interaction.client, "command_sync", None)
            if syncer is None:
                raise UserError("Command sync is not configured in this process.")
            await syncer.sync(force=True)
            await self.r.send(interaction, "✅ Slash commands synced.")

        await self.r.guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GmCog(bot.referee))  # type: ignore[attr-defined]
