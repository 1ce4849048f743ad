"""Scenario tests for heroes in the flow: the quest phase, duels, rune inspection, exploration (RW-20 to RW-26, RW-34).

The summer secondary effect is queued on a small board and the quest phase is answered through
``RS.apply``; the destiny deck is in number order (cards 1 and 2 show a special icon in the
circle section, which heroes read in duels), so every duel round is known in advance.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.runewars import board as B
from engine.runewars.heroes import glue as heroes_glue
from engine.runewars.heroes.core import ExplorationSlot, HeldReward, Hero
from engine.runewars.state import HeldCard, RunewarsState
from engine.runewars.turn.runes import visible_runes

from .flow_support import RS, TWO, act, add, front, make_state, prompt, queue, start_turn


def summer(*heroes: Hero, **kw: Any) -> RunewarsState:
    s = make_state(["HUMANS", "UTHUK"], TWO, season=1, **kw)
    s.heroes.heroes.extend(heroes)
    return s


def options(s: RunewarsState, seat: int) -> list[dict[str, Any]]:
    return [o.action for o in prompt(s, seat).options]


def run_duel(s: RunewarsState, limit: int = 20) -> RunewarsState:
    """Answer duel prompts (always "deal damage") until the quest phase asks for a new hero action."""
    for _ in range(limit):
        ps = [p for p in RS.prompts(s) if p.options]
        if not ps or ps[0].rule == "RW-21.3":
            return s
        plain = [o.action for o in ps[0].options if o.action.get("choice") == "damage"]
        s = act(s, ps[0].seat, plain[0] if plain else ps[0].options[0].action)
    raise AssertionError("the duel did not end")


def test_rw6_6_rw21_1_summer_runs_a_quest_phase_with_no_current_player() -> None:
    s = summer(Hero(uid="H1", card="H01", owner=0, area="1A"))
    s.seats[0].tactics = [HeldCard(id="T36", gained=-1)]  # Tribute: "during your turn"
    s = queue(s, "season_secondary")
    assert front(s) == "quest_phase" and prompt(s, 0).rule == "RW-21.3"  # RW-6.6
    assert s.turn is None  # RW-21.1: not anyone's turn
    before = s.model_dump_json()
    with pytest.raises(RuleViolation):  # RW-21.1: own-turn tactics cannot be played
        act(s, 0, {"type": "rw_tactics", "card": "T36"})
    assert s.model_dump_json() == before


def test_rw21_5_a_routed_hero_neither_moves_nor_quests() -> None:
    s = summer(Hero(uid="H2", card="H03", owner=1, area="1D", routed=True))
    s.heroes.quest_hands[1] = ["Q01"]  # a quest in 1D, where the hero stands
    s = queue(s, "season_secondary")
    acts = {a["action"] for a in options(s, 1)}
    assert "move" not in acts  # RW-2.5 / RW-21.5: no move, so no quest after it
    before = s.model_dump_json()
    with pytest.raises(RuleViolation):
        act(s, 1, {"type": "hero_action", "hero": "H2", "action": "move"})
    assert s.model_dump_json() == before


def test_rw22_1_an_attribute_test_draws_the_attribute_including_training() -> None:
    hero = Hero(uid="H1", card="H06", owner=0, area="1A")  # Mad Carthos: strength 2
    hero.training["strength"] = 1
    s = summer(hero)
    s.heroes.quest_hands[0] = ["Q10"]  # Trial of Arms in 1A: test strength
    s = queue(s, "season_secondary")
    s = act(s, 0, {"type": "hero_action", "hero": "H1", "action": "move"})
    s = act(s, 0, {"type": "hero_move", "hero": "H1", "path": [], "portal": False})
    quest = next(a for a in options(s, 0) if "quest" in a["type"])
    s = act(s, 0, quest)
    p = prompt(s, 0)
    assert len(p.options) == 3 and s.destiny.draw_pile[:1] == [4]  # RW-22.1: 2 printed + 1 training
    s = act(s, 0, p.options[0].action)
    with pytest.raises(RuleViolation):  # RW-21.5: one quest per hero and phase
        act(s, 0, quest)


def test_rw20_5_duel_damage_stays_on_the_hero_until_healed() -> None:
    s = summer(Hero(uid="H1", card="H01", owner=0, area="1D"), Hero(uid="H2", card="H05", owner=1, area="1D"))
    s = queue(s, "season_secondary")
    s = act(s, 0, {"type": "hero_action", "hero": "H1", "action": "move"})
    s = act(s, 0, {"type": "hero_move", "hero": "H1", "path": [], "portal": False})
    s = act(s, 0, {"type": "duel_challenge", "hero": "H1", "target": "H2"})
    s = run_duel(s)
    hurt = {h.uid: h.damage for h in s.heroes.heroes}
    assert hurt.get("H2", 0) > 0  # RW-20.5: kept on the hero card after the duel
    s = act(s, 1, {"type": "hero_action", "hero": "H2", "action": "heal"})  # 1D is his home: friendly
    assert next(h for h in s.heroes.heroes if h.uid == "H2").damage == 0  # removed only by Heal (RW-21.6)


def duel_to_the_death(h1_damage: int, h2_damage: int) -> RunewarsState:
    """Silhouette (health 3) challenges Captain Ilse (health 5); each carries a reward; both draw specials."""
    h1 = Hero(uid="H1", card="H01", owner=0, area="1D", damage=h1_damage, rewards=[HeldReward(card="R14")])
    h2 = Hero(uid="H2", card="H05", owner=1, area="1D", damage=h2_damage, rewards=[HeldReward(card="R19")])
    s = summer(h1, h2)
    s = queue(s, "season_secondary")
    s = act(s, 0, {"type": "hero_action", "hero": "H1", "action": "move"})
    s = act(s, 0, {"type": "hero_move", "hero": "H1", "path": [], "portal": False})
    s = act(s, 0, {"type": "duel_challenge", "hero": "H1", "target": "H2"})
    return run_duel(s)


def test_rw26_2_the_duel_winner_takes_the_loser_rewards() -> None:
    s = duel_to_the_death(0, 4)
    assert [h.uid for h in s.heroes.heroes] == ["H1"]  # H2 took its fifth damage (RW-20.5 / RW-26.1)
    assert sorted(r.card for r in s.heroes.heroes[0].rewards) == ["R14", "R19"]  # RW-26.2 / RW-24.6
    assert s.heroes.markers == []


def test_rw24_7_both_defeated_set_their_rewards_aside() -> None:
    s = duel_to_the_death(2, 4)
    assert s.heroes.heroes == []  # both defeated in the same round
    assert sorted(s.heroes.removed_heroes) == ["H01", "H05"]  # RW-26.1: out of the game
    aside = sorted((m.hero_card, [r.card for r in m.rewards], m.area) for m in s.heroes.markers)
    assert aside == [("H01", ["R14"], "1D"), ("H05", ["R19"], "1D")]  # RW-24.7 / RW-26.3: a marker each


def test_rw10_12_a_hero_entering_a_marker_area_may_collect_its_rewards() -> None:
    s = duel_to_the_death(2, 4)
    s.heroes.heroes.append(Hero(uid="H3", card="H02", owner=0, area="1C"))
    s.season = 1
    s = queue(s, "season_secondary")
    s = act(s, 0, {"type": "hero_action", "hero": "H3", "action": "move"})
    s = act(s, 0, {"type": "hero_move", "hero": "H3", "path": ["1D"], "portal": False})
    acts = options(s, 0)
    assert {"type": "hero_along_done"} in acts  # "may": he can leave them
    take = [a for a in acts if a["type"] == "hero_collect"]
    assert len(take) == 2  # RW-10.12 / RW-26.4: one offer per marker in the area he entered
    for a in take:
        s = act(s, 0, a)
    assert sorted(r.card for r in s.heroes.heroes[0].rewards) == ["R14", "R19"]
    assert s.heroes.markers == []  # both markers removed


def test_rw20_9_a_hero_lets_its_owner_inspect_runes_where_it_stands() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.board["1D"].rune = "dragon"
    s.board["1C"].rune = "false"
    s.heroes.heroes.append(Hero(uid="H1", card="H01", owner=0, area="1D"))
    assert visible_runes(s, 0) == {"1D": "dragon"}  # RW-20.9: even in an enemy home area
    assert visible_runes(s, 1) == {"1D": "dragon"}  # its owner controls it
    public = {a["id"]: a["rune"] for a in RS.view(s, None)["areas"] if a["rune"]}
    assert public == {"1C": "token", "1D": "token"}


def test_rw20_8_rw34_3_only_quest_phase_hero_moves_reveal_exploration_tokens() -> None:
    from engine.runewars.catalog import catalog

    temple = next(t.token_id for t in catalog().exploration.values() if t.type == "temple")
    s = make_state(["HUMANS", "UTHUK"], TWO, options={"exploration": True})
    s.heroes.exploration = [ExplorationSlot(area="1B", token=temple, back=2, face_up=False)]
    movers = add(s, "HUMAN_INFANTRY", 0, "1A")
    s.heroes.heroes.append(Hero(uid="H1", card="H01", owner=0, area="1A"))
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    s = act(s, 0, {"type": "rw_move", "units": movers})
    assert not s.heroes.exploration[0].face_up  # RW-34.3: a unit move reveals nothing
    s.turn, s.steps, s.season = None, [], 1
    s = queue(s, "season_secondary")
    s = act(s, 0, {"type": "hero_action", "hero": "H1", "action": "move"})
    influence = s.seats[0].influence
    s = act(s, 0, {"type": "hero_move", "hero": "H1", "path": ["1B"], "portal": False})
    assert s.heroes.exploration[0].face_up  # RW-34.3 / RW-20.8: the quest-phase move reveals it
    s = act(s, 0, next(a for a in options(s, 0) if a["type"] == "hero_pass"))
    assert s.seats[0].influence == influence + 2  # the Temple resolves (RW-34.4.5)


def test_rw10_13_face_down_portals_link_nothing() -> None:
    from engine.runewars.catalog import catalog

    far = {"1A": {"hex": (0, 0)}, "1B": {"hex": (1, 0)}, "5A": {"hex": (6, 0)}, "5B": {"hex": (7, 0)}}
    s = make_state(["HUMANS", "UTHUK"], far, options={"exploration": True})
    portals = sorted(t.token_id for t in catalog().exploration.values() if t.type == "magic_portal")[:2]
    s.heroes.exploration = [
        ExplorationSlot(area="1B", token=portals[0], back=2, face_up=True),
        ExplorationSlot(area="5A", token=portals[1], back=2, face_up=False),
    ]
    inf = add(s, "HUMAN_INFANTRY", 0, "1A")
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "5A"})
    before = s.model_dump_json()
    with pytest.raises(RuleViolation) as exc:  # RW-10.13 / RW-34.4.3: only face-up portals are adjacent
        act(s, 0, {"type": "rw_move", "units": inf, "portal": True})
    assert exc.value.rule == "RW-34.4.3" and s.model_dump_json() == before and B.unit_by_id(s, inf[0]) is not None


def duel_quest(deck: list[int]) -> tuple[RunewarsState, list[Any]]:
    """Ronan (health 5) attempts Beastman Chieftain (Q08, in 8C): a duel with a Beastman from the supply."""
    s = make_state(["HUMANS", "UTHUK"], {**TWO, "8C": {"hex": (0, 2)}}, season=1)
    s.heroes.heroes.append(Hero(uid="H1", card="H02", owner=0, area="8C"))
    s.heroes.quest_hands[0] = ["Q08"]
    s.destiny.draw_pile = deck + [n for n in range(1, 31) if n not in deck]
    s = queue(s, "season_secondary")
    s = act(s, 0, {"type": "hero_action", "hero": "H1", "action": "move"})
    s = act(s, 0, {"type": "hero_move", "hero": "H1", "path": [], "portal": False})
    return RS.apply(s, 0, {"type": "quest_attempt", "hero": "H1", "quest": "Q08"})


def test_rw25_2_a_duel_quest_lasts_at_most_four_rounds() -> None:
    # the hero's circle sections and the Beastman's triangle sections are all blank
    s, events = duel_quest([7, 1, 8, 2, 9, 3, 10, 4, 17, 11])
    rounds = sorted({e.data["round"] for e in events if e.kind == "duel_draw" and "round" in e.data})
    assert rounds == [1, 2, 3, 4]  # RW-25.2: the normal duel steps, up to 4 rounds
    assert any(e.kind == "quest_failed" for e in events) and s.heroes.quest_hands[0] == ["Q08"]
    assert B.supply_left(s, "BEASTMAN") == B.catalog().unit_types["BEASTMAN"].count  # back in the supply (RW-25.5)
    assert not any(u.kind == "BEASTMAN" for u in s.units)  # never placed on the board (RW-25.1)


def test_rw25_4_the_neutral_reads_its_own_shape_and_must_use_its_special() -> None:
    # card 9: blank circle, but a special icon in the triangle section (the Beastman's shape)
    s, events = duel_quest([7, 9, 17, 8, 1, 18, 2])
    drawn = [e.text for e in events if e.kind == "duel_draw" and e.data.get("side") == "defender"]
    assert "triangle: special" in drawn[0]  # RW-25.4: its own base shape, not the hero's circle
    assert any(e.kind == "neutral_special" for e in events)  # it must use Ravage: no choice is offered
    assert not any(p.seat == 1 and p.rule == "RW-24.4.2" for p in RS.prompts(s))
    assert s.heroes.heroes[0].damage == 2  # Ravage: 1 damage, then card 17 deals 1 more


def test_rw23_2_a_used_reward_turns_face_up_and_stays_public() -> None:
    h1 = Hero(uid="H1", card="H02", owner=0, area="1D", rewards=[HeldReward(card="R01")])  # Blade of Fury
    s = summer(h1, Hero(uid="H2", card="H05", owner=1, area="1D"))
    s = queue(s, "season_secondary")
    assert RS.view(s, None)["heroes"]["heroes"][0]["rewards"] == [{"card": None, "face_up": False}]  # RW-23.2
    s = act(s, 0, {"type": "hero_action", "hero": "H1", "action": "move"})
    s = act(s, 0, {"type": "hero_move", "hero": "H1", "path": [], "portal": False})
    s = act(s, 0, {"type": "duel_challenge", "hero": "H1", "target": "H2"})
    s, events = RS.apply(s, 0, {"type": "duel_special", "choice": "reward", "reward": "R01"})
    assert any(e.kind == "reward_revealed" and e.audience is None for e in events)  # its text becomes public
    s = run_duel(s)
    s = queue(s, "season_end")
    public = RS.view(s, None)["heroes"]["heroes"][0]["rewards"]
    assert public == [{"card": "R01", "name": "Blade of Fury", "face_up": True}]  # and stays face up


def test_rw23_6_an_own_turn_reward_can_be_used_during_the_owners_turn() -> None:
    # Tactician's Journal: "During your turn, discard this card to draw 2 tactics cards."
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.heroes.heroes.append(Hero(uid="H1", card="H01", owner=0, area="1A", rewards=[HeldReward(card="R22")]))
    s.seats[0].tactics = [HeldCard(id="T36", gained=-1)]  # so an own-turn window opens (RW-30.2)
    s = start_turn(s, 0, 4)
    offered = [o.action for p in RS.prompts(s) if p.seat == 0 for o in p.options]
    assert any(a.get("reward") == "R22" for a in offered), offered  # RW-23.6: its printed timing
    p = prompt(s, 0)
    assert p.rule == "RW-30.2" and p.secret  # P-32 before the order; the label names a face-down reward
    use = {"type": "hero_use_reward", "hero": "H1", "reward": "R22"}
    before = s.model_dump_json()
    with pytest.raises(RuleViolation):  # RW-23.6: only the turn's player, only his own heroes
        act(s, 1, use)
    assert s.model_dump_json() == before
    s, events = RS.apply(s, 0, use)
    assert any(e.kind == "reward_revealed" and e.audience is None for e in events)  # RW-23.2: now public
    assert s.heroes.heroes[0].rewards == []  # "discard this card"
    assert len(s.seats[0].tactics) == 3  # drew 2 tactics cards
    # the window stays open for the tactics card still playable, and the used reward is gone from it
    again = options(s, 0)
    assert prompt(s, 0).rule == "RW-30.2" and {"type": "rw_tactics", "card": "T36"} in again
    assert not any(a.get("reward") == "R22" for a in again)


def turn_prompts_until_over(s: RunewarsState, seat: int, limit: int = 40) -> tuple[RunewarsState, list[Any]]:
    """Answer ``seat``'s turn with each prompt's first option until the turn ends; every option seen."""
    seen: list[Any] = []
    for _ in range(limit):
        if s.turn is None:
            return s, seen
        p = prompt(s, seat)
        seen += [o.action for o in p.options]
        s = act(s, seat, p.options[0].action)
    raise AssertionError("the turn did not end")


def test_rw23_6_a_heros_own_turn_ability_is_offered_once_during_each_of_his_turns() -> None:
    # Captain Ilse Marrow (H05): "Once during each of your turns, gain 1 influence." No tactics card
    # in hand: the ability alone opens the own-turn checkpoint (RW-23.6 with P-32).
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.heroes.heroes.append(Hero(uid="H1", card="H05", owner=0, area="1A"))
    s.seats[0].tactics = []
    influence = s.seats[0].influence
    s = start_turn(s, 0, 4)
    use = {"type": "hero_use_ability", "hero": "H1"}
    assert prompt(s, 0).rule == "RW-30.2" and use in options(s, 0)
    s = act(s, 0, use)
    assert s.seats[0].influence == influence + 1
    s, seen = turn_prompts_until_over(s, 0)
    assert use not in seen  # once per turn: not at the later checkpoints
    assert s.seats[0].influence == influence + 1


def test_rw23_6_own_turn_uses_are_refused_outside_the_owners_turn() -> None:
    # RW-21.1: the quest phase is nobody's turn, so "during your turn" rewards and abilities wait
    s = summer(Hero(uid="H1", card="H05", owner=0, area="1A", rewards=[HeldReward(card="R22")]))
    s = queue(s, "season_secondary")
    assert front(s) == "quest_phase"
    seen = options(s, 0)
    assert not any(a["type"] in ("hero_use_ability",) or a.get("reward") == "R22" for a in seen)
    before = s.model_dump_json()
    for bad in ({"type": "hero_use_reward", "hero": "H1", "reward": "R22"}, {"type": "hero_use_ability", "hero": "H1"}):
        with pytest.raises(RuleViolation):
            act(s, 0, bad)
        assert s.model_dump_json() == before


def test_rw23_6_a_reusable_own_turn_reward_is_used_once_per_turn_and_stays_face_up() -> None:
    # Seer's Orb (R20): "Once during each of your turns, secretly look at the rune tokens in one area."
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.heroes.heroes.append(Hero(uid="H1", card="H01", owner=0, area="1A", rewards=[HeldReward(card="R20")]))
    s.seats[0].tactics = [HeldCard(id="T36", gained=-1)]  # keeps the window open after the use
    s = start_turn(s, 0, 4)
    use = {"type": "hero_use_reward", "hero": "H1", "reward": "R20"}
    s = act(s, 0, use)
    held = s.heroes.heroes[0].rewards
    assert [r.card for r in held] == ["R20"] and held[0].face_up  # RW-23.2: kept, face up for good
    assert prompt(s, 0).rule == "RW-27.5"  # its effect: pick the area to inspect
    s = act(s, 0, prompt(s, 0).options[0].action)
    assert prompt(s, 0).rule == "RW-30.2" and use not in options(s, 0)  # the window is back, the orb spent
    before = s.model_dump_json()
    with pytest.raises(RuleViolation) as err:
        act(s, 0, use)
    assert err.value.rule == "RW-23.6" and s.model_dump_json() == before
    s, seen = turn_prompts_until_over(s, 0)
    assert use not in seen
    heroes_glue.new_season(s)  # the next season brings his next turn: the orb works again
    assert not s.heroes.heroes[0].rewards[0].turn_used
