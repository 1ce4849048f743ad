"""Runewars heroes: the hero model, rewards, quest hands, defeated-hero markers,
exploration tokens, hero-limit and Rally Support hero decisions (RW-20, RW-23,
RW-26, RW-34 hero parts). The summer quest phase lives in ``heroes.quests`` and duels in
``heroes.duels``; ``heroes.glue`` connects all three to the game state.

Self-contained: nothing here imports the game's state model. The game embeds
``HeroesState`` as ``state.heroes`` and hands over a ``ctx`` object per call.

Interface for the game flow
===========================

State
-----
* ``HeroesState`` (pydantic): ``heroes`` (list of ``Hero``: ``uid``, ``card``, ``owner``,
  ``area``, ``damage``, ``routed``, ``training`` {attr: 0|1|2}, ``rewards`` [HeldReward
  card/face_up], ``stuck``), ``hero_deck``, ``removed_heroes`` (defeated: out of the game),
  ``reward_deck`` (Deck[str]; its discard pile is the public face-up pile),
  ``quest_deck``, ``quest_hands`` {seat: [quest ids]}, ``revealed_quests`` {seat: [ids
  seen by everyone, AMB-42]}, ``markers`` (defeated-hero markers with their set-aside
  rewards), ``exploration`` (face-down/face-up tokens by area), ``pending`` (blocking
  hero decisions outside the quest phase: hero limit P-65, quest hand limit P-64,
  Rally Support keep/place P-55/P-56, training picks), ``outbox`` (work for the flow).
  **The quest deck and quest hands live here**: at setup the flow passes its shuffled quest
  deck to ``setup_heroes`` and does not keep ``Player.quests`` itself.

Ctx (duck-typed; the ``Ctx`` of INTERFACES.md plus a few optional extras)
-------------------------------------------------------------------------
Required: ``draw() -> int``, ``discard(cards: list[int])``, ``neighbours(area) -> list[str]``,
``passable(a, b, flying=False, seat=None) -> bool``, ``controller(area) -> int | None``,
``is_friendly(area, seat) -> bool``, ``is_empty(area) -> bool``, ``left_of(seat) -> int``,
``rng() -> engine.core.Rng``.
Optional (``getattr`` with the default shown):
``content`` (a ``RunewarsContent`` or ``HeroContent``; default ``load_content()``),
``exploration: bool`` (RW-34 on; default: True iff ``HeroesState.exploration`` is non-empty),
``influence_of(seat) -> int`` (default 0: merchant and portals unavailable),
``areas() -> list[str]`` (Prophet's Scroll targets; default: areas known to exploration),
``hostile_units_in(area, seat) -> bool`` (Ambush; default derived from controller/is_empty),
``hero_move_steps(seat) -> int`` (default 2; a ``hero_move_plus_one`` modifier makes it 3),
``duel_tactics(seat) -> list[str]`` (tactics ids in hand with start_of_duel timing, playable now; default []).

Outbox (work for the flow)
--------------------------
Every function appends to ``hs.outbox`` what only the flow can do; it drains it with
``take_outbox(hs) -> Outbox`` after each call (recommended, so a Temple's influence is
there to pay a later Merchant) and:
* ``grants``: ``EffectGrant(seat, source, hero, effects=[content effect dicts])`` -> the flow applies
  the content primitives (gain_influence incl. negative costs, draw_cards tactics, choose_one,
  adjust_dial, add_units, runes, rule_modifier, discard tactics ...). Effects about heroes,
  rewards and quests are resolved here and never appear in grants.
* ``gm``: ``GmItem(rule, text, public_text, seat)`` -> ``state.gm.hand_over(...)``.
* ``rune_gains``: seats that must run RW-27.3 now.
* ``rune_inspections``: ``(seat, area)`` pairs (Prophet's Scroll): show that seat the runes there.
* ``tactics_played``: ``(seat, card)`` tactics cards played in a duel -> discard them.

Functions the flow calls
------------------------
Setup / board:
* ``setup_heroes(seats_alignment: dict[seat, "good"|"evil"], quest_deck: list[str], rng, content,
  hs=None, hero_areas_for=None) -> (HeroesState, events)``: RW-3.9 (2 quests and 1 hero of the
  faction's alignment per seat; neutral heroes into the deck, AMB-48), shuffles hero and reward
  decks. Heroes have ``area == ""`` until the flow asks P-9 and calls ``place_hero(hs, uid, area)``.
* ``setup_exploration(hs, back1_areas, back2_areas, rng, content)`` (RW-34.1).
* ``stand_all(hs)`` (spring, RW-6.5); ``new_season(hs)`` at every season start (Dungeon lock,
  AMB-69; once-per-turn hero abilities).
* ``move_hero(hs, uid, area, ctx)`` for Strategize (the flow validates the step; queues the P-23
  pick-up as a pending decision), ``hero_may_move(hs, uid)``, ``hero_areas(hs, seat)`` (RW-27.5).
* ``gain_reward(hs, uid, ctx)``, ``damage_hero(hs, uid, n, ctx, cause=)``, ``heal_hero``,
  ``defeat_hero`` (RW-26.3), ``desert_hero`` (RW-26.5; the flow decides who deserts for
  ``desert_heroes`` season/tactics effects), ``gain_hero(hs, seat, card, area, ctx)``
  (RW-20.3/20.4; a 4th hero queues P-65), ``draw_quests(hs, seat, n, ctx)`` (Rally Support d;
  over 3 queues P-64), ``rally_draw_heroes(hs, seat, n, areas, ctx)`` (RW-18.6.2 after the flow took
  the influence: queues P-55 keep then P-56 place in ``areas``; no areas = AMB-47),
  ``eliminate_seat(hs, seat, ctx)`` (RW-33).
* Own turn: ``turn_options(hs, seat, ctx) -> list[Option]`` (own-turn rewards and abilities;
  put them in a *secret* prompt) and ``apply_turn_action(hs, seat, action, ctx)``
  (types ``hero_use_reward``/``hero_use_ability``).
* Exploration queries: ``exploration_face_up(hs)``, ``portal_areas(hs, content)``,
  ``dragon_throne_areas(hs, content)``, ``village_at(hs, content, area)``,
  ``destroy_site(hs, area)`` (the flow runs the 6-unit rule, RW-34.2).
* Pending hero decisions (block everything else, one at a time): ``pending_prompts(hs, ctx)``
  and ``apply_pending_action(hs, seat, action, ctx)``; action types in ``PENDING_TYPES``
  (``hero_desert``, ``quest_discard``, ``hero_rally_keep``, ``hero_place``, ``hero_train_pick``,
  ``hero_pickup``). During the quest phase ``quest_phase_prompts`` shows them first.
Quest phase (``heroes.quests``):
* ``start_quest_phase(hs, player_order, ctx) -> QuestPhaseState`` (order = spring order cards
  with RW-8 ties; seats without heroes are skipped),
* ``quest_phase_prompts(qs, hs, ctx) -> list[Prompt]`` (all enumerable; several are secret),
* ``apply_quest_action(qs, hs, seat, action, ctx) -> list[Event]`` (types ``hero_*``,
  ``quest_*``, ``duel_*``; on ``RuleViolation`` both states are restored field by field,
  so re-fetch hero objects you held),
* ``quest_phase_finished(qs, hs=None) -> QuestPhaseOutcome | None`` (completed/failed quests,
  duels, rewards gained (secret ids: never publish), and the undrained outbox when ``hs`` given),
* ``sample_quest_action(qs, hs, seat, rng, ctx) -> dict`` (ctx is required).
Views: ``heroes_view(hs, seat | None, qs=None, content=None) -> dict``, ``heroes_secrets(hs, qs=None)
-> dict[int, set[str]]`` (key -1 = hidden from everyone: set-aside rewards, face-down
exploration tokens), ``heroes_invariants(hs, content=None) -> list[str]``.

Card timings handled here: hero abilities ``start_of_duel`` / ``start_of_duel_as_attacker`` /
``duel_round`` (offered in the duel), ``attribute_test`` (applied automatically to each of the
hero's tests), ``quest_phase`` (rule-modifier-only abilities are passive for the phase:
``hero_move_plus_one`` is applied here, other switches such as ``ignore_mountains`` go to the flow as a
grant at phase start so ``ctx.passable`` can honour them; any other quest-phase ability fires
after that hero's action), ``own_turn`` (``turn_options``). Rewards: ``duel_special``,
``duel_round`` (armour/weapons, one of each per duel, RW-23.5), ``quest_phase`` (choose step),
``attribute_test`` (test step), ``own_turn`` (``turn_options``); ``passive`` ones do nothing by
themselves.

Every function mutates the state it is given (the flow calls it on its private copy) and raises
``RuleViolation`` before mutating anything when the action is illegal.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Deck, Event, Option, Prompt, RuleViolation
from engine.core.errors import CORE_BAD_ACTION
from engine.core.text import Msg, Ref, message
from engine.runewars import text as T
from engine.runewars.heroes.content import HeroContent

Attribute = Literal["strength", "agility", "wisdom"]
ATTRIBUTES: tuple[Attribute, ...] = ("strength", "agility", "wisdom")
HIDDEN = -1  # heroes_secrets key for things nobody may see (set-aside rewards, face-down tokens)
MAX_HEROES = 3  # RW-20.3
MAX_QUESTS = 3  # RW-21.8


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


# Where an effect or damage comes from, as a message parameter: a card's name (``Ref``), a
# message, or English handed in from outside the heroes module.
Source = str | Msg

# =========================================================================== messages
SOURCE_NAME = message("rw.hero.source_name", "{name}")
ATTR = {
    "strength": message("rw.hero.attr.strength", "strength"),
    "agility": message("rw.hero.attr.agility", "agility"),
    "wisdom": message("rw.hero.attr.wisdom", "wisdom"),
}
NO_HERO = message("rw.hero.refused.no_hero", "There is no hero {hero} in play.")
QUESTS_START = message("rw.hero.quests_start", "You drew your 2 starting quest cards.")
DEALT = message("rw.hero.dealt", "{seat} is dealt the hero {hero}.")
PLACED = message("rw.hero.placed", "{hero} is placed in {area}.")
EXPLORATION_SETUP = message("rw.hero.exploration_setup", "Exploration tokens are placed face down.")
SITE_DESTROYED = message("rw.hero.site_destroyed", "The site in {area} is destroyed.")
REWARD_NONE = message("rw.hero.reward_none", "The reward deck is empty; {hero} gains nothing.")
REWARD_DRAWN = message("rw.hero.reward_drawn", "{hero} gains the reward {reward} (face down).")
REWARD_GAINED = message("rw.hero.reward_gained", "{hero} gains a reward card (face down).")
DAMAGED = message("rw.hero.damaged", "{hero} takes {amount} damage from {cause} ({damage}/{health}).")
AN_EFFECT = message("rw.hero.cause.effect", "an effect")
DESERTION = message("rw.hero.cause.desertion", "desertion")
HERO_LIMIT_CAUSE = message("rw.hero.cause.hero_limit", "hero limit, RW-20.3")
HEALED = message("rw.hero.healed", "{hero} heals {n} damage.")
DEFEATED = message("rw.hero.defeated", "{hero} is defeated by {cause} and leaves the game.")
MARKER_PLACED = message(
    "rw.hero.marker_placed", "Defeated-hero marker #{marker} is placed in {area} with {n} set-aside reward(s)."
)
NO_REWARDS = message("rw.hero.no_rewards", "no rewards")
DESERTS = message("rw.hero.deserts", "{hero} deserts ({cause}); discarded face up: {rewards}.")
STUCK = message("rw.hero.refused.stuck", "{hero} entered a Dungeon this season and cannot move again.")
MOVES = message("rw.hero.moves", "{hero} moves to {area}.")
NO_MARKER = message("rw.hero.refused.no_marker", "There is no defeated-hero marker #{marker}.")
PICKS_UP = message("rw.hero.picks_up", "{hero} picks up {n} reward(s) at marker #{marker}.")
PICKED_UP = message("rw.hero.picked_up", "You picked up: {rewards}.")
SAME_PLAYER = message("rw.hero.refused.same_player", "Rewards move only between two heroes of the same player.")
FACE_DOWN_REWARD = message("rw.hero.face_down_reward", "a face-down reward")
PASSES = message("rw.hero.passes", "{hero} passes {reward} to {other}.")
GAINS_HERO = message("rw.hero.gains_hero", "{seat} gains the hero {hero} in {area}.")
HERO_LIMIT = message("rw.hero.limit", "{seat} has more than 3 heroes and must choose one to desert.")
YOU_DREW = message("rw.hero.you_drew", "You drew: {quests}.")
DRAWS_QUESTS = message("rw.hero.draws_quests", "{seat} draws {n} quest card(s).")
RALLY_NONE = message("rw.hero.rally.none", "The hero deck is empty; no hero is drawn.")
RALLY_NO_AREA = message(
    "rw.hero.rally.no_area", "{seat} has nowhere to place a hero; the drawn heroes go back (AMB-47)."
)
RALLY_DRAWN = message("rw.hero.rally.drawn", "You drew the heroes: {heroes}.")
RALLY_DRAWN_PUBLIC = message("rw.hero.rally.drawn_public", "{seat} draws {n} hero card(s).")
LEAVES = message("rw.hero.leaves", "{hero} leaves the board (elimination, RW-33.2).")
REWARDS_SHUFFLED = message(
    "rw.hero.rewards_shuffled", "{seat}'s {n} reward card(s) are shuffled into the reward deck unrevealed (RW-33.2)."
)
GM_NO_HOLDER = message(
    "rw.hero.gm.no_holder", "{source}: {seat} should gain {n} reward(s) but has no hero to hold them."
)
RUNE_GAIN = message("rw.hero.rune_gain", "{seat} gains a dragon rune ({source}).")
GM_EFFECT = message("rw.hero.gm.effect", "{source} ({seat}): {text}")
GM_EFFECT_PUBLIC = message("rw.hero.gm.effect_public", "{source}: {text}")
USE_REWARD = message("rw.hero.use_reward", "{hero}: use {reward}")
USE_ABILITY = message("rw.hero.use_ability", "{hero}: {text}")
NOT_YOUR_HERO = message("rw.hero.refused.not_your_hero", "You can use only your own heroes' rewards and abilities.")
NO_ABILITY = message("rw.hero.refused.no_ability", "{hero} has no unused ability for this turn.")
USES_ABILITY = message("rw.hero.uses_ability", "{hero} uses its ability: {text}")
NOT_TURN_REWARD = message(
    "rw.hero.refused.not_turn_reward", "That reward is not one your hero holds and can use during your turn."
)
REWARD_USED = message("rw.hero.refused.reward_used", "{reward} has already been used this turn.")
REVEALS = message("rw.hero.reveals", "{hero} reveals {reward}: {text}")
NOT_ATTRIBUTE = message(
    "rw.hero.refused.not_attribute", "{attribute} is not an attribute; train strength, agility or wisdom."
)
TRAIN_CAP = message(
    "rw.hero.refused.train_cap",
    "A hero carries at most one training token per attribute, so an attribute can never be trained above +2.",
)
TRAINED_ONE = message("rw.hero.trained_one", "{attribute} +{n}")
TRAINS = message("rw.hero.trains", "{hero} trains: {gains}.")
DESERT_Q = message(
    "rw.hero.desert.question",
    "You control more than 3 heroes: choose one to desert (its rewards are discarded face up).",
)
DESERT_OPTION = message("rw.hero.desert.option", "Desert {hero}")
DISCARD_Q = message("rw.hero.quest_discard.question", "You hold {n} quest cards; discard one (limit 3).")
DISCARD_OPTION = message("rw.hero.quest_discard.option", "Discard {quest}")
KEEP_Q = message("rw.hero.rally.keep_question", "Rally Support: keep one of the heroes you drew.")
KEEP_OPTION = message("rw.hero.rally.keep_option", "Keep {hero}")
PLACE_Q = message("rw.hero.rally.place_question", "Place your new hero {hero} in one of your stronghold areas.")
PLACE_OPTION = message("rw.hero.rally.place_option", "Place in {area}")
TRAIN_Q = message("rw.hero.train.question", "Choose the attribute {hero} trains (+{n}).")
TRAIN_OPTION = message("rw.hero.train.option", "+{n} {attribute}")
PICKUP_OPTION = message("rw.hero.pickup.option", "Pick up the rewards at marker #{marker}")
PICKUP_LEAVE = message("rw.hero.pickup.leave", "Leave them")
PICKUP_Q = message(
    "rw.hero.pickup.question", "{hero} entered an area with a defeated-hero marker: pick up its rewards?"
)
NOTHING_WAITING = message("rw.hero.refused.nothing_waiting", "No hero decision is waiting.")
NOT_YOUR_DECISION = message("rw.hero.refused.not_your_decision", "It is not your decision: the game waits on {seat}.")
DESERT_OWN = message("rw.hero.refused.desert_own", "Choose one of your own heroes to desert.")
DISCARD_OWN = message("rw.hero.refused.discard_own", "Discard a quest card from your own hand.")
DISCARDS_QUEST = message("rw.hero.quest_discarded", "{seat} discards the quest {quest} (hand limit).")
KEEP_DRAWN = message("rw.hero.refused.keep_drawn", "Keep one of the hero cards you drew.")
KEEPS = message("rw.hero.rally.kept", "{seat} keeps the hero {hero}; the others are shuffled back unseen.")
PLACE_STRONGHOLD = message(
    "rw.hero.refused.place_stronghold", "A new hero is placed in an area with one of your strongholds."
)
TRAIN_BELOW = message("rw.hero.refused.train_below", "Pick an attribute whose training token is below +2.")
PICKUP_HERE = message("rw.hero.refused.pickup_here", "You may pick up only the rewards at a marker in the hero's area.")
WRONG_PENDING = message("rw.hero.refused.wrong_pending", "That is not the hero decision the game is waiting for.")


# =========================================================================== content


@lru_cache(maxsize=1)
def _default_content() -> HeroContent:
    from engine.runewars.content.loader import load_content  # deferred: only a ctx without content needs it

    return HeroContent.from_runewars(load_content())


_ADAPTED: dict[int, HeroContent] = {}


def content_of(ctx: Any) -> HeroContent:
    raw = getattr(ctx, "content", None)
    if raw is None:
        return _default_content()
    if isinstance(raw, HeroContent):
        return raw
    key = id(raw)
    if key not in _ADAPTED:
        _ADAPTED[key] = HeroContent.from_runewars(raw)
    return _ADAPTED[key]


def hero_name(content: HeroContent, card: str) -> str:
    c = content.heroes.get(card)
    return c.name if c else card


def reward_name(content: HeroContent, card: str) -> str:
    c = content.rewards.get(card)
    return c.name if c else card


def quest_name(content: HeroContent, card: str) -> str:
    c = content.quests.get(card)
    return c.name if c else card


def short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# =========================================================================== state


class HeldReward(_M):
    card: str
    face_up: bool = False  # RW-23.2: face up for good once used
    # A reusable own-turn reward ("once during each of your turns", RW-23.6) was used this
    # season; a player has one turn per season (RW-2.16), so ``new_season`` clears it.
    turn_used: bool = False


def _untrained() -> dict[str, int]:
    """No training in any attribute (RW-20.6): the start of every hero."""
    return {a: 0 for a in ATTRIBUTES}


class Hero(_M):
    uid: str
    card: str
    owner: int
    area: str
    damage: int = 0
    routed: bool = False
    training: dict[str, int] = Field(default_factory=_untrained)
    rewards: list[HeldReward] = Field(default_factory=list)
    # Entered a face-up Dungeon this season: may not move again until the next season
    # (RW-34.4.4, AMB-69). ``new_season`` clears it.
    stuck: bool = False
    # An own-turn ability ("once during each of your turns") was used this season; a
    # player has exactly one turn per season (RW-2.16), so ``new_season`` clears it.
    turn_ability_used: bool = False


class DefeatedMarker(_M):
    """A pair of defeated-hero markers (RW-26.3): one in ``area``, one on the set-aside rewards."""

    id: int
    area: str
    hero_card: str
    rewards: list[HeldReward] = Field(default_factory=list)


class ExplorationSlot(_M):
    area: str
    token: str
    back: int
    face_up: bool = False


class EffectGrant(_M):
    seat: int
    source: str | Msg
    hero: str | None = None
    effects: list[dict[str, Any]] = Field(default_factory=list)


class GmItem(_M):
    rule: str
    text: str
    public_text: str | None = None
    seat: int | None = None
    # ``text`` and ``public_text`` as translatable messages.
    msg: Msg | None = None
    public_msg: Msg | None = None


class Outbox(_M):
    grants: list[EffectGrant] = Field(default_factory=list)
    gm: list[GmItem] = Field(default_factory=list)
    rune_gains: list[int] = Field(default_factory=list)
    rune_inspections: list[tuple[int, str]] = Field(default_factory=list)
    tactics_played: list[tuple[int, str]] = Field(default_factory=list)

    def empty(self) -> bool:
        return not (self.grants or self.gm or self.rune_gains or self.rune_inspections or self.tactics_played)


class Pending(_M):
    """A blocking hero decision outside the duel machinery.

    kinds: ``desert`` (P-65, hero limit), ``quest_discard`` (P-64), ``rally_keep`` (P-55),
    ``rally_place`` (P-56), ``train_pick`` (an effect training a chosen attribute),
    ``pickup`` (P-23 after a Strategize move).
    """

    kind: Literal["desert", "quest_discard", "rally_keep", "rally_place", "train_pick", "pickup"]
    seat: int
    key: int
    hero: str | None = None
    cards: list[str] = Field(default_factory=list)
    areas: list[str] = Field(default_factory=list)
    amount: int = 1
    markers: list[int] = Field(default_factory=list)


class HeroesState(_M):
    heroes: list[Hero] = Field(default_factory=list)
    next_uid: int = 1
    hero_deck: Deck[str] = Field(default_factory=Deck[str])
    removed_heroes: list[str] = Field(default_factory=list)
    reward_deck: Deck[str] = Field(default_factory=Deck[str])
    quest_deck: Deck[str] = Field(default_factory=Deck[str])
    quest_hands: dict[int, list[str]] = Field(default_factory=dict)
    revealed_quests: dict[int, list[str]] = Field(default_factory=dict)
    markers: list[DefeatedMarker] = Field(default_factory=list)
    next_marker: int = 1
    exploration: list[ExplorationSlot] = Field(default_factory=list)
    exploration_discard: list[str] = Field(default_factory=list)
    scroll_seen: dict[int, list[str]] = Field(default_factory=dict)  # seat -> token ids seen
    pending: list[Pending] = Field(default_factory=list)
    next_key: int = 1
    outbox: Outbox = Field(default_factory=Outbox)


# =========================================================================== lookups


def find_hero(hs: HeroesState, uid: str) -> Hero | None:
    for h in hs.heroes:
        if h.uid == uid:
            return h
    return None


def get_hero(hs: HeroesState, uid: str, rule: str = CORE_BAD_ACTION) -> Hero:
    h = find_hero(hs, uid)
    if h is None:
        raise refuse(rule, NO_HERO(hero=repr(uid)))
    return h


def heroes_of(hs: HeroesState, seat: int) -> list[Hero]:
    return [h for h in hs.heroes if h.owner == seat]


def hero_areas(hs: HeroesState, seat: int) -> set[str]:
    """Areas where ``seat`` has a hero: he may inspect runes there (RW-20.9, RW-27.5)."""
    return {h.area for h in hs.heroes if h.owner == seat}


def hero_may_move(hs: HeroesState, uid: str) -> bool:
    h = get_hero(hs, uid)
    return not h.routed and not h.stuck


def attribute(content: HeroContent, hero: Hero, attr: str) -> int:
    """Printed value plus the training token (RW-20.6)."""
    card = content.heroes.get(hero.card)
    base = getattr(card, attr, 0) if card else 0
    return int(base) + hero.training.get(attr, 0)


def health(content: HeroContent, hero: Hero) -> int:
    card = content.heroes.get(hero.card)
    return card.health if card else 1


def label(content: HeroContent, hero: Hero) -> str:
    """Legacy English label of a hero ("Name (hero-3)"); messages use ``hero_ref`` instead."""
    return f"{hero_name(content, hero.card)} ({hero.uid})"


def hero_ref(hero: Hero | str) -> Ref:
    """A hero as a message parameter: its card (hero cards are unique, so the name tells heroes apart)."""
    return Ref(kind="hero", id=hero if isinstance(hero, str) else hero.card)


def named(ref: Ref) -> Msg:
    """A card's name as a ``Source`` (a message, so it travels in effect grants like other sources)."""
    return SOURCE_NAME(name=ref)


def reward_ref(card: str) -> Ref:
    return Ref(kind="reward", id=card)


def quest_ref(card: str) -> Ref:
    return Ref(kind="quest", id=card)


def area_ref(area: str) -> Ref:
    return Ref(kind="area", id=area)


_NAMES: dict[int, tuple[HeroContent, dict[tuple[str, str], str]]] = {}


def names_of(c: HeroContent) -> dict[tuple[str, str], str]:
    """The English names of ``c`` (a test's fixture content names its own heroes and rewards)."""
    cached = _NAMES.get(id(c))
    if cached is not None and cached[0] is c:
        return cached[1]
    table: dict[tuple[str, str], str] = {}
    for kind, entries in (
        ("hero", c.heroes),
        ("quest", c.quests),
        ("reward", c.rewards),
        ("unit", c.units),
        ("tactics", c.tactics),
    ):
        for key, entry in entries.items():
            table[(kind, str(key))] = entry.name
    _NAMES[id(c)] = (c, table)
    return table


def say(c: HeroContent, kind: str, msg: Msg, *, reveals: bool = False, **data: Any) -> Event:
    """A public event whose English uses ``c``'s names."""
    return T.to_all(kind, msg, reveals=reveals, extra=names_of(c), **data)


def tell(c: HeroContent, seats: list[int] | int, kind: str, msg: Msg, *, reveals: bool = False, **data: Any) -> Event:
    """A private event whose English uses ``c``'s names."""
    return T.to_seats(seats, kind, msg, reveals=reveals, extra=names_of(c), **data)


def refuse(rule: str, msg: Msg, c: HeroContent | None = None) -> RuleViolation:
    return T.refuse(rule, msg, names_of(c) if c is not None else None)


def option(c: HeroContent, label_: Msg, action: dict[str, Any], *, at: str | None = None) -> Option:
    """An option labelled in ``c``'s names, cut to Discord's 80 characters; ``at`` as in ``T.option``."""
    opt = T.option(label_, action, extra=names_of(c), at=at)
    opt.label = short(opt.label)
    return opt


def ask(c: HeroContent, seat: int, key: str, rule: str, question: Msg, **fields: Any) -> Prompt:
    return T.ask(seat, key, rule, question, extra=names_of(c), **fields)


def en(c: HeroContent | None, msg: Msg) -> str:
    return T.en(msg, names_of(c) if c is not None else None)


def _key(hs: HeroesState) -> int:
    k = hs.next_key
    hs.next_key += 1
    return k


def take_outbox(hs: HeroesState) -> Outbox:
    """Drain the work for A (see the module docstring)."""
    out = hs.outbox
    hs.outbox = Outbox()
    return out


def gm_item(
    hs: HeroesState,
    rule: str,
    text: Msg,
    public_text: Msg | None = None,
    seat: int | None = None,
    c: HeroContent | None = None,
) -> None:
    hs.outbox.gm.append(
        GmItem(
            rule=rule,
            text=en(c, text),
            public_text=en(c, public_text) if public_text is not None else None,
            seat=seat,
            msg=text,
            public_msg=public_text,
        )
    )


# =========================================================================== setup


def setup_heroes(
    seats_alignment: dict[int, str],
    quest_deck: list[str],
    rng: Any,
    content: HeroContent | Any,
    *,
    hs: HeroesState | None = None,
    hero_areas_for: dict[int, str] | None = None,
) -> tuple[HeroesState, list[Event]]:
    """RW-3.9 and RW-3.10 for heroes: quests, starting heroes, hero and reward decks.

    ``seats_alignment``: seat -> faction alignment ("good"/"evil"). ``quest_deck``: the
    already-filtered and shuffled quest deck (RW-3.6; A owns the map and setup quests).
    Each seat draws 2 quests (RW-3.9.1) and is dealt one hero of its alignment
    (RW-3.9.2); neutral heroes are never dealt (AMB-48). Heroes stay unplaced
    (``area == ""``) unless ``hero_areas_for`` gives one; A then asks P-9 and calls
    ``place_hero``. The undealt heroes form the hero deck (RW-3.9.4).
    """
    c = content if isinstance(content, HeroContent) else HeroContent.from_runewars(content)
    hs = hs or HeroesState()
    hs.quest_deck = Deck[str](draw_pile=list(quest_deck))
    events: list[Event] = []
    for seat in sorted(seats_alignment):
        hs.quest_hands[seat] = hs.quest_deck.draw(rng, 2)
        hs.revealed_quests.setdefault(seat, [])
        events.append(tell(c, seat, "quest_drawn", QUESTS_START(), reveals=True, quests=list(hs.quest_hands[seat])))
    piles: dict[str, list[str]] = {"good": [], "evil": []}
    rest: list[str] = []
    for hid, hero_card in sorted(c.heroes.items()):
        (piles[hero_card.alignment] if hero_card.alignment in piles else rest).append(hid)
    for pile in piles.values():
        rng.shuffle(pile)
    for seat in sorted(seats_alignment):
        pile = piles.get(seats_alignment[seat], [])
        if not pile:
            continue
        card = pile.pop(0)
        h = _new_hero(hs, card, seat, (hero_areas_for or {}).get(seat, ""))
        events.append(
            say(
                c,
                "hero_dealt",
                DEALT(seat=T.seat(seat), hero=hero_ref(card)),
                reveals=True,
                seat=seat,
                hero=h.uid,
                card=card,
            )
        )
    deck = rest + piles["good"] + piles["evil"]
    hs.hero_deck = Deck[str].shuffled(deck, rng)
    hs.reward_deck = Deck[str].shuffled(sorted(c.rewards), rng)
    return hs, events


def _new_hero(hs: HeroesState, card: str, seat: int, area: str) -> Hero:
    h = Hero(uid=f"hero-{hs.next_uid}", card=card, owner=seat, area=area)
    hs.next_uid += 1
    hs.heroes.append(h)
    return h


def place_hero(hs: HeroesState, uid: str, area: str) -> list[Event]:
    """Put a hero's figure in ``area`` (P-9 at setup, P-56 after Rally Support; A validates the area)."""
    h = get_hero(hs, uid)
    h.area = area
    return [T.to_all("hero_placed", PLACED(hero=hero_ref(h), area=area_ref(area)), hero=uid, area=area)]


def setup_exploration(
    hs: HeroesState, back1_areas: list[str], back2_areas: list[str], rng: Any, content: HeroContent | Any
) -> list[Event]:
    """RW-34.1: one face-down token in every non-home area, "1" backs next to home realms.

    Each back type is shuffled separately. Areas beyond the token supply stay without a
    token (RW-1.9.2).
    """
    c = content if isinstance(content, HeroContent) else HeroContent.from_runewars(content)
    for back, areas in ((1, back1_areas), (2, back2_areas)):
        pool = sorted(t.token_id for t in c.exploration.values() if t.back == back)
        rng.shuffle(pool)
        for area, token in zip(areas, pool, strict=False):
            hs.exploration.append(ExplorationSlot(area=area, token=token, back=back))
    return [T.to_all("exploration_setup", EXPLORATION_SETUP())]


# =========================================================================== season hooks


def stand_all(hs: HeroesState) -> None:
    """RW-6.5: every routed hero stands."""
    for h in hs.heroes:
        h.routed = False


def new_season(hs: HeroesState) -> None:
    """Start of every season: Dungeon locks end (AMB-69)."""
    for h in hs.heroes:
        h.stuck = False
        h.turn_ability_used = False
        for r in h.rewards:
            r.turn_used = False


# =========================================================================== exploration queries


def exploration_at(hs: HeroesState, area: str) -> ExplorationSlot | None:
    for s in hs.exploration:
        if s.area == area:
            return s
    return None


def _face_up_type(hs: HeroesState, content: HeroContent, area: str) -> str | None:
    s = exploration_at(hs, area)
    if s is None or not s.face_up:
        return None
    tok = content.exploration.get(s.token)
    return tok.type if tok else None


def exploration_face_up(hs: HeroesState, content: HeroContent | None = None) -> dict[str, str]:
    """Area -> face-up token id (sites that stay on the board)."""
    return {s.area: s.token for s in hs.exploration if s.face_up}


def _areas_of_type(hs: HeroesState, content: HeroContent, kind: str) -> list[str]:
    return sorted(
        s.area for s in hs.exploration if s.face_up and (t := content.exploration.get(s.token)) and t.type == kind
    )


def portal_areas(hs: HeroesState, content: HeroContent) -> list[str]:
    """Areas with a face-up Magic Portal (RW-34.4.3); A uses them for unit moves."""
    return _areas_of_type(hs, content, "magic_portal")


def dragon_throne_areas(hs: HeroesState, content: HeroContent) -> list[str]:
    """RW-34.4.1: whoever controls one of these counts one extra dragon rune."""
    return _areas_of_type(hs, content, "dragon_throne")


def village_at(hs: HeroesState, content: HeroContent, area: str) -> str | None:
    """RW-34.4.2: the extra resource a face-up Village gives its area, or None."""
    s = exploration_at(hs, area)
    if s and s.face_up and (t := content.exploration.get(s.token)) and t.type == "village":
        return t.resource
    return None


def destroy_site(hs: HeroesState, area: str) -> list[Event]:
    """RW-34.2: a destructible site discarded under the 6-unit rule (A checks the rule)."""
    s = exploration_at(hs, area)
    if s is None or not s.face_up:
        return []
    hs.exploration.remove(s)
    hs.exploration_discard.append(s.token)
    return [T.to_all("site_destroyed", SITE_DESTROYED(area=area_ref(area)), area=area, token=s.token)]


def is_dungeon(hs: HeroesState, content: HeroContent, area: str) -> bool:
    return _face_up_type(hs, content, area) == "dungeon"


# =========================================================================== hero operations


def gain_reward(hs: HeroesState, uid: str, ctx: Any, *, rule: str = "RW-23.1") -> list[Event]:
    """RW-23.1: the hero draws the top reward card, face down; only its owner sees it."""
    h = get_hero(hs, uid)
    card = hs.reward_deck.draw_one(ctx.rng())
    c = content_of(ctx)
    if card is None:
        return [say(c, "reward_none", REWARD_NONE(hero=hero_ref(h)), hero=uid)]
    h.rewards.append(HeldReward(card=card, face_up=False))
    return [
        tell(
            c,
            h.owner,
            "reward_drawn",
            REWARD_DRAWN(hero=hero_ref(h), reward=reward_ref(card)),
            reveals=True,
            hero=uid,
            card=card,
        ),
        say(c, "reward_gained", REWARD_GAINED(hero=hero_ref(h)), reveals=True, hero=uid, seat=h.owner),
    ]


def damage_hero(hs: HeroesState, uid: str, amount: int, ctx: Any, *, cause: Source | None = None) -> list[Event]:
    """Put damage on a hero outside a duel; at damage >= health it is defeated (RW-20.5, RW-26.3)."""
    h = get_hero(hs, uid)
    c = content_of(ctx)
    h.damage += max(0, amount)
    cause = cause if cause is not None else AN_EFFECT()
    shown = DAMAGED(hero=hero_ref(h), amount=amount, cause=cause, damage=h.damage, health=health(c, h))
    events = [say(c, "hero_damaged", shown, hero=uid, amount=amount)]
    if h.damage >= health(c, h):
        events += defeat_hero(hs, uid, ctx, cause=cause)
    return events


def heal_hero(hs: HeroesState, uid: str, amount: int | None, ctx: Any) -> list[Event]:
    h = get_hero(hs, uid)
    c = content_of(ctx)
    before = h.damage
    h.damage = 0 if amount is None else max(0, h.damage - amount)
    return [say(c, "hero_healed", HEALED(hero=hero_ref(h), n=before - h.damage), hero=uid)]


def defeat_hero(hs: HeroesState, uid: str, ctx: Any, *, cause: Source | None = None) -> list[Event]:
    """RW-26.1/26.3: defeated other than by a hero in a duel.

    The hero card and figure leave the game; its rewards are set aside with a numbered
    defeated-hero marker in its area, each keeping its face.
    """
    h = get_hero(hs, uid)
    c = content_of(ctx)
    hs.heroes.remove(h)
    hs.removed_heroes.append(h.card)
    events = [
        say(
            c,
            "hero_defeated",
            DEFEATED(hero=hero_ref(h), cause=cause if cause is not None else AN_EFFECT()),
            hero=uid,
            card=h.card,
            seat=h.owner,
        )
    ]
    if h.rewards:
        m = DefeatedMarker(id=hs.next_marker, area=h.area, hero_card=h.card, rewards=list(h.rewards))
        hs.next_marker += 1
        hs.markers.append(m)
        events.append(
            T.to_all(
                "marker_placed",
                MARKER_PLACED(marker=m.id, area=area_ref(h.area), n=len(m.rewards)),
                marker=m.id,
                area=h.area,
            )
        )
    return events


def desert_hero(hs: HeroesState, uid: str, ctx: Any, *, cause: Source | None = None) -> list[Event]:
    """RW-26.5: the card is shuffled into the hero deck; rewards are discarded face up."""
    h = get_hero(hs, uid)
    c = content_of(ctx)
    hs.heroes.remove(h)
    hs.hero_deck.draw_pile.append(h.card)
    hs.hero_deck.shuffle(ctx.rng())
    for r in h.rewards:
        hs.reward_deck.discard(r.card)
    names: Any = [reward_ref(r.card) for r in h.rewards] or NO_REWARDS()
    return [
        say(
            c,
            "hero_deserted",
            DESERTS(hero=hero_ref(h), cause=cause if cause is not None else DESERTION(), rewards=names),
            reveals=bool(h.rewards),
            hero=uid,
            card=h.card,
            rewards=[r.card for r in h.rewards],
        )
    ]


def move_hero(hs: HeroesState, uid: str, area: str, ctx: Any) -> list[Event]:
    """A hero move outside the quest phase (Strategize, RW-10.6; A validates the step).

    Entering a face-up Dungeon stops the hero for the season; entering a defeated-hero
    marker's area queues an optional pick-up (P-23, AMB-46).
    """
    h = get_hero(hs, uid)
    c = content_of(ctx)
    if h.stuck:
        raise refuse("RW-34.4.4", STUCK(hero=hero_ref(h)), c)
    h.area = area
    if is_dungeon(hs, c, area):
        h.stuck = True
    markers = [m.id for m in hs.markers if m.area == area]
    if markers:
        hs.pending.append(Pending(kind="pickup", seat=h.owner, key=_key(hs), hero=uid, markers=markers))
    return [say(c, "hero_moved", MOVES(hero=hero_ref(h), area=area_ref(area)), hero=uid, area=area)]


def take_marker(hs: HeroesState, uid: str, marker_id: int, ctx: Any) -> list[Event]:
    """RW-26.4: all rewards at the marker go under the hero; both markers are removed."""
    h = get_hero(hs, uid)
    c = content_of(ctx)
    m = next((m for m in hs.markers if m.id == marker_id), None)
    if m is None:
        raise refuse("RW-26.4", NO_MARKER(marker=marker_id))
    hs.markers.remove(m)
    h.rewards.extend(m.rewards)
    hidden = [r.card for r in m.rewards if not r.face_up]
    events = [
        say(
            c,
            "marker_taken",
            PICKS_UP(hero=hero_ref(h), n=len(m.rewards), marker=m.id),
            reveals=bool(hidden),
            hero=uid,
            marker=m.id,
            face_up=[r.card for r in m.rewards if r.face_up],
        )
    ]
    if hidden:
        shown = PICKED_UP(rewards=[reward_ref(x) for x in hidden])
        events.append(tell(c, h.owner, "marker_rewards", shown, reveals=True, cards=hidden))
    return events


def transfer_reward(hs: HeroesState, card: str, src: str, dst: str, ctx: Any) -> list[Event]:
    """RW-23.4: move a reward between two heroes of the same player (legality checked by the caller)."""
    a, b = get_hero(hs, src), get_hero(hs, dst)
    c = content_of(ctx)
    held = next((r for r in a.rewards if r.card == card), None)
    if held is None or a.owner != b.owner:
        raise refuse("RW-23.4", SAME_PLAYER())
    a.rewards.remove(held)
    b.rewards.append(held)
    shown = reward_ref(card) if held.face_up else FACE_DOWN_REWARD()
    return [
        say(
            c,
            "reward_moved",
            PASSES(hero=hero_ref(a), reward=shown, other=hero_ref(b)),
            src=src,
            dst=dst,
            card=card if held.face_up else None,
        )
    ]


def gain_hero(hs: HeroesState, seat: int, card: str, area: str, ctx: Any) -> list[Event]:
    """RW-20.4: a new hero card face up and its figure in ``area``; a 4th hero means P-65."""
    c = content_of(ctx)
    h = _new_hero(hs, card, seat, area)
    events = [
        say(
            c,
            "hero_gained",
            GAINS_HERO(seat=T.seat(seat), hero=hero_ref(card), area=area_ref(area)),
            reveals=True,
            seat=seat,
            hero=h.uid,
            card=card,
            area=area,
        )
    ]
    events += check_hero_limit(hs, seat)
    return events


def check_hero_limit(hs: HeroesState, seat: int) -> list[Event]:
    if len(heroes_of(hs, seat)) > MAX_HEROES and not any(p.kind == "desert" and p.seat == seat for p in hs.pending):
        hs.pending.append(Pending(kind="desert", seat=seat, key=_key(hs)))
        return [T.to_all("hero_limit", HERO_LIMIT(seat=T.seat(seat)), seat=seat)]
    return []


def draw_quests(hs: HeroesState, seat: int, n: int, ctx: Any) -> list[Event]:
    """Draw quest cards (Rally Support d, quest completion); over 3 means a P-64 discard."""
    c = content_of(ctx)
    drawn = hs.quest_deck.draw(ctx.rng(), n)
    hs.quest_hands.setdefault(seat, []).extend(drawn)
    events = []
    if drawn:
        events.append(
            tell(c, seat, "quest_drawn", YOU_DREW(quests=[quest_ref(q) for q in drawn]), reveals=True, quests=drawn)
        )
        events.append(
            T.to_all(
                "quests_drawn",
                DRAWS_QUESTS(seat=T.seat(seat), n=len(drawn)),
                reveals=True,
                seat=seat,
                count=len(drawn),
            )
        )
    if len(hs.quest_hands[seat]) > MAX_QUESTS and not any(
        p.kind == "quest_discard" and p.seat == seat for p in hs.pending
    ):
        hs.pending.append(Pending(kind="quest_discard", seat=seat, key=_key(hs)))
    return events


def discard_quest(hs: HeroesState, seat: int, quest: str) -> None:
    hs.quest_hands[seat].remove(quest)
    if quest in hs.revealed_quests.get(seat, []):
        hs.revealed_quests[seat].remove(quest)
    hs.quest_deck.discard(quest)


def rally_draw_heroes(hs: HeroesState, seat: int, n: int, areas: list[str], ctx: Any) -> list[Event]:
    """RW-18.6.2: draw ``n`` heroes (A has taken the influence); P-55 keep one, P-56 place it.

    ``areas``: where the kept hero may go (his stronghold areas, or AMB-47's fallback).
    With no area, the drawn heroes go straight back and nothing is gained (AMB-47).
    """
    c = content_of(ctx)
    drawn = hs.hero_deck.draw(ctx.rng(), n)
    if not drawn:
        return [T.to_all("rally_none", RALLY_NONE(), seat=seat)]
    if not areas:
        hs.hero_deck.draw_pile.extend(drawn)
        hs.hero_deck.shuffle(ctx.rng())
        return [
            T.to_all(
                "rally_no_area",
                RALLY_NO_AREA(seat=T.seat(seat)),
                reveals=True,
                seat=seat,
            )
        ]
    hs.pending.append(Pending(kind="rally_keep", seat=seat, key=_key(hs), cards=drawn, areas=list(areas)))
    return [
        tell(c, seat, "rally_drawn", RALLY_DRAWN(heroes=[hero_ref(h) for h in drawn]), reveals=True, cards=drawn),
        T.to_all("rally_drawn_public", RALLY_DRAWN_PUBLIC(seat=T.seat(seat), n=len(drawn)), reveals=True, seat=seat),
    ]


def eliminate_seat(hs: HeroesState, seat: int, ctx: Any) -> list[Event]:
    """RW-33.2: the seat's hero figures leave the board; his hero, reward and quest cards are
    shuffled into their decks **unrevealed** (unlike desertion, RW-26.5, nothing is discarded face up)."""
    events: list[Event] = []
    c = content_of(ctx)
    heroes = list(heroes_of(hs, seat))
    rewards = 0
    for h in heroes:
        hs.heroes.remove(h)
        hs.hero_deck.draw_pile.append(h.card)
        hs.reward_deck.draw_pile.extend(r.card for r in h.rewards)
        rewards += len(h.rewards)
        events.append(
            say(
                c,
                "hero_removed",
                LEAVES(hero=hero_ref(h)),
                hero=h.uid,
                card=h.card,
                seat=seat,
            )
        )
    if heroes:
        hs.hero_deck.shuffle(ctx.rng())
    if rewards:
        hs.reward_deck.shuffle(ctx.rng())
        events.append(
            T.to_all(
                "rewards_shuffled",
                REWARDS_SHUFFLED(seat=T.seat(seat), n=rewards),
                seat=seat,
                count=rewards,
            )
        )
    for q in hs.quest_hands.pop(seat, []):
        hs.quest_deck.draw_pile.append(q)
    hs.quest_deck.shuffle(ctx.rng())
    hs.revealed_quests.pop(seat, None)
    hs.pending = [p for p in hs.pending if p.seat != seat]
    return events


# =========================================================================== effects


HERO_KINDS = {"heal_hero", "train_hero", "damage_hero"}


def resolve_effects(
    hs: HeroesState, seat: int, uid: str | None, effects: Iterable[Any], ctx: Any, *, source: Source, rule: str
) -> list[Event]:
    """Resolve content effects outside a duel.

    Hero, reward and quest effects are applied here; ``gain_dragon_rune`` goes to
    ``outbox.rune_gains``; ``gm`` to ``outbox.gm``; everything else to A as a grant.
    """
    c = content_of(ctx)
    events: list[Event] = []
    for_a: list[dict[str, Any]] = []
    for eff in effects:
        kind = eff.kind
        hero = find_hero(hs, uid) if uid else None
        if kind == "draw_cards" and eff.deck in ("reward", "quest") and eff.who == "self":
            n = _amount(c, hero, eff.amount)
            if eff.deck == "reward":
                if hero is None:
                    gm_item(hs, rule, GM_NO_HOLDER(source=source, seat=T.seat(seat), n=n), c=c)
                    continue
                for _ in range(n):
                    events += gain_reward(hs, hero.uid, ctx, rule=rule)
            else:
                events += draw_quests(hs, seat, n, ctx)
        elif kind == "heal_hero" and hero is not None:
            targets = [hero] if eff.target == "own_hero" else heroes_of(hs, seat)
            for t in targets:
                events += heal_hero(hs, t.uid, eff.amount, ctx)
        elif kind == "train_hero" and hero is not None:
            if eff.attribute == "choice":
                if trainable(hero, eff.amount):
                    hs.pending.append(
                        Pending(kind="train_pick", seat=seat, key=_key(hs), hero=hero.uid, amount=eff.amount)
                    )
            else:
                events += train(hs, hero.uid, [eff.attribute] * eff.amount, ctx, strict=False)
        elif kind == "damage_hero" and hero is not None and eff.target == "own_hero":
            events += damage_hero(hs, hero.uid, _amount(c, hero, eff.amount), ctx, cause=source)
        elif kind == "gain_dragon_rune" and eff.who == "self":
            hs.outbox.rune_gains.append(seat)
            events.append(say(c, "rune_gain", RUNE_GAIN(seat=T.seat(seat), source=source), seat=seat))
        elif kind == "gm":
            gm_item(
                hs,
                rule,
                GM_EFFECT(source=source, seat=T.seat(seat), text=eff.text),
                public_text=GM_EFFECT_PUBLIC(source=source, text=eff.text),
                seat=seat,
                c=c,
            )
        else:
            for_a.append(eff.model_dump(mode="json"))
    if for_a:
        hs.outbox.grants.append(EffectGrant(seat=seat, source=source, hero=uid, effects=for_a))
    return events


def _amount(c: HeroContent, hero: Hero | None, amount: Any) -> int:
    if isinstance(amount, int):
        return amount
    per = getattr(amount, "per", "")
    if per.startswith("hero_") and hero is not None:
        return attribute(c, hero, per[5:]) + getattr(amount, "plus", 0)
    return getattr(amount, "plus", 0)


# =========================================================================== own-turn use


def turn_options(hs: HeroesState, seat: int, ctx: Any) -> list[Option]:
    """Rewards and hero abilities usable during the owner's own turn (RW-23.6, D-9/D-10 ``own_turn``).

    A adds these to the current player's prompts at its checkpoints; the prompt must be
    secret (labels name face-down rewards). Apply with ``apply_turn_action``.
    """
    c = content_of(ctx)
    opts: list[Option] = []
    for h in heroes_of(hs, seat):
        for r in h.rewards:
            rc = c.rewards.get(r.card)
            if rc and rc.trigger == "own_turn" and not r.turn_used:
                opts.append(
                    option(
                        c,
                        USE_REWARD(hero=hero_ref(h), reward=reward_ref(r.card)),
                        {"type": "hero_use_reward", "hero": h.uid, "reward": r.card},
                    )
                )
        card = c.heroes.get(h.card)
        if card and card.ability.timing == "own_turn" and not h.turn_ability_used:
            opts.append(
                option(
                    c,
                    USE_ABILITY(
                        hero=hero_ref(h), text=T.printed("hero", card.hero_id, "ability.text", card.ability.text)
                    ),
                    {"type": "hero_use_ability", "hero": h.uid},
                )
            )
    return opts


def apply_turn_action(hs: HeroesState, seat: int, action: dict[str, Any], ctx: Any) -> list[Event]:
    """Use an own-turn reward or ability (A checks it is ``seat``'s turn)."""
    c = content_of(ctx)
    h = find_hero(hs, str(action.get("hero")))
    if h is None or h.owner != seat:
        raise refuse("RW-20.2", NOT_YOUR_HERO())
    if action.get("type") == "hero_use_ability":
        card = c.heroes.get(h.card)
        if card is None or card.ability.timing != "own_turn" or h.turn_ability_used:
            raise refuse("RW-2.16", NO_ABILITY(hero=hero_ref(h)), c)
        h.turn_ability_used = True
        events = [
            say(
                c,
                "hero_ability",
                USES_ABILITY(hero=hero_ref(h), text=T.printed("hero", card.hero_id, "ability.text", card.ability.text)),
                hero=h.uid,
            )
        ]
        return events + resolve_effects(
            hs, seat, h.uid, card.ability.effects, ctx, source=named(hero_ref(h.card)), rule="RW-20.1"
        )
    held = next((r for r in h.rewards if r.card == action.get("reward")), None)
    rc = c.rewards.get(str(action.get("reward")))
    if action.get("type") != "hero_use_reward" or held is None or rc is None or rc.trigger != "own_turn":
        raise refuse("RW-23.6", NOT_TURN_REWARD())
    if held.turn_used:  # a reusable one: "once during each of your turns"
        raise refuse("RW-23.6", REWARD_USED(reward=reward_ref(held.card)), c)
    if not rc.single_use:
        held.turn_used = True
    return use_reward(hs, h, held, rc, ctx)


def use_reward(hs: HeroesState, h: Hero, held: HeldReward, rc: Any, ctx: Any) -> list[Event]:
    """RW-23.2: turn the reward face up for good (single-use ones are discarded) and resolve it."""
    c = content_of(ctx)
    events: list[Event] = []
    if not held.face_up:
        held.face_up = True
        events.append(
            say(
                c,
                "reward_revealed",
                REVEALS(
                    hero=hero_ref(h),
                    reward=reward_ref(rc.reward_id),
                    text=T.printed("reward", rc.reward_id, "text", rc.text),
                ),
                reveals=True,
                card=rc.reward_id,
                hero=h.uid,
            )
        )
    if rc.single_use:
        h.rewards.remove(held)
        hs.reward_deck.discard(rc.reward_id)
    return events + resolve_effects(
        hs, h.owner, h.uid, rc.effects, ctx, source=named(reward_ref(rc.reward_id)), rule="RW-23.6"
    )


# =========================================================================== training


def train_options(hero: Hero) -> list[list[str]]:
    """RW-21.7: +1 in two different attributes, or +2 in one, capped at +2 per attribute."""
    out: list[list[str]] = []
    for a in ATTRIBUTES:
        if hero.training[a] == 0:
            out.append([a, a])
    for i, a in enumerate(ATTRIBUTES):
        for b in ATTRIBUTES[i + 1 :]:
            if hero.training[a] < 2 and hero.training[b] < 2:
                out.append([a, b])
    return out


def trainable(hero: Hero, amount: int = 1) -> bool:
    return any(hero.training[a] + amount <= 2 for a in ATTRIBUTES)


def train(hs: HeroesState, uid: str, attrs: list[str], ctx: Any, *, strict: bool = True) -> list[Event]:
    """Add one +1 per entry of ``attrs`` (RW-20.6 cap +2). ``strict`` refuses over-cap training."""
    h = get_hero(hs, uid)
    c = content_of(ctx)
    for a in attrs:
        if a not in ATTRIBUTES:
            raise refuse("RW-21.7", NOT_ATTRIBUTE(attribute=repr(a)))
    gained = {a: attrs.count(a) for a in set(attrs)}
    if strict and any(h.training[a] + n > 2 for a, n in gained.items()):
        raise refuse("RW-20.6", TRAIN_CAP())
    for a, n in gained.items():
        h.training[a] = min(2, h.training[a] + n)
    gains: list[Any] = [TRAINED_ONE(attribute=ATTR[a](), n=h.training[a]) for a in ATTRIBUTES if a in gained]
    return [say(c, "hero_trained", TRAINS(hero=hero_ref(h), gains=gains), hero=uid, training=dict(h.training))]


# =========================================================================== pending decisions


def pending_prompts(hs: HeroesState, ctx: Any) -> list[Prompt]:
    """The first pending hero decision, as a prompt (they block, one at a time)."""
    if not hs.pending:
        return []
    p = hs.pending[0]
    c = content_of(ctx)
    key = f"rw-hero-{p.kind}-{p.key}"
    if p.kind == "desert":
        return [
            ask(
                c,
                p.seat,
                key,
                "RW-20.3",
                DESERT_Q(),
                options=[
                    option(c, DESERT_OPTION(hero=hero_ref(h)), {"type": "hero_desert", "hero": h.uid})
                    for h in heroes_of(hs, p.seat)
                ],
            )
        ]
    if p.kind == "quest_discard":
        hand = hs.quest_hands.get(p.seat, [])
        return [
            ask(
                c,
                p.seat,
                key,
                "RW-21.8",
                DISCARD_Q(n=len(hand)),
                secret=True,
                options=[
                    option(c, DISCARD_OPTION(quest=quest_ref(q)), {"type": "quest_discard", "quest": q}) for q in hand
                ],
            )
        ]
    if p.kind == "rally_keep":
        return [
            ask(
                c,
                p.seat,
                key,
                "RW-18.6.2",
                KEEP_Q(),
                secret=True,
                options=[
                    option(c, KEEP_OPTION(hero=hero_ref(h)), {"type": "hero_rally_keep", "card": h}) for h in p.cards
                ],
            )
        ]
    if p.kind == "rally_place":
        return [
            ask(
                c,
                p.seat,
                key,
                "RW-20.4",
                PLACE_Q(hero=hero_ref(p.cards[0])),
                options=[
                    option(c, PLACE_OPTION(area=area_ref(a)), {"type": "hero_place", "area": a}, at=a) for a in p.areas
                ],
            )
        ]
    if p.kind == "train_pick":
        h = get_hero(hs, p.hero or "")
        return [
            ask(
                c,
                p.seat,
                key,
                "RW-20.6",
                TRAIN_Q(hero=hero_ref(h), n=p.amount),
                options=[
                    option(
                        c, TRAIN_OPTION(n=p.amount, attribute=ATTR[a]()), {"type": "hero_train_pick", "attribute": a}
                    )
                    for a in ATTRIBUTES
                    if h.training[a] + p.amount <= 2
                ],
            )
        ]
    if p.kind == "pickup":
        h = get_hero(hs, p.hero or "")
        opts = [option(c, PICKUP_OPTION(marker=m), {"type": "hero_pickup", "marker": m}) for m in p.markers]
        opts.append(option(c, PICKUP_LEAVE(), {"type": "hero_pickup", "marker": None}))
        return [
            ask(
                c,
                p.seat,
                key,
                "RW-26.4",
                PICKUP_Q(hero=hero_ref(h)),
                options=opts,
                default={"type": "hero_pickup", "marker": None},
            )
        ]
    return []


PENDING_TYPES = {"hero_desert", "quest_discard", "hero_rally_keep", "hero_place", "hero_train_pick", "hero_pickup"}


def apply_pending_action(hs: HeroesState, seat: int, action: dict[str, Any], ctx: Any) -> list[Event]:
    if not hs.pending:
        raise refuse(CORE_BAD_ACTION, NOTHING_WAITING())
    p = hs.pending[0]
    c = content_of(ctx)
    if seat != p.seat:
        raise refuse("CORE-1", NOT_YOUR_DECISION(seat=T.seat(p.seat)))
    t = action.get("type")
    if p.kind == "desert" and t == "hero_desert":
        h = find_hero(hs, str(action.get("hero")))
        if h is None or h.owner != seat:
            raise refuse("RW-20.3", DESERT_OWN())
        hs.pending.pop(0)
        return desert_hero(hs, h.uid, ctx, cause=HERO_LIMIT_CAUSE())
    if p.kind == "quest_discard" and t == "quest_discard":
        q = action.get("quest")
        if q not in hs.quest_hands.get(seat, []):
            raise refuse("RW-21.8", DISCARD_OWN())
        discard_quest(hs, seat, q)
        if len(hs.quest_hands[seat]) <= MAX_QUESTS:
            hs.pending.pop(0)
        return [
            say(
                c,
                "quest_discarded",
                DISCARDS_QUEST(seat=T.seat(seat), quest=quest_ref(str(q))),
                reveals=True,
                seat=seat,
                quest=q,
            )
        ]
    if p.kind == "rally_keep" and t == "hero_rally_keep":
        card = action.get("card")
        if card not in p.cards:
            raise refuse("RW-18.6.2", KEEP_DRAWN())
        rest = [h for h in p.cards if h != card]
        hs.hero_deck.draw_pile.extend(rest)
        hs.hero_deck.shuffle(ctx.rng())
        hs.pending[0] = Pending(kind="rally_place", seat=seat, key=_key(hs), cards=[card], areas=p.areas)
        return [
            say(
                c,
                "rally_kept",
                KEEPS(seat=T.seat(seat), hero=hero_ref(str(card))),
                reveals=True,
                seat=seat,
                card=card,
            )
        ]
    if p.kind == "rally_place" and t == "hero_place":
        area = action.get("area")
        if area not in p.areas:
            raise refuse("RW-20.4", PLACE_STRONGHOLD())
        hs.pending.pop(0)
        return gain_hero(hs, seat, p.cards[0], str(area), ctx)
    if p.kind == "train_pick" and t == "hero_train_pick":
        h = get_hero(hs, p.hero or "")
        a = action.get("attribute")
        if a not in ATTRIBUTES or h.training[a] + p.amount > 2:
            raise refuse("RW-20.6", TRAIN_BELOW())
        hs.pending.pop(0)
        return train(hs, h.uid, [a] * p.amount, ctx)
    if p.kind == "pickup" and t == "hero_pickup":
        m = action.get("marker")
        hs.pending.pop(0)
        if m is None:
            return []
        if m not in p.markers:
            raise refuse("RW-26.4", PICKUP_HERE())
        return take_marker(hs, p.hero or "", int(m), ctx)
    raise refuse(CORE_BAD_ACTION, WRONG_PENDING())


# =========================================================================== views and secrets


def _rewards_view(c: HeroContent, rewards: list[HeldReward], mine: bool) -> list[dict[str, Any]]:
    out = []
    for r in rewards:
        if r.face_up or mine:
            out.append({"card": r.card, "name": reward_name(c, r.card), "face_up": r.face_up})
        else:
            out.append({"card": None, "face_up": False})
    return out


def heroes_view(
    hs: HeroesState, seat: int | None, qs: Any = None, *, content: HeroContent | None = None
) -> dict[str, Any]:
    """What ``seat`` (or the public, ``None``) may see of heroes, quests and exploration."""
    c = content or _default_content()
    heroes = []
    for h in hs.heroes:
        mine = seat is not None and h.owner == seat
        heroes.append(
            {
                "uid": h.uid,
                "card": h.card,
                "name": hero_name(c, h.card),
                "owner": h.owner,
                "area": h.area,
                "damage": h.damage,
                "health": health(c, h) if h.card in c.heroes else None,
                "routed": h.routed,
                "training": dict(h.training),
                "stuck": h.stuck,
                "rewards": _rewards_view(c, h.rewards, mine),
            }
        )
    out: dict[str, Any] = {
        "heroes": heroes,
        "hero_deck": len(hs.hero_deck.draw_pile),
        "removed_heroes": list(hs.removed_heroes),
        "reward_deck": len(hs.reward_deck.draw_pile),
        "reward_discard": list(hs.reward_deck.discard_pile),
        "quest_deck": len(hs.quest_deck.draw_pile),
        "quest_discard": list(hs.quest_deck.discard_pile),
        "quest_hand_sizes": {str(s): len(q) for s, q in sorted(hs.quest_hands.items())},
        "revealed_quests": {str(s): list(q) for s, q in sorted(hs.revealed_quests.items()) if q},
        "markers": [
            {
                "id": m.id,
                "area": m.area,
                "hero_card": m.hero_card,
                "rewards": len(m.rewards),
                "face_up": [r.card for r in m.rewards if r.face_up],
            }
            for m in hs.markers
        ],
        "exploration": [
            {
                "area": s.area,
                "back": s.back,
                "token": s.token if s.face_up else None,
                "type": (c.exploration[s.token].type if s.face_up and s.token in c.exploration else None),
            }
            for s in hs.exploration
        ],
        "exploration_discard": list(hs.exploration_discard),
        "pending": [{"kind": p.kind, "seat": p.seat} for p in hs.pending],
    }
    if seat is not None and seat >= 0:
        out["my_quests"] = list(hs.quest_hands.get(seat, []))
        seen = set(hs.scroll_seen.get(seat, []))
        out["my_scroll_seen"] = {s.area: s.token for s in hs.exploration if s.token in seen and not s.face_up}
        rally = [p for p in hs.pending if p.seat == seat and p.kind in ("rally_keep",)]
        if rally:
            out["my_rally_draw"] = list(rally[0].cards)
    return out


def heroes_secrets(hs: HeroesState, qs: Any = None) -> dict[int, set[str]]:
    """Strings that must never appear in a public payload, by seat (-1: nobody may see)."""
    out: dict[int, set[str]] = {}
    for h in hs.heroes:
        out.setdefault(h.owner, set()).update(r.card for r in h.rewards if not r.face_up)
    # A quest completed (or failed) this phase is listed publicly by id in the quest-phase view;
    # after a reshuffle (RW-1.8) the same card may be back in a hand. The public list names the
    # completion, not the holder, so that id is not a secret while the list shows it.
    shown = {q for _s, _h, q in (*qs.completed, *qs.failed)} if qs is not None else set()
    for seat, hand in hs.quest_hands.items():
        seen = set(hs.revealed_quests.get(seat, []))
        out.setdefault(seat, set()).update(q for q in hand if q not in seen and q not in shown)
    for p in hs.pending:
        if p.kind == "rally_keep":
            out.setdefault(p.seat, set()).update(p.cards)
    hidden = out.setdefault(HIDDEN, set())
    for m in hs.markers:
        hidden.update(r.card for r in m.rewards if not r.face_up)
    hidden.update(s.token for s in hs.exploration if not s.face_up)
    return {k: v for k, v in out.items() if v}


def heroes_invariants(hs: HeroesState, content: HeroContent | None = None) -> list[str]:
    """Checks for simulations: conservation of reward cards, training caps, limits."""
    problems: list[str] = []
    cards = list(hs.reward_deck.draw_pile) + list(hs.reward_deck.discard_pile)
    cards += [r.card for h in hs.heroes for r in h.rewards] + [r.card for m in hs.markers for r in m.rewards]
    if len(cards) != len(set(cards)):
        problems.append("a reward card is in two places at once")
    if content is not None and content.rewards and set(cards) != set(content.rewards):
        problems.append("reward cards were lost or invented")
    for h in hs.heroes:
        if any(not 0 <= v <= 2 for v in h.training.values()):
            problems.append(f"hero {h.uid} has a training token outside 0..2")
        if content is not None and h.card in content.heroes and h.damage >= health(content, h):
            problems.append(f"hero {h.uid} should have been defeated")
    owners = {h.owner for h in hs.heroes}
    for s in owners:
        if len(heroes_of(hs, s)) > MAX_HEROES and not any(p.kind == "desert" and p.seat == s for p in hs.pending):
            problems.append(f"seat {s + 1} has more than 3 heroes")
    for s, hand in hs.quest_hands.items():
        if len(hand) > MAX_QUESTS and not any(p.kind == "quest_discard" and p.seat == s for p in hs.pending):
            problems.append(f"seat {s + 1} holds more than 3 quests")
    cards_h = [h.card for h in hs.heroes] + list(hs.hero_deck.draw_pile) + list(hs.removed_heroes)
    if len(cards_h) != len(set(cards_h)):
        problems.append("a hero card is in two places at once")
    return problems


__all__ = [
    "ATTRIBUTES",
    "HIDDEN",
    "PENDING_TYPES",
    "DefeatedMarker",
    "EffectGrant",
    "ExplorationSlot",
    "GmItem",
    "HeldReward",
    "Hero",
    "HeroContent",
    "HeroesState",
    "Outbox",
    "Pending",
    "apply_pending_action",
    "apply_turn_action",
    "check_hero_limit",
    "content_of",
    "damage_hero",
    "defeat_hero",
    "desert_hero",
    "destroy_site",
    "dragon_throne_areas",
    "draw_quests",
    "eliminate_seat",
    "exploration_face_up",
    "gain_hero",
    "gain_reward",
    "heal_hero",
    "hero_areas",
    "hero_may_move",
    "heroes_invariants",
    "heroes_secrets",
    "heroes_view",
    "move_hero",
    "new_season",
    "pending_prompts",
    "place_hero",
    "portal_areas",
    "rally_draw_heroes",
    "resolve_effects",
    "setup_exploration",
    "setup_heroes",
    "stand_all",
    "take_marker",
    "take_outbox",
    "train",
    "transfer_reward",
    "turn_options",
    "use_reward",
    "village_at",
]
