"""The solo campaign (H3-3.2.2, H3-44, H3-4.5, H3-5.7): a chain of 1-player Cooperative scenarios played
as ONE game, so one table (one Discord thread) carries the hero from scenario to scenario.

Why in the same state: the campaign's whole point is what carries over (H3-44.2: the statistic cards,
the level I specialty and 5 chosen cards), and a new game would have to smuggle that hidden deck through
the lobby. So when a scenario is won and another follows, ``scenario_won`` queues the between-scenarios
steps instead of ending the game: the optional change of hero (H3-44.6), the 5 picks (one secret prompt
each: the deck is hidden information), then ``campaign_next``, which wipes the map and sets the next
scenario up in this state with the carried deck (``setup_scenario``; setup steps 11-13 are skipped,
H3-44.2). ``state.rng`` and the card-instance counter go on, so a replay from the seed is the same game
and no instance id is ever reused. A lost scenario (``scenario_lost``) asks whether to replay it with
the recorded list (H3-44.3), with the same hero or another of the faction (H3-44.6), or to end the
campaign as a loss.

Our readings (house): the deck of H3-44.2 is the hand, the draw pile, the discard pile and a permanent
card in play; the hero's own starting ability is never taken out of the ability deck (as in setup,
H3-6.13), every other carried ability, artifact or spell card is, and one the new scenario's decks hold
no copy of is "unavailable" (H3-44.4): it is dropped and a Search (3) of its deck, taken as any Search
gain to the hand (H3-13.2.5), replaces it. The empowered statistic cards of H3-44.6 are an expansion's
(H3-6.28) and not in this game. An artifact search in a campaign bonus reshuffles the artifact deck
afterwards, as the difficulty bonus's does (H3-4.4), since the campaign bonus stands in for it (H3-4.5).
"""

from __future__ import annotations

from engine.core import Deck, Event
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..adventure import effects
from ..cards import deck as cards
from ..clash import briefing
from ..clash import messages as m
from ..clash import setup as clash_setup
from ..clash.asks import ask, new_ask, push_ask
from ..clash.flow import FLOW, seat_of
from ..clash.state import Campaign, ClashState, Player
from ..combat.models import ArmyCard
from ..content.campaigns import CampaignScenario, CampaignSpec, campaigns
from ..content.clash import Choice, clash_content
from ..content.texts import text_ref
from ..neutrals.difficulty import new_decks
from . import messages as cm
from .setup import place_ai

KEEP = 5  # H3-44.2: "5 other non-specialty cards of your choice"
MAX_ARROWS = 4  # H3-44.6: never more than 4 Magic Arrows after a change of hero
ARROW = "magic_arrow"
NEW_ABILITY = "new:ability"  # H3-44.6: a pick that is the new hero's starting ability
NEW_ARROW = "new:magic_arrow"  # H3-44.6: a pick that is a Magic Arrow
SEAT = 0  # a campaign is solo (H3-3.2.2)


def _camp(state: ClashState) -> Campaign:
    assert state.campaign is not None, "a campaign step outside a campaign"
    return state.campaign


def spec_of(state: ClashState) -> CampaignSpec:
    return campaigns()[_camp(state).id]


def link_of(state: ClashState) -> CampaignScenario:
    """The chain's link being played."""
    return spec_of(state).scenarios[_camp(state).index]


def _names(state: ClashState) -> dict[str, object]:
    """The words every campaign announcement shares: the campaign's and the scenario's names, where in the chain."""
    camp = _camp(state)
    return {
        "campaign": Ref(kind="campaign", id=camp.id),
        "scenario": m.ref("scenario", state.scenario),
        "n": camp.index + 1,
        "total": len(spec_of(state).scenarios),
    }


# ---- H3-4.5: the campaign bonus ---------------------------------------------------------------------
@FLOW.auto("campaign_bonus")
def _bonus(state: ClashState, st: Step) -> list[Event]:
    """H3-4.5: the link's own bonus replaces the difficulty bonus; one choice is simply taken."""
    bonus = link_of(state).bonus
    if len(bonus) == 1:
        return _take_bonus(state, bonus[0])
    if bonus:
        push_ask(state, "campaign_bonus_pick", SEAT)
    return []


def _describe(choice: Choice) -> list[Ref | str]:
    return [text_ref(s.text) for s in choice.steps if s.text]


def _take_bonus(state: ClashState, choice: Choice) -> list[Event]:
    # effects go in front of the reshuffle, which H3-4.4 wants after an artifact search (``bonus_end``)
    FLOW.push(state, FLOW.new(state, "bonus_end"))
    if any(s.effect == "search" and s.word("deck", "artifact") == "artifact" for s in choice.steps):
        clash_setup.mark_artifacts_touched(state)
    effects.push_effects(state, SEAT, "main", choice.steps)
    return [Event.to_all("h3_campaign_bonus", cm.CAMPAIGN_BONUS_TAKEN(seat=m.seat(SEAT), what=_describe(choice)))]


def _bonus_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_CAMPAIGN_BONUS(scenario=m.ref("scenario", state.scenario))


@ask("campaign_bonus_pick", "H3-4.5", _bonus_q)
def _bonus_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(cm.OPT_CAMPAIGN_BONUS(what=_describe(c)), str(i)) for i, c in enumerate(link_of(state).bonus)]


@_bonus_options
def _bonus_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    return _take_bonus(state, link_of(state).bonus[int(pick)])


# ---- H3-5.7 / H3-44.2: a won scenario --------------------------------------------------------------
def scenario_won(state: ClashState) -> list[Event] | None:
    """Call where a Cooperative victory would end the game. ``None``: no campaign, or the chain's last
    scenario (the game ends as a win, as any Cooperative victory). Otherwise the game goes on: the
    between-scenarios steps are queued in front (H3-5.7) and the announcement is returned."""
    camp = state.campaign
    if camp is None:
        return None
    if _between(state):  # already on the way to the next scenario or a replay: nothing more to do
        return []
    camp.won += 1
    if camp.index + 1 >= len(spec_of(state).scenarios):
        return None
    steps: list[Step] = []
    if len(_changes(state, _next_boxes(state))) > 0:  # H3-44.6: optional, among the heroes in play (H3-49.6)
        steps.append(new_ask(state, "campaign_hero", SEAT))
    steps += [FLOW.new(state, "campaign_picks", SEAT), FLOW.new(state, "campaign_next", SEAT)]
    FLOW.queue(state).clear()  # the scenario is over: nothing of it is left to run
    FLOW.push(state, *steps)
    return [Event.to_all("h3_campaign_won", cm.CAMPAIGN_SCENARIO_WON(**_names(state)), milestone=True)]


def _between(state: ClashState) -> bool:
    """Whether the queue already holds the steps after a scenario's end (the next one, or the retry)."""
    return any(
        st.kind == "campaign_next" or (st.kind == "ask" and st.data.get("what") == "campaign_retry")
        for st in FLOW.queue(state)
    )


def own_deck(p: Player) -> list[str]:
    """H3-44.2 "your deck" (our reading): hand, draw pile, discard piles and a permanent card in play."""
    d = p.deck
    out = d.hand + d.draw.draw_pile + d.draw.discard_pile + d.discard
    return out + ([p.permanent] if p.permanent is not None else [])


def _next_boxes(state: ClashState) -> tuple[str, ...]:
    """The boxes of the campaign's next scenario, the one a changed hero plays first (H3-49.6)."""
    nxt = spec_of(state).scenarios[_camp(state).index + 1].scenario
    return clash_content().scenarios[nxt].boxes


def _changes(state: ClashState, boxes: tuple[str, ...] | list[str]) -> list[str]:
    """H3-44.6: the other heroes of the player's faction, only those whose boxes the scenario uses
    (H3-49.6: a hero board and its faction's town box both in the game)."""
    p = state.player(SEAT)
    return [h for h in clash_setup.available_heroes(p.faction, boxes) if h != p.hero]


def _next_hero(state: ClashState) -> str:
    return _camp(state).next_hero or state.player(SEAT).hero


def _hero_q(state: ClashState, st: Step) -> Msg:
    spec = spec_of(state)
    nxt = spec.scenarios[_camp(state).index + 1].scenario
    return cm.ASK_CAMPAIGN_HERO(scenario=m.ref("scenario", nxt))


@ask("campaign_hero", "H3-44.6", _hero_q)
def _hero_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(SEAT)
    others = _changes(state, _next_boxes(state))
    keep = (cm.OPT_CAMPAIGN_KEEP_HERO(hero=m.ref("hero", p.hero)), "keep")
    return [keep] + [(cm.OPT_CAMPAIGN_HERO(hero=m.ref("hero", h)), h) for h in others]


@_hero_options
def _hero_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "keep":
        return []
    p = state.player(SEAT)
    _camp(state).next_hero = pick
    msg = cm.CAMPAIGN_HERO_CHANGED(seat=m.seat(SEAT), old=m.ref("hero", p.hero), hero=m.ref("hero", pick))
    return [Event.to_all("h3_campaign_hero", msg)]


def _kept_content(state: ClashState, pick: str) -> str:
    hero = clash_content().heroes[_next_hero(state)]
    return {NEW_ABILITY: hero.ability, NEW_ARROW: ARROW}.get(pick) or state.cards[pick]


def keep_options(state: ClashState) -> list[tuple[str, str]]:
    """The picks still open (H3-44.2): (pick, content card) for one instance of each non-statistic,
    non-specialty card of the deck not kept yet; after a change of hero also the new hero's starting
    ability if not held and Magic Arrows, never more than 4 in all (H3-44.6)."""
    c = clash_content()
    camp = _camp(state)
    changed = camp.next_hero is not None
    kept = [_kept_content(state, k) for k in camp.kept]
    arrows_full = changed and kept.count(ARROW) >= MAX_ARROWS
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for inst in sorted(own_deck(state.player(SEAT)), key=lambda i: (state.cards[i], i)):
        card = state.cards[inst]
        if inst in camp.kept or card in seen or c.cards[card].kind in ("statistic", "specialty"):
            continue
        if card == ARROW and arrows_full:
            continue
        seen.add(card)
        out.append((inst, card))
    if changed:
        ability = c.heroes[_next_hero(state)].ability
        if ability not in kept and ability not in seen:
            out.append((NEW_ABILITY, ability))
        if not arrows_full:
            out.append((NEW_ARROW, ARROW))
    return out


@FLOW.auto("campaign_picks")
def _picks(state: ClashState, st: Step) -> list[Event]:
    if keep_options(state):
        push_ask(state, "campaign_keep", SEAT)
    return []


def _keep_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_CAMPAIGN_KEEP(n=len(_camp(state).kept) + 1, total=KEEP)


def _keep_label(pick: str, card: str) -> Msg:
    ref = m.ref("card", card)
    if pick == NEW_ABILITY:
        return cm.OPT_CAMPAIGN_NEW_ABILITY(card=ref)
    if pick == NEW_ARROW:
        return cm.OPT_CAMPAIGN_ARROW(card=ref, n=MAX_ARROWS)
    return cm.OPT_CAMPAIGN_KEEP(card=ref)


@ask("campaign_keep", "H3-44.2", _keep_q, secret=True)  # H: the deck's contents are the owner's secret
def _keep_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(_keep_label(pick, card), pick) for pick, card in keep_options(state)]


@_keep_options
def _keep_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    camp = _camp(state)
    card = _kept_content(state, pick)
    camp.kept.append(pick)
    n = len(camp.kept)
    st.data["again"] = n < KEEP and bool(keep_options(state))
    seat = seat_of(st)
    mine = cm.CAMPAIGN_YOU_KEPT(card=m.ref("card", card), n=n, total=KEEP)
    return [
        Event.to_seats(seat, "h3_campaign_you_kept", mine),
        Event.to_all("h3_campaign_kept", cm.CAMPAIGN_KEPT(seat=m.seat(seat), n=n, total=KEEP)),
    ]


def carried_deck(state: ClashState) -> list[str]:
    """H3-44.2: all statistic cards of the deck (after a change of hero, the new hero's instead, H3-44.6),
    the level I specialty of the hero who plays on, and the kept cards; content ids, the list H3-44.3 records."""
    c = clash_content()
    p = state.player(SEAT)
    hero = _next_hero(state)
    if hero == p.hero:
        stats = sorted(state.cards[i] for i in own_deck(p) if c.cards[state.cards[i]].kind == "statistic")
    else:
        stats = [x for x in c.starting_deck(hero) if c.cards[x].kind == "statistic"]
    return stats + [c.heroes[hero].specialty_cards[1]] + [_kept_content(state, k) for k in _camp(state).kept]


@FLOW.auto("campaign_next")
def _next(state: ClashState, st: Step) -> list[Event]:
    """H3-44.2 / H3-44.3: record the carried list, then the next scenario in this state."""
    camp = _camp(state)
    hero = _next_hero(state)
    deck = carried_deck(state)
    camp.deck = list(deck)
    camp.index += 1
    camp.kept = []
    camp.next_hero = None
    events = setup_scenario(state, hero, deck)
    start = cm.CAMPAIGN_NEXT(seat=m.seat(SEAT), cards=len(deck), **_names(state))
    return [Event.to_all("h3_campaign_next", start, milestone=True)] + _briefing(state) + events


def _briefing(state: ClashState) -> list[Event]:
    """H3-3.1: the new scenario's goals and rules, as at the start of the game."""
    return [Event.to_all("h3_scenario", line) for line in briefing.scenario_lines(state.scenario)]


# ---- H3-44.3: a lost scenario -----------------------------------------------------------------------
def scenario_lost(state: ClashState) -> list[Event] | None:
    """Call where a Cooperative defeat would end the game. ``None``: no campaign (the game ends as a
    loss). Otherwise the player is asked to replay the scenario with the recorded list or give up."""
    if state.campaign is None:
        return None
    if _between(state):  # one defeat found twice (an elimination, then the round's end): asked once
        return []
    FLOW.queue(state).clear()  # the scenario is over (as a game over clears the queue): nothing of it runs on
    push_ask(state, "campaign_retry", SEAT)
    return [Event.to_all("h3_campaign_lost", cm.CAMPAIGN_SCENARIO_LOST(**_names(state)), milestone=True)]


def _retry_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_CAMPAIGN_RETRY(scenario=m.ref("scenario", state.scenario))


@ask("campaign_retry", "H3-44.3", _retry_q)
def _retry_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    scenario = m.ref("scenario", state.scenario)
    others = _changes(state, state.boxes)  # H3-44.6: or with another hero (H3-49.6: of the boxes in play)
    return (
        [(cm.OPT_CAMPAIGN_REPLAY(scenario=scenario), "replay")]
        + [(cm.OPT_CAMPAIGN_REPLAY_AS(scenario=scenario, hero=m.ref("hero", h)), f"replay:{h}") for h in others]
        + [(cm.OPT_CAMPAIGN_GIVE_UP(), "end")]
    )


def swap_hero(deck: list[str], old: str, new: str) -> list[str]:
    """H3-44.6: the previous hero's statistic cards and level I specialty replaced by the new hero's."""
    c = clash_content()
    rest = list(deck)
    for card in [x for x in deck if c.cards[x].kind == "statistic"] + [c.heroes[old].specialty_cards[1]]:
        if card in rest:
            rest.remove(card)
    stats = [x for x in c.starting_deck(new) if c.cards[x].kind == "statistic"]
    return stats + [c.heroes[new].specialty_cards[1]] + rest


@_retry_options
def _retry_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    camp = _camp(state)
    if pick == "end":
        state.winners = []
        state.end_reason = "campaign_lost"
        msg = cm.CAMPAIGN_GIVEN_UP(seat=m.seat(SEAT), **_names(state))
        # "game_over": the kind the bot reads why a game ended from (cogs/lang.py END_KINDS), as coop/victory.py
        return [Event.to_all("game_over", msg, milestone=True)]
    hero = state.player(SEAT).hero
    if pick.startswith("replay:"):  # H3-44.6: replaying with another hero; that list is the one recorded now
        new = pick.split(":", 1)[1]
        camp.deck = swap_hero(camp.deck, hero, new)
        hero = new
    deck = list(camp.deck)
    events = setup_scenario(state, hero, deck)
    again = cm.CAMPAIGN_REPLAY(cards=len(deck), **_names(state))
    return [Event.to_all("h3_campaign_replay", again, milestone=True)] + _briefing(state) + events


# ---- setting a scenario up again in the same state ---------------------------------------------------
def setup_scenario(state: ClashState, hero: str, deck: list[str]) -> list[Event]:
    """The chain's current link set up in ``state`` with ``deck`` (content ids) as the starting deck:
    setup as clash/setup.py does it (H3-6.1..6.23), without steps 11-13 (H3-44.2), with the campaign
    income (H3-44.1) and bonus (H3-4.5). Everything of the last scenario goes: the map, the AI enemy,
    the shared decks, the queue, every card instance (the carried ones are dealt anew)."""
    c = clash_content()
    link = link_of(state)
    sc = c.scenarios[link.scenario]
    old = state.player(SEAT)
    FLOW.queue(state).clear()
    state.combat = None
    state.pending = None
    state.tiles, state.fields = [], {}
    state.ai_heroes, state.ai_decks, state.ai_faction, state.ai_town = [], {}, None, None
    state.decks, state.cards, state.removed, state.pools = {}, {}, [], {}
    state.astrologer = None
    state.grail_taken = False
    state.met, state.ally_offers = [], []
    state.team_choice, state.draft, state.active = None, None, None
    state.winners, state.end_reason = None, ""
    state.scenario, state.round, state.round_limit, state.starting = sc.id, 1, sc.round_limit, SEAT
    state.boxes = list(sc.boxes)
    p = Player(seat=SEAT, faction=old.faction, hero=hero)  # H3-44.2: level I again, nothing else carried
    p.resources = sc.starting_resources.as_dict()  # H3-6.9
    p.production = link.income.as_dict()  # H3-44.1
    p.starting_units = [ArmyCard(card=u.split(":")[0], side=u.split(":")[1]) for u in sc.starting_units[p.faction]]
    p.army = [a.model_copy() for a in p.starting_units]  # H3-6.19
    p.buildings = [b.id for b in c.towns[p.faction].buildings if b.kind in sc.prebuilt]  # H3-6.7
    state.seats = [p]
    taken = list(deck)
    ability = c.heroes[hero].ability
    if ability in taken:  # H3-6.13: the starting ability never comes out of the ability deck
        taken.remove(ability)
    missing = clash_setup.shared_decks(state, sc, taken)  # H3-6.15 / H3-6.16
    dealt = list(deck)
    for card in missing:  # H3-44.4: unavailable, replaced by a Search (3) below
        dealt.remove(card)
    p.deck.draw.draw_pile = [state.new_card(card) for card in dealt]
    p.deck.draw.shuffle(state.rng)  # H3-6.14
    state.neutral_decks = new_decks(state.rng)  # H3-6.18
    astro = [a.id for a in c.astrologers.values() if a.box in sc.boxes for _ in range(a.copies)]
    state.astrologers = Deck[str].shuffled(sorted(astro), state.rng)  # H3-6.21
    clash_setup.build_map(state, sc)
    clash_setup.finish(state, sc)
    place_ai(state, sc)
    if not missing:
        return []
    FLOW.push(state, *[cards.start_search(state, SEAT, c.cards[x].kind, 3, front=False) for x in missing])
    return [Event.to_all("h3_campaign_replaced", cm.CAMPAIGN_REPLACED(n=len(missing), seat=m.seat(SEAT)))]
