"""A small fake Discord (REST + gateway) for end-to-end tests of an unmodified discord.py bot.

See README.md in this folder.
"""

from .driver import CommandNotAvailable, World
from .interactions import CallbackType, InteractionHandle, InteractionResult, InteractionType, NotDelivered
from .limits import ApiError
from .models import (
    ADMINISTRATOR,
    ChannelType,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    SentPayload,
    Violation,
    shard_of,
)
from .process import BotProcess
from .server import FakeDiscord

__all__ = [
    "ADMINISTRATOR",
    "ApiError",
    "BotProcess",
    "CallbackType",
    "ChannelType",
    "CommandNotAvailable",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "InteractionResult",
    "InteractionType",
    "NotDelivered",
    "SentPayload",
    "Violation",
    "World",
    "shard_of",
]
