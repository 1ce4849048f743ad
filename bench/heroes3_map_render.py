"""Heroes III Clash adventure-map timings: ``python -m bench heroes3_map_render [--runs 20] [--width 1800]``.

``--save DIR`` writes the docs' adventure-map pictures instead (``heroes3-map.png``: the public
view below; ``heroes3-map-private-zh.png``: a seat's own picture in Simplified Chinese, see
``private_view``), byte for byte the same on every run; ``python -m bench heroes3_render --save DIR``
writes these and the combat pictures.

Goal (issue 17): the adventure map of a 3-player mid-game, at least 1600 px wide and at most
400 KB, renders in under 300 ms p50 on the reference machine (2 cores), in English and in
Simplified Chinese. One JSON line per language (``warm_ms`` wall clock with ``png_kb``,
``warm_cpu_ms`` the process's CPU time for the same renders, which a loaded shared machine does
not distort; ``decision_ms`` the map decision of a move on the same map), then a ``goal`` line
judged on the wall clock.

The view is the public view of a seeded random 3-player Clash after ``actions`` actions, taken at
the state with the most face-up tiles outside a combat (a combat is drawn by the combat board).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

import engine


def mid_game_view(seed: int = 3, players: int = 3, actions: int = 400) -> tuple[dict[str, Any], dict[str, str]]:
    """The public view of the most explored non-combat state of a seeded random game, and the
    candidates of a main-menu move in it (field -> a button-like label)."""
    rs = engine.ruleset("heroes3")
    rng = random.Random(seed)
    state = rs.setup({"players": players}, f"bench-{seed}")
    best: Any = state
    best_n = -1
    for _ in range(actions):
        if rs.result(state) is not None:
            break
        prompts = rs.prompts(state)
        prompt = rng.choice([p for p in prompts if p.waiting] or prompts)
        action = rs.sample_action(state, prompt.seat, rng) if prompt.seat >= 0 else dict(prompt.options[0].action)
        state, _ = rs.apply(state, prompt.seat, action)
        if state.combat is None:
            n = sum(t.face_up for t in state.tiles)
            if n >= best_n:
                best, best_n = state, n
    view = dict(rs.view(best, None))
    candidates: dict[str, str] = {}
    for p in view["players"]:
        hero = p.get("main")
        if hero:
            q, r = hero["field"]
            for dq, dr in ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)):
                candidates[f"{q + dq},{r + dr}"] = f"Move the main hero to ({q + dq}, {r + dr})"
            break
    return view, candidates


def private_view(seed: str = "h3-docs", players: int = 2, actions: int = 37, seat: int = 1) -> dict[str, Any]:
    """Seat ``seat``'s own view (its hand included, H-1) of a seeded random game after ``actions``
    actions: the docs' private picture, early enough that the seat still holds a full hand."""
    rs = engine.ruleset("heroes3")
    rng = random.Random(seed)
    state = rs.setup({"players": players}, seed)
    for _ in range(actions):
        if rs.result(state) is not None:
            break
        prompts = rs.prompts(state)
        prompt = rng.choice([p for p in prompts if p.waiting] or prompts)
        action = rs.sample_action(state, prompt.seat, rng) if prompt.seat >= 0 else dict(prompt.options[0].action)
        state, _ = rs.apply(state, prompt.seat, action)
    return dict(rs.view(state, seat))


def save_examples(directory: str | Path, width: int = 1800) -> list[Path]:
    """Write the docs' adventure-map pictures into ``directory``; the paths written.

    Why a command: the pictures are redrawn whenever the map picture changes, and drawn by hand they
    drifted from any recipe; the inputs are seeded and the renderer deterministic, so a rerun without
    a renderer change rewrites the same bytes."""
    from renderers import heroes3_map as R

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    pictures = {
        "heroes3-map.png": R.render_board(mid_game_view()[0], width=width),
        "heroes3-map-private-zh.png": R.render_board(private_view(), width=width, locale="zh_Hans"),
    }
    written = []
    for name, png in pictures.items():
        (out / name).write_bytes(png)
        written.append(out / name)
        print(json.dumps({"bench": "heroes3_map_render", "saved": str(out / name), "kb": round(len(png) / 1024)}))
    return written


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def measure(width: int, runs: int, locale: str, view: dict[str, Any], candidates: dict[str, str]) -> bool:
    from renderers import heroes3_map as R

    png = R.render_board(view, width=width, locale=locale)  # imports, fonts, the tile layer: paid once
    warm, cpu, decision = [], [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        png = R.render_board(view, width=width, locale=locale)
        warm.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        t0 = time.perf_counter()
        R.render_decision(view, candidates, width=width, locale=locale)
        decision.append((time.perf_counter() - t0) * 1000)
    p50 = statistics.median(warm)
    out = {
        "bench": "heroes3_map_render",
        "locale": locale,
        "width": width,
        "warm_ms": round(p50, 1),
        "warm_p90_ms": round(_pct(warm, 0.9), 1),
        "warm_cpu_ms": round(statistics.median(cpu), 1),
        "decision_ms": round(statistics.median(decision), 1),
        "png_kb": round(len(png) / 1024, 1),
    }
    print(json.dumps(out))
    return p50 < 300 and len(png) <= 400_000 and width >= 1600


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench heroes3_map_render")
    parser.add_argument("--width", type=int, default=1800)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--locales", default="en,zh_Hans")
    parser.add_argument("--save", metavar="DIR", help="write the docs' map pictures (docs/images) there and stop")
    args = parser.parse_args(argv or [])
    if args.save:
        save_examples(args.save, args.width)
        return 0
    view, candidates = mid_game_view()
    ok = all(measure(args.width, args.runs, loc, view, candidates) for loc in args.locales.split(",") if loc)
    goal = "3-player Clash adventure map, at least 1600 px wide: warm p50 under 300 ms and at most 400 KB"
    print(json.dumps({"bench": "heroes3_map_render", "figure": "goal", "value": ok, "goal": goal}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
