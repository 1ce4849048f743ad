"""Every sentence the Clash game shows a player (engine/core/text.py), ids ``h3.clash.*``.

Names of things travel as ``Ref``s: cards (``card``), units (``unit``), locations
(``h3_location``), buildings (``h3_building``), resources (``h3_resource``), decks (``h3_deck``),
tokens (``h3_token``), dice (``h3_die``), astrologer cards (``astrologer``), scenarios
(``scenario``), difficulties (``h3_difficulty``). Map fields travel as their axial
coordinates, which read the same in every language. Content prose (an astrologer card's or a
scenario's text) travels as ``text_ref`` (kind ``h3text``), so it too is read in the reader's language.
"""

from __future__ import annotations

from engine.core.text import Msg, Ref, message, plural_message

__all__ = ["Msg"]

# ---- fragments ---------------------------------------------------------------------------------------
SEAT = message("h3.clash.seat", "seat {seat}")
MAIN_HERO = message("h3.clash.hero.main", "main hero")
SECONDARY_HERO = message("h3.clash.hero.secondary", "secondary hero")
MODE_BASIC = message("h3.clash.mode.basic", "basic effect")
MODE_EXPERT = message("h3.clash.mode.expert", "expert effect")
COST = message("h3.clash.cost", "{gold} gold, {bm} building materials, {val} valuables")
LOCATION = message("h3.clash.location", "{loc}")
BUILDING = message("h3.clash.building", "{building}")


def seat(s: int) -> Msg:
    return SEAT(seat=s + 1)


def ref(kind: str, id: str) -> Ref:
    return Ref(kind=kind, id=id)


def hero_kind(kind: str) -> Msg:
    return MAIN_HERO() if kind == "main" else SECONDARY_HERO()


def play_mode(mode: str) -> Msg:
    return MODE_EXPERT() if mode == "expert" else MODE_BASIC()


# ---- events ------------------------------------------------------------------------------------------
GAME_START = message("h3.clash.game_start", "The scenario {scenario} begins.")
ROUND = message("h3.clash.round", "Round {n} begins.")
TURN = message("h3.clash.turn", "{seat!c} starts their turn.")
TURN_END = message("h3.clash.turn_end", "{seat!c} ends their turn.")
TIMED_EVENT = message("h3.clash.timed_event", "Timed event: {text}")
# H3-7.3.2: the drawn card is read out, so its name and what it does go to everyone
ASTROLOGER = message("h3.clash.astrologer_card", "The astrologers proclaim {card}: {text}")
# H3-3.1: the scenario's own words (what it is, victory conditions, unique rules), said at the start
# and by the ``/h3 scenario`` lookup
SCENARIO_ABOUT = message("h3.clash.scenario.about", "About this scenario: {text}")
SCENARIO_SIZE = message(
    "h3.clash.scenario.size", "For {players} players; the game ends after round {rounds} at the latest."
)
SCENARIO_WIN = message("h3.clash.scenario.win", "To win: {goal}")
SCENARIO_EVENT = message("h3.clash.scenario.event", "Timed event in round {n}: {text}")
SCENARIO_RULE = message("h3.clash.scenario.rule", "Scenario rule: {text}")
# H3-3.2.3 / H3-7.8: an Alliance scenario's teams and how they take turns, said with its other texts
SCENARIO_TEAM = message("h3.clash.scenario.team", "Team {n}: {seats}.")
SCENARIO_ALLIANCE = message(
    "h3.clash.scenario.alliance",
    "Alliance (H3-3.2.3): the teams take turns alternately; at the start of its first turn in a round, each team "
    "chooses which of its members plays first and which plays last (H3-7.8).",
)
# A victory condition the scenario gives no words for, said from its kind (H3-5.1, H3-5.5, H3-5.6, H3-45.5)
GOALS = {
    "eliminate_all": message("h3.clash.goal.eliminate_all", "eliminate every enemy faction (this wins at once)."),
    "faction_cubes": message("h3.clash.goal.faction_cubes", "hold a faction cube from each enemy player."),
    "capture_all_towns": message("h3.clash.goal.capture_all_towns", "flag every enemy town."),
    "most_towns_at_round_limit": message(
        "h3.clash.goal.most_towns", "hold the most towns and settlements at the round limit."
    ),
    "grail": message("h3.clash.goal.grail", "hold the grail."),
    "most_vp": message("h3.clash.goal.most_vp", "have the most victory points when the game ends."),
}
INCOME = message("h3.clash.income", "{seat!c} collects {what}.")
DREW = plural_message("h3.clash.drew", "{seat!c} draws {n} card.", "{seat!c} draws {n} cards.")
YOU_DREW = message("h3.clash.you_drew", "You drew: {cards}.")
YOU_SEE = message("h3.clash.you_see", "You look at: {cards}.")
YOU_KEPT = message("h3.clash.you_kept", "You kept {card}.")
SEARCH_LOOKS = plural_message(
    "h3.clash.search_looks",
    "{seat!c} looks at the top {n} card of the {deck} deck.",
    "{seat!c} looks at the top {n} cards of the {deck} deck.",
)
SEARCH_KEPT = message("h3.clash.search_kept", "{seat!c} searched the {deck} deck, kept 1 card and discarded {cards}.")
SEARCH_TOOK = message("h3.clash.search_took", "{seat!c} takes {card} from the {deck} discard pile.")
DISCARDED = message("h3.clash.discarded", "{seat!c} discards {card}.")
HAND_DISCARDED = message("h3.clash.hand_discarded", "{seat!c} discards their whole hand (negative morale).")
XP_GAINED = message("h3.clash.xp_gained", "{seat!c}'s main hero gains {n} XP ({xp} in all).")
LEVEL_UP = message("h3.clash.level_up", "{seat!c}'s main hero reaches level {level}.")
SPECIALTY_GAINED = message("h3.clash.specialty", "{seat!c} takes the level {level} specialty card.")
MORALE_NOW = message("h3.clash.morale_now", "{seat!c}'s morale is now {morale:+d}.")
MORALE_EXTRA = message("h3.clash.morale_extra", "{seat!c} already holds a positive morale token: the new one is lost.")
MORALE_SPENT = message("h3.clash.morale_spent", "{seat!c} spends a positive morale token.")
GAINED = message("h3.clash.gained", "{seat!c} gains {what}.")
PAID = message("h3.clash.paid", "{seat!c} pays {what}.")
PRODUCTION_UP = message("h3.clash.production_up", "{seat!c}'s production rises by {what}.")
SETTLED = message("h3.clash.settled", "{seat!c}'s settlement now produces {resource}.")
REINFORCED = message("h3.clash.reinforced", "{seat!c} reinforces {unit}.")
RECRUITED = message("h3.clash.recruited", "{seat!c} recruits {unit}.")
ROLLED = message("h3.clash.rolled", "{seat!c} rolls the {die} die: {faces}.")
MP_GAINED = plural_message(
    "h3.clash.mp_gained", "{seat!c} gains {n} MP for this turn.", "{seat!c} gains {n} MP for this turn."
)
GRAIL = message("h3.clash.grail", "{seat!c} takes the grail.")
TRADED = message("h3.clash.traded", "{seat!c} trades {give} {what} for {get} {into}.")
CARD_REMOVED = message("h3.clash.card_removed", "{seat!c} removes {card} from the game and gains {gold} gold.")
RECALLED = message("h3.clash.recalled", "{seat!c} takes {card} back from their discard pile.")
WITCH_KEPT = message("h3.clash.witch_kept", "{seat!c} keeps the ability card they looked at.")
WITCH_DISCARDED = message("h3.clash.witch_discarded", "{seat!c} discards {card} to the ability discard pile.")
VISITED = message("h3.clash.visited", "{seat!c} visits {loc}.")
FLAGGED = message("h3.clash.flagged", "{seat!c} flags {loc}.")
CUBE_GAINED = message("h3.clash.cube", "{seat!c} takes a faction cube from {source}.")
ALLY_FIELD = message(
    "h3.clash.ally_field", "{seat!c} treats {owner}'s {loc} as an empty field: allies neither take nor share it."
)
TOWN_RETURNED = message("h3.clash.town_returned", "{seat!c} retakes {loc} from {enemy} and returns it to {owner}.")
MOVED = message("h3.clash.moved", "{seat!c} moves the {hero} to ({q}, {r}).")
DISCOVERED = message("h3.clash.discovered", "{seat!c} discovers tile {tile} at ({q}, {r}).")
PLACED_TILE = message("h3.clash.placed_tile", "{seat!c} places tile {tile} at ({q}, {r}).")
ROTATED = message("h3.clash.rotated", "{seat!c} turns the tile at ({q}, {r}) by {n} degrees.")
QUICK = message(
    "h3.clash.quick", "Quick combat: {seat} is stronger than the level {level} guards, who count as defeated."
)
NEUTRALS = message("h3.clash.neutrals", "Level {level} guards: {units}.")
DECLARED_SIEGE = message("h3.clash.declared_siege", "{seat!c} attacks an undefended town or settlement.")
UNDEFENDED = message("h3.clash.undefended", "{seat!c} does not defend: the attacker takes the field.")
SECONDARY_GONE = message("h3.clash.secondary_gone", "{seat!c}'s secondary hero leaves the map.")
RELOCATED = message("h3.clash.relocated", "{seat!c}'s main hero retreats to ({q}, {r}).")
BUILT = message("h3.clash.built", "{seat!c} builds {building}.")
HIRED = message("h3.clash.hired", "{seat!c} hires a secondary hero at ({q}, {r}).")
SPELLBOOK = message("h3.clash.spellbook", "{seat!c} pays {gold} gold at the Mage Guild.")
USED_BUILDING = message("h3.clash.used_building", "{seat!c} uses {building}.")
PLAYED = message("h3.clash.played", "{seat!c} plays {card} ({mode}).")
MULLIGAN = message("h3.clash.mulligan", "{seat!c} shuffles their hand back and draws a new one.")
CONDITION_MET = message(
    "h3.clash.condition_met", "{seat!c} meets a victory condition: the game ends at the end of this round."
)
ELIMINATED_NOW = message("h3.clash.eliminated", "{seat!c} is eliminated ({rule}).")
GAME_OVER_WINNERS = message("h3.clash.game_over", "The game is over. Winners: {seats}.")
# Alliance (H3-3.2.3): a team wins or loses together
TEAM_CONDITION_MET = message(
    "h3.clash.team_condition_met",
    "{seat!c} meets a victory condition for the team of {seats}: the game ends at the end of this round.",
)
GAME_OVER_TEAM = message("h3.clash.game_over_team", "The game is over. The team of {seats} wins.")
# H3-7.8: the order a team chose for this round
TEAM_ORDER = message("h3.clash.team_order", "In this round {first} plays first and {last} plays last for their team.")
# H3-7.8 (Rec.): the members choose the order in secret and must agree; each lock-in is public, never the answer
TEAM_ORDER_LOCKED = message("h3.clash.team_order_locked", "{seat!c} has chosen the team's order ({locked} of {total}).")
TEAM_ORDER_DISAGREED = message(
    "h3.clash.team_order_disagreed",
    "The members of the team chose different orders, so {seat}, seated first clockwise, decides (H3-7.8).",
)
BONUS_MINOR = plural_message(
    "h3.clash.bonus_minor",
    "{seat!c} revealed {n} artifact before a minor one and took the minor artifact.",
    "{seat!c} revealed {n} artifacts before a minor one and took the minor artifact.",
)
ARTIFACTS_RESHUFFLED = message(
    "h3.clash.artifacts_reshuffled", "The artifact deck is reshuffled with its discard pile."
)
T_DRAWN = message("h3.clash.t_drawn", "{seat!c} draws tile {tile} to place.")
T_STARTS = message("h3.clash.t_starts", "Both starting tiles are on the map.")
HAND_TO_DECK = plural_message(
    "h3.clash.hand_to_deck",
    "{seat!c} shuffles {n} card back into their deck.",
    "{seat!c} shuffles {n} cards back into their deck.",
)
BLACK_CLEARED = message("h3.clash.black_cleared", "Every black cube leaves the map.")
FLIPPED_FEW = message("h3.clash.flipped_few", "{seat!c} turns {unit} to its Few side.")
TUTOR = message("h3.clash.tutor", "{seat!c} takes {card} from its deck, which is shuffled.")
TUTOR_NONE = message("h3.clash.tutor_none", "{seat!c} finds no {card} in the deck.")
ENEMY_DISCARD_ARMED = message(
    "h3.clash.enemy_discard", "{seat!c}'s next enemy hero in combat will discard a random card."
)
RESHUFFLED = message("h3.clash.reshuffled", "{seat!c} shuffles their discard pile into their deck.")
OWN_SEARCH = message("h3.clash.own_search", "{seat!c} keeps 1 card from the top of their deck and discards {cards}.")
NEUTRALS_OFFERED = message("h3.clash.neutrals_offered", "{seat!c} draws neutral units: {units}.")
PORTAL = message("h3.clash.portal", "{seat!c}'s hero travels to ({q}, {r}).")
ENEMY_DISCARDS = message("h3.clash.enemy_discards", "{seat!c} discards {card} at random.")
SPELL_RETURNS = message("h3.clash.spell_returns", "{seat!c}'s first spell, {card}, returns to their hand.")
REROLLED = message("h3.clash.rerolled", "{seat!c} re-rolls a die.")
MAY_REROLL = message("h3.clash.may_reroll", "{seat!c} may re-roll each of these once this turn: {dice}.")
MAY_REROLL_ONE = message("h3.clash.may_reroll_one", "{seat!c} may re-roll one of these this turn: {dice}.")
CAST = message("h3.clash.cast", "{seat!c} casts {card} with {power} Power.")
POWER_PLAYED = message("h3.clash.power_played", "{seat!c} plays {card} for +{n} Power.")
BOUGHT = message("h3.clash.bought", "{seat!c} buys {card} for {gold} gold.")
SWAPPED_STAT = message("h3.clash.swapped_stat", "{seat!c} exchanges {old} for {new}.")
GM_EFFECT = message("h3.clash.gm_effect", "resolve this effect: {what}")

# ---- questions and options ----------------------------------------------------------------------------
ASK_MAIN = message("h3.clash.ask.main", "Your turn: move, take a town action, play a card or end your turn.")
ASK_LAST_CALL = message("h3.clash.ask.last_call", "The round is about to end: take town or morale actions, or pass.")
ASK_FOREIGN = message(
    "h3.clash.ask.foreign", "{card} belongs to another faction: keep it, or discard it and draw a replacement?"
)
ASK_MORALE_FIRST = message(
    "h3.clash.ask.morale_first",
    "You already hold a positive morale token: spend it now (draw a card) before the new one arrives?",
)
ASK_START_ROTATE = message("h3.clash.ask.start_rotate", "How do you turn your starting tile?")
ASK_TEAM_ORDER = message(
    "h3.clash.ask.team_order",
    "Which member of your team plays first this round, and which last? You decide as the team member seated "
    "first clockwise.",
)
ASK_TEAM_AGREE = message(
    "h3.clash.ask.team_agree",
    "Which member of your team plays first this round, and which last? Every member chooses in secret; the same "
    "order from all is played, otherwise {seat}, seated first clockwise, decides.",
)
ASK_TOWN = message("h3.clash.ask.town", "You may take a town action now.")
ASK_HAND = message(
    "h3.clash.ask.hand",
    "Start of your turn: discard any cards, then draw up to your hand limit ({limit}; you hold {size}).",
)
ASK_MULLIGAN = message("h3.clash.ask.mulligan", "Keep this hand, or shuffle it back and draw a new one?")
ASK_SEARCH = message(
    "h3.clash.ask.search", "Search ({n}) the {deck} deck: look at the top cards, or take the top of its discard pile?"
)
ASK_SEARCH_KEEP = message("h3.clash.ask.search_keep", "Which card do you keep?")
ASK_EFFECT = message("h3.clash.ask.effect", "{source}: choose an effect.")
ASK_SETTLE = message("h3.clash.ask.settle", "Which resource should the settlement produce?")
ASK_REINFORCE = message("h3.clash.ask.reinforce", "Which unit do you reinforce?")
ASK_DIE = message("h3.clash.ask.die", "Which result do you keep?")
ASK_TRADE = message("h3.clash.ask.trade", "Trade with the supply (as often as you like), or finish.")
ASK_REMOVE = message("h3.clash.ask.remove", "Remove a card from your hand (for {gold} gold)?")
ASK_RECALL = message("h3.clash.ask.recall", "Take one of the top cards of your discard pile back?")
ASK_WITCH = message("h3.clash.ask.witch", "Remove an ability card from your hand, or look at the top ability card?")
ASK_WITCH_KEEP = message("h3.clash.ask.witch_keep", "Keep {card} or discard it?")
ASK_DISCARD = message("h3.clash.ask.discard", "Discard a card.")
ASK_ROTATE = message("h3.clash.ask.rotate", "How do you turn the tile at ({q}, {r})?")
ASK_DEFEND = message(
    "h3.clash.ask.defend", "Your town or settlement is attacked: pay {gold} gold to defend it with your units?"
)
ASK_DECLARE = message("h3.clash.ask.declare", "A combat is declared: take town actions before it starts, or pass.")
ASK_RELOCATE = message("h3.clash.ask.relocate", "Where does your defeated main hero go?")
ASK_BONUS = message("h3.clash.ask.bonus", "Choose your starting bonus ({difficulty}).")
ASK_T_PLACE = message("h3.clash.ask.t_place", "Where do you place tile {tile}, and turned how?")
ASK_T_START = message("h3.clash.ask.t_start", "Where does your starting tile go (next to a Near tile)?")
ASK_FLIP = message("h3.clash.ask.flip", "Which Pack unit turns to its Few side?")
ASK_CYCLE = message("h3.clash.ask.cycle", "Discard up to {n} more cards (you draw as many), or finish.")
ASK_NEUTRAL_TIER = message("h3.clash.ask.neutral_tier", "From which tier do you draw neutral units?")
ASK_NEUTRAL_RECRUIT = message("h3.clash.ask.neutral_recruit", "Recruit one of the neutral units drawn?")
ASK_PORTAL = message("h3.clash.ask.portal", "To which of your towns or settlements does the hero travel?")
ASK_SWAP = message("h3.clash.ask.swap", "Replace one neutral unit with another of the same tier?")
ASK_REROLL = message("h3.clash.ask.reroll", "Re-roll one of the dice (once this turn)?")
ASK_OBSERVE = message("h3.clash.ask.observe", "From the observatory: which tile do you discover, place or turn?")
OPT_DISCOVER_FREE = message("h3.clash.opt.discover_free", "Discover the tile at ({q}, {r})")
OPT_PLACE_FREE = message("h3.clash.opt.place_free", "Place a Far tile from your supply at ({q}, {r})")
OPT_CAST = message("h3.clash.opt.cast", "Cast {card} with {power} Power")
OPT_POWER = message("h3.clash.opt.power", "Play {card} for +{n} Power")
OPT_REDRAW = message("h3.clash.opt.redraw", "Discard it and draw a replacement")
OPT_LOSE_NEW = message("h3.clash.opt.lose_new", "Keep the one I hold (the new one is lost)")
ASK_BUY = message("h3.clash.ask.buy", "Buy one of the artifacts on top of the discard pile?")
ASK_SWAP_STAT = message(
    "h3.clash.ask.swap_stat", "Exchange a statistic card for another ({gold} gold each), or finish."
)
ASK_WHICH_DECK = message("h3.clash.ask.which_deck", "Which deck do you search ({n})?")
ASK_TAVERN = message("h3.clash.ask.tavern", "Which enemy discards a random card?")
OPT_BUY = message("h3.clash.opt.buy", "Buy {card} for {gold} gold")
OPT_SWAP_STAT = message("h3.clash.opt.swap_stat", "Exchange {card} for {new}")
OPT_SEAT = message("h3.clash.opt.seat", "{seat}")
OPT_FLIP = message("h3.clash.opt.flip", "Turn {unit}")
OPT_RECRUIT_NEUTRAL = message("h3.clash.opt.recruit_neutral", "Recruit {unit}")
OPT_SWAP = message("h3.clash.opt.swap", "Replace {unit}")
OPT_REROLL = message("h3.clash.opt.reroll", "Re-roll die {n}")
OPT_WALK = message("h3.clash.opt.walk", "Move the {hero} to ({q}, {r})")
OPT_DISCOVER = message("h3.clash.opt.discover", "The {hero} discovers the tile at ({q}, {r})")
OPT_PLACE_TILE = message("h3.clash.opt.place_tile", "The {hero} places a Far tile at ({q}, {r})")
OPT_REVISIT = message("h3.clash.opt.revisit", "The {hero} revisits its field")
OPT_END_TURN = message("h3.clash.opt.end_turn", "End your turn")
OPT_BUILD = message("h3.clash.opt.build", "Build {building}")
OPT_RECRUIT = message("h3.clash.opt.recruit", "Recruit {unit}")
OPT_REINFORCE_TOWN = message("h3.clash.opt.reinforce_town", "Reinforce {unit}")
OPT_HIRE = message("h3.clash.opt.hire", "Hire a secondary hero at ({q}, {r})")
OPT_SPELLBOOK = message("h3.clash.opt.spellbook", "Buy spells ({gold} gold)")
OPT_PLAY = message("h3.clash.opt.play", "Play {card} ({mode})")
OPT_MORALE_DRAW = message("h3.clash.opt.morale_draw", "Spend morale: draw a card")
OPT_MORALE_CYCLE = message("h3.clash.opt.morale_cycle", "Spend morale: discard your {n} cards and draw as many")
OPT_USE_BUILDING = message("h3.clash.opt.use_building", "Use {building} (option {n})")
OPT_DISCARD = message("h3.clash.opt.discard", "Discard {card}")
OPT_DRAW = plural_message("h3.clash.opt.draw", "Draw {n} card", "Draw {n} cards")
OPT_KEEP_HAND = message("h3.clash.opt.keep_hand", "Keep this hand")
OPT_MULLIGAN = message("h3.clash.opt.mulligan", "Draw a new hand")
OPT_SEARCH_LOOK = message("h3.clash.opt.search_look", "Look at the top {n} cards")
OPT_SEARCH_DISCARD = message("h3.clash.opt.search_discard", "Take {card} from the discard pile")
OPT_KEEP = message("h3.clash.opt.keep", "Keep {card}")
OPT_SKIP = message("h3.clash.opt.skip", "Skip")
OPT_DONE = message("h3.clash.opt.done", "Done")
OPT_PASS = message("h3.clash.opt.pass", "Pass")
OPT_DECLINE = message("h3.clash.opt.decline", "Decline")
OPT_EFFECT = message("h3.clash.opt.effect", "Option {n}: {what} (cost: {cost})")
OPT_RESOURCE = message("h3.clash.opt.resource", "{resource}")
OPT_REINFORCE = message("h3.clash.opt.reinforce", "Reinforce {unit} for {cost}")
OPT_FACE = message("h3.clash.opt.face", "{face}")
# A die face in words (H3-20.5, D-9): what its steps give, never the data's dict.
FACE_GAIN = message("h3.clash.face.gain", "+{n} {resource}")
FACE_XP = message("h3.clash.face.xp", "+{n} experience")
FACE_SEARCH = message("h3.clash.face.search", "Search ({x}) the {deck} deck")
FACE_DICE = message("h3.clash.face.dice", "roll {count} resource dice and keep {keep}")
FACE_OTHER = message("h3.clash.face.other", "a special effect (see the die)")
FACE_ALL = message("h3.clash.face.all", "{parts}")
OPT_TRADE = message("h3.clash.opt.trade", "Give {give} {what} for {get} {into}")
OPT_REMOVE = message("h3.clash.opt.remove", "Remove {card}")
OPT_TAKE = message("h3.clash.opt.take", "Take {card}")
OPT_WITCH_LOOK = message("h3.clash.opt.witch_look", "Look at the top ability card")
OPT_KEEP_IT = message("h3.clash.opt.keep_it", "Keep it")
OPT_DISCARD_IT = message("h3.clash.opt.discard_it", "Discard it")
OPT_ROTATION = message("h3.clash.opt.rotation", "Turned {n} degrees")
OPT_TEAM_ORDER = message("h3.clash.opt.team_order", "{first!c} first, {last} last")
OPT_DEFEND = message("h3.clash.opt.defend", "Defend ({gold} gold)")
OPT_FIELD = message("h3.clash.opt.field", "({q}, {r})")
OPT_BONUS_DICE = message("h3.clash.opt.bonus_dice", "Roll {n} resource dice and keep {keep}")
OPT_BONUS_SEARCH = plural_message(
    "h3.clash.opt.bonus_search", "Search (2) the artifact deck {n} time", "Search (2) the artifact deck {n} times"
)
OPT_BONUS_MINOR = message("h3.clash.opt.bonus_minor", "Reveal artifacts until a minor one and take it")
OPT_T_PLACE = message("h3.clash.opt.t_place", "At ({q}, {r}), turned {n} degrees")

# ---- refusals -----------------------------------------------------------------------------------------
NOT_OFFERED = message("h3.clash.no.not_offered", "That is not one of the choices offered now.")
BAD_OPTION = message("h3.clash.no.bad_option", "This game option is not valid: {what}.")
SCENARIO_SEATS = message(
    "h3.clash.no.scenario_seats", "The scenario {scenario} is for {n} players; choose one for this table's size (H3-3)."
)
SCENARIO_MODE = message(
    "h3.clash.no.scenario_mode",
    "The scenario {scenario} does not fit the mode: Tournament needs the Tournament scenario, "
    "Alliance an Alliance scenario, Cooperative a Cooperative scenario, Clash a Clash map (H3-3.2).",
)
ALLIANCE_SEATS = message(
    "h3.clash.no.alliance_seats", "Alliance mode is played by {n} players, two teams of two (H3-3.2.3)."
)
NOT_YOUR_TURN_MOVE = message("h3.clash.no.not_your_turn", "Movement actions are taken only in your own turn.")
NOT_YOUR_TURN_CARD = message("h3.clash.no.not_your_turn_card", "Cards are played on the map only in your own turn.")
NO_SUCH_HERO = message("h3.clash.no.no_hero", "You have no such hero on the map.")
NO_MP = message("h3.clash.no.no_mp", "That hero has no movement points left this round.")
MOVE_OFF_FIRST = message(
    "h3.clash.no.move_off_first", "Two of your heroes share a field: your next MP must move one of them off it."
)
MOVE_OFF_ALLY = message(
    "h3.clash.no.move_off_ally",
    "Your hero shares a field with an ally's hero: your next MP must move it off that field.",
)
NOT_ADJACENT = message("h3.clash.no.not_adjacent", "A hero moves one field at a time, to an adjacent field.")
OFF_MAP = message("h3.clash.no.off_map", "There is no tile there.")
FACE_DOWN = message("h3.clash.no.face_down", "That tile is face down: discover it first.")
BLOCKED = message("h3.clash.no.blocked", "That field is blocked or behind a border.")
CANNOT_STOP = message(
    "h3.clash.no.cannot_stop", "A hero may pass through that field but not stop there, and has too few MP to go on."
)
NOT_REVISITABLE = message("h3.clash.no.not_revisitable", "The hero does not stand on a field that can be revisited.")
NO_TILE_THERE = message("h3.clash.no.no_tile", "No face-down tile lies next to that hero there.")
NO_SUPPLY = message("h3.clash.no.no_supply", "Your tile supply is empty.")
BAD_PLACEMENT = message(
    "h3.clash.no.bad_placement", "A new tile must be next to the hero and touch at least two tiles with a path to each."
)
NO_TOWN_IN_COMBAT = message("h3.clash.no.town_in_combat", "Town actions cannot be taken during a combat.")
ELIMINATED = message("h3.clash.no.eliminated", "You have been eliminated.")
TOKEN_USED = message("h3.clash.no.token_used", "Your {token} token is already used this round.")
NO_SUCH_BUILDING = message("h3.clash.no.no_building", "Your town has no such building.")
ALREADY_BUILT = message("h3.clash.no.already_built", "That building is already built.")
NEEDS_BUILDING = message("h3.clash.no.needs_building", "Build {building} first.")
CANNOT_PAY = message("h3.clash.no.cannot_pay", "You cannot pay for that.")
NOTHING_CHOSEN = message("h3.clash.no.nothing_chosen", "Choose at least one unit, each once.")
NOT_YOUR_UNIT = message("h3.clash.no.not_your_unit", "{unit} is not one of your faction's units.")
UNIT_IN_DECK = message("h3.clash.no.unit_in_deck", "{unit} is already in your unit deck.")
NEEDS_DWELLING = message("h3.clash.no.needs_dwelling", "{unit} needs a dwelling of its tier.")
CANNOT_REINFORCE = message("h3.clash.no.cannot_reinforce", "{unit} cannot be reinforced.")
ALREADY_PACK = message("h3.clash.no.already_pack", "{unit} is already a Pack.")
NEEDS_CITADEL = message("h3.clash.no.needs_citadel", "Reinforcing with the population token needs a Citadel.")
HAS_SECONDARY = message("h3.clash.no.has_secondary", "You already have a secondary hero.")
NO_BASE = message("h3.clash.no.no_base", "You need a town or settlement to hire a secondary hero.")
BAD_SPOT = message(
    "h3.clash.no.bad_spot", "A secondary hero starts in a town or settlement you control with no enemy hero."
)
NEEDS_MAGE_GUILD = message("h3.clash.no.needs_mage_guild", "Buying spells needs a Mage Guild.")
GUILD_TOO_NEW = message("h3.clash.no.guild_too_new", "The Mage Guild was built this round: buy spells from next round.")
NOT_IN_HAND = message("h3.clash.no.not_in_hand", "That card is not in your hand.")
FACTION_CARD = message("h3.clash.no.faction_card", "That card belongs to another faction and cannot be played.")
NO_EXPERT = message("h3.clash.no.no_expert", "That card has no expert effect.")
NO_EXPERT_USES = message("h3.clash.no.no_expert_uses", "Your hero has no expert uses left this round.")
NOT_A_MAP_CARD = message("h3.clash.no.not_map", "That effect cannot be used on the map now.")
NOT_ENOUGH_POWER = message("h3.clash.no.not_enough_power", "That effect needs {n} Power.")
NO_MORALE = message("h3.clash.no.no_morale", "You hold no positive morale token.")
NOT_BUILT = message("h3.clash.no.not_built", "That building is not built.")
ONCE_PER_TURN = message("h3.clash.no.once_per_turn", "That building's effect is used once per turn.")
OVER_LIMIT = message("h3.clash.no.over_limit", "Discard down to your hand limit ({limit}) first.")
DRAW_TOO_MANY = message("h3.clash.no.draw_too_many", "You may draw only up to your hand limit ({limit}).")
NOT_SEEN = message("h3.clash.no.not_seen", "Keep one of the cards you are looking at.")
EMPTY_DISCARD = message("h3.clash.no.empty_discard", "That discard pile is empty.")
EMPTY_DECK = message("h3.clash.no.empty_deck", "That deck and its discard pile are empty.")
# H3-48.8 optional rules (the table's variants)
TRADE_AT_POST = message(
    "h3.clash.no.trade_at_post",
    "Resources are traded at a trading post; this table did not agree to trade at any time.",
)
POST_ARTIFACT = message("h3.clash.post_artifact", "{seat!c} draws an artifact card at the trading post.")
# H3-48 designer variants
CHAOS_SWAP = message(
    "h3.clash.chaos_swap",
    "Chaos deck: {seat!c}'s discarded {card} leaves the game; {new}, the top of the {deck} deck, "
    "goes to their discard pile.",
)
ASK_SPLIT_DECK = message("h3.clash.ask.split_deck", "Search ({n}) which deck?")
ASK_SPLIT_DRAW = message("h3.clash.ask.split_draw", "Draw an artifact from which deck?")
OPT_SPLIT_DECK = message("h3.clash.opt.split_deck", "The {deck} deck")
SPLIT_DECK_CHOSEN = message("h3.clash.split_deck_chosen", "{seat!c} searches the {deck} deck.")
OPT_NEUTRAL_ARMIES = message(
    "h3.clash.opt.neutral_armies", "Recruit from the neutral armies: draw 2 neutral units per dwelling"
)
ASK_NEUTRAL_ARMIES = message(
    "h3.clash.ask.neutral_armies",
    "Recruit any of the neutral units drawn, paying each one's cost; the rest are discarded.",
)
OPT_NEUTRAL_ARMIES_DONE = message("h3.clash.opt.neutral_armies_done", "Done: discard the rest")
NEUTRAL_ARMIES_DRAWN = message(
    "h3.clash.neutral_armies_drawn", "{seat!c} draws neutral armies to recruit from: {units}."
)
NEUTRAL_ARMIES_ONLY = message(
    "h3.clash.no.neutral_armies_only",
    "This table plays with neutral armies: recruiting draws neutral units instead of your faction's.",
)
NEUTRAL_ARMIES_OFF = message(
    "h3.clash.no.neutral_armies_off", "This table did not agree to the neutral armies variant."
)
NEUTRAL_ARMIES_NO_DWELLING = message(
    "h3.clash.no.neutral_armies_no_dwelling", "Neutral armies are drawn per dwelling you own: build a dwelling first."
)
OPT_RESHAPE = message("h3.clash.opt.reshape", "Reshape your army (gold pool): sell, recruit and reinforce")
ASK_RESHAPE = message(
    "h3.clash.ask.reshape",
    "Gold pool: sell, recruit or reinforce units, one at a time; what you pay goes to your reserved pool.",
)
OPT_SELL = message("h3.clash.opt.sell", "Sell {unit} (back: {what})")
OPT_RESHAPE_DONE = message("h3.clash.opt.reshape_done", "Done")
SOLD = message("h3.clash.sold", "{seat!c} sells {unit}; {what} return from the reserved pool.")
POOL_REFUND = message(
    "h3.clash.pool_refund", "Gold pool: {seat!c}'s {unit} is gone; {what} return from the reserved pool."
)
POOL_FLIP_REFUND = message(
    "h3.clash.pool_flip_refund",
    "Gold pool: {seat!c}'s {unit} is Few again; its reinforcement, {what}, returns from the reserved pool.",
)
GOLD_POOL_OFF = message("h3.clash.no.gold_pool_off", "This table did not agree to the gold pool variant.")
CHAOS_REMOVED = message(
    "h3.clash.chaos_removed", "Chaos deck: {seat!c}'s discarded {card} leaves the game; no card replaces it."
)
# ---- H3-48.3 draft start --------------------------------------------------------------------------------
ASK_DRAFT_PICK = message(
    "h3.clash.ask.draft_pick",
    "Draft start, pick {n} of 12: keep one card of this packet; the rest pass to the {side} when everyone has picked.",
)
DRAFT_LEFT = message("h3.clash.draft.left", "left")
DRAFT_RIGHT = message("h3.clash.draft.right", "right")
ASK_DRAFT_KEEP = message(
    "h3.clash.ask.draft_keep",
    "Draft start: choose card {n} of the 7 for your starting deck (your drafted cards and statistic cards).",
)
OPT_DRAFT_CARD = message("h3.clash.opt.draft_card", "{card}")
DRAFT_LOCKED = message("h3.clash.draft_locked", "{seat!c} has chosen ({locked} of {total}).")
DRAFT_PASSED = message("h3.clash.draft_passed", "Draft start: everyone kept a card; the packets pass to the {side}.")
DRAFT_DEALT = message(
    "h3.clash.draft_dealt", "Draft start: each player takes 2 ability, 2 artifact and 2 spell cards as a packet."
)
DRAFT_DONE = message(
    "h3.clash.draft_done",
    "Draft start: every starting deck is built; {n} unchosen drafted cards go to their decks' discard piles.",
)
NOT_IN_PACKET = message("h3.clash.no.not_in_packet", "That card is not among the cards you may choose from now.")
# ---- H3-43.3 trading between Alliance allies (clash/ally_trade.py) -----------------------------------------
ALLY_AMOUNT = message("h3.clash.ally.amount", "{n} {what}")
ALLY_NOTHING = message("h3.clash.ally.nothing", "nothing")
ALLY_GIFT_OFFERED = message("h3.clash.ally.gift_offered", "{seat!c} offers to give {ally} {give}.")
ALLY_OFFERED = message("h3.clash.ally.offered", "{seat!c} offers {ally} {give} in return for {want}.")
ALLY_SWAP_OFFERED = plural_message(
    "h3.clash.ally.swap_offered",
    "{seat!c} offers {ally} a swap of {n} spell or artifact card.",
    "{seat!c} offers {ally} a swap of {n} spell or artifact cards.",
)
# H-27: the offered cards are named to the two traders only
ALLY_SWAP_OFFERED_CARDS = message(
    "h3.clash.ally.swap_offered_cards", "{seat!c} offers {ally} these cards for as many of theirs: {cards}."
)
ALLY_WITHDRAWN = message("h3.clash.ally.withdrawn", "{seat!c} withdraws their offer to {ally}.")
ALLY_DECLINED = message("h3.clash.ally.declined", "{seat!c} declines the offer of {ally}.")
ALLY_LAPSED = message("h3.clash.ally.lapsed", "The offer of {seat} to {ally} lapses: the turn it was made in is over.")
ALLY_TRADED = message(
    "h3.clash.ally.traded", "Trade between allies: {seat} gives {ally} {give}; {ally} gives {seat} {want}."
)
ALLY_SWAPPED = plural_message(
    "h3.clash.ally.swapped", "{seat!c} and {ally} swap {n} card.", "{seat!c} and {ally} swap {n} cards."
)
ALLY_SWAPPED_CARDS = message(
    "h3.clash.ally.swapped_cards", "Card swap: {seat} gives {ally} {given}; {ally} gives {seat} {got}."
)
ASK_ALLY_OFFER = message("h3.clash.ask.ally_offer", "{seat!c} has made you an offer: accept or decline it (H3-43.3).")
OPT_ALLY_GIFT = message("h3.clash.opt.ally_gift", "Offer {ally}: give {give}")
OPT_ALLY_OFFER = message("h3.clash.opt.ally_offer", "Offer {ally}: give {give} for {want}")
OPT_ALLY_CHANGE = message("h3.clash.opt.ally_change", "Change your offer to {ally}: give {give} for {want}")
OPT_ALLY_CHANGE_GIFT = message("h3.clash.opt.ally_change_gift", "Change your offer to {ally}: give {give}")
OPT_ALLY_SWAP = message("h3.clash.opt.ally_swap", "Offer {ally} a card swap: {cards}")
OPT_ALLY_SWAP_CHANGE = message("h3.clash.opt.ally_swap_change", "Change your swap offer to {ally}: {cards}")
OPT_ALLY_WITHDRAW = message("h3.clash.opt.ally_withdraw", "Withdraw your offer to {ally}")
OPT_ALLY_ACCEPT = message("h3.clash.opt.ally_accept", "Accept the offer of {ally}: you get {give}, you give {want}")
OPT_ALLY_ACCEPT_SWAP = message(
    "h3.clash.opt.ally_accept_swap", "Accept the swap of {ally}: you get {theirs}, you give {cards}"
)
OPT_ALLY_DECLINE = message("h3.clash.opt.ally_decline", "Decline the offer of {ally}")
ALLY_NOT_ALLIANCE = message("h3.clash.no.ally_not_alliance", "Allies trade with each other only in an Alliance game.")
ALLY_NOT_ALLY = message("h3.clash.no.ally_not_ally", "{seat!c} is not your ally: you can trade only with your ally.")
ALLY_IN_COMBAT = message("h3.clash.no.ally_in_combat", "Allies cannot trade during a combat.")
ALLY_NOT_THEIR_TURN = message("h3.clash.no.ally_not_their_turn", "Allies trade only during the turn of one of them.")
ALLY_BUSY = message("h3.clash.no.ally_busy", "Answer the question in front of the table before trading.")
ALLY_NOT_ADJACENT = message(
    "h3.clash.no.ally_not_adjacent", "To swap cards, one of your heroes must stand next to one of {seat}'s heroes."
)
ALLY_NOT_SWAPPABLE = message(
    "h3.clash.no.ally_not_swappable", "Only spell and artifact cards can be swapped; {card} is neither."
)
ALLY_UNEQUAL = plural_message(
    "h3.clash.no.ally_unequal",
    "Both allies give the same number of cards: give exactly {n} card back.",
    "Both allies give the same number of cards: give exactly {n} cards back.",
)
ALLY_CARD_TWICE = message("h3.clash.no.ally_card_twice", "Name each card only once.")
ALLY_EMPTY = message("h3.clash.no.ally_empty", "Give at least 1 resource; no amount may be negative.")
ALLY_OFFERER_CANNOT_PAY = message(
    "h3.clash.no.ally_offerer_cannot_pay", "{seat!c} can no longer pay what they offered, so nothing is traded."
)
ALLY_YOU_CANNOT_PAY = message("h3.clash.no.ally_you_cannot_pay", "You cannot pay what {seat} asks in return.")
ALLY_OFFERED_GONE = message(
    "h3.clash.no.ally_offered_gone", "{seat!c} no longer holds the cards they offered, so nothing is swapped."
)
ALLY_NO_OFFER = message("h3.clash.no.ally_no_offer", "There is no open offer from {seat} to you.")
ALLY_NO_OWN_OFFER = message("h3.clash.no.ally_no_own_offer", "You have no open offer to {seat}.")
ALLY_ANSWER_FIRST = message(
    "h3.clash.no.ally_answer_first", "{seat!c} already has an offer open to you: answer it first."
)
ALLY_WRONG_KIND = message(
    "h3.clash.no.ally_wrong_kind", "Your open offer to {seat} is of the other kind: withdraw it first."
)
# the panel's line for each open offer the reader may see
PANEL_ALLY_OFFER = message("h3.clash.panel.ally_offer", "Open offer: {seat} gives {ally} {give} for {want}.")
PANEL_ALLY_GIFT = message("h3.clash.panel.ally_gift", "Open offer: {seat} gives {ally} {give}.")
PANEL_ALLY_SWAP = plural_message(
    "h3.clash.panel.ally_swap",
    "Open offer: {seat} offers {ally} a swap of {n} card.",
    "Open offer: {seat} offers {ally} a swap of {n} cards.",
)
PANEL_ALLY_SWAP_CARDS = message("h3.clash.panel.ally_swap_cards", "Open offer: {seat} offers {ally} a swap of {cards}.")
# [EXP: Fortress] the event deck in the panel (H-12: public, never the deck's order)
PANEL_EVENT = message("h3.clash.panel.event", "**Event (face up):** {card}: {text}")
PANEL_EVENT_DECK = plural_message(
    "h3.clash.panel.event_deck",
    "Event deck: {n} card left; {seat} draws the next event.",
    "Event deck: {n} cards left; {seat} draws the next event.",
)
PANEL_EVENT_REVEALED = message("h3.clash.panel.event_revealed", "On the table for the event: {cards}")
# what a played card leaves pending, in the panel and on the map picture (public: it was played face up)
PANEL_CARD_STATE = message("h3.clash.panel.card_state", "{card}: {said}")
PANEL_DISCOUNT = message(
    "h3.clash.panel.discount",
    "Discount ready ({card}): your next recruit or reinforcement this round costs {n} gold less.",
)
PANEL_POWER_WAITING = message(
    "h3.clash.panel.power_waiting",
    "Power {n} waits for {seat}'s next spell cast on the map ({cards}); any other action makes it fizzle.",
)
PANEL_PASSING = message(
    "h3.clash.panel.passing",
    "{seat!c}'s {hero} is passing through ({q}, {r}) without resolving it: it moves on or stops there.",
)
PIC_IN_PLAY = message("h3.clash.pic.in_play", "Played: {states}")
PIC_LOGISTICS = message("h3.clash.pic.logistics", "{card} (at the turn's end)")
PIC_PASS = message("h3.clash.pic.pass", "{card} ({hero})")
PIC_DIPLOMACY = message("h3.clash.pic.diplomacy", "{card} (guards of difficulty {level})")
PIC_POWER = message("h3.clash.pic.power", "Power {n} waiting")
PIC_PASSING = message("h3.clash.pic.passing", "{mp}, passing through ({q}, {r})")
PIC_BALLISTA = message("h3.clash.pic.ballista", "{card} (+{n} Ballista this round)")
PANEL_BALLISTA = message(
    "h3.clash.panel.ballista",
    "{seat!c}'s army has {n} more Ballista in each of its combats until the round ends.",
)


# ---- expansions (lead) -----------------------------------------------------------------------------
CAMPAIGN_NO_EXPANSIONS = message(
    "h3.clash.no.campaign_expansions",
    "A campaign plays each of its scenarios with that scenario's own boxes; it takes no expansions option.",
)
TOURNAMENT_NO_EXPANSIONS = message(
    "h3.clash.no.tournament_expansions", "A Tournament is played with the core box alone (H3-45); leave out expansions."
)
EXPANSIONS_ADDED = message(
    "h3.clash.expansions_added",
    "Expansions added to the scenario: {boxes}. Their factions, map tiles, locations and cards are in play.",
)
FACTION_NOT_IN_SCENARIO = message("h3.clash.no.faction_not_in_scenario", "{faction} is not played in this scenario.")
FACTION_IN_EXPANSION = message(
    "h3.clash.no.faction_in_expansion",
    "{faction} comes in an expansion this game does not use; add it with the option expansions={box}.",
)


# ---- Tower-box heroes (C)
AFTER_COMBAT_WIN = message(
    "h3.clash.no.after_combat_win",
    "This card is played after your army has won a combat this turn (not a quick combat).",
)
HERO_IN_EXPANSION = message(
    "h3.clash.no.hero_in_expansion",
    "{hero} comes in an expansion this game does not use (H3-49.6); add it with the option expansions={box}.",
)


# ---- Rampart (A) -----------------------------------------------------------------------------------
UNIT_SWAPPED_OUT = message("h3.clash.unit_swapped_out", "{seat!c} discards {unit} from their army.")
UNIT_SWAPPED_IN = message("h3.clash.unit_swapped_in", "{seat!c} takes {unit} from the neutral deck into their army.")
MACHINE_TAKEN = message("h3.clash.machine_taken", "{seat!c} takes {card} from the war machine pile for free.")


# ---- Tower-box heroes (D)
# Torosar's Ballista IV (map): one more Ballista in each combat of this round (adventure/effects.py)
BALLISTA_ROUND = message(
    "h3.clash.ballista_round", "Until the round ends, {seat}'s army has one more Ballista in each of its combats."
)


# ---- hero choice (E)
# H3-6.3 (P-3): each player chooses their main hero, secretly and all at once, before anything else
ASK_HERO = message(
    "h3.clash.ask.hero", "Choose your main hero (H3-6.3). The others see your choice only when everyone has chosen."
)
OPT_HERO = message(
    "h3.clash.opt.hero", "{hero}: {hero_class}, {kind}; starting ability {ability}; specialty {specialty}"
)
HERO_MIGHT = message("h3.clash.hero.might", "Might hero")
HERO_MAGIC = message("h3.clash.hero.magic", "Magic hero")
HERO_LOCKED = message("h3.clash.hero_locked", "{seat!c} has chosen a main hero ({locked} of {total}).")
HERO_CHOSEN = message("h3.clash.hero_chosen", "{seat!c} plays {hero} as main hero.")
HERO_NOT_OFFERED = message(
    "h3.clash.no.hero_not_offered", "{hero} is not one of the heroes you may choose; choose a hero of your faction."
)
HERO_UNKNOWN = message("h3.clash.no.hero_unknown", "There is no such hero; choose one of the heroes offered.")


# ---- [EXP: Fortress] event cards (H3-7.5; clash/events/) --------------
# H3-7.5.2: the drawn event is read out to everyone: its name and what it does
EVENT_DRAWN = message("h3.clash.event.drawn", "{seat!c} draws the event {card}: {text}")
EVENT_END = message("h3.clash.event.end", "The event {card} is over.")
# H3-7.5.5: cards the event turned up and nobody took go back into their decks
EVENT_RETURNED = plural_message(
    "h3.clash.event.returned",
    "{n} card the event revealed is shuffled back into its deck.",
    "{n} cards the event revealed are shuffled back into their decks.",
)
EVENT_NOTHING = message("h3.clash.event.nothing", "{seat!c} can take none of this event's options.")
EVENT_CHOSE = message("h3.clash.event.chose", "{seat!c} chooses: {what}")
EVENT_PASSES = message("h3.clash.event.passes", "{seat!c} passes.")
EVENT_REVEALED = message("h3.clash.event.revealed", "{seat!c} turns these cards face up for everyone: {cards}.")
EVENT_BOUGHT = message("h3.clash.event.bought", "{seat!c} buys {card} for {what}.")
EVENT_REMOVED = message("h3.clash.event.removed", "{seat!c} removes {card} from the game.")
EVENT_HAND_DISCARDED = message("h3.clash.event.hand_discarded", "{seat!c} discards their hand: {cards}.")
EVENT_FROM_DISCARD = message("h3.clash.event.from_discard", "{seat!c} takes {cards} from their discard pile.")
EVENT_MP_SPENT = message("h3.clash.event.mp_spent", "{seat!c}'s {hero} spends {n} MP.")
EVENT_GAMBLE_LOST = message("h3.clash.event.gamble_lost", "{seat!c}'s dice show experience: nothing is gained.")
EVENT_NAMED = message("h3.clash.event.named", "{seat!c} names {resource}.")
EVENT_ARMY_REFILLED = message(
    "h3.clash.event.army_refilled", "{seat!c}'s unit deck is empty: the scenario's starting units return (H3-26.5)."
)
EVENT_PEEKED = plural_message(
    "h3.clash.event.peeked",
    "{seat!c} looks at the top {n} card of the {tier} neutral deck.",
    "{seat!c} looks at the top {n} cards of the {tier} neutral deck.",
)
EVENT_PUT_TOP = message("h3.clash.event.put_top", "{seat!c} puts a card back on top of the {tier} neutral deck.")
EVENT_PUT_BOTTOM = message(
    "h3.clash.event.put_bottom", "{seat!c} puts a card back at the bottom of the {tier} neutral deck."
)
EVENT_DREW_ARTIFACTS = plural_message(
    "h3.clash.event.drew_artifacts", "{seat!c} draws {n} artifact card.", "{seat!c} draws {n} artifact cards."
)
EVENT_KEPT_ARTIFACT = message(
    "h3.clash.event.kept_artifact",
    "{seat!c} buys one of the artifacts they drew for {gold} gold; the other goes back into the artifact deck.",
)
EVENT_TO_DISCARD = message("h3.clash.event.to_discard", "{seat!c} puts {cards} on the artifact discard pile.")
# A Shady Auction: the lot is public, each bid secret until all are in
EVENT_LOT = message("h3.clash.event.lot", "Up for auction: {card}.")
EVENT_BID_LOCKED = message("h3.clash.event.bid_locked", "{seat!c} has placed a bid ({locked} of {total}).")
EVENT_BID = message("h3.clash.event.bid", "{seat}: {gold} gold")
EVENT_BIDS = message("h3.clash.event.bids", "The bids: {bids}.")
EVENT_WON = message("h3.clash.event.won", "{seat!c} pays {gold} gold and takes {card}.")
EVENT_UNSOLD = message("h3.clash.event.unsold", "No single highest bid: {card} goes to the artifact discard pile.")
# Magical Forest: the pool is face down, so nobody is told which card went in or came out
EVENT_POOL_ADDED = message("h3.clash.event.pool_added", "{seat!c} puts a card face down into the pool.")
EVENT_POOL_SHUFFLED = plural_message(
    "h3.clash.event.pool_shuffled", "The pool of {n} card is shuffled.", "The pool of {n} cards is shuffled."
)
EVENT_POOL_TOOK = message("h3.clash.event.pool_took", "{seat!c} takes a card from the pool.")
EVENT_UNITS_LAID = message("h3.clash.event.units_laid", "{seat!c} lays out neutral units: {units}.")
EVENT_UNIT_FREED = message("h3.clash.event.unit_freed", "{seat!c} discards {unit} and gains {gold} gold.")
EVENT_UNIT_PASSED = message("h3.clash.event.unit_passed", "{unit} passes on to {seat}.")
# Mischievous Leprechaun
EVENT_DICE_POOL = message("h3.clash.event.dice_pool", "The leprechaun's pool: {faces}.")
EVENT_DIE_TAKEN = message("h3.clash.event.die_taken", "{seat!c} takes the {die} die showing {face} from the pool.")
EVENT_NO_MATCH = message("h3.clash.event.no_match", "{seat!c}'s roll matches no die of the pool.")
# Marketplace: one exchange of one resource for another, offered to the other players in turn
EVENT_EXCHANGE_OFFERED = message("h3.clash.event.exchange_offered", "{seat!c} offers {give} in exchange for {want}.")
EVENT_EXCHANGED = message(
    "h3.clash.event.exchanged", "Exchange: {seat} gives {other} {give}; {other} gives {seat} {want}."
)
EVENT_EXCHANGE_DECLINED = message("h3.clash.event.exchange_declined", "{seat!c} declines the exchange.")
EVENT_EXCHANGE_UNTAKEN = message("h3.clash.event.exchange_untaken", "Nobody takes the exchange {seat} offered.")
ASK_EVENT = message("h3.clash.ask.event", "{event}: choose one option.")
OPT_EVENT = message("h3.clash.opt.event", "{what}")
ASK_EVENT_BUY = message("h3.clash.ask.event_buy", "{event}: buy one of the cards on the table, or pass.")
OPT_BUY_FOR = message("h3.clash.opt.buy_for", "Buy {card} for {what}")
OPT_EVENT_DIE = message("h3.clash.opt.event_die", "Roll a resource die and collect it")
ASK_BID = message(
    "h3.clash.ask.bid",
    "Bid gold for {card} in secret (you hold {gold} gold): the one highest bid pays and takes it; a tie or no bid "
    "sends it to the discard pile.",
)
OPT_BID = message("h3.clash.opt.bid", "Bid {n} gold")
ASK_POOL_GIVE = message(
    "h3.clash.ask.pool_give",
    "Put one card face down into the pool: a spell, artifact or ability card from your hand, or one you draw from "
    "one of those decks and look at.",
)
OPT_POOL_HAND = message("h3.clash.opt.pool_hand", "Put in {card} from your hand")
OPT_POOL_DECK = message("h3.clash.opt.pool_deck", "Draw from the {deck} deck and put it in")
ASK_POOL_TAKE = message("h3.clash.ask.pool_take", "Take a card from the pool ({n} there), or gain {gold} gold?")
OPT_POOL_TAKE = message("h3.clash.opt.pool_take", "Take a card from the pool")
OPT_GAIN_GOLD = message("h3.clash.opt.gain_gold", "Gain {gold} gold")
ASK_CAMP_DRAW = message("h3.clash.ask.camp_draw", "Lay out up to {n} neutral units from one neutral deck?")
OPT_CAMP_DRAW = plural_message(
    "h3.clash.opt.camp_draw", "{n} card from the {tier} deck", "{n} cards from the {tier} deck"
)
ASK_CAMP_RECRUIT = message("h3.clash.ask.camp_recruit", "Recruit one of the neutral units laid out, at its cost?")
OPT_RECRUIT_FOR = message("h3.clash.opt.recruit_for", "Recruit {unit} for {cost}")
ASK_PRISON_DRAW = message("h3.clash.ask.prison_draw", "Draw a neutral unit from which deck (not azure)?")
ASK_PRISON_PICK = message(
    "h3.clash.ask.prison_pick",
    "Buy one of these units, or discard one of them for {gold} gold; the unit left passes to the next player.",
)
OPT_PRISON_GOLD = message("h3.clash.opt.prison_gold", "Discard {unit} for {gold} gold")
ASK_LEPRECHAUN = message("h3.clash.ask.leprechaun", "Your roll matches the pool: take one matching die and resolve it?")
OPT_TAKE_DIE = message("h3.clash.opt.take_die", "Take the {die} die: {face}")
ASK_EVENT_REMOVE = message(
    "h3.clash.ask.event_remove", "Remove cards from your hand for the event ({n} removed so far), then finish."
)
ASK_CHEAPEST = message("h3.clash.ask.cheapest", "Which of your cheapest units do you discard?")
OPT_UNIT = message("h3.clash.opt.unit", "{unit}")
ASK_DEN_TIER = message("h3.clash.ask.den_tier", "Look at the top {n} cards of which neutral deck?")
ASK_DEN_BUY = message("h3.clash.ask.den_buy", "Buy one of these units at its cost?")
ASK_DEN_PLACE = message("h3.clash.ask.den_place", "Put {unit} back on top of the {tier} deck or at its bottom?")
OPT_ON_TOP = message("h3.clash.opt.on_top", "On top")
OPT_AT_BOTTOM = message("h3.clash.opt.at_bottom", "At the bottom")
ASK_MESSENGER = message(
    "h3.clash.ask.messenger", "Buy one of these artifacts, or put them on the discard pile and roll {n} resource dice?"
)
OPT_MESSENGER_DICE = message(
    "h3.clash.opt.messenger_dice", "Put them on the artifact discard pile and roll {n} resource dice (keep one)"
)
ASK_DRAW_SOURCE = message(
    "h3.clash.ask.draw_source", "Draw {n} cards from your deck, or take the top {n} of your discard pile?"
)
OPT_FROM_DECK = message("h3.clash.opt.from_deck", "From your deck")
OPT_FROM_DISCARD = message("h3.clash.opt.from_discard", "From your discard pile: {cards}")
ASK_DISCARD_ANY = message("h3.clash.ask.discard_any", "Discard any cards you like, then finish.")
ASK_PAY_MP = message("h3.clash.ask.pay_mp", "Which hero spends {n} MP?")
OPT_HERO_MP = message("h3.clash.opt.hero_mp", "The {hero} ({n} MP left)")
ASK_HERMIT_NAME = message("h3.clash.ask.hermit_name", "Name a resource that none of the {n} resource dice will show.")
ASK_HERMIT_LOSE = message("h3.clash.ask.hermit_lose", "A die shows {resource}: which result do you lose?")
OPT_LOSE_FACE = message("h3.clash.opt.lose_face", "Lose {face}")
ASK_HERMIT_PAY = message("h3.clash.ask.hermit_pay", "The die shows {face}: pay that to Search ({x}) the {deck} deck?")
OPT_PAY_SEARCH = message("h3.clash.opt.pay_search", "Pay {what} and Search ({x})")
ASK_EXCHANGE = message(
    "h3.clash.ask.exchange",
    "Build your offer to the other players: one resource for another (you give {give}; you ask {want}).",
)
OPT_GIVE_MORE = message("h3.clash.opt.give_more", "Give 1 more {resource}")
OPT_ASK_MORE = message("h3.clash.opt.ask_more", "Ask 1 more {resource}")
OPT_PROPOSE = message("h3.clash.opt.propose", "Offer {give} for {want}")
OPT_NO_DEAL = message("h3.clash.opt.no_deal", "Offer nothing")
ASK_EXCHANGE_ANSWER = message("h3.clash.ask.exchange_answer", "{seat!c} offers you {give} for {want}: accept?")
OPT_ACCEPT = message("h3.clash.opt.accept", "Accept")
