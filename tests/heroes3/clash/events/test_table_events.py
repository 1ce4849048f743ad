"""The events the drawer resolves once for the whole table, offering what they turn up to each player in turn
clockwise from the drawer (H3-7.5.4, H3-7.5.6, P-13, P-44); what nobody took goes back into its deck
(H3-7.5.5) unless the card says where it goes."""

from __future__ import annotations

from engine.heroes3.clash.events.offer import face_amounts
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.content import load
from engine.heroes3.content.clash import clash_content

from ..helpers import act, give_card, mutate, play_until, refused_rule
from .helpers import (
    asked,
    choose,
    deck,
    fortress_game,
    kinds,
    picks,
    prompt,
    public_json,
    to_event,
    to_turn,
    words,
)


def _purse(state: ClashState, seat: int, gold: int = 0, bm: int = 0, val: int = 0) -> None:
    state.player(seat).resources.update(gold=gold, building_materials=bm, valuables=val)


# ---- Artifact Merchant (H3-7.5.6) ------------------------------------------------------------------------
def test_h3_7_5_6_one_card_each_clockwise_a_player_who_cannot_pay_passes_the_rest_go_back() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state, _ = to_event(fortress_game(3, starting_player=0), "artifact_merchant")
    state = mutate(state)
    _purse(state, 0, gold=20)
    _purse(state, 1, gold=2)  # less than any price: passed over
    _purse(state, 2, gold=20)
    ev = deck(state)
    assert len(ev.revealed) == 5 and CLASH.view(state, None)["events"]["revealed"] == [
        state.cards[c] for c in ev.revealed
    ]  # public, H3-7.5.6 ⟦H: revealed cards public⟧
    in_deck = len(state.decks["artifact"].draw_pile)
    first = ev.revealed[0]
    price = {"minor": 3, "major": 5, "relic": 7}[clash_content().cards[state.cards[first]].rank or "minor"]
    assert prompt(state).seat == 0 and "pass" in picks(state)
    state, events = choose(state, first)
    assert state.player(0).resources["gold"] == 20 - price and first in state.player(0).deck.hand
    # seat 2 cannot pay: it passes at once; seat 3 is asked, for one of the four cards left
    assert "h3_event_pass" in kinds(events) and prompt(state).seat == 2
    assert set(picks(state)) - {"pass"} <= set(deck(state).revealed) and first not in picks(state)
    second = deck(state).revealed[-1]
    state, events = choose(state, second)
    # back with the drawer: the event ends; the three unbought cards are shuffled into the artifact deck
    assert "h3_event_end" in kinds(events) and deck(state).revealed == []
    assert len(state.decks["artifact"].draw_pile) == in_deck + 3
    assert second in state.player(2).deck.hand
    assert CLASH.invariants(state) == []


# ---- A Shady Auction --------------------------------------------------------------------------------------
def test_a_shady_auction_secret_bids_the_single_highest_takes_a_tie_discards() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state, _ = to_event(fortress_game(2), "a_shady_auction")
    state = mutate(state)
    _purse(state, 0, gold=10)
    _purse(state, 1, gold=10)
    lot = deck(state).revealed[0]
    prompts = CLASH.prompts(state)
    assert {p.seat for p in prompts} == {0, 1} and all(p.secret and p.simultaneous for p in prompts)  # at once
    assert [o.action["pick"] for o in prompts[0].options] == [str(n) for n in range(11)]  # 0 .. the purse
    state, events = act(state, 0, {"type": "choose", "pick": "3"})
    state, events = act(state, 0, {"type": "choose", "pick": "4"})  # changed before all bids are in
    # who has bid is public, how much is not
    assert CLASH.view(state, None)["events"]["bids"]["locked"] == [0]
    assert all("4" not in str(e.msg) for e in events) and '"bid"' not in public_json(state)
    for seat in (None, 0, 1):  # nobody's view holds a bid, the bidder's own included: the window keeps it
        assert set(CLASH.view(state, seat)["events"]["bids"]) == {"key", "rule", "seats", "locked"}
    state, events = act(state, 1, {"type": "choose", "pick": "6"})
    bids = next(e for e in events if e.kind == "h3_event_bids")
    assert bids.public and bids.data["bids"] == {"0": 4, "1": 6}  # shown together
    assert lot in state.player(1).deck.hand and state.player(1).resources["gold"] == 4
    assert state.player(0).resources["gold"] == 10  # only the winner pays
    # lot 2: a tie for the highest: to the artifact discard pile (the card's words)
    second = deck(state).revealed[0]
    state, _ = act(state, 0, {"type": "choose", "pick": "2"})
    state, events = act(state, 1, {"type": "choose", "pick": "2"})
    assert "h3_event_unsold" in kinds(events) and state.decks["artifact"].discard_pile[-1] == second
    # lot 3: no bid
    third = deck(state).revealed[0]
    state, _ = act(state, 0, {"type": "choose", "pick": "0"})
    state, events = act(state, 1, {"type": "choose", "pick": "0"})
    assert state.decks["artifact"].discard_pile[-1] == third and "h3_event_end" in kinds(events)
    assert CLASH.invariants(state) == []


def test_a_bid_above_the_purse_is_refused_and_changes_nothing() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state, _ = to_event(fortress_game(2), "a_shady_auction")
    state = mutate(state)
    _purse(state, 0, gold=5)
    assert refused_rule(state, {"type": "choose", "pick": "6"}, seat=0) == "H3-7.5.4"
    assert refused_rule(state, {"type": "choose", "pick": "-1"}, seat=0) == "H3-7.5.4"


# ---- Library of Enlightenment, Mage Laboratory, Shrine of the Magic Thought --------------------------------
def test_library_two_spells_a_player_each_buys_one_for_gold_or_valuables_the_rest_go_back() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state, _ = to_event(fortress_game(2), "library_of_enlightenment")
    state = mutate(state)
    _purse(state, 0, gold=6)
    _purse(state, 1, gold=0, val=2)
    spells = list(deck(state).revealed)
    assert len(spells) == 4 and all(clash_content().cards[state.cards[c]].kind == "spell" for c in spells)
    in_deck = len(state.decks["spell"].draw_pile)
    assert f"{spells[0]}:gold" in picks(state) and f"{spells[0]}:valuables" not in picks(state)
    state, _ = choose(state, f"{spells[0]}:gold")
    assert state.player(0).resources["gold"] == 0 and spells[0] in state.player(0).deck.hand
    assert prompt(state).seat == 1 and f"{spells[1]}:valuables" in picks(state)
    state, events = choose(state, f"{spells[1]}:valuables")
    assert state.player(1).resources["valuables"] == 0 and spells[1] in state.player(1).deck.hand
    assert len(state.decks["spell"].draw_pile) == in_deck + 2 and "h3_event_returned" in kinds(events)


def test_mage_laboratory_the_bought_spell_is_shuffled_into_the_deck_with_the_discard_pile() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state, _ = to_event(fortress_game(2), "mage_laboratory")
    state = mutate(state)
    _purse(state, 0, gold=4)
    p = state.player(0)
    old = give_card(state, "attack")
    p.deck.hand.remove(old)
    p.deck.discard.append(old)
    spell = deck(state).revealed[0]
    state, events = choose(state, f"{spell}:gold")
    p = state.player(0)
    assert spell in p.deck.draw.draw_pile and old in p.deck.draw.draw_pile and p.deck.discard == []
    assert spell not in p.deck.hand and p.resources["gold"] == 0 and "h3_reshuffled" in kinds(events)


def test_shrine_buy_or_roll_and_the_spells_left_go_to_the_discard_pile() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state, _ = to_event(fortress_game(2), "shrine_of_the_magic_thought")
    state = mutate(state)
    _purse(state, 0, gold=6)
    _purse(state, 1, gold=0)
    spells = list(deck(state).revealed)
    assert "die" in picks(state) and "pass" not in picks(state)  # buy, or roll a resource die
    state, _ = choose(state, f"{spells[0]}:gold")
    assert prompt(state).seat == 1 and picks(state) == ["die"]
    state, events = choose(state, "die")
    assert "h3_rolled" in kinds(events)
    state, _ = to_turn(state, "the end of the Shrine")
    assert state.decks["spell"].discard_pile[-3:] == spells[1:]  # the card says: the spell discard pile


# ---- Magical Forest -----------------------------------------------------------------------------------------
def test_magical_forest_a_face_down_pool_then_a_card_or_4_gold() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state = fortress_game(2)
    spell = give_card(state, "stone_skin", 0)
    state, _ = to_event(state, "magical_forest")
    assert asked(state) == "pool_give" and prompt(state).secret  # the hand is listed: by DM
    assert f"hand:{spell}" in picks(state) and "deck:artifact" in picks(state)
    state, events = choose(state, f"hand:{spell}")
    assert spell not in state.player(0).deck.hand and spell in deck(state).pool
    assert [e.kind for e in events if e.public] == ["h3_event_pool_added"]  # which card: nobody is told
    state, events = choose(state, "deck:artifact")
    seen = next(e for e in events if e.kind == "h3_you_see")
    assert seen.audience == [1]  # "draw and view": the drawer alone
    drawn = deck(state).pool[-1] if deck(state).pool[-1] != spell else deck(state).pool[0]
    # H-12 / H-9 alike: the pool is face down, so the views show its size only
    assert CLASH.view(state, None)["events"]["pool"] == 2
    assert spell not in public_json(state) and drawn not in public_json(state)
    assert set(picks(state)) == {"take", "gold"}
    state, events = choose(state, "take")
    took = next(e for e in events if e.kind == "h3_you_drew")
    assert took.audience == [0] and len(state.player(0).deck.hand) == 1
    gold = state.player(1).resources["gold"]
    state, events = choose(state, "gold")
    assert state.player(1).resources["gold"] == gold + 4
    assert deck(state).pool == [] and "h3_event_returned" in kinds(events)  # H3-7.5.5: the last one goes back
    assert CLASH.invariants(state) == []


# ---- Mercenary Camp -----------------------------------------------------------------------------------------
def test_mercenary_camp_units_laid_out_then_each_may_recruit_one_the_rest_go_back() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state, _ = to_event(fortress_game(2), "mercenary_camp")
    state = mutate(state)
    _purse(state, 0, gold=40, bm=10, val=5)
    assert "bronze:2" in picks(state) and "azure:1" in picks(state) and "pass" in picks(state)
    bronze = len(state.neutral_decks["bronze"].draw_pile)
    state, events = choose(state, "bronze:2")
    laid = next(e for e in events if e.kind == "h3_event_units")
    assert laid.public and len(deck(state).units) == 2 == len(laid.data["units"])  # spread face up
    state, _ = choose(state, "silver:1")
    assert len(deck(state).units) == 3 and asked(state) == "camp_recruit" and prompt(state).seat == 0
    unit = deck(state).units[0]
    army = len(state.player(0).army)
    cost = load().unit(unit).sides["neutral"].cost
    state, _ = choose(state, "0")
    p = state.player(0)
    assert len(p.army) == army + 1 and p.army[-1].card == unit and p.army[-1].side == "neutral"
    assert p.resources["gold"] == 40 - cost.get("gold", 0)
    state, events = choose(state, "pass")
    assert deck(state).units == [] and len(state.neutral_decks["bronze"].draw_pile) >= bronze - 1
    assert "h3_event_returned" in kinds(events)


# ---- Prison ---------------------------------------------------------------------------------------------------
def test_prison_buy_or_free_for_gold_and_the_other_passes_on() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state, _ = to_event(fortress_game(2), "prison")
    state = mutate(state)
    _purse(state, 0, gold=0)
    _purse(state, 1, gold=40, bm=10, val=5)
    assert asked(state) == "prison_draw" and set(picks(state)) == {"bronze", "silver", "gold"}  # never azure
    state, _ = choose(state, "bronze")
    state, _ = choose(state, "silver")  # "from any deck": each card from the deck named
    kept, freed = deck(state).units
    assert asked(state) == "prison_pick" and picks(state) == ["gold:0", "gold:1"]  # nothing to pay with
    state, events = choose(state, "gold:0")
    assert state.player(0).resources["gold"] == 3 and kept in state.neutral_decks["bronze"].discard_pile
    assert "h3_event_unit_passed" in kinds(events) and deck(state).units == [freed]
    # the next player draws one card to the one passed on, then chooses
    state, _ = choose(state, "gold")
    assert len(deck(state).units) == 2 and deck(state).units[0] == freed
    state, events = choose(state, "buy:0")
    assert state.player(1).army[-1].card == freed and "h3_event_end" in kinds(events)
    assert deck(state).units == []


# ---- Mischievous Leprechaun -----------------------------------------------------------------------------------
def test_leprechaun_a_pool_of_four_dice_and_a_matching_roll_takes_one() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state, events = to_event(fortress_game(2), "mischievous_leprechaun")
    pool = next(e for e in events if e.kind == "h3_event_dice_pool")
    assert pool.public and pool.msg is not None
    faces = pool.msg.params["faces"]
    assert isinstance(faces, list) and len(faces) == 4  # 2 treasure and 2 resource dice
    # every face in the pool: each player's roll matches, so each is asked which die to take
    state = mutate(state)
    deck(state).dice = [("treasure", f) for f in range(6)] + [("resource", f) for f in range(6)]
    FLOW.push(state, FLOW.new(state, "leprechaun_roll", 0))
    FLOW.advance(state)
    assert asked(state) == "leprechaun_take" and "skip" in picks(state)
    match = next(p for p in picks(state) if p != "skip" and deck(state).dice[int(p)][0] == "resource")
    gives = face_amounts(state, deck(state).dice[int(match)][1])
    purse = dict(state.player(0).resources)
    before = len(deck(state).dice)
    state, events = choose(state, match)
    assert len(deck(state).dice) == before - 1  # the die leaves the pool and resolves for the taker
    assert all(state.player(0).resources[k] == purse.get(k, 0) + v for k, v in gives.items())
    taken = next(e for e in events if e.kind == "h3_event_die_taken")
    assert taken.public and words(taken.msg).startswith("Seat 1 takes the")


def test_a_shady_auction_with_no_gold_at_the_table_the_lots_go_to_the_discard_pile() -> None:
    # H3-7.5.4 / H3-7.5.5: offered to each player in turn; what nobody takes goes back (or where the card says)
    state = fortress_game(2)
    for p in state.seats:
        p.production = {}
    state, _ = to_event(state, "stables")  # round 3's event: nobody collects gold
    state, _ = to_turn(state, "round 3's first turn")
    state = mutate(state)
    for p in state.seats:
        p.resources["gold"] = 0
    deck(state).deck.draw_pile.insert(0, "a_shady_auction")
    discards = len(state.decks["artifact"].discard_pile)
    state, seen = play_until(state, lambda s: deck(s).current == "a_shady_auction", "round 5's event")
    assert kinds(seen).count("h3_event_unsold") == 3 and "h3_event_bids" not in kinds(seen)  # nobody asked
    assert len(state.decks["artifact"].discard_pile) == discards + 3
