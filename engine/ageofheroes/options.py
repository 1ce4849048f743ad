"""Game options: player count plus one switch per starred ambiguity (spec §6).

Every default is the spec's recommended reading. Keys are the spec's dotted names with
``_`` for ``.`` (``earthquake.scope`` -> ``earthquake_scope``); the dotted spelling is
accepted too, so a host can copy keys straight from the spec.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from engine.core import GameOptions
from engine.core.content_packs import pinned_hash
from engine.core.text import Message, message


class AohOptions(GameOptions):
    content: str = "default"
    # A content pack (docs/content-packs.md): its whole text, so a replay rebuilds the same
    # content, and its sha256, recorded with the game. It replaces ``content`` when set.
    content_pack: str | None = None
    content_hash: str | None = None
    setup_tribe_selection: Literal["draft", "random"] = "draft"  # AH-3.4, AMB-30
    draw_step_replacement: Literal["all_events", "immediate_only", "none"] = "all_events"  # AH-6.3, AMB-05
    # AH-6.3, 「並能再抽取」: the player "gets to" draw again (the rules file's reading: the draw is
    # made for them) or "may" draw again (they are asked, and may keep their hand as it is).
    draw_step_replacement_draw: Literal["must", "may"] = "must"
    tax_replacement: bool = False  # AH-8.3
    market_day_replacement: bool = False  # AH-4.3
    market_day_event_timing: Literal["after_all_draws", "after_each_player"] = "after_all_draws"  # AMB-41
    first_market_day_population_boom: Literal["apply", "discard"] = "apply"  # AH-4.9, AMB-06
    earthquake_scope: Literal["all_non_general", "single_army"] = "all_non_general"  # AH-11.4.2
    earthquake_duration: Literal["drawer_turn_end", "target_turn_end"] = "drawer_turn_end"  # AH-11.4.4
    luck_famine_scope: Literal["holder_only", "cancel_for_all"] = "holder_only"  # AH-11.6.2
    roads_market_bonus: Literal["both_ends", "builder_only"] = "both_ends"  # AH-4.2, AMB-08
    roads_count_indirect: bool = False  # AMB-08
    war_target_scope: Literal["any", "neighbours_only", "road_connected_only"] = "any"  # AH-10.2
    war_defender_commits_all: bool = True  # AH-10.7, AMB-09
    war_duel_pick: Literal["simultaneous", "attacker_first", "defender_first"] = "simultaneous"  # AH-10.10
    war_reveal_unfought_cards: bool = False  # AMB-39
    plunder_selection: Literal["random", "attacker_choice_blind"] = "random"  # AH-10.14.2, AMB-11
    olympic_return: Literal["as_battle", "immediate"] = "as_battle"  # AH-11.8.2, AMB-13
    mighty_hero_max_per_side: int | None = Field(default=None, ge=1)  # AH-11.9.4
    general_attach_to: Literal["home_only", "any_army"] = "home_only"  # AH-9.8.3, AMB-15
    barbarians_mode: Literal["fixed", "battle_card", "defender_plus"] = "fixed"  # AH-11.7.3, AMB-01
    barbarians_armies: int | None = Field(default=None, ge=0)  # None: the content file's number
    barbarians_plus: int = Field(default=1, ge=0)  # the k of defender_plus
    challenge_mode: Literal["end_check", "continuous"] = "end_check"  # AH-17.5, AMB-16
    challenge_same_condition: bool = False  # AH-17.5
    elimination_items: Literal["return_to_supply", "leave_in_limbo"] = "return_to_supply"  # AH-16.4
    neighbours_recompute_on_elimination: bool = True  # AH-16.5, AMB-18
    trade_window: Literal["market_day_only", "any_time"] = "market_day_only"  # AH-4.11
    trade_allow_gifts: bool = True  # AH-4.12
    trade_public_contents: bool = False  # AH-4.5, AMB-22
    discard_pile_public: bool = True  # AH-15.4, AMB-21
    prompts_auto_pass_without_card: bool = False  # §3 N2

    @model_validator(mode="after")
    def _pin_pack(self) -> AohOptions:
        self.content_hash = pinned_hash(self.content_pack, self.content_hash)
        return self

    @model_validator(mode="before")
    @classmethod
    def _dotted(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {str(k).replace(".", "_"): v for k, v in data.items()}
        return data


# What a lobby shows for each option a table chose (``name: value``, never the option's id), what
# each option means (``/game new`` help and refusals), and the words for id-like values (spec §6).
OPTION_NAMES: dict[str, Message] = {
    "setup_tribe_selection": message("ah.option.name.setup_tribe_selection", "tribe choice"),
    "draw_step_replacement": message("ah.option.name.draw_step_replacement", "event cards replaced in the draw"),
    "draw_step_replacement_draw": message("ah.option.name.draw_step_replacement_draw", "the replacement draw"),
    "tax_replacement": message("ah.option.name.tax_replacement", "tax replaces events"),
    "market_day_replacement": message("ah.option.name.market_day_replacement", "market day replaces events"),
    "market_day_event_timing": message("ah.option.name.market_day_event_timing", "market day events resolve"),
    "first_market_day_population_boom": message(
        "ah.option.name.first_market_day_population_boom", "Population Boom on the first market day"
    ),
    "earthquake_scope": message("ah.option.name.earthquake_scope", "Earthquake hits"),
    "earthquake_duration": message("ah.option.name.earthquake_duration", "Earthquake lasts until"),
    "luck_famine_scope": message("ah.option.name.luck_famine_scope", "Luck against Famine"),
    "roads_market_bonus": message("ah.option.name.roads_market_bonus", "road market bonus"),
    "roads_count_indirect": message("ah.option.name.roads_count_indirect", "roads count indirect links"),
    "war_target_scope": message("ah.option.name.war_target_scope", "war may be declared on"),
    "war_defender_commits_all": message("ah.option.name.war_defender_commits_all", "the defender commits every army"),
    "war_duel_pick": message("ah.option.name.war_duel_pick", "duel cards are picked"),
    "war_reveal_unfought_cards": message("ah.option.name.war_reveal_unfought_cards", "unfought battle cards shown"),
    "plunder_selection": message("ah.option.name.plunder_selection", "plunder is taken"),
    "olympic_return": message("ah.option.name.olympic_return", "armies return from the Olympics"),
    "mighty_hero_max_per_side": message("ah.option.name.mighty_hero_max_per_side", "most Mighty Heroes per side"),
    "general_attach_to": message("ah.option.name.general_attach_to", "the general joins"),
    "barbarians_mode": message("ah.option.name.barbarians_mode", "barbarians"),
    "barbarians_armies": message("ah.option.name.barbarians_armies", "barbarian armies"),
    "barbarians_plus": message("ah.option.name.barbarians_plus", "barbarian bonus"),
    "challenge_mode": message("ah.option.name.challenge_mode", "challenge victory is checked"),
    "challenge_same_condition": message("ah.option.name.challenge_same_condition", "challenges on the same condition"),
    "elimination_items": message("ah.option.name.elimination_items", "an eliminated player's items"),
    "neighbours_recompute_on_elimination": message(
        "ah.option.name.neighbours_recompute_on_elimination", "neighbours recomputed after an elimination"
    ),
    "trade_window": message("ah.option.name.trade_window", "trading"),
    "trade_allow_gifts": message("ah.option.name.trade_allow_gifts", "gifts allowed"),
    "trade_public_contents": message("ah.option.name.trade_public_contents", "trades shown to all"),
    "discard_pile_public": message("ah.option.name.discard_pile_public", "discard pile public"),
    "prompts_auto_pass_without_card": message(
        "ah.option.name.prompts_auto_pass_without_card", "pass for a player without the card"
    ),
}
OPTION_LABELS: dict[str, Message] = {
    "content": message("ah.option.content", "The card set: default, or a content pack's name"),
    "setup_tribe_selection": message(
        "ah.option.setup_tribe_selection", "Tribes are drafted in turn or dealt at random (AH-3.4)"
    ),
    "draw_step_replacement": message(
        "ah.option.draw_step_replacement", "Which event cards drawn in the draw step are replaced (AH-6.3)"
    ),
    "draw_step_replacement_draw": message(
        "ah.option.draw_step_replacement_draw",
        "The replacement card is drawn for the player, or they may decline (AH-6.3)",
    ),
    "tax_replacement": message("ah.option.tax_replacement", "Tax replaces a drawn event card (AH-8.3)"),
    "market_day_replacement": message(
        "ah.option.market_day_replacement", "A market day replaces a drawn event card (AH-4.3)"
    ),
    "market_day_event_timing": message(
        "ah.option.market_day_event_timing", "Market-day events resolve after all draws or after each player (AMB-41)"
    ),
    "first_market_day_population_boom": message(
        "ah.option.first_market_day_population_boom",
        "A Population Boom on the first market day applies or is discarded (AH-4.9)",
    ),
    "earthquake_scope": message(
        "ah.option.earthquake_scope", "Earthquake hits every non-general army or a single army (AH-11.4.2)"
    ),
    "earthquake_duration": message(
        "ah.option.earthquake_duration", "Earthquake lasts to the end of the drawer's or the target's turn (AH-11.4.4)"
    ),
    "luck_famine_scope": message(
        "ah.option.luck_famine_scope", "Luck protects its holder only, or cancels Famine for all (AH-11.6.2)"
    ),
    "roads_market_bonus": message(
        "ah.option.roads_market_bonus", "The road market bonus goes to both ends or to the builder only (AH-4.2)"
    ),
    "roads_count_indirect": message(
        "ah.option.roads_count_indirect", "Roads count links through other tribes (AMB-08)"
    ),
    "war_target_scope": message(
        "ah.option.war_target_scope",
        "War may be declared on anyone, neighbours only, or road-connected tribes (AH-10.2)",
    ),
    "war_defender_commits_all": message(
        "ah.option.war_defender_commits_all", "The defender commits every army it has (AH-10.7)"
    ),
    "war_duel_pick": message(
        "ah.option.war_duel_pick", "Duel cards are picked at once, attacker first or defender first (AH-10.10)"
    ),
    "war_reveal_unfought_cards": message(
        "ah.option.war_reveal_unfought_cards", "Battle cards not fought with are shown afterwards (AMB-39)"
    ),
    "plunder_selection": message(
        "ah.option.plunder_selection", "Plunder is drawn at random or chosen blind by the attacker (AH-10.14.2)"
    ),
    "olympic_return": message(
        "ah.option.olympic_return", "Armies come back from the Olympics as from a battle, or at once (AH-11.8.2)"
    ),
    "mighty_hero_max_per_side": message(
        "ah.option.mighty_hero_max_per_side", "Most Mighty Heroes on one side of a battle; none: no limit (AH-11.9.4)"
    ),
    "general_attach_to": message(
        "ah.option.general_attach_to", "The general joins the home army only, or any army (AH-9.8.3)"
    ),
    "barbarians_mode": message(
        "ah.option.barbarians_mode",
        "Barbarian strength: fixed, a battle card, or the defender's plus a bonus (AH-11.7.3)",
    ),
    "barbarians_armies": message(
        "ah.option.barbarians_armies", "Number of barbarian armies; none: the card set's number (AH-11.7.3)"
    ),
    "barbarians_plus": message("ah.option.barbarians_plus", "The bonus over the defender's strength (AH-11.7.3)"),
    "challenge_mode": message(
        "ah.option.challenge_mode", "A challenge victory is checked at the end or all the time (AH-17.5)"
    ),
    "challenge_same_condition": message(
        "ah.option.challenge_same_condition", "A challenge may be made on the same condition again (AH-17.5)"
    ),
    "elimination_items": message(
        "ah.option.elimination_items", "An eliminated player's items go back to the supply or stay out (AH-16.4)"
    ),
    "neighbours_recompute_on_elimination": message(
        "ah.option.neighbours_recompute_on_elimination",
        "Neighbours are worked out again after an elimination (AH-16.5)",
    ),
    "trade_window": message("ah.option.trade_window", "Trading on market days only, or at any time (AH-4.11)"),
    "trade_allow_gifts": message("ah.option.trade_allow_gifts", "A trade may give without taking (AH-4.12)"),
    "trade_public_contents": message(
        "ah.option.trade_public_contents", "Everyone sees what a trade exchanged (AH-4.5)"
    ),
    "discard_pile_public": message(
        "ah.option.discard_pile_public", "Everyone may look through the discard pile (AH-15.4)"
    ),
    "prompts_auto_pass_without_card": message(
        "ah.option.prompts_auto_pass_without_card", "The bot passes for a player who has no card to play"
    ),
}
OPTION_VALUES: dict[str, dict[str, Message]] = {
    "content": {"default": message("ah.option.value.content.default", "the standard cards")},
    "setup_tribe_selection": {
        "draft": message("ah.option.value.setup_tribe_selection.draft", "drafted in turn"),
        "random": message("ah.option.value.setup_tribe_selection.random", "at random"),
    },
    "draw_step_replacement": {
        "all_events": message("ah.option.value.draw_step_replacement.all_events", "every event"),
        "immediate_only": message("ah.option.value.draw_step_replacement.immediate_only", "immediate events only"),
        "none": message("ah.option.value.draw_step_replacement.none", "none"),
    },
    "draw_step_replacement_draw": {
        "must": message("ah.option.value.draw_step_replacement_draw.must", "always made"),
        "may": message("ah.option.value.draw_step_replacement_draw.may", "the player may decline"),
    },
    "market_day_event_timing": {
        "after_all_draws": message("ah.option.value.market_day_event_timing.after_all_draws", "after all draws"),
        "after_each_player": message("ah.option.value.market_day_event_timing.after_each_player", "after each player"),
    },
    "first_market_day_population_boom": {
        "apply": message("ah.option.value.first_market_day_population_boom.apply", "applies"),
        "discard": message("ah.option.value.first_market_day_population_boom.discard", "is discarded"),
    },
    "earthquake_scope": {
        "all_non_general": message("ah.option.value.earthquake_scope.all_non_general", "every army without a general"),
        "single_army": message("ah.option.value.earthquake_scope.single_army", "one army"),
    },
    "earthquake_duration": {
        "drawer_turn_end": message("ah.option.value.earthquake_duration.drawer_turn_end", "the drawer's turn ends"),
        "target_turn_end": message("ah.option.value.earthquake_duration.target_turn_end", "the target's turn ends"),
    },
    "luck_famine_scope": {
        "holder_only": message("ah.option.value.luck_famine_scope.holder_only", "protects its holder only"),
        "cancel_for_all": message("ah.option.value.luck_famine_scope.cancel_for_all", "cancels it for everyone"),
    },
    "roads_market_bonus": {
        "both_ends": message("ah.option.value.roads_market_bonus.both_ends", "both ends"),
        "builder_only": message("ah.option.value.roads_market_bonus.builder_only", "the builder only"),
    },
    "war_target_scope": {
        "any": message("ah.option.value.war_target_scope.any", "anyone"),
        "neighbours_only": message("ah.option.value.war_target_scope.neighbours_only", "neighbours only"),
        "road_connected_only": message(
            "ah.option.value.war_target_scope.road_connected_only", "road-connected tribes only"
        ),
    },
    "war_duel_pick": {
        "simultaneous": message("ah.option.value.war_duel_pick.simultaneous", "at the same time"),
        "attacker_first": message("ah.option.value.war_duel_pick.attacker_first", "attacker first"),
        "defender_first": message("ah.option.value.war_duel_pick.defender_first", "defender first"),
    },
    "plunder_selection": {
        "random": message("ah.option.value.plunder_selection.random", "at random"),
        "attacker_choice_blind": message(
            "ah.option.value.plunder_selection.attacker_choice_blind", "chosen blind by the attacker"
        ),
    },
    "olympic_return": {
        "as_battle": message("ah.option.value.olympic_return.as_battle", "as from a battle"),
        "immediate": message("ah.option.value.olympic_return.immediate", "at once"),
    },
    "mighty_hero_max_per_side": {"None": message("ah.option.value.mighty_hero_max_per_side.none", "no limit")},
    "general_attach_to": {
        "home_only": message("ah.option.value.general_attach_to.home_only", "the home army only"),
        "any_army": message("ah.option.value.general_attach_to.any_army", "any army"),
    },
    "barbarians_mode": {
        "fixed": message("ah.option.value.barbarians_mode.fixed", "fixed strength"),
        "battle_card": message("ah.option.value.barbarians_mode.battle_card", "a battle card"),
        "defender_plus": message(
            "ah.option.value.barbarians_mode.defender_plus", "the defender's strength plus a bonus"
        ),
    },
    "barbarians_armies": {"None": message("ah.option.value.barbarians_armies.none", "as the card set says")},
    "challenge_mode": {
        "end_check": message("ah.option.value.challenge_mode.end_check", "at the end"),
        "continuous": message("ah.option.value.challenge_mode.continuous", "all the time"),
    },
    "elimination_items": {
        "return_to_supply": message("ah.option.value.elimination_items.return_to_supply", "go back to the supply"),
        "leave_in_limbo": message("ah.option.value.elimination_items.leave_in_limbo", "stay out of the game"),
    },
    "trade_window": {
        "market_day_only": message("ah.option.value.trade_window.market_day_only", "on market days only"),
        "any_time": message("ah.option.value.trade_window.any_time", "at any time"),
    },
}
