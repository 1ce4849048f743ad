"""The map picture's hand strip prints each card's own words in the reader's language (H-1: the
seat's own view only), not the content's English to a Chinese reader."""

from __future__ import annotations

from engine.heroes3 import CLASH, clash_content, content_text
from i18n import EN, ZH_HANS
from renderers import heroes3_map as M
from tests.heroes3.clash.helpers import mutate, new_game, to_main


def _drawn(view: dict[str, object], locale: str) -> str:
    """Every word the picture draws over its map layer, line breaks removed (wrapping splits texts)."""
    words = M._words(locale, None)
    _, pen, _, _ = M._pixels(view, 1800, words)
    return "".join(t.get_text() for t in pen.ax.texts).replace("\n", "")


def test_the_hand_strip_prints_card_texts_in_the_readers_language() -> None:
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    state.player(0).deck.hand.append(state.new_card("boots_of_polarity"))
    view = CLASH.view(state, 0)
    english = clash_content().cards["boots_of_polarity"].basic.text
    chinese = content_text(english, ZH_HANS)
    assert chinese != english
    assert english.replace(" ", "") in _drawn(view, EN).replace(" ", "")
    zh = _drawn(view, ZH_HANS)
    assert chinese.replace(" ", "") in zh.replace(" ", "") and english not in zh
