"""Heroes III in Discord: the skirmish's private panel, its combat pictures, and ``/h3`` lookups.

* **The panel** (``Referee.panel_formatters``): a player sees their hand, both sides and the units
  in their language instead of the generic key/value dump.
* **The pictures**: the combat board (``renderers.heroes3_combat``, found through
  ``renderers.heroes3`` by the game's name before the variant) is posted by the generic table
  after setup and at the engine's milestones (each combat round's start, the end); a prompt
  whose options are board squares or target units carries the board with its candidates (``cogs.decision_pictures``).
* **Lookups** (``/h3 unit``, ``/h3 hero``, ``/h3 card``, ``/h3 location``, ``/h3 building``,
  ``/h3 scenario``): a unit card's two sides, a hero's statistics, ability and specialty, a Might &
  Magic card's effects, what a map location does, what a town building costs and gives (issue 17) and
  a scenario's goals and own rules (the engine's words, as said when a game begins), answered to the asker
  alone in their language, with autocomplete by name in that language (an English name or an
  id works too). Numbers are the printed ones; effect texts are our own words, shown in the reader's
  language (``text_ref``: the content's translation tables, English where a text has none), and a 🏠
  marks what the content says is house.

No rule is decided here.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.text import Message, Msg, Ref, message
from engine.heroes3 import SKIRMISH, content_text, lookup, panel_lines, text_ref
from engine.heroes3 import names as h3_names
from i18n import EN, Names, normalize, render
from i18n.discord_translator import lstr

from . import text
from .referee import Referee, UserError

RULESET = SKIRMISH.name

# ---- the words of this cog ----------------------------------------------------------------------------
CMD_GROUP = message(
    "bot.cmd.h3", "Heroes III: look up units, heroes, cards, locations, buildings, scenarios and events"
)
CMD_UNIT = message("bot.cmd.h3.unit", "A unit card: both sides' printed numbers and abilities")
CMD_HERO = message("bot.cmd.h3.hero", "A hero: statistics, starting ability and specialty")
CMD_CARD = message("bot.cmd.h3.card", "A Might & Magic card: statistic, ability, spell, specialty or artifact")
CMD_LOCATION = message("bot.cmd.h3.location", "A map location: what visiting or flagging it does")
CMD_BUILDING = message("bot.cmd.h3.building", "A town building: its cost, what it needs and what it gives")
CMD_SCENARIO = message("bot.cmd.h3.scenario", "A scenario: what it is, how to win and its own rules")
CMD_EVENT = message("bot.cmd.h3.event", "An event card (Fortress box): what it does for each player")
ARG_NAME = message("bot.cmd.arg.h3_name", "Name (start typing)")

NOTHING_CALLED = message("bot.h3.refused.nothing_called", "Nothing is called {name}; pick a name from the list.")

UNIT_HEAD = message("bot.h3.unit.head", "⚔️ **{name}** · {faction} · {tier} · {type}")
UNIT_SIDE = message(
    "bot.h3.unit.side",
    "**{side}:** {type} · attack {attack} · defence {defense} · HP {hp} · initiative {initiative} · cost {cost}",
)
UNIT_ABILITY = message("bot.h3.unit.ability", "• {timing}: {text}")
HERO_HEAD = message("bot.h3.hero.head", "🛡️ **{name}** · {faction} · {hero_class} ({kind})")
HERO_STATS = message("bot.h3.hero.stats", "Attack {attack} · Defence {defense} · Power {power} · Knowledge {knowledge}")
HERO_ABILITY = message("bot.h3.hero.ability", "Starting ability: {card}")
HERO_SPECIALTY = message("bot.h3.hero.specialty", "Specialty cards: {cards}")
HERO_SPECIALTY_LEVEL = message("bot.h3.hero.specialty_level", "{card} (level {level})")
CARD_HEAD = message("bot.h3.card.head", "🃏 **{name}** · {kind}")
CARD_SPELL = message("bot.h3.card.spell", "{level} spell · school: {school}")
CARD_ARTIFACT = message("bot.h3.card.artifact", "Rank: {rank}")
CARD_SPECIALTY = message("bot.h3.card.specialty", "Specialty of {hero}, level {level}")
CARD_MACHINE_PRICES = message(
    "bot.h3.card.machine_prices",
    "Price: {factory} at a War Machine Factory, {post} at a Trading Post (H3-19.2)",
)
CARD_COPIES = message("bot.h3.card.copies", "{copies} in the deck")
CARD_COPIES_HOUSE = message(
    "bot.h3.card.copies_house", "{copies} in the deck 🏠 (our count: no public source gives it)"
)
CARD_PILE_HOUSE = message(
    "bot.h3.card.pile_house", "{copies} in the face-up pile 🏠 (our count: no public source gives it)"
)
CARD_BASIC = message("bot.h3.card.basic", "**Basic** ({timing}): {text}")
CARD_EFFECT = message("bot.h3.card.effect", "**Effect** ({timing}): {text}")
CARD_EXPERT = message("bot.h3.card.expert", "**Expert** ({timing}): {text}")
CARD_TOP = message("bot.h3.card.top", "**Top** ({timing}): {text}")
CARD_BOTTOM = message("bot.h3.card.bottom", "**Bottom** ({timing}): {text}")
CARD_ALTERNATIVE = message("bot.h3.card.alternative", "**Alternative** ({timing}): {text}")
CARD_TIER = message("bot.h3.card.tier", "**Power {power}:** {text}")
ENTRY_HOUSE = message(
    "bot.h3.entry.house",
    "-# 🏠 House content: invented for this bot so a full game plays; your printed game may differ.",
)
NAME_HOUSE = message("bot.h3.entry.name_house", "-# 🏠 This Chinese name is ours: the rulebook does not name it.")
OUR_WORDS = message("bot.h3.entry.our_words", "-# The effect texts are our own words, not the printed text.")
ENTRY_NAME = message("bot.h3.entry.name", "{name} ({kind})")
ENTRY_RULE = message("bot.h3.entry.rule", "-# Rule {rule}")
LOCATION_HEAD = message("bot.h3.location.head", "🗺️ **{name}** · {category}")
LOCATION_FACTION = message("bot.h3.location.faction", "Faction: {faction}")
LOCATION_PAYS = message("bot.h3.location.pays", "A visit may cost: {cost}")
BUILDING_HEAD = message("bot.h3.building.head", "🏰 **{name}** · town of {faction}")
BUILDING_COST = message("bot.h3.building.cost", "Cost: {cost}")
BUILDING_REQUIRES = message("bot.h3.building.requires", "Needs first: {buildings}")
SCENARIO_HEAD = message("bot.h3.scenario.head", "📜 **{name}**")
EVENT_HEAD = message("bot.h3.event.head", "🎴 **{name}** · event card of the {box} box")
EVENT_OPTION = message("bot.h3.event.option", "• {text}")
EVENT_OPTION_COST = message("bot.h3.event.option_cost", "• {text} (pay {cost})")

KINDS: dict[str, Message] = {
    "unit": message("bot.h3.kind.unit", "unit"),
    "hero": message("bot.h3.kind.hero", "hero"),
    "statistic": message("bot.h3.kind.statistic", "statistic"),
    "ability": message("bot.h3.kind.ability", "ability"),
    "spell": message("bot.h3.kind.spell", "spell"),
    "specialty": message("bot.h3.kind.specialty", "specialty"),
    "artifact": message("bot.h3.kind.artifact", "artifact"),
    "war_machine": message("bot.h3.kind.war_machine", "war machine"),
}
WORDS: dict[str, Message] = {
    # tiers, unit types, sides, hero kinds
    "bronze": message("bot.h3.word.bronze", "bronze"),
    "silver": message("bot.h3.word.silver", "silver"),
    "gold": message("bot.h3.word.gold", "gold"),
    "azure": message("bot.h3.word.azure", "azure"),
    "ground": message("bot.h3.word.ground", "ground"),
    "flying": message("bot.h3.word.flying", "flying"),
    "ranged": message("bot.h3.word.ranged", "ranged"),
    "few": message("bot.h3.word.few", "Few"),
    "pack": message("bot.h3.word.pack", "Pack"),
    "neutral": message("bot.h3.word.neutral", "Neutral"),
    "might": message("bot.h3.word.might", "might"),
    "magic": message("bot.h3.word.magic", "magic"),
    # ability and card timings (H3-27, H3-13.2.7)
    "activation": message("bot.h3.word.activation", "activation"),
    "attack": message("bot.h3.word.attack", "attack"),
    "other": message("bot.h3.word.other", "other"),
    "passive": message("bot.h3.word.passive", "passive"),
    "retaliation": message("bot.h3.word.retaliation", "retaliation"),
    "map": message("bot.h3.word.map", "map"),
    "instant": message("bot.h3.word.instant", "instant"),
    "ongoing": message("bot.h3.word.ongoing", "ongoing"),
    "start": message("bot.h3.word.start", "at the start of combat"),
    "permanent": message("bot.h3.word.permanent", "permanent"),
    # spell levels, schools, artifact ranks
    "basic": message("bot.h3.word.basic", "basic"),
    "expert": message("bot.h3.word.expert", "expert"),
    "air": message("bot.h3.word.air", "air"),
    "earth": message("bot.h3.word.earth", "earth"),
    "fire": message("bot.h3.word.fire", "fire"),
    "water": message("bot.h3.word.water", "water"),
    "any": message("bot.h3.word.any", "any"),
    "minor": message("bot.h3.word.minor", "minor"),
    "major": message("bot.h3.word.major", "major"),
    "relic": message("bot.h3.word.relic", "relic"),
    # location categories (H3-22.4)
    "visitable": message("bot.h3.word.visitable", "visitable once per hero"),
    "flaggable": message("bot.h3.word.flaggable", "to flag"),
    "revisitable": message("bot.h3.word.revisitable", "visitable every turn"),
    "blocked": message("bot.h3.word.blocked", "blocked"),
    "empty": message("bot.h3.word.empty", "empty field"),
}
COST_WORDS: dict[str, Message] = {
    "gold": message("bot.h3.cost.gold", "{n} gold"),
    "building_materials": message("bot.h3.cost.building_materials", "{n} building materials"),
    "valuables": message("bot.h3.cost.valuables", "{n} valuables"),
}


def _word(key: str | None) -> Msg | str:
    """A data word in the reader's language (an unknown one as it is in the data)."""
    found = WORDS.get(str(key))
    return found() if found is not None else str(key)


def format_private(view: dict[str, Any], *, title: str, locale: str = EN, names: Names | None = None) -> list[str]:
    """A seat's panel from its own view (never the state), rendered in ``locale``."""
    resolver: Names = names if names is not None else h3_names()
    lines = [f"**{title}**", *(render(msg, locale, resolver) for msg in panel_lines(view))]
    return text.chunk("\n".join(lines))


# ---- lookups --------------------------------------------------------------------------------------------
LOOKUPS = ("unit", "hero", "card", "location", "building", "scenario")


def _norm(s: str) -> str:
    """Case- and punctuation-blind, keeping every script's letters (Chinese names are typed too)."""
    return re.sub(r"[\W_]+", " ", s.casefold()).strip()


def _kind(what: str, ident: str) -> Message:
    if what == "card":
        return KINDS[lookup.card(ident).kind]
    return KINDS[what]


def entries(what: str, locale: str = EN) -> dict[str, str]:
    """id -> the name shown in ``locale`` (with its kind for cards), for lookups and autocomplete."""
    names = h3_names()
    out: dict[str, str] = {}
    for kind, ident in lookup.ids(what):
        ref = Ref(kind=kind, id=ident)
        if what == "card":
            out[ident] = render(ENTRY_NAME(name=ref, kind=_kind(what, ident)()), locale, names)
        else:
            out[ident] = names.name(ref, locale) or ident
    return out


def find(query: str, table: dict[str, str]) -> list[str]:
    """Ids matching ``query``: the id itself, then names (or ids) that equal, start with or contain it."""
    if query in table:
        return [query]
    q = _norm(query)
    if not q:
        return sorted(table, key=lambda k: table[k])

    def bare(k: str) -> str:
        return _norm(re.split(r" \(|（", table[k])[0])

    exact = [k for k in table if bare(k) == q or _norm(k) == q]
    if exact:
        return sorted(exact)
    starts = [k for k in table if bare(k).startswith(q)]
    within = [k for k in table if k not in starts and (q in _norm(table[k]) or q in _norm(k))]
    return sorted(starts, key=lambda k: table[k]) + sorted(within, key=lambda k: table[k])


def choices(current: str, table: dict[str, str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=text.truncate(table[k], 100), value=k) for k in find(current, table)[:25]]


def _cost(cost: dict[str, int]) -> list[Msg | str]:
    return [COST_WORDS[k](n=v) if k in COST_WORDS else f"{v} {k}" for k, v in cost.items()]


def _name_house(kind: str, ident: str, locale: str) -> bool:
    return locale != EN and lookup.house_name(kind, ident)


def unit_text(ident: str, locale: str = EN) -> str:
    """A unit card: faction, tier, both sides' printed numbers and abilities (texts: our words)."""
    names = h3_names()
    unit = lookup.unit(ident)

    def say(m: Msg) -> str:
        return render(m, locale, names)

    lines = [
        say(
            UNIT_HEAD(
                name=Ref(kind="unit", id=ident),
                faction=Ref(kind="faction", id=unit.faction) if unit.faction != "neutral" else WORDS["neutral"](),
                tier=_word(unit.tier),
                type=_word(unit.type),
            )
        )
    ]
    for side_name, side in unit.sides.items():
        lines.append(
            say(
                UNIT_SIDE(
                    side=_word(side_name),
                    type=_word(side.type),
                    attack=side.attack,
                    defense=side.defense,
                    hp=side.hp,
                    initiative=side.initiative,
                    cost=_cost(side.cost) if side.cost else "—",
                )
            )
        )
        lines += [say(UNIT_ABILITY(timing=_word(a.timing), text=text_ref(a.text))) for a in side.abilities]
    if any(side.abilities for side in unit.sides.values()):
        lines.append(say(OUR_WORDS()))
    if _name_house("unit", ident, locale):
        lines.append(say(NAME_HOUSE()))
    return "\n".join(lines)


def hero_text(ident: str, locale: str = EN) -> str:
    """A hero: statistics, starting ability and specialty cards by level."""
    names = h3_names()
    hero = lookup.hero(ident)

    def say(m: Msg) -> str:
        return render(m, locale, names)

    lines = [
        say(
            HERO_HEAD(
                name=Ref(kind="hero", id=ident),
                faction=Ref(kind="faction", id=hero.faction),
                hero_class=Ref(kind="hero_class", id=hero.hero_class.lower().replace(" ", "_")),
                kind=_word("might" if hero.might else "magic"),
            )
        ),
        say(HERO_STATS(attack=hero.attack, defense=hero.defense, power=hero.power, knowledge=hero.knowledge)),
        say(HERO_ABILITY(card=Ref(kind="card", id=hero.ability))),
    ]
    specialty = [
        HERO_SPECIALTY_LEVEL(card=Ref(kind="card", id=card), level=level)
        for level, card in sorted(hero.specialty_cards.items())
    ]
    if specialty:
        lines.append(say(HERO_SPECIALTY(cards=list(specialty))))
    if hero.house:
        lines.append(say(ENTRY_HOUSE()))
    if _name_house("hero", ident, locale):
        lines.append(say(NAME_HOUSE()))
    return "\n".join(lines)


def card_text(ident: str, locale: str = EN) -> str:
    """A Might & Magic card: its kind and facts, each effect with its timing (texts: our words)."""
    names = h3_names()
    card = lookup.card(ident)

    def say(m: Msg) -> str:
        return render(m, locale, names)

    lines = [say(CARD_HEAD(name=Ref(kind="card", id=ident), kind=KINDS[card.kind]()))]
    if card.kind == "spell":
        lines.append(say(CARD_SPELL(level=_word(card.spell_level), school=_word(card.school))))
    if card.kind == "artifact" and card.rank:
        lines.append(say(CARD_ARTIFACT(rank=_word(card.rank))))
    if card.kind == "specialty" and card.hero:
        lines.append(say(CARD_SPECIALTY(hero=Ref(kind="hero", id=card.hero), level=card.level or 1)))
    if card.factory_price is not None and card.post_price is not None:
        factory, post = ({k: v for k, v in p.as_dict().items() if v} for p in (card.factory_price, card.post_price))
        lines.append(say(CARD_MACHINE_PRICES(factory=_cost(factory), post=_cost(post))))
    machine = card.kind == "war_machine"  # H3-6.32: a face-up pile of its own, one effect
    if card.copies:
        copies = (CARD_PILE_HOUSE if machine else CARD_COPIES_HOUSE) if card.copies_house else CARD_COPIES
        lines.append(say(copies(copies=card.copies)))
    artifact = card.kind == "artifact"
    first = CARD_TOP if artifact else CARD_EFFECT if machine else CARD_BASIC
    lines.append(say(first(timing=_word(card.basic.timing), text=text_ref(card.basic.text))))
    for tier in card.tiers:
        lines.append(say(CARD_TIER(power=tier.power, text=text_ref(tier.text))))
    if card.expert is not None:
        lines.append(
            say(
                (CARD_BOTTOM if artifact else CARD_EXPERT)(
                    timing=_word(card.expert.timing), text=text_ref(card.expert.text)
                )
            )
        )
    if card.alternative is not None:
        lines.append(say(CARD_ALTERNATIVE(timing=_word(card.alternative.timing), text=text_ref(card.alternative.text))))
    lines.append(say(OUR_WORDS()))
    if card.house:
        lines.append(say(ENTRY_HOUSE()))
    if _name_house("card", ident, locale):
        lines.append(say(NAME_HOUSE()))
    return "\n".join(lines)


def location_text(ident: str, locale: str = EN) -> str:
    """A map location: its category, what a visit or a flag does (text: our words), its rule."""
    names = h3_names()
    place = lookup.location(ident)

    def say(m: Msg) -> str:
        return render(m, locale, names)

    lines = [say(LOCATION_HEAD(name=Ref(kind="location", id=ident), category=_word(place.category)))]
    if place.faction:
        lines.append(say(LOCATION_FACTION(faction=Ref(kind="faction", id=place.faction))))
    costs = [c.cost for c in place.choices if any(c.cost.model_dump().values())]
    for cost in costs:
        lines.append(say(LOCATION_PAYS(cost=_cost({k: v for k, v in cost.model_dump().items() if v}))))
    if place.text:
        lines += [content_text(place.text, normalize(locale)), say(OUR_WORDS())]
    lines.append(say(ENTRY_RULE(rule=place.rule)))
    if place.house:
        lines.append(say(ENTRY_HOUSE()))
    if _name_house("location", ident, locale):
        lines.append(say(NAME_HOUSE()))
    return "\n".join(lines)


def building_text(ident: str, locale: str = EN) -> str:
    """A town building: its town, cost, the buildings it needs first, what it gives (text: our words)."""
    names = h3_names()
    faction, building = lookup.building(ident)

    def say(m: Msg) -> str:
        return render(m, locale, names)

    cost = {k: v for k, v in building.cost.model_dump().items() if v}
    lines = [
        say(BUILDING_HEAD(name=Ref(kind="building", id=ident), faction=Ref(kind="faction", id=faction))),
        say(BUILDING_COST(cost=_cost(cost) if cost else "—")),
    ]
    if building.requires:
        lines.append(say(BUILDING_REQUIRES(buildings=[Ref(kind="building", id=b) for b in building.requires])))
    if building.text:
        lines += [content_text(building.text, normalize(locale)), say(OUR_WORDS())]
    lines.append(say(ENTRY_RULE(rule=building.rule)))
    if building.house:
        lines.append(say(ENTRY_HOUSE()))
    if _name_house("building", ident, locale):
        lines.append(say(NAME_HOUSE()))
    return "\n".join(lines)


def scenario_text(ident: str, locale: str = EN) -> str:
    """A scenario (H3-3.1): the engine's lines, the ones the table heard at the start of a game."""
    names = h3_names()

    def say(m: Msg) -> str:
        return render(m, locale, names)

    lines = [say(SCENARIO_HEAD(name=Ref(kind="scenario", id=ident)))]
    lines += [say(line) for line in lookup.scenario(ident)]
    lines.append(say(OUR_WORDS()))
    if lookup.scenario_house(ident):
        lines.append(say(ENTRY_HOUSE()))
    if _name_house("scenario", ident, locale):
        lines.append(say(NAME_HOUSE()))
    return "\n".join(lines)


def event_text(ident: str, locale: str = EN) -> str:
    """An event card (H3-7.5): what it does for each player, the options a player chooses from and what
    they cost (texts: our words), its copies and its rule."""
    names = h3_names()
    card = lookup.event(ident)

    def say(m: Msg) -> str:
        return render(m, locale, names)

    lines = [say(EVENT_HEAD(name=Ref(kind="event", id=ident), box=Ref(kind="faction", id=card.box)))]
    lines.append(content_text(card.text, normalize(locale)))
    for option in card.options:
        said = content_text(option.text, normalize(locale))
        cost = {k: v for k, v in option.cost.model_dump().items() if v}
        lines.append(say(EVENT_OPTION_COST(text=said, cost=_cost(cost)) if cost else EVENT_OPTION(text=said)))
    lines.append(say(OUR_WORDS()))
    lines.append(say((CARD_COPIES_HOUSE if card.copies_house else CARD_COPIES)(copies=card.copies)))
    lines.append(say(ENTRY_RULE(rule="H3-7.5")))
    if card.house:
        lines.append(say(ENTRY_HOUSE()))
    if _name_house("event", ident, locale):
        lines.append(say(NAME_HOUSE()))
    return "\n".join(lines)


TEXTS = {
    "unit": unit_text,
    "hero": hero_text,
    "card": card_text,
    "location": location_text,
    "building": building_text,
    "scenario": scenario_text,
    "event": event_text,
}


def answer(what: str, query: str, locale: str = EN) -> str:
    """The answer to ``/h3 <what> <query>`` in ``locale``; an English name or an id works too."""
    found = find(query, entries(what, locale)) or find(query, entries(what, EN))
    if not found:
        raise UserError(NOTHING_CALLED(name=repr(query)))
    return TEXTS[what](found[0], locale)


class Heroes3Cog(commands.GroupCog, group_name="h3", group_description=lstr(CMD_GROUP)):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    async def cog_load(self) -> None:
        self.r.register_game(RULESET, panel=format_private)

    async def cog_unload(self) -> None:
        self.r.unregister_game(RULESET)

    async def _answer(self, interaction: discord.Interaction, what: str, name: str) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            await self.r.send(interaction, answer(what, name, await self.r.locale(interaction)))

        await self.r.guarded(interaction, work)

    async def _choices(
        self, interaction: discord.Interaction, what: str, current: str
    ) -> list[app_commands.Choice[str]]:
        return choices(current, entries(what, await self.r.locale(interaction)))

    @app_commands.command(name="unit", description=lstr(CMD_UNIT))
    @app_commands.describe(name=lstr(ARG_NAME))
    async def unit(self, interaction: discord.Interaction, name: str) -> None:
        await self._answer(interaction, "unit", name)

    @unit.autocomplete("name")
    async def _unit_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "unit", current)

    @app_commands.command(name="hero", description=lstr(CMD_HERO))
    @app_commands.describe(name=lstr(ARG_NAME))
    async def hero(self, interaction: discord.Interaction, name: str) -> None:
        await self._answer(interaction, "hero", name)

    @hero.autocomplete("name")
    async def _hero_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "hero", current)

    @app_commands.command(name="card", description=lstr(CMD_CARD))
    @app_commands.describe(name=lstr(ARG_NAME))
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        await self._answer(interaction, "card", name)

    @card.autocomplete("name")
    async def _card_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "card", current)

    @app_commands.command(name="location", description=lstr(CMD_LOCATION))
    @app_commands.describe(name=lstr(ARG_NAME))
    async def location(self, interaction: discord.Interaction, name: str) -> None:
        await self._answer(interaction, "location", name)

    @location.autocomplete("name")
    async def _location_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "location", current)

    @app_commands.command(name="building", description=lstr(CMD_BUILDING))
    @app_commands.describe(name=lstr(ARG_NAME))
    async def building(self, interaction: discord.Interaction, name: str) -> None:
        await self._answer(interaction, "building", name)

    @building.autocomplete("name")
    async def _building_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "building", current)

    @app_commands.command(name="scenario", description=lstr(CMD_SCENARIO))
    @app_commands.describe(name=lstr(ARG_NAME))
    async def scenario(self, interaction: discord.Interaction, name: str) -> None:
        await self._answer(interaction, "scenario", name)

    @scenario.autocomplete("name")
    async def _scenario_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "scenario", current)

    @app_commands.command(name="event", description=lstr(CMD_EVENT))
    @app_commands.describe(name=lstr(ARG_NAME))
    async def event(self, interaction: discord.Interaction, name: str) -> None:
        await self._answer(interaction, "event", name)

    @event.autocomplete("name")
    async def _event_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "event", current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Heroes3Cog(bot.referee))  # type: ignore[attr-defined]  # the bot carries its referee
