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
being edited) still renders.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from renderers.palette import SeatStyle, colour_style, seat_style

SHAPES = ("triangle", "circle", "rectangle", "hexagon")
RESOURCES = ("food", "wood", "ore")
DEVELOPMENT_CODES = {"resource": "Re", "diplomacy": "Di", "training": "Tr", "defense": "De"}
SEASON_NAMES = ("spring", "summer", "autumn", "winter")
TITLE_SHORT = {"WARRIORS_GUILD": "Warriors' Guild", "PRIMARCH": "Wizards' Council", "HEROES_LEAGUE": "Heroes' League"}


@lru_cache(maxsize=1)
def _content() -> Any:
    try:
        from engine.runewars.content import load_content

        return load_content()
    except Exception:  # content being edited: draw with fallbacks
        return None


def _lookup(kind: str, key: Any) -> Any:
    c = _content()
    if c is None or key is None:
        return None
    try:
        return getattr(c, kind)(key)
    except Exception:
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


@lru_cache(maxsize=256)
def unit_kind(kind: str) -> UnitKind:
    u = _lookup("unit", kind)
    if u is None:
        name = kind.replace("_", " ").title()
        return UnitKind(kind, name, "circle", name[:1].upper(), False, None)
    neutral = u.faction == "neutral"
    return UnitKind(
        kind,
        u.name,
        u.shape if u.shape in SHAPES else "circle",
        _unit_code(kind),
        neutral,
        None if neutral else u.faction,
    )


@lru_cache(maxsize=256)
def _unit_code(kind: str) -> str:
    """A one-letter code per faction unit type, two letters for neutrals.

    Unique among the types a glyph can be confused with (same faction and shape);
    neutrals get two letters so an allied Sorcerer never reads as an elven Sorceress.
    """
    c = _content()
    u = c.unit(kind)
    if u.faction == "neutral":
        return u.name[:2]
    siblings = [t for t in c.faction_units(u.faction)]
    taken: set[str] = set()
    for t in siblings:
        letter = t.name[:1].upper()
        if letter in taken:
            letter = next((ch.upper() for ch in t.name[1:] if ch.isalpha() and ch.upper() not in taken), letter)
        taken.add(letter)
        if t.id == kind:
            return letter
    return u.name[:1].upper()


# --------------------------------------------------------------------------- factions


@lru_cache(maxsize=32)
def faction_style(faction: str | None, seat: int | None) -> SeatStyle:
    """The faction's printed colour made colour-blind safe, plus its pattern and marker."""
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

    def static_key(self) -> list[Any]:
        return [a.static_key() for a in self.areas]


# Line styles tell factions apart on the control ring without colour.
LINE_STYLES = ("solid", (0, (6, 3)), (0, (2, 2.5)), (0, (7, 2.5, 1.5, 2.5)), (0, (1, 1)), (0, (4, 1.5, 1, 1.5, 1, 1.5)))


def _line_for(seat: int | None) -> Any:
    if seat is None or seat < 0:
        return "solid"
    return LINE_STYLES[seat % len(LINE_STYLES)]


def _initials(name: str) -> str:
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


def build_scene(view: dict[str, Any]) -> Scene:
    seats: list[dict[str, Any]] = list(view.get("seats") or [])
    seat_info: dict[int, dict[str, Any]] = {_int(s.get("seat"), i): s for i, s in enumerate(seats)}

    def style_of(seat: int | None) -> SeatStyle:
        if seat is None:
            return seat_style(None)
        s = seat_info.get(seat, {})
        return faction_style(s.get("faction"), seat)

    heroes_view = view.get("heroes") or {}
    battle = view.get("battle") or None
    me = view.get("me") or None
    private_runes: dict[str, str] = dict((me or {}).get("runes") or {})
    scroll_seen: dict[str, str] = dict(heroes_view.get("my_scroll_seen") or {})

    # Damage on units only exists inside a battle (RW-14); aggregate it per stack.
    battle_damage: dict[tuple[int | None, str, bool], int] = {}
    battle_area = battle.get("area") if isinstance(battle, dict) else None
    if battle_area:
        for u in battle.get("units") or []:
            if u.get("destroyed"):
                continue
            key = (u.get("owner"), str(u.get("kind")), bool(u.get("routed")))
            battle_damage[key] = battle_damage.get(key, 0) + _int(u.get("damage"))

    areas: list[AreaScene] = []
    for a in view.get("areas") or []:
        aid = str(a.get("id"))
        content_area = _lookup("area", aid)
        terrain = a.get("terrain") or (content_area.terrain if content_area is not None else "plains")
        city = a.get("city")
        city_name = (city.get("name") or city.get("id")) if isinstance(city, dict) else (str(city) if city else None)
        home = a.get("home_of")
        edges = tuple(str(e) for e in (a.get("edges") or ["none"] * 6))
        scene = AreaScene(
            id=aid,
            hex=(_int(a.get("hex", [0, 0])[0]), _int(a.get("hex", [0, 0])[1])),
            tile=str(a.get("tile", "")),
            terrain=str(terrain),
            food=_int(a.get("food")),
            wood=_int(a.get("wood")),
            ore=_int(a.get("ore")),
            edges=edges,
            city=city_name,
            home_colour=(style_of(home).colour if home is not None else None),
        )
        ctrl = a.get("controller")
        if ctrl is not None:
            scene.controller_colour = style_of(ctrl).colour
            scene.controller_style = _line_for(ctrl)
        sh = a.get("stronghold")
        if isinstance(sh, dict):
            scene.stronghold = {
                "colour": style_of(sh.get("owner")).colour,
                "damaged": bool(sh.get("damaged")),
                "development": sh.get("development"),
                "owner": sh.get("owner"),
            }
        for u in a.get("units") or []:
            kind = unit_kind(str(u.get("type")))
            owner = u.get("owner")
            neutral_kind = bool(u.get("neutral", kind.neutral))
            colour = style_of(owner).colour if owner is not None else seat_style(None).colour
            routed = bool(u.get("routed"))
            dmg = battle_damage.get((owner, kind.id, routed), 0) if aid == battle_area else 0
            scene.units.append(
                UnitCell(
                    kind.id, kind.shape, kind.code, _int(u.get("count"), 1), owner, colour, routed, neutral_kind, dmg
                )
            )
        # Rune token: the face only where the view shows it (public at the end/epic, or the seat's own look).
        rune = a.get("rune")
        face = private_runes.get(aid) or (rune if rune not in (None, "token") else None)
        if rune or face:
            label = {"dragon": "D", "false": "✕"}.get(str(face), "?")
            scene.tokens.append(Token("rune", label, "#5b3f8c", str(face or "")))
        for s in a.get("activation") or []:
            scene.tokens.append(Token("activation", "", style_of(_int(s)).colour, str(s)))
        scene.battle = aid == battle_area
        areas.append(scene)

    by_id = {a.id: a for a in areas}
    for h in heroes_view.get("heroes") or []:
        area = by_id.get(str(h.get("area")))
        if area is None:
            continue
        owner = h.get("owner")
        area.heroes.append(
            HeroMark(
                str(h.get("uid")),
                _initials(str(h.get("name") or h.get("card") or "?")),
                owner,
                style_of(owner).colour,
                bool(h.get("routed")),
                _int(h.get("damage")),
            )
        )
    for m in heroes_view.get("markers") or []:
        area = by_id.get(str(m.get("area")))
        if area is not None:
            area.tokens.append(Token("marker", str(m.get("id", "")), "#222222", str(m.get("rewards", ""))))
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

    waiting = set(view.get("waiting_on") or [])
    start = view.get("start_player")
    hero_rows: dict[int, list[HeroRow]] = {}
    for h in heroes_view.get("heroes") or []:
        card = _lookup("hero", h.get("card"))
        tr = h.get("training") or {}

        def stat(name: str) -> int | None:
            base = getattr(card, name, None) if card is not None else None
            return None if base is None else base + _int(tr.get(name))

        hero_rows.setdefault(_int(h.get("owner"), -1), []).append(
            HeroRow(
                name=str(h.get("name") or h.get("card") or "?"),
                area=h.get("area"),
                strength=stat("strength"),
                agility=stat("agility"),
                wisdom=stat("wisdom"),
                health=h.get("health") if h.get("health") is not None else getattr(card, "health", None),
                damage=_int(h.get("damage")),
                routed=bool(h.get("routed")),
                rewards=len(h.get("rewards") or []),
            )
        )
    units_by_seat: dict[int, int] = {}
    for a in view.get("areas") or []:
        for u in a.get("units") or []:
            if u.get("owner") is not None:
                owner = _int(u.get("owner"))
                units_by_seat[owner] = units_by_seat.get(owner, 0) + _int(u.get("count"), 1)
    titles = view.get("titles") or {}
    panels = []
    for i, s in enumerate(seats):
        seat = _int(s.get("seat"), i)
        st = style_of(seat)
        held = [TITLE_SHORT.get(t, (titles.get(t) or {}).get("name", t)) for t in s.get("titles") or []]
        dr = s.get("dragon_runes")
        panels.append(
            FactionPanel(
                seat=seat,
                name=faction_short(s.get("faction_name"), s.get("faction")),
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
                titles=held,
                heroes=hero_rows.get(seat, []),
                strongholds=len(s.get("strongholds") or []),
                eliminated=bool(s.get("eliminated")),
                waiting=seat in waiting,
                start_player=seat == start,
                dragon_runes=(len(dr) if isinstance(dr, list) else (dr if isinstance(dr, int) else None)),
                units_on_board=units_by_seat.get(seat, 0),
                objective=bool(s.get("has_objective")),
            )
        )

    banner = _banner(view, seat_info, me)
    markers = []
    setup = view.get("setup") or {}
    for pair in setup.get("markers") or []:
        for h in pair if isinstance(pair, list) and pair and isinstance(pair[0], list) else [pair]:
            if isinstance(h, (list, tuple)) and len(h) == 2:
                markers.append((_int(h[0]), _int(h[1])))
    return Scene(areas, panels, banner, markers)


def _banner(view: dict[str, Any], seat_info: dict[int, dict[str, Any]], me: dict[str, Any] | None) -> Banner:
    year = view.get("year")
    last = view.get("last_year") or 6
    season = str(view.get("season") or "").title()
    phase = str(view.get("phase") or "")
    title = f"Runewars  ·  Year {year} of {last}  ·  {season}" if year else "Runewars"
    if phase == "setup":
        title += "  ·  setting up"
    card = view.get("season_card") or {}
    card_name = str(card.get("name") or "") if isinstance(card, dict) else str(card)
    card_text = str(card.get("text") or "") if isinstance(card, dict) else ""

    def seat_name(s: Any) -> str:
        info = seat_info.get(_int(s, -9), {})
        return info.get("faction_name") or f"Seat {_int(s) + 1}"

    status = []
    result = view.get("result")
    if isinstance(result, dict) and result.get("winners") is not None:
        winners = result.get("winners")
        names = ", ".join(seat_name(w) for w in (winners if isinstance(winners, list) else [winners]))
        status.append(f"Game over: {names} won" + (f" ({result.get('reason')})" if result.get("reason") else ""))
    battle = view.get("battle")
    if isinstance(battle, dict) and battle.get("area"):
        att, dfd = battle.get("attacker"), battle.get("defender")
        live = [u for u in battle.get("units") or [] if not u.get("destroyed")]

        def side(name: str) -> str:
            mine = [u for u in live if u.get("side") == name]
            routed = sum(1 for u in mine if u.get("routed"))
            dmg = sum(_int(u.get("damage")) for u in mine)
            bits = [f"{len(mine)} units"]
            bits += [f"{routed} routed"] if routed else []
            bits += [f"{dmg} damage"] if dmg else []
            return ", ".join(bits)

        att_name = seat_name(att) if att is not None else "neutrals"
        dfd_name = seat_name(dfd) if dfd is not None else "neutrals"
        status.append(
            f"⚔ Battle in {battle['area']}: {att_name} ({side('attacker')}) attacks {dfd_name} ({side('defender')})"
        )
    turn = view.get("turn")
    if isinstance(turn, dict) and turn.get("seat") is not None and turn.get("card"):
        order = _lookup("order", _int(turn.get("card")))
        status.append(f"{seat_name(turn['seat'])} resolves order {turn['card']}" + (f" {order.name}" if order else ""))
    waiting = view.get("waiting_on") or []
    if waiting:
        status.append("Waiting on " + ", ".join(seat_name(s) for s in waiting))
    viewer = ""
    if me and me.get("seat") is not None:
        viewer = f"Private view of {seat_name(me['seat'])}: rune faces you may see are shown"
    subtitle = ""
    if isinstance(card, dict) and card:
        subtitle = f"Season card: {card_name}"
    return Banner(title, subtitle, card_name, card_text, "   ·   ".join(status), viewer)
