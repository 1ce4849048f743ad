"""Random playthroughs with invariant checks: ``python -m engine.sim <ruleset> ...``.

Every seat plays ``sample_action``. After each action the simulator checks what
must hold for every game: the state round-trips through JSON, a sample of every
prompt's enumerated options applies cleanly, the public view is unchanged by a
round-trip and contains no seat's secret, plus the ruleset's own invariants. The
last line printed is one JSON object, so scripts and CI can read the verdict.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import engine
from engine.core import RuleViolation
from engine.core.prompts import GM_SEAT
from engine.core.ruleset import Ruleset


def check_invariants(rs: Ruleset[Any, Any], state: Any, rng: random.Random, option_samples: int = 2) -> list[str]:
    failures: list[str] = []
    dumped = state.model_dump_json()
    reloaded = rs.load_state(dumped)
    if reloaded.model_dump_json() != dumped:
        failures.append("state does not round-trip through JSON")
    public = json.dumps(rs.view(state, None), sort_keys=True, default=str)
    if json.dumps(rs.view(reloaded, None), sort_keys=True, default=str) != public:
        failures.append("public view differs after a JSON round-trip")
    for seat, values in rs.secrets(state).items():
        for value in values:
            if value and value in public:
                failures.append(f"public view leaks seat {seat + 1}'s secret {value!r}")
    for prompt in rs.prompts(state):
        if not prompt.options or prompt.seat == GM_SEAT:
            continue
        for option in rng.sample(prompt.options, min(option_samples, len(prompt.options))):
            try:
                rs.apply(state, prompt.seat, option.action)
            except RuleViolation as exc:
                failures.append(f"offered option {option.label!r} for seat {prompt.seat + 1} is illegal: {exc}")
    if state.model_dump_json() != dumped:
        failures.append("apply() mutated the state it was given")
    failures.extend(rs.invariants(state))
    return failures


def play_one(
    rs: Ruleset[Any, Any],
    options: dict[str, Any],
    seed: int,
    *,
    max_actions: int,
    check: bool = True,
    probe: int = 2,
) -> dict[str, Any]:
    rng = random.Random(seed)
    state = rs.setup(options, seed)
    actions = violations = gm_tasks = 0
    failures: list[str] = []
    if check:
        failures += check_invariants(rs, state, rng, probe)
    while rs.result(state) is None and actions < max_actions:
        prompts = rs.prompts(state)
        waiting = [p for p in prompts if p.waiting] or prompts
        if not waiting:
            failures.append(f"no prompt and no result at action {actions}")
            break
        prompt = rng.choice(waiting)
        if prompt.seat == GM_SEAT:
            action = dict(prompt.options[0].action) if prompt.options else {"type": "gm_resolve", "task": 0}
        else:
            try:
                action = rs.sample_action(state, prompt.seat, rng)
            except RuleViolation as exc:
                failures.append(f"sample_action failed for seat {prompt.seat + 1}: {exc}")
                break
        try:
            state, events = rs.apply(state, prompt.seat, action)
        except RuleViolation as exc:
            violations += 1
            if violations > 50:
                failures.append(f"too many violations; last: {exc}")
                break
            continue
        actions += 1
        # A task handed to the game master is a stop a program might have avoided (content honesty).
        gm_tasks += sum(1 for e in events if e.kind == "gm_task")
        if check:
            failures += [f"after action {actions}: {f}" for f in check_invariants(rs, state, rng, probe)]
    return {
        "finished": rs.result(state) is not None,
        "actions": actions,
        "violations": violations,
        "gm_tasks": gm_tasks,
        "failures": failures,
    }


def run(
    name: str,
    games: int,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    *,
    max_actions: int = 20000,
    verbose: bool = False,
    probe: int = 2,
    first: int = 0,
) -> dict[str, Any]:
    """Play games ``first .. first + games - 1`` of the series that starts at ``seed``.

    Game ``i`` uses seed ``seed + i`` and, without ``players``, cycles the seat count on
    ``i``, so a slice of a long run (``first``) replays exactly the same games."""
    rs = engine.ruleset(name)
    opts = dict(options or {})
    started = time.perf_counter()
    report: dict[str, Any] = {
        "ruleset": name,
        "games": games,
        "finished": 0,
        "actions": 0,
        "violations": 0,
        "invariant_failures": 0,
        "gm_tasks": 0,
        "games_with_gm_tasks": 0,
    }
    for i in range(first, first + games):
        game_opts = dict(opts)
        fewest, most = rs.seat_range(game_opts)
        game_opts["players"] = players if players is not None else fewest + i % (most - fewest + 1)
        outcome = play_one(rs, game_opts, seed + i, max_actions=max_actions, probe=probe)
        report["finished"] += int(outcome["finished"])
        report["actions"] += outcome["actions"]
        report["violations"] += outcome["violations"]
        report["invariant_failures"] += len(outcome["failures"])
        report["gm_tasks"] += outcome["gm_tasks"]
        report["games_with_gm_tasks"] += int(outcome["gm_tasks"] > 0)
        if verbose:
            for failure in outcome["failures"][:5]:
                print(f"game {i} (seed {seed + i}): {failure}", file=sys.stderr)
    report["seconds"] = round(time.perf_counter() - started, 3)
    return report


def _parse_option(text: str) -> tuple[str, Any]:
    key, _, raw = text.partition("=")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.sim", description=__doc__)
    parser.add_argument("ruleset")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--players", type=int, default=None, help="seats per game (default: cycle through the allowed range)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option; VALUE is JSON or a string"
    )
    parser.add_argument("--max-actions", type=int, default=20000)
    parser.add_argument(
        "--first", type=int, default=0, help="start at this game of the series (to replay a slice of a run)"
    )
    parser.add_argument(
        "--load", action="append", default=[], metavar="MODULE", help="import a module that registers extra rulesets"
    )
    parser.add_argument(
        "--probe", type=int, default=2, help="offered options tried per prompt after each action (0: skip that check)"
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    import importlib

    for module in args.load:
        importlib.import_module(module)
    options = dict(_parse_option(o) for o in args.option)
    report = run(
        args.ruleset,
        args.games,
        args.seed,
        args.players,
        options,
        max_actions=args.max_actions,
        verbose=args.verbose,
        probe=args.probe,
        first=args.first,
    )
    print(json.dumps(report))
    return 0 if report["invariant_failures"] == 0 and report["violations"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
