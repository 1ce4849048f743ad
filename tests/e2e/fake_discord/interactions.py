"""Interaction bookkeeping: what the emulator sent, how and when the bot answered."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .models import FakeMessage, FakeUser

if TYPE_CHECKING:  # pragma: no cover
    from .core import FakeDiscordCore


class InteractionType:
    PING = 1
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class CallbackType:
    PONG = 1
    CHANNEL_MESSAGE = 4
    DEFERRED_CHANNEL_MESSAGE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    AUTOCOMPLETE_RESULT = 8
    MODAL = 9


ALLOWED_CALLBACKS = {
    InteractionType.APPLICATION_COMMAND: {4, 5, 9},
    InteractionType.MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    InteractionType.AUTOCOMPLETE: {8},
    InteractionType.MODAL_SUBMIT: {4, 5, 6, 7},  # 6/7 only when the modal came from a component
}


class NotDelivered(AssertionError):
    """The interaction reached no bot process: its guild's shard (a DM's: shard 0) had no live
    gateway session. An ``AssertionError`` like a missed deadline: the user saw it fail."""


@dataclass(eq=False)
class FakeInteraction:
    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    message_id: int | None = None  # component / modal-from-component interactions
    name: str = ""  # command path or custom_id, for messages
    dispatched_at: float | None = None  # time.monotonic()
    acked_at: float | None = None
    callback_type: int | None = None
    callback_body: Any = None
    expired: bool = False
    undelivered: bool = False  # no live gateway session served its shard: the bot never saw it
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    ephemeral: bool = False
    deadline_handle: asyncio.TimerHandle | None = None
    callback_attempts: int = 0

    @property
    def acked(self) -> bool:
        return self.callback_type is not None

    @property
    def ack_latency(self) -> float | None:
        if self.acked_at is None or self.dispatched_at is None:
            return None
        return self.acked_at - self.dispatched_at


@dataclass
class InteractionResult:
    """What the user ends up seeing for one interaction."""

    type: int  # callback type (see CallbackType)
    latency: float  # seconds from dispatch to callback
    message: FakeMessage | None  # original response / updated component message
    followups: list[FakeMessage]
    modal: dict[str, Any] | None
    choices: list[dict[str, Any]] | None
    ephemeral: bool

    @property
    def deferred(self) -> bool:
        return self.type in (CallbackType.DEFERRED_CHANNEL_MESSAGE, CallbackType.DEFERRED_UPDATE_MESSAGE)

    @property
    def content(self) -> str:
        return self.message.content if self.message is not None else ""

    @property
    def messages(self) -> list[FakeMessage]:
        out = [self.message] if self.message is not None else []
        return out + [m for m in self.followups if m is not self.message]

    @property
    def text(self) -> str:
        return "\n".join(m.text for m in self.messages)


class InteractionHandle:
    """Returned by ``FakeDiscord.slash/press/select/submit_modal/autocomplete``."""

    def __init__(self, fake: FakeDiscordCore, inter: FakeInteraction):
        self._fake = fake
        self.interaction = inter

    # plain attributes --------------------------------------------------------
    @property
    def id(self) -> int:
        return self.interaction.id

    @property
    def token(self) -> str:
        return self.interaction.token

    @property
    def payload(self) -> dict[str, Any]:
        return self.interaction.payload

    @property
    def acked(self) -> bool:
        return self.interaction.acked

    @property
    def expired(self) -> bool:
        return self.interaction.expired

    @property
    def delivered(self) -> bool:
        """False when no gateway session served the interaction's shard, so the bot never got it."""
        return not self.interaction.undelivered

    @property
    def callback_type(self) -> int | None:
        return self.interaction.callback_type

    @property
    def ack_latency(self) -> float | None:
        return self.interaction.ack_latency

    @property
    def original(self) -> FakeMessage | None:
        mid = self.interaction.original_message_id
        return self._fake._messages.get(mid) if mid else None

    @property
    def followups(self) -> list[FakeMessage]:
        return [self._fake._messages[m] for m in self.interaction.followup_ids if m in self._fake._messages]

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.interaction.modal

    @property
    def component_message(self) -> FakeMessage | None:
        mid = self.interaction.message_id
        return self._fake._messages.get(mid) if mid else None

    # waiting -----------------------------------------------------------------
    async def acknowledged(self, timeout: float = 5.0) -> int:
        """Wait for the interaction callback; returns the callback type."""
        inter = self.interaction
        if inter.undelivered:
            raise NotDelivered(
                f"interaction {inter.name!r} reached no bot: no live gateway session serves its shard "
                "(Discord would show 'This interaction failed')"
            )
        await self._fake._wait_until(
            lambda: inter.acked or inter.expired, timeout, f"callback for interaction {inter.name!r}"
        )
        if not inter.acked:
            raise AssertionError(
                f"interaction {inter.name!r} was not acknowledged within {self._fake.ack_deadline}s "
                "(Discord would show 'This interaction failed')"
            )
        assert inter.callback_type is not None, "acked means the callback type was recorded"
        return inter.callback_type

    async def response(self, timeout: float = 5.0) -> InteractionResult:
        """Wait for the callback and, for deferrals, for the edited original or a follow-up."""
        inter = self.interaction
        start = time.monotonic()
        await self.acknowledged(timeout)
        remaining = max(0.1, timeout - (time.monotonic() - start))
        ctype = inter.callback_type
        if ctype == CallbackType.DEFERRED_CHANNEL_MESSAGE:
            await self._fake._wait_until(
                lambda: (self.original is not None and not self.original.loading) or bool(inter.followup_ids),
                remaining,
                f"deferred response to {inter.name!r} to be completed (edit_original_response or followup)",
            )
        elif ctype == CallbackType.DEFERRED_UPDATE_MESSAGE:
            msg = self.component_message
            edits_before = msg.edits if msg is not None else 0
            await self._fake._wait_until(
                lambda: (
                    bool(inter.followup_ids)
                    or inter.original_message_id is not None
                    or (self.component_message is not None and self.component_message.edits > edits_before)
                ),
                remaining,
                f"deferred update of {inter.name!r} to be completed (edit or followup)",
            )
        return self.result()

    def result(self) -> InteractionResult:
        inter = self.interaction
        ctype = inter.callback_type or 0
        if ctype in (CallbackType.UPDATE_MESSAGE, CallbackType.DEFERRED_UPDATE_MESSAGE):
            message = self.original or self.component_message
        else:
            message = self.original
        return InteractionResult(
            type=ctype,
            latency=inter.ack_latency or 0.0,
            message=message,
            followups=self.followups,
            modal=inter.modal,
            choices=inter.choices,
            ephemeral=inter.ephemeral,
        )

    async def followup(self, n: int = 1, timeout: float = 5.0) -> FakeMessage:
        """Wait until at least ``n`` follow-ups exist and return the n-th (1-based)."""
        inter = self.interaction
        await self._fake._wait_until(
            lambda: len(inter.followup_ids) >= n, timeout, f"follow-up #{n} for {inter.name!r}"
        )
        return self.followups[n - 1]

    def __repr__(self) -> str:
        i = self.interaction
        return f"<InteractionHandle {i.name!r} type={i.type} acked={i.callback_type} latency={i.ack_latency}>"
