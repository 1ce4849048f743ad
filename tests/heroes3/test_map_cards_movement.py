"""Map card effects on movement resolved by the engine instead of handed to the game master (H3-1.4
is only for what it cannot know): Logistics' end-of-turn move (H3-13.2.7 ongoing, H3-22.3 empty
field, H3-22.4 visit), Pathfinding (pass guards and enemy heroes, H3-30.1 / H3-9.5; expert: borders
and blocked fields, H3-22.7 / H3-22.8), Angel Wings (+1 MP, H3-8.4, and passing any field) and
Diplomacy's expert effect (guards of the hero's level skipped, the field visited, no XP) and
Mysticism right after a spell cast on the map (H3-15.2 / H3-15.3).

The castle starting tile around the main hero at (4, 2): (5, 1) and (4, 3) empty, (5, 2) a resource
field, (3, 3) a mine and (3, 2) a treasure guarded at difficulty I, (4, 1) blocked."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import GM_SEAT, RuleViolation
from engine.heroes3.adventure import geometry
from engine.heroes3.cards import play
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.invariants import check
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, Hero, PlacedTile
from engine.heroes3.content.clash import clash_content

from .clash.helpers import act, front, give_card, mutate, new_game, refused_rule, to_main

MOVEMENT_CARDS = ("logistics", "pathfinding", "angel_wings", "diplomacy", "mysticism", "view_air")
HOME, EMPTY_NE, EMPTY_S, RESOURCE, GUARDED, BLOCKED = (4, 2), (5, 1), (4, 3), (5, 2), (3, 3), (4, 1)


def _game() -> ClashState:
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    state.astrologer = None
    return state


def _actions(state: ClashState) -> list[dict[str, Any]]:
    prompt = CLASH.prompts(state)[0]
    return [dict(o.action) for o in prompt.options]


def _play(state: ClashState, card: str, mode: str = "basic") -> tuple[ClashState, list[Any]]:
    inst = give_card(state, card)
    state, events = act(state, 0, {"type": "play_card", "card": inst, "mode": mode})
    assert inst in state.player(0).deck.discard  # H3-13.2.2: played, revealed, discarded
    assert not any(e.kind == "gm_task" for e in events)
    return state, events


def _walk(to: tuple[int, int], passing: bool = False) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "walk", "hero": "main", "to": list(to)}
    if passing:
        action["passing"] = True
    return action


def test_h3_1_4_these_cards_are_no_longer_handed_to_the_game_master() -> None:
    for card, mode in [
        ("logistics", "basic"),
        ("pathfinding", "basic"),
        ("pathfinding", "expert"),
        ("angel_wings", "basic"),
        ("diplomacy", "expert"),
        ("mysticism", "basic"),
        ("mysticism", "expert"),
    ]:
        assert not play.gm_effect(card, mode), (card, mode)


# ---- Logistics (basic): a move at the end of the turn ----------------------------------------------------
def test_h3_13_2_7_logistics_moves_the_hero_to_an_adjacent_empty_field_when_the_turn_ends() -> None:
    state = _game()
    state, events = _play(state, "logistics")
    assert any(e.kind == "h3_logistics_ready" for e in events)
    state, _ = act(state, 0, {"type": "end_turn"})
    ask = front(state)
    assert ask.data.get("what") == "logistics"
    prompt = CLASH.prompts(state)[0]
    picks = {str(o.action["pick"]): o.at for o in prompt.options}
    # H3-22.3: only empty fields (no location, no guard), not blocked, with no hero on them
    assert picks == {"skip": None, "main:5,1": "5,1", "main:4,3": "4,3"}  # the picture draws each place
    state, events = act(state, 0, {"type": "choose", "pick": "main:5,1", "at": [5, 1]})
    p = state.player(0)
    assert p.main is not None and p.main.field == EMPTY_NE and p.main.last_visited == EMPTY_NE  # H3-22.4
    assert any(e.kind == "h3_moved" for e in events)
    assert front(state).seat == 1 and check(state) == []  # then the next turn


def test_h3_13_2_7_logistics_may_be_declined_and_lapses_with_the_turn() -> None:
    state = _game()
    state, _ = _play(state, "logistics")
    state, _ = act(state, 0, {"type": "end_turn"})
    state, _ = act(state, 0, {"type": "choose", "pick": "skip"})
    p = state.player(0)
    assert p.main is not None and p.main.field == HOME
    assert not any(u.startswith("logistics:") for u in p.turn_used)


def test_h3_13_2_7_logistics_refuses_a_field_that_is_not_empty() -> None:
    state = _game()
    state, _ = _play(state, "logistics")
    state, _ = act(state, 0, {"type": "end_turn"})
    state = mutate(state)
    assert refused_rule(state, {"type": "choose", "pick": "main:5,2"}) == "H3-13.2.7"  # a resource field


# ---- Pathfinding (basic): through guards and enemy heroes ----------------------------------------------------
def test_h3_30_1_without_pathfinding_a_guarded_field_cannot_be_passed() -> None:
    state = _game()
    assert _walk(GUARDED, passing=True) not in _actions(state)
    assert refused_rule(state, _walk(GUARDED, passing=True)) == "H3-9.4"


def test_h3_30_1_pathfinding_passes_a_guarded_field_and_moves_on_without_a_combat() -> None:
    state = _game()
    state, events = _play(state, "pathfinding")
    assert any(e.kind == "h3_pass_ready" for e in events)
    assert _walk(GUARDED, passing=True) in _actions(state)
    assert _walk(RESOURCE, passing=True) not in _actions(state)  # only fields that would start a combat
    state, events = act(state, 0, _walk(GUARDED, passing=True))
    p = state.player(0)
    assert p.main is not None and p.main.field == GUARDED and state.combat is None
    assert any(e.kind == "h3_passed" for e in events) and p.main.mp_left() == 2
    # H3-9.4: no ending the turn on a passed field
    assert {"type": "end_turn"} not in _actions(state)
    state = mutate(state)
    assert refused_rule(state, {"type": "end_turn"}) == "H3-9.4"
    assert refused_rule(state, {"type": "revisit", "hero": "main"}) == "H3-9.4"
    state, _ = act(state, 0, _walk(EMPTY_S))
    p = state.player(0)
    assert p.main is not None and p.main.field == EMPTY_S and p.main.passing is None
    assert state.field(GUARDED).cleared is False  # the guards still stand
    assert {"type": "end_turn"} in _actions(state) and check(state) == []


def test_h3_30_1_pathfinding_stopping_on_a_guarded_field_starts_the_combat() -> None:
    state = _game()
    state, _ = _play(state, "pathfinding")
    state, _ = act(state, 0, _walk(GUARDED, passing=True))
    stop = _walk(GUARDED)
    assert stop in _actions(state)
    state, events = act(state, 0, stop)
    assert any(e.kind == "h3_stopped" for e in events) and any(e.kind == "h3_neutrals" for e in events)
    p = state.player(0)
    assert state.combat is not None and p.main is not None and p.main.field == HOME  # fought from there
    assert state.pending is not None and state.pending.target == GUARDED


def test_h3_9_5_pathfinding_passes_an_enemy_hero() -> None:
    state = _game()
    bob = state.player(1)
    assert bob.main is not None
    bob.main.field = EMPTY_NE
    state, _ = _play(state, "pathfinding")
    assert _walk(EMPTY_NE, passing=True) in _actions(state)
    state, _ = act(state, 0, _walk(EMPTY_NE, passing=True))
    assert state.combat is None and check(state) == []  # passing: sharing the field is no violation
    state, events = act(state, 0, _walk(EMPTY_NE))  # stopping on it attacks (H3-9.5)
    assert any(e.kind == "h3_stopped" for e in events)
    assert state.pending is not None and state.pending.defender == 1


# ---- Pathfinding (expert): borders and blocked fields ------------------------------------------------------
def test_h3_22_8_pathfinding_expert_crosses_a_blocked_field_but_may_not_stop_there() -> None:
    state = _game()
    state.player(0).xp, state.player(0).level = 2, 2  # level II: one expert use
    assert refused_rule(state, _walk(BLOCKED)) == "H3-22.8"
    state, _ = _play(state, "pathfinding", "expert")
    assert state.player(0).expert_used == 1  # H3-12.12
    assert _walk(BLOCKED) not in _actions(state)  # H3-22.8: never to stop on
    state, _ = act(state, 0, _walk(BLOCKED, passing=True))
    assert _walk(BLOCKED) not in _actions(state)  # no stopping here either
    state = mutate(state)
    assert refused_rule(state, _walk(BLOCKED)) == "H3-22.8"
    assert refused_rule(state, {"type": "end_turn"}) == "H3-9.4"
    assert check(state) == []
    state, _ = act(state, 0, _walk(EMPTY_NE))
    p = state.player(0)
    assert p.main is not None and p.main.field == EMPTY_NE and p.main.mp_left() == 1


def test_h3_22_7_pathfinding_expert_crosses_a_yellow_border(monkeypatch: pytest.MonkeyPatch) -> None:
    # no printed tile lists its yellow lines yet (tiles.json): one is drawn between home and (5, 1)
    real = geometry._bordered

    def bordered(state: ClashState, a: tuple[int, int], b: tuple[int, int]) -> bool:
        return {a, b} == {HOME, EMPTY_NE} or real(state, a, b)

    monkeypatch.setattr(geometry, "_bordered", bordered)
    state = _game()
    state.player(0).xp, state.player(0).level = 2, 2
    assert _walk(EMPTY_NE) not in _actions(state)
    assert refused_rule(state, _walk(EMPTY_NE)) == "H3-22.8"
    state, _ = _play(state, "pathfinding", "expert")
    assert _walk(EMPTY_NE) in _actions(state)
    state, _ = act(state, 0, _walk(EMPTY_NE))
    p = state.player(0)
    assert p.main is not None and p.main.field == EMPTY_NE and p.main.passing is None


# ---- Angel Wings: +1 MP and passing any field --------------------------------------------------------------
def test_h3_8_4_angel_wings_gives_an_mp_and_passes_a_field_unresolved() -> None:
    state = _game()
    before = dict(state.player(0).resources)
    state, events = _play(state, "angel_wings")
    p = state.player(0)
    assert p.main is not None and p.main.mp_turn == 1 and any(e.kind == "h3_mp" for e in events)
    state, events = act(state, 0, _walk(RESOURCE, passing=True))
    assert state.player(0).resources == before and front(state).kind == "main"  # not resolved
    assert state.field(RESOURCE).black is False
    state, _ = act(state, 0, _walk(EMPTY_NE))  # the last field entered is resolved (empty: no effect)
    p = state.player(0)
    assert p.main is not None and p.main.field == EMPTY_NE and p.main.mp_left() == 2


def test_h3_22_4_angel_wings_stopping_resolves_the_last_field() -> None:
    state = _game()
    state, _ = _play(state, "angel_wings")
    state, _ = act(state, 0, _walk(RESOURCE, passing=True))
    state, events = act(state, 0, _walk(RESOURCE))
    assert any(e.kind == "h3_stopped" for e in events)
    p = state.player(0)
    assert p.main is not None and p.main.field == RESOURCE and p.main.last_visited == RESOURCE  # visited
    assert p.main.mp_left() == 3  # stopping costs no MP


def test_h3_14_1_angel_wings_asks_which_hero_when_both_are_on_the_map() -> None:
    state = _game()
    p = state.player(0)
    p.secondary = Hero(kind="secondary", field=EMPTY_S, mp=2, last_visited=EMPTY_S)
    state, _ = _play(state, "angel_wings")
    assert front(state).data.get("what") == "pass_hero"
    assert sorted(str(o.action["pick"]) for o in CLASH.prompts(state)[0].options) == ["main", "secondary"]
    state, _ = act(state, 0, {"type": "choose", "pick": "secondary"})
    p = state.player(0)
    assert p.secondary is not None and p.secondary.mp_turn == 1
    assert p.main is not None and p.main.mp_turn == 0
    actions = _actions(state)
    assert {"type": "walk", "hero": "secondary", "to": list(EMPTY_NE), "passing": True} not in actions  # not adjacent
    assert any(a.get("hero") == "secondary" and a.get("passing") for a in actions)
    assert not any(a.get("hero") == "main" and a.get("passing") for a in actions)


def test_h3_9_4_a_pass_needs_an_mp_left_to_go_on() -> None:
    state = _game()
    state, _ = _play(state, "angel_wings")
    p = state.player(0)
    assert p.main is not None
    p.main.mp, p.main.mp_turn = 0, 1
    assert not any(a.get("passing") for a in _actions(state))
    assert refused_rule(state, _walk(RESOURCE, passing=True)) == "H3-9.4"


# ---- Diplomacy (expert) -------------------------------------------------------------------------------------
def _guard_two_next_to_hero(state: ClashState) -> tuple[int, int]:
    """A Far tile beside the starting tile, turned so that a difficulty II guarded field lies next to
    the main hero, moved to the resource field (5, 2) on the starting tile's edge."""
    p = state.player(0)
    assert p.main is not None
    p.main.field = p.main.last_visited = RESOURCE
    for tile in clash_content().tiles.values():
        if tile.kind != "far":
            continue
        for rot in range(6):
            state.tiles.append(PlacedTile(centre=(6, 3), tile=tile.id, kind=tile.kind, face_up=True, rotation=rot))
            for pos in ((6, 2), (5, 3)):
                f = geometry.printed(state, pos)
                if f is not None and f.guard == 2 and not f.blocked:
                    return pos
            state.tiles.pop()
    raise AssertionError("no Far tile with a difficulty II guard")


def _level_two(state: ClashState) -> None:
    p = state.player(0)
    p.xp, p.level = 2, 2  # level II: one expert use (H3-12.12)


def test_diplomacy_expert_skips_guards_of_the_heros_level_and_visits_without_xp() -> None:
    state = _game()
    _level_two(state)
    target = _guard_two_next_to_hero(state)
    state, events = _play(state, "diplomacy", "expert")
    assert any(e.kind == "h3_diplomacy_ready" for e in events) and state.player(0).expert_used == 1
    xp = state.player(0).xp
    state, events = act(state, 0, _walk(target))
    assert state.combat is None and any(e.kind == "h3_diplomacy" for e in events)
    assert not any(e.kind == "h3_neutrals" for e in events)  # H3-30.1's combat skipped
    p = state.player(0)
    assert p.main is not None and p.main.field == target and p.main.last_visited == target  # visited
    assert state.field(target).cleared and p.xp == xp  # the guards are passed; no XP
    assert not any(u.startswith("diplomacy:") for u in p.turn_used)  # used up
    assert check(state) == []


def test_h3_31_1_diplomacy_expert_does_not_touch_guards_of_another_difficulty() -> None:
    state = _game()
    _level_two(state)
    state, _ = _play(state, "diplomacy", "expert")
    state, events = act(state, 0, _walk(GUARDED))  # difficulty I below level II: a quick combat (H3-31.1)
    assert not any(e.kind == "h3_diplomacy" for e in events) and any(e.kind == "h3_quick" for e in events)
    assert any(u.startswith("diplomacy:") for u in state.player(0).turn_used)  # still waiting this turn


def test_h3_30_1_diplomacy_expert_waits_only_this_turn() -> None:
    state = _game()
    _level_two(state)
    target = _guard_two_next_to_hero(state)
    state, _ = _play(state, "diplomacy", "expert")
    state, _ = act(state, 0, {"type": "end_turn"})
    state = to_main(state, 0)
    assert not any(u.startswith("diplomacy:") for u in state.player(0).turn_used)
    p = state.player(0)
    assert p.main is not None and target in geometry.neighbours(p.main.field)
    state, events = act(state, 0, _walk(target))
    assert any(e.kind == "h3_neutrals" for e in events)  # the next turn the guards are fought


# ---- Mysticism: right after a spell is cast on the map ----------------------------------------------------
def test_h3_13_2_7_mysticism_is_played_right_after_a_cast_not_from_the_menu() -> None:
    state = _game()
    mys = give_card(state, "mysticism")
    assert not any(a.get("card") == mys for a in _actions(state))
    assert refused_rule(state, {"type": "play_card", "card": mys, "mode": "basic"}) == "H3-13.2.7"


def test_h3_15_2_mysticism_returns_the_spell_cast_to_the_hand() -> None:
    state = _game()
    spell = give_card(state, "view_air")
    mys = give_card(state, "mysticism")
    gold = state.player(0).resources.get("gold", 0)
    state, events = act(state, 0, {"type": "play_card", "card": spell, "mode": "cast", "tier": 0})
    assert state.player(0).resources.get("gold", 0) == gold + 3  # the spell resolved first
    assert front(state).data.get("what") == "mysticism"
    picks = [str(o.action["pick"]) for o in CLASH.prompts(state)[0].options]
    assert picks == ["skip", f"b:{mys}"]  # level I: no expert use (H3-12.12)
    state, events = act(state, 0, {"type": "choose", "pick": f"b:{mys}"})
    p = state.player(0)
    assert spell in p.deck.hand and spell not in p.deck.discard and mys in p.deck.discard
    assert any(e.kind == "h3_mysticism" for e in events) and front(state).kind == "main"
    assert check(state) == []


def test_h3_15_3_mysticism_expert_also_returns_the_cards_played_for_power() -> None:
    state = _game()
    _level_two(state)
    spell, other = give_card(state, "view_air"), give_card(state, "view_air")
    mys = give_card(state, "mysticism")
    state, _ = act(state, 0, {"type": "play_card", "card": other, "mode": "alt", "expert": False})  # +1 Power
    state, _ = act(state, 0, {"type": "play_card", "card": spell, "mode": "cast", "tier": 1})
    assert f"e:{mys}" in [str(o.action["pick"]) for o in CLASH.prompts(state)[0].options]
    state, _ = act(state, 0, {"type": "choose", "pick": f"e:{mys}"})
    p = state.player(0)
    assert spell in p.deck.hand and other in p.deck.hand and mys in p.deck.discard
    assert p.expert_used == 1 and p.power_cards == [] and check(state) == []


def test_h3_15_2_declining_mysticism_leaves_the_spell_in_the_discard_pile() -> None:
    state = _game()
    spell = give_card(state, "view_air")
    mys = give_card(state, "mysticism")
    state, _ = act(state, 0, {"type": "play_card", "card": spell, "mode": "cast", "tier": 0})
    state, _ = act(state, 0, {"type": "choose", "pick": "skip"})
    p = state.player(0)
    assert spell in p.deck.discard and mys in p.deck.hand


def test_h3_15_2_no_mysticism_in_hand_no_question() -> None:
    state = _game()
    spell = give_card(state, "view_air")
    state, _ = act(state, 0, {"type": "play_card", "card": spell, "mode": "cast", "tier": 0})
    assert front(state).kind == "main"


# ---- a seeded random game with these cards in every hand ------------------------------------------------
def test_a_random_game_with_these_cards_in_hand_keeps_every_invariant() -> None:
    """A seeded random Clash (as engine/sim.py plays one), each seat given Logistics, Pathfinding, Angel
    Wings and Diplomacy at each of its turns: every invariant holds after every action, the offered
    options are legal (probe), and none of these cards goes to the game master."""
    import random

    from engine.sim import check_invariants

    rng = random.Random(7)
    state = CLASH.setup({"players": 2, "difficulty": "impossible", "starting_player": 0}, 7)
    given: set[tuple[int, int]] = set()
    played = passed = stopped = moved = 0
    for n in range(2500):
        if CLASH.result(state) is not None:
            break
        st = FLOW.current(state)
        if st is not None and st.kind == "main" and st.seat is not None and (state.round, st.seat) not in given:
            given.add((state.round, st.seat))
            state = mutate(state)
            for card in MOVEMENT_CARDS:
                state.player(st.seat).deck.hand.append(state.new_card(card))
        prompts = CLASH.prompts(state)
        prompt = rng.choice([p for p in prompts if p.waiting] or prompts)
        if prompt.seat == GM_SEAT:
            action = dict(prompt.options[0].action) if prompt.options else {"type": "gm_resolve", "task": 0}
        else:
            action = CLASH.sample_action(state, prompt.seat, rng)
        try:
            state, events = CLASH.apply(state, prompt.seat, action)
        except RuleViolation:
            continue
        played += action.get("type") == "play_card"
        passed += bool(action.get("passing"))
        assert not [t for t in state.gm.tasks if t.data.get("card") in MOVEMENT_CARDS], n
        stopped += sum(e.kind == "h3_stopped" for e in events)
        moved += sum(e.kind in ("h3_diplomacy", "h3_logistics_ready", "h3_mysticism") for e in events)
        assert check_invariants(CLASH, state, rng, 1) == [], n
    assert played and passed and moved, (played, passed, stopped, moved)  # really used
