"""The Tower box's hero boards of Castle, Necropolis and Dungeon (H3-12.4) and which heroes a table may
choose (H3-49.6: a hero board's own box and its faction's town box must both be in the game), at setup,
in the campaign's change of hero (H3-44.6) and in the Skirmish."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.core.text import Ref
from engine.heroes3.clash import setup as clash_setup
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.content import load
from engine.heroes3.content.clash import clash_content, validate
from engine.heroes3.content.names import names
from engine.heroes3.coop import campaign
from engine.heroes3.skirmish.ruleset import SKIRMISH

from ..clash.helpers import act, front, new_game
from ..coop.test_campaign import CARRIED, _campaign_game, _won

NEW = {
    "lord_haart_castle": ("castle", "Knight", (2, 2, 1, 1), "estates", "haart_estates"),
    "lord_haart_necropolis": ("necropolis", "Death Knight", (1, 2, 2, 1), "necromancy", "haart_dread_knights"),
    "vidomina": ("necropolis", "Necromancer", (1, 0, 2, 2), "necromancy", "vidomina_necromancy"),
    "deemer": ("dungeon", "Warlock", (0, 0, 3, 2), "scouting", "meteor_shower"),
    "jeddite": ("dungeon", "Warlock", (0, 0, 3, 2), "sorcery", "mysterious_warlock"),
}


def test_h3_12_4_the_five_boards_load_with_their_printed_statistics_and_the_tower_box() -> None:
    c = clash_content()
    assert validate(c) == []
    for hero, (faction, cls, stats, ability, first) in NEW.items():
        board = c.heroes[hero]
        assert (board.faction, board.hero_class, board.box) == (faction, cls, "tower")
        assert (board.attack, board.defense, board.power, board.knowledge) == stats
        assert board.ability == ability and board.specialty_cards[1] == first
        assert board.might == (sum(stats) == 6)  # H3-6.13.1
        for level in (1, 4, 6):  # H3-16.1: a unique set of three, each the hero's own
            card = c.cards[board.specialty_cards[level]]
            assert (card.kind, card.hero, card.level, card.box, card.removable) == (
                "specialty",
                hero,
                level,
                "tower",
                False,
            )
        assert len(c.starting_deck(hero)) == 9  # H3-6.13.1
        assert len(load().hero_deck(hero)) == 9  # the Skirmish's deck, house substitutes included


def test_h3_6_3_each_factions_first_hero_stays_and_the_new_ones_come_last() -> None:
    towns = clash_content().towns
    assert list(towns["castle"].heroes) == ["catherine", "adelaide", "lord_haart_castle"]
    assert list(towns["necropolis"].heroes) == ["tamika", "sandro", "lord_haart_necropolis", "vidomina"]
    assert list(towns["dungeon"].heroes) == ["mutare", "alamar", "deemer", "jeddite"]


def test_the_heroes_and_their_cards_have_names_in_three_languages() -> None:
    c = clash_content()
    for hero in NEW:
        cards = [c.heroes[hero].specialty_cards[level] for level in (1, 4, 6)]
        for ref in [Ref(kind="hero", id=hero)] + [Ref(kind="card", id=x) for x in cards]:
            shown = {lang: names().name(ref, lang) for lang in ("en", "zh_Hans", "zh_Hant")}
            assert all(v and v != ref.id for v in shown.values()), (ref, shown)


# ---- H3-49.6: who may be chosen -------------------------------------------------------------------
def test_h3_49_6_a_tower_box_hero_is_refused_on_a_core_table_naming_the_option() -> None:
    with pytest.raises(RuleViolation) as refused:
        new_game(2, factions=["castle", "dungeon"], heroes=["lord_haart_castle", None])
    assert refused.value.rule == "H3-49.6"
    said = refused.value.msg
    assert said is not None and said.id == "h3.clash.no.hero_in_expansion" and said.params.get("box") == "tower"
    assert "expansions=tower" in refused.value.message
    assert "Lord Haart (Castle)" in said.english(lambda ref: names().name(ref, "en") or "")
    with pytest.raises(RuleViolation) as refused:
        new_game(2, factions=["castle", "dungeon"], heroes=[None, "jeddite"])
    assert refused.value.rule == "H3-49.6"


def test_h3_49_6_a_tower_box_hero_is_chosen_when_the_table_adds_the_box() -> None:
    state = new_game(2, factions=["castle", "dungeon"], heroes=["lord_haart_castle", "jeddite"], expansions=["tower"])
    assert [p.hero for p in state.seats] == ["lord_haart_castle", "jeddite"]
    assert "tower" in state.boxes
    deck = [state.cards[i] for i in state.player(0).deck.draw.draw_pile + state.player(0).deck.hand]
    assert "haart_estates" in deck and "estates" in deck  # H3-6.13: level I specialty, starting ability
    # a scenario that holds the box itself needs no option
    four = new_game(4, factions=["necropolis", "castle", "dungeon", "tower"], heroes=["vidomina", None, "deemer", None])
    assert four.player(0).hero == "vidomina" and four.player(2).hero == "deemer"


def test_h3_49_6_without_a_hero_the_default_stays_the_factions_first() -> None:
    state = new_game(2, factions=["necropolis", "dungeon"], expansions=["tower"])
    assert [p.hero for p in state.seats] == ["tamika", "mutare"]


def test_h3_49_6_available_heroes_need_both_boxes() -> None:
    assert clash_setup.available_heroes("castle", ["core"]) == ["catherine", "adelaide"]
    assert clash_setup.available_heroes("castle", ["core", "tower"]) == ["catherine", "adelaide", "lord_haart_castle"]
    assert clash_setup.hero_boxes("vidomina") == ("tower", "core")
    assert clash_setup.hero_refusal(["core", "tower"], "vidomina") is None
    refused = clash_setup.hero_refusal(["core"], "vidomina")
    assert refused is not None and refused.rule == "H3-49.6"


# ---- H3-44.6: the campaign's change of hero -----------------------------------------------------------
def _hero_picks(state: ClashState) -> set[str]:
    prompt = CLASH.prompts(state)[0]
    return {str(o.action["pick"]) for o in prompt.options}


def test_h3_44_6_the_change_of_hero_offers_a_tower_box_hero_only_when_the_next_scenario_uses_the_box(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The campaign's scenarios use the Tower box: Lord Haart is offered beside Adelaide.
    state, _ = _won(_campaign_game(factions=["castle"]), CARRIED)
    assert front(state).data.get("what") == "campaign_hero"
    assert _hero_picks(state) == {"keep", "adelaide", "lord_haart_castle"}
    state, events = act(state, 0, {"type": "choose", "pick": "lord_haart_castle"})
    assert any(e.kind == "h3_campaign_hero" for e in events)
    # The same campaign with a next scenario of the core box alone: only Adelaide.
    scenarios = clash_content().scenarios
    core_only = scenarios["coop_barrow_road"].model_copy(update={"boxes": ("core",)})
    monkeypatch.setitem(scenarios, "coop_barrow_road", core_only)
    state, _ = _won(_campaign_game(factions=["castle"]), CARRIED)
    assert _hero_picks(state) == {"keep", "adelaide"}
    assert campaign._changes(state, ("core",)) == ["adelaide"]


def test_h3_44_6_the_replay_offers_only_heroes_of_the_boxes_in_play() -> None:
    state = _campaign_game(factions=["castle"])
    assert campaign._changes(state, state.boxes) == ["adelaide", "lord_haart_castle"]
    state.boxes = ["core"]
    assert campaign._changes(state, state.boxes) == ["adelaide"]


# ---- the Skirmish ---------------------------------------------------------------------------------------
def test_skirmish_a_named_tower_box_hero_plays_and_the_random_pick_keeps_to_the_factions_own_box() -> None:
    state = SKIRMISH.setup({"players": 2, "factions": ["dungeon", "necropolis"], "heroes": ["jeddite", "vidomina"]}, 1)
    assert state.combat is not None
    assert [s.hero for s in state.combat.sides] == ["jeddite", "vidomina"]
    for seed in range(12):
        state = SKIRMISH.setup({"players": 2, "factions": ["castle", "dungeon"]}, seed)
        assert state.combat is not None
        assert state.combat.sides[0].hero in ("catherine", "adelaide")
        assert state.combat.sides[1].hero in ("mutare", "alamar")
