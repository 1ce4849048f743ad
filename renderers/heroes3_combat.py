"""The Heroes III combat board as a picture (issue 17): the 4 x 5 board, every unit card, the
initiative order, both sides and, in a siege, the walls, the gate and the arrow tower.

Why these facts and no others: they are what a player reads off the table between two
decisions (H3-32.1 board, H3-33.11 tokens, H3-34.2 order, H3-39 siege), and all of them are in
the public view (``Skirmish.view(state, None)``): hands are only counted, decks only sized, so
the picture cannot show a secret (H-1). Unit statistics come from the printed content, which
is public by nature.

Layout (design px at 1600 wide, scaled to ``width``): a title band, the initiative strip, the
board on the left with the defender's back row (5) on top and the attacker's (1) at the bottom,
and the two sides on the right, each beside its own half. The board frame, the cell labels
("B2", the very words of the move buttons) and the halves' tints do not change during a combat:
they are drawn once per size, language and siege-ness into a cached pixel layer, and each
picture draws only the cards over it (``renderers.hexmap.draw_over``).

A decision picture (``render_decision``) is the same board with the candidate cells or units
outlined and labelled with their button texts, the rest dimmed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from engine.core.text import Msg, Ref, message, plural_message
from engine.heroes3 import messages as m
from engine.heroes3.content import load
from i18n.names import ChainNames, Names
from renderers import fonts, register, register_decision
from renderers.canvas import to_rgba
from renderers.hexmap import StaticLayerCache, draw_over, fingerprint, png_quantized
from renderers.palette import NEUTRAL, SEAT_STYLES, tint
from renderers.pen import PT, DesignPen, design_canvas
from renderers.words import PLAYER_KIND, Words, game_names

RULESET = "heroes3-skirmish"

DESIGN_W = 1600
HEADER_H = 78
STRIP_Y, STRIP_H = 88, 96
BOARD_X, BOARD_Y = 56, 232
CELL_W, CELL_H = 270, 168
COLS, ROWS = 4, 5
BOARD_W, BOARD_H = COLS * CELL_W, ROWS * CELL_H
PANEL_X = BOARD_X + BOARD_W + 28
PANEL_W = DESIGN_W - PANEL_X - 20
HEIGHT = BOARD_Y + BOARD_H + 44

PAPER = "#f3ecdc"
INK = "#23201b"
BAND = "#2f2a3a"
BAND_INK = "#f4e2b8"
TIER_COLOURS = {"bronze": "#b06b2c", "silver": "#9aa3ad", "gold": "#d9a400", "azure": "#2a8fd6"}
ACTIVE = "#ffcc00"

# Words of the picture (render domain); names of units, heroes and factions come from the content.
TITLE = message("render.h3.title", "Heroes III · combat")
ROUND = message("render.h3.round", "Combat round {round}")
PLACING = message("render.h3.placing", "Placing units")
MODE_DUEL = message("render.h3.mode.duel", "Duel")
MODE_SIEGE = message("render.h3.mode.siege", "Siege")
MODE_NEUTRAL = message("render.h3.mode.neutral", "Neutral units · field {level}")
MODE_AI = message("render.h3.mode.ai", "Against an AI hero")
TIME_LIMIT = message("render.h3.time_limit", "time limit")
INITIATIVE = message("render.h3.initiative", "Initiative")
NEXT = message("render.h3.next", "next →")
NOBODY = message("render.h3.nobody", "no unit on the board")
STATS = message("render.h3.stats", "ATK {attack} · DEF {defense} · INI {initiative}")
HP = message("render.h3.hp", "HP {left}/{hp}")
DAMAGE = message("render.h3.damage", "{n} dmg")
TOKEN_DEFEND = message("render.h3.token.defend", "defence")
TOKEN_PARALYSED = message("render.h3.token.paralysed", "paralysed")
TOKEN_ACTED = message("render.h3.token.acted", "activated")
TOKEN_RETALIATED = message("render.h3.token.retaliated", "retaliated")
TOKEN_ATTACK = message("render.h3.token.attack", "ATK {n:+d}")
TOKEN_DEFENSE = message("render.h3.token.defense", "DEF {n:+d}")
TOKEN_HASTE = message("render.h3.token.haste", "INI {n:+d}")
TOKEN_FIRE_SHIELD = message("render.h3.token.fire_shield", "fire shield")
TOKEN_MARKS = message("render.h3.token.marks", "marks {n}")
TOKEN_ROOTED = message("render.h3.token.rooted", "rooted")
TYPE_WORDS = {
    "ground": message("render.h3.type.ground", "ground"),
    "flying": message("render.h3.type.flying", "flying"),
    "ranged": message("render.h3.type.ranged", "ranged"),
}
WALL = message("render.h3.wall", "Wall")
GATE = message("render.h3.gate", "Gate")
RUBBLE = message("render.h3.rubble", "destroyed")
SIDE_HERO = message("render.h3.side.hero", "{hero} · {faction} · level {level}")
SIDE_AI = message("render.h3.side.ai", "AI hero {hero} · {faction}")
SIDE_SECONDARY = message("render.h3.side.secondary", "{hero} · {faction} · secondary hero")
SIDE_NEUTRAL = message("render.h3.side.neutral", "Neutral units")
SIDE_PLAYER = message("render.h3.side.player", "{team} · {player}")
SIDE_CARDS = message("render.h3.side.cards", "hand {hand} · deck {deck} · discard {discard}")
SIDE_AI_CARDS = message("render.h3.side.ai_cards", "AI deck {cards} · AI spells {spells}")
SIDE_COUNTERS = message("render.h3.side.counters", "Power {power} · spells {spells} · expert {expert}")
SIDE_MORALE_UP = message("render.h3.side.morale_up", "positive morale")
SIDE_MORALE_DOWN = message("render.h3.side.morale_down", "negative morale")
SIDE_PURSE = message("render.h3.side.purse", "{mp} MP · {gold} gold")
# H3-35.3: re-rolls a card played in the open granted this side and it has not used yet (public).
SIDE_MACHINE = message("render.h3.side.machine", "war machine: {card}")
SIDE_CAGE = message("render.h3.side.cage", "faction cubes: {n} (+1 attack or defence each)")
SIDE_STORM = message("render.h3.side.storm", "faction cubes: {n} (+1 Power each)")
SIDE_REROLLS = plural_message("render.h3.side.rerolls", "{n} re-roll left", "{n} re-rolls left")
RESERVE = message("render.h3.reserve", "Not on the board: {units}")
DEFEATED = message("render.h3.defeated", "Defeated: {units}")
TOWER_LINE = message("render.h3.tower", "{tower!c}: {left}/{hp} HP")
TOWER_GONE = message("render.h3.tower_gone", "{tower!c}: destroyed")
OVER = message("render.h3.over", "{outcome!c}: {team} wins")
OVER_NO_WINNER = message("render.h3.over.no_winner", "{outcome!c}")
ATTACKING = message("render.h3.attacking", "{attacker} attacks {target}")
LEGEND = message(
    "render.h3.legend",
    "Cube in the side's colour: activated · black cube: retaliated · rows 1-2: attacker's half, 4-5: defender's",
)

_TEAM_STYLE = (SEAT_STYLES[0], SEAT_STYLES[1])


@dataclass(frozen=True)
class _Cell:
    x: float
    y: float


def cell_box(col: int, row: int) -> _Cell:
    """Top-left corner of a board cell in design px: row 0 (attacker's back row) at the bottom."""
    return _Cell(BOARD_X + col * CELL_W, BOARD_Y + (ROWS - 1 - row) * CELL_H)


def cell_name(col: int, row: int) -> str:
    """ "B2", as ``engine.heroes3.combat.rules.label`` writes it on the buttons."""
    return f"{'ABCD'[col]}{row + 1}"


class _Pen(DesignPen):
    """Design-px drawing (y down) on one axes; font sizes are given at 1600 px and scaled."""

    ink = INK

    def say(self, msg: Msg) -> str:
        return self.words(msg)

    def rect(self, x: float, y: float, w: float, h: float, *, face: str, z: float = 7) -> None:
        self.ax.add_artist(Rectangle((x, y), w, h, facecolor=face, edgecolor=INK, linewidth=1 * self.s, zorder=z))

    def pill(self, x: float, y: float, s: str, size: float, *, face: str, colour: str = "#ffffff") -> float:
        """A token: ``s`` on a rounded label whose left edge is at ``x``; returns its width."""
        w = self.width(s, size) + 14
        self.box(x, y - 13, w, 26, face=face, radius=10, z=7)
        self.text(x + w / 2, y, s, size, colour=colour, ha="center", z=8)
        return w


def _canvas(width: int, words: Words) -> tuple[Figure, _Pen]:
    fig, ax, scale = design_canvas(width, DESIGN_W, HEIGHT, facecolor=PAPER)
    return fig, _Pen(ax, scale, words)


_STATIC = StaticLayerCache(capacity=12)


def _static_layer(width: int, words: Words, siege: bool) -> Any:
    """What never changes during a combat: the band, the halves, the cells and their names."""
    fig, pen = _canvas(width, words)
    pen.box(0, 0, DESIGN_W, HEADER_H, face=BAND, radius=0, z=1)
    pen.box(BOARD_X - 10, BOARD_Y - 10, BOARD_W + 20, BOARD_H + 20, face="#d9cdb3", edge="#6b5a3e", lw=2, z=1)
    for row in range(ROWS):
        half = 0 if row < 2 else 1 if row > 2 else None
        face = "#ece6d6" if half is None else tint(_TEAM_STYLE[half].colour, 0.86)
        for col in range(COLS):
            c = cell_box(col, row)
            pen.box(c.x + 3, c.y + 3, CELL_W - 6, CELL_H - 6, face=face, edge="#b3a383", lw=1, radius=6, z=1.5)
            pen.text(c.x + 12, c.y + CELL_H - 16, cell_name(col, row), 13, colour="#7a6a4f", bold=True, z=1.6)
    pen.text(BOARD_X, HEIGHT - 16, pen.say(LEGEND()), 14, colour="#6b5a3e", z=1.6, room=DESIGN_W - 2 * BOARD_X)
    if siege:
        pen.box(BOARD_X - 10, BOARD_Y + 2 * CELL_H - 4, BOARD_W + 20, CELL_H + 8, face="none", edge="#6b5a3e", lw=3)
    return to_rgba(fig)


# ---- reading the view -----------------------------------------------------------------------------
def _team_style_colour(view: dict[str, Any], team: int) -> str:
    sides = view.get("sides") or []
    if team == 1 and len(sides) > 1 and sides[1].get("hero") is None:
        return NEUTRAL.colour
    return _TEAM_STYLE[team % 2].colour


def _stats(unit: dict[str, Any]) -> dict[str, Any]:
    """The printed numbers of the side up (the arrow tower's own card for the tower)."""
    content = load()
    if unit.get("card") == "arrow_tower":
        t = content.arrow_tower
        return {"type": "ranged", "attack": t.attack, "defense": t.defense, "hp": t.hp, "initiative": t.initiative}
    card = content.units.get(str(unit.get("card")))
    if card is None:
        return {"type": "ground", "attack": 0, "defense": 0, "hp": 1, "initiative": 0}
    side = card.sides.get(str(unit.get("side")))  # type: ignore[call-overload]  # the view's side names are the content's
    if side is None:
        side = next(iter(card.sides.values()))
    return {
        "type": side.type,
        "attack": side.attack,
        "defense": side.defense,
        "hp": side.hp,
        "initiative": side.initiative,
    }


def _tier(unit: dict[str, Any]) -> str:
    card = load().units.get(str(unit.get("card")))
    return card.tier if card is not None else "silver"


def _initiative(unit: dict[str, Any]) -> int:
    return int(_stats(unit)["initiative"]) + int(unit.get("initiative_bonus") or 0)


def initiative_order(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The units on the board in the order they act (H3-34.2): the active unit, then those still to
    activate by descending initiative, ties alternating attacker and defender from the attacker,
    then those already activated this round (greyed on the strip)."""
    units = [u for u in view.get("units") or [] if u.get("alive", True) and (u.get("pos") is not None or _tower(u))]
    active = view.get("active")
    first = [u for u in units if u.get("uid") == active]
    waiting = [u for u in units if not u.get("activated") and u.get("uid") != active]
    done = [u for u in units if u.get("activated") and u.get("uid") != active]

    def alternate(group: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for init in sorted({_initiative(u) for u in group}, reverse=True):
            teams = [[u for u in group if _initiative(u) == init and int(u.get("team", 0)) == t] for t in (0, 1)]
            while teams[0] or teams[1]:
                for t in (0, 1):
                    if teams[t]:
                        out.append(teams[t].pop(0))
        return out

    return first + alternate(waiting) + alternate(done)


def _tower(unit: dict[str, Any]) -> bool:
    return unit.get("card") == "arrow_tower"


def _unit_name(pen: _Pen, unit: dict[str, Any]) -> str:
    if _tower(unit):  # a label, not a sentence: capitalised ("The arrow tower")
        said = pen.say(m.TOWER_NAME())
        return said[:1].upper() + said[1:]
    return pen.words.name("unit", unit.get("card"))


def _team_word(view: dict[str, Any], team: int) -> Msg:
    sides = view.get("sides") or []
    if team == 1 and len(sides) > 1 and sides[1].get("hero") is None:
        return m.NEUTRAL_SIDE()
    return m.team_name(team)


# ---- drawing the pieces ---------------------------------------------------------------------------
def _header(pen: _Pen, view: dict[str, Any]) -> None:
    rnd = int(view.get("round") or 0)
    mode = str(view.get("mode") or "duel")
    parts = [pen.say(TITLE()), pen.say(ROUND(round=rnd) if rnd else PLACING())]
    if mode == "siege":
        parts.append(pen.say(MODE_SIEGE()))
    elif mode == "neutral":
        parts.append(pen.say(MODE_NEUTRAL(level=_roman(view.get("field_level")))))
    elif mode == "ai_hero":
        parts.append(pen.say(MODE_AI()))
    else:
        parts.append(pen.say(MODE_DUEL()))
    if view.get("time_limit"):
        parts.append(pen.say(TIME_LIMIT()))
    pen.text(24, HEADER_H / 2, "  ·  ".join(parts), 24, colour=BAND_INK, bold=True, room=DESIGN_W - 48, z=3)


def _roman(level: Any) -> str:
    try:
        n = int(level)
    except (TypeError, ValueError):
        return "?"
    return ["", "I", "II", "III", "IV", "V", "VI", "VII"][n] if 0 < n < 8 else str(n)


def _strip(pen: _Pen, view: dict[str, Any]) -> None:
    order = initiative_order(view)
    y = STRIP_Y + STRIP_H / 2
    label = pen.say(INITIATIVE())
    pen.text(24, y - 22, label, 15, bold=True, room=150)
    pen.text(24, y + 14, pen.say(NEXT()), 13, colour="#6b5a3e", room=150)
    if not order:
        pen.text(190, y, pen.say(NOBODY()), 15, colour="#6b5a3e")
        return
    x0, room = 186.0, DESIGN_W - 186 - 20
    w = min(180.0, room / len(order))
    for i, u in enumerate(order):
        team = int(u.get("team", 0))
        colour = _team_style_colour(view, team)
        done = bool(u.get("activated")) and u.get("uid") != view.get("active")
        face = "#d8d3c8" if done else tint(colour, 0.55)
        x = x0 + i * w
        is_active = u.get("uid") == view.get("active")
        pen.box(
            x + 3,
            STRIP_Y + 6,
            w - 6,
            STRIP_H - 12,
            face=face,
            edge=ACTIVE if is_active else colour,
            lw=6 if is_active else 2.5,
            z=3,
        )
        name = _unit_name(pen, u)
        pen.text(x + w / 2, STRIP_Y + 34, name, 17, ha="center", bold=True, room=w - 16, z=4)
        pos = u.get("pos")
        where = cell_name(int(pos[0]), int(pos[1])) if pos is not None else "—"
        pen.text(
            x + w / 2,
            STRIP_Y + 66,
            f"{_initiative(u)} · {where}",
            17,
            ha="center",
            colour="#555555" if done else INK,
            z=4,
        )


def _token_list(pen: _Pen, unit: dict[str, Any], rnd: int) -> list[tuple[str, str]]:
    """(label, colour) of every token on the card (H3-33.11, H3-33.8, H3-33.9, spells and abilities)."""
    out: list[tuple[str, str]] = []
    if unit.get("defending"):
        out.append((pen.say(TOKEN_DEFEND()), "#2b6cb0"))
    if unit.get("paralysed"):
        out.append((pen.say(TOKEN_PARALYSED()), "#7b3fa0"))
    bonus = int(unit.get("attack_bonus") or 0) + sum(int(n) for n, _ in unit.get("attack_tokens") or [])
    if bonus:
        out.append((pen.say(TOKEN_ATTACK(n=bonus)), "#b03a2e" if bonus > 0 else "#555555"))
    defence = int(unit.get("defense_bonus") or 0) + int(unit.get("card_defense") or 0)
    if defence:
        out.append((pen.say(TOKEN_DEFENSE(n=defence)), "#2b6cb0"))
    if int(unit.get("initiative_bonus") or 0):
        out.append((pen.say(TOKEN_HASTE(n=int(unit["initiative_bonus"]))), "#2f855a"))
    shield = unit.get("fire_shield")
    if shield:
        out.append((pen.say(TOKEN_FIRE_SHIELD()), "#c05621"))
    if int(unit.get("marks") or 0):
        out.append((pen.say(TOKEN_MARKS(n=int(unit["marks"]))), "#744210"))
    if unit.get("rooted"):
        out.append((pen.say(TOKEN_ROOTED()), "#4a5568"))
    return out


def _card(pen: _Pen, view: dict[str, Any], unit: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
    """One unit card: name, side (Few/Pack), type and tier, printed numbers, damage, tokens."""
    team = int(unit.get("team", 0))
    colour = _team_style_colour(view, team)
    is_active = unit.get("uid") == view.get("active")
    stats = _stats(unit)
    side = str(unit.get("side"))
    pen.box(x, y, w, h, face=tint(colour, 0.7), edge=ACTIVE if is_active else colour, lw=7 if is_active else 3.5, z=3)
    pen.box(x, y, w, 36, face=colour, radius=8, z=3.5)
    # Side badge (Few/Pack): Pack on dark, Few on white, so the two differ in lightness too.
    word = pen.say(m.PANEL_PACK() if side == "pack" else m.PANEL_FEW() if side == "few" else m.PANEL_NEUTRAL())
    bw = max(58.0, pen.width(word, 13, bold=True) + 16)
    pack = side == "pack"
    pen.box(x + w - bw - 6, y + 5, bw, 26, face="#1d1d1d" if pack else "#ffffff", edge=INK, lw=1, radius=12, z=4)
    pen.text(x + w - bw / 2 - 6, y + 18, word, 13, colour="#ffffff" if pack else INK, ha="center", bold=True, z=5)
    tier_colour = "#555555" if _tower(unit) else TIER_COLOURS.get(_tier(unit), "#888888")
    pen.box(x + 8, y + 9, 18, 18, face=tier_colour, edge="#ffffff", lw=1.5, radius=9, z=4)
    name = _unit_name(pen, unit)
    pen.text(x + 32, y + 18, name, 21, colour="#ffffff", bold=True, room=w - bw - 46, z=5)
    kind = pen.say(TYPE_WORDS.get(str(stats["type"]), TYPE_WORDS["ground"])())
    stat_line = pen.say(STATS(attack=stats["attack"], defense=stats["defense"], initiative=_initiative(unit)))
    pen.text(x + 10, y + 52, f"{kind} · {stat_line}", 13, room=w - 20, z=5)
    hp = int(stats["hp"]) + int(unit.get("hp_bonus") or 0)
    damage = int(unit.get("damage") or 0)
    left = max(0, hp - damage)
    hp_text = pen.say(HP(left=left, hp=hp))
    pen.text(x + 10, y + 84, hp_text, 23, bold=True, z=5)
    bar_x = x + 22 + pen.width(hp_text, 23, bold=True)
    bar_w = max(24.0, x + w - 10 - bar_x)
    pen.box(bar_x, y + 74, bar_w, 16, face="#ffffff", edge=INK, lw=1, radius=4, z=4)
    if hp > 0 and left > 0:
        pen.box(bar_x, y + 74, bar_w * left / hp, 16, face="#3c9a4a", radius=4, z=4.5)
    # Cubes: faction cube = activated, black cube = retaliated (H3-33.11).
    cx = x + w - 22
    if unit.get("retaliated"):
        pen.rect(cx, y + h - 26, 16, 16, face="#111111")
        cx -= 22
    if unit.get("activated"):
        pen.rect(cx, y + h - 26, 16, 16, face=colour)
    tx = x + 8
    tokens = _token_list(pen, unit, int(view.get("round") or 0))
    if damage:  # damage tokens (H3-33.11) first: the number a player looks for
        tokens.insert(0, (pen.say(DAMAGE(n=damage)), "#c0392b"))
    room = x + w - 52  # the cubes sit in the last 50 px
    shown = 0
    for i, (label, face) in enumerate(tokens):
        if tx + pen.width(label, 12.5) + 14 > room:
            break
        tx += pen.pill(tx, y + h - 18, label, 12.5, face=face) + 4
        shown = i + 1
    if shown < len(tokens):  # the tokens that did not fit, as "+n"
        pen.pill(tx, y + h - 18, f"+{len(tokens) - shown}", 12.5, face="#555555")


def _structures(pen: _Pen, view: dict[str, Any]) -> None:
    """Walls and the gate in the middle row (H3-39.4); a destroyed one as rubble."""
    for s in view.get("structures") or []:
        col = int(s.get("col", 0))
        c = cell_box(col, 2)
        kind = str(s.get("kind"))
        gone = bool(s.get("destroyed"))
        occupied = any(
            u.get("alive", True) and u.get("pos") is not None and list(u["pos"]) == [col, 2]
            for u in view.get("units") or []
        )
        face = "#8d8378" if kind == "wall" else "#8a5a2b"
        if gone:
            pen.box(c.x + 10, c.y + 10, CELL_W - 20, CELL_H - 44, face="none", edge="#7a6a4f", lw=2, ls="--", z=2.5)
            pen.text(
                c.x + CELL_W / 2, c.y + CELL_H / 2 - 12, pen.say(RUBBLE()), 15, colour="#7a6a4f", ha="center", z=2.6
            )
            continue
        if occupied:  # a defender standing on its gate (H3-39.5): a band under the card
            pen.box(c.x + 6, c.y + CELL_H - 30, CELL_W - 12, 24, face=face, radius=4, z=2.5)
            pen.text(c.x + CELL_W / 2, c.y + CELL_H - 18, pen.say(GATE()), 12, colour="#ffffff", ha="center", z=2.6)
            continue
        pen.box(
            c.x + 8,
            c.y + 8,
            CELL_W - 16,
            CELL_H - 16,
            face=face,
            edge=INK,
            lw=2,
            hatch="--" if kind == "wall" else None,
            z=2.5,
        )
        word = pen.say(WALL() if kind == "wall" else GATE())
        pen.box(c.x + CELL_W / 2 - 70, c.y + CELL_H / 2 - 20, 140, 40, face="#f3ecdc", radius=8, z=2.6)
        pen.text(c.x + CELL_W / 2, c.y + CELL_H / 2, word, 19, ha="center", bold=True, z=2.7)


def _units(pen: _Pen, view: dict[str, Any]) -> None:
    for u in view.get("units") or []:
        pos = u.get("pos")
        if pos is None or not u.get("alive", True):
            continue
        c = cell_box(int(pos[0]), int(pos[1]))
        _card(pen, view, u, c.x + 9, c.y + 9, CELL_W - 18, CELL_H - 18)


def _side_lines(pen: _Pen, view: dict[str, Any], side: dict[str, Any]) -> list[str]:
    words = pen.words
    team = int(side.get("team", 0))
    lines: list[str] = []
    if side.get("ai"):
        ai = side["ai"]
        lines.append(
            pen.say(
                SIDE_AI(
                    hero=Ref(kind="hero", id=str(side.get("hero"))),
                    faction=Ref(kind="faction", id=str(side.get("faction"))),
                )
            )
        )
        lines.append(
            pen.say(
                SIDE_AI_CARDS(
                    cards=int(ai.get("cards", {}).get("size", 0)), spells=int(ai.get("spells", {}).get("size", 0))
                )
            )
        )
    elif side.get("hero") is None:
        lines.append(pen.say(SIDE_NEUTRAL()))
    else:
        hero, faction = Ref(kind="hero", id=str(side["hero"])), Ref(kind="faction", id=str(side.get("faction")))
        if side.get("main_hero"):
            lines.append(pen.say(SIDE_HERO(hero=hero, faction=faction, level=int(side.get("level") or 1))))
        else:
            lines.append(pen.say(SIDE_SECONDARY(hero=hero, faction=faction)))
        if "hand_size" in side:
            lines.append(
                pen.say(
                    SIDE_CARDS(
                        hand=int(side.get("hand_size") or 0),
                        deck=int(side.get("deck_size") or 0),
                        discard=len(side.get("discard") or []),
                    )
                )
            )
            lines.append(
                pen.say(
                    SIDE_COUNTERS(
                        power=int(side.get("power") or 0),
                        spells=int(side.get("spells_cast") or 0),
                        expert=int(side.get("expert_uses") or 0),
                    )
                )
            )
        morale = int(side.get("morale") or 0)
        purse = pen.say(SIDE_PURSE(mp=int(side.get("mp") or 0), gold=int(side.get("gold") or 0)))
        if morale:
            purse = f"{purse} · {pen.say(SIDE_MORALE_UP() if morale > 0 else SIDE_MORALE_DOWN())}"
        rerolls = int(side.get("rerolls") or 0)
        if rerolls > 0:
            purse = f"{purse} · {pen.say(SIDE_REROLLS(n=rerolls))}"
        if side.get("war_machine"):  # H3-19.1: the owner's war machine in play acts in this combat (public)
            purse = f"{purse} · {pen.say(SIDE_MACHINE(card=Ref(kind='card', id=str(side['war_machine']))))}"
        if side.get("cage_cubes"):  # Fortress Cage / Inferno Stormclouds: the cubes its owner may still spend (public)
            said = SIDE_STORM if side.get("cage_reward") == "power" else SIDE_CAGE
            purse = f"{purse} · {pen.say(said(n=int(side['cage_cubes'])))}"
        lines.append(purse)
    mine = [u for u in view.get("units") or [] if int(u.get("team", -1)) == team and not _tower(u)]
    reserve = [words.name("unit", u.get("card")) for u in mine if u.get("alive", True) and u.get("pos") is None]
    if reserve:
        lines.append(pen.say(RESERVE(units=words.join(reserve))))
    gone = [words.name("unit", u.get("card")) for u in mine if not u.get("alive", True)]
    if gone:
        lines.append(pen.say(DEFEATED(units=words.join(gone))))
    for u in view.get("units") or []:
        if _tower(u) and int(u.get("team", -1)) == team:
            tower = m.TOWER_NAME()
            if u.get("alive", True):
                hp = int(_stats(u)["hp"]) + int(u.get("hp_bonus") or 0)
                lines.append(pen.say(TOWER_LINE(tower=tower, left=max(0, hp - int(u.get("damage") or 0)), hp=hp)))
            else:
                lines.append(pen.say(TOWER_GONE(tower=tower)))
    return lines


def _sides(pen: _Pen, view: dict[str, Any]) -> None:
    """Each side beside its own half: the defender's panel on top, the attacker's at the bottom."""
    sides = view.get("sides") or []
    half_h = 2 * CELL_H + CELL_H / 2 - 8
    for side in sides:
        team = int(side.get("team", 0))
        top = BOARD_Y - 10 if team == 1 else BOARD_Y + BOARD_H + 10 - half_h
        colour = _team_style_colour(view, team)
        pen.box(PANEL_X, top, PANEL_W, half_h, face=tint(colour, 0.88), edge=colour, lw=3, z=2)
        pen.box(PANEL_X, top, PANEL_W, 46, face=colour, radius=8, z=2.2)
        head = pen.say(_team_word(view, team))
        player = side.get("owner") if side.get("owner") is not None else side.get("controller")
        resolver = pen.words.names
        if player is not None and side.get("hero") is not None and resolver is not None:
            shown = resolver.name(Ref(kind=PLAYER_KIND, id=str(player)), pen.words.locale)
            if shown:
                head = pen.say(SIDE_PLAYER(team=_team_word(view, team), player=shown))
        pen.text(
            PANEL_X + 14, top + 23, head[:1].upper() + head[1:], 19, colour="#ffffff", bold=True, room=PANEL_W - 28, z=3
        )
        y = top + 72
        for line in _side_lines(pen, view, side):
            for part in fonts.wrap(line, (PANEL_W - 28) / PT, 19, locale=pen.words.locale)[:3]:
                if y > top + half_h - 14:
                    break
                pen.text(PANEL_X + 14, y, part, 19, z=3)
                y += 32
            y += 6


def _result(pen: _Pen, view: dict[str, Any]) -> None:
    result = view.get("result")
    attack = view.get("attack")
    if result:
        word = m.OUTCOME_WORDS.get(str(result.get("outcome")))
        outcome: Msg | str = word() if word is not None else str(result.get("outcome"))
        winner = result.get("winner")
        text = pen.say(
            OVER(outcome=outcome, team=_team_word(view, int(winner)))
            if winner is not None
            else OVER_NO_WINNER(outcome=outcome)
        )
        cy = BOARD_Y + BOARD_H / 2
        pen.box(BOARD_X + 40, cy - 50, BOARD_W - 80, 100, face="#2f2a3a", edge=ACTIVE, lw=4, z=9, alpha=0.94)
        pen.text(BOARD_X + BOARD_W / 2, cy, text, 30, colour=BAND_INK, ha="center", bold=True, room=BOARD_W - 120, z=10)
    elif attack:
        units = {str(u.get("uid")): u for u in view.get("units") or []}
        a, t = units.get(str(attack.get("attacker"))), units.get(str(attack.get("target")))
        if a is not None and t is not None:
            line = pen.say(ATTACKING(attacker=_unit_name(pen, a), target=_unit_name(pen, t)))
            pen.text(BOARD_X + BOARD_W / 2, BOARD_Y - 26, line, 15, ha="center", bold=True, room=BOARD_W, z=9)


def words_for(locale: Any, names: Names | None) -> Words:
    """The reader's words; content names from ``names`` (the bot's: players, then the game's), else from
    the Heroes III content itself, so no id reaches a picture whatever the bot's resolver knows."""
    own = game_names("engine.heroes3")
    if names is None:
        return Words(locale, own)
    return Words(locale, ChainNames(names, own) if own is not None else names)


_words = words_for


def _pixels(view: dict[str, Any], width: int, words: Words) -> tuple[Figure, _Pen, Any]:
    siege = bool(view.get("structures"))
    key = fingerprint([width, words.locale, siege])
    background = _STATIC.get(key, lambda: _static_layer(width, words, siege))
    fig, pen = _canvas(width, words)
    _header(pen, view)
    _strip(pen, view)
    _structures(pen, view)
    _units(pen, view)
    _sides(pen, view)
    _result(pen, view)
    return fig, pen, background


def render_board(view: dict[str, Any], *, width: int = 1600, locale: Any = "en", names: Names | None = None) -> bytes:
    """The combat board of a Heroes III skirmish's public view as PNG bytes, ``width`` px wide."""
    words = _words(locale, names)
    with fonts.for_locale(words.locale):
        fig, _, background = _pixels(view, width, words)
        return png_quantized(draw_over(fig, background))


def _label(pen: _Pen, label: str, cx: float, cy: float, room: float) -> None:
    """A button's text on the board: up to three lines (the last cut with "…"), white on black."""
    size = 16.0
    lines = fonts.wrap(label, (room - 20) / PT, size, bold=True, locale=pen.words.locale)
    if len(lines) > 3:
        lines = lines[:3]
        lines[2] = lines[2][: max(1, len(lines[2]) - 1)] + "…"
    width = max(pen.width(line, size, bold=True) for line in lines) + 20
    height = 26 * len(lines) + 14
    pen.box(
        cx - width / 2, cy - height / 2, width, height, face="#1d1d1d", edge=ACTIVE, lw=2, radius=10, z=9, alpha=0.92
    )
    for i, line in enumerate(lines):
        y = cy - height / 2 + 20 + 26 * i
        pen.text(cx, y, line, size, colour="#ffffff", ha="center", bold=True, z=9.5, room=room - 20)


def render_decision(
    view: dict[str, Any],
    candidates: dict[str, str],
    *,
    width: int = 1600,
    locale: Any = "en",
    names: Names | None = None,
) -> bytes:
    """The board with the decision's candidates outlined and labelled with their button texts.

    A candidate is a cell (``"c,r"``, where a unit is placed or moves) or a unit's uid (a target
    of an attack); every cell that is not a candidate is dimmed.
    """
    words = _words(locale, names)
    with fonts.for_locale(words.locale):
        fig, pen, background = _pixels(view, width, words)
        cells: dict[tuple[int, int], str] = {}
        units = {str(u.get("uid")): u for u in view.get("units") or []}
        tower_label: str | None = None
        for key, label in candidates.items():
            if "," in key:
                c, _, r = key.partition(",")
                try:
                    cells[(int(c), int(r))] = label
                except ValueError:
                    continue
            elif key in units:
                u = units[key]
                if u.get("pos") is not None:
                    cells[(int(u["pos"][0]), int(u["pos"][1]))] = label
                elif _tower(u):
                    tower_label = label
        for col in range(COLS):
            for row in range(ROWS):
                box = cell_box(col, row)
                if (col, row) not in cells:
                    pen.box(box.x + 3, box.y + 3, CELL_W - 6, CELL_H - 6, face="#3a3a3a", radius=6, z=8, alpha=0.45)
                    continue
                pen.box(box.x + 2, box.y + 2, CELL_W - 4, CELL_H - 4, face="none", edge=ACTIVE, lw=8, radius=8, z=8.5)
                _label(pen, cells[(col, row)], box.x + CELL_W / 2, box.y + CELL_H / 2, CELL_W - 30)
        if tower_label is not None:  # the arrow tower stands beside the board (H3-39.8): its label in the panel
            _label(pen, tower_label, PANEL_X + PANEL_W / 2, BOARD_Y + 2 * CELL_H + CELL_H / 2, PANEL_W)
        return png_quantized(draw_over(fig, background))


register(RULESET, render_board)
register_decision(RULESET, render_decision)
