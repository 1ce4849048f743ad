"""Fixtures for the hero, quest and duel tests (no tests here).

The fixture content is built from the content models directly, so these tests do not
depend on the transcribed data files: the 30 destiny cards are the public table of
``shared/reference/game-data.md`` §1.3, and the heroes and rewards of EX-12 carry the
values the spec derives (D-9, D-10).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.core import Rng
from engine.runewars.content.effects import (
    CancelDamage,
    ChooseOne,
    DamageHero,
    DamageUnits,
    DrawCards,
    GainDragonRune,
    GainInfluence,
    Gm,
    Quantity,
    RuleModifier,
    UnitFilter,
)
from engine.runewars.content.models import (
    AttributeTest,
    DestinyCard,
    DestinyIcon,
    ExplorationToken,
    HeroAbility,
    HeroCard,
    NeutralDuel,
    QuestCard,
    RewardCard,
    UnitSpecial,
    UnitType,
)
from engine.runewars.heroes.core import HeroContent

# number: (triangle, circle, rectangle, hexagon, fate) -- game-data.md §1.3
_DESTINY = """
1 - S1 R2 D2 red
2 - S1 R2 D1 red
3 - S1 S1 D1 grey
4 - S1 S1 - grey
5 R1 D1 - - gold
6 R1 D1 - S1 red
7 R1 - - S1 gold
8 R1 - R1 D3 red
9 S1 - R1 D3 red
10 S1 - R1 D2 red
11 - S1 D2 D2 red
12 - S1 D2 D1 red
13 - S1 S1 D1 grey
14 - S1 S1 D1 grey
15 D1 R1 - - grey
16 D1 R1 - S1 red
17 D1 - - S1 gold
18 D1 - D1 D3 red
19 S1 - D1 - red
20 S1 - D1 D2 red
21 - S1 D2 R2 red
22 - S1 D2 R2 red
23 - S1 S1 R1 grey
24 - S1 S1 - grey
25 D1 D1 - - grey
26 D1 D1 - S1 red
27 D1 - - S1 gold
28 D1 - D1 R2 red
29 S1 - D1 R2 red
30 S1 - D1 R2 red
"""
_FATE = {"red": "CONFRONT", "grey": "WITHDRAW", "gold": "ALLY"}
_KIND = {"S": "special", "R": "rout", "D": "damage"}


def _icon(text: str) -> tuple[DestinyIcon, ...]:
    if text == "-":
        return (DestinyIcon(kind="blank", amount=0),)
    return (DestinyIcon(kind=_KIND[text[0]], amount=int(text[1:])),)


def destiny_cards() -> dict[int, DestinyCard]:
    out = {}
    for line in _DESTINY.strip().splitlines():
        n, tri, cir, rect, hexa, fate = line.split()
        out[int(n)] = DestinyCard(
            house=False,
            number=int(n),
            fate=_FATE[fate],
            triangle=_icon(tri),
            circle=_icon(cir),
            rectangle=_icon(rect),
            hexagon=_icon(hexa),
        )
    return out


# Cards by what a hero (circle) reads, for scripting duels.
CIRCLE_SPECIAL = [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24]
CIRCLE_DAMAGE = [5, 6, 25, 26]
CIRCLE_ROUT = [15, 16]
CIRCLE_BLANK = [7, 8, 9, 10, 17, 18, 19, 20, 27, 28, 29, 30]
ALLY = [5, 7, 17, 27]
CONFRONT = [1, 2, 6, 8]


def _hero(
    hid: str, name: str, align: str, health: int, s: int, a: int, w: int, ability: HeroAbility | None = None
) -> HeroCard:
    return HeroCard(
        house=True,
        hero_id=hid,
        name=name,
        alignment=align,
        health=health,
        strength=s,
        agility=a,
        wisdom=w,
        ability=ability or HeroAbility(timing="passive", text="No ability in this fixture.", effects=()),
    )


def content() -> HeroContent:
    heroes = [
        _hero(
            "hero_mad_carthos",
            "Mad Carthos",
            "evil",
            4,
            2,
            2,
            1,
            HeroAbility(
                timing="start_of_duel_as_attacker",
                text="At the start of a duel he starts, deal 1 damage to the defending hero.",
                effects=(DamageHero(amount=1, target="opposing_hero"),),
            ),
        ),
        _hero("hero_silhouette", "Silhouette", "good", 3, 1, 3, 2),
        _hero("hero_elf_ranger", "Elf Ranger", "good", 4, 2, 2, 2),
        _hero("hero_uthuk_brute", "Uthuk Brute", "evil", 5, 3, 1, 0),
        _hero("hero_uthuk_seer", "Uthuk Seer", "evil", 3, 1, 1, 3),
        _hero("hero_wanderer", "Grey Wanderer", "neutral", 4, 2, 2, 2),
        _hero("hero_paladin", "Paladin", "good", 5, 3, 1, 1),
        _hero("hero_lich", "Lich", "evil", 4, 1, 1, 3),
        _hero(
            "hero_vorna",
            "Vorna",
            "evil",
            4,
            3,
            3,
            1,
            HeroAbility(
                timing="start_of_duel",
                text="May take 1 damage to deal 2.",
                effects=(
                    ChooseOne(
                        options=(
                            (),
                            (DamageHero(amount=1, target="own_hero"), DamageHero(amount=2, target="opposing_hero")),
                        )
                    ),
                ),
            ),
        ),
        _hero(
            "hero_swift",
            "Swift Scout",
            "neutral",
            3,
            1,
            2,
            1,
            HeroAbility(
                timing="quest_phase",
                text="May move 1 additional area in the quest phase.",
                effects=(RuleModifier(rule="hero_move_plus_one", duration="quest_phase"),),
            ),
        ),
        _hero(
            "hero_thalen",
            "Thalen",
            "good",
            4,
            2,
            1,
            2,
            HeroAbility(
                timing="attribute_test",
                text="Draw 1 additional destiny card in each attribute test.",
                effects=(DrawCards(deck="destiny", amount=1),),
            ),
        ),
    ]
    rewards = [
        RewardCard(
            house=False,
            reward_id="reward_blade_of_fury",
            name="Blade of Fury",
            trait="weapon",
            trigger="duel_special",
            single_use=False,
            text="Special icon in a duel: deal damage equal to this hero's strength.",
            effects=(DamageHero(amount=Quantity(per="hero_strength"), target="opposing_hero"),),
        ),
        RewardCard(
            house=False,
            reward_id="reward_rune_armor",
            name="Rune Armor",
            trait="armor",
            trigger="duel_round",
            single_use=False,
            text="Cancel 1 damage dealt to this hero.",
            effects=(CancelDamage(amount=1),),
        ),
        RewardCard(
            house=True,
            reward_id="reward_war_axe",
            name="War Axe",
            trait="weapon",
            trigger="duel_special",
            single_use=False,
            text="Special icon in a duel: deal 2 damage.",
            effects=(DamageHero(amount=2, target="opposing_hero"),),
        ),
        RewardCard(
            house=True,
            reward_id="reward_dragon_scale",
            name="Dragon Scale",
            trait="armor",
            trigger="duel_round",
            single_use=False,
            text="Cancel 2 damage.",
            effects=(CancelDamage(amount=2),),
        ),
        RewardCard(
            house=True,
            reward_id="reward_rune_map",
            name="Rune Map",
            trait="none",
            trigger="quest_phase",
            single_use=True,
            text="Gain a dragon rune.",
            effects=(GainDragonRune(),),
        ),
        RewardCard(
            house=True,
            reward_id="reward_gold_purse",
            name="Gold Purse",
            trait="none",
            trigger="quest_phase",
            single_use=True,
            text="Gain 2 influence.",
            effects=(GainInfluence(amount=2),),
        ),
        RewardCard(
            house=True,
            reward_id="reward_ward_charm",
            name="Ward Charm",
            trait="none",
            trigger="duel_round",
            single_use=True,
            text="Cancel up to 2 damage for the rest of the duel.",
            effects=(CancelDamage(amount=2, per="duel"),),
        ),
        RewardCard(
            house=True,
            reward_id="reward_lucky_coin",
            name="Lucky Coin",
            trait="none",
            trigger="attribute_test",
            single_use=True,
            text="Draw 1 more destiny card in a test.",
            effects=(DrawCards(deck="destiny", amount=1),),
        ),
        RewardCard(
            house=True,
            reward_id="reward_odd_relic",
            name="Odd Relic",
            trait="none",
            trigger="quest_phase",
            single_use=False,
            text="Something only a GM can judge.",
            effects=(Gm(text="Odd relic effect."),),
        ),
    ]
    gain_reward = (DrawCards(deck="reward", amount=1),)
    quests = [
        QuestCard(
            house=False,
            quest_id="quest_3a_agility",
            name="Swift Passage",
            flavour="",
            area_id="3A",
            instructions="Go to 3A and test agility; gain a reward.",
            test=AttributeTest(attribute="agility", fates=("ALLY",)),
            success=gain_reward,
        ),
        QuestCard(
            house=True,
            quest_id="quest_2b_wisdom",
            name="Old Library",
            flavour="",
            area_id="2B",
            instructions="Test wisdom in 2B.",
            test=AttributeTest(attribute="wisdom", fates=("ALLY", "WITHDRAW")),
            success=gain_reward + (GainInfluence(amount=1),),
        ),
        QuestCard(
            house=True,
            quest_id="quest_2a_beast",
            name="Beast Hunt",
            flavour="",
            area_id="2A",
            instructions="Duel a Beastman in 2A; gain a reward.",
            duel=NeutralDuel(unit_type="BEASTMAN"),
            success=gain_reward,
        ),
        QuestCard(
            house=True,
            quest_id="quest_2a_chimera",
            name="Chimera",
            flavour="",
            area_id="2A",
            instructions="Duel a Chimera in 2A.",
            duel=NeutralDuel(unit_type="CHIMERA"),
            success=gain_reward,
        ),
        QuestCard(
            house=True,
            quest_id="quest_anywhere_gm",
            name="Strange Omen",
            flavour="",
            area_id=None,
            instructions="Something scripted.",
            success=(Gm(text="Resolve the omen."),),
        ),
        QuestCard(
            house=True,
            quest_id="quest_3b_strength",
            name="Bend the Bars",
            flavour="",
            area_id="3B",
            instructions="Test strength.",
            test=AttributeTest(attribute="strength", fates=("ALLY",)),
            success=gain_reward,
        ),
        QuestCard(
            house=True,
            quest_id="quest_1a_wisdom",
            name="Hermit",
            flavour="",
            area_id="1A",
            instructions="Test wisdom.",
            test=AttributeTest(attribute="wisdom", fates=("WITHDRAW",)),
            success=gain_reward,
        ),
        QuestCard(
            house=True,
            quest_id="quest_1b_agility",
            name="Rope Bridge",
            flavour="",
            area_id="1B",
            instructions="Test agility.",
            test=AttributeTest(attribute="agility", fates=("ALLY", "CONFRONT")),
            success=gain_reward,
        ),
    ]
    units = [
        UnitType(
            house=False,
            id="BEASTMAN",
            name="Beastmen",
            faction="neutral",
            count=8,
            shape="triangle",
            health=1,
            initiative=2,
            special=UnitSpecial(
                name="Ravage",
                text="1 damage, then draw another fate card.",
                effects=(DamageUnits(amount=1), DrawCards(deck="destiny", amount=1, once_per_unit=True)),
            ),
        ),
        UnitType(
            house=True,
            id="CHIMERA",
            name="Chimera",
            faction="neutral",
            count=1,
            shape="rectangle",
            health=2,
            initiative=3,
            special=UnitSpecial(
                name="Two Heads",
                text="Either 2 damage or 1 damage to a circle.",
                effects=(
                    ChooseOne(
                        options=(
                            (DamageUnits(amount=2),),
                            (DamageUnits(amount=1, filter=UnitFilter(shapes=("circle",))),),
                        )
                    ),
                ),
            ),
        ),
    ]
    tokens = [
        ExplorationToken(
            house=True,
            token_id=f"expl_{t}",
            back=1,
            type=t,
            kind=k,
            resource="food" if t == "village" else None,
        )
        for t, k in [
            ("dragon_throne", "destructible_site"),
            ("village", "destructible_site"),
            ("magic_portal", "destructible_site"),
            ("dungeon", "site"),
            ("temple", "site"),
            ("hall", "site"),
            ("travelling_merchant", "event"),
            ("ambush", "event"),
            ("prophets_scroll", "event"),
            ("training", "event"),
        ]
    ] + [
        ExplorationToken(
            house=True, token_id="expl_magic_portal_b", back=2, type="magic_portal", kind="destructible_site"
        )
    ]
    return HeroContent(
        heroes={h.hero_id: h for h in heroes},
        quests={q.quest_id: q for q in quests},
        rewards={r.reward_id: r for r in rewards},
        destiny=destiny_cards(),
        exploration={t.token_id: t for t in tokens},
        units={u.id: u for u in units},
    )


CONTENT = content()

# A small map: a 3x3 grid of areas "1A".."3C" (row digit, column letter), each adjacent
# to its orthogonal and one diagonal neighbour, like hexes.
GRID = [["1A", "1B", "1C"], ["2A", "2B", "2C"], ["3A", "3B", "3C"]]


def grid_adjacency() -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {a: set() for row in GRID for a in row}
    for r in range(3):
        for c in range(3):
            for dr, dc in ((0, 1), (1, 0), (1, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < 3 and 0 <= cc < 3:
                    adj[GRID[r][c]].add(GRID[rr][cc])
                    adj[GRID[rr][cc]].add(GRID[r][c])
    return adj


@dataclass
class FakeCtx:
    """The flow's Ctx, faked: a fixed destiny order first, then a seeded shuffle of the rest."""

    content: HeroContent = field(default_factory=lambda: CONTENT)
    adj: dict[str, set[str]] = field(default_factory=grid_adjacency)
    walls: set[frozenset[str]] = field(default_factory=set)
    controllers: dict[str, int | None] = field(default_factory=dict)
    occupied: set[str] = field(default_factory=set)  # areas with units (not empty)
    players: int = 2
    deck: list[int] = field(default_factory=list)
    discarded: list[int] = field(default_factory=list)
    influence: dict[int, int] = field(default_factory=dict)
    exploration: bool | None = None
    tactics: dict[int, list[str]] = field(default_factory=dict)
    seed: int = 1
    drawn: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._rng = Rng.from_seed(self.seed)
        self._random = random.Random(self.seed)

    def draw(self) -> int:
        if not self.deck:
            pool = [n for n in range(1, 31)]
            self._random.shuffle(pool)
            self.deck = pool
        n = self.deck.pop(0)
        self.drawn.append(n)
        return n

    def discard(self, cards: list[int]) -> None:
        self.discarded.extend(cards)

    def neighbours(self, area: str) -> list[str]:
        return sorted(self.adj.get(area, set()))

    def passable(self, a: str, b: str, flying: bool = False, seat: int | None = None) -> bool:
        return b in self.adj.get(a, set()) and frozenset((a, b)) not in self.walls

    def controller(self, area: str) -> int | None:
        return self.controllers.get(area)

    def is_friendly(self, area: str, seat: int) -> bool:
        return self.controllers.get(area) == seat

    def is_empty(self, area: str) -> bool:
        return area not in self.occupied and self.controllers.get(area) is None

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def rng(self) -> Rng:
        return self._rng

    def influence_of(self, seat: int) -> int:
        return self.influence.get(seat, 0)

    def areas(self) -> list[str]:
        return sorted(self.adj)

    def duel_tactics(self, seat: int) -> list[str]:
        return list(self.tactics.get(seat, []))


def play_all(qs: Any, hs: Any, ctx: Any, seed: int = 0, cap: int = 500, check: bool = False) -> int:
    """Play the quest phase to its end with random legal actions; returns the number of actions.

    With ``check``: every offered option must apply to a copy of the game, and no public
    event may carry a string that is secret once the action is applied.
    """
    import copy
    import json

    from engine.runewars.heroes.core import heroes_secrets, take_outbox
    from engine.runewars.heroes.quests import apply_quest_action, quest_phase_prompts, sample_quest_action

    rnd = random.Random(seed)
    for n in range(cap):
        prompts = quest_phase_prompts(qs, hs, ctx)
        if not prompts:
            return n
        seat = prompts[0].seat
        if check:
            for p in prompts:
                for option in p.options:
                    q2, h2, c2 = copy.deepcopy(qs), copy.deepcopy(hs), copy.deepcopy(ctx)
                    apply_quest_action(q2, h2, p.seat, option.action, c2)
        events = apply_quest_action(qs, hs, seat, sample_quest_action(qs, hs, seat, rnd, ctx), ctx)
        if check:
            secrets = {v for values in heroes_secrets(hs).values() for v in values}
            for e in events:
                if e.public:
                    blob = e.text + json.dumps(e.data, default=str)
                    leaked = [v for v in secrets if v in blob]
                    assert not leaked, (e.kind, leaked)
        take_outbox(hs)
    raise AssertionError("the quest phase did not end")
