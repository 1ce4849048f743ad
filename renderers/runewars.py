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

A map decision (``render_decision``, issue 12) is the same picture with the candidates
outlined and labelled with their buttons' text and everything else dimmed, cut to the
part of the map they span; both are encoded as 256-colour PNGs (``hexmap.png_quantized``).

Readability on a phone: factions differ by colour *and* by the dash pattern of the
control ring (shown on each panel) and the letters of their unit types; counts are
digits on the unit's base shape; nothing in an area overlaps (tests check it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.colors import to_rgba as colour_rgba
from matplotlib.patches import FancyBboxPatch, Polygon, Rectangle
from matplotlib.transforms import Affine2D, Bbox, BboxTransformFrom, BboxTransformTo

import renderers
from engine.core.hexgrid import Hex, corners, edge_segment, neighbour, rotate, to_pixel
from engine.core.text import message, plural_message
from i18n.names import Names
from renderers import fonts
from renderers.canvas import new_figure, to_rgba
from renderers.hexmap import StaticLayerCache, bounds, draw_over, fingerprint, png_quantized, widen
from renderers.palette import RESOURCE_COLOURS, terrain_colour
from renderers.runewars_draw import PT_PER_PX, Batch, label_width, pixel_axes, pixel_transform
from renderers.runewars_scene import (
    RUNE_DRAGON,
    AreaScene,
    FactionPanel,
    HeroMark,
    HeroRow,
    Scene,
    UnitCell,
    UnitKind,
    _content,
    build_scene,
    content_key,
    content_scope,
    season_line,
    unit_kind,
)
from renderers.words import Words, game_names

BACKGROUND = "#efe9dc"
BANNER = "#2d2a26"
INK = "#1e1e1e"
MOUNTAIN = "#c0262d"
WATER = "#1f66c2"
BATTLE = "#d11f1f"
RUNE = "#3a3a42"  # rune backs: a charcoal no faction wears (Waiqar's purple once made them look owned)

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


_LAYOUTS: dict[tuple[Any, ...], Layout] = {}  # the last layouts by what they depend on (``layout``)


def layout(scene: Scene, width: int) -> Layout:
    """Where the map, panels and legend go (``_layout``), remembered by what it depends on.

    A layout is a pure function of the map's hexes, the setup markers, the panels' heights and the
    width, and the six rotations and two panel places it tries cost ~0.6 ms of every picture (issue
    12: a decision picture per press); a map that gains a tile or a panel that gains a hero row is
    another key, so a changed board is never laid out as the old one.
    """
    k = width / 1800
    key = (
        tuple(tuple(a.hex) for a in scene.areas),
        tuple(tuple(h) for h in scene.setup_markers),
        tuple(_panel_block_height(p, k) for p in scene.panels),
        int(width),
    )
    found = _LAYOUTS.get(key)
    if found is None:
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = _layout(scene, width)
    return found


def _layout(scene: Scene, width: int) -> Layout:
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


def _static_layer(scene: Scene, lay: Layout, words: Words) -> Any:
    """The map without pieces, as pixels of ``lay.map_rect`` (not the whole picture).

    Only the map's own geometry goes in, so a panel growing by a hero row (which
    changes the picture's height) does not redraw the map.
    """
    mx, my, mw, mh = lay.map_rect
    fig = new_figure(mw, mh, facecolor=BACKGROUND)
    # Straight onto the figure in the picture's pixels: an Axes costs ~7 ms to make, a quarter of
    # this layer, which is drawn again for each game's map and each tile placed (RW-4.3, issue 12).
    ax = _PixelFigure(fig, mh, transform=_map_transform(lay.map_rect))
    _draw_terrain(ax, scene, lay)
    _draw_setup_markers(ax, scene, lay)
    if not scene.areas:  # setup before the first tile: say what will appear here rather than show nothing
        note = "\n".join(fonts.wrap(words(MAP_TO_COME()), mw * 0.7 / _HINTING, 26 * lay.k, locale=words.locale))
        ax.text(
            mx + mw / 2,
            my + mh / 2,
            note,
            fontsize=26 * lay.k * PT_PER_PX,
            color="#6b5d45",
            ha="center",
            va="center",
            linespacing=1.4,
            zorder=5,
        )
    _draw_borders(ax, scene, lay)
    b = Batch(locale=words.locale)
    codes = {res: words(RESOURCE_CODES[res]()) for res in RESOURCE_CODES}
    for a in scene.areas:
        _draw_area_print(b, a, lay, codes)
    b.draw(ax)
    return to_rgba(fig)


def _map_transform(rect: tuple[int, int, int, int]) -> Any:
    """The picture's pixels (y down) to those of a figure showing only ``rect`` (x, y, w, h) of it.

    Composed as an Axes spanning that figure composes it (its limits to the unit square, then the
    square to the figure), so every point lands where the Axes put it, to the last bit: a label on a
    half pixel snaps the same way (tests/renderers/test_decision_reuse.py).
    """
    mx, my, mw, mh = rect
    return BboxTransformFrom(Bbox([[mx, my + mh], [mx + mw, my]])) + BboxTransformTo(Bbox([[0, 0], [mw, mh]]))


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


def _draw_area_print(b: Batch, a: AreaScene, lay: Layout, codes: dict[str, str]) -> None:
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
        b.label(codes[res], x0 + i * step, y, 0.125 * R, "#ffffff" if res != "food" else INK, z=7)
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


# Setup before any tile is placed (RW-4): the empty map says what is coming.
MAP_TO_COME = message(
    "render.rw.map_to_come",
    "The map is built during setup: once factions are chosen, each player places map tiles (RW-4.3) and the"
    " board grows here, tile by tile, with each placement's picture.",
)

# One-glyph codes of the resources on areas and dials (RW-9.1).
RESOURCE_CODES = {
    "food": message("render.rw.code.food", "F"),
    "wood": message("render.rw.code.wood", "W"),
    "ore": message("render.rw.code.ore", "O"),
}
# Codes of the developments on a stronghold (RW-19.4).
DEVELOPMENT_WORDS = {
    "resource": message("render.rw.code.development.resource", "Re"),
    "diplomacy": message("render.rw.code.development.diplomacy", "Di"),
    "training": message("render.rw.code.development.training", "Tr"),
    "defense": message("render.rw.code.development.defense", "De"),
}
LEGEND_TITLE = message("render.rw.legend.title", "Legend")
LEGEND_ROWS = (
    ("triangle", message("render.rw.legend.triangle", "triangle base")),
    ("rectangle", message("render.rw.legend.rectangle", "rectangle base")),
    ("circle", message("render.rw.legend.circle", "circle base")),
    ("hexagon", message("render.rw.legend.hexagon", "hexagon base")),
    ("unit", message("render.rw.legend.unit", "3 units of type K")),
    ("routed", message("render.rw.legend.routed", "routed units")),
    ("damage", message("render.rw.legend.damage", "damage (battle)")),
    ("hero", message("render.rw.legend.hero", "hero + initials")),
    ("ring", message("render.rw.legend.ring", "controller's ring")),
    ("flag", message("render.rw.legend.flag", "home realm")),
    ("res", message("render.rw.legend.resources", "food · wood · ore")),
    ("castle", message("render.rw.legend.stronghold", "stronghold")),
    ("damaged", message("render.rw.legend.damaged", "damaged stronghold")),
    ("dev", message("render.rw.legend.development", "development")),
    ("rune", message("render.rw.legend.rune", "rune token")),
    ("activation", message("render.rw.legend.activation", "activation token")),
    ("marker", message("render.rw.legend.marker", "defeated hero")),
    ("explore", message("render.rw.legend.explore", "exploration token")),
    ("battle", message("render.rw.legend.battle", "battle here")),
    ("city", message("render.rw.legend.city", "city")),
    ("mountain", message("render.rw.legend.mountain", "mountain border")),
    ("water", message("render.rw.legend.water", "water border")),
)
LEGEND_DEVELOPMENTS = message(
    "render.rw.legend.developments",
    "Developments: {resource} resource, {diplomacy} diplomacy, {training} training, {defense} defense.",
)
LEGEND_NEUTRALS = message("render.rw.legend.neutrals", "Neutrals are grey: {units}.")
LEGEND_NEUTRAL = message("render.rw.legend.neutral", "{code} {name}")
LEGEND_RINGS = message("render.rw.legend.rings", "Each faction's ring has its own dash pattern (see its panel).")
# Issue 12: the panels' hero lines in words (RW-20.1 attributes, RW-13.2 health).
LEGEND_HEROES = message(
    "render.rw.legend.heroes",
    "Hero lines: {attributes} = strength, agility, wisdom; ♥ health left / health.",
)
# Issue 11: house (invented) components are marked wherever a player sees them.
LEGEND_HOUSE = message(
    "render.rw.legend.house",
    "House content (invented for this bot, not the printed game): {kinds}.",
)
HOUSE_KINDS = (
    ("tile", message("render.rw.legend.house.tiles", "map tiles")),
    ("city", message("render.rw.legend.house.cities", "city tokens")),
    ("exploration", message("render.rw.legend.house.exploration", "exploration tokens")),
    ("hero", message("render.rw.legend.house.heroes", "heroes")),
)
# A game played with a content pack (docs/content-packs.md) says so: its transcribed entries are not house.
# (No 🏠 in the picture: the picture fonts have no emoji glyphs.)
LEGEND_PACK = message(
    "render.rw.legend.pack",
    "Content pack {pack}: what it transcribed from the box is not marked as house content.",
)


def _legend_layer(
    legend: tuple[float, float, float, float], cols: int, k: float, words: Words, notes: tuple[str, ...]
) -> Any:
    """The legend as pixels: the same for every game of a given layout, language and notes, so cached across games."""
    w, h = math.ceil(legend[2] + 2 * k), math.ceil(legend[3] + 2 * k)
    fig = new_figure(w, h, facecolor=BACKGROUND)
    ax = pixel_axes(fig, w, h)
    _legend(ax, (k, k, legend[2], legend[3]), cols, k, words, notes)
    return to_rgba(fig)


def _legend(
    ax: Any, rect: tuple[float, float, float, float], cols: int, k: float, words: Words, notes_text: tuple[str, ...]
) -> None:
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
    b = Batch(locale=words.locale)
    b.label(words(LEGEND_TITLE()), x0 + 12 * k, y0 + 18 * k, 16 * k, INK, align="left", z=3)
    col_w = w / cols
    per_col = math.ceil(len(LEGEND_ROWS) / cols)
    top = y0 + 42 * k
    room = (w - 24 * k) / _HINTING
    notes = "\n".join(line for n in notes_text for line in fonts.wrap(n, room, 12.5 * k, locale=words.locale))
    notes_h = (notes.count("\n") + 1) * 12.5 * k * 1.3 + 12 * k
    dy = min(30 * k, (lh - 42 * k - notes_h) / per_col)  # the rows close up so every note stays in the box
    for i, (kind, row_text) in enumerate(LEGEND_ROWS):
        col, row = divmod(i, per_col)
        gx = x0 + 28 * k + col * col_w
        gy = top + row * dy
        tx = gx + 24 * k + _legend_key(b, ax, kind, gx, gy, k, words)
        text = words(row_text())
        room = gx + col_w - 10 * k - tx
        size = 14 * k * min(1.0, room / max(1.0, label_width(text, 14 * k, False, words.locale)))  # never spill
        b.label(text, tx, gy, size, INK, bold=False, align="left", z=3)
    b.draw(ax)
    ax.text(
        x0 + 12 * k,
        top + per_col * dy - 4 * k,
        notes,
        fontsize=12.5 * k * PT_PER_PX,
        va="top",
        ha="left",
        color="#444444",
        zorder=3,
        linespacing=1.3,
    )


def legend_notes(scene: Scene, words: Words) -> list[str]:
    """The legend's notes under its rows: the neutral units' codes of the game's content, the
    house components this board shows (``scene.house``) and the game's content pack, if any."""
    neutrals = [unit_kind(u.id) for u in _content().neutral_units()]
    units = words.join([words(LEGEND_NEUTRAL(code=u.code, name=words.name("unit", u.id, u.name))) for u in neutrals])
    notes = [
        words(LEGEND_DEVELOPMENTS(**{d: words(m()) for d, m in DEVELOPMENT_WORDS.items()})),
        words(LEGEND_NEUTRALS(units=units)),
        words(LEGEND_RINGS()),
        words(LEGEND_HEROES(attributes=words(HERO_ATTRIBUTES(strength="", agility="", wisdom="")).replace("  ", " "))),
    ]
    kinds = [words(m()) for kind, m in HOUSE_KINDS if kind in scene.house]
    if kinds:
        notes.append(words(LEGEND_HOUSE(kinds=words.join(kinds))))
    if scene.pack:
        notes.append(words(LEGEND_PACK(pack=scene.pack)))
    return notes


_LEGEND_GREY = "#9a9a9a"


def _legend_key(b: Batch, ax: Any, kind: str, gx: float, gy: float, k: float, words: Words) -> float:
    """Draw the sample of one legend row at (gx, gy); returns how much further right its text starts."""
    s = 25 * k
    if kind in ("triangle", "rectangle", "circle", "hexagon"):
        b.glyph(kind, gx, gy, s, _LEGEND_GREY, "#222222", 1)
    elif kind in ("mountain", "water", "ring"):
        _legend_line(ax, kind, gx, gy, s, k)
    elif kind == "dev":
        b.glyph("square", gx, gy, 0.9 * s, "#ffffff", _LEGEND_GREY, 2 * k)
        b.label(words(DEVELOPMENT_WORDS["training"]()), gx, gy, 0.45 * s, INK)
    elif kind == "res":
        for j, res in enumerate(("food", "wood", "ore")):
            b.glyph("square", gx - 0.2 * s + j * 0.75 * s, gy, 0.65 * s, RESOURCE_COLOURS[res], "#222222", 0.8)
            code = words(RESOURCE_CODES[res]())
            b.label(code, gx - 0.2 * s + j * 0.75 * s, gy, 0.45 * s, "#ffffff" if res != "food" else INK)
        return 30 * k
    elif kind == "rune":
        b.glyph("diamond", gx - 0.3 * s, gy, s, RUNE, "#ffffff", 1)
        b.label("?", gx - 0.3 * s, gy, 0.5 * s, "#ffffff")
        b.glyph("diamond", gx + 0.45 * s, gy, s, "#e0b000", INK, 1)
        b.label(words(RUNE_DRAGON()), gx + 0.45 * s, gy, 0.5 * s, INK)
        b.glyph("diamond", gx + 1.2 * s, gy, s, "#8c8c8c", INK, 1)
        b.label("✕", gx + 1.2 * s, gy, 0.5 * s, "#ffffff")
        return 1.2 * s
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
    "activation": _legend_activation,
    "marker": _legend_marker,
    "explore": _legend_explore,
    "battle": _legend_battle,
    "city": _legend_city,
    "flag": _legend_flag,
}


# --------------------------------------------------------------------------- panel and banner layers

ELIMINATED = message("render.rw.panel.eliminated", "{name}  (eliminated)")
PANEL_SEAT = message("render.rw.panel.seat", "seat {n}")
FIRST_PLAYER = message("render.rw.panel.first", "first")
TAG_SEP = message("render.rw.panel.tag_sep", " · ")
STAT = message("render.rw.panel.stat", "{name} {value}")
STAT_SEP = message("render.rw.panel.stat_sep", "   ")
STATS = {
    "influence": message("render.rw.panel.influence", "influence"),
    "tactics": message("render.rw.panel.tactics", "tactics"),
    "quests": message("render.rw.panel.quests", "quests"),
    "runes": message("render.rw.panel.runes", "runes"),
}
ORDERS = message("render.rw.panel.orders", "orders")
BOARD_COUNTS = message("render.rw.panel.board_counts", "strongholds {strongholds} · units {units}")
NO_HEROES = message("render.rw.panel.no_heroes", "no heroes")
HERO_ATTRIBUTES = message("render.rw.panel.hero_attributes", "S{strength} A{agility} W{wisdom}")
HERO_REWARDS = plural_message("render.rw.panel.hero_rewards", "{n} reward", "{n} rewards")
HERO_ROUTED = message("render.rw.panel.hero_routed", "routed")
HERO_SEP = message("render.rw.panel.hero_sep", "  ·  ")
TITLES_SEP = message("render.rw.panel.titles_sep", ", ")
TO_ACT = message("render.rw.panel.to_act", "TO ACT")


def _block_layer(p: FactionPanel, w: float, h: float, k: float, words: Words) -> Any:
    """One faction's panel block as pixels (cached by what it shows)."""
    fig = new_figure(math.ceil(w), math.ceil(h), facecolor=BACKGROUND)
    _faction_block(_PixelFigure(fig, math.ceil(h)), p, 1.5 * k, 1.5 * k, w - 3 * k, h - 3 * k, k, words)
    return to_rgba(fig)


class _PixelFigure:
    """A figure drawn on in pixels, y down, through the two calls a panel block makes of an Axes.

    A block is redrawn whenever its faction's dials, orders or heroes change (every season of
    every game); making an Axes for it cost ~8 ms, more than drawing the block (issue 12). The
    pixels are the same as through an Axes spanning the figure (tests/renderers/test_picture_cost.py).
    """

    def __init__(self, fig: Any, height: int, transform: Any = None) -> None:
        self.fig = fig
        self.transData = transform if transform is not None else pixel_transform(height)  # Batch.draw's name

    def add_patch(self, patch: Any) -> None:
        patch.set_transform(self.transData)
        self.fig.add_artist(patch)

    def add_collection(self, collection: Any) -> None:
        collection.set_transform(self.transData)
        self.fig.add_artist(collection)

    def add_artist(self, artist: Any) -> None:
        self.fig.add_artist(artist)

    def text(self, x: float, y: float, text: str, **kwargs: Any) -> None:
        self.fig.text(x, y, text, transform=self.transData, **kwargs)


def _panel_key(p: FactionPanel) -> dict[str, Any]:
    d = asdict(p)
    d.pop("waiting")  # drawn live: it changes with nearly every action
    return d


def _faction_block(ax: Any, p: FactionPanel, x: float, y: float, w: float, h: float, k: float, words: Words) -> None:
    """One faction's panel: header, dials and counts, orders, unit key, heroes and titles, top to bottom."""
    b = Batch(locale=words.locale)
    hh = _block_header(ax, b, p, x, y, w, h, k, words)
    ry = y + hh + 20 * k
    _block_dials(b, p, x, ry, w, k, words)
    ry += 34 * k
    _block_orders(b, p, x, ry, w, k, words)
    ry += 32 * k
    _block_unit_key(b, p, x, ry, w, k, words)
    ry += 2 * 27 * k + 4 * k
    ry = _block_heroes(b, p, x, ry, w, k, words)
    if p.titles:
        titles = "♛ " + words(TITLES_SEP()).join(p.titles)
        _fitted_label(b, titles, x + 12 * k, ry, 15 * k, w - 24 * k, "#6a4d12", True, words.locale)
    b.draw(ax)


def _fitted_label(
    b: Batch, text: str, x: float, y: float, size: float, room: float, colour: str, bold: bool, locale: str
) -> float:
    """A left-aligned label shrunk to fit ``room`` pixels (never spilling out of its panel); returns its width."""
    width = label_width(text, size, bold, locale)
    if width > room > 0:
        size *= room / width
        width = room
    b.label(text, x, y, size, colour, bold=bold, align="left")
    return width


def _block_header(
    ax: Any, b: Batch, p: FactionPanel, x: float, y: float, w: float, h: float, k: float, words: Words
) -> float:
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
    tag = _header_tag(p, words)
    tag_w = label_width(tag, 14 * k, False, words.locale)
    b.label(tag, x + w - 52 * k, y + hh / 2, 14 * k, "#ffffff", bold=False, align="right")
    name = words(ELIMINATED(name=p.name)) if p.eliminated else p.name
    _fitted_label(b, name, x + 12 * k, y + hh / 2, 21 * k, _name_room(w, k, tag_w), "#ffffff", True, words.locale)
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


def _header_tag(p: FactionPanel, words: Words) -> str:
    tags = [p.player] if p.player else []  # issue 12: who plays the faction, as the table calls them
    tags.append(words(PANEL_SEAT(n=p.seat + 1)))
    if p.start_player:
        tags.append(words(FIRST_PLAYER()))
    return words(TAG_SEP()).join(tags)


def _name_room(w: float, k: float, tag_w: float) -> float:
    """How wide a faction's name may be in its header: the seat tag, the ring and the live "TO ACT"
    badge (drawn over the cached header, so its room is always kept) take the rest."""
    return w - 52 * k - tag_w - 24 * k - 92 * k


def _block_dials(b: Batch, p: FactionPanel, x: float, ry: float, w: float, k: float, words: Words) -> None:
    """Row: resource dials, influence, tactics, quests (and dragon runes when the view counts them)."""
    cx = x + 22 * k
    for res in ("food", "wood", "ore"):
        b.glyph("square", cx, ry, 24 * k, RESOURCE_COLOURS[res], "#222222", 1)
        b.label(words(RESOURCE_CODES[res]()), cx, ry, 15 * k, "#ffffff" if res != "food" else INK)
        b.label(str(p.dials.get(res, 0)), cx + 17 * k, ry, 20 * k, INK, align="left")
        cx += 66 * k
    stats = [("influence", p.influence), ("tactics", p.tactics), ("quests", p.quests)]
    if p.dragon_runes is not None:
        stats.append(("runes", p.dragon_runes))
    line = words(STAT_SEP()).join(words(STAT(name=words(STATS[n]()), value=v)) for n, v in stats)
    _fitted_label(b, line, cx - 6 * k, ry, 15 * k, x + w - 10 * k - (cx - 6 * k), INK, False, words.locale)


def _block_orders(b: Batch, p: FactionPanel, x: float, ry: float, w: float, k: float, words: Words) -> None:
    """Row: order cards used this year (filled), the one being resolved (thick outline), board counts."""
    _fitted_label(b, words(ORDERS()), x + 12 * k, ry, 14 * k, 58 * k, "#555555", False, words.locale)
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
    counts = words(BOARD_COUNTS(strongholds=p.strongholds, units=p.units_on_board))
    left = x + 80 * k + 8 * 30 * k - 8 * k
    _fitted_label(b, counts, left, ry, 14 * k, x + w - 10 * k - left, "#555555", False, words.locale)


_SHAPE_ORDER = {"triangle": 0, "rectangle": 1, "circle": 2, "hexagon": 3}


def _faction_unit_kinds(p: FactionPanel) -> list[UnitKind]:
    """The faction's unit types in key order (by base shape); none for a panel naming no known faction."""
    fac = next((f for f in _content().factions if f.id == p.faction or f.name == p.name), None)
    kinds = [unit_kind(u) for u in fac.unit_types] if fac is not None else []
    kinds.sort(key=lambda u: (_SHAPE_ORDER.get(u.shape, 9), u.code))
    return kinds


def _block_unit_key(b: Batch, p: FactionPanel, x: float, ry: float, w: float, k: float, words: Words) -> None:
    """Rows: the faction's unit key, two per row."""
    for i, kd in enumerate(_faction_unit_kinds(p)[:4]):
        row, col = divmod(i, 2)
        ux = x + 22 * k + col * (w / 2)
        uy = ry + row * 27 * k
        size = 22 * k * (1.1 if kd.shape in ("triangle", "rectangle") else 1)
        b.glyph(kd.shape, ux, uy, size, p.colour, "#222222", 1)
        b.label(kd.code, ux, uy + (2 * k if kd.shape == "triangle" else 0), 12 * k, "#ffffff")
        name = words.name("unit", kd.id, kd.name)
        _fitted_label(b, name, ux + 17 * k, uy, 14 * k, w / 2 - 30 * k, INK, False, words.locale)


def _hero_facts(hr: HeroRow, words: Words) -> str:
    """A hero's panel line: area, attributes, health left, rewards, routed."""
    bits = [hr.area or "—"]
    if hr.strength is not None:
        bits.append(words(HERO_ATTRIBUTES(strength=hr.strength, agility=hr.agility, wisdom=hr.wisdom)))
    if hr.health is not None:
        bits.append(f"♥{max(0, hr.health - hr.damage)}/{hr.health}")
    if hr.rewards:
        bits.append(words(HERO_REWARDS(n=hr.rewards)))
    if hr.routed:
        bits.append(words(HERO_ROUTED()))
    return words(HERO_SEP()).join(bits)


def _block_heroes(b: Batch, p: FactionPanel, x: float, ry: float, w: float, k: float, words: Words) -> float:
    """Rows: one per hero; returns the y of the row after them."""
    if not p.heroes:
        b.label(words(NO_HEROES()), x + 12 * k, ry, 14 * k, "#777777", bold=False, align="left")
    for hr in p.heroes:
        face, edge = ("#ffffff", p.colour) if hr.routed else (p.colour, "#222222")
        b.glyph("star", x + 22 * k, ry, 25 * k, face, edge, 1.5)
        name_w = _fitted_label(b, hr.name, x + 40 * k, ry, 15 * k, (w - 50 * k) * 0.45, INK, True, words.locale)
        name_w += 12 * k
        line = _hero_facts(hr, words)
        room = x + w - 10 * k - (x + 40 * k + name_w)
        colour = BATTLE if hr.damage else INK
        _fitted_label(b, line, x + 40 * k + name_w, ry, 15 * k, room, colour, False, words.locale)
        ry += 27 * k
    return ry


# Agg's hinted text runs a few per cent wider than the unhinted outlines ``label_width`` measures.
_HINTING = 1.07


def _fit(text: str, size_px: float, room: float, locale: str = "") -> str:
    """``text`` (drawn as a matplotlib Text), cut with an ellipsis so that it fits ``room`` pixels."""
    room /= _HINTING
    if label_width(text, size_px, False, locale) <= room:
        return text
    while text and label_width(text + "…", size_px, False, locale) > room:
        text = text[: max(0, int(len(text) * 0.95) - 1)]
    return text.rstrip() + "…"


def _split_to_width(text: str, size_px: float, room: float, locale: str = "") -> tuple[str, str]:
    """The longest first line that fits ``room`` (as a matplotlib Text), and the rest: whole words
    in Latin text, any two characters in Chinese (``fonts.wrap``)."""
    lines = fonts.wrap(text, room / _HINTING, size_px, locale=locale)
    if not lines:
        return text, ""
    head = lines[0]
    return head, text[len(head) :].strip()


def _banner_layer(scene: Scene, lay: Layout, words: Words) -> Any:
    k = lay.k
    fig = new_figure(lay.width, lay.banner_h, facecolor=BANNER)
    ax = pixel_axes(fig, lay.width, lay.banner_h)
    bn = scene.banner
    loc = words.locale
    viewer_w = label_width(bn.viewer, 14 * k, True, loc) * _HINTING + 24 * k if bn.viewer else 0.0
    title = _fit(bn.title, 30 * k, lay.width - 32 * k - viewer_w, loc)
    ax.text(
        16 * k, 30 * k, title, fontsize=30 * k * PT_PER_PX, fontweight="bold", color="#ffffff", va="center", zorder=3
    )
    if bn.season_card:
        text = season_line(bn, words)
        room = lay.width - 32 * k
        if label_width(text, 16 * k, False, loc) * _HINTING <= room:
            ax.text(16 * k, 64 * k, text, fontsize=16 * k * PT_PER_PX, color="#f3d58a", va="center", zorder=3)
        else:  # two smaller lines rather than a cut sentence
            first, rest = _split_to_width(text, 13.5 * k, room, loc)
            ax.text(16 * k, 56 * k, first, fontsize=13.5 * k * PT_PER_PX, color="#f3d58a", va="center", zorder=3)
            ax.text(
                16 * k,
                74 * k,
                _fit(rest, 13.5 * k, room, loc),
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


def _draw_area(b: Batch, a: AreaScene, lay: Layout, rings: list[Any], words: Words | None = None) -> None:
    """One area's live pieces: its control ring (collected in ``rings``), stacks, tokens and battle marker."""
    cx, cy = lay.centre(a.hex)
    if a.controller_colour:
        ring = [(cx + x, cy + y) for x, y in corners(Hex(0, 0), lay.radius * 0.9)]
        rings.append((ring, a.controller_colour, a.controller_style))
    _draw_stacks(b, a, lay, cx, cy)
    _draw_tokens(b, _token_row(a), lay, cx, cy, words or Words())
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


def _draw_tokens(b: Batch, toks: list[tuple[str, Any]], lay: Layout, cx: float, cy: float, words: Words) -> None:
    if not toks:
        return
    for x, y, s, (kind, t) in _token_places(toks, lay.radius, cx, cy):
        _draw_token(b, kind, t, x, y, s, lay.k, words)


def _token_places(toks: list[tuple[str, Any]], R: float, cx: float, cy: float) -> list[tuple[float, float, float, Any]]:
    """Where each token goes: inside the hex's narrowing bottom, never over a neighbour.

    Up to three tokens share one row low in the hex; more take a row just under the stacks
    (four at most) and the rest go in the tip below it. Each row's tokens shrink until the
    outermost one, reach included, lies inside the pointy hex (whose lower edges run from
    the corners at 0.87 R to the tip at R). Returns (x, y, size, token) for each.
    """
    n = len(toks)
    rows = [(0.66, toks)] if n <= 3 else [(0.6, toks[:4]), (0.8, toks[4:])]
    places = []
    for depth, row in rows:
        if not row:
            continue
        s = 0.24 * R
        for _ in range(30):
            step = min(0.28 * R, 1.12 * s)
            reach = 0.62 * s  # the widest token glyph (a rune's diamond, a stronghold) from its centre
            outer = step * (len(row) - 1) / 2 + reach
            if depth * R + reach <= R - outer / math.sqrt(3) and outer <= 0.866 * R:
                break
            s *= 0.92
        x0 = cx - step * (len(row) - 1) / 2
        places += [(x0 + i * step, cy + depth * R, s, tok) for i, tok in enumerate(row)]
    return places


def _draw_token(b: Batch, kind: str, t: Any, x: float, y: float, s: float, k: float, words: Words) -> None:
    """One token of size ``s``: ``t`` is the stronghold dict for stronghold and development, else a ``Token``."""
    if kind == "stronghold":
        if t["damaged"]:
            b.glyph("castle", x, y, s * 1.15, "#ffffff", t["colour"], 2.6 * k, z=12)
            b.label("½", x, y + 0.08 * s, 0.62 * s, INK, z=13)
        else:
            b.glyph("castle", x, y, s * 1.15, t["colour"], "#222222", 1.2 * k, z=12)
    elif kind == "dev":
        dev = str(t.get("development"))
        code = words(DEVELOPMENT_WORDS[dev]()) if dev in DEVELOPMENT_WORDS else dev[:2].title()
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
    size = 0.46 * g if len(h.initials) == 1 else 0.34 * g  # one Chinese character: as big as the star allows
    b.label(h.initials, x, y + 0.1 * g, size, "#ffffff" if not h.routed else h.colour, z=11)
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


def render_board(view: dict[str, Any], *, width: int = 1800, locale: Any = "en", names: Names | None = None) -> bytes:
    """The board picture of ``view`` as PNG bytes, ``width`` pixels wide, in the game's ``locale``.

    ``names`` resolves content names (units, factions, heroes …); by default the game's own
    resolver (``engine.runewars.names()``) when it has one, else the English names of the view.
    """
    return png_quantized(render_pixels(view, width=width, locale=locale, names=names))


def words_for(locale: Any = "en", names: Names | None = None) -> Words:
    """The language of a Runewars picture: ``locale`` and ``names`` or the game's own names."""
    return Words(locale, names if names is not None else game_names("engine.runewars"))


def render_pixels(view: dict[str, Any], *, width: int = 1800, locale: Any = "en", names: Names | None = None) -> Any:
    """The board picture as an (H, W, 4) uint8 array (``render_board`` without the PNG encoding)."""
    words = words_for(locale, names)
    with fonts.for_locale(words.locale), content_scope(view):  # the game's content: its pack's, if any
        scene = build_scene(view, words)
        lay = layout(scene, int(width))
        patches = _cached_layers(scene, lay, words)
        fig = new_figure(lay.width, lay.height, facecolor=BACKGROUND)
        tf = pixel_transform(lay.height)
        b = Batch(locale=words.locale)
        _draw_map_pieces(fig, tf, b, scene, lay, words)
        _draw_to_act(b, scene, lay, words)
        b.draw(fig, tf)
        return draw_over(fig, _plain(lay.width, lay.height), patches=patches)


Patch = tuple[int, int, Any]  # (row, column, pixels) pasted under the live layer


def _cached_layers(scene: Scene, lay: Layout, words: Words, *, map_only: bool = False) -> list[Patch]:
    """The map, banner, legend and faction blocks: from the caches, drawn only when what they show changed.

    Every key holds the language: a Chinese and an English game never share a layer. With
    ``map_only`` (a decision picture, cut to the map) only the map: the panels would be cut away,
    and drawing a faction block that changed costs more than the whole decision otherwise.
    """
    k = lay.k
    loc = words.locale
    map_key = fingerprint([static_fingerprint(scene, lay), loc])
    map_pixels = STATIC_CACHE.get(map_key, partial(_static_layer, scene, lay, words))
    if map_only:
        return [(lay.map_rect[1], lay.map_rect[0], map_pixels)]
    banner_key = fingerprint(
        ["runewars-banner-v4", asdict(scene.banner) | {"status": ""}, lay.width, lay.banner_h, loc]
    )
    patches: list[Patch] = [
        (lay.map_rect[1], lay.map_rect[0], map_pixels),
        (0, 0, PANEL_CACHE.get(banner_key, partial(_banner_layer, scene, lay, words))),
    ]
    if scene.banner.status:
        status_key = fingerprint(["runewars-status-v1", scene.banner.status, lay.width, k, loc])
        status = PANEL_CACHE.get(status_key, partial(_status_layer, scene.banner.status, lay, words))
        patches.append((round(_STATUS_TOP * k), 0, status))
    notes = tuple(legend_notes(scene, words))  # what it says depends on the board and the game's content
    legend_key = fingerprint(["runewars-legend-v5", lay.legend, lay.legend_cols, k, loc, notes])
    patches.append(
        (
            int(lay.legend[1] - k),
            int(lay.legend[0] - k),
            PANEL_CACHE.get(legend_key, partial(_legend_layer, lay.legend, lay.legend_cols, k, words, notes)),
        )
    )
    for p, (bx, by, bw, bh) in zip(scene.panels, lay.blocks, strict=False):
        # The block's unit key comes from the game's content (a pack may change a faction's units).
        key = fingerprint(["runewars-block-v4", _panel_key(p), bw, bh, k, loc, content_key()])
        block = PANEL_CACHE.get(key, partial(_block_layer, p, bw, bh, k, words))
        patches.append((round(lay.panel_y + by), round(lay.panel_x + bx), block))
    return patches


def _draw_map_pieces(fig: Any, tf: Any, b: Batch, scene: Scene, lay: Layout, words: Words) -> None:
    """Every area's pieces into ``b``; control rings with their wash and battle outlines straight onto ``fig``."""
    k = lay.k
    rings: list[Any] = []
    battle_polys = []
    for a in scene.areas:
        _draw_area(b, a, lay, rings, words)
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


def _draw_to_act(b: Batch, scene: Scene, lay: Layout, words: Words) -> None:
    """The live "TO ACT" badge on the panel of each faction the game waits on (not cached: it changes every action).

    It sits right of the faction's name, which the cached header shrinks to leave it room.
    """
    k = lay.k
    text = words(TO_ACT())
    size = 13 * k * min(1.0, 62 * k / max(1.0, label_width(text, 13 * k, True, words.locale)))
    for p, (bx, by, bw, _bh) in zip(scene.panels, lay.blocks, strict=False):
        if p.waiting:
            tag_w = label_width(_header_tag(p, words), 14 * k, False, words.locale)
            name = words(ELIMINATED(name=p.name)) if p.eliminated else p.name
            name_w = min(label_width(name, 21 * k, True, words.locale), _name_room(bw - 3 * k, k, tag_w))
            x = lay.panel_x + bx + 1.5 * k + 12 * k + name_w + 46 * k
            y = lay.panel_y + by + 1.5 * k + 20 * k
            b.glyph("pill", x, y, 80 * k, "#ffffff", "#222222", 1.2 * k, z=30)
            b.label(text, x, y, size, INK, z=31)


# The status line's strip in the banner, 1800-px design units (its text is centred at 94).
_STATUS_TOP, _STATUS_H = 82, 24


def _status_layer(status: str, lay: Layout, words: Words) -> Any:
    """The banner's status line (battles, turns, who is waited on) as pixels of its strip.

    Cached apart from the banner because it changes with nearly every action while the rest
    of the banner changes a few times a year; a view seen twice (a re-post) draws no text.
    """
    k = lay.k
    h = max(1, round(_STATUS_H * k))
    fig = new_figure(lay.width, h, facecolor=BANNER)
    text = _fit(status, 15 * k, lay.width - 32 * k, words.locale)
    # Straight onto the figure in pixels: an Axes costs ~8 ms to make, more than the text (issue 12).
    fig.text(
        16 * k,
        94 * k - round(_STATUS_TOP * k),
        text,
        fontsize=15 * k * PT_PER_PX,
        color="#dddddd",
        va="center",
        transform=pixel_transform(h),
    )
    return to_rgba(fig)


# --------------------------------------------------------------------------- decision pictures

CHOICE = "#ffcc00"  # the candidates' outline: no faction uses it (palette.FACTION_COLOURS)
CHOICE_EDGE = "#1e1e1e"
DIM = (0.16, 0.15, 0.13, 0.55)  # what cannot be chosen: darkened, its pieces still readable
CHOICE_Z = 41  # the candidates' labels: above the dimming (18), the outlines (19) and their boxes (40)


def render_decision(
    view: dict[str, Any],
    candidates: Mapping[str, str],
    *,
    width: int = 1800,
    locale: Any = "en",
    names: Names | None = None,
) -> bytes:
    """A map decision as PNG bytes: the board of ``view`` with the ``candidates`` (area id -> the
    label its button shows) outlined and labelled, everything else dimmed, cut to the part of the
    map the candidates span (a retreat between two areas reads on a phone; an activation of any
    of forty areas shows the whole map).

    Uses the same cached map layer and panels as ``render_board``: only the pieces, the
    highlight and the labels are drawn, which keeps a decision picture within its 150 ms goal.
    """
    return png_quantized(decision_pixels(view, candidates, width=width, locale=locale, names=names))


def decision_pixels(
    view: dict[str, Any],
    candidates: Mapping[str, str],
    *,
    width: int = 1800,
    locale: Any = "en",
    names: Names | None = None,
) -> Any:
    """``render_decision`` without the PNG encoding: an (H, W, 4) uint8 array.

    A candidate is an area id, or ``"q,r"`` for an empty hex (setup: where a map tile may go,
    RW-4.3), drawn as a ghost hex so the map being built shows where it can grow.
    """
    words = words_for(locale, names)
    with fonts.for_locale(words.locale), content_scope(view):  # the game's content: its pack's, if any
        scene = build_scene(view, words)
        ids = {a.id for a in scene.areas}
        spots = [(a.hex, candidates[a.id], True) for a in scene.areas if a.id in candidates]
        spots += [(h, label, False) for key, label in candidates.items() if key not in ids and (h := _hex_key(key))]
        empty = [h for h, _, on_map in spots if not on_map and h not in scene.setup_markers]
        scene.setup_markers.extend(empty)  # the layout makes room for them (drawn as outlines on the map layer)
        lay = layout(scene, int(width))
        # Only the cut the decision shows is drawn: a figure of its size, the map layer sliced to it
        # (the panels, banner and legend of the board picture would be cut away).
        top, bottom, left, right = _decision_crop([h for h, _, _ in spots], lay)
        cut_w, cut_h = right - left, bottom - top
        (_, _, map_pixels), *_ = _cached_layers(scene, lay, words, map_only=True)
        mx, my = lay.map_rect[0], lay.map_rect[1]
        fig = new_figure(cut_w, cut_h, facecolor=BACKGROUND)
        tf = Affine2D().translate(-left, -top) + pixel_transform(cut_h)
        b = Batch(locale=words.locale)
        _draw_map_pieces(fig, tf, b, scene, lay, words)
        _draw_choices(fig, tf, b, scene, lay, spots, words)
        b.draw(fig, tf)
        piece = map_pixels[max(0, top - my) : bottom - my, max(0, left - mx) : right - mx]
        return draw_over(fig, _plain(cut_w, cut_h), patches=[(max(0, my - top), max(0, mx - left), piece)])


def _hex_key(key: str) -> tuple[int, int] | None:
    """``"q,r"`` as a hex, or None for anything else (an area id that is not on this map)."""
    parts = key.split(",")
    if len(parts) != 2:
        return None
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        return None


Spot = tuple[tuple[int, int], str, bool]  # (hex, label, whether an area of the map is there)


def _draw_choices(fig: Any, tf: Any, b: Batch, scene: Scene, lay: Layout, spots: list[Spot], words: Words) -> None:
    """Dim every area that cannot be chosen, outline the candidates and label each with its button's text."""
    R = lay.radius
    hexagon, inset = corners(Hex(0, 0), R), corners(Hex(0, 0), 0.95 * R)
    chosen = {h for h, _, _ in spots}
    dim = []
    for a in scene.areas:
        if a.hex not in chosen:
            cx, cy = lay.centre(a.hex)
            dim.append([(cx + x, cy + y) for x, y in hexagon])
    if dim:
        fig.add_artist(PolyCollection(dim, facecolors=[DIM], edgecolors="none", zorder=18, transform=tf))
    ghosts = [_at(lay, h, hexagon) for h, _, on_map in spots if not on_map]
    if ghosts:  # empty hexes a tile may cover: a pale fill under the outline
        fig.add_artist(PolyCollection(ghosts, facecolors="#fff3c4", edgecolors="none", zorder=17, transform=tf))
    ring = [_at(lay, h, inset) for h, _, _ in spots]  # inside the hex: its mountain and water borders stay in sight
    if ring:
        for colour, lw in ((CHOICE_EDGE, 8.5), (CHOICE, 5.0)):
            fig.add_artist(
                PolyCollection(
                    ring, facecolors="none", edgecolors=colour, linewidths=lw * lay.k, zorder=19, transform=tf
                )
            )
    boxes = []
    for h, label, on_map in spots:
        cx, cy = lay.centre(h)
        lines, size = _label_lines(label, 1.42 * R, R, words.locale)
        line_h = 1.18 * size
        box_w = max(label_width(line, size, True, words.locale) for line in lines) + 0.5 * size
        box_h = line_h * len(lines) + 0.35 * size
        top = (cy - 0.62 * R if on_map else cy) - box_h / 2  # an empty hex has nothing to keep in sight
        boxes.append(
            [(cx - box_w / 2, top), (cx + box_w / 2, top), (cx + box_w / 2, top + box_h), (cx - box_w / 2, top + box_h)]
        )
        for i, line in enumerate(lines):
            b.label(line, cx, top + 0.175 * size + line_h * (i + 0.5), size, INK, z=CHOICE_Z)
    if boxes:
        fig.add_artist(
            PolyCollection(
                boxes, facecolors="#fffbea", edgecolors=CHOICE_EDGE, linewidths=1.6 * lay.k, zorder=40, transform=tf
            )
        )


def _at(lay: Layout, h: tuple[int, int], shape: list[tuple[float, float]]) -> list[tuple[float, float]]:
    cx, cy = lay.centre(h)
    return [(cx + x, cy + y) for x, y in shape]


def _label_lines(text: str, room: float, R: float, locale: str) -> tuple[list[str], float]:
    """A candidate's label in at most three lines of ``room`` pixels, as big as they fit (0.25 R down to 0.1 R)."""
    size = 0.25 * R
    while size > 0.1 * R:
        lines = (
            [text]
            if label_width(text, size, True, locale) <= room
            else fonts.wrap(text, room, size, bold=True, locale=locale)
        )
        if len(lines) <= min(3, 1 + round(0.25 * R / size)) and all(
            label_width(line, size, True, locale) <= room for line in lines
        ):
            return lines, size
        size *= 0.9
    lines = fonts.wrap(text, room, size, bold=True, locale=locale)[:3] or [text]
    widest = max(label_width(line, size, True, locale) for line in lines)
    return lines, size * min(1.0, room / max(1.0, widest))


def _decision_crop(chosen: list[tuple[int, int]], lay: Layout) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) of the part of the picture a decision shows: the candidates' hexes and
    their surroundings, at least half the map each way so the reader sees where they are."""
    mx, my, mw, mh = lay.map_rect
    if not chosen:
        return my, my + mh, mx, mx + mw
    R = lay.radius
    xs = [lay.centre(h)[0] for h in chosen]
    ys = [lay.centre(h)[1] for h in chosen]
    x0, x1 = min(xs) - 1.9 * R, max(xs) + 1.9 * R
    y0, y1 = min(ys) - 1.8 * R, max(ys) + 1.8 * R
    x0, x1 = widen(x0, x1, 0.5 * mw, mx, mx + mw)
    y0, y1 = widen(y0, y1, 0.5 * mh, my, my + mh)
    return int(y0), math.ceil(y1), int(x0), math.ceil(x1)


renderers.register("runewars", render_board)
renderers.register_decision("runewars", render_decision)
