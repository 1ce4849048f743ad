"""Where the flow hands over to the heroes package (``heroes.core``, ``heroes.quests``).

The hero functions mutate ``state.heroes`` and leave work only the flow can do in an
"outbox" (effects on influence and dials, GM hand-overs, rune gains, private rune
inspections, tactics played in duels). ``drain`` turns that outbox into flow steps and
events after every call, so nothing the heroes ask for is lost.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Deck, Event, Option, Prompt
from engine.core.errors import CORE_NOT_YOUR_TURN
from engine.core.text import Msg, Ref, message
from engine.runewars import board as B
from engine.runewars import text as T
from engine.runewars.actions import Choose, PlayTactics
from engine.runewars.cards import resolve as cardfx
from engine.runewars.catalog import catalog
from engine.runewars.ctx import Ctx
from engine.runewars.flow import applies, auto, decision, done, push, step
from engine.runewars.heroes import core as H
from engine.runewars.heroes import quests as Q
from engine.runewars.player_order import player_order
from engine.runewars.setup.start import clockwise_from, home_areas
from engine.runewars.state import RunewarsState
from engine.runewars.turn.runes import queue_gain, rune_faces_text

RUNE_SOURCE = message("rw.hero.glue.rune_source", "a hero's quest or reward")
PLACE_Q = message("rw.hero.glue.place_question", "Place {hero} in one of your home areas.")
PLACE_TO = message("rw.hero.glue.place_to", "{hero} to {area}")
START_HERO_HOME = message("rw.hero.glue.refused.start_home", "Your starting hero goes in one of your home areas.")
LEAGUE_STAYS = message("rw.hero.glue.league_stays", "{seat}'s heroes stay (Heroes' League, RW-32.5).")
DESERTS = message("rw.hero.glue.deserts", "{hero} deserts")
PAY_KEEP = message("rw.hero.glue.pay_keep", "Pay {n} influence to keep {hero}")
DESERT_Q = message("rw.hero.glue.desert_question", "{source}: desertion check for {hero}.")
CANNOT_PAY = message("rw.hero.glue.refused.cannot_pay", "You cannot pay to keep this hero.")
PAY_OR_DESERT = message("rw.hero.glue.refused.pay_or_desert", "Choose to pay or let the hero desert.")
SAVED = message("rw.hero.glue.saved", "{seat} pays {n} influence; the hero stays.")
PHASE_BEGINS = message("rw.hero.glue.phase_begins", "Summer: the quest phase begins (RW-21).")
PHASE_OVER = message("rw.hero.glue.phase_over", "The quest phase is over.")
PLAY_TACTICS = message("rw.hero.glue.play_tactics", "Play {card}")
TACTICS_WHEN = message(
    "rw.hero.glue.refused.tactics_when", "Quest-phase tactics are played before one of your heroes acts."
)
TACTICS_GAINED = message(
    "rw.hero.glue.refused.tactics_gained", "You can play only quest-phase cards you did not gain this season."
)
TACTICS_SOURCE = message("rw.hero.glue.tactics_source", "tactics card {card}")
PLAYS = message("rw.hero.glue.plays", "{seat} plays {card}: {text}")
NOT_YOURS = message("rw.hero.glue.refused.not_yours", "That hero decision is not yours to make.")
NOT_OWN_TURN = message(
    "rw.hero.glue.refused.not_own_turn", 'Rewards and hero abilities marked "during your turn" wait for your turn.'
)


def drain(state: RunewarsState) -> list[Event]:
    """Turn the heroes' outbox into flow work (RW-27.3 gains, effects, GM tasks, rune peeks)."""
    box = H.take_outbox(state.heroes)
    events: list[Event] = []
    for item in box.gm:
        if item.msg is not None:
            said = T.gm_task(
                state,
                item.rule,
                item.msg,
                seat=item.seat,
                public=item.public_msg,
                english=item.text,
                public_english=item.public_text,
            )
        else:
            said = state.gm.hand_over(item.rule, item.text, seat=item.seat, public_text=item.public_text)
        events.append(said)
    for seat, card in box.tactics_played:
        hand = state.seats[seat].tactics
        for i, c in enumerate(hand):
            if c.id == card:
                hand.pop(i)
                state.tactics_deck.discard(card)
                break
    for seat, area in box.rune_inspections:
        events.append(T.to_seats(seat, "rune_peek", rune_faces_text(state, [area]), area=area))
    for seat in reversed(box.rune_gains):
        queue_gain(state, seat, RUNE_SOURCE())
    for grant in reversed(box.grants):
        # An effect about "his area" needs the hero whose ability or reward granted it.
        effects = [dict(e, hero=grant.hero) if e.get("kind") == "take_influence" else e for e in grant.effects]
        cardfx.queue(state, effects, seat=grant.seat, source=grant.source, rule="RW-23.6")
    return events


# ---- setup (RW-3.9, RW-34.1) ---------------------------------------------------------------


@auto("setup_heroes")
def _setup_heroes(state: RunewarsState, st: Any) -> list[Event]:
    cat = catalog()
    # RW-3.6: every quest whose area is on this board, setup quests included, shuffled
    pool = sorted(q.quest_id for q in cat.quests.values() if q.area_id is None or q.area_id in state.board)
    deck = Deck[str].shuffled(pool, state.rng)
    align = {s: B.alignment(state, s) for s in range(state.players)}
    hs, events = H.setup_heroes(align, list(deck.draw_pile), state.rng, cat.hero_content)
    state.heroes = hs
    if state.options.exploration:  # RW-34.1
        back1: list[str] = []
        back2: list[str] = []
        for area in sorted(state.board.values(), key=lambda a: a.id):
            if area.home_of is not None:
                continue
            near = any(state.board[n].home_of is not None for n in area.adj)
            (back1 if near else back2).append(area.id)
        events += H.setup_exploration(hs, back1, back2, state.rng, cat.hero_content)
    placing = []
    for seat in clockwise_from(state, state.start_player):
        for h in H.heroes_of(hs, seat):
            if not h.area:
                placing.append(step(state, "setup_hero", seat, hero=h.uid))
    push(state, *placing)
    return events


@decision("setup_hero", "rw_choose")
def _setup_hero_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    h = H.get_hero(state.heroes, st.data["hero"])
    name = H.hero_ref(h)
    return [
        T.ask(
            st.seat,
            st.key,
            "RW-3.9.3",
            PLACE_Q(hero=name),
            options=[
                T.option(
                    PLACE_TO(hero=name, area=Ref(kind="area", id=a)), {"type": "rw_choose", "value": a}, limit=80, at=a
                )
                for a in home_areas(state, st.seat)
            ],
        )
    ]


@applies("setup_hero")
def _setup_hero_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    T.need(action.value in home_areas(state, seat), "RW-3.9.3", START_HERO_HOME())
    done(state, st)
    return H.place_hero(state.heroes, st.data["hero"], action.value)


# ---- season hooks -------------------------------------------------------------------------------


def spring(state: RunewarsState) -> None:
    H.stand_all(state.heroes)  # RW-6.5


def new_season(state: RunewarsState) -> None:
    H.new_season(state.heroes)


def hero_count(state: RunewarsState, seat: int) -> int:
    return len(H.heroes_of(state.heroes, seat))


def reward_count(state: RunewarsState, seat: int) -> int:
    return sum(len(h.rewards) for h in H.heroes_of(state.heroes, seat))


def draw_quests(state: RunewarsState, seat: int, n: int) -> list[Event]:
    return H.draw_quests(state.heroes, seat, n, Ctx(state)) + drain(state)


def quest_count(state: RunewarsState, seat: int) -> int:
    return len(state.heroes.quest_hands.get(seat, []))


def desertion(state: RunewarsState, effect: dict[str, Any], seats: list[int], source: Msg | str) -> list[Event]:
    """RW-20.7 / RW-26.5 desertion checks from a season or tactics card.

    Heroes whose alignment differs from their controller's faction (or all, per the card)
    desert unless the controller pays the save cost; the Heroes' League title prevents it
    (RW-32.5). Paying is the holder's choice, asked one hero at a time.
    """
    cat = catalog()
    league = cat.title_with("prevents_desertion")
    events: list[Event] = []
    queued = []
    for seat in seats:
        if league and state.titles.get(league) and state.titles[league].holder == seat:
            events.append(T.to_all("desertion_prevented", LEAGUE_STAYS(seat=T.seat(seat))))
            continue
        faction_align = B.alignment(state, seat)
        for h in H.heroes_of(state.heroes, seat):
            hero_align = cat.heroes[h.card].alignment
            if effect.get("mismatched_only", True) and hero_align == faction_align:
                continue
            queued.append(
                step(
                    state,
                    "desert_check",
                    seat,
                    hero=h.uid,
                    cost=effect.get("save_cost_influence"),
                    source=T.stored(source),
                )
            )
    push(state, *queued)
    return events


@decision("desert_check", "rw_choose")
def _desert_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    h = H.find_hero(state.heroes, st.data["hero"])
    name: Ref | str = H.hero_ref(h) if h else str(st.data["hero"])
    cost = st.data["cost"]
    opts = [T.option(DESERTS(hero=name), {"type": "rw_choose", "value": "desert"})]
    if cost is not None and state.seats[st.seat].influence >= cost:
        opts.insert(0, T.option(PAY_KEEP(n=cost, hero=name), {"type": "rw_choose", "value": "pay"}, limit=80))
    return [T.ask(st.seat, st.key, "RW-26.5", DESERT_Q(source=T.loaded(st.data["source"]), hero=name), options=opts)]


@applies("desert_check")
def _desert_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    cost = st.data["cost"]
    done(state, st)
    if H.find_hero(state.heroes, st.data["hero"]) is None:
        return []
    if action.value == "pay":
        T.need(cost is not None and state.seats[seat].influence >= cost, "RW-26.5", CANNOT_PAY())
        state.seats[seat].influence -= cost
        return [T.to_all("desertion_saved", SAVED(seat=T.seat(seat), n=cost), seat=seat)]
    T.need(action.value == "desert", "RW-26.5", PAY_OR_DESERT())
    cause = T.loaded(st.data["source"])
    return H.desert_hero(state.heroes, st.data["hero"], Ctx(state), cause=cause) + drain(state)


# ---- the quest phase (RW-6.6, RW-21) ---------------------------------------------------------------


def start_quest_phase(state: RunewarsState) -> list[Event]:
    """RW-6.6 / RW-21.2: players act in the order of this year's spring cards."""
    push(state, step(state, "quest_start"))
    return [T.to_all("quest_phase", PHASE_BEGINS())]


@auto("quest_start")
def _quest_start(state: RunewarsState, st: Any) -> list[Event]:
    order = player_order(state, "spring")
    ctx = Ctx(state)
    state.quest_phase = Q.start_quest_phase(state.heroes, order, ctx)
    outcome = Q.quest_phase_finished(state.quest_phase, state.heroes)
    if outcome is None:
        push(state, step(state, "quest_phase"))
        return drain(state)  # phase-long hero abilities (rule switches) apply before anyone acts
    return _quest_end(state, outcome)


def _quest_end(state: RunewarsState, outcome: Any) -> list[Event]:
    """After the phase: the heroes' leftover outbox, and the Heroes' League's quest bonus (RW-32)."""
    if not outcome.outbox.empty():
        state.heroes.outbox = outcome.outbox
    events = drain(state)
    cat = catalog()
    league = cat.title_with("quest_completed")
    holder = state.titles[league].holder if league and league in state.titles else None
    if holder is not None:
        effects = [
            e.model_dump(mode="json")
            for a in cat.titles[league].abilities  # type: ignore[index]
            if a.trigger == "quest_completed"
            for e in a.effects
        ]
        for seat, _hero, _quest in outcome.completed:
            if seat == holder and effects:
                title = H.named(Ref(kind="title", id=str(league)))
                cardfx.queue(state, list(effects), seat=seat, source=title, rule="RW-32.1")
    state.quest_phase = None
    state.modifiers = [m for m in state.modifiers if m.until != "quest_phase"]
    return events + [T.to_all("quest_phase_over", PHASE_OVER())]


def quest_tactics(state: RunewarsState, seat: int) -> list[str]:
    """RW-30.2: "quest phase" cards this seat may play now (not gained this season, RW-30.3)."""
    cat = catalog()
    return list(
        dict.fromkeys(
            c.id
            for c in state.seats[seat].tactics
            if c.gained != state.season_index and cat.tactics[c.id].timing == "quest_phase"
        )
    )


@decision("quest_phase", "rw_tactics")
def _quest_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    assert state.quest_phase is not None
    prompts = Q.quest_phase_prompts(state.quest_phase, state.heroes, Ctx(state))
    if len(prompts) == 1 and prompts[0].rule == "RW-21.3":  # before a hero's action: a tactics window
        p = prompts[0]
        extra = [
            T.option(PLAY_TACTICS(card=Ref(kind="tactics", id=c)), {"type": "rw_tactics", "card": c}, limit=80)
            for c in quest_tactics(state, p.seat)
        ]
        if extra:
            prompts = [p.model_copy(update={"options": list(p.options) + extra, "secret": True})]
    return prompts


@applies("quest_phase")
def _quest_apply(state: RunewarsState, st: Any, seat: int, action: Any) -> list[Event]:
    assert state.quest_phase is not None
    if isinstance(action, PlayTactics):
        prompts = Q.quest_phase_prompts(state.quest_phase, state.heroes, Ctx(state))
        T.need(
            len(prompts) == 1 and prompts[0].rule == "RW-21.3" and prompts[0].seat == seat, "RW-30.2", TACTICS_WHEN()
        )
        T.need(action.card in quest_tactics(state, seat), "RW-30.3", TACTICS_GAINED())
        hand = state.seats[seat].tactics
        hand.pop(next(i for i, c in enumerate(hand) if c.id == action.card and c.gained != state.season_index))
        state.tactics_deck.discard(action.card)
        card = catalog().tactics[action.card]
        cardfx.queue(
            state,
            [e.model_dump(mode="json") for e in card.effects],
            seat=seat,
            source=TACTICS_SOURCE(card=Ref(kind="tactics", id=action.card)),
            rule="RW-30.2",
            order=[seat],
        )
        return [
            T.to_all(
                "tactics_played",
                PLAYS(
                    seat=T.seat(seat),
                    card=Ref(kind="tactics", id=action.card),
                    text=T.printed("tactics", action.card, "text", card.text),
                ),
                reveals=True,
                seat=seat,
                card=action.card,
            )
        ]
    payload = action if isinstance(action, dict) else action.model_dump()
    events = Q.apply_quest_action(state.quest_phase, state.heroes, seat, payload, Ctx(state))
    events += drain(state)
    outcome = Q.quest_phase_finished(state.quest_phase, state.heroes)
    if outcome is not None:
        done(state, st)
        events += _quest_end(state, outcome)
    return events


def sample_quest(state: RunewarsState, seat: int, rng: random.Random) -> dict[str, Any]:
    assert state.quest_phase is not None
    return Q.sample_quest_action(state.quest_phase, state.heroes, seat, rng, Ctx(state))


# ---- own-turn rewards and hero abilities (RW-23.6, RW-20.1) -------------------------------------------


def turn_options(state: RunewarsState, seat: int) -> list[Option]:
    """RW-23.6 / D-9 / D-10: the rewards and hero abilities ``seat`` may use now, offered at the
    own-turn checkpoints (P-32) only while it is his turn; none in the quest phase (RW-21.1)."""
    if state.turn is None or state.turn.seat != seat or state.seats[seat].eliminated or state.quest_phase is not None:
        return []
    return H.turn_options(state.heroes, seat, Ctx(state))


def use_on_turn(state: RunewarsState, seat: int, action: dict[str, Any]) -> list[Event]:
    """Use one of ``turn_options``: the reward turns face up (RW-23.2), its effects are queued."""
    T.need(state.turn is not None and state.turn.seat == seat and state.quest_phase is None, "RW-23.6", NOT_OWN_TURN())
    return H.apply_turn_action(state.heroes, seat, action, Ctx(state)) + drain(state)


# ---- blocking hero decisions outside the quest phase (P-55, P-56, P-64, P-65, P-23) -----------------


def pending_prompts(state: RunewarsState) -> list[Prompt]:
    if not state.heroes.pending:
        return []
    return H.pending_prompts(state.heroes, Ctx(state))


def apply_pending(state: RunewarsState, seat: int, action: dict[str, Any]) -> list[Event]:
    if not any(p.seat == seat for p in state.heroes.pending):
        raise T.refuse(CORE_NOT_YOUR_TURN, NOT_YOURS())
    return H.apply_pending_action(state.heroes, seat, action, Ctx(state)) + drain(state)


def rally_heroes(state: RunewarsState, seat: int, n: int) -> list[Event]:
    """RW-18.6.2 / RW-20.4 / AMB-47: kept hero goes to a stronghold area, else a controlled home area."""
    areas = B.strongholds_of(state, seat)
    if not areas:
        areas = [a for a in B.controlled_areas(state, seat) if state.board[a].home_of == seat]
    return H.rally_draw_heroes(state.heroes, seat, n, sorted(areas), Ctx(state)) + drain(state)


def eliminate(state: RunewarsState, seat: int) -> list[Event]:
    return H.eliminate_seat(state.heroes, seat, Ctx(state)) + drain(state)


def hero_areas(state: RunewarsState, seat: int) -> set[str]:
    return H.hero_areas(state.heroes, seat)
