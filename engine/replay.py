"""Check an exported game: ``python -m engine.replay FILE``.

The table commits to a seed at the start (its SHA-256 is announced) and reveals the seed at
the end. With ``/game export``'s document anyone can check the rest: that the seed matches the
hash, that the game was played with the same content, and that setting the game up from the
seed and applying every logged action in effect gives the announced result. Any difference is
refused with a sentence saying which check failed, never a traceback.

This module reads only the JSON document and the engine: it never touches the store or Discord,
so a player can run it on their own machine. Which logged actions are in effect (undos and
roll-backs are log entries of their own) is decided here; the store uses the same function.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.core import GameState, Ruleset, RuleViolation
from engine.core.export import EXPORT_FORMAT, seed_hash, shipped_content_hash
from engine.core.text import Msg, Ref, message

BAD_FILE = message("replay.refused.bad_file", "{file} is not a game export: {reason}")
BAD_FORMAT = message("replay.refused.format", "The file is in format {found}; this replay reads {expected}.")
UNKNOWN_GAME = message("replay.refused.ruleset", "The game {ruleset} is not part of this engine.")
NO_SEED = message(
    "replay.refused.no_seed",
    "The seed is not revealed yet (the game is {status}); export the game again after its end.",
)
SEED_MISMATCH = message(
    "replay.refused.seed",
    "The seed does not match the announced hash: SHA-256 of the seed is {actual}, the game announced {announced}.",
)
CONTENT_MISMATCH = message(
    "replay.refused.content",
    "The game was played with content {recorded}, but this replay would play with content {shipped} "
    "(the game's content pack, else the content this engine ships); replay it with the same content.",
)
BAD_LOG = message("replay.refused.log", "The log is not consistent: {reason}")
ACTION_REFUSED = message(
    "replay.refused.action", "Action #{seq} (seat {seat}) is refused by the rules when replayed: {reason}"
)
RESULT_MISMATCH = message(
    "replay.refused.result", "The replay ends with {replayed}, but the export records {recorded}."
)
NOT_OVER = message("replay.not_over", "The replay is consistent; the game has no result yet.")
VERIFIED = message(
    "replay.verified",
    "✅ Verified: the seed matches its hash {hash}, the content matches ({content}), and {count} actions replay.",
)
WINNERS = message("replay.winners", "Winners: {winners} ({reason})")
NO_WINNER = message("replay.no_winner", "nobody")
SCORES = message("replay.scores", "Scores: {scores}")
SEAT = message("replay.seat", "seat {seat}")


class ReplayRefused(ValueError):
    """Why an export does not check out; ``msg`` is the sentence to show."""

    def __init__(self, msg: Msg, names: Any = None) -> None:
        super().__init__(msg.english())
        self.msg = msg
        # The game's names, so a refused action's units and areas read as names, not ids.
        self.names = names


@dataclass(frozen=True)
class Step:
    seq: int
    kind: str
    seat: int
    action: dict[str, Any]


def effective_steps(entries: Iterable[Step]) -> list[Step]:
    """The actions still in effect after the whole log, in the order they apply.

    Each action is applied on the head (the newest action in effect); an undo pops
    its target, which must be the head; a roll-back restores the head as it was right
    after ``to_seq``. Raises ValueError on a log that breaks those rules.
    """
    parent: dict[int, int] = {}
    steps: dict[int, Step] = {}
    head_after: dict[int, int] = {0: 0}
    head = 0
    for step in entries:
        if step.kind in ("action", "gm"):
            parent[step.seq] = head
            steps[step.seq] = step
            head = step.seq
        elif step.kind == "undo":
            target = int(step.action["seq"])
            if target != head:
                raise ValueError(f"log entry {step.seq} undoes {target}, which is not the newest action in effect")
            head = parent[target]
        elif step.kind == "rollback":
            to_seq = int(step.action["to_seq"])
            if to_seq not in head_after:
                raise ValueError(f"log entry {step.seq} rolls back to unknown seq {to_seq}")
            head = head_after[to_seq]
        else:
            raise ValueError(f"log entry {step.seq} has unknown kind {step.kind!r}")
        head_after[step.seq] = head
    chain: list[Step] = []
    node = head
    while node:
        chain.append(steps[node])
        node = parent[node]
    chain.reverse()
    return chain


def replay(
    ruleset: Ruleset[Any, Any],
    options: dict[str, Any],
    seed: str,
    entries: Iterable[Step],
) -> GameState:
    """Set the game up from its seed and apply every action in effect."""
    state = ruleset.setup(options, seed)
    for step in effective_steps(entries):
        state, _events = ruleset.apply(state, step.seat, step.action)
    return state


def content_of(rs: Ruleset[Any, Any], options: dict[str, Any]) -> str:
    """The hash of the content this replay will play with: a content pack travels in the game's
    options (``content_pack``, its text, as ``engine.core.content_packs`` records it), so its hash is
    the pack text's; otherwise it is this engine's shipped content."""
    pack = options.get("content_pack")
    if isinstance(pack, str):
        return hashlib.sha256(pack.encode("utf-8")).hexdigest()
    return shipped_content_hash(rs)


@dataclass(frozen=True)
class Verified:
    state: GameState
    result: dict[str, Any] | None
    actions: int


def _steps(doc: dict[str, Any]) -> list[Step]:
    rows = doc.get("log")
    if not isinstance(rows, list):
        raise ReplayRefused(BAD_LOG(reason="no list of log entries"))
    out: list[Step] = []
    for row in rows:
        try:
            out.append(Step(int(row["seq"]), str(row["kind"]), int(row["seat"]), dict(row["action"])))
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayRefused(BAD_LOG(reason=f"entry {row!r:.80} cannot be read ({exc})")) from exc
    return out


def verify(doc: dict[str, Any]) -> Verified:
    """Every check of an export, in the order a reader would want them; raises ``ReplayRefused``."""
    if doc.get("format") != EXPORT_FORMAT:
        raise ReplayRefused(BAD_FORMAT(found=str(doc.get("format")), expected=EXPORT_FORMAT))
    name = str(doc.get("ruleset"))
    try:
        rs = engine.ruleset(name)
    except KeyError as exc:
        raise ReplayRefused(UNKNOWN_GAME(ruleset=name)) from exc
    seed = doc.get("seed")
    if not isinstance(seed, str):
        raise ReplayRefused(NO_SEED(status=str(doc.get("status"))))
    announced = str(doc.get("seed_hash"))
    if seed_hash(seed) != announced:
        raise ReplayRefused(SEED_MISMATCH(actual=seed_hash(seed), announced=announced))
    options = doc.get("options")
    if not isinstance(options, dict):
        raise ReplayRefused(BAD_LOG(reason="no options"))
    expected = content_of(rs, options)
    if doc.get("content") != expected:
        raise ReplayRefused(CONTENT_MISMATCH(recorded=str(doc.get("content")), shipped=expected))
    steps = _steps(doc)
    try:
        chain = effective_steps(steps)
    except (KeyError, ValueError) as exc:
        raise ReplayRefused(BAD_LOG(reason=str(exc))) from exc
    try:
        state = rs.setup(options, seed)
    except RuleViolation as exc:
        raise ReplayRefused(BAD_LOG(reason=exc.msg if exc.msg is not None else exc.message), _names(rs)) from exc
    for step in chain:
        try:
            state, _events = rs.apply(state, step.seat, step.action)
        except RuleViolation as exc:
            why = exc.msg if exc.msg is not None else exc.message
            raise ReplayRefused(ACTION_REFUSED(seq=step.seq, seat=step.seat + 1, reason=why), _names(rs)) from exc
    final = rs.result(state)
    replayed = final.model_dump(mode="json") if final is not None else None
    recorded = doc.get("result")
    if recorded is not None and _comparable(recorded) != _comparable(replayed):
        raise ReplayRefused(RESULT_MISMATCH(replayed=json.dumps(replayed), recorded=json.dumps(recorded)))
    return Verified(state, replayed, len(chain))


def _names(rs: Ruleset[Any, Any]) -> Any:
    """The game's per-language names (``Ruleset.names()``), if it offers them."""
    provider = getattr(rs, "names", None)
    return provider() if callable(provider) else None


def _comparable(result: dict[str, Any] | None) -> Any:
    """JSON turns score keys into strings; compare results after the same round-trip."""
    return json.loads(json.dumps(result, sort_keys=True))


def report(doc: dict[str, Any], done: Verified, locale: str = "en") -> str:
    """What the command prints after a successful check: the checks, then the result."""
    from i18n import render  # the engine's games never render words; this command-line tool does

    names = _names(engine.ruleset(str(doc["ruleset"])))
    factions = (doc.get("options") or {}).get("factions") or []
    lines = [render(VERIFIED(hash=str(doc["seed_hash"]), content=str(doc["content"])[:12], count=done.actions), locale)]

    def who(seat: int) -> str:
        label = render(SEAT(seat=seat + 1), locale)
        faction = factions[seat] if 0 <= seat < len(factions) else None
        if faction:
            ref = Ref(kind="faction", id=str(faction))
            shown = (names.name(ref, locale) or names.name(ref, "en")) if names is not None else None
            label += f" ({shown or faction})"
        return label

    if done.result is None:
        lines.append(render(NOT_OVER(), locale))
        return "\n".join(lines)
    winners = ", ".join(who(int(w)) for w in done.result["winners"]) or render(NO_WINNER(), locale)
    lines.append(render(WINNERS(winners=winners, reason=str(done.result["reason"])), locale))
    if done.result.get("scores"):
        scores = ", ".join(
            f"{who(int(s))} {v:g}" for s, v in sorted(done.result["scores"].items(), key=lambda x: int(x[0]))
        )
        lines.append(render(SCORES(scores=scores), locale))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Exit 0 when the export checks out, 1 (with the reason on stderr) when it does not."""
    from i18n import render

    parser = argparse.ArgumentParser(prog="python -m engine.replay", description="Check an exported game.")
    parser.add_argument("file", type=Path, help="the JSON file /game export gave you")
    parser.add_argument("--lang", default="en", help="en, zh_Hans or zh_Hant")
    args = parser.parse_args(argv)
    try:
        doc = json.loads(args.file.read_text(encoding="utf-8"))
        if not isinstance(doc, dict):
            raise ValueError("the top level is not an object")
    except (OSError, ValueError) as exc:
        print(render(BAD_FILE(file=str(args.file), reason=str(exc)), args.lang), file=sys.stderr)
        return 1
    try:
        done = verify(doc)
    except ReplayRefused as exc:
        print("❌ " + render(exc.msg, args.lang, exc.names), file=sys.stderr)
        return 1
    print(report(doc, done, args.lang))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
