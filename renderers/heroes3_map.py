"""The Heroes III Clash adventure map as a picture (issue 17): the 7-hex tiles as placed, face-down
tiles as backs, every field's location and guard, flags in their owner's colour, heroes with the
MP they have left, the round and whose turn, and a panel per player.

Why only the view: the picture of the thread is drawn from ``view(state, None)``, which carries
face-down tiles without their tile id (H-9), hands as counts (H-1) and no deck order (H-2); what a
face-up field is comes from the printed tile (public content), looked up by the tile id the view
shows. A seat's own picture (``/game board private:true``) is drawn from that seat's view and adds
a strip with its hand, cards with their text (H-1: only the owner's view carries ``you``).

Layout (design px at 1800 wide, scaled to ``width``): a title band, the map on the left, the
player panels on the right, and the private strip at the bottom of a seat's own picture. The tiles
(terrain, blocked fields, location names) change only when a tile is discovered or placed, so they
are drawn once per map into a cached pixel layer (``renderers.hexmap.draw_over``); each picture
draws only flags, guards, heroes and panels over it.

A decision picture (``render_decision``) is the same map with the candidate fields (or a face-down
tile to discover) outlined and labelled with their button texts and the MP a step costs (H3-9.2),
the rest dimmed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle, RegularPolygon

from engine.core.hexgrid import Hex, corners, edge_segment, neighbour, to_pixel
from engine.core.text import Ref, message
from engine.heroes3.content.clash import ClashContent, clash_content, field_hex
from engine.heroes3.content.texts import TEXT_KIND, text_ref
from engine.heroes3.panel import card_state_words, passing_words, purse
from i18n.names import Names
from renderers import fonts, register, register_decision
from renderers import heroes3_combat as combat_pictures
from renderers.canvas import to_rgba
from renderers.hexmap import StaticLayerCache, draw_over, fingerprint, png_quantized
from renderers.palette import SeatStyle, seat_style, tint
from renderers.pen import PT, DesignPen, design_canvas
from renderers.words import PLAYER_KIND, SEAT, Words

RULESET = "heroes3"

DESIGN_W = 1800
BAND_H = 84
MAP_X, MAP_Y, MAP_W = 14, BAND_H + 12, 1130
PANEL_X = MAP_X + MAP_W + 14
PANEL_W = DESIGN_W - PANEL_X - 14
BASE_H = 1130
STRIP_H = 330  # the private strip: the seat's hand

PAPER = "#f3ecdc"
INK = "#23201b"
MUTED = "#6f6455"
BAND = "#2f2a3a"
BAND_INK = "#f4e2b8"
BACK = "#5b4a7a"  # a face-down tile's back (H-9: nothing of its content)
# A back's shade by the tile's kind (public: the slot's pool), so neighbouring backs read as separate tiles.
BACKS = {"near": "#5b4a7a", "far": "#45385f", "centre": "#735f96", "starting": "#5b4a7a"}
BACK_EDGE = "#3a2f52"
BLOCKED = "#4d463f"
CHOICE = "#ffcc00"
GUARD = "#9b1c1c"
TERRAIN = {
    "grass": "#bfdc8f",
    "dirt": "#d9bf8c",
    "swamp": "#9fb48a",
    "snow": "#e8eef2",
    "subterranean": "#b89f8e",
    "sand": "#eddca0",
    "lava": "#d9907a",
    "rough": "#c9b48a",
}
RESOURCE_SHORT = {"gold": "#e0b000", "building_materials": "#7a5a3a", "valuables": "#2a8fd6"}
# The AI enemy of a Cooperative game (H3-3.2.4): no seat, so none of the seats' colours (renderers.palette)
AI_COLOUR = "#1f1a24"
AI_EDGE = "#b9f2a1"
AI_SEAT = -1  # a field's ``flag`` the AI enemy set (engine/heroes3/clash/state.py ``AI_SEAT``)

# ---- words (render domain) --------------------------------------------------------------------
TITLE = message("render.h3map.title", "Heroes III · {scenario}")
TITLE_TOURNAMENT = message("render.h3map.title_tournament", "Heroes III · Tournament")
ROUND = message("render.h3map.round", "Round {round}/{limit}")
ROUND_KIND = {
    "resource": message("render.h3map.round.resource", "resource round"),
    "astrologer": message("render.h3map.round.astrologer", "astrologer round"),
}
TURN = message("render.h3map.turn", "Turn: {name}")
ASTROLOGER = message("render.h3map.astrologer", "Astrologer: {name}")
EVENT = message("render.h3map.event", "Event: {name}")
OVER = message("render.h3map.over", "Game over: {names} win")
OVER_DRAW = message("render.h3map.over_draw", "Game over: nobody wins")
OVER_AI = message("render.h3map.over_ai", "Game over: the AI enemy wins")  # a Cooperative table lost
AI_LEGEND = message("render.h3map.ai_legend", "AI enemy ({faction}): dark diamond, its hero · dark square, its flag")
FACE_DOWN = {
    "near": message("render.h3map.back.near", "near"),
    "far": message("render.h3map.back.far", "far"),
    "centre": message("render.h3map.back.centre", "centre"),
    "starting": message("render.h3map.back.starting", "start"),
}
HERO_LINE = message(
    "render.h3map.hero", "{hero} · level {level} (XP {xp}) · ATK {attack} DEF {defense} POW {power} KNO {knowledge}"
)
PURSE = message(
    "render.h3map.purse",
    "Gold {gold} (+{gold_in}) · materials {materials} (+{materials_in}) · valuables {valuables} (+{valuables_in})",
)
CARDS = message("render.h3map.cards", "Hand {hand}/{limit} · deck {deck} · discard {discard} · morale {morale}")
MAP_HEROES = message("render.h3map.heroes", "Main hero: {main} · secondary: {secondary}")
MP = message("render.h3map.mp", "{mp} MP")
NOT_ON_MAP = message("render.h3map.not_on_map", "not on the map")
BUILDINGS = message("render.h3map.buildings", "Town: {names}")
ARMY = message("render.h3map.army", "Army: {names}")
NONE = message("render.h3map.none", "none")
CUBES = message("render.h3map.cubes", "Faction cubes taken: {n} · far tiles {far}")
IN_PLAY = message("render.h3map.in_play", "In play: {card}")
MACHINES = message("render.h3map.machines", "War machines for sale: {names}")
VP = message("render.h3map.vp", "{n} VP")
ELIMINATED = message("render.h3map.eliminated", "eliminated")
TEAM = message("render.h3map.team", "Team {n}")
YOUR_HAND = message("render.h3map.your_hand", "Your hand ({n}), only you see this")
SEARCHING = message("render.h3map.searching", "Searching: {names}")
EXPERT = message("render.h3map.expert", "Expert: {text}")
EMPTY_HAND = message("render.h3map.empty_hand", "no cards in hand")
STEP_COST = message("render.h3map.step_cost", "1 MP")
LEGEND = message(
    "render.h3map.legend",
    "N: guard level · square: flag in its owner's colour · black dot: visited · disc: hero with its MP left "
    "(small: secondary) · purple: face-down tile",
)


class _Pen(DesignPen):
    """Design-px drawing (y down) on one axes; font sizes are points at 1800 px, scaled to the picture."""

    ink = INK

    def fit(self, text: str, size: float, room: float, *, bold: bool = False) -> float:
        w = self.width(text, size, bold=bold)
        return max(5.0, size * room / w) if w > room > 0 else size


# ---- geometry --------------------------------------------------------------------------------
def _fields(tile: dict[str, Any]) -> list[tuple[int, int]]:
    """The 7 map hexes of a tile of the view, in field-index order (a face-down one as if unturned)."""
    centre = (int(tile["centre"][0]), int(tile["centre"][1]))
    rot = int(tile.get("rotation") or 0) if tile.get("face_up") else 0
    return [field_hex(centre, i, rot) for i in range(7)]


class _Frame:
    """Map hex -> design px: the whole map fitted into the map box of the picture."""

    def __init__(self, hexes: Iterable[tuple[int, int]], height: float) -> None:
        pts = [p for h in hexes for p in corners(Hex(*h), 1.0)]
        if not pts:
            pts = [(-1.0, -1.0), (1.0, 1.0)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self.x0, self.y0 = min(xs), min(ys)
        span_x, span_y = max(xs) - self.x0, max(ys) - self.y0
        self.size = min((MAP_W - 20) / span_x, (height - 20) / span_y)
        self.ox = MAP_X + (MAP_W - span_x * self.size) / 2
        self.oy = MAP_Y + (height - span_y * self.size) / 2

    def centre(self, h: tuple[int, int]) -> tuple[float, float]:
        return self.point(to_pixel(Hex(*h), 1.0))

    def point(self, p: tuple[float, float]) -> tuple[float, float]:
        """A point of the unit hex plane (``hexgrid.to_pixel`` at size 1) in design px."""
        return self.ox + (p[0] - self.x0) * self.size, self.oy + (p[1] - self.y0) * self.size

    def poly(self, h: tuple[int, int], shrink: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        out = []
        for x, y in corners(Hex(0, 0), self.size * shrink):
            out.append((cx + x, cy + y))
        return out


def _map_height(view: dict[str, Any]) -> float:
    return BASE_H - MAP_Y - 40


def _height(view: dict[str, Any]) -> int:
    return BASE_H + (STRIP_H if "you" in view else 0)


# ---- reading the view ------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _content() -> ClashContent:
    return clash_content()


def _printed(view: dict[str, Any]) -> dict[tuple[int, int], Any]:
    """Map hex -> the printed field of a face-up tile (public content: the view names the tile)."""
    tiles = _content().tiles
    out: dict[tuple[int, int], Any] = {}
    for t in view.get("tiles") or []:
        if t.get("face_up") and t.get("tile") in tiles:
            for i, h in enumerate(_fields(t)):
                out[h] = tiles[t["tile"]].field(i)
    return out


def _terrain(view: dict[str, Any]) -> dict[tuple[int, int], str]:
    tiles = _content().tiles
    out: dict[tuple[int, int], str] = {}
    for t in view.get("tiles") or []:
        if t.get("face_up") and t.get("tile") in tiles:
            for h in _fields(t):
                out[h] = tiles[t["tile"]].terrain
    return out


def _seat_name(words: Words, view: dict[str, Any], seat: int) -> str:
    shown = words.name(PLAYER_KIND, seat) if words.names is not None else ""
    if shown and shown != str(seat):
        return shown
    players = view.get("players") or []
    label = words(SEAT(n=seat + 1))
    if 0 <= seat < len(players) and players[seat].get("faction"):
        return f"{label} {words.name('faction', players[seat]['faction'])}"
    return label


def _style(seat: int | None) -> SeatStyle:
    return seat_style(seat)


def _short(pen: _Pen, text: str, size: float, room: float) -> list[str]:
    """A location's name in at most two lines of ``room`` design px."""
    lines = fonts.wrap(text, room / PT, size, locale=pen.words.locale)
    if len(lines) > 2:
        lines = [lines[0], lines[1][: max(1, len(lines[1]) - 1)] + "…"]
    return lines


# ---- the static layer: tiles --------------------------------------------------------------------
def _canvas(width: int, height: int, words: Words) -> tuple[Figure, _Pen]:
    fig, ax, scale = design_canvas(width, DESIGN_W, height, facecolor=PAPER)
    return fig, _Pen(ax, scale, words)


_STATIC = StaticLayerCache(capacity=16)


def _static_layer(view: dict[str, Any], width: int, words: Words, extra: tuple[tuple[int, int], ...] = ()) -> Any:
    """The band, the map's tiles (terrain, blocked fields, location names) and the panel frames."""
    height = _height(view)
    fig, pen = _canvas(width, height, words)
    pen.box(0, 0, DESIGN_W, BAND_H, face=BAND, radius=0, z=1)
    pen.box(MAP_X, MAP_Y, MAP_W, _map_height(view), face="#dfe9f2", edge="#9aa9b8", lw=1, radius=10, z=1)
    frame = _frame(view, extra)
    printed = _printed(view)
    terrain = _terrain(view)
    polys, faces, edges = [], [], []
    for t in view.get("tiles") or []:
        for h in _fields(t):
            polys.append(frame.poly(h))
            if not t.get("face_up"):
                faces.append(BACKS.get(str(t.get("kind")), BACK))
                edges.append(BACK_EDGE)
            else:
                f = printed.get(h)
                blocked = f is not None and _content().locations[f.location].category == "blocked"
                faces.append(BLOCKED if blocked else TERRAIN.get(terrain.get(h, ""), "#e6e0d0"))
                edges.append("#6b5a3e")
    pen.ax.add_collection(PolyCollection(polys, facecolors=faces, edgecolors=edges, linewidths=1.0 * pen.s, zorder=2))
    # each tile's outline, so neighbouring tiles of one terrain still read as separate pieces
    segments = []
    for t in view.get("tiles") or []:
        own = set(_fields(t))
        for h in own:
            for d in range(6):
                n = neighbour(Hex(*h), d)
                if (n.q, n.r) not in own:
                    segments.append([frame.point(p) for p in edge_segment(Hex(*h), d, 1.0)])
    pen.ax.add_collection(LineCollection(segments, colors="#2b2218", linewidths=2.2 * pen.s, zorder=2.2))
    for t in view.get("tiles") or []:
        cx, cy = frame.centre(_fields(t)[0])
        if not t.get("face_up"):
            word = FACE_DOWN.get(str(t.get("kind")))
            if word is not None:
                pen.text(cx, cy, words(word()), 12, colour="#e9e0f7", ha="center", bold=True, z=3)
    room = frame.size * 1.6
    size = max(6.0, min(10.5, frame.size / 4.2))
    for h, f in printed.items():
        loc = _content().locations[f.location]
        if loc.category in ("empty", "blocked"):
            continue
        cx, cy = frame.centre(h)
        lines = _short(pen, words.name("location", loc.id, loc.name), size, room)
        top = cy - (len(lines) - 1) * size * 0.65 * PT
        for i, line in enumerate(lines):
            pen.text(cx, top + i * size * 1.3 * PT, line, size, ha="center", z=3, room=room)
    states = view.get("fields") or {}
    for h, f in printed.items():
        if f.guard and not (states.get(f"{h[0]},{h[1]}") or {}).get("cleared"):
            cx, cy = frame.centre(h)
            label = f"⚔{f.guard}"
            tw = pen.width(label, 10, bold=True) + 8
            pen.box(cx - tw / 2, cy + frame.size * 0.42, tw, frame.size * 0.36, face=GUARD, radius=4, z=4)
            pen.text(cx, cy + frame.size * 0.60, label, 10, colour="#ffffff", bold=True, ha="center", z=4.5)
    pen.text(MAP_X + 10, MAP_Y + _map_height(view) + 18, "⚔" + words(LEGEND()), 11, colour=MUTED, z=3, room=MAP_W)
    return to_rgba(fig)


def _frame(view: dict[str, Any], extra: Iterable[tuple[int, int]] = ()) -> _Frame:
    """The map fitted to its tiles and ``extra`` hexes (a decision's empty slots where a tile may go)."""
    hexes = [h for t in view.get("tiles") or [] for h in _fields(t)] + list(extra)
    return _Frame(hexes, _map_height(view))


# ---- the pieces ------------------------------------------------------------------------------
def _band(pen: _Pen, view: dict[str, Any]) -> None:
    w = pen.words
    if view.get("mode") == "tournament":
        title = w(TITLE_TOURNAMENT())
    else:
        title = w(TITLE(scenario=Ref(kind="scenario", id=str(view.get("scenario")))))
    pen.text(22, 28, title, 26, colour=BAND_INK, bold=True, z=3, room=760)
    parts = [w(ROUND(round=int(view.get("round") or 0), limit=int(view.get("round_limit") or 0)))]
    kind = ROUND_KIND.get(str(view.get("round_kind")))
    if kind is not None:
        parts.append(w(kind()))
    if view.get("astrologer"):
        parts.append(w(ASTROLOGER(name=Ref(kind="astrologer", id=str(view["astrologer"])))))
    current = (view.get("events") or {}).get("current")
    if current:  # [EXP: Fortress] the event face up (H3-7.5.2: read out, public)
        parts.append(w(EVENT(name=Ref(kind="event", id=str(current)))))
    pen.text(22, 64, " · ".join(parts), 18, colour="#ffffff", z=3, room=900)
    winners = view.get("winners")
    if view.get("end_reason") or winners:
        names = [_seat_name(w, view, int(s)) for s in winners or []]
        lost = view.get("mode") == "cooperative" and not names  # H3-3.2.4: the AI enemy beat the table
        line = w(OVER(names=w.join(names))) if names else w(OVER_AI()) if lost else w(OVER_DRAW())
        pen.text(DESIGN_W - 24, 42, line, 18, colour=CHOICE, bold=True, ha="right", z=3, room=800)
    elif view.get("active") is not None:
        seat = int(view["active"])
        style = _style(seat)
        label = w(TURN(name=_seat_name(w, view, seat)))
        tw = pen.width(label, 24, bold=True)
        pen.box(DESIGN_W - 44 - tw, 16, tw + 26, 52, face=style.colour, radius=10, z=2)
        pen.text(DESIGN_W - 31, 42, label, 24, colour="#ffffff", bold=True, ha="right", z=3)


def _fields_layer(pen: _Pen, view: dict[str, Any], frame: _Frame) -> None:
    """Guards not yet beaten, flags (one square per owner), visited marks and settlements' produce."""
    printed = _printed(view)
    states = view.get("fields") or {}
    s = frame.size
    for h in printed:
        st = states.get(f"{h[0]},{h[1]}") or {}
        cx, cy = frame.centre(h)
        owners = list(st.get("flags") or [])
        if st.get("flag") is not None:
            owners.insert(0, int(st["flag"]))
        for i, seat in enumerate(owners):
            # Low on the field, left of the guard badge (gone once a flag is up): clear of the two lines
            # of the location's name, which the squares used to cover ("Dungeon Town" read "ungeon").
            ai = int(seat) == AI_SEAT  # the AI enemy's flag (H3-41.5): its own colour, no seat's
            colour, edge = (AI_COLOUR, AI_EDGE) if ai else (_style(int(seat)).colour, "#111111")
            q = s * 0.28
            x, y = cx - s * 0.68 + i * (q + 2), cy + s * 0.38
            pen.ax.add_artist(
                Rectangle((x, y), q, q, facecolor=colour, edgecolor=edge, linewidth=1.2 * pen.s, zorder=4.6)
            )
        if st.get("black"):
            pen.ax.add_artist(Circle((cx + s * 0.55, cy - s * 0.55), s * 0.12, facecolor="#111111", zorder=4.6))
        if st.get("produce"):
            colour = RESOURCE_SHORT.get(str(st["produce"]), MUTED)
            pen.ax.add_artist(Circle((cx + s * 0.62, cy), s * 0.12, facecolor=colour, edgecolor=INK, zorder=4.6))


# A hero's disc sits in the field's top corner, above its location's name: the name (drawn in the
# cached tile layer, at most two lines around the centre, which reach about 0.4 field sizes up) used
# to be covered by the disc ("Dungeon Town" under a hero). In field sizes (the hex's corner radius).
HERO_Y = 0.78  # the discs' centre above the field's centre
HERO_R = {"main": 0.36, "secondary": 0.28}  # radius: the disc's bottom stays above the name's top line
HERO_STEP = 0.46  # between the centres of heroes sharing a field: overlapping a little, clear of the neighbours' guards


def _heroes(pen: _Pen, view: dict[str, Any], frame: _Frame) -> None:
    """Each hero on the map as a disc in its owner's colour with the MP it has left."""
    s = frame.size
    active = view.get("active")
    out: list[tuple[dict[str, Any], str, tuple[int, int]]] = []
    for p in view.get("players") or []:
        if p.get("eliminated"):
            continue
        for kind in ("main", "secondary"):
            hero = p.get(kind)
            if hero:
                out.append((p, kind, (int(hero["field"][0]), int(hero["field"][1]))))
    sharing: dict[tuple[int, int], int] = {}
    for _, _, h in out:
        sharing[h] = sharing.get(h, 0) + 1
    for a in _ai_heroes(view):  # an AI hero shares a field with another, or for a moment with a player's
        h = (int(a["field"][0]), int(a["field"][1]))
        sharing[h] = sharing.get(h, 0) + 1
    placed: dict[tuple[int, int], int] = {}
    for p, kind, h in out:
        n = placed.get(h, 0)
        placed[h] = n + 1
        style = _style(int(p["seat"]))
        hero = p[kind]
        cx, cy = frame.centre(h)
        cx += s * HERO_STEP * (n - (sharing[h] - 1) / 2)
        cy -= s * HERO_Y
        r = s * HERO_R[kind]
        ring = CHOICE if p["seat"] == active else "#ffffff"
        pen.ax.add_artist(Circle((cx, cy), r, facecolor=style.colour, edgecolor=ring, linewidth=2.5 * pen.s, zorder=7))
        if kind == "secondary":  # a secondary hero is the smaller disc with a dark inner ring
            pen.ax.add_artist(Circle((cx, cy), r * 0.78, facecolor="none", edgecolor="#111111", zorder=7.2))
        mp = int(hero.get("mp") or 0) + int(hero.get("mp_turn") or 0)
        pen.text(cx, cy, str(mp), 14 if kind == "main" else 11, colour="#ffffff", bold=True, ha="center", z=7.5)
    labels: dict[tuple[int, int], int] = {}
    for a in _ai_heroes(view):
        h = (int(a["field"][0]), int(a["field"][1]))
        n = placed.get(h, 0)
        placed[h] = n + 1
        row = labels.get(h, 0)  # AI heroes sharing a field: their names stacked, not overlapping
        labels[h] = row + 1
        cx, cy = frame.centre(h)
        cx += s * HERO_STEP * (n - (sharing[h] - 1) / 2)
        cy -= s * HERO_Y
        _ai_marker(pen, cx, cy, s * HERO_R["main"], pen.words.name("hero", a.get("hero")), row)

    pending = view.get("pending")
    if pending and pending.get("target"):
        h = (int(pending["target"][0]), int(pending["target"][1]))
        pen.ax.add_collection(
            PolyCollection([frame.poly(h, 0.96)], facecolors="none", edgecolors=GUARD, linewidths=4 * pen.s, zorder=6)
        )


def _ai_heroes(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The AI enemy's heroes still on the map (a Cooperative view's ``ai``; a defeated one has left it)."""
    return [a for a in (view.get("ai") or {}).get("heroes") or [] if not a.get("defeated") and a.get("field")]


def _ai_marker(pen: _Pen, cx: float, cy: float, r: float, name: str, row: int = 0) -> None:
    """An AI hero (H3-41.1): a dark diamond, never a seat's disc, with its printed name above it
    (``row`` lines higher for the second AI hero on a field, and so on)."""
    pen.ax.add_artist(
        RegularPolygon(
            (cx, cy),
            4,
            radius=r * 1.15,
            orientation=0.0,
            facecolor=AI_COLOUR,
            edgecolor=AI_EDGE,
            linewidth=2.5 * pen.s,
            zorder=7,
        )
    )
    pen.text(cx, cy, "AI", 11, colour=AI_EDGE, bold=True, ha="center", z=7.5)
    tw = pen.width(name, 10, bold=True) + 8
    top = cy - r * 1.15 - 20 - 20 * row
    pen.box(cx - tw / 2, top, tw, 18, face=AI_COLOUR, radius=4, z=7.6)
    pen.text(cx, top + 9, name, 10, colour="#ffffff", bold=True, ha="center", z=7.7)


def _ai_legend(pen: _Pen, view: dict[str, Any]) -> None:
    """The AI enemy's key, in the map box's top corner (only a Cooperative view has an ``ai``)."""
    ai = view.get("ai") or {}
    if not ai.get("faction"):
        return
    w = pen.words
    text = w(AI_LEGEND(faction=Ref(kind="faction", id=str(ai["faction"]))))
    tw = pen.width(text, 12) + 20
    pen.box(MAP_X + 8, MAP_Y + 8, tw, 26, face=AI_COLOUR, edge=AI_EDGE, lw=1.5, radius=6, z=6.5)
    pen.text(MAP_X + 18, MAP_Y + 21, text, 12, colour="#ffffff", z=6.6)


def _machines(pen: _Pen, view: dict[str, Any]) -> None:
    """The war machines still for sale (H3-6.32: a face-up pile, public), in the map box's bottom corner;
    only a game with the Rampart box has the pile."""
    pile = view.get("war_machines") or []
    if not pile:
        return
    w = pen.words
    text = w(MACHINES(names=[Ref(kind="card", id=str(c)) for c in pile]))
    tw = pen.width(text, 12) + 20
    top = MAP_Y + _map_height(view) - 34
    pen.box(MAP_X + 8, top, tw, 26, face=tint(INK, 0.15), edge=INK, lw=1.5, radius=6, z=6.5)
    pen.text(MAP_X + 18, top + 13, text, 12, colour="#ffffff", z=6.6)


def _hero_stats(player: dict[str, Any]) -> dict[str, int]:
    hero = _content().heroes.get(str(player.get("hero")))
    if hero is None:
        return {"attack": 0, "defense": 0, "power": 0, "knowledge": 0}
    return {"attack": hero.attack, "defense": hero.defense, "power": hero.power, "knowledge": hero.knowledge}


def _panels(pen: _Pen, view: dict[str, Any]) -> None:
    w = pen.words
    players = view.get("players") or []
    if not players:
        return
    top, bottom = MAP_Y, BASE_H - 20
    gap = 10
    each = (bottom - top - gap * (len(players) - 1)) / len(players)
    # one more line in every panel while some player's played cards leave something pending (public)
    played = {int(p["seat"]): card_state_words(p) for p in players}
    extra = int(any(played.values())) + int(any(p.get("permanent") for p in players))
    line = min(34.0, (each - 52) / (7 + extra))
    size = min(15.0, line / 2.1)
    for i, p in enumerate(players):
        seat = int(p["seat"])
        style = _style(seat)
        y = top + i * (each + gap)
        edge = CHOICE if view.get("active") == seat else tint(style.colour, 0.3)
        pen.box(PANEL_X, y, PANEL_W, each, face=tint(style.colour, 0.88), edge=edge, lw=3, radius=10, z=2)
        pen.box(PANEL_X, y, PANEL_W, 44, face=style.colour, radius=10, z=2.2)
        head = _seat_name(w, view, seat)
        faction = w.name("faction", p.get("faction"))
        if faction and faction not in head:
            head = f"{head} · {faction}"
        if p.get("eliminated"):
            head = f"{head} · {w(ELIMINATED())}"
        pen.text(PANEL_X + 14, y + 22, head, 20, colour="#ffffff", bold=True, z=3, room=PANEL_W - 120)
        badge = w(VP(n=int(p["vp"]))) if p.get("vp") is not None else _team(w, view, seat)
        if badge:
            pen.text(PANEL_X + PANEL_W - 14, y + 20, badge, 16, colour="#ffffff", bold=True, ha="right", z=3)
        morale = int(p.get("morale") or 0)
        stats = _hero_stats(p)
        lines = [
            w(
                HERO_LINE(
                    hero=Ref(kind="hero", id=str(p.get("hero"))),
                    level=int(p.get("level") or 1),
                    xp=int(p.get("xp") or 0),
                    **stats,
                )
            ),
            w(PURSE(**purse(p))),
            w(
                CARDS(
                    hand=int(p.get("hand_size") or 0),
                    limit=int(p.get("hand_limit") or 0),
                    deck=int(p.get("deck_size") or 0),
                    discard=len(p.get("discard") or []),
                    morale=f"{morale:+d}" if morale else "0",
                )
            ),
            w(MAP_HEROES(main=_hero_where(w, p.get("main")), secondary=_hero_where(w, p.get("secondary")))),
            w(BUILDINGS(names=_names(w, "building", p.get("buildings") or []))),
            w(ARMY(names=_army(w, p.get("army") or []))),
            w(CUBES(n=sum(int(v) for v in (p.get("cubes") or {}).values()), far=int(p.get("far_supply") or 0))),
        ]
        pending = played[seat]
        if pending is not None:
            lines.append(w(pending))
        if p.get("permanent"):  # H3-13.2.7: the seat's permanent in play, face up (a war machine, H3-19.1)
            lines.append(w(IN_PLAY(card=Ref(kind="card", id=str(p["permanent"])))))
        room = PANEL_W - 28
        fitted = [_cut(pen, text, size, room) for text in lines]
        pen.ax.text(
            PANEL_X + 14,
            y + 52,
            "\n".join(fitted),
            fontsize=size * pen.s,
            color=INK,
            ha="left",
            va="top",
            linespacing=line / (size * PT * 1.2),
            zorder=3,
        )


def _team(w: Words, view: dict[str, Any], seat: int) -> str:
    """An Alliance seat's team (H3-3.2.3), numbered as the scenario lists them; "" outside Alliance games
    (a Cooperative table is one team against the AI enemy: no badge)."""
    if view.get("mode") == "cooperative":
        return ""
    for n, team in enumerate(view.get("teams") or [], start=1):
        if seat in team:
            return w(TEAM(n=n))
    return ""


def _cut(pen: _Pen, text: str, size: float, room: float) -> str:
    """``text`` cut with "…" to fit ``room`` design px (a panel line is one line)."""
    if pen.width(text, size) <= room:
        return text
    while len(text) > 1 and pen.width(text + "…", size) > room:
        text = text[:-1]
    return text + "…"


def _hero_where(w: Words, hero: dict[str, Any] | None) -> str:
    if not hero:
        return w(NOT_ON_MAP())
    mp = int(hero.get("mp") or 0) + int(hero.get("mp_turn") or 0)
    return w(passing_words(hero, MP(mp=mp)))  # and the field it passes through (Pathfinding, Angel Wings)


def _names(w: Words, kind: str, ids: list[str]) -> str:
    if not ids:
        return w(NONE())
    return w.join([w.name(kind, i) for i in ids])


def _army(w: Words, army: list[dict[str, Any]]) -> str:
    if not army:
        return w(NONE())
    return w.join([w.name("unit", a.get("card")) + ("+" if a.get("side") not in (None, "few") else "") for a in army])


# ---- the private strip -------------------------------------------------------------------------
def _strip(pen: _Pen, view: dict[str, Any]) -> None:
    """The reader's own hand, each card with its name and printed text (H-1: from ``you`` only)."""
    you = view.get("you") or {}
    w = pen.words
    y0 = BASE_H + 4
    pen.box(14, y0, DESIGN_W - 28, STRIP_H - 18, face="#fffaf0", edge="#6b5a3e", lw=2, radius=10, z=2)
    hand = list(you.get("hand") or [])
    pen.text(30, y0 + 22, w(YOUR_HAND(n=len(hand))), 16, bold=True, z=3)
    searching = list(you.get("searching") or [])
    if searching:
        names = w.join([w.name("card", c.get("card")) for c in searching])
        pen.text(DESIGN_W - 30, y0 + 22, w(SEARCHING(names=names)), 14, ha="right", z=3, room=800)
    if not hand:
        pen.text(30, y0 + 70, w(EMPTY_HAND()), 14, colour=MUTED, z=3)
        return
    cards = _content().cards
    per_row = max(4, min(7, len(hand)))
    rows = math.ceil(len(hand) / per_row)
    cw = (DESIGN_W - 60 - (per_row - 1) * 10) / per_row
    ch = (STRIP_H - 70 - (rows - 1) * 8) / rows
    for i, c in enumerate(hand):
        col, row = i % per_row, i // per_row
        x, y = 30 + col * (cw + 10), y0 + 44 + row * (ch + 8)
        pen.box(x, y, cw, ch, face="#f3e6c8", edge="#8a6d3b", lw=1.5, radius=8, z=3)
        card = cards.get(str(c.get("card")))
        pen.text(x + 10, y + 16, w.name("card", c.get("card")), 15, bold=True, z=4, room=cw - 20)
        if card is None:
            continue
        lines: list[str] = []
        room = (cw - 20) / PT
        if card.basic is not None and card.basic.text:
            lines += fonts.wrap(w.name(TEXT_KIND, card.basic.text), room, 12, locale=w.locale)
        if card.expert is not None and card.expert.text:
            lines += fonts.wrap(w(EXPERT(text=text_ref(card.expert.text))), room, 12, locale=w.locale)
        fit = max(1, int((ch - 40) // 21))
        if lines:
            pen.ax.text(
                x + 10,
                y + 32,
                "\n".join(lines[:fit]),
                fontsize=12 * pen.s,
                color=INK,
                ha="left",
                va="top",
                linespacing=21 / (12 * PT * 1.2),
                zorder=4,
            )


# ---- assembling ------------------------------------------------------------------------------
_words = combat_pictures.words_for  # one rule for both pictures: the bot's names, then the content's


def _outline_tile(pen: Any, frame: Any, fields: Iterable[tuple[int, int]]) -> None:
    """A candidate tile's seven fields outlined in the choice colour (rotation and placement pictures)."""
    pen.ax.add_collection(
        PolyCollection(
            [frame.poly(f, 0.94) for f in fields],
            facecolors="none",
            edgecolors=CHOICE,
            linewidths=4 * pen.s,
            zorder=8.5,
        )
    )


def _static_key(view: dict[str, Any], width: int, words: Words, extra: tuple[tuple[int, int], ...] = ()) -> str:
    """The tiles and the beaten guards (A-24): they change only when a tile turns up or a guard falls;
    and the frame's extra hexes, which move every tile in the picture."""
    cleared = sorted(k for k, v in (view.get("fields") or {}).items() if v.get("cleared"))
    return fingerprint([width, words.locale, "you" in view, view.get("tiles"), cleared, sorted(extra)])


def _pixels(
    view: dict[str, Any], width: int, words: Words, extra: tuple[tuple[int, int], ...] = ()
) -> tuple[Figure, _Pen, _Frame, Any]:
    """The picture's dynamic artists over its cached static layer; ``extra`` hexes widen the frame."""
    background = _STATIC.get(_static_key(view, width, words, extra), lambda: _static_layer(view, width, words, extra))
    fig, pen = _canvas(width, _height(view), words)
    frame = _frame(view, extra)
    _band(pen, view)
    _fields_layer(pen, view, frame)
    _heroes(pen, view, frame)
    _ai_legend(pen, view)
    _machines(pen, view)
    _panels(pen, view)
    if "you" in view:
        _strip(pen, view)
    return fig, pen, frame, background


COMBAT_MODES = {"neutral": "neutral", "siege": "siege", "player": "duel"}


def combat_view(view: dict[str, Any]) -> dict[str, Any] | None:
    """The combat being fought on the map (H3-30) in the shape of a skirmish's view, or None.

    Why: a combat on the map is the same 4 x 5 board as a skirmish (H3-32.1), so it is drawn by the
    combat picture (``renderers.heroes3``) from the public part of the Clash view: the sides'
    hands are counts there too (H-1).
    """
    combat = view.get("combat")
    if not combat:
        return None
    out = dict(combat)
    out["mode"] = COMBAT_MODES.get(str(combat.get("kind")), "duel")
    out["neutral_decks"] = view.get("neutral_decks") or {}
    out["result"] = None
    return out


def render_board(view: dict[str, Any], *, width: int = 1800, locale: Any = "en", names: Names | None = None) -> bytes:
    """The adventure map of a Clash view as PNG bytes, ``width`` px wide (a seat's view adds its hand);
    while a combat is fought on the map, its combat board."""
    fighting = combat_view(view)
    if fighting is not None:
        return combat_pictures.render_board(fighting, width=max(width, 1600), locale=locale, names=names)
    words = _words(locale, names)
    with fonts.for_locale(words.locale):
        fig, _, _, background = _pixels(view, width, words)
        return png_quantized(draw_over(fig, background))


def _hex_key(key: str) -> tuple[int, int] | None:
    q, sep, r = key.partition(",")
    if not sep:
        return None
    try:
        return int(q), int(r)
    except ValueError:
        return None


def _turn_key(key: str) -> tuple[tuple[int, int], int] | None:
    """A candidate ``"q,r@turn"`` (the tile centred on q,r turned by ``turn`` sixths) as its parts, else None."""
    where, sep, turn = key.partition("@")
    h = _hex_key(where)
    if not sep or h is None or not turn.isdigit():
        return None
    return h, int(turn) % 6


def _preview(pen: _Pen, tile_id: str | None, turn: int, box: tuple[float, float, float, float], label: str) -> None:
    """One offered turn: the tile's seven fields (terrain, blocked fields, locations, guards) turned by
    ``turn`` sixths, in the map's own orientation, under its button's label."""
    x, y, w, h = box
    pen.box(x, y, w, h, face="#2b2b2b", edge=CHOICE, lw=2, radius=8, z=9)
    pen.text(x + w / 2, y + 20, label, 15, colour=CHOICE, bold=True, ha="center", z=9.5, room=w - 16)
    tile = _content().tiles.get(str(tile_id))
    if tile is None:  # a face-down tile: nothing of it to show (H-9)
        return
    hexes = [field_hex((0, 0), i, turn) for i in range(7)]
    pts = [p for hx in hexes for p in corners(Hex(*hx), 1.0)]
    x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
    span_x, span_y = max(p[0] for p in pts) - x0, max(p[1] for p in pts) - y0
    size = min((w - 20) / span_x, (h - 52) / span_y)
    ox = x + (w - span_x * size) / 2 - x0 * size
    oy = y + 40 + (h - 48 - span_y * size) / 2 - y0 * size
    polys, faces = [], []
    for i, hx in enumerate(hexes):
        polys.append([(ox + px * size, oy + py * size) for px, py in corners(Hex(*hx), 1.0)])
        blocked = _content().locations[tile.field(i).location].category == "blocked"
        faces.append(BLOCKED if blocked else TERRAIN.get(tile.terrain, "#e6e0d0"))
    pen.ax.add_collection(
        PolyCollection(polys, facecolors=faces, edgecolors="#6b5a3e", linewidths=1.0 * pen.s, zorder=9.2)
    )
    room = size * 1.6
    font = max(6.0, min(10.0, size / 4.2))
    for i, hx in enumerate(hexes):
        f = tile.field(i)
        loc = _content().locations[f.location]
        px, py = to_pixel(Hex(*hx), 1.0)
        cx, cy = ox + px * size, oy + py * size
        if loc.category not in ("empty", "blocked"):
            lines = _short(pen, pen.words.name("location", loc.id, loc.name), font, room)
            top = cy - (len(lines) - 1) * font * 0.65 * PT
            for j, line in enumerate(lines):
                pen.text(cx, top + j * font * 1.3 * PT, line, font, ha="center", z=9.4, room=room)
        if f.guard:
            pen.text(cx, cy + size * 0.6, f"⚔{f.guard}", font, colour=GUARD, bold=True, ha="center", z=9.4)


def _render_turns(
    view: dict[str, Any], turns: list[tuple[tuple[tuple[int, int], int], str]], width: int, words: Words
) -> bytes:
    """A rotation decision: the map with the tile's fields outlined (the rest dimmed), and over the
    panels a grid of previews of the tile in each offered turn, each under its button's label.

    Why previews rather than the map once per turn: six maps are too much for one picture, and the
    tile alone, drawn in the map's orientation, is what the player compares (which field faces which
    neighbour). Only a face-up tile is previewed: its id is in the view (H-9)."""
    fig, pen, frame, background = _pixels(view, width, words)
    centre = turns[0][0][0]
    tile = next((t for t in view.get("tiles") or [] if tuple(t.get("centre") or ()) == centre), None)
    fields = _fields(tile) if tile is not None else [field_hex(centre, i) for i in range(7)]
    dim = [frame.poly(h) for t in view.get("tiles") or [] for h in _fields(t) if h not in fields]
    pen.ax.add_collection(PolyCollection(dim, facecolors="#2a2a2a", edgecolors="none", alpha=0.45, zorder=8))
    _outline_tile(pen, frame, fields)
    tile_id = tile.get("tile") if tile is not None and tile.get("face_up") else None
    top, height = MAP_Y, BASE_H - 20 - MAP_Y
    pen.box(PANEL_X - 4, top - 4, PANEL_W + 8, height + 8, face="#1d1d1d", edge=CHOICE, lw=2, radius=10, z=8.8)
    cols = 1 if len(turns) == 1 else 2
    rows = math.ceil(len(turns) / cols)
    gap = 12
    cw = (PANEL_W - gap * (cols + 1)) / cols
    ch = min((height - gap * (rows + 1)) / rows, cw * 1.2)
    for n, ((_, turn), label) in enumerate(turns):
        col, row = n % cols, n // cols
        box = (PANEL_X + gap + col * (cw + gap), top + gap + row * (ch + gap), cw, ch)
        _preview(pen, str(tile_id) if tile_id is not None else None, turn, box, label)
    return png_quantized(draw_over(fig, background))


def render_decision(
    view: dict[str, Any],
    candidates: dict[str, str],
    *,
    width: int = 1800,
    locale: Any = "en",
    names: Names | None = None,
) -> bytes:
    """The map with the decision's candidate fields outlined and labelled with their button texts.

    A candidate is a field ``"q,r"`` (where a hero steps, 1 MP: H3-9.2), the centre of a
    face-down tile (a tile to discover, H3-23.1: its seven fields are outlined) or the centre of an
    empty slot (where a tile goes: H3-23.2, or a Tournament tile, H3-45.2); the rest is dimmed. The
    map is fitted to take the empty slots in too, and a step's cost is said only while heroes are
    on the map (the Tournament's map building places tiles before any hero, H3-45.2).
    """
    fighting = combat_view(view)
    if fighting is not None:  # a combat's decision: its cells and units, on the combat board
        return combat_pictures.render_decision(fighting, candidates, width=max(width, 1600), locale=locale, names=names)
    words = _words(locale, names)
    turns = {k: (t, label) for k, label in candidates.items() if (t := _turn_key(k)) is not None}
    if turns:  # how a tile is turned (H3-45.2.1, H3-6.22, H3-23.4): the tile in each offered turn
        with fonts.for_locale(words.locale):
            return _render_turns(view, list(turns.values()), width, words)
    backs = {
        (int(t["centre"][0]), int(t["centre"][1])): _fields(t) for t in view.get("tiles") or [] if not t.get("face_up")
    }
    on_map = {f for t in view.get("tiles") or [] for f in _fields(t)}
    slots = [h for h in map(_hex_key, candidates) if h is not None and h not in backs and h not in on_map]
    extra = tuple(sorted({field_hex(h, i) for h in slots for i in range(7)}))
    with fonts.for_locale(words.locale):
        fig, pen, frame, background = _pixels(view, width, words, extra)
        chosen: dict[tuple[int, int], tuple[str, list[tuple[int, int]]]] = {}
        for key, label in candidates.items():
            h = _hex_key(key)
            if h is None:
                continue
            if h in backs:  # a tile to discover: its seven fields
                chosen[h] = (label, backs[h])
            elif h not in on_map:  # where a Far tile goes (H3-23.2): the seven fields it will cover
                chosen[h] = (label, [field_hex(h, i) for i in range(7)])
            else:
                chosen[h] = (label, [h])
        lit = {f for _, fields in chosen.values() for f in fields}
        dim = [frame.poly(h) for t in view.get("tiles") or [] for h in _fields(t) if h not in lit]
        pen.ax.add_collection(PolyCollection(dim, facecolors="#2a2a2a", edgecolors="none", alpha=0.45, zorder=8))
        heroes_out = any(p.get(k) for p in view.get("players") or [] for k in ("main", "secondary"))
        cost = f" · {words(STEP_COST())}" if heroes_out else ""
        # Each candidate gets a numbered badge on the map and a line "n · its button text · 1 MP" in
        # the list over the panels: neighbouring fields' long labels would cover each other on the map.
        rows = sorted(chosen.items(), key=lambda item: item[1][0])
        top = MAP_Y
        pen.box(PANEL_X, top, PANEL_W, 24 + 34 * len(rows), face="#1d1d1d", edge=CHOICE, lw=2, radius=10, z=9)
        for n, (h, (label, fields)) in enumerate(rows, start=1):
            _outline_tile(pen, frame, fields)
            cx, cy = frame.centre(h)
            cy += frame.size * 0.3  # below a hero's disc (drawn at the top of the field)
            pen.ax.add_artist(
                Circle(
                    (cx, cy), frame.size * 0.36, facecolor="#1d1d1d", edgecolor=CHOICE, linewidth=2 * pen.s, zorder=9
                )
            )
            pen.text(cx, cy, str(n), 14, colour="#ffffff", bold=True, ha="center", z=9.5)
            y = top + 29 + 34 * (n - 1)
            pen.text(PANEL_X + 16, y, str(n), 15, colour=CHOICE, bold=True, z=9.5)
            pen.text(PANEL_X + 48, y, f"{label}{cost}", 14, colour="#ffffff", z=9.5, room=PANEL_W - 64)
        return png_quantized(draw_over(fig, background))


register(RULESET, render_board)
register_decision(RULESET, render_decision)
