"""Heroes III Clash on Discord (issue 17): the seat's private panel, in the reader's language.

The generic table does the rest: the adventure map (``renderers.heroes3_map``, ruleset ``heroes3``)
is posted after setup and at the engine's milestones, ``/game board private:true`` draws the same
map from the seat's own view with its hand under it, and a prompt whose options are fields of
the map (walk, discover a tile, place a Far tile) carries the map with its candidates
(``cogs.decision_pictures``). ``/h3`` lookups live in ``cogs.heroes3``.

The panel (``/game hand``) is built from ``view(state, seat)`` only, never the state: its hand
and searched cards (H-1, H-7) are there because that view carries them for that seat alone.
Card texts are our own words, carried as ``text_ref`` so they show in the reader's language (the
content's translation tables); every name goes through the content's names resolver. No rule is decided here.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from discord.ext import commands

from engine.core.text import Msg, Ref, message, plural_message
from engine.heroes3 import (
    ally_offer_lines,
    campaign_lines,
    card_state_lines,
    clash_content,
    event_lines,
    purse,
    text_ref,
)
from engine.heroes3 import names as h3_names
from i18n import EN, ChainNames, Names, render

from . import text
from .referee import Referee

RULESET = "heroes3"

PANEL_TITLE = message("bot.h3c.panel.title", "🔒 {title} (only you can see this)")
PANEL_HEAD = message("bot.h3c.panel.head", "**{faction}** · {hero} · level {level} (XP {xp}) · morale {morale}")
PANEL_PURSE = message(
    "bot.h3c.panel.purse",
    "Gold {gold} (+{gold_in}) · building materials {materials} (+{materials_in}) · valuables {valuables} "
    "(+{valuables_in})",
)
PANEL_RESERVED = message(
    "bot.h3c.panel.reserved",
    "Reserved (gold pool): gold {gold} · building materials {materials} · valuables {valuables}",
)
PANEL_HAND = message("bot.h3c.panel.hand", "**Your hand ({n}/{limit}):**")
PANEL_CARD = message("bot.h3c.panel.card", "• **{card}**: {text}")
PANEL_CARD_BARE = message("bot.h3c.panel.card_bare", "• **{card}**")
PANEL_SEARCHING = message("bot.h3c.panel.searching", "**Searching:** {cards}")
PANEL_DECK = message("bot.h3c.panel.deck", "Deck {deck} · discard pile {discard} · expert uses left {expert}")
PANEL_HEROES = message("bot.h3c.panel.heroes", "Main hero: {main} · secondary hero: {secondary}")
PANEL_AT = message("bot.h3c.panel.at", "{mp} MP at {q},{r}")
PANEL_NOT_ON_MAP = message("bot.h3c.panel.not_on_map", "not on the map")
PANEL_TOWN = message("bot.h3c.panel.town", "**Town:** {buildings}")
PANEL_ARMY = message("bot.h3c.panel.army", "**Army:** {units}")
PANEL_NONE = message("bot.h3c.panel.none", "none")
PANEL_NO_SEAT = message("bot.h3c.panel.no_seat", "You have no seat in this game.")
PANEL_ASTROLOGER = message("bot.h3c.panel.astrologer", "**Astrologers:** {card}: {text}")
PANEL_PERMANENT = message("bot.h3c.panel.permanent", "**In play (permanent):** {card}: {text}")
PANEL_CAGE = plural_message(
    "bot.h3c.panel.cage",
    "**{building}:** {n} faction cube, each +1 attack or +1 defence for one of your units in a combat",
    "**{building}:** {n} faction cubes, each +1 attack or +1 defence for one of your units in a combat",
)
PANEL_STORM = plural_message(
    "bot.h3c.panel.storm",
    "**{building}:** {n} faction cube, each +1 Power for one spell in a combat",
    "**{building}:** {n} faction cubes, each +1 Power for one spell in a combat",
)
PANEL_EMPOWERED = message("bot.h3c.panel.empowered", "**Empowered statistic cards (face-up pile):** {cards}")
PANEL_EMPOWERED_CARD = message("bot.h3c.panel.empowered_card", "{card} ×{n}")
PANEL_MACHINES = message("bot.h3c.panel.machines", "**War machines for sale (face-up pile):** {cards}")
# H3-48.3 draft start: the seat's own cards of the draft (its view only; packets are secret).
PANEL_DRAFT_PACKET = message("bot.h3c.panel.draft_packet", "**Draft, your packet:** {cards}")
PANEL_DRAFT_DRAFTED = message("bot.h3c.panel.draft_drafted", "**Drafted so far:** {cards}")
PANEL_DRAFT_KEPT = message(
    "bot.h3c.panel.draft_kept", "**Kept for your starting deck:** {cards} (+ set aside: {aside})"
)


def _where(hero: dict[str, Any] | None) -> Msg:
    if not hero:
        return PANEL_NOT_ON_MAP()
    mp = int(hero.get("mp") or 0) + int(hero.get("mp_turn") or 0)
    return PANEL_AT(mp=mp, q=int(hero["field"][0]), r=int(hero["field"][1]))


def _draft_lines(mine: dict[str, Any], none: Msg) -> list[Msg]:
    """H3-48.3: what the seat holds in the draft: the packet in hand, the cards drafted, the cards kept."""

    def cards(key: str) -> list[Ref]:
        return [Ref(kind="card", id=str(c.get("card"))) for c in mine.get(key) or []]

    out: list[Msg] = []
    if mine.get("packet"):
        out.append(PANEL_DRAFT_PACKET(cards=cards("packet")))
    if mine.get("drafted"):
        out.append(PANEL_DRAFT_DRAFTED(cards=cards("drafted")))
    if mine.get("kept") or mine.get("set_aside"):
        out.append(PANEL_DRAFT_KEPT(cards=cards("kept") or none, aside=cards("set_aside") or none))
    return out


def panel_lines(view: dict[str, Any]) -> list[Msg]:
    """The seat's panel as messages, from its own view: purse (and a gold pool's reserve), hand with
    texts, heroes, town, army, and the astrologer card in force with what it does (public, A-10: it stays face up)."""
    you = view.get("you") or {}
    seat = you.get("seat")
    me = next((p for p in view.get("players") or [] if p.get("seat") == seat), None)
    if me is None:
        return [PANEL_NO_SEAT()]
    none = PANEL_NONE()
    morale = int(me.get("morale") or 0)
    lines: list[Msg] = [
        PANEL_HEAD(
            faction=Ref(kind="faction", id=str(me.get("faction"))),
            hero=Ref(kind="hero", id=str(me.get("hero"))),
            level=int(me.get("level") or 1),
            xp=int(me.get("xp") or 0),
            morale=f"{morale:+d}" if morale else "0",
        ),
        PANEL_PURSE(**purse(me)),
    ]
    reserved = me.get("reserved") or {}
    if reserved:  # the gold pool variant's reserved resources (public, H3-48.5)
        lines.append(
            PANEL_RESERVED(
                gold=int(reserved.get("gold", 0)),
                materials=int(reserved.get("building_materials", 0)),
                valuables=int(reserved.get("valuables", 0)),
            )
        )
    lines += card_state_lines(me)  # Legion discounts, Logistics, passes, Diplomacy, Power: played face up (public)
    lines.append(PANEL_HAND(n=len(you.get("hand") or []), limit=int(me.get("hand_limit") or 0)))
    cards = clash_content().cards
    for c in you.get("hand") or []:
        card = cards.get(str(c.get("card")))
        said = card.basic.text if card is not None and card.basic is not None else ""
        ref = Ref(kind="card", id=str(c.get("card")))
        lines.append(PANEL_CARD(card=ref, text=text_ref(said)) if said else PANEL_CARD_BARE(card=ref))
    searching = [Ref(kind="card", id=str(c.get("card"))) for c in you.get("searching") or []]
    if searching:
        lines.append(PANEL_SEARCHING(cards=searching))
    lines.append(
        PANEL_DECK(
            deck=int(me.get("deck_size") or 0),
            discard=len(me.get("discard") or []),
            expert=int(me.get("expert_left") or 0),
        )
    )
    lines.append(PANEL_HEROES(main=_where(me.get("main")), secondary=_where(me.get("secondary"))))
    buildings = [Ref(kind="building", id=str(b)) for b in me.get("buildings") or []]
    lines.append(PANEL_TOWN(buildings=buildings or none))
    units = [Ref(kind="unit", id=str(a.get("card"))) for a in me.get("army") or []]
    lines.append(PANEL_ARMY(units=units or none))
    permanent = me.get("permanent")
    if permanent:  # H3-13.2.7: the one permanent in play, face up (a war machine, H3-19.1)
        card = cards.get(str(permanent))
        said = card.basic.text if card is not None else ""
        lines.append(PANEL_PERMANENT(card=Ref(kind="card", id=str(permanent)), text=text_ref(said)))
    cage = me.get("cage")
    if cage and cage.get("cubes"):  # the Fortress Cage's / Inferno Stormclouds' cubes, spent in a combat (town/cage.py)
        holds = PANEL_STORM if cage.get("reward") == "power" else PANEL_CAGE
        lines.append(holds(building=Ref(kind="building", id=str(cage["building"])), n=int(cage["cubes"])))
    pile = Counter(str(c) for c in view.get("empowered") or [])
    if pile:  # [EXP: Inferno] H3-6.28 / H3-14.4: the empowered statistic cards left in their face-up pile
        cards_left = [PANEL_EMPOWERED_CARD(card=Ref(kind="card", id=c), n=n) for c, n in sorted(pile.items())]
        lines.append(PANEL_EMPOWERED(cards=cards_left))
    machines = [Ref(kind="card", id=str(c)) for c in view.get("war_machines") or []]
    if machines:  # H3-6.32: the Rampart box's face-up pile, bought at a factory or a trading post (H3-19.2)
        lines.append(PANEL_MACHINES(cards=machines))
    mine = (view.get("draft") or {}).get("mine")
    if mine:
        lines += _draft_lines(mine, none)
    if view.get("astrologer"):
        proclaimed = Ref(kind="astrologer", id=str(view["astrologer"]))
        lines.append(PANEL_ASTROLOGER(card=proclaimed, text=text_ref(str(view.get("astrologer_text") or ""))))
    lines += event_lines(view)  # [EXP: Fortress] H3-7.5: the event face up, the deck's size, the next drawer
    lines += ally_offer_lines(view)  # H3-43.3: open offers between Alliance allies (a swap's cards: traders only)
    lines += campaign_lines(view)  # H3-3.2.2: the campaign's progress (never the recorded deck)
    return lines


def format_private(view: dict[str, Any], *, title: str, locale: str = EN, names: Names | None = None) -> list[str]:
    """A seat's panel from its own view (never the state), rendered in ``locale``."""
    # The bot's resolver first (players, then the game's), then the Heroes III content's own names.
    resolver: Names = ChainNames(names, h3_names()) if names is not None else h3_names()
    lines = [render(PANEL_TITLE(title=title), locale, resolver)]
    lines += [render(msg, locale, resolver) for msg in panel_lines(view)]
    return text.chunk("\n".join(lines))


class Heroes3ClashCog(commands.Cog):
    """Registers the Clash's panel with the referee; the rest is the generic table's."""

    def __init__(self, referee: Referee) -> None:
        self.r = referee

    async def cog_load(self) -> None:
        self.r.register_game(RULESET, panel=format_private)

    async def cog_unload(self) -> None:
        self.r.unregister_game(RULESET)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Heroes3ClashCog(bot.referee))  # type: ignore[attr-defined]  # the bot carries its referee
