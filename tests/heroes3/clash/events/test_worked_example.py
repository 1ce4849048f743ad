"""E-7, the rulebook's round example, with the Fortress event (H3-7.5.6): round 5, Alice = Tower (seat 1,
starting), Bob = Dungeon; both have City Halls; Alice drew the event in round 3, so Bob draws Artifact
Merchant, reveals the top 5 artifacts to both, buys Head of Legion (major) for 5 gold, Alice is offered the
rest and passes, the 4 unbought go back into the artifact deck; then the timed event, then Alice's turn."""

from __future__ import annotations

from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import SECONDARY_MP, ClashState, Hero
from i18n import ZH_HANS

from ..helpers import act, front, play_until
from .helpers import asked, choose, deck, fortress_game, kinds, option_index, picks, prompt, stack, words


def _alice_and_bob() -> ClashState:
    state = fortress_game(2, factions=["tower", "dungeon"], expansions=["tower"], starting_player=0)
    alice, bob = state.player(0), state.player(1)
    alice.buildings.append("tower_city_hall")
    bob.buildings.append("dungeon_city_hall")
    assert alice.main is not None
    alice.secondary = Hero(kind="secondary", field=alice.main.field, mp=SECONDARY_MP, last_visited=alice.main.field)
    stack(state, "stables", "artifact_merchant")  # round 3: Alice's event; round 5: Bob's (H3-7.5.3)
    artifacts = state.decks["artifact"].draw_pile
    head = next(c for c in artifacts if state.cards[c] == "head_of_legion")
    artifacts.remove(head)
    artifacts.insert(2, head)  # among the top 5
    return state


def _city_hall(s: ClashState) -> bool:
    st = front(s)
    return s.round == 5 and st.kind == "ask" and st.data.get("what") == "effect_choice"


def test_e_7_round_five_with_the_artifact_merchant() -> None:
    state = _alice_and_bob()
    state, before = play_until(state, _city_hall, "the City Hall prompts of round 5")
    # H3-7.5.3: the starting player drew the first event, in round 3
    assert [(e.data["event"], e.data["seat"]) for e in before if e.kind == "h3_event"] == [("stables", 0)]
    assert deck(state).drawer == 1 and deck(state).current == "stables"
    # (1) refresh: MP back to 3 and 2 (H3-7.2); the timed event's +1 MP comes only at (5), after the event
    alice, bob = state.player(0), state.player(1)
    assert alice.main is not None and alice.secondary is not None and bob.main is not None
    assert (alice.main.mp, alice.secondary.mp, bob.main.mp) == (3, 2, 3)
    astrologers_before = list(state.astrologers.discard_pile)
    log: list[str] = []

    # (3) City Hall: Alice draws a card, Bob takes 5 gold; the event waits for both
    assert prompt(state).seat == 0
    state, events = choose(state, option_index(state, "Option 2"))
    log += kinds(events)
    assert deck(state).current == "stables"  # not drawn yet: Bob's City Hall comes first
    assert prompt(state).seat == 1
    bob_gold = state.player(1).resources["gold"]
    state, events = choose(state, option_index(state, "Option 1"))
    log += kinds(events)
    assert state.player(1).resources["gold"] == bob_gold + 5

    # (4) H3-7.5.2: Bob draws and reads out Artifact Merchant; H3-7.5.6: the top 5 artifacts, face up for both
    assert deck(state).current == "artifact_merchant" and deck(state).drawer == 0
    said = next(e for e in events if e.kind == "h3_event")
    assert said.public and said.data == {"seat": 1, "event": "artifact_merchant"}
    shown = next(e for e in events if e.kind == "h3_event_revealed")
    assert shown.public and "head_of_legion" in shown.data["cards"] and len(shown.data["cards"]) == 5
    in_deck = len(state.decks["artifact"].draw_pile)
    assert asked(state) == "merchant_buy" and prompt(state).seat == 1  # beginning with the drawer
    head = next(c for c in deck(state).revealed if state.cards[c] == "head_of_legion")
    bob_gold = state.player(1).resources["gold"]
    buy = next(o for o in prompt(state).options if o.action["pick"] == head)
    assert words(buy.msg) == "Buy Head of Legion for 5 gold"  # a major artifact: 5 gold
    assert words(buy.msg, ZH_HANS) != words(buy.msg) and "军团之首" in words(buy.msg, ZH_HANS)
    state, events = act(state, 1, dict(buy.action))
    log += kinds(events)
    assert state.player(1).resources["gold"] == bob_gold - 5 and head in state.player(1).deck.hand
    bought = next(e for e in events if e.kind == "h3_bought")
    assert bought.public and bought.data["card"] == "head_of_legion"  # public: it was revealed (H-12)
    # Alice is offered the rest (one card at most, H3-7.5.6) and passes; the cards return to Bob: the end
    assert asked(state) == "merchant_buy" and prompt(state).seat == 0
    assert head not in picks(state) and "pass" in picks(state) and len(picks(state)) >= 2
    state, events = choose(state, "pass")
    log += kinds(events)
    # H3-7.5.5: the 4 unbought artifacts are shuffled back into the artifact deck
    assert deck(state).revealed == [] and len(state.decks["artifact"].draw_pile) == in_deck + 4
    assert "h3_event_returned" in kinds(events) and "h3_event_end" in kinds(events)

    # (5) then the timed event: every hero +1 MP this round (H3-7.4, A-12); (6) Alice takes her turn first
    alice, bob = state.player(0), state.player(1)
    assert alice.main is not None and alice.secondary is not None and bob.main is not None
    assert (alice.main.mp, alice.secondary.mp, bob.main.mp) == (4, 3, 4)
    assert log.index("h3_event") < log.index("h3_event_end") < log.index("h3_timed") < log.index("h3_turn")
    assert front(state).kind == "hand" and front(state).seat == 0
    # no astrologer card in round 5; one at the start of round 6 (H3-7.3)
    assert state.astrologers.discard_pile == astrologers_before
    state, _ = play_until(state, lambda s: s.round == 6, "round 6")
    assert len(state.astrologers.discard_pile) == len(astrologers_before) + 1
    assert deck(state).current == "artifact_merchant"  # no event in an astrologer round
    assert CLASH.invariants(state) == []
