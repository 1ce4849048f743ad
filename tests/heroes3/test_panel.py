"""The skirmish's private panel (engine.heroes3.panel, registered by cogs/heroes3.py): built from
one seat's view, so it shows that seat's hand and never the other's (H-1)."""

from __future__ import annotations

from engine.core.text import english
from engine.heroes3 import SKIRMISH, names, panel_lines
from i18n import EN, ZH_HANS, render


def _text(seat: int, locale: str = EN) -> str:
    state = SKIRMISH.setup({"factions": ["castle", "necropolis"], "heroes": ["catherine", "sandro"]}, 7)
    return "\n".join(render(msg, locale, names()) for msg in panel_lines(SKIRMISH.view(state, seat)))


def test_panel_shows_own_hand_only() -> None:
    state = SKIRMISH.setup({"factions": ["castle", "necropolis"], "heroes": ["catherine", "sandro"]}, 7)
    assert state.combat is not None
    own = state.combat.sides[0].deck
    other = state.combat.sides[1].deck
    assert own is not None and other is not None
    lines = [english(msg, lambda ref: ref.id) for msg in panel_lines(SKIRMISH.view(state, 0))]
    text = "\n".join(lines)
    assert "Your hand" in text and "The units are being placed." in text
    hand_line = next(line for line in lines if "Your hand" in line)
    assert all(own.names[c] in hand_line for c in own.hand)
    assert sum("Your hand" in line for line in lines) == 1  # the defender's hand is not in seat 0's panel


def test_panel_in_chinese_names_heroes_and_units() -> None:
    text = _text(1, ZH_HANS)
    assert "你的手牌" in text and ("少量" in text or "一群" in text)
    assert "Catherine" not in text and "Sandro" not in text  # names come from the content's Chinese names
