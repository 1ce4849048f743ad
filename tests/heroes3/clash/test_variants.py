"""H3-48.8, the optional rules table, map-side rows as table options: each is off by default
(H3-48: "each is off by default and must be agreed at setup"); every test plays the same
position with the row on and with it off, so the row is shown to change the game and the
game without it to stay as it was."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Event, RuleViolation
from engine.heroes3.adventure import effects
from engine.heroes3.adventure.geometry import location, tile_fields
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.setup import own_start
from engine.heroes3.clash.state import SECONDARY_MP, VARIANTS, ClashOptions, ClashState, PlacedTile
from engine.heroes3.content.clash import clash_content
from engine.heroes3.town import town

from .helpers import act, bobs_settlement, front, mutate, new_game, play_to_round, to_main


def _drawn_astrologers(events: list[Event]) -> int:
    return sum(1 for e in events if e.kind == "h3_astrologer")


# ---- the options ------------------------------------------------------------------------------------------
def test_every_row_is_an_option_off_by_default_and_recorded_when_agreed() -> None:
    # H3-48: each row is off by default and agreed at setup; the state records the agreed rows
    fields = ClashOptions.model_fields
    assert all(fields[v].annotation is bool and fields[v].default is False for v in VARIANTS)
    assert new_game().variants == []
    state = new_game(double_income=True, free_trade=True)
    assert state.variants == ["double_income", "free_trade"]
    assert state.variant("double_income") and not state.variant("no_astrologers")


def test_the_two_astrologer_rows_together_are_refused() -> None:
    # H3-48.8: "no astrologer cards are drawn" contradicts "also draw one in each resource round"
    with pytest.raises(RuleViolation) as refused:
        CLASH.setup({"players": 2, "no_astrologers": True, "more_astrologers": True}, 1)
    assert "no_astrologers" in refused.value.message


# ---- astrologers (H3-7.3) ---------------------------------------------------------------------------------
@pytest.mark.parametrize("on", [False, True])
def test_no_astrologers_leaves_the_even_rounds_without_a_card(on: bool) -> None:
    # H3-48.8 "No astrologer cards are drawn" against H3-7.3.2 (even rounds draw one)
    state, events = play_to_round(new_game(no_astrologers=on), 3)
    assert _drawn_astrologers(events) == (0 if on else 1)
    assert (state.astrologers.discard_pile == []) is on
    assert state.astrologer is None or not on


@pytest.mark.parametrize("on", [False, True])
def test_more_astrologers_draws_one_in_each_resource_round_too(on: bool) -> None:
    # H3-48.8 "Also draw an astrologer card at the start of each resource round" (H3-7.3.1):
    # round 2 (astrologer) draws one either way; round 3 (resource) draws one more only with the row
    _, events = play_to_round(new_game(more_astrologers=on), 3)
    assert _drawn_astrologers(events) == (2 if on else 1)
    income = [e for e in events if e.kind == "h3_income"]
    assert len(income) == 2  # the resource round's income is still collected


# ---- black cubes (H3-22.5.1) ------------------------------------------------------------------------------
@pytest.mark.parametrize("on", [False, True])
def test_clear_visits_removes_black_cubes_in_round_4_only(on: bool) -> None:
    # H3-48.8 "Remove all black cubes from visitable fields in rounds 4, 8 and 12" (a black cube
    # makes a visitable field count as empty, H3-22.5.1). The astrologers are off on both sides so
    # that no astrologer card clears them instead.
    state, _ = play_to_round(new_game(clear_visits=on, no_astrologers=True), 3)
    state = mutate(state)
    state.field((9, 9)).black = True
    state, events = play_to_round(state, 4)
    assert state.field((9, 9)).black is not on
    assert any(e.kind == "h3_black_cleared" for e in events) is on
    state = mutate(state)
    state.field((9, 9)).black = True
    state, _ = play_to_round(state, 5)
    assert state.field((9, 9)).black  # round 5 is not one of the three rounds


# ---- income (H3-7.3.1, H3-20.3, H3-50.4, H3-21.5) ---------------------------------------------------------
def _bob_with_a_mine(state: ClashState) -> tuple[int, int]:
    """A valuables mine flagged by Bob (H3-50.4.1: its production moved to him)."""
    tile = next(t for t in clash_content().tiles.values() if any(f.location == "mine_valuables" for f in t.fields))
    placed = PlacedTile(centre=(7, 0), tile=tile.id, kind=tile.kind, face_up=True)
    state.tiles.append(placed)
    spot = next(
        pos for pos in tile_fields(placed) if (loc := location(state, pos)) is not None and loc.id == "mine_valuables"
    )
    fs = state.field(spot)
    fs.flag, fs.ever_flagged = 1, True
    bob = state.player(1)
    bob.production["valuables"] = bob.production.get("valuables", 0) + 1
    return spot


def _income(state: ClashState, seat: int) -> dict[str, int]:
    p = state.player(seat)
    before = dict(p.resources)
    town.income(state, p)
    return {k: p.resources.get(k, 0) - before.get(k, 0) for k in ("gold", "building_materials", "valuables")}


@pytest.mark.parametrize("on", [False, True])
def test_double_income_doubles_mines_and_settlements_not_the_town(on: bool) -> None:
    # H3-48.8 "All mines and settlements give double income" against H3-7.3.1 / H3-20.3
    state = mutate(new_game(double_income=on))
    town_gold = state.player(1).production.get("gold", 0)
    town_val = state.player(1).production.get("valuables", 0)
    bobs_settlement(state)
    got = _income(state, 1)
    assert got["gold"] == town_gold + (10 if on else 5)
    state = mutate(new_game(double_income=on))
    _bob_with_a_mine(state)
    assert _income(state, 1)["valuables"] == town_val + (2 if on else 1)
    assert _income(state, 0) == _income(mutate(new_game()), 0)  # Alice holds no mine: the same income


@pytest.mark.parametrize("on", [False, True])
def test_idle_flagged_towns_stop_producing_while_an_enemy_holds_them(on: bool) -> None:
    # H3-48.8 "Towns produce no resources after being flagged" against H3-21.5 (by default a
    # flagged town keeps producing for its original owner); the town's buildings stay Bob's
    state = mutate(new_game(idle_flagged_towns=on))
    bob = state.player(1)
    town_income = {k: bob.production.get(k, 0) for k in ("gold", "building_materials", "valuables")}
    bobs_settlement(state)
    assert _income(state, 1)["gold"] == town_income["gold"] + 5  # not flagged yet: as before
    state.field(own_start(state, 1).centre).flag = 0  # Alice's cube on Bob's town
    got = _income(state, 1)
    if on:
        assert got == {"gold": 5, "building_materials": 0, "valuables": 0}  # only the settlement pays
    else:
        assert got == {**town_income, "gold": town_income["gold"] + 5}
    assert bob.buildings == state.player(1).buildings and town.options(state, 1)  # still Bob's to use
    state.field(own_start(state, 1).centre).flag = 1  # taken back: the town produces again
    assert _income(state, 1)["gold"] == town_income["gold"] + 5


# ---- dice (H3-20.5, H3-20.6) ------------------------------------------------------------------------------
@pytest.mark.parametrize("on", [False, True])
def test_one_resource_dice_gives_a_single_resource(on: bool) -> None:
    # H3-48.8 "Every treasure die and resource die result gives only 1 resource" against H3-20.5
    # (the resource die's 6 gold face); XP and Searches of the treasure die are not resources
    state = mutate(to_main(new_game(one_resource_dice=on), 0))
    six_gold = next(i for i, f in enumerate(clash_content().resource_die) if f.steps[0].params.get("gold") == 6)
    gold = state.player(0).resources.get("gold", 0)
    effects.dice_continue(state, 0, "main", "resource", [six_gold], 1)
    FLOW.advance(state)
    assert state.player(0).resources.get("gold", 0) == gold + (1 if on else 6)
    xp = next(f for f in clash_content().treasure_die if f.steps[0].effect == "xp")
    assert effects.face_steps(state, xp.steps) == list(xp.steps)


@pytest.mark.parametrize("on", [False, True])
def test_one_resource_dice_choice_reads_as_it_resolves(on: bool) -> None:
    # H3-48.8 with H3-20.5: two dice, keep one; the question names what each result gives now
    state = mutate(to_main(new_game(one_resource_dice=on), 0))
    faces = clash_content().resource_die
    six_gold = next(i for i, f in enumerate(faces) if f.steps[0].params.get("gold") == 6)
    four_bm = next(i for i, f in enumerate(faces) if f.steps[0].params.get("building_materials") == 4)
    effects.dice_continue(state, 0, "main", "resource", [six_gold, four_bm], 1)
    labels = [o.label for o in CLASH.prompts(state)[0].options]
    assert ("+1" in labels[0] and "+1" in labels[1]) is on
    assert ("+6" in labels[0] and "+4" in labels[1]) is not on
    gold = state.player(0).resources.get("gold", 0)
    state, _ = act(state, 0, dict(CLASH.prompts(state)[0].options[0].action))
    assert state.player(0).resources.get("gold", 0) == gold + (1 if on else 6)


# ---- setup (H3-4, H3-12.5) --------------------------------------------------------------------------------
@pytest.mark.parametrize("on", [False, True])
def test_no_starting_bonus_skips_the_difficulty_bonus(on: bool) -> None:
    # H3-48.8 "No starting bonus" against H3-4.2 (Easy: each player chooses a bonus)
    state = new_game(difficulty="easy", no_starting_bonus=on)
    if on:
        assert front(state).kind == "hand" and front(state).seat == 0
        assert all(not p.deck.hand for p in state.seats) and state.player(0).resources == state.player(1).resources
    else:
        assert CLASH.prompts(state)[0].rule == "H3-4.2"


@pytest.mark.parametrize("on", [False, True])
def test_start_secondary_puts_a_secondary_hero_in_each_town(on: bool) -> None:
    # H3-48.8 "Each player starts with a secondary hero" (H3-12.5.1: in a town you control;
    # H3-12.5.3: 2 MP); free, and the population token stays unused for round 1
    state = new_game(start_secondary=on)
    for p in state.seats:
        if not on:
            assert p.secondary is None
            continue
        assert p.secondary is not None and p.main is not None
        assert p.secondary.field == p.main.field == own_start(state, p.seat).centre
        assert p.secondary.mp == SECONDARY_MP and "population" not in p.tokens_used
    state = to_main(state, 0)
    moves = [o.action for o in CLASH.prompts(state)[0].options if o.action["type"] == "walk"]
    assert any(a["hero"] == "secondary" for a in moves) is on


# ---- cards to the discard pile (H3-13.2.4) -----------------------------------------------------------------
@pytest.mark.parametrize("on", [False, True])
def test_gains_to_discard_sends_a_kept_card_to_the_discard_pile(on: bool) -> None:
    # H3-48.8 "Cards that would go to your hand go to your discard pile instead" against
    # H3-13.2.4 / H3-4.3 (a Search's kept card goes to the hand); drawing from your own deck
    # (H3-8.1.2) is not a gain and still fills the hand
    state = new_game(difficulty="easy", gains_to_discard=on)
    state, _ = act(state, 0, {"type": "choose", "pick": "search"})
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    keep = state.player(0).searching[0]
    state, _ = act(state, 0, {"type": "search", "choice": "keep", "card": keep})
    p = state.player(0)
    assert (keep in p.deck.discard) is on and (keep in p.deck.hand) is not on
    public: dict[str, Any] = CLASH.view(state, 1)
    assert (state.cards[keep] in public["players"][0]["discard"]) is on  # the discard pile is public (H-3)
    state, _ = act(state, 0, {"type": "search", "choice": "skip"})
    state, _ = act(state, 1, {"type": "choose", "pick": "dice"})
    while front(state).kind != "hand":
        prompt = CLASH.prompts(state)[0]
        state, _ = act(state, prompt.seat, dict(prompt.options[0].action))
    hand = len(state.player(0).deck.hand)
    state, _ = act(state, 0, {"type": "draw", "n": 2})
    assert len(state.player(0).deck.hand) == hand + 2


# ---- trading (H3-43) ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("on", [False, True])
def test_free_trade_offers_trades_at_any_time(on: bool) -> None:
    # H3-48.8 "You may trade resources at any time" against H3-43.1.1 (trades only at a trading
    # post): the trade table's rates (D-11) are offered with the town actions, also out of turn
    state = mutate(to_main(new_game(free_trade=on), 0))
    for p in state.seats:
        p.resources = {"gold": 6, "building_materials": 0, "valuables": 0}
    prompts = CLASH.prompts(state)
    trades = [o.action for pr in prompts for o in pr.options if o.action["type"] == "trade"]
    assert bool(trades) is on
    assert any(pr.seat == 1 for pr in prompts if any(o.action["type"] == "trade" for o in pr.options)) is on
    action = {"type": "trade", "give": "gold", "get": "valuables"}
    if not on:
        with pytest.raises(RuleViolation) as refused:
            act(state, 1, action)
        assert refused.value.rule == "H3-43.1"
        assert state.player(1).resources["gold"] == 6  # a refusal changes nothing
        return
    assert action in trades
    state, _ = act(state, 1, action)  # Bob, in Alice's turn
    assert state.player(1).resources == {"gold": 0, "building_materials": 0, "valuables": 1}
    with pytest.raises(RuleViolation) as refused:
        act(state, 1, action)
    assert refused.value.rule == "H3-43.1.1" and state.player(1).resources["valuables"] == 1
    assert front(state).kind == "main" and front(state).seat == 0  # Alice's turn goes on


def _alice_next_to_a_trading_post(state: ClashState) -> tuple[int, int]:
    from engine.heroes3.adventure.geometry import neighbours, step_ok

    tile = next(t for t in clash_content().tiles.values() if any(f.location == "trading_post" for f in t.fields))
    placed = PlacedTile(centre=(7, 0), tile=tile.id, kind=tile.kind, face_up=True)
    state.tiles.append(placed)
    spot = next(
        pos for pos in tile_fields(placed) if (loc := location(state, pos)) is not None and loc.id == "trading_post"
    )
    state.field(spot).cleared = True  # no guard in the way
    alice = state.player(0).main
    assert alice is not None
    alice.field = alice.last_visited = next(n for n in neighbours(spot) if step_ok(state, n, spot))
    alice.mp = 3
    return spot


@pytest.mark.parametrize("on", [False, True])
def test_free_trade_makes_trading_posts_visitable_with_an_artifact(on: bool) -> None:
    # H3-48.8 "trading posts become visitable and also let you draw 1 artifact card" against
    # H3-43.1 / H3-50 (a revisitable trading post, no card); the drawn card is the drawer's secret
    state = mutate(to_main(new_game(free_trade=on), 0))
    spot = _alice_next_to_a_trading_post(state)
    hand = list(state.player(0).deck.hand)
    artifacts = len(state.decks["artifact"].draw_pile)
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(spot)})
    new = [c for c in state.player(0).deck.hand if c not in hand]
    assert len(new) == (1 if on else 0) and state.field(spot).black is on
    assert (len(state.decks["artifact"].draw_pile) == artifacts - 1) is on
    if on:
        assert clash_content().cards[state.cards[new[0]]].kind == "artifact"
        public = [e for e in events if e.audience is None]
        assert not any(new[0] in e.text or state.cards[new[0]] in str(e.data) for e in public)
        assert any(e.kind == "h3_post_artifact" for e in public)
    while CLASH.prompts(state)[0].rule != "H3-8.3":  # the post's own choice (trade or remove)
        prompt = CLASH.prompts(state)[0]
        state, _ = act(state, prompt.seat, dict(prompt.options[0].action))
    revisit = [o.action for o in CLASH.prompts(state)[0].options if o.action["type"] == "revisit"]
    assert bool(revisit) is not on  # a visitable field is not revisited (H3-22.5.3)
    if on:
        with pytest.raises(RuleViolation):
            act(state, 0, {"type": "revisit", "hero": "main"})
