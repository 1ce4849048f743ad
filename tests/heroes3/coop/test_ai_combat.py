"""Combats with the AI heroes of a Cooperative game (H3-3.2.4, H3-41.3, H3-36.4, H3-37.9, H3-38.3,
H3-39.1): coop/ai_combat.py and its hooks in adventure/movement.py and adventure/encounters.py.
Each combat is fought to its end through the game's own actions (``_fight``)."""

from __future__ import annotations

import random
from typing import Any

from engine.core import Event
from engine.heroes3.adventure import movement
from engine.heroes3.adventure.geometry import location, neighbours, step_ok
from engine.heroes3.clash.common import bases, town_owner
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import AI_SEAT, ClashState, Coord
from engine.heroes3.combat.models import ArmyCard
from engine.heroes3.coop import ai_combat

from ..clash.helpers import act, front, mutate, refused_rule, to_main
from .helpers import ai_hero, coop_game

STRONG = [ArmyCard(card=c, side="pack") for c in ("dread_knights", "ghost_dragons", "liches", "vampires")]
WEAK = [ArmyCard(card="skeletons", side="few")]
CASTLE = [ArmyCard(card=c, side="pack") for c in ("champions", "archangels", "crusaders", "griffins")]


def _ready(players: int = 1) -> ClashState:
    """Seat 0's main menu, both AI heroes still in their town."""
    return mutate(to_main(coop_game(players), 0))


def _empty(state: ClashState, pos: Coord) -> bool:
    loc = location(state, pos)
    return loc is None or loc.category == "empty"


def _next_to(state: ClashState, pos: Coord, skip: int = 0) -> Coord:
    """An empty field one step from ``pos`` (the ``skip``-th)."""
    return [n for n in neighbours(pos) if step_ok(state, pos, n) and _empty(state, n)][skip]


def _fight(state: ClashState, seen: list[Event], options: list[dict[str, Any]] | None = None) -> ClashState:
    """Answer every question until the combat and its after-step are over: attack whenever offered,
    else a random offered action; every option offered on the way is kept in ``options``."""
    rng = random.Random(5)
    for _ in range(600):
        st = front(state)  # the game never ends in these combats: a seat keeps a town
        if state.combat is None and st.kind not in ("declare", "ai_after_combat", "after_combat"):
            if not (st.kind == "ask" and st.data.get("what") in ("ai_defend", "relocate")):
                return state
        prompt = CLASH.prompts(state)[0]
        if options is not None:
            options += [dict(o.action) for o in prompt.options]
        pick = next((dict(o.action) for o in prompt.options if o.action.get("type") == "attack"), None)
        state, events = act(state, prompt.seat, pick or CLASH.sample_action(state, prompt.seat, rng))
        seen += events
    raise AssertionError("the combat did not end")


def _walk_onto_ai(state: ClashState, army: list[ArmyCard], ai_army: list[ArmyCard]) -> tuple[ClashState, Coord]:
    """Tamika stands next to seat 0's main hero, which walks onto her field."""
    p = state.player(0)
    assert p.main is not None
    target = _next_to(state, p.main.field)
    tamika = ai_hero(state, "tamika")
    tamika.field, tamika.army = target, list(ai_army)
    p.army = list(army)
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(target)})
    return state, target


def test_h3_41_3_a_player_beats_an_ai_hero_no_xp_no_cube_h3_38_3() -> None:
    state = _ready()
    p = state.player(0)
    xp, level = p.xp, p.level
    state, target = _walk_onto_ai(state, CASTLE, WEAK)
    assert state.combat is not None and state.combat.sides[1].ai is not None  # the AI hero defends
    assert state.pending is not None and state.pending.ai_hero == "tamika"
    seen: list[Event] = []
    state = _fight(state, seen)
    tamika = ai_hero(state, "tamika")
    assert tamika.defeated and tamika.army == []  # H3-41.3: its units are gone, it leaves the map
    assert "tamika" not in [a.id for a in ai_combat.ai_heroes_at(state, target)]
    assert "h3_ai_defeated" in [e.kind for e in seen]
    p = state.player(0)
    assert (p.xp, p.level) == (xp, level)  # H3-38.3: no XP from AI heroes
    assert p.cubes == {}  # H3-41.3: no reward, no faction cube
    assert "h3_xp" not in [e.kind for e in seen] and "h3_after_cube" not in [e.kind for e in seen]
    assert p.main is not None and p.main.field == target  # H3-37.4: the winning attacker enters the field
    assert state.combat is None and state.pending is None


def test_h3_37_6_a_main_hero_beaten_by_an_ai_hero_goes_home() -> None:
    state = _ready()
    home = bases(state, 0)
    state, target = _walk_onto_ai(state, WEAK, STRONG)
    seen: list[Event] = []
    state = _fight(state, seen)
    p = state.player(0)
    assert p.main is not None and p.main.field in home and p.main.field != target  # H3-37.6
    assert not p.eliminated
    assert p.army == p.starting_units  # H3-26.5: its only unit fell, the unit deck is refilled
    tamika = ai_hero(state, "tamika")
    assert not tamika.defeated and tamika.field == target  # the AI hero keeps its field (it defended)
    assert p.morale >= 0 and p.cubes == {}  # H3-37.7 is for another player's army only (H3-41.3)


def test_h3_41_6_1_an_ai_hero_attacks_a_players_hero_and_draws_ai_cards() -> None:
    state = _ready()
    p = state.player(0)
    assert p.main is not None
    town = _away_from_town(state)  # on an empty field: a defeat sends it home (H3-37.6)
    origin = _next_to(state, town, 1)  # where the AI hero attacks from (no matter how near)
    sandro = ai_hero(state, "sandro")
    sandro.field, sandro.army = origin, list(STRONG)
    p.army = list(WEAK)
    gold = p.resources.get("gold", 0)
    before = state.ai_decks[sandro.deck].model_copy(deep=True)
    events = ai_combat.ai_attacks_hero(state, sandro, origin, p.main.field, 0, "main")
    FLOW.advance(state)
    assert state.combat is not None and state.combat.sides[0].ai is not None  # the AI attacks (team 0)
    assert state.combat.sides[0].hero == sandro.hero and not state.combat.sides[0].main_hero
    assert state.pending is not None and state.pending.attacker == AI_SEAT and state.pending.defender == 0
    assert not state.combat.time_limit  # H3-36.4
    seen: list[Event] = list(events)
    target = p.main.field
    state = _fight(state, seen)
    assert "h3_ai_card" in [e.kind for e in seen]  # H3-41.6.1: an AI card before each AI unit acts
    after = state.ai_decks[sandro.deck]
    assert after != before  # the AI deck's draws and discards are kept for the next combat
    assert sorted(after.cards.draw_pile + after.cards.discard_pile) == sorted(
        before.cards.draw_pile + before.cards.discard_pile
    )  # H3-41.6: the same cards, none lost
    sandro = ai_hero(state, "sandro")
    p = state.player(0)
    assert sandro.field == target  # the winning AI attacker stands on the field
    assert p.main is not None and p.main.field != target  # H3-37.6
    assert p.resources.get("gold", 0) == gold  # H3-37.7: no gold to the AI (H3-41.3)


def test_h3_36_4_h3_37_9_no_retreat_and_no_surrender_against_an_ai_hero() -> None:
    state = _ready()
    state, _ = _walk_onto_ai(state, CASTLE, STRONG)
    state.player(0).resources["gold"] = 30  # enough to surrender to another player (H3-37.9)
    rng = random.Random(2)
    for _ in range(200):  # to the player's first unit activation
        st = front(state)
        if st.kind == "h3c_act" and st.seat == 0:
            break
        prompt = CLASH.prompts(state)[0]
        state, _ = act(state, prompt.seat, CLASH.sample_action(state, prompt.seat, rng))
    assert front(state).kind == "h3c_act"
    assert state.combat is not None and not state.combat.time_limit  # H3-36.4: no time limit
    assert refused_rule(state, {"type": "surrender"}) == "H3-37.9"  # H3-41.3: refused, nothing changes
    assert refused_rule(state, {"type": "time", "choice": "retreat"}) == "H3-36.4"  # no time limit, no retreat
    offered: list[dict[str, Any]] = []
    _fight(state, [], offered)
    assert not [o for o in offered if o.get("type") in ("surrender", "time")]  # never offered


def _away_from_town(state: ClashState) -> Coord:
    """Seat 0's main hero leaves its town for a neighbouring field; returns the town's field."""
    p = state.player(0)
    assert p.main is not None
    town = p.main.field
    assert town_owner(state, town) == 0
    p.main.field = _next_to(state, town)
    return town


def test_h3_39_1_an_undefended_town_is_flagged_by_the_ai() -> None:
    state = _ready()
    town = _away_from_town(state)
    p = state.player(0)
    p.resources["gold"] = 7  # less than 8: no defence with units
    tamika = ai_hero(state, "tamika")
    origin = _next_to(state, town, 1)
    tamika.field = origin
    events = ai_combat.ai_attacks_town(state, tamika, origin, town, 0)
    assert [e.kind for e in events] == ["h3_undefended", "h3_ai_takes"]
    assert state.field(town).flag == AI_SEAT and town_owner(state, town) == AI_SEAT
    assert tamika.field == town and state.combat is None
    assert town not in bases(state, 0)


def test_h3_39_1_paying_8_gold_defends_the_town_with_units() -> None:
    state = _ready()
    town = _away_from_town(state)
    p = state.player(0)
    p.resources["gold"] = 10
    p.army = list(CASTLE)
    tamika = ai_hero(state, "tamika")
    origin = _next_to(state, town, 1)
    tamika.field, tamika.army = origin, list(WEAK)
    ai_combat.ai_attacks_town(state, tamika, origin, town, 0)
    FLOW.advance(state)
    while front(state).kind == "declare":  # H3-10.3: town actions first, the defender's first
        state, _ = act(state, 0, {"type": "town_pass"})
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "ai_defend" and st.seat == 0
    state, _ = act(state, 0, {"type": "choose", "pick": "defend"})
    assert state.player(0).resources["gold"] == 2  # H3-39.1: 8 gold
    combat = state.combat
    assert combat is not None and combat.sides[1].hero is None and combat.sides[1].deck is None  # units alone
    assert combat.sides[0].ai is not None
    state = _fight(state, [])
    assert ai_hero(state, "tamika").defeated
    assert town_owner(state, town) == 0  # the town held


def test_h3_39_1_declining_gives_the_town_to_the_ai() -> None:
    state = _ready()
    town = _away_from_town(state)
    state.player(0).resources["gold"] = 10
    tamika = ai_hero(state, "tamika")
    origin = _next_to(state, town, 1)
    tamika.field = origin
    ai_combat.ai_attacks_town(state, tamika, origin, town, 0)
    FLOW.advance(state)
    while front(state).kind == "declare":
        state, _ = act(state, 0, {"type": "town_pass"})
    state, events = act(state, 0, {"type": "choose", "pick": "decline"})
    assert "h3_ai_takes" in [e.kind for e in events]
    assert town_owner(state, town) == AI_SEAT and ai_hero(state, "tamika").field == town
    assert state.player(0).resources["gold"] == 10


def _beside_ai_town(state: ClashState) -> Coord:
    """Seat 0's main hero stands next to the AI town (with MP left); returns the town's field."""
    town = state.ai_town
    assert town is not None
    p = state.player(0)
    assert p.main is not None
    p.main.field = next(n for n in neighbours(town) if step_ok(state, n, town) and _empty(state, n))
    p.main.mp = 3
    return town


def test_h3_3_2_4_a_player_takes_the_ai_town_when_no_ai_hero_defends_it() -> None:
    state = _ready()
    town = _beside_ai_town(state)
    for a in state.ai_heroes:
        a.field = _next_to(state, town, 1)
    assert town_owner(state, town) == AI_SEAT
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(town)})
    assert state.combat is None
    assert state.field(town).flag == 0 and town_owner(state, town) == 0  # H3-22.5.2: flagged for seat 0
    assert "h3_flagged" in [e.kind for e in events]
    p = state.player(0)
    assert p.main is not None and p.main.field == town


def test_the_ai_heroes_in_their_town_defend_it_the_first_one_fights() -> None:
    state = _ready()
    town = _beside_ai_town(state)
    assert [a.id for a in ai_combat.ai_heroes_at(state, town)] == ["tamika", "sandro"]
    p = state.player(0)
    assert p.main is not None
    assert movement._fight_field(state, p, p.main, town)  # an AI hero's field is fought for
    origin = p.main.field
    p.army = list(CASTLE)
    ai_hero(state, "tamika").army = list(WEAK)
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(town)})
    assert "h3_attacks_ai" in [e.kind for e in events]
    assert state.pending is not None and state.pending.ai_hero == "tamika"  # house: the first in scenario order
    seen: list[Event] = []
    state = _fight(state, seen)
    assert ai_hero(state, "tamika").defeated
    assert "h3_field_held" in [e.kind for e in seen]  # Sandro still holds the town
    p = state.player(0)
    assert p.main is not None and p.main.field == origin
    assert town_owner(state, town) == AI_SEAT
