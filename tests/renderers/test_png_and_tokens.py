"""Issue 12: the palette PNG keeps the picture, tokens stay inside their area, decisions are labelled.

* ``png_quantized`` is at most 400 KB for the crowded 4-player board, and the decoded
  picture is on average within 2 levels of the drawn one (edges move by a shade);
* every token of an area (activation tokens included) lies inside its hex, however many;
* a decision picture labels each candidate with exactly the text it is given.
"""

from __future__ import annotations

import io
import math

import numpy as np
from PIL import Image

from bench.render import crowded_view
from renderers import runewars as R
from renderers.hexmap import png_from_pixels, png_quantized


def test_the_crowded_board_is_a_palette_png_under_400_kb_without_visible_loss() -> None:
    pixels = R.render_pixels(crowded_view(), width=1800)
    png = png_quantized(pixels)
    assert len(png) <= 400 * 1024 < len(png_from_pixels(pixels))
    with Image.open(io.BytesIO(png)) as im:
        assert im.mode == "P"
        back = np.asarray(im.convert("RGB"), dtype=int)
    error = np.abs(back - pixels[:, :, :3].astype(int)).max(axis=2)
    # Measured: mean 1 level of 255; the pixels further off are anti-aliased edges between two flat colours.
    assert float(np.mean(error)) < 2.0 and float(np.mean(error <= 8)) > 0.97


def test_a_transparent_picture_keeps_its_alpha() -> None:
    pixels = np.zeros((4, 4, 4), dtype=np.uint8)
    pixels[..., 3] = 128
    with Image.open(io.BytesIO(png_quantized(pixels))) as im:
        assert im.mode == "RGBA"


def _inside_pointy_hex(x: float, y: float, R_: float) -> bool:
    """Whether (x, y), relative to the centre, is inside a pointy-top hex of radius ``R_``."""
    x, y = abs(x), abs(y)
    return y <= R_ and x <= math.sqrt(3) / 2 * R_ and y <= R_ - x / math.sqrt(3) + 1e-9


def test_every_token_lies_inside_its_hex_however_many() -> None:
    radius = 100.0
    for n in range(1, 7):
        toks = [("activation", i) for i in range(n)]
        places = R._token_places(toks, radius, 0.0, 0.0)
        assert len(places) == n
        for x, y, s, _ in places:
            for dx, dy in ((-s / 2, 0), (s / 2, 0), (0, s / 2)):
                assert _inside_pointy_hex(x + dx, y + dy, radius), (n, x, y, s)


def test_a_decision_labels_each_candidate_with_its_text_and_crops_to_them() -> None:
    view = crowded_view(players=3, actions=80)
    ids = [a["id"] for a in view["areas"]]
    labels = {ids[0]: f"Retreat to {ids[0]}", ids[3]: f"Dragon rune to {ids[3]}"}
    drawn: list[str] = []
    original = R.Batch.draw

    def spy(self: R.Batch, ax: object, transform: object = None) -> int:
        drawn.extend(key[1] for key in self.labels if key[0] == R.CHOICE_Z)  # the candidates' labels only
        return original(self, ax, transform)

    R.Batch.draw = spy  # type: ignore[method-assign]  # reads back what the live layer drew
    try:
        pixels = R.decision_pixels(view, labels, width=900)
    finally:
        R.Batch.draw = original  # type: ignore[method-assign]  # restored for the other tests
    joined = "".join(drawn).replace(" ", "")
    for text in labels.values():  # wrapped or not, each label reads in full, in order
        assert text.replace(" ", "") in joined, (text, drawn)
    assert len("".join(drawn).replace(" ", "")) == sum(len(t.replace(" ", "")) for t in labels.values())
    full = R.render_pixels(view, width=900)
    assert pixels.shape[0] < full.shape[0] and pixels.shape[1] <= full.shape[1]


def test_a_setup_board_says_what_is_coming_instead_of_question_marks() -> None:
    import engine
    from renderers.runewars_scene import build_scene
    from renderers.words import Words

    rs = engine.ruleset("runewars")
    view = rs.view(rs.setup({"players": 3}, "setup-picture"), None)
    assert not view["areas"]
    panels = build_scene(view, Words()).panels
    assert [p.name for p in panels] == ["choosing a faction…"] * 3
    with Image.open(io.BytesIO(R.render_board(view, width=900))) as im:
        assert im.width == 900


def test_rune_backs_wear_a_colour_no_faction_or_seat_uses() -> None:
    from matplotlib.colors import to_rgb

    from renderers.palette import COLOUR_STYLES, NEUTRAL, SEAT_STYLES

    rune = np.array(to_rgb(R.RUNE))
    for style in [*SEAT_STYLES, *COLOUR_STYLES.values(), NEUTRAL]:
        if style.name in ("black",):  # no Runewars faction is black
            continue
        assert np.abs(rune - np.array(to_rgb(style.colour))).sum() > 0.35, style.name
