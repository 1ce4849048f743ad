"""The AI enemy at setup (H3-41.1, H3-41.2, H3-41.10) and the AI rules in every combat of a campaign
(H3-44.5): coop/setup.py ``place_ai``."""

from __future__ import annotations

from engine.heroes3.adventure import encounters
from engine.heroes3.clash.state import AI_SEAT
from engine.heroes3.content.clash import AiHeroSpec, AiSpec, clash_content
from engine.heroes3.coop.setup import place_ai
from tests.heroes3.clash.helpers import mutate, new_game, to_main

from .helpers import coop_game
from .test_ai_combat import _next_to


def test_h3_41_1_the_ai_heroes_start_in_their_town_with_their_listed_armies() -> None:
    state = coop_game(players=1)
    sc = clash_content().scenarios[state.scenario]
    assert sc.ai is not None and state.ai_town is not None
    assert state.field(state.ai_town).flag == AI_SEAT  # its town is the AI's from the start
    for spec, ai in zip(sc.ai.heroes, state.ai_heroes, strict=True):
        assert ai.field == state.ai_town  # H3-41.4: they start in their town
        listed = [u.split(":")[0] for u in spec.units if not u.startswith("tier:")]
        assert [a.card for a in ai.army if a.side != "neutral"] == listed
        tiers = [u.split(":")[1] for u in spec.units if u.startswith("tier:")]
        drawn = [a for a in ai.army if a.side == "neutral"]  # H3-41.1: a unit listed by tier is a neutral
        assert len(drawn) == len(tiers)


def test_h3_41_2_and_h3_41_10_a_shared_unit_card_and_shared_ai_decks() -> None:
    state = mutate(new_game(players=1, mode="cooperative"))
    sc = clash_content().scenarios[state.scenario]
    state.ai_heroes, state.ai_decks = [], {}
    twins = AiSpec(
        faction="necropolis",
        heroes=(
            AiHeroSpec(id="a", hero="tamika", units=("skeletons:pack", "zombies:few"), deck="horde"),
            AiHeroSpec(id="b", hero="sandro", units=("skeletons:few", "wraiths:few"), deck="horde"),
        ),
    )
    place_ai(state, sc.model_copy(update={"ai": twins}))
    first, second = state.ai_heroes
    # H3-41.2: one Skeletons card for two AI heroes: the second gets it when its combat begins
    assert [a.card for a in first.army] == ["skeletons", "zombies"] and first.shared == []
    assert [a.card for a in second.army] == ["wraiths"] and [a.card for a in second.shared] == ["skeletons"]
    # H3-41.10: AI heroes naming the same deck share one set of AI decks
    assert first.deck == second.deck == "horde" and list(state.ai_decks) == ["horde"]


def test_h3_44_5_a_campaigns_neutral_combats_use_the_ai_rules() -> None:
    # H3-44.5: combat in a campaign uses H3-40: the engine runs the neutrals, no seat does
    state = mutate(to_main(new_game(players=1, mode="cooperative", campaign="necropolis_war"), 0))
    p = state.player(0)
    assert p.main is not None and state.campaign is not None
    encounters.neutral_combat(state, 0, "main", p.main.field, _next_to(state, p.main.field), 4)
    assert state.combat is not None and state.combat.sides[1].controller is None
