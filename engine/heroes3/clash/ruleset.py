"""The ``heroes3`` ruleset: the core Clash game (H3-3.2.1) for 2-4 players, Alliance mode (H3-3.2.3,
option ``mode: alliance``, 2 vs 2) and Tournament mode (H3-45, option ``mode: tournament``) on the
kernel flow, with the combat sub-engine inside.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from pydantic import TypeAdapter

from engine.core import Event, Prompt, Result, Rng, Ruleset, RuleViolation
from engine.core.errors import CORE_BAD_ACTION, CORE_NOT_YOUR_TURN
from engine.core.text import Message

# Importing the subsystems registers their steps on FLOW.
from ..adventure import effects, encounters, movement, visits  # noqa: F401  # registers steps
from ..cards import deck, play  # noqa: F401  # registers steps
from ..combat import flow as combat_flow
from ..content import FACTIONS
from ..content.campaigns import CampaignSpec
from ..content.clash import Scenario
from ..content.names import Heroes3Names
from ..content.names import names as content_names
from ..coop import ai_combat, ai_turn, campaign  # noqa: F401  # registers steps
from ..coop import messages as coop_m
from ..town import pool, town  # noqa: F401  # imported for its entry points
from . import ally_trade, asks, briefing, draft, hero_choice, invariants, rounds, setup, views  # noqa: F401  # registers steps
from . import messages as m
from .actions import ClashAction
from .flow import FLOW
from .state import OPTION_LABELS, OPTION_NAMES, OPTION_VALUES, ClashOptions, ClashState, option_shown

# Steps every waiting seat answers at once, secretly (the kernel's SecretChoice), rather than the one
# seat the step names: whether ``seat`` may answer now. H3-48.3 the draft; H3-7.8 (Rec.) the team order;
# H3-6.3 (P-3) the main heroes.
AT_ONCE: dict[str, Callable[[ClashState, int], bool]] = {
    hero_choice.KIND: hero_choice.waits_on,
    "draft": draft.waits_on,
    "team_agree": rounds.agree_waits_on,
}


class Clash(Ruleset[ClashState, ClashOptions]):
    name: ClassVar[str] = "heroes3"
    title: ClassVar[str] = "Heroes of Might and Magic III: The Board Game"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    factions: ClassVar[tuple[str, ...]] = FACTIONS
    state_model: ClassVar[type[ClashState]] = ClashState
    options_model: ClassVar[type[ClashOptions]] = ClashOptions
    # the lobby shows options by name, not id; the labels say what each means (``/game new``)
    option_labels: ClassVar[dict[str, Message]] = OPTION_LABELS
    option_names: ClassVar[dict[str, Message]] = OPTION_NAMES
    option_values: ClassVar[dict[str, dict[str, Message]]] = OPTION_VALUES
    option_shown = staticmethod(option_shown)
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(ClashAction)

    def _setup(self, options: ClashOptions, rng: Rng) -> ClashState:
        state = ClashState(ruleset=self.name, players=options.players, rng=rng, scenario="")
        setup.setup(options, state)
        FLOW.advance(state)
        return state

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """A Cooperative scenario is played by one seat (solo) or two (H3-3.2.4: the house scenarios); a
        campaign by one (H3-3.2.2: solo)."""
        if options.get("mode") == "cooperative" and options.get("campaign"):
            return 1, 1
        if options.get("mode") == "cooperative":
            return min(setup.COOPERATIVE_SCENARIOS), max(setup.COOPERATIVE_SCENARIOS)
        return super().seat_range(options)

    def _table(self, options: dict[str, Any]) -> tuple[Scenario, CampaignSpec | None] | None:
        """The scenario (and campaign) a table with these raw options plays; None while they are not valid
        (the start says why)."""
        try:
            parsed = self.parse_options({"players": self.seat_range(options)[0], **options})
            return setup.scenario_for(parsed), setup.campaign_for(parsed)
        except RuleViolation:
            return None

    def faction_choices(self, options: dict[str, Any]) -> tuple[str, ...]:
        """H3-6.2: the scenario's factions, with those of the expansions the table added (H3-49.6) or, in a
        campaign, its own (H3-44.6)."""
        table = self._table(options)
        if table is None:
            return self.factions
        sc, spec = table
        allowed = spec.factions() if spec is not None else sc.factions
        return tuple(f for f in self.factions if f in allowed)

    def check_faction(self, options: dict[str, Any], faction: str) -> None:
        """Refused as the start would refuse it (H3-6.2, H3-44.6), so a seat learns at once which option
        would let it play that faction."""
        table = self._table(options)
        if table is None:
            return
        sc, spec = table
        if spec is not None and faction not in spec.factions():
            raise RuleViolation("H3-44.6", coop_m.CAMPAIGN_FACTION(faction=m.ref("faction", faction)))
        refused = setup.faction_refusal(sc, faction) if spec is None else None
        if refused is not None:
            raise refused

    def opening_events(self, state: ClashState) -> list[Event]:
        """H3-3.1: the scenario defines the victory conditions and may add unique rules, so the
        table is told them as the game begins (the ``/h3 scenario`` lookup says the same later)."""
        start = Event.to_all("h3_start", m.GAME_START(scenario=m.ref("scenario", state.scenario)), milestone=True)
        # H3-3.2.2: a campaign says where in its chain this scenario stands
        said = briefing.campaign_lines(self.view(state, None))
        where = [Event.to_all("h3_campaign", line) for line in said]
        lines = briefing.scenario_lines(state.scenario) + briefing.expansion_lines(state.scenario, state.boxes)
        return [start, *where] + [Event.to_all("h3_scenario", line) for line in lines]

    def _prompts(self, state: ClashState) -> list[Prompt]:
        return FLOW.prompts(state)

    def _apply(self, state: ClashState, seat: int, action: Any) -> list[Event]:
        front = FLOW.current(state)
        if front is None:
            raise RuleViolation(CORE_NOT_YOUR_TURN, m.NOT_OFFERED())
        if action.type in ally_trade.TYPES:  # H3-43.3: refused in its own words (combat, not an ally, ...)
            ally_trade.check_time(state, seat, action)
        combat_flow.refuse_untimed_retreat(state.combat, action)  # H3-36.4, in its own words
        if action.type not in FLOW.accepts.get(front.kind, ()):
            raise RuleViolation(CORE_BAD_ACTION, m.NOT_OFFERED())
        out_of_turn = front.kind == "main" and action.type in (*rounds.TOWN_TYPES, *ally_trade.TYPES)  # P-35, P-43
        if front.kind in AT_ONCE:
            out_of_turn = AT_ONCE[front.kind](state, seat)
        if not out_of_turn and not FLOW.may_act(front, seat):
            raise RuleViolation(CORE_NOT_YOUR_TURN, m.NOT_OFFERED())
        events = FLOW.appliers[front.kind](state, front, seat, action)
        events += FLOW.advance(state)
        # H3-48.1: the chaos deck replaces this action's discards; H3-48.5: the gold pool's refunds
        return events + deck.settle_all(state) + pool.settle_all(state)

    def copy_state(self, state: ClashState) -> ClashState:
        """The kernel's JSON round-trip, leaving out default values: a Clash state is mostly
        defaults (field markers, hero flags), and the smaller text parses faster; validation
        puts the defaults back, so the copy equals the original (tests/heroes3/clash)."""
        return ClashState.model_validate_json(state.model_dump_json(exclude_defaults=True))

    def check_may_act(self, state: ClashState, seat: int, prompts: list[Prompt] | None = None) -> None:
        """CORE-1 without building every option label: the front step says who may act (the
        active player's main menu is also open to every seat for town actions, P-35)."""
        front = FLOW.current(state)
        if prompts is None and front is not None and front.kind in FLOW.prompters and not state.gm.tasks:
            if front.window is not None:
                ok = front.window.may_answer(seat)
            elif front.kind == "main":
                ok = 0 <= seat < state.players and not state.player(seat).eliminated
            elif front.kind in AT_ONCE:
                ok = AT_ONCE[front.kind](state, seat)
            else:
                ok = int(front.seat or 0) == seat  # the seat every combat and map prompt goes to
            if ok:
                return
        super().check_may_act(state, seat, prompts)

    def _after_gm(self, state: ClashState) -> list[Event]:
        events = FLOW.advance(state)
        return events + deck.settle_all(state) + pool.settle_all(state)  # H3-48.1 / H3-48.5, as in _apply

    def sample_action(self, state: ClashState, seat: int, rng: random.Random) -> dict[str, Any]:
        front = FLOW.current(state)
        free = front is not None and (
            front.kind == "main" or (front.kind in AT_ONCE and AT_ONCE[front.kind](state, seat))
        )
        if front is not None and front.kind in FLOW.samplers and (FLOW.may_act(front, seat) or free):
            return FLOW.samplers[front.kind](state, front, seat, rng)
        mine = [p for p in self.prompts(state) if p.seat == seat and p.options]
        if not mine:
            return super().sample_action(state, seat, rng)
        return combat_flow.sample(state, mine[0].options, rng)

    def names(self) -> Heroes3Names:
        """The content's names in each language, for rendering ``Ref``s (cogs/lang.py ``game_names``):
        without it a button would read a card's or a faction's id instead of its name."""
        return content_names()

    def view(self, state: ClashState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def result(self, state: ClashState) -> Result | None:
        if state.winners is None:
            return None
        return Result(winners=list(state.winners), reason=state.end_reason or "over")

    def invariants(self, state: ClashState) -> list[str]:
        bad = invariants.check(state)
        if state.winners is None and not FLOW.prompts(state) and not state.gm.tasks:
            bad.append("the game waits on nobody")
        return bad

    def secrets(self, state: ClashState) -> dict[int, set[str]]:
        """Hands, deck orders, searched cards (per seat); face-down tile codes are everyone's secret
        (H-9), reported under seat 0, as are the AI decks' contents and order (H3-41.6)."""
        out: dict[int, set[str]] = {}
        for p in state.seats:
            supply = {f'"{code}"' for code in p.far_supply}  # quoted: "F5" is not "#F5"
            out[p.seat] = set(p.deck.hand) | set(p.deck.draw.draw_pile) | set(p.searching) | supply
            out[p.seat] |= draft.secrets(state, p.seat)  # H3-48.3: packets seen only by their holder
        hidden = {f'"{t.tile}"' for t in state.tiles if not t.face_up}
        if state.event_deck is not None:  # [EXP: Fortress] the Magical Forest's face-down pool (H3-7.5)
            hidden |= set(state.event_deck.pool)
        out.setdefault(0, set()).update(hidden)
        out[0] |= views.ai_secrets(state)  # H3-41.6: the AI decks are hidden from all
        return out


CLASH = Clash()
