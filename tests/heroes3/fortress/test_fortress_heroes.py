"""The Fortress heroes' specialty cards (H3-12.4, H3-16; S-H1 docs/heroes/{adrienne,wystan,bron,tazar}.md) at
levels I, IV and VI: Wystan's Lizardmen and Bron's Basilisks, Tazar's War Hero and Adrienne's Fire Magic, in
combat (combat/cards.py, combat/own_search.py) and on the map (the map steps of clash/cards.json)."""

from __future__ import annotations

from typing import Any

from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat import rules as r
from engine.heroes3.combat import spells
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat, PendingAttack
from engine.heroes3.content import load
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from ..clash.helpers import act, card_plays, front, give_card, mutate, new_game, refused_rule, to_main
from ..helpers import combat_state, dice, hand, hit_with, side, unit


def _play(c: Combat, card: str, mode: str = "basic", **kw: Any) -> list[Any]:
    return card_rules.play(c, c.sides[0], Play(type="play", card=hand(c, 0, card), mode=mode, **kw), dice())


def _offered(c: Combat, card: str, *, activating: bool = True) -> list[dict[str, Any]]:
    inst = hand(c, 0, card)
    return [o.action for o in card_rules.playable(c, c.sides[0], activating) if o.action["card"] == inst]


def _duel(cards: list[str], *mine: tuple[str, str, str]) -> Combat:
    units = [unit(uid, card, face, 0, (i, 1)) for i, (uid, card, face) in enumerate(mine)]
    units.append(unit("d1", "gnolls", "few", 1, (0, 2)))
    return Combat(kind="player", sides=[side(0, cards=cards), side(1, cards=[])], units=units)


# ---- Wystan (Lizardmen) and Bron (Basilisks): the named unit gets twice as much ------------------------------
def test_h3_16_wystan_and_bron_i_iv_vi_double_for_their_unit() -> None:
    for specialty, own, other in (("lizardmen", "lizardmen", "n_lizardmen"), ("basilisks", "basilisks", "n_basilisks")):
        cards = [specialty, specialty, f"{specialty}_iv", f"{specialty}_iv", f"{specialty}_vi", f"{specialty}_vi"]
        c = _duel(cards, ("a1", own, "few"), ("a2", "gnolls", "few"), ("a3", other, "neutral"))
        # I (instant): +1 attack or +1 defence
        assert {o["mode"] for o in _offered(c, specialty, activating=False)} == {"attack", "defense"}
        _play(c, specialty, mode="attack", target="a1")
        _play(c, specialty, mode="defense", target="a2")
        assert c.unit("a1").attack_bonus == 2 and c.unit("a2").defense_bonus == 1
        # IV (ongoing, H3-35.3: in one's own activation): +1 HP for the combat
        assert _offered(c, f"{specialty}_iv", activating=False) == []
        hp = (c.unit("a3").hp(), c.unit("a2").hp())
        _play(c, f"{specialty}_iv", target="a3")
        _play(c, f"{specialty}_iv", target="a2")
        assert (c.unit("a3").hp(), c.unit("a2").hp()) == (hp[0] + 2, hp[1] + 1)
        # VI (ongoing): +2 initiative for the combat
        ini = c.unit("a1").initiative()
        _play(c, f"{specialty}_vi", target="a1")
        _play(c, f"{specialty}_vi", target="a2")
        assert c.unit("a1").initiative() == ini + 4 and c.unit("a2").initiative() == 4 + 2


# ---- Tazar: War Hero ---------------------------------------------------------------------------------------------
def test_h3_16_tazar_i_gives_two_defence_for_one_attack() -> None:
    c = _duel(["war_hero"], ("a1", "gnolls", "few"))
    _play(c, "war_hero", target="a1")
    assert r.defense_value(c, PendingAttack(attacker="d1", target="a1", die=0)) == 1 + 2


def test_h3_16_tazar_iv_defence_lasts_for_the_combat() -> None:
    # IV (ongoing): +1 defence for this combat; an attack on the unit does not spend it (A-36 spends defence
    # bonuses only), nor does the end of an activation; Dispel ends it (an ongoing effect)
    c = _duel(["war_hero_iv", "war_hero"], ("a1", "gnolls", "few"))
    assert _offered(c, "war_hero_iv", activating=False) == []
    _play(c, "war_hero_iv", target="a1")
    _play(c, "war_hero", target="a1")
    attack = PendingAttack(attacker="d1", target="a1", die=0)
    assert r.defense_value(c, attack) == 1 + 2 + 1
    state = combat_state(c)
    state.rng = dice(0)
    hit_with(state, "d1", "a1", 0)
    assert r.defense_value(c, attack) == 1 + 1  # the instant's +2 is spent, the ongoing +1 stays
    c.unit("a1").defense_bonus = 5
    cf.end_act(FLOW, state, FLOW.new(state, "h3c_end_act", unit="a1"))  # H3-35.5 / A-36: boosts end
    assert c.unit("a1").lasting_defense == 1 and spells.has_ongoing(c.unit("a1"))
    spells.dispel(c.unit("a1"))
    assert c.unit("a1").lasting_defense == 0 and c.unit("a1").lasting == []


def _tazar() -> ClashState:
    state = new_game(2, factions=["fortress", "castle"], heroes=["tazar", None], expansions=["tower", "fortress"])
    return mutate(to_main(state, 0))


def test_h3_16_tazar_vi_removes_a_card_for_the_top_artifact() -> None:
    state = _tazar()
    me = state.player(0)
    me.deck.hand = []
    inst = give_card(state, "war_hero_vi")
    assert refused_rule(state, {"type": "play_card", "card": inst, "mode": "basic"}) == "H3-13.2.8"  # nothing to pay
    spare = give_card(state, "attack")  # a statistic card may go: H3-13.2.8 sets no limit (S-H1 note: any 1 card)
    play = {"type": "play_card", "card": inst, "mode": "basic"}
    assert play in card_plays(state, inst)
    top = state.decks["artifact"].draw_pile[0]
    state, _ = act(state, 0, play)
    prompt = CLASH.prompts(state)[0]
    assert prompt.secret and {o.action["pick"] for o in prompt.options} == {f"remove:{spare}"}  # 1 card: no discard 3
    state, events = act(state, 0, {"type": "choose", "pick": f"remove:{spare}"})
    me = state.player(0)
    assert spare in me.deck.removed and top in me.deck.hand
    assert "h3_removed" in [e.kind for e in events] and "h3_post_artifact" in [e.kind for e in events]
    drawn = [e for e in events if e.kind == "h3_you_drew"]
    assert drawn and all(e.audience == [0] for e in drawn)  # H-1: only the drawer learns which artifact


def test_h3_16_tazar_vi_or_three_cards_discarded() -> None:
    state = _tazar()
    state.player(0).deck.hand = []
    inst = give_card(state, "war_hero_vi")
    paid = [give_card(state, c) for c in ("attack", "defense", "power")]
    top = state.decks["artifact"].draw_pile[0]
    state, _ = act(state, 0, {"type": "play_card", "card": inst, "mode": "basic"})
    state, _ = act(state, 0, {"type": "choose", "pick": "discard"})
    for _ in range(3):  # H3-13.2.2: the three cards, asked one at a time
        st = front(state)
        assert st.kind == "ask" and st.data["what"] == "discard_one"
        pick = next(c for c in paid if c in state.player(0).deck.hand)
        state, _ = act(state, 0, {"type": "choose", "pick": pick})
    me = state.player(0)
    assert all(c in me.deck.discard for c in paid) and top in me.deck.hand


# ---- Adrienne: Fire Magic --------------------------------------------------------------------------------------
def test_h3_16_adrienne_i_and_vi_fire_spells_get_power_for_the_combat() -> None:
    held = ["adrienne_fire_magic", "adrienne_fire_magic_vi", "fireball", "magic_arrow", "slow"]
    c = _duel(held, ("a1", "gnolls", "few"))
    side0 = c.sides[0]
    fireball, arrow, slow = (load().cards[x] for x in ("fireball", "magic_arrow", "slow"))
    assert _offered(c, "adrienne_fire_magic", activating=False) == []  # ongoing (H3-35.3)
    _play(c, "adrienne_fire_magic")
    assert card_rules.cast_power(side0, fireball) == 1
    _play(c, "adrienne_fire_magic_vi")
    assert card_rules.cast_power(side0, fireball) == 3
    assert card_rules.cast_power(side0, arrow) == 3  # Magic Arrow may be cast as a fire spell (H3-15.9)
    assert card_rules.cast_power(side0, slow) == 0  # an earth spell gets nothing
    state = combat_state(c)
    cf.new_round(FLOW, state, FLOW.new(state, "h3c_round"))
    assert card_rules.cast_power(side0, fireball) == 3  # still, in the next combat round


def _search_board() -> tuple[SkirmishState, Combat]:
    c = _duel(["adrienne_fire_magic_iv", "fireball"], ("a1", "gnolls", "few"))
    deck = c.sides[0].deck
    assert deck is not None
    for i, card in enumerate(("attack", "defense", "power", "knowledge")):
        deck.names[f"x{i}"] = card
    deck.draw.draw_pile = ["x0", "x1", "x2", "x3"]
    deck.discard = ["x9"]
    deck.names["x9"] = "magic_arrow"
    state = combat_state(c)
    FLOW.push(state, FLOW.new(state, "h3c_act", 0, unit="a1", phase="move"))
    return state, c


def test_h3_13_2_5_adrienne_iv_searches_her_deck_in_combat_then_reshuffles() -> None:
    state, c = _search_board()
    inst = hand(c, 0, "adrienne_fire_magic_iv")
    state, events = SKIRMISH.apply(state, 0, {"type": "play", "card": inst, "mode": "basic"})
    seen = [e for e in events if e.kind == "h3_you_see"]
    assert seen and all(e.audience == [0] for e in seen)  # H3-13.2.5: the three cards are the searcher's to see
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.secret and [o.action["target"] for o in prompt.options] == ["x0", "x1", "x2"]
    state, events = SKIRMISH.apply(state, 0, {"type": "strike", "target": "x1"})
    assert state.combat is not None
    deck = state.combat.sides[0].deck
    assert deck is not None
    assert "x1" in deck.hand and deck.discard == []
    assert sorted(deck.draw.draw_pile) == sorted(["x0", "x2", "x3", "x9", inst])  # the played card went in too
    public = [e for e in events if e.kind == "h3_own_search"]
    assert public and public[0].audience is None  # the two not kept are discarded face up, then reshuffled


def _adrienne() -> ClashState:
    state = new_game(2, factions=["fortress", "castle"], heroes=["adrienne", None], expansions=["fortress"])
    return mutate(to_main(state, 0))


def test_h3_16_adrienne_iv_on_the_map() -> None:
    state = _adrienne()
    me = state.player(0)
    inst = give_card(state, "adrienne_fire_magic_iv")
    top3 = list(me.deck.draw.draw_pile[:3])
    play = {"type": "play_card", "card": inst, "mode": "basic"}
    assert play in card_plays(state, inst)
    state, _ = act(state, 0, play)
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "own_pick"
    state, _ = act(state, 0, {"type": "choose", "pick": top3[2]})
    me = state.player(0)
    assert top3[2] in me.deck.hand and me.deck.discard == []  # the discard pile went into the deck
    assert set(top3[:2]) | {inst} <= set(me.deck.draw.draw_pile)
