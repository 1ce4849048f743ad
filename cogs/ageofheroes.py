"""``/ah``: the little Age of Heroes needs that the generic table cannot meet.

* **The offer builder.** A Market Day trade prompt (sent by DM) has a **Make an offer…**
  button. Instead of the generic JSON form it opens a private message of select menus:
  whom to trade with, which of your cards you give, which cards you ask for, then
  **Send offer**. The draft lives in the components' custom ids (``ahb:…``), so a half
  built offer survives a restart like every other button. Sending hands the offer to the
  ``Referee`` exactly like a button press: the engine decides whether it is legal.
* ``/ah offer``: the same offer typed, with autocomplete, for players who prefer it.
* ``/ah card``: the rules text of a card, event or item.

Nothing here decides a rule; the deal's contents only ever go to the two seats (the
engine's events and the recipient's DM prompt), never to the thread.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.ageofheroes import cards as C
from engine.ageofheroes.cardtext import card_names, card_text
from engine.ageofheroes.content import Content, load_content
from engine.ageofheroes.table import seat_name
from engine.core import Prompt

from . import ids, text
from .referee import Referee, UserError
from .table import game_autocomplete

log = logging.getLogger(__name__)

RULESET = "ageofheroes"
PREFIX = "ahb"
MAX_GOODS = 30  # letters per side in a custom id: far more cards than a hand holds
SELECT_OPS = ("to", "gv", "gt")
BUTTON_OPS = ("go", "x")
_CORE = r":(?P<game>[0-9]{1,20}):(?P<seat>[0-9]{1,2}):(?P<to>[0-9]{1,2}|n):(?P<give>[a-z]{0,30}):(?P<get>[a-z]{0,30})$"
SELECT_TEMPLATE = rf"^{PREFIX}:(?P<op>{'|'.join(SELECT_OPS)})" + _CORE
BUTTON_TEMPLATE = rf"^{PREFIX}:(?P<op>{'|'.join(BUTTON_OPS)})" + _CORE


# ---- the draft, as plain data -------------------------------------------------------
def tradable_kinds(content: Content) -> list[str]:
    """Every card kind a trade may name, in a fixed order: its index is its letter in a custom id."""
    return [*C.REGULAR, *sorted(content.specials()), *C.HELD]


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
    """An offer being put together: to whom, what is given, what is asked (card kinds)."""

    game: int
    seat: int
    to: int | None = None
    give: list[str] = field(default_factory=list)
    get: list[str] = field(default_factory=list)

    def custom_id(self, op: str, alphabet: list[str]) -> str:
        to = "n" if self.to is None else str(self.to)
        out = f"{PREFIX}:{op}:{self.game}:{self.seat}:{to}:{encode_goods(self.give, alphabet)}:{encode_goods(self.get, alphabet)}"
        assert len(out) <= ids.MAX_CUSTOM_ID
        return out

    @classmethod
    def from_match(cls, match: re.Match[str], alphabet: list[str]) -> "Draft":
        to = None if match["to"] == "n" else int(match["to"])
        return cls(int(match["game"]), int(match["seat"]), to, decode_goods(match["give"], alphabet), decode_goods(match["get"], alphabet))

    def action(self) -> dict[str, Any]:
        return {"type": "trade_offer", "to": self.to, "give": list(self.give), "get": list(self.get)}

    @property
    def ready(self) -> bool:
        return self.to is not None and bool(self.give or self.get)


ALPHABET = tradable_kinds(load_content("default"))


def alphabet_of(state: Any) -> list[str]:
    content = getattr(state, "content", None)
    return tradable_kinds(content) if content is not None else ALPHABET


def copies(kinds: list[str]) -> list[tuple[str, int]]:
    """(kind, n) for the n-th copy of each kind, so a multi-select can take two Iron."""
    seen: dict[str, int] = {}
    out = []
    for k in kinds:
        seen[k] = seen.get(k, 0) + 1
        out.append((k, seen[k]))
    return out


def _copy_label(kind: str, n: int) -> str:
    return C.name(kind) if n == 1 else f"{C.name(kind)} (copy {n})"


def _from_values(values: list[str], alphabet: list[str]) -> list[str]:
    """Select values are a letter plus a copy number (``a2``); the letters are the kinds."""
    return decode_goods("".join(v[:1] for v in values if v[:1].isalpha()), alphabet)


def builder_content(state: Any, draft: Draft, title: str) -> str:
    to = f"**{seat_name(state, draft.to)}**" if draft.to is not None else "*choose below*"
    lines = [
        f"🤝 **New offer** · {title} · your seat {draft.seat + 1} (only you see this)",
        f"To: {to}",
        f"You give: {C.names(draft.give)}",
        f"You ask for: {C.names(draft.get)}",
        "Nothing is sent until you press **Send offer**; only you and the other side will see the cards.",
    ]
    return text.truncate("\n".join(lines), text.MAX_CONTENT)


def builder_items(state: Any, draft: Draft) -> list[discord.ui.Item[Any]]:
    """The select menus and buttons of the builder; every custom id carries the whole draft."""
    alphabet = alphabet_of(state)
    others = [p.seat for p in state.seats if not p.eliminated and p.seat != draft.seat]
    items: list[discord.ui.Item[Any]] = []
    to_options = [
        discord.SelectOption(label=text.truncate(seat_name(state, s), 100), value=str(s), default=s == draft.to) for s in others
    ]
    if to_options:
        items.append(BuilderSelect(draft, "to", alphabet, "Trade with…", to_options, 1, 1, row=0))
    hand = sorted((C.kind(c) for c in state.p(draft.seat).hand if C.kind(c) in alphabet), key=alphabet.index)
    give_count = {k: draft.give.count(k) for k in set(draft.give)}
    give_options = [
        discord.SelectOption(
            label=_copy_label(k, n), value=f"{chr(ord('a') + alphabet.index(k))}{n}", default=n <= give_count.get(k, 0)
        )
        for k, n in copies(hand)
    ][:25]
    if give_options:
        items.append(BuilderSelect(draft, "gv", alphabet, "You give… (your cards)", give_options, 0, len(give_options), row=1))
    wanted: list[tuple[str, int]] = []
    for k in alphabet:
        wanted += [(k, n) for n in range(1, (3 if k in C.REGULAR else 1) + 1)]
    get_count = {k: draft.get.count(k) for k in set(draft.get)}
    get_options = [
        discord.SelectOption(
            label=_copy_label(k, n), value=f"{chr(ord('a') + alphabet.index(k))}{n}", default=n <= get_count.get(k, 0)
        )
        for k, n in wanted
    ][:25]
    items.append(BuilderSelect(draft, "gt", alphabet, "You ask for… (their cards)", get_options, 0, len(get_options), row=2))
    items.append(BuilderButton(draft, "go", alphabet, "Send offer", discord.ButtonStyle.success, disabled=not draft.ready, row=3))
    items.append(BuilderButton(draft, "x", alphabet, "Discard draft", discord.ButtonStyle.secondary, row=3))
    return items


def builder_view(state: Any, draft: Draft) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in builder_items(state, draft):
        view.add_item(item)
    return view


def trade_prompt(prompts: list[Prompt], seat: int) -> Prompt | None:
    """The seat's open prompt that takes an offer (Market Day trading, or any-time trading)."""
    for prompt in prompts:
        if prompt.seat == seat and (prompt.answer_schema or {}).get("title") == "TradeOffer":
            return prompt
    return None


def parse_goods(raw: str | None, alphabet: list[str]) -> list[str]:
    """``"2 iron, wood"`` or ``"iron x2, wood"`` -> ``["iron", "iron", "wood"]``; unknown names raise UserError."""
    names = {k: k for k in alphabet}
    names.update({C.name(k).lower(): k for k in alphabet})
    out: list[str] = []
    for part in filter(None, (p.strip() for p in (raw or "").split(","))):
        m = re.fullmatch(r"(?:(\d+)\s*[x×]?\s+)?(.+?)(?:\s*[x×]\s*(\d+))?", part, flags=re.IGNORECASE)
        count = int((m and (m.group(1) or m.group(3))) or 1)
        name = (m.group(2) if m else part).strip().lower().replace("_", " ")
        kind = names.get(name) or names.get(name.replace(" ", "_"))
        if kind is None:
            raise UserError(f"{part!r} is not a card that can be traded. Cards: {', '.join(C.name(k) for k in alphabet)}.")
        if not 1 <= count <= 10:
            raise UserError(f"{part!r}: give a count between 1 and 10.")
        out += [kind] * count
    return out


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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /) -> "BuilderSelect":
        return cls(Draft.from_match(match, ALPHABET), match["op"], ALPHABET)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in ((interaction.data or {}).get("values") or [])]  # type: ignore[union-attr]
        await _referee(interaction).guarded(interaction, lambda: redraw(interaction, self.draft, self.op, values))


class BuilderButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    """Send the drafted offer, or discard the draft."""

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
            discord.ui.Button(label=label, style=style, custom_id=draft.custom_id(op, alphabet), disabled=disabled, row=row), row=row
        )
        self.draft, self.op = draft, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /) -> "BuilderButton":
        return cls(Draft.from_match(match, ALPHABET), match["op"], ALPHABET)

    async def callback(self, interaction: discord.Interaction) -> None:
        referee = _referee(interaction)
        if self.op == "x":
            await referee.guarded(interaction, lambda: interaction.response.edit_message(content="🗑️ Draft discarded; nothing was sent.", view=None))
            return
        await send_offer(interaction, self.draft)


async def _owned(interaction: discord.Interaction, game_id: int, seat: int) -> Any:
    """The loaded game, after checking the presser holds ``seat``."""
    loaded = await _referee(interaction).store.load(game_id)
    if not any(s.seat == seat and s.user_id == interaction.user.id for s in loaded.seats):
        raise UserError(f"This offer is being drafted for seat {seat + 1}, not by you.")
    if loaded.state is None:
        raise UserError("The game has not started yet.")
    return loaded


async def redraw(interaction: discord.Interaction, draft: Draft, op: str, values: list[str]) -> None:
    loaded = await _owned(interaction, draft.game, draft.seat)
    alphabet = alphabet_of(loaded.state)
    if op == "to":
        to = int(values[0]) if values and values[0].isdigit() else None
        draft = Draft(draft.game, draft.seat, to, draft.give, draft.get)
    elif op == "gv":
        draft = Draft(draft.game, draft.seat, draft.to, _from_values(values, alphabet), draft.get)
    else:
        draft = Draft(draft.game, draft.seat, draft.to, draft.give, _from_values(values, alphabet))
    title = Referee.title(loaded.game)
    await interaction.response.edit_message(content=builder_content(loaded.state, draft, title), view=builder_view(loaded.state, draft))


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
    try:
        await _owned(interaction, draft.game, draft.seat)
        if not draft.ready:
            raise UserError("Choose whom to trade with and at least one card first.")
    except Exception as exc:  # noqa: BLE001
        await referee.fail(interaction, exc)
        return
    await submit(interaction, draft.game, draft.seat, draft.action())


# ---- the cog --------------------------------------------------------------------------
async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    out = []
    for kind in card_names(load_content("default")):
        label = C.name(kind)
        if current.lower() in label.lower() or current.lower() in kind:
            out.append(app_commands.Choice(name=label, value=kind))
    return out[:25]


async def seat_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    referee: Referee = interaction.client.referee  # type: ignore[attr-defined]
    try:
        game = await referee.resolve_game(interaction, getattr(interaction.namespace, "game", None))
        loaded = await referee.store.load(game.id)
    except Exception:  # noqa: BLE001 - autocomplete never errors at the user
        return []
    if loaded.state is None or game.ruleset != RULESET:
        return []
    mine = {s.seat for s in loaded.seats if s.user_id == interaction.user.id}
    out = []
    for p in loaded.state.seats:
        label = seat_name(loaded.state, p.seat)
        if p.seat in mine or p.eliminated or current.lower() not in label.lower():
            continue
        out.append(app_commands.Choice(name=label, value=p.seat + 1))
    return out[:25]


async def goods_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Completes the last name of a comma-separated list: ``iron, wo`` -> ``iron, wood``."""
    head, _, last = current.rpartition(",")
    prefix = f"{head.strip()}, " if head.strip() else ""
    out = []
    for kind in ALPHABET:
        label = C.name(kind)
        if last.strip().lower() in label.lower():
            out.append(app_commands.Choice(name=text.truncate(prefix + label, 100), value=text.truncate(prefix + label, 100)))
    return out[:25]


class AgeOfHeroesCog(commands.GroupCog, group_name="ah", group_description="Age of Heroes: offers and card rules"):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    async def cog_load(self) -> None:
        self.r.form_builders[RULESET] = self.open_builder
        self.r.client.add_dynamic_items(BuilderSelect, BuilderButton)

    async def cog_unload(self) -> None:
        self.r.form_builders.pop(RULESET, None)
        self.r.client.remove_dynamic_items(BuilderSelect, BuilderButton)

    async def open_builder(self, interaction: discord.Interaction, ref: ids.PromptRef, prompt: Prompt, loaded: Any) -> bool:
        """The trade prompt's **Make an offer…** button: the builder instead of a JSON form."""
        if (prompt.answer_schema or {}).get("title") != "TradeOffer" or loaded.state is None:
            return False
        draft = Draft(ref.game, ref.seat)
        content = builder_content(loaded.state, draft, Referee.title(loaded.game))
        # In a DM the reply is private anyway; in a server channel (the DM fallback) it is ephemeral.
        await interaction.response.send_message(
            content, view=builder_view(loaded.state, draft), ephemeral=interaction.guild_id is not None
        )
        return True

    @app_commands.command(name="card", description="Rules text of an Age of Heroes card, event or item")
    @app_commands.describe(name="Card, event or item (start typing)")
    @app_commands.autocomplete(name=card_autocomplete)
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            body = card_text(name, load_content("default"))
            if body is None:
                raise UserError(f"There is no card called {name!r}; pick one from the list.")
            await self.r.send(interaction, body)

        await self.r.guarded(interaction, work)

    @app_commands.command(name="offer", description="Offer a Market Day trade by typing (the DM's Make an offer… does the same)")
    @app_commands.describe(
        to="The seat you offer the trade to",
        give="Cards you give, e.g. 'iron, 2 grain' (empty: a request)",
        get="Cards you ask for, e.g. 'wood' (empty: a gift)",
        game="Game number (not needed in its thread)",
    )
    @app_commands.autocomplete(to=seat_autocomplete, give=goods_autocomplete, get=goods_autocomplete, game=game_autocomplete)
    async def offer(
        self,
        interaction: discord.Interaction,
        to: app_commands.Range[int, 1, 6],
        give: str | None = None,
        get: str | None = None,
        game: int | None = None,
    ) -> None:
        await self.r.defer(interaction)
        try:
            record = await self.r.resolve_game(interaction, game)
            if record.ruleset != RULESET:
                raise UserError("`/ah offer` is for Age of Heroes games.")
            loaded = await self.r.store.load(record.id)
            seat = next((s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None), None)
            if seat is None or loaded.state is None:
                raise UserError("You have no seat in a running game here.")
            alphabet = alphabet_of(loaded.state)
            action = {"type": "trade_offer", "to": to - 1, "give": parse_goods(give, alphabet), "get": parse_goods(get, alphabet)}
        except Exception as exc:  # noqa: BLE001
            await self.r.fail(interaction, exc)
            return
        await submit(interaction, record.id, seat, action)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AgeOfHeroesCog(bot.referee))  # type: ignore[attr-defined]
