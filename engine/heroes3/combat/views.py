"""What every seat sees of a combat side, shared by the skirmish's view and the Clash's.

Both games project the same combat models; one function keeps a field added for one game's
pictures or panels from going missing in the other's.
"""

from __future__ import annotations

from typing import Any

from .models import CombatSide, HeroDeck, PendingAttack


def public_side(side: CombatSide) -> dict[str, Any]:
    """The side's public fields: who owns and runs it, its hero and the hero's public counters."""
    return {
        "team": side.team,
        "owner": side.owner,
        "controller": side.controller,
        "faction": side.faction,
        "hero": side.hero,
        "main_hero": side.main_hero,
        "level": side.level,
        "expert_uses": side.expert_uses,
        "spells_cast": side.spells_cast,
        "power": side.pending_power,
        "morale": side.morale,
        "rerolls": side.rerolls - side.rerolls_used,  # granted by a card played in the open (announced)
        "mp": side.mp,
        "gold": side.gold,
        "war_machine": side.war_machine,  # H3-19: the owner's war machine in play (public, as the permanent)
        "tent_round": side.tent_round,  # the combat round the First Aid Tent was last used in
        "extra_ballistas": side.extra_ballistas,  # Torosar's cards that count as Ballistas (public, played)
        "cage_cubes": side.cage_cubes,  # the Fortress Cage of Warlords' cubes left (public, as on the town board)
        "cage_reward": side.cage_reward,  # "power": the Inferno Brimstone Stormclouds' cubes (+1 Power each)
        "school_boost": dict(side.school_boost),  # Adrienne's Fire Magic I / VI played (public)
    }


def public_deck(deck: HeroDeck) -> dict[str, Any]:
    """A hero deck as everyone sees it: the hand's and the draw pile's sizes and the discard (H-3);
    never the cards in the hand (H-1)."""
    return {
        "hand_size": len(deck.hand),
        "deck_size": len(deck.draw.draw_pile),
        "discard": [deck.names[c] for c in deck.discard],
    }


def public_attack(attack: PendingAttack | None) -> dict[str, Any] | None:
    """The attack under way as everyone sees it: never which seat readied a die-cancelling card
    (``ready``, answered as a pass in the card window, H3-35 ⟦H: hands hidden⟧)."""
    return attack.model_dump(exclude={"ready"}) if attack is not None else None
