"""Rule-case tests for the flow: control, seasons, orders, runes, victory, setup, secrecy."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import RuleViolation
from engine.runewars import board as B
from engine.runewars import flow
from engine.runewars.heroes.core import Hero
from engine.runewars.invariants import secrets
from engine.runewars.player_order import player_order
from engine.runewars.ruleset import _advance
from engine.runewars.state import RunewarsState
from engine.runewars.turn.runes import visible_runes

from .flow_support import (
    RS,
    TWO,
    act,
    add,
    front,
    make_state,
    prompt,
    queue,
    start_turn,
    stronghold,
    stronghold_at,
    unit,
    units_in,
    values,
)

# ---- RW-2 control ------------------------------------------------------------------------------------


def test_control_units_stronghold_home() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    assert B.controller(s, "1A") == 0  # RW-2.6: home realm, no enemies
    assert B.controller(s, "1B") is None and B.is_empty(s, "1B")  # RW-2.9
    add(s, "HUMAN_ARCHER", 0, "1B", routed=True)
    assert B.controller(s, "1B") == 0  # RW-2.7(a): even a routed unit
    stronghold(s, "2A", 1)
    assert B.controller(s, "2A") == 1  # RW-2.7(b)
    add(s, "UTHUK_BERSERKER", 1, "1A")
    assert B.controller(s, "1A") == 1  # RW-2.6: enemy units in a home area
    add(s, "BEASTMAN", 0, "2B")
    B.update_alliances(s)
    assert B.controller(s, "2B") is None  # RW-2.7: allied neutrals give no control...
    assert units_in(s, "2B")[0].owner is None  # RW-11.4: ...and lose their alliance alone
    assert not B.is_empty(s, "2B") and B.is_neutral_area(s, "2B")  # RW-2.10 / AMB-12


def test_heroes_do_not_make_enemy_areas() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.heroes.heroes.append(Hero(uid="H1", card="H01", owner=1, area="1B"))
    assert B.controller(s, "1B") is None and B.is_empty(s, "1B")  # RW-10.10 / RW-20.2


# ---- RW-6 seasons ---------------------------------------------------------------------------------------


def test_spring_refresh() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, season=0, year=2)
    add(s, "HUMAN_ARCHER", 0, "1B", routed=True)
    s.board["1B"].activation = [0, 1]
    s.seats[0].orders_used = [1, 2, 3, 4]
    s = queue(s, "season_secondary")
    assert all(not u.routed for u in s.units)  # RW-6.5
    assert s.board["1B"].activation == []
    assert s.seats[0].orders_used == []


def test_council_card_gives_primarch_influence() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.titles["PRIMARCH"].holder = 1
    s.season_decks["spring"] = ["SP2"]  # a Council of Wizards card with a bid
    before = s.seats[1].influence
    _advance(s)
    assert s.seats[1].influence == before + 1  # RW-6.3 / RW-31.6, before the card resolves
    assert front(s) == "bid"


def test_season_primary_then_secondary_then_orders() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.season_decks["spring"] = ["SP8"]
    _advance(s)
    assert s.season_card == "SP8"  # RW-6.2
    assert front(s) == "orders_choose"  # RW-5.2 step 2 follows the card and the secondary


# ---- RW-7 order cards --------------------------------------------------------------------------------------


def test_order_choice_is_secret_until_everyone_locks_in() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s = queue(s, "orders_open")
    s = act(s, 0, {"type": "rw_order", "card": 4})
    public = json.dumps(RS.view(s, None))
    assert '"card": 4' not in public and RS.view(s, None)["choice"]["locked"] == [0]  # RW-7.3
    assert RS.view(s, 0)["me"]["chosen"] == {"card": 4}
    with pytest.raises(RuleViolation):
        act(s, 1, {"type": "rw_order", "card": 9})
    s.seats[1].orders_used = [2]
    with pytest.raises(RuleViolation) as exc:  # RW-7.5: used cards come back in spring
        act(s, 1, {"type": "rw_order", "card": 2})
    assert exc.value.rule == "RW-7.5"


def test_player_order_tie_breakers() -> None:
    s = make_state(["HUMANS", "UTHUK", "ELVES"], {**TWO, "2C": {"hex": (2, 1), "home_of": 2}})
    # RW-8.1 key 2 and 3 (year 1 spring: no cards yet)
    s.seats[0].influence, s.seats[1].influence, s.seats[2].influence = 2, 2, 5
    assert player_order(s, "prev")[0] == 2
    assert player_order(s, "prev")[1:] == [0, 1]  # equal influence: Humans' starting 3 beats Uthuk's 1
    s.seats[1].order_now, s.seats[0].order_now, s.seats[2].order_now = 1, 3, 3
    assert player_order(s, "now") == [1, 2, 0]  # RW-8.1 key 1, then key 2


def test_fortify_has_no_bonus_and_each_action_once() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    stronghold(s, "1A", 0, damaged=True)
    add(s, "HUMAN_ARCHER", 0, "1B")
    s = start_turn(s, 0, 8)
    assert s.turn is not None and not s.turn.eligible  # RW-18.8.2
    opts = values(prompt(s, 0))
    assert "build:1B" in opts and "repair:1A" in opts
    dials = dict(s.seats[0].dials)
    s = act(s, 0, {"type": "rw_choose", "value": "build:1B"})  # RW-17.4: -1 wood, -1 ore
    assert s.board["1B"].stronghold is not None and not s.board["1B"].stronghold.damaged
    assert s.seats[0].dials["wood"] == dials["wood"] - 1 and s.seats[0].dials["ore"] == dials["ore"] - 1
    assert not any(v.startswith("build:") for v in values(prompt(s, 0)))  # at most once
    s = act(s, 0, {"type": "rw_choose", "value": "repair:1A"})  # RW-17.5
    assert not stronghold_at(s, "1A").damaged
    s = act(s, 0, {"type": "rw_choose", "value": "done"})
    assert s.seats[0].orders_used == [8]


def test_no_stronghold_on_a_city() -> None:
    areas = dict(TWO)
    areas["1B"] = {"hex": (1, 0), "city": "C1"}
    s = make_state(["HUMANS", "UTHUK"], areas)
    add(s, "HUMAN_ARCHER", 0, "1B")
    s = start_turn(s, 0, 8)
    assert "build:1B" not in values(prompt(s, 0))  # RW-17.4
    with pytest.raises(RuleViolation):
        act(s, 0, {"type": "rw_choose", "value": "build:1B"})


def test_fortify_rune_move_is_private() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "HUMAN_ARCHER", 0, "1B")
    s.board["1A"].rune = "false"
    s.board["1B"].rune = "dragon"
    s = start_turn(s, 0, 8)
    s = act(s, 0, {"type": "rw_choose", "value": "runes:1A:1B"})
    p = prompt(s, 0)
    assert p.secret and p.rule == "RW-18.8.1"
    new, events = RS.apply(s, 0, {"type": "rw_choose", "value": "swap"})
    assert new.board["1A"].rune == "dragon" and new.board["1B"].rune == "false"
    public = " ".join(e.text for e in events if e.audience is None)
    assert "dragon" not in public and "false" not in public


def test_rally_support_neutral_benefit_allies() -> None:
    areas = dict(TWO)
    areas["1B"] = {"hex": (1, 0), "city": "C1"}
    s = make_state(["HUMANS", "UTHUK"], areas)
    add(s, "HUMAN_ARCHER", 0, "1B")
    s = start_turn(s, 0, 6)
    p = prompt(s, 0)
    assert p.rule == "RW-18.6.1" and "neutrals" in values(p)
    s = act(s, 0, {"type": "rw_choose", "value": "neutrals"})
    allies = [u for u in units_in(s, "1B") if u.owner == 0 and B.catalog().is_neutral_kind(u.kind)]
    assert allies  # RW-18.6.1(a) / RW-11.6


def test_unit_limit_after_strategize() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "HUMAN_INFANTRY", 0, "1A", 5)
    add(s, "HUMAN_INFANTRY", 0, "1B", 5)
    s = start_turn(s, 0, 1)
    moves = [{"unit": u.id, "to": "1B"} for u in units_in(s, "1A", 0)]
    s = act(s, 0, {"type": "rw_strategize", "moves": moves})
    p = prompt(s, 0)
    # The question says how many must go and how many stand there (issue 12).
    assert p.rule == "RW-10.9.2" and "2 of the 10 units in 1B" in p.question


def test_flying_ignores_borders_and_holes_block() -> None:
    s = make_state(["ELVES", "UTHUK"], TWO, borders={("1B", "1C"): "mountain"})
    rider = unit(s, add(s, "ELF_PEGASUS_RIDER", 0, "1B")[0])
    archer = unit(s, add(s, "ELF_ARCHER", 0, "1B")[0])
    assert B.passable(s, "1B", "1C", flying=True)  # RW-10.3 / RW-2.18
    assert not B.passable(s, "1B", "1C")
    from engine.runewars.turn.movement import strategize_targets

    assert "1C" in strategize_targets(s, rider, 0) and "1C" not in strategize_targets(s, archer, 0)


# ---- RW-27 runes -----------------------------------------------------------------------------------------------


def test_rune_faces_visible_only_where_allowed() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.board["1A"].rune = "dragon"
    s.board["1D"].rune = "false"
    assert visible_runes(s, 0) == {"1A": "dragon"}  # RW-27.5: areas he controls
    s.heroes.heroes.append(Hero(uid="H1", card="H01", owner=0, area="1D"))
    assert visible_runes(s, 0) == {"1A": "dragon", "1D": "false"}  # ...or where his hero stands
    public = json.dumps(RS.view(s, None), sort_keys=True)
    assert all(secret not in public for values_ in secrets(s).values() for secret in values_)


def test_epic_runes_are_public() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, options={"epic": True})
    s.board["1A"].rune = "dragon"
    areas = {a["id"]: a["rune"] for a in RS.view(s, None)["areas"]}
    assert areas["1A"] == "dragon"  # RW-35.3


# ---- RW-28 victory, RW-33 elimination -------------------------------------------------------------------------------


def test_instant_victory_at_six_dragon_rune_areas() -> None:
    areas: dict[str, dict[str, Any]] = {f"{i}A": {"hex": (i, 0)} for i in range(1, 8)}
    areas["1A"]["home_of"] = 0
    areas["9A"] = {"hex": (0, 5), "home_of": 1}
    s = make_state(["HUMANS", "UTHUK"], areas)
    for i in range(1, 7):
        s.board[f"{i}A"].rune = "dragon"
        if i > 1:
            add(s, "HUMAN_ARCHER", 0, f"{i}A")
    s.board["6A"].rune = None
    _advance(s)
    assert RS.result(s) is None  # 5 areas
    s.board["7A"].rune = "dragon"
    add(s, "HUMAN_ARCHER", 0, "7A")
    _advance(s)
    r = RS.result(s)
    assert r is not None and r.winners == [0] and "RW-28.1" in r.reason
    assert s.log_reveal  # RW-28.1: the runes are revealed


def test_final_scoring_and_tie_breakers() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, season=3, year=6)
    s.board["1A"].rune = "dragon"
    s.board["1D"].rune = "dragon"
    s.seats[0].influence, s.seats[1].influence = 2, 5
    s = queue(s, "season_end")
    r = RS.result(s)
    assert r is not None and r.winners == [1]  # RW-28.2 / RW-28.3: tied on runes, more influence
    assert "RW-28.2" in r.reason


def test_elimination() -> None:
    s = make_state(["HUMANS", "UTHUK", "ELVES"], {**TWO, "2C": {"hex": (2, 1), "home_of": 2}})
    s.titles["PRIMARCH"].holder, s.titles["PRIMARCH"].tokens = 1, 3
    add(s, "HUMAN_ARCHER", 0, "1D")  # Humans stand in Uthuk's only home area
    _advance(s)
    assert s.seats[1].eliminated  # RW-33.1
    assert s.titles["PRIMARCH"].holder is None and s.titles["PRIMARCH"].tokens == 3  # RW-33.2


# ---- RW-29 objectives / RW-30 tactics --------------------------------------------------------------------------------


def test_objective_claim_gains_a_rune() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.seats[0].objective = "G3"  # at least 12 influence
    s.seats[0].influence = 12
    s = start_turn(s, 0, 7)
    p = prompt(s, 0)
    assert p.rule == "RW-29.2" and "before your order" in p.question  # AMB-49: offered at once
    s = act(s, 0, {"type": "rw_choose", "value": "no"})  # pass for now
    p = prompt(s, 0)
    assert p.rule == "RW-29.2" and "after your order's basic ability" in p.question  # the next checkpoint
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    assert prompt(s, 0).rule == "RW-7.6"
    s = act(s, 0, {"type": "rw_choose", "value": "no"})  # no highest bonus (title)
    p = prompt(s, 0)
    assert p.rule == "RW-29.2" and p.secret  # offered again after the order
    s = act(s, 0, {"type": "rw_choose", "value": "yes"})
    assert s.seats[0].objective is None and s.claimed_objectives == ["G3"]  # AMB-50: no new one
    assert front(s) == "rune_discard"  # RW-27.3 gain follows


def test_rw29_2_objective_claim_offered_at_turn_start_with_pass() -> None:
    """RW-29.2 / RW-29.3 / AMB-49 (P-62): the claim is offered as soon as the condition holds during
    the owner's turn, not only at its end; it is optional ("pass")."""
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.seats[0].objective = "G3"  # at least 12 influence
    s.seats[0].influence = 12
    s = start_turn(s, 0, 4)
    p = prompt(s, 0)
    assert p.rule == "RW-29.2" and p.default == {"type": "rw_choose", "value": "no"}
    assert values(p) == ["yes", "no"] and any("Pass" in o.label for o in p.options)
    s = act(s, 0, {"type": "rw_choose", "value": "yes"})
    assert s.seats[0].objective is None and s.claimed_objectives == ["G3"]


def test_rw29_2_objective_claim_offered_at_own_turn_tactics_checkpoint() -> None:
    """RW-29.2 / AMB-49: a tactics checkpoint of the owner's turn (e.g. after his movement) is also a
    claim checkpoint; outside his turn nothing is offered."""
    from engine.runewars.state import Turn

    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.seats[0].objective = "G3"
    s.seats[0].influence = 12
    s.turn = Turn(seat=1, card=2, eligible=False)
    s2 = queue(s.model_copy(deep=True), "tactics_checkpoint", 0, when="after your movement")
    assert front(s2) == "hold"  # not his turn: no offer (RW-29.2)
    s.turn = Turn(seat=0, card=2, eligible=False)
    s = queue(s, "tactics_checkpoint", 0, when="after your movement")
    p = prompt(s, 0)
    assert p.rule == "RW-29.2" and "after your movement" in p.question
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    assert front(s) == "hold" and s.seats[0].objective == "G3"


def test_tactics_hand_limit() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    from engine.runewars.cards import resolve as cardfx

    cardfx.draw_tactics(s, 0, 11)
    s.steps.append(flow.step(s, "hold"))
    assert front(s) == "discard"
    p = prompt(s, 0)
    assert p.rule == "RW-30.5" and p.secret
    s = act(s, 0, p.options[0].action)
    assert len(s.seats[0].tactics) == 10


def test_own_turn_tactics_window() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    from engine.runewars.state import HeldCard

    s.seats[0].tactics = [HeldCard(id="T36", gained=-1)]  # Tribute: gain influence
    s = start_turn(s, 0, 4)
    p = prompt(s, 0)
    assert p.rule == "RW-30.2" and {"type": "rw_tactics", "card": "T36"} in [o.action for o in p.options]
    before = s.seats[0].influence
    s = act(s, 0, {"type": "rw_tactics", "card": "T36"})
    assert s.seats[0].influence > before and s.tactics_deck.discard_pile == ["T36"]


def test_rw30_2_tactics_checkpoints_after_movement_basic_ability_and_bonus() -> None:
    """RW-30.2 / P-32, spec "Order of waiting during a player's turn": own-turn tactics windows
    before the order, after the movement of a Mobilize card, after the basic ability (before the
    highest bonus) and after the order (after the bonus)."""
    from engine.runewars.state import HeldCard

    s = make_state(["HUMANS", "UTHUK"], TWO)
    inf = add(s, "HUMAN_INFANTRY", 0, "1A", 2)
    s.seats[0].tactics = [HeldCard(id="T36", gained=-1)]
    s = start_turn(s, 0, 2)
    whens = []

    def window() -> bool:
        p = prompt(s, 0)
        if p.rule != "RW-30.2":
            return False
        whens.append(p.question)
        return True

    assert window()
    s = act(s, 0, {"type": "rw_choose", "value": "-"})
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    s = act(s, 0, {"type": "rw_move", "units": inf})
    assert window() and "after your movement" in whens[-1]
    assert front(s) == "tactics_window" and [st.kind for st in s.steps[:2]] == ["tactics_window", "arrive"]
    s = act(s, 0, {"type": "rw_choose", "value": "-"})
    assert window() and "basic ability" in whens[-1]
    s = act(s, 0, {"type": "rw_choose", "value": "-"})
    assert prompt(s, 0).rule == "RW-7.6"  # the highest bonus question comes after that window
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    assert window() and "after your order" in whens[-1]
    assert len(whens) == 4


def test_rw30_2_checkpoints_poll_only_matching_timing() -> None:
    """P-32: only holders of a card whose timing matches are polled; a start-of-battle card opens
    no own-turn window at any checkpoint."""
    from engine.runewars.state import HeldCard

    s = make_state(["HUMANS", "UTHUK"], TWO)
    inf = add(s, "HUMAN_INFANTRY", 0, "1A", 2)
    s.seats[0].tactics = [HeldCard(id="T01", gained=-1)]
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    s = act(s, 0, {"type": "rw_move", "units": inf})
    assert prompt(s, 0).rule == "RW-7.6"
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    assert front(s) == "hold"


def test_rw1_10_2_p66_take_back_a_development_to_build_it_again() -> None:
    """RW-1.10.2 / P-66: every diplomacy token (Humans have 1) is on the board, so the Harvest bonus
    build (RW-18.4.3) may first remove his own diplomacy development and place it elsewhere."""
    s = make_state(["HUMANS", "UTHUK"], TWO)
    stronghold(s, "1A", 0, development="diplomacy")
    stronghold(s, "1B", 0)
    add(s, "HUMAN_INFANTRY", 0, "1B")
    s = queue(s, "harvest_build", 0)
    values_ = [o.action["value"] for o in prompt(s, 0).options]
    assert "1B:diplomacy:1A" in values_ and "1B:diplomacy" not in values_ and "1B:resource" in values_
    wood = s.seats[0].dials["wood"]
    s = act(s, 0, {"type": "rw_choose", "value": "1B:diplomacy:1A"})
    assert stronghold_at(s, "1A").development is None and stronghold_at(s, "1B").development == "diplomacy"
    assert s.seats[0].dials["wood"] == wood - 1


# ---- RW-3 setup ------------------------------------------------------------------------------------------------------


def _play_setup(players: int, seed: int, **opts: Any) -> RunewarsState:
    import random

    rng = random.Random(seed)
    s = RS.setup({"players": players, **opts}, seed)
    while s.phase == "setup":
        p = rng.choice([p for p in RS.prompts(s) if p.waiting])
        s = act(s, p.seat, RS.sample_action(s, p.seat, rng))
    return s


def test_setup_start_player_runes_units_and_cards() -> None:
    s = _play_setup(3, 21)
    assert s.start_player == max(s.starting_draw, key=lambda k: s.starting_draw[k])  # RW-3.1
    assert len(s.destiny.draw_pile) == 30  # the start cards went back (RW-3.10)
    for p in s.seats:
        homes = [a for a in s.board.values() if a.home_of == p.seat]
        assert len(homes) == 3
        assert sorted(a.rune or "" for a in homes) == ["dragon", "dragon", "false"]  # RW-3.8.3
        assert sum(1 for a in homes if a.stronghold is not None) == 1  # RW-3.8.1
        from engine.runewars.setup.start import setup_recruits

        assert sorted(u.kind for u in s.units if u.owner == p.seat) == sorted(setup_recruits(s, p.seat))  # AMB-18
        assert len(s.heroes.quest_hands[p.seat]) == 2  # RW-3.9.1
        assert p.objective is not None  # RW-3.12
        assert p.faction is not None
        fac = B.catalog().factions[p.faction]
        assert len(p.tactics) == fac.starting_tactics and p.influence == fac.starting_influence  # RW-3.7
        assert all(h.area in [a.id for a in homes] for h in s.heroes.heroes if h.owner == p.seat)  # RW-3.9.3
    assert s.rune_supply == {"dragon": 21 - 6, "false": 17 - 3}
    public = json.dumps(RS.view(s, None), sort_keys=True)
    assert all(secret not in public for values_ in secrets(s).values() for secret in values_)


def test_setup_epic_variant() -> None:
    s = _play_setup(2, 22, epic=True, exploration=True)
    for p in s.seats:
        homes = [a for a in s.board.values() if a.home_of == p.seat]
        assert sorted(str(a.rune) for a in homes) == ["None", "None", "dragon"]  # RW-35.1
    assert s.heroes.exploration  # RW-34.1
    assert all(x.area in s.board and s.board[x.area].home_of is None for x in s.heroes.exploration)


def test_preset_factions_and_duplicates() -> None:
    with pytest.raises(RuleViolation):
        RS.setup({"players": 2, "factions": ["HUMANS", "HUMANS"]}, 1)
    s = RS.setup({"players": 2, "factions": ["ELVES", "UNDEAD"]}, 1)
    assert [p.faction for p in s.seats] == ["ELVES", "UNDEAD"] and front(s) == "tile"


def test_recruit_with_every_figure_out_may_reuse_one() -> None:
    # RW-1.9.2 / RW-18.5.3: no figure left, no recruit; RW-1.10.1 / AMB-57: unless he removes one of his own first
    s = make_state(["HUMANS", "UTHUK"], TWO)
    stronghold(s, "1A", 0)
    add(s, "HUMAN_SIEGE_ENGINE", 0, "1B", 4)  # all 4 siege engines are on the board
    s.seats[0].dials["ore"] = 4
    s = start_turn(s, 0, 5)
    s = act(s, 0, {"type": "rw_choose", "value": "ore"})
    p = prompt(s, 0)
    assert p.rule == "RW-1.10.1" and "1B" in values(p)
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    assert sorted(s.steps[0].data["units"]) == ["HUMAN_KNIGHT", "HUMAN_SIEGE_ENGINE"]
    s = act(s, 0, {"type": "rw_place_units", "placement": {"1A": {"HUMAN_KNIGHT": 1, "HUMAN_SIEGE_ENGINE": 1}}})
    assert len(units_in(s, "1B", 0)) == 3 and len([u for u in s.units if u.kind == "HUMAN_SIEGE_ENGINE"]) == 4


def test_fortify_may_move_a_stronghold_when_all_are_out() -> None:
    s = make_state(["HUMANS", "UTHUK"], {**TWO, "2C": {"hex": (2, 1)}})
    for a in ("1A", "1B", "1C", "2A"):
        stronghold(s, a, 0, development="training" if a == "2A" else None)
    add(s, "HUMAN_ARCHER", 0, "2B")
    s = start_turn(s, 0, 8)
    vals = values(prompt(s, 0))
    assert "build:2B" not in vals and "build:2B:2A" in vals  # RW-1.10.2
    s = act(s, 0, {"type": "rw_choose", "value": "build:2B:2A"})
    assert s.board["2A"].stronghold is None and s.board["2B"].stronghold is not None  # RW-1.10.3


def test_magic_portals_link_areas_for_one_payment() -> None:
    from engine.runewars.heroes.core import ExplorationSlot

    far = {"1A": {"hex": (0, 0)}, "1B": {"hex": (1, 0)}, "5A": {"hex": (6, 0)}, "5B": {"hex": (7, 0)}}
    s = make_state(["HUMANS", "UTHUK"], far, options={"exploration": True})
    portals = sorted(t.token_id for t in B.catalog().exploration.values() if t.type == "magic_portal")[:2]
    s.heroes.exploration = [
        ExplorationSlot(area="1B", token=portals[0], back=2, face_up=True),
        ExplorationSlot(area="5A", token=portals[1], back=2, face_up=True),
    ]
    inf = add(s, "HUMAN_INFANTRY", 0, "1A")
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "5A"})
    with pytest.raises(RuleViolation):  # 1A to 5A is far too long on foot (RW-10.7.2)
        act(s, 0, {"type": "rw_move", "units": inf})
    before = s.seats[0].influence
    s = act(s, 0, {"type": "rw_move", "units": inf, "portal": True})  # RW-34.4.3: 1A-1B=5A, 2 steps
    assert units_in(s, "5A", 0) and s.seats[0].influence == before - 1


def test_rw34_4_3_retreats_ignore_magic_portals() -> None:
    """RW-34.4.3 / AMB-66: a portal payment covers one movement action, i.e. one order card's
    movement or one hero's quest-phase move; a retreat is neither, and RW-16.1 sends a retreating
    group to an *adjacent* area (RW-16.3 lists the restrictions that still apply). So face-up
    portals never make a far friendly area a retreat destination."""
    from engine.runewars.battle.retreat import retreat_destinations
    from engine.runewars.ctx import Ctx
    from engine.runewars.heroes.core import ExplorationSlot

    far = {"1A": {"hex": (0, 0)}, "1B": {"hex": (1, 0)}, "5A": {"hex": (6, 0)}, "5B": {"hex": (7, 0)}}
    s = make_state(["HUMANS", "UTHUK"], far, options={"exploration": True})
    portals = sorted(t.token_id for t in B.catalog().exploration.values() if t.type == "magic_portal")[:2]
    s.heroes.exploration = [
        ExplorationSlot(area="1B", token=portals[0], back=2, face_up=True),
        ExplorationSlot(area="5A", token=portals[1], back=2, face_up=True),
    ]
    s.seats[0].influence = 5  # he could pay for the portals if retreats used them
    add(s, "HUMAN_INFANTRY", 0, "1B")
    add(s, "HUMAN_INFANTRY", 0, "5A")  # friendly, but only portal-linked to 1B
    add(s, "UTHUK_BERSERKER", 1, "1A")  # the only adjacent area is an enemy one
    areas, _ = retreat_destinations("1B", 0, [False], Ctx(s))
    assert areas == []  # RW-16.1.1: no adjacent friendly or empty area -> destroyed; 5A is not offered
    s.units = [u for u in s.units if u.owner != 1]
    areas, _ = retreat_destinations("1B", 0, [False], Ctx(s))
    assert areas == ["1A"]  # only the truly adjacent area (empty now)


def test_rw34_4_3_magic_portals_for_a_strategize_move() -> None:
    """RW-34.4.3 / AMB-66: Strategize moves units or heroes, so the player may pay 1 influence once
    for the whole Strategize; face-up portal areas then count as adjacent for its one-step moves."""
    from engine.runewars.heroes.core import ExplorationSlot

    far = {"1A": {"hex": (0, 0)}, "1B": {"hex": (1, 0)}, "5A": {"hex": (6, 0)}, "5B": {"hex": (7, 0)}}
    s = make_state(["HUMANS", "UTHUK"], far, options={"exploration": True})
    portals = sorted(t.token_id for t in B.catalog().exploration.values() if t.type == "magic_portal")[:2]
    s.heroes.exploration = [
        ExplorationSlot(area="1B", token=portals[0], back=2, face_up=True),
        ExplorationSlot(area="5A", token=portals[1], back=2, face_up=True),
    ]
    inf = add(s, "HUMAN_INFANTRY", 0, "1B", 2)
    s = start_turn(s, 0, 1)
    while prompt(s, 0).rule != "RW-18.1.1":
        s = act(s, 0, {"type": "rw_choose", "value": "-"})
    p = prompt(s, 0)
    assert any(o.action.get("portal") for o in p.options)
    with pytest.raises(RuleViolation):  # not adjacent without paying
        act(s, 0, {"type": "rw_strategize", "moves": [{"unit": inf[0], "to": "5A"}]})
    before = s.seats[0].influence
    s = act(
        s,
        0,
        {
            "type": "rw_strategize",
            "portal": True,
            "moves": [{"unit": inf[0], "to": "5A"}, {"unit": inf[1], "to": "5A"}],
        },
    )
    assert len(units_in(s, "5A", 0)) == 2 and s.seats[0].influence == before - 1  # one payment


def test_allied_neutrals_alone_must_end_in_a_friendly_area() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "HUMAN_ARCHER", 0, "1B")
    ally = add(s, "BEASTMAN", 0, "1B")
    s = start_turn(s, 0, 1)
    with pytest.raises(RuleViolation) as exc:  # RW-11.4.2: 1C is empty, not friendly
        act(s, 0, {"type": "rw_strategize", "moves": [{"unit": ally[0], "to": "1C"}]})
    assert exc.value.rule == "RW-11.4.2"
    s = act(s, 0, {"type": "rw_strategize", "moves": [{"unit": ally[0], "to": "1A"}]})  # home: friendly
    assert unit(s, ally[0]).owner == 0


def test_random_play_is_deterministic_and_leak_free() -> None:
    import random

    from engine.sim import check_invariants

    def run(seed: int) -> tuple[str, list[tuple[int, dict]]]:
        rng = random.Random(seed)
        s = RS.setup({"players": 3}, seed)
        log = []
        for _ in range(150):
            if RS.result(s) is not None:
                break
            p = rng.choice([p for p in RS.prompts(s) if p.waiting] or RS.prompts(s))
            a = RS.sample_action(s, p.seat, rng) if p.seat >= 0 else dict(p.options[0].action)
            s, _ = RS.apply(s, p.seat, a)
            log.append((p.seat, a))
            assert check_invariants(RS, s, rng, option_samples=1) == []  # secrets never in the public view
        return s.model_dump_json(), log

    dump, log = run(5)
    replay = RS.setup({"players": 3}, 5)
    for seat, action in log:
        replay, _ = RS.apply(replay, seat, action)
    assert replay.model_dump_json() == dump  # the seed plus the log replays byte for byte


def test_rally_support_bonus_draws_heroes_and_keeps_one() -> None:
    from engine.core import Deck

    s = make_state(["HUMANS", "UTHUK"], TWO)
    stronghold(s, "1A", 0)
    s.heroes.hero_deck = Deck[str](draw_pile=["H01", "H02", "H03", "H04"])
    s.seats[0].influence = 5
    s = start_turn(s, 0, 6)
    s = act(s, 0, {"type": "rw_choose", "value": "yes"})
    assert values(prompt(s, 0)) == ["0", "1", "2", "3"]  # RW-18.6.2: 0-3 influence
    s = act(s, 0, {"type": "rw_choose", "value": "2"})
    assert s.seats[0].influence == 3
    p = prompt(s, 0)  # P-55, a pending hero decision: keep one of the two drawn heroes
    assert {o.action["card"] for o in p.options} == {"H01", "H02"}
    s = act(s, 0, p.options[0].action)
    p = prompt(s, 0)
    if p.options and p.options[0].action["type"] == "hero_place":  # P-56: a stronghold area
        assert {o.action["area"] for o in p.options} == {"1A"}
        s = act(s, 0, p.options[0].action)
    assert [h.area for h in s.heroes.heroes if h.owner == 0] == ["1A"]  # RW-20.4
    assert sorted(s.heroes.hero_deck.draw_pile) == ["H02", "H03", "H04"] or sorted(s.heroes.hero_deck.draw_pile) == [
        "H01",
        "H03",
        "H04",
    ]  # the other one goes back


def test_harvest_clamps_to_the_dial_top() -> None:
    areas = dict(TWO)
    areas["1B"] = {"hex": (1, 0), "food": 20}
    s = make_state(["HUMANS", "UTHUK"], areas)
    add(s, "HUMAN_ARCHER", 0, "1B")
    s = start_turn(s, 0, 4)
    assert s.seats[0].dials["food"] == 8  # RW-9.6 / AMB-36: the dial's top


def test_desertion_and_the_heroes_league() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    evil = next(h.hero_id for h in B.catalog().heroes.values() if h.alignment == "evil")
    s.heroes.heroes.append(Hero(uid="H9", card=evil, owner=0, area="1A"))
    from engine.runewars.cards import resolve as cardfx

    effect = {"kind": "desert_heroes", "who": "each_player", "mismatched_only": True, "save_cost_influence": None}
    s.titles["HEROES_LEAGUE"].holder = 0
    cardfx.queue(s, [effect], seat=None, source="Deserters", rule="RW-6.2", order=[0, 1])
    s.steps.append(flow.step(s, "hold"))
    _advance(s)
    assert [h.uid for h in s.heroes.heroes] == ["H9"]  # RW-32.5: the league holder's heroes stay
    s.titles["HEROES_LEAGUE"].holder = None
    cardfx.queue(s, [effect], seat=None, source="Deserters", rule="RW-6.2", order=[0, 1])
    _advance(s)
    assert values(prompt(s, 0)) == ["desert"]  # no save cost on this card
    s = act(s, 0, {"type": "rw_choose", "value": "desert"})
    assert s.heroes.heroes == [] and evil in s.heroes.hero_deck.draw_pile  # RW-26.5


def test_destructible_site_falls_to_six_units_in_own_turn() -> None:
    from engine.runewars.heroes.core import ExplorationSlot

    s = make_state(["HUMANS", "UTHUK"], TWO, options={"exploration": True})
    village = next(t.token_id for t in B.catalog().exploration.values() if t.type == "village")
    s.heroes.exploration = [ExplorationSlot(area="1B", token=village, back=2, face_up=True)]
    add(s, "HUMAN_INFANTRY", 0, "1B", 5)
    add(s, "BEASTMAN", 0, "1B")  # AMB-67: allied neutrals count
    s = start_turn(s, 0, 4)  # Harvest: the village still counts for this harvest (RW-34.4.2)
    assert s.heroes.exploration and s.seats[0].dials["food"] >= 1
    s = act(s, 0, {"type": "rw_choose", "value": "no"})  # no Harvest bonus; the turn ends
    assert s.heroes.exploration == []  # RW-34.2: discarded at the end of his turn with 6 units


def test_epic_rune_gain_is_one_face_up_dragon() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, options={"epic": True})
    s.rune_supply = {"dragon": 10, "false": 0}
    from engine.runewars.turn.runes import queue_gain

    queue_gain(s, 0, "test")
    s.steps.append(flow.step(s, "hold"))
    p = prompt(s, 0)
    assert p.rule == "RW-35.4" and not p.secret
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    assert s.board["1B"].rune == "dragon" and s.rune_supply["dragon"] == 9  # AMB-70


def test_setup_places_tile_neutrals_and_cities() -> None:
    s = _play_setup(2, 23)
    cat = B.catalog()
    for area in s.board.values():
        src = cat.tiles[area.tile].area(area.id)
        want = sorted((n.unit_type, n.count) for n in src.neutrals)
        placed: dict[str, int] = {}
        for u in s.units:
            if u.area == area.id and u.owner is None:
                placed[u.kind] = placed.get(u.kind, 0) + 1
        assert sorted(placed.items()) == want  # RW-3.4
        assert (area.city is not None) == area.city_spot  # RW-3.5: one token per city spot
    assert len({a.city for a in s.board.values() if a.city}) == sum(a.city_spot for a in s.board.values())


def test_rune_with_no_legal_area_returns_face_up() -> None:
    s = make_state(["HUMANS", "UTHUK"], {"1A": {"hex": (0, 0), "home_of": 0}, "1D": {"hex": (3, 0), "home_of": 1}})
    s.board["1A"].rune = "dragon"
    s.rune_supply = {"dragon": 20, "false": 17}
    s = queue(s, "rune_discard", 0, source="test")
    s = act(s, 0, {"type": "rw_rune_discard", "areas": []})
    # every friendly or uncontrolled area already holds a rune: both tokens go back face up (RW-27.3.4)
    assert values(prompt(s, 0)) == ["-"]
    s = act(s, 0, {"type": "rw_choose", "value": "-"})
    s = act(s, 0, {"type": "rw_choose", "value": "-"})
    assert s.rune_supply == {"dragon": 20, "false": 17} and s.revealed_false == 1


def test_alliance_over_eight_destroys_down_to_eight() -> None:
    s = make_state(["ELVES", "UTHUK"], {"6N": {"hex": (0, 0)}, "6B": {"hex": (1, 0)}})
    add(s, "SORCERER", None, "6N", 3)
    elves = add(s, "ELF_ARCHER", 0, "6B", 7)
    add(s, "ELF_WARRIOR", 0, "6B")
    s.seats[0].influence = 3
    s.destiny.draw_pile = [5] + [n for n in range(1, 31) if n != 5]
    s = start_turn(s, 0, 3)
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    s = act(s, 0, {"type": "rw_choose", "value": "6N"})
    s = act(s, 0, {"type": "rw_move", "units": elves})
    s = act(s, 0, {"type": "rw_choose", "value": "diplomacy"})
    s = act(s, 0, {"type": "rw_choose", "value": "1"})
    s = act(s, 0, {"type": "rw_choose", "value": "5"})  # ALLY: 7 + 3 = 10 units
    p = prompt(s, 0)
    assert p.rule == "RW-10.9.2" and "2 of the 10 units in 6N" in p.question  # RW-10.9.4 / AMB-29: not a battle


def test_epic_victory_needs_seven() -> None:
    areas: dict[str, dict[str, Any]] = {f"{i}A": {"hex": (i, 0)} for i in range(1, 9)}
    areas["1A"]["home_of"] = 0
    areas["9A"] = {"hex": (0, 5), "home_of": 1}
    s = make_state(["HUMANS", "UTHUK"], areas, options={"epic": True})
    for i in range(1, 7):
        s.board[f"{i}A"].rune = "dragon"
        if i > 1:
            add(s, "HUMAN_ARCHER", 0, f"{i}A")
    _advance(s)
    assert RS.result(s) is None  # RW-35.2: six is not enough in the epic variant
    s.board["7A"].rune = "dragon"
    add(s, "HUMAN_ARCHER", 0, "7A")
    _advance(s)
    result = RS.result(s)
    assert result is not None and result.winners == [0]


def test_reward_trade_during_own_turn() -> None:
    from engine.runewars.heroes.core import HeldReward

    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.heroes.heroes += [
        Hero(uid="H1", card="H01", owner=0, area="1B", rewards=[HeldReward(card="R01")]),
        Hero(uid="H2", card="H03", owner=0, area="1B"),
    ]
    s = start_turn(s, 0, 4)
    p = prompt(s, 0)
    assert p.rule == "RW-23.4" and p.secret and "R01:H1:H2" in values(p)
    s = act(s, 0, {"type": "rw_choose", "value": "R01:H1:H2"})
    assert [r.card for r in s.heroes.heroes[1].rewards] == ["R01"]


def test_moving_a_stronghold_can_end_an_alliance() -> None:
    s = make_state(["HUMANS", "UTHUK"], {**TWO, "2C": {"hex": (2, 1)}})
    for a in ("1A", "1B", "1C", "2A"):
        stronghold(s, a, 0)
    ally = add(s, "BEASTMAN", 0, "2A")  # allied, held only by the stronghold
    add(s, "HUMAN_ARCHER", 0, "2B")
    s = start_turn(s, 0, 8)
    s = act(s, 0, {"type": "rw_choose", "value": "build:2B:2A"})  # RW-1.10.2
    assert unit(s, ally[0]).owner is None  # RW-11.4: 2A is no longer his
