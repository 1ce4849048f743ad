"""``/ah``: the little Age of Heroes needs that the generic table cannot meet.

* **The offer builder.** A Market Day trade prompt (sent by DM) has a **Make an offer…**
  button. Instead of the generic JSON form it opens a private message of select menus:
  whom to trade with, which of your cards you give, which cards you ask for, then
  **Send offer**. The draft lives in the components' custom ids (``ahb:…``), so a half
  built offer survives a restart like every other button. Sending hands the offer to the
  ``Referee`` exactly like a button press: the engine decides whether it is legal.
* **Counter-offers.** Next to **Accept #n** / **Decline #n** the recipient of an offer gets
  a **Counter #n…** button (``ahc:…``, registered as the referee's ``prompt_extras``). It
  opens the same builder pre-filled with the reverse deal and sends the engine's
  ``trade_counter`` action (P-06): the original offer is declined and the counter goes
  back to whoever made it, recorded with ``counter_of``.
* ``/ah offer``: the same offer typed, with autocomplete, for players who prefer it.
* ``/ah card``: the rules text of a card, event or item.

Nothing here decides a rule; the deal's contents only ever go to the two seats (the
engine's events and the recipient's DM prompt), never to the thread. Everything a
player is shown here (builder menus, counter pre-fills, autocomplete choices) is built
from that seat's own ``view`` or from public content, never from the raw state, so no
other seat's hand or hidden battle card can reach a response even by a bug here.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes import (
    REGULAR,
    card_kind,
    card_kinds,
    card_list,
    card_name,
    card_rules,
    tradable_kinds,
)
from engine.core import Prompt
from store import StoreError

from . import ids, text
from .layout import ButtonSpec, Layout
from .prompts import selected_values
from .referee import Referee, UserError
from .table import game_autocomplete

log = logging.getLogger(__name__)

RULESET = "ageofheroes"
PREFIX = "ahb"
COUNTER_PREFIX = "ahc"
MAX_GOODS = 24  # letters per side in a custom id: far more cards than a hand holds
SELECT_OPS = ("to", "gv", "gt")
BUTTON_OPS = ("go", "x")
# ``to`` may carry ``c<offer>``: the draft is a counter to that offer (P-06).
_CORE = (
    r":(?P<game>[0-9]{1,20}):(?P<seat>[0-9]{1,2}):(?P<to>[0-9]{1,2}|n)(?:c(?P<counter>[0-9]{1,10}))?"
    r":(?P<give>[a-z]{0,30}):(?P<get>[a-z]{0,30})$"
)
SELECT_TEMPLATE = rf"^{PREFIX}:(?P<op>{'|'.join(SELECT_OPS)})" + _CORE
BUTTON_TEMPLATE = rf"^{PREFIX}:(?P<op>{'|'.join(BUTTON_OPS)})" + _CORE
COUNTER_TEMPLATE = rf"^{COUNTER_PREFIX}:(?P<game>[0-9]{{1,20}}):(?P<seat>[0-9]{{1,2}}):(?P<offer>[0-9]{{1,10}})$"
MAX_ROWS, ROW_WIDTH = 5, 5  # Discord: five rows of five buttons per message


# ---- the draft, as plain data -------------------------------------------------------
def encode_goods(kinds: list[str], alphabet: list[str]) -> str:
    letters = sorted(chr(ord("a") + alphabet.index(k)) for k in kinds if k in alphabet)
    return "".join(letters)[:MAX_GOODS]


def decode_goods(code: str, alphabet: list[str]) -> list[str]:
    out = []
    for ch in code:
        i = ord(ch) - ord("a")
        if 0 <= i < len(alphabet):
            out.append(alphabet[i])
    return out


@dataclass(frozen=True)
class Draft:
    """An offer being put together: to whom, what is given, what is asked (card kinds).

    ``counter`` names the offer this draft answers (P-06); the engine then sends it back
    to that offer's maker, whatever ``to`` says, so ``to`` is only shown, never trusted.
    """

    game: int
    seat: int
    to: int | None = None
    give: list[str] = field(default_factory=list)
    get: list[str] = field(default_factory=list)
    counter: int | None = None

    def custom_id(self, op: str, alphabet: list[str]) -> str:
        to = "n" if self.to is None else str(self.to)
        if self.counter is not None:
            to += f"c{self.counter}"
        give, get = encode_goods(self.give, alphabet), encode_goods(self.get, alphabet)
        out = f"{PREFIX}:{op}:{self.game}:{self.seat}:{to}:{give}:{get}"
        assert len(out) <= ids.MAX_CUSTOM_ID
        return out

    @classmethod
    def from_match(cls, match: re.Match[str], alphabet: list[str]) -> Draft:
        to = None if match["to"] == "n" else int(match["to"])
        counter = int(match["counter"]) if match["counter"] else None
        give, get = decode_goods(match["give"], alphabet), decode_goods(match["get"], alphabet)
        return cls(int(match["game"]), int(match["seat"]), to, give, get, counter)

    def action(self) -> dict[str, Any]:
        if self.counter is not None:
            return {"type": "trade_counter", "offer": self.counter, "give": list(self.give), "get": list(self.get)}
        return {"type": "trade_offer", "to": self.to, "give": list(self.give), "get": list(self.get)}

    @property
    def ready(self) -> bool:
        return self.to is not None and bool(self.give or self.get)


# Every card kind a trade may name, in a fixed order: its index is its letter in a custom id.
# Printed, public facts from the engine's content API (no game state). Components decode their
# custom ids without loading the game, so every game encodes and decodes with this one alphabet.
ALPHABET = tradable_kinds()


def copies(kinds: list[str]) -> list[tuple[str, int]]:
    """(kind, n) for the n-th copy of each kind, so a multi-select can take two Iron."""
    seen: dict[str, int] = {}
    out = []
    for k in kinds:
        seen[k] = seen.get(k, 0) + 1
        out.append((k, seen[k]))
    return out


def _copy_label(kind: str, n: int) -> str:
    return card_name(kind) if n == 1 else f"{card_name(kind)} (copy {n})"


def _from_values(values: list[str], alphabet: list[str]) -> list[str]:
    """Select values are a letter plus a copy number (``a2``); the letters are the kinds."""
    return decode_goods("".join(v[:1] for v in values if v[:1].isalpha()), alphabet)


# ---- what one seat may see -------------------------------------------------------------
def seat_view(state: Any, seat: int) -> dict[str, Any]:
    """The seat's own projection (``Ruleset.view``): the only source of what a player is shown here."""
    return RS.view(state, seat)


def seat_label(view: dict[str, Any], seat: int) -> str:
    """``seat 2 (Roman)`` from the public part of a view (the engine's ``seat_name``, view-only)."""
    players = view.get("players") or []
    tribe = players[seat].get("tribe") if 0 <= seat < len(players) else None
    return f"seat {seat + 1}" + (f" ({card_name(tribe)})" if tribe else "")


def partners(view: dict[str, Any]) -> list[int]:
    """Everyone the viewing seat may trade with: the other surviving seats (AH-4.12)."""
    return [p["seat"] for p in view.get("players") or [] if not p.get("eliminated") and p["seat"] != view.get("seat")]


def hand_kinds(view: dict[str, Any], alphabet: list[str]) -> list[str]:
    """The viewing seat's own tradable cards as kinds, in alphabet order (AH-4.7)."""
    return sorted((card_kind(c) for c in view.get("hand") or [] if card_kind(c) in alphabet), key=alphabet.index)


def incoming_offer(view: dict[str, Any], offer_id: int) -> dict[str, Any] | None:
    """An open offer made *to* the viewing seat, from its own ``my_trades``."""
    for offer in view.get("my_trades") or []:
        if offer.get("id") == offer_id and offer.get("to") == view.get("seat"):
            return offer
    return None


def counter_draft(view: dict[str, Any], game_id: int, offer: dict[str, Any]) -> Draft:
    """The reverse deal as a starting point: give what was asked (as far as the hand holds it),
    ask for what was offered. Cards the seat does not hold are left out, because the engine
    would refuse them anyway (AH-4.7) and the builder could not show them as chosen."""
    held = Counter(card_kind(c) for c in view.get("hand") or [])
    give: list[str] = []
    for k in offer.get("get") or []:
        if held[k] > 0:
            held[k] -= 1
            give.append(k)
    return Draft(game_id, int(view["seat"]), int(offer["frm"]), give, list(offer.get("give") or []), int(offer["id"]))


# ---- the builder, from the seat's view ---------------------------------------------------
def builder_content(view: dict[str, Any], draft: Draft, title: str) -> str:
    to = f"**{seat_label(view, draft.to)}**" if draft.to is not None else "*choose below*"
    if draft.counter is not None:
        head = f"🤝 **Counter-offer to #{draft.counter}** · {title} · your seat {draft.seat + 1} (only you see this)"
        to += f" (who made offer #{draft.counter})"
        send = (
            f"Sending declines offer #{draft.counter} and makes this offer in its place (P-06); "
            "nothing is sent until you press **Send counter-offer**."
        )
    else:
        head = f"🤝 **New offer** · {title} · your seat {draft.seat + 1} (only you see this)"
        send = "Nothing is sent until you press **Send offer**; only you and the other side will see the cards."
    lines = [head, f"To: {to}", f"You give: {card_list(draft.give)}", f"You ask for: {card_list(draft.get)}", send]
    return text.truncate("\n".join(lines), text.MAX_CONTENT)


def _goods_options(
    draft_kinds: list[str], offered: list[tuple[str, int]], alphabet: list[str]
) -> list[discord.SelectOption]:
    """One option per copy (``a1``, ``a2``…), pre-selected as far as the draft names that kind."""
    count = Counter(draft_kinds)
    return [
        discord.SelectOption(
            label=_copy_label(k, n), value=f"{chr(ord('a') + alphabet.index(k))}{n}", default=n <= count[k]
        )
        for k, n in offered
    ][:25]


def _wanted(alphabet: list[str]) -> list[tuple[str, int]]:
    """What may be asked for: every tradable kind (public, AH-4.7), up to three of a regular resource."""
    out: list[tuple[str, int]] = []
    for k in alphabet:
        out += [(k, n) for n in range(1, (3 if k in REGULAR else 1) + 1)]
    return out


def builder_items(view: dict[str, Any], draft: Draft, alphabet: list[str]) -> list[discord.ui.Item[Any]]:
    """The select menus and buttons of the builder; every custom id carries the whole draft.

    Built from the drafting seat's own view: the *give* menu is its hand, the *ask* menu the
    printed card kinds, the *to* menu the public seats. A counter's partner is fixed.
    """
    assert view.get("seat") == draft.seat, "a builder is drawn only from its own seat's view"
    items: list[discord.ui.Item[Any]] = []
    to_options = [
        discord.SelectOption(label=text.truncate(seat_label(view, s), 100), value=str(s), default=s == draft.to)
        for s in partners(view)
    ]
    if to_options and draft.counter is None:
        items.append(BuilderSelect(draft, "to", alphabet, "Trade with…", to_options, 1, 1, row=0))
    give_options = _goods_options(draft.give, copies(hand_kinds(view, alphabet)), alphabet)
    if give_options:
        items.append(
            BuilderSelect(draft, "gv", alphabet, "You give… (your cards)", give_options, 0, len(give_options), row=1)
        )
    get_options = _goods_options(draft.get, _wanted(alphabet), alphabet)
    items.append(
        BuilderSelect(draft, "gt", alphabet, "You ask for… (their cards)", get_options, 0, len(get_options), row=2)
    )
    send = "Send counter-offer" if draft.counter is not None else "Send offer"
    items.append(
        BuilderButton(draft, "go", alphabet, send, discord.ButtonStyle.success, disabled=not draft.ready, row=3)
    )
    items.append(BuilderButton(draft, "x", alphabet, "Discard draft", discord.ButtonStyle.secondary, row=3))
    return items


def builder_view(view: dict[str, Any], draft: Draft, alphabet: list[str]) -> discord.ui.View:
    out = discord.ui.View(timeout=None)
    for item in builder_items(view, draft, alphabet):
        out.add_item(item)
    return out


def trade_prompt(prompts: list[Prompt], seat: int) -> Prompt | None:
    """The seat's open prompt that takes an offer (Market Day trading, or any-time trading)."""
    for prompt in prompts:
        if prompt.seat == seat and (prompt.answer_schema or {}).get("title") == "TradeOffer":
            return prompt
    return None


def parse_goods(raw: str | None, alphabet: list[str]) -> list[str]:
    """``"2 iron, wood"`` or ``"iron x2, wood"`` -> ``["iron", "iron", "wood"]``; unknown names raise UserError."""
    names = {k: k for k in alphabet}
    names.update({card_name(k).lower(): k for k in alphabet})
    out: list[str] = []
    for part in filter(None, (p.strip() for p in (raw or "").split(","))):
        m = re.fullmatch(r"(?:(\d+)\s*[x×]?\s+)?(.+?)(?:\s*[x×]\s*(\d+))?", part, flags=re.IGNORECASE)
        count = int((m and (m.group(1) or m.group(3))) or 1)
        name = (m.group(2) if m else part).strip().lower().replace("_", " ")
        kind = names.get(name) or names.get(name.replace(" ", "_"))
        if kind is None:
            raise UserError(
                f"{part!r} is not a card that can be traded. Cards: {', '.join(card_name(k) for k in alphabet)}."
            )
        if not 1 <= count <= 10:
            raise UserError(f"{part!r}: give a count between 1 and 10.")
        out += [kind] * count
    return out


# ---- the Counter… buttons on an incoming offer ---------------------------------------------
def incoming_offer_ids(prompt: Prompt) -> list[int]:
    """The offers a trade prompt lets its seat accept: exactly the ones it may counter (P-06)."""
    return [int(o.action["offer"]) for o in prompt.options if o.action.get("type") == "trade_accept"]


def place_after(layout: Layout, items: list[discord.ui.Item[Any]]) -> list[discord.ui.Item[Any]]:
    """Give extra buttons rows after the layout's: the free end of its last button row, then new
    rows. What does not fit in a message is left off (Accept / Decline and typing still work)."""
    rows = layout.rows
    slots: list[int] = []
    if rows and all(isinstance(c, ButtonSpec) for c in rows[-1]):
        slots += [len(rows) - 1] * (ROW_WIDTH - len(rows[-1]))
    for r in range(len(rows), MAX_ROWS):
        slots += [r] * ROW_WIDTH
    for item, row in zip(items, slots, strict=False):
        item.row = row
    return items[: len(slots)]


def counter_items(game_id: int, prompt: Prompt, layout: Layout) -> list[discord.ui.Item[Any]]:
    """The referee's ``prompt_extras`` for Age of Heroes: a Counter… button per incoming offer."""
    if (prompt.answer_schema or {}).get("title") != "TradeOffer":
        return []
    return place_after(layout, [CounterButton(game_id, prompt.seat, o) for o in incoming_offer_ids(prompt)])


# ---- components ----------------------------------------------------------------------
def _referee(interaction: discord.Interaction) -> Referee:
    return interaction.client.referee  # type: ignore[attr-defined]


class BuilderSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    """One menu of the offer builder; choosing redraws the builder with the new draft."""

    def __init__(
        self,
        draft: Draft,
        op: str,
        alphabet: list[str],
        placeholder: str = "…",
        options: list[discord.SelectOption] | None = None,
        min_values: int = 0,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=draft.custom_id(op, alphabet),
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="…", value="0")],
                min_values=min_values,
                max_values=max(1, max_values),
                row=row,
            ),
            row=row,
        )
        self.draft, self.op, self.alphabet = draft, op, alphabet

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BuilderSelect:
        return cls(Draft.from_match(match, ALPHABET), match["op"], ALPHABET)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        await _referee(interaction).guarded(interaction, lambda: redraw(interaction, self.draft, self.op, values))


class BuilderButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    """Send the drafted offer (or counter-offer), or discard the draft."""

    def __init__(
        self,
        draft: Draft,
        op: str,
        alphabet: list[str],
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=draft.custom_id(op, alphabet), disabled=disabled, row=row
            ),
            row=row,
        )
        self.draft, self.op = draft, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BuilderButton:
        return cls(Draft.from_match(match, ALPHABET), match["op"], ALPHABET)

    async def callback(self, interaction: discord.Interaction) -> None:
        referee = _referee(interaction)
        if self.op == "x":
            await referee.guarded(
                interaction,
                lambda: interaction.response.edit_message(content="🗑️ Draft discarded; nothing was sent.", view=None),
            )
            return
        await send_offer(interaction, self.draft)


class CounterButton(discord.ui.DynamicItem[discord.ui.Button], template=COUNTER_TEMPLATE):
    """**Counter #n…** on the recipient's private offer message: opens the builder with the reverse deal."""

    def __init__(self, game: int, seat: int, offer: int) -> None:
        custom_id = f"{COUNTER_PREFIX}:{int(game)}:{int(seat)}:{int(offer)}"
        assert len(custom_id) <= ids.MAX_CUSTOM_ID
        super().__init__(
            discord.ui.Button(label=f"Counter #{offer}…", style=discord.ButtonStyle.secondary, custom_id=custom_id)
        )
        self.game, self.seat, self.offer = game, seat, offer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["game"]), int(match["seat"]), int(match["offer"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _referee(interaction).guarded(
            interaction, lambda: open_counter(interaction, self.game, self.seat, self.offer)
        )


async def _owned(interaction: discord.Interaction, game_id: int, seat: int) -> Any:
    """The loaded game, after checking the presser holds ``seat`` (before anything about it is read)."""
    loaded = await _referee(interaction).store.load(game_id)
    if not any(s.seat == seat and s.user_id == interaction.user.id for s in loaded.seats):
        raise UserError(f"These buttons are for seat {seat + 1}, not for you; nothing was changed.")
    if loaded.state is None:
        raise UserError("The game has not started yet.")
    return loaded


async def _show_builder(interaction: discord.Interaction, loaded: Any, view: dict[str, Any], draft: Draft) -> None:
    """Open the builder as the reply: private in a DM anyway, ephemeral in a server channel (the DM fallback)."""
    content = builder_content(view, draft, Referee.title(loaded.game))
    await interaction.response.send_message(
        content, view=builder_view(view, draft, ALPHABET), ephemeral=interaction.guild_id is not None
    )


async def redraw(interaction: discord.Interaction, draft: Draft, op: str, values: list[str]) -> None:
    loaded = await _owned(interaction, draft.game, draft.seat)
    alphabet = ALPHABET
    if op == "to":
        to = int(values[0]) if values and values[0].isdigit() else None
        draft = dataclasses.replace(draft, to=to)
    elif op == "gv":
        draft = dataclasses.replace(draft, give=_from_values(values, alphabet))
    else:
        draft = dataclasses.replace(draft, get=_from_values(values, alphabet))
    view = seat_view(loaded.state, draft.seat)
    content = builder_content(view, draft, Referee.title(loaded.game))
    await interaction.response.edit_message(content=content, view=builder_view(view, draft, alphabet))


STALE_COUNTER = (
    "⌛ Offer #{offer} is no longer open (it was answered or withdrawn, or trading has closed), "
    "so there is nothing to counter."
)


async def open_counter(interaction: discord.Interaction, game_id: int, seat: int, offer_id: int) -> None:
    """The **Counter #n…** press: refuse others, answer a stale press kindly, else open the builder."""
    loaded = await _owned(interaction, game_id, seat)
    view = seat_view(loaded.state, seat)
    offer = incoming_offer(view, offer_id)
    if offer is None or trade_prompt(loaded.prompts, seat) is None:
        await _referee(interaction).send(interaction, STALE_COUNTER.format(offer=offer_id))
        return
    await _show_builder(interaction, loaded, view, counter_draft(view, game_id, offer))


async def submit(interaction: discord.Interaction, game_id: int, seat: int, action: dict[str, Any]) -> None:
    """Hand an offer to the Referee as the answer to the seat's open trade prompt."""
    referee = _referee(interaction)
    loaded = await referee.store.load(game_id)
    prompt = trade_prompt(loaded.prompts, seat)
    if prompt is None:
        await referee.defer(interaction)
        await referee.send(interaction, "⛔ Trading is closed right now (AH-4.11); nothing was sent.")
        return
    ref = ids.PromptRef(ids.OPTION, game_id, seat, ids.key_hash(prompt.key), 0)
    await referee.choose(interaction, ref, action=action)


async def send_offer(interaction: discord.Interaction, draft: Draft) -> None:
    referee = _referee(interaction)

    async def check() -> bool:
        await _owned(interaction, draft.game, draft.seat)
        if not draft.ready:
            raise UserError("Choose whom to trade with and at least one card first.")
        return True

    if await referee.guarded(interaction, check):
        await submit(interaction, draft.game, draft.seat, draft.action())


# ---- autocomplete, from the asker's own view ------------------------------------------------
async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    out = []
    for kind in card_kinds():
        label = card_name(kind)
        if current.lower() in label.lower() or current.lower() in kind:
            out.append(app_commands.Choice(name=label, value=kind))
    return out[:25]


async def my_view(interaction: discord.Interaction) -> dict[str, Any] | None:
    """The asker's own seat view in the game the command is about; None when there is none."""
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]
    try:
        game = await referee.resolve_game(interaction, getattr(interaction.namespace, "game", None))
        loaded = await referee.store.load(game.id)
    except (UserError, StoreError):  # no game of this user here: nothing to complete
        return None
    if loaded.state is None or game.ruleset != RULESET:
        return None
    seat = next((s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None), None)
    return None if seat is None else seat_view(loaded.state, seat)


async def seat_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    view = await my_view(interaction)
    if view is None:
        return []
    out = []
    for seat in partners(view):
        label = seat_label(view, seat)
        if current.lower() in label.lower():
            out.append(app_commands.Choice(name=label, value=seat + 1))
    return out[:25]


def complete_goods(current: str, kinds: list[str]) -> list[app_commands.Choice[str]]:
    """Completes the last name of a comma-separated list: ``iron, wo`` -> ``iron, wood``."""
    head, _, last = current.rpartition(",")
    prefix = f"{head.strip()}, " if head.strip() else ""
    out = []
    for kind in dict.fromkeys(kinds):
        label = card_name(kind)
        if last.strip().lower() in label.lower():
            out.append(
                app_commands.Choice(name=text.truncate(prefix + label, 100), value=text.truncate(prefix + label, 100))
            )
    return out[:25]


async def give_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """What you give: only the kinds in your own hand (AH-4.7), read from your view."""
    view = await my_view(interaction)
    return complete_goods(current, hand_kinds(view, ALPHABET) if view is not None else [])


async def goods_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """What you ask for: every tradable kind (printed, public), never what the other seat holds."""
    return complete_goods(current, ALPHABET)


# ---- the cog --------------------------------------------------------------------------
class AgeOfHeroesCog(commands.GroupCog, group_name="ah", group_description="Age of Heroes: offers and card rules"):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    async def cog_load(self) -> None:
        self.r.form_builders[RULESET] = self.open_builder
        self.r.prompt_extras[RULESET] = counter_items
        self.r.client.add_dynamic_items(BuilderSelect, BuilderButton, CounterButton)

    async def cog_unload(self) -> None:
        self.r.form_builders.pop(RULESET, None)
        self.r.prompt_extras.pop(RULESET, None)
        self.r.client.remove_dynamic_items(BuilderSelect, BuilderButton, CounterButton)

    async def open_builder(
        self, interaction: discord.Interaction, ref: ids.PromptRef, prompt: Prompt, loaded: Any
    ) -> bool:
        """The trade prompt's **Make an offer…** button: the builder instead of a JSON form."""
        if (prompt.answer_schema or {}).get("title") != "TradeOffer" or loaded.state is None:
            return False
        await _show_builder(interaction, loaded, seat_view(loaded.state, ref.seat), Draft(ref.game, ref.seat))
        return True

    @app_commands.command(name="card", description="Rules text of an Age of Heroes card, event or item")
    @app_commands.describe(name="Card, event or item (start typing)")
    @app_commands.autocomplete(name=card_autocomplete)
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            body = card_rules(name)
            if body is None:
                raise UserError(f"There is no card called {name!r}; pick one from the list.")
            await self.r.send(interaction, body)

        await self.r.guarded(interaction, work)

    @app_commands.command(
        name="offer", description="Offer a Market Day trade by typing (the DM's Make an offer… does the same)"
    )
    @app_commands.describe(
        to="The seat you offer the trade to",
        give="Cards you give, e.g. 'iron, 2 grain' (empty: a request)",
        get="Cards you ask for, e.g. 'wood' (empty: a gift)",
        game="Game number (not needed in its thread)",
    )
    @app_commands.autocomplete(to=seat_autocomplete, game=game_autocomplete)
    @app_commands.autocomplete(give=give_autocomplete, get=goods_autocomplete)
    async def offer(
        self,
        interaction: discord.Interaction,
        to: app_commands.Range[int, 1, 6],
        give: str | None = None,
        get: str | None = None,
        game: int | None = None,
    ) -> None:
        await self.r.defer(interaction)

        async def work() -> tuple[int, int, dict[str, Any]]:
            record = await self.r.resolve_game(interaction, game)
            if record.ruleset != RULESET:
                raise UserError("`/ah offer` is for Age of Heroes games.")
            loaded = await self.r.store.load(record.id)
            seat = next((s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None), None)
            if seat is None or loaded.state is None:
                raise UserError("You have no seat in a running game here.")
            alphabet = ALPHABET
            action = {
                "type": "trade_offer",
                "to": to - 1,
                "give": parse_goods(give, alphabet),
                "get": parse_goods(get, alphabet),
            }
            return record.id, seat, action

        found = await self.r.guarded(interaction, work)
        if found is not None:
            await submit(interaction, *found)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AgeOfHeroesCog(bot.referee))  # type: ignore[attr-defined]
