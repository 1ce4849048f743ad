"""Map card effects the engine holds the facts for, resolved by the engine instead of handed to the
game master (H3-1.4 is only for what it cannot know): the Legion artifacts' discount (H3-17, with
the gold pool's reminder of H3-48.5), Spellbinder's Hat (H3-13.2.8 then H3-13.2.5), Scouting
(before a Search, H3-13.2.5 / H3-12.12) and Cards of Prophecy's bottom effect (H3-20.5)."""

from __future__ import annotations

from typing import Any

import pytest

from cogs import heroes3_clash
from engine.heroes3.adventure import effects
from engine.heroes3.cards import deck as cards
from engine.heroes3.cards import play
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.invariants import check
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.content import load
from engine.heroes3.content.clash import Step as Effect
from engine.heroes3.content.clash import clash_content

from .clash.helpers import act, front, give_card, mutate, new_game, play_to_round, refused_rule, to_main

LEGION = ("head_of_legion", "legs_of_legion", "loins_of_legion")


def _game(**options: Any) -> ClashState:
    state = mutate(to_main(new_game(factions=["castle", "dungeon"], **options), 0))
    p = state.player(0)
    p.buildings += ["castle_dwelling_bronze", "castle_dwelling_silver", "castle_citadel"]
    p.resources.update(gold=0, building_materials=0, valuables=0)
    state.astrologer = None
    return state


def _options(state: ClashState, seat: int = 0) -> list[dict[str, Any]]:
    return [dict(o.action) for o in CLASH.prompts(state)[0].options if CLASH.prompts(state)[0].seat == seat]


def _prompt_picks(state: ClashState) -> list[str]:
    return [str(o.action.get("pick")) for o in CLASH.prompts(state)[0].options]


def test_none_of_these_cards_is_handed_to_the_game_master_any_more() -> None:
    # H3-1.4: only an effect the engine truly cannot resolve goes to the game master
    for card, mode in [(c, "basic") for c in LEGION] + [
        ("spellbinders_hat", "basic"),
        ("spellbinders_hat", "expert"),
        ("scouting", "basic"),
        ("scouting", "expert"),
        ("cards_of_prophecy", "expert"),
    ]:
        assert not play.gm_effect(card, mode), (card, mode)


# ---- Legion artifacts (H3-17) ------------------------------------------------------------------------------
def test_h3_17_legion_discount_makes_a_unit_affordable_and_is_used_by_the_next_recruit() -> None:
    state = _game()
    state.player(0).resources["gold"] = 2  # griffins cost 4 gold (Few): affordable only with the discount
    assert not any(a.get("recruit") == ["griffins"] for a in _options(state))
    inst = give_card(state, "legs_of_legion")
    state, events = act(state, 0, {"type": "play_card", "card": inst, "mode": "basic"})
    p = state.player(0)
    assert [(d.card, d.gold) for d in p.discounts] == [(inst, 4)] and inst in p.deck.discard  # H3-13.2.2
    assert any(e.kind == "h3_discount_ready" for e in events)
    assert CLASH.view(state, 1)["players"][0]["discounts"] == [{"card": "legs_of_legion", "gold": 4}]  # public
    lines = heroes3_clash.panel_lines(CLASH.view(state, 0))  # the /game hand panel says it
    assert any(line.id == "h3.clash.panel.discount" and line.params["n"] == 4 for line in lines)
    assert {"type": "recruit", "recruit": ["griffins"], "reinforce": []} in _options(state)
    state, events = act(state, 0, {"type": "recruit", "recruit": ["griffins"], "reinforce": []})
    p = state.player(0)
    assert p.resources["gold"] == 2 and "griffins" in [a.card for a in p.army]  # 4 - 4 = 0 paid, never below 0
    used = next(e for e in events if e.kind == "h3_discount_used")
    assert used.data["saved"] == 4 and p.discounts == []


def test_h3_17_legion_discount_goes_to_the_dearest_unit_and_never_below_zero() -> None:
    # house: "one unit" is the one that gains most (highest gold cost; ties: the first)
    state = _game()
    state.player(0).resources["gold"] = 10
    inst = give_card(state, "head_of_legion")
    state, _ = act(state, 0, {"type": "play_card", "card": inst, "mode": "basic"})
    # griffins 4 + crusaders 6 = 10; the 6 off goes to the crusaders: 4 paid
    state, events = act(state, 0, {"type": "recruit", "recruit": ["griffins", "crusaders"], "reinforce": []})
    assert state.player(0).resources["gold"] == 6
    used = next(e for e in events if e.kind == "h3_discount_used")
    assert used.data["saved"] == 6


def test_h3_17_legion_discount_lapses_when_the_round_ends() -> None:
    # house reading (the card is silent): until used or until the round it was played in ends
    state = _game()
    inst = give_card(state, "loins_of_legion")
    state, _ = act(state, 0, {"type": "play_card", "card": inst, "mode": "basic"})
    assert state.player(0).discounts
    state, _ = play_to_round(state, 2)
    state = mutate(state)
    p = state.player(0)
    p.resources["gold"] = 4
    assert CLASH.view(state, 0)["players"][0]["discounts"] == []
    state, events = act(state, 0, {"type": "recruit", "recruit": ["griffins"], "reinforce": []})
    assert state.player(0).resources["gold"] == 0 and not any(e.kind == "h3_discount_used" for e in events)
    assert state.player(0).discounts == []


def test_h3_26_3_a_recruit_unaffordable_even_with_the_discount_is_refused_and_changes_nothing() -> None:
    state = _game()
    state.player(0).resources["gold"] = 1
    inst = give_card(state, "legs_of_legion")
    state, _ = act(state, 0, {"type": "play_card", "card": inst, "mode": "basic"})
    state = mutate(state)
    assert refused_rule(state, {"type": "recruit", "recruit": ["crusaders"], "reinforce": []}) == "H3-26.3"
    assert state.player(0).discounts  # still waiting


# ---- H3-48.5 the gold pool's reminder --------------------------------------------------------------------
def test_h3_48_5_reminder_kept_back_to_hand_on_flip_and_discarded_on_defeat() -> None:
    state = _game(gold_pool=True)
    state.player(0).resources["gold"] = 10
    head = give_card(state, "head_of_legion")
    state, _ = act(state, 0, {"type": "play_card", "card": head, "mode": "basic"})
    state, events = act(state, 0, {"type": "recruit", "recruit": ["crusaders"], "reinforce": []})
    p = state.player(0)
    entry = next(e for e in p.pool_units if e.card == "crusaders")
    assert entry.recruit_card == head and head not in p.deck.discard  # kept beside the unit
    assert entry.recruit == {"gold": 0} and p.reserved.get("gold", 0) == 0  # only what was paid is reserved
    assert any(e.kind == "h3_reminder_kept" for e in events)
    assert CLASH.view(state, 1)["players"][0]["reminders"] == {"crusaders": ["head_of_legion"]}
    assert check(state) == []  # the reminder is a zone of its own: every card in exactly one zone
    # the next round's token reinforces it with another Legion card
    state = mutate(state)
    p = state.player(0)
    p.tokens_used.remove("population")
    legs = give_card(state, "legs_of_legion")
    state, _ = act(state, 0, {"type": "play_card", "card": legs, "mode": "basic"})
    i = next(j for j, a in enumerate(state.player(0).army) if a.card == "crusaders")
    state, _ = act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [i]})
    p = state.player(0)
    entry = next(e for e in p.pool_units if e.card == "crusaders")
    assert entry.reinforce_card == legs and entry.reinforce == {"gold": 6}  # 10 - 4
    # damage flips it to Few: the reinforcement comes back, and so does the card, to the hand
    state = mutate(state)
    p = state.player(0)
    p.army[i] = p.army[i].model_copy(update={"side": "few"})
    gold = p.resources["gold"]
    state, events = act(state, 0, {"type": "end_turn"})
    p = state.player(0)
    assert p.resources["gold"] == gold + 6 and legs in p.deck.hand
    assert any(e.kind == "h3_reminder_back" for e in events)
    # defeated: the reminder goes to the discard pile (house reading)
    state = mutate(state)
    p = state.player(0)
    p.army = [a for a in p.army if a.card != "crusaders"]
    prompt = CLASH.prompts(state)[0]
    state, events = act(state, prompt.seat, dict(prompt.options[0].action))
    p = state.player(0)
    assert head in p.deck.discard and p.pool_units == [] and check(state) == []
    assert any(e.kind == "h3_reminder_discarded" for e in events)


def test_h3_48_5_without_the_gold_pool_the_card_stays_in_the_discard_pile() -> None:
    state = _game()
    state.player(0).resources["gold"] = 10
    head = give_card(state, "head_of_legion")
    state, _ = act(state, 0, {"type": "play_card", "card": head, "mode": "basic"})
    state, _ = act(state, 0, {"type": "recruit", "recruit": ["crusaders"], "reinforce": []})
    assert head in state.player(0).deck.discard and state.player(0).pool_units == []


def test_h3_48_5_reshaping_offers_and_uses_the_discount() -> None:
    state = _game(gold_pool=True)
    state.player(0).resources["gold"] = 2
    inst = give_card(state, "legs_of_legion")
    state, _ = act(state, 0, {"type": "play_card", "card": inst, "mode": "basic"})
    state, _ = act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [], "reshape": True})
    assert "rgriffins" in _prompt_picks(state)
    state, events = act(state, 0, {"type": "choose", "pick": "rgriffins"})
    p = state.player(0)
    assert p.resources["gold"] == 2 and any(e.kind == "h3_discount_used" for e in events)
    assert next(e for e in p.pool_units if e.card == "griffins").recruit_card == inst


# ---- Spellbinder's Hat ---------------------------------------------------------------------------------
def test_h3_13_2_8_hat_removes_a_card_then_searches_that_cards_deck() -> None:
    state = _game()
    hat = give_card(state, "spellbinders_hat")
    spell = give_card(state, "magic_arrow")
    state, _ = act(state, 0, {"type": "play_card", "card": hat, "mode": "basic"})
    assert front(state).data.get("what") == "hat_remove"
    assert spell in _prompt_picks(state) and hat in state.player(0).deck.discard
    state, events = act(state, 0, {"type": "choose", "pick": spell})
    p = state.player(0)
    assert spell in p.deck.removed and spell not in p.deck.hand  # H3-13.2.8: out of the game
    st = front(state)
    assert st.kind == "search" and st.data["deck"] == "spell" and st.data["x"] == 2  # H3-13.2.5
    assert any(e.kind == "h3_removed" for e in events)


def test_h3_13_2_5_hat_on_a_statistic_card_removes_it_with_nothing_to_search() -> None:
    state = _game()
    hat = give_card(state, "spellbinders_hat")
    stat = give_card(state, "attack")
    state, _ = act(state, 0, {"type": "play_card", "card": hat, "mode": "basic"})
    state, events = act(state, 0, {"type": "choose", "pick": stat})
    assert stat in state.player(0).deck.removed and front(state).kind == "main"
    assert any(e.kind == "h3_no_search" for e in events)


def test_h3_13_2_8_hat_bottom_removes_itself_and_one_card_from_hand_or_discard() -> None:
    state = _game()
    hat = give_card(state, "spellbinders_hat")
    old = state.new_card("magic_arrow")
    state.player(0).deck.discard.append(old)
    state, _ = act(state, 0, {"type": "play_card", "card": hat, "mode": "expert"})
    p = state.player(0)
    assert hat in p.deck.removed and hat not in p.deck.discard
    assert f"d:{old}" in _prompt_picks(state)
    state, _ = act(state, 0, {"type": "choose", "pick": f"d:{old}"})
    p = state.player(0)
    assert old in p.deck.removed and old not in p.deck.discard and old not in p.deck.hand


def test_h3_13_2_8_hat_refuses_a_card_not_offered_and_changes_nothing() -> None:
    state = _game()
    hat = give_card(state, "spellbinders_hat")
    state, _ = act(state, 0, {"type": "play_card", "card": hat, "mode": "basic"})
    state = mutate(state)
    assert refused_rule(state, {"type": "choose", "pick": "k999"}) == "CORE-2"  # not offered: the kernel refuses


# ---- Scouting (before a Search) ----------------------------------------------------------------------------
def _search_now(state: ClashState) -> ClashState:
    FLOW.push(state, cards.start_search(state, 0, "artifact", 2, front=False))
    return state


def test_h3_13_2_5_scouting_basic_makes_the_search_three() -> None:
    state = _game()
    scout = give_card(state, "scouting")
    assert not any(a.get("card") == scout for a in _options(state))  # not from the main menu
    assert refused_rule(state, {"type": "play_card", "card": scout, "mode": "basic"}) == "H3-13.2.5"
    state = _search_now(state)
    opts = [o.action for o in CLASH.prompts(state)[0].options]
    assert {"type": "search", "choice": "scout", "card": scout, "expert": False} in opts
    state, events = act(state, 0, {"type": "search", "choice": "scout", "card": scout, "expert": False})
    assert front(state).data["x"] == 3 and scout in state.player(0).deck.discard
    assert any(e.kind == "h3_scouted" for e in events)
    assert not any(o.action.get("choice") == "scout" for o in CLASH.prompts(state)[0].options)  # once
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    assert len(state.player(0).searching) == 3


def test_h3_12_12_scouting_expert_spends_an_expert_use_and_makes_it_five() -> None:
    state = _game()
    state.player(0).xp, state.player(0).level = 2, 2  # level II: one expert use
    scout = give_card(state, "scouting")
    state = _search_now(state)
    state, _ = act(state, 0, {"type": "search", "choice": "scout", "card": scout, "expert": True})
    assert front(state).data["x"] == 5 and state.player(0).expert_used == 1


def test_h3_12_12_scouting_expert_without_an_expert_use_isrefused_rule() -> None:
    state = _game()
    scout = give_card(state, "scouting")
    state = _search_now(state)
    assert not any(o.action.get("expert") for o in CLASH.prompts(state)[0].options)
    rule = refused_rule(state, {"type": "search", "choice": "scout", "card": scout, "expert": True})
    assert rule == "H3-12.12"


# ---- Cards of Prophecy, bottom effect (H3-20.5) ---------------------------------------------------------
def _rolled(state: ClashState) -> ClashState:
    """A resource die rolled on the map (H3-20.5), as a location's effect would roll it."""
    effects.push_effects(state, 0, "main", [Effect(effect="resource_dice", params={"count": 1})])
    FLOW.advance(state)
    return state


@pytest.mark.parametrize("no_rerolls", [False, True])
def test_h3_20_5_cards_of_prophecy_turns_the_die_to_the_face_chosen(no_rerolls: bool) -> None:
    # H3-48.8 "you cannot re-roll your dice" forbids re-rolls, not turning a die with this card
    state = _game(no_rerolls=no_rerolls)
    card = give_card(state, "cards_of_prophecy")
    assert refused_rule(state, {"type": "play_card", "card": card, "mode": "expert"}) == "H3-20.5"  # not from the menu
    state = _rolled(state)
    ask = front(state)
    assert ask.data.get("what") == "prophecy" and "skip" in _prompt_picks(state)
    faces = clash_content().resource_die
    shown = int(ask.data["faces"][0])
    want = next(f for f in range(len(faces)) if f != shown and faces[f].steps[0].effect == "gain")
    before = dict(state.player(0).resources)
    state, events = act(state, 0, {"type": "choose", "pick": f"0:{want}"})
    p = state.player(0)
    assert card in p.deck.discard and any(e.kind == "h3_prophecy" for e in events)  # H3-13.2.2
    gained = {k: v for k, v in faces[want].steps[0].delta().items() if v}
    assert {k: p.resources.get(k, 0) - before.get(k, 0) for k in gained} == gained
    assert front(state).kind == "main"


def test_h3_20_5_declining_cards_of_prophecy_keeps_the_card_and_the_roll() -> None:
    state = _game()
    card = give_card(state, "cards_of_prophecy")
    state = _rolled(state)
    shown = int(front(state).data["faces"][0])
    before = dict(state.player(0).resources)
    state, _ = act(state, 0, {"type": "choose", "pick": "skip"})
    p = state.player(0)
    assert card in p.deck.hand
    face = clash_content().resource_die[shown].steps[0]
    if face.effect == "gain":
        gained = {k: v for k, v in face.delta().items() if v}
        assert {k: p.resources.get(k, 0) - before.get(k, 0) for k in gained} == gained


def test_h3_48_2_neutral_armies_recruit_uses_the_discount() -> None:
    # H3-17 with H3-48.2: the neutral armies' recruit is a recruit of one unit too
    state = _game(neutral_armies=True)
    inst = give_card(state, "head_of_legion")
    state, _ = act(state, 0, {"type": "play_card", "card": inst, "mode": "basic"})
    state, _ = act(state, 0, {"type": "recruit", "recruit": [], "reinforce": [], "neutrals": True})
    st = front(state)
    assert st.data.get("what") == "neutral_armies"
    drawn = [str(c) for c in st.data["drawn"]]
    sides = [load().unit(c).sides for c in drawn]
    costs = [dict((s.get("neutral") or s.get("few") or next(iter(s.values()))).cost) for s in sides]
    i = next(j for j, c in enumerate(costs) if 0 < c.get("gold", 0) <= 6 and len(c) == 1)
    state = mutate(state)
    state.player(0).resources["gold"] = 0  # only the discount pays it
    assert str(i) in _prompt_picks(state)
    state, events = act(state, 0, {"type": "choose", "pick": str(i)})
    assert drawn[i] in [a.card for a in state.player(0).army] and state.player(0).resources["gold"] == 0
    assert any(e.kind == "h3_discount_used" for e in events) and state.player(0).discounts == []
