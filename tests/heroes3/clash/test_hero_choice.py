"""H3-6.3 (P-3): each player chooses their main hero, secretly and all at once, as the first decision of
the game; the first hero listed is the default, and keeping it leaves the game exactly as setup built it."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from engine.heroes3 import names
from engine.heroes3.cards import deck as cards
from engine.heroes3.clash import hero_choice
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.content.clash import clash_content
from i18n import render

from .helpers import act, front, keep_heroes, mutate, refused_rule

BASE: dict[str, Any] = {"players": 2, "difficulty": "impossible", "starting_player": 0}
FACTIONS = ["castle", "necropolis"]


def start(seed: int = 1, **options: Any) -> ClashState:
    return CLASH.setup({**BASE, "factions": FACTIONS, **options}, seed)


def pick(hero: str) -> dict[str, Any]:
    return {"type": "hero_pick", "hero": hero}


def offered(state: ClashState, seat: int) -> list[str]:
    prompt = next(p for p in CLASH.prompts(state) if p.seat == seat)
    return [str(o.action["hero"]) for o in prompt.options]


def contents(state: ClashState, insts: list[str]) -> Counter[str]:
    return Counter(state.cards[i] for i in insts)


def shared(state: ClashState) -> dict[str, Counter[str]]:
    """Every shared deck's cards (draw and discard pile) by content id."""
    return {k: contents(state, d.draw_pile + d.discard_pile) for k, d in state.decks.items()}


def arrows(state: ClashState) -> int:
    """Magic Arrows in play: the seats' decks and the spell decks (H3-6.12, H3-6.15)."""
    return sum(1 for c in state.cards.values() if c == "magic_arrow")


def test_every_seat_is_asked_first_secretly_with_its_factions_heroes_the_first_the_default() -> None:
    state = start()
    assert front(state).kind == "hero_choice"  # H3-6.3: before H3-6.22's rotations
    prompts = CLASH.prompts(state)
    assert [p.seat for p in prompts] == [0, 1]
    assert all(p.rule == "H3-6.3" and p.secret and p.simultaneous and p.waiting for p in prompts)
    # H3-49.6: the core box alone offers only the core heroes (no Lord Haart of the Tower box)
    assert offered(state, 0) == ["catherine", "adelaide"]
    assert offered(state, 1) == ["tamika", "sandro"]
    for p in prompts:  # P-3: the first listed is the default, the hero setup provisionally gave the seat
        assert p.default == p.options[0].action == pick(state.player(p.seat).hero)
    msg = prompts[0].options[1].msg
    assert msg is not None
    label = render(msg, "en", names())
    assert label == "Adelaide: Cleric, Magic hero; starting ability Wisdom; specialty Frost Ring"


def test_a_tower_box_hero_is_offered_only_with_the_tower_box() -> None:
    state = start(expansions=["tower"])  # H3-49.6: Lord Haart and Vidomina come in the Tower box
    assert offered(state, 0) == ["catherine", "adelaide", "lord_haart_castle"]
    assert offered(state, 1) == ["tamika", "sandro", "lord_haart_necropolis", "vidomina"]


def test_picks_stay_hidden_until_everyone_has_chosen_then_are_announced_together() -> None:
    state = start()
    state, events = act(state, 0, pick("adelaide"))
    (locked,) = events
    assert locked.audience is None and "adelaide" not in json.dumps(locked.model_dump(mode="json"))
    public = CLASH.view(state, None)
    assert public["hero_choice"] == {"key": "hero_choice", "rule": "H3-6.3", "seats": [0, 1], "locked": [0]}
    assert "adelaide" not in json.dumps(public)  # the pick is not applied, nor shown, before all have chosen
    assert "adelaide" not in json.dumps(CLASH.view(state, 1))
    assert CLASH.view(state, 0)["hero_choice"]["my_answer"] == {"hero": "adelaide"}
    assert front(state).kind == "hero_choice"
    state, _ = act(state, 0, pick("catherine"))  # changeable until everyone has locked in
    state, _ = act(state, 0, pick("adelaide"))
    state, events = act(state, 1, pick("tamika"))
    chosen = [e for e in events if e.kind == "h3_hero_chosen"]
    assert [e.audience for e in chosen] == [None, None] and all(e.reveals for e in chosen)
    said = [render(e.msg, "en", names()) for e in chosen]
    assert said == ["Seat 1 plays Adelaide as main hero.", "Seat 2 plays Tamika as main hero."]
    assert state.hero_choice is None and CLASH.view(state, None)["hero_choice"] is None
    assert [p.hero for p in state.seats] == ["adelaide", "tamika"]
    assert front(state).kind == "ask" and front(state).data["what"] == "start_rotate"  # H3-6.22 follows


def test_a_changed_hero_gets_its_own_cards_and_the_shared_decks_stay_as_with_that_hero_fixed() -> None:
    state = start()
    before_arrows = arrows(state)
    state, _ = act(state, 0, pick("adelaide"))
    state, _ = act(state, 1, pick("tamika"))
    assert CLASH.invariants(state) == []  # every card instance in exactly one zone
    deck = contents(state, state.player(0).deck.all_cards())
    # H3-6.11..6.13: Adelaide's statistics, 2 Magic Arrows (a Magic hero), Wisdom and Frost Ring
    assert deck == Counter(clash_content().starting_deck("adelaide"))
    assert deck["magic_arrow"] == 2 and deck["wisdom"] == 1 and deck["frost_ring"] == 1
    assert deck["leadership"] == 0 and deck["crusaders"] == 0
    assert arrows(state) == before_arrows  # the second arrow came out of the spell deck
    # the same cards everywhere as in a game whose option fixed Adelaide: Catherine's Leadership went
    # back to the box, never into the shared ability deck (H3-6.4, H3-6.13)
    fixed = start(heroes=["adelaide", "tamika"])
    assert fixed.hero_choice is None
    assert shared(state) == shared(fixed)
    assert deck == contents(fixed, fixed.player(0).deck.all_cards())


def test_keeping_the_default_changes_nothing() -> None:
    kept = keep_heroes(start(seed=5))
    fixed = start(seed=5, heroes=["catherine", "tamika"])  # the option fixed the first heroes: nobody asked
    assert fixed.hero_choice is None and front(fixed).kind == "ask"
    # same seed, same game: not one draw, card or key differs, only the count of actions taken (two picks)
    assert kept.model_dump(exclude={"step"}) == fixed.model_dump(exclude={"step"})
    assert kept.step == fixed.step + 2


def test_a_seat_the_option_fixed_is_not_asked() -> None:
    state = start(heroes=["adelaide", None])
    assert [p.seat for p in CLASH.prompts(state)] == [1]
    assert state.player(0).hero == "adelaide"
    assert refused_rule(state, pick("catherine"), seat=0) == "CORE-1"


def test_a_campaign_asks_nothing() -> None:
    state = CLASH.setup({"players": 1, "mode": "cooperative", "campaign": "necropolis_war"}, "camp")
    assert state.hero_choice is None  # H3-44.6: the campaign has its own hero rules
    assert all(st.kind != "hero_choice" for st in FLOW.queue(state))


def test_a_hero_not_offered_is_refused_and_changes_nothing() -> None:
    state = start()
    assert refused_rule(state, pick("tamika"), seat=0) == "H3-6.3"  # another seat's faction
    assert refused_rule(state, pick("lord_haart_castle"), seat=0) == "H3-6.3"  # its box is not in the game
    assert refused_rule(state, pick("nobody"), seat=0) == "H3-6.3"
    state, _ = act(state, 0, pick("adelaide"))
    state, _ = act(state, 1, pick("sandro"))
    assert refused_rule(state, pick("catherine"), seat=0) != "H3-6.3"  # over: not a hero choice any more


def test_the_draft_start_sets_aside_the_chosen_heros_cards() -> None:
    state = start(draft_start=True)
    assert front(state).kind == "hero_choice"  # H3-6.3 before the draft's first pick (H3-48.3)
    assert "mine" not in CLASH.view(state, 0)["draft"]  # no seat sees its packet before choosing its hero
    state, _ = act(state, 0, pick("adelaide"))
    state, _ = act(state, 1, pick("tamika"))
    assert front(state).kind == "draft" and CLASH.invariants(state) == []
    mine = CLASH.view(state, 0)["draft"]["mine"]
    assert sorted(c["card"] for c in mine["set_aside"]) == ["frost_ring", "wisdom"] and len(mine["packet"]) == 6
    d = state.draft
    assert d is not None
    assert contents(state, d.aside[0]) == Counter(["wisdom", "frost_ring"])  # H3-48.3 step 1
    assert contents(state, d.stats[0]) == Counter(knowledge=2, power=2, attack=1)  # step 4: Adelaide's board
    assert contents(state, d.aside[1]) == Counter(["offense", "dread_knights"])


def test_the_tournament_asks_before_the_map_is_built() -> None:
    state = CLASH.setup({"players": 2, "mode": "tournament", "difficulty": "impossible"}, 3)
    assert front(state).kind == "hero_choice"  # before H3-45.2's first tile
    state = keep_heroes(state)
    assert front(state).kind == "ask" and front(state).data["what"] == "t_rotate"


def test_an_arrow_left_over_goes_back_to_the_spell_deck() -> None:
    # no default is a Magic hero today, so the swap from a Magic hero to a Might one is tried directly
    state = mutate(start(heroes=["adelaide", "tamika"]))
    total = arrows(state)
    spell = shared(state)["spell"]["magic_arrow"]
    hero_choice.change_hero(state, 0, "catherine")
    assert state.player(0).hero == "catherine"
    assert contents(state, state.player(0).deck.all_cards()) == Counter(clash_content().starting_deck("catherine"))
    assert shared(state)["spell"]["magic_arrow"] == spell + 1 and arrows(state) == total  # H3-6.15
    assert all(cards.home_deck(state, i) == "spell" for i in state.decks["spell"].draw_pile)
    assert CLASH.invariants(state) == []


def test_a_game_with_changed_heroes_plays_on_with_its_invariants() -> None:
    # the simulator keeps the default heroes, so a short random playthrough after two changes checks
    # that nothing the setup built for the first heroes is left behind (cards, zones, views)
    state = start(seed=9, draft_start=False, expansions=["tower"])
    state, _ = act(state, 0, pick("lord_haart_castle"))
    state, _ = act(state, 1, pick("vidomina"))
    rng = random.Random(9)
    for _ in range(150):
        if CLASH.result(state) is not None:
            break
        prompts = CLASH.prompts(state)
        p = rng.choice([x for x in prompts if x.waiting] or prompts)
        state, _ = CLASH.apply(state, p.seat, CLASH.sample_action(state, p.seat, rng))
        assert CLASH.invariants(state) == []
    assert [p.hero for p in state.seats] == ["lord_haart_castle", "vidomina"]
