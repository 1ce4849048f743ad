"""No game-master hand-over for what the engine can resolve (issue 11, family 4).

Every effect and condition the shipped content defines is resolved by the engine: the
cards that used to say ``gm`` now use primitives the engine holds the facts for (rune
faces, areas and distances, influence, heroes' areas, the supply) or were redesigned as
house cards. One test per card, each citing the rule it checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.runewars import flow
from engine.runewars.battle import start_battle
from engine.runewars.battle.effects import run_head
from engine.runewars.battle.flow import queue_effects
from engine.runewars.cards import resolve as cardfx
from engine.runewars.catalog import catalog
from engine.runewars.content import load_content, walk
from engine.runewars.ctx import Ctx
from engine.runewars.heroes import core as H
from engine.runewars.heroes import quests as Q
from engine.runewars.heroes.glue import drain
from engine.runewars.reference import card_texts, house_flags, is_house
from engine.runewars.ruleset import _advance
from engine.runewars.state import RunewarsState, Turn
from tests.runewars.flow_support import act, add, make_state, prompt, values

# A row of five areas: seat 0's home realm at the west end, seat 1's at the east end.
ROW: dict[str, dict[str, Any]] = {
    "1A": {"hex": (0, 0), "home_of": 0},
    "2A": {"hex": (1, 0)},
    "3A": {"hex": (2, 0)},
    "4A": {"hex": (3, 0)},
    "5A": {"hex": (4, 0), "home_of": 1},
}


def _state() -> RunewarsState:
    return make_state(["HUMANS", "UTHUK"], ROW)


def _run(state: RunewarsState, effects: list[dict[str, Any]], seat: int | None, source: str) -> RunewarsState:
    """Queue content effects as the flow does (RW-8 order 0, 1) and run to the first decision."""
    cardfx.queue(state, effects, seat=seat, source=source, rule="RW-6.2", order=[0, 1])
    state.steps.append(flow.step(state, "hold"))
    _advance(state)
    return state


def _effects(kind: str, entry_id: str) -> list[dict[str, Any]]:
    cat = catalog()
    card: Any = cat.seasons[entry_id] if kind == "season" else cat.tactics[entry_id]
    return [e.model_dump(mode="json") for e in card.effects]


def _gm_tasks(state: RunewarsState) -> int:
    return len(state.gm.tasks)


# ---- the shipped content as a whole ------------------------------------------------------------


def test_no_shipped_effect_or_condition_is_a_gm_hand_over() -> None:
    """RW-0.5 / D-6..D-11: every shipped effect is engine-resolvable; ``gm`` is only for custom content packs."""
    content = load_content()
    found: list[str] = []
    groups: list[tuple[str, list[Any]]] = [
        ("season", [(c.card_id, c.effects) for c in content.season_cards]),
        ("tactics", [(c.card_id, c.effects) for c in content.tactics_cards]),
        ("quest", [(c.quest_id, c.success) for c in content.quest_cards]),
        ("reward", [(c.reward_id, c.effects) for c in content.reward_cards]),
        ("hero", [(c.hero_id, c.ability.effects) for c in content.hero_cards]),
        ("unit", [(u.id, u.special.effects) for u in content.unit_types]),
        ("title", [(t.title_id, tuple(e for a in t.abilities for e in a.effects)) for t in content.title_cards]),
    ]
    for kind, entries in groups:
        for entry_id, effects in entries:
            for e in walk(tuple(effects)):
                if getattr(e, "kind", None) == "gm" or getattr(getattr(e, "condition", None), "kind", None) == "gm":
                    found.append(f"{kind}:{entry_id}")
    for o in content.objective_cards:
        if o.condition.kind == "gm":
            found.append(f"objective:{o.objective_id}")
    assert found == []


def test_every_primitive_has_a_handler_outside_battles() -> None:
    """RW-6.2 / RW-30: the interpreter registers a handler (``@effect``) for each primitive it resolves."""
    handled = set(cardfx._HANDLERS) | set(cardfx._TARGETED)
    for kind in ("reveal_false_rune", "take_influence", "add_units"):
        assert kind in handled


# ---- Shifting Ley Lines, Dark Tidings, False Trail (RW-27.3.1 reveal, RW-27.5 faces) --------------


def test_shifting_ley_lines_reveals_a_false_rune_for_two_influence() -> None:
    """RW-6.2 (in player order), RW-27.3.1: a revealed false rune goes face up to the pile; +2 influence."""
    s = _state()
    add(s, "HUMAN_INFANTRY", 0, "2A")
    add(s, "UTHUK_BERSERKER", 1, "4A")
    s.board["2A"].rune = "false"
    s.board["4A"].rune = "dragon"
    before = (s.seats[0].influence, s.seats[1].influence, s.rune_supply["false"], s.revealed_false)
    s = _run(s, _effects("season", "AU7"), None, "Shifting Ley Lines")
    p = prompt(s, 0)
    assert p.secret and values(p) == ["2A", "-"]  # the options name a false rune: secret (RW-27.5)
    s = act(s, 0, {"type": "rw_choose", "value": "2A"})
    assert s.board["2A"].rune is None
    assert s.rune_supply["false"] == before[2] + 1 and s.revealed_false == before[3] + 1
    assert s.seats[0].influence == before[0] + 2
    p = prompt(s, 1)  # seat 1 controls a rune, but it is a dragon rune: only "none"
    assert values(p) == ["-"]
    s = act(s, 1, {"type": "rw_choose", "value": "-"})
    assert s.seats[1].influence == before[1] and s.board["4A"].rune == "dragon"
    assert _gm_tasks(s) == 0


def test_shifting_ley_lines_refuses_a_rune_that_is_not_a_controlled_false_one() -> None:
    """RW-27.3.1: only a false rune in an area the player controls; bad input changes nothing."""
    s = _state()
    add(s, "HUMAN_INFANTRY", 0, "2A")
    s.board["2A"].rune = "false"
    s.board["3A"].rune = "false"  # nobody controls 3A
    s = _run(s, _effects("season", "AU7"), None, "Shifting Ley Lines")
    with pytest.raises(RuleViolation):
        act(s, 0, {"type": "rw_choose", "value": "3A"})


def test_dark_tidings_reveal_or_pay_two() -> None:
    """RW-6.2, RW-27.3.1, RW-9.6: reveal a false rune to the pile, or pay 2 influence (a seat without runes pays)."""
    s = _state()
    add(s, "HUMAN_INFANTRY", 0, "2A")
    add(s, "UTHUK_BERSERKER", 1, "4A")
    s.board["2A"].rune = "false"
    s.seats[0].influence = 5
    s.seats[1].influence = 5
    s = _run(s, _effects("season", "WI6"), None, "Dark Tidings")
    assert values(prompt(s, 0)) == ["2A", "-"]
    s = act(s, 0, {"type": "rw_choose", "value": "2A"})
    assert s.seats[0].influence == 5 and s.board["2A"].rune is None
    # seat 1's areas hold no rune token (public), so it pays without a prompt
    assert s.seats[1].influence == 3
    assert _gm_tasks(s) == 0


def test_dark_tidings_declining_pays_two() -> None:
    """RW-6.2: a player with a false rune may keep it hidden and pay 2 influence instead."""
    s = _state()
    add(s, "HUMAN_INFANTRY", 0, "2A")
    s.board["2A"].rune = "false"
    s.seats[0].influence = 4
    s = _run(s, _effects("season", "WI6"), None, "Dark Tidings")
    s = act(s, 0, {"type": "rw_choose", "value": "-"})
    assert s.seats[0].influence == 2 and s.board["2A"].rune == "false"


def test_false_trail_is_the_players_own_choice() -> None:
    """RW-30 (own-turn tactics card), RW-27.3.1: only the card's player reveals, for 2 influence."""
    s = _state()
    add(s, "HUMAN_INFANTRY", 0, "2A")
    add(s, "UTHUK_BERSERKER", 1, "4A")
    s.board["2A"].rune = "false"
    s.board["4A"].rune = "false"
    gold = s.seats[0].influence
    s = _run(s, _effects("tactics", "T50"), 0, "False Trail")
    assert [p.seat for p in cardfx_prompts(s)] == [0]
    s = act(s, 0, {"type": "rw_choose", "value": "2A"})
    assert s.seats[0].influence == gold + 2 and s.board["4A"].rune == "false"


def cardfx_prompts(state: RunewarsState) -> list[Any]:
    from engine.runewars.ruleset import RUNEWARS

    return [p for p in RUNEWARS.prompts(state) if p.options]


# ---- Dragon Sighting (RW-11.6, RW-1.9.2) -----------------------------------------------------------


def test_dragon_sighting_places_an_unallied_dragon_farthest_from_home_realms() -> None:
    """RW-11.6: a neutral placed in an empty area is unallied; the area farthest from every home realm."""
    s = _state()
    s = _run(s, _effects("season", "AU6"), None, "Dragon Sighting")
    dragons = [u for u in s.units if u.kind == "DRAGON"]
    assert [(u.area, u.owner) for u in dragons] == [("3A", None)]  # 2 steps from both home realms
    assert _gm_tasks(s) == 0


def test_dragon_sighting_ties_go_to_the_starting_player() -> None:
    """RW-6.2 / RW-8.1: tied areas are decided by the starting player; occupied areas are not empty (RW-2.9)."""
    s = _state()
    add(s, "HUMAN_INFANTRY", 0, "3A")  # the middle is taken: 2A and 4A tie at 1 step
    s.start_player = 1
    s = _run(s, _effects("season", "AU6"), None, "Dragon Sighting")
    p = prompt(s, 1)
    assert values(p) == ["2A", "4A"]
    s = act(s, 1, {"type": "rw_choose", "value": "4A"})
    assert [(u.area, u.owner) for u in s.units if u.kind == "DRAGON"] == [("4A", None)]


def test_dragon_sighting_with_no_dragon_left_places_nothing() -> None:
    """RW-1.9.2: a limited component with none left: the effect does nothing for it."""
    s = _state()
    count = catalog().unit_types["DRAGON"].count
    add(s, "DRAGON", None, "1A", count)  # every figure already on the board
    s = _run(s, _effects("season", "AU6"), None, "Dragon Sighting")
    assert sum(1 for u in s.units if u.kind == "DRAGON") == count


# ---- Iron Fist (RW-29) ---------------------------------------------------------------------------


def test_iron_fist_is_counted_by_the_engine() -> None:
    """RW-29.2: the objective's condition is a counter: two battles won as the attacker this turn."""
    card = catalog().objectives["E6"]
    assert card.house and card.condition.kind == "at_least"
    s = _state()
    s.turn = Turn(seat=0, card=3, eligible=True, battles_won_attacking=1)
    cond = card.condition.model_dump(mode="json")
    assert cardfx.condition_holds(s, 0, cond) is False
    s.turn.battles_won_attacking = 2
    assert cardfx.condition_holds(s, 0, cond) is True
    assert cardfx.condition_holds(s, 1, cond) is False  # only during his own turn (RW-29.3)


# ---- Bogran the Shadow (RW-20.8, RW-31.1) ----------------------------------------------------------


def test_bogran_takes_influence_from_heroes_in_his_area() -> None:
    """RW-20.8 / RW-31.1: after Bogran acts, each other player with a hero in his area pays 1 influence."""
    s = make_state(["HUMANS", "UTHUK", "ELVES"], ROW)
    s.heroes.heroes = [
        H.Hero(uid="b", card="H11", owner=0, area="3A"),
        H.Hero(uid="x", card="H01", owner=1, area="3A"),
        H.Hero(uid="y", card="H02", owner=2, area="2A"),  # elsewhere: keeps its influence
    ]
    s.seats[1].influence = 2
    s.seats[2].influence = 2
    mine = s.seats[0].influence
    card = catalog().heroes["H11"]
    events = H.resolve_effects(s.heroes, 0, "b", card.ability.effects, Ctx(s), source="Bogran", rule="RW-20.8")
    assert events == [] and s.heroes.outbox.grants and not s.heroes.outbox.gm
    drain(s)
    s.steps.append(flow.step(s, "hold"))
    _advance(s)
    assert (s.seats[0].influence, s.seats[1].influence, s.seats[2].influence) == (mine + 1, 1, 2)
    assert _gm_tasks(s) == 0


def test_bogran_takes_nothing_from_a_player_without_influence() -> None:
    """RW-31.1: influence never goes below 0; nothing is taken from an empty pool."""
    s = _state()
    s.heroes.heroes = [H.Hero(uid="b", card="H11", owner=0, area="3A"), H.Hero(uid="x", card="H01", owner=1, area="3A")]
    s.seats[1].influence = 0
    mine = s.seats[0].influence
    _run(s, [{"kind": "take_influence", "amount": 1, "hero": "b"}], 0, "Bogran")
    assert (s.seats[0].influence, s.seats[1].influence) == (mine, 0)


# ---- Varikas the Dead (RW-24.3) ------------------------------------------------------------------


def test_varikas_is_a_start_of_duel_cancel_pool() -> None:
    """RW-24.3 / RW-24.4.3: a start-of-duel ability cancelling up to 2 damage in the duel, no GM."""
    card = catalog().heroes["H07"]
    assert card.house and card.ability.timing == "start_of_duel"
    assert [(e.kind, e.amount, e.per) for e in card.ability.effects] == [("cancel_damage", 2, "duel")]  # type: ignore[union-attr]


# ---- Envoy to the Cities (RW-21.9.1) -------------------------------------------------------------


class _QuestCtx:
    """What the quest phase asks of the flow for Envoy's checks: cities and influence (RW-21.9)."""

    def __init__(self, city_areas: set[str], influence: int) -> None:
        self.content = catalog().hero_content
        self.cities = city_areas
        self.influence = influence

    def has_city(self, area: str) -> bool:
        return area in self.cities

    def influence_of(self, seat: int) -> int:
        return self.influence


def _envoy_offered(ctx: _QuestCtx) -> bool:
    hs = H.HeroesState(quest_hands={0: ["Q24"]})
    hero = H.Hero(uid="h", card="H01", owner=0, area="3A")
    hs.heroes = [hero]
    opts = Q._after_options(hs, hero, catalog().hero_content, ctx)
    return any(o.action.get("quest") == "Q24" for o in opts)


def test_envoy_is_offered_only_when_its_checks_hold() -> None:
    """RW-21.9.1: the quest's checks (a city in the hero's area, 2 influence) run before any reward."""
    assert _envoy_offered(_QuestCtx({"3A"}, 2))
    assert not _envoy_offered(_QuestCtx(set(), 5))  # no city token here
    assert not _envoy_offered(_QuestCtx({"3A"}, 1))  # cannot pay


def test_envoy_attempt_without_its_checks_is_refused() -> None:
    """RW-21.9.1: an attempt whose checks fail is refused with a clear message, nothing drawn."""
    c = catalog().hero_content
    hero = H.Hero(uid="h", card="H01", owner=0, area="3A")
    hs = H.HeroesState(quest_hands={0: ["Q24"]}, heroes=[hero])
    qs = Q.QuestPhaseState(order=[0])
    with pytest.raises(RuleViolation):
        Q._after(qs, hs, hero, {"type": "quest_attempt", "quest": "Q24", "hero": "h"}, _QuestCtx(set(), 5), c)
    assert hero.rewards == [] and hs.quest_hands[0] == ["Q24"]


def test_envoy_pays_before_drawing_the_reward() -> None:
    """RW-21.9.2: the success effects pay 2 influence, then gain a reward; no GM step in between."""
    card = catalog().quests["Q24"]
    assert card.requires_city and card.requires_influence == 2
    kinds = [(e.kind, getattr(e, "amount", None)) for e in card.success]
    assert kinds == [("gain_influence", -2), ("draw_cards", 1)]


# ---- Raise Dead (RW-14.4.3, RW-1.9.2) --------------------------------------------------------------


def _necro_battle(s: RunewarsState) -> Any:
    add(s, "UNDEAD_NECROMANCER", 0, "3A")
    add(s, "HUMAN_INFANTRY", 1, "3A")
    attackers = [u for u in s.units if u.owner == 0 and u.area == "3A"]
    defenders = [u for u in s.units if u.owner == 1 and u.area == "3A"]
    return start_battle("3A", 0, 1, attackers, defenders, attacker_faction="UNDEAD", defender_faction="HUMANS")


def test_raise_dead_adds_standing_reanimates_to_the_battle() -> None:
    """RW-14.4.3: the Necromancers' special adds 2 Reanimates from the supply to this battle, standing."""
    s = make_state(["UNDEAD", "HUMANS"], ROW)
    bs = _necro_battle(s)
    special = catalog().unit_types["UNDEAD_NECROMANCER"].special
    queue_effects(bs, "attacker", list(special.effects), "Raise Dead", rule="RW-14.4.3")
    ctx = Ctx(s)
    events: list[Any] = []
    assert run_head(bs, load_content(), ctx.draw, events, ctx.add_battle_unit) is False
    raised = [u for u in bs.units if u.kind == "UNDEAD_REANIMATE"]
    assert len(raised) == 2 and all(u.side == "attacker" and u.standing and u.owner == 0 for u in raised)
    on_board = {u.id for u in s.units if u.kind == "UNDEAD_REANIMATE" and u.area == "3A"}
    assert on_board == {u.uid for u in raised}  # the same figures, so the outcome applies to them
    assert not bs.external  # nothing for the game master


def test_raise_dead_places_only_what_the_supply_holds() -> None:
    """RW-1.9.2: with one Reanimate left in the supply, only one joins the battle."""
    s = make_state(["UNDEAD", "HUMANS"], ROW)
    count = catalog().unit_types["UNDEAD_REANIMATE"].count
    add(s, "UNDEAD_REANIMATE", 0, "1A", count - 1)
    bs = _necro_battle(s)
    queue_effects(
        bs,
        "attacker",
        [{"kind": "add_units", "unit_type": "UNDEAD_REANIMATE", "count": 2, "where": "battle"}],
        "Raise Dead",
    )
    ctx = Ctx(s)
    run_head(bs, load_content(), ctx.draw, [], ctx.add_battle_unit)
    assert sum(1 for u in bs.units if u.kind == "UNDEAD_REANIMATE") == 1
    assert sum(1 for u in s.units if u.kind == "UNDEAD_REANIMATE") == count


# ---- house flags for the Discord layer (issue 11, content honesty) --------------------------------


def test_every_invented_entry_carries_the_house_flag_in_the_public_api() -> None:
    """RW-1 / D-1..D-17: every entry a player can look up says whether it is house content."""
    flags = house_flags()
    assert set(card_texts()) <= set(flags)
    assert flags["season:AU6"] and flags["hero:H07"] and flags["objective:E6"] and flags["quest:Q24"]
    assert flags["destiny:1"] is False  # the destiny deck is public fact
    assert is_house("tile:3") and is_house("exploration:X04")
    assert is_house("nonsense:1")  # unknown content is never shown as printed


def test_the_names_resolver_answers_house_for_every_kind() -> None:
    """RW-1: the resolver the Discord layer uses knows provenance for cards, tiles and tokens."""
    from engine.runewars import names

    n = names()
    assert n.house("card", "AU6") is True and n.house("season", "AU6") is True
    assert n.house("tile", "3") is True and n.house("exploration", "X04") is True
    assert n.house("destiny", "1") is False


def test_sim_report_counts_gm_tasks() -> None:
    """The simulator reports GM tasks per run (issue 11 acceptance: 0 for shipped content)."""
    from engine.sim import run

    report = run("runewars", 1, 3, players=2, max_actions=300, probe=0)
    assert "gm_tasks" in report and "games_with_gm_tasks" in report
