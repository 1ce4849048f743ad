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
