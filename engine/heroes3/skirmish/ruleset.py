"""The ``heroes3-skirmish`` ruleset: two players pick a faction, a hero and an army (or a preset)
and fight one combat with their decks; or one player fights neutrals drawn from the
difficulty table, controlled by the other player (H3-32.4) or by the engine (H3-40).

It calls exactly what the adventure game calls: ``start_combat`` and the steps ``install``
registers (combat/flow.py), the difficulty table (neutrals/difficulty.py) and the AI.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

from pydantic import Field, TypeAdapter

from engine.core import Deck, Event, GameOptions, Option, Prompt, Result, Rng, Ruleset, RuleViolation
from engine.core.errors import CORE_BAD_ACTION, CORE_NOT_YOUR_TURN
from engine.core.flow import Flow, Step
from engine.core.text import Message, Ref, message

from .. import messages as m
from ..clash.state import DIFFICULTY_VALUES
from ..combat import cards as card_rules
from ..combat import flow as combat_flow
from ..combat.actions import CombatAction
from ..combat.board import square
from ..combat.models import (
    TOWER,
    ArmyCard,
    Combat,
    CombatHost,
    CombatResult,
    CombatSide,
    HeroDeck,
    Unit,
)
from ..combat.outcome import consequences
from ..combat.views import public_attack, public_deck, public_side
from ..content import FACTIONS, load
from ..content.clash import clash_content
from ..content.names import Heroes3Names
from ..content.names import names as content_names
from ..neutrals import aicards
from ..neutrals.difficulty import Difficulty, draw_neutrals, new_decks

HAND_LIMIT = {1: 4, 2: 4, 3: 5, 4: 5, 5: 6, 6: 6, 7: 7}  # E-11 ⟨R⟩
EXPERT_USES = {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 3}  # E-11 ⟨R⟩


class SkirmishOptions(GameOptions):
    mode: Literal["duel", "siege", "neutral", "ai_hero"] = "duel"
    heroes: list[str | None] | None = None
    armies: list[list[str] | None] | None = None  # "unit:side" entries, e.g. "griffins:pack"
    preset: Literal["starter", "full"] = "full"
    level: int = Field(default=2, ge=1, le=7)
    difficulty: Difficulty = "normal"
    field_level: int = Field(default=3, ge=0, le=7)  # 0: a random field level (I..VII) per game
    neutral_ai: bool = False  # H3-40: the engine runs the neutrals (Campaign/Cooperative); else seat 1 (H3-32.4)
    secondary: bool = False  # duel: the defender is a secondary hero (no cards, may yield, H3-30.5)
    # ai_hero mode: seat 0 fights an AI hero (H3-41) with seat 1's faction, hero and army
    ai_cards: dict[str, int] = Field(default_factory=lambda: {"might": 4, "magic": 2, "skill": 2})
    ai_spells: list[str] = Field(
        default_factory=lambda: ["magic_arrow", "lightning_bolt", "stone_skin", "cure", "weakness", "fire_shield"]
    )
    ai_skill: str | None = "offense"
    mp: int = Field(default=2, ge=0, le=6)
    morale: bool = True  # house: each hero starts with a positive morale token
    gold: int = Field(default=10, ge=0)


# What a lobby shows for each option a table chose (``name: value``, never the option's id), what
# each option means (``/game new`` help and refusals), and the words for id-like values.
OPTION_NAMES: dict[str, Message] = {
    "mode": message("h3.skirmish.option.name.mode", "mode"),
    "heroes": message("h3.skirmish.option.name.heroes", "heroes"),
    "armies": message("h3.skirmish.option.name.armies", "armies"),
    "preset": message("h3.skirmish.option.name.preset", "army preset"),
    "level": message("h3.skirmish.option.name.level", "hero level"),
    "difficulty": message("h3.skirmish.option.name.difficulty", "difficulty"),
    "field_level": message("h3.skirmish.option.name.field_level", "field level"),
    "neutral_ai": message("h3.skirmish.option.name.neutral_ai", "the bot plays the neutrals"),
    "secondary": message("h3.skirmish.option.name.secondary", "the defender is a secondary hero"),
    "ai_cards": message("h3.skirmish.option.name.ai_cards", "AI hero cards"),
    "ai_spells": message("h3.skirmish.option.name.ai_spells", "AI hero spells"),
    "ai_skill": message("h3.skirmish.option.name.ai_skill", "AI hero ability"),
    "mp": message("h3.skirmish.option.name.mp", "movement points"),
    "morale": message("h3.skirmish.option.name.morale", "starting positive morale"),
    "gold": message("h3.skirmish.option.name.gold", "gold"),
}
OPTION_LABELS: dict[str, Message] = {
    "mode": message("h3.skirmish.option.mode", "Duel, siege, a fight against neutrals, or against an AI hero (H3-41)"),
    "heroes": message("h3.skirmish.option.heroes", "Each seat's hero; none: chosen when joining"),
    "armies": message("h3.skirmish.option.armies", "Each seat's army as unit:side entries; none: the preset"),
    "preset": message("h3.skirmish.option.preset", "The ready-made army: starter or full"),
    "level": message("h3.skirmish.option.level", "The heroes' level, 1 to 7 (H3-12.10)"),
    "difficulty": message("h3.skirmish.option.difficulty", "Difficulty for neutrals and the AI hero (H3-4)"),
    "field_level": message("h3.skirmish.option.field_level", "The field's level, 1 to 7; 0: at random (H3-22.6)"),
    "neutral_ai": message(
        "h3.skirmish.option.neutral_ai", "The bot runs the neutrals (H3-40); off: the second seat does (H3-32.4)"
    ),
    "secondary": message(
        "h3.skirmish.option.secondary", "Duel: the defender is a secondary hero, no cards, may yield (H3-30.5)"
    ),
    "ai_cards": message(
        "h3.skirmish.option.ai_cards", "How many might, magic and skill cards the AI hero has (H3-41.6)"
    ),
    "ai_spells": message("h3.skirmish.option.ai_spells", "The AI hero's spell deck (H3-41.7)"),
    "ai_skill": message("h3.skirmish.option.ai_skill", "The AI hero's ability card: offense, armorer or none"),
    "mp": message("h3.skirmish.option.mp", "Movement points each hero starts with (H3-9)"),
    "morale": message("h3.skirmish.option.morale", "Each hero starts with a positive morale token (house rule)"),
    "gold": message("h3.skirmish.option.gold", "Gold each player starts with (H3-20.1)"),
}
OPTION_VALUES: dict[str, dict[str, Message]] = {
    "mode": {
        "duel": message("h3.skirmish.option.value.mode.duel", "duel"),
        "siege": message("h3.skirmish.option.value.mode.siege", "siege"),
        "neutral": message("h3.skirmish.option.value.mode.neutral", "against neutrals"),
        "ai_hero": message("h3.skirmish.option.value.mode.ai_hero", "against an AI hero"),
    },
    "heroes": {"None": message("h3.skirmish.option.value.heroes.none", "chosen when joining")},
    "armies": {"None": message("h3.skirmish.option.value.armies.none", "the preset")},
    "preset": {
        "starter": message("h3.skirmish.option.value.preset.starter", "starter"),
        "full": message("h3.skirmish.option.value.preset.full", "full"),
    },
    "difficulty": DIFFICULTY_VALUES,
    "field_level": {"0": message("h3.skirmish.option.value.field_level.random", "at random")},
    "ai_skill": {
        "None": message("h3.skirmish.option.value.ai_skill.none", "none"),
        "offense": message("h3.skirmish.option.value.ai_skill.offense", "Offense"),
        "armorer": message("h3.skirmish.option.value.ai_skill.armorer", "Armorer"),
    },
}


AI_CARD_KINDS: dict[str, Message] = {
    "might": message("h3.skirmish.option.value.ai_cards.might", "Might"),
    "magic": message("h3.skirmish.option.value.ai_cards.magic", "Magic"),
    "skill": message("h3.skirmish.option.value.ai_cards.skill", "Skill"),
}
AI_CARDS_COUNT = message("h3.skirmish.option.value.ai_cards.count", "{kind} ×{n}")
UNIT_SIDE = message("h3.skirmish.option.value.armies.unit", "{unit} ({side})")
UNIT_SIDES: dict[str, Message] = {
    "few": message("h3.skirmish.option.value.armies.few", "Few"),
    "pack": message("h3.skirmish.option.value.armies.pack", "Pack"),
}
ARMY = message("h3.skirmish.option.value.armies.army", "[{units}]")


def _unit(entry: str) -> Any:
    unit, _, side = entry.partition(":")
    word = UNIT_SIDES.get(side)
    return UNIT_SIDE(unit=Ref(kind="unit", id=unit), side=word()) if word is not None else Ref(kind="unit", id=unit)


def option_shown(key: str, value: Any) -> Any | None:
    """A list- or dict-valued option in words (heroes, units and spells by their printed names,
    the AI's card counts by type), for the lobby's option line; ``None`` where plain words do."""
    if key == "heroes" and isinstance(value, list):
        return [Ref(kind="hero", id=h) if h else OPTION_VALUES["heroes"]["None"]() for h in value]
    if key == "armies" and isinstance(value, list):
        return [ARMY(units=[_unit(e) for e in a]) if a else OPTION_VALUES["armies"]["None"]() for a in value]
    if key == "ai_spells" and isinstance(value, list):
        return [Ref(kind="card", id=s) for s in value]
    if key == "ai_cards" and isinstance(value, dict):
        return [AI_CARDS_COUNT(kind=AI_CARD_KINDS[k]() if k in AI_CARD_KINDS else k, n=n) for k, n in value.items()]
    return None


class SkirmishState(CombatHost):
    mode: str = "duel"
    start_mp: int = 0
    order: list[tuple[int, str, int, int]] = Field(default_factory=list)  # (round, uid, initiative, best waiting)


def unit_places(combat: Combat) -> dict[str, str]:
    """Unit id -> its place in this game's view: its square "column,row", or the unit itself when it is
    in play beside the board (the arrow tower, H3-39.8); a unit still to be placed has none."""
    out: dict[str, str] = {}
    for u in combat.units:
        if u.pos is not None:
            out.setdefault(u.uid, square(u.pos))
        elif u.placed:
            out.setdefault(u.uid, u.uid)
    return out


def placed(option: Option, places: dict[str, str]) -> Option:
    """``option`` with the place it chooses (``Option.at``), for the decision picture: a square it names
    (set where it is built), else the unit it aims at, else the unit that acts (defend, end, a card on it)."""
    if option.at is not None:
        return option
    for key in ("target", "unit"):
        uid = option.action.get(key)
        if isinstance(uid, str) and uid in places:
            return option.model_copy(update={"at": places[uid]})
    return option


def _finished(state: SkirmishState) -> bool:
    return state.combat is not None and state.combat.result is not None


def _new_key(state: SkirmishState, kind: str) -> str:
    state.next_key += 1
    return f"{kind}-{state.next_key}"


FLOW: Flow[Any, Step] = Flow("heroes3-skirmish", Step, _new_key, _finished)
combat_flow.install(FLOW)


@FLOW.after_step
def _record_order(state: SkirmishState) -> list[Event]:
    """Keeps the activation order for the initiative invariant (H3-34.2)."""
    combat = state.combat
    if combat is None or combat.active is None:
        return []
    if state.order and state.order[-1][:2] == (combat.round, combat.active):
        return []
    u = combat.unit(combat.active)
    # The initiative the unit was chosen with (``last_tie``, set as it activates): an activation
    # effect may flip it to Few at once (neutral Haspids' mark), which must not look like a skip.
    init = combat.last_tie[0] if combat.last_tie is not None else u.initiative()
    waiting = [w.initiative() for w in combat.units if w.alive and w.placed and not w.activated]
    state.order.append((combat.round, u.uid, init, max(waiting, default=init)))
    return []


class Skirmish(Ruleset[SkirmishState, SkirmishOptions]):
    name: ClassVar[str] = "heroes3-skirmish"
    title: ClassVar[str] = "Heroes III: skirmish"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    factions: ClassVar[tuple[str, ...]] = FACTIONS
    state_model: ClassVar[type[SkirmishState]] = SkirmishState
    options_model: ClassVar[type[SkirmishOptions]] = SkirmishOptions
    # the lobby shows options by name, not id; the labels say what each means (``/game new``)
    option_labels: ClassVar[dict[str, Message]] = OPTION_LABELS
    option_names: ClassVar[dict[str, Message]] = OPTION_NAMES
    option_values: ClassVar[dict[str, dict[str, Message]]] = OPTION_VALUES
    option_shown = staticmethod(option_shown)
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(CombatAction)

    # ---- setup ----------------------------------------------------------------------------------
    def _setup(self, options: SkirmishOptions, rng: Rng) -> SkirmishState:
        content = load()
        state = SkirmishState(ruleset=self.name, players=options.players, rng=rng, mode=options.mode)
        state.neutral_decks = new_decks(state.rng)
        picks = [self._pick(options, seat, state.rng) for seat in range(2)]
        sides: list[CombatSide] = []
        for seat, (faction, hero, army) in enumerate(picks):
            if seat == 1 and options.mode == "neutral":
                continue
            if seat == 1 and options.mode == "ai_hero":
                sides.append(self._ai_side(options, faction, hero, army, state.rng))
                continue
            secondary = seat == 1 and options.secondary and options.mode == "duel"
            deck: HeroDeck | None = None
            if not secondary:  # H3-35.1: a secondary hero's owner plays no cards
                deck = HeroDeck()
                for i, card in enumerate(content.hero_deck(hero)):
                    deck.names[f"s{seat}c{i:02d}"] = card
                deck.draw = Deck[str].shuffled(list(deck.names), state.rng)
            sides.append(
                CombatSide(
                    team=seat,
                    owner=seat,
                    controller=seat,
                    faction=faction,
                    hero=hero,
                    main_hero=not secondary,
                    level=options.level,
                    deck=deck,
                    expert_uses=0 if secondary else EXPERT_USES[options.level],
                    morale=1 if options.morale and faction != "necropolis" else 0,  # H3-11.5
                    mp=options.mp,
                    gold=options.gold,
                    army=[ArmyCard(card=c, side=s) for c, s in army],
                )
            )
        kind: Literal["player", "neutral", "siege"] = (
            "neutral" if options.mode == "neutral" else "siege" if options.mode == "siege" else "player"
        )
        combat = Combat(kind=kind, sides=sides)
        if options.mode == "neutral":
            field = options.field_level or 1 + state.rng.below(7)
            combat.field_level = field
            combat.sides.append(CombatSide(team=1, controller=None if options.neutral_ai else 1))
            state.start_mp = options.mp
            if options.level > field:
                # H3-31.1: quick combat, no neutral cards are drawn and no XP.
                after = consequences(combat, "quick", 0, 0, None)
                combat.result = CombatResult(outcome="quick", winner=0, consequences=after)
                state.combat = combat
                return state
            drawn = draw_neutrals(state.neutral_decks, field, options.difficulty, state.rng)
            for i, card in enumerate(drawn):
                combat.units.append(Unit(uid=f"n{i + 1}", card=card, side="neutral", team=1, army_index=i))
            combat.time_limit = not any(content.unit(c).tier == "azure" for c in drawn)  # H3-36.1 / H3-36.4
        for side in combat.sides:
            if side.owner is None and side.ai is None:
                continue
            for i, a in enumerate(side.army):
                combat.units.append(
                    Unit(uid=f"{'ad'[side.team]}{i + 1}", card=a.card, side=a.side, team=side.team, army_index=i)
                )
        if options.mode == "siege":
            combat.units.append(Unit(uid=TOWER, card="arrow_tower", side="neutral", team=1))
        for side in combat.sides:
            card_rules.draw(side, HAND_LIMIT[options.level], state.rng)
        combat_flow.start_combat(FLOW, state, combat)
        FLOW.advance(state)
        return state

    def _ai_side(
        self, options: SkirmishOptions, faction: str, hero: str, army: list[tuple[str, str]], rng: Rng
    ) -> CombatSide:
        """H3-41.1: an AI hero has no hero board, resources or Might & Magic deck; its army is fixed
        and its combat decks are the AI deck and the AI spell deck (H3-41.6/H3-41.7)."""
        content = load()
        for spell in options.ai_spells:
            card = content.cards.get(spell)
            if card is None or (card.kind != "spell" and card.effect != "chain_lightning"):
                raise RuleViolation(CORE_BAD_ACTION, m.BAD_OPTION(what=spell))
        if options.ai_skill is not None and options.ai_skill not in aicards.SKILLS:
            raise RuleViolation(CORE_BAD_ACTION, m.BAD_OPTION(what=options.ai_skill))
        if any(k not in ("might", "magic", "skill") or n < 0 for k, n in options.ai_cards.items()):
            raise RuleViolation(CORE_BAD_ACTION, m.BAD_OPTION(what=str(options.ai_cards)))
        deck = aicards.build(options.ai_cards, options.ai_spells, options.ai_skill, options.difficulty, rng)
        return CombatSide(
            team=1,
            faction=faction,
            hero=hero,
            main_hero=False,  # H3-41.3 / H3-38.3: no XP, no reward, no cards from a hand
            ai=deck,
            army=[ArmyCard(card=c, side=s) for c, s in army],
        )

    def _pick(self, options: SkirmishOptions, seat: int, rng: Rng) -> tuple[str, str, list[tuple[str, str]]]:
        content = load()
        chosen = (options.factions or [None, None])[seat] if options.factions and seat < len(options.factions) else None
        if chosen is not None and chosen not in FACTIONS:
            raise RuleViolation(CORE_BAD_ACTION, m.BAD_OPTION(what=chosen))
        faction = chosen or rng.choice(FACTIONS)
        heroes = [h.id for h in content.heroes.values() if h.faction == faction]
        hero = options.heroes[seat] if options.heroes and seat < len(options.heroes) else None
        if hero is not None and hero not in heroes:
            raise RuleViolation(CORE_BAD_ACTION, m.BAD_OPTION(what=hero))
        # H3-49.6 (our reading for a duel, which has no boxes): a hero may be named from any box, while the
        # random pick keeps to the heroes that come with the faction's own box, as before the Tower box's heroes
        boards = clash_content().heroes
        own = [h for h in heroes if h in boards and boards[h].box == clash_content().towns[faction].box]
        hero = hero or rng.choice(own or heroes)
        spec = options.armies[seat] if options.armies and seat < len(options.armies) else None
        spec = spec or content.armies[faction][options.preset]
        army: list[tuple[str, str]] = []
        for entry in spec[:7]:
            unit, _, side = entry.partition(":")
            card = content.units.get(unit)
            if card is None or card.faction != faction or side not in ("few", "pack"):
                raise RuleViolation(CORE_BAD_ACTION, m.BAD_OPTION(what=entry))
            army.append((unit, side))
        return faction, hero, army

    def opening_events(self, state: SkirmishState) -> list[Event]:
        combat = state.combat
        assert combat is not None
        events: list[Event] = []
        if combat.result is not None and combat.result.outcome == "quick":
            events.append(Event.to_all("h3_quick", m.QUICK()))
        neutrals = [u for u in combat.units if u.team == 1 and combat.sides[1].owner is None]
        if combat.sides[1].ai is not None:
            neutrals = []
        if neutrals:
            events.append(
                Event.to_all(
                    "h3_neutrals",
                    m.NEUTRALS_DRAWN(
                        level=combat.field_level or 0, units=[Ref(kind="unit", id=u.card) for u in neutrals]
                    ),
                    reveals=True,
                )
            )
        for side in combat.sides:
            if side.deck is not None and side.controller is not None:
                hand = [m.card_ref(side.deck.names[c]) for c in side.deck.hand]
                events.append(Event.to_seats(side.controller, "h3_hand", m.HAND(cards=hand), reveals=True))
        return events

    # ---- the loop -------------------------------------------------------------------------------
    def _prompts(self, state: SkirmishState) -> list[Prompt]:
        prompts = FLOW.prompts(state)
        if state.combat is None:
            return prompts
        places = unit_places(state.combat)
        return [p.model_copy(update={"options": [placed(o, places) for o in p.options]}) for p in prompts]

    def _apply(self, state: SkirmishState, seat: int, action: Any) -> list[Event]:
        front = FLOW.current(state)
        if front is None:
            raise RuleViolation(CORE_NOT_YOUR_TURN, m.NOT_OFFERED())
        combat_flow.refuse_untimed_retreat(state.combat, action)  # H3-36.4, in its own words
        if action.type not in FLOW.accepts.get(front.kind, ()):
            raise RuleViolation(CORE_BAD_ACTION, m.NOT_OFFERED())
        if not FLOW.may_act(front, seat):
            raise RuleViolation(CORE_NOT_YOUR_TURN, m.NOT_OFFERED())
        events = FLOW.appliers[front.kind](state, front, seat, action)
        return events + FLOW.advance(state)

    def sample_action(self, state: SkirmishState, seat: int, rng: random.Random) -> dict[str, Any]:
        mine = [p for p in self.prompts(state) if p.seat == seat and p.options]
        if not mine:
            return super().sample_action(state, seat, rng)
        return combat_flow.sample(state, mine[0].options, rng)

    def names(self) -> Heroes3Names:
        """The content's names in each language, for rendering ``Ref``s (cogs/lang.py ``game_names``):
        without it a button would read a card's id ("leadership") instead of its name."""
        return content_names()

    # ---- views and results ----------------------------------------------------------------------
    def view(self, state: SkirmishState, seat: int | None) -> dict[str, Any]:
        combat = state.combat
        assert combat is not None
        sides = []
        for side in combat.sides:
            deck = side.deck
            out = public_side(side)
            out["army"] = [a.model_dump() for a in side.army]
            if side.ai is not None:  # H3-41: AI decks hidden; drawn cards public
                out["ai"] = {
                    "difficulty": side.ai.difficulty,
                    "cards": side.ai.cards.public(),
                    "spells": {
                        "size": len(side.ai.spells.draw_pile),
                        "discard": [side.ai.names[c] for c in side.ai.spells.discard_pile],
                    },
                    "skill": side.ai.skill,
                    "waiting": list(side.ai.waiting),
                }
            if deck is not None:
                out |= public_deck(deck)  # H-3: the discard is public
                if seat is not None and side.controller == seat:
                    out["hand"] = [{"id": c, "card": deck.names[c]} for c in deck.hand]  # H-1: owner only
            sides.append(out)
        return {
            "mode": state.mode,
            "kind": combat.kind,
            "board": combat.board,
            "round": combat.round,
            "active": combat.active,
            "time_limit": combat.time_limit,
            "field_level": combat.field_level,
            "sides": sides,
            "units": [u.model_dump(mode="json") for u in combat.units],
            "structures": [s.model_dump() for s in combat.structures],
            "attack": public_attack(combat.attack),
            "result": combat.result.model_dump() if combat.result else None,
            "neutral_decks": {t: d.public() for t, d in state.neutral_decks.items()},
        }

    def result(self, state: SkirmishState) -> Result | None:
        combat = state.combat
        if combat is None or combat.result is None:
            return None
        res = combat.result
        winners: list[int] = []
        if res.winner is not None:
            side = combat.sides[res.winner]
            seat = side.owner if side.owner is not None else side.controller
            winners = [seat] if seat is not None else []
        return Result(winners=winners, reason=res.outcome)

    # ---- checks for the simulator ------------------------------------------------------------------
    def secrets(self, state: SkirmishState) -> dict[int, set[str]]:
        out: dict[int, set[str]] = {}
        combat = state.combat
        if combat is None:
            return out
        for side in combat.sides:
            if side.deck is not None and side.owner is not None:
                out[side.owner] = set(side.deck.hand) | set(side.deck.draw.draw_pile)
        return out

    def invariants(self, state: SkirmishState) -> list[str]:
        combat = state.combat
        if combat is None:
            return ["no combat"]
        bad: list[str] = []
        geo = combat.geometry()
        seen: dict[tuple[int, int], str] = {}
        for u in combat.units:
            hp = u.hp()
            if u.damage < 0 or (u.alive and u.damage >= hp):
                bad.append(f"{u.uid} has {u.damage} damage with {hp} HP")
            if not u.alive and u.pos is not None:
                bad.append(f"defeated {u.uid} is still on the board")
            if u.pos is None:
                continue
            if u.pos not in geo.cells():
                bad.append(f"{u.uid} is off the board at {u.pos}")
            if u.pos in seen:
                bad.append(f"{u.uid} and {seen[u.pos]} share {u.pos}")
            seen[u.pos] = u.uid
            s = combat.structure_at(u.pos)
            if s is not None and not (s.kind == "gate" and u.team == 1):
                bad.append(f"{u.uid} stands on a {s.kind}")
            if combat.result is None and u.placed and geo.half(u.pos) != u.team and combat.round == 0:
                bad.append(f"{u.uid} was placed outside its half")
        for side in combat.sides:
            deck = side.deck
            if deck is not None and sorted(deck.all_cards()) != sorted(deck.names):
                bad.append(f"team {side.team}'s cards are not conserved")
            if side.pending_power < 0 or side.spells_cast > side.spell_limit or side.expert_uses < 0:
                bad.append(f"team {side.team} has impossible card counters")
        for rnd, uid, init, best in state.order:
            if init < best:
                bad.append(f"round {rnd}: {uid} (initiative {init}) activated before a unit with {best}")
        if combat.time_limit:
            spent = state.start_mp - combat.sides[0].mp
            if combat.round > 1 + spent:
                bad.append(f"combat round {combat.round} exceeds the time limit ({spent} MP spent)")
        if combat.result is None and not FLOW.prompts(state) and not state.gm.tasks:
            bad.append("the combat waits on nobody")
        return bad


SKIRMISH = Skirmish()
