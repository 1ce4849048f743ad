"""3-4 players (CS-22), alliance (CS-23), the variants (CS-24) and the end of a wave (CS-20, CS-21)."""

from __future__ import annotations

from typing import Any

from engine.cloudspire.common import friendly, tower_cap
from engine.cloudspire.state import CsState
from engine.cloudspire.waves.end import final_scoring, on_breach, repair, sacrifice_choices, siege_over, strength
from engine.cloudspire.waves.phases import target_choices

from .support import RS, act, front, new_game

FOUR = ["brawnen", "grovetenders", "heirs", "narora"]


def game(players: int, **options: Any) -> CsState:
    return new_game(players=players, factions=FOUR[:players], **options)


def test_market_size_and_tower_cap_by_players() -> None:
    # CS-22.1.6 / CS-5.10.2: players + 1 face-up chips; CS-22.3, CS-23.5 / CS-7.11: 6, 5, 4 towers
    for n, cap in ((2, 6), (3, 5), (4, 4)):
        s = game(n)
        assert len(s.market.faceup) == n + 1
        assert tower_cap(s) == cap
    assert tower_cap(game(4, mode="2v2")) == 4


def test_targets_free_for_all_and_alliance() -> None:
    # CS-22.2: any enemy gate, several players may pick the same one
    s = game(4)
    assert target_choices(s, 0) == [1, 2, 3]
    s.pl[2].target = 1
    assert 1 in target_choices(s, 0)
    # CS-23.2: an enemy only, and not the teammate's target; CS-23.3 teammates are friendly (teams 1+3, 2+4)
    t = game(4, mode="2v2")
    assert friendly(t, 0, 2) and friendly(t, 1, 3) and not friendly(t, 0, 1)
    assert target_choices(t, 0) == [1, 3]
    t.pl[2].target = 1
    assert target_choices(t, 0) == [3]


def test_breach_loots_and_play_goes_on_in_three_players() -> None:
    # CS-22.4.1-22.4.3: no elimination, the breacher loots all Source (up to its cap), the victim drops to 0
    s = game(3)
    s.pl[1].source, s.pl[0].source = 9, 15
    s.pl[1].breached, s.pl[1].gate_hp = True, 0
    s.pl[2].target = 1
    on_breach(s, 1, 0)
    assert s.pl[0].source == 20 and s.pl[1].source == 0 and s.winner is None
    # CS-22.4.2: whoever targeted the breached gate must re-target
    assert s.pl[2].target is None and any(st.kind == "target" and st.seat == 2 for st in s.steps)
    # CS-22.7.2: a breach that leaves one gate standing ends the game
    s.pl[2].breached = True
    on_breach(s, 2, 0)
    assert s.winner == [0] and s.result_reason == "breach"


def test_alliance_breach_ends_the_game_for_the_team() -> None:
    # CS-23.4: any breach ends the game; the breaching team wins
    s = game(4, mode="2v2")
    s.pl[1].breached = True
    on_breach(s, 1, 2)
    assert s.winner == [0, 2]


def test_repair_sacrifices_highest_level_then_source() -> None:
    # CS-22.5.1-22.5.4: advancements from the highest level, +1 HP each, then 2 Source per HP, never above 3
    s = game(3)
    p = s.pl[1]
    p.gate_hp, p.breached = 0, True
    p.advancements = ["grove_oak_1", "grove_oak_2"]
    assert sacrifice_choices(s, 1) == ["grove_oak_2"]
    p.source = 3
    repair(s, 1)
    assert p.advancements == [] and p.gate_hp == 3 and p.source == 1 and not p.breached
    q = s.pl[2]
    q.gate_hp, q.breached, q.source, q.advancements = 0, True, 20, []
    repair(s, 2)
    assert q.gate_hp == 3 and q.source == 14


def test_final_wave_breach_counts_zero_and_team_sums() -> None:
    # CS-22.4.5, CS-22.7.3: breached in the final wave is strength 0
    s = game(3)
    s.wave = s.options.waves
    s.pl[1].breached, s.pl[1].breached_wave, s.pl[1].gate_hp = True, s.wave, 5
    assert strength(s, 1) == 0
    # CS-23.4 (AMB-39): the team with the higher summed strength wins
    t = game(4, mode="2v2")
    t.pl[0].gate_hp, t.pl[2].gate_hp, t.pl[1].gate_hp, t.pl[3].gate_hp = 10, 4, 8, 8
    final_scoring(t)
    assert t.winner == [1, 3]


def test_siege_end_and_wave_end() -> None:
    # CS-20.1: minions or undeployed units keep the siege going
    s = new_game()
    assert siege_over(s)
    from engine.cloudspire.waves.end import wave_end

    from .support import place

    m = place(
        s, 0, "battleborn", next(k for k, c in s.board.items() if c.t == "P" and c.gate is None and c.fort is None)
    )
    assert not siege_over(s)
    # CS-20.2 / CS-20.3: minions leave; pegs off; the first player passes left; heroes stay on the board
    hero = place(s, 1, "dywen", next(k for k, c in s.board.items() if c.t == "G" and c.well is False))
    s.pl[0].limited_used = 2
    first = s.first
    wave_end(s, s.steps[0])
    assert m not in s.units and hero in s.units and s.pl[0].limited_used == 0
    assert s.pl[0].barracks["battleborn"] == 3
    assert s.first == (first + 1) % 2
    assert s.winner is None  # CS-20.4: wave 1 of 4 is not the end


def test_shorter_game_and_lengthening() -> None:
    # CS-24.3(d), CS-13.3: the game ends after wave 3; CS-20.4 strength is compared (CS-21.3)
    from engine.cloudspire.waves.end import wave_end

    s = new_game(waves=3)
    s.wave = 3
    wave_end(s, s.steps[0])
    assert s.winner is not None
    # CS-24.4: each extra wave gives 2 more Source and CP
    from engine.cloudspire.waves.phases import wave_cp, wave_value

    assert wave_value(5) == 13 and wave_value(6) == 15
    t = new_game(waves=6)
    t.wave = 5
    assert wave_cp(t, 0) == 13


def test_skip_market_and_no_events() -> None:
    # CS-24.3(a), CS-16.1: no market phase; CS-24.1 / CS-5.11.1: no event phase without the deck
    s = new_game(skip_market=True)
    assert front(s) == "build" and s.event is None
    RS.view(s, 0)


def test_simultaneous_prep_hides_selections() -> None:
    # CS-24.3(c): targets in turn order, then every stack at once, hidden until all are locked
    s = new_game(simultaneous_prep=True)
    for seat in (0, 1):
        s = act(s, seat, {"type": "pass"})
    for seat in (0, 1):
        s = act(s, seat, {"type": "pass"})
    s = act(s, 0, {"type": "target", "seat": 1})
    s = act(s, 1, {"type": "target", "seat": 0})
    prompts = RS.prompts(s)
    assert {p.seat for p in prompts} == {0, 1} and all(p.simultaneous for p in prompts)
    s = act(s, 0, {"type": "deploy", "stack": [{"units": ["awsh"]}]})
    assert s.pl[0].stack == []  # not formed until both are locked
    s = act(s, 1, {"type": "deploy", "stack": [{"units": ["dywen"]}]})
    assert front(s) != "deploy"


def test_every_opponent_fires_in_turn_teammates_never() -> None:
    # CS-22.6, CS-19.3.5: in 3-4 players each opponent fires in turn from the left; 2v2 teammates never fire
    from engine.cloudspire.flow import FLOW
    from engine.cloudspire.state import Tower
    from engine.cloudspire.waves.siege import tower_shots

    from .support import place
    from .tutorial_map import install

    def setup(s: CsState) -> CsState:
        install(s)
        for i, (owner, hex_key) in enumerate(((1, "3,0"), (2, "1,2"))):
            s.towers.append(
                Tower(
                    tid=f"T95{i}",
                    owner=owner,
                    type_id="x",
                    merc=True,
                    hex=hex_key,
                    chips=["attack"],
                    start_chips=1,
                    level_cap=0,
                )
            )
        place(s, 0, "battleborn", "2,1")  # within 1 of both towers
        return s

    s = setup(game(3))
    st = FLOW.new(s, "towers", 0, fired=[])
    assert {tid for _, tid, _ in tower_shots(s, st)} == {"T950"}  # seat 2 (left of seat 1) first
    st.data["fired"] = ["T950"]
    assert {tid for _, tid, _ in tower_shots(s, st)} == {"T951"}  # then the next opponent clockwise
    t = setup(game(4, mode="2v2"))  # seat 3 (index 2) is seat 1's teammate
    st = FLOW.new(t, "towers", 0, fired=[])
    st.data["fired"] = ["T950"]
    assert tower_shots(t, st) == []


def test_simultaneous_build_resolves_clashes_in_turn_order() -> None:
    # CS-24.3(b), CS-17.3: everyone answers at once (secret), the answers apply in turn order; a build an
    # earlier seat made impossible is lost and that seat chooses again; passing stays final (CS-17.1)
    from engine.cloudspire.state import Tower

    from .tutorial_map import install

    s = new_game(simultaneous_build=True)
    install(s)
    s.landmarks = [lm for lm in s.landmarks if lm.chip not in ("scarab", "wild_drake")]
    for i, (owner, hex_key) in enumerate(((0, "1,1"), (1, "10,2"))):  # influence over the central isle (CS-7.4)
        s.towers.append(
            Tower(
                tid=f"T96{i}",
                owner=owner,
                type_id="x",
                merc=True,
                hex=hex_key,
                chips=["attack"],
                start_chips=1,
                level_cap=0,
            )
        )
    s.pl[0].source = s.pl[1].source = 20
    s = act(s, 0, {"type": "pass"})
    s = act(s, 1, {"type": "pass"})  # market
    prompts = RS.prompts(s)
    assert front(s) == "build_sim" and {p.seat for p in prompts} == {0, 1}
    assert all(p.simultaneous and p.secret for p in prompts)
    b = {"type": "build_tower", "tower": "dispatch_platform", "promoted": False, "merc": False, "hex": "6,0"}
    g = {"type": "build_tower", "tower": "shrubbery", "promoted": False, "merc": False, "hex": "6,0"}
    s = act(s, 1, {**g, "order": ["attack", "defense"]})
    assert not [t for t in s.towers if t.hex == "6,0"]  # nothing happens before every seat has answered
    s = act(s, 0, {**b, "order": ["attack", "range"]})
    built = [t for t in s.towers if t.hex == "6,0"]
    assert [t.owner for t in built] == [0] and s.pl[1].source == 20  # the first seat in turn order got the well
    assert front(s) == "build_sim" and {p.seat for p in RS.prompts(s)} == {0, 1}  # G chooses again
    s = act(s, 0, {"type": "pass"})
    s = act(s, 1, {"type": "advance", "structure": "heart_of_oak"})
    assert s.pl[1].advancements == ["grove_oak_1"]
    assert {p.seat for p in RS.prompts(s)} == {1}  # B passed for good: only G is asked
    s = act(s, 1, {"type": "pass"})
    assert front(s) == "target"
