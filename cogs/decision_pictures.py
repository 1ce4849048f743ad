"""A picture with every decision on the map, and one at the end of the game (issue 12).

When a prompt asks a seat to choose an area or hex (Runewars: the area to activate, a
retreat, where a dragon rune or a new hero goes …), the message that carries its buttons
also carries the current board with the candidates outlined and labelled, the rest
dimmed (``renderers.render_decision_png``). Three decisions live here:

* **which prompts are map decisions**: those whose options mostly name one place each of
  the board in ``Option.at``, set by the game that builds them: an area (Runewars), a hex
  ``"q,r"`` (a Cloudspire hex, a Heroes III map hex or combat square, an empty hex where a map
  tile may go, so the thread sees the map being built), a piece beside the board by its id, or a
  hex and a turn (``"q,r@turn"``: how the tile on it is turned, one candidate per offered turn,
  drawn as the tile in that turn); a prompt of card names or yes/no answers gets no picture.
  Nothing here knows a game or reads an action: the game says where each option is;
* **the labels**: taken from the very components the message shows
  (``cogs.layout.layout_prompt`` on the prompt localised by ``lang.localize_prompt``), so a
  label on the map is character for character the text of its button or menu entry;
* **whose view**: the picture must show no more than its readers may see. A public prompt
  is posted in the thread, so its picture is built from the public view; a secret prompt
  goes to its seat alone, so its picture is built from that seat's view (its own rune faces,
  RW-27.5) and is only ever attached to that seat's copy.

At the end, ``summary`` replays the game's log into its public views and draws each
player's course, the standings and the tie-breaks (``renderers.summary``) for the result post.

A picture is an extra: when drawing fails the prompt (or the result) still goes out, without it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from typing import Any

import engine
import renderers
from engine.core import GM_SEAT, Prompt
from engine.core.text import Ref
from i18n import EN, ChainNames, Names, render
from renderers import summary as summaries
from renderers.words import PLAYER_KIND, PlayerTable

from . import ids, lang
from .layout import ButtonSpec, SelectSpec, layout_prompt, page_count

log = logging.getLogger(__name__)


def option_labels(prompt: Prompt, locale: str = EN, names: Names | None = None, game_id: int = 0) -> dict[int, str]:
    """Option index -> the label its button or select-menu entry shows to a reader of ``locale``.

    Built with the same functions the message's components are built with, over every page,
    so the two can never disagree (truncation included).
    """
    shown = lang.localize_prompt(prompt, locale, names)
    labels: dict[int, str] = {}
    for page in range(page_count(shown)):
        for component in layout_prompt(game_id, shown, page, locale).components():
            if isinstance(component, ButtonSpec):
                ref = ids.decode_prompt(component.custom_id)
                if ref is not None and ref.kind == ids.OPTION:
                    labels[ref.arg] = component.label
            elif isinstance(component, SelectSpec):
                for entry in component.options:
                    labels[int(entry.value)] = entry.label
    return labels


def candidates(
    prompt: Prompt, view: Mapping[str, Any], locale: str = EN, names: Names | None = None, game_id: int = 0
) -> dict[str, str]:
    """Place id -> the label of the first option that names it; empty when ``prompt`` is no map decision.

    A map decision is a prompt at least half of whose options each name one place of the
    board (a Fortify prompt with "Done" among its areas still counts; a list of cards does not).
    The places are the options' own (``Option.at``); ``view``, the view the picture is drawn from,
    decides nothing here and is taken so every caller states which board the labels go on.
    """
    if prompt.seat == GM_SEAT or not prompt.options:
        return {}
    named = [(i, o.at) for i, o in enumerate(prompt.options)]
    hits = [(i, place) for i, place in named if place is not None]
    if not hits or 2 * len(hits) < len(prompt.options):
        return {}
    labels = option_labels(prompt, locale, names, game_id)
    out: dict[str, str] = {}
    for i, place in hits:
        if place not in out and i in labels:
            out[place] = labels[i]
    return out


def picture_view(ruleset: Any, state: Any, prompt: Prompt) -> dict[str, Any]:
    """The view a prompt's picture is built from: the seat's own for a secret prompt, else the public one."""
    view: dict[str, Any] = ruleset.view(state, prompt.seat if prompt.secret else None)
    return view


async def picture(game: Any, state: Any, prompt: Prompt, locale: str = EN, names: Names | None = None) -> bytes | None:
    """The decision picture to post with ``prompt`` for a reader of ``locale``, or None (no map decision,
    a game without a map picture, or a drawing that failed: the prompt then goes out without one)."""
    if state is None or prompt.seat == GM_SEAT or not prompt.options:
        return None
    try:
        rs = engine.ruleset(game.ruleset)
        view = picture_view(rs, state, prompt)
        chosen = candidates(prompt, view, locale, names, int(game.id))
        if not chosen:
            return None
        return await renderers.render_decision_png(
            game.ruleset, view, chosen, locale=locale, names=names, game=int(game.id)
        )
    except (LookupError, ValueError, TypeError, OSError, RuntimeError):
        # matplotlib's and a renderer's own failures: the picture is an extra, the decision goes on.
        log.exception("the picture of decision %s in game %s failed", prompt.key, getattr(game, "id", "?"))
        return None


def map_decisions(prompts: Iterable[Prompt], view: Mapping[str, Any]) -> list[Prompt]:
    """The prompts among ``prompts`` that are map decisions in ``view`` (for tests and the GM's tools)."""
    return [p for p in prompts if candidates(p, view)]


async def summary(store: Any, game: Any, outcome: Any, locale: str = EN, names: Names | None = None) -> bytes | None:
    """The end-of-game picture for the result post, or None (a game the summary does not chart, or a failure).

    The series come from replaying the whole log (the store's own log, the seed is known once the
    game is over) and reading only public views; the standings from the final public view.
    """
    result = getattr(outcome, "result", None)
    if result is None or outcome.state is None or not game.seed or game.ruleset not in summaries.CHARTS:
        return None
    try:
        entries = await store.log(game.id, limit=10**7)
        steps = [(e.seq, e.kind, e.seat, e.action) for e in entries]
        course = await asyncio.to_thread(summaries.course_from_log, game.ruleset, dict(game.options), game.seed, steps)
        view: dict[str, Any] = engine.ruleset(game.ruleset).view(outcome.state, None)
        said = lang.result_reason(outcome.events)
        reason = render(said, locale, names) if said is not None else result.reason
        final = summaries.standings(game.ruleset, view, result.winners, reason)
        title = render(lang.game_title(game.ruleset, game.id), locale, names)
        return await renderers.render_summary_png(
            game.ruleset, course, final, view, title=title, locale=locale, names=names
        )
    except (LookupError, ValueError, TypeError, OSError, RuntimeError):
        log.exception("the summary picture of game %s failed", getattr(game, "id", "?"))
        return None


class PlayerNames:
    """``Ref(kind="player", id=str(seat))`` -> the seat's player by their Discord name (issue 12: the
    board's faction panels say who plays each faction). Only users the client has cached are
    named; the picture then leaves the name out rather than wait on Discord."""

    def __init__(self, client: Any, seats: Mapping[int, Any]) -> None:
        self._client = client
        self._seats = dict(seats)

    def name(self, ref: Ref, locale: str) -> str | None:
        if ref.kind != PLAYER_KIND:
            return None
        try:
            return self._player(int(ref.id))
        except ValueError:
            return None

    def _player(self, seat: int) -> str | None:
        record = self._seats.get(seat)
        user_id = int(getattr(record, "user_id", 0) or 0)
        user = self._client.get_user(user_id) if user_id else None
        shown = getattr(user, "display_name", None) or getattr(user, "name", None)
        return str(shown) if shown else None

    def __reduce__(self) -> tuple[type[PlayerTable], tuple[dict[int, str]]]:
        """A picture drawn in a worker process gets the names known now, not the Discord client."""
        known = {seat: shown for seat in self._seats if (shown := self._player(seat)) is not None}
        return PlayerTable, (known,)


def with_players(client: Any, names: Names | None, seats: Mapping[int, Any]) -> Names:
    """``names`` that also know each seat's player by name, for a board picture's panels."""
    resolvers: list[Names] = [PlayerNames(client, seats)]
    if names is not None:
        resolvers.append(names)
    return ChainNames(*resolvers)
