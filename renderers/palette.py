"""Seat colours that also differ by pattern and marker.

About one man in twelve cannot tell red from green, and Discord's preview shrinks
pictures on a phone, so every seat is told apart three ways: an Okabe-Ito colour
(safe for the common colour-vision deficiencies), a hatch pattern and a marker.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatStyle:
    colour: str
    hatch: str
    marker: str
    name: str


SEAT_STYLES: tuple[SeatStyle, ...] = (
    SeatStyle("#0072B2", "", "o", "blue"),
    SeatStyle("#D55E00", "//", "s", "vermillion"),
    SeatStyle("#009E73", "\\\\", "^", "green"),
    SeatStyle("#CC79A7", "..", "D", "purple"),
    SeatStyle("#E69F00", "xx", "v", "orange"),
    SeatStyle("#56B4E9", "--", "P", "sky"),
)

NEUTRAL = SeatStyle("#6b6b6b", "++", "X", "grey")

TERRAIN: dict[str, str] = {
    "plains": "#d9e8a6",
    "forest": "#8fbf7a",
    "hills": "#d7c08a",
    "mountain": "#b3a79b",
    "mountains": "#b3a79b",
    "water": "#9cc9e8",
    "lake": "#9cc9e8",
    "swamp": "#a7b58f",
    "marsh": "#a7b58f",
    "desert": "#ecd9a0",
    "wasteland": "#c9b7a3",
    "city": "#e8d5c0",
}


# A component's printed colour name (a faction's "red", a player colour) mapped to a
# colour-blind-safer shade with its own pattern and marker. Blue is lightened and
# purple darkened so the two also differ in lightness, not only in hue.
COLOUR_STYLES: dict[str, SeatStyle] = {
    "blue": SeatStyle("#2B7BD6", "", "o", "blue"),
    "red": SeatStyle("#D55E00", "//", "s", "red"),
    "green": SeatStyle("#009E73", "\\\\", "^", "green"),
    "purple": SeatStyle("#5E3A8C", "..", "D", "purple"),
    "orange": SeatStyle("#E69F00", "xx", "v", "orange"),
    "yellow": SeatStyle("#E6C700", "xx", "v", "yellow"),
    "black": SeatStyle("#333333", "++", "X", "black"),
    "white": SeatStyle("#EDEDED", "--", "P", "white"),
    "sky": SeatStyle("#56B4E9", "--", "P", "sky"),
}

# Resource icons (food, wood, ore): distinct in lightness as well as hue.
RESOURCE_COLOURS: dict[str, str] = {"food": "#F2C230", "wood": "#2E6B30", "ore": "#8C96A3"}


def colour_style(name: str | None) -> SeatStyle | None:
    """The style for a printed colour name, or None when the name is unknown."""
    return COLOUR_STYLES.get((name or "").strip().lower())


def seat_style(seat: int | None) -> SeatStyle:
    if seat is None or seat < 0:
        return NEUTRAL
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def terrain_colour(terrain: str | None) -> str:
    return TERRAIN.get((terrain or "").lower(), "#e6e0d0")


def tint(colour: str, amount: float) -> str:
    """``colour`` (``#rrggbb``) mixed with white (``amount`` 0: the colour, 1: white): a pale fill in a
    seat's colour behind text that must stay readable."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#{:02x}{:02x}{:02x}".format(*mix)
