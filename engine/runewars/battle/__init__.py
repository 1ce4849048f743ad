"""Runewars battles (RW-13 .. RW-17, RW-19.4; prompts P-40 .. P-48).

Interface for the flow
======================

The battle is a self-contained state machine embedded as ``state.battle``. It never
imports the flow's state; units come in as any objects (or dicts) with ``id`` (or
``uid``), ``kind``, ``owner`` and ``routed`` -- the flow's ``Unit`` works as is.

1. ``bs = start_battle(area, attacker, defender, attacking_units, defending_units, *,
   stronghold=None, conquer_bonus=False, neutral_controller=None, attacker_faction=None,
   defender_faction=None, window=True, attacker_stronghold_tokens=1,
   attacker_stronghold_areas=(), options=None, data=None)``

   * ``defender=None`` means unallied neutrals defend; then ``neutral_controller`` (the
     seat left of the current player, RW-11.7) is required and makes their decisions.
   * ``defending_units`` includes the defender's routed units (they stay out, RW-14.2)
     and allied neutrals (``owner`` = the defender's seat).
   * ``stronghold``: the defender's stronghold in the area (an object with ``owner``,
     ``damaged``, ``development``), strength read from ``defender_faction``'s token.
     ``development == "defense"`` (or the faction's defense development name) enables
     RW-19.4 for that faction.
   * ``conquer_bonus``: the attacker resolves Conquer with its highest bonus (RW-18.3.2).
   * ``window``: the battle begins in its start-of-battle tactics window (phase "window",
     RW-14.3, P-40) and waits there until ``end_window``; ``False`` starts at the rows.
   * ``attacker_stronghold_tokens`` / ``attacker_stronghold_areas``: the attacker's unused
     stronghold tokens and the areas of his strongholds, for a capture (RW-14.7.2, P-47).
   * ``development``: overrides ``stronghold.development``.
   * ``options``: ``BattleOptions`` -- the ambiguity readings (AMB-1 standing-only strength,
     AMB-3 flip on any survivor, RW-0.5 auto-apply single/interchangeable choices, the
     8-unit limit); defaults are the spec's recommendations.
   * ``data``: content lookups (``unit``, ``faction``, ``destiny``); default ``load_content()``.
     The unit stats are copied into the ``BattleUnit``s, so the state is self-contained.

2. ``events = advance_battle(bs, ctx)`` right after starting (it runs every automatic
   step until a decision is needed; ``apply_battle`` calls it itself afterwards).
   ``ctx`` is the flow's ``Ctx`` (INTERFACES.md): ``draw() -> int``, ``discard(list[int])``,
   ``neighbours``, ``passable(a, b, flying=)``, ``controller``, ``is_friendly``,
   ``is_empty``; optionally ``battle_data`` or ``content`` (default: ``load_content()``).

3. ``battle_prompts(bs, ctx=None) -> list[Prompt]`` (at most one prompt; options are ready
   actions) and ``apply_battle(bs, seat, action, ctx) -> list[Event]`` (mutates ``bs``;
   raises ``RuleViolation`` before changing anything). ``sample_battle_action(bs, seat, rng)``
   picks a random legal action. ``battle_view(bs, seat)`` is the seat's projection: the
   attacker's undisclosed draw is hidden from others until the defender has chosen (P-41).

4. After every call drain ``take_external(bs)``: ``External(kind="gm")`` goes to
   ``state.gm.hand_over(rule, text, public_text=..., seat=...)`` (specials the effect data
   cannot express; units joining a battle, as Raise Dead's, come through ``ctx.add_battle_unit``);
   ``External(kind="effect")`` is a content effect outside the battle for ``seat`` (e.g. Knights'
   "draw 1 tactics card").

5. ``battle_finished(bs) -> BattleOutcome | None``: once not None, apply it to the board:
   ``fate`` (standing / routed / destroyed per unit id), ``final_area`` (contested area or
   retreat destination), ``stronghold_result`` (``captured``: remove the defender's token
   and its development, place one of the attacker's, damaged side up; ``destroyed``: remove
   it, nothing placed; ``held`` plus ``stronghold_damaged``: flip it), ``stronghold_removed_from``
   (P-47), ``defense_discarded``. The flow then checks RW-16.4 / RW-10.9.2 (8-unit limit at
   retreat destinations, P-63) and alliance loss of neutrals that retreated into an empty area
   (RW-11.4, AMB-28); the battle does not know what already stands there.

Tactics window (RW-14.3, RW-30.4, P-40): the battle keeps no list of seats to poll. Once
``advance_battle`` stops in phase "window" with no task queued, the flow opens the kernel's
response window (engine/core/flow.py ``open_window``) for ``window_seats(bs)`` -- the attacker,
then the defender, each only with own standing units, never the neutral controller -- narrowed
to the seats it lets play a card. ``window_prompt(bs, seat, key)`` is the question to one asked
seat (only ``battle_pass_window``; the flow adds its tactics options). A played card resolves
through the battle (``queue_effects(bs, side, effects, source)``, then ``advance_battle``; its
decisions, e.g. the opponent assigning damage, are ordinary ``battle_prompts``) and keeps the
seat asked; a pass is announced by ``window_pass(bs, seat)``. When the window closes the flow
calls ``end_window(bs, ctx)``, which continues the battle from its rows (RW-14.4).

Retreat for diplomacy: ``battle.retreat.retreat_destinations(from_area, seat, flyers, ctx)``.

Actions (``type`` literals; ``BATTLE_ACTIONS`` lists the pydantic models for the flow's action union):
``battle_pass_window`` (the window's pass, answered to the flow, not to ``apply_battle``),
``battle_choose_type {unit_type}`` (P-41), ``battle_pick {unit}``
(P-42..P-44 target or allocation, P-48 which unit leaves), ``battle_stop`` (end an "up to"
effect), ``battle_option {index}`` (choose-one specials), ``battle_defense {use}`` (P-45),
``battle_retreat {area}`` (P-38/P-46/P-48), ``battle_capture {remove_from}`` (P-47).
"""

from __future__ import annotations

from engine.runewars.battle.actions import (
    BATTLE_ACTIONS,
    BattleAction,
    BattleCapture,
    BattleChooseType,
    BattleDefense,
    BattleOption,
    BattlePassWindow,
    BattlePick,
    BattleRetreat,
    BattleStop,
    apply_battle,
    battle_finished,
    battle_prompts,
    battle_view,
    sample_battle_action,
    window_pass,
    window_prompt,
)
from engine.runewars.battle.flow import (
    advance_battle,
    eligible_types,
    end_window,
    queue_effects,
    start_battle,
    take_external,
    window_seats,
)
from engine.runewars.battle.models import (
    BattleData,
    BattleOptions,
    BattleOutcome,
    BattleState,
    BattleStronghold,
    BattleUnit,
    DefenseDevelopment,
    Draw,
    External,
    RetreatGroup,
    Side,
    Task,
)
from engine.runewars.battle.retreat import retreat_destinations

__all__ = [
    "BATTLE_ACTIONS",
    "BattleAction",
    "BattleCapture",
    "BattleChooseType",
    "BattleData",
    "BattleDefense",
    "BattleOption",
    "BattleOptions",
    "BattleOutcome",
    "BattlePassWindow",
    "BattlePick",
    "BattleRetreat",
    "BattleState",
    "BattleStop",
    "BattleStronghold",
    "BattleUnit",
    "DefenseDevelopment",
    "Draw",
    "External",
    "RetreatGroup",
    "Side",
    "Task",
    "advance_battle",
    "apply_battle",
    "battle_finished",
    "battle_prompts",
    "battle_view",
    "eligible_types",
    "end_window",
    "queue_effects",
    "retreat_destinations",
    "sample_battle_action",
    "start_battle",
    "take_external",
    "window_pass",
    "window_prompt",
    "window_seats",
]
