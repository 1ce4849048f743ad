"""The game-agnostic kernel: no Discord, asyncio, SQLite or matplotlib in here."""

from .decks import Deck
from .errors import RuleViolation
from .events import Event
from .flow import Flow, Step, Window
from .gm import GmState, GmTask
from .hexgrid import Hex
from .prompts import GM_SEAT, Option, Prompt
from .rng import Rng, seed_to_int
from .ruleset import GameOptions, GameState, Result, Ruleset, RulesetProtocol
from .simultaneous import SecretChoice
from .text import Msg, Ref, message, plural_message

__all__ = [
    "GM_SEAT",
    "Deck",
    "Event",
    "Flow",
    "GameOptions",
    "GameState",
    "GmState",
    "GmTask",
    "Hex",
    "Msg",
    "Option",
    "Prompt",
    "Ref",
    "Result",
    "Rng",
    "RuleViolation",
    "Ruleset",
    "RulesetProtocol",
    "SecretChoice",
    "Step",
    "Window",
    "message",
    "plural_message",
    "seed_to_int",
]
