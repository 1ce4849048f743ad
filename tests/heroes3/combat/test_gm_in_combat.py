"""Combat effects the engine holds only as text (H3-1.4): offered in combat, played like any card,
announced, and handed to the game master; the combat waits until the task is resolved."""

from __future__ import annotations

from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat.models import Combat
from engine.heroes3.content import load
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from ..helpers import combat_state, hand, side, unit


def _state(cards: list[str], expert_uses: int = 1) -> SkirmishState:
    c = Combat(
        kind="player",
        sides=[side(0, cards=cards, expert_uses=expert_uses), side(1, cards=[])],
        units=[unit("a1", "marksmen", "few", 0, (0, 1)), unit("d1", "zombies", "few", 1, (0, 4))],
    )
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="shoot")]
    return state


def _offered(state: SkirmishState, card: str, activating: bool = True) -> list[str]:
    c = state.combat
    assert c is not None
    inst = hand(c, 0, card)
    return [o.action["mode"] for o in card_rules.playable(c, c.sides[0], activating) if o.action["card"] == inst]


def test_h3_1_4_an_artifact_side_held_as_text_is_played_in_combat_and_handed_to_the_game_master() -> None:
    # Hourglass of the Evil Hour (bottom, instant): its printed text goes to the GM; the card is discarded
    # like any play (H3-13.2.2), an artifact spends no expert use (H3-14.1), and the combat waits on the GM.
    # (Spellbinder's Hat, once the example here, is resolved by the engine: test_spellbinders_hat_in_combat.)
    state = _state(["hourglass_of_the_evil_hour"])
    assert "other" in _offered(state, "hourglass_of_the_evil_hour", activating=False)
    c = state.combat
    assert c is not None
    inst = hand(c, 0, "hourglass_of_the_evil_hour")
    state, events = SKIRMISH.apply(state, 0, {"type": "play", "card": inst, "mode": "other", "target": None})
    task = state.gm.tasks[-1]
    assert task.rule == "H3-1.4" and task.data == {"card": "hourglass_of_the_evil_hour", "mode": "other"}
    printed = load().other_effects["hourglass_of_the_evil_hour_other"].text
    assert printed in task.text
    assert "gm_task" in [e.kind for e in events]
    after = state.combat
    assert after is not None and after.sides[0].deck is not None
    assert after.sides[0].deck.discard == [inst] and after.sides[0].expert_uses == 1
    assert not [p for p in SKIRMISH.prompts(state) if p.seat == 0]  # the combat waits on the GM
    state, _ = SKIRMISH.apply(state, -1, {"type": "gm_resolve", "task": task.id, "note": ""})
    assert [p.seat for p in SKIRMISH.prompts(state)] == [0]


def test_h3_1_4_artifact_sides_the_engine_does_not_play_go_to_the_game_master() -> None:
    # Helm of the Alabaster Unicorn (bottom), Boots of Polarity (bottom, activation), Hourglass of the
    # Evil Hour (top), Orb of Inhibition (bottom, ongoing): offered as "other".
    for card, when_idle in (
        ("helm_of_the_alabaster_unicorn", True),
        ("hourglass_of_the_evil_hour", True),
        ("boots_of_polarity", False),
        ("orb_of_inhibition", False),
    ):
        state = _state([card, "attack"])
        assert "other" in _offered(state, card), card
        assert ("other" in _offered(state, card, activating=False)) == when_idle, card
