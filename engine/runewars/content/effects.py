"""Effect primitives: the small closed vocabulary that Runewars card text is built from.

Why a closed set: the rules engine must resolve every effect it meets, and a group that
replaces a card by editing JSON must not need new code. So each printed effect is a list
of a few primitives, and whatever the primitives cannot say is written as ``gm`` (the
engine hands that text to the game master, see ``engine.core.gm``). Adding a primitive
is a code change in the engine; adding a card never is.

Conventions shared by every primitive (documented once here, not per field):

* ``who`` names the player an effect applies to. ``self`` is the player the card or
  ability belongs to: the card's player, the unit's owner, the hero's controller, or
  inside ``bid_influence`` the bid winner (``winner_effects``) or each loser
  (``loser_effects``). ``each_player`` resolves in player order (RW-8).
* In battles, ``side`` is whose units are hit (``enemy`` or ``own``) and ``chooser``
  is who picks them (``self`` = this effect's player, ``opponent`` = the other side).
  Plain destiny-card damage is chosen by the receiver (RW-15.4), so ``chooser:
  opponent`` together with ``side: enemy`` reproduces the normal allocation rules;
  ``chooser: self`` overrides them as RW-15.8 allows.
* A negative ``gain_influence`` or ``adjust_dial`` inside a ``choose_one`` option is a
  cost: the option may be taken only if the player can pay it in full (RW-9.6).
* Amounts are ints, or a ``Quantity`` when the printed number depends on the game
  (Blade of Fury: "damage equal to the hero's strength").
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Shape = Literal["triangle", "rectangle", "hexagon", "circle"]
Resource = Literal["food", "wood", "ore"]
Attribute = Literal["strength", "agility", "wisdom"]
Who = Literal["self", "each_player", "each_other_player", "opponent", "chosen_player"]
Side = Literal["enemy", "own"]
Chooser = Literal["self", "opponent"]


class EffectModel(BaseModel):
    """Base for effect data: immutable, and a typo in a key is an error, not a silent no-op."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# --------------------------------------------------------------------------- helpers


class Quantity(EffectModel):
    """A number read from the game at resolution time instead of printed on the card.

    Exists because a handful of printed effects scale ("damage equal to strength",
    "1 damage per damage on a Giant"); without it those cards would all be ``gm``.
    """

    per: Literal[
        "hero_strength",
        "hero_agility",
        "hero_wisdom",
        "most_damage_on_own_unit_of_type",
        "own_standing_units_of_type",
        "controlled_cities",
    ]
    unit_type: str | None = None
    plus: int = 0

    @model_validator(mode="after")
    def _unit_type_when_needed(self) -> Quantity:
        needs = self.per in ("most_damage_on_own_unit_of_type", "own_standing_units_of_type")
        if needs != (self.unit_type is not None):
            raise ValueError(f"Quantity per={self.per!r}: unit_type is {'required' if needs else 'not allowed'}")
        return self


Amount = Annotated[int, Field(ge=0)] | Quantity


class UnitFilter(EffectModel):
    """Which units an effect may pick. Empty filter = any unit on that side.

    ``strict = False`` turns the filter into a preference "if able" (Bowmen:
    "must be assigned to a unit with more than 1 health if able").
    """

    shapes: tuple[Shape, ...] | None = None
    unit_types: tuple[str, ...] | None = None
    min_health: int | None = None
    min_initiative: int | None = None
    state: Literal["any", "standing", "routed", "damaged", "damaged_or_routed"] = "any"
    strict: bool = True


class ResourceAmounts(EffectModel):
    food: int = 0
    wood: int = 0
    ore: int = 0


# --------------------------------------------------------------------------- conditions


CounterName = Literal[
    "areas_controlled",
    "areas_controlled_outside_home",
    "enemy_home_areas_controlled",
    "cities_controlled",
    "areas_with_allied_neutrals",
    "allied_neutral_kinds",
    "strongholds_outside_home",
    "influence",
    "heroes",
    "rewards",
    "titles",
    "units_on_board",
    "standing_units_of_type_in_battle",
    "enemy_units_destroyed_this_turn",
    "battles_won_this_turn",
    "battles_won_as_attacker_this_turn",
]


class AtLeast(EffectModel):
    """``counter >= count`` for the player concerned.

    One counter model instead of one condition per objective, because objective cards
    (D-11) and conditional specials differ only in what they count.
    """

    kind: Literal["at_least"] = "at_least"
    counter: CounterName
    count: int = Field(ge=1)
    unit_type: str | None = None

    @model_validator(mode="after")
    def _unit_type_when_needed(self) -> AtLeast:
        needs = self.counter == "standing_units_of_type_in_battle"
        if needs != (self.unit_type is not None):
            raise ValueError(f"counter {self.counter!r}: unit_type is {'required' if needs else 'not allowed'}")
        return self


class HoldsTitle(EffectModel):
    """True while the player holds the title; season cards reward title holders (RW-32)."""

    kind: Literal["holds_title"] = "holds_title"
    title_id: str


class GmCondition(EffectModel):
    """A condition only a human can judge; the engine asks the game master."""

    kind: Literal["gm"] = "gm"
    text: str = Field(min_length=1)


Condition = Annotated[AtLeast | HoldsTitle | GmCondition, Field(discriminator="kind")]


# --------------------------------------------------------------------------- primitives


class Gm(EffectModel):
    """The engine cannot resolve this text; hand it to the game master (DESIGN: content is data).

    Used honestly for card text the primitives cannot express, instead of growing the
    primitive set for one card.
    """

    kind: Literal["gm"] = "gm"
    text: str = Field(min_length=1)


class AdjustDial(EffectModel):
    """Move a resource dial up or down (RW-9.3): season cards, tactics, resource developments.

    ``resource = choice`` lets the player pick the dial.
    """

    kind: Literal["adjust_dial"] = "adjust_dial"
    resource: Literal["food", "wood", "ore", "choice"]
    amount: int
    who: Who = "self"

    @model_validator(mode="after")
    def _nonzero(self) -> AdjustDial:
        if self.amount == 0:
            raise ValueError("adjust_dial amount must not be 0")
        return self


class ResetDials(EffectModel):
    """Set every dial to what the player's areas produce, as Harvest does (RW-18.4.1).

    Exists for the autumn card of EX-2 ("reset dials; +1 food", AMB-61); ``bonus`` is
    added after the reset.
    """

    kind: Literal["reset_dials"] = "reset_dials"
    who: Who = "each_player"
    bonus: ResourceAmounts = ResourceAmounts()


class GainInfluence(EffectModel):
    """Take (or, if negative, pay) influence tokens (RW-31.1). Paying never goes below 0."""

    kind: Literal["gain_influence"] = "gain_influence"
    amount: int | Quantity
    who: Who = "self"

    @model_validator(mode="after")
    def _nonzero(self) -> GainInfluence:
        if isinstance(self.amount, int) and self.amount == 0:
            raise ValueError("gain_influence amount must not be 0")
        return self


class DrawCards(EffectModel):
    """Draw from a deck: tactics, quests, rewards, heroes (keep some) or destiny cards.

    One primitive for all decks because the decks differ only in where the cards go.
    ``deck = destiny`` draws extra destiny cards into the current battle, diplomacy
    or attribute test (Beastman "Ravage"; tactics that add cards to a test); with
    ``once_per_unit`` each unit may trigger it only once per battle.
    ``keep`` (heroes) keeps that many and shuffles the rest back (RW-18.6.2).
    """

    kind: Literal["draw_cards"] = "draw_cards"
    deck: Literal["tactics", "quest", "reward", "hero", "destiny"]
    amount: Amount = 1
    keep: int | None = None
    once_per_unit: bool = False
    who: Who = "self"

    @model_validator(mode="after")
    def _fields_fit_deck(self) -> DrawCards:
        if self.keep is not None and self.deck != "hero":
            raise ValueError("keep is only meaningful when drawing heroes")
        if self.once_per_unit and self.deck != "destiny":
            raise ValueError("once_per_unit is only meaningful for destiny draws")
        return self


class DiscardCards(EffectModel):
    """Discard cards from hand or from a hero (ambushes, sabotage, hand limits).

    ``chooser``: ``owner`` = the discarding player picks, ``random`` = at random,
    ``self`` = the player of the card that caused it picks (he sees the cards).
    """

    kind: Literal["discard_cards"] = "discard_cards"
    deck: Literal["tactics", "quest", "reward"]
    amount: int = Field(ge=1)
    chooser: Literal["owner", "random", "self"] = "owner"
    who: Who = "self"


class DamageUnits(EffectModel):
    """Deal damage to units in the current battle (RW-15.4, RW-15.8).

    ``single_target``: all of it goes to one unit and any excess is lost (Footmen:
    "1 damage; if not destroyed, 1 more"). ``distinct``: each point to a different
    unit (Hellhounds).
    """

    kind: Literal["damage_units"] = "damage_units"
    amount: Amount
    side: Side = "enemy"
    chooser: Chooser = "opponent"
    filter: UnitFilter = UnitFilter()
    single_target: bool = False
    distinct: bool = False


class RoutUnits(EffectModel):
    """Rout units (RW-15.1, RW-15.3). ``up_to`` lets the chooser stop early."""

    kind: Literal["rout_units"] = "rout_units"
    amount: int = Field(ge=1)
    side: Side = "enemy"
    chooser: Chooser = "opponent"
    filter: UnitFilter = UnitFilter()
    up_to: bool = False


class DestroyUnits(EffectModel):
    """Destroy units outright, ignoring health (Dragons, Warlocks, winter-like losses)."""

    kind: Literal["destroy_units"] = "destroy_units"
    amount: int = Field(ge=1)
    side: Side = "enemy"
    chooser: Chooser = "opponent"
    filter: UnitFilter = UnitFilter()
    up_to: bool = False


class RetreatUnits(EffectModel):
    """Force units out of the battle to retreat (RW-16); they are routed and stop counting."""

    kind: Literal["retreat_units"] = "retreat_units"
    amount: int = Field(ge=1)
    side: Side = "enemy"
    chooser: Chooser = "self"
    filter: UnitFilter = UnitFilter()


class ModifyStrength(EffectModel):
    """Add to (or take from) a side's final strength in the current battle (RW-14.6)."""

    kind: Literal["modify_strength"] = "modify_strength"
    amount: int
    side: Side = "own"


class SetHealth(EffectModel):
    """Units of one type have this health until the battle ends (Sorcerers, Flesh Rippers)."""

    kind: Literal["set_health"] = "set_health"
    unit_type: str
    health: int = Field(ge=1)


class AddUnits(EffectModel):
    """Put units from the supply onto the board or into the battle (RW-11.6, RW-1.9.2).

    ``where``: ``battle`` (standing, into the current battle; Necromancers),
    ``stronghold_area`` (recruit-like), ``friendly_area`` (an area the player
    controls; neutrals placed there become allies), ``empty_area`` (unallied neutrals),
    ``farthest_empty_area`` (unallied neutrals in the empty area whose nearest home-realm
    area is farthest away, counted in area steps; the player, or for a season card the
    starting player, picks among tied areas). Missing figures are simply not placed (RW-1.9.2).
    """

    kind: Literal["add_units"] = "add_units"
    unit_type: str
    count: int = Field(ge=1)
    where: Literal["battle", "stronghold_area", "friendly_area", "empty_area", "farthest_empty_area"]
    who: Who = "self"


class DamageHero(EffectModel):
    """Damage a hero (duels, ambushes, assassins). ``target`` is relative to ``self``."""

    kind: Literal["damage_hero"] = "damage_hero"
    amount: Amount
    target: Literal["opposing_hero", "own_hero", "enemy_hero_in_area", "every_hero"] = "opposing_hero"


class HealHero(EffectModel):
    """Remove damage from one of the player's heroes; ``amount = None`` removes all (RW-21.6)."""

    kind: Literal["heal_hero"] = "heal_hero"
    amount: int | None = None
    target: Literal["own_hero", "each_own_hero"] = "own_hero"
    who: Who = "self"


class TrainHero(EffectModel):
    """Raise an attribute with a training token, capped at +2 per attribute (RW-20.6)."""

    kind: Literal["train_hero"] = "train_hero"
    attribute: Literal["strength", "agility", "wisdom", "choice"]
    amount: int = Field(default=1, ge=1, le=2)
    who: Who = "self"


class CancelDamage(EffectModel):
    """Cancel damage dealt to the player's hero in a duel (armour, RW-24.4.2, RW-23.5).

    ``per = round``: up to ``amount`` in the round it is used (Rune Armor, EX-12);
    ``per = duel``: a pool of ``amount`` for the rest of the duel.
    """

    kind: Literal["cancel_damage"] = "cancel_damage"
    amount: int = Field(ge=1)
    per: Literal["round", "duel"] = "round"


class GainDragonRune(EffectModel):
    """Run the dragon-rune gain procedure (RW-27.3): the goal of the game."""

    kind: Literal["gain_dragon_rune"] = "gain_dragon_rune"
    who: Who = "self"


class Runes(EffectModel):
    """Look at (``inspect``) or rearrange (``move``, as Fortify does, RW-18.8.1c) rune tokens.

    Card-directed rune movement is not a gain (RW-27.4), so it needs its own primitive.
    ``areas`` is how many areas are involved; for ``inspect`` the faces stay private.
    """

    kind: Literal["runes"] = "runes"
    action: Literal["inspect", "move"]
    areas: int = Field(ge=1)
    who: Who = "self"


class RevealFalseRune(EffectModel):
    """Each target may reveal one false rune in an area he controls (RW-27.3.1 style).

    The revealed token goes face up to the false-rune pile, as a false rune discarded for a
    dragon-rune gain does. A player who reveals one resolves ``then``; a player who does
    not (he declines, or controls no false rune) resolves ``otherwise``. A negative
    ``gain_influence`` in ``otherwise`` is paid as far as he can (RW-9.6). Exists because
    three house cards trade a bluff for influence and only the engine sees rune faces.
    """

    kind: Literal["reveal_false_rune"] = "reveal_false_rune"
    who: Who = "self"
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()


class TakeInfluence(EffectModel):
    """Take influence from each other player who has a hero in this hero's area (RW-31.1).

    A hero ability (Bogran the Shadow): ``self`` is the hero's controller, the area is
    the area of the hero whose ability it is. A victim pays what he has, at most ``amount``.
    """

    kind: Literal["take_influence"] = "take_influence"
    amount: int = Field(ge=1)
    source: Literal["each_other_player_with_hero_in_area"] = "each_other_player_with_hero_in_area"


class BidInfluence(EffectModel):
    """A secret simultaneous influence bid (RW-31.2): all bids are discarded.

    ``highest_wins``: the highest bidder gets ``winner_effects`` and every other
    bidder ``loser_effects``. ``lowest_loses``: only the lowest bidder is singled out
    and gets ``loser_effects``; everyone else gets ``winner_effects``. Ties are
    broken by RW-31.3. Inside the lists, ``self`` is the player receiving them.
    """

    kind: Literal["bid_influence"] = "bid_influence"
    award: Literal["highest_wins", "lowest_loses"] = "highest_wins"
    winner_effects: tuple[Effect, ...] = ()
    loser_effects: tuple[Effect, ...] = ()


class RuleModifier(EffectModel):
    """A lasting change to a general rule for ``duration`` (season cards, tactics).

    A closed list: each entry is a switch the engine already checks (RW-10.3 borders,
    RW-2.17 swift, RW-21.4.1 hero moves), so no card needs new code.
    """

    kind: Literal["rule_modifier"] = "rule_modifier"
    rule: Literal[
        "ignore_mountains",
        "ignore_water",
        "all_units_swift",
        "hero_move_plus_one",
        "no_diplomacy",
    ]
    duration: Literal["turn", "season", "battle", "quest_phase"]
    who: Who = "self"


class EnforceFoodLimit(EffectModel):
    """Units over the food value in an area are destroyed, as in winter (RW-6.8.1-2).

    ``offset`` shifts the limit (e.g. -1 for a famine).
    """

    kind: Literal["enforce_food_limit"] = "enforce_food_limit"
    who: Who = "each_player"
    offset: int = 0


class DesertHeroes(EffectModel):
    """Desertion check (RW-20.7, RW-26.5).

    Heroes whose alignment does not match their controller's faction (or all heroes
    when ``mismatched_only`` is false) desert unless the controller pays
    ``save_cost_influence`` per hero; ``None`` means they cannot be saved. The
    Heroes' League title prevents it (RW-32.5).
    """

    kind: Literal["desert_heroes"] = "desert_heroes"
    who: Who = "each_player"
    mismatched_only: bool = True
    save_cost_influence: int | None = 1


class ChooseOne(EffectModel):
    """The chooser picks exactly one option (an option may be empty = decline).

    With ``who = each_player`` every player, in player order, makes his own choice and
    ``self`` in the options is that player.
    """

    kind: Literal["choose_one"] = "choose_one"
    chooser: Chooser = "self"
    who: Who = "self"
    options: tuple[tuple[Effect, ...], ...] = Field(min_length=2)


class Conditional(EffectModel):
    """Resolve ``then`` if the condition holds, else ``otherwise`` (Reanimates "Overrun").

    ``who = each_player`` tests every player separately (season cards rewarding title
    holders); ``self`` inside is the player tested.
    """

    kind: Literal["conditional"] = "conditional"
    who: Who = "self"
    condition: Condition
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()


Effect = Annotated[
    Gm
    | AdjustDial
    | ResetDials
    | GainInfluence
    | DrawCards
    | DiscardCards
    | DamageUnits
    | RoutUnits
    | DestroyUnits
    | RetreatUnits
    | ModifyStrength
    | SetHealth
    | AddUnits
    | DamageHero
    | HealHero
    | TrainHero
    | CancelDamage
    | GainDragonRune
    | Runes
    | RevealFalseRune
    | TakeInfluence
    | BidInfluence
    | RuleModifier
    | EnforceFoodLimit
    | DesertHeroes
    | ChooseOne
    | Conditional,
    Field(discriminator="kind"),
]

Effects = tuple[Effect, ...]

for _model in (BidInfluence, ChooseOne, Conditional, RevealFalseRune):
    _model.model_rebuild()

PRIMITIVE_KINDS: tuple[str, ...] = (
    "gm",
    "adjust_dial",
    "reset_dials",
    "gain_influence",
    "draw_cards",
    "discard_cards",
    "damage_units",
    "rout_units",
    "destroy_units",
    "retreat_units",
    "modify_strength",
    "set_health",
    "add_units",
    "damage_hero",
    "heal_hero",
    "train_hero",
    "cancel_damage",
    "gain_dragon_rune",
    "runes",
    "reveal_false_rune",
    "take_influence",
    "bid_influence",
    "rule_modifier",
    "enforce_food_limit",
    "desert_heroes",
    "choose_one",
    "conditional",
)


def walk(effects: tuple[EffectModel, ...]) -> list[EffectModel]:
    """Every effect in ``effects``, nested ones included, depth first.

    The loader uses it for cross-references; the engine can use it to ask
    "does this card need a bid / a GM / a rune?" without knowing the nesting.
    """
    out: list[EffectModel] = []
    for effect in effects:
        out.append(effect)
        if isinstance(effect, BidInfluence):
            out.extend(walk(effect.winner_effects))
            out.extend(walk(effect.loser_effects))
        elif isinstance(effect, ChooseOne):
            for option in effect.options:
                out.extend(walk(option))
        elif isinstance(effect, (Conditional, RevealFalseRune)):
            out.extend(walk(effect.then))
            out.extend(walk(effect.otherwise))
    return out


def referenced_unit_types(effects: tuple[EffectModel, ...]) -> set[str]:
    """Unit-type ids named anywhere in ``effects`` (for the loader's cross-reference check)."""
    found: set[str] = set()
    for effect in walk(effects):
        if isinstance(effect, (SetHealth, AddUnits)):
            found.add(effect.unit_type)
        unit_filter = getattr(effect, "filter", None)
        if isinstance(unit_filter, UnitFilter) and unit_filter.unit_types:
            found.update(unit_filter.unit_types)
        amount = getattr(effect, "amount", None)
        if isinstance(amount, Quantity) and amount.unit_type:
            found.add(amount.unit_type)
        condition = getattr(effect, "condition", None)
        if isinstance(condition, AtLeast) and condition.unit_type:
            found.add(condition.unit_type)
    return found


def referenced_titles(effects: tuple[EffectModel, ...]) -> set[str]:
    """Title ids named in conditions (for the loader's cross-reference check)."""
    return {
        e.condition.title_id
        for e in walk(effects)
        if isinstance(e, Conditional) and isinstance(e.condition, HoldsTitle)
    }
