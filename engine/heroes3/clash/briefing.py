"""What the table is told about its scenario (H3-3.1) and about a drawn astrologer card (H3-7.3.2),
as messages.

Why one place: the same words are said at the start of the game (``Clash.opening_events``), by the
``/h3 scenario`` lookup (``engine.heroes3.panel.Lookup``) and when an astrologer card is revealed,
so a player reads the same sentence wherever it shows. The content's own prose travels as
``text_ref`` and is read in the reader's language; names are ``Ref``s, never ids.
"""

from __future__ import annotations

from typing import Any

from engine.core.text import Msg, Ref

from .. import messages as hm
from ..content.clash import AiSpec, Condition, Scenario, clash_content
from ..content.texts import text_ref
from ..coop import messages as cm
from . import messages as m
from .state import EXPANSION_NAMES


def _goal(condition: Condition) -> Msg:
    """A victory condition in the scenario's words, else in ours for its kind (H3-5.1)."""
    if condition.text:
        return m.SCENARIO_WIN(goal=text_ref(condition.text))
    if condition.kind in cm.COOP_GOALS:  # a Cooperative table's shared goal (H3-3.2.4)
        return m.SCENARIO_WIN(goal=cm.COOP_GOALS[condition.kind]())
    return m.SCENARIO_WIN(goal=m.GOALS[condition.kind]())


def _ai_unit(entry: str) -> Msg:
    """A unit an AI hero's army lists (H3-41.1): a unit card and its side, or a neutral unit of a tier."""
    name, _, side = entry.partition(":")
    if name == "tier":
        return cm.TIER_UNIT(tier=Ref(kind="h3_tier", id=side))
    word = hm.PANEL_PACK if side == "pack" else hm.PANEL_FEW
    return cm.AI_UNIT(unit=Ref(kind="unit", id=name), side=word())


def ai_lines(ai: AiSpec) -> list[Msg]:
    """A Cooperative scenario's AI enemy (H3-3.2.4): its faction, then each AI hero by its printed name
    with the army it starts with in its town (H3-41.1, H3-41.4)."""
    lines = [cm.SCENARIO_AI(faction=Ref(kind="faction", id=ai.faction))]
    for h in ai.heroes:
        lines.append(cm.SCENARIO_AI_HERO(hero=Ref(kind="hero", id=h.hero), units=[_ai_unit(u) for u in h.units]))
    return lines


def scenario_lines(scenario_id: str) -> list[Msg]:
    """The scenario's texts (H3-3.1): what it is, its size and round limit, an Alliance's teams and
    turn order (H3-3.2.3, H3-7.8), a Cooperative scenario's AI enemy and its heroes (H3-3.2.4), each
    victory condition (H3-5.1) and, in a Cooperative one, how the table loses, each timed event on the round
    tracker (H3-7.4) and its own rules for the Obelisk, the Dragon Utopia and the grail (H3-50.7).
    Every text the content holds for it is said."""
    sc: Scenario = clash_content().scenarios[scenario_id]
    lines: list[Msg] = []
    if sc.text:
        lines.append(m.SCENARIO_ABOUT(text=text_ref(sc.text)))
    lines.append(m.SCENARIO_SIZE(players=sc.players, rounds=sc.round_limit))
    if sc.ai is not None:  # H3-3.2.4: whom the table plays against
        lines += ai_lines(sc.ai)
    if sc.teams:  # H3-3.2.3 / H3-7.8: who plays with whom, and how the teams take turns
        lines += [m.SCENARIO_TEAM(n=i + 1, seats=[m.seat(s) for s in team]) for i, team in enumerate(sc.teams)]
        lines.append(m.SCENARIO_ALLIANCE())
    lines += [_goal(c) for c in sc.victory]
    lines += [m.SCENARIO_RULE(text=text_ref(c.text)) for c in sc.defeat if c.text]
    lines += [
        cm.COOP_DEFEATS[c.kind]() for c in sc.defeat if not c.text and sc.ai is not None and c.kind in cm.COOP_DEFEATS
    ]
    lines += [
        m.SCENARIO_EVENT(n=e.round, text=text_ref(e.text)) for e in sorted(sc.timed_events, key=lambda e: e.round)
    ]
    for steps in (sc.obelisk, sc.dragon_utopia, sc.grail):
        lines += [m.SCENARIO_RULE(text=text_ref(s.text)) for s in steps if s.text]
    return lines


def expansion_lines(scenario_id: str, boxes: list[str]) -> list[Msg]:
    """H3-49.6: the expansion boxes the table added to the scenario's own (``expansions``), said once at the
    start, since their factions, tiles and cards are not in the scenario's text."""
    own = clash_content().scenarios[scenario_id].boxes
    added = [EXPANSION_NAMES[b]() for b in boxes if b not in own and b in EXPANSION_NAMES]
    return [m.EXPANSIONS_ADDED(boxes=added)] if added else []


def astrologer_said(card_id: str) -> Msg:
    """H3-7.3.2: "draw the top astrologer card, read it out": its name and what it does."""
    card = clash_content().astrologers[card_id]
    return m.ASTROLOGER(card=m.ref("astrologer", card_id), text=text_ref(card.text))


def campaign_lines(view: dict[str, Any]) -> list[Msg]:
    """Where a solo campaign stands (H3-3.2.2), from the view's public ``campaign``; nothing outside one."""
    camp = view.get("campaign")
    if not camp:
        return []
    name = Ref(kind="campaign", id=str(camp["id"]))
    return [cm.CAMPAIGN_AT(campaign=name, n=int(camp["scenario"]), total=int(camp["total"]), won=int(camp["won"]))]
