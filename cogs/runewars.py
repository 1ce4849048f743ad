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
  (every card and token); ephemeral, from the printed content only, never from the game's
  state. Inside a game's thread they read that game's content pack (docs/content-packs.md);
  elsewhere the shipped content, and the answer says so.

No rule is decided here.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engine
from engine.core import Prompt
from engine.core.text import Msg, Ref, message
from engine.runewars import RUNEWARS, card_texts, is_house, pack_text, rule_texts
from engine.runewars import names as runewars_names
from i18n import EN, Names, render
from i18n.discord_translator import lstr
from store import StoreError

from . import ids, lang, text
from .prompts import referee_of
from .referee import NOT_PLAYING, Referee, UserError
from .runewars_picker import DYNAMIC_ITEMS as PICKER_ITEMS
from .runewars_picker import open_picker
from .runewars_units import build_picker, move_candidates, prompt_candidates
from .table import ARG_GAME, game_autocomplete

log = logging.getLogger(__name__)

RULESET = "runewars"
ORDER_RULE = "RW-7.2"
BID_RULE = "RW-31.2"
MOVE_RULE = "RW-10.7.2"


# ---- the words of this cog (issue 10) -------------------------------------------------------------
CMD_GROUP = message("bot.cmd.rw", "Runewars: your hand, typed orders and rules text")
CMD_RULE = message("bot.cmd.rw.rule", "Rules text of an order card, unit type or title")
ARG_RULE_NAME = message("bot.cmd.arg.rw_rule_name", "Order card, unit or title (start typing)")
CMD_CARD = message("bot.cmd.rw.card", "Text of any Runewars card or token: tactics, season, quest, hero…")
ARG_CARD_NAME = message("bot.cmd.arg.rw_card_name", "Card name (start typing)")
CMD_HAND = message("bot.cmd.rw.hand", "Your Runewars hand: tactics, quests, objective, orders, runes (only you see it)")
CMD_ORDER = message("bot.cmd.rw.order", "Choose your secret order card for this season (changeable until all lock in)")
ARG_ORDER_CARD = message("bot.cmd.arg.rw_order_card", "Your order card (start typing)")
CMD_BID = message("bot.cmd.rw.bid", "Your secret influence bid (changeable until all lock in)")
ARG_AMOUNT = message("bot.cmd.arg.rw_amount", "Influence to bid")
CMD_MOVE = message("bot.cmd.rw.move", "Move units into the area you activated: from which area, how many")
ARG_SOURCE = message("bot.cmd.arg.rw_source", "Where the units come from (start typing)")
ARG_MOVE_COUNT = message("bot.cmd.arg.rw_move_count", "How many of them (default: all)")

NOT_RUNEWARS = message("bot.rw.refused.not_runewars", "`/rw` commands are for Runewars games.")
HAND_NOT_RUNEWARS = message("bot.rw.refused.hand_not_runewars", "`/rw hand` is for Runewars games; use `/game hand`.")
NO_RUNNING_SEAT = message("bot.rw.refused.no_running_seat", "You have no seat in a running game here.")
NOT_ASKED = message("bot.rw.refused.not_asked", "The game is not asking you for that right now.")
NOTHING_CALLED = message("bot.rw.refused.nothing_called", "Nothing is called {name}; pick a name from the list.")
CANNOT_MOVE_FROM = message(
    "bot.rw.refused.cannot_move_from", "None of your units in {area} can move there; pick an area from the list."
)
HAND_TITLE = message("bot.rw.hand.title", "🔒 {title} — your seat {seat} (only you can see this)")
MOVE_CHOICE = message("bot.rw.move.choice", "{area}: {units}")
UNITS_OF_KIND = message("bot.rw.move.units_of_kind", "{n} {unit}")

# The private panel.
PANEL_SEAT = message(
    "bot.rw.panel.seat",
    "**{faction}** · influence {influence} · dials food {food} / wood {wood} / ore {ore} · strongholds: {strongholds}",
)
PANEL_TITLES = message("bot.rw.panel.titles", "Titles: {titles}")
PANEL_ORDERS = message("bot.rw.panel.orders", "**Order cards in hand:** {cards}")
PANEL_ORDERS_USED = message("bot.rw.panel.orders_used", "**Order cards in hand:** {cards} · used this year: {used}")
ORDER_CARD = message("bot.rw.panel.order_card", "#{number} {name}")
CHOSEN_ORDER = message("bot.rw.panel.chosen_order", "order card #{number} {name}")
CHOSEN_BID = message("bot.rw.panel.chosen_bid", "bid {amount}")
CHOSEN = message(
    "bot.rw.panel.chosen", "Your secret choice so far: **{what}** (you may change it until everyone has locked in)"
)
PANEL_TACTICS = message("bot.rw.panel.tactics", "**Tactics cards ({count}):**")
TACTIC_LINE = message("bot.rw.panel.tactic", "• **{name}** [{timing}]: {text}")
TACTIC_LATER = message("bot.rw.panel.tactic_later", "• **{name}** [{timing}] *(playable from next season)*: {text}")
PANEL_QUESTS = message("bot.rw.panel.quests", "**Quest cards:** {quests}")
QUEST_ITEM = message("bot.rw.panel.quest", "{name} ({id})")
PANEL_OBJECTIVE = message("bot.rw.panel.objective", "**Objective:** {name}: {text}")
PANEL_RUNES = message("bot.rw.panel.runes", "**Runes you may look at:** {runes}")
RUNE_ITEM = message("bot.rw.panel.rune", "{area}: {rune}")
HERO_LINE = message("bot.rw.panel.hero", "• Hero **{name}** in {area}: {damage}/{health} damage, {rewards}")
NO_REWARDS = message("bot.rw.panel.no_rewards", "no rewards")

# Rules text by name: the printed content in the reader's language (engine.runewars.names).
KIND_WORDS = {
    "order": message("bot.rw.kind.order", "order card"),
    "unit": message("bot.rw.kind.unit", "unit"),
    "title": message("bot.rw.kind.title", "title"),
    "tactics": message("bot.rw.kind.tactics", "tactics card"),
    "season": message("bot.rw.kind.season", "season card"),
    "quest": message("bot.rw.kind.quest", "quest card"),
    "reward": message("bot.rw.kind.reward", "reward card"),
    "hero": message("bot.rw.kind.hero", "hero"),
    "objective": message("bot.rw.kind.objective", "objective card"),
    "city": message("bot.rw.kind.city", "city"),
}
TIMINGS = {
    "attribute_test": message("bot.rw.timing.attribute_test", "attribute test"),
    "diplomacy": message("bot.rw.timing.diplomacy", "diplomacy"),
    "own_turn": message("bot.rw.timing.own_turn", "own turn"),
    "quest_phase": message("bot.rw.timing.quest_phase", "quest phase"),
    "start_of_battle": message("bot.rw.timing.start_of_battle", "start of battle"),
    "start_of_duel": message("bot.rw.timing.start_of_duel", "start of duel"),
}
ENTRY_HEAD = message("bot.rw.entry.head", "📜 **{name}**")
# Issue 11: house (invented) content is marked wherever a player sees it.
ENTRY_HOUSE = message(
    "bot.rw.entry.house",
    "-# 🏠 House content: invented for this bot so a full game plays; your printed game may differ.",
)
HOUSE_MARK = message("bot.rw.house_mark", "🏠")
PANEL_HOUSE_NOTE = message(
    "bot.rw.panel.house_note", "-# 🏠 = house content, invented for this bot (not the printed card)."
)
ENTRY_NAME = message("bot.rw.entry.name", "{name} ({kind})")
ENTRY_ORDER_NAME = message("bot.rw.entry.order_name", "#{number} {name} ({kind})")
ENTRY_TACTICS_NAME = message("bot.rw.entry.tactics_name", "{name} ({kind}, {timing})")
ENTRY_SEASON_NAME = message("bot.rw.entry.season_name", "{name} ({season} {kind})")
ORDER_BODY = message(
    "bot.rw.entry.order",
    "**Basic ability:** {basic}\n**Highest bonus:** {bonus}\n"
    "The bonus applies when the card's number is higher than every order card you used this year (RW-7.6).",
)
UNIT_STATS = message(
    "bot.rw.entry.unit_stats",
    "Shape {shape} · health {health} · initiative {initiative} · traits: {traits} · {count} figures",
)
HERO_STATS = message(
    "bot.rw.entry.hero_stats",
    "Health {health} · strength {strength} · agility {agility} · wisdom {wisdom} · {alignment}",
)
ABILITY = message("bot.rw.entry.ability", "**Ability:** {text}")
SPECIAL = message("bot.rw.entry.special", "**{name}:** {text}")
QUEST_AREA = message("bot.rw.entry.quest_area", "{text} · area {area}")
CITY_BODY = message(
    "bot.rw.entry.city",
    "Rally Support benefits: neutral units, {tactics} tactics card(s), {influence} influence "
    "or {quests} quest card(s).",
)
RULE_LINE = message("bot.rw.entry.rule", "-# rule {rule}")
ENTRY_SHIPPED = message(
    "bot.rw.entry.shipped",
    "-# The bot's shipped content: in a game's thread, `/rw card` and `/rw rule` show that game's content pack.",
)
NONE = message("bot.rw.none", "none")


def rule_entries(locale: str = EN, pack: str | None = None) -> dict[str, tuple[str, str]]:
    """Order cards, unit types and titles: key -> (name shown, rules text) in ``locale``, from the
    engine's printed-content API (``engine.runewars.rule_texts`` and its names), never from a game's
    state; ``pack`` is a game's content pack text (docs/content-packs.md), None for the shipped content."""
    return _localized("rule", locale, pack)


def card_entries(locale: str = EN, pack: str | None = None) -> dict[str, tuple[str, str]]:
    """Every card and token with printed text: key -> (name shown, text). Includes the rule entries."""
    return _localized("card", locale, pack)


@lru_cache(maxsize=16)
def _localized(which: str, locale: str, pack: str | None = None) -> dict[str, tuple[str, str]]:
    english = rule_texts(pack) if which == "rule" else card_texts(pack)
    if locale == EN:
        return dict(english)
    return {key: localized_entry(key, name, body, locale, pack) for key, (name, body) in english.items()}


_UNIT_STATS = re.compile(r"Shape (\w+) · health (\d+) · initiative (\d+) · traits: (.*) · (\d+) figures")
_HERO_STATS = re.compile(r"Health (\d+) · strength (\d+) · agility (\d+) · wisdom (\d+) · (\w+)")
_CITY = re.compile(r".*?(\d+) tactics card\(s\), (\d+) influence or (\d+) quest card\(s\)")
_RULE = re.compile(r"-# rule (\S+)")


def localized_entry(key: str, name: str, body: str, locale: str, pack: str | None = None) -> tuple[str, str]:
    """One entry in ``locale``: names and card texts from the content's translations, the numbers
    read from the engine's English entry (they are the same in every language)."""
    kind, entry_id = key.split(":", 1)
    rw = RUNEWARS.names_for_options({"content_pack": pack}) if pack else runewars_names()

    def say(msg: Msg) -> str:
        return render(msg, locale, rw)

    def field(path: str) -> str:
        return rw.text(kind, entry_id, path, locale) or ""

    kind_word = KIND_WORDS[kind]() if kind in KIND_WORDS else kind
    own = Ref(kind=kind, id=entry_id)
    lines: list[str] = []
    if kind == "order":
        shown = say(ENTRY_ORDER_NAME(number=entry_id, name=own, kind=kind_word))
        lines.append(say(ORDER_BODY(basic=field("basic_ability"), bonus=field("highest_bonus") or NONE())))
    elif kind == "unit":
        shown = say(ENTRY_NAME(name=own, kind=kind_word))
        m = _UNIT_STATS.search(body)
        if m:
            traits = [Ref(kind="trait", id=t) for t in m.group(4).split(", ") if t and t != "none"]
            stats = UNIT_STATS(
                shape=Ref(kind="shape", id=m.group(1)),
                health=int(m.group(2)),
                initiative=int(m.group(3)),
                traits=traits or NONE(),
                count=int(m.group(5)),
            )
            lines.append(say(stats))
        lines.append(say(SPECIAL(name=field("special.name"), text=field("special.text"))))
    elif kind == "hero":
        shown = say(ENTRY_NAME(name=own, kind=kind_word))
        m = _HERO_STATS.search(body)
        if m:
            health, strength, agility, wisdom = (int(g) for g in m.groups()[:4])
            alignment = Ref(kind="alignment", id=m.group(5))
            lines.append(
                say(HERO_STATS(health=health, strength=strength, agility=agility, wisdom=wisdom, alignment=alignment))
            )
        lines.append(say(ABILITY(text=field("ability.text"))))
    elif kind == "tactics":
        timing = re.search(r", ([^,()]+)\)$", name)
        raw = timing.group(1).replace(" ", "_") if timing else ""
        shown = say(ENTRY_TACTICS_NAME(name=own, kind=kind_word, timing=TIMINGS[raw]() if raw in TIMINGS else raw))
        lines.append(field("text"))
    elif kind == "season":
        season = re.search(r"\((\w+) season card\)$", name)
        which = Ref(kind="season", id=season.group(1)) if season else ""
        shown = say(ENTRY_SEASON_NAME(name=own, season=which, kind=kind_word))
        lines.append(field("text"))
    elif kind == "quest":
        shown = say(ENTRY_NAME(name=own, kind=kind_word))
        area = re.search(r" · area (\w+)", body)
        instructions = field("instructions")
        lines.append(say(QUEST_AREA(text=instructions, area=area.group(1))) if area else instructions)
        lines.append(f"*{field('flavour')}*")
    elif kind == "city":
        shown = say(ENTRY_NAME(name=own, kind=kind_word))
        m = _CITY.search(body)
        if m:
            tactics, influence, quests = (int(g) for g in m.groups())
            lines.append(say(CITY_BODY(tactics=tactics, influence=influence, quests=quests)))
    else:
        shown = say(ENTRY_NAME(name=own, kind=kind_word))
        lines.append(field("text"))
    rule = _RULE.search(body)
    if rule:
        lines.append(say(RULE_LINE(rule=rule.group(1))))
    return shown, "\n".join(line for line in lines if line)


def _norm(s: str) -> str:
    """Case- and punctuation-blind, but keeping every script's letters (Chinese names are typed too)."""
    return re.sub(r"[\W_]+", " ", s.casefold()).strip()


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


def entry_text(
    query: str, entries: dict[str, tuple[str, str]], locale: str = EN, house: Callable[[str], bool] = is_house
) -> str | None:
    """The entry's name and text; a house entry (``house(key)``) says so under its text."""
    keys = find_entries(query, entries)
    if not keys:
        return None
    name, body = entries[keys[0]]
    note = f"\n{render(ENTRY_HOUSE(), locale)}" if house(keys[0]) else ""
    head = render(ENTRY_HEAD(name=name), locale)
    return text.truncate(f"{head}\n{body}", text.MAX_CONTENT - len(note)) + note


def entry_choices(current: str, entries: dict[str, tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=text.truncate(entries[k][0], 100), value=k)
        for k in find_entries(current, entries)[:25]
    ]


# ---- the private panel as text -------------------------------------------------------------------
def format_private(
    view: dict[str, Any],
    *,
    title: str,
    locale: str = EN,
    names: Names | None = None,
    pack: str | None = None,
) -> list[str]:
    """A seat's private view as messages (in ``locale``): what only this seat knows, then its
    public standing. Every name is a ``Ref`` of the view's ids through the content's names.
    Cards, quests, the objective and heroes that are house content (``house("kind:id")``, the
    game's content pack ``pack`` included) carry a 🏠 mark (issue 11). Without ``pack``, the pack the
    view names (its ``content_hash``) is used: ``/game hand`` and ``/gm view-as`` pass only the view."""
    pack = pack or pack_text(view.get("content_hash"))
    rw = RUNEWARS.names_for_options({"content_pack": pack}) if pack else runewars_names()
    resolver: Names = names if names is not None else rw
    say: Callable[[Msg], str] = lambda msg: render(msg, locale, resolver)  # noqa: E731 - a one-line renderer
    marked: list[str] = []

    def mark(kind: str, entry_id: Any) -> str:
        """``🏠 `` before a house entry's line (and remember to explain the mark)."""
        if entry_id is None or not is_house(f"{kind}:{entry_id}", pack):
            return ""
        marked.append(f"{kind}:{entry_id}")
        return say(HOUSE_MARK()) + " "

    def card_text(kind: str, card: Any, fallback: Any) -> str:
        return rw.text(kind, str(card), "text", locale) or str(fallback or "")

    me = view.get("me") or {}
    seat = me.get("seat")
    panel: dict[str, Any] = next((s for s in view.get("seats", []) if s.get("seat") == seat), {})
    lines = [f"**{title}**"]
    if panel:
        dials = panel.get("dials") or {}
        faction: Any = Ref(kind="faction", id=str(panel["faction"])) if panel.get("faction") else "—"
        lines.append(
            say(
                PANEL_SEAT(
                    faction=faction,
                    influence=panel.get("influence", 0),
                    food=dials.get("food", 0),
                    wood=dials.get("wood", 0),
                    ore=dials.get("ore", 0),
                    strongholds=list(panel.get("strongholds") or []) or "—",
                )
            )
        )
        if panel.get("titles"):
            lines.append(say(PANEL_TITLES(titles=[Ref(kind="title", id=str(t)) for t in panel["titles"]])))
    hand = me.get("order_hand") or []
    used = panel.get("orders_used") or []
    cards: Any = [ORDER_CARD(number=c, name=Ref(kind="order", id=str(c))) for c in hand] or "—"
    if used:
        lines.append(say(PANEL_ORDERS_USED(cards=cards, used=[f"#{c}" for c in used])))
    else:
        lines.append(say(PANEL_ORDERS(cards=cards)))
    chosen = me.get("chosen")
    if chosen:
        what: Any = (
            CHOSEN_ORDER(number=chosen["card"], name=Ref(kind="order", id=str(chosen["card"])))
            if "card" in chosen
            else (CHOSEN_BID(amount=chosen["amount"]) if "amount" in chosen else str(chosen))
        )
        lines.append(say(CHOSEN(what=what)))
    tactics = me.get("tactics") or []
    lines.append(say(PANEL_TACTICS(count=len(tactics))) + ("" if tactics else " —"))
    for t in tactics:
        raw = str(t.get("timing", ""))
        timing: Any = TIMINGS[raw]() if raw in TIMINGS else raw.replace("_", " ")
        line = TACTIC_LATER if t.get("playable_from_next_season") else TACTIC_LINE
        name: Any = Ref(kind="tactics", id=str(t["id"])) if t.get("id") else str(t.get("name"))
        body = card_text("tactics", t.get("id"), t.get("text"))
        lines.append(mark("tactics", t.get("id")) + text.truncate(say(line(name=name, timing=timing, text=body)), 400))
    quests = me.get("quests") or (view.get("heroes") or {}).get("my_quests") or []
    shown_quests: Any = [
        mark("quest", q) + say(QUEST_ITEM(name=Ref(kind="quest", id=str(q)), id=str(q))) for q in quests
    ] or "—"
    lines.append(say(PANEL_QUESTS(quests=shown_quests)))
    objective = me.get("objective")
    if objective:
        goal: Any = Ref(kind="objective", id=str(objective["id"])) if objective.get("id") else objective.get("name")
        body = card_text("objective", objective.get("id"), objective.get("text"))
        lines.append(
            mark("objective", objective.get("id")) + text.truncate(say(PANEL_OBJECTIVE(name=goal, text=body)), 400)
        )
    runes = me.get("runes") or {}
    if runes:
        seen = [RUNE_ITEM(area=a, rune=Ref(kind="rune", id=str(f))) for a, f in sorted(runes.items())]
        lines.append(say(PANEL_RUNES(runes=seen)))
    heroes = [h for h in (view.get("heroes") or {}).get("heroes", []) if h.get("owner") == seat]
    for h in heroes:
        held = [
            Ref(kind="reward", id=str(r["card"])) if isinstance(r, dict) and r.get("card") else str(r)
            for r in h.get("rewards") or []
        ]
        rewards: Any = held or NO_REWARDS()
        who: Any = Ref(kind="hero", id=str(h["card"])) if h.get("card") else str(h.get("name"))
        hero = HERO_LINE(
            name=who,
            area=str(h.get("area")),
            damage=h.get("damage") or 0,
            health=h.get("health") if h.get("health") is not None else "?",
            rewards=rewards,
        )
        lines.append(mark("hero", h.get("card")) + text.truncate(say(hero), 300))
    if marked:
        lines.append(say(PANEL_HOUSE_NOTE()))
    return text.chunk("\n".join(lines))


# ---- typed answers ----------------------------------------------------------------------------------


async def _my_prompt(interaction: discord.Interaction, game_id: int | None, rule: str) -> tuple[Any, Prompt]:
    referee = referee_of(interaction)
    record = await referee.resolve_game(interaction, game_id)
    if record.ruleset != RULESET:
        raise UserError(NOT_RUNEWARS())
    loaded = await referee.store.load(record.id)
    mine = {s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None}
    if not mine:
        raise UserError(NOT_PLAYING())
    prompt = next((p for p in loaded.prompts if p.seat in mine and p.rule == rule), None)
    if prompt is None:
        raise UserError(NOT_ASKED())
    return loaded, prompt


async def _answer(interaction: discord.Interaction, loaded: Any, prompt: Prompt, action: dict[str, Any]) -> None:
    ref = ids.PromptRef(ids.OPTION, loaded.game.id, prompt.seat, ids.key_hash(prompt.key), 0)
    index = next((i for i, o in enumerate(prompt.options) if o.action == action), None)
    await referee_of(interaction).choose(interaction, ref, index=index, action=None if index is not None else action)


async def order_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    try:
        loaded, prompt = await _my_prompt(interaction, getattr(interaction.namespace, "game", None), ORDER_RULE)
    except (UserError, StoreError):  # nothing asked of this user here: nothing to complete
        return []
    shown = await _shown(interaction, loaded, prompt)
    out = []
    for o, s in zip(prompt.options, shown.options, strict=True):
        label = text.truncate(s.label + (f" — {s.description}" if s.description else ""), 100)
        if _norm(current) in _norm(label) or _norm(current) in _norm(o.label):
            out.append(app_commands.Choice(name=label, value=int(o.action.get("card", 0))))
    return out[:25]


async def bid_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    try:
        loaded, prompt = await _my_prompt(interaction, getattr(interaction.namespace, "game", None), BID_RULE)
    except (UserError, StoreError):  # nothing asked of this user here: nothing to complete
        return []
    shown = await _shown(interaction, loaded, prompt)
    return [
        app_commands.Choice(name=text.truncate(s.label, 100), value=int(o.action.get("amount", 0)))
        for o, s in zip(prompt.options, shown.options, strict=True)
        if current.strip() in s.label or current.strip() in o.label
    ][:25]


async def _shown(interaction: discord.Interaction, loaded: Any, prompt: Prompt) -> Prompt:
    """``prompt`` in the asker's language (keys and actions unchanged)."""
    referee = referee_of(interaction)
    names = referee.names(loaded.game, {s.seat: s for s in loaded.seats if s.seat is not None})
    return lang.localize_prompt(prompt, await referee.locale(interaction), names)


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
    locale = await referee_of(interaction).locale(interaction)
    rw = runewars_names()
    types = {int(c["unit"]): str(c.get("type")) for c in prompt_candidates(prompt) if "unit" in c}
    out = []
    for area, ids_ in sorted(move_groups(prompt).items()):
        kinds: dict[str, int] = {}
        for uid in ids_:
            kinds[types[uid]] = kinds.get(types[uid], 0) + 1
        units = [UNITS_OF_KIND(n=n, unit=Ref(kind="unit", id=k)) for k, n in sorted(kinds.items())]
        label = render(MOVE_CHOICE(area=area, units=units), locale, rw)
        if current.casefold() in label.casefold():
            out.append(app_commands.Choice(name=text.truncate(label, 100), value=area))
    return out[:25]


class RunewarsCog(commands.GroupCog, group_name="rw", group_description=lstr(CMD_GROUP)):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    async def cog_load(self) -> None:
        # the unit picker replaces the JSON form of unit-list prompts
        self.r.register_game(RULESET, panel=format_private, builder=open_picker, items=PICKER_ITEMS)

    async def cog_unload(self) -> None:
        self.r.unregister_game(RULESET, PICKER_ITEMS)

    # ---- rules text -----------------------------------------------------------------------
    @app_commands.command(name="rule", description=lstr(CMD_RULE))
    @app_commands.describe(name=lstr(ARG_RULE_NAME))
    async def rule(self, interaction: discord.Interaction, name: str) -> None:
        await self._lookup(interaction, name, rule_entries)

    @rule.autocomplete("name")
    async def _rule_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.choices(interaction, current, rule_entries)

    @app_commands.command(name="card", description=lstr(CMD_CARD))
    @app_commands.describe(name=lstr(ARG_CARD_NAME))
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        await self._lookup(interaction, name, card_entries)

    @card.autocomplete("name")
    async def _card_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.choices(interaction, current, card_entries)

    async def choices(
        self,
        interaction: discord.Interaction,
        current: str,
        entries: Callable[[str, str | None], dict[str, tuple[str, str]]],
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete of ``/rw rule`` and ``/rw card``: in a pack game's thread, the pack's names."""
        _, pack = await self._thread_content(interaction)
        return entry_choices(current, entries(await self.r.locale(interaction), pack))

    async def _thread_content(self, interaction: discord.Interaction) -> tuple[bool, str | None]:
        """Whether this is a Runewars game's thread, and that game's content pack (docs/content-packs.md):
        in its thread ``/rw card`` and ``/rw rule`` read the game's own texts and house marks."""
        if not interaction.channel_id:
            return False, None
        try:
            game = await self.r.store.game_by_thread(interaction.channel_id)
        except StoreError:  # the store cannot answer: the shipped content, said as such
            return False, None
        if game is None or game.ruleset != RULESET:
            return False, None
        pack = game.options.get("content_pack")
        return True, pack if isinstance(pack, str) else None

    async def _lookup(
        self,
        interaction: discord.Interaction,
        name: str,
        entries: Callable[[str, str | None], dict[str, tuple[str, str]]],
    ) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            locale = await self.r.locale(interaction)
            in_game, pack = await self._thread_content(interaction)
            shown = entries(locale, pack)
            keys = find_entries(name, shown) or find_entries(name, entries(EN, pack))  # an English name works too
            if not keys:
                raise UserError(NOTHING_CALLED(name=repr(name)))
            body = entry_text(keys[0], shown, locale, house=lambda key: is_house(key, pack))
            assert body is not None  # an exact key always finds itself
            if not in_game:  # out of a game's thread: say whose content this is
                body += "\n" + render(ENTRY_SHIPPED(), locale)  # a long entry goes out in two parts
            await self.r.send(interaction, body)

        await self.r.guarded(interaction, work)

    # ---- the private panel ------------------------------------------------------------------
    @app_commands.command(name="hand", description=lstr(CMD_HAND))
    @app_commands.describe(game=lstr(ARG_GAME))
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            record = await self.r.resolve_game(interaction, game)
            if record.ruleset != RULESET:
                raise UserError(HAND_NOT_RUNEWARS())
            loaded = await self.r.store.load(record.id)
            seats = sorted(s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None)
            if not seats or loaded.state is None:
                raise UserError(NO_RUNNING_SEAT())
            rs = engine.ruleset(RULESET)
            locale = await self.r.locale(interaction)
            names = self.r.names(record, {s.seat: s for s in loaded.seats if s.seat is not None})
            pack = record.options.get("content_pack")  # the game's content pack: its texts and house marks
            for seat in seats:
                title = render(HAND_TITLE(title=self.r.title(record), seat=seat + 1), locale)
                view = rs.view(loaded.state, seat)
                shown = format_private(
                    view, title=title, locale=locale, names=names, pack=pack if isinstance(pack, str) else None
                )
                for page in shown:
                    await self.r.send(interaction, page)

        await self.r.guarded(interaction, work)

    # ---- typed answers -------------------------------------------------------------------------
    @app_commands.command(name="order", description=lstr(CMD_ORDER))
    @app_commands.describe(card=lstr(ARG_ORDER_CARD), game=lstr(ARG_GAME))
    @app_commands.autocomplete(card=order_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def order(
        self, interaction: discord.Interaction, card: app_commands.Range[int, 1, 8], game: int | None = None
    ) -> None:
        await self._typed(interaction, game, ORDER_RULE, {"type": "rw_order", "card": card})

    @app_commands.command(name="bid", description=lstr(CMD_BID))
    @app_commands.describe(amount=lstr(ARG_AMOUNT), game=lstr(ARG_GAME))
    @app_commands.autocomplete(amount=bid_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def bid(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 0, 99], game: int | None = None
    ) -> None:
        await self._typed(interaction, game, BID_RULE, {"type": "rw_bid", "amount": amount})

    @app_commands.command(name="move", description=lstr(CMD_MOVE))
    @app_commands.describe(source=lstr(ARG_SOURCE), count=lstr(ARG_MOVE_COUNT), game=lstr(ARG_GAME))
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
                raise UserError(CANNOT_MOVE_FROM(area=repr(source)))
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
