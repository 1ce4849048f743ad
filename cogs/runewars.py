"""``/rw``: the Runewars needs that the generic table cannot meet.

Everything a Runewars player must decide already reaches them as components built from
the engine's prompts (order cards and bids by DM, the rest in the game thread); this cog
adds only what reads better for Runewars:

* **A readable private panel.** ``/game hand`` and ``/rw hand`` show your tactics cards,
  quests, objective, order cards in hand, the runes you may look at and your heroes'
  rewards as text (``format_private``), instead of the generic key/value dump. Built from
  ``view(state, seat)`` only, so it shows exactly what the engine lets that seat see.
* **Unit-by-unit picking.** A prompt answered with a list of units (which units move,
  RW-10.7.2; which to destroy over the winter food or 8-unit limit, RW-6.8.2 / RW-10.9.2;
  Strategize steps, RW-18.1.1) keeps its ready-made buttons, and its form button opens a
  private picker of select menus, one line per unit, then **Confirm**
  (``cogs.runewars_picker``, candidates in ``cogs.runewars_units``).
* **Typed answers with autocomplete**, for players who prefer typing: ``/rw order``
  (your secret order card), ``/rw bid`` (a secret influence bid) and ``/rw move`` (which
  of your units move into the area you activated, by area and count). Each is handed to
  the ``Referee`` like a button press; the engine decides whether it is legal.
* **Rules text by name**: ``/rw rule`` (order cards, units, titles) and ``/rw card``
  (every card and token); ephemeral, from the printed content only, never from the game.

No rule is decided here.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engine
from engine.core import Prompt
from engine.runewars import card_texts, quest_name, rule_texts, unit_type_name
from store import StoreError

from . import ids, text
from .referee import Referee, UserError
from .runewars_picker import DYNAMIC_ITEMS as PICKER_ITEMS
from .runewars_picker import open_picker
from .runewars_units import build_picker, move_candidates, prompt_candidates
from .table import game_autocomplete

log = logging.getLogger(__name__)

RULESET = "runewars"
ORDER_RULE = "RW-7.2"
BID_RULE = "RW-31.2"
MOVE_RULE = "RW-10.7.2"


# ---- rules text, from the printed content ----------------------------------------------------------
def rule_entries() -> dict[str, tuple[str, str]]:
    """Order cards, unit types and titles: key -> (name shown, rules text), from the engine's
    printed-content API (``engine.runewars.rule_texts``), never from a game."""
    return rule_texts()


def card_entries() -> dict[str, tuple[str, str]]:
    """Every card and token with printed text: key -> (name shown, text). Includes the rule entries."""
    return card_texts()


def _norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", s.casefold()).strip()


def find_entries(query: str, entries: dict[str, tuple[str, str]]) -> list[str]:
    """Keys matching ``query``: an exact key, then names that equal, start with or contain it."""
    if query in entries:
        return [query]
    q = _norm(query)
    if not q:
        return sorted(entries, key=lambda k: entries[k][0])
    exact = [k for k, (name, _) in entries.items() if _norm(name.split(" (")[0]) == q or _norm(k.split(":", 1)[1]) == q]
    if exact:
        return sorted(exact)
    starts = [k for k, (name, _) in entries.items() if _norm(name).startswith(q)]
    contains = [k for k, (name, _) in entries.items() if q in _norm(name) and k not in starts]
    return sorted(starts, key=lambda k: entries[k][0]) + sorted(contains, key=lambda k: entries[k][0])


def entry_text(query: str, entries: dict[str, tuple[str, str]]) -> str | None:
    keys = find_entries(query, entries)
    if not keys:
        return None
    name, body = entries[keys[0]]
    return text.truncate(f"📜 **{name}**\n{body}", text.MAX_CONTENT)


def entry_choices(current: str, entries: dict[str, tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=text.truncate(entries[k][0], 100), value=k)
        for k in find_entries(current, entries)[:25]
    ]


# ---- the private panel as text -------------------------------------------------------------------
ORDER_NAMES = {
    1: "Strategize",
    2: "Mobilize",
    3: "Conquer",
    4: "Harvest",
    5: "Recruit",
    6: "Rally Support",
    7: "Acquire Power",
    8: "Fortify",
}


def format_private(view: dict[str, Any], *, title: str) -> list[str]:
    """A seat's private view as messages: what only this seat knows, then its public standing."""
    me = view.get("me") or {}
    seat = me.get("seat")
    panel: dict[str, Any] = next((s for s in view.get("seats", []) if s.get("seat") == seat), {})
    lines = [f"**{title}**"]
    if panel:
        dials = panel.get("dials") or {}
        lines.append(
            f"**{panel.get('faction_name') or panel.get('faction')}** · influence {panel.get('influence')} · "
            f"dials food {dials.get('food')} / wood {dials.get('wood')} / ore {dials.get('ore')} · "
            f"strongholds: {', '.join(panel.get('strongholds') or []) or '—'}"
        )
        if panel.get("titles"):
            lines.append(f"Titles: {', '.join(panel['titles'])}")
    hand = me.get("order_hand") or []
    used = panel.get("orders_used") or []
    lines.append(
        "**Order cards in hand:** "
        + (", ".join(f"#{c} {ORDER_NAMES.get(c, c)}" for c in hand) or "—")
        + (f" · used this year: {', '.join(f'#{c}' for c in used)}" if used else "")
    )
    chosen = me.get("chosen")
    if chosen:
        what = (
            f"order card #{chosen['card']} {ORDER_NAMES.get(chosen['card'], '')}"
            if "card" in chosen
            else (f"bid {chosen['amount']}" if "amount" in chosen else str(chosen))
        )
        lines.append(f"Your secret choice so far: **{what.strip()}** (you may change it until everyone has locked in)")
    tactics = me.get("tactics") or []
    lines.append(f"**Tactics cards ({len(tactics)}):**" + ("" if tactics else " —"))
    for t in tactics:
        later = " *(playable from next season)*" if t.get("playable_from_next_season") else ""
        lines.append(
            text.truncate(
                f"• **{t.get('name')}** [{str(t.get('timing', '')).replace('_', ' ')}]{later}: {t.get('text')}", 400
            )
        )
    quests = me.get("quests") or (view.get("heroes") or {}).get("my_quests") or []
    lines.append("**Quest cards:** " + (", ".join(quest_name(q) for q in quests) or "—"))
    objective = me.get("objective")
    if objective:
        lines.append(text.truncate(f"**Objective:** {objective.get('name')}: {objective.get('text')}", 400))
    runes = me.get("runes") or {}
    if runes:
        lines.append("**Runes you may look at:** " + ", ".join(f"{a}: {f}" for a, f in sorted(runes.items())))
    heroes = [h for h in (view.get("heroes") or {}).get("heroes", []) if h.get("owner") == seat]
    for h in heroes:
        rewards = (
            ", ".join(str(r.get("name") if isinstance(r, dict) else r) for r in h.get("rewards") or []) or "no rewards"
        )
        lines.append(
            text.truncate(
                f"• Hero **{h.get('name')}** ({h.get('uid')}) in {h.get('area')}: "
                f"{h.get('damage')}/{h.get('health')} damage, {rewards}",
                300,
            )
        )
    return text.chunk("\n".join(lines))


# ---- typed answers ----------------------------------------------------------------------------------
def _referee(interaction: discord.Interaction) -> Referee:
    return interaction.client.referee  # type: ignore[attr-defined]


async def _my_prompt(interaction: discord.Interaction, game_id: int | None, rule: str) -> tuple[Any, Prompt]:
    referee = _referee(interaction)
    record = await referee.resolve_game(interaction, game_id)
    if record.ruleset != RULESET:
        raise UserError("`/rw` commands are for Runewars games.")
    loaded = await referee.store.load(record.id)
    mine = {s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None}
    if not mine:
        raise UserError("You are not playing in this game.")
    prompt = next((p for p in loaded.prompts if p.seat in mine and p.rule == rule), None)
    if prompt is None:
        raise UserError("The game is not asking you for that right now.")
    return loaded, prompt


async def _answer(interaction: discord.Interaction, loaded: Any, prompt: Prompt, action: dict[str, Any]) -> None:
    ref = ids.PromptRef(ids.OPTION, loaded.game.id, prompt.seat, ids.key_hash(prompt.key), 0)
    index = next((i for i, o in enumerate(prompt.options) if o.action == action), None)
    await _referee(interaction).choose(interaction, ref, index=index, action=None if index is not None else action)


async def order_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    try:
        _, prompt = await _my_prompt(interaction, getattr(interaction.namespace, "game", None), ORDER_RULE)
    except (UserError, StoreError):  # nothing asked of this user here: nothing to complete
        return []
    out = []
    for o in prompt.options:
        label = text.truncate(o.label + (f" — {o.description}" if o.description else ""), 100)
        if _norm(current) in _norm(label):
            out.append(app_commands.Choice(name=label, value=int(o.action.get("card", 0))))
    return out[:25]


async def bid_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    try:
        _, prompt = await _my_prompt(interaction, getattr(interaction.namespace, "game", None), BID_RULE)
    except (UserError, StoreError):  # nothing asked of this user here: nothing to complete
        return []
    return [
        app_commands.Choice(name=o.label, value=int(o.action.get("amount", 0)))
        for o in prompt.options
        if current.strip() in o.label
    ][:25]


def move_groups(prompt: Prompt) -> dict[str, list[int]]:
    """Source area -> the unit ids that may move from there: the picker's candidates
    (``runewars_units.move_candidates``), built from the prompt alone."""
    out: dict[str, list[int]] = {}
    for c in move_candidates(prompt):
        out.setdefault(c.area, []).append(int(c.unit or 0))
    return out


def move_action(prompt: Prompt, area: str, count: int | None) -> dict[str, Any]:
    """``/rw move``: the first ``count`` movable units of ``area`` (all by default) as the action,
    paying for the portals only when one of them needs them (RW-34.4.3)."""
    picker = build_picker(prompt)
    assert picker is not None
    indexes = [i for i, c in enumerate(picker.candidates) if c.area == area]
    return picker.action(indexes[: count or len(indexes)])


async def move_from_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Areas with units that may move, from the prompt and the public board (never another seat's secrets)."""
    try:
        _, prompt = await _my_prompt(interaction, getattr(interaction.namespace, "game", None), MOVE_RULE)
    except (UserError, StoreError):  # nothing asked of this user here: nothing to complete
        return []
    names = {int(c["unit"]): unit_type_name(str(c.get("type"))) for c in prompt_candidates(prompt) if "unit" in c}
    out = []
    for area, ids_ in sorted(move_groups(prompt).items()):
        kinds: dict[str, int] = {}
        for uid in ids_:
            kinds[names[uid]] = kinds.get(names[uid], 0) + 1
        label = f"{area}: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
        if current.casefold() in label.casefold():
            out.append(app_commands.Choice(name=text.truncate(label, 100), value=area))
    return out[:25]


class RunewarsCog(
    commands.GroupCog, group_name="rw", group_description="Runewars: your hand, typed orders and rules text"
):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    async def cog_load(self) -> None:
        formatters = getattr(self.r, "panel_formatters", None)
        if isinstance(formatters, dict):
            formatters[RULESET] = format_private
        builders = getattr(self.r, "form_builders", None)
        if isinstance(builders, dict):  # the unit picker replaces the JSON form of unit-list prompts
            builders[RULESET] = open_picker
        client: Any = getattr(self.r, "client", None)
        if hasattr(client, "add_dynamic_items"):
            client.add_dynamic_items(*PICKER_ITEMS)

    async def cog_unload(self) -> None:
        formatters = getattr(self.r, "panel_formatters", None)
        if isinstance(formatters, dict):
            formatters.pop(RULESET, None)
        builders = getattr(self.r, "form_builders", None)
        if isinstance(builders, dict):
            builders.pop(RULESET, None)
        client: Any = getattr(self.r, "client", None)
        if hasattr(client, "remove_dynamic_items"):
            client.remove_dynamic_items(*PICKER_ITEMS)

    # ---- rules text -----------------------------------------------------------------------
    @app_commands.command(name="rule", description="Rules text of an order card, unit type or title")
    @app_commands.describe(name="Order card, unit or title (start typing)")
    async def rule(self, interaction: discord.Interaction, name: str) -> None:
        await self._lookup(interaction, name, rule_entries())

    @rule.autocomplete("name")
    async def _rule_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return entry_choices(current, rule_entries())

    @app_commands.command(name="card", description="Text of any Runewars card or token: tactics, season, quest, hero…")
    @app_commands.describe(name="Card name (start typing)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        await self._lookup(interaction, name, card_entries())

    @card.autocomplete("name")
    async def _card_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return entry_choices(current, card_entries())

    async def _lookup(self, interaction: discord.Interaction, name: str, entries: dict[str, tuple[str, str]]) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            body = entry_text(name, entries)
            if body is None:
                raise UserError(f"Nothing is called {name!r}; pick a name from the list.")
            await self.r.send(interaction, body)

        await self.r.guarded(interaction, work)

    # ---- the private panel ------------------------------------------------------------------
    @app_commands.command(
        name="hand", description="Your Runewars hand: tactics, quests, objective, orders, runes (only you see it)"
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            if record.ruleset != RULESET:
                raise UserError("`/rw hand` is for Runewars games; use `/game hand`.")
            loaded = await self.r.store.load(record.id)
            seats = sorted(s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None)
            if not seats or loaded.state is None:
                raise UserError("You have no seat in a running game here.")
            rs = engine.ruleset(RULESET)
            for seat in seats:
                title = f"🔒 {self.r.title(record)} — your seat {seat + 1} (only you can see this)"
                for page in format_private(rs.view(loaded.state, seat), title=title):
                    await self.r.send(interaction, page)

        await self.r.guarded(interaction, work)

    # ---- typed answers -------------------------------------------------------------------------
    @app_commands.command(
        name="order", description="Choose your secret order card for this season (changeable until all lock in)"
    )
    @app_commands.describe(card="Your order card (start typing)")
    @app_commands.autocomplete(card=order_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def order(
        self, interaction: discord.Interaction, card: app_commands.Range[int, 1, 8], game: int | None = None
    ) -> None:
        await self._typed(interaction, game, ORDER_RULE, {"type": "rw_order", "card": card})

    @app_commands.command(name="bid", description="Your secret influence bid (changeable until all lock in)")
    @app_commands.describe(amount="Influence to bid")
    @app_commands.autocomplete(amount=bid_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def bid(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 0, 99], game: int | None = None
    ) -> None:
        await self._typed(interaction, game, BID_RULE, {"type": "rw_bid", "amount": amount})

    @app_commands.command(name="move", description="Move units into the area you activated: from which area, how many")
    @app_commands.describe(source="Where the units come from (start typing)", count="How many of them (default: all)")
    @app_commands.autocomplete(source=move_from_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def move(
        self,
        interaction: discord.Interaction,
        source: str,
        count: app_commands.Range[int, 1, 16] | None = None,
        game: int | None = None,
    ) -> None:
        await self.r.defer(interaction)

        async def work() -> tuple[Any, Prompt, dict[str, Any]]:
            loaded, prompt = await _my_prompt(interaction, game, MOVE_RULE)
            area = source.strip().upper()
            if area not in move_groups(prompt):
                raise UserError(f"None of your units in {source!r} can move there; pick an area from the list.")
            return loaded, prompt, move_action(prompt, area, count)

        found = await self.r.guarded(interaction, work)
        if found is not None:
            await _answer(interaction, *found)

    async def _typed(
        self, interaction: discord.Interaction, game: int | None, rule: str, action: dict[str, Any]
    ) -> None:
        await self.r.defer(interaction)
        found = await self.r.guarded(interaction, lambda: _my_prompt(interaction, game, rule))
        if found is not None:
            await _answer(interaction, found[0], found[1], action)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RunewarsCog(bot.referee))  # type: ignore[attr-defined]
