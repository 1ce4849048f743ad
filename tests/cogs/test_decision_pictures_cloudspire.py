"""Cloudspire through ``cogs.decision_pictures`` and the prep builder's private picture (issue 14).

* The hex decisions name their hex (``Option.at``); the bot's candidates come from those, not
  from the game's name. The witness the engine's places are checked against (``place_guess``)
  reads the option shapes (a destination ``to``, a ``hex``, a target or landmark that stands on a
  hex, the acting unit or tower) as the picture once did.
* Opening the deploy builder (CS-18.6) sends the seat, after the builder, its own picture drawn
  from ``view(state, seat)``: its stack in order, the landmark faces it explored, its relics.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import engine
import renderers
from cogs import cloudspire_builder as builder
from cogs import decision_pictures as dp
from engine.cloudspire import catalog
from engine.core import Option, Prompt

from .place_guess import board_places, named_place
from .stubs import StubClient, StubInteraction

RS = engine.ruleset("cloudspire")
VIEW: dict[str, Any] = {
    "board": {"0,0": {}, "1,0": {}, "0,1": {}},
    "landmarks": [{"lid": "L0001", "hex": "1,0"}],
    "units": [{"uid": "u0001", "hex": "0,0"}, {"uid": "u0002", "hex": None}],
    "towers": [{"tid": "T0001", "hex": "0,1"}],
}


def test_places_come_from_the_option_shapes() -> None:
    places = board_places(VIEW)
    assert places["L0001"] == "1,0" and places["u0001"] == "0,0" and places["T0001"] == "0,1"
    assert "u0002" not in places  # a unit in a deploy stack is not on the map
    assert named_place({"type": "move", "unit": "u0001", "to": "1,0"}, places) == "1,0"  # where it goes wins
    assert named_place({"type": "attack", "unit": "u0001", "target": "L0001"}, places) == "1,0"
    assert named_place({"type": "fire", "tower": "T0001", "target": "u0001"}, places) == "0,0"
    assert named_place({"type": "vanguard", "unit": "u0001"}, places) == "0,0"  # only the actor: its hex
    assert named_place({"type": "upgrade", "tower": "T0001", "chips": ["attack"]}, places) == "0,1"
    assert named_place({"type": "explore", "landmark": "L0001"}, places) == "1,0"
    assert named_place({"type": "place_fortress", "gate": "3,5", "facing": 2}, places) == "3,5"  # off the islands
    assert named_place({"type": "done"}, places) is None
    # Runewars' areas stay as they were: the id of the area.
    assert named_place({"value": "12A"}, {"12A", "3B"}) == "12A"


def test_a_cloudspire_prompt_is_a_map_decision_labelled_as_its_buttons() -> None:
    prompt = Prompt(
        seat=0,
        key="k",
        rule="CS-19.2.1",
        question="Move",
        options=[
            Option(label="Move to 1,0", action={"type": "move", "unit": "u0001", "to": "1,0"}, at="1,0"),
            Option(label="Move to 0,1", action={"type": "move", "unit": "u0001", "to": "0,1"}, at="0,1"),
            Option(label="Stop", action={"type": "done"}),
        ],
    )
    chosen = dp.candidates(prompt, VIEW)
    assert chosen == {"1,0": "Move to 1,0", "0,1": "Move to 0,1"}
    assert dp.map_decisions([prompt], VIEW) == [prompt]


def _deploy() -> tuple[Any, Prompt]:
    state = RS.setup({"players": 2}, "cs-builder")
    for _ in range(400):
        prompt = next(p for p in RS.prompts(state) if p.waiting)
        if prompt.rule == "CS-18.6":
            return state, prompt
        passing = next((i for i, o in enumerate(prompt.options) if o.action.get("type") == "pass"), 0)
        state, _ = RS.apply(state, prompt.seat, prompt.options[passing].action)
    raise AssertionError("no deploy prompt")


async def test_the_builder_sends_the_seats_own_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    state, prompt = _deploy()
    seat = prompt.seat
    drawn: list[dict[str, Any]] = []

    async def fake_render(ruleset: str, view: dict[str, Any], **_: Any) -> bytes:
        drawn.append(view)
        return b"\x89PNG-private"

    monkeypatch.setattr(renderers, "render_png", fake_render)
    interaction = StubInteraction(StubClient(), 101, guild_id=None)
    await interaction.response.send_message("the builder")
    game = SimpleNamespace(id=7, ruleset="cloudspire", options={})
    loaded = SimpleNamespace(game=game, state=state, seats=[])
    await builder._send_private_picture(
        interaction, loaded, seat, "en", dp.with_players(None, None, {}), ephemeral=False
    )
    assert len(drawn) == 1 and drawn[0]["seat"] == seat
    assert drawn[0] == RS.view(state, seat)  # the seat's own view, nothing of another seat's
    other = 1 - seat
    assert drawn[0]["players"][other]["stack"] is None and drawn[0]["players"][other]["relics"] is None
    assert interaction.replies[-1].kind == "followup" and "only you see it" in interaction.replies[-1].content


def test_the_deploy_prompt_carries_what_the_builder_offers() -> None:
    """CS-18.6: the engine lists the stackable pieces on the prompt; the builder reads only that.
    Worked out here from the seat's barracks, the chips beside its fortress and the printed
    content: every unit copy in the barracks (never a tower, CS-7), then mercenaries and equipment."""
    printed = {e.id: dict(e.facts) for e in catalog()}
    state, prompt = _deploy()
    me = RS.view(state, prompt.seat)["players"][prompt.seat]
    expected: list[tuple[str, str, int]] = []
    for type_id, count in sorted(me["barracks"].items()):
        facts = printed.get(type_id, {})
        if "unit_kind" in facts:
            expected += [(type_id, facts["unit_kind"], int(facts.get("cp", 0)))] * int(count)
    for chip in me["beside"]:
        kind = printed.get(chip, {}).get("chip_type")
        if kind in ("merc_hero", "merc_minion", "equipment"):
            expected.append((chip, kind, 0))
    got = [(c.chip, c.role, c.cp) for c in builder.candidates(prompt)]
    assert got == expected and got
    # The list is the prompt's: a prompt without it (another rule's) offers nothing to build.
    assert builder.candidates(Prompt(seat=0, key="x", rule="CS-16.3", question="?")) == []
