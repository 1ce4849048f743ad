"""Deck helpers: order lives in the state, draws pop, the discard reshuffles when empty."""

from engine.core import Deck, Rng


def test_shuffled_deck_is_deterministic_per_seed() -> None:
    cards = [f"c{i}" for i in range(20)]
    assert (
        Deck[str].shuffled(cards, Rng.from_seed(1)).draw_pile == Deck[str].shuffled(cards, Rng.from_seed(1)).draw_pile
    )


def test_draw_pops_from_the_top_without_consuming_randomness() -> None:
    rng = Rng.from_seed(2)
    deck = Deck[str](draw_pile=["a", "b", "c"])
    before = rng.state
    assert deck.draw(rng, 2) == ["a", "b"]
    assert rng.state == before
    assert deck.draw_pile == ["c"]


def test_empty_deck_reshuffles_the_discard_pile() -> None:
    rng = Rng.from_seed(3)
    deck = Deck[str](draw_pile=["a"], discard_pile=["x", "y", "z"])
    drawn = deck.draw(rng, 3)
    assert drawn[0] == "a"
    assert set(drawn[1:]) <= {"x", "y", "z"}
    assert deck.reshuffles == 1 and deck.discard_pile == []
    assert len(deck.draw_pile) == 1


def test_draw_returns_fewer_when_everything_is_exhausted() -> None:
    deck = Deck[str](draw_pile=["a"])
    assert deck.draw(Rng.from_seed(0), 3) == ["a"]
    assert deck.draw_one(Rng.from_seed(0)) is None


def test_public_hides_the_order_and_shows_the_discard() -> None:
    deck = Deck[str](draw_pile=["secret-1", "secret-2"], discard_pile=["seen"])
    public = deck.public()
    assert public == {"size": 2, "discard": ["seen"]}


def test_put_top_and_bottom() -> None:
    deck = Deck[int](draw_pile=[2])
    deck.put_top(1)
    deck.put_bottom(3)
    assert deck.draw_pile == [1, 2, 3]


def test_deck_round_trips_through_json() -> None:
    deck = Deck[int](draw_pile=[3, 1, 2], discard_pile=[9])
    assert Deck[int].model_validate_json(deck.model_dump_json()) == deck
