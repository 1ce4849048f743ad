"""Heroes III Alliance card swap end to end (H3-43.3.2, H-27): the real bot, four fake players in two
teams, the same seeded table as tests/e2e/test_bot_heroes3_alliance.py (bob's client is Chinese).

Allied heroes stand far apart at the start, so the game master sets the scene as a host would: one
``/gm override edit:patch`` (a JSON patch, audited) moves the ally's main hero next to the active
player's and puts a spell card in the active player's hand and an artifact card in the ally's (the
top cards of the shared decks, so no card is made up). From then on everything goes through
components only: the active player offers the swap of their spell card from the main menu in their
DMs, the ally gets the answer by DM and picks their artifact card, and the hands change in the
database (read by the follower, which replays the log with the engine).

Asserted:
- the offer and the answer are both secret decisions delivered by DM (their options name cards);
- the ally's town action (H3-10.2), sent by DM before the offer, is the same prompt key as the answer
  (the other seats' decision is keyed by the turn): pressing the entry of that older message at the
  accept's index is refused and changes nothing (it used to accept the swap though it showed a
  resource offer: the bot now checks that the pressed label is the option's label now);
- the two hands changed exactly by the two cards;
- the thread says only that seat X offered and then made a swap of 1 card with seat Y;
- the two cards' names, in English and in Chinese (the locales at the table), appear in no public
  payload (thread messages, their edits and components) and in none of the words of the public map
  picture, neither while the offer is open nor after the swap; the card instance ids pass the usual
  leak check (``check_public_payloads`` with every seat's secrets at every step);
- each trader's DMs name both cards in that trader's language;
- the fake Discord recorded no broken limit.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from cogs import ids
from engine.core import Event, Prompt
from engine.heroes3 import names as h3_names
from engine.heroes3.adventure.geometry import enterable, location, neighbours
from engine.heroes3.cards import deck as cards
from engine.heroes3.clash.ally_trade import adjacent, swappable
from engine.heroes3.clash.common import heroes_at
from tests.e2e.alliance_helpers import RS, answer_message, decide, open_alliance, seat_four, team_order, words
from tests.e2e.bot_helpers import (
    LogFollower,
    PromptTable,
    check_public_payloads,
    db_path,
    shown,
    shows,
    start_referee,
    visible_labels,
)

pytestmark = pytest.mark.asyncio

TIME_BUDGET = 120.0  # seconds of play before the test gives up
MAX_DECISIONS = 30  # the first main menu of round 1 comes after 14 decisions under SEED
LOCALES = ("en", "zh_Hans")  # alice, carol, dave read English; bob's client is zh-CN
REASON = "the allies meet for the swap test"  # public: the thread announces the edit with it


class Follower(LogFollower):
    """Keeps the swap's events: the public ones (what the table hears) and the traders' (which cards)."""

    def __init__(self, path: Path, game_id: int) -> None:
        super().__init__(RS, path, game_id)
        self.swap_events: list[Event] = []

    def on_step(self, row: Any, action: dict[str, Any], events: list[Event]) -> None:
        self.swap_events += [e for e in events if e.kind.startswith("h3_ally_swap")]


def card_names(state: Any, inst: str) -> set[str]:
    """The printed name of a card instance in every locale the table reads."""
    ref = cards.card_ref(state, inst)
    found = {h3_names().name(ref, loc) for loc in LOCALES}
    return {n for n in found if n}


def meeting_patch(state: Any, seat: int, ally: int) -> tuple[list[dict[str, Any]], str, str]:
    """The game master's JSON patch: ``ally``'s main hero onto an empty field next to ``seat``'s main
    hero, and a spell card (from the spell deck's top) for ``seat`` and an artifact card (from the
    artifact deck's top) for ``ally`` when their hands hold no spell or artifact card (H3-43.3.2).
    Returns the patch and the card instance each side will swap."""
    here = state.player(seat).main.field
    spot = next(
        n
        for n in neighbours(here)
        if enterable(state, n) and getattr(location(state, n), "kind", "") == "empty" and not heroes_at(state, n)
    )
    ops: list[dict[str, Any]] = [
        {"op": "replace", "path": f"/seats/{ally}/main/field", "value": list(spot)},
        {"op": "replace", "path": f"/seats/{ally}/main/last_visited", "value": list(spot)},
    ]
    chosen: list[str] = []
    for who, deck in ((seat, "spell"), (ally, "artifact")):
        own = [c for c in state.player(who).deck.hand if swappable(state, c)]
        if own:
            chosen.append(own[0])
            continue
        chosen.append(state.decks[deck].draw_pile[0])
        ops.append({"op": "move", "from": f"/decks/{deck}/draw_pile/0", "path": f"/seats/{who}/deck/hand/-"})
    return ops, chosen[0], chosen[1]


def renewed(table: PromptTable, prompt: Prompt, since: int) -> bool:
    """Whether the bot sent (or edited) ``prompt``'s message in the seat's DMs after payload ``since``:
    the main menu gained the swap option with the game master's edit, and pressing the old message's
    entries would be pressing what it showed before."""
    marker = f":{table.game_id}:{prompt.seat}:{ids.key_hash(prompt.key)}:"
    dm = table.fake.dm_channel(table.users[prompt.seat]).id
    return any(p.channel_id == dm and marker in json.dumps(p.components) for p in table.fake.sent[since:])


async def stale_press_refused(table: PromptTable, answer: Prompt, offered: int, at: int) -> None:
    """The ally's town action (H3-10.2) and their answer to the offer (H3-43.3) are one prompt key for
    the whole turn (clash/rounds.py), so the town action's DM, sent before the offer, carries the same
    component ids as the answer's. Pressing its entry at the answer's accept index must not accept the
    swap: the label pressed is not the option there now, so the press is refused and nothing changes."""
    fake, follower = table.fake, table.follower
    user = table.users[answer.seat]
    marker = f":{table.game_id}:{answer.seat}:{ids.key_hash(answer.key)}:"
    older = [m for m in fake.dms(user) if m.id < offered and any(marker in c for c in m.custom_ids)]
    assert older, "no message of the town action was sent before the offer"
    stale = older[-1]
    shown_there = visible_labels(stale).get(at)
    assert shown_there is not None and not shown_there.startswith("Accept"), shown_there
    button = ids.encode_prompt(ids.OPTION, table.game_id, answer.seat, ids.key_hash(answer.key), at)
    if button in stale.custom_ids:
        handle = await fake.press(user, stale, button)
    else:
        menu = next(s for s in stale.selects if any(o["value"] == str(at) for o in s.get("options", [])))
        handle = await fake.select(user, stale, menu["custom_id"], [str(at)])
    reply = (await handle.response(timeout=20)).text
    rows = follower.applied
    follower.refresh()
    assert "⛔" in reply and follower.applied == rows and follower.state.ally_offers, (shown_there, reply)


def public_names(fake: Any, thread: Any, view: dict[str, Any], names: set[str]) -> list[str]:
    """Where any of ``names`` shows publicly: a public payload, a thread message as it reads now, or
    the words of the public map picture (in either locale)."""
    found = [f"payload #{p.seq}: {n}" for p in fake.payloads(visibility="public") for n in names if shows(p, n)]
    for msg in fake.messages(thread):
        blob = shown(msg) + json.dumps(msg.components, ensure_ascii=False)
        found += [f"thread message {msg.id}: {n}" for n in names if n in blob]
    for loc in LOCALES:
        drawn = " ".join(words(view, loc))
        found += [f"map picture ({loc}): {n}" for n in names if n in drawn]
    return found


async def test_an_alliance_card_swap_through_components(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    seat_four(fake, world)
    await start_referee(start_bot, tmp_path)
    game_id, thread, users = await open_alliance(fake, world, tmp_path)
    follower = Follower(db_path(tmp_path), game_id)
    follower.refresh()
    table = PromptTable(fake, world, thread, game_id, users, follower)

    # Round 1 up to the first player's main menu (the team orders as in the Alliance e2e).
    asked: list[tuple[int, list[int]]] = []
    started, decisions = time.monotonic(), 0
    while True:
        assert decisions < MAX_DECISIONS and time.monotonic() - started < TIME_BUDGET, decisions
        prompt = next((p for p in follower.prompts() if p.waiting), None)
        assert prompt is not None, "the game waits on nobody"
        if prompt.rule == "H3-8.3" and follower.state.round == 1:
            break
        decisions += 1
        if prompt.rule == "H3-7.8":
            await team_order(table, prompt, asked)
        else:
            await table.choose(prompt, await table.arrived(prompt), decide(prompt))
    state = follower.state
    seat = prompt.seat
    ally = next(s for t in state.teams if seat in t for s in t if s != seat)
    assert state.active == seat and not adjacent(state, seat, ally), (state.active, seat, ally)

    # The game master brings the allies together and deals the cards to swap.
    patch, given, back = meeting_patch(state, seat, ally)
    since = len(fake.sent)
    options = {"edit": "patch", "payload": json.dumps(patch), "reason": REASON}
    r = await (await fake.slash(world.admin, "gm override", channel=thread, options=options)).response(timeout=30)
    assert "⛔" not in r.text, r.text
    follower.refresh()
    state = follower.state
    assert adjacent(state, seat, ally), [h.field for p in state.seats if p.main for h in [p.main]]
    assert given in state.player(seat).deck.hand and back in state.player(ally).deck.hand
    names = card_names(state, given) | card_names(state, back)
    assert len(names) == 2 * len(LOCALES), names
    assert not [t for t in follower.public_texts if any(n in t for n in names)], "a card name in a public event"

    # The offer, from the main menu in the offerer's DMs (its options name cards: H-27).
    menu = next(p for p in follower.prompts() if p.seat == seat and p.waiting)
    assert menu.rule == "H3-8.3" and menu.secret, (menu.rule, menu.secret)
    offer = {"type": "ally_swap", "to": ally, "cards": [given]}
    at = next(i for i, o in enumerate(menu.options) if o.action == offer)
    await fake.wait_for(lambda: renewed(table, menu, since), timeout=30, what="the main menu renewed after the edit")
    # The ally's town action now offers their artifact card for a swap too: it moved to their DMs.
    town = next(p for p in follower.prompts() if p.seat == ally)
    assert town.rule == "H3-10.2" and town.secret and not town.waiting, (town.rule, town.secret)
    await fake.wait_for(lambda: renewed(table, town, since), timeout=30, what="the ally's town action in their DMs")
    offered = fake.mark()  # messages sent from here on have greater ids
    await table.choose(menu, await table.arrived(menu), at)
    assert [(o.by, o.to, o.kind, o.cards) for o in follower.state.ally_offers] == [(seat, ally, "cards", [given])]
    leaks = public_names(fake, thread, RS.view(follower.state, None), names)
    assert not leaks, leaks

    # The ally's answer, by DM: they pick their artifact card.
    answer = next((p for p in follower.prompts() if p.seat == ally and p.rule == "H3-43.3"), None)
    assert answer is not None and answer.secret and not answer.waiting, [(p.seat, p.rule) for p in follower.prompts()]
    accept = {"type": "ally_answer", "by": seat, "accept": True, "cards": [back]}
    at = next(i for i, o in enumerate(answer.options) if o.action == accept)
    message = await answer_message(table, answer, offered)  # by DM (a secret prompt)
    await stale_press_refused(table, answer, offered, at)
    since = len(fake.sent)
    await table.choose(answer, message, at)
    assert "H3-43.3" in table.dm_prompts and "H3-8.3" in table.dm_prompts, table.dm_prompts

    # The hands in the database: each card went to the other hand.
    state = follower.state
    assert not state.ally_offers
    assert back in state.player(seat).deck.hand and given not in state.player(seat).deck.hand
    assert given in state.player(ally).deck.hand and back not in state.player(ally).deck.hand
    kinds = [(e.kind, e.audience) for e in follower.swap_events]
    assert kinds == [
        ("h3_ally_swap_offer", None),
        ("h3_ally_swap_offer_cards", [seat, ally]),
        ("h3_ally_swapped", None),
        ("h3_ally_swapped_cards", [seat, ally]),
    ], kinds

    # The thread hears that a swap of 1 card was offered and made, nothing more.
    said = (
        f"Seat {seat + 1} offers seat {ally + 1} a swap of 1 spell or artifact card.",
        f"Seat {seat + 1} and seat {ally + 1} swap 1 card.",
    )
    await fake.wait_for(
        lambda: all(any(x in shown(m) for m in fake.messages(thread)) for x in said), timeout=60, what=f"{said}"
    )

    # Each trader's DMs name both cards, in that trader's language.
    for who in (seat, ally):
        user = users[who]
        loc = "zh_Hans" if user is world.bob else "en"
        mine = {str(h3_names().name(cards.card_ref(state, c), loc)) for c in (given, back)}
        assert len(mine) == 2 and not mine & {"None", ""}, mine
        dm = fake.dm_channel(user).id

        def told(dm: int = dm, mine: set[str] = mine) -> bool:
            return any(p.channel_id == dm and all(n in shown(p) for n in mine) for p in fake.sent[since:])

        await fake.wait_for(told, timeout=30, what=f"seat {who + 1}'s DM naming {mine}")

    # Secrecy (H-27): no card name in public, in any locale, nor on the public map picture.
    follower.refresh()
    leaks = public_names(fake, thread, RS.view(follower.state, None), names)
    assert not leaks, leaks
    checked = check_public_payloads(fake, follower.secrets, follower.public_texts)
    assert checked > 10
    fake.assert_no_violations()
