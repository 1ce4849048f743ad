"""The game-agnostic kernel: no Discord, asyncio, SQLite or matplotlib in here."""

from .decks import Deck
from .errors import RuleViolation
from .events import Event
from .gm import GmState, GmTask
from .hexgrid import Hex
from .prompts import GM_SEAT, Option, Prompt
from .rng import Rng, seed_to_int
from .ruleset import GameOptions, GameState, Result, Ruleset, RulesetProtocol
from .simultaneous import SecretChoice

__all__ = [
    "GM_SEAT",
    "Deck",
    "Event",
    "GameOptions",
    "GameState",
    "GmState",
    "GmTask",
    "Hex",
    "Option",
    "Prompt",
    "Result",
    "Rng",
    "RuleViolation",
    "Ruleset",
    "RulesetProtocol",
    "SecretChoice",
    "seed_to_int",
]
