"""The kernel's hot text and hex paths give what the general ones gave (issue 12: CPU per press).

``format_msg`` fills a template with ``str.format_map`` unless it uses the kernel's own ``!c``
conversion; a ``Message`` parses its placeholders once; ``neighbours`` and ``+`` build hexes
without the NamedTuple constructor. Each must read exactly as before: same sentence, same
refusal of a bad template, same ``Hex`` values and type.
"""

from __future__ import annotations

import string

import pytest

from engine.core.hexgrid import DIRECTIONS, Hex, neighbour, neighbours
from engine.core.text import ENGLISH_STYLE, Message, Msg, Ref, format_msg

TEMPLATES = [
    "Seat {seat} moves {unit} to {area}.",
    "{n:+d} power, {share:.1f} each, {{literal}} braces",
    "{subject!c} is missing; {subject!r} and {subject!s}",
    "{flag} / {items}",
    "{nested} then {nested!c}",
    "{seat:>4}|{seat:<4}|",
]
PARAMS: dict[str, object] = {
    "seat": "2",
    "unit": Ref(kind="unit", id="FOOTMEN"),
    "area": "Kellar",
    "n": 3,
    "share": 1.25,
    "subject": "item 2 of `units`",
    "flag": True,
    "items": ["a", Ref(kind="unit", id="X"), 4],
    "nested": Msg(id="core.test_fast.nested", params={"who": "bob"}),
}
# Built directly, not declared: a test must not add ids the source catalog lacks.
NESTED = Message("core.test_fast.nested", "told {who}")


class _Plain(string.Formatter):
    """The formatter every template went through before: ``string.Formatter`` plus ``!c``."""

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "c":
            text = str(value)
            return text[:1].upper() + text[1:]
        return super().convert_field(value, conversion)


def _name(ref: Ref) -> str:
    return ref.id.lower()


@pytest.mark.parametrize("template", TEMPLATES)
def test_format_msg_reads_as_the_general_formatter(template: str) -> None:
    msg = Msg(id="core.test_fast.any", params=PARAMS)  # every Param kind at once
    got = format_msg(
        msg,
        lambda m: template if m.id == "core.test_fast.any" else None,
        _name,
        ENGLISH_STYLE,
        fallback=lambda m: NESTED.template(None) if m.id == NESTED.id else None,
    )
    nested = "told bob"
    values = {
        "seat": "2",
        "unit": "footmen",
        "area": "Kellar",
        "n": 3,
        "share": 1.25,
        "subject": PARAMS["subject"],
        "flag": "yes",
        "items": "a, x, 4",
        "nested": nested,
    }
    assert got == _Plain().vformat(template, (), values)


@pytest.mark.parametrize("bad", ["{missing}", "{seat:d}", "{0}", "{seat.upper.x}", "{seat!z}"])
def test_a_template_that_does_not_fit_falls_back_as_before(bad: str) -> None:
    msg = Msg(id="core.test_fast.bad", params={"seat": "2"})
    english = "Seat {seat}."
    assert format_msg(msg, lambda m: bad, _name, ENGLISH_STYLE, fallback=lambda m: english) == "Seat 2."
    assert format_msg(msg, lambda m: bad, _name, ENGLISH_STYLE) == "core.test_fast.bad"


def test_a_message_still_checks_its_placeholders_on_every_call() -> None:
    told = Message("core.test_fast.told", "{who} told {whom}")
    counted = Message("core.test_fast.counted", "{n} unit of {who}", "{n} units of {who}")
    assert told(who="a", whom="b").params == {"who": "a", "whom": "b"}
    for _ in range(2):  # the parsed placeholders are kept: the second call refuses the same way
        with pytest.raises(ValueError, match="needs"):
            told(who="a")
        with pytest.raises(ValueError, match="needs"):
            counted(n=2)
    assert told.placeholders() == {"who", "whom"} and counted.placeholders() == {"n", "who"}


def test_neighbours_and_sums_are_hexes_as_before() -> None:
    for h in (Hex(0, 0), Hex(3, -2), Hex(-5, 7)):
        around = neighbours(h)
        assert around == [Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS]
        assert all(type(n) is Hex for n in around)
        assert [neighbour(h, i) for i in range(6)] == around
        total = h + Hex(1, 1)
        assert type(total) is Hex and total == Hex(h.q + 1, h.r + 1) and total.s == -total.q - total.r
