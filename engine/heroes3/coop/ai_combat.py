"""Combats with AI heroes on the map (H3-41.3, H3-36.4, H3-37.9, H3-38.3) and the AI-run neutral
combats of a Cooperative game (H3-34.10, H3-32.5).

Why its own module and its own after-combat step: an AI hero is no seat (``AI_SEAT``), so the
player-against-player code of adventure/encounters.py (which indexes ``state.seats`` by the
attacker and the defender) must never see it. Here the AI side is built as the skirmish's
``_ai_side`` does (H3-41.1: no hand, no resources; its two AI decks), the combat is queued with
``encounters.begin``, and ``ai_after_combat`` writes the AI hero's army and decks back before the
players' seats are settled by ``encounters.settle``, exactly as after any other combat.

The combat engine already keeps these rules for an AI side: no time limit unless the scenario
combat sets one (``Combat.time_limit`` stays off, so no retreat, H3-36.4), no surrender on either
side (``_may_surrender``: the AI side has no owner, H3-37.9 / H3-41.3), no XP for beating it (it is
no main hero, H3-38.3) and no gold, morale or faction cube either way (``outcome._by_player``).
"""

from __future__ import annotations

from engine.core import Event
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..adventure import encounters, visits
from ..adventure.geometry import location
from ..clash import messages as cm
from ..clash.asks import ask, new_ask
from ..clash.common import can_pay, hero, pay, town_owner
from ..clash.flow import FLOW, seat_of
from ..clash.state import AI_SEAT, AiHero, ClashState, Coord, Pending
from ..combat.models import TOWER, Combat, CombatSide, Unit
from ..neutrals import aicards
from . import messages as m

AFTER = "ai_after_combat"


def ai_heroes_at(state: ClashState, pos: Coord) -> list[AiHero]:
    """The AI heroes standing on ``pos`` and still in the game, in scenario order."""
    return [a for a in state.ai_heroes if not a.defeated and tuple(a.field) == tuple(pos)]


def named(state: ClashState, ai_id: str) -> AiHero | None:
    """The AI hero a step or a pending combat names by its scenario id."""
    return next((a for a in state.ai_heroes if a.id == ai_id), None)


def _ai(state: ClashState, ai_id: str) -> AiHero:
    found = named(state, ai_id)
    assert found is not None, f"no AI hero {ai_id}"  # ids come from the scenario and are never removed
    return found


def hero_ref(ai: AiHero) -> Ref:
    """An AI hero in words: the printed name of the hero board it is shown as (H3-41.1)."""
    return Ref(kind="hero", id=ai.hero)


def _ai_side(state: ClashState, ai: AiHero, team: int) -> CombatSide:
    """H3-41.1: no hero board, resources or hand; a fixed army, joined by the cards it shares with
    another AI hero when its combat begins (H3-41.2); its AI deck and AI spell deck, each shuffled
    with its discard pile before the combat (H3-41.6, H3-41.7; shared by AI heroes naming the same
    deck, H3-41.10). Not a main hero: it gives no XP (H3-38.3) and brings no reward (H3-41.3)."""
    deck = state.ai_decks[ai.deck].model_copy(deep=True)
    aicards.shuffle_for_combat(deck, state.rng)
    return CombatSide(
        team=team,
        faction=state.ai_faction,
        hero=ai.hero,
        main_hero=False,
        ai=deck,
        army=[a.model_copy() for a in ai.army + ai.shared],
    )


def _pending(ai: AiHero, origin: Coord, target: Coord, seat: int, hero_kind: str | None) -> Pending:
    """An AI hero's attack: ``hero`` has no meaning for the AI side (clash/state.py ``Pending``)."""
    return Pending.model_validate(
        {
            "attacker": AI_SEAT,
            "hero": "main",
            "origin": origin,
            "target": target,
            "defender": seat,
            "defender_hero": hero_kind,
            "ai_hero": ai.id,
        }
    )


# ---- an AI hero attacks (H3-41.4.1, H3-39.1) -----------------------------------------------------------
def ai_attacks_hero(
    state: ClashState, ai: AiHero, origin: Coord, target: Coord, seat: int, hero_kind: str
) -> list[Event]:
    """The AI hero on ``origin`` attacks ``seat``'s hero on ``target`` (the AI attacks, team 0). A
    hero standing on its own faction's town with a Citadel is besieged with the walls (H3-30.6,
    H3-39.4); an attacked secondary hero may yield (H3-30.5). The players' town actions come first
    (H3-30.4), the defender's first."""
    d = state.player(seat)
    kind = encounters.combat_kind(state, d, target)
    combat = Combat(kind=kind, sides=[_ai_side(state, ai, 0), encounters.player_side(state, d, 1, hero_kind, 0)])
    encounters.add_units(combat)
    if kind == "siege":
        combat.units.append(Unit(uid=TOWER, card="arrow_tower", side="neutral", team=1))
    return encounters.begin(state, combat, _pending(ai, origin, target, seat, hero_kind), after=AFTER)


def ai_attacks_town(state: ClashState, ai: AiHero, origin: Coord, target: Coord, seat: int) -> list[Event]:
    """H3-39.1: ``seat``'s town or settlement on ``target`` has none of its heroes there: its owner
    may pay 8 gold to defend it with units alone (asked after the players' town actions, P-40 /
    P-36); otherwise the AI hero takes it (flags it and stands there, H3-41.5)."""
    d = state.player(seat)
    if d.army and can_pay(d, {"gold": encounters.DEFEND_GOLD}):
        question = new_ask(state, "ai_defend", seat, ai=ai.id, origin=list(origin), target=list(target))
        FLOW.push(state, *encounters.declaration(state, AI_SEAT, seat), question)
        return []
    return [Event.to_all("h3_undefended", cm.UNDEFENDED(seat=cm.seat(seat)))] + ai_takes(state, ai, target)


def _defend_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_DEFEND(gold=encounters.DEFEND_GOLD)


@ask("ai_defend", "H3-39.1", _defend_q)
def _defend_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(cm.OPT_DEFEND(gold=encounters.DEFEND_GOLD), "defend"), (cm.OPT_DECLINE(), "decline")]


@_defend_options
def _defend_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    ai = _ai(state, str(st.data["ai"]))
    origin = (int(st.data["origin"][0]), int(st.data["origin"][1]))
    target = (int(st.data["target"][0]), int(st.data["target"][1]))
    seat = seat_of(st)
    FLOW.done(state, st)
    if pick == "decline":  # no combat, the attacker takes the field
        return [Event.to_all("h3_undefended", cm.UNDEFENDED(seat=cm.seat(seat)))] + ai_takes(state, ai, target)
    d = state.player(seat)
    pay(d, {"gold": encounters.DEFEND_GOLD})
    kind = encounters.combat_kind(state, d, target)  # H3-39.4: walls only in the defender's own town
    combat = Combat(kind=kind, sides=[_ai_side(state, ai, 0), encounters.player_side(state, d, 1, None, 0)])
    encounters.add_units(combat)
    if kind == "siege":
        combat.units.append(Unit(uid=TOWER, card="arrow_tower", side="neutral", team=1))
    return encounters.begin(state, combat, _pending(ai, origin, target, seat, None), declared=True, after=AFTER)


def ai_takes(state: ClashState, ai: AiHero, pos: Coord) -> list[Event]:
    """The AI hero stands on ``pos`` and flags the town or settlement there (H3-41.5): its owner
    loses it, and a settlement's production step with it (H3-50.4.2); the AI gains nothing."""
    ai.field = ai.last_visited = pos
    loc = location(state, pos)
    owner = town_owner(state, pos)
    if loc is None or loc.kind not in ("town", "settlement") or owner == AI_SEAT:
        return []
    fs = state.field(pos)
    if owner is not None:
        visits.lose_production(state, owner, loc, fs)  # H3-50.4.2: a settlement's production step goes
    fs.flag, fs.ever_flagged, fs.cleared, fs.produce = AI_SEAT, True, True, None
    where = Ref(kind="h3_location", id=loc.id)
    if owner is None:  # an unflagged settlement a player's hero stood on
        return [Event.to_all("h3_ai_flagged", m.AI_FLAGGED(hero=hero_ref(ai), loc=where, q=pos[0], r=pos[1]))]
    said = m.AI_TAKES_FIELD(hero=hero_ref(ai), loc=where, q=pos[0], r=pos[1], seat=cm.seat(owner))
    return [Event.to_all("h3_ai_takes", said, seat=owner)]


# ---- a player's hero attacks (H3-30.2 for the AI enemy) --------------------------------------------------
def player_attacks_ai(state: ClashState, seat: int, hero_kind: str, origin: Coord, target: Coord) -> list[Event]:
    """``seat``'s hero moves onto a field with AI heroes: it attacks (team 0) and the AI defends.
    House: with several AI heroes there it fights the first in scenario order; the others still
    hold the field after a win (``_after``). No retreat (H3-36.4), no surrender (H3-41.3)."""
    p = state.player(seat)
    h = hero(p, hero_kind)
    assert h is not None
    here = ai_heroes_at(state, target)
    ai = here[0]
    combat = Combat(
        kind="player", sides=[encounters.player_side(state, p, 0, hero_kind, h.mp_left()), _ai_side(state, ai, 1)]
    )
    encounters.add_units(combat)
    said = (m.ATTACKS_FIRST_AI if len(here) > 1 else m.ATTACKS_AI)(
        seat=cm.seat(seat), kind=cm.hero_kind(hero_kind), hero=hero_ref(ai)
    )
    pending = Pending.model_validate(
        {"attacker": seat, "hero": hero_kind, "origin": origin, "target": target, "ai_hero": ai.id}
    )
    return [Event.to_all("h3_attacks_ai", said)] + encounters.begin(state, combat, pending, after=AFTER)


def enter_ai_held(state: ClashState, seat: int, hero_kind: str, origin: Coord, target: Coord) -> list[Event]:
    """``seat``'s hero moves onto a town or settlement the AI enemy holds: AI heroes there defend it
    (a combat, ``player_attacks_ai``); with none the hero takes it unopposed, its visit flags it for
    ``seat`` (H3-22.5.2; the AI town too, H3-3.2.4)."""
    if ai_heroes_at(state, target):
        return player_attacks_ai(state, seat, hero_kind, origin, target)
    return encounters.enter(state, seat, hero_kind, target)


# ---- after the combat (H3-37, H3-41.3) --------------------------------------------------------------------
@FLOW.auto(AFTER)
def _after(state: ClashState, st: Step) -> list[Event]:
    """The AI side first: its decks back with their discard piles (H3-41.6), its surviving units
    back to its army (units it lost are gone, the shared cards stay with it, H3-41.2), and an AI
    hero with no unit left is defeated and leaves the map (H3-41.3). A winning AI attacker stands
    on the field it attacked and takes a town or settlement there. Then the players' seats as after
    any combat (``encounters.settle``: army, gold, morale, deck, a defeated main hero's retreat,
    H3-37.6; a secondary removed, H3-37.8; elimination, H3-5.3.2)."""
    combat, pend = state.combat, state.pending
    result = combat.result if combat is not None else None
    if combat is None or pend is None or pend.ai_hero is None or result is None or result.consequences is None:
        return encounters.settle(state)
    out = result.consequences
    ai = _ai(state, pend.ai_hero)
    team = 0 if pend.attacker == AI_SEAT else 1
    side = combat.sides[team]
    assert side.ai is not None
    state.ai_decks[ai.deck] = side.ai.model_copy(deep=True)
    ai.army, ai.shared = [a.model_copy() for a in side.army], []
    events: list[Event] = []
    if not ai.army:
        ai.defeated = True
        events.append(Event.to_all("h3_ai_defeated", m.AI_HERO_DEFEATED(hero=hero_ref(ai)), ai_hero=ai.id))
    if out.winner == team and team == 0:
        events += ai_takes(state, ai, pend.target)
    player = out.side(1 - team)
    if team == 1 and player.move == "visit" and ai_heroes_at(state, pend.target):
        player.move = "stay"  # house: another AI hero still holds the field; the winner stays where it was
        said = m.FIELD_STILL_HELD(seat=cm.seat(pend.attacker), kind=cm.hero_kind(pend.hero))
        events.append(Event.to_all("h3_field_held", said))
    return events + encounters.settle(state)
