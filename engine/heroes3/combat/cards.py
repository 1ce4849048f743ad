"""Might & Magic cards in combat (H3-35, H3-13.2, H3-14, H3-15): what may be played now, and its effect.

Every legal play is enumerated as a ready-to-apply action; applying one checks it against the
same list, so an offered option is always legal and anything else is refused with the rule
that forbids it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, permutations
from typing import Any

from engine.core import Event, Option, Rng, RuleViolation
from engine.core.text import Msg, Ref

from .. import messages as m
from ..cards import messages as cm
from ..content import CardDef, load
from ..content.clash import clash_content
from . import ongoing, own_search, spells
from . import texts as t
from . import war_machines as machines
from .board import manhattan, square
from .models import FIRST_AID_TENT, Combat, CombatSide, HeroDeck, PendingSpell, Unit
from .rules import adjacent, heal, paralyse, resists_card, roll_die, spell_damage, spell_reduction, uname, would_defeat
from .rules import label as label_cell


def card_def(deck: HeroDeck, instance: str) -> CardDef:
    name = deck.names[instance]
    found = load().cards.get(name)
    return found if found is not None else _no_combat_use(name)


@cache
def _no_combat_use(card: str) -> CardDef:
    """A Might & Magic card with no combat version still rides in the hero's deck under its own id
    (so every discard pile and event names the real card, "Players see names"); in combat it is
    never offered (effect "none", H3-35), except a spell's alternative +1 Power (H3-15.4)."""
    mm = clash_content().cards.get(card)
    kind = mm.kind if mm is not None else "ability"
    return CardDef(id=card, kind=kind, timing="instant", effect="none", target="none", text="")


def friendly(combat: Combat, side: CombatSide) -> list[Unit]:
    return [u for u in combat.on_board(side.team) if not u.tower]


def targets_for(combat: Combat, side: CombatSide, card: CardDef) -> list[Unit]:
    """Units a spell may target; Anti-Magic keeps a unit out of every spell's reach."""
    if card.target == "any":
        return [u for u in combat.on_board() if spells.targetable(u)]
    if card.target == "friendly_melee":
        return [u for u in friendly(combat, side) if u.type != "ranged" and spells.targetable(u)]
    return [u for u in friendly(combat, side) if spells.targetable(u)]


def has_power(card: CardDef) -> bool:
    """A "card with Power" (neutral Pegasi): one that can give Power (H3-15.3): a Power-giving
    statistic or ability card, or any spell through its alternative effect (H3-15.4)."""
    return card.effect == "power" or card.kind == "spell"


def caster_tax(combat: Combat, side: CombatSide) -> tuple[int, int]:
    """Discards an enemy spell costs ``side`` (neutral Familiars, Pegasi): (any card, card with Power)."""
    anything = power = 0
    for u in combat.on_board(1 - side.team):
        for a in u.abilities("caster_discards"):
            if a.num("power"):
                power += 1
            else:
                anything += 1
    return anything, power


def may_pay_tax(combat: Combat, side: CombatSide, casting: str) -> bool:
    """S-H1 (Familiars' note): a spell may be cast only when the discards it triggers can be paid
    from the cards left in hand."""
    deck = side.deck
    assert deck is not None
    anything, power = caster_tax(combat, side)
    rest = [c for c in deck.hand if c != casting]
    with_power = sum(1 for c in rest if has_power(card_def(deck, c)))
    return with_power >= power and len(rest) >= anything + power


def playable(combat: Combat, side: CombatSide, activating: bool, start: bool = False) -> list[Option]:
    """The card plays open to ``side`` now. ``activating``: one of its units is activating and
    has not attacked yet (H3-35.3), which activation and ongoing cards need. ``start``: the
    start-of-combat window, where only "at the start of combat" effects are played (Tactics)."""
    deck = side.deck
    if deck is None or side.controller is None:
        return []
    out: list[Option] = []
    for inst in deck.hand:
        card = card_def(deck, inst)
        ref = m.card_ref(card.id)
        if card.kind == "spell":
            if start and not side.start_cast:
                continue  # only Intelligence opens the start-of-combat window to spells
            # H3-15.4: the alternative effect (+1 Power) is not a cast and is always open.
            out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=m.MODE_ALT()), _act(inst, "alt")))
            if card.effect in ("none", "resurrection"):
                continue  # a map spell (only its alternative, H3-15.4); Resurrection is asked in flow.hit
            if side.spells_cast >= side.spell_limit:
                continue  # H3-35.2
            if card.timing != "instant" and not (activating or start):
                continue
            if not may_pay_tax(combat, side, inst):
                continue  # neutral Familiars / Pegasi
            power = min(cast_power(side, card, combat), len(card.tiers) - 1)
            if card.effect in spells.EFFECTS:
                out += spells.cast_options(combat, side, inst, card, power)
                continue
            for u in targets_for(combat, side, card):
                out.append(
                    Option.of(m.OPT_CAST(card=ref, power=power, target=uname(combat, u)), _act(inst, "cast", u.uid))
                )
            continue
        if card.other is not None:  # an artifact's other printed effect (H3-17.1): its own combat card
            other = load().other_effects[card.other]
            if _open(other.timing, activating, start):
                out += _plays(combat, side, inst, other, "other", ref=ref)
        if card.effect == "none":
            out += _reroll_plays(combat, side, inst, activating, start)
        if card.effect in ("none", "resurrection"):
            continue  # Wisdom acts in towns; Resurrection is asked when an attack would defeat (flow.hit)
        if card.effect == "attack_or_defense":
            modes = ["attack", "defense"]
        elif card.effect in ("power_or_reshuffle", *INFERNO_OR):  # two printed effects joined by "or"
            modes = ["basic", "other"]
        else:
            modes = ["basic"] + (["expert"] if card.expert is not None and side.expert_uses > 0 else [])
        for mode in modes:
            if _open(card.timing_for(mode), activating, start):
                out += _plays(combat, side, inst, card, mode)
    return out


def _open(timing: str, activating: bool, start: bool) -> bool:
    """H3-13.2.7: "at the start of combat" only in the start window; H3-35.3: activation and
    ongoing effects only while one's own unit activates."""
    if (timing == "start") != start:
        return False
    return activating or timing not in ("activation", "ongoing")


def _mode_label(mode: str) -> Msg:
    return {
        "expert": m.MODE_EXPERT,
        "attack": m.MODE_ATTACK,
        "defense": m.MODE_DEFENSE,
        "other": t.MODE_OTHER,
    }.get(mode, m.MODE_BASIC)()


def _plays(
    combat: Combat, side: CombatSide, inst: str, card: CardDef, mode: str, *, ref: Ref | None = None
) -> list[Option]:
    """Every target choice of one non-spell card in one mode (``ref``: the name shown, when
    ``card`` is an artifact's other effect)."""
    deck = side.deck
    assert deck is not None
    ref = ref if ref is not None else m.card_ref(card.id)
    label = _mode_label(mode)
    out: list[Option] = []
    own = friendly(combat, side)
    if card.needs_machine is not None and not has_machine(side, card.needs_machine):
        return []
    if card.effect == "defense_back_to_hand":
        return _paid_two(combat, side, inst, card, mode, ref)
    if card.effect == "attack_then_discard":
        return _then_discard(combat, side, inst, mode, ref)
    if card.effect in ("take_spell", "take_spell_reshuffle"):
        return [
            Option.of(t.OPT_TAKE_BACK(card=ref, mode=label, pick=m.card_ref(deck.names[c])), _act(inst, mode, pick=c))
            for c in dict.fromkeys(deck.discard)
            if card_def(deck, c).kind in card.pick_kinds  # Frost Ring IV: a spell or a specialty
        ]
    if card.effect in ("attack_per_discard", "defense_per_discard"):
        return _paid_any(combat, side, inst, mode, ref)
    if card.effect == "no_surrender":
        foe = combat.sides[1 - side.team]  # H3-36.4: no retreat in a hero combat; H3-37.9: surrender
        if combat.kind == "neutral" or foe.owner is None or foe.ai is not None or foe.shackled:
            return []
        return [Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode))]
    if card.effect == "remove_and_search":
        return []  # Spellbinder's Hat (top): its Search of a shared deck is played on the map only (``refuse``)
    if card.effect == "remove_self_and_one":
        return _hat_removals(deck, inst, mode, ref)
    if card.effect == "inhibit":
        return [] if combat.inhibited else [Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode))]
    if card.effect == "deck_take_one":
        reach = min(card.basic, len(deck.draw.draw_pile) + len(deck.discard))  # H3-13.2.3 refills the deck
        return [
            Option.of(t.OPT_DECK_TAKE(card=ref, mode=label, n=k), _act(inst, mode, count=k))
            for k in range(1, reach + 1)
        ]
    if card.effect == "draw_if_no_discard":
        return [] if deck.discard else [Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode))]
    if card.effect in TOWER_BOX_EFFECTS:
        return _tower_box_plays(combat, side, inst, card, mode, ref)
    if card.effect in TOWER_HEROES_D:
        return _tower_heroes_plays(combat, side, inst, card, mode, ref)
    if card.effect in INFERNO_EFFECTS:
        return _inferno_plays(combat, side, inst, card, mode, ref)
    if card.discard_cost and card.effect != "frost_ring":
        return _paid(combat, side, inst, card, mode, ref)
    if card.effect in ("attack", "defense", "attack_or_defense", "hp", "initiative", "lasting_defense"):
        for u in own:
            out.append(Option.of(m.OPT_PLAY(card=ref, mode=label, target=uname(combat, u)), _act(inst, mode, u.uid)))
    elif card.effect == "heal":
        for u in own:
            if u.damage > 0:
                out.append(
                    Option.of(m.OPT_PLAY(card=ref, mode=label, target=uname(combat, u)), _act(inst, mode, u.uid))
                )
    elif card.effect == "first_aid":  # the expert use is the Tent's own use, so only on units it may treat
        for u in machines.tent_targets(combat, side) if mode == "expert" else [u for u in own if u.damage > 0]:
            out.append(Option.of(m.OPT_PLAY(card=ref, mode=label, target=uname(combat, u)), _act(inst, mode, u.uid)))
    elif card.effect == "tent_boost" and side.war_machine == FIRST_AID_TENT:
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect in ("power", "draw", "draw_keep_one", "school_boost"):
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "deck_search_reshuffle" and (deck.draw.draw_pile or deck.discard):
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))  # Adrienne IV
    elif card.effect == "enemy_discard":
        enemy = combat.sides[1 - side.team].deck
        if enemy is not None and enemy.hand:  # H3-35.1: only a main hero's hand can be hit
            out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "die_times":
        pending = combat.attack  # Centaur's Axe: in the window of an attack by one's own unit, before the roll
        if pending is not None and pending.die is None and pending.die_times == 1 and not pending.no_die:
            if combat.unit(pending.attacker).team == side.team:
                out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect in ("ward_paralysis", "unparalyse"):
        for u in own:
            if u.paralysed if card.effect == "unparalyse" else not u.paralysis_ward:
                label_u = m.OPT_PLAY(card=ref, mode=label, target=uname(combat, u))
                out.append(Option.of(label_u, _act(inst, mode, u.uid)))
    elif card.effect == "morale_roll" and side.faction != "necropolis":  # H3-11.5
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "paralyse_neutral" and combat.kind == "neutral":
        for u in combat.on_board(1 - side.team):
            if not u.tower and u.tier != "azure" and combat.sides[u.team].owner is None:
                out.append(
                    Option.of(m.OPT_PLAY(card=ref, mode=label, target=uname(combat, u)), _act(inst, mode, u.uid))
                )
    elif card.effect == "recall_spell" and side.last_spell in deck.discard:
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "return_spell" and just_cast(side):
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect in COUNTERS and combat.spell is not None and combat.spell.team != side.team:
        most = card.expert if mode == "expert" and card.expert is not None else card.basic
        if card.effect == "counter_roll" or combat.spell.power <= most:  # Resistance / Surcoat: at most N Power
            out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "mute_abilities" and not all(u.muted for u in combat.on_board()):
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "start_spell" and not side.start_cast:
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "archery" and any(u.type == "ranged" for u in own):
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "school_power" and mode == "expert":
        spells_held = [card_def(deck, c) for c in deck.hand if c != inst]
        if any(x.kind == "spell" and x.school in (card.school, "any") for x in spells_held):
            out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "gm" and gm_text(deck.names[inst], mode) is not None:
        out.append(Option.of(cm.OPT_PLAY_FOR_GM(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "cancel_die":
        pending = combat.attack  # Shield of the Dwarven Lords: only in the window right after the roll (flow)
        if pending is not None and pending.die is not None and not pending.no_die:
            out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "morale" and side.faction != "necropolis":  # H3-11.5
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "swap":
        for i, a in enumerate(own):
            for b in own[i + 1 :]:
                out.append(
                    Option.of(
                        m.OPT_SWAP(card=ref, mode=label, unit=uname(combat, a), other=uname(combat, b)),
                        _act(inst, mode, a.uid, other=b.uid),
                    )
                )
    elif card.effect == "frost_ring":
        payable = [c for c in deck.hand if c != inst]
        if len(payable) < card.discard_cost:
            return out
        geo = combat.geometry()
        for cell in geo.cells():
            near = [combat.at(n) for n in geo.adjacent(cell) + ([cell] if card.centre else [])]
            if not any(u is not None and not u.tower for u in near):
                continue
            if not card.discard_cost:  # Xyron's Inferno VI: no card to pay
                out.append(
                    Option.of(
                        t.OPT_AREA(card=ref, cell=label_cell(cell)), _act(inst, mode, cell=list(cell)), at=square(cell)
                    )
                )
                continue
            if card.discard_cost > 1:  # Frost Ring VI: the space now, the cards paid asked one at a time (flow)
                msg = t.OPT_FROST_COUNT(card=ref, cell=label_cell(cell), n=card.discard_cost)
                out.append(Option.of(msg, _act(inst, mode, cell=list(cell), count=card.discard_cost), at=square(cell)))
                continue
            for pay in payable:
                out.append(
                    Option.of(
                        m.OPT_FROST(card=ref, cell=label_cell(cell), discard=m.card_ref(deck.names[pay])),
                        _act(inst, mode, cell=list(cell), discard=pay),
                        at=square(cell),
                    )
                )
    elif card.effect == "chain_lightning" and len(card.damage) > 2:
        out += _chain_of_three(combat, inst, mode, card, ref)
    elif card.effect == "chain_lightning":
        for u in [x for x in combat.on_board() if not x.tower]:
            for o in closest(combat, u, 2):
                out.append(
                    Option.of(
                        m.OPT_CHAIN(card=ref, target=uname(combat, u), other=uname(combat, o)),
                        _act(inst, mode, u.uid, other=o.uid),
                    )
                )
    return out


COMBAT_TIMINGS = ("instant", "activation", "ongoing", "start")  # H3-13.2.7: the types played in combat


def gm_text(card: str, mode: str) -> str | None:
    """The printed text of an effect the combat holds only as text (``gm`` cards): offered in
    combat and handed to the game master (H3-1.4), as cards/play.gm_effect does on the map, so
    no such card is silently unusable. None for an effect that is not played in combat."""
    cdef = load().cards.get(card)
    if mode == "other":
        return load().other_effects[cdef.other].text if cdef is not None and cdef.other is not None else None
    mm = clash_content().cards.get(card)
    eff = None if mm is None else mm.expert if mode == "expert" else mm.basic
    if eff is None or eff.combat is not None or eff.timing not in COMBAT_TIMINGS:
        return None
    return eff.text


def _tent_times(combat: Combat, side: CombatSide, target: str, times: int) -> list[Event]:
    """First Aid (expert): the First Aid Tent's use, resolved ``times`` times on the same unit, i.e. its
    damage removal multiplied for this one use (the Tent's once-per-round use is spent, H3-19)."""
    before = side.tent_heals
    side.tent_heals = before * times
    try:
        return machines.use_tent(combat, side, target)
    finally:
        side.tent_heals = before


def has_machine(side: CombatSide, machine: str) -> bool:
    """The side has the war machine ``machine``: in play (its permanent, H3-19.1) or in its hand."""
    deck = side.deck
    return side.war_machine == machine or (deck is not None and any(deck.names[c] == machine for c in deck.hand))


def power_drain(combat: Combat, side: CombatSide) -> int:
    """Rampart Pegasi Pack: the enemy's spells are cast with this much less Power (never below 0).
    Two such units do not add up (our reading: the printed text reduces "all enemy spells" by 1)."""
    return max(
        (a.amount() for u in combat.on_board(1 - side.team) for a in u.abilities("spell_power_drain")), default=0
    )


def cast_power(side: CombatSide, spell: CardDef, combat: Combat | None = None) -> int:
    """The Power a spell would be cast with now (H3-15.3): the Power played, a unit's bonus (Magi),
    and what only spells of one school receive: a Magic ability in play (+1, its basic effect,
    cards/permanent.py), one discarded for its expert effect (+3) and Adrienne's Fire Magic I / VI
    (+1 / +2 for the rest of the combat). Magic Arrow's school is the
    caster's choice (H3-15.9), so it takes the best."""
    schools = [spell.school] if spell.school not in (None, "any") else ["air", "earth", "fire", "water"]
    extra = max(
        side.school_power.get(s, 0) + side.school_boost.get(s, 0) + (1 if side.magic_in_play == s else 0)
        for s in schools
    )
    power = side.pending_power + side.bonus_power + (extra if spell.school is not None else 0)
    return power if combat is None else max(0, power - power_drain(combat, side))


def just_cast(side: CombatSide) -> bool:
    """Mysticism's "right after you cast a spell": the cast was in this activation (or card window)
    and the spell is still the top card of the (public, A-18) discard pile, so nothing else has
    been discarded since."""
    deck = side.deck
    if deck is None or not side.cast_fresh or side.last_spell is None:
        return False
    return bool(deck.discard) and deck.discard[-1] == side.last_spell


def cancels_die(deck: HeroDeck, inst: str) -> bool:
    card = card_def(deck, inst)
    return card.other is not None and load().other_effects[card.other].effect == "cancel_die"


def reroll_mode(deck: HeroDeck, inst: str) -> str | None:
    """The mode in which a card re-rolls an attack die: the Clash card whose printed re-roll step
    names the attack die (S-H1: Luck's bottom "re-roll any one die", Cards of Prophecy's "Re-roll
    any die"); None for every other card (Luck's top names only treasure and resource dice)."""
    mm = clash_content().cards.get(deck.names[inst])
    if mm is None:
        return None
    for mode, eff in (("basic", mm.basic), ("expert", mm.expert)):
        if eff is not None and any(st.effect == "reroll" and "attack" in st.words("dice") for st in eff.steps):
            return mode
    return None


def may_ready_reroll(combat: Combat, side: CombatSide, inst: str, activating: bool) -> bool:
    """A re-rolling card in hand may be readied in the card window before an attack (flow.die_window):
    only for a die the side rolls itself, its own unit's attack die (H3-11.2.3, A-14), never at a
    table without re-rolls (H3-48.8) or when Bless leaves no die to roll; Luck's bottom is an
    ongoing expert effect, so only while one's own unit activates (H3-35.3) and with an expert use
    left (H3-14.1). Cards of Prophecy is an instant whose text is about a die already rolled (H3-35.4:
    "unless the card says otherwise")."""
    deck, pending = side.deck, combat.attack
    if deck is None or pending is None or pending.die is not None or combat.variant("no_rerolls"):
        return False
    attacker = combat.unit(pending.attacker)
    if attacker.team != side.team or attacker.blessed:
        return False
    mode = reroll_mode(deck, inst)
    mm = clash_content().cards.get(deck.names[inst])
    eff = None if mm is None or mode is None else mm.expert if mode == "expert" else mm.basic
    if eff is None or (mode == "expert" and side.expert_uses <= 0):
        return False
    return activating or eff.timing not in ("activation", "ongoing")


def _reroll_plays(combat: Combat, side: CombatSide, inst: str, activating: bool, start: bool) -> list[Option]:
    """Luck's bottom or Cards of Prophecy played in the open: a public re-roll of one of the side's
    own attack dice later in this combat, asked after that roll (flow.roll). Played this way the
    card is revealed at once; readied instead (``may_ready_reroll``) it stays hidden until needed."""
    deck = side.deck
    assert deck is not None
    mode = reroll_mode(deck, inst)
    mm = clash_content().cards.get(deck.names[inst])
    eff = None if mm is None or mode is None else mm.expert if mode == "expert" else mm.basic
    if eff is None or mode is None or combat.variant("no_rerolls"):  # H3-48.8
        return []
    if mode == "expert" and side.expert_uses <= 0:  # H3-14.1
        return []
    if not _open(eff.timing, activating, start):  # H3-35.3: Luck's bottom is ongoing
        return []
    label = m.OPT_PLAY_NO_TARGET(card=m.card_ref(deck.names[inst]), mode=_mode_label(mode))
    return [Option.of(label, _act(inst, mode))]


def play_reroll(combat: Combat, side: CombatSide, inst: str) -> list[Event]:
    """A readied re-rolling card is played after the roll (flow.die_window): revealed and discarded
    (H3-13.2.2), an expert use spent for Luck's bottom (H3-14.1); the caller rolls the new die."""
    deck, pending = side.deck, combat.attack
    assert deck is not None and pending is not None
    expert = reroll_mode(deck, inst) == "expert"
    deck.hand.remove(inst)
    deck.discard.append(inst)
    if expert:
        side.expert_uses -= 1
    name = deck.names[inst]
    ref = m.card_ref(name)
    mode = m.MODE_EXPERT() if expert else m.MODE_BASIC()
    played = m.CARD_PLAYED_NO_TARGET(seat=m.seat_name(side.controller), card=ref, mode=mode)
    unit = uname(combat, combat.unit(pending.attacker))
    return [
        Event.to_all("h3_card", played, card=name),
        Event.to_all("h3_card_reroll", t.CARD_REROLL(card=ref, unit=unit), card=name),
    ]


def _chain_of_three(combat: Combat, inst: str, mode: str, card: CardDef, ref: Ref) -> list[Option]:
    """Chain Lightning VI (H3-16): a unit and the two units closest to it. Units tied at the cut
    give one play per valid pair; the order matters only when the two later damages differ."""
    out: list[Option] = []
    for u in [x for x in combat.on_board() if not x.tower]:
        near = closest(combat, u, 2)
        assert u.pos is not None
        here = u.pos
        dist = {x.uid: manhattan(here, x.pos) for x in near if x.pos is not None}
        if len(near) <= 2:
            pairs = [tuple(near)]
        else:
            cut = max(dist.values())
            sure = [x for x in near if dist[x.uid] < cut]
            tied = [x for x in near if dist[x.uid] == cut]
            pairs = [tuple(sure + list(c)) for c in combinations(tied, 2 - len(sure))]
        if card.damage[1] != card.damage[2]:
            pairs = [p for pair in pairs for p in permutations(pair)]
        out += [_group_option(combat, inst, mode, ref, u, pair) for pair in pairs if pair]
    return out


def _group_option(combat: Combat, inst: str, mode: str, ref: Ref, u: Unit, others: Sequence[Unit]) -> Option:
    """One play of a card that hits a unit and one or two more (Chain Lightning VI, Meteor Shower)."""
    if len(others) == 1:
        msg = m.OPT_CHAIN(card=ref, target=uname(combat, u), other=uname(combat, others[0]))
        return Option.of(msg, _act(inst, mode, u.uid, other=others[0].uid))
    third = uname(combat, others[1])
    msg = t.OPT_CHAIN_THREE(card=ref, target=uname(combat, u), other=uname(combat, others[0]), third=third)
    return Option.of(msg, _act(inst, mode, u.uid, other=others[0].uid, third=others[1].uid))


def _paid(combat: Combat, side: CombatSide, inst: str, card: CardDef, mode: str, ref: Ref) -> list[Option]:
    """An artifact effect bought by discarding a card from hand ("Discard a card: +3 attack"):
    every target with every card that may pay."""
    deck = side.deck
    assert deck is not None
    label = _mode_label(mode)
    payable = [c for c in deck.hand if c != inst]
    if len(payable) < card.discard_cost:
        return []
    out: list[Option] = []
    targets: list[Unit | None] = list(friendly(combat, side)) if card.effect != "power" else [None]
    for u in targets:
        for pay in payable:
            paid = m.card_ref(deck.names[pay])
            if u is None:
                msg = t.OPT_PLAY_PAID_NO_TARGET(card=ref, mode=label, discard=paid)
            else:
                msg = t.OPT_PLAY_PAID(card=ref, mode=label, target=uname(combat, u), discard=paid)
            out.append(Option.of(msg, _act(inst, mode, u.uid if u is not None else None, discard=pay)))
    return out


def _paid_two(combat: Combat, side: CombatSide, inst: str, card: CardDef, mode: str, ref: Ref) -> list[Option]:
    """Targ of the Rampaging Ogre's top: two cards from hand pay for it (each pair once)."""
    deck = side.deck
    assert deck is not None
    label = _mode_label(mode)
    payable = [c for c in deck.hand if c != inst]
    out: list[Option] = []
    for u in friendly(combat, side):
        for i, a in enumerate(payable):
            for b in payable[i + 1 :]:
                msg = t.OPT_PLAY_PAID_TWO(
                    card=ref,
                    mode=label,
                    target=uname(combat, u),
                    discard=m.card_ref(deck.names[a]),
                    other=m.card_ref(deck.names[b]),
                )
                out.append(Option.of(msg, _act(inst, mode, u.uid, discards=[a, b])))
    return out


def _paid_any(combat: Combat, side: CombatSide, inst: str, mode: str, ref: Ref) -> list[Option]:
    """Sword of Judgement: any number (at least one) of the other cards in hand pay, +1 for each.
    The play names only how many; which cards go is asked card by card right after (flow), so a
    hand of 7 gives 6 plays per unit rather than every subset of it."""
    deck = side.deck
    assert deck is not None
    label = _mode_label(mode)
    payable = [c for c in deck.hand if c != inst]
    out: list[Option] = []
    for u in friendly(combat, side):
        for k in range(1, len(payable) + 1):
            msg = t.OPT_PLAY_PAY_COUNT(card=ref, mode=label, target=uname(combat, u), n=k)
            out.append(Option.of(msg, _act(inst, mode, u.uid, count=k)))
    return out


def _then_discard(combat: Combat, side: CombatSide, inst: str, mode: str, ref: Ref) -> list[Option]:
    """Blackshard of the Dead Knight's top: the card discarded afterwards is chosen with the play
    (nothing is revealed in between, so choosing now is the same choice); with no other card in
    hand there is nothing to discard and the bonus alone applies."""
    deck = side.deck
    assert deck is not None
    label = _mode_label(mode)
    payable = [c for c in deck.hand if c != inst]
    out: list[Option] = []
    for u in friendly(combat, side):
        if not payable:
            out.append(Option.of(m.OPT_PLAY(card=ref, mode=label, target=uname(combat, u)), _act(inst, mode, u.uid)))
        for pay in payable:
            msg = t.OPT_PLAY_PAID(card=ref, mode=label, target=uname(combat, u), discard=m.card_ref(deck.names[pay]))
            out.append(Option.of(msg, _act(inst, mode, u.uid, discard=pay)))
    return out


def _hat_removals(deck: HeroDeck, inst: str, mode: str, ref: Ref) -> list[Option]:
    """Spellbinder's Hat (bottom, instant: any time in a combat, H3-35.4): it leaves the game with one
    more card of the hand or the (public, A-18) discard pile, or alone, as on the map (cards/map_cards.py
    offers a skip there)."""
    label = _mode_label(mode)
    out = [Option.of(t.OPT_HAT_ALONE(card=ref, mode=label), _act(inst, mode))]
    for c in deck.hand:
        if c != inst:
            name = m.card_ref(deck.names[c])
            out.append(Option.of(t.OPT_HAT_HAND(card=ref, mode=label, pick=name), _act(inst, mode, pick=c)))
    for c in deck.discard:
        out.append(
            Option.of(t.OPT_HAT_DISCARD(card=ref, mode=label, pick=m.card_ref(deck.names[c])), _act(inst, mode, pick=c))
        )
    return out


def _remove_with_hat(deck: HeroDeck, seat: Msg, played: str, pick: str | None) -> list[Event]:
    """H3-13.2.8: the Hat goes out of the game instead of to the discard pile, and so does the card
    picked; the encounter copies the removed pile back to the player when the combat ends."""
    gone = [played] + ([pick] if pick else [])
    for c in gone:
        (deck.hand if c in deck.hand else deck.discard).remove(c)
        deck.removed.append(c)
    return [Event.to_all("h3_removed", cm.REMOVED(seat=seat, card=m.card_ref(deck.names[c]))) for c in gone]


def closest(combat: Combat, unit: Unit, n: int) -> list[Unit]:
    """The ``n`` units nearest to ``unit`` (orthogonal distance, either side); units tied with
    the n-th are all included (house: the card does not say how a tie is broken)."""
    here = unit.pos
    assert here is not None
    dist = {u.uid: manhattan(here, u.pos) for u in combat.on_board() if not u.tower and u.uid != unit.uid and u.pos}
    if not dist:
        return []
    ranked = sorted(dist, key=lambda uid: (dist[uid], uid))
    cut = dist[ranked[min(n, len(ranked)) - 1]]
    return [combat.unit(uid) for uid in ranked if dist[uid] <= cut]


EXTRA = (
    "other",
    "cell",
    "discard",
    "third",
    "cell2",
    "choice",
    "discards",
    "pick",
    "count",
)  # a play's optional fields


def _act(
    card: str,
    mode: str,
    target: str | None = None,
    *,
    other: str | None = None,
    third: str | None = None,
    cell: list[int] | None = None,
    discard: str | None = None,
    discards: list[str] | None = None,
    pick: str | None = None,
    count: int | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "play", "card": card, "mode": mode, "target": target}
    extra = (
        ("other", other),
        ("third", third),
        ("cell", cell),
        ("discard", discard),
        ("discards", discards),
        ("pick", pick),
    )
    for key, value in (*extra, ("count", count)):
        if value is not None:
            out[key] = value
    return out


def as_offered(action: Any) -> dict[str, Any]:
    """An action as the options list spells it (a play's unused extra fields left out)."""
    data: dict[str, Any] = action.model_dump()
    if data.get("type") == "play":
        for key in EXTRA:
            if data.get(key) is None:
                data.pop(key, None)
    if data.get("type") == "cage" and data.get("target") is None:
        data.pop("target", None)  # a Brimstone Stormclouds cube names no unit (combat/cage.py)
    return data


def refuse(combat: Combat, side: CombatSide, action: Any, activating: bool) -> RuleViolation:
    """The most specific reason an unoffered card play is illegal."""
    deck = side.deck
    if deck is None or side.controller is None:
        return RuleViolation("H3-35.1", m.NO_CARDS())
    if action.card not in deck.hand:
        return RuleViolation("H3-13.2", m.NOT_IN_HAND())
    card = card_def(deck, action.card)
    if action.mode == "cast" and side.spells_cast >= side.spell_limit:
        return RuleViolation("H3-35.2", m.SPELL_LIMIT())
    if action.mode == "cast" and card.timing != "instant" and not activating:
        return RuleViolation("H3-35.3", m.ACTIVATION_ONLY())
    if action.mode == "cast" and not may_pay_tax(combat, side, action.card):
        return RuleViolation("H3-27.3", m.CANNOT_PAY_DISCARD())
    if action.mode == "expert" and side.expert_uses <= 0:
        return RuleViolation("H3-14.1", m.NO_EXPERT_USE())
    if card.effect == "remove_and_search" and action.mode == "basic":  # Spellbinder's Hat (top)
        return RuleViolation("H3-13.2.5", t.HAT_SEARCH_ON_MAP(card=m.card_ref(card.id)))
    target = combat.find(action.target) if action.target else None
    if action.target and target is not None:
        return RuleViolation("H3-35", m.BAD_TARGET(card=m.card_ref(card.id), target=uname(combat, target)))
    return RuleViolation("H3-35", m.NOT_OFFERED())


def play(combat: Combat, side: CombatSide, action: Any, rng: Rng) -> list[Event]:
    """Resolve one card play already checked against ``playable``."""
    deck = side.deck
    assert deck is not None
    card = card_def(deck, action.card)
    seat = m.seat_name(side.controller)
    ref = m.card_ref(card.id)
    shown = card.id  # events name the card played, also when it plays its other effect
    if action.mode == "other" and card.other is not None:
        card = load().other_effects[card.other]  # the artifact's other effect; the card keeps its name
    deck.hand.remove(action.card)
    deck.discard.append(action.card)  # H3-13.2.2
    target = combat.unit(action.target) if action.target else None
    events: list[Event] = []
    if action.mode == "alt":
        side.pending_power += 1
        side.powering.append(action.card)  # Mysticism (expert): a card played with the next spell
        events.append(
            Event.to_all("h3_card", m.CARD_PLAYED_NO_TARGET(seat=seat, card=ref, mode=m.MODE_ALT()), card=shown)
        )
        events.append(Event.to_all("h3_power", m.POWER_ADDED(seat=seat, n=side.pending_power)))
        return events
    if action.mode == "cast":
        power = min(cast_power(side, card, combat), len(card.tiers) - 1)
        side.pending_power = side.bonus_power = 0  # H3-15.3: casting consumes all Power played so far
        side.spells_cast += 1
        side.last_spell = action.card
        side.cast_with, side.powering = side.powering, []
        side.school_power = {}
        side.cast_fresh = True
        events += cast_draws(combat, side, rng)  # Zydar VI
        if card.effect == "fireball":
            cells = [label_cell((int(c[0]), int(c[1]))) for c in (action.cell, action.cell2)]
            msg = t.SPELL_CAST_CELLS(seat=seat, card=ref, power=power, cell=cells[0], other=cells[1])
            events.append(Event.to_all("h3_spell", msg, card=shown, power=power))
        else:
            assert target is not None
            cast = m.SPELL_CAST(seat=seat, card=ref, power=power, target=uname(combat, target))
            events.append(Event.to_all("h3_spell", cast, card=shown, power=power, target=target.uid))
        if counter_seat(combat, side) is not None:
            # Resistance, Surcoat of Counterpoise, Boots of Polarity: "right after an enemy casts a
            # spell" the enemy may cancel it; the effect waits for that answer (flow).
            combat.spell = PendingSpell(team=side.team, action=as_offered(action), power=power)
            return events
        return events + resolve_cast(combat, card, power, action, rng, team=side.team)
    expert = action.mode == "expert"
    if expert:
        side.expert_uses -= 1  # H3-14.1
    amount = card.expert if expert and card.expert is not None else card.basic
    if target is not None and target.card in card.double_for:
        amount *= 2  # hero specialties: the named unit gets twice the effect (H3-16)
    label = _mode_label(action.mode) if card.effect != "power_or_reshuffle" else _or_label(action.mode)
    if card.effect in INFERNO_EFFECTS:
        return events + _inferno_play(combat, side, action, card, target, amount, rng)
    other = combat.unit(action.other) if action.other else None
    if card.effect in TOWER_BOX_EFFECTS:
        return _tower_box_play(combat, side, action, card, target, amount, label, rng)
    if card.effect in TOWER_HEROES_D:
        return events + _tower_heroes_play(combat, side, card, target, amount, label, rng)
    if card.effect in ("swap", "chain_lightning") and target is not None and other is not None:
        events.append(
            Event.to_all(
                "h3_card",
                m.CARD_PLAYED_TWO(
                    seat=seat, card=ref, mode=label, target=uname(combat, target), other=uname(combat, other)
                ),
                card=shown,
            )
        )
    elif target is not None:
        events.append(
            Event.to_all(
                "h3_card", m.CARD_PLAYED(seat=seat, card=ref, mode=label, target=uname(combat, target)), card=shown
            )
        )
    else:
        events.append(Event.to_all("h3_card", m.CARD_PLAYED_NO_TARGET(seat=seat, card=ref, mode=label), card=shown))
    paid = [] if card.effect == "attack_then_discard" else list(action.discards or [])
    if action.discard is not None and card.effect != "attack_then_discard":
        paid.append(action.discard)
    for pay in paid:
        deck.hand.remove(pay)
        deck.discard.append(pay)  # the card paid (H3-13.2.2)
        events.append(Event.to_all("h3_discarded", m.DISCARDED(seat=seat, card=m.card_ref(deck.names[pay]))))
    draws = card.expert_draw if expert and card.expert_draw is not None else card.draw
    if card.kind == "specialty" and target is not None and other is None:
        resisted = resists_card(combat, target, ref, rng)  # neutral Dwarves: a specialty aimed at it alone
        if resisted is not None:
            return events + resisted
    if card.effect == "attack" and target is not None:
        target.attack_bonus += amount  # H3-35.5: until its first attack resolves
    elif card.effect == "defense" and target is not None:
        target.defense_bonus += amount
    elif card.effect == "attack_then_discard" and target is not None:
        target.attack_bonus += amount  # H3-35.5; then the discard (Blackshard of the Dead Knight)
        draws = 0
        if action.discard is not None:
            deck.hand.remove(action.discard)
            deck.discard.append(action.discard)  # H3-13.2.2
            name = deck.names[action.discard]
            events.append(Event.to_all("h3_discarded", m.DISCARDED(seat=seat, card=m.card_ref(name))))
            if card_def(deck, action.discard).kind == "spell":
                draws = card.draw
    elif card.effect == "inhibit":
        combat.inhibited = True
        deck.discard.remove(action.card)
        deck.removed.append(action.card)  # "remove this card afterwards": it can come back no sooner (H-4)
        events.append(Event.to_all("h3_inhibit", t.INHIBITED()))
    elif card.effect == "no_surrender":
        enemy = combat.sides[1 - side.team]
        enemy.shackled = True
        events.append(Event.to_all("h3_shackled", t.SHACKLED(seat=m.seat_name(enemy.controller))))
    elif card.effect == "draw_keep_one":
        before = set(deck.hand)
        events += draw(side, draws, rng)
        draws = 0
        drawn = [c for c in deck.hand if c not in before]
        side.keep_one = drawn if len(drawn) > 1 else []  # flow asks which one goes (forced discard)
    elif card.effect == "attack_per_discard" and target is not None:
        target.attack_bonus += amount * (action.count or len(paid))  # H3-35.5; the cards are asked next
    elif card.effect == "defense_per_discard" and target is not None:
        target.defense_bonus += amount * (action.count or len(paid))  # A-36; the cards are asked next
    elif card.effect == "defense_back_to_hand" and target is not None:
        target.defense_bonus += amount
        deck.discard.remove(action.card)
        deck.hand.append(action.card)  # Targ: back to hand instead of the discard pile
        events.append(Event.to_all("h3_back_to_hand", t.BACK_TO_HAND(seat=seat, card=ref)))
    elif card.effect in ("take_spell", "take_spell_reshuffle") and action.pick in deck.discard:
        deck.discard.remove(action.pick)
        deck.hand.append(action.pick)
        events.append(Event.to_all("h3_recall", m.RECALLED(seat=seat, card=m.card_ref(deck.names[action.pick]))))
        if card.effect == "take_spell_reshuffle":
            # Rib Cage: the played card is in the pile (H3-13.2.2)
            deck.draw.draw_pile.extend(deck.to_reshuffle(deck.discard))
            deck.discard.clear()
            deck.draw.shuffle(rng)
            events.append(Event.to_all("h3_reshuffled", t.RESHUFFLED(seat=seat)))
    elif card.effect == "attack_or_defense" and target is not None:
        if action.mode == "attack":
            target.attack_bonus += amount  # H3-35.5
        else:
            target.defense_bonus += amount
    elif card.effect == "hp" and target is not None:
        ongoing.give(target, side.team, "hp_bonus", amount)  # H3-35.3: ongoing effects last until the combat ends
    elif card.effect == "initiative" and target is not None:
        ongoing.give(target, side.team, "initiative_bonus", amount)  # H3-35.3 (A-33 re-orders)
    elif card.effect == "lasting_defense" and target is not None:
        ongoing.give(target, side.team, "lasting_defense", amount)  # Tazar IV: H3-35.3, until the combat ends
        events.append(Event.to_all("h3_boost", t.LASTING_DEFENSE(unit=uname(combat, target), n=amount)))
    elif card.effect == "school_boost" and card.school is not None:
        side.school_boost[card.school] = side.school_boost.get(card.school, 0) + amount  # H3-35.3: this combat
        events.append(Event.to_all("h3_power", t.SCHOOL_BOOST(seat=seat, card=ref, n=amount)))
    elif card.effect == "deck_search_reshuffle":
        events += own_search.look(side, amount, rng)  # the flow asks which card is kept (combat/own_search.py)
    elif card.effect == "heal" and target is not None:
        events += heal(combat, target, amount)  # Vial of Lifeblood: damage only, paralysis stays
    elif card.effect == "first_aid" and target is not None and expert:
        events += _tent_times(combat, side, target.uid, amount)
    elif card.effect == "first_aid" and target is not None:
        events += heal(combat, target, amount)  # H3-19 / First Aid (basic): damage only, never above the HP
    elif card.effect == "tent_boost":
        side.tent_heals *= amount  # H3-35.3: ongoing, until the combat ends
    elif card.effect == "enemy_discard":
        events += _enemy_discards(combat.sides[1 - side.team], amount, rng)
    elif card.effect == "die_times" and combat.attack is not None:
        combat.attack.die_times = amount
        subject = uname(combat, combat.unit(combat.attack.attacker))
        events.append(Event.to_all("h3_die_times", t.DIE_TIMES(unit=subject, n=amount)))
    elif card.effect == "ward_paralysis" and target is not None:
        ongoing.give(target, side.team, "paralysis_ward")  # H3-35.3: ongoing, until the combat ends
        events.append(Event.to_all("h3_warded", t.WARDED(unit=uname(combat, target)), unit=target.uid))
    elif card.effect == "unparalyse" and target is not None:
        target.paralysed = False
        events.append(Event.to_all("h3_unparalysed", m.UNPARALYSED(unit=uname(combat, target)), unit=target.uid))
    elif card.effect == "morale_roll":
        die = roll_die(rng)
        events.append(Event.to_all("h3_roll", m.ROLL(die=die), dice=[die], reveals=True))
        if die == 0:
            events += gain_morale(side, seat)
    elif card.effect == "paralyse_neutral" and target is not None:
        events += paralyse(combat, target)  # H3-33.8
    elif card.effect == "power":
        side.pending_power += amount
        side.powering.append(action.card)
        events.append(Event.to_all("h3_power", m.POWER_ADDED(seat=seat, n=side.pending_power)))
    elif card.effect == "recall_spell" and side.last_spell in deck.discard:
        spell = side.last_spell
        if combat.variant("chaos_deck"):  # H3-48.1: the spell is still removed (after the combat, with a new one)
            events.append(Event.to_all("h3_chaos_no_recall", t.CHAOS_NO_RECALL(card=m.card_ref(deck.names[spell]))))
        else:
            deck.discard.remove(spell)
            deck.hand.append(spell)
            events.append(Event.to_all("h3_recall", m.RECALLED(seat=seat, card=m.card_ref(deck.names[spell]))))
        if expert or card.basic > 0:  # Empowered Knowledge: its one effect is the expert one (H3-14.4)
            side.spell_limit += 1
    elif card.effect == "return_spell" and side.last_spell in deck.discard:
        back = [side.last_spell] + ([c for c in side.cast_with if c in deck.discard] if expert else [])
        for c in back:  # Mysticism: instead of the discard pile, back to hand (expert: the Power cards too)
            deck.discard.remove(c)
            deck.hand.append(c)
            events.append(Event.to_all("h3_recall", m.RECALLED(seat=seat, card=m.card_ref(deck.names[c]))))
        side.cast_with = []
    elif card.effect == "mute_abilities":
        for u in combat.units:
            u.muted = True  # every unit, either side; flow.new_round lifts it
        events.append(Event.to_all("h3_muted", t.MUTED()))
    elif card.effect == "start_spell":
        side.start_cast = True  # Intelligence: a spell before any unit activates
        if expert:
            side.spell_limit += amount  # that spell does not count towards the one a round (H3-35.2)
        events.append(Event.to_all("h3_start_spell", t.START_SPELL(seat=seat)))
    elif card.effect == "archery":
        side.archery_until = max(side.archery_until, combat.round + amount)
        if expert:  # +1 initiative from now until the end of the next combat round (A-33 re-orders)
            side.archery_initiative_until = max(side.archery_initiative_until, combat.round + amount)
            for u in friendly(combat, side):
                if u.type == "ranged":
                    u.round_initiative += 1
        shown_msg = (t.ARCHERY_ON_EXPERT if expert else t.ARCHERY_ON)(seat=seat, n=side.archery_until)
        events.append(Event.to_all("h3_archery", shown_msg))
    elif card.effect == "school_power" and card.school is not None:
        side.school_power[card.school] = side.school_power.get(card.school, 0) + amount  # the next such spell
        side.powering.append(action.card)
        events.append(Event.to_all("h3_power", t.SCHOOL_POWER_ADDED(seat=seat, n=amount, card=ref)))
    elif card.effect == "remove_self_and_one":
        events += _remove_with_hat(deck, seat, action.card, action.pick)
    elif card.effect == "gm":
        side.gm_play = [shown, action.mode]  # flow hands it to the game master (it holds the state)
    elif card.effect in COUNTERS and combat.spell is not None:
        pending_spell = combat.spell
        spell_ref = pending_spell_ref(combat)
        if card.effect == "counter_roll":  # Boots of Polarity: two attack dice, one kept; +1 cancels
            rolls = [roll_die(rng), roll_die(rng)]
            events.append(Event.to_all("h3_roll", m.ROLL(die=max(rolls)), dice=rolls, reveals=True))
            pending_spell.cancelled = 1 in rolls
        else:
            pending_spell.cancelled = True
        if pending_spell.cancelled:
            events.append(Event.to_all("h3_spell_countered", t.SPELL_COUNTERED(card=ref, spell=spell_ref)))
        else:
            events.append(Event.to_all("h3_spell_not_countered", t.SPELL_NOT_COUNTERED(card=ref, spell=spell_ref)))
    elif card.effect == "cancel_die" and combat.attack is not None:
        pending = combat.attack
        pending.die = None  # no result at all: no die-triggered ability and no bonus (as Bless's "no die")
        pending.no_die = True
        subject = uname(combat, combat.unit(pending.attacker))
        events.append(Event.to_all("h3_die_cancelled", t.DIE_CANCELLED(card=ref, unit=subject), card=shown))
    elif card.effect == "morale":
        events += draw(side, draws, rng)  # Leadership (expert): draw first, then the token
        draws = 0
        events += gain_morale(side, seat)
    elif card.effect == "swap" and target is not None and other is not None:
        target.pos, other.pos = other.pos, target.pos
    elif card.effect == "frost_ring" and action.cell is not None:
        cell = (int(action.cell[0]), int(action.cell[1]))
        for n in combat.geometry().adjacent(cell) + ([cell] if card.centre else []):  # Xyron: the space too
            hit = combat.at(n)
            if hit is not None and not hit.tower:
                events += spell_damage(combat, hit, card.damage[0])  # H3-27.1: defence does not count
    elif card.effect == "chain_lightning" and target is not None and other is not None:
        events += spell_damage(combat, target, card.damage[0])
        third = combat.unit(action.third) if getattr(action, "third", None) else None
        for hit, amount in ((other, card.damage[1]), (third, card.damage[2] if len(card.damage) > 2 else 0)):
            if hit is not None and hit.alive and amount:
                events += spell_damage(combat, hit, amount)  # H3-16.2: a specialty, not a spell
    elif card.effect == "none" and reroll_mode(deck, action.card) is not None:
        side.rerolls += 1  # H3-35.3: until used up or the combat ends (flow.roll asks after an own die)
        events.append(Event.to_all("h3_may_reroll", t.REROLL_GRANTED(seat=seat)))
    elif card.effect == "deck_take_one":
        seen, shown_events = discard_top(side, action.count or 0, rng)
        events += shown_events
        side.take_one = seen  # flow asks which one goes to hand (one card: taken at once)
    if draws:
        events += draw(side, draws, rng)
    return events


def discard_top(side: CombatSide, n: int, rng: Rng) -> tuple[list[str], list[Event]]:
    """The top ``n`` cards of the hero's deck go to the discard pile, face up (H3-13.2.2: public),
    for an effect that then takes one of them (Genies, Chain Lightning IV). An empty deck is
    refilled from the older discards, never from the cards just turned (H3-13.2.3)."""
    deck = side.deck
    if deck is None or n <= 0:
        return [], []
    seen: list[str] = []
    for _ in range(n):
        if not deck.draw.draw_pile:
            old = [c for c in deck.discard if c not in seen]
            if not old:
                break
            deck.discard[:] = [c for c in deck.discard if c in seen]
            deck.draw.draw_pile.extend(deck.to_reshuffle(old))
            deck.draw.shuffle(rng)
            if not deck.draw.draw_pile:  # every card the chaos deck removed (H3-48.1)
                break
        card = deck.draw.draw_pile.pop(0)
        deck.discard.append(card)
        seen.append(card)
    if not seen:
        return [], []
    seat = m.seat_name(side.controller if side.controller is not None else side.owner)
    names = [deck.names[c] for c in seen]
    shown = m.DECK_DISCARDED(seat=seat, cards=[m.card_ref(c) for c in names])
    return seen, [Event.to_all("h3_deck_discarded", shown, cards=names)]  # content ids: instance ids stay secret


def resolve_cast(
    combat: Combat, card: CardDef, power: int, action: Any, rng: Rng, *, team: int | None = None
) -> list[Event]:
    """The effect of a spell once cast (the cast itself, its Power and the card are already paid); ``team``
    is the caster's side, noted with an ongoing effect the spell leaves (combat/ongoing.py)."""
    if card.effect == "fireball" or card.effect in spells.EFFECTS:
        return spells.resolve(combat, card, power, action, rng, team=team)
    target = combat.unit(action.target)
    if card.effect == "resurrection":  # not answered: the attack on the unit is cancelled (``resurrect``)
        return _saved(combat, target, m.card_ref(card.id))
    resisted = resists_card(combat, target, m.card_ref(card.id), rng)  # neutral Dwarves
    if resisted is not None:
        return resisted
    return _spell(combat, card, card.tiers[power], target, team)


COUNTERS = ("counter_spell", "counter_roll")


def pending_spell_ref(combat: Combat) -> Ref:
    """The name of the spell waiting in ``combat.spell`` (a player's card or an AI hero's spell)."""
    pending = combat.spell
    assert pending is not None
    side = combat.sides[pending.team]
    if pending.ai and side.ai is not None:
        return m.card_ref(side.ai.names.get(str(pending.action["card"]), str(pending.action["card"])))
    assert side.deck is not None
    return m.card_ref(side.deck.names[str(pending.action["card"])])


def counter_plays(combat: Combat, side: CombatSide) -> list[Option]:
    """The plays open to ``side`` against the enemy spell just cast (``combat.spell``)."""
    return [
        o
        for o in playable(combat, side, activating=False)
        if o.action["mode"] != "alt"
        and side.deck is not None
        and card_def(side.deck, o.action["card"]).effect in COUNTERS
    ]


def counter_seat(combat: Combat, caster: CombatSide) -> int | None:
    """The enemy player asked whether to answer this spell (Resistance, Surcoat of Counterpoise,
    Boots of Polarity): whenever that player's main hero is in the combat with a card in hand, as
    the hand's size is public (H3-13.1) and its cards are not (H3-35 ⟦H: hands hidden⟧). Asked
    only when holding such a card, the question itself would tell the caster so; what may answer
    the spell is the prompt's business (``flow.counter_options``)."""
    enemy = combat.sides[1 - caster.team]
    deck = enemy.deck
    if deck is None or enemy.controller is None or not deck.hand:
        return None
    return enemy.controller


def _enemy_discards(enemy: CombatSide, n: int, rng: Rng) -> list[Event]:
    """The enemy hero discards ``n`` random cards from hand (Dragon Wing Tabard); which card is
    public once discarded (H3-13.2.2)."""
    deck = enemy.deck
    events: list[Event] = []
    if deck is None:
        return events
    for _ in range(min(n, len(deck.hand))):
        inst = deck.hand[rng.below(len(deck.hand))]
        deck.hand.remove(inst)
        deck.discard.append(inst)
        seat = m.seat_name(enemy.controller if enemy.controller is not None else enemy.owner)
        events.append(Event.to_all("h3_discarded", m.DISCARDED(seat=seat, card=m.card_ref(deck.names[inst]))))
    return events


def gain_morale(side: CombatSide, seat: Msg) -> list[Event]:
    """H3-11.1: a negative token is discarded instead; a second positive token is lost;
    H3-11.5: Necropolis never gains morale."""
    if side.faction == "necropolis":
        return []
    if side.morale < 0:
        side.morale = 0
        return [Event.to_all("h3_morale_negative_gone", m.MORALE_NEGATIVE_GONE(seat=seat))]
    if side.morale > 0:
        return []
    side.morale = 1
    return [Event.to_all("h3_morale_gained", m.MORALE_GAINED(seat=seat))]


def may_resurrect(combat: Combat, unit: Unit, damage: int) -> bool:
    """When the side of a unit about to be defeated is asked whether to cancel the attack with
    a card (Resurrection): it has a hand, a controller and Power played (public, H3-15.3), so
    the question itself tells the other player nothing about the hand (H3-13.1)."""
    side = combat.sides[unit.team]
    if side.deck is None or side.controller is None or damage <= 0 or not would_defeat(unit, damage):
        return False
    if side.pending_power > 0 or side.school_power:
        return True
    if side.deck.hand and _free_resurrection_owned(side.deck, unit.tier):
        return True
    # The Resurrection spell saves a bronze unit with no Power: asked whenever it could be cast, by
    # public facts alone (a hand, the spell limit, Anti-Magic; H3-13.1, H3-35.2).
    return (
        unit.tier == "bronze"
        and bool(side.deck.hand)
        and side.spells_cast < side.spell_limit
        and spells.targetable(unit)
    )


def _free_resurrection_owned(deck: HeroDeck, tier: str) -> bool:
    """Alamar's Resurrection IV / VI save some tiers for no Power. Which specialty cards a hero
    owns follows from the public level (H3-12.10.2) and the discard pile is public (A-18), so
    asking whenever such a card is neither discarded nor removed tells nothing about the hand."""
    gone = set(deck.discard) | set(deck.removed)
    for inst, name in deck.names.items():
        card = load().cards.get(name)
        if inst in gone or card is None or card.kind != "specialty" or card.effect != "resurrection":
            continue
        if card.power_cost.get(tier) == 0:
            return True
    return False


def resurrection_card(combat: Combat, unit: Unit, damage: int) -> tuple[str, int] | None:
    """A Resurrection card the unit's side may play now (H3-35.4: this card is played between
    the roll and the damage): the attack would defeat the unit and the side has the Power its
    tier costs (H3-15.3). Returns (card instance, cost)."""
    side = combat.sides[unit.team]
    deck = side.deck
    if deck is None or side.controller is None or damage <= 0 or not would_defeat(unit, damage):
        return None
    found: list[tuple[int, bool, str]] = []  # (cost, spell, card): the cheapest, a specialty before a spell
    for inst in deck.hand:
        card = card_def(deck, inst)
        cost = card.power_cost.get(unit.tier)
        if card.effect != "resurrection" or cost is None:
            continue
        if card.kind != "spell" and side.pending_power >= cost:
            found.append((cost, False, inst))
        if card.kind == "spell" and _may_cast_resurrection(combat, side, inst, card, unit, cost):
            found.append((cost, True, inst))
    if not found:
        return None
    cost, _, inst = min(found)
    return inst, cost


def _may_cast_resurrection(combat: Combat, side: CombatSide, inst: str, card: CardDef, unit: Unit, cost: int) -> bool:
    """The Resurrection spell is a cast: the spell limit (H3-35.2), Anti-Magic and immunities, the
    Familiars' tax and the Power its tier needs (H3-15.3) all apply."""
    return (
        side.spells_cast < side.spell_limit
        and spells.targetable(unit)
        and not spells.spell_immune(unit, card)
        and may_pay_tax(combat, side, inst)
        and cast_power(side, card, combat) >= cost
    )


def resurrect(combat: Combat, unit: Unit, inst: str, rng: Rng | None = None) -> list[Event]:
    """Play Resurrection: the card is discarded, all Power played is spent (H3-15.3).

    The Resurrection spell is a spell cast like any other, so the enemy may answer it "right after
    an enemy casts a spell" (Resistance, Surcoat of Counterpoise, Boots of Polarity; H3-35.4's
    "unless the card says otherwise" lets them in between the roll and the damage): as for every
    cast, the saving waits in ``combat.spell`` whenever the enemy has a hand (``counter_seat``)
    and happens in ``resolve_cast``. The specialty is no spell and cannot be answered."""
    side = combat.sides[unit.team]
    deck = side.deck
    assert deck is not None
    deck.hand.remove(inst)
    deck.discard.append(inst)  # H3-13.2.2
    card = m.card_ref(deck.names[inst])
    if card_def(deck, inst).kind == "spell":
        power = cast_power(side, card_def(deck, inst), combat)
        side.pending_power = side.bonus_power = 0  # H3-15.3: casting consumes all Power played
        side.spells_cast += 1  # H3-35.2
        side.last_spell = inst
        side.cast_with, side.powering = side.powering, []
        side.school_power = {}
        side.cast_fresh = True
        drawn = cast_draws(combat, side, rng) if rng is not None else []  # Zydar VI
        cast = m.SPELL_CAST(seat=m.seat_name(side.controller), card=card, power=power, target=uname(combat, unit))
        events = [Event.to_all("h3_spell", cast, card=deck.names[inst], power=power, target=unit.uid), *drawn]
        if counter_seat(combat, side) is not None:
            action = {"type": "play", "card": inst, "mode": "cast", "target": unit.uid}
            combat.spell = PendingSpell(team=side.team, action=action, power=power)
            return events
        return events + _saved(combat, unit, card)
    side.pending_power = 0
    side.powering = []
    seat = m.seat_name(side.controller)
    played = m.CARD_PLAYED(seat=seat, card=card, mode=m.MODE_BASIC(), target=uname(combat, unit))
    return [Event.to_all("h3_card", played, card=deck.names[inst]), *_saved(combat, unit, card)]


def _saved(combat: Combat, unit: Unit, card: Ref) -> list[Event]:
    """Resurrection's effect: the attack that would defeat ``unit`` is cancelled (H3-16.2)."""
    if combat.attack is not None and combat.attack.target == unit.uid:
        combat.attack.cancelled_by_card = True
    return [Event.to_all("h3_resurrected", m.CARD_CANCELS(card=card, unit=uname(combat, unit)))]


def cast_effect(combat: Combat, card: CardDef, amount: int, target: Unit, team: int | None = None) -> list[Event]:
    """A spell's effect on its target (immunities first); shared by players and AI heroes (``team``: the
    caster's side)."""
    return _spell(combat, card, amount, target, team)


def _spell(combat: Combat, card: CardDef, amount: int, target: Unit, team: int | None) -> list[Event]:
    if spells.spell_immune(target, card) or target.anti_magic:
        return [Event.to_all("h3_spell_ignored", m.SPELL_IGNORED(unit=uname(combat, target), card=m.card_ref(card.id)))]
    if card.effect == "damage":
        # H3-27.1 / E-3: defence does not reduce spell damage.
        return spell_damage(combat, target, max(0, amount - spell_reduction(combat, target)))
    if card.effect == "defense":
        target.defense_bonus += amount
    elif card.effect == "attack":
        target.attack_bonus += amount
    elif card.effect == "weakness":
        target.attack_bonus -= amount  # H3-35.5 by analogy: until its next attack resolves
        return [Event.to_all("h3_weakness", m.SPELL_WEAKENED(unit=uname(combat, target), n=amount), unit=target.uid)]
    elif card.effect == "fire_shield":
        ongoing.fire_shield(target, team, amount, combat.round)
        return [Event.to_all("h3_fire_shield", m.FIRE_SHIELD_ON(unit=uname(combat, target), n=amount), unit=target.uid)]
    elif card.effect == "initiative":
        ongoing.give(target, team, "initiative_bonus", amount)  # until the combat ends (A-33 re-evaluates order)
    elif card.effect == "heal":
        target.paralysed = False
        return heal(combat, target, amount)
    return []


def draw(side: CombatSide, n: int, rng: Rng) -> list[Event]:
    """Draw ``n`` cards; an empty deck is refilled from the personal discard pile (H3-13.2.3)."""
    deck = side.deck
    if deck is None:
        return []
    got: list[str] = []
    for _ in range(n):
        if not deck.draw.draw_pile and deck.discard:
            deck.draw.draw_pile.extend(deck.to_reshuffle(deck.discard))
            deck.discard.clear()
            deck.draw.shuffle(rng)
        if not deck.draw.draw_pile:
            break
        got.append(deck.draw.draw_pile.pop(0))
    deck.hand.extend(got)
    if not got:
        return []
    seat = side.controller if side.controller is not None else side.owner or 0
    return [
        Event.to_all("h3_drew", m.DREW(seat=m.seat_name(seat), n=len(got))),
        Event.to_seats(
            seat, "h3_you_drew", m.YOU_DREW(cards=[m.card_ref(deck.names[c]) for c in got]), reveals=True, cards=got
        ),
    ]


# ---- Tower-box heroes (C): Lord Haart (Necropolis), Deemer, Jeddite (H3-16) ----------------------------------
TOWER_BOX_EFFECTS = ("retaliation_guard", "retaliation_worst", "meteor_shower", "power_or_reshuffle", "deck_take_kinds")


def _or_label(mode: str) -> Msg:
    """Meteor Shower IV prints two effects joined by "or": the option says which one is played."""
    return t.MODE_POWER() if mode == "basic" else t.MODE_RESHUFFLE()


def _tower_box_plays(combat: Combat, side: CombatSide, inst: str, card: CardDef, mode: str, ref: Ref) -> list[Option]:
    """The plays of the Tower box's specialty cards whose effects no older card has."""
    out: list[Option] = []
    if card.effect in ("retaliation_guard", "retaliation_worst"):
        for u in friendly(combat, side):
            if card.effect == "retaliation_worst" and u.retaliation_worst:
                continue  # already lasts for the whole combat
            label = m.OPT_PLAY(card=ref, mode=_mode_label(mode), target=uname(combat, u))
            out.append(Option.of(label, _act(inst, mode, u.uid)))
    elif card.effect == "meteor_shower":
        out += _meteor_plays(combat, inst, mode, card, ref)
    elif card.effect == "power_or_reshuffle":
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=_or_label(mode)), _act(inst, mode)))
    elif card.effect == "deck_take_kinds" and side.deck is not None:
        if side.deck.draw.draw_pile or side.deck.discard:  # H3-13.2.3: an empty deck is refilled first
            out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=_mode_label(mode)), _act(inst, mode)))
    return out


def _meteor_plays(combat: Combat, inst: str, mode: str, card: CardDef, ref: Ref) -> list[Option]:
    """Meteor Shower (Deemer, H3-16): a unit and 1 (level VI: up to 2) units next to it, of either side
    (S-H1 note: friendly units are hit too). Fewer neighbours than printed: as many as there are."""
    out: list[Option] = []
    seen: set[frozenset[str]] = set()  # every unit hit takes the same damage: one play per set of units
    for u in [x for x in combat.on_board() if not x.tower]:
        near = [x for x in combat.on_board() if not x.tower and x.uid != u.uid and adjacent(u, x, combat)]
        for k in range(1, min(card.basic, len(near)) + 1):
            for group in combinations(near, k):
                units = frozenset([u.uid, *(g.uid for g in group)])
                if units in seen:
                    continue
                seen.add(units)
                out.append(_group_option(combat, inst, mode, ref, u, group))
    return out


def specialty_power(side: CombatSide, combat: Combat) -> int:
    """H3-16.2: a specialty that uses Power takes the Power played so far (and a unit's bonus), but
    belongs to no school, so no school's bonus reaches it; the Pegasi's drain does (it hits any
    Power the enemy plays)."""
    return max(0, side.pending_power + side.bonus_power - power_drain(combat, side))


def _tower_box_play(
    combat: Combat, side: CombatSide, action: Any, card: CardDef, target: Unit | None, amount: int, label: Msg, rng: Rng
) -> list[Event]:
    """Resolve one of the Tower box's specialty effects (the card is already in the discard pile)."""
    deck = side.deck
    assert deck is not None
    seat = m.seat_name(side.controller)
    ref = m.card_ref(card.id)
    events: list[Event] = []
    if card.effect in ("retaliation_guard", "retaliation_worst") and target is not None:
        events.append(
            Event.to_all(
                "h3_card", m.CARD_PLAYED(seat=seat, card=ref, mode=label, target=uname(combat, target)), card=card.id
            )
        )
        if card.effect == "retaliation_guard":
            target.retaliation_guard += amount  # until the next retaliation against it resolves (flow.hit)
            events.append(Event.to_all("h3_guard", t.RETALIATION_GUARD(unit=uname(combat, target), n=amount)))
        else:
            ongoing.give(target, side.team, "retaliation_worst")  # H3-35.3: ongoing, until the combat ends
            events.append(Event.to_all("h3_guard", t.RETALIATION_WORST(unit=uname(combat, target))))
        return events
    if card.effect == "meteor_shower" and target is not None:
        hit = [target] + [combat.unit(uid) for uid in (action.other, action.third) if uid]
        power = specialty_power(side, combat)
        side.pending_power = side.bonus_power = 0  # H3-15.3 / H3-16.2: the Power played is used up
        side.powering = []
        damage = card.tiers[min(power, len(card.tiers) - 1)]
        if len(hit) > 2:
            msg = t.SPECIALTY_THREE(
                seat=seat,
                card=ref,
                power=power,
                target=uname(combat, hit[0]),
                other=uname(combat, hit[1]),
                third=uname(combat, hit[2]),
            )
        elif len(hit) == 2:
            msg = t.SPECIALTY_TWO(
                seat=seat, card=ref, power=power, target=uname(combat, hit[0]), other=uname(combat, hit[1])
            )
        else:
            msg = m.CARD_PLAYED(seat=seat, card=ref, mode=label, target=uname(combat, hit[0]))
        events.append(Event.to_all("h3_card", msg, card=card.id, power=power))
        for u in hit:
            if u.alive:
                events += spell_damage(combat, u, damage)  # H3-16.2: a specialty, so no spell ward stops it
        return events
    events.append(Event.to_all("h3_card", m.CARD_PLAYED_NO_TARGET(seat=seat, card=ref, mode=label), card=card.id))
    if card.effect == "power_or_reshuffle" and action.mode == "basic":
        side.pending_power += amount
        side.powering.append(action.card)
        events.append(Event.to_all("h3_power", m.POWER_ADDED(seat=seat, n=side.pending_power)))
    elif card.effect == "power_or_reshuffle":
        deck.draw.draw_pile.extend(deck.to_reshuffle(deck.discard))  # the card played goes in too (H3-13.2.2)
        deck.discard.clear()
        deck.draw.shuffle(rng)
        events.append(Event.to_all("h3_reshuffled", t.RESHUFFLED(seat=seat)))
        events += draw(side, card.draw, rng)
    elif card.effect == "deck_take_kinds":
        # Drawn, so seen by the owner alone (H3-13.2.3 refills an empty deck); the cards not of ``pick_kinds``
        # are then discarded face up (H3-13.2.2), the ones kept stay hidden in hand.
        before = set(deck.hand)
        events += draw(side, card.basic, rng)
        for c in [x for x in deck.hand if x not in before]:
            if card_def(deck, c).kind not in card.pick_kinds:
                deck.hand.remove(c)
                deck.discard.append(c)
                events.append(Event.to_all("h3_discarded", m.DISCARDED(seat=seat, card=m.card_ref(deck.names[c]))))
    return events


# ---- Tower-box heroes (D): Cyra, Clancy, Torosar (H3-16, H3-19) -----------------------------------------------
TOWER_HEROES_D = ("attack_vs_faster", "initiative_guard", "spell_ward", "ballista_shot", "ballista_gain")
SLOWER_FOE_DEFENSE = 1  # Cyra's Haste VI: the printed +1 defence against attackers of lower initiative


def _tower_heroes_plays(
    combat: Combat, side: CombatSide, inst: str, card: CardDef, mode: str, ref: Ref
) -> list[Option]:
    """Cyra's and Clancy's cards aim at one of the side's units; Torosar's name no unit. "Activate your
    Ballista (if you have one)" is offered only while the side has a Ballista with something to shoot
    at; his level VI card always (it gives a Ballista for the rest of the combat even with no target)."""
    label = _mode_label(mode)
    if card.effect == "ballista_shot":
        if machines.ballistas(side) < 1 or not machines.ballista_targets(combat, side):
            return []
        return [Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode))]
    if card.effect == "ballista_gain":
        return [Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode))]
    return [
        Option.of(m.OPT_PLAY(card=ref, mode=label, target=uname(combat, u)), _act(inst, mode, u.uid))
        for u in friendly(combat, side)
    ]


def _tower_heroes_play(
    combat: Combat, side: CombatSide, card: CardDef, target: Unit | None, amount: int, label: Msg, rng: Rng
) -> list[Event]:
    """Resolve one of Cyra's, Clancy's or Torosar's effects (the card is already in the discard pile;
    ``amount`` is already doubled for the unit a card names). Torosar's shots are fired by the flow
    right after the play (``CombatSide.ballista_shots``, war_machines.fire_ordered), where a tie is asked."""
    seat = m.seat_name(side.controller)
    ref = m.card_ref(card.id)
    if target is None:
        events = [Event.to_all("h3_card", m.CARD_PLAYED_NO_TARGET(seat=seat, card=ref, mode=label), card=card.id)]
        if card.effect == "ballista_gain":
            side.extra_ballistas += amount  # H3-35.3: for the rest of this combat; the card counts as a Ballista
            events.append(Event.to_all("h3_ballista_gained", t.BALLISTA_GAINED(seat=seat), team=side.team))
            side.ballista_shots += machines.ballistas(side)  # "activate all your Ballistas now"
        elif card.effect == "ballista_shot":
            side.ballista_shots += 1  # one Ballista shoots (H3-19: 1 damage to the lowest initiative)
        return events
    unit = uname(combat, target)
    events = [Event.to_all("h3_card", m.CARD_PLAYED(seat=seat, card=ref, mode=label, target=unit), card=card.id)]
    resisted = resists_card(combat, target, ref, rng)  # neutral Dwarves: a specialty aimed at it alone
    if resisted is not None:
        return events + resisted
    if card.effect == "attack_vs_faster":
        target.attack_bonus += amount  # H3-35.5: until its next attack resolves
        target.faster_foe_attack += amount  # the same again against a unit of higher initiative (rules.attack_value)
        events.append(Event.to_all("h3_boost", t.FASTER_FOE_ATTACK(unit=unit, n=amount), unit=target.uid))
    elif card.effect == "initiative_guard":
        ongoing.give(target, side.team, "initiative_bonus", amount)  # H3-35.3: until the combat ends
        ongoing.give(target, side.team, "slower_foe_defense", SLOWER_FOE_DEFENSE)  # rules.defense_value
        events.append(Event.to_all("h3_boost", t.SLOWER_FOE_DEFENSE(unit=unit, n=amount), unit=target.uid))
    elif card.effect == "spell_ward":
        ongoing.give(target, side.team, "spell_ward", amount)  # H3-35.3: ongoing; rules.spell_reduction
        events.append(Event.to_all("h3_boost", t.SPELL_WARD(unit=unit, n=amount), unit=target.uid))
    return events


# ---- Inferno-box heroes: Rashka (Efreet IV / VI), Zydar (Sorcery) (H3-16) -----------------------------------
# Zydar I and IV print two effects joined by "or" (the ``other`` mode is the second); Zydar VI both at once.
INFERNO_OR = ("power_or_draw_after_cast", "power_or_free_spell")
INFERNO_EFFECTS = ("lasting_fire_shield", "power_and_cast_draw", *INFERNO_OR)


def _inferno_label(card: CardDef, mode: str) -> Msg:
    if mode == "basic":
        return t.MODE_POWER_N(n=card.basic)
    return t.MODE_DRAW_AFTER_CAST() if card.effect == "power_or_draw_after_cast" else t.MODE_FREE_SPELL()


def _inferno_plays(combat: Combat, side: CombatSide, inst: str, card: CardDef, mode: str, ref: Ref) -> list[Option]:
    """Rashka's shield aims at one of the side's units; Zydar's cards name none. Zydar I's draw is played
    "after casting a spell": only right after one (Mysticism's moment, ``just_cast``)."""
    if card.effect == "lasting_fire_shield":
        return [
            Option.of(m.OPT_PLAY(card=ref, mode=_mode_label(mode), target=uname(combat, u)), _act(inst, mode, u.uid))
            for u in friendly(combat, side)
        ]
    if card.effect == "power_or_draw_after_cast" and mode == "other" and not just_cast(side):
        return []
    label = t.MODE_BOTH() if card.effect == "power_and_cast_draw" else _inferno_label(card, mode)
    return [Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode))]


def _inferno_play(
    combat: Combat, side: CombatSide, action: Any, card: CardDef, target: Unit | None, amount: int, rng: Rng
) -> list[Event]:
    """Resolve Rashka's or Zydar's card (already in the discard pile; ``amount`` already doubled for the
    unit it names). Rashka IV / VI: for the rest of the combat a ground or flying unit attacking the unit
    takes the damage (flow.hit, as Fire Shield). Zydar: the Power goes towards the next spell (H3-15.3);
    house: "the next spell does not count towards the limit" raises this combat round's limit by one (as
    Knowledge's expert effect, H3-35.2); VI draws after each spell cast until the combat round ends."""
    seat = m.seat_name(side.controller)
    ref = m.card_ref(card.id)
    if card.effect == "lasting_fire_shield" and target is not None:
        ongoing.fire_shield(target, side.team, amount, ongoing.WHOLE_COMBAT)
        said = m.CARD_PLAYED(seat=seat, card=ref, mode=_mode_label(action.mode), target=uname(combat, target))
        return [Event.to_all("h3_card", said, card=card.id, target=target.uid)]
    both = card.effect == "power_and_cast_draw"
    label = t.MODE_BOTH() if both else _inferno_label(card, action.mode)
    events = [Event.to_all("h3_card", m.CARD_PLAYED_NO_TARGET(seat=seat, card=ref, mode=label), card=card.id)]
    if action.mode == "basic":
        side.pending_power += amount
        side.powering.append(action.card)
        events.append(Event.to_all("h3_power", m.POWER_ADDED(seat=seat, n=side.pending_power)))
    if both:
        side.cast_draw_round = combat.round
    elif action.mode == "other" and card.effect == "power_or_draw_after_cast":
        events += draw(side, card.draw, rng)
    elif action.mode == "other":
        side.spell_limit += 1
        events.append(Event.to_all("h3_spell_limit", t.SPELL_LIMIT_RAISED(seat=seat, n=side.spell_limit)))
    return events


def cast_draws(combat: Combat, side: CombatSide, rng: Rng) -> list[Event]:
    """Zydar VI: a card drawn after each spell the side casts in the combat round the card was played."""
    if side.cast_draw_round != combat.round or side.deck is None:
        return []
    return draw(side, 1, rng)
