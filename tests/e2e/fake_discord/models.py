"""In-memory data model of the fake Discord server.

Every object keeps its own state and knows how to render the JSON payload that
discord.py expects (``to_payload``).  Objects are mutable: a test that holds a
``FakeMessage`` sees later edits made by the bot.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Permission bits used by the emulator.
ADMINISTRATOR = 1 << 3
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
ALL_PERMISSIONS = (1 << 53) - 1
MANAGE_THREADS = 1 << 34
# What @everyone gets in a new guild (no moderation bits such as MANAGE_* or ADMINISTRATOR).
DEFAULT_EVERYONE_PERMISSIONS = sum(
    1 << bit
    for bit in (
        0,  # create instant invite
        6,  # add reactions
        10,  # view channel
        11,  # send messages
        14,  # embed links
        15,  # attach files
        16,  # read message history
        18,  # use external emojis
        20,  # connect
        21,  # speak
        26,  # change nickname
        31,  # use application commands
        35,  # create public threads
        36,  # create private threads
        37,  # use external stickers
        38,  # send messages in threads
        46,  # send voice messages
        49,  # send polls
        50,  # use external apps
    )
)

# Message flags.
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15


class ChannelType:
    GUILD_TEXT = 0
    DM = 1
    GUILD_VOICE = 2
    GUILD_CATEGORY = 4
    GUILD_ANNOUNCEMENT = 5
    ANNOUNCEMENT_THREAD = 10
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12
    GUILD_FORUM = 15

    THREADS = (10, 11, 12)


class _SnowflakeGen:
    """Time-based snowflakes, strictly increasing (discord.py derives created_at from them)."""

    def __init__(self) -> None:
        self._last = 0
        self._lock = threading.Lock()

    def __call__(self) -> int:
        with self._lock:
            now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
            self._last = max(self._last + 1, now)
            return self._last

    def on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next snowflake that a bot split into ``shard_count`` shards receives on ``shard_id``
        (Discord's rule, ``shard_of``): its timestamp is moved forward by at most ``shard_count - 1``
        milliseconds, so ids stay increasing and ``created_at`` stays "now"."""
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"shard {shard_id} does not exist among {shard_count} shards")
        with self._lock:
            now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
            candidate = max(self._last + 1, now)
            millis = candidate >> 22
            if millis % shard_count != shard_id:
                millis += (shard_id - millis) % shard_count
                candidate = millis << 22
            self._last = candidate
            return candidate


next_snowflake = _SnowflakeGen()


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Which shard receives a guild's events: ``(guild_id >> 22) % shard_count``, as Discord documents
    (https://discord.com/developers/docs/topics/gateway#sharding); DMs (no guild) go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def iso_now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


def snowflake_time_iso(snowflake: int) -> str:
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return _dt.datetime.fromtimestamp(ms / 1000, _dt.UTC).isoformat()


def _id(obj: Any) -> int:
    """Accept objects with an ``id`` attribute, ints or numeric strings."""
    if obj is None:
        raise ValueError("expected an object or id, got None")
    if hasattr(obj, "id"):
        return int(obj.id)
    return int(obj)


# --------------------------------------------------------------------------- users / guilds


@dataclass(eq=False)
class FakeUser:
    id: int
    username: str
    bot: bool = False
    global_name: str | None = None
    avatar: str | None = None
    # The language of the user's Discord client, sent as ``locale`` on every interaction
    # (Discord's locale codes: "en-US", "zh-CN", "zh-TW" …). Not part of the user object.
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name if self.global_name is not None else (None if self.bot else self.username),
            "avatar": self.avatar,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }

    def __repr__(self) -> str:
        return f"<FakeUser id={self.id} username={self.username!r}{' bot' if self.bot else ''}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    color: int = 0
    hoist: bool = False
    mentionable: bool = False
    managed: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": self.color,
            "colors": {"primary_color": self.color, "secondary_color": None, "tertiary_color": None},
            "hoist": self.hoist,
            "managed": self.managed,
            "mentionable": self.mentionable,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }

    def __repr__(self) -> str:
        return f"<FakeRole id={self.id} name={self.name!r} permissions={self.permissions:#x}>"


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild_id: int
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    @property
    def id(self) -> int:
        return self.user.id

    def to_payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.to_payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)
    preferred_locale: str = "en-US"  # the server's language (interaction ``guild_locale``)

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]

    def role(self, name: str) -> FakeRole:
        for r in self.roles.values():
            if r.name == name:
                return r
        raise KeyError(f"no role named {name!r} in guild {self.name!r}")

    def member(self, user: Any) -> FakeMember | None:
        return self.members.get(_id(user))

    def base_permissions(self, user: Any) -> int:
        uid = _id(user)
        if uid == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(uid)
        if member is None:
            return 0
        perms = self.everyone.permissions
        for rid in member.roles:
            role = self.roles.get(rid)
            if role is not None:
                perms |= role.permissions
        if perms & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def to_payload(self, *, channels: list[dict[str, Any]], threads: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.preferred_locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "features": [],
            "roles": [r.to_payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "application_id": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "member_count": len(self.members),
            "large": False,
            "unavailable": False,
            "lazy": True,
            "joined_at": self.joined_at,
            "members": [m.to_payload() for m in self.members.values()],
            "channels": channels,
            "threads": threads,
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def __repr__(self) -> str:
        return f"<FakeGuild id={self.id} name={self.name!r} members={len(self.members)}>"


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    permission_overwrites: list[dict[str, Any]] = field(default_factory=list)
    recipients: list[FakeUser] = field(default_factory=list)  # DM channels
    # threads
    owner_id: int | None = None
    thread_members: dict[int, str] = field(default_factory=dict)  # user id -> join timestamp
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    created_at: str = field(default_factory=iso_now)
    last_message_id: int | None = None
    message_count: int = 0
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in ChannelType.THREADS

    @property
    def is_dm(self) -> bool:
        return self.type == ChannelType.DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        if self.is_dm:
            return {
                "id": str(self.id),
                "type": self.type,
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "recipients": [u.to_payload() for u in self.recipients],
                "flags": 0,
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "nsfw": False,
            "flags": 0,
            "rate_limit_per_user": 0,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
        }
        if self.is_thread:
            data.update(
                {
                    "owner_id": str(self.owner_id) if self.owner_id else None,
                    "message_count": self.message_count,
                    "total_message_sent": self.message_count,
                    "member_count": len(self.thread_members),
                    "member_ids_preview": [str(u) for u in list(self.thread_members)[:8]],
                    "thread_metadata": {
                        "archived": self.archived,
                        "auto_archive_duration": self.auto_archive_duration,
                        "archive_timestamp": self.created_at,
                        "locked": self.locked,
                        "invitable": self.invitable,
                        "create_timestamp": self.created_at,
                    },
                }
            )
        else:
            data.update(
                {
                    "topic": self.topic,
                    "permission_overwrites": self.permission_overwrites,
                    "default_auto_archive_duration": 1440,
                }
            )
            if self.type == ChannelType.GUILD_VOICE:
                data.update({"bitrate": 64000, "user_limit": 0, "rtc_region": None})
        return data

    def __repr__(self) -> str:
        return f"<FakeChannel id={self.id} type={self.type} name={self.name!r}>"


# --------------------------------------------------------------------------- messages


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    def to_payload(self) -> dict[str, Any]:
        data = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description:
            data["description"] = self.description
        return data

    def __repr__(self) -> str:
        return f"<FakeAttachment {self.filename!r} {self.size} bytes>"


def _walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for comp in components or []:
        yield comp
        if "components" in comp:
            yield from _walk_components(comp["components"])
        if "component" in comp:  # label (type 18)
            yield from _walk_components([comp["component"]])
        if "accessory" in comp:  # section
            yield from _walk_components([comp["accessory"]])


@dataclass(eq=False)
class FakeMessage:
    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    interaction_meta: dict[str, Any] | None = None
    visible_to: int | None = None  # ephemeral messages: the only user who sees them
    message_reference: dict[str, Any] | None = None
    thread_id: int | None = None
    pinned: bool = False
    reactions: dict[str, set] = field(default_factory=dict)
    deleted: bool = False
    edits: int = 0

    # -- convenience for tests -------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def text(self) -> str:
        """Content plus embed and text-display text, for easy substring assertions."""
        parts = [self.content or ""]
        for e in self.embeds:
            parts.append(json.dumps(e, ensure_ascii=False))
        for c in _walk_components(self.components):
            if c.get("type") == 10 and c.get("content"):
                parts.append(c["content"])
        return "\n".join(p for p in parts if p)

    def walk_components(self) -> Iterator[dict[str, Any]]:
        return _walk_components(self.components)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.walk_components() if c.get("custom_id")]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.walk_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.walk_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        for c in self.walk_components():
            if c.get("custom_id") == custom_id:
                return c
        return None

    def button(self, label: str) -> dict[str, Any]:
        for b in self.buttons:
            if b.get("label") == label:
                return b
        raise KeyError(
            f"no button labelled {label!r} in message {self.id}; buttons: {[b.get('label') for b in self.buttons]}"
        )

    def attachment(self, filename: str) -> FakeAttachment:
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise KeyError(filename)

    def to_payload(self, *, member: dict[str, Any] | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": [a.to_payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "reactions": [
                {
                    "emoji": {"id": None, "name": k},
                    "count": len(v),
                    "me": False,
                    "count_details": {"burst": 0, "normal": len(v)},
                    "burst_colors": [],
                    "me_burst": False,
                    "burst_me": False,
                    "burst_count": 0,
                    "normal_count": len(v),
                }
                for k, v in self.reactions.items()
                if v
            ],
            "pinned": self.pinned,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
            if member is not None:
                data["member"] = member
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_meta is not None:
            data["interaction_metadata"] = self.interaction_meta
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        return data

    def __repr__(self) -> str:
        flags = []
        if self.ephemeral:
            flags.append("ephemeral")
        if self.loading:
            flags.append("loading")
        if self.deleted:
            flags.append("deleted")
        return (
            f"<FakeMessage id={self.id} channel={self.channel_id} author={self.author.username!r} "
            f"content={self.content[:60]!r} components={len(self.custom_ids)} "
            f"files={[a.filename for a in self.attachments]}"
            f"{' ' + ','.join(flags) if flags else ''}>"
        )


# --------------------------------------------------------------------------- logs


@dataclass
class SentPayload:
    """One thing the bot tried to show to somebody (message, edit, modal, choices, thread name...)."""

    seq: int
    # message | edit | interaction_response | followup | original_edit | modal | autocomplete | thread | channel
    kind: str
    method: str
    path: str
    status: int
    channel_id: int | None
    guild_id: int | None
    message_id: int | None
    interaction_id: int | None
    content: str | None
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[str]  # file names
    attachment_data: list[bytes]
    ephemeral: bool
    dm: bool
    visibility: str  # public | ephemeral | dm | private_thread | private_channel | modal | autocomplete
    raw: Any
    time: float = field(default_factory=time.monotonic)

    @property
    def accepted(self) -> bool:
        return 200 <= self.status < 300

    @property
    def is_public(self) -> bool:
        return self.visibility == "public"

    def contains(self, needle: str) -> bool:
        blob = json.dumps(
            {
                "content": self.content,
                "embeds": self.embeds,
                "components": self.components,
                "files": self.attachments,
                "raw": self.raw,
            },
            ensure_ascii=False,
            default=str,
        )
        if needle in blob:
            return True
        nb = needle.encode()
        return any(nb in d for d in self.attachment_data)

    def __repr__(self) -> str:
        return (
            f"<SentPayload #{self.seq} {self.kind} {self.method} {self.path} -> {self.status} "
            f"{self.visibility} content={(self.content or '')[:60]!r} files={self.attachments}>"
        )


@dataclass
class Violation:
    kind: str  # ack_timeout | late_callback | double_ack | invalid_request | limit | unknown_route | ...
    detail: str
    interaction_id: int | None = None
    path: str | None = None
    time: float = field(default_factory=time.monotonic)


@dataclass
class RequestRecord:
    method: str
    path: str
    status: int
    body: Any
    time: float = field(default_factory=time.monotonic)


_counter = itertools.count(1)


def next_seq() -> int:
    return next(_counter)
