"""Battles (``battle``) and the quest phase (``heroes.quests``) driven through the full ruleset."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import RuleViolation
from engine.runewars import board as B
from engine.runewars.heroes.core import Hero

from .flow_support import RS, act, add, front, make_state, prompt, queue, start_turn, stronghold

AREAS: dict[str, dict[str, Any]] = {
    "13A": {"hex": (0, 0), "home_of": 1},
    "13B": {"hex": (1, 0), "home_of": 1},
    "13C": {"hex": (0, 1), "home_of": 1},
    "1A": {"hex": (-1, 0)},
    "1B": {"hex": (-2, 0), "home_of": 0},
}


def _attack(bonus: bool) -> object:
    s = make_state(["HUMANS", "UTHUK"], AREAS)
    stronghold(s, "13A", 1)
    stronghold(s, "1B", 0)
    attackers = add(s, "HUMAN_INFANTRY", 0, "1A", 3)
    add(s, "HUMAN_ARCHER", 0, "1A")  # stays behind so 1A remains friendly for a retreat
    s = start_turn(s, 0, 3)
    s = act(s, 0, {"type": "rw_choose", "value": "yes" if bonus else "no"})
    s = act(s, 0, {"type": "rw_choose", "value": "13A"})
    s, events = RS.apply(s, 0, {"type": "rw_move", "units": attackers})
    assert any(e.kind == "battle" for e in events)  # RW-10.10: an enemy area means a battle
    rng = random.Random(3)
    for _ in range(200):
        if s.battle is None:
            break
        p = prompt(s)
        s = act(s, p.seat, RS.sample_action(s, p.seat, rng))
    assert s.battle is None
    return s


def test_conquer_bonus_takes_an_empty_stronghold() -> None:
    s = _attack(bonus=True)
    # RW-18.3.2: 5 - 3 = 2 against three standing infantry; RW-14.7.2: captured, damaged side up
    sh = s.board["13A"].stronghold  # type: ignore[attr-defined]
    assert sh is not None and sh.owner == 0 and sh.damaged
    assert B.controller(s, "13A") == 0  # type: ignore[arg-type]
    assert s.seats[0].orders_used == [3]  # type: ignore[attr-defined]


def test_stronghold_holds_without_the_bonus_and_is_damaged() -> None:
    s = _attack(bonus=False)
    sh = s.board["13A"].stronghold  # type: ignore[attr-defined]
    # RW-14.7: 3 < 5, the defender wins; RW-14.6.4: a surviving attacker damages the stronghold
    assert sh is not None and sh.owner == 1 and sh.damaged
    back = [u for u in s.units if u.kind == "HUMAN_INFANTRY"]  # type: ignore[attr-defined]
    assert back and all(u.area == "1A" and u.routed for u in back)  # RW-14.7.1 / RW-16.2


def test_neutral_battle_is_run_by_the_player_on_the_left() -> None:
    s = make_state(["HUMANS", "UTHUK", "ELVES"], {"1A": {"hex": (0, 0)}, "1B": {"hex": (1, 0)}})
    add(s, "RAZORWING", None, "1A")
    add(s, "SORCERER", None, "1A")  # two initiative-1 types: the neutrals' controller must choose (P-41)
    mine = add(s, "HUMAN_INFANTRY", 0, "1B", 3)
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "1A"})
    s = act(s, 0, {"type": "rw_move", "units": mine})
    s = act(s, 0, {"type": "rw_choose", "value": "battle"})
    assert s.battle is not None and s.battle.defender is None
    assert s.battle.neutral_controller == 1  # RW-11.7: left of the current player
    assert prompt(s).seat == 1


def test_quest_phase_heal_through_the_ruleset() -> None:
    # EX-10 (first part): in summer, heroes act in spring-card order; a damaged hero in a friendly area heals.
    s = make_state(
        ["ELVES", "UTHUK"], {"11A": {"hex": (0, 0), "home_of": 0}, "13A": {"hex": (3, 0), "home_of": 1}}, season=1
    )
    s.heroes.heroes.append(Hero(uid="H1", card="H02", owner=0, area="11A", damage=1))
    s.seats[0].order_spring, s.seats[1].order_spring = 1, 2
    s = queue(s, "quest_start")
    p = prompt(s)
    assert p.seat == 0 and p.rule == "RW-21.3"  # RW-21.2: lowest spring card first
    heal = next(o.action for o in p.options if o.action.get("action") == "heal")
    s = act(s, 0, heal)
    assert s.heroes.heroes[0].damage == 0  # RW-21.6
    assert s.quest_phase is None and front(s) == "hold"  # the Uthuk player has no hero: skipped


def test_ex7_ex8_battle_through_the_ruleset() -> None:
    """EX-7/EX-8 through the whole engine: Elf Conquer into a Uthuk area with allied beastmen.

    The destiny deck is the battle tests' EX deck; the Uthuk wins 3 to 2 (AMB-1: routed Elves do
    not count), the Elves retreat routed to their adjacent friendly area, damage is healed.
    """
    from .test_battle_examples import ex_deck

    areas = {"5A": {"hex": (0, 0)}, "4A": {"hex": (-1, 0)}, "6C": {"hex": (1, 0)}}
    s = make_state(["ELVES", "UTHUK"], areas)
    archers = add(s, "ELF_ARCHER", 0, "4A", 3)
    riders = add(s, "ELF_PEGASUS_RIDER", 0, "4A", 2)
    add(s, "ELF_WARRIOR", 0, "4A")  # stays home: 4A remains the Elves' friendly area
    rippers = add(s, "UTHUK_FLESH_RIPPER", 1, "5A", 2)
    berserkers = add(s, "UTHUK_BERSERKER", 1, "5A", 3)
    beastmen = add(s, "BEASTMAN", 1, "5A", 3)  # allied to the Uthuk (RW-11.3)
    add(s, "UTHUK_BERSERKER", 1, "6C")
    deck = ex_deck()
    s.destiny.draw_pile = deck + [n for n in range(1, 31) if n not in deck]
    s = start_turn(s, 0, 3)
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    s = act(s, 0, {"type": "rw_choose", "value": "5A"})
    s = act(s, 0, {"type": "rw_move", "units": archers + riders})
    assert s.battle is not None and s.battle.defender == 1
    pick = lambda seat, uid: act(s, seat, {"type": "battle_pick", "unit": uid})  # noqa: E731
    s = pick(0, berserkers[0])  # Crack Shot (RW-15.8): the Elf chooses a berserker
    s = pick(0, archers[2])  # RW-15.3: rout an undamaged standing unit
    s = pick(1, rippers[0])  # RW-15.4: the first damage goes where the Uthuk likes
    s = pick(0, riders[0])
    s = act(s, 1, {"type": "battle_choose_type", "unit_type": "UTHUK_BERSERKER"})  # P-41
    for uid in (berserkers[1], berserkers[2], beastmen[0]):
        s = pick(1, uid)
    with pytest.raises(RuleViolation):  # RW-15.3: not the damaged rider while undamaged units stand
        pick(0, riders[0])
    s = pick(0, riders[1])
    assert s.battle is None
    ids = {u.id: u for u in s.units}
    assert riders[0] not in ids and rippers[0] not in ids and berserkers[0] not in ids
    for uid in archers + [riders[1]]:  # RW-14.7.1 / RW-16.2: one adjacent friendly area, routed
        assert ids[uid].area == "4A" and ids[uid].routed
    assert {ids[u].area for u in (rippers[1], beastmen[1], beastmen[2])} == {"5A"}
    assert B.controller(s, "5A") == 1
    assert sorted(s.destiny.discard_pile) == sorted(deck)  # every card drawn is discarded (RW-14.4.5)


def test_quest_phase_tactics_window() -> None:
    from engine.runewars.state import HeldCard

    s = make_state(
        ["ELVES", "UTHUK"], {"11A": {"hex": (0, 0), "home_of": 0}, "13A": {"hex": (3, 0), "home_of": 1}}, season=1
    )
    s.heroes.heroes.append(Hero(uid="H1", card="H02", owner=0, area="11A"))
    s.seats[0].tactics = [HeldCard(id="T27", gained=-1)]  # Swift Steeds: heroes move 1 more this phase
    s.seats[0].order_spring, s.seats[1].order_spring = 1, 2
    s = queue(s, "quest_start")
    p = prompt(s, 0)
    assert p.secret and {"type": "rw_tactics", "card": "T27"} in [o.action for o in p.options]  # RW-30.2
    s = act(s, 0, {"type": "rw_tactics", "card": "T27"})
    assert any(m.rule == "hero_move_plus_one" and m.seat == 0 for m in s.modifiers)
    assert s.seats[0].tactics == [] and prompt(s, 0).rule == "RW-21.3"  # back to choosing the hero's action


def test_ex11_attribute_test_quest_through_the_ruleset() -> None:
    """EX-11: a hero with agility 2 in 3A attempts "go to 3A; test agility" and succeeds (RW-21.9, RW-22)."""
    from engine.core import Deck

    cat = B.catalog()
    hero = next(h.hero_id for h in cat.heroes.values() if h.agility == 2)
    assert cat.quests["Q03"].area_id == "3A" and cat.quests["Q03"].test.attribute == "agility"  # type: ignore[union-attr]
    s = make_state(
        ["ELVES", "UTHUK"],
        {"3A": {"hex": (0, 0)}, "11A": {"hex": (1, 0), "home_of": 0}, "13A": {"hex": (5, 0), "home_of": 1}},
        season=1,
    )
    s.heroes.heroes.append(Hero(uid="H1", card=hero, owner=0, area="3A"))
    s.heroes.quest_hands = {0: ["Q03"], 1: []}
    s.heroes.quest_deck = Deck[str](draw_pile=["Q10", "Q11"])
    s.heroes.reward_deck = Deck[str](draw_pile=sorted(cat.rewards))
    s.seats[0].order_spring, s.seats[1].order_spring = 1, 2
    s.destiny.draw_pile = [3, 1] + list(range(4, 31)) + [2]  # card 3: WITHDRAW, card 1: CONFRONT
    s = queue(s, "quest_start")
    s = act(s, 0, {"type": "hero_action", "hero": "H1", "action": "move"})
    s = act(s, 0, {"type": "hero_move", "hero": "H1", "path": [], "portal": False})  # AMB-41: 0 steps
    p = prompt(s, 0)
    assert {"type": "quest_attempt", "hero": "H1", "quest": "Q03"} in [o.action for o in p.options]
    s = act(s, 0, {"type": "quest_attempt", "hero": "H1", "quest": "Q03"})
    p = prompt(s, 0)
    assert p.rule == "RW-22.2" and sorted(o.action["card"] for o in p.options) == [1, 3]  # 2 cards for agility 2
    s = act(s, 0, {"type": "quest_pick", "card": 3})
    hero_now = s.heroes.heroes[0]
    assert [r.face_up for r in hero_now.rewards] == [False]  # RW-23.1: one face-down reward
    assert s.heroes.quest_hands[0] == ["Q10"] and s.heroes.quest_deck.discard_pile == ["Q03"]  # RW-21.9.2
    assert sorted(s.destiny.discard_pile) == [1, 3]
    public = RS.view(s, None)
    mine = next(h for h in public["heroes"]["heroes"] if h["uid"] == "H1")
    assert mine["rewards"] == [{"card": None, "face_up": False}]  # RW-23.3: hidden from others


def test_ex12_duel_through_the_ruleset() -> None:
    """EX-12: Mad Carthos (Uthuk) with Blade of Fury and Rune Armor defeats Silhouette (Elves) in two rounds."""
    from engine.runewars.heroes.core import HeldReward

    cat = B.catalog()
    ids = {h.name: h.hero_id for h in cat.heroes.values()}
    ids.update({r.name: r.reward_id for r in cat.rewards.values()})
    s = make_state(
        ["ELVES", "UTHUK"],
        {
            "2A": {"hex": (0, 0)},
            "2B": {"hex": (1, 0)},
            "11A": {"hex": (4, 0), "home_of": 0},
            "13A": {"hex": (6, 0), "home_of": 1},
        },
        season=1,
    )
    s.heroes.heroes += [
        Hero(
            uid="C",
            card=ids["Mad Carthos"],
            owner=1,
            area="2A",
            rewards=[HeldReward(card=ids["Blade of Fury"]), HeldReward(card=ids["Rune Armor"])],
        ),
        Hero(uid="S", card=ids["Silhouette"], owner=0, area="2B"),
    ]
    s.heroes.quest_hands = {0: [], 1: []}
    s.seats[0].order_spring, s.seats[1].order_spring = 2, 1  # the Uthuk acts first
    s.destiny.draw_pile = [1, 15, 5, 25] + [n for n in range(2, 31) if n not in (5, 15, 25)]
    s = queue(s, "quest_start")
    s = act(s, 1, {"type": "hero_action", "hero": "C", "action": "move"})
    s = act(s, 1, {"type": "hero_move", "hero": "C", "path": ["2B"]})
    s = act(s, 1, {"type": "duel_challenge", "hero": "C", "target": "S"})  # RW-24.2
    s = act(s, 1, {"type": "duel_ability"})  # Carthos: 1 damage at the start of the duel (RW-24.3)
    s = act(s, 1, {"type": "duel_special", "choice": "reward", "reward": ids["Blade of Fury"]})
    s = act(s, 1, {"type": "duel_done"})
    assert next(h for h in s.heroes.heroes if h.uid == "S").damage == 2  # rout 1 cancelled 1 of 2
    s = act(s, 1, {"type": "duel_use", "reward": ids["Rune Armor"]})
    assert [h.uid for h in s.heroes.heroes] == ["C"]  # RW-26.1: Silhouette leaves the game
    carthos = s.heroes.heroes[0]
    assert carthos.damage == 0 and carthos.area == "2B" and all(r.face_up for r in carthos.rewards)  # RW-24.5/24.6
    assert s.quest_phase is None  # the Elves have no hero left: the phase is over


def test_gm_resolve_continues_the_flow_through_after_gm_hook():
    """CORE GM hand-over (RW-23.6 effects handed over): once the last GM task is resolved the kernel's
    ``_after_gm`` hook runs the queued automatic steps, and their events are chronicled."""
    from engine.core.prompts import GM_SEAT
    from engine.runewars.cards import resolve as cardfx

    s = make_state(["HUMANS", "UTHUK"], AREAS)
    before = s.seats[0].influence
    cardfx.queue(s, [{"kind": "gain_influence", "amount": 2, "who": "self"}], seat=0, source="Test", rule="RW-23.6")
    s.gm.hand_over("RW-23.6", "settle something first")
    assert RS.acting_seats(s) == {GM_SEAT}
    s2, events = RS.apply(s, GM_SEAT, {"type": "gm_resolve", "task": s.gm.tasks[0].id, "note": "done"})
    assert not s2.gm.tasks and s2.seats[0].influence == before + 2
    assert events[0].kind == "gm_resolved" and len(events) > 1
    # a patch that leaves no task open also lets the game go on
    s.gm.tasks.clear()
    s3, ev3 = RS.apply(s, GM_SEAT, {"type": "gm_patch", "patch": [], "reason": "nothing"})
    assert s3.seats[0].influence == before + 2 and ev3[0].kind == "gm_patch"


def test_rw2_7_view_controller_of_contested_area_is_the_defender_during_battle() -> None:
    """RW-2.7: while a battle is fought, the view's ``controller`` of the contested area is the
    defender (who controlled it before the attack), not whichever side's unit is listed first;
    after the battle it follows RW-2.7 again."""
    from engine.runewars.views import view

    from .test_battle_examples import ex_deck

    areas = {"5A": {"hex": (0, 0)}, "4A": {"hex": (-1, 0)}, "6C": {"hex": (1, 0)}}
    s = make_state(["ELVES", "UTHUK"], areas)
    archers = add(s, "ELF_ARCHER", 0, "4A", 3)  # listed before the defenders
    archers += add(s, "ELF_PEGASUS_RIDER", 0, "4A", 2)
    add(s, "ELF_WARRIOR", 0, "4A")
    add(s, "UTHUK_FLESH_RIPPER", 1, "5A", 2)
    add(s, "UTHUK_BERSERKER", 1, "5A", 3)
    add(s, "BEASTMAN", 1, "5A", 3)
    add(s, "UTHUK_BERSERKER", 1, "6C")
    deck = ex_deck()
    s.destiny.draw_pile = deck + [n for n in range(1, 31) if n not in deck]
    s = start_turn(s, 0, 3)
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    s = act(s, 0, {"type": "rw_choose", "value": "5A"})
    s = act(s, 0, {"type": "rw_move", "units": archers})
    assert s.battle is not None and s.battle.defender == 1
    for seat in (None, 0, 1):
        ctl = {a["id"]: a["controller"] for a in view(s, seat)["areas"]}
        assert ctl["5A"] == 1 and ctl["4A"] == 0  # RW-2.7: the defender until the battle resolves
    s.units = [u for u in s.units if not (u.area == "5A" and u.owner == 1)]
    s.battle = None  # resolved: the attacker holds the area alone
    assert {a["id"]: a["controller"] for a in view(s, None)["areas"]}["5A"] == 0


def test_rw10_9_2_limit_applies_on_arrival_after_the_movement_tactics_window() -> None:
    """RW-10.9.2 / RW-30.2: units moved over the limit wait through the tactics checkpoint
    that follows movement, then the excess is destroyed on arrival. (Formerly game 33 of the
    simulator's exploration+epic series; a built position, since the RW-2.7.1 control fix
    changed that random game.)"""
    from engine.runewars.state import HeldCard

    s = make_state(["HUMANS", "UTHUK"], {"1A": {"hex": (0, 0), "home_of": 0}, "1B": {"hex": (1, 0)}})
    add(s, "HUMAN_INFANTRY", 0, "1B", 4)
    movers = add(s, "HUMAN_INFANTRY", 0, "1A", 5)
    s.seats[0].tactics = [HeldCard(id="T36", gained=-1)]
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "-"})
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    s = act(s, 0, {"type": "rw_move", "units": movers})
    assert [st.kind for st in s.steps[:2]] == ["tactics_window", "arrive"]
    assert B.unit_count(s, "1B", 0) == 9  # over the limit while the checkpoint is open
    s = act(s, 0, {"type": "rw_choose", "value": "-"})
    p = prompt(s, 0)
    assert p.rule == "RW-10.9.2"
    s = act(s, 0, {"type": "rw_destroy", "units": movers[:1]})
    assert B.unit_count(s, "1B", 0) == 8
