"""The AI heroes' turn on the map (H3-41.4, H3-41.5, A-42, P-56).

Lone Vigil's map (coop_lone_vigil.json): the AI town is the centre (-6, 4) of the Necropolis
starting tile, whose other fields are (-5, 3) empty, (-5, 4) a resource, (-6, 5) empty, (-7, 5) a
treasure, (-7, 4) a guarded building-materials mine and (-6, 3) blocked; the player's Castle town
is (4, 2), every other tile starts face down. Each test arranges a position just before the AI's
turn (the players' last call of round 1) and lets the round go on.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.core.text import Ref
from engine.heroes3.adventure import visits
from engine.heroes3.adventure.geometry import location
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import AI_MP, AI_SEAT, ClashState, Coord
from tests.heroes3.clash.helpers import act, front, mutate, play_to_round, refused_rule, to_main
from tests.heroes3.coop.helpers import ai_hero, coop_game

MINE: Coord = (-7, 4)
TOWN: Coord = (-6, 4)


def at_last_call(state: ClashState) -> ClashState:
    """Empty player turns until the players' last call of the round, right before the AI's turn."""
    for _ in range(50):
        st = front(state)
        if st.kind == "last_call_w":
            return mutate(state)
        seat = CLASH.prompts(state)[0].seat
        if st.kind == "hand":
            state, _ = act(state, seat, {"type": "draw", "n": 0})
        elif st.kind == "main":
            state, _ = act(state, seat, {"type": "end_turn"})
        else:
            state, _ = act(state, seat, dict(CLASH.prompts(state)[0].options[0].action))
    raise AssertionError("no last call")


def end_last_call(state: ClashState) -> tuple[ClashState, list[Event]]:
    """Every seat passes its last call: the AI's turn runs until it asks something or is over."""
    events: list[Event] = []
    while front(state).kind == "last_call_w":
        state, more = act(state, CLASH.prompts(state)[0].seat, {"type": "town_pass"})
        events += more
    return state, events


def only(state: ClashState, ai_id: str) -> None:
    """Keep one AI hero on the map (the other counts as defeated), so a test follows one turn."""
    for a in state.ai_heroes:
        a.defeated = a.id != ai_id


def ai_flags(state: ClashState, pos: Coord) -> None:
    fs = state.field(pos)
    fs.flag, fs.ever_flagged = AI_SEAT, True


def field_of(e: Event) -> Coord:
    """The field an AI event names (its message's ``q``, ``r``)."""
    assert e.msg is not None
    q, r = e.msg.params["q"], e.msg.params["r"]
    assert isinstance(q, int) and isinstance(r, int)
    return (q, r)


def moves(events: list[Event]) -> list[Coord]:
    return [field_of(e) for e in events if e.kind == "h3_ai_moved"]


def reveal_all(state: ClashState) -> None:
    for t in state.tiles:
        t.face_up = True


def answer(state: ClashState, pick: str) -> tuple[ClashState, list[Event]]:
    st = front(state)
    assert st.kind == "ask"
    return act(state, CLASH.prompts(state)[0].seat, {"type": "choose", "pick": pick})


def test_ai_hero_leaves_its_town_after_the_players_and_moves_three_fields() -> None:
    # H3-41.4: AI heroes start in their town, act after the players each round and have 3 MP
    state = coop_game(1)
    assert all(a.field == TOWN for a in state.ai_heroes)
    state = at_last_call(state)
    reveal_all(state)  # no tile to explore: every MP is a field entered
    ai_flags(state, MINE)  # nothing on its tile to flag: it marches on the player's town (H3-41.4.3)
    only(state, "tamika")
    assert state.round == 1
    state, events = play_to_round(state, 2)
    tamika = ai_hero(state, "tamika")
    kinds = [e.kind for e in events]
    assert "h3_ai_turn" in kinds and kinds.index("h3_ai_turn") < kinds.index("h3_round")  # in round 1
    assert len(moves(events)) == AI_MP and tamika.mp == 0
    assert tamika.field != TOWN and tamika.field == moves(events)[-1]


def test_ai_hero_goes_for_a_players_hero_on_its_tile() -> None:
    # H3-41.4.1: a player's hero on the same tile comes before the unflagged mine there (H3-41.4.2)
    state = at_last_call(coop_game(1))
    only(state, "tamika")
    tamika = ai_hero(state, "tamika")
    tamika.field = (-7, 5)
    hero = state.player(0).main
    assert hero is not None
    hero.field = hero.last_visited = (-5, 3)  # two fields away, through the AI town
    state, events = end_last_call(state)
    tamika = ai_hero(state, "tamika")
    assert moves(events) == [TOWN]
    attack = next(e for e in events if e.kind == "h3_ai_attacks")
    assert field_of(attack) == (-5, 3)
    assert state.pending is not None and state.pending.ai_hero == "tamika" and state.pending.defender == 0
    assert state.pending.attacker == AI_SEAT and state.pending.origin == TOWN
    assert tamika.mp == 0  # H3-41.4.1: all its MP went into starting the combat
    assert state.field(MINE).flag is None


def test_ai_hero_flags_the_mine_on_its_tile_beating_the_guard_for_nothing() -> None:
    # H3-41.4.2: the nearest mine on its tile it can flag; H3-41.5: the guard is beaten with no combat
    state = at_last_call(coop_game(1))
    only(state, "tamika")
    assert visits.guarded(state, MINE) is not None
    before = state.player(0).model_dump()
    state, events = end_last_call(state)
    assert moves(events)[0] == MINE
    fs = state.field(MINE)
    assert fs.flag == AI_SEAT and fs.cleared
    assert "h3_ai_guard" in [e.kind for e in events] and "h3_ai_flagged" in [e.kind for e in events]
    assert state.combat is None
    p = state.player(0).model_dump()
    assert p["resources"] == before["resources"] and p["production"] == before["production"]


def test_a_field_the_ai_flags_stops_the_players_income() -> None:
    # H3-41.5 / H3-50.4.1: the player's cube goes, and the mine's production with it
    state = at_last_call(coop_game(1))
    only(state, "tamika")
    loc = location(state, MINE)
    assert loc is not None
    made = visits.mine_production(loc)
    p = state.player(0)
    fs = state.field(MINE)
    fs.flag, fs.ever_flagged = 0, True
    base = dict(p.production)
    for k, v in made.items():
        p.production[k] = p.production.get(k, 0) + v
    state, events = end_last_call(state)
    assert state.field(MINE).flag == AI_SEAT
    assert state.player(0).production == base
    lost = next(e for e in events if e.kind == "h3_ai_flag_taken")
    assert lost.data["seat"] == 0


def test_player_reflags_a_mine_the_ai_flagged() -> None:
    # H3-22.5.2: an AI cube is taken like an enemy's; the AI (no seat) loses no production
    state = to_main(coop_game(1), 0)
    state = mutate(state)
    mine = (3, 3)  # the building-materials mine beside the player's town
    ai_flags(state, mine)
    loc = location(state, mine)
    assert loc is not None
    p = state.player(0)
    want = {k: p.production.get(k, 0) + v for k, v in visits.mine_production(loc).items()}
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(mine)})
    assert state.field(mine).flag == 0
    assert all(state.player(0).production[k] == v for k, v in want.items())
    assert "h3_flagged" in [e.kind for e in events]


def test_an_ally_retakes_a_town_the_ai_took_and_returns_it() -> None:
    # H3-22.5.2 / A-53: the AI's cube on seat 1's Castle town is taken like an enemy's, and the town
    # goes back to its ally owner; the AI is no seat, so nothing asks for its player
    state = mutate(to_main(coop_game(2), 1))
    town = (4, 2)
    ai_flags(state, town)
    mine = state.player(0).main
    assert mine is not None
    mine.field = mine.last_visited = (5, 2)
    hero = state.player(1).main
    assert hero is not None
    hero.field = hero.last_visited = (5, 1)
    state, events = act(state, 1, {"type": "walk", "hero": "main", "to": list(town)})
    assert state.field(town).flag == 0
    returned = next(e for e in events if e.kind == "h3_town_returned")
    assert returned.msg is not None and returned.msg.id == "h3.coop.ai.town_returned"


def test_ai_hero_marches_on_the_players_town_and_a_tie_is_asked() -> None:
    # H3-41.4.3 towards the player's town; A-42: two equally short ways, the human (P-56) picks
    state = at_last_call(coop_game(1))
    reveal_all(state)
    ai_flags(state, MINE)
    only(state, "tamika")
    state, events = end_last_call(state)
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "ai_path"
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.rule == "A-42"
    picks = sorted(str(o.action["pick"]) for o in prompt.options)
    assert picks == ["-5,3", "-5,4"]  # both one field nearer to (4, 2)
    assert refused_rule(state, {"type": "choose", "pick": "-6,5"}) == "A-42"
    state, events = answer(state, "-5,4")
    assert moves(events)[0] == (-5, 4)
    # H3-41.5: the visited field gets its black cube; its guard, if any, is beaten; the AI gains nothing
    fs = state.field((-5, 4))
    assert fs.black
    assert visits.guarded(state, (-5, 4)) is None


def test_ai_hero_explores_a_face_down_tile_and_the_player_turns_it() -> None:
    # H3-41.5: 1 MP to explore; the player chooses its orientation (P-56)
    state = at_last_call(coop_game(1))
    ai_flags(state, MINE)
    only(state, "tamika")
    tamika = ai_hero(state, "tamika")
    tamika.field = (-5, 3)  # both nearer fields, (-4, 2) and (-4, 3), are on the face-down tile at (-3, 2)
    state, events = end_last_call(state)
    assert "h3_ai_explores" in [e.kind for e in events]
    tile = next(t for t in state.tiles if t.centre == (-3, 2))
    assert tile.face_up
    assert ai_hero(state, "tamika").mp == AI_MP - 1
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "ai_rotate"
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.rule == "H3-41.5"
    assert refused_rule(state, {"type": "choose", "pick": "9"}) == "H3-41.5"
    offered = [str(o.action["pick"]) for o in prompt.options]
    pick = offered[-1]
    state, events = answer(state, pick)
    tile = next(t for t in state.tiles if t.centre == (-3, 2))
    assert tile.rotation == int(pick)
    assert "h3_rotated" in [e.kind for e in events]
    # the rest of its turn goes on after the answer
    tamika = ai_hero(state, "tamika")
    assert tamika.mp < AI_MP - 1 or front(state).kind == "ask"


def test_a_guard_on_the_path_is_beaten_with_no_benefit() -> None:
    # H3-41.5: the guarded treasure on its way is beaten at once, visited (black cube) for nothing,
    # and the AI hero goes on to the player's hero (H3-41.4.1); A-42: the tie is the player's
    state = at_last_call(coop_game(1))
    only(state, "tamika")
    tamika = ai_hero(state, "tamika")
    tamika.field = (-6, 5)
    hero = state.player(0).main
    assert hero is not None
    hero.field = hero.last_visited = MINE  # two fields away: through the treasure or the AI town
    before = state.player(0).model_dump()
    state, _ = end_last_call(state)
    assert front(state).data.get("what") == "ai_path" and CLASH.prompts(state)[0].seat == 0
    state, events = answer(state, "-7,5")
    assert moves(events) == [(-7, 5)]
    fs = state.field((-7, 5))
    assert fs.cleared and fs.black
    guard = next(e for e in events if e.kind == "h3_ai_guard")
    assert guard.msg is not None and guard.msg.params["hero"] == Ref(kind="hero", id="tamika")
    assert "h3_ai_attacks" in [e.kind for e in events]
    assert state.pending is not None and state.pending.ai_hero == "tamika"
    after = state.player(0).model_dump()
    assert after["resources"] == before["resources"] and after["xp"] == before["xp"]


def test_the_tie_goes_to_the_seat_whose_hero_is_sought() -> None:
    # P-56 (house): the human deciding for the AI is the seat it heads for, not the starting player
    state = at_last_call(coop_game(2))
    assert state.starting == 0
    only(state, "tamika")
    ai_hero(state, "tamika").field = (-6, 5)
    hero = state.player(1).main
    assert hero is not None
    hero.field = hero.last_visited = MINE
    state, _ = end_last_call(state)
    assert front(state).data.get("what") == "ai_path"
    assert CLASH.prompts(state)[0].seat == 1
    assert refused_rule(state, {"type": "choose", "pick": "-7,5"}, seat=0) == "CORE-1"


def test_ai_hero_besieges_the_players_undefended_town() -> None:
    # H3-41.4.3: nothing nearer to do, so the player's town; H3-39.1: its owner cannot pay 8 gold to
    # defend it, so the AI hero takes it (ai_combat.ai_attacks_town) and its turn ends there
    state = at_last_call(coop_game(1))
    only(state, "tamika")
    tamika = ai_hero(state, "tamika")
    tamika.field = (5, 1)  # beside the player's town (4, 2)
    ai_flags(state, (3, 3))  # the mine on that tile is the AI's already
    hero = state.player(0).main
    assert hero is not None
    hero.field = hero.last_visited = (-5, 3)  # far from its town
    state.player(0).resources["gold"] = 0
    state, events = end_last_call(state)
    attack = next(e for e in events if e.kind == "h3_ai_attacks")
    assert field_of(attack) == (4, 2)
    assert state.field((4, 2)).flag == AI_SEAT
    tamika = ai_hero(state, "tamika")
    assert tamika.field == (4, 2) and tamika.mp == 0


def _ai_trace(seed: int) -> list[Any]:
    state, events = play_to_round(coop_game(1, seed=seed), 3)
    return [e.text for e in events if e.kind.startswith("h3_ai")] + [(a.id, a.field) for a in state.ai_heroes]


def test_same_seed_same_moves() -> None:
    # determinism: the AI's turn draws nothing but the game's own rng
    assert _ai_trace(5) == _ai_trace(5)
