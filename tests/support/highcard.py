"""A tiny test-only ruleset with a secret hand and a simultaneous choice.

"High card": each seat holds a secret hand of uniquely named cards. Each round all
seats secretly pick a card at once (TEST-2); when the last seat locks in, the picks
are revealed and the highest scores a point (TEST-3). Then, in seat order, each
seat publicly calls "raise" or "hold" (TEST-4: no randomness, so it can be undone);
a raise draws a fresh card, seen only by that seat (TEST-5). After ``rounds`` rounds
the most points wins (TEST-6). It exists so the kernel, the store and the Discord
layer can be tested before a real game is finished.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core import (
    Deck,
    Event,
    GameOptions,
    GameState,
    Option,
    Prompt,
    Result,
    Ruleset,
    RuleViolation,
    SecretChoice,
)
from engine.core.rng import Rng

COLOURS = ("ruby", "jade", "opal", "onyx", "amber", "pearl")
DECK = [f"{colour}-{value:02d}" for colour in COLOURS for value in range(1, 11)]


def card_value(card: str) -> int:
    return int(card.split("-")[1])


class HighCardOptions(GameOptions):
    rounds: int = Field(default=3, ge=1, le=10)
    hand_size: int = Field(default=3, ge=1, le=6)
    # Off by default (other tests rely on the plain game). ``gm_ties`` hands a tied
    # reveal to the game master instead of scoring nothing (TEST-3); ``opening_hands``
    # makes ``opening_events`` announce the deal and tell each seat its hand.
    gm_ties: bool = False
    opening_hands: bool = False


class Pick(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["pick"]
    card: str
    lock: bool = True


class Call(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["call"]
    call: Literal["raise", "hold"]


class HighCardState(GameState):
    rounds: int
    round: int = 1
    phase: Literal["pick", "call", "over"] = "pick"
    hands: list[list[str]]
    deck: Deck[str]
    scores: list[int]
    choice: SecretChoice | None = None
    caller: int = 0
    revealed: list[str | None] = Field(default_factory=list)
    gm_ties: bool = False
    opening_hands: bool = False


class HighCard(Ruleset[HighCardState, HighCardOptions]):
    name = "highcard"
    title = "High Card (test)"
    min_players = 2
    max_players = 4
    factions = ("red", "blue", "green", "gold")
    state_model = HighCardState
    options_model = HighCardOptions
    action_adapter = TypeAdapter(Annotated[Pick | Call, Field(discriminator="type")])

    def _setup(self, options: HighCardOptions, rng: Rng) -> HighCardState:
        deck = Deck[str].shuffled(DECK, rng)
        hands = [deck.draw(rng, options.hand_size) for _ in range(options.players)]
        state = HighCardState(
            ruleset=self.name,
            players=options.players,
            rng=rng,
            rounds=options.rounds,
            hands=hands,
            deck=deck,
            scores=[0] * options.players,
            gm_ties=options.gm_ties,
            opening_hands=options.opening_hands,
        )
        self._open_pick(state)
        return state

    def opening_events(self, state: HighCardState) -> list[Event]:
        if not state.opening_hands:
            return []
        size = len(state.hands[0]) if state.hands else 0
        events = [Event.to_all("dealt", f"Each seat was dealt {size} cards.")]
        for seat, hand in enumerate(state.hands):
            events.append(Event.to_seats(seat, "hand", f"Your opening hand: {', '.join(hand)}.", cards=list(hand)))
        return events

    def _open_pick(self, state: HighCardState) -> None:
        state.phase = "pick"
        state.choice = SecretChoice(key=f"pick-r{state.round}", rule="TEST-2", seats=list(range(state.players)))

    def _prompts(self, state: HighCardState) -> list[Prompt]:
        if state.phase == "pick" and state.choice is not None:
            return state.choice.prompts(
                f"Round {state.round}: pick a card to play.",
                lambda seat: [Option(label=card, action={"type": "pick", "card": card}) for card in state.hands[seat]],
            )
        if state.phase == "call":
            return [
                Prompt(
                    seat=state.caller,
                    key=f"call-r{state.round}-s{state.caller}",
                    rule="TEST-4",
                    question="Raise (draw a card) or hold?",
                    options=[
                        Option(label="Raise", action={"type": "call", "call": "raise"}),
                        Option(label="Hold", action={"type": "call", "call": "hold"}),
                    ],
                    default={"type": "call", "call": "hold"},
                )
            ]
        return []

    def _apply(self, state: HighCardState, seat: int, action: Any) -> list[Event]:
        if isinstance(action, Pick):
            return self._pick(state, seat, action)
        return self._call(state, seat, action)

    def _pick(self, state: HighCardState, seat: int, action: Pick) -> list[Event]:
        if state.phase != "pick" or state.choice is None:
            raise RuleViolation("TEST-2", "Cards are picked only at the start of a round.")
        if action.card not in state.hands[seat]:
            raise RuleViolation("TEST-1", "You can only play a card from your own hand.")
        state.choice.submit(seat, {"card": action.card}, lock=action.lock)
        events = [Event.to_all("locked", f"Seat {seat + 1} has locked in.", seat=seat)]
        if state.choice.complete:
            events += self._reveal(state)
        return events

    def _reveal(self, state: HighCardState) -> list[Event]:
        assert state.choice is not None
        picks = {seat: state.choice.answers[seat]["card"] for seat in state.choice.seats}
        for seat, card in picks.items():
            state.hands[seat].remove(card)
        best = max(card_value(c) for c in picks.values())
        leaders = [s for s, c in picks.items() if card_value(c) == best]
        text = ", ".join(f"seat {s + 1} played {c}" for s, c in sorted(picks.items()))
        events = [
            Event.to_all("reveal", f"Revealed: {text}.", reveals=True, picks={str(k): v for k, v in picks.items()})
        ]
        if len(leaders) == 1:  # TEST-3: ties score nothing
            state.scores[leaders[0]] += 1
            events.append(Event.to_all("score", f"Seat {leaders[0] + 1} scores a point.", seat=leaders[0]))
        elif state.gm_ties:  # the table's house rule: the game master settles a tie
            tied = ", ".join(f"seat {s + 1} ({picks[s]})" for s in leaders)
            seats = " and ".join(f"seat {s + 1}" for s in leaders)
            events.append(
                state.gm.hand_over(
                    "TEST-3",
                    f"Tie for the highest card between {tied}: award the point with a patch of /scores, or none.",
                    public_text=f"{seats} tied for the highest card; the game master decides who scores.",
                    seats=leaders,
                )
            )
        state.revealed = [picks[s] for s in range(state.players)]
        state.choice = None
        state.phase = "call"
        state.caller = 0
        return events

    def _call(self, state: HighCardState, seat: int, action: Call) -> list[Event]:
        if state.phase != "call" or seat != state.caller:
            raise RuleViolation("TEST-4", "Seats call in order after the reveal.")
        events = [Event.to_all("call", f"Seat {seat + 1} calls {action.call}.", seat=seat, call=action.call)]
        if action.call == "raise":  # TEST-5
            card = state.deck.draw_one(state.rng)
            if card is not None:
                state.hands[seat].append(card)
                events.append(Event.to_seats(seat, "draw", f"You drew {card}.", reveals=True, card=card))
                events.append(Event.to_all("drew", f"Seat {seat + 1} drew a card.", reveals=True, seat=seat))
        state.caller += 1
        if state.caller >= state.players:
            if state.round >= state.rounds or any(not hand for hand in state.hands):
                state.phase = "over"  # TEST-6
                events.append(Event.to_all("over", "The game is over.", scores=list(state.scores)))
            else:
                state.round += 1
                self._open_pick(state)
        return events

    def view(self, state: HighCardState, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "round": state.round,
            "rounds": state.rounds,
            "phase": state.phase,
            "scores": list(state.scores),
            "hand_sizes": [len(h) for h in state.hands],
            "deck": state.deck.public(),
            "revealed": list(state.revealed),
            "choice": state.choice.public() if state.choice else None,
            "caller": state.caller if state.phase == "call" else None,
        }
        if seat is not None and 0 <= seat < state.players:
            out["seat"] = seat
            out["hand"] = list(state.hands[seat])
            if state.choice is not None:
                out["choice"] = state.choice.private(seat)
        return out

    def result(self, state: HighCardState) -> Result | None:
        if state.phase != "over":
            return None
        best = max(state.scores)
        return Result(
            winners=[s for s, v in enumerate(state.scores) if v == best],
            reason="most points after the last round",
            scores={s: float(v) for s, v in enumerate(state.scores)},
        )

    def secrets(self, state: HighCardState) -> dict[int, set[str]]:
        out = {seat: set(hand) for seat, hand in enumerate(state.hands)}
        if state.choice is not None:
            for seat, answer in state.choice.answers.items():
                out[seat].add(answer["card"])
        return out


HIGHCARD = HighCard()
