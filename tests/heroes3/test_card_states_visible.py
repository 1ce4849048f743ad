"""What a card played on the map leaves pending is public (the card was revealed when played,
H3-13.2.2): Logistics' move at the turn's end and Diplomacy's expert effect (ongoing, H3-13.2.7),
a pass-through this turn (Pathfinding, Angel Wings) and a hero passing through a field (H3-9.4),
Power waiting for the next cast (H3-15.3, A-20). Each shows in the public view, in the seat's
``/game hand`` panel and on the map picture's seat panel, in English and Chinese, by its name
(never a card instance id), and is gone once it lapses.

The castle starting tile around the main hero at (4, 2): (3, 3) a mine guarded at difficulty I,
(4, 3) an empty field."""

from __future__ import annotations

from typing import Any

from cogs.heroes3_clash import format_private
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from renderers import heroes3_map as M

from .clash.helpers import act, give_card, mutate, new_game, to_main

GUARDED, EMPTY_S = (3, 3), (4, 3)


def _game() -> ClashState:
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    state.astrologer = None
    return state


def _play(state: ClashState, card: str, mode: str = "basic", **extra: Any) -> tuple[ClashState, str]:
    inst = give_card(state, card)
    state, _ = act(state, 0, {"type": "play_card", "card": inst, "mode": mode, **extra})
    return state, inst


def _states(state: ClashState) -> list[dict[str, Any]]:
    return list(CLASH.view(state, None)["players"][0]["card_states"])


def _panel(state: ClashState, locale: str = "en") -> str:
    return "\n".join(format_private(CLASH.view(state, 0), title="Heroes III", locale=locale))


def _picture(state: ClashState, locale: str = "en") -> str:
    """Every word the public map picture draws (laid out, not rasterised)."""
    _, pen, _, _ = M._pixels(CLASH.view(state, None), 1800, M._words(locale, None))
    return "\n".join(t.get_text() for t in pen.ax.texts)


def _no_ids(state: ClashState, *texts: str) -> None:
    """Names on screen, never a card instance id."""
    for inst in state.cards:
        for said in texts:
            assert f"{inst} " not in said and f"({inst})" not in said, inst


def test_h3_13_2_7_logistics_shows_until_its_move_is_asked_at_the_turns_end() -> None:
    state = _game()
    assert _states(state) == []
    state, _ = _play(state, "logistics")
    assert _states(state) == [{"kind": "logistics", "card": "logistics"}]
    panel, zh = _panel(state), _panel(state, "zh_Hans")
    assert "may move a hero to an adjacent empty field at the end of this turn (Logistics)" in panel
    assert "相邻的空格" in zh and "Logistics" not in zh
    picture = _picture(state)
    assert "Played: Logistics (at the turn's end)" in picture
    assert "Logistics" not in _picture(state, "zh_Hans")
    _no_ids(state, panel, zh, picture)
    state, _ = act(state, 0, {"type": "end_turn"})
    state, _ = act(state, 0, {"type": "choose", "pick": "skip"})
    assert _states(state) == []  # used up as the turn ended
    assert "Logistics" not in _picture(state) and "adjacent empty field" not in _panel(state)


def test_h3_9_4_pathfinding_and_a_hero_passing_through_are_shown_while_the_turn_lasts() -> None:
    state = _game()
    state, _ = _play(state, "pathfinding")
    assert _states(state) == [
        {"kind": "pass", "card": "pathfinding", "mode": "basic", "passes": "guards", "hero": "main"}
    ]
    panel = _panel(state)
    assert "Pathfinding: This turn seat 1's main hero may pass through fields with neutral units" in panel
    assert "Played: Pathfinding (main hero)" in _picture(state)
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(GUARDED), "passing": True})
    main = CLASH.view(state, None)["players"][0]["main"]
    assert main["passing"] == [3, 3] and main["came_from"] == [4, 2]
    panel, zh = _panel(state), _panel(state, "zh_Hans")
    assert "Seat 1's main hero is passing through (3, 3) without resolving it" in panel
    assert "(3, 3)" in zh and "passing" not in zh
    picture = _picture(state)
    assert "passing through (3, 3)" in picture
    _no_ids(state, panel, zh, picture)
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(EMPTY_S)})
    main = CLASH.view(state, None)["players"][0]["main"]
    assert main["passing"] is None and main["came_from"] is None
    assert "passing through" not in _panel(state) and "passing through" not in _picture(state)
    state, _ = act(state, 0, {"type": "end_turn"})
    assert _states(state) == []  # "this turn" is over: the mark waits in turn_used but no longer applies
    assert "Pathfinding" not in _picture(state)


def test_h3_8_4_angel_wings_says_its_hero_may_pass_any_field() -> None:
    state = _game()
    state, _ = _play(state, "angel_wings")
    assert _states(state)[0] | {"card": "angel_wings", "passes": "any"} == _states(state)[0]
    assert "Angel Wings: This turn seat 1's main hero may pass through fields without resolving them" in _panel(state)
    zh = _panel(state, "zh_Hans")
    assert "可以穿过格子而不结算" in zh and "Angel Wings" not in zh
    state, _ = act(state, 0, {"type": "end_turn"})
    assert _states(state) == []


def test_h3_13_2_7_diplomacy_expert_waits_this_turn_and_lapses_with_it() -> None:
    state = _game()
    state.player(0).level = 2  # an expert use (H3-12.12)
    state, _ = _play(state, "diplomacy", "expert")
    assert _states(state) == [{"kind": "diplomacy", "card": "diplomacy", "level": 2}]
    assert "Diplomacy: This turn seat 1 skips the next combat against neutral guards of difficulty 2" in _panel(state)
    assert "难度为2" in _panel(state, "zh_Hans")
    assert "Played: Diplomacy (guards of difficulty 2)" in _picture(state)
    state, _ = act(state, 0, {"type": "end_turn"})
    assert _states(state) == [] and "Diplomacy" not in _picture(state)


def test_h3_15_3_power_waiting_for_a_cast_is_named_and_fizzles_with_another_action() -> None:
    state = _game()
    give_card(state, "town_portal")
    state, _ = _play(state, "sorcery", "power", expert=False)
    assert _states(state) == [{"kind": "power", "power": 1, "cards": ["sorcery"]}]
    panel = _panel(state)
    assert "Power 1 waits for seat 1's next spell cast on the map (Sorcery)" in panel
    assert "魔法威力" in _panel(state, "zh_Hans")  # glossary: Power (for empowering)
    assert "Played: Power 1 waiting" in _picture(state)
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(EMPTY_S)})  # any other action
    assert _states(state) == [] and "Power 1" not in _panel(state)
