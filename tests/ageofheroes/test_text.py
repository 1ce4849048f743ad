"""Issue 10: everything Age of Heroes says is a translatable message with named things as Refs.

Seeded games under the default table and under a table with most option switches flipped
(so single-army Earthquakes, blind plunder, public trades, any-time trading and staged duel
picks are all reached) are played by the sampler, with a wrong action tried now and then so
refusals are reached too. Every event, prompt question, option label and refusal must carry a
``msg``; no English text may show an internal id (``mighty_hero``, ``iron-07``, ``bc5-03``,
``hero1``, ``a2``) or a repr; every ``Ref`` must have a name in English, Simplified and
Traditional Chinese; and each message must render in Chinese with Chinese words in it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes import card_kinds, card_rules_msg, names
from engine.core import Event, Prompt, RuleViolation
from engine.core.text import Msg, Ref
from i18n import render
from tests.support.refs import refs_in

LOCALES = ("en", "zh_Hans", "zh_Hant")
VARIANT = {
    "earthquake_scope": "single_army",
    "plunder_selection": "attacker_choice_blind",
    "war_reveal_unfought_cards": True,
    "trade_public_contents": True,
    "discard_pile_public": False,
    "trade_window": "any_time",
    "war_duel_pick": "attacker_first",
    "barbarians_mode": "battle_card",
}
# Wrong actions tried at random moments: each is refused with a RuleViolation.
WRONG: list[dict[str, Any]] = [
    {"type": "build", "item": "city"},
    {"type": "place", "count": 99},
    {"type": "discard", "cards": ["nope-01"]},
    {"type": "luck", "play": True},
    {"type": "declare_war", "target": 0, "purpose": "raze", "armies": ["a9"]},
    {"type": "trade_offer", "to": 0, "give": ["marbel"], "get": []},
    {"type": "trade_accept", "offer": 999},
    {"type": "respond", "play": "luck"},
    {"type": "pick", "unit": "a9"},
    {"type": "choose_tribe", "tribe": "martian"},
]
# Internal ids and reprs: snake_case words, card ids, battle-card ids, unit ids, the brackets of a
# list or dict repr. (A player's own typed word is echoed in quotes: that is their text, not an id.)
ID_SHAPED = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+-\d{2}\b|\bbc\d-\d+\b|\bhero\d+\b|\bx\d+\b|\ba\d+\b|[\[\]{}]")
CJK = re.compile(r"[\u4e00-\u9fff]")


def _play(seed: int, players: int, options: dict[str, Any]) -> Iterator[tuple[str, str, Msg | None]]:
    """(what, English, msg) for everything a seeded game shows its players."""
    rng = random.Random(seed)
    state = RS.setup({"players": players, **options}, seed)
    events: list[Event] = list(RS.opening_events(state))
    steps = 0
    while RS.result(state) is None and steps < 600:
        for e in events:
            yield "event " + e.kind, e.text, e.msg
        prompts = RS.prompts(state)
        for p in prompts:
            yield from _prompt(p)
        waiting = [p for p in prompts if p.waiting] or prompts
        if not waiting:
            break
        prompt = rng.choice(waiting)
        action = rng.choice(WRONG) if rng.random() < 0.1 else RS.sample_action(state, prompt.seat, rng)
        try:
            state, events = RS.apply(state, prompt.seat, action)
        except RuleViolation as exc:
            events = []
            yield "refusal " + exc.rule, exc.message, exc.msg
        steps += 1


def _prompt(p: Prompt) -> Iterator[tuple[str, str, Msg | None]]:
    yield "question " + p.rule, p.question, p.msg
    for o in p.options:
        yield "option " + p.rule, o.label, o.msg


@pytest.fixture(scope="module")
def shown() -> list[tuple[str, str, Msg | None]]:
    out: list[tuple[str, str, Msg | None]] = []
    for seed in range(1, 5):
        out += _play(seed, 2 + seed % 4, {})
        out += _play(seed + 100, 2 + seed % 4, VARIANT)
    return out


def test_the_games_reach_every_kind_of_text(shown: list[tuple[str, str, Msg | None]]) -> None:
    kinds = {what.split(" ", 1)[0] for what, _, _ in shown}
    assert kinds == {"event", "question", "option", "refusal"}
    events = {what for what, _, _ in shown if what.startswith("event")}
    for kind in ("war", "duel", "built", "trade_offer", "event_drawn", "turn_end", "market_day"):
        assert "event " + kind in events, sorted(events)


def test_everything_shown_carries_a_message(shown: list[tuple[str, str, Msg | None]]) -> None:
    bare = sorted({f"{what}: {text}" for what, text, msg in shown if msg is None})
    assert not bare, bare[:10]


def test_no_english_text_shows_an_internal_id(shown: list[tuple[str, str, Msg | None]]) -> None:
    leaks = sorted({f"{what}: {text}" for what, text, _ in shown if ID_SHAPED.search(text)})
    assert not leaks, leaks[:10]


def test_every_ref_has_a_name_in_every_locale(shown: list[tuple[str, str, Msg | None]]) -> None:
    resolver = names()
    refs = {r for _, _, msg in shown for r in refs_in(msg)}
    refs |= {r for k in card_kinds() for r in refs_in(card_rules_msg(k))}
    assert {r.kind for r in refs} >= {"card", "tribe", "item", "purpose", "army"}
    unnamed = sorted(f"{r.kind}:{r.id}@{loc}" for r in refs for loc in LOCALES if not resolver.name(r, loc))
    assert not unnamed, unnamed[:10]


def test_english_text_is_the_message_in_english(shown: list[tuple[str, str, Msg | None]]) -> None:
    """The legacy English fields say what the message says (option labels are cut at 80)."""
    resolver = names()
    for what, text, msg in shown:
        assert msg is not None
        english = render(msg, "en", resolver)
        assert text == (english[:80] if what.startswith("option") else english), what


def test_every_message_reads_in_chinese(shown: list[tuple[str, str, Msg | None]]) -> None:
    resolver = names()
    seen: set[str] = set()
    for what, _, msg in shown:
        assert msg is not None
        if msg.id in seen or not msg.id.startswith("ah."):
            continue
        seen.add(msg.id)
        for locale in ("zh_Hans", "zh_Hant"):
            text = render(msg, locale, resolver)
            assert CJK.search(text), (what, locale, text)
            assert not ID_SHAPED.search(text), (what, locale, text)


def test_card_rules_read_in_traditional_with_the_rulebook_words() -> None:
    """/ah card in zh-TW: the rulebook's Traditional names (seed 002), not OpenCC's."""
    resolver = names()
    famine = card_rules_msg("famine")
    assert famine is not None
    text = render(famine, "zh_Hant", resolver)
    assert text.startswith("**飢荒**（AH-11.6）") and "穀物" in text
    brick = card_rules_msg("brick")
    assert brick is not None
    assert "巴比倫人" in render(brick, "zh_Hant", resolver)
    assert resolver.name(Ref(kind="purpose", id="raze"), "zh_Hant") == "剷夷"
    assert resolver.name(Ref(kind="faction", id="celtic"), "zh_Hant") == "賽爾提克人"
