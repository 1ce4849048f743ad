"""Gateway (websocket) half of the emulator.

Plain JSON text frames (discord.py accepts them even when it asked for zlib-stream).
Supports HELLO, IDENTIFY -> READY + GUILD_CREATE, HEARTBEAT -> ACK, RESUME -> replay + RESUMED,
REQUEST_GUILD_MEMBERS -> GUILD_MEMBERS_CHUNK, PRESENCE_UPDATE (recorded), and test-driven
RECONNECT / INVALID_SESSION / disconnects.

Sharding as Discord does it (https://discord.com/developers/docs/topics/gateway#sharding): a
session that identified with ``shard: [id, count]`` (count > 1) receives only the events of the
guilds with ``(guild_id >> 22) % count == id``, and shard 0 also receives DMs. Sessions without
a shard (or with count 1) receive everything, as before.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import secrets
import time
from typing import Any

from aiohttp import WSMsgType, web

from .core import FakeDiscordCore
from .models import shard_of

log = logging.getLogger("fake_discord.gateway")

OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_VOICE_STATE = 4
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

RESUME_WINDOW = 60.0
CLOSE_INVALID_SHARD = 4010


class GatewayConnection:
    def __init__(self, ws: web.WebSocketResponse):
        self.ws = ws
        self.session: GatewaySession | None = None
        self.lock = asyncio.Lock()
        self.heartbeats = 0

    @property
    def open(self) -> bool:
        return not self.ws.closed

    async def send(self, payload: dict[str, Any]) -> None:
        async with self.lock:
            await self._send_locked(json.dumps(payload))

    async def _send_locked(self, frame: str) -> None:
        if self.ws.closed:
            return
        try:
            await self.ws.send_str(frame)
        except (ConnectionResetError, RuntimeError) as exc:  # peer gone
            log.debug("gateway send failed: %s", exc)


class GatewaySession:
    def __init__(self, intents: int, shard: list[int] | None, identify: dict[str, Any]):
        self.id = secrets.token_hex(16)
        self.seq = 0
        self.intents = intents
        self.shard = shard
        self.identify = identify
        self.buffer: collections.deque[tuple[int, str]] = collections.deque(maxlen=5000)
        self.conn: GatewayConnection | None = None
        self.invalid = False
        self.ready = False
        self.created = time.monotonic()
        self.disconnected_at: float | None = None
        self.events: list[str] = []  # names of dispatched events, for debugging

    @property
    def connected(self) -> bool:
        return self.conn is not None and self.conn.open

    @property
    def shard_count(self) -> int:
        return self.shard[1] if self.shard else 1

    def serves(self, guild_id: int | None) -> bool:
        """Whether this session receives the events of ``guild_id`` (None: a DM), by Discord's rule."""
        if self.shard is None or self.shard_count <= 1:
            return True
        return shard_of(guild_id, self.shard_count) == self.shard[0]

    @property
    def alive(self) -> bool:
        if self.invalid:
            return False
        if self.connected:
            return True
        return self.disconnected_at is not None and time.monotonic() - self.disconnected_at < RESUME_WINDOW

    async def dispatch(self, event: str, data: Any) -> int:
        conn = self.conn
        lock = conn.lock if conn is not None else None
        if lock is not None:
            async with lock:
                return await self._dispatch_locked(event, data, conn)
        return await self._dispatch_locked(event, data, None)

    async def _dispatch_locked(self, event: str, data: Any, conn: GatewayConnection | None) -> int:
        self.seq += 1
        frame = json.dumps({"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data})
        self.buffer.append((self.seq, frame))
        self.events.append(event)
        if conn is not None and conn.open and conn is self.conn:
            await conn._send_locked(frame)
        return self.seq


class GatewayMixin(FakeDiscordCore):
    """The gateway layer of FakeDiscord (its state lives in FakeDiscordCore.__init__)."""

    # ------------------------------------------------------------------ status

    @property
    def bot_connected(self) -> bool:
        return any(s.connected and s.ready for s in self.sessions)

    @property
    def sharded(self) -> bool:
        """Whether the bot has identified with several shards: from then on events and interactions
        go to the shard of their guild (DMs to shard 0), and one with no live session is lost."""
        return any(s.shard_count > 1 for s in self.sessions)

    def _live_session(self) -> GatewaySession | None:
        connected = [s for s in self.sessions if s.connected and s.ready and not s.invalid]
        if connected:
            return max(connected, key=lambda s: s.created)
        return None

    def _serving_session(self, guild_id: int | None) -> GatewaySession | None:
        """The newest connected session that receives ``guild_id``'s events (None: a DM's)."""
        connected = [s for s in self.sessions if s.connected and s.ready and not s.invalid and s.serves(guild_id)]
        if connected:
            return max(connected, key=lambda s: s.created)
        return None

    async def wait_for_bot(self, timeout: float = 15.0, *, identify_count: int | None = None) -> GatewaySession:
        """Wait until a bot session is connected and has received READY + GUILD_CREATE.

        ``identify_count``: wait for the identify counter to exceed this value (use
        ``fake.identify_count`` captured before (re)starting the bot).
        """

        def ok() -> GatewaySession | None:
            if identify_count is not None and self.identify_count <= identify_count:
                return None
            return self._live_session()

        return await self._wait_until(ok, timeout, "the bot to connect to the gateway")

    # ------------------------------------------------------------------ dispatching

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
        route = guild_id if message_event else _guild_of(event, data)
        for session in [s for s in self.sessions if s.alive and s.ready and s.serves(route)]:
            d = data
            if message_event:
                needed = INTENT_GUILD_MESSAGES if guild_id is not None else INTENT_DIRECT_MESSAGES
                if not session.intents & needed:
                    continue
                if (
                    guild_id is not None
                    and not session.intents & INTENT_MESSAGE_CONTENT
                    and author_id != self.bot_user.id
                    and f"<@{self.bot_user.id}>" not in (content or "")
                ):
                    d = dict(data, content="", embeds=[], attachments=[], components=[])
            await session.dispatch(event, d)

    async def _dispatch_interaction(self, payload: dict[str, Any], timeout: float) -> float | None:
        """Send an interaction to the session that serves its guild; returns when, or None if none could.

        Unsharded, a moment without a bot (a restart) is waited out, as before. Sharded, the
        interaction goes to its guild's shard (a DM's to shard 0) and, if that shard has no
        connected session, nowhere: Discord cannot deliver it either, and the user sees "This
        interaction failed" once the 3 seconds pass. The driver reports it as not delivered.
        """
        raw = payload.get("guild_id")
        guild_id = int(raw) if raw else None
        session = self._serving_session(guild_id)
        if session is None and not self.sharded:
            session = await self.wait_for_bot(timeout)
        if session is None:
            return None
        await session.dispatch("INTERACTION_CREATE", payload)
        return time.monotonic()

    # ------------------------------------------------------------------ test controls

    async def send_reconnect(self) -> None:
        """Send op 7 RECONNECT to every connection (the bot should RESUME)."""
        for conn in list(self._connections):
            await conn.send({"op": OP_RECONNECT, "d": None})

    async def disconnect_bot(self, code: int = 4000) -> None:
        """Close every gateway connection with ``code`` (4000 is resumable)."""
        for conn in list(self._connections):
            await conn.ws.close(code=code, message=b"closed by test")

    async def invalidate_sessions(self, resumable: bool = False) -> None:
        for conn in list(self._connections):
            if conn.session is not None and not resumable:
                conn.session.invalid = True
            await conn.send({"op": OP_INVALID_SESSION, "d": resumable})

    async def _close_all_connections(self) -> None:
        for conn in list(self._connections):
            try:
                await conn.ws.close(code=1001, message=b"server shutting down")
            except (ConnectionError, RuntimeError) as exc:  # pragma: no cover - peer already gone
                log.debug("gateway close failed: %s", exc)

    # ------------------------------------------------------------------ websocket handler

    async def _gateway_handler(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = GatewayConnection(ws)
        self._connections.append(conn)
        self.gateway_log.append(("connect", dict(request.query)))
        try:
            await conn.send({"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    raw = msg.data if msg.type == WSMsgType.TEXT else msg.data.decode("utf-8", "replace")
                    try:
                        payload = json.loads(raw)
                    except ValueError:
                        await ws.close(code=4002, message=b"Error while decoding payload.")
                        break
                    await self._gateway_receive(conn, payload)
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            if conn in self._connections:
                self._connections.remove(conn)
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
                conn.session.disconnected_at = time.monotonic()
            self.gateway_log.append(("disconnect", ws.close_code))
            self._notify()
        return ws

    async def _gateway_receive(self, conn: GatewayConnection, payload: dict[str, Any]) -> None:
        op = payload.get("op")
        d: Any = payload.get("d")  # raw JSON: its shape depends on the opcode
        self.gateway_log.append(("recv", op))
        if op == OP_HEARTBEAT:
            conn.heartbeats += 1
            await conn.send({"op": OP_HEARTBEAT_ACK})
        elif op == OP_IDENTIFY:
            await self._identify(conn, d or {})
        elif op == OP_RESUME:
            await self._resume(conn, d or {})
        elif op == OP_REQUEST_MEMBERS:
            await self._request_members(conn, d or {})
        elif op == OP_PRESENCE:
            self.presence_updates.append(d)
        elif op == OP_VOICE_STATE:
            pass
        else:
            log.warning("unknown gateway op %r", op)
            await conn.ws.close(code=4001, message=b"Unknown opcode.")

    async def _identify(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        if conn.session is not None:
            await conn.ws.close(code=4005, message=b"Already authenticated.")
            return
        if d.get("token") != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(d.get("intents") or 0)
        if intents & PRIVILEGED_INTENTS and not self.allow_privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = d.get("shard")
        if shard is not None and not (
            isinstance(shard, list)
            and len(shard) == 2
            and all(isinstance(n, int) for n in shard)
            and 0 <= shard[0] < shard[1]
        ):
            await conn.ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
            return
        session = GatewaySession(intents=intents, shard=shard, identify=d)
        session.conn = conn
        conn.session = session
        self.sessions.append(session)
        my_guilds = [g for g in self._guilds.values() if self.bot_user.id in g.members and session.serves(g.id)]
        ready = {
            "v": 10,
            "user": {**self.bot_user.to_payload(), "verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in my_guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "shard": session.shard or [0, 1],
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
        }
        async with conn.lock:
            await session._dispatch_locked("READY", ready, conn)
            for g in my_guilds:
                await session._dispatch_locked("GUILD_CREATE", self._guild_create_payload(g), conn)
        session.ready = True
        self.identify_count += 1
        self._notify()

    async def _resume(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        session = next((s for s in self.sessions if s.id == d.get("session_id")), None)
        if d.get("token") != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        if session is None or session.invalid:
            await conn.send({"op": OP_INVALID_SESSION, "d": False})
            return
        old = session.conn
        session.conn = conn
        conn.session = session
        session.disconnected_at = None
        if old is not None and old is not conn and old.open:
            await old.ws.close(code=4000, message=b"session resumed elsewhere")
        last = int(d.get("seq") or 0)
        async with conn.lock:
            for seq, frame in list(session.buffer):
                if seq > last:
                    await conn._send_locked(frame)
            await session._dispatch_locked("RESUMED", {}, conn)
        self.resume_count += 1
        self._notify()

    async def _request_members(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        if conn.session is None:
            return
        guild = self._guilds.get(int(d.get("guild_id") or 0))
        if guild is None:
            return
        members = list(guild.members.values())
        query = d.get("query")
        user_ids = d.get("user_ids")
        if user_ids:
            ids = {int(u) for u in (user_ids if isinstance(user_ids, list) else [user_ids])}
            members = [m for m in members if m.user.id in ids]
        elif query:
            members = [m for m in members if m.user.username.lower().startswith(query.lower())]
        limit = int(d.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk = {
            "guild_id": str(guild.id),
            "members": [m.to_payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        if d.get("presences"):
            chunk["presences"] = []
        await conn.session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _guild_create_payload(self, guild: Any) -> dict[str, Any]:
        channels = [
            self._channels[c].to_payload()
            for c in guild.channel_ids
            if c in self._channels and not self._channels[c].deleted
        ]
        threads = [
            c.to_payload()
            for c in self._channels.values()
            if c.guild_id == guild.id and c.is_thread and not c.archived and not c.deleted
        ]
        return guild.to_payload(channels=channels, threads=threads)


def _guild_of(event: str, data: Any) -> int | None:
    """The guild an event belongs to, for routing it to a shard (None: a DM channel's event)."""
    if not isinstance(data, dict):
        return None
    raw = data.get("id") if event == "GUILD_CREATE" else data.get("guild_id")
    return int(raw) if raw else None
