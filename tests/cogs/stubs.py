"""Small stand-ins for ``discord.Interaction`` and the client, for calling cog callbacks directly.

Only what the cogs touch is modelled: ``response`` (defer, send_message, send_modal,
edit_message, is_done), ``followup.send``, ``user``, ``guild_id``, ``channel_id``,
``permissions``, ``namespace``, ``data``, ``message`` and ``client``. Every reply is
recorded on the interaction (``replies``); every channel post and DM on the client.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, cast

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

_ids = itertools.count(10_000)


@dataclass
class Sent:
    content: str
    ephemeral: bool = False
    view: Any = None
    kind: str = "message"
    id: int = 0
    edits: int = 0

    @property
    def custom_ids(self) -> list[str]:
        if self.view is None:
            return []
        return [cid for child in self.view.children if (cid := getattr(child, "custom_id", None))]


class StubResponse:
    def __init__(self, owner: StubInteraction) -> None:
        self.owner = owner
        self._done = False
        self.deferred: dict[str, Any] | None = None
        self.modal: Any = None

    def is_done(self) -> bool:
        return self._done

    def _ack(self) -> None:
        if self._done:
            raise AssertionError("interaction acknowledged twice")
        self._done = True

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._ack()
        self.deferred = {"ephemeral": ephemeral, "thinking": thinking}

    async def send_message(
        self, content: str | None = None, *, ephemeral: bool = False, view: Any = None, **_: Any
    ) -> None:
        self._ack()
        self.owner.replies.append(Sent(content or "", ephemeral, view, "response"))

    async def send_modal(self, modal: Any) -> None:
        self._ack()
        self.modal = modal

    async def edit_message(self, *, content: str | None = None, view: Any = None, **_: Any) -> None:
        self._ack()
        self.owner.replies.append(Sent(content or "", False, view, "edit"))


class StubFollowup:
    def __init__(self, owner: StubInteraction) -> None:
        self.owner = owner

    async def send(self, content: str | None = None, *, ephemeral: bool = False, view: Any = None, **_: Any) -> None:
        if not self.owner.response.is_done():
            raise AssertionError("a follow-up before the interaction was acknowledged")
        self.owner.replies.append(Sent(content or "", ephemeral, view, "followup"))


# The cogs are typed against discord.py's classes. To the type checker alone, the stubs below are
# subclasses of those, so tests pass them to cog code as they are; at run time they are plain
# objects with only the members the cogs use (see the module docstring).
if TYPE_CHECKING:
    _UserBase = discord.User
    _InteractionBase = discord.Interaction[Any]
else:
    _UserBase = _InteractionBase = object


@dataclass
class StubUser(_UserBase):
    id: int
    roles: list[Any] = field(default_factory=list)
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


class StubInteraction(_InteractionBase):
    """One interaction by ``user``; ``admin=True`` gives it Manage Server in the channel."""

    # Members a test reads back or sets, where the stub's type differs from discord.Interaction's.
    client: StubClient
    user: StubUser
    channel_id: int | None  # read-only properties on discord.Interaction
    permissions: discord.Permissions
    namespace: SimpleNamespace  # type: ignore[assignment]  # the cogs only read option values off it
    data: dict[str, Any]  # type: ignore[assignment]  # raw interaction data, as discord.py keeps it
    response: StubResponse  # type: ignore[assignment]  # records the reply instead of sending it
    followup: StubFollowup  # type: ignore[assignment]  # records follow-ups instead of sending them

    def __init__(
        self,
        client: StubClient,
        user: StubUser | int,
        *,
        guild_id: int | None = 77,
        channel_id: int | None = None,
        admin: bool = False,
        namespace: dict[str, Any] | None = None,
        data: dict[str, Any] | None = None,
        message: Any = None,
    ) -> None:
        self.id = next(_ids)
        self.client = client
        self.user = user if isinstance(user, StubUser) else StubUser(int(user))
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.permissions = discord.Permissions(manage_guild=True) if admin else discord.Permissions.none()
        self.namespace = SimpleNamespace(**(namespace or {}))
        self.data = data or {}
        self.message = message
        self.channel = None
        self.command = None
        self.type = discord.InteractionType.application_command
        self.replies: list[Sent] = []
        self.response = StubResponse(self)
        self.followup = StubFollowup(self)

    @property
    def text(self) -> str:
        return "\n".join(r.content for r in self.replies)


class StubChannel:
    def __init__(self, client: StubClient, channel_id: int, *, dm_user: int | None = None) -> None:
        self.client = client
        self.id = channel_id
        self.dm_user = dm_user

    async def send(
        self, content: str | None = None, *, view: Any = None, embeds: list[Any] | None = None, **_: Any
    ) -> Any:
        if self.dm_user is not None and self.dm_user in self.client.closed_dms:
            raise discord.Forbidden(
                cast(aiohttp.ClientResponse, SimpleNamespace(status=403, reason="Forbidden")),  # reads only these two
                {"code": 50007, "message": "Cannot send messages to this user"},
            )
        message_id = next(_ids)
        sent = Sent(_text(content, embeds), False, view, "dm" if self.dm_user is not None else "post", message_id)
        self.client.messages[message_id] = sent
        if self.dm_user is not None:
            self.client.dms.setdefault(self.dm_user, []).append(sent)
        else:
            self.client.posts.setdefault(self.id, []).append(sent)
        return SimpleNamespace(id=message_id, content=content, flags=SimpleNamespace(ephemeral=False))

    def get_partial_message(self, message_id: int) -> StubMessage:
        return StubMessage(self.client, message_id)


def _text(content: str | None, embeds: list[Any] | None) -> str:
    """What a reader sees of a message: its content, then its embeds' descriptions (the running log)."""
    parts = [content or ""] + [str(e.description or "") for e in embeds or []]
    return "\n".join(p for p in parts if p)


_MISSING: Any = object()


class StubMessage:
    """A message of the bot, edited by id (``PartialMessage.edit``): the recorded ``Sent`` changes in place."""

    def __init__(self, client: StubClient, message_id: int) -> None:
        self.client = client
        self.id = message_id

    async def edit(self, *, content: Any = _MISSING, embeds: Any = _MISSING, view: Any = _MISSING, **_: Any) -> Any:
        sent = self.client.messages.get(self.id)
        if sent is None:
            raise discord.NotFound(
                cast(aiohttp.ClientResponse, SimpleNamespace(status=404, reason="Not Found")),
                {"code": 10008, "message": "Unknown Message"},
            )
        if content is not _MISSING or embeds is not _MISSING:
            sent.content = _text(None if content is _MISSING else content, None if embeds is _MISSING else embeds)
        if view is not _MISSING:
            sent.view = view
        sent.edits += 1
        self.client.edited.append(sent)
        return SimpleNamespace(id=self.id, content=sent.content, flags=SimpleNamespace(ephemeral=False))


class StubClient:
    """Records thread posts (by channel id) and DMs (by user id)."""

    def __init__(self) -> None:
        self.posts: dict[int, list[Sent]] = {}
        self.dms: dict[int, list[Sent]] = {}
        self.messages: dict[int, Sent] = {}  # every post and DM by message id, as last edited
        self.edited: list[Sent] = []  # each edit, in order (the message as it reads after it)
        self.closed_dms: set[int] = set()
        self.dynamic_items: set[type[discord.ui.DynamicItem[Any]]] = set()
        self.referee: Any = None
        self.user = SimpleNamespace(id=999)
        self.threads: list[str] = []
        self.http = SimpleNamespace(start_thread_without_message=self._start_thread)

    async def _start_thread(self, channel_id: int, *, name: str, **_: Any) -> dict[str, Any]:
        self.threads.append(name)
        return {"id": str(next(_ids))}

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> StubChannel:
        return StubChannel(self, channel_id)

    async def create_dm(self, user: Any) -> StubChannel:
        return StubChannel(self, 1_000_000 + user.id, dm_user=user.id)

    def get_guild(self, guild_id: int) -> Any:
        return None

    def get_user(self, user_id: int) -> Any:
        """Users named as Discord would cache them (``player<id>``), for the board's player names."""
        return SimpleNamespace(id=user_id, name=f"player{user_id}", display_name=f"player{user_id}")

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Where a cog registers its persistent buttons; tests build and press those directly."""
        self.dynamic_items.update(items)

    def all_posts(self) -> list[str]:
        return [s.content for sents in self.posts.values() for s in sents]


async def open_referee(path: str) -> tuple[Any, StubClient, Any]:
    """A real store and ``Referee`` wired to a ``StubClient``: a table without Discord.

    Returns (store, client, referee); the caller closes the store.
    """
    from cogs.referee import Referee
    from store import GameStore

    store = await GameStore.open(path)
    client = StubClient()
    referee = Referee(as_client(client), store)
    client.referee = referee
    return store, client, referee


def as_client(client: StubClient) -> discord.Client:
    """The stub client where cog code expects a ``discord.Client``: it models only what the cogs
    call (posts, DMs, threads), so the conversion is a cast, made here once."""
    return cast(discord.Client, client)


CogT = TypeVar("CogT", bound=app_commands.Group | commands.Cog)
P = ParamSpec("P")
T = TypeVar("T")


async def invoke(
    command: app_commands.Command[CogT, P, T],
    cog: CogT,
    interaction: discord.Interaction[Any],
    /,
    *args: P.args,
    **kwargs: P.kwargs,
) -> T:
    """Run a slash command's callback as discord.py does once it has parsed the options.

    ``Command.callback`` is typed as a union of the bound and the unbound form; a command of a
    cog is always the bound one, which takes the cog first. The options stay type-checked
    against the command's own parameters.
    """
    callback = cast(Callable[Concatenate[CogT, discord.Interaction[Any], P], Coroutine[Any, Any, T]], command.callback)
    return await callback(cog, interaction, *args, **kwargs)
