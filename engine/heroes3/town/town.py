"""Town actions (H3-10): build (H3-21.3), recruit and reinforce (H3-26.3) or hire the secondary
hero (H3-12.5) with the population token, and buy spells with the spell book token (H3-10.4.3).

Town actions may be taken in any player's turn at a safe point (H3-10.2, P-35) and in the combat
declaration window (H3-10.3, P-36); never during a combat. Entry points: ``options(state, seat)``
(what the seat may do now), ``any_action``, ``act(state, seat, action)``.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, RuleViolation
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..adventure import effects
from ..adventure.geometry import index, location
from ..cards import deck as cards
from ..clash import messages as m
from ..clash.asks import ask, push_ask
from ..clash.common import bases, can_pay, gain, has_kind, heroes_at, pay
from ..clash.flow import seat_of
from ..clash.state import SECONDARY_MP, ClashState, Coord, Hero, Player
from ..combat.models import ArmyCard
from ..content import load
from ..content.clash import STEP, Building, clash_content
from . import discount, pool
from . import trade as trade_table
from .army import recruitable, reinforceable

HIRE_GOLD = 10  # H3-12.5


def need(cond: bool, rule: str, msg: m.Msg) -> None:
    if not cond:
        raise RuleViolation(rule, msg)


def _board(p: Player) -> list[Building]:
    return list(clash_content().towns[p.faction].buildings)


def _spell_book(p: Player) -> tuple[int, int] | None:
    """(gold, x) of the Mage Guild's spell book step, if built."""
    town = clash_content().towns[p.faction]
    for b in p.buildings:
        for s in town.building(b).passive:
            if s.effect == "spell_book":
                return s.num("gold", 5), s.num("x", 2)
    return None


def buildable(p: Player) -> list[Building]:
    return [
        b
        for b in _board(p)
        if b.id not in p.buildings and all(r in p.buildings for r in b.requires) and can_pay(p, b.cost.as_dict())
    ]


def hire_spots(state: ClashState, p: Player) -> list[Coord]:
    """H3-12.5.1: a town or settlement you control where no enemy hero stands (with your main hero
    there, the two share the field until one moves off, H3-8.5)."""
    return [b for b in bases(state, p.seat) if all(s == p.seat for s, _ in heroes_at(state, b))]


def options(state: ClashState, seat: int) -> list[Option]:
    """Every town action ``seat`` may take now (none during a combat, H3-10.2)."""
    p = state.player(seat)
    if p.eliminated or state.combat is not None:
        return []
    out: list[Option] = []
    if "build" not in p.tokens_used:
        for b in buildable(p):
            out.append(
                Option.of(m.OPT_BUILD(building=Ref(kind="h3_building", id=b.id)), {"type": "build", "building": b.id})
            )
    if "population" not in p.tokens_used:
        off = discount.best(state, p)  # H3-17: a unit affordable only with a Legion discount is offered
        if state.variant("gold_pool") and (pool.sellable(p) or recruitable(p, off) or reinforceable(p, off)):
            out.append(Option.of(m.OPT_RESHAPE(), {"type": "recruit", "recruit": [], "reinforce": [], "reshape": True}))
        if state.variant("neutral_armies") and dwelling_tiers(p):  # H3-48.2: instead of recruiting normally
            out.append(
                Option.of(m.OPT_NEUTRAL_ARMIES(), {"type": "recruit", "recruit": [], "reinforce": [], "neutrals": True})
            )
        for unit in recruitable(p, off) if not state.variant("neutral_armies") else []:
            out.append(
                Option.of(
                    m.OPT_RECRUIT(unit=Ref(kind="unit", id=unit)),
                    {"type": "recruit", "recruit": [unit], "reinforce": []},
                )
            )
        for i in reinforceable(p, off):
            out.append(
                Option.of(
                    m.OPT_REINFORCE_TOWN(unit=Ref(kind="unit", id=p.army[i].card)),
                    {"type": "recruit", "recruit": [], "reinforce": [i]},
                )
            )
        if p.secondary is None and can_pay(p, {"gold": HIRE_GOLD}):
            for spot in hire_spots(state, p):
                out.append(
                    Option.of(
                        m.OPT_HIRE(q=spot[0], r=spot[1]), {"type": "hire", "at": list(spot)}, at=f"{spot[0]},{spot[1]}"
                    )
                )
    if "spellbook" not in p.tokens_used:
        book = _spell_book(p)
        if book is not None and p.mage_guild_round != state.round and can_pay(p, {"gold": book[0]}):
            out.append(Option.of(m.OPT_SPELLBOOK(gold=book[0]), {"type": "spellbook"}))
    if state.variant("free_trade"):
        out += trade_options(p)
    return out


def trade_options(p: Player) -> list[Option]:
    """The H3-48.8 row "you may trade resources at any time": each trade the purse affords, at the
    trading post's table (H3-43.1.1, D-11), offered with the town actions (any turn, no token)."""
    return [
        Option.of(label, {"type": "trade", "give": rate.give, "get": rate.get})
        for rate, label in trade_table.affordable(p)
    ]


def any_action(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` has a town action left; a free trade alone opens no window (A-11, P-36)."""
    return any(o.action["type"] != "trade" for o in options(state, seat))


def act(state: ClashState, seat: int, action: Any) -> list[Event]:
    """Validate and take one town action; a refusal leaves everything as it was."""
    p = state.player(seat)
    need(state.combat is None, "H3-10.2", m.NO_TOWN_IN_COMBAT())
    need(not p.eliminated, "H3-5.4", m.ELIMINATED())
    if action.type == "build":
        return build(state, p, action.building)
    if action.type == "recruit":
        return recruit(
            state, p, list(action.recruit), list(action.reinforce), bool(action.neutrals), bool(action.reshape)
        )
    if action.type == "hire":
        return hire(state, p, (int(action.at[0]), int(action.at[1])))
    if action.type == "trade":
        return trade(state, p, action.give, action.get)
    return spellbook(state, p)


def trade(state: ClashState, p: Player, give: str, get: str) -> list[Event]:
    """One trade with the supply (H3-43.1.1), allowed at any time only under that H3-48.8 row."""
    need(state.variant("free_trade"), "H3-43.1", m.TRADE_AT_POST())
    rate = clash_content().trade_rate(give, get)  # type: ignore[arg-type]  # the action's Literal is a resource name
    need(rate is not None, "H3-43.1.1", m.NOT_OFFERED())
    assert rate is not None
    need(can_pay(p, {give: rate.give_amount}), "H3-43.1.1", m.CANNOT_PAY())
    return trade_table.exchange(p, give, get)


def build(state: ClashState, p: Player, building: str) -> list[Event]:
    """H3-21.3: one building per round with the build token; pay, place, resolve its immediate effect."""
    need("build" not in p.tokens_used, "H3-10.1", m.TOKEN_USED(token=Ref(kind="h3_token", id="build")))
    town = clash_content().towns[p.faction]
    ids = {b.id for b in town.buildings}
    need(building in ids, "H3-21.2", m.NO_SUCH_BUILDING())
    b = town.building(building)
    need(building not in p.buildings, "H3-21.3", m.ALREADY_BUILT())
    need(
        all(r in p.buildings for r in b.requires),
        "H3-21.2",
        m.NEEDS_BUILDING(building=Ref(kind="h3_building", id=b.requires[0] if b.requires else b.id)),
    )
    need(can_pay(p, b.cost.as_dict()), "H3-21.3", m.CANNOT_PAY())
    pay(p, b.cost.as_dict())
    p.buildings.append(building)
    p.tokens_used.append("build")
    if b.kind == "mage_guild":
        p.mage_guild_round = state.round  # H3-15.5
    events = [Event.to_all("h3_built", m.BUILT(seat=m.seat(p.seat), building=Ref(kind="h3_building", id=building)))]
    if b.built:
        effects.push_choices(
            state, p.seat, "main", m.BUILDING(building=Ref(kind="h3_building", id=building)), b.built, False
        )
    return events


def dwelling_tiers(p: Player) -> list[str]:
    """The tiers of the dwellings ``p`` has built, lowest first (H3-21.2)."""
    return [t for t in ("bronze", "silver", "gold") if has_kind(p, f"dwelling_{t}")]


def recruit(
    state: ClashState,
    p: Player,
    units: list[str],
    reinforce: list[int],
    neutrals: bool = False,
    reshape: bool = False,
) -> list[Event]:
    """H3-26.3: one use of the population token recruits and reinforces any number of units.
    Under the neutral-armies variant (H3-48.2) recruiting draws neutral units instead: faction
    units are refused, and ``neutrals`` draws 2 of each owned dwelling's tier for the owner to pick.
    A pending Legion discount (town/discount.py) lowers the dearest unit's gold cost."""
    need("population" not in p.tokens_used, "H3-10.1", m.TOKEN_USED(token=Ref(kind="h3_token", id="population")))
    need(bool(units or reinforce or neutrals or reshape), "H3-26.3", m.NOTHING_CHOSEN())
    need(not reshape or state.variant("gold_pool"), "H3-48.5", m.GOLD_POOL_OFF())
    need(not (units and state.variant("neutral_armies")), "H3-48.2", m.NEUTRAL_ARMIES_ONLY())
    need(not neutrals or state.variant("neutral_armies"), "H3-48.2", m.NEUTRAL_ARMIES_OFF())
    need(not neutrals or bool(dwelling_tiers(p)), "H3-48.2", m.NEUTRAL_ARMIES_NO_DWELLING())
    town = clash_content().towns[p.faction]
    have = {a.card for a in p.army}
    full: list[dict[str, int]] = []  # each unit's printed cost: the recruits first, then the reinforcements
    for unit in units:
        need(unit in town.units, "H3-26.1", m.NOT_YOUR_UNIT(unit=Ref(kind="unit", id=unit)))
        need(unit not in have and units.count(unit) == 1, "H3-26.1", m.UNIT_IN_DECK(unit=Ref(kind="unit", id=unit)))
        card = load().unit(unit)
        need(has_kind(p, f"dwelling_{card.tier}"), "H3-26.3.1", m.NEEDS_DWELLING(unit=Ref(kind="unit", id=unit)))
        full.append(dict(card.sides["few"].cost))
    for i in reinforce:
        need(0 <= i < len(p.army) and reinforce.count(i) == 1, "H3-26.3", m.NOTHING_CHOSEN())
        a = p.army[i]
        card = load().unit(a.card)
        need(
            card.faction == p.faction and "pack" in card.sides,
            "H3-26.7",
            m.CANNOT_REINFORCE(unit=Ref(kind="unit", id=a.card)),
        )
        need(a.side == "few", "H3-26.2", m.ALREADY_PACK(unit=Ref(kind="unit", id=a.card)))
        need(has_kind(p, "citadel"), "H3-26.3.2", m.NEEDS_CITADEL())
        need(has_kind(p, f"dwelling_{card.tier}"), "H3-26.3.1", m.NEEDS_DWELLING(unit=Ref(kind="unit", id=a.card)))
        full.append(dict(card.sides["pack"].cost))
    offs = discount.allot(state, p, full)  # H3-17: a pending Legion discount, to the dearest unit
    paid = [discount.apply(c, d.gold if d is not None else 0) for c, d in zip(full, offs, strict=True)]
    cost: dict[str, int] = {}
    for c in paid:
        for k, v in c.items():
            cost[k] = cost.get(k, 0) + v
    need(can_pay(p, cost), "H3-26.3", m.CANNOT_PAY())
    pay(p, cost)
    p.tokens_used.append("population")
    discount.lapse(state, p)
    events: list[Event] = []
    bought = [(unit, False) for unit in units] + [(p.army[i].card, True) for i in reinforce]
    for (unit, again), c, d, price in zip(bought, full, offs, paid, strict=True):
        if d is not None:
            events.append(discount.spend(state, p, d, unit, c))
        if again:
            i = next(j for j in reinforce if p.army[j].card == unit)
            pool.reserve(state, p, unit, price, reinforce=True)
            p.army[i] = p.army[i].model_copy(update={"side": "pack"})
            events.append(
                Event.to_all("h3_reinforced", m.REINFORCED(seat=m.seat(p.seat), unit=Ref(kind="unit", id=unit)))
            )
        else:
            pool.reserve(state, p, unit, price)  # H3-48.5
            p.army.append(ArmyCard(card=unit, side="few"))  # recruited on the Few side
            events.append(
                Event.to_all("h3_recruited", m.RECRUITED(seat=m.seat(p.seat), unit=Ref(kind="unit", id=unit)))
            )
        if d is not None:
            events += pool.keep_reminder(state, p, unit, d.card, reinforce=again)  # H3-48.5, fourth bullet
    if neutrals:
        events += _draw_neutral_armies(state, p)
    if reshape:
        push_ask(state, "gold_pool", p.seat)
    return events


# ---- H3-48.2 neutral armies ---------------------------------------------------------------------------
def _draw_neutral_armies(state: ClashState, p: Player) -> list[Event]:
    """H3-48.2: 2 neutral unit cards of each owned dwelling's tier, drawn face up (public); the owner
    then recruits any of them, one question at a time, and the rest are discarded."""
    got = [card for tier in dwelling_tiers(p) for card in state.neutral_decks[tier].draw(state.rng, 2)]
    if not got:
        return []
    push_ask(state, "neutral_armies", p.seat, drawn=got, taken=[])
    units = [Ref(kind="unit", id=c) for c in got]
    return [Event.to_all("h3_neutral_armies", m.NEUTRAL_ARMIES_DRAWN(seat=m.seat(p.seat), units=units), units=got)]


def _neutral_cost(card: str) -> dict[str, int]:
    side = load().unit(card).sides
    return dict((side.get("neutral") or side.get("few") or next(iter(side.values()))).cost)


def _neutral_armies_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_NEUTRAL_ARMIES()


@ask("neutral_armies", "H3-48.2", _neutral_armies_q)
def _neutral_armies_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    taken = [int(i) for i in st.data["taken"]]
    out = [
        (m.OPT_RECRUIT_NEUTRAL(unit=Ref(kind="unit", id=c)), str(i))
        for i, c in enumerate(st.data["drawn"])
        if i not in taken and can_pay(p, discount.apply(_neutral_cost(c), discount.best(state, p)))
    ]
    return out + [(m.OPT_NEUTRAL_ARMIES_DONE(), "done")]


@_neutral_armies_options
def _neutral_armies_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """Recruit one drawn unit on its single neutral side for its cost (H3-26.7), and ask again;
    "done" discards the ones not recruited to their tiers' discard piles (H3-29.2)."""
    p = state.player(seat_of(st))
    drawn = [str(c) for c in st.data["drawn"]]
    taken = [int(i) for i in st.data["taken"]]
    if pick == "done":
        for i, card in enumerate(drawn):
            if i not in taken:
                state.neutral_decks[load().unit(card).tier].discard(card)
        return []
    card = drawn[int(pick)]
    full = _neutral_cost(card)
    (off,) = discount.allot(state, p, [full])  # H3-17: a pending Legion discount, one unit at a time
    price = discount.apply(full, off.gold if off is not None else 0)
    pay(p, price)
    events = [discount.spend(state, p, off, card, full)] if off is not None else []
    pool.reserve(state, p, card, price)  # H3-48.5: a population-token recruit too
    p.army.append(ArmyCard(card=card, side="neutral"))
    if off is not None:
        events += pool.keep_reminder(state, p, card, off.card)
    st.data["taken"] = taken + [int(pick)]
    st.data["again"] = True
    return events + [Event.to_all("h3_recruited", m.RECRUITED(seat=m.seat(p.seat), unit=Ref(kind="unit", id=card)))]


def hire(state: ClashState, p: Player, at: Coord) -> list[Event]:
    """H3-12.5: the population token and 10 gold; one secondary hero at a time; placed in a
    town or settlement you control; it gets its 2 MP at once (A-16)."""
    need("population" not in p.tokens_used, "H3-10.1", m.TOKEN_USED(token=Ref(kind="h3_token", id="population")))
    need(p.secondary is None, "H3-12.5.2", m.HAS_SECONDARY())
    need(bool(bases(state, p.seat)), "H3-12.5", m.NO_BASE())
    need(can_pay(p, {"gold": HIRE_GOLD}), "H3-12.5", m.CANNOT_PAY())
    need(at in hire_spots(state, p), "H3-12.5.1", m.BAD_SPOT())
    pay(p, {"gold": HIRE_GOLD})
    p.tokens_used.append("population")
    p.secondary = Hero(kind="secondary", field=at, mp=SECONDARY_MP, last_visited=at)
    return [Event.to_all("h3_hired", m.HIRED(seat=m.seat(p.seat), q=at[0], r=at[1]))]


def spellbook(state: ClashState, p: Player) -> list[Event]:
    """H3-10.4.3 / H3-15.5: pay and Search the spell deck; needs a Mage Guild built before this round."""
    need("spellbook" not in p.tokens_used, "H3-10.1", m.TOKEN_USED(token=Ref(kind="h3_token", id="spellbook")))
    book = _spell_book(p)
    need(book is not None, "H3-10.4.3", m.NEEDS_MAGE_GUILD())
    assert book is not None
    need(p.mage_guild_round != state.round, "H3-15.5", m.GUILD_TOO_NEW())
    need(can_pay(p, {"gold": book[0]}), "H3-10.4.3", m.CANNOT_PAY())
    pay(p, {"gold": book[0]})
    p.tokens_used.append("spellbook")
    cards.start_search(state, p.seat, "spell", book[1])
    return [Event.to_all("h3_spellbook", m.SPELLBOOK(seat=m.seat(p.seat), gold=book[0]))]


def field_income(state: ClashState, seat: int) -> dict[str, int]:
    """The part of ``seat``'s production its flagged mines and settlements give (H3-50.4.1,
    H3-50.4.2); the rest of the production track is its town's (H3-6.8, buildings, the grail)."""
    out: dict[str, int] = {}
    for key, fs in state.fields.items():
        if fs.flag != seat:
            continue
        q, r = (int(x) for x in key.split(","))
        loc = location(state, (q, r))
        if loc is None:
            continue
        if loc.kind == "mine":
            for c in loc.choices:
                for st in c.steps:
                    if st.effect == "production":
                        for k, v in st.resources().as_dict().items():
                            out[k] = out.get(k, 0) + v
        elif loc.kind == "settlement" and fs.produce is not None:
            out[fs.produce] = out.get(fs.produce, 0) + STEP.get(fs.produce)  # type: ignore[arg-type]  # produce is a resource name
    return {k: v for k, v in out.items() if v}


def own_town_flagged(state: ClashState, p: Player) -> bool:
    """Whether an enemy's cube stands on ``p``'s own town (H3-21.5, H3-50.3)."""
    for pos in index(state):
        loc = location(state, pos)
        if loc is not None and loc.kind == "town" and loc.faction == p.faction:
            fs = state.peek_field(pos)
            return fs is not None and fs.flag is not None and fs.flag != p.seat
    return False


def income(state: ClashState, p: Player) -> list[Event]:
    """H3-7.3.1 / H3-20.3: collect production.

    Two H3-48.8 rows change it: "all mines and settlements give double income" adds their share
    once more, and "towns produce no resources after being flagged" withholds the town's share
    while an enemy's cube is on it (H3-21.5 keeps it by default; its buildings stay usable, so
    start-of-resource-round building effects still resolve). Rec.: the town's share is the
    production track less the mines' and settlements' part, so a grail or card that raised
    production counts as the town's."""
    production = {k: p.production.get(k, 0) for k in ("gold", "building_materials", "valuables")}
    fields = field_income(state, p.seat) if state.variants else {}
    if state.variant("idle_flagged_towns") and own_town_flagged(state, p):
        production = {k: min(v, fields.get(k, 0)) for k, v in production.items()}
    if state.variant("double_income"):
        production = {k: v + fields.get(k, 0) for k, v in production.items()}
    amounts = {k: max(0, v + p.income_mod.get(k, 0)) for k, v in production.items()}
    p.income_mod = {}  # an astrologer's change applies to one resource round
    gain(p, amounts)
    return [
        Event.to_all(
            "h3_income",
            m.INCOME(
                seat=m.seat(p.seat),
                what=m.COST(
                    gold=amounts.get("gold", 0),
                    bm=amounts.get("building_materials", 0),
                    val=amounts.get("valuables", 0),
                ),
            ),
        )
    ]
