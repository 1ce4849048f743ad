"""Years and seasons (RW-5, RW-6) and the order-card step (RW-7.2-7.4).

A season is queued as: season card (primary effect, RW-6.2) -> secondary effect in
player order (RW-6.4..6.8) -> secret order choice (RW-7.2) -> reveal and resolve in
player order (RW-7.3, 7.4, RW-8) -> season end (RW-5.4 timed end after the last winter).
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, Prompt, SecretChoice
from engine.core.text import message
from engine.runewars.actions import Choose, ChooseOrder
from engine.runewars.cards import resolve as cardfx
from engine.runewars.catalog import catalog
from engine.runewars.flow import applies, auto, decision, done, push, step
from engine.runewars.heroes import glue as heroes_glue
from engine.runewars.player_order import player_order, season_step_order
from engine.runewars.setup.start import seat_name
from engine.runewars.state import SEASONS, RunewarsState
from engine.runewars.text import asked, en, need, option, printed, ref, semicolons, to_all, to_seats
from engine.runewars.turn.limits import winter_check
from engine.runewars.turn.orders import BONUS_TEXT, eligible, turn_steps
from engine.runewars.turn.victory import final_scoring

SEASON_BEGINS = message("rw.season.begins", "Year {year}, {season} begins.")
SEASON_CARD = message("rw.season.card", "Season card: {card}. {text}")
SEASON_CARD_SOURCE = message("rw.season.card_source", "season card {card}")
PRIMARCH = message("rw.season.primarch", "{seat} ({title}) gains 1 influence (RW-6.3).")
AUTUMN_RESHUFFLE = message(
    "rw.season.autumn.reshuffle",
    "The destiny discard pile is shuffled back into the deck (RW-6.7.1).",
)
SPRING = message(
    "rw.season.spring",
    "Spring: activation tokens are removed, routed models stand and order cards "
    "return to their owners' hands (RW-6.5).",
)
AUTUMN_Q = message("rw.season.autumn.question", "Autumn: take 2 influence or draw 1 tactics card?")
AUTUMN_INFLUENCE = message("rw.season.autumn.influence_option", "Take 2 influence")
AUTUMN_TACTICS = message("rw.season.autumn.tactics_option", "Draw 1 tactics card")
AUTUMN_BAD = message("rw.season.autumn.refused", "Choose 2 influence or 1 tactics card.")
AUTUMN_TOOK_INFLUENCE = message("rw.season.autumn.took_influence", "{seat} takes 2 influence.")
AUTUMN_TOOK_TACTICS = message("rw.season.autumn.took_tactics", "{seat} draws a tactics card.")
ORDERS_Q = message(
    "rw.orders.question", "Year {year}, {season}: choose your order card (secret until everyone has chosen)."
)
# P-30: each order card's basic ability in a few words, for the order menu.
ORDER_SHORT = {
    1: message("rw.orders.short.1", "move units and heroes one step each"),
    2: message("rw.orders.short.2", "activate an area and move in (then battle/diplomacy)"),
    3: message("rw.orders.short.3", "activate an area and move in (then battle/diplomacy)"),
    4: message("rw.orders.short.4", "set your dials to your production"),
    5: message("rw.orders.short.5", "recruit units with one resource dial"),
    6: message("rw.orders.short.6", "one benefit from each city you control"),
    7: message("rw.orders.short.7", "gain influence from your dials"),
    8: message("rw.orders.short.8", "build/repair a stronghold, move runes"),
}
ORDER_OPTION = message("rw.orders.option", "#{number} {order}: {ability}")
NO_BONUS = message("rw.orders.no_bonus", "No highest bonus on this card.")
BONUS_APPLIES = message("rw.orders.bonus_applies", "Bonus applies: {bonus}")
BONUS_WOULD_NOT = message("rw.orders.bonus_would_not", "Bonus would not apply (RW-7.6): {bonus}")
ORDER_USED = message("rw.orders.refused_used", "That order card is used; it comes back in spring.")
ORDER_LOCKED = message("rw.orders.locked", "{seat} has chosen an order card ({locked} of {total}).")
ORDER_PRIVATE = message("rw.orders.private", "You chose #{number} {order}.")
ORDER_PICK = message("rw.orders.pick", "{seat}: #{number} {order}")
ORDERS_REVEALED = message("rw.orders.revealed", "Order cards revealed: {picks}.")
SEASON_OVER = message("rw.season.over", "The season is over; next is year {year}, {season}.")


def last_year(state: RunewarsState) -> int:
    return 8 if state.options.epic else 6  # RW-5.1, RW-35.2


def queue_season(state: RunewarsState) -> list[Event]:
    """Refill an empty queue with the next season's steps (RW-5.2)."""
    push(
        state,
        step(state, "season_card"),
        step(state, "season_secondary"),
        step(state, "orders_open"),
        step(state, "season_end"),
    )
    return []


# ---- RW-6.2 / 6.3 season card ----------------------------------------------------------


def _draw_season_card(state: RunewarsState) -> str | None:
    season = state.season_name
    deck = state.season_decks.setdefault(season, [])
    if not deck:  # AMB-71: reshuffle this season's cards from the shared discard
        cat = catalog()
        back = [c for c in state.season_discard if cat.seasons[c].season == season]
        state.season_discard = [c for c in state.season_discard if c not in back]
        state.rng.shuffle(back)
        deck.extend(back)
    return deck.pop(0) if deck else None


@auto("season_card")
def _season_card(state: RunewarsState, st: Any) -> list[Event]:
    cat = catalog()
    card_id = _draw_season_card(state)
    events: list[Event] = [
        to_all(
            "season",
            SEASON_BEGINS(year=state.year, season=ref("season", state.season_name)),
            year=state.year,
            season=state.season_name,
        )
    ]
    if card_id is None:
        return events
    card = cat.seasons[card_id]
    if state.season_card is not None:
        state.season_discard.append(state.season_card)
    state.season_card = card_id
    events.append(
        to_all(
            "season_card",
            SEASON_CARD(card=ref("season", card_id), text=printed("season", card_id, "text", card.text)),
            reveals=True,
            card=card_id,
        )
    )
    if card.council_of_wizards:  # RW-6.3 / RW-31.6
        primarch = cat.title_with("council_card_drawn")
        holder = state.titles[primarch].holder if primarch in state.titles else None
        if holder is not None:
            state.seats[holder].influence += 1
            events.append(
                to_all("primarch", PRIMARCH(seat=seat_name(state, holder), title=ref("title", primarch)), seat=holder)
            )
    effects = [e.model_dump(mode="json") for e in card.effects]
    if effects:
        cardfx.queue(
            state,
            effects,
            seat=None,
            source=SEASON_CARD_SOURCE(card=ref("season", card_id)),
            rule="RW-6.2",
            order=season_step_order(state),
        )
    return events


# ---- RW-6.4..6.8 secondary -----------------------------------------------------------------


@auto("season_secondary")
def _secondary(state: RunewarsState, st: Any) -> list[Event]:
    season = state.season_name
    if season == "spring":
        return spring_refresh(state)
    if season == "summer":
        return heroes_glue.start_quest_phase(state)
    if season == "autumn":
        state.destiny.reshuffle_all(state.rng)  # RW-6.7.1
        push(state, *[step(state, "autumn_choice", seat) for seat in season_step_order(state)])
        return [to_all("autumn", AUTUMN_RESHUFFLE())]
    return winter_check(state)


def spring_refresh(state: RunewarsState) -> list[Event]:
    """RW-6.5: activation tokens off, everything stands, used order cards back to hand."""
    for area in state.board.values():
        area.activation = []
    for u in state.units:
        u.routed = False
    for p in state.seats:
        p.orders_used = []
    heroes_glue.spring(state)
    return [to_all("spring", SPRING())]


@decision("autumn_choice", "rw_choose")
def _autumn_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-6.7.2",
            question=en(AUTUMN_Q()),
            msg=AUTUMN_Q(),
            options=[
                option(AUTUMN_INFLUENCE(), {"type": "rw_choose", "value": "influence"}),
                option(AUTUMN_TACTICS(), {"type": "rw_choose", "value": "tactics"}),
            ],
        )
    ]


@applies("autumn_choice")
def _autumn_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in ("influence", "tactics"), "RW-6.7.2", AUTUMN_BAD())
    done(state, st)
    if action.value == "influence":
        state.seats[seat].influence += 2
        return [to_all("autumn_choice", AUTUMN_TOOK_INFLUENCE(seat=seat_name(state, seat)), seat=seat)]
    events = [to_all("autumn_choice", AUTUMN_TOOK_TACTICS(seat=seat_name(state, seat)), seat=seat)]
    return events + cardfx.draw_tactics(state, seat, 1)


def hand(state: RunewarsState, seat: int) -> list[int]:
    return [c for c in range(1, 9) if c not in state.seats[seat].orders_used]


@auto("orders_open")
def _orders_open(state: RunewarsState, st: Any) -> list[Event]:
    seats = state.active_seats()
    state.choice = SecretChoice(
        key=state.new_key(f"orders-y{state.year}-{state.season_name}"), rule="RW-7.2", seats=seats
    )
    push(state, step(state, "orders_choose"))
    return []


@decision("orders_choose", "rw_order")
def _orders_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    assert state.choice is not None
    question = ORDERS_Q(year=state.year, season=ref("season", state.season_name))
    return asked(
        state.choice.prompts(en(question), lambda seat: [order_option(state, seat, c) for c in hand(state, seat)]),
        question,
    )


def order_option(state: RunewarsState, seat: int, card: int) -> Option:
    """P-30: an order card as a menu entry: number, name and basic ability; whether its bonus applies."""
    label = ORDER_OPTION(number=card, order=ref("order", card), ability=ORDER_SHORT[card]())
    if card not in BONUS_TEXT:
        why = NO_BONUS()
    elif eligible(state, seat, card):
        why = BONUS_APPLIES(bonus=BONUS_TEXT[card]())
    else:
        why = BONUS_WOULD_NOT(bonus=BONUS_TEXT[card]())
    made = option(label, {"type": "rw_order", "card": card}, why, limit=80)
    if made.description is not None and len(made.description) > 100:
        made.description = made.description[:99] + "…"
    return made


@applies("orders_choose")
def _orders_apply(state: RunewarsState, st: Any, seat: int, action: ChooseOrder) -> list[Event]:
    assert state.choice is not None
    need(action.card in hand(state, seat), "RW-7.5", ORDER_USED())
    state.choice.submit(seat, {"card": action.card}, lock=action.lock)
    events = [
        to_all(
            "order_locked",
            ORDER_LOCKED(seat=seat_name(state, seat), locked=len(state.choice.locked), total=len(state.choice.seats)),
            seat=seat,
        ),
        to_seats(
            seat,
            "order_private",
            ORDER_PRIVATE(number=action.card, order=ref("order", action.card)),
            card=action.card,
        ),
    ]
    if not state.choice.complete:
        return events
    # RW-7.3 simultaneous reveal
    picks = {s: int(state.choice.answers[s]["card"]) for s in state.choice.seats}
    state.choice = None
    for s, c in picks.items():
        state.seats[s].order_now = c
        if state.season == 0:
            state.seats[s].order_spring = c
    order = player_order(state, "now")  # RW-7.4 / AMB-24: decided once, at the reveal
    state.resolve_order = order
    done(state, st)
    said = semicolons(
        [ORDER_PICK(seat=seat_name(state, s), number=picks[s], order=ref("order", picks[s])) for s in order]
    )
    events.append(
        to_all(
            "orders_revealed",
            ORDERS_REVEALED(picks=said),
            reveals=True,
            cards={str(k): v for k, v in picks.items()},
            order=order,
        )
    )
    queued = []
    for s in order:
        queued += turn_steps(state, s, picks[s])
    push(state, *queued)
    return events


@auto("season_end")
def _season_end(state: RunewarsState, st: Any) -> list[Event]:
    events: list[Event] = []
    state.modifiers = [m for m in state.modifiers if m.until not in ("season", "turn", "battle", "quest_phase")]
    state.winter_water = False
    for p in state.seats:
        p.order_prev = p.order_now
        p.order_now = None
    state.resolve_order = []
    if state.season == 3 and state.year >= last_year(state):
        return final_scoring(state)  # RW-5.4 / RW-28.2
    state.season += 1
    if state.season == 4:
        state.season = 0
        state.year += 1
    heroes_glue.new_season(state)
    events.append(to_all("season_over", SEASON_OVER(year=state.year, season=ref("season", SEASONS[state.season]))))
    return events
