"""AI heroes in combat (H3-40.2.1, H3-41, H3-42): the AI deck, the AI spell deck, the skill."""

from __future__ import annotations

from engine.core import Deck, Rng
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat.models import AiDeck, Combat, CombatSide, Unit
from engine.heroes3.content import load
from engine.heroes3.neutrals import aicards
from engine.heroes3.neutrals.difficulty import Difficulty
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH

from .helpers import combat_state, side, unit


def _ai_combat(
    *units: Unit, cards: list[str], spells: list[str] | None = None, difficulty: Difficulty = "normal"
) -> Combat:
    names = {f"ais{i:02d}": s for i, s in enumerate(spells or [])}
    deck = AiDeck(
        difficulty=difficulty,
        cards=Deck[str](draw_pile=list(cards)),
        spells=Deck[str](draw_pile=list(names)),
        skill="offense",
        names=names,
    )
    ai_side = CombatSide(team=1, hero="sandro", faction="necropolis", ai=deck)
    return Combat(kind="player", sides=[side(0, hero="catherine"), ai_side], units=list(units))


def test_h3_41_6_2_card_values_by_difficulty() -> None:
    # H3-41.6.2: each AI card's strength depends on the difficulty (S-H1's "Expert" = Hard).
    assert [aicards.AI_CARDS["attack_a"].value(d) for d in ("easy", "normal", "hard", "impossible")] == [0, 1, 1, 2]
    assert [aicards.AI_CARDS["spell_b"].value(d) for d in ("easy", "normal", "hard", "impossible")] == [0, 1, 2, 3]
    assert {c.type for c in aicards.AI_CARDS.values()} == {"might", "magic", "skill"}


def test_h3_41_6_deck_built_by_type_and_shuffled_before_combat() -> None:
    # H3-41.6: the scenario gives counts per type, the specific cards are random; before each
    # combat the AI deck is shuffled together with its discard pile.
    deck = aicards.build({"might": 3, "magic": 2, "skill": 1}, ["magic_arrow"], "offense", "hard", Rng.from_seed(4))
    kinds = sorted(aicards.AI_CARDS[c].type for c in deck.cards.draw_pile)
    assert kinds == ["magic", "magic", "might", "might", "might", "skill"]
    deck.cards.discard(deck.cards.draw_pile.pop())
    deck.exhausted = True
    aicards.shuffle_for_combat(deck, Rng.from_seed(5))
    assert len(deck.cards.draw_pile) == 6 and not deck.cards.discard_pile and not deck.exhausted


def test_h3_40_2_1_and_41_6_1_a_card_per_activation_until_the_deck_runs_out() -> None:
    # H3-40.2.1 / H3-41.6.1: an AI hero's unit draws and resolves an AI card before it acts; an
    # empty AI deck stops the drawing for the rest of the combat.
    c = _ai_combat(
        unit("a1", "griffins", "few", 0, (1, 2)),
        unit("d1", "zombies", "few", 1, (1, 3)),
        cards=["attack_b"],
    )
    state = combat_state(c)
    events = cf.ai_hero_cards(state, c.unit("d1"))
    assert [e.kind for e in events] == ["h3_ai_card", "h3_attack_up"]
    assert c.unit("d1").attack_bonus == 1 and c.sides[1].ai is not None
    assert c.sides[1].ai.cards.discard_pile == ["attack_b"]  # H3-41.9: a resolved card is discarded
    events = cf.ai_hero_cards(state, c.unit("d1"))
    assert [e.kind for e in events] == ["h3_ai_empty"] and c.sides[1].ai.exhausted
    assert cf.ai_hero_cards(state, c.unit("d1")) == []


def test_h3_41_9_attack_card_waits_for_a_unit_able_to_attack() -> None:
    # H3-41.9: a might card for "the unit about to attack" applies to the next AI unit that can.
    c = _ai_combat(
        unit("a1", "griffins", "few", 0, (0, 0)),
        unit("d1", "zombies", "few", 1, (3, 4)),  # too far to attack this activation
        unit("d2", "liches", "few", 1, (0, 4)),  # ranged: can shoot
        cards=["attack_b", "defense_a"],
    )
    state = combat_state(c)
    cf.ai_hero_cards(state, c.unit("d1"))
    deck = c.sides[1].ai
    assert deck is not None and deck.waiting == ["attack_b"] and c.unit("d1").attack_bonus == 0
    cf.ai_hero_cards(state, c.unit("d2"))
    assert deck.waiting == [] and c.unit("d2").attack_bonus == 1


def test_h3_41_9_defense_card_stays_until_the_first_defence() -> None:
    # H3-41.9: an AI card raising defence stays on its unit (the highest HP, S-H1) until attacked.
    c = _ai_combat(
        unit("a1", "griffins", "few", 0, (1, 2)),
        unit("d1", "zombies", "few", 1, (1, 3)),
        unit("d2", "dread_knights", "few", 1, (3, 4)),
        cards=["defense_a"],
    )
    state = combat_state(c)
    cf.ai_hero_cards(state, c.unit("d1"))
    knights = c.unit("d2")
    assert knights.card_defense == 1
    cf.end_act(FLOW, state, FLOW.new(state, "h3c_end_act"))
    assert knights.card_defense == 1  # survives the end of the activation
    from engine.heroes3.combat.models import PendingAttack

    c.attack = PendingAttack(attacker="a1", target="d2", die=0, dice=[0])
    from engine.heroes3.combat import rules as r

    assert r.defense_value(c, c.attack) == knights.stats().defense + 1
    cf.hit(FLOW, state, FLOW.new(state, "h3c_hit"))
    assert knights.card_defense == 0


def test_h3_41_7_magic_card_casts_the_next_ai_spell_on_the_highest_defence() -> None:
    # H3-41.7: a magic card casts the next AI spell (damage: the player's unit with the highest
    # defence) with the card's Power; cast spells go to the AI spell discard pile.
    c = _ai_combat(
        unit("a1", "griffins", "few", 0, (0, 1)),
        unit("a2", "champions", "few", 0, (2, 1)),
        unit("d1", "zombies", "few", 1, (1, 3)),
        cards=["spell_b"],
        spells=["magic_arrow"],
        difficulty="impossible",
    )
    state = combat_state(c)
    target = max((c.unit("a1"), c.unit("a2")), key=lambda u: u.stats().defense)
    events = cf.ai_hero_cards(state, c.unit("d1"))
    assert "h3_ai_cast" in [e.kind for e in events]
    assert target.damage == load().cards["magic_arrow"].tiers[2] or not target.alive
    deck = c.sides[1].ai
    assert deck is not None and deck.spells.discard_pile == ["ais00"] and deck.cards.discard_pile == ["spell_b"]


def test_h3_42_2_defensive_spell_becomes_a_token_on_the_strongest_attacker() -> None:
    # H3-42.2: Stone Skin goes on the AI unit with the highest attack and stays until used.
    c = _ai_combat(
        unit("a1", "griffins", "few", 0, (0, 1)),
        unit("d1", "zombies", "few", 1, (1, 3)),
        unit("d2", "dread_knights", "few", 1, (2, 4)),
        cards=["spell_a"],
        spells=["stone_skin"],
    )
    state = combat_state(c)
    cf.ai_hero_cards(state, c.unit("d1"))
    assert c.unit("d2").card_defense == load().cards["stone_skin"].tiers[1]
    assert aicards.defensive_target(c, 1) is c.unit("d1")  # the next one skips a held token


def test_h3_42_3_heal_without_damage_goes_back() -> None:
    # H3-42.3: no damaged AI unit: the magic card goes to the bottom of the AI deck, the spell back.
    c = _ai_combat(
        unit("a1", "griffins", "few", 0, (0, 1)),
        unit("d1", "zombies", "few", 1, (1, 3)),
        cards=["spell_a", "attack_a"],
        spells=["cure"],
    )
    state = combat_state(c)
    events = cf.ai_hero_cards(state, c.unit("d1"))
    deck = c.sides[1].ai
    assert deck is not None and [e.kind for e in events][-1] == "h3_ai_no_cast"
    assert deck.cards.draw_pile == ["attack_a", "spell_a"] and deck.spells.draw_pile == ["ais00"]
    c.unit("d1").damage = 1
    assert aicards.heal_target(c, 1) is c.unit("d1")


def test_h3_42_1_multi_target_spell_prefers_a_high_tier_group() -> None:
    # H3-42.1: target a player unit with one or two adjacent player units, the group with more
    # high-tier units first; with no group, a unit not next to any AI unit; else no cast.
    c = _ai_combat(
        unit("a1", "halberdiers", "few", 0, (0, 0)),
        unit("a2", "marksmen", "few", 0, (1, 0)),
        unit("a3", "champions", "few", 0, (3, 0)),
        unit("a4", "crusaders", "few", 0, (3, 1)),
        unit("d1", "zombies", "few", 1, (1, 4)),
        cards=[],
    )
    assert aicards.multi_target(c, 1) in (c.unit("a3"), c.unit("a4"))
    c.units = [unit("a1", "halberdiers", "few", 0, (1, 2)), unit("d1", "zombies", "few", 1, (1, 3))]
    assert aicards.multi_target(c, 1) is None


def test_h3_41_8_skill_is_set_aside_and_reused() -> None:
    # H3-41.8: the skill card acts and is never discarded; "do it again" at Hard applies it twice.
    c = _ai_combat(
        unit("a1", "griffins", "few", 0, (1, 2)),
        unit("d1", "zombies", "few", 1, (1, 3)),
        cards=["skill_a", "skill_a"],
        difficulty="hard",
    )
    state = combat_state(c)
    cf.ai_hero_cards(state, c.unit("d1"))
    offense = load().cards["offense"].basic
    assert c.unit("d1").attack_bonus == 2 * offense
    deck = c.sides[1].ai
    assert deck is not None and deck.skill == "offense" and deck.cards.discard_pile == ["skill_a"]


def test_h3_41_3_ai_hero_combat_has_no_surrender_time_limit_or_reward() -> None:
    # H3-41.1: the AI hero has no Might & Magic deck; H3-41.3: no surrender, no time limit, no
    # XP for beating it (H3-38.3).
    state = SKIRMISH.setup({"mode": "ai_hero", "factions": ["castle", "necropolis"], "gold": 50}, 2)
    assert state.combat is not None
    ai_side = state.combat.sides[1]
    assert ai_side.ai is not None and ai_side.deck is None and ai_side.controller is None
    assert not state.combat.time_limit
    for _ in range(600):
        if SKIRMISH.result(state) is not None:
            break
        prompt = SKIRMISH.prompts(state)[0]
        assert all(o.action["type"] != "surrender" for o in prompt.options)
        action = next((o.action for o in prompt.options if o.action["type"] == "attack"), prompt.options[0].action)
        state, _ = SKIRMISH.apply(state, prompt.seat, action)
    assert state.combat is not None and state.combat.result is not None
    assert state.combat.result.xp == 0
    after = state.combat.sides[1].ai
    assert after is not None and (after.cards.discard_pile or after.waiting or after.exhausted)  # cards were drawn


def test_h3_42_5_weakness_only_on_the_enemy_that_will_retaliate() -> None:
    # H3-42.5: an attack-reducing spell goes on the enemy that will retaliate against the
    # activating AI unit; with no retaliation coming the magic card and the spell go back.
    c = _ai_combat(
        unit("a1", "griffins", "few", 0, (1, 2)),
        unit("d1", "zombies", "few", 1, (1, 3)),
        cards=["spell_b"],
        spells=["weakness"],
        difficulty="hard",
    )
    state = combat_state(c)
    events = cf.ai_hero_cards(state, c.unit("d1"))
    assert "h3_ai_cast" in [e.kind for e in events] and c.unit("a1").attack_bonus == -3
    c2 = _ai_combat(
        unit("a1", "griffins", "few", 0, (1, 2)),
        unit("d1", "liches", "few", 1, (1, 4)),  # ranged, not adjacent: no retaliation
        cards=["spell_b"],
        spells=["weakness"],
    )
    events = cf.ai_hero_cards(combat_state(c2), c2.unit("d1"))
    assert [e.kind for e in events][-1] == "h3_ai_no_cast" and c2.unit("a1").attack_bonus == 0


def test_h3_42_4_one_round_buff_waits_for_the_next_round() -> None:
    # H3-42.4: more than half of the units of the target's tier or higher have activated: the
    # buff is set aside and cast at the first AI activation of the next round, without a draw.
    c = _ai_combat(
        unit("a1", "griffins", "few", 0, (0, 1), activated=True),
        unit("a2", "halberdiers", "few", 0, (3, 1), activated=True),
        unit("d1", "zombies", "few", 1, (1, 3), activated=True),
        unit("d2", "skeletons", "few", 1, (2, 4)),
        cards=["spell_a", "attack_b"],
        spells=["fire_shield"],
    )
    state = combat_state(c)
    events = cf.ai_hero_cards(state, c.unit("d2"))
    deck = c.sides[1].ai
    assert deck is not None and [e.kind for e in events][-1] == "h3_ai_delayed" and deck.delayed
    for u in c.units:
        u.activated = False
    c.round += 1
    events = cf.ai_hero_cards(state, c.unit("d1"))
    kinds = [e.kind for e in events]
    assert "h3_ai_card" not in kinds and "h3_fire_shield" in kinds and not deck.delayed
    assert deck.cards.draw_pile == ["attack_b"]  # no AI card was drawn by that activation


def test_fire_shield_burns_an_adjacent_attacker_this_round() -> None:
    # Fire Shield (S-H1 docs/spells): an adjacent unit attacking the shielded unit during this
    # combat round takes the damage; the next round the shield is gone.
    from engine.heroes3.combat.models import PendingAttack

    c = _ai_combat(unit("a1", "griffins", "few", 0, (1, 2)), unit("d1", "dread_knights", "few", 1, (1, 3)), cards=[])
    state = combat_state(c)
    c.unit("d1").fire_shield = (2, c.round)
    c.attack = PendingAttack(attacker="a1", target="d1", die=0, dice=[0])
    events = cf.hit(FLOW, state, FLOW.new(state, "h3c_hit"))
    assert "h3_fire_shield_burns" in [e.kind for e in events] and c.unit("a1").damage == 2
    c.round += 1
    c.unit("a1").damage = 0
    c.attack = PendingAttack(attacker="a1", target="d1", die=0, dice=[0])
    events = cf.hit(FLOW, state, FLOW.new(state, "h3c_hit"))
    assert "h3_fire_shield_burns" not in [e.kind for e in events] and c.unit("a1").damage == 0
