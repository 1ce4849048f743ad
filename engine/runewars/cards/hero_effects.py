"""Card effects that act on heroes (RW-21..RW-25 outside the quest phase): drawing quests and
heroes, desertion, damage, healing and training of a hero the player picks.

They sit above both the effect interpreter (``resolve``) and the hero flow (``heroes.glue``):
the interpreter knows nothing of heroes, and registers what this module provides.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from engine.core import Event, Prompt
from engine.core.text import Msg, message
from engine.runewars.actions import Choose
from engine.runewars.cards.resolve import (
    DECK_DRAWS,
    EffectCall,
    amount_of,
    counts,
    effect,
    effect_text,
)
from engine.runewars.content.effects import Effect
from engine.runewars.ctx import Ctx
from engine.runewars.flow import applies, decision, done, push, step
from engine.runewars.heroes import core as H
from engine.runewars.heroes import glue as heroes_glue
from engine.runewars.heroes.core import heroes_of
from engine.runewars.heroes.glue import drain
from engine.runewars.state import RunewarsState
from engine.runewars.text import NAME, ask, loaded, need, option, ref, seat_ref, stored, to_all

TARGETED = message("rw.fx.hero.targeted", "{effect} ({target})")
NO_HERO = message("rw.fx.hero.none", "You have no hero: nothing happens")
HERO_Q = message("rw.fx.hero.question", "{source}: {effect}: choose your hero.")
HERO_BAD = message("rw.fx.hero.refused", "Choose one of your heroes.")
NO_ENEMY = message("rw.fx.hero.no_enemy", "No enemy hero shares an area with your heroes: no effect")
ENEMY_Q = message("rw.fx.hero.enemy_question", "{source}: choose the enemy hero.")
TAKES = message("rw.fx.hero.takes_influence", "{seat} takes {n} influence from {victim} ({source}).")
ENEMY_BAD = message("rw.fx.hero.enemy_refused", "Choose an enemy hero in an area where you have a hero.")


def _hero_label(h: Any) -> Msg:
    """A hero by its card's name (hero cards are unique, so the name tells heroes apart)."""
    return NAME(name=ref("hero", h.card))


DECK_DRAWS["quest"] = heroes_glue.draw_quests
DECK_DRAWS["hero"] = heroes_glue.rally_heroes
counts("heroes")(heroes_glue.hero_count)
counts("rewards")(heroes_glue.reward_count)


@effect("desert_heroes")
def _desert_heroes(c: EffectCall) -> list[Event]:
    return heroes_glue.desertion(c.state, c.effect, c.targets(), c.source)


@effect("damage_hero", targeted=True)
def _damage_hero(c: EffectCall) -> list[Event]:
    if c.effect.get("target") == "own_hero":
        return _own_hero(c)
    if c.effect.get("target") == "enemy_hero_in_area" and c.seat is not None:
        push(c.state, step(c.state, "fx_target_hero", c.seat, effect=c.effect, source=stored(c.source), rule=c.rule))
        return []
    target = str(c.effect.get("target")).replace("_", " ")
    return [c.hand_over(TARGETED(effect=effect_text(c.effect), target=target))]


@effect("take_influence")
def _take_influence(c: EffectCall) -> list[Event]:
    """RW-31.1: each other player with a hero in the ability's hero's area pays what he can, in player order.

    ``hero`` is put into the effect by ``heroes.glue.drain`` (the hero whose ability granted it);
    without it, or once the hero has left the game, nothing happens.
    """
    if c.seat is None:
        return []
    hero = H.find_hero(c.state.heroes, str(c.effect.get("hero") or ""))
    if hero is None or not hero.area:
        return []
    there = {h.owner for h in c.state.heroes.heroes if h.area == hero.area and h.owner != c.seat}
    events: list[Event] = []
    for s in c.order:
        if s not in there or c.state.seats[s].eliminated:
            continue
        n = min(int(c.effect["amount"]), c.state.seats[s].influence)
        if n <= 0:
            continue
        c.state.seats[s].influence -= n
        c.state.seats[c.seat].influence += n
        said = TAKES(seat=seat_ref(c.seat), n=n, victim=seat_ref(s), source=c.source)
        events.append(to_all("influence_taken", said, seat=c.seat, victim=s, amount=n))
    return events


@effect("heal_hero", targeted=True)
def _heal_hero(c: EffectCall) -> list[Event]:
    return _own_hero(c, c.each_player_targets())


@effect("train_hero", targeted=True)
def _train_hero(c: EffectCall) -> list[Event]:
    return _own_hero(c)


def _own_hero(c: EffectCall, targets: list[int] | None = None) -> list[Event]:
    """The player picks one of his heroes and the hero rules (``heroes.core``) apply the effect."""
    for s in reversed(c.targets() if targets is None else targets):
        push(
            c.state,
            step(
                c.state,
                "fx_hero",
                s,
                effect=c.effect,
                source=stored(c.source),
                rule=c.rule,
                left=int(c.effect.get("areas", 1)),
            ),
        )
    return []


def _fx_heroes(state: RunewarsState, seat: int) -> list[Any]:
    return heroes_of(state.heroes, seat)


@decision("fx_hero", "rw_choose")
def _fx_hero_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    heroes = _fx_heroes(state, st.seat)
    opts = [option(_hero_label(h), {"type": "rw_choose", "value": h.uid}, limit=80) for h in heroes]
    if not heroes:
        opts = [option(NO_HERO(), {"type": "rw_choose", "value": "-"})]
    question = HERO_Q(source=loaded(st.data["source"]), effect=effect_text(st.data["effect"]))
    return [ask(st.seat, st.key, st.data["rule"], question, options=opts)]


@applies("fx_hero")
def _fx_hero_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    heroes = [h.uid for h in _fx_heroes(state, seat)]
    need(action.value in heroes if heroes else action.value == "-", st.data["rule"], HERO_BAD())
    done(state, st)
    if action.value == "-":
        return []
    effect: Effect = TypeAdapter(Effect).validate_python(st.data["effect"])
    events = H.resolve_effects(
        state.heroes, seat, action.value, [effect], Ctx(state), source=loaded(st.data["source"]), rule=st.data["rule"]
    )
    return events + drain(state)


def _enemy_heroes_near(state: RunewarsState, seat: int) -> list[Any]:
    mine = {h.area for h in heroes_of(state.heroes, seat)}
    return [h for h in state.heroes.heroes if h.owner != seat and h.area in mine]


@decision("fx_target_hero", "rw_choose")
def _target_hero_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    heroes = _enemy_heroes_near(state, st.seat)
    opts = [option(_hero_label(h), {"type": "rw_choose", "value": h.uid}, limit=80) for h in heroes]
    if not heroes:
        opts = [option(NO_ENEMY(), {"type": "rw_choose", "value": "-"})]
    question = ENEMY_Q(source=loaded(st.data["source"]))
    return [ask(st.seat, st.key, st.data["rule"], question, options=opts)]


@applies("fx_target_hero")
def _target_hero_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    heroes = [h.uid for h in _enemy_heroes_near(state, seat)]
    need(
        action.value in heroes if heroes else action.value == "-",
        st.data["rule"],
        ENEMY_BAD(),
    )
    done(state, st)
    if action.value == "-":
        return []
    amount = amount_of(state, seat, st.data["effect"]["amount"]) or 0
    return H.damage_hero(state.heroes, action.value, amount, Ctx(state), cause=loaded(st.data["source"])) + drain(state)
