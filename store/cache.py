"""A small LRU of live games, so a busy table never re-reads its log.

Only the store writes to its database, so a cached entry is always current as
long as every write replaces the entry it changed. The bound keeps idle games
from piling up in memory; an evicted game is rebuilt from its newest snapshot
plus the actions after it.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from .models import GameRecord, SeatRecord


@dataclass
class CachedGame:
    record: GameRecord
    seats: list[SeatRecord]
    # The engine state after the action at ``head`` (None before the game starts).
    state: Any | None
    # Seq of the last action in effect, and how many actions are in effect.
    head: int = 0
    depth: int = 0
    # ``prompts(state)`` when the store already built them (returned with the last action):
    # the next action's turn check (CORE-1) reuses them instead of building them again.
    prompts: list[Any] | None = None
    # A private copy of ``state`` made while this entry's write was in flight, for the next
    # action to change in place (``Ruleset.apply(scratch=...)``); taken once, by ``take_spare``.
    spare: Any | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def take_spare(self) -> Any | None:
        """The spare copy, which the caller then owns: a refused action may leave it half changed."""
        spare, self.spare = self.spare, None
        return spare


class GameCache:
    def __init__(self, capacity: int, spares: int = 64) -> None:
        if capacity < 1:
            raise ValueError("the game cache needs room for at least one game")
        self.capacity = capacity
        self._entries: OrderedDict[int, CachedGame] = OrderedDict()
        # A spare doubles a game's memory, so only the games acted on most recently keep one:
        # the ones whose next press is likely soon.
        self.spares = spares
        self._spared: OrderedDict[int, CachedGame] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, game_id: int) -> CachedGame | None:
        entry = self._entries.get(game_id)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        self._entries.move_to_end(game_id)
        return entry

    def peek(self, game_id: int) -> CachedGame | None:
        """The entry without counting a hit or making it recent: a background reader (the
        reminder tick) must not keep idle games cached at the expense of played ones."""
        return self._entries.get(game_id)

    def put(self, game_id: int, entry: CachedGame) -> None:
        self._entries[game_id] = entry
        self._entries.move_to_end(game_id)
        while len(self._entries) > self.capacity:
            _, evicted = self._entries.popitem(last=False)
            evicted.spare = None
        self._spared.pop(game_id, None)
        if entry.spare is not None:
            self._spared[game_id] = entry
            while len(self._spared) > self.spares:
                _, older = self._spared.popitem(last=False)
                older.spare = None

    def drop(self, game_id: int) -> None:
        self._entries.pop(game_id, None)
        self._spared.pop(game_id, None)

    def clear(self) -> None:
        self._entries.clear()
        self._spared.clear()

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._entries

    def __len__(self) -> int:
        return len(self._entries)
