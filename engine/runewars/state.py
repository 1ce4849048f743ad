"""The Runewars game state: one pydantic model holding everything, secrets included.

Why individual ``Unit`` records instead of counts per area: routing, alliance and
battle damage are per figure, and the battle and hero modules need stable ids to
talk about "that pegasus rider". Static board facts (hexes, borders, production)
live in the state too, because the board is built during setup and differs per game.

The game is a queue of ``Step`` records (``state.steps``): the first step is what the
game waits on. Automatic steps run as soon as they reach the front (``flow.advance``);
a step that needs a decision stays there and produces prompts. Handlers push new
steps to the front, so "resolve this battle, then continue the Mobilize card" is just
two steps in a row. ``Step.data`` carries the few fields each kind needs (documented
where the kind is handled).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import Deck, GameOptions, GameState, SecretChoice
from engine.core.content_packs import pinned_hash
from engine.core.flow import Step  # the kernel's flow step (kind, key, seat, data)
from engine.core.text import Message, message
from engine.runewars.battle.models import BattleState
from engine.runewars.heroes.core import HeroesState
from engine.runewars.heroes.quests import QuestPhaseState

SEASONS: tuple[str, ...] = ("spring", "summer", "autumn", "winter")
RESOURCES: tuple[str, ...] = ("food", "wood", "ore")
Border = Literal["none", "water", "mountain"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RunewarsOptions(GameOptions):
    """Game-creation options (RW-3.0, P-1) plus the starred ambiguities as switches.

    Every default is the spec's recommended reading.
    """

    exploration: bool = False  # RW-34
    epic: bool = False  # RW-35
    # AMB-4: uncoloured borders a home marker must touch (full rulebook 2, quick rules 3).
    marker_borders: int = Field(default=2, ge=1, le=6)
    # AMB-22: minimum marker spacing (shortest path through board areas).
    marker_spacing: int = Field(default=4, ge=2, le=8)
    # AMB-18: the setup recruit uses all three dials ("all") or one dial ("one").
    setup_recruit: Literal["all", "one"] = "all"
    # AMB-21: a path may not pass through the mover's own activated area.
    forbid_path_through_activated: bool = True
    # AMB-1: battle strength counts standing units only (True = routed survivors count too).
    battle_count_routed: bool = False
    # AMB-3: a stronghold flips when any attacking unit survived (False = only a standing one).
    stronghold_flip_any_survivor: bool = True
    # AMB-10: at most one rune token per area everywhere.
    one_rune_per_area: bool = True
    # AMB-15: Rally Support neutrals are available while at least one figure is left.
    rally_partial_neutrals: bool = True
    # AMB-56: forced discards go face up on the discard pile.
    public_discards: bool = True
    # Setup prompts P-3..P-5 offer "standard layout" that builds the map automatically.
    offer_auto_map: bool = True
    # A content pack (docs/content-packs.md): its whole text, so a replay after a restart plays
    # the same content, and its sha256, recorded with the game (``/game new content:``).
    content_pack: str | None = None
    content_hash: str | None = None

    @model_validator(mode="after")
    def _pin_pack(self) -> RunewarsOptions:
        self.content_hash = pinned_hash(self.content_pack, self.content_hash)
        return self


# What a lobby shows for each option a table chose (``name: value``, never the option's id; P-1),
# what each option means (``/game new`` help and refusals), and the words for id-like values.
OPTION_NAMES: dict[str, Message] = {
    "exploration": message("rw.option.name.exploration", "exploration"),
    "epic": message("rw.option.name.epic", "epic variant"),
    "marker_borders": message("rw.option.name.marker_borders", "uncoloured borders a home marker touches"),
    "marker_spacing": message("rw.option.name.marker_spacing", "spacing between home markers"),
    "setup_recruit": message("rw.option.name.setup_recruit", "setup recruit"),
    "forbid_path_through_activated": message(
        "rw.option.name.forbid_path_through_activated", "no path through your own activated areas"
    ),
    "battle_count_routed": message("rw.option.name.battle_count_routed", "routed units count in battle"),
    "stronghold_flip_any_survivor": message(
        "rw.option.name.stronghold_flip_any_survivor", "any survivor takes a stronghold"
    ),
    "one_rune_per_area": message("rw.option.name.one_rune_per_area", "one rune token per area"),
    "rally_partial_neutrals": message("rw.option.name.rally_partial_neutrals", "Rally Support with neutrals left"),
    "public_discards": message("rw.option.name.public_discards", "forced discards face up"),
    "offer_auto_map": message("rw.option.name.offer_auto_map", "offer the standard layout"),
}
OPTION_LABELS: dict[str, Message] = {
    "exploration": message("rw.option.exploration", "Exploration variant (RW-34)"),
    "epic": message("rw.option.epic", "Epic variant: 8 years instead of 6 (RW-35)"),
    "marker_borders": message(
        "rw.option.marker_borders",
        "Uncoloured borders a home marker must touch (2 full rulebook, 3 quick rules; AMB-4)",
    ),
    "marker_spacing": message("rw.option.marker_spacing", "Fewest areas between two home markers (AMB-22)"),
    "setup_recruit": message("rw.option.setup_recruit", "The setup recruit uses all three dials or one dial"),
    "forbid_path_through_activated": message(
        "rw.option.forbid_path_through_activated", "A move may not pass through the mover's own activated area"
    ),
    "battle_count_routed": message(
        "rw.option.battle_count_routed", "Battle strength counts routed survivors too (off: standing units only)"
    ),
    "stronghold_flip_any_survivor": message(
        "rw.option.stronghold_flip_any_survivor",
        "A stronghold changes hands when any attacking unit survived (off: only a standing one)",
    ),
    "one_rune_per_area": message("rw.option.one_rune_per_area", "At most one rune token per area (AMB-10)"),
    "rally_partial_neutrals": message(
        "rw.option.rally_partial_neutrals", "Rally Support may take neutrals while at least one figure is left"
    ),
    "public_discards": message("rw.option.public_discards", "Forced discards go face up on the discard pile"),
    "offer_auto_map": message("rw.option.offer_auto_map", "Setup offers the standard layout, built automatically"),
}
OPTION_VALUES: dict[str, dict[str, Message]] = {
    "setup_recruit": {
        "all": message("rw.option.value.setup_recruit.all", "all three dials"),
        "one": message("rw.option.value.setup_recruit.one", "one dial"),
    },
}


class Stronghold(_M):
    owner: int
    damaged: bool = False
    development: str | None = None  # development type id on this stronghold (RW-19.2)


class Area(_M):
    """One hex area. ``rune`` is secret: views show only whether a token lies here."""

    id: str
    tile: str
    hex: tuple[int, int]
    food: int = 0
    wood: int = 0
    ore: int = 0
    home_of: int | None = None
    adj: dict[str, Border] = Field(default_factory=dict)
    # The six edges of this hex on the board (index = hexgrid direction); renderers draw them.
    edges: list[Border] = Field(default_factory=lambda: list[Border](["none"] * 6))
    city_spot: bool = False
    city: str | None = None
    stronghold: Stronghold | None = None
    rune: Literal["dragon", "false"] | None = None
    activation: list[int] = Field(default_factory=list)


class Unit(_M):
    id: int
    kind: str
    owner: int | None = None  # None = unallied neutral; allied neutrals carry their seat
    area: str
    routed: bool = False


class HeldCard(_M):
    """A card in a hand, with the season it was gained (RW-30.3: not playable that season)."""

    id: str
    gained: int = -1  # state.season_index when gained; -1 at setup


class Player(_M):
    seat: int
    faction: str | None = None
    dials: dict[str, int] = Field(default_factory=lambda: {"food": 0, "wood": 0, "ore": 0})
    influence: int = 0
    starting_influence: int = 0
    tactics: list[HeldCard] = Field(default_factory=list)
    objective: str | None = None
    orders_used: list[int] = Field(default_factory=list)  # this year, in play order (RW-7.5)
    order_prev: int | None = None  # card resolved last season (RW-8.1 key 1 in the season step)
    order_now: int | None = None  # revealed card this season
    order_spring: int | None = None  # this year's spring card (RW-21.2)
    eliminated: bool = False


class TitleHold(_M):
    holder: int | None = None
    tokens: int = 0


class Turn(_M):
    """The current player's order-card resolution (RW-7.4)."""

    seat: int
    card: int
    eligible: bool  # RW-7.6
    bonus: bool = False  # the bonus was taken
    battles: int = 0  # RW-18.2.3
    activations: list[str] = Field(default_factory=list)
    dials_used: list[str] = Field(default_factory=list)  # Recruit resources (RW-18.5.4)
    destroyed_enemies: int = 0
    battles_won: int = 0
    battles_won_attacking: int = 0


class Modifier(_M):
    """A lasting rule switch from a card (content RuleModifier), until ``until``."""

    rule: str
    seat: int | None  # None = everyone
    until: Literal["turn", "season", "battle", "quest_phase"]


class RunewarsState(GameState):
    options: RunewarsOptions
    # Public texts of the running season, for the summary at its end (chronicle.py).
    season_log: list[str] = Field(default_factory=list)
    phase: Literal["setup", "play", "over"] = "setup"
    year: int = 1
    season: int = 0  # 0 spring .. 3 winter
    start_player: int = 0
    starting_draw: dict[int, int] = Field(default_factory=dict)  # seat -> destiny number (public)
    board: dict[str, Area] = Field(default_factory=dict)
    units: list[Unit] = Field(default_factory=list)
    next_unit: int = 1
    seats: list[Player] = Field(default_factory=list)  # one per seat; ``players`` is the count
    destiny: Deck[int] = Field(default_factory=Deck[int])
    season_decks: dict[str, list[str]] = Field(default_factory=dict)
    season_discard: list[str] = Field(default_factory=list)
    season_card: str | None = None
    tactics_deck: Deck[str] = Field(default_factory=Deck[str])
    objective_decks: dict[str, list[str]] = Field(default_factory=dict)
    claimed_objectives: list[str] = Field(default_factory=list)
    titles: dict[str, TitleHold] = Field(default_factory=dict)
    rune_supply: dict[str, int] = Field(default_factory=lambda: {"dragon": 21, "false": 17})
    revealed_false: int = 0  # false runes turned face up by RW-27.3.1/27.3.4 (public pile)
    steps: list[Step] = Field(default_factory=list)
    next_key: int = 1
    choice: SecretChoice | None = None
    turn: Turn | None = None
    resolve_order: list[int] = Field(default_factory=list)  # this season's RW-7.4 order
    modifiers: list[Modifier] = Field(default_factory=list)
    winter_water: bool = False  # RW-6.8.3
    # Setup/map-building scratch: tiles in hand, markers, placement counters.
    setup: dict[str, Any] = Field(default_factory=dict)
    heroes: HeroesState = Field(default_factory=HeroesState)  # the heroes, quests and exploration (heroes/core.py)
    quest_phase: QuestPhaseState | None = None  # the quest phase while it runs (heroes/quests.py)
    battle: BattleState | None = None  # the battle while one is fought (battle/)
    winner: list[int] | None = None
    win_reason: str = ""
    final_scores: dict[int, float] = Field(default_factory=dict)
    log_reveal: dict[str, str] = Field(default_factory=dict)  # runes revealed at game end

    @property
    def season_name(self) -> str:
        return SEASONS[self.season]

    @property
    def season_index(self) -> int:
        return (self.year - 1) * 4 + self.season

    def new_key(self, prefix: str) -> str:
        key = f"{prefix}-{self.next_key}"
        self.next_key += 1
        return key

    def active_seats(self) -> list[int]:
        return [p.seat for p in self.seats if not p.eliminated]
