"""The gold pool variant (H3-48.5): what the population token pays to recruit or reinforce goes to
the player's reserved pool, not the supply, and comes back to the unspent pool (the purse) when the
unit is sold, is defeated, or flips from Pack to Few (its reinforcement cost).

Why the per-unit ledger (``Player.pool_units``): only what the token paid is reserved (starting
units, free reinforcements and effect reinforcements, H3-26.4, paid nothing into it), so a refund
must know what this unit paid. Why a settling pass after each action, as the chaos deck does:
units leave the unit deck in many places (combat, the H3-26.5 refill), and comparing the ledger
with the unit deck finds every loss and flip once. A-50: every resource type paid is reserved.
The ledger holds what was actually paid, so a discounted unit never refunds more than it put in.

The rule's fourth bullet: a Legion card whose discount paid a unit (town/discount.py) is kept
beside that unit's ledger entry as a reminder, taken from the discard pile it went to when played
(a card no longer there, reshuffled or removed by the chaos deck, leaves no reminder). If it paid
a reinforcement, it returns to the owner's hand when the unit flips back to Few. House reading:
when the unit is sold or defeated the reminder goes to the owner's discard pile, as a discard (so
under the chaos deck, H3-48.1, it is replaced from its shared deck).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Event
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..cards import deck as cards
from ..cards import messages as cm
from ..clash import messages as m
from ..clash.asks import ask
from ..clash.common import can_pay, pay
from ..clash.flow import seat_of
from ..clash.state import ClashState, Player, PoolUnit
from ..combat.models import ArmyCard
from ..content import load
from . import discount
from .army import recruitable, reinforceable


def _cost(amounts: Mapping[str, int]) -> Msg:
    return m.COST(gold=amounts.get("gold", 0), bm=amounts.get("building_materials", 0), val=amounts.get("valuables", 0))


def reserve(state: ClashState, p: Player, card: str, paid: Mapping[str, int], reinforce: bool = False) -> None:
    """H3-48.5: the population token's payment for ``card`` goes to the reserved pool (the caller
    has already taken it from the purse)."""
    if not state.variant("gold_pool"):
        return
    for k, v in paid.items():
        if v:
            p.reserved[k] = p.reserved.get(k, 0) + v
    if not reinforce:
        p.pool_units.append(PoolUnit(card=card, recruit=dict(paid)))
        return
    entry = next((e for e in p.pool_units if e.card == card and not e.reinforce), None)
    if entry is None:  # a starting unit reinforced: only the reinforcement is reserved for it
        entry = PoolUnit(card=card)
        p.pool_units.append(entry)
    entry.reinforce = dict(paid)


def keep_reminder(state: ClashState, p: Player, card: str, inst: str, reinforce: bool = False) -> list[Event]:
    """H3-48.5, fourth bullet: the Legion card ``inst`` that lowered ``card``'s cost leaves the
    discard pile and is kept beside the unit's ledger entry (just written by ``reserve``)."""
    if not state.variant("gold_pool") or inst not in p.deck.discard:
        return []
    entry = next((e for e in reversed(p.pool_units) if e.card == card), None)
    if entry is None:
        return []
    p.deck.discard.remove(inst)
    if inst in p.chaos_settled:
        p.chaos_settled.remove(inst)
    if reinforce:
        entry.reinforce_card = inst
    else:
        entry.recruit_card = inst
    unit = Ref(kind="unit", id=card)
    return [
        Event.to_all(
            "h3_reminder_kept", cm.REMINDER_KEPT(seat=m.seat(p.seat), card=cards.card_ref(state, inst), unit=unit)
        )
    ]


def _drop_reminders(state: ClashState, p: Player, entry: PoolUnit) -> list[Event]:
    """The unit is sold or defeated: its reminder cards go to the discard pile (house reading), as
    a discard, so the chaos deck replaces them (H3-48.1)."""
    events: list[Event] = []
    for inst in (entry.recruit_card, entry.reinforce_card):
        if inst is not None:
            p.deck.discard.append(inst)
            events.append(
                Event.to_all(
                    "h3_reminder_discarded",
                    cm.REMINDER_DISCARDED(
                        seat=m.seat(p.seat), card=cards.card_ref(state, inst), unit=Ref(kind="unit", id=entry.card)
                    ),
                )
            )
    entry.recruit_card = entry.reinforce_card = None
    return events + (cards.settle_chaos(state, p) if events else [])


def _refund(p: Player, amounts: Mapping[str, int]) -> dict[str, int]:
    """Move ``amounts`` (at most what is reserved) from the reserved pool back to the purse."""
    moved: dict[str, int] = {}
    for k, v in amounts.items():
        n = min(v, p.reserved.get(k, 0))
        if n:
            p.reserved[k] -= n
            p.resources[k] = p.resources.get(k, 0) + n
            moved[k] = n
    return moved


def settle(state: ClashState, p: Player) -> list[Event]:
    """Refund each ledger entry whose unit left the unit deck, and the reinforcement of each one
    that is on its Few side again (H3-48.5, second and third bullets). No refunds while a combat
    holds the army: it is handed back when the combat ends."""
    if not state.variant("gold_pool") or state.combat is not None:
        return []
    events: list[Event] = []
    left = list(p.army)
    kept: list[PoolUnit] = []
    for entry in p.pool_units:
        match = next((a for a in left if a.card == entry.card), None)
        unit = Ref(kind="unit", id=entry.card)
        if match is None:
            back = _refund(p, {k: entry.recruit.get(k, 0) + entry.reinforce.get(k, 0) for k in RESOURCES})
            events.append(
                Event.to_all("h3_pool_refund", m.POOL_REFUND(seat=m.seat(p.seat), unit=unit, what=_cost(back)))
            )
            events += _drop_reminders(state, p, entry)
            continue
        left.remove(match)
        if match.side == "few" and (entry.reinforce or entry.reinforce_card is not None):
            back = _refund(p, entry.reinforce)
            entry.reinforce = {}
            events.append(
                Event.to_all("h3_pool_refund", m.POOL_FLIP_REFUND(seat=m.seat(p.seat), unit=unit, what=_cost(back)))
            )
            if entry.reinforce_card is not None:  # H3-48.5: "the discount card returns to your hand"
                inst, entry.reinforce_card = entry.reinforce_card, None
                cards.gain_card(state, p, inst)
                events.append(
                    Event.to_all(
                        "h3_reminder_back",
                        cm.REMINDER_BACK(seat=m.seat(p.seat), unit=unit, card=cards.card_ref(state, inst)),
                    )
                )
        kept.append(entry)
    p.pool_units = kept
    return events


RESOURCES: tuple[str, ...] = ("gold", "building_materials", "valuables")


def settle_all(state: ClashState) -> list[Event]:
    if not state.variant("gold_pool"):
        return []
    return [e for p in state.seats for e in settle(state, p)]


# ---- the reshaping question (H3-48.5: "buy new units and also sell existing ones") -------------------------
def sellable(p: Player) -> list[int]:
    """Army positions of units with something reserved for them (selling any other returns nothing).
    Never the last unit (house rule): a unit deck emptied by a sale is not a defeated one, so the
    H3-26.5 refill would not come and the next combat would have nobody to place (H3-32.2)."""
    if len(p.army) <= 1:
        return []
    out: list[int] = []
    taken: list[int] = []
    for entry in p.pool_units:
        i = next((j for j, a in enumerate(p.army) if a.card == entry.card and j not in taken), None)
        if i is not None:
            taken.append(i)
            out.append(i)
    return sorted(out)


def _entry_for(p: Player, card: str) -> PoolUnit:
    return next(e for e in p.pool_units if e.card == card)


def _reshape_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_RESHAPE()


@ask("gold_pool", "H3-48.5", _reshape_q)
def _reshape_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out: list[tuple[Msg, str]] = []
    for i in sellable(p):
        entry = _entry_for(p, p.army[i].card)
        back = {k: min(entry.recruit.get(k, 0) + entry.reinforce.get(k, 0), p.reserved.get(k, 0)) for k in RESOURCES}
        out.append((m.OPT_SELL(unit=Ref(kind="unit", id=p.army[i].card), what=_cost(back)), f"s{i}"))
    off = discount.best(state, p)  # H3-17: a pending Legion discount counts
    if not state.variant("neutral_armies"):  # H3-48.2 replaces recruiting faction units
        out += [(m.OPT_RECRUIT(unit=Ref(kind="unit", id=u)), f"r{u}") for u in recruitable(p, off)]
    out += [(m.OPT_REINFORCE_TOWN(unit=Ref(kind="unit", id=p.army[i].card)), f"f{i}") for i in reinforceable(p, off)]
    return out + [(m.OPT_RESHAPE_DONE(), "done")]


@_reshape_options
def _reshape_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """One sale, recruit or reinforcement of the same population-token use, then ask again."""
    p = state.player(seat_of(st))
    if pick == "done":
        return []
    st.data["again"] = True
    if pick.startswith("s"):
        i = int(pick[1:])
        card = p.army[i].card
        entry = _entry_for(p, card)
        p.pool_units.remove(entry)
        p.army.pop(i)
        unit = load().unit(card)
        if unit.faction == "neutral":  # a neutral card goes back to its tier's discard pile (H3-29.2)
            state.neutral_decks[unit.tier].discard(card)
        back = _refund(p, {k: entry.recruit.get(k, 0) + entry.reinforce.get(k, 0) for k in RESOURCES})
        sold = Event.to_all("h3_sold", m.SOLD(seat=m.seat(p.seat), unit=Ref(kind="unit", id=card), what=_cost(back)))
        return [sold] + _drop_reminders(state, p, entry)
    again = not pick.startswith("r")
    i = -1 if not again else int(pick[1:])
    card = pick[1:] if not again else p.army[i].card
    full = dict(load().unit(card).sides["pack" if again else "few"].cost)
    (off,) = discount.allot(state, p, [full])  # H3-17: a pending Legion discount, one unit at a time
    cost = discount.apply(full, off.gold if off is not None else 0)
    assert can_pay(p, cost)  # offered only when affordable (town.recruitable / reinforceable)
    pay(p, cost)
    events = [discount.spend(state, p, off, card, full)] if off is not None else []
    if again:
        p.army[i] = p.army[i].model_copy(update={"side": "pack"})
        reserve(state, p, card, cost, reinforce=True)
        events.append(Event.to_all("h3_reinforced", m.REINFORCED(seat=m.seat(p.seat), unit=Ref(kind="unit", id=card))))
    else:
        p.army.append(ArmyCard(card=card, side="few"))
        reserve(state, p, card, cost)
        events.append(Event.to_all("h3_recruited", m.RECRUITED(seat=m.seat(p.seat), unit=Ref(kind="unit", id=card))))
    if off is not None:
        events += keep_reminder(state, p, card, off.card, reinforce=again)
    return events
