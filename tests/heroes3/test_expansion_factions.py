"""What every expansion faction shares, checked for each (H3-49.6, H3-6, H3-22.2): a seat of the faction in
a Clash whose table adds its box is set up on its starting tile with its hero's starting deck and plays a few
rounds; the box's tiles join the random pools only with the box; the faction fights a Skirmish to its end.
The faction's own units, buildings and heroes are tested in its package (rampart/, fortress/, inferno/)."""

from __future__ import annotations

import random

import pytest

from engine import sim
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.content.clash import clash_content
from engine.heroes3.skirmish.ruleset import SKIRMISH

from .clash.helpers import new_game, play_to_round

# faction (= its box), a hero of it, its starting tile, its box's other tiles, a second hero for the Skirmish
FACTIONS = [
    ("rampart", "gem", "S4", {"F10", "F11", "F12", "N7", "N8", "C3"}, "gelu"),
    ("fortress", "wystan", "S5", {"F13", "F14", "F15", "N9", "N10", "C4"}, "adrienne"),
    ("inferno", "fiona", "S6", {"F16", "F17", "F18", "N11", "N12"}, "rashka"),
]


@pytest.mark.parametrize(("faction", "hero", "start", "tiles", "other"), FACTIONS)
def test_h3_6_a_seat_of_the_faction_is_set_up_and_plays_a_few_rounds(
    faction: str, hero: str, start: str, tiles: set[str], other: str
) -> None:
    state = new_game(2, factions=[faction, "castle"], heroes=[hero, None], expansions=[faction])
    me = state.player(0)
    assert me.faction == faction and me.hero == hero and faction in state.boxes
    # H3-6.11..6.13: the hero's nine starting cards (its starting ability and level I specialty among them)
    deck = [state.cards[c] for c in me.deck.draw.draw_pile + me.deck.hand]
    assert sorted(deck) == sorted(clash_content().starting_deck(hero))
    # H3-6.19: an added faction's starting units take the scenario's shape (Two Kingdoms: two bronze Few)
    assert [(a.card, a.side) for a in me.army] == [(u, "few") for u in clash_content().towns[faction].units[:2]]
    # H3-6.5 / H3-6.22: the starting tile, the main hero on the town field
    tile = next(t for t in state.tiles if t.tile == start)
    assert tile.face_up and me.main is not None and me.main.field == tile.centre
    state, _ = play_to_round(state, 4)
    assert state.round == 4 and not state.player(0).eliminated
    assert CLASH.result(state) is None


@pytest.mark.parametrize(("faction", "hero", "start", "tiles", "other"), FACTIONS)
def test_h3_22_2_the_boxs_tiles_join_the_random_pools_only_with_the_box(
    faction: str, hero: str, start: str, tiles: set[str], other: str
) -> None:
    added = {
        t.tile
        for seed in range(1, 6)
        for t in new_game(2, seed=seed, factions=["necropolis", "castle"], expansions=[faction]).tiles
    }
    assert added & tiles
    plain = {t.tile for seed in range(1, 4) for t in new_game(2, seed=seed, factions=["necropolis", "castle"]).tiles}
    assert not plain & (tiles | {start})


@pytest.mark.parametrize(("faction", "hero", "start", "tiles", "other"), FACTIONS)
def test_a_skirmish_with_the_faction_on_both_sides_finishes(
    faction: str, hero: str, start: str, tiles: set[str], other: str
) -> None:
    for preset in ("starter", "full"):
        state = SKIRMISH.setup({"factions": [faction, faction], "heroes": [hero, other], "preset": preset}, 3)
        assert state.combat is not None
        cards = {u.card for u in state.combat.units}
        assert set(clash_content().towns[faction].units[:4]) <= cards
        rng = random.Random(3)
        for _ in range(3000):
            if SKIRMISH.result(state) is not None:
                break
            prompt = SKIRMISH.prompts(state)[0]
            option = rng.choice(prompt.options)
            state, _ = SKIRMISH.apply(state, prompt.seat, dict(option.action))
        assert SKIRMISH.result(state) is not None


def test_the_skirmish_draws_the_expansion_factions_at_random_too() -> None:
    report = sim.run("heroes3-skirmish", 6, 11, options={"mode": "duel"})
    assert report["finished"] == 6 and report["violations"] == 0 and report["invariant_failures"] == 0
    seen = {SKIRMISH.setup({}, seed).combat.sides[0].faction for seed in range(1, 40)}  # type: ignore[union-attr]  # a duel has a combat
    assert {f[0] for f in FACTIONS} <= seen
