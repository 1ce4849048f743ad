"""Permanent cards (H3-13.2.7, P-27, A-19): a permanent is played like a map or activation card,
stays in play (public) until discarded or replaced, and a player has at most one: playing
another discards the first to its owner's discard pile.

Why the zone lives on the player (``Player.permanent``) and not in the hand or discard pile: the
card is out of the deck's cycle while in play, but still the player's, so card conservation
counts it there. What a permanent does while in play is read where it applies: the school
Magic abilities add +1 Power to spells of their school cast on the map (``school_bonus``, used by
play.py) and in combat (``lay_cloaks`` notes it on the combat side); the Cloak of the Undead
King acts only in combat (the combat engine's side).

Entry points: ``is_permanent``, ``options``, ``put_into_play``, ``school_bonus``, ``magic_booster``,
``lay_cloaks`` / ``collect_cloak`` (the Cloak laid on a unit when a combat is built, and taken out
of play when the combat wore it out), ``lay_war_machines`` (a war machine in play, H3-19, noted on its
owner's side of each combat). A war machine is put into play and replaced like any permanent; one
replaced goes to its owner's discard pile (H3-13.2.2) and from there follows the deck rules of any
card, the chaos deck removing it with no replacement (A-48: no shared deck holds it).
"""

from __future__ import annotations

from engine.core import Event, Option

from ..clash import messages as m
from ..clash.state import ClashState, Player
from ..combat import texts as ct
from ..combat import war_machines as machines
from ..combat.models import Combat
from ..combat.rules import uname
from ..content import UnitSide, load
from ..content.clash import MMCard, clash_content
from . import deck as cards
from . import messages as cm

# "While in play, your <school> spells get +1 Power" (the basic effect of the Magic abilities);
# their expert effect: "When you cast a <school> spell, discard this card for +3 Power".
MAGIC_EXPERT_POWER = 3
SCHOOL_MAGIC: dict[str, str] = {
    "air_magic": "air",
    "earth_magic": "earth",
    "fire_magic": "fire",
    "water_magic": "water",
}


def is_permanent(card: MMCard) -> bool:
    return card.basic.timing == "permanent"


def options(state: ClashState, p: Player, inst: str) -> list[Option]:
    """P-27: playing a permanent while another is in play replaces it; the label says so."""
    card = clash_content().cards[state.cards[inst]]
    if not is_permanent(card) or (card.faction_only is not None and card.faction_only != p.faction):
        return []
    ref = cards.card_ref(state, inst)
    label = (
        cm.OPT_PUT_IN_PLAY(card=ref)
        if p.permanent is None
        else cm.OPT_REPLACE_PERMANENT(card=ref, old=cards.card_ref(state, p.permanent))
    )
    return [Option.of(label, {"type": "play_card", "card": inst, "mode": "basic"})]


def put_into_play(state: ClashState, p: Player, inst: str) -> list[Event]:
    """H3-13.2.7: the card leaves the hand for play; the one it replaces goes to the discard pile."""
    old = p.permanent
    p.deck.hand.remove(inst)
    p.permanent = inst
    ref = cards.card_ref(state, inst)
    if old is None:
        return [Event.to_all("h3_permanent", cm.PERMANENT_PLAYED(seat=m.seat(p.seat), card=ref))]
    p.deck.discard.append(old)  # H3-13.2.2: to its owner's personal discard pile
    return [
        Event.to_all(
            "h3_permanent",
            cm.PERMANENT_REPLACED(seat=m.seat(p.seat), card=ref, old=cards.card_ref(state, old)),
        )
    ]


def school_bonus(state: ClashState, p: Player, spell: MMCard) -> int:
    """+1 Power to a spell of the school of the Magic ability in play (its basic effect)."""
    if p.permanent is None:
        return 0
    school = SCHOOL_MAGIC.get(state.cards[p.permanent])
    return 1 if school is not None and spell.school == school else 0


def magic_booster(state: ClashState, p: Player, spell: MMCard) -> str | None:
    """The Magic ability whose expert effect can add +3 Power to this spell as it is cast (A-19:
    from play as well as from the hand): one of the spell's school, and an expert use left
    (H3-12.12). A copy in hand is used before the one in play, so the +1 in play is kept."""
    if cards.expert_left(p) < 1 or spell.school is None:
        return None
    for inst in [*p.deck.hand, *([p.permanent] if p.permanent is not None else [])]:
        if SCHOOL_MAGIC.get(state.cards[inst]) == spell.school:
            return inst
    return None


def spend_booster(state: ClashState, p: Player, inst: str) -> None:
    """Discard the Magic ability used for its expert effect (from the hand or from play)."""
    p.expert_used += 1
    if inst == p.permanent:
        p.permanent = None
        p.deck.discard.append(inst)
    else:
        cards.discard(p, inst)


def lay_cloaks(state: ClashState, combat: Combat) -> list[Event]:
    """Sandro's Cloak of the Undead King (specialty, permanent): while in play it lies on the
    owner's unit card it names (Skeletons / Zombies Pack; level VI: Skeletons either side) and
    replaces its statistics, abilities included (S-H1 note on the Horde of Zombies). House: the
    card lies on the unit card, so it fights with whichever hero leads the army, and with two
    matching cards it lies on the first of the unit deck. A school Magic ability in play (the other
    permanent read in combat) is noted on the side, where its +1 Power reaches that school's spells
    cast in the combat (combat/cards.cast_power)."""
    events: list[Event] = []
    for side in combat.sides:
        if side.owner is None:
            continue
        inst = state.player(side.owner).permanent
        if inst is not None and side.deck is not None and side.controller is not None:
            # A Magic ability in play: +1 Power to its school's spells in this combat too (its basic effect).
            side.magic_in_play = SCHOOL_MAGIC.get(state.cards[inst])
        overlay = load().overlays.get(state.cards[inst]) if inst is not None else None
        if overlay is None or inst is None:
            continue
        for u in combat.units:
            if u.team == side.team and u.card == overlay.unit and u.side in overlay.sides:
                u.overlay = UnitSide(
                    type=load().unit(u.card).type,
                    attack=overlay.attack,
                    defense=overlay.defense,
                    hp=overlay.hp,
                    initiative=overlay.initiative,
                )
                u.overlay_card = inst
                msg = ct.CLOAK_ON(
                    unit=uname(combat, u),
                    card=cards.card_ref(state, inst),
                    attack=overlay.attack,
                    defense=overlay.defense,
                    hp=overlay.hp,
                    initiative=overlay.initiative,
                )
                events.append(Event.to_all("h3_cloak_on", msg, unit=u.uid))
                break
    return events


def lay_war_machines(state: ClashState, combat: Combat) -> list[Event]:
    """A war machine in play (H3-19.1) goes with its owner's army into every combat of that army, as the
    Cloak does (house: the rules tie it to no hero, and it is no card played in the combat, so H3-13.2.1
    does not hold it back when a secondary hero fights). The card stays in play: nothing in the combat
    discards it (combat/war_machines.py)."""
    for side in combat.sides:
        if side.owner is None:
            continue
        inst = state.player(side.owner).permanent
        card = clash_content().cards[state.cards[inst]] if inst is not None else None
        side.war_machine = card.id if card is not None and card.kind == "war_machine" else None
        side.extra_ballistas = state.player(side.owner).ballista_rounds.count(state.round)  # Torosar IV
    return machines.arm(combat)


def lay_permanents(state: ClashState, combat: Combat) -> list[Event]:
    """Every permanent in play that acts in a combat, noted on its owner's side as the combat is built:
    the Cloak and the school Magic abilities (``lay_cloaks``), a war machine (``lay_war_machines``)."""
    return lay_cloaks(state, combat) + lay_war_machines(state, combat)


def collect_cloak(p: Player, lost: str | None) -> None:
    """The Cloak's HP ran out in combat: it leaves play for its owner's discard pile (H3-13.2.2)."""
    if lost is not None and lost == p.permanent:
        p.permanent = None
        p.deck.discard.append(lost)
