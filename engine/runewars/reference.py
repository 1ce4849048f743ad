"""Printed Runewars content a player may look up at any time: names and rules text by content id.

Why this module: the Discord layer must not reach into the engine's internals (DESIGN.md,
"The Discord layer reads prompts and views only"), yet ``/rw rule``, ``/rw card``, the
private panel and the unit picker need the printed names and texts of components. This is
that deliberate, read-only surface, re-exported from ``engine.runewars``. Everything here
comes from ``content/`` alone and never from a game's state, so nothing it returns can carry
a secret of any seat.
"""

from __future__ import annotations

from functools import lru_cache

from engine.runewars.catalog import Catalog, catalog, catalog_for


def unit_type_name(type_id: str) -> str:
    """The printed name of a unit type ("Footmen" for ``HUMAN_INFANTRY``); the id when unknown."""
    utype = catalog().unit_types.get(type_id)
    return utype.name if utype else type_id


def unit_name(type_id: str, owner: int | None, faction_name: str = "") -> str:
    """How a figure is named to players: "Footmen (Daqan Lords)", "Beastmen (neutral, allied)".

    ``faction_name`` is the owner's faction as the view shows it, used only when the unit
    type's faction is not in the content (a house faction)."""
    cat = catalog()
    utype = cat.unit_types.get(type_id)
    name = utype.name if utype else type_id
    if utype is None or utype.is_neutral:
        return f"{name} (neutral{', allied' if owner is not None else ''})"  # RW-11.4: an allied neutral
    faction = cat.factions.get(utype.faction)
    return f"{name} ({faction.name if faction else faction_name or utype.faction})"


def hero_name(card: str) -> str:
    """The printed name of a hero card; the id when unknown."""
    hero = catalog().heroes.get(card)
    return hero.name if hero else card


def quest_name(quest_id: str) -> str:
    """ "Name (id)" of a quest card, as the private panel lists a hand; the id when unknown."""
    q = catalog().quests.get(quest_id)
    return f"{q.name} ({quest_id})" if q else quest_id


def _of(pack: str | None) -> Catalog:
    """The catalog of a content pack text (docs/content-packs.md), else the active game's or the shipped one."""
    return catalog_for(pack) if pack else catalog()


def rule_texts(pack: str | None = None) -> dict[str, tuple[str, str]]:
    """Order cards, unit types and titles: ``kind:id`` -> (name shown, rules text)."""
    return _rule_texts(_of(pack))


@lru_cache(maxsize=8)
def _rule_texts(cat: Catalog) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for o in cat.orders.values():
        bonus = o.highest_bonus or "none"
        out[f"order:{o.number}"] = (
            f"#{o.number} {o.name} (order card)",
            f"**Basic ability:** {o.basic_ability}\n**Highest bonus:** {bonus}\n"
            "The bonus applies when the card's number is higher than every order card you used this year "
            f"(RW-7.6).\n-# rule {o.rule}",
        )
    for u in cat.unit_types.values():
        owner = "neutral" if u.is_neutral else cat.factions[u.faction].name if u.faction in cat.factions else u.faction
        traits = ", ".join(u.traits) or "none"
        out[f"unit:{u.id}"] = (
            f"{u.name} ({owner} unit)",
            f"Shape {u.shape} · health {u.health} · initiative {u.initiative} · traits: {traits} · {u.count} figures\n"
            f"**{u.special.name}:** {u.special.text}",
        )
    for t in cat.titles.values():
        out[f"title:{t.title_id}"] = (f"{t.name} (title)", t.text)
    return out


def card_texts(pack: str | None = None) -> dict[str, tuple[str, str]]:
    """Every card and token with printed text (the rule texts included): key -> (name shown, text)."""
    return _card_texts(_of(pack))


@lru_cache(maxsize=8)
def _card_texts(cat: Catalog) -> dict[str, tuple[str, str]]:
    out = dict(_rule_texts(cat))
    for c in cat.tactics.values():
        out[f"tactics:{c.card_id}"] = (f"{c.name} (tactics card, {c.timing.replace('_', ' ')})", c.text)
    for s in cat.seasons.values():
        out[f"season:{s.card_id}"] = (f"{s.name} ({s.season} season card)", s.text)
    for q in cat.quests.values():
        where = f" · area {q.area_id}" if q.area_id else ""
        out[f"quest:{q.quest_id}"] = (f"{q.name} (quest card)", f"{q.instructions}{where}\n*{q.flavour}*")
    for r in cat.rewards.values():
        out[f"reward:{r.reward_id}"] = (f"{r.name} (reward card)", r.text)
    for h in cat.heroes.values():
        out[f"hero:{h.hero_id}"] = (
            f"{h.name} (hero)",
            f"Health {h.health} · strength {h.strength} · agility {h.agility} · wisdom {h.wisdom} · {h.alignment}\n"
            f"**Ability:** {getattr(h.ability, 'text', '')}",
        )
    for o in cat.objectives.values():
        out[f"objective:{o.objective_id}"] = (f"{o.name} (objective card)", o.text)
    for city in cat.cities.values():
        out[f"city:{city.city_id}"] = (
            f"{city.name} (city)",
            f"Rally Support benefits: neutral units, {city.tactics} tactics card(s), {city.influence} influence or "
            f"{city.quests} quest card(s).",
        )
    return out


def house_flags(pack: str | None = None) -> dict[str, bool]:
    """Provenance of every entry a player can look up: ``kind:id`` -> True for house (invented) content.

    Why: house cards, tiles, heroes, quests and objectives must be marked as such wherever a
    player sees them (issue 11, content honesty), and the Discord layer may read only this
    module. Keys are those of ``card_texts`` plus ``tile:<id>``, ``exploration:<token id>`` and
    ``destiny:<number>``, so the picture legend can mark tiles and tokens too. A content pack's
    entries carry their own flag: a transcribed card says ``"house": false``.
    """
    return _house_flags(_of(pack))


@lru_cache(maxsize=8)
def _house_flags(cat: Catalog) -> dict[str, bool]:
    content = cat.content
    out: dict[str, bool] = {}
    for o in cat.orders.values():
        out[f"order:{o.number}"] = o.house
    for u in cat.unit_types.values():
        out[f"unit:{u.id}"] = u.house
    for t in cat.titles.values():
        out[f"title:{t.title_id}"] = t.house
    for c in cat.tactics.values():
        out[f"tactics:{c.card_id}"] = c.house
    for s in cat.seasons.values():
        out[f"season:{s.card_id}"] = s.house
    for q in cat.quests.values():
        out[f"quest:{q.quest_id}"] = q.house
    for r in cat.rewards.values():
        out[f"reward:{r.reward_id}"] = r.house
    for h in cat.heroes.values():
        out[f"hero:{h.hero_id}"] = h.house
    for ob in cat.objectives.values():
        out[f"objective:{ob.objective_id}"] = ob.house
    for city in cat.cities.values():
        out[f"city:{city.city_id}"] = city.house
    for f in content.factions:
        out[f"faction:{f.id}"] = f.house
    for tile in content.tiles:
        out[f"tile:{tile.tile_id}"] = tile.house
    for token in content.exploration_tokens:
        out[f"exploration:{token.token_id}"] = token.house
    for card in content.destiny_cards:
        out[f"destiny:{card.number}"] = card.house
    return out


def is_house(key: str, pack: str | None = None) -> bool:
    """Whether ``kind:id`` (a ``card_texts`` key, ``tile:3``, ``exploration:X04``) is house content.

    An unknown key reads as house: a component we cannot vouch for is never shown as printed."""
    return house_flags(pack).get(key, True)
