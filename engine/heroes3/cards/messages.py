"""Sentences of the card subsystem (engine/core/text.py), ids ``h3.cards.*`` in the ``h3`` domain.

Why a module of its own: the Clash engine's messages (``h3.clash.*``, clash/messages.py) belong to
another helper's area; the card rules add their few sentences here in the same style and reuse the
Clash fragments (seat names, "Done", "Use {building}") wherever the wording is the same.
"""

from __future__ import annotations

from engine.core.text import message

ASK_TURN_START = message(
    "h3.cards.ask.turn_start",
    "Start of your turn: use your start-of-turn abilities now, one at a time in the order you choose, or finish.",
)

OPT_PUT_IN_PLAY = message("h3.cards.opt.put_in_play", "Put {card} into play")
OPT_REPLACE_PERMANENT = message("h3.cards.opt.replace_permanent", "Put {card} into play (it replaces {old})")
PERMANENT_PLAYED = message("h3.cards.permanent_played", "{seat!c} puts {card} into play.")
PERMANENT_REPLACED = message("h3.cards.permanent_replaced", "{seat!c} puts {card} into play and discards {old}.")
OPT_CAST_BOOSTED = message(
    "h3.cards.opt.cast_boosted", "Cast {card} with {power} Power, discarding {magic} for +{n} Power (expert effect)"
)
BOOSTED = message("h3.cards.boosted", "{seat!c} discards {magic} for +{n} Power.")
NO_BOOSTER = message("h3.cards.no.booster", "You have no Magic card of this spell's school to discard.")
OPT_PLAY_FOR_GM = message("h3.cards.opt.play_for_gm", "Play {card} ({mode}): the game master carries out its effect")
GM_CARD_EFFECT = message("h3.cards.gm_card_effect", "carry out {card} ({mode}) for {seat}: {what}")

# Map card effects the engine resolves (cards/map_cards.py, town/discount.py, town/pool.py).
# Legion artifacts (H3-17) and the gold pool's reminder (H3-48.5)
DISCOUNT_READY = message(
    "h3.cards.discount_ready",
    "{seat!c} will recruit or reinforce one unit for {n} gold less ({card}), if they do so this round.",
)
DISCOUNT_USED = message("h3.cards.discount_used", "{card} saves {seat} {n} gold on {unit}.")
REMINDER_KEPT = message(
    "h3.cards.reminder_kept", "Gold pool: {card} stays beside {seat}'s {unit} as a reminder of the discount."
)
REMINDER_BACK = message(
    "h3.cards.reminder_back", "Gold pool: {seat}'s {unit} is Few again, so {card} returns to their hand."
)
REMINDER_DISCARDED = message(
    "h3.cards.reminder_discarded", "Gold pool: {seat}'s {unit} is gone, so {card} goes to their discard pile."
)
# Spellbinder's Hat (H3-13.2.8 removal, then H3-13.2.5 Search)
ASK_HAT_REMOVE = message(
    "h3.cards.ask.hat_remove", "Which card do you remove from the game? Then you Search ({n}) that card's deck."
)
ASK_HAT_REMOVE_ANY = message(
    "h3.cards.ask.hat_remove_any", "Which card from your hand or discard pile do you remove from the game?"
)
OPT_HAT_REMOVE = message("h3.cards.opt.hat_remove", "Remove {card} from your hand")
OPT_HAT_REMOVE_DISCARD = message("h3.cards.opt.hat_remove_discard", "Remove {card} from your discard pile")
REMOVED = message("h3.cards.removed", "{seat!c} removes {card} from the game.")
NO_DECK_TO_SEARCH = message(
    "h3.cards.no_deck_to_search", "{card} belongs to no shared deck, so there is nothing to Search."
)
# Scouting (before a Search)
OPT_SCOUT = message("h3.cards.opt.scout", "First play {card} ({mode}): this becomes Search ({n})")
SCOUTED = message("h3.cards.scouted", "{seat!c} plays {card} ({mode}): the Search becomes Search ({n}).")
PLAY_AT_SEARCH = message("h3.cards.no.play_at_search", "Play this card when one of your Searches begins.")
NO_SCOUTING = message("h3.cards.no.scouting", "You have no such Scouting card to play before this Search.")
# Cards of Prophecy (when a treasure or resource die is rolled)
ASK_PROPHECY = message("h3.cards.ask.prophecy", "Play {card} to turn a die to the face you want?")
OPT_PROPHECY = message("h3.cards.opt.prophecy", "Turn die {n} to: {face}")
PROPHECY = message("h3.cards.prophecy", "{seat!c} plays {card} and turns die {n} to: {face}.")
PLAY_AT_ROLL = message(
    "h3.cards.no.play_at_roll", "Play this card when you roll a treasure or resource die on the map."
)
# Logistics, Pathfinding, Angel Wings, Diplomacy (cards/map_cards.py, adventure/movement.py)
ASK_WHICH_HERO = message("h3.cards.ask.which_hero", "Which hero gets the effect of {card}?")
OPT_WHICH_HERO = message("h3.cards.opt.which_hero", "The {hero}")
LOGISTICS_READY = message(
    "h3.cards.logistics_ready", "{seat!c} may move a hero to an adjacent empty field at the end of this turn ({card})."
)
ASK_LOGISTICS = message(
    "h3.cards.ask.logistics", "End of your turn ({card}): move a hero to an adjacent empty field, or stay?"
)
PASS_GUARDS = message(
    "h3.cards.pass_guards",
    "This turn {seat}'s {hero} may pass through fields with neutral units or enemy heroes; "
    "stopping on one starts a combat.",
)
PASS_BLOCKED = message(
    "h3.cards.pass_blocked",
    "This turn {seat}'s {hero} may cross yellow borders and blocked fields, but may not stop on a blocked field.",
)
PASS_ANY = message(
    "h3.cards.pass_any",
    "This turn {seat}'s {hero} may pass through fields without resolving them; the last field it enters is resolved.",
)
OPT_PASS = message("h3.cards.opt.pass", "Move the {hero} through ({q}, {r}) without resolving that field")
PASSES = message("h3.cards.passes", "{seat!c} moves the {hero} through ({q}, {r}) without resolving it.")
OPT_STOP = message("h3.cards.opt.stop", "Stop the {hero} at ({q}, {r}) and resolve that field")
STOPS = message("h3.cards.stops", "{seat!c} stops the {hero} at ({q}, {r}) and resolves that field.")
CANNOT_PASS = message("h3.cards.no.cannot_pass", "This turn the hero may not pass through that field.")
NO_STOP_BLOCKED = message("h3.cards.no.stop_blocked", "A hero may cross a blocked field but may not stop on it.")
MOVE_ON_FIRST = message(
    "h3.cards.no.move_on_first", "Your {hero} is passing through a field: move it on or stop it there first."
)
DIPLOMACY_READY = message(
    "h3.cards.diplomacy_ready",
    "This turn {seat} skips the next combat against neutral guards of difficulty {level}: the field is visited.",
)
DIPLOMACY_USED = message(
    "h3.cards.diplomacy_used",
    "{seat!c} skips the combat against the guards of difficulty {level} ({card}): the hero visits the field "
    "and gains no XP.",
)
# Mysticism (right after a spell is cast on the map)
ASK_MYSTICISM = message("h3.cards.ask.mysticism", "You cast {spell}: play {card} to take it back into your hand?")
OPT_MYSTICISM = message("h3.cards.opt.mysticism", "Play {card}: {spell} returns to your hand")
OPT_MYSTICISM_ALL = message(
    "h3.cards.opt.mysticism_all", "Play {card} (expert): {spell} and the {n} card(s) played with it return to your hand"
)
MYSTICISM = message("h3.cards.mysticism", "{seat!c} plays {card}: {spell} returns to their hand.")
MYSTICISM_ALL = message(
    "h3.cards.mysticism_all",
    "{seat!c} plays {card} (expert): {spell} and {n} card(s) played with it return to their hand.",
)
PLAY_AT_CAST = message("h3.cards.no.play_at_cast", "Play this card right after you cast a spell on the map.")

# ---- war machines (B)
# H3-19, H3-6.32, H3-43.1.2, H3-50.6: the face-up pile and buying from it (cards/war_machines.py)
ASK_BUY_MACHINE = message(
    "h3.cards.ask.buy_machine", "Buy one war machine from the face-up pile? It goes to your hand ({where})."
)
PRICE_FACTORY = message("h3.cards.price.factory", "factory price")
PRICE_POST = message("h3.cards.price.post", "trading-post price")
OPT_BUY_MACHINE = message("h3.cards.opt.buy_machine", "Buy {card} for {cost}")
MACHINE_BOUGHT = message("h3.cards.machine_bought", "{seat!c} buys {card} from the war machine pile for {cost}.")
NO_MACHINE_LEFT = message("h3.cards.no.machine_left", "{card} is not in the war machine pile.")
MACHINE_TOO_DEAR = message("h3.cards.no.machine_too_dear", "You cannot pay {cost} for {card}.")
NO_MACHINES_HERE = message(
    "h3.cards.no.machines_here", "War machines are bought only at a War Machine Factory or a Trading Post."
)
NO_MACHINE_PILE = message("h3.cards.no.machine_pile", "This game has no war machines: the Rampart box is not in it.")

# ---- the Fortress faction (town/cage.py, town/triggers.py, adventure/scholar.py, cards/map_cards.py)
# Cage of Warlords: a faction cube put on it (2 at most)
CAGE_CUBE = message("h3.cards.cage_cube", "{seat!c} puts a faction cube on the Cage of Warlords ({n} there now).")
CAGE_FULL = message("h3.cards.cage_full", "{seat!c}'s Cage of Warlords already holds {n} cubes, the most it takes.")
STORM_CUBE = message(
    "h3.cards.storm_cube", "{seat!c} puts a faction cube on the Brimstone Stormclouds ({n} there now)."
)
STORM_FULL = message(
    "h3.cards.storm_full", "{seat!c}'s Brimstone Stormclouds already hold {n} cubes, the most they take."
)
# Blood Obelisk: "at once after your town has been sieged"
TOWN_SIEGED = message("h3.cards.town_sieged", "{seat!c}'s town was besieged: {building} acts at once.")
# the Scholar (H3-50.8)
SCHOLAR_ROLL = message("h3.cards.scholar_roll", "{seat!c} rolls the attack die at the Scholar: {face}.")
ASK_SCHOLAR_STAT = message(
    "h3.cards.ask.scholar_stat", "The Scholar: take a statistic card of your choice, or remove one from your hand."
)
OPT_TAKE_STAT = message("h3.cards.opt.take_stat", "Take a {card} card")
STAT_TAKEN = message("h3.cards.stat_taken", "{seat!c} takes a {card} card from the supply.")
ASK_SCHOLAR_DECK = message("h3.cards.ask.scholar_deck", "The Scholar: draw 2 cards from which {deck} deck?")
ASK_SCHOLAR_KEEP = message("h3.cards.ask.scholar_keep", "The Scholar: keep one of these cards; the other is discarded.")
SCHOLAR_KEPT = message("h3.cards.scholar_kept", "{seat!c} keeps one of the two {deck} cards and discards {card}.")
SCHOLAR_KEPT_ONE = message("h3.cards.scholar_kept_one", "{seat!c} keeps the one {deck} card drawn.")
SCHOLAR_NONE = message("h3.cards.scholar_none", "The {deck} deck has no card to draw.")
# Tazar's War Hero VI: pay with cards for the top artifact
ASK_PAY_FOR_ARTIFACT = message(
    "h3.cards.ask.pay_for_artifact", "{card}: remove 1 card from your hand, or discard {n}, to draw the top artifact."
)
OPT_DISCARD_N = message("h3.cards.opt.discard_n", "Discard {n} cards (you pick which next)")
ARTIFACT_DRAWN = message("h3.cards.artifact_drawn", "{seat!c} draws the top card of the artifact deck.")
NOTHING_TO_PAY = message("h3.cards.no.nothing_to_pay", "You have no other card in hand to pay for {card} with.")

# ---- the Inferno faction (adventure/effects.py: the Castle Gate's move)
GATE_NOT_IN_BASE = message(
    "h3.cards.gate_not_in_base", "Your hero must stand in a town or settlement of yours to go through the Castle Gate."
)
GATE_NO_OTHER_BASE = message(
    "h3.cards.gate_no_other_base", "You control no other town or settlement free of heroes to go to."
)
# the Star Axis and the empowered statistic cards (adventure/empowered.py, H3-14.4)
ASK_EMPOWER = message("h3.cards.ask_empower", "Remove which statistic card for its empowered form?")
OPT_EMPOWER = message("h3.cards.opt_empower", "Remove {card} and take its empowered card")
EMPOWERED = message("h3.cards.empowered", "{seat!c} removes {card} and takes {empowered} from the empowered pile.")
NOTHING_TO_EMPOWER = message(
    "h3.cards.nothing_to_empower", "{seat!c} holds no statistic card with an empowered card left in the pile."
)
ASK_SCHOLAR_REMOVE = message(
    "h3.cards.ask_scholar_remove", "Scholar: remove a statistic card from your hand or discard pile ({n} more at most)?"
)
OPT_DONE_REMOVING = message("h3.cards.opt_done_removing", "Remove no more")
ASK_SCHOLAR_TAKE = message(
    "h3.cards.ask_scholar_take", "Scholar: which empowered statistic card goes on top of your discard pile ({n} left)?"
)
OPT_TAKE_EMPOWERED = message("h3.cards.opt_take_empowered", "Take {card}")
EMPOWERED_TO_DISCARD = message(
    "h3.cards.empowered_to_discard", "{seat!c} puts {card} from the empowered pile on top of their discard pile."
)
