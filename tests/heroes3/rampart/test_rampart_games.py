"""A Rampart seat in a Clash game whose table adds the Rampart box (H3-49, H3-6), played for a few
rounds, and Rampart in the Skirmish (combat only, every faction of FACTIONS)."""

from __future__ import annotations

import random

from engine import sim
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.content.clash import clash_content
from engine.heroes3.skirmish.ruleset import SKIRMISH

from ..clash.helpers import new_game, play_to_round


def test_h3_6_a_rampart_seat_is_set_up_and_plays_a_few_rounds() -> None:
    state = new_game(2, factions=["rampart", "castle"], heroes=["gem", None], expansions=["rampart"])
    me = state.player(0)
    assert me.faction == "rampart" and me.hero == "gem" and "rampart" in state.boxes
    # H3-6.11..6.13: Gem's nine starting cards (First Aid and her level I specialty among them)
    deck = [state.cards[c] for c in me.deck.draw.draw_pile + me.deck.hand]
    assert sorted(deck) == sorted(clash_content().starting_deck("gem"))
    # H3-6.5 / H3-6.22: the starting tile S4, the main hero on the town field
    s4 = next(t for t in state.tiles if t.tile == "S4")
    assert s4.face_up and me.main is not None and me.main.field == s4.centre
    state, _ = play_to_round(state, 4)
    assert state.round == 4 and not state.player(0).eliminated
    assert CLASH.result(state) is None


def test_rampart_tiles_join_the_random_pools_only_with_the_box() -> None:
    codes = {"F10", "F11", "F12", "N7", "N8", "C3"}
    added = {
        t.tile
        for seed in range(1, 6)
        for t in new_game(2, seed=seed, factions=["necropolis", "castle"], expansions=["rampart"]).tiles
    }
    assert added & codes
    plain = {t.tile for seed in range(1, 4) for t in new_game(2, seed=seed, factions=["necropolis", "castle"]).tiles}
    assert not plain & (codes | {"S4"})


def test_skirmish_with_rampart_on_both_sides_finishes() -> None:
    for preset in ("starter", "full"):
        state = SKIRMISH.setup({"factions": ["rampart", "rampart"], "heroes": ["gelu", "gem"], "preset": preset}, 3)
        assert state.combat is not None
        cards = {u.card for u in state.combat.units}
        assert {"centaurs", "dwarves", "elves", "pegasi"} <= cards
        rng = random.Random(3)
        for _ in range(3000):
            if SKIRMISH.result(state) is not None:
                break
            prompt = SKIRMISH.prompts(state)[0]
            option = rng.choice(prompt.options)
            state, _ = SKIRMISH.apply(state, prompt.seat, dict(option.action))
        assert SKIRMISH.result(state) is not None


def test_skirmish_random_factions_include_rampart() -> None:
    report = sim.run("heroes3-skirmish", 6, 11, options={"mode": "duel"})
    assert report["finished"] == 6 and report["violations"] == 0 and report["invariant_failures"] == 0
    seen = {SKIRMISH.setup({}, seed).combat.sides[0].faction for seed in range(1, 30)}  # type: ignore[union-attr]  # a duel has a combat
    assert "rampart" in seen
