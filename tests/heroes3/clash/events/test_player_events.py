"""The events each player resolves for their own part, clockwise from the drawer (H3-7.5.4 ⟦D: each player for
their own part⟧): a choice among the card's options open to them (P-13), or the card's steps."""

from __future__ import annotations

from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.combat.models import ArmyCard
from engine.heroes3.content.clash import clash_content

from ..helpers import give_card, mutate, play_until
from .helpers import (
    asked,
    choose,
    deck,
    fortress_game,
    kinds,
    option_index,
    picks,
    prompt,
    to_event,
    to_turn,
)


def _purse(state: ClashState, seat: int, gold: int = 0, bm: int = 0, val: int = 0) -> None:
    state.player(seat).resources.update(gold=gold, building_materials=bm, valuables=val)


def _labels(state: ClashState) -> list[str]:
    return [o.label for o in prompt(state).options]


# ---- Crypt -------------------------------------------------------------------------------------------------
def test_crypt_the_necropolis_option_is_offered_to_necropolis_only() -> None:
    state, _ = to_event(fortress_game(2, factions=["castle", "necropolis"]), "crypt")
    assert asked(state) == "event_choice" and prompt(state).rule == "H3-7.5.4" and prompt(state).seat == 0
    assert len(picks(state)) == 2  # Castle: the two options for everyone
    state, events = choose(state, option_index(state, "Take a positive morale token"))
    assert state.player(0).morale == 1 and "h3_event_choice" in kinds(events)
    assert prompt(state).seat == 1 and len(picks(state)) == 3  # Necropolis: its own option too


def test_crypt_the_gamble_gives_nothing_when_a_die_shows_experience() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    outcomes = set()
    for seed in range(1, 12):
        state, _ = to_event(fortress_game(2, seed=seed, factions=["castle", "dungeon"]), "crypt")
        state, events = choose(state, option_index(state, "Take a negative morale token"))
        assert state.player(0).morale == -1  # H3-11.3
        faces = next(e for e in events if e.kind == "h3_rolled").data["faces"]
        experience = any(f in (0, 1) for f in faces)  # the treasure die's two experience faces (D-9)
        lost = "h3_event_gamble_lost" in kinds(events)
        assert lost == experience
        if not lost:  # otherwise one of the two results is resolved
            assert asked(state) == "dice_pick" and prompt(state).seat == 0
        outcomes.add(lost)
    assert outcomes == {True, False}


def test_crypt_necropolis_reinforces_a_bronze_or_silver_unit_for_half_its_cost() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state = fortress_game(2, factions=["castle", "necropolis"])
    state.player(1).army = [ArmyCard(card="skeletons", side="few")]
    state, _ = to_event(state, "crypt")
    state, _ = choose(state, "1")  # seat 1: positive morale
    state = mutate(state)
    _purse(state, 1, gold=20)
    state, _ = choose(state, option_index(state, "Necropolis only"))
    assert asked(state) == "reinforce_pick" and "0" in picks(state)
    state, _ = choose(state, "0")
    assert state.player(1).army[0].side == "pack" and state.player(1).resources["gold"] < 20


# ---- Cursed Swamp ------------------------------------------------------------------------------------------
def test_cursed_swamp_two_spells_removed_give_a_search_3_of_the_artifact_deck() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state = fortress_game(2)
    spells = [give_card(state, "stone_skin", 0), give_card(state, "haste", 0)]
    arrow = give_card(state, "magic_arrow", 0)
    state, _ = to_event(state, "cursed_swamp")
    state, _ = choose(state, option_index(state, "Remove one or more spell cards"))
    assert asked(state) == "event_remove" and prompt(state).secret  # the hand is listed: by DM
    assert set(picks(state)) == set(spells)  # no "done" before one is removed; Magic Arrow stays (house)
    assert arrow not in picks(state)
    state, events = choose(state, spells[0])
    assert spells[0] in state.player(0).deck.removed and "h3_removed" in kinds(events)  # H3-13.2.8
    assert "done" in picks(state)
    state, _ = choose(state, spells[1])
    assert asked(state) == "search" and _search_size(state) == 3  # Search (3) of the artifact deck


def _search_size(state: ClashState) -> int:
    msg = prompt(state).msg
    assert msg is not None
    n = msg.params["n"]
    assert isinstance(n, int)
    return n


def test_cursed_swamp_the_spell_option_needs_a_spell_and_the_cheapest_unit_is_discarded() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state = fortress_game(2, factions=["castle", "dungeon"])
    state.player(0).army = [ArmyCard(card="champions", side="few"), ArmyCard(card="halberdiers", side="pack")]
    state, _ = to_event(state, "cursed_swamp")
    assert len(picks(state)) == 2  # no spell in hand, not Necropolis: morale and dice, or the cheapest unit
    state, events = choose(state, option_index(state, "Discard your cheapest unit"))
    assert [a.card for a in state.player(0).army] == ["champions"] and "h3_unit_out" in kinds(events)


def test_cursed_swamp_an_army_left_empty_gets_its_starting_units_back() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state = fortress_game(2)
    start = list(state.player(0).starting_units)
    state.player(0).army = [ArmyCard(card="halberdiers", side="few")]
    state, _ = to_event(state, "cursed_swamp")
    state, events = choose(state, option_index(state, "Discard your cheapest unit"))
    assert state.player(0).army == start and "h3_army_refilled" in kinds(events)  # H3-26.5 (house)


# ---- Den of Thieves ----------------------------------------------------------------------------------------
def test_den_of_thieves_a_private_look_a_purchase_and_the_rest_on_top() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state, _ = to_event(fortress_game(2), "den_of_thieves")
    state = mutate(state)
    _purse(state, 0, gold=40, bm=10, val=5)
    assert asked(state) == "den_tier" and "azure" in picks(state)
    top = state.neutral_decks["bronze"].draw_pile[:2]
    state, events = choose(state, "bronze")
    seen = next(e for e in events if e.kind == "h3_you_see")
    peeked = next(e for e in events if e.kind == "h3_event_peeked")
    assert seen.audience == [0] and peeked.public  # H-10: which units, only the looker knows
    assert not any(u in str(peeked.model_dump()) for u in top)
    assert asked(state) == "den_buy" and prompt(state).secret
    state, events = choose(state, "0")
    assert state.player(0).army[-1].card == top[0] and "h3_recruited" in kinds(events)
    assert asked(state) == "den_place" and set(picks(state)) == {"top", "bottom"}
    state, events = choose(state, "top")
    assert state.neutral_decks["bronze"].draw_pile[0] == top[1] and "h3_event_put" in kinds(events)
    assert prompt(state).seat == 1 and asked(state) == "den_tier"  # then the next player, clockwise


# ---- Garden of Revelation, Market of Time, School of Magic and School of War --------------------------------
def test_garden_draw_four_from_the_discard_pile_remove_for_searches_then_a_fresh_hand() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state = fortress_game(2)
    p = state.player(0)
    pile = [give_card(state, c, 0) for c in ("stone_skin", "haste", "attack", "defense", "power")]
    for c in pile:
        p.deck.hand.remove(c)
        p.deck.discard.append(c)
    state, _ = to_event(state, "garden_of_revelation")
    state, _ = choose(state, option_index(state, "Draw 4 cards"))
    assert asked(state) == "draw_source"
    state, events = choose(state, "discard")
    p = state.player(0)
    assert p.deck.hand == pile[1:] and p.deck.discard == pile[:1]  # the top 4 of the (public) pile
    assert "h3_event_from_discard" in kinds(events)
    assert set(picks(state)) == {pile[1], "done"}  # haste is the one spell or ability card in hand
    state, events = choose(state, pile[1])  # removed; nothing else to remove, one removed: no Search
    p = state.player(0)
    assert pile[1] in p.deck.removed and "h3_event_hand_discarded" in kinds(events)
    assert len(p.deck.hand) == 4  # the old hand discarded, then up to the hand limit (H3-12.11: level I, 4)
    assert prompt(state).seat == 1  # seat 1's part comes next


def test_market_of_time_discard_draw_to_limit_plus_2_and_search_the_artifact_deck() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state = fortress_game(2)
    spells = [give_card(state, "stone_skin", 0), give_card(state, "haste", 0)]
    extra = give_card(state, "attack", 0)
    state, _ = to_event(state, "market_of_time")
    state, _ = choose(state, option_index(state, "Discard any cards"))
    assert asked(state) == "discard_any" and prompt(state).secret
    state, _ = choose(state, extra)
    state, _ = choose(state, "done")
    p = state.player(0)
    assert extra in p.deck.discard and len(p.deck.hand) == 4 + 2  # H3-12.11: level I limit 4, +2
    state, _ = choose(state, spells[0])
    state, _ = choose(state, spells[1])
    assert asked(state) in ("search", "event_remove")
    if asked(state) == "event_remove":
        state, _ = choose(state, "done")
    assert asked(state) == "search"  # 2 removed: one Search (2) of the artifact deck


def test_school_searches_the_ability_or_spell_deck() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state = fortress_game(2)
    spells = [give_card(state, "stone_skin", 0), give_card(state, "haste", 0)]
    state, _ = to_event(state, "school_of_magic_and_school_of_war")
    state, _ = choose(state, option_index(state, "Discard any cards"))
    state, _ = choose(state, "done")
    for c in spells:
        state, _ = choose(state, c)
    if asked(state) == "event_remove":
        state, _ = choose(state, "done")
    assert asked(state) == "time_market" and set(picks(state)) == {"ability", "spell", "skip"}


# ---- Marketplace -------------------------------------------------------------------------------------------
def test_marketplace_an_exchange_the_next_player_accepts() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state, _ = to_event(fortress_game(3), "marketplace")
    state = mutate(state)
    _purse(state, 0, gold=10)
    _purse(state, 1, gold=0, bm=5)
    state, _ = choose(state, option_index(state, "Offer the other players"))
    assert asked(state) == "exchange_offer"
    for pick in ("give:gold", "give:gold", "want:building_materials"):
        state, _ = choose(state, pick)
    assert "give:valuables" not in picks(state) and "want:gold" not in picks(state)  # one type for one type
    state, events = choose(state, "propose")
    assert "h3_event_exchange" in kinds(events) and CLASH.view(state, None)["events"]["exchange"]["by"] == 0
    assert prompt(state).seat == 1 and set(picks(state)) == {"accept", "decline"}
    state, events = choose(state, "accept")
    assert state.player(0).resources["gold"] == 8 and state.player(0).resources["building_materials"] == 1
    assert state.player(1).resources["gold"] == 2 and state.player(1).resources["building_materials"] == 4
    assert "h3_event_exchanged" in kinds(events) and deck(state).exchange is None
    assert prompt(state).seat == 1 and asked(state) == "event_choice"  # seat 2's own choice; seat 3 never asked


# ---- Messenger with Supplies -------------------------------------------------------------------------------
def test_messenger_two_artifacts_seen_privately_buy_one_or_discard_both_for_dice() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state = fortress_game(2)
    state.player(0).resources["gold"] = 20
    state, events = to_event(state, "messenger_with_supplies")
    seen = next(e for e in events if e.kind == "h3_you_see")
    two = list(state.player(0).searching)
    assert seen.audience == [0] and len(two) == 2 and asked(state) == "messenger" and prompt(state).secret
    state, events = choose(state, two[0])
    p = state.player(0)
    assert two[0] in p.deck.hand and p.searching == [] and two[1] in state.decks["artifact"].draw_pile  # H3-7.5.5
    kept = next(e for e in events if e.kind == "h3_event_kept")
    assert kept.public and state.cards[two[0]] not in str(kept.model_dump())  # bought unnamed: seen by one
    # seat 2 puts both on the discard pile and rolls 2 resource dice
    other = list(state.player(1).searching)
    state, events = choose(state, "dice")
    assert state.decks["artifact"].discard_pile[-2:] == other and "h3_rolled" in kinds(events)


# ---- Stables, The Villagers' Plea --------------------------------------------------------------------------
def test_stables_one_more_mp_or_one_mp_for_a_resource_die() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state, _ = to_event(fortress_game(2), "stables")
    main = state.player(0).main
    assert main is not None and main.mp_left() == 3
    state, _ = choose(state, option_index(state, "Your main hero gains 1 MP"))
    main = state.player(0).main
    assert main is not None and main.mp_left() == 4
    state, events = choose(state, option_index(state, "Spend 1 MP"))
    other = state.player(1).main
    assert other is not None and other.mp_left() == 2 and "h3_rolled" in kinds(events)


def test_villagers_plea_only_the_ways_a_player_can_help_are_offered() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state = fortress_game(2)
    state, _ = to_event(state, "the_villagers_plea")
    state = mutate(state)
    _purse(state, 0, gold=4, bm=0)
    give_card(state, "stone_skin", 0)
    labels = _labels(state)
    assert [lb.split(".")[0] for lb in labels] == [
        "Remove an artifact or spell card from your hand",
        "Spend 1 MP of one of your heroes",
    ]  # 4 gold and no building materials: neither payment is offered
    state = mutate(state)
    _purse(state, 0, gold=5, bm=1)
    assert len(picks(state)) == 4
    state, _ = choose(state, option_index(state, "Pay 5 gold"))
    assert state.player(0).resources["gold"] == 0


def test_villagers_plea_a_single_way_is_taken_without_a_question() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state = fortress_game(2)
    state, _ = to_event(state, "stables")
    state, _ = to_turn(state, "round 3's first turn")
    state = mutate(state)
    deck(state).deck.draw_pile.insert(0, "the_villagers_plea")
    deck(state).drawer = 1
    for p in state.seats:
        _purse(state, p.seat, gold=0, bm=0)
        p.production = {}  # no income in round 5 either
    state, seen = play_until(state, lambda s: deck(s).current == "the_villagers_plea", "round 5's event")
    spent = [e for e in seen if e.kind == "h3_event_mp_spent"]
    assert len(spent) == 2  # no card, no purse: each spends 1 MP, the only way left, unasked


# ---- Withered Hermit ---------------------------------------------------------------------------------------
def test_withered_hermit_name_a_resource_and_the_dice_decide() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    outcomes = set()
    for seed in range(1, 10):
        state, _ = to_event(fortress_game(2, seed=seed), "withered_hermit")
        state, _ = choose(state, option_index(state, "Name a resource"))
        assert asked(state) == "hermit_name"
        state, events = choose(state, "valuables")
        faces = next(e for e in events if e.kind == "h3_rolled").data["faces"]
        shown = any(f in (2, 3) for f in faces)  # the resource die's valuables faces (D-9)
        assert asked(state) == ("hermit_lose" if shown else "dice_pick")
        outcomes.add(shown)
    assert outcomes == {True, False}


def test_withered_hermit_pay_what_the_die_shows_for_a_search() -> None:
    # H3-7.5.4: each player resolves their own part, clockwise from the drawer
    state, _ = to_event(fortress_game(2), "withered_hermit")
    state = mutate(state)
    _purse(state, 0, gold=20, bm=10, val=5)
    state, _ = choose(state, option_index(state, "Roll 1 resource die"))
    assert asked(state) == "hermit_pay" and set(picks(state)) == {"pay", "decline"}
    before = dict(state.player(0).resources)
    state, _ = choose(state, "pay")
    assert asked(state) == "search" and sum(state.player(0).resources.values()) < sum(before.values())


def test_every_option_text_is_an_event_option_of_the_content() -> None:
    # P-13: the options a player sees are the card's own (our words), never an id
    for card in clash_content().events.values():
        assert all(o.text and not o.text.startswith("h3.") for o in card.options)
