"""[EXP: Fortress] The event deck (H3-2.7.7, H3-6.24, H3-7.5): ``deck`` deals, draws and resolves it and
says what the table sees of it; ``player`` holds the steps a player resolves for their own part, ``table``
the events the drawer resolves once and passes round the table, ``offer`` what those share (the seat order,
putting revealed cards back, prices). The rest of the Clash game needs only these three entries."""

from __future__ import annotations

from .deck import deal, queue, view

__all__ = ["deal", "queue", "view"]
