"""What every private answer-builder of an open prompt shares: restart-proof ids, the seat check, confirm.

Runewars' unit picker (``cogs.runewars_picker``) and Cloudspire's deploy-stack builder
(``cogs.cloudspire_builder``) both draw, for one seat, a message of menus and buttons that build an
answer to one open prompt. Nothing of it lives in memory: each component's custom id starts with
``prefix:op:game:seat:keyhash:fp`` (the prompt's key hash and a fingerprint of the candidates) and
carries the draft after that, so a half-built answer survives a restart like the prompt's buttons.

The checks live here once, so both builders refuse alike: a press on a prompt that was answered
meanwhile clears the menus and says so, a press by someone who does not hold the seat is refused
(``seat_refusal``), and the finished answer goes to ``Referee.choose`` like any button press, where
freshness and the rules are checked again and a broken answer is refused with its rule id.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from i18n import Names

from . import ids, lang
from .layout import find_prompt
from .prompts import referee_of
from .referee import RESOLVED_NOTHING_TO_DO, UserError, seat_refusal

STALE = RESOLVED_NOTHING_TO_DO  # as Referee._choose says it
BUTTON_ROW = 4  # the last row holds the buttons; the menus take the rows above
CORE = r":(?P<game>[0-9]{1,20}):(?P<seat>[0-9]{1,2}):(?P<keyhash>[0-9a-f]{8}):(?P<fp>[0-9a-f]{4})"


def template(prefix: str, ops: str, tail: str) -> str:
    """The ``DynamicItem`` template of a builder's components: ``prefix:op`` + the shared core + ``tail``.

    ``ops`` is the class of op letters the component answers to; ``tail`` matches the draft."""
    return rf"^{prefix}:(?P<op>[{ops}])" + CORE + tail + "$"


@dataclass(frozen=True)
class DraftRef:
    """Whose open prompt a builder component answers and which candidate list it was drawn for."""

    game: int
    seat: int
    keyhash: str
    fp: str

    def id_of(self, prefix: str, op: str, *draft: object) -> str:
        """The custom id ``prefix:op:game:seat:keyhash:fp[:draft…]``, checked against Discord's limit."""
        out = ":".join(str(part) for part in (prefix, op, self.game, self.seat, self.keyhash, self.fp, *draft))
        assert len(out) <= ids.MAX_CUSTOM_ID, out
        return out

    @staticmethod
    def core(match: re.Match[str]) -> tuple[int, int, str, str]:
        """The shared fields of a matched custom id (game, seat, keyhash, fp)."""
        return int(match["game"]), int(match["seat"]), match["keyhash"], match["fp"]

    def prompt_ref(self) -> ids.PromptRef:
        return ids.PromptRef(ids.OPTION, self.game, self.seat, self.keyhash, 0)


def menu(
    custom_id: str,
    placeholder: str,
    options: list[discord.SelectOption] | None,
    row: int | None,
    *,
    many: bool = False,
) -> discord.ui.Select[Any]:
    """A builder's select menu; ``many`` lets it pick any number of its options (none included).

    A component rebuilt from its custom id after a restart has no options yet: one placeholder option
    keeps discord.py's check happy until the callback redraws the message."""
    options = options or [discord.SelectOption(label="…", value="0")]
    extra: dict[str, Any] = {"min_values": 0, "max_values": len(options)} if many else {}
    return discord.ui.Select(custom_id=custom_id, placeholder=placeholder, options=options, row=row, **extra)


def button(custom_id: str, label: str, style: discord.ButtonStyle, disabled: bool) -> discord.ui.Button[Any]:
    """A builder's button, on the last row."""
    return discord.ui.Button(label=label, style=style, custom_id=custom_id, disabled=disabled, row=BUTTON_ROW)


def label_of(item: discord.ui.Item[Any]) -> str:
    """The label a restarted button had (the callback redraws it anyway)."""
    return getattr(item, "label", None) or "…"


def names_of(loaded: Any) -> Names:
    """The names a builder shows: the seats, then the game's content (its pack's, from its options)."""
    return lang.names_for(
        loaded.game.ruleset, {s.seat: s for s in loaded.seats if s.seat is not None}, loaded.game.options
    )


async def open_prompt(interaction: discord.Interaction, ref: DraftRef) -> tuple[Any, Any] | None:
    """The game and prompt a builder press is about, with the presser checked against the seat.

    None after answering a press on a prompt that is gone (its menus are cleared); a press by
    someone who does not hold the seat raises ``UserError`` and changes nothing."""
    referee = referee_of(interaction)
    loaded = await referee.store.load(ref.game)
    prompt = find_prompt(loaded.prompts, ref.seat, ref.keyhash)
    if prompt is None:
        await interaction.response.edit_message(view=None)
        await referee.send(interaction, STALE())
        return None
    refusal = seat_refusal(loaded, ref.seat, interaction.user.id)
    if refusal:
        raise UserError(refusal)
    return loaded, prompt


async def confirm_draft(
    interaction: discord.Interaction, ref: DraftRef, answer: Callable[[Any, Any], dict[str, Any]]
) -> None:
    """Hand a finished draft to the Referee: ``answer(loaded, prompt)`` turns it into the engine's
    action (or raises ``UserError``); the Referee checks seat and freshness again and applies it."""
    referee = referee_of(interaction)
    await referee.defer(interaction)

    async def action() -> dict[str, Any]:
        loaded = await referee.store.load(ref.game)
        prompt = find_prompt(loaded.prompts, ref.seat, ref.keyhash)
        if prompt is None:
            return {}  # the Referee answers "already resolved"
        refusal = seat_refusal(loaded, ref.seat, interaction.user.id)
        if refusal:
            raise UserError(refusal)
        return answer(loaded, prompt)

    chosen = await referee.guarded(interaction, action)
    if chosen is not None:
        await referee.choose(interaction, ref.prompt_ref(), action=chosen)
