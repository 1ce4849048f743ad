"""Random but purposeful play for the simulator: every prompt, structured ones included.

Pure uniform choice over options would rarely finish a game (players would idle), so
the sampler leans towards progress (build what it can, place monument cards, trade a
little, go to war now and then) while still reaching every kind of decision.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Prompt

from . import cards as C
from .asks import prompts as all_prompts
from .state import AohState
from .table import surviving
from .war import can_war, war_targets


def sample(state: AohState, seat: int, rng: random.Random) -> dict[str, Any]:
    mine = [p for p in all_prompts(state) if p.seat == seat]
    waiting = [p for p in mine if p.waiting] or mine
    if not waiting:
        raise LookupError(f"no prompt for seat {seat}")
    prompt = waiting[0]
    kind = state.steps[0].kind if state.steps else ""
    if kind == "trade":
        return _trade(state, seat, prompt, rng)
    if kind == "action":
        weights = {"tax": 4, "build": 5, "war": 2, "none": 1}
        opts = [o for o in prompt.options if o.action["choice"] != "war" or can_war(state, seat)]
        return dict(rng.choices(opts, [weights[o.action["choice"]] for o in opts])[0].action)
    if kind == "build":
        builds = [o for o in prompt.options if o.action["type"] == "build" and not o.action.get("confirm")]
        if builds and rng.random() < 0.9:
            cities = [o for o in builds if o.action["item"] == "city"]
            return dict(rng.choice(cities or builds).action)
        return {"type": "finish_build"}
    if kind == "war_declare":
        return _declare(state, seat, prompt, rng)
    if kind == "assign":
        b = state.battle
        assert b is not None
        side = "att" if b.attacker == seat else "dfn"
        cards = list(b.att_drawn if side == "att" else b.def_drawn)
        rng.shuffle(cards)
        return {"type": "assign", "cards": {u.id: c for u, c in zip(b.units(side), cards, strict=False)}}
    if kind == "monument":
        return dict(prompt.options[0].action)
    if kind == "road_consent":
        return {"type": "road_answer", "consent": rng.random() < 0.7}
    return dict(rng.choice(prompt.options).action)


def _declare(state: AohState, seat: int, prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    p = state.p(seat)
    armies = [a.id for a in p.available()]
    targets = war_targets(state, seat)
    if not targets or rng.random() < 0.1:
        return {"type": "cancel_war"}
    chosen = [a for a in armies if rng.random() < 0.8] or armies[:1]
    heroes: list[dict[str, Any]] = []
    if [c for c in p.hand if C.kind(c) == "mighty_hero"] and rng.random() < 0.7:
        free = [a for a in chosen if not p.army(a).general]  # type: ignore[union-attr]
        heroes = (
            [{"use": "general", "army": free[0]}] if free and rng.random() < 0.5 else [{"use": "army", "army": None}]
        )
    if not chosen and not heroes:
        return {"type": "cancel_war"}
    purpose = rng.choice(["conquest", "conquest", "plunder", "raze"])
    return {
        "type": "declare_war",
        "target": rng.choice(targets),
        "purpose": purpose,
        "armies": chosen,
        "heroes": heroes,
    }


def _trade(state: AohState, seat: int, prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    answers = [o for o in prompt.options if o.action["type"] in ("trade_accept", "trade_decline")]
    if answers:
        return dict(rng.choice(answers).action)
    hand = state.p(seat).hand
    others = [s for s in surviving(state) if s != seat]
    if hand and others and rng.random() < 0.3:
        give = [C.kind(c) for c in rng.sample(hand, min(len(hand), rng.randint(1, 2)))]
        gifts = state.options.trade_allow_gifts
        want = (
            [rng.choice(list(C.REGULAR) + sorted(state.content.specials()))] if rng.random() < 0.8 or not gifts else []
        )
        return {"type": "trade_offer", "to": rng.choice(others), "give": give, "get": want}
    withdraws = [o for o in prompt.options if o.action["type"] == "trade_withdraw"]
    if withdraws and rng.random() < 0.3:
        return dict(rng.choice(withdraws).action)
    return {"type": "trade_done", "done": True}
