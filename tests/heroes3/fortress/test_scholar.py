"""The Scholar (H3-50.8, [EXP: Fortress]; S-H1 docs/fields/scholar.md): roll the attack die; +1 a statistic
card of the visitor's choice or one removed from the hand; 0 two ability cards drawn, one kept, one discarded;
-1 the same with two spell cards. The choices are the visitor's prompts (adventure/scholar.py)."""

from __future__ import annotations

from engine.heroes3.adventure import visits
from engine.heroes3.adventure.geometry import index, location
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, PlacedTile
from engine.heroes3.content.clash import clash_content

from ..clash.helpers import act, front, mutate, new_game, refused_rule, to_main
from ..helpers import FixedRng


def _scholar_visited(face: int) -> tuple[ClashState, list[str]]:
    """Seat 0's main hero visits a Scholar on an F13 tile laid face up beside the map; the attack die is
    forced to ``face``. Returns the state at the Scholar's question and the kinds of the events so far."""
    state = mutate(to_main(new_game(2, factions=["fortress", "castle"], expansions=["fortress"]), 0))
    state.tiles.append(PlacedTile(centre=(7, 0), tile="F13", kind="far", face_up=True))
    spot = next(p for p in index(state) if (loc := location(state, p)) is not None and loc.id == "scholar")
    die = clash_content().attack_die
    state.rng = FixedRng(script=[die.index(face)])
    events = visits.visit(state, 0, "main", spot)
    events += FLOW.advance(state)
    assert state.field(spot).black  # H3-22.5: a visitable field takes a black cube
    return state, [e.kind for e in events]


def test_h3_50_8_plus_one_takes_a_statistic_card_of_ones_choice() -> None:
    state, kinds = _scholar_visited(1)
    assert "h3_scholar_roll" in kinds
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "scholar_stat"
    prompt = CLASH.prompts(state)[0]
    assert prompt.secret  # the options name the hand's statistic cards
    picks = [o.action["pick"] for o in prompt.options]
    assert picks[:4] == ["take:attack", "take:defense", "take:power", "take:knowledge"] and "skip" not in picks
    hand = list(state.player(0).deck.hand)
    state, events = act(state, 0, {"type": "choose", "pick": "take:knowledge"})
    new = [c for c in state.player(0).deck.hand if c not in hand]
    assert [state.cards[c] for c in new] == ["knowledge"]  # H3-13.2.4: to the hand
    assert "h3_stat_taken" in [e.kind for e in events]


def test_h3_50_8_plus_one_or_removes_a_statistic_card_from_the_hand() -> None:
    state, _ = _scholar_visited(1)
    me = state.player(0)
    stat = state.new_card("defense")
    other = state.new_card("magic_arrow")
    me.deck.hand = [stat, other]
    picks = [o.action["pick"] for o in CLASH.prompts(state)[0].options]
    assert f"remove:{stat}" in picks and f"remove:{other}" not in picks  # only a statistic card
    assert refused_rule(state, {"type": "choose", "pick": f"remove:{other}"}) == "H3-50.8"
    state, _ = act(state, 0, {"type": "choose", "pick": f"remove:{stat}"})
    me = state.player(0)
    assert stat in me.deck.removed and me.deck.hand == [other]  # H3-13.2.8: out of the game


def test_h3_50_8_zero_draws_two_ability_cards_keeps_one_and_discards_the_other() -> None:
    state, kinds = _scholar_visited(0)
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "scholar_keep"
    me = state.player(0)
    drawn = list(me.searching)
    assert len(drawn) == 2 and all(clash_content().cards[state.cards[c]].kind == "ability" for c in drawn)
    assert "h3_you_see" in kinds
    prompt = CLASH.prompts(state)[0]
    assert prompt.secret and [o.action["pick"] for o in prompt.options] == drawn
    state, events = act(state, 0, {"type": "choose", "pick": drawn[1]})
    me = state.player(0)
    assert drawn[1] in me.deck.hand and me.searching == []
    assert state.decks["ability"].discard_pile[-1] == drawn[0]  # face up on the ability discard pile
    said = next(e for e in events if e.kind == "h3_scholar_kept")
    assert said.audience is None and said.data["discarded"] == [state.cards[drawn[0]]]  # the kept one stays hidden


def test_h3_50_8_minus_one_draws_two_spell_cards() -> None:
    state, _ = _scholar_visited(-1)
    me = state.player(0)
    drawn = list(me.searching)
    assert len(drawn) == 2 and all(clash_content().cards[state.cards[c]].kind == "spell" for c in drawn)
    state, _ = act(state, 0, {"type": "choose", "pick": drawn[0]})
    assert drawn[0] in state.player(0).deck.hand and state.decks["spell"].discard_pile[-1] == drawn[1]
