"""The ``FakeDiscord`` emulator: aiohttp REST + gateway server and in-memory state.

Usage (in-process, e.g. from pytest)::

    fake = FakeDiscord()
    await fake.start()
    world = fake.create_standard_guild()
    ...   # start the bot with fake.bot_env()
    handle = await fake.slash(world.alice, "game new", name="Test")
    result = await handle.response()
    await fake.stop()
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Any

from aiohttp import web

from .rest import RestMixin

log = logging.getLogger("fake_discord")


class FakeDiscord(RestMixin):
    """A small Discord look-alike for end-to-end tests of an unmodified discord.py bot.

    The constructor's keyword options are those of ``FakeDiscordCore``; see core.py for how the
    layers stack.
    """

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeDiscord:
        self._changed = asyncio.Event()
        app = web.Application(client_max_size=self.max_upload_bytes * 12)
        app.router.add_get("/gateway", self._gateway_handler)
        app.router.add_get("/gateway/", self._gateway_handler)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment_handler)
        app.router.add_route("*", r"/api/v{version:\d+}/{tail:.*}", self._rest_handler)
        app.router.add_route("*", "/{tail:.*}", self._unknown_handler)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self.port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        await site.start()
        log.info("fake discord listening on %s", self.url)
        return self

    async def stop(self) -> None:
        for inter in self._interactions.values():
            if inter.deadline_handle is not None:
                inter.deadline_handle.cancel()
        await self._close_all_connections()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()
