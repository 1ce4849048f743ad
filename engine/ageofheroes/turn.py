"""A player's turn (AH-5): Draw, Action (Tax here; Build and War elsewhere), Monument, Discard, Retrieve."""

from __future__ import annotations

from engine.core import Event
from engine.core.text import Msg, Ref, message, plural_message

from . import cards as C
from . import messages as T
from .events_cards import reveal
from .flow import FLOW, auto, push, push_all
from .state import AohState, Frame
from .table import discard, draw, order_from, private_hand_event, round_start, seat_name
from .victory import end_of_turn_check, lift_quake
from .war import may_choose_war

TURN = message("ah.turn.start", "Round {round}: {seat}'s turn.")
DECK_EMPTY = message("ah.turn.deck_empty", "The resource deck and discard pile are empty: nothing is drawn (AH-15.3).")
WHERE_DRAW = message("ah.where.draw_step", "Draw step")
WHERE_TAX = message("ah.where.tax", "Tax")
YOU_DREW = message("ah.turn.you_drew", "You drew {card}.")
DRAWS_AGAIN = message("ah.turn.draws_again", "{seat} draws a card, drew an event and draws again (AH-6.3).")
DRAWS = message("ah.turn.draws", "{seat} draws a card.")
ACTION_CHOSEN = message(
    "ah.turn.refused.action_chosen",
    "Your action is chosen; you may switch only after a refused road with nothing built.",
)
WAR_NEEDS_ARMY = message(
    "ah.turn.refused.war_needs_army", "War needs an available army or a Mighty Hero to use as one."
)
TAX_EMPTY_HAND = message(
    "ah.turn.refused.tax_empty_hand", "With no City, Tax means swapping a card from your hand, and your hand is empty."
)
CHOOSES = message("ah.turn.chooses", "{seat} chooses {choice}.")
CHOICE = {
    "tax": message("ah.turn.choice.tax", "Tax"),
    "build": message("ah.turn.choice.build", "Build"),
    "war": message("ah.turn.choice.war", "War"),
    "none": message("ah.turn.choice.none", "no action"),
}
TAX_DECK_EMPTY = message(
    "ah.turn.tax_deck_empty",
    "The resource deck and discard pile are empty: the remaining Tax draws are lost (AH-15.3).",
)
TAX_YOU_DREW = message("ah.turn.tax_you_drew", "Tax: you drew {card}.")
TAX_DRAWS = message("ah.turn.tax_draws", "{seat} draws a Tax card.")
SWAP_NOT_IN_HAND = message("ah.turn.refused.swap_not_in_hand", "Swap a card that is in your hand.")
SKIPS_SWAP = message("ah.turn.skips_swap", "{seat} skips the swap.")
SWAPS = message("ah.turn.swaps", "{seat} discards {card} to draw a card (AH-8.2).")
HOLD_SPECIALS = plural_message(
    "ah.turn.refused.hold_specials", "You hold {n} {card} card(s).", "You hold {n} {card} card(s)."
)
PLACE_FROM_HAND = message("ah.turn.refused.place_from_hand", "Place cards from your own hand.")
ONLY_OWN_SPECIAL = message(
    "ah.turn.refused.only_own_special", "Only your own tribe's special resource ({card}) goes on your monument."
)
PLACES = plural_message(
    "ah.turn.places",
    "{seat} places {n} card(s) on the monument ({total} now).",
    "{seat} places {n} card(s) on the monument ({total} now).",
)
DISCARD_FROM_HAND = message("ah.turn.refused.discard_from_hand", "Discard cards from your own hand.")
DISCARD_AT_MOST = plural_message(
    "ah.turn.refused.discard_at_most",
    "Discard down to {limit}: at most {n} more card(s).",
    "Discard down to {limit}: at most {n} more card(s).",
)
N_CARDS = plural_message("ah.turn.n_cards", "{n} card(s)", "{n} card(s)")
DISCARDS = message("ah.turn.discards", "{seat} discards {cards} (AH-13.1).")
COME_HOME = plural_message(
    "ah.turn.come_home", "{seat}'s {armies} comes home (AH-14.1).", "{seat}'s {armies} come home (AH-14.1)."
)
QUAKE_LIFTED = message("ah.turn.quake_lifted", "The Earthquake on {seat} ends; its armies regroup (AH-14.2).")
TURN_END = message("ah.turn.end", "End of {seat}'s turn.")
MAY_DRAW_AGAIN = message("ah.turn.may_draw_again", "{seat} draws a card, drew an event and may draw again (AH-6.3).")
DRAWS_ON = message("ah.turn.draws_on", "{seat} takes the replacement draw (AH-6.3).")
STOPS = message("ah.turn.stops_drawing", "{seat} keeps their hand and draws no more (AH-6.3).")


@auto("turn")
def start_turn(state: AohState, frame: Frame, events: list[Event]) -> None:
    seat = int(frame.seat or 0)
    state.active = seat
    state.turn_no += 1
    state.turns_this_round.append(seat)
    events.append(T.to_all("turn", TURN(round=state.round, seat=seat_name(state, seat)), seat=seat, round=state.round))
    push_all(  # AH-5.1: the five steps in fixed order; the victory check follows Retrieve
        state,
        [
            ("draw_step", seat, {}),
            ("action", seat, {}),
            ("monument_step", seat, {}),
            ("discard_step", seat, {}),
            ("turn_end", seat, {}),
        ],
    )


@auto("draw_step")
def draw_step(state: AohState, frame: Frame, events: list[Event]) -> None:
    """AH-6: draw one; every event drawn here is followed by another draw (AH-6.3, CFG draw_step_replacement)."""
    seat = int(frame.seat or 0)
    card = draw(state)
    if card is None:  # AH-15.3
        events.append(T.to_all("no_card", DECK_EMPTY()))
        return
    mode = state.options.draw_step_replacement
    if C.is_immediate(card):
        events.append(reveal(state, seat, card, WHERE_DRAW()))
        if mode != "none":
            _replacement(state, seat)
        push(state, "event", seat, card=card, context="draw")  # AH-6.2: resolved before anything else
        return
    state.p(seat).hand.append(card)
    events.append(private_hand_event(state, seat, YOU_DREW(card=T.card(card)), [card]))
    if C.is_event(card) and mode == "all_events":
        may = state.options.draw_step_replacement_draw == "may"
        events.append(
            T.to_all(
                "draw",
                (MAY_DRAW_AGAIN if may else DRAWS_AGAIN)(seat=seat_name(state, seat)),
                seat=seat,
                reveals=True,
            )
        )
        _replacement(state, seat)
    else:
        events.append(T.to_all("draw", DRAWS(seat=seat_name(state, seat)), seat=seat, reveals=True))


def _replacement(state: AohState, seat: int) -> None:
    """AH-6.3: the replacement draw is made (default), or offered (CFG draw_step_replacement_draw=may)."""
    push(state, "draw_again" if state.options.draw_step_replacement_draw == "may" else "draw_step", seat)


def draw_again(state: AohState, seat: int, draw: bool, events: list[Event]) -> None:
    """The replacement-draw question (CFG draw_step_replacement_draw=may): draw now, or keep the hand."""
    FLOW.pop(state)
    events.append(T.to_all("draw_again", (DRAWS_ON if draw else STOPS)(seat=seat_name(state, seat)), seat=seat))
    if draw:
        push(state, "draw_step", seat)


def choose_action(state: AohState, seat: int, choice: str, events: list[Event]) -> None:
    """P-08 (AH-7.1): exactly one of Tax, Build, War or nothing; P-13 allows a switch after a refused road."""
    frame = state.steps[0]
    if frame.kind == "build":
        if not frame.data.get("may_switch") or choice == "build":
            raise T.refuse("AH-7.3", ACTION_CHOSEN())
    p = state.p(seat)
    if choice == "war" and not may_choose_war(state, seat):  # the public test; the hand is checked in secret
        raise T.refuse("AH-10.1", WAR_NEEDS_ARMY())
    if choice == "tax" and p.cities == 0 and not p.hand:
        raise T.refuse("AH-8.2", TAX_EMPTY_HAND())
    FLOW.pop(state)
    events.append(
        T.to_all(
            "action",
            CHOOSES(seat=seat_name(state, seat), choice=CHOICE[choice]()),
            seat=seat,
            choice=choice,
        )
    )
    if choice == "tax":
        if p.cities > 0:
            push(state, "tax_draw", seat, remaining=p.cities)  # AH-8.1
        else:
            push(state, "tax_swap", seat)  # AH-8.2 / P-09
    elif choice == "build":
        push(state, "build", seat, built=0, may_switch=False)
    elif choice == "war":
        push(state, "war_declare", seat)


@auto("tax_draw")
def tax_draw(state: AohState, frame: Frame, events: list[Event]) -> None:
    """AH-8.1/8.3: one card per City; an immediate event resolves mid-Tax and is not replaced by default."""
    seat = int(frame.seat or 0)
    remaining = int(frame.data["remaining"])
    card = draw(state)
    if card is None:
        events.append(T.to_all("no_card", TAX_DECK_EMPTY()))
        return
    left = remaining - 1
    if C.is_immediate(card) and state.options.tax_replacement:
        left += 1
    if left > 0:
        push(state, "tax_draw", seat, remaining=left)
    if C.is_immediate(card):
        events.append(reveal(state, seat, card, WHERE_TAX()))
        push(state, "event", seat, card=card, context="tax")
        return
    state.p(seat).hand.append(card)
    events.append(private_hand_event(state, seat, TAX_YOU_DREW(card=T.card(card)), [card]))
    events.append(T.to_all("draw", TAX_DRAWS(seat=seat_name(state, seat)), seat=seat, reveals=True))


def tax_swap(state: AohState, seat: int, card: str | None, events: list[Event]) -> None:
    """P-09 (AH-8.2): with no City, discard one chosen card face up and draw one."""
    p = state.p(seat)
    if card is not None and card not in p.hand:
        raise T.refuse("AH-8.2", SWAP_NOT_IN_HAND())
    FLOW.pop(state)
    if card is None:
        events.append(T.to_all("tax_swap", SKIPS_SWAP(seat=seat_name(state, seat)), seat=seat))
        return
    p.hand.remove(card)
    discard(state, card)
    events.append(
        T.to_all(
            "tax_swap",
            SWAPS(seat=seat_name(state, seat), card=T.card(card)),
            seat=seat,
            card=C.kind(card),
        )
    )
    tax_draw(state, Frame(kind="tax_draw", seat=seat, data={"remaining": 1}), events)  # atomic with the discard


@auto("monument_step")
def monument_step(state: AohState, frame: Frame, events: list[Event]) -> None:
    """AH-12: prompt unless the table lets players without a card skip silently (§3 N2)."""
    seat = int(frame.seat or 0)
    special = state.content.special_of(state.p(seat).tribe)
    if state.options.prompts_auto_pass_without_card and not any(C.kind(c) == special for c in state.p(seat).hand):
        return
    push(state, "monument", seat)


def place(state: AohState, seat: int, chosen: list[str] | None, count: int | None, events: list[Event]) -> None:
    """P-19 (AH-12.1): any number of the player's own special resources go face up on the monument."""
    p = state.p(seat)
    special = state.content.special_of(p.tribe)
    if chosen is None:
        own = [c for c in p.hand if C.kind(c) == special]
        if count is None or count > len(own) or count < 0:
            raise T.refuse("AH-12.1", HOLD_SPECIALS(n=len(own), card=T.card(special or "")))
        chosen = own[:count]
    if len(set(chosen)) != len(chosen) or any(c not in p.hand for c in chosen):
        raise T.refuse("AH-12.1", PLACE_FROM_HAND())
    if any(C.kind(c) != special for c in chosen):
        raise T.refuse("AH-12.1", ONLY_OWN_SPECIAL(card=T.card(special or "")))
    for c in chosen:
        p.hand.remove(c)
        p.monument.append(c)
    FLOW.pop(state)
    events.append(
        T.to_all(
            "monument",
            PLACES(seat=seat_name(state, seat), n=len(chosen), total=len(p.monument)),
            seat=seat,
            placed=len(chosen),
            total=len(p.monument),
        )
    )


@auto("discard_step")
def discard_step(state: AohState, frame: Frame, events: list[Event]) -> None:
    """AH-13: only in one's own Discard step, down to the hand limit."""
    seat = int(frame.seat or 0)
    if len(state.p(seat).hand) > state.content.constants.hand_limit:
        push(state, "discard", seat)


def discard_cards(state: AohState, seat: int, chosen: list[str], events: list[Event]) -> None:
    """P-20: the owner chooses (AMB-29); cards go face up (AMB-21)."""
    p = state.p(seat)
    excess = len(p.hand) - state.content.constants.hand_limit
    if not chosen or len(set(chosen)) != len(chosen) or any(c not in p.hand for c in chosen):
        raise T.refuse("AH-13.1", DISCARD_FROM_HAND())
    if len(chosen) > excess:
        raise T.refuse("AH-13.1", DISCARD_AT_MOST(limit=state.content.constants.hand_limit, n=excess))
    for c in chosen:
        p.hand.remove(c)
    discard(state, *chosen)
    shown: list[Ref] | Msg = T.cards(chosen) if state.options.discard_pile_public else N_CARDS(n=len(chosen))
    events.append(T.to_all("discard", DISCARDS(seat=seat_name(state, seat), cards=shown), seat=seat, count=len(chosen)))
    if len(p.hand) <= state.content.constants.hand_limit:
        FLOW.pop(state)


def retrieve(state: AohState, seat: int, events: list[Event]) -> None:
    """AH-14: armies away since an earlier turn come home; expiring Earthquakes are lifted."""
    p = state.p(seat)
    back = [a.id for a in p.armies if a.status == "away" and a.away_turn != state.turn_no]
    for a in p.armies:
        if a.id in back:
            a.status, a.away_turn = "home", None
    if back:
        events.append(
            T.to_all(
                "retrieve", COME_HOME(seat=seat_name(state, seat), armies=T.armies(back), n=len(back)), armies=back
            )
        )
    by = "drawer" if state.options.earthquake_duration == "drawer_turn_end" else "target"
    for quake in [q for q in state.quakes if getattr(q, by) == seat]:
        lift_quake(state, quake)
        events.append(
            T.to_all(
                "quake_lifted",
                QUAKE_LIFTED(seat=seat_name(state, quake.target)),
                target=quake.target,
            )
        )


@auto("turn_end")
def turn_end(state: AohState, frame: Frame, events: list[Event]) -> None:
    """AH-5.2: Retrieve, the victory check, then the next survivor or the next Market Day."""
    seat = int(frame.seat or 0)
    if not state.p(seat).eliminated:
        retrieve(state, seat, events)
        end_of_turn_check(state, seat, events)
        if state.winners is not None:
            return
    state.active = None
    # A milestone: the table posts the public tableau after every turn.
    events.append(T.to_all("turn_end", TURN_END(seat=seat_name(state, seat)), milestone=True, seat=seat))
    left = [s for s in order_from(state, round_start(state)) if s not in state.turns_this_round]
    after = [s for s in order_from(state, seat) if s in left]
    if after:
        push(state, "turn", after[0])
    else:
        push(state, "market_day")
