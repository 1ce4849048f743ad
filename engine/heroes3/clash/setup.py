"""Setup (H3-6.1..6.23, 6.33), difficulty and the starting bonus (H3-4), and Tournament mode's
map built by the players (H3-45.1, H3-45.2).

Face-down tiles are drawn at random from the scenario's pools and stay secret from everyone
(H3-6.6, H3-22.2); each player's Far supply is face down even to its owner (A-26).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Deck, Event, Rng, RuleViolation
from engine.core.errors import CORE_BAD_ACTION
from engine.core.flow import Step
from engine.core.text import Msg

from ..adventure import effects
from ..cards import deck as cards
from ..combat.models import ArmyCard
from ..content import FACTIONS
from ..content.campaigns import CampaignSpec, campaigns
from ..content.clash import TILE_DIRECTIONS, Scenario, clash_content
from ..content.clash import Step as Effect
from ..coop import messages as coop_m
from ..coop.setup import place_ai
from ..neutrals.difficulty import new_decks
from . import draft, hero_choice
from . import events as event_cards
from . import messages as m
from .asks import ask, asked_centre, new_ask
from .flow import FLOW, seat_of
from .state import (
    EXPANSIONS,
    MAIN_MP,
    SECONDARY_MP,
    VARIANTS,
    Campaign,
    ClashOptions,
    ClashState,
    Coord,
    Hero,
    PlacedTile,
    Player,
)

DEFAULT_SCENARIOS = {2: "clash_two_kingdoms", 3: "clash_three_crowns", 4: "clash_four_winds"}
ALLIANCE_SCENARIO = "alliance_four_winds"  # H3-3.2.3: the house 2 vs 2 scenario
ALLIANCE_PLAYERS = 4  # H3-3.2.3: "normally 2 vs 2"; the engine offers only that
COOPERATIVE_SCENARIOS = {1: "coop_lone_vigil", 2: "coop_necropolis_rising"}  # H3-3.2.4: the house ones


def faction_refusal(sc: Scenario, faction: str) -> RuleViolation | None:
    """H3-6.2: a seat plays one of the scenario's factions, or one of an expansion the table added (H3-49.6);
    the refusal of any other names the option that would add it."""
    if faction in sc.factions:
        return None
    box = box_of(faction)
    said = m.FACTION_NOT_IN_SCENARIO(faction=m.ref("faction", faction))
    if box in EXPANSIONS and box not in sc.boxes:
        said = m.FACTION_IN_EXPANSION(faction=m.ref("faction", faction), box=box)
    return RuleViolation("H3-6.2", said)


def hero_boxes(hero: str) -> tuple[str, ...]:
    """H3-49.6: the boxes a hero board needs in the game, its own and its faction's town box (Lord Haart
    of the Tower box leads Castle, a core faction; Clancy needs both the Tower and the Rampart box)."""
    board = clash_content().heroes[hero]
    return tuple(dict.fromkeys((board.box, box_of(board.faction))))


def available_heroes(faction: str, boxes: Iterable[str]) -> list[str]:
    """H3-49.6: the faction's heroes a table may choose, in the town board's order (its first, the
    default, always comes with the faction's own box)."""
    have = set(boxes)
    return [h for h in clash_content().towns[faction].heroes if all(b in have for b in hero_boxes(h))]


def hero_refusal(boxes: Iterable[str], hero: str) -> RuleViolation | None:
    """H3-49.6: a hero whose board comes in a box the game does not use is refused, naming the option
    that would add it."""
    have = set(boxes)
    missing = [b for b in hero_boxes(hero) if b not in have]
    if not missing:
        return None
    return RuleViolation("H3-49.6", m.HERO_IN_EXPANSION(hero=m.ref("hero", hero), box="+".join(missing)))


def box_of(faction: str) -> str:
    """The expansion a faction comes in, as a table names it in ``expansions`` ("core" for the core box)."""
    town = clash_content().towns.get(faction)
    return town.box if town is not None else "core"


def bad(what: str) -> RuleViolation:
    return RuleViolation(CORE_BAD_ACTION, m.BAD_OPTION(what=what))


def campaign_for(options: ClashOptions) -> CampaignSpec | None:
    """H3-3.2.2: a campaign is solo against the AI enemy, so only a 1-seat Cooperative table plays one,
    and it plays its own chain of scenarios."""
    if options.campaign is None:
        return None
    if options.mode != "cooperative" or options.players != 1:
        raise RuleViolation("H3-3.2.2", coop_m.CAMPAIGN_SOLO())
    spec = campaigns().get(options.campaign)
    if spec is None:
        raise RuleViolation("H3-3.2.2", coop_m.CAMPAIGN_UNKNOWN(name=options.campaign))
    if options.scenario is not None:
        raise RuleViolation("H3-3.2.2", coop_m.CAMPAIGN_OWN_SCENARIOS())
    if options.draft_start:  # H3-44.2: a campaign carries its deck from scenario to scenario, never drafts one
        raise RuleViolation("H3-44.2", coop_m.CAMPAIGN_NO_DRAFT())
    if options.expansions:  # H3-3.2.2: each scenario of the chain sets up its own boxes
        raise RuleViolation("H3-3.2.2", m.CAMPAIGN_NO_EXPANSIONS())
    for f in options.factions or []:
        if f is not None and f not in spec.factions():  # H3-44.6: one faction through the whole chain
            raise RuleViolation("H3-44.6", coop_m.CAMPAIGN_FACTION(faction=m.ref("faction", f)))
    return spec


def scenario_for(options: ClashOptions) -> Scenario:
    c = clash_content()
    if options.mode == "alliance" and options.players != ALLIANCE_PLAYERS:  # H3-3.2.3: 2 vs 2
        raise RuleViolation("H3-3.2.3", m.ALLIANCE_SEATS(n=ALLIANCE_PLAYERS))
    spec = campaign_for(options)
    if spec is not None:  # H3-3.2.2: the first scenario of the chain
        return c.scenarios[spec.scenarios[0].scenario]
    default = {
        "tournament": "tournament_core",
        "alliance": ALLIANCE_SCENARIO,
        "cooperative": COOPERATIVE_SCENARIOS.get(options.players),
    }.get(options.mode)
    sid = options.scenario or default or DEFAULT_SCENARIOS.get(options.players, "")
    sc = c.scenarios.get(sid)
    if sc is None:
        raise bad(sid or "scenario")
    if sc.players != options.players:
        raise RuleViolation(CORE_BAD_ACTION, m.SCENARIO_SEATS(scenario=m.ref("scenario", sid), n=sc.players))
    if sc.type != options.mode:  # a Tournament or Alliance scenario only in its own mode, and the reverse
        raise RuleViolation(CORE_BAD_ACTION, m.SCENARIO_MODE(scenario=m.ref("scenario", sid)))
    return with_expansions(sc, options)


def with_expansions(sc: Scenario, options: ClashOptions) -> Scenario:
    """The scenario with the table's expansion boxes added (H3-49.6): their tiles join the random pools,
    their cards the decks, their faction the choice. The Tournament is played with the core box alone."""
    added = [b for b in dict.fromkeys(options.expansions) if b not in sc.boxes]
    if not added:
        return sc
    if options.mode == "tournament":
        raise RuleViolation("H3-45", m.TOURNAMENT_NO_EXPANSIONS())
    towns = clash_content().towns
    factions = [t.faction for t in towns.values() if t.box in added and t.faction not in sc.factions]
    # H3-6.19: the scenario gives each of its factions its starting units; an added faction gets the same
    # shape (house: its first units, bronze upwards, on the sides the scenario's first faction starts with)
    pattern = [u.split(":")[1] for u in next(iter(sc.starting_units.values()), ())]
    units = {f: tuple(f"{u}:{side}" for u, side in zip(towns[f].units, pattern, strict=False)) for f in factions}
    update = {
        "boxes": (*sc.boxes, *added),
        "factions": (*sc.factions, *factions),
        "starting_units": {**units, **sc.starting_units},
    }
    return sc.model_copy(update=update)


def setup(options: ClashOptions, state: ClashState) -> list[Event]:
    """Build everything; returns nothing to announce (opening events come from the views)."""
    c = clash_content()
    sc = scenario_for(options)
    spec = campaign_for(options)
    rng = state.rng
    state.scenario = sc.id
    state.boxes = list(sc.boxes)
    state.war_machines = clash_content().war_machines(sc.boxes)  # H3-6.32: face up, only with the Rampart box
    state.empowered = clash_content().empowered_pile(sc.boxes)  # H3-6.28: face up, only with the Inferno box
    state.mode = options.mode
    state.team_order = options.team_order  # H3-7.8: how an Alliance team settles its order
    state.teams = [list(team) for team in sc.teams]  # H3-3.2.3: empty outside Alliance games
    if options.mode == "cooperative":  # H3-3.2.4: every seat on one side, allies (H3-43)
        state.teams = [list(range(options.players))]
    state.round_limit = sc.round_limit
    state.difficulty = options.difficulty or sc.difficulty  # H3-4.1 / H3-6.17
    state.variants = [v for v in VARIANTS if getattr(options, v)]  # H3-48: agreed at setup, off by default
    if state.variant("no_astrologers") and state.variant("more_astrologers"):  # H3-48.8: the two rows contradict
        raise bad("no_astrologers, more_astrologers")
    # H3-6.2 / H3-6.3: factions and heroes
    chosen = list(options.factions or [])
    free = [f for f in (spec.factions() if spec else sc.factions) if f not in chosen]
    rng.shuffle(free)
    factions: list[str] = []
    for seat in range(options.players):
        f = chosen[seat] if seat < len(chosen) and chosen[seat] else None
        if f is None:
            f = next(x for x in free if x not in factions)
        if f not in FACTIONS or f in factions:
            raise bad(f)
        refused = faction_refusal(sc, f)
        if refused is not None:
            raise refused
        factions.append(f)
    removed = set(sc.tournament.removed_cards) if sc.tournament else set()  # H3-45.1
    arrows_used = 0
    drafting = state.variant("draft_start")  # H3-48.3: set aside, then draft, instead of the usual deck
    aside: list[list[str]] = []
    stats: list[list[str]] = []
    offers: dict[int, list[str]] = {}  # H3-6.3 (P-3): the seats that choose their hero, and from which
    for seat, faction in enumerate(factions):
        town = c.towns[faction]
        hero = (options.heroes or [None] * 4)[seat] if options.heroes and seat < len(options.heroes) else None
        if hero is None and spec is None:  # not fixed by the option; a campaign has its own rules (H3-44.6)
            offers[seat] = available_heroes(faction, sc.boxes)
        hero = hero or town.heroes[0]
        if hero not in town.heroes:
            raise bad(hero)
        refused_hero = hero_refusal(sc.boxes, hero)  # H3-49.6: its board's box and its town's box in play
        if refused_hero is not None:
            raise refused_hero
        p = Player(seat=seat, faction=faction, hero=hero)
        p.resources = sc.starting_resources.as_dict()  # H3-6.9
        p.production = sc.starting_income.as_dict()  # H3-6.8
        start = [] if drafting else c.starting_deck(hero)  # H3-6.11..6.13
        if spec is not None:  # H3-44.1: the campaign's income; H3-44.3: the list a lost scenario replays
            p.production = spec.scenarios[0].income.as_dict()
            state.campaign = Campaign(id=spec.id, deck=list(start))
        if drafting:  # H3-48.3 steps 1 and 4; no Magic Arrows
            own_aside, own_stats = draft.start_hand(hero)
            aside.append([state.new_card(x) for x in own_aside])
            stats.append([state.new_card(x) for x in own_stats])
        arrows_used += start.count("magic_arrow")
        for card in start:
            inst = state.new_card(card)
            p.deck.draw.draw_pile.append(inst)
        p.deck.draw.shuffle(rng)  # H3-6.14
        p.starting_units = [
            ArmyCard(card=u.split(":")[0], side=u.split(":")[1]) for u in sc.starting_units.get(faction, ())
        ]
        p.army = [a.model_copy() for a in p.starting_units]  # H3-6.19
        p.buildings = [b.id for b in town.buildings if b.kind in sc.prebuilt]  # H3-6.7
        state.seats.append(p)
    shared_decks(state, sc, ["magic_arrow"] * arrows_used, removed)
    if drafting:  # H3-48.3 step 2: the first packets, from the shuffled decks
        draft.begin(state, aside, stats)
    state.neutral_decks = new_decks(rng)  # H3-6.18
    astro = [a.id for a in c.astrologers.values() if a.box in sc.boxes for _ in range(a.copies)]
    state.astrologers = Deck[str].shuffled(sorted(astro), rng)  # H3-6.21
    if options.mode == "tournament":
        events = _tournament(state, sc, options)
        hero_choice.begin(state, offers)  # H3-6.3: before the players build the map (H3-45.2)
        return events
    build_map(state, sc)
    state.starting = (
        options.starting_player if options.starting_player is not None else rng.below(options.players)
    )  # H3-6.23
    if not 0 <= state.starting < options.players:
        raise bad("starting_player")
    event_cards.deal(state)  # H3-6.24 [EXP: Fortress]: the event deck, the starting player drawing first (H3-7.5.3)
    finish(state, sc)
    place_ai(state, sc)  # H3-3.2.4: the AI enemy's town and heroes (nothing outside Cooperative)
    hero_choice.begin(state, offers)  # H3-6.3 (P-3): the first decision, before H3-6.22 and H3-48.3
    return []


def shared_decks(state: ClashState, sc: Scenario, taken: list[str], removed: set[str] | None = None) -> list[str]:
    """H3-6.15 / H3-6.16: the three shared decks, shuffled, each with its top card turned up. ``taken``
    are cards already in a player's deck, one copy each out of its shared deck (the Magic Arrows of
    H3-6.12; a campaign's carried cards, H3-44.2); returned are those the decks had no copy of left
    (a campaign's unavailable cards, H3-44.4)."""
    c = clash_content()
    missing = list(taken)
    for name in cards.DECKS:
        pile = [x for x in c.deck(name, sc.boxes) if x not in (removed or set())]  # type: ignore[arg-type]  # DECKS are decknames
        for card in list(missing):
            if c.cards[card].kind == name and card in pile:
                pile.remove(card)
                missing.remove(card)
        if state.variant("split_decks") and name in cards.SPLIT_DECKS:
            _split(state, name, pile, state.rng)
            continue
        deck = Deck[str].shuffled([state.new_card(x) for x in pile], state.rng)
        state.decks[name] = deck
        cards.refill_discard(state, name)
    return [x for x in missing if c.cards[x].kind in cards.DECKS]


def build_map(state: ClashState, sc: Scenario) -> None:
    """H3-6.6 / H3-22.2: fixed tiles, random tiles from the pools (face down unless the layout
    says otherwise), the players' starting tiles face up, each player's Far supply."""
    c = clash_content()
    pools: dict[str, list[str]] = {}
    for kind in ("far", "near", "centre"):
        pool = [t for t in c.tiles_of(kind, sc.boxes)]
        state.rng.shuffle(pool)
        pools[kind] = pool
    fixed = {s.tile for s in sc.slots if s.tile}
    for kind in pools:
        pools[kind] = [t for t in pools[kind] if t not in fixed]
    for slot in sc.slots:
        centre = (slot.centre[0], slot.centre[1])
        if slot.pool == "starting":
            faction = sc.ai.faction if slot.ai and sc.ai is not None else state.player(slot.seat or 0).faction
            tile = c.starting_tile(faction)
            state.tiles.append(
                PlacedTile(centre=centre, tile=tile.id, kind="starting", face_up=True, rotation=slot.rotation or 0)
            )
            continue
        code = slot.tile or pools[str(slot.pool)].pop(0)
        kind = c.tiles[code].kind
        state.tiles.append(
            PlacedTile(centre=centre, tile=code, kind=kind, face_up=slot.face_up, rotation=slot.rotation or 0)
        )
    for p in state.seats:  # H3-23.2
        p.far_supply = [pools["far"].pop(0) for _ in range(min(sc.far_supply, len(pools["far"])))]


def finish(state: ClashState, sc: Scenario) -> None:
    """H3-6.22: the main hero on the town field; own town flagged; then the starting bonus (H3-4.2)
    in starting-player order, pre-built buildings' immediate effects (H3-6.33), round 1.

    Two H3-48.8 rows act here: "no starting bonus" skips H3-4.2, and "each player starts with a
    secondary hero" puts one in the town at once, free and without the population token, since
    hiring (H3-12.5) is a town action of round 1 the table agreed to skip."""
    c = clash_content()
    for p in state.seats:
        tile = next(t for t in state.tiles if t.kind == "starting" and c.tiles[t.tile].faction == p.faction)
        p.main = Hero(kind="main", field=tile.centre, mp=MAIN_MP, last_visited=tile.centre)
        fs = state.field(tile.centre)
        fs.flag, fs.ever_flagged = p.seat, True
        if state.variant("start_secondary"):  # H3-48.8: a free secondary hero in the town (H3-12.5.1, A-16)
            p.secondary = Hero(kind="secondary", field=tile.centre, mp=SECONDARY_MP, last_visited=tile.centre)
    steps: list[Step] = []
    order = [(state.starting + i) % state.players for i in range(state.players)]
    for s in order:  # H3-6.22 (P-5): each player turns their starting tile as they like
        steps.append(new_ask(state, "start_rotate", s))
    if state.campaign is not None and not state.variant("no_starting_bonus"):
        steps.append(FLOW.new(state, "campaign_bonus", 0))  # H3-4.5: instead of the difficulty bonus (coop/campaign.py)
    elif state.difficulty != "impossible" and not state.variant("no_starting_bonus"):  # H3-4.2; H3-48.8 row
        steps += [new_ask(state, "bonus", s) for s in order]
        steps.append(FLOW.new(state, "bonus_end"))
    FLOW.push(state, *steps)
    for s in reversed(order):
        p = state.player(s)
        board = c.towns[p.faction]
        for b in reversed(p.buildings):
            built = board.building(b).built
            if built:
                effects.push_choices(state, s, "main", m.BUILDING(building=m.ref("h3_building", b)), built, False)
    if state.draft is not None:  # H3-48.3: the starting decks are drafted before anything else
        FLOW.push(state, FLOW.new(state, "draft"))


def _start_rotate_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_START_ROTATE()


def own_start(state: ClashState, seat: int) -> PlacedTile:
    faction = state.player(seat).faction
    return next(t for t in state.tiles if t.kind == "starting" and clash_content().tiles[t.tile].faction == faction)


def _own_start_centre(state: ClashState, st: Step) -> list[int]:
    """The starting tile a H3-6.22 pick turns: the asked seat's own, so the picture shows it turned."""
    return list(own_start(state, seat_of(st)).centre)


@ask("start_rotate", "H3-6.22", _start_rotate_q, turn_of=_own_start_centre)
def _start_rotate_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    current = own_start(state, seat_of(st)).rotation
    return [(m.OPT_ROTATION(n=current * 60), str(current))] + [
        (m.OPT_ROTATION(n=r * 60), str(r)) for r in range(6) if r != current
    ]


@_start_rotate_options
def _start_rotate_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    tile = own_start(state, seat_of(st))
    tile.rotation = int(pick)
    return [
        Event.to_all(
            "h3_rotated", m.ROTATED(seat=m.seat(seat_of(st)), q=tile.centre[0], r=tile.centre[1], n=int(pick) * 60)
        )
    ]


def _bonus_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_BONUS(difficulty=m.ref("h3_difficulty", state.difficulty))


@ask("bonus", "H3-4.2", _bonus_q)
def _bonus_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    d = state.difficulty
    if d == "easy":
        return [(m.OPT_BONUS_DICE(n=2, keep=2), "dice"), (m.OPT_BONUS_SEARCH(n=2), "search")]
    if d == "normal":
        return [(m.OPT_BONUS_DICE(n=2, keep=1), "dice"), (m.OPT_BONUS_SEARCH(n=1), "search")]
    return [(m.OPT_BONUS_DICE(n=1, keep=1), "dice"), (m.OPT_BONUS_MINOR(), "minor")]


@_bonus_options
def _bonus_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """H3-4.2..4.4: resource dice, or artifacts to the hand (never into the starting deck)."""
    seat = seat_of(st)
    d = state.difficulty
    if pick == "dice":
        count, keep = (2, 2) if d == "easy" else (2, 1) if d == "normal" else (1, 1)
        effects.push_effects(
            state, seat, "main", [Effect(effect="resource_dice", params={"count": count, "keep": keep})]
        )
        return []
    if pick == "search":
        times = 2 if d == "easy" else 1
        FLOW.push(state, *[cards.start_search(state, seat, "artifact", 2, front=False) for _ in range(times)])
        mark_artifacts_touched(state)
        return []
    # Hard: reveal artifacts until a minor one appears; the others go to the discard pile
    mark_artifacts_touched(state)
    p = state.player(seat)
    shown: list[str] = []
    name = cards.artifact_decks(state)[0]  # split (H3-48.4), the minor deck holds the minor ones
    for _ in range(len(state.decks[name].draw_pile) + len(state.decks[name].discard_pile)):
        got = cards.shared_draw(state, name, 1)
        if not got:
            break
        if clash_content().cards[state.cards[got[0]]].rank == "minor":
            cards.gain_card(state, p, got[0])
            break
        shown.append(got[0])
    state.decks[name].discard(*shown)
    return [Event.to_all("h3_bonus_minor", m.BONUS_MINOR(seat=m.seat(seat), n=len(shown)))]


def _split(state: ClashState, name: str, pile: list[str], rng: Rng) -> None:
    """H3-48.4: artifacts by rank into minor, major and relic decks, spells by level into basic and
    expert decks, each shuffled with its top card turned face up as its discard pile."""
    c = clash_content()
    for sub in cards.SPLIT_DECKS[name]:
        part = sub.split("_", 1)[1]
        mine = [x for x in pile if (c.cards[x].rank if name == "artifact" else c.cards[x].spell_level) == part]
        state.decks[sub] = Deck[str].shuffled([state.new_card(x) for x in mine], rng)
        cards.refill_discard(state, sub)


def mark_artifacts_touched(state: ClashState) -> None:
    """H3-4.4: an artifact search for the starting bonus (a campaign's too, H3-4.5) makes ``bonus_end``
    reshuffle the artifact deck."""
    state.pools["artifact_bonus"] = ["1"]


@FLOW.auto("bonus_end")
def _bonus_end(state: ClashState, st: Step) -> list[Event]:
    """H3-4.4: after a search or reveal for the bonus, reshuffle the artifact deck with its discards
    and turn the top card up as the new discard pile."""
    if not state.pools.pop("artifact_bonus", None):
        return []
    for name in cards.artifact_decks(state):  # all three when split (H3-48.4)
        state.decks[name].reshuffle_all(state.rng)
        cards.refill_discard(state, name)
    return [Event.to_all("h3_artifacts_reshuffled", m.ARTIFACTS_RESHUFFLED())]


# ---- Tournament (H3-45) ---------------------------------------------------------------------------
def _tournament(state: ClashState, sc: Scenario, options: ClashOptions) -> list[Event]:
    """H3-45.1: both roll 2 resource dice (A-45: the sum of the amounts); the higher chooses who
    starts (Rec.: the roller starts); the second player gains positive morale ⟨R⟩. Then the map
    is built by the players, H3-45.2."""
    c = clash_content()
    assert sc.tournament is not None
    totals = [0, 0]
    while totals[0] == totals[1]:
        for s in (0, 1):
            faces = [c.resource_die[state.rng.below(6)] for _ in range(2)]
            totals[s] = sum(st.resources().total() for f in faces for st in f.steps)
    state.starting = (
        options.starting_player if options.starting_player is not None else (0 if totals[0] > totals[1] else 1)
    )
    second = 1 - state.starting
    cards.gain_morale(state, state.player(second))
    t = sc.tournament
    near = list(t.near)
    far = list(t.far)
    state.rng.shuffle(near)
    state.rng.shuffle(far)
    state.pools = {"near": near, "far": far}
    steps: list[Step] = []
    for code, centre in zip(t.centre, t.centre_slots, strict=False):  # H3-45.2.1
        state.tiles.append(PlacedTile(centre=(centre[0], centre[1]), tile=code, kind="centre", face_up=True))
        steps.append(new_ask(state, "t_rotate", state.starting, centre=list(centre)))
    seat = second
    for _ in near:  # H3-45.2.2: alternately, from the second player
        steps.append(FLOW.new(state, "t_draw", seat, pool="near"))
        seat = 1 - seat
    steps.append(FLOW.new(state, "t_start", state.starting))  # H3-45.2.3
    seat = state.starting
    for _ in range(min(t.far_each * 2, len(far))):  # H3-45.2.4
        steps.append(FLOW.new(state, "t_draw", seat, pool="far"))
        seat = 1 - seat
    steps.append(FLOW.new(state, "t_done"))
    FLOW.push(state, *steps)
    return []


def _t_rotate_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_ROTATE(q=int(st.data["centre"][0]), r=int(st.data["centre"][1]))


@ask("t_rotate", "H3-45.2.1", _t_rotate_q, turn_of=asked_centre)
def _t_rotate_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_ROTATION(n=r * 60), str(r)) for r in range(6)]


@_t_rotate_options
def _t_rotate_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    centre = (int(st.data["centre"][0]), int(st.data["centre"][1]))
    for t in state.tiles:
        if t.centre == centre:
            t.rotation = int(pick)
    return []


def _free_slots(state: ClashState) -> list[Coord]:
    placed = {t.centre for t in state.tiles}
    out = {
        (t.centre[0] + d[0], t.centre[1] + d[1])
        for t in state.tiles
        for d in TILE_DIRECTIONS
        if (t.centre[0] + d[0], t.centre[1] + d[1]) not in placed
    }
    return sorted(out)


def _touching(state: ClashState, centre: Coord, kinds: tuple[str, ...]) -> list[PlacedTile]:
    return [
        t
        for t in state.tiles
        if t.kind in kinds and (t.centre[0] - centre[0], t.centre[1] - centre[1]) in TILE_DIRECTIONS
    ]


def t_spots(state: ClashState, seat: int, pool: str) -> list[Coord]:
    """Where the drawn tile may go: a Near tile next to a Center tile if possible (H3-45.2.2); a
    player's first Far tile next to their Starting tile (H3-45.2.4), the others touching two tiles
    (H3-23.3 without a hero)."""
    free = _free_slots(state)
    if pool == "near":
        best = [c for c in free if _touching(state, c, ("centre",))]
        return best or free
    start = next(
        (
            t
            for t in state.tiles
            if t.kind == "starting" and clash_content().tiles[t.tile].faction == state.player(seat).faction
        ),
        None,
    )
    if start is not None and not state.pools.get(f"far{seat}"):
        around = {(start.centre[0] + d[0], start.centre[1] + d[1]) for d in TILE_DIRECTIONS}
        first = [c for c in free if c in around]
        if first:
            return first
    two = [c for c in free if len(_touching(state, c, ("centre", "near", "far", "starting"))) >= 2]
    return two or free


@FLOW.auto("t_draw")
def _t_draw(state: ClashState, st: Step) -> list[Event]:
    pool = state.pools.get(str(st.data["pool"])) or []
    if not pool:
        return []
    code = pool.pop(0)
    FLOW.push(state, new_ask(state, "t_place", seat_of(st), tile=code, pool=str(st.data["pool"])))
    return [Event.to_all("h3_t_drawn", m.T_DRAWN(seat=m.seat(seat_of(st)), tile=code), reveals=True)]


def _t_place_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_T_PLACE(tile=str(st.data["tile"]))


def _spot(pick: str) -> list[int]:
    """The hex a tile placement's pick ("q,r,rotation") puts the tile's centre on."""
    q, r, _ = pick.split(",")
    return [int(q), int(r)]


@ask("t_place", "H3-45.2", _t_place_q, where=_spot)
def _t_place_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    spots = t_spots(state, seat_of(st), str(st.data["pool"]))
    return [(m.OPT_T_PLACE(q=c[0], r=c[1], n=r * 60), f"{c[0]},{c[1]},{r}") for c in spots for r in range(6)]


@_t_place_options
def _t_place_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    q, r, rot = (int(x) for x in pick.split(","))
    code = str(st.data["tile"])
    state.tiles.append(
        PlacedTile(centre=(q, r), tile=code, kind=clash_content().tiles[code].kind, face_up=True, rotation=rot)
    )
    if st.data["pool"] == "far":
        state.pools.setdefault(f"far{seat_of(st)}", []).append(code)
    return [Event.to_all("h3_t_placed", m.PLACED_TILE(seat=m.seat(seat_of(st)), tile=code, q=q, r=r))]


@FLOW.auto("t_start")
def _t_start(state: ClashState, st: Step) -> list[Event]:
    FLOW.push(state, new_ask(state, "t_start_place", state.starting))
    return []


def _t_start_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_T_START()


def _tile_distance(a: Coord, b: Coord) -> int:
    """Hex distance between two tile centres: farther in hexes is farther in tiles."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@ask("t_start_place", "H3-45.2.3", _t_start_q, where=_spot)
def _t_start_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    spots = [c for c in _free_slots(state) if _touching(state, c, ("near",))]
    return [(m.OPT_T_PLACE(q=c[0], r=c[1], n=r * 60), f"{c[0]},{c[1]},{r}") for c in spots for r in range(6)]


@_t_start_options
def _t_start_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The first player's Starting tile next to a Near tile; the other's as far away as possible."""
    c = clash_content()
    q, r, rot = (int(x) for x in pick.split(","))
    first = state.player(state.starting)
    other = state.player(1 - state.starting)
    state.tiles.append(
        PlacedTile(centre=(q, r), tile=c.starting_tile(first.faction).id, kind="starting", face_up=True, rotation=rot)
    )
    spots = [x for x in _free_slots(state) if _touching(state, x, ("near", "centre"))] or _free_slots(state)
    far = max(spots, key=lambda x: (_tile_distance(x, (q, r)), x))
    state.tiles.append(PlacedTile(centre=far, tile=c.starting_tile(other.faction).id, kind="starting", face_up=True))
    return [Event.to_all("h3_t_starts", m.T_STARTS())]


@FLOW.auto("t_done")
def _t_done(state: ClashState, st: Step) -> list[Event]:
    finish(state, clash_content().scenarios[state.scenario])
    return []
