"""Reading and checking the content files; one cached ``Content`` per data directory."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from .effects import check_effect, check_talent
from .models import Content

DATA = Path(__file__).parent / "data"


class ContentError(ValueError):
    """Well-formed data that breaks a rule (an unknown talent, a faction with the wrong roster)."""


def read_content(data_dir: Path | None = None) -> Content:
    base = data_dir or DATA
    raw: dict[str, Any] = {}
    for name in ("factions", "market", "landmarks", "map", "cards"):
        data = json.loads((base / f"{name}.json").read_text(encoding="utf-8"))
        data.pop("_source", None)
        raw.update(data)
    content = Content.model_validate(raw)
    _check(content)
    return content


@lru_cache(maxsize=4)
def load_content(data_dir: str | None = None) -> Content:
    return read_content(Path(data_dir) if data_dir else None)


def _check(content: Content) -> None:
    for faction in content.factions:
        heroes = [u for u in faction.units if u.kind == "hero"]
        if sum(1 for u in heroes if u.starting) != 1:  # CS-2.3
            raise ContentError(f"{faction.id}: exactly one starting hero is needed (CS-2.3)")
        for u in faction.units:
            for s in (u.basic, u.promoted):
                for t in s.talents if s else ():
                    check_talent(t.id, f"{faction.id}/{u.id}")
        for st in faction.structures:
            for adv in st.levels:
                for e in adv.effects:
                    check_effect(e.op, f"{faction.id}/{adv.id}")
    for chip in content.market:
        for t in chip.talents:
            check_talent(t.id, f"market/{chip.id}")
        if chip.type in ("merc_hero", "merc_minion") and chip.unit is None:
            raise ContentError(f"market/{chip.id}: a mercenary unit needs its unit data")
        if chip.type == "merc_tower" and (chip.tower is None or chip.tower.basic.start_chips == 0):
            raise ContentError(f"market/{chip.id}: a mercenary tower needs starting chips")
    for lm in content.landmarks:
        for t in lm.talents:
            check_talent(t.id, f"landmark/{lm.id}")
    for card in content.relics + content.events:
        for e in card.effects:
            check_effect(e.op, f"card/{card.id}")
    if sum(1 for lm in content.landmarks if lm.pool and lm.category == "swamp") < 4:
        raise ContentError("at least 4 swamp landmarks are needed for 4 gates (CS-5.9.3)")
