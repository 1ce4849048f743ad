"""The tutorial wave (TC-01..TC-37) replayed through the flow on the fixture map (DATA-13).

Every action goes through ``Cloudspire.apply`` as a seat would send it; steps the engine
resolves on its own (a single legal minion move, CS-0.4) are checked by where the unit ends.
Dice are injected (TC fixture): the Hydra rolls 1, 1, 2.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.cloudspire.state import CsState, Unit
from engine.core import RuleViolation

from .support import RS, act, front, new_game
from .tutorial_map import B_GATE, G_GATE, LIDS, ROUND_FOUR_G, install, open_north_lane

B, G = 0, 1
SCARAB, BOUNTY, HYDRA, PORTAL = LIDS["scarab"], LIDS["bounty_hunter"], LIDS["hydra"], LIDS["portal"]
PEDDLER, WILD_DRAKE = LIDS["source_peddler"], LIDS["wild_drake"]


def unit(s: CsState, type_id: str) -> Unit:
    return next(u for u in s.units if u.type_id == type_id or any(m.type_id == type_id for m in u.members))


def lm_hp(s: CsState, lid: str) -> int:
    return next(lm.hp for lm in s.landmarks if lm.lid == lid)


def offered(s: CsState, seat: int) -> list[dict[str, Any]]:
    prompts = [p for p in RS.prompts(s) if p.seat == seat]
    assert prompts, f"seat {seat} is not asked anything at {front(s)}"
    return [o.action for o in prompts[0].options]


def attack(s: CsState, seat: int, attacker: str, lid: str) -> CsState:
    a = {"type": "attack", "unit": unit(s, attacker).uid, "kind": "landmark", "target": lid}
    assert a in offered(s, seat)
    return act(s, seat, a)


def move_hero(s: CsState, seat: int, hero: str, to: str) -> CsState:
    h = (
        next(u for p in s.pl for u in p.stack if u.type_id == hero)
        if hero not in {u.type_id for u in s.units}
        else unit(s, hero)
    )
    a = {"type": "move", "unit": h.uid, "to": to}
    assert a in offered(s, seat)
    return act(s, seat, a)


def before_siege() -> CsState:
    """TC-01..TC-17 on the fixture map."""
    s = new_game(first_game_relics=True, dice=[1, 1, 2, 2])
    install(s)
    # TC-04 / CS-5.10.2: three face-up chips including the Mortar; land tile #11 on the pile (CS-5.10.3)
    assert len(s.market.faceup) == 3 and "brick_and_mortars" in s.market.faceup and s.market.tile == 11
    # TC-05 / CS-14.1, TC-06 / CS-15.1
    assert s.event is None and [p.source for p in s.pl] == [5, 5] and front(s) == "market"
    # TC-07 / CS-16.3: the Mortar (4) lies beside the barracks; the market is refilled to 3
    s = act(s, B, {"type": "buy", "chip": "brick_and_mortars"})
    assert s.pl[B].source == 1 and s.pl[B].beside == ["brick_and_mortars"] and len(s.market.faceup) == 3
    # TC-08 / CS-16.3: one land tile per wave
    s = act(s, G, {"type": "buy_tile"})
    assert s.pl[G].source == 3 and "tile:11" in s.pl[G].beside and s.market.tile_bought and s.market.tile != 11
    assert front(s) == "build"
    # TC-09 / CS-17.2.1: the free Mercenary Mortar is offered on a B fortress well; B passes (CS-17.1)
    assert any(
        a["type"] == "build_tower" and a["tower"] == "brick_and_mortars" and a["hex"] in {"-1,1", "0,-1"}
        for a in offered(s, B)
    )
    s = act(s, B, {"type": "pass"})
    # TC-10 / CS-17.2.3: #11 in front of the G gate covers one of its two path neighbours
    paths_before = sum(1 for k in ("11,0", "12,-1") if s.board[k].t == "P")
    s = act(s, G, {"type": "place_tile", "tile": 11, "anchor": "12,-1", "rotation": 3})
    assert paths_before == 2 and s.board["12,-1"].t != "P" and s.board["12,-1"].mat == "tile:11"
    from engine.cloudspire.towers.build import free_wells

    assert "12,-1" in free_wells(s, G)  # CS-7.4: a new well in G influence; no tower affordable with 3
    assert s.pl[G].source == 3
    # TC-11 / CS-17.2.4, CS-6.3: Heart of Oak 1 for 3
    s = act(s, G, {"type": "advance", "structure": "heart_of_oak"})
    assert s.pl[G].source == 0 and s.pl[G].advancements == ["grove_oak_1"]
    s = act(s, G, {"type": "pass"})  # TC-12 / CS-17.1
    # TC-13 / CS-18.1: the only target in 2 players is the opponent
    assert offered(s, B) == [{"type": "target", "seat": G}]
    s = act(s, B, {"type": "target", "seat": G})
    s = act(s, G, {"type": "target", "seat": B})
    # TC-16 / CS-10.7.5: a hero between minions is refused, and the state is unchanged
    with pytest.raises(RuleViolation):
        act(
            s, B, {"type": "deploy", "stack": [{"units": ["dispatch"]}, {"units": ["awsh"]}, {"units": ["battleborn"]}]}
        )
    # TC-14, TC-16 / CS-9.8, CS-18.6: a squad (Slinger over Berserker) above Awsh
    s = act(s, B, {"type": "deploy", "stack": [{"units": ["dispatch", "battleborn"]}, {"units": ["awsh"]}]})
    squad = s.pl[B].stack[0]
    assert squad.type_id == "dispatch" and [m.type_id for m in squad.members] == ["battleborn"] and squad.hp == 3
    pub = RS.view(s, G)["players"][B]
    assert pub["stack_entries"] == 2 and pub["stack_chips"] == 3 and pub["stack"] is None  # H24
    # TC-15, TC-17 / CS-18.3-18.6
    s = act(s, G, {"type": "deploy", "stack": [{"units": ["war_briar"]}, {"units": ["treed"]}, {"units": ["dywen"]}]})
    assert front(s) == "turn_start" and s.active == B
    return s


def round_one(s: CsState) -> CsState:
    # TC-18 / CS-19.1.3: the free Mortar is offered as a limited build; B declines
    assert any(a["type"] == "build_tower" for a in offered(s, B))
    s = act(s, B, {"type": "done"})
    # TC-19 / CS-9.11, CS-19.2: the squad's only legal move is 2 path hexes; Awsh then deploys (CS-10.2)
    assert unit(s, "dispatch").hex == "2,0"
    s = move_hero(s, B, "awsh", "1,0")
    # TC-20 / CS-19.3: G has no tower. TC-21 / CS-19.4, CS-11.3: B explores L1 and keeps it face down
    s = act(s, B, {"type": "explore", "landmark": SCARAB})
    s = act(s, B, {"type": "reveal", "reveal": False})
    scarab = next(lm for lm in s.landmarks if lm.lid == SCARAB)
    assert not scarab.face_up and scarab.known_by == [B]
    assert next(lm for lm in RS.view(s, G)["landmarks"] if lm["lid"] == SCARAB)["chip"] is None  # H5
    # TC-22 / CS-19.5.3: no valid target, so the turn passes to G without a prompt
    # TC-23 / CS-19.1; TC-24 / CS-9.4.1: the Porcupine moves 2, the blocked Elk 1, Dywen deploys into forest
    assert s.active == G
    assert unit(s, "war_briar").hex == "10,0" and unit(s, "treed").hex == "11,0"
    assert s.board["11,1"].t == "F"  # CS-4.5: within Dywen's forest cap
    s = move_hero(s, G, "dywen", "11,1")
    # TC-25 / CS-19.4.3, CS-11.4: both explored and revealed with their printed HP
    for lid in (BOUNTY, HYDRA):
        s = act(s, G, {"type": "explore", "landmark": lid})
        s = act(s, G, {"type": "reveal", "reveal": True})
    assert lm_hp(s, BOUNTY) == 4 and lm_hp(s, HYDRA) == 3
    # TC-26 / CS-19.5.6-19.5.7: Endless Retaliation rolls 1, 1, 2 = 4; Tough (TU-6) makes it 2
    s = attack(s, G, "treed", HYDRA)
    assert lm_hp(s, HYDRA) == 2 and unit(s, "treed").hp == 2
    # TC-27 / CS-19.5.6(b): no second counter this turn
    s = attack(s, G, "war_briar", HYDRA)
    assert lm_hp(s, HYDRA) == 1 and unit(s, "war_briar").hp == 3
    # TC-28 / CS-19.5.9, CS-11.7, CS-10.4: Dywen's kill, a hidden relic, a level-up with range offered
    s = attack(s, G, "dywen", HYDRA)
    assert HYDRA not in {lm.lid for lm in s.landmarks} and "hydra" in s.lm_defeated
    assert len(s.pl[G].relics) == 1 and RS.view(s, B)["players"][G]["relics"] is None  # H18
    assert RS.view(s, B)["players"][G]["relic_count"] == 1
    assert {"type": "level_up", "choice": "range"} in offered(s, G)
    s = act(s, G, {"type": "level_up", "choice": "attack"})
    assert unit(s, "dywen").chips == ["attack"]
    return s


def round_two(s: CsState) -> CsState:
    assert s.round == 2 and s.active == B
    s = act(s, B, {"type": "done"})  # turn start
    s = act(s, B, {"type": "done"})  # window 1: Awsh waits for the squad
    # TC-29 / CS-19.2: the squad moves 2 along the path; Awsh ends next to L4 and the Scarab
    assert unit(s, "dispatch").hex == "3,1"
    s = move_hero(s, B, "awsh", "2,1")
    # TC-30 / CS-19.4.4: L4 kept hidden; L1 explored again on a later turn and revealed
    s = act(s, B, {"type": "explore", "landmark": PORTAL})
    s = act(s, B, {"type": "reveal", "reveal": False})
    s = act(s, B, {"type": "explore", "landmark": SCARAB})
    s = act(s, B, {"type": "reveal", "reveal": True})
    assert lm_hp(s, SCARAB) == 4
    s = act(s, B, {"type": "stop"})  # L7 is next to the squad too; B leaves it for later
    # TC-31 / TU-1, CS-19.5.6(c): Hunter +1, no counter from an attack-less landmark
    s = attack(s, B, "awsh", SCARAB)
    assert lm_hp(s, SCARAB) == 2 and unit(s, "awsh").hp == 3
    s = attack(s, B, "dispatch", SCARAB)  # CS-19.5.2: the squad top must attack what is in range
    assert lm_hp(s, SCARAB) == 1
    # TC-32 / CS-19.2: G minions move 2 each; Dywen 2 along the path
    assert s.active == G
    s = act(s, G, {"type": "done"})
    s = act(s, G, {"type": "done"})
    assert unit(s, "war_briar").hex == "8,0" and unit(s, "treed").hex == "9,0"
    s = move_hero(s, G, "dywen", "10,0")
    # TC-33 / CS-19.4: L5 (next to a G unit) is the Source Peddler, revealed with 5 HP
    s = act(s, G, {"type": "explore", "landmark": PEDDLER})
    s = act(s, G, {"type": "reveal", "reveal": True})
    assert lm_hp(s, PEDDLER) == 5
    # TC-34 / CS-19.5.6(a)-(b): a ranged hit draws no counter and does not spend it
    s = attack(s, G, "dywen", PEDDLER)
    assert lm_hp(s, PEDDLER) == 3 and unit(s, "dywen").hp == 2
    assert not next(lm for lm in s.landmarks if lm.lid == PEDDLER).countered
    s = attack(s, G, "war_briar", PEDDLER)
    assert lm_hp(s, PEDDLER) == 2 and unit(s, "war_briar").hp == 1
    s = attack(s, G, "treed", PEDDLER)
    assert lm_hp(s, PEDDLER) == 1 and unit(s, "treed").hp == 2
    return s


def round_three_brawnen(s: CsState) -> CsState:
    assert s.round == 3 and s.active == B
    s = act(s, B, {"type": "done"})
    s = act(s, B, {"type": "done"})
    # TC-35 / CS-9.11, CS-10.2: the squad makes full progress; Awsh may stay
    assert unit(s, "dispatch").hex == "5,1"
    assert {"type": "done"} in offered(s, B)
    s = act(s, B, {"type": "done"})
    # TC-36 / CS-11.8: Foreboding: no "keep face down", revealed with 5 HP at once
    s = act(s, B, {"type": "explore", "landmark": WILD_DRAKE})
    assert lm_hp(s, WILD_DRAKE) == 5 and front(s) != "reveal"
    s = act(s, B, {"type": "stop"})
    # TC-37 / CS-19.5.9, CS-11.7: the Scarab falls, B 1 -> 5, its well is uncovered, Awsh levels up
    s = attack(s, B, "awsh", SCARAB)
    assert s.pl[B].source == 5 and SCARAB not in {lm.lid for lm in s.landmarks}
    from engine.cloudspire.towers.build import free_wells

    assert "1,1" in free_wells(s, B)  # CS-4.6.4: uncovered, in B influence
    s = act(s, B, {"type": "level_up", "choice": "attack"})
    assert unit(s, "awsh").chips == ["attack"]
    # CS-11.9: Engage; the Wild Drake counters for 2 (Slinger 3 -> 1)
    assert offered(s, B) == [
        {"type": "attack", "unit": unit(s, "dispatch").uid, "kind": "landmark", "target": WILD_DRAKE}
    ]
    s = attack(s, B, "dispatch", WILD_DRAKE)
    assert lm_hp(s, WILD_DRAKE) == 4 and unit(s, "dispatch").hp == 1
    return s


def round_three_grovetenders(s: CsState) -> CsState:
    s = act(s, G, {"type": "done"})
    s = act(s, G, {"type": "done"})
    # TC-38 / CS-9.11, CS-26.3: the Porcupine ends next to the Wild Drake; Impale is not an attack
    assert unit(s, "war_briar").hex == "6,1"
    s = act(s, G, {"type": "impale", "target": WILD_DRAKE})
    drake = next(lm for lm in s.landmarks if lm.lid == WILD_DRAKE)
    assert drake.hp == 3 and not drake.countered and unit(s, "war_briar").hp == 1
    assert unit(s, "treed").hex == "7,1"  # next to the Source Peddler again
    s = move_hero(s, G, "dywen", "8,0")
    s = act(s, G, {"type": "stop"})
    # TC-39 / CS-11.9: Engage: every G attack option is on the Wild Drake, the Elk's on the Peddler aside
    targets = {a["target"] for a in offered(s, G) if a["type"] == "attack" and a["unit"] != unit(s, "treed").uid}
    assert targets == {WILD_DRAKE}
    s = attack(s, G, "dywen", WILD_DRAKE)  # CS-19.5.1: G orders its attacks; Dywen from range, no counter
    assert lm_hp(s, WILD_DRAKE) == 1 and unit(s, "dywen").hp == 2
    s = attack(s, G, "war_briar", WILD_DRAKE)
    assert front(s) == "free_tower"  # CS-11.7 (P-18): no level-up for a minion, the free tower instead
    choice = {
        "type": "free_tower",
        "tower": "shrubbery",
        "promoted": False,
        "merc": False,
        "order": ["attack", "defense"],
    }
    assert choice in offered(s, G)
    s = act(s, G, choice)
    shrub = next(t for t in s.towers if t.owner == G)
    assert shrub.hex == "6,0" and shrub.chips == ["attack", "defense"] and s.pl[G].source == 0
    assert s.pl[G].limited_used == 0
    s = attack(s, G, "treed", PEDDLER)
    assert s.pl[G].source == 6  # TC-39: G 0 -> 6
    return s


def round_four(s: CsState) -> CsState:
    # TC-40 / CS-19.1.3, CS-7.12, CS-6.5: the Mercenary Mortar on the Scarab's uncovered well, no Source, one peg
    a = {
        "type": "build_tower",
        "tower": "brick_and_mortars",
        "promoted": False,
        "merc": True,
        "hex": "1,1",
        "order": ["attack", "range", "attack"],
    }
    assert a in offered(s, B)
    s = act(s, B, a)
    mortar = next(t for t in s.towers if t.owner == B)
    assert s.pl[B].source == 5 and s.pl[B].limited_used == 1 and mortar.chips[-1] == "attack"
    s = act(s, B, {"type": "done"})
    # TC-41 / CS-19.2: Awsh goes next to L7; the squad is blocked by the Porcupine (CS-9.5) and stays
    # within reach of the Shrubbery
    s = move_hero(s, B, "awsh", "4,1")
    assert unit(s, "dispatch").hex == "5,1"
    # TC-42 / CS-19.3, CS-9.8.5: G fires the Shrubbery (die 2) at the 1-HP Slinger; the Berserker takes over at 3
    fire = {"type": "fire", "tower": shrub_id(s), "target": unit(s, "dispatch").uid}
    assert offered(s, G) == [fire]
    s = act(s, G, fire)
    assert s.pl[G].source == 9 and unit(s, "battleborn").hp == 3 and s.pl[B].barracks["dispatch"] == 2
    # TC-43 / CS-11.8: forced reveal
    s = act(s, B, {"type": "explore", "landmark": LIDS["vile_drake"]})
    assert lm_hp(s, LIDS["vile_drake"]) == 6
    # TC-44 / CS-11.9, CS-7.9.2: Awsh must hit the Vile Drake for 1 + chip + Hunter = 3, countered for 1
    assert [a["target"] for a in offered(s, B) if a["unit"] == unit(s, "awsh").uid] == [LIDS["vile_drake"]]
    s = attack(s, B, "awsh", LIDS["vile_drake"])
    assert lm_hp(s, LIDS["vile_drake"]) == 3 and unit(s, "awsh").hp == 2
    hit = {"type": "attack", "unit": unit(s, "battleborn").uid, "kind": "tower", "target": shrub_id(s)}
    s = act(s, B, hit)
    assert next(t for t in s.towers if t.tid == hit["target"]).chips == ["attack", "defense"]
    # TC-45 / CS-19.1.3, CS-7.4: Great Timber (5) on tile #11's well, in the group next to the G gate
    a = {"type": "build_tower", "tower": "reetall", "promoted": False, "merc": False, "hex": "12,-1"}
    s = act(s, G, {**a, "order": ["attack", "range"]})
    assert s.pl[G].source == 4 and s.pl[G].limited_used == 1 and sum(t.owner == G for t in s.towers) == 2
    return s


def shrub_id(s: CsState) -> str:
    return next(t.tid for t in s.towers if t.type_id == "shrubbery")


def test_tutorial_wave_replay() -> None:
    s = before_siege()
    assert s.board[B_GATE].gate == B and s.board[G_GATE].gate == G
    s = round_one(s)
    s = round_two(s)
    s = round_three_brawnen(s)
    # the running Source totals of the tutorial: B 5, G 0 (TC-37)
    assert [p.source for p in s.pl] == [5, 0] and s.active == G
    s = round_three_grovetenders(s)
    s = round_four(s)
    assert [p.source for p in s.pl] == [5, 4]


def test_tutorial_round_five() -> None:
    """TC-48..TC-53 from the round-5 positions of the rulebook's figure.

    On the fixture's single-lane path the opposing minions block each other in round 4 (CS-9.5), so
    the units are set where the tutorial says they end their round-5 moves (TC-46, TC-48, TC-51), and
    the attack steps, level-ups, the end of the siege and of the wave run through the flow. TC-46 and
    TC-47 (G's round-4 moves and Dywen's 2 damage to the Berserker) run on the two-lane fixture in
    ``test_tutorial_round_four_grovetenders``."""
    from engine.cloudspire.flow import FLOW

    s = round_four(round_three_grovetenders(round_three_brawnen(round_two(round_one(before_siege())))))
    spots = {"awsh": "9,1", "war_briar": "9,0", "battleborn": "10,0", "dywen": "10,1", "treed": "8,1"}
    for type_id, hex_key in spots.items():
        u = unit(s, type_id)
        u.hex, u.attacked, u.countered, u.moved = hex_key, False, False, False
    unit(s, "battleborn").hp = 1  # TC-47: Dywen's round-4 shot from range (3 -> 1), see the test above
    assert s.board["10,1"].t == "G"  # TC-51: Dywen ends on plains with the Bounty Hunter within 2
    s.round, s.active = 5, B
    s.steps = [
        FLOW.new(s, "attacks", B),
        FLOW.new(s, "turn_end", B),
        FLOW.new(s, "attacks", G),
        FLOW.new(s, "turn_end", G),
        FLOW.new(s, "siege_round"),
    ]
    # TC-49 / CS-10.5.3: Awsh (attack 2) defeats the Porcupine; B 5 -> 6; at his cap he may flip or decline
    s = attack_unit(s, B, "awsh", "war_briar")
    assert s.pl[B].source == 6 and s.pl[G].barracks["war_briar"] == 3
    assert offered(s, B) == [{"type": "level_up", "choice": "flip"}, {"type": "level_up", "choice": "decline"}]
    s = act(s, B, {"type": "level_up", "choice": "flip"})
    assert unit(s, "awsh").promoted and unit(s, "awsh").chips == []
    # TC-50 / CS-10.5.1, CS-26.4: Dywen's counter kills the Berserker; the reward and a level-up go to G
    s = attack_unit(s, B, "battleborn", "dywen")
    assert s.pl[G].source == 6 and "battleborn" not in {u.type_id for u in s.units}
    assert [p.seat for p in RS.prompts(s)] == [G]  # P-19: the owner is asked on the other seat's turn
    s = act(s, G, {"type": "level_up", "choice": "flip"})
    dywen = unit(s, "dywen")
    assert dywen.promoted and dywen.chips == [] and dywen.hp == 2  # 1 + (3 - 2)
    # TC-52 / CS-19.5.6: Dywen first, from range: Bounty Hunter 4 -> 3
    s = act(s, G, {"type": "attack", "unit": dywen.uid, "kind": "landmark", "target": BOUNTY})
    assert lm_hp(s, BOUNTY) == 3
    # the Elk must attack Awsh; Awsh's counter (2 after Tough) defeats it; B 6 -> 8
    s = attack_unit(s, G, "treed", "awsh")
    assert s.pl[B].source == 8 and unit(s, "awsh").hp == 1
    # CS-20.1-20.2: no minion left and every stack empty: the siege ends at once; the level-up still resolves
    assert offered(s, B)[0] == {"type": "level_up", "choice": "attack"}
    s = act(s, B, {"type": "level_up", "choice": "attack"})
    # TC-53 / CS-20.3: pegs off, the first player passes to G, heroes stay on their hexes
    # TC-54 / CS-15.1, CS-13.2: wave 2 income 7 each, plus Heart of Oak 1's house +2 (DATA-1)
    assert s.wave == 2 and front(s) == "market" and [p.source for p in s.pl] == [8 + 7, 6 + 7 + 2]
    assert [p.limited_used for p in s.pl] == [0, 0] and s.first == G
    assert unit(s, "awsh").hex == "9,1" and unit(s, "dywen").hex == "10,1" and unit(s, "awsh").chips == ["attack"]
    assert [p.gate_hp for p in s.pl] == [10, 10] and len(s.pl[G].relics) == 1
    towers = sorted((t.owner, t.type_id, tuple(t.chips)) for t in s.towers)
    assert towers == [
        (B, "brick_and_mortars", ("attack", "range", "attack")),
        (G, "reetall", ("attack", "range")),
        (G, "shrubbery", ("attack", "defense")),
    ]
    portal = next(lm for lm in s.landmarks if lm.lid == PORTAL)
    assert not portal.face_up and portal.known_by == [B]
    assert lm_hp(s, LIDS["vile_drake"]) == 3 and not next(lm for lm in s.landmarks if lm.chip == "grail_vipers").face_up


def test_tutorial_round_four_grovetenders() -> None:
    """TC-46 and TC-47: G's round-4 turn after TC-45, on the fixture with the figure's second lane.

    The replay reaches G's round-4 turn start on the single-lane corridor; the north lane is then
    opened and G's units stand where the figure has them (ROUND_FOUR_G), and the rest of the turn
    runs through the flow."""
    from engine.cloudspire.board.geometry import range_within, unkey
    from engine.cloudspire.units.movement import minion_paths

    s = round_four(round_three_grovetenders(round_three_brawnen(round_two(round_one(before_siege())))))
    assert front(s) == "turn_start" and s.active == G
    open_north_lane(s)
    for type_id, hex_key in ROUND_FOUR_G.items():
        unit(s, type_id).hex = hex_key
    s = act(s, G, {"type": "done"})  # turn start: one limited build left, G stops (TC-45 built)
    s = act(s, G, {"type": "done"})  # window 1: Dywen stays
    # TC-46 / CS-9.11: the Porcupine's one legal move, 2 toward the B gate, is made for G
    assert unit(s, "war_briar").hex == "4,-1"
    # the Elk has several; 6,1 lies in the Berserker's reach next turn, 7,-1 does not
    berserker = unit(s, "battleborn")
    assert berserker.hex is not None
    ends = {berserker.hex} | {m.to for m in minion_paths(s, berserker)}
    reach = set().union(*(range_within(s.board, unkey(k), 1) for k in ends))
    moves = [a["to"] for a in offered(s, G)]
    assert moves == ["6,1", "7,-1"] and "6,1" in reach and "7,-1" not in reach
    s = act(s, G, {"type": "minion_move", "to": "7,-1", "swap": None})
    # window 3: Dywen stays
    assert front(s) == "heroes_3"
    s = act(s, G, {"type": "done"})
    # TC-47 / CS-19.3: B's Mortar has no G unit within 2, so no tower step; no landmark to explore;
    # CS-19.5: the minions have no target, so nothing is forced: Dywen's shot is the only attack
    assert front(s) == "attacks"
    dywen = unit(s, "dywen")
    shot = {"type": "attack", "unit": dywen.uid, "kind": "unit", "target": berserker.uid}
    assert [a for a in offered(s, G) if a["type"] == "attack"] == [shot]
    s = act(s, G, shot)
    # 3 -> 1 (attack 1 + the chip of TC-28); no counter-attack: no range, not adjacent
    assert unit(s, "battleborn").hp == 1 and unit(s, "dywen").hp == 2
    assert s.pl[B].source == 5 and s.pl[G].source == 4


def attack_unit(s: CsState, seat: int, attacker: str, target: str) -> CsState:
    a = {"type": "attack", "unit": unit(s, attacker).uid, "kind": "unit", "target": unit(s, target).uid}
    assert a in offered(s, seat)
    return act(s, seat, a)
