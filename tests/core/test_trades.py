"""The kernel's binding trade book: offers are private, settlement is all-or-nothing."""

from __future__ import annotations

from engine.core.trades import TradeBook, settle


def _holdings() -> dict[int, list[str]]:
    return {0: ["iron-1", "wood-2"], 1: ["gold-3"]}


def _holds(holdings: dict[int, list[str]]):
    def holds(seat: int, goods: list[str]) -> list[str] | None:
        pool = list(holdings[seat])
        taken = []
        for kind in goods:
            match = next((c for c in pool if c.startswith(kind + "-")), None)
            if match is None:
                return None
            pool.remove(match)
            taken.append(match)
        return taken

    return holds


def _move(holdings: dict[int, list[str]]):
    def move(src: int, dst: int, things: list[str]) -> None:
        for thing in things:
            holdings[src].remove(thing)
            holdings[dst].append(thing)

    return move


def test_settle_moves_both_sides_at_once() -> None:
    holdings = _holdings()
    book = TradeBook()
    offer = book.propose(0, 1, give=["iron"], get=["gold"])
    assert settle(offer, _holds(holdings), _move(holdings)) == (["iron-1"], ["gold-3"])
    assert holdings == {0: ["wood-2", "gold-3"], 1: ["iron-1"]}


def test_settle_does_nothing_when_either_side_cannot_pay() -> None:
    holdings = _holdings()
    offer = TradeBook().propose(0, 1, give=["iron"], get=["gold", "gold"])
    assert settle(offer, _holds(holdings), _move(holdings)) is None
    assert holdings == _holdings()


def test_public_listing_hides_contents_unless_the_table_shows_them() -> None:
    book = TradeBook()
    book.propose(0, 1, give=["iron"], get=["gold"])
    assert book.public(contents=False) == [{"id": 1, "from": 0, "to": 1}]
    assert book.public(contents=True)[0]["give"] == ["iron"]
    assert book.private(2) == [] and book.private(1)[0]["get"] == ["gold"]


def test_done_flags_and_dropping_a_seat() -> None:
    book = TradeBook()
    book.propose(0, 1, give=["iron"], get=["gold"])
    book.set_done(0, True)
    book.set_done(1, True)
    assert book.all_done([0, 1])
    book.drop_seat(1)
    assert book.offers == [] and book.done == [0]
