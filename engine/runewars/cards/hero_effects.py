"""Card effects that act on heroes (RW-21..RW-25 outside the quest phase): drawing quests and
heroes, desertion, damage, healing and training of a hero the player picks.

They sit above both the effect interpreter (``resolve``) and the hero flow (``heroes.glue``):
the interpreter knows nothing of heroes, and registers what this module provides.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from engine.core import Event, Option, Prompt
from engine.runewars.actions import Choose
from engine.runewars.cards.resolve import (
    DECK_DRAWS,
    EffectCall,
    amount_of,
    counts,
    effect,
    effect_text,
)
from engine.runewars.catalog import catalog
from engine.runewars.content.effects import Effect
from engine.runewars.ctx import Ctx
from engine.runewars.flow import applies, decision, done, need, push, step
from engine.runewars.heroes import core as H
from engine.runewars.heroes import glue as heroes_glue
from engine.runewars.heroes.core import heroes_of, label
from engine.runewars.heroes.glue import drain
from engine.runewars.state import RunewarsState

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
        push(c.state, step(c.state, "fx_target_hero", c.seat, effect=c.effect, source=c.source, rule=c.rule))
        return []
    return [c.hand_over(f"{effect_text(c.effect)} ({c.effect.get('target')})")]


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
                source=c.source,
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
    opts = [
        Option(label=label(catalog().hero_content, h)[:80], action={"type": "rw_choose", "value": h.uid})
        for h in heroes
    ]
    if not heroes:
        opts = [Option(label="You have no hero: nothing happens", action={"type": "rw_choose", "value": "-"})]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule=st.data["rule"],
            question=f"{st.data['source']}: {effect_text(st.data['effect'])}: choose your hero.",
            options=opts,
        )
    ]


@applies("fx_hero")
def _fx_hero_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    heroes = [h.uid for h in _fx_heroes(state, seat)]
    need(action.value in heroes if heroes else action.value == "-", st.data["rule"], "Choose one of your heroes.")
    done(state, st)
    if action.value == "-":
        return []
    effect: Effect = TypeAdapter(Effect).validate_python(st.data["effect"])
    events = H.resolve_effects(
        state.heroes, seat, action.value, [effect], Ctx(state), source=st.data["source"], rule=st.data["rule"]
    )
    return events + drain(state)


def _enemy_heroes_near(state: RunewarsState, seat: int) -> list[Any]:
    mine = {h.area for h in heroes_of(state.heroes, seat)}
    return [h for h in state.heroes.heroes if h.owner != seat and h.area in mine]


@decision("fx_target_hero", "rw_choose")
def _target_hero_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    heroes = _enemy_heroes_near(state, st.seat)
    opts = [
        Option(label=label(catalog().hero_content, h)[:80], action={"type": "rw_choose", "value": h.uid})
        for h in heroes
    ]
    if not heroes:
        opts = [
            Option(
                label="No enemy hero shares an area with your heroes: no effect",
                action={"type": "rw_choose", "value": "-"},
            )
        ]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule=st.data["rule"],
            question=f"{st.data['source']}: choose the enemy hero.",
            options=opts,
        )
    ]


@applies("fx_target_hero")
def _target_hero_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    heroes = [h.uid for h in _enemy_heroes_near(state, seat)]
    need(
        action.value in heroes if heroes else action.value == "-",
        st.data["rule"],
        "Choose an enemy hero in an area where you have a hero.",
    )
    done(state, st)
    if action.value == "-":
        return []
    amount = amount_of(state, seat, st.data["effect"]["amount"]) or 0
    return H.damage_hero(state.heroes, action.value, amount, Ctx(state), cause=st.data["source"]) + drain(state)
