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
from engine.core import GM_SEAT, GmTask
from engine.core.content_packs import MAX_PACK_BYTES, PackLibrary, default_library
from engine.core.text import Msg, message
from i18n import EN, Names, render
from i18n.discord_translator import lstr
from store import Notice, StoreError

from . import lang, text
from .referee import SEED_SLOT, Referee, UserError, line
from .table import ARG_GAME, ARG_REASON, game_autocomplete, status_word

# Slash-command texts (issue 10): a Chinese client reads them in Chinese.
CMD_GROUP = message("bot.cmd.gm", "Game-master tools (Manage Server or the GM role)")
CMD_ROLLBACK = message("bot.cmd.gm.rollback", "Roll the game back to how it was after an earlier action")
ARG_TO_ACTION = message("bot.cmd.arg.to_action", "Action number to return to (see /game log)")
CMD_OVERRIDE = message("bot.cmd.gm.override", "Edit the game: a typed edit, a JSON patch, or an action for a seat")
ARG_EDIT = message(
    "bot.cmd.arg.edit", "A typed edit this game offers, 'patch' (JSON Patch list) or 'action' (act for a seat)"
)
ARG_PAYLOAD = message("bot.cmd.arg.payload", "JSON: the edit's fields, the patch list, or the action")
ARG_ACT_SEAT = message("bot.cmd.arg.act_seat", "For 'action': the seat to act for (1-based)")
CMD_RESOLVE = message("bot.cmd.gm.resolve", "Resolve an effect the game handed to the game master")
ARG_TASK = message("bot.cmd.arg.task", "The open task")
ARG_NOTE = message("bot.cmd.arg.note", "What you decided (shown to the table)")
ARG_PATCH = message("bot.cmd.arg.patch", "Optional JSON Patch list applied with it")
CMD_REPLACE = message("bot.cmd.gm.replace", "Give a seat to a substitute player")
ARG_SEAT = message("bot.cmd.arg.seat", "The seat (1-based, see /game info)")
ARG_SUBSTITUTE = message("bot.cmd.arg.substitute", "The substitute")
CMD_KICK = message("bot.cmd.gm.kick", "Remove a player; their seat stays vacant until /gm replace")
ARG_KICKED = message("bot.cmd.arg.kicked", "The player to remove")
CMD_PAUSE = message("bot.cmd.gm.pause", "Pause a game: no actions, no reminders")
CMD_RESUME = message("bot.cmd.gm.resume", "Resume a paused game")
CMD_END = message("bot.cmd.gm.end", "End a game now (finished, or cancelled)")
ARG_CANCEL = message("bot.cmd.arg.cancel", "Cancelled rather than finished")
CMD_AUDIT = message("bot.cmd.gm.audit", "The game-master log of a game: who did what, and why")
ARG_COUNT = message("bot.cmd.arg.count", "How many entries")
CMD_VIEW_AS = message("bot.cmd.gm.view_as", "See a seat's private view (only you see the answer)")
ARG_VIEW_SEAT = message("bot.cmd.arg.view_seat", "The seat whose view you want (1-based)")
CMD_SYNC = message("bot.cmd.gm.sync", "Force a re-sync of the bot's slash commands with Discord")
CMD_CONTENT = message(
    "bot.cmd.gm.content", "Upload and check a content pack (your own transcription); a good one is kept for /game new"
)
ARG_PACK_FILE = message("bot.cmd.arg.pack_file", "The pack file, JSON or YAML (see docs/content-packs.md)")

# What the table and the game master read.
ANNOUNCE = message("bot.gm.announce", "🛡️ Game master {gm} {what} — reason: {reason}")
DID_ROLLBACK = message("bot.gm.did.rollback", "rolled the game back to action {seq}")
DID_PATCH = message("bot.gm.did.patch", "edited the game state (JSON patch)")
DID_ACT = message("bot.gm.did.act", "acted for seat {seat}")
DID_EDIT = message("bot.gm.did.edit", "applied the edit “{edit}”")
DID_RESOLVE = message("bot.gm.did.resolve", "resolved task {task}")
DID_RESOLVE_EDITED = message("bot.gm.did.resolve_edited", "resolved task {task} with a state edit")
DID_REPLACE = message("bot.gm.did.replace", "gave seat {seat} to {player}")
DID_KICK = message("bot.gm.did.kick", "removed {player}")
DID_KICK_VACANT = message(
    "bot.gm.did.kick_vacant", "removed {player}; seat {seats} is vacant until a game master uses `/gm replace`"
)
DID_PAUSE = message("bot.gm.did.pause", "paused the game")
DID_RESUME = message("bot.gm.did.resume", "resumed the game")
DID_END = message("bot.gm.did.end", "ended the game")
DID_CANCEL = message("bot.gm.did.cancel", "cancelled the game")
DID_WITH_SEED = message("bot.gm.did.with_seed", "{what}. The seed was `{seed}` (hash `{hash}`).")
ROLLED_BACK = message("bot.gm.rolled_back", "✅ Rolled {title} back to action {seq}.")
LABEL_ROLLBACK = message("bot.gm.label.rollback", "rollback to action {seq}")
PATCH_NOT_LIST = message("bot.gm.refused.patch_not_list", "A patch is a JSON list of operations, e.g. {example}.")
ACT_NEEDS_SEAT = message(
    "bot.gm.refused.act_needs_seat", "To act for a seat give `seat` and the action as a JSON object."
)
NO_SUCH_EDIT = message(
    "bot.gm.refused.no_such_edit", "{game} offers no edit {edit}. Typed edits: {offered}; or use 'patch'."
)
EDIT_NOT_OBJECT = message(
    "bot.gm.refused.edit_not_object", "The payload of a typed edit is a JSON object of its fields."
)
WHAT_PAYLOAD = message("bot.bad_argument.what.payload", "payload")
WHAT_PATCH = message("bot.bad_argument.what.patch", "patch")
NONE = message("bot.gm.none", "none")
DONE_WHAT = message("bot.gm.done", "✅ Done ({what}).")
PATCH_NOT_OPS = message("bot.gm.refused.patch_not_ops", "The patch must be a JSON list of operations.")
TASK_RESOLVED = message("bot.gm.task_resolved", "✅ Task {task} resolved.")
LABEL_TASK = message("bot.gm.label.task", "task {task} resolved")
BOT_SEAT = message("bot.gm.refused.bot_seat", "A bot cannot hold a seat; pick a person.")
WELCOME = message(
    "bot.gm.welcome",
    "🛡️ **{title}**: a game master gave you seat {seat} ({reason}). Your open decisions follow; "
    "use `/game hand` in the game's thread to see your hand and what you know.",
)
NOW_HOLDS = message("bot.gm.now_holds", "✅ {player} now holds seat {seat}.")
LABEL_SEAT_GIVEN = message("bot.gm.label.seat_given", "seat {seat} given to {player}")
REMOVED = message("bot.gm.removed", "✅ {player} was removed.")
NOW_STATUS = message("bot.gm.now_status", "✅ {title} is now {status}.")
NO_AUDIT = message("bot.gm.audit.none", "No game-master actions in {title} yet.")
AUDIT_HEAD = message("bot.gm.audit.head", "**GM audit — {title}** (newest first)")
NOT_STARTED = message("bot.gm.refused.not_started", "The game has not started yet.")
NO_SEAT = message("bot.gm.refused.no_seat", "There is no seat {seat} in this game.")
AS_SEAT = message("bot.gm.view_as.title", "{title} — as seat {seat}")
OPEN_TASKS = message("bot.gm.open_tasks", "Open GM tasks:")
TASK_LINE = message("bot.gm.task_line", "{id}: {text} ({rule})")
NO_SYNC = message("bot.gm.refused.no_sync", "Command sync is not configured in this process.")
SYNCED = message("bot.gm.synced", "✅ Slash commands synced.")
# /gm content (issue 11, docs/content-packs.md). A problem line is the checker's path and reason, as typed in the file.
PACK_TOO_BIG = message("bot.gm.pack.too_big", "A content pack may be at most {kb} KB; this file is {size} KB.")
PACK_NOT_KEPT = message(
    "bot.gm.pack.not_kept", "The pack is fine but could not be saved in `{folder}`; ask the bot's host to check it."
)
PACK_NOT_TEXT = message("bot.gm.pack.not_text", "A content pack is a UTF-8 text file (JSON or YAML).")
PACK_REFUSED = message(
    "bot.gm.pack.refused", "❌ The pack has {count} problem(s), each with its path in the file; nothing was kept:"
)
PACK_MORE = message(
    "bot.gm.pack.more", "… and {count} more (`python -m engine.runewars.content check PACK` lists all)."
)
PACK_KEPT = message(
    "bot.gm.pack.kept",
    "✅ Content pack **{name}** for {game} is checked and kept. sha256 `{hash}`. "
    "Start a game with it: `/game new ruleset:{ruleset} content:{name}` (or `content:{short}`).",
)
PACK_HANDOVERS = message(
    "bot.gm.pack.handovers", "It hands {count} effect(s) to the game master during play (GM tasks):"
)

# The action the store logs for a rollback and the like stays English (it is the audit's data).
PATCH_EXAMPLE = '[{"op": "replace", "path": "/round", "value": 2}]'


def task_text(task: GmTask, locale: str = EN, names: Names | None = None) -> str:
    """A GM task in the reader's language: its message when the game gave one, else its English."""
    body = render(task.msg, locale, names) if task.msg is not None else task.text
    return render(TASK_LINE(id=task.id, text=body, rule=task.rule), locale)


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
    locale = await referee.locale(interaction)
    names = referee.names(game)
    out = []
    for t in tasks:
        shown = task_text(t, locale, names)
        if current in str(t.id) or current.lower() in t.text.lower() or current.lower() in shown.lower():
            out.append(app_commands.Choice(name=text.truncate(shown, 100), value=t.id))
    return out[:25]


class GmCog(commands.GroupCog, group_name="gm", group_description=lstr(CMD_GROUP)):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    @staticmethod
    def _note(interaction: discord.Interaction, what: Msg, reason: str) -> Msg:
        """Who did what and why (the GM's reason is their own free text), for the table."""
        return ANNOUNCE(gm=text.mention(interaction.user.id), what=what, reason=text.truncate(reason, 1500))

    def _notice(self, interaction: discord.Interaction, what: Msg, reason: str) -> Notice:
        """The table's note of a GM's change that writes no log row (a seat, a kick, a pause), for the
        store to write with the change (issue 18); a change of the game's log carries its note in its
        own row instead (``Referee.publish(note=...)``)."""
        return Notice(items=[line(self._note(interaction, what, reason))])

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

    @app_commands.command(name="rollback", description=lstr(CMD_ROLLBACK))
    @app_commands.describe(to_action=lstr(ARG_TO_ACTION), reason=lstr(ARG_REASON), game=lstr(ARG_GAME))
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
                note = self._note(interaction, DID_ROLLBACK(seq=to_action), reason)
                outcome = await self.r.store.gm_rollback(record.id, interaction.user.id, to_action, reason, note=note)

                async def publish() -> None:
                    await self.r.publish(record, [], outcome, note=note)  # every open decision is posted afresh

                await self.r.after_commit(
                    interaction,
                    outcome.game,
                    publish,
                    confirm=lambda: self.r.send(interaction, ROLLED_BACK(title=self.r.title(record), seq=to_action)),
                    label=LABEL_ROLLBACK(seq=to_action),
                )

        await self._run(interaction, game, work)

    @app_commands.command(name="override", description=lstr(CMD_OVERRIDE))
    @app_commands.describe(
        edit=lstr(ARG_EDIT),
        payload=lstr(ARG_PAYLOAD),
        reason=lstr(ARG_REASON),
        seat=lstr(ARG_ACT_SEAT),
        game=lstr(ARG_GAME),
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
            data = text.parse_json_arg(payload, what=WHAT_PAYLOAD())
            acting = GM_SEAT
            what: Msg
            if edit == "patch":
                if not isinstance(data, list):
                    raise UserError(PATCH_NOT_LIST(example=f"`{PATCH_EXAMPLE}`"))
                action: dict[str, Any] = {"type": "gm_patch", "patch": data, "reason": reason}
                what = DID_PATCH()
            elif edit == "action":
                if not isinstance(data, dict) or seat is None:
                    raise UserError(ACT_NEEDS_SEAT())
                action, acting = data, seat - 1
                what = DID_ACT(seat=seat)
            else:
                rs = engine.ruleset(record.ruleset)
                if edit not in rs.gm_action_types:
                    kinds = sorted(rs.gm_action_types)
                    offered: Any = ", ".join(f"`{k}`" for k in kinds) if kinds else NONE()
                    raise UserError(NO_SUCH_EDIT(game=rs.title, edit=repr(edit), offered=offered))
                if data is not None and not isinstance(data, dict):
                    raise UserError(EDIT_NOT_OBJECT())
                action = {"type": edit, **(data or {})}
                what = DID_EDIT(edit=edit)
            async with self.r.lock(record.id):
                before = (await self.r.store.load(record.id)).prompts
                note = self._note(interaction, what, reason)
                outcome = await self.r.store.gm_act(
                    record.id, interaction.user.id, action, reason, seat=acting, note=note
                )

                async def publish() -> None:
                    await self.r.publish(record, before, outcome, note=note)

                await self.r.after_commit(
                    interaction,
                    outcome.game,
                    publish,
                    confirm=lambda: self.r.send(interaction, DONE_WHAT(what=what)),
                    label=what,
                )

        await self._run(interaction, game, work)

    @app_commands.command(name="resolve", description=lstr(CMD_RESOLVE))
    @app_commands.describe(task=lstr(ARG_TASK), note=lstr(ARG_NOTE), patch=lstr(ARG_PATCH), game=lstr(ARG_GAME))
    @app_commands.autocomplete(task=task_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def resolve(
        self, interaction: discord.Interaction, task: int, note: str, patch: str | None = None, game: int | None = None
    ) -> None:
        async def work(record: Any) -> None:
            ops = text.parse_json_arg(patch, what=WHAT_PATCH())
            if ops is not None and not isinstance(ops, list):
                raise UserError(PATCH_NOT_OPS())
            action: dict[str, Any] = {"type": "gm_resolve", "task": task, "note": note}
            if ops:
                action["patch"] = ops
            async with self.r.lock(record.id):
                before = (await self.r.store.load(record.id)).prompts
                did = (DID_RESOLVE_EDITED if ops else DID_RESOLVE)(task=task)
                said = self._note(interaction, did, note)
                outcome = await self.r.store.gm_act(record.id, interaction.user.id, action, note, note=said)

                async def publish() -> None:
                    await self.r.publish(record, before, outcome, note=said)

                await self.r.after_commit(
                    interaction,
                    outcome.game,
                    publish,
                    confirm=lambda: self.r.send(interaction, TASK_RESOLVED(task=task)),
                    label=LABEL_TASK(task=task),
                )

        await self._run(interaction, game, work)

    @app_commands.command(name="replace", description=lstr(CMD_REPLACE))
    @app_commands.describe(
        seat=lstr(ARG_SEAT), player=lstr(ARG_SUBSTITUTE), reason=lstr(ARG_REASON), game=lstr(ARG_GAME)
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
                raise UserError(BOT_SEAT())
            async with self.r.lock(record.id):
                # From now on the seat's DMs go to the substitute: a word of welcome (in their language)
                # with whatever the seat was sent but never received, then every open decision of the
                # seat afresh (secret ones by DM, public ones in the thread). All of it is the change's
                # outbox row, so it goes out once even if the process dies right after the commit.
                notice = self._notice(interaction, DID_REPLACE(seat=seat, player=player.mention), reason)
                hello = WELCOME(title=self.r.title(record), seat=seat, reason=text.truncate(reason, 1500))
                notice.facts["welcome"] = {"user_id": player.id, "seat": seat - 1, "msg": hello.model_dump(mode="json")}
                held = await self.r.store.gm_replace(
                    record.id, interaction.user.id, seat - 1, player.id, reason, notice=notice
                )
                self.r.delivery.seat_changed(record.id, seat - 1, int(held.substitutes[-1]["old_user_id"]), player.id)
                await self.r.after_commit(
                    interaction,
                    record,
                    lambda: self.r.announce(record, notice),
                    confirm=lambda: self.r.send(interaction, NOW_HOLDS(player=player.mention, seat=seat)),
                    label=LABEL_SEAT_GIVEN(seat=seat, player=player.mention),
                )

        await self._run(interaction, game, work)

    @app_commands.command(name="kick", description=lstr(CMD_KICK))
    @app_commands.describe(player=lstr(ARG_KICKED), reason=lstr(ARG_REASON), game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def kick(
        self, interaction: discord.Interaction, player: discord.User, reason: str, game: int | None = None
    ) -> None:
        async def work(record: Any) -> None:
            async with self.r.lock(record.id):
                held = sorted(
                    s.seat for s in await self.r.store.seats(record.id) if s.user_id == player.id and s.seat is not None
                )
                did = (
                    DID_KICK_VACANT(player=player.mention, seats=[s + 1 for s in held])
                    if held
                    else DID_KICK(player=player.mention)
                )
                notice = self._notice(interaction, did, reason)
                await self.r.store.gm_kick(record.id, interaction.user.id, player.id, reason, notice=notice)
                for vacated in held:  # what was kept for those seats stays with them, not with the player
                    self.r.delivery.seat_changed(record.id, vacated, player.id, 0)
                await self.r.after_commit(
                    interaction,
                    record,
                    lambda: self.r.announce(record, notice),
                    confirm=lambda: self.r.send(interaction, REMOVED(player=player.mention)),
                    label=did,
                )

        await self._run(interaction, game, work)

    async def _status(
        self, interaction: discord.Interaction, game: int | None, status: str, verb: Msg, reason: str
    ) -> None:
        async def work(record: Any) -> None:
            # The end of a started game reveals its seed: the note names it, filled in at send time.
            reveals = record.seed_hash is not None and status in ("finished", "cancelled")
            did = DID_WITH_SEED(what=verb, seed=SEED_SLOT, hash=record.seed_hash) if reveals else verb
            async with self.r.lock(record.id):
                notice = self._notice(interaction, did, reason)
                updated = await self.r.store.set_status(record.id, status, interaction.user.id, reason, notice=notice)
                now = NOW_STATUS(title=self.r.title(record), status=status_word(updated.status))
                await self.r.after_commit(
                    interaction,
                    updated,
                    lambda: self.r.announce(updated, notice),
                    confirm=lambda: self.r.send(interaction, now),
                    label=verb,
                )

        await self._run(interaction, game, work)

    @app_commands.command(name="pause", description=lstr(CMD_PAUSE))
    @app_commands.describe(reason=lstr(ARG_REASON), game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def pause(self, interaction: discord.Interaction, reason: str, game: int | None = None) -> None:
        await self._status(interaction, game, "paused", DID_PAUSE(), reason)

    @app_commands.command(name="resume", description=lstr(CMD_RESUME))
    @app_commands.describe(reason=lstr(ARG_REASON), game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def resume(self, interaction: discord.Interaction, reason: str, game: int | None = None) -> None:
        await self._status(interaction, game, "active", DID_RESUME(), reason)

    @app_commands.command(name="end", description=lstr(CMD_END))
    @app_commands.describe(reason=lstr(ARG_REASON), cancel=lstr(ARG_CANCEL), game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def end(
        self, interaction: discord.Interaction, reason: str, cancel: bool = False, game: int | None = None
    ) -> None:
        status, verb = ("cancelled", DID_CANCEL()) if cancel else ("finished", DID_END())
        await self._status(interaction, game, status, verb, reason)

    @app_commands.command(name="audit", description=lstr(CMD_AUDIT))
    @app_commands.describe(count=lstr(ARG_COUNT), game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def audit(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10, game: int | None = None
    ) -> None:
        async def work(record: Any) -> None:
            entries = await self.r.store.audit(record.id, limit=count)
            if not entries:
                await self.r.send(interaction, NO_AUDIT(title=self.r.title(record)))
                return
            lines = [render(AUDIT_HEAD(title=self.r.title(record)), await self.r.locale(interaction))]
            for e in entries:
                detail = text.truncate(json.dumps(e.detail, separators=(",", ":")), 300)
                who = text.mention(e.gm_user_id)
                lines.append(
                    f"`{e.at:%Y-%m-%d %H:%M}` {who} **{e.command}** — {text.truncate(e.reason, 200)}\n  `{detail}`"
                )
            await self.r.send(interaction, "\n".join(lines))

        await self._run(interaction, game, work)

    @app_commands.command(name="view-as", description=lstr(CMD_VIEW_AS))
    @app_commands.describe(seat=lstr(ARG_VIEW_SEAT), game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def view_as(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 12], game: int | None = None
    ) -> None:
        async def work(record: Any) -> None:
            loaded = await self.r.store.load(record.id)
            if loaded.state is None:
                raise UserError(NOT_STARTED())
            rs = engine.ruleset(record.ruleset)
            if not 0 <= seat - 1 < rs.seat_count(loaded.state):
                raise UserError(NO_SEAT(seat=seat))
            locale = await self.r.locale(interaction)
            names = self.r.names(record, {s.seat: s for s in loaded.seats if s.seat is not None})
            view = rs.view(loaded.state, seat - 1)
            title = render(AS_SEAT(title=self.r.title(record), seat=seat), locale)
            formatter = self.r.panel_formatters.get(record.ruleset)
            # The game's own panel (in the GM's language) when its cog registered one, as /game hand does.
            pages = (
                formatter(view, title=title, locale=locale, names=names)
                if formatter is not None
                else text.format_view_pages(view, title=title)
            )
            for page in pages:
                await self.r.send(interaction, page)
            tasks = rs.gm_tasks(loaded.state)
            if tasks:
                lines = [render(OPEN_TASKS(), locale)] + [f"• {task_text(t, locale, names)}" for t in tasks]
                await self.r.send(interaction, "\n".join(lines))

        await self._run(interaction, game, work)

    @app_commands.command(name="content", description=lstr(CMD_CONTENT))
    @app_commands.describe(pack=lstr(ARG_PACK_FILE))
    async def content(self, interaction: discord.Interaction, pack: discord.Attachment) -> None:
        """Check an uploaded pack and keep it when it is playable: the GM reads every problem with
        its path in the file, or the hash and the name to give ``/game new content:``."""
        await self.r.defer(interaction)

        async def work() -> None:
            self.r.require_gm(interaction)
            if pack.size > MAX_PACK_BYTES:
                raise UserError(PACK_TOO_BIG(kb=MAX_PACK_BYTES // 1000, size=pack.size // 1000))
            try:
                raw = (await pack.read()).decode("utf-8")
            except UnicodeDecodeError:
                raise UserError(PACK_NOT_TEXT()) from None
            library: PackLibrary = getattr(self.r, "content_packs", None) or default_library()
            try:
                report = library.add(raw)
            except OSError as exc:  # the pack folder cannot be written: say so rather than fail silently
                log.warning("content pack not kept: %s", exc)
                raise UserError(PACK_NOT_KEPT(folder=str(library.directory))) from None
            locale = await self.r.locale(interaction)
            if not report.ok:
                lines = [render(PACK_REFUSED(count=len(report.problems)), locale)]
                lines += [f"• `{text.truncate(p, 300)}`" for p in report.problems[:20]]
                if len(report.problems) > 20:
                    lines.append(render(PACK_MORE(count=len(report.problems) - 20), locale))
                await self.r.send(interaction, "\n".join(lines))
                return
            name = report.name.strip().lower()
            kept = PACK_KEPT(
                name=name,
                game=lang.ruleset_title(report.game),
                hash=report.sha256,
                ruleset=report.game,
                short=report.sha256[:12],
            )
            lines = [render(kept, locale)]
            if report.handovers:
                lines.append(render(PACK_HANDOVERS(count=len(report.handovers)), locale))
                lines += [f"• {text.truncate(h, 200)}" for h in report.handovers[:10]]
            await self.r.send(interaction, "\n".join(lines))

        await self.r.guarded(interaction, work)

    @app_commands.command(name="sync", description=lstr(CMD_SYNC))
    async def sync(self, interaction: discord.Interaction) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            self.r.require_gm(interaction)
            syncer = getattr(interaction.client, "command_sync", None)
            if syncer is None:
                raise UserError(NO_SYNC())
            await syncer.sync(force=True)
            await self.r.send(interaction, SYNCED())

        await self.r.guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GmCog(bot.referee))  # type: ignore[attr-defined]
