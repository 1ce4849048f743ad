"""The summer quest phase (RW-21, RW-22, RW-34 hero parts), driving duels (``duels.py``).

Flow (one hero at a time; no current player, RW-21.1):

* Players act in ``player_order`` (their spring order cards, RW-21.2); a player with no
  hero is skipped. Each player resolves all of his heroes, in the order he likes.
* ``choose`` (P-15): pick a hero and its action: Move, Heal (friendly area, RW-21.6),
  Train (RW-21.7) or nothing (RW-21.3). Rewards/abilities with quest-phase timing may
  be used here too.
* ``train`` (P-21): +1/+1 in two attributes or +2 in one, capped at +2 (RW-20.6).
* ``path`` (P-16, P-18): a path of 0-2 steps (AMB-41), borders and holes by
  ``ctx.passable``, stop on entering a face-up Dungeon (RW-34.4.4); paying 1 influence
  makes face-up Magic Portals mutually adjacent for this move (RW-34.4.3, AMB-66).
* ``along`` (P-22, P-23): trade rewards with own heroes in an area passed through or
  reached (RW-23.4), pick up rewards at defeated-hero markers entered (RW-26.4).
* ``explore`` (P-17): after a move of at least 1 step, flip and resolve the exploration
  token in the final area before any duel or quest (RW-21.4.3, RW-34.3, AMB-64).
* ``after`` (P-19): duel an enemy hero here (RW-24), attempt one quest whose area
  matches (RW-21.9), or nothing.
* ``test`` (P-20): pick one drawn destiny card; its fate must match (RW-22). Before the pick the
  test-taker may use attribute-test rewards/abilities and play "attribute test" tactics cards
  (``quest_tactics {card}``, RW-30.2; A lists them via ``ctx.test_tactics(seat)`` and discards
  them from the hand through ``outbox.tactics_played``).
* ``duel``: the duel machine of ``duels.py``; a duel quest (RW-25) ends in the quest's
  success or failure.
* After each hero's activity: Temple (+2 influence) and Hall (+1 tactics) (AMB-68).
"""

from __future__ import annotations

import random
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.errors import CORE_BAD_ACTION, CORE_NOT_YOUR_TURN
from engine.core.text import Msg, Ref, message
from engine.runewars import text as T
from engine.runewars.heroes import core as H
from engine.runewars.heroes import duels as D

# =========================================================================== messages
TOKEN = {
    "ambush": message("rw.quest.token.ambush", "ambush"),
    "dragon_throne": message("rw.quest.token.dragon_throne", "dragon throne"),
    "dungeon": message("rw.quest.token.dungeon", "dungeon"),
    "hall": message("rw.quest.token.hall", "hall"),
    "magic_portal": message("rw.quest.token.magic_portal", "magic portal"),
    "prophets_scroll": message("rw.quest.token.prophets_scroll", "prophets scroll"),
    "temple": message("rw.quest.token.temple", "temple"),
    "training": message("rw.quest.token.training", "training"),
    "travelling_merchant": message("rw.quest.token.travelling_merchant", "travelling merchant"),
    "village": message("rw.quest.token.village", "village"),
}
TOKEN_OTHER = message("rw.quest.token.other", "{name}")
SOURCE = {
    "temple": message("rw.quest.source.temple", "Temple"),
    "hall": message("rw.quest.source.hall", "Hall"),
    "portal": message("rw.quest.source.portal", "Magic Portal"),
    "merchant": message("rw.quest.source.merchant", "Travelling Merchant"),
    "ambush": message("rw.quest.source.ambush", "an Ambush"),
}
ABILITY = message("rw.quest.ability", "{hero}'s ability: {text}")
TEMPLE = message("rw.quest.temple", "{hero} ends its activity at a Temple: {seat} gains 2 influence.")
HALL = message("rw.quest.hall", "{hero} ends its activity at a Hall: {seat} draws 1 tactics card.")
CHOOSE_Q = message(
    "rw.quest.choose_question", "Quest phase: choose one of your heroes and its action (Move, Heal, Train or nothing)."
)
TRAIN_Q = message("rw.quest.train_question", "Train {hero}: +1 in two attributes or +2 in one.")
MOVE_Q = message("rw.quest.move_question", "Move {hero} up to {n} areas (0 to stay).")
ALONG_Q = message(
    "rw.quest.along_question",
    "{hero} met your heroes or a defeated-hero marker on its way: trade rewards or pick them up?",
)
AFTER_Q = message("rw.quest.after_question", "{hero} in {area}: duel an enemy hero, attempt a quest, or nothing?")
DESTINY_OPTION = message("rw.quest.destiny_option", "Destiny card {n} ({fate})")
UNKNOWN = message("rw.quest.unknown", "?")
TEST_Q = message("rw.quest.test_question", "{quest}: {attribute} test, you need {fates}. Pick one of the drawn cards.")
JOIN_OR = message("rw.quest.join_or", "{a} or {b}")
TRAIN_TWO = message("rw.quest.train_two", "+2 {attribute}")
TRAIN_PAIR = message("rw.quest.train_pair", "+1 {first}, +1 {second}")
CHOOSE_MOVE = message("rw.quest.choose.move", "{hero}: Move")
CHOOSE_HEAL = message("rw.quest.choose.heal", "{hero}: Heal ({n} damage)")
CHOOSE_TRAIN = message("rw.quest.choose.train", "{hero}: Train")
CHOOSE_NOTHING = message("rw.quest.choose.nothing", "{hero}: do nothing")
CHOOSE_REWARD = message("rw.quest.choose.reward", "{hero}: use {reward}")
STAY = message("rw.quest.path.stay", "Stay in {area}")
TO = message("rw.quest.path.to", "To {area}")
TO_VIA = message("rw.quest.path.to_via", "To {area} via {via}")
PORTAL = message("rw.quest.path.portal", "{path} (portal, 1 influence)")
COLLECT = message("rw.quest.along.collect", "Pick up the {n} reward(s) at marker #{marker} in {area}")
TRADE = message("rw.quest.along.trade", "Give {reward} from {hero} to {other}")
DONE = message("rw.quest.done", "Done")
DUEL_OPTION = message("rw.quest.after.duel", "Duel {hero} ({seat})")
ATTEMPT_OPTION = message("rw.quest.after.attempt", "Attempt quest: {quest}")
NOTHING_OPTION = message("rw.quest.after.nothing", "Nothing")
PLAY_TACTICS = message("rw.quest.test.tactics", "Play tactics: {card}")
USE_REWARD = message("rw.quest.test.reward", "Use {reward}")
USE_ABILITY = message("rw.quest.test.ability", "Use ability: {text}")
MERCHANT_Q = message("rw.quest.merchant.question", "Travelling Merchant: pay 3 influence to give {hero} a reward card?")
MERCHANT_PAY = message("rw.quest.merchant.pay", "Pay 3 influence for a reward")
DECLINE = message("rw.quest.decline", "Decline")
AMBUSH_DISCARD = message("rw.quest.ambush.discard", "Discard {reward}")
AMBUSH_DAMAGE = message("rw.quest.ambush.damage", "Take 1 more damage")
AMBUSH_Q = message(
    "rw.quest.ambush.question", "Ambush with enemies present: {hero} discards 1 reward or takes 1 more damage."
)
SCROLL_Q = message(
    "rw.quest.scroll.question",
    "Prophet's Scroll: choose an area whose face-down rune and exploration tokens you look at.",
)
SCROLL_LOOK = message("rw.quest.scroll.look", "Look at {area}")
TRAINING_OPTION = message("rw.quest.training.option", "+1 {attribute}")
TRAINING_Q = message("rw.quest.training.question", "Training: raise one attribute of {hero} by 1?")
REVEALED = message("rw.quest.exploration_revealed", "{hero} reveals the exploration token in {area}: {token}.")
DUNGEON = message("rw.quest.dungeon", "{hero} is in a Dungeon and cannot move again this season.")
Q_REFUSED_THE_QUEST_PHASE_IS = message(
    "rw.quest.refused.the_quest_phase_is", "The quest phase is not waiting for that."
)
Q_REFUSED_A_HERO_S_ACTION = message(
    "rw.quest.refused.a_hero_s_action", "A hero's action is Move, Heal, Train or nothing."
)
Q_REFUSED_AFTER_MOVING_DUEL_AN = message(
    "rw.quest.refused.after_moving_duel_an", "After moving, duel an enemy hero, attempt a quest, or do nothing."
)
Q_REFUSED_PICK_ONE_OF_THE = message("rw.quest.refused.pick_one_of_the", "Pick one of the destiny cards you drew.")
Q_REFUSED_AN_ACTION_MUST_BE = message(
    "rw.quest.refused.an_action_must_be", "An action must be a JSON object with a 'type'."
)
Q_REFUSED_THE_QUEST_PHASE_IS_2 = message("rw.quest.refused.the_quest_phase_is_2", "The quest phase is over.")
Q_REFUSED_CHOOSE_ONE_OF_YOUR = message(
    "rw.quest.refused.choose_one_of_your",
    "Choose one of your heroes and an action for it first: Move, Heal, Train or nothing.",
)
Q_REFUSED_CHOOSE_ONE_OF_YOUR_2 = message("rw.quest.refused.choose_one_of_your_2", "Choose one of your own heroes.")
Q_REFUSED_THAT_REWARD_CANNOT_BE = message(
    "rw.quest.refused.that_reward_cannot_be",
    "That reward cannot be used now: it must be under one of your heroes still to act, and usable in the quest phase.",
)
Q_REFUSED_A_MOVE_IS_A = message("rw.quest.refused.a_move_is_a", "A move is a list of areas, one per step.")
Q_REFUSED_CHOOSE_HOW_TO_TRAIN = message(
    "rw.quest.refused.choose_how_to_train", "Choose how to train: +1 in two different attributes or +2 in one."
)
Q_REFUSED_TRAINING_GIVES_IN_TWO = message(
    "rw.quest.refused.training_gives_in_two",
    "Training gives +1 in two different attributes or +2 in one, and no attribute can go above +2 (RW-20.6).",
)
Q_REFUSED_CHOOSE_THE_PATH_OF = message(
    "rw.quest.refused.choose_the_path_of", "Choose the path of the move (0 to 2 areas)."
)
Q_REFUSED_RESOLVE_THE_EXPLORATION_TOKEN = message(
    "rw.quest.refused.resolve_the_exploration_token", "Resolve the exploration token first."
)
Q_REFUSED_A_MOVE_DOES_NOT = message(
    "rw.quest.refused.a_move_does_not", "A move does not come back to an area it already left."
)
Q_REFUSED_YOU_CAN_PICK_UP = message(
    "rw.quest.refused.you_can_pick_up", "You can pick up rewards only at a defeated-hero marker your hero entered."
)
Q_REFUSED_TRADE_REWARDS_PICK_THEM = message(
    "rw.quest.refused.trade_rewards_pick_them", "Trade rewards, pick them up, or say you are done."
)
Q_REFUSED_A_HERO_MAY_CHALLENGE = message(
    "rw.quest.refused.a_hero_may_challenge", "A hero may challenge only an enemy hero in its own area."
)
Q_REFUSED_YOU_CAN_ATTEMPT_ONLY = message(
    "rw.quest.refused.you_can_attempt_only", "You can attempt only a quest card from your own hand."
)
Q_REFUSED_PICK_ONE_OF_THE_2 = message(
    "rw.quest.refused.pick_one_of_the_2", "Pick one of the destiny cards you drew for this test."
)
Q_REFUSED_THAT_REWARD_CANNOT_BE_2 = message(
    "rw.quest.refused.that_reward_cannot_be_2", "That reward cannot be used in this attribute test."
)
Q_REFUSED_YOUR_HERO_HAS_NO = message(
    "rw.quest.refused.your_hero_has_no", "Your hero has no unused ability for attribute tests."
)
Q_REFUSED_YOU_CAN_PLAY_ONLY = message(
    "rw.quest.refused.you_can_play_only",
    "You can play only an attribute-test tactics card from your hand that you did not gain this season.",
)
Q_REFUSED_REWARDS_MOVE_BETWEEN_THE = message(
    "rw.quest.refused.rewards_move_between_the",
    "Rewards move between the moving hero and your heroes it passed or reached.",
)
Q_REFUSED_YOU_NEED_INFLUENCE_TO = message(
    "rw.quest.refused.you_need_influence_to", "You need 3 influence to pay the Travelling Merchant."
)
Q_REFUSED_PAY_INFLUENCE_OR_DECLINE = message("rw.quest.refused.pay_influence_or_decline", "Pay 3 influence or decline.")
Q_REFUSED_DISCARD_REWARD_OR_TAKE = message(
    "rw.quest.refused.discard_reward_or_take", "Discard 1 reward or take 1 more damage."
)
Q_REFUSED_CHOOSE_ONE_AREA_OF = message(
    "rw.quest.refused.choose_one_area_of", "Choose one area of the board to look at."
)
Q_REFUSED_USING_THE_MAGIC_PORTALS = message(
    "rw.quest.refused.using_the_magic_portals",
    "Using the Magic Portals needs 1 influence and at least two face-up portals.",
)
Q_REFUSED_DISCARD_ONE_OF_THIS = message(
    "rw.quest.refused.discard_one_of_this", "Discard one of this hero's own rewards, or take 1 more damage."
)
Q_REFUSED_CHOOSE_AN_ATTRIBUTE_WHOSE = message(
    "rw.quest.refused.choose_an_attribute_whose", "Choose an attribute whose training token is below +2 (AMB-65)."
)
Q_REFUSED_CHOOSE_AN_ATTRIBUTE_OR = message("rw.quest.refused.choose_an_attribute_or", "Choose an attribute or decline.")
DECISION_FIRST = message("rw.quest.refused.decision_first", "A hero decision of {seat} must be settled first.")
NOT_YOUR_TURN = message(
    "rw.quest.refused.not_your_turn", "It is not your turn in the quest phase: the game is waiting on {seat} (RW-21.2)."
)
FINISH_FIRST = message("rw.quest.refused.finish_first", "Finish {hero}'s activity before another hero acts.")
ALREADY_ACTED = message("rw.quest.refused.already_acted", "{hero} has already taken its one action this quest phase.")
ROUTED_NO_MOVE = message("rw.quest.refused.routed_no_move", "{hero} is routed and cannot move (RW-2.5).")
DUNGEON_NO_MOVE = message("rw.quest.refused.dungeon_no_move", "{hero} entered a Dungeon this season and cannot move.")
HERO_MOVES = message("rw.quest.hero_moves", "{hero} moves.")
HEAL_FRIENDLY = message("rw.quest.refused.heal_friendly", "{hero} can heal only in a friendly area, one you control.")
NO_TRAINING = message(
    "rw.quest.refused.no_training",
    "{hero} cannot be trained further: every attribute is at +2 or only one can still rise.",
)
DOES_NOTHING = message("rw.quest.does_nothing", "{hero} does nothing.")
TOO_FAR = message("rw.quest.refused.too_far", "{hero} moves at most {n} areas in the quest phase.")
DUNGEON_STOPS = message(
    "rw.quest.refused.dungeon_stops", "A hero that enters the Dungeon in {area} cannot move any further."
)
BORDER = message("rw.quest.refused.border", "The border between {a} and {b} cannot be crossed (mountain or water).")
NOT_ADJACENT = message("rw.quest.refused.not_adjacent", "{b} is not adjacent to {a}.")
PORTAL_PAID = message("rw.quest.portal_paid", "{seat} pays 1 influence to use the Magic Portals.")
MOVED = message("rw.quest.moved", "{hero} moves from {start} to {area}.")
MOVED_VIA = message("rw.quest.moved_via", "{hero} moves from {start} to {area} via {via}.")
STAYS = message("rw.quest.stays", "{hero} stays in {start}.")
MERCHANT_PAID = message("rw.quest.merchant_paid", "{seat} pays 3 influence to the Travelling Merchant.")
AMBUSH_DISCARDS = message("rw.quest.ambush_discards", "{hero} discards {reward} to the Ambush.")
SCROLL_READ = message("rw.quest.scroll_read", "{seat} reads the Prophet's Scroll on {area}.")
SCROLL_SEEN = message("rw.quest.scroll_seen", "Exploration tokens in {area}: {tokens}.")
NONE = message("rw.quest.none", "none")
ROUTED_NO_QUEST = message(
    "rw.quest.refused.routed_no_quest", "{hero} is routed: it cannot start a duel or attempt a quest."
)
WRONG_AREA = message(
    "rw.quest.refused.wrong_area", "That quest must be attempted in area {area}; your hero is in {here}."
)
UNMET = message(
    "rw.quest.refused.unmet",
    "{quest} has its own conditions (see its text: a city token in your hero's area, {n} influence to pay) "
    "and they are not met.",
)
ATTEMPTS = message("rw.quest.attempts", "{hero} attempts the quest {quest}: {text}")
TEST_ZERO = message("rw.quest.test_zero", "{hero} has {attribute} 0: the test fails automatically (AMB-43).")
DESTINY_FATE = message("rw.quest.destiny_fate", "{n} ({fate})")
TEST_DRAWN = message("rw.quest.test_drawn", "You drew destiny cards {cards}.")
TEST_DRAW = message("rw.quest.test_draw", "{hero} draws {n} destiny card(s) for a {attribute} test.")
REWARD_REVEALED = message("rw.quest.reward_revealed", "{hero} reveals {reward}: {text}")
PLAYS_TACTICS = message("rw.quest.plays_tactics", "{seat} plays the tactics card {card}")
PLAYS_TACTICS_TEXT = message("rw.quest.plays_tactics_text", "{seat} plays the tactics card {card}: {text}")
NOTHING_ELSE = message("rw.quest.nothing_else", "nothing else")
SUCCESS = message("rw.quest.success_word", "success")
FAILURE = message("rw.quest.failure_word", "failure")
TEST_PICK = message(
    "rw.quest.test_pick", "{hero} picks destiny card {n} ({fate}) and discards {others}: {result} (needs {fates})."
)
COMPLETES = message("rw.quest.completes", "{hero} completes the quest {quest}.")
FAILS = message("rw.quest.fails", "{hero} fails the quest {quest}; the card returns to its owner's hand (AMB-42).")
NOTHING_TO_DECIDE = message("rw.quest.refused.nothing_to_decide", "{seat} has nothing to decide in the quest phase.")
TOKEN_DISCARDED = message("rw.quest.token_discarded", "The {token} token in {area} is discarded.")


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TestState(_M):
    quest: str
    attribute: str
    fates: list[str]
    drawn: list[int] = Field(default_factory=list)
    used: list[str] = Field(default_factory=list)  # rewards/abilities used in this test


class ExploreState(_M):
    area: str
    token: str
    type: str


class QuestPhaseState(_M):
    order: list[int]
    turn: int = 0
    acted: list[str] = Field(default_factory=list)
    hero: str | None = None
    step: Literal["choose", "train", "path", "along", "explore", "after", "test", "duel", "over"] = "choose"
    serial: int = 0
    path: list[str] = Field(default_factory=list)
    portal_paid: bool = False
    test: TestState | None = None
    explore: ExploreState | None = None
    duel: D.DuelState | None = None
    abilities_used: list[str] = Field(default_factory=list)  # hero uids whose quest-phase ability fired
    extra_steps: dict[str, int] = Field(default_factory=dict)  # hero uid -> +steps (hero_move_plus_one)
    completed: list[tuple[int, str, str]] = Field(default_factory=list)  # seat, hero uid, quest id
    failed: list[tuple[int, str, str]] = Field(default_factory=list)
    rewards_gained: list[tuple[int, str, str]] = Field(default_factory=list)  # SECRET: seat, hero, card
    duels: list[dict[str, Any]] = Field(default_factory=list)


class QuestPhaseOutcome(_M):
    """What the phase did, for the game log and for effects tied to it (titles on quest completion)."""

    completed: list[tuple[int, str, str]] = Field(default_factory=list)
    failed: list[tuple[int, str, str]] = Field(default_factory=list)
    rewards_gained: list[tuple[int, str, str]] = Field(default_factory=list)  # secret card ids: never publish
    duels: list[dict[str, Any]] = Field(default_factory=list)
    outbox: H.Outbox = Field(default_factory=H.Outbox)


# =========================================================================== entry points


def start_quest_phase(hs: H.HeroesState, player_order: list[int], ctx: Any) -> QuestPhaseState:
    """RW-21.1-2: begin the quest phase; ``player_order`` is by spring order cards (RW-8 ties)."""
    qs = QuestPhaseState(order=list(player_order))
    c = H.content_of(ctx)
    for h in hs.heroes:
        card = c.heroes.get(h.card)
        if card is None or card.ability.timing != "quest_phase":
            continue
        if all(e.kind == "rule_modifier" for e in card.ability.effects):
            # Passive for the whole phase (Silhouette, Ronan): movement bonuses are applied
            # here, other switches go to the flow for the phase.
            qs.abilities_used.append(h.uid)
            others = _take_move_bonus(qs, h.uid, card.ability.effects)
            if others:
                hs.outbox.grants.append(
                    H.EffectGrant(
                        seat=h.owner,
                        source=H.named(H.hero_ref(h)),
                        hero=h.uid,
                        effects=[e.model_dump(mode="json") for e in others],
                    )
                )
    _next(qs, hs)
    return qs


def _take_move_bonus(qs: QuestPhaseState, uid: str, effects: Any) -> list[Any]:
    """Apply ``hero_move_plus_one`` to this hero's quest-phase move; return the other effects."""
    rest = []
    for e in effects:
        if e.kind == "rule_modifier" and e.rule == "hero_move_plus_one":
            qs.extra_steps[uid] = qs.extra_steps.get(uid, 0) + 1
        else:
            rest.append(e)
    return rest


def quest_phase_finished(qs: QuestPhaseState, hs: H.HeroesState | None = None) -> QuestPhaseOutcome | None:
    """The outcome once every player has resolved his heroes, else None.

    With ``hs`` given, whatever A has not yet drained from ``hs.outbox`` is moved into the outcome.
    """
    if qs.step != "over":
        return None
    out = QuestPhaseOutcome(
        completed=list(qs.completed),
        failed=list(qs.failed),
        rewards_gained=list(qs.rewards_gained),
        duels=list(qs.duels),
    )
    if hs is not None:
        out.outbox = H.take_outbox(hs)
    return out


def current_seat(qs: QuestPhaseState) -> int | None:
    if qs.step == "over" or qs.turn >= len(qs.order):
        return None
    return qs.order[qs.turn]


def _next(qs: QuestPhaseState, hs: H.HeroesState) -> None:
    """Move to the next hero to resolve: same player first, then the next in order."""
    qs.hero = None
    qs.path = []
    qs.portal_paid = False
    qs.test = None
    qs.explore = None
    qs.duel = None
    while qs.turn < len(qs.order):
        seat = qs.order[qs.turn]
        if any(h.uid not in qs.acted for h in H.heroes_of(hs, seat)):
            qs.step = "choose"
            return
        qs.turn += 1
    qs.step = "over"


def _finish_hero(qs: QuestPhaseState, hs: H.HeroesState, ctx: Any) -> list[Event]:
    """End of one hero's activity: Temple and Hall (RW-34.4.5-6, AMB-68), then move on."""
    events: list[Event] = []
    uid = qs.hero
    if uid is not None:
        if uid not in qs.acted:
            qs.acted.append(uid)
        h = H.find_hero(hs, uid)
        c = H.content_of(ctx)
        card = c.heroes.get(h.card) if h is not None else None
        if h is not None and card is not None and card.ability.timing == "quest_phase" and uid not in qs.abilities_used:
            # "After <hero>'s quest-phase action ..." abilities fire on their own (AMB-68 timing).
            qs.abilities_used.append(uid)
            events.append(
                H.say(
                    c,
                    "hero_ability",
                    ABILITY(
                        hero=H.hero_ref(h), text=T.printed("hero", card.hero_id, "ability.text", card.ability.text)
                    ),
                    hero=uid,
                )
            )
            source = H.named(H.hero_ref(h))
            events += H.resolve_effects(hs, h.owner, uid, card.ability.effects, ctx, source=source, rule="RW-20.8")
            h = H.find_hero(hs, uid)
        if h is not None and _exploration_on(hs, ctx):
            kind = H._face_up_type(hs, c, h.area)
            if kind == "temple":
                hs.outbox.grants.append(
                    H.EffectGrant(
                        seat=h.owner,
                        source=SOURCE["temple"](),
                        hero=uid,
                        effects=[{"kind": "gain_influence", "amount": 2, "who": "self"}],
                    )
                )
                events.append(
                    H.say(
                        c,
                        "temple",
                        TEMPLE(hero=H.hero_ref(h), seat=T.seat(h.owner)),
                        seat=h.owner,
                    )
                )
            elif kind == "hall":
                hs.outbox.grants.append(
                    H.EffectGrant(
                        seat=h.owner,
                        source=SOURCE["hall"](),
                        hero=uid,
                        effects=[
                            {
                                "kind": "draw_cards",
                                "deck": "tactics",
                                "amount": 1,
                                "keep": None,
                                "once_per_unit": False,
                                "who": "self",
                            }
                        ],
                    )
                )
                events.append(
                    H.say(
                        c,
                        "hall",
                        HALL(hero=H.hero_ref(h), seat=T.seat(h.owner)),
                        seat=h.owner,
                    )
                )
    _next(qs, hs)
    return events


def _exploration_on(hs: H.HeroesState, ctx: Any) -> bool:
    flag = getattr(ctx, "exploration", None)
    return bool(hs.exploration or hs.exploration_discard) if flag is None else bool(flag)


def _influence(ctx: Any, seat: int) -> int:
    f = getattr(ctx, "influence_of", None)
    return int(f(seat)) if f else 0


# =========================================================================== prompts


def quest_phase_prompts(qs: QuestPhaseState, hs: H.HeroesState, ctx: Any) -> list[Prompt]:
    if hs.pending:
        return H.pending_prompts(hs, ctx)
    if qs.step == "over":
        return []
    c = H.content_of(ctx)
    key = f"rw-quest-{qs.serial}-{qs.step}"
    seat = current_seat(qs)
    assert seat is not None
    hero = H.find_hero(hs, qs.hero) if qs.hero else None
    if qs.step == "choose":
        opts = _choose_options(qs, hs, c, ctx, seat)
        secret = any(o.action["type"] == "hero_use_reward" for o in opts)
        return [H.ask(c, seat, key, "RW-21.3", CHOOSE_Q(), secret=secret, options=opts)]
    assert hero is not None
    if qs.step == "train":
        return [
            H.ask(
                c,
                seat,
                key,
                "RW-21.7",
                TRAIN_Q(hero=H.hero_ref(hero)),
                options=[
                    H.option(c, _train_label(a), {"type": "hero_train", "hero": hero.uid, "attributes": a})
                    for a in H.train_options(hero)
                ],
            )
        ]
    if qs.step == "path":
        return [
            H.ask(
                c,
                seat,
                key,
                "RW-21.4.1",
                MOVE_Q(hero=H.hero_ref(hero), n=_steps(qs, ctx, hero)),
                options=_path_options(hs, hero, c, ctx, _steps(qs, ctx, hero)),
                answer_schema={
                    "type": "object",
                    "properties": {
                        "type": {"const": "hero_move"},
                        "hero": {"const": hero.uid},
                        "path": {"type": "array", "items": {"type": "string"}, "maxItems": _steps(qs, ctx, hero)},
                        "portal": {"type": "boolean"},
                    },
                    "required": ["type", "hero", "path"],
                },
            )
        ]
    if qs.step == "along":
        return [
            H.ask(
                c,
                seat,
                key,
                "RW-23.4",
                ALONG_Q(hero=H.hero_ref(hero)),
                secret=True,
                options=_along_options(qs, hs, hero, c),
                default={"type": "hero_along_done"},
            )
        ]
    if qs.step == "explore":
        return [_explore_prompt(qs, hs, hero, c, ctx, key, seat)]
    if qs.step == "after":
        return [
            H.ask(
                c,
                seat,
                key,
                "RW-21.4.4",
                AFTER_Q(hero=H.hero_ref(hero), area=H.area_ref(hero.area)),
                secret=True,
                options=_after_options(hs, hero, c, ctx),
                default={"type": "hero_pass", "hero": hero.uid},
            )
        ]
    if qs.step == "test":
        t = qs.test
        assert t is not None
        opts = []
        for n in t.drawn:
            card = c.destiny.get(n)
            fate: Any = T.fate_of(card.fate) if card else UNKNOWN()
            opts.append(H.option(c, DESTINY_OPTION(n=n, fate=fate), {"type": "quest_pick", "card": n}))
        opts += _test_extras(qs, hs, hero, c, ctx)
        return [
            H.ask(
                c,
                seat,
                key,
                "RW-22.2",
                TEST_Q(
                    quest=H.quest_ref(t.quest), attribute=_attr(t.attribute), fates=_or([T.fate_of(f) for f in t.fates])
                ),
                secret=True,
                options=opts,
            )
        ]
    if qs.step == "duel":
        assert qs.duel is not None
        return D.duel_prompts(hs, qs.duel, ctx, key)
    return []


def _attr(a: str) -> Msg | str:
    return H.ATTR[a]() if a in H.ATTR else a


def _or(items: list[Any]) -> Any:
    """Items joined by "or" (fates as words, ``text.fate_of``)."""
    if not items:
        return ""
    out = items[0]
    for x in items[1:]:
        out = JOIN_OR(a=out, b=x)
    return out


def _token(kind: str) -> Msg:
    return TOKEN[kind]() if kind in TOKEN else TOKEN_OTHER(name=kind.replace("_", " "))


def _train_label(attrs: list[str]) -> Msg:
    if attrs[0] == attrs[1]:
        return TRAIN_TWO(attribute=_attr(attrs[0]))
    return TRAIN_PAIR(first=_attr(attrs[0]), second=_attr(attrs[1]))


def _steps(qs: QuestPhaseState, ctx: Any, hero: H.Hero) -> int:
    """RW-21.4.1: 2 areas, plus card bonuses (``ctx.hero_move_steps`` for the flow's modifiers)."""
    f = getattr(ctx, "hero_move_steps", None)
    return (int(f(hero.owner)) if f else 2) + qs.extra_steps.get(hero.uid, 0)


def _choose_options(qs: QuestPhaseState, hs: H.HeroesState, c: H.HeroContent, ctx: Any, seat: int) -> list[Option]:
    opts: list[Option] = []
    for h in H.heroes_of(hs, seat):
        if h.uid in qs.acted:
            continue
        name = H.hero_ref(h)
        if not h.routed and not h.stuck:
            opts.append(H.option(c, CHOOSE_MOVE(hero=name), {"type": "hero_action", "hero": h.uid, "action": "move"}))
        if ctx.is_friendly(h.area, seat):
            label = CHOOSE_HEAL(hero=name, n=h.damage)
            opts.append(H.option(c, label, {"type": "hero_action", "hero": h.uid, "action": "heal"}))
        if H.train_options(h):
            opts.append(H.option(c, CHOOSE_TRAIN(hero=name), {"type": "hero_action", "hero": h.uid, "action": "train"}))
        opts.append(H.option(c, CHOOSE_NOTHING(hero=name), {"type": "hero_action", "hero": h.uid, "action": "none"}))
        for r in h.rewards:
            rc = c.rewards.get(r.card)
            if rc and rc.trigger == "quest_phase":
                opts.append(
                    H.option(
                        c,
                        CHOOSE_REWARD(hero=name, reward=H.reward_ref(r.card)),
                        {"type": "hero_use_reward", "hero": h.uid, "reward": r.card},
                    )
                )
    return opts


# --------------------------------------------------------------------------- paths


def _portals(hs: H.HeroesState, c: H.HeroContent, ctx: Any, seat: int) -> list[str]:
    if not _exploration_on(hs, ctx) or _influence(ctx, seat) < 1:
        return []
    ps = H.portal_areas(hs, c)
    return ps if len(ps) >= 2 else []


def _passable(ctx: Any, a: str, b: str, seat: int) -> bool:
    """``ctx.passable`` for a hero (never flying); ``seat`` lets card modifiers of that seat apply."""
    return bool(ctx.passable(a, b, seat=seat))


def _steps_from(
    hs: H.HeroesState, c: H.HeroContent, ctx: Any, a: str, portals: list[str], seat: int
) -> list[tuple[str, bool]]:
    out = [(b, False) for b in ctx.neighbours(a) if _passable(ctx, a, b, seat)]
    if a in portals:
        near = {b for b, _ in out}
        out += [(p, True) for p in portals if p != a and p not in near]
    return out


def all_paths(
    hs: H.HeroesState, hero: H.Hero, c: H.HeroContent, ctx: Any, steps: int = 2
) -> list[tuple[list[str], bool]]:
    """Every legal path (areas after the start) with whether it uses a portal hop."""
    seat = hero.owner
    portals = _portals(hs, c, ctx, seat)
    out: list[tuple[list[str], bool]] = [([], False)]

    def walk(at: str, path: list[str], used: bool) -> None:
        if len(path) >= steps:
            return
        if path and H.is_dungeon(hs, c, at):
            return  # RW-34.4.4: entering a Dungeon ends the move
        for b, hop in _steps_from(hs, c, ctx, at, portals, seat):
            if b == hero.area or b in path:
                continue
            np = path + [b]
            out.append((np, used or hop))
            walk(b, np, used or hop)

    walk(hero.area, [], False)
    return out


def _interesting(hs: H.HeroesState, hero: H.Hero, area: str) -> bool:
    return any(m.area == area for m in hs.markers) or any(
        h.owner == hero.owner and h.uid != hero.uid and h.area == area for h in hs.heroes
    )


def _path_options(hs: H.HeroesState, hero: H.Hero, c: H.HeroContent, ctx: Any, steps: int) -> list[Option]:
    seen: dict[tuple[Any, ...], Option] = {}
    for path, portal in sorted(all_paths(hs, hero, c, ctx, steps), key=lambda p: (p[1], len(p[0]))):
        dest = path[-1] if path else hero.area
        middles = tuple(a for a in path[:-1] if _interesting(hs, hero, a))
        key = (dest, middles)
        if key in seen:
            continue
        if not path:
            text = STAY(area=H.area_ref(hero.area))
        else:
            if len(path) > 1:
                text = TO_VIA(area=H.area_ref(dest), via=[H.area_ref(a) for a in path[:-1]])
            else:
                text = TO(area=H.area_ref(dest))
            if portal:
                text = PORTAL(path=text)
        action = {"type": "hero_move", "hero": hero.uid, "path": path, "portal": portal}
        seen[key] = H.option(c, text, action, at=path[-1] if path else None)
    return list(seen.values())


# --------------------------------------------------------------------------- along the way


def _met(qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero) -> tuple[list[H.Hero], list[H.DefeatedMarker]]:
    visited = set(qs.path)
    partners = [h for h in hs.heroes if h.owner == hero.owner and h.uid != hero.uid and h.area in visited]
    markers = [m for m in hs.markers if m.area in visited]
    return partners, markers


def _along_options(qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, c: H.HeroContent) -> list[Option]:
    partners, markers = _met(qs, hs, hero)
    opts = [
        H.option(
            c,
            COLLECT(n=len(m.rewards), marker=m.id, area=H.area_ref(m.area)),
            {"type": "hero_collect", "marker": m.id},
        )
        for m in markers
    ]
    for p in partners:
        for src, dst in ((hero, p), (p, hero)):
            for r in src.rewards:
                opts.append(
                    H.option(
                        c,
                        TRADE(reward=H.reward_ref(r.card), hero=H.hero_ref(src), other=H.hero_ref(dst)),
                        {"type": "hero_trade", "card": r.card, "src": src.uid, "dst": dst.uid},
                    )
                )
    if opts:
        opts.append(H.option(c, DONE(), {"type": "hero_along_done"}))
    return opts


# --------------------------------------------------------------------------- after moving


def _quest_fits(c: H.HeroContent, q: str, hero: H.Hero) -> bool:
    card = c.quests.get(q)
    return card is not None and (card.area_id is None or card.area_id == hero.area)


def _has_city(ctx: Any, area: str) -> bool:
    f = getattr(ctx, "has_city", None)
    return bool(f(area)) if f else False


def _requirements_met(c: H.HeroContent, q: str, hero: H.Hero, ctx: Any) -> bool:
    """RW-21.9: a scripted quest's own checks (a city in the hero's area, influence to pay), before any reward."""
    card = c.quests.get(q)
    if card is None:
        return False
    if getattr(card, "requires_city", False) and not _has_city(ctx, hero.area):
        return False
    return _influence(ctx, hero.owner) >= int(getattr(card, "requires_influence", 0))


def _after_options(hs: H.HeroesState, hero: H.Hero, c: H.HeroContent, ctx: Any = None) -> list[Option]:
    opts = []
    if not hero.routed:
        for e in hs.heroes:
            if e.area == hero.area and e.owner != hero.owner:
                opts.append(
                    H.option(
                        c,
                        DUEL_OPTION(hero=H.hero_ref(e), seat=T.seat(e.owner)),
                        {"type": "duel_challenge", "hero": hero.uid, "target": e.uid},
                    )
                )
        for q in hs.quest_hands.get(hero.owner, []):
            if _quest_fits(c, q, hero) and _requirements_met(c, q, hero, ctx):
                opts.append(
                    H.option(
                        c,
                        ATTEMPT_OPTION(quest=H.quest_ref(q)),
                        {"type": "quest_attempt", "hero": hero.uid, "quest": q},
                    )
                )
    opts.append(H.option(c, NOTHING_OPTION(), {"type": "hero_pass", "hero": hero.uid}))
    return opts


def _test_tactics(t: TestState, hero: H.Hero, ctx: Any) -> list[str]:
    """RW-30.2 / RW-30.3: the test-taker's "attribute test" tactics cards (e.g. Lucky Charm) playable now.

    ``ctx.test_tactics(seat)`` lists cards with that timing not gained this season; a card is
    played at most once per test (the hand is only updated when the flow drains the outbox)."""
    fn = getattr(ctx, "test_tactics", None) if ctx is not None else None
    return [x for x in dict.fromkeys(fn(hero.owner) if fn else []) if f"tactics:{x}" not in t.used]


def _test_extras(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, c: H.HeroContent, ctx: Any = None
) -> list[Option]:
    t = qs.test
    assert t is not None
    opts = []
    for x in _test_tactics(t, hero, ctx):
        opts.append(H.option(c, PLAY_TACTICS(card=Ref(kind="tactics", id=x)), {"type": "quest_tactics", "card": x}))
    for r in hero.rewards:
        rc = c.rewards.get(r.card)
        if rc and rc.trigger == "attribute_test" and r.card not in t.used:
            opts.append(
                H.option(c, USE_REWARD(reward=H.reward_ref(r.card)), {"type": "quest_use_reward", "reward": r.card})
            )
    card = c.heroes.get(hero.card)
    if card and card.ability.timing == "attribute_test" and "ability" not in t.used:
        opts.append(
            H.option(
                c,
                USE_ABILITY(text=T.printed("hero", card.hero_id, "ability.text", card.ability.text)),
                {"type": "quest_use_ability"},
            )
        )
    return opts


# --------------------------------------------------------------------------- exploration


def _explore_prompt(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, c: H.HeroContent, ctx: Any, key: str, seat: int
) -> Prompt:
    e = qs.explore
    assert e is not None
    if e.type == "travelling_merchant":
        return H.ask(
            c,
            seat,
            key,
            "RW-34.4.7",
            MERCHANT_Q(hero=H.hero_ref(hero)),
            options=[
                H.option(c, MERCHANT_PAY(), {"type": "hero_explore", "choice": "pay"}),
                H.option(c, DECLINE(), {"type": "hero_explore", "choice": "decline"}),
            ],
            default={"type": "hero_explore", "choice": "decline"},
        )
    if e.type == "ambush":
        opts = [
            H.option(
                c,
                AMBUSH_DISCARD(reward=H.reward_ref(r.card)),
                {"type": "hero_explore", "choice": "discard", "reward": r.card},
            )
            for r in hero.rewards
        ]
        opts.append(H.option(c, AMBUSH_DAMAGE(), {"type": "hero_explore", "choice": "damage"}))
        return H.ask(c, seat, key, "RW-34.4.8", AMBUSH_Q(hero=H.hero_ref(hero)), secret=True, options=opts)
    if e.type == "prophets_scroll":
        return H.ask(
            c,
            seat,
            key,
            "RW-34.4.9",
            SCROLL_Q(),
            options=[
                H.option(
                    c, SCROLL_LOOK(area=H.area_ref(a)), {"type": "hero_explore", "choice": "area", "area": a}, at=a
                )
                for a in _scroll_areas(hs, ctx)
            ],
        )
    # training
    opts = [
        H.option(
            c, TRAINING_OPTION(attribute=_attr(a)), {"type": "hero_explore", "choice": "attribute", "attribute": a}
        )
        for a in H.ATTRIBUTES
        if hero.training[a] < 2
    ]
    opts.append(H.option(c, DECLINE(), {"type": "hero_explore", "choice": "decline"}))
    return H.ask(
        c,
        seat,
        key,
        "RW-34.4.10",
        TRAINING_Q(hero=H.hero_ref(hero)),
        options=opts,
        default={"type": "hero_explore", "choice": "decline"},
    )


def _scroll_areas(hs: H.HeroesState, ctx: Any) -> list[str]:
    f = getattr(ctx, "areas", None)
    if f:
        return list(f())
    return sorted({s.area for s in hs.exploration})


def _hostile(ctx: Any, area: str, seat: int) -> bool:
    f = getattr(ctx, "hostile_units_in", None)
    if f:
        return bool(f(area, seat))
    owner = ctx.controller(area)
    if owner is not None:
        return owner != seat
    return not ctx.is_empty(area)


def _reveal_exploration(qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, ctx: Any) -> list[Event]:
    """RW-34.3: after a move of at least 1 step, flip and resolve the token in the final area."""
    c = H.content_of(ctx)
    slot = H.exploration_at(hs, hero.area)
    if not qs.path or not _exploration_on(hs, ctx) or slot is None or slot.face_up:
        return []
    slot.face_up = True
    tok = c.exploration.get(slot.token)
    kind = tok.type if tok else "unknown"
    events = [
        H.say(
            c,
            "exploration_revealed",
            REVEALED(hero=H.hero_ref(hero), area=H.area_ref(hero.area), token=_token(kind)),
            reveals=True,
            area=hero.area,
            token=slot.token,
            token_type=kind,
        )
    ]
    if tok is None or tok.kind != "event":
        if kind == "dungeon":
            hero.stuck = True  # RW-34.4.4, AMB-69
            events.append(H.say(c, "dungeon", DUNGEON(hero=H.hero_ref(hero)), hero=hero.uid))
        return events
    qs.explore = ExploreState(area=hero.area, token=slot.token, type=kind)
    seat = hero.owner
    if kind == "travelling_merchant":
        if _influence(ctx, seat) < 3 or not (hs.reward_deck.draw_pile or hs.reward_deck.discard_pile):
            events += _discard_token(qs, hs, c)
    elif kind == "ambush":
        events += H.damage_hero(hs, hero.uid, 1, ctx, cause=SOURCE["ambush"]())
        if H.find_hero(hs, hero.uid) is None or not _hostile(ctx, hero.area, seat):
            events += _discard_token(qs, hs, c)
        elif not hero.rewards:
            events += H.damage_hero(hs, hero.uid, 1, ctx, cause=SOURCE["ambush"]())
            events += _discard_token(qs, hs, c)
    elif kind == "prophets_scroll":
        if not _scroll_areas(hs, ctx):
            events += _discard_token(qs, hs, c)
    elif kind == "training":
        if not any(hero.training[a] < 2 for a in H.ATTRIBUTES):
            events += _discard_token(qs, hs, c)
    return events


def _discard_token(qs: QuestPhaseState, hs: H.HeroesState, c: H.HeroContent) -> list[Event]:
    e = qs.explore
    qs.explore = None
    if e is None:
        return []
    slot = H.exploration_at(hs, e.area)
    if slot is not None and slot.token == e.token:
        hs.exploration.remove(slot)
        hs.exploration_discard.append(e.token)
    return [
        T.to_all(
            "exploration_discarded",
            TOKEN_DISCARDED(token=_token(e.type), area=H.area_ref(e.area)),
            area=e.area,
            token=e.token,
        )
    ]


# =========================================================================== actions


def apply_quest_action(
    qs: QuestPhaseState, hs: H.HeroesState, seat: int, action: dict[str, Any], ctx: Any
) -> list[Event]:
    """Validate and apply one quest-phase action; raises RuleViolation (nothing changed) if illegal."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise H.refuse(CORE_BAD_ACTION, Q_REFUSED_AN_ACTION_MUST_BE())
    if hs.pending:
        if action["type"] not in H.PENDING_TYPES:
            p = hs.pending[0]
            raise H.refuse(CORE_NOT_YOUR_TURN, DECISION_FIRST(seat=T.seat(p.seat)))
        backup = hs.model_copy(deep=True)
        try:
            events = H.apply_pending_action(hs, seat, action, ctx)
        except RuleViolation:
            _restore(hs, backup)
            raise
        qs.serial += 1
        if qs.step != "over" and qs.hero is not None and H.find_hero(hs, qs.hero) is None and qs.step != "duel":
            events += _finish_hero(qs, hs, ctx)
        elif qs.step != "over" and current_seat(qs) is not None and qs.hero is None:
            _next(qs, hs)
        return events
    if qs.step == "over":
        raise H.refuse(CORE_BAD_ACTION, Q_REFUSED_THE_QUEST_PHASE_IS_2())
    expected = _waiting_on(qs, hs)
    if seat != expected:
        raise H.refuse(CORE_NOT_YOUR_TURN, NOT_YOUR_TURN(seat=T.seat(expected)))
    qs_backup, hs_backup = qs.model_copy(deep=True), hs.model_copy(deep=True)
    try:
        events = _dispatch(qs, hs, seat, action, ctx)
    except RuleViolation:
        _restore(qs, qs_backup)
        _restore(hs, hs_backup)
        raise
    qs.serial += 1
    return events


def _restore(target: BaseModel, backup: BaseModel) -> None:
    for name in type(target).model_fields:
        setattr(target, name, getattr(backup, name))


def _waiting_on(qs: QuestPhaseState, hs: H.HeroesState) -> int:
    if qs.step == "duel" and qs.duel is not None:
        d = qs.duel
        if d.step in ("start_attacker", "special_attacker", "gear_attacker"):
            return d.attacker.seat
        if d.step in ("start_defender", "special_defender", "gear_defender"):
            return d.defender.seat
        if d.step == "neutral_choice":
            return (d.attacker if d.choice_side == "attacker" else d.defender).seat
        if d.step == "spoils":
            return d.spoils_seat
    seat = current_seat(qs)
    assert seat is not None
    return seat


def _dispatch(qs: QuestPhaseState, hs: H.HeroesState, seat: int, action: dict[str, Any], ctx: Any) -> list[Event]:
    c = H.content_of(ctx)
    t = action["type"]
    step = qs.step
    if step == "choose":
        if t == "hero_action":
            return _choose(qs, hs, seat, action, ctx, c)
        if t == "hero_use_reward":
            return _use_quest_reward(qs, hs, seat, action, ctx, c)
        raise H.refuse("RW-21.3", Q_REFUSED_CHOOSE_ONE_OF_YOUR())
    if step == "duel":
        assert qs.duel is not None
        events = D.apply_duel(hs, qs.duel, seat, action, ctx)
        return events + _duel_over(qs, hs, ctx)
    hero = H.get_hero(hs, qs.hero or "")
    if action.get("hero") not in (None, hero.uid):
        raise H.refuse("RW-21.2", FINISH_FIRST(hero=H.hero_ref(hero)), c)
    if step == "train":
        if t != "hero_train":
            raise H.refuse("RW-21.7", Q_REFUSED_CHOOSE_HOW_TO_TRAIN())
        attrs = action.get("attributes")
        if not isinstance(attrs, list) or len(attrs) != 2 or attrs not in H.train_options(hero):
            raise H.refuse("RW-21.7", Q_REFUSED_TRAINING_GIVES_IN_TWO())
        events = H.train(hs, hero.uid, list(attrs), ctx)
        return events + _finish_hero(qs, hs, ctx)
    if step == "path":
        if t != "hero_move":
            raise H.refuse("RW-21.4.1", Q_REFUSED_CHOOSE_THE_PATH_OF())
        return _move(qs, hs, hero, action, ctx, c)
    if step == "along":
        return _along(qs, hs, hero, action, ctx, c)
    if step == "explore":
        if t != "hero_explore":
            raise H.refuse("RW-34.3", Q_REFUSED_RESOLVE_THE_EXPLORATION_TOKEN())
        return _explore(qs, hs, hero, action, ctx, c)
    if step == "after":
        return _after(qs, hs, hero, action, ctx, c)
    if step == "test":
        return _test_action(qs, hs, hero, action, ctx, c)
    raise H.refuse(CORE_BAD_ACTION, Q_REFUSED_THE_QUEST_PHASE_IS())


def _choose(
    qs: QuestPhaseState, hs: H.HeroesState, seat: int, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    h = H.find_hero(hs, str(action.get("hero")))
    if h is None or h.owner != seat:
        raise H.refuse("RW-21.2", Q_REFUSED_CHOOSE_ONE_OF_YOUR_2())
    if h.uid in qs.acted:
        raise H.refuse("RW-21.3", ALREADY_ACTED(hero=H.hero_ref(h)), c)
    what = action.get("action")
    qs.hero = h.uid
    if what == "move":
        if h.routed:
            raise H.refuse("RW-21.4.1", ROUTED_NO_MOVE(hero=H.hero_ref(h)), c)
        if h.stuck:
            raise H.refuse("RW-34.4.4", DUNGEON_NO_MOVE(hero=H.hero_ref(h)), c)
        qs.step = "path"
        return [H.say(c, "hero_action", HERO_MOVES(hero=H.hero_ref(h)), hero=h.uid, action="move")]
    if what == "heal":
        if not ctx.is_friendly(h.area, seat):
            raise H.refuse("RW-21.6", HEAL_FRIENDLY(hero=H.hero_ref(h)), c)
        events = H.heal_hero(hs, h.uid, None, ctx)
        return events + _finish_hero(qs, hs, ctx)
    if what == "train":
        if not H.train_options(h):
            raise H.refuse("RW-20.6", NO_TRAINING(hero=H.hero_ref(h)), c)
        qs.step = "train"
        return []
    if what == "none":
        return [H.say(c, "hero_action", DOES_NOTHING(hero=H.hero_ref(h)), hero=h.uid, action="none")] + _finish_hero(
            qs, hs, ctx
        )
    raise H.refuse("RW-21.3", Q_REFUSED_A_HERO_S_ACTION())


def _use_quest_reward(
    qs: QuestPhaseState, hs: H.HeroesState, seat: int, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    h = H.find_hero(hs, str(action.get("hero")))
    card = action.get("reward")
    held = next((r for r in h.rewards if r.card == card), None) if h else None
    rc = c.rewards.get(str(card))
    if h is None or h.owner != seat or held is None or rc is None or rc.trigger != "quest_phase" or h.uid in qs.acted:
        raise H.refuse("RW-23.6", Q_REFUSED_THAT_REWARD_CANNOT_BE())
    return _use_reward_outside(hs, h, held, rc, ctx, c, qs)


def _use_reward_outside(
    hs: H.HeroesState, h: H.Hero, held: H.HeldReward, rc: Any, ctx: Any, c: H.HeroContent, qs: QuestPhaseState
) -> list[Event]:
    rest = _take_move_bonus(qs, h.uid, rc.effects)
    return H.use_reward(hs, h, held, rc.model_copy(update={"effects": tuple(rest)}), ctx)


def _move(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    path = action.get("path")
    if not isinstance(path, list) or not all(isinstance(a, str) for a in path):
        raise H.refuse("RW-21.4.1", Q_REFUSED_A_MOVE_IS_A())
    seat = hero.owner
    if len(path) > _steps(qs, ctx, hero):
        raise H.refuse("RW-21.4.1", TOO_FAR(hero=H.hero_ref(hero), n=_steps(qs, ctx, hero)), c)
    portals = _portals(hs, c, ctx, seat) if action.get("portal") else []
    at = hero.area
    used_portal = False
    for i, b in enumerate(path):
        if i > 0 and H.is_dungeon(hs, c, at):
            raise H.refuse("RW-34.4.4", DUNGEON_STOPS(area=H.area_ref(at)))
        if b == hero.area or b in path[:i]:
            raise H.refuse("RW-21.4.1", Q_REFUSED_A_MOVE_DOES_NOT())
        walks = b in ctx.neighbours(at) and _passable(ctx, at, b, seat)
        if not walks:  # otherwise an ordinary step across an open border
            if at in portals and b in portals:
                used_portal = True
            elif b in ctx.neighbours(at):
                raise H.refuse("RW-10.3", BORDER(a=H.area_ref(at), b=H.area_ref(b)))
            elif action.get("portal") and not portals:
                raise H.refuse("RW-34.4.3", Q_REFUSED_USING_THE_MAGIC_PORTALS())
            else:
                raise H.refuse("RW-21.4.1", NOT_ADJACENT(b=H.area_ref(b), a=H.area_ref(at)))
        at = b
    events: list[Event] = []
    if used_portal:
        qs.portal_paid = True
        hs.outbox.grants.append(
            H.EffectGrant(
                seat=seat,
                source=SOURCE["portal"](),
                hero=hero.uid,
                effects=[{"kind": "gain_influence", "amount": -1, "who": "self"}],
            )
        )
        events.append(T.to_all("portal", PORTAL_PAID(seat=T.seat(seat)), seat=seat))
    qs.path = list(path)
    start = hero.area
    hero.area = at
    if path and H.is_dungeon(hs, c, at):
        hero.stuck = True
    if not path:
        moved = STAYS(hero=H.hero_ref(hero), start=H.area_ref(start))
    elif len(path) > 1:
        via = [H.area_ref(a) for a in path[:-1]]
        moved = MOVED_VIA(hero=H.hero_ref(hero), start=H.area_ref(start), area=H.area_ref(at), via=via)
    else:
        moved = MOVED(hero=H.hero_ref(hero), start=H.area_ref(start), area=H.area_ref(at))
    events.insert(
        0,
        H.say(
            c,
            "hero_moved",
            moved,
            hero=hero.uid,
            path=[start] + list(path),
        ),
    )
    return events + _after_move(qs, hs, hero, ctx, c)


def _after_move(qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, ctx: Any, c: H.HeroContent) -> list[Event]:
    partners, markers = _met(qs, hs, hero)
    if qs.path and (markers or (partners and (hero.rewards or any(p.rewards for p in partners)))):
        qs.step = "along"
        return []
    return _to_explore(qs, hs, hero, ctx)


def _to_explore(qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, ctx: Any) -> list[Event]:
    events = _reveal_exploration(qs, hs, hero, ctx)
    if H.find_hero(hs, hero.uid) is None:  # killed by an ambush
        qs.explore = None
        return events + _finish_hero(qs, hs, ctx)
    qs.step = "explore" if qs.explore is not None else "after"
    return events


def _along(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    t = action["type"]
    partners, markers = _met(qs, hs, hero)
    if t == "hero_along_done":
        return _to_explore(qs, hs, hero, ctx)
    if t == "hero_collect":
        m = action.get("marker")
        if m not in [x.id for x in markers]:
            raise H.refuse("RW-26.4", Q_REFUSED_YOU_CAN_PICK_UP())
        events = H.take_marker(hs, hero.uid, int(m), ctx)
    elif t == "hero_trade":
        ids = {hero.uid} | {p.uid for p in partners}
        src, dst = action.get("src"), action.get("dst")
        if src not in ids or dst not in ids or src == dst or hero.uid not in (src, dst):
            raise H.refuse("RW-23.4", Q_REFUSED_REWARDS_MOVE_BETWEEN_THE())
        events = H.transfer_reward(hs, str(action.get("card")), str(src), str(dst), ctx)
    else:
        raise H.refuse("RW-23.4", Q_REFUSED_TRADE_REWARDS_PICK_THEM())
    if not _along_options(qs, hs, hero, c):
        events += _to_explore(qs, hs, hero, ctx)
    return events


def _explore(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    e = qs.explore
    assert e is not None
    choice = action.get("choice")
    seat = hero.owner
    events: list[Event] = []
    if e.type == "travelling_merchant":
        if choice == "pay":
            if _influence(ctx, seat) < 3:
                raise H.refuse("RW-34.4.7", Q_REFUSED_YOU_NEED_INFLUENCE_TO())
            hs.outbox.grants.append(
                H.EffectGrant(
                    seat=seat,
                    source=SOURCE["merchant"](),
                    hero=hero.uid,
                    effects=[{"kind": "gain_influence", "amount": -3, "who": "self"}],
                )
            )
            events.append(T.to_all("merchant", MERCHANT_PAID(seat=T.seat(seat)), seat=seat))
            events += H.gain_reward(hs, hero.uid, ctx, rule="RW-34.4.7")
            _note_rewards(qs, hs, hero)
        elif choice != "decline":
            raise H.refuse("RW-34.4.7", Q_REFUSED_PAY_INFLUENCE_OR_DECLINE())
    elif e.type == "ambush":
        if choice == "damage":
            events += H.damage_hero(hs, hero.uid, 1, ctx, cause=SOURCE["ambush"]())
        elif choice == "discard":
            held = next((r for r in hero.rewards if r.card == action.get("reward")), None)
            if held is None:
                raise H.refuse("RW-34.4.8", Q_REFUSED_DISCARD_ONE_OF_THIS())
            hero.rewards.remove(held)
            hs.reward_deck.discard(held.card)
            events.append(
                H.say(
                    c,
                    "reward_discarded",
                    AMBUSH_DISCARDS(hero=H.hero_ref(hero), reward=H.reward_ref(held.card)),
                    reveals=True,
                    card=held.card,
                )
            )
        else:
            raise H.refuse("RW-34.4.8", Q_REFUSED_DISCARD_REWARD_OR_TAKE())
    elif e.type == "prophets_scroll":
        area = action.get("area")
        if choice != "area" or area not in _scroll_areas(hs, ctx):
            raise H.refuse("RW-34.4.9", Q_REFUSED_CHOOSE_ONE_AREA_OF())
        hs.outbox.rune_inspections.append((seat, str(area)))
        hidden = [s for s in hs.exploration if s.area == area and not s.face_up]
        seen = hs.scroll_seen.setdefault(seat, [])
        for s in hidden:
            if s.token not in seen:
                seen.append(s.token)
        faces: Any = [
            _token(c.exploration[s.token].type) if s.token in c.exploration else s.token for s in hidden
        ] or NONE()
        events.append(
            T.to_all("scroll", SCROLL_READ(seat=T.seat(seat), area=H.area_ref(str(area))), seat=seat, area=area)
        )
        events.append(
            T.to_seats(
                seat,
                "scroll_private",
                SCROLL_SEEN(area=H.area_ref(str(area)), tokens=faces),
                reveals=True,
                area=area,
                tokens=[s.token for s in hidden],
            )
        )
    elif e.type == "training":
        if choice == "attribute":
            a = action.get("attribute")
            if a not in H.ATTRIBUTES or hero.training[a] >= 2:
                raise H.refuse("RW-20.6", Q_REFUSED_CHOOSE_AN_ATTRIBUTE_WHOSE())
            events += H.train(hs, hero.uid, [a], ctx)
        elif choice != "decline":
            raise H.refuse("RW-34.4.10", Q_REFUSED_CHOOSE_AN_ATTRIBUTE_OR())
    events += _discard_token(qs, hs, c)
    if H.find_hero(hs, hero.uid) is None:
        return events + _finish_hero(qs, hs, ctx)
    qs.step = "after"
    return events


def _after(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    t = action["type"]
    seat = hero.owner
    if t == "hero_pass":
        return _finish_hero(qs, hs, ctx)
    if t in ("duel_challenge", "quest_attempt") and hero.routed:
        raise H.refuse("RW-2.5", ROUTED_NO_QUEST(hero=H.hero_ref(hero)), c)
    if t == "duel_challenge":
        target = H.find_hero(hs, str(action.get("target")))
        if target is None or target.owner == seat or target.area != hero.area:
            raise H.refuse("RW-24.1", Q_REFUSED_A_HERO_MAY_CHALLENGE())
        duel, events = D.start_duel(hs, hero.uid, target.uid, ctx)
        qs.duel = duel
        qs.step = "duel"
        events += D.advance(hs, duel, ctx)
        return events + _duel_over(qs, hs, ctx)
    if t == "quest_attempt":
        q = str(action.get("quest"))
        if q not in hs.quest_hands.get(seat, []):
            raise H.refuse("RW-21.8", Q_REFUSED_YOU_CAN_ATTEMPT_ONLY())
        card = c.quests.get(q)
        if card is None or not _quest_fits(c, q, hero):
            where = card.area_id if card else "?"
            raise H.refuse("RW-21.9.1", WRONG_AREA(area=H.area_ref(str(where)), here=H.area_ref(hero.area)))
        if not _requirements_met(c, q, hero, ctx):
            raise H.refuse("RW-21.9.1", UNMET(quest=H.quest_ref(q), n=card.requires_influence), c)
        return _attempt(qs, hs, hero, card, ctx, c)
    raise H.refuse("RW-21.4.4", Q_REFUSED_AFTER_MOVING_DUEL_AN())


# --------------------------------------------------------------------------- quests


def _attempt(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, card: Any, ctx: Any, c: H.HeroContent
) -> list[Event]:
    seat = hero.owner
    revealed = hs.revealed_quests.setdefault(seat, [])
    if card.quest_id not in revealed:
        revealed.append(card.quest_id)
    events = [
        H.say(
            c,
            "quest_revealed",
            ATTEMPTS(hero=H.hero_ref(hero), quest=H.quest_ref(card.quest_id), text=card.instructions),
            reveals=True,
            quest=card.quest_id,
            hero=hero.uid,
            seat=seat,
        )
    ]
    if card.test is not None:
        n = H.attribute(c, hero, card.test.attribute)
        qs.test = TestState(quest=card.quest_id, attribute=card.test.attribute, fates=list(card.test.fates))
        if n <= 0:  # AMB-43
            events.append(H.say(c, "test_zero", TEST_ZERO(hero=H.hero_ref(hero), attribute=_attr(card.test.attribute))))
            return events + _quest_failed(qs, hs, hero, card.quest_id, ctx, c)
        events += _test_draw(qs, hs, hero, n, ctx, c)
        hero_card = c.heroes.get(hero.card)
        if hero_card is not None and hero_card.ability.timing == "attribute_test":  # e.g. "draw 1 more" (RW-13.6)
            qs.test.used.append("ability")
            events += _test_effects(qs, hs, hero, hero_card.ability.effects, ctx, c, hero_card.name)
        qs.step = "test"
        if len(qs.test.drawn) == 1 and not _test_extras(qs, hs, hero, c, ctx):  # RW-0.5: only one choice
            return events + _test_pick(qs, hs, hero, qs.test.drawn[0], ctx, c)
        return events
    if card.duel is not None:
        duel, ev = D.start_duel(hs, hero.uid, None, ctx, neutral=card.duel.unit_type, quest=card.quest_id)
        qs.duel = duel
        qs.step = "duel"
        events += ev + D.advance(hs, duel, ctx)
        return events + _duel_over(qs, hs, ctx)
    return events + _quest_success(qs, hs, hero, card.quest_id, ctx, c)  # scripted: the success text says it all


def _test_draw(qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, n: int, ctx: Any, c: H.HeroContent) -> list[Event]:
    """RW-22.1, RW-13.6: draw all cards at once; only the drawer sees them before the pick."""
    t = qs.test
    assert t is not None
    new = [ctx.draw() for _ in range(n)]
    t.drawn.extend(new)
    faces: list[Any] = [DESTINY_FATE(n=x, fate=T.fate_of(c.destiny[x].fate) if x in c.destiny else "?") for x in new]
    return [
        T.to_seats(hero.owner, "test_drawn", TEST_DRAWN(cards=faces), reveals=True, cards=new),
        H.say(
            c,
            "test_draw",
            TEST_DRAW(hero=H.hero_ref(hero), n=n, attribute=_attr(t.attribute)),
            reveals=True,
            count=n,
        ),
    ]


def _test_action(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    t = qs.test
    assert t is not None
    kind = action["type"]
    if kind == "quest_pick":
        n = action.get("card")
        if n not in t.drawn:
            raise H.refuse("RW-22.2", Q_REFUSED_PICK_ONE_OF_THE_2())
        return _test_pick(qs, hs, hero, int(n), ctx, c)
    if kind == "quest_use_reward":
        card = str(action.get("reward"))
        held = next((r for r in hero.rewards if r.card == card), None)
        rc = c.rewards.get(card)
        if held is None or rc is None or rc.trigger != "attribute_test" or card in t.used:
            raise H.refuse("RW-23.6", Q_REFUSED_THAT_REWARD_CANNOT_BE_2())
        t.used.append(card)
        events = []
        if not held.face_up:
            held.face_up = True
            events.append(
                H.say(
                    c,
                    "reward_revealed",
                    REWARD_REVEALED(
                        hero=H.hero_ref(hero),
                        reward=H.reward_ref(str(card)),
                        text=T.printed("reward", rc.reward_id, "text", rc.text),
                    ),
                    reveals=True,
                    card=card,
                )
            )
        if rc.single_use:
            hero.rewards.remove(held)
            hs.reward_deck.discard(card)
        return events + _test_effects(qs, hs, hero, rc.effects, ctx, c, rc.name)
    if kind == "quest_use_ability":
        hero_card = c.heroes.get(hero.card)
        if hero_card is None or hero_card.ability.timing != "attribute_test" or "ability" in t.used:
            raise H.refuse("RW-20.8", Q_REFUSED_YOUR_HERO_HAS_NO())
        t.used.append("ability")
        return _test_effects(qs, hs, hero, hero_card.ability.effects, ctx, c, hero_card.name)
    if kind == "quest_tactics":
        card_id = str(action.get("card"))
        if card_id not in _test_tactics(t, hero, ctx):
            raise H.refuse("RW-30.3", Q_REFUSED_YOU_CAN_PLAY_ONLY())
        t.used.append(f"tactics:{card_id}")
        hs.outbox.tactics_played.append((hero.owner, card_id))
        tc = c.tactics.get(card_id)
        events = [
            H.say(
                c,
                "tactics_played",
                PLAYS_TACTICS_TEXT(
                    seat=T.seat(hero.owner),
                    card=Ref(kind="tactics", id=card_id),
                    text=T.printed("tactics", card_id, "text", tc.text),
                )
                if tc
                else PLAYS_TACTICS(seat=T.seat(hero.owner), card=Ref(kind="tactics", id=card_id)),
                reveals=True,
                seat=hero.owner,
                card=card_id,
            )
        ]
        return events + (_test_effects(qs, hs, hero, tc.effects, ctx, c, tc.name) if tc else [])
    raise H.refuse("RW-22.2", Q_REFUSED_PICK_ONE_OF_THE())


def _test_effects(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, effects: Any, ctx: Any, c: H.HeroContent, source: str
) -> list[Event]:
    events: list[Event] = []
    rest = []
    for e in effects:
        if e.kind == "draw_cards" and e.deck == "destiny":
            events += _test_draw(qs, hs, hero, H._amount(c, hero, e.amount), ctx, c)
        else:
            rest.append(e)
    if rest:
        events += H.resolve_effects(hs, hero.owner, hero.uid, rest, ctx, source=source, rule="RW-22")
    return events


def _test_pick(qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, n: int, ctx: Any, c: H.HeroContent) -> list[Event]:
    t = qs.test
    assert t is not None
    fate = c.destiny[n].fate if n in c.destiny else None
    ok = fate in t.fates
    ctx.discard(list(t.drawn))  # RW-22.2: the rest are discarded (the discard pile is public)
    others = [x for x in t.drawn if x != n]
    events = [
        H.say(
            c,
            "test_pick",
            TEST_PICK(
                hero=H.hero_ref(hero),
                n=n,
                fate=T.fate_of(str(fate)),
                others=list(others) or NOTHING_ELSE(),
                result=SUCCESS() if ok else FAILURE(),
                fates=_or([T.fate_of(f) for f in t.fates]),
            ),
            reveals=True,
            card=n,
            drawn=list(t.drawn),
            success=ok,
        )
    ]
    quest = t.quest
    qs.test = None
    if ok:
        return events + _quest_success(qs, hs, hero, quest, ctx, c)
    return events + _quest_failed(qs, hs, hero, quest, ctx, c)


def _note_rewards(qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, before: list[str] | None = None) -> None:
    h = H.find_hero(hs, hero.uid)
    if h is None:
        return
    known = {r[2] for r in qs.rewards_gained}
    for r in h.rewards:
        if (before is None or r.card not in before) and r.card not in known:
            qs.rewards_gained.append((h.owner, h.uid, r.card))


def _quest_success(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, quest: str, ctx: Any, c: H.HeroContent
) -> list[Event]:
    """RW-21.9.2: resolve the card's success effects, discard it, draw a new quest."""
    seat = hero.owner
    card = c.quests[quest]
    before = [r.card for r in hero.rewards]
    events = [
        H.say(
            c,
            "quest_success",
            COMPLETES(hero=H.hero_ref(hero), quest=H.quest_ref(quest)),
            quest=quest,
            hero=hero.uid,
            seat=seat,
        )
    ]
    if quest in hs.quest_hands.get(seat, []):
        H.discard_quest(hs, seat, quest)
    events += H.resolve_effects(
        hs, seat, hero.uid, card.success, ctx, source=H.named(H.quest_ref(quest)), rule="RW-21.9.2"
    )
    _note_rewards(qs, hs, hero, before)
    events += H.draw_quests(hs, seat, 1, ctx)
    qs.completed.append((seat, hero.uid, quest))
    return events + _finish_hero(qs, hs, ctx)


def _quest_failed(
    qs: QuestPhaseState, hs: H.HeroesState, hero: H.Hero, quest: str, ctx: Any, c: H.HeroContent
) -> list[Event]:
    """AMB-42: the card goes back to the hand, now seen by everyone."""
    qs.failed.append((hero.owner, hero.uid, quest))
    qs.test = None
    events = [
        H.say(
            c,
            "quest_failed",
            FAILS(hero=H.hero_ref(hero), quest=H.quest_ref(quest)),
            quest=quest,
            hero=hero.uid,
        )
    ]
    return events + _finish_hero(qs, hs, ctx)


def _duel_over(qs: QuestPhaseState, hs: H.HeroesState, ctx: Any) -> list[Event]:
    d = qs.duel
    if d is None or d.step != "over":
        return []
    c = H.content_of(ctx)
    qs.duels.append(
        {
            "attacker": d.attacker.hero,
            "defender": d.defender.hero or d.defender.neutral,
            "result": d.result,
            "rounds": d.round,
            "quest": d.quest,
        }
    )
    hero = H.find_hero(hs, d.attacker.hero or "")
    if d.quest is not None:
        if hero is not None and d.result == "attacker":
            return _quest_success(qs, hs, hero, d.quest, ctx, c)
        if hero is not None:
            return _quest_failed(qs, hs, hero, d.quest, ctx, c)
        qs.failed.append((d.attacker.seat, d.attacker.hero or "", d.quest))
    return _finish_hero(qs, hs, ctx)


# =========================================================================== simulator, views


def sample_quest_action(
    qs: QuestPhaseState, hs: H.HeroesState, seat: int, rng: random.Random, ctx: Any = None
) -> dict[str, Any]:
    """A random legal action for ``seat`` (every quest-phase prompt is enumerable)."""
    for p in quest_phase_prompts(qs, hs, ctx):
        if p.seat == seat and p.options:
            return dict(rng.choice(p.options).action)
    raise H.refuse(CORE_NOT_YOUR_TURN, NOTHING_TO_DECIDE(seat=T.seat(seat)))


def quest_phase_view(qs: QuestPhaseState, seat: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "order": list(qs.order),
        "current": current_seat(qs),
        "hero": qs.hero,
        "step": qs.step,
        "acted": list(qs.acted),
        "path": list(qs.path),
        "explore": qs.explore.model_dump() if qs.explore else None,
        "completed": [list(x) for x in qs.completed],
        "failed": [list(x) for x in qs.failed],
    }
    if qs.test is not None:
        t = qs.test
        out["test"] = {"quest": t.quest, "attribute": t.attribute, "fates": list(t.fates), "drawn": len(t.drawn)}
        if seat is not None and seat == current_seat(qs):
            out["test"]["my_cards"] = list(t.drawn)
    if qs.duel is not None:
        out["duel"] = D.duel_view(None, qs.duel)  # type: ignore[arg-type]
    return out


def quest_phase_secrets(qs: QuestPhaseState) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for s, _h, _card in qs.rewards_gained:
        out.setdefault(s, set())  # reward ids are covered by heroes_secrets while face down
    return out
