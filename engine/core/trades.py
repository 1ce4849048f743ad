"""A game-agnostic book of binding bilateral trade offers.

Nothing here knows Age of Heroes: an offer names two seats and two lists of goods
(whatever strings the game uses). The game supplies ``holds``/``move`` callbacks, and
``settle`` executes both sides atomically at the moment of acceptance, so a binding
trade can never be reneged on (Age of Heroes AH-4.5 is the first user).
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field


class Offer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: int
    frm: int
    to: int
    give: list[str]  # what ``frm`` hands over
    get: list[str]  # what ``frm`` asks from ``to``
    counter_of: int | None = None


class TradeBook(BaseModel):
    model_config = ConfigDict(extra="forbid")

    offers: list[Offer] = Field(default_factory=list)
    next_id: int = 1
    done: list[int] = Field(default_factory=list)

    def propose(self, frm: int, to: int, give: list[str], get: list[str], counter_of: int | None = None) -> Offer:
        offer = Offer(id=self.next_id, frm=frm, to=to, give=list(give), get=list(get), counter_of=counter_of)
        self.next_id += 1
        self.offers.append(offer)
        return offer

    def find(self, offer_id: int) -> Offer | None:
        return next((o for o in self.offers if o.id == offer_id), None)

    def remove(self, offer_id: int) -> None:
        self.offers = [o for o in self.offers if o.id != offer_id]

    def drop_seat(self, seat: int) -> None:
        self.offers = [o for o in self.offers if seat not in (o.frm, o.to)]
        self.done = [s for s in self.done if s != seat]

    def incoming(self, seat: int) -> list[Offer]:
        return [o for o in self.offers if o.to == seat]

    def outgoing(self, seat: int) -> list[Offer]:
        return [o for o in self.offers if o.frm == seat]

    def set_done(self, seat: int, done: bool) -> None:
        if done and seat not in self.done:
            self.done.append(seat)
        if not done and seat in self.done:
            self.done.remove(seat)

    def all_done(self, seats: list[int]) -> bool:
        return all(s in self.done for s in seats)

    def reset(self) -> None:
        self.offers.clear()
        self.done.clear()

    def public(self, *, contents: bool) -> list[dict[str, object]]:
        """Everyone sees that an offer exists; contents only when the table made them public."""
        out: list[dict[str, object]] = []
        for o in self.offers:
            row: dict[str, object] = {"id": o.id, "from": o.frm, "to": o.to}
            if contents:
                row.update(give=list(o.give), get=list(o.get))
            out.append(row)
        return out

    def private(self, seat: int) -> list[dict[str, object]]:
        return [o.model_dump() for o in self.offers if seat in (o.frm, o.to)]


def settle(
    offer: Offer,
    holds: Callable[[int, list[str]], list[str] | None],
    move: Callable[[int, int, list[str]], None],
) -> tuple[list[str], list[str]] | None:
    """Execute an offer atomically, or do nothing and return None.

    ``holds(seat, goods)`` returns the concrete things the seat would hand over (or None
    when it cannot); ``move(src, dst, things)`` transfers them. Both sides are checked
    before anything moves.
    """
    out = holds(offer.frm, offer.give)
    back = holds(offer.to, offer.get)
    if out is None or back is None:
        return None
    move(offer.frm, offer.to, out)
    move(offer.to, offer.frm, back)
    return out, back
