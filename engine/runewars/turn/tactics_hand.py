"""Playing a tactics card from hand (RW-30.2), the step the own-turn, diplomacy and battle windows share.

Each window first checks which cards it allows (RW-30.3: own-turn, diplomacy or battle timing); the
card then leaves the hand and goes to the discard pile, and everyone is told what was played with its
printed text, the same way whichever window it was played in. A card gained this season cannot be
played (RW-30.2), so the copy taken from hand is always one held since an earlier season.
"""

from __future__ import annotations

from engine.core import Event, RuleViolation
from engine.core.text import Msg, message
from engine.runewars.catalog import catalog
from engine.runewars.content.models import TacticsCard
from engine.runewars.setup.start import seat_name
from engine.runewars.state import RunewarsState
from engine.runewars.text import printed, ref, to_all

TACTICS_PLAYED = message("rw.tactics.played", "{seat} plays {card}: {text}")


def play_from_hand(state: RunewarsState, seat: int, card_id: str, rule: str, refusal: Msg) -> tuple[TacticsCard, Event]:
    """Take ``card_id`` from the seat's hand to the discard pile (RW-30.2); the card and the public event.

    A card the seat does not hold from an earlier season (an old button pressed again) raises
    ``RuleViolation(rule, refusal)`` and changes nothing."""
    hand = state.seats[seat].tactics
    idx = next((i for i, c in enumerate(hand) if c.id == card_id and c.gained != state.season_index), None)
    if idx is None:
        raise RuleViolation(rule, refusal)
    hand.pop(idx)
    state.tactics_deck.discard(card_id)
    card = catalog().tactics[card_id]
    played = to_all(
        "tactics_played",
        TACTICS_PLAYED(
            seat=seat_name(state, seat),
            card=ref("tactics", card_id),
            text=printed("tactics", card_id, "text", card.text),
        ),
        reveals=True,
        seat=seat,
        card=card_id,
    )
    return card, played
