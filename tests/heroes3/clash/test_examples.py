"""The rulebook's worked examples E-1, E-5, E-6, E-7 and the derived rules of E-11 (section E)."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3.adventure import encounters, visits
from engine.heroes3.adventure.geometry import index, location, neighbours, step_ok
from engine.heroes3.cards import deck as cards
from engine.heroes3.clash import rounds
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, Coord
from engine.heroes3.combat import flow as combat_flow
from engine.heroes3.content.clash import clash_content
from engine.heroes3.neutrals.difficulty import draw_plan

from .helpers import act, front, mutate, new_game, to_main


def _loc(state: ClashState, pos: Coord, attr: str, value: str) -> bool:
    loc = location(state, pos)
    return loc is not None and getattr(loc, attr) == value


def _hand(state: ClashState, seat: int, card_ids: list[str]) -> list[str]:
    """Put fresh instances of ``card_ids`` into ``seat``'s hand (a fixture position)."""
    p = state.player(seat)
    out = []
    for cid in card_ids:
        inst = state.new_card(cid)
        p.deck.hand.append(inst)
        out.append(inst)
    return out


# ---- E-1: Search via the spell book token --------------------------------------------------------------
def _e1_state(guild_round: int) -> ClashState:
    state = to_main(new_game(factions=["castle", "dungeon"], heroes=["catherine", "mutare"]), 1)
    state = mutate(state)
    bob = state.player(1)
    bob.buildings.append("dungeon_mage_guild")
    bob.mage_guild_round = guild_round
    bob.resources["gold"] = 5
    spell = state.decks["spell"]
    curse, arrow, fireball = state.new_card("curse"), state.new_card("magic_arrow"), state.new_card("fireball")
    spell.discard_pile.append(curse)
    spell.draw_pile[0:0] = [arrow, fireball]
    return state


def test_e1_spell_book_search_keeps_one_card_and_discards_the_other() -> None:
    # H3-10.4.3 / H3-13.2.5: pay 5, Search (2) the spell deck; keep Fireball, Magic Arrow discarded.
    state = _e1_state(guild_round=0)
    before = len(state.decks["spell"].draw_pile)
    state, _ = act(state, 1, {"type": "spellbook"})
    assert state.player(1).resources["gold"] == 0
    assert "spellbook" in state.player(1).tokens_used
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 1 and prompt.rule == "H3-13.2.5"
    labels = [o.action["choice"] for o in prompt.options]
    assert "look" in labels and "discard" in labels  # H3-13.2.5: look at the top 2 or take Curse
    state, events = act(state, 1, {"type": "search", "choice": "look"})
    seen = [state.cards[c] for c in state.player(1).searching]
    assert seen == ["magic_arrow", "fireball"]
    assert all(e.audience == [1] for e in events if e.kind == "h3_you_see")  # H-7: the searcher only
    keep = state.player(1).searching[1]
    state, events = act(state, 1, {"type": "search", "choice": "keep", "card": keep})
    bob = state.player(1)
    assert keep in bob.deck.hand and state.cards[keep] == "fireball"
    assert [state.cards[c] for c in state.decks["spell"].discard_pile[-2:]] == ["curse", "magic_arrow"]
    assert len(state.decks["spell"].draw_pile) == before - 2
    public = [e for e in events if e.audience is None]
    assert any(e.kind == "h3_search_kept" for e in public)
    assert all("fireball" not in e.model_dump_json() for e in public)  # H-7: the kept card stays secret
    alice_view = CLASH.view(state, 0)
    assert keep not in str(alice_view)


@pytest.mark.parametrize("guild_round", [1])
def test_e1_spell_book_refused_in_the_round_the_guild_was_built(guild_round: int) -> None:
    state = _e1_state(guild_round=guild_round)  # H3-15.5
    with pytest.raises(RuleViolation) as err:
        act(state, 1, {"type": "spellbook"})
    assert err.value.rule == "H3-15.5"


def test_e1_spell_book_refused_without_a_mage_guild() -> None:
    state = mutate(_e1_state(0))
    state.player(1).buildings.remove("dungeon_mage_guild")
    with pytest.raises(RuleViolation) as err:
        act(state, 1, {"type": "spellbook"})
    assert err.value.rule == "H3-10.4.3"


# ---- E-5: flagging a guarded mine ---------------------------------------------------------------------
def _mine_next_to(state: ClashState, seat: int) -> tuple[Coord, Coord]:
    """Put seat's main hero next to a building-materials mine of difficulty II (a fixture map)."""
    from engine.heroes3.clash.state import PlacedTile

    c = clash_content()
    tile = next(t for t in c.tiles.values() if any(f.location == "mine_building_materials" for f in t.fields))
    centre = (7, 0)
    state.tiles.append(PlacedTile(centre=centre, tile=tile.id, kind=tile.kind, face_up=True))
    mine = next(
        pos
        for pos, (ti, fi) in index(state).items()
        if _loc(state, pos, "id", "mine_building_materials") and state.tiles[ti].centre == centre
    )
    start = next(n for n in neighbours(mine) if step_ok(state, n, mine) and _loc(state, n, "category", "empty"))
    hero = state.player(seat).main
    assert hero is not None
    hero.field = start
    hero.last_visited = start
    return start, mine


def test_e5_guarded_mine_combat_then_flag_production_and_first_income(monkeypatch: pytest.MonkeyPatch) -> None:
    state = mutate(to_main(new_game(factions=["necropolis", "castle"], heroes=["sandro", "catherine"]), 0))
    alice = state.player(0)
    alice.xp, alice.level = 2, 2  # level II, 1 expert use
    start, mine = _mine_next_to(state, 0)
    monkeypatch.setattr(visits, "guarded", lambda s, pos: 2 if pos == mine and not s.field(pos).ever_flagged else None)
    monkeypatch.setattr(encounters, "draw_neutrals", lambda decks, level, difficulty, rng: ["troglodytes"])
    bm = alice.resources.get("building_materials", 0)
    prod = alice.production.get("building_materials", 0)
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(mine)})
    # H3-31.1: level II is not higher than difficulty II, so the combat starts (H3-30.1)
    assert state.combat is not None and state.combat.kind == "neutral"
    assert state.combat.sides[1].controller == 1  # H3-32.4: the player to the right controls the neutrals
    assert state.player(0).main.field == start  # type: ignore[union-attr]  # the hero waits for the result
    # The combat itself (Lightning Bolt empowered by Haste's alternative) is the combat engine's
    # test (tests/heroes3/test_examples.py); here Alice wins and the map consequences follow.
    state = mutate(state)
    state.steps[:] = [s for s in state.steps if s.kind == "after_combat" or not s.kind.startswith(("h3c_", "declare"))]
    events = combat_flow.finish(FLOW, state, "victory", 0)
    events += FLOW.advance(state)
    alice = state.player(0)
    assert alice.xp == 3  # H3-38.1: difficulty II = level II -> 1 XP
    assert alice.main is not None and alice.main.field == mine  # H3-37.4: the winner visits the field
    assert state.field(mine).flag == 0  # H3-22.5.2
    assert alice.production["building_materials"] == prod + 2  # H3-50.4.1
    assert alice.resources["building_materials"] == bm + 2  # the first flagger gains it at once


def test_e5_mine_taken_over_moves_production_without_first_income() -> None:
    state = mutate(to_main(new_game(factions=["necropolis", "castle"], heroes=["sandro", "catherine"]), 0))
    _start, mine = _mine_next_to(state, 0)
    fs = state.field(mine)
    fs.flag, fs.ever_flagged, fs.cleared = 1, True, True
    state.player(1).production["building_materials"] = 2
    bm = state.player(0).resources.get("building_materials", 0)
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(mine)})
    assert state.field(mine).flag == 0
    assert state.player(1).production["building_materials"] == 0  # the loser's production drops
    assert state.player(0).production["building_materials"] == 2
    assert state.player(0).resources.get("building_materials", 0) == bm  # not the first flagger


# ---- E-6: a player turn ---------------------------------------------------------------------------------
def test_e6_hand_refresh_build_recruit_and_the_declaration_window() -> None:
    state = new_game(factions=["castle", "necropolis"], heroes=["catherine", "sandro"])
    state = mutate(state)
    alice = state.player(0)
    alice.xp, alice.level = 4, 3  # level III: hand limit 5 (H3-12.11)
    for _ in range(3):
        alice.deck.hand.append(alice.deck.draw.draw_pile.pop(0))
    assert front(state).kind == "hand"
    # H3-8.1.1: discard 2 of the 3 kept cards
    for c in list(alice.deck.hand[:2]):
        state, _ = act(state, 0, {"type": "discard", "card": c})
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "draw", "n": 5})
    assert err.value.rule == "H3-8.1.2"  # only up to the limit: 1 + 4 = 5
    state, _ = act(state, 0, {"type": "draw", "n": 4})
    assert len(state.player(0).deck.hand) == 5
    state = mutate(state)
    alice = state.player(0)
    alice.buildings += ["castle_dwelling_bronze", "castle_dwelling_silver"]
    alice.resources.update(gold=40, building_materials=20, valuables=10)
    state, _ = act(state, 0, {"type": "build", "building": "castle_dwelling_gold"})
    state, _ = act(state, 0, {"type": "recruit", "recruit": ["champions"], "reinforce": []})
    alice = state.player(0)
    assert any(a.card == "champions" and a.side == "few" for a in alice.army)
    assert {"build", "population"} <= set(alice.tokens_used)
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "build", "building": "castle_citadel"})
    assert err.value.rule == "H3-10.1"  # a second build this round
    # Bob's Sandro next to Catherine; Alice moves onto him: the declaration window opens first.
    state = mutate(state)
    cat = state.player(0).main
    assert cat is not None
    target = next(
        n for n in neighbours(cat.field) if step_ok(state, cat.field, n) and _loc(state, n, "category", "empty")
    )
    sandro = state.player(1).main
    assert sandro is not None
    sandro.field = sandro.last_visited = target
    bob = state.player(1)
    bob.buildings.append("necropolis_dwelling_bronze")
    bob.resources["gold"] = 30
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(target)})
    assert state.combat is not None and state.combat.kind == "player"
    st = front(state)
    assert st.kind == "declare" and st.window is not None
    assert st.window.seats[0] == 1  # the defender first, the attacker last
    prompts = CLASH.prompts(state)
    assert prompts[0].seat == 1 and prompts[0].rule == "H3-10.3"
    state, _ = act(state, 1, {"type": "town_pass"})


# ---- E-7: a round start -------------------------------------------------------------------------------
def test_e7_round_five_refresh_income_city_hall_and_timed_event() -> None:
    state = new_game(factions=["castle", "dungeon"], heroes=["catherine", "mutare"])
    state = mutate(state)
    state.round = 4
    for p in state.seats:
        p.tokens_used = ["build", "population", "spellbook"]
        p.expert_used = 1
        assert p.main is not None
        p.main.mp = 0
        p.buildings.append(f"{p.faction}_city_hall")
    gold = [p.resources["gold"] for p in state.seats]
    income = [p.production["gold"] for p in state.seats]
    astro = len(state.astrologers.draw_pile)
    state.steps[:] = [FLOW.new(state, "round_end")]
    FLOW.advance(state)  # round 4 ends, round 5 starts
    assert state.round == 5 and rounds.round_kind(5) == "resource"
    assert len(state.astrologers.draw_pile) == astro  # no astrologer card in round 5
    for i, p in enumerate(state.seats):
        assert p.tokens_used == [] and p.expert_used == 0  # H3-7.2
        assert p.resources["gold"] == gold[i] + income[i]  # H3-7.3.1
        assert p.main is not None and p.main.mp == 3  # H3-7.2: refreshed; the timed event comes later
    # H3-7.3.1 / P-11: City Hall choices, clockwise from the starting player
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.rule == "H3-50"
    state, _ = act(state, 0, dict(prompt.options[0].action))
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 1
    state, events = act(state, 1, dict(prompt.options[0].action))
    # then the timed event, last before the first turn: +1 MP this round (H3-7.4 / H3-9.6, A-12: 3 -> 4)
    assert [e.kind for e in events].index("h3_timed") < [e.kind for e in events].index("h3_turn")
    assert all(p.main is not None and p.main.mp == 4 for p in state.seats)
    # round 6 is an astrologer round (H3-7.3.2)
    state = mutate(state)
    state.steps[:] = [FLOW.new(state, "round_end")]
    FLOW.advance(state)
    assert state.round == 6 and len(state.astrologers.draw_pile) < astro


# ---- E-11: derived rules ----------------------------------------------------------------------------------
def test_e11_round_types() -> None:
    assert [rounds.round_kind(n) for n in range(1, 6)] == ["none", "astrologer", "resource", "astrologer", "resource"]


def test_e11_hand_limit_and_expert_uses_by_level() -> None:
    state = mutate(new_game())
    p = state.player(0)
    limits, uses = [], []
    for level in range(1, 8):
        p.level = level
        p.expert_used = 0
        limits.append(cards.hand_limit(state, p))
        uses.append(cards.expert_left(p))
    assert limits == [4, 4, 5, 5, 6, 6, 7]  # H3-12.11
    assert uses == [0, 1, 1, 2, 2, 3, 3]  # H3-12.12


def test_e11_azure_win_resolves_every_level_up_in_order() -> None:
    # H3-38.2 / H3-12.9 / H3-12.10: II, III, V, VII search the ability deck; IV and VI give specialties.
    state = mutate(new_game(factions=["castle", "dungeon"], heroes=["catherine", "mutare"]))
    p = state.player(0)
    events = cards.gain_xp(state, p, 0, level_to=7)
    assert p.level == 7 and p.xp == 12
    levels = [e.msg.params["level"] for e in events if e.kind == "h3_level_up" and e.msg is not None]
    assert levels == [2, 3, 4, 5, 6, 7]
    searches = [s for s in state.steps if s.kind == "search" and s.seat == 0]
    assert len(searches) == 4
    specialties = [state.cards[c] for c in p.deck.hand]
    assert specialties == [
        clash_content().heroes["catherine"].specialty_cards[4],
        clash_content().heroes["catherine"].specialty_cards[6],
    ]


def test_e11_quick_combat_when_the_level_is_higher(monkeypatch: pytest.MonkeyPatch) -> None:
    # H3-31.1: a level IV hero entering a difficulty-III field: no combat, no neutral draw, no XP.
    state = mutate(to_main(new_game(factions=["necropolis", "castle"], heroes=["sandro", "catherine"]), 0))
    p = state.player(0)
    p.xp, p.level = 6, 4
    _start, mine = _mine_next_to(state, 0)
    monkeypatch.setattr(visits, "guarded", lambda s, pos: 3 if pos == mine and not s.field(pos).ever_flagged else None)
    decks = {t: len(d.draw_pile) for t, d in state.neutral_decks.items()}
    state, events = act(state, 0, {"type": "walk", "hero": "main", "to": list(mine)})
    assert state.combat is None and any(e.kind == "h3_quick" for e in events)
    assert {t: len(d.draw_pile) for t, d in state.neutral_decks.items()} == decks
    assert state.player(0).xp == 6 and state.field(mine).flag == 0


def test_e11_equal_level_field_starts_a_combat(monkeypatch: pytest.MonkeyPatch) -> None:
    state = mutate(to_main(new_game(factions=["necropolis", "castle"], heroes=["sandro", "catherine"]), 0))
    p = state.player(0)
    p.xp, p.level = 6, 4
    _start, mine = _mine_next_to(state, 0)
    monkeypatch.setattr(visits, "guarded", lambda s, pos: 4 if pos == mine else None)
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(mine)})
    assert state.combat is not None


@pytest.mark.parametrize("hero", ["catherine", "sandro", "mutare", "alamar", "tamika", "adelaide"])
def test_e11_starting_deck_has_nine_cards(hero: str) -> None:
    # H3-6.13.1: might 6 + 1 Magic Arrow + ability + specialty; magic 5 + 2 + 1 + 1.
    h = clash_content().heroes[hero]
    deck = clash_content().starting_deck(hero)
    assert len(deck) == 9
    assert deck.count("magic_arrow") == (1 if h.might else 2)


def test_e11_secondary_hero_hiring_rules() -> None:
    state = mutate(to_main(new_game(factions=["castle", "dungeon"], heroes=["catherine", "mutare"]), 0))
    p = state.player(0)
    town = p.main.field if p.main else (0, 0)
    p.main.field = p.main.last_visited = next(n for n in neighbours(town) if step_ok(state, town, n))  # type: ignore[union-attr]  # has a main hero
    p.resources["gold"] = 9
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "hire", "at": list(town)})
    assert err.value.rule == "H3-12.5"  # 9 gold is not enough
    p.resources["gold"] = 30
    state2, _ = act(state, 0, {"type": "hire", "at": list(town)})
    assert state2.player(0).secondary is not None and state2.player(0).secondary.mp == 2  # type: ignore[union-attr]  # hired
    with pytest.raises(RuleViolation) as err:
        act(state2, 0, {"type": "recruit", "recruit": ["halberdiers"], "reinforce": []})
    assert err.value.rule == "H3-10.1"  # the population token is used
    s3 = mutate(state2)
    s3.player(0).tokens_used = []
    with pytest.raises(RuleViolation) as err:
        act(s3, 0, {"type": "hire", "at": list(town)})
    assert err.value.rule == "H3-12.5.2"  # only one secondary hero
    s4 = mutate(state)
    s4.field(town).flag = 1  # no town or settlement controlled
    with pytest.raises(RuleViolation) as err:
        act(s4, 0, {"type": "hire", "at": list(town)})
    assert err.value.rule == "H3-12.5"


def _alice_defeats_bob(factions: list[str], heroes: list[str]) -> tuple[ClashState, int]:
    """Alice's main hero walks onto bob's, who waits on an empty field beside her, and wins the combat
    (H3-37.6); returns the state after its consequences and bob's gold before it."""
    state = mutate(to_main(new_game(factions=factions, heroes=heroes), 0))
    alice, bob = state.player(0), state.player(1)
    assert alice.main is not None and bob.main is not None
    target = next(
        n
        for n in neighbours(alice.main.field)
        if step_ok(state, alice.main.field, n) and _loc(state, n, "category", "empty")
    )
    bob.main.field = bob.main.last_visited = target
    bob_gold = bob.resources["gold"]
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(target)})
    state = mutate(state)
    state.steps[:] = [s for s in state.steps if s.kind == "after_combat"]
    combat_flow.finish(FLOW, state, "victory", 0)
    FLOW.advance(state)
    return state, bob_gold


def test_e11_defeat_by_a_player_costs_gold_morale_and_a_cube() -> None:
    state, bob_gold = _alice_defeats_bob(["castle", "dungeon"], ["catherine", "mutare"])
    alice, bob = state.player(0), state.player(1)
    assert bob.resources["gold"] == bob_gold - 5  # H3-37.7
    assert bob.morale == -1  # H3-11.3
    assert alice.cubes.get(1) == 1
    assert bob.main is not None and bob.main.field == next(
        t.centre for t in state.tiles if t.kind == "starting" and clash_content().tiles[t.tile].faction == "dungeon"
    )  # H3-37.6


def test_e11_necropolis_loser_keeps_its_morale() -> None:
    state, _ = _alice_defeats_bob(["castle", "necropolis"], ["catherine", "sandro"])
    assert state.player(1).morale == 0  # H3-11.5


def test_e11_elimination_after_three_rounds_without_a_base() -> None:
    # H3-5.3.1: held none at the end of rounds 5, 6 and 7 -> eliminated at the end of round 7.
    state = mutate(new_game(players=3, factions=["castle", "dungeon", "necropolis"]))
    town = next(pos for pos in index(state) if state.peek_field(pos) is not None and state.field(pos).flag == 2)
    state.field(town).flag = 0
    for n in (5, 6, 7):
        state.round = n
        FLOW.autos["round_end"](state, FLOW.new(state, "round_end"))  # the end of round n
        assert state.player(2).eliminated == (n == 7)
    assert state.player(2).main is None  # H3-5.4: the hero leaves the map


def test_e11_trades() -> None:
    c = clash_content()
    assert (c.trade_rate("gold", "valuables").give_amount, c.trade_rate("gold", "valuables").get_amount) == (6, 1)  # type: ignore[union-attr]  # present
    assert (c.trade_rate("building_materials", "valuables").give_amount,) == (3,)  # type: ignore[union-attr]  # present
    assert c.trade_rate("valuables", "gold").get_amount == 3  # type: ignore[union-attr]  # present


def test_e11_trading_post_visit_trades_by_the_table() -> None:
    # H3-43.1.1 through the trade question: 6 gold -> 1 valuables.
    from engine.heroes3.clash.asks import push_ask

    state = mutate(to_main(new_game(), 0))
    p = state.player(0)
    p.resources.update(gold=6, valuables=0)
    push_ask(state, "trade", 0)
    state, _ = act(state, 0, {"type": "choose", "pick": "gold>valuables"})
    assert state.player(0).resources["gold"] == 0 and state.player(0).resources["valuables"] == 1
    state, _ = act(state, 0, {"type": "choose", "pick": "done"})
    assert front(state).kind == "main"


def test_e11_neutral_draw_normal_level_five() -> None:
    assert draw_plan(5, "normal") == ["bronze", "silver", "silver", "gold"]


def test_e5_town_portal_empowered_by_the_power_card_expert_effect() -> None:
    # E-5 (second half): Town Portal with the Power card's expert effect (+2 Power) moves Sandro to
    # a settlement Alice flagged earlier and gives +1 MP this turn; the one expert use is spent.
    from engine.heroes3.clash.state import PlacedTile

    state = mutate(to_main(new_game(factions=["necropolis", "castle"], heroes=["sandro", "catherine"]), 0))
    alice = state.player(0)
    alice.xp, alice.level = 2, 2
    tile = next(
        t for t in clash_content().tiles.values() if any(f.location.startswith("settlement_") for f in t.fields)
    )
    state.tiles.append(PlacedTile(centre=(7, 0), tile=tile.id, kind=tile.kind, face_up=True))
    settlement = next(
        pos for pos in index(state) if (loc := location(state, pos)) is not None and loc.kind == "settlement"
    )
    state.field(settlement).flag = 0
    power, portal = _hand(state, 0, ["power", "town_portal"])
    state, _ = act(state, 0, {"type": "play_card", "card": power, "mode": "power", "expert": True})
    assert state.player(0).pending_power == 2 and cards.expert_left(state.player(0)) == 0
    state, _ = act(state, 0, {"type": "play_card", "card": portal, "mode": "cast", "tier": 1})
    prompt = CLASH.prompts(state)[0]
    pick = next(o.action for o in prompt.options if o.action["pick"] == f"{settlement[0]},{settlement[1]}")
    state, _ = act(state, 0, pick)
    sandro = state.player(0).main
    assert sandro is not None and sandro.field == settlement
    assert sandro.mp_turn == 1  # H3-8.4: this turn only
    assert state.player(0).pending_power == 0  # H3-15.3: the cast used all the Power


def test_e5_a_spell_cast_needs_the_power_of_its_tier() -> None:
    state = mutate(to_main(new_game(factions=["necropolis", "castle"], heroes=["sandro", "catherine"]), 0))
    (portal,) = _hand(state, 0, ["town_portal"])
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "play_card", "card": portal, "mode": "cast", "tier": 1})
    assert err.value.rule == "H3-15.3" and state.model_dump_json() == before
