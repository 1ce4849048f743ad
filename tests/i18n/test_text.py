"""The message type: JSON round-trips, parameter checks, the kernel's English (engine/core/text.py)."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from engine.core import errors
from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.core.prompts import Option, Prompt
from engine.core.text import MESSAGES, Msg, Ref, english, message, plural_message
from engine.core.validation_text import explain, explain_msg
from i18n import examples as ex


def _rich() -> Msg:
    return ex.ROUND_STARTS(
        year=3,
        season=Ref(kind="season", id="spring"),
        why=ex.UNITS_LOST(n=2, area=Ref(kind="area", id="7A")),
        extra=[1, 2.5, True, "x", Ref(kind="unit", id="HUMAN_INFANTRY"), ex.WAITING_ON(players=["a"])],
    )


def test_msg_round_trips_through_json_with_every_param_type() -> None:
    msg = _rich()
    data = json.loads(msg.model_dump_json())
    back = Msg.model_validate(data)
    assert back == msg
    assert back.params["year"] == 3 and isinstance(back.params["year"], int)
    extra = back.params["extra"]
    assert isinstance(extra, list)
    assert extra[1] == 2.5 and extra[2] is True
    assert isinstance(extra[4], Ref) and isinstance(extra[5], Msg)
    assert isinstance(back.params["why"], Msg)


def test_msg_rejects_non_json_params_and_bad_ids() -> None:
    with pytest.raises(ValidationError):
        Msg(id="core.x", params={"when": object()})
    with pytest.raises(ValidationError):
        Msg(id="Not An Id")


def test_declared_message_checks_its_placeholders() -> None:
    with pytest.raises(ValueError, match="needs"):
        ex.MOVE_REFUSED(unit=Ref(kind="unit", id="X"))
    with pytest.raises(ValueError, match="int 'n'"):
        ex.UNITS_LOST(n="3", area="7A")


def test_redeclaring_an_id_with_other_english_fails() -> None:
    assert message("i18n.example.waiting_on", "Waiting on {players}.") is not None  # same text: fine
    with pytest.raises(ValueError, match="declared twice"):
        message("i18n.example.waiting_on", "Someone else's text")
    with pytest.raises(ValueError, match="declared twice"):
        plural_message("i18n.example.waiting_on", "a", "b")
    assert MESSAGES["i18n.example.waiting_on"].english == "Waiting on {players}."


def test_english_renders_plurals_lists_and_nested_messages() -> None:
    area = Ref(kind="area", id="7A")
    assert english(ex.UNITS_LOST(n=1, area=area)) == "1 unit was lost in 7A."
    assert english(ex.UNITS_LOST(n=4, area=area)) == "4 units were lost in 7A."
    assert english(errors.NOT_YOUR_TURN(seats=errors.seats_list([0, 2]))) == (
        "It is not your turn: the game is waiting on seat 1, seat 3."
    )
    assert english(errors.NOT_YOUR_TURN(seats=errors.seats_list([]))) == (
        "It is not your turn: the game is waiting on nobody."
    )


def test_an_undeclared_message_renders_as_its_id() -> None:
    assert english(Msg(id="nobody.declared.this")) == "nobody.declared.this"


def test_rule_violation_carries_the_message_and_keeps_its_english() -> None:
    exc = RuleViolation(errors.CORE_GAME_OVER, errors.GAME_OVER())
    assert exc.message == "The game is over; no more actions are accepted."
    assert str(exc) == "CORE-3: The game is over; no more actions are accepted."
    assert exc.msg is not None and exc.msg.id == "core.refused.game_over"
    assert exc.to_dict() == {"rule": "CORE-3", "message": exc.message}
    assert exc.to_dict(with_msg=True)["msg"] == {"id": "core.refused.game_over", "params": {}}
    plain = RuleViolation("RW-1", "Plain English.")
    assert plain.msg is None and plain.to_dict() == {"rule": "RW-1", "message": "Plain English."}


def test_event_prompt_option_keep_their_json_shape_without_a_message() -> None:
    event = Event.to_all("k", "Text.")
    assert event.model_dump(mode="json") == {
        "kind": "k",
        "text": "Text.",
        "data": {},
        "audience": None,
        "reveals": False,
        "milestone": False,
    }
    option = Option(label="Go", action={"type": "go"})
    assert option.model_dump(mode="json") == {"label": "Go", "action": {"type": "go"}, "description": None}
    prompt = Prompt(seat=0, key="k", rule="CORE-1", question="Q?")
    assert "msg" not in prompt.model_dump(mode="json")


def test_event_prompt_option_accept_messages_and_fill_the_english() -> None:
    area = Ref(kind="area", id="7A")
    event = Event.to_seats([1, 0], "lost", ex.UNITS_LOST(n=2, area=area))
    assert event.text == "2 units were lost in 7A." and event.audience == [0, 1]
    back = Event.model_validate_json(event.model_dump_json())
    assert back == event and back.msg is not None and back.msg.id == "i18n.example.units_lost"
    # From JSON with only the message, the English is filled in.
    only_msg = Event.model_validate({"kind": "lost", "msg": event.msg.model_dump() if event.msg else None})
    assert only_msg.text == event.text
    option = Option.of(errors.NOBODY(), {"type": "x"}, description=ex.WAITING_ON(players=["a", "b"]))
    assert (option.label, option.description) == ("nobody", "Waiting on a, b.")
    assert Option.model_validate_json(option.model_dump_json()) == option
    prompt = Prompt.ask(0, "k", "RW-1", ex.WAITING_ON(players=[]), options=[option])
    assert prompt.question == "Waiting on ." and prompt.msg is not None
    assert Prompt.model_validate_json(prompt.model_dump_json()) == prompt


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    units: list[int]


def test_validation_text_english_is_unchanged_and_has_a_message() -> None:
    with pytest.raises(ValidationError) as info:
        _Action.model_validate({"units": [1, "x"]})
    assert explain(info.value, tagged=False) == "Item 2 of `units` must be a whole number."
    msg = explain_msg(info.value, tagged=False)
    assert msg.id == "core.valid.must_be"
    with pytest.raises(ValidationError) as info:
        _Action.model_validate({"units": [], "typo": 1})
    assert explain(info.value, what="option", tagged=False) == "`typo` is not one of this game's options."
