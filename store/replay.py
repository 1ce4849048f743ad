"""Which logged actions are in effect, derived from the log alone.

The log is append-only, so taking something back is itself an entry: an ``undo``
entry names the action it takes back, a ``rollback`` entry names the seq whose
moment the game returns to. The rule lives in ``engine.replay`` (the command a player
runs on an exported game), so the store and that check can never disagree about it.
"""

from __future__ import annotations

from engine.replay import Step, effective_steps, replay

__all__ = ["Step", "effective_steps", "replay"]
