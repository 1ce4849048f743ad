"""The slice of the Runewars content the hero rules read, indexed by id.

Apart from the hero rules so that the content catalog can build it without importing the rules
(and the rules' text helpers, which read the catalog for printed names).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.runewars.content.models import (
    DestinyCard,
    ExplorationToken,
    HeroCard,
    QuestCard,
    RewardCard,
    TacticsCard,
    UnitType,
)


@dataclass
class HeroContent:
    """Hero, quest, reward, destiny, exploration, unit and tactics entries by id."""

    heroes: dict[str, HeroCard] = field(default_factory=dict)
    quests: dict[str, QuestCard] = field(default_factory=dict)
    rewards: dict[str, RewardCard] = field(default_factory=dict)
    destiny: dict[int, DestinyCard] = field(default_factory=dict)
    exploration: dict[str, ExplorationToken] = field(default_factory=dict)
    units: dict[str, UnitType] = field(default_factory=dict)
    tactics: dict[str, TacticsCard] = field(default_factory=dict)

    @classmethod
    def from_runewars(cls, content: Any) -> HeroContent:
        def get(name: str) -> tuple[Any, ...]:
            return tuple(getattr(content, name, ()) or ())

        return cls(
            heroes={c.hero_id: c for c in get("hero_cards")},
            quests={c.quest_id: c for c in get("quest_cards")},
            rewards={c.reward_id: c for c in get("reward_cards")},
            destiny={c.number: c for c in get("destiny_cards")},
            exploration={t.token_id: t for t in get("exploration_tokens")},
            units={u.id: u for u in get("unit_types")},
            tactics={c.card_id: c for c in get("tactics_cards")},
        )
