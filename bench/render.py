"""Board-picture timings: ``python -m bench render [--width 1800] [--runs 30]``.
(``--game cloudspire`` times the crowded Cloudspire mid-siege board instead: bench/cloudspire_render.py;
``--game heroes3`` the full Heroes III siege combat board: bench/heroes3_render.py.)

Goal: a crowded 4-player mid-game Runewars board at least 1600 px wide renders in
under 300 ms p50 on the reference machine (2 cores). Figures, one JSON line each:

- ``cold_ms``: ``render_board`` with every cache emptied before each run (the first
  picture of a game after a restart: static map, panel and banner all drawn).
- ``warm_ms``: the same view again with warm caches (only the pieces are drawn).
- ``sequence_ms``: consecutive states of one simulated game, each rendered once with a
  warm static-map cache (what the bot does as a game goes on: pieces every time, the
  panel and banner whenever dials, orders or the season changed).
- ``encode_ms``: the PNG encoding part of a warm render (a 256-colour palette, issue 12).
- ``decision_ms``: the picture posted with a map decision (issue 12) on the crowded board,
  warm caches: every area a candidate (an activation) and two (a retreat), alternately.
  Goal: p50 at most 150 ms.

Each timed figure also has ``cpu_p50``: this process's CPU milliseconds per picture (the machine
may be shared, and a picture's CPU is what twenty games pressing at once queue behind; issue 12).

Each figure has ``p50`` and ``p95``; ``png_kb`` is the size of the crowded picture (goal: at most
400 KB) and ``decision_kb`` that of the all-areas decision picture. Every
figure is measured in English and in Simplified Chinese (``locale`` on each line; ``--locales``
chooses): the goal holds for each language (issue 10: CJK labels come from a much larger font).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import time
from typing import Any

import engine

RULESET = "runewars"


def simulate(players: int, seed: int, actions: int, *, every: int = 1) -> tuple[Any, list[Any]]:
    """Play ``actions`` random legal actions; returns the ruleset and every ``every``-th state (plus the last)."""
    rs = engine.ruleset(RULESET)
    state = rs.setup({"players": players}, seed)
    rng = random.Random(seed)
    states = [state]
    n = 0
    while rs.result(state) is None and n < actions:
        prompts = rs.prompts(state)
        waiting = [p for p in prompts if p.waiting] or prompts
        if not waiting:
            break
        prompt = rng.choice(waiting)
        if prompt.seat < 0:  # the game master: take the first published option
            action = dict(prompt.options[0].action) if prompt.options else {"type": "gm_resolve", "task": 0}
        else:
            action = rs.sample_action(state, prompt.seat, rng)
        state, _ = rs.apply(state, prompt.seat, action)
        n += 1
        if n % every == 0:
            states.append(state)
    if states[-1] is not state:
        states.append(state)
    return rs, states


def crowd(view: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``view`` with its busiest corners made worse: the worst case a picture must survive.

    One area holds a full army (8 units of four types, RW-10.9.1) with an allied neutral,
    two heroes, a damaged stronghold with a development and every kind of token; its
    neighbour is a battle (attacker against defender, a routed stack, damage); a third
    area holds unallied neutrals of three types, a routed hero and a defeated-hero marker.
    """
    v = copy.deepcopy(view)
    areas = [a for a in v.get("areas", []) if a.get("home_of") is None] or v.get("areas", [])
    seats = v.get("seats", [])
    if len(areas) < 3 or len(seats) < 2 or not all(s.get("faction") for s in seats[:2]):
        return v
    from engine.runewars.content import load_content

    c = load_content()
    k0 = list(c.faction(seats[0]["faction"]).unit_types)
    k1 = list(c.faction(seats[1]["faction"]).unit_types)
    by_id = {a["id"]: a for a in v["areas"]}
    a = areas[len(areas) // 2]
    nb = [by_id[n] for n in a.get("adj", {}) if n in by_id and by_id[n].get("home_of") is None and by_id[n] is not a]
    b = nb[0] if nb else areas[len(areas) // 2 + 1]
    rest = [x for x in areas if x is not a and x is not b]
    n = rest[len(rest) // 3]
    a["units"] = [
        {"owner": 0, "type": t, "count": n, "routed": False, "neutral": False}
        for t, n in zip(k0, (3, 2, 2, 1), strict=False)
    ]
    a["units"].append({"owner": 0, "type": "HELLHOUND", "count": 1, "routed": False, "neutral": True})
    a["controller"] = 0
    a["stronghold"] = {"owner": 0, "damaged": True, "development": "training"}
    a["rune"] = "token"
    a["activation"] = [0, 1]
    b["units"] = [
        {"owner": 1, "type": k1[0], "count": 3, "routed": False, "neutral": False},
        {"owner": 1, "type": k1[2], "count": 1, "routed": True, "neutral": False},
        {"owner": 2 if len(seats) > 2 else 0, "type": k0[1], "count": 2, "routed": False, "neutral": False},
    ]
    b["controller"] = b["units"][2]["owner"]
    b["activation"] = [1]
    n["units"] = [
        {"owner": None, "type": "GIANT", "count": 1, "routed": False, "neutral": True},
        {"owner": None, "type": "RAZORWING", "count": 3, "routed": False, "neutral": True},
        {"owner": None, "type": "BEASTMAN", "count": 2, "routed": True, "neutral": True},
    ]
    n["controller"] = None
    heroes = v.setdefault("heroes", {}).setdefault("heroes", [])
    for h in heroes[:2]:
        h["area"] = a["id"]
    if heroes[2:3]:
        heroes[2]["area"], heroes[2]["damage"], heroes[2]["routed"] = n["id"], 1, True
    marker = {"id": 1, "area": n["id"], "hero_card": "H02", "rewards": 2, "face_up": []}
    v["heroes"].setdefault("markers", []).append(marker)
    v["heroes"].setdefault("exploration", []).append({"area": a["id"], "back": 1, "token": None, "type": None})
    uid, units = 1000, []
    for st in b["units"]:
        side = "attacker" if st["owner"] == 1 else "defender"
        for i in range(st["count"]):
            units.append(
                {
                    "uid": uid,
                    "kind": st["type"],
                    "owner": st["owner"],
                    "side": side,
                    "damage": 1 if (i == 0 and side == "defender") else 0,
                    "health": 2,
                    "routed": st["routed"],
                    "in_battle": True,
                    "destroyed": False,
                }
            )
            uid += 1
    v["battle"] = {
        "area": b["id"],
        "attacker": 1,
        "defender": b["controller"],
        "phase": "rows",
        "row": 1,
        "units": units,
        "stronghold": None,
        "winner": None,
        "log": [],
    }
    return v


def crowded_view(players: int = 4, seed: int = 7, actions: int = 160) -> dict[str, Any]:
    rs, states = simulate(players, seed, actions, every=actions)
    return crowd(rs.view(states[-1], None))


def save_examples(directory: str, width: int = 1800) -> int:
    """Write the pictures shown in the docs: a 3-player mid-game and a crowded 4-player board,
    and the crowded board in Simplified Chinese."""
    from pathlib import Path

    from renderers.runewars import render_board, render_decision

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    rs, states = simulate(3, 5, 200, every=200)
    crowded = crowded_view()
    pictures = {
        "runewars-board-3p.png": (rs.view(states[-1], None), "en"),
        "runewars-board-4p-crowded.png": (crowded, "en"),
        "runewars-board-zh.png": (crowded, "zh_Hans"),
    }
    for name, (view, locale) in pictures.items():
        png = render_board(view, width=width, locale=locale)
        (out / name).write_bytes(png)
        print(json.dumps({"bench": "render", "saved": str(out / name), "kb": round(len(png) / 1024)}))
    for name, (candidates, locale) in _decision_examples(crowded).items():
        png = render_decision(crowded, candidates, width=width, locale=locale)
        (out / name).write_bytes(png)
        print(json.dumps({"bench": "render", "saved": str(out / name), "kb": round(len(png) / 1024)}))
    png = _summary_example()
    (out / "runewars-summary.png").write_bytes(png)
    print(json.dumps({"bench": "render", "saved": str(out / "runewars-summary.png"), "kb": round(len(png) / 1024)}))
    return 0


def _summary_example() -> bytes:
    """The end-of-game picture of a whole simulated 3-player game (issue 12), from its public views."""
    from renderers import summary

    rs, states = simulate(3, 1, 3000, every=1)
    course = summary.course_from_views(RULESET, (rs.view(st, None) for st in states))
    view = rs.view(states[-1], None)
    result = rs.result(states[-1])
    winners, reason = (result.winners, result.reason) if result is not None else ([], "")
    final = summary.standings(RULESET, view, winners, reason)
    return summary.render_summary(RULESET, course, final, view)


def _decision_examples(view: dict[str, Any]) -> dict[str, tuple[dict[str, str], str]]:
    """Map decisions on ``view`` as the bot labels them: an activation of any area, a retreat to one of two."""
    ids = [a["id"] for a in view.get("areas", []) if a.get("home_of") is None]
    battle = (view.get("battle") or {}).get("area")
    by_id = {a["id"]: a for a in view.get("areas", [])}
    near = [n for n in (by_id.get(battle, {}).get("adj") or {}) if n in by_id][:2] or ids[:2]
    return {
        "runewars-decision-activate.png": ({a: f"Activate {a}" for a in ids}, "en"),
        "runewars-decision-retreat.png": ({a: f"Retreat to {a}" for a in near}, "en"),
        "runewars-decision-retreat-zh.png": ({a: f"撤退到 {a}" for a in near}, "zh_Hans"),
    }


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def _p50(samples: list[float]) -> float:
    return round(statistics.median(samples), 1)


def emit(figure: str, samples: list[float], **extra: Any) -> None:
    print(
        json.dumps(
            {
                "bench": "render",
                "figure": figure,
                "p50": round(statistics.median(samples), 1),
                "p95": round(_pct(samples, 0.95), 1),
                "unit": "ms",
                "runs": len(samples),
                **extra,
            }
        )
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench render")
    parser.add_argument("--width", type=int, default=1800)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--save", metavar="DIR", help="also write the example pictures (docs/images) there and stop")
    parser.add_argument("--locales", default="en,zh_Hans", help="comma-separated picture languages to measure")
    parser.add_argument(
        "--game", choices=("runewars", "cloudspire", "heroes3"), default="runewars", help="whose board to time"
    )
    args = parser.parse_args(argv or [])
    if args.game == "cloudspire":  # the crowded mid-siege Cloudspire board (bench/cloudspire_render.py)
        from bench import cloudspire_render

        return cloudspire_render.main(["--width", str(args.width), "--runs", str(args.runs), "--locales", args.locales])
    if args.game == "heroes3":  # the full Heroes III siege combat board (bench/heroes3_render.py), 1600 px wide
        from bench import heroes3_render

        width = str(args.width if args.width != 1800 else 1600)
        save = ["--save", args.save] if args.save else []  # the docs' Heroes III pictures instead of timings
        return heroes3_render.main(["--width", width, "--runs", str(args.runs), "--locales", args.locales, *save])
    if args.save:
        return save_examples(args.save, args.width)
    results = [_measure(args.width, args.runs, locale) for locale in args.locales.split(",") if locale]
    ok = all(results) and args.width >= 1600
    goal = (
        "crowded 4-player board at least 1600 px wide: warm p50 under 300 ms, at most 400 KB, and a map decision's"
        " picture p50 at most 150 ms, in every language measured"
    )
    print(json.dumps({"bench": "render", "figure": "goal", "value": ok, "goal": goal, "locales": args.locales}))
    return 0


def _measure(width: int, runs: int, locale: str) -> bool:
    """Every figure for one language; True when its warm p50 meets the goal."""
    from renderers import runewars as R
    from renderers.hexmap import png_quantized

    view = crowded_view()
    png = R.render_board(view, width=width, locale=locale)  # imports, fonts, content: paid once per process

    cold = []
    for _ in range(max(3, runs // 3)):
        R.STATIC_CACHE._items.clear()
        R.PANEL_CACHE._items.clear()
        t = time.perf_counter()
        R.render_board(view, width=width, locale=locale)
        cold.append((time.perf_counter() - t) * 1000)
    warm, encode, warm_cpu, encode_cpu = [], [], [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        px = R.render_pixels(view, width=width, locale=locale)
        t1, c1 = time.perf_counter(), time.process_time()
        png = png_quantized(px)
        t2, c2 = time.perf_counter(), time.process_time()
        warm.append((t2 - t) * 1000)
        encode.append((t2 - t1) * 1000)
        warm_cpu.append((c2 - c) * 1000)
        encode_cpu.append((c2 - c1) * 1000)
    rs, states = simulate(4, 11, 400, every=1)
    seq_states = states[len(states) // 3 :][: runs * 2]
    R.render_board(rs.view(seq_states[0], None), width=width, locale=locale)
    seq, seq_cpu = [], []
    for st in seq_states:
        v = rs.view(st, None)
        t, c = time.perf_counter(), time.process_time()
        R.render_board(v, width=width, locale=locale)
        seq.append((time.perf_counter() - t) * 1000)
        seq_cpu.append((time.process_time() - c) * 1000)
    decisions = list(_decision_examples(view).values())[:2]
    decision, decision_cpu, decision_png = [], [], b""
    for i in range(runs):
        candidates = decisions[i % 2][0]
        t, c = time.perf_counter(), time.process_time()
        out = R.render_decision(view, candidates, width=width, locale=locale)
        decision.append((time.perf_counter() - t) * 1000)
        decision_cpu.append((time.process_time() - c) * 1000)
        decision_png = out if i % 2 == 0 else decision_png
    height = px.shape[0]
    size = {"width": width, "height": height, "locale": locale}
    emit("cold_ms", cold, **size)
    emit("warm_ms", warm, png_kb=round(len(png) / 1024), cpu_p50=_p50(warm_cpu), **size)
    emit("sequence_ms", seq, cpu_p50=_p50(seq_cpu), **size)
    emit("encode_ms", encode, cpu_p50=_p50(encode_cpu), **size)
    emit("decision_ms", decision, decision_kb=round(len(decision_png) / 1024), cpu_p50=_p50(decision_cpu), **size)
    return statistics.median(warm) < 300 and len(png) <= 400 * 1024 and statistics.median(decision) <= 150


if __name__ == "__main__":
    raise SystemExit(main())
