"""The candidates of a unit-list prompt, carried in the prompt itself (VIEW.md "Unit-list prompts").

Three decisions are answered with a *list* of figures: which units move (RW-10.7.2), which to
destroy over a limit (RW-6.8.2, RW-10.9.2) and the Strategize steps (RW-18.1.1). Their ready
answers are only a few of the legal subsets, so the prompt also lists every figure the seat
may pick, with the public facts a player needs to tell them apart, under ``x-candidates`` of
its ``answer_schema``. The Discord layer builds its unit-by-unit picker from that list alone
and never from the state (DESIGN.md, "The Discord layer reads prompts and views only").
Listing a candidate decides no rule: the picked set still goes through ``apply``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.text import message
from engine.runewars.catalog import catalog
from engine.runewars.reference import hero_name, unit_name
from engine.runewars.state import RunewarsState, Unit

if TYPE_CHECKING:
    from engine.runewars.heroes.core import Hero

CANDIDATES = "x-candidates"  # list of candidate dicts, below
DESTROY = "x-destroy"  # rw_destroy: {area: how many to destroy there}
FORM_LABEL_MSG = message("rw.pick.form_label", "Pick units…")
FORM_LABEL = FORM_LABEL_MSG.english  # "x-form-label"; "x-form-label-msg" lets a reader get it in their language


def unit_candidate(state: RunewarsState, unit: Unit, **extra: Any) -> dict[str, Any]:
    """One own figure: its id, type, name, where it stands and whether it is routed (all public)."""
    seat = unit.owner
    faction = str(state.seats[seat].faction or "") if seat is not None and 0 <= seat < len(state.seats) else ""
    return {
        "unit": unit.id,
        "type": unit.kind,
        "owner": seat,
        "name": unit_name(unit.kind, seat, faction),
        "from": unit.area,
        "routed": bool(unit.routed),
        "allied_neutral": catalog().is_neutral_kind(unit.kind) and seat is not None,  # RW-11.4
        **extra,
    }


def hero_candidate(hero: Hero, **extra: Any) -> dict[str, Any]:
    """One own hero: its uid, card, name and area (all public, VIEW.md ``heroes``)."""
    return {
        "hero": hero.uid,
        "card": hero.card,
        "owner": hero.owner,
        "name": hero_name(hero.card),
        "from": hero.area,
        "routed": bool(hero.routed),
        **extra,
    }


def unit_list_schema(items: dict[str, Any], candidates: list[dict[str, Any]], **extra: Any) -> dict[str, Any] | None:
    """The answer schema of a unit-list prompt: the action's shape plus its candidates.

    ``items`` is the schema of ``units`` (``rw_move``, ``rw_destroy``) or ``moves``
    (``rw_strategize``); ``extra`` adds the other ``x-`` keys of VIEW.md. None when nothing can
    be picked: the prompt then has no "Pick units…" button that would open an empty picker."""
    if not candidates:
        return None
    key = "moves" if items.get("type") == "object" else "units"
    return {
        "type": "object",
        "x-form-label": FORM_LABEL,
        "x-form-label-msg": FORM_LABEL_MSG.id,
        "properties": {key: {"type": "array", "items": items}},
        CANDIDATES: candidates,
        **extra,
    }
