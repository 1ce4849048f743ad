"""The end of combat as the adventure game will consume it (H3-37.4..H3-37.8, H3-26.5), the
declaration window (H3-30.4) and a secondary hero's instant defeat (H3-30.5)."""

from __future__ import annotations

from typing import Any

from engine.core import Prompt, Rng
from engine.core.flow import Flow, Step
from engine.heroes3.combat import flow as combat_flow
from engine.heroes3.combat.flow import finish
from engine.heroes3.combat.models import ArmyCard, Combat, CombatHost
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH

from .helpers import combat_state, side, unit


def _player_combat(**defender: Any) -> Combat:
    a = side(0, hero="catherine", army=[ArmyCard(card="griffins", side="pack")], gold=7)
    d = side(1, hero="sandro", army=[ArmyCard(card="zombies", side="few")], gold=3, **defender)
    c = Combat(kind="player", sides=[a, d])
    c.units = [
        unit("a1", "griffins", "pack", 0, (0, 1), army_index=0),
        unit("d1", "zombies", "few", 1, None, army_index=0, alive=False),
    ]
    return c


def test_h3_37_4_attacking_winner_visits_after_its_xp() -> None:
    # H3-37.4 / H3-38.4: the attacking winner gains XP (main hero) and must visit the field.
    c = _player_combat(level=3)
    finish(FLOW, combat_state(c), "victory", 0)
    assert c.result is not None and c.result.consequences is not None
    won = c.result.consequences.side(0)
    assert won.result == "won" and won.move == "visit" and won.xp == 2


def test_h3_37_4_defending_winner_stays() -> None:
    # H3-37.4: only an attacking winner visits; a defending winner stays where it is.
    c = _player_combat()
    c.unit("a1").alive, c.unit("a1").pos = False, None
    c.unit("d1").alive, c.unit("d1").pos = True, (0, 3)
    finish(FLOW, combat_state(c), "victory", 1)
    assert c.result is not None and c.result.consequences is not None
    assert c.result.consequences.side(1).move == "stay"
    assert c.result.consequences.side(0).move == "own_town"


def test_h3_37_5_retreat_moves_back_without_visiting() -> None:
    # H3-37.5 / H3-36.3: the retreating hero goes back to the last visited field.
    c = Combat(kind="neutral", sides=[side(0, hero="catherine"), side(1, owner=None, seat=None)], field_level=2)
    c.units = [unit("a1", "griffins", "few", 0, (0, 1), army_index=0), unit("n1", "n_boars", "neutral", 1, (0, 3))]
    c.sides[0].army = [ArmyCard(card="griffins", side="few")]
    events = finish(FLOW, combat_state(c), "retreat", None)
    assert c.result is not None and c.result.consequences is not None
    rec = c.result.consequences.side(0)
    assert rec.result == "retreated" and rec.move == "last_visited" and rec.xp == 0
    assert "h3_after_back" in [e.kind for e in events]


def test_h3_37_6_and_37_7_main_hero_beaten_by_a_player() -> None:
    # H3-37.6: the defeated main hero goes to one of its owner's towns (eliminated with none);
    # H3-37.7: by a player's army: 1 negative morale, 5 gold (A-37: all it has) and a faction cube.
    c = _player_combat()
    state = combat_state(c)
    events = finish(FLOW, state, "victory", 0)
    assert c.result is not None and c.result.consequences is not None
    lost, won = c.result.consequences.side(1), c.result.consequences.side(0)
    assert lost.move == "own_town" and lost.eliminated_if_no_town and lost.morale == -1
    assert lost.gold == -3 and won.gold == 3 and won.faction_cubes == 1  # only 3 gold to give
    assert c.sides[1].gold == 0 and c.sides[0].gold == 10
    kinds = [e.kind for e in events]
    assert {"h3_after_town", "h3_after_morale", "h3_after_gold", "h3_after_cube"} <= set(kinds)


def test_h3_37_7_not_by_neutrals() -> None:
    # H3-37.7 applies to a defeat by another player's army only: neutrals take no gold or cube.
    c = Combat(kind="neutral", sides=[side(0, hero="catherine", gold=9), side(1, owner=None, seat=None)], field_level=3)
    c.units = [unit("a1", "griffins", "few", 0, None, army_index=0, alive=False)]
    c.sides[0].army = [ArmyCard(card="griffins", side="few")]
    finish(FLOW, combat_state(c), "defeat", 1)
    assert c.result is not None and c.result.consequences is not None
    lost = c.result.consequences.side(0)
    assert lost.move == "own_town" and lost.morale == 0 and lost.gold == 0 and c.sides[0].gold == 9


def test_h3_37_8_secondary_hero_removed_and_cube() -> None:
    # H3-37.8: a defeated secondary hero leaves the map; a player's army gains a faction cube;
    # H3-38.3: beating a secondary hero gives no XP.
    c = _player_combat(main_hero=False, level=5)
    finish(FLOW, combat_state(c), "victory", 0)
    assert c.result is not None and c.result.consequences is not None
    lost, won = c.result.consequences.side(1), c.result.consequences.side(0)
    assert lost.move == "removed" and lost.morale == 0 and lost.gold == 0
    assert won.faction_cubes == 1 and won.xp == 0


def test_h3_26_5_army_wipe_refill_flagged() -> None:
    # H3-26.5 / H3-37.3: a unit deck emptied by the combat is refilled with the starting units.
    c = _player_combat()
    finish(FLOW, combat_state(c), "victory", 0)
    assert c.result is not None and c.result.consequences is not None
    assert c.sides[1].army == [] and c.result.consequences.side(1).refill
    assert not c.result.consequences.side(0).refill


def test_h3_30_5_secondary_hero_may_yield() -> None:
    # H3-30.5: the attacked secondary hero's owner chooses instant defeat before any setup;
    # H3-37.8: it is removed, the attacker's owner gains a faction cube; no XP (H3-38.3).
    state = SKIRMISH.setup({"secondary": True, "factions": ["castle", "necropolis"]}, 3)
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.rule == "H3-30.5" and prompt.seat == 1
    assert state.combat is not None and state.combat.sides[1].deck is None  # H3-35.1
    state, events = SKIRMISH.apply(state, 1, {"type": "yield", "give_up": True})
    res = SKIRMISH.result(state)
    assert res is not None and res.winners == [0] and res.reason == "instant"
    assert state.combat is not None and state.combat.result is not None
    after = state.combat.result.consequences
    assert after is not None and after.instant and after.side(1).move == "removed"
    assert after.side(0).faction_cubes == 1 and after.side(0).xp == 0 and after.side(0).move == "visit"
    assert all(not u.placed for u in state.combat.units)  # no setup step ran
    assert "h3_yielded" in [e.kind for e in events]


def test_h3_30_5_secondary_hero_may_fight() -> None:
    # H3-30.5: choosing to fight goes on to placement (H3-32.3, attacker first).
    state = SKIRMISH.setup({"secondary": True}, 4)
    state, _ = SKIRMISH.apply(state, 1, {"type": "yield", "give_up": False})
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.rule.startswith("H3-32") and prompt.seat == 0


def _test_host() -> tuple[Flow[CombatHost, Step], CombatHost]:
    """A host game with its own town-action window step, as the adventure game will have."""

    def new_key(state: CombatHost, kind: str) -> str:
        state.next_key += 1
        return f"{kind}-{state.next_key}"

    flow: Flow[CombatHost, Step] = Flow("h3-test-host", Step, new_key, lambda s: False)
    combat_flow.install(flow)

    @flow.decision("town_window", "pass")
    def _window(state: CombatHost, st: Step) -> list[Prompt]:
        return []

    return flow, CombatHost(ruleset="h3-test-host", players=2, rng=Rng.from_seed(1))


def test_h3_30_4_declaration_window_before_setup() -> None:
    # H3-30.4: announcing the combat opens the host's town-action window before any setup step.
    flow, state = _test_host()
    c = Combat(kind="player", sides=[side(0, hero="catherine"), side(1, hero="sandro")])
    c.units = [unit("a1", "griffins", "few", 0, None), unit("d1", "zombies", "few", 1, None)]
    for u in c.units:
        u.placed = False
    events = combat_flow.start_combat(flow, state, c, window=[flow.new(state, "town_window", 1)])
    kinds = [st.kind for st in state.steps]
    assert kinds[0] == "town_window" and kinds.index("town_window") < kinds.index("h3c_place")
    assert [e.kind for e in events] == ["h3_declared"]


def test_e_11_defeat_by_a_player_morale_gold_cube() -> None:
    # E-11 / H3-37.7: the loser's main hero goes home, pays 5 gold and a faction cube to the
    # winner and loses morale: a held positive token is discarded (H3-11.3), a second negative
    # token becomes a hand discard (H3-11.4); a Necropolis loser's morale never changes (H3-11.5).
    c = _player_combat(morale=1, faction="castle")
    c.sides[1].gold = 12
    finish(FLOW, combat_state(c), "victory", 0)
    assert c.result is not None and c.result.consequences is not None
    lost = c.result.consequences.side(1)
    assert lost.move == "own_town" and lost.gold == -5 and c.sides[0].gold == 12
    assert c.result.consequences.side(0).faction_cubes == 1
    assert lost.morale == -1 and c.sides[1].morale == 0 and not lost.discard_hand
    again = _player_combat(morale=-1, faction="castle")
    finish(FLOW, combat_state(again), "victory", 0)
    assert again.result is not None and again.result.consequences is not None
    assert again.sides[1].morale == -1 and again.result.consequences.side(1).discard_hand
    undead = _player_combat(faction="necropolis")
    finish(FLOW, combat_state(undead), "victory", 0)
    assert undead.result is not None and undead.result.consequences is not None
    assert undead.result.consequences.side(1).morale == 0 and undead.sides[1].morale == 0
