"""The shared tail of the games' content CLIs: both games answer a bad command and a check alike."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from engine.core.content_cli import USAGE_EXIT, report, run_check
from engine.heroes3.content.__main__ import main as heroes3_main
from engine.runewars.content.__main__ import main as runewars_main


def test_report_prints_one_json_line_and_problems_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert report({"problems": 2, "locales": ["zh_Hans"]}, ["a: missing", "b: stale"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out) == {"problems": 2, "locales": ["zh_Hans"]}
    assert err.splitlines() == ["a: missing", "b: stale"]


def test_report_without_problems_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert report({"texts": {"units": 1}, "note": "中文"}, []) == 0
    out, err = capsys.readouterr()
    assert "中文" in out  # ensure_ascii=False: the summary stays readable
    assert err == ""


def test_run_check_refuses_other_commands_without_checking(capsys: pytest.CaptureFixture[str]) -> None:
    def check() -> tuple[dict[str, object], list[str]]:
        raise AssertionError("a bad command must not run the check")

    assert run_check("chekc", "usage: the doc", check) == USAGE_EXIT
    assert capsys.readouterr().err.strip() == "usage: the doc"


@pytest.mark.parametrize(
    ("main", "argv"),
    [(heroes3_main, ["texts", "bogus"]), (heroes3_main, []), (runewars_main, ["bogus"])],
)
def test_game_clis_print_their_usage_on_a_bad_command(
    main: Callable[[list[str]], int], argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == USAGE_EXIT
    assert "python -m engine." in capsys.readouterr().err
