"""Player-facing rules text of every card and item, for `/ah card` (spec AH-2, AH-9, AH-11).

Short paraphrases of the spec with the rule ids to look up; the table's option switches
(spec §6) are named where they change a card. Costs are read from the content file, so a
group that edits its costs sees its own numbers.
"""

from __future__ import annotations

from . import cards as C
from .content import Content

# kind -> (rule id, text)
EVENTS: dict[str, tuple[str, str]] = {
    "population_boom": (
        "AH-11.3",
        "Immediate event. The drawer at once takes one City from the supply (nothing happens if none is left). "
        "It also applies in the opening deal and, by default, on the first Market Day.",
    ),
    "earthquake": (
        "AH-11.4",
        "Immediate, harmful event. The drawer picks another tribe with a home army without a General: all such "
        "home armies are scattered (cannot attack or defend) until the end of the drawer's turn. The target may "
        "play Luck. Table options: earthquake_scope, earthquake_duration.",
    ),
    "volcano": (
        "AH-11.5",
        "Immediate, harmful event. The drawer picks another tribe that owns a City; it loses one City to the "
        "supply. The target may play Luck. No other tribe with a City: no effect.",
    ),
    "famine": (
        "AH-11.6",
        "Immediate, harmful event. Every surviving player, the drawer included, discards all Grain in hand, face "
        "up (Gold is not Grain). A Luck holder may keep their own Grain (table option luck_famine_scope).",
    ),
    "barbarians": (
        "AH-11.7",
        "Immediate, harmful event. The Barbarians attack the drawer to Plunder with 2 armies (table option "
        "barbarians_mode). The drawer may answer with Luck, Olympic Games or a Mighty Hero; each Barbarian "
        "victory discards two random cards from the drawer's hand.",
    ),
    "olympic_games": (
        "AH-11.8",
        "Held event, kept secret in your hand. Only a defender plays it, when attacked (by a player or the "
        "Barbarians): no battle takes place and nobody loses anything. Discarded after use.",
    ),
    "mighty_hero": (
        "AH-11.9",
        "Held event. Used in one battle, by the attacker when declaring or by the defender when answering: either "
        "as one extra fighting army, or as a General (+2) on one of your fighting armies. Discarded after the battle.",
    ),
    "luck": (
        "AH-11.10",
        "Held event. Cancels one harmful event's effect on you: Famine (keep your Grain), Volcano (keep the City), "
        "Earthquake (armies stay) or Barbarians (no attack). No effect against an attack by a player.",
    ),
}

ITEMS: dict[str, tuple[str, str]] = {
    "army": ("AH-9.6", "Draws one battle card when it fights; can be destroyed in a duel it loses."),
    "fortress": ("AH-9.7", "+1 to your total in every duel you defend, Barbarians included. Fortresses stack."),
    "general": (
        "AH-9.8",
        "Attached for good to one of your home armies without a General: +2 in every duel it fights, and that "
        "army is immune to Earthquake.",
    ),
    "road": (
        "AH-9.9",
        "Joins you to a seat neighbour, who must consent. Both tribes draw one more card on Market Day, and your "
        "armies come home at once after a war against that tribe.",
    ),
    "city": ("AH-9.10", "One more card each time you Tax; counts towards the Empire victory (5 Cities)."),
}

RESOURCES: dict[str, tuple[str, str]] = {
    "iron": ("AH-2.1", "Regular resource, used to build (see the costs)."),
    "wood": ("AH-2.1", "Regular resource, used to build (see the costs)."),
    "grain": ("AH-2.1", "Regular resource, used to build (see the costs). Famine discards it."),
    "stone": ("AH-2.1", "Regular resource, used to build (see the costs)."),
    "gold": ("AH-9.3", "Wild: pays for any Iron, Wood, Grain or Stone in a cost, never for a special resource."),
}

SPECIAL = (
    "AH-2.2",
    "A tribe's special resource. Its own tribe places it on its Monument in its Monument step (AH-12); anyone "
    "may hold, trade or discard it.",
)


def card_names(content: Content) -> list[str]:
    """Every kind `/ah card` knows: resources, specials, events, then items."""
    return [*C.REGULAR, *sorted(content.specials()), *C.EVENTS, *C.ITEMS]


def card_text(kind: str, content: Content) -> str | None:
    """One paragraph of rules for a card kind or item, or None when the name is unknown."""
    k = kind.strip().lower().replace(" ", "_")
    costs = {item: cost for item, cost in content.costs.items()}
    if k in EVENTS:
        rule, text = EVENTS[k]
    elif k in ITEMS:
        rule, text = ITEMS[k]
        cost = costs.get(k)
        if cost:
            parts = [f"{n} {C.name(r)}" for r, n in dict(cost).items()]
            text = f"Costs {' + '.join(parts)}. " + text
    elif k in RESOURCES:
        rule, text = RESOURCES[k]
    elif k in content.specials():
        owner = next((t for t, tribe in content.tribes.items() if tribe.special_resource == k), None)
        rule, text = SPECIAL
        if owner:
            text = f"Special resource of the {C.name(owner)} tribe ({content.tribes[owner].monument_name}). " + text
    else:
        return None
    return f"**{C.name(k)}** ({rule}): {text}"
