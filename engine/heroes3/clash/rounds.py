"""Rounds (H3-7), player turns (H3-8), victory, elimination and the round limit (H3-5).

Steps: ``round`` (refresh, resource or astrologer round, [Fortress] the event (events/), timed
events, then one ``turn`` per player and ``round_end``), ``turn`` (hand refresh then the main menu),
``hand`` (P-17), ``main`` (P-20, with other seats' town actions open at the same time, P-35), ``round_end``.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any

from engine.core import Event, Option, Prompt, RuleViolation, SecretChoice
from engine.core.flow import Step
from engine.core.text import Msg

from ..adventure import effects, movement
from ..adventure.geometry import index, location
from ..cards import deck as cards
from ..cards import map_cards, play, start
from ..cards import messages as cm
from ..content.clash import clash_content
from ..content.texts import text_ref
from ..coop import victory as coop_victory
from ..town import town, triggers
from . import ally_trade
from . import events as event_cards
from . import messages as m
from .asks import ask, push_ask
from .briefing import astrologer_said
from .common import bases, enemies, heroes, need, seat_order, team_of
from .elimination import eliminate
from .flow import FLOW, seat_of
from .state import MAIN_MP, SECONDARY_MP, ClashState

TOWN_TYPES = ("build", "recruit", "hire", "spellbook", "trade")  # trade: the H3-48.8 free-trade row
CLEAR_VISIT_ROUNDS = (4, 8, 12)  # H3-48.8: "remove all black cubes from visitable fields in rounds 4, 8 and 12"


def round_kind(n: int) -> str:
    """H3-7.3 (E-11): odd rounds from 3 are resource rounds, even rounds astrologer rounds."""
    if n == 1:
        return "none"
    return "astrologer" if n % 2 == 0 else "resource"


@FLOW.refill
def _next_round(state: ClashState) -> list[Event]:
    FLOW.push(state, FLOW.new(state, "round"))
    return []


@FLOW.auto("round")
def _round(state: ClashState, st: Step) -> list[Event]:
    events: list[Event] = [Event.to_all("h3_round", m.ROUND(n=state.round), milestone=True, round=state.round)]
    order = [s for s in seat_order(state, state.starting) if not state.player(s).eliminated]
    turns = alliance_turns(state) if state.mode == "alliance" else [FLOW.new(state, "turn", s) for s in order]
    # H3-41.4: the AI enemy's heroes act after the players each round (Cooperative, coop/ai_turn.py)
    ai = [FLOW.new(state, "ai_turns")] if state.ai_heroes else []
    FLOW.push(state, *turns, FLOW.new(state, "last_call"), *ai, FLOW.new(state, "round_end"))
    if state.round > 1:
        for p in state.seats:  # H3-7.2
            p.tokens_used = []
            p.expert_used = 0
            if p.main is not None:
                p.main.mp, p.main.mp_turn = MAIN_MP, 0
            if p.secondary is not None:
                p.secondary.mp, p.secondary.mp_turn = SECONDARY_MP, 0
    sc = clash_content().scenarios[state.scenario]
    if any(e.round == state.round for e in sc.timed_events):  # H3-7.4, after the start-of-round steps
        FLOW.push(state, FLOW.new(state, "timed"))
    if state.variant("clear_visits") and state.round in CLEAR_VISIT_ROUNDS:  # H3-48.8 (H3-22.5.1)
        events += effects.clear_black_cubes(state)
    kind = round_kind(state.round)
    if kind == "astrologer":  # buildings acting as the astrologer round begins (Saplings), after the card
        triggers.astrologer_round(state, order)
    if kind == "astrologer" and not state.variant("no_astrologers"):  # H3-7.3.2; H3-48.8 "no astrologer cards"
        events += _astrologer(state, order)
    elif kind == "resource":  # H3-7.3.1: all income first, then start-of-resource-round effects
        for s in order:
            events += town.income(state, state.player(s))
        event_cards.queue(state)  # [EXP: Fortress] H3-7.5.2 / A-73: after the start-of-resource-round effects below
        for s in reversed(order):
            p = state.player(s)
            board = clash_content().towns[p.faction]
            for b in reversed(p.buildings):
                building = board.building(b)
                if building.resource_round:
                    effects.push_choices(
                        state, s, "main", m.BUILDING(building=m.ref("h3_building", b)), building.resource_round, False
                    )
        if state.variant("more_astrologers"):  # H3-48.8: also an astrologer card, resolved before those effects
            events += _astrologer(state, order)
    return events


@FLOW.auto("timed")
def _timed(state: ClashState, st: Step) -> list[Event]:
    """H3-7.4: the scenario's timed events of this round, read out and resolved for each player clockwise from
    the starting player. A-73 puts them after income, the start-of-resource-round effects, the event (Fortress)
    and the astrologer card, last before the first turn: queued by ``_round`` beneath those steps (E-7)."""
    order = [s for s in seat_order(state, state.starting) if not state.player(s).eliminated]
    due = [e for e in clash_content().scenarios[state.scenario].timed_events if e.round == state.round]
    events = [Event.to_all("h3_timed", m.TIMED_EVENT(text=text_ref(ev.text))) for ev in due]
    for ev in reversed(due):  # pushed last-first, so they resolve in the scenario's order
        for s in reversed(order):
            p = state.player(s)
            if ev.who == "each_hero":
                for h in heroes(p):
                    h.mp += sum(x.num("amount") for x in ev.steps if x.effect == "mp")  # this round's MP
                rest = [x for x in ev.steps if x.effect != "mp"]
                effects.push_effects(state, s, "main", rest)
            else:
                effects.push_effects(state, s, "main", ev.steps)
    return events


def _astrologer(state: ClashState, order: list[int]) -> list[Event]:
    """H3-7.3.2: draw the top astrologer card, read it out, resolve it for each player (A-10)."""
    events: list[Event] = []
    drawn = state.astrologers.draw_one(state.rng)
    while drawn is not None and any(
        x.effect == "clear_black_cubes" and x.num("not_in_round") == state.round
        for x in clash_content().astrologers[drawn].steps
    ):
        state.astrologers.discard(drawn)  # that card is drawn again in this round
        drawn = state.astrologers.draw_one(state.rng)
    if drawn is None:
        return events
    for q in state.seats:
        q.spell_returned = False
    card = clash_content().astrologers[drawn]
    state.astrologers.discard(drawn)
    state.astrologer = drawn if card.duration == "until_next" else None
    events.append(Event.to_all("h3_astrologer", astrologer_said(drawn), reveals=True))  # read out: name and text
    for s in reversed(order):
        effects.push_effects(
            state,
            s,
            "main",
            [x for x in card.steps if x.effect not in ("hand_limit",) and x.word("scope") == ""],
        )
    return events


@FLOW.auto("turn")
def _turn(state: ClashState, st: Step) -> list[Event]:
    seat = seat_of(st)
    p = state.player(seat)
    if p.eliminated:
        return []
    state.active = seat
    p.turn_used = []
    p.rerolled_turn = False
    p.rerolls = []  # Luck / Cards of Prophecy: "this turn"
    card = clash_content().astrologers.get(state.astrologer or "")
    if card is not None:  # e.g. +1 MP to each hero each turn while the card is in force
        for x in card.steps:
            if x.effect == "mp" and x.word("scope") == "each_hero_each_turn":
                for h in heroes(p):
                    n = x.num("amount", 1)
                    if n >= 0:
                        h.mp_turn += n
                    else:
                        h.mp = max(0, h.mp + n)
    steps = [FLOW.new(state, "hand", seat)]
    if state.mode == "tournament" and state.round == 1 and not p.mulligan_done:
        steps.append(FLOW.new(state, "mulligan", seat))
    steps.append(FLOW.new(state, "turn_start", seat))  # H3-8.1.3 (P-18): cards/start.py
    steps.append(FLOW.new(state, "main", seat))
    FLOW.push(state, *steps)
    return [Event.to_all("h3_turn", m.TURN(seat=m.seat(seat)), seat=seat)]


# ---- Alliance order (H3-7.8) ------------------------------------------------------------------------
def teams_in_order(state: ClashState) -> list[list[int]]:
    """The teams as they take turns this round: the starting player's team first (H3-7.1 with
    H3-7.8), then the others by their member seated first clockwise from the starting player; each
    team's seats also clockwise from the starting player."""
    clockwise = seat_order(state, state.starting)
    teams = [sorted(team, key=clockwise.index) for team in state.teams]
    return sorted(teams, key=lambda team: clockwise.index(team[0]))


def alliance_turns(state: ClashState) -> list[Step]:
    """H3-7.8: the teams alternate turns. Each team's first place is preceded by its choice of order
    (made at the start of that team's first turn, so the second team chooses after the first team's
    first member has played); a ``team_turn`` then becomes the chosen member's turn."""
    teams = teams_in_order(state)
    steps: list[Step] = []
    for slot in range(max(len(team) for team in teams)):
        for i, team in enumerate(teams):
            if slot == 0:
                steps.append(FLOW.new(state, "team_order", team=i, seats=list(team)))
            if slot < len(team):
                steps.append(FLOW.new(state, "team_turn", team=i, slot=slot))
    return steps


def _set_team_order(state: ClashState, team: int, order: list[int]) -> None:
    """Give the team's queued places this round's seats, in the chosen order."""
    for st in FLOW.queue(state):
        if st.kind == "team_turn" and st.data.get("team") == team:
            slot = int(st.data["slot"])
            st.data["seat"] = order[slot] if slot < len(order) else None


@FLOW.auto("team_order")
def _team_order(state: ClashState, st: Step) -> list[Event]:
    """H3-7.8: under the table's ``team_order`` "agree" (Rec.) every living member is asked at once in
    secret (``team_agree``); under "captain" (the rule's fallback) the member seated first clockwise
    decides alone. Eliminated members are left out; one member left just plays."""
    alive = [int(s) for s in st.data["seats"] if not state.player(int(s)).eliminated]
    team = int(st.data["team"])
    if len(alive) <= 1:
        _set_team_order(state, team, alive)
        return []
    if state.team_order == "captain":
        push_ask(state, "team_order", alive[0], team=team, seats=alive)
        return []
    agree = FLOW.new(state, "team_agree", team=team, seats=alive)
    state.team_choice = SecretChoice(key=agree.key, rule="H3-7.8", seats=alive)
    FLOW.push(state, agree)
    return []


def team_orders(seats: list[int]) -> list[tuple[Msg, str]]:
    """Each order of the team's members, named by their seats, as ``(label, pick)``: the first one
    offered keeps the clockwise order."""
    return [
        (m.OPT_TEAM_ORDER(first=m.seat(o[0]), last=m.seat(o[-1])), ",".join(str(s) for s in o))
        for o in permutations(seats)
    ]


def agree_waits_on(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` may answer its team's secret order choice now (and change it until all lock in)."""
    c = state.team_choice
    return c is not None and seat in c.seats and not c.complete


@FLOW.decision("team_agree", "team_order_pick")
def _team_agree_prompts(state: ClashState, st: Step) -> list[Prompt]:
    """One secret prompt per member (the kernel's ``SecretChoice``): no member sees another's answer
    before all have locked in."""
    c = state.team_choice
    if c is None:
        return []
    seats = [int(s) for s in st.data["seats"]]
    options = [Option.of(label, {"type": "team_order_pick", "pick": pick}) for label, pick in team_orders(seats)]
    return c.prompts(m.ASK_TEAM_AGREE(seat=m.seat(seats[0])), lambda seat: list(options))


@FLOW.applies("team_agree")
def _team_agree_apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    """Record the member's secret answer; the last lock-in plays the common order or, if the members
    disagree, the answer of the member seated first clockwise (H3-7.8's fallback)."""
    c = state.team_choice
    need(c is not None and agree_waits_on(state, seat), "H3-7.8", m.NOT_OFFERED())
    assert c is not None
    seats = [int(s) for s in st.data["seats"]]
    need(action.pick in [pick for _, pick in team_orders(seats)], "H3-7.8", m.NOT_OFFERED())
    c.submit(seat, {"pick": action.pick}, lock=action.lock)
    locked = m.TEAM_ORDER_LOCKED(seat=m.seat(seat), locked=len(c.locked), total=len(c.seats))
    events = [Event.to_all("h3_team_order_locked", locked, seat=seat)]
    if not c.complete:
        return events
    picks = [str(c.answers[s]["pick"]) for s in seats]
    if len(set(picks)) > 1:  # H3-7.8: the fallback, the member seated first clockwise decides
        events.append(Event.to_all("h3_team_order_disagreed", m.TEAM_ORDER_DISAGREED(seat=m.seat(seats[0]))))
    state.team_choice = None
    FLOW.done(state, st)
    return events + _play_order(state, int(st.data["team"]), picks[0])


@FLOW.sampler("team_agree")
def _team_agree_sample(state: ClashState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    seats = [int(s) for s in st.data["seats"]]
    return {"type": "team_order_pick", "pick": rng.choice(team_orders(seats))[1]}


def _team_order_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_TEAM_ORDER()


@ask("team_order", "H3-7.8", _team_order_q)
def _team_order_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Each order of the team's members, named by their seats: the first one offered keeps the
    clockwise order."""
    return team_orders([int(s) for s in st.data["seats"]])


@_team_order_options
def _team_order_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    return _play_order(state, int(st.data["team"]), pick)


def _play_order(state: ClashState, team: int, pick: str) -> list[Event]:
    """Give the team's places the chosen order and announce it to everyone (H3-7.8)."""
    order = [int(s) for s in pick.split(",")]
    _set_team_order(state, team, order)
    return [Event.to_all("h3_team_order", m.TEAM_ORDER(first=m.seat(order[0]), last=m.seat(order[-1])))]


@FLOW.auto("team_turn")
def _team_turn(state: ClashState, st: Step) -> list[Event]:
    """One place in the alternation: the member chosen for it takes their turn (an eliminated one is
    skipped, as in ``_turn``)."""
    seat = st.data.get("seat")
    if seat is not None and not state.player(int(seat)).eliminated:
        FLOW.push(state, FLOW.new(state, "turn", int(seat)))
    return []


# ---- hand refresh (H3-8.1, P-17) --------------------------------------------------------------------
def hand_options(state: ClashState, seat: int) -> list[Option]:
    p = state.player(seat)
    limit = cards.hand_limit(state, p)
    out = [Option.of(m.OPT_DISCARD(card=cards.card_ref(state, c)), {"type": "discard", "card": c}) for c in p.deck.hand]
    if len(p.deck.hand) <= limit:
        room = limit - len(p.deck.hand)
        for n in range(room, -1, -1):
            out.append(Option.of(m.OPT_DRAW(n=n), {"type": "draw", "n": n}))
    return out


@FLOW.decision("hand", "discard", "draw")
def _hand_prompts(state: ClashState, st: Step) -> list[Prompt]:
    seat = seat_of(st)
    p = state.player(seat)
    q = m.ASK_HAND(limit=cards.hand_limit(state, p), size=len(p.deck.hand))
    return [
        Prompt.ask(
            seat,
            f"{st.key}.{len(p.deck.hand)}.{len(p.deck.discard)}",
            "H3-8.1",
            q,
            options=hand_options(state, seat),
            secret=True,
        )
    ]


@FLOW.applies("hand")
def _hand_apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    p = state.player(seat)
    limit = cards.hand_limit(state, p)
    if action.type == "discard":
        need(action.card in p.deck.hand, "H3-8.1.1", m.NOT_IN_HAND())
        cards.discard(p, action.card)
        return [Event.to_all("h3_discarded", m.DISCARDED(seat=m.seat(seat), card=cards.card_ref(state, action.card)))]
    need(len(p.deck.hand) <= limit, "H3-8.1.1", m.OVER_LIMIT(limit=limit))
    need(0 <= action.n <= limit - len(p.deck.hand), "H3-8.1.2", m.DRAW_TOO_MANY(limit=limit))
    FLOW.done(state, st)
    return cards.draw(state, p, action.n)


@FLOW.sampler("hand")
def _hand_sample(state: ClashState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    p = state.player(seat)
    limit = cards.hand_limit(state, p)
    if len(p.deck.hand) > limit or (p.deck.hand and rng.random() < 0.15):
        return {"type": "discard", "card": rng.choice(p.deck.hand)}
    return {"type": "draw", "n": limit - len(p.deck.hand)}


# ---- Tournament mulligan (H3-45.4.1, P-19) ----------------------------------------------------------
@FLOW.decision("mulligan", "mulligan")
def _mulligan_prompts(state: ClashState, st: Step) -> list[Prompt]:
    seat = seat_of(st)
    options = [
        Option.of(m.OPT_KEEP_HAND(), {"type": "mulligan", "redraw": False}),
        Option.of(m.OPT_MULLIGAN(), {"type": "mulligan", "redraw": True}),
    ]
    return [Prompt.ask(seat, st.key, "H3-45.4.1", m.ASK_MULLIGAN(), options=options)]


@FLOW.applies("mulligan")
def _mulligan_apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    p = state.player(seat)
    p.mulligan_done = True
    FLOW.done(state, st)
    if not action.redraw:
        return []
    n = len(p.deck.hand)
    p.deck.draw.draw_pile.extend(p.deck.hand)
    p.deck.hand = []
    p.deck.draw.shuffle(state.rng)
    return [Event.to_all("h3_mulligan", m.MULLIGAN(seat=m.seat(seat)))] + cards.draw(state, p, n)


# ---- the main menu (H3-8.3, P-20) and out-of-turn town actions (P-35) ---------------------------------
def turn_options(state: ClashState, seat: int) -> list[Option]:
    out = movement.options(state, seat) + town.options(state, seat) + play.options(state, seat)
    out += play.morale_options(state, seat) + building_uses(state, seat)
    out += ally_trade.options(state, seat)  # H3-43.3: trading with an Alliance ally
    if not movement.unfinished_pass(state, state.player(seat)):  # a hero passing through moves on or stops first
        out.append(Option.of(m.OPT_END_TURN(), {"type": "end_turn"}))
    return out


def building_uses(state: ClashState, seat: int) -> list[Option]:
    """Buildings' optional once-per-turn effects (H3-21.2), when the engine can resolve them."""
    p = state.player(seat)
    board = clash_content().towns[p.faction]
    out = []
    for b in p.buildings:
        if b in p.turn_used:
            continue
        for i, choice in enumerate(board.building(b).turn):
            if start.is_start(choice):
                continue  # asked once as the turn begins (H3-8.1.3)
            if (
                effects.resolvable(choice.steps)
                and all(p.resources.get(k, 0) >= v for k, v in choice.cost.as_dict().items())
                and effects.refusal(state, p, choice.steps) is None  # e.g. the Castle Gate's move (Inferno)
            ):
                out.append(
                    Option.of(
                        m.OPT_USE_BUILDING(building=m.ref("h3_building", b), n=i + 1),
                        {"type": "use_building", "building": b, "choice": i},
                    )
                )
    return out


@FLOW.decision(
    "main",
    "walk",
    "discover",
    "place_tile",
    "revisit",
    "build",
    "recruit",
    "hire",
    "spellbook",
    "trade",
    "play_card",
    "morale",
    "use_building",
    "end_turn",
    *ally_trade.TYPES,
)
def _main_prompts(state: ClashState, st: Step) -> list[Prompt]:
    seat = seat_of(st)
    key = f"{st.key}.{state.step}"
    options = turn_options(state, seat)
    # H-1: card plays and a morale cycle name cards in hand, so the menu then goes to its seat alone
    private = any(o.action["type"] in ("play_card", "morale", *ally_trade.PRIVATE_TYPES) for o in options)
    out = [Prompt.ask(seat, key, "H3-8.3", m.ASK_MAIN(), options=options, secret=private)]
    for other in state.alive():
        if other == seat:
            continue
        opts = town.options(state, other) + ally_trade.options(state, other)  # H3-43.3: an ally's answer
        if opts:
            asked = ally_trade.question(state, other)
            rule, q = ("H3-43.3", asked) if asked is not None else ("H3-10.2", m.ASK_TOWN())
            secret = any(o.action["type"] in ally_trade.PRIVATE_TYPES for o in opts)  # H-27
            # Keyed by the turn, not the step: while its options stay the same, the table's message
            # for it is not renewed at every step of the active player (cogs.routing.new_prompts).
            out.append(Prompt.ask(other, f"{st.key}.t{other}", rule, q, options=opts, waiting=False, secret=secret))
    return out


@FLOW.applies("main")
def _main_apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    active = seat_of(st)
    if action.type in TOWN_TYPES:
        return town.act(state, seat, action)
    if action.type in ally_trade.TYPES:  # H3-43.3: either ally, in the turn of one of them
        return ally_trade.act(state, seat, action)
    if seat != active:
        raise RuleViolation("H3-9.1", m.NOT_YOUR_TURN_MOVE())
    if not (action.type == "play_card" and action.mode in ("power", "alt", "cast")):
        state.player(seat).pending_power = 0  # Power not spent on the next cast fizzles
    if action.type in movement.MOVE_TYPES:
        return movement.act(state, seat, action)
    if action.type == "play_card":
        return play.act(state, seat, action)
    if action.type == "morale":
        return play.spend_morale(state, seat, action)
    if action.type == "use_building":
        return _use_building(state, seat, action)
    return end_turn(state, st, seat)


def _use_building(state: ClashState, seat: int, action: Any) -> list[Event]:
    p = state.player(seat)
    need(action.building in p.buildings, "H3-21.2", m.NOT_BUILT())
    need(action.building not in p.turn_used, "H3-21.2", m.ONCE_PER_TURN())
    board = clash_content().towns[p.faction].building(action.building)
    need(0 <= action.choice < len(board.turn), "H3-21.2", m.NOT_OFFERED())
    choice = board.turn[action.choice]
    need(all(p.resources.get(k, 0) >= v for k, v in choice.cost.as_dict().items()), "H3-21.2", m.CANNOT_PAY())
    refused = effects.refusal(state, p, choice.steps)
    if refused is not None:
        raise refused
    for k, v in choice.cost.as_dict().items():
        p.resources[k] -= v
    p.turn_used.append(action.building)
    effects.push_effects(state, seat, "main", choice.steps)
    return [
        Event.to_all(
            "h3_used_building", m.USED_BUILDING(seat=m.seat(seat), building=m.ref("h3_building", action.building))
        )
    ]


def end_turn(state: ClashState, st: Step, seat: int) -> list[Event]:
    """H3-8.6: unspent MP are lost; a pending negative-morale penalty discards the hand (H3-11.4).
    A hero passing through a field (Pathfinding, Angel Wings) must first move on or stop (H3-9.4);
    Logistics played this turn then offers its move (cards/map_cards.py)."""
    p = state.player(seat)
    passing = movement.unfinished_pass(state, p)
    if passing:
        raise RuleViolation("H3-9.4", cm.MOVE_ON_FIRST(hero=m.hero_kind(passing[0].kind)))
    events: list[Event] = []
    if p.discard_hand_pending:
        p.discard_hand_pending = False
        for c in list(p.deck.hand):
            cards.discard(p, c)
        events.append(Event.to_all("h3_hand_discarded", m.HAND_DISCARDED(seat=m.seat(seat))))
    for h in heroes(p):
        h.mp_turn = 0  # H3-8.4
        h.passing = h.came_from = None
    p.combat_won_turn = False  # "after winning a combat": within the turn of the win
    state.active = None
    FLOW.done(state, st)
    map_cards.logistics_asks(state, seat)  # asked before the next turn begins
    events += check_victory(state)
    return events + [Event.to_all("h3_turn_end", m.TURN_END(seat=m.seat(seat)), milestone=True)]


@FLOW.sampler("main")
def _main_sample(state: ClashState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    if seat != seat_of(st):  # the other seats' prompt: town actions and an ally's trade (H3-43.3)
        return dict(rng.choice(town.options(state, seat) + ally_trade.options(state, seat)).action)
    opts = turn_options(state, seat)
    weights = {
        "walk": 6.0,
        "discover": 5.0,
        "place_tile": 3.0,
        "revisit": 0.5,
        "build": 3.0,
        "recruit": 3.0,
        "hire": 1.0,
        "spellbook": 1.0,
        "play_card": 1.0,
        "morale": 0.3,
        "use_building": 0.5,
        "end_turn": 1.0,
    }
    w = [weights.get(str(o.action["type"]), 1.0) for o in opts]
    return dict(rng.choices(opts, weights=w, k=1)[0].action)


# ---- victory, elimination, the round limit (H3-5) -----------------------------------------------------
def towns_held(state: ClashState, seat: int) -> int:
    return len(bases(state, seat))


def met_victory(state: ClashState, seat: int) -> bool:
    """Whether ``seat``'s side meets one of the scenario's conditions (H3-5.1). The side is the seat
    alone in a Clash and its whole team in an Alliance (H3-3.2.3), whose members pool what counts:
    cubes, the grail, flags on enemy towns. In a Cooperative game the table's shared goal (H3-3.2.4,
    coop/victory.py): with no enemy seat, "a cube of each enemy" would hold by ``all([])``."""
    if coop_victory.cooperative(state):
        return coop_victory.goal_met(state) is not None
    sc = clash_content().scenarios[state.scenario]
    side = team_of(state, seat)
    foes = enemies(state, seat)
    members = [state.player(s) for s in side]
    for cond in sc.victory:
        if (
            cond.kind == "faction_cubes"
            and state.players >= 3
            and all(any(p.cubes.get(e, 0) > 0 for p in members) for e in foes)
        ):
            return True  # H3-5.6 (in an Alliance, the team together)
        if cond.kind == "grail" and any(p.grail for p in members):
            return True
        if cond.kind == "capture_all_towns":
            factions = {state.player(e).faction for e in foes}
            enemy_towns = [
                pos
                for pos in index(state)
                if (loc := location(state, pos)) is not None and loc.kind == "town" and loc.faction in factions
            ]
            if enemy_towns and all(state.field(pos).flag in side for pos in enemy_towns):
                return True
    return False


def check_victory(state: ClashState) -> list[Event]:
    """H3-5.2: a player who meets a condition wins at the end of the round (recorded now). In an
    Alliance the whole team is recorded, as it wins together (H3-3.2.3); in a Cooperative game the
    whole table (H3-3.2.4)."""
    if coop_victory.cooperative(state):
        return coop_victory.check(state)
    events = []
    for s in state.alive():
        if s not in state.met and met_victory(state, s):
            if state.teams:
                side = team_of(state, s)
                state.met = sorted(set(state.met) | set(side))
                msg = m.TEAM_CONDITION_MET(seat=m.seat(s), seats=[m.seat(x) for x in side])
                events.append(Event.to_all("h3_condition_met", msg))
                continue
            state.met.append(s)
            events.append(Event.to_all("h3_condition_met", m.CONDITION_MET(seat=m.seat(s))))
    return events


def game_over(state: ClashState) -> Event:
    """The end of the game, naming the winners (in an Alliance, as a team)."""
    seats = [m.seat(s) for s in state.winners or []]
    msg = m.GAME_OVER_TEAM(seats=seats) if state.teams else m.GAME_OVER_WINNERS(seats=seats)
    return Event.to_all("h3_game_over", msg, milestone=True)


@FLOW.auto("last_call")
def _last_call(state: ClashState, st: Step) -> list[Event]:
    """A-11 (P-45): after the last turn of the round, anyone may still take town or morale actions,
    clockwise from the starting player, before the round ends."""
    seats = [
        s
        for s in seat_order(state, state.starting)
        if not state.player(s).eliminated and (town.any_action(state, s) or play.morale_options(state, s))
    ]
    return FLOW.open_window(state, FLOW.new(state, "last_call_w"), seats, key="last_call", rule="H3-7.7")


@FLOW.window("last_call_w", "build", "recruit", "hire", "spellbook", "trade", "morale", "town_pass")
def _last_call_prompt(state: ClashState, st: Step, seat: int) -> Prompt:
    options = town.options(state, seat) + play.morale_options(state, seat)
    options.append(Option.of(m.OPT_PASS(), {"type": "town_pass"}))
    n = len(st.window.through) if st.window else 0
    private = any(o.action["type"] == "morale" for o in options)  # H-1: a cycle lists the hand
    return Prompt.ask(seat, f"{st.key}.{n}.{state.step}", "H3-7.7", m.ASK_LAST_CALL(), options=options, secret=private)


@FLOW.applies("last_call_w")
def _last_call_apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    if action.type == "town_pass":
        return FLOW.answer_window(state, st, seat, {"type": "town_pass"}, responds=False)
    if action.type == "morale":
        events = play.spend_morale(state, seat, action)
    else:
        events = town.act(state, seat, action)
    more = town.any_action(state, seat) or bool(play.morale_options(state, seat))
    return events + FLOW.answer_window(state, st, seat, action.model_dump(), responds=True, final=not more)


@FLOW.sampler("last_call_w")
def _last_call_sample(state: ClashState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    opts = _last_call_prompt(state, st, seat).options
    if rng.random() < 0.6:
        return {"type": "town_pass"}
    return dict(rng.choice(opts).action)


@FLOW.auto("round_end")
def _round_end(state: ClashState, st: Step) -> list[Event]:
    events: list[Event] = []
    for s in state.alive():  # H3-5.3.1
        p = state.player(s)
        if towns_held(state, s):
            p.no_base_rounds = 0
        else:
            p.no_base_rounds += 1
            if p.no_base_rounds >= 3:
                events += eliminate(state, s, "H3-5.3.1")
                if state.winners is not None:
                    return events
    events += check_victory(state)
    if coop_victory.cooperative(state):  # H3-3.2.4: the table wins or loses together
        events += coop_victory.round_end(state)
        if state.winners is None:
            state.round += 1
        return events
    team = "team_" if state.teams else ""  # H3-3.2.3: the reason says a team won
    if state.met:
        state.winners = sorted(state.met)  # all who met a condition share the win
        state.end_reason = f"{team}victory"
    elif state.round >= state.round_limit:
        state.winners = limit_winners(state)
        state.end_reason = f"{team}round_limit"
    if state.winners is not None:
        return events + [game_over(state)]
    state.round += 1
    return events


def vp(state: ClashState, seat: int) -> int:
    """H3-45.5 scoring (A-46: artifacts in deck, hand, discard pile and kept aside)."""
    p = state.player(seat)
    board = clash_content()
    held_fields = [k for k, fs in state.fields.items() if fs.flag == seat]
    mines = 0
    for key in held_fields:
        q, r = (int(x) for x in key.split(","))
        loc = location(state, (q, r))
        if loc is not None and loc.kind in ("mine", "settlement"):
            mines += 1
    held = p.deck.hand + p.deck.draw.draw_pile + p.deck.discard
    arts = [c for c in held if board.cards[state.cards[c]].kind == "artifact"]
    arts_total = len(arts) + len(p.removed_artifacts)
    return mines + len(p.buildings) + arts_total // 2 + p.level + 2 * p.secondaries_defeated + (4 if p.beat_main else 0)


def limit_winners(state: ClashState) -> list[int]:
    """At the round limit: most VP in Tournament; otherwise most towns and settlements held. In an
    Alliance the team holding most together wins, every member of it; tied teams share the win. A
    Cooperative table has no one to compare with: the round limit is its loss (coop/victory.py)."""
    if coop_victory.cooperative(state):
        return []
    if state.teams:
        held = [
            (sum(towns_held(state, s) for s in team if not state.player(s).eliminated), team) for team in state.teams
        ]
        top = max(n for n, _ in held)
        return sorted(s for n, team in held if n == top for s in team)
    alive = state.alive()
    score = {s: (vp(state, s) if state.mode == "tournament" else towns_held(state, s)) for s in alive}
    best = max(score.values(), default=0)
    return sorted(s for s in alive if score[s] == best)
