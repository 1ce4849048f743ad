"""The contract every game implements, and the shared machinery around it.

A ``Ruleset`` is stateless: all game data lives in a pydantic ``GameState``. The
base class owns what is the same in every game (copy-on-apply, the turn check,
action parsing, GM tasks and patches) so that each game only writes its rules in
``_setup``, ``_prompts`` and ``_apply``. ``apply`` never mutates its input: it works
on a deep copy, so a ``RuleViolation`` raised half-way leaves nothing changed.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

import jsonpatch
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from . import errors as refusal
from .errors import (
    CORE_BAD_ACTION,
    CORE_BAD_PATCH,
    CORE_GAME_OVER,
    CORE_GM_ONLY,
    CORE_NOT_YOUR_TURN,
    RuleViolation,
)
from .events import Event
from .gm import GmState, GmTask
from .prompts import GM_SEAT, Option, Prompt
from .rng import Rng
from .text import Ref
from .validation_text import explain_msg


class GameState(BaseModel):
    """Fields every game state has; games subclass it and add their own."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    ruleset: str
    players: int
    rng: Rng
    step: int = 0
    gm: GmState = Field(default_factory=GmState)


class Result(BaseModel):
    model_config = ConfigDict(extra="forbid")

    winners: list[int]
    reason: str
    scores: dict[int, float] = Field(default_factory=dict)


class GameOptions(BaseModel):
    """Options every game accepts. ``factions`` is filled by the table layer from joins."""

    model_config = ConfigDict(extra="forbid")

    players: int = 2
    factions: list[str | None] | None = None


S = TypeVar("S", bound=GameState)
OptT = TypeVar("OptT", bound=GameOptions)

GM_ACTIONS = {"gm_resolve", "gm_patch"}


@runtime_checkable
class RulesetProtocol(Protocol):
    name: str

    def setup(self, options: dict[str, Any], seed: int | str) -> GameState: ...
    def prompts(self, state: GameState) -> list[Prompt]: ...
    def apply(
        self,
        state: GameState,
        seat: int,
        action: dict[str, Any],
        *,
        prompts: list[Prompt] | None = None,
        scratch: GameState | None = None,
    ) -> tuple[GameState, list[Event]]: ...
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]: ...
    def result(self, state: GameState) -> Result | None: ...
    def sample_action(self, state: GameState, seat: int, rng: random.Random) -> dict[str, Any]: ...


class Ruleset(ABC, Generic[S, OptT]):
    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    factions: ClassVar[tuple[str, ...]] = ()
    state_model: ClassVar[type[GameState]]
    options_model: ClassVar[type[GameOptions]] = GameOptions
    # A discriminated union of the game's action models, keyed on ``type``.
    action_adapter: ClassVar[TypeAdapter[Any]]
    # Typed edits the GM may apply as GM_SEAT (beyond gm_patch / gm_resolve).
    gm_action_types: ClassVar[frozenset[str]] = frozenset()

    # ---- setup ---------------------------------------------------------------
    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """The fewest and most seats a table with these (raw) options may have: a mode can change the
        game's range (Heroes III's Cooperative mode is played from one seat). The lobby, the start and
        the options check all ask here, so they never disagree."""
        return self.min_players, self.max_players

    def faction_choices(self, options: dict[str, Any]) -> tuple[str, ...]:
        """The factions a seat may join a table with these (raw) options as: a game whose scenario or
        expansions limit the factions says so here, so the join and its autocomplete offer only those."""
        return self.factions

    def check_faction(self, options: dict[str, Any], faction: str) -> None:
        """Raise a RuleViolation, in the game's own words, when a table with these (raw) options does not
        offer ``faction``, one of the game's factions (the table layer has checked that much)."""
        if faction not in self.faction_choices(options):
            offered = [Ref(kind="faction", id=f) for f in self.faction_choices(options)]
            said = refusal.FACTION_NOT_OFFERED(faction=Ref(kind="faction", id=faction), choices=offered)
            raise RuleViolation(CORE_BAD_ACTION, said)

    def parse_options(self, options: dict[str, Any]) -> OptT:
        try:
            parsed = self.options_model.model_validate(options)
        except ValidationError as exc:
            reason = explain_msg(exc, what="option", tagged=False)
            raise RuleViolation(CORE_BAD_ACTION, refusal.OPTIONS_INVALID(reason=reason)) from exc
        fewest, most = self.seat_range(options)
        if not fewest <= parsed.players <= most:
            # The title is a name: the message carries the game's id, the English spells the title.
            raise RuleViolation(
                CORE_BAD_ACTION,
                f"{self.title} is played by {fewest} to {most} players, not {parsed.players}.",
                msg=refusal.PLAYER_COUNT(
                    game=Ref(kind="game", id=self.name), min=fewest, max=most, players=parsed.players
                ),
            )
        return parsed  # type: ignore[return-value]  # a ClassVar cannot name OptT; options_model is OptT's class

    def setup(self, options: dict[str, Any], seed: int | str) -> S:
        return self._setup(self.parse_options(options), Rng.from_seed(seed))

    @abstractmethod
    def _setup(self, options: OptT, rng: Rng) -> S: ...

    def opening_events(self, state: S) -> list[Event]:
        """What setup revealed (public draws, each seat's opening hand), for the table to deliver.

        ``setup`` returns only the state so that replays stay a pure function of the
        seed; the table asks for these once, right after the game starts.
        """
        return []

    # ---- the loop ------------------------------------------------------------
    def prompts(self, state: S) -> list[Prompt]:
        """Who the game waits on. Open GM tasks block everything else (see gm.py)."""
        if self.result(state) is not None:
            return []
        if state.gm.tasks:
            task = state.gm.tasks[0]
            return [
                Prompt(
                    seat=GM_SEAT,
                    key=f"gm-{task.id}",
                    rule=task.rule,
                    question=f"Game master: resolve task {task.id}: {task.text}",
                    options=[Option(label="Resolved", action={"type": "gm_resolve", "task": task.id, "note": ""})],
                )
            ]
        return self._prompts(state)

    @abstractmethod
    def _prompts(self, state: S) -> list[Prompt]: ...

    def parse_action(self, action: dict[str, Any]) -> Any:
        try:
            return self.action_adapter.validate_python(action)
        except ValidationError as exc:
            raise RuleViolation(CORE_BAD_ACTION, refusal.ACTION_NOT_UNDERSTOOD(reason=explain_msg(exc))) from exc

    def copy_state(self, state: S) -> S:
        """A private copy to mutate. A JSON round-trip through pydantic-core is several
        times faster than ``copy.deepcopy`` on nested models, and every state must
        round-trip through JSON exactly anyway (the store persists it that way)."""
        return type(state).model_validate_json(state.model_dump_json())

    def apply(
        self,
        state: S,
        seat: int,
        action: dict[str, Any],
        *,
        prompts: list[Prompt] | None = None,
        scratch: S | None = None,
    ) -> tuple[S, list[Event]]:
        """``prompts``: the caller's copy of ``prompts(state)``, if it has one (the store keeps
        the prompts it returned with the previous action), so CORE-1 is not built twice.

        ``scratch``: a private ``copy_state(state)`` the caller made ahead of time, which apply may
        mutate and return. The store makes it while the previous action's write is in flight, so
        the copy is off the path between a press and its commit. The caller must not use it again,
        whatever happens: a refused action may leave it half changed."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RuleViolation(CORE_BAD_ACTION, refusal.ACTION_SHAPE())
        if self.result(state) is not None:
            raise RuleViolation(CORE_GAME_OVER, refusal.GAME_OVER())
        kind = action["type"]
        if kind in GM_ACTIONS or kind in self.gm_action_types:
            if seat != GM_SEAT:
                raise RuleViolation(CORE_GM_ONLY, refusal.GM_ONLY())
            if kind == "gm_patch":
                return self._gm_patch(state, action)
            if kind == "gm_resolve":
                return self._gm_resolve(state, action)
            parsed = self.parse_action(action)
            new = self.copy_state(state)
            events = self._apply_gm(new, parsed)
            new.step += 1
            return new, events
        if state.gm.tasks:
            raise RuleViolation(CORE_NOT_YOUR_TURN, refusal.WAITING_FOR_GM())
        self.check_may_act(state, seat, prompts)
        parsed = self.parse_action(action)
        new = self.copy_state(state) if scratch is None else scratch
        events = self._apply(new, seat, parsed)
        new.step += 1
        return new, events

    def check_may_act(self, state: S, seat: int, prompts: list[Prompt] | None = None) -> None:
        """CORE-1: a seat may act only while a prompt is addressed to it."""
        current = self.prompts(state) if prompts is None else prompts
        if any(p.seat == seat for p in current):
            return
        waiting = sorted({p.seat for p in current if p.waiting and p.seat >= 0})
        raise RuleViolation(CORE_NOT_YOUR_TURN, refusal.NOT_YOUR_TURN(seats=refusal.seats_list(waiting)))

    @abstractmethod
    def _apply(self, state: S, seat: int, action: Any) -> list[Event]:
        """Mutate ``state`` (already a private copy) and return the events."""

    def _apply_gm(self, state: S, action: Any) -> list[Event]:
        raise RuleViolation(CORE_BAD_ACTION, refusal.NO_SUCH_GM_EDIT())

    # ---- GM ------------------------------------------------------------------
    def _gm_patch(self, state: S, action: dict[str, Any]) -> tuple[S, list[Event]]:
        ops = action.get("patch")
        reason = str(action.get("reason") or "no reason given")
        if not isinstance(ops, list):
            raise RuleViolation(CORE_BAD_PATCH, refusal.PATCH_NOT_LIST())
        try:
            patched = jsonpatch.apply_patch(state.model_dump(mode="json"), ops)
            new = type(state).model_validate(patched)
        except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException) as exc:
            # jsonpatch's reason is its own English; it travels as text.
            raise RuleViolation(CORE_BAD_PATCH, refusal.PATCH_DOES_NOT_APPLY(error=str(exc))) from exc
        except ValidationError as exc:
            why = explain_msg(exc, what="game state", tagged=False)
            raise RuleViolation(CORE_BAD_PATCH, refusal.PATCH_INVALID(reason=why)) from exc
        new.step = state.step + 1
        events = [Event.to_all("gm_patch", f"The game master edited the game ({reason}).")]
        if not new.gm.tasks:
            events += self._after_gm(new)
        return new, events

    def _gm_resolve(self, state: S, action: dict[str, Any]) -> tuple[S, list[Event]]:
        task_id = action.get("task")
        note = str(action.get("note") or "")
        base = state
        if action.get("patch"):
            base, _ = self._gm_patch(state, {"patch": action["patch"], "reason": note})
            base.step = state.step
        new = self.copy_state(base)
        task = new.gm.take(int(task_id)) if isinstance(task_id, int) else None
        if task is None:
            raise RuleViolation(CORE_BAD_PATCH, refusal.NO_OPEN_TASK(task=repr(task_id)))
        new.step = state.step + 1
        text = f"The game master resolved task {task.id} ({task.rule})" + (f": {note}" if note else ".")
        events = [Event.to_all("gm_resolved", text, task=task.id, rule=task.rule)]
        if not new.gm.tasks:
            events += self._after_gm(new)
        return new, events

    def _after_gm(self, state: S) -> list[Event]:
        """Let the game move on once no GM task is open (run automatic steps, reopen prompts).

        Called on the private copy after a GM patch or resolution; games whose flow
        advances by itself between decisions override it."""
        return []

    # ---- views and results -----------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def result(self, state: S) -> Result | None: ...

    def seat_count(self, state: S) -> int:
        """How many seats the started game has (the Discord layer reads no state field itself)."""
        return state.players

    def gm_tasks(self, state: S) -> list[GmTask]:
        """The open game-master tasks. Only for the game master's tools: a task's text may name a
        secret card, so it never goes into a public view."""
        return list(state.gm.tasks)

    # ---- simulation and checks -------------------------------------------------
    def sample_action(self, state: S, seat: int, rng: random.Random) -> dict[str, Any]:
        """A random legal action for ``seat``; games override it for structured prompts."""
        mine = [p for p in self.prompts(state) if p.seat == seat]
        waiting = [p for p in mine if p.waiting] or mine
        for prompt in waiting:
            if prompt.options:
                return dict(rng.choice(prompt.options).action)
        raise RuleViolation(CORE_NOT_YOUR_TURN, refusal.NOTHING_TO_SAMPLE(seat=seat + 1))

    def invariants(self, state: S) -> list[str]:
        """Game-specific checks run by the simulator after every action."""
        return []

    def secrets(self, state: S) -> dict[int, set[str]]:
        """Strings that reveal a seat's hidden information right now.

        Used by leak checks: none may appear in a public payload. Only values that are
        not public knowledge at this moment belong here.
        """
        return {}

    def load_state(self, data: str | bytes) -> S:
        return self.state_model.model_validate_json(data)  # type: ignore[return-value]  # state_model is S's class

    def describe_action(self, state: S, seat: int, action: dict[str, Any]) -> str:
        """A short label for logs and undo messages."""
        for prompt in self.prompts(state):
            if prompt.seat == seat:
                option = prompt.option_for(action)
                if option is not None:
                    return option.label
        return str(action.get("type"))
