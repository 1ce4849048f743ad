"""Duels between heroes (RW-24) and duel quests against a neutral unit (RW-25).

A duel is a small state machine embedded in the quest phase (``QuestPhaseState.duel``):

``start_attacker`` -> ``start_defender`` (P-25: start-of-duel abilities and tactics),
then up to 4 rounds of: both draw (RW-24.4.1) -> ``special_attacker`` /
``special_defender`` (P-26: a special icon is 1 damage or a reward; a neutral *must*
use its own special, RW-25.4, and any choice in it goes to the player left of the
quester, P-29 ``neutral_choice``) -> ``gear_attacker`` / ``gear_defender`` (P-27: reveal
and use armour or weapons this round) -> simultaneous damage (RW-24.4.3) -> end check
(RW-24.5) -> ``spoils`` (P-28) when a hero beat a hero.

Steps with nothing to decide are skipped (RW-0.5), so a duel between two heroes
without rewards or abilities runs to its end with no prompt at all.

House readings for neutral specials in a duel (a hero is one circle model without an
initiative): ``damage_units`` against the enemy deals its amount to the hero
(``distinct`` counts once), ``destroy_units`` defeats the hero only if its filter admits
circles, ``rout_units`` routs the hero only if the filter admits it, ``set_health`` of
the unit's own type raises its health, ``draw_cards destiny`` draws and resolves one
more card (once per duel when ``once_per_unit``), ``choose_one`` is P-29, ``gm`` goes to
the game master, anything else has no effect in a duel (announced).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core import Event, Option, Prompt
from engine.core.errors import CORE_BAD_ACTION
from engine.core.text import Msg, Ref, message
from engine.runewars import text as T
from engine.runewars.content.effects import Effect
from engine.runewars.heroes import core as H

# =========================================================================== messages
NEUTRAL = message("rw.duel.neutral", "the neutral {unit}")
START_NEUTRAL = message(
    "rw.duel.start_neutral", "{hero} duels {neutral} for a quest; {seat} decides for the neutral (RW-25.3)."
)
START = message("rw.duel.start", "{hero} challenges {other} to a duel in {area}.")
USE_ABILITY = message("rw.duel.use_ability", "Use {hero}'s ability: {text}")
PLAY_TACTICS = message("rw.duel.play_tactics", "Play tactics: {card}")
DONE_START = message("rw.duel.done_start", "Done: start the duel")
DEAL_ONE = message("rw.duel.deal_one", "Deal 1 damage")
ACTIVATE = message("rw.duel.activate", "Activate {reward}")
USE = message("rw.duel.use", "Use {reward}")
DONE = message("rw.duel.done", "Done")
START_Q = message("rw.duel.start_question", "Start of the duel: use start-of-duel abilities or tactics for {side}?")
SPECIAL_Q = message(
    "rw.duel.special_question", "Round {round}: {side} drew a special icon: deal 1 damage or activate a reward?"
)
NEUTRAL_Q = message("rw.duel.neutral_question", "Round {round}: choose how {side} uses its special ability.")
EFFECT_Q = message("rw.duel.effect_question", "Choose an option for {side}'s effect.")
OPTION_N = message("rw.duel.option", "Option {number}: {effects}")
GEAR_Q = message(
    "rw.duel.gear_question",
    "Round {round}: reveal and use armour, weapons or round abilities for {side}? "
    "(incoming {incoming}, cancelled {cancelled})",
)
GIVE = message("rw.duel.give", "Give {reward} to {hero}")
SPOILS_Q = message("rw.duel.spoils_question", "Give the defeated hero's rewards to your heroes in the duel area.")
NOTHING = message("rw.duel.nothing", "nothing")
EFFECT_WORD = {
    "damage_hero": message("rw.duel.effect.damage_hero", "deal {amount} damage"),
    "cancel_damage": message("rw.duel.effect.cancel_damage", "cancel {amount} damage"),
    "heal_hero": message("rw.duel.effect.heal_hero", "heal {amount}"),
    "train_hero": message("rw.duel.effect.train_hero", "train {amount}"),
    "draw_cards": message("rw.duel.effect.draw_cards", "draw {amount} card(s)"),
}
EFFECT_PLAIN = message("rw.duel.effect.plain", "{kind}")
EFFECT_AMOUNT = message("rw.duel.effect.amount", "{kind} {amount}")
UNKNOWN_CARD = message("rw.duel.unknown_card", "an unknown card")
ICON_DAMAGE = message("rw.duel.icon.damage", "{n} damage")
ICON_ROUT = message("rw.duel.icon.rout", "rout {n} (cancels {n})")
ICON_SPECIAL = message("rw.duel.icon.special", "special")
ICON_BLANK = message("rw.duel.icon.blank", "blank")
SHAPE = {
    "triangle": message("rw.duel.shape.triangle", "triangle"),
    "rectangle": message("rw.duel.shape.rectangle", "rectangle"),
    "hexagon": message("rw.duel.shape.hexagon", "hexagon"),
    "circle": message("rw.duel.shape.circle", "circle"),
}
ROUND_DRAW = message("rw.duel.round_draw", "Round {round}: {side} draws destiny card {card} ({shape}: {icons}).")
ROUND_DAMAGE = message("rw.duel.round_damage", "Round {round}: {side} takes {n} damage ({damage}/{health}).")
NO_ONE = message("rw.duel.end.no_one", "The duel ends after the 4th round with no one defeated (RW-24.5).")
NEUTRAL_DEFEATED = message("rw.duel.end.neutral_defeated", "{side} is defeated (RW-25.5).")
CAUSE_QUEST = message("rw.duel.cause.quest", "a duel quest (RW-25.5)")
NEUTRAL_RETURNS = message("rw.duel.end.neutral_returns", "The neutral unit returns to the supply (RW-25.5).")
BOTH = message("rw.duel.end.both", "Both heroes are defeated (AMB-44).")
CAUSE_DUEL = message("rw.duel.cause.duel", "a duel")
LOSER = message(
    "rw.duel.end.loser", "{hero} is defeated in the duel and leaves the game; {winner} wins (RW-24.5, RW-26.2)."
)
SPOILS = message("rw.duel.spoils", "{hero} takes {n} reward(s) from the defeated hero.")
SPOILS_UP = message("rw.duel.spoils_up", "{hero} takes {n} reward(s) from the defeated hero (face up: {rewards}).")
SPOILS_DOWN = message("rw.duel.spoils_down", "You took face down: {rewards}.")
EFFECT_DAMAGE = message("rw.duel.effect_damage", "{source}: {side} takes {n} damage ({damage}/{health}).")
EFFECT_ROUND = message("rw.duel.effect_round", "{source}: {n} damage to {side} this round.")
CANCEL_DUEL = message("rw.duel.cancel_duel", "{source}: cancels up to {n} damage to {side} for the rest of the duel.")
CANCEL_ROUND = message("rw.duel.cancel_round", "{source}: cancels {n} damage to {side} this round.")
EFFECT_DRAW = message("rw.duel.effect_draw", "{source}: {side} draws destiny card {card} ({icons}).")
NOT_HELD = message("rw.duel.refused.not_held", "Your hero does not hold that reward.")
ONE_EACH = message("rw.duel.refused.one_each", "A hero may use at most one weapon and one armour in a duel.")
REVEALS = message("rw.duel.reveals", "{hero} reveals {reward}: {text}")
MUST_SPECIAL = message("rw.duel.must_special", "{side} must use its special ability {special} (RW-25.4).")
NEUTRAL_DAMAGE = message("rw.duel.neutral_damage", "{side}: {n} damage to {other}.")
DESTROYS = message("rw.duel.destroys", "{side} destroys {other}.")
ROUTED = message("rw.duel.routed", "{side} is routed.")
HEALTH = message("rw.duel.health", "{side} has {n} health this duel.")
NEUTRAL_DRAW = message("rw.duel.neutral_draw", "{side} draws destiny card {card} ({icons}).")
GM_SPECIAL = message("rw.duel.gm_special", "Duel quest: {side}'s special in a duel: {text}")
NO_EFFECT = message("rw.duel.no_effect", "{side}'s {effect} has no effect in a duel.")
NOT_WAITING = message("rw.duel.refused.not_waiting", "The duel is not waiting for that.")
START_CHOICE = message("rw.duel.refused.start_choice", "Choose a start-of-duel ability or tactics card, or 'done'.")
NO_START_ABILITY = message("rw.duel.refused.no_start_ability", "Your hero has no unused start-of-duel ability.")
USES_ABILITY = message("rw.duel.uses_ability", "{hero} uses its ability: {text}")
TACTICS_REFUSED = message(
    "rw.duel.refused.tactics",
    "You can play only a start-of-duel tactics card from your hand, with your own hero in the duel.",
)
PLAYS_TACTICS = message("rw.duel.plays_tactics", "{seat} plays the tactics card {card}.")
SPECIAL_FIRST = message(
    "rw.duel.refused.special_first", "You drew a special icon: deal 1 damage or activate a reward first."
)
DAMAGE_OR_REWARD = message("rw.duel.refused.damage_or_reward", "Choose 'damage' or a reward.")
SPECIAL_DAMAGE = message("rw.duel.special_damage", "{side} uses the special icon to deal 1 damage.")
SPECIAL_REWARD = message(
    "rw.duel.refused.special_reward", "Only a reward that needs a special icon can be activated with it."
)
NEUTRAL_OPTIONS = message(
    "rw.duel.refused.neutral_options", "Choose one of the options of the neutral unit's special ability."
)
NEUTRAL_CHOICE = message("rw.duel.neutral_choice", "{seat} chooses option {number} for the neutral unit.")
CHOICE = message("rw.duel.choice", "{seat} chooses option {number}: {effects}.")
CHOICE_SOURCE = message("rw.duel.choice_source", "choice")
USE_OR_DONE = message("rw.duel.refused.use_or_done", "Use a reward or ability, or 'done'.")
NO_ROUND_ABILITY = message("rw.duel.refused.no_round_ability", "Your hero has no unused ability for this round.")
GEAR_REFUSED = message(
    "rw.duel.refused.gear",
    "That reward cannot be used now (once per round, armour and weapons only during the round's resolution).",
)
SPOILS_REFUSED = message(
    "rw.duel.refused.spoils", "Give each of the defeated hero's rewards to one of your heroes in the duel area."
)
NOT_YOURS = message("rw.duel.refused.not_yours", "It is not your decision in this duel: the game waits on {seat}.")

MAX_ROUNDS = 4  # RW-24.4

Side = Literal["attacker", "defender"]

#: Validates the effect dicts a P-29 choice is stored as (built once: adapters are costly).
_EFFECT: TypeAdapter[Effect] = TypeAdapter(Effect)


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DuelSide(_M):
    seat: int  # who decides for this side (the owner; for a neutral, left of the quester)
    hero: str | None = None
    neutral: str | None = None
    shape: str = "circle"
    health: int = 0  # neutral only; a hero's health comes from its card
    damage: int = 0  # neutral only
    card: int | None = None
    dealt: int = 0
    cancel: int = 0
    specials: int = 0
    weapon: str | None = None
    armor: str | None = None
    used_round: list[str] = Field(default_factory=list)
    ability_used: bool = False
    round_ability_used: bool = False
    extra_draw_used: bool = False
    start_done: bool = False
    gear_done: bool = False
    cancel_pool: int = 0  # cancel_damage per=duel: what is left for the rest of the duel
    defeated: bool = False


class DuelState(_M):
    area: str
    attacker: DuelSide
    defender: DuelSide
    quest: str | None = None  # a duel quest (RW-25)
    round: int = 0
    step: Literal[
        "start_attacker",
        "start_defender",
        "special_attacker",
        "special_defender",
        "neutral_choice",
        "gear_attacker",
        "gear_defender",
        "spoils",
        "over",
    ] = "start_attacker"
    drawn: list[int] = Field(default_factory=list)
    choice: list[list[dict[str, Any]]] = Field(default_factory=list)  # P-29 options (effect dicts)
    choice_side: Literal["attacker", "defender"] = "defender"
    choice_resume: str = ""
    choice_immediate: bool = False
    spoils: list[H.HeldReward] = Field(default_factory=list)
    spoils_seat: int = -1
    result: Literal["attacker", "defender", "both", "none"] | None = None
    tactics_used: list[str] = Field(default_factory=list)


# =========================================================================== helpers


def _side(d: DuelState, which: str) -> DuelSide:
    return d.attacker if which == "attacker" else d.defender


def _other(which: str) -> str:
    return "defender" if which == "attacker" else "attacker"


def _name(hs: H.HeroesState, c: H.HeroContent, s: DuelSide) -> Msg | Ref | str:
    if s.hero:
        h = H.find_hero(hs, s.hero)
        return H.hero_ref(h) if h else s.hero
    return NEUTRAL(unit=Ref(kind="unit", id=str(s.neutral)))


def _say(c: H.HeroContent, kind: str, msg: Msg, **data: Any) -> Event:
    return H.say(c, kind, msg, **data)


def _hp(hs: H.HeroesState, c: H.HeroContent, s: DuelSide) -> tuple[int, int]:
    if s.hero:
        h = H.find_hero(hs, s.hero)
        return (h.damage, H.health(c, h)) if h else (1, 1)
    return s.damage, s.health


def _reward(c: H.HeroContent, card: str) -> Any:
    return c.rewards.get(card)


def _may_use(c: H.HeroContent, side: DuelSide, card: str) -> bool:
    """RW-23.5: at most one weapon and one armour per duel (the same one may be reused)."""
    r = _reward(c, card)
    if r is None:
        return False
    if r.trait == "weapon" and side.weapon not in (None, card):
        return False
    if r.trait == "armor" and side.armor not in (None, card):
        return False
    return True


def start_duel(
    hs: H.HeroesState,
    attacker: str,
    defender: str | None,
    ctx: Any,
    *,
    neutral: str | None = None,
    quest: str | None = None,
) -> tuple[DuelState, list[Event]]:
    """RW-24.2 (or RW-25): build the duel. ``defender`` is a hero uid, or ``neutral`` a unit type."""
    c = H.content_of(ctx)
    a = H.get_hero(hs, attacker)
    att = DuelSide(seat=a.owner, hero=a.uid)
    if neutral is not None:
        u = c.units.get(neutral)
        dfd = DuelSide(
            seat=ctx.left_of(a.owner), neutral=neutral, shape=u.shape if u else "circle", health=u.health if u else 1
        )
        text = START_NEUTRAL(hero=H.hero_ref(a), neutral=_name(hs, c, dfd), seat=T.seat(dfd.seat))
    else:
        d = H.get_hero(hs, defender or "")
        dfd = DuelSide(seat=d.owner, hero=d.uid)
        text = START(hero=H.hero_ref(a), other=H.hero_ref(d), area=H.area_ref(a.area))
    duel = DuelState(area=a.area, attacker=att, defender=dfd, quest=quest)
    return duel, [_say(c, "duel_start", text, attacker=a.uid, defender=defender, neutral=neutral)]


# =========================================================================== options


def _start_options(hs: H.HeroesState, c: H.HeroContent, d: DuelState, which: str, ctx: Any) -> list[Option]:
    s = _side(d, which)
    if s.hero is None or s.start_done:
        return []  # neutrals never use tactics or abilities at the start (RW-11.7 by analogy)
    h = H.find_hero(hs, s.hero)
    if h is None:
        return []
    opts: list[Option] = []
    card = c.heroes.get(h.card)
    if card and _start_timing(card.ability.timing, which) and not s.ability_used:
        opts.append(
            H.option(
                c,
                USE_ABILITY(
                    hero=H.hero_ref(h), text=T.printed("hero", card.hero_id, "ability.text", card.ability.text)
                ),
                {"type": "duel_ability"},
            )
        )
    tactics = getattr(ctx, "duel_tactics", None)
    for t in tactics(s.seat) if tactics else []:
        if t in d.tactics_used:
            continue
        opts.append(H.option(c, PLAY_TACTICS(card=Ref(kind="tactics", id=t)), {"type": "duel_tactics", "card": t}))
    if opts:
        opts.append(H.option(c, DONE_START(), {"type": "duel_done"}))
    return opts


def _start_timing(timing: str, which: str) -> bool:
    """A start-of-duel ability; ``start_of_duel_as_attacker`` only for the hero who challenged (Mad Carthos)."""
    return timing == "start_of_duel" or (timing == "start_of_duel_as_attacker" and which == "attacker")


def _special_options(hs: H.HeroesState, c: H.HeroContent, d: DuelState, which: str) -> list[Option]:
    s = _side(d, which)
    h = H.find_hero(hs, s.hero or "")
    opts = [H.option(c, DEAL_ONE(), {"type": "duel_special", "choice": "damage"})]
    if h is not None:
        for r in h.rewards:
            rc = _reward(c, r.card)
            if rc and rc.trigger == "duel_special" and _may_use(c, s, r.card):
                opts.append(
                    H.option(
                        c,
                        ACTIVATE(reward=H.reward_ref(r.card)),
                        {"type": "duel_special", "choice": "reward", "reward": r.card},
                    )
                )
    return opts


def _gear_options(hs: H.HeroesState, c: H.HeroContent, d: DuelState, which: str) -> list[Option]:
    s = _side(d, which)
    if s.hero is None or s.gear_done:
        return []
    h = H.find_hero(hs, s.hero)
    if h is None:
        return []
    opts: list[Option] = []
    for r in h.rewards:
        rc = _reward(c, r.card)
        if rc and rc.trigger == "duel_round" and r.card not in s.used_round and _may_use(c, s, r.card):
            opts.append(H.option(c, USE(reward=H.reward_ref(r.card)), {"type": "duel_use", "reward": r.card}))
    card = c.heroes.get(h.card)
    if card and card.ability.timing == "duel_round" and not s.round_ability_used:
        opts.append(
            H.option(
                c,
                USE_ABILITY(
                    hero=H.hero_ref(h), text=T.printed("hero", card.hero_id, "ability.text", card.ability.text)
                ),
                {"type": "duel_use", "ability": True},
            )
        )
    if opts:
        opts.append(H.option(c, DONE(), {"type": "duel_done"}))
    return opts


def duel_prompts(hs: H.HeroesState, d: DuelState, ctx: Any, key: str) -> list[Prompt]:
    c = H.content_of(ctx)
    step = d.step
    if step in ("start_attacker", "start_defender"):
        which = step.split("_")[1]
        s = _side(d, which)
        return [
            H.ask(
                c,
                s.seat,
                key,
                "RW-24.3",
                START_Q(side=_name(hs, c, s)),
                secret=True,
                options=_start_options(hs, c, d, which, ctx),
                default={"type": "duel_done"},
            )
        ]
    if step in ("special_attacker", "special_defender"):
        which = step.split("_")[1]
        s = _side(d, which)
        return [
            H.ask(
                c,
                s.seat,
                key,
                "RW-24.4.2",
                SPECIAL_Q(round=d.round, side=_name(hs, c, s)),
                secret=True,
                options=_special_options(hs, c, d, which),
            )
        ]
    if step == "neutral_choice":
        s = _side(d, d.choice_side)
        return [
            H.ask(
                c,
                s.seat,
                key,
                "RW-25.3" if s.neutral else "RW-24.3",
                NEUTRAL_Q(round=d.round, side=_name(hs, c, s)) if s.neutral else EFFECT_Q(side=_name(hs, c, s)),
                options=[
                    H.option(
                        c, OPTION_N(number=i + 1, effects=_describe(o)), {"type": "duel_neutral_choice", "option": i}
                    )
                    for i, o in enumerate(d.choice)
                ],
            )
        ]
    if step in ("gear_attacker", "gear_defender"):
        which = step.split("_")[1]
        s = _side(d, which)
        return [
            H.ask(
                c,
                s.seat,
                key,
                "RW-23.5",
                GEAR_Q(round=d.round, side=_name(hs, c, s), incoming=_side(d, _other(which)).dealt, cancelled=s.cancel),
                secret=True,
                options=_gear_options(hs, c, d, which),
                default={"type": "duel_done"},
            )
        ]
    if step == "spoils":
        heroes = [h for h in hs.heroes if h.owner == d.spoils_seat and h.area == d.area]
        opts = [
            H.option(
                c,
                GIVE(reward=H.reward_ref(r.card), hero=H.hero_ref(h)),
                {"type": "duel_spoils", "card": r.card, "hero": h.uid},
            )
            for r in d.spoils
            for h in heroes
        ]
        return [
            H.ask(
                c,
                d.spoils_seat,
                key,
                "RW-24.6",
                SPOILS_Q(),
                secret=True,
                options=opts,
            )
        ]
    return []


def _describe(effects: list[dict[str, Any]]) -> Msg | list[Any]:
    """The options of a choice in words (effect kinds are content ids: worded where known)."""
    if not effects:
        return NOTHING()
    parts: list[Any] = []
    for e in effects:
        kind = str(e.get("kind"))
        amount = e.get("amount")
        if isinstance(amount, dict):
            amount = str(amount.get("per", "")).replace("_", " ")
        if kind in EFFECT_WORD and amount is not None:
            parts.append(EFFECT_WORD[kind](amount=amount))
        elif amount is not None:
            parts.append(EFFECT_AMOUNT(kind=kind.replace("_", " "), amount=amount))
        else:
            parts.append(EFFECT_PLAIN(kind=kind.replace("_", " ")))
    return parts


# =========================================================================== flow


def advance(hs: H.HeroesState, d: DuelState, ctx: Any) -> list[Event]:
    """Run the engine-only parts until a decision is needed or the duel is over."""
    c = H.content_of(ctx)
    events: list[Event] = []
    for _ in range(100):
        if d.step == "start_attacker":
            if _start_options(hs, c, d, "attacker", ctx):
                return events
            d.step = "start_defender"
        elif d.step == "start_defender":
            if _start_options(hs, c, d, "defender", ctx):
                return events
            events += _check_defeats(hs, d, ctx, c)
            if d.step == "over" or d.step == "spoils":
                return events
            events += _new_round(hs, d, ctx, c)
        elif d.step in ("special_attacker", "special_defender"):
            which = d.step.split("_")[1]
            s = _side(d, which)
            if s.specials <= 0:
                d.step = "special_defender" if which == "attacker" else "gear_attacker"
                continue
            if s.hero is not None:
                return events  # P-26
            s.specials -= 1
            events += _neutral_special(hs, d, which, ctx, c)
            if d.step == "neutral_choice":
                return events
        elif d.step == "neutral_choice":
            return events
        elif d.step in ("gear_attacker", "gear_defender"):
            which = d.step.split("_")[1]
            if _gear_options(hs, c, d, which):
                return events
            if which == "attacker":
                d.step = "gear_defender"
            else:
                events += _resolve_round(hs, d, ctx, c)
                if d.step in ("over", "spoils"):
                    return events
                events += _new_round(hs, d, ctx, c)
        else:
            return events
    raise RuntimeError("duel did not settle")  # pragma: no cover


def _draw(d: DuelState, s: DuelSide, ctx: Any) -> int:
    n = ctx.draw()
    d.drawn.append(n)
    return n


def _read(d: DuelState, s: DuelSide, card_no: int, c: H.HeroContent) -> Msg | list[Any]:
    card = c.destiny.get(card_no)
    if card is None:
        return UNKNOWN_CARD()
    parts: list[Any] = []
    for icon in card.section(s.shape):  # type: ignore[arg-type]
        if icon.kind == "damage":
            s.dealt += icon.amount
            parts.append(ICON_DAMAGE(n=icon.amount))
        elif icon.kind == "rout":
            s.cancel += icon.amount
            parts.append(ICON_ROUT(n=icon.amount))
        elif icon.kind == "special":
            s.specials += icon.amount
            parts.append(ICON_SPECIAL())
        else:
            parts.append(ICON_BLANK())
    return parts


def _new_round(hs: H.HeroesState, d: DuelState, ctx: Any, c: H.HeroContent) -> list[Event]:
    d.round += 1
    events: list[Event] = []
    for which in ("attacker", "defender"):
        s = _side(d, which)
        s.dealt = s.cancel = s.specials = 0
        s.used_round = []
        s.round_ability_used = False
        s.gear_done = False
        s.card = _draw(d, s, ctx)
        text = _read(d, s, s.card, c)
        shape: Any = SHAPE[s.shape]() if s.shape in SHAPE else s.shape
        events.append(
            _say(
                c,
                "duel_draw",
                ROUND_DRAW(round=d.round, side=_name(hs, c, s), card=s.card, shape=shape, icons=text),
                reveals=True,
                side=which,
                card=s.card,
                round=d.round,
            )
        )
    d.step = "special_attacker"
    return events


def _resolve_round(hs: H.HeroesState, d: DuelState, ctx: Any, c: H.HeroContent) -> list[Event]:
    """RW-24.4.3: all damage at once, after cancellations; then RW-24.5 end checks."""
    a, b = d.attacker, d.defender
    events: list[Event] = []
    to_b = max(0, a.dealt - b.cancel)
    to_a = max(0, b.dealt - a.cancel)
    for s, n in ((b, to_b), (a, to_a)):
        if n > 0 and s.cancel_pool > 0:
            use = min(n, s.cancel_pool)
            s.cancel_pool -= use
            if s is b:
                to_b -= use
            else:
                to_a -= use
    for s, n in ((b, to_b), (a, to_a)):
        if s.hero:
            h = H.find_hero(hs, s.hero)
            if h is not None:
                h.damage += n
        else:
            s.damage += n
        dmg, hp = _hp(hs, c, s)
        events.append(
            _say(
                c,
                "duel_damage",
                ROUND_DAMAGE(round=d.round, side=_name(hs, c, s), n=n, damage=dmg, health=hp),
                side="attacker" if s is a else "defender",
                amount=n,
            )
        )
    if d.drawn:
        ctx.discard(list(d.drawn))
        d.drawn = []
    events += _check_defeats(hs, d, ctx, c)
    if d.step not in ("over", "spoils") and d.round >= MAX_ROUNDS:
        d.result = "none"
        d.step = "over"
        events.append(_say(c, "duel_end", NO_ONE()))
    return events


def _check_defeats(hs: H.HeroesState, d: DuelState, ctx: Any, c: H.HeroContent) -> list[Event]:
    for s in (d.attacker, d.defender):
        dmg, hp = _hp(hs, c, s)
        s.defeated = dmg >= hp  # RW-20.5, AMB-7: equal or above
    a, b = d.attacker.defeated, d.defender.defeated
    if not (a or b):
        return []
    if d.drawn:
        ctx.discard(list(d.drawn))
        d.drawn = []
    d.result = "both" if a and b else ("defender" if a else "attacker")
    events: list[Event] = []
    if d.quest is not None:
        d.step = "over"
        if b:
            events.append(_say(c, "duel_end", NEUTRAL_DEFEATED(side=_name(hs, c, d.defender))))
        if a:
            events += H.defeat_hero(hs, d.attacker.hero or "", ctx, cause=CAUSE_QUEST())
        events.append(_say(c, "duel_end", NEUTRAL_RETURNS()))
        return events
    if a and b:  # AMB-44: each as if defeated outside a duel
        d.step = "over"
        events.append(_say(c, "duel_end", BOTH()))
        for s in (d.attacker, d.defender):
            events += H.defeat_hero(hs, s.hero or "", ctx, cause=CAUSE_DUEL())
        return events
    loser = d.attacker if a else d.defender
    winner = d.defender if a else d.attacker
    lh = H.get_hero(hs, loser.hero or "")
    wh = H.get_hero(hs, winner.hero or "")
    hs.heroes.remove(lh)
    hs.removed_heroes.append(lh.card)  # RW-26.1: out of the game
    events.append(
        _say(
            c,
            "hero_defeated",
            LOSER(hero=H.hero_ref(lh), winner=H.hero_ref(wh)),
            hero=lh.uid,
            card=lh.card,
            seat=lh.owner,
            winner=wh.uid,
        )
    )
    d.spoils = list(lh.rewards)
    d.spoils_seat = wh.owner
    if not d.spoils:
        d.step = "over"
        return events
    mine = [h for h in hs.heroes if h.owner == wh.owner and h.area == d.area]
    if len(mine) == 1:  # RW-24.6 / AMB-8: only the winner is there
        events += _give(hs, c, d, mine[0], list(d.spoils))
        d.step = "over"
    else:
        d.step = "spoils"
    return events


def _give(hs: H.HeroesState, c: H.HeroContent, d: DuelState, to: H.Hero, rewards: list[H.HeldReward]) -> list[Event]:
    for r in rewards:
        d.spoils.remove(r)
        to.rewards.append(r)  # each keeps its face (RW-24.6)
    up: list[Any] = [H.reward_ref(r.card) for r in rewards if r.face_up]
    down = [r.card for r in rewards if not r.face_up]
    if up:
        text = SPOILS_UP(hero=H.hero_ref(to), n=len(rewards), rewards=up)
    else:
        text = SPOILS(hero=H.hero_ref(to), n=len(rewards))
    events = [_say(c, "spoils", text, reveals=bool(down), hero=to.uid)]
    if down:
        events.append(
            H.tell(
                c,
                to.owner,
                "spoils_private",
                SPOILS_DOWN(rewards=[H.reward_ref(x) for x in down]),
                reveals=True,
                cards=down,
            )
        )
    return events


# --------------------------------------------------------------------------- effects in a duel


def _damage_now(hs: H.HeroesState, c: H.HeroContent, side: DuelSide, n: int, source: Any) -> Event:
    """Damage outside a round lands at once: on the side's hero, or on the side itself when it has
    none (a monster or an encounter card)."""
    if side.hero:
        target = H.find_hero(hs, side.hero)
        if target is not None:
            target.damage += n
    else:
        side.damage += n
    dmg, hp = _hp(hs, c, side)
    shown = EFFECT_DAMAGE(source=source, side=_name(hs, c, side), n=n, damage=dmg, health=hp)
    return _say(c, "duel_damage", shown, amount=n)


def _duel_effects(
    hs: H.HeroesState,
    d: DuelState,
    which: str,
    effects: Any,
    ctx: Any,
    c: H.HeroContent,
    *,
    source: H.Source,
    immediate: bool,
) -> list[Event]:
    """Effects of a hero ability, reward or tactics card inside a duel.

    ``immediate`` (start of duel): damage lands at once; in a round it joins the
    simultaneous damage (RW-24.4.3).
    """
    s, o = _side(d, which), _side(d, _other(which))
    hero = H.find_hero(hs, s.hero or "")
    events: list[Event] = []
    rest: list[Any] = []
    for e in effects:
        if e.kind == "damage_hero" and e.target in ("opposing_hero", "enemy_hero_in_area"):
            n = H._amount(c, hero, e.amount)
            if immediate:
                events.append(_damage_now(hs, c, o, n, source))
            else:
                s.dealt += n
                events.append(_say(c, "duel_effect", EFFECT_ROUND(source=source, n=n, side=_name(hs, c, o)), amount=n))
        elif e.kind == "damage_hero" and e.target in ("own_hero", "every_hero"):
            n = H._amount(c, hero, e.amount)
            for t in [s] if e.target == "own_hero" else [s, o]:
                if immediate:
                    events.append(_damage_now(hs, c, t, n, source))
                else:
                    # inside a round: damage to oneself joins the simultaneous damage
                    _side(d, _other(which) if t is s else which).dealt += n
                    shown = EFFECT_ROUND(source=source, n=n, side=_name(hs, c, t))
                    events.append(_say(c, "duel_effect", shown, amount=n))
        elif e.kind == "choose_one":
            d.choice = [[x.model_dump(mode="json") for x in opt] for opt in e.options]
            d.choice_side = which  # type: ignore[assignment]
            d.choice_resume = d.step
            d.choice_immediate = immediate
            d.step = "neutral_choice"
            if rest:
                events += H.resolve_effects(hs, s.seat, s.hero, rest, ctx, source=source, rule="RW-24")
            return events
        elif e.kind == "cancel_damage" and getattr(e, "per", "round") == "duel":
            s.cancel_pool += e.amount
            events.append(
                _say(
                    c,
                    "duel_effect",
                    CANCEL_DUEL(source=source, n=e.amount, side=_name(hs, c, s)),
                    amount=e.amount,
                )
            )
        elif e.kind == "cancel_damage":
            s.cancel += e.amount
            events.append(
                _say(
                    c,
                    "duel_effect",
                    CANCEL_ROUND(source=source, n=e.amount, side=_name(hs, c, s)),
                    amount=e.amount,
                )
            )
        elif e.kind == "draw_cards" and e.deck == "destiny":
            for _ in range(H._amount(c, hero, e.amount)):
                n = _draw(d, s, ctx)
                events.append(
                    _say(
                        c,
                        "duel_draw",
                        EFFECT_DRAW(source=source, side=_name(hs, c, s), card=n, icons=_read(d, s, n, c)),
                        reveals=True,
                        card=n,
                    )
                )
        else:
            rest.append(e)
    if rest:
        events += H.resolve_effects(hs, s.seat, s.hero, rest, ctx, source=source, rule="RW-24")
    return events


def _use_reward(hs: H.HeroesState, d: DuelState, which: str, card: str, ctx: Any, c: H.HeroContent) -> list[Event]:
    s = _side(d, which)
    h = H.get_hero(hs, s.hero or "")
    held = next((r for r in h.rewards if r.card == card), None)
    rc = _reward(c, card)
    if held is None or rc is None:
        raise H.refuse("RW-23.5", NOT_HELD())
    if not _may_use(c, s, card):
        raise H.refuse("RW-23.5", ONE_EACH())
    if rc.trait == "weapon":
        s.weapon = card
    elif rc.trait == "armor":
        s.armor = card
    s.used_round.append(card)
    events = []
    if not held.face_up:
        held.face_up = True  # RW-23.2
        events.append(
            _say(
                c,
                "reward_revealed",
                REVEALS(
                    hero=H.hero_ref(h),
                    reward=H.reward_ref(card),
                    text=T.printed("reward", rc.reward_id, "text", rc.text),
                ),
                reveals=True,
                card=card,
                hero=h.uid,
            )
        )
    source = H.named(H.reward_ref(card))
    events += _duel_effects(hs, d, which, rc.effects, ctx, c, source=source, immediate=False)
    if rc.single_use:
        h.rewards.remove(held)
        hs.reward_deck.discard(card)
    return events


def _neutral_special(hs: H.HeroesState, d: DuelState, which: str, ctx: Any, c: H.HeroContent) -> list[Event]:
    s = _side(d, which)
    u = c.units.get(s.neutral or "")
    if u is None:
        return []
    events = [
        _say(
            c,
            "neutral_special",
            MUST_SPECIAL(side=_name(hs, c, s), special=u.special.name),
            unit=s.neutral,
        )
    ]
    return events + _neutral_effects(hs, d, which, list(u.special.effects), ctx, c)


def _admits_hero(f: Any) -> bool:
    if f is None:
        return True
    if f.shapes is not None and "circle" not in f.shapes:
        return False
    if f.unit_types is not None or f.min_initiative is not None:
        return False
    return True


def _neutral_effects(
    hs: H.HeroesState, d: DuelState, which: str, effects: list[Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    s, o = _side(d, which), _side(d, _other(which))
    hero = H.find_hero(hs, o.hero or "")
    events: list[Event] = []
    for _i, e in enumerate(effects):
        k = e.kind
        if k == "choose_one":
            d.choice = [[x.model_dump(mode="json") for x in opt] for opt in e.options]
            d.choice_side = which  # type: ignore[assignment]
            d.choice_resume = d.step
            d.choice_immediate = False
            d.step = "neutral_choice"
            # Effects after the choice are lost only if a card nests choices; none do.
            return events
        if (
            k in ("damage_units", "damage_hero")
            and getattr(e, "side", "enemy") == "enemy"
            and _admits_hero(getattr(e, "filter", None))
        ):
            amt = e.amount
            n = s.damage if getattr(amt, "per", "") == "most_damage_on_own_unit_of_type" else H._amount(c, None, amt)
            if getattr(e, "distinct", False):
                n = min(n, 1)
            s.dealt += n
            shown = NEUTRAL_DAMAGE(side=_name(hs, c, s), n=n, other=_name(hs, c, o))
            events.append(_say(c, "duel_effect", shown, amount=n))
        elif k == "destroy_units" and e.side == "enemy" and _admits_hero(e.filter) and hero is not None:
            s.dealt += H.health(c, hero)
            events.append(_say(c, "duel_effect", DESTROYS(side=_name(hs, c, s), other=_name(hs, c, o))))
        elif k == "rout_units" and e.side == "enemy" and _admits_hero(e.filter) and hero is not None:
            hero.routed = True
            events.append(_say(c, "duel_effect", ROUTED(side=_name(hs, c, o))))
        elif k == "set_health" and e.unit_type == s.neutral:
            s.health = max(s.health, e.health)
            events.append(_say(c, "duel_effect", HEALTH(side=_name(hs, c, s), n=e.health)))
        elif k == "draw_cards" and e.deck == "destiny":
            if e.once_per_unit and s.extra_draw_used:
                continue
            s.extra_draw_used = True
            for _ in range(H._amount(c, None, e.amount)):
                n = _draw(d, s, ctx)
                before = s.specials
                text = _read(d, s, n, c)
                shown = NEUTRAL_DRAW(side=_name(hs, c, s), card=n, icons=text)
                events.append(_say(c, "duel_draw", shown, reveals=True, card=n))
                # a special on the extra card is resolved by the loop in ``advance``
                _ = before
        elif k == "gm":
            H.gm_item(hs, "RW-25.4", GM_SPECIAL(side=_name(hs, c, s), text=e.text), seat=s.seat, c=c)
        else:
            shown = NO_EFFECT(side=_name(hs, c, s), effect=str(k).replace("_", " "))
            events.append(_say(c, "duel_effect", shown))
    return events


# =========================================================================== actions


def apply_duel(hs: H.HeroesState, d: DuelState, seat: int, action: dict[str, Any], ctx: Any) -> list[Event]:
    """Apply ``seat``'s ``action`` to the step the duel waits on; each step has its own handler."""
    c = H.content_of(ctx)
    handler = _STEP_HANDLERS.get(d.step)
    if handler is None:
        raise H.refuse(CORE_BAD_ACTION, NOT_WAITING())
    return handler(hs, d, seat, action, ctx, c)


def _step_side(step: str) -> Side:
    """The side a ``*_attacker`` / ``*_defender`` step waits on."""
    return "attacker" if step.endswith("_attacker") else "defender"


# --------------------------------------------------------------------------- start of the duel (RW-24.3)


def _apply_start(
    hs: H.HeroesState, d: DuelState, seat: int, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    which = _step_side(d.step)
    s = _side(d, which)
    _check_seat(s.seat, seat, "RW-24.3")
    t = action.get("type")
    if t == "duel_done":
        s.start_done = True  # the attacker's only chance was now (RW-24.3)
        return advance(hs, d, ctx)
    if t == "duel_ability":
        return _start_ability(hs, d, which, ctx, c)
    if t == "duel_tactics":
        return _start_tactics(hs, d, which, str(action.get("card")), ctx, c)
    raise H.refuse(CORE_BAD_ACTION, START_CHOICE())


def _start_ability(hs: H.HeroesState, d: DuelState, which: Side, ctx: Any, c: H.HeroContent) -> list[Event]:
    """RW-24.3: a start-of-duel hero ability, once per duel; its damage lands at once."""
    s = _side(d, which)
    h = H.get_hero(hs, s.hero or "")
    card = c.heroes.get(h.card)
    if not card or not _start_timing(card.ability.timing, which) or s.ability_used:
        raise H.refuse("RW-24.3", NO_START_ABILITY())
    s.ability_used = True
    events = [
        _say(
            c,
            "duel_ability",
            USES_ABILITY(hero=H.hero_ref(h), text=T.printed("hero", card.hero_id, "ability.text", card.ability.text)),
        )
    ]
    source = H.named(H.hero_ref(h))
    events += _duel_effects(hs, d, which, card.ability.effects, ctx, c, source=source, immediate=True)
    return events + _maybe_end_after_start(hs, d, ctx, c, which)


def _start_tactics(
    hs: H.HeroesState, d: DuelState, which: Side, card_id: str, ctx: Any, c: H.HeroContent
) -> list[Event]:
    """RW-30.4: a start-of-duel tactics card from the hand of the side's owner."""
    s = _side(d, which)
    tactics = getattr(ctx, "duel_tactics", None)
    if card_id in d.tactics_used or not tactics or card_id not in tactics(s.seat):
        raise H.refuse("RW-30.4", TACTICS_REFUSED())
    d.tactics_used.append(card_id)
    hs.outbox.tactics_played.append((s.seat, card_id))
    tc = c.tactics.get(card_id)
    events = [
        _say(
            c,
            "duel_tactics",
            PLAYS_TACTICS(seat=T.seat(s.seat), card=Ref(kind="tactics", id=card_id)),
            reveals=True,
            card=card_id,
        )
    ]
    if tc is not None:
        source = H.named(Ref(kind="tactics", id=card_id))
        events += _duel_effects(hs, d, which, tc.effects, ctx, c, source=source, immediate=True)
    return events + _maybe_end_after_start(hs, d, ctx, c, which)


# --------------------------------------------------------------------------- special icons (RW-24.4.2)


def _apply_special(
    hs: H.HeroesState, d: DuelState, seat: int, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    which = _step_side(d.step)
    s = _side(d, which)
    _check_seat(s.seat, seat, "RW-24.4.2")
    if action.get("type") != "duel_special":
        raise H.refuse("RW-24.4.2", SPECIAL_FIRST())
    if action.get("choice") == "damage":
        events = _special_damage(hs, s, c)
    elif action.get("choice") == "reward":
        events = _special_reward(hs, d, which, str(action.get("reward")), ctx, c)
    else:
        raise H.refuse(CORE_BAD_ACTION, DAMAGE_OR_REWARD())
    return events + advance(hs, d, ctx)


def _special_damage(hs: H.HeroesState, s: DuelSide, c: H.HeroContent) -> list[Event]:
    """RW-24.4.2: a special icon spent as 1 damage."""
    s.specials -= 1
    s.dealt += 1
    return [_say(c, "duel_special", SPECIAL_DAMAGE(side=_name(hs, c, s)))]


def _special_reward(hs: H.HeroesState, d: DuelState, which: Side, card: str, ctx: Any, c: H.HeroContent) -> list[Event]:
    """RW-24.4.2: a special icon spent to activate a reward that needs one."""
    rc = _reward(c, card)
    if rc is None or rc.trigger != "duel_special":
        raise H.refuse("RW-24.4.2", SPECIAL_REWARD())
    _side(d, which).specials -= 1
    return _use_reward(hs, d, which, card, ctx, c)


# --------------------------------------------------------------------------- P-29 choices (RW-25.3)


def _apply_neutral_choice(
    hs: H.HeroesState, d: DuelState, seat: int, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    s = _side(d, d.choice_side)
    _check_seat(s.seat, seat, "RW-25.3")
    i = action.get("option")
    if action.get("type") != "duel_neutral_choice" or not isinstance(i, int) or not 0 <= i < len(d.choice):
        raise H.refuse("RW-25.3", NEUTRAL_OPTIONS())
    chosen = [_EFFECT.validate_python(x) for x in d.choice[i]]
    d.choice = []
    d.step = d.choice_resume  # type: ignore[assignment]  # choice_resume always holds a step name
    if s.neutral is not None:
        return _resolve_neutral_choice(hs, d, seat, i, chosen, ctx, c)
    return _resolve_effect_choice(hs, d, seat, i, chosen, ctx, c)


def _resolve_neutral_choice(
    hs: H.HeroesState, d: DuelState, seat: int, i: int, chosen: list[Effect], ctx: Any, c: H.HeroContent
) -> list[Event]:
    """P-29: the player left of the quester picked an option of the neutral's special."""
    events = [_say(c, "neutral_choice", NEUTRAL_CHOICE(seat=T.seat(seat), number=i + 1))]
    events += _neutral_effects(hs, d, d.choice_side, chosen, ctx, c)
    return events + advance(hs, d, ctx)


def _resolve_effect_choice(
    hs: H.HeroesState, d: DuelState, seat: int, i: int, chosen: list[Effect], ctx: Any, c: H.HeroContent
) -> list[Event]:
    """A hero's owner picked an option of a ``choose_one`` ability, reward or tactics card."""
    text = _describe([x.model_dump(mode="json") for x in chosen])
    events = [_say(c, "duel_choice", CHOICE(seat=T.seat(seat), number=i + 1, effects=text))]
    events += _duel_effects(hs, d, d.choice_side, chosen, ctx, c, source=CHOICE_SOURCE(), immediate=d.choice_immediate)
    if d.choice_immediate:
        return events + _maybe_end_after_start(hs, d, ctx, c, d.choice_side)
    return events + advance(hs, d, ctx)


# --------------------------------------------------------------------------- armour, weapons, round abilities


def _apply_gear(
    hs: H.HeroesState, d: DuelState, seat: int, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    which = _step_side(d.step)
    s = _side(d, which)
    _check_seat(s.seat, seat, "RW-24.4.2")
    t = action.get("type")
    if t == "duel_done":
        s.gear_done = True
        return advance(hs, d, ctx)
    if t != "duel_use":
        raise H.refuse(CORE_BAD_ACTION, USE_OR_DONE())
    if action.get("ability"):
        events = _gear_ability(hs, d, which, ctx, c)
    else:
        events = _gear_reward(hs, d, which, str(action.get("reward")), ctx, c)
    return events + advance(hs, d, ctx)


def _gear_ability(hs: H.HeroesState, d: DuelState, which: Side, ctx: Any, c: H.HeroContent) -> list[Event]:
    """RW-24.4.2: a once-per-round hero ability; its damage joins the round's (RW-24.4.3)."""
    s = _side(d, which)
    h = H.get_hero(hs, s.hero or "")
    card = c.heroes.get(h.card)
    if not card or card.ability.timing != "duel_round" or s.round_ability_used:
        raise H.refuse("RW-24.4.2", NO_ROUND_ABILITY())
    s.round_ability_used = True
    source = H.named(H.hero_ref(h))
    return _duel_effects(hs, d, which, card.ability.effects, ctx, c, source=source, immediate=False)


def _gear_reward(hs: H.HeroesState, d: DuelState, which: Side, card_id: str, ctx: Any, c: H.HeroContent) -> list[Event]:
    """RW-23.5: a round reward (armour, weapon), each at most once per round."""
    rc = _reward(c, card_id)
    if rc is None or rc.trigger != "duel_round" or card_id in _side(d, which).used_round:
        raise H.refuse("RW-24.4.2", GEAR_REFUSED())
    return _use_reward(hs, d, which, card_id, ctx, c)


# --------------------------------------------------------------------------- spoils (RW-24.6)


def _apply_spoils(
    hs: H.HeroesState, d: DuelState, seat: int, action: dict[str, Any], ctx: Any, c: H.HeroContent
) -> list[Event]:
    """RW-24.6: the winner hands each of the loser's rewards to one of its heroes in the area."""
    _check_seat(d.spoils_seat, seat, "RW-24.6")
    card, uid = action.get("card"), action.get("hero")
    r = next((r for r in d.spoils if r.card == card), None)
    h = H.find_hero(hs, str(uid))
    if action.get("type") != "duel_spoils" or r is None or h is None or h.owner != seat or h.area != d.area:
        raise H.refuse("RW-24.6", SPOILS_REFUSED())
    events = _give(hs, c, d, h, [r])
    if not d.spoils:
        d.step = "over"
    return events


_StepHandler = Callable[[H.HeroesState, DuelState, int, dict[str, Any], Any, H.HeroContent], list[Event]]

#: The handler for each step that waits on a player; ``over`` takes no action.
_STEP_HANDLERS: dict[str, _StepHandler] = {
    "start_attacker": _apply_start,
    "start_defender": _apply_start,
    "special_attacker": _apply_special,
    "special_defender": _apply_special,
    "neutral_choice": _apply_neutral_choice,
    "gear_attacker": _apply_gear,
    "gear_defender": _apply_gear,
    "spoils": _apply_spoils,
}


def _maybe_end_after_start(hs: H.HeroesState, d: DuelState, ctx: Any, c: H.HeroContent, which: str) -> list[Event]:
    for s in (d.attacker, d.defender):
        dmg, hp = _hp(hs, c, s)
        if dmg >= hp:
            return _check_defeats(hs, d, ctx, c)
    return advance(hs, d, ctx)


def _check_seat(expected: int, seat: int, rule: str) -> None:
    if expected != seat:
        raise H.refuse("CORE-1", NOT_YOURS(seat=T.seat(expected)))


def duel_view(hs: H.HeroesState, d: DuelState) -> dict[str, Any]:
    def side(s: DuelSide) -> dict[str, Any]:
        return {
            "seat": s.seat,
            "hero": s.hero,
            "neutral": s.neutral,
            "shape": s.shape,
            "card": s.card,
            "dealt": s.dealt,
            "cancel": s.cancel,
            "damage": s.damage if s.neutral else None,
            "health": s.health if s.neutral else None,
            "weapon": s.weapon,
            "armor": s.armor,
        }

    return {
        "area": d.area,
        "round": d.round,
        "step": d.step,
        "quest": d.quest,
        "attacker": side(d.attacker),
        "defender": side(d.defender),
        "result": d.result,
    }
