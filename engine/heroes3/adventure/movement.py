"""Movement actions (H3-9): move a hero one field, revisit, discover a face-down tile, place a Far
tile from your supply (H3-23); every entered field is visited (H3-22.4) or starts a combat
(H3-30). Only in your own turn (H3-9.1), 1 MP each (H3-9.2).

Entry points: ``options(state, seat)`` for the main menu and ``act(state, seat, action)``.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, RuleViolation
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..cards import messages as cm
from ..clash import messages as m
from ..clash.asks import ask, asked_centre, push_ask
from ..clash.common import allied, hero, heroes, heroes_at, town_owner
from ..clash.flow import seat_of
from ..clash.state import AI_SEAT, ClashState, Coord, Hero, PlacedTile, Player
from ..content.clash import Location, clash_content
from ..coop import ai_combat
from . import encounters, visits
from .geometry import location, neighbours, new_tile_slots, placement_ok, printed, step_ok, tile_at, tile_fields

MOVE_TYPES = ("walk", "discover", "place_tile", "revisit")
# Player.turn_used marks of a hero's pass-through this turn (cards/map_cards.py): "pass:<what>:<hero>"
# with what = guards (Pathfinding), blocked (Pathfinding expert) or any (Angel Wings)
PASS_WHATS = ("guards", "blocked", "any")
DIPLOMACY_MARK = "diplomacy:"  # + the played card: Diplomacy's expert effect waits this turn


def need(cond: bool, rule: str, msg: m.Msg) -> None:
    if not cond:
        raise RuleViolation(rule, msg)


def spend(h: Hero, n: int = 1) -> None:
    """Extra MP of this turn go first (they expire at its end, H3-8.4)."""
    used = min(n, h.mp_turn)
    h.mp_turn -= used
    h.mp -= n - used


def sanctuary(state: ClashState, pos: Coord) -> bool:
    loc = location(state, pos)
    return loc is not None and loc.id == "sanctuary"


def _enemy_here(state: ClashState, seat: int, pos: Coord) -> list[tuple[int, Hero]]:
    """Heroes a move onto ``pos`` attacks (H3-9.5): an ally's hero is no enemy (H3-3.2.3)."""
    return [(s, h) for s, h in heroes_at(state, pos) if not allied(state, seat, s)]


def _friends_at(state: ClashState, seat: int, pos: Coord, h: Hero | None = None) -> list[Hero]:
    """Friendly heroes on ``pos`` other than ``h``: your own and, in an Alliance, your allies'.
    H3-9.4 reads "friendly" for both: the seed's 同盟英雄 line (two allied heroes forced into one
    field must part with the next MP) treats an ally's hero as one a hero may pass but not join."""
    return [x for s, x in heroes_at(state, pos) if allied(state, seat, s) and x is not h]


def pass_mark(what: str, hero_kind: str) -> str:
    return f"pass:{what}:{hero_kind}"


def may_pass(p: Player, h: Hero, what: str) -> bool:
    return pass_mark(what, h.kind) in p.turn_used


def is_passing(h: Hero) -> bool:
    """The hero stands on a field it passed into without resolving it (it moves on or stops)."""
    return h.passing is not None and tuple(h.passing) == tuple(h.field)


def _blocked(state: ClashState, pos: Coord) -> bool:
    f = printed(state, pos)
    return f is not None and f.blocked


def _crossable(state: ClashState, p: Player, h: Hero, n: Coord) -> bool:
    """H3-9.2.1 subject to H3-22.7 borders and H3-22.8 blocked fields; Pathfinding's expert effect
    crosses both (a blocked field only to pass through it)."""
    if step_ok(state, h.field, n):
        return True
    return may_pass(p, h, "blocked") and n in neighbours(h.field) and printed(state, n) is not None


def _fight_field(state: ClashState, p: Player, h: Hero, n: Coord) -> bool:
    """A field whose entry starts a combat (Pathfinding passes it): guards (H3-30.1) or an enemy hero
    outside a sanctuary (H3-9.5), an AI hero's too (Cooperative, H3-41)."""
    enemies = _enemy_here(state, p.seat, n) or ai_combat.ai_heroes_at(state, n)
    if enemies:
        return not sanctuary(state, n)
    return visits.guarded(state, n) is not None and not _friends_at(state, p.seat, n, h)


def pass_targets(state: ClashState, p: Player, h: Hero) -> list[Coord]:
    """Fields the hero may pass into unresolved this turn: one more MP must be left to go on
    (as through a friendly hero, H3-9.4); a friendly hero's field is passed without a card."""
    if h.mp_left() < 2 or not any(may_pass(p, h, w) for w in PASS_WHATS):
        return []
    out = []
    for n in neighbours(h.field):
        found = tile_at(state, n)
        if found is None or not found[0].face_up or not _crossable(state, p, h, n):
            continue
        if _friends_at(state, p.seat, n, h):
            continue
        if (
            may_pass(p, h, "any")
            or (may_pass(p, h, "guards") and _fight_field(state, p, h, n))
            or (may_pass(p, h, "blocked") and _blocked(state, n))
        ):
            out.append(n)
    return out


def unfinished_pass(state: ClashState, p: Player) -> list[Hero]:
    """Heroes passing through a field that can still move on or stop: the turn may not end before
    (H3-9.4: a field passed through is not a place to end on)."""
    return [
        h
        for h in heroes(p)
        if is_passing(h) and (not _blocked(state, h.field) or walk_targets(state, p, h) or pass_targets(state, p, h))
    ]


def walk_targets(state: ClashState, p: Player, h: Hero) -> list[Coord]:
    if h.mp_left() < 1:
        return []
    out = []
    for n in neighbours(h.field):
        if not _crossable(state, p, h, n) or _blocked(state, n):
            continue
        friends = _friends_at(state, p.seat, n, h)
        enemies = _enemy_here(state, p.seat, n) or ai_combat.ai_heroes_at(state, n)
        if (friends or (enemies and sanctuary(state, n))) and h.mp_left() < 2:
            continue  # H3-9.4 / H3-50.5: may pass through, may not stop there
        out.append(n)
    return out


def face_down_near(state: ClashState, h: Hero) -> list[PlacedTile]:
    """H3-23.1: face-down tiles with a field next to the hero."""
    near = set(neighbours(h.field))
    return [t for t in state.tiles if not t.face_up and near & set(tile_fields(t))]


def place_spots(state: ClashState, p: Player, h: Hero) -> list[Coord]:
    """H3-23.2/23.3: empty lattice points next to the hero touching at least two tiles (the
    supply's tile is face down even to its owner, A-26, so legality of its layout is checked
    after it is revealed, when its rotation is chosen)."""
    if not p.far_supply or h.mp_left() < 1:
        return []
    out = []
    for c in new_tile_slots(state, h.field):
        probe = PlacedTile(centre=c, tile=p.far_supply[0], kind="far", face_up=True)
        if any(placement_ok(state, probe.model_copy(update={"rotation": r}), h.field) for r in range(6)):
            out.append(c)
    return out


def sharing(state: ClashState, p: Player) -> list[Hero]:
    """``p``'s heroes that share their field with another friendly hero (H3-8.5): both of ``p``'s
    heroes when they stand together, or one standing with an ally's hero. The seed (003, 同盟英雄):
    "in the rare case two allied heroes are forced into the same field, you must use your next MP
    to move one of them out": each of the two players must, in their own turn, spend their next MP
    of that hero moving it off (whoever plays first parts them; one cannot move an ally's hero)."""
    return [h for h in heroes(p) if _friends_at(state, p.seat, h.field, h)]


def forced_off(state: ClashState, p: Player) -> list[Hero]:
    """H3-8.5: the heroes one of which ``p``'s next MP must move off their shared field; empty when
    none shares a field or none of them has an MP left (then nothing is forced)."""
    hs = sharing(state, p)
    return hs if any(h.mp_left() >= 1 for h in hs) else []


def options(state: ClashState, seat: int) -> list[Option]:
    p = state.player(seat)
    out: list[Option] = []
    forced = forced_off(state, p)
    for h in heroes(p):
        if forced and h not in forced:
            continue  # H3-8.5: the next MP moves a hero off the shared field
        for n in walk_targets(state, p, h):
            out.append(
                Option.of(
                    m.OPT_WALK(hero=m.hero_kind(h.kind), q=n[0], r=n[1]),
                    {"type": "walk", "hero": h.kind, "to": list(n)},
                    at=f"{n[0]},{n[1]}",
                )
            )
        for n in pass_targets(state, p, h):
            out.append(
                Option.of(
                    cm.OPT_PASS(hero=m.hero_kind(h.kind), q=n[0], r=n[1]),
                    {"type": "walk", "hero": h.kind, "to": list(n), "passing": True},
                    at=f"{n[0]},{n[1]}",
                )
            )
        if is_passing(h):
            if not _blocked(state, h.field):
                q, r = h.field
                out.append(
                    Option.of(
                        cm.OPT_STOP(hero=m.hero_kind(h.kind), q=q, r=r),
                        {"type": "walk", "hero": h.kind, "to": [q, r]},
                        at=f"{q},{r}",
                    )
                )
            continue  # a hero passing through only moves on or stops
        if h.mp_left() < 1 or forced:
            continue
        for t in face_down_near(state, h):
            out.append(
                Option.of(
                    m.OPT_DISCOVER(hero=m.hero_kind(h.kind), q=t.centre[0], r=t.centre[1]),
                    {"type": "discover", "hero": h.kind, "tile": list(t.centre)},
                    at=f"{t.centre[0]},{t.centre[1]}",
                )
            )
        for c in place_spots(state, p, h):
            out.append(
                Option.of(
                    m.OPT_PLACE_TILE(hero=m.hero_kind(h.kind), q=c[0], r=c[1]),
                    {"type": "place_tile", "hero": h.kind, "at": list(c)},
                    at=f"{c[0]},{c[1]}",
                )
            )
        if revisitable(state, location(state, h.field)):
            out.append(Option.of(m.OPT_REVISIT(hero=m.hero_kind(h.kind)), {"type": "revisit", "hero": h.kind}))
    return out


def act(state: ClashState, seat: int, action: Any) -> list[Event]:
    need(state.active == seat, "H3-9.1", m.NOT_YOUR_TURN_MOVE())
    p = state.player(seat)
    h = hero(p, action.hero)
    need(h is not None, "H3-12.1", m.NO_SUCH_HERO())
    assert h is not None
    if is_passing(h) and action.type == "walk" and (int(action.to[0]), int(action.to[1])) == tuple(h.field):
        return stop(state, p, h)  # 0 MP: the hero ends its passage here and the field is resolved
    need(h.mp_left() >= 1, "H3-9.2", m.NO_MP())
    need(not is_passing(h) or action.type == "walk", "H3-9.4", cm.MOVE_ON_FIRST(hero=m.hero_kind(h.kind)))
    forced = forced_off(state, p)
    own_pair = len(forced) == 2 and forced[0].field == forced[1].field
    need(
        not forced or (action.type == "walk" and h in forced),
        "H3-8.5",
        m.MOVE_OFF_FIRST() if own_pair else m.MOVE_OFF_ALLY(),
    )
    if action.type == "walk":
        return walk(state, p, h, (int(action.to[0]), int(action.to[1])), passing=bool(action.passing))
    if action.type == "discover":
        return discover(state, p, h, (int(action.tile[0]), int(action.tile[1])))
    if action.type == "place_tile":
        return place_tile(state, p, h, (int(action.at[0]), int(action.at[1])))
    return revisit(state, p, h)


def walk(state: ClashState, p: Player, h: Hero, to: Coord, passing: bool = False) -> list[Event]:
    """H3-9.2.1: one field; borders (H3-22.7) and blocked fields (H3-22.8) stop it; then visit,
    fight the guard, attack the enemy hero or besiege the town (H3-22.4, H3-30). An ally's hero or
    town is neither attacked nor besieged (H3-3.2.3): the hero passes it like a friendly one.
    ``passing``: into the field without resolving it (Pathfinding, Angel Wings)."""
    need(to in neighbours(h.field), "H3-9.2.1", m.NOT_ADJACENT())
    found = tile_at(state, to)
    need(found is not None, "H3-9.2.1", m.OFF_MAP())
    need(found is not None and found[0].face_up, "H3-23.1", m.FACE_DOWN())
    need(_crossable(state, p, h, to), "H3-22.8", m.BLOCKED())
    # a chain of passed fields: a combat is fought from the last field the hero resolved
    origin = h.came_from if is_passing(h) and h.came_from is not None else h.field
    if passing:
        need(to in pass_targets(state, p, h), "H3-9.4", cm.CANNOT_PASS())
        spend(h)
        h.field, h.passing, h.came_from = to, to, origin
        said = cm.PASSES(seat=m.seat(p.seat), hero=m.hero_kind(h.kind), q=to[0], r=to[1])
        return [Event.to_all("h3_passed", said, seat=p.seat, hero=h.kind)]
    need(not _blocked(state, to), "H3-22.8", cm.NO_STOP_BLOCKED())
    need(to in walk_targets(state, p, h), "H3-9.4", m.CANNOT_STOP())
    h.passing = h.came_from = None
    spend(h)
    events = [Event.to_all("h3_moved", m.MOVED(seat=m.seat(p.seat), hero=m.hero_kind(h.kind), q=to[0], r=to[1]))]
    return events + _resolve(state, p, h, origin, to)


def stop(state: ClashState, p: Player, h: Hero) -> list[Event]:
    """A hero passing through ends its movement on the field (Pathfinding: "stopping on one starts
    a combat"; Angel Wings: "the last field it enters is resolved as usual"): the field is resolved as
    if entered from the last field the hero resolved (house: it fights from there, H3-9.5 / H3-30.1)."""
    to = h.field
    need(not _blocked(state, to), "H3-22.8", cm.NO_STOP_BLOCKED())
    origin = h.came_from if h.came_from is not None else to
    h.passing = h.came_from = None
    said = cm.STOPS(seat=m.seat(p.seat), hero=m.hero_kind(h.kind), q=to[0], r=to[1])
    events = [Event.to_all("h3_stopped", said, seat=p.seat, hero=h.kind)]
    if _fight_field(state, p, h, to) or (
        (owner := town_owner(state, to)) is not None and not allied(state, p.seat, owner)
    ):
        h.field = origin  # the combat is fought from there; a win enters the field (H3-37)
    return events + _resolve(state, p, h, origin, to)


def _resolve(state: ClashState, p: Player, h: Hero, origin: Coord, to: Coord) -> list[Event]:
    """What entering ``to`` does (H3-22.4, H3-9.5, H3-30). The AI enemy of a Cooperative game first
    (coop/ai_combat.py): its heroes are attacked like an enemy's (a sanctuary shelters them too,
    H3-50.5) and its towns and settlements are taken from it; the player-against-player code below
    never sees ``AI_SEAT``."""
    events: list[Event] = []
    if ai_combat.ai_heroes_at(state, to):
        if not sanctuary(state, to):
            return events + ai_combat.player_attacks_ai(state, p.seat, h.kind, origin, to)  # H3-9.5 / H3-41.3
        h.field = to  # H3-50.5: through a sanctuary, without stopping or visiting
        return events
    if town_owner(state, to) == AI_SEAT:
        return events + ai_combat.enter_ai_held(state, p.seat, h.kind, origin, to)
    enemies = _enemy_here(state, p.seat, to)
    if enemies and not sanctuary(state, to):
        d_seat, d_hero = sorted(enemies, key=lambda e: e[1].kind != "main")[0]
        return events + encounters.player_combat(state, p.seat, h.kind, origin, to, d_seat, d_hero.kind)  # H3-9.5
    if enemies:
        h.field = to  # H3-50.5: through a sanctuary, without stopping or visiting
        return events
    owner = town_owner(state, to)
    if owner is not None and not allied(state, p.seat, owner):
        return events + encounters.siege(state, p.seat, h.kind, origin, to, owner)  # H3-30.2 / H3-39.1
    # an ally's town or settlement is no siege (H3-3.2.3): the visit treats it as empty (H3-22.5.2)
    level = visits.guarded(state, to)
    if level is not None and not _friends_at(state, p.seat, to, h):
        diplomacy = next((u for u in p.turn_used if u.startswith(DIPLOMACY_MARK)), None)
        if diplomacy is not None and p.level == level:
            p.turn_used.remove(diplomacy)  # Diplomacy's expert effect: no combat, the visit, no XP
            state.field(to).cleared = True
            card = Ref(kind="card", id=state.cards.get(diplomacy[len(DIPLOMACY_MARK) :], "diplomacy"))
            said = cm.DIPLOMACY_USED(seat=m.seat(p.seat), level=level, card=card)
            events.append(Event.to_all("h3_diplomacy", said, seat=p.seat, level=level))
            return events + encounters.enter(state, p.seat, h.kind, to)
        return events + encounters.neutral_combat(state, p.seat, h.kind, origin, to, level)  # H3-30.1
    return events + encounters.enter(state, p.seat, h.kind, to)


def revisitable(state: ClashState, loc: Location | None) -> bool:
    """H3-22.5.3: a revisitable field other than the Sanctuary; a trading post is visitable instead
    under the H3-48.8 free-trade row."""
    return (
        loc is not None
        and loc.category == "revisitable"
        and loc.id != "sanctuary"
        and not visits.free_trade_post(state, loc)
    )


def revisit(state: ClashState, p: Player, h: Hero) -> list[Event]:
    """H3-9.2.2 / H3-22.5.3: 1 MP to visit the revisitable field the hero stands on again."""
    need(revisitable(state, location(state, h.field)), "H3-22.5.3", m.NOT_REVISITABLE())
    spend(h)
    return visits.visit(state, p.seat, h.kind, h.field)


def _rotations(state: ClashState, tile: PlacedTile, hero_at: Coord | None, min_touch: int) -> list[int]:
    """H3-23.4 / A-27: rotations that keep the tile connected; all six if none does."""
    ok = [r for r in range(6) if placement_ok(state, tile.model_copy(update={"rotation": r}), hero_at, min_touch)]
    return ok or list(range(6))


def discover(state: ClashState, p: Player, h: Hero, centre: Coord) -> list[Event]:
    """H3-23.1: reveal an adjacent face-down tile; its discoverer turns it (H3-23.4)."""
    tile = next((t for t in face_down_near(state, h) if t.centre == centre), None)
    need(tile is not None, "H3-23.1", m.NO_TILE_THERE())
    assert tile is not None
    spend(h)
    tile.face_up = True
    events = [
        Event.to_all(
            "h3_discovered", m.DISCOVERED(seat=m.seat(p.seat), tile=tile.tile, q=centre[0], r=centre[1]), reveals=True
        )
    ]
    if fixed_rotation(state, centre) is None:
        push_ask(state, "rotate", p.seat, centre=list(centre), rotations=revealed_turns(state, tile))
    return events


def revealed_turns(state: ClashState, tile: PlacedTile) -> list[int]:
    """H3-23.4 / A-27: the turns a tile just revealed in place may take (connected to the rest of the
    map, judged without the tile itself); all six if none is. A player's discovery and an AI hero's
    exploration (H3-41.5, coop/ai_turn.py) offer the same."""
    others = state.model_copy(update={"tiles": [t for t in state.tiles if t is not tile]})
    return _rotations(others, tile, None, 0)


def fixed_rotation(state: ClashState, centre: Coord) -> int | None:
    if state.mode == "tournament":
        return None
    for slot in clash_content().scenarios[state.scenario].slots:
        if tuple(slot.centre) == centre:
            return slot.rotation
    return None


def place_tile(state: ClashState, p: Player, h: Hero, at: Coord) -> list[Event]:
    """H3-23.2 / H3-23.3: the top tile of your own face-down Far supply goes next to the hero."""
    need(bool(p.far_supply), "H3-23.2", m.NO_SUPPLY())
    need(at in place_spots(state, p, h), "H3-23.3", m.BAD_PLACEMENT())
    spend(h)
    code = p.far_supply.pop(0)
    tile = PlacedTile(centre=at, tile=code, kind="far", face_up=True)
    rots = _rotations(state, tile, h.field, 2)
    tile.rotation = rots[0]
    state.tiles.append(tile)
    events = [
        Event.to_all("h3_placed_tile", m.PLACED_TILE(seat=m.seat(p.seat), tile=code, q=at[0], r=at[1]), reveals=True)
    ]
    if len(rots) > 1:
        push_ask(state, "rotate", p.seat, centre=list(at), rotations=rots)
    return events


def _rotate_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_ROTATE(q=int(st.data["centre"][0]), r=int(st.data["centre"][1]))


@ask("rotate", "H3-23.4", _rotate_q, turn_of=asked_centre)  # the picture shows each turn
def _rotate_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_ROTATION(n=int(r) * 60), str(r)) for r in st.data["rotations"]]


@_rotate_options
def _rotate_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    centre = (int(st.data["centre"][0]), int(st.data["centre"][1]))
    for t in state.tiles:
        if t.centre == centre:
            t.rotation = int(pick)
    return [Event.to_all("h3_rotated", m.ROTATED(seat=m.seat(seat_of(st)), q=centre[0], r=centre[1], n=int(pick) * 60))]
