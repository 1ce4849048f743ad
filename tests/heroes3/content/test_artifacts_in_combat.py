"""Artifact cards the combat engine plays (H3-17.1): each printed top/bottom effect that is a plain
combat bonus has a combat card, offered with exactly the printed options and no expert use."""

from __future__ import annotations

from typing import Any

from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat
from engine.heroes3.content import load
from engine.heroes3.content.clash import clash_content

from ..helpers import dice, hand, side, unit


def _duel(cards: list[str], expert_uses: int = 0) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=cards, expert_uses=expert_uses), side(1, cards=[])],
        units=[unit("a1", "crusaders", "few", 0, (0, 1)), unit("d1", "skeletons", "few", 1, (0, 3))],
    )


def _modes(c: Combat) -> list[str]:
    return sorted({str(o.action["mode"]) for o in card_rules.playable(c, c.sides[0], False, False)})


def _play(c: Combat, card: str, mode: str, **kw: Any) -> None:
    card_rules.play(c, c.sides[0], Play(type="play", card=hand(c, 0, card), mode=mode, **kw), dice())


def test_h3_17_1_flame_tongue_offers_its_two_printed_effects_only() -> None:
    # H3-17.1: Red Dragon Flame Tongue: +1 defence or +1 attack; the owner picks one; no expert use needed.
    c = _duel(["red_dragon_flame_tongue"], expert_uses=1)
    assert _modes(c) == ["attack", "defense"]
    _play(c, "red_dragon_flame_tongue", "attack", target="a1")
    assert c.unit("a1").attack_bonus == 1


def test_h3_17_1_dragon_scale_shield_gives_two() -> None:
    c = _duel(["dragon_scale_shield"])
    _play(c, "dragon_scale_shield", "defense", target="a1")
    assert c.unit("a1").defense_bonus == 2


def test_h3_17_1_bottom_effects_never_offer_an_expert_mode() -> None:
    # H3-14.1 expert uses belong to statistic and ability cards, not to artifacts.
    c = _duel(["titans_gladius"], expert_uses=3)
    assert _modes(c) == ["basic"]
    _play(c, "titans_gladius", "basic", target="a1")
    assert c.unit("a1").attack_bonus == 2


def test_h3_17_1_clash_artifacts_link_to_their_combat_cards() -> None:
    combat = load().cards
    content = clash_content()
    for card in (x for x in content.cards.values() if x.kind == "artifact"):
        for eff in (card.basic, card.expert):
            if eff is not None and eff.combat is not None:
                assert combat[eff.combat].kind == "artifact" and eff.combat == card.id
    wonder = content.cards["armor_of_wonder"]
    assert wonder.expert is not None
    assert wonder.basic.combat == wonder.expert.combat == "armor_of_wonder"
    assert combat["armor_of_wonder"].draw == 1


def test_h3_15_slow_and_curse_are_cast_on_any_unit() -> None:
    # H3-15.1: Slow (-1/-2/-3 initiative for the combat) and Curse (-1/-2/-3 defence), empowered by Power.
    c = _duel(["slow"])
    c.sides[0].pending_power = 1
    _play(c, "slow", "cast", target="d1")
    assert c.unit("d1").initiative_bonus == -2
    c = _duel(["curse"])
    _play(c, "curse", "cast", target="d1")
    assert c.unit("d1").defense_bonus == -1
    assert clash_content().cards["slow"].basic.combat == "slow"


def test_h3_15_4_spells_without_a_combat_effect_still_give_their_alternative_power() -> None:
    # H3-15.4 (E-5): any spell in hand can be played for +1 Power; Town Portal (a map spell) has no
    # combat effect, so only its alternative is offered; Fireball is also cast (combat/spells.py).
    combat = load().cards
    content = clash_content()
    for card in (x for x in content.cards.values() if x.kind == "spell"):
        assert card.basic.combat is not None and combat[card.basic.combat].kind == "spell", card.id
    c = _duel(["fireball", "town_portal"])
    alts = [o.action for o in card_rules.playable(c, c.sides[0], True, False) if o.action["mode"] == "alt"]
    assert len(alts) == 2
    offered = [o.action for o in card_rules.playable(c, c.sides[0], True, False)]
    portal = hand(c, 0, "town_portal")
    assert [o["mode"] for o in offered if o["card"] == portal] == ["alt"]  # a map spell: never cast in combat
    assert any(o["mode"] == "cast" for o in offered if o["card"] != portal)
    map_only = [x.id for x in combat.values() if x.kind == "spell" and x.effect == "none"]
    assert sorted(map_only) == ["town_portal", "view_air"]
    _play(c, "fireball", "alt")
    _play(c, "town_portal", "alt")
    assert c.sides[0].pending_power == 2
