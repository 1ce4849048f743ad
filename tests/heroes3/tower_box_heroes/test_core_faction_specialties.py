"""The Tower box's heroes of Castle, Necropolis and Dungeon (H3-12.4, H3-16): the specialty cards of
Lord Haart (both boards), Vidomina, Deemer and Jeddite at levels I, IV and VI, in combat
(combat/cards.py) and on the map (the map steps of clash/cards.json)."""

from __future__ import annotations

from typing import Any

from engine.heroes3.adventure.movement import neighbours, step_ok
from engine.heroes3.cards import permanent
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import ArmyCard, Combat, PendingAttack
from engine.heroes3.content import load
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH

from ..clash.helpers import act, front, give_card, mutate, new_game, refused_rule, to_main
from ..helpers import combat_state, dice, hand, lethal_attack, side, unit


def _play(c: Combat, card: str, mode: str = "basic", rng: Any = None, **kw: Any) -> list[Any]:
    action = Play(type="play", card=hand(c, 0, card), mode=mode, **kw)
    return card_rules.play(c, c.sides[0], action, rng if rng is not None else dice())


def _offered(c: Combat, card: str, *, activating: bool = True) -> list[dict[str, Any]]:
    inst = hand(c, 0, card)
    return [o.action for o in card_rules.playable(c, c.sides[0], activating) if o.action["card"] == inst]


# ---- Lord Haart (Necropolis): Dread Knights --------------------------------------------------------
def _retaliation_duel(cards: list[str]) -> Combat:
    """Our Skeletons and Dread Knights next to the enemy's Crusaders Pack (attack 4)."""
    return Combat(
        kind="player",
        sides=[side(0, cards=cards), side(1, cards=[])],
        units=[
            unit("a1", "skeletons", "few", 0, (0, 2)),
            unit("a2", "dread_knights", "few", 0, (1, 2)),
            unit("d1", "crusaders", "pack", 1, (0, 3)),
        ],
    )


def _retaliate(c: Combat, target: str, die: int = 0) -> int:
    """The Crusaders' retaliation against ``target`` resolved through the combat flow; the damage dealt."""
    state = combat_state(c)
    before = c.unit(target).damage
    c.attack = PendingAttack(attacker="d1", target=target, die=die, dice=[die], retaliation=True)
    cf.hit(FLOW, state, FLOW.new(state, "h3c_hit"))
    return c.unit(target).damage - before


def test_h3_16_haart_dread_knights_i_takes_1_off_the_next_retaliation_and_2_for_dread_knights() -> None:
    # Crusaders Pack (attack 4) against Skeletons (defence 1): 3 damage; with the card 2. Against the Dread
    # Knights (defence 2): 2 damage, the card doubled (H3-16 "this effect doubles") takes all of it.
    c = _retaliation_duel(["haart_dread_knights", "haart_dread_knights"])
    assert {o["target"] for o in _offered(c, "haart_dread_knights", activating=False)} == {"a1", "a2"}  # instant
    _play(c, "haart_dread_knights", target="a1")
    _play(c, "haart_dread_knights", target="a2")
    assert c.unit("a1").retaliation_guard == 1 and c.unit("a2").retaliation_guard == 2
    assert _retaliate(c, "a1") == 2
    assert _retaliate(c, "a2") == 0
    # spent on that retaliation: the next one hits in full, and a plain attack never used it
    assert c.unit("a1").retaliation_guard == 0 and c.unit("a2").retaliation_guard == 0
    assert _retaliate(c, "a1") == 3


def test_h3_16_haart_dread_knights_vi_takes_2_off_and_4_for_dread_knights() -> None:
    c = _retaliation_duel(["haart_dread_knights_vi"])
    _play(c, "haart_dread_knights_vi", target="a1")
    assert c.unit("a1").retaliation_guard == 2
    assert _retaliate(c, "a1") == 1
    c = _retaliation_duel(["haart_dread_knights_vi"])
    _play(c, "haart_dread_knights_vi", target="a2")
    assert c.unit("a2").retaliation_guard == 4


def test_h3_16_the_guard_does_not_soften_an_ordinary_attack() -> None:
    c = _retaliation_duel(["haart_dread_knights"])
    _play(c, "haart_dread_knights", target="a1")
    c.attack = PendingAttack(attacker="d1", target="a1", die=0, dice=[0])  # the Crusaders' own attack
    assert r.attack_damage(c, c.attack) == 3
    assert c.unit("a1").retaliation_guard == 1


def test_h3_16_haart_dread_knights_iv_a_retaliation_rolls_two_dice_and_keeps_the_lower() -> None:
    c = _retaliation_duel(["haart_dread_knights_iv", "haart_dread_knights_iv"])
    # ongoing (H3-35.3): only while one of our units activates
    assert _offered(c, "haart_dread_knights_iv", activating=False) == []
    assert {o["target"] for o in _offered(c, "haart_dread_knights_iv")} == {"a1", "a2"}
    before = PendingAttack(attacker="d1", target="a1", retaliation=True)  # without the card: one die
    assert len(r.roll_attack(c, before, dice(1, -1))) == 1
    _play(c, "haart_dread_knights_iv", target="a1")
    assert c.unit("a1").retaliation_worst
    retaliation = PendingAttack(attacker="d1", target="a1", retaliation=True)
    assert r.roll_attack(c, retaliation, dice(1, -1)) == [1, -1] and retaliation.die == -1
    ordinary = PendingAttack(attacker="d1", target="a1")  # the Crusaders' own attack: one die as usual
    assert r.roll_attack(c, ordinary, dice(1, -1)) == [1] and ordinary.die == 1
    # a second copy: the unit already has it for the whole combat, so only the other unit is offered
    assert {o["target"] for o in _offered(c, "haart_dread_knights_iv")} == {"a2"}


# ---- Deemer: Meteor Shower -------------------------------------------------------------------------
def _meteor_board(cards: list[str]) -> Combat:
    """Enemy Crusaders with our Skeletons and the enemy Magi next to it; a lone Zombies unit far away."""
    return Combat(
        kind="player",
        sides=[side(0, cards=cards), side(1, cards=[])],
        units=[
            unit("a1", "skeletons", "pack", 0, (0, 2)),
            unit("a2", "zombies", "few", 0, (4, 0)),
            unit("d1", "crusaders", "pack", 1, (0, 3)),
            unit("d2", "magi", "pack", 1, (1, 3)),
        ],
    )


def test_h3_16_meteor_shower_i_hits_a_unit_and_one_next_to_it_either_side() -> None:
    c = _meteor_board(["meteor_shower", "meteor_shower"])
    plays = _offered(c, "meteor_shower", activating=False)  # an instant: any time in the combat
    pairs = [frozenset((o["target"], o["other"])) for o in plays]
    assert {frozenset(("d1", "a1")), frozenset(("d1", "d2"))} <= set(pairs)
    assert len(pairs) == len(set(pairs))  # both units take the same damage: each pair offered once
    assert not any("a2" in pair for pair in pairs)  # nobody stands next to the Zombies
    assert all(o.get("third") is None for o in plays)  # level I: one neighbour only
    _play(c, "meteor_shower", target="d1", other="a1")  # Power 0: 1 damage each, our unit too
    assert c.unit("d1").damage == 1 and c.unit("a1").damage == 1 and c.unit("d2").damage == 0
    c.sides[0].pending_power = 2  # Power 2: 2 damage each, and the Power is used up (H3-16.2)
    _play(c, "meteor_shower", target="d2", other="d1")
    assert c.unit("d2").damage == 2 and c.unit("d1").damage == 3 and c.sides[0].pending_power == 0


def test_h3_16_meteor_shower_vi_hits_a_unit_and_two_next_to_it_with_3_damage_at_power_4() -> None:
    c = _meteor_board(["meteor_shower_vi"])
    plays = _offered(c, "meteor_shower_vi", activating=False)
    assert {"target": "d1", "other": "a1", "third": "d2"}.items() <= next(
        o for o in plays if o["target"] == "d1" and o.get("third") is not None
    ).items()
    c.sides[0].pending_power = 4
    _play(c, "meteor_shower_vi", target="d1", other="a1", third="d2")
    # the Skeletons Pack (2 HP) flips to Few with the excess; the Crusaders Pack (4 HP) holds 3
    assert c.unit("d1").damage == 3 and c.unit("d2").damage == 3
    assert c.unit("a1").side == "few" and c.unit("a1").damage == 1


def test_h3_16_meteor_shower_iv_is_plus_1_power_or_a_reshuffle_and_a_draw() -> None:
    c = _meteor_board(["meteor_shower_iv", "meteor_shower_iv"])
    assert {o["mode"] for o in _offered(c, "meteor_shower_iv", activating=False)} == {"basic", "other"}
    _play(c, "meteor_shower_iv", mode="basic")
    assert c.sides[0].pending_power == 1
    deck = c.sides[0].deck
    assert deck is not None
    deck.names["x1"] = "attack"
    deck.discard.append("x1")
    deck.draw.draw_pile = []
    events = _play(c, "meteor_shower_iv", mode="other")
    # the discard pile (the cards played and the Attack) went into the deck, then one card was drawn
    assert deck.discard == [] and len(deck.draw.draw_pile) == 2 and len(deck.hand) == 1
    assert "h3_reshuffled" in [e.kind for e in events]


# ---- Jeddite: Mysterious Warlock -------------------------------------------------------------------
def _warlock(card: str, top: list[str]) -> tuple[Combat, list[str]]:
    c = _meteor_board([card])
    deck = c.sides[0].deck
    assert deck is not None
    ids = [f"t{i}" for i in range(len(top))]
    for inst, name in zip(ids, top, strict=True):
        deck.names[inst] = name
    deck.draw.draw_pile = list(ids)
    return c, ids


def test_h3_16_mysterious_warlock_i_keeps_the_spells_and_specialties_of_the_top_3() -> None:
    c, ids = _warlock("mysterious_warlock", ["haste", "attack", "chain_lightning", "magic_arrow"])
    events = _play(c, "mysterious_warlock")
    deck = c.sides[0].deck
    assert deck is not None
    assert deck.hand == [ids[0], ids[2]]  # the spell and the specialty
    assert ids[1] in deck.discard and deck.draw.draw_pile == [ids[3]]  # only 3 turned
    # the kept cards stay hidden: only the discarded Attack is named in public
    public = [e for e in events if e.public]
    assert [e.kind for e in public if e.kind == "h3_discarded"] == ["h3_discarded"]
    assert not any("haste" in str(e.data) or "chain_lightning" in str(e.data) for e in public)


def test_h3_16_mysterious_warlock_vi_turns_4() -> None:
    c, ids = _warlock("mysterious_warlock_vi", ["attack", "defense", "power", "slow", "haste"])
    _play(c, "mysterious_warlock_vi")
    deck = c.sides[0].deck
    assert deck is not None
    assert deck.hand == [ids[3]] and deck.draw.draw_pile == [ids[4]]
    assert set(ids[:3]) <= set(deck.discard)


def test_h3_35_4_mysterious_warlock_iv_saves_bronze_free_silver_for_1_gold_for_2() -> None:
    # Jeddite IV: "Power 0: bronze, 1: silver, 2: gold" (H3-16.2: a specialty, asked as the attack lands)
    state = lethal_attack(["mysterious_warlock_iv", "attack"], 0)  # Skeletons: bronze
    assert {"type": "resurrect", "play": True} in [o.action for o in SKIRMISH.prompts(state)[0].options]
    state, _ = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    assert state.combat is not None and state.combat.unit("d1").alive
    state = lethal_attack(["mysterious_warlock_iv", "attack"], 0, target="magi")  # silver, no Power: not asked
    assert state.combat is not None and not state.combat.unit("d1").alive
    state = lethal_attack(["mysterious_warlock_iv", "attack"], 1, target="magi")  # silver with 1 Power
    state, _ = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    assert state.combat is not None and state.combat.unit("d1").alive
    assert load().cards["mysterious_warlock_iv"].power_cost == {"bronze": 0, "silver": 1, "gold": 2}


# ---- the map side -----------------------------------------------------------------------------------
def _tower_game(factions: list[str], hero: str) -> ClashState:
    state = new_game(2, factions=factions, heroes=[hero, None], expansions=["tower"])
    return mutate(to_main(state, 0))


def _map_play(state: ClashState, inst: str, mode: str = "basic") -> tuple[ClashState, list[Any]]:
    action = {"type": "play_card", "card": inst, "mode": mode}
    prompt = next(p for p in CLASH.prompts(state) if p.seat == 0)
    assert action in [dict(o.action) for o in prompt.options]
    return act(state, 0, action)


def test_h3_16_haart_estates_collects_2_3_and_5_gold() -> None:
    state = _tower_game(["castle", "necropolis"], "lord_haart_castle")
    for card, gold in (("haart_estates", 2), ("haart_estates_iv", 3), ("haart_estates_vi", 5)):
        state = mutate(state)
        inst = give_card(state, card)
        before = state.player(0).resources["gold"]
        state, _ = _map_play(state, inst)
        assert state.player(0).resources["gold"] == before + gold


def _won_by_surrender(state: ClashState) -> ClashState:
    """Vidomina walks into Bob's hero, who surrenders at once (H3-37.9): a won combat, not a quick one."""
    me, bob = state.player(0), state.player(1)
    assert me.main is not None and bob.main is not None
    to = next(n for n in neighbours(me.main.field) if step_ok(state, me.main.field, n))
    bob.main.field = bob.main.last_visited = to
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})  # H3-9.5: a combat
    for _ in range(100):
        if state.combat is None:
            return state
        prompt = CLASH.prompts(state)[0]
        options = [dict(o.action) for o in prompt.options]
        give_up = [a for a in options if a.get("type") == "surrender"]
        fight_on = [a for a in options if a.get("type") not in ("surrender", "retreat")]
        state, _ = act(state, prompt.seat, give_up[0] if give_up and prompt.seat == 1 else fight_on[0])
    raise AssertionError("the combat did not end")


def _necro_win(card: str, army: list[tuple[str, str]]) -> tuple[ClashState, list[dict[str, Any]]]:
    state = _tower_game(["necropolis", "castle"], "vidomina")
    p = state.player(0)
    p.army = [ArmyCard(card=u, side=s) for u, s in army]
    p.resources["gold"] = 30
    inst = give_card(state, card)
    # H3-13.2.7: "play after winning a combat": not before one
    assert refused_rule(state, {"type": "play_card", "card": inst, "mode": "basic"}) == "H3-13.2.7"
    state = _won_by_surrender(state)
    assert state.player(0).combat_won_turn and front(state).kind == "main"
    state, _ = _map_play(state, inst)
    prompt = next(p for p in CLASH.prompts(state) if p.seat == 0)
    return state, [dict(o.action) for o in prompt.options]


def test_h3_16_vidomina_necromancy_i_reinforces_bronze_or_silver_for_half_the_gold_rounded_down() -> None:
    # Skeletons Pack costs printed on the card; Vidomina I pays half of its gold, rounded down
    state, options = _necro_win("vidomina_necromancy", [("skeletons", "few"), ("dread_knights", "few")])
    assert front(state).data.get("what") == "reinforce_pick"
    picks = {str(o.get("pick")) for o in options}
    assert "0" in picks and "1" not in picks  # the gold Dread Knights only at level VI
    full = load().unit("skeletons").sides["pack"].cost.get("gold", 0)
    gold = state.player(0).resources["gold"]
    state, _ = act(state, 0, {"type": "choose", "pick": "0"})
    assert state.player(0).army[0].side == "pack"
    assert state.player(0).resources["gold"] == gold - full // 2


def test_h3_16_vidomina_necromancy_vi_reinforces_any_unit() -> None:
    state, options = _necro_win("vidomina_necromancy_vi", [("dread_knights", "few")])
    assert "0" in {str(o.get("pick")) for o in options}
    full = load().unit("dread_knights").sides["pack"].cost.get("gold", 0)
    gold = state.player(0).resources["gold"]
    state, _ = act(state, 0, {"type": "choose", "pick": "0"})
    assert state.player(0).resources["gold"] == gold - full // 2


def test_h3_16_vidomina_necromancy_iv_lays_a_horde_of_skeletons_on_the_skeletons_pack() -> None:
    # like Sandro's Cloak (printed the same way): in play, it lies on the Skeletons Pack and replaces
    # its statistics (attack 3, defence 1, HP 2, initiative 6) until its HP run out
    state = _tower_game(["necropolis", "castle"], "vidomina")
    inst = give_card(state, "vidomina_necromancy_iv")
    state, events = _map_play(state, inst)  # H3-13.2.7: played on the map as a permanent
    assert state.player(0).permanent == inst and "h3_permanent" in [e.kind for e in events]
    c = Combat(
        kind="player",
        sides=[side(0, cards=[]), side(1, cards=[])],
        units=[unit("a1", "skeletons", "pack", 0, (0, 2)), unit("d1", "crusaders", "few", 1, (0, 5))],
    )
    events = permanent.lay_cloaks(state, c)
    stats = c.unit("a1").stats()
    assert (stats.attack, stats.defense, stats.hp, stats.initiative) == (3, 1, 2, 6)
    assert c.unit("a1").overlay_card == inst and "h3_cloak_on" in [e.kind for e in events]


def test_h3_16_meteor_shower_iv_on_the_map_reshuffles_and_draws() -> None:
    state = _tower_game(["dungeon", "castle"], "deemer")
    p = state.player(0)
    p.deck.discard.extend(p.deck.draw.draw_pile)
    p.deck.draw.draw_pile = []
    inst = give_card(state, "meteor_shower_iv")
    hand_before = len(p.deck.hand)
    state, events = _map_play(state, inst)
    p = state.player(0)
    assert p.deck.discard == [] and len(p.deck.hand) == hand_before  # the card played, one drawn
    assert "h3_reshuffled" in [e.kind for e in events]


def test_h3_16_mysterious_warlock_on_the_map_keeps_the_spells_and_specialties() -> None:
    state = _tower_game(["dungeon", "castle"], "jeddite")
    p = state.player(0)
    top = [state.new_card(x) for x in ("haste", "attack", "frost_ring")]
    p.deck.draw.draw_pile = top + p.deck.draw.draw_pile
    inst = give_card(state, "mysterious_warlock")
    state, events = _map_play(state, inst)
    p = state.player(0)
    assert top[0] in p.deck.hand and top[2] in p.deck.hand and top[1] in p.deck.discard
    public = [e for e in events if e.public and e.kind == "h3_discarded"]
    assert len(public) == 1


def test_h3_13_2_7_the_moment_after_a_win_lasts_until_the_turn_ends() -> None:
    state = _won_by_surrender(_tower_game(["necropolis", "castle"], "vidomina"))
    assert state.player(0).combat_won_turn and not state.player(1).combat_won_turn  # Bob surrendered
    state, _ = act(state, 0, {"type": "end_turn"})
    assert not state.player(0).combat_won_turn
