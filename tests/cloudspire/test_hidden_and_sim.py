"""Hidden information (H5, H18, H24, H26) and whole games on the simulator."""

from __future__ import annotations

import json
import random

import engine.sim as sim
from engine.cloudspire.state import CsState

from .support import RS


def play(seed: int, players: int = 2, until: int = 400, **options: object) -> list[CsState]:
    rng = random.Random(seed)
    state = RS.setup({"players": players, **options}, seed)
    seen = [state]
    for _ in range(until):
        if RS.result(state) is not None:
            break
        prompts = [p for p in RS.prompts(state) if p.waiting] or RS.prompts(state)
        prompt = rng.choice(prompts)
        state, _ = RS.apply(state, prompt.seat, RS.sample_action(state, prompt.seat, rng))
        seen.append(state)
    return seen


def test_secrets_never_in_public_or_other_views() -> None:
    # H5, H18, H24, H26: a seat's secrets appear in no public view and no other seat's view
    for state in play(3)[::5]:
        secrets = RS.secrets(state)
        for values in secrets.values():
            for value in values:
                holders = {s for s, v in secrets.items() if value in v}  # two explorers both know a face
                others = [json.dumps(RS.view(state, None))]
                others += [json.dumps(RS.view(state, s)) for s in state.seats if s not in holders]
                assert all(value not in text for text in others), value


def test_swapping_secrets_leaves_the_public_view_unchanged() -> None:
    # H5, H18, H24: swap the relic hands, explored faces and stack order; the public view must not move
    for state in play(4)[::7]:
        swapped = RS.copy_state(state)
        a, b = swapped.pl[0], swapped.pl[1]
        if len(a.relics) == len(b.relics):
            a.relics, b.relics = b.relics, a.relics
        for p in swapped.pl:
            if len(p.stack) > 2:
                p.stack[1:] = list(reversed(p.stack[1:]))
        down = [lm for lm in swapped.landmarks if not lm.face_up]
        if len(down) >= 2 and not down[0].known_by and not down[1].known_by:
            down[0].chip, down[1].chip = down[1].chip, down[0].chip
            from engine.cloudspire.common import landmark_def

            if landmark_def(down[0].chip).category != landmark_def(down[1].chip).category:
                down[0].chip, down[1].chip = down[1].chip, down[0].chip  # categories are public (H3)
        assert RS.view(swapped, None) == RS.view(state, None)


def test_sim_two_players() -> None:
    # CS-21: random games finish with no violation and no invariant failure
    for seed in (11, 12):
        result = sim.play_one(RS, {"players": 2}, seed, max_actions=3000, probe=1)
        assert result["violations"] == 0 and not result["failures"] and result["finished"], result


def test_sim_three_players_and_2v2() -> None:
    # CS-22, CS-23: 3 players and 2v2 also play to the end
    for opts in ({"players": 3}, {"players": 4, "mode": "2v2"}):
        result = sim.play_one(RS, opts, 5, max_actions=4000, probe=1)
        assert result["violations"] == 0 and not result["failures"] and result["finished"], result


def test_cheap_ask_checks_agree_with_the_prompts() -> None:
    # CS-0.4: a decision with no legal option is skipped; the fast checks must say what the prompts say
    from engine.cloudspire.flow import FLOW
    from engine.cloudspire.waves.siege import ASKS

    checked = 0
    for state in play(5, players=3, until=600) + play(6, until=600, simultaneous_build=True):
        for st in state.steps[:12]:
            if st.kind in ASKS and st.window is None and st.seat is not None:
                assert ASKS[st.kind](state, st) == bool(FLOW.prompters[st.kind](state, st)), st.kind
                checked += 1
    assert checked > 100


def test_simultaneous_build_games_finish() -> None:
    # CS-24.3(b): whole games with the option end without a stuck flow
    for seed in (11, 12):
        states = play(seed, until=3000, simultaneous_build=True)
        assert RS.result(states[-1]) is not None
