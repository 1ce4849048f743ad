"""The decision picture's former guess of an option's board place from its action's fields.

Before the games named the place of each option themselves (``Option.at``), ``cogs.decision_pictures``
read it from the action: an action value, an ``area``/``hex``/``to``/``target`` field, the end of a
``path``, a piece standing on a hex (Cloudspire's landmarks, units and towers), a unit on a square
of Heroes III's combat board, an empty hex (``q`` and ``r``), a map hex as an axial pair (``to``,
``tile``, ``at``) and a tile's ``turn`` on it ("q,r@turn"). The games now say it; this reading stays
here as the independent witness their ``at`` is checked against over random play
(``test_decision_pictures_places``), so every picture outlines what it outlined before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

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
    """What a player can be asked to choose -> the place of the board it stands for in ``view``.

    The view's areas (Runewars) or hexes (a ``board`` keyed by ``"q,r"``, Cloudspire) stand for
    themselves; a piece standing on a hex (a landmark, a unit, a tower) stands for its hex. A piece
    the view does not place (a unit in a deploy stack) is not on the map.
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
    # for its square, "column,row"; one in play beside the board (the arrow tower) for itself.
    for piece in view.get("units") or []:
        pos = piece.get("pos") if isinstance(piece, Mapping) else None
        if isinstance(pos, list) and len(pos) == 2 and piece.get("uid") is not None:
            places.setdefault(str(piece["uid"]), f"{pos[0]},{pos[1]}")
        elif (
            isinstance(piece, Mapping) and pos is None and piece.get("placed") is True and piece.get("uid") is not None
        ):
            places.setdefault(str(piece["uid"]), str(piece["uid"]))
    return places


def named_place(action: Mapping[str, Any], places: Mapping[str, str] | set[str]) -> str | None:
    """The one place of the board an option's action names, or None (none, or several different ones).

    Where an action names both a piece and where it goes ("unit u1 moves to 2,-4"), the place it goes wins.
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
