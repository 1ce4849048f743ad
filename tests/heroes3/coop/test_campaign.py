"""The solo campaign (H3-3.2.2, H3-44, H3-4.5, H3-5.7) played as one game: the campaign bonus and
income, the between-scenarios steps after a win, the replay after a loss, the hidden carried deck."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.core import Event, RuleViolation
from engine.heroes3.clash import setup as clash_setup
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashOptions, ClashState
from engine.heroes3.content.campaigns import campaigns
from engine.heroes3.content.clash import clash_content
from engine.heroes3.coop import campaign
from tests.heroes3.clash.helpers import act, front, give_card, mutate, new_game, play_until, refused_rule, to_main

from .helpers import coop_game

CARRIED = ["fireball", "haste", "logistics", "tactics", "bless", "crusaders_iv"]  # the last is a specialty


def _campaign_game(seed: int = 3, **options: object) -> ClashState:
    return coop_game(1, seed=seed, campaign="necropolis_war", **options)


def _answer_rotations(state: ClashState) -> ClashState:
    """H3-6.22: the next scenario's starting tile keeps its printed orientation."""
    while front(state).kind == "ask" and front(state).data.get("what") == "start_rotate":
        state, _ = act(state, 0, {"type": "choose", "pick": str(CLASH.prompts(state)[0].options[0].action["pick"])})
    return state


def _deck_contents(state: ClashState) -> Counter[str]:
    return Counter(state.cards[i] for i in campaign.own_deck(state.player(0)))


def _won(state: ClashState, cards: list[str]) -> tuple[ClashState, list[Event]]:
    """The first scenario won with ``cards`` in the hand, the level raised (arranged); the between-scenarios
    steps queued by ``scenario_won`` as the Cooperative victory would (coop/victory.py)."""
    state = mutate(state)
    p = state.player(0)
    p.level, p.xp = 4, 6
    for card in cards:
        give_card(state, card)
    events = campaign.scenario_won(state)
    assert events is not None
    events += FLOW.advance(state)
    return state, events


def _pick(state: ClashState, content: str) -> ClashState:
    prompt = CLASH.prompts(state)[0]
    pick = next(
        str(o.action["pick"])
        for o in prompt.options
        if o.action["pick"] in state.cards and state.cards[str(o.action["pick"])] == content
    )
    state, _ = act(state, 0, {"type": "choose", "pick": pick})
    return state


def test_h3_4_5_the_campaign_bonus_replaces_the_difficulty_bonus_and_h3_44_1_sets_the_income() -> None:
    plain = coop_game(1, seed=3, difficulty="easy")
    assert front(plain).data.get("what") == "bonus"  # H3-4.2 outside a campaign
    state = _campaign_game(difficulty="easy")
    assert state.campaign is not None and state.campaign.id == "necropolis_war" and state.campaign.index == 0
    assert state.scenario == "coop_lone_vigil"
    assert front(state).data.get("what") == "campaign_bonus_pick"  # H3-4.5: not the difficulty bonus
    assert state.player(0).production == {"gold": 10, "building_materials": 0, "valuables": 0}  # H3-44.1
    gold, bm = state.player(0).resources["gold"], state.player(0).resources["building_materials"]
    state, events = act(state, 0, {"type": "choose", "pick": "0"})
    assert state.player(0).resources["gold"] == gold + 10
    assert state.player(0).resources["building_materials"] == bm + 2
    assert any(e.kind == "h3_campaign_bonus" for e in events)
    assert not any(st.data.get("what") == "bonus" for st in FLOW.queue(state))
    # H3-44.3: the starting deck is recorded from the start, for a replay of the first scenario
    assert state.campaign is not None
    assert Counter(state.campaign.deck) == Counter(clash_content().starting_deck(state.player(0).hero))


def test_h3_4_4_an_artifact_search_bonus_reshuffles_the_artifact_deck_afterwards() -> None:
    state = _campaign_game()
    state, _ = act(state, 0, {"type": "choose", "pick": "1"})  # Search (2) the artifact deck
    assert front(state).kind == "search" and state.pools.get("artifact_bonus")
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    keep = state.player(0).searching[0]
    state, events = act(state, 0, {"type": "search", "choice": "keep", "card": keep})
    assert keep in state.player(0).deck.hand and "artifact_bonus" not in state.pools
    assert any(e.kind == "h3_artifacts_reshuffled" for e in events)


def test_h3_44_2_a_won_scenario_carries_statistics_the_level_i_specialty_and_five_chosen_cards() -> None:
    state, events = _won(_campaign_game(), CARRIED)
    hero = state.player(0).hero
    stats_before = Counter(
        state.cards[i]
        for i in campaign.own_deck(state.player(0))
        if clash_content().cards[state.cards[i]].kind == "statistic"
    )
    assert any(e.kind == "h3_campaign_won" and e.public for e in events)
    assert front(state).data.get("what") == "campaign_hero"  # H3-44.6: first the optional change
    state, _ = act(state, 0, {"type": "choose", "pick": "keep"})
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-44.2" and prompt.secret
    offered = {state.cards[str(o.action["pick"])] for o in prompt.options}
    assert {"fireball", "haste", "logistics", "tactics", "bless"} <= offered
    kinds = {clash_content().cards[c].kind for c in offered}
    assert not kinds & {"statistic", "specialty"}  # H3-44.2: "other non-specialty cards"
    for card in ["fireball", "haste", "logistics", "tactics", "bless"]:
        state = _pick(state, card)
    state = _answer_rotations(state)
    c = clash_content()
    p = state.player(0)
    assert state.scenario == "coop_barrow_road" and state.round == 1 and p.hero == hero
    assert p.level == 1 and p.xp == 0  # H3-44.2: level I again
    wanted = stats_before + Counter([c.heroes[hero].specialty_cards[1], "fireball", "haste", "logistics", "tactics"])
    wanted["bless"] += 1
    assert _deck_contents(state) == wanted
    assert state.campaign is not None and Counter(state.campaign.deck) == wanted and state.campaign.index == 1
    assert state.campaign.won == 1 and state.campaign.kept == []
    # the second scenario is on the map: its AI town and heroes, its income (H3-44.1)
    assert state.ai_town is not None and {a.id for a in state.ai_heroes} == {"sandro", "tamika"}
    assert any(a.card == "liches" for a in state.ai_heroes[0].army)
    assert len(state.tiles) == len(c.scenarios["coop_barrow_road"].slots)
    assert p.production == {"gold": 10, "building_materials": 0, "valuables": 0}
    assert p.main is not None and state.field(p.main.field).flag == 0
    assert CLASH.invariants(state) == []
    # the carried cards are not in the shared decks as well: one copy less there
    shared = Counter(state.cards[i] for d in state.decks.values() for i in (*d.draw_pile, *d.discard_pile))
    for card in ("fireball", "haste", "bless"):
        assert shared[card] + wanted[card] == c.cards[card].copies
    # H3-4.5: this scenario's own bonus (one choice: resolved at once, no question)
    assert front(state).kind == "search" and front(state).data.get("deck") == "spell"


def test_h3_44_6_a_change_of_hero_brings_the_new_heros_statistics_and_specialty() -> None:
    state, _ = _won(_campaign_game(factions=["castle"]), CARRIED)
    assert state.player(0).hero == "catherine"
    state, events = act(state, 0, {"type": "choose", "pick": "adelaide"})
    assert any(e.kind == "h3_campaign_hero" for e in events)
    prompt = CLASH.prompts(state)[0]
    picks = {str(o.action["pick"]) for o in prompt.options}
    assert campaign.NEW_ABILITY in picks and campaign.NEW_ARROW in picks  # wisdom, Magic Arrows (H3-44.6)
    state, _ = act(state, 0, {"type": "choose", "pick": campaign.NEW_ABILITY})
    for _ in range(4):
        state, _ = act(state, 0, {"type": "choose", "pick": campaign.NEW_ARROW})
    state = _answer_rotations(state)
    c = clash_content()
    assert state.player(0).hero == "adelaide"
    want = Counter(x for x in c.starting_deck("adelaide") if c.cards[x].kind == "statistic")
    want.update(["frost_ring", "wisdom", "magic_arrow", "magic_arrow", "magic_arrow", "magic_arrow"])
    assert _deck_contents(state) == want
    assert CLASH.invariants(state) == []


def test_h3_44_6_never_more_than_four_magic_arrows_after_a_change_of_hero() -> None:
    state, _ = _won(_campaign_game(factions=["castle"]), ["magic_arrow"] * 4)
    state, _ = act(state, 0, {"type": "choose", "pick": "adelaide"})
    for _ in range(4):
        state, _ = act(state, 0, {"type": "choose", "pick": campaign.NEW_ARROW})
    prompt = CLASH.prompts(state)[0]
    contents = [campaign._kept_content(state, str(o.action["pick"])) for o in prompt.options]
    assert "magic_arrow" not in contents
    assert refused_rule(state, {"type": "choose", "pick": campaign.NEW_ARROW}) == "H3-44.2"


def test_h3_44_2_a_refused_pick_changes_nothing() -> None:
    state, _ = _won(_campaign_game(), CARRIED)
    state, _ = act(state, 0, {"type": "choose", "pick": "keep"})
    p = state.player(0)
    stat = next(i for i in campaign.own_deck(p) if clash_content().cards[state.cards[i]].kind == "statistic")
    specialty = next(i for i in p.deck.hand if state.cards[i] == "crusaders_iv" or state.cards[i].endswith("_iv"))
    assert refused_rule(state, {"type": "choose", "pick": stat}) == "H3-44.2"  # statistics come anyway
    assert refused_rule(state, {"type": "choose", "pick": specialty}) == "H3-44.2"  # no specialty
    assert refused_rule(state, {"type": "choose", "pick": "k999"}) == "H3-44.2"
    state = _pick(state, "fireball")
    fireball = state.campaign.kept[0] if state.campaign else ""
    assert refused_rule(state, {"type": "choose", "pick": fireball}) == "H3-44.2"  # one pick per card


def test_the_chosen_cards_never_reach_a_public_view_or_event() -> None:
    state, events = _won(_campaign_game(), CARRIED)
    state, more = act(state, 0, {"type": "choose", "pick": "keep"})
    events += more
    chosen = ["fireball", "haste", "logistics", "tactics", "bless"]
    kept: list[str] = []
    for card in chosen:
        prompt = CLASH.prompts(state)[0]
        assert prompt.secret  # H: the deck's contents are the owner's
        pick = next(str(o.action["pick"]) for o in prompt.options if state.cards.get(str(o.action["pick"])) == card)
        kept.append(pick)
        state, more = act(state, 0, {"type": "choose", "pick": pick})
        events += more
        public = json.dumps(CLASH.view(state, None), default=str)
        assert not any(f'"{k}"' in public for k in kept)
    for e in events:
        if e.public:
            text = json.dumps(e.model_dump(mode="json"))
            assert '"card"' not in text and not any(card in text for card in chosen), e.kind
    mine = [e for e in events if e.kind == "h3_campaign_you_kept"]
    assert len(mine) == 5 and all(e.audience == [0] for e in mine)
    # the recorded list (H3-44.3) is not in the public view of the next scenario either
    state = _answer_rotations(state)
    assert state.campaign is not None and state.scenario == "coop_barrow_road"
    public = json.dumps(CLASH.view(state, None), default=str)
    assert "logistics" not in public and "tactics" not in public


def test_h3_44_3_a_lost_scenario_is_replayed_with_the_recorded_list() -> None:
    state, _ = _won(_campaign_game(), CARRIED)
    state, _ = act(state, 0, {"type": "choose", "pick": "keep"})
    for card in ["fireball", "haste", "logistics", "tactics", "bless"]:
        state = _pick(state, card)
    state = _answer_rotations(state)
    assert state.campaign is not None
    recorded = Counter(state.campaign.deck)
    # the scenario goes badly: cards gained and lost, a level, then the defeat (coop/victory.py calls this)
    lost = mutate(state)
    give_card(lost, "armageddon")
    lost.player(0).level = 3
    events = campaign.scenario_lost(lost)
    assert events is not None and any(e.kind == "h3_campaign_lost" for e in events)
    assert campaign.scenario_lost(lost) == []  # one defeat found twice (elimination, then round end): asked once
    assert sum(st.data.get("what") == "campaign_retry" for st in FLOW.queue(lost)) == 1
    FLOW.advance(lost)
    assert front(lost).data.get("what") == "campaign_retry"
    replayed, events = act(lost, 0, {"type": "choose", "pick": "replay"})
    replayed = _answer_rotations(replayed)
    assert replayed.scenario == "coop_barrow_road" and replayed.round == 1 and replayed.player(0).level == 1
    assert _deck_contents(replayed) == recorded  # H3-44.3
    assert replayed.winners is None and CLASH.invariants(replayed) == []
    assert any(e.kind == "h3_campaign_replay" for e in events)
    # H3-44.6: or replayed with another hero of the faction: its statistics and level I specialty instead
    c = clash_content()
    other = next(h for h in c.towns[lost.player(0).faction].heroes if h != lost.player(0).hero)
    swapped, _ = act(lost, 0, {"type": "choose", "pick": f"replay:{other}"})
    swapped = _answer_rotations(swapped)
    rest = recorded - Counter(x for x in recorded.elements() if c.cards[x].kind in ("statistic", "specialty"))
    want = rest + Counter(x for x in c.starting_deck(other) if c.cards[x].kind == "statistic")
    want[c.heroes[other].specialty_cards[1]] += 1
    assert swapped.player(0).hero == other and _deck_contents(swapped) == want
    assert swapped.campaign is not None and Counter(swapped.campaign.deck) == want  # H3-44.3: recorded again
    ended, events = act(lost, 0, {"type": "choose", "pick": "end"})
    assert ended.winners == [] and CLASH.result(ended) is not None
    assert any(e.kind == "game_over" and e.public for e in events)  # the bot tells why (cogs/lang.py END_KINDS)


def test_h3_5_7_the_last_scenario_won_ends_the_game_as_usual() -> None:
    state = mutate(_campaign_game())
    assert state.campaign is not None
    state.campaign.index = len(campaigns()["necropolis_war"].scenarios) - 1
    assert campaign.scenario_won(state) is None  # the victory ends the game (coop/victory.py)
    assert campaign.scenario_won(mutate(coop_game(1))) is None  # no campaign, nothing to do
    assert campaign.scenario_lost(mutate(coop_game(1))) is None


def test_h3_44_4_an_unavailable_carried_card_is_replaced_by_a_search() -> None:
    # H3-44.4: a carried card the new scenario's decks hold no copy of is replaced by a Search (3)
    c = clash_content()
    single = next(x.id for x in c.cards.values() if x.kind == "artifact" and x.copies == 1)
    state, _ = _won(_campaign_game(), [single, single, "fireball", "haste", "bless"])
    state, _ = act(state, 0, {"type": "choose", "pick": "keep"})
    p = state.player(0)
    twins = [i for i in p.deck.hand if state.cards[i] == single]
    for inst in twins:
        state, _ = act(state, 0, {"type": "choose", "pick": inst})
    for card in ["fireball", "haste", "bless"]:
        state = _pick(state, card)
    assert state.campaign is not None and state.campaign.deck.count(single) == 2  # H3-44.3 records both
    assert _deck_contents(state)[single] == 1  # the deck held one copy: the other is unavailable
    assert front(state).kind == "search" and front(state).data.get("deck") == "artifact"
    assert CLASH.invariants(state) == []


def test_h3_3_2_2_a_campaign_table_has_one_seat() -> None:
    assert CLASH.seat_range({"mode": "cooperative", "campaign": "necropolis_war"}) == (1, 1)
    assert CLASH.seat_range({"mode": "cooperative"}) == (1, 2)
    pair = ClashOptions(players=2, mode="cooperative", campaign="necropolis_war")
    with pytest.raises(RuleViolation) as refused:
        clash_setup.campaign_for(pair)  # the setup's own check, behind the lobby's seat range
    assert refused.value.rule == "H3-3.2.2" and "1 player" in refused.value.message


@pytest.mark.parametrize(
    ("options", "rule"),
    [
        ({"players": 2, "campaign": "necropolis_war"}, "H3-3.2.2"),  # Clash mode
        ({"players": 2, "mode": "cooperative", "campaign": "necropolis_war"}, "CORE-2"),  # 2 seats: seat_range
        ({"players": 1, "mode": "cooperative", "campaign": "no_such_war"}, "H3-3.2.2"),
        (
            {"players": 1, "mode": "cooperative", "campaign": "necropolis_war", "scenario": "coop_lone_vigil"},
            "H3-3.2.2",
        ),
        ({"players": 1, "mode": "cooperative", "campaign": "necropolis_war", "factions": ["necropolis"]}, "H3-44.6"),
    ],
)
def test_h3_3_2_2_the_campaign_option_is_solo_cooperative_only(options: dict[str, object], rule: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        CLASH.setup(options, "refused")
    assert refused.value.rule == rule


def test_the_house_campaign_and_its_new_scenario_are_data() -> None:
    war = campaigns()["necropolis_war"]
    assert war.house and "House" in war.text
    assert [s.scenario for s in war.scenarios] == ["coop_lone_vigil", "coop_barrow_road"]
    assert all(s.income.as_dict() == {"gold": 10, "building_materials": 0, "valuables": 0} for s in war.scenarios)
    road = clash_content().scenarios["coop_barrow_road"]
    assert road.house and road.type == "cooperative" and road.players == 1 and road.ai is not None
    assert road.ai.faction not in road.factions  # humans never play the AI's faction
    solo = new_game(players=1, seed=5, mode="cooperative", scenario="coop_barrow_road")
    assert solo.scenario == "coop_barrow_road" and solo.ai_town is not None and CLASH.invariants(solo) == []


def test_the_next_scenario_is_the_same_from_the_same_seed_and_never_reuses_a_card_id() -> None:
    def play() -> ClashState:
        state, _ = _won(_campaign_game(seed=9), CARRIED)
        state, _ = act(state, 0, {"type": "choose", "pick": "keep"})
        for card in ["fireball", "haste", "logistics", "tactics", "bless"]:
            state = _pick(state, card)
        return state

    first, second = play(), play()
    assert first.model_dump() == second.model_dump()  # state.rng carried on: a replay from the seed agrees
    before = _won(_campaign_game(seed=9), CARRIED)[0]
    assert not set(first.cards) & set(before.cards)  # fresh instance ids for the new scenario


def _to_round_end(state: ClashState, what: str) -> tuple[ClashState, list[Event]]:
    """Empty turns until the campaign asks ``what``; returns the events on the way."""

    def asked(s: ClashState) -> bool:
        st = front(s)
        return st.kind == "ask" and st.data.get("what") == what

    return play_until(state, asked, f"the campaign asking {what}", 300)


def test_h3_5_7_the_cooperative_victory_of_a_campaign_goes_on_to_the_next_scenario() -> None:
    state = to_main(_campaign_game(), 0)
    state = mutate(state)
    state.met = [0]  # the table's goal met this round (coop/victory.py records it so)
    state, events = _to_round_end(state, "campaign_hero")
    assert state.winners is None and CLASH.result(state) is None  # the game goes on (H3-5.7)
    assert any(e.kind == "h3_campaign_won" for e in events)
    assert not any(e.kind == "game_over" for e in events)
    state, _ = act(state, 0, {"type": "choose", "pick": "keep"})
    while front(state).kind == "ask" and front(state).data.get("what") == "campaign_keep":
        state, _ = act(state, 0, {"type": "choose", "pick": str(CLASH.prompts(state)[0].options[0].action["pick"])})
    assert state.scenario == "coop_barrow_road" and state.round == 1 and state.met == []
    # the last scenario won ends the game as any Cooperative victory
    state = to_main(_answer_rotations(state), 0)
    state = mutate(state)
    state.met = [0]
    state, _ = play_until(state, lambda s: s.winners is not None, "the end of the campaign", 300)
    assert state.winners == [0]


def test_h3_44_3_the_cooperative_defeat_of_a_campaign_asks_to_replay() -> None:
    state = to_main(_campaign_game(), 0)
    state = mutate(state)
    state.round = state.round_limit  # the last round: its end loses the scenario (round_limit_passes)
    state, events = _to_round_end(state, "campaign_retry")
    assert state.winners is None and any(e.kind == "h3_campaign_lost" for e in events)
    state, _ = act(state, 0, {"type": "choose", "pick": "replay"})
    assert state.scenario == "coop_lone_vigil" and state.round == 1 and state.winners is None


def test_h3_44_3_an_eliminated_campaign_player_may_replay_the_scenario() -> None:
    state = mutate(to_main(_campaign_game(), 0))
    p = state.player(0)
    assert p.main is not None
    state.field(p.main.field).flag = None  # the town lost (arranged) ...
    p.no_base_rounds = 2  # ... for the third round running: H3-5.3.1 at this round's end
    state, events = _to_round_end(state, "campaign_retry")
    assert state.player(0).eliminated and state.winners is None
    assert sum(e.kind == "h3_campaign_lost" for e in events) == 1
    state, _ = act(state, 0, {"type": "choose", "pick": "replay"})
    assert not state.player(0).eliminated and state.player(0).main is not None and state.scenario == "coop_lone_vigil"
    assert CLASH.invariants(state) == []
