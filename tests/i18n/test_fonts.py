"""Chinese on pictures: no tofu. Every character drawn has a glyph in the font that draws it."""

from __future__ import annotations

import warnings
from io import BytesIO

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]  # fontTools ships no type information
from matplotlib import _text_helpers, font_manager

from i18n.catalog import domain_table, domains_on_disk
from renderers import fonts

# Domains whose text is never drawn on pictures. ``bot`` is the Discord layer's own sentences: Discord
# shows them (and their emoji) with the reader's client fonts, never with ours; ``replay`` is
# printed by `python -m engine.replay` in the reader's terminal.
NOT_DRAWN = {"bot", "replay"}


def _catalog_text(locale: str) -> str:
    return "".join(
        form
        for domain in domains_on_disk()
        if domain not in NOT_DRAWN
        for entry in domain_table(locale, domain).entries.values()
        for form in entry.forms
    )


SAMPLES = {
    "zh_Hans": "符文战争 第6年 春季：7A地区 “筹备”指令卡（#1） 骑兵、步兵 英雄无敌III",
    "zh_Hant": "雲嶺戰記 英雄時代 順時鐘 雇傭兵 迫擊砲台 飢荒 剷夷 市集日 「征服」",
}


def _cmap(family: str) -> set[int]:
    faces = TTCollection(str(fonts.cjk_font_path()), lazy=True)
    for face in faces.fonts:
        if face["name"].getDebugName(1) == family:
            return set(face.getBestCmap())
    raise AssertionError(f"{family} is not in {fonts.cjk_font_path()}")


def test_font_file_is_installed_by_requirements() -> None:
    path = fonts.cjk_font_path()
    assert path.suffix == ".ttc" and path.stat().st_size > 10_000_000


@pytest.mark.parametrize("locale", ["zh_Hans", "zh_Hant"])
def test_every_chinese_character_has_a_glyph_in_the_chosen_font(locale: str) -> None:
    text = SAMPLES[locale] + _catalog_text(locale)
    family = fonts.CJK_FAMILY[locale]
    cmap = _cmap(family)
    lacking = sorted({c for c in text if not c.isascii() and ord(c) not in cmap})
    assert lacking == [], f"{family} lacks {lacking}"


@pytest.mark.parametrize("locale", ["zh_Hans", "zh_Hant"])
def test_matplotlib_draws_chinese_with_noto_and_latin_with_the_current_font(locale: str) -> None:
    text = SAMPLES[locale]
    with fonts.for_locale(locale):
        font = font_manager.get_font(font_manager.fontManager._find_fonts_by_props(font_manager.FontProperties()))
        drawn = {item.char: item.ft_object.family_name for item in _text_helpers.layout(text, font)}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fig = plt.figure(figsize=(8, 1))
            fig.text(0.01, 0.5, text)
            fig.savefig(BytesIO(), format="png")
            plt.close(fig)
    assert not [w for w in caught if "missing from font" in str(w.message)]
    dejavu = set(TTFont(font_manager.findfont("DejaVu Sans"), lazy=True).getBestCmap())
    cjk = _cmap(fonts.CJK_FAMILY[locale])
    for char, family in drawn.items():
        if char.isspace():
            continue
        if char.isascii():
            assert family == "DejaVu Sans", (char, family)
        elif "\u4e00" <= char <= "\u9fff" or "\u3000" <= char <= "\u303f" or "\uff00" <= char <= "\uffef":
            assert family == fonts.CJK_FAMILY[locale], (char, family)
        # Whichever font drew it has the glyph (DejaVu keeps the symbols it has, such as “).
        assert ord(char) in (dejavu if family == "DejaVu Sans" else cjk), (char, family)


def test_register_keeps_the_current_font_first_and_is_idempotent() -> None:
    fonts.register()
    fonts.register()
    family = list(matplotlib.rcParams["font.family"])
    assert family[0] == "sans-serif"
    assert family.count("Noto Sans CJK SC") == 1 and family[-2:] == ["Noto Sans CJK SC", "Noto Sans CJK TC"]
