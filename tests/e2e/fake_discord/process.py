"""Run the bot under test as a real subprocess pointed at a FakeDiscord."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

if TYPE_CHECKING:  # pragma: no cover
    from .server import FakeDiscord

Target = Union[str, "os.PathLike[str]", Sequence[str]]


def build_command(target: Target) -> list[str]:
    """``"pkg.module"`` -> ``python -m pkg.module``; ``"path/bot.py"`` -> ``python path/bot.py``;
    a sequence is used as the command line unchanged."""
    if isinstance(target, os.PathLike):
        return [sys.executable, "-u", os.fspath(target)]
    if not isinstance(target, str):
        return [str(t) for t in target]
    if target.endswith(".py") or os.sep in target or "/" in target:
        return [sys.executable, "-u", str(target)]
    return [sys.executable, "-u", "-m", target]


class BotProcess:
    def __init__(
        self,
        fake: FakeDiscord,
        target: Target,
        *,
        env: dict[str, str] | None = None,
        cwd: str | Path | None = None,
        log_dir: str | Path | None = None,
        name: str = "bot",
    ) -> None:
        self.fake = fake
        self.target = target
        self.cmd = build_command(target)
        self.extra_env = dict(env or {})
        self.cwd = str(cwd) if cwd else None
        self.log_dir = Path(log_dir) if log_dir else Path(tempfile.mkdtemp(prefix="fake-discord-bot-"))
        self.name = name
        self.proc: subprocess.Popen | None = None
        self.starts = 0
        self.log_path: Path | None = None
        self.logs: list[Path] = []

    # ------------------------------------------------------------------ environment

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(self.fake.bot_env())
        env["PYTHONUNBUFFERED"] = "1"
        # Make sure nothing falls through to the real Discord or other hosts through a proxy.
        for var in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "ALL_PROXY", "all_proxy"):
            env.pop(var, None)
        env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost"
        env.update(self.extra_env)
        return env

    # ------------------------------------------------------------------ lifecycle

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def returncode(self) -> int | None:
        return self.proc.poll() if self.proc else None

    def output(self, *, all_runs: bool = False) -> str:
        paths = self.logs if all_runs else ([self.log_path] if self.log_path else [])
        chunks = []
        for p in paths:
            try:
                chunks.append(p.read_text(errors="replace"))
            except FileNotFoundError:
                pass
        return "".join(chunks)

    def spawn(self) -> None:
        if self.running:
            raise RuntimeError("bot already running")
        self.starts += 1
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.log_path = self.log_dir / f"{self.name}-{self.starts}.log"
        self.logs.append(self.log_path)
        log = open(self.log_path, "wb")
        try:
            self.proc = subprocess.Popen(
                self.cmd,
                env=self.environment(),
                cwd=self.cwd,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        finally:
            log.close()

    async def start(
        self,
        *,
        wait_ready: bool = True,
        ready_pattern: str | None = None,
        timeout: float = 20.0,
        settle: float = 2.5,
    ) -> BotProcess:
        """Spawn and (optionally) wait until the bot is connected.

        With ``ready_pattern`` the wait ends when that regex appears in the bot's output
        (e.g. a log line printed in ``on_ready``).  Without it, the wait ends once the gateway
        session got READY + GUILD_CREATE, plus ``settle`` seconds (discord.py fires ``on_ready``
        only after ``guild_ready_timeout``, 2 s by default).
        """
        before = self.fake.identify_count
        self.spawn()
        if wait_ready:
            await self.wait_ready(identify_count=before, ready_pattern=ready_pattern, timeout=timeout, settle=settle)
        return self

    async def wait_ready(
        self, *, identify_count: int, ready_pattern: str | None, timeout: float, settle: float
    ) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if not self.running:
                raise RuntimeError(
                    f"bot exited with code {self.returncode} before becoming ready; output:\n{self.output()[-4000:]}"
                )
            connected = self.fake.identify_count > identify_count and self.fake.bot_connected
            if connected and (ready_pattern is None or re.search(ready_pattern, self.output())):
                break
            if loop.time() > deadline:
                raise TimeoutError(
                    f"bot not ready after {timeout}s (connected={connected}); output:\n{self.output()[-4000:]}"
                )
            await asyncio.sleep(0.05)
        if ready_pattern is None and settle:
            await asyncio.sleep(settle)

    async def wait_for_output(self, pattern: str, timeout: float = 10.0) -> re.Match[str]:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            m = re.search(pattern, self.output())
            if m:
                return m
            if loop.time() > deadline:
                raise TimeoutError(
                    f"pattern {pattern!r} not in bot output after {timeout}s; output:\n{self.output()[-4000:]}"
                )
            await asyncio.sleep(0.05)

    async def _wait_exit(self, timeout: float) -> bool:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.running:
            if loop.time() > deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    def _signal(self, sig: int) -> None:
        """Signal the bot's own process group (it was started in a new session, so the group
        contains only the bot and any workers it spawned)."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            if self.proc.poll() is None:
                try:
                    os.kill(self.proc.pid, sig)
                except ProcessLookupError:
                    pass

    async def kill(self) -> None:
        """SIGKILL (kill -9) the bot (and its process group); no chance to clean up, like a crash."""
        if self.proc is None:
            return
        self._signal(signal.SIGKILL)
        await self._wait_exit(10.0)
        self.proc.wait(timeout=5)
        self.fake._notify()

    async def stop(self, timeout: float = 5.0) -> None:
        """SIGTERM, then SIGKILL after ``timeout``."""
        if self.proc is None:
            return
        if self.running:
            self._signal(signal.SIGTERM)
            if not await self._wait_exit(timeout):
                await self.kill()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover
            pass

    async def restart(self, *, hard: bool = True, **start_kwargs: Any) -> BotProcess:
        """Kill (SIGKILL if ``hard``) and start again against the same emulator."""
        if hard:
            await self.kill()
        else:
            await self.stop()
        return await self.start(**start_kwargs)

    def cleanup(self) -> None:
        """Synchronous last-resort kill (for finalizers)."""
        if self.proc is not None:
            self._signal(signal.SIGKILL)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:  # pragma: no cover
                pass

    def __repr__(self) -> str:
        return f"<BotProcess {self.cmd!r} pid={self.pid} running={self.running}>"
