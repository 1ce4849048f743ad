"""The AI enemy at setup (H3-41.1, H3-41.2, H3-41.6, H3-41.10): its town, its heroes in it, their
armies and their AI decks."""

from __future__ import annotations

from ..clash.state import AI_SEAT, AiHero, ClashState
from ..combat.models import ArmyCard
from ..content import load
from ..content.clash import Scenario, clash_content
from ..neutrals import aicards


def place_ai(state: ClashState, sc: Scenario) -> None:
    """The AI faction's starting tile holds its town (its centre field, as a player's town, H3-6.22),
    flagged by the AI. Every AI hero starts there (H3-41.4). A unit listed as "tier:<tier>" is a
    neutral unit drawn from that tier's deck (H3-41.1); a unit card another AI hero already holds
    is shared: it joins this hero's army when a combat with it begins (H3-41.2). AI heroes naming
    the same ``deck`` share one set of AI decks (H3-41.10)."""
    ai = sc.ai
    if ai is None:
        return
    c = clash_content()
    tile = next(t for t in state.tiles if t.kind == "starting" and c.tiles[t.tile].faction == ai.faction)
    state.ai_faction = ai.faction
    state.ai_town = tile.centre
    fs = state.field(tile.centre)
    fs.flag, fs.ever_flagged = AI_SEAT, True
    held: set[str] = set()
    for spec in ai.heroes:
        key = spec.deck or spec.id
        if key not in state.ai_decks:
            state.ai_decks[key] = aicards.build(
                dict(spec.cards), list(spec.spells), spec.skill, state.difficulty, state.rng
            )
        hero = AiHero(id=spec.id, hero=spec.hero, field=tile.centre, last_visited=tile.centre, deck=key)
        for entry in spec.units:
            name, side = entry.split(":")
            if name == "tier":
                drawn = state.neutral_decks[side].draw_one(state.rng)
                if drawn is not None:
                    hero.army.append(ArmyCard(card=drawn, side="neutral"))
                continue
            load().unit(name)  # a unit card the content knows
            (hero.shared if name in held else hero.army).append(ArmyCard(card=name, side=side))
            held.add(name)
        state.ai_heroes.append(hero)
