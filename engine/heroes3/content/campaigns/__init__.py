"""Solo campaigns as data (H3-3.2.2, H3-44): a chain of 1-player Cooperative scenarios, each with the
income the player starts it with (H3-44.1: 10 gold, 0 building materials, 0 valuables unless the
campaign says otherwise) and the campaign's own starting bonus, which replaces the difficulty bonus
(H3-4.5). No campaign book is public, so every campaign here is house and says so in its text.

The engine (coop/campaign.py) plays a campaign as one game; this module only loads and cross-checks
the data, so that the setup can read it without importing the engine.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from ..clash import Choice, Resources, clash_content

HERE = Path(__file__).parent
CAMPAIGN_INCOME = Resources(gold=10)  # H3-44.1


class CampaignScenario(BaseModel):
    """One link of the chain: the scenario, the income cubes it starts with (H3-44.1) and the bonus
    (H3-4.5): one choice is simply resolved, several are offered to the player."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: str
    income: Resources = CAMPAIGN_INCOME
    bonus: tuple[Choice, ...] = ()


class CampaignSpec(BaseModel):
    """A campaign (H3-3.2.2). ``hero``: the hero the campaign recommends (H3-44.6), none for any."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    house: bool = True
    text: str = ""
    hero: str | None = None
    scenarios: tuple[CampaignScenario, ...] = Field(min_length=1)

    def factions(self) -> list[str]:
        """The factions a player may take: those every scenario of the chain allows, since the hero
        stays of one faction (H3-44.6)."""
        c = clash_content()
        first = c.scenarios[self.scenarios[0].scenario].factions
        return [f for f in first if all(f in c.scenarios[s.scenario].factions for s in self.scenarios)]


@cache
def campaigns() -> dict[str, CampaignSpec]:
    """Every campaign of this folder, checked against the scenarios (cached; content is immutable)."""
    out: dict[str, CampaignSpec] = {}
    for path in sorted(HERE.glob("*.json")):
        spec = CampaignSpec.model_validate(json.loads(path.read_text(encoding="utf-8")))
        out[spec.id] = spec
    problems = [p for spec in out.values() for p in check(spec)]
    if problems:
        raise ValueError("campaign content:\n" + "\n".join(problems))
    return out


def check(spec: CampaignSpec) -> list[str]:
    """H3-3.2.2: a campaign is solo against an AI enemy, so every link is a 1-player Cooperative
    scenario; the chain must leave the player at least one faction to play throughout."""
    c = clash_content()
    problems: list[str] = []
    for link in spec.scenarios:
        sc = c.scenarios.get(link.scenario)
        if sc is None:
            problems.append(f"campaign {spec.id}: unknown scenario {link.scenario!r}")
        elif sc.type != "cooperative" or sc.players != 1 or sc.ai is None:
            problems.append(f"campaign {spec.id}: {link.scenario} is not a 1-player Cooperative scenario")
    if not problems and not spec.factions():
        problems.append(f"campaign {spec.id}: no faction is allowed in every scenario")
    if spec.hero is not None and spec.hero not in c.heroes:
        problems.append(f"campaign {spec.id}: unknown hero {spec.hero!r}")
    return problems
