"""Years and seasons (RW-5, RW-6) and the order-card step (RW-7.2-7.4).

A season is queued as: season card (primary effect, RW-6.2) -> secondary effect in
player order (RW-6.4..6.8) -> secret order choice (RW-7.2) -> reveal and resolve in
player order (RW-7.3, 7.4, RW-8) -> season end (RW-5.4 timed end after the last winter).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Event, Option, Prompt, SecretChoice
from engine.runewars import board as B
from engine.runewars.actions import Choose, ChooseOrder, Destroy
from engine.runewars.cards import resolve as cardfx
from engine.runewars.catalog import catalog
from engine.runewars.flow import applies, auto, decision, done, need, push, sampler, step
from engine.runewars.heroes import glue as heroes_glue
from engine.runewars.player_order import player_order, season_step_order
from engine.runewars.setup.start import seat_name
from engine.runewars.state import SEASONS, RunewarsState

ORDER_NAMES = {
    1: "Strategize",
    2: "Mobilize",
    3: "Conquer",
    4: "Harvest",
    5: "Recruit",
    6: "Rally Support",
    7: "Acquire Power",
    8: "Fortify",
}


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
        Event.to_all(
            "season", f"Year {state.year}, {state.season_name} begins.", year=state.year, season=state.season_name
        )
    ]
    if card_id is None:
        return events
    card = cat.seasons[card_id]
    if state.season_card is not None:
        state.season_discard.append(state.season_card)
    state.season_card = card_id
    events.append(Event.to_all("season_card", f"Season card: {card.name}. {card.text}", reveals=True, card=card_id))
    if card.council_of_wizards:  # RW-6.3 / RW-31.6
        primarch = cat.title_with("council_card_drawn")
        holder = state.titles[primarch].holder if primarch in state.titles else None
        if holder is not None:
            state.seats[holder].influence += 1
            events.append(
                Event.to_all(
                    "primarch", f"{seat_name(state, holder)} (Primarch) gains 1 influence (RW-6.3).", seat=holder
                )
            )
    effects = [e.model_dump(mode="json") for e in card.effects]
    if effects:
        cardfx.queue(
            state, effects, seat=None, source=f"season card {card.name}", rule="RW-6.2", order=season_step_order(state)
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
        return [Event.to_all("autumn", "The destiny discard pile is shuffled back into the deck (RW-6.7.1).")]
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
    return [
        Event.to_all(
            "spring",
            "Spring: activation tokens are removed, routed models stand and order cards "
            "return to their owners' hands (RW-6.5).",
        )
    ]


@decision("autumn_choice", "rw_choose")
def _autumn_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-6.7.2",
            question="Autumn: take 2 influence or draw 1 tactics card?",
            options=[
                Option(label="Take 2 influence", action={"type": "rw_choose", "value": "influence"}),
                Option(label="Draw 1 tactics card", action={"type": "rw_choose", "value": "tactics"}),
            ],
        )
    ]


@applies("autumn_choice")
def _autumn_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in ("influence", "tactics"), "RW-6.7.2", "Choose 2 influence or 1 tactics card.")
    done(state, st)
    if action.value == "influence":
        state.seats[seat].influence += 2
        return [Event.to_all("autumn_choice", f"{seat_name(state, seat)} takes 2 influence.", seat=seat)]
    events = [Event.to_all("autumn_choice", f"{seat_name(state, seat)} draws a tactics card.", seat=seat)]
    return events + cardfx.draw_tactics(state, seat, 1)


def winter_check(state: RunewarsState, offset: int = 0, set_water: bool = True) -> list[Event]:
    """RW-6.8.1-2: per area, units over min(8, food) are destroyed by their owner (AMB-33)."""
    queued = []
    for seat in season_step_order(state):
        limit = max(0, min(B.UNIT_LIMIT, state.seats[seat].dials["food"] + offset))
        areas = sorted({u.area for u in state.units if u.owner == seat})
        over = {a: B.unit_count(state, a, seat) - limit for a in areas if B.unit_count(state, a, seat) > limit}
        if over:
            queued.append(
                step(
                    state,
                    "destroy",
                    seat,
                    areas=over,
                    rule="RW-6.8.2",
                    why=f"your food limit of {limit} units per area",
                )
            )
    if set_water:
        queued.append(step(state, "winter_water"))
    push(state, *queued)
    return []


@auto("winter_water")
def _winter_water(state: RunewarsState, st: Any) -> list[Event]:
    state.winter_water = True  # RW-6.8.3
    return [Event.to_all("winter", "Winter: water borders are ignored until the end of the season (RW-6.8.3).")]


# ---- P-14 / P-63 destroying units over a limit --------------------------------------------------


def _destroy_options(state: RunewarsState, seat: int, areas: dict[str, int]) -> list[Option]:
    """A few ready answers: for each area, lose routed units first, or the most common type first."""
    out = []
    for label, prefer in (("routed and weakest first", "routed"), ("most numerous type first", "numerous")):
        chosen: list[int] = []
        for area, n in sorted(areas.items()):
            mine = [u for u in state.units if u.area == area and u.owner == seat]
            counts: dict[str, int] = {}
            for u in mine:
                counts[u.kind] = counts.get(u.kind, 0) + 1
            if prefer == "routed":
                mine.sort(key=lambda u: (not u.routed, catalog().unit_types[u.kind].health, u.id))
            else:
                mine.sort(key=lambda u: (-counts[u.kind], u.id))
            chosen += [u.id for u in mine[:n]]
        out.append(
            Option(label=f"Destroy {sum(areas.values())}: {label}", action={"type": "rw_destroy", "units": chosen})
        )
    if out[0].action == out[1].action:
        out = out[:1]
    return out


@decision("destroy", "rw_destroy")
def _destroy_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    areas: dict[str, int] = st.data["areas"]
    where = ", ".join(f"{n} in {a}" for a, n in sorted(areas.items()))
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule=st.data.get("rule", "RW-10.9.2"),
            question=f"Destroy units over {st.data.get('why', 'the 8-unit limit')}: {where}.",
            options=_destroy_options(state, st.seat, areas),
            answer_schema={
                "type": "object",
                "x-form-label": "Pick units…",
                "properties": {"units": {"type": "array", "items": {"type": "integer"}}},
            },
        )
    ]


@applies("destroy")
def _destroy_apply(state: RunewarsState, st: Any, seat: int, action: Destroy) -> list[Event]:
    areas: dict[str, int] = st.data["areas"]
    rule = st.data.get("rule", "RW-10.9.2")
    picked = [B.unit_by_id(state, uid) for uid in action.units]
    need(len(set(action.units)) == len(action.units), rule, "Each unit can be destroyed only once.")
    need(
        all(u is not None and u.owner == seat and u.area in areas for u in picked),
        rule,
        "Choose your own units in the areas over the limit.",
    )
    for area, n in areas.items():
        need(sum(1 for u in picked if u and u.area == area) == n, rule, f"Destroy exactly {n} unit(s) in {area}.")
    # RW-15.5: standing units are picked rather than routed ones where possible... only for battle
    # damage; a limit lets the owner choose freely (RW-10.9.2 "units of his choice").
    B.remove_units(state, set(action.units))
    B.update_alliances(state)
    done(state, st)
    return [
        Event.to_all(
            "destroyed",
            f"{seat_name(state, seat)} destroys {len(action.units)} unit(s) over the limit.",
            seat=seat,
            units=list(action.units),
        )
    ]


@sampler("destroy")
def _destroy_sample(state: RunewarsState, st: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    chosen: list[int] = []
    for area, n in sorted(st.data["areas"].items()):
        mine = [u.id for u in state.units if u.area == area and u.owner == seat]
        chosen += rng.sample(mine, n)
    return {"type": "rw_destroy", "units": chosen}


def limit_check(state: RunewarsState, seat: int, areas: list[str], rule: str = "RW-10.9.2") -> None:
    """RW-10.9.2: queue the owner's P-63 choice for every listed area above 8 units."""
    over = {
        a: B.unit_count(state, a, seat) - B.UNIT_LIMIT
        for a in set(areas)
        if B.unit_count(state, a, seat) > B.UNIT_LIMIT
    }
    if over:
        push(state, step(state, "destroy", seat, areas=over, rule=rule, why="the 8-unit limit"))


# ---- RW-7.2 / 7.3 order cards ---------------------------------------------------------------------


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
    return state.choice.prompts(
        f"Year {state.year}, {state.season_name}: choose your order card (secret until everyone has chosen).",
        lambda seat: [order_option(state, seat, c) for c in hand(state, seat)],
    )


ORDER_SHORT = {
    1: "move units and heroes one step each",
    2: "activate an area and move in (then battle/diplomacy)",
    3: "activate an area and move in (then battle/diplomacy)",
    4: "set your dials to your production",
    5: "recruit units with one resource dial",
    6: "one benefit from each city you control",
    7: "gain influence from your dials",
    8: "build/repair a stronghold, move runes",
}


def order_option(state: RunewarsState, seat: int, card: int) -> Option:
    """P-30: an order card as a menu entry: number, name and basic ability; whether its bonus applies."""
    from engine.runewars.turn.orders import BONUS_TEXT, eligible

    label = f"#{card} {ORDER_NAMES[card]}: {ORDER_SHORT[card]}"
    if card not in BONUS_TEXT:
        why = "No highest bonus on this card."
    elif eligible(state, seat, card):
        why = f"Bonus applies: {BONUS_TEXT[card]}"
    else:
        why = f"Bonus would not apply (RW-7.6): {BONUS_TEXT[card]}"
    return Option(
        label=label[:80],
        description=why if len(why) <= 100 else why[:99] + "…",
        action={"type": "rw_order", "card": card},
    )


@applies("orders_choose")
def _orders_apply(state: RunewarsState, st: Any, seat: int, action: ChooseOrder) -> list[Event]:
    assert state.choice is not None
    need(action.card in hand(state, seat), "RW-7.5", "That order card is used; it comes back in spring.")
    state.choice.submit(seat, {"card": action.card}, lock=action.lock)
    events = [
        Event.to_all(
            "order_locked",
            f"{seat_name(state, seat)} has chosen an order card "
            f"({len(state.choice.locked)} of {len(state.choice.seats)}).",
            seat=seat,
        ),
        Event.to_seats(
            seat, "order_private", f"You chose #{action.card} {ORDER_NAMES[action.card]}.", card=action.card
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
    text = "; ".join(f"{seat_name(state, s)}: #{picks[s]} {ORDER_NAMES[picks[s]]}" for s in order)
    events.append(
        Event.to_all(
            "orders_revealed",
            f"Order cards revealed: {text}.",
            reveals=True,
            cards={str(k): v for k, v in picks.items()},
            order=order,
        )
    )
    from engine.runewars.turn.orders import turn_steps

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
        from engine.runewars.turn.victory import final_scoring

        return final_scoring(state)  # RW-5.4 / RW-28.2
    state.season += 1
    if state.season == 4:
        state.season = 0
        state.year += 1
    heroes_glue.new_season(state)
    events.append(
        Event.to_all("season_over", f"The season is over; next is year {state.year}, {SEASONS[state.season]}.")
    )
    return events
