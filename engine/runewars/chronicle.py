"""The table's chronicle: a season summary, the board milestone and per-order log lines.

The Discord table posts a fresh board picture after every event marked ``milestone``
and shows public event texts in the game thread. This module adds, from the public
events alone (so it can never disclose a secret):

* ``milestone`` on the end of setup (``begin``) and on every ``season_over``;
* a ``season_summary`` event right after each ``season_over``: the season card, the
  orders revealed, battles and their results, diplomacy, bids, runes and titles gained.

The notes of the running season live in ``state.season_log`` (public texts only), so a
summary spanning many actions replays byte for byte like everything else.
"""

from __future__ import annotations

from engine.core import Event
from engine.runewars.state import RunewarsState

# Public event kinds worth a line in the season summary.
SUMMARY_KINDS = frozenset(
    {
        "season_card",
        "orders_revealed",
        "battle",
        "battle_over",
        "diplomacy",
        "diplomacy_result",
        "bids_revealed",
        "bid_result",
        "rune_gain",
        "runes_placed",
        "rune_epic",
        "title",
        "quest_success",
        "objective",
        "eliminated",
    }
)
MAX_NOTE = 220
MAX_SUMMARY = 1800


def chronicle(state: RunewarsState, events: list[Event]) -> list[Event]:
    """``events`` with milestones marked and a summary after each season's end."""
    out: list[Event] = []
    for e in events:
        out.append(e)
        if e.audience is not None:
            continue
        if e.kind == "begin":
            e.milestone = True
            state.season_log = []
        elif e.kind == "season":
            state.season_log = [str(e.text)]
        elif e.kind in SUMMARY_KINDS:
            text = e.text if len(e.text) <= MAX_NOTE else e.text[: MAX_NOTE - 1] + "…"
            if state.season_log and text.startswith(state.season_log[-1].rstrip(".") + ":"):
                state.season_log[-1] = text  # "The battle in 8D is over." then its result: keep the result
            else:
                state.season_log.append(text)
        elif e.kind in ("season_over", "game_over", "final_scoring"):
            e.milestone = True
            out.append(_summary(state))
            state.season_log = []
    return out


def _summary(state: RunewarsState) -> Event:
    notes = list(state.season_log)
    head = notes.pop(0) if notes and notes[0].startswith("Year ") else "The season"
    body = "\n".join(f"  – {n}" for n in notes) or "  – nothing of note."
    text = f"Season summary — {head.rstrip('.').replace(' begins', '')}:\n{body}"
    if len(text) > MAX_SUMMARY:
        text = text[: MAX_SUMMARY - 1] + "…"
    return Event.to_all("season_summary", text, milestone=True)
