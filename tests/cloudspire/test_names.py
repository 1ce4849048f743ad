"""Content names per language (engine/cloudspire/names.py, content/data/names.json)."""

from __future__ import annotations

import opencc

from engine.cloudspire.common import CONTENT
from engine.cloudspire.names import entries, names, table
from engine.core.text import Ref

# rulebook words whose Simplified the glossary (section 3) gives; the table must agree
GLOSSARY_HANS = {
    ("unit", "awsh"): "傲世",
    ("unit", "battleborn"): "战狂",
    ("unit", "war_briar"): "战棘豪猪",
    ("tower", "brick_and_mortars"): "迫击砲台",
    ("landmark", "scarab"): "圣甲虫",
    ("relic", "switcheroo"): "偷天换日",
    ("faction", "narora"): "诺蓝族",
    ("structure", "heart_of_oak"): "橡木之心",
}


def content_refs() -> set[tuple[str, str]]:
    """Every (kind, id) the engine may name in a message."""
    out: set[tuple[str, str]] = set()
    for f in CONTENT.factions:
        out.add(("faction", f.id))
        out |= {("unit", u.id) for u in f.units}
        for t in f.towers:
            out.add(("tower", t.id))
            if t.promoted is not None:
                out.add(("tower", t.id + ":promoted"))
        for st in f.structures:
            out.add(("structure", st.id))
            out |= {("advancement", a.id) for a in st.levels}
    for c in CONTENT.market:
        out.add(("market", c.id))
        if c.unit is not None:
            out.add(("unit", c.id))
        if c.tower is not None:
            out.add(("tower", c.id))
    out |= {("landmark", lm.id) for lm in CONTENT.landmarks}
    out |= {("relic", c.id) for c in CONTENT.relics}
    out |= {("event", c.id) for c in CONTENT.events}
    return out


def test_every_entry_has_three_names() -> None:
    t = table()
    missing = content_refs() - set(t)
    assert not missing
    for key, v in t.items():
        assert all(v[loc].strip() for loc in ("en", "zh_Hans", "zh_Hant")), key
    assert len(entries()) == len(t)  # no entry twice


def test_traditional_is_the_rulebook_word() -> None:
    # seed 001 is printed in Traditional: where the content carries the rulebook's word it is served as is
    t = table()
    for f in CONTENT.factions:
        assert t[("faction", f.id)]["zh_Hant"] == f.name_zh
        for u in f.units:
            if u.basic.name_zh:
                assert t[("unit", u.id)]["zh_Hant"] == u.basic.name_zh
    for lm in CONTENT.landmarks:
        if lm.name_zh:
            assert t[("landmark", lm.id)]["zh_Hant"] == lm.name_zh
    for card in CONTENT.relics:
        if card.name_zh:
            assert t[("relic", card.id)]["zh_Hant"] == card.name_zh
    flagged = {(e.kind, e.id) for e in entries() if e.rulebook}
    assert ("advancement", "grove_oak_1") in flagged and ("unit", "drang") not in flagged


def test_simplified_is_the_checked_conversion() -> None:
    cc = opencc.OpenCC("tw2s")
    for e in entries():
        assert e.zh_Hans == cc.convert(e.zh_Hant), (e.kind, e.id)
    t = table()
    for key, hans in GLOSSARY_HANS.items():
        assert t[key]["zh_Hans"] == hans


def test_resolver() -> None:
    n = names()
    assert n.name(Ref(kind="tower", id="reetall:promoted"), "en") == "Muskeg"
    assert n.name(Ref(kind="landmark", id="wild_drake"), "zh_Hant") == "莽龍"
    assert n.name(Ref(kind="landmark", id="wild_drake"), "zh_Hans") == "莽龙"
    assert n.name(Ref(kind="unit", id="nope"), "en") is None


def test_chip_and_level_words_are_names_not_ids() -> None:
    # upgrade chips and level-up choices reach labels as Refs: a Chinese reader never sees "attack"
    from engine.cloudspire.common import chip_refs
    from engine.cloudspire.waves.siege import BUILD_LABEL, LEVEL_OPT
    from i18n import render

    label = BUILD_LABEL(tower=Ref(kind="tower", id="shrubbery"), order=chip_refs(["attack", "defense"]))
    zh = render(label, "zh_Hans", names())
    assert zh.startswith("低枝灌（") and "攻击" in zh and "防御" in zh and "attack" not in zh
    assert render(LEVEL_OPT(choice=Ref(kind="level", id="flip")), "zh_Hant", names()) == "翻至晉升面"
    assert render(LEVEL_OPT(choice=Ref(kind="level", id="range")), "en", names()) == "Range chip"
