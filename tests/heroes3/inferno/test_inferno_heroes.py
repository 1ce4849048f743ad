"""The Inferno heroes' specialty cards in combat (H3-16; S-H1 docs/heroes/{fiona,rashka,xyron,zydar}.md)."""

from __future__ import annotations

from typing import Any

from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import ongoing
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat

from ..helpers import combat_state, dice, hand, hit_with, side, unit


def _duel(cards: list[str], *units: Any) -> Combat:
    return Combat(kind="player", sides=[side(0, cards=cards), side(1)], units=list(units))


def _plays(c: Combat, card: str) -> list[dict[str, Any]]:
    inst = hand(c, 0, card)
    return [o.action for o in card_rules.playable(c, c.sides[0], activating=True) if o.action.get("card") == inst]


def _play(c: Combat, action: dict[str, Any]) -> list[Any]:
    return card_rules.play(c, c.sides[0], Play.model_validate(action), dice())


def test_h3_16_fiona_cerberi_vi_doubles_for_cerberi() -> None:
    c = _duel(
        ["cerberi_vi", "cerberi_vi"], unit("a1", "cerberi", "few", 0, (1, 2)), unit("a2", "demons", "few", 0, (2, 2))
    )
    first = next(a for a in _plays(c, "cerberi_vi") if a["target"] == "a1")
    _play(c, first)
    second = next(a for a in _plays(c, "cerberi_vi") if a["target"] == "a2")
    _play(c, second)
    assert (c.unit("a1").attack_bonus, c.unit("a2").attack_bonus) == (4, 2)


def test_h3_16_rashka_efreet_iv_burns_ground_and_flying_attackers_for_the_whole_combat() -> None:
    c = _duel(
        ["efreet_iv"],
        unit("a1", "demons", "few", 0, (1, 2)),
        unit("d1", "halberdiers", "few", 1, (1, 3)),
        unit("d2", "marksmen", "few", 1, (2, 2)),
    )
    action = next(a for a in _plays(c, "efreet_iv") if a["target"] == "a1")
    _play(c, action)
    assert c.unit("a1").fire_shield == (1, ongoing.WHOLE_COMBAT)
    c.round = 3  # a later combat round: still in force
    state = combat_state(c)
    state.rng = dice(0)
    hit_with(state, "d1", "a1", -1)  # the Halberdiers (ground) attack the shielded Demons
    assert c.unit("d1").damage == 1
    c.attack = None
    state = combat_state(c)
    state.rng = dice(0)
    hit_with(state, "d2", "a1", -1)  # the Marksmen shoot it from next to it: a ranged unit is not burnt
    assert c.unit("d2").damage == 0


def test_h3_16_rashka_efreet_vi_burns_twice_as_hard_around_efreet() -> None:
    c = _duel(["efreet_vi"], unit("a1", "efreet", "few", 0, (1, 2)), unit("d1", "hydras", "few", 1, (1, 3)))
    _play(c, next(a for a in _plays(c, "efreet_vi") if a["target"] == "a1"))
    assert c.unit("a1").fire_shield == (2, ongoing.WHOLE_COMBAT)


def test_h3_16_xyron_inferno_hits_the_chosen_space_and_its_neighbours_either_side() -> None:
    c = _duel(
        ["xyron_inferno_vi"],
        unit("a1", "demons", "few", 0, (1, 2)),
        unit("d1", "hydras", "few", 1, (1, 3)),
        unit("d2", "hydras", "few", 1, (3, 3)),
    )
    plays = _plays(c, "xyron_inferno_vi")
    assert all("discard" not in a and "count" not in a for a in plays)  # level VI: nothing to pay
    _play(c, next(a for a in plays if a["cell"] == [1, 3]))
    assert [c.unit(u).damage for u in ("a1", "d1", "d2")] == [1, 1, 0]  # the space itself and a friendly unit too
    paid = _duel(["xyron_inferno", "attack", "defense"], unit("d1", "hydras", "few", 1, (1, 3)))
    first = _plays(paid, "xyron_inferno")
    assert first and all(a["count"] == 2 for a in first)  # level I: 2 cards discarded


def test_h3_16_zydar_sorcery_power_or_a_card_right_after_a_spell() -> None:
    c = _duel(
        ["zydar_sorcery", "attack", "magic_arrow"],
        unit("a1", "demons", "few", 0, (1, 2)),
        unit("d1", "hydras", "few", 1, (1, 3)),
    )
    c.sides[0].deck.draw.draw_pile = ["x1"]  # type: ignore[union-attr]  # a deck to draw from
    c.sides[0].deck.names["x1"] = "defense"  # type: ignore[union-attr]
    assert [a["mode"] for a in _plays(c, "zydar_sorcery")] == ["basic"]  # no spell cast yet: only the Power
    _play(c, {"type": "play", "card": hand(c, 0, "magic_arrow"), "mode": "cast", "target": "d1"})
    assert sorted(a["mode"] for a in _plays(c, "zydar_sorcery")) == ["basic", "other"]
    _play(c, next(a for a in _plays(c, "zydar_sorcery") if a["mode"] == "other"))
    assert "x1" in c.sides[0].deck.hand  # type: ignore[union-attr]


def test_h3_16_zydar_sorcery_iv_power_or_one_more_spell_this_round() -> None:
    c = _duel(["zydar_sorcery_iv", "zydar_sorcery_iv"], unit("a1", "demons", "few", 0, (1, 2)))
    _play(c, {"type": "play", "card": hand(c, 0, "zydar_sorcery_iv"), "mode": "basic"})
    assert c.sides[0].pending_power == 2
    second = hand(c, 0, "zydar_sorcery_iv")
    limit = c.sides[0].spell_limit
    events = _play(c, {"type": "play", "card": second, "mode": "other"})
    assert c.sides[0].spell_limit == limit + 1 and "h3_spell_limit" in [e.kind for e in events]


def test_h3_16_zydar_sorcery_vi_power_and_a_card_after_each_spell_this_round() -> None:
    c = _duel(
        ["zydar_sorcery_vi", "magic_arrow"],
        unit("a1", "demons", "few", 0, (1, 2)),
        unit("d1", "hydras", "few", 1, (1, 3)),
    )
    c.sides[0].deck.draw.draw_pile = ["x1", "x2"]  # type: ignore[union-attr]
    c.sides[0].deck.names.update(x1="defense", x2="attack")  # type: ignore[union-attr]
    [action] = _plays(c, "zydar_sorcery_vi")
    _play(c, action)
    assert c.sides[0].pending_power == 2 and c.sides[0].cast_draw_round == c.round
    _play(c, {"type": "play", "card": hand(c, 0, "magic_arrow"), "mode": "cast", "target": "d1"})
    assert len(c.sides[0].deck.hand) == 1  # type: ignore[union-attr]  # one card drawn after the spell
    c.round += 1
    assert card_rules.cast_draws(c, c.sides[0], dice()) == []  # the combat round is over: no more
