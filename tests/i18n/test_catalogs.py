"""The catalogs are complete and agree with the code (issue 10 acceptance: `python -m i18n check`)."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys

import engine
from engine.core.text import MESSAGES
from i18n.catalog import ROOT, declared_messages, scan
from i18n.check import run
from i18n.locales import EN, LOCALES, ZH_HANS, ZH_HANT


def test_every_locale_is_complete_and_in_step() -> None:
    reports, problems = run()
    assert problems == []
    assert [r.locale for r in reports] == list(LOCALES)
    for report in reports:
        assert report.missing == [], f"{report.locale} lacks {report.missing} (run python -m i18n extract)"
        assert report.bad_placeholders == [], report.bad_placeholders
        assert report.unused == [], f"{report.locale} has stale {report.unused}"
    hant = reports[-1]
    assert hant.locale == ZH_HANT and hant.out_of_sync == [], "run python -m i18n zh-sync"


def test_every_message_declared_at_run_time_is_in_the_source_catalog() -> None:
    """The extractor reads literals; a declaration it cannot see still fails here."""
    for module in pkgutil.walk_packages(engine.__path__, "engine."):
        importlib.import_module(module.name)
    importlib.import_module("i18n.examples")
    declared, _ = declared_messages()
    unseen = sorted(set(MESSAGES) - set(declared))
    assert unseen == [], f"declared in code but not in messages.pot: {unseen}"
    for msg_id, message in MESSAGES.items():
        assert declared[msg_id].message == message


def test_extractor_reports_non_literal_declarations(tmp_path: object) -> None:
    from pathlib import Path

    root = Path(str(tmp_path))
    (root / "engine").mkdir()
    (root / "engine" / "m.py").write_text(
        'from engine.core.text import message\nA = message("x.ok", "Fine.")\nB = message("x.bad", TEXT)\n',
        encoding="utf-8",
    )
    found, problems = scan(root, ["engine"])
    assert [d.message.id for d in found] == ["x.ok"]
    assert len(problems) == 1 and "x.bad" in problems[0]


def test_check_command_prints_one_json_line_per_locale() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "i18n", "check"], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["locale"] for line in lines] == [EN, ZH_HANS, ZH_HANT]
    assert all(line["missing"] == 0 and line["ids"] > 0 for line in lines)
    assert lines[1]["discord"] == ["zh-CN"] and lines[2]["discord"] == ["zh-TW"]
    assert out.returncode == 0, out.stderr


def test_compiled_catalog_reads_back_the_same_entries() -> None:
    """`python -m i18n compile` output (.mo) gives the same lookups as the .po it came from."""
    from io import BytesIO

    from babel.messages.mofile import read_mo, write_mo

    from i18n.catalog import _entries, load_po

    for locale in (ZH_HANS, ZH_HANT):
        po = load_po(locale)
        buf = BytesIO()
        write_mo(buf, po, use_fuzzy=False)
        buf.seek(0)
        assert dict(_entries(read_mo(buf), source=False)) == dict(_entries(po, source=False))
