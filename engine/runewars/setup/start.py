"""Game and map setup (RW-3, RW-4) as steps: P-2..P-9 plus the automatic parts.

Order (RW-3): starting player by destiny draw (3.1) -> factions (3.2, P-2) -> setup
quests dealt face up (4.1) -> tiles S, P2..Pn twice round (4.3, P-3) -> home markers
(4.7, P-4) -> home tiles from the left of S (4.8, P-5) -> neutrals, cities, quest
deck, dials, influence, tactics (3.4-3.7) -> per seat from S: stronghold, units,
runes (3.8, P-6..P-8, AMB-59) -> starting quests and heroes (3.9, P-9) -> decks,
objectives (3.10-3.12) -> spring of year 1 (3.13).

Every map prompt also offers "standard layout" (``rw_auto_map``): the remaining tiles,
markers and home tiles are placed by ``mapgen``'s legal-move functions, so random play
and quick games need one click while the full player-driven placement stays available.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Deck, Event, Option, Prompt
from engine.core.hexgrid import Hex
from engine.core.text import Item, Msg, Ref, message
from engine.runewars import board as B
from engine.runewars.actions import AutoMap, Choose, PlaceHomeTile, PlaceMarker, Placement, PlaceTile
from engine.runewars.catalog import catalog
from engine.runewars.flow import applies, auto, decision, done, push, sampler, step
from engine.runewars.setup.mapgen import (
    Layout,
    TilePlacement,
    choose_compact,
    choose_marker,
    home_placements,
    homes_adjacent,
    legal_markers,
    legal_tile_placements,
    placed_cells,
)
from engine.runewars.state import Area, HeldCard, RunewarsState, TitleHold
from engine.runewars.text import (
    SEAT_WITH_FACTION,
    en,
    need,
    option,
    ref,
    seat_ref,
    semicolons,
    to_all,
    to_seats,
    units,
)

DREW = message("rw.setup.start.drew", "{seat} drew {n}")
START_PLAYER = message("rw.setup.start.player", "Starting player draw: {draws}. {seat} starts.")
FACTION_Q = message("rw.setup.faction.question", "Choose your faction.")
FACTION_FACTION = message("rw.setup.faction.option", "{faction}")
FACTION_BAD = message("rw.setup.faction.refused", "That faction is taken or does not exist.")
FACTION_PLAYS = message("rw.setup.faction.plays", "{seat} plays {faction}.")
SEAT_TILES = message("rw.setup.quests.seat_tiles", "{seat}: tiles {tiles}")
SETUP_QUESTS = message("rw.setup.quests.dealt", "Setup quests dealt face up ({tiles}).")
AUTO_MAP = message("rw.setup.map.auto_option", "Standard layout: place the rest of the map automatically")
TILE_OPTION = message("rw.setup.tile.option", "Tile {tile} at ({q},{r}) turned {rotation}")
TILE_Q = message(
    "rw.setup.tile.question",
    "Place one of your map tiles: at least two of its areas must touch two placed areas, "
    "and no coloured border may lie against another (RW-4.4, RW-4.5).",
)
TILE_NOT_YOURS = message("rw.setup.tile.refused_hand", "You can only place one of your own setup tiles.")
TILE_FIRST = message("rw.setup.tile.refused_first", "The first tile goes in the middle of the table, at (0, 0).")
TILE_PROBLEM = {
    "RW-4.4": message(
        "rw.setup.tile.refused_touch", "At least two of the tile's areas must touch two areas already placed."
    ),
    "RW-4.5": message(
        "rw.setup.tile.refused_border", "A mountain or water border may not lie against another coloured border."
    ),
    "overlap": message("rw.setup.tile.refused_overlap", "Tiles may not overlap each other or a marker."),
}
TILE_PLACED = message("rw.setup.tile.placed", "{seat} placed tile {tile}.")
MAP_RESTART = message(
    "rw.setup.map.restart",
    "The home-realm markers cannot be placed legally: the tiles are taken back and placed again (RW-4.7.5).",
)
MARKER_OPTION = message("rw.setup.marker.option", "Marker at ({q1},{r1})+({q2},{r2})")
MARKER_OPTION_EXCEPTION = message(
    "rw.setup.marker.option_exception", "Marker at ({q1},{r1})+({q2},{r2}) (3-area exception)"
)
MARKER_Q = message(
    "rw.setup.marker.question",
    "Place home-realm marker {n} of {total} at the board's edge (touching "
    "{borders}+ plain borders, {spacing}+ areas from the other markers).",
)
MARKER_BAD = message(
    "rw.setup.marker.refused",
    "A marker must cover two free hexes at the edge, touch enough plain borders "
    "and keep its distance from the other markers (RW-4.7.2, RW-4.7.3).",
)
MARKER_PLACED = message("rw.setup.marker.placed", "Home-realm marker placed at ({q1}, {r1}) and ({q2}, {r2}).")
HOME_OPTION = message("rw.setup.home.option", "Marker {marker}: home tile at ({q},{r}) turned {rotation}")
HOME_Q = message(
    "rw.setup.home.question", "Replace a home-realm marker with your home tile (two of its areas on the marker)."
)
HOME_BAD = message(
    "rw.setup.home.refused",
    "Two of your home tile's areas must cover a free marker, without colour against colour (RW-4.8.1, AMB-23).",
)
HOME_PLACED = message("rw.setup.home.placed", "{seat} placed its home realm.")
HOMES_TOUCH = message(
    "rw.setup.home.restart_touch",
    "Two home realms touch: markers and home tiles are removed and placed again (RW-4.8.2).",
)
HOME_NO_FIT = message(
    "rw.setup.home.restart_no_fit",
    "{seat}'s home tile fits no free marker legally: markers "
    "and home tiles are removed and placed again (AMB-23, RW-4.8.3).",
)
MAP_AUTO = message("rw.setup.map.auto", "The rest of the map was built with the standard layout.")
BOARD_DONE = message(
    "rw.setup.board.done", "The board is complete: neutrals and city tokens are placed (RW-3.4, RW-3.5)."
)
STRONGHOLD_Q = message("rw.setup.stronghold.question", "Choose the home area for your stronghold.")
STRONGHOLD_OPTION = message("rw.setup.stronghold.option", "Stronghold in {area}")
STRONGHOLD_BAD = message("rw.setup.stronghold.refused", "Your first stronghold goes in one of your home areas.")
STRONGHOLD_BUILT = message("rw.setup.stronghold.built", "{seat} builds its stronghold in {area}.")
UNITS_SPREAD = message("rw.setup.units.spread", "Spread evenly over the home realm")
UNITS_MASS = message("rw.setup.units.mass", "Mass in {area} (up to 8, the rest beside it)")
UNITS_Q = message(
    "rw.setup.units.question", "Place your starting units ({units}) in your home areas, at most 8 per area."
)
UNITS_HOME_BAD = message("rw.setup.units.refused_home", "Starting units go in your home areas.")
UNITS_LIMIT_BAD = message("rw.setup.units.refused_limit", "At most 8 units may stand in one area.")
NEGATIVE_BAD = message("rw.refused.negative", "Counts cannot be negative.")
UNITS_EXACT_BAD = message("rw.setup.units.refused_exact", "Place exactly your starting units: {units}.")
UNITS_PLACED = message("rw.setup.units.placed", "{seat} places its starting army.")
RUNE_Q_EPIC = message("rw.setup.rune.question_epic", "Choose the home area for your dragon rune (face up, RW-35.1).")
RUNE_Q = message(
    "rw.setup.rune.question",
    "Choose the home area that gets your false rune; the other two get dragon runes (RW-3.8.3).",
)
RUNE_DRAGON_IN = message("rw.setup.rune.dragon_option", "Dragon rune in {area}")
RUNE_FALSE_IN = message("rw.setup.rune.false_option", "False rune in {area}")
RUNE_BAD = message("rw.setup.rune.refused", "Setup runes go in your own home areas, one per area.")
RUNE_EPIC_PLACED = message("rw.setup.rune.epic_placed", "{seat} places a dragon rune face up in {area}.")
RUNES_PLACED = message("rw.setup.rune.placed", "{seat} places three rune tokens face down in its home realm.")
FALSE_RUNE_AT = message("rw.setup.rune.false_at", "Your false rune is in {area}.")
BEGIN = message("rw.setup.begin", "Setup is complete. Year 1, spring begins (RW-3.13).")


def clockwise_from(state: RunewarsState, first: int) -> list[int]:
    return [(first + k) % state.players for k in range(state.players)]


def faction_name(faction_id: str | None) -> str:
    if faction_id is None:
        return "?"
    return catalog().factions[faction_id].name


def seat_name(state: RunewarsState, seat: int) -> Msg | Ref:
    """How the engine names a seat in a sentence: "Seat 2 (Elves)" once its faction is known."""
    f = state.seats[seat].faction
    return SEAT_WITH_FACTION(seat=seat_ref(seat), faction=ref("faction", f)) if f else seat_ref(seat)


# ---- RW-3.1 starting player --------------------------------------------------------------


@auto("setup_start")
def _setup_start(state: RunewarsState, st: Any) -> list[Event]:
    """RW-3.1: deal one destiny card each; the highest number starts. Cards go back at 3.10."""
    numbers = sorted(catalog().destiny)
    state.destiny = Deck[int].shuffled(numbers, state.rng)
    dealt = {seat: state.destiny.draw_pile.pop(0) for seat in range(state.players)}
    state.starting_draw = dealt
    state.start_player = max(dealt, key=lambda s: dealt[s])
    draws: list[Item] = [DREW(seat=seat_ref(s), n=n) for s, n in sorted(dealt.items())]
    events = [
        to_all(
            "start_player",
            START_PLAYER(draws=draws, seat=seat_ref(state.start_player)),
            reveals=True,
            draws={str(k): v for k, v in dealt.items()},
            start=state.start_player,
        )
    ]
    preset = list(state.options.factions or [])
    queued = []
    for seat in clockwise_from(state, state.start_player):
        chosen = preset[seat] if seat < len(preset) else None
        if chosen:
            state.seats[seat].faction = chosen
        else:
            queued.append(step(state, "faction", seat))
    push(state, *queued, step(state, "deal_tiles"))
    return events


# ---- RW-3.2 factions -----------------------------------------------------------------------


def _free_factions(state: RunewarsState) -> list[str]:
    taken = {p.faction for p in state.seats}
    return [f for f in catalog().factions if f not in taken]


@decision("faction", "rw_choose")
def _faction_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-3.2",
            question=en(FACTION_Q()),
            msg=FACTION_Q(),
            options=[
                option(FACTION_FACTION(faction=ref("faction", f)), {"type": "rw_choose", "value": f})
                for f in _free_factions(state)
            ],
        )
    ]


@applies("faction")
def _faction_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in _free_factions(state), "RW-3.2", FACTION_BAD())
    state.seats[seat].faction = action.value
    done(state, st)
    return [
        to_all(
            "faction",
            FACTION_PLAYS(seat=seat_ref(seat), faction=ref("faction", action.value)),
            seat=seat,
            faction=action.value,
        )
    ]


# ---- RW-4.1/4.2 setup quests and tiles ---------------------------------------------------------


@auto("deal_tiles")
def _deal_tiles(state: RunewarsState, st: Any) -> list[Event]:
    """RW-4.1/4.2: two setup quests face up each; each names a tile the player will place."""
    cat = catalog()
    setup_quests = sorted(
        q.quest_id
        for q in cat.quests.values()
        if q.setup and q.setup_tile in cat.tiles and not cat.tiles[q.setup_tile].is_home
    )
    state.rng.shuffle(setup_quests)
    dealt: dict[str, list[str]] = {}
    tiles: dict[str, list[str]] = {}
    for seat in clockwise_from(state, state.start_player):
        qs = [setup_quests.pop(0), setup_quests.pop(0)]
        dealt[str(seat)] = qs
        tiles[str(seat)] = [cat.quests[q].setup_tile for q in qs]  # type: ignore[misc]
    state.setup["setup_quests"] = dealt
    state.setup["tiles_in_hand"] = tiles
    state.setup["undealt_setup_quests"] = setup_quests
    said = semicolons([SEAT_TILES(seat=seat_ref(int(s)), tiles=list(t)) for s, t in tiles.items()])
    _queue_tile_steps(state)
    return [to_all("setup_quests", SETUP_QUESTS(tiles=said), reveals=True, quests=dealt)]


def _queue_tile_steps(state: RunewarsState) -> None:
    """RW-4.3: S, P2, ..., Pn, then again (AMB-14)."""
    order = clockwise_from(state, state.start_player)
    steps = [step(state, "tile", seat) for _ in range(2) for seat in order]
    steps.append(step(state, "markers_check"))
    push(state, *steps)


def layout_of(state: RunewarsState) -> Layout:
    lay = Layout()
    for area in state.board.values():
        lay.cells[Hex(*area.hex)] = (area.id, tuple(area.edges))
    lay.markers = [(Hex(*m[0]), Hex(*m[1])) for m in state.setup.get("markers", [])]
    for seat, hexes in state.setup.get("homes", {}).items():
        lay.homes[int(seat)] = [Hex(*h) for h in hexes]
    return lay


def _add_tile(state: RunewarsState, tile_id: str, rotation: int, offset: Hex, home_of: int | None = None) -> None:
    cat = catalog()
    tile = cat.tiles[tile_id]
    for h, area_id, borders in placed_cells(tile_id, rotation, offset):
        src = tile.area(area_id)
        state.board[area_id] = Area(
            id=area_id,
            tile=tile_id,
            hex=(h.q, h.r),
            food=src.food,
            wood=src.wood,
            ore=src.ore,
            city_spot=src.city_spot,
            home_of=home_of,
            edges=list(borders),
        )


def _tile_options(state: RunewarsState, seat: int) -> list[TilePlacement]:
    return legal_tile_placements(layout_of(state), list(state.setup["tiles_in_hand"][str(seat)]))


def _auto_option() -> Option:
    return option(AUTO_MAP(), {"type": "rw_auto_map"})


@decision("tile", "rw_tile", "rw_auto_map")
def _tile_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    opts = [
        option(
            TILE_OPTION(tile=p.tile, q=p.q, r=p.r, rotation=p.rotation),
            {"type": "rw_tile", "tile": p.tile, "q": p.q, "r": p.r, "rotation": p.rotation},
            at=f"{p.q},{p.r}",
        )
        for p in _tile_options(state, st.seat)
    ]
    if state.options.offer_auto_map:
        opts.insert(0, _auto_option())
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-4.3",
            question=en(TILE_Q()),
            msg=TILE_Q(),
            options=opts,
            answer_schema={
                "type": "object",
                "properties": {
                    "tile": {"type": "string"},
                    "q": {"type": "integer"},
                    "r": {"type": "integer"},
                    "rotation": {"type": "integer"},
                },
            },
        )
    ]


@applies("tile")
def _tile_apply(state: RunewarsState, st: Any, seat: int, action: PlaceTile | AutoMap) -> list[Event]:
    if isinstance(action, AutoMap):
        return auto_map(state)
    hand = state.setup["tiles_in_hand"][str(seat)]
    need(action.tile in hand, "RW-4.2", TILE_NOT_YOURS())
    if not state.board:
        need((action.q, action.r) == (0, 0), "RW-4.3", TILE_FIRST())
    else:
        from engine.runewars.setup.mapgen import tile_problem

        problem = tile_problem(layout_of(state), action.tile, action.rotation, Hex(action.q, action.r))
        rule = "RW-4.4" if problem == "overlap" else problem or "RW-4.4"
        need(problem is None, rule, TILE_PROBLEM.get(problem or "", TILE_PROBLEM["RW-4.4"])())
    _add_tile(state, action.tile, action.rotation, Hex(action.q, action.r))
    hand.remove(action.tile)
    done(state, st)
    return [
        to_all(
            "tile",
            TILE_PLACED(seat=seat_ref(seat), tile=action.tile),
            seat=seat,
            tile=action.tile,
            q=action.q,
            r=action.r,
            rotation=action.rotation,
        )
    ]


# ---- RW-4.7 markers ---------------------------------------------------------------------------


def _marker_options(state: RunewarsState) -> list[tuple[tuple[Hex, Hex], bool]]:
    exception_left = not state.setup.get("exception_used", False)
    return legal_markers(layout_of(state), state.options.marker_borders, state.options.marker_spacing, exception_left)


@auto("markers_check")
def _markers_check(state: RunewarsState, st: Any) -> list[Event]:
    """RW-4.7.5: when the markers cannot all be placed, the tiles are taken back and 4.3 repeats."""
    state.setup.setdefault("markers", [])
    state.setup.setdefault("homes", {})
    if len(state.setup["markers"]) >= state.players:
        order = clockwise_from(state, B.left_of(state, state.start_player) if state.players > 1 else state.start_player)
        push(
            state,
            *[s_ for seat in order for s_ in (step(state, "home_tile_check", seat), step(state, "home_tile", seat))],
            step(state, "homes_check"),
        )
        return []
    if not _marker_options(state):
        return restart_tiles(state)
    push(state, step(state, "marker", state.start_player), step(state, "markers_check"))
    return []


def restart_tiles(state: RunewarsState) -> list[Event]:
    """RW-4.7.5: every tile goes back to its owner and placement starts again."""
    state.board.clear()
    state.setup["markers"] = []
    state.setup["markers_used"] = []
    state.setup["homes"] = {}
    state.setup["exception_used"] = False
    tiles = {}
    for seat, qs in state.setup["setup_quests"].items():
        tiles[seat] = [catalog().quests[q].setup_tile for q in qs]
    state.setup["tiles_in_hand"] = tiles
    state.setup["restarts"] = state.setup.get("restarts", 0) + 1
    state.steps = [
        s
        for s in state.steps
        if s.kind not in ("tile", "marker", "markers_check", "home_tile_check", "home_tile", "homes_check")
    ]
    _queue_tile_steps(state)
    return [to_all("map_restart", MAP_RESTART())]


@decision("marker", "rw_marker", "rw_auto_map")
def _marker_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    opts = [
        option(
            (MARKER_OPTION_EXCEPTION if uses else MARKER_OPTION)(q1=a.q, r1=a.r, q2=b.q, r2=b.r),
            {"type": "rw_marker", "hexes": [[a.q, a.r], [b.q, b.r]]},
        )
        for (a, b), uses in _marker_options(state)
    ]
    if state.options.offer_auto_map:
        opts.insert(0, _auto_option())
    n = len(state.setup.get("markers", [])) + 1
    asked = MARKER_Q(
        n=n, total=state.players, borders=state.options.marker_borders, spacing=state.options.marker_spacing
    )
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-4.7",
            question=en(asked),
            msg=asked,
            options=opts,
        )
    ]


@applies("marker")
def _marker_apply(state: RunewarsState, st: Any, seat: int, action: PlaceMarker | AutoMap) -> list[Event]:
    if isinstance(action, AutoMap):
        return auto_map(state)
    pair = tuple(sorted(Hex(*h) for h in action.hexes))
    legal = {p: uses for p, uses in _marker_options(state)}
    need(
        pair in legal,
        "RW-4.7.2",
        MARKER_BAD(),
    )
    if legal[pair]:  # type: ignore[index]
        state.setup["exception_used"] = True  # RW-4.7.4
    state.setup["markers"].append([[h.q, h.r] for h in pair])
    done(state, st)
    a, b = pair
    said = MARKER_PLACED(q1=a.q, r1=a.r, q2=b.q, r2=b.r)
    return [to_all("marker", said, hexes=action.hexes)]


# ---- RW-4.8 home tiles ---------------------------------------------------------------------------


def _home_tile_id(state: RunewarsState, seat: int) -> str:
    return catalog().home_tile[state.seats[seat].faction]  # type: ignore[index]


def _free_markers(state: RunewarsState) -> list[int]:
    used = set(state.setup.get("markers_used", []))
    return [i for i in range(len(state.setup["markers"])) if i not in used]


def _home_options(state: RunewarsState, seat: int) -> list[tuple[int, TilePlacement]]:
    lay = layout_of(state)
    out = []
    for i in _free_markers(state):
        marker = lay.markers[i]
        for p in home_placements(lay, _home_tile_id(state, seat), marker, state.options.marker_borders):
            out.append((i, p))
    return out


@decision("home_tile", "rw_home_tile", "rw_auto_map")
def _home_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    opts = [
        option(
            HOME_OPTION(marker=i + 1, q=p.q, r=p.r, rotation=p.rotation),
            {"type": "rw_home_tile", "marker": i, "q": p.q, "r": p.r, "rotation": p.rotation},
            at=f"{p.q},{p.r}",
        )
        for i, p in _home_options(state, st.seat)
    ]
    if state.options.offer_auto_map:
        opts.insert(0, _auto_option())
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-4.8",
            question=en(HOME_Q()),
            msg=HOME_Q(),
            options=opts,
        )
    ]


@applies("home_tile")
def _home_apply(state: RunewarsState, st: Any, seat: int, action: PlaceHomeTile | AutoMap) -> list[Event]:
    if isinstance(action, AutoMap):
        return auto_map(state)
    legal = {(i, p.q, p.r, p.rotation) for i, p in _home_options(state, seat)}
    need(
        (action.marker, action.q, action.r, action.rotation) in legal,
        "RW-4.8.1",
        HOME_BAD(),
    )
    _place_home(state, seat, action.marker, action.rotation, Hex(action.q, action.r))
    done(state, st)
    return [to_all("home_tile", HOME_PLACED(seat=seat_name(state, seat)), seat=seat)]


def _place_home(state: RunewarsState, seat: int, marker: int, rotation: int, offset: Hex) -> None:
    tile_id = _home_tile_id(state, seat)
    _add_tile(state, tile_id, rotation, offset, home_of=seat)
    state.setup.setdefault("markers_used", []).append(marker)
    state.setup["homes"][str(seat)] = [list(state.board[a.area_id].hex) for a in catalog().tiles[tile_id].areas]


@auto("homes_check")
def _homes_check(state: RunewarsState, st: Any) -> list[Event]:
    """RW-4.8.2: adjacent home realms send everyone back to RW-4.7."""
    lay = layout_of(state)
    if len(lay.homes) == state.players and not homes_adjacent(lay.homes):
        push(state, step(state, "finish_board"))
        return []
    return restart_homes(state, HOMES_TOUCH())


@auto("home_tile_check")
def _home_tile_check(state: RunewarsState, st: Any) -> list[Event]:
    """AMB-23 / RW-4.8.3: when no free marker can take this seat's home tile legally (RW-4.5 and the
    RW-4.7.2 border-touch rule for the final position), markers and home tiles are placed again."""
    if _home_options(state, st.seat):
        return []
    return restart_homes(state, HOME_NO_FIT(seat=seat_name(state, st.seat)))


def restart_homes(state: RunewarsState, why: Msg) -> list[Event]:
    """Back to RW-4.7: remove every home tile and marker (RW-4.8.2, AMB-23)."""
    for area_id in [a.id for a in state.board.values() if a.home_of is not None]:
        del state.board[area_id]
    state.setup["markers"] = []
    state.setup["markers_used"] = []
    state.setup["homes"] = {}
    state.setup["exception_used"] = False
    state.steps = [s for s in state.steps if s.kind not in ("home_tile_check", "home_tile", "homes_check")]
    push(state, step(state, "markers_check"))
    return [to_all("map_restart", why)]


# ---- standard layout ------------------------------------------------------------------------


def auto_map(state: RunewarsState) -> list[Event]:
    """Place every remaining tile, marker and home tile by the rules (one click for P-3..P-5).

    Uses the same legality functions as the prompts; on a dead end it restarts the map
    exactly as RW-4.7.5 / RW-4.8.2 do.
    """
    events: list[Event] = []
    for _attempt in range(50):
        ok = _auto_map_once(state)
        if ok:
            break
        events += restart_tiles(state)
    else:  # pragma: no cover - content makes this practically impossible
        raise RuntimeError("no legal map found")
    state.steps = [
        s
        for s in state.steps
        if s.kind not in ("tile", "marker", "markers_check", "home_tile_check", "home_tile", "homes_check")
    ]
    push(state, step(state, "finish_board"))
    events.append(to_all("map_auto", MAP_AUTO()))
    return events


def _auto_map_once(state: RunewarsState) -> bool:
    order = clockwise_from(state, state.start_player)
    hands = state.setup["tiles_in_hand"]
    while any(hands[str(s)] for s in order):
        placed = sum(1 for a in state.board.values() if a.home_of is None)
        # whose turn: the tile steps still queued tell us; else round-robin on counts
        for seat in order:
            if hands[str(seat)] and len(hands[str(seat)]) == max(len(hands[str(s)]) for s in order):
                break
        lay = layout_of(state)
        options = legal_tile_placements(lay, list(hands[str(seat)]))
        if not options:
            return False
        p = choose_compact(lay, options, state.rng) if placed else options[state.rng.below(len(options))]
        _add_tile(state, p.tile, p.rotation, p.offset)
        hands[str(seat)].remove(p.tile)
    state.setup.setdefault("markers", [])
    state.setup.setdefault("homes", {})
    while len(state.setup["markers"]) < state.players:
        markers = _marker_options(state)
        if not markers:
            return False
        pair, uses = choose_marker(layout_of(state), markers, state.rng)
        if uses:
            state.setup["exception_used"] = True
        state.setup["markers"].append([[h.q, h.r] for h in pair])
    for seat in order[1:] + order[:1]:
        if str(seat) in state.setup["homes"]:
            continue
        options_h = _home_options(state, seat)
        if not options_h:
            return False
        i, p = options_h[state.rng.below(len(options_h))]
        _place_home(state, seat, i, p.rotation, p.offset)
    return not homes_adjacent(layout_of(state).homes)


# ---- RW-3.3-3.7 finishing the board ----------------------------------------------------------------


@auto("finish_board")
def _finish_board(state: RunewarsState, st: Any) -> list[Event]:
    cat = catalog()
    link_adjacency(state)
    # The setup quests go into the quest deck (RW-3.6): who later draws them is secret.
    state.setup.pop("setup_quests", None)
    state.setup.pop("tiles_in_hand", None)
    # RW-3.4 neutrals
    for area in state.board.values():
        src = cat.tiles[area.tile].area(area.id)
        for n in src.neutrals:
            for _ in range(n.count):
                B.add_unit(state, n.unit_type, None, area.id)
    # RW-3.5 cities, face up, random
    cities = sorted(cat.cities)
    state.rng.shuffle(cities)
    for area in sorted(state.board.values(), key=lambda a: a.id):
        if area.city_spot and cities:
            area.city = cities.pop(0)
    # RW-3.6 quest deck: built in setup_heroes, which keeps it in state.heroes from then on
    # RW-3.7 dials, influence, tactics
    tactics = sorted(cat.tactics)
    state.tactics_deck = Deck[str].shuffled(tactics, state.rng)
    for p in state.seats:
        f = cat.factions[p.faction]  # type: ignore[index]
        p.dials = {r: f.dials.get(r).start_value for r in ("food", "wood", "ore")}
        p.influence = f.starting_influence
        p.starting_influence = f.starting_influence
        p.tactics = [HeldCard(id=c, gained=-1) for c in state.tactics_deck.draw(state.rng, f.starting_tactics)]
    queued = []
    for seat in clockwise_from(state, state.start_player):  # RW-3.8, AMB-59
        queued += [
            step(state, "setup_stronghold", seat),
            step(state, "setup_units", seat),
            step(state, "setup_rune", seat),
        ]
    push(state, *queued, step(state, "setup_heroes"), step(state, "setup_final"))
    return [to_all("board", BOARD_DONE())]


def link_adjacency(state: RunewarsState) -> None:
    """RW-2.2/2.3: neighbours across any edge; an edge is coloured if either side is (RW-4.5)."""
    by_hex = {Hex(*a.hex): a for a in state.board.values()}
    for area in state.board.values():
        area.adj = {}
        h = Hex(*area.hex)
        for d in range(6):
            other = by_hex.get(Hex(h.q + _D[d][0], h.r + _D[d][1]))
            if other is None:
                continue
            mine, theirs = area.edges[d], other.edges[(d + 3) % 6]
            area.adj[other.id] = mine if mine != "none" else theirs


_D = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


# ---- RW-3.8 per-seat placement -------------------------------------------------------------------


def home_areas(state: RunewarsState, seat: int) -> list[str]:
    return sorted(a.id for a in state.board.values() if a.home_of == seat)


@decision("setup_stronghold", "rw_choose")
def _sh_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-3.8.1",
            question=en(STRONGHOLD_Q()),
            msg=STRONGHOLD_Q(),
            options=[
                option(STRONGHOLD_OPTION(area=ref("area", a)), {"type": "rw_choose", "value": a}, at=a)
                for a in home_areas(state, st.seat)
            ],
        )
    ]


@applies("setup_stronghold")
def _sh_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    from engine.runewars.state import Stronghold

    need(action.value in home_areas(state, seat), "RW-3.8.1", STRONGHOLD_BAD())
    state.board[action.value].stronghold = Stronghold(owner=seat)
    done(state, st)
    return [
        to_all(
            "stronghold",
            STRONGHOLD_BUILT(seat=seat_name(state, seat), area=ref("area", action.value)),
            seat=seat,
            area=action.value,
        )
    ]


def setup_recruits(state: RunewarsState, seat: int) -> list[str]:
    """RW-3.8.2 / AMB-18: one unit per unit icon at or below each starting dial position."""
    f = B.seat_faction(state, seat)
    if state.options.setup_recruit == "all":
        return list(f.setup_recruits())
    best: list[str] = []
    for r in ("food", "wood", "ore"):
        d = f.dials.get(r)
        units = list(d.units_at_or_below(d.start_value))
        if len(units) > len(best):
            best = units
    return best


def _setup_unit_options(state: RunewarsState, seat: int) -> list[Option]:
    units = setup_recruits(state, seat)
    homes = home_areas(state, seat)
    sh = [a for a in homes if state.board[a].stronghold is not None]
    out = []
    spread: dict[str, dict[str, int]] = {a: {} for a in homes}
    for i, kind in enumerate(units):
        a = homes[i % len(homes)]
        spread[a][kind] = spread[a].get(kind, 0) + 1
    out.append(option(UNITS_SPREAD(), {"type": "rw_place_units", "placement": _clean(spread)}))
    for first in sh + [a for a in homes if a not in sh]:
        plan: dict[str, dict[str, int]] = {a: {} for a in homes}
        counts = {a: 0 for a in homes}
        order = [first] + [a for a in homes if a != first]
        for kind in units:
            a = next((x for x in order if counts[x] < B.UNIT_LIMIT), first)
            plan[a][kind] = plan[a].get(kind, 0) + 1
            counts[a] += 1
        out.append(option(UNITS_MASS(area=ref("area", first)), {"type": "rw_place_units", "placement": _clean(plan)}))
    return out


def _clean(plan: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {a: dict(sorted(k.items())) for a, k in sorted(plan.items()) if k}


@decision("setup_units", "rw_place_units")
def _su_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    asked = UNITS_Q(units=units(setup_recruits(state, st.seat)))
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-3.8.2",
            question=en(asked),
            msg=asked,
            options=_setup_unit_options(state, st.seat),
            answer_schema={"type": "object", "description": "{area: {unit_type: count}}"},
        )
    ]


@applies("setup_units")
def _su_apply(state: RunewarsState, st: Any, seat: int, action: Placement) -> list[Event]:
    wanted = sorted(setup_recruits(state, seat))
    homes = home_areas(state, seat)
    given: list[str] = []
    for area, kinds in action.placement.items():
        need(area in homes, "RW-3.8.2", UNITS_HOME_BAD())
        need(sum(kinds.values()) <= B.UNIT_LIMIT, "RW-10.9.1", UNITS_LIMIT_BAD())
        for kind, n in kinds.items():
            need(n >= 0, "RW-3.8.2", NEGATIVE_BAD())
            given += [kind] * n
    need(sorted(given) == wanted, "RW-3.8.2", UNITS_EXACT_BAD(units=units(wanted)))
    for area, kinds in sorted(action.placement.items()):
        for kind, n in sorted(kinds.items()):
            for _ in range(n):
                B.add_unit(state, kind, seat, area)
    done(state, st)
    return [to_all("setup_units", UNITS_PLACED(seat=seat_name(state, seat)), seat=seat, placement=action.placement)]


@sampler("setup_units")
def _su_sample(state: RunewarsState, st: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return dict(rng.choice(_setup_unit_options(state, seat)).action)


@decision("setup_rune", "rw_choose")
def _sr_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    if state.options.epic:
        q = RUNE_Q_EPIC()
        rule = "RW-35.1"
    else:
        q = RUNE_Q()
        rule = "RW-3.8.3"
    rune_in = RUNE_DRAGON_IN if state.options.epic else RUNE_FALSE_IN
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule=rule,
            question=en(q),
            msg=q,
            secret=not state.options.epic,
            options=[
                option(rune_in(area=ref("area", a)), {"type": "rw_choose", "value": a}, at=a)
                for a in home_areas(state, st.seat)
            ],
        )
    ]


@applies("setup_rune")
def _sr_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    homes = home_areas(state, seat)
    need(action.value in homes, "RW-3.8.3", RUNE_BAD())
    if state.options.epic:  # RW-35.1: one dragon rune, face up
        state.board[action.value].rune = "dragon"
        state.rune_supply["dragon"] -= 1
        done(state, st)
        return [
            to_all(
                "runes",
                RUNE_EPIC_PLACED(seat=seat_name(state, seat), area=ref("area", action.value)),
                seat=seat,
                area=action.value,
            )
        ]
    for a in homes:
        face = "false" if a == action.value else "dragon"
        state.board[a].rune = face  # type: ignore[assignment]
        state.rune_supply[face] -= 1
    done(state, st)
    return [
        to_all("runes", RUNES_PLACED(seat=seat_name(state, seat)), seat=seat),
        to_seats(seat, "runes_private", FALSE_RUNE_AT(area=ref("area", action.value)), area=action.value),
    ]


# ---- RW-3.9-3.13 --------------------------------------------------------------------------------


@auto("setup_final")
def _setup_final(state: RunewarsState, st: Any) -> list[Event]:
    cat = catalog()
    # RW-3.9.1 starting quests were drawn in setup_heroes (heroes.py owns quest hands)
    # RW-3.10 decks: destiny (starting cards back in), seasons; titles face up
    state.destiny.draw_pile.extend(state.starting_draw.values())
    state.destiny.shuffle(state.rng)
    for season in ("spring", "summer", "autumn", "winter"):
        deck = sorted(
            c.card_id
            for c in cat.seasons.values()
            if c.season == season and not (state.options.epic and c.refers_to_false_runes)
        )  # RW-35.3
        state.rng.shuffle(deck)
        state.season_decks[season] = deck
    state.titles = {t: _title() for t in sorted(cat.titles)}
    # RW-3.12 objectives
    for align in ("good", "evil"):
        deck = sorted(o.objective_id for o in cat.objectives.values() if o.alignment == align)
        state.rng.shuffle(deck)
        state.objective_decks[align] = deck
    for seat in clockwise_from(state, state.start_player):
        deck = state.objective_decks[B.alignment(state, seat)]
        state.seats[seat].objective = deck.pop(0) if deck else None
    if state.options.epic:
        state.rune_supply["false"] = 0
    state.phase = "play"
    state.setup = {k: v for k, v in state.setup.items() if k in ("restarts",)}
    return [to_all("begin", BEGIN())]


def _title() -> TitleHold:
    return TitleHold()
