"""Playing Might & Magic cards on the map (H3-13.2, H3-14.1, H3-15, H3-17.1): map and instant effects
whose steps the engine resolves, Power played towards a spell cast on the map, and casting it.
The expert effect of a statistic or ability card spends an expert use (H3-12.12); an artifact's
bottom effect does not (H3-17.1: the owner simply picks top or bottom); faction cards of another
faction cannot be played (H3-14.3). Combat plays belong to the combat engine.

Why Power is read from the combat card data: a card that gives Power (Power, Sorcery, Titan's
Cuirass, ...) gives the same amount whether the spell it feeds is cast in a combat or on the map
(H3-15.3), so the combat content's ``effect: "power"`` entries are the one source for both.

Entry points: ``options(state, seat)`` and ``act(state, seat, action)``; ``morale_options`` and
``spend_morale`` for morale tokens (H3-11.2).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import Event, Option, RuleViolation
from engine.core.text import Msg

from ..adventure import effects
from ..clash import messages as m
from ..clash.state import ClashState, Player
from ..content import load
from ..content.clash import CardEffect, MMCard, SpellTier, clash_content
from ..content.texts import text_ref
from . import deck as cards
from . import map_cards, permanent
from . import messages as cm

MAP_TIMINGS = ("map", "instant")
ONGOING_MAP = frozenset({"logistics"})  # ongoing effects (H3-13.2.7) the engine keeps until their moment
SPELL_CAST_MARK = "card:spell_cast"  # in Player.turn_used: a spell was cast on the map this turn


def need(cond: bool, rule: str, msg: Msg) -> None:
    if not cond:
        raise RuleViolation(rule, msg)


def _effect(card: MMCard, mode: str) -> CardEffect | None:
    return card.expert if mode == "expert" else card.basic


def uses_expert(card: MMCard, mode: str) -> bool:
    """H3-14.1 / H3-12.12: only statistic and ability cards have expert effects that spend an
    expert use; an artifact's bottom effect is a free choice (H3-17.1)."""
    return mode == "expert" and card.kind in ("statistic", "ability")


@cache
def _map_effect(card_id: str, mode: str) -> bool:
    """The effect is used on the map and the engine resolves its steps (content only: cached)."""
    eff = _effect(clash_content().cards[card_id], mode)
    if eff is None or not eff.steps or not effects.resolvable(eff.steps):
        return False
    # an ongoing effect the engine carries to its moment (Logistics: the end of the turn, map_cards.py)
    return eff.timing in MAP_TIMINGS or (eff.timing == "ongoing" and all(s.effect in ONGOING_MAP for s in eff.steps))


GM_TIMINGS = ("map", "instant", "ongoing")  # H3-13.2.7: the types a card may be played with on the map


@cache
def gm_effect(card_id: str, mode: str) -> bool:
    """The effect may be played on the map but the engine holds only its text (or steps it cannot
    all resolve): it is still offered, and the game master carries it out (H3-1.4), so a card such
    as Boots of Polarity is never silently unusable. Cards the combat engine plays (their own
    combat entry or a combat id), spells (cast or used for Power), specialties (combat cards) and
    permanents (put into play) have their own ways and are left out, except a combat card marked
    ``map_gm`` (Mysticism, Resistance, Boots ...): its text also applies on the map. So are the
    effects played at a moment of their own (Scouting, Cards of Prophecy's bottom: map_cards.py)."""
    card = clash_content().cards[card_id]
    combat = load().cards.get(card_id)
    if (
        card.kind in ("spell", "specialty")
        or permanent.is_permanent(card)
        or (combat is not None and not combat.map_gm)
    ):
        return False
    eff = _effect(card, mode)
    if eff is None or eff.combat is not None or eff.timing not in GM_TIMINGS or map_cards.prompted(eff.steps):
        return False  # a prompted effect (Scouting, Cards of Prophecy) is offered at its moment (map_cards)
    return not _map_effect(card_id, mode)


def _allowed(state: ClashState, p: Player, card: MMCard, mode: str) -> bool:
    if card.faction_only is not None and card.faction_only != p.faction:
        return False  # H3-14.3
    return not (uses_expert(card, mode) and cards.expert_left(p) < 1)  # H3-12.12


def gm_playable(state: ClashState, p: Player, inst: str, mode: str) -> bool:
    card = clash_content().cards[state.cards[inst]]
    return gm_effect(card.id, mode) and _allowed(state, p, card, mode)


def playable(state: ClashState, p: Player, inst: str, mode: str) -> bool:
    card = clash_content().cards[state.cards[inst]]
    if not _map_effect(card.id, mode):
        return False
    if card.faction_only is not None and card.faction_only != p.faction:
        return False
    if _step_refusal(state, p, card, mode) is not None:
        return False  # Torosar's Ballista I: no Ballista to buy, or no gold for it
    return not (uses_expert(card, mode) and cards.expert_left(p) < 1)


def _step_refusal(state: ClashState, p: Player, card: MMCard, mode: str) -> RuleViolation | None:
    """A map step that cannot be done now keeps its card from being offered, and a play of it is refused
    with the step's own reason rather than a generic one (adventure/effects.refusal)."""
    eff = _effect(card, mode)
    return effects.refusal(state, p, eff.steps) if eff is not None else None


def map_spell(state: ClashState, inst: str) -> MMCard | None:
    """A spell cast on the map whose empower tiers carry steps (Town Portal, View Air)."""
    return _map_spell(state.cards[inst])


@cache
def _map_spell(card_id: str) -> MMCard | None:
    card = clash_content().cards[card_id]
    if card.kind != "spell" or card.basic.timing != "map" or not card.tiers:
        return None
    return card if all(t.steps and effects.resolvable(t.steps) for t in card.tiers) else None


def power_source(state: ClashState, inst: str, mode: str) -> tuple[int, int]:
    """(Power, cards drawn) that playing ``inst`` in ``mode`` gives towards a spell (H3-15.3):
    a spell's alternative effect gives 1 (H3-15.4); otherwise the combat card its effect names,
    if that card's effect is Power (an artifact's effect plays the combat card's basic mode)."""
    return _power_source(state.cards[inst], mode)


@cache
def _power_source(card_id: str, mode: str) -> tuple[int, int]:
    card = clash_content().cards[card_id]
    if mode == "alt":
        return (1, 0) if card.kind == "spell" and card.alternative is not None else (0, 0)
    eff = _effect(card, mode)
    if eff is None or eff.combat is None or eff.timing != "instant":
        return 0, 0
    cdef = load().cards.get(eff.combat)
    if cdef is None or cdef.effect != "power":
        return 0, 0
    if mode == "expert" and card.kind != "artifact":
        drawn = cdef.expert_draw if cdef.expert_draw is not None else cdef.draw
        return (cdef.expert if cdef.expert is not None else cdef.basic), drawn
    return cdef.basic, cdef.draw


def power_gain(state: ClashState, p: Player, inst: str, mode: str) -> int:
    return power_source(state, inst, mode)[0]


def spell_bonus(state: ClashState, p: Player, spell: MMCard) -> int:
    """Astrologer cards in force that add Power to spells (A-10) apply to spells cast on the map
    as well: "first spell each turn" only before the first map cast of this turn; "all spells"
    every time; a card naming schools only for spells of those schools (H3-15.9)."""
    total = 0
    for step in effects.astrologer_steps(state, "spell_power_bonus"):
        schools = step.words("schools")
        if schools and spell.school not in schools:
            continue
        if step.word("scope") != "all_spells" and SPELL_CAST_MARK in p.turn_used:
            continue
        total += step.num("amount")
    return total


def available_power(state: ClashState, p: Player, spell: MMCard) -> int:
    return p.pending_power + spell_bonus(state, p, spell) + permanent.school_bonus(state, p, spell)


def _cast_options(state: ClashState, p: Player, inst: str, spell: MMCard) -> list[Option]:
    ref = cards.card_ref(state, inst)
    have = available_power(state, p, spell)
    out = [
        Option.of(m.OPT_CAST(card=ref, power=t.power), {"type": "play_card", "card": inst, "mode": "cast", "tier": i})
        for i, t in enumerate(spell.tiers)
        if t.power <= have  # H3-15.3: any tier up to the Power paid
    ]
    booster = permanent.magic_booster(state, p, spell)
    if booster is None:
        return out
    boosted = have + permanent.MAGIC_EXPERT_POWER
    magic = cards.card_ref(state, booster)
    for i, t in enumerate(spell.tiers):
        if have < t.power <= boosted:  # only where the +3 reaches a tier the Power alone does not
            label = cm.OPT_CAST_BOOSTED(card=ref, power=t.power, magic=magic, n=permanent.MAGIC_EXPERT_POWER)
            out.append(Option.of(label, {"type": "play_card", "card": inst, "mode": "cast", "tier": i, "expert": True}))
    return out


def _power_options(state: ClashState, p: Player, inst: str) -> list[Option]:
    card = clash_content().cards[state.cards[inst]]
    if card.faction_only is not None and card.faction_only != p.faction:
        return []
    ref = cards.card_ref(state, inst)
    out = []
    for mode in ("basic", "expert", "alt"):
        gain = power_gain(state, p, inst, mode)
        if not gain or (uses_expert(card, mode) and cards.expert_left(p) < 1):
            continue
        action: dict[str, Any] = {"type": "play_card", "card": inst, "mode": "alt" if mode == "alt" else "power"}
        action["expert"] = mode == "expert"
        out.append(Option.of(m.OPT_POWER(card=ref, n=gain), action))
    return out


def options(state: ClashState, seat: int) -> list[Option]:
    p = state.player(seat)
    out: list[Option] = []
    spells = [c for c in p.deck.hand if map_spell(state, c) is not None]
    for inst in p.deck.hand:
        ref = cards.card_ref(state, inst)
        for mode in ("basic", "expert"):
            if playable(state, p, inst, mode):
                out.append(
                    Option.of(
                        m.OPT_PLAY(card=ref, mode=m.play_mode(mode)), {"type": "play_card", "card": inst, "mode": mode}
                    )
                )
            elif gm_playable(state, p, inst, mode):
                label = cm.OPT_PLAY_FOR_GM(card=ref, mode=m.play_mode(mode))
                out.append(Option.of(label, {"type": "play_card", "card": inst, "mode": mode}))
        out += permanent.options(state, p, inst)
        spell = map_spell(state, inst)
        if spell is not None:
            out += _cast_options(state, p, inst, spell)
        if [s for s in spells if s != inst]:  # Power only when another spell can still use it
            out += _power_options(state, p, inst)
    return out


def _cast(state: ClashState, p: Player, action: Any) -> list[Event]:
    """H3-15.2 / H3-15.3: the cast uses all the Power played (a lower tier may be chosen); the
    card goes to the discard pile, or back to hand under an astrologer's "first spell returns"."""
    spell = map_spell(state, action.card)
    need(spell is not None, "H3-13.2.7", m.NOT_A_MAP_CARD())
    assert spell is not None
    need(0 <= action.tier < len(spell.tiers), "H3-15.2", m.NOT_OFFERED())
    tier: SpellTier = spell.tiers[action.tier]
    power = available_power(state, p, spell)
    booster = None
    if action.expert:  # the school Magic ability's expert effect, from hand or from play
        need(cards.expert_left(p) >= 1, "H3-12.12", m.NO_EXPERT_USES())
        booster = permanent.magic_booster(state, p, spell)
        need(booster is not None, "H3-14.1", cm.NO_BOOSTER())
        power += permanent.MAGIC_EXPERT_POWER
    need(tier.power <= power, "H3-15.3", m.NOT_ENOUGH_POWER(n=tier.power))
    events: list[Event] = []
    if booster is not None:
        permanent.spend_booster(state, p, booster)
        magic = cards.card_ref(state, booster)
        events.append(
            Event.to_all("h3_power", cm.BOOSTED(seat=m.seat(p.seat), magic=magic, n=permanent.MAGIC_EXPERT_POWER))
        )
    with_it = list(p.power_cards) if p.pending_power > 0 else []  # the Power cards this cast used
    p.pending_power, p.power_cards = 0, []
    p.turn_used.append(SPELL_CAST_MARK)
    events.append(
        Event.to_all("h3_cast", m.CAST(seat=m.seat(p.seat), card=cards.card_ref(state, action.card), power=tier.power))
    )
    if effects.astrologer_steps(state, "first_spell_returns") and not p.spell_returned:
        p.spell_returned = True  # Crazy Wizard: the first spell cast goes back to hand
        events.append(
            Event.to_all(
                "h3_spell_returns", m.SPELL_RETURNS(seat=m.seat(p.seat), card=cards.card_ref(state, action.card))
            )
        )
    else:
        cards.discard(p, action.card)
        map_cards.after_cast(state, p, action.card, with_it)  # Mysticism, asked once the spell's effect resolved
    effects.push_effects(state, p.seat, "main", tier.steps)
    return events


def _power(state: ClashState, p: Player, action: Any) -> list[Event]:
    """H3-15.3: Power played before a cast waits in ``pending_power`` (A-20: any other action
    makes it fizzle, see rounds._main_apply)."""
    card = clash_content().cards[state.cards[action.card]]
    mode = "alt" if action.mode == "alt" else ("expert" if action.expert else "basic")
    need(card.faction_only is None or card.faction_only == p.faction, "H3-14.3", m.FACTION_CARD())
    gain, drawn = power_source(state, action.card, mode)
    need(gain > 0, "H3-15.3", m.NOT_OFFERED())
    need(any(c != action.card and map_spell(state, c) is not None for c in p.deck.hand), "H3-15.3", m.NOT_OFFERED())
    if uses_expert(card, mode):
        need(cards.expert_left(p) >= 1, "H3-12.12", m.NO_EXPERT_USES())
        p.expert_used += 1
    cards.discard(p, action.card)
    if p.pending_power == 0:
        p.power_cards = []  # a new run of Power (what fizzled before is no longer "played with" a spell)
    p.pending_power += gain
    p.power_cards.append(action.card)
    events = [
        Event.to_all("h3_power", m.POWER_PLAYED(seat=m.seat(p.seat), card=cards.card_ref(state, action.card), n=gain))
    ]
    return events + (cards.draw(state, p, drawn) if drawn else [])


def act(state: ClashState, seat: int, action: Any) -> list[Event]:
    """H3-13.2.1: only in your own turn (on the map); the card goes to your discard pile
    (H3-13.2.2), or out of the game when its effect removes it (H3-13.2.8)."""
    p = state.player(seat)
    need(state.active == seat, "H3-13.2.1", m.NOT_YOUR_TURN_CARD())
    need(action.card in p.deck.hand, "H3-13.2", m.NOT_IN_HAND())
    if action.mode == "cast":
        return _cast(state, p, action)
    if action.mode in ("power", "alt"):
        return _power(state, p, action)
    card = clash_content().cards[state.cards[action.card]]
    need(card.faction_only is None or card.faction_only == p.faction, "H3-14.3", m.FACTION_CARD())
    if action.mode == "basic" and permanent.is_permanent(card):
        return permanent.put_into_play(state, p, action.card)
    if action.mode == "expert":
        need(card.expert is not None, "H3-14.1", m.NO_EXPERT())
        if uses_expert(card, "expert"):
            need(cards.expert_left(p) >= 1, "H3-12.12", m.NO_EXPERT_USES())
    if gm_playable(state, p, action.card, action.mode):
        return _for_gm(state, p, card, action)
    eff = _effect(card, action.mode)
    if eff is not None and map_cards.prompted(eff.steps):  # played when a Search begins / a die was rolled
        kinds = {s.effect for s in eff.steps}
        if "scouting" in kinds:
            raise RuleViolation("H3-13.2.5", cm.PLAY_AT_SEARCH())
        if "mysticism" in kinds:
            raise RuleViolation("H3-13.2.7", cm.PLAY_AT_CAST())  # an instant played right after a cast
        raise RuleViolation("H3-20.5", cm.PLAY_AT_ROLL())
    refused = _step_refusal(state, p, card, action.mode)
    if refused is not None:
        raise refused  # a step that cannot be done now (Torosar's Ballista I), with its own reason
    need(playable(state, p, action.card, action.mode), "H3-13.2.7", m.NOT_A_MAP_CARD())
    eff = _effect(card, action.mode)
    assert eff is not None
    if uses_expert(card, action.mode):
        p.expert_used += 1
    if any(s.effect == "remove_self" for s in eff.steps):
        cards.remove(state, p, action.card)
    else:
        cards.discard(p, action.card)
    effects.push_effects(state, seat, "main", eff.steps, played=action.card)  # the card, for its own steps
    return [
        Event.to_all(
            "h3_played",
            m.PLAYED(seat=m.seat(seat), card=cards.card_ref(state, action.card), mode=m.play_mode(action.mode)),
        )
    ]


def _for_gm(state: ClashState, p: Player, card: MMCard, action: Any) -> list[Event]:
    """H3-1.4: an effect the engine holds only as text is played like any other (revealed,
    discarded, an expert use spent, H3-13.2.2 / H3-12.12) and its printed effect is announced to
    everyone and handed to the game master as a task; steps the engine can resolve still run."""
    eff = _effect(card, action.mode)
    assert eff is not None
    if uses_expert(card, action.mode):
        p.expert_used += 1
    ref = cards.card_ref(state, action.card)
    if any(s.effect == "remove_self" for s in eff.steps):
        cards.remove(state, p, action.card)  # H3-13.2.8
    else:
        cards.discard(p, action.card)
    mode = m.play_mode(action.mode)
    events = [Event.to_all("h3_played", m.PLAYED(seat=m.seat(p.seat), card=ref, mode=mode))]
    if eff.steps:
        effects.push_effects(state, p.seat, "main", eff.steps)  # what is not resolvable goes to the GM (fx)
        return events
    task = cm.GM_CARD_EFFECT(card=ref, mode=mode, seat=m.seat(p.seat), what=text_ref(eff.text))
    return events + [state.gm.hand_over("H3-1.4", task, seat=p.seat, card=card.id, mode=action.mode)]


def morale_options(state: ClashState, seat: int) -> list[Option]:
    """H3-11.2: spend a positive morale token to draw a card, or to cycle the whole hand."""
    p = state.player(seat)
    if p.morale <= 0:
        return []
    out = [Option.of(m.OPT_MORALE_DRAW(), {"type": "morale", "use": "draw", "cards": []})]
    if p.deck.hand:
        out.append(
            Option.of(
                m.OPT_MORALE_CYCLE(n=len(p.deck.hand)), {"type": "morale", "use": "cycle", "cards": list(p.deck.hand)}
            )
        )
    return out


def spend_morale(state: ClashState, seat: int, action: Any) -> list[Event]:
    p = state.player(seat)
    need(p.morale > 0, "H3-11.2", m.NO_MORALE())
    if action.use == "cycle":
        need(
            len(set(action.cards)) == len(action.cards) and all(c in p.deck.hand for c in action.cards),
            "H3-11.2.2",
            m.NOT_IN_HAND(),
        )
    p.morale = 0
    events = [Event.to_all("h3_morale_spent", m.MORALE_SPENT(seat=m.seat(seat)))]
    if action.use == "draw":
        return events + cards.draw(state, p, 1)  # H3-11.2.1
    for c in action.cards:
        cards.discard(p, c)
    return events + cards.draw(state, p, len(action.cards))  # H3-11.2.2
