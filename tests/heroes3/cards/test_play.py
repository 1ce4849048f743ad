"""Cards played on the map (H3-13.2, H3-14.1, H3-15, H3-17.1): Power sources, casting by tier,
astrologer bonuses, and refusals that cite their rule and change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.cards import deck as cards
from engine.heroes3.cards import play
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState

from ..clash.helpers import act, front, mutate, new_game, to_main


def _alice(level: int = 1, **options: Any) -> ClashState:
    """Alice (Castle, Catherine) at her main menu in round 1, empty hand, at ``level``."""
    opts: dict[str, Any] = {"factions": ["castle", "necropolis"], "heroes": ["catherine", "sandro"]}
    opts.update(options)
    state = mutate(to_main(new_game(**opts), 0))
    p = state.player(0)
    p.deck.draw.draw_pile.extend(p.deck.hand)
    p.deck.hand = []
    p.level, p.xp = level, 2 * (level - 1)
    return state


def _give(state: ClashState, seat: int, *card_ids: str) -> list[str]:
    out = []
    for cid in card_ids:
        inst = state.new_card(cid)
        state.player(seat).deck.hand.append(inst)
        out.append(inst)
    return out


def _offered(state: ClashState, seat: int = 0) -> list[dict[str, Any]]:
    return [dict(o.action) for o in CLASH.prompts(state)[0].options if o.action.get("type") == "play_card"]


# ---- Power towards a spell cast on the map (H3-15.3, H3-15.4) ----------------------------------------
def test_h3_15_3_sorcery_gives_power_and_draws_a_card_on_the_map() -> None:
    state = _alice()
    sorcery, portal = _give(state, 0, "sorcery", "town_portal")
    hand = len(state.player(0).deck.hand)
    assert {"type": "play_card", "card": sorcery, "mode": "power", "expert": False} in _offered(state)
    state, _events = act(state, 0, {"type": "play_card", "card": sorcery, "mode": "power", "expert": False})
    p = state.player(0)
    assert p.pending_power == 1 and sorcery in p.deck.discard  # H3-13.2.2
    assert len(p.deck.hand) == hand - 1 + 1  # the card left, one drawn
    assert p.expert_used == 0  # the basic effect spends no expert use (H3-14.1)
    assert portal in p.deck.hand


def test_h3_17_1_artifact_bottom_power_needs_no_expert_use() -> None:
    # Titan's Cuirass bottom effect: +2 Power, chosen freely even with no expert uses (level I).
    state = _alice(level=1)
    cuirass, portal = _give(state, 0, "titans_cuirass", "town_portal")
    assert cards.expert_left(state.player(0)) == 0
    assert {"type": "play_card", "card": cuirass, "mode": "power", "expert": True} in _offered(state)
    state, _ = act(state, 0, {"type": "play_card", "card": cuirass, "mode": "power", "expert": True})
    assert state.player(0).pending_power == 2 and state.player(0).expert_used == 0
    casts = [a for a in _offered(state) if a["mode"] == "cast" and a["card"] == portal]
    assert [a["tier"] for a in casts] == [0, 1]  # H3-15.3: any tier up to the Power paid


def test_h3_17_1_artifact_bottom_effect_on_the_map_needs_no_expert_use() -> None:
    state = _alice(level=1)
    (bag,) = _give(state, 0, "endless_bag_of_gold")
    gold = state.player(0).resources["gold"]
    state, _ = act(state, 0, {"type": "play_card", "card": bag, "mode": "expert"})
    p = state.player(0)
    assert p.resources["gold"] == gold + 6 and bag in p.deck.removed  # H3-13.2.8: removed, not discarded
    assert p.expert_used == 0


def test_h3_12_12_statistic_expert_power_spends_an_expert_use() -> None:
    state = _alice(level=2)
    power, _portal = _give(state, 0, "power", "town_portal")
    state, _ = act(state, 0, {"type": "play_card", "card": power, "mode": "power", "expert": True})
    assert state.player(0).pending_power == 2 and state.player(0).expert_used == 1


def test_h3_15_3_a_lower_tier_may_be_chosen_and_the_cast_uses_all_power() -> None:
    # View Air (tiers 0 / 1 / 2: 3 gold / 2 building materials / 1 valuables), cast at tier 0 with 2 Power.
    state = _alice(level=2)
    power, view_air = _give(state, 0, "power", "view_air")
    state, _ = act(state, 0, {"type": "play_card", "card": power, "mode": "power", "expert": True})
    gold = state.player(0).resources["gold"]
    state, events = act(state, 0, {"type": "play_card", "card": view_air, "mode": "cast", "tier": 0})
    p = state.player(0)
    assert p.resources["gold"] == gold + 3 and p.pending_power == 0
    assert view_air in p.deck.discard and any(e.kind == "h3_cast" for e in events)


def test_h3_15_4_alternative_effect_gives_one_power() -> None:
    state = _alice()
    haste, _portal = _give(state, 0, "haste", "town_portal")
    state, _ = act(state, 0, {"type": "play_card", "card": haste, "mode": "alt"})
    assert state.player(0).pending_power == 1 and haste in state.player(0).deck.discard


def test_a_20_power_fizzles_when_another_action_comes_first() -> None:
    # H3-13.4 / H3-15.3: Power is transient.
    state = _alice()
    haste, _portal, estates = _give(state, 0, "haste", "town_portal", "estates")
    state, _ = act(state, 0, {"type": "play_card", "card": haste, "mode": "alt"})
    state, _ = act(state, 0, {"type": "play_card", "card": estates, "mode": "basic"})
    assert state.player(0).pending_power == 0  # H3-15.3: Power not spent on a cast is lost


def test_no_power_offered_without_a_map_spell_to_spend_it_on() -> None:
    state = _alice(level=2)
    (power,) = _give(state, 0, "power")
    assert not [a for a in _offered(state) if a["card"] == power]


# ---- astrologer cards in force (A-10) --------------------------------------------------------------------
def test_a_10_grim_warlock_adds_power_to_the_first_map_spell_of_the_turn() -> None:
    state = _alice()
    state.astrologer = "grim_warlock"
    view_air, second = _give(state, 0, "view_air", "view_air")
    assert [a["tier"] for a in _offered(state) if a["card"] == view_air and a["mode"] == "cast"] == [0, 1]
    bm = state.player(0).resources.get("building_materials", 0)
    state, _ = act(state, 0, {"type": "play_card", "card": view_air, "mode": "cast", "tier": 1})
    assert state.player(0).resources["building_materials"] == bm + 2
    # the second spell of the turn gets no bonus
    assert [a["tier"] for a in _offered(state) if a["card"] == second and a["mode"] == "cast"] == [0]
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "play_card", "card": second, "mode": "cast", "tier": 1})
    assert err.value.rule == "H3-15.3"


def test_a_10_school_bound_bonus_applies_to_every_spell_of_its_schools_only() -> None:
    # Blue Sky: +1 Power to every air or water spell; View Air is air, Town Portal is earth (H3-15.9).
    state = _alice()
    state.astrologer = "blue_sky"
    view_air, portal = _give(state, 0, "view_air", "town_portal")
    assert [a["tier"] for a in _offered(state) if a["card"] == view_air and a["mode"] == "cast"] == [0, 1]
    assert [a["tier"] for a in _offered(state) if a["card"] == portal and a["mode"] == "cast"] == [0]
    state, _ = act(state, 0, {"type": "play_card", "card": view_air, "mode": "cast", "tier": 1})
    (again,) = _give(state, 0, "view_air")
    assert [a["tier"] for a in _offered(state) if a["card"] == again and a["mode"] == "cast"] == [0, 1]


def test_a_10_crazy_wizard_returns_the_first_spell_cast_on_the_map() -> None:
    state = _alice()
    state.astrologer = "crazy_wizard"
    (view_air,) = _give(state, 0, "view_air")
    state, events = act(state, 0, {"type": "play_card", "card": view_air, "mode": "cast", "tier": 0})
    p = state.player(0)
    assert view_air in p.deck.hand and p.spell_returned
    assert any(e.kind == "h3_spell_returns" for e in events)
    state, _ = act(state, 0, {"type": "play_card", "card": view_air, "mode": "cast", "tier": 0})
    assert view_air in state.player(0).deck.discard  # only the first one returns


# ---- refusals: the rule is cited and nothing changes ---------------------------------------------------
def _refused(state: ClashState, seat: int, action: dict[str, Any], rule: str) -> None:
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as err:
        act(state, seat, action)
    assert err.value.rule == rule
    assert state.model_dump_json() == before


def test_h3_13_2_a_card_not_in_hand_is_refused() -> None:
    state = _alice()
    inst = state.new_card("estates")
    _refused(state, 0, {"type": "play_card", "card": inst, "mode": "basic"}, "H3-13.2")


def test_h3_14_3_another_factions_card_cannot_be_played() -> None:
    state = _alice()
    (necro,) = _give(state, 0, "necromancy")
    assert not [a for a in _offered(state) if a["card"] == necro]
    _refused(state, 0, {"type": "play_card", "card": necro, "mode": "basic"}, "H3-14.3")


def test_h3_12_12_expert_effect_without_expert_uses_is_refused() -> None:
    state = _alice(level=1)
    (estates,) = _give(state, 0, "estates")
    assert {"type": "play_card", "card": estates, "mode": "expert"} not in _offered(state)
    _refused(state, 0, {"type": "play_card", "card": estates, "mode": "expert"}, "H3-12.12")
    power, _portal = _give(state, 0, "power", "town_portal")
    _refused(state, 0, {"type": "play_card", "card": power, "mode": "power", "expert": True}, "H3-12.12")


def test_h3_13_2_7_a_combat_only_effect_is_refused_on_the_map() -> None:
    state = _alice()
    attack, arrow = _give(state, 0, "attack", "magic_arrow")
    _refused(state, 0, {"type": "play_card", "card": attack, "mode": "basic"}, "H3-13.2.7")
    _refused(state, 0, {"type": "play_card", "card": arrow, "mode": "cast", "tier": 0}, "H3-13.2.7")


def test_h3_14_1_an_expert_mode_the_card_lacks_is_refused() -> None:
    state = _alice(level=2)
    (haste,) = _give(state, 0, "haste")
    _refused(state, 0, {"type": "play_card", "card": haste, "mode": "expert"}, "H3-14.1")


def test_h3_15_casts_need_a_printed_tier_and_its_power() -> None:
    state = _alice()
    (portal,) = _give(state, 0, "town_portal")
    _refused(state, 0, {"type": "play_card", "card": portal, "mode": "cast", "tier": 3}, "H3-15.2")
    _refused(state, 0, {"type": "play_card", "card": portal, "mode": "cast", "tier": 2}, "H3-15.3")


def test_h3_15_3_power_with_nothing_to_empower_is_refused() -> None:
    state = _alice(level=2)
    (power,) = _give(state, 0, "power")
    _refused(state, 0, {"type": "play_card", "card": power, "mode": "power", "expert": False}, "H3-15.3")
    (estates,) = _give(state, 0, "estates")
    _refused(state, 0, {"type": "play_card", "card": estates, "mode": "power", "expert": False}, "H3-15.3")


def test_h3_13_2_1_cards_are_played_only_in_your_own_turn() -> None:
    state = _alice()
    (estates,) = _give(state, 1, "estates")
    before = state.model_dump_json()
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "play_card", "card": estates, "mode": "basic"})  # no such prompt for seat 1
    assert state.model_dump_json() == before
    with pytest.raises(RuleViolation) as err:
        play.act(mutate(state), 1, play_action(estates))
    assert err.value.rule == "H3-13.2.1"


def play_action(card: str, mode: str = "basic") -> Any:
    from engine.heroes3.clash.actions import PlayCard

    return PlayCard(type="play_card", card=card, mode=mode)


def test_h3_11_2_morale_without_a_token_is_refused() -> None:
    state = _alice()
    assert front(state).kind == "main"
    _refused(state, 0, {"type": "morale", "use": "draw", "cards": []}, "H3-11.2")
