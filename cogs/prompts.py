"""Prompts as Discord components that survive restarts.

Every component is a ``DynamicItem``: its custom id carries game, seat, a hash of
the prompt key and the option index (see ``cogs.ids``), so no in-memory view has to
exist when it is pressed; discord.py routes the press by regex template. Callbacks
hand straight over to the ``Referee`` (``client.referee``), which checks the seat,
the prompt's freshness and applies the action; nothing game-specific lives here.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from engine.core import Prompt
from engine.core.text import message
from i18n import EN, render

from . import ids
from .layout import ButtonSpec, FieldSpec, Layout, SelectSpec, form_for, layout_prompt

if TYPE_CHECKING:  # pragma: no cover
    from .referee import Referee

log = logging.getLogger(__name__)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def frozen_view(items: list[discord.ui.Item[Any]]) -> discord.ui.View | None:
    """A View whose components are all DynamicItems: stopped, so discord.py does not keep
    a copy per message in memory; presses are routed by the registered templates."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def selected_values(interaction: discord.Interaction) -> list[str]:
    """The values a select menu submitted (the interaction payload is a loosely typed dict)."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(v) for v in data.get("values") or []]


def referee_of(interaction: discord.Interaction) -> Referee:
    """The bot's referee, where ``bot.py`` keeps it for every component and command."""
    return interaction.client.referee  # type: ignore[attr-defined]


def _ref(match: re.Match[str]) -> ids.PromptRef:
    return ids.PromptRef(match["kind"], int(match["game"]), int(match["seat"]), match["keyhash"], int(match["arg"]))


class OptionButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.prompt_template(ids.OPTION)):
    """One option of an enumerable prompt; pressing it applies that option's action."""

    def __init__(
        self,
        ref: ids.PromptRef,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        disabled: bool = False,
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=ref.encode(), disabled=disabled))
        self.ref = ref
        self.shown: str | None = None  # the label on the pressed message (set when built from a press)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionButton:
        button = cls(_ref(match), getattr(item, "label", None) or "…")
        button.shown = getattr(item, "label", None)
        return button

    async def callback(self, interaction: discord.Interaction) -> None:
        await referee_of(interaction).choose(interaction, self.ref, index=self.ref.arg, shown=self.shown)


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.prompt_template(ids.SELECT)):
    """A menu of up to 25 options; the selected value is the option's index in the prompt."""

    def __init__(
        self, ref: ids.PromptRef, placeholder: str = "Choose", options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ref.encode(),
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="…", value="0")],
                min_values=1,
                max_values=1,
            )
        )
        self.ref = ref
        self.shown: dict[str, str] = {}  # value -> label of the pressed message's entries

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionSelect:
        select = cls(_ref(match))
        select.shown = {str(o.value): str(o.label) for o in getattr(item, "options", None) or []}
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        index = int(values[0]) if len(values) == 1 and str(values[0]).isdigit() else -1
        shown = self.shown.get(str(values[0])) if len(values) == 1 else None
        await referee_of(interaction).choose(interaction, self.ref, index=index, shown=shown)


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.prompt_template(ids.PAGE)):
    """Shows another page of a long prompt by editing the message in place."""

    def __init__(self, ref: ids.PromptRef, label: str = "…", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=ref.encode(), disabled=disabled
            )
        )
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(_ref(match), getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await referee_of(interaction).turn_page(interaction, self.ref)


class FormButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.prompt_template(ids.FORM)):
    """Opens the modal of a structured prompt (a modal must be the first response: no defer)."""

    def __init__(self, ref: ids.PromptRef, label: str = "Answer…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=ref.encode()))
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FormButton:
        return cls(_ref(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await referee_of(interaction).open_form(interaction, self.ref)


JOIN = message("bot.button.join", "Join")
START = message("bot.button.start", "Start")
OPEN_PANEL = message("bot.button.open_panel", "Open my private panel")


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.game_template(ids.JOIN)):
    def __init__(self, game_id: int, locale: str = EN) -> None:
        super().__init__(
            discord.ui.Button(
                label=render(JOIN(), locale),
                style=discord.ButtonStyle.success,
                custom_id=ids.encode_game(ids.JOIN, game_id),
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> JoinButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await referee_of(interaction).join(interaction, self.game_id, None)


class StartButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.game_template(ids.START)):
    def __init__(self, game_id: int, locale: str = EN) -> None:
        super().__init__(
            discord.ui.Button(
                label=render(START(), locale),
                style=discord.ButtonStyle.primary,
                custom_id=ids.encode_game(ids.START, game_id),
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StartButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await referee_of(interaction).start(interaction, self.game_id)


class PanelButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.game_template(ids.PANEL)):
    """Opens the presser's own ephemeral private panel: the universal fallback for closed DMs."""

    def __init__(self, game_id: int, locale: str = EN) -> None:
        super().__init__(
            discord.ui.Button(
                label=render(OPEN_PANEL(), locale),
                emoji="🔒",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.encode_game(ids.PANEL, game_id),
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PanelButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await referee_of(interaction).panel(interaction, self.game_id)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    OptionButton,
    OptionSelect,
    PageButton,
    FormButton,
    JoinButton,
    StartButton,
    PanelButton,
)


def items_for(layout: Layout) -> list[discord.ui.Item[Any]]:
    """DynamicItems for a layout, with rows fixed so the layout's grouping is kept."""
    out: list[discord.ui.Item[Any]] = []
    for row_index, row in enumerate(layout.rows):
        for spec in row:
            ref = ids.decode_prompt(spec.custom_id)
            assert ref is not None
            item: discord.ui.DynamicItem[Any]
            if isinstance(spec, SelectSpec):
                item = OptionSelect(
                    ref,
                    spec.placeholder,
                    [
                        discord.SelectOption(label=o.label, value=o.value, description=o.description)
                        for o in spec.options
                    ],
                )
            elif isinstance(spec, ButtonSpec) and ref.kind == ids.OPTION:
                item = OptionButton(ref, spec.label, STYLES[spec.style], spec.disabled)
            elif isinstance(spec, ButtonSpec) and ref.kind == ids.PAGE:
                item = PageButton(ref, spec.label, spec.disabled)
            else:
                item = FormButton(ref, spec.label)
            item.row = row_index
            out.append(item)
    return out


def view_for(game_id: int, prompt: Prompt, page: int = 0) -> discord.ui.View | None:
    return frozen_view(items_for(layout_prompt(game_id, prompt, page)))


class PromptModal(discord.ui.Modal):
    """The form of a structured prompt.

    Its submission is handled by ``Referee.on_interaction`` by custom id, not by this
    object, so a form opened before a restart can still be submitted after it.
    """

    def __init__(self, ref: ids.PromptRef, title: str, fields: tuple[FieldSpec, ...]) -> None:
        super().__init__(
            title=title[:45],
            timeout=900,
            custom_id=ids.encode_prompt(ids.FORM_SUBMIT, ref.game, ref.seat, ref.keyhash, 0),
        )
        for spec in fields[:5]:
            self.add_item(
                discord.ui.TextInput(
                    label=spec.label[:45],
                    custom_id=spec.name or "answer",
                    required=spec.required,
                    placeholder=spec.placeholder[:100] if spec.placeholder else None,
                    style=discord.TextStyle.paragraph if spec.kind == "json" else discord.TextStyle.short,
                    max_length=4000,
                )
            )

    async def on_submit(self, interaction: discord.Interaction, /) -> None:  # handled by custom id
        return None


def modal_for(ref: ids.PromptRef, prompt: Prompt, locale: str = EN) -> PromptModal:
    """The form of ``prompt`` (give the reader's ``lang.localize_prompt`` copy) in ``locale``."""
    form = form_for(prompt.answer_schema or {}, locale)
    return PromptModal(ref, prompt.question, form.fields)


def submitted_values(data: dict[str, Any]) -> dict[str, str]:
    """Text input values of a modal submit payload, by custom id (rows or labelled components)."""
    out: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "custom_id" in node and "value" in node:
                out[str(node["custom_id"])] = str(node.get("value") or "")
            for key in ("components", "component"):
                if key in node:
                    walk(node[key])
        elif isinstance(node, list):
            for sub in node:
                walk(sub)

    walk(data.get("components") or [])
    return out
