"""The simulator's player: a random legal action, with some purpose where options alone mislead."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .common import faction, market_chip
from .state import CsState

if TYPE_CHECKING:
    from .ruleset import Cloudspire


def random_stack(state: CsState, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """A random legal deploy stack: some minions (sometimes in a squad), maybe a hero on top or bottom."""
    from .waves.phases import check_stack, stack_that_fits, wave_cp

    p = state.pl[seat]
    f = faction(p.faction)
    budget = wave_cp(state, seat)
    minions: list[str] = []
    pool = [u for u in f.units if u.kind == "minion" for _ in range(p.barracks.get(u.id, 0))]
    rng.shuffle(pool)
    for u in pool:
        if u.cp <= budget and rng.random() < 0.7:
            minions.append(u.id)
            budget -= u.cp
    minions += [c for c in p.beside if not c.startswith("tile:") and market_chip(c).type == "merc_minion"]
    entries: list[dict[str, Any]] = [{"units": [m], "equipment": []} for m in minions]
    if len(entries) >= 2 and rng.random() < 0.3:
        pair = [entries.pop()["units"][0], entries.pop()["units"][0]]
        from .common import unit_def

        pair.sort(key=lambda t: unit_def(state, seat, t, t in p.beside).basic.move)
        entries.append({"units": pair, "equipment": []})
    heroes = [u.id for u in f.units if u.kind == "hero" and p.barracks.get(u.id, 0) > 0 and u.cp <= budget]
    heroes += [c for c in p.beside if not c.startswith("tile:") and market_chip(c).type == "merc_hero"]
    rng.shuffle(heroes)
    for h in heroes[:1]:
        eq = [c for c in p.beside if not c.startswith("tile:") and market_chip(c).type == "equipment"][:1]
        entry = {"units": [h], "equipment": eq}
        trial = [entry, *entries] if rng.random() < 0.5 else [*entries, entry]
        if check_stack(state, seat, _parse(trial)) is None:
            entries = trial
    if check_stack(state, seat, _parse(entries)) is not None:
        return []
    return entries[: len(stack_that_fits(state, seat, _parse(entries)))]  # CS-3.1 under strict supply


def _parse(entries: list[dict[str, Any]]) -> list[Any]:
    from .actions import StackEntry

    return [StackEntry.model_validate(e) for e in entries]


def sample(rs: Cloudspire, state: CsState, seat: int, rng: random.Random) -> dict[str, Any]:
    prompts = [p for p in rs.prompts(state) if p.seat == seat]
    waiting = [p for p in prompts if p.waiting] or prompts
    prompt = waiting[0]
    front = state.steps[0] if state.steps else None
    if front is not None and front.kind == "deploy" and rng.random() < 0.6:
        return {"type": "deploy", "stack": random_stack(state, seat, rng)}
    opts = [o.action for o in prompt.options]
    attacks = [a for a in opts if a["type"] in ("attack", "fire")]
    if attacks and rng.random() < 0.9:
        gates = [a for a in attacks if a.get("kind") == "gate"]
        return dict(rng.choice(gates or attacks))
    if any(a["type"] == "move" for a in opts) and rng.random() < 0.8:
        return dict(rng.choice([a for a in opts if a["type"] == "move"]))
    passive = [a for a in opts if a["type"] in ("pass", "done", "stop")]
    active = [a for a in opts if a not in passive]
    if active and (not passive or rng.random() < 0.5):
        return dict(rng.choice(active))
    return dict(rng.choice(opts))
