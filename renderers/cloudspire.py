"""The Cloudspire board picture (issue 14): islands, fortresses, towers, units and landmarks,
a panel per player and a banner, drawn from the PUBLIC view only.

Why the public view and nothing else: the picture is posted in the game thread for every
seat, so it may show only what all of them know (the H-map of the spec): a face-down landmark
is its category, a deploy stack its top unit and height, a squad its top unit and member
count, a relic hand its size. ``render_board`` refuses nothing, it simply never reads the
private fields (``relics``, ``stack``, ``members``); the tests check that another seat's secret
never reaches the pixels' text.

Words come from the ``render`` catalog (``render.cs.*``) and the Cloudspire content names, in the
reader's language; Chinese labels are drawn with the CJK fallback of ``renderers.fonts``. The
picture is encoded as a palette PNG (``png_quantized``): flat colours, well under 400 KB.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Rectangle

import renderers
from engine.core.hexgrid import Hex, corners, to_pixel
from engine.core.text import message
from i18n.names import Names
from renderers import fonts
from renderers.canvas import DPI, new_figure, to_rgba
from renderers.hexmap import bounds, png_quantized, widen
from renderers.palette import SeatStyle, seat_style
from renderers.words import SEAT, Words, game_names

INK = "#222222"
MUTED = "#6b6258"
PAPER = "#fbf8f1"
SKY = "#dfe9f2"
ACTIVE = "#F0E442"  # Okabe-Ito yellow: no seat uses it
TERRAIN_FILL = {"P": "#e6cf98", "G": "#cfe3a0", "F": "#86b873", "M": "#b8aca0", "W": "#92c3e6"}
CHIP_FILL = {"attack": "#c0392b", "range": "#2471a3", "defense": "#7f8c8d"}
WELL_FACE = "#7fd3e8"
LANDMARK_DOWN = "#8d7b68"
LANDMARK_UP = "#7b2d26"
CHOICE = "#ffcc00"  # a decision's candidates: the outline no seat uses (as on the Runewars board)
DIM = (0.16, 0.15, 0.13, 0.55)  # what cannot be chosen: darkened, its pieces still readable
GHOST = "#fff3c4"  # a candidate hex off the islands
CROWDED = 12  # more candidates than this: each is labelled with its hex as the buttons write it

TITLE = message("render.cs.title", "CLOUDSPIRE")
WAVE = message("render.cs.wave", "Wave {wave}/{waves}")
ROUND = message("render.cs.round", "round {round}")
EVENT = message("render.cs.event", "Event: {event}")
NO_EVENT = message("render.cs.no_event", "No event")
WAITING = message("render.cs.waiting", "Waiting on {names}")
GAME_OVER = message("render.cs.game_over", "Game over: {names} win")
GAME_DRAWN = message("render.cs.game_drawn", "Game over: a draw")
SEP = message("render.cs.sep", " · ")
PHASES = {
    "setup": message("render.cs.phase.setup", "Setup"),
    "landmarks": message("render.cs.phase.landmarks", "Setup: landmarks"),
    "event": message("render.cs.phase.event", "Event phase"),
    "income": message("render.cs.phase.income", "Income phase"),
    "market": message("render.cs.phase.market", "Market phase"),
    "build": message("render.cs.phase.build", "Build phase"),
    "prep": message("render.cs.phase.prep", "Prep phase"),
    "siege": message("render.cs.phase.siege", "Siege phase"),
    "wave_end": message("render.cs.phase.wave_end", "End of the wave"),
}
STEPS = {
    "turn_start": message("render.cs.step.turn_start", "turn start"),
    "heroes_1": message("render.cs.step.movement", "movement"),
    "heroes_3": message("render.cs.step.movement", "movement"),
    "vanguard": message("render.cs.step.movement", "movement"),
    "minion_move": message("render.cs.step.movement", "movement"),
    "towers": message("render.cs.step.towers", "tower attacks"),
    "explore": message("render.cs.step.explore", "exploration"),
    "reveal": message("render.cs.step.explore", "exploration"),
    "attacks": message("render.cs.step.attacks", "attacks"),
}
SOURCE = message("render.cs.source", "Source {n}")
GATE = message("render.cs.gate", "Gate {hp}/{max}")
BREACHED = message("render.cs.breached", "BREACHED")
TARGET = message("render.cs.target", "target: {name}")
TOWERS = message("render.cs.towers", "towers {n}")
LIMITED = message("render.cs.limited", "limited builds used {n}")
STACK = message("render.cs.stack", "deploy stack: {entries} ({chips} chips)")
STACK_TOP = message("render.cs.stack_top", "top: {unit}")
RELICS = message("render.cs.relics", "relics {n}")
ADVANCEMENTS = message("render.cs.advancements", "Advancements: {names}")
BESIDE = message("render.cs.beside", "Beside the barracks: {names}")
NONE = message("render.cs.none", "none")
REST = message("render.cs.rest", "resting")
MARKET = message("render.cs.market", "Market")
LAND_TILE = message("render.cs.land_tile", "land tile #{tile}")
SUPPLY = message("render.cs.supply", "supply {n} · events {events} · relics {relics}")
# CS-3.1 strict supply: what the shared component pools still hold.
POOLS = message("render.cs.pools", "chips left: HP {hp} · attack {attack} · range {range} · defense {defense}")
LEGEND_WELL = message("render.cs.legend.well", "source well")
LEGEND_HERO = message("render.cs.legend.hero", "hero (HP)")
LEGEND_MINION = message("render.cs.legend.minion", "minion (HP, ×squad)")
LEGEND_DOWN = message("render.cs.legend.face_down", "landmark face down")
LEGEND_TOWER = message("render.cs.legend.tower", "tower (chips top to bottom)")
CATEGORIES = {
    "swamp": message("render.cs.category.swamp", "swamp"),
    "ruins": message("render.cs.category.ruins", "ruins"),
    "relic_site": message("render.cs.category.relic_site", "relic site"),
    "temple": message("render.cs.category.temple", "temple"),
    "drake": message("render.cs.category.drake", "drake"),
    "white": message("render.cs.category.white", "white"),
}

BANNER_H = 86
MARKET_H = 150
GAP = 12
BOARD_SHARE = 0.64  # of the width
ASPECT = 0.62  # height / width
PX = 100 / 72  # pixels per point at the canvas DPI: widths are measured in pixels, text is sized in points


def _hex(k: str) -> Hex:
    q, r = k.split(",")
    return Hex(int(q), int(r))


def _short(text: str, limit: int = 7) -> str:
    """A board label: a few characters of a name (Chinese names are already short)."""
    if not text.isascii():
        return text[:3]
    return text if len(text) <= limit else text[: limit - 1] + "."


class _Scene:
    """One picture: the figure, its pixel overlay and the words in the reader's language."""

    def __init__(self, view: dict[str, Any], width: int, words: Words, *, sketch: bool = False) -> None:
        self.view = view
        self.words = words
        self.w = width
        self.h = int(width * ASPECT)
        self.k = width / 1800  # font scale
        # A sketch lays the picture out (every word, where it goes) without a matplotlib figure: the
        # figure and its axes cost most of a layout, and a test over every simulated state needs none.
        figure: Any = _SketchFigure(self.w, self.h) if sketch else new_figure(self.w, self.h, facecolor=PAPER)
        self.fig: Figure = figure  # a sketch answers every call a scene makes of its figure and axes
        self.over: Axes = self.fig.add_axes((0.0, 0.0, 1.0, 1.0))
        self.over.set_xlim(0, self.w)
        self.over.set_ylim(self.h, 0)
        self.over.axis("off")
        self.over.set_zorder(0)
        self.players: list[dict[str, Any]] = list(view.get("players") or [])
        self.labels: list[_Label] = []
        self._names: dict[tuple[str, str], str] = {}
        self.ghosts: list[str] = []  # hexes off the islands a decision offers (a tile's anchor, a gate)

    # ---- helpers --------------------------------------------------------------------------
    def style(self, seat: int | None) -> SeatStyle:
        return seat_style(seat)

    def text(self, x: float, y: float, s: str, size: float, **kw: Any) -> None:
        """A label at figure pixels (y down); drawn later as a cached glyph sprite (``_paint``)."""
        if s:
            self.labels.append(
                _Label(
                    x,
                    y,
                    s,
                    size * self.k,
                    kw.get("color", INK),
                    kw.get("fontweight") == "bold",
                    kw.get("ha", "left"),
                    kw.get("va", "top"),
                    False,
                )
            )

    def seat_name(self, seat: int | None) -> str:
        if seat is None or not (0 <= seat < len(self.players)):
            return "?"
        faction = self.players[seat].get("faction")
        label = self.words(SEAT(n=seat + 1))
        if faction:
            return f"{label} {self.words.name('faction', faction)}"
        return label

    def name(self, kind: str, id: str) -> str:
        """A content name, looked up once per picture (a crowded board repeats the same few)."""
        found = self._names.get((kind, id))
        if found is None:
            found = self._names[(kind, id)] = self.words.name(kind, id)
        return found

    def unit_name(self, type_id: str) -> str:
        return self.name("unit", type_id)

    # ---- banner ---------------------------------------------------------------------------
    def banner(self) -> None:
        v, w = self.view, self.words
        self.over.add_patch(Rectangle((0, 0), self.w, BANNER_H * self.k, facecolor="#2f3e4e", zorder=1))
        self.text(18 * self.k, 14 * self.k, w(TITLE()), 24, color="#ffffff", fontweight="bold", zorder=2)
        parts = [w(WAVE(wave=v["wave"], waves=v.get("waves") or 4))] if v.get("wave") else []
        phase = PHASES.get(str(v.get("phase")))
        if phase is not None:
            parts.append(w(phase()))
        if v.get("phase") == "siege" and v.get("round"):
            parts.append(w(ROUND(round=v["round"])))
        steps = v.get("steps") or []
        step = STEPS.get(steps[0]["kind"]) if steps else None
        if step is not None:
            parts.append(w(step()))
        self.text(18 * self.k, 52 * self.k, w(SEP()).join(parts), 15, color="#ffffff", zorder=2)
        event = v.get("event")
        right = [w(EVENT(event=w.name("event", event))) if event else w(NO_EVENT())]
        winner = v.get("winner")
        if winner is not None:
            names = w.join([self.seat_name(s) for s in winner])
            right.append(w(GAME_OVER(names=names)) if winner else w(GAME_DRAWN()))
        else:
            waiting = sorted({int(s["seat"]) for s in steps if s.get("seat") is not None and int(s["seat"]) >= 0})
            if waiting:
                right.append(w(WAITING(names=w.join([self.seat_name(s) for s in waiting]))))
        x = self.w - 18 * self.k
        self.text(x, 14 * self.k, right[0], 14, color="#ffffff", ha="right", zorder=2)
        if len(right) > 1:
            self.text(x, 48 * self.k, right[1], 16, color=ACTIVE, ha="right", fontweight="bold", zorder=2)

    # ---- board ----------------------------------------------------------------------------
    def board(self) -> None:
        cells: dict[str, dict[str, Any]] = self.view.get("board") or {}
        top = (BANNER_H + GAP) * self.k
        box_w = self.w * BOARD_SHARE
        ax = self.fig.add_axes((0.0, 0.0, box_w / self.w, (self.h - top) / self.h))
        ax.set_zorder(1)
        ax.axis("off")
        hexes = {k: _hex(k) for k in cells}
        b = bounds([*hexes.values(), *(_hex(k) for k in self.ghosts)], 1.0, margin=0.6)
        ax.set_xlim(b.xmin, b.xmax)
        ax.set_ylim(b.ymax, b.ymin)
        ax.set_aspect("equal", anchor="C")
        ax.apply_aspect()  # the final axes box, so labels can be placed in pixels now
        # the hex size in pixels sets every marker size on the board
        room_w, room_h = box_w, self.h - top
        scale = min(room_w / max(b.width, 1e-6), room_h / max(b.height, 1e-6))
        self.hex_px = scale  # pixels per hex radius
        polys, faces, edges = [], [], []
        for k, c in cells.items():
            polys.append(corners(hexes[k], 1.0))
            owner = c.get("gate") if c.get("gate") is not None else c.get("fort")
            if owner is not None:
                faces.append(_tint(self.style(int(owner)).colour, 0.55 if c.get("gate") is not None else 0.3))
            else:
                faces.append(TERRAIN_FILL.get(str(c.get("t")), "#e6e0d0"))
            edges.append("#5a5040" if str(c.get("mat", "")).startswith(("isle", "fort")) else "#8a6d3b")
        ax.add_collection(PolyCollection(polys, facecolors=faces, edgecolors=edges, linewidths=0.8, zorder=1))
        wells = [to_pixel(hexes[k], 1.0) for k, c in cells.items() if c.get("well")]
        if wells:
            xs = [x + 0.48 for x, _ in wells]
            ys = [y + 0.42 for _, y in wells]
            ax.scatter(xs, ys, s=(0.2 * scale) ** 2, c=WELL_FACE, edgecolors="#1f5f7a", linewidths=1.0, zorder=2)
        self.ax = ax
        self.hexes = hexes
        self.gates(cells)
        self.towers()
        self.landmarks()
        self.units()

    def gates(self, cells: dict[str, dict[str, Any]]) -> None:
        for k, c in cells.items():
            if c.get("gate") is None:
                continue
            seat = int(c["gate"])
            p = self.players[seat] if seat < len(self.players) else {}
            x, y = to_pixel(self.hexes[k], 1.0)
            hp = f"{p.get('gate_hp', 0)}/{p.get('gate_max', 10)}"
            colour = "#b3001b" if p.get("breached") else INK
            self.label(x, y - 0.1, hp, 11, color=colour, fontweight="bold")
            n = len(p.get("advancements") or [])
            if n:  # one peg dot per advancement (CS-6.3)
                dots = [x - 0.12 * (n - 1) + 0.24 * i for i in range(n)]
                self.ax.scatter(
                    dots,
                    [y + 0.45] * n,
                    s=(0.1 * self.hex_px) ** 2,
                    c="#f5d061",
                    edgecolors=INK,
                    linewidths=0.6,
                    zorder=6,
                )
            if p.get("breached"):
                self.label(x, y + 0.45, "✕", 14, color="#b3001b", fontweight="bold")

    def towers(self) -> None:
        bodies: list[Any] = []
        body_faces: list[str] = []
        chips_poly: list[Any] = []
        chip_faces: list[str] = []
        for t in self.view.get("towers") or []:
            x, y = to_pixel(_hex(t["hex"]), 1.0)
            st = self.style(int(t["owner"]))
            bodies.append(_house(x - 0.42, y - 0.62, 0.5, 0.62))  # a roofed body: no seat marker is this shape
            body_faces.append(st.colour)
            for i, chip in enumerate(list(t.get("chips") or [])[:6]):  # top first, stacked downwards
                chips_poly.append(_rect(x + 0.14, y - 0.55 + 0.18 * i, 0.3, 0.16))
                chip_faces.append(CHIP_FILL.get(chip, "#999999"))
            tid = str(t.get("type_id", ""))
            name = self.name("tower", tid + (":promoted" if t.get("promoted") else ""))
            self.label(x - 0.17, y + 0.3, _short(name, 8), 7.5)
        if bodies:
            self.ax.add_collection(
                PolyCollection(bodies, facecolors=body_faces, edgecolors=INK, linewidths=1.2, zorder=4)
            )
        if chips_poly:
            self.ax.add_collection(
                PolyCollection(chips_poly, facecolors=chip_faces, edgecolors="#ffffff", linewidths=0.5, zorder=5)
            )

    def label(self, x: float, y: float, s: str, size: float, *, boxed: bool = False, **kw: Any) -> None:
        """A centred board label at data coordinates (converted to pixels once the axes are laid out)."""
        if not s:
            return
        dx, dy = self.ax.transData.transform((x, y))
        self.labels.append(
            _Label(
                float(dx),
                self.h - float(dy),
                s,
                size * self.k,
                kw.get("color", INK),
                kw.get("fontweight") == "bold",
                "center",
                "center",
                boxed,
            )
        )

    def landmarks(self) -> None:
        marks: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
        for lm in self.view.get("landmarks") or []:
            x, y = to_pixel(_hex(lm["hex"]), 1.0)
            up = bool(lm.get("face_up")) and bool(lm.get("chip"))
            marks[up].append((x, y - 0.05))
            if up:
                hp = lm.get("hp")
                self.label(x, y - 0.1, str(hp) if hp else "", 10, color="#ffffff", fontweight="bold")
                self.label(x, y + 0.5, _short(self.name("landmark", lm["chip"]), 8), 7.5, boxed=True)
            else:
                self.label(x, y - 0.08, "?", 11, color="#ffffff", fontweight="bold")
                cat = CATEGORIES.get(str(lm.get("category")))
                if cat is not None:
                    self.label(x, y + 0.5, _short(self.words(cat()), 10), 7, boxed=True)
        for up, pts in marks.items():
            if pts:
                self.ax.scatter(
                    [p[0] for p in pts],
                    [p[1] for p in pts],
                    s=(0.62 * self.hex_px) ** 2,
                    marker="h",  # a hexagon: diamonds and squares are seat markers (palette)
                    c=LANDMARK_UP if up else LANDMARK_DOWN,
                    edgecolors=INK,
                    linewidths=1.0,
                    zorder=4,
                )

    def units(self) -> None:
        groups: dict[tuple[str, bool], tuple[list[float], list[float], list[str]]] = {}
        for u in self.view.get("units") or []:
            if not u.get("hex"):
                continue
            x, y = to_pixel(_hex(u["hex"]), 1.0)
            owner = int(u["owner"])
            st = self.style(owner) if owner >= 0 else seat_style(None)
            hero = u.get("kind") == "hero"
            xs, ys, cs = groups.setdefault(("*" if hero else st.marker, hero), ([], [], []))
            xs.append(x)
            ys.append(y - 0.08)
            cs.append(st.colour)
            self.label(x, y - 0.06, str(u.get("hp", "")), 10, color="#ffffff", fontweight="bold", zorder=9)
            text = _short(self.unit_name(str(u.get("type"))))
            n = int(u.get("squad_size") or 1)
            self.label(x, y + 0.55, f"{text} ×{n}" if n > 1 else text, 7.5, boxed=True)
        for (marker, hero), (xs, ys, cs) in groups.items():
            size = (0.95 if hero else 0.78) * self.hex_px
            self.ax.scatter(
                xs,
                ys,
                s=size**2,
                marker=marker,
                c=cs,
                edgecolors="#f5d061" if hero else INK,
                linewidths=2.0 if hero else 1.0,
                zorder=7,
            )

    # ---- a decision ------------------------------------------------------------------------
    def choices(self, candidates: dict[str, str]) -> None:
        """Dim every hex that cannot be chosen, outline the candidates, label each with its button's text
        (with more than ``CROWDED`` of them, with the hex as that text writes it: "0,-5").

        The dimming sits over the pieces (they stay readable through it); the outline sits inside
        the hex so the fortress walls and neighbours stay in sight; a candidate off the islands
        (where a land tile or a gate may go) is a pale hex of its own.
        """
        ax, k = self.ax, self.k
        dim = [corners(h, 1.0) for key, h in self.hexes.items() if key not in candidates]
        if dim:
            ax.add_collection(PolyCollection(dim, facecolors=[DIM], edgecolors="none", zorder=10))
        if self.ghosts:
            pale = [corners(_hex(key), 1.0) for key in self.ghosts]
            ax.add_collection(PolyCollection(pale, facecolors=GHOST, edgecolors=MUTED, linewidths=0.8, zorder=1))
        ring = [_inset(_hex(key), 0.9) for key in candidates if _is_hex(key)]
        for colour, lw in ((INK, 7.0), (CHOICE, 4.0)):
            ax.add_collection(PolyCollection(ring, facecolors="none", edgecolors=colour, linewidths=lw * k, zorder=11))
        room = 1.5 * self.hex_px  # pixels: within the hex's width, so side-by-side candidates' labels never meet
        crowded = len(candidates) > CROWDED
        for key, label in candidates.items():
            if not _is_hex(key):
                continue
            if crowded and key in label:
                label = key  # the hex as its button names it: forty full labels would hide the islands
            x, y = to_pixel(_hex(key), 1.0)
            size = 11.0
            lines = fonts.wrap(label, room, size * k * PX, bold=True, locale=self.words.locale)
            while len(lines) > 3 and size > 7:  # a long label gets smaller rather than taller
                size -= 1
                lines = fonts.wrap(label, room, size * k * PX, bold=True, locale=self.words.locale)
            lines = lines or [label]  # every word of the button: the reader matches them
            step = size * k * PX * 1.3 / self.hex_px  # one line, in hex radii
            top = y - 0.8 - step * (len(lines) - 1) / 2  # on the hex's top edge: what stands in it stays in sight
            for i, line in enumerate(lines):
                self.label(x, top + i * step, line, size, boxed=True, fontweight="bold")

    def decision_crop(self, keys: list[str]) -> tuple[int, int, int, int]:
        """(top, bottom, left, right) pixels of a decision picture: the candidates and two hexes around
        them, at least a third of the islands each way so the reader sees where they are (a phone
        shows a few candidates about pixel for pixel, all of them when they spread over the map)."""
        x0, y0 = 0.0, (BANNER_H + GAP) * self.k
        x1, y1 = self.w * BOARD_SHARE, float(self.h)
        if not keys:
            return round(y0), round(y1), round(x0), round(x1)
        points = [self.ax.transData.transform(to_pixel(_hex(key), 1.0)) for key in keys]
        xs = [float(p[0]) for p in points]
        ys = [self.h - float(p[1]) for p in points]
        reach = 2.2 * self.hex_px
        left, right = widen(min(xs) - reach, max(xs) + reach, 0.35 * (x1 - x0), x0, x1)
        top, bottom = widen(min(ys) - reach, max(ys) + reach, 0.35 * (y1 - y0), y0, y1)
        return int(top), math.ceil(bottom), int(left), math.ceil(right)

    # ---- panels ---------------------------------------------------------------------------
    def panels(self) -> None:
        x0 = self.w * BOARD_SHARE + GAP * self.k
        width = self.w - x0 - GAP * self.k
        y = (BANNER_H + GAP) * self.k
        y = self.market(x0, y, width) + GAP * self.k
        n = max(1, len(self.players))
        legend_h = 46 * self.k
        each = (self.h - y - legend_h - GAP * self.k * n) / n
        for p in self.players:
            self.panel(p, x0, y, width, each)
            y += each + GAP * self.k
        self.legend(x0, y, width)

    def box(self, x: float, y: float, w: float, h: float, edge: str, *, lw: float = 1.2) -> None:
        self.over.add_patch(
            FancyBboxPatch(
                (x, y),
                w,
                h,
                boxstyle="round,pad=0,rounding_size=8",
                facecolor="#ffffff",
                edgecolor=edge,
                linewidth=lw,
                zorder=1,
            )
        )

    def market(self, x: float, y: float, width: float) -> float:
        v, w = self.view, self.words
        m = v.get("market") or {}
        h = MARKET_H * self.k
        self.box(x, y, width, h, MUTED)
        self.text(x + 12 * self.k, y + 10 * self.k, w(MARKET()), 14, fontweight="bold")
        chips = [w.name("market", c) for c in m.get("faceup") or []]
        if m.get("tile") is not None:
            chips.append(w(LAND_TILE(tile=m["tile"])))
        line_y = y + 40 * self.k
        pools = v.get("supply")  # None unless the table plays with strict supply (CS-3.1)
        rows = 2 if pools else 3
        for line in fonts.wrap(w.join(chips) or w(NONE()), width - 24 * self.k, 12 * self.k * PX, locale=w.locale)[
            :rows
        ]:
            self.text(x + 12 * self.k, line_y, line, 12)
            line_y += 22 * self.k
        if pools:
            left = POOLS(hp=pools["hp"], attack=pools["attack"], range=pools["range"], defense=pools["defense"])
            self.text(x + 12 * self.k, y + h - 50 * self.k, w(left), 11, color=MUTED)
        supply = SUPPLY(n=m.get("supply", 0), events=v.get("events_left", 0), relics=v.get("relics_left", 0))
        self.text(x + 12 * self.k, y + h - 28 * self.k, w(supply), 11, color=MUTED)
        return y + h

    def panel(self, p: dict[str, Any], x: float, y: float, width: float, h: float) -> None:
        w, k = self.words, self.k
        seat = int(p["seat"])
        st = self.style(seat)
        steps = self.view.get("steps") or []
        waited = any(s.get("seat") == seat for s in steps)
        self.box(x, y, width, h, ACTIVE if waited else st.colour, lw=4 if waited else 2)
        self.over.add_patch(
            Rectangle(
                (x + 10 * k, y + 12 * k),
                16 * k,
                16 * k,
                facecolor=st.colour,
                hatch=st.hatch or None,
                edgecolor=INK,
                zorder=2,
            )
        )
        self.text(x + 34 * k, y + 9 * k, self.seat_name(seat), 14, fontweight="bold", zorder=2)
        gate = w(BREACHED()) if p.get("breached") else w(GATE(hp=p.get("gate_hp", 0), max=p.get("gate_max", 10)))
        towers = sum(1 for t in self.view.get("towers") or [] if t.get("owner") == seat)
        row1 = [w(SOURCE(n=p.get("source", 0))), gate, w(TOWERS(n=towers)), w(RELICS(n=p.get("relic_count", 0)))]
        self.text(
            x + 12 * k, y + 36 * k, w(SEP()).join(row1), 12, zorder=2, color="#b3001b" if p.get("breached") else INK
        )
        row2 = [w(STACK(entries=p.get("stack_entries", 0), chips=p.get("stack_chips", 0)))]
        top = p.get("stack_top")
        if top:
            row2.append(w(STACK_TOP(unit=self.unit_name(str(top.get("type"))))))
        if p.get("target") is not None:
            row2.append(w(TARGET(name=w(SEAT(n=int(p["target"]) + 1)))))
        row2.append(w(LIMITED(n=p.get("limited_used", 0))))
        if p.get("rest"):
            row2.append(w(REST()))
        line_y = y + 58 * k
        room = width - 24 * k
        lines = fonts.wrap(w(SEP()).join(row2), room, 11 * k * PX, locale=w.locale)
        adv = [w.name("advancement", a) for a in p.get("advancements") or []]
        lines += fonts.wrap(
            w(ADVANCEMENTS(names=w.join(adv) if adv else w(NONE()))), room, 11 * k * PX, locale=w.locale
        )
        beside = [_beside_name(w, b) for b in p.get("beside") or []]
        if beside:
            lines += fonts.wrap(w(BESIDE(names=w.join(beside))), room, 11 * k * PX, locale=w.locale)
        fit = max(1, int((y + h - line_y - 4 * k) // (19 * k)))
        for line in lines[:fit]:
            self.text(x + 12 * k, line_y, line, 11, zorder=2)
            line_y += 19 * k

    def legend(self, x: float, y: float, width: float) -> None:
        w, k = self.words, self.k
        items: list[tuple[str, str, str]] = [
            ("o", WELL_FACE, w(LEGEND_WELL())),
            ("*", "#999999", w(LEGEND_HERO())),
            ("o", "#999999", w(LEGEND_MINION())),
            ("h", LANDMARK_DOWN, w(LEGEND_DOWN())),
            ("p", "#999999", w(LEGEND_TOWER())),
        ]
        items += [("s", CHIP_FILL[c], w.name("chip", c)) for c in ("attack", "range", "defense")]
        cx, cy = x + 8 * k, y + 6 * k
        for marker, colour, label in items:
            tw = fonts.text_width(label, 10.5 * k * PX, locale=w.locale) + 34 * k
            if cx + tw > x + width:
                cx, cy = x + 8 * k, cy + 20 * k
            self.over.scatter(
                [cx + 7 * k],
                [cy + 8 * k],
                s=(11 * k) ** 2,
                marker=marker,
                c=colour,
                edgecolors=INK,
                linewidths=0.6,
                zorder=2,
            )
            self.text(cx + 18 * k, cy + 1 * k, label, 10.5, zorder=2)
            cx += tw


class _SketchTransform:
    """``transData`` of a sketched axes: data to display pixels (y up) the way matplotlib maps an
    ``equal``-aspect axes anchored at its centre, so board labels land where the picture puts them."""

    def __init__(self, axes: _SketchAxes) -> None:
        self.axes = axes

    def transform(self, point: Any) -> tuple[float, float]:
        a = self.axes
        (x0, x1), (y0, y1) = a.xlim, a.ylim
        left, bottom, width, height = a.box
        dx, dy = (x1 - x0) or 1e-9, (y1 - y0) or 1e-9
        if a.equal:
            scale = min(width / abs(dx), height / abs(dy))
            sx, sy = math.copysign(scale, dx), math.copysign(scale, dy)
            left += (width - abs(dx) * scale) / 2
            bottom += (height - abs(dy) * scale) / 2
        else:
            sx, sy = width / dx, height / dy
        x, y = float(point[0]), float(point[1])
        return left + (x - x0) * sx, bottom + (y - y0) * sy


class _SketchAxes:
    """An axes that keeps its limits and box and draws nothing (``_Scene(sketch=True)``)."""

    def __init__(self, box: tuple[float, float, float, float]) -> None:
        self.box = box
        self.xlim: tuple[float, float] = (0.0, 1.0)
        self.ylim: tuple[float, float] = (0.0, 1.0)
        self.equal = False
        self.transData = _SketchTransform(self)  # matplotlib's name for it

    def set_xlim(self, lo: float, hi: float) -> None:
        self.xlim = (lo, hi)

    def set_ylim(self, lo: float, hi: float) -> None:
        self.ylim = (lo, hi)

    def set_aspect(self, aspect: str, **_: Any) -> None:
        self.equal = aspect == "equal"

    def __getattr__(self, name: str) -> Any:
        return _nothing  # add_patch, add_collection, scatter, axis, set_zorder, apply_aspect: nothing drawn


def _nothing(*_: Any, **__: Any) -> None:
    return None


class _SketchFigure:
    """A figure of ``width`` x ``height`` pixels whose axes draw nothing."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height

    def add_axes(self, rect: tuple[float, float, float, float]) -> _SketchAxes:
        left, bottom, w, h = rect
        return _SketchAxes((left * self.width, bottom * self.height, w * self.width, h * self.height))


def _inset(h: Hex, share: float) -> list[tuple[float, float]]:
    """The corners of ``h`` drawn ``share`` of its size about its own centre (an outline inside it)."""
    cx, cy = to_pixel(h, 1.0)
    return [(cx + share * (x - cx), cy + share * (y - cy)) for x, y in corners(h, 1.0)]


def _is_hex(key: str) -> bool:
    """Whether ``key`` is a hex key ``"q,r"`` (a candidate of a decision always is, on this board)."""
    parts = key.split(",")
    return len(parts) == 2 and all(p.strip().lstrip("-").isdigit() for p in parts)


@dataclass(frozen=True)
class _Label:
    x: float  # figure pixels, y down
    y: float
    text: str
    size: float  # points
    colour: str
    bold: bool
    ha: str
    va: str
    boxed: bool


@lru_cache(maxsize=4096)
def _sprite(text: str, size: float, bold: bool, face: str) -> Any:
    """The anti-aliased coverage bitmap of ``text`` (uint8, rows x columns), drawn once per string.

    Why sprites and not matplotlib text artists: a crowded board carries two hundred labels and
    Agg rasterises every glyph of every artist on every draw; the same unit names and HP numbers
    come back picture after picture, so each is rasterised once (with the CJK fallback faces of
    ``renderers.fonts``) and later pictures only blend the cached bitmap in.
    """
    import numpy as np
    from matplotlib.backends.backend_agg import get_hinting_flag
    from matplotlib.font_manager import fontManager, get_font

    prop = fonts.properties(face, bold).copy()
    prop.set_size(size)
    font = get_font(fontManager._find_fonts_by_props(prop))  # what RendererAgg._prepare_font does
    font.clear()
    font.set_size(size, DPI)
    font.set_text(text, 0.0, flags=get_hinting_flag())
    font.draw_glyphs_to_bitmap(antialiased=True)
    img = np.asarray(font.get_image()).copy()
    img.setflags(write=False)
    return img


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _paint(px: Any, labels: list[_Label], locale: str) -> None:
    """Blend every label's sprite (and the white box under boxed ones) into ``px`` in place."""
    import numpy as np

    height, width = px.shape[0], px.shape[1]
    for lb in labels:
        face = fonts.face(locale) if not lb.text.isascii() else ""
        alpha = _sprite(lb.text, round(lb.size, 1), lb.bold, face)
        h, w = alpha.shape
        if h == 0 or w == 0:
            continue
        left = lb.x - (w / 2 if lb.ha == "center" else w if lb.ha == "right" else 0)
        top = lb.y - (h / 2 if lb.va == "center" else h if lb.va == "bottom" else 0)
        x0, y0 = round(left), round(top)
        if lb.boxed:
            bx0, by0, bx1, by1 = max(x0 - 2, 0), max(y0 - 1, 0), min(x0 + w + 2, width), min(y0 + h + 1, height)
            if bx1 > bx0 and by1 > by0:
                region = px[by0:by1, bx0:bx1, :3].astype(np.float32)
                px[by0:by1, bx0:bx1, :3] = (region * 0.15 + 255 * 0.85).astype(np.uint8)
        sx0, sy0 = max(0, -x0), max(0, -y0)
        dx0, dy0 = max(0, x0), max(0, y0)
        dx1, dy1 = min(width, x0 + w), min(height, y0 + h)
        if dx1 <= dx0 or dy1 <= dy0:
            continue
        a = alpha[sy0 : sy0 + (dy1 - dy0), sx0 : sx0 + (dx1 - dx0)].astype(np.float32)[:, :, None] / 255.0
        region = px[dy0:dy1, dx0:dx1, :3].astype(np.float32)
        colour = np.array(_rgb(lb.colour), dtype=np.float32)
        px[dy0:dy1, dx0:dx1, :3] = (region * (1 - a) + colour * a).astype(np.uint8)


def _rect(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def _house(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """A tower body: a rectangle under a pointed roof (y down: ``y`` is the roof's tip)."""
    eave = y + h * 0.35
    return [(x, y + h), (x, eave), (x + w / 2, y), (x + w, eave), (x + w, y + h)]


def _beside_name(w: Words, item: str) -> str:
    if item.startswith("tile:"):
        return w(LAND_TILE(tile=item.split(":", 1)[1]))
    return w.name("market", item)


@lru_cache(maxsize=64)
def _tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white (``amount`` of the colour kept)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(255 - (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def render_pixels(view: dict[str, Any], *, width: int = 1800, locale: Any = "en", names: Names | None = None) -> Any:
    """The picture as RGBA pixels (the bench times drawing and encoding apart).

    A seat's own view (``view["seat"]`` set: ``/game board private:true``, the prep builder's DM)
    gets a strip below the board with what only that seat knows (``private_lines``); the board
    above it reads the public fields only, so it is the picture the thread sees.
    """
    words = Words(locale, names if names is not None else game_names("engine.cloudspire"))
    with fonts.for_locale(words.locale):
        scene = _Scene(view, max(width, 1600), words)
        scene.banner()
        scene.board()
        scene.panels()
        px: Any = to_rgba(scene.fig)
        _paint(px, scene.labels, words.locale)
        if view.get("seat") is not None:
            import numpy as np

            px = np.vstack([px, _private_strip(view, scene.w, words)])
        return px


# Issue 14: a seat's own picture: its deploy stack in order, the landmark faces it explored, its relics.
PRIVATE_HEAD = message("render.cs.private.head", "Only you see this · {name}")
PRIVATE_STACK = message("render.cs.private.stack", "Your deploy stack, top first: {entries}")
PRIVATE_ENTRY = message("render.cs.private.entry", "{n}. {unit}")
PRIVATE_SQUAD = message("render.cs.private.squad", "{top} (squad: {members})")
PRIVATE_EQUIPPED = message("render.cs.private.equipped", "{unit} with {equipment}")
PRIVATE_EXPLORED = message("render.cs.private.explored", "Landmark faces you explored: {landmarks}")
PRIVATE_LANDMARK = message("render.cs.private.landmark", "{hex}: {landmark}")
PRIVATE_RELICS = message("render.cs.private.relics", "Your relics: {relics}")
PRIVATE_EMPTY = message("render.cs.private.empty", "empty")
PRIVATE_LINE_H = 44  # design pixels per line of the strip (at 1800 wide): big enough for a phone


def private_lines(view: dict[str, Any], words: Words) -> list[str]:
    """What only the viewing seat knows, one line each: its stack in order (H24-H26), the face-down
    landmarks it explored (H5) and its relics (H18). Read from the seat's own fields of its view;
    the public view has none of them (``stack`` and ``relics`` are None, unexplored ``chip`` None)."""
    seat = view.get("seat")
    me: dict[str, Any] = next((p for p in view.get("players") or [] if p.get("seat") == seat), {})
    empty = words(PRIVATE_EMPTY())
    entries = []
    for i, u in enumerate(me.get("stack") or []):
        unit = words.name("unit", str(u.get("type")))
        members = [words.name("unit", str(m).split(":", 1)[0]) for m in u.get("members") or []]
        if members:
            unit = words(PRIVATE_SQUAD(top=unit, members=words.join(members)))
        equipment = [words.name("market", str(e)) for e in u.get("equipment") or []]
        if equipment:
            unit = words(PRIVATE_EQUIPPED(unit=unit, equipment=words.join(equipment)))
        entries.append(words(PRIVATE_ENTRY(n=i + 1, unit=unit)))
    seen = [
        words(PRIVATE_LANDMARK(hex=str(lm.get("hex")), landmark=words.name("landmark", str(lm["chip"]))))
        for lm in view.get("landmarks") or []
        if lm.get("chip") and not lm.get("face_up")
    ]
    relics = [words.name("relic", str(r)) for r in me.get("relics") or []]
    return [
        words(PRIVATE_STACK(entries=words.join(entries) if entries else empty)),
        words(PRIVATE_EXPLORED(landmarks=words.join(seen) if seen else empty)),
        words(PRIVATE_RELICS(relics=words.join(relics) if relics else empty)),
    ]


def _private_strip(view: dict[str, Any], width: int, words: Words) -> Any:
    """The viewing seat's secrets as pixels ``width`` wide, laid under the public picture."""
    k = width / 1800
    seat = view.get("seat")
    players = list(view.get("players") or [])
    faction = next((p.get("faction") for p in players if p.get("seat") == seat), None)
    name = words(SEAT(n=int(seat) + 1)) if isinstance(seat, int) else "?"
    if faction:
        name = f"{name} {words.name('faction', faction)}"
    room = width - 64 * k
    lines: list[tuple[str, bool]] = [(words(PRIVATE_HEAD(name=name)), True)]
    for line in private_lines(view, words):
        lines += [(part, False) for part in fonts.wrap(line, room, 19 * k * PX, locale=words.locale)]
    height = round((len(lines) * PRIVATE_LINE_H + 36) * k)
    fig = new_figure(width, height, facecolor=PAPER)
    over = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    over.set_xlim(0, width)
    over.set_ylim(height, 0)
    over.axis("off")
    over.add_patch(
        FancyBboxPatch(
            (12 * k, 8 * k),
            width - 24 * k,
            height - 16 * k,
            boxstyle="round,pad=0,rounding_size=10",
            facecolor="#fff6d8",
            edgecolor="#b08d2a",
            linewidth=2.5,
        )
    )
    labels = [
        _Label(32 * k, (18 + i * PRIVATE_LINE_H) * k, text, (22 if bold else 19) * k, INK, bold, "left", "top", False)
        for i, (text, bold) in enumerate(lines)
    ]
    px = to_rgba(fig)
    _paint(px, labels, words.locale)
    return px


def render_board(view: dict[str, Any], *, width: int = 1800, locale: Any = "en", names: Names | None = None) -> bytes:
    """The public board picture as a PNG (at least 1600 px wide)."""
    return png_quantized(render_pixels(view, width=width, locale=locale, names=names))


def picture_words(
    view: dict[str, Any], *, locale: Any = "en", names: Names | None = None, sketch: bool = False
) -> Sequence[str]:
    """Every string drawn on the picture of ``view`` (the tests look for leaked secrets in it).

    ``sketch``: lay the picture out without a matplotlib figure (the same words, a fraction of the
    time; ``picture_labels`` shows they land at the same places)."""
    words = Words(locale, names if names is not None else game_names("engine.cloudspire"))
    drawn = [lb.text for lb in picture_labels(view, locale=locale, names=names, sketch=sketch)]
    if view.get("seat") is not None:
        with fonts.for_locale(words.locale):
            drawn += private_lines(view, words)
    return drawn


def picture_labels(
    view: dict[str, Any], *, locale: Any = "en", names: Names | None = None, sketch: bool = False
) -> list[_Label]:
    """The board's laid-out labels (text, place, size), from a real figure or a sketch."""
    words = Words(locale, names if names is not None else game_names("engine.cloudspire"))
    with fonts.for_locale(words.locale):
        scene = _Scene(view, 1800, words, sketch=sketch)
        scene.banner()
        scene.board()
        scene.panels()
        return list(scene.labels)


def decision_pixels(
    view: dict[str, Any],
    candidates: dict[str, str],
    *,
    width: int = 1800,
    locale: Any = "en",
    names: Names | None = None,
) -> Any:
    """A hex decision as RGBA pixels: the islands of ``view`` cut out of the board picture, the
    ``candidates`` (``"q,r"`` -> the label its button shows) outlined and labelled, the rest dimmed.

    Only the islands are drawn: the banner and the side panels would be cut away (the message
    carries the question; ``/game board`` the panels), which keeps the picture cheap enough to go
    with every decision.
    """
    words = Words(locale, names if names is not None else game_names("engine.cloudspire"))
    with fonts.for_locale(words.locale):
        scene = _Scene(view, max(width, 1600), words)
        cells = view.get("board") or {}
        scene.ghosts = [key for key in candidates if _is_hex(key) and key not in cells]
        scene.board()
        scene.choices(dict(candidates))
        px: Any = to_rgba(scene.fig)
        _paint(px, scene.labels, words.locale)
    top, bottom, left, right = scene.decision_crop([key for key in candidates if _is_hex(key)])
    return px[top:bottom, left:right]


def render_decision(
    view: dict[str, Any],
    candidates: dict[str, str],
    *,
    width: int = 1800,
    locale: Any = "en",
    names: Names | None = None,
) -> bytes:
    """The picture posted with a hex decision (tower placement, paths, destinations, attack targets,
    exploration; issue 14) as a palette PNG; see ``decision_pixels``."""
    return png_quantized(decision_pixels(view, candidates, width=width, locale=locale, names=names))


def decision_words(view: dict[str, Any], candidates: dict[str, str], *, locale: Any = "en") -> Sequence[str]:
    """Every string drawn on a decision picture (the tests check its labels and look for secrets)."""
    words = Words(locale, game_names("engine.cloudspire"))
    with fonts.for_locale(words.locale):
        scene = _Scene(view, 1800, words)
        cells = view.get("board") or {}
        scene.ghosts = [key for key in candidates if _is_hex(key) and key not in cells]
        scene.board()
        scene.choices(dict(candidates))
        return [lb.text for lb in scene.labels]


renderers.register("cloudspire", render_board)
renderers.register_decision("cloudspire", render_decision)
