"""``/cs``: the Cloudspire needs that the generic table cannot meet (issue 14).

Every decision already reaches its player as components built from the engine's prompts:
the deploy stack (CS-18.6) and an explored landmark's reveal-or-keep (CS-19.4.3) by DM,
tower attacks (CS-19.3.1) to the tower's owner even in another player's turn, the rest in
the game thread; the board is posted at the engine's milestones (setup, end of the build
phase, end of the prep, each siege round, the wave). The speed-up variants are ``/game new``
options (P-5, explained in the reader's language by ``engine.cloudspire.state.OPTION_LABELS``):
with ``simultaneous_build`` every seat's build round arrives by DM at once and the thread is told
the outcome in turn order (CS-24.3b); with ``simultaneous_prep`` every seat's deploy prompt and
builder are open at once and nothing of a locked stack is public until all are in (CS-24.3c,
AMB-26), then each stack's height and top unit. This cog adds:

* **Rules text by name**: ``/cs rule`` looks up a unit, tower, landmark, talent, market chip,
  relic or event, in the reader's language, from the printed content only
  (``engine.cloudspire.catalog``), never from a game, so it cannot show a secret.
* **The deploy-stack builder** (``cogs.cloudspire_builder``): the deploy prompt's form button
  opens a private builder of menus and buttons (add, equip, to the top, squad, lock in) that
  survives restarts; the engine checks the stack when it is locked in.
* **A readable private panel**: ``/game hand`` shows your Source, gate, relics, deploy stack,
  barracks, chips beside the fortress and the landmark faces you explored, from
  ``view(state, seat)`` only (``format_private``).
* **A typed alternative to the components**: ``/cs do`` completes, in the reader's language,
  the options of the decision the game is waiting for from you and hands the chosen one to
  the ``Referee`` exactly like a button press; the engine decides whether it is legal.

No rule is decided here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.cloudspire import CatalogEntry, catalog
from engine.cloudspire import names as cloudspire_names
from engine.core import Prompt
from engine.core.text import Message, Msg, Ref, message
from i18n import EN, Names, render
from i18n.discord_translator import lstr
from store import StoreError

from . import ids, lang, text
from .cloudspire_builder import DYNAMIC_ITEMS as BUILDER_ITEMS
from .cloudspire_builder import open_builder
from .prompts import referee_of
from .referee import NOT_PLAYING, Referee, UserError
from .table import ARG_GAME, game_autocomplete

RULESET = "cloudspire"

# ---- the words of this cog ----------------------------------------------------------------------------
CMD_GROUP = message("bot.cmd.cs", "Cloudspire: rules text and typed answers")
CMD_RULE = message("bot.cmd.cs.rule", "Rules text of a unit, tower, landmark, talent, market chip, relic or event")
ARG_RULE_NAME = message("bot.cmd.arg.cs_rule_name", "Name (start typing)")
CMD_DO = message("bot.cmd.cs.do", "Answer the decision the game is waiting for from you, by typing")
ARG_CHOICE = message("bot.cmd.arg.cs_choice", "Your choice (start typing)")

NOT_CLOUDSPIRE = message("bot.cs.refused.not_cloudspire", "`/cs` commands are for Cloudspire games.")
NOT_ASKED = message("bot.cs.refused.not_asked", "The game is not waiting for a decision from you right now.")
NOT_AN_OPTION = message("bot.cs.refused.not_an_option", "That is not one of your options now; pick one from the list.")
NOTHING_CALLED = message("bot.cs.refused.nothing_called", "Nothing is called {name}; pick a name from the list.")

ENTRY_HEAD = message("bot.cs.entry.head", "📜 **{name}** ({kind})")
ENTRY_HOUSE = message(
    "bot.cs.entry.house",
    "-# 🏠 House content: invented for this bot so a full game plays; your printed game may differ.",
)
RULE_LINE = message("bot.cs.entry.rule", "-# rule {rule}")
STAT = message("bot.cs.entry.stat", "{stat} {value}")
SIDE_BASIC = message("bot.cs.entry.side_basic", "**Basic side:** {stats}")
SIDE_PROMOTED = message("bot.cs.entry.side_promoted", "**Promoted side:** {stats}")
SIDE_PLAIN = message("bot.cs.entry.side_plain", "{stats}")
TALENT_LINE = message("bot.cs.entry.talent", "• **{name}**: {meaning}")
TALENT_LINE_N = message("bot.cs.entry.talent_n", "• **{name} {n}**: {meaning}")
PRINTED = message("bot.cs.entry.printed", "Printed talents the bot does not play yet (the host rules them): {names}")
EFFECT_LINE = message("bot.cs.entry.effect", "• {effect} ({when})")
FACT_FACTION = message("bot.cs.entry.faction", "Faction: {faction}")
FACT_CP = message("bot.cs.entry.cp", "{cp} CP · {copies} in the box")
FACT_COPIES = message("bot.cs.entry.copies", "{copies} in the box")
FACT_PRICE = message("bot.cs.entry.price", "{type} · price {price} Source")
FACT_CATEGORY = message("bot.cs.entry.category", "Category: {category}")
ENTRY_NAME = message("bot.cs.entry.name", "{name} ({kind})")

KINDS: dict[str, Message] = {
    "hero": message("bot.cs.kind.hero", "hero"),
    "minion": message("bot.cs.kind.minion", "minion"),
    "tower": message("bot.cs.kind.tower", "tower"),
    "landmark": message("bot.cs.kind.landmark", "landmark"),
    "market": message("bot.cs.kind.market", "market chip"),
    "relic": message("bot.cs.kind.relic", "relic"),
    "event": message("bot.cs.kind.event", "event"),
    "talent": message("bot.cs.kind.talent", "talent"),
}
CHIP_TYPES: dict[str, Message] = {
    "equipment": message("bot.cs.chip.equipment", "equipment"),
    "merc_tower": message("bot.cs.chip.merc_tower", "mercenary tower"),
    "merc_minion": message("bot.cs.chip.merc_minion", "mercenary minion"),
    "merc_hero": message("bot.cs.chip.merc_hero", "mercenary hero"),
}
STATS: dict[str, Message] = {
    "hp": message("bot.cs.stat.hp", "HP"),
    "attack": message("bot.cs.stat.attack", "attack"),
    "move": message("bot.cs.stat.move", "move"),
    "terrain": message("bot.cs.stat.terrain", "terrain"),
    "reward": message("bot.cs.stat.reward", "reward"),
    "level_cap": message("bot.cs.stat.level_cap", "level cap"),
    "cost": message("bot.cs.stat.cost", "cost"),
    "range": message("bot.cs.stat.range", "range"),
    "defense": message("bot.cs.stat.defense", "defense"),
    "reward_source": message("bot.cs.stat.reward_source", "reward (Source)"),
}
# Talents of the engine's effect vocabulary (content/effects.py): name and meaning.
TALENTS: dict[str, tuple[Message, Message]] = {
    "range": (
        message("bot.cs.talent.range", "Range"),
        message("bot.cs.talent.range.text", "attacks and counter-attacks targets within n hexes (CS-8.5)"),
    ),
    "hunter": (
        message("bot.cs.talent.hunter", "Hunter"),
        message("bot.cs.talent.hunter.text", "+1 damage against landmark units (TU-1)"),
    ),
    "tough": (
        message("bot.cs.talent.tough", "Tough"),
        message("bot.cs.talent.tough.text", "counter-attack damage taken is capped at n (TU-6)"),
    ),
    "impale": (
        message("bot.cs.talent.impale", "Impale"),
        message(
            "bot.cs.talent.impale.text", "after moving, deals n damage to one adjacent enemy unit; not an attack (TU-5)"
        ),
    ),
    "endless_retaliation": (
        message("bot.cs.talent.endless_retaliation", "Endless Retaliation"),
        message(
            "bot.cs.talent.endless_retaliation.text",
            "counter damage is tower dice rolled until a blank or a 2 (CS-19.5.7)",
        ),
    ),
    "engage": (
        message("bot.cs.talent.engage", "Engage"),
        message("bot.cs.talent.engage.text", "units able to attack this landmark must attack it (CS-11.9)"),
    ),
    "foreboding": (
        message("bot.cs.talent.foreboding", "Foreboding"),
        message("bot.cs.talent.foreboding.text", "must be revealed when explored (CS-11.8)"),
    ),
    "toxic_fog": (
        message("bot.cs.talent.toxic_fog", "Toxic Fog"),
        message("bot.cs.talent.toxic_fog.text", "deals n damage to an enemy unit that ends its move adjacent"),
    ),
    "build_phase_only": (
        message("bot.cs.talent.build_phase_only", "Build phase only"),
        message("bot.cs.talent.build_phase_only.text", "this tower is built only in the build phase"),
    ),
    "terrain": (
        message("bot.cs.talent.terrain", "Terrain"),
        message("bot.cs.talent.terrain.text", "equipment: the hero's terrain cap becomes n"),
    ),
    "attack_bonus": (
        message("bot.cs.talent.attack_bonus", "Attack bonus"),
        message("bot.cs.talent.attack_bonus.text", "equipment: +n attack"),
    ),
    "shield": (
        message("bot.cs.talent.shield", "Shield"),
        message("bot.cs.talent.shield.text", "equipment: n defense chips when attached"),
    ),
    "bounty": (
        message("bot.cs.talent.bounty", "Bounty"),
        message("bot.cs.talent.bounty.text", "equipment: +n Source whenever this hero defeats something"),
    ),
}
EFFECTS: dict[str, Message] = {
    "income_bonus": message("bot.cs.effect.income_bonus", "gain {n} more Source in the income phase"),
    "source_cap": message("bot.cs.effect.source_cap", "your Source cap becomes {n} (CS-6.4)"),
    "gate_max": message("bot.cs.effect.gate_max", "your gate's maximum HP rises by {n}"),
    "heal_gate": message("bot.cs.effect.heal_gate", "your gate regains {n} HP"),
    "promote_minions": message("bot.cs.effect.promote_minions", "minions of type {target} deploy promoted (CS-9.9)"),
    "unlock_towers": message("bot.cs.effect.unlock_towers", "your promoted towers may be built (CS-7.1)"),
    "gain_source": message("bot.cs.effect.gain_source", "gain {n} Source"),
    "lose_source": message("bot.cs.effect.lose_source", "lose {n} Source"),
    "cp_bonus": message("bot.cs.effect.cp_bonus", "{n} more CP in this wave's prep phase"),
    "heal_units": message("bot.cs.effect.heal_units", "each of your deployed units regains {n} HP"),
    "heal_landmarks": message("bot.cs.effect.heal_landmarks", "each revealed landmark regains {n} HP"),
    "extra_limited_build": message("bot.cs.effect.extra_limited_build", "{n} more limited builds this wave"),
    "gm": message("bot.cs.effect.gm", "the host resolves: {target}"),
}
CATEGORIES: dict[str, Message] = {
    "ruins": message("bot.cs.category.ruins", "ruins"),
    "drake": message("bot.cs.category.drake", "drake"),
    "swamp": message("bot.cs.category.swamp", "swamp"),
    "temple": message("bot.cs.category.temple", "temple"),
    "relic_site": message("bot.cs.category.relic_site", "relic site"),
    "white": message("bot.cs.category.white", "white chip"),
}
WHEN: dict[str, Message] = {
    "passive": message("bot.cs.when.passive", "while you own it"),
    "now": message("bot.cs.when.now", "at once"),
    "income": message("bot.cs.when.income", "income phase"),
    "prep": message("bot.cs.when.prep", "prep phase"),
    "turn_start": message("bot.cs.when.turn_start", "start of your turn"),
}


# The private panel (``/game hand``): the seat's own view, in the reader's language.
PANEL_TITLE = message("bot.cs.panel.title", "🔒 {title} (only you can see this)")
PANEL_SEAT = message("bot.cs.panel.seat", "**{faction}** · {source} Source · gate {hp}/{max} HP")
PANEL_BREACHED = message("bot.cs.panel.breached", "**{faction}** · {source} Source · gate breached")
PANEL_RELICS = message("bot.cs.panel.relics", "**Relics in hand:** {relics}")
PANEL_STACK = message("bot.cs.panel.stack", "**Your deploy stack, top first:** {entries}")
PANEL_SQUAD = message("bot.cs.panel.squad", "squad of {units}")
PANEL_BARRACKS = message("bot.cs.panel.barracks", "**Barracks:** {units}")
PANEL_COUNT = message("bot.cs.panel.count", "{n}× {name}")
PANEL_BESIDE = message("bot.cs.panel.beside", "**Beside your fortress:** {chips}")
PANEL_LAND_TILE = message("bot.cs.panel.land_tile", "land tile {tile}")
PANEL_ADVANCEMENTS = message("bot.cs.panel.advancements", "**Fortress advancements:** {advancements}")
PANEL_EXPLORED = message("bot.cs.panel.explored", "**Face-down landmarks you have seen:** {landmarks}")
PANEL_LANDMARK = message("bot.cs.panel.landmark", "{hex}: {landmark}")
PANEL_NONE = message("bot.cs.panel.none", "none")


def format_private(view: dict[str, Any], *, title: str, locale: str = EN, names: Names | None = None) -> list[str]:
    """The seat's panel from ``view(state, seat)`` only: exactly what the engine lets that seat see
    (its relics, H18; its stack order and squads, H24/H26; the landmark faces it explored, H5)."""
    names = names or cloudspire_names()

    def say(m: Msg) -> str:
        return render(m, locale, names)

    none = PANEL_NONE()
    seat = view.get("seat")
    me: dict[str, Any] = next((p for p in view.get("players", []) if p.get("seat") == seat), {})
    lines = [say(PANEL_TITLE(title=title))]
    if not me:
        return [text.truncate("\n".join(lines), text.MAX_CONTENT)]
    faction: Any = Ref(kind="faction", id=str(me["faction"])) if me.get("faction") else "—"
    if me.get("breached"):
        lines.append(say(PANEL_BREACHED(faction=faction, source=me.get("source", 0))))
    else:
        lines.append(
            say(PANEL_SEAT(faction=faction, source=me.get("source", 0), hp=me.get("gate_hp"), max=me.get("gate_max")))
        )
    relics = [Ref(kind="relic", id=str(r)) for r in me.get("relics") or []]
    lines.append(say(PANEL_RELICS(relics=relics or none)))
    entries: list[Any] = []
    for u in me.get("stack") or []:
        top = Ref(kind="unit", id=str(u.get("type")))
        members = [Ref(kind="unit", id=str(m).split(":", 1)[0]) for m in u.get("members") or []]
        entries.append(PANEL_SQUAD(units=[top, *members]) if members else top)
    lines.append(say(PANEL_STACK(entries=entries or none)))
    units = {e.id for e in catalog() if e.kind == "unit"}
    barracks = [
        PANEL_COUNT(n=n, name=Ref(kind="unit" if t in units else "tower", id=str(t)))
        for t, n in sorted((me.get("barracks") or {}).items())
        if n
    ]
    lines.append(say(PANEL_BARRACKS(units=barracks or none)))
    beside: list[Any] = [
        PANEL_LAND_TILE(tile=str(c).split(":", 1)[1]) if str(c).startswith("tile:") else Ref(kind="market", id=str(c))
        for c in me.get("beside") or []
    ]
    lines.append(say(PANEL_BESIDE(chips=beside or none)))
    advancements = [Ref(kind="advancement", id=str(a)) for a in me.get("advancements") or []]
    lines.append(say(PANEL_ADVANCEMENTS(advancements=advancements or none)))
    seen = [
        PANEL_LANDMARK(hex=str(lm.get("hex")), landmark=Ref(kind="landmark", id=str(lm["chip"])))
        for lm in view.get("landmarks", [])
        if lm.get("chip") and not lm.get("face_up")
    ]
    if seen:
        lines.append(say(PANEL_EXPLORED(landmarks=seen)))
    return text.chunk("\n".join(lines))


# ---- rules text, from the printed content only --------------------------------------------------------
def _norm(s: str) -> str:
    """Case- and punctuation-blind, keeping every script's letters (Chinese names are typed too)."""
    return re.sub(r"[\W_]+", " ", s.casefold()).strip()


def _kind_of(entry: CatalogEntry) -> Message:
    if entry.kind == "unit":
        return KINDS["hero" if dict(entry.facts).get("unit_kind") == "hero" else "minion"]
    return KINDS[entry.kind]


def _name(entry: CatalogEntry) -> Any:
    """How an entry is named: talents by this cog's words, everything else by the content's names."""
    if entry.kind == "talent" and entry.id in TALENTS:
        return TALENTS[entry.id][0]()
    return entry.name


@lru_cache(maxsize=8)
def entries(locale: str = EN) -> dict[str, tuple[str, CatalogEntry]]:
    """key -> (the name shown in ``locale``, the entry), for lookups and autocomplete."""
    names = cloudspire_names()
    out: dict[str, tuple[str, CatalogEntry]] = {}
    for e in catalog():
        shown = render(ENTRY_NAME(name=_name(e), kind=_kind_of(e)()), locale, names)
        out[e.key] = (shown, e)
    return out


def find_entries(query: str, table: dict[str, tuple[str, CatalogEntry]]) -> list[str]:
    """Keys matching ``query``: an exact key, then names (or ids) that equal, start with or contain it."""
    if query in table:
        return [query]
    q = _norm(query)
    if not q:
        return sorted(table, key=lambda k: table[k][0])

    def bare(k: str) -> str:
        return _norm(table[k][0].split(" (")[0].split("（")[0])

    exact = [k for k in table if bare(k) == q or _norm(k.split(":", 1)[1]) == q]
    if exact:
        return sorted(exact)
    starts = [k for k in table if bare(k).startswith(q)]
    within = [k for k in table if k not in starts and (q in _norm(table[k][0]) or q in _norm(k))]
    return sorted(starts, key=lambda k: table[k][0]) + sorted(within, key=lambda k: table[k][0])


def entry_choices(current: str, table: dict[str, tuple[str, CatalogEntry]]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=text.truncate(table[k][0], 100), value=k) for k in find_entries(current, table)[:25]
    ]


def entry_text(entry: CatalogEntry, locale: str = EN, names: Names | None = None) -> str:
    """An entry's printed numbers, talents and effects in ``locale``."""
    names = names or cloudspire_names()

    def say(m: Msg) -> str:
        return render(m, locale, names)

    lines = [say(ENTRY_HEAD(name=_name(entry), kind=_kind_of(entry)()))]
    facts = dict(entry.facts)
    if "faction" in facts:
        lines.append(say(FACT_FACTION(faction=Ref(kind="faction", id=facts["faction"]))))
    if "cp" in facts:
        lines.append(say(FACT_CP(cp=facts["cp"], copies=facts.get("copies", "1"))))
    elif "copies" in facts:
        lines.append(say(FACT_COPIES(copies=facts["copies"])))
    if "chip_type" in facts:
        chip = CHIP_TYPES.get(facts["chip_type"])
        lines.append(say(FACT_PRICE(type=chip() if chip else facts["chip_type"], price=facts.get("price", "0"))))
    if "category" in facts:
        category = CATEGORIES.get(facts["category"])
        lines.append(say(FACT_CATEGORY(category=category() if category else facts["category"])))
    for side in entry.sides:
        stats = [STAT(stat=STATS[k](), value=v) for k, v in side.stats if k in STATS]
        if stats:
            shape = SIDE_PROMOTED if side.promoted else SIDE_BASIC if len(entry.sides) > 1 else SIDE_PLAIN
            lines.append(say(shape(stats=" · ".join(say(s) for s in stats))))
        for talent, n in side.talents:
            if talent in TALENTS:
                name, meaning = TALENTS[talent]
                line = (
                    TALENT_LINE_N(name=name(), n=n, meaning=meaning())
                    if n
                    else TALENT_LINE(name=name(), meaning=meaning())
                )
                lines.append(say(line))
        if side.printed:
            lines.append(say(PRINTED(names=", ".join(side.printed))))
    if entry.kind == "talent" and entry.id in TALENTS:
        lines.append(say(TALENTS[entry.id][1]()))
    for op, when, amount, target in entry.effects:
        effect = EFFECTS.get(op)
        what: Any = effect(n=amount, target=target) if effect else op
        moment = WHEN.get(when)
        lines.append(say(EFFECT_LINE(effect=what, when=moment() if moment else when)))
    if entry.house:
        lines.append(say(ENTRY_HOUSE()))
    lines.append(say(RULE_LINE(rule=entry.rule)))
    return "\n".join(lines)


# ---- typed answers ---------------------------------------------------------------------------------------


async def my_prompts(interaction: discord.Interaction, game_id: int | None) -> tuple[Any, list[Prompt]]:
    """The game and the prompts it is waiting for from the asker (their seats' only)."""
    referee = referee_of(interaction)
    record = await referee.resolve_game(interaction, game_id)
    if record.ruleset != RULESET:
        raise UserError(NOT_CLOUDSPIRE())
    loaded = await referee.store.load(record.id)
    mine = {s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None}
    if not mine:
        raise UserError(NOT_PLAYING())
    prompts = [p for p in loaded.prompts if p.seat in mine and p.options]
    if not prompts:
        raise UserError(NOT_ASKED())
    return loaded, prompts


def choice_value(prompt: Prompt, index: int) -> str:
    """``seat:keyhash:index``: which option of which prompt, short enough for a choice value."""
    return f"{prompt.seat}:{ids.key_hash(prompt.key)}:{index}"


def parse_choice(value: str, prompts: list[Prompt]) -> tuple[Prompt, int] | None:
    parts = value.strip().split(":")
    if len(parts) != 3 or not parts[0].isdigit() or not parts[2].isdigit():
        return None
    seat, keyhash, index = int(parts[0]), parts[1], int(parts[2])
    prompt = next((p for p in prompts if p.seat == seat and ids.key_hash(p.key) == keyhash), None)
    if prompt is None or not 0 <= index < len(prompt.options):
        return None
    return prompt, index


async def do_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The asker's waiting options in their language; a secret prompt's options reach only them (ephemeral)."""
    try:
        loaded, prompts = await my_prompts(interaction, getattr(interaction.namespace, "game", None))
    except (UserError, StoreError):  # nothing asked of this user here: nothing to complete
        return []
    referee = referee_of(interaction)
    names = referee.names(loaded.game, {s.seat: s for s in loaded.seats if s.seat is not None})
    locale = await referee.locale(interaction)
    out: list[app_commands.Choice[str]] = []
    for prompt in prompts:
        shown = lang.localize_prompt(prompt, locale, names)
        for i, (o, s) in enumerate(zip(prompt.options, shown.options, strict=True)):
            if _norm(current) in _norm(s.label) or _norm(current) in _norm(o.label):
                out.append(app_commands.Choice(name=text.truncate(s.label, 100), value=choice_value(prompt, i)))
    return out[:25]


class CloudspireCog(commands.GroupCog, group_name="cs", group_description=lstr(CMD_GROUP)):
    def __init__(self, referee: Referee) -> None:
        self.r = referee
        super().__init__()

    async def cog_load(self) -> None:
        # the stack builder replaces the JSON form of the deploy prompt
        self.r.register_game(RULESET, panel=format_private, builder=open_builder, items=BUILDER_ITEMS)

    async def cog_unload(self) -> None:
        self.r.unregister_game(RULESET, BUILDER_ITEMS)

    @app_commands.command(name="rule", description=lstr(CMD_RULE))
    @app_commands.describe(name=lstr(ARG_RULE_NAME))
    async def rule(self, interaction: discord.Interaction, name: str) -> None:
        await self.r.defer(interaction)

        async def work() -> None:
            locale = await self.r.locale(interaction)
            table = entries(locale)
            keys = find_entries(name, table) or find_entries(name, entries(EN))  # an English name works too
            if not keys:
                raise UserError(NOTHING_CALLED(name=repr(name)))
            await self.r.send(interaction, entry_text(table[keys[0]][1], locale))

        await self.r.guarded(interaction, work)

    @rule.autocomplete("name")
    async def _rule_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return entry_choices(current, entries(await self.r.locale(interaction)))

    @app_commands.command(name="do", description=lstr(CMD_DO))
    @app_commands.describe(choice=lstr(ARG_CHOICE), game=lstr(ARG_GAME))
    @app_commands.autocomplete(choice=do_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def do(self, interaction: discord.Interaction, choice: str, game: int | None = None) -> None:
        await self.r.defer(interaction)

        async def work() -> tuple[Any, Prompt, int]:
            loaded, prompts = await my_prompts(interaction, game)
            found = parse_choice(choice, prompts)
            if found is None:
                raise UserError(NOT_AN_OPTION())
            return loaded, found[0], found[1]

        found = await self.r.guarded(interaction, work)
        if found is not None:
            loaded, prompt, index = found
            ref = ids.PromptRef(ids.OPTION, loaded.game.id, prompt.seat, ids.key_hash(prompt.key), index)
            await self.r.choose(interaction, ref, index=index)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CloudspireCog(bot.referee))  # type: ignore[attr-defined]
