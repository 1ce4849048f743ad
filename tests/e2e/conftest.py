"""Reusable fixtures for end-to-end tests against the fake Discord server.

Fixtures
--------
``fake_discord``  a started ``FakeDiscord`` (function scope), stopped afterwards.
``fake_world``    ``fake_discord.create_standard_guild()``: guild, #general, #games, admin "gm",
                  players alice/bob/carol.  Create it *before* starting the bot.
``start_bot``     ``await start_bot(target, env=None, *, ready_pattern=None, timeout=20, settle=2.5,
                  wait_ready=True, cwd=None) -> BotProcess``.  ``target`` is a module name
                  (run with ``python -m``), a script path, or a full command list.  The bot gets
                  DISCORD_TOKEN / DISCORD_API_BASE / DISCORD_GATEWAY_URL.  Every process started
                  is SIGKILLed at teardown; its output is in ``bot.output()``.
``fake_worlds_on_two_shards``  two such worlds, whose guilds land on shard 0 and shard 1 of two.
``sample_bot_path``  path of the small discord.py bot used to test the emulator itself.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tests.e2e.fake_discord import BotProcess, FakeDiscord, World

HERE = Path(__file__).resolve().parent

SAMPLE_BOT = HERE / "sample_bot.py"
REPO_ROOT = HERE.parent.parent


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
def fake_world(fake_discord: FakeDiscord) -> World:
    return fake_discord.create_standard_guild()


@pytest.fixture
def fake_worlds_on_two_shards(fake_discord: FakeDiscord) -> tuple[World, World]:
    """Two standard worlds whose guilds a bot split into two shards receives on shard 0 and shard 1
    (issue 19). Each has its own gm/alice/bob/carol. Create them *before* starting the bot."""
    return (
        fake_discord.create_standard_guild("Shard Zero", shard=(0, 2)),
        fake_discord.create_standard_guild("Shard One", shard=(1, 2)),
    )


@pytest.fixture
def sample_bot_path() -> Path:
    return SAMPLE_BOT


@pytest_asyncio.fixture
async def start_bot(
    fake_discord: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Callable[..., Awaitable[BotProcess]]]:
    procs: list[BotProcess] = []

    async def _start(
        target: Any,
        env: dict[str, str] | None = None,
        *,
        ready_pattern: str | None = None,
        timeout: float = 20.0,
        settle: float = 2.5,
        wait_ready: bool = True,
        cwd: Path | None = None,
    ) -> BotProcess:
        bot = BotProcess(
            fake_discord, target, env=env, cwd=cwd or REPO_ROOT, log_dir=tmp_path, name=f"bot{len(procs) + 1}"
        )
        procs.append(bot)
        await bot.start(wait_ready=wait_ready, ready_pattern=ready_pattern, timeout=timeout, settle=settle)
        return bot

    try:
        yield _start
    finally:
        for bot in procs:
            bot.cleanup()
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            for bot in procs:
                sys.stderr.write(f"\n----- output of {bot!r} -----\n{bot.output(all_runs=True)[-6000:]}\n")


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any):  # expose the call result to fixtures
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)
