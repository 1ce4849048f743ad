"""The catalogs are complete and agree with the code (issue 10 acceptance: `python -m i18n check`)."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys

import pytest

import engine
from engine.core.text import MESSAGES
from i18n.catalog import ROOT, by_domain, declared_messages, domain_of, domains_on_disk, po_path, scan, template_path
from i18n.check import run
from i18n.locales import EN, LOCALES, TRANSLATED, ZH_HANS, ZH_HANT

# One test per domain, so a game whose catalog is still being written fails alone.
DOMAINS = sorted(set(by_domain(declared_messages()[0])) | set(domains_on_disk()))


def test_extractor_finds_no_problems() -> None:
    _, problems = declared_messages()
    assert problems == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_locale_is_complete_and_in_step(domain: str) -> None:
    reports, _ = run([domain])
    assert [r.locale for r in reports] == list(LOCALES)
    for report in reports:
        assert report.missing == [], f"{report.locale} lacks {report.missing} (run python -m i18n extract)"
        assert report.bad_placeholders == [], report.bad_placeholders
        assert report.unused == [], f"{report.locale} has stale {report.unused}"
    hant = reports[-1]
    assert hant.locale == ZH_HANT and hant.out_of_sync == [], "run python -m i18n zh-sync"


@pytest.mark.parametrize("domain", DOMAINS)
def test_each_domain_has_its_own_files_holding_only_its_ids(domain: str) -> None:
    """One template and one .po per locale per domain: helpers on different games never share a file."""
    from i18n.catalog import load_po, read_template

    assert template_path(domain).exists(), f"run python -m i18n extract {domain}"
    assert {domain_of(str(m.context)) for m in read_template(domain) if m.id} <= {domain}
    for locale in TRANSLATED:
        assert po_path(locale, domain).exists()
        assert {domain_of(str(m.context)) for m in load_po(locale, domain) if m.id} <= {domain}


def test_every_message_declared_at_run_time_is_in_the_source_catalog() -> None:
    """The extractor reads literals; a declaration it cannot see still fails here."""
    for module in pkgutil.walk_packages(engine.__path__, "engine."):
        importlib.import_module(module.name)
    importlib.import_module("i18n.examples")
    declared, _ = declared_messages()
    unseen = sorted(set(MESSAGES) - set(declared))
    assert unseen == [], f"declared in code but not in templates/<domain>.pot: {unseen}"
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
    assert all(line["ids"] > 0 and "core" in line["domains"] for line in lines)
    assert lines[1]["discord"] == ["zh-CN"] and lines[2]["discord"] == ["zh-TW"]
    # Restricted to finished domains it passes; the full run is judged per domain above.
    out = subprocess.run(
        [sys.executable, "-m", "i18n", "check", "core", "i18n"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert all(line["missing"] == 0 and set(line["domains"]) == {"core", "i18n"} for line in lines)
    assert out.returncode == 0, out.stderr


def test_compiled_catalog_reads_back_the_same_entries() -> None:
    """`python -m i18n compile` output (.mo) gives the same lookups as the .po it came from."""
    from io import BytesIO

    from babel.messages.mofile import read_mo, write_mo

    from i18n.catalog import _entries, load_po

    for locale in (ZH_HANS, ZH_HANT):
        for domain in domains_on_disk():
            po = load_po(locale, domain)
            buf = BytesIO()
            write_mo(buf, po, use_fuzzy=False)
            buf.seek(0)
            assert dict(_entries(read_mo(buf), source=False)) == dict(_entries(po, source=False))
