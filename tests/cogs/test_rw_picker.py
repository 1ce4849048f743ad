"""The Runewars unit picker as plain data and components: candidates, actions, limits.

Positions are built with the flow test helpers (``tests/runewars/flow_support``) and the
real ruleset, so "the engine's candidates" below are the engine's own functions
(``movement.movers``, ``movement.strategize_targets``, the over-limit areas).
"""

from __future__ import annotations

import re
from typing import Any

from cogs import runewars_picker as P
from cogs import runewars_units as U
from engine.runewars import PICK_CANDIDATES
from engine.runewars.catalog import catalog
from engine.runewars.heroes.core import Hero
from engine.runewars.state import HeldCard
from engine.runewars.turn import movement as M
from tests.cogs.test_runewars_cog import year_of_prompts
from tests.runewars.flow_support import RS, act, add, make_state, prompt, queue, start_turn

BIG_GAME = 12345678901234567890  # a 20-digit game id: the longest custom id there can be

# A strip of areas around 4T (EX-4's board, without the neutrals and the enemy).
MOBILIZE: dict[str, dict[str, Any]] = {
    "4T": {"hex": (0, 0)},
    "4B": {"hex": (1, 0)},
    "4C": {"hex": (2, 0)},
    "4D": {"hex": (3, 0)},
    "5A": {"hex": (-1, 1)},
    "5B": {"hex": (0, -1)},
    "5E": {"hex": (-2, 0)},
    "9A": {"hex": (8, 8), "home_of": 0},
    "9B": {"hex": (9, 8), "home_of": 1},
}


def mobilize_state() -> Any:
    """Seat 0 (Daqan) resolves Mobilize and activates 4T; units in 4B, 4D, 5A can reach it (RW-10.7.2)."""
    s = make_state(["HUMANS", "UTHUK"], MOBILIZE)
    add(s, "HUMAN_INFANTRY", 0, "4B", 3)
    add(s, "HUMAN_KNIGHT", 0, "4D")
    add(s, "HUMAN_ARCHER", 0, "5A", 2)
    add(s, "HUMAN_SIEGE_ENGINE", 0, "5B", routed=True)  # RW-10.2: routed, cannot move
    add(s, "UTHUK_BERSERKER", 1, "5E", 2)
    s = start_turn(s, 0, 2)
    return act(s, 0, {"type": "rw_choose", "value": "4T"})


def winter_state() -> Any:
    """EX-5: 7 units in 5X, food dial 5: destroy 2 there (RW-6.8.2); 5Y is within the limit."""
    areas: dict[str, dict[str, Any]] = {
        "5X": {"hex": (0, 0)},
        "5Y": {"hex": (1, 0)},
        "9A": {"hex": (8, 8), "home_of": 0},
        "9B": {"hex": (9, 8), "home_of": 1},
    }
    s = make_state(["UTHUK", "HUMANS"], areas, season=3)
    add(s, "UTHUK_BERSERKER", 0, "5X", 4)
    add(s, "UTHUK_BERSERKER", 0, "5X", 1, routed=True)
    add(s, "BEASTMAN", 0, "5X", 2)  # allied neutrals count (RW-6.8.1)
    add(s, "UTHUK_WARLOCK", 0, "5Y", 2)
    add(s, "HUMAN_INFANTRY", 1, "9B", 2)
    s.seats[0].dials["food"] = 5
    return queue(s, "season_secondary")


def strategize_state() -> Any:
    """EX-3's board with a hero and an empty 3E beside 3A: seat 0 resolves Strategize (RW-18.1.1)."""
    areas: dict[str, dict[str, Any]] = {
        "3A": {"hex": (0, 0)},
        "3B": {"hex": (1, 0)},
        "3C": {"hex": (0, 2)},
        "7A": {"hex": (1, 2)},
        "6A": {"hex": (-1, 2)},
        "3D": {"hex": (0, 3)},
        "3E": {"hex": (-1, 0)},
        "9A": {"hex": (5, 5), "home_of": 0},
        "9B": {"hex": (6, 5), "home_of": 1},
    }
    s = make_state(["HUMANS", "ELVES"], areas, borders={("3C", "6A"): "mountain"})
    add(s, "HUMAN_INFANTRY", 0, "3A", 2)
    add(s, "HUMAN_ARCHER", 0, "3B")
    add(s, "HUMAN_KNIGHT", 0, "3C")
    add(s, "BEASTMAN", None, "7A", 2)
    s.heroes.heroes.append(Hero(uid="H1", card="H02", owner=0, area="3A"))
    return start_turn(s, 0, 1)


def crowded_state() -> Any:
    """Every Daqan figure in the box (36) and every neutral figure as allies (40), eight to an
    area on a 9×9 block of areas: more than a real game can put on the board, for Discord's limits."""
    areas: dict[str, dict[str, Any]] = {f"{q}{chr(65 + r)}": {"hex": (q, r)} for q in range(1, 10) for r in range(9)}
    areas.update({"9Z": {"hex": (40, 40), "home_of": 0}, "8Z": {"hex": (42, 40), "home_of": 1}})
    s = make_state(["HUMANS", "UTHUK"], areas)
    figures = [
        t.id for t in catalog().unit_types.values() if t.faction == "HUMANS" or t.is_neutral for _ in range(t.count)
    ]
    # 4E and its six neighbours, then three more: up to 48 figures may step into 4E.
    spots = ["4E", "5E", "5D", "4D", "3E", "3F", "4F", "6E", "2F", "6C"]
    for n, kind in enumerate(figures):
        add(s, kind, 0, spots[n // 8])
    add(s, "UTHUK_BERSERKER", 1, "9I", 3)
    return s


def engine_movers(state: Any, seat: int, dest: str) -> set[int]:
    return {u.id for u in M.movers(state, seat, dest)}


# ---- candidates are exactly the engine's ----------------------------------------------------------
def test_move_picker_lists_exactly_the_units_that_may_move() -> None:
    # RW-10.7.2: the units that can reach the activated area; RW-10.2: not the routed siege tower
    s = mobilize_state()
    p = prompt(s, 0)
    assert p.rule == "RW-10.7.2"
    picker = U.build_picker(p)
    assert picker is not None and picker.kind == "rw_move"
    assert {c.unit for c in picker.candidates} == engine_movers(s, 0, "4T")
    assert [title for title, _ in picker.parts()] == ["From 4B", "From 4D", "From 5A"]
    assert picker.candidates[0].label == "Footmen in 4B (1 of 3)"


def test_destroy_picker_lists_every_own_unit_in_the_areas_over_the_limit() -> None:
    # RW-6.8.2: the owner destroys units of his choice in each area over the food limit
    s = winter_state()
    p = prompt(s, 0)
    assert p.rule == "RW-6.8.2"
    picker = U.build_picker(p)
    assert picker is not None and picker.kind == "rw_destroy"
    assert {c.unit for c in picker.candidates} == {u.id for u in s.units if u.owner == 0 and u.area == "5X"}
    assert {c.group for c in picker.candidates} == {"In 5X: destroy 2"}
    assert sum("routed" in c.label for c in picker.candidates) == 1
    assert any(c.label.startswith("Beastmen (neutral, allied) in 5X") for c in picker.candidates)


def test_strategize_picker_lists_every_step_of_every_unit_and_hero() -> None:
    # RW-18.1.1 / RW-10.6: one step into an adjacent friendly or empty area; RW-10.11 heroes too
    s = strategize_state()
    p = prompt(s, 0)
    assert p.rule == "RW-18.1.1"
    picker = U.build_picker(p)
    assert picker is not None and picker.kind == "rw_strategize"
    expected = {(u.id, to) for u in s.units if u.owner == 0 for to in M.strategize_targets(s, u, 0)}
    assert {(c.unit, c.to) for c in picker.candidates if c.unit is not None} == expected
    hero = s.heroes.heroes[0]
    assert {c.to for c in picker.candidates if c.hero == "H1"} == set(M.hero_strategize_targets(s, hero, 0)) != set()
    assert not any(c.to == "7A" for c in picker.candidates)  # RW-10.6: neutral units there
    assert all(c.group == f"Into {c.to}" for c in picker.candidates)


def carried(p: Any) -> list[dict[str, Any]]:
    """The candidates the engine put in the prompt (VIEW.md "Unit-list prompts")."""
    return list((p.answer_schema or {})[PICK_CANDIDATES])


def test_the_picker_shows_exactly_the_candidates_the_prompt_carries() -> None:
    # RW-10.7.2 / RW-6.8.2 / RW-18.1.1: one menu entry per carried candidate, none invented
    for make in (mobilize_state, winter_state, strategize_state):
        s = make()
        p = prompt(s, 0)
        picker = U.build_picker(p)
        assert picker is not None and carried(p)
        shown = sorted(((c.unit, c.hero, c.to, c.portal) for c in picker.candidates), key=str)
        expected = sorted(
            ((c.get("unit"), c.get("hero"), c.get("to"), bool(c.get("portal"))) for c in carried(p)), key=str
        )
        assert shown == expected, make.__name__
        # Every carried figure is one the seat's own view shows where the candidate says it stands.
        view = RS.view(s, 0)
        seen = {(a["id"], x["owner"], x["type"]) for a in view["areas"] for x in a["units"]}
        assert all((c["from"], c["owner"], c["type"]) in seen for c in carried(p) if "unit" in c)
        heroes = {(h["uid"], h["area"]) for h in view["heroes"]["heroes"]}
        assert all((c["hero"], c["from"]) in heroes for c in carried(p) if "hero" in c)


def test_another_seats_hidden_information_does_not_change_the_candidates() -> None:
    # RW-27.5 (runes face down), RW-30 (tactics hands), objectives and quests are secret: the
    # prompt's candidates, and so the picker, must be the same whatever they are.
    for make in (mobilize_state, winter_state, strategize_state):
        s = make()
        p = prompt(s, 0)
        before = U.build_picker(p)
        hidden = s.model_copy(deep=True)
        for area in hidden.board.values():
            area.rune = "false" if area.rune == "dragon" else "dragon"
        hidden.seats[1].tactics = [HeldCard(id=t) for t in sorted(catalog().tactics)[:3]]
        hidden.seats[1].objective = next(iter(sorted(catalog().objectives)))
        after = prompt(hidden, 0)
        assert after.answer_schema == p.answer_schema, make.__name__
        assert U.build_picker(after) == before
        # The same prompt for the public board: a public change does show (the test can fail).
        moved = s.model_copy(deep=True)
        listed = {c.get("unit") for c in carried(p)}
        mine = next(u for u in moved.units if u.owner == 0 and u.id in listed)
        moved.units.remove(mine)
        assert carried(prompt(moved, 0)) != carried(p)


def test_every_unit_list_prompt_of_a_seeded_year_gets_a_picker() -> None:
    # Every answer_schema with an array of unit ids (RW-10.7.2, RW-6.8.2 / RW-10.9.2, RW-18.1.1)
    seen, _ = year_of_prompts()
    lists = [(s, p) for s, p in seen if set((p.answer_schema or {}).get("properties") or {}) & {"units", "moves"}]
    assert lists
    for _, p in lists:
        picker = U.build_picker(p)
        assert picker is not None, p.rule
        for o in p.options:  # every ready-made answer can also be picked unit by unit
            units = set(o.action.get("units") or []) | {m.get("unit") for m in o.action.get("moves") or []}
            assert units <= {c.unit for c in picker.candidates}, p.rule
    assert U.build_picker(seen[0][1]) is None  # a setup question is not a unit list


# ---- the picked set becomes the action -----------------------------------------------------------
def test_a_picked_subset_becomes_exactly_that_action() -> None:
    s = mobilize_state()
    picker = U.build_picker(prompt(s, 0))
    assert picker is not None
    infantry = [i for i, c in enumerate(picker.candidates) if c.group == "From 4B"]
    knight = next(i for i, c in enumerate(picker.candidates) if c.group == "From 4D")
    action = picker.action([infantry[0], knight])
    assert action == {"type": "rw_move", "units": [picker.candidates[infantry[0]].unit, picker.candidates[knight].unit]}
    # Picking what a ready-made button does gives that button's own action (and label).
    assert picker.action(infantry) in [o.action for o in prompt(s, 0).options]
    assert picker.action([]) == {"type": "rw_move", "units": []}
    after = act(s, 0, action)  # RW-10.7.2: the engine accepts it
    assert {u.id for u in after.units if u.area == "4T"} == {
        picker.candidates[infantry[0]].unit,
        picker.candidates[knight].unit,
    }


def test_portals_are_paid_only_when_a_picked_unit_needs_them() -> None:
    # RW-34.4.3: 1 influence for the portals, once for the move, only if a unit goes through them
    picker = U.Picker(
        "rw_move",
        (U.Candidate("u1", "From 1A", "a", unit=1), U.Candidate("u2p", "From 1B", "b", unit=2, portal=True)),
        options=(),
    )
    assert picker.action([0]) == {"type": "rw_move", "units": [1]}
    assert picker.action([0, 1]) == {"type": "rw_move", "units": [1, 2], "portal": True}


def test_strategize_picks_become_moves_with_their_destinations() -> None:
    s = strategize_state()
    picker = U.build_picker(prompt(s, 0))
    assert picker is not None
    hero = next(i for i, c in enumerate(picker.candidates) if c.hero == "H1")
    unit = next(i for i, c in enumerate(picker.candidates) if c.unit is not None)
    action = picker.action([unit, hero])
    h, u = picker.candidates[hero], picker.candidates[unit]
    assert action == {"type": "rw_strategize", "moves": [{"unit": u.unit, "to": u.to}, {"hero": "H1", "to": h.to}]}
    after = act(s, 0, action)
    assert next(x for x in after.units if x.id == u.unit).area == u.to
    assert after.heroes.heroes[0].area == h.to


# ---- custom ids and Discord's limits --------------------------------------------------------------
def test_masks_round_trip() -> None:
    for picked in (set(), {0}, {5, 7, 63, 64}, set(range(U.MAX_CANDIDATES))):
        code = P.encode_mask(picked)
        assert P.decode_mask(code) == picked and len(code) <= 50


def components(view: Any) -> list[dict[str, Any]]:
    return [c for row in view.to_components() for c in row["components"]]


def check_limits(picker: U.Picker, pick: P.PickRef) -> set[int]:
    """Every page within Discord's limits; returns every candidate index shown on some page."""
    shown: set[int] = set()
    for page in range(P.page_count(picker)):
        view = P.picker_view(picker, pick, page)
        rows = view.to_components()
        assert len(rows) <= 5
        comps = components(view)
        assert len({c["custom_id"] for c in comps}) == len(comps)  # no duplicate ids in one message
        for c in comps:
            assert len(c["custom_id"]) < 100, c["custom_id"]
            template = P.SELECT_TEMPLATE if c["type"] == 3 else P.BUTTON_TEMPLATE
            assert re.fullmatch(template, c["custom_id"]), c["custom_id"]
            if c["type"] == 3:
                assert 1 <= len(c["options"]) <= 25 and c["max_values"] == len(c["options"]) and c["min_values"] == 0
                assert len(c["placeholder"]) <= 150
                assert all(0 < len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in c["options"])
                shown |= {int(o["value"]) for o in c["options"]}
            else:
                assert 0 < len(c["label"]) <= 80
        content = P.picker_content(picker, "Q?", "RW-0", "Runewars #1", pick, page)
        assert len(content) <= 2000
    return shown


def test_a_crowded_board_stays_within_discords_limits() -> None:
    # 76 figures: Strategize has far more than 25 (and than 300) candidate steps
    s = start_turn(crowded_state(), 0, 1)
    p = prompt(s, 0)
    assert p.rule == "RW-18.1.1"
    picker = U.build_picker(p)
    assert picker is not None and picker.truncated and len(picker.candidates) == U.MAX_CANDIDATES
    assert any(len(idx) == 25 for _, idx in picker.parts())  # a destination with more than 25 steps is split
    everything = P.PickRef(BIG_GAME, 3, "0123abcd", picker.fingerprint, 0, frozenset(range(len(picker.candidates))))
    assert check_limits(picker, everything) == set(range(len(picker.candidates)))  # paging shows every candidate
    assert P.page_count(picker) > 1
    # Mobilize on the same board: every figure within reach of one area.
    m = start_turn(crowded_state(), 0, 2)
    reach = M.reach_map(m, 0)
    dest = max(sorted(reach), key=lambda a: len(reach[a]))
    m = act(m, 0, {"type": "rw_choose", "value": dest})
    mover = U.build_picker(prompt(m, 0))
    assert mover is not None and {c.unit for c in mover.candidates} == engine_movers(m, 0, dest)
    assert len(mover.candidates) > 25
    check_limits(
        mover, P.PickRef(BIG_GAME, 0, "0123abcd", mover.fingerprint, 0, frozenset(range(len(mover.candidates))))
    )


def test_components_rebuild_from_their_custom_ids_alone() -> None:
    # A restart keeps nothing in memory: the custom id must carry game, seat, prompt, picks.
    s = mobilize_state()
    picker = U.build_picker(prompt(s, 0))
    assert picker is not None
    pick = P.PickRef(BIG_GAME, 1, "89abcdef", picker.fingerprint, 0, frozenset({0, 4}))
    for c in components(P.picker_view(picker, pick, 0)):
        template = P.SELECT_TEMPLATE if c["type"] == 3 else P.BUTTON_TEMPLATE
        match = re.fullmatch(template, c["custom_id"])
        assert match is not None
        again = P.PickRef.from_match(match)
        assert (again.game, again.seat, again.keyhash, again.fp) == (BIG_GAME, 1, "89abcdef", picker.fingerprint)
        assert again.picked == (frozenset() if c["custom_id"].startswith("rwu:x:") else {0, 4})
    clear = next(c for c in components(P.picker_view(picker, pick, 0)) if c.get("label") == "Clear")
    assert not clear["disabled"]
