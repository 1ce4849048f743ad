"""Allies on the map and in combat (H3-3.2.3): an ally's hero is no enemy, an ally's flagged field
is no prize, the neutrals go to the nearest enemy on the right, and "an enemy" choices offer only
enemies. Every case is checked against the same position in a Clash (no teams), which must keep
treating every other player as an enemy.

Until the Alliance setup builds the teams, the positions here are four-player Clash games with
``mode`` "alliance" and the teams [[0, 2], [1, 3]] set by hand (teams alternate around the table).
"""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3.adventure import effects, encounters, movement
from engine.heroes3.adventure.geometry import location, neighbours, step_ok, tile_at
from engine.heroes3.clash import invariants
from engine.heroes3.clash.common import allied, town_owner
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, Coord, Hero
from engine.heroes3.content.clash import clash_content

from .helpers import act, mutate, new_game, to_main
from .test_examples import _mine_next_to

PLAYERS = 4
ALLY = 2  # seat 0's teammate; seats 1 and 3 are the enemies


def _game(alliance: bool, teams: list[list[int]] | None = None) -> ClashState:
    """Seat 0's main menu in round 1 of a four-player game, as an Alliance or as a Clash."""
    state = mutate(to_main(new_game(players=PLAYERS), 0))
    if alliance:
        state.mode = "alliance"
        state.teams = teams if teams is not None else [[0, 2], [1, 3]]
    return state


def _open_fields(state: ClashState, around: Coord) -> list[Coord]:
    """Face-up, enterable, location-free fields next to ``around`` that a hero may step from."""
    out = []
    for n in neighbours(around):
        found = tile_at(state, n)
        loc = location(state, n)
        if found is None or not found[0].face_up or (loc is not None and loc.category != "empty"):
            continue
        if step_ok(state, n, around) and step_ok(state, around, n):
            out.append(n)
    return out


def _ally_next_to_alice(state: ClashState, seat: int = ALLY) -> Coord:
    """Stand ``seat``'s main hero on an empty field next to seat 0's main hero."""
    alice = state.player(0).main
    other = state.player(seat).main
    assert alice is not None and other is not None
    to = _open_fields(state, alice.field)[0]
    other.field = other.last_visited = to
    return to


# ---- H3-9.5 / H3-9.4: an ally's hero is passed, never attacked ------------------------------------------
@pytest.mark.parametrize("alliance", [True, False])
def test_moving_onto_an_allys_hero_starts_no_combat(alliance: bool) -> None:
    # H3-3.2.3 / H3-9.5: only an ENEMY hero is attacked; H3-9.4: an ally's field is passed without a visit
    state = _game(alliance)
    to = _ally_next_to_alice(state)
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
    if not alliance:  # Clash: seat 2 is an enemy, the move attacks it
        assert state.combat is not None and state.pending is not None and state.pending.defender == ALLY
        return
    assert state.combat is None and state.pending is None
    assert not any(e.kind in ("h3_declared", "h3_visit") for e in events)
    alice = state.player(0).main
    assert alice is not None and alice.field == to
    # the seed's 同盟英雄 line: standing together, Alice's next MP must take her off the field
    assert movement.forced_off(state, state.player(0)) == [alice]


@pytest.mark.parametrize("alliance", [True, False])
def test_an_allys_field_is_passed_but_not_ended_on(alliance: bool) -> None:
    # H3-9.4 for allies: with a single MP left the move would end on the ally's field, so it is refused
    state = _game(alliance)
    to = _ally_next_to_alice(state)
    alice = state.player(0).main
    assert alice is not None
    alice.mp, alice.mp_turn = 1, 0
    if alliance:
        before = state.model_dump_json()
        with pytest.raises(RuleViolation) as err:
            act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
        assert err.value.rule == "H3-9.4"
        assert state.model_dump_json() == before
        assert to not in movement.walk_targets(state, state.player(0), alice)
    else:  # Clash: one MP is enough to attack the enemy hero there
        state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
        assert state.combat is not None


@pytest.mark.parametrize("alliance", [True, False])
def test_allied_heroes_forced_together_must_part_with_the_next_mp(alliance: bool) -> None:
    # Seed 003 line 752 (同盟英雄): "in the rare case two allied heroes are forced into the same field,
    # you must use your next MP to move one of them out" (H3-8.5 for allies). Alice's secondary hero
    # elsewhere cannot spend that MP, and no other movement action is allowed first.
    state = _game(alliance)
    p = state.player(0)
    assert p.main is not None
    ally = state.player(ALLY).main
    assert ally is not None
    ally.field = ally.last_visited = p.main.field  # e.g. a defeated hero sent to a shared base (H3-37.6)
    away = _open_fields(state, p.main.field)[0]
    p.secondary = Hero(kind="secondary", field=away, mp=2, last_visited=away)
    if not alliance:  # in a Clash two players' heroes never share a field: the checks say so
        assert movement.forced_off(state, p) == []
        assert any("share" in bad for bad in invariants.check(state))
        return
    assert invariants.check(state) == []  # allies may stand together until the next MP parts them
    assert movement.forced_off(state, p) == [p.main]
    options = CLASH.prompts(state)[0].options
    walkers = {o.action["hero"] for o in options if o.action.get("type") == "walk"}
    assert walkers == {"main"}
    assert not any(o.action.get("type") in ("discover", "place_tile", "revisit") for o in options)
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "walk", "hero": "secondary", "to": list(p.main.field)})
    assert err.value.rule == "H3-8.5"
    assert state.model_dump_json() == before
    out = next(n for n in _open_fields(state, p.main.field) if n != away)
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(out)})
    assert movement.forced_off(state, state.player(0)) == []


@pytest.mark.parametrize("alliance", [True, False])
def test_a_defeated_hero_may_retreat_to_a_base_an_ally_holds(alliance: bool) -> None:
    # H3-37.6 with the seed's 同盟英雄 line: an ally's hero in your only town does not bar it (the two
    # then part with the next MP); an enemy's hero there does, and with no base left the player is out
    # (H3-5.3.2, unchanged in a Clash).
    state = _game(alliance)
    p = state.player(0)
    assert p.main is not None
    town = p.main.field
    ally = state.player(ALLY).main
    assert ally is not None
    ally.field = ally.last_visited = town
    p.main.field = p.main.last_visited = _open_fields(state, town)[0]
    events: list = []
    follow = encounters._relocate(state, p, events, avoid=(99, 99))
    assert follow == []
    if alliance:
        assert not p.eliminated and p.main is not None and p.main.field == town
    else:
        assert p.eliminated and any(e.kind == "h3_eliminated" for e in events)


# ---- H3-22.5.2: allies treat each other's flagged fields as empty -------------------------------------------
@pytest.mark.parametrize("alliance", [True, False])
def test_an_ally_does_not_steal_a_flagged_mine(alliance: bool) -> None:
    # H3-22.5.2 (seed line 1220): only an ENEMY hero replaces your cube; "allied heroes treat your
    # flagged fields as empty fields": nothing is taken from the ally, nothing is gained (H3-50.4.1)
    state = _game(alliance)
    _, mine = _mine_next_to(state, 0)
    fs = state.field(mine)
    fs.flag, fs.ever_flagged = ALLY, True
    loc = location(state, mine)
    assert loc is not None
    amount = sum(
        s.resources().as_dict()["building_materials"] for c in loc.choices for s in c.steps if s.effect == "production"
    )
    owner = state.player(ALLY)
    owner.production["building_materials"] = owner.production.get("building_materials", 0) + amount
    before_owner = dict(owner.production)
    before_alice = dict(state.player(0).production)
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(mine)})
    if alliance:
        assert state.field(mine).flag == ALLY
        assert state.player(ALLY).production == before_owner
        assert state.player(0).production == before_alice
        assert any(e.kind == "h3_ally_field" for e in events)
        assert not any(e.kind == "h3_flagged" for e in events)
    else:  # Clash: the cube is stolen and the production moves with it
        assert state.field(mine).flag == 0
        assert any(e.kind == "h3_flagged" for e in events)
        assert state.player(0).production["building_materials"] == before_alice["building_materials"] + amount
        assert state.player(ALLY).production["building_materials"] == before_owner["building_materials"] - amount


def _next_to_town(state: ClashState, seat: int) -> Coord:
    """Move ``seat``'s main hero off its own town and stand seat 0's main hero next to that town."""
    owner = state.player(seat)
    assert owner.main is not None
    town = owner.main.field
    spots = _open_fields(state, town)
    owner.main.field = owner.main.last_visited = spots[1]
    alice = state.player(0).main
    assert alice is not None
    alice.field = alice.last_visited = spots[0]
    return town


@pytest.mark.parametrize("alliance", [True, False])
def test_an_allys_town_is_neither_besieged_nor_captured(alliance: bool) -> None:
    # H3-9.5 / H3-39.1: entering an ENEMY town is a siege; an ally's town is an empty field to its
    # ally (H3-22.5.2): no siege, no flag, no faction cube (H3-50.3)
    state = _game(alliance)
    town = _next_to_town(state, ALLY)
    state.player(ALLY).resources["gold"] = 0  # undefended (H3-39.1) if it comes to a siege
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(town)})
    alice = state.player(0)
    if alliance:
        assert not any(e.kind in ("h3_undefended", "h3_declared", "h3_flagged") for e in events)
        assert town_owner(state, town) == ALLY and state.field(town).flag == ALLY
        assert alice.cubes == {}
        assert any(e.kind == "h3_ally_field" for e in events)
        assert alice.main is not None and alice.main.field == town
    else:  # Clash: an undefended enemy town is flagged and pays a faction cube
        assert any(e.kind == "h3_undefended" for e in events)
        assert town_owner(state, town) == 0 and alice.cubes == {ALLY: 1}


@pytest.mark.parametrize("alliance", [True, False])
def test_retaking_an_allys_town_from_the_enemy_returns_it(alliance: bool) -> None:
    # H3-50.3 / A-53 for allies (house reading): the enemy who holds your ally's town is besieged as
    # usual; the town goes back to your ally and nobody takes a faction cube of an ally
    state = _game(alliance)
    town = _next_to_town(state, ALLY)
    fs = state.field(town)
    fs.flag, fs.ever_flagged = 1, True  # seat 1, an enemy in both games, holds it
    state.player(1).resources["gold"] = 0
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(town)})
    assert any(e.kind == "h3_undefended" for e in events)  # H3-39.1: a siege of the enemy holder
    if alliance:
        assert state.field(town).flag == ALLY and town_owner(state, town) == ALLY
        assert state.player(0).cubes == {}
        assert any(e.kind == "h3_town_returned" for e in events)
    else:
        assert state.field(town).flag == 0 and state.player(0).cubes == {ALLY: 1}


# ---- H3-32.4: the nearest enemy to the right controls the neutrals -------------------------------------
@pytest.mark.parametrize(
    ("teams", "expected"),
    [
        (None, 3),  # Clash: the player to the right (seat 0's right is the last seat)
        ([[0, 2], [1, 3]], 3),  # teams alternate: the right-hand neighbour is already an enemy
        ([[0, 3], [1, 2]], 2),  # the ally on the right is skipped: the nearest ENEMY to the right
    ],
)
def test_the_neutral_controller_is_the_nearest_enemy_to_the_right(teams: list[list[int]] | None, expected: int) -> None:
    # H3-32.4 (Rec. in Alliance: the nearest enemy to the right; an eliminated player may control, H3-5.4)
    state = _game(teams is not None, teams)
    assert encounters.right_of(state, 0) == expected
    state.player(expected).eliminated = True
    state.player(expected).main = None
    assert encounters.right_of(state, 0) == expected  # H3-5.4: still the controller
    start, mine = _mine_next_to(state, 0)
    encounters.neutral_combat(state, 0, "main", start, mine, 3)
    assert state.combat is not None
    neutrals = next(side for side in state.combat.sides if side.owner is None)
    assert neutrals.controller == expected


# ---- H3-50.6: "an enemy" choices offer enemies only ----------------------------------------------------
@pytest.mark.parametrize(("alliance", "offered"), [(True, {"1", "3"}), (False, {"1", "2", "3"})])
def test_the_tavern_offers_only_enemies(alliance: bool, offered: set[str]) -> None:
    # Tavern (H3-50.6, H-31): "an enemy of your choice discards a random card"; an ally is no enemy
    state = _game(alliance)
    for q in state.seats:
        q.deck.hand.append(q.deck.draw.draw_pile.pop())
    step = clash_content().locations["tavern"].choices[0].steps[1]
    assert step.effect == "enemy_discard_random"
    effects.push_effects(state, 0, "main", [step])
    FLOW.advance(state)
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.rule == "H3-50.6"
    assert {str(o.action["pick"]) for o in prompt.options} == offered
    if alliance:
        before = state.model_dump_json()
        with pytest.raises(RuleViolation):
            act(state, 0, {"type": "choose", "pick": str(ALLY)})
        assert state.model_dump_json() == before


# ---- a whole random Alliance game: allies never meet as enemies ---------------------------------------
def test_in_a_random_alliance_game_allies_never_fight_or_take_from_each_other() -> None:
    # H3-3.2.3 with the Alliance setup: every combat is between enemies or against neutrals run by an
    # enemy (H3-32.4); no player ever holds a faction cube of an ally (H3-37.7, H3-37.8, H3-50.3); the
    # table's checks hold after every action (allies only ever share a field until the next MP, H3-8.5)
    import random

    state = CLASH.setup({"players": PLAYERS, "mode": "alliance", "difficulty": "impossible"}, 7)
    assert state.teams, "the Alliance setup fills the teams"
    rng = random.Random(7)
    combats = 0
    for _ in range(1500):
        if CLASH.result(state) is not None:
            break
        prompts = [p for p in CLASH.prompts(state) if p.waiting] or CLASH.prompts(state)
        prompt = rng.choice(prompts)
        try:
            state, _ = act(state, prompt.seat, CLASH.sample_action(state, prompt.seat, rng))
        except RuleViolation:
            continue
        if state.combat is not None and state.pending is not None:
            combats += 1
            attacker = state.pending.attacker
            for side in state.combat.sides:
                other = side.owner if side.owner is not None else side.controller
                if other is not None and other != attacker:
                    assert not allied(state, attacker, other), (attacker, other, state.combat.kind)
        for p in state.seats:
            assert not any(allied(state, p.seat, s) for s, n in p.cubes.items() if n), (p.seat, p.cubes)
        assert CLASH.invariants(state) == []
    assert combats > 0
