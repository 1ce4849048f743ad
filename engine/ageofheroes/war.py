"""War and Barbarians: declaration, responses, secret placement, duels, results (AH-10, AH-11.7-11.9)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import Event, SecretChoice
from engine.core.text import Msg, Ref, message, plural_message

from . import cards as C
from . import messages as T
from .content import Tier
from .flow import FLOW, auto, new_frame, push
from .state import BARBARIANS, AohState, Battle, Duel, Frame, Unit
from .table import cards_of_kind, discard, has_road, key, neighbours, reshuffle_battle_deck, seat_name, surviving

SIDES = ("att", "dfn")

TOO_MANY_HEROES = message("ah.war.refused.too_many_heroes", "You do not hold that many Mighty Heroes.")
HERO_CAP = plural_message(
    "ah.war.refused.hero_cap",
    "At most {n} Mighty Hero(es) per side in one battle.",
    "At most {n} Mighty Hero(es) per side in one battle.",
)
HERO_NEEDS_ARMY = message(
    "ah.war.refused.hero_needs_army", "A Mighty Hero can be a general only on an army that fights."
)
HERO_NAME_ARMY = message(
    "ah.war.refused.hero_name_army", "Name one of your fighting armies for the Mighty Hero to lead."
)
HAS_GENERAL = message("ah.war.refused.has_general", "That army already has a General; an army has at most one.")
BAD_TARGET = message("ah.war.refused.target", "Choose exactly one other surviving tribe you may attack.")
ARMY_TWICE = message("ah.war.refused.army_twice", "Each army can be committed only once.")
NOT_AVAILABLE = message("ah.war.refused.not_available", "{army!c} is not one of your available (home) armies.")
TYPED = message("ah.war.typed_army", "army {text}")
NO_FORCE = message("ah.war.refused.no_force", "Commit at least one available army, or a Mighty Hero as an army.")
DECLARES = message("ah.war.declares", "{seat} declares {purpose!c} on {target} with {armies}{heroes} (AH-10.3).")
NO_ARMIES = message("ah.war.no_armies", "no armies")
AND_HEROES = plural_message("ah.war.and_heroes", " and {n} Mighty Hero(es)", " and {n} Mighty Hero(es)")
LUCK_VS_PLAYER = message("ah.war.refused.luck_vs_player", "Luck has no effect against an attack by a player.")
NOT_HELD = message("ah.war.refused.not_held", "You do not hold {card}.")
NO_BATTLE_FOR_HERO = message(
    "ah.war.refused.no_battle_for_hero", "A cancelled attack has no battle for a Mighty Hero to join."
)
CANCELLED = message("ah.war.cancelled", "{seat} plays {card}: the attack is cancelled.")
BAD_ANSWER = message("ah.war.refused.answer", "Answer with Olympic Games, Luck (against Barbarians) or none.")
DEFEND_OWN = message("ah.war.refused.defend_own", "Defend with your own available armies only.")
HEROES_DEFEND = plural_message(
    "ah.war.heroes_defend",
    "{seat} plays {n} Mighty Hero(es) in defence (AH-11.9).",
    "{seat} plays {n} Mighty Hero(es) in defence (AH-11.9).",
)
NO_RESPONSE = message("ah.war.no_response", "{seat} answers: no special cards.")
RETURN_HOME = plural_message(
    "ah.war.return_home",
    "{seat}'s {armies} goes home at once (AH-10.16).",
    "{seat}'s {armies} go home at once (AH-10.16).",
)
RETURN_AWAY = plural_message(
    "ah.war.return_away",
    "{seat}'s {armies} goes away until its next Retrieve step (AH-10.16).",
    "{seat}'s {armies} go away until their next Retrieve step (AH-10.16).",
)
BATTLE_CARDS = message("ah.war.battle_cards", "Battle: {attacker} draws {a} battle card(s), {defender} draws {d}.")
YOUR_BATTLE_CARDS = message("ah.war.your_battle_cards", "Your battle cards: {values}.")
PLACE_EXACTLY = message(
    "ah.war.refused.place_exactly", "Place exactly one of your battle cards under each of your fighting armies."
)
PLACED = message("ah.war.placed", "{seat} has placed their battle cards.")
PLACED_ALL = message("ah.war.placed_all", "Both sides have placed their battle cards face down (AH-10.9).")
PICK_UNFOUGHT = message("ah.war.refused.pick_unfought", "Pick one of your armies that has not fought yet.")
PICKED = message("ah.war.picked", "{seat} has picked.")
SENDS = message("ah.war.sends", "{seat} sends {army} into the next duel.")
DUEL = message("ah.war.duel", "Duel {a} vs {d}: {at} against {dt}, {outcome} (AH-10.12).")
DUEL_WINS = message("ah.war.duel_wins", "{army} wins")
DUEL_TIE = message("ah.war.duel_tie", "a tie, nothing is lost")
VICTORIES = plural_message(
    "ah.war.victories",
    "The attack scores {n} victory(ies) (AH-10.13).",
    "The attack scores {n} victory(ies) (AH-10.13).",
)
CONQUEST = plural_message(
    "ah.war.conquest",
    "{seat} takes {n} City(ies) from {defender}.",
    "{seat} takes {n} City(ies) from {defender}.",
)
RAZE = plural_message(
    "ah.war.raze",
    "{n} monument card(s) of {defender} are destroyed.",
    "{n} monument card(s) of {defender} are destroyed.",
)
UNFOUGHT = message("ah.war.unfought", "Unfought battle cards: {cards}")
UNFOUGHT_CARD = message("ah.war.unfought_card", "{army}={value}")
PLUNDERS = plural_message(
    "ah.war.plunders",
    "{seat} plunders {n} card(s) from {defender}.",
    "{seat} plunders {n} card(s) from {defender}.",
)
PLUNDERED = message("ah.war.plundered", "Plundered: {cards}.")
PICK_POSITIONS = plural_message(
    "ah.war.refused.pick_positions",
    "Pick {n} different positions between 1 and {size}.",
    "Pick {n} different positions between 1 and {size}.",
)
BARBARIANS_DESTROY = plural_message(
    "ah.war.barbarians_destroy",
    "The Barbarians destroy {n} card(s) of {defender}: {cards}.",
    "The Barbarians destroy {n} card(s) of {defender}: {cards}.",
)


class HeroUse(BaseModel):
    """A Mighty Hero played as one extra army, or as a general on one fighting army (AH-11.9.2)."""

    model_config = ConfigDict(extra="forbid")
    use: Literal["army", "general"]
    army: str | None = None


def can_war(state: AohState, seat: int) -> bool:
    """AH-10.1: an available army, or a Mighty Hero to use as one."""
    p = state.p(seat)
    return bool(p.available()) or bool(cards_of_kind(p, "mighty_hero"))


def may_choose_war(state: AohState, seat: int) -> bool:
    """AH-10.1 as the table sees it: an available army, or a hand that might hold a Mighty Hero.

    The Action prompt is public, so it may not ask ``can_war`` (which looks into the hand): a
    seat whose armies are all away but which holds any card is offered War, and whether a Mighty
    Hero is really there is settled in the secret declaration prompt (spec §3 N1).
    """
    p = state.p(seat)
    return bool(p.available()) or bool(p.hand)


def war_targets(state: AohState, seat: int) -> list[int]:
    """AH-10.2 (CFG war_target_scope): any surviving tribe by default (AMB-02)."""
    out = [s for s in surviving(state) if s != seat]
    scope = state.options.war_target_scope
    if scope == "neighbours_only":
        out = [s for s in out if s in neighbours(state, seat)]
    elif scope == "road_connected_only":
        out = [s for s in out if has_road(state, seat, s)]
    return out


def _heroes(state: AohState, seat: int, uses: list[HeroUse], units: list[Unit], rule: str) -> list[str]:
    """Validate Mighty Hero uses for one side and attach them to ``units``; return the cards used."""
    held = cards_of_kind(state.p(seat), "mighty_hero")
    if len(uses) > len(held):
        raise T.refuse(rule, TOO_MANY_HEROES())
    cap = state.options.mighty_hero_max_per_side
    if cap is not None and len(uses) > cap:
        raise T.refuse("AH-11.9.4", HERO_CAP(n=cap))
    real = [u for u in units if u.army is not None]
    used: list[str] = []
    for i, use in enumerate(uses):
        card = held[i]
        if use.use == "general":
            if not real:  # AH-10.3.4 / AMB-28
                raise T.refuse("AH-10.3.4", HERO_NEEDS_ARMY())
            unit = next((u for u in real if u.army == use.army), None)
            if unit is None:
                raise T.refuse("AH-11.9.2", HERO_NAME_ARMY())
            if unit.has_general:
                raise T.refuse("AH-9.8.2", HAS_GENERAL())
            unit.hero_general = card
        else:
            n = sum(1 for u in units if u.hero) + 1
            units.append(Unit(id=f"hero{n}", hero=card))
        used.append(card)
    return used


def _typed_army(army_id: str) -> Ref | Msg:
    """An army id a player typed: its name if it is shaped like an army id, else their own text."""
    return T.army(army_id) if army_id[:1] == "a" and army_id[1:].isdigit() else TYPED(text=army_id)


def declaration(state: AohState, seat: int, target: int, purpose: str, armies: list[str], heroes: int) -> Msg:
    """The public declaration (AH-10.3), also the words of ``describe_action``."""
    force: list[Ref] | Msg = T.armies(armies) if armies else NO_ARMIES()
    return DECLARES(
        seat=seat_name(state, seat),
        purpose=T.purpose(purpose),
        target=seat_name(state, target),
        armies=force,
        heroes=AND_HEROES(n=heroes) if heroes else "",
    )


def declare(
    state: AohState, seat: int, target: int, purpose: str, armies: list[str], heroes: list[HeroUse], events: list[Event]
) -> None:
    """P-14, AH-10.3: target, purpose, armies and Mighty Heroes, all public at once."""
    p = state.p(seat)
    if target not in war_targets(state, seat):
        raise T.refuse("AH-10.2", BAD_TARGET())
    if len(set(armies)) != len(armies):
        raise T.refuse("AH-10.3.3", ARMY_TWICE())
    units: list[Unit] = []
    for army_id in armies:
        army = p.army(army_id)
        if army is None or army.status != "home":
            raise T.refuse("AH-10.1", NOT_AVAILABLE(army=_typed_army(army_id)))
        units.append(Unit(id=army.id, army=army.id, general=army.general))
    used = _heroes(state, seat, heroes, units, "AH-10.3.4")
    if not units:
        raise T.refuse("AH-10.1", NO_FORCE())
    for card in used:
        p.hand.remove(card)
    state.battle = Battle(attacker=seat, defender=target, purpose=purpose, att=units, heroes=list(used))
    FLOW.pop(state)  # the war_declare frame
    events.append(
        T.to_all(
            "war",
            declaration(state, seat, target, purpose, armies, len(used)),
            attacker=seat,
            defender=target,
            purpose=purpose,
            armies=list(armies),
            heroes=[h.model_dump() for h in heroes],
        )
    )
    # P-15, opened even without cards to play (§3 N2): a one-seat response window
    FLOW.open_window(state, new_frame(state, "war_response", target), [target], rule="AH-10.6")


def start_barbarians(state: AohState, drawer: int, card: str, events: list[Event]) -> None:
    """AH-11.7.1: the Barbarians attack the drawer, always to Plunder."""
    state.battle = Battle(attacker=BARBARIANS, defender=drawer, purpose="plunder", source_card=card)
    FLOW.open_window(state, new_frame(state, "war_response", drawer), [drawer], rule="AH-11.7.2")  # P-18


def respond(
    state: AohState,
    seat: int,
    play: str,
    heroes: list[HeroUse],
    armies: list[str] | None,
    events: list[Event],
) -> None:
    """P-15 / P-18: the defender's reactions (AH-10.6, AH-11.7.2)."""
    b = state.battle
    assert b is not None
    p = state.p(seat)
    barbarians = b.attacker == BARBARIANS
    if play in ("olympic_games", "luck"):
        if play == "luck" and not barbarians:
            raise T.refuse("AH-11.10.2", LUCK_VS_PLAYER())
        if not cards_of_kind(p, play):
            raise T.refuse("AH-11.8" if play == "olympic_games" else "AH-11.10", NOT_HELD(card=T.card(play)))
        if heroes:  # the attack is cancelled: Olympic Games (AH-11.8.2) or Luck against Barbarians (AH-11.10.1)
            raise T.refuse("AH-11.8.2" if play == "olympic_games" else "AH-11.10.1", NO_BATTLE_FOR_HERO())
        played = cards_of_kind(p, play)[0]
        p.hand.remove(played)
        discard(state, played)
        events += FLOW.answer_window(state, state.steps[0], seat, {"play": play}, responds=True)
        events.append(T.to_all("cancelled", CANCELLED(seat=seat_name(state, seat), card=T.card(play)), card=play))
        _cancelled(state, events)
        return
    if play != "none":
        raise T.refuse("CORE-2", BAD_ANSWER())
    # Defending force: all available armies (AH-10.7), or the chosen ones under CFG war_defender_commits_all=false.
    home = p.available()
    if armies is None or state.options.war_defender_commits_all:
        chosen = home
    else:
        ids = {a.id for a in home}
        if not set(armies) <= ids or len(set(armies)) != len(armies):
            raise T.refuse("AH-10.7", DEFEND_OWN())
        chosen = [a for a in home if a.id in armies]
    units = [Unit(id=a.id, army=a.id, general=a.general) for a in chosen]
    used = _heroes(state, seat, heroes, units, "AH-11.9.1")
    for card in used:
        p.hand.remove(card)
    b.heroes.extend(used)
    b.dfn = units
    events += FLOW.answer_window(state, state.steps[0], seat, {"play": play}, responds=bool(used))
    if used:
        events.append(
            T.to_all(
                "hero",
                HEROES_DEFEND(seat=seat_name(state, seat), n=len(used)),
                heroes=[h.model_dump() for h in heroes],
            )
        )
    else:
        events.append(T.to_all("no_response", NO_RESPONSE(seat=seat_name(state, seat)), seat=seat))
    _draw_cards(state, events)


def _cancelled(state: AohState, events: list[Event]) -> None:
    """AH-11.8.2-3: no battle; the attack counts as fought for the attacker's armies."""
    b = state.battle
    assert b is not None
    if b.attacker == BARBARIANS:
        assert b.source_card is not None
        discard(state, b.source_card)
    else:
        home_now = state.options.olympic_return == "immediate"
        _return_armies(state, b, home_now=home_now, events=events)
    discard(state, *b.heroes)
    reshuffle_battle_deck(state)  # AH-15.2 (rec.): also after a cancelled attack
    state.battle = None


def _return_armies(state: AohState, b: Battle, *, home_now: bool, events: list[Event]) -> None:
    """AH-10.16: survivors go away until the attacker's next Retrieve, or home at once over a direct road."""
    direct = has_road(state, b.attacker, b.defender)
    p = state.p(b.attacker)
    moved = []
    for u in b.att:
        army = p.army(u.army) if u.army and not u.destroyed else None
        if army is None:
            continue
        if home_now or direct:
            army.status = "home"
            army.away_turn = None
        else:
            army.status = "away"
            army.away_turn = state.turn_no
        moved.append(army.id)
    if moved:
        went = RETURN_HOME if (home_now or direct) else RETURN_AWAY
        events.append(
            T.to_all(
                "armies_return",
                went(seat=seat_name(state, b.attacker), armies=T.armies(moved), n=len(moved)),
                armies=moved,
            )
        )


def _draw_battle(state: AohState, n: int) -> list[str]:
    out: list[str] = []
    for _ in range(n):
        if not state.battle_deck.draw_pile:
            break
        out.append(state.battle_deck.draw_pile.pop(0))
    return out


def _barbarian_count(state: AohState, b: Battle) -> int:
    """AH-11.7.3 / AMB-01 (CFG barbarians_mode)."""
    mode = state.options.barbarians_mode
    if mode == "battle_card":
        card = _draw_battle(state, 1)
        state.battle_deck.discard_pile.extend(card)
        return C.battle_value(card[0]) if card else 0
    if mode == "defender_plus":
        return len(b.dfn) + state.options.barbarians_plus
    return (
        state.options.barbarians_armies
        if state.options.barbarians_armies is not None
        else state.content.barbarians.armies
    )


def _draw_cards(state: AohState, events: list[Event]) -> None:
    """AH-10.8: attacker's cards first, then the defender's; each sees only their own."""
    b = state.battle
    assert b is not None
    if b.attacker == BARBARIANS:
        count = _barbarian_count(state, b)
        count = min(count, max(0, len(state.battle_deck.draw_pile) - len(b.dfn)))
        b.att = [Unit(id=f"x{i + 1}") for i in range(count)]
    b.att_drawn = _draw_battle(state, len(b.att))
    b.def_drawn = _draw_battle(state, len(b.dfn))
    b.att = b.att[: len(b.att_drawn)]
    b.dfn = b.dfn[: len(b.def_drawn)]
    events.append(
        T.to_all(
            "battle_cards",
            BATTLE_CARDS(
                attacker=seat_name(state, b.attacker),
                a=len(b.att_drawn),
                defender=seat_name(state, b.defender),
                d=len(b.def_drawn),
            ),
            reveals=True,
        )
    )
    for side, drawn in (("att", b.att_drawn), ("dfn", b.def_drawn)):
        seat = b.seat_of(side)
        if seat >= 0 and drawn:
            events.append(
                T.to_seats(
                    seat,
                    "battle_hand",
                    YOUR_BATTLE_CARDS(values=[C.battle_value(c) for c in drawn]),
                    reveals=True,
                    cards=list(drawn),
                )
            )
    if b.attacker == BARBARIANS:  # AH-11.7.4: random assignment and random picks
        cards = list(b.att_drawn)
        state.rng.shuffle(cards)
        for u, c in zip(b.att, cards, strict=False):
            u.card = c
        order = [u.id for u in b.att]
        state.rng.shuffle(order)
        b.barbarian_order = order
    if not b.att or not b.dfn:
        push(state, "duel")  # no duels: straight to the results (AH-10.13)
        return
    seats: list[int] = []
    for side in SIDES:
        units, drawn = b.units(side), (b.att_drawn if side == "att" else b.def_drawn)
        if b.seat_of(side) == BARBARIANS:
            continue
        if len(units) == 1:
            units[0].card = drawn[0]
        else:
            seats.append(b.seat_of(side))
    push(state, "duel")
    if seats:  # P-16: simultaneous secret placement
        frame = push(state, "assign")
        frame.choice = SecretChoice(key=f"assign-{key(state)}", rule="AH-10.9", seats=seats)


def side_of(b: Battle, seat: int) -> str:
    return "att" if b.attacker == seat else "dfn"


def assign(state: AohState, seat: int, mapping: dict[str, str], lock: bool, events: list[Event]) -> None:
    """P-16 (AH-10.9): one own battle card under each own unit, secretly."""
    b = state.battle
    frame = state.steps[0]
    assert b is not None and frame.choice is not None
    side = side_of(b, seat)
    units = {u.id for u in b.units(side)}
    drawn = b.att_drawn if side == "att" else b.def_drawn
    if set(mapping) != units or sorted(mapping.values()) != sorted(drawn):
        raise T.refuse("AH-10.9", PLACE_EXACTLY())
    frame.choice.submit(seat, {"cards": dict(mapping)}, lock=lock)
    events.append(T.to_all("placed", PLACED(seat=seat_name(state, seat)), seat=seat))
    if frame.choice.complete:
        for s in frame.choice.seats:
            sd = side_of(b, s)
            answer = frame.choice.answers[s]["cards"]
            for u in b.units(sd):
                u.card = answer[u.id]
        FLOW.pop(state)
        events.append(T.to_all("placed_all", PLACED_ALL()))


def remaining_duels(b: Battle) -> int:
    return min(len(b.att), len(b.dfn)) - len(b.duels)


@auto("duel")
def next_duel(state: AohState, frame: Frame, events: list[Event]) -> None:
    """AH-10.10: one duel at a time; picks are simultaneous and secret unless forced."""
    b = state.battle
    assert b is not None
    if remaining_duels(b) <= 0:
        aftermath(state, events)
        return
    picks: dict[str, str] = {}
    human: list[str] = []
    for side in SIDES:
        unfought = [u.id for u in b.units(side) if not u.fought]
        if b.seat_of(side) == BARBARIANS:
            picks[side] = next(u for u in b.barbarian_order if u in unfought)
        elif len(unfought) == 1:
            picks[side] = unfought[0]
        else:
            human.append(side)
    if not human:
        resolve_duel(state, picks, events)
        push(state, "duel")
        return
    mode = state.options.war_duel_pick
    if mode == "simultaneous" or len(human) == 1:
        stages = [human]
    else:
        first = "att" if mode == "attacker_first" else "dfn"
        stages = [[first], [s for s in human if s != first]]
    _open_pick(state, picks, stages)


def _open_pick(state: AohState, picks: dict[str, str], stages: list[list[str]]) -> None:
    b = state.battle
    assert b is not None
    frame = push(state, "duel_pick", picks=picks, stages=stages)
    frame.choice = SecretChoice(key=f"duel-{key(state)}", rule="AH-10.10", seats=[b.seat_of(s) for s in stages[0]])


def pick(state: AohState, seat: int, unit: str, events: list[Event]) -> None:
    """P-17: which unfought army fights the next duel."""
    b = state.battle
    frame = state.steps[0]
    assert b is not None and frame.choice is not None
    side = side_of(b, seat)
    if unit not in [u.id for u in b.units(side) if not u.fought]:
        raise T.refuse("AH-10.10", PICK_UNFOUGHT())
    frame.choice.submit(seat, {"unit": unit})
    if not frame.choice.complete:
        events.append(T.to_all("picked", PICKED(seat=seat_name(state, seat)), seat=seat))
        return
    picks = dict(frame.data["picks"])
    for s in frame.choice.seats:
        picks[side_of(b, s)] = frame.choice.answers[s]["unit"]
    stages = frame.data["stages"][1:]
    FLOW.pop(state)
    if stages:
        events.append(T.to_all("picked", SENDS(seat=seat_name(state, seat), army=T.army(unit)), unit=unit))
        _open_pick(state, picks, stages)
        return
    resolve_duel(state, picks, events)
    push(state, "duel")


def _unit(b: Battle, side: str, unit_id: str) -> Unit:
    return next(u for u in b.units(side) if u.id == unit_id)


def duel_totals(state: AohState, b: Battle, a: Unit, d: Unit) -> tuple[int, int]:
    """AH-10.11: card + 2 per General (real or Mighty Hero) + defender's Fortresses."""
    gen = state.content.modifiers.general
    at = C.battle_value(a.card or "bc0-00") + (gen if a.has_general else 0)
    dt = C.battle_value(d.card or "bc0-00") + (gen if d.has_general else 0)
    if b.defender >= 0:
        dt += state.content.modifiers.fortress * state.p(b.defender).fortresses
    return at, dt


def resolve_duel(state: AohState, picks: dict[str, str], events: list[Event]) -> None:
    """AH-10.12: higher total wins; the loser is destroyed; a tie costs nothing."""
    b = state.battle
    assert b is not None
    a, d = _unit(b, "att", picks["att"]), _unit(b, "dfn", picks["dfn"])
    at, dt = duel_totals(state, b, a, d)
    a.fought = d.fought = a.revealed = d.revealed = True
    winner: Literal["attacker", "defender", "tie"] = "tie"
    if at > dt:
        winner = "attacker"
        b.wins += 1
        _destroy(state, b.defender, d)
    elif dt > at:
        winner = "defender"
        _destroy(state, b.attacker, a)
    b.duels.append(
        Duel(
            attacker_unit=a.id,
            defender_unit=d.id,
            attacker_value=C.battle_value(a.card or "bc0-00"),
            defender_value=C.battle_value(d.card or "bc0-00"),
            attacker_total=at,
            defender_total=dt,
            winner=winner,
        )
    )
    outcome = {
        "attacker": DUEL_WINS(army=T.army(a.id)),
        "defender": DUEL_WINS(army=T.army(d.id)),
        "tie": DUEL_TIE(),
    }[winner]
    events.append(
        T.to_all(
            "duel",
            DUEL(a=T.army(a.id), d=T.army(d.id), at=at, dt=dt, outcome=outcome),
            reveals=True,
            **b.duels[-1].model_dump(),
        )
    )


def _destroy(state: AohState, seat: int, unit: Unit) -> None:
    """AH-10.12 / AH-9.8.6: army and General go back to the supply; a hero army is discarded later."""
    unit.destroyed = True
    if seat < 0 or unit.army is None:
        return
    p = state.p(seat)
    army = p.army(unit.army)
    if army is None:
        return
    p.armies.remove(army)
    state.supply["army"] += 1
    if army.general:
        state.supply["general"] += 1


def _tier(tiers: list[Tier], v: int) -> int:
    return next((t.count for t in tiers if v >= t.min_victories), 0)


def aftermath(state: AohState, events: list[Event]) -> None:
    """AH-10.13-10.15: count victories, apply the purpose, move armies, discard heroes, reshuffle."""
    b = state.battle
    assert b is not None
    v = b.wins + max(0, len(b.att) - len(b.dfn))
    b.victories = v
    events.append(T.to_all("victories", VICTORIES(n=v), victories=v))
    if b.attacker == BARBARIANS:
        _barbarian_plunder(state, b, v, events)
    elif b.purpose == "conquest":
        n = min(_tier(state.content.results.conquest, v), state.p(b.defender).cities)  # AH-10.14.1
        state.p(b.defender).cities -= n
        state.p(b.attacker).cities += n
        events.append(
            T.to_all(
                "conquest",
                CONQUEST(seat=seat_name(state, b.attacker), n=n, defender=seat_name(state, b.defender)),
                cities=n,
            )
        )
    elif b.purpose == "raze":
        mon = state.p(b.defender).monument
        n = min(_tier(state.content.results.raze, v), len(mon))  # AH-10.14.3
        gone = mon[len(mon) - n :] if n else []
        del mon[len(mon) - n :]
        discard(state, *gone)
        events.append(T.to_all("raze", RAZE(n=n, defender=seat_name(state, b.defender)), cards=gone))
    else:
        n = min(state.content.results.plunder_cards_per_victory * v, len(state.p(b.defender).hand))
        if n and state.options.plunder_selection == "attacker_choice_blind":
            hand = state.p(b.defender).hand
            state.rng.shuffle(hand)  # face down, in an order nobody knows
            push(state, "plunder_pick", b.attacker, count=n, defender=b.defender)
        else:
            taken = state.rng.sample(state.p(b.defender).hand, n) if n else []
            plunder_take(state, b.attacker, b.defender, taken, events)
    if b.attacker != BARBARIANS:
        _return_armies(state, b, home_now=False, events=events)
    unfought = [u for u in b.att + b.dfn if not u.fought and u.card]
    if state.options.war_reveal_unfought_cards and unfought:
        events.append(
            T.to_all(
                "unfought",
                UNFOUGHT(
                    cards=[UNFOUGHT_CARD(army=T.army(u.id), value=C.battle_value(u.card or "")) for u in unfought]
                ),
                reveals=True,
            )
        )
    discard(state, *b.heroes)  # AH-11.9.3
    if b.source_card:
        discard(state, b.source_card)
    reshuffle_battle_deck(state)  # AH-15.2
    state.battle = None


def plunder_take(state: AohState, attacker: int, defender: int, taken: list[str], events: list[Event]) -> None:
    """AH-10.14.2: the cards go to the attacker; only the two players learn which."""
    for c in taken:
        state.p(defender).hand.remove(c)
    state.p(attacker).hand.extend(taken)
    events.append(
        T.to_all(
            "plunder",
            PLUNDERS(seat=seat_name(state, attacker), n=len(taken), defender=seat_name(state, defender)),
            count=len(taken),
        )
    )
    if taken:
        events.append(
            T.to_seats(
                [attacker, defender], "plundered", PLUNDERED(cards=T.cards(taken)), reveals=True, cards=list(taken)
            )
        )


def plunder_pick(state: AohState, seat: int, positions: list[int], events: list[Event]) -> None:
    """CFG plunder_selection=attacker_choice_blind: pick positions in the face-down hand."""
    frame = state.steps[0]
    n, defender = int(frame.data["count"]), int(frame.data["defender"])
    hand = state.p(defender).hand
    if len(set(positions)) != n or any(not 1 <= x <= len(hand) for x in positions):
        raise T.refuse("AH-10.14.2", PICK_POSITIONS(n=n, size=len(hand)))
    FLOW.pop(state)
    plunder_take(state, seat, defender, [hand[x - 1] for x in positions], events)


def _barbarian_plunder(state: AohState, b: Battle, v: int, events: list[Event]) -> None:
    """AH-11.7.6: two random cards per victory are discarded face up."""
    hand = state.p(b.defender).hand
    n = min(state.content.results.plunder_cards_per_victory * v, len(hand))
    taken = state.rng.sample(hand, n) if n else []
    for c in taken:
        hand.remove(c)
    discard(state, *taken)
    events.append(
        T.to_all(
            "barbarians",
            BARBARIANS_DESTROY(n=n, defender=seat_name(state, b.defender), cards=T.cards(taken)),
            reveals=True,
            cards=taken,
        )
    )
