"""The Heroes III content prose reaches a reader in their language (standard: "Players see names
and their own language"): every ``text`` of the shipped content has a Simplified and a generated
Traditional translation, stale translations are caught, and the texts the engine hands out (GM
hand-offs, timed events, location choices) render in Chinese for a Chinese reader."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core.content_texts import ContentTexts, prose, stem
from engine.core.text import Ref, english
from engine.heroes3 import names
from engine.heroes3.content.__main__ import check, converter
from engine.heroes3.content.clash import clash_content
from engine.heroes3.content.texts import TEXT_KIND, TEXTS, content_text, text_ref
from i18n import EN, ZH_HANS, ZH_HANT, render

from ..cards.test_gm_effects import _give, _main
from ..clash.helpers import act

# ---- the shipped content -----------------------------------------------------------------------


def test_every_shipped_text_is_translated_in_both_chinese_forms_and_nothing_is_stale() -> None:
    # Fails naming each untranslated text, each key no source text has any more, each missing file.
    assert TEXTS.english, "the content has texts"
    problems = TEXTS.check()
    assert problems == [], "\n".join(problems)


def test_traditional_is_what_zh_sync_generates_from_simplified() -> None:
    # zh_Hant is never hand-written: OpenCC s2tw plus i18n/zh_hant_overrides.toml, as the catalogs.
    assert TEXTS.out_of_sync(converter()) == [], "run `python -m engine.heroes3.content texts zh-sync`"
    summary, problems = check()
    assert problems == [] and summary["problems"] == 0, "\n".join(problems)


def test_the_sources_with_texts_are_found_by_their_stems() -> None:
    # The translation file names the T2/T3 translators write: the path with "/" -> "_".
    assert {"units", "cards", "clash_cards", "clash_locations", "clash_towns", "clash_astrologers"} <= set(
        TEXTS.english
    )
    assert "scenarios_clash_two_kingdoms" in TEXTS.english
    assert "names" not in TEXTS.english  # names.json has no prose


# ---- the mechanism, on a content folder of its own ---------------------------------------------


def _content(tmp: Path) -> ContentTexts:
    (tmp / "clash").mkdir()
    (tmp / "units.json").write_text(json.dumps({"units": [{"abilities": [{"text": "Fly."}, {"text": "Fly."}]}]}))
    (tmp / "clash" / "cards.json").write_text(json.dumps({"a": {"basic": {"text": "Draw a card."}, "text": ""}}))
    return ContentTexts(tmp)


def _write(tmp: Path, locale: str, name: str, table: dict[str, str]) -> None:
    folder = tmp / "i18n" / locale
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps(table, ensure_ascii=False))


def test_prose_is_every_nonempty_text_value_at_any_depth_once() -> None:
    data = {"text": "A.", "x": [{"text": "B."}, {"y": {"text": "A."}}, {"text": ""}], "name": "not prose"}
    assert prose(data) == {"A.", "B."}
    assert stem(Path("/c/clash/cards.json"), Path("/c")) == "clash_cards"


def test_check_names_missing_files_untranslated_and_stale_texts(tmp_path: Path) -> None:
    texts = _content(tmp_path)
    assert texts.english == {"units": frozenset({"Fly."}), "clash_cards": frozenset({"Draw a card."})}
    problems = texts.check()
    assert "zh_Hans: no i18n/zh_Hans/units.json (1 texts)" in problems
    _write(tmp_path, ZH_HANS, "units", {"Fly.": "飞行。", "Swim.": "游泳。"})
    _write(tmp_path, ZH_HANS, "clash_cards", {"Draw a card.": " "})
    _write(tmp_path, ZH_HANS, "tiles", {"Old.": "旧。"})
    problems = texts.check([ZH_HANS])
    assert "zh_Hans/units: 'Swim.' is no text of units" in problems  # stale: its English is gone
    assert "zh_Hans/clash_cards: untranslated 'Draw a card.'" in problems  # blank counts as missing
    assert "zh_Hans: i18n/zh_Hans/tiles.json has no source file with texts" in problems
    assert len(problems) == 3


def test_sync_generates_traditional_and_lookup_falls_back_to_none(tmp_path: Path) -> None:
    texts = _content(tmp_path)
    _write(tmp_path, ZH_HANS, "units", {"Fly.": "飞行。"})
    _write(tmp_path, ZH_HANS, "clash_cards", {"Draw a card.": "抽1张牌。"})
    _write(tmp_path, ZH_HANT, "gone", {"x": "y"})  # a generated file whose source is gone is dropped
    assert texts.out_of_sync(converter()) == ["clash_cards.json", "gone.json", "units.json"]
    texts.sync(converter())
    assert texts.out_of_sync(converter()) == [] and texts.check() == []
    assert texts.text("Draw a card.", ZH_HANT) == "抽1張牌。"
    assert texts.text("Fly.", ZH_HANS) == "飞行。"
    assert texts.text("Not in the tables.", ZH_HANS) is None


# ---- delivery: a Ref rendered in the reader's language -----------------------------------------

ABILITY = "+1 attack against Efreet."  # units.json


def test_a_text_ref_renders_in_each_language_and_english_without_a_resolver() -> None:
    ref = text_ref(ABILITY)
    assert isinstance(ref, Ref) and ref.kind == TEXT_KIND and ref.id == ABILITY
    resolver = names()
    assert resolver.name(ref, EN) == ABILITY
    hans = resolver.name(ref, ZH_HANS)
    hant = resolver.name(ref, ZH_HANT)
    assert hans and hant and "火精灵" in hans and "火精靈" in hant
    assert content_text(ABILITY, ZH_HANS) == hans and content_text(ABILITY, EN) == ABILITY
    assert text_ref("") == ""  # a model's empty default stays a plain string
    unknown = text_ref("A sentence no table has.")
    assert isinstance(unknown, Ref) and resolver.name(unknown, ZH_HANS) is None  # the renderer shows the English
    assert content_text("A sentence no table has.", ZH_HANS) == "A sentence no table has."


def test_the_gm_hand_off_of_a_text_only_card_reads_in_chinese_and_stays_english_in_the_log() -> None:
    # H3-1.4 / H3-13.2.7: Boots of Polarity's printed effect is announced and handed to the GM.
    state = _main()
    boots = _give(state, "boots_of_polarity")
    state, events = act(state, 0, {"type": "play_card", "card": boots, "mode": "basic"})
    printed = clash_content().cards["boots_of_polarity"].basic.text
    task = state.gm.tasks[-1]
    assert task.msg is not None and events[-1].msg is not None
    assert printed in task.text and printed in english(task.msg)  # the English log is unchanged
    zh = content_text(printed, ZH_HANS)
    assert zh != printed
    for msg in (task.msg, events[-1].msg):
        shown = render(msg, ZH_HANS, names())
        assert zh in shown and printed not in shown, shown
        assert content_text(printed, ZH_HANT) in render(msg, ZH_HANT, names())


def test_a_timed_event_reads_in_chinese() -> None:
    # H3-7.4: the scenario's timed event is announced to the table in each reader's language.
    from engine.heroes3.clash.messages import TIMED_EVENT

    event = clash_content().scenarios["clash_two_kingdoms"].timed_events[0]
    msg = TIMED_EVENT(text=text_ref(event.text))
    assert english(msg) == f"Timed event: {event.text}"
    shown = render(msg, ZH_HANS, names())
    assert content_text(event.text, ZH_HANS) in shown and event.text not in shown


def test_every_choice_a_player_picks_between_has_words() -> None:
    """No internal id reaches a player: where a location or building offers a choice of effects
    (H3-50), each choice carries a text that its option shows (``effects._describe``)."""
    from engine.heroes3.content.clash import clash_content

    content = clash_content()
    blank: list[str] = []
    for loc in content.locations.values():
        if len(loc.choices) > 1:
            blank += [
                f"location {loc.id} choice {i}" for i, c in enumerate(loc.choices) if not any(s.text for s in c.steps)
            ]
    for town in content.towns.values():
        for b in town.buildings:
            for key in ("turn", "round", "visit"):
                choices = getattr(b, key, None) or []
                if len(choices) > 1:
                    blank += [
                        f"building {b.id} {key} {i}" for i, c in enumerate(choices) if not any(s.text for s in c.steps)
                    ]
    assert blank == []
