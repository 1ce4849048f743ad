"""[EXP: Fortress] What the event cards share (H3-7.5): the seats clockwise from the drawer, the shared deck a
card is turned up from and the way back into it (H3-7.5.5), a price by rank, one roll of dice, and the
``event_turn`` step that asks a player their part of an offer passed round the table only when they have
something to choose (H3-7.5.6: "each player in clockwise order may buy").

Why a module of its own: the event deck (deck.py), each player's own steps (player.py) and the
steps the drawer resolves for the whole table (table.py) all need these, and none of them should
import another to get them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core import Event
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ...adventure import effects
from ...cards import deck as cards
from ...content import load
from ...content.clash import Step as Effect
from ...content.clash import clash_content
from ...town import discount
from .. import messages as m
from ..asks import ASKS, new_ask
from ..common import can_pay, seat_order
from ..flow import FLOW, seat_of
from ..state import ClashState, EventDeck, Player

PASSES: frozenset[str] = frozenset({"pass", "skip", "decline", "done"})  # picks that choose nothing
TIERS: tuple[str, ...] = ("bronze", "silver", "gold", "azure")  # H3-29.1: the four neutral decks
# A step of an event option a player could not carry out now (no spell to remove, no MP left): the option
# is not offered (H3-7.5.4: each player chooses among the options open to them). Filled by player.py.
POSSIBLE: dict[str, Callable[[ClashState, Player, Effect], bool]] = {}


def table(state: ClashState) -> EventDeck:
    """The event deck and what lies on the table for the event being resolved."""
    assert state.event_deck is not None, "an event is resolved only in a game with the event deck (H3-6.24)"
    return state.event_deck


def clockwise(state: ClashState, first: int) -> list[int]:
    """The seats still in the game, clockwise from ``first`` (H3-7.5.4; Alliance and Cooperative tables
    use the same seat order)."""
    return [s for s in seat_order(state, first) if not state.player(s).eliminated]


def shared_deck(state: ClashState, kind: str) -> str:
    """The shared deck an event turns ``kind`` cards up from: the artifact or spell deck, or under the
    split-deck variant (H3-48.4) the minor artifact and basic spell decks, the ones every hero reaches
    (house: an event stands on no tile)."""
    if state.variant("split_decks") and kind in cards.SPLIT_DECKS:
        return cards.SPLIT_DECKS[kind][0]
    return kind


def reveal(state: ClashState, kind: str, n: int) -> list[str]:
    """Turn up to ``n`` cards from the top of the shared ``kind`` deck (H3-13.2.6 refills its discard pile)."""
    name = shared_deck(state, kind)
    got = cards.shared_draw(state, name, n)
    cards.refill_discard(state, name)
    return got


def back_to_deck(state: ClashState, inst: str) -> None:
    """H3-7.5.5: a card an event revealed goes back into its own shared deck, which is shuffled."""
    name = cards.home_deck(state, inst) or "artifact"
    deck = state.decks[name]
    deck.draw_pile.append(inst)
    deck.shuffle(state.rng)


def to_discard(state: ClashState, inst: str) -> None:
    """A revealed card the event itself sends to its deck's discard pile (face up, H3-13.2.6)."""
    state.decks[cards.home_deck(state, inst) or "artifact"].discard(inst)


def unit_back(state: ClashState, unit: str) -> None:
    """H3-7.5.5: a neutral unit card an event laid out goes back into its tier's deck, which is shuffled."""
    deck = state.neutral_decks[load().unit(unit).tier]
    deck.draw_pile.append(unit)
    deck.shuffle(state.rng)


def price(state: ClashState, inst: str, prices: Mapping[str, int]) -> int:
    """An artifact's printed price by its rank (Artifact Merchant, Messenger: minor 3, major 5, relic 7)."""
    return int(prices.get(clash_content().cards[state.cards[inst]].rank or "minor", 5))


def unit_cost(unit: str) -> dict[str, int]:
    """What buying or recruiting a neutral unit card costs: its printed cost (H3-26.3, H3-29.4)."""
    return {k: v for k, v in clash_content().recruit_cost(unit).as_dict().items() if v}


def can_buy_unit(state: ClashState, p: Player, unit: str) -> bool:
    """Whether ``p`` can pay for ``unit`` now, a pending Legion discount counted (H3-17)."""
    return can_pay(p, discount.apply(unit_cost(unit), discount.best(state, p)))


def cost_text(amounts: Mapping[str, int]) -> Msg:
    return m.COST(gold=amounts.get("gold", 0), bm=amounts.get("building_materials", 0), val=amounts.get("valuables", 0))


def has_units(state: ClashState, tier: str) -> bool:
    """Whether the neutral deck of ``tier`` still has a card to draw (its discard pile is reshuffled, H3-29.2)."""
    deck = state.neutral_decks.get(tier)
    return deck is not None and bool(deck.draw_pile or deck.discard_pile)


def roll(state: ClashState, p: Player, die: str, n: int) -> tuple[list[int], Event]:
    """Roll ``n`` dice of ``die`` ("treasure" or "resource") for ``p``, in the open (H3-20.5, H3-20.6)."""
    rolled = [state.rng.below(6) for _ in range(n)]
    faces = [effects.face_text(state, die, f) for f in rolled]
    said = m.ROLLED(seat=m.seat(p.seat), die=Ref(kind="h3_die", id=die), faces=faces)
    return rolled, Event.to_all("h3_rolled", said, faces=rolled)


def face_amounts(state: ClashState, face: int) -> dict[str, int]:
    """What a resource die face gives, as resources (H3-20.5; under the H3-48.8 row 1 of each)."""
    steps = effects.face_steps(state, clash_content().resource_die[face].steps)
    out: dict[str, int] = {}
    for step in steps:
        if step.effect == "gain":
            for k, v in step.delta().items():
                if v:
                    out[k] = out.get(k, 0) + v
    return out


def turn(state: ClashState, seat: int, what: str, *, quiet: bool = False, **data: object) -> Step:
    """An ``event_turn`` step: when it comes up, ``seat`` is asked ``what`` if the question offers more
    than passing; otherwise the seat passes at once, and the table is told (unless ``quiet``: nothing was
    left to offer it)."""
    return FLOW.new(state, "event_turn", seat, what=what, quiet=quiet, **data)


@FLOW.auto("event_turn")
def _turn(state: ClashState, st: Step) -> list[Event]:
    seat = seat_of(st)
    if state.player(seat).eliminated:
        return []
    data = {k: v for k, v in st.data.items() if k not in ("what", "quiet")}
    asked = new_ask(state, str(st.data["what"]), seat, **data)
    picks = [pick for _, pick in ASKS[str(st.data["what"])].options(state, asked)]
    if any(pick not in PASSES for pick in picks):
        FLOW.push(state, asked)
        return []
    if st.data.get("quiet"):
        return []
    return [Event.to_all("h3_event_pass", m.EVENT_PASSES(seat=m.seat(seat)), seat=seat)]
