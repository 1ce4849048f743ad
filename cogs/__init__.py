"""The Discord layer: thin cogs over the store, plus the game-agnostic plumbing.

Modules, one job each: ``ids`` (custom ids), ``layout`` (prompt -> components as
data), ``prompts`` (DynamicItems and modals), ``routing`` (who sees which event),
``delivery`` (threads, DMs and the closed-DM fallback), ``referee`` (apply and
publish, shared by every cog), ``text`` (formatting within Discord's limits),
``permissions`` (who is a GM), ``sync`` (command-tree hash), and the cogs
``table`` (/game), ``gm`` (/gm) and ``reminders``, plus per-game cogs
(``ageofheroes``: /ah and the offer builder; ``runewars``: /rw; ``cloudspire``: /cs; ``heroes3``: the skirmish's
panel), and ``rules`` (/rules and the Rule button on a refusal).
"""

EXTENSIONS = (
    "cogs.table",
    "cogs.gm",
    "cogs.reminders",
    "cogs.ageofheroes",
    "cogs.runewars",
    "cogs.cloudspire",
    "cogs.rules",
    "cogs.heroes3",
    "cogs.heroes3_clash",
)
