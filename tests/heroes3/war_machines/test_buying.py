"""War machine cards on the map (H3-19): the face-up pile of the Rampart box (H3-6.32), buying one at a
War Machine Factory (H3-50.6, the lower price) or as a Trading Post's one choice (H3-43.1.2 / H3-50.5,
the higher price), the card going to the buyer's hand (H3-19.2, H3-13.2.4), and playing it as a
permanent (H3-19.1, H3-13.2.7)."""

from __future__ import annotations

import pytest

from engine.core import Event, RuleViolation
from engine.heroes3.adventure import visits
from engine.heroes3.adventure.geometry import tile_fields
from engine.heroes3.cards import war_machines
from engine.heroes3.clash import invariants
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, Coord
from engine.heroes3.content.clash import clash_content

from ..clash.helpers import act, front, give_card, mutate, new_game, refused_rule, to_main

PILE = ["ammo_cart", "ballista", "first_aid_tent"]


def _rampart_game() -> ClashState:
    return mutate(to_main(new_game(2, expansions=["rampart"]), 0))


def _at(state: ClashState, location: str, kind: str = "near") -> Coord:
    """Turn a face-down tile of ``kind`` into a printed tile holding ``location``; its field's hex."""
    printed = next(
        t
        for t in sorted(clash_content().tiles.values(), key=lambda t: t.id)
        if t.kind == kind and any(f.location == location for f in t.fields)
    )
    placed = next(t for t in state.tiles if t.kind == kind)
    placed.tile, placed.face_up, placed.rotation = printed.id, True, 0
    index = next(f.index for f in printed.fields if f.location == location)
    return tile_fields(placed)[index]


def _picks(state: ClashState) -> list[str]:
    return [str(o.action.get("pick")) for o in CLASH.prompts(state)[0].options]


def _choose(state: ClashState, pick: str) -> tuple[ClashState, list[object]]:
    state, events = act(state, 0, {"type": "choose", "pick": pick})
    return state, list(events)


def _hand_ids(state: ClashState, seat: int = 0) -> list[str]:
    return [state.cards[c] for c in state.player(seat).deck.hand]


def test_h3_6_32_the_pile_lies_face_up_only_with_the_rampart_box() -> None:
    plain = new_game(2)
    assert plain.war_machines == []
    assert CLASH.view(plain, None)["war_machines"] == []
    state = new_game(2, expansions=["rampart"])
    assert sorted(state.war_machines) == PILE  # house: one of each (copies_house)
    for seat in (None, 0, 1):  # public to every seat and the table
        assert sorted(CLASH.view(state, seat)["war_machines"]) == PILE
    cards = clash_content().cards
    assert all(cards[c].copies_house and cards[c].box == "rampart" for c in PILE)
    assert [(cards[c].price("factory").gold, cards[c].price("post").gold) for c in PILE] == [(5, 8), (7, 10), (3, 6)]


def test_h3_50_6_the_factory_sells_at_the_lower_price_into_the_hand() -> None:
    state = _rampart_game()
    state.player(0).resources["gold"] = 9
    factory = _at(state, "war_machine_factory")
    events = visits.visit(state, 0, "main", factory)
    assert any(e.kind == "h3_visit" for e in events)
    assert _picks(state) == ["0", "decline"]  # H3-50.6: the visitor may decline
    state, _ = _choose(state, "0")
    assert front(state).data.get("what") == "buy_war_machine"
    assert _picks(state) == ["ammo_cart", "ballista", "first_aid_tent", "skip"]  # 5, 7, 3 gold: all paid
    state, said = _choose(state, "ballista")
    p = state.player(0)
    assert p.resources["gold"] == 2
    assert sorted(state.war_machines) == ["ammo_cart", "first_aid_tent"]  # the pile shrinks
    assert "ballista" in _hand_ids(state)  # H3-19.2 / H3-13.2.4
    bought = [e for e in said if isinstance(e, Event) and e.kind == "h3_machine_bought"]
    assert bought and bought[0].audience is None  # public: bought off a face-up pile
    assert invariants.check(state) == []
    assert front(state).kind == "main"


def test_h3_50_6_only_machines_left_and_affordable_are_offered() -> None:
    state = _rampart_game()
    state.player(0).resources["gold"] = 4
    state.war_machines.remove("first_aid_tent")
    visits.visit(state, 0, "main", _at(state, "war_machine_factory"))
    # 4 gold: the Ammo Cart (5) and the Ballista (7) are too dear, the First Aid Tent (3) is gone
    assert _picks(state) == ["decline"]
    state.player(0).resources["gold"] = 5
    assert _picks(state) == ["0", "decline"]
    state, _ = _choose(state, "0")
    assert _picks(state) == ["ammo_cart", "skip"]
    # a refused purchase names its rule and changes nothing
    assert refused_rule(state, {"type": "choose", "pick": "ballista"}) == "H3-19.2"
    assert refused_rule(state, {"type": "choose", "pick": "first_aid_tent"}) == "H3-19.2"
    state, _ = _choose(state, "skip")  # declining buys nothing
    assert sorted(state.war_machines) == ["ammo_cart", "ballista"]
    assert state.player(0).resources["gold"] == 5


def test_h3_43_1_2_the_trading_post_sells_at_the_higher_price_as_its_one_choice() -> None:
    state = _rampart_game()
    p = state.player(0)
    p.resources.update(gold=12, building_materials=0, valuables=0)
    post = _at(state, "trading_post")
    visits.visit(state, 0, "main", post)
    assert _picks(state) == ["0", "1", "2", "decline"]  # trade, remove a card, buy a war machine
    state, _ = _choose(state, "2")
    assert _picks(state) == ["ammo_cart", "ballista", "first_aid_tent", "skip"]  # 8, 10, 6 gold
    state, _ = _choose(state, "ammo_cart")
    assert state.player(0).resources["gold"] == 4  # the trading-post price, 8
    assert "ammo_cart" in _hand_ids(state)
    assert sorted(state.war_machines) == ["ballista", "first_aid_tent"]
    # H3-19.2: that was the visit's one choice: no trade or card removal follows
    asked = [s.data.get("what") for s in FLOW.queue(state) if s.kind == "ask"]
    assert not {"trade", "remove", "effect_choice", "buy_war_machine"} & set(asked)
    assert front(state).kind == "main"
    assert invariants.check(state) == []


def test_h3_43_1_2_no_war_machine_at_a_trading_post_without_the_box_or_the_gold() -> None:
    plain = mutate(to_main(new_game(2), 0))
    plain.player(0).resources["gold"] = 20
    visits.visit(plain, 0, "main", _at(plain, "trading_post"))
    assert _picks(plain) == ["0", "1", "decline"]  # core box: trade or remove only
    state = _rampart_game()
    state.player(0).resources.update(gold=5, building_materials=0, valuables=0)  # the cheapest costs 6 here
    visits.visit(state, 0, "main", _at(state, "trading_post"))
    assert _picks(state) == ["0", "1", "decline"]
    assert refused_rule(state, {"type": "choose", "pick": "2"}) == "H3-50"


def test_h3_19_2_a_refused_purchase_names_its_rule_and_changes_nothing() -> None:
    state = _rampart_game()
    p = state.player(0)
    p.resources["gold"] = 9
    before = state.model_dump()
    with pytest.raises(RuleViolation) as dear:
        war_machines.buy(state, p, "ballista", "post")  # 10 gold at a trading post
    assert dear.value.rule == "H3-43.1.2"
    state.war_machines.remove("ballista")
    gone = state.model_dump()
    with pytest.raises(RuleViolation) as none_left:
        war_machines.buy(state, p, "ballista", "factory")
    assert none_left.value.rule == "H3-6.32"
    with pytest.raises(RuleViolation) as elsewhere:
        war_machines.buy(state, p, "ammo_cart", "tavern")
    assert elsewhere.value.rule == "H3-19.2"
    assert state.model_dump() == gone
    state.war_machines[:] = sorted([*state.war_machines, "ballista"])
    assert state.model_dump() == before
    plain = mutate(to_main(new_game(2), 0))
    plain.player(0).resources["gold"] = 20
    with pytest.raises(RuleViolation) as no_box:
        war_machines.buy(plain, plain.player(0), "ballista", "factory")
    assert no_box.value.rule == "H3-6.32"
    # not at a factory or a trading post: nothing asks, so an answer buying one is refused
    with pytest.raises(RuleViolation):
        act(state, 0, {"type": "choose", "pick": "ballista"})
    assert state.model_dump() == before


def test_h3_19_1_a_war_machine_is_played_as_a_permanent_and_replaces_the_previous_one() -> None:
    state = _rampart_game()
    ballista = give_card(state, "ballista")
    cart = give_card(state, "ammo_cart")
    state, events = act(state, 0, {"type": "play_card", "card": ballista, "mode": "basic"})
    assert state.player(0).permanent == ballista
    assert any(e.kind == "h3_permanent" and e.audience is None for e in events)
    assert CLASH.view(state, 1)["players"][0]["permanent"] == "ballista"  # public (H3-13.2.7)
    state, _ = act(state, 0, {"type": "play_card", "card": cart, "mode": "basic"})
    p = state.player(0)
    assert p.permanent == cart and ballista in p.deck.discard  # H3-13.2.7: only one permanent in play
    assert CLASH.view(state, None)["players"][0]["permanent"] == "ammo_cart"
    assert invariants.check(state) == []


def test_h3_43_2_the_free_extras_still_follow_a_war_machine_bought_at_a_trading_post() -> None:
    # H3-43.2.1: in a Cooperative game the visitor may still give resources after the visit's one choice
    state = mutate(to_main(new_game(2, mode="cooperative", expansions=["rampart"]), 0))
    state.player(0).resources.update(gold=9, building_materials=0, valuables=0)
    visits.visit(state, 0, "main", _at(state, "trading_post"))
    state, _ = _choose(state, "2")
    state, _ = _choose(state, "first_aid_tent")  # 6 gold at a trading post
    assert state.player(0).resources["gold"] == 3
    assert front(state).data.get("what") == "gift"
    assert "1:gold" in _picks(state)
