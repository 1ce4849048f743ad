"""Player-facing words of Cooperative games (H3-3.2.4): the AI enemy's turn, its combats, the
table's shared victory or defeat. Each helper area keeps its own section."""

from __future__ import annotations

from engine.core.text import message  # used by the sections below

# ---- the AI heroes' turn on the map (ai_turn.py) ------------------------------------------------------
# H3-41.4: the AI enemy acts after the players each round; {faction} is its faction's name
AI_TURN = message("h3.coop.ai.turn", "The AI enemy ({faction}) takes its turn.")
AI_MOVED = message("h3.coop.ai.moved", "{hero} moves from ({q0}, {r0}) to ({q}, {r}).")
AI_STAYS = message("h3.coop.ai.stays", "{hero} finds nothing it can reach to march on and stays on ({q}, {r}).")
# H3-41.5: what the AI hero does on the fields it enters, without any benefit
AI_BEAT_GUARD = message(
    "h3.coop.ai.beat_guard", "{hero} beats the neutral units guarding ({q}, {r}) without a combat (H3-41.5)."
)
AI_FLAGGED = message("h3.coop.ai.flagged", "{hero} flags {loc} at ({q}, {r}) for the AI enemy.")
AI_FLAG_TAKEN = message(
    "h3.coop.ai.flag_taken", "{seat!c} loses {loc} at ({q}, {r}) to {hero}, and the income it gave."
)
AI_VISITED = message("h3.coop.ai.visited", "{hero} visits {loc} at ({q}, {r}) and gains nothing from it (H3-41.5).")
AI_EXPLORES = message(
    "h3.coop.ai.explores", "{hero} spends 1 MP to explore the face-down tile {tile} at ({q}, {r}) (H3-41.5)."
)
AI_ATTACKS_HERO = message("h3.coop.ai.attacks_hero", "{hero} attacks the {kind} of {seat} at ({q}, {r}).")
AI_ATTACKS_TOWN = message("h3.coop.ai.attacks_town", "{hero} attacks {loc} of {seat} at ({q}, {r}).")
# H3-41.5 / P-56: the human decides the orientation of a tile an AI hero explores
ASK_AI_ROTATE = message(
    "h3.coop.ask.ai_rotate", "{hero} explores the tile at ({q}, {r}): how do you turn it (H3-41.5)?"
)
AI_ROTATED = message("h3.coop.ai.rotated", "{seat!c} turns the tile {hero} explored at ({q}, {r}) by {n} degrees.")
# A-42 / P-56: equally short ways for an AI hero; the human picks the field it enters next
ASK_AI_PATH = message(
    "h3.coop.ask.ai_path", "{hero} has several equally short ways (A-42). Which field does it enter next?"
)
OPT_AI_PATH = message("h3.coop.opt.ai_path", "({q}, {r}), {what}, on the way to ({tq}, {tr}), {goal}")
AI_PATH_CHOSEN = message("h3.coop.ai.path_chosen", "{seat!c} sends {hero} through ({q}, {r}).")
# what lies on a field, in the words of those choices
WHAT_LOCATION = message("h3.coop.what.location", "{loc}")
WHAT_EMPTY = message("h3.coop.what.empty", "an empty field")
WHAT_FACE_DOWN = message("h3.coop.what.face_down", "a face-down tile")
WHAT_HERO = message("h3.coop.what.hero", "the {kind} of {seat}")
# H3-3.2.3 / A-53 in a Cooperative game: an ally's town the AI enemy held goes back to the ally
AI_TOWN_RETURNED = message(
    "h3.coop.ai.town_returned", "{seat!c} retakes {loc} from the AI enemy and returns it to {owner}."
)

# ---- combats with AI heroes (ai_combat.py) -----------------------------------------------------------
AI_TAKES_FIELD = message("h3.coop.ai_takes_field", "{hero} takes {loc} at ({q}, {r}) from {seat} for the AI enemy.")
ATTACKS_AI = message(
    "h3.coop.attacks_ai",
    "{seat!c}'s {kind} attacks {hero} of the AI enemy: a combat to the end, no retreat or surrender (H3-41.3).",
)
ATTACKS_FIRST_AI = message(
    "h3.coop.attacks_first_ai",
    "{seat!c}'s {kind} attacks {hero}, the first of the AI heroes on that field (house rule): a combat to "
    "the end, no retreat or surrender (H3-41.3).",
)
AI_HERO_DEFEATED = message(
    "h3.coop.ai_hero_defeated", "{hero} has no units left and leaves the map; beating it brings no reward (H3-41.3)."
)
FIELD_STILL_HELD = message(
    "h3.coop.field_still_held",
    "Another AI hero still stands on that field: {seat}'s {kind} stays where it attacked from (house rule).",
)

# ---- victory, defeat, views and briefing (victory.py, views) ------------------------------------------
# H3-3.2.4 / H3-5.2: the table's shared goal, recorded when met; the game ends at the end of the round
COOP_TOWN_TAKEN = message(
    "h3.coop.victory.town_taken",
    "{seat!c} holds {loc}, the town of the AI enemy: the table wins at the end of this round (H3-5.2).",
)
COOP_HEROES_BEATEN = message(
    "h3.coop.victory.heroes_beaten",
    "Every hero of the AI enemy is defeated: the table wins at the end of this round (H3-5.2).",
)
COOP_GOAL_MET = message(
    "h3.coop.victory.goal_met", "{seat!c} meets the table's goal: the table wins at the end of this round (H3-5.2)."
)
COOP_WON = message("h3.coop.victory.won", "The table ({seats}) wins together against the AI enemy ({faction}).")
COOP_LOST = message("h3.coop.defeat.lost", "The AI enemy ({faction}) wins and the table ({seats}) loses: {why}")
LOST_ROUND_LIMIT = message(
    "h3.coop.defeat.round_limit", "round {n}, the last, ended before the table met its goal (house)."
)
LOST_TOWN = message("h3.coop.defeat.town", "the AI enemy holds {loc} of {seat} at the end of the round (house).")
LOST_ELIMINATED = message("h3.coop.defeat.eliminated", "every player is eliminated (H3-5.3).")
# the goals and defeats of a Cooperative scenario, for one without its own text (briefing.py)
COOP_GOALS = {
    "capture_ai_town": message("h3.coop.goal.capture_ai_town", "flag the town of the AI enemy, together."),
    "defeat_ai_heroes": message("h3.coop.goal.defeat_ai_heroes", "defeat every hero of the AI enemy, together."),
}
COOP_DEFEATS = {
    "round_limit_passes": message(
        "h3.coop.defeat_rule.round_limit", "If the round limit passes before that, the AI enemy wins (house)."
    ),
    "ai_holds_a_town": message(
        "h3.coop.defeat_rule.ai_town", "If the AI enemy holds a player's town at the end of a round, it wins (house)."
    ),
    "standard_elimination": message(
        "h3.coop.defeat_rule.elimination", "If every player is eliminated, the AI enemy wins at once (H3-5.3)."
    ),
}
# briefing (H3-3.1): the AI enemy and its heroes, as the scenario sets them up (H3-41.1, H3-41.4)
SCENARIO_AI = message(
    "h3.coop.scenario.ai",
    "Cooperative (H3-3.2.4): every player together against the AI enemy, {faction}, which plays after the "
    "players each round (H3-41.4).",
)
SCENARIO_AI_HERO = message("h3.coop.scenario.ai_hero", "AI hero {hero}: {units}.")
TIER_UNIT = message("h3.coop.scenario.tier_unit", "a {tier} neutral unit")  # H3-41.1: listed by tier
AI_UNIT = message("h3.coop.scenario.unit", "{unit} ({side})")  # a unit card and its side (Few or Pack)
# H3-43 in a Cooperative game: card swaps as allies (H3-43.3.2); resources only as gifts at a trading post
COOP_NO_RESOURCE_OFFER = message(
    "h3.coop.no.resource_offer",
    "In a Cooperative game players give each other resources only at a trading post (H3-43.2.1); "
    "trading them at any time is an Alliance rule (H3-43.3.1).",
)
SWAP_NOT_ALLIED = message(
    "h3.coop.no.swap_mode", "Heroes swap cards with an ally only in an Alliance or Cooperative game (H3-43.3.2)."
)
# H3-43.2.1: the free extra of a trading-post visit in a Cooperative game (gifts.py)
ASK_GIFT = message(
    "h3.coop.ask.gift", "Give resources to another player while you are at the trading post (as often as you like)?"
)
OPT_GIFT = message("h3.coop.opt.gift", "Give 1 {what} to {seat}")
GIFTED = message("h3.coop.gifted", "{seat!c} gives {to} 1 {what} at the trading post (H3-43.2.1).")

# ---- the campaign (campaign.py) ----------------------------------------------------------------------
# H3-3.2.2: the table option, refused outside a solo Cooperative game or for a campaign we do not have
CAMPAIGN_SOLO = message(
    "h3.coop.campaign.solo", "A campaign is played solo: choose the Cooperative mode with 1 player (H3-3.2.2)."
)
CAMPAIGN_UNKNOWN = message("h3.coop.campaign.unknown", "There is no campaign called {name}.")
CAMPAIGN_NO_DRAFT = message(
    "h3.coop.campaign.no_draft",
    "A campaign carries your deck from scenario to scenario (H3-44.2): it cannot start with the draft (H3-48.3).",
)
CAMPAIGN_AT = message("h3.coop.campaign.at", "Campaign {campaign}: scenario {n} of {total}, {won} won so far.")
CAMPAIGN_OWN_SCENARIOS = message(
    "h3.coop.campaign.own_scenarios", "A campaign plays its own scenarios: leave the scenario option empty (H3-3.2.2)."
)
CAMPAIGN_FACTION = message(
    "h3.coop.campaign.faction",
    "{faction} cannot be played through this campaign; choose a faction every one of its scenarios allows (H3-44.6).",
)
# H3-4.5: the campaign's bonus instead of the difficulty bonus
ASK_CAMPAIGN_BONUS = message("h3.coop.ask.campaign_bonus", "Which campaign bonus do you take for {scenario} (H3-4.5)?")
OPT_CAMPAIGN_BONUS = message("h3.coop.opt.campaign_bonus", "{what}")
CAMPAIGN_BONUS_TAKEN = message("h3.coop.campaign.bonus_taken", "{seat!c} takes the campaign bonus: {what}.")
# H3-5.7 / H3-44.2: between two scenarios
CAMPAIGN_SCENARIO_WON = message(
    "h3.coop.campaign.scenario_won",
    "{scenario} is won: scenario {n} of {total} of {campaign}. Prepare the next one (H3-5.7, H3-44.2).",
)
ASK_CAMPAIGN_HERO = message(
    "h3.coop.ask.campaign_hero",
    "Before {scenario}: keep your hero or change to another hero of your faction (H3-44.6)?",
)
OPT_CAMPAIGN_KEEP_HERO = message("h3.coop.opt.campaign_keep_hero", "Keep {hero}")
OPT_CAMPAIGN_HERO = message("h3.coop.opt.campaign_hero", "Change to {hero}")
CAMPAIGN_HERO_CHANGED = message(
    "h3.coop.campaign.hero_changed", "{seat!c} changes from {old} to {hero} for the next scenario (H3-44.6)."
)
ASK_CAMPAIGN_KEEP = message(
    "h3.coop.ask.campaign_keep",
    "Choose card {n} of {total} to carry into the next scenario; your statistic cards and level I specialty "
    "come along anyway (H3-44.2).",
)
OPT_CAMPAIGN_KEEP = message("h3.coop.opt.campaign_keep", "Keep {card}")
OPT_CAMPAIGN_NEW_ABILITY = message("h3.coop.opt.campaign_new_ability", "Take {card}, your new hero's starting ability")
OPT_CAMPAIGN_ARROW = message("h3.coop.opt.campaign_arrow", "Take {card} (at most {n} in all)")
CAMPAIGN_YOU_KEPT = message("h3.coop.campaign.you_kept", "You carry {card} into the next scenario ({n} of {total}).")
CAMPAIGN_KEPT = message("h3.coop.campaign.kept", "{seat!c} chooses a card to carry on ({n} of {total}).")
CAMPAIGN_NEXT = message(
    "h3.coop.campaign.next",
    "{campaign}, scenario {n} of {total}: {scenario} begins. {seat!c}'s hero starts again at level I with a deck of "
    "{cards} cards (H3-44.2).",
)
CAMPAIGN_REPLACED = message(
    "h3.coop.campaign.replaced",
    "{n} carried cards are not available in this scenario's decks: {seat} searches for a replacement of each "
    "(H3-44.4).",
)
# H3-44.3: a lost scenario
CAMPAIGN_SCENARIO_LOST = message(
    "h3.coop.campaign.scenario_lost", "{scenario} is lost. Replay it with the recorded deck, or end {campaign}."
)
ASK_CAMPAIGN_RETRY = message(
    "h3.coop.ask.campaign_retry",
    "{scenario} is lost: replay it with your recorded deck, or end the campaign (H3-44.3)?",
)
OPT_CAMPAIGN_REPLAY = message("h3.coop.opt.campaign_replay", "Replay {scenario}")
OPT_CAMPAIGN_REPLAY_AS = message("h3.coop.opt.campaign_replay_as", "Replay {scenario} with {hero} (H3-44.6)")
OPT_CAMPAIGN_GIVE_UP = message("h3.coop.opt.campaign_give_up", "End the campaign")
CAMPAIGN_REPLAY = message(
    "h3.coop.campaign.replay",
    "{campaign}, scenario {n} of {total}: {scenario} begins again with the recorded deck of {cards} cards (H3-44.3).",
)
CAMPAIGN_GIVEN_UP = message("h3.coop.campaign.given_up", "{seat!c} ends {campaign} after losing {scenario}.")
