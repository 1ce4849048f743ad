"""The Tower box's Tower and Rampart heroes (H3-12.4, H3-16): the combat effects of Cyra's Haste, Dracon's
Enchanters, Iona's Genies, Clancy's Unicorns and Mephala's Armorer at levels I, IV and VI
(combat/cards.py, the attack and defence values in combat/rules.py)."""

from __future__ import annotations

from typing import Any

from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat, PendingAttack

from ..helpers import dice, hand, side, unit


def _play(c: Combat, card: str, mode: str = "basic", team: int = 0, **kw: Any) -> list[Any]:
    action = Play(type="play", card=hand(c, team, card), mode=mode, **kw)
    return card_rules.play(c, c.sides[team], action, dice())


def _offered(c: Combat, card: str, *, activating: bool = True) -> list[dict[str, Any]]:
    inst = hand(c, 0, card)
    return [o.action for o in card_rules.playable(c, c.sides[0], activating) if o.action["card"] == inst]


def _duel(cards: list[str], mine: list[tuple[str, str, str]], enemy_cards: list[str] | None = None) -> Combat:
    """Side 0 holds ``cards`` and the units ``mine`` (uid, unit, side); side 1 a Skeletons (initiative 4)
    and a Zombies (initiative 3)."""
    units = [unit(uid, card, face, 0, (i, 1)) for i, (uid, card, face) in enumerate(mine)]
    units += [unit("d1", "skeletons", "few", 1, (0, 4)), unit("d2", "zombies", "few", 1, (1, 4))]
    return Combat(kind="player", sides=[side(0, cards=cards), side(1, cards=enemy_cards)], units=units)


def _attack(c: Combat, attacker: str, target: str) -> PendingAttack:
    return PendingAttack(attacker=attacker, target=target, die=0, dice=[0])


# ---- Cyra: Haste ---------------------------------------------------------------------------------------------
def test_h3_16_cyra_haste_i_gives_three_initiative_for_the_combat() -> None:
    c = _duel(["cyra_haste"], [("a1", "zombies", "few")])
    assert _offered(c, "cyra_haste", activating=False) == []  # ongoing: in one's own activation (H3-35.3)
    assert [o["target"] for o in _offered(c, "cyra_haste")] == ["a1"]
    _play(c, "cyra_haste", target="a1")
    assert c.unit("a1").initiative() == 3 + 3


def test_h3_16_cyra_haste_iv_doubles_against_a_unit_of_higher_initiative() -> None:
    # instant: +1 attack until the unit's next attack resolves (H3-35.5), +2 if the unit attacked is faster
    c = _duel(["cyra_haste_iv", "cyra_haste_iv"], [("a1", "zombies", "few")])
    assert [o["target"] for o in _offered(c, "cyra_haste_iv", activating=False)] == ["a1"]
    plain = r.attack_value(c, _attack(c, "a1", "d1"))
    _play(c, "cyra_haste_iv", target="a1")
    assert r.attack_value(c, _attack(c, "a1", "d1")) == plain + 2  # Skeletons: initiative 4 > 3
    assert r.attack_value(c, _attack(c, "a1", "d2")) == plain + 1  # Zombies: 3, not higher
    c.unit("a1").attack_bonus = c.unit("a1").faster_foe_attack = 0  # as flow.hit does once the attack resolves
    assert r.attack_value(c, _attack(c, "a1", "d1")) == plain


def test_h3_16_cyra_haste_vi_initiative_and_defence_against_slower_attackers() -> None:
    c = _duel(["cyra_haste_vi"], [("a1", "halberdiers", "few")])
    before_slow = r.defense_value(c, _attack(c, "d2", "a1"))
    _play(c, "cyra_haste_vi", target="a1")
    a1 = c.unit("a1")
    assert a1.initiative() == 4 + 3
    assert r.defense_value(c, _attack(c, "d2", "a1")) == before_slow + 1  # Zombies (3) are slower
    c.unit("d1").initiative_bonus = 3  # Skeletons now 7: as fast as a1, not slower
    assert r.defense_value(c, _attack(c, "d1", "a1")) == before_slow
    assert a1.slower_foe_defense == 1  # ongoing: it stays for the combat (nothing resets it)


# ---- Dracon: Enchanters --------------------------------------------------------------------------------------
def test_h3_16_dracon_enchanters_i_and_vi_double_for_magi_and_enchanters() -> None:
    c = _duel(
        ["enchanters", "enchanters", "enchanters_vi", "enchanters_vi"],
        [("a1", "magi", "few"), ("a2", "centaurs", "few"), ("a3", "n_enchanters", "neutral")],
    )
    assert {o["mode"] for o in _offered(c, "enchanters", activating=False)} == {"attack", "defense"}
    _play(c, "enchanters", mode="attack", target="a1")
    _play(c, "enchanters", mode="defense", target="a2")
    assert c.unit("a1").attack_bonus == 2 and c.unit("a2").defense_bonus == 1
    _play(c, "enchanters_vi", target="a3")
    _play(c, "enchanters_vi", target="a2")
    assert c.unit("a3").initiative() == 5 + 4 and c.unit("a2").initiative() == 6 + 2


def test_h3_16_dracon_enchanters_iv_draws_a_card_in_combat() -> None:
    c = _duel(["enchanters_iv"], [("a1", "magi", "few")])
    deck = c.sides[0].deck
    assert deck is not None
    deck.names["x1"] = "attack"
    deck.draw.draw_pile = ["x1"]
    _play(c, "enchanters_iv")
    assert "x1" in deck.hand


# ---- Iona: Genies --------------------------------------------------------------------------------------------
def test_h3_16_iona_genies_at_levels_i_iv_and_vi() -> None:
    c = _duel(
        ["genies", "genies", "genies_iv", "genies_iv", "genies_vi", "genies_vi"],
        [("a1", "genies", "few"), ("a2", "centaurs", "few"), ("a3", "n_genies", "neutral")],
    )
    _play(c, "genies", target="a1")  # I: ongoing +1 HP, Genies +2
    _play(c, "genies", target="a2")
    assert c.unit("a1").hp() == 6 + 2 and c.unit("a2").hp() == 3 + 1
    _play(c, "genies_iv", mode="attack", target="a3")  # IV: +1 attack or defence, Genies twice
    _play(c, "genies_iv", mode="defense", target="a2")
    assert c.unit("a3").attack_bonus == 2 and c.unit("a2").defense_bonus == 1
    _play(c, "genies_vi", target="a1")  # VI: +2 defence, Genies +4
    _play(c, "genies_vi", target="a2")
    assert c.unit("a1").defense_bonus == 4 and c.unit("a2").defense_bonus == 1 + 2


# ---- Clancy: Unicorns ----------------------------------------------------------------------------------------
def test_h3_16_clancy_unicorns_i_and_iv_double_for_unicorns() -> None:
    c = _duel(["unicorns", "unicorns_iv", "unicorns_iv"], [("a1", "unicorns", "few"), ("a2", "n_unicorns", "neutral")])
    _play(c, "unicorns", mode="defense", target="a1")
    assert c.unit("a1").defense_bonus == 2
    assert _offered(c, "unicorns_iv", activating=False) == []  # ongoing (H3-35.3)
    _play(c, "unicorns_iv", target="a1")
    _play(c, "unicorns_iv", target="a2")
    assert c.unit("a1").initiative() == 7 + 2 and c.unit("a2").initiative() == 7 + 2


def test_h3_16_clancy_unicorns_vi_spells_deal_less_damage() -> None:
    # VI: for this combat a spell deals 1 damage less to the unit (Unicorns 2 less), never below 0
    c = _duel(
        ["unicorns_vi", "unicorns_vi"],
        [("a1", "centaurs", "few"), ("a2", "unicorns", "few")],
        enemy_cards=["magic_arrow", "magic_arrow"],
    )
    own = r.spell_reduction(c, c.unit("a2"))  # the Unicorns' own ward (Rampart Unicorns)
    _play(c, "unicorns_vi", target="a1")
    _play(c, "unicorns_vi", target="a2")
    assert r.spell_reduction(c, c.unit("a1")) == 1
    assert r.spell_reduction(c, c.unit("a2")) == own + 2  # the card's effect adds to the unit's own
    _play(c, "magic_arrow", mode="cast", team=1, target="a1")  # Magic Arrow without Power: 1 damage
    assert c.unit("a1").damage == 0
    c.unit("a1").spell_ward = 0
    c.sides[1].spells_cast = 0
    _play(c, "magic_arrow", mode="cast", team=1, target="a1")
    assert c.unit("a1").damage == 1  # without the card's ward the arrow hits


# ---- Mephala: Armorer ----------------------------------------------------------------------------------------
def test_h3_16_mephala_armorer_gives_two_three_and_four_defence() -> None:
    c = _duel(
        ["mephala_armorer", "mephala_armorer_iv", "mephala_armorer_vi"],
        [("a1", "centaurs", "few"), ("a2", "elves", "few"), ("a3", "unicorns", "few")],
    )
    assert [o["target"] for o in _offered(c, "mephala_armorer", activating=False)] == ["a1", "a2", "a3"]
    _play(c, "mephala_armorer", target="a1")
    _play(c, "mephala_armorer_iv", target="a2")
    _play(c, "mephala_armorer_vi", target="a3")
    assert [c.unit(u).defense_bonus for u in ("a1", "a2", "a3")] == [2, 3, 4]
    assert r.defense_value(c, _attack(c, "d1", "a1")) == 0 + 2  # Centaurs: printed defence 0
