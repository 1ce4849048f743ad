"""Custom ids and the prompt -> components mapping (pure, no Discord)."""

from __future__ import annotations

import re

import pytest

from cogs import ids
from cogs.layout import (
    MAX_BUTTONS,
    PAGE_SIZE,
    ButtonSpec,
    SelectSpec,
    find_prompt,
    form_for,
    layout_prompt,
    option_index_from_values,
    parse_form,
)
from engine.core import Option, Prompt


def prompt(n: int, *, label: str = "option {i}", seat: int = 0, key: str = "k1", schema: dict | None = None) -> Prompt:
    return Prompt(
        seat=seat,
        key=key,
        rule="TEST-1",
        question="Choose",
        options=[Option(label=label.format(i=i), action={"type": "x", "i": i}) for i in range(n)],
        answer_schema=schema,
    )


@pytest.mark.parametrize("kind", [ids.OPTION, ids.SELECT, ids.PAGE, ids.FORM, ids.FORM_SUBMIT])
def test_prompt_ids_round_trip_and_match_their_template(kind: str) -> None:
    kh = ids.key_hash("call-r3-s2")
    cid = ids.encode_prompt(kind, 123456789012, -1 if kind == ids.FORM else 3, kh, 42)
    ref = ids.decode_prompt(cid)
    assert ref is not None and ref.kind == kind and ref.game == 123456789012 and ref.keyhash == kh and ref.arg == 42
    assert re.fullmatch(ids.prompt_template(kind), cid)
    assert len(cid) <= ids.MAX_CUSTOM_ID


def test_ids_stay_short_even_for_huge_numbers() -> None:
    cid = ids.encode_prompt(ids.OPTION, 10**19, 999, ids.key_hash("x" * 500), 9999)
    assert len(cid) < 60


def test_game_ids_round_trip() -> None:
    for kind in (ids.JOIN, ids.START, ids.PANEL):
        assert ids.decode_game(ids.encode_game(kind, 7)) == (kind, 7)
    assert ids.decode_game("nope:7") is None
    assert ids.decode_prompt("p:1:2:zzzzzzzz:0") is None


def test_key_hash_changes_with_the_key() -> None:
    assert ids.key_hash("pick-r1") != ids.key_hash("pick-r2")
    assert re.fullmatch(r"[0-9a-f]{8}", ids.key_hash("anything"))


def test_few_short_options_become_buttons_five_per_row() -> None:
    layout = layout_prompt(5, prompt(7))
    assert [len(r) for r in layout.rows] == [5, 2]
    assert all(isinstance(c, ButtonSpec) for c in layout.components())
    refs = [ids.decode_prompt(c.custom_id) for c in layout.components()]
    assert [r.arg for r in refs if r] == list(range(7))


def test_many_options_become_selects_of_25_and_page_past_100() -> None:
    layout = layout_prompt(5, prompt(30))
    selects = [c for c in layout.components() if isinstance(c, SelectSpec)]
    assert [len(s.options) for s in selects] == [25, 5]
    assert [o.value for o in selects[1].options] == [str(i) for i in range(25, 30)]
    assert layout.pages == 1

    big = prompt(PAGE_SIZE * 2 + 10)
    first = layout_prompt(5, big, page=0)
    last = layout_prompt(5, big, page=99)  # clamped
    assert first.pages == last.pages == 3 and last.page == 2
    assert len(first.rows) == 5 and len(first.rows[-1]) == 2  # 4 menus + navigation
    nav = first.rows[-1]
    assert isinstance(nav[0], ButtonSpec) and nav[0].disabled
    assert isinstance(nav[1], ButtonSpec) and not nav[1].disabled
    last_values = [o.value for c in last.components() if isinstance(c, SelectSpec) for o in c.options]
    assert last_values == [str(i) for i in range(PAGE_SIZE * 2, PAGE_SIZE * 2 + 10)]
    for layout_ in (first, last, layout_prompt(5, big, page=1)):
        custom_ids = [c.custom_id for c in layout_.components()]
        assert len(set(custom_ids)) == len(custom_ids)  # unique within one message


def test_long_labels_go_to_a_select_and_are_truncated() -> None:
    layout = layout_prompt(1, prompt(3, label="a very long label number {i} " + "x" * 200))
    (select,) = layout.components()
    assert isinstance(select, SelectSpec)
    assert all(len(o.label) <= 100 for o in select.options)
    buttons = layout_prompt(1, prompt(MAX_BUTTONS, label="{i}"))
    assert all(isinstance(c, ButtonSpec) for c in buttons.components())


def test_every_layout_respects_discord_limits() -> None:
    for n in (1, 5, 20, 21, 25, 26, 99, 100, 101, 260):
        for page in range(4):
            layout = layout_prompt(
                1, prompt(n, schema={"type": "object", "properties": {"a": {"type": "string"}}}), page
            )
            assert len(layout.rows) <= 5
            for row in layout.rows:
                assert len(row) <= 5
                assert sum(isinstance(c, SelectSpec) for c in row) <= 1 and (
                    len(row) == 1 or not any(isinstance(c, SelectSpec) for c in row)
                )
            for c in layout.components():
                assert len(c.custom_id) <= 100
                if isinstance(c, SelectSpec):
                    assert 1 <= len(c.options) <= 25


def test_structured_prompt_gets_a_form_button() -> None:
    p = prompt(0, schema={"type": "object", "properties": {"type": {"const": "move"}, "to": {"type": "string"}}})
    layout = layout_prompt(3, p)
    (button,) = layout.components()
    decoded = ids.decode_prompt(button.custom_id)
    assert decoded is not None and decoded.kind == ids.FORM


def test_select_values_and_stale_prompts() -> None:
    assert option_index_from_values(["3"], 5) == 3
    assert option_index_from_values(["7"], 5) is None
    assert option_index_from_values(["x"], 5) is None
    p = prompt(2, key="call-r1-s0")
    assert find_prompt([p], 0, ids.key_hash("call-r1-s0")) is p
    assert find_prompt([p], 1, ids.key_hash("call-r1-s0")) is None
    assert find_prompt([p], 0, ids.key_hash("call-r1-s1")) is None


def test_forms_fill_constants_and_coerce_types() -> None:
    schema = {
        "type": "object",
        "properties": {
            "type": {"const": "move"},
            "count": {"type": "integer"},
            "to": {"type": "string", "title": "Destination"},
            "units": {"type": "array"},
            "rush": {"type": "boolean"},
        },
        "required": ["count", "to"],
    }
    form = form_for(schema)
    assert form.fixed == {"type": "move"}
    assert [f.name for f in form.fields] == ["count", "to", "units", "rush"]
    action = parse_form(form, {"count": "3", "to": "A7", "units": '["x", "y"]', "rush": "yes"})
    assert action == {"type": "move", "count": 3, "to": "A7", "units": ["x", "y"], "rush": True}
    assert parse_form(form, {"count": "1", "to": "B", "units": "", "rush": ""}) == {
        "type": "move",
        "count": 1,
        "to": "B",
    }
    with pytest.raises(ValueError, match="count"):
        parse_form(form, {"count": "three", "to": "A"})
    with pytest.raises(ValueError, match="required"):
        parse_form(form, {"count": "1"})
    whole = form_for({"type": "array"})
    assert parse_form(whole, {"answer": '{"type": "pick", "card": "x"}'}) == {"type": "pick", "card": "x"}
