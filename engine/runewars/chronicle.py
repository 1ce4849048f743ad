"""The table's chronicle: a season summary, the board milestone and per-order log lines.

The Discord table posts a fresh board picture after every event marked ``milestone``
and shows public event texts in the game thread. This module adds, from the public
events alone (so it can never disclose a secret):

* ``milestone`` on the end of setup (``begin``) and on every ``season_over``;
* a ``season_summary`` event right after each ``season_over``: the season card, the
  orders revealed, battles and their results, diplomacy, bids, runes and titles gained.

The notes of the running season live in ``state.season_log`` (public texts only), so a
summary spanning many actions replays byte for byte like everything else. A note is kept as
its message (JSON) when the event has one, so the summary is translated like its events.
"""

from __future__ import annotations

from pydantic import ValidationError

from engine.core import Event
from engine.core.text import Msg, message
from engine.runewars.state import RunewarsState
from engine.runewars.text import en, to_all

SUMMARY = message("rw.chronicle.summary", "Season summary — {head}:\n{body}")
THE_SEASON = message("rw.chronicle.the_season", "The season")
SEASON_HEAD = message("rw.chronicle.season_head", "Year {year}, {season}")
NOTE = message("rw.chronicle.note", "  – {note}")
LINES = message("rw.chronicle.lines", "{head}\n{tail}")
NOTHING_OF_NOTE = message("rw.chronicle.nothing", "  – nothing of note.")
# The season's opening event (turn/seasons.py SEASON_BEGINS): its year and season head the summary.
SEASON_BEGINS_ID = "rw.season.begins"

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
            state.season_log = [_note(e)]
        elif e.kind in SUMMARY_KINDS:
            note = _note(e)
            text = e.text if len(e.text) <= MAX_NOTE else e.text[: MAX_NOTE - 1] + "…"
            if state.season_log and text.startswith(_english(state.season_log[-1]).rstrip(".") + ":"):
                state.season_log[-1] = note  # "The battle in 8D is over." then its result: keep the result
            else:
                state.season_log.append(note)
        elif e.kind in ("season_over", "game_over", "final_scoring"):
            e.milestone = True
            out.append(_summary(state))
            state.season_log = []
    return out


def _note(e: Event) -> str:
    """What the log keeps of an event: its message as JSON, else its English (cut to MAX_NOTE)."""
    if e.msg is not None:
        return e.msg.model_dump_json()
    return e.text if len(e.text) <= MAX_NOTE else e.text[: MAX_NOTE - 1] + "…"


def _message(note: str) -> Msg | str:
    if note.startswith("{"):
        try:
            return Msg.model_validate_json(note)
        except ValidationError:
            return note
    return note


def _english(note: str) -> str:
    said = _message(note)
    text = en(said) if isinstance(said, Msg) else said
    return text if len(text) <= MAX_NOTE else text[: MAX_NOTE - 1] + "…"


def _summary(state: RunewarsState) -> Event:
    notes = [_message(n) for n in state.season_log]
    first = notes[0] if notes else None
    head: Msg | str = THE_SEASON()
    if isinstance(first, Msg) and first.id == SEASON_BEGINS_ID:
        notes.pop(0)
        head = SEASON_HEAD(year=first.params["year"], season=first.params["season"])
    elif isinstance(first, str) and first.startswith("Year "):
        notes.pop(0)
        head = first.rstrip(".").replace(" begins", "")
    lines = [NOTE(note=n) for n in notes]
    body: Msg = lines[-1] if lines else NOTHING_OF_NOTE()
    for line in reversed(lines[:-1]):
        body = LINES(head=line, tail=body)
    said = SUMMARY(head=head, body=body)
    event = to_all("season_summary", said, milestone=True)
    # The English keeps each note cut to MAX_NOTE and the whole to MAX_SUMMARY, as it always read;
    # the message carries the notes whole (the reader's language decides how they read).
    english_head = en(head) if isinstance(head, Msg) else head
    english_body = "\n".join(f"  – {_english(n)}" for n in state.season_log[len(state.season_log) - len(notes) :])
    text = f"Season summary — {english_head}:\n{english_body or '  – nothing of note.'}"
    event.text = text if len(text) <= MAX_SUMMARY else text[: MAX_SUMMARY - 1] + "…"
    return event
