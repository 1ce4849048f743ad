"""The Runewars ruleset: glue between the kernel contract and the step queue.

``_prompts`` asks the front step (plus blocking hero decisions, which come first);
``_apply`` routes the action to the front step's handler, then runs automatic steps
until the next decision (``flow.advance``) with victory/elimination checked after each.
"""

from __future__ import annotations

import random
from typing import Annotated, Any, Union

from pydantic import Field, TypeAdapter

from engine.core import Event, Prompt, Result, Ruleset, RuleViolation
from engine.core.errors import CORE_BAD_ACTION, CORE_NOT_YOUR_TURN, NOBODY, NOT_YOUR_TURN, SEAT
from engine.core.rng import Rng
from engine.core.text import message
from engine.runewars import flow
from engine.runewars.actions import RW_ACTIONS
from engine.runewars.cards import hero_effects
from engine.runewars.cards import resolve as cardfx
from engine.runewars.catalog import Catalog, catalog, catalog_for, using
from engine.runewars.chronicle import chronicle
from engine.runewars.content.loader import ContentError
from engine.runewars.heroes import glue as heroes_glue
from engine.runewars.names import RunewarsNames, names_for_pack
from engine.runewars.names import names as content_names
from engine.runewars.setup import start
from engine.runewars.state import OPTION_LABELS, OPTION_NAMES, OPTION_VALUES, Player, RunewarsOptions, RunewarsState
from engine.runewars.text import refuse
from engine.runewars.turn import movement, orders, runes, seasons
from engine.runewars.turn.victory import check
from engine.runewars.views import view as _view

UNKNOWN_FACTION = message("rw.refused.unknown_faction", "Unknown faction {faction}.")
SAME_FACTION = message("rw.refused.same_faction", "Two seats cannot play the same faction.")
HERO_FIRST = message("rw.refused.hero_first", "First settle the pending hero decision.")
NOT_WAITING = message("rw.refused.not_waiting", "The game is not waiting for anyone.")
WRONG_ANSWER = message("rw.refused.wrong_answer", "That action does not answer the current question ({step}).")
NOT_IN_CHOICE = message("rw.refused.not_in_choice", "You are not part of this choice.")
SEATS_DECISION = message("rw.refused.seats_decision", "It is {seat}'s decision.")
NOT_YOURS = message("rw.refused.not_your_decision", "It is not your decision.")
BAD_PACK = message("rw.refused.bad_pack", "The game's content pack cannot be used: {problems}")

# Every module that registers step kinds with ``flow`` is imported here, so the flow knows them all.
REGISTERS_STEPS = (cardfx, hero_effects, orders, runes, start)

SUB_PREFIXES = ("battle_", "hero_", "quest_", "duel_")


def _factions() -> tuple[str, ...]:
    """A content error surfaces here, at start-up, rather than hiding the game from ``/game new``."""
    return tuple(sorted(catalog().factions))


class Runewars(Ruleset[RunewarsState, RunewarsOptions]):
    name = "runewars"
    title = "Runewars"
    min_players = 2
    max_players = 4
    factions = _factions()
    state_model = RunewarsState
    options_model = RunewarsOptions
    option_labels = OPTION_LABELS  # P-1: what each option means, shown by ``/game new`` in the reader's language
    option_names, option_values = OPTION_NAMES, OPTION_VALUES  # the lobby shows options by name, not id
    action_adapter = TypeAdapter(Annotated[Union[RW_ACTIONS], Field(discriminator="type")])  # noqa: UP007 - a Union built from a tuple

    # ---- the game's own content (docs/content-packs.md) -----------------------------------------
    # Every entry point that reads a state runs with that game's catalog active, so a game set
    # up with a content pack plays (and replays) with the pack's components throughout.
    @staticmethod
    def content(options: RunewarsOptions) -> Catalog:
        """The catalog of a game with these options; a broken pack is a CORE-2 refusal."""
        try:
            return catalog_for(options.content_pack)
        except ContentError as exc:
            raise RuleViolation(CORE_BAD_ACTION, BAD_PACK(problems=str(exc))) from exc

    def setup(self, options: dict[str, Any], seed: int | str) -> RunewarsState:
        parsed = self.parse_options(options)
        with using(self.content(parsed)):
            return self._setup(parsed, Rng.from_seed(seed))

    def prompts(self, state: RunewarsState) -> list[Prompt]:
        with using(self.content(state.options)):
            return super().prompts(state)

    def apply(
        self,
        state: RunewarsState,
        seat: int,
        action: dict[str, Any],
        *,
        prompts: list[Prompt] | None = None,
        scratch: RunewarsState | None = None,
    ) -> tuple[RunewarsState, list[Event]]:
        with using(self.content(state.options)):
            return super().apply(state, seat, action, prompts=prompts, scratch=scratch)

    def opening_events(self, state: RunewarsState) -> list[Event]:
        with using(self.content(state.options)):
            return super().opening_events(state)

    def names(self) -> RunewarsNames:
        """The content's names in each language, for rendering ``Ref``s (cogs/lang.py ``game_names``)."""
        return content_names()

    def names_for_options(self, options: dict[str, Any]) -> RunewarsNames:
        """The names of a game with these options: its content pack's, else the shipped ones."""
        pack = options.get("content_pack")
        return names_for_pack(pack if isinstance(pack, str) else None)

    # ---- setup --------------------------------------------------------------------------
    def _setup(self, options: RunewarsOptions, rng: Rng) -> RunewarsState:
        if options.factions:
            chosen = [f for f in options.factions if f]
            for f in chosen:
                if f not in catalog().factions:
                    raise RuleViolation(CORE_BAD_ACTION, UNKNOWN_FACTION(faction=repr(f)))
            if len(set(chosen)) != len(chosen):
                raise refuse("RW-3.2", SAME_FACTION())
        state = RunewarsState(
            ruleset=self.name,
            players=options.players,
            rng=rng,
            options=options,
            seats=[Player(seat=s) for s in range(options.players)],
        )
        flow.push(state, flow.step(state, "setup_start"))
        _advance(state)
        return state

    def copy_state(self, state: RunewarsState) -> RunewarsState:
        """A private copy for ``apply``: dump-and-validate is ~3x faster than ``deepcopy`` here."""
        return type(state).model_validate(state.model_dump())

    # ---- prompts and actions --------------------------------------------------------------
    def _prompts(self, state: RunewarsState) -> list[Prompt]:
        if state.phase == "over":
            return []
        pending = heroes_glue.pending_prompts(state)
        if pending:
            return pending
        front = flow.current(state)
        if front is None:
            return []
        return flow.PROMPTS[front.kind](state, front)

    def describe_action(self, state: RunewarsState, seat: int, action: dict[str, Any]) -> str:
        """Option labels where there is one; units picked one by one (RW-10.7.2, RW-6.8.2,
        RW-18.1.1) in words, so the presser's confirmation says what was done."""
        with using(self.content(state.options)):
            return self._describe_action(state, seat, action)

    def _describe_action(self, state: RunewarsState, seat: int, action: dict[str, Any]) -> str:
        label = super().describe_action(state, seat, action)
        if label != action.get("type"):
            return label
        units = {u.id: u for u in state.units}
        kind = action.get("type")
        try:
            if kind in ("rw_move", "rw_destroy"):
                picked = [units[int(i)] for i in action.get("units") or [] if int(i) in units]
                verb = "move" if kind == "rw_move" else "destroy"
                return f"{verb} {_count_units(picked)}" if picked else f"{verb} no units"
            if kind == "rw_strategize":
                moves = action.get("moves") or []
                steps = [f"{_mover_name(units, m)} to {m.get('to')}" for m in moves]
                return "strategize: " + ("; ".join(steps) if steps else "nothing moves")
        except (TypeError, ValueError, KeyError):
            pass
        return label

    def acting_seats(self, state: RunewarsState) -> set[int]:
        """Who may act now, without building every option (used by CORE-1 and the view)."""
        with using(self.content(state.options)):
            return self._acting_seats(state)

    def _acting_seats(self, state: RunewarsState) -> set[int]:
        if state.phase == "over":
            return set()
        if state.gm.tasks:
            return {-1}
        if state.heroes.pending:
            return {p.seat for p in state.heroes.pending}
        front = flow.current(state)
        if front is None:
            return set()
        if front.kind in ("orders_choose", "bid") and state.choice is not None:
            return set(state.choice.pending())
        if front.kind in ("battle", "quest_phase"):
            return {p.seat for p in self._prompts(state)}
        if front.window is not None:  # a kernel response window (RW-14.3 battle window): the seats it asks now
            return set(front.window.asked())
        return {front.seat} if front.seat is not None else set()

    def check_may_act(self, state: RunewarsState, seat: int, prompts: list[Prompt] | None = None) -> None:
        """CORE-1 without building every option: who the front step waits on is known directly."""
        seats = self.acting_seats(state)
        front = flow.current(state)
        if (
            not state.heroes.pending
            and front is not None
            and front.kind in ("orders_choose", "bid")
            and state.choice is not None
        ):
            seats = set(state.choice.seats)  # a locked-in seat may still change its secret answer
        if seat not in seats:
            names = [SEAT(seat=s + 1) for s in sorted(seats)] or NOBODY()
            raise RuleViolation(CORE_NOT_YOUR_TURN, NOT_YOUR_TURN(seats=names))

    def parse_action(self, action: dict[str, Any]) -> Any:
        kind = str(action.get("type", ""))
        if kind.startswith(SUB_PREFIXES):
            return dict(action)  # validated by the battle / hero modules themselves
        return super().parse_action(action)

    def _apply(self, state: RunewarsState, seat: int, action: Any) -> list[Event]:
        kind = action["type"] if isinstance(action, dict) else action.type
        events: list[Event]
        if state.heroes.pending and any(p.seat == seat for p in state.heroes.pending):
            if not (isinstance(action, dict) and kind.startswith(("hero_", "quest_"))):
                raise refuse(CORE_NOT_YOUR_TURN, HERO_FIRST())
            events = heroes_glue.apply_pending(state, seat, action)
        else:
            front = flow.current(state)
            if front is None:
                raise refuse(CORE_NOT_YOUR_TURN, NOT_WAITING())
            accepts = flow.ACCEPTS.get(front.kind, ())
            ok = (
                kind in accepts
                or (front.kind == "battle" and kind.startswith("battle_"))
                or (front.kind == "quest_phase" and kind.startswith(("hero_", "quest_", "duel_")))
            )
            if not ok:
                raise refuse(CORE_BAD_ACTION, WRONG_ANSWER(step=front.kind.replace("_", " ")))
            if front.kind in ("orders_choose", "bid"):
                assert state.choice is not None
                if seat not in state.choice.seats:
                    raise refuse(CORE_NOT_YOUR_TURN, NOT_IN_CHOICE())
            elif front.seat is not None and front.seat != seat and front.kind not in ("battle", "quest_phase"):
                raise refuse(CORE_NOT_YOUR_TURN, SEATS_DECISION(seat=SEAT(seat=front.seat + 1)))
            elif front.kind in ("battle", "quest_phase") and not any(p.seat == seat for p in self._prompts(state)):
                raise refuse(CORE_NOT_YOUR_TURN, NOT_YOURS())
            events = flow.APPLY[front.kind](state, front, seat, action)
        events += _advance(state)
        return chronicle(state, events)

    def _after_gm(self, state: RunewarsState) -> list[Event]:
        """Kernel hook, run once no GM task is open after a GM patch or resolution: the game
        continues (gm.py) from where it stopped. The kernel's own gm_* event is not a chronicle
        milestone or summary kind, so chronicling only these events matches chronicling all."""
        return chronicle(state, _advance(state))

    # ---- views and results ----------------------------------------------------------------------
    def view(self, state: RunewarsState, seat: int | None) -> dict[str, Any]:
        with using(self.content(state.options)):
            return _view(state, seat, self.acting_seats(state))

    def result(self, state: RunewarsState) -> Result | None:
        if state.phase != "over" or state.winner is None:
            return None
        return Result(winners=list(state.winner), reason=state.win_reason, scores=dict(state.final_scores))

    # ---- simulation -------------------------------------------------------------------------------
    def sample_action(self, state: RunewarsState, seat: int, rng: random.Random) -> dict[str, Any]:
        with using(self.content(state.options)):
            return self._sample_action(state, seat, rng)

    def _sample_action(self, state: RunewarsState, seat: int, rng: random.Random) -> dict[str, Any]:
        if state.heroes.pending and any(p.seat == seat for p in state.heroes.pending):
            return super().sample_action(state, seat, rng)
        front = flow.current(state)
        if front is not None:
            if front.kind == "battle":
                return movement.sample_battle(state, seat, rng)
            if front.kind == "quest_phase":
                return heroes_glue.sample_quest(state, seat, rng)
            fn = flow.SAMPLE.get(front.kind)
            if fn is not None and (front.seat is None or front.seat == seat):
                return fn(state, front, seat, rng)
        action = super().sample_action(state, seat, rng)
        if action.get("type") == "rw_auto_map" or front is None:
            return action
        if front.kind == "tile" and rng.random() < 0.9:  # mostly the standard layout, keeps random play fast
            return {"type": "rw_auto_map"}
        return action

    def invariants(self, state: RunewarsState) -> list[str]:
        from engine.runewars.invariants import invariants

        with using(self.content(state.options)):
            return invariants(state)

    def secrets(self, state: RunewarsState) -> dict[int, set[str]]:
        from engine.runewars.invariants import secrets

        with using(self.content(state.options)):
            return secrets(state)


def _advance(state: RunewarsState) -> list[Event]:
    return flow.advance(state, seasons.queue_season, check)


RUNEWARS = Runewars()


def _unit_name(kind: str) -> str:
    utype = catalog().unit_types.get(kind)
    return utype.name if utype else kind


def _mover_name(units: dict[int, Any], move: dict[str, Any]) -> str:
    if move.get("unit") is not None and int(move["unit"]) in units:
        return _unit_name(units[int(move["unit"])].kind)
    hero = catalog().heroes.get(str(move.get("hero")))
    return hero.name if hero else "a hero"


def _count_units(units: list[Any]) -> str:
    """``2 Footmen from 4B, 1 Knights from 5A``: counts per type and area, in a stable order."""
    counts: dict[tuple[str, str], int] = {}
    for u in units:
        key = (_unit_name(u.kind), u.area)
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(
        f"{n} {name} from {area}" for (name, area), n in sorted(counts.items(), key=lambda kv: (kv[0][1], kv[0][0]))
    )
