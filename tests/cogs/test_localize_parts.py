"""A prompt's question or one option's label, localized alone, reads as the whole prompt localized.

Issue 12 (CPU per press): the text above a prompt needs only its question, and the confirmation
of a press only the pressed option's label, so neither copies every option of a prompt that may
offer dozens. They must say exactly what ``localize_prompt`` says, in every language and with
or without a game's names.
"""

from __future__ import annotations

import pytest

import engine
from cogs import lang
from engine.core import Option, Prompt
from engine.core.text import Ref
from i18n import examples as ex
from i18n.locales import EN


def seeded_prompts() -> list[tuple[str, Prompt]]:
    """Real prompts of two games at their start (messages with parameters and names)."""
    out: list[tuple[str, Prompt]] = []
    for ruleset, seed in (("ageofheroes", "aoh-parts-0"), ("runewars", "rw-parts-0")):
        rs = engine.ruleset(ruleset)
        state = rs.setup({}, seed)
        out += [(ruleset, p) for p in rs.prompts(state)]
    unit = Ref(kind="unit", id="HUMAN_INFANTRY")
    plain = Prompt(
        seat=0,
        key="plain",
        rule="CORE-1",
        question="Waiting on alice.",
        msg=ex.WAITING_ON(players="alice"),
        options=[
            Option(label="Lost", msg=ex.UNITS_LOST(n=2, area="Kellar"), action={"type": "go", "to": "left"}),
            Option(label="Refused", msg=ex.MOVE_REFUSED(unit=unit, area="Kellar"), action={"type": "go"}),
            Option(label="Right", action={"type": "go", "to": "right"}),  # no message: its English as it is
        ],
    )
    out.append(("runewars", plain))
    return out


@pytest.mark.parametrize("locale", [EN, "zh_Hans"])
@pytest.mark.parametrize("named", [False, True])
def test_question_and_label_alone_read_as_the_localized_prompt(locale: str, named: bool) -> None:
    checked = 0
    for ruleset, prompt in seeded_prompts():
        names = lang.names_for(ruleset) if named else None
        whole = lang.localize_prompt(prompt, locale, names)
        assert lang.localize_question(prompt, locale, names) == whole.question
        for i, option in enumerate(whole.options):
            assert lang.localize_label(prompt, i, locale, names) == option.label
            checked += 1
    assert checked > 3
