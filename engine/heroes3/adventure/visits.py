"""Visiting and flagging fields (H3-22.4, H3-22.5, H3-50): black cubes, faction cubes, mines,
settlements, towns, and which fields are still guarded (H3-22.6, A-24).

Entry points: ``guarded(state, pos)`` and ``visit(state, seat, hero_kind, pos)``.
"""

from __future__ import annotations

from engine.core import Event
from engine.core.text import Ref

from ..cards import deck as cards
from ..clash import messages as m
from ..clash.asks import push_ask
from ..clash.common import allied, gain, town_owner
from ..clash.state import AI_SEAT, ClashState, Coord, FieldState
from ..content.clash import STEP, Location, clash_content
from ..coop import gifts
from ..coop import messages as coop_m
from . import effects
from .geometry import location, printed


def guarded(state: ClashState, pos: Coord) -> int | None:
    """The field's difficulty if its guard still stands (H3-22.6): a flaggable field once flagged,
    a visitable one with a black cube, or any field whose guard was beaten is unguarded (A-24)."""
    f = printed(state, pos)
    if f is None or f.guard is None:
        return None
    fs = state.peek_field(pos)
    if fs is not None and (fs.cleared or fs.black or fs.ever_flagged or fs.flags):
        return None
    return f.guard


def visit(state: ClashState, seat: int, hero_kind: str, pos: Coord) -> list[Event]:
    """H3-22.4/H3-22.5: resolve the field the hero just entered."""
    loc = location(state, pos)
    if loc is None or loc.category in ("empty", "blocked"):
        return []
    fs = state.field(pos)
    source = m.LOCATION(loc=Ref(kind="h3_location", id=loc.id))
    if free_trade_post(state, loc):
        if fs.black:
            return []  # H3-22.5.1, as any visitable field
        fs.black = True
        gifts.offer_gifts(state, seat, loc)  # H3-43.2.1, asked after the visit's choice
        effects.push_choices(state, seat, hero_kind, source, loc.choices, loc.optional)
        return [
            Event.to_all("h3_visit", m.VISITED(seat=m.seat(seat), loc=Ref(kind="h3_location", id=loc.id)))
        ] + _post_artifact(state, seat, pos)
    if loc.category == "visitable":
        if fs.black:
            return []  # H3-22.5.1: with a black cube it counts as an empty field
        fs.black = True
        effects.push_choices(state, seat, hero_kind, source, loc.choices, loc.optional)
        return [Event.to_all("h3_visit", m.VISITED(seat=m.seat(seat), loc=Ref(kind="h3_location", id=loc.id)))]
    if loc.category == "revisitable":
        gifts.offer_gifts(state, seat, loc)  # H3-43.2.1, asked after the visit's choice
        effects.push_choices(state, seat, hero_kind, source, loc.choices, loc.optional)
        return [Event.to_all("h3_visit", m.VISITED(seat=m.seat(seat), loc=Ref(kind="h3_location", id=loc.id)))]
    return flag(state, seat, hero_kind, pos, loc)


def free_trade_post(state: ClashState, loc: Location) -> bool:
    """Under the H3-48.8 free-trade row a trading post is visitable (one visit, a black cube),
    not revisitable (H3-43.1, H3-22.5.3)."""
    return loc.id == "trading_post" and state.variant("free_trade")


def _post_artifact(state: ClashState, seat: int, pos: Coord) -> list[Event]:
    """That row's trading-post bonus: draw 1 artifact card from the shared deck (H3-13.2.6) to the
    hand; which card is known only to the drawer (H-1), as any draw. Under the split decks the
    post's tile decides the decks, and the player picks one if several (H3-48.4)."""
    decks = cards.deck_choices(state, seat, "artifact", pos)
    if len(decks) > 1:
        push_ask(state, "split_draw", seat, decks=decks)
        return []
    return cards.artifact_draw(state, seat, decks[0])


def flag(state: ClashState, seat: int, hero_kind: str, pos: Coord, loc: Location) -> list[Event]:
    """H3-22.5.2: put your faction cube on the field, stealing it from its holder.

    Only an enemy steals: "allied heroes treat your flagged fields as empty fields" (H3-22.5.2,
    seed 003 line 1220), so an ally's mine, settlement or town gives the visitor nothing and takes
    nothing from the ally (the event says so). A town an enemy took from your ally goes back to
    the ally when you retake it (house reading of H3-50.3 / A-53: the ally regains its hiring and
    retreat spot; you gain no cube of an ally)."""
    fs = state.field(pos)
    p = state.player(seat)
    where = Ref(kind="h3_location", id=loc.id)
    if loc.multi_flag:  # Obelisk: several players may each have a cube (H3-50.7)
        if seat in fs.flags:
            return []
        fs.flags.append(seat)
        fs.ever_flagged = True
        effects.push_choices(state, seat, hero_kind, m.LOCATION(loc=where), loc.choices, loc.optional)
        return [Event.to_all("h3_flagged", m.FLAGGED(seat=m.seat(seat), loc=where))]
    previous = fs.flag if loc.kind != "town" else town_owner(state, pos)
    if previous == seat:
        if loc.kind == "town" and fs.flag != seat:
            fs.flag = seat
        return []
    # a field the AI enemy flagged (Cooperative, H3-41.5) is taken like an enemy's, but the AI is no
    # seat: it has no production to lose (H3-41.1) and is never looked up as a player
    ai_held = previous == AI_SEAT
    if previous is not None and not ai_held and allied(state, seat, previous):
        return [Event.to_all("h3_ally_field", m.ALLY_FIELD(seat=m.seat(seat), loc=where, owner=m.seat(previous)))]
    original = next((q.seat for q in state.seats if q.faction == loc.faction), None) if loc.kind == "town" else None
    if (
        original is not None
        and original != seat
        and allied(state, seat, original)
        and not state.player(original).eliminated
    ):
        assert previous is not None  # an ally's own town not held by the ally is held by an enemy
        fs.flag = original
        if ai_held:
            said = coop_m.AI_TOWN_RETURNED(seat=m.seat(seat), loc=where, owner=m.seat(original))
            return [Event.to_all("h3_town_returned", said)]
        return [
            Event.to_all(
                "h3_town_returned",
                m.TOWN_RETURNED(seat=m.seat(seat), loc=where, owner=m.seat(original), enemy=m.seat(previous)),
            )
        ]
    first = not fs.ever_flagged
    fs.flag = seat
    fs.ever_flagged = True
    fs.cleared = True
    events = [Event.to_all("h3_flagged", m.FLAGGED(seat=m.seat(seat), loc=where))]
    if loc.kind == "mine":
        # H3-50.4.1: production moves with the cube; the first flagger ever also gains it now.
        amounts = mine_production(loc)
        if previous is not None and not ai_held:
            lose_production(state, previous, loc, fs)
        for k, v in amounts.items():
            p.production[k] = p.production.get(k, 0) + v
        if first:
            gain(p, amounts)
        return events
    if loc.kind == "settlement":
        # H3-50.4.2: the loser's production step goes; the flagger picks a resource or a reinforcement.
        if previous is not None and not ai_held:
            lose_production(state, previous, loc, fs)
        fs.produce = None
        effects.push_choices(
            state, seat, hero_kind, m.LOCATION(loc=where), loc.choices, False, pos=list(pos), first=first
        )
        return events
    if loc.kind == "town":
        # H3-50.3: conquering an enemy town gives a faction cube of its original owner.
        if original is not None and not allied(state, seat, original):
            p.cubes[original] = p.cubes.get(original, 0) + 1
            events.append(Event.to_all("h3_cube", m.CUBE_GAINED(seat=m.seat(seat), source=m.seat(original))))
        return events
    effects.push_choices(state, seat, hero_kind, m.LOCATION(loc=where), loc.choices, loc.optional)
    return events


def lose_production(state: ClashState, seat: int, loc: Location, fs: FieldState) -> None:
    """``seat`` loses the cube on a mine or settlement, and the production it carried with it
    (H3-50.4.1: a mine's; H3-50.4.2: the settlement's production step), to whoever takes it."""
    p = state.player(seat)
    if loc.kind == "mine":
        for k, v in mine_production(loc).items():
            p.production[k] = max(0, p.production.get(k, 0) - v)
    elif loc.kind == "settlement" and fs.produce is not None:
        step = STEP.get(fs.produce)  # type: ignore[arg-type]  # produce is a resource name
        p.production[fs.produce] = max(0, p.production.get(fs.produce, 0) - step)


def mine_production(loc: Location) -> dict[str, int]:
    """The production a mine's cube carries (H3-50.4.1), resource by resource."""
    return {
        k: v
        for c in loc.choices
        for s in c.steps
        if s.effect == "production"
        for k, v in s.resources().as_dict().items()
        if v
    }


def locations_named(kind: str) -> list[str]:
    return [loc.id for loc in clash_content().locations.values() if loc.kind == kind]
