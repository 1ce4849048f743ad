"""What the Runewars board picture shows, as plain data (no matplotlib).

``build_scene(view)`` turns a view dict (``ruleset.view(state, seat | None)``) into a
``Scene``: per area the pieces to draw, per faction the panel rows, and the banner.
Drawing (``renderers/runewars.py``) only reads the scene, so tests can compare what a
public and a private picture contain without looking at pixels, and everything a
picture can show is traceable to a field of the view.

Static, public component facts (terrain of an area, a unit type's base shape, a
hero's printed attributes, a faction's colour) come from ``engine.runewars.content``;
they are printed on the components, not part of the game state. Every lookup
tolerates a missing or unknown id, so a half-built view (setup, an engine that is
being edited) still renders. The content itself is shipped, validated data: if it
does not load, nothing of the game works, so that error is not hidden here.

A game played with a content pack (docs/content-packs.md) shows the pack's components: its view
carries the pack's ``content_hash``, and ``content_scope(view)`` makes every lookup here read
that content (the pack was checked when the engine made the view, or, in a picture worker, when
the game's names resolver arrived with the job). The renderer never opens the store.

Words: every sentence and name in the scene is in the picture's language (``Words``: the
``render.rw.*`` messages below and content names through the game's names resolver, with
``Ref`` kinds ``faction``, ``unit``, ``hero``, ``order``, ``season``, ``title`` and
``city`` of ``engine.runewars.names``), falling back to the English the view carries.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.core.text import Msg, Ref, message, plural_message
from engine.runewars.content import RunewarsContent, load_content
from engine.runewars.content.packs import content_by_hash
from renderers.fonts import is_wide
from renderers.palette import SeatStyle, colour_style, seat_style
from renderers.words import PLAYER_KIND, SEAT, Words

SHAPES = ("triangle", "circle", "rectangle", "hexagon")
RESOURCES = ("food", "wood", "ore")
DEVELOPMENT_CODES = {"resource": "Re", "diplomacy": "Di", "training": "Tr", "defense": "De"}
SEASON_NAMES = ("spring", "summer", "autumn", "winter")

# The banner (RW-5: a game is six years of four seasons).
TITLE = message("render.rw.title", "Runewars")
TITLE_YEAR = message("render.rw.title_year", "Runewars  ·  Year {year} of {last}  ·  {season}")
SETTING_UP = message("render.rw.setting_up", "{title}  ·  setting up")
SEASONS = {
    "spring": message("render.rw.season.spring", "Spring"),
    "summer": message("render.rw.season.summer", "Summer"),
    "autumn": message("render.rw.season.autumn", "Autumn"),
    "winter": message("render.rw.season.winter", "Winter"),
}
SEASON_CARD = message("render.rw.season_card", "Season card: {name}")
SEASON_CARD_TEXT = message("render.rw.season_card_text", "Season card: {name} — {text}")
STATUS_SEP = message("render.rw.status_sep", "   ·   ")
GAME_OVER = message("render.rw.game_over", "Game over: {names} won")
GAME_OVER_WHY = message("render.rw.game_over_why", "Game over: {names} won ({reason})")
BATTLE = message(
    "render.rw.battle",
    "Battle in {area}: {attacker} ({attacker_side}) attacks {defender} ({defender_side})",
)
NEUTRALS = message("render.rw.neutrals", "neutrals")
SIDE_UNITS = plural_message("render.rw.side.units", "{n} unit", "{n} units")
SIDE_ROUTED = message("render.rw.side.routed", "{n} routed")
SIDE_DAMAGE = message("render.rw.side.damage", "{n} damage")
TURN = message("render.rw.turn", "{seat} resolves order {number} {order}")
TURN_NUMBER = message("render.rw.turn_number", "{seat} resolves order {number}")
WAITING = message("render.rw.waiting", "Waiting on {names}")
VIEWER = message("render.rw.viewer", "Private view of {name}: rune faces you may see are shown")
# Short names of the titles on a faction's panel (the full title is on its card, RW-32).
TITLE_SHORT = {
    "WARRIORS_GUILD": message("render.rw.title_card.warriors_guild", "Warriors' Guild"),
    "PRIMARCH": message("render.rw.title_card.primarch", "Wizards' Council"),
    "HEROES_LEAGUE": message("render.rw.title_card.heroes_league", "Heroes' League"),
}
# One-glyph codes on tokens: rune faces (RW-27.1).
RUNE_DRAGON = message("render.rw.code.dragon_rune", "D")


#: The sha256 of the content pack the picture being drawn shows; "" for the shipped content. A
#: context variable (set by ``content_scope``) because the lookups below run deep in the drawing.
_PACK: ContextVar[str] = ContextVar("runewars_picture_pack", default="")


def _content_for(key: str) -> RunewarsContent:
    """The content of a pack hash ("" = shipped). A pack nobody checked in this process is an error:
    drawing it with the shipped components would show another game's pieces."""
    if not key:
        return load_content()
    found = content_by_hash(key)
    if found is None:
        raise LookupError(f"content pack {key[:12]} is not loaded in this process")
    return found


@contextmanager
def content_scope(view: dict[str, Any]) -> Iterator[RunewarsContent]:
    """Every content lookup inside reads the content of ``view``'s game (its pack, else the shipped one)."""
    key = str(view.get("content_hash") or "")
    content = _content_for(key)
    token = _PACK.set(key)
    try:
        yield content
    finally:
        _PACK.reset(token)


def _content() -> RunewarsContent:
    return _content_for(_PACK.get())


def content_key() -> str:
    """What identifies the content being drawn, for the picture caches ("" = shipped)."""
    return _PACK.get()


def pack_label() -> str:
    """The pack's name and short hash as the content records it ("" for the shipped content)."""
    return str(_content().sources.get("pack", "")) if _PACK.get() else ""


def _lookup(kind: str, key: Any) -> Any:
    """``content.<kind>(key)``, or None for a missing or unknown id (a half-built view, a house unit type)."""
    if key is None:
        return None
    try:
        return getattr(_content(), kind)(key)
    except KeyError:
        return None


# --------------------------------------------------------------------------- units


@dataclass(frozen=True)
class UnitKind:
    id: str
    name: str
    shape: str
    code: str
    neutral: bool
    faction: str | None


def unit_kind(kind: str) -> UnitKind:
    """How a unit type is drawn (shape, one- or two-letter code), in the content being drawn."""
    return _unit_kind(content_key(), kind)


@lru_cache(maxsize=512)
def _unit_kind(pack: str, kind: str) -> UnitKind:  # ``pack``: the cache key of the content in scope
    u = _lookup("unit", kind)
    if u is None:
        name = kind.replace("_", " ").title()
        return UnitKind(kind, name, "circle", name[:1].upper(), False, None)
    neutral = u.faction == "neutral"
    return UnitKind(
        kind,
        u.name,
        u.shape if u.shape in SHAPES else "circle",
        _unit_code(pack, kind),
        neutral,
        None if neutral else u.faction,
    )


@lru_cache(maxsize=512)
def _unit_code(pack: str, kind: str) -> str:
    """A one-letter code per faction unit type, two letters for neutrals.

    Unique among the types a glyph can be confused with (same faction and shape);
    neutrals get two letters so an allied Sorcerer never reads as an elven Sorceress.
    """
    c = _content()
    u = c.unit(kind)
    if u.faction == "neutral":
        return u.name[:2]
    taken: set[str] = set()
    for t in c.faction_units(u.faction):
        letter = t.name[:1].upper()
        if letter in taken:
            letter = next((ch.upper() for ch in t.name[1:] if ch.isalpha() and ch.upper() not in taken), letter)
        taken.add(letter)
        if t.id == kind:
            return letter
    return u.name[:1].upper()


# --------------------------------------------------------------------------- factions


def faction_style(faction: str | None, seat: int | None) -> SeatStyle:
    """The faction's printed colour made colour-blind safe, plus its pattern and marker."""
    return _faction_style(content_key(), faction, seat)


@lru_cache(maxsize=64)
def _faction_style(pack: str, faction: str | None, seat: int | None) -> SeatStyle:
    f = _lookup("faction", faction)
    if f is not None:
        style = colour_style(f.colour)
        if style is not None:
            return style
    return seat_style(seat)


def faction_short(name: str | None, faction: str | None) -> str:
    if name:
        return name
    return (faction or "?").title()


# --------------------------------------------------------------------------- scene model


@dataclass
class UnitCell:
    """One aggregated stack: all units of one owner, type and routed-ness in an area."""

    kind: str
    shape: str
    code: str
    count: int
    owner: int | None  # None: unallied neutral
    colour: str
    routed: bool
    neutral_kind: bool  # a neutral type (allied when owner is not None)
    damage: int = 0


@dataclass
class HeroMark:
    uid: str
    initials: str
    owner: int | None
    colour: str
    routed: bool
    damage: int


@dataclass
class Token:
    """A small round token in an area: rune, activation, marker, exploration, battle."""

    kind: str  # rune | activation | marker | explore
    label: str
    colour: str
    detail: str = ""


@dataclass
class AreaScene:
    id: str
    hex: tuple[int, int]
    tile: str
    terrain: str
    food: int
    wood: int
    ore: int
    edges: tuple[str, ...]
    city: str | None
    home_colour: str | None
    controller_colour: str | None = None
    controller_style: str = "solid"
    stronghold: dict[str, Any] | None = None  # {"colour", "damaged", "development"}
    units: list[UnitCell] = field(default_factory=list)
    heroes: list[HeroMark] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    battle: bool = False

    @property
    def stronghold_owner(self) -> int | None:
        return self.stronghold.get("owner") if self.stronghold else None

    def static_key(self) -> tuple[Any, ...]:
        return (
            self.id,
            self.hex,
            self.tile,
            self.terrain,
            self.food,
            self.wood,
            self.ore,
            self.edges,
            self.city,
            self.home_colour,
        )


@dataclass
class HeroRow:
    name: str
    area: str | None
    strength: int | None
    agility: int | None
    wisdom: int | None
    health: int | None
    damage: int
    routed: bool
    rewards: int


@dataclass
class FactionPanel:
    seat: int
    name: str
    faction: str  # content id ("" before factions are chosen)
    colour: str
    hatch: str
    marker: str
    line: Any  # matplotlib line style of the faction's control ring
    dials: dict[str, int]
    influence: int
    tactics: int
    quests: int
    orders_used: list[int]
    order_now: int | None
    titles: list[str]
    heroes: list[HeroRow]
    strongholds: int
    eliminated: bool
    waiting: bool
    start_player: bool
    dragon_runes: int | None
    units_on_board: int
    objective: bool
    player: str = ""  # the seat's player as the table knows them (a Discord name), "" when the picture has none


@dataclass
class Banner:
    title: str
    subtitle: str
    season_card: str
    season_text: str
    status: str
    viewer: str  # "" for the public picture


@dataclass
class Scene:
    areas: list[AreaScene]
    panels: list[FactionPanel]
    banner: Banner
    setup_markers: list[tuple[int, int]]  # setup: where tiles are still to be placed
    # Issue 11: the kinds of house (invented) component this board shows (``HOUSE_ORDER``:
    # tile, city, exploration, hero), judged by the game's own content, and its pack ("" = shipped).
    house: list[str] = field(default_factory=list)
    pack: str = ""

    def static_key(self) -> list[Any]:
        return [a.static_key() for a in self.areas]


# Line styles tell factions apart on the control ring without colour.
LINE_STYLES = ("solid", (0, (6, 3)), (0, (2, 2.5)), (0, (7, 2.5, 1.5, 2.5)), (0, (1, 1)), (0, (4, 1.5, 1, 1.5, 1, 1.5)))


def _line_for(seat: int | None) -> Any:
    if seat is None or seat < 0:
        return "solid"
    return LINE_STYLES[seat % len(LINE_STYLES)]


def _initials(name: str) -> str:
    """Two Latin initials ("TB"), or a Chinese name's first character: two would be unreadable in a star."""
    if name[:1] and is_wide(name[0]):
        return name[0]
    parts = [p for p in name.replace("-", " ").split() if p[:1].isalpha()]
    if not parts:
        return name[:2]
    if len(parts) == 1:
        return parts[0][:2]
    return (parts[0][:1] + parts[-1][:1]).upper()


def _int(x: Any, default: int = 0) -> int:
    try:
        return int(x)
    except (TypeError, ValueError):
        return default


@dataclass(frozen=True)
class _Seats:
    """The view's seats, looked up by number: every part of the picture colours and names factions the same way."""

    rows: list[dict[str, Any]]
    info: dict[int, dict[str, Any]]
    words: Words

    @classmethod
    def of(cls, view: dict[str, Any], words: Words) -> _Seats:
        rows: list[dict[str, Any]] = list(view.get("seats") or [])
        return cls(rows, {_int(s.get("seat"), i): s for i, s in enumerate(rows)}, words)

    def style(self, seat: Any) -> SeatStyle:
        if seat is None:
            return seat_style(None)
        return faction_style(self.info.get(seat, {}).get("faction"), seat)

    def name(self, seat: Any) -> str:
        info = self.info.get(_int(seat, -9), {})
        if info.get("faction") or info.get("faction_name"):
            return self.words.name("faction", info.get("faction"), info.get("faction_name"))
        return self.words(SEAT(n=_int(seat) + 1))


def build_scene(view: dict[str, Any], words: Words | None = None) -> Scene:
    """The scene of ``view``: areas with their pieces, faction panels, banner and setup markers.

    ``words`` gives the picture's language (English and the view's names by default).
    """
    words = words or Words()
    with content_scope(view):
        seats = _Seats.of(view, words)
        heroes_view: dict[str, Any] = view.get("heroes") or {}
        areas = _areas(view, seats)
        by_id = {a.id: a for a in areas}
        _place_heroes(by_id, heroes_view, seats)
        _place_markers(by_id, heroes_view)
        _place_exploration(by_id, heroes_view)
        panels = _panels(view, seats, _hero_rows(heroes_view, words))
        house = _house_shown(view, areas, heroes_view)
        return Scene(areas, panels, _banner(view, seats), _setup_markers(view), house, pack_label())


HOUSE_ORDER = ("tile", "city", "exploration", "hero")


def _house_shown(view: dict[str, Any], areas: list[AreaScene], heroes_view: dict[str, Any]) -> list[str]:
    """The kinds of house component on this board, by the content in scope (a pack's transcribed
    entries say ``"house": false``). Face-down exploration tokens count as house when any token
    of the content is: the picture cannot tell which one lies there."""
    content = _content()
    shown: set[str] = set()
    if any(getattr(_lookup("tile", a.tile), "house", False) for a in areas):
        shown.add("tile")
    cities = [a.get("city") for a in view.get("areas") or []]
    if any(getattr(_lookup("city", c.get("id")), "house", False) for c in cities if isinstance(c, dict)):
        shown.add("city")
    if heroes_view.get("exploration") and any(t.house for t in content.exploration_tokens):
        shown.add("exploration")
    if any(getattr(_lookup("hero", h.get("card")), "house", False) for h in heroes_view.get("heroes") or []):
        shown.add("hero")
    return [k for k in HOUSE_ORDER if k in shown]


# --------------------------------------------------------------------------- areas

StackKey = tuple[int | None, str, bool]  # (owner, unit type, routed): one drawn stack


def _battle_damage(battle: Any) -> tuple[Any, dict[StackKey, int]]:
    """The battle's area and the damage per stack in it: damage on units only exists inside a battle (RW-14)."""
    area = battle.get("area") if isinstance(battle, dict) else None
    damage: dict[StackKey, int] = {}
    if not area:
        return area, damage
    for u in battle.get("units") or []:
        if u.get("destroyed"):
            continue
        key = (u.get("owner"), str(u.get("kind")), bool(u.get("routed")))
        damage[key] = damage.get(key, 0) + _int(u.get("damage"))
    return area, damage


def _areas(view: dict[str, Any], seats: _Seats) -> list[AreaScene]:
    battle_area, damage = _battle_damage(view.get("battle") or None)
    private_runes: dict[str, str] = dict((view.get("me") or {}).get("runes") or {})
    out = []
    for a in view.get("areas") or []:
        scene = _area_ground(a, seats)
        _area_control(scene, a, seats)
        in_battle = scene.id == battle_area
        scene.units = _unit_cells(a, seats, damage if in_battle else {})
        scene.tokens = _area_tokens(a, scene.id, seats, private_runes)
        scene.battle = in_battle
        out.append(scene)
    return out


def _area_ground(a: dict[str, Any], seats: _Seats) -> AreaScene:
    """What is printed on the area or fixed by setup: place, terrain, resources, city, home realm, borders."""
    aid = str(a.get("id"))
    content_area = _lookup("area", aid)
    terrain = a.get("terrain") or (content_area.terrain if content_area is not None else "plains")
    city = a.get("city")
    city_name = (
        seats.words.name("city", city.get("id"), city.get("name"))
        if isinstance(city, dict)
        else (str(city) if city else None)
    )
    home = a.get("home_of")
    return AreaScene(
        id=aid,
        hex=(_int(a.get("hex", [0, 0])[0]), _int(a.get("hex", [0, 0])[1])),
        tile=str(a.get("tile", "")),
        terrain=str(terrain),
        food=_int(a.get("food")),
        wood=_int(a.get("wood")),
        ore=_int(a.get("ore")),
        edges=tuple(str(e) for e in (a.get("edges") or ["none"] * 6)),
        city=city_name,
        home_colour=(seats.style(home).colour if home is not None else None),
    )


def _area_control(scene: AreaScene, a: dict[str, Any], seats: _Seats) -> None:
    """The controller's ring and the stronghold, both in the owning faction's colour."""
    ctrl = a.get("controller")
    if ctrl is not None:
        scene.controller_colour = seats.style(ctrl).colour
        scene.controller_style = _line_for(ctrl)
    sh = a.get("stronghold")
    if isinstance(sh, dict):
        scene.stronghold = {
            "colour": seats.style(sh.get("owner")).colour,
            "damaged": bool(sh.get("damaged")),
            "development": sh.get("development"),
            "owner": sh.get("owner"),
        }


def _unit_cells(a: dict[str, Any], seats: _Seats, damage: dict[StackKey, int]) -> list[UnitCell]:
    out = []
    for u in a.get("units") or []:
        kind = unit_kind(str(u.get("type")))
        owner = u.get("owner")
        routed = bool(u.get("routed"))
        out.append(
            UnitCell(
                kind.id,
                kind.shape,
                kind.code,
                _int(u.get("count"), 1),
                owner,
                seats.style(owner).colour,
                routed,
                bool(u.get("neutral", kind.neutral)),
                damage.get((owner, kind.id, routed), 0),
            )
        )
    return out


def _area_tokens(a: dict[str, Any], aid: str, seats: _Seats, private_runes: dict[str, str]) -> list[Token]:
    """The rune token and the activation tokens of one area.

    A rune's face is shown only where the view shows it: public at the end or in an
    epic game, or in the seat's own view of a rune it looked at (RW-27.5).
    """
    tokens = []
    rune = a.get("rune")
    face = private_runes.get(aid) or (rune if rune not in (None, "token") else None)
    if rune or face:
        label = {"dragon": seats.words(RUNE_DRAGON()), "false": "✕"}.get(str(face), "?")
        tokens.append(Token("rune", label, "#5b3f8c", str(face or "")))
    for s in a.get("activation") or []:
        tokens.append(Token("activation", "", seats.style(_int(s)).colour, str(s)))
    return tokens


def _place_heroes(by_id: dict[str, AreaScene], heroes_view: dict[str, Any], seats: _Seats) -> None:
    for h in heroes_view.get("heroes") or []:
        area = by_id.get(str(h.get("area")))
        if area is None:
            continue
        owner = h.get("owner")
        area.heroes.append(
            HeroMark(
                str(h.get("uid")),
                _initials(_hero_name(h, seats.words)),
                owner,
                seats.style(owner).colour,
                bool(h.get("routed")),
                _int(h.get("damage")),
            )
        )


def _place_markers(by_id: dict[str, AreaScene], heroes_view: dict[str, Any]) -> None:
    """Defeated-hero markers, after the area's own tokens."""
    for m in heroes_view.get("markers") or []:
        area = by_id.get(str(m.get("area")))
        if area is not None:
            area.tokens.append(Token("marker", str(m.get("id", "")), "#222222", str(m.get("rewards", ""))))


def _place_exploration(by_id: dict[str, AreaScene], heroes_view: dict[str, Any]) -> None:
    """Exploration tokens: face down, unless public or the viewer's own scroll looked at it."""
    scroll_seen: dict[str, str] = dict(heroes_view.get("my_scroll_seen") or {})
    for x in heroes_view.get("exploration") or []:
        area = by_id.get(str(x.get("area")))
        if area is None:
            continue
        shown = x.get("type") or scroll_seen.get(area.id)
        if shown and shown == scroll_seen.get(area.id) and not x.get("type"):
            tok = _lookup("exploration_token", shown)
            shown = tok.type if tok is not None else shown
        label = str(shown)[:1].upper() if shown else "?"
        area.tokens.append(Token("explore", label, "#8a6a3c", str(shown or "")))


# --------------------------------------------------------------------------- panels


def _hero_stat(card: Any, training: dict[str, Any], name: str) -> int | None:
    """A printed attribute plus the training on it; None when the hero card is unknown."""
    base = getattr(card, name, None) if card is not None else None
    return None if base is None else base + _int(training.get(name))


def _hero_name(h: dict[str, Any], words: Words) -> str:
    return words.name("hero", h.get("card"), str(h.get("name") or h.get("card") or "?"))


def _hero_row(h: dict[str, Any], words: Words) -> HeroRow:
    card = _lookup("hero", h.get("card"))
    training = h.get("training") or {}
    return HeroRow(
        name=_hero_name(h, words),
        area=h.get("area"),
        strength=_hero_stat(card, training, "strength"),
        agility=_hero_stat(card, training, "agility"),
        wisdom=_hero_stat(card, training, "wisdom"),
        health=h.get("health") if h.get("health") is not None else getattr(card, "health", None),
        damage=_int(h.get("damage")),
        routed=bool(h.get("routed")),
        rewards=len(h.get("rewards") or []),
    )


def _hero_rows(heroes_view: dict[str, Any], words: Words) -> dict[int, list[HeroRow]]:
    rows: dict[int, list[HeroRow]] = {}
    for h in heroes_view.get("heroes") or []:
        rows.setdefault(_int(h.get("owner"), -1), []).append(_hero_row(h, words))
    return rows


def _units_by_seat(view: dict[str, Any]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for a in view.get("areas") or []:
        for u in a.get("units") or []:
            if u.get("owner") is not None:
                owner = _int(u.get("owner"))
                counts[owner] = counts.get(owner, 0) + _int(u.get("count"), 1)
    return counts


def _dragon_runes(dr: Any) -> int | None:
    """A seat's dragon runes: a list in its own or an end-of-game view, a count in the public one."""
    if isinstance(dr, list):
        return len(dr)
    return dr if isinstance(dr, int) else None


def _panels(view: dict[str, Any], seats: _Seats, hero_rows: dict[int, list[HeroRow]]) -> list[FactionPanel]:
    waiting = set(view.get("waiting_on") or [])
    start = view.get("start_player")
    titles = view.get("titles") or {}
    units = _units_by_seat(view)
    panels = []
    for i, s in enumerate(seats.rows):
        seat = _int(s.get("seat"), i)
        st = seats.style(seat)
        panels.append(
            FactionPanel(
                seat=seat,
                name=_panel_name(s, seats),
                faction=str(s.get("faction") or ""),
                colour=st.colour,
                hatch=st.hatch,
                marker=st.marker,
                line=_line_for(seat),
                dials={r: _int((s.get("dials") or {}).get(r)) for r in RESOURCES},
                influence=_int(s.get("influence")),
                tactics=_int(s.get("tactics_count")),
                quests=_int(s.get("quest_count")),
                orders_used=[_int(o) for o in s.get("orders_used") or []],
                order_now=s.get("order_now"),
                titles=[_title_name(t, titles, seats.words) for t in s.get("titles") or []],
                heroes=hero_rows.get(seat, []),
                strongholds=len(s.get("strongholds") or []),
                eliminated=bool(s.get("eliminated")),
                waiting=seat in waiting,
                start_player=seat == start,
                dragon_runes=_dragon_runes(s.get("dragon_runes")),
                units_on_board=units.get(seat, 0),
                objective=bool(s.get("has_objective")),
                player=_player_name(seat, seats.words),
            )
        )
    return panels


def _player_name(seat: int, words: Words) -> str:
    """The seat's player by name (issue 12), from the ``player`` names the bot passes with its seats;
    "" for a picture made without them (tests, the docs' examples)."""
    if words.names is None:
        return ""
    name = words.names.name(Ref(kind=PLAYER_KIND, id=str(seat)), words.locale) or ""
    return name if len(name) <= 18 else name[:17] + "…"  # the header keeps room for the faction's name


# Setup, before a seat has its faction (RW-3.2): the panel says so instead of "?".
CHOOSING_FACTION = message("render.rw.panel.choosing_faction", "choosing a faction…")


def _panel_name(s: dict[str, Any], seats: _Seats) -> str:
    if s.get("faction"):
        return seats.words.name("faction", s.get("faction"), faction_short(s.get("faction_name"), s.get("faction")))
    if s.get("faction_name"):
        return str(s["faction_name"])
    return seats.words(CHOOSING_FACTION())


def _title_name(title: str, titles: dict[str, Any], words: Words) -> str:
    short = TITLE_SHORT.get(title)
    if short is not None:
        return words(short())
    return words.name("title", title, (titles.get(title) or {}).get("name", title))


def _setup_markers(view: dict[str, Any]) -> list[tuple[int, int]]:
    """Setup: the hexes where tiles are still to be placed (pairs of hexes, or single hexes)."""
    markers = []
    setup = view.get("setup") or {}
    for pair in setup.get("markers") or []:
        for h in pair if isinstance(pair, list) and pair and isinstance(pair[0], list) else [pair]:
            if isinstance(h, (list, tuple)) and len(h) == 2:
                markers.append((_int(h[0]), _int(h[1])))
    return markers


# --------------------------------------------------------------------------- banner


def _banner(view: dict[str, Any], seats: _Seats) -> Banner:
    words = seats.words
    card = view.get("season_card") or {}
    card_id = card.get("id") if isinstance(card, dict) else card
    english_name = str(card.get("name") or "") if isinstance(card, dict) else str(card)
    card_name = words.name("season", card_id, english_name) if card_id else english_name
    card_text = _season_text(card, words)
    subtitle = words(SEASON_CARD(name=card_name)) if isinstance(card, dict) and card else ""
    parts = (_result_status(view, seats), _battle_status(view, seats), _turn_status(view, seats))
    status = [p for p in parts if p]
    waiting = view.get("waiting_on") or []
    if waiting:
        status.append(words(WAITING(names=words.join([seats.name(s) for s in waiting]))))
    return Banner(
        _title(view, words), subtitle, card_name, card_text, words(STATUS_SEP()).join(status), _viewer(view, seats)
    )


def _season_text(card: Any, words: Words) -> str:
    """The season card's rules text in the picture's language: the resolver's (``text(kind, id, field,
    locale)``, as ``engine.runewars.names()`` has it), else the view's English in an English picture only."""
    if not isinstance(card, dict):
        return ""
    english = str(card.get("text") or "")
    text_of = getattr(words.names, "text", None)
    if card.get("id") and callable(text_of) and not words.english:
        found = text_of("season", str(card["id"]), "text", words.locale, fallback=False)
        if isinstance(found, str) and found:
            return found
    return english if words.english else ""


def season_line(banner: Banner, words: Words) -> str:
    """The banner's second line: the season card and, when shown, its text."""
    if not banner.season_card:
        return ""
    if banner.season_text:
        return words(SEASON_CARD_TEXT(name=banner.season_card, text=banner.season_text))
    return words(SEASON_CARD(name=banner.season_card))


def _title(view: dict[str, Any], words: Words) -> str:
    year = view.get("year")
    last = view.get("last_year") or 6
    raw = str(view.get("season") or "")
    season = words(SEASONS[raw.lower()]()) if raw.lower() in SEASONS else raw.title()
    title = words(TITLE_YEAR(year=year, last=last, season=season)) if year else words(TITLE())
    if str(view.get("phase") or "") == "setup":
        title = words(SETTING_UP(title=title))
    return title


def _reason(reason: Any, words: Words) -> str:
    """Why the game ended: a message is rendered; a plain (English) string is shown in English pictures only."""
    if isinstance(reason, dict) and reason.get("id"):
        return words(Msg.model_validate(reason))
    if isinstance(reason, Msg):
        return words(reason)
    return str(reason) if reason and words.english else ""


def _result_status(view: dict[str, Any], seats: _Seats) -> str:
    result = view.get("result")
    if not isinstance(result, dict) or result.get("winners") is None:
        return ""
    winners = result.get("winners")
    names = seats.words.join([seats.name(w) for w in (winners if isinstance(winners, list) else [winners])])
    reason = _reason(result.get("reason"), seats.words)
    return seats.words(GAME_OVER_WHY(names=names, reason=reason) if reason else GAME_OVER(names=names))


def _battle_side(live: list[dict[str, Any]], side: str, words: Words) -> str:
    """One side of a battle in a few words: units, routed, damage (RW-14)."""
    mine = [u for u in live if u.get("side") == side]
    routed = sum(1 for u in mine if u.get("routed"))
    dmg = sum(_int(u.get("damage")) for u in mine)
    bits = [words(SIDE_UNITS(n=len(mine)))]
    bits += [words(SIDE_ROUTED(n=routed))] if routed else []
    bits += [words(SIDE_DAMAGE(n=dmg))] if dmg else []
    return words.join(bits)


def _battle_status(view: dict[str, Any], seats: _Seats) -> str:
    battle = view.get("battle")
    if not isinstance(battle, dict) or not battle.get("area"):
        return ""
    words = seats.words
    att, dfd = battle.get("attacker"), battle.get("defender")
    live = [u for u in battle.get("units") or [] if not u.get("destroyed")]
    return "⚔ " + words(  # the icon stays out of the catalogs: DejaVu Sans draws it in every language
        BATTLE(
            area=str(battle["area"]),
            attacker=seats.name(att) if att is not None else words(NEUTRALS()),
            attacker_side=_battle_side(live, "attacker", words),
            defender=seats.name(dfd) if dfd is not None else words(NEUTRALS()),
            defender_side=_battle_side(live, "defender", words),
        )
    )


def _turn_status(view: dict[str, Any], seats: _Seats) -> str:
    turn = view.get("turn")
    if not isinstance(turn, dict) or turn.get("seat") is None or not turn.get("card"):
        return ""
    number = _int(turn.get("card"))
    order = _lookup("order", number)
    who = seats.name(turn["seat"])
    if order is None:
        return seats.words(TURN_NUMBER(seat=who, number=number))
    return seats.words(TURN(seat=who, number=number, order=seats.words.name("order", number, order.name)))


def _viewer(view: dict[str, Any], seats: _Seats) -> str:
    """The note on a seat's own picture; empty on the public one."""
    me = view.get("me") or None
    if me and me.get("seat") is not None:
        return seats.words(VIEWER(name=seats.name(me["seat"])))
    return ""
