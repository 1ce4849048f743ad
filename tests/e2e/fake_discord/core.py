"""State and shared helpers of the emulator, the bottom layer of ``FakeDiscord``.

The emulator is one object split over several files. The layers form a single inheritance
chain, so each layer's methods are type-checked against everything below it:
``FakeDiscordCore`` (this file: state, lookups, message plumbing) -> ``GatewayMixin`` ->
``DriverMixin`` -> ``RestMixin`` -> ``FakeDiscord`` (server lifecycle). The only call that goes
up the chain, sending a gateway event, is declared here as an abstract method.
"""

from __future__ import annotations

import abc
import asyncio
import base64
import contextlib
import json
import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits
from .interactions import FakeInteraction
from .limits import ApiError
from .models import (
    ALL_PERMISSIONS,
    FLAG_EPHEMERAL,
    VIEW_CHANNEL,
    ChannelType,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    RequestRecord,
    SentPayload,
    Violation,
    iso_now,
    next_seq,
    next_snowflake,
)

if TYPE_CHECKING:  # pragma: no cover
    from .gateway import GatewayConnection, GatewaySession

log = logging.getLogger("fake_discord")


# How long Discord remembers a message's nonce for ``enforce_nonce`` ("the past few minutes").
NONCE_WINDOW = 300.0


@dataclass
class UploadedFile:
    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class Req:
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[UploadedFile]
    headers: dict[str, str]


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py only parses JSON when the content type is exactly "application/json".
    return web.Response(
        body=json.dumps(body).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


class FakeDiscordCore(abc.ABC):
    """Emulator state and the helpers every layer shares."""

    def __init__(
        self,
        *,
        bot_name: str = "TestBot",
        token: str | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        ack_deadline: float = 3.0,
        heartbeat_interval_ms: int = 41250,
        allow_privileged_intents: bool = True,
        max_upload_bytes: int = 10 * 1024 * 1024,
    ) -> None:
        self.host = host
        self.port = port
        self.ack_deadline = ack_deadline
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.allow_privileged_intents = allow_privileged_intents
        self.max_upload_bytes = max_upload_bytes

        bot_id = next_snowflake()
        self.bot_user = FakeUser(id=bot_id, username=bot_name, bot=True)
        self.application_id = bot_id
        self.owner = FakeUser(id=next_snowflake(), username="app-owner")
        self.token = token or (
            base64.b64encode(str(bot_id).encode()).decode().rstrip("=") + ".FAKE." + secrets.token_urlsafe(27)
        )

        # state --------------------------------------------------------------
        self._users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self._guilds: dict[int, FakeGuild] = {}
        self._channels: dict[int, FakeChannel] = {}
        self._messages: dict[int, FakeMessage] = {}
        self._channel_messages: dict[int, list[int]] = {}
        self._dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self._interactions: dict[int, FakeInteraction] = {}
        self._interactions_by_token: dict[str, FakeInteraction] = {}
        # Interactions no gateway session could receive (their shard was down): never sent to the bot.
        self.undelivered: list[FakeInteraction] = []
        self._open_modals: list[tuple[FakeInteraction, dict[str, Any]]] = []
        self._global_commands: list[dict[str, Any]] = []
        self._guild_commands: dict[int, list[dict[str, Any]]] = {}

        # logs ---------------------------------------------------------------
        self.sent: list[SentPayload] = []
        self.violations: list[Violation] = []
        self.requests: list[RequestRecord] = []
        self.unknown_requests: list[RequestRecord] = []
        self.command_syncs: list[tuple[int | None, list[dict[str, Any]]]] = []
        self.rate_limit_hits: list[RequestRecord] = []
        self.presence_updates: list[dict[str, Any]] = []
        self.reactions: list[tuple[str, int, int, str]] = []  # (PUT/DELETE, channel, message, emoji)

        # faults -------------------------------------------------------------
        self._dm_refused: set = set()
        self._injected: list[dict[str, Any]] = []
        # Message nonces (``enforce_nonce``): (channel, author, nonce) -> (message id, monotonic time).
        self._nonces: dict[tuple[int, int, str], tuple[int, float]] = {}
        self.nonce_window = NONCE_WINDOW
        self.nonce_hits = 0  # creates answered with the existing message

        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        # gateway (see GatewayMixin) ----------------------------------------
        self._connections: list[GatewayConnection] = []
        self.sessions: list[GatewaySession] = []
        self.identify_count = 0
        self.resume_count = 0
        self.gateway_log: list[tuple[str, Any]] = []  # (direction, op/event) for debugging

    @abc.abstractmethod
    async def _dispatch(
        self,
        event: str,
        data: Any,
        *,
        message_event: bool = False,
        author_id: int | None = None,
        guild_id: int | None = None,
        content: str | None = None,
    ) -> None:
        """Send a gateway event to every live bot session; implemented by ``GatewayMixin``."""

    # ------------------------------------------------------------------ addresses

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    def bot_env(self) -> dict[str, str]:
        """Environment variables for a bot process pointed at this emulator."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    # ------------------------------------------------------------------ waiting

    def _notify(self) -> None:
        ev = self._changed
        self._changed = asyncio.Event()
        ev.set()

    async def _wait_until(self, predicate: Callable[[], Any], timeout: float, what: str) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            ev = self._changed
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
            with contextlib.suppress(TimeoutError):  # the deadline check above ends the wait
                await asyncio.wait_for(ev.wait(), remaining)

    # ------------------------------------------------------------------ violations / logging

    def _violation(self, kind: str, detail: str, *, interaction_id: int | None = None, path: str | None = None) -> None:
        log.warning("VIOLATION %s: %s", kind, detail)
        self.violations.append(Violation(kind=kind, detail=detail, interaction_id=interaction_id, path=path))
        self._notify()

    def channel_visibility(self, channel: FakeChannel, *, ephemeral: bool = False) -> str:
        if ephemeral:
            return "ephemeral"
        if channel.is_dm:
            return "dm"
        if channel.type == ChannelType.PRIVATE_THREAD:
            return "private_thread"
        base = self._channels.get(channel.parent_id) if channel.is_thread and channel.parent_id else channel
        if base is not None and base.guild_id is not None:
            for ow in base.permission_overwrites:
                if int(ow["id"]) == base.guild_id and int(ow.get("deny", 0)) & VIEW_CHANNEL:
                    return "private_channel"
        return "public"

    def _log_payload(
        self,
        *,
        kind: str,
        req: Req,
        status: int,
        channel: FakeChannel | None,
        body: Any,
        files: list[UploadedFile] | None = None,
        message_id: int | None = None,
        interaction_id: int | None = None,
        ephemeral: bool = False,
        visibility: str | None = None,
    ) -> SentPayload:
        body = body if isinstance(body, dict) else {}
        files = files or []
        if visibility is None:
            visibility = self.channel_visibility(channel, ephemeral=ephemeral) if channel is not None else "public"
        entry = SentPayload(
            seq=next_seq(),
            kind=kind,
            method=req.method,
            path=req.path,
            status=status,
            channel_id=channel.id if channel else None,
            guild_id=channel.guild_id if channel else None,
            message_id=message_id,
            interaction_id=interaction_id,
            content=body.get("content"),
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            attachments=[f.filename for f in files],
            attachment_data=[f.data for f in files],
            ephemeral=ephemeral,
            dm=bool(channel and channel.is_dm),
            visibility=visibility,
            raw=body,
        )
        self.sent.append(entry)
        return entry

    # ------------------------------------------------------------------ lookups

    def _channel(self, channel_id: Any) -> FakeChannel:
        ch = self._channels.get(int(channel_id))
        if ch is None or ch.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        return ch

    def _guild(self, guild_id: Any) -> FakeGuild:
        g = self._guilds.get(int(guild_id))
        if g is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return g

    def _message(self, channel_id: Any, message_id: Any) -> FakeMessage:
        m = self._messages.get(int(message_id))
        if m is None or m.deleted or m.channel_id != int(channel_id):
            raise ApiError(404, 10008, "Unknown Message")
        return m

    def channel_permissions(self, user: Any, channel: FakeChannel) -> int:
        uid = int(getattr(user, "id", user))
        if channel.is_dm:
            return ALL_PERMISSIONS & ~(1 << 3)
        assert channel.guild_id is not None, "every channel but a DM belongs to a guild"
        guild = self._guilds[channel.guild_id]
        perms = guild.base_permissions(uid)
        if perms == ALL_PERMISSIONS:
            return perms
        base = self._channels.get(channel.parent_id) if channel.is_thread and channel.parent_id else channel
        if base is None:
            return perms
        member = guild.members.get(uid)
        role_ids = set(member.roles) if member else set()
        ows = base.permission_overwrites
        for ow in ows:
            if int(ow["id"]) == guild.id:
                perms = (perms & ~int(ow.get("deny", 0))) | int(ow.get("allow", 0))
        allow = deny = 0
        for ow in ows:
            if ow.get("type", 0) == 0 and int(ow["id"]) in role_ids:
                allow |= int(ow.get("allow", 0))
                deny |= int(ow.get("deny", 0))
        perms = (perms & ~deny) | allow
        for ow in ows:
            if ow.get("type", 0) == 1 and int(ow["id"]) == uid:
                perms = (perms & ~int(ow.get("deny", 0))) | int(ow.get("allow", 0))
        return perms

    def _member_payload(self, guild_id: int | None, user: FakeUser) -> dict[str, Any] | None:
        if guild_id is None:
            return None
        guild = self._guilds.get(guild_id)
        member = guild.members.get(user.id) if guild else None
        return member.to_payload(with_user=False) if member else None

    def message_payload(self, message: FakeMessage) -> dict[str, Any]:
        data = message.to_payload(member=self._member_payload(message.guild_id, message.author))
        if message.thread_id and message.thread_id in self._channels:
            data["thread"] = self._channels[message.thread_id].to_payload()
        return data

    # ------------------------------------------------------------------ message plumbing

    def _make_attachments(
        self, channel: FakeChannel, payload: dict[str, Any], files: list[UploadedFile], existing: list[FakeAttachment]
    ) -> list[FakeAttachment]:
        by_index = {f.index: f for f in files}
        result: list[FakeAttachment] = []
        specs = payload.get("attachments")
        used = set()
        if specs is None:
            result = list(existing)
            specs = [{"id": f.index} for f in files]
        for spec in specs:
            sid = int(spec.get("id", -1))
            if sid in by_index and sid not in used:
                f = by_index[sid]
                used.add(sid)
                aid = next_snowflake()
                result.append(
                    FakeAttachment(
                        id=aid,
                        filename=spec.get("filename") or f.filename,
                        data=f.data,
                        content_type=f.content_type
                        if f.content_type not in (None, "application/octet-stream")
                        else _guess_type(f.filename),
                        description=spec.get("description"),
                        url=f"{self.url}/attachments/{channel.id}/{aid}/{spec.get('filename') or f.filename}",
                    )
                )
            else:
                for a in existing:
                    if a.id == sid:
                        result.append(a)
        for f in files:  # files not referenced by the attachments list are still uploaded
            if (
                f.index not in used
                and payload.get("attachments") is not None
                and not any(int(s.get("id", -1)) == f.index for s in payload["attachments"])
            ):
                aid = next_snowflake()
                result.append(
                    FakeAttachment(
                        id=aid,
                        filename=f.filename,
                        data=f.data,
                        content_type=_guess_type(f.filename),
                        url=f"{self.url}/attachments/{channel.id}/{aid}/{f.filename}",
                    )
                )
        return result

    def _check_files(self, files: list[UploadedFile]) -> None:
        for f in files:
            if len(f.data) > self.max_upload_bytes:
                raise ApiError(413, 40005, "Request entity too large", violation="limit")

    def _validate_message_body(
        self,
        payload: dict[str, Any],
        files: list[UploadedFile],
        *,
        is_edit: bool,
        prefix: tuple[Any, ...] = (),
        existing: int = 0,
    ) -> None:
        if not isinstance(payload, dict):
            raise ApiError.form([((), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")], prefix)
        self._check_files(files)
        problems = limits.validate_message(payload, n_files=len(files), is_edit=is_edit, existing_attachments=existing)
        if problems:
            raise ApiError.form(problems, prefix)
        if not is_edit and limits.is_empty_message(payload, len(files)):
            raise ApiError(400, 50006, "Cannot send an empty message", violation="limit")

    async def _create_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        payload: dict[str, Any],
        files: list[UploadedFile],
        *,
        msg_type: int = 0,
        interaction: FakeInteraction | None = None,
        extra_flags: int = 0,
    ) -> FakeMessage:
        flags = (int(payload.get("flags") or 0) & (FLAG_EPHEMERAL | (1 << 2) | (1 << 12) | (1 << 15))) | extra_flags
        mid = next_snowflake()
        message = FakeMessage(
            id=mid,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            flags=flags,
            type=msg_type,
        )
        message.attachments = self._make_attachments(channel, payload, files, [])
        ref = payload.get("message_reference")
        if ref and ref.get("message_id"):
            message.message_reference = {
                "type": ref.get("type", 0),
                "message_id": str(ref["message_id"]),
                "channel_id": str(ref.get("channel_id") or channel.id),
                **({"guild_id": str(channel.guild_id)} if channel.guild_id else {}),
            }
            if msg_type == 0:
                message.type = 19
        if interaction is not None:
            message.webhook_id = self.application_id
            message.application_id = self.application_id
            message.interaction_id = interaction.id
            message.interaction_meta = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.to_payload(),
                "authorizing_integration_owners": {"0": str(channel.guild_id)}
                if channel.guild_id
                else {"1": str(interaction.user.id)},
                **({"name": interaction.name} if interaction.type == 2 else {}),
            }
            if message.ephemeral:
                message.visible_to = interaction.user.id
        self._messages[mid] = message
        self._channel_messages.setdefault(channel.id, []).append(mid)
        channel.last_message_id = mid
        channel.message_count += 1
        if not message.ephemeral:
            await self._dispatch_message_event("MESSAGE_CREATE", message)
        self._notify()
        return message

    def _apply_edit(self, message: FakeMessage, payload: dict[str, Any], files: list[UploadedFile]) -> None:
        channel = self._channels[message.channel_id]
        if "content" in payload:
            message.content = payload["content"] or ""
        if "embeds" in payload:
            message.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            message.components = list(payload["components"] or [])
        if "flags" in payload and payload["flags"] is not None:
            keep = message.flags & (FLAG_EPHEMERAL | (1 << 15))
            message.flags = keep | (int(payload["flags"]) & ((1 << 2) | (1 << 15)))
        if "attachments" in payload or files:
            message.attachments = self._make_attachments(channel, payload, files, message.attachments)
        message.flags &= ~(1 << 7)  # no longer loading
        message.edited_timestamp = iso_now()
        message.edits += 1

    async def _dispatch_message_event(self, event: str, message: FakeMessage) -> None:
        if message.ephemeral:
            return
        data = self.message_payload(message)
        await self._dispatch(
            event,
            data,
            message_event=True,
            author_id=message.author.id,
            guild_id=message.guild_id,
            content=message.content,
        )

    # ------------------------------------------------------------------ fault injection (also used by REST)

    def _take_injection(self, method: str, path: str) -> dict[str, Any] | None:
        from fnmatch import fnmatchcase

        for inj in self._injected:
            if inj["remaining"] <= 0:
                continue
            if inj["method"] not in ("*", method):
                continue
            matched = re.fullmatch(inj["pattern"], path) if inj["regex"] else fnmatchcase(path, inj["pattern"])
            if not matched:
                continue
            inj["remaining"] -= 1
            return inj
        return None


def _guess_type(filename: str) -> str | None:
    import mimetypes

    return mimetypes.guess_type(filename)[0]
