"""Diplomacy's basic effect (H3-29.4, H3-29.5): a neutral unit card per dwelling, from its tier; a
built gold dwelling adds an azure card for this card only; one of them may be recruited at its cost."""

from __future__ import annotations

from engine.core.text import Ref
from engine.heroes3.adventure import effects
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.content import load
from engine.heroes3.content.clash import clash_content

from .helpers import mutate, new_game, to_main


def _with_dwellings(tiers: list[str]) -> ClashState:
    state = mutate(to_main(new_game(seed=4), 0))
    p = state.player(0)
    town = clash_content().towns[p.faction]
    p.buildings = [b.id for b in town.buildings if b.kind in {f"dwelling_{t}" for t in tiers}]
    p.resources = {"gold": 40, "building_materials": 10, "valuables": 10}
    return state


def _play_diplomacy(state: ClashState) -> tuple[ClashState, list[str]]:
    steps = list(clash_content().cards["diplomacy"].basic.steps)
    effects.push_effects(state, 0, "main", steps)
    events = FLOW.advance(state)
    (offered,) = [e for e in events if e.kind == "h3_neutral_drawn"]
    assert offered.msg is not None
    units = offered.msg.params["units"]
    assert isinstance(units, list)
    return state, [u.id for u in units if isinstance(u, Ref)]


def test_h3_29_5_a_gold_dwelling_adds_an_azure_card_to_diplomacy() -> None:
    state, drawn = _play_diplomacy(_with_dwellings(["bronze", "silver", "gold"]))
    # H3-29.4: one card per dwelling from its tier; H3-29.5: and an azure one with the gold dwelling
    assert [load().unit(c).tier for c in drawn] == ["bronze", "silver", "gold", "azure"]
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0 and len(prompt.options) == 5  # each affordable card, or none


def test_h3_29_5_without_the_gold_dwelling_no_azure_card() -> None:
    _, drawn = _play_diplomacy(_with_dwellings(["bronze", "silver"]))
    assert [load().unit(c).tier for c in drawn] == ["bronze", "silver"]


def test_h3_29_4_the_recruited_neutral_joins_the_army_and_the_rest_go_to_their_own_discard_piles() -> None:
    state, drawn = _play_diplomacy(_with_dwellings(["bronze", "gold"]))
    before = {t: list(state.neutral_decks[t].discard_pile) for t in ("bronze", "gold", "azure")}
    prompt = CLASH.prompts(state)[0]
    azure = next(o for o in prompt.options if o.action.get("pick") == str(drawn.index(drawn[-1])))
    state, _ = CLASH.apply(state, 0, dict(azure.action))
    p = state.player(0)
    assert any(a.card == drawn[-1] and a.side == "neutral" for a in p.army)
    for card in drawn[:-1]:
        tier = load().unit(card).tier
        assert state.neutral_decks[tier].discard_pile == before[tier] + [card]
    assert state.neutral_decks["azure"].discard_pile == before["azure"]
