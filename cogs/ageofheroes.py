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
* **A readable private panel.** ``/game hand`` and ``/gm view-as`` show the hand grouped by
  kind with counts and each card's rules line, the seat's armies, cities, monument progress
  and open trade offers (``format_private``, registered in the referee's
  ``panel_formatters``), in the reader's language, instead of the generic key/value dump.
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
    CardCount,
    card_count,
    card_kind,
    card_kinds,
    card_name,
    card_rules_in,
    card_rules_msg,
    content_of_view,
    game_content,
    tradable_kinds,
)
from engine.ageofheroes import names as aoh_names
from engine.core import Prompt
from engine.core.content_packs import shown_options
from engine.core.text import Msg, Ref, message
from i18n import EN, Names, render
from i18n.discord_translator import lstr
from store import StoreError

from . import ids, lang, text
from .layout import ButtonSpec, Layout
from .prompts import referee_of, selected_values
from .referee import Referee, UserError
from .table import ARG_GAME, game_autocomplete

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
    r":(?P<give>[a-z]{0,30}):(?P<get>[a-z]{0,30})(?::r(?P<market>[0-9]{1,6}))?$"
)
SELECT_TEMPLATE = rf"^{PREFIX}:(?P<op>{'|'.join(SELECT_OPS)})" + _CORE
BUTTON_TEMPLATE = rf"^{PREFIX}:(?P<op>{'|'.join(BUTTON_OPS)})" + _CORE
COUNTER_TEMPLATE = rf"^{COUNTER_PREFIX}:(?P<game>[0-9]{{1,20}}):(?P<seat>[0-9]{{1,2}}):(?P<offer>[0-9]{{1,10}})$"
MAX_ROWS, ROW_WIDTH = 5, 5  # Discord: five rows of five buttons per message

# The words of this cog (issue 10), in the reader's language; cards and tribes are ``Ref``s
# named through the game's content (engine.ageofheroes.names), in the rulebook's terms.
CMD_GROUP = message("bot.cmd.ah", "Age of Heroes: offers and card rules")
CMD_CARD = message("bot.cmd.ah.card", "Rules text of an Age of Heroes card, event or item")
ARG_CARD = message("bot.cmd.arg.ah_card", "Card, event or item (start typing)")
CMD_OFFER = message("bot.cmd.ah.offer", "Offer a Market Day trade by typing (the DM's Make an offer… does the same)")
ARG_TO = message("bot.cmd.arg.ah_to", "The seat you offer the trade to")
ARG_GIVE = message("bot.cmd.arg.ah_give", "Cards you give, e.g. 'iron, 2 grain' (empty: a request)")
ARG_GET = message("bot.cmd.arg.ah_get", "Cards you ask for, e.g. 'wood' (empty: a gift)")

SEAT = message("bot.ah.seat", "seat {seat}")
SEAT_TRIBE = message("bot.ah.seat_tribe", "seat {seat} ({tribe})")
COPY = message("bot.ah.copy", "{card} (copy {n})")
NOTHING = message("bot.ah.nothing", "nothing")
CHOOSE_BELOW = message("bot.ah.builder.choose_below", "*choose below*")
COUNTER_HEAD = message(
    "bot.ah.builder.counter_head", "🤝 **Counter-offer to #{offer}** · {title} · your seat {seat} (only you see this)"
)
COUNTER_TO = message("bot.ah.builder.counter_to", "**{seat}** (who made offer #{offer})")
COUNTER_SEND = message(
    "bot.ah.builder.counter_send",
    "Sending declines offer #{offer} and makes this offer in its place (P-06); "
    "nothing is sent until you press **Send counter-offer**.",
)
NEW_HEAD = message("bot.ah.builder.new_head", "🤝 **New offer** · {title} · your seat {seat} (only you see this)")
NEW_SEND = message(
    "bot.ah.builder.new_send",
    "Nothing is sent until you press **Send offer**; only you and the other side will see the cards.",
)
TO_LINE = message("bot.ah.builder.to", "To: {to}")
GIVE_LINE = message("bot.ah.builder.give", "You give: {cards}")
GET_LINE = message("bot.ah.builder.get", "You ask for: {cards}")
TRADE_WITH = message("bot.ah.builder.trade_with", "Trade with…")
YOU_GIVE = message("bot.ah.builder.you_give", "You give… (your cards)")
YOU_ASK = message("bot.ah.builder.you_ask", "You ask for… (their cards)")
SEND_COUNTER = message("bot.ah.builder.send_counter", "Send counter-offer")
SEND_OFFER = message("bot.ah.builder.send_offer", "Send offer")
DISCARD = message("bot.ah.builder.discard", "Discard draft")
DISCARDED = message("bot.ah.builder.discarded", "🗑️ Draft discarded; nothing was sent.")
COUNTER_BUTTON = message("bot.ah.counter.button", "Counter #{offer}…")
NOT_TRADABLE = message("bot.ah.refused.not_tradable", "{part} is not a card that can be traded. Cards: {cards}.")
BAD_COUNT = message("bot.ah.refused.bad_count", "{part}: give a count between 1 and 10.")
NOT_YOUR_BUTTONS = message(
    "bot.ah.refused.not_your_buttons", "These buttons are for seat {seat}, not for you; nothing was changed."
)
NOT_STARTED = message("bot.ah.refused.not_started", "The game has not started yet.")
TRADING_CLOSED = message("bot.ah.refused.trading_closed", "⛔ Trading is closed right now (AH-4.11); nothing was sent.")
NOT_READY = message("bot.ah.refused.not_ready", "Choose whom to trade with and at least one card first.")
DRAFT_EXPIRED = message(
    "bot.ah.refused.draft_expired",
    "⌛ This draft was made for the Market Day of round {round}, which is over (it is round {now} now); "
    "nothing was sent. Press **Make an offer…** on the current trading message for a new one.",
)
NO_SUCH_CARD = message("bot.ah.refused.no_such_card", "There is no card called {name}; pick one from the list.")
NOT_AOH = message("bot.ah.refused.not_aoh", "`/ah offer` is for Age of Heroes games.")
NO_RUNNING_SEAT = message("bot.ah.refused.no_running_seat", "You have no seat in a running game here.")

# The private panel (issue 12): ``/game hand`` and ``/gm view-as`` for an Age of Heroes seat.
PANEL_TRIBE = message("bot.ah.panel.tribe", "Tribe: {tribe} · special resource: {special}")
PANEL_HAND = message("bot.ah.panel.hand", "**Hand** ({count} cards):")
PANEL_HAND_EMPTY = message("bot.ah.panel.hand_empty", "**Hand**: empty.")
PANEL_CARD = message("bot.ah.panel.card", "• {count}× {rules}")
PANEL_CITIES = message("bot.ah.panel.cities", "**Cities**: {cities} · **fortresses**: {fortresses}")
PANEL_ARMIES = message("bot.ah.panel.armies", "**Armies**: {armies}")
PANEL_ARMY = message("bot.ah.panel.army", "{army} ({status})")
PANEL_ARMY_GENERAL = message("bot.ah.panel.army_general", "{army} with a general ({status})")
PANEL_STATUS_HOME = message("bot.ah.panel.status.home", "at home")
PANEL_STATUS_AWAY = message("bot.ah.panel.status.away", "away")
PANEL_STATUS_SCATTERED = message("bot.ah.panel.status.scattered", "scattered")
PANEL_MONUMENT = message(
    "bot.ah.panel.monument", "**Monument** ({monument}): {count}/{needed} cards of {special} placed"
)
PANEL_OFFERS = message("bot.ah.panel.offers", "**Open trade offers**:")
PANEL_NO_OFFERS = message("bot.ah.panel.no_offers", "**Open trade offers**: none.")
PANEL_OFFER_OUT = message("bot.ah.panel.offer_out", "• #{offer} to {seat}: you give {give}, you get {get}")
PANEL_OFFER_IN = message("bot.ah.panel.offer_in", "• #{offer} from {seat}: you give {give}, you get {get}")
PANEL_ELIMINATED = message("bot.ah.panel.eliminated", "You are out of the game (AH-16).")
STATUS_WORDS: dict[str, Msg] = {
    "home": PANEL_STATUS_HOME(),
    "away": PANEL_STATUS_AWAY(),
    "scattered": PANEL_STATUS_SCATTERED(),
}
# Issue 11: a count the rules post does not print is ours (the content's ``assumed`` list): marked 🏠.
CARD_COPIES = message("bot.ah.card.copies", "{count} in the deck.")
CARD_COPIES_HOUSE = message(
    "bot.ah.card.copies_house", "{count} in the deck 🏠 (our count: the rules post prints none; your box may differ)."
)
CARD_SUPPLY = message("bot.ah.card.supply", "{count} in the supply.")
CARD_SUPPLY_HOUSE = message(
    "bot.ah.card.supply_house", "{count} in the supply 🏠 (our count: the rules post prints none; your box may differ)."
)
CARD_PACK = message("bot.ah.card.pack", "-# This game's content: {content}.")
CARD_SHIPPED = message(
    "bot.ah.card.shipped", "-# The bot's default content: in a game's thread, `/ah card` shows that game's numbers."
)
PANEL_HOUSE_MARK = message("bot.ah.panel.house_mark", "🏠")
PANEL_HOUSE_NOTE = message(
    "bot.ah.panel.house_note", "-# 🏠 = our count of that card: the rules post prints none, your box may differ."
)
MONUMENT_NEEDED = 5  # AH-2.4 / AH-12.3: five cards of the tribe's own special resource complete a monument
CARD_LINE_MAX = 300  # one hand line: the rules paragraph is cut, the count and name always fit


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
    # The round whose Market Day the draft was made for: a draft expires with it, so an old
    # builder message cannot send a round-1 deal in round 4. None: a draft from before this
    # was recorded, which counts as expired.
    market: int | None = None

    def custom_id(self, op: str, alphabet: list[str]) -> str:
        to = "n" if self.to is None else str(self.to)
        if self.counter is not None:
            to += f"c{self.counter}"
        give, get = encode_goods(self.give, alphabet), encode_goods(self.get, alphabet)
        market = f":r{self.market}" if self.market is not None else ""
        out = f"{PREFIX}:{op}:{self.game}:{self.seat}:{to}:{give}:{get}{market}"
        assert len(out) <= ids.MAX_CUSTOM_ID
        return out

    @classmethod
    def from_match(cls, match: re.Match[str], alphabet: list[str]) -> Draft:
        to = None if match["to"] == "n" else int(match["to"])
        counter = int(match["counter"]) if match["counter"] else None
        give, get = decode_goods(match["give"], alphabet), decode_goods(match["get"], alphabet)
        market = int(match["market"]) if match["market"] else None
        return cls(int(match["game"]), int(match["seat"]), to, give, get, counter, market)

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


def _copy_label(kind: str, n: int, locale: str = EN) -> str:
    return card_name(kind, locale) if n == 1 else _say(COPY(card=card_ref(kind), n=n), locale)


def _say(msg: Msg, locale: str) -> str:
    """``msg`` in ``locale``, its cards and tribes named by the game's content."""
    return render(msg, locale, aoh_names())


def copies_msg(copies: CardCount) -> Msg:
    """How many of a card (or item) the game has; 🏠 when that count is ours, not the box's (issue 11)."""
    if copies.item:
        return (CARD_SUPPLY_HOUSE if copies.assumed else CARD_SUPPLY)(count=copies.count)
    return (CARD_COPIES_HOUSE if copies.assumed else CARD_COPIES)(count=copies.count)


def card_ref(card_or_kind: str) -> Ref:
    return Ref(kind="card", id=card_kind(card_or_kind))


def cards_msg(cards: list[str]) -> Any:
    """Several cards as a message parameter (a list of names, or "nothing")."""
    return [card_ref(c) for c in cards] if cards else NOTHING()


def _from_values(values: list[str], alphabet: list[str]) -> list[str]:
    """Select values are a letter plus a copy number (``a2``); the letters are the kinds."""
    return decode_goods("".join(v[:1] for v in values if v[:1].isalpha()), alphabet)


# ---- what one seat may see -------------------------------------------------------------
def seat_view(state: Any, seat: int) -> dict[str, Any]:
    """The seat's own projection (``Ruleset.view``): the only source of what a player is shown here."""
    return RS.view(state, seat)


def seat_label(view: dict[str, Any], seat: int, locale: str = EN) -> str:
    """``seat 2 (Roman)`` from the public part of a view (the engine's ``seat_name``, view-only)."""
    players = view.get("players") or []
    tribe = players[seat].get("tribe") if 0 <= seat < len(players) else None
    if tribe:
        return _say(SEAT_TRIBE(seat=seat + 1, tribe=Ref(kind="tribe", id=str(tribe))), locale)
    return _say(SEAT(seat=seat + 1), locale)


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
    return Draft(
        game_id,
        int(view["seat"]),
        int(offer["frm"]),
        give,
        list(offer.get("give") or []),
        int(offer["id"]),
        market_of(view),
    )


def market_of(view: dict[str, Any]) -> int:
    """The Market Day a draft made now is for: the round in the public part of the view."""
    return int(view.get("round") or 0)


# ---- the builder, from the seat's view ---------------------------------------------------
def builder_content(view: dict[str, Any], draft: Draft, title: lang.Text, locale: str = EN) -> str:
    """The text above the builder's menus, in the drafting player's language."""
    to: Any = f"**{seat_label(view, draft.to, locale)}**" if draft.to is not None else CHOOSE_BELOW()
    if draft.counter is not None:
        head = COUNTER_HEAD(offer=draft.counter, title=title, seat=draft.seat + 1)
        if draft.to is not None:
            to = COUNTER_TO(seat=seat_label(view, draft.to, locale), offer=draft.counter)
        send = COUNTER_SEND(offer=draft.counter)
    else:
        head = NEW_HEAD(title=title, seat=draft.seat + 1)
        send = NEW_SEND()
    lines = [
        head,
        TO_LINE(to=to),
        GIVE_LINE(cards=cards_msg(draft.give)),
        GET_LINE(cards=cards_msg(draft.get)),
        send,
    ]
    return text.truncate("\n".join(_say(line, locale) for line in lines), text.MAX_CONTENT)


def _goods_options(
    draft_kinds: list[str], offered: list[tuple[str, int]], alphabet: list[str], locale: str = EN
) -> list[discord.SelectOption]:
    """One option per copy (``a1``, ``a2``…), pre-selected as far as the draft names that kind."""
    count = Counter(draft_kinds)
    return [
        discord.SelectOption(
            label=_copy_label(k, n, locale), value=f"{chr(ord('a') + alphabet.index(k))}{n}", default=n <= count[k]
        )
        for k, n in offered
    ][:25]


def _wanted(alphabet: list[str]) -> list[tuple[str, int]]:
    """What may be asked for: every tradable kind (public, AH-4.7), up to three of a regular resource."""
    out: list[tuple[str, int]] = []
    for k in alphabet:
        out += [(k, n) for n in range(1, (3 if k in REGULAR else 1) + 1)]
    return out


def builder_items(
    view: dict[str, Any], draft: Draft, alphabet: list[str], locale: str = EN
) -> list[discord.ui.Item[Any]]:
    """The select menus and buttons of the builder; every custom id carries the whole draft.

    Built from the drafting seat's own view: the *give* menu is its hand, the *ask* menu the
    printed card kinds, the *to* menu the public seats. A counter's partner is fixed.
    """
    assert view.get("seat") == draft.seat, "a builder is drawn only from its own seat's view"
    items: list[discord.ui.Item[Any]] = []
    to_options = [
        discord.SelectOption(label=text.truncate(seat_label(view, s, locale), 100), value=str(s), default=s == draft.to)
        for s in partners(view)
    ]
    if to_options and draft.counter is None:
        items.append(BuilderSelect(draft, "to", alphabet, _say(TRADE_WITH(), locale), to_options, 1, 1, row=0))
    give_options = _goods_options(draft.give, copies(hand_kinds(view, alphabet)), alphabet, locale)
    if give_options:
        give_menu = _say(YOU_GIVE(), locale)
        items.append(BuilderSelect(draft, "gv", alphabet, give_menu, give_options, 0, len(give_options), row=1))
    get_options = _goods_options(draft.get, _wanted(alphabet), alphabet, locale)
    ask_menu = _say(YOU_ASK(), locale)
    items.append(BuilderSelect(draft, "gt", alphabet, ask_menu, get_options, 0, len(get_options), row=2))
    send = _say((SEND_COUNTER if draft.counter is not None else SEND_OFFER)(), locale)
    items.append(
        BuilderButton(draft, "go", alphabet, send, discord.ButtonStyle.success, disabled=not draft.ready, row=3)
    )
    discard = _say(DISCARD(), locale)
    items.append(BuilderButton(draft, "x", alphabet, discard, discord.ButtonStyle.secondary, row=3))
    return items


def builder_view(view: dict[str, Any], draft: Draft, alphabet: list[str], locale: str = EN) -> discord.ui.View:
    out = discord.ui.View(timeout=None)
    for item in builder_items(view, draft, alphabet, locale):
        out.add_item(item)
    return out


def trade_prompt(prompts: list[Prompt], seat: int) -> Prompt | None:
    """The seat's open prompt that takes an offer (Market Day trading, or any-time trading)."""
    for prompt in prompts:
        if prompt.seat == seat and (prompt.answer_schema or {}).get("title") == "TradeOffer":
            return prompt
    return None


def parse_goods(raw: str | None, alphabet: list[str]) -> list[str]:
    """``"2 iron, wood"`` or ``"iron x2, wood"`` -> ``["iron", "iron", "wood"]``; unknown names raise UserError.

    A card may be named in any of the bot's languages ("鐵", "铁" or "iron")."""
    names = {k: k for k in alphabet}
    for locale in ("en", "zh_Hans", "zh_Hant"):
        names.update({card_name(k, locale).lower(): k for k in alphabet})
    out: list[str] = []
    for part in filter(None, (p.strip() for p in (raw or "").split(","))):
        m = re.fullmatch(r"(?:(\d+)\s*[x×]?\s+)?(.+?)(?:\s*[x×]\s*(\d+))?", part, flags=re.IGNORECASE)
        count = int((m and (m.group(1) or m.group(3))) or 1)
        name = (m.group(2) if m else part).strip().lower().replace("_", " ")
        kind = names.get(name) or names.get(name.replace(" ", "_"))
        if kind is None:
            raise UserError(NOT_TRADABLE(part=repr(part), cards=[card_ref(k) for k in alphabet]))
        if not 1 <= count <= 10:
            raise UserError(BAD_COUNT(part=repr(part)))
        out += [kind] * count
    return out


# ---- the Counter… buttons on an incoming offer ---------------------------------------------
def incoming_offer_ids(prompt: Prompt) -> list[int]:
    """The offers made to the prompt's seat, which it may counter (P-06): every offer it may decline,
    including those it cannot accept because its hand lacks the cards asked for."""
    return [int(o.action["offer"]) for o in prompt.options if o.action.get("type") == "trade_decline"]


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


def counter_items(game_id: int, prompt: Prompt, layout: Layout, locale: str = EN) -> list[discord.ui.Item[Any]]:
    """The referee's ``prompt_extras`` for Age of Heroes: a Counter… button per incoming offer."""
    if (prompt.answer_schema or {}).get("title") != "TradeOffer":
        return []
    buttons = [CounterButton(game_id, prompt.seat, o, locale) for o in incoming_offer_ids(prompt)]
    return place_after(layout, list(buttons))


# ---- components ----------------------------------------------------------------------


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
        await referee_of(interaction).guarded(interaction, lambda: redraw(interaction, self.draft, self.op, values))


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
        referee = referee_of(interaction)
        if self.op == "x":
            await referee.guarded(
                interaction,
                lambda: _discard(interaction),
            )
            return
        await send_offer(interaction, self.draft)


async def _discard(interaction: discord.Interaction) -> None:
    locale = await referee_of(interaction).locale(interaction)
    await interaction.response.edit_message(content=_say(DISCARDED(), locale), view=None)


class CounterButton(discord.ui.DynamicItem[discord.ui.Button], template=COUNTER_TEMPLATE):
    """**Counter #n…** on the recipient's private offer message: opens the builder with the reverse deal."""

    def __init__(self, game: int, seat: int, offer: int, locale: str = EN) -> None:
        custom_id = f"{COUNTER_PREFIX}:{int(game)}:{int(seat)}:{int(offer)}"
        assert len(custom_id) <= ids.MAX_CUSTOM_ID
        label = _say(COUNTER_BUTTON(offer=offer), locale)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id))
        self.game, self.seat, self.offer = game, seat, offer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["game"]), int(match["seat"]), int(match["offer"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await referee_of(interaction).guarded(
            interaction, lambda: open_counter(interaction, self.game, self.seat, self.offer)
        )


async def _owned(interaction: discord.Interaction, game_id: int, seat: int) -> Any:
    """The loaded game, after checking the presser holds ``seat`` (before anything about it is read)."""
    loaded = await referee_of(interaction).store.load(game_id)
    if not any(s.seat == seat and s.user_id == interaction.user.id for s in loaded.seats):
        raise UserError(NOT_YOUR_BUTTONS(seat=seat + 1))
    if loaded.state is None:
        raise UserError(NOT_STARTED())
    return loaded


async def _show_builder(interaction: discord.Interaction, loaded: Any, view: dict[str, Any], draft: Draft) -> None:
    """Open the builder as the reply: private in a DM anyway, ephemeral in a server channel (the DM fallback)."""
    locale = await referee_of(interaction).locale(interaction)
    content = builder_content(view, draft, Referee.title(loaded.game), locale)
    await interaction.response.send_message(
        content, view=builder_view(view, draft, ALPHABET, locale), ephemeral=interaction.guild_id is not None
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
    if draft.market != market_of(view):
        raise UserError(DRAFT_EXPIRED(round=draft.market if draft.market is not None else "?", now=market_of(view)))
    locale = await referee_of(interaction).locale(interaction)
    content = builder_content(view, draft, Referee.title(loaded.game), locale)
    await interaction.response.edit_message(content=content, view=builder_view(view, draft, alphabet, locale))


STALE_COUNTER = message(
    "bot.ah.counter.stale",
    "⌛ Offer #{offer} is no longer open (it was answered or withdrawn, or trading has closed), "
    "so there is nothing to counter.",
)


async def open_counter(interaction: discord.Interaction, game_id: int, seat: int, offer_id: int) -> None:
    """The **Counter #n…** press: refuse others, answer a stale press kindly, else open the builder."""
    loaded = await _owned(interaction, game_id, seat)
    view = seat_view(loaded.state, seat)
    offer = incoming_offer(view, offer_id)
    if offer is None or trade_prompt(loaded.prompts, seat) is None:
        await referee_of(interaction).send(interaction, STALE_COUNTER(offer=offer_id))
        return
    await _show_builder(interaction, loaded, view, counter_draft(view, game_id, offer))


async def submit(interaction: discord.Interaction, game_id: int, seat: int, action: dict[str, Any]) -> None:
    """Hand an offer to the Referee as the answer to the seat's open trade prompt."""
    referee = referee_of(interaction)
    loaded = await referee.store.load(game_id)
    prompt = trade_prompt(loaded.prompts, seat)
    if prompt is None:
        await referee.defer(interaction)
        await referee.send(interaction, TRADING_CLOSED())
        return
    ref = ids.PromptRef(ids.OPTION, game_id, seat, ids.key_hash(prompt.key), 0)
    await referee.choose(interaction, ref, action=action)


async def send_offer(interaction: discord.Interaction, draft: Draft) -> None:
    referee = referee_of(interaction)

    async def check() -> bool:
        loaded = await _owned(interaction, draft.game, draft.seat)
        now = market_of(seat_view(loaded.state, draft.seat))
        if draft.market != now:
            raise UserError(DRAFT_EXPIRED(round=draft.market if draft.market is not None else "?", now=now))
        if not draft.ready:
            raise UserError(NOT_READY())
        return True

    if await referee.guarded(interaction, check):
        await submit(interaction, draft.game, draft.seat, draft.action())


async def thread_game(referee: Referee, interaction: discord.Interaction) -> Any:
    """The Age of Heroes game whose thread this is, if any (its content: docs/content-packs.md).

    A game whose pack no longer validates is treated as no game: the default content, said as such."""
    if not interaction.channel_id:
        return None
    try:
        game = await referee.store.game_by_thread(interaction.channel_id)
    except StoreError:  # the store cannot answer: the default content, said as such
        return None
    if game is None or game.ruleset != RULESET:
        return None
    try:
        game_content(game.options)
    except ValueError:
        log.warning("game %s: its content pack does not validate", game.id)
        return None
    return game


# ---- autocomplete, from the asker's own view ------------------------------------------------
async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    referee = referee_of(interaction)
    locale = await referee.locale(interaction)
    game = await thread_game(referee, interaction)  # in a game's thread, that game's kinds (its pack's tribes)
    out = []
    for kind in card_kinds(game_content(game.options) if game is not None else "default"):
        label = card_name(kind, locale)
        if current.lower() in label.lower() or current.lower() in kind or current.lower() in card_name(kind).lower():
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
    locale = await referee_of(interaction).locale(interaction)
    out = []
    for seat in partners(view):
        label = seat_label(view, seat, locale)
        if current.lower() in label.lower():
            out.append(app_commands.Choice(name=label, value=seat + 1))
    return out[:25]


def complete_goods(current: str, kinds: list[str], locale: str = EN) -> list[app_commands.Choice[str]]:
    """Completes the last name of a comma-separated list: ``iron, wo`` -> ``iron, wood``
    (names in the asker's language; ``parse_goods`` reads every language)."""
    head, _, last = current.rpartition(",")
    prefix = f"{head.strip()}, " if head.strip() else ""
    out = []
    for kind in dict.fromkeys(kinds):
        label = card_name(kind, locale)
        if last.strip().lower() in label.lower():
            out.append(
                app_commands.Choice(name=text.truncate(prefix + label, 100), value=text.truncate(prefix + label, 100))
            )
    return out[:25]


async def give_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """What you give: only the kinds in your own hand (AH-4.7), read from your view."""
    view = await my_view(interaction)
    locale = await referee_of(interaction).locale(interaction)
    return complete_goods(current, hand_kinds(view, ALPHABET) if view is not None else [], locale)


async def goods_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """What you ask for: every tradable kind (printed, public), never what the other seat holds."""
    return complete_goods(current, ALPHABET, await referee_of(interaction).locale(interaction))


# ---- the private panel as text ---------------------------------------------------------
def _seat_msg(view: dict[str, Any], seat: int) -> Msg:
    """``seat 2 (Roman)`` as a message, from the public part of the view."""
    players = view.get("players") or []
    tribe = players[seat].get("tribe") if 0 <= seat < len(players) else None
    return SEAT_TRIBE(seat=seat + 1, tribe=Ref(kind="tribe", id=str(tribe))) if tribe else SEAT(seat=seat + 1)


def format_private(view: dict[str, Any], *, title: str, locale: str = EN, names: Names | None = None) -> list[str]:
    """A seat's private panel in ``locale``: its hand grouped by kind with what each card does,
    then its armies, cities, monument progress and open trade offers.

    Why only ``view``: the panel must show exactly what the engine lets this seat see (the hand
    is secret, AH-1.6), so it reads the seat's own projection and never the state; the other
    seats appear only through the public ``players`` entries (hand sizes, not cards)."""
    resolver: Names = names if names is not None else aoh_names()

    def say(msg: Msg) -> str:
        return render(msg, locale, resolver)

    seat = view.get("seat")
    players = view.get("players") or []
    me: dict[str, Any] = next((p for p in players if p.get("seat") == seat), {})
    # The game's own content (its pack's numbers and costs) by the view's ``content_id``; a pack game
    # loaded cold has its pack checked as its state loads (``AgeOfHeroes.load_state``). Unknown here
    # only for a pack that no longer validates: the default's rules text and no 🏠 marks, rather
    # than another content's counts.
    content = content_of_view(view)
    marked = False
    lines = [f"**{title}**"]
    if me.get("tribe"):
        special: Any = Ref(kind="card", id=str(me["special_resource"])) if me.get("special_resource") else "—"
        lines.append(say(PANEL_TRIBE(tribe=Ref(kind="tribe", id=str(me["tribe"])), special=special)))
    if me.get("eliminated"):
        lines.append(say(PANEL_ELIMINATED()))
    # The hand, grouped by kind (AH-1.6): counts from the card ids, in the order first held.
    kinds = Counter(card_kind(str(c)) for c in view.get("hand") or [])
    if kinds:
        lines.append(say(PANEL_HAND(count=sum(kinds.values()))))
        for kind, count in kinds.items():
            rules: Any = (card_rules_in(kind, content) if content else card_rules_msg(kind)) or card_ref(kind)
            copies = card_count(kind, content) if content else None
            mark = " " + say(PANEL_HOUSE_MARK()) if copies is not None and copies.assumed else ""
            marked = marked or bool(mark)  # after the cut rules text, so the mark always shows
            lines.append(text.truncate(say(PANEL_CARD(count=count, rules=rules)), CARD_LINE_MAX) + mark)
    else:
        lines.append(say(PANEL_HAND_EMPTY()))
    if me:
        lines.append(say(PANEL_CITIES(cities=me.get("cities", 0), fortresses=me.get("fortresses", 0))))
        armies: Any = [
            (PANEL_ARMY_GENERAL if a.get("general") else PANEL_ARMY)(
                army=Ref(kind="army", id=str(a.get("id"))),
                status=STATUS_WORDS.get(str(a.get("status")), str(a.get("status"))),
            )
            for a in me.get("armies") or []
        ] or NOTHING()
        lines.append(say(PANEL_ARMIES(armies=armies)))
        if me.get("tribe"):  # AH-12: placed cards are public; five complete the monument (AH-2.4)
            lines.append(
                say(
                    PANEL_MONUMENT(
                        monument=Ref(kind="monument", id=str(me["tribe"])),
                        count=int(me.get("monument") or 0),
                        needed=MONUMENT_NEEDED,
                        special=Ref(kind="card", id=str(me.get("special_resource") or "")),
                    )
                )
            )
    # Open offers this seat made or received (AH-4.12): the view's own ``my_trades`` only.
    offers = view.get("my_trades") or []
    if not offers:
        lines.append(say(PANEL_NO_OFFERS()))
    else:
        lines.append(say(PANEL_OFFERS()))
        for o in offers:
            give, get = [str(c) for c in o.get("give") or []], [str(c) for c in o.get("get") or []]
            if o.get("frm") == seat:
                line = PANEL_OFFER_OUT(
                    offer=o.get("id"),
                    seat=_seat_msg(view, int(o.get("to", -1))),
                    give=cards_msg(give),
                    get=cards_msg(get),
                )
            else:  # made to this seat: the maker gives ``give``, so this seat receives it
                line = PANEL_OFFER_IN(
                    offer=o.get("id"),
                    seat=_seat_msg(view, int(o.get("frm", -1))),
                    give=cards_msg(get),
                    get=cards_msg(give),
                )
            lines.append(say(line))
    if marked:
        lines.append(say(PANEL_HOUSE_NOTE()))
    return text.chunk("\n".join(lines))


# ---- the cog --------------------------------------------------------------------------
class AgeOfHeroesCog(commands.GroupCog, group_name="ah", group_description=lstr(CMD_GROUP)):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    async def cog_load(self) -> None:
        self.r.register_game(
            RULESET,
            panel=format_private,
            builder=self.open_builder,
            extras=counter_items,
            items=(BuilderSelect, BuilderButton, CounterButton),
        )

    async def cog_unload(self) -> None:
        self.r.unregister_game(RULESET, (BuilderSelect, BuilderButton, CounterButton))

    async def open_builder(
        self, interaction: discord.Interaction, ref: ids.PromptRef, prompt: Prompt, loaded: Any
    ) -> bool:
        """The trade prompt's **Make an offer…** button: the builder instead of a JSON form."""
        if (prompt.answer_schema or {}).get("title") != "TradeOffer" or loaded.state is None:
            return False
        view = seat_view(loaded.state, ref.seat)
        await _show_builder(interaction, loaded, view, Draft(ref.game, ref.seat, market=market_of(view)))
        return True

    @app_commands.command(name="card", description=lstr(CMD_CARD))
    @app_commands.describe(name=lstr(ARG_CARD))
    @app_commands.autocomplete(name=card_autocomplete)
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            game = await thread_game(self.r, interaction)
            content = game_content(game.options) if game is not None else game_content()
            body = card_rules_in(name, content)
            if body is None:
                raise UserError(NO_SUCH_CARD(name=repr(name)))
            locale = await self.r.locale(interaction)
            lines = [_say(body, locale)]
            copies = card_count(name, content)
            if copies is not None:
                lines.append(_say(copies_msg(copies), locale))
            if game is None:  # out of a game's thread: say whose numbers these are
                lines.append(_say(CARD_SHIPPED(), locale))
            elif game.options.get("content_pack"):  # a pack game: the pack as the table knows it (name, short hash)
                lines.append(_say(CARD_PACK(content=shown_options(game.options)["content"]), locale))
            await self.r.send(interaction, "\n".join(lines))

        await self.r.guarded(interaction, work)

    @app_commands.command(name="offer", description=lstr(CMD_OFFER))
    @app_commands.describe(to=lstr(ARG_TO), give=lstr(ARG_GIVE), get=lstr(ARG_GET), game=lstr(ARG_GAME))
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
                raise UserError(NOT_AOH())
            loaded = await self.r.store.load(record.id)
            seat = next((s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None), None)
            if seat is None or loaded.state is None:
                raise UserError(NO_RUNNING_SEAT())
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
