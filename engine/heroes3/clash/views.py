"""What each seat (or the table) may see (section H): hands only to their owner (H-1), no deck
order (H-2, H-5), face-down tiles as backs only (H-9), searched cards only to the searcher
(H-7); resources, production, buildings, tokens, MP, XP, morale, cubes and armies are public
(H-28, H-29)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..adventure import movement
from ..adventure.geometry import tile_fields
from ..cards import deck as cards
from ..cards import map_cards
from ..combat.models import AiDeck
from ..combat.views import public_attack, public_deck, public_side
from ..content.campaigns import campaigns
from ..content.clash import clash_content
from ..town import cage, discount
from .ally_trade import view as ally_offers_view
from .draft import view as draft_view
from .events import view as events_view
from .hero_choice import view as hero_choice_view
from .rounds import round_kind, vp
from .state import AI_SEAT, AiHero, ClashState, Hero, PlacedTile, Player


def _hero(h: Hero | None) -> dict[str, Any] | None:
    if h is None:
        return None
    # Pathfinding / Angel Wings: a hero standing on a field it passed into without resolving it (public:
    # the card was played face up and the move was made in view); it moves on or stops there (H3-9.4)
    passing = h.passing is not None and tuple(h.passing) == tuple(h.field)
    return {
        "field": list(h.field),
        "mp": h.mp,
        "mp_turn": h.mp_turn,
        "last_visited": list(h.last_visited),
        "passing": list(h.field) if passing else None,
        "came_from": list(h.came_from) if passing and h.came_from is not None else None,
    }


@cache
def _pass_cards() -> dict[str, tuple[str, str]]:
    """Which card (and effect) grants each kind of pass-through: the turn's mark names only the kind
    (adventure/movement.py ``pass_mark``), so the view names the printed card that gives it."""
    out: dict[str, tuple[str, str]] = {}
    for card in clash_content().cards.values():
        for mode, eff in (("basic", card.basic), ("expert", card.expert)):
            for st in eff.steps if eff is not None else ():
                if st.effect == "pass_through":
                    out.setdefault(st.word("what", "any"), (card.id, mode))
    return out


def _card_states(state: ClashState, p: Player) -> list[dict[str, Any]]:
    """What the cards this player played still leave pending (each was revealed when played,
    H3-13.2.2, so public): Logistics' end-of-turn move, a hero's pass-through this turn (Pathfinding,
    Angel Wings) and Diplomacy's expert effect (ongoing this turn only, H3-13.2.7: shown while the
    turn lasts), and Power waiting for the next spell cast on the map (H3-15.3 / A-20)."""
    out: list[dict[str, Any]] = []
    names = state.cards
    mine = state.active == p.seat
    for mark in p.turn_used:
        if mark.startswith(map_cards.LOGISTICS_MARK):
            inst = mark[len(map_cards.LOGISTICS_MARK) :]
            out.append({"kind": "logistics", "card": names.get(inst, "logistics")})
        elif mine and mark.startswith(movement.DIPLOMACY_MARK):
            inst = mark[len(movement.DIPLOMACY_MARK) :]
            out.append({"kind": "diplomacy", "card": names.get(inst, "diplomacy"), "level": p.level})
        elif mine and mark.startswith("pass:"):
            _, what, hero_kind = mark.split(":", 2)
            card, mode = _pass_cards().get(what, ("pathfinding", "basic"))
            out.append({"kind": "pass", "card": card, "mode": mode, "passes": what, "hero": hero_kind})
    if p.pending_power > 0:
        out.append({"kind": "power", "power": p.pending_power, "cards": [names[c] for c in p.power_cards]})
    extra = p.ballista_rounds.count(state.round)
    if extra:  # Torosar's Ballista IV: more Ballistas in the army's combats until the round ends
        out.append({"kind": "ballista", "card": "torosar_ballista_iv", "n": extra})
    return out


def _player(state: ClashState, p: Player) -> dict[str, Any]:
    names = state.cards
    return {
        "seat": p.seat,
        "faction": p.faction,
        "hero": p.hero,
        "level": p.level,
        "xp": p.xp,
        "hand_limit": cards.hand_limit(state, p),
        "expert_left": cards.expert_left(p),
        "hand_size": len(p.deck.hand),
        "deck_size": len(p.deck.draw.draw_pile),
        "discard": [names[c] for c in p.deck.discard],  # H-3 public
        "removed": [names[c] for c in p.deck.removed],  # H-4 public once removed
        "resources": dict(p.resources),
        "reserved": dict(p.reserved),  # H3-48.5: the gold pool's reserved pool (public)
        # H3-17 Legion artifacts: pending recruit discounts (the played card is public); H3-48.5 reminders
        "discounts": [{"card": names[d.card], "gold": d.gold} for d in discount.active(state, p)],
        "reminders": {
            e.card: [names[c] for c in (e.recruit_card, e.reinforce_card) if c]
            for e in p.pool_units
            if e.recruit_card or e.reinforce_card
        },
        "production": dict(p.production),
        "buildings": list(p.buildings),
        "tokens_used": list(p.tokens_used),
        "army": [a.model_dump() for a in p.army],
        "main": _hero(p.main),
        "secondary": _hero(p.secondary),
        "morale": p.morale,
        "discard_hand_pending": p.discard_hand_pending,
        "cubes": {str(k): v for k, v in p.cubes.items()},
        "no_base_rounds": p.no_base_rounds,
        "eliminated": p.eliminated,
        "far_supply": len(p.far_supply),  # H-9: the count only
        "searching": len(p.searching),
        "grail": p.grail,
        "permanent": state.cards[p.permanent] if p.permanent is not None else None,  # H3-13.2.7: public
        "cage": cage.view(p),  # the Fortress Cage's / Inferno Stormclouds' faction cubes (public, town/cage.py)
        "pending_power": p.pending_power,
        "card_states": _card_states(state, p),  # played cards' pending effects (public: revealed when played)
        "vp": vp(state, p.seat) if state.mode == "tournament" else None,
    }


def _combat(state: ClashState) -> dict[str, Any] | None:
    combat = state.combat
    if combat is None:
        return None
    sides = []
    for side in combat.sides:
        out = public_side(side)
        if side.deck is not None:
            out |= public_deck(side.deck)
        sides.append(out)
    return {
        "kind": combat.kind,
        "round": combat.round,
        "active": combat.active,
        "time_limit": combat.time_limit,
        "field_level": combat.field_level,
        "sides": sides,
        "units": [u.model_dump(mode="json") for u in combat.units],
        "structures": [s.model_dump() for s in combat.structures],
        "attack": public_attack(combat.attack),
    }


def _ai_hero(a: AiHero) -> dict[str, Any]:
    """An AI hero as everyone sees it (H3-41.1): ``hero`` is the printed hero board it is shown as
    (named through a ``Ref``), its army public like a player's (H-28); its AI deck only by key."""
    return {
        "id": a.id,
        "hero": a.hero,
        "field": list(a.field),
        "last_visited": list(a.last_visited),
        "mp": a.mp,
        "army": [c.model_dump() for c in a.army],
        "shared": [c.model_dump() for c in a.shared],  # H3-41.2: joins its army when its combat begins
        "deck": a.deck,
        "defeated": a.defeated,
    }


def _ai_deck(d: AiDeck) -> dict[str, Any]:
    """An AI hero's decks as counts only (H3-41.6 ⟦H: hidden from all⟧): which AI cards and spells are
    left and in which order is nobody's to see; the set-aside skill is the scenario's (public)."""
    return {
        "cards": len(d.cards.draw_pile),
        "discarded": len(d.cards.discard_pile),
        "spells": len(d.spells.draw_pile),
        "spells_discarded": len(d.spells.discard_pile),
        "waiting": len(d.waiting),
        "skill": d.skill,
    }


def _ai(state: ClashState) -> dict[str, Any] | None:
    """The AI enemy of a Cooperative game (H3-3.2.4), or None: its faction, town, heroes, the fields it
    has flagged (``FieldState.flag`` ``AI_SEAT``, no seat) and its decks as counts."""
    if state.mode != "cooperative" or state.ai_faction is None:
        return None
    return {
        "faction": state.ai_faction,
        "town": list(state.ai_town) if state.ai_town is not None else None,
        "heroes": [_ai_hero(a) for a in state.ai_heroes],
        "flagged": sorted(k for k, fs in state.fields.items() if fs.flag == AI_SEAT),
        "decks": {k: _ai_deck(d) for k, d in state.ai_decks.items()},
    }


def _campaign(state: ClashState) -> dict[str, Any] | None:
    """A solo campaign's progress, public (H3-3.2.2): which campaign, the scenario's place in its chain
    and how many were won. The recorded deck and the cards picked between scenarios are the player's
    own deck (H3-44.2, H3-44.3): never here."""
    camp = state.campaign
    if camp is None:
        return None
    total = len(campaigns()[camp.id].scenarios)
    return {"id": camp.id, "scenario": camp.index + 1, "total": total, "won": camp.won}


def ai_secrets(state: ClashState) -> set[str]:
    """What of the AI decks is hidden from all (H3-41.6): each AI card and AI spell instance still in a
    draw pile, quoted as a view's JSON would carry it, for the leak checks (``Clash.secrets``). A drawn
    card is public (H3-41 ⟦H⟧), though the view shows the discard piles as counts too."""
    decks = list(state.ai_decks.values())
    if state.combat is not None:
        decks += [side.ai for side in state.combat.sides if side.ai is not None]
    out: set[str] = set()
    for d in decks:
        for pile in (d.cards.draw_pile, d.spells.draw_pile):
            out |= {f'"{c}"' for c in pile}
    return out


def _tile(t: PlacedTile) -> dict[str, Any]:
    """A tile as everyone sees it: a face-down tile is its back (kind) only (H-9); a face-up one
    lists its fields on the map (hex, location, guard numeral) for pictures and menus."""
    out: dict[str, Any] = {"centre": list(t.centre), "kind": t.kind, "face_up": t.face_up}
    if t.face_up:
        spec = clash_content().tiles[t.tile]
        out["tile"] = t.tile
        out["rotation"] = t.rotation
        out["fields"] = [
            {"hex": list(pos), "index": i, "location": spec.field(i).location, "guard": spec.field(i).guard}
            for i, pos in enumerate(tile_fields(t))
        ]
    return out


def _team_choice(state: ClashState, seat: int | None) -> dict[str, Any] | None:
    """A team's secret order choice (H3-7.8): everyone sees who has locked in, a member also its own
    answer, nobody another's before all have locked in (it is resolved at that moment)."""
    c = state.team_choice
    if c is None:
        return None
    return c.private(seat) if seat is not None and seat in c.seats else c.public()


def view(state: ClashState, seat: int | None) -> dict[str, Any]:
    names = state.cards
    out: dict[str, Any] = {
        "game": "heroes3",
        "mode": state.mode,
        "teams": [list(team) for team in state.teams],  # H3-3.2.3: who plays with whom is public
        "scenario": state.scenario,
        "difficulty": state.difficulty,
        "variants": list(state.variants),  # H3-48.8 rows agreed at setup: public
        "round": state.round,
        "round_limit": state.round_limit,
        "round_kind": round_kind(state.round),
        "starting": state.starting,
        "active": state.active,
        "astrologer": state.astrologer,
        # the card in force stays face up, so what it does is public too (English; ``text_ref`` it)
        "astrologer_text": clash_content().astrologers[state.astrologer].text if state.astrologer else None,
        "astrologer_deck": {"size": len(state.astrologers.draw_pile), "discard": list(state.astrologers.discard_pile)},
        "war_machines": list(state.war_machines),  # H3-6.32: the face-up pile, public
        "empowered": list(state.empowered),  # [EXP: Inferno] H3-6.28: the empowered statistic cards, face up
        # [EXP: Fortress] H-12: the event deck's size (never its order), the face-up event, who draws next
        "events": events_view(state),
        "tiles": [_tile(t) for t in state.tiles],
        "fields": {
            k: v.model_dump(exclude_defaults=True)
            for k, v in state.fields.items()
            if v.model_dump(exclude_defaults=True)
        },
        "players": [_player(state, p) for p in state.seats],
        "decks": {
            k: {"size": len(d.draw_pile), "discard": [names[c] for c in d.discard_pile]} for k, d in state.decks.items()
        },
        "neutral_decks": {t: d.public() for t, d in state.neutral_decks.items()},
        "pools": {k: len(v) for k, v in state.pools.items() if k in ("near", "far")},
        "combat": _combat(state),
        "pending": state.pending.model_dump(mode="json") if state.pending else None,
        "met": list(state.met),
        "winners": state.winners,
        "end_reason": state.end_reason,
        "grail_taken": state.grail_taken,
        "draft": draft_view(state, seat),  # H3-48.3: counts for all; the cards to their holder only
        "ally_offers": ally_offers_view(state, seat),  # H3-43.3: a swap's cards to its two traders only (H-27)
        "team_order": state.team_order,  # H3-7.8: how teams settle their order (a table option)
        "team_choice": _team_choice(state, seat),  # H3-7.8: who has locked in; a member's own answer only
        "hero_choice": hero_choice_view(state, seat),  # H3-6.3 (P-3): who has locked in; a seat's own pick only
        "ai": _ai(state),  # H3-3.2.4: the AI enemy, its decks as counts only (H3-41.6)
        "campaign": _campaign(state),  # H3-3.2.2: where in the chain; never the recorded deck (H3-44.3)
    }
    if seat is not None and 0 <= seat < len(state.seats):
        p = state.player(seat)
        hand = p.deck.hand
        if state.combat is not None:
            for side in state.combat.sides:
                if side.owner == seat and side.deck is not None:
                    hand = side.deck.hand
        out["you"] = {
            "seat": seat,
            "hand": [{"id": c, "card": names[c]} for c in hand],  # H-1: the owner only
            "searching": [{"id": c, "card": names[c]} for c in p.searching],  # H-7
        }
    return out
