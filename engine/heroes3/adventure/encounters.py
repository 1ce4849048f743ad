"""Combats started on the map (H3-30): neutral guards, enemy heroes, sieges of towns and
settlements; the combat sub-engine (combat/flow.py) fights them and its ``CombatOutcome`` is
applied here (H3-37, H3-38, H3-26.5, H3-5.3.2).

Entry points: ``neutral_combat``, ``player_combat``, ``siege`` (the move that triggers them is in
movement.py). Each queues ``after_combat`` behind the combat's steps, and the combat behind the
town-action declaration window (H3-10.3 / H3-30.4, P-36).
"""

from __future__ import annotations

from typing import Any, Literal

from engine.core import Event, Option, Prompt
from engine.core.flow import Step, Window
from engine.core.text import Msg, Ref

from ..cards import deck as cards
from ..cards import permanent
from ..clash import messages as m
from ..clash.asks import ask, new_ask, push_ask
from ..clash.common import allied, bases, can_pay, heroes_at, pay, seat_order
from ..clash.elimination import eliminate
from ..clash.flow import FLOW, seat_of
from ..clash.state import AI_SEAT, COMBAT_VARIANTS, ClashState, Coord, Pending, Player
from ..combat import flow as combat_flow
from ..combat.models import TOWER, Combat, CombatSide, HeroDeck, Unit
from ..content import load
from ..content.clash import clash_content
from ..neutrals.difficulty import draw_neutrals
from ..town import cage, town, triggers
from . import effects, visits
from .geometry import location

DEFEND_GOLD = 8  # H3-39.1


def combat_card(card: str) -> str:
    """The combat engine's card id for a Might & Magic card; a card with no combat use rides
    along under its own id (combat ``card_def`` gives it effect "none": never offered in combat),
    so the combat's discard pile and events name the real card ("Players see names")."""
    mm = clash_content().cards.get(card)
    if mm is not None:
        for eff in (mm.basic, mm.expert, mm.alternative):
            if eff is not None and eff.combat is not None:
                return eff.combat
    return card


def combat_deck(state: ClashState, p: Player) -> HeroDeck:
    d = p.deck
    deck = HeroDeck(
        names={inst: combat_card(state.cards[inst]) for inst in d.all_cards()},
        hand=list(d.hand),
        discard=list(d.discard),
        removed=list(d.removed),
    )
    deck.draw.draw_pile = list(d.draw.draw_pile)
    if state.variant("chaos_deck"):  # H3-48.1: what a reshuffle in this combat may put back
        settled = set(p.chaos_settled)
        deck.chaos_exempt = [
            inst
            for inst in d.all_cards()
            if inst in settled or clash_content().cards[state.cards[inst]].kind in ("statistic", "specialty")
        ]
    return deck


def restore_deck(state: ClashState, p: Player, deck: HeroDeck) -> None:
    """Copy the combat's card zones back (the instances are the same; names stay the content's)."""
    for inst, card in deck.names.items():
        if inst not in state.cards:
            state.cards[inst] = card
    if state.mode == "tournament":  # H3-45.4.3: artifacts removed in the combat (Spellbinder's Hat) count for VP
        before = set(p.deck.removed)
        gone = [c for c in deck.removed if c not in before]
        p.removed_artifacts += [c for c in gone if clash_content().cards[state.cards[c]].kind == "artifact"]
    p.deck.hand = list(deck.hand)
    p.deck.discard = list(deck.discard) + list(deck.chaos_held)  # H3-48.1: replaced by the next settling
    p.deck.removed = list(deck.removed)
    p.deck.draw.draw_pile = list(deck.draw.draw_pile) + list(deck.draw.discard_pile)


def second_model(p: Player) -> str:
    heroes = clash_content().towns[p.faction].heroes
    return next((h for h in heroes if h != p.hero), p.hero)


def player_side(state: ClashState, p: Player, team: int, hero_kind: str | None, mp: int) -> CombatSide:
    main = hero_kind == "main"
    return CombatSide(
        team=team,
        owner=p.seat,
        controller=p.seat,
        faction=p.faction,
        hero=None if hero_kind is None else p.hero if main else second_model(p),
        main_hero=main,
        level=p.level,  # H3-12.6: a secondary hero counts as the main hero's level
        deck=combat_deck(state, p) if main else None,  # H3-35.1: only the main hero plays cards
        expert_uses=cards.expert_left(p) if main else 0,
        morale=p.morale,
        rerolls=combat_rerolls(state, p),
        mp=mp,
        gold=p.resources.get("gold", 0),
        army=list(p.army),
    )


def combat_rerolls(state: ClashState, p: Player) -> int:
    """The re-rolls of "any die" a card played this turn still grants (Luck's bottom, Cards of
    Prophecy: ``effects._grant_reroll``) and that the combat may spend on the player's own attack
    die. "This turn" (S-H1 card text): only the player whose turn it is brings them in."""
    return p.rerolls.count("any") if state.active == p.seat else 0


def spend_rerolls(state: ClashState, p: Player, side: CombatSide) -> None:
    """The allowances brought in (``combat_rerolls``) and used in the combat are gone for the rest
    of the turn (once each). One granted by a card played in the combat ends with it (H3-35.3), so
    the ones used are counted against those first."""
    brought = combat_rerolls(state, p)
    keep = min(brought, max(0, side.rerolls - side.rerolls_used))
    for _ in range(brought - keep):
        p.rerolls.remove("any")


def add_units(combat: Combat) -> None:
    """The unit cards of every side with an army (a player's, or an AI hero's, H3-41.1); neutrals
    are drawn by the caller."""
    for side in combat.sides:
        if side.owner is None and side.ai is None:
            continue
        for i, a in enumerate(side.army):
            combat.units.append(
                Unit(uid=f"{'ad'[side.team]}{i + 1}", card=a.card, side=a.side, team=side.team, army_index=i)
            )


def right_of(state: ClashState, seat: int) -> int:
    """H3-32.4: the enemy player to the right controls the neutrals (play goes clockwise, to the
    left); an eliminated player may still do it (H3-5.4). In an Alliance the Rec. is the nearest
    *enemy* to the right: an ally sitting there is skipped (in a Clash everyone else is an enemy,
    so it is simply the next seat to the right)."""
    for i in range(1, state.players):
        s = (seat - i) % state.players
        if not allied(state, seat, s):
            return s
    return (seat - 1) % state.players


def declaration(state: ClashState, attacker: int, defender: int | None) -> list[Step]:
    """H3-10.3 / A-13: the defender, then the others clockwise, then the attacker may take town
    actions before any setup step; seats with no town action left are not asked. An AI hero
    attacking (``AI_SEAT``, Cooperative) is no player: the seats go clockwise from the defender."""
    first = defender if attacker == AI_SEAT and defender is not None else attacker
    order = [s for s in seat_order(state, first) if s not in (attacker, defender)]
    seats = ([defender] if defender is not None else []) + order + ([attacker] if attacker != AI_SEAT else [])
    seats = [s for s in seats if not state.player(s).eliminated and town.any_action(state, s)]
    st = FLOW.new(state, "declare")
    st.window = Window(key="declare", rule="H3-10.3", seats=seats)
    return [st]


def begin(
    state: ClashState, combat: Combat, pending: Pending, declared: bool = False, after: str = "after_combat"
) -> list[Event]:
    """Queue the combat at the front: the declaration window (unless ``declared``), the combat's
    steps, then ``after`` (a step kind that applies the outcome: ``after_combat`` here, the
    Cooperative one for a combat with an AI hero, coop/ai_combat.py)."""
    state.pending = pending
    FLOW.push(state, FLOW.new(state, after))
    window = [] if declared else declaration(state, pending.attacker, pending.defender)
    combat.variants = [v for v in state.variants if v in COMBAT_VARIANTS]  # H3-48.8: rows the combat applies
    events = permanent.lay_permanents(state, combat)  # Sandro's Cloak, a Magic ability, a war machine (H3-19)
    cage.lay(state, combat)  # the Fortress Cage of Warlords' cubes (combat/cage.py)
    return events + combat_flow.start_combat(FLOW, state, combat, window)


def neutral_combat(
    state: ClashState, seat: int, hero_kind: str, origin: Coord, target: Coord, level: int
) -> list[Event]:
    """H3-30.1 / H3-31.1 / H3-32.2: a guarded field; quick combat if the hero's level is higher."""
    p = state.player(seat)
    h = p.main if hero_kind == "main" else p.secondary
    assert h is not None
    if p.level > level:
        state.field(target).cleared = True
        events = [Event.to_all("h3_quick", m.QUICK(seat=m.seat(seat), level=level))]
        return events + enter(state, seat, hero_kind, target)
    # H3-32.4: the enemy to the right runs the neutrals; in a Cooperative game the engine does, under the
    # AI rules (H3-34.10, H3-40) and the AI placement (H3-32.5): combat/flow.py runs a side with no controller
    neutrals = None if state.mode == "cooperative" else right_of(state, seat)
    combat = Combat(
        kind="neutral",
        sides=[player_side(state, p, 0, hero_kind, h.mp_left()), CombatSide(team=1, controller=neutrals)],
    )
    combat.field_level = level
    drawn = draw_neutrals(state.neutral_decks, level, state.difficulty, state.rng)
    add_units(combat)
    for i, card in enumerate(drawn):
        combat.units.append(Unit(uid=f"n{i + 1}", card=card, side="neutral", team=1, army_index=i))
    combat.time_limit = not any(load().unit(c).tier == "azure" for c in drawn)  # H3-36.1 / H3-36.4
    events = [
        Event.to_all(
            "h3_neutrals",
            m.NEUTRALS(level=level, units=[Ref(kind="unit", id=c) for c in drawn]),
            reveals=True,
        )
    ]
    events += begin(state, combat, Pending(attacker=seat, hero=hero_kind, origin=origin, target=target))
    if effects.astrologer_steps(state, "neutral_swap") and drawn:
        push_ask(state, "swap", seat)  # asked before the declaration window and the placement
    return events


def _swap_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_SWAP()


@ask("swap", "H3-7.3.2", _swap_q)
def _swap_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    combat = state.combat
    units = [u for u in combat.units if u.team == 1] if combat is not None else []
    return [(m.OPT_SKIP(), "skip")] + [(m.OPT_SWAP(unit=Ref(kind="unit", id=u.card)), u.uid) for u in units]


@_swap_options
def _swap_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """Groovy Satyr (A-10): replace one neutral card with the next of the same tier."""
    combat = state.combat
    if pick == "skip" or combat is None:
        return []
    u = combat.unit(pick)
    deck = state.neutral_decks[u.tier]
    new = deck.draw_one(state.rng)
    if new is None:
        return []
    deck.discard(u.card)
    u.card = new
    return [
        Event.to_all(
            "h3_neutrals",
            m.NEUTRALS(
                level=combat.field_level or 0, units=[Ref(kind="unit", id=x.card) for x in combat.units if x.team == 1]
            ),
            reveals=True,
        )
    ]


def player_combat(
    state: ClashState,
    seat: int,
    hero_kind: str,
    origin: Coord,
    target: Coord,
    defender: int,
    defender_hero: str | None,
    declared: bool = False,
) -> list[Event]:
    """H3-30.2 / H3-32.3 / H3-39: against an enemy hero, or a town or settlement (a siege with
    walls only in the defender's own town with a Citadel, H3-39.4)."""
    assert not allied(state, seat, defender)  # H3-3.2.3: allies never fight (movement.walk, siege)
    p = state.player(seat)
    d = state.player(defender)
    h = p.main if hero_kind == "main" else p.secondary
    assert h is not None
    kind = combat_kind(state, d, target)
    combat = Combat(
        kind=kind,
        sides=[player_side(state, p, 0, hero_kind, h.mp_left()), player_side(state, d, 1, defender_hero, 0)],
    )
    loc = location(state, target)
    combat.own_town = loc is not None and loc.kind == "town" and loc.faction == d.faction  # H3-39.3
    add_units(combat)
    if kind == "siege":
        combat.units.append(Unit(uid=TOWER, card="arrow_tower", side="neutral", team=1))
    pending = Pending(
        attacker=seat, hero=hero_kind, origin=origin, target=target, defender=defender, defender_hero=defender_hero
    )
    events: list[Event] = []
    for me, them in ((p, combat.sides[1]), (d, combat.sides[0])):
        if me.enemy_discard and them.deck is not None and them.owner is not None:
            # Cover of Darkness: the enemy hero discards at random when this combat begins
            for _ in range(min(me.enemy_discard, len(them.deck.hand))):
                inst = them.deck.hand[state.rng.below(len(them.deck.hand))]
                them.deck.hand.remove(inst)
                them.deck.discard.append(inst)
                events.append(
                    Event.to_all(
                        "h3_enemy_discards", m.ENEMY_DISCARDS(seat=m.seat(them.owner), card=cards.card_ref(state, inst))
                    )
                )
            me.enemy_discard = 0
    return events + begin(state, combat, pending, declared)


def combat_kind(state: ClashState, d: Player, target: Coord) -> Literal["player", "siege"]:
    """H3-39.4: walls, gate and arrow tower only when ``d`` defends its own faction's town with a
    Citadel built; any other fight with ``d`` on ``target`` is a plain player combat."""
    loc = location(state, target)
    own_town = loc is not None and loc.kind == "town" and loc.faction == d.faction
    citadel = any(clash_content().towns[d.faction].building(b).kind == "citadel" for b in d.buildings)
    return "siege" if own_town and citadel else "player"


def siege(state: ClashState, seat: int, hero_kind: str, origin: Coord, target: Coord, defender: int) -> list[Event]:
    """H3-39.1 (P-40): no defending hero there: the defender may pay 8 gold to defend with units."""
    d = state.player(defender)
    if d.army and can_pay(d, {"gold": DEFEND_GOLD}):
        # P-40 comes after the declaration window (P-36)
        ask_step = new_ask(
            state, "defend", defender, attacker=seat, hero=hero_kind, origin=list(origin), target=list(target)
        )
        FLOW.push(state, *declaration(state, seat, defender), ask_step)
        return [Event.to_all("h3_declared", m.DECLARED_SIEGE(seat=m.seat(seat)))]
    return [Event.to_all("h3_undefended", m.UNDEFENDED(seat=m.seat(defender)))] + enter(state, seat, hero_kind, target)


def _defend_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_DEFEND(gold=DEFEND_GOLD)


@ask("defend", "H3-39.1", _defend_q)
def _defend_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_DEFEND(gold=DEFEND_GOLD), "defend"), (m.OPT_DECLINE(), "decline")]


@_defend_options
def _defend_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    seat = int(st.data["attacker"])
    hero_kind = str(st.data["hero"])
    origin = (int(st.data["origin"][0]), int(st.data["origin"][1]))
    target = (int(st.data["target"][0]), int(st.data["target"][1]))
    defender = seat_of(st)
    FLOW.done(state, st)
    if pick == "decline":  # no combat, the attacker visits (flags) the field
        return [Event.to_all("h3_undefended", m.UNDEFENDED(seat=m.seat(defender)))] + enter(
            state, seat, hero_kind, target
        )
    pay(state.player(defender), {"gold": DEFEND_GOLD})
    return player_combat(state, seat, hero_kind, origin, target, defender, None, declared=True)


# ---- entering a field after a move or a won combat ---------------------------------------------------
def enter(state: ClashState, seat: int, hero_kind: str, pos: Coord) -> list[Event]:
    """Move the hero onto ``pos`` and visit it (H3-22.4), unless a friendly hero (your own or an
    ally's, H3-3.2.3) stands there (H3-9.4)."""
    p = state.player(seat)
    h = p.main if hero_kind == "main" else p.secondary
    if h is None:
        return []
    h.field = pos
    h.passing = h.came_from = None  # a field entered and resolved ends any passage (cards/map_cards.py)
    friends = [x for s, x in heroes_at(state, pos) if allied(state, seat, s) and x is not h]
    if friends:
        return []
    h.last_visited = pos
    return visits.visit(state, seat, hero_kind, pos)


@FLOW.auto("enter")
def _enter_step(state: ClashState, st: Step) -> list[Event]:
    pos = (int(st.data["pos"][0]), int(st.data["pos"][1]))
    return enter(state, seat_of(st), str(st.data["hero"]), pos)


# ---- the declaration window (P-36) ---------------------------------------------------------------------
@FLOW.window("declare", "build", "recruit", "hire", "spellbook", "trade", "town_pass")
def _declare_prompt(state: ClashState, st: Step, seat: int) -> Prompt:
    options = town.options(state, seat) + [Option.of(m.OPT_PASS(), {"type": "town_pass"})]
    return Prompt.ask(
        seat, f"{st.key}.{len(st.window.through) if st.window else 0}", "H3-10.3", m.ASK_DECLARE(), options=options
    )


@FLOW.applies("declare")
def _declare_apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    if action.type == "town_pass":
        return FLOW.answer_window(state, st, seat, {"type": "town_pass"}, responds=False)
    events = town.act(state, seat, action)
    more = town.any_action(state, seat)
    return events + FLOW.answer_window(state, st, seat, action.model_dump(), responds=True, final=not more)


# ---- after the combat (H3-37) --------------------------------------------------------------------------
@FLOW.auto("after_combat")
def _after(state: ClashState, st: Step) -> list[Event]:
    return settle(state)


def settle(state: ClashState) -> list[Event]:
    """H3-37: apply the finished combat's outcome to its players' seats (a side with no owner, the
    neutrals or an AI hero, is left to the caller) and clear the combat."""
    combat = state.combat
    pend = state.pending
    if combat is None or pend is None or combat.result is None or combat.result.consequences is None:
        state.combat, state.pending = None, None
        return []
    out = combat.result.consequences
    events: list[Event] = []
    follow: list[Step] = []
    for rec in out.sides:
        if rec.owner is None:
            continue
        p = state.player(rec.owner)
        side = combat.sides[rec.team]
        beaten = out.sides[1 - rec.team].result in ("lost", "surrendered")
        if out.outcome != "quick" and (rec.result == "won" or beaten):
            p.combat_won_turn = True  # a won combat, not a quick one: Necromancy's moment (H3-31, H3-37.9)
        p.army = list(rec.army)
        if rec.refill or not p.army:
            p.army = [a.model_copy() for a in p.starting_units]  # H3-26.5
        p.resources["gold"] = max(0, side.gold)
        p.morale = side.morale
        spend_rerolls(state, p, side)
        if rec.discard_hand:
            p.discard_hand_pending = True
        if side.deck is not None:
            restore_deck(state, p, side.deck)
            returned = side.last_spell
            if (
                effects.astrologer_steps(state, "first_spell_returns")
                and not p.spell_returned
                and returned in p.deck.discard
            ):
                p.deck.discard.remove(returned)  # Crazy Wizard: the first spell cast returns
                p.deck.hand.append(returned)
                p.spell_returned = True
                events.append(
                    Event.to_all(
                        "h3_spell_returns", m.SPELL_RETURNS(seat=m.seat(p.seat), card=cards.card_ref(state, returned))
                    )
                )
        permanent.collect_cloak(p, side.permanent_lost)  # after restore_deck, which rewrites the discard pile
        other = out.sides[1 - rec.team].owner
        if rec.faction_cubes and other is not None:
            p.cubes[other] = p.cubes.get(other, 0) + rec.faction_cubes
        if rec.team == 0:
            h = p.main if pend.hero == "main" else p.secondary
            if h is not None:
                spent = max(0, h.mp_left() - side.mp)
                used = min(spent, h.mp_turn)
                h.mp_turn -= used
                h.mp = max(0, h.mp - (spent - used))
        if rec.xp or rec.level_after:
            events += cards.gain_xp(state, p, rec.xp, rec.level_after)  # H3-38.4: before the visit
    # the defender first leaves the field, then the attacker enters it
    for rec in sorted(out.sides, key=lambda r: -r.team):
        if rec.owner is None:
            continue
        p = state.player(rec.owner)
        kind = pend.hero if rec.team == 0 else pend.defender_hero
        if kind is None:
            continue
        if rec.move == "removed":
            p.secondary = None  # H3-37.8 / H3-12.8
            winner = out.sides[1 - rec.team].owner
            if winner is not None and out.kind != "neutral":
                state.player(winner).secondaries_defeated += 1
            events.append(Event.to_all("h3_secondary_gone", m.SECONDARY_GONE(seat=m.seat(p.seat))))
        elif rec.move == "own_town":
            winner = out.sides[1 - rec.team].owner
            if winner is not None and rec.result == "lost" and out.kind != "neutral":
                state.player(winner).beat_main = True
            follow += _relocate(state, p, events, avoid=pend.target)
        elif rec.move == "visit" and rec.team == 0:
            if out.kind == "neutral":
                state.field(pend.target).cleared = True
            follow.append(FLOW.new(state, "enter", p.seat, pos=list(pend.target), hero=kind))
    cage.collect(state, combat)  # the Cage of Warlords' cubes not spent
    state.combat = None
    state.pending = None
    if follow:
        FLOW.push(state, *follow)
    if defended_own_town(state, pend):  # the Fortress Blood Obelisk: "instantly, after your town has been sieged"
        assert pend.defender is not None
        events += triggers.town_sieged(state, pend.defender)
    return events


def defended_own_town(state: ClashState, pend: Pending) -> bool:
    """The combat just fought was an attack on the defender's own faction town (a siege, H3-39, with or
    without walls) and the defender fought it, with a hero or with units alone (H3-39.1)."""
    if pend.defender is None or pend.defender == AI_SEAT:
        return False
    loc = location(state, pend.target)
    return loc is not None and loc.kind == "town" and loc.faction == state.player(pend.defender).faction


def _relocate(state: ClashState, p: Player, events: list[Event], avoid: Coord) -> list[Step]:
    """H3-37.6: a defeated main hero goes to one of its owner's towns or settlements (not the
    field just fought over, which the winner takes); with none left the player is eliminated
    (H3-5.3.2). A base where an ally's hero stands is used only when no other is free (as A-68
    for a hired hero): the two allied heroes are then forced together and the next MP parts them
    (H3-8.5, the seed's 同盟英雄 line); a base an enemy's hero holds is never offered."""

    def others(b: Coord) -> list[int]:
        return [s for s, _ in heroes_at(state, b) if s != p.seat]

    mine = [b for b in bases(state, p.seat) if b != avoid]
    spots = [b for b in mine if not others(b)] or [b for b in mine if all(allied(state, p.seat, s) for s in others(b))]
    if not spots:
        events += eliminate(state, p.seat, "H3-5.3.2")
        return []
    if len(spots) == 1:
        assert p.main is not None
        p.main.field = spots[0]
        p.main.last_visited = spots[0]
        return []
    return [new_ask(state, "relocate", p.seat, spots=[list(s) for s in spots])]


def _relocate_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_RELOCATE()


@ask("relocate", "H3-37.6", _relocate_q)
def _relocate_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_FIELD(q=int(s[0]), r=int(s[1])), f"{s[0]},{s[1]}") for s in st.data["spots"]]


@_relocate_options
def _relocate_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    q, r = (int(x) for x in pick.split(","))
    if p.main is not None:
        p.main.field = (q, r)
        p.main.last_visited = (q, r)
    return [Event.to_all("h3_relocated", m.RELOCATED(seat=m.seat(p.seat), q=q, r=r))]


@FLOW.after_step
def _astrologer_power(state: ClashState) -> list[Event]:
    """Grim Warlock, Blue Sky, Scorched Ground (A-10): +Power to the first spell of each combat
    round of a main hero (a house reading of "first spell each turn"; schools are not checked)."""
    combat = getattr(state, "combat", None)
    if combat is None or combat.round < 1 or combat.result is not None:
        return []
    bonus = sum(s.num("amount") for s in effects.astrologer_steps(state, "spell_power_bonus"))
    if not bonus:
        return []
    for side in combat.sides:
        if side.deck is not None and side.spells_cast == 0 and side.pending_power == 0 and side.bonus_power < bonus:
            side.bonus_power = bonus
    return []
