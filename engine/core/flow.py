"""The one step-flow engine every game configures (boardgame.io's "flow", for our referee).

Why steps: board games interrupt themselves constantly. A Runewars Mobilize card leads to a
diplomacy draw, a neutral retreat chosen by the player on the left, a battle with its own
sub-prompts, then a second activation; an Age of Heroes Famine in the middle of a Draw step
opens a Luck window for everyone, and Barbarians drawn during Tax start a whole battle after
which the Tax draws continue. Both are a queue of small ``Step``s in ``state.steps``:

* the **front** (``steps[0]``) is what happens now; ``push`` puts new steps in front of it, so
  an interruption runs before whatever was queued, and ``push_after_current`` slips steps
  right behind a step that stays at the front;
* an **automatic** step (``@flow.auto(kind)``) needs nobody: ``advance`` pops it and runs its
  handler, which returns events and may push more steps;
* a **decision** step (``@flow.decision(kind, *accepted_action_types)``) waits at the front;
  its prompt function says who is asked what, its ``@flow.applies(kind)`` handler answers it
  (and pops it with ``done``/``pop`` when the decision is over), its ``@flow.sampler(kind)``
  plays it at random for the simulator;
* **checks** (``@flow.after_step``) run before the first and after every automatic step
  (instant victory, eliminations); when ``finished(state)`` becomes true the queue is cleared;
* ``advance`` stops at a decision, at the end of the game, or while a game-master task is open
  (CORE-1: only the GM acts then); an empty queue is refilled by the game's ``refill`` hook
  (the next season) or ends the advance. A step limit turns a flow bug into an error instead
  of a hang.

A **response window** is the kernel's own step shape for "these seats, in order (or all at
once), may respond or pass before play goes on": a Runewars tactics window, an Age of Heroes
Luck window or war response, a Heroes III out-of-turn reaction. ``open_window`` pushes a step
carrying a ``Window``; ``@flow.window(kind, ...)`` registers the prompt for one asked seat;
``answer_window`` records a response or a pass; when every seat is through, the step leaves
the queue and the ``@flow.closes(kind)`` handler resolves what the window was for.

A game creates one ``Flow`` per ruleset (``FLOW = Flow("mygame", MyStep, new_key, finished)``),
declares ``steps: list[MyStep]`` in its state model, and registers its step kinds with the
decorators in the modules that own the rules. See engine/core/README.md for an example.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field

from .errors import CORE_LOCKED, CORE_NOT_YOUR_TURN, RuleViolation
from .events import Event
from .prompts import Prompt
from .ruleset import GameState


class Window(BaseModel):
    """Who a response window asks, in order, and who is through with it.

    ``together=False``: one seat at a time, in ``seats`` order; each either responds (which
    ends its part unless the game keeps it open, e.g. to play another card) or passes.
    ``together=True``: every seat is asked at once and may change its (secret) answer until the
    last seat is through, like ``SecretChoice`` (CORE-6 after that).
    """

    model_config = ConfigDict(extra="forbid")

    key: str = ""
    rule: str = ""
    seats: list[int]
    together: bool = False
    through: list[int] = Field(default_factory=list)  # seats whose part is over, in that order
    responded: list[int] = Field(default_factory=list)  # seats that responded (not passed), in order
    answers: dict[int, dict[str, Any]] = Field(default_factory=dict)  # each seat's last answer

    def pending(self) -> list[int]:
        return [s for s in self.seats if s not in self.through]

    @property
    def closed(self) -> bool:
        return not self.pending()

    def asked(self) -> list[int]:
        """The seats a prompt goes to now: the next in order, or everyone at once."""
        if self.together:
            return list(self.seats)
        return self.pending()[:1]

    def may_answer(self, seat: int) -> bool:
        return not self.closed and seat in self.asked()

    def answer(self, seat: int, answer: dict[str, Any], *, responds: bool, final: bool = True) -> None:
        """Record ``seat``'s response (``responds=True``) or pass; ``final=False`` keeps it asked."""
        if self.closed:
            raise RuleViolation(CORE_LOCKED, "This window has closed; the answers can no longer change.")
        if seat not in self.asked():
            raise RuleViolation(CORE_NOT_YOUR_TURN, "This window is not asking you now.")
        self.answers[seat] = answer
        if seat in self.responded and not responds:
            self.responded.remove(seat)
        if responds and seat not in self.responded:
            self.responded.append(seat)
        if final and seat not in self.through:
            self.through.append(seat)

    def drop(self, seat: int) -> None:
        """A seat leaves the game: it is no longer asked and its answer is forgotten."""
        for seats in (self.seats, self.through, self.responded):
            if seat in seats:
                seats.remove(seat)
        self.answers.pop(seat, None)

    def public(self) -> dict[str, Any]:
        """What everybody may see: who is asked and who is through, never the answers."""
        return {"key": self.key, "rule": self.rule, "seats": list(self.seats), "locked": sorted(self.through)}

    def private(self, seat: int) -> dict[str, Any]:
        out = self.public()
        out["my_answer"] = self.answers.get(seat)
        return out


class Step(BaseModel):
    """One step of a game's flow. Games may subclass it to add typed fields (``extra`` is forbidden)."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    key: str = ""
    seat: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    window: Window | None = None


StateT = TypeVar("StateT", bound=GameState)
StepT = TypeVar("StepT", bound=Step)

AutoFn = Callable[[StateT, StepT], list[Event]]
PromptFn = Callable[[StateT, StepT], list[Prompt]]
SeatPromptFn = Callable[[StateT, StepT, int], Prompt]
ApplyFn = Callable[[StateT, StepT, int, Any], list[Event]]
SampleFn = Callable[[StateT, StepT, int, random.Random], dict[str, Any]]
CheckFn = Callable[[StateT], list[Event]]

GUARD = 10000  # automatic steps per advance before the flow is declared broken


class Flow(Generic[StateT, StepT]):
    """A game's step kinds and the queue operations on its ``state.steps``.

    ``new_key(state, kind)`` makes a key unique within the game (prompts and stale-button
    detection use it); ``finished(state)`` says the game is over.
    """

    def __init__(
        self,
        name: str,
        step_model: type[StepT],
        new_key: Callable[[StateT, str], str],
        finished: Callable[[StateT], bool],
    ) -> None:
        self.name = name
        self.step_model = step_model
        self.new_key = new_key
        self.finished = finished
        self.autos: dict[str, AutoFn[StateT, StepT]] = {}
        self.prompters: dict[str, PromptFn[StateT, StepT]] = {}
        self.appliers: dict[str, ApplyFn[StateT, StepT]] = {}
        self.samplers: dict[str, SampleFn[StateT, StepT]] = {}
        self.accepts: dict[str, tuple[str, ...]] = {}  # action types each decision answers
        self.closers: dict[str, AutoFn[StateT, StepT]] = {}  # response windows: what closing resolves
        self.checks: list[CheckFn[StateT]] = []
        self.on_empty: CheckFn[StateT] | None = None

    # ---- registration ---------------------------------------------------------------------
    def auto(self, kind: str) -> Callable[[AutoFn[StateT, StepT]], AutoFn[StateT, StepT]]:
        """An automatic step: popped and run by ``advance`` as soon as it reaches the front."""

        def deco(fn: AutoFn[StateT, StepT]) -> AutoFn[StateT, StepT]:
            self._new_kind(kind)
            self.autos[kind] = fn
            return fn

        return deco

    def decision(self, kind: str, *accepts: str) -> Callable[[PromptFn[StateT, StepT]], PromptFn[StateT, StepT]]:
        """A decision step and the action types that answer it; the function builds its prompts."""

        def deco(fn: PromptFn[StateT, StepT]) -> PromptFn[StateT, StepT]:
            self._new_kind(kind)
            self.prompters[kind] = fn
            self.accepts[kind] = accepts
            return fn

        return deco

    def applies(self, kind: str) -> Callable[[ApplyFn[StateT, StepT]], ApplyFn[StateT, StepT]]:
        """The handler of an action answering decision ``kind``; it pops the step when it is over."""

        def deco(fn: ApplyFn[StateT, StepT]) -> ApplyFn[StateT, StepT]:
            self.appliers[kind] = fn
            return fn

        return deco

    def sampler(self, kind: str) -> Callable[[SampleFn[StateT, StepT]], SampleFn[StateT, StepT]]:
        """A purposeful random answer for the simulator, where the options alone are not enough."""

        def deco(fn: SampleFn[StateT, StepT]) -> SampleFn[StateT, StepT]:
            self.samplers[kind] = fn
            return fn

        return deco

    def after_step(self, fn: CheckFn[StateT]) -> CheckFn[StateT]:
        """A check run before the first and after every automatic step (instant victory, eliminations)."""
        self.checks.append(fn)
        return fn

    def refill(self, fn: CheckFn[StateT]) -> CheckFn[StateT]:
        """What ``advance`` does with an empty queue (queue the next round); without it, it stops."""
        self.on_empty = fn
        return fn

    def window(self, kind: str, *accepts: str) -> Callable[[SeatPromptFn[StateT, StepT]], SeatPromptFn[StateT, StepT]]:
        """A response-window step: the function builds the prompt for one asked seat.

        In a ``together`` window a seat already through keeps its prompt with ``waiting=False``
        (it may still change its answer, nobody waits on it).
        """

        def deco(fn: SeatPromptFn[StateT, StepT]) -> SeatPromptFn[StateT, StepT]:
            def prompts(state: StateT, st: StepT) -> list[Prompt]:
                w = st.window
                if w is None or w.closed:
                    return []
                out: list[Prompt] = []
                for seat in w.asked():
                    prompt = fn(state, st, seat)
                    prompt.waiting = seat not in w.through
                    out.append(prompt)
                return out

            self._new_kind(kind)
            self.prompters[kind] = prompts
            self.accepts[kind] = accepts
            return fn

        return deco

    def closes(self, kind: str) -> Callable[[AutoFn[StateT, StepT]], AutoFn[StateT, StepT]]:
        """What happens when window ``kind`` closes (its step has already left the queue).

        Optional: without it closing only removes the step, for a game whose answer handler
        goes on by itself after ``answer_window`` (a one-seat window).
        """

        def deco(fn: AutoFn[StateT, StepT]) -> AutoFn[StateT, StepT]:
            self.closers[kind] = fn
            return fn

        return deco

    def _new_kind(self, kind: str) -> None:
        if kind in self.autos or kind in self.prompters:
            raise ValueError(f"{self.name}: step kind {kind!r} is registered twice")

    # ---- the queue ------------------------------------------------------------------------
    def queue(self, state: StateT) -> list[StepT]:
        """The game's ``state.steps`` (every flow-driven state declares that field)."""
        return cast(list[StepT], state.steps)  # type: ignore[attr-defined]  # declared by each game's state

    def new(self, state: StateT, kind: str, seat: int | None = None, **data: Any) -> StepT:
        """A fresh step with a new key; ``data`` is the step's own parameters."""
        return self.step_model(kind=kind, key=self.new_key(state, kind), seat=seat, data=data)

    def push(self, state: StateT, *steps: StepT) -> None:
        """Put ``steps`` at the front of the queue, in the order given (the first runs first)."""
        self.queue(state)[0:0] = list(steps)

    def push_after_current(self, state: StateT, *steps: StepT) -> None:
        """Insert right behind the front step (used by a handler whose step stays at the front)."""
        self.queue(state)[1:1] = list(steps)

    def current(self, state: StateT) -> StepT | None:
        q = self.queue(state)
        return q[0] if q else None

    def pop(self, state: StateT) -> StepT:
        """Remove and return the front step (a handler finishing the decision at the front)."""
        return self.queue(state).pop(0)

    def done(self, state: StateT, st: StepT) -> None:
        """Remove ``st`` wherever it is in the queue (a handler finishing its own decision)."""
        q = self.queue(state)
        for i, s in enumerate(q):
            if s.key == st.key:
                del q[i]
                return

    # ---- running --------------------------------------------------------------------------
    def run_checks(self, state: StateT, check: CheckFn[StateT] | None = None) -> list[Event]:
        events: list[Event] = []
        for fn in self.checks:
            events += fn(state)
        if check is not None:
            events += check(state)
        return events

    def advance(
        self,
        state: StateT,
        on_empty: CheckFn[StateT] | None = None,
        check: CheckFn[StateT] | None = None,
    ) -> list[Event]:
        """Run automatic steps until a decision, the end of the game or an open GM task.

        ``on_empty`` and ``check`` (optional) add to the registered ``refill`` and
        ``after_step`` hooks for this call. A response window whose seats are all through
        (say the last one was eliminated) is closed here.
        """
        refill = on_empty or self.on_empty
        events: list[Event] = []
        for _ in range(GUARD):
            events += self.run_checks(state, check)
            q = self.queue(state)  # re-read: a check may have replaced the list
            if self.finished(state):
                q.clear()
                return events
            if state.gm.tasks:
                return events
            if not q:
                if refill is None:
                    return events
                events += refill(state)
                continue
            front = q[0]
            if front.window is not None and front.window.closed:
                q.pop(0)
                events += self._close(state, front)
                continue
            fn = self.autos.get(front.kind)
            if fn is None:
                if front.kind not in self.prompters:
                    raise RuntimeError(f"{self.name}: unknown step kind {front.kind!r}")
                return events
            q.pop(0)
            events += fn(state, front)
        raise RuntimeError(f"{self.name}: the step queue did not settle")

    def prompts(self, state: StateT) -> list[Prompt]:
        """The front decision's prompts (none while the game runs itself or is over)."""
        front = self.current(state)
        if front is None or self.finished(state):
            return []
        fn = self.prompters.get(front.kind)
        return fn(state, front) if fn is not None else []

    def may_act(self, st: StepT, seat: int) -> bool:
        """Whether ``seat`` is the one (or one of those) ``st`` waits on."""
        if st.window is not None:
            return st.window.may_answer(seat)
        return st.seat == seat

    # ---- response windows -----------------------------------------------------------------
    def open_window(
        self,
        state: StateT,
        st: StepT,
        seats: list[int],
        *,
        together: bool = False,
        key: str = "",
        rule: str = "",
    ) -> list[Event]:
        """Push ``st`` as a response window asking ``seats``; with nobody to ask it closes at once.

        Returns the events of an immediate close (the ``closes`` handler's), else none.
        """
        st.window = Window(key=key, rule=rule, seats=list(seats), together=together)
        if not seats:
            return self._close(state, st)
        self.push(state, st)
        return []

    def answer_window(
        self,
        state: StateT,
        st: StepT,
        seat: int,
        answer: dict[str, Any],
        *,
        responds: bool,
        final: bool = True,
    ) -> list[Event]:
        """Record ``seat``'s response or pass; if that closes the window, resolve it.

        ``final=False`` (a card played, the seat may play another) keeps the seat asked.
        """
        w = st.window
        if w is None:
            raise RuntimeError(f"{self.name}: step {st.kind!r} is not a response window")
        w.answer(seat, answer, responds=responds, final=final)
        if not w.closed:
            return []
        self.done(state, st)
        return self._close(state, st)

    def _close(self, state: StateT, st: StepT) -> list[Event]:
        closer = self.closers.get(st.kind)
        return closer(state, st) if closer is not None else []


def need(cond: bool, rule: str, message: str) -> None:
    """Raise a RuleViolation unless ``cond`` holds: the one way rules reject an action."""
    if not cond:
        raise RuleViolation(rule, message)
