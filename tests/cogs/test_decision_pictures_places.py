"""Options that name their board place (``Option.at``) and the decision picture that reads it.

Every game names the place of each map choice itself: Runewars the area or hex (the setup tiles
RW-4.3/RW-4.8, the stronghold and starting rune RW-3.8.1/RW-3.8.3, a hero's start RW-3.9.3, the
area to activate RW-10.7.1, retreats RW-11.6/RW-12.5.2/RW-14.7.1/RW-16.1, runes RW-27.3/RW-27.5,
hero placement and moves RW-20.4/RW-21.4.1 …), Cloudspire the hex (fortress gates CS-5.6, wells
CS-5.9.3, towers, upgrades and land tiles CS-17.1, moves CS-19.2.1/CS-9.11, fire, exploring and
attacks CS-19.3.1/CS-19.4.1/CS-19.5.1), Heroes III the map hex (H3-8.3, a tile's turn H3-23.4) or
combat square (H3-32, H3-28). The picture reads nothing else. The guess it made before from the
action's fields (``place_guess``) is the independent witness: over seeded random play, every
option's ``at`` is exactly the place the guess reads from its action, and no other option has one,
so each picture outlines what it outlined before.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from cogs import decision_pictures as dp
from engine import ruleset
from engine.core import GM_SEAT, Option, Prompt
from engine.core.errors import RuleViolation

from .place_guess import board_places, named_place

# Map choices a few hundred random steps from the start always reach (counted, not timed).
REACHED = {"RW-4.3", "RW-4.8", "RW-3.8.1", "RW-3.8.3", "RW-3.9.3", "RW-10.7.1", "RW-21.4.1", "RW-27.5"}


def test_only_the_place_an_option_names_counts() -> None:
    named = Option(label="Go", action={"type": "rw_choose", "value": "6A"}, at="6B")
    unnamed = Option(label="Go", action={"type": "rw_choose", "value": "6A"})
    view = {"areas": [{"id": "6A"}, {"id": "6B"}]}
    prompt = Prompt(seat=0, key="k", rule="RW-10.7.1", question="Where?", options=[named])
    assert dp.candidates(prompt, view) == {"6B": "Go"}
    # An action that reads like a place is no place unless its game says so.
    assert dp.candidates(prompt.model_copy(update={"options": [unnamed]}), view) == {}


def test_an_option_at_a_hex_makes_a_map_decision_without_any_place_field() -> None:
    prompt = Prompt(
        seat=0,
        key="k",
        rule="RW-4.3",
        question="Where?",
        options=[Option(label=f"Hex {q}", action={"type": "put", "n": q}, at=f"{q},0") for q in range(3)],
    )
    assert dp.candidates(prompt, {"areas": []}) == {"0,0": "Hex 0", "1,0": "Hex 1", "2,0": "Hex 2"}


def test_option_at_stays_out_of_the_json_when_absent() -> None:
    assert "at" not in Option(label="Done", action={"type": "done"}).model_dump()
    assert Option.of("To 6A", {"type": "rw_choose", "value": "6A"}, at="6A").model_dump()["at"] == "6A"


def _kind(prompt: Prompt, option: Option) -> str:
    """What a placed option counts as: its action's type (an attack by what it attacks)."""
    kind = str(option.action.get("type"))
    return f"{kind}:{option.action['kind']}" if kind == "attack" and "kind" in option.action else kind


def _rule(prompt: Prompt, option: Option) -> str:
    return prompt.rule


def _witness(
    name: str,
    setups: list[dict[str, object]],
    steps: int,
    count: Callable[[Prompt, Option], str] = _kind,
    *,
    any_option: bool = False,
) -> tuple[Counter[str], list[tuple[str, dict[str, object], str | None, str | None]]]:
    """Play seeded random games of ``name`` with its own ``sample_action`` (``any_option``: a random
    offered option, so choices a sampler settles by itself, such as building the map, are made too)
    and compare, for every option of every seat's prompt, the place it names (``Option.at``) with the
    place the cog's guess reads from its action in the view its picture is drawn from. Returns what
    was seen placed (``count`` names it), and the options whose two places differ."""
    rs = ruleset(name)
    seen: Counter[str] = Counter()
    wrong: list[tuple[str, dict[str, object], str | None, str | None]] = []
    for game, options in enumerate(setups):
        rng = random.Random(game)
        state = rs.setup(options, game)
        for _ in range(steps):
            if rs.result(state) is not None:
                break
            prompts = [p for p in rs.prompts(state) if p.waiting] or rs.prompts(state)
            if not prompts:
                break
            for prompt in prompts:
                if prompt.seat == GM_SEAT or not prompt.options:
                    continue
                places = board_places(dp.picture_view(rs, state, prompt))
                for option in prompt.options:
                    guessed = named_place(option.action, places)
                    if option.at != guessed:
                        wrong.append((prompt.rule, option.action, option.at, guessed))
                    elif option.at is not None:
                        seen[count(prompt, option)] += 1
            prompt = rng.choice(prompts)
            seat = prompt.seat
            if any_option and prompt.options:  # every offered choice, the map-building ones included
                action = dict(rng.choice(prompt.options).action)
            elif seat != GM_SEAT:
                action = rs.sample_action(state, seat, rng)
            else:
                action = dict(prompt.options[0].action)
            try:
                state, _ = rs.apply(state, seat, action)
            except RuleViolation:
                continue
    return seen, wrong


def test_every_runewars_map_option_carries_its_place() -> None:
    seen, wrong = _witness(
        "runewars", [{"players": 2 + game % 3} for game in range(4)], 400, count=_rule, any_option=True
    )
    assert not wrong, wrong[:5]
    assert REACHED <= set(seen), sorted(REACHED - set(seen))


def test_every_cloudspire_map_option_carries_its_place() -> None:
    # CS-5.6 fortress gates, CS-5.9.3 wells, CS-17.1/CS-19.1.2 towers, upgrades and land tiles, CS-19.2.1
    # hero moves, CS-9.6/CS-9.11 minions, CS-19.3.1 tower fire, CS-19.4.1 exploring, CS-19.5.1 attacks
    # (a gate attack is placed where its attacker stands: a gate is no piece of the view), TU-5 impale.
    seen, wrong = _witness("cloudspire", [{"players": 2 + game % 3} for game in range(5)], 1500)
    assert not wrong, wrong[:5]
    reached = {
        "place_fortress",
        "choose_well",
        "build_tower",
        "upgrade",
        "place_tile",
        "move",
        "vanguard",
        "minion_move",
        "fire",
        "explore",
        "attack:unit",
        "attack:landmark",
        "attack:gate",
        "impale",
    }
    assert reached <= set(seen), sorted(reached - set(seen))


def test_every_heroes3_clash_map_option_carries_its_place() -> None:
    # H3-8.3 walks, discoveries and tile placements, H3-7.7/H3-8.3 hiring on a hex, H3-23.4/H3-6.22 turns
    # of a tile ("q,r@turn"), H3-32/H3-28 combat squares (the clash's view has no units to aim at).
    seen, wrong = _witness("heroes3", [{"players": 2 + game % 3} for game in range(4)], 600)
    assert not wrong, wrong[:5]
    reached = {"walk", "discover", "place_tile", "hire", "choose", "place", "move"}
    assert reached <= set(seen), sorted(reached - set(seen))


def test_every_heroes3_skirmish_map_option_carries_its_place() -> None:
    # H3-32 placement and H3-28 moves (squares), attacks, abilities and cards on a unit (its square),
    # and the unit's own choices (defend, end, H3-34.2 activate: where it stands).
    modes = ["duel", "siege", "neutral"]
    seen, wrong = _witness("heroes3-skirmish", [{"mode": modes[game % 3]} for game in range(6)], 400)
    assert not wrong, wrong[:5]
    reached = {"place", "move", "attack", "defend", "end", "activate", "ability", "play"}
    assert reached <= set(seen), sorted(reached - set(seen))
