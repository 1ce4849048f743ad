"""The Runewars board picture: ``render_board(view, width=1800) -> PNG bytes``.

Built only from a view (``ruleset.view(state, seat | None)``): the public picture
from the public view, a seat's picture from its own view (which adds the rune
faces it may look at, RW-27.5). ``runewars_scene.build_scene`` decides *what* is
shown; this module decides *where* and draws it.

Layout: the map is turned by a multiple of 60 degrees and the faction panels go
beside or below it, whichever gives the biggest hexes (``layout``). Each area shows
its id, resources and city (top), its unit stacks and heroes aggregated by owner and
type in a grid sized to fit (middle), and its tokens (bottom): stronghold and
development, rune, activation tokens, defeated-hero markers, exploration tokens.

Cached pixel layers, pasted under a live layer (``hexmap.draw_over``):

* the map without pieces (terrain, tile outlines, mountain and water borders, ids,
  resources, cities, home realms), per game, keyed by a fingerprint of the map part
  of the view (``STATIC_CACHE``);
* the banner, each faction's panel block and the legend, keyed by what they show
  (``PANEL_CACHE``): dials, orders and heroes change a few times a year;
* live, every time: control rings and washes, units, heroes, tokens, the battle
  marker, the status line and who is to act, as a few batched artists.

Readability on a phone: factions differ by colour *and* by the dash pattern of the
control ring (shown on each panel) and the letters of their unit types; counts are
digits on the unit's base shape; nothing in an area overlaps (tests check it).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.colors import to_rgba as colour_rgba
from matplotlib.patches import FancyBboxPatch, Polygon, Rectangle

import renderers
from engine.core.hexgrid import Hex, corners, edge_segment, neighbour, rotate, to_pixel
from renderers.canvas import new_figure, to_rgba
from renderers.hexmap import StaticLayerCache, bounds, draw_over, fingerprint, png_from_pixels
from renderers.palette import RESOURCE_COLOURS, terrain_colour
from renderers.runewars_draw import PT_PER_PX, Batch, label_width, pixel_axes, pixel_transform
from renderers.runewars_scene import (
    DEVELOPMENT_CODES,
    AreaScene,
    FactionPanel,
    HeroMark,
    HeroRow,
    Scene,
    UnitCell,
    UnitKind,
    _content,
    build_scene,
    unit_kind,
)

BACKGROUND = "#efe9dc"
INK = "#1e1e1e"
MOUNTAIN = "#c0262d"
WATER = "#1f66c2"
BATTLE = "#d11f1f"
RUNE = "#5b3f8c"

STATIC_CACHE = StaticLayerCache(capacity=12)  # ~5-9 MB each: one per active game
PANEL_CACHE = StaticLayerCache(capacity=64)  # banners, faction blocks, legends: small


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class Layout:
    """Where everything goes, in pixels of the picture (y down)."""

    width: int
    height: int
    banner_h: int
    mode: str  # "side": faction panels right of the map; "below": under it (wide maps)
    panel_x: int  # the cached panel image's place in the picture
    panel_y: int
    panel_w: int
    panel_h: int
    blocks: tuple[tuple[float, float, float, float], ...]  # per faction (x, y, w, h) inside the panel image
    legend: tuple[float, float, float, float]
    legend_cols: int
    radius: float  # hex radius in pixels
    ox: float  # pixel position of hex (0, 0)'s centre
    oy: float
    k: float  # scale: 1.0 at 1800 px wide
    rotation: int = 0  # the map is drawn turned by this many sixths counter-clockwise
    map_rect: tuple[int, int, int, int] = (0, 0, 1, 1)  # (x, y, w, h) of the cached map image in the picture

    def centre(self, h: tuple[int, int]) -> tuple[float, float]:
        x, y = to_pixel(rotate(Hex(h[0], h[1]), self.rotation), self.radius)
        return self.ox + x, self.oy + y


def _panel_block_height(p: FactionPanel, k: float) -> float:
    key_rows = 2
    return k * (48 + 36 + 34 + 27 * key_rows + 4 + 27 * max(1, len(p.heroes)) + (27 if p.titles else 0) + 14)


def layout(scene: Scene, width: int) -> Layout:
    """Where the map, panels and legend go.

    The map may be turned by a multiple of 60 degrees (a hex board has no printed
    north) and the faction panels go beside it or below it: of the six combinations the
    one with the biggest hexes wins, as long as the picture stays under 1.45 times
    as tall as wide; ties keep the map unturned. The choice depends on the map only,
    so it is stable from one picture of a game to the next once setup is over.
    """
    k = width / 1800
    banner_h = round(k * 112)
    gap = 8 * k
    hexes = [Hex(*a.hex) for a in scene.areas] + [Hex(*h) for h in scene.setup_markers]
    hexes = hexes or [Hex(0, 0)]
    cap = k * 125
    side_w = round(width * 0.30)
    heights = [_panel_block_height(p, k) for p in scene.panels]
    side_panel_h = sum(heights) + 2 * gap
    side_legend_h = 470 * k
    cols = 2 if len(heights) > 1 else 1
    below_panel_h = sum(max(heights[i : i + cols]) for i in range(0, len(heights), cols)) + 2 * gap
    below_legend_h = 300 * k
    best: tuple[float, int, str] | None = None
    for rot in (0, 1, 2):
        box = bounds([rotate(h, rot) for h in hexes], 1.0, margin=0.12)
        for mode in ("side", "below"):
            if mode == "side":
                r = min((width - side_w) / box.width, cap)
                total = banner_h + max(box.height * r, side_panel_h + side_legend_h) + gap
            else:
                r = min(width / box.width, cap)
                total = banner_h + box.height * r + below_panel_h + below_legend_h + gap
            score = r if total <= 1.45 * width else r / 10
            if best is None or score > best[0] + 0.5:
                best = (score, rot, mode)
    assert best is not None
    _, rot, mode = best
    box = bounds([rotate(h, rot) for h in hexes], 1.0, margin=0.12)
    if mode == "side":
        map_w = width - side_w
        radius = min(map_w / box.width, cap)
        map_h = box.height * radius
        blocks, y = [], gap
        for h in heights:
            blocks.append((14 * k, y, side_w - 28 * k, h - gap))
            y += h
        panel_h = int(y + gap)
        body = max(map_h, panel_h + side_legend_h)
        height = math.ceil(banner_h + body + gap)
        map_top = int(banner_h + (body - map_h) / 2)
        ox = (map_w - box.width * radius) / 2 - box.xmin * radius
        oy = map_top - box.ymin * radius
        legend = (map_w + 14 * k, banner_h + panel_h + 4 * k, side_w - 28 * k, side_legend_h - 14 * k)
        return Layout(
            width,
            height,
            banner_h,
            "side",
            map_w,
            banner_h,
            side_w,
            panel_h,
            tuple(blocks),
            legend,
            2,
            radius,
            ox,
            oy,
            k,
            rot,
            (0, map_top, map_w, math.ceil(map_h)),
        )
    radius = min(width / box.width, cap)
    map_h = box.height * radius
    ox = (width - box.width * radius) / 2 - box.xmin * radius
    oy = banner_h - box.ymin * radius
    col_w = (width - 28 * k) / cols
    blocks, y = [], gap
    for i in range(0, len(heights), cols):
        row_h = max(heights[i : i + cols])
        for j in range(min(cols, len(heights) - i)):
            blocks.append((14 * k + j * col_w, y, col_w - 14 * k, row_h - gap))
        y += row_h
    panel_h = int(y + gap)
    panel_y = int(banner_h + map_h)
    legend = (14 * k, panel_y + panel_h + 4 * k, width - 28 * k, below_legend_h - 14 * k)
    height = math.ceil(panel_y + panel_h + below_legend_h + gap)
    return Layout(
        width,
        height,
        banner_h,
        "below",
        0,
        panel_y,
        width,
        panel_h,
        tuple(blocks),
        legend,
        4,
        radius,
        ox,
        oy,
        k,
        rot,
        (0, banner_h, width, max(1, panel_y - banner_h)),
    )


# --------------------------------------------------------------------------- static map layer


def _tile_of(area: AreaScene) -> str:
    return area.tile or area.id.rstrip("ABCDEFGH")


def _static_layer(scene: Scene, lay: Layout) -> Any:
    """The map without pieces, as pixels of ``lay.map_rect`` (not the whole picture).

    Only the map's own geometry goes in, so a panel growing by a hero row (which
    changes the picture's height) does not redraw the map.
    """
    mx, my, mw, mh = lay.map_rect
    fig = new_figure(mw, mh, facecolor=BACKGROUND)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(mx, mx + mw)
    ax.set_ylim(my + mh, my)
    ax.axis("off")
    _draw_terrain(ax, scene, lay)
    _draw_setup_markers(ax, scene, lay)
    _draw_borders(ax, scene, lay)
    b = Batch()
    for a in scene.areas:
        _draw_area_print(b, a, lay)
    b.draw(ax)
    return to_rgba(fig)


def _draw_terrain(ax: Any, scene: Scene, lay: Layout) -> None:
    polys, fills = [], []
    for a in scene.areas:
        cx, cy = lay.centre(a.hex)
        polys.append([(cx + x, cy + y) for x, y in corners(Hex(0, 0), lay.radius)])
        fills.append(terrain_colour(a.terrain))
    ax.add_collection(PolyCollection(polys, facecolors=fills, edgecolors="#8a7f6a", linewidths=0.8 * lay.k, zorder=1))


def _draw_setup_markers(ax: Any, scene: Scene, lay: Layout) -> None:
    """Setup: dashed outlines where the next tiles go."""
    placed = {a.hex for a in scene.areas}
    for h in scene.setup_markers:
        if tuple(h) in placed:
            continue
        cx, cy = lay.centre(h)
        ax.add_patch(
            Polygon(
                [(cx + x, cy + y) for x, y in corners(Hex(0, 0), lay.radius * 0.92)],
                closed=True,
                fill=False,
                edgecolor="#7d6f55",
                linestyle=(0, (4, 3)),
                linewidth=1.5,
                zorder=1,
            )
        )


def _draw_borders(ax: Any, scene: Scene, lay: Layout) -> None:
    """Tile outlines (thicker), the map's edge, and mountain and water borders."""
    R = lay.radius
    by_hex = {a.hex: a for a in scene.areas}
    tile_lines, border_lines, border_colours = [], [], []
    for a in scene.areas:
        cx, cy = lay.centre(a.hex)
        for d in range(6):
            (x1, y1), (x2, y2) = edge_segment(Hex(0, 0), (d + lay.rotation) % 6, R)
            seg = [(cx + x1, cy + y1), (cx + x2, cy + y2)]
            kind = a.edges[d] if d < len(a.edges) else "none"
            other = by_hex.get(neighbour(Hex(*a.hex), d))
            if kind in ("mountain", "water"):
                border_lines.append(seg)
                border_colours.append(MOUNTAIN if kind == "mountain" else WATER)
            elif other is None or _tile_of(other) != _tile_of(a):
                tile_lines.append(seg)
    ax.add_collection(LineCollection(tile_lines, colors="#4a4030", linewidths=2.2 * lay.k, zorder=2, capstyle="round"))
    ax.add_collection(
        LineCollection(border_lines, colors=border_colours, linewidths=6.5 * lay.k, zorder=3, capstyle="round")
    )
    # Mountains get a white zigzag so the two borders differ without colour too.
    zig = [
        _zigzag(seg, 0.05 * R) for seg, colour in zip(border_lines, border_colours, strict=False) if colour == MOUNTAIN
    ]
    ax.add_collection(LineCollection(zig, colors="#ffffff", linewidths=1.4 * lay.k, zorder=4))


def _draw_area_print(b: Batch, a: AreaScene, lay: Layout) -> None:
    """What is printed on an area: its id (with the home realm's flag), city and resources."""
    R = lay.radius
    cx, cy = lay.centre(a.hex)
    b.label(a.id, cx, cy - 0.72 * R, 0.21 * R, INK, halo="#ffffffcc", z=6)
    if a.home_colour:
        fx = cx - label_width(a.id, 0.21 * R) / 2 - 0.11 * R
        b.glyph("flag", fx, cy - 0.73 * R, 0.2 * R, a.home_colour, "#222222", 0.8, z=6)
    icons = ["food"] * a.food + ["wood"] * a.wood + ["ore"] * a.ore
    n = len(icons) + (1 if a.city else 0)
    step = 0.21 * R
    x0 = cx - step * (n - 1) / 2
    y = cy - 0.5 * R
    i = 0
    if a.city:
        b.glyph("circle", x0, y, 0.21 * R, "#f3d58a", "#6a4d12", 1.6 * lay.k, z=6)
        b.label("♜", x0, y, 0.15 * R, "#6a4d12", z=7)
        i = 1
    for res in icons:
        b.glyph("square", x0 + i * step, y, 0.18 * R, RESOURCE_COLOURS[res], "#222222", 0.8 * lay.k, z=6)
        b.label(res[0].upper(), x0 + i * step, y, 0.125 * R, "#ffffff" if res != "food" else INK, z=7)
        i += 1


def _zigzag(seg: list[tuple[float, float]], amplitude: float, teeth: int = 5) -> list[tuple[float, float]]:
    (x1, y1), (x2, y2) = seg
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = -(y2 - y1) / length * amplitude, (x2 - x1) / length * amplitude
    pts = []
    for i in range(teeth + 1):
        t = i / teeth
        side = 0 if i in (0, teeth) else (1 if i % 2 else -1)
        pts.append((x1 + (x2 - x1) * t + side * nx, y1 + (y2 - y1) * t + side * ny))
    return pts


LEGEND_ROWS = (
    ("triangle", "triangle base"),
    ("rectangle", "rectangle base"),
    ("circle", "circle base"),
    ("hexagon", "hexagon base"),
    ("unit", "3 units of type K"),
    ("routed", "routed units"),
    ("damage", "damage (battle)"),
    ("hero", "hero + initials"),
    ("ring", "controller's ring"),
    ("flag", "home realm"),
    ("res", "food · wood · ore"),
    ("castle", "stronghold"),
    ("damaged", "damaged stronghold"),
    ("dev", "development"),
    ("rune", "rune token"),
    ("activation", "activation token"),
    ("marker", "defeated hero"),
    ("explore", "exploration token"),
    ("battle", "battle here"),
    ("city", "city"),
    ("mountain", "mountain border"),
    ("water", "water border"),
)


def _legend_layer(legend: tuple[float, float, float, float], cols: int, k: float) -> Any:
    """The legend as pixels: the same for every game of a given layout, so cached across games."""
    w, h = math.ceil(legend[2] + 2 * k), math.ceil(legend[3] + 2 * k)
    fig = new_figure(w, h, facecolor=BACKGROUND)
    ax = pixel_axes(fig, w, h)
    _legend(ax, (k, k, legend[2], legend[3]), cols, k)
    return to_rgba(fig)


def _legend(ax: Any, rect: tuple[float, float, float, float], cols: int, k: float) -> None:
    x0, y0, w, lh = rect
    ax.add_patch(
        FancyBboxPatch(
            (x0, y0),
            w,
            lh,
            boxstyle=f"round,pad=0,rounding_size={8 * k}",
            facecolor="#fbf8f1",
            edgecolor="#9a8f7a",
            linewidth=1,
            zorder=1,
        )
    )
    b = Batch()
    b.label("Legend", x0 + 12 * k, y0 + 18 * k, 16 * k, INK, align="left", z=3)
    col_w = w / cols
    per_col = math.ceil(len(LEGEND_ROWS) / cols)
    top = y0 + 42 * k
    dy = min(30 * k, (lh - 100 * k) / per_col)
    for i, (kind, text) in enumerate(LEGEND_ROWS):
        col, row = divmod(i, per_col)
        gx = x0 + 28 * k + col * col_w
        gy = top + row * dy
        tx = gx + 24 * k + _legend_key(b, ax, kind, gx, gy, k)
        b.label(text, tx, gy, 14 * k, INK, bold=False, align="left", z=3)
    b.draw(ax)
    text = "\n".join(_wrap(n, int(w / (7.4 * k))) for n in _legend_notes())
    ax.text(
        x0 + 12 * k,
        top + per_col * dy - 4 * k,
        text,
        fontsize=12.5 * k * PT_PER_PX,
        va="top",
        ha="left",
        color="#444444",
        zorder=3,
        linespacing=1.3,
    )


def _legend_notes() -> list[str]:
    neutrals = [unit_kind(u.id) for u in _content().neutral_units()]
    return [
        "Developments: Re resource, Di diplomacy, Tr training, De defense.",
        "Neutrals are grey: " + ", ".join(f"{u.code} {u.name}" for u in neutrals) + ".",
        "Each faction's ring has its own dash pattern (see its panel).",
    ]


_LEGEND_GREY = "#9a9a9a"


def _legend_key(b: Batch, ax: Any, kind: str, gx: float, gy: float, k: float) -> float:
    """Draw the sample of one legend row at (gx, gy); returns how much further right its text starts."""
    s = 25 * k
    if kind in ("triangle", "rectangle", "circle", "hexagon"):
        b.glyph(kind, gx, gy, s, _LEGEND_GREY, "#222222", 1)
    elif kind in ("mountain", "water", "ring"):
        _legend_line(ax, kind, gx, gy, s, k)
    elif kind in _LEGEND_PIECES:
        return _LEGEND_PIECES[kind](b, gx, gy, s, k)
    return 0.0


def _legend_line(ax: Any, kind: str, gx: float, gy: float, s: float, k: float) -> None:
    """Legend samples drawn as lines: the two borders and the controller's ring."""
    if kind == "ring":
        ax.add_patch(
            Polygon(
                [(gx + x, gy + y) for x, y in corners(Hex(0, 0), 0.6 * s)],
                closed=True,
                fill=False,
                edgecolor="#555555",
                linewidth=3 * k,
                linestyle=(0, (3, 1.5)),
                zorder=3,
            )
        )
        return
    ax.plot(
        [gx - 0.6 * s, gx + 0.6 * s],
        [gy, gy],
        color=MOUNTAIN if kind == "mountain" else WATER,
        linewidth=6 * k,
        solid_capstyle="round",
        zorder=3,
    )


def _legend_unit(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("circle", gx, gy, s, _LEGEND_GREY, "#222222", 1)
    b.label("3", gx, gy, 0.6 * s, "#ffffff")
    b.label("K", gx + 0.62 * s, gy - 0.42 * s, 0.45 * s, INK, halo="#ffffff")
    return 6 * k


def _legend_routed(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("rectangle", gx, gy, s, "#f4f4f4", "#777777", 2.2 * k)
    b.label("2", gx, gy, 0.6 * s, "#555555")
    b.glyph("circle", gx - 0.55 * s, gy - 0.42 * s, 0.5 * s, BATTLE, "#ffffff", 1)
    b.label("R", gx - 0.55 * s, gy - 0.42 * s, 0.34 * s, "#ffffff")
    return 0.0


def _legend_damage(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("circle", gx, gy, 0.7 * s, BATTLE, "#ffffff", 1)
    b.label("2", gx, gy, 0.48 * s, "#ffffff")
    return 0.0


def _legend_hero(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("star", gx, gy, 1.15 * s, _LEGEND_GREY, "#222222", 1)
    b.label("TB", gx, gy + 0.08 * s, 0.36 * s, "#ffffff")
    return 0.0


def _legend_castle(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("castle", gx, gy, s, _LEGEND_GREY, "#222222", 1)
    return 0.0


def _legend_damaged(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("castle", gx, gy, s, "#ffffff", _LEGEND_GREY, 2.6 * k)
    b.label("½", gx, gy + 0.06 * s, 0.55 * s, INK)
    return 0.0


def _legend_dev(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("square", gx, gy, 0.9 * s, "#ffffff", _LEGEND_GREY, 2 * k)
    b.label("Tr", gx, gy, 0.45 * s, INK)
    return 0.0


def _legend_rune(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("diamond", gx - 0.3 * s, gy, s, RUNE, "#ffffff", 1)
    b.label("?", gx - 0.3 * s, gy, 0.5 * s, "#ffffff")
    b.glyph("diamond", gx + 0.45 * s, gy, s, "#e0b000", INK, 1)
    b.label("D", gx + 0.45 * s, gy, 0.5 * s, INK)
    b.glyph("diamond", gx + 1.2 * s, gy, s, "#8c8c8c", INK, 1)
    b.label("✕", gx + 1.2 * s, gy, 0.5 * s, "#ffffff")
    return 1.2 * s


def _legend_activation(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("octagon", gx, gy, 0.85 * s, _LEGEND_GREY, "#ffffff", 1.6)
    return 0.0


def _legend_marker(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("circle", gx, gy, 0.9 * s, "#222222", "#ffffff", 1)
    b.label("✕", gx, gy, 0.5 * s, "#ffffff")
    return 0.0


def _legend_explore(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("circle", gx, gy, 0.9 * s, "#8a6a3c", "#ffffff", 1)
    b.label("?", gx, gy, 0.5 * s, "#ffffff")
    return 0.0


def _legend_battle(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("circle", gx, gy, s, BATTLE, "#ffffff", 1.5)
    b.label("⚔", gx, gy, 0.7 * s, "#ffffff")
    return 0.0


def _legend_city(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("circle", gx, gy, s, "#f3d58a", "#6a4d12", 1.6 * k)
    b.label("♜", gx, gy, 0.7 * s, "#6a4d12")
    return 0.0


def _legend_resources(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    for j, res in enumerate(("food", "wood", "ore")):
        b.glyph("square", gx - 0.2 * s + j * 0.75 * s, gy, 0.65 * s, RESOURCE_COLOURS[res], "#222222", 0.8)
        b.label(res[0].upper(), gx - 0.2 * s + j * 0.75 * s, gy, 0.45 * s, "#ffffff" if res != "food" else INK)
    return 30 * k


def _legend_flag(b: Batch, gx: float, gy: float, s: float, k: float) -> float:
    b.glyph("flag", gx, gy, 0.85 * s, _LEGEND_GREY, "#222222", 0.8)
    return 0.0


# The sample of each legend row drawn as glyphs and labels; returns the extra room its text needs.
_LEGEND_PIECES: dict[str, Callable[[Batch, float, float, float, float], float]] = {
    "unit": _legend_unit,
    "routed": _legend_routed,
    "damage": _legend_damage,
    "hero": _legend_hero,
    "castle": _legend_castle,
    "damaged": _legend_damaged,
    "dev": _legend_dev,
    "rune": _legend_rune,
    "activation": _legend_activation,
    "marker": _legend_marker,
    "explore": _legend_explore,
    "battle": _legend_battle,
    "city": _legend_city,
    "res": _legend_resources,
    "flag": _legend_flag,
}


def _wrap(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width))


# --------------------------------------------------------------------------- panel and banner layers


def _block_layer(p: FactionPanel, w: float, h: float, k: float) -> Any:
    """One faction's panel block as pixels (cached by what it shows)."""
    fig = new_figure(math.ceil(w), math.ceil(h), facecolor=BACKGROUND)
    ax = pixel_axes(fig, math.ceil(w), math.ceil(h))
    _faction_block(ax, p, 1.5 * k, 1.5 * k, w - 3 * k, h - 3 * k, k)
    return to_rgba(fig)


def _panel_key(p: FactionPanel) -> dict[str, Any]:
    d = asdict(p)
    d.pop("waiting")  # drawn live: it changes with nearly every action
    return d


def _faction_block(ax: Any, p: FactionPanel, x: float, y: float, w: float, h: float, k: float) -> None:
    """One faction's panel: header, dials and counts, orders, unit key, heroes and titles, top to bottom."""
    b = Batch()
    hh = _block_header(ax, b, p, x, y, w, h, k)
    ry = y + hh + 20 * k
    _block_dials(b, p, x, ry, k)
    ry += 34 * k
    _block_orders(b, p, x, ry, k)
    ry += 32 * k
    _block_unit_key(b, p, x, ry, w, k)
    ry += 2 * 27 * k + 4 * k
    ry = _block_heroes(b, p, x, ry, w, k)
    if p.titles:
        b.label("♛ " + ", ".join(p.titles), x + 12 * k, ry, 15 * k, "#6a4d12", align="left")
    b.draw(ax)


def _block_header(ax: Any, b: Batch, p: FactionPanel, x: float, y: float, w: float, h: float, k: float) -> float:
    """The frame and the coloured header (name, seat, first player, the faction's control ring); returns its height."""
    ax.add_patch(
        FancyBboxPatch(
            (x, y),
            w,
            h,
            boxstyle=f"round,pad=0,rounding_size={8 * k}",
            facecolor="#fbf8f1",
            edgecolor=p.colour,
            linewidth=2.5 * k,
            zorder=1,
            alpha=0.5 if p.eliminated else 1,
        )
    )
    hh = 40 * k
    ax.add_patch(Rectangle((x, y), w, hh, facecolor=p.colour, edgecolor="none", zorder=2))
    name = p.name + ("  (eliminated)" if p.eliminated else "")
    b.label(name, x + 12 * k, y + hh / 2, 21 * k, "#ffffff", align="left")
    tags = [f"seat {p.seat + 1}"]
    if p.start_player:
        tags.append("first")
    b.label(" · ".join(tags), x + w - 52 * k, y + hh / 2, 14 * k, "#ffffff", bold=False, align="right")
    # The faction's control ring, as drawn on the map (its dash pattern tells factions apart without colour).
    rx, ry0 = x + w - 26 * k, y + hh / 2
    ax.add_patch(
        Polygon(
            [(rx + cx, ry0 + cy) for cx, cy in corners(Hex(0, 0), 14 * k)],
            closed=True,
            fill=False,
            edgecolor="#ffffff",
            linewidth=3 * k,
            linestyle=p.line,
            zorder=3,
        )
    )
    return hh


def _block_dials(b: Batch, p: FactionPanel, x: float, ry: float, k: float) -> None:
    """Row: resource dials, influence, tactics, quests (and dragon runes when the view counts them)."""
    cx = x + 22 * k
    for res in ("food", "wood", "ore"):
        b.glyph("square", cx, ry, 24 * k, RESOURCE_COLOURS[res], "#222222", 1)
        b.label(res[0].upper(), cx, ry, 15 * k, "#ffffff" if res != "food" else INK)
        b.label(str(p.dials.get(res, 0)), cx + 17 * k, ry, 20 * k, INK, align="left")
        cx += 66 * k
    stats = [("influence", p.influence), ("tactics", p.tactics), ("quests", p.quests)]
    if p.dragon_runes is not None:
        stats.append(("runes", p.dragon_runes))
    b.label("   ".join(f"{n} {v}" for n, v in stats), cx - 6 * k, ry, 15 * k, INK, bold=False, align="left")


def _block_orders(b: Batch, p: FactionPanel, x: float, ry: float, k: float) -> None:
    """Row: order cards used this year (filled), the one being resolved (thick outline), board counts."""
    b.label("orders", x + 12 * k, ry, 14 * k, "#555555", bold=False, align="left")
    for n in range(1, 9):
        bx = x + 80 * k + (n - 1) * 30 * k
        used = n in p.orders_used
        current = p.order_now == n
        b.glyph(
            "square",
            bx,
            ry,
            25 * k,
            p.colour if used else "#ffffff",
            INK if current else "#888888",
            3 * k if current else 1,
        )
        b.label(str(n), bx, ry, 15 * k, "#ffffff" if used else "#777777")
    b.label(
        f"strongholds {p.strongholds} · units {p.units_on_board}",
        x + 80 * k + 8 * 30 * k,
        ry,
        14 * k,
        "#555555",
        bold=False,
        align="left",
    )


_SHAPE_ORDER = {"triangle": 0, "rectangle": 1, "circle": 2, "hexagon": 3}


def _faction_unit_kinds(p: FactionPanel) -> list[UnitKind]:
    """The faction's unit types in key order (by base shape); none for a panel naming no known faction."""
    fac = next((f for f in _content().factions if f.name == p.name or f.id == p.name.upper()), None)
    kinds = [unit_kind(u) for u in fac.unit_types] if fac is not None else []
    kinds.sort(key=lambda u: (_SHAPE_ORDER.get(u.shape, 9), u.code))
    return kinds


def _block_unit_key(b: Batch, p: FactionPanel, x: float, ry: float, w: float, k: float) -> None:
    """Rows: the faction's unit key, two per row."""
    for i, kd in enumerate(_faction_unit_kinds(p)[:4]):
        row, col = divmod(i, 2)
        ux = x + 22 * k + col * (w / 2)
        uy = ry + row * 27 * k
        size = 22 * k * (1.1 if kd.shape in ("triangle", "rectangle") else 1)
        b.glyph(kd.shape, ux, uy, size, p.colour, "#222222", 1)
        b.label(kd.code, ux, uy + (2 * k if kd.shape == "triangle" else 0), 12 * k, "#ffffff")
        b.label(kd.name, ux + 17 * k, uy, 14 * k, INK, bold=False, align="left")


def _hero_facts(hr: HeroRow) -> str:
    """A hero's panel line: area, attributes, health left, rewards, routed."""
    bits = [hr.area or "—"]
    if hr.strength is not None:
        bits.append(f"S{hr.strength} A{hr.agility} W{hr.wisdom}")
    if hr.health is not None:
        bits.append(f"♥{max(0, hr.health - hr.damage)}/{hr.health}")
    if hr.rewards:
        bits.append(f"{hr.rewards} reward" + ("s" if hr.rewards > 1 else ""))
    if hr.routed:
        bits.append("routed")
    return "  ·  ".join(bits)


def _block_heroes(b: Batch, p: FactionPanel, x: float, ry: float, w: float, k: float) -> float:
    """Rows: one per hero; returns the y of the row after them."""
    if not p.heroes:
        b.label("no heroes", x + 12 * k, ry, 14 * k, "#777777", bold=False, align="left")
    for hr in p.heroes:
        face, edge = ("#ffffff", p.colour) if hr.routed else (p.colour, "#222222")
        b.glyph("star", x + 22 * k, ry, 25 * k, face, edge, 1.5)
        name_w = label_width(hr.name, 15 * k) + 12 * k
        b.label(hr.name, x + 40 * k, ry, 15 * k, INK, align="left")
        line = _hero_facts(hr)
        room = x + w - 10 * k - (x + 40 * k + name_w)
        size = 15 * k * min(1.0, room / max(1.0, label_width(line, 15 * k, bold=False)))  # shrink, never spill
        b.label(line, x + 40 * k + name_w, ry, size, BATTLE if hr.damage else INK, bold=False, align="left")
        ry += 27 * k
    return ry


# Agg's hinted text runs a few per cent wider than the unhinted outlines ``label_width`` measures.
_HINTING = 1.07


def _fit(text: str, size_px: float, room: float) -> str:
    """``text`` (drawn as a matplotlib Text), cut with an ellipsis so that it fits ``room`` pixels."""
    room /= _HINTING
    if label_width(text, size_px, bold=False) <= room:
        return text
    while text and label_width(text + "…", size_px, bold=False) > room:
        text = text[: max(0, int(len(text) * 0.95) - 1)]
    return text.rstrip() + "…"


def _split_to_width(text: str, size_px: float, room: float) -> tuple[str, str]:
    """The longest run of whole words that fits ``room`` (as a matplotlib Text), and the rest."""
    room /= _HINTING
    words = text.split(" ")
    for i in range(len(words), 0, -1):
        head = " ".join(words[:i])
        if label_width(head, size_px, bold=False) <= room:
            return head, " ".join(words[i:])
    return text, ""


def _banner_layer(scene: Scene, lay: Layout) -> Any:
    k = lay.k
    fig = new_figure(lay.width, lay.banner_h, facecolor="#2d2a26")
    ax = pixel_axes(fig, lay.width, lay.banner_h)
    bn = scene.banner
    ax.text(
        16 * k, 30 * k, bn.title, fontsize=30 * k * PT_PER_PX, fontweight="bold", color="#ffffff", va="center", zorder=3
    )
    if bn.season_card:
        text = f"Season card: {bn.season_card}" + (f" — {bn.season_text}" if bn.season_text else "")
        room = lay.width - 32 * k
        if label_width(text, 16 * k, bold=False) * _HINTING <= room:
            ax.text(16 * k, 64 * k, text, fontsize=16 * k * PT_PER_PX, color="#f3d58a", va="center", zorder=3)
        else:  # two smaller lines rather than a cut sentence
            first, rest = _split_to_width(text, 13.5 * k, room)
            ax.text(16 * k, 56 * k, first, fontsize=13.5 * k * PT_PER_PX, color="#f3d58a", va="center", zorder=3)
            ax.text(
                16 * k,
                74 * k,
                _fit(rest, 13.5 * k, room),
                fontsize=13.5 * k * PT_PER_PX,
                color="#f3d58a",
                va="center",
                zorder=3,
            )
    if bn.viewer:
        ax.text(
            lay.width - 16 * k,
            30 * k,
            bn.viewer,
            fontsize=14 * k * PT_PER_PX,
            color="#ffd27f",
            va="center",
            ha="right",
            zorder=3,
            fontweight="bold",
        )
    return to_rgba(fig)


# --------------------------------------------------------------------------- live layer


def _draw_area(b: Batch, a: AreaScene, lay: Layout, rings: list[Any]) -> None:
    """One area's live pieces: its control ring (collected in ``rings``), stacks, tokens and battle marker."""
    cx, cy = lay.centre(a.hex)
    if a.controller_colour:
        ring = [(cx + x, cy + y) for x, y in corners(Hex(0, 0), lay.radius * 0.9)]
        rings.append((ring, a.controller_colour, a.controller_style))
    _draw_stacks(b, a, lay, cx, cy)
    _draw_tokens(b, _token_row(a), lay, cx, cy)
    if a.battle:
        R = lay.radius
        b.glyph("circle", cx + 0.6 * R, cy - 0.32 * R, 0.3 * R, BATTLE, "#ffffff", 2 * lay.k, z=14)
        b.label("⚔", cx + 0.6 * R, cy - 0.32 * R, 0.22 * R, "#ffffff", z=15)


def _draw_stacks(b: Batch, a: AreaScene, lay: Layout, cx: float, cy: float) -> None:
    """Units and heroes share a grid in the middle band of the hex.

    One row per owner (a battle reads as two armies), at most four stacks a row.
    """
    cells = _cells_by_owner(a)
    if not cells:
        return
    R = lay.radius
    band_top, band_bottom = cy - 0.36 * R, cy + 0.5 * R
    rows, g, cw, ch = _pack(cells, R, band_bottom - band_top)
    for r, row in enumerate(rows):
        y = band_top + ch * (r + 0.5)
        for c, cell in enumerate(row):
            x = cx - cw * (len(row) - 1) / 2 + c * cw
            if isinstance(cell, HeroMark):
                _hero_cell(b, cell, x, y, g, lay.k)
            else:
                _unit_cell(b, cell, x, y, g, lay.k)


def _token_row(a: AreaScene) -> list[tuple[str, Any]]:
    """Tokens along the bottom, left to right: stronghold and development, rune, activation, markers, exploration."""
    toks: list[tuple[str, Any]] = []
    if a.stronghold:
        toks.append(("stronghold", a.stronghold))
        if a.stronghold.get("development"):
            toks.append(("dev", a.stronghold))
    toks += [(t.kind, t) for t in a.tokens]
    return toks


def _draw_tokens(b: Batch, toks: list[tuple[str, Any]], lay: Layout, cx: float, cy: float) -> None:
    if not toks:
        return
    R = lay.radius
    s = 0.24 * R
    step = min(0.28 * R, 1.05 * R / max(1, len(toks)))
    s = min(s, step * 0.92)
    y = cy + 0.72 * R
    x0 = cx - step * (len(toks) - 1) / 2
    for i, (kind, t) in enumerate(toks):
        _draw_token(b, kind, t, x0 + i * step, y, s, lay.k)


def _draw_token(b: Batch, kind: str, t: Any, x: float, y: float, s: float, k: float) -> None:
    """One token of size ``s``: ``t`` is the stronghold dict for stronghold and development, else a ``Token``."""
    if kind == "stronghold":
        if t["damaged"]:
            b.glyph("castle", x, y, s * 1.15, "#ffffff", t["colour"], 2.6 * k, z=12)
            b.label("½", x, y + 0.08 * s, 0.62 * s, INK, z=13)
        else:
            b.glyph("castle", x, y, s * 1.15, t["colour"], "#222222", 1.2 * k, z=12)
    elif kind == "dev":
        code = DEVELOPMENT_CODES.get(str(t.get("development")), str(t.get("development"))[:2].title())
        b.glyph("square", x, y, s * 0.95, "#ffffff", t["colour"], 2 * k, z=12)
        b.label(code, x, y, 0.46 * s, INK, z=13)
    elif kind == "rune":
        fill = {"dragon": "#e0b000", "false": "#8c8c8c"}.get(t.detail, RUNE)
        b.glyph("diamond", x, y, s * 1.25, fill, "#ffffff" if fill == RUNE else INK, 1.2 * k, z=12)
        b.label(t.label, x, y, 0.55 * s, "#ffffff" if t.detail != "dragon" else INK, z=13)
    elif kind == "activation":
        b.glyph("octagon", x, y, s * 0.85, t.colour, "#ffffff", 1.8 * k, z=12)
    elif kind == "marker":
        b.glyph("circle", x, y, s * 0.9, "#222222", "#ffffff", 1.2 * k, z=12)
        b.label("✕", x, y, 0.55 * s, "#ffffff", z=13)
    elif kind == "explore":
        b.glyph("circle", x, y, s * 0.9, "#8a6a3c", "#ffffff", 1.2 * k, z=12)
        b.label(t.label, x, y, 0.5 * s, "#ffffff", z=13)


def _cells_by_owner(a: AreaScene) -> list[list[UnitCell | HeroMark]]:
    """Unit stacks and heroes grouped by owner: the area's holder first, unallied neutrals last."""
    owners: list[int | None] = []
    by_owner: dict[int | None, list[UnitCell | HeroMark]] = {}
    cells: list[UnitCell | HeroMark] = [*a.units, *a.heroes]
    for cell in cells:
        if cell.owner not in by_owner:
            owners.append(cell.owner)
            by_owner[cell.owner] = []
        by_owner[cell.owner].append(cell)
    first = a.stronghold_owner
    owners.sort(key=lambda o: (o is None, o != first, o if o is not None else 99))
    return [by_owner[o] for o in owners]


def _pack(groups: list[list[Any]], R: float, band_h: float) -> tuple[list[list[Any]], float, float, float]:
    """Rows of cells and the glyph size: the biggest glyphs that fit the band without overlap.

    One row per owner when that costs little (a battle reads as two armies), otherwise
    the cells are packed in owner order into the grid that gives the biggest glyphs.
    """

    def fit(rows: list[list[Any]]) -> tuple[float, float, float]:
        cols = max(len(r) for r in rows)
        band_w = 1.62 * R if len(rows) <= 2 else 1.7 * R
        cw = min(band_w / cols, 0.52 * R)
        ch = band_h / len(rows)
        return min(cw * 0.68, ch * 0.74, 0.4 * R), cw, ch

    flat = [c for grp in groups for c in grp]
    options = []
    by_owner = [chunk for grp in groups for chunk in _split(grp, 5)]
    if len(by_owner) <= 3:
        g, cw, ch = fit(by_owner)
        options.append((g * 1.12, by_owner, g, cw, ch))
    for per in range(1, 7):
        rows = [flat[i : i + per] for i in range(0, len(flat), per)]
        if len(rows) > 4:
            continue
        rows = _split(flat, per)
        g, cw, ch = fit(rows)
        options.append((g, rows, g, cw, ch))
    _, rows, g, cw, ch = max(options, key=lambda o: o[0])
    return rows, g, cw, ch


def _split(cells: list[Any], most: int) -> list[list[Any]]:
    """Balanced rows of at most ``most`` cells (7 -> 4 + 3, not 5 + 2)."""
    n_rows = max(1, math.ceil(len(cells) / most))
    per = math.ceil(len(cells) / n_rows)
    return [cells[i : i + per] for i in range(0, len(cells), per)]


def _unit_cell(b: Batch, u: Any, x: float, y: float, g: float, k: float) -> None:
    ty = y + (0.1 * g if u.shape == "triangle" else 0)  # a triangle's visual centre is low
    size = g * (1.1 if u.shape in ("triangle", "rectangle") else 1.0)
    if u.routed:
        b.glyph(u.shape, x, y, size, "#f4f4f4", u.colour, max(2.0, 0.09 * g), z=10)
        b.label(str(u.count), x, ty, 0.55 * g, u.colour if u.owner is not None else "#444444", z=11)
        b.label("R", x - 0.55 * g, y - 0.42 * g, 0.38 * g, BATTLE, halo="#ffffff", z=11)
    else:
        edge = "#d8d8d8" if (u.neutral_kind and u.owner is not None) else "#1a1a1a"
        width = max(1.2, 0.05 * g) if edge == "#1a1a1a" else max(2.2, 0.1 * g)  # allied neutrals: a light rim
        b.glyph(u.shape, x, y, size, u.colour, edge, width, z=10)
        b.label(str(u.count), x, ty, 0.55 * g, "#ffffff", z=11)
    b.label(u.code, x + 0.5 * g, y - 0.5 * g, 0.36 * g, INK, halo="#ffffff", z=11)
    if u.damage:
        b.glyph("circle", x + 0.52 * g, y + 0.42 * g, 0.42 * g, BATTLE, "#ffffff", 1, z=12)
        b.label(str(u.damage), x + 0.52 * g, y + 0.42 * g, 0.3 * g, "#ffffff", z=13)


def _hero_cell(b: Batch, h: Any, x: float, y: float, g: float, k: float) -> None:
    if h.routed:
        b.glyph("star", x, y, g * 1.15, "#ffffff", h.colour, max(2.0, 0.09 * g), z=10)
    else:
        b.glyph("star", x, y, g * 1.15, h.colour, "#1a1a1a", max(1.2, 0.05 * g), z=10)
    b.label(h.initials, x, y + 0.1 * g, 0.34 * g, "#ffffff" if not h.routed else h.colour, z=11)
    if h.damage:
        b.glyph("circle", x + 0.52 * g, y + 0.42 * g, 0.42 * g, BATTLE, "#ffffff", 1, z=12)
        b.label(str(h.damage), x + 0.52 * g, y + 0.42 * g, 0.3 * g, "#ffffff", z=13)


# --------------------------------------------------------------------------- entry point


def static_fingerprint(scene: Scene, lay: Layout) -> str:
    """The map's identity: its areas and borders, and where and how big it is drawn."""
    mx, my, mw, mh = lay.map_rect
    geometry = (mw, mh, round(lay.radius, 4), round(lay.ox - mx, 3), round(lay.oy - my, 3), lay.rotation, lay.k)
    return fingerprint(["runewars-static-v2", scene.static_key(), scene.setup_markers, geometry])


_PLAIN: dict[tuple[int, int], Any] = {}


def _plain(width: int, height: int) -> Any:
    """A picture-sized array of the background colour (the base every layer is pasted on)."""
    import numpy as np
    from matplotlib.colors import to_rgba_array

    key = (width, height)
    if key not in _PLAIN:
        if len(_PLAIN) > 8:
            _PLAIN.clear()
        colour = (to_rgba_array(BACKGROUND)[0] * 255).round().astype(np.uint8)
        _PLAIN[key] = np.broadcast_to(colour, (height, width, 4))
    return _PLAIN[key]


def render_board(view: dict[str, Any], *, width: int = 1800) -> bytes:
    """The board picture of ``view`` as PNG bytes, ``width`` pixels wide."""
    return png_from_pixels(render_pixels(view, width=width))


def render_pixels(view: dict[str, Any], *, width: int = 1800) -> Any:
    """The board picture as an (H, W, 4) uint8 array (``render_board`` without the PNG encoding)."""
    scene = build_scene(view)
    lay = layout(scene, int(width))
    patches = _cached_layers(scene, lay)
    fig = new_figure(lay.width, lay.height, facecolor=BACKGROUND)
    tf = pixel_transform(lay.height)
    b = Batch()
    _draw_map_pieces(fig, tf, b, scene, lay)
    _draw_to_act(b, scene, lay)
    _draw_status(fig, tf, scene, lay)
    b.draw(fig, tf)
    return draw_over(fig, _plain(lay.width, lay.height), patches=patches)


Patch = tuple[int, int, Any]  # (row, column, pixels) pasted under the live layer


def _cached_layers(scene: Scene, lay: Layout) -> list[Patch]:
    """The map, banner, legend and faction blocks: from the caches, drawn only when what they show changed."""
    k = lay.k
    map_pixels = STATIC_CACHE.get(static_fingerprint(scene, lay), partial(_static_layer, scene, lay))
    banner_key = fingerprint(["runewars-banner-v3", asdict(scene.banner) | {"status": ""}, lay.width, lay.banner_h])
    patches: list[Patch] = [
        (lay.map_rect[1], lay.map_rect[0], map_pixels),
        (0, 0, PANEL_CACHE.get(banner_key, partial(_banner_layer, scene, lay))),
    ]
    legend_key = fingerprint(["runewars-legend-v2", lay.legend, lay.legend_cols, k])
    patches.append(
        (
            int(lay.legend[1] - k),
            int(lay.legend[0] - k),
            PANEL_CACHE.get(legend_key, partial(_legend_layer, lay.legend, lay.legend_cols, k)),
        )
    )
    for p, (bx, by, bw, bh) in zip(scene.panels, lay.blocks, strict=False):
        key = fingerprint(["runewars-block-v2", _panel_key(p), bw, bh, k])
        block = PANEL_CACHE.get(key, partial(_block_layer, p, bw, bh, k))
        patches.append((round(lay.panel_y + by), round(lay.panel_x + bx), block))
    return patches


def _draw_map_pieces(fig: Any, tf: Any, b: Batch, scene: Scene, lay: Layout) -> None:
    """Every area's pieces into ``b``; control rings with their wash and battle outlines straight onto ``fig``."""
    k = lay.k
    rings: list[Any] = []
    battle_polys = []
    for a in scene.areas:
        _draw_area(b, a, lay, rings)
        if a.battle:
            cx, cy = lay.centre(a.hex)
            battle_polys.append([(cx + x, cy + y) for x, y in corners(Hex(0, 0), lay.radius * 0.97)])
    if rings:
        # A light wash of the controller's colour makes territory readable even in a phone preview.
        fig.add_artist(
            PolyCollection(
                [r[0] for r in rings],
                facecolors=[colour_rgba(r[1], 0.16) for r in rings],
                edgecolors="none",
                zorder=4,
                transform=tf,
            )
        )
        fig.add_artist(
            PolyCollection(
                [r[0] for r in rings],
                facecolors="none",
                edgecolors=[r[1] for r in rings],
                linestyles=[r[2] for r in rings],
                linewidths=4.5 * k,
                zorder=5,
                transform=tf,
            )
        )
    if battle_polys:
        fig.add_artist(
            PolyCollection(battle_polys, facecolors="none", edgecolors=BATTLE, linewidths=5 * k, zorder=6, transform=tf)
        )


def _draw_to_act(b: Batch, scene: Scene, lay: Layout) -> None:
    """The live "TO ACT" badge on the panel of each faction the game waits on (not cached: it changes every action)."""
    k = lay.k
    for p, (bx, by, _bw, _bh) in zip(scene.panels, lay.blocks, strict=False):
        if p.waiting:
            x = lay.panel_x + bx + 1.5 * k + 12 * k + label_width(p.name, 21 * k) + 46 * k
            y = lay.panel_y + by + 1.5 * k + 20 * k
            b.glyph("pill", x, y, 80 * k, "#ffffff", "#222222", 1.2 * k, z=30)
            b.label("TO ACT", x, y, 13 * k, INK, z=31)


def _draw_status(fig: Any, tf: Any, scene: Scene, lay: Layout) -> None:
    """The banner's status line (live: battles, turns and waiting change with nearly every action)."""
    k = lay.k
    status = _fit(scene.banner.status, 15 * k, lay.width - 32 * k)
    if status:
        fig.text(
            16 * k, 94 * k, status, fontsize=15 * k * PT_PER_PX, color="#dddddd", va="center", zorder=40, transform=tf
        )


renderers.register("runewars", render_board)
