"""The Clash game state (D-15 as the sketch): players, heroes, the map, the shared decks.

Everything secret lives here too (hands, deck orders, face-down tiles, searched cards); the
views (views.py) are the only way out. Card instances carry game-unique ids (``k017``) and
``cards`` maps them to content ids, so a hidden zone can be checked for leaks by value and
conservation is a plain multiset comparison.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core import Deck, GameOptions, SecretChoice
from engine.core.text import Message, Ref, message

from ..combat.models import AiDeck, ArmyCard, CombatHost, HeroDeck
from ..content.names import hero_id
from ..neutrals.difficulty import Difficulty

Coord = tuple[int, int]
TOKENS: tuple[str, ...] = ("build", "population", "spellbook")  # H3-10.1
MAIN_MP = 3  # H3-12.2
SECONDARY_MP = 2  # H3-12.5.3
AI_MP = 3  # H3-41.4: an AI hero's MP each round
# ``FieldState.flag`` of a field the AI enemy flagged (H3-41.5) and ``Pending.attacker`` of a combat an
# AI hero started: the AI is no seat, so it is never ``ClashState.player``'s argument.
AI_SEAT = -1
Mode = Literal["clash", "tournament", "alliance", "cooperative"]
# The expansion boxes a table may add to a scenario's own (H3-2.7, H3-49.6): each brings its faction, map
# tiles, locations and cards (``ClashOptions.expansions``).
Expansion = Literal["tower", "rampart", "fortress", "inferno"]
EXPANSIONS: tuple[Expansion, ...] = ("tower", "rampart", "fortress", "inferno")


class ClashOptions(GameOptions):
    """``scenario`` picks the data file; ``mode`` "tournament" is H3-45 (1 vs 1, built map),
    "alliance" is H3-3.2.3 (2 vs 2 teams on an alliance scenario), "cooperative" is H3-3.2.4 (every
    seat against the engine-run AI enemy on a cooperative scenario, 1 seat playing it solo)."""

    scenario: str | None = None
    mode: Mode = "clash"
    difficulty: Difficulty | None = None  # None: the scenario's
    heroes: list[str | None] | None = None  # H3-6.3: fixes a seat's hero; None = the player chooses (hero_choice.py)
    starting_player: int | None = None  # H3-6.23: None = random (Rec.)
    # H3-7.8, Alliance: "agree" (Rec.: the members choose in secret and must agree, else the member seated
    # first clockwise decides) or "captain" (that member decides alone, the rule's fallback)
    team_order: Literal["agree", "captain"] = "agree"
    # H3-48.8: the map-side rows of the optional rules table, each off unless the table agrees to it
    no_astrologers: bool = False
    more_astrologers: bool = False
    clear_visits: bool = False
    double_income: bool = False
    idle_flagged_towns: bool = False
    one_resource_dice: bool = False
    no_starting_bonus: bool = False
    start_secondary: bool = False
    gains_to_discard: bool = False
    free_trade: bool = False
    # H3-48.8: the combat-side rows; a clash combat carries them (``Combat.variants``), the skirmish never does
    no_rerolls: bool = False
    min_damage: bool = False
    extend_free: bool = False
    flat_die: bool = False
    # H3-48.1 / H3-48.4 / H3-48.2 / H3-48.5 / H3-48.3: designer variants, each off unless the table agrees to it
    chaos_deck: bool = False
    split_decks: bool = False
    neutral_armies: bool = False
    gold_pool: bool = False
    draft_start: bool = False
    # H3-3.2.2: play this campaign (content/campaigns) as one game, solo Cooperative only (coop/campaign.py)
    campaign: str | None = None
    # H3-49.6: expansion boxes added to the scenario's own (its faction joins the choice, its tiles the pools)
    expansions: list[Expansion] = Field(default_factory=list)

    @field_validator("heroes", mode="before")
    @classmethod
    def _heroes_by_name(cls, value: Any) -> Any:
        """A hero may be typed by the name a player reads (any language, any case), not only by its id."""
        if isinstance(value, list):
            return [hero_id(v) if isinstance(v, str) else v for v in value]
        return value

    @field_validator("expansions", mode="before")
    @classmethod
    def _expansions_in_words(cls, value: Any) -> Any:
        """Typed in a lobby as ``expansions=rampart`` or ``expansions=tower+rampart``, not only as a JSON list."""
        if isinstance(value, str):
            return [part.strip().lower() for part in value.replace("+", " ").split() if part.strip()]
        return value


# The H3-48.8 rows a table may switch on, in the order of ``ClashOptions`` (``ClashState.variants``).
VARIANTS: tuple[str, ...] = (
    "no_astrologers",
    "more_astrologers",
    "clear_visits",
    "double_income",
    "idle_flagged_towns",
    "one_resource_dice",
    "no_starting_bonus",
    "start_secondary",
    "gains_to_discard",
    "free_trade",
    "no_rerolls",
    "min_damage",
    "extend_free",
    "flat_die",
    "chaos_deck",
    "split_decks",
    "neutral_armies",
    "gold_pool",
    "draft_start",
)
# The rows a combat must see: encounters copies them onto each clash combat when it starts, so
# the combat code reads ``Combat.variant`` and the skirmish (no such options) stays unaffected.
COMBAT_VARIANTS: frozenset[str] = frozenset({"no_rerolls", "min_damage", "extend_free", "flat_die", "chaos_deck"})


# The words for a Heroes III difficulty (H3-4.1), shared with the skirmish's options.
DIFFICULTY_VALUES: dict[str, Message] = {
    "easy": message("h3.option.value.difficulty.easy", "Easy"),
    "normal": message("h3.option.value.difficulty.normal", "Normal"),
    "hard": message("h3.option.value.difficulty.hard", "Hard"),
    "impossible": message("h3.option.value.difficulty.impossible", "Impossible"),
}
# What a lobby shows for each option a table chose (``name: value``, never the option's id), what
# each option means (``/game new`` help and refusals), and the words for id-like values.
OPTION_NAMES: dict[str, Message] = {
    "scenario": message("h3.option.name.scenario", "scenario"),
    "mode": message("h3.option.name.mode", "mode"),
    "difficulty": message("h3.option.name.difficulty", "difficulty"),
    "heroes": message("h3.option.name.heroes", "heroes"),
    "starting_player": message("h3.option.name.starting_player", "first player"),
    "team_order": message("h3.option.name.team_order", "team order"),
    "no_astrologers": message("h3.option.name.no_astrologers", "no astrologers"),
    "more_astrologers": message("h3.option.name.more_astrologers", "astrologers in resource rounds"),
    "clear_visits": message("h3.option.name.clear_visits", "visits refresh"),
    "double_income": message("h3.option.name.double_income", "double mine income"),
    "idle_flagged_towns": message("h3.option.name.idle_flagged_towns", "flagged towns idle"),
    "one_resource_dice": message("h3.option.name.one_resource_dice", "dice give 1 resource"),
    "no_starting_bonus": message("h3.option.name.no_starting_bonus", "no starting bonus"),
    "start_secondary": message("h3.option.name.start_secondary", "secondary hero at start"),
    "gains_to_discard": message("h3.option.name.gains_to_discard", "gained cards to discard"),
    "free_trade": message("h3.option.name.free_trade", "free trade"),
    "no_rerolls": message("h3.option.name.no_rerolls", "no re-rolls"),
    "min_damage": message("h3.option.name.min_damage", "at least 1 damage"),
    "extend_free": message("h3.option.name.extend_free", "free combat extension"),
    "flat_die": message("h3.option.name.flat_die", "attack die adds no damage"),
    "chaos_deck": message("h3.option.name.chaos_deck", "chaos deck"),
    "split_decks": message("h3.option.name.split_decks", "split artifact and spell decks"),
    "neutral_armies": message("h3.option.name.neutral_armies", "neutral armies"),
    "gold_pool": message("h3.option.name.gold_pool", "gold pool"),
    "draft_start": message("h3.option.name.draft_start", "draft start"),
    "campaign": message("h3.option.name.campaign", "campaign"),
    "expansions": message("h3.option.name.expansions", "expansions"),
}
OPTION_LABELS: dict[str, Message] = {
    "scenario": message(
        "h3.option.scenario", "The scenario to play; none: the usual one for the number of players (H3-3.2)"
    ),
    "mode": message(
        "h3.option.mode",
        "Clash (H3-3.2.1); Alliance, 4 players in two teams of two that alternate turns (H3-3.2.3, H3-7.8); "
        "Cooperative, 1-2 players against the AI enemy (H3-3.2.4); or Tournament, 1 against 1 on a built map "
        "(H3-45)",
    ),
    "difficulty": message("h3.option.difficulty", "Scenario difficulty; none: the scenario's own (H3-4)"),
    "heroes": message(
        "h3.option.heroes", "Each seat's hero fixed by the table; none: each player chooses at the start (H3-6.3)"
    ),
    "starting_player": message("h3.option.starting_player", "The seat that plays first; none: at random (H3-6.23)"),
    "team_order": message(
        "h3.option.team_order",
        "Alliance: who chooses a team's order each round; agree, every member chooses in secret and a disagreement "
        "leaves it to the member seated first clockwise; captain, that member decides alone (H3-7.8)",
    ),
    "no_astrologers": message(
        "h3.option.no_astrologers", "Variant: no astrologer cards are drawn; even rounds pass without one (H3-48.8)"
    ),
    "more_astrologers": message(
        "h3.option.more_astrologers",
        "Variant: also draw an astrologer card at the start of each resource round (H3-48.8)",
    ),
    "clear_visits": message(
        "h3.option.clear_visits",
        "Variant: remove all black cubes from visitable fields in rounds 4, 8 and 12 (H3-48.8)",
    ),
    "double_income": message(
        "h3.option.double_income", "Easier: all mines and settlements give double income (H3-48.8)"
    ),
    "idle_flagged_towns": message(
        "h3.option.idle_flagged_towns",
        "Harder: a town flagged by an enemy produces no resources; its buildings stay usable (H3-48.8)",
    ),
    "one_resource_dice": message(
        "h3.option.one_resource_dice",
        "Harder: every treasure die and resource die result gives only 1 resource (H3-48.8)",
    ),
    "no_starting_bonus": message("h3.option.no_starting_bonus", "Harder: no starting bonus (H3-48.8, H3-4.2)"),
    "start_secondary": message(
        "h3.option.start_secondary", "Easier: each player starts with a secondary hero in their town (H3-48.8, H3-12.5)"
    ),
    "gains_to_discard": message(
        "h3.option.gains_to_discard",
        "Variant: cards that would go to your hand go to your discard pile instead (H3-48.8)",
    ),
    "free_trade": message(
        "h3.option.free_trade",
        "Easier: trade resources at any time; trading posts become visitable and also draw 1 artifact (H3-48.8)",
    ),
    "no_rerolls": message(
        "h3.option.no_rerolls", "Harder: you cannot re-roll your dice, by morale, ability or card (H3-48.8, H3-11.2.3)"
    ),
    "min_damage": message(
        "h3.option.min_damage", "Easier: every unit deals at least 1 damage per attack (H3-48.8, H3-34.6)"
    ),
    "extend_free": message(
        "h3.option.extend_free", "Easier: extending a combat against neutrals costs no MP (H3-48.8, H3-36.2)"
    ),
    "flat_die": message(
        "h3.option.flat_die",
        "Variant: the attack die no longer changes damage; its result still sets off abilities (H3-48.8, H3-34.6)",
    ),
    "chaos_deck": message(
        "h3.option.chaos_deck",
        "Variant: a discarded ability, artifact or spell is removed; the top card of its deck replaces it (H3-48.1)",
    ),
    "split_decks": message(
        "h3.option.split_decks",
        "Variant: minor/major/relic artifact and basic/expert spell decks, by the hero's tile level (H3-48.4)",
    ),
    "neutral_armies": message(
        "h3.option.neutral_armies",
        "Variant: recruiting draws 2 neutral units per dwelling you own; recruit any of them (H3-48.2)",
    ),
    "gold_pool": message(
        "h3.option.gold_pool",
        "Variant: recruiting costs are reserved, not spent; sell units, and get the cost back when one dies (H3-48.5)",
    ),
    "draft_start": message(
        "h3.option.draft_start",
        "Variant: draft 12 ability, artifact and spell cards, then build a 9-card starting deck (H3-48.3)",
    ),
    "campaign": message(
        "h3.option.campaign",
        "Solo campaign: a chain of scenarios against the AI enemy, played as one game (Cooperative, 1 player; "
        "H3-3.2.2, H3-44)",
    ),
    "expansions": message(
        "h3.option.expansions",
        "Expansions to add to the scenario, e.g. rampart or tower+rampart: their faction may be chosen and their "
        "map tiles, locations and cards join the game (H3-49)",
    ),
}
EXPANSION_NAMES: dict[str, Message] = {
    "tower": message("h3.option.value.expansions.tower", "Tower"),
    "rampart": message("h3.option.value.expansions.rampart", "Rampart"),
    "fortress": message("h3.option.value.expansions.fortress", "Fortress"),
    "inferno": message("h3.option.value.expansions.inferno", "Inferno"),
}
OPTION_VALUES: dict[str, dict[str, Message]] = {
    "scenario": {
        "None": message("h3.option.value.scenario.none", "the usual one for the number of players"),
        "alliance_four_winds": message("h3.option.value.scenario.alliance_four_winds", "Four Winds Alliance"),
        "clash_four_winds": message("h3.option.value.scenario.clash_four_winds", "Four Winds"),
        "clash_three_crowns": message("h3.option.value.scenario.clash_three_crowns", "Three Crowns"),
        "clash_two_kingdoms": message("h3.option.value.scenario.clash_two_kingdoms", "Two Kingdoms"),
        "coop_lone_vigil": message("h3.option.value.scenario.coop_lone_vigil", "Lone Vigil"),
        "coop_necropolis_rising": message("h3.option.value.scenario.coop_necropolis_rising", "Necropolis Rising"),
        "tournament_core": message("h3.option.value.scenario.tournament_core", "Tournament"),
    },
    "mode": {
        "clash": message("h3.option.value.mode.clash", "Clash"),
        "tournament": message("h3.option.value.mode.tournament", "Tournament"),
        "alliance": message("h3.option.value.mode.alliance", "Alliance (2 against 2)"),
        "cooperative": message(
            "h3.option.value.mode.cooperative", "Cooperative, 1-2 players against the AI enemy (H3-3.2.4)"
        ),
    },
    "difficulty": {"None": message("h3.option.value.difficulty.none", "the scenario's"), **DIFFICULTY_VALUES},
    "heroes": {"None": message("h3.option.value.heroes.none", "each player chooses")},
    "starting_player": {"None": message("h3.option.value.starting_player.none", "at random")},
    "campaign": {
        "None": message("h3.option.value.campaign.none", "none"),
        "necropolis_war": message("h3.option.value.campaign.necropolis_war", "The Necropolis War"),
    },
    "expansions": EXPANSION_NAMES,
    "team_order": {
        "agree": message("h3.option.value.team_order.agree", "the members agree"),
        "captain": message("h3.option.value.team_order.captain", "the member seated first clockwise decides"),
    },
}


FIRST_HERO = message("h3.option.value.heroes.first", "the player's choice")


def option_shown(key: str, value: Any) -> Any | None:
    """A list-valued option in words (each seat's hero by its printed name), for the lobby's
    option line; ``None`` for an option the plain words cover."""
    if key == "heroes" and isinstance(value, list):
        return [Ref(kind="hero", id=hero_id(h)) if isinstance(h, str) and h else FIRST_HERO() for h in value]
    if key == "expansions" and isinstance(value, (list, str)):
        boxes = ClashOptions._expansions_in_words(value)
        return [EXPANSION_NAMES[b]() if b in EXPANSION_NAMES else b for b in boxes]
    return None


class Hero(BaseModel):
    """A hero on the map (H3-12): where it stands and its MP this round (H3-9.3)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["main", "secondary"]
    field: Coord
    mp: int  # movement tokens still green this round
    mp_turn: int = 0  # extra MP "for this turn" (H3-8.4, H3-9.6)
    last_visited: Coord
    # passing through a field without resolving it this turn (Pathfinding, Angel Wings:
    # cards/map_cards.py): the field it stands on unresolved, and the last field it did resolve
    passing: Coord | None = None
    came_from: Coord | None = None

    def mp_left(self) -> int:
        return self.mp + self.mp_turn


class PoolUnit(BaseModel):
    """H3-48.5: what one unit of the unit deck put into the reserved pool when the population token
    recruited or reinforced it, so that selling it, its defeat or its flip to Few gives that back."""

    model_config = ConfigDict(extra="forbid")

    card: str
    recruit: dict[str, int] = Field(default_factory=dict)
    reinforce: dict[str, int] = Field(default_factory=dict)
    # H3-48.5 fourth bullet: a Legion card whose discount paid this unit's recruit / reinforcement
    # (a card instance kept beside the unit as a reminder, public)
    recruit_card: str | None = None
    reinforce_card: str | None = None


class RecruitDiscount(BaseModel):
    """A Legion artifact played on the map (H3-17): the next recruit or reinforcement of one unit
    costs ``gold`` less; ``round`` is when it was played (it lapses when that round ends, house)."""

    model_config = ConfigDict(extra="forbid")

    card: str  # the played card instance (revealed when played, so public)
    gold: int
    round: int


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int
    faction: str
    hero: str  # hero board id
    xp: int = 0
    level: int = 1
    expert_used: int = 0  # H3-12.12, refreshed each round
    deck: HeroDeck = Field(default_factory=HeroDeck)  # ``names`` stays empty: ``ClashState.cards`` names every card
    resources: dict[str, int] = Field(default_factory=dict)
    production: dict[str, int] = Field(default_factory=dict)
    buildings: list[str] = Field(default_factory=list)
    mage_guild_round: int | None = None  # H3-15.5: no spell book in the round it was built
    tokens_used: list[str] = Field(default_factory=list)  # H3-10.1
    army: list[ArmyCard] = Field(default_factory=list)  # H3-26.1 unit deck (public, A-31)
    starting_units: list[ArmyCard] = Field(default_factory=list)  # H3-26.5 refill
    main: Hero | None = None
    secondary: Hero | None = None
    morale: int = 0  # +1 positive token, -1 negative token (H3-11)
    discard_hand_pending: bool = False  # H3-11.4
    cubes: dict[int, int] = Field(default_factory=dict)  # faction cubes held, by the seat they came from (H3-5.6)
    no_base_rounds: int = 0  # H3-5.3.1 countdown
    eliminated: bool = False
    far_supply: list[str] = Field(default_factory=list)  # H3-23.2: tile ids, hidden from all (H-9)
    searching: list[str] = Field(default_factory=list)  # cards seen in a Search (H-7, the searcher only)
    grail: bool = False
    secondaries_defeated: int = 0  # H3-45.5 VP
    beat_main: bool = False  # H3-45.5 VP (once)
    # won a combat this turn, not a quick combat: the moment Necromancy and Vidomina's cards are played in
    combat_won_turn: bool = False
    removed_artifacts: list[str] = Field(default_factory=list)  # H3-45.4.3
    mulligan_done: bool = False  # H3-45.4.1
    turn_used: list[str] = Field(default_factory=list)  # buildings' once-per-turn effects used this turn
    income_mod: dict[str, int] = Field(default_factory=dict)  # astrologer: next resource round's change
    rerolled_turn: bool = False  # astrologer re-roll used this turn
    rerolls: list[str] = Field(default_factory=list)  # dice a card lets this player re-roll this turn (Luck)
    spell_returned: bool = False  # astrologer "first spell returns" used since it was drawn
    permanent: str | None = None  # H3-13.2.7: the one permanent card in play (public), cards/
    pending_power: int = 0  # H3-15.3 / A-20: Power played towards the next spell cast on the map
    power_cards: list[str] = Field(default_factory=list)  # the cards that Power came from (Mysticism's expert)
    enemy_discard: int = 0  # Cover of Darkness: the enemy hero discards at the next combat against a hero
    chaos_settled: list[str] = Field(default_factory=list)  # H3-48.1: discard-pile cards not to replace again
    reserved: dict[str, int] = Field(default_factory=dict)  # H3-48.5: the reserved pool (public), not spendable
    pool_units: list[PoolUnit] = Field(default_factory=list)  # H3-48.5: the reserved amounts, unit by unit
    discounts: list[RecruitDiscount] = Field(default_factory=list)  # Legion artifacts not yet used (public)
    # Torosar's Ballista IV (Tower box): the rounds it was played in; in each, one more Ballista per entry in
    # every combat of this player's army until the round ends (cards/permanent.lay_war_machines; public)
    ballista_rounds: list[int] = Field(default_factory=list)
    # Fortress Cage of Warlords / Inferno Brimstone Stormclouds: this player's faction cubes on it (public,
    # town/cage.py; a player owns one faction town board, so one count serves either building)
    cage_cubes: int = 0


class PlacedTile(BaseModel):
    """A tile on the map. ``tile`` of a face-down tile is secret (H-9): views show only its kind."""

    model_config = ConfigDict(extra="forbid")

    centre: Coord
    tile: str
    kind: str
    face_up: bool = False
    rotation: int = 0


class FieldState(BaseModel):
    """What lies on a field beyond the printed tile (H3-22.5): cubes, the cleared guard, a token."""

    model_config = ConfigDict(extra="forbid")

    black: bool = False  # visited (V)
    flag: int | None = None  # faction cube (F)
    flags: list[int] = Field(default_factory=list)  # multi-flag fields (Obelisk, H3-50.7)
    ever_flagged: bool = False  # H3-50.4.1: the first flagger ever gains the income now
    cleared: bool = False  # the guard was beaten
    produce: str | None = None  # settlement: the resource it produces (H3-50.4.2)


class Pending(BaseModel):
    """The combat being fought on the map: who started it, from where, against what.

    ``ai_hero``: the AI hero (``AiHero.id``) on one side, Cooperative only (coop/ai_combat.py). When
    it attacks, ``attacker`` is ``AI_SEAT`` and ``hero`` is meaningless; the seat it attacks is
    ``defender`` (its hero ``defender_hero``, or none in a siege of the town)."""

    model_config = ConfigDict(extra="forbid")

    attacker: int
    hero: Literal["main", "secondary"]
    origin: Coord
    target: Coord
    defender: int | None = None
    defender_hero: Literal["main", "secondary"] | None = None
    ai_hero: str | None = None


class AiHero(BaseModel):
    """An AI hero on the map (H3-41.1): no town board, resources or hero board; a fixed army and
    the two AI combat decks. Public but for ``deck``'s order and contents (H3-41.6, H: AI decks
    hidden; a drawn AI card is public). ``hero`` is the printed hero board it is shown as."""

    model_config = ConfigDict(extra="forbid")

    id: str  # the scenario's id for it (``AiHeroSpec.id``)
    hero: str  # a hero board id of the AI faction: its printed name and portrait
    field: Coord
    last_visited: Coord
    mp: int = 0  # MP left in its turn this round (H3-41.4: AI_MP at the start of it)
    army: list[ArmyCard] = Field(default_factory=list)
    shared: list[ArmyCard] = Field(default_factory=list)  # H3-41.2: cards it gets when its combat begins
    deck: str  # its key in ``ClashState.ai_decks``: AI heroes may share one (H3-41.10)
    defeated: bool = False


class Draft(BaseModel):
    """H3-48.3 in progress: every list is indexed by seat. Packets, drafted and kept cards are the
    holder's secret (H: packets seen only by the current holder); the views show counts only."""

    model_config = ConfigDict(extra="forbid")

    phase: Literal["left", "right", "keep"] = "left"
    choice: SecretChoice
    packets: list[list[str]]  # the packet each seat holds now (steps 2 and 3)
    drafted: list[list[str]]  # the cards each seat kept from the packets
    aside: list[list[str]]  # step 1: starting ability and level I specialty, set aside
    stats: list[list[str]]  # step 4: the statistic cards of the hero board
    kept: list[list[str]]  # step 5: the cards chosen so far for the starting deck
    picks: int = 0  # picks made in the current phase


class AllyOffer(BaseModel):
    """An open offer between two Alliance allies, waiting for the receiver (H3-43.3, P-43): resources
    (H3-43.3.1) or a swap of spell and artifact cards (H3-43.3.2). ``cards`` are instances from the
    offerer's hand, so only the two traders may see them (H-27). ``turn`` is the active seat when it
    was made: an offer lapses when that turn ends (clash/ally_trade.py)."""

    model_config = ConfigDict(extra="forbid")

    by: int
    to: int
    kind: Literal["resources", "cards"]
    give: dict[str, int] = Field(default_factory=dict)
    want: dict[str, int] = Field(default_factory=dict)
    cards: list[str] = Field(default_factory=list)
    turn: int | None = None


class Exchange(BaseModel):
    """[EXP: Fortress] The Marketplace's offer (H3-7.5): ``by`` gives ``give`` of one resource for ``want`` of
    another, to whichever other player takes it first, clockwise (public)."""

    model_config = ConfigDict(extra="forbid")

    by: int
    give: dict[str, int]
    want: dict[str, int]


class EventDeck(BaseModel):
    """[EXP: Fortress] The event deck (H3-6.24, H3-7.5) and what the event being resolved has on the table.

    ``deck``'s draw pile order is hidden from all (H-12); its discard pile holds the events drawn so far,
    face up, the last of them ``current`` (H3-7.5.2). ``revealed`` are card instances an event turned face
    up (public, H3-7.5.6), ``units`` neutral unit cards it laid out (public), ``pool`` the Magical Forest's
    face-down cards (hidden from all) and ``dice`` the Mischievous Leprechaun's pool (``[die, face]``,
    public); whatever is left there goes back to its own deck when the event ends (H3-7.5.5)."""

    model_config = ConfigDict(extra="forbid")

    deck: Deck[str] = Field(default_factory=Deck)
    drawer: int = 0  # H3-7.5.3: who draws the next event
    current: str | None = None
    revealed: list[str] = Field(default_factory=list)
    units: list[str] = Field(default_factory=list)
    pool: list[str] = Field(default_factory=list)
    dice: list[tuple[str, int]] = Field(default_factory=list)
    rest: Literal["deck", "discard"] = "deck"  # where unbought revealed cards go (the Shrine: its discard pile)
    exchange: Exchange | None = None  # the Marketplace's offer waiting for a taker


class Campaign(BaseModel):
    """A solo campaign in progress (H3-3.2.2, H3-44): which campaign, the scenario being played (an index
    into its chain), the starting deck recorded for it as content card ids (H3-44.3: a lost scenario is
    replayed with this list) and how many scenarios were won. The recorded list is the player's own deck,
    so the views never show it (H: deck contents hidden)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    index: int = 0
    deck: list[str] = Field(default_factory=list)
    won: int = 0
    # between two scenarios (H3-44.2, H3-44.6): the hero chosen for the next one, the picks made so far
    next_hero: str | None = None
    kept: list[str] = Field(default_factory=list)


class ClashState(CombatHost):
    scenario: str
    mode: Mode = "clash"
    # H3-49.6: the content boxes in play, the scenario's and the table's ``expansions`` (set at setup; a
    # box's rules, such as the war machine pile of Rampart, apply only when it is here)
    boxes: list[str] = Field(default_factory=lambda: ["core"])
    # H3-6.32 [EXP: Rampart]: the war machine cards lying face up in their own pile (public), by content
    # id: a card of it gets an instance only when bought (cards/war_machines.py), so the pile is no card zone
    war_machines: list[str] = Field(default_factory=list)
    # [EXP: Inferno] H3-6.28 / H3-14.4: the empowered statistic cards left in their face-up pile (content ids,
    # public; a card gets an instance only when taken, adventure/empowered.py)
    empowered: list[str] = Field(default_factory=list)
    # H3-3.2.3: the Alliance teams, each a list of seats (empty outside Alliance games).
    teams: list[list[int]] = Field(default_factory=list)
    ally_offers: list[AllyOffer] = Field(default_factory=list)  # H3-43.3: open offers between allies
    team_order: Literal["agree", "captain"] = "agree"  # H3-7.8: the table's ``ClashOptions.team_order``
    # H3-7.8 (Rec.): a team's secret choice of its order while its members lock in (clash/rounds.py)
    team_choice: SecretChoice | None = None
    # H3-6.3 (P-3): the seats' secret simultaneous choice of their main hero, first thing in the game (clash/heroes.py)
    hero_choice: SecretChoice | None = None
    # H3-3.2.4 Cooperative: the AI enemy's heroes (coop/), its faction and town field
    ai_heroes: list[AiHero] = Field(default_factory=list)
    ai_decks: dict[str, AiDeck] = Field(default_factory=dict)  # hidden from all (H3-41.6)
    ai_faction: str | None = None
    ai_town: Coord | None = None
    campaign: Campaign | None = None  # H3-3.2.2: the solo campaign this game plays (coop/campaign.py)
    difficulty: Difficulty = "normal"
    round: int = 1
    round_limit: int = 16
    starting: int = 0
    active: int | None = None
    seats: list[Player] = Field(default_factory=list)
    tiles: list[PlacedTile] = Field(default_factory=list)
    fields: dict[str, FieldState] = Field(default_factory=dict)
    decks: dict[str, Deck[str]] = Field(default_factory=dict)  # ability / artifact / spell (H3-6.15)
    cards: dict[str, str] = Field(default_factory=dict)  # every card instance -> content id
    next_card: int = 0
    removed: list[str] = Field(default_factory=list)  # out of the game with no owner (H3-13.2.8)
    astrologers: Deck[str] = Field(default_factory=Deck)  # H3-6.21, order hidden
    astrologer: str | None = None  # the card in force
    # [EXP: Fortress] H3-6.24 / H3-7.5: the event deck, only in a game of 2+ players with the Fortress box
    event_deck: EventDeck | None = None
    pools: dict[str, list[str]] = Field(default_factory=dict)  # Tournament pools, hidden (H-32)
    grail_taken: bool = False
    pending: Pending | None = None
    variants: list[str] = Field(default_factory=list)  # the H3-48.8 rows agreed at setup (``VARIANTS``)
    draft: Draft | None = None  # H3-48.3 while the draft runs
    met: list[int] = Field(default_factory=list)  # seats that met a victory condition this round (H3-5.2)
    winners: list[int] | None = None
    end_reason: str = ""

    def player(self, seat: int) -> Player:
        return self.seats[seat]

    def field(self, pos: Coord) -> FieldState:
        key = f"{pos[0]},{pos[1]}"
        fs = self.fields.get(key)
        if fs is None:
            fs = FieldState()
            self.fields[key] = fs
        return fs

    def peek_field(self, pos: Coord) -> FieldState | None:
        return self.fields.get(f"{pos[0]},{pos[1]}")

    def new_card(self, card: str) -> str:
        """A fresh instance id for content card ``card``."""
        inst = f"k{self.next_card:03d}"
        self.next_card += 1
        self.cards[inst] = card
        return inst

    def variant(self, name: str) -> bool:
        """Whether the table agreed to the H3-48 variant ``name`` at setup (each is off by default)."""
        return name in self.variants

    def alive(self) -> list[int]:
        return [p.seat for p in self.seats if not p.eliminated]
