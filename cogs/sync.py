"""Deliberate command sync: push the command tree to Discord only when it changed.

Syncing on every start-up burns a rate-limited endpoint and, on a bad deploy, can
knock every command out at once (AsyncTI4's 26th-subcommand incident). So the bot
hashes the tree it would register, keeps the hash in a small file next to the
database, and syncs only when the hash differs; ``/gm sync`` forces it. Before any
sync the tree is checked against Discord's limits so a violation fails loudly here
instead of on Discord's side.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)

MAX_SUBCOMMANDS = 25
MAX_OPTIONS = 25
MAX_TOP_LEVEL = 100


def tree_payload(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
    commands = tree.get_commands(guild=guild)
    return sorted((c.to_dict(tree) for c in commands), key=lambda d: (d.get("type", 1), d["name"]))


def payload_hash(payload: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def limit_problems(payload: list[dict[str, Any]]) -> list[str]:
    """Every way ``payload`` breaks Discord's registration limits (empty when it is fine)."""
    problems: list[str] = []
    if len(payload) > MAX_TOP_LEVEL:
        problems.append(f"{len(payload)} top-level commands (max {MAX_TOP_LEVEL})")

    def walk(node: dict[str, Any], path: str) -> None:
        options = node.get("options") or []
        if len(options) > MAX_OPTIONS:
            problems.append(f"/{path} has {len(options)} options or subcommands (max {MAX_OPTIONS})")
        if len(node.get("description", "")) > 100:
            problems.append(f"/{path} description longer than 100 characters")
        for opt in options:
            if opt.get("type") in (1, 2):  # subcommand / group
                walk(opt, f"{path} {opt['name']}")
            elif len(opt.get("choices") or []) > 25:
                problems.append(f"/{path} {opt['name']} has more than 25 choices")

    for cmd in payload:
        walk(cmd, cmd["name"])
    return problems


class CommandSync:
    """Remembers the last synced tree hash in ``hash_file``."""

    def __init__(self, tree: app_commands.CommandTree, hash_file: str | Path, guild_id: int | None = None) -> None:
        self.tree = tree
        self.hash_file = Path(hash_file)
        self.guild = discord.Object(id=guild_id) if guild_id else None

    def current_hash(self) -> str:
        return payload_hash(tree_payload(self.tree))

    def stored_hash(self) -> str | None:
        try:
            data = json.loads(self.hash_file.read_text())
        except (OSError, ValueError):
            return None
        key = str(self.guild.id) if self.guild else "global"
        value = data.get(key) if isinstance(data, dict) else None
        return value if isinstance(value, str) else None

    def _remember(self, value: str) -> None:
        try:
            data = json.loads(self.hash_file.read_text())
            if not isinstance(data, dict):
                data = {}
        except (OSError, ValueError):
            data = {}
        data[str(self.guild.id) if self.guild else "global"] = value
        self.hash_file.parent.mkdir(parents=True, exist_ok=True)
        self.hash_file.write_text(json.dumps(data, indent=1))

    async def sync(self, *, force: bool = False) -> bool:
        """Sync when the tree changed (or ``force``). Returns whether a sync happened."""
        payload = tree_payload(self.tree)
        problems = limit_problems(payload)
        if problems:
            raise RuntimeError("command tree breaks Discord limits: " + "; ".join(problems))
        digest = payload_hash(payload)
        if not force and digest == self.stored_hash():
            log.info("command tree unchanged (%s); not syncing", digest[:12])
            return False
        if self.guild is not None:
            self.tree.copy_global_to(guild=self.guild)
            await self.tree.sync(guild=self.guild)
        else:
            await self.tree.sync()
        self._remember(digest)
        log.info("command tree synced (%s)", digest[:12])
        return True
