"""The Heroes III skirmish's private panel as messages, built from one seat's view.

Why from the view only: the panel must show exactly what the engine lets this seat see (a hand
is secret, H-1), so it reads the seat's projection (``Skirmish.view``) and never the state. The
Discord layer renders these messages in the reader's language (cogs/heroes3.py).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from engine.core.text import Msg, Ref

from . import messages as m
from .cards import messages as km
from .clash import messages as cm
from .clash.briefing import scenario_lines
from .combat.rules import label
from .content import HERE, UnitCard, load
from .content.clash import Building, EventCard, HeroBoard, Location, MMCard, clash_content
from .content.texts import text_ref

_SIDE_WORD = {"few": m.PANEL_FEW, "pack": m.PANEL_PACK, "neutral": m.PANEL_NEUTRAL}


def _unit_line(unit: dict[str, Any]) -> Msg:
    card = str(unit["card"])
    name: Msg = (
        m.TOWER_NAME()
        if card == "arrow_tower"
        else m.UNIT_OF(unit=Ref(kind="unit", id=card), team=m.team_name(int(unit["team"])))
    )
    side = str(unit["side"])
    if not unit.get("alive", True):
        where = m.PANEL_DEFEATED()
    elif unit.get("pos") is None:
        where = m.PANEL_WAITING()
    else:
        pos = unit["pos"]
        hp = load().arrow_tower.hp if card == "arrow_tower" else load().unit(card).sides[side].hp  # type: ignore[index]  # side names come from the engine's own view
        where = m.PANEL_AT(
            cell=label((int(pos[0]), int(pos[1]))),
            damage=int(unit.get("damage", 0)),
            hp=hp + int(unit.get("hp_bonus", 0)),
        )
    return m.PANEL_UNIT(unit=name, side=_SIDE_WORD.get(side, m.PANEL_NEUTRAL)(), where=where)


def purse(player: dict[str, Any]) -> dict[str, int]:
    """A Clash player's resources and their production per round, from its entry in the view, as the
    purse line's parameters. Here, not in a renderer, because the map's panel
    (``renderers.heroes3_map``) and the ``/game hand`` text (``cogs.heroes3_clash``) both say it."""
    res, inc = player.get("resources") or {}, player.get("production") or {}
    out: dict[str, int] = {}
    for key, resource in (("gold", "gold"), ("materials", "building_materials"), ("valuables", "valuables")):
        out[key], out[f"{key}_in"] = int(res.get(resource, 0)), int(inc.get(resource, 0))
    return out


def panel_lines(view: dict[str, Any]) -> list[Msg]:
    """The seat's panel: the combat round, each side (hero, level, purse; AI deck size), its own
    hand and deck, every unit with its side up and damage, and the result once over."""
    lines: list[Msg] = []
    rnd = int(view.get("round") or 0)
    lines.append(m.PANEL_ROUND(round=rnd) if rnd else m.PANEL_NOT_STARTED())
    for s in view.get("sides") or []:
        team = m.team_name(int(s["team"]))
        if s.get("ai"):
            hero_ref = Ref(kind="hero", id=str(s.get("hero")))
            faction = Ref(kind="faction", id=str(s.get("faction")))
            lines.append(
                m.PANEL_SIDE_AI(team=team, hero=hero_ref, faction=faction, cards=int(s["ai"]["cards"]["size"]))
            )
        elif s.get("hero") is None:
            lines.append(m.PANEL_SIDE_NEUTRAL(team=team))
        else:
            lines.append(
                m.PANEL_SIDE(
                    team=team,
                    hero=Ref(kind="hero", id=str(s["hero"])),
                    faction=Ref(kind="faction", id=str(s.get("faction"))),
                    level=int(s.get("level", 1)),
                    mp=int(s.get("mp", 0)),
                    gold=int(s.get("gold", 0)),
                    morale=int(s.get("morale", 0)),
                )
            )
        if "hand" in s:  # only the reader's own side carries its hand (H-1)
            cards = [Ref(kind="card", id=str(c["card"])) for c in s["hand"]]
            lines.append(m.PANEL_HAND(n=len(cards), cards=cards) if cards else m.PANEL_HAND_EMPTY())
            lines.append(
                m.PANEL_DECK(
                    deck=int(s.get("deck_size", 0)),
                    expert=int(s.get("expert_uses", 0)),
                    spells=int(s.get("spells_cast", 0)),
                )
            )
    for u in view.get("units") or []:
        if u.get("placed") or not u.get("alive", True) or u.get("card") != "arrow_tower":
            lines.append(_unit_line(u))
    result = view.get("result")
    if result:
        word = m.OUTCOME_WORDS.get(str(result.get("outcome")))
        lines.append(m.PANEL_RESULT(outcome=word() if word is not None else str(result.get("outcome"))))
    return lines


def ally_offer_lines(view: dict[str, Any]) -> list[Msg]:
    """The open offers between Alliance allies in a Clash view (H3-43.3): resources for all to read;
    a card swap's cards only where the view names them, i.e. for its two traders (H-27)."""
    lines: list[Msg] = []
    for o in view.get("ally_offers") or []:
        by, to = cm.seat(int(o["by"])), cm.seat(int(o["to"]))
        if o.get("kind") == "resources":
            give, want = _amounts(o.get("give") or {}), o.get("want") or {}
            if any(want.values()):
                lines.append(cm.PANEL_ALLY_OFFER(seat=by, ally=to, give=give, want=_amounts(want)))
            else:
                lines.append(cm.PANEL_ALLY_GIFT(seat=by, ally=to, give=give))
        elif o.get("cards"):
            names = [Ref(kind="card", id=str(c["card"])) for c in o["cards"]]
            lines.append(cm.PANEL_ALLY_SWAP_CARDS(seat=by, ally=to, cards=names))
        else:
            lines.append(cm.PANEL_ALLY_SWAP(seat=by, ally=to, n=int(o.get("n") or 0)))
    return lines


def event_lines(view: dict[str, Any]) -> list[Msg]:
    """[EXP: Fortress] The event deck as a Clash view shows it to everyone (H-12): the event face up and what
    it says (H3-7.5.2), what it has laid on the table while it is resolved (H3-7.5.6: turned-up cards and
    neutral units are public), the deck's size and who draws next (H3-7.5.3); never the deck's order."""
    ev = view.get("events")
    if not ev:
        return []
    lines: list[Msg] = []
    if ev.get("current"):
        lines.append(
            cm.PANEL_EVENT(card=Ref(kind="event", id=str(ev["current"])), text=text_ref(str(ev.get("text") or "")))
        )
    laid = [Ref(kind="card", id=str(c)) for c in ev.get("revealed") or []]
    laid += [Ref(kind="unit", id=str(u)) for u in ev.get("units") or []]
    if laid:
        lines.append(cm.PANEL_EVENT_REVEALED(cards=laid))
    lines.append(cm.PANEL_EVENT_DECK(n=int(ev.get("size") or 0), seat=cm.seat(int(ev.get("drawer") or 0))))
    return lines


_PASS_SAID = {"guards": km.PASS_GUARDS, "blocked": km.PASS_BLOCKED, "any": km.PASS_ANY}


def _card(name: Any) -> Ref:
    return Ref(kind="card", id=str(name))


def card_state_lines(player: dict[str, Any]) -> list[Msg]:
    """What the cards a Clash player played still leave pending, one sentence each, from the player's
    entry in the view (``discounts``, ``card_states`` and the heroes' ``passing``; public, the cards were
    played face up): a Legion discount (H3-17), Logistics' move at the turn's end, a pass-through this
    turn (Pathfinding, Angel Wings), Diplomacy's expert effect (H3-13.2.7 ongoing), Power waiting for
    the next cast (H3-15.3), a hero passing through.
    Here, not in a cog, because the ``/game hand`` panel and the public view's readers share it."""
    seat = cm.seat(int(player.get("seat") or 0))
    lines = [
        cm.PANEL_DISCOUNT(card=_card(d.get("card")), n=int(d.get("gold") or 0)) for d in player.get("discounts") or []
    ]
    for s in player.get("card_states") or []:
        kind, card = s.get("kind"), _card(s.get("card"))
        if kind == "logistics":
            lines.append(km.LOGISTICS_READY(seat=seat, card=card))
        elif kind == "pass":
            said = _PASS_SAID.get(str(s.get("passes")), km.PASS_ANY)(seat=seat, hero=cm.hero_kind(str(s.get("hero"))))
            lines.append(cm.PANEL_CARD_STATE(card=card, said=said))
        elif kind == "diplomacy":
            said = km.DIPLOMACY_READY(seat=seat, level=int(s.get("level") or 1))
            lines.append(cm.PANEL_CARD_STATE(card=card, said=said))
        elif kind == "power":
            cards = [_card(c) for c in s.get("cards") or []]
            lines.append(cm.PANEL_POWER_WAITING(n=int(s.get("power") or 0), seat=seat, cards=cards))
        elif kind == "ballista":  # Torosar's Ballista IV (H3-16, H3-19)
            said = cm.PANEL_BALLISTA(seat=seat, n=int(s.get("n") or 1))
            lines.append(cm.PANEL_CARD_STATE(card=card, said=said))
    for kind in ("main", "secondary"):
        hero = player.get(kind) or {}
        if hero.get("passing"):
            q, r = (int(x) for x in hero["passing"])
            lines.append(cm.PANEL_PASSING(seat=seat, hero=cm.hero_kind(kind), q=q, r=r))
    return lines


def card_state_words(player: dict[str, Any]) -> Msg | None:
    """The same pending card effects in a few words for the map picture's seat panel (one line), or
    None when the player has none; a hero passing through is said at its MP (``passing_words``)."""
    out: list[Msg] = []
    for s in player.get("card_states") or []:
        kind, card = s.get("kind"), _card(s.get("card"))
        if kind == "logistics":
            out.append(cm.PIC_LOGISTICS(card=card))
        elif kind == "pass":
            out.append(cm.PIC_PASS(card=card, hero=cm.hero_kind(str(s.get("hero")))))
        elif kind == "diplomacy":
            out.append(cm.PIC_DIPLOMACY(card=card, level=int(s.get("level") or 1)))
        elif kind == "power":
            out.append(cm.PIC_POWER(n=int(s.get("power") or 0)))
        elif kind == "ballista":
            out.append(cm.PIC_BALLISTA(card=card, n=int(s.get("n") or 1)))
    return cm.PIC_IN_PLAY(states=out) if out else None


def passing_words(hero: dict[str, Any] | None, mp: Msg) -> Msg:
    """A hero's MP on the map picture, with the field it is passing through if it is (Pathfinding, Angel Wings)."""
    at = (hero or {}).get("passing")
    if not at:
        return mp
    return cm.PIC_PASSING(mp=mp, q=int(at[0]), r=int(at[1]))


def _amounts(res: dict[str, Any]) -> list[Msg] | Msg:
    """Resources in words from a view's ``{resource: n}`` ("2 gold, 1 valuables", or "nothing")."""
    out = [cm.ALLY_AMOUNT(n=int(n), what=Ref(kind="h3_resource", id=str(k))) for k, n in res.items() if n]
    return out or cm.ALLY_NOTHING()


class Lookup:
    """The printed content ``/h3`` lookups show (cogs/heroes3.py): unit cards, hero boards, Might &
    Magic cards, locations, buildings, scenarios, and which Chinese names are ours.

    Why here: the Discord layer may only use a game's public face (``engine.heroes3.__all__``), so
    the content models reach it through this one object rather than the content modules.
    """

    def ids(self, what: str) -> list[tuple[str, str]]:
        """(name kind, id) of every entry of ``what`` ("unit", "hero", "card", "location", "building",
        "scenario" or, from the Fortress box, "event")."""
        if what == "unit":
            return [("unit", u) for u in sorted(load().units)]
        if what == "hero":
            return [("hero", h) for h in sorted(clash_content().heroes)]
        if what == "location":
            return [("location", i) for i in sorted(clash_content().locations)]
        if what == "building":
            return [("building", i) for i in sorted(self._buildings())]
        if what == "scenario":
            return [("scenario", i) for i in sorted(clash_content().scenarios)]
        if what == "event":
            return [("event", i) for i in sorted(clash_content().events)]
        return [("card", c) for c in sorted(clash_content().cards)]

    def scenario(self, ident: str) -> list[Msg]:
        """What the scenario is, its victory conditions and its own rules (H3-3.1): the same
        messages the table heard when the game began (clash/briefing.py)."""
        return scenario_lines(ident)

    def scenario_house(self, ident: str) -> bool:
        """Whether the scenario is ours (the mission book's maps are not public, D-8)."""
        return clash_content().scenarios[ident].house

    def event(self, ident: str) -> EventCard:
        return clash_content().events[ident]

    def location(self, ident: str) -> Location:
        return clash_content().locations[ident]

    def building(self, ident: str) -> tuple[str, Building]:
        """The faction whose town board prints the building, and the building."""
        return self._buildings()[ident]

    @staticmethod
    def _buildings() -> dict[str, tuple[str, Building]]:
        return {b.id: (faction, b) for faction, town in clash_content().towns.items() for b in town.buildings}

    def unit(self, ident: str) -> UnitCard:
        return load().unit(ident)

    def hero(self, ident: str) -> HeroBoard:
        return clash_content().heroes[ident]

    def card(self, ident: str) -> MMCard:
        return clash_content().cards[ident]

    def house_name(self, kind: str, ident: str) -> bool:
        """Whether the Chinese name of ``(kind, ident)`` is house (content/clash/names_house.json)."""
        return f"{kind}:{ident}" in _house_names()


@cache
def _house_names() -> frozenset[str]:
    data = json.loads((HERE / "clash" / "names_house.json").read_text(encoding="utf-8"))
    listed = data.get("house", []) if isinstance(data, dict) else []
    return frozenset(str(k) for k in listed)


lookup = Lookup()
