"""What the table sees of the AI enemy (H3-3.2.4, H3-41): its heroes and flags in public, its AI decks
only as counts (H3-41.6 ⟦H: hidden from all⟧); the lobby's and the briefing's words for Cooperative
games; ally card swaps in Cooperative games (H3-43.3.2)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import RuleViolation
from engine.core.text import Ref
from engine.heroes3 import names as h3_names
from engine.heroes3.clash.briefing import scenario_lines
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import AI_SEAT, OPTION_LABELS, OPTION_VALUES, ClashState
from engine.heroes3.clash.views import ai_secrets
from engine.heroes3.content.names import names as content_names
from engine.sim import play_one
from i18n import EN, render
from tests.heroes3.clash.helpers import act, front, give_card, mutate, new_game, play_to_round, refused_rule

from .helpers import ai_hero, coop_game


def _leaks(state: ClashState) -> list[str]:
    """AI deck secrets found in the public view or any seat's view."""
    secrets = ai_secrets(state)
    assert secrets <= CLASH.secrets(state)[0]  # the leak checks (engine/sim.py) see them
    views = [json.dumps(CLASH.view(state, None), default=str)]
    views += [json.dumps(CLASH.view(state, s), default=str) for s in range(state.players)]
    return [v for v in secrets for text in views if v in text]


def test_h3_41_the_public_view_shows_the_ai_heroes_and_flags() -> None:
    # H3-41.1: an AI hero's army is public like any army (H-28); a field the AI flagged shows as the AI's.
    state = mutate(coop_game(players=2))
    assert state.ai_town is not None
    view: dict[str, Any] = CLASH.view(state, None)
    ai = view["ai"]
    assert ai["faction"] == "necropolis" and ai["town"] == list(state.ai_town)
    assert [h["hero"] for h in ai["heroes"]] == ["tamika", "sandro"]
    tamika = ai["heroes"][0]
    assert tamika["field"] == list(state.ai_town) and not tamika["defeated"]
    assert [a["card"] for a in tamika["army"]][:2] == ["skeletons", "zombies"]
    assert f"{state.ai_town[0]},{state.ai_town[1]}" in ai["flagged"]
    assert view["fields"][f"{state.ai_town[0]},{state.ai_town[1]}"]["flag"] == AI_SEAT
    assert content_names().name(Ref(kind="hero", id=tamika["hero"]), "en") == "Tamika"  # its printed name
    ai_hero(state, "sandro").defeated = True
    assert CLASH.view(state, None)["ai"]["heroes"][1]["defeated"] is True


def test_h3_41_6_the_ai_decks_are_counts_only_in_every_view() -> None:
    # H3-41.6 ⟦H: AI decks hidden from all⟧: no AI card, no spell instance, no order in any view.
    state = coop_game(players=2)
    decks = CLASH.view(state, None)["ai"]["decks"]
    assert decks["tamika"]["cards"] == 5 and decks["tamika"]["discarded"] == 0
    assert decks["sandro"]["spells"] == 2 and decks["tamika"]["skill"] == "offense"
    assert ai_secrets(state)  # there is something to hide
    assert _leaks(state) == []
    assert "ai_decks" not in json.dumps(CLASH.view(state, 0))
    later, _ = play_to_round(state, 2)  # after the AI's first turn on the map
    assert later.ai_heroes and _leaks(later) == []


def test_views_have_no_ai_outside_cooperative_games() -> None:
    assert CLASH.view(new_game(2), None)["ai"] is None


# ---- the lobby and the briefing -------------------------------------------------------------------
def test_h3_3_2_4_the_lobby_names_the_mode_and_the_scenarios() -> None:
    value = render(OPTION_VALUES["mode"]["cooperative"](), EN)
    assert value == "Cooperative, 1-2 players against the AI enemy (H3-3.2.4)"
    assert "Cooperative, 1-2 players against the AI enemy (H3-3.2.4)" in render(OPTION_LABELS["mode"](), EN)
    assert render(OPTION_VALUES["scenario"]["coop_lone_vigil"](), EN) == "Lone Vigil"
    assert render(OPTION_VALUES["scenario"]["coop_necropolis_rising"](), EN) == "Necropolis Rising"
    for sid, en in (("coop_lone_vigil", "Lone Vigil"), ("coop_necropolis_rising", "Necropolis Rising")):
        assert content_names().name(Ref(kind="scenario", id=sid), "en") == en
        assert content_names().name(Ref(kind="h3_scenario", id=sid), "zh_Hans") not in (None, en)


def test_h3_3_1_the_briefing_names_the_ai_enemy_and_its_heroes() -> None:
    lines = scenario_lines("coop_lone_vigil")
    said = "\n".join(render(x, EN, h3_names()) for x in lines)
    assert "every player together against the AI enemy, Necropolis" in said
    assert "AI hero Tamika: Skeletons (Pack), Zombies (Few), a bronze neutral unit." in said
    assert "AI hero Sandro: Wraiths (Few), Vampires (Few)." in said
    assert "If every player is eliminated, the AI enemy wins at once (H3-5.3)." in said
    state = coop_game(players=1)
    events = CLASH.opening_events(state)
    assert [e.msg for e in events[1:]] == lines  # the same words as the /h3 scenario lookup


# ---- H3-43.3.2 in a Cooperative game --------------------------------------------------------------
def _partners() -> ClashState:
    """Two Cooperative players at seat 0's main menu, their main heroes side by side."""
    state = coop_game(players=2)
    for _ in range(20):
        st = front(state)
        if st.kind == "main" and st.seat == 0:
            break
        prompt = CLASH.prompts(state)[0]
        action = {"type": "draw", "n": 0} if st.kind == "hand" else dict(prompt.options[0].action)
        state, _ = act(state, prompt.seat, action)
    state = mutate(state)
    a, b = state.player(0).main, state.player(1).main
    assert a is not None and b is not None
    b.field = (a.field[0] + 1, a.field[1])
    return state


def test_h3_43_3_2_cooperative_allies_swap_cards() -> None:
    state = _partners()
    mine = give_card(state, "magic_arrow", 0)
    theirs = give_card(state, "magic_arrow", 1)
    offered = [o.action for p in CLASH.prompts(state) if p.seat == 0 for o in p.options]
    assert {"type": "ally_swap", "to": 1, "cards": [mine]} in offered
    assert not [a for a in offered if a["type"] == "ally_offer"]  # no resource offers (H3-43.3.1)
    state, _ = act(state, 0, {"type": "ally_swap", "to": 1, "cards": [mine]})
    state, _ = act(state, 1, {"type": "ally_answer", "by": 0, "accept": True, "cards": [theirs]})
    assert theirs in state.player(0).deck.hand and mine in state.player(1).deck.hand


def test_h3_43_3_1_cooperative_players_do_not_offer_resources_at_any_time() -> None:
    # H3-43.3.1 is the Alliance's; Cooperative players give resources at a trading post (H3-43.2.1).
    state = _partners()
    offer = {"type": "ally_offer", "to": 1, "give": {"gold": 1}, "want": {}}
    assert refused_rule(state, offer) == "H3-43.3.1"
    with pytest.raises(RuleViolation) as refused:
        act(state, 0, offer)
    assert refused.value.msg is not None and "trading post (H3-43.2.1)" in render(refused.value.msg, EN)


def test_random_cooperative_games_keep_the_ai_decks_hidden_and_the_invariants() -> None:
    # engine/sim.py's checks after every action: no secret (the AI decks' contents, H3-41.6, among them)
    # in the public view, every offered option legal (an ally's swap offers too), the invariants hold;
    # and the random players' sampler copes with a partner offered only ally trades (H3-43.3.2).
    for players, seed in ((1, 2), (2, 4)):
        report = play_one(CLASH, {"players": players, "mode": "cooperative"}, seed, max_actions=1000, probe=1)
        assert report["failures"] == [], report["failures"][:3]
