"""The /ah cog: offer-builder custom ids and components, typed offers, card texts, prompt shapes."""

from __future__ import annotations

import re

import discord
import pytest
from discord.ext import commands

from cogs import ageofheroes as AH
from cogs.layout import layout_prompt, uses_buttons
from cogs.referee import Referee, UserError
from cogs.sync import limit_problems, tree_payload
from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes import card_kinds, card_rules
from engine.ageofheroes.cardtext import card_names, card_text
from engine.ageofheroes.content import load_content
from tests.ageofheroes.support import give, position

CONTENT = load_content("default")


def trading_state(players: int = 3):
    """Round 2's Market Day trading, with a few cards in every hand."""
    state = position(players)
    give(state, 0, "iron", "iron", "wood", "gold", "luck")
    give(state, 1, "grain", "stone")
    from engine.ageofheroes.flow import push

    push(state, "start_turns")
    push(state, "trade")
    state.market = True
    return state


def test_goods_codes_round_trip_and_custom_ids_fit() -> None:
    alphabet = AH.ALPHABET
    kinds = ["iron", "iron", "gold", "luck", *sorted(CONTENT.specials())]
    code = AH.encode_goods(kinds, alphabet)
    assert sorted(AH.decode_goods(code, alphabet)) == sorted(kinds)
    # P-06: a counter names its offer; every draft names the round of its Market Day.
    longest = AH.Draft(10**20 - 1, 5, 4, kinds * 3, kinds * 3, counter=10**10 - 1, market=10**6 - 1)
    for draft in (AH.Draft(12345678901234567890 // 10, 5, 4, kinds * 2, kinds * 2), longest):
        for op in AH.SELECT_OPS:
            cid = draft.custom_id(op, alphabet)
            assert len(cid) <= 100 and re.fullmatch(AH.SELECT_TEMPLATE, cid), cid
        for op in AH.BUTTON_OPS:
            m = re.fullmatch(AH.BUTTON_TEMPLATE, draft.custom_id(op, alphabet))
            assert m is not None
            again = AH.Draft.from_match(m, alphabet)
            assert (again.game, again.seat, again.to, again.counter, again.market) == (
                draft.game,
                draft.seat,
                draft.to,
                draft.counter,
                draft.market,
            )
    counter = AH.CounterButton(10**20 - 1, 5, 10**10 - 1)
    assert len(counter.custom_id) <= 100 and re.fullmatch(AH.COUNTER_TEMPLATE, counter.custom_id)


def test_draft_is_ready_only_with_a_partner_and_a_card() -> None:
    assert not AH.Draft(1, 0).ready
    assert not AH.Draft(1, 0, 1).ready
    assert AH.Draft(1, 0, 1, get=["wood"]).ready
    assert AH.Draft(1, 0, 1, ["iron"], ["wood"]).action() == {
        "type": "trade_offer",
        "to": 1,
        "give": ["iron"],
        "get": ["wood"],
    }
    # P-06: a counter is the engine's trade_counter; the engine sends it back to the offer's maker.
    assert AH.Draft(1, 0, 1, ["iron"], ["wood"], counter=3).action() == {
        "type": "trade_counter",
        "offer": 3,
        "give": ["iron"],
        "get": ["wood"],
    }


async def test_builder_components_are_valid_and_show_the_draft() -> None:
    state = trading_state()
    draft = AH.Draft(7, 0, 1, ["iron", "iron"], ["grain"])
    view = AH.builder_view(RS.view(state, 0), draft, AH.ALPHABET)
    rows = view.to_components()
    assert len(rows) <= 5
    comps = [c for row in rows for c in row["components"]]
    selects = [c for c in comps if c["type"] == 3]
    assert len(selects) == 3
    for s in selects:
        assert 1 <= len(s["options"]) <= 25 and len(s["placeholder"]) <= 150
        assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in s["options"])
    to, gv, gt = selects
    assert [o["value"] for o in to["options"] if o.get("default")] == ["1"]
    assert [o["label"] for o in gv["options"] if o.get("default")] == ["Iron", "Iron (copy 2)"]
    assert [o["label"] for o in gt["options"] if o.get("default")] == ["Grain"]
    assert len({c["custom_id"] for c in comps}) == len(comps)
    send = next(c for c in comps if c.get("label") == "Send offer")
    assert not send.get("disabled")
    text = AH.builder_content(RS.view(state, 0), draft, "Age of Heroes #7")
    assert "seat 2" in text and "Iron, Iron" in text and "Grain" in text and len(text) <= 2000


async def test_builder_values_map_back_to_kinds() -> None:
    alphabet = AH.ALPHABET
    state = trading_state()
    view = AH.builder_view(RS.view(state, 0), AH.Draft(7, 0), alphabet)
    gv = next(
        c for row in view.to_components() for c in row["components"] if c.get("custom_id", "").startswith("ahb:gv:")
    )
    picked = [o["value"] for o in gv["options"] if o["label"] in ("Iron", "Luck")]
    assert sorted(AH._from_values(picked, alphabet)) == ["iron", "luck"]


def test_parse_goods_reads_counts_and_names() -> None:
    alphabet = AH.ALPHABET
    assert AH.parse_goods("2 iron, Wood, gold x2", alphabet) == ["iron", "iron", "wood", "gold", "gold"]
    assert AH.parse_goods("Mighty Hero", alphabet) == ["mighty_hero"]
    assert AH.parse_goods("", alphabet) == []
    with pytest.raises(UserError):
        AH.parse_goods("army", alphabet)


def test_trade_prompt_is_found_and_names_its_form_button() -> None:
    state = trading_state()
    prompts = RS.prompts(state)
    prompt = AH.trade_prompt(prompts, 0)
    assert prompt is not None and prompt.secret
    layout = layout_prompt(7, prompt)
    labels = [c.label for c in layout.components() if hasattr(c, "label")]
    assert "Make an offer…" in labels and "Done trading" in labels
    assert "Your hand:" in prompt.question


def test_offer_gives_the_recipient_accept_and_decline_buttons_and_new_keys() -> None:
    state = trading_state()
    before = {p.seat: p.key for p in RS.prompts(state)}
    state, events = RS.apply(state, 0, {"type": "trade_offer", "to": 1, "give": ["iron"], "get": ["grain"]})
    after = {p.seat: p for p in RS.prompts(state)}
    # Only the two parties' decisions changed; the third seat keeps its message.
    assert after[0].key != before[0] and after[1].key != before[1] and after[2].key == before[2]
    incoming = after[1]
    assert uses_buttons(incoming)
    assert [o.label for o in incoming.options][:2] == ["Accept #1 from seat 1", "Decline #1"]
    assert "you get Iron, you give Grain" in incoming.question
    public = [e.text for e in events if e.audience is None]
    assert public and not any("Iron" in t or "Grain" in t for t in public)
    assert RS.describe_action(
        state, 0, {"type": "trade_offer", "to": 1, "give": ["iron"], "get": ["grain"]}
    ).startswith("offer seat 2")


def test_card_texts_cover_every_card_within_limits() -> None:
    # ``/ah card`` goes through the package's public API (``engine.ageofheroes.card_kinds``/``card_rules``).
    names = card_kinds()
    assert names == card_names(CONTENT)
    assert {"luck", "barbarians", "army", "iron"} <= set(names)
    for name in names:
        body = card_rules(name)
        assert body is not None and body == card_text(name, CONTENT) and len(body) <= 2000 and "AH-" in body, name
    assert "Iron" in (card_rules("army") or "")
    assert card_rules("dragon") is None


async def test_ah_command_tree_is_within_limits() -> None:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    bot.referee = None  # type: ignore[attr-defined]  # the cog looks its referee up on the bot
    cog = _bare_cog()
    await bot.add_cog(cog)
    assert cog.r.form_builders["ageofheroes"] == cog.open_builder  # the offer builder replaces the JSON form
    assert cog.r.prompt_extras["ageofheroes"] is AH.counter_items  # Counter… next to Accept / Decline
    assert cog.r.panel_formatters["ageofheroes"] is AH.format_private  # /game hand and /gm view-as (issue 12)
    payload = tree_payload(bot.tree)
    assert [c["name"] for c in payload] == ["ah"]
    assert {sub["name"] for sub in payload[0]["options"]} == {"card", "offer"}
    assert limit_problems(payload) == []


def _bare_cog() -> AH.AgeOfHeroesCog:
    class FakeReferee:
        register_game = Referee.register_game  # the real registration over these stand-in tables
        unregister_game = Referee.unregister_game

        def __init__(self) -> None:
            self.form_builders: dict = {}
            self.prompt_extras: dict = {}
            self.panel_formatters: dict = {}

        class client:
            @staticmethod
            def add_dynamic_items(*items: object) -> None: ...

            @staticmethod
            def remove_dynamic_items(*items: object) -> None: ...

    return AH.AgeOfHeroesCog(FakeReferee())  # type: ignore[arg-type]  # a stand-in with only what cog_load uses
