"""Rule cases of the Clash game: setup, turns, movement, tiles, towns, hidden information, and
that every refused action cites its rule and changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.adventure.geometry import location, neighbours, step_ok, tile_fields
from engine.heroes3.adventure.movement import face_down_near
from engine.heroes3.clash import rounds
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, PlacedTile
from engine.heroes3.content.clash import clash_content, is_tile_centre

from .helpers import act, bobs_settlement, front, keep_heroes, mutate, new_game, to_main


# ---- setup (H3-6) ------------------------------------------------------------------------------------
def test_setup_builds_decks_tiles_and_heroes() -> None:
    # H3-6.1 scenario, H3-6.2 factions, H3-6.3 heroes, H3-6.5 level I, H3-6.14 shuffled 9-card deck,
    # H3-6.16 discard piles face up, H3-6.18 neutral decks, H3-6.20 round 1, H3-6.22 hero on the town.
    state = new_game(factions=["castle", "dungeon"], heroes=["adelaide", "alamar"])
    assert state.scenario == "clash_two_kingdoms"
    assert [p.faction for p in state.seats] == ["castle", "dungeon"]
    assert [p.hero for p in state.seats] == ["adelaide", "alamar"]
    for p in state.seats:
        assert p.level == 1 and p.xp == 0
        assert len(p.deck.all_cards()) == 9
        start = next(
            t for t in state.tiles if t.kind == "starting" and clash_content().tiles[t.tile].faction == p.faction
        )
        assert p.main is not None and p.main.field == start.centre
        assert state.field(start.centre).flag == p.seat
    for name in ("ability", "artifact", "spell"):
        assert len(state.decks[name].discard_pile) == 1  # H3-6.16
    assert set(state.neutral_decks) == {"bronze", "silver", "gold", "azure"}
    assert state.round == 1


def test_setup_face_down_tiles_hidden_and_on_the_lattice() -> None:
    # H3-6.6 / H3-22.2 / H-9: pool tiles face down; the public view shows only their backs.
    state = new_game(players=3)
    hidden = [t for t in state.tiles if not t.face_up]
    assert hidden
    view = CLASH.view(state, None)
    for t in view["tiles"]:
        assert ("tile" in t) == t["face_up"]
    assert all(is_tile_centre(t.centre) for t in state.tiles)


def test_setup_starting_player_and_impossible_bonus() -> None:
    # H3-6.23: the starting player never changes; H3-6.17 / H3-4.2: no bonus at Impossible.
    state = new_game(starting_player=1)
    assert state.starting == 1 and front(state).kind == "hand" and front(state).seat == 1


def test_starting_bonus_easy_search_goes_to_hand_then_reshuffle() -> None:
    # H3-4.2 / H3-4.3 / H3-4.4: an artifact Search (2) twice; the cards go to the hand.
    state = new_game(difficulty="easy")
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-4.2"
    state, _ = act(state, prompt.seat, {"type": "choose", "pick": "search"})
    for _ in range(2):
        state, _ = act(state, 0, {"type": "search", "choice": "look"})
        keep = state.player(0).searching[0]
        state, _ = act(state, 0, {"type": "search", "choice": "keep", "card": keep})
        assert keep in state.player(0).deck.hand and keep not in state.player(0).deck.draw.draw_pile
    state, _ = act(state, 1, {"type": "choose", "pick": "dice"})
    assert len(state.decks["artifact"].discard_pile) == 1  # H3-4.4: reshuffled, a new discard top


def test_setup_refuses_a_bad_scenario() -> None:
    # H3-3: a scenario is for a given number of players; the refusal says so in words.
    with pytest.raises(RuleViolation) as refused:
        CLASH.setup({"players": 3, "scenario": "clash_two_kingdoms"}, 1)
    assert "is for 2 players" in refused.value.message


# ---- turns (H3-7, H3-8) -------------------------------------------------------------------------------
def test_turns_go_clockwise_from_the_starting_player_and_rounds_advance() -> None:
    # H3-7.1 / H3-7.6: every player takes one turn, then the round tracker advances.
    state = new_game(players=3, starting_player=2)
    seen = []
    for _ in range(3):
        st = front(state)
        seen.append(st.seat)
        state = to_main(state, int(st.seat or 0))
        state, _ = act(state, int(st.seat or 0), {"type": "end_turn"})
    assert seen == [2, 0, 1]
    while front(state).kind == "last_call_w":  # the last call, then the round ends
        prompt = CLASH.prompts(state)[0]
        assert prompt.rule == "H3-7.7"
        state, _ = act(state, prompt.seat, {"type": "town_pass"})
    assert state.round == 2


def test_hand_limit_checked_only_at_turn_start() -> None:
    # H3-8.2 / H3-8.1.1: over the limit you must discard first; drawing is refused until then.
    state = mutate(new_game())
    p = state.player(0)
    for _ in range(6):
        p.deck.hand.append(p.deck.draw.draw_pile.pop(0))
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "draw", "n": 0})
    assert err.value.rule == "H3-8.1.1"


def test_main_menu_and_end_turn_clears_turn_mp() -> None:
    # H3-8.3 (P-20) menu; H3-8.4 / H3-8.6: MP for this turn expire at its end.
    state = mutate(to_main(new_game(), 0))
    p = state.player(0)
    assert p.main is not None
    p.main.mp_turn = 2
    kinds = {o.action["type"] for o in CLASH.prompts(state)[0].options}
    assert {"walk", "end_turn"} <= kinds
    state, _ = act(state, 0, {"type": "end_turn"})
    assert state.player(0).main.mp_turn == 0  # type: ignore[union-attr]  # still on the map


def test_negative_morale_penalty_discards_the_hand_at_turn_end() -> None:
    # H3-11.4 / H3-8.6
    state = mutate(to_main(new_game(), 0))
    p = state.player(0)
    p.deck.hand.append(p.deck.draw.draw_pile.pop(0))
    p.discard_hand_pending = True
    state, _ = act(state, 0, {"type": "end_turn"})
    assert state.player(0).deck.hand == []


# ---- movement (H3-9) and tiles (H3-22, H3-23) ------------------------------------------------------------
def _walkable(state: ClashState, seat: int) -> list[tuple[int, int]]:
    p = state.player(seat)
    assert p.main is not None
    return [n for n in neighbours(p.main.field) if step_ok(state, p.main.field, n)]


def test_walk_costs_one_mp_and_visits() -> None:
    # H3-9.2.1 / H3-9.3 / H3-22.4
    state = to_main(new_game(), 0)
    to = _walkable(state, 0)[0]
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
    h = state.player(0).main
    assert h is not None and h.field == to and h.mp == 2 and h.last_visited == to


def test_movement_only_in_your_own_turn() -> None:
    # H3-9.1 / H3-12.1: the other player's hero cannot move now (CORE-1 first: no prompt for them).
    state = to_main(new_game(), 0)
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "walk", "hero": "main", "to": [0, 0]})


def test_no_mp_no_move() -> None:
    # H3-9.2 / H3-12.2: the main hero has 3 MP a round
    state = mutate(to_main(new_game(), 0))
    assert state.player(0).main.mp == 3  # type: ignore[union-attr]  # on the map
    state.player(0).main.mp = 0  # type: ignore[union-attr]  # on the map
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "walk", "hero": "main", "to": list(_walkable(state, 0)[0])})
    assert err.value.rule == "H3-9.2"


def test_walk_refusals_cite_their_rule_and_change_nothing() -> None:
    state = to_main(new_game(), 0)
    before = state.model_dump_json()
    h = state.player(0).main
    assert h is not None
    far = (h.field[0] + 5, h.field[1])
    for action, rule in (
        ({"type": "walk", "hero": "main", "to": list(far)}, "H3-9.2.1"),
        ({"type": "walk", "hero": "secondary", "to": list(far)}, "H3-12.1"),
        ({"type": "build", "building": "nothing"}, "H3-21.2"),
        ({"type": "discover", "hero": "main", "tile": [99, 99]}, "H3-23.1"),
        ({"type": "play_card", "card": "k999", "mode": "basic"}, "H3-13.2"),
    ):
        with pytest.raises(RuleViolation) as err:
            act(state, 0, action)
        assert err.value.rule == rule
        assert state.model_dump_json() == before


def test_friendly_heroes_pass_through_but_do_not_stop() -> None:
    # H3-9.4: with only 1 MP left a hero cannot enter a field a friendly hero holds
    state = mutate(to_main(new_game(), 0))
    p = state.player(0)
    assert p.main is not None
    to = _walkable(state, 0)[0]
    from engine.heroes3.clash.state import Hero

    p.secondary = Hero(kind="secondary", field=to, mp=2, last_visited=to)
    p.main.mp = 1
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
    assert err.value.rule == "H3-9.4"
    p.main.mp = 2
    _state2, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
    assert not any(e.kind == "h3_visit" for e in events)  # passing through does not visit


def test_moving_onto_an_enemy_hero_starts_a_combat() -> None:
    # H3-9.5 / H3-30.2 / H3-30.4: the declaration window comes before setup
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    to = _walkable(state, 0)[0]
    bob = state.player(1)
    assert bob.main is not None
    bob.main.field = bob.main.last_visited = to
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
    assert state.combat is not None and state.pending is not None and state.pending.defender == 1
    assert any(e.kind == "h3_declared" for e in events)


def test_no_town_action_during_a_combat() -> None:
    # H3-10.2: never during a combat
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    to = _walkable(state, 0)[0]
    bob = state.player(1)
    assert bob.main is not None
    bob.main.field = bob.main.last_visited = to
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
    from engine.heroes3.town import town

    assert town.options(state, 1) == []
    with pytest.raises(RuleViolation) as err:
        town.act(mutate(state), 1, type("A", (), {"type": "spellbook"})())
    assert err.value.rule == "H3-10.2"


def _hero_next_to_face_down(state: ClashState) -> tuple[ClashState, PlacedTile]:
    state = mutate(state)
    p = state.player(0)
    assert p.main is not None
    for t in state.tiles:
        if t.face_up:
            continue
        for pos in tile_fields(t):
            for n in neighbours(pos):
                loc = location(state, n)
                if (
                    loc is not None
                    and loc.category != "blocked"
                    and not any(h.field == n for q in state.seats for h in (q.main, q.secondary) if h)
                ):
                    p.main.field = p.main.last_visited = n
                    return state, t
    raise AssertionError("no face-down tile next to a face-up field")


def test_discover_reveals_the_tile_for_one_mp_and_the_discoverer_turns_it() -> None:
    # H3-23.1 / H3-23.4 / H3-23.5: revealed, turned by the discoverer; the hero does not move
    state, tile = _hero_next_to_face_down(to_main(new_game(), 0))
    field = state.player(0).main.field  # type: ignore[union-attr]  # on the map
    assert tile in face_down_near(state, state.player(0).main)  # type: ignore[arg-type]  # on the map
    state, _events = act(state, 0, {"type": "discover", "hero": "main", "tile": list(tile.centre)})
    revealed = next(t for t in state.tiles if t.centre == tile.centre)
    assert revealed.face_up and state.player(0).main.mp == 2  # type: ignore[union-attr]  # on the map
    assert state.player(0).main.field == field  # type: ignore[union-attr]  # H3-23.5
    if front(state).kind == "ask":
        prompt = CLASH.prompts(state)[0]
        assert prompt.rule == "H3-23.4"
        state, _ = act(state, 0, dict(prompt.options[-1].action))


def test_place_a_far_tile_from_the_supply() -> None:
    # H3-23.2 / H3-23.3: next to the hero, touching two tiles, from your own face-down supply
    from engine.heroes3.adventure.geometry import enterable, index
    from engine.heroes3.adventure.movement import options

    state = mutate(to_main(new_game(), 0))
    hero = state.player(0).main
    assert hero is not None
    spots: list[dict[str, Any]] = []
    for pos in index(state):  # stand the hero where a new tile can go (a fixture position)
        if enterable(state, pos):
            hero.field = pos
            spots = [o.action for o in options(state, 0) if o.action["type"] == "place_tile"]
            if spots:
                break
    assert spots
    supply = len(state.player(0).far_supply)
    state, _events = act(state, 0, spots[0])
    assert len(state.player(0).far_supply) == supply - 1
    assert sum(1 for t in state.tiles if tuple(t.centre) == tuple(spots[0]["at"])) == 1


# ---- towns (H3-10, H3-21, H3-26) -------------------------------------------------------------------------
def test_out_of_turn_town_action() -> None:
    # H3-10.2 / P-35: Bob builds during Alice's turn
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    state.player(1).resources.update(gold=50, building_materials=20, valuables=10)
    prompts = [p for p in CLASH.prompts(state) if p.seat == 1]
    assert prompts and not prompts[0].waiting
    state, _ = act(state, 1, {"type": "build", "building": "dungeon_citadel"})
    assert "dungeon_citadel" in state.player(1).buildings
    assert front(state).kind == "main" and front(state).seat == 0


def test_reinforce_needs_a_citadel_and_the_dwelling() -> None:
    # H3-26.3.2
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    p = state.player(0)
    p.resources.update(gold=50, building_materials=20, valuables=10)
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [0]})
    assert err.value.rule == "H3-26.3.2"
    p.buildings += ["castle_citadel", "castle_dwelling_bronze"]
    state, _ = act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [0]})
    assert state.player(0).army[0].side == "pack"


def test_recruit_needs_the_dwelling_of_the_tier() -> None:
    # H3-26.3.1 / H3-21.2: dwellings in order bronze -> silver -> gold
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    state.player(0).resources.update(gold=50, building_materials=20, valuables=10)
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "recruit", "recruit": ["griffins"], "reinforce": []})
    assert err.value.rule == "H3-26.3.1"
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "build", "building": "castle_dwelling_silver"})
    assert err.value.rule == "H3-21.2"


def test_flagged_town_keeps_its_board_for_the_owner() -> None:
    # H3-21.5 / H3-50.3: flagging a town changes no town board; the flagger takes a faction cube
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    from engine.heroes3.adventure.visits import flag

    bob_town = next(
        t.centre for t in state.tiles if t.kind == "starting" and clash_content().tiles[t.tile].faction == "dungeon"
    )
    loc = location(state, bob_town)
    assert loc is not None
    flag(state, 0, "main", bob_town, loc)
    assert state.field(bob_town).flag == 0 and state.player(0).cubes == {1: 1}
    assert state.player(1).buildings == [] and "dungeon" not in str(state.player(0).buildings)


# ---- victory and elimination (H3-5) ----------------------------------------------------------------------
def test_victory_ends_the_game_at_the_end_of_the_round() -> None:
    # H3-5.2: the condition is met in a turn, the game ends when the round ends
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    bob_town = next(
        t.centre for t in state.tiles if t.kind == "starting" and clash_content().tiles[t.tile].faction == "dungeon"
    )
    state.field(bob_town).flag = 0
    state, _events = act(state, 0, {"type": "end_turn"})
    assert state.met == [0] and state.winners is None
    state = to_main(state, 1)
    state, _ = act(state, 1, {"type": "end_turn"})
    while state.winners is None and front(state).kind == "last_call_w":
        state, _ = act(state, CLASH.prompts(state)[0].seat, {"type": "town_pass"})
    assert state.winners == [0]


def test_elimination_removes_cubes_and_heroes_and_the_last_player_wins() -> None:
    # H3-5.4 / H3-5.5
    state = mutate(new_game(factions=["castle", "dungeon"]))
    events = rounds.eliminate(state, 1, "H3-5.3.2")
    assert state.player(1).main is None and all(fs.flag != 1 for fs in state.fields.values())
    assert state.winners == [0] and any(e.kind == "h3_eliminated" for e in events)


# ---- Tournament (H3-45) -----------------------------------------------------------------------------------
def test_tournament_map_built_face_up_then_mulligan() -> None:
    # H3-45.2: the players build a fully revealed map; H3-45.4.1 / H3-45.3: round 1 mulligan
    state = keep_heroes(
        CLASH.setup({"players": 2, "mode": "tournament", "difficulty": "impossible"}, 3)
    )  # H3-6.3: default heroes
    rng = random.Random(3)
    for _ in range(200):
        st = front(state)
        if st.kind in ("hand", "mulligan", "main"):
            break
        prompt = CLASH.prompts(state)[0]
        state, _ = act(state, prompt.seat, dict(rng.choice(prompt.options).action))
    assert all(t.face_up for t in state.tiles)
    assert sum(1 for t in state.tiles if t.kind == "starting") == 2
    second = 1 - state.starting
    assert state.player(second).morale == 1  # H3-45.1 ⟨R⟩
    state = to_main_or_mulligan(state)
    assert front(state).kind == "mulligan"
    seat = int(front(state).seat or 0)
    state, _ = act(state, seat, {"type": "mulligan", "redraw": True})
    assert state.player(seat).mulligan_done


def to_main_or_mulligan(state: ClashState) -> ClashState:
    for _ in range(20):
        st = front(state)
        if st.kind == "mulligan":
            return state
        if st.kind == "hand":
            p = state.player(int(st.seat or 0))
            state, _ = act(state, p.seat, {"type": "draw", "n": 4 - len(p.deck.hand)})
        else:
            break
    return state


# ---- hidden information (section H) -----------------------------------------------------------------------
def _secrets(state: ClashState, seat: int) -> set[str]:
    p = state.player(seat)
    return set(p.deck.hand) | set(p.deck.draw.draw_pile) | set(p.searching)


@pytest.mark.parametrize(("players", "mode"), [(2, "clash"), (3, "clash"), (2, "tournament")])
def test_no_view_or_public_event_leaks_hands_deck_order_or_face_down_tiles(players: int, mode: str) -> None:
    # H-1 / H-2 / H-7 / H-9: the public view and other seats' views never hold a seat's hand,
    # deck order, searched cards or a face-down tile's code.
    state = CLASH.setup({"players": players, "mode": mode}, 11)
    rng = random.Random(11)
    for _ in range(400):
        if CLASH.result(state) is not None:
            break
        public = json.dumps(CLASH.view(state, None), sort_keys=True)
        hidden = {f'"{t.tile}"' for t in state.tiles if not t.face_up}
        assert not any(h in public for h in hidden)
        for seat in range(players):
            secret = _secrets(state, seat)
            assert not any(f'"{s}"' in public for s in secret)
            for other in range(players):
                if other != seat:
                    theirs = json.dumps(CLASH.view(state, other))
                    assert not any(f'"{s}"' in theirs for s in secret), (seat, other)
        prompts = CLASH.prompts(state)
        for shown in (p for p in prompts if not p.secret):  # a public prompt is posted in the thread
            text = shown.model_dump_json()
            for seat in range(players):
                assert not any(f'"{s}"' in text for s in _secrets(state, seat)), shown.rule
        waiting = [p for p in prompts if p.waiting] or prompts
        prompt = rng.choice(waiting)
        action: dict[str, Any] = (
            CLASH.sample_action(state, prompt.seat, rng) if prompt.seat >= 0 else dict(prompt.options[0].action)
        )
        try:
            state, events = CLASH.apply(state, prompt.seat, action)
        except RuleViolation:
            continue
        for e in events:
            if e.audience is None:
                text = e.model_dump_json()
                for seat in range(players):
                    assert not any(
                        f'"{s}"' in text
                        for s in set(state.player(seat).deck.hand) | set(state.player(seat).deck.draw.draw_pile)
                    )


def test_sim_smoke_two_and_three_players_and_tournament(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import sim
    from engine.heroes3.cards import play

    report = sim.run("heroes3", games=1, seed=2, options={"players": 2}, probe=1)
    assert report["finished"] == 1 and report["invariant_failures"] == 0, report  # GM tasks resolved, play goes on
    # H3-1.4: apart from the cards whose effect the engine holds only as text (offered on purpose,
    # H3-13.2.7, and handed to the GM), a random game never needs the game master.
    monkeypatch.setattr(play, "gm_effect", lambda card_id, mode: False)
    for opts in ({"players": 2}, {"players": 3}, {"players": 2, "mode": "tournament"}):
        report = sim.run("heroes3", games=1, seed=2, options=opts, probe=1)
        assert report["finished"] == 1 and report["invariant_failures"] == 0 and report["gm_tasks"] == 0, report
    assert FLOW.name == "heroes3"


# ---- morale (H3-11) and faction cards (H3-14.3) ------------------------------------------------------------
def test_second_positive_morale_may_spend_the_first() -> None:
    # H3-11.1 (P-38): holding one, spend it first (draw a card) and take the new one
    from engine.heroes3.cards import deck as cards

    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    p = state.player(0)
    p.morale = 1
    hand = len(p.deck.hand)
    cards.gain_morale(state, p)
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-11.1"
    state, _ = act(state, 0, {"type": "choose", "pick": "spend"})
    assert state.player(0).morale == 1 and len(state.player(0).deck.hand) == hand + 1


def test_necropolis_ignores_morale_and_negative_replaces_positive() -> None:
    # H3-11.5 / H3-11.3
    from engine.heroes3.cards import deck as cards

    state = mutate(new_game(factions=["castle", "necropolis"]))
    cards.lose_morale(state, state.player(1))
    assert state.player(1).morale == 0
    state.player(0).morale = 1
    cards.lose_morale(state, state.player(0))
    assert state.player(0).morale == 0
    cards.lose_morale(state, state.player(0))
    assert state.player(0).morale == -1
    cards.lose_morale(state, state.player(0))
    assert state.player(0).discard_hand_pending  # H3-11.4


def test_other_factions_card_from_a_search_may_be_redrawn() -> None:
    # H3-14.3 (P-25): a Castle player keeps Necromancy from the ability deck: keep or redraw
    from engine.heroes3.cards import deck as cards

    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    necro = state.new_card("necromancy")
    state.decks["ability"].draw_pile.insert(0, necro)
    cards.start_search(state, 0, "ability", 2)
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    state, _ = act(state, 0, {"type": "search", "choice": "keep", "card": necro})
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-14.3" and prompt.secret
    state, _ = act(state, 0, {"type": "choose", "pick": "redraw"})
    p = state.player(0)
    assert necro not in p.deck.hand and necro in state.decks["ability"].discard_pile


def test_copy_state_equals_the_original_through_a_game() -> None:
    # the kernel's copy-on-apply contract (engine/core/ruleset.py) with the compact copy
    state = CLASH.setup({"players": 3, "difficulty": "easy"}, 5)
    rng = random.Random(5)
    for _ in range(300):
        if CLASH.result(state) is not None:
            break
        assert CLASH.copy_state(state).model_dump_json() == state.model_dump_json()
        prompts = CLASH.prompts(state)
        prompt = rng.choice([p for p in prompts if p.waiting] or prompts)
        try:
            state, _ = CLASH.apply(state, prompt.seat, CLASH.sample_action(state, prompt.seat, rng))
        except RuleViolation:
            continue


def test_tournament_scoring() -> None:
    # H3-45.5: 1 per mine or settlement, 1 per building, 1 per two artifacts, 1 per level,
    # 2 per secondary hero defeated, 4 for the enemy main hero (A-46: artifacts anywhere in the deck).
    state = mutate(CLASH.setup({"players": 2, "mode": "tournament", "difficulty": "impossible"}, 3))
    p = state.player(0)
    p.buildings = ["castle_citadel", "castle_mage_guild"] if p.faction == "castle" else list(p.buildings)
    p.level = 3
    p.secondaries_defeated = 1
    p.beat_main = True
    for _ in range(3):
        p.deck.hand.append(state.new_card("angel_wings"))
    expected = len(p.buildings) + 3 + 2 + 4 + 1
    assert rounds.vp(state, 0) == expected


# ---- the game master, borders, secondary heroes ---------------------------------------------------------------
def test_an_effect_the_engine_cannot_resolve_goes_to_the_game_master() -> None:
    # H3-1.4: named card texts live in data; an effect outside the vocabulary is handed to the GM
    from engine.heroes3.adventure import effects
    from engine.heroes3.content.clash import Step as Effect

    state = mutate(to_main(new_game(), 0))
    effects.push_effects(state, 0, "main", [Effect(effect="text", text="Something only a person can judge.")])
    events = FLOW.advance(state)
    assert state.gm.tasks and any(e.kind == "gm_task" for e in events)
    assert [p.seat for p in CLASH.prompts(state)] == [-1]  # CORE-1: only the GM acts now
    state, _ = CLASH.apply(state, -1, {"type": "gm_resolve", "task": state.gm.tasks[0].id, "note": "done"})
    assert front(state).kind == "main"


def test_a_border_line_cannot_be_crossed(monkeypatch: pytest.MonkeyPatch) -> None:
    # H3-22.7: solid yellow lines along field edges (stored per tile, turned with it)
    from engine.heroes3.adventure import geometry

    state = to_main(new_game(), 0)
    hero = state.player(0).main
    assert hero is not None
    start = next(t for t in state.tiles if t.centre == hero.field)
    to = _walkable(state, 0)[0]
    d = (to[0] - hero.field[0], to[1] - hero.field[1])
    edge = next(e for e in range(6) if geometry.rotate(geometry.DIRECTIONS[e], start.rotation) == d)
    content = clash_content()
    tile = content.tiles[start.tile].model_copy(update={"borders": ((0, edge),)})
    patched = content.model_copy(update={"tiles": {**content.tiles, start.tile: tile}})
    monkeypatch.setattr(geometry, "clash_content", lambda: patched)
    assert not step_ok(state, hero.field, to)
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
    assert err.value.rule == "H3-22.8"  # "blocked or behind a border"


def test_attacked_secondary_hero_may_yield_and_can_be_hired_again() -> None:
    # H3-12.7 / H3-30.5 / H3-37.8 / H3-12.8: instant defeat, the attacker takes a faction cube,
    # the hero leaves the map and may be hired again later with the population token.
    from engine.heroes3.clash.state import Hero

    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    to = _walkable(state, 0)[0]
    bob = state.player(1)
    bob.secondary = Hero(kind="secondary", field=to, mp=2, last_visited=to)
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
    while front(state).kind == "declare":
        prompt = CLASH.prompts(state)[0]
        state, _ = act(state, prompt.seat, {"type": "town_pass"})
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 1 and prompt.rule == "H3-30.5"
    state, _ = act(state, 1, {"type": "yield", "give_up": True})
    assert state.player(1).secondary is None
    assert state.player(0).cubes == {1: 1}
    assert state.player(0).xp == 0  # H3-38.3: nothing for beating a secondary hero
    assert state.player(0).main.field == to  # type: ignore[union-attr]  # H3-37.4: the winner visits
    s2 = mutate(state)
    s2.player(1).resources["gold"] = 20
    s2.active = None
    from engine.heroes3.town import town

    assert any(o.action["type"] == "hire" for o in town.options(s2, 1))


def test_secondary_hero_gains_no_experience() -> None:
    # H3-12.6: a secondary hero never gains XP, and counts as the main hero's level
    from engine.heroes3.clash.state import Hero
    from engine.heroes3.combat import flow as combat_flow

    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    p = state.player(0)
    to = _walkable(state, 0)[0]
    assert p.main is not None
    p.secondary = Hero(kind="secondary", field=p.main.field, mp=2, last_visited=p.main.field)
    p.main.field = p.main.last_visited = to
    from engine.heroes3.adventure import encounters

    origin = p.secondary.field
    target = next(n for n in neighbours(origin) if step_ok(state, origin, n) and n != to)
    encounters.neutral_combat(state, 0, "secondary", origin, target, 2)
    assert state.combat is not None and not state.combat.sides[0].main_hero
    assert state.combat.sides[0].deck is None  # H3-35.1: no cards for a secondary hero
    state.steps[:] = [s for s in state.steps if s.kind == "after_combat"]
    combat_flow.finish(FLOW, state, "victory", 0)
    FLOW.advance(state)
    assert state.player(0).xp == 0


def test_two_friendly_heroes_on_one_field_must_part_first() -> None:
    # H3-8.5: hired onto the main hero's town, the next MP moves one of them off
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    p = state.player(0)
    assert p.main is not None
    p.resources["gold"] = 20
    state, _ = act(state, 0, {"type": "hire", "at": list(p.main.field)})
    kinds = {o.action["type"] for o in CLASH.prompts(state)[0].options}
    assert "discover" not in kinds and "revisit" not in kinds and "walk" in kinds
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "revisit", "hero": "main"})
    assert err.value.rule == "H3-8.5"


def test_each_player_turns_their_starting_tile_then_round_one_begins() -> None:
    # H3-6.22 (P-5): starting player first; H3-6.33: then round 1 begins with the starting
    # player's turn and hands are drawn at their own first turn start
    state = keep_heroes(
        CLASH.setup({"players": 2, "difficulty": "impossible", "starting_player": 1}, 4)
    )  # H3-6.3: default heroes
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-6.22" and prompt.seat == 1
    state, _ = act(state, 1, {"type": "choose", "pick": "3"})
    tile = next(
        t
        for t in state.tiles
        if t.kind == "starting" and clash_content().tiles[t.tile].faction == state.player(1).faction
    )
    assert tile.rotation == 3
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0
    state, _ = act(state, 0, dict(prompt.options[0].action))
    assert front(state).kind == "hand" and front(state).seat == 1
    assert all(not p.deck.hand for p in state.seats)


def _settlement_next_to_alice(state: ClashState) -> tuple[int, int]:
    """Put a settlement tile on the map, flag its settlement for Bob, stand Alice next to it."""
    spot = bobs_settlement(state)
    alice = state.player(0).main
    assert alice is not None
    alice.field = alice.last_visited = next(n for n in neighbours(spot) if step_ok(state, n, spot))
    return spot


@pytest.mark.parametrize("defend", [False, True])
def test_attacking_an_undefended_settlement(defend: bool) -> None:
    # H3-39.1 (P-40, after the declaration window): pay 8 gold to defend with units alone, or
    # let the attacker flag it; flagging moves the settlement's production (H3-50.4.2)
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    spot = _settlement_next_to_alice(state)
    state.player(1).resources["gold"] = 10
    bob_income = state.player(1).production["gold"]
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(spot)})
    while front(state).kind == "declare":
        state, _ = act(state, CLASH.prompts(state)[0].seat, {"type": "town_pass"})
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 1 and prompt.rule == "H3-39.1"
    state, _ = act(state, 1, {"type": "choose", "pick": "defend" if defend else "decline"})
    if defend:
        assert state.player(1).resources["gold"] == 2
        assert state.combat is not None and state.combat.sides[1].hero is None  # units alone, no cards
        assert state.combat.sides[1].deck is None
    else:
        assert state.combat is None and state.field(spot).flag == 0
        assert state.player(1).production["gold"] == bob_income - 5
        assert CLASH.prompts(state)[0].rule == "H3-50"  # Alice chooses the settlement's effect


# ---- resources and dice (H3-20) ---------------------------------------------------------------------------
def test_resource_round_income_comes_from_production() -> None:
    # H3-20.2 / H3-20.3 / H3-7.3.1: flagged mines and settlements raise production; income is
    # collected in resource rounds
    from engine.heroes3.town import town

    state = mutate(new_game())
    p = state.player(0)
    p.production = {"gold": 10, "building_materials": 2, "valuables": 1}
    before = dict(p.resources)
    town.income(state, p)
    assert p.resources == {k: before.get(k, 0) + p.production[k] for k in p.production}


def test_resource_and_treasure_dice_faces() -> None:
    # H3-20.5: 2 BM, 4 BM, 1 V, 2 V, 3 gold, 6 gold; H3-20.6: the treasure die's four outcome kinds
    c = clash_content()
    gains = sorted(
        tuple(sorted((k, v) for k, v in s.resources().as_dict().items() if v)) for f in c.resource_die for s in f.steps
    )
    assert gains == sorted(
        [
            (("building_materials", 2),),
            (("building_materials", 4),),
            (("valuables", 1),),
            (("valuables", 2),),
            (("gold", 3),),
            (("gold", 6),),
        ]
    )
    kinds = {s.effect for f in c.treasure_die for s in f.steps}
    assert kinds == {"resource_dice", "xp", "search"}


def test_rolling_two_resource_dice_and_keeping_one() -> None:
    # H3-4.2 Normal / H3-50.1 "2 resource dice": roll two, the player keeps one result
    from engine.heroes3.adventure import effects
    from engine.heroes3.content.clash import Step as Effect

    state = mutate(to_main(new_game(), 0))
    effects.push_effects(state, 0, "main", [Effect(effect="resource_dice", params={"count": 2, "keep": 1})])
    FLOW.advance(state)
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-20.5" and len(prompt.options) == 2
    total = sum(state.player(0).resources.values())
    state, _ = act(state, 0, dict(prompt.options[0].action))
    assert sum(state.player(0).resources.values()) > total
