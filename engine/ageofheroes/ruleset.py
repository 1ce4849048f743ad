"""The Age of Heroes ruleset: the kernel contract wired to the rule modules."""

from __future__ import annotations

import logging
import random
from typing import Any

from engine.core import Deck, Event, Prompt, Result, Ruleset, RuleViolation
from engine.core.errors import CORE_BAD_ACTION
from engine.core.rng import Rng
from engine.core.text import Msg, message

from . import actions as A
from . import build as B
from . import events_cards as EV
from . import market as M
from . import messages as MS
from . import trading as T
from . import turn as TU
from . import war as W
from .asks import prompts as build_prompts
from .checks import invariants
from .content import Content, load_content
from .flow import FLOW, push
from .names import NAMES, AohNames
from .options import OPTION_LABELS, OPTION_NAMES, OPTION_VALUES, AohOptions
from .packs import pack_content
from .sample import sample
from .state import AohState, Army, Player
from .table import seat_name
from .view import public_view, seat_view

# The rule named when an action comes while no decision that accepts it (asks.py) is waiting.
EXPECTS: dict[str, tuple[str, Msg]] = {
    "choose_tribe": ("AH-3.4", message("ah.refused.choose_tribe", "Tribes are chosen only during setup.")()),
    "action": ("AH-7.1", message("ah.refused.action", "You choose your action only in your Action step.")()),
    "draw_again": (
        "AH-6.3",
        message("ah.refused.draw_again", "There is no replacement draw to take or refuse now.")(),
    ),
    "tax_swap": ("AH-8.2", message("ah.refused.tax_swap", "There is no Tax swap to make now.")()),
    "build": ("AH-9.1", message("ah.refused.build", "You can build only after choosing Build as your action.")()),
    "finish_build": ("AH-9.1", message("ah.refused.finish_build", "You are not building.")()),
    "road_answer": ("AH-9.9.3", message("ah.refused.road_answer", "Nobody is asking you for a road.")()),
    "declare_war": (
        "AH-10.3",
        message("ah.refused.declare_war", "You can declare war only after choosing War as your action.")(),
    ),
    "cancel_war": ("AH-10.4", message("ah.refused.cancel_war", "There is no undeclared war to cancel.")()),
    "respond": ("AH-10.6", message("ah.refused.respond", "There is no attack to respond to.")()),
    "assign": ("AH-10.9", message("ah.refused.assign", "There are no battle cards to place now.")()),
    "pick": ("AH-10.10", message("ah.refused.pick", "There is no duel to pick for now.")()),
    "plunder_pick": ("AH-10.14.2", message("ah.refused.plunder_pick", "There is nothing to plunder now.")()),
    "choose_target": ("AH-11.4.1", message("ah.refused.choose_target", "There is no event target to choose.")()),
    "luck": (
        "AH-11.10.3",
        message("ah.refused.luck", "Luck is played only when a harmful event is about to hit you.")(),
    ),
    "place": (
        "AH-12.2",
        message("ah.refused.place", "Special resources are placed only in your own Monument step.")(),
    ),
    "discard": (
        "AH-13.2",
        message("ah.refused.discard", "The hand limit is checked only in your own Discard step.")(),
    ),
}
NOT_YOURS = message("ah.refused.not_yours", "This decision is not yours.")
BAD_PACK = message("ah.refused.bad_pack", "The game's content pack cannot be used: {problems}")
BUILD_DONE = message("ah.build.done", "{seat} finishes building.")
WAR_TAKEN_BACK = message(
    "ah.war.taken_back", "{seat} declares nothing and chooses another action instead of War (AH-7.3)."
)
FIRST_PLAYER = message("ah.setup.first_player", "First player by battle-card draw (AH-3.3): {draws}. {seat} starts.")
DREW_VALUE = message("ah.setup.drew_value", "{seat} drew {value}")
REDRAW = message("ah.setup.redraw", "{a}; re-draw: {b}")
OFFER_TO = message("ah.describe.offer", "offer {seat}: your {give} for their {get}")
ANOTHER_SEAT = message("ah.describe.another_seat", "another seat")
DECLARE = message("ah.describe.declare", "{purpose!c} on {seat} with {armies}")

log = logging.getLogger(__name__)


class AgeOfHeroes(Ruleset[AohState, AohOptions]):
    name = "ageofheroes"
    title = "Age of Heroes"
    min_players = 2
    max_players = 6
    factions = ("egyptian", "roman", "greek", "babylonian", "celtic", "chinese")
    state_model = AohState
    options_model = AohOptions
    option_labels = OPTION_LABELS  # spec §6: what each option means, shown by ``/game new`` in the reader's language
    option_names, option_values = OPTION_NAMES, OPTION_VALUES  # the lobby shows options by name, not id
    action_adapter = A.ACTION_ADAPTER

    # ---- setup ---------------------------------------------------------------
    def _setup(self, options: AohOptions, rng: Rng) -> AohState:
        content = load_content(options.content) if options.content_pack is None else _pack(options.content_pack)
        if not content.players.min <= options.players <= content.players.max:
            raise RuleViolation(
                "AH-1.8", f"This content supports {content.players.min} to {content.players.max} players."
            )
        state = AohState(
            ruleset=self.name,
            players=options.players,
            rng=rng,
            options=options,
            content=content,
            seats=[Player(seat=s) for s in range(options.players)],
            deck=Deck[str].shuffled(content.resource_cards(), rng),  # AH-3.1
            battle_deck=Deck[str].shuffled(content.battle_cards(), rng),
            supply=dict(content.item_supply),
        )
        M.first_player(state)  # AH-3.3
        for p in state.seats:  # AH-3.5: one City and one Army each
            state.supply["city"] -= 1
            state.supply["army"] -= 1
            p.cities = 1
            p.armies = [Army(id="a1")]
            p.next_army = 2
        order = [(state.first_seat + i) % options.players for i in range(options.players)]
        wanted = list(options.factions or [])
        for s in range(options.players):  # tribes the table already agreed on (AH-3.4.1)
            t = wanted[s] if s < len(wanted) else None
            if t in content.tribes and t not in {p.tribe for p in state.seats}:
                state.seats[s].tribe = t
        free = [t for t in content.tribes if t not in {p.tribe for p in state.seats}]
        if options.setup_tribe_selection == "random":  # AH-3.4.1 fallback: a random deal, first player first
            rng.shuffle(free)
            for s in order:
                if state.seats[s].tribe is None:
                    state.seats[s].tribe = free.pop(0)
        push(state, "deal")
        for s in reversed(order):
            if state.seats[s].tribe is None:
                push(state, "tribe", s)  # P-01, in seat order from the first player
        FLOW.advance(state)
        return state

    # ---- the loop ------------------------------------------------------------
    def _prompts(self, state: AohState) -> list[Prompt]:
        return build_prompts(state)

    def _apply(self, state: AohState, seat: int, action: Any) -> list[Event]:
        events: list[Event] = []
        t = action.type
        if t.startswith("trade_"):
            self._trade(state, seat, action, events)
        else:
            rule, text = EXPECTS[t]
            front = FLOW.current(state)
            if front is None or t not in FLOW.accepts.get(front.kind, ()):
                raise MS.refuse(rule, text)
            mine = seat in front.choice.seats if front.choice is not None else FLOW.may_act(front, seat)
            if not mine:
                raise MS.refuse("CORE-1", NOT_YOURS())
            self._dispatch(state, seat, action, events)
        # Eliminations first (AH-16.1): a seat that just gave its last card away is out of the trade.
        events += FLOW.run_checks(state)
        front = FLOW.current(state)
        if (
            front is not None
            and front.kind == "trade"
            and state.trade.all_done([p.seat for p in state.seats if not p.eliminated])
        ):
            FLOW.pop(state)
        events += FLOW.advance(state)
        return events

    def _dispatch(self, state: AohState, seat: int, a: Any, ev: list[Event]) -> None:
        t = a.type
        if t == "choose_tribe":
            M.choose_tribe(state, seat, a.tribe, ev)
        elif t == "action":
            TU.choose_action(state, seat, a.choice, ev)
        elif t == "draw_again":
            TU.draw_again(state, seat, a.draw, ev)
        elif t == "tax_swap":
            TU.tax_swap(state, seat, a.card, ev)
        elif t == "build":
            B.build(state, seat, a.item, a.pay, a.army, a.neighbour, a.confirm, ev)
        elif t == "finish_build":
            FLOW.pop(state)
            ev.append(MS.to_all("build_done", BUILD_DONE(seat=seat_name(state, seat)), seat=seat))
        elif t == "road_answer":
            B.answer_road(state, seat, a.consent, ev)
        elif t == "declare_war":
            W.declare(state, seat, a.target, a.purpose, a.armies, a.heroes, ev)
        elif t == "cancel_war":
            FLOW.pop(state)
            push(state, "action", seat)  # P-14 cancel: back to P-08
            ev.append(MS.to_all("war_taken_back", WAR_TAKEN_BACK(seat=seat_name(state, seat)), seat=seat))
        elif t == "respond":
            W.respond(state, seat, a.play, a.heroes, a.armies, ev)
        elif t == "assign":
            W.assign(state, seat, a.cards, a.lock, ev)
        elif t == "pick":
            W.pick(state, seat, a.unit, ev)
        elif t == "plunder_pick":
            W.plunder_pick(state, seat, a.positions, ev)
        elif t == "choose_target":
            EV.choose_target(state, seat, a.target, a.army, ev)
        elif t == "luck":
            EV.answer_luck(state, seat, a.play, ev)
        elif t == "place":
            TU.place(state, seat, a.cards, a.count, ev)
        elif t == "discard":
            TU.discard_cards(state, seat, a.cards, ev)

    def _trade(self, state: AohState, seat: int, a: Any, ev: list[Event]) -> None:
        t = a.type
        if t == "trade_offer":
            T.offer(state, seat, a.to, a.give, a.get, ev)
        elif t == "trade_accept":
            T.accept(state, seat, a.offer, ev)
        elif t == "trade_decline":
            T.decline(state, seat, a.offer, ev)
        elif t == "trade_withdraw":
            T.withdraw(state, seat, a.offer, ev)
        elif t == "trade_counter":
            T.counter(state, seat, a.offer, a.give, a.get, ev)
        elif t == "trade_done":
            T.set_done(state, seat, a.done, ev)

    # ---- views and results -----------------------------------------------------
    def opening_events(self, state: AohState) -> list[Event]:
        """AH-3.3: the first-player draws are public; the table posts them when the game starts."""
        draws: Msg | list[Msg] | str = ""
        for i, row in enumerate(state.first_draws):
            line = [DREW_VALUE(seat=seat_name(state, seat), value=value) for seat, value in row]
            draws = line if i == 0 else REDRAW(a=draws, b=line)
        return [
            MS.to_all(
                "first_player",
                FIRST_PLAYER(draws=draws, seat=seat_name(state, state.first_seat)),
                reveals=True,
                draws=state.first_draws,
                first=state.first_seat,
            )
        ]

    def names(self) -> AohNames:
        """The names of this game's ``Ref``s in every language (cogs/lang.py ``game_names``)."""
        return NAMES

    def load_state(self, data: str | bytes) -> AohState:
        """A stored state, its content pack checked in this process (docs/content-packs.md).

        Why: a view names its content only by ``content_id``, and ``content_of_view`` (the private
        panel, pictures) finds a pack only once this process has checked it. A game loaded cold
        from its snapshot (after a restart, or in another process) never ran its setup here, so
        without this its panel fell back to the default content's texts and counts."""
        state = super().load_state(data)
        if state.options.content_pack:
            try:
                pack_content(state.options.content_pack)
            except ValueError as exc:  # no longer validates: the game plays on, its panel in the default texts
                log.warning("a stored game's content pack no longer validates: %s", exc)
        return state

    def view(self, state: AohState, seat: int | None) -> dict[str, Any]:
        if seat is None or not 0 <= seat < len(state.seats):
            return public_view(state)
        return seat_view(state, seat)

    def result(self, state: AohState) -> Result | None:
        if state.winners is None:
            return None
        return Result(
            winners=list(state.winners),
            reason=state.reason,
            scores={s: (1.0 if s in state.winners else 0.0) for s in range(len(state.seats))},
        )

    def describe_action(self, state: AohState, seat: int, action: dict[str, Any]) -> str:
        """Option labels where there is one; typed answers (offers, declarations) in words."""
        said = self.describe_action_msg(state, seat, action)
        return MS.en(said) if said is not None else super().describe_action(state, seat, action)

    def describe_action_msg(self, state: AohState, seat: int, action: dict[str, Any]) -> Msg | None:
        """A typed answer (offer, declaration) as a message, so the Discord layer confirms it in
        the player's language; None for an action that has no words of its own."""
        t = action.get("type")
        try:
            if t in ("trade_offer", "trade_counter"):
                to = action.get("to")
                if t == "trade_counter":
                    offer = state.trade.find(int(action.get("offer", 0)))
                    to = offer.frm if offer else None
                who = (
                    seat_name(state, int(to)) if isinstance(to, int) and 0 <= to < len(state.seats) else ANOTHER_SEAT()
                )
                give, get = [str(g) for g in action.get("give") or []], [str(g) for g in action.get("get") or []]
                return OFFER_TO(seat=who, give=MS.cards(give), get=MS.cards(get))
            if (
                t == "declare_war"
                and isinstance(action.get("target"), int)
                and 0 <= action["target"] < len(state.seats)
            ):
                purpose = MS.purpose(str(action.get("purpose", "war")))
                ids = [str(a) for a in action.get("armies") or []]
                armies = MS.armies(ids) if ids else W.NO_ARMIES()
                return DECLARE(purpose=purpose, seat=seat_name(state, action["target"]), armies=armies)
        except (TypeError, ValueError):
            pass
        return None

    def sample_action(self, state: AohState, seat: int, rng: random.Random) -> dict[str, Any]:
        try:
            return sample(state, seat, rng)
        except LookupError as exc:
            raise RuleViolation("CORE-1", str(exc)) from exc

    # ---- checks ------------------------------------------------------------------
    def invariants(self, state: AohState) -> list[str]:
        return invariants(state)

    def secrets(self, state: AohState) -> dict[int, set[str]]:
        """Hand card ids and unflipped battle cards per seat; deck orders under the engine (-2)."""
        out: dict[int, set[str]] = {p.seat: set(p.hand) for p in state.seats}
        b = state.battle
        if b is not None:
            for side, drawn in (("att", b.att_drawn), ("dfn", b.def_drawn)):
                seat = b.seat_of(side)
                flipped = {u.card for u in b.units(side) if u.revealed}
                hidden = {c for c in drawn if c not in flipped}
                out.setdefault(seat, set()).update(hidden)
        out.setdefault(-2, set()).update(state.deck.draw_pile)
        return out


AGE_OF_HEROES = AgeOfHeroes()


def _pack(text: str) -> Content:
    """A game's content pack (docs/content-packs.md); a broken one is a CORE-2 refusal."""
    try:
        return pack_content(text)
    except ValueError as exc:
        raise RuleViolation(CORE_BAD_ACTION, BAD_PACK(problems=str(exc))) from exc
