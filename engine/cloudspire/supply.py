"""The shared component pools under the optional strict supply mode (CS-3.1, AMB-36, CS-3 counts).

By default the pools are unlimited (the recommended reading of AMB-36) and nothing here refuses or
clips. With ``CsOptions.strict_supply`` the box's counts are the limit. What is left is always
*derived* from the state (HP chips under units, stacks and revealed landmarks; upgrade chips on
towers and heroes), never kept as a counter: a chip goes back to its pool the moment the piece
holding it leaves play, is damaged or sheds its chips (a flip, CS-10.5.3), with no bookkeeping to
drift. Tower attack dice are rolled and picked up again, so their limit is per roll.

A choice that needs more than is left is refused (``need_*``, CS-3.1); an effect the rules force
(HP chips on a revealed landmark, a squad's next minion, a heal, a hero's flip) gets what is left,
and an event tells the table the shortfall (``clip_hp``).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Event
from engine.core.text import Ref, message

from .flow import need
from .state import CsState

HP_CHIPS = 69  # CS-3
UPGRADE_CHIPS: dict[str, int] = {"attack": 18, "range": 14, "defense": 12}  # CS-3
TOWER_DICE = 6  # CS-3, DATA-9
POOLS: dict[str, int] = {"hp": HP_CHIPS, **UPGRADE_CHIPS}

SHORT_HP = message(
    "cs.supply.refused.hp",
    "Strict supply (CS-3.1): this needs {need} HP chips and the supply has only {left} left.",
)
SHORT_CHIPS = message(
    "cs.supply.refused.chips",
    "Strict supply (CS-3.1): this needs {need} {chip} upgrade chips and the supply has only {left} left.",
)
SHORT_DICE = message(
    "cs.supply.refused.dice",
    "Strict supply (CS-3.1): a tower cannot roll more than the box's {dice} tower attack dice; this needs {need}.",
)
HP_SHORT = message(
    "cs.supply.hp_short",
    "Strict supply (CS-3.1): {what} needs more HP chips than the supply has left (wanted: {wanted}, "
    "left: {given}); place {given}.",
)
DICE_SHORT = message(
    "cs.supply.dice_short",
    "Strict supply (CS-3.1): {tower} has {need} attack chips but the box has {dice} tower attack dice; roll {dice}.",
)


def strict(state: CsState) -> bool:
    return state.options.strict_supply


def in_play(state: CsState) -> dict[str, int]:
    """Chips out of the pools now. Squad members below the top hold no HP chips (CS-9.8.3): theirs
    are placed only when they take the top (CS-9.8.5), so only the top's ``hp`` counts."""
    counts = dict.fromkeys(POOLS, 0)
    holders = [*state.units, *(u for p in state.pl for u in p.stack)]
    for u in holders:
        counts["hp"] += max(0, u.hp)
        for c in u.chips:
            counts[c] += 1
    for lm in state.landmarks:
        if lm.face_up:
            counts["hp"] += max(0, lm.hp)
    for t in state.towers:
        for c in t.chips:
            counts[c] += 1
    return counts


def left(state: CsState) -> dict[str, int]:
    """What each pool still holds (never below 0, even for a state set up by hand)."""
    used = in_play(state)
    return {k: max(0, POOLS[k] - used[k]) for k in POOLS}


def public(state: CsState) -> dict[str, int] | None:
    """The view's ``supply`` entry: the pools are on the table for all to count (CS-5.12), so the
    counts are public; None when the pools are unlimited (the default)."""
    if not strict(state):
        return None
    return {**left(state), "dice": TOWER_DICE}


def chips_fit(state: CsState, chips: Iterable[str]) -> bool:
    """Whether the upgrade chips named are all in the pools (always true without strict mode)."""
    if not strict(state):
        return True
    wanted = list(chips)
    have = left(state)
    return all(wanted.count(k) <= have[k] for k in UPGRADE_CHIPS)


def need_chips(state: CsState, chips: Iterable[str]) -> None:
    """Refuse (CS-3.1) a choice that takes more upgrade chips than the pools hold."""
    if not strict(state):
        return
    wanted = list(chips)
    have = left(state)
    for k in UPGRADE_CHIPS:
        n = wanted.count(k)
        need(n <= have[k], "CS-3.1", SHORT_CHIPS(need=n, chip=Ref(kind="chip", id=k), left=have[k]))


def need_hp(state: CsState, n: int) -> None:
    """Refuse (CS-3.1) a choice that needs more HP chips than the pool holds."""
    if strict(state):
        have = left(state)["hp"]
        need(n <= have, "CS-3.1", SHORT_HP(need=n, left=have))


def dice_fit(state: CsState, attack_chips: int) -> bool:
    return not strict(state) or attack_chips <= TOWER_DICE


def need_dice(state: CsState, attack_chips: int) -> None:
    """Refuse (CS-3.1) an upgrade after which the tower would roll more dice than the box has."""
    need(dice_fit(state, attack_chips), "CS-3.1", SHORT_DICE(dice=TOWER_DICE, need=attack_chips))


def dice_for(state: CsState, attack_chips: int) -> int:
    """How many tower attack dice a tower rolls: one per attack chip (CS-19.3.2), at most the box's six
    under strict supply."""
    return attack_chips if dice_fit(state, attack_chips) else TOWER_DICE


def clip_hp(state: CsState, wanted: int, what: Ref) -> tuple[int, list[Event]]:
    """HP chips a forced effect places: all ``wanted`` by default; under strict supply what is left,
    with an event saying what the table should place instead."""
    if wanted <= 0 or not strict(state):
        return max(0, wanted), []
    have = left(state)["hp"]
    if wanted <= have:
        return wanted, []
    return have, [Event.to_all("supply_short", HP_SHORT(what=what, wanted=wanted, given=have))]


def overdrawn(state: CsState) -> list[str]:
    """Invariant (CS-3.1): under strict supply no pool is ever overdrawn."""
    if not strict(state):
        return []
    used = in_play(state)
    return [f"{used[k]} {k} chips in play, the supply holds {POOLS[k]} (CS-3.1)" for k in POOLS if used[k] > POOLS[k]]
