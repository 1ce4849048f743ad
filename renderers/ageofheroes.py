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

Words: the picture is in the game's language (``locale``): every label is a ``render.ah.*``
message or a content name from the game's names resolver (``Ref`` kinds ``tribe``,
``monument``, ``card`` for the special resource, ``purpose`` and ``condition``), measured in the fonts it is drawn with
(``renderers.fonts``), so a Chinese label is fitted to its true width.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.markers import MarkerStyle
from matplotlib.patches import Ellipse, FancyArrowPatch, PathPatch, Polygon, Rectangle
from matplotlib.transforms import Affine2D

from engine.core.text import Message, message, plural_message
from i18n.names import Names
from renderers import fonts, register
from renderers.canvas import new_figure, to_rgba
from renderers.hexmap import StaticLayerCache, draw_over, fingerprint, png_from_pixels
from renderers.palette import SeatStyle, seat_style
from renderers.pen import BoxPen, design_axes
from renderers.words import SEAT, Words, game_names

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

# ---- words (render.ah.*): the rulebook's terms in Chinese (glossary section 4)
# Icons stay out of the catalogs: DejaVu Sans draws them in every language (Noto Sans CJK lacks some).
SWORDS = "⚔ "
FLAG = "⚑ "
TITLE = message("render.ah.title", "AGE OF HEROES")
SUPPLY = message("render.ah.supply", "Supply")
ROUND_TURN = message("render.ah.round_turn", "Round {round} · Turn {turn}")
SEP = message("render.ah.sep", " · ")
GAME_OVER = message("render.ah.game_over", "Game over")
GAME_OVER_WIN = message("render.ah.game_over.win", "Game over: {names} win")
GAME_OVER_SHARED = message("render.ah.game_over.shared", "Game over: {names} share the win")
WAR_STATUS = message("render.ah.war", "War: {attacker} → {defender} ({purpose})")
PURPOSES = {
    "conquest": message("render.ah.purpose.conquest", "Conquest"),
    "plunder": message("render.ah.purpose.plunder", "Plunder"),
    "raze": message("render.ah.purpose.raze", "Raze"),
}
WAR_WORD = message("render.ah.purpose.war", "War")
MARKET_DAY = message("render.ah.market_day", "Market Day")
FIRST_MARKET_DAY = message("render.ah.market_day.first", "First Market Day")
MARKET_TRADING = message("render.ah.market_day.trading", "{title}: trading ({done}/{alive} done)")
MARKET_DRAWING = message("render.ah.market_day.drawing", "{title}: drawing")
TURN_OF = message("render.ah.turn_of", "Turn: {name}")
SETTING_UP = message("render.ah.setting_up", "Setting up")
DUELS = message("render.ah.duels", "duels won {won}, lost {lost}")
DUELS_TIED = message("render.ah.duels.tied", "duels won {won}, lost {lost}, tied {tied}")
WAITING_ON = message("render.ah.waiting_on", "waiting on {names}")
TRIBES_COUNT = plural_message("render.ah.tribes_count", "{n} tribe", "{n} tribes")
FIRST_PLAYER = message("render.ah.first_player", "first player: {name}")
DECKS = message("render.ah.decks", "Deck {deck} · discard {discard} · battle deck {battle}")
ROW_CITIES = message("render.ah.row.cities", "Cities")
ROW_ARMIES = message("render.ah.row.armies", "Armies")
ROW_FORTS = message("render.ah.row.forts", "Forts")
ROW_HAND = message("render.ah.row.hand", "Hand")
MONUMENT = message("render.ah.monument", "Monument")
MONUMENT_OF = message("render.ah.monument_of", "{monument} · {resource}")
TAG_TURN = message("render.ah.tag.turn", "▶ TURN")
TAG_WINNER = message("render.ah.tag.winner", "★ WINNER")
TAG_WAITING = message("render.ah.tag.waiting", "WAITING")
ELIMINATED = message("render.ah.eliminated", "ELIMINATED")
EMPIRE = message("render.ah.empire", "EMPIRE")
ARMIES_HOME = message("render.ah.armies.home", "{n} home")
ARMIES_AWAY = message("render.ah.armies.away", "{n} away")
ARMIES_SCATTERED = message("render.ah.armies.scattered", "{n} scattered")
ARMIES_IN_BATTLE = message("render.ah.armies.in_battle", "{n} in battle")
ARMIES_GENERALS = plural_message("render.ah.armies.generals", "{n} general", "{n} generals")
NONE = message("render.ah.none", "none")
ATTACKING = message("render.ah.attacking", "attacking {name}")
ATTACKING_WITH = plural_message(
    "render.ah.attacking_with", "attacking {name} · {n} army", "attacking {name} · {n} armies"
)
DEFENDING = message("render.ah.defending", "defending vs {name}")
DEFENDING_WITH = plural_message(
    "render.ah.defending_with", "defending vs {name} · {n} army", "defending vs {name} · {n} armies"
)
CHALLENGE = message("render.ah.challenge", "CHALLENGE")
CHALLENGE_OF = message("render.ah.challenge_of", "CHALLENGE ({conditions})")
CONDITIONS = {
    "empire": message("render.ah.condition.empire", "empire"),
    "monument": message("render.ah.condition.monument", "monument"),
}
DONE_TRADING = message("render.ah.done_trading", "✓ done trading")
BARBARIAN_FLAG = message("render.ah.war_flag.barbarians", "BARBARIANS: {purpose}")
WINNERS = message("render.ah.winners", "★ {names} ★")
TRADE_OFFERS = plural_message("render.ah.trade_offers", "{n} open trade offer", "{n} open trade offers")
DRAWING_CARDS = message("render.ah.drawing_cards", "drawing cards")
ACTIVE_LINE = message("render.ah.active", "▶ {name}")
EARTHQUAKE = message("render.ah.earthquake", "Earthquake on {name}")
BARBARIANS_NAME = message("render.ah.barbarians", "Barbarians")
GAME_MASTER = message("render.ah.game_master", "game master")
LEGEND_CITY = message("render.ah.legend.city", "City")
LEGEND_FORTRESS = message("render.ah.legend.fortress", "Fortress")
LEGEND_ARMY_HOME = message("render.ah.legend.army_home", "Army at home")
LEGEND_GENERAL = message("render.ah.legend.general", "General")
LEGEND_ARMY_AWAY = message("render.ah.legend.army_away", "Army away")
LEGEND_SCATTERED = message("render.ah.legend.scattered", "Scattered")
LEGEND_ROAD = message("render.ah.legend.road", "Road")
LEGEND_NO_ROAD = message("render.ah.legend.no_road", "Neighbours, no road")
LEGEND_WAR = message("render.ah.legend.war", "War")
LEGEND_IN_BATTLE = message("render.ah.legend.in_battle", "In battle")
LEGEND_ACTIVE = message("render.ah.legend.active", "Active turn")
LEGEND_ELIMINATED = message("render.ah.legend.eliminated", "Eliminated")

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


def tribe_label(player: dict[str, Any], words: Words | None = None) -> str:
    """'Greeks', or 'Seat 3' before tribes are chosen (in ``words``' language; English by default)."""
    words = words or Words()
    tribe = player.get("tribe")
    if tribe:
        return words.name("tribe", tribe, TRIBES.get(str(tribe), str(tribe).replace("_", " ").title()))
    return words(SEAT(n=int(player.get("seat", 0)) + 1))


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


class _Pen(BoxPen):
    """Pixel-space drawing on one axes (design px, y down), fonts scaled to the output."""

    box_radius = 10.0

    def say(self, msg: Message, **params: Any) -> str:
        return self.words(msg(**params))

    def fit(self, text: str, size: float, width_px: float, *, bold: bool = False) -> float:
        """A font size (pt) at which ``text`` fits ``width_px`` design px, measured in the drawn fonts."""
        return _fit(text, size, width_px, bold=bold, locale=self.words.locale)

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


def render_tableau(view: dict[str, Any], *, width: int = 1600, locale: Any = "en", names: Names | None = None) -> bytes:
    """The public table of an Age of Heroes game as PNG bytes, ``width`` px wide, in the game's ``locale``.

    ``view`` is ``ruleset.view(state, seat_or_None)``. The table shows public fields only
    (every tribe's ``hand_size``); a seat's own view adds a strip under it with that seat's
    hand by kind and its hidden battle cards (issue 12), so that picture goes to the seat alone. ``names`` resolves
    tribe and monument names; by default the game's own resolver (``engine.ageofheroes.names()``)
    when it has one, else the English names.

    What does not change during a game (frames, tribe names, row labels, the legend) is
    drawn once per table and language into a cached pixel layer; each call draws only the pieces.
    """
    words = Words(locale, names if names is not None else game_names("engine.ageofheroes"))
    with fonts.for_locale(words.locale):
        players: list[dict[str, Any]] = list(view.get("players") or [])
        boxes, table, height = _layout(len(players))
        ctx = _Context.of(view, players, words)
        key = fingerprint(
            [
                width,
                [(p.get("seat"), p.get("tribe"), p.get("special_resource"), p.get("monument_name")) for p in players],
                ctx.monument_size,
                words.locale,
            ]
        )
        background = _STATIC.get(key, lambda: _static_layer(players, boxes, table, height, width, ctx))
        fig, pen = _canvas(width, height, words)
        _header(pen, view, ctx)
        _table(pen, view, ctx, boxes, table)
        for player, box in zip(players, boxes, strict=False):
            _panel(pen, view, ctx, player, box)
        pixels = draw_over(fig, background)
        if view.get("seat") is not None:  # a seat's own view (``/game board private:true``): its secrets below
            import numpy as np

            pixels = np.vstack([pixels, _private_strip(view, width, ctx)])
        return png_from_pixels(pixels)


# Issue 12: a seat's own picture shows what only it knows: its hand and its hidden battle cards.
PRIVATE_HEAD = message("render.ah.private.head", "Only you see this · {name}: your hand, {n} cards")
PRIVATE_CARDS = message("render.ah.private.cards", "{n}× {card}")
PRIVATE_NO_CARDS = message("render.ah.private.no_cards", "no cards")
PRIVATE_DRAWN = message("render.ah.private.drawn", "Your battle cards drawn: {values}")
PRIVATE_PLACED = message("render.ah.private.placed", "Placed face down: {placements}")
PRIVATE_PLACEMENT = message("render.ah.private.placement", "{army} {value}")
PRIVATE_H = 64  # design px per line of the strip


def _private_lines(view: dict[str, Any], ctx: _Context) -> list[str]:
    """The strip's lines after its heading: the hand by kind, then any hidden battle cards (AH-10)."""
    words = ctx.words
    kinds = view.get("hand_kinds") or {}
    cards = [
        words(PRIVATE_CARDS(n=n, card=words.name("card", kind, str(kind).replace("_", " ").title())))
        for kind, n in sorted(kinds.items())
    ]
    lines = [words(SEP()).join(cards) if cards else words(PRIVATE_NO_CARDS())]
    mine = view.get("my_battle") or {}
    if mine.get("drawn"):
        lines.append(words(PRIVATE_DRAWN(values=", ".join(str(c.get("value")) for c in mine["drawn"]))))
    if mine.get("placed"):
        placed = [words(PRIVATE_PLACEMENT(army=army, value=value)) for army, value in sorted(mine["placed"].items())]
        lines.append(words(PRIVATE_PLACED(placements=", ".join(placed))))
    return lines


def _private_strip(view: dict[str, Any], width: int, ctx: _Context) -> Any:
    """The viewing seat's secrets as pixels ``width`` wide, laid under the public table."""
    lines = _private_lines(view, ctx)
    height = PRIVATE_H * (len(lines) + 1) + 16
    fig, pen = _canvas(width, height, ctx.words)
    pen.box(12, 8, DESIGN_W - 24, height - 16, face="#fff6d8", edge="#b08d2a", lw=2.5, radius=10, z=1)
    seat = int(view["seat"])
    me = next((p for p in view.get("players") or [] if p.get("seat") == seat), {"seat": seat})
    head = pen.say(PRIVATE_HEAD, name=tribe_label(me, ctx.words), n=len(view.get("hand") or []))
    pen.text(32, 8 + PRIVATE_H / 2 + 4, head, pen.fit(head, 20, DESIGN_W - 64, bold=True), weight="bold")
    for i, line in enumerate(lines):
        pen.text(32, 8 + PRIVATE_H * (i + 1.5), line, pen.fit(line, 18, DESIGN_W - 64))
    return to_rgba(fig)


def _canvas(width: int, height: float, words: Words) -> tuple[Figure, _Pen]:
    # new_figure is this module's own name: tests record the figures drawn by patching it here.
    scale = width / DESIGN_W
    fig = new_figure(width, round(height * scale), facecolor=PAPER)
    return fig, _Pen(design_axes(fig, DESIGN_W, height), scale, words)


def _static_layer(
    players: list[dict[str, Any]], boxes: list[Box], table: Box, height: float, width: int, ctx: _Context
) -> Any:
    fig, pen = _canvas(width, height, ctx.words)
    pen.box(0, 0, DESIGN_W, HEADER_H, face="#3b2f24", radius=0, z=1)
    title = pen.say(TITLE)
    pen.text(24, 34, title, pen.fit(title, 22, 340, bold=True), colour="#f4e2b8", weight="bold")
    supply = pen.say(SUPPLY)
    pen.text(1140, 30, supply, pen.fit(supply, 14, 66), colour="#f4e2b8")
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
    words: Words

    @classmethod
    def of(cls, view: dict[str, Any], players: list[dict[str, Any]], words: Words) -> _Context:
        result = view.get("result") or {}
        waiting = view.get("waiting") or {}
        return cls(
            names={int(p.get("seat", i)): tribe_label(p, words) for i, p in enumerate(players)},
            active=view.get("active") if isinstance(view.get("active"), int) else None,
            waiting={int(s) for s in (waiting.get("seats") or []) if isinstance(s, int)},
            winners={int(s) for s in (result.get("winners") or [])},
            monument_size=int(view.get("monument_size") or 5),
            empire_cities=int(view.get("empire_cities") or 5),
            battle=view.get("battle") or None,
            market=view.get("market_day") or None,
            n_alive=sum(1 for p in players if not p.get("eliminated")),
            words=words,
        )

    def name(self, seat: int | None) -> str:
        if seat == BARBARIANS:
            return self.words(BARBARIANS_NAME())
        if seat is None:
            return "?"
        if seat not in self.names and seat < 0:
            return self.words(GAME_MASTER())
        return self.names.get(seat, self.words(SEAT(n=seat + 1)))

    def names_of(self, seats: list[int]) -> str:
        return self.words.join([self.name(s) for s in seats])


# Agg's hinted text runs a few per cent wider than the unhinted outlines ``fonts.text_width`` measures.
_HINTING = 1.07


def _fit(text: str, size: float, width_px: float, *, bold: bool = False, locale: str = "") -> float:
    """A font size (pt) at which ``text`` fits ``width_px`` design px, measured in the fonts it is drawn with.

    The widest line counts for a text of several lines. ``size`` pt are ``size * 100 / 72``
    design px at the design width, whatever the output width (fonts scale with the picture).
    """
    widest = max((fonts.text_width(line, size, bold=bold, locale=locale) for line in text.split("\n")), default=0.0)
    need = widest * (100 / 72) * _HINTING
    return size if need <= width_px else size * width_px / need


def _header(pen: _Pen, view: dict[str, Any], ctx: _Context) -> None:
    rnd = view.get("round") or 0
    turn = view.get("turn_no") or 0
    rt = pen.say(ROUND_TURN, round=rnd, turn=turn)
    pen.text(24, 80, rt, pen.fit(rt, 22, 350, bold=True), colour="#ffffff", weight="bold")

    status = _status_line(view, ctx)
    pen.text(390, 34, status, pen.fit(status, 21, 720, bold=True), colour="#ffffff", weight="bold")
    sub = _sub_status(view, ctx)
    if sub:
        pen.text(390, 80, sub, pen.fit(sub, 16, 720), colour="#f4e2b8")

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
    decks = pen.say(DECKS, deck=deck.get("size", "?"), discard=discard, battle=bdeck.get("size", "?"))
    pen.text(1140, 80, decks, pen.fit(decks, 16, 440), colour="#f4e2b8")


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


def _purpose(b: dict[str, Any], words: Words) -> str:
    """The war's purpose (AH-10.14): the content's word for it, else ours."""
    raw = str(b.get("purpose") or "")
    if not raw:
        return words(WAR_WORD())
    return words.name("purpose", raw, words(PURPOSES[raw]()) if raw in PURPOSES else raw.title())


def _market_title(market: dict[str, Any], words: Words) -> str:
    return words(FIRST_MARKET_DAY() if market.get("first") else MARKET_DAY())


def _status_line(view: dict[str, Any], ctx: _Context) -> str:
    words = ctx.words
    result = view.get("result")
    if result:
        winners = sorted(ctx.winners)
        if not winners:
            return words(GAME_OVER())
        names = ctx.names_of(winners)
        return words(GAME_OVER_WIN(names=names) if len(winners) == 1 else GAME_OVER_SHARED(names=names))
    b = ctx.battle
    if b:
        return words(
            WAR_STATUS(
                attacker=ctx.name(b.get("attacker")), defender=ctx.name(b.get("defender")), purpose=_purpose(b, words)
            )
        )
    if ctx.market and ctx.market.get("trading"):
        done = len(ctx.market.get("done") or [])
        return words(MARKET_TRADING(title=_market_title(ctx.market, words), done=done, alive=ctx.n_alive))
    if ctx.market:
        return words(MARKET_DRAWING(title=_market_title(ctx.market, words)))
    if ctx.active is not None:
        return words(TURN_OF(name=ctx.name(ctx.active)))
    phase = str(view.get("phase") or "")
    if phase.startswith("setup"):
        return words(SETTING_UP())
    return words(_PHASES[phase]()).capitalize() if phase in _PHASES else phase


# What the game waits for, by engine phase (AH-5 to AH-17).
_PHASES = {
    "turn-action": message("render.ah.phase.turn_action", "choosing an action"),
    "turn-build": message("render.ah.phase.turn_build", "building"),
    "turn-build-road": message("render.ah.phase.turn_build_road", "asking for road consent"),
    "turn-war-declare": message("render.ah.phase.turn_war_declare", "declaring war"),
    "battle-response": message("render.ah.phase.battle_response", "defender responding"),
    "battle-placement": message("render.ah.phase.battle_placement", "placing battle cards"),
    "battle-duel": message("render.ah.phase.battle_duel", "picking duellists"),
    "battle-plunder": message("render.ah.phase.battle_plunder", "plundering"),
    "event-target": message("render.ah.phase.event_target", "choosing an event target"),
    "event-luck": message("render.ah.phase.event_luck", "Luck window"),
    "turn-monument": message("render.ah.phase.turn_monument", "monument step"),
    "turn-discard": message("render.ah.phase.turn_discard", "discard step"),
    "turn-tax": message("render.ah.phase.turn_tax", "tax"),
    "setup-tribes": message("render.ah.phase.setup_tribes", "choosing tribes"),
    "market-trading": message("render.ah.phase.market_trading", "trading"),
}


def _result_reason(reason: Any, words: Words) -> str:
    """Why the game ended: a message is rendered; a plain (English) string is shown in English pictures only."""
    if isinstance(reason, dict) and reason.get("id"):
        from engine.core.text import Msg

        return words(Msg.model_validate(reason))
    return str(reason or "") if words.english else ""


def _sub_status(view: dict[str, Any], ctx: _Context) -> str:
    words = ctx.words
    result = view.get("result")
    if result:
        return _result_reason(result.get("reason"), words)
    parts = []
    phase = str(view.get("phase") or "")
    if phase in _PHASES:
        text = words(_PHASES[phase]())
        parts.append(text[:1].upper() + text[1:])
    if ctx.battle and _duel_score(ctx.battle, words):
        parts.append(_duel_score(ctx.battle, words))
    if ctx.waiting:
        seats = sorted(ctx.waiting)
        names = ctx.names_of(seats) if len(seats) <= 3 else words(TRIBES_COUNT(n=len(seats)))
        parts.append(words(WAITING_ON(names=names)))
    first = view.get("first_player")
    if isinstance(first, int) and first >= 0:
        parts.append(words(FIRST_PLAYER(name=ctx.name(first))))
    return words(SEP()).join(parts)


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
        label = _war_label(battle, ctx.words)
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
            pen.fit(label, 15, 300, bold=True),
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
            pen.fit(text, 17, 380, bold=True),
            colour=INK,
            weight="bold",
            ha="center",
            z=5,
            linespacing=1.4,
            bbox=dict(boxstyle="round,pad=0.4", facecolor="#fbf3df", edgecolor="#9b835c", linewidth=1.5 * pen.s),
        )


def _war_label(b: dict[str, Any], words: Words) -> str:
    """The flag on the war arrow: its purpose (who fights whom and the score are in the header)."""
    purpose = _purpose(b, words).upper()
    return SWORDS + (words(BARBARIAN_FLAG(purpose=purpose)) if b.get("attacker") == BARBARIANS else purpose)


def _duel_score(b: dict[str, Any], words: Words) -> str:
    duels = b.get("duels") or []
    if not duels:
        return ""
    won = sum(1 for d in duels if d.get("winner") == "attacker")
    lost = sum(1 for d in duels if d.get("winner") == "defender")
    tied = len(duels) - won - lost
    return words(DUELS_TIED(won=won, lost=lost, tied=tied) if tied else DUELS(won=won, lost=lost))


def _table_centre_text(view: dict[str, Any], ctx: _Context) -> str:
    words = ctx.words
    if view.get("result"):
        return words(WINNERS(names=ctx.names_of(sorted(ctx.winners)))) if ctx.winners else words(GAME_OVER())
    lines = []
    if ctx.market:
        lines.append(_market_title(ctx.market, words).upper())
        trades = view.get("trades") or []
        if ctx.market.get("trading"):
            lines.append(words(TRADE_OFFERS(n=len(trades))))
        else:
            lines.append(words(DRAWING_CARDS()))
    elif ctx.active is not None:
        lines.append(words(ACTIVE_LINE(name=ctx.name(ctx.active))))
    quakes = view.get("earthquakes") or []
    for q in quakes[:2]:
        lines.append(words(EARTHQUAKE(name=ctx.name(q.get("target")))))
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
    title = f"{seat + 1} · {tribe_label(p, ctx.words)}"
    pen.text(x + 68, y + 34, title, pen.fit(title, 23, w - 210, bold=True), colour=_text_on(head), weight="bold")

    label_x = x + 16
    for row, row_msg in ((y + 94, ROW_CITIES), (y + 146, ROW_ARMIES), (y + 206, ROW_FORTS)):
        text = pen.say(row_msg)
        pen.text(label_x, row, text, pen.fit(text, 15, 80), colour=INK)
    hx, row = x + w - 160, y + 206
    hand = pen.say(ROW_HAND)
    pen.text(hx, row, hand, pen.fit(hand, 15, 52), colour=INK)
    pen.box(hx + 56, row - 20, 28, 38, face="#fbf3df", edge=INK, lw=1.5, radius=4, z=5)
    pen.box(hx + 66, row - 16, 28, 38, face="#fbf3df", edge=INK, lw=1.5, radius=4, z=5.1)

    special = p.get("special_resource")
    words = ctx.words
    name = words.name("monument", p.get("tribe"), str(p.get("monument_name") or words(MONUMENT())))
    if not p.get("monument_name") and not p.get("tribe"):
        name = words(MONUMENT())
    label = words(MONUMENT_OF(monument=name, resource=words.name("card", special))) if special else name
    row = y + 252
    pen.text(label_x, row, label, pen.fit(label, 14, w - 110), colour=INK)
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
    tag = TAG_TURN if active else (TAG_WINNER if winner else (TAG_WAITING if waiting else None))
    if tag is not None:
        right_tag = pen.say(tag)
        face = ACTIVE if tag is not TAG_WAITING else "#ffffff"
        pen.text(
            x + w - 14,
            y + 34,
            right_tag,
            pen.fit(right_tag, 14, 120, bold=True),
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
            pen.say(ELIMINATED),
            pen.fit(pen.say(ELIMINATED), 30, w - 60, bold=True),
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
            pen.say(EMPIRE),
            pen.fit(pen.say(EMPIRE), 12, 80, bold=True),
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
    detail = [pen.say(ARMIES_HOME, n=n_home)]
    if n_away:
        detail.append(pen.say(ARMIES_AWAY, n=n_away))
    if n_scat:
        detail.append(pen.say(ARMIES_SCATTERED, n=n_scat))
    n_fight = sum(1 for a in armies if a.get("id") in fighting)
    if n_fight:
        detail.append(pen.say(ARMIES_IN_BATTLE, n=n_fight))
    if n_gen:
        detail.append(pen.say(ARMIES_GENERALS, n=n_gen))
    line = pen.say(SEP).join(detail) if armies else pen.say(NONE)
    pen.text(
        icon_x - 6, row + 29, line, pen.fit(line, 11.5, x + w - 10 - (icon_x - 6)), colour=MUTED if not dead else ink
    )

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
        colour = WAR if status.startswith(SWORDS) else "#3b2f24"
        pen.text(
            box.cx,
            y + PANEL_H,
            status,
            pen.fit(status, 13, w - 40, bold=True),
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
    words = ctx.words
    out = []
    b = ctx.battle
    if b:
        if b.get("attacker") == seat:
            name, side, bare, counted = ctx.name(b.get("defender")), "attackers", ATTACKING, ATTACKING_WITH
        elif b.get("defender") == seat:
            name, side, bare, counted = ctx.name(b.get("attacker")), "defenders", DEFENDING, DEFENDING_WITH
        else:
            side = ""
        if side:
            forces = b.get(side)
            out.append(SWORDS + words(counted(name=name, n=len(forces)) if forces is not None else bare(name=name)))
    ch = p.get("challenge")
    if ch:
        conds = [
            words.name("condition", c, words(CONDITIONS[c]()) if c in CONDITIONS else str(c))
            for c in (ch.get("conditions") or [])
        ]
        out.append(FLAG + words(CHALLENGE_OF(conditions=words.join(conds)) if conds else CHALLENGE()))
    if ctx.market and ctx.market.get("trading") and seat in set(ctx.market.get("done") or []):
        out.append(words(DONE_TRADING()))
    return words(SEP()).join(out[:2])


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
        (lambda cx, cy: pen.poly(_house(cx, cy, 26), face="#c8553d"), pen.say(LEGEND_CITY)),
        (lambda cx, cy: pen.poly(_tower(cx, cy, 26), face="#9a9a9a"), pen.say(LEGEND_FORTRESS)),
        (lambda cx, cy: pen.marker(sty.marker, cx, cy, 26, face=sty.colour), pen.say(LEGEND_ARMY_HOME)),
        (lambda cx, cy: pen.poly(_star(cx, cy, 12), face="#ffd21f"), pen.say(LEGEND_GENERAL)),
        (
            lambda cx, cy: pen.marker(sty.marker, cx, cy, 26, face="#ffffff", edge=sty.colour, lw=2.5, ls="--"),
            pen.say(LEGEND_ARMY_AWAY),
        ),
        (scattered, pen.say(LEGEND_SCATTERED)),
        (lambda cx, cy: pen.line([cx - 16, cx + 16], [cy, cy], ROAD, 9), pen.say(LEGEND_ROAD)),
        (
            lambda cx, cy: pen.line([cx - 16, cx + 16], [cy, cy], "#8a7d68", 2.2, ls=(0, (4, 3))),
            pen.say(LEGEND_NO_ROAD),
        ),
        (war, pen.say(LEGEND_WAR)),
        (
            lambda cx, cy: pen.ax.add_artist(
                Ellipse((cx, cy), 30, 30, facecolor="none", edgecolor=WAR, linewidth=3.5 * pen.s, zorder=6)
            ),
            pen.say(LEGEND_IN_BATTLE),
        ),
        (
            lambda cx, cy: pen.box(cx - 14, cy - 12, 28, 24, face=ACTIVE, edge=INK, lw=1.5, radius=4, z=6),
            pen.say(LEGEND_ACTIVE),
        ),
        (
            lambda cx, cy: pen.box(cx - 14, cy - 12, 28, 24, face=GREY_FACE, edge=GREY_INK, lw=1.5, radius=4, z=6),
            pen.say(LEGEND_ELIMINATED),
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
