"""Which units a Runewars prompt lets a player pick one by one, as plain data.

Three Runewars decisions are answered with a *list* of units rather than one option:

* ``rw_move`` (RW-10.7.2): the units that move into the area just activated;
* ``rw_destroy`` (RW-6.8.2 winter food limit, RW-10.9.2 / RW-16.4 the 8-unit limit): which
  units to destroy in the areas over the limit;
* ``rw_strategize`` (RW-18.1.1 / RW-10.6): any of your units and heroes, one step each.

The engine's prompt offers a few ready-made answers and, under ``answer_schema["x-candidates"]``,
every figure the seat may pick (VIEW.md "Unit-list prompts"); this module turns that list
into menu entries so the player can build any subset (``cogs.runewars_picker`` turns them
into menus). It reads the prompt only, never the game's state, so no secret (hands, runes,
order cards) can reach a menu. Listing a candidate decides no rule: the picked set goes to
the engine, which accepts it or names the rule it breaks.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from engine.core import Prompt
from engine.core.text import Msg, Ref, message
from engine.runewars import PICK_CANDIDATES, PICK_DESTROY
from engine.runewars import names as runewars_names
from i18n import EN, Names, render

from .text import MAX_OPTION, truncate

# What the menus say (issue 10), in the presser's language; units and heroes are ``Ref``s
# named through the Runewars content (engine.runewars.names), never the engine's English.
GROUP_FROM = message("bot.rw.pick.group.from", "From {area}")
GROUP_DESTROY = message("bot.rw.pick.group.destroy", "In {area}: destroy {count}")
GROUP_INTO = message("bot.rw.pick.group.into", "Into {area}")
UNIT_IN = message("bot.rw.pick.unit_in", "{unit} in {area}")
UNIT_IN_ROUTED = message("bot.rw.pick.unit_in_routed", "{unit} in {area}, routed")
STEP = message("bot.rw.pick.step", "{unit} from {area} to {to}")
HERO = message("bot.rw.pick.hero", "Hero {hero}")
ALLIED = message("bot.rw.pick.allied", "{unit} (neutral, allied)")
NUMBERED = message("bot.rw.pick.numbered", "{label} ({i} of {total})")
VIA_PORTALS = message("bot.rw.pick.via_portals", "{label} · via the portals (1 influence)")

Say = Callable[[Msg], str]

MOVE, DESTROY, STRATEGIZE = "rw_move", "rw_destroy", "rw_strategize"
PICK_TYPES = (MOVE, DESTROY, STRATEGIZE)
MAX_CANDIDATES = 300  # 50 characters of bitmask in a custom id; a real board has far fewer
SELECT_SIZE = 25  # Discord: options per select menu


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
        """The picked candidates, identical labels counted: "Footmen in 3A ×2"; "" when none."""
        counts: dict[str, int] = {}
        for i in sorted(set(picked)):
            if 0 <= i < len(self.candidates):
                base = self.candidates[i].plain
                counts[base] = counts.get(base, 0) + 1
        return ", ".join(f"{label} ×{n}" if n > 1 else label for label, n in counts.items())


def _same(option: dict[str, Any], action: dict[str, Any]) -> bool:
    """Same answer regardless of order: ``units`` and ``moves`` are sets to the engine."""
    if option.get("type") != action.get("type") or bool(option.get("portal")) != bool(action.get("portal")):
        return False
    if action["type"] == STRATEGIZE:

        def key(m: dict[str, Any]) -> tuple[Any, Any, Any]:
            return (m.get("unit"), m.get("hero"), m.get("to"))

        return sorted(map(key, option.get("moves") or []), key=str) == sorted(map(key, action["moves"]), key=str)
    return sorted(option.get("units") or []) == sorted(action["units"])


# ---- the prompt's candidates -----------------------------------------------------------------
def prompt_candidates(prompt: Prompt) -> list[dict[str, Any]]:
    """The figures the engine lets this seat pick, as the prompt carries them (VIEW.md
    "Unit-list prompts": ``answer_schema["x-candidates"]``)."""
    raw = (prompt.answer_schema or {}).get(PICK_CANDIDATES) or []
    return [c for c in raw if isinstance(c, dict)]


def _numbered(cands: list[Candidate], say: Say) -> list[Candidate]:
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
            label = say(NUMBERED(label=label, i=seen[label], total=totals[label]))
        if c.portal:
            label = say(VIA_PORTALS(label=label))
        out.append(replace(c, label=truncate(label, MAX_OPTION), base=c.label))
    return out


def _sort_key(c: dict[str, Any]) -> tuple[str, str, bool, int]:
    return (str(c.get("from")), str(c.get("name")), bool(c.get("routed")), int(c.get("unit") or 0))


def _units(prompt: Prompt) -> list[dict[str, Any]]:
    return sorted((c for c in prompt_candidates(prompt) if isinstance(c.get("unit"), int)), key=_sort_key)


def unit_ref(c: dict[str, Any]) -> Msg | Ref:
    """A unit candidate's name: its unit type through the content's names; an allied neutral
    (RW-11.4) says so; the prompt's candidate carries that fact (``allied_neutral``)."""
    ref = Ref(kind="unit", id=str(c.get("type") or "?"))
    return ALLIED(unit=ref) if c.get("allied_neutral") else ref


# ---- the three kinds --------------------------------------------------------------------------
def move_candidates(prompt: Prompt, say: Say | None = None) -> list[Candidate]:
    """RW-10.7.2: every unit the prompt lists as a mover; ``portal`` ones need the paid portals
    (RW-34.4.3). Grouped by the area they come from."""
    say = say or speaker()
    out = []
    for c in _units(prompt):
        uid, area, portal = int(c["unit"]), str(c.get("from")), bool(c.get("portal"))
        out.append(
            Candidate(
                f"u{uid}{'p' if portal else ''}",
                say(GROUP_FROM(area=area)),
                say(UNIT_IN(unit=unit_ref(c), area=area)),
                unit=uid,
                portal=portal,
                area=area,
            )
        )
    return _numbered(out, say)


def destroy_candidates(prompt: Prompt, say: Say | None = None) -> list[Candidate]:
    """RW-6.8.2 / RW-10.9.2: every own unit in the areas over the limit, grouped by area with
    how many must go there (the prompt's ``x-destroy``)."""
    say = say or speaker()
    need = (prompt.answer_schema or {}).get(PICK_DESTROY) or {}
    out = []
    for c in _units(prompt):
        uid, area = int(c["unit"]), str(c.get("from"))
        label = say((UNIT_IN_ROUTED if c.get("routed") else UNIT_IN)(unit=unit_ref(c), area=area))
        group = say(GROUP_DESTROY(area=area, count=int(need.get(area, 0))))
        out.append(Candidate(f"u{uid}", group, label, unit=uid, area=area))
    return _numbered(out, say)


def strategize_candidates(prompt: Prompt, say: Say | None = None) -> list[Candidate]:
    """RW-18.1.1 / RW-10.6: each of the seat's units and heroes, once per adjacent friendly or
    empty area it may step into, as the prompt lists them; portal-only steps are marked
    (RW-34.4.3). A figure listed under two destinations moves at most once: picking both is
    refused by the engine (RW-10.6)."""
    say = say or speaker()
    out: list[tuple[tuple[Any, ...], Candidate]] = []
    for c in prompt_candidates(prompt):
        to, area, portal = str(c.get("to")), str(c.get("from")), bool(c.get("portal"))
        if isinstance(c.get("unit"), int):
            uid, name = int(c["unit"]), str(c.get("name"))
            label = say(STEP(unit=unit_ref(c), area=area, to=to))
            cand = Candidate(f"u{uid}>{to}", say(GROUP_INTO(area=to)), label, unit=uid, to=to, portal=portal, area=area)
            out.append(((to, 0, area, name, uid), cand))
        elif isinstance(c.get("hero"), str):
            uid_h, name = str(c["hero"]), str(c.get("name"))
            hero = HERO(hero=Ref(kind="hero", id=str(c.get("card") or uid_h)))
            cand = Candidate(
                f"h{uid_h}>{to}",
                say(GROUP_INTO(area=to)),
                say(STEP(unit=hero, area=area, to=to)),
                hero=uid_h,
                to=to,
                portal=portal,
                area=area,
            )
            out.append(((to, 1, area, name, uid_h), cand))
    return _numbered([c for _, c in sorted(out, key=lambda t: t[0])], say)


BUILDERS = {MOVE: move_candidates, DESTROY: destroy_candidates, STRATEGIZE: strategize_candidates}


def pick_kind(prompt: Prompt) -> str | None:
    """The pick kind of a prompt, from its options' action type; None when it is not a unit list."""
    types = {o.action.get("type") for o in prompt.options}
    if len(types) == 1:
        kind = types.pop()
        if kind in PICK_TYPES:
            return str(kind)
    return None


def speaker(locale: str = EN, names: Names | None = None) -> Say:
    """Renders the menus' words in ``locale``, naming units and heroes through the content."""
    resolver = names if names is not None else runewars_names()

    def say(msg: Msg) -> str:
        return render(msg, locale, resolver)

    return say


def build_picker(prompt: Prompt, locale: str = EN, names: Names | None = None) -> Picker | None:
    """The picker of a unit-list prompt in ``locale``, or None for any other prompt.

    Built from the prompt alone: the engine put every pickable figure in it, so nothing here
    reads the game's state or another seat's secrets. The labels depend on the language; the
    candidates' keys (and so the fingerprint in the custom ids) do not."""
    kind = pick_kind(prompt)
    if kind is None:
        return None
    cands = BUILDERS[kind](prompt, speaker(locale, names))
    return Picker(
        kind,
        tuple(cands[:MAX_CANDIDATES]),
        tuple(dict(o.action) for o in prompt.options),
        truncated=len(cands) > MAX_CANDIDATES,
    )
