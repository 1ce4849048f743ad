"""Empowered statistic cards (H3-14.4, H3-6.28) and the Star Axis (H3-50.8; S-H1 docs/statistics/*.md,
docs/fields/star_axis.md): the face-up pile set up with the Inferno box, the swap at the Star Axis (a field several
players may each flag), and the cards' single effect in combat, the normal card's expert one, with no expert use."""

from __future__ import annotations

from typing import Any

from engine.heroes3.adventure import visits
from engine.heroes3.clash.common import index, location
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, PlacedTile
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat
from engine.heroes3.content import load
from engine.heroes3.content.clash import clash_content

from ..clash.helpers import act, card_plays, front, give_card, mutate, new_game, refused_rule, to_main
from ..helpers import dice, hand, side, unit

STATS = ("attack", "defense", "power", "knowledge")


def test_h3_6_28_the_empowered_pile_is_set_up_face_up_only_with_the_inferno_box() -> None:
    state = new_game(2, factions=["inferno", "castle"], expansions=["inferno"])
    assert sorted(set(state.empowered)) == [f"empowered_{s}" for s in sorted(STATS)]
    assert state.empowered == clash_content().empowered_pile(("core", "inferno"))
    assert new_game(2, factions=["necropolis", "castle"]).empowered == []


def _at_star_axis() -> tuple[ClashState, tuple[int, int]]:
    state = mutate(to_main(new_game(2, factions=["inferno", "castle"], expansions=["inferno"]), 0))
    state.tiles.append(PlacedTile(centre=(7, 0), tile="F17", kind="far", face_up=True))
    spot = next(p for p in index(state) if (loc := location(state, p)) is not None and loc.id == "star_axis")
    return state, spot


def _visit(state: ClashState, seat: int, spot: tuple[int, int]) -> tuple[ClashState, list[Any]]:
    """Flag the Star Axis for ``seat`` and take its optional effect (the field's "you may": asked first)."""
    loc = location(state, spot)
    assert loc is not None
    events = visits.flag(state, seat, "main", spot, loc)
    if not events:
        return state, events
    FLOW.advance(state)
    st = front(state)
    assert st.kind == "ask" and st.data.get("what") == "effect_choice" and st.seat == seat
    state, more = act(state, seat, {"type": "choose", "pick": "0"})
    return state, events + more


def _give(state: ClashState, stat: str) -> str:
    me = state.player(0)
    inst = state.new_card(stat)
    me.deck.hand.append(inst)
    return inst


def test_h3_50_8_star_axis_swaps_a_statistic_card_for_its_empowered_form() -> None:
    state, spot = _at_star_axis()
    attack = _give(state, "attack")
    pile = len(state.empowered)
    state, _ = _visit(state, 0, spot)
    st = front(state)
    assert st.kind == "ask" and st.data.get("what") == "empower" and st.seat == 0
    picks = [o.action["pick"] for o in CLASH.prompts(state)[0].options]
    assert attack in picks and picks[-1] == "skip"  # "you may"
    assert refused_rule(state, {"type": "choose", "pick": "not-a-card"}) == "H3-14.4"
    state, events = act(state, 0, {"type": "choose", "pick": attack})
    me = state.player(0)
    assert attack in me.deck.removed and attack not in me.deck.hand  # H3-13.2.8
    assert [state.cards[c] for c in me.deck.hand].count("empowered_attack") == 1
    assert len(state.empowered) == pile - 1 and state.empowered.count("empowered_attack") == 3
    assert "h3_empowered" in [e.kind for e in events] and all(e.audience is None for e in events)
    # H3-50.8: flagging removes no enemy cube; the other player may flag it too, and the same player only once
    assert state.field(spot).flags == [0]
    state, _ = _visit(state, 1, spot)
    assert state.field(spot).flags == [0, 1]
    assert _visit(state, 0, spot)[1] == []


def test_a_statistic_with_no_empowered_card_left_cannot_be_swapped() -> None:
    state, spot = _at_star_axis()
    state.empowered = [e for e in state.empowered if e != "empowered_attack"]
    state.player(0).deck.hand = []
    attack = _give(state, "attack")
    state, events = _visit(state, 0, spot)
    assert "h3_nothing_to_empower" in [e.kind for e in events]
    assert front(state).data.get("what") != "empower" and attack in state.player(0).deck.hand


def _combat(cards: list[str]) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=cards), side(1)],
        units=[unit("a1", "demons", "few", 0, (1, 2)), unit("d1", "hydras", "few", 1, (1, 3))],
    )


def test_h3_14_4_empowered_cards_play_the_expert_effect_without_an_expert_use() -> None:
    for stat in STATS:
        card = load().cards[f"empowered_{stat}"]
        assert card.expert is None and card.kind == "statistic"
    c = _combat(["empowered_attack", "empowered_power", "empowered_knowledge", "magic_arrow"])
    c.sides[0].expert_uses = 0
    modes = {o.action["mode"] for o in card_rules.playable(c, c.sides[0], activating=True)}
    assert "expert" not in modes
    card_rules.play(
        c, c.sides[0], Play(type="play", card=hand(c, 0, "empowered_attack"), mode="basic", target="a1"), dice()
    )
    assert c.unit("a1").attack_bonus == 2
    card_rules.play(c, c.sides[0], Play(type="play", card=hand(c, 0, "empowered_power"), mode="basic"), dice())
    assert c.sides[0].pending_power == 2
    arrow = hand(c, 0, "magic_arrow")
    card_rules.play(c, c.sides[0], Play(type="play", card=arrow, mode="cast", target="d1"), dice())
    limit = c.sides[0].spell_limit
    card_rules.play(c, c.sides[0], Play(type="play", card=hand(c, 0, "empowered_knowledge"), mode="basic"), dice())
    assert arrow in c.sides[0].deck.hand  # type: ignore[union-attr]  # the spell back to hand
    assert c.sides[0].spell_limit == limit + 1  # and one more spell this combat round (the expert effect)


def test_scholar_expert_removes_statistics_and_itself_for_empowered_cards_on_the_discard_pile() -> None:
    # S-H1 docs/abilities/scholar.md (expert, a map effect): remove up to 2 statistic cards from hand or discard
    # pile, take up to 2 different empowered ones onto the discard pile, remove the Scholar (house: one for one)
    state = mutate(to_main(new_game(2, factions=["inferno", "castle"], expansions=["inferno"], seed=2), 0))
    me = state.player(0)
    me.level, me.expert_used = 3, 0  # H3-12.12: an expert use is available
    scholar = give_card(state, "scholar")
    power = _give(state, "power")
    old = state.new_card("defense")
    me.deck.discard.append(old)
    plays = [a for a in card_plays(state, scholar) if a.get("mode") == "expert"]
    assert plays
    state, _ = act(state, 0, plays[0])
    me = state.player(0)
    assert scholar in me.deck.removed  # "Remove the Scholar"
    st = front(state)
    assert st.data.get("what") == "scholar_remove_stat"
    picks = [o.action["pick"] for o in CLASH.prompts(state)[0].options]
    assert power in picks and old in picks and picks[-1] == "done"
    state, _ = act(state, 0, {"type": "choose", "pick": power})
    state, _ = act(state, 0, {"type": "choose", "pick": old})
    me = state.player(0)
    assert power in me.deck.removed and old in me.deck.removed
    assert front(state).data.get("what") == "scholar_take_empowered"
    state, _ = act(state, 0, {"type": "choose", "pick": "empowered_knowledge"})
    picks = [o.action["pick"] for o in CLASH.prompts(state)[0].options]
    assert "empowered_knowledge" not in picks  # two different ones
    state, events = act(state, 0, {"type": "choose", "pick": "empowered_attack"})
    me = state.player(0)
    assert [state.cards[c] for c in me.deck.discard[-2:]] == ["empowered_knowledge", "empowered_attack"]
    assert state.empowered.count("empowered_knowledge") == state.empowered.count("empowered_attack") == 3
    assert "h3_empowered" in [e.kind for e in events]
