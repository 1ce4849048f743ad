"""Who receives which event: the one place that decides public versus private.

Pure functions, so the audience rules are unit tested without Discord. An event
with ``audience=None`` goes to the game thread; an event addressed to seats goes
to those seats' DMs and never to the thread. Events addressed to the game-master
seat are not sent anywhere: they stay in the log, where ``/gm`` tools read them,
because the thread is public and the GM has no private channel of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Event, Prompt


@dataclass
class Routed:
    public: list[Event] = field(default_factory=list)
    private: dict[int, list[Event]] = field(default_factory=dict)  # seat -> events
    gm_only: list[Event] = field(default_factory=list)


def route_events(events: list[Event]) -> Routed:
    out = Routed()
    for event in events:
        if event.audience is None:
            out.public.append(event)
            continue
        for seat in event.audience:
            if seat < 0:
                out.gm_only.append(event)
            else:
                out.private.setdefault(seat, []).append(event)
    return out


def visible_events(events: list[Event], seat: int | None) -> list[Event]:
    """The events a seat (or, with None, the public) may read, e.g. for ``/game log``."""
    return [e for e in events if e.visible_to(seat)]


@dataclass
class PromptPlan:
    """Where each new prompt is posted."""

    thread: list[Prompt] = field(default_factory=list)  # public prompts (and GM prompts)
    dm: list[Prompt] = field(default_factory=list)  # secret prompts


def new_prompts(before: list[Prompt], after: list[Prompt]) -> list[Prompt]:
    """Prompts that were not open before: only these get a fresh message.

    A simultaneous prompt that merely changed to locked-in keeps its key and is not
    re-sent, so lock-ins do not spam everyone's DMs. A sequential prompt that keeps its
    key but asks something else (a multi-step decision whose options changed) is re-sent,
    so the player's newest message always shows the options that are open.
    """
    seen = {(p.seat, p.key): p for p in before}
    out = []
    for p in after:
        old = seen.get((p.seat, p.key))
        if old is None or (not p.simultaneous and (old.options != p.options or old.question != p.question)):
            out.append(p)
    return out


def plan_prompts(prompts: list[Prompt]) -> PromptPlan:
    plan = PromptPlan()
    for prompt in prompts:
        (plan.dm if prompt.secret and prompt.seat >= 0 else plan.thread).append(prompt)
    return plan


def waiting_seats(prompts: list[Prompt]) -> list[int]:
    return sorted({p.seat for p in prompts if p.waiting})
