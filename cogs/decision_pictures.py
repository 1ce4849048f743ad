"""A picture with every decision on the map, and one at the end of the game (issue 12).

When a prompt asks a seat to choose an area or hex (Runewars: the area to activate, a
retreat, where a dragon rune or a new hero goes …), the message that carries its buttons
also carries the current board with the candidates outlined and labelled, the rest
dimmed (``renderers.render_decision_png``). Three decisions live here:

* **which prompts are map decisions**: those whose options mostly name one place each of
  the board in the view (an action value, an ``area``/``hex``/``to``/``target`` field, the end
  of a ``path``, or a piece standing on a hex: Cloudspire's landmarks, units and towers) or one
  hex (``q`` and ``r``: where a map tile goes during setup, so the thread sees the map being
  built), or a hex and a ``turn`` (how the tile on it is turned: the place ``"q,r@turn"``, one
  candidate per offered turn, drawn as the tile in that turn); a prompt of card names or yes/no
  answers gets no picture. Nothing here knows a game:
  the shapes of options and views decide;
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
import re
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

# Fields of an action that name where it goes, most telling first: a choice's ``value``, an area or
# hex, a destination, a target (an area, or a piece that stands on a hex: a landmark, a unit), the
# gate of a fortress, the anchor of a land tile, a landmark explored.
PLACE_FIELDS = ("value", "area", "hex", "to", "destination", "target", "gate", "anchor", "landmark")
# Fields holding a route: the place an option leads to is the route's last step.
ROUTE_FIELDS = ("path", "route")
# Fields naming the piece that acts, used only when nothing says where it acts (which unit moves
# first, which tower to upgrade): the place is where that piece stands.
ACTOR_FIELDS = ("unit", "tower", "piece")
# Fields holding a map hex as an axial [q, r] pair: where a hero walks, the tile it discovers, where a tile goes.
SPOT_FIELDS = ("to", "tile", "at")
HEX_KEY = re.compile(r"^-?[0-9]{1,3},-?[0-9]{1,3}$")  # "q,r": a hex of a hex-keyed board
# Lists of pieces in a view that stand on one hex each, and the field holding each one's id.
PIECES = (("landmarks", "lid"), ("units", "uid"), ("towers", "tid"))


def board_places(view: Mapping[str, Any]) -> dict[str, str]:
    """What a player can be asked to choose -> the place of the board the picture marks for it.

    The view's areas (Runewars) or hexes (a ``board`` keyed by ``"q,r"``, Cloudspire) stand for
    themselves; a piece standing on a hex (a landmark, a unit, a tower) stands for its hex, so
    "attack landmark L0006" marks the hex of L0006. A piece the view does not place (a unit in a
    deploy stack) is not on the map.
    """
    places: dict[str, str] = {}
    for key in ("areas", "hexes"):
        for place in view.get(key) or []:
            if isinstance(place, Mapping) and place.get("id") is not None:
                places[str(place["id"])] = str(place["id"])
    board = view.get("board")
    if isinstance(board, Mapping):
        places.update({str(k): str(k) for k in board})
    for key, id_field in PIECES:
        for piece in view.get(key) or []:
            if not isinstance(piece, Mapping):
                continue
            pid, where = piece.get(id_field), piece.get("hex")
            if pid is not None and where is not None and str(where) in places:
                places.setdefault(str(pid), str(where))
    # A unit on a square of a grid board (Heroes III's combat board: ``pos`` = [column, row]) stands
    # for its square, "column,row", the key ``named_place`` gives a ``cell``.
    for piece in view.get("units") or []:
        pos = piece.get("pos") if isinstance(piece, Mapping) else None
        if isinstance(pos, list) and len(pos) == 2 and piece.get("uid") is not None:
            places.setdefault(str(piece["uid"]), f"{pos[0]},{pos[1]}")
        elif (
            isinstance(piece, Mapping) and pos is None and piece.get("placed") is True and piece.get("uid") is not None
        ):
            # In play but on no square: it stands beside the board (the arrow tower, H3-39.8) and is
            # its own place; the renderer draws its label there. A unit still to be placed is not.
            places.setdefault(str(piece["uid"]), str(piece["uid"]))
    return places


def named_place(action: Mapping[str, Any], places: Mapping[str, str] | set[str]) -> str | None:
    """The one place of the board an option's action names, or None (none, or several different ones).

    An empty hex (setup: where a map tile goes, RW-4.3) is named by integer ``q`` and ``r`` fields
    and comes back as ``"q,r"``, the key the renderers draw as a hex not yet on the map. Where an
    action names both a piece and where it goes ("unit u1 moves to 2,-4"), the place it goes wins.
    """
    q, r = action.get("q"), action.get("r")
    if type(q) is int and type(r) is int:
        return f"{q},{r}"
    cell = action.get("cell")  # a square of a grid board, [column, row] (Heroes III combat, H3-32.1)
    if isinstance(cell, list) and len(cell) == 2 and all(type(x) is int for x in cell):
        return f"{cell[0]},{cell[1]}"
    for key in SPOT_FIELDS:  # a map hex as [q, r] (Heroes III Clash: walk to, tile to discover, H3-9.2/H3-23.1)
        spot = action.get(key)
        if isinstance(spot, list) and len(spot) == 2 and all(type(x) is int for x in spot):
            turn = action.get("turn")  # the tile on that hex turned by ``turn`` sixths (H3-45.2.1, H3-23.4)
            return f"{spot[0]},{spot[1]}@{turn}" if type(turn) is int else f"{spot[0]},{spot[1]}"
    where = places if isinstance(places, Mapping) else {p: p for p in places}
    hexes = any(HEX_KEY.match(p) for p in where)  # a board keyed by hexes: an empty one may be offered
    for fields in (PLACE_FIELDS, ACTOR_FIELDS):
        found: set[str] = set()
        for key, value in action.items():
            if key in fields and isinstance(value, str | int) and str(value) in where:
                found.add(where[str(value)])
            elif key in fields and hexes and isinstance(value, str) and HEX_KEY.match(value):
                found.add(value)  # a hex off the islands (where a land tile or a gate goes)
            elif fields is PLACE_FIELDS and key in ROUTE_FIELDS and isinstance(value, list) and value:
                if str(value[-1]) in where:
                    found.add(where[str(value[-1])])
        if found:
            return found.pop() if len(found) == 1 else None
    return None


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
    """
    if prompt.seat == GM_SEAT or not prompt.options:
        return {}
    places = board_places(view)
    named = [(i, named_place(o.action, places)) for i, o in enumerate(prompt.options)]
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
