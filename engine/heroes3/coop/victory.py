"""The table's shared victory or defeat in a Cooperative game (H3-3.2.4: "all players share one goal").

Why one module: every seat is on one side against the engine-run AI enemy, so a condition is met
or failed by the table as a whole, never by one seat against another. The Clash and Alliance
conditions do not apply: with no enemy seat, "hold a cube of each enemy" (H3-5.6) would be met by
``all([])`` and "the last team standing" (H3-5.5) by the first elimination, so clash/rounds.py and
clash/elimination.py hand a Cooperative game to this module before their own checks.

The scenario's kinds (content/clash.py ``Condition``):

* victory "capture_ai_town" (H3-5.1 "defeat a given enemy town"): a player's flag stands on the AI
  town; "defeat_ai_heroes": every AI hero is defeated; "grail": a player holds the grail. A goal is
  recorded when met (``state.met``: every seat) and the game ends at the end of that round (H3-5.2),
  even if the AI takes the town back meanwhile; every seat wins, an eliminated one too (as a team).
* defeat "standard_elimination" (H3-5.3): when every seat is eliminated the AI wins at once (with
  nobody left to play, whether the scenario lists it or not); "round_limit_passes" (house): the
  last round ends without a victory; "ai_holds_a_town" (house): the AI's flag stands on a player's
  town at the end of a round. A loss leaves ``state.winners`` empty: no seat wins.

House: a victory recorded in the round beats a defeat found at its end (the table met its goal in
time), and the round limit of a Cooperative scenario always ends it as a loss, listed or not (the
Clash's "most towns held" has no opponent to compare with).
"""

from __future__ import annotations

from engine.core import Event
from engine.core.text import Msg, Ref

from ..adventure.geometry import index, location
from ..clash import messages as cm
from ..clash.state import AI_SEAT, ClashState, Coord
from ..content.clash import clash_content
from . import campaign
from . import messages as m

# The end event's kind: the bot reads why a game ended from its last "game_over" event (cogs/lang.py
# ``END_KINDS``), so a loss with no winner is told in the table's words rather than as "nobody".
END_KIND = "game_over"


def cooperative(state: ClashState) -> bool:
    return state.mode == "cooperative"


def _kinds(state: ClashState, which: str) -> set[str]:
    sc = clash_content().scenarios[state.scenario]
    return {c.kind for c in (sc.victory if which == "victory" else sc.defeat)}


def _faction(state: ClashState) -> Ref:
    return Ref(kind="faction", id=state.ai_faction or "necropolis")


def _table(state: ClashState) -> list[Msg]:
    return [cm.seat(s) for s in range(state.players)]


def town_holder(state: ClashState) -> int | None:
    """The seat whose flag stands on the AI town (H3-5.1), else None."""
    if state.ai_town is None:
        return None
    fs = state.peek_field(state.ai_town)
    flag = fs.flag if fs is not None else None
    return flag if flag is not None and flag >= 0 else None


def goal_met(state: ClashState) -> Msg | None:
    """What the table has just achieved toward the scenario's victory (H3-5.1), in words; None if nothing."""
    kinds = _kinds(state, "victory")
    holder = town_holder(state)
    if "capture_ai_town" in kinds and holder is not None and state.ai_town is not None:
        loc = location(state, state.ai_town)
        where: Ref | str = cm.ref("location", loc.id) if loc is not None else ""
        return m.COOP_TOWN_TAKEN(seat=cm.seat(holder), loc=where)
    if "defeat_ai_heroes" in kinds and state.ai_heroes and all(a.defeated for a in state.ai_heroes):
        return m.COOP_HEROES_BEATEN()
    if "grail" in kinds:
        for p in state.seats:
            if p.grail:
                return m.COOP_GOAL_MET(seat=cm.seat(p.seat))
    return None


def check(state: ClashState) -> list[Event]:
    """H3-5.2: record the table's goal the moment it is met (every seat, as the table wins together)."""
    if state.met:
        return []
    said = goal_met(state)
    if said is None:
        return []
    state.met = list(range(state.players))
    return [Event.to_all("h3_condition_met", said)]


def _ai_town_taken(state: ClashState) -> tuple[int, Coord] | None:
    """A player's town (the centre of a starting tile, H3-50.3) the AI's flag stands on: (its owner, field)."""
    owners = {p.faction: p.seat for p in state.seats}
    for pos in index(state):
        loc = location(state, pos)
        if loc is None or loc.kind != "town" or pos == state.ai_town:
            continue
        fs = state.peek_field(pos)
        if fs is not None and fs.flag == AI_SEAT and loc.faction in owners:
            return owners[loc.faction], pos
    return None


def _won(state: ClashState) -> list[Event]:
    going_on = campaign.scenario_won(state)  # H3-5.7: a campaign goes on to its next scenario
    if going_on is not None:
        return going_on
    state.winners = list(range(state.players))  # every seat, an eliminated one too: the table wins together
    state.end_reason = "cooperative_victory"
    msg = m.COOP_WON(seats=_table(state), faction=_faction(state))
    return [Event.to_all(END_KIND, msg, milestone=True)]


def _lost(state: ClashState, reason: str, why: Msg) -> list[Event]:
    retry = campaign.scenario_lost(state)  # H3-44.3: a campaign asks to replay the scenario or to end
    if retry is not None:
        return retry
    state.winners = []  # the AI enemy wins: no seat does
    state.end_reason = reason
    msg = m.COOP_LOST(faction=_faction(state), seats=_table(state), why=why)
    return [Event.to_all(END_KIND, msg, milestone=True)]


def round_end(state: ClashState) -> list[Event]:
    """The end of a round (H3-5.2): a goal met in it wins; else "ai_holds_a_town" (house) or the
    last round passing ("round_limit_passes", house) loses. Ends the game by setting
    ``state.winners``; leaves it running otherwise."""
    if state.met:
        return _won(state)
    if "ai_holds_a_town" in _kinds(state, "defeat"):
        taken = _ai_town_taken(state)
        if taken is not None:
            seat, pos = taken
            loc = location(state, pos)
            where: Ref | str = cm.ref("location", loc.id) if loc is not None else ""
            return _lost(state, "cooperative_ai_holds_a_town", m.LOST_TOWN(loc=where, seat=cm.seat(seat)))
    if state.round >= state.round_limit:
        return _lost(state, "cooperative_round_limit", m.LOST_ROUND_LIMIT(n=state.round))
    return []


def after_elimination(state: ClashState) -> list[Event]:
    """H3-5.3 with H3-3.2.4: the table plays on while one seat is left; when every seat is
    eliminated the AI enemy wins at once (no round end to wait for, nobody left to play it)."""
    if state.alive() or state.winners is not None:
        return []
    return _lost(state, "cooperative_eliminated", m.LOST_ELIMINATED())
