"""Issue 10 through the Discord layer: each reader gets the engine's messages in their language.

DMs and ephemeral replies follow the player (their ``/game language`` choice, else the
``interaction.locale`` their client sends), the thread follows the game (chosen at
``/game new``, defaulting to the server's preferred locale). Messages carry a ``Msg``
when their game is converted; unconverted text falls back to its English.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from cogs import lang
from cogs.referee import Referee
from cogs.table import TableCog
from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.text import Ref
from i18n import examples as ex
from store import ActOutcome, GameStore

from .stubs import StubClient, StubInteraction, invoke, open_referee

GUILD, CHANNEL, THREAD = 77, 88, 500
HANS_USER, HANT_USER, EN_USER = 2001, 2002, 2003
HAN = re.compile(r"[\u4e00-\u9fff]")


class World:
    def __init__(self, store: GameStore, client: StubClient, referee: Referee, game_id: int) -> None:
        self.store, self.client, self.referee, self.game_id = store, client, referee, game_id

    def interaction(self, user: int, locale: discord.Locale | None = None, **kwargs: Any) -> StubInteraction:
        kwargs.setdefault("channel_id", THREAD)
        kwargs.setdefault("guild_id", GUILD)
        inter = StubInteraction(self.client, user, **kwargs)
        if locale is not None:
            inter.locale = locale
        return inter


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    store, client, referee = await open_referee(str(tmp_path / "i18n.sqlite3"))
    try:
        game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, HANS_USER)
        await store.set_thread(game.id, THREAD)
        await store.update_settings(game.id, language="zh_Hans")
        for user in (HANS_USER, HANT_USER, EN_USER):
            await store.join(game.id, user)
        await store.start(game.id, HANS_USER, seed="i18n-seed")
        yield World(store, client, referee, game.id)
    finally:
        await store.close()


async def seats_by_user(world: World) -> dict[int, int]:
    return {s.user_id: s.seat for s in await world.store.seats(world.game_id) if s.seat is not None}


async def test_refusal_renders_in_the_callers_simplified_or_traditional(world: World) -> None:
    area = Ref(kind="area", id="7A")
    exc = RuleViolation("RW-10.2", ex.MOVE_REFUSED(unit=Ref(kind="unit", id="X"), area=area))
    hans = world.interaction(HANS_USER, discord.Locale.chinese)
    await world.referee.fail(hans, exc)
    assert hans.text == "⛔ 本季节你不能把X移出7A。（RW-10.2）"
    hant = world.interaction(HANT_USER, discord.Locale.taiwan_chinese)
    await world.referee.fail(hant, exc)
    assert hant.text == "⛔ 本季節你不能把X移出7A。（RW-10.2）"
    english = world.interaction(EN_USER, discord.Locale.american_english)
    await world.referee.fail(english, exc)
    assert english.text == "⛔ You cannot move X out of 7A this season. (RW-10.2)"
    # A refusal without a message (an unconverted game) reads its English in any language.
    legacy = world.interaction(HANS_USER, discord.Locale.chinese)
    await world.referee.fail(legacy, RuleViolation("TEST-1", "You can only play a card from your own hand."))
    assert legacy.text == "⛔ You can only play a card from your own hand.（TEST-1）"


async def test_events_go_to_the_thread_in_the_games_language_and_dms_in_each_readers(world: World) -> None:
    seat_of = await seats_by_user(world)
    # The players' clients were last seen in these locales (any interaction records it).
    for user, locale in ((HANS_USER, discord.Locale.chinese), (HANT_USER, discord.Locale.taiwan_chinese)):
        await world.referee.locale(world.interaction(user, locale))
    game = await world.store.get_game(world.game_id)
    area = Ref(kind="area", id="7A")
    events = [
        Event.to_all("hire", ex.MERCENARIES(player=Ref(kind="seat", id=str(seat_of[EN_USER])))),
        Event.to_all("legacy", "Seat 1 has locked in."),
        Event.to_seats(seat_of[HANT_USER], "lost", ex.UNITS_LOST(n=2, area=area)),
        Event.to_seats(seat_of[HANS_USER], "lost", ex.UNITS_LOST(n=3, area=area)),
        Event.to_seats(seat_of[EN_USER], "lost", ex.UNITS_LOST(n=1, area=area)),
    ]
    outcome = ActOutcome(game=game, seq=5, seat=0, events=events, prompts=[], result=None, state=None)
    world.client.posts.clear()
    await world.referee.publish(game, [], outcome)
    (post,) = world.client.posts[THREAD]
    # The seat reference reads as the seat's player (a mention) in the thread's Simplified.
    first = post.content.splitlines()[0]
    assert f"<@{EN_USER}>" in first and HAN.search(first), first
    assert "• Seat 1 has locked in." in post.content  # unconverted: English fallback
    assert world.client.dms[HANS_USER][-1].content.endswith("7A损失了3个单位。")
    assert world.client.dms[HANT_USER][-1].content.endswith("7A損失了2個單位。")
    # Never seen and no choice: a DM reads the game's language.
    assert world.client.dms[EN_USER][-1].content.endswith("7A损失了1个单位。")


async def test_prompt_question_and_option_labels_in_the_readers_language(world: World) -> None:
    seat_of = await seats_by_user(world)
    await world.referee.locale(world.interaction(HANT_USER, discord.Locale.taiwan_chinese))
    game = await world.store.get_game(world.game_id)
    seats = await world.referee.seat_map(game.id)
    area = Ref(kind="area", id="7A")
    secret = Prompt.ask(
        seat_of[HANT_USER],
        "secret-k",
        "TEST-1",
        ex.WAITING_ON(players=[Ref(kind="seat", id=str(seat_of[EN_USER]))]),
        options=[
            Option.of(ex.UNITS_LOST(n=1, area=area), {"type": "pick", "card": "a"}),
            Option.of("Plain", {"type": "pick", "card": "b"}),
        ],
        secret=True,
    )
    public = Prompt.ask(
        seat_of[EN_USER],
        "public-k",
        "TEST-2",
        ex.WAITING_ON(players=["x"]),
        options=[Option.of(ex.UNITS_LOST(n=2, area=area), {"type": "call", "call": "raise"})],
    )
    world.client.posts.clear()
    await world.referee.post_prompts(game, seats, [secret, public])
    dm = world.client.dms[HANT_USER][-1]
    assert "正在等待" in dm.content and f"<@{EN_USER}>" in dm.content
    assert "你的" in dm.content and "座位" in dm.content  # "your seat n" in Traditional
    labels = [child.item.label for child in dm.view.children]
    assert labels == ["7A損失了1個單位。", "Plain"]
    (post,) = world.client.posts[THREAD]
    assert "正在等待x。" in post.content and "规则 TEST-2" in post.content
    assert [child.item.label for child in post.view.children] == ["7A损失了2个单位。"]


async def test_language_command_is_stored_per_user_and_outlives_the_process(world: World, tmp_path: Path) -> None:
    cog = TableCog(world.referee)
    chosen = world.interaction(EN_USER, discord.Locale.american_english)
    await invoke(cog.language, cog, chosen, choice=app_commands.Choice(name="繁體中文", value="zh_Hant"))
    assert chosen.text == "✅ 我會用繁體中文與你交流。"
    assert await world.store.user_locale(EN_USER) == ("zh_Hant", "en")
    # A new process (a fresh Referee over the same file) still knows the choice.
    fresh = Referee(world.referee.client, world.store)
    assert await fresh.locales.of_user(EN_USER) == "zh_Hant"
    later = world.interaction(EN_USER, discord.Locale.american_english)
    await fresh.fail(later, RuleViolation("TEST-1", ex.MOVE_REFUSED(unit="X", area="Y")))
    assert later.text.startswith("⛔ 本季節")
    # Automatic again: the client's language wins.
    auto = world.interaction(EN_USER, discord.Locale.american_english)
    await invoke(cog.language, cog, auto, choice=app_commands.Choice(name="automatic", value="auto"))
    assert auto.text == "✅ I will write to you in your Discord client's language (now: English)."
    assert await world.store.user_locale(EN_USER) == (None, "en")


async def test_game_language_is_chosen_at_new_and_defaults_to_the_servers(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "new.sqlite3"))
    try:
        cog = TableCog(referee)
        chosen = StubInteraction(client, HANS_USER, guild_id=GUILD, channel_id=CHANNEL)
        chosen.locale = discord.Locale.american_english
        await invoke(
            cog.new, cog, chosen, ruleset="highcard", language=app_commands.Choice(name="繁體中文", value="zh_Hant")
        )
        (first,) = await store.list_games(guild_id=GUILD)
        assert first.settings.language == "zh_Hant"
        lobby = client.all_posts()[-1]
        assert "名玩家" in lobby and "語言：繁體中文。" in lobby
        assert chosen.text.startswith("✅ Created")  # the creator's own reply follows the creator
        by_server = StubInteraction(client, HANT_USER, guild_id=GUILD, channel_id=CHANNEL)
        by_server.guild = SimpleNamespace(preferred_locale=discord.Locale.chinese)  # type: ignore[misc,assignment]  # the stub has no guild; the cog reads only this
        await invoke(cog.new, cog, by_server, ruleset="highcard")
        second = max(await store.list_games(guild_id=GUILD), key=lambda g: g.id)
        assert second.settings.language == "zh_Hans"
        buttons = [child.item.label for child in client.posts[max(client.posts)][-1].view.children]
        assert buttons == ["加入", "开始"]
        # The GM changes it; the thread hears it in the new language.
        gm = StubInteraction(client, 9, guild_id=GUILD, channel_id=CHANNEL, admin=True)
        await invoke(cog.language, cog, gm, choice=app_commands.Choice(name="English", value="en"), game=second.id)
        assert (await store.get_game(second.id)).settings.language == "en"
        assert client.all_posts()[-1] == "🌐 <@9> set the language of this game to English."
    finally:
        await store.close()


def test_seat_refs_read_as_the_seats_player_and_faction() -> None:
    seats = {0: SimpleNamespace(user_id=5, faction="Daqan"), 1: SimpleNamespace(user_id=0, faction=None)}
    names = lang.SeatNames(seats)
    assert names.name(Ref(kind="seat", id="0"), "zh_Hans") == "1号座位Daqan（<@5>）"
    assert names.name(Ref(kind="seat", id="1"), "en") == "seat 2"
    assert names.name(Ref(kind="unit", id="0"), "en") is None
