"""H3-43.2.1: in a Cooperative game a trading-post visit lets the visitor give resources to the other
players, as often as they like, beside the visit's one choice; never in a Clash."""

from __future__ import annotations

from engine.heroes3.adventure import visits
from engine.heroes3.adventure.geometry import tile_fields
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, Coord
from tests.heroes3.clash.helpers import act, front, mutate, new_game, refused_rule, to_main
from tests.heroes3.coop.helpers import coop_game


def _at_trading_post(state: ClashState) -> tuple[ClashState, Coord]:
    """Seat 1's main menu with a face-up N1 (its field 4 a trading post) in place of a near tile."""
    state = mutate(to_main(state, 0))
    tile = next(t for t in state.tiles if t.kind == "near")
    tile.tile, tile.face_up, tile.rotation = "N1", True, 0
    return state, tile_fields(tile)[4]


def _answer(state: ClashState, pick: str) -> ClashState:
    state, _ = act(state, 0, {"type": "choose", "pick": pick})
    return state


def test_a_trading_post_visit_offers_gifts_to_the_other_player() -> None:
    state, post = _at_trading_post(coop_game(players=2))
    state.player(0).resources.update(gold=5, building_materials=0, valuables=1)
    before = dict(state.player(1).resources)
    visits.visit(state, 0, "main", post)
    # the visit's own choice first (trade, or remove a card: H3-43.1), which may be skipped
    assert front(state).data.get("what") == "effect_choice", front(state).data
    prompt = CLASH.prompts(state)[0]
    skip = next(o for o in prompt.options if o.action.get("pick") == "decline")
    state, _ = act(state, 0, dict(skip.action))
    # H3-43.2.1: then the free extra, as often as the giver likes
    assert front(state).data.get("what") == "gift"
    picks = [o.action["pick"] for o in CLASH.prompts(state)[0].options]
    assert picks == ["done", "1:gold", "1:valuables"]  # only what the giver has
    state = _answer(state, "1:gold")
    state = _answer(state, "1:gold")
    assert front(state).data.get("what") == "gift"  # asked again until done
    assert refused_rule(state, {"type": "choose", "pick": "1:building_materials"}) == "H3-43.2.1"
    state = _answer(state, "done")
    assert state.player(0).resources["gold"] == 3
    assert state.player(1).resources["gold"] == before["gold"] + 2


def test_no_gift_in_a_clash_or_alone() -> None:
    for state in (new_game(players=2), coop_game(players=1)):
        state, post = _at_trading_post(state)
        visits.visit(state, 0, "main", post)
        asked = [s.data.get("what") for s in FLOW.queue(state) if s.kind == "ask"]
        assert "gift" not in asked, asked  # H3-43.2.1 is Cooperative only, and needs another player
