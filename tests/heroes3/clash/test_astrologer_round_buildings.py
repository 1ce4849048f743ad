"""Town buildings that act as an astrologer round begins (H3-7.3.2, town/triggers.py): Tower's Wall of
Knowledge takes back a Knowledge or Power card from the discard pile (our words of the printed board:
"each astrologer round you may take back a Knowledge or Power card"); the owner may decline."""

from __future__ import annotations

from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState

from .helpers import front, give_card, mutate, new_game, play_until


def _asked(s: ClashState) -> bool:
    st = front(s)
    return st.kind == "ask" and st.data.get("what") == "recall_kind"


def test_h3_7_3_2_the_wall_of_knowledge_takes_back_a_knowledge_card_as_the_astrologer_round_begins() -> None:
    state = mutate(new_game(2, factions=["tower", "castle"], expansions=["tower"], no_astrologers=True))
    p = state.player(0)
    p.buildings.append("tower_wall_of_knowledge")
    knowledge = give_card(state, "knowledge")
    p.deck.hand.remove(knowledge)
    p.deck.discard.append(knowledge)
    attack = give_card(state, "attack")
    p.deck.hand.remove(attack)
    p.deck.discard.append(attack)

    state, _ = play_until(state, _asked, "the Wall of Knowledge question")
    assert state.round == 2  # the first astrologer round (H3-7.3)
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0
    picks = [o.action.get("pick") for o in prompt.options]
    assert knowledge in picks and attack not in picks and "skip" in picks  # a Knowledge or Power card, or none
    chosen = next(o for o in prompt.options if o.action.get("pick") == knowledge)
    state, _ = CLASH.apply(state, 0, dict(chosen.action))
    p = state.player(0)
    assert knowledge in p.deck.hand and knowledge not in p.deck.discard


def test_the_wall_asks_nothing_of_a_player_without_it() -> None:
    state = mutate(new_game(2, factions=["tower", "castle"], expansions=["tower"], no_astrologers=True))

    def in_round_2(s: ClashState) -> bool:
        return s.round == 2 and front(s).kind == "main"

    state, _ = play_until(state, lambda s: _asked(s) or in_round_2(s), "round 2")
    assert not _asked(state)
