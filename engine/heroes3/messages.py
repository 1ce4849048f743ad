"""Every sentence Heroes III shows a player, as declared messages (engine/core/text.py).

Names of things travel as ``Ref``s: units (``unit``), cards (``card``), heroes (``hero``),
factions (``faction``), walls and gates (``h3_structure``). Spaces travel as their label
("B2": column letter, row number from the attacker's back row), which reads the same in
every language.
"""

from __future__ import annotations

from engine.core.text import Msg, Ref, message, plural_message

# ---- names and fragments -------------------------------------------------------------------------
ATTACKER = message("h3.team.attacker", "the attacker")
DEFENDER = message("h3.team.defender", "the defender")
UNIT_OF = message("h3.unit.of", "{unit} of {team}")
TOWER_NAME = message("h3.unit.arrow_tower", "the arrow tower")
SEAT = message("h3.seat", "seat {seat}")
MODE_BASIC = message("h3.mode.basic", "basic")
MODE_EXPERT = message("h3.mode.expert", "expert")
MODE_ALT = message("h3.mode.alt", "for +1 Power")
MODE_ATTACK = message("h3.mode.attack", "for attack")
MODE_DEFENSE = message("h3.mode.defense", "for defence")

# ---- events ------------------------------------------------------------------------------------
PLACED = message("h3.combat.placed", "{unit} is placed on {cell}.")
WALLS_PLACED = message("h3.combat.walls_placed", "The defender builds three walls and puts the gate in column {col}.")
ROUND = message("h3.combat.round", "Combat round {round} begins.")
ACTIVATES = message("h3.combat.activates", "{unit} activates.")
PARALYSED_SKIP = message(
    "h3.combat.paralysed_skip", "{unit} is paralysed: it skips this activation and the token is removed."
)
MOVES = message("h3.combat.moves", "{unit} moves to {cell}.")
DEFENDS = message("h3.combat.defends", "{unit} takes a defence token.")
ENDS = message("h3.combat.ends", "{unit} ends its activation.")
DECLARES = message("h3.combat.declares", "{unit} attacks {target}.")
RETALIATES = message("h3.combat.retaliates", "{unit} retaliates against {target}.")
ROLL = message("h3.combat.roll", "The attack die shows {die:+d}.")
DEFENSE_ROLL = message("h3.combat.defense_roll", "The defence die shows {die:+d}.")
DAMAGE = plural_message("h3.combat.damage", "{unit} takes {n} damage.", "{unit} takes {n} damage.")
FLIPPED = plural_message(
    "h3.combat.flipped",
    "{unit} flips to its Few side carrying {n} damage.",
    "{unit} flips to its Few side carrying {n} damage.",
)
PUSHED = message("h3.combat.pushed", "{unit} is pushed to {cell}.")
MARKED = message("h3.combat.marked", "{unit} is marked: it takes 1 damage when it next activates.")
MARK_HURTS = message("h3.combat.mark_hurts", "{unit} removes a mark and takes its damage.")
WEAKENED = message("h3.combat.weakened", "{unit} gets a -{n} attack token for two combat rounds.")
ATTACK_UP = message("h3.combat.attack_up", "{unit} gets +{n} attack for this activation.")
ASK_REROLL_MOVED = message("h3.ask.reroll_moved", "{unit} moved this activation: re-roll its attack die ({die:+d})?")
ATTACK_TOKEN = message("h3.combat.attack_token", "{unit} gets +{n} attack for two combat rounds.")
DIE_IGNORED = message("h3.combat.die_ignored", "{seat!c} discards {card}: the attack die counts as 0 against {unit}.")
TOWER_DESTROYED = message("h3.combat.tower_destroyed", "{unit} destroys the arrow tower.")
ASK_IGNORE_DIE = message(
    "h3.ask.ignore_die", "The attack die against {unit} shows {die:+d}: discard a card so it counts as 0?"
)
OPT_IGNORE_DIE = message("h3.opt.ignore_die", "Discard {card}")
ASK_KILL_AGAIN = message("h3.ask.kill_again", "{unit} defeated its target: attack another adjacent unit?")
OPT_SEARCH_SPELL = plural_message(
    "h3.opt.search_spell",
    "Discard the top {n} card of your deck and keep a spell among them",
    "Discard the top {n} cards of your deck and keep a spell among them",
)
OPT_TAKE = message("h3.opt.take", "Take {card}")
ASK_SEARCH_COUNT = message(
    "h3.ask.search_count", "{unit} may discard up to 3 cards from your deck to find a spell: how many?"
)
ASK_PICK_SPELL = message("h3.ask.pick_spell", "Choose the spell to take into your hand.")
DECK_DISCARDED = message("h3.combat.deck_discarded", "{seat!c} discards from the deck: {cards}.")
OPT_DISCARD = message("h3.opt.discard", "Discard {card}")
ASK_FORCED_DISCARD = message(
    "h3.ask.forced_discard", "An enemy unit makes you discard a card for casting a spell: which?"
)
OPT_BOOST = message("h3.opt.boost", "Instead of acting: +{n} attack to {target} for two combat rounds")
OPT_BREAK = message("h3.opt.break", "Instead of acting: destroy {target}")
DEFEATED = message("h3.combat.defeated", "{unit} is defeated.")
STRUCTURE_DESTROYED = message("h3.combat.structure_destroyed", "{unit} destroys the {structure} in column {col}.")
TOWER_FALLS = message("h3.combat.tower_falls", "With every wall and the gate down, the arrow tower falls.")
PARALYSES = message("h3.combat.paralyses", "{unit} is paralysed.")
UNPARALYSED = message("h3.combat.unparalysed", "{unit} loses its paralysis token.")
HEALS = plural_message("h3.combat.heals", "{unit} removes {n} damage.", "{unit} removes {n} damage.")
CARD_PLAYED = message("h3.combat.card_played", "{seat!c} plays {card} ({mode}) on {target}.")
CARD_PLAYED_TWO = message("h3.combat.card_played_two", "{seat!c} plays {card} ({mode}) on {target} and {other}.")
DISCARDED = message("h3.combat.discarded", "{seat!c} discards {card}.")
MORALE_GAINED = message("h3.combat.morale_gained", "{seat!c} gains a positive morale token.")
MORALE_NEGATIVE_GONE = message(
    "h3.combat.morale_negative_gone", "{seat!c} discards its negative morale token instead of gaining morale."
)
CARD_CANCELS = message("h3.combat.card_cancels", "{card} cancels the attack on {unit}.")
CARD_PLAYED_NO_TARGET = message("h3.combat.card_played_no_target", "{seat!c} plays {card} ({mode}).")
SPELL_CAST = message("h3.combat.spell_cast", "{seat!c} casts {card} with {power} Power on {target}.")
SPELL_IGNORED = message("h3.combat.spell_ignored", "{unit} is unaffected by {card}.")
POWER_ADDED = message("h3.combat.power", "{seat!c} now has {n} Power for the next spell.")
RECALLED = message("h3.combat.recalled", "{seat!c} takes {card} back into hand.")
DREW = plural_message("h3.combat.drew", "{seat!c} draws {n} card.", "{seat!c} draws {n} cards.")
YOU_DREW = message("h3.combat.you_drew", "You draw {cards}.")
HAND = message("h3.combat.hand", "Your hand: {cards}.")
MORALE_REROLL = message("h3.combat.morale_reroll", "{seat!c} spends positive morale to re-roll the die.")
RETREAT = message("h3.combat.retreat", "The attacking hero retreats from the combat.")
FIGHT_ON = message("h3.combat.fight_on", "{seat!c} spends 1 movement point to fight another combat round.")
SURRENDER = message("h3.combat.surrender", "{seat!c} pays {gold} gold and surrenders.")
WINS = message("h3.combat.wins", "{team!c} wins the combat.")
NO_WINNER = message("h3.combat.no_winner", "The combat ends with no winner ({outcome}).")
XP = plural_message(
    "h3.combat.xp", "The winning hero gains {n} experience point.", "The winning hero gains {n} experience points."
)
LEVEL_VII = message("h3.combat.level_vii", "Defeating an azure unit raises the hero to level VII.")
QUICK = message(
    "h3.combat.quick", "Quick combat: the hero outranks the field, so the neutrals count as defeated (no XP)."
)
NEUTRALS_DRAWN = message("h3.combat.neutrals_drawn", "Neutral units drawn for a level {level} field: {units}.")
AI_TARGET = message("h3.combat.ai_target", "The AI's {unit} targets {target}.")
STARTS = message("h3.combat.starts", "{attacker} ({a_hero}) attacks {defender}.")
CANCELLED = message("h3.combat.cancelled", "{unit} cancels the attack on {target}.")
STRIKES = message("h3.combat.strikes", "{unit} also strikes {target}.")
MORALE_LOST = message("h3.combat.morale_lost", "{seat!c} loses its positive morale token.")
DISCARDED_RANDOM = message("h3.combat.discarded_random", "{seat!c} discards a random card: {card}.")
SURVIVES = message("h3.combat.survives", "{unit} survives the blow with 1 HP left.")
ROOTED = message("h3.combat.rooted", "{unit} is held in place and cannot move this activation.")
POWER_BONUS = message("h3.combat.power_bonus", "{unit} adds {n} Power to the first spell {seat} casts this round.")
RETURNS = message("h3.combat.returns", "{unit} flies back to {cell}.")
NEUTRAL_SIDE = message("h3.combat.neutral_side", "the neutral units")

# ---- the end of combat on the adventure level (H3-37.4..H3-37.8, H3-26.5) -------------------------
AFTER_VISIT = message("h3.after.visit", "{seat!c}: the winning hero must now visit the field of the combat.")
AFTER_BACK = message(
    "h3.after.back", "{seat!c}: the hero moves back to the last field it visited, without visiting it."
)
AFTER_TOWN = message(
    "h3.after.town", "{seat!c}: the defeated main hero must move to one of its owner's towns or settlements."
)
AFTER_REMOVED = message("h3.after.removed", "{seat!c}: the defeated secondary hero is removed from the map.")
AFTER_MORALE = message(
    "h3.after.morale", "{seat!c} loses morale: a positive token is discarded, else a negative one is taken."
)
AFTER_GOLD = message("h3.after.gold", "{seat!c} pays {gold} gold to the winner.")
AFTER_CUBE = plural_message(
    "h3.after.cube",
    "{seat!c} gains {n} faction cube from the loser.",
    "{seat!c} gains {n} faction cubes from the loser.",
)
AFTER_REFILL = message(
    "h3.after.refill", "{seat!c} has no units left: the unit deck is replaced by the scenario's starting units."
)
YIELDED = message("h3.combat.yielded", "{seat!c} accepts instant defeat: the secondary hero does not fight.")
DECLARED = message("h3.combat.declared", "{seat!c} declares a combat: town actions may be taken before setup.")
REINFORCED = message("h3.combat.reinforced", "{seat!c} reinforces {unit} for free.")

SPELL_WEAKENED = message("h3.combat.spell_weakened", "{unit} has -{n} attack until its next attack resolves.")
FIRE_SHIELD_ON = message("h3.combat.fire_shield_on", "{unit} is shielded by fire this combat round ({n} damage).")
FIRE_SHIELD_BURNS = message("h3.combat.fire_shield_burns", "The fire shield of {target} burns {unit}.")
AI_DELAYED = message("h3.ai.delayed", "The AI hero keeps {card} for the first AI activation of the next combat round.")

# ---- AI heroes (H3-41, H3-42) --------------------------------------------------------------------
AI_SIDE = message("h3.ai.side", "the AI hero")
AI_CARD_ATTACK = message("h3.ai.card.attack", "Attack")
AI_CARD_DEFENSE = message("h3.ai.card.defense", "Defence")
AI_CARD_SPELL = message("h3.ai.card.spell", "Cast a spell")
AI_CARD_SKILL = message("h3.ai.card.skill", "Use a skill")
AI_DRAWS = message("h3.ai.draws", "The AI hero draws an AI card: {card}.")
AI_NOTHING = message("h3.ai.nothing", "The AI card has no effect at this difficulty.")
AI_WAITS = message("h3.ai.waits", "The AI card waits for the next AI unit able to attack.")
AI_DEFENSE_ON = message("h3.ai.defense_on", "{unit} gets +{n} defence until it is next attacked.")
AI_CASTS = message("h3.ai.casts", "The AI hero casts {card} with {power} Power on {unit}.")
AI_NO_CAST = message(
    "h3.ai.no_cast", "The AI hero has no target for {card}: the magic card goes to the bottom of the AI deck."
)
AI_SKILL = message("h3.ai.skill", "The AI hero uses {card} on {unit}.")
AI_SHUFFLED_BACK = message(
    "h3.ai.shuffled_back", "In the first combat round the AI card is shuffled back into the AI deck."
)
AI_DECK_EMPTY = message("h3.ai.deck_empty", "The AI deck is empty: no more AI cards in this combat.")

# ---- the private panel -----------------------------------------------------------------------------
PANEL_ROUND = message("h3.panel.round", "Combat round {round}.")
PANEL_NOT_STARTED = message("h3.panel.not_started", "The units are being placed.")
PANEL_SIDE = message(
    "h3.panel.side", "**{team!c}**: {hero} ({faction}), level {level}, {mp} MP, {gold} gold, morale {morale}"
)
PANEL_SIDE_NEUTRAL = message("h3.panel.side_neutral", "**{team!c}**: neutral units")
PANEL_SIDE_AI = message("h3.panel.side_ai", "**{team!c}**: AI hero {hero} ({faction}), {cards} AI cards left")
PANEL_UNIT = message("h3.panel.unit", "• {unit} ({side}): {where}")
PANEL_AT = message("h3.panel.at", "on {cell}, {damage}/{hp} damage")
PANEL_WAITING = message("h3.panel.waiting", "not on the board")
PANEL_DEFEATED = message("h3.panel.defeated", "defeated")
PANEL_FEW = message("h3.panel.few", "Few")
PANEL_PACK = message("h3.panel.pack", "Pack")
PANEL_NEUTRAL = message("h3.panel.neutral", "neutral")
PANEL_HAND = message("h3.panel.hand", "**Your hand ({n}):** {cards}")
PANEL_HAND_EMPTY = message("h3.panel.hand_empty", "**Your hand** is empty.")
PANEL_DECK = message(
    "h3.panel.deck", "Deck: {deck} cards · expert uses left: {expert} · spells cast this round: {spells}"
)
PANEL_RESULT = message("h3.panel.result", "The combat is over: {outcome}.")
OUTCOME_WORDS = {
    "victory": message("h3.outcome.victory", "victory"),
    "defeat": message("h3.outcome.defeat", "defeat"),
    "retreat": message("h3.outcome.retreat", "retreat"),
    "surrender": message("h3.outcome.surrender", "surrender"),
    "quick": message("h3.outcome.quick", "quick combat"),
    "instant": message("h3.outcome.instant", "instant defeat"),
}

# ---- prompts --------------------------------------------------------------------------------------
ASK_YIELD = message(
    "h3.ask.yield", "Your secondary hero is attacked: fight, or accept instant defeat (the hero leaves the map)?"
)
OPT_FIGHT = message("h3.opt.fight", "Fight")
OPT_YIELD = message("h3.opt.yield", "Accept instant defeat")
ASK_REINFORCE = message(
    "h3.ask.reinforce", "Neutral Skeletons were defeated: reinforce one of your bronze units for free."
)
OPT_REINFORCE = message("h3.opt.reinforce", "Reinforce {unit}")
ASK_FORCED_DISCARD_POWER = message(
    "h3.ask.forced_discard_power", "An enemy ability makes you discard a card with Power (a Power card or a spell)."
)
ASK_PLACE = plural_message(
    "h3.ask.place",
    "Place your units on your back and front rows ({n} unit left).",
    "Place your units on your back and front rows ({n} units left).",
)
ASK_GATE = message("h3.ask.gate", "Your town has a Citadel: choose the column of the gate in the middle row.")
ASK_ACTIVATE = message("h3.ask.activate", "Several of your units share the next initiative: which one activates now?")
ASK_ACT = message("h3.ask.act", "{unit} is activating: move, attack, defend or play a card.")
ASK_SHOOT = message("h3.ask.shoot", "{unit} is activating: shoot, move one space, defend or play a card.")
ASK_AFTER = message("h3.ask.after", "{unit} may still move one space.")
ASK_CARDS = message("h3.ask.cards", "{unit} attacks {target}: play a card or pass.")
ASK_REROLL = message("h3.ask.reroll", "Your attack die shows {die:+d}. Spend your positive morale token to re-roll it?")
ASK_TIME = message(
    "h3.ask.time", "The combat round is over: retreat, or spend 1 movement point ({mp} left) to fight another round?"
)
ASK_AI_TIE = message("h3.ask.ai_tie", "The AI's {unit} has several equally near targets: choose the one it attacks.")
ASK_CANCEL = message(
    "h3.ask.cancel",
    "{attacker} would defeat {target}. Use the ability of {unit} to cancel the attack (once per combat)?",
)
ASK_LETHAL = message(
    "h3.ask.lethal", "{attacker} would defeat {target}. Play a card that cancels the attack, or let it resolve?"
)
ASK_START = message("h3.ask.start", "The combat begins: play a start-of-combat card, or pass.")
ASK_AI_ORDER = message(
    "h3.ask.ai_order",
    "Several neutral units tie for the next place (same initiative and tier): choose which one the AI places first.",
)
ASK_STRIKE = message("h3.ask.strike", "{unit} also strikes a unit next to its target: choose which.")
ASK_RETURN = message("h3.ask.return", "{unit} may fly back to {cell}, where it started its activation.")

OPT_PLACE = message("h3.opt.place", "{unit} on {cell}")
OPT_DONE = message("h3.opt.done", "Done placing")
OPT_GATE = message("h3.opt.gate", "Gate in column {col}")
OPT_ACTIVATE = message("h3.opt.activate", "Activate {unit}")
OPT_MOVE = message("h3.opt.move", "Move to {cell}")
OPT_STAY = message("h3.opt.stay", "Do not move")
OPT_ATTACK = message("h3.opt.attack", "Attack {target}")
OPT_STRUCTURE = message("h3.opt.structure", "Destroy the {structure} in column {col}")
OPT_DEFEND = message("h3.opt.defend", "Defend")
OPT_END = message("h3.opt.end", "End the activation")
OPT_PLAY = message("h3.opt.play", "Play {card} ({mode}) on {target}")
OPT_PLAY_NO_TARGET = message("h3.opt.play_no_target", "Play {card} ({mode})")
OPT_SWAP = message("h3.opt.swap", "Play {card} ({mode}): {unit} and {other} swap spaces")
OPT_FROST = message("h3.opt.frost", "Play {card} on {cell}, discarding {discard}")
OPT_CHAIN = message("h3.opt.chain", "Play {card} on {target}, then {other}")
OPT_RESURRECT = message("h3.opt.resurrect", "Play {card} for {power} Power: cancel the attack")
OPT_CAST = message("h3.opt.cast", "Cast {card} with {power} Power on {target}")
OPT_PASS = message("h3.opt.pass", "Pass")
OPT_REROLL = message("h3.opt.reroll", "Re-roll the die")
OPT_KEEP = message("h3.opt.keep", "Keep the result")
OPT_RETREAT = message("h3.opt.retreat", "Retreat")
OPT_FIGHT_ON = message("h3.opt.fight_on", "Spend 1 movement point and fight on")
OPT_SURRENDER = message("h3.opt.surrender", "Surrender (pay {gold} gold)")
OPT_TARGET = message("h3.opt.target", "{target}")
OPT_CANCEL = message("h3.opt.cancel", "Cancel the attack")
OPT_ALLOW = message("h3.opt.allow", "Let the attack resolve")
OPT_RETURN = message("h3.opt.return", "Fly back to {cell}")

# ---- refusals ----------------------------------------------------------------------------------
NOT_OFFERED = message("h3.refused.not_offered", "That is not one of the choices open to you now.")
TOO_FAR = message("h3.refused.too_far", "{unit} cannot reach {cell} this activation.")
MUST_SHOOT_ADJACENT = message(
    "h3.refused.must_shoot_adjacent", "A ranged unit next to an enemy must shoot an adjacent enemy."
)
NOT_ADJACENT = message("h3.refused.not_adjacent", "{unit} can only attack a unit next to it.")
NEUTRALS_NO_DEFEND = message("h3.refused.neutrals_no_defend", "Neutral units never defend.")
NEUTRALS_MUST_ATTACK = message(
    "h3.refused.neutrals_must_attack", "Player-controlled neutral units must attack when they can."
)
SPELL_LIMIT = message("h3.refused.spell_limit", "You have already cast a spell this combat round.")
NO_CARDS = message("h3.refused.no_cards", "Only a player whose main hero is in the combat may play cards.")
NOT_IN_HAND = message("h3.refused.not_in_hand", "That card is not in your hand.")
NO_EXPERT_USE = message("h3.refused.no_expert_use", "Your hero has no expert use left this round.")
ACTIVATION_ONLY = message(
    "h3.refused.activation_only", "That card can only be played while one of your units activates, before it attacks."
)
SURRENDER_NOT_ALLOWED = message(
    "h3.refused.surrender",
    "You cannot surrender here (it needs {gold} gold, a player opponent and no own town to defend).",
)
NO_SUCH_UNIT = message("h3.refused.no_such_unit", "There is no such unit in this combat.")
BAD_TARGET = message("h3.refused.bad_target", "{card} cannot target {target}.")
CELL_TAKEN = message("h3.refused.cell_taken", "{cell} is not a free space on your side of the board.")
RANGED_BACK_ROW = message("h3.refused.ranged_back_row", "Ranged neutral units go in the back row while it has room.")
CANNOT_PAY_DISCARD = message(
    "h3.refused.cannot_pay_discard", "An enemy ability makes casting cost a discard you cannot pay from your hand."
)
NEEDS_POWER_CARD = message(
    "h3.refused.needs_power_card", "You must discard a card with Power (a Power card or a spell)."
)
NOT_RECRUITABLE = message("h3.refused.not_recruitable", "{unit} is not an unrecruited unit of your faction.")
NEEDS_DWELLING = message("h3.refused.needs_dwelling", "Recruiting {unit} needs the dwelling of its tier.")
NEEDS_CITADEL = message("h3.refused.needs_citadel", "Reinforcing {unit} needs a Citadel and the dwelling of its tier.")
NOT_FEW = message("h3.refused.not_few", "{unit} is not a unit on its Few side in your unit deck.")
NEUTRAL_NO_REINFORCE = message("h3.refused.neutral_no_reinforce", "{unit} is a neutral unit: it cannot be reinforced.")
CANNOT_AFFORD = message("h3.refused.cannot_afford", "You cannot pay {gold} gold and {valuables} valuables for this.")
BAD_OPTION = message("h3.refused.bad_option", "{what} is not a valid choice for this skirmish.")


def team_name(team: int) -> Msg:
    return ATTACKER() if team == 0 else DEFENDER()


def seat_name(seat: int | None) -> Msg:
    return SEAT(seat=(seat or 0) + 1)


def card_ref(card: str) -> Ref:
    return Ref(kind="card", id=card)


def structure_ref(kind: str) -> Ref:
    return Ref(kind="h3_structure", id=kind)
