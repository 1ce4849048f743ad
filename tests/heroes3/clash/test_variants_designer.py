"""H3-48.1, H3-48.4, H3-48.2 and H3-48.5, designer variants as table options: each is off by default (H3-48: "each
is off by default and must be agreed at setup"); the tests play the same position with the
variant on and off, so the variant is shown to change the game and the game without it to stay
as it was."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.adventure import effects, encounters, visits
from engine.heroes3.cards import deck as cards
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.invariants import check
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, Player
from engine.heroes3.combat import cards as combat_cards
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat
from engine.heroes3.content import load
from engine.heroes3.content.clash import Step as Effect
from engine.heroes3.content.clash import clash_content

from ..helpers import dice, hand, side, unit
from .helpers import act, front, mutate, new_game, to_main


def _kind(state: ClashState, inst: str) -> str:
    return clash_content().cards[state.cards[inst]].kind


def _in_hand(state: ClashState, card: str) -> str:
    """Move seat 0's copy of content card ``card`` from its deck to its hand (tests arrange hands)."""
    p = state.player(0)
    inst = next(i for i in p.deck.draw.draw_pile if state.cards[i] == card)
    p.deck.draw.draw_pile.remove(inst)
    p.deck.hand.append(inst)
    return inst


def _at_hand_step(**options: Any) -> ClashState:
    state = new_game(**options)
    assert front(state).kind == "hand" and front(state).seat == 0
    return mutate(state)


# ---- H3-48.1 chaos deck ----------------------------------------------------------------------------------
def test_the_designer_variants_are_off_by_default() -> None:
    # H3-48: off unless agreed at setup
    plain = new_game()
    assert not any(plain.variant(v) for v in ("chaos_deck", "split_decks", "neutral_armies"))
    assert new_game(chaos_deck=True).variants == ["chaos_deck"]


@pytest.mark.parametrize("on", [False, True])
@pytest.mark.parametrize("card", ["leadership", "magic_arrow"])
def test_chaos_deck_replaces_a_discarded_card_from_its_shared_deck(on: bool, card: str) -> None:
    # H3-48.1: a discarded ability/spell is removed and the top card of the matching deck
    # goes face up to the discard pile; off, H3-13.2.2 puts the card itself on the pile
    state = _at_hand_step(chaos_deck=on)
    inst = _in_hand(state, card)
    name = _kind(state, inst)
    top = state.decks[name].draw_pile[0]
    state, events = act(state, 0, {"type": "discard", "card": inst})
    p = state.player(0)
    if on:
        assert inst in p.deck.removed and inst not in p.deck.discard
        assert p.deck.discard == [top] and top not in state.decks[name].draw_pile
        (swap,) = [e for e in events if e.kind == "h3_chaos"]
        assert swap.data["removed"] == inst and swap.data["added"] == top
        public = CLASH.view(state, 1)
        assert state.cards[top] in public["players"][0]["discard"]  # face up: public (H3-48.1 ⟦H⟧)
    else:
        assert p.deck.discard == [inst] and not p.deck.removed
        assert state.decks[name].draw_pile[0] == top
        assert not any(e.kind == "h3_chaos" for e in events)
    assert check(state) == []


@pytest.mark.parametrize("card", ["attack", "crusaders"])
def test_chaos_deck_discards_statistic_and_specialty_cards_normally(card: str) -> None:
    # H3-48.1: "Statistic and specialty cards are discarded normally" (H3-16.3)
    state = _at_hand_step(chaos_deck=True)
    inst = _in_hand(state, card)
    state, events = act(state, 0, {"type": "discard", "card": inst})
    assert state.player(0).deck.discard == [inst] and not state.player(0).deck.removed
    assert not any(e.kind.startswith("h3_chaos") for e in events)


def test_chaos_deck_replacement_is_not_replaced_again() -> None:
    # H3-48.1: the new card is put into the discard pile, not discarded, so it stays there
    state = _at_hand_step(chaos_deck=True)
    first = _in_hand(state, "leadership")
    second = _in_hand(state, "magic_arrow")
    state, _ = act(state, 0, {"type": "discard", "card": first})
    added = state.player(0).deck.discard[0]
    state, _ = act(state, 0, {"type": "discard", "card": second})
    p = state.player(0)
    assert added in p.deck.discard and {first, second} <= set(p.deck.removed)
    assert len(p.deck.discard) == 2 and check(state) == []


def _empty_deck_with_discard(p: Player, inst: str) -> None:
    p.deck.hand.extend(p.deck.draw.draw_pile)
    p.deck.draw.draw_pile.clear()
    p.deck.hand.remove(inst)
    p.deck.discard.append(inst)  # discarded but not yet settled


@pytest.mark.parametrize("on", [False, True])
def test_chaos_deck_settles_before_the_discard_pile_is_reshuffled(on: bool) -> None:
    # H3-48.1 with H3-13.2.3: a discard must not slip back into the deck through the reshuffle
    state = _at_hand_step(chaos_deck=on)
    p = state.player(0)
    inst = next(i for i in p.deck.draw.draw_pile if state.cards[i] == "leadership")
    _empty_deck_with_discard(p, inst)
    events = cards.draw(state, p, 1)
    assert (inst in p.deck.removed) is on
    assert (inst in p.deck.hand + p.deck.draw.draw_pile) is not on
    assert any(e.kind == "h3_chaos" for e in events) is on


def test_chaos_deck_leaves_a_gain_to_the_discard_pile_alone() -> None:
    # H3-48.1 replaces discards only; under the H3-48.8 row a gained card lands on the pile unplayed
    state = new_game(difficulty="easy", gains_to_discard=True, chaos_deck=True)
    state, _ = act(state, 0, {"type": "choose", "pick": "search"})
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    keep = state.player(0).searching[0]
    state, _ = act(state, 0, {"type": "search", "choice": "keep", "card": keep})
    assert keep in state.player(0).deck.discard and keep not in state.player(0).deck.removed


# ---- H3-48.4 split artifact and spell decks --------------------------------------------------------------
def _field_on(state: ClashState, kind: str) -> tuple[int, int]:
    """A field of a placed tile with back ``kind`` (starting, far, near, centre)."""
    tile = next(t for t in state.tiles if t.kind == kind)
    return tile.centre


@pytest.mark.parametrize("on", [False, True])
def test_split_decks_sort_artifacts_by_rank_and_spells_by_level(on: bool) -> None:
    # H3-48.4: five decks, each with its top card face up as its discard pile; off, one of each (H3-6.15)
    state = new_game(split_decks=on)
    c = clash_content()
    if not on:
        assert set(state.decks) == {"ability", "artifact", "spell"}
        return
    assert set(state.decks) == {
        "ability",
        "artifact_minor",
        "artifact_major",
        "artifact_relic",
        "spell_basic",
        "spell_expert",
    }
    for name, deck in state.decks.items():
        assert len(deck.discard_pile) == 1  # turned face up at setup
        if name == "ability":
            continue
        want = name.split("_", 1)[1]
        for inst in deck.draw_pile + deck.discard_pile:
            card = c.cards[state.cards[inst]]
            assert (card.rank if card.kind == "artifact" else card.spell_level) == want
    plain = new_game()
    assert sum(len(d.draw_pile) + len(d.discard_pile) for d in state.decks.values()) == sum(
        len(d.draw_pile) + len(d.discard_pile) for d in plain.decks.values()
    )
    assert check(state) == []


@pytest.mark.parametrize(
    ("back", "artifacts", "spells"),
    [
        ("starting", ["artifact_minor"], ["spell_basic"]),
        ("far", ["artifact_minor"], ["spell_basic"]),
        ("near", ["artifact_minor", "artifact_major"], ["spell_basic", "spell_expert"]),
        ("centre", ["artifact_minor", "artifact_major", "artifact_relic"], ["spell_basic", "spell_expert"]),
    ],
)
def test_split_decks_in_reach_follow_the_tile_the_hero_stands_on(
    back: str, artifacts: list[str], spells: list[str]
) -> None:
    # H3-48.4 table: I and II-III minor / basic; IV-V + major / expert; VI-VII + relic
    state = new_game(split_decks=True)
    at = _field_on(state, back)
    assert cards.deck_choices(state, 0, "artifact", at) == artifacts
    assert cards.deck_choices(state, 0, "spell", at) == spells
    assert cards.deck_choices(state, 0, "ability", at) == ["ability"]
    assert cards.deck_choices(new_game(), 0, "artifact", at) == ["artifact"]  # off: the one deck


def test_split_decks_a_search_on_a_near_tile_asks_which_deck_first() -> None:
    # H3-48.4: "Search (X) ... from one available deck ... (choose if several)"; a deck out of reach
    # is refused with the rule and nothing changes
    state = mutate(new_game(split_decks=True))
    at = _field_on(state, "near")
    cards.start_search(state, 0, "artifact", 2, at=at)
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.rule == "H3-48.4"
    assert [o.action["deck"] for o in prompt.options] == ["artifact_minor", "artifact_major"]
    before = state.model_dump()
    with pytest.raises(RuleViolation) as refused:
        act(state, 0, {"type": "search", "choice": "deck", "deck": "artifact_relic"})
    assert refused.value.rule == "H3-48.4"
    assert state.model_dump() == before
    state, events = act(state, 0, {"type": "search", "choice": "deck", "deck": "artifact_major"})
    assert any(e.kind == "h3_split_deck" for e in events)
    top = state.decks["artifact_major"].draw_pile[:2]
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    assert state.player(0).searching == top
    assert all(clash_content().cards[state.cards[c]].rank == "major" for c in top)


@pytest.mark.parametrize("on", [False, True])
def test_split_decks_a_gain_not_from_the_map_uses_the_main_hero_position(on: bool) -> None:
    # H3-48.4: buying spells at the Mage Guild (H3-10.4.3) reads the main hero's tile; at the start
    # it stands in its town on a starting tile (I), so only the basic spell deck, with no question
    state = to_main(new_game(split_decks=on), 0)
    state = mutate(state)
    p = state.player(0)
    p.buildings.append(next(b.id for b in clash_content().towns[p.faction].buildings if b.kind == "mage_guild"))
    p.mage_guild_round = 0
    p.resources["gold"] = 10
    state, _ = act(state, 0, {"type": "spellbook"})
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-13.2.5"
    name = "spell_basic" if on else "spell"
    top = state.decks[name].draw_pile[:2]
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    assert state.player(0).searching == top


def test_split_decks_the_trading_post_artifact_asks_which_deck_in_reach() -> None:
    # H3-48.4 with the H3-48.8 free-trade row: the post's tile decides the decks; on a near tile
    # the player picks minor or major, and the drawn card stays the drawer's secret (H-1)
    state = mutate(to_main(new_game(split_decks=True, free_trade=True), 0))
    at = _field_on(state, "near")
    assert visits._post_artifact(state, 0, at) == []  # the bonus waits for the choice
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-48.4" and [o.action["pick"] for o in prompt.options] == [
        "artifact_minor",
        "artifact_major",
    ]
    top = state.decks["artifact_major"].draw_pile[0]
    state, events = act(state, 0, {"type": "choose", "pick": "artifact_major"})
    assert top in state.player(0).deck.hand
    assert not any(top in str(e.data) or state.cards[top] in str(e.data) for e in events if e.audience is None)


@pytest.mark.parametrize("on", [False, True])
def test_chaos_deck_with_split_decks_replaces_from_the_card_own_split_deck(on: bool) -> None:
    # "matching deck" is the deck the removed card belongs to: under H3-48.4 its rank's deck
    state = _at_hand_step(chaos_deck=True, split_decks=on)
    inst = _in_hand(state, "magic_arrow")
    name = "spell_basic" if on else "spell"
    assert cards.home_deck(state, inst) == name
    top = state.decks[name].draw_pile[0]
    state, _ = act(state, 0, {"type": "discard", "card": inst})
    assert state.player(0).deck.discard == [top]


# ---- H3-48.2 neutral armies ------------------------------------------------------------------------------
def _with_dwellings(**options: Any) -> ClashState:
    state = mutate(to_main(new_game(factions=["castle", "dungeon"], **options), 0))
    p = state.player(0)
    p.buildings += ["castle_dwelling_bronze", "castle_dwelling_silver"]
    p.resources.update(gold=60, building_materials=20, valuables=20)
    return state


@pytest.mark.parametrize("on", [False, True])
def test_neutral_armies_replace_faction_recruiting_in_the_town_menu(on: bool) -> None:
    # H3-48.2 "do not recruit normally" against H3-26.3 (faction units offered per built dwelling)
    state = _with_dwellings(neutral_armies=on)
    actions = [o.action for o in CLASH.prompts(state)[0].options if o.action["type"] == "recruit"]
    assert any(a.get("neutrals") for a in actions) is on
    assert any(a["recruit"] for a in actions) is not on
    if on:
        before = state.model_dump()
        with pytest.raises(RuleViolation) as refused:
            act(state, 0, {"type": "recruit", "recruit": ["pikemen"], "reinforce": []})
        assert refused.value.rule == "H3-48.2" and state.model_dump() == before
    else:
        with pytest.raises(RuleViolation) as refused:
            act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [], "neutrals": True})
        assert refused.value.rule == "H3-48.2"


def test_neutral_armies_draw_two_per_dwelling_recruit_any_and_discard_the_rest() -> None:
    # H3-48.2: 2 of each owned dwelling's tier (bronze, silver), drawn face up; recruit any by
    # paying each cost (on the single neutral side, H3-26.7); the rest go to their discard piles
    state = _with_dwellings(neutral_armies=True)
    bronze, silver = state.neutral_decks["bronze"].draw_pile[:2], state.neutral_decks["silver"].draw_pile[:2]
    state, events = act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [], "neutrals": True})
    (drawn,) = [e for e in events if e.kind == "h3_neutral_armies"]
    assert drawn.audience is None and drawn.data["units"] == bronze + silver  # public (H3-48.2 ⟦H⟧)
    assert "population" in state.player(0).tokens_used
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.rule == "H3-48.2"
    gold = state.player(0).resources["gold"]
    state, _ = act(state, 0, {"type": "choose", "pick": "2"})
    p = state.player(0)
    cost = load().unit(silver[0]).sides["neutral"].cost
    assert p.army[-1].card == silver[0] and p.army[-1].side == "neutral"
    assert p.resources["gold"] == gold - cost.get("gold", 0)
    picks = [o.action["pick"] for o in CLASH.prompts(state)[0].options]
    assert "2" not in picks and "done" in picks  # each drawn card once
    state, _ = act(state, 0, {"type": "choose", "pick": "done"})
    for card in bronze:
        assert card in state.neutral_decks["bronze"].discard_pile
    assert silver[1] in state.neutral_decks["silver"].discard_pile
    assert silver[0] not in state.neutral_decks["silver"].discard_pile
    assert FLOW.current(state) is not None and front(state).kind == "main"


def test_neutral_armies_need_a_dwelling() -> None:
    # H3-48.2: "for each dwelling you own": with none there is nothing to draw, and it is refused
    state = mutate(to_main(new_game(neutral_armies=True), 0))
    assert not any(o.action.get("neutrals") for o in CLASH.prompts(state)[0].options)
    with pytest.raises(RuleViolation) as refused:
        act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [], "neutrals": True})
    assert refused.value.rule == "H3-48.2"


@pytest.mark.parametrize("on", [False, True])
def test_chaos_deck_a_knowledge_card_does_not_save_the_spell(on: bool) -> None:
    # H3-48.1: "Even if a Knowledge card returns a spell to your hand, that spell is still removed"
    # (H3-14.2): under the chaos deck the spell stays on the pile for the replacement after the combat
    c = Combat(
        kind="player",
        sides=[side(0, cards=["knowledge", "magic_arrow"]), side(1, cards=[])],
        units=[unit("a1", "crusaders", "few", 0, (0, 1)), unit("d1", "skeletons", "few", 1, (0, 3))],
        variants=["chaos_deck"] if on else [],
    )
    deck = c.sides[0].deck
    assert deck is not None
    spell = hand(c, 0, "magic_arrow")
    deck.hand.remove(spell)
    deck.discard.append(spell)
    c.sides[0].last_spell = spell
    action = Play(type="play", card=hand(c, 0, "knowledge"), mode="basic")
    events = combat_cards.play(c, c.sides[0], action, dice())
    assert (spell in deck.discard) is on and (spell in deck.hand) is not on
    assert any(e.kind == "h3_chaos_no_recall" for e in events) is on


# ---- H3-48.5 gold pool -----------------------------------------------------------------------------------
@pytest.mark.parametrize("on", [False, True])
def test_gold_pool_reserves_what_the_population_token_pays(on: bool) -> None:
    # H3-48.5: "the resources paid go into a separate reserved pool ... instead of back to the supply"
    state = _with_dwellings(gold_pool=on)
    gold = state.player(0).resources["gold"]
    cost = load().unit("griffins").sides["few"].cost
    state, _ = act(state, 0, {"type": "recruit", "recruit": ["griffins"], "reinforce": []})
    p = state.player(0)
    assert p.resources["gold"] == gold - cost.get("gold", 0)  # spent either way
    assert (p.reserved.get("gold", 0) == cost.get("gold", 0)) is on
    assert [e.card for e in p.pool_units] == (["griffins"] if on else [])
    public = CLASH.view(state, 1)
    assert public["players"][0]["reserved"] == ({"gold": cost["gold"]} if on else {})  # public (H3-48.5 ⟦H: —⟧)


def test_gold_pool_selling_a_unit_returns_its_cost_and_recruiting_reserves_again() -> None:
    # H3-48.5: "at your next population-token use you may freely reshape your army: buy new units and
    # also sell existing ones"; a sold unit's cost returns from the reserved pool to the unspent pool
    state = _with_dwellings(gold_pool=True)
    state, _ = act(state, 0, {"type": "recruit", "recruit": ["griffins"], "reinforce": []})
    state = mutate(state)
    state.player(0).tokens_used.remove("population")  # the next round's token
    p = state.player(0)
    gold, reserved = p.resources["gold"], p.reserved["gold"]
    state, _ = act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [], "reshape": True})
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-48.5"
    picks = [o.action["pick"] for o in prompt.options]
    sell = next(pk for pk in picks if pk.startswith("s"))
    state, events = act(state, 0, {"type": "choose", "pick": sell})
    p = state.player(0)
    assert "griffins" not in [a.card for a in p.army] and p.reserved["gold"] == 0
    assert p.resources["gold"] == gold + reserved and any(e.kind == "h3_sold" for e in events)
    state, _ = act(state, 0, {"type": "choose", "pick": "rgriffins"})  # bought back in the same use
    assert state.player(0).reserved["gold"] == reserved
    state, _ = act(state, 0, {"type": "choose", "pick": "done"})
    assert front(state).kind == "main" and "population" in state.player(0).tokens_used


@pytest.mark.parametrize("on", [False, True])
def test_gold_pool_a_lost_unit_and_a_flip_to_few_give_back_their_costs(on: bool) -> None:
    # H3-48.5: "when a unit is sold or dies, return its cost"; "when a unit flips from Pack to Few,
    # you get its reinforcement cost back" (the refunds happen when the unit deck changes)
    state = _with_dwellings(gold_pool=on)
    state.player(0).buildings.append("castle_citadel")
    state, _ = act(state, 0, {"type": "recruit", "recruit": ["griffins"], "reinforce": []})
    state = mutate(state)
    p = state.player(0)
    p.tokens_used.remove("population")
    i = next(j for j, a in enumerate(p.army) if a.card == "griffins")
    state, _ = act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [i]})
    recruit = load().unit("griffins").sides["few"].cost.get("gold", 0)
    pack = load().unit("griffins").sides["pack"].cost.get("gold", 0)
    assert state.player(0).reserved.get("gold", 0) == ((recruit + pack) if on else 0)
    state = mutate(state)
    p = state.player(0)
    p.army[i] = p.army[i].model_copy(update={"side": "few"})  # damage flipped it (H3-26.2)
    gold = p.resources["gold"]
    state, events = act(state, 0, {"type": "end_turn"})
    assert state.player(0).resources["gold"] == gold + (pack if on else 0)
    assert any(e.kind == "h3_pool_refund" for e in events) is on
    state = mutate(state)
    p = state.player(0)
    p.army = [a for a in p.army if a.card != "griffins"]  # defeated (H3-26.2)
    gold = p.resources["gold"]
    prompt = CLASH.prompts(state)[0]
    state, _ = act(state, prompt.seat, dict(prompt.options[0].action))
    assert state.player(0).resources["gold"] == gold + (recruit if on else 0)
    assert state.player(0).reserved.get("gold", 0) == 0 and state.player(0).pool_units == []


def test_gold_pool_reshaping_is_refused_unless_agreed() -> None:
    # H3-48: off by default; nothing changes on the refusal
    state = _with_dwellings()
    before = state.model_dump()
    with pytest.raises(RuleViolation) as refused:
        act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [], "reshape": True})
    assert refused.value.rule == "H3-48.5" and state.model_dump() == before


def test_gold_pool_never_sells_the_last_unit() -> None:
    # H3-48.5 with H3-26.5 / H3-32.2 (house rule): a sale is no defeat, so no refill would follow
    state = _with_dwellings(gold_pool=True)
    state, _ = act(state, 0, {"type": "recruit", "recruit": ["griffins"], "reinforce": []})
    state = mutate(state)
    p = state.player(0)
    p.army = [a for a in p.army if a.card == "griffins"]
    p.tokens_used.remove("population")
    state, _ = act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [], "reshape": True})
    assert not any(o.action["pick"].startswith("s") for o in CLASH.prompts(state)[0].options)


@pytest.mark.parametrize("on", [False, True])
def test_split_decks_a_location_search_reads_the_visiting_hero_tile(on: bool) -> None:
    # H3-48.4: "depending on where your hero is": a map location's Search (here an Artifact field's,
    # H3-50.1) by a main hero on a centre tile (VI-VII) may use all three artifact decks
    state = mutate(to_main(new_game(split_decks=on), 0))
    main = state.player(0).main
    assert main is not None
    main.field = _field_on(state, "centre")
    effects.push_effects(state, 0, "main", [Effect(effect="search", params={"deck": "artifact", "x": 2})])
    FLOW.advance(state)
    prompt = CLASH.prompts(state)[0]
    if on:
        assert prompt.rule == "H3-48.4"
        assert [o.action["deck"] for o in prompt.options] == ["artifact_minor", "artifact_major", "artifact_relic"]
    else:
        assert prompt.rule == "H3-13.2.5" and FLOW.current(state) is not None
        assert front(state).data["deck"] == "artifact"


@pytest.mark.parametrize("on", [False, True])
def test_split_decks_the_black_market_shows_the_discard_piles_in_reach(on: bool) -> None:
    # H3-50.6 under H3-48.4: on a near tile (IV-V) the minor and major discard piles are in reach
    state = mutate(to_main(new_game(split_decks=on), 0))
    main = state.player(0).main
    assert main is not None
    main.field = _field_on(state, "near")
    state.player(0).resources["gold"] = 30
    prices = {"minor": 5, "major": 7, "relic": 10}
    effects.push_effects(state, 0, "main", [Effect(effect="buy_artifact", params={"x": 4, "prices": prices})])
    FLOW.advance(state)
    offered = [o.action["pick"] for o in CLASH.prompts(state)[0].options if o.action["pick"] != "skip"]
    names = ["artifact_minor", "artifact_major"] if on else ["artifact"]
    assert offered == [c for n in names for c in state.decks[n].discard_pile[-4:]]
    state, _ = act(state, 0, {"type": "choose", "pick": offered[-1]})
    assert offered[-1] in state.player(0).deck.hand
    assert offered[-1] not in state.decks[names[-1]].discard_pile
    assert not [f for f in check(state) if f.startswith("card")]  # each card in one zone (the hero was placed)


@pytest.mark.parametrize("on", [False, True])
def test_chaos_deck_a_combat_reshuffle_leaves_out_what_the_chaos_deck_removed(on: bool) -> None:
    # H3-48.1: "whenever you would discard a card, remove it instead": a card discarded in a combat is
    # out of play, so a reshuffle in that combat (H3-13.2.3) must not put it back into the draw pile
    s = side(0, cards=["magic_arrow", "attack"])
    deck = s.deck
    assert deck is not None
    spell, stat = deck.hand
    deck.hand.clear()
    deck.discard += [spell, stat]
    if on:
        deck.chaos_exempt = [stat]  # a statistic card is discarded normally
    combat_cards.draw(s, 2, dice())
    assert sorted(deck.hand) == (sorted([spell, stat]) if not on else [stat])
    assert deck.chaos_held == ([spell] if on else [])
    assert sorted(deck.all_cards()) == sorted([spell, stat])  # nothing lost track of


def test_chaos_deck_a_card_held_in_combat_is_replaced_when_the_combat_ends() -> None:
    # H3-48.1 with A-48: the held card goes back to its owner's pile when the combat ends, and the
    # chaos deck's settling then removes it and puts the top of its shared deck there instead
    state = new_game(chaos_deck=True)
    p = state.player(0)
    deck = encounters.combat_deck(state, p)
    assert deck.chaos_exempt is not None
    kinds = {inst: _kind(state, inst) for inst in deck.all_cards()}
    assert all(i in deck.chaos_exempt for i, k in kinds.items() if k in ("statistic", "specialty"))
    inst = next(i for i, k in kinds.items() if k not in ("statistic", "specialty"))  # the starting ability
    for zone in (deck.hand, deck.draw.draw_pile, deck.discard):
        if inst in zone:
            zone.remove(inst)  # discarded in the combat, then a reshuffle comes
    assert deck.to_reshuffle([inst]) == [] and deck.chaos_held == [inst]
    encounters.restore_deck(state, p, deck)
    assert inst in p.deck.discard
    events = cards.settle_chaos(state, p)
    assert inst in p.deck.removed and inst not in p.deck.discard
    assert [e.kind for e in events] in (["h3_chaos"], ["h3_chaos_removed"])
