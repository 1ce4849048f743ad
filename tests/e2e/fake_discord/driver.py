"""Test-driver API of the emulator: build the world, act as users, inspect what the bot did."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .gateway import GatewayMixin
from .interactions import FakeInteraction, InteractionHandle, InteractionType
from .models import (
    ADMINISTRATOR,
    DEFAULT_EVERYONE_PERMISSIONS,
    MANAGE_THREADS,
    VIEW_CHANNEL,
    ChannelType,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    SentPayload,
    _id,
    next_snowflake,
)

PRIVATE_VISIBILITIES = ("ephemeral", "dm", "private_thread", "private_channel", "modal", "autocomplete")


class CommandNotAvailable(Exception):
    """Discord would not offer this command to this user here (permissions / contexts)."""


@dataclass
class World:
    """What ``create_standard_guild`` built."""

    guild: FakeGuild
    channel: FakeChannel  # the first text channel
    channels: dict[str, FakeChannel]
    admin: FakeUser
    admin_role: FakeRole
    players: list[FakeUser]
    users: dict[str, FakeUser] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:  # world.alice
        users = self.__dict__.get("users") or {}
        if name in users:
            return users[name]
        raise AttributeError(name)


class DriverMixin(GatewayMixin):
    """The test-facing layer of FakeDiscord: world building, acting as users, inspection."""

    # ------------------------------------------------------------------ world building

    def _schedule(self, coro: Any) -> None:
        """Run a gateway dispatch soon (world-building methods are synchronous)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            coro.close()
            return
        task = loop.create_task(coro)
        pending = self.__dict__.setdefault("_pending", set())
        pending.add(task)
        task.add_done_callback(pending.discard)

    async def settle(self) -> None:
        """Wait until events scheduled by world-building calls have been sent."""
        pending = list(self.__dict__.get("_pending", ()))
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)

    def create_user(self, username: str, *, bot: bool = False, global_name: str | None = None) -> FakeUser:
        user = FakeUser(id=next_snowflake(), username=username, bot=bot, global_name=global_name)
        self._users[user.id] = user
        return user

    def set_locale(self, user: FakeUser, locale: str) -> None:
        """The language of ``user``'s Discord client from now on (``locale`` of their interactions)."""
        user.locale = locale

    def create_guild(
        self,
        name: str = "Test Guild",
        *,
        owner: FakeUser | None = None,
        bot_permissions: int = ADMINISTRATOR,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        """``shard=(id, count)``: the guild's id is chosen so that a bot split into ``count`` shards
        receives it on shard ``id`` (``shard_of``); without it, any shard may."""
        owner = owner or self.create_user(f"{name.lower().replace(' ', '-')}-owner")
        gid = next_snowflake() if shard is None else next_snowflake.on_shard(*shard)
        guild = FakeGuild(id=gid, name=name, owner_id=owner.id)
        guild.roles[gid] = FakeRole(
            id=gid, guild_id=gid, name="@everyone", permissions=DEFAULT_EVERYONE_PERMISSIONS, position=0
        )
        self._guilds[gid] = guild
        bot_role = self.create_role(guild, self.bot_user.username, permissions=bot_permissions)
        bot_role.managed = True
        guild.members[self.bot_user.id] = FakeMember(user=self.bot_user, guild_id=gid, roles=[bot_role.id])
        guild.members[owner.id] = FakeMember(user=owner, guild_id=gid)
        if self.bot_connected:
            self._schedule(self._dispatch("GUILD_CREATE", self._guild_create_payload(guild)))
        return guild

    def create_role(self, guild: FakeGuild, name: str, *, permissions: int = 0, color: int = 0) -> FakeRole:
        role = FakeRole(
            id=next_snowflake(),
            guild_id=guild.id,
            name=name,
            permissions=permissions,
            color=color,
            position=len(guild.roles),
        )
        guild.roles[role.id] = role
        return role

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        roles: Iterable[FakeRole | int] = (),
        nick: str | None = None,
    ) -> FakeMember:
        member = FakeMember(user=user, guild_id=guild.id, roles=[_id(r) for r in roles], nick=nick)
        guild.members[user.id] = member
        if self.bot_connected:
            self._schedule(self._dispatch("GUILD_MEMBER_ADD", dict(member.to_payload(), guild_id=str(guild.id))))
        return member

    def create_member(
        self,
        guild: FakeGuild,
        username: str,
        *,
        roles: Iterable[FakeRole | int] = (),
        admin: bool = False,
        nick: str | None = None,
    ) -> FakeUser:
        user = self.create_user(username)
        roles = list(roles)
        if admin:
            try:
                roles.append(guild.role("Admin"))
            except KeyError:
                roles.append(self.create_role(guild, "Admin", permissions=ADMINISTRATOR))
        self.add_member(guild, user, roles=roles, nick=nick)
        return user

    def create_channel(
        self,
        guild: FakeGuild,
        name: str,
        *,
        type: int = ChannelType.GUILD_TEXT,
        parent: Any = None,
        topic: str | None = None,
        private: bool = False,
        overwrites: list[dict[str, Any]] | None = None,
        visible_to: Iterable[Any] = (),
        _announce: bool = True,
    ) -> FakeChannel:
        """``private=True`` hides the channel from @everyone; ``visible_to`` users/roles can still see it."""
        ows = list(overwrites or [])
        if private:
            ows.append({"id": str(guild.id), "type": 0, "allow": "0", "deny": str(VIEW_CHANNEL)})
            ows.append({"id": str(self.bot_user.id), "type": 1, "allow": str(VIEW_CHANNEL), "deny": "0"})
        for who in visible_to:
            ows.append(
                {
                    "id": str(_id(who)),
                    "type": 0 if isinstance(who, FakeRole) else 1,
                    "allow": str(VIEW_CHANNEL),
                    "deny": "0",
                }
            )
        ch = FakeChannel(
            id=next_snowflake(),
            type=type,
            name=name,
            guild_id=guild.id,
            parent_id=_id(parent) if parent else None,
            position=len(guild.channel_ids),
            topic=topic,
            permission_overwrites=ows,
        )
        self._channels[ch.id] = ch
        guild.channel_ids.append(ch.id)
        if _announce and self.bot_connected:
            self._schedule(self._dispatch("CHANNEL_CREATE", ch.to_payload()))
        return ch

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        cid = self._dm_channels.get(user.id)
        if cid is None:
            ch = FakeChannel(id=next_snowflake(), type=ChannelType.DM, recipients=[user])
            self._channels[ch.id] = ch
            self._dm_channels[user.id] = ch.id
            return ch
        return self._channels[cid]

    def create_standard_guild(
        self,
        name: str = "Test Guild",
        *,
        players: Sequence[str] = ("alice", "bob", "carol"),
        admin: str = "gm",
        channels: Sequence[str] = ("general", "games"),
        shard: tuple[int, int] | None = None,
    ) -> World:
        guild = self.create_guild(name, shard=shard)
        chans = {c: self.create_channel(guild, c) for c in channels}
        admin_user = self.create_member(guild, admin, admin=True)
        users = {admin: admin_user}
        player_users = []
        for p in players:
            u = self.create_member(guild, p)
            users[p] = u
            player_users.append(u)
        return World(
            guild=guild,
            channel=next(iter(chans.values())),
            channels=chans,
            admin=admin_user,
            admin_role=guild.role("Admin"),
            players=player_users,
            users=users,
        )

    # ------------------------------------------------------------------ fault injection

    def refuse_dms(self, user: FakeUser, refused: bool = True) -> None:
        """Messages the bot sends to this user's DM channel fail with 403 / 50007."""
        if refused:
            self._dm_refused.add(user.id)
        else:
            self._dm_refused.discard(user.id)

    def inject_rate_limit(
        self,
        method: str,
        path: str,
        *,
        count: int = 1,
        retry_after: float = 0.5,
        global_: bool = False,
        regex: bool = False,
    ) -> dict[str, Any]:
        """The next ``count`` requests matching ``method`` + ``path`` (glob on the path after /api/v10,
        e.g. ``"/channels/*/messages"``; ``regex=True`` for a regular expression) get HTTP 429."""
        inj = {
            "kind": "ratelimit",
            "method": method.upper(),
            "pattern": path,
            "regex": regex,
            "remaining": count,
            "retry_after": retry_after,
            "global": global_,
        }
        self._injected.append(inj)
        return inj

    def inject_error(
        self,
        method: str,
        path: str,
        *,
        status: int = 500,
        code: int = 0,
        message: str = "Internal Server Error",
        count: int = 1,
        regex: bool = False,
    ) -> dict[str, Any]:
        inj = {
            "kind": "error",
            "method": method.upper(),
            "pattern": path,
            "regex": regex,
            "remaining": count,
            "status": status,
            "code": code,
            "message": message,
        }
        self._injected.append(inj)
        return inj

    def clear_injections(self) -> None:
        self._injected.clear()

    # ------------------------------------------------------------------ inspection

    def get_channel(self, channel_id: Any) -> FakeChannel:
        return self._channels[_id(channel_id)]

    def get_message(self, message_id: Any) -> FakeMessage:
        return self._messages[_id(message_id)]

    def get_user(self, user_id: Any) -> FakeUser:
        return self._users[_id(user_id)]

    def messages(
        self, channel: Any, *, include_ephemeral: bool = False, include_deleted: bool = False
    ) -> list[FakeMessage]:
        """Messages in a channel/thread/DM, oldest first."""
        out = [self._messages[m] for m in self._channel_messages.get(_id(channel), [])]
        return [m for m in out if (include_deleted or not m.deleted) and (include_ephemeral or not m.ephemeral)]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        cid = self._dm_channels.get(user.id)
        return self.messages(cid) if cid else []

    def ephemerals(self, user: FakeUser) -> list[FakeMessage]:
        """Ephemeral messages only ``user`` could see."""
        return [m for m in self._messages.values() if m.ephemeral and m.visible_to == user.id and not m.deleted]

    def threads(self, parent: Any = None) -> list[FakeChannel]:
        return [
            c
            for c in self._channels.values()
            if c.is_thread and not c.deleted and (parent is None or c.parent_id == _id(parent))
        ]

    def channels(self, guild: Any = None) -> list[FakeChannel]:
        return [
            c
            for c in self._channels.values()
            if not c.deleted and not c.is_thread and not c.is_dm and (guild is None or c.guild_id == _id(guild))
        ]

    def commands(self, guild: Any = None) -> list[dict[str, Any]]:
        """Application commands as last synced (global when ``guild`` is None)."""
        if guild is None:
            return list(self._global_commands)
        return list(self._guild_commands.get(_id(guild), []))

    def command(self, name: str, guild: Any = None) -> dict[str, Any]:
        for c in self.commands(guild) + ([] if guild is None else self.commands()):
            if c["name"] == name:
                return c
        raise KeyError(f"command {name!r} was not registered; registered: {[c['name'] for c in self.commands(guild)]}")

    @property
    def interactions(self) -> list[FakeInteraction]:
        return list(self._interactions.values())

    @property
    def ack_latencies(self) -> dict[int, float | None]:
        """interaction id -> seconds from dispatch to callback (None if never acknowledged)."""
        return {i.id: i.ack_latency for i in self._interactions.values()}

    def mark(self) -> int:
        """A marker: messages created after this call have ``id > mark``."""
        return next_snowflake()

    def payloads(
        self,
        *,
        kind: str | None = None,
        visibility: str | None = None,
        accepted: bool | None = True,
    ) -> list[SentPayload]:
        return [
            p
            for p in self.sent
            if (kind is None or p.kind == kind)
            and (visibility is None or p.visibility == visibility)
            and (accepted is None or p.accepted == accepted)
        ]

    def leaks(self, secret: str, *, allowed: Sequence[str] = PRIVATE_VISIBILITIES) -> list[SentPayload]:
        """Accepted payloads that contain ``secret`` and were visible outside ``allowed`` places."""
        return [p for p in self.sent if p.accepted and p.visibility not in allowed and p.contains(secret)]

    def assert_no_public_leak(self, secret: str, *, allowed: Sequence[str] = PRIVATE_VISIBILITIES) -> None:
        found = self.leaks(secret, allowed=allowed)
        if found:
            raise AssertionError(f"secret {secret!r} leaked in {len(found)} payload(s): {found}")

    def assert_no_violations(self, *, ignore: Sequence[str] = ()) -> None:
        bad = [v for v in self.violations if v.kind not in ignore]
        if bad:
            raise AssertionError("Discord-rule violations: " + "; ".join(f"[{v.kind}] {v.detail}" for v in bad))

    # ------------------------------------------------------------------ waiting

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0, what: str = "condition") -> Any:
        return await self._wait_until(predicate, timeout, what)

    async def wait_for_message(
        self,
        predicate: Callable[[FakeMessage], bool] | None = None,
        *,
        channel: Any = None,
        author: Any = None,
        since: int | None = None,
        include_ephemeral: bool = True,
        timeout: float = 5.0,
    ) -> FakeMessage:
        """First message (oldest) matching; ``since`` = ``fake.mark()`` to ignore older messages."""
        cid = _id(channel) if channel is not None else None
        aid = _id(author) if author is not None else None

        def find() -> FakeMessage | None:
            ids = self._channel_messages.get(cid, []) if cid is not None else sorted(self._messages)
            for mid in ids:
                m = self._messages[mid]
                if m.deleted or (since is not None and m.id <= since) or (aid is not None and m.author.id != aid):
                    continue
                if m.ephemeral and not include_ephemeral:
                    continue
                if predicate is None or predicate(m):
                    return m
            return None

        try:
            return await self._wait_until(find, timeout, "a matching message")
        except TimeoutError as exc:
            recent = (
                self.messages(cid, include_ephemeral=True)[-5:]
                if cid is not None
                else list(self._messages.values())[-5:]
            )
            raise TimeoutError(f"{exc}; recent messages: {recent}") from None

    async def wait_for_dm(
        self,
        user: FakeUser,
        predicate: Callable[[FakeMessage], bool] | None = None,
        *,
        since: int | None = None,
        timeout: float = 5.0,
    ) -> FakeMessage:
        channel = self.dm_channel(user)
        return await self.wait_for_message(
            predicate, channel=channel, author=self.bot_user, since=since, timeout=timeout
        )

    async def wait_for_thread(
        self,
        predicate: Callable[[FakeChannel], bool] | None = None,
        *,
        parent: Any = None,
        timeout: float = 5.0,
    ) -> FakeChannel:
        def find() -> FakeChannel | None:
            for t in self.threads(parent):
                if predicate is None or predicate(t):
                    return t
            return None

        return await self._wait_until(find, timeout, "a matching thread")

    async def wait_for_command_sync(self, timeout: float = 10.0, *, guild: Any = None) -> list[dict[str, Any]]:
        gid = _id(guild) if guild is not None else None
        await self._wait_until(
            lambda: any(g == gid for g, _ in self.command_syncs), timeout, "application command sync"
        )
        return self.commands(guild)

    # ------------------------------------------------------------------ acting as users

    async def send_message(self, user: FakeUser, channel: Any, content: str) -> FakeMessage:
        """``user`` posts ``content`` in ``channel`` (MESSAGE_CREATE is dispatched to the bot)."""
        ch = self.get_channel(channel)
        self._check_can_see(user, ch)
        return await self._create_message(ch, user, {"content": content}, [])

    def _check_can_see(self, user: FakeUser, channel: FakeChannel) -> None:
        if channel.is_dm:
            if user not in channel.recipients:
                raise PermissionError(f"{user} is not a recipient of DM channel {channel.id}")
            return
        assert channel.guild_id is not None, "every channel but a DM belongs to a guild"
        guild = self._guilds[channel.guild_id]
        if user.id not in guild.members:
            raise PermissionError(f"{user} is not a member of {guild}")
        perms = self.channel_permissions(user, channel)
        if not perms & VIEW_CHANNEL:
            raise PermissionError(f"{user} cannot see channel {channel.name!r}")
        if (
            channel.type == ChannelType.PRIVATE_THREAD
            and user.id not in channel.thread_members
            and not perms & MANAGE_THREADS
        ):
            raise PermissionError(f"{user} is not a member of private thread {channel.name!r}")

    def _default_channel(self, user: FakeUser) -> FakeChannel:
        for g in self._guilds.values():
            if user.id in g.members:
                for cid in g.channel_ids:
                    ch = self._channels[cid]
                    if (
                        ch.type == ChannelType.GUILD_TEXT
                        and not ch.deleted
                        and self.channel_permissions(user, ch) & VIEW_CHANNEL
                    ):
                        return ch
        raise ValueError(f"{user} has no text channel to run the command in; pass channel=")

    async def _inject(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        name: str,
        message: FakeMessage | None = None,
        timeout: float = 10.0,
    ) -> InteractionHandle:
        self._check_can_see(user, channel)
        iid = next_snowflake()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        guild = self._guilds.get(channel.guild_id) if channel.guild_id else None
        perms = self.channel_permissions(user, channel)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "channel_id": str(channel.id),
            "channel": dict(channel.to_payload(), permissions=str(perms)),
            "token": token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": str(self.channel_permissions(self.bot_user, channel)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": self.max_upload_bytes,
            "context": 0 if guild else 1,
            "authorizing_integration_owners": {"0": str(guild.id)} if guild else {"1": str(user.id)},
        }
        if guild is not None:
            member = guild.members[user.id]
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.preferred_locale, "features": []}
            payload["guild_locale"] = guild.preferred_locale
            payload["member"] = member.to_payload(permissions=perms)
        else:
            payload["user"] = user.to_payload()
        if message is not None:
            payload["message"] = self.message_payload(message)
        inter = FakeInteraction(
            id=iid,
            token=token,
            type=itype,
            user=user,
            channel_id=channel.id,
            guild_id=guild.id if guild else None,
            payload=payload,
            message_id=message.id if message is not None else None,
            name=name,
        )
        self._interactions[iid] = inter
        self._interactions_by_token[token] = inter
        inter.dispatched_at = await self._dispatch_interaction(payload, timeout)
        if inter.dispatched_at is None:
            # Its shard has no live session (the bot is sharded): nothing reached the bot, so nothing
            # is the bot's fault; the handle reports it, as the user's "This interaction failed".
            inter.undelivered = True
            inter.expired = True
            self.undelivered.append(inter)
            self._notify()
            return InteractionHandle(self, inter)
        inter.deadline_handle = asyncio.get_running_loop().call_later(self.ack_deadline, self._expire, inter)
        self._notify()
        return InteractionHandle(self, inter)

    def _expire(self, inter: FakeInteraction) -> None:
        """Record an ack_timeout violation once the interaction's deadline passes unanswered."""
        if inter.acked or inter.expired:
            return
        inter.expired = True
        self._violation(
            "ack_timeout",
            f"interaction {inter.name!r} (id {inter.id}) was not acknowledged within {self.ack_deadline}s",
            interaction_id=inter.id,
        )

    # -- slash commands ---------------------------------------------------------

    def _lookup_command(self, name: str, guild: FakeGuild | None) -> dict[str, Any]:
        pools = []
        if guild is not None:
            pools.append(self._guild_commands.get(guild.id, []))
        pools.append(self._global_commands)
        for pool in pools:
            for c in pool:
                if c["name"] == name and c.get("type", 1) == 1:
                    return c
        known = [c["name"] for pool in pools for c in pool]
        raise ValueError(f"slash command {name!r} is not registered (registered: {known})")

    def _check_command_available(self, cmd: dict[str, Any], user: FakeUser, channel: FakeChannel) -> None:
        guild = self._guilds.get(channel.guild_id) if channel.guild_id else None
        contexts = cmd.get("contexts")
        if guild is None:
            if cmd.get("guild_id") or cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise CommandNotAvailable(f"/{cmd['name']} is not available in DMs")
            return
        if contexts is not None and 0 not in contexts:
            raise CommandNotAvailable(f"/{cmd['name']} is not available in guilds")
        needed = cmd.get("default_member_permissions")
        if needed is not None:
            needed = int(needed)
            have = self.channel_permissions(user, channel)
            if (needed == 0 and not have & ADMINISTRATOR and have != (1 << 53) - 1) or (have & needed) != needed:
                raise CommandNotAvailable(f"{user.username} lacks permissions {needed:#x} for /{cmd['name']}")

    def _convert_option(
        self,
        defn: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        guild: FakeGuild | None,
        channel: FakeChannel,
        *,
        focused: bool,
    ) -> Any:
        t = defn["type"]
        name = defn["name"]
        if t == 3:
            value = str(value)
            if not focused:
                if defn.get("min_length") is not None and len(value) < defn["min_length"]:
                    raise ValueError(f"option {name!r}: shorter than min_length {defn['min_length']}")
                if defn.get("max_length") is not None and len(value) > defn["max_length"]:
                    raise ValueError(f"option {name!r}: longer than max_length {defn['max_length']}")
        elif t == 4:
            value = value if focused and isinstance(value, str) else int(value)
        elif t == 10:
            value = value if focused and isinstance(value, str) else float(value)
        elif t == 5:
            value = bool(value)
        elif t in (6, 9) and not isinstance(value, FakeRole):
            user = value if isinstance(value, FakeUser) else self._users[_id(value)]
            resolved.setdefault("users", {})[str(user.id)] = user.to_payload()
            if guild is not None and user.id in guild.members:
                resolved.setdefault("members", {})[str(user.id)] = guild.members[user.id].to_payload(
                    with_user=False, permissions=self.channel_permissions(user, channel)
                )
            return str(user.id)
        elif t in (8, 9):
            if isinstance(value, FakeRole):
                role = value
            else:
                assert guild is not None, "role and mentionable options are offered only in guilds"
                role = guild.roles[_id(value)]
            resolved.setdefault("roles", {})[str(role.id)] = role.to_payload()
            return str(role.id)
        elif t == 7:
            ch = value if isinstance(value, FakeChannel) else self._channels[_id(value)]
            types = defn.get("channel_types")
            if types and ch.type not in types:
                raise ValueError(f"option {name!r}: channel type {ch.type} not in {types}")
            data = ch.to_payload()
            data["permissions"] = str(self.channel_permissions(self.bot_user, ch))
            resolved.setdefault("channels", {})[str(ch.id)] = data
            return str(ch.id)
        elif t == 11:
            filename, blob = value
            aid = next_snowflake()
            att = FakeAttachment(
                id=aid, filename=filename, data=blob, url=f"{self.url}/attachments/{channel.id}/{aid}/{filename}"
            )
            self.__dict__.setdefault("_uploaded", []).append(att)
            resolved.setdefault("attachments", {})[str(aid)] = att.to_payload()
            return str(aid)
        else:
            raise ValueError(f"option {name!r}: unsupported option type {t}")
        if not focused:
            choices = defn.get("choices")
            if choices and value not in [c["value"] for c in choices]:
                raise ValueError(
                    f"option {name!r}: {value!r} is not one of the choices {[c['value'] for c in choices]}"
                )
            if t in (4, 10):
                if defn.get("min_value") is not None and value < defn["min_value"]:
                    raise ValueError(f"option {name!r}: {value} < min_value {defn['min_value']}")
                if defn.get("max_value") is not None and value > defn["max_value"]:
                    raise ValueError(f"option {name!r}: {value} > max_value {defn['max_value']}")
        return value

    def _build_command_data(
        self,
        user: FakeUser,
        command: str,
        channel: FakeChannel,
        values: dict[str, Any],
        *,
        focused: str | None = None,
        check_access: bool = True,
    ) -> tuple[dict[str, Any], str]:
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise ValueError("empty command")
        guild = self._guilds.get(channel.guild_id) if channel.guild_id else None
        cmd = self._lookup_command(parts[0], guild)
        if check_access:
            self._check_command_available(cmd, user, channel)
        defs = cmd.get("options") or []
        chain: list[dict[str, Any]] = []
        for part in parts[1:]:
            sub = next((o for o in defs if o["name"] == part and o["type"] in (1, 2)), None)
            if sub is None:
                have = [o["name"] for o in defs if o["type"] in (1, 2)]
                raise ValueError(f"/{' '.join(parts)}: no subcommand {part!r} (have {have})")
            chain.append(sub)
            defs = sub.get("options") or []
        if any(o["type"] in (1, 2) for o in defs):
            raise ValueError(
                f"/{' '.join(parts)} needs a subcommand: {[o['name'] for o in defs if o['type'] in (1, 2)]}"
            )
        resolved: dict[str, dict[str, Any]] = {}
        leaf: list[dict[str, Any]] = []
        by_name = {o["name"]: o for o in defs}
        for key, value in values.items():
            defn = by_name.get(key)
            if defn is None:
                raise ValueError(f"/{' '.join(parts)} has no option {key!r} (options: {list(by_name)})")
            is_focused = key == focused
            opt = {
                "name": key,
                "type": defn["type"],
                "value": self._convert_option(defn, value, resolved, guild, channel, focused=is_focused),
            }
            if is_focused:
                opt["focused"] = True
            leaf.append(opt)
        if focused is None:
            missing = [o["name"] for o in defs if o.get("required") and o["name"] not in values]
            if missing:
                raise ValueError(f"/{' '.join(parts)}: missing required option(s) {missing}")
        elif focused not in values:
            raise ValueError(f"focused option {focused!r} needs a value")
        options = leaf
        for sub in reversed(chain):
            node: dict[str, Any] = {"name": sub["name"], "type": sub["type"]}
            if options or sub["type"] == 1:
                node["options"] = options
            options = [node]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": options}
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        return data, " ".join(parts)

    async def slash(
        self,
        user: FakeUser,
        command: str,
        *,
        channel: Any = None,
        options: dict[str, Any] | None = None,
        check_access: bool = True,
        timeout: float = 10.0,
        **kwargs: Any,
    ) -> InteractionHandle:
        """Invoke ``/command sub [sub]`` as ``user``.  Options come from ``options=`` and/or kwargs.

        User/role/channel options accept Fake* objects; attachments accept ``(filename, bytes)``.
        Raises ``CommandNotAvailable`` if Discord would not offer the command to the user.
        """
        ch = self.get_channel(channel) if channel is not None else self._default_channel(user)
        values = {**(options or {}), **kwargs}
        data, name = self._build_command_data(user, command, ch, values, check_access=check_access)
        return await self._inject(InteractionType.APPLICATION_COMMAND, user, ch, data, name=name, timeout=timeout)

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        focused: str,
        value: Any = "",
        *,
        channel: Any = None,
        options: dict[str, Any] | None = None,
        timeout: float = 10.0,
        **kwargs: Any,
    ) -> InteractionHandle:
        """Type ``value`` into option ``focused`` of ``command``; ``(await h.response()).choices``."""
        ch = self.get_channel(channel) if channel is not None else self._default_channel(user)
        values = {**(options or {}), **kwargs, focused: value}
        data, name = self._build_command_data(user, command, ch, values, focused=focused)
        return await self._inject(
            InteractionType.AUTOCOMPLETE, user, ch, data, name=f"{name} (autocomplete {focused})", timeout=timeout
        )

    # -- components ---------------------------------------------------------------

    def _component_target(
        self, user: FakeUser, message: Any, custom_id: str, types: tuple[int, ...]
    ) -> tuple[FakeMessage, dict[str, Any], FakeChannel]:
        msg = message if isinstance(message, FakeMessage) else self.get_message(message)
        if msg.deleted:
            raise ValueError(f"message {msg.id} was deleted")
        if msg.ephemeral and msg.visible_to != user.id:
            raise PermissionError(f"{user.username} cannot see ephemeral message {msg.id}")
        comp = msg.find_component(custom_id)
        if comp is None or comp.get("type") not in types:
            raise ValueError(
                f"no component {custom_id!r} of type {types} on message {msg.id}; custom_ids: {msg.custom_ids}"
            )
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        return msg, comp, self._channels[msg.channel_id]

    async def press(
        self,
        user: FakeUser,
        message: Any,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        timeout: float = 10.0,
    ) -> InteractionHandle:
        """Click a button (by ``custom_id`` or ``label``) on ``message``."""
        msg = message if isinstance(message, FakeMessage) else self.get_message(message)
        if custom_id is None:
            if label is None:
                raise ValueError("press() needs custom_id or label")
            custom_id = msg.button(label).get("custom_id")
            if custom_id is None:
                raise ValueError(f"button {label!r} has no custom_id (link button?)")
        msg, comp, ch = self._component_target(user, msg, custom_id, (2,))
        if comp.get("style") in (5, 6):
            raise ValueError(f"button {custom_id!r} is a link/premium button; it does not create interactions")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._inject(
            InteractionType.MESSAGE_COMPONENT, user, ch, data, name=custom_id, message=msg, timeout=timeout
        )

    async def select(
        self,
        user: FakeUser,
        message: Any,
        custom_id: str,
        values: Sequence[Any],
        *,
        timeout: float = 10.0,
    ) -> InteractionHandle:
        """Choose ``values`` in a select menu (string values, or Fake objects for user/role/channel selects)."""
        msg, comp, ch = self._component_target(user, message, custom_id, (3, 5, 6, 7, 8))
        values = list(values)
        mn, mx = comp.get("min_values", 1), comp.get("max_values", 1)
        if not (mn <= len(values) <= mx):
            raise ValueError(f"select {custom_id!r} takes between {mn} and {mx} values, got {len(values)}")
        ctype = comp["type"]
        resolved: dict[str, dict[str, Any]] = {}
        guild = self._guilds.get(ch.guild_id) if ch.guild_id else None
        out: list[str] = []
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            for v in values:
                if v not in allowed:
                    raise ValueError(f"{v!r} is not an option of select {custom_id!r}: {allowed}")
            out = [str(v) for v in values]
        else:
            type_map = {5: 6, 6: 8, 7: 9, 8: 7}
            for v in values:
                out.append(
                    self._convert_option(
                        {"type": type_map[ctype], "name": custom_id}, v, resolved, guild, ch, focused=True
                    )
                )
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype, "values": out}
        if resolved:
            data["resolved"] = resolved
        return await self._inject(
            InteractionType.MESSAGE_COMPONENT, user, ch, data, name=custom_id, message=msg, timeout=timeout
        )

    # -- modals -------------------------------------------------------------------

    def open_modals(self, user: FakeUser | None = None) -> list[dict[str, Any]]:
        return [m for inter, m in self._open_modals if user is None or inter.user.id == user.id]

    async def submit_modal(
        self,
        user: FakeUser,
        custom_id: str | None = None,
        fields: dict[str, Any] | None = None,
        *,
        timeout: float = 10.0,
    ) -> InteractionHandle:
        """Submit the most recent modal the bot showed ``user`` (or the one with ``custom_id``).

        ``fields`` maps text-input custom_id -> value (select-in-label: list of values).
        """
        fields = dict(fields or {})
        entry = None
        for inter, modal in reversed(self._open_modals):
            if inter.user.id == user.id and (custom_id is None or modal.get("custom_id") == custom_id):
                entry = (inter, modal)
                break
        if entry is None:
            wanted = f" {custom_id!r}" if custom_id else ""
            open_ids = [m.get("custom_id") for m in self.open_modals()]
            raise ValueError(f"the bot has not shown {user.username} a modal{wanted}; open: {open_ids}")
        source, modal = entry

        known: dict[str, dict[str, Any]] = {}

        def echo(c: dict[str, Any]) -> dict[str, Any]:
            cid: str = c["custom_id"]  # limits.validate_modal refused any modal component without one
            known[cid] = c
            out: dict[str, Any] = {"type": c["type"], "custom_id": cid}
            if c.get("id") is not None:
                out["id"] = c["id"]
            if c["type"] == 4:
                value = fields.get(cid, c.get("value") or "")
                value = "" if value is None else str(value)
                if c.get("required", True) and not value:
                    raise ValueError(f"modal field {cid!r} is required")
                if value and c.get("min_length") is not None and len(value) < c["min_length"]:
                    raise ValueError(f"modal field {cid!r} is shorter than {c['min_length']}")
                if c.get("max_length") is not None and len(value) > c["max_length"]:
                    raise ValueError(f"modal field {cid!r} is longer than {c['max_length']}")
                out["value"] = value
            else:
                vals = fields.get(cid, [])
                out["values"] = [str(v) for v in (vals if isinstance(vals, (list, tuple)) else [vals])]
            return out

        components: list[dict[str, Any]] = []
        for row in modal.get("components") or []:
            if row.get("type") == 1:
                components.append({"type": 1, "components": [echo(c) for c in row.get("components") or []]})
            elif row.get("type") == 18 and row.get("component"):
                item: dict[str, Any] = {"type": 18, "component": echo(row["component"])}
                if row.get("id") is not None:
                    item["id"] = row["id"]
                components.append(item)
        unknown = set(fields) - set(known)
        if unknown:
            named = sorted(k for k in known if k)
            raise ValueError(f"modal {modal.get('custom_id')!r} has no fields {sorted(unknown)}; fields: {named}")
        self._open_modals.remove(entry)
        ch = self._channels[source.channel_id]
        msg = self._messages.get(source.message_id) if source.message_id else None
        data = {"custom_id": modal["custom_id"], "components": components}
        return await self._inject(
            InteractionType.MODAL_SUBMIT, user, ch, data, name=modal["custom_id"], message=msg, timeout=timeout
        )
