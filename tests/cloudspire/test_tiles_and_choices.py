"""Land tiles (CS-12, CS-16, CS-17.2.3, AMB-22/23) and the choices that used to be automatic:
vanguard ties (CS-9.6), re-targeting after a breach (CS-22.4.2), repairs (CS-22.5), Impale (TU-5)
and stalls (CS-20.5)."""

from __future__ import annotations

import pytest

from engine.cloudspire.board.earthscapes import placements, tile_def
from engine.cloudspire.common import gate_key, occupied
from engine.cloudspire.state import CsState
from engine.cloudspire.towers.build import influence
from engine.cloudspire.units import combat as C
from engine.cloudspire.waves.end import repair
from engine.core import GM_SEAT, RuleViolation

from .support import RS, act, free_neighbour, front, new_game, place


def to_build(s: CsState) -> CsState:
    """Seat 1 bought; seat 2 passes its market turn: the build phase of wave 1."""
    return act(s, 1, {"type": "pass"})


def test_land_pile_and_tile_price() -> None:
    # CS-5.10.3 (TC-04): the land pile with its top tile face up; CS-12.1 the market offers it;
    # CS-12.4 (TC-08) it costs 2; CS-12.3 / CS-16.5 it lies beside the barracks; CS-16.4 the next turns up
    s = new_game()
    top, below = s.market.tile, list(s.market.tiles)
    assert top is not None and len(below) == 7
    assert RS.view(s, None)["market"]["tile"] == top and "tiles" not in RS.view(s, None)["market"]  # H13
    s = act(s, 0, {"type": "buy_tile"})
    assert s.pl[0].source == 3 and f"tile:{top}" in s.pl[0].beside
    assert s.market.tile == below[-1] and s.market.tile_bought


def test_one_land_tile_per_wave() -> None:
    # CS-16.3(b) (RT-18): after one purchase nobody may buy the refilled tile this wave
    s = act(new_game(), 0, {"type": "buy_tile"})
    assert not RS.prompts(s)[0].option_for({"type": "buy_tile"})
    with pytest.raises(RuleViolation) as exc:
        act(s, 1, {"type": "buy_tile"})
    assert exc.value.rule == "CS-16.3"


def test_market_refresh_discards_the_tile() -> None:
    # CS-16.2: from wave 2 the face-up chips and tile are discarded and replaced
    from engine.cloudspire.waves.phases import market_refresh

    s = new_game()
    old_tile, old_chips = s.market.tile, list(s.market.faceup)
    s.wave = 2
    market_refresh(s, s.steps[0])
    assert s.market.tile_discard == [old_tile] and s.market.tile != old_tile
    assert s.market.discard == old_chips and len(s.market.faceup) == 3 and not s.market.tile_bought


def test_place_tile_is_its_own_group_and_gives_a_tower_site() -> None:
    # CS-17.2.3 (TC-10): a tile laid from beside the barracks; AMB-22 it lies on island hexes only;
    # CS-4.2 / AMB-23 it is its own hex group; CS-7.4 a tile next to the gate is within influence
    s = new_game()
    tile = s.market.tile
    assert tile is not None
    s = to_build(act(s, 0, {"type": "buy_tile"}))
    spots = placements(s, tile)
    assert spots
    occ = occupied(s)
    gate = gate_key(s, 0)
    from engine.cloudspire.board.geometry import neighbour_keys, tile_cells, unkey

    near = [
        (a, r)
        for a, r in spots
        if any(n == gate for h, _ in tile_cells(unkey(a), r) for n in neighbour_keys(f"{h.q},{h.r}"))
    ]
    anchor, rotation = (near or spots)[0]
    cells = [f"{h.q},{h.r}" for h, _ in tile_cells(unkey(anchor), rotation)]
    assert all(s.board[k].mat.startswith("isle:") and k not in occ for k in cells)
    s.pl[0].source = 20
    s2 = act(s, 0, {"type": "place_tile", "tile": tile, "anchor": anchor, "rotation": rotation})
    d = tile_def(tile)
    assert [s2.board[k].t for k in cells] == list(d.terrain)
    assert {s2.board[k].mat for k in cells} == {f"tile:{tile}"}
    assert f"tile:{tile}" not in s2.pl[0].beside
    if near:
        assert f"tile:{tile}" in influence(s2, 0)
        assert front(s2) == "tile_tower"  # the optional tower on a new well (TC-10)
        s2 = act(s2, 0, {"type": "pass"})
    assert front(s2) == "build"


def test_tile_refused_on_bad_spots_and_in_limited_builds() -> None:
    # AMB-22: never over a landmark, gate or fortress; CS-19.1.3 (RT-16) limited builds lay no tiles
    s = new_game()
    tile = s.market.tile
    assert tile is not None
    s = to_build(act(s, 0, {"type": "buy_tile"}))
    lm = s.landmarks[0].hex
    bad = [(a, r) for a in [lm, gate_key(s, 1)] for r in range(6)]
    assert not set(bad) & set(placements(s, tile))
    with pytest.raises(RuleViolation) as exc:
        act(s, 0, {"type": "place_tile", "tile": tile, "anchor": lm, "rotation": 0})
    assert exc.value.rule == "CS-17.2.3"
    from engine.cloudspire.waves.phases import build_options

    assert all(o.action["type"] != "place_tile" for o in build_options(s, 0, limited=True))


def test_tiles_keep_the_path_network() -> None:
    # AMB-22: no placement cuts a gate off the central island's paths
    from engine.cloudspire.board.earthscapes import _network, laid_cells

    s = new_game()
    _mats, gates = _network(s.board)
    for tile in (9, 13):
        for a, r in placements(s, tile):
            trial = {**s.board, **laid_cells(tile, a, r)}
            assert gates <= _network(trial)[1]


def test_vanguard_tie_is_the_owners_choice() -> None:
    # CS-9.6 (P-13): two unmoved minions equally close to the target: the owner picks who moves first
    from engine.cloudspire.units.movement import vanguard_distance
    from engine.cloudspire.waves.siege import vanguard_candidates

    s = new_game()
    s.pl[0].target = 1
    dmap_keys = sorted(k for k, c in s.board.items() if c.t == "P" and k not in occupied(s) and c.gate is None)
    a = place(s, 0, "battleborn", dmap_keys[0])
    twin = None
    for k in dmap_keys[1:]:
        b = place(s, 0, "battleborn", k)
        if vanguard_distance(s, b) == vanguard_distance(s, a):
            twin = b
            break
        s.units.remove(b)
        s.pl[0].barracks["battleborn"] += 1
    assert twin is not None
    assert {u.uid for u in vanguard_candidates(s, 0)} >= {a.uid, twin.uid}


def test_breach_retarget_loot_and_repair_three_players() -> None:
    # CS-22.4.1-22.4.3 (RT-15): loot up to the cap, the victim to 0, re-target at once (P-21)
    s = RS.setup({"players": 3, "factions": ["brawnen", "grovetenders", "narora"], "first_player": 0}, 3)
    while s.phase in ("setup", "landmarks"):
        p = RS.prompts(s)[0]
        s = act(s, p.seat, p.options[0].action)
    s.pl[0].source, s.pl[1].source = 15, 12
    s.pl[2].target = 1
    s.pl[1].gate_hp = 1
    hex_ = free_neighbour(s, gate_key(s, 1))
    attacker = place(s, 0, "battleborn", hex_)
    events = C.damage_gate(s, 1, 2, attacker)
    assert s.pl[1].breached and s.winner is None  # CS-22.4.1: not eliminated
    assert s.pl[0].source == 20 and s.pl[1].source == 0  # CS-22.4.3
    assert any(e.kind == "loot" for e in events)
    assert s.steps[0].kind == "target" and s.steps[0].seat == 2 and s.steps[0].data.get("retarget")
    prompt = next(p for p in RS._prompts(s) if p.seat == 2)
    assert prompt.rule == "CS-22.4.2"
    assert {o.action["seat"] for o in prompt.options} == {0}  # CS-22.4.2: the breached gate is no target
    # CS-22.5 (RT-14): the highest level goes first unasked, then the owner picks within a level (P-22)
    s.steps = [st for st in s.steps if st.kind != "target"]
    s.pl[1].advancements = ["grove_oak_1", "grove_oak_2", "grove_root_1"]
    s.pl[1].gate_hp, s.pl[1].breached = 1, True
    repair(s, 1)
    assert "grove_oak_2" not in s.pl[1].advancements and s.pl[1].gate_hp == 2
    assert s.steps[0].kind == "sacrifice" and s.steps[0].data["choices"] == ["grove_oak_1", "grove_root_1"]
    prompt = next(p for p in RS._prompts(s) if p.seat == 1)
    assert prompt.rule == "CS-22.5.2" and len(prompt.options) == 2


def test_repair_pays_source_after_the_advancements() -> None:
    # CS-22.5.3-22.5.4 (RT-14): the last advancement, then 2 Source per HP, never above 3 HP
    s = new_game()
    p = s.pl[1]
    p.gate_hp, p.breached, p.source, p.advancements = 0, True, 9, ["grove_root_1"]
    repair(s, 1)
    assert p.gate_hp == 3 and p.advancements == [] and p.source == 5 and not p.breached


def test_impale_target_choice() -> None:
    # TU-5 / P-20: with several adjacent enemies the owner picks; Impale is no attack (CS-26.3)
    s = new_game()
    briar_hex = next(k for k, c in s.board.items() if c.mat == "isle:1" and k not in occupied(s))
    briar = place(s, 1, "war_briar", briar_hex)
    a = place(s, 0, "battleborn", free_neighbour(s, briar_hex))
    b = place(s, 0, "battleborn", free_neighbour(s, briar_hex))
    C.after_move(s, briar)
    assert s.steps[0].kind == "impale" and set(s.steps[0].data["targets"]) >= {a.uid, b.uid}
    from engine.cloudspire.actions import Impale
    from engine.cloudspire.waves.siege import impale

    impale(s, s.steps[0], 1, Impale(type="impale", target=b.uid))
    assert b.hp == 2 and a.hp == 3 and not b.countered and briar.hp == 3


def test_stall_asks_the_host() -> None:
    # CS-20.5 (P-25, AMB-38): a round with no progress is flagged; the host (GM seat) may end the siege
    from engine.cloudspire.waves.siege import siege_round

    s = new_game()
    s.options.stall = "ask"  # a table that wants the host to decide; the default ends the siege (P-25 [REC])
    s.round, s.activity, s.round_activity = 3, 5, 5
    place(s, 0, "battleborn", next(k for k, c in s.board.items() if c.mat == "isle:1" and k not in occupied(s)))
    events = siege_round(s, s.steps[0])
    assert [e.kind for e in events] == ["stall"] and s.steps[0].kind == "stall"
    prompt = RS._prompts(s)[0]
    assert prompt.seat == GM_SEAT and prompt.rule == "CS-20.5"
    with pytest.raises(RuleViolation):
        RS.apply(s, 0, {"type": "stall", "end": True})  # only the host answers
    s2, _ = RS.apply(s, GM_SEAT, {"type": "stall", "end": True})
    assert s2.phase == "wave_end" and s2.steps[-1].kind == "wave_end"
    s.options.stall = "end"
    s.steps.pop(0)
    siege_round(s, s.steps[0])
    assert s.phase == "wave_end"


def test_names_resolver_and_gate_messages() -> None:
    # CS-0.6: the rulebook's Traditional terms name the content; English is the working name
    from engine.cloudspire import names
    from engine.core.text import Msg, Ref
    from i18n.names import Names

    n = names()
    assert isinstance(n, Names)
    assert n.name(Ref(kind="faction", id="brawnen"), "zh_Hant") == "蠻巨人"
    assert n.name(Ref(kind="faction", id="brawnen"), "zh_Hans") == "蛮巨人"
    assert n.name(Ref(kind="unit", id="awsh"), "en") == "Awsh"
    assert n.name(Ref(kind="market", id="brick_and_mortars"), "en")
    assert n.name(Ref(kind="tower", id="reetall:promoted"), "en")
    s = new_game()
    hero = place(s, 0, "battleborn", free_neighbour(s, gate_key(s, 1)))
    ev = C.resolve_attack(s, hero, "gate", "1")[0]
    assert ev.msg is not None
    target = ev.msg.params["target"]
    assert isinstance(target, Msg) and target.id == "cs.combat.gate_name"  # a message, not English


def _hex_dist(a: str, b: str) -> int:
    aq, ar = (int(x) for x in a.split(","))
    bq, br = (int(x) for x in b.split(","))
    return max(abs(aq - bq), abs(ar - br), abs((aq + ar) - (bq + br)))


def _briar_next_to_fog(s: CsState, *, lm_hp: int, briar_hp: int) -> tuple[str, str]:
    """A Grovetenders War Briar (Impale 1) whose only neighbour is a revealed Scarab (Toxic Fog 1)."""
    from engine.cloudspire.state import Landmark

    occ = occupied(s)
    spots = [k for k, c in s.board.items() if c.mat == "isle:1" and k not in occ and c.gate is None]
    briar_hex = spots[0]
    fog_hex = next(k for k in spots if _hex_dist(k, briar_hex) == 1)
    s.landmarks = [lm for lm in s.landmarks if _hex_dist(lm.hex, briar_hex) > 1]
    s.units = [u for u in s.units if u.hex is None or _hex_dist(u.hex, briar_hex) > 1]
    s.towers = [t for t in s.towers if _hex_dist(t.hex, briar_hex) > 1]
    s.landmarks.append(Landmark(lid="L9901", chip="scarab", hex=fog_hex, face_up=True, hp=lm_hp))
    briar = place(s, 1, "war_briar", briar_hex)
    briar.hp = briar_hp
    s.active = 1
    return briar.uid, "L9901"


def test_simultaneous_triggers_active_player_orders() -> None:
    # CS-1.6 (AMB-35): Impale and Toxic Fog trigger together when the War Briar ends next to the
    # Scarab; the fog would defeat the 1-HP Briar first, so the order matters and the active player
    # chooses it, with the fixed order (Impale first) as the default.
    s = new_game()
    briar, fog = _briar_next_to_fog(s, lm_hp=1, briar_hp=1)
    unit = next(u for u in s.units if u.uid == briar)
    assert C.after_move(s, unit) == [] and front(s) == "trigger_order"
    prompt = RS.prompts(s)[0]
    assert prompt.seat == 1 and prompt.rule == "CS-1.6"
    assert prompt.default == {"type": "trigger_order", "first": "impale"}
    impale_first = act(s, 1, {"type": "trigger_order", "first": "impale"})
    assert all(lm.lid != fog for lm in impale_first.landmarks)  # the Scarab falls, no fog
    assert any(u.uid == briar for u in impale_first.units)
    fog_first = act(s, 1, {"type": "trigger_order", "first": "toxic_fog"})
    assert all(u.uid != briar for u in fog_first.units)  # the Briar falls before it impales
    assert any(lm.lid == fog and lm.hp == 1 for lm in fog_first.landmarks)
    with pytest.raises(RuleViolation):
        act(s, 0, {"type": "trigger_order", "first": "impale"})  # CORE-1: only the active player orders


def test_simultaneous_triggers_that_do_not_compete_keep_the_fixed_order() -> None:
    # CS-1.6: when the order cannot change anything nobody is asked; Impale, then the fog
    s = new_game()
    briar, fog = _briar_next_to_fog(s, lm_hp=4, briar_hp=3)
    unit = next(u for u in s.units if u.uid == briar)
    events = C.after_move(s, unit)
    assert [e.kind for e in events] == ["impale", "toxic"] and front(s) != "trigger_order"
    assert unit.hp == 2 and next(lm.hp for lm in s.landmarks if lm.lid == fog) == 3


def test_ordered_triggers_wait_for_the_impale_target() -> None:
    # CS-1.6 with P-20: Impale first, but two enemies are adjacent: the owner picks the target,
    # and the fog resolves after that choice (a fog step queued behind the impale decision)
    s = new_game()
    briar, _ = _briar_next_to_fog(s, lm_hp=4, briar_hp=1)
    unit = next(u for u in s.units if u.uid == briar)
    assert unit.hex is not None
    occ = occupied(s)
    spot = next(
        k
        for k, c in s.board.items()
        if _hex_dist(k, unit.hex) == 1 and k not in occ and c.gate is None and c.fort is None
    )
    enemy = place(s, 0, "battleborn", spot)
    C.after_move(s, unit)
    assert front(s) == "trigger_order"  # the 1-HP Briar dies to the fog: the order matters
    s = act(s, 1, {"type": "trigger_order", "first": "impale"})
    assert front(s) == "impale" and [st.kind for st in s.steps[:2]] == ["impale", "toxic_fog"]
    s = act(s, 1, {"type": "impale", "target": enemy.uid})
    assert next(u for u in s.units if u.uid == enemy.uid).hp == 2  # impaled first
    assert all(u.uid != briar for u in s.units)  # then the fog defeats the Briar
