"""Unit-by-unit picking for Runewars, as Discord components that survive restarts.

A prompt whose answer is a list of units (which units move, RW-10.7.2; which to destroy
over a limit, RW-6.8.2 / RW-10.9.2; Strategize steps, RW-18.1.1) keeps its ready-made
buttons. Its form button (the generic "Answer…") opens, only for the presser, a message
of select menus listing every candidate unit (``cogs.runewars_units``) and **Confirm**.

Nothing lives in memory: every component's custom id carries game, seat, the prompt key
hash, a fingerprint of the candidate list and the picks so far as a bitmask, so a
half-made choice survives a restart exactly like the prompt's buttons. Choosing in a menu
only redraws the message; **Confirm** hands the picked set to ``Referee.choose`` like any
button press, so the seat, the prompt's freshness and the rules are checked there and an
illegal pick is refused with the engine's rule id, changing nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import discord

from engine.core.text import Msg, message, plural_message
from i18n import EN, render

from . import ids, lang, text
from .prompt_components import STALE as STALE  # what a press on an answered prompt is told
from .prompt_components import (
    DraftRef,
    button,
    confirm_draft,
    label_of,
    menu,
    names_of,
    open_prompt,
    template,
)
from .prompts import referee_of, selected_values
from .referee import Referee, UserError
from .runewars_units import MAX_CANDIDATES, Picker, build_picker

PREFIX = "rwu"
SELECTS_PER_PAGE = 4  # the fifth row holds Confirm, Clear and the page buttons

# What the picker says (issue 10), in the presser's language.
HEAD = message("bot.rw.picker.head", "🎯 **Choose units** · {title} · your seat {seat} (only you see this)")
PICKED = message("bot.rw.picker.picked", "**Picked ({count}):** {summary}")
NOTHING_YET = message("bot.rw.picker.nothing_yet", "nothing yet")
HOW = message(
    "bot.rw.picker.how", "Nothing happens until you press **Confirm**; the referee then checks it (rule {rule})."
)
PAGES = message("bot.rw.picker.pages", "Page {page}/{pages}: ◀ ▶ show the other menus; picks are kept.")
CUT = message("bot.rw.picker.cut", "Only the first {max} candidates are listed.")
MENU_PART = message("bot.rw.picker.menu_part", "{title} ({first}–{last} of {total})")
PREVIOUS = message("bot.rw.picker.previous", "◀ Previous")
NEXT = message("bot.rw.picker.next", "Next ▶ ({page}/{pages})")
CLEAR_LABEL = message("bot.rw.picker.clear", "Clear")
NOT_UNIT_LIST = message("bot.rw.picker.not_unit_list", "This decision is not answered with a list of units.")
CHANGED_CLEARED = message(
    "bot.rw.picker.changed_cleared",
    "⚠️ The units on the board changed since this menu was drawn, so your picks were cleared.",
)
CHANGED = message(
    "bot.rw.picker.changed", "The units on the board changed since this menu was drawn; open it again from the prompt."
)
NONE_PICKABLE = message("bot.rw.picker.none", "None of your units can be picked for this; use the prompt's buttons.")
_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
_MASK_CHARS = (MAX_CANDIDATES + 5) // 6
_DRAFT = r":(?P<arg>[0-9]{1,3}):(?P<mask>[0-9A-Za-z_-]{0," + f"{_MASK_CHARS}" + "})"
SELECT_TEMPLATE = template(PREFIX, "s", _DRAFT)
BUTTON_TEMPLATE = template(PREFIX, "cgx", _DRAFT)
CONFIRM, PAGE, CLEAR, SELECT = "c", "g", "x", "s"


# ---- the picks in a custom id ----------------------------------------------------------------
def encode_mask(picked: Iterable[int]) -> str:
    """Candidate indexes as a base-64 bitmask ("" for none): 300 candidates fit in 50 characters."""
    n = sum(1 << i for i in set(picked) if 0 <= i < MAX_CANDIDATES)
    out = ""
    while n:
        n, r = divmod(n, 64)
        out = _ALPHABET[r] + out
    return out


def decode_mask(code: str) -> frozenset[int]:
    n = 0
    for ch in code:
        n = n * 64 + _ALPHABET.index(ch)
    return frozenset(i for i in range(n.bit_length()) if n >> i & 1)


@dataclass(frozen=True)
class PickRef(DraftRef):
    """What a picker component stands for: whose prompt, which candidate list, what is picked."""

    arg: int = 0
    picked: frozenset[int] = frozenset()

    def custom_id(self, op: str, arg: int | None = None, picked: Iterable[int] | None = None) -> str:
        mask = encode_mask(self.picked if picked is None else picked)
        return self.id_of(PREFIX, op, self.arg if arg is None else arg, mask)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PickRef:
        return cls(*DraftRef.core(match), int(match["arg"]), decode_mask(match["mask"]))


# ---- what the player sees ----------------------------------------------------------------------
CONFIRM_LABELS = {
    "rw_move": plural_message("bot.rw.picker.confirm.move", "Confirm: move {n} unit", "Confirm: move {n} units"),
    "rw_destroy": plural_message(
        "bot.rw.picker.confirm.destroy", "Confirm: destroy {n} unit", "Confirm: destroy {n} units"
    ),
    "rw_strategize": plural_message("bot.rw.picker.confirm.strategize", "Confirm: {n} step", "Confirm: {n} steps"),
}
CONFIRM_ANY = message("bot.rw.picker.confirm.any", "Confirm: {n} picked")


def page_count(picker: Picker) -> int:
    return max(1, -(-len(picker.parts()) // SELECTS_PER_PAGE))


def picker_content(
    picker: Picker,
    question: str,
    rule: str,
    title: lang.Text,
    pick: PickRef,
    page: int,
    note: Msg | None = None,
    locale: str = EN,
) -> str:
    """The text above the menus (in ``locale``): the question, what is picked so far and how to finish."""
    picked = sorted(pick.picked)
    lines = [render(HEAD(title=title, seat=pick.seat + 1), locale), question]
    if note is not None:
        lines.append(render(note, locale))
    summary = picker.summary(picked) or render(NOTHING_YET(), locale)
    lines.append(render(PICKED(count=len(picked), summary=text.truncate(summary, 1200)), locale))
    pages = page_count(picker)
    how = [render(HOW(rule=rule), locale)]
    if pages > 1:
        how.append(render(PAGES(page=page + 1, pages=pages), locale))
    if picker.truncated:
        how.append(render(CUT(max=MAX_CANDIDATES), locale))
    lines.append((" " if locale == EN else "").join(how))
    return text.truncate("\n".join(lines), text.MAX_CONTENT)


def _placeholder(title: str, indexes: list[int], picker: Picker, locale: str = EN) -> str:
    members = [i for i, c in enumerate(picker.candidates) if c.group == title]
    if len(members) <= len(indexes):
        return text.truncate(f"{title} ({len(members)})", 150)
    first, last = members.index(indexes[0]) + 1, members.index(indexes[-1]) + 1
    return text.truncate(render(MENU_PART(title=title, first=first, last=last, total=len(members)), locale), 150)


def picker_items(picker: Picker, pick: PickRef, page: int, locale: str = EN) -> list[discord.ui.Item[Any]]:
    """Up to four menus of candidates (values = candidate indexes), then the button row."""
    parts = picker.parts()
    pages = page_count(picker)
    page = max(0, min(page, pages - 1))
    items: list[discord.ui.Item[Any]] = []
    for row, (number, (title, indexes)) in enumerate(
        list(enumerate(parts))[page * SELECTS_PER_PAGE :][:SELECTS_PER_PAGE]
    ):
        options = [
            discord.SelectOption(label=picker.candidates[i].label, value=str(i), default=i in pick.picked)
            for i in indexes
        ]
        items.append(PickSelect(pick, number, _placeholder(title, indexes, picker, locale), options, row=row))
    if pages > 1:
        previous = render(PREVIOUS(), locale)
        items.append(PickButton(pick, PAGE, max(page - 1, 0), previous, disabled=page == 0))
        following = render(NEXT(page=page + 1, pages=pages), locale)
        items.append(PickButton(pick, PAGE, min(page + 1, pages - 1), following, disabled=page >= pages - 1))
    label = render(CONFIRM_LABELS.get(picker.kind, CONFIRM_ANY)(n=len(pick.picked)), locale)
    items.append(PickButton(pick, CONFIRM, page, label, discord.ButtonStyle.success))
    items.append(PickButton(pick, CLEAR, page, render(CLEAR_LABEL(), locale), disabled=not pick.picked))
    return items


def picker_view(picker: Picker, pick: PickRef, page: int, locale: str = EN) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in picker_items(picker, pick, page, locale):
        view.add_item(item)
    return view


# ---- components --------------------------------------------------------------------------------


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    """One menu of candidates; choosing redraws the picker with the new picks."""

    def __init__(
        self,
        pick: PickRef,
        part: int,
        placeholder: str = "…",
        options: list[discord.SelectOption] | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(menu(pick.custom_id(SELECT, part), placeholder, options, row, many=True), row=row)
        self.pick, self.part = pick, part

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickSelect:
        pick = PickRef.from_match(match)
        return cls(pick, pick.arg)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        await referee_of(interaction).guarded(
            interaction, lambda: choose_in_menu(interaction, self.pick, self.part, values)
        )


class PickButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    """Confirm the picks, clear them, or show another page of menus."""

    def __init__(
        self,
        pick: PickRef,
        op: str,
        arg: int = 0,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        picked = frozenset() if op == CLEAR else pick.picked
        item = button(pick.custom_id(op, arg, picked), label, style, disabled)
        super().__init__(item, row=item.row)
        self.pick, self.op, self.arg = pick, op, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickButton:
        pick = PickRef.from_match(match)
        return cls(pick, match["op"], pick.arg, label_of(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        referee = referee_of(interaction)
        if self.op == CONFIRM:
            await confirm(interaction, self.pick)
        elif self.op == CLEAR:
            await referee.guarded(
                interaction, lambda: redraw(interaction, replace(self.pick, picked=frozenset()), self.arg)
            )
        else:
            await referee.guarded(interaction, lambda: redraw(interaction, self.pick, self.arg))


# ---- callbacks ---------------------------------------------------------------------------------


async def _current(interaction: discord.Interaction, pick: PickRef) -> tuple[Any, Any, Picker] | None:
    """The game, prompt and picker a menu press is about; None after answering a stale press."""
    current = await open_prompt(interaction, pick)
    if current is None:
        return None
    loaded, prompt = current
    picker = build_picker(prompt, await referee_of(interaction).locale(interaction), names_of(loaded))
    if picker is None:
        raise UserError(NOT_UNIT_LIST())
    return loaded, prompt, picker


async def redraw(interaction: discord.Interaction, pick: PickRef, page: int) -> None:
    """Draw the picker again (another page, or the picks cleared) by editing the message."""
    current = await _current(interaction, pick)
    if current is not None:
        await _draw(interaction, pick, set(pick.picked), page, current)


async def choose_in_menu(interaction: discord.Interaction, pick: PickRef, part: int, values: list[str]) -> None:
    """A menu's picks replace that menu's share of the picks; the other menus' picks stay."""
    current = await _current(interaction, pick)
    if current is None:
        return
    parts = current[2].parts()
    members = set(parts[part][1]) if 0 <= part < len(parts) else set()
    chosen = {int(v) for v in values if v.isdigit() and int(v) in members}
    await _draw(interaction, pick, (set(pick.picked) - members) | chosen, part // SELECTS_PER_PAGE, current)


async def _draw(
    interaction: discord.Interaction, pick: PickRef, picked: set[int], page: int, current: tuple[Any, Any, Picker]
) -> None:
    """Answer the press by editing the picker; picks made for another candidate list are dropped."""
    loaded, prompt, picker = current
    note: Msg | None = None
    if picker.fingerprint != pick.fp:
        picked, note = set(), CHANGED_CLEARED()
    pick = replace(pick, fp=picker.fingerprint, picked=frozenset(i for i in picked if i < len(picker.candidates)))
    page = max(0, min(page, page_count(picker) - 1))
    locale = await referee_of(interaction).locale(interaction)
    question = lang.localize_prompt(prompt, locale, names_of(loaded)).question
    content = picker_content(picker, question, prompt.rule, _title(loaded), pick, page, note, locale)
    await interaction.response.edit_message(content=content, view=picker_view(picker, pick, page, locale))


async def confirm(interaction: discord.Interaction, pick: PickRef) -> None:
    """Hand the picked set to the Referee: it checks seat and freshness and applies it."""

    def answer(loaded: Any, prompt: Any) -> dict[str, Any]:
        picker = build_picker(prompt)  # the fingerprint and the action do not depend on the language
        if picker is None or picker.fingerprint != pick.fp:
            raise UserError(CHANGED())
        return picker.action(pick.picked)

    await confirm_draft(interaction, pick, answer)


def _title(loaded: Any) -> lang.Text:
    return Referee.title(loaded.game)


async def open_picker(interaction: discord.Interaction, ref: ids.PromptRef, prompt: Any, loaded: Any) -> bool:
    """The form builder for Runewars: a unit-list prompt gets the picker instead of a JSON form.

    ``Referee.open_form`` has already checked the seat and that the prompt is open."""
    locale = await referee_of(interaction).locale(interaction)
    names = names_of(loaded)
    picker = build_picker(prompt, locale, names)
    if picker is None:
        return False
    ephemeral = interaction.guild_id is not None  # in a DM the reply is private anyway
    if not picker.candidates:
        await interaction.response.send_message(render(NONE_PICKABLE(), locale), ephemeral=ephemeral)
        return True
    pick = PickRef(ref.game, ref.seat, ref.keyhash, picker.fingerprint)
    question = lang.localize_prompt(prompt, locale, names).question
    content = picker_content(picker, question, prompt.rule, _title(loaded), pick, 0, locale=locale)
    await interaction.response.send_message(content, view=picker_view(picker, pick, 0, locale), ephemeral=ephemeral)
    return True


DYNAMIC_ITEMS = (PickSelect, PickButton)
