"""War machines in combat (H3-19): the owner's war machine in play (a permanent, H3-13.2.7) acts in
every combat of that owner's army. The host notes it on the side (``CombatSide.war_machine``, the
adventure game's ``cards/permanent.lay_war_machines``); from then on the combat alone runs it.

* Ballista: as each combat round begins, 1 damage to the enemy unit with the lowest initiative
  (``round_start``). Damage, not an attack: no die, no defence, no retaliation. Reading of a tie (the
  card names one unit, the rules none): the Ballista's owner chooses among the tied units, as a side's
  controller orders its own tied units (P-48); a side run by the engine takes the first in unit order.
  It shoots at units on the board only: the arrow tower stands beside it (H3-39.8).
  Torosar's specialty cards give a side more Ballistas (``CombatSide.extra_ballistas``; his level IV and
  VI cards count as Ballistas, so they need no war machine card in play nor the Rampart box) and order
  shots out of turn (``ballista_shots``, fired by ``fire_ordered`` right after the card is played).
  Several Ballistas shoot one after the other (``volley``), each at the lowest initiative left.
* First Aid Tent: once in each combat round, take 1 damage token off one of the owner's units
  (``tent_options`` / ``use_tent``; ``CombatSide.tent_heals`` is that 1, which a card may raise). It
  is offered at the owner's moments for instants that the combat already has: the owner's activations
  and the card windows of every attack (H3-34.5). Only damage already dealt is taken off, so it never
  lifts a unit above its HP nor saves one from defeat.
* Ammo Cart: the owner's ranged units get +2 initiative (``Unit.machine_initiative``, set by
  ``refresh`` when the machine is laid and again each round, so a unit that joins later has it from
  the next round; counted while the unit is ranged) and never suffer the ranged penalty (H3-28.3.2,
  read in ``rules.penalty``). The
  arrow tower is the town's, not the army's, and already ignores the penalty (H3-39.8).
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.flow import Flow, Step
from engine.core.text import Msg, Ref

from .. import messages as m
from . import rules as r
from . import texts as t
from .models import AMMO_CART, BALLISTA, FIRST_AID_TENT, Combat, CombatHost, CombatSide, Unit

BALLISTA_DAMAGE = 1
AMMO_INITIATIVE = 2
# a shot names the Ballista, also one of Torosar's cards that count as a Ballista (no war machine in play)
BALLISTA_REF = Ref(kind="card", id=BALLISTA)
TOROSAR_IV = "torosar_ballista_iv"  # his map card: one more Ballista in this round's combats


def _card(side: CombatSide) -> Ref:
    return Ref(kind="card", id=side.war_machine or "")


def _side(side: CombatSide) -> Msg:
    return m.seat_name(side.owner if side.owner is not None else 0)


def arm(combat: Combat) -> list[Event]:
    """The war machines just laid on the sides take part: say so (public) and set the Ammo Cart's bonus."""
    refresh(combat)
    events = [
        Event.to_all("h3_machine", t.MACHINE_IN_COMBAT(side=_side(s), card=_card(s)), team=s.team, card=s.war_machine)
        for s in combat.sides
        if s.war_machine is not None
    ]
    for s in combat.sides:  # Torosar's Ballista IV, played on the map this round: it counts as a Ballista
        if s.extra_ballistas:
            said = t.MACHINE_IN_COMBAT(side=_side(s), card=Ref(kind="card", id=TOROSAR_IV))
            events.append(Event.to_all("h3_machine", said, team=s.team, card=TOROSAR_IV))
    return events


def refresh(combat: Combat) -> None:
    """The Ammo Cart's +2 initiative on the units of its side (H3-19): ``Unit.initiative`` counts it only
    while the unit is ranged, so a unit turned to a side of another type gains or loses it at once."""
    for u in combat.units:
        cart = combat.sides[u.team].war_machine == AMMO_CART
        u.machine_initiative = AMMO_INITIATIVE if cart and not u.tower else 0


# ---- Ballista --------------------------------------------------------------------------------------------
def ballista_targets(combat: Combat, side: CombatSide) -> list[Unit]:
    """The enemy units on the board that share the lowest initiative."""
    enemies = [u for u in combat.on_board(1 - side.team) if not u.tower]
    if not enemies:
        return []
    low = min(u.initiative() for u in enemies)
    return [u for u in enemies if u.initiative() == low]


def shoot(combat: Combat, side: CombatSide, target: Unit) -> list[Event]:
    said = t.BALLISTA_SHOOTS(side=_side(side), card=BALLISTA_REF, target=r.uname(combat, target))
    events = [Event.to_all("h3_ballista", said, team=side.team, target=target.uid)]
    return events + r.deal_damage(combat, target, BALLISTA_DAMAGE)


def ballistas(side: CombatSide) -> int:
    """The Ballistas the side has: its Ballista card in play (H3-19.1) and those Torosar's cards give it
    (his level IV and VI cards count as Ballistas: our reading, they take no permanent's place)."""
    return (1 if side.war_machine == BALLISTA else 0) + side.extra_ballistas


def volley(
    flow: Flow[Any, Any], state: CombatHost, combat: Combat, side: CombatSide, shots: int
) -> tuple[list[Event], Step | None]:
    """``shots`` Ballista shots of ``side``, one after the other (each aims at the lowest initiative
    left after the one before). A tie its owner settles: the question comes back, not yet pushed,
    and carries the shots still to fire after it."""
    events: list[Event] = []
    for n in range(shots):
        targets = ballista_targets(combat, side)
        if len(targets) > 1 and side.controller is not None:
            ask = flow.new(
                state,
                "h3c_ballista",
                side.controller,
                team=side.team,
                targets=[u.uid for u in targets],
                left=shots - n - 1,
            )
            return events, ask
        if not targets:
            break
        events += shoot(combat, side, targets[0])
    return events, None


def round_start(flow: Flow[Any, Any], state: CombatHost, combat: Combat) -> list[Event]:
    """H3-19: each Ballista shoots as the round begins, the attacker's first; a tie its owner settles
    (a question pushed in front of the round's other steps)."""
    refresh(combat)
    events: list[Event] = []
    asks: list[Step] = []
    for side in combat.sides:
        shot, ask = volley(flow, state, combat, side, ballistas(side))
        events += shot
        if ask is not None:
            asks.append(ask)
    if asks:
        flow.push(state, *asks)
    return events


def fire_ordered(flow: Flow[Any, Any], state: CombatHost, combat: Combat, side: CombatSide) -> list[Event]:
    """The shots a card of Torosar's just ordered (``CombatSide.ballista_shots``, combat/cards.py)."""
    shots, side.ballista_shots = side.ballista_shots, 0
    events, ask = volley(flow, state, combat, side, shots)
    if ask is not None:
        flow.push(state, ask)
    return events


# ---- First Aid Tent --------------------------------------------------------------------------------------
def tent_targets(combat: Combat, side: CombatSide) -> list[Unit]:
    if side.war_machine != FIRST_AID_TENT or side.controller is None or side.tent_round == combat.round:
        return []
    return [u for u in combat.on_board(side.team) if not u.tower and u.damage > 0]


def tent_options(combat: Combat, side: CombatSide) -> list[Option]:
    """The First Aid Tent's use, open to its owner once in the combat round on a damaged unit of theirs."""
    return [
        Option.of(
            t.OPT_TENT(card=_card(side), n=min(u.damage, side.tent_heals), unit=r.uname(combat, u)),
            {"type": "tent", "target": u.uid},
        )
        for u in tent_targets(combat, side)
    ]


def use_tent(combat: Combat, side: CombatSide, target: str) -> list[Event]:
    """Take 1 damage token off the unit (H3-19); refused, with nothing changed, when not offered."""
    unit = next((u for u in tent_targets(combat, side) if u.uid == target), None)
    if unit is None:
        raise RuleViolation("H3-19", t.NO_TENT())
    side.tent_round = combat.round
    healed = min(unit.damage, side.tent_heals)  # only damage already dealt: never above its HP
    unit.damage -= healed
    said = t.TENT_USED(side=_side(side), card=_card(side), n=healed, unit=r.uname(combat, unit))
    return [Event.to_all("h3_tent", said, team=side.team, unit=unit.uid, n=healed)]


def install(flow: Flow[Any, Any]) -> None:
    """The Ballista's tie question, on the host's flow (called by combat/flow.install)."""

    @flow.decision("h3c_ballista", "strike")
    def _prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = state.combat
        assert combat is not None
        options = [
            Option.of(m.OPT_TARGET(target=r.uname(combat, combat.unit(u))), {"type": "strike", "target": u})
            for u in st.data["targets"]
        ]
        key = f"{st.key}.{st.data.get('n', 0)}"
        return [Prompt.ask(int(st.seat or 0), key, "H3-19", t.ASK_BALLISTA(card=BALLISTA_REF), options=options)]

    @flow.applies("h3c_ballista")
    def _apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        if action.target not in st.data["targets"]:
            raise RuleViolation("H3-19", m.NOT_OFFERED())
        combat = state.combat
        assert combat is not None
        flow.done(state, st)
        victim = combat.unit(action.target)
        side = combat.sides[int(st.data["team"])]
        events = shoot(combat, side, victim) if victim.alive else []
        more, ask = volley(flow, state, combat, side, int(st.data.get("left", 0)))  # Torosar: more Ballistas
        if ask is not None:
            flow.push(state, ask)
        return events + more
