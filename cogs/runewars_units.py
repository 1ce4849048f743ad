"""Which units a Runewars prompt lets a player pick one by one, as plain data.

Three Runewars decisions are answered with a *list* of units rather than one option:

* ``rw_move`` (RW-10.7.2): the units that move into the area just activated;
* ``rw_destroy`` (RW-6.8.2 winter food limit, RW-10.9.2 / RW-16.4 the 8-unit limit): which
  units to destroy in the areas over the limit;
* ``rw_strategize`` (RW-18.1.1 / RW-10.6): any of your units and heroes, one step each.

The engine's prompt offers a few ready-made answers; this module lists every *candidate*
so the player can build any subset (``cogs.runewars_picker`` turns it into menus). The
candidates are built only from the prompt the seat was sent and from public facts: where
each unit and hero stands, its owner and whether it is routed (all printed in every seat's
view, VIEW.md ``areas[].units``/``heroes``), plus the board's borders and activation
tokens. Nothing secret (hands, runes, order cards) is read. Listing a candidate decides
no rule: the picked set goes to the engine, which accepts it or names the rule it breaks.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from engine.core import Prompt

from .text import MAX_OPTION, truncate

MOVE, DESTROY, STRATEGIZE = "rw_move", "rw_destroy", "rw_strategize"
PICK_TYPES = (MOVE, DESTROY, STRATEGIZE)
MAX_CANDIDATES = 300  # 50 characters of bitmask in a custom id; a real board has far fewer
SELECT_SIZE = 25  # Discord: options per select menu


@dataclass(frozen=True)
class PublicUnit:
    """The facts about one figure that every seat sees (VIEW.md: areas[].units)."""

    id: int
    kind: str
    owner: int | None
    area: str
    routed: bool


@dataclass(frozen=True)
class Candidate:
    """One pickable entry: a unit (or, for Strategize, a unit or hero and a destination)."""

    key: str  # stable identity, for the fingerprint: "u12", "u12>4B", "hH1>4B"
    group: str  # the heading of its menu: "From 3A", "In 3A: destroy 2", "Into 4B"
    label: str  # what the player reads: "Footmen (Daqan Lords) in 3A (2 of 4)"
    unit: int | None = None
    hero: str | None = None
    to: str | None = None
    portal: bool = False  # reachable only through the magic portals (RW-34.4.3)
    base: str = ""  # the label without its "(2 of 4)" count, for the summary
    area: str = ""  # where the figure stands now

    @property
    def plain(self) -> str:
        return self.base or self.label


@dataclass(frozen=True)
class Picker:
    """Every candidate of one prompt, in menu order, and how a picked set becomes the action."""

    kind: str
    candidates: tuple[Candidate, ...]
    options: tuple[dict[str, Any], ...]  # the prompt's ready-made actions
    truncated: bool = False

    @property
    def fingerprint(self) -> str:
        """Four hex digits of the candidate list: a menu drawn for another list is refused."""
        raw = self.kind + "|" + "|".join(c.key for c in self.candidates)
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:4]

    def parts(self) -> list[tuple[str, list[int]]]:
        """Menus: one per group, split every 25 candidates (Discord's limit per menu)."""
        groups: dict[str, list[int]] = {}
        for i, c in enumerate(self.candidates):
            groups.setdefault(c.group, []).append(i)
        out: list[tuple[str, list[int]]] = []
        for title, members in groups.items():
            for start in range(0, len(members), SELECT_SIZE):
                out.append((title, members[start : start + SELECT_SIZE]))
        return out

    def action(self, picked: Iterable[int]) -> dict[str, Any]:
        """The action for the picked candidates; the matching ready-made option when there is one,
        so the confirmation reads like a button press."""
        chosen = [self.candidates[i] for i in sorted(set(picked)) if 0 <= i < len(self.candidates)]
        portal = any(c.portal for c in chosen)
        if self.kind == STRATEGIZE:
            moves = [
                {"unit": c.unit, "to": c.to} if c.unit is not None else {"hero": c.hero, "to": c.to} for c in chosen
            ]
            action: dict[str, Any] = {"type": STRATEGIZE, "moves": moves}
        else:
            action = {"type": self.kind, "units": [c.unit for c in chosen]}
        if portal:
            action["portal"] = True
        return next((dict(o) for o in self.options if _same(o, action)), action)

    def summary(self, picked: Iterable[int]) -> str:
        """The picked candidates, identical labels counted: "Footmen (Daqan Lords) in 3A ×2"."""
        counts: dict[str, int] = {}
        for i in sorted(set(picked)):
            if 0 <= i < len(self.candidates):
                base = self.candidates[i].plain
                counts[base] = counts.get(base, 0) + 1
        return ", ".join(f"{label} ×{n}" if n > 1 else label for label, n in counts.items()) or "nothing yet"


def _same(option: dict[str, Any], action: dict[str, Any]) -> bool:
    """Same answer regardless of order: ``units`` and ``moves`` are sets to the engine."""
    if option.get("type") != action.get("type") or bool(option.get("portal")) != bool(action.get("portal")):
        return False
    if action["type"] == STRATEGIZE:
        key = lambda m: (m.get("unit"), m.get("hero"), m.get("to"))
        return sorted(map(key, option.get("moves") or []), key=str) == sorted(map(key, action["moves"]), key=str)
    return sorted(option.get("units") or []) == sorted(action["units"])


# ---- public facts ----------------------------------------------------------------------------
def public_units(state: Any) -> dict[int, PublicUnit]:
    """Every figure on the board, reduced to what all seats see (position, owner, type, routed)."""
    return {u.id: PublicUnit(u.id, u.kind, u.owner, u.area, bool(u.routed)) for u in state.units}


def _catalog() -> Any:
    from engine.runewars.catalog import catalog

    return catalog()


def unit_name(unit: PublicUnit, seat_factions: dict[int, str]) -> str:
    """ "Footmen (Daqan Lords)"; an allied neutral says so: "Beastmen (neutral, allied)"."""
    cat = _catalog()
    utype = cat.unit_types.get(unit.kind)
    name = utype.name if utype else unit.kind
    if utype is None or utype.is_neutral:
        return f"{name} (neutral{', allied' if unit.owner is not None else ''})"
    faction = cat.factions.get(utype.faction)
    return f"{name} ({faction.name if faction else seat_factions.get(unit.owner or 0, utype.faction)})"


def _numbered(cands: list[Candidate]) -> list[Candidate]:
    """Identical labels get "(2 of 4)" so a player can tell the figures apart in a menu."""
    totals: dict[str, int] = {}
    for c in cands:
        totals[c.label] = totals.get(c.label, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for c in cands:
        label = c.label
        if totals[label] > 1:
            seen[label] = seen.get(label, 0) + 1
            label = f"{label} ({seen[label]} of {totals[label]})"
        if c.portal:
            label += " · via the portals (1 influence)"
        out.append(replace(c, label=truncate(label, MAX_OPTION), base=c.label))
    return out


def _option_units(prompt: Prompt, *, portal: bool | None = None) -> list[int]:
    out: list[int] = []
    for o in prompt.options:
        if portal is None or bool(o.action.get("portal")) == portal:
            out += [int(u) for u in o.action.get("units") or [] if isinstance(u, int)]
    return out


def _sort_key(u: PublicUnit, names: dict[int, str]) -> tuple[str, str, bool, int]:
    return (u.area, names[u.id], u.routed, u.id)


# ---- the three kinds --------------------------------------------------------------------------
def move_candidates(state: Any, prompt: Prompt) -> list[Candidate]:
    """RW-10.7.2: every unit some ready answer moves. The widest answers are the engine's
    ``movers`` (and the portal movers, RW-34.4.3), so their union is exactly who may move."""
    units = public_units(state)
    factions = _seat_factions(state)
    plain = set(_option_units(prompt, portal=False))
    via = set(_option_units(prompt, portal=True)) - plain
    mine = [units[i] for i in plain | via if i in units and units[i].owner == prompt.seat]
    names = {u.id: unit_name(u, factions) for u in mine}
    out = []
    for u in sorted(mine, key=lambda u: _sort_key(u, names)):
        out.append(
            Candidate(
                f"u{u.id}{'p' if u.id in via else ''}",
                f"From {u.area}",
                f"{names[u.id]} in {u.area}",
                unit=u.id,
                portal=u.id in via,
                area=u.area,
            )
        )
    return _numbered(out)


def destroy_candidates(state: Any, prompt: Prompt) -> list[Candidate]:
    """RW-6.8.2 / RW-10.9.2: all of the seat's units in the areas over the limit. Every ready
    answer destroys exactly the excess in each such area, so their units name those areas."""
    units = public_units(state)
    factions = _seat_factions(state)
    first = prompt.options[0].action.get("units") or [] if prompt.options else []
    need: dict[str, int] = {}
    for i in first:
        if i in units:
            need[units[i].area] = need.get(units[i].area, 0) + 1
    areas = {units[i].area for i in _option_units(prompt) if i in units} | set(need)
    mine = [u for u in units.values() if u.owner == prompt.seat and u.area in areas]
    names = {u.id: unit_name(u, factions) for u in mine}
    out = []
    for u in sorted(mine, key=lambda u: _sort_key(u, names)):
        label = f"{names[u.id]} in {u.area}" + (", routed" if u.routed else "")
        out.append(Candidate(f"u{u.id}", f"In {u.area}: destroy {need.get(u.area, 0)}", label, unit=u.id, area=u.area))
    return _numbered(out)


def strategize_candidates(state: Any, prompt: Prompt) -> list[Candidate]:
    """RW-18.1.1 / RW-10.6: each of the seat's units and heroes, once per adjacent friendly or
    empty area it may step into (the engine's ``strategize_targets``); portal-only steps are
    marked (RW-34.4.3). A figure listed under two destinations moves at most once: picking
    both is refused by the engine (RW-10.6)."""
    from engine.runewars.heroes import core as H
    from engine.runewars.turn import movement as M

    seat = prompt.seat
    units = public_units(state)
    factions = _seat_factions(state)
    portal = M.can_use_portals(state, seat)
    out: list[tuple[tuple[Any, ...], Candidate]] = []
    for u in state.units:
        if u.owner != seat:
            continue
        pu = units[u.id]
        name = unit_name(pu, factions)
        plain = set(M.strategize_targets(state, u, seat))
        extra = set(M.strategize_targets(state, u, seat, portal=True)) - plain if portal else set()
        for to in sorted(plain | extra):
            cand = Candidate(
                f"u{u.id}>{to}",
                f"Into {to}",
                f"{name} from {u.area} to {to}",
                unit=u.id,
                to=to,
                portal=to in extra,
                area=u.area,
            )
            out.append(((to, 0, u.area, name, u.id), cand))
    content = _catalog().hero_content
    for h in H.heroes_of(state.heroes, seat):
        plain = set(M.hero_strategize_targets(state, h, seat))
        extra = set(M.hero_strategize_targets(state, h, seat, portal=True)) - plain if portal else set()
        name = f"Hero {H.hero_name(content, h.card)}"
        for to in sorted(plain | extra):
            cand = Candidate(
                f"h{h.uid}>{to}",
                f"Into {to}",
                f"{name} from {h.area} to {to}",
                hero=h.uid,
                to=to,
                portal=to in extra,
                area=h.area,
            )
            out.append(((to, 1, h.area, name, h.uid), cand))
    return _numbered([c for _, c in sorted(out, key=lambda t: t[0])])


def _seat_factions(state: Any) -> dict[int, str]:
    return {p.seat: str(p.faction or "") for p in state.seats}


BUILDERS = {MOVE: move_candidates, DESTROY: destroy_candidates, STRATEGIZE: strategize_candidates}


def pick_kind(prompt: Prompt) -> str | None:
    """The pick kind of a prompt, from its options' action type; None when it is not a unit list."""
    types = {o.action.get("type") for o in prompt.options}
    if len(types) == 1:
        kind = types.pop()
        if kind in PICK_TYPES:
            return str(kind)
    return None


def build_picker(state: Any, prompt: Prompt) -> Picker | None:
    """The picker of a unit-list prompt, or None for any other prompt (or before setup)."""
    kind = pick_kind(prompt)
    if kind is None or state is None or not hasattr(state, "units"):
        return None
    cands = BUILDERS[kind](state, prompt)
    return Picker(
        kind,
        tuple(cands[:MAX_CANDIDATES]),
        tuple(dict(o.action) for o in prompt.options),
        truncated=len(cands) > MAX_CANDIDATES,
    )
