"""The Cloudspire board picture (renderers/cloudspire.py): drawn from the public view, in the
reader's language, within the size limits, and never showing another seat's secret."""

from __future__ import annotations

import struct
from typing import Any

import pytest

import renderers
from engine.cloudspire.names import names
from engine.cloudspire.state import CsState
from engine.cloudspire.views import secrets
from engine.core.text import Ref
from renderers.cloudspire import picture_words, render_board
from tests.cloudspire.support import RS, act, new_game
from tests.cloudspire.test_tutorial_wave import before_siege, round_one

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _png_size(png: bytes) -> tuple[int, int]:
    assert png.startswith(PNG_MAGIC)
    width, height = struct.unpack(">II", png[16:24])
    return width, height


@pytest.fixture(scope="module")
def tutorial() -> CsState:
    """After round 1 of the tutorial wave: B knows the face-down Scarab, G holds a hidden relic,
    and both deploy stacks have entries below their tops (TC-14..TC-28)."""
    return round_one(before_siege())


@pytest.mark.parametrize("locale", ["en", "zh_Hans", "zh_Hant"])
def test_renders_public_view_within_limits(tutorial: CsState, locale: str) -> None:
    png = render_board(RS.view(tutorial, None), locale=locale)
    width, height = _png_size(png)
    assert width >= 1600 and height > 800
    assert len(png) <= 400 * 1024


def test_registered_and_speaks_the_language() -> None:
    assert renderers.renderer_for("cloudspire") is render_board
    s = new_game()
    en = " ".join(picture_words(RS.view(s, None), locale="en"))
    zh = " ".join(picture_words(RS.view(s, None), locale="zh_Hans"))
    assert "CLOUDSPIRE" in en and "Market" in en
    assert "云岭战记" in zh and "市场" in zh and "Market" not in zh
    # content names through the Cloudspire names: the factions in the reader's language
    assert "蛮巨人" in zh and "御林族" in zh and "Brawnen" in en


def _secret_words(state: CsState, viewer: int | None) -> set[str]:
    """Every string that only some seats (not ``viewer``) may know, and its names in each language."""
    table = names()
    out: set[str] = set()
    for seat, hidden in secrets(state).items():
        if seat == viewer:
            continue
        for item in hidden:
            out.add(item)
            for kind in ("landmark", "relic", "unit"):
                for loc in ("en", "zh_Hans", "zh_Hant"):
                    found = table.name(Ref(kind=kind, id=item), loc)
                    if found:
                        out.add(found)
    return out


def _stack_below_top(state: CsState) -> set[str]:
    """Unit types that are only below a deploy-stack top or inside a squad (H24, H26)."""
    shown = {u.type_id for u in state.units} | {p.stack[0].type_id for p in state.pl if p.stack}
    hidden = {u.type_id for p in state.pl for u in p.stack[1:]}
    hidden |= {m.type_id for p in state.pl for u in p.stack for m in u.members}
    hidden |= {m.type_id for u in state.units for m in u.members}
    return hidden - shown


@pytest.mark.parametrize("locale", ["en", "zh_Hans"])
def test_public_picture_shows_no_secret(tutorial: CsState, locale: str) -> None:
    secret = _secret_words(tutorial, None)
    assert secret, "the fixture must hold secrets (an explored face-down landmark, a relic)"
    drawn = picture_words(RS.view(tutorial, None), locale=locale)
    text = "\n".join(drawn)
    leaked = {s for s in secret if len(s) > 1 and s in text}
    assert not leaked
    # the relic count (H18) and a face-down landmark's category (H3) are public and drawn
    count = {"en": "relics 1", "zh_Hans": "上古遗物卡1"}[locale]
    assert len(tutorial.pl[1].relics) == 1 and any(count in line for line in drawn)
    assert ({"en": "swamp", "zh_Hans": "沼泽"}[locale]) in drawn


def test_deploy_stack_order_stays_hidden() -> None:
    # H24/H26: before the siege only each stack's top and height are public; what lies below is not drawn
    s = before_siege()
    below = _stack_below_top(s)
    assert below
    table = names()
    hidden_names = {table.name(Ref(kind="unit", id=t), "en") or t for t in below}
    drawn = "\n".join(picture_words(RS.view(s, None), locale="en"))
    assert not {n for n in hidden_names if n in drawn}
    top = table.name(Ref(kind="unit", id=s.pl[0].stack[0].type_id), "en")
    assert top is not None and top in drawn


def test_game_over_banner() -> None:
    s = new_game()
    view: dict[str, Any] = RS.view(s, None)
    view["winner"] = [1]
    words = picture_words(view, locale="en")
    assert any("Game over" in w and "Grovetenders" in w for w in words)
    view["winner"] = []
    assert any("draw" in w for w in picture_words(view, locale="en"))


def test_every_market_step_renders() -> None:
    # a picture per decision of the first market and build turns (cheap states, all phases on the way)
    s = new_game()
    for _ in range(4):
        png = render_board(RS.view(s, None), locale="zh_Hans")
        assert _png_size(png)[0] >= 1600
        prompt = RS.prompts(s)[0]
        s = act(s, prompt.seat, {"type": "pass"} if prompt.option_for({"type": "pass"}) else prompt.options[0].action)


def test_cs3_1_strict_supply_pools_are_drawn_in_the_readers_language() -> None:
    # CS-3.1: under strict supply the picture says what each shared pool still holds; without it, nothing
    s = new_game(strict_supply=True)
    pools = RS.view(s, None)["supply"]
    en = "\n".join(picture_words(RS.view(s, None), locale="en"))
    zh = "\n".join(picture_words(RS.view(s, None), locale="zh_Hans"))
    assert f"chips left: HP {pools['hp']} · attack {pools['attack']}" in en
    assert f"剩余筹码：血量{pools['hp']}" in zh and "chips left" not in zh
    plain = "\n".join(picture_words(RS.view(new_game(), None), locale="en"))
    assert "chips left" not in plain
