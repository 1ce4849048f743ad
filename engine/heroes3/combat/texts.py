"""Sentences of the Clash spells' combat effects (combat/spells.py) and of Sandro's Cloak.

Kept beside the code that uses them so the combat folder declares its own additions; the
shared Heroes III sentences stay in engine/heroes3/messages.py.
"""

from __future__ import annotations

from engine.core.text import message, plural_message

NOBODY = message("h3.unit.nobody", "nobody")
MODE_OTHER = message("h3.mode.other", "other effect")

# ---- options ---------------------------------------------------------------------------------------
OPT_CAST_CELLS = message("h3.opt.cast_cells", "Cast {card} with {power} Power on {cell} and {other}")
OPT_CAST_CHAIN = message("h3.opt.cast_chain", "Cast {card} with {power} Power on {target}, then {second}, then {third}")
OPT_CAST_MOVE = message("h3.opt.cast_move", "Cast {card} with {power} Power: {target} to {cell}")
OPT_PRAYER_ATTACK = message("h3.opt.prayer_attack", "Cast {card} with {power} Power on {target}: +{n} attack")
OPT_PRAYER_DEFENSE = message("h3.opt.prayer_defense", "Cast {card} with {power} Power on {target}: +{n} defence")
OPT_PRAYER_INITIATIVE = message(
    "h3.opt.prayer_initiative", "Cast {card} with {power} Power on {target}: +{n} initiative"
)

OPT_PLAY_PAID = message("h3.opt.play_paid", "Play {card} ({mode}) on {target}, discarding {discard}")
OPT_PLAY_PAID_NO_TARGET = message("h3.opt.play_paid_no_target", "Play {card} ({mode}), discarding {discard}")
OPT_PLAY_PAID_TWO = message(
    "h3.opt.play_paid_two", "Play {card} ({mode}) on {target}, discarding {discard} and {other}"
)
OPT_PLAY_PAID_MANY = message("h3.opt.play_paid_many", "Play {card} ({mode}) on {target}, discarding {cards}")
OPT_PLAY_PAY_COUNT = plural_message(
    "h3.opt.play_pay_count",
    "Play {card} ({mode}) on {target}, discarding {n} card (you pick which next)",
    "Play {card} ({mode}) on {target}, discarding {n} cards (you pick which next)",
)
ASK_PAY_DISCARD = message("h3.ask.pay_discard", "Which card do you discard for {card}? (cards still to discard: {n})")
OPT_TAKE_BACK = message("h3.opt.take_back", "Play {card} ({mode}): take {pick} back into your hand")
OPT_DECK_TAKE = plural_message(
    "h3.opt.deck_take",
    "Play {card} ({mode}): discard the top {n} card of your deck and take it into your hand",
    "Play {card} ({mode}): discard the top {n} cards of your deck and take one of them into your hand",
)
OPT_FROST_COUNT = message("h3.opt.frost_count", "Play {card} on {cell}, discarding {n} cards (you pick which next)")
OPT_CHAIN_THREE = message("h3.opt.chain_three", "Play {card} on {target}, then {other}, then {third}")
OPT_READY_DIE_CANCEL = message(
    "h3.opt.ready_die_cancel",
    "Pass, with {card} ready: if the attack die goes against you, it is played and the result ignored",
)
OPT_READY_REROLL = message(
    "h3.opt.ready_reroll",
    "Pass, with {card} ready: if the attack die goes against you, it is played and the die re-rolled",
)
CARD_REROLL = message("h3.combat.card_reroll", "{card}: the attack die of {unit} is re-rolled.")
ASK_REROLL_CARD = message(
    "h3.ask.reroll_card", "Your attack die shows {die:+d}. Use the re-roll a card gave you on it?"
)
REROLL_GRANTED = message(
    "h3.combat.reroll_granted", "{seat!c} may re-roll one attack die of their own units once in this combat."
)
ALLOWANCE_REROLL = message("h3.combat.allowance_reroll", "{seat!c} uses the re-roll a card gave them.")
DIE_CANCELLED = message("h3.combat.die_cancelled", "{card}: the attack die of {unit} is ignored, with all it set off.")
ASK_COUNTER = message("h3.ask.counter", "{seat!c} casts {spell} with {power} Power. Play a card to cancel its effect?")
SPELL_COUNTERED = message("h3.combat.spell_countered", "{card}: {spell} is cast but has no effect.")
SPELL_NOT_COUNTERED = message("h3.combat.spell_not_countered", "{card} fails: {spell} takes effect.")
SCHOOL_POWER_ADDED = message(
    "h3.combat.school_power_added", "{seat!c} discards {card}: +{n} Power if the next spell is of its school."
)
ARCHERY_ON = message(
    "h3.combat.archery_on",
    "Until combat round {n} ends, the ranged units of {seat} get +1 attack against a unit not next to them.",
)
ARCHERY_ON_EXPERT = message(
    "h3.combat.archery_on_expert",
    "Until combat round {n} ends, the ranged units of {seat} get +1 initiative, and +1 attack against a unit"
    " not next to them.",
)
START_SPELL = message("h3.combat.start_spell", "{seat!c} may cast a spell before any unit activates.")
MUTED = message("h3.combat.muted", "Until this combat round ends, no unit can use its abilities.")
ASK_PICK_CARD = message("h3.ask.pick_card", "Choose the card to take into your hand.")

# ---- events ----------------------------------------------------------------------------------------
SPELL_CAST_CELLS = message(
    "h3.combat.spell_cast_cells", "{seat!c} casts {card} with {power} Power on {cell} and {other}."
)
ANTI_MAGIC_ON = message("h3.combat.anti_magic_on", "No spell can target {unit} until the combat ends.")
BERSERK_ON = message("h3.combat.berserk_on", "{unit} goes berserk: until the combat ends it attacks the nearest unit.")
BERSERK_ACTS = message("h3.combat.berserk_acts", "{unit} is berserk and goes for {target}.")
BERSERK_IDLE = message("h3.combat.berserk_idle", "{unit} is berserk but cannot reach any unit.")
BLESSED = message("h3.combat.blessed", "{unit} will roll no attack die in its next attack (+{n} attack).")
NO_DIE = message("h3.combat.no_die", "{card}: {unit} rolls no attack die.")
COUNTERSTRIKE_ON = message("h3.combat.counterstrike_on", "{unit} loses its black cube and may retaliate again.")
DISPELLED = message("h3.combat.dispelled", "Every ongoing effect on {unit} ends.")
DISRUPTED = message("h3.combat.disrupted", "{unit} cannot use its abilities until the combat ends.")
BOOST_ATTACK = message("h3.combat.boost_attack", "{unit} gets +{n} attack until its next attack resolves.")
BOOST_DEFENSE = message("h3.combat.boost_defense", "{unit} gets +{n} defence until the next attack on it resolves.")
BOOST_INITIATIVE = message("h3.combat.boost_initiative", "{unit} gets +{n} initiative this combat round.")
DIE_TIMES = message("h3.combat.die_times", "The attack die of {unit} counts {n} times.")
WARDED = message("h3.combat.warded", "{unit} cannot be paralysed until the combat ends.")
TELEPORTED = message("h3.combat.teleported", "{unit} is teleported to {cell}.")
CLOAK_ON = message(
    "h3.combat.cloak_on",
    "{unit} fight under {card}: attack {attack}, defence {defense}, HP {hp}, initiative {initiative}.",
)
CLOAK_GONE = message("h3.combat.cloak_gone", "{card} on {unit} has no HP left and is discarded.")
SHACKLED = message("h3.combat.shackled", "{seat!c} can neither retreat nor surrender in this combat.")
ASK_KEEP_ONE = message("h3.ask.keep_one", "Which of the cards just drawn do you discard (the other stays in hand)?")
INHIBITED = message("h3.combat.inhibited", "Until the combat ends, spells and specialty cards deal no damage.")
INHIBITED_HIT = message("h3.combat.inhibited_hit", "{card} keeps the damage off {unit}.")
BACK_TO_HAND = message("h3.combat.back_to_hand", "{card} goes back into the hand of {seat}.")
RESHUFFLED = message("h3.combat.reshuffled", "{seat!c} shuffles the discard pile into the deck.")

# ---- H3-48.8 combat-side rows of the optional rules table --------------------------------------------
ASK_TIME_FREE = message(
    "h3.ask.time_free", "The combat round is over: retreat, or fight another round (no movement point needed here)?"
)
OPT_FIGHT_ON_FREE = message("h3.opt.fight_on_free", "Fight on")
FIGHT_ON_FREE = message(
    "h3.combat.fight_on_free", "{seat!c} fights another combat round; at this table it costs no MP."
)
NO_REROLL = message("h3.clash.no_reroll", "Nobody may re-roll dice at this table: {seat}'s re-roll has no effect.")
CHAOS_NO_RECALL = message(
    "h3.combat.chaos_no_recall",
    "Chaos deck: {card} does not come back; it leaves the game after the combat and a new spell replaces it.",
)
# Spellbinder's Hat in a combat: the bottom effect removes it and one more card (H3-13.2.8); the top one's
# Search of a shared deck (H3-13.2.5) is played on the map only
OPT_HAT_ALONE = message("h3.combat.opt.hat_alone", "Play {card} ({mode}): remove it from the game")
OPT_HAT_HAND = message(
    "h3.combat.opt.hat_hand", "Play {card} ({mode}): remove it and {pick} from your hand from the game"
)
OPT_HAT_DISCARD = message(
    "h3.combat.opt.hat_discard", "Play {card} ({mode}): remove it and {pick} from your discard pile from the game"
)
HAT_SEARCH_ON_MAP = message(
    "h3.combat.no.hat_search",
    "{card}'s top effect Searches a shared deck, which is done on the adventure map only: play it outside a combat.",
)
# H3-36.4: a retreat asked for in a combat that has no time limit (combat/flow.py ``refuse_untimed_retreat``)
NO_RETREAT = message(
    "h3.combat.no_retreat",
    "No retreat: this combat has no time limit (against azure units, another player or an AI hero, H3-36.4).",
)

# ---- war machines (B)
# H3-19: the owner's war machine in play acts in the combat (combat/war_machines.py)
MACHINE_IN_COMBAT = message("h3.combat.machine_in_combat", "{side}'s {card} takes part in this combat.")
BALLISTA_SHOOTS = message("h3.combat.ballista_shoots", "{side}'s {card} shoots at {target}.")
ASK_BALLISTA = message(
    "h3.combat.ask.ballista", "Your {card} shoots at the enemy unit with the lowest initiative: choose among the tied."
)
OPT_TENT = message("h3.combat.opt.tent", "Use {card}: take {n} damage off {unit}")
TENT_USED = message("h3.combat.tent_used", "{side}'s {card} takes {n} damage off {unit}.")
NO_TENT = message(
    "h3.combat.no.tent",
    "The First Aid Tent takes 1 damage off one of your own damaged units, once in each combat round.",
)

# ---- Tower-box heroes (C)
# Meteor Shower IV prints two effects joined by "or" (combat/cards.py ``_or_label``)
MODE_POWER = message("h3.mode.power", "+1 Power")
MODE_RESHUFFLE = message("h3.mode.reshuffle", "discard pile into the deck, then draw")
# Lord Haart's Dread Knights: the next retaliation against the unit hurts less / rolls two dice, the lower kept
RETALIATION_GUARD = message("h3.combat.retaliation_guard", "The next retaliation against {unit} deals {n} damage less.")
RETALIATION_WORST = message(
    "h3.combat.retaliation_worst",
    "For this combat, a unit retaliating against {unit} rolls two attack dice and keeps the lower.",
)
# Deemer's Meteor Shower: the units hit, with the Power it used
SPECIALTY_TWO = message("h3.combat.specialty_two", "{seat!c} plays {card} with {power} Power on {target} and {other}.")
SPECIALTY_THREE = message(
    "h3.combat.specialty_three", "{seat!c} plays {card} with {power} Power on {target}, {other} and {third}."
)

# ---- Tower-box heroes (D)
# Cyra's Haste IV and VI, Clancy's Unicorns VI: what the card leaves on the unit
FASTER_FOE_ATTACK = message(
    "h3.combat.faster_foe_attack", "{unit} attacks with +{n} more if the unit it attacks has a higher initiative."
)
SLOWER_FOE_DEFENSE = message(
    "h3.combat.slower_foe_defense",
    "For this combat {unit} has +{n} initiative and +1 defence against attacks by units with a lower initiative.",
)
SPELL_WARD = message("h3.combat.spell_ward", "For this combat spells deal {n} damage less to {unit}.")
# Torosar's Ballista: a Ballista more for this combat (his level VI card)
BALLISTA_GAINED = message("h3.combat.ballista_gained", "For this combat {seat} has one more Ballista.")

# ---- Fortress box
# Dragon Flies (attack): the ongoing card effects the target's own side played on it end (combat/ongoing.py)
ONGOING_ENDED = plural_message(
    "h3.combat.ongoing_ended",
    "{n} ongoing card effect on {unit} ends.",
    "{n} ongoing card effects on {unit} end.",
)
# Hydras Pack (attack): a second adjacent enemy, asked after the first attack
ASK_SECOND_TARGET = message("h3.ask.second_target", "{unit} may attack one more adjacent enemy. Which one, if any?")
# Tazar's War Hero IV; Adrienne's Fire Magic I / VI
LASTING_DEFENSE = message("h3.combat.lasting_defense", "For this combat {unit} has +{n} defence.")
SCHOOL_BOOST = message(
    "h3.combat.school_boost", "{card}: for this combat {seat}'s spells of that school are cast with +{n} Power."
)
# Adrienne's Fire Magic IV in a combat (combat/own_search.py): Search (N) the own deck, then reshuffle
SEEN_OWN = message("h3.combat.seen_own", "You look at the top of your deck: {cards}.")
ASK_SEARCH_OWN = message("h3.ask.search_own", "Which of these cards from the top of your deck do you keep?")
SEARCHED_OWN = message(
    "h3.combat.searched_own", "{seat!c} keeps 1 card from the top of their deck and discards {cards}."
)
SEARCHED_ONE = message("h3.combat.searched_one", "{seat!c} keeps the top card of their deck.")
# the Cage of Warlords (combat/cage.py): a faction cube taken off for +1 attack or defence
OPT_CAGE_ATTACK = message("h3.opt.cage_attack", "Take a cube off your Cage of Warlords: {target} +1 attack")
OPT_CAGE_DEFENSE = message("h3.opt.cage_defense", "Take a cube off your Cage of Warlords: {target} +1 defence")
CAGE_ATTACK = message(
    "h3.combat.cage_attack", "{seat!c} takes a cube off the Cage of Warlords: {target} gets +1 attack ({n} left)."
)
CAGE_DEFENSE = message(
    "h3.combat.cage_defense", "{seat!c} takes a cube off the Cage of Warlords: {target} gets +1 defence ({n} left)."
)
NO_CAGE_CUBE = message("h3.combat.no_cage_cube", "You have no cube left on your Cage of Warlords.")

# Inferno-box heroes (combat/cards.py): Zydar's two effects joined by "or", or both at once
MODE_POWER_N = message("h3.mode.power_n", "+{n} Power")
MODE_DRAW_AFTER_CAST = message("h3.mode.draw_after_cast", "draw a card after your spell")
MODE_FREE_SPELL = message("h3.mode.free_spell", "one more spell this combat round")
MODE_BOTH = message("h3.mode.both", "both effects")
OPT_AREA = message("h3.opt.area", "Play {card} on {cell}")
SPELL_LIMIT_RAISED = message(
    "h3.combat.spell_limit_raised", "{seat!c} may cast one more spell this combat round ({n} in all)."
)
# the Inferno Brimstone Stormclouds (combat/cage.py): a faction cube taken off for +1 Power
OPT_STORM_POWER = message("h3.opt.storm_power", "Take a cube off your Brimstone Stormclouds: +1 Power")
STORM_POWER = message(
    "h3.combat.storm_power",
    "{seat!c} takes a cube off the Brimstone Stormclouds: +1 Power towards the next spell ({n} left).",
)
NO_STORM_CUBE = message(
    "h3.combat.no_storm_cube",
    "You have no cube left on your Brimstone Stormclouds, or one already waits for this spell.",
)
# Pit Lords (Pack) summon or reinforce Demons (combat/summon.py, H3-52.3)
OPT_SUMMON = message("h3.opt.summon", "Summon {unit} onto {cell}")
OPT_SUMMON_REINFORCE = message("h3.opt.summon_reinforce", "Reinforce {unit} to their Pack side, free")
SUMMONED = message("h3.combat.summoned", "{unit} summon {target} onto {cell}.")
SUMMON_REINFORCED = message("h3.combat.summon_reinforced", "{unit} reinforce {target} to their Pack side, free.")
