"""``/cs`` (issue 14): rules lookups from the printed content, in the reader's language, and typed choices."""

from __future__ import annotations

import re

import engine
from cogs import cloudspire as cs
from cogs import cloudspire_builder as builder
from cogs import ids
from engine.cloudspire import catalog
from engine.core import Option, Prompt, RuleViolation
from engine.core.text import Ref

CJK = range(0x4E00, 0xA000)


def test_every_kind_the_issue_names_can_be_looked_up() -> None:
    # Units, towers, landmarks, talents and market chips (plus relics and events) are all in the table.
    kinds = {e.kind for e in catalog()}
    assert {"unit", "tower", "landmark", "talent", "market", "relic", "event"} <= kinds
    # Every talent of the engine's effect vocabulary has a name and a meaning here (CS-8.9).
    assert {e.id for e in catalog() if e.kind == "talent"} <= set(cs.TALENTS)


def test_a_unit_reads_its_printed_sides_in_english_and_chinese() -> None:
    en = cs.entries("en")
    key = cs.find_entries("awsh", en)[0]
    body = cs.entry_text(en[key][1], "en")
    assert "Basic side" in body and "Promoted side" in body and "Hunter" in body and "CS-10" in body
    zh = cs.entries("zh_Hans")
    name = zh[key][0].split("（")[0].split(" (")[0]
    assert any(ord(c) in CJK for c in name), name
    # A Chinese reader finds it by its Chinese name, and reads it in Chinese.
    assert cs.find_entries(name, zh)[0] == key
    body_zh = cs.entry_text(zh[key][1], "zh_Hans")
    assert "基础面" in body_zh and "猎人" in body_zh and "Basic side" not in body_zh


def test_autocomplete_choices_fit_discord() -> None:
    for locale in ("en", "zh_Hans", "zh_Hant"):
        choices = cs.entry_choices("", cs.entries(locale))
        assert 0 < len(choices) <= 25 and all(len(c.name) <= 100 for c in choices)
    assert next(c.value for c in cs.entry_choices("impale", cs.entries("en"))) == "talent:impale"


def test_lookups_come_from_content_never_from_a_game() -> None:
    # The printed table is the same before and after a game is set up and played a little.
    before = [e.key for e in catalog()]
    rs = engine.ruleset("cloudspire")
    rs.setup({"players": 2}, "cs-cog")
    assert [e.key for e in catalog()] == before


def test_a_typed_choice_names_one_option_of_one_of_my_prompts() -> None:
    prompt = Prompt(
        seat=1,
        key="deploy-7",
        rule="CS-18.6",
        question="Choose your units",
        options=[Option(label="Deploy nothing", action={"type": "deploy", "stack": []})],
    )
    value = cs.choice_value(prompt, 0)
    assert cs.parse_choice(value, [prompt]) == (prompt, 0)
    assert cs.parse_choice(f"1:{ids.key_hash('deploy-7')}:5", [prompt]) is None  # no such option
    assert cs.parse_choice(f"0:{ids.key_hash('deploy-7')}:0", [prompt]) is None  # another seat's prompt
    assert cs.parse_choice("nonsense", [prompt]) is None


# ---- the deploy-stack builder (CS-18.6) ---------------------------------------------------------------
def deploy_state(**options: object) -> tuple[object, Prompt]:
    """A 2-player game played by its ready-made options up to the first deploy prompt."""
    rs = engine.ruleset("cloudspire")
    state = rs.setup({"players": 2, **options}, "cs-builder")
    for _ in range(400):
        prompt = next(p for p in rs.prompts(state) if p.waiting)
        if prompt.rule == "CS-18.6":
            return state, prompt
        passing = next((i for i, o in enumerate(prompt.options) if o.action.get("type") == "pass"), 0)
        state, _ = rs.apply(state, prompt.seat, prompt.options[passing].action)
    raise AssertionError("no deploy prompt")


def test_candidates_are_the_seats_own_units_not_its_towers() -> None:
    _, prompt = deploy_state()
    cands = builder.candidates(prompt)  # the engine lists them on the deploy prompt
    units = {e.id for e in catalog() if e.kind == "unit"}
    assert cands and all(c.chip in units for c in cands)  # the barracks hold towers too: never offered
    assert {c.role for c in cands} <= {"hero", "minion", "merc_hero", "merc_minion", "equipment"}


def test_the_stack_survives_in_the_custom_id() -> None:
    stack: list[builder.Entry] = [((3,), ()), ((4, 5), ()), ((0,), (10,))]
    code = builder.encode_stack(stack)
    assert code == "3.45.0+A" and builder.decode_stack(code) == stack and builder.decode_stack("") == []
    ref = builder.BuildRef(12345678901234567890, 3, "0123abcd", "beef", "Z" * builder.MAX_STACK_CODE)
    for op in (builder.ADD, builder.EQUIP, builder.TOP, builder.SQUAD, builder.REMOVE, builder.CLEAR, builder.CONFIRM):
        cid = ref.custom_id(op)
        assert len(cid) <= ids.MAX_CUSTOM_ID
        template = (
            builder.SELECT_TEMPLATE if op in (builder.ADD, builder.EQUIP, builder.TOP) else builder.BUTTON_TEMPLATE
        )
        match = re.match(template, cid)
        assert match is not None and builder.BuildRef.from_match(match) == ref


def test_builder_steps_and_the_engine_accepts_the_built_stack() -> None:
    state, prompt = deploy_state()
    rs = engine.ruleset("cloudspire")
    seat = prompt.seat
    cands = builder.candidates(prompt)
    cheap = sorted((i for i, c in enumerate(cands) if c.role == "minion"), key=lambda i: cands[i].cp)
    a = cheap[0]
    b = next(i for i in cheap if cands[i].chip != cands[a].chip)
    stack = builder.edit([], builder.ADD, a, cands)
    stack = builder.edit(stack, builder.ADD, a, cands)  # the same chip twice: unchanged
    assert stack == [((a,), ())]
    stack = builder.edit(stack, builder.ADD, b, cands)
    stack = builder.edit(stack, builder.TOP, 1, cands)
    assert stack == [((b,), ()), ((a,), ())]
    squad = builder.edit(stack, builder.SQUAD, None, cands)
    assert squad == [((b, a), ())]
    assert (
        builder.edit(squad, builder.REMOVE, None, cands) == [] and builder.edit(stack, builder.CLEAR, None, cands) == []
    )
    action = builder.action_of(stack, cands)
    budget = int(str(prompt.msg.params["cp"])) if prompt.msg is not None else 0
    assert cands[a].cp + cands[b].cp <= budget  # the seed's first deploy: battleborn (2) and dispatch (3) of 5 CP
    after, events = rs.apply(state, seat, action)
    assert any(e.kind == "stack" for e in events)
    # H24/H25: the public view shows the top unit and the height only.
    public = rs.view(after, None)["players"][seat]
    assert public["stack"] is None and public["stack_entries"] == 2
    assert public["stack_top"]["type"] == cands[b].chip
    # A stack over the CP budget is refused by the engine with its rule, changing nothing (CS-18.2).
    greedy: list[builder.Entry] = [((i,), ()) for i, c in enumerate(cands) if c.role == "minion"]
    try:
        rs.apply(state, seat, builder.action_of(greedy, cands))
    except RuleViolation as refused:
        assert refused.rule.startswith("CS-")
    else:
        raise AssertionError("an over-budget stack was accepted")


def test_the_private_panel_shows_only_what_the_seat_may_see() -> None:
    state, prompt = deploy_state()
    rs = engine.ruleset("cloudspire")
    seat = prompt.seat
    after, _ = rs.apply(state, seat, prompt.options[-1].action)  # the suggested stack, locked in
    mine = "\n".join(cs.format_private(rs.view(after, seat), title="T", locale="en"))
    assert "Your deploy stack, top first:" in mine and "none" not in mine.split("top first:")[1].split("\n")[0]
    # Another seat's panel is built from its own view: it shows its own (empty) stack, never this one.
    other = 1 - seat
    theirs = "\n".join(cs.format_private(rs.view(after, other), title="T", locale="en"))
    assert "**Your deploy stack, top first:** none" in theirs
    zh = "\n".join(cs.format_private(rs.view(after, seat), title="T", locale="zh_Hans"))
    assert "部署供应堆" in zh and "Barracks" not in zh


def test_later_seats_see_earlier_selections_once_locked_in() -> None:
    """H23 (sequential prep): the builder of a later seat lists what earlier seats locked in."""
    state, prompt = deploy_state()
    rs = engine.ruleset("cloudspire")
    first = prompt.seat
    assert builder.earlier_selections(rs.view(state, 1 - first), 1 - first) == []
    after, _ = rs.apply(state, first, prompt.options[-1].action)
    later = next(p for p in rs.prompts(after) if p.waiting)
    assert later.rule == "CS-18.6" and later.seat == 1 - first
    shown = builder.earlier_selections(rs.view(after, later.seat), later.seat)
    assert len(shown) == 1 and shown[0].params["seat"] == first + 1
    # The thread (the public view) does not see the selection during the prep phase.
    assert all(p["selected"] is None for p in rs.view(after, None)["players"])


def test_simultaneous_prep_keeps_a_locked_stack_from_everyone_until_all_are_in() -> None:
    """CS-24.3c, AMB-26, H28: both seats are asked at once; a locked selection is listed in no other
    seat's builder and no view but its owner's; once both are in, the thread learns each stack's
    height and top unit only (CS-18.6, H25)."""
    state, prompt = deploy_state(simultaneous_prep=True)
    rs = engine.ruleset("cloudspire")
    asked = [p for p in rs.prompts(state) if p.waiting]
    assert {p.seat for p in asked} == {0, 1} and all(p.secret and p.simultaneous for p in asked)
    first, other = prompt.seat, 1 - prompt.seat
    stack = prompt.options[-1].action  # the fullest ready-made stack
    after, events = rs.apply(state, first, stack)
    assert not [e for e in events if e.audience is None]  # nothing public yet
    assert builder.earlier_selections(rs.view(after, other), other) == []
    for viewer in (None, other):
        seen = rs.view(after, viewer)["players"][first]
        assert seen["selected"] is None and seen["stack"] is None and seen["stack_entries"] == 0
    last = next(p for p in rs.prompts(after) if p.waiting)
    assert last.seat == other
    done, events = rs.apply(after, other, last.options[-1].action)
    told = [e for e in events if e.kind == "stack"]
    assert len(told) == 2 and all(e.audience is None for e in told)
    for e in told:
        assert e.msg is not None
        mine = done.pl[int(str(e.msg.params["seat"])) - 1].stack
        assert mine and e.msg.params["top"] == Ref(kind="unit", id=mine[0].type_id)
        assert e.msg.params["entries"] == len(mine) and "below" not in e.text


async def test_builder_components_rebuild_from_their_custom_ids_alone() -> None:
    """Restart-proof: a fresh process turns a pressed id back into the same builder state."""
    ref = builder.BuildRef(42, 1, ids.key_hash("deploy-9"), "beef", "3.45.0+A")
    for cls, op, template in (
        (builder.BuildSelect, builder.ADD, builder.SELECT_TEMPLATE),
        (builder.BuildButton, builder.CONFIRM, builder.BUTTON_TEMPLATE),
    ):
        cid = ref.custom_id(op)
        match = re.match(template, cid)
        assert match is not None
        item = await cls.from_custom_id(None, None, match)  # type: ignore[arg-type]  # neither is read
        assert item.ref == ref and item.op == op and item.item.custom_id == cid
