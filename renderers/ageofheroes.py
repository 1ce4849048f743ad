"""The Age of Heroes table picture: ``render_tableau(view) -> PNG bytes``.

Age of Heroes has no map. Each tribe is a tableau of items in front of its player, and
the only geometry is the seating: roads join seat neighbours, and the Market Day draw and
the way armies come home depend on them. So the picture is a round table seen from
above:

* one **panel** per tribe, seated clockwise around the table (seat 1 top left), showing
  Cities, armies (home, away, scattered; a star marks a General), Fortresses, the hand
  *size* (never its contents) and the monument as a bar out of the required amount;
* in the middle, the **table**: one token per tribe on the rim, in the direction of its
  panel, with built roads drawn as thick brown lines and unbuilt neighbour links dashed;
  an ongoing war is a red arrow attacker -> defender with its purpose, Barbarians attack
  from the middle of the table;
* a header with the round, turn, whose move it is, Market Day status, the item supply and
  the deck sizes, and a legend at the bottom.

Seats are told apart three ways (colour, hatch, marker; ``renderers.palette``), the
active tribe is framed in yellow and eliminated tribes are greyed out. Everything is
drawn from the view dict only (``ruleset.view(state, seat_or_None)``), so the picture
can never show more than the viewer may see; the only hand information used is
``hand_size``. Coordinates are pixels of a 1600-wide design, y pointing down, scaled to
the asked width.

Speed: what never changes during a game (frames, names, row labels, the legend) is drawn
once per table into a cached pixel layer (``renderers.hexmap.StaticLayerCache``); each
picture draws only the pieces over it and is encoded with ``png_from_pixels``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.markers import MarkerStyle
from matplotlib.patches import Ellipse, FancyArrowPatch, FancyBboxPatch, PathPatch, Polygon, Rectangle
from matplotlib.transforms import Affine2D

from renderers import register
from renderers.canvas import new_figure, to_rgba
from renderers.hexmap import StaticLayerCache, draw_over, fingerprint, png_from_pixels
from renderers.palette import SeatStyle, seat_style

__all__ = ["panel_boxes", "render_tableau", "tribe_label"]

DESIGN_W = 1600
PANEL_W = 450
PANEL_H = 330
HEADER_H = 112
LEGEND_H = 86
GAP = 26
BARBARIANS = -2

INK = "#222222"
MUTED = "#6b6258"
PAPER = "#fbf8f1"
TABLE = "#e3d3b5"
ROAD = "#7a4a1e"
WAR = "#b3001b"
ACTIVE = "#F0E442"  # Okabe-Ito yellow: no seat uses it
GREY_FACE = "#d9d6d0"
GREY_INK = "#8e8a84"

TRIBES = {
    "egyptian": "Egyptians",
    "roman": "Romans",
    "greek": "Greeks",
    "babylonian": "Babylonians",
    "celtic": "Celts",
    "chinese": "Chinese",
}

# Where each tribe's panel sits, clockwise from the top left, as (column offset from the
# centre in design px, row). Rows are laid out by ``_rows``; a row of None is the table.
_SLOTS: dict[int, list[tuple[float, int]]] = {
    1: [(-555, 1)],
    2: [(-555, 1), (555, 1)],
    3: [(-300, 0), (300, 0), (0, 2)],
    4: [(-300, 0), (300, 0), (300, 2), (-300, 2)],
    5: [(0, 0), (555, 1), (300, 2), (-300, 2), (-555, 1)],
    6: [(-300, 0), (300, 0), (555, 1), (300, 2), (-300, 2), (-555, 1)],
}


@dataclass(frozen=True)
class Box:
    x: float  # left
    y: float  # top
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def overlaps(self, other: Box) -> bool:
        return not (
            self.x + self.w <= other.x
            or other.x + other.w <= self.x
            or self.y + self.h <= other.y
            or other.y + other.h <= self.y
        )


def tribe_label(player: dict[str, Any]) -> str:
    """'Greeks', or 'Seat 3' before tribes are chosen."""
    tribe = player.get("tribe")
    if tribe:
        return TRIBES.get(str(tribe), str(tribe).replace("_", " ").title())
    return f"Seat {int(player.get('seat', 0)) + 1}"


def _layout(n: int) -> tuple[list[Box], Box, float]:
    """Panel boxes, the table's box and the figure height (design px) for ``n`` seats."""
    slots = _SLOTS.get(max(1, min(n, 6)), _SLOTS[6])
    used = {row for _, row in slots}
    table_band = 290
    heights = {0: PANEL_H if 0 in used else 0, 1: PANEL_H if 1 in used else table_band, 2: PANEL_H if 2 in used else 0}
    if n <= 2:
        heights = {0: 0, 1: PANEL_H, 2: 0}
    tops: dict[int, float] = {}
    y = HEADER_H + GAP
    for row in (0, 1, 2):
        tops[row] = y
        if heights[row]:
            y += heights[row] + GAP
    height = y + LEGEND_H
    cx = DESIGN_W / 2
    boxes = [Box(cx + dx - PANEL_W / 2, tops[row], PANEL_W, PANEL_H) for dx, row in slots[:n]]
    if n <= 2:
        table = Box(cx - 330, tops[1] + 20, 660, PANEL_H - 40)
    elif 1 in used:
        table = Box(cx - 330, tops[1] + 8, 660, PANEL_H - 16)
    else:
        table = Box(cx - 330, tops[1] - 8, 660, table_band + 16 - GAP)
    return boxes, table, height


def panel_boxes(view: dict[str, Any], width: int = 1600) -> list[tuple[float, float, float, float]]:
    """The panels' (x, y, w, h) in output pixels, for tests that check nothing overlaps."""
    boxes, _, _ = _layout(len(view.get("players") or []))
    s = width / DESIGN_W
    return [(b.x * s, b.y * s, b.w * s, b.h * s) for b in boxes]


# --------------------------------------------------------------------------- drawing kit


class _Pen:
    """Pixel-space drawing on one axes (design px, y down), fonts scaled to the output."""

    def __init__(self, ax: Axes, scale: float) -> None:
        self.ax = ax
        self.s = scale

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: float,
        *,
        colour: str = INK,
        weight: str = "normal",
        ha: str = "left",
        va: str = "center",
        z: float = 5,
        **kw: Any,
    ) -> None:
        self.ax.text(x, y, s, fontsize=size * self.s, color=colour, fontweight=weight, ha=ha, va=va, zorder=z, **kw)

    def box(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        face: str,
        edge: str = "none",
        lw: float = 0,
        radius: float = 10,
        hatch: str | None = None,
        z: float = 2,
        ls: str = "-",
        alpha: float = 1.0,
    ) -> None:
        self.ax.add_artist(
            FancyBboxPatch(
                (x, y),
                w,
                h,
                boxstyle=f"round,pad=0,rounding_size={radius}",
                facecolor=face,
                edgecolor=edge,
                linewidth=lw * self.s,
                hatch=hatch,
                zorder=z,
                linestyle=ls,
                alpha=alpha,
            )
        )

    def marker(
        self,
        marker: str,
        x: float,
        y: float,
        size: float,
        *,
        face: str,
        edge: str = INK,
        lw: float = 1.5,
        hatch: str | None = None,
        z: float = 6,
        ls: str = "-",
    ) -> None:
        """A palette marker as a patch of ``size`` px, upright although the y axis points down."""
        ms = MarkerStyle(marker)
        path = ms.get_path().transformed(ms.get_transform())
        path = path.transformed(Affine2D().scale(size, -size).translate(x, y))
        self.ax.add_artist(
            PathPatch(path, facecolor=face, edgecolor=edge, linewidth=lw * self.s, hatch=hatch, zorder=z, linestyle=ls)
        )

    def line(
        self,
        xs: list[float],
        ys: list[float],
        colour: str,
        lw: float,
        *,
        z: float = 6,
        ls: Any = "-",
        cap: Literal["butt", "projecting", "round"] = "round",
    ) -> None:
        self.ax.add_artist(
            Line2D(
                xs,
                ys,
                color=colour,
                linewidth=lw * self.s,
                linestyle=ls,
                zorder=z,
                solid_capstyle=cap,
                dash_capstyle="butt",
            )
        )

    def poly(
        self, points: list[tuple[float, float]], *, face: str, edge: str = INK, lw: float = 1.2, z: float = 6
    ) -> None:
        self.ax.add_artist(
            Polygon(points, closed=True, facecolor=face, edgecolor=edge, linewidth=lw * self.s, zorder=z)
        )


def _house(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """A City: a house with a pitched roof, centred on (x, y)."""
    h = size / 2
    return [(x - h, y + h), (x - h, y - h * 0.15), (x, y - h), (x + h, y - h * 0.15), (x + h, y + h)]


def _tower(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """A Fortress: a crenellated tower, centred on (x, y)."""
    h = size / 2
    w = h * 0.8
    c = w / 2.5
    top = y - h
    return [
        (x - w, y + h),
        (x - w, top),
        (x - w + c, top),
        (x - w + c, top + c),
        (x - c / 2, top + c),
        (x - c / 2, top),
        (x + c / 2, top),
        (x + c / 2, top + c),
        (x + w - c, top + c),
        (x + w - c, top),
        (x + w, top),
        (x + w, y + h),
    ]


def _star(x: float, y: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    return pts


def _text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (WCAG contrast)."""
    c = colour.lstrip("#")
    rgb = [int(c[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
    lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return "#ffffff" if (1.05 / (lum + 0.05)) > ((lum + 0.05) / 0.05) else "#000000"


# --------------------------------------------------------------------------- the picture


_STATIC = StaticLayerCache(capacity=24)


def render_tableau(view: dict[str, Any], *, width: int = 1600) -> bytes:
    """The public table of an Age of Heroes game as PNG bytes, ``width`` px wide.

    ``view`` is ``ruleset.view(state, seat_or_None)``; only public fields are read (a
    seat's own hand is never drawn, only every tribe's ``hand_size``).

    What does not change during a game (frames, tribe names, row labels, the legend) is
    drawn once per table into a cached pixel layer; each call draws only the pieces.
    """
    players: list[dict[str, Any]] = list(view.get("players") or [])
    boxes, table, height = _layout(len(players))
    ctx = _Context.of(view, players)
    key = fingerprint(
        [
            width,
            [(p.get("seat"), p.get("tribe"), p.get("special_resource"), p.get("monument_name")) for p in players],
            ctx.monument_size,
        ]
    )
    background = _STATIC.get(key, lambda: _static_layer(players, boxes, table, height, width, ctx))
    fig, pen = _canvas(width, height)
    _header(pen, view, ctx)
    _table(pen, view, ctx, boxes, table)
    for player, box in zip(players, boxes, strict=False):
        _panel(pen, view, ctx, player, box)
    return png_from_pixels(draw_over(fig, background))


def _canvas(width: int, height: float) -> tuple[Figure, _Pen]:
    scale = width / DESIGN_W
    fig = new_figure(width, round(height * scale), facecolor=PAPER)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, DESIGN_W)
    ax.set_ylim(height, 0)
    ax.set_axis_off()
    return fig, _Pen(ax, scale)


def _static_layer(
    players: list[dict[str, Any]], boxes: list[Box], table: Box, height: float, width: int, ctx: _Context
) -> Any:
    fig, pen = _canvas(width, height)
    pen.box(0, 0, DESIGN_W, HEADER_H, face="#3b2f24", radius=0, z=1)
    pen.text(24, 34, "AGE OF HEROES", 22, colour="#f4e2b8", weight="bold")
    pen.text(1140, 30, "Supply", 14, colour="#f4e2b8")
    pen.ax.add_artist(
        Ellipse(
            (table.cx, table.cy), table.w, table.h, facecolor=TABLE, edgecolor="#9b835c", linewidth=3 * pen.s, zorder=1
        )
    )
    for p, box in zip(players, boxes, strict=False):
        _panel_frame(pen, p, box, ctx)
    _legend(pen, height)
    return to_rgba(fig)


@dataclass
class _Context:
    names: dict[int, str]
    active: int | None
    waiting: set[int]
    winners: set[int]
    monument_size: int
    empire_cities: int
    battle: dict[str, Any] | None
    market: dict[str, Any] | None
    n_alive: int

    @classmethod
    def of(cls, view: dict[str, Any], players: list[dict[str, Any]]) -> _Context:
        result = view.get("result") or {}
        waiting = view.get("waiting") or {}
        return cls(
            names={int(p.get("seat", i)): tribe_label(p) for i, p in enumerate(players)},
            active=view.get("active") if isinstance(view.get("active"), int) else None,
            waiting={int(s) for s in (waiting.get("seats") or []) if isinstance(s, int)},
            winners={int(s) for s in (result.get("winners") or [])},
            monument_size=int(view.get("monument_size") or 5),
            empire_cities=int(view.get("empire_cities") or 5),
            battle=view.get("battle") or None,
            market=view.get("market_day") or None,
            n_alive=sum(1 for p in players if not p.get("eliminated")),
        )

    def name(self, seat: int | None) -> str:
        if seat == BARBARIANS:
            return "Barbarians"
        if seat is None:
            return "?"
        if seat not in self.names and seat < 0:
            return "game master"
        return self.names.get(seat, f"Seat {seat + 1}")


def _fit(text: str, size: float, width_px: float) -> float:
    """A font size (pt) at which ``text`` fits ``width_px`` design px (DejaVu Sans ~0.6 em per char)."""
    need = len(text) * size * 0.6 * (100 / 72)
    return size if need <= width_px else max(9.0, size * width_px / need)


def _header(pen: _Pen, view: dict[str, Any], ctx: _Context) -> None:
    rnd = view.get("round") or 0
    turn = view.get("turn_no") or 0
    pen.text(24, 80, f"Round {rnd} · Turn {turn}", 22, colour="#ffffff", weight="bold")

    status = _status_line(view, ctx)
    pen.text(390, 34, status, _fit(status, 21, 720), colour="#ffffff", weight="bold")
    sub = _sub_status(view, ctx)
    if sub:
        pen.text(390, 80, sub, _fit(sub, 16, 720), colour="#f4e2b8")

    # The item supply as icons with counts, then the deck sizes.
    supply = view.get("supply") or {}
    x = 1140 + 72
    kit = _supply_icons(pen)
    for key in ("city", "army", "fortress", "general", "road"):
        if key in supply:
            kit[key](x + 12, 30)
            pen.text(x + 30, 30, str(supply[key]), 17, colour="#ffffff", weight="bold")
            x += 74
    deck = view.get("resource_deck") or {}
    bdeck = view.get("battle_deck") or {}
    discard = deck.get("discard_size", len(deck.get("discard") or []))
    decks = f"Deck {deck.get('size', '?')} · discard {discard} · battle deck {bdeck.get('size', '?')}"
    pen.text(1140, 80, decks, _fit(decks, 16, 440), colour="#f4e2b8")


def _supply_icons(pen: _Pen) -> dict[str, Any]:
    def road(cx: float, cy: float) -> None:
        pen.line([cx - 12, cx + 12], [cy + 6, cy - 6], "#c89a62", 8, z=6)

    return {
        "city": lambda cx, cy: pen.poly(_house(cx, cy, 24), face="#c8553d", edge="#000000"),
        "army": lambda cx, cy: pen.marker("o", cx, cy, 22, face="#d9d6d0", edge="#000000"),
        "fortress": lambda cx, cy: pen.poly(_tower(cx, cy, 24), face="#9a9a9a", edge="#000000"),
        "general": lambda cx, cy: pen.poly(_star(cx, cy, 12), face="#ffd21f", edge="#000000"),
        "road": road,
    }


def _status_line(view: dict[str, Any], ctx: _Context) -> str:
    result = view.get("result")
    if result:
        winners = [ctx.name(s) for s in sorted(ctx.winners)]
        if not winners:
            return "Game over"
        verb = "win" if len(winners) == 1 else "share the win"
        return f"Game over: {' & '.join(winners)} {verb}"
    b = ctx.battle
    if b:
        purpose = str(b.get("purpose") or "").title()
        return f"War: {ctx.name(b.get('attacker'))} → {ctx.name(b.get('defender'))} ({purpose})"
    if ctx.market and ctx.market.get("trading"):
        title = "First Market Day" if ctx.market.get("first") else "Market Day"
        done = len(ctx.market.get("done") or [])
        return f"{title}: trading ({done}/{ctx.n_alive} done)"
    if ctx.market:
        return "First Market Day: drawing" if ctx.market.get("first") else "Market Day: drawing"
    if ctx.active is not None:
        return f"Turn: {ctx.name(ctx.active)}"
    phase = str(view.get("phase") or "")
    return "Setting up" if phase.startswith("setup") else phase.replace("-", " ").capitalize()


_PHASES = {
    "turn-action": "choosing an action",
    "turn-build": "building",
    "turn-build-road": "asking for road consent",
    "turn-war-declare": "declaring war",
    "battle-response": "defender responding",
    "battle-placement": "placing battle cards",
    "battle-duel": "picking duellists",
    "battle-plunder": "plundering",
    "event-target": "choosing an event target",
    "event-luck": "Luck window",
    "turn-monument": "monument step",
    "turn-discard": "discard step",
    "turn-tax": "tax",
    "setup-tribes": "choosing tribes",
    "market-trading": "trading",
}


def _sub_status(view: dict[str, Any], ctx: _Context) -> str:
    result = view.get("result")
    if result:
        return str(result.get("reason") or "")
    parts = []
    phase = str(view.get("phase") or "")
    if phase in _PHASES:
        parts.append(_PHASES[phase].capitalize())
    if ctx.battle and _duel_score(ctx.battle):
        parts.append(_duel_score(ctx.battle))
    if ctx.waiting:
        names = [ctx.name(s) for s in sorted(ctx.waiting)]
        parts.append("waiting on " + (", ".join(names) if len(names) <= 3 else f"{len(names)} tribes"))
    first = view.get("first_player")
    if isinstance(first, int) and first >= 0:
        parts.append(f"first player: {ctx.name(first)}")
    return " · ".join(parts)


# --------------------------------------------------------------------------- the table


def _token_points(boxes: list[Box], table: Box) -> list[tuple[float, float]]:
    """Each seat's token on the table's rim, on the side of its panel.

    The horizontal offset of the panel picks a point along the rim (a panel at the far
    left or right sits at the rim's end), the vertical side picks the upper or lower arc.
    """
    cx, cy = table.cx, table.cy
    rx, ry = table.w / 2 - 46, table.h / 2 - 42
    out = []
    for b in boxes:
        u = max(-1.0, min(1.0, (b.cx - cx) / 555))
        side = -1.0 if b.cy < cy - 5 else (1.0 if b.cy > cy + 5 else 0.0)
        out.append((cx + rx * u, cy + side * ry * (1 - u * u) ** 0.5))
    return out


def _table(pen: _Pen, view: dict[str, Any], ctx: _Context, boxes: list[Box], table: Box) -> None:
    players = list(view.get("players") or [])
    ax = pen.ax
    pts = _token_points(boxes, table)
    seat_at = {int(p.get("seat", i)): i for i, p in enumerate(players)}
    roads = {tuple(sorted((int(a), int(b)))) for a, b in (view.get("roads") or [])}
    links: set[tuple[int, int]] = set()
    for p in players:
        for nb in p.get("neighbours") or []:
            if nb != p.get("seat"):
                links.add(tuple(sorted((int(p["seat"]), int(nb)))))  # type: ignore[arg-type]
    for a, b in sorted(links - roads):
        if a in seat_at and b in seat_at:
            (x1, y1), (x2, y2) = pts[seat_at[a]], pts[seat_at[b]]
            pen.line([x1, x2], [y1, y2], "#8a7d68", 2.2, ls=(0, (4, 3)), z=2)
    for a, b in sorted(roads):
        if a in seat_at and b in seat_at:
            (x1, y1), (x2, y2) = pts[seat_at[a]], pts[seat_at[b]]
            pen.line([x1, x2], [y1, y2], ROAD, 11, z=3)
            pen.line([x1, x2], [y1, y2], "#e8c48f", 2.5, ls=(0, (3, 3)), z=3.1)

    for i, p in enumerate(players):
        seat = int(p.get("seat", i))
        st = seat_style(seat)
        x, y = pts[i]
        dead = bool(p.get("eliminated"))
        if seat == ctx.active and not view.get("result"):
            ax.add_artist(Ellipse((x, y), 84, 84, facecolor=ACTIVE, edgecolor=INK, linewidth=2 * pen.s, zorder=3.5))
        face = GREY_FACE if dead else st.colour
        pen.marker(st.marker, x, y, 58, face=face, edge=INK, lw=2, z=4)
        dy = {"^": 7, "v": -7}.get(st.marker, 0)
        pen.text(x, y + dy, str(seat + 1), 16, colour=_text_on(face), weight="bold", ha="center", z=4.5)

    centre = (table.cx, table.cy)
    battle = ctx.battle
    if battle:
        att, dfn = battle.get("attacker"), battle.get("defender")
        end = pts[seat_at[dfn]] if dfn in seat_at else centre
        label = _war_label(battle)
        if att in seat_at:
            start = pts[seat_at[att]]
            shrink_a = 34
            mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
            in_x, in_y = centre[0] - mx, centre[1] - my
            dist = (in_x * in_x + in_y * in_y) ** 0.5
            if dist > 40:  # along the rim: the flag goes inside, towards the middle
                lx, ly = mx + in_x / dist * 58, my + in_y / dist * 58
            else:  # across the middle: the flag flies just beside the arrow's middle
                ax_, ay_ = end[0] - start[0], end[1] - start[1]
                norm = max((ax_ * ax_ + ay_ * ay_) ** 0.5, 1.0)
                px_, py_ = -ay_ / norm, ax_ / norm
                if py_ > 0:
                    px_, py_ = -px_, -py_
                lx, ly = mx + px_ * 30, my + py_ * 30
        else:  # Barbarians come from the middle of the table, out of the label
            start = centre
            shrink_a = 30
            lx, ly = centre
        ax.add_artist(
            FancyArrowPatch(
                start,
                end,
                arrowstyle="-|>,head_length=12,head_width=8",
                mutation_scale=1.6 * pen.s,
                color=WAR,
                linewidth=7 * pen.s,
                shrinkA=shrink_a,
                shrinkB=38,
                zorder=7,
            )
        )
        pen.text(
            lx,
            ly,
            label,
            _fit(label, 15, 300),
            colour="#ffffff",
            weight="bold",
            ha="center",
            z=8,
            bbox=dict(boxstyle="round,pad=0.35", facecolor=WAR, edgecolor=INK, linewidth=1.5 * pen.s),
        )
        return
    text = _table_centre_text(view, ctx)
    if text:
        pen.text(
            centre[0],
            centre[1],
            text,
            _fit(max(text.split("\n"), key=len), 17, 380),
            colour=INK,
            weight="bold",
            ha="center",
            z=5,
            linespacing=1.4,
            bbox=dict(boxstyle="round,pad=0.4", facecolor="#fbf3df", edgecolor="#9b835c", linewidth=1.5 * pen.s),
        )


def _war_label(b: dict[str, Any]) -> str:
    """The flag on the war arrow: its purpose (who fights whom and the score are in the header)."""
    purpose = str(b.get("purpose") or "war").upper()
    return f"⚔ BARBARIANS: {purpose}" if b.get("attacker") == BARBARIANS else f"⚔ {purpose}"


def _duel_score(b: dict[str, Any]) -> str:
    duels = b.get("duels") or []
    if not duels:
        return ""
    won = sum(1 for d in duels if d.get("winner") == "attacker")
    lost = sum(1 for d in duels if d.get("winner") == "defender")
    tied = len(duels) - won - lost
    return f"duels won {won}, lost {lost}" + (f", tied {tied}" if tied else "")


def _table_centre_text(view: dict[str, Any], ctx: _Context) -> str:
    if view.get("result"):
        return "★ " + " & ".join(ctx.name(s) for s in sorted(ctx.winners)) + " ★" if ctx.winners else "Game over"
    lines = []
    if ctx.market:
        lines.append("MARKET DAY" if not ctx.market.get("first") else "FIRST MARKET DAY")
        trades = view.get("trades") or []
        if ctx.market.get("trading"):
            lines.append(f"{len(trades)} open trade offer{'s' if len(trades) != 1 else ''}")
        else:
            lines.append("drawing cards")
    elif ctx.active is not None:
        lines.append(f"▶ {ctx.name(ctx.active)}")
    quakes = view.get("earthquakes") or []
    for q in quakes[:2]:
        lines.append(f"Earthquake on {ctx.name(q.get('target'))}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- one tribe


def _panel_frame(pen: _Pen, p: dict[str, Any], box: Box, ctx: _Context) -> None:
    """The unchanging part of a tribe's panel: frame, name strip, row labels, empty monument."""
    seat = int(p.get("seat", 0))
    st = seat_style(seat)
    x, y, w, h = box.x, box.y, box.w, box.h
    pen.box(x, y, w, h, face="#ffffff", edge=st.colour, lw=5, radius=12, z=2)
    # Name strip: a hatched swatch with the seat's marker, then the tribe's name on its colour.
    head = st.colour
    pen.box(x + 6, y + 6, w - 12, 56, face=head, radius=8, z=2.5)
    pen.box(x + 10, y + 10, 48, 48, face=head, edge="#ffffff", lw=0.01, radius=4, hatch=st.hatch or None, z=2.6)
    pen.ax.add_artist(
        Rectangle(
            (x + 10, y + 10), 48, 48, facecolor="none", edgecolor=_text_on(head), linewidth=1.5 * pen.s, zorder=2.7
        )
    )
    pen.marker(st.marker, x + 34, y + 34, 30, face="#ffffff", edge=INK, lw=1.8, z=2.8)
    title = f"{seat + 1} · {tribe_label(p)}"
    pen.text(x + 68, y + 34, title, _fit(title, 23, w - 210), colour=_text_on(head), weight="bold")

    label_x = x + 16
    for row, label in ((y + 94, "Cities"), (y + 146, "Armies"), (y + 206, "Forts")):
        pen.text(label_x, row, label, 15, colour=INK)
    hx, row = x + w - 160, y + 206
    pen.text(hx, row, "Hand", 15, colour=INK)
    pen.box(hx + 56, row - 20, 28, 38, face="#fbf3df", edge=INK, lw=1.5, radius=4, z=5)
    pen.box(hx + 66, row - 16, 28, 38, face="#fbf3df", edge=INK, lw=1.5, radius=4, z=5.1)

    special = p.get("special_resource")
    name = str(p.get("monument_name") or "Monument")
    label = f"{name} · {special}" if special else name
    row = y + 252
    pen.text(label_x, row, label, _fit(label, 14, w - 110), colour=INK)
    need = ctx.monument_size
    cell_w = (w - 32) / max(need, 1)
    for i in range(need):
        pen.ax.add_artist(
            Rectangle(
                (label_x + i * cell_w + 2, row + 16),
                cell_w - 4,
                26,
                facecolor="#efe9dc",
                edgecolor="#b9ad98",
                linewidth=1.3 * pen.s,
                zorder=5,
            )
        )


def _panel(pen: _Pen, view: dict[str, Any], ctx: _Context, p: dict[str, Any], box: Box) -> None:
    seat = int(p.get("seat", 0))
    dead = bool(p.get("eliminated"))
    active = seat == ctx.active and not view.get("result") and not dead
    winner = seat in ctx.winners
    x, y, w, h = box.x, box.y, box.w, box.h

    if active or winner:
        pen.box(x - 8, y - 8, w + 16, h + 16, face="none", edge=ACTIVE, lw=10, radius=16, z=1.5)
        pen.box(x - 13, y - 13, w + 26, h + 26, face="none", edge=INK, lw=2, radius=20, z=1.6)
    waiting = seat in ctx.waiting and not dead
    right_tag = "▶ TURN" if active else ("★ WINNER" if winner else ("WAITING" if waiting else ""))
    if right_tag:
        face = ACTIVE if right_tag != "WAITING" else "#ffffff"
        pen.text(
            x + w - 14,
            y + 34,
            right_tag,
            14,
            colour=INK,
            weight="bold",
            ha="right",
            z=3,
            bbox=dict(boxstyle="round,pad=0.3", facecolor=face, edgecolor=INK, linewidth=1.2 * pen.s),
        )
    _body(pen, p, ctx, box, INK, dead=dead)
    if dead:
        pen.box(x - 3, y - 3, w + 6, h + 6, face=GREY_FACE, radius=12, z=8.5, alpha=0.78)
        pen.text(
            box.cx,
            box.cy + 20,
            "ELIMINATED",
            30,
            colour="#4a4640",
            weight="bold",
            ha="center",
            z=9,
            rotation=12,
            bbox=dict(boxstyle="round,pad=0.3", facecolor="#ffffff", edgecolor="#4a4640", linewidth=2 * pen.s),
        )


def _body(pen: _Pen, p: dict[str, Any], ctx: _Context, box: Box, ink: str, *, dead: bool) -> None:
    seat = int(p.get("seat", 0))
    st = seat_style(seat)
    x, y, w = box.x, box.y, box.w
    label_x, num_x, icon_x = x + 16, x + 128, x + 162
    icon_room = x + w - 18 - icon_x

    # Cities
    cities = int(p.get("cities") or 0)
    row = y + 94
    pen.text(num_x, row, str(cities), 24, colour=ink, weight="bold", ha="right")
    empire = cities >= ctx.empire_cities and not dead
    _icons(
        pen,
        cities,
        icon_x,
        row,
        icon_room - (96 if empire else 0),
        lambda cx, cy: pen.poly(_house(cx, cy, 26), face=GREY_FACE if dead else "#c8553d", edge=INK),
        ink,
    )
    if empire:
        pen.text(
            x + w - 16,
            row,
            "EMPIRE",
            12,
            colour="#ffffff",
            weight="bold",
            ha="right",
            z=7,
            bbox=dict(boxstyle="round,pad=0.25", facecolor="#3b2f24", edgecolor="none"),
        )

    # Armies: home first, then scattered, then away.
    armies = list(p.get("armies") or [])
    order = {"home": 0, "scattered": 1, "away": 2}
    armies.sort(key=lambda a: order.get(str(a.get("status")), 3))
    row = y + 146
    pen.text(num_x, row, str(len(armies)), 24, colour=ink, weight="bold", ha="right")
    face = GREY_FACE if dead else st.colour
    fighting = _fighting(ctx.battle, seat)

    def army(i: int) -> Any:
        a = armies[i]
        status = str(a.get("status") or "home")

        def draw(cx: float, cy: float) -> None:
            if a.get("id") in fighting:
                pen.ax.add_artist(
                    Ellipse((cx, cy), 36, 36, facecolor="none", edgecolor=WAR, linewidth=3 * pen.s, zorder=5.5)
                )
            if status == "away":
                pen.marker(st.marker, cx, cy, 26, face="#ffffff", edge=face if not dead else GREY_INK, lw=2.5, ls="--")
            else:
                pen.marker(st.marker, cx, cy, 26, face=face, edge=INK, lw=1.5)
            if status == "scattered":
                pen.line([cx - 14, cx + 14], [cy - 14, cy + 14], INK, 3, z=7)
                pen.line([cx - 14, cx + 14], [cy + 14, cy - 14], INK, 3, z=7)
            if a.get("general"):
                pen.poly(_star(cx + 11, cy - 12, 10), face="#ffd21f", edge=INK, lw=1.2, z=8)

        return draw

    _icons_each(pen, [army(i) for i in range(len(armies))], icon_x, row - 2, icon_room, ink, step=44)
    n_home = sum(1 for a in armies if a.get("status") == "home")
    n_away = sum(1 for a in armies if a.get("status") == "away")
    n_scat = sum(1 for a in armies if a.get("status") == "scattered")
    n_gen = sum(1 for a in armies if a.get("general"))
    detail = [f"{n_home} home"]
    if n_away:
        detail.append(f"{n_away} away")
    if n_scat:
        detail.append(f"{n_scat} scattered")
    n_fight = sum(1 for a in armies if a.get("id") in fighting)
    if n_fight:
        detail.append(f"{n_fight} in battle")
    if n_gen:
        detail.append(f"{n_gen} general{'s' if n_gen != 1 else ''}")
    pen.text(icon_x - 6, row + 29, " · ".join(detail) if armies else "none", 11.5, colour=MUTED if not dead else ink)

    # Fortresses and hand size on one row.
    row = y + 206
    forts = int(p.get("fortresses") or 0)
    pen.text(num_x, row, str(forts), 24, colour=ink, weight="bold", ha="right")
    hx = x + w - 160
    _icons(
        pen,
        forts,
        icon_x,
        row,
        hx - icon_x - 4,
        lambda cx, cy: pen.poly(_tower(cx, cy, 24), face=GREY_FACE if dead else "#9a9a9a", edge=INK),
        ink,
    )
    pen.text(x + w - 16, row, str(int(p.get("hand_size") or 0)), 24, colour=ink, weight="bold", ha="right")

    # Monument: own special resources out of the required amount.
    special = p.get("special_resource")
    cards = list(p.get("monument_cards") or [])
    own = sum(1 for c in cards if c == special) if special and cards else int(p.get("monument") or 0)
    need = ctx.monument_size
    row = y + 252
    pen.text(x + w - 16, row, f"{own}/{need}", 20, colour=ink, weight="bold", ha="right")
    bar_y, bar_h = row + 16, 26
    cell_w = (w - 32) / max(need, 1)
    for i in range(min(own, need)):
        pen.ax.add_artist(
            Rectangle(
                (label_x + i * cell_w + 2, bar_y),
                cell_w - 4,
                bar_h,
                facecolor=face,
                edgecolor=INK,
                hatch=st.hatch or None,
                linewidth=1.3 * pen.s,
                zorder=5,
            )
        )
    extra = own - need
    if extra > 0:
        pen.text(
            x + w - 20,
            bar_y + bar_h / 2,
            f"+{extra}",
            13,
            colour=INK,
            weight="bold",
            ha="right",
            z=7,
            bbox=dict(boxstyle="round,pad=0.15", facecolor="#ffffff", edgecolor="none"),
        )

    # Status line under the panel's body.
    status = _panel_status(p, ctx)
    if status and not dead:
        colour = WAR if status.startswith("⚔") else "#3b2f24"
        pen.text(
            box.cx,
            y + PANEL_H,
            status,
            _fit(status, 13, w - 40),
            colour="#ffffff",
            weight="bold",
            ha="center",
            z=9,
            bbox=dict(boxstyle="round,pad=0.3", facecolor=colour, edgecolor="none"),
        )


def _fighting(battle: dict[str, Any] | None, seat: int) -> set[str]:
    """Ids of the seat's armies fighting in the current battle (units that are real armies)."""
    if not battle:
        return set()
    side = "attackers" if battle.get("attacker") == seat else ("defenders" if battle.get("defender") == seat else None)
    if side is None:
        return set()
    return {str(u.get("id")) for u in battle.get(side) or [] if not u.get("hero") and not u.get("destroyed")}


def _panel_status(p: dict[str, Any], ctx: _Context) -> str:
    seat = int(p.get("seat", 0))
    out = []
    b = ctx.battle
    if b:

        def forces(side: str) -> str:
            n = len(b.get(side) or [])
            return f" · {n} arm{'y' if n == 1 else 'ies'}" if b.get(side) is not None else ""

        if b.get("attacker") == seat:
            out.append(f"⚔ attacking {ctx.name(b.get('defender'))}{forces('attackers')}")
        elif b.get("defender") == seat:
            out.append(f"⚔ defending vs {ctx.name(b.get('attacker'))}{forces('defenders')}")
    ch = p.get("challenge")
    if ch:
        conds = ", ".join(str(c) for c in (ch.get("conditions") or []))
        out.append(f"⚑ CHALLENGE ({conds})" if conds else "⚑ CHALLENGE")
    if ctx.market and ctx.market.get("trading") and seat in set(ctx.market.get("done") or []):
        out.append("✓ done trading")
    return " · ".join(out[:2])


def _icons(pen: _Pen, n: int, x0: float, y: float, room: float, draw: Any, ink: str, step: float = 30) -> None:
    _icons_each(pen, [draw] * n, x0, y, room, ink, step)


def _icons_each(pen: _Pen, draws: list[Any], x0: float, y: float, room: float, ink: str, step: float = 40) -> None:
    """Draw icons ``step`` px apart from ``x0``; past the room, stop and write '+N'."""
    fit = max(1, int(room // step))
    n = len(draws)
    shown = n if n <= fit else fit - 1
    for i in range(shown):
        draws[i](x0 + i * step + 13, y)
    if shown < n:
        pen.text(x0 + shown * step + 2, y, f"+{n - shown}", 16, colour=ink, weight="bold")


# --------------------------------------------------------------------------- legend


def _legend(pen: _Pen, height: float) -> None:
    """One row of symbols; labels are measured (this is the cached layer) and spread to fit."""
    top = height - LEGEND_H + 8
    pen.box(12, top, DESIGN_W - 24, LEGEND_H - 18, face="#f1e8d6", edge="#b9ad98", lw=1.5, radius=10, z=1)
    y = top + (LEGEND_H - 18) / 2
    sty: SeatStyle = seat_style(0)

    def scattered(cx: float, cy: float) -> None:
        pen.marker(sty.marker, cx, cy, 26, face=sty.colour)
        pen.line([cx - 13, cx + 13], [cy - 13, cy + 13], INK, 3, z=7)
        pen.line([cx - 13, cx + 13], [cy + 13, cy - 13], INK, 3, z=7)

    def war(cx: float, cy: float) -> None:
        pen.ax.add_artist(
            FancyArrowPatch(
                (cx - 18, cy),
                (cx + 20, cy),
                arrowstyle="-|>,head_length=8,head_width=6",
                mutation_scale=1.6 * pen.s,
                color=WAR,
                linewidth=4 * pen.s,
                zorder=6,
            )
        )

    items: list[tuple[Any, str]] = [
        (lambda cx, cy: pen.poly(_house(cx, cy, 26), face="#c8553d"), "City"),
        (lambda cx, cy: pen.poly(_tower(cx, cy, 26), face="#9a9a9a"), "Fortress"),
        (lambda cx, cy: pen.marker(sty.marker, cx, cy, 26, face=sty.colour), "Army at home"),
        (lambda cx, cy: pen.poly(_star(cx, cy, 12), face="#ffd21f"), "General"),
        (
            lambda cx, cy: pen.marker(sty.marker, cx, cy, 26, face="#ffffff", edge=sty.colour, lw=2.5, ls="--"),
            "Army away",
        ),
        (scattered, "Scattered"),
        (lambda cx, cy: pen.line([cx - 16, cx + 16], [cy, cy], ROAD, 9), "Road"),
        (lambda cx, cy: pen.line([cx - 16, cx + 16], [cy, cy], "#8a7d68", 2.2, ls=(0, (4, 3))), "Neighbours, no road"),
        (war, "War"),
        (
            lambda cx, cy: pen.ax.add_artist(
                Ellipse((cx, cy), 30, 30, facecolor="none", edgecolor=WAR, linewidth=3.5 * pen.s, zorder=6)
            ),
            "In battle",
        ),
        (lambda cx, cy: pen.box(cx - 14, cy - 12, 28, 24, face=ACTIVE, edge=INK, lw=1.5, radius=4, z=6), "Active turn"),
        (
            lambda cx, cy: pen.box(cx - 14, cy - 12, 28, 24, face=GREY_FACE, edge=GREY_INK, lw=1.5, radius=4, z=6),
            "Eliminated",
        ),
    ]
    renderer = pen.ax.figure.canvas.get_renderer()  # type: ignore[attr-defined]
    size = 13.5
    texts = [pen.ax.text(0, y, label, fontsize=size * pen.s, color=INK, va="center", zorder=5) for _, label in items]
    widths = [t.get_window_extent(renderer).width / pen.s for t in texts]
    room = DESIGN_W - 60
    gap = (room - sum(36 + w for w in widths)) / (len(items) - 1)
    if gap < 14:  # too long: shrink the labels
        factor = (room - 14 * (len(items) - 1) - 36 * len(items)) / sum(widths)
        for t in texts:
            t.set_fontsize(size * factor * pen.s)
        widths = [w * factor for w in widths]
        gap = 14
    x = 30.0
    for (draw, _), t, w in zip(items, texts, widths, strict=False):
        draw(x + 14, y)
        t.set_x(x + 36)
        x += 36 + w + gap


register("ageofheroes", render_tableau)
