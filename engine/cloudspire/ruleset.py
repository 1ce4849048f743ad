"""The Cloudspire ruleset: the kernel contract wired to the rule modules."""

from __future__ import annotations

import random
from typing import Any

from engine.core import GM_SEAT, Event, Prompt, Result, Ruleset, RuleViolation
from engine.core.errors import CORE_NOT_YOUR_TURN
from engine.core.rng import Rng
from engine.core.text import message

from . import actions as A
from .board.geometry import ISLE_SHAPE, key
from .common import CONTENT
from .flow import FLOW
from .invariants import check
from .names import CloudspireNames
from .names import names as content_names
from .sample import sample
from .setup import setup as S
from .state import OPTION_LABELS, OPTION_NAMES, OPTION_VALUES, CsOptions, CsState, Player
from .views import secrets, view
from .waves import end as _end  # registers the wave-end steps
from .waves import phases as _phases  # registers the phase steps
from .waves import siege as _siege  # noqa: F401  # registers the siege steps

NOT_NOW = message("cs.refused.not_now", "That action is not expected now.")
BAD_MODE = message("cs.refused.mode", "2v2 needs exactly 4 players (CS-23).")


class Cloudspire(Ruleset[CsState, CsOptions]):
    name = "cloudspire"
    title = "Cloudspire"
    min_players = 2
    max_players = 4
    factions = S.FACTIONS
    state_model = CsState
    options_model = CsOptions
    action_adapter = A.ACTION_ADAPTER
    gm_action_types = frozenset({"stall"})  # P-25: the host's answer to a stalled siege phase
    option_labels = OPTION_LABELS  # P-5: what each option means, shown by ``/game new`` in the reader's language
    option_names, option_values = OPTION_NAMES, OPTION_VALUES  # P-5: the lobby shows options by name, not id

    def _setup(self, options: CsOptions, rng: Rng) -> CsState:
        n = options.players
        if options.mode == "2v2" and n != 4:
            raise RuleViolation("CS-23.1", BAD_MODE())
        state = CsState(ruleset=self.name, players=n, rng=rng, options=options)
        state.seats = list(range(n))
        state.teams = [s % 2 for s in range(n)] if options.mode == "2v2" else list(range(n))  # CS-23.1: alternate
        state.first = options.first_player if options.first_player is not None else rng.below(n)  # CS-5.1
        state.pl = [Player(faction="") for _ in range(n)]
        picks = list(options.factions or [])
        for s in range(n):
            f = picks[s] if s < len(picks) else None
            if f in S.FACTIONS and f not in {p.faction for p in state.pl}:
                S.give_kit(state, s, f)
        # CS-5.5: the central isle, six ring isles face down, the seventh unused and unseen.
        for h, i in [(h, i) for i, h in enumerate(ISLE_SHAPE)]:
            terrain, wells = S.isle_terrain(1)
            state.board[key(h)] = S.Cell(t=terrain[i], well=i in wells, mat="isle:1")
        ring = [d.id for d in CONTENT.isles if d.id != 1]
        rng.shuffle(ring)
        state.ring = list(ring[:6])
        state.unused_isle = ring[6] if len(ring) > 6 else None
        # CS-5.9: landmarks (placed after the reveals); the white chip aside.
        pool = [lm.id for lm in CONTENT.landmarks if lm.pool]
        rng.shuffle(pool)
        state.lm_unplaced = pool
        state.lm_aside = [lm.id for lm in CONTENT.landmarks if lm.aside]
        # CS-5.10: market supply and face-up chips; CS-5.11: decks.
        if not options.skip_market:  # AMB-40
            supply = [c.id for c in CONTENT.market]
            rng.shuffle(supply)
            state.market.supply = supply
            tiles = [e.id for e in CONTENT.earthscapes]  # CS-5.10.3: the land pile, its top face up
            rng.shuffle(tiles)
            state.market.tiles = tiles
            _phases.refill_market(state)
        relics = [c for c in CONTENT.relics if not options.first_game_relics or c.first_game]
        relics = [c for c in relics if options.events or "event_related" not in c.tags]  # CS-24.1
        relics = [c for c in relics if not options.skip_market or "market_related" not in c.tags]  # CS-24.3(a)
        state.relics = [c.id for c in relics]
        rng.shuffle(state.relics)
        if options.events:
            state.events = [c.id for c in CONTENT.events]
            rng.shuffle(state.events)
        FLOW.push(state, FLOW.new(state, "plan_reveals"))
        steps = [FLOW.new(state, "pick_faction", s) for s in S.turn_order(state) if not state.pl[s].faction]
        FLOW.push(state, *steps)  # P-1 before the reveals
        FLOW.advance(state)
        return state

    def _prompts(self, state: CsState) -> list[Prompt]:
        return FLOW.prompts(state)

    def _apply(self, state: CsState, seat: int, action: Any) -> list[Event]:
        front = FLOW.current(state)
        if front is None or action.type not in FLOW.accepts.get(front.kind, ()):
            raise RuleViolation(CORE_NOT_YOUR_TURN, NOT_NOW())
        # CORE-1 (a prompt for this seat) was checked by the kernel before the copy; not rebuilt here.
        events = FLOW.appliers[front.kind](state, front, seat, action)
        return events + FLOW.advance(state)

    def _apply_gm(self, state: CsState, action: Any) -> list[Event]:
        front = FLOW.current(state)
        if front is None or front.kind != "stall":
            raise RuleViolation(CORE_NOT_YOUR_TURN, NOT_NOW())
        events = FLOW.appliers[front.kind](state, front, GM_SEAT, action)
        return events + FLOW.advance(state)

    def _after_gm(self, state: CsState) -> list[Event]:
        return FLOW.advance(state)

    def view(self, state: CsState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def result(self, state: CsState) -> Result | None:
        if state.winner is None:
            return None
        return Result(
            winners=list(state.winner),
            reason=state.result_reason,
            scores={s: float(_end.strength(state, s)) for s in state.seats},
        )

    def sample_action(self, state: CsState, seat: int, rng: random.Random) -> dict[str, Any]:
        return sample(self, state, seat, rng)

    def invariants(self, state: CsState) -> list[str]:
        return check(state)

    def secrets(self, state: CsState) -> dict[int, set[str]]:
        return secrets(state)

    def names(self) -> CloudspireNames:
        """The content's names in each language, for rendering ``Ref``s (cogs/lang.py ``game_names``)."""
        return content_names()


@FLOW.auto("plan_reveals")
def plan_reveals(state: CsState, st: Any) -> list[Event]:
    S.reveal_plan(state)
    return []


@FLOW.refill
def refill(state: CsState) -> list[Event]:
    """After the setup reveals: landmarks, then wave after wave (CS-13) until the game ends."""
    if state.phase == "setup":
        state.phase = "landmarks"
        FLOW.push(state, FLOW.new(state, "landmarks", None, gates=S.turn_order(state)))
        return []
    FLOW.push(state, FLOW.new(state, "wave"))
    return []


CLOUDSPIRE = Cloudspire()
