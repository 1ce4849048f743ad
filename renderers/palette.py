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
    "water": "#9cc9e8",
    "lake": "#9cc9e8",
    "swamp": "#a7b58f",
    "desert": "#ecd9a0",
    "wasteland": "#c9b7a3",
    "city": "#e8d5c0",
}


def seat_style(seat: int | None) -> SeatStyle:
    if seat is None or seat < 0:
        return NEUTRAL
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def terrain_colour(terrain: str | None) -> str:
    return TERRAIN.get((terrain or "").lower(), "#e6e0d0")
