"""The Clash game's actions: a pydantic union on ``type`` (CORE-2), the map game's own plus the
combat sub-engine's (combat/actions.py). Map action names never reuse a combat name."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..combat.actions import CombatAction

HeroKind = Literal["main", "secondary"]


class _A(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Walk(_A):
    type: Literal["walk"]
    hero: HeroKind = "main"
    to: list[int] = Field(min_length=2, max_length=2)
    passing: bool = False  # pass through the field without resolving it (Pathfinding, Angel Wings)


class Discover(_A):
    type: Literal["discover"]
    hero: HeroKind = "main"
    tile: list[int] = Field(min_length=2, max_length=2)


class PlaceTile(_A):
    type: Literal["place_tile"]
    hero: HeroKind = "main"
    at: list[int] = Field(min_length=2, max_length=2)


class Revisit(_A):
    type: Literal["revisit"]
    hero: HeroKind = "main"


class Build(_A):
    type: Literal["build"]
    building: str


class Recruit(_A):
    type: Literal["recruit"]
    recruit: list[str] = Field(default_factory=list)
    reinforce: list[int] = Field(default_factory=list)
    neutrals: bool = False  # H3-48.2: recruit from the neutral armies drawn per dwelling instead
    reshape: bool = False  # H3-48.5: sell, recruit and reinforce one at a time (gold pool)


class Hire(_A):
    type: Literal["hire"]
    at: list[int] = Field(min_length=2, max_length=2)


class Trade(_A):
    """One trade with the supply at the trade table's rate (H3-43.1.1, D-11), any time, under the
    H3-48.8 row "you may trade resources at any time"."""

    type: Literal["trade"]
    give: Literal["gold", "building_materials", "valuables"]
    get: Literal["gold", "building_materials", "valuables"]


Resource = Literal["gold", "building_materials", "valuables"]


class AllyOffer(_A):
    """H3-43.3.1: offer resources to an ally (``give``), optionally asking some back (``want``). It
    replaces the offerer's own open offer to that ally; nothing moves until the ally accepts."""

    type: Literal["ally_offer"]
    to: int
    give: dict[Resource, int] = Field(default_factory=dict)
    want: dict[Resource, int] = Field(default_factory=dict)


class AllySwap(_A):
    """H3-43.3.2: offer these spell and artifact cards from the hand; the ally answers with as many."""

    type: Literal["ally_swap"]
    to: int
    cards: list[str] = Field(min_length=1)


class AllyWithdraw(_A):
    type: Literal["ally_withdraw"]
    to: int


class AllyAnswer(_A):
    """The receiver's answer to ``by``'s open offer: accept (with the cards given back, for a swap)
    or decline (H3-43.3, "both allies agree")."""

    type: Literal["ally_answer"]
    by: int
    accept: bool
    cards: list[str] = Field(default_factory=list)


class SpellBook(_A):
    type: Literal["spellbook"]


class PlayCard(_A):
    """``basic``/``expert``: the card's map effect; ``power``/``alt``: Power towards a spell cast on
    the map (a Power card, ``expert`` for its expert effect; a spell's alternative effect);
    ``cast``: cast a map spell at empower ``tier`` (H3-15.2, H3-15.3)."""

    type: Literal["play_card"]
    card: str
    mode: Literal["basic", "expert", "power", "alt", "cast"] = "basic"
    tier: int = 0
    expert: bool = False


class Morale(_A):
    type: Literal["morale"]
    use: Literal["draw", "cycle"] = "draw"
    cards: list[str] = Field(default_factory=list)


class UseBuilding(_A):
    type: Literal["use_building"]
    building: str
    choice: int = 0


class EndTurn(_A):
    type: Literal["end_turn"]


class Discard(_A):
    type: Literal["discard"]
    card: str


class Draw(_A):
    type: Literal["draw"]
    n: int


class Mulligan(_A):
    type: Literal["mulligan"]
    redraw: bool


class Search(_A):
    type: Literal["search"]
    choice: Literal["look", "discard", "skip", "keep", "deck", "scout"]
    card: str | None = None
    deck: str | None = None  # choice "deck": which split deck to Search (H3-48.4)
    expert: bool = False  # choice "scout": Scouting's expert effect (H3-12.12)


class Choose(_A):
    type: Literal["choose"]
    pick: str
    at: list[int] | None = None  # the pick's hex, when the question's picks are places (asks.py)
    turn: int | None = None  # a tile's turn in sixths, when the picks turn the tile at ``at`` (asks.py)


class DraftPick(_A):
    """H3-48.3: the card kept from the packet (or, in step 5, chosen for the starting deck); a
    secret simultaneous answer that may change until every seat has locked in."""

    type: Literal["draft_pick"]
    card: str
    lock: bool = True


class HeroPick(_A):
    """H3-6.3 (P-3): the main hero a seat chooses at the start of the game (a hero board id); a secret
    simultaneous answer that may change until every asked seat has locked in."""

    type: Literal["hero_pick"]
    hero: str
    lock: bool = True


class TeamOrderPick(_A):
    """H3-7.8 (Rec.): a team member's secret choice of the team's order this round ("0,2": seat 1 first,
    seat 3 last); it may change until every member has locked in."""

    type: Literal["team_order_pick"]
    pick: str
    lock: bool = True


class TownPass(_A):
    type: Literal["town_pass"]


ClashAction = Annotated[
    Walk
    | Discover
    | PlaceTile
    | Revisit
    | Build
    | Recruit
    | Hire
    | SpellBook
    | Trade
    | AllyOffer
    | AllySwap
    | AllyWithdraw
    | AllyAnswer
    | PlayCard
    | Morale
    | UseBuilding
    | EndTurn
    | Discard
    | Draw
    | Mulligan
    | Search
    | Choose
    | TownPass
    | DraftPick
    | HeroPick
    | TeamOrderPick
    | CombatAction,
    Field(discriminator="type"),
]
