"""The /rw cog and the Runewars prompts as Discord components.

A seeded year of Runewars is played with the engine alone (the same purposeful players as
the end-to-end test); every prompt met on the way is laid out as components and checked
against Discord's limits, and the private panel text is checked against what each seat may
know.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import discord
import pytest
from discord.ext import commands

import engine
from cogs import runewars as RW
from cogs.layout import ButtonSpec, SelectSpec, layout_prompt, uses_buttons
from cogs.referee import Referee
from cogs.routing import new_prompts
from cogs.sync import limit_problems, tree_payload
from engine.core import GM_SEAT, Option, Prompt

RS = engine.ruleset("runewars")


def _decide(state: Any, prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    if prompt.seat == GM_SEAT:
        return dict(prompt.options[0].action)
    for o in prompt.options:
        if o.action.get("type") == "rw_auto_map":
            return dict(o.action)
    return dict(rng.choice(prompt.options).action)


@lru_cache(maxsize=1)
def year_of_prompts() -> tuple[list[tuple[Any, Prompt]], Any]:
    """Every (state, prompt) of a seeded 3-player first year, and the final state."""
    rng = random.Random(5)
    state = RS.setup({"players": 3}, "cog-tests")
    seen: list[tuple[Any, Prompt]] = []
    for _ in range(3000):
        if state.year > 1 or RS.result(state) is not None:
            break
        prompts = RS.prompts(state)
        seen += [(state, p) for p in prompts]
        prompt = ([p for p in prompts if p.waiting] or prompts)[0]
        state, _ = RS.apply(state, prompt.seat, _decide(state, prompt, rng))
    return seen, state


def test_every_prompt_of_a_year_fits_discord_limits() -> None:
    seen, _ = year_of_prompts()
    assert len(seen) > 60
    for _, prompt in seen:
        layout = layout_prompt(7, prompt)
        assert len(layout.rows) <= 5, prompt.rule
        for row in layout.rows:
            selects = [c for c in row if isinstance(c, SelectSpec)]
            assert not selects or len(row) == 1, prompt.rule
            assert len(row) <= 5
            for c in row:
                assert 1 <= len(c.custom_id) <= 100
                if isinstance(c, ButtonSpec):
                    assert 0 < len(c.label) <= 80, (prompt.rule, c.label)
                else:
                    assert 1 <= len(c.options) <= 25 and len(c.placeholder) <= 150
                    for o in c.options:
                        assert 0 < len(o.label) <= 100 and (o.description is None or len(o.description) <= 100), o


def test_order_prompt_is_a_select_with_descriptions_when_options_have_them() -> None:
    prompt = Prompt(
        seat=0,
        key="orders-1",
        rule="RW-7.2",
        question="Choose",
        secret=True,
        simultaneous=True,
        options=[
            Option(label=f"#{c} Card", description="ability · bonus applies", action={"type": "rw_order", "card": c})
            for c in range(1, 9)
        ],
    )
    assert not uses_buttons(prompt)
    layout = layout_prompt(3, prompt)
    select = layout.rows[0][0]
    assert isinstance(select, SelectSpec) and select.options[2].description == "ability · bonus applies"
    plain = prompt.model_copy(
        update={"options": [Option(label="Yes", action={"a": 1}), Option(label="No", action={"a": 0})]}
    )
    assert uses_buttons(plain)


def test_a_changed_question_under_the_same_key_is_sent_again_but_a_lock_in_is_not() -> None:
    a = Prompt(seat=1, key="k", rule="R", question="Pick", options=[Option(label="x", action={"v": 1})])
    b = a.model_copy(update={"options": [Option(label="y", action={"v": 2})]})
    assert new_prompts([a], [a]) == []
    assert new_prompts([a], [b]) == [b]
    s = a.model_copy(update={"simultaneous": True, "secret": True})
    assert new_prompts([s], [s.model_copy(update={"waiting": False})]) == []


def test_private_panel_shows_only_the_seats_own_secrets() -> None:
    _, state = year_of_prompts()
    views = {seat: RS.view(state, seat) for seat in range(3)}
    for seat, view in views.items():
        pages = RW.format_private(view, title=f"Seat {seat + 1}")
        body = "\n".join(pages)
        assert all(len(p) <= 2000 for p in pages)
        assert "Order cards in hand" in body and "Tactics cards" in body
        for t in view["me"]["tactics"]:
            assert t["name"] in body and t["text"][:30] in body
        if view["me"].get("objective"):
            assert view["me"]["objective"]["name"] in body
        others = [t["name"] for s, v in views.items() if s != seat for t in v["me"]["tactics"]]
        mine = {t["name"] for t in view["me"]["tactics"]}
        for name in others:
            assert name in mine or name not in body, f"seat {seat + 1}'s panel names another seat's card {name}"
    public = RS.view(state, None)
    assert "me" not in public


def test_rules_text_lookup_by_name_and_autocomplete() -> None:
    assert "Highest bonus" in (RW.entry_text("Conquer", RW.rule_entries()) or "")
    assert "Basic ability" in (
        RW.entry_text("#5", RW.rule_entries()) or RW.entry_text("Recruit", RW.rule_entries()) or ""
    )
    from engine.runewars.catalog import catalog  # the test's oracle: the printed content itself

    cat = catalog()
    some_unit = next(iter(cat.unit_types.values()))
    assert some_unit.special.name in (RW.entry_text(some_unit.name, RW.rule_entries()) or "")
    some_tactics = next(iter(cat.tactics.values()))
    assert some_tactics.text[:40] in (RW.entry_text(some_tactics.name, RW.card_entries()) or "")
    assert RW.entry_text("no such card at all", RW.card_entries()) is None
    for body in (RW.entry_text(k, RW.card_entries()) for k in RW.card_entries()):
        assert body is not None and len(body) <= 2000
    choices = RW.entry_choices("con", RW.rule_entries())
    assert 0 < len(choices) <= 25 and any("Conquer" in c.name for c in choices)
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for c in RW.entry_choices("", RW.card_entries()))


async def test_rw_command_tree_is_within_limits_and_registers_the_panel() -> None:
    class FakeReferee:
        register_game = Referee.register_game  # the real registration over these stand-in tables
        unregister_game = Referee.unregister_game

        def __init__(self) -> None:
            self.panel_formatters: dict = {}
            self.form_builders: dict = {}
            self.prompt_extras: dict = {}
            self.client = self
            self.dynamic: set = set()

        def add_dynamic_items(self, *items: Any) -> None:
            self.dynamic |= set(items)

        def remove_dynamic_items(self, *items: Any) -> None:
            self.dynamic -= set(items)

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    ref = FakeReferee()
    cog = RW.RunewarsCog(ref)  # type: ignore[arg-type]  # a stand-in referee with only what cog_load uses
    await bot.add_cog(cog)
    assert ref.panel_formatters["runewars"] is RW.format_private
    # The unit picker replaces the JSON form of unit-list prompts and its components are routed after a restart.
    from cogs import runewars_picker

    assert ref.form_builders["runewars"] is runewars_picker.open_picker
    assert ref.dynamic == set(runewars_picker.DYNAMIC_ITEMS)
    payload = tree_payload(bot.tree)
    assert [c["name"] for c in payload] == ["rw"]
    assert {sub["name"] for sub in payload[0]["options"]} == {"rule", "card", "hand", "order", "bid", "move"}
    assert limit_problems(payload) == []
    await bot.remove_cog(cog.qualified_name)
    assert "runewars" not in ref.form_builders and not ref.dynamic


def test_move_groups_follow_the_move_prompt() -> None:
    seen, _ = year_of_prompts()
    moves = [(s, p) for s, p in seen if p.rule == RW.MOVE_RULE and len(p.options) > 1]
    if not moves:
        pytest.skip("no unit moved in this seeded year")
    _, prompt = moves[0]
    groups = RW.move_groups(prompt)
    widest = max((set(o.action.get("units") or []) for o in prompt.options), key=len)
    assert {u for units in groups.values() for u in units} == widest
