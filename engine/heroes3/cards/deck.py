"""The player's Might & Magic deck and the shared decks (H3-13): drawing, the hand limit, Search,
levels and experience (H3-12.9..12.12) and morale tokens (H3-11).

Why one module: each of these moves cards between hidden zones, and keeping the moves together
makes conservation (every instance in exactly one zone) easy to see. Entry points:
``draw``, ``hand_limit``, ``expert_left``, ``shared_draw``, ``start_search``, ``gain_xp``,
``gain_morale``, ``lose_morale``; the decision step ``search`` is registered on ``FLOW``.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Event, Option, Prompt
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..adventure.geometry import tile_at
from ..clash import messages as m
from ..clash.asks import ask, push_ask
from ..clash.common import need
from ..clash.flow import FLOW, seat_of
from ..clash.state import ClashState, Coord, Player
from ..content.clash import clash_content
from . import messages as cm

DECKS: tuple[str, ...] = ("ability", "artifact", "spell")
# H3-48.4: with the split-deck variant the artifact and spell decks become these five, by rank / level
SPLIT_DECKS: dict[str, tuple[str, ...]] = {
    "artifact": ("artifact_minor", "artifact_major", "artifact_relic"),
    "spell": ("spell_basic", "spell_expert"),
}
MAX_XP = 12  # H3-12.9: level VII; more XP has no effect


def card_ref(state: ClashState, inst: str) -> Ref:
    return Ref(kind="card", id=state.cards[inst])


def hand_limit(state: ClashState, p: Player) -> int:
    """H3-12.11 by level, plus an astrologer card in force that raises it (A-10)."""
    base = clash_content().level(p.level).hand_limit
    card = clash_content().astrologers.get(state.astrologer or "")
    if card is not None:
        base += sum(s.num("amount") for s in card.steps if s.effect == "hand_limit")
    return base


def expert_left(p: Player) -> int:
    """H3-12.12: expert uses per round by level, minus those spent."""
    return max(0, clash_content().level(p.level).expert_uses - p.expert_used)


# H3-48.4 table: how many of a kind's split decks a hero on a tile of each back may use, in order
# (I and II-III: minor / basic; IV-V: + major / expert; VI-VII: + relic)
SPLIT_REACH: dict[str, int] = {"starting": 1, "far": 1, "near": 2, "centre": 3}


def artifact_decks(state: ClashState) -> tuple[str, ...]:
    """The shared artifact deck(s) of this game: three under the split-deck variant (H3-48.4)."""
    return SPLIT_DECKS["artifact"] if state.variant("split_decks") else ("artifact",)


def deck_choices(state: ClashState, seat: int, kind: str, at: Coord | None = None) -> list[str]:
    """The shared decks a gain of ``kind`` may come from (H3-48.4): all of a kind but artifact and
    spell is its one deck; split, it depends on the tile the hero stands on: ``at`` for a map
    location, else the main hero's position (a gain not from a map location)."""
    if not state.variant("split_decks") or kind not in SPLIT_DECKS:
        return [kind]
    if at is None:
        main = state.player(seat).main
        at = main.field if main is not None else None
    found = tile_at(state, at) if at is not None else None
    reach = SPLIT_REACH.get(found[0].kind, 1) if found is not None else 1
    return list(SPLIT_DECKS[kind][:reach])


def home_deck(state: ClashState, inst: str) -> str | None:
    """The shared deck a card instance belongs to (A-48): its kind's deck, or under the split-deck
    variant its rank's or level's deck (H3-48.4); ``None`` for cards no shared deck holds."""
    card = clash_content().cards[state.cards[inst]]
    if card.kind not in DECKS:
        return None
    if state.variant("split_decks") and card.kind == "artifact" and card.rank is not None:
        return f"artifact_{card.rank}"
    if state.variant("split_decks") and card.kind == "spell" and card.spell_level is not None:
        return f"spell_{card.spell_level}"
    return card.kind


def gain_card(state: ClashState, p: Player, inst: str) -> None:
    """H3-13.2.4: a gained card goes straight to the hand; under the H3-48.8 row "cards that would
    go to your hand go to your discard pile instead" it goes to the (public, H-3) discard pile.
    A gain is not a discard, so the chaos deck (H3-48.1) leaves such a card where it lands."""
    if state.variant("gains_to_discard"):
        p.deck.discard.append(inst)
        p.chaos_settled.append(inst)
        return
    p.deck.hand.append(inst)


def draw(state: ClashState, p: Player, n: int) -> list[Event]:
    """Draw ``n``; an empty deck is refilled from the personal discard pile (H3-13.2.3); with both
    empty the draw simply fails (Rec.). Under the chaos deck the discards are replaced first, so no
    discarded card slips back into the deck by the reshuffle (H3-48.1)."""
    got: list[str] = []
    chaos: list[Event] = []
    deck = p.deck
    for _ in range(n):
        if not deck.draw.draw_pile and deck.discard:
            chaos += settle_chaos(state, p)
            deck.draw.draw_pile.extend(deck.discard)
            deck.discard.clear()
            deck.draw.shuffle(state.rng)
        if not deck.draw.draw_pile:
            break
        got.append(deck.draw.draw_pile.pop(0))
    deck.hand.extend(got)
    if not got:
        return chaos
    return chaos + [
        Event.to_all("h3_drew", m.DREW(seat=m.seat(p.seat), n=len(got)), seat=p.seat, n=len(got)),
        Event.to_seats(
            p.seat, "h3_you_drew", m.YOU_DREW(cards=[card_ref(state, c) for c in got]), reveals=True, cards=got
        ),
    ]


def discard(p: Player, inst: str) -> None:
    p.deck.hand.remove(inst)
    p.deck.discard.append(inst)  # H3-13.2.2: the personal discard pile


def remove(state: ClashState, p: Player, inst: str) -> None:
    """H3-13.2.8: out of the game. Tournament keeps removed artifacts aside for VP (H3-45.4.3)."""
    p.deck.hand.remove(inst)
    p.deck.removed.append(inst)
    if state.mode == "tournament" and clash_content().cards[state.cards[inst]].kind == "artifact":
        p.removed_artifacts.append(inst)


# ---- shared decks (H3-13.2.5, H3-13.2.6) -------------------------------------------------------------
def refill_discard(state: ClashState, name: str) -> None:
    """H3-13.2.6: an empty shared discard pile is refilled with the top card of its deck."""
    deck = state.decks[name]
    if not deck.discard_pile and deck.draw_pile:
        deck.discard_pile.append(deck.draw_pile.pop(0))


def shared_draw(state: ClashState, name: str, n: int) -> list[str]:
    """Draw ``n`` from a shared deck; a deck that runs out takes its discards, reshuffled, and
    turns its new top card up as the new discard pile (H3-13.2.6)."""
    deck = state.decks[name]
    out: list[str] = []
    for _ in range(n):
        if not deck.draw_pile:
            if not deck.discard_pile:
                break
            deck.reshuffle_all(state.rng)
            deck.discard_pile.append(deck.draw_pile.pop(0))
            if not deck.draw_pile:
                break
        out.append(deck.draw_pile.pop(0))
    return out


# ---- the chaos deck (H3-48.1) ---------------------------------------------------------------------------
def settle_chaos(state: ClashState, p: Player) -> list[Event]:
    """H3-48.1: every card discarded to ``p``'s pile since the last settling is removed and the top
    card of its shared deck (A-48) goes face up to the discard pile instead; statistic and specialty
    cards stay. Why one settling pass rather than a hook at each discard: cards reach the pile from
    many places (the map, the combat, end-of-turn discards), and a Knowledge card's recalled spell
    is then already gone, as the rule says. Cards that arrive without a discard (a replacement, a
    gain under the H3-48.8 row) are marked settled and stay. All of it is public (H-3)."""
    if not state.variant("chaos_deck") or in_combat(state, p):
        return []
    events: list[Event] = []
    settled = set(p.chaos_settled)
    for inst in [c for c in p.deck.discard if c not in settled]:
        name = home_deck(state, inst)
        kind = clash_content().cards[state.cards[inst]].kind
        if kind in ("statistic", "specialty"):
            continue
        p.deck.discard.remove(inst)
        p.deck.removed.append(inst)
        if state.mode == "tournament" and kind == "artifact":  # H3-45.4.3: a removed artifact, kept for VP
            p.removed_artifacts.append(inst)
        got = shared_draw(state, name, 1) if name is not None else []
        if name is not None:
            refill_discard(state, name)
        if not got:  # no shared deck (or an empty one): removed with no replacement
            events.append(
                Event.to_all("h3_chaos_removed", m.CHAOS_REMOVED(seat=m.seat(p.seat), card=card_ref(state, inst)))
            )
            continue
        p.deck.discard.append(got[0])
        events.append(
            Event.to_all(
                "h3_chaos",
                m.CHAOS_SWAP(
                    seat=m.seat(p.seat),
                    card=card_ref(state, inst),
                    new=card_ref(state, got[0]),
                    deck=Ref(kind="h3_deck", id=name or ""),
                ),
                seat=p.seat,
                removed=inst,
                added=got[0],
            )
        )
    p.chaos_settled = list(p.deck.discard)
    return events


def in_combat(state: ClashState, p: Player) -> bool:
    """Whether a combat holds ``p``'s live deck: the combat plays on its own copy and hands it back
    when it ends (encounters), so the chaos deck settles that player's discards then."""
    combat = state.combat
    return combat is not None and any(s.owner == p.seat and s.deck is not None for s in combat.sides)


def settle_all(state: ClashState) -> list[Event]:
    """The chaos deck's settling for every player (H3-48.1), run after each applied action."""
    if not state.variant("chaos_deck"):
        return []
    return [e for p in state.seats for e in settle_chaos(state, p)]


def start_search(state: ClashState, seat: int, deck: str, x: int, front: bool = True, at: Coord | None = None) -> Step:
    """Queue a Search (X) of a shared deck for ``seat`` (H3-13.2.5). Under the split-deck variant an
    artifact or spell Search first asks which available deck, if several (H3-48.4): ``at`` is the
    map location's field, none for a gain not from a map location (the main hero's position)."""
    choices = deck_choices(state, seat, deck, at)
    if len(choices) > 1:
        st = FLOW.new(state, "search", seat, deck=deck, decks=choices, x=x, phase="deck")
    else:
        st = FLOW.new(state, "search", seat, deck=choices[0], x=x, phase="choose")
    if front:
        FLOW.push(state, st)
    return st


@FLOW.decision("search", "search")
def _search_prompts(state: ClashState, st: Step) -> list[Prompt]:
    seat = seat_of(st)
    p = state.player(seat)
    name = str(st.data["deck"])
    if st.data["phase"] == "deck":  # H3-48.4: which split deck, in the open
        options = [
            Option.of(m.OPT_SPLIT_DECK(deck=Ref(kind="h3_deck", id=d)), {"type": "search", "choice": "deck", "deck": d})
            for d in st.data["decks"]
        ]
        return [Prompt.ask(seat, f"{st.key}.d", "H3-48.4", m.ASK_SPLIT_DECK(n=int(st.data["x"])), options=options)]
    deck = state.decks[name]
    if st.data["phase"] == "pick":
        options = [
            Option.of(m.OPT_KEEP(card=card_ref(state, c)), {"type": "search", "choice": "keep", "card": c})
            for c in p.searching
        ]
        return [Prompt.ask(seat, f"{st.key}.p", "H3-13.2.5", m.ASK_SEARCH_KEEP(), options=options, secret=True)]
    options = []
    if deck.draw_pile or len(deck.discard_pile) > 1:  # a lone discard is turned up again (H3-13.2.6)
        options.append(Option.of(m.OPT_SEARCH_LOOK(n=int(st.data["x"])), {"type": "search", "choice": "look"}))
    if deck.discard_pile:
        top = Ref(kind="card", id=state.cards[deck.discard_pile[-1]])
        options.append(Option.of(m.OPT_SEARCH_DISCARD(card=top), {"type": "search", "choice": "discard"}))
    options.append(Option.of(m.OPT_SKIP(), {"type": "search", "choice": "skip"}))
    options += [  # Scouting, played first (its own effect: the Search grows)
        Option.of(
            cm.OPT_SCOUT(card=card_ref(state, inst), mode=m.play_mode("expert" if expert else "basic"), n=n),
            {"type": "search", "choice": "scout", "card": inst, "expert": expert},
        )
        for inst, expert, n in scouting(state, p, st)
    ]
    deck_ref = Ref(kind="h3_deck", id=name)
    return [Prompt.ask(seat, st.key, "H3-13.2.5", m.ASK_SEARCH(deck=deck_ref, n=int(st.data["x"])), options=options)]


@FLOW.applies("search")
def _search_apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    p = state.player(seat)
    if st.data["phase"] == "deck":
        need(action.choice == "deck" and action.deck in st.data["decks"], "H3-48.4", m.NOT_OFFERED())
        st.data["deck"] = action.deck
        st.data["phase"] = "choose"
        return [
            Event.to_all(
                "h3_split_deck", m.SPLIT_DECK_CHOSEN(seat=m.seat(seat), deck=Ref(kind="h3_deck", id=action.deck))
            )
        ]
    name = str(st.data["deck"])
    deck = state.decks[name]
    deck_ref = Ref(kind="h3_deck", id=name)
    if st.data["phase"] == "pick":
        need(action.choice == "keep" and action.card in p.searching, "H3-13.2.5", m.NOT_SEEN())
        rest = [c for c in p.searching if c != action.card]
        p.searching = []
        gain_card(state, p, action.card)
        deck.discard(*rest)  # the others go face up onto the deck's discard pile
        FLOW.done(state, st)
        offer_foreign(state, p, action.card, name)
        names = [Ref(kind="card", id=state.cards[c]) for c in rest]
        return [
            Event.to_all("h3_search_kept", m.SEARCH_KEPT(seat=m.seat(seat), deck=deck_ref, cards=names)),
            Event.to_seats(seat, "h3_you_kept", m.YOU_KEPT(card=card_ref(state, action.card)), reveals=True),
        ]
    if action.choice == "scout":
        return _scout(state, st, p, action)
    need(action.choice in ("look", "discard", "skip"), "H3-13.2.5", m.NOT_OFFERED())
    if action.choice == "skip":
        FLOW.done(state, st)
        return []
    if action.choice == "discard":
        need(bool(deck.discard_pile), "H3-13.2.5", m.EMPTY_DISCARD())
        inst = deck.discard_pile.pop()
        gain_card(state, p, inst)
        refill_discard(state, name)
        FLOW.done(state, st)
        return [
            Event.to_all("h3_search_took", m.SEARCH_TOOK(seat=m.seat(seat), card=card_ref(state, inst), deck=deck_ref))
        ]
    seen = shared_draw(state, name, int(st.data["x"]))
    need(bool(seen), "H3-13.2.5", m.EMPTY_DECK())
    p.searching = seen
    refill_discard(state, name)
    st.data["phase"] = "pick"
    return [
        Event.to_all("h3_search_looks", m.SEARCH_LOOKS(seat=m.seat(seat), deck=deck_ref, n=len(seen))),
        Event.to_seats(
            seat, "h3_you_see", m.YOU_SEE(cards=[card_ref(state, c) for c in seen]), reveals=True, cards=seen
        ),
    ]


def scouting(state: ClashState, p: Player, st: Step) -> list[tuple[str, bool, int]]:
    """Scouting cards ``p`` may play before this Search (card, expert, new size): in the owner's turn
    (H3-13.2.1), before looking (one per Search, house), only where it makes the Search larger, and the
    expert effect only with an expert use left (H3-12.12)."""
    if state.active != p.seat or st.data.get("scouted"):
        return []
    out: list[tuple[str, bool, int]] = []
    for inst in p.deck.hand:
        card = clash_content().cards[state.cards[inst]]
        for expert, eff in ((False, card.basic), (True, card.expert)):
            if eff is None or (expert and expert_left(p) < 1):
                continue
            n = max((s.num("x") for s in eff.steps if s.effect == "scouting"), default=0)
            if n > int(st.data["x"]):
                out.append((inst, expert, n))
    return out


def _scout(state: ClashState, st: Step, p: Player, action: Any) -> list[Event]:
    """Scouting played before the Search: revealed and discarded (H3-13.2.2), the expert effect
    spends an expert use (H3-12.12), and the Search becomes Search (3) or (5); then it is asked again."""
    found = [t for t in scouting(state, p, st) if t[0] == action.card and t[1] == bool(action.expert)]
    if not found and bool(action.expert) and expert_left(p) < 1 and action.card in p.deck.hand:
        need(False, "H3-12.12", m.NO_EXPERT_USES())
    need(bool(found), "H3-13.2.5", cm.NO_SCOUTING())
    inst, expert, n = found[0]
    discard(p, inst)
    if expert:
        p.expert_used += 1
    st.data["x"] = n
    st.data["scouted"] = True
    mode = m.play_mode("expert" if expert else "basic")
    return [Event.to_all("h3_scouted", cm.SCOUTED(seat=m.seat(p.seat), card=card_ref(state, inst), mode=mode, n=n))]


@FLOW.sampler("search")
def _search_sample(state: ClashState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    opts = _search_prompts(state, st)[0].options
    return dict(rng.choice(opts[:2] if len(opts) > 1 else opts).action)


# ---- experience and levels (H3-12.9, H3-12.10, H3-38) ---------------------------------------------
def gain_xp(state: ClashState, p: Player, n: int, level_to: int | None = None) -> list[Event]:
    """Move the level cube; every level reached resolves at once, in order (H3-12.9, H3-38.4):
    II, III, V, VII Search (2) the ability deck; IV and VI give that level's specialty card."""
    c = clash_content()
    old = p.level
    p.xp = min(MAX_XP, p.xp + n)
    if level_to is not None:
        p.xp = max(p.xp, c.level(level_to).xp)  # H3-38.2: azure neutrals raise the hero to VII
    p.level = c.level_for_xp(p.xp)
    events: list[Event] = []
    if n:
        events.append(Event.to_all("h3_xp_gained", m.XP_GAINED(seat=m.seat(p.seat), n=n, xp=p.xp)))
    steps: list[Step] = []
    for level in range(old + 1, p.level + 1):
        events.append(Event.to_all("h3_level_up", m.LEVEL_UP(seat=m.seat(p.seat), level=level)))
        if c.level(level).effect == "search_ability":
            steps.append(start_search(state, p.seat, "ability", 2, front=False))
        else:
            card = c.heroes[p.hero].specialty_cards.get(level)
            if card is not None:
                gain_card(state, p, state.new_card(card))
                events.append(Event.to_all("h3_specialty", m.SPECIALTY_GAINED(seat=m.seat(p.seat), level=level)))
    if steps:
        FLOW.push(state, *steps)
    return events


# ---- morale tokens (H3-11) --------------------------------------------------------------------------
def gain_morale(state: ClashState, p: Player) -> list[Event]:
    """H3-11.1: at most one positive token; a negative one is discarded instead; H3-11.5:
    Necropolis never gains or loses morale. Holding one, the player may first spend it (P-38)."""
    if p.faction == "necropolis":
        return []
    if p.morale < 0:
        p.morale = 0
        p.discard_hand_pending = False
    elif p.morale == 0:
        p.morale = 1
    else:
        push_ask(state, "morale_first", p.seat)
        return []
    return [Event.to_all("h3_morale", m.MORALE_NOW(seat=m.seat(p.seat), morale=p.morale))]


def lose_morale(state: ClashState, p: Player) -> list[Event]:
    """H3-11.3; H3-11.4: a second negative token is not taken, the hand is discarded at the end
    of the next turn instead (A-15: the penalty does not stack)."""
    if p.faction == "necropolis":
        return []
    if p.morale > 0:
        p.morale = 0
    elif p.morale == 0:
        p.morale = -1
    else:
        p.discard_hand_pending = True
    return [Event.to_all("h3_morale", m.MORALE_NOW(seat=m.seat(p.seat), morale=p.morale))]


def is_foreign(state: ClashState, p: Player, inst: str) -> bool:
    """H3-14.3: a faction-only card (Necromancy) in the hand of a player of another faction."""
    owner = clash_content().cards[state.cards[inst]].faction_only
    return owner is not None and owner != p.faction


def offer_foreign(state: ClashState, p: Player, inst: str, deck: str) -> None:
    """H3-14.3 (P-25): a faction-only card just drawn unseen from a shared deck by a player of
    another faction: ask to keep it or discard it and draw a replacement. A card taken knowingly
    from a discard pile's face-up top is the player's own choice and gets no question (house)."""
    if is_foreign(state, p, inst) and inst in p.deck.hand:  # not one gained to the discard pile (H3-48.8)
        push_ask(state, "foreign_card", p.seat, card=inst, deck=deck)


def _foreign_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_FOREIGN(card=card_ref(state, str(st.data["card"])))


@ask("foreign_card", "H3-14.3", _foreign_q, secret=True)
def _foreign_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_KEEP_IT(), "keep"), (m.OPT_REDRAW(), "redraw")]


@_foreign_options
def _foreign_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """H3-14.3: another faction's card drawn from a shared deck: keep it (it can never be played)
    or discard it and draw a replacement (the replacement is private)."""
    if pick == "keep":
        return []
    p = state.player(seat_of(st))
    inst = str(st.data["card"])
    name = str(st.data["deck"])
    p.deck.hand.remove(inst)
    state.decks[name].discard(inst)
    events = [Event.to_all("h3_discarded", m.DISCARDED(seat=m.seat(p.seat), card=card_ref(state, inst)))]
    got = shared_draw(state, name, 1)
    refill_discard(state, name)
    if got:
        gain_card(state, p, got[0])
        events.append(Event.to_seats(p.seat, "h3_you_drew", m.YOU_DREW(cards=[card_ref(state, got[0])]), reveals=True))
        if is_foreign(state, p, got[0]):  # the replacement may be another faction card: ask again
            st.data["card"] = got[0]
            st.data["again"] = True
    return events


def _morale_first_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_MORALE_FIRST()


@ask("morale_first", "H3-11.1", _morale_first_q)
def _morale_first_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_MORALE_DRAW(), "spend"), (m.OPT_LOSE_NEW(), "lose")]


@_morale_first_options
def _morale_first_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """H3-11.1 (P-38): spend the held token (draw a card, H3-11.2.1) before the new one arrives, or
    lose the new one."""
    p = state.player(seat_of(st))
    if pick == "lose":
        return [Event.to_all("h3_morale_lost_extra", m.MORALE_EXTRA(seat=m.seat(p.seat)))]
    events = [Event.to_all("h3_morale_spent", m.MORALE_SPENT(seat=m.seat(p.seat)))] + draw(state, p, 1)
    p.morale = 1
    return events


# ---- one artifact draw from a chosen deck (the H3-48.8 trading post; H3-48.4 split decks) ----------------
def artifact_draw(state: ClashState, seat: int, name: str, by_card: bool = False) -> list[Event]:
    """The free-trade row's trading-post bonus (or, ``by_card``, a card's draw of the top artifact: Tazar's
    War Hero VI): 1 artifact card from the shared deck ``name`` to the hand (H3-13.2.6); which card is
    known only to the drawer (H-1), as any draw."""
    p = state.player(seat)
    got = shared_draw(state, name, 1)
    refill_discard(state, name)
    if not got:
        return []
    gain_card(state, p, got[0])
    offer_foreign(state, p, got[0], name)
    said = cm.ARTIFACT_DRAWN(seat=m.seat(seat)) if by_card else m.POST_ARTIFACT(seat=m.seat(seat))
    return [
        Event.to_all("h3_post_artifact", said),
        Event.to_seats(seat, "h3_you_drew", m.YOU_DREW(cards=[card_ref(state, got[0])]), reveals=True),
    ]


def _split_draw_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_SPLIT_DRAW()


@ask("split_draw", "H3-48.4", _split_draw_q)
def _split_draw_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_SPLIT_DECK(deck=Ref(kind="h3_deck", id=d)), str(d)) for d in st.data["decks"]]


@_split_draw_options
def _split_draw_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """H3-48.4: the artifact draw from the split deck the player chose among those in reach."""
    return artifact_draw(state, seat_of(st), pick, by_card=bool(st.data.get("by_card")))
