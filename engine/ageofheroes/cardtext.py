"""Player-facing rules text of every card and item, for `/ah card` (spec AH-2, AH-9, AH-11).

Short paraphrases of the spec with the rule ids to look up; the table's option switches
(spec §6) are named where they change a card. Costs are read from the content file, so a
group that edits its costs sees its own numbers.
"""

from __future__ import annotations

from engine.core.text import Message, Msg, Ref, message

from . import cards as C
from . import messages as T
from .build import cost_msg
from .content import Content

# kind -> (rule id, text)
EVENTS: dict[str, tuple[str, Message]] = {
    "population_boom": (
        "AH-11.3",
        message(
            "ah.card.text.population_boom",
            "Immediate event. The drawer at once takes one City from the supply (nothing happens if none is left). "
            "It also applies in the opening deal and, by default, on the first Market Day.",
        ),
    ),
    "earthquake": (
        "AH-11.4",
        message(
            "ah.card.text.earthquake",
            "Immediate, harmful event. The drawer picks another tribe with a home army without a General: all such "
            "home armies are scattered (cannot attack or defend) until the end of the drawer's turn. The target may "
            "play Luck. Table options: earthquake_scope, earthquake_duration.",
        ),
    ),
    "volcano": (
        "AH-11.5",
        message(
            "ah.card.text.volcano",
            "Immediate, harmful event. The drawer picks another tribe that owns a City; it loses one City to the "
            "supply. The target may play Luck. No other tribe with a City: no effect.",
        ),
    ),
    "famine": (
        "AH-11.6",
        message(
            "ah.card.text.famine",
            "Immediate, harmful event. Every surviving player, the drawer included, discards all Grain in hand, face "
            "up (Gold is not Grain). A Luck holder may keep their own Grain (table option luck_famine_scope).",
        ),
    ),
    "barbarians": (
        "AH-11.7",
        message(
            "ah.card.text.barbarians",
            "Immediate, harmful event. The Barbarians attack the drawer to Plunder with 2 armies (table option "
            "barbarians_mode). The drawer may answer with Luck, Olympic Games or a Mighty Hero; each Barbarian "
            "victory discards two random cards from the drawer's hand.",
        ),
    ),
    "olympic_games": (
        "AH-11.8",
        message(
            "ah.card.text.olympic_games",
            "Held event, kept secret in your hand. Only a defender plays it, when attacked (by a player or the "
            "Barbarians): no battle takes place and nobody loses anything. Discarded after use.",
        ),
    ),
    "mighty_hero": (
        "AH-11.9",
        message(
            "ah.card.text.mighty_hero",
            "Held event. Used in one battle, by the attacker when declaring or by the defender when answering: "
            "either as one extra fighting army, or as a General (+2) on one of your fighting armies. Discarded "
            "after the battle.",
        ),
    ),
    "luck": (
        "AH-11.10",
        message(
            "ah.card.text.luck",
            "Held event. Cancels one harmful event's effect on you: Famine (keep your Grain), Volcano (keep the "
            "City), Earthquake (armies stay) or Barbarians (no attack). No effect against an attack by a player.",
        ),
    ),
}

ITEMS: dict[str, tuple[str, Message]] = {
    "army": (
        "AH-9.6",
        message("ah.card.text.army", "Draws one battle card when it fights; can be destroyed in a duel it loses."),
    ),
    "fortress": (
        "AH-9.7",
        message(
            "ah.card.text.fortress", "+1 to your total in every duel you defend, Barbarians included. Fortresses stack."
        ),
    ),
    "general": (
        "AH-9.8",
        message(
            "ah.card.text.general",
            "Attached for good to one of your home armies without a General: +2 in every duel it fights, and that "
            "army is immune to Earthquake.",
        ),
    ),
    "road": (
        "AH-9.9",
        message(
            "ah.card.text.road",
            "Joins you to a seat neighbour, who must consent. Both tribes draw one more card on Market Day, and your "
            "armies come home at once after a war against that tribe.",
        ),
    ),
    "city": (
        "AH-9.10",
        message("ah.card.text.city", "One more card each time you Tax; counts towards the Empire victory (5 Cities)."),
    ),
}

_REGULAR = message("ah.card.text.regular", "Regular resource, used to build (see the costs).")
RESOURCES: dict[str, tuple[str, Message]] = {
    "iron": ("AH-2.1", _REGULAR),
    "wood": ("AH-2.1", _REGULAR),
    "grain": (
        "AH-2.1",
        message("ah.card.text.grain", "Regular resource, used to build (see the costs). Famine discards it."),
    ),
    "stone": ("AH-2.1", _REGULAR),
    "gold": (
        "AH-9.3",
        message(
            "ah.card.text.gold",
            "Wild: pays for any Iron, Wood, Grain or Stone in a cost, never for a special resource.",
        ),
    ),
}

SPECIAL = (
    "AH-2.2",
    message(
        "ah.card.text.special",
        "A tribe's special resource. Its own tribe places it on its Monument in its Monument step (AH-12); anyone "
        "may hold, trade or discard it.",
    ),
)
COSTS = message("ah.card.costs", "Costs {cost}. {text}")
SPECIAL_OF = message("ah.card.special_of", "Special resource of the {tribe} tribe ({monument}). {text}")
ENTRY = message("ah.card.entry", "**{name!c}** ({rule}): {text}")


def card_names(content: Content) -> list[str]:
    """Every kind `/ah card` knows: resources, specials, events, then items."""
    return [*C.REGULAR, *sorted(content.specials()), *C.EVENTS, *C.ITEMS]


def card_text(kind: str, content: Content) -> str | None:
    """One paragraph of rules for a card kind or item in English, or None when the name is unknown."""
    msg = card_text_msg(kind, content)
    return T.en(msg) if msg is not None else None


def card_text_msg(kind: str, content: Content) -> Msg | None:
    """The same paragraph as a message, for the reader's language (names as ``Ref``s)."""
    k = kind.strip().lower().replace(" ", "_")
    name: Ref
    if k in EVENTS:
        rule, declared = EVENTS[k]
        text = declared()
        name = T.card(k)
    elif k in ITEMS:
        rule, declared = ITEMS[k]
        text = declared()
        name = T.item(k)
        cost = content.costs.get(k)
        if cost:
            text = COSTS(cost=cost_msg(dict(cost)), text=text)
    elif k in RESOURCES:
        rule, declared = RESOURCES[k]
        text = declared()
        name = T.card(k)
    elif k in content.specials():
        owner = next((t for t, tribe in content.tribes.items() if tribe.special_resource == k), None)
        rule, declared = SPECIAL
        text = declared()
        name = T.card(k)
        if owner:
            text = SPECIAL_OF(tribe=T.tribe(owner), monument=Ref(kind="monument", id=owner), text=text)
    else:
        return None
    return ENTRY(name=name, rule=rule, text=text)
