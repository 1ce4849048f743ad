"""Combat (CS-19.5, CS-26, CS-7.9, CS-10.5), the deploy stack (CS-18.8) and movement (CS-9.11)."""

from __future__ import annotations

from engine.cloudspire.actions import StackEntry
from engine.cloudspire.common import gate_key
from engine.cloudspire.state import CsState, Landmark, Tower, Unit
from engine.cloudspire.units import combat as C
from engine.cloudspire.units.movement import minion_options, progress_map, start_distance
from engine.cloudspire.waves.phases import check_stack
from engine.cloudspire.waves.siege import may_end_attacks

from .support import free_neighbour, new_game, place


def two_spots(s: CsState) -> tuple[str, str]:
    a = next(k for k, c in s.board.items() if c.mat == "isle:1" and k not in {lm.hex for lm in s.landmarks})
    return a, free_neighbour(s, a)


def test_hero_defense_chips() -> None:
    # CS-10.4.2 (RT-08, AMB-12): each point removes a defense chip first, then HP
    s = new_game()
    a, _b = two_spots(s)
    hero = place(s, 1, "ybanthe", a)
    hero.hp, hero.chips = 2, ["defense"]
    C.damage_unit(s, hero, 2, 0, by_hero=None)
    assert hero.hp == 1 and hero.chips == []


def test_level_up_choices_and_promotion_hp() -> None:
    # CS-10.4.3 (RT-09): range only with a Range talent; CS-10.5.3 (TC-50): flip adds the HP difference
    s = new_game()
    a, b = two_spots(s)
    awsh = place(s, 0, "awsh", a)
    assert C.level_options(s, awsh) == ["attack", "defense", "decline"]
    dywen = place(s, 1, "dywen", b)
    assert "range" in C.level_options(s, dywen)
    dywen.chips, dywen.hp = ["attack"], 1
    assert C.level_options(s, dywen) == ["flip", "decline"]
    C.apply_level(s, dywen, "flip")
    assert dywen.promoted and dywen.chips == [] and dywen.hp == 2


def test_counter_attack_once_and_tough() -> None:
    # CS-19.5.6(b) (TC-27): one counter per unit per turn; Tough caps counter damage (TU-6, AMB-13)
    s = new_game()
    a, b = two_spots(s)
    elk = place(s, 1, "treed", a)
    berserk = place(s, 0, "forsaken", b)  # attack 4
    C.resolve_attack(s, elk, "unit", berserk.uid)
    assert elk.hp == 4 - 2  # countered for 4, capped at 2
    briar = place(s, 1, "war_briar", free_neighbour(s, b))
    hp = briar.hp
    C.resolve_attack(s, briar, "unit", berserk.uid)
    assert briar.hp == hp  # no second counter this turn


def test_out_of_range_attack_keeps_the_counter() -> None:
    # CS-19.5.6(a)-(b) (TC-34): a ranged attacker is not countered and the counter stays available
    s = new_game()
    a, _b = two_spots(s)
    peddler = place(s, 0, "battleborn", a)
    far = next(
        k
        for k in C.range_within(s.board, C.unkey(a), 2)
        if C.range_within(s.board, C.unkey(a), 2)[k] == 2
        and k not in C.occupied_keys(s)
        and s.board[k].gate is None
        and s.board[k].fort is None
    )
    dywen = place(s, 1, "dywen", far)
    C.resolve_attack(s, dywen, "unit", peddler.uid)
    assert dywen.hp == 2 and not peddler.countered


def test_endless_retaliation_with_injected_dice() -> None:
    # CS-19.5.7 (TC-26): roll until blank or 2, last roll counts: 1, 1, 2 = 4; Tough makes it 2
    s = new_game(dice=[1, 1, 2])
    a, b = two_spots(s)
    s.landmarks = [lm for lm in s.landmarks if lm.hex != a]
    hydra = Landmark(lid="L9999", chip="hydra", hex=a, face_up=True, hp=3)
    s.landmarks.append(hydra)
    elk = place(s, 1, "treed", b)
    C.resolve_attack(s, elk, "landmark", hydra.lid)
    assert hydra.hp == 2 and hydra.countered and elk.hp == 4 - 2


def test_hunter_and_no_counter_without_attack() -> None:
    # TU-1 Hunter +1 against landmarks; CS-19.5.6(c) (TC-31): no attack value, no counter
    s = new_game()
    a, b = two_spots(s)
    s.landmarks = [lm for lm in s.landmarks if lm.hex != a]
    scarab = Landmark(lid="L9998", chip="scarab", hex=a, face_up=True, hp=4)
    s.landmarks.append(scarab)
    awsh = place(s, 0, "awsh", b)
    C.resolve_attack(s, awsh, "landmark", scarab.lid)
    assert scarab.hp == 2 and awsh.hp == 3


def test_landmark_defeat_reward_and_level_up() -> None:
    # CS-11.7 (TC-37): defeat uncovers the well, the reward goes to the defeater, the hero levels up
    s = new_game()
    a, b = two_spots(s)
    s.landmarks = [lm for lm in s.landmarks if lm.hex != a]
    scarab = Landmark(lid="L9997", chip="scarab", hex=a, face_up=True, hp=1)
    s.landmarks.append(scarab)
    awsh = place(s, 0, "awsh", b)
    before = s.pl[0].source
    C.resolve_attack(s, awsh, "landmark", scarab.lid)
    assert scarab not in s.landmarks and "scarab" in s.lm_defeated
    assert s.pl[0].source == before + 4
    assert s.steps[0].kind == "level_up" and s.steps[0].seat == 0


def test_tower_damage_rules() -> None:
    # CS-7.9 (RT-04, TC-44): bottom defense needs 2 damage; one chip per attack; destroyed at 0
    s = new_game()
    t = Tower(
        tid="T9990",
        owner=1,
        type_id="shrubbery",
        hex=two_spots(s)[0],
        chips=["attack", "range", "defense"],
        start_chips=2,
        level_cap=2,
    )
    s.pl[1].barracks["shrubbery"] -= 1
    s.towers.append(t)
    C.damage_tower(s, t, 1, 0, by_hero=None)
    assert t.chips == ["attack", "range", "defense"]
    C.damage_tower(s, t, 2, 0, by_hero=None)
    assert t.chips == ["attack", "range"]
    C.damage_tower(s, t, 1, 0, by_hero=None)
    before = s.pl[0].source
    C.damage_tower(s, t, 5, 0, by_hero=None)
    assert t not in s.towers and s.pl[1].barracks["shrubbery"] == 4 and s.pl[0].source == before + 1


def test_gate_counter_and_breach() -> None:
    # CS-6.2.5 (RT-11): the gate hits back for 1, reward to its owner; CS-21.1, CS-21.2 (RT-12): the last HP
    # lost is a breach, and a breach ends the game
    s = new_game()
    near = next(
        k
        for k in C.range_within(s.board, C.unkey(gate_key(s, 1)), 1)
        if s.board[k].fort is None and s.board[k].gate is None and k not in C.occupied_keys(s)
    )
    m = place(s, 0, "battleborn", near)
    m.hp = 1
    before = s.pl[1].source
    C.resolve_attack(s, m, "gate", "1")
    assert s.pl[1].gate_hp == 9 and m not in s.units and s.pl[1].source == before + 2
    s.pl[1].gate_hp = 1
    m2 = place(s, 0, "forsaken", near)
    C.resolve_attack(s, m2, "gate", "1")
    assert s.winner == [0] and s.result_reason == "breach"


def test_squad_activation_drops_excess_damage() -> None:
    # CS-9.8.5 (RT-21, TC-42): the next member takes over with its own HP, no counter for that blow
    s = new_game()
    a, _b = two_spots(s)
    top = place(s, 0, "dispatch", a)
    under = Unit(uid="u9999", owner=0, type_id="forsaken", kind="minion", hp=7)
    s.pl[0].barracks["forsaken"] -= 1
    top.members = [under]
    top.hp = 1
    C.damage_unit(s, top, 3, 1, by_hero=None)
    active = next(u for u in s.units if u.hex == a)
    assert active.uid == "u9999" and active.hp == 7 and active.countered


def test_minions_must_attack() -> None:
    # CS-19.5.2 (RT-20): the step cannot end while a minion has a valid target
    s = new_game()
    a, b = two_spots(s)
    place(s, 0, "battleborn", a)
    place(s, 1, "war_briar", b)
    assert not may_end_attacks(s, 0)


def test_stack_legality() -> None:
    # CS-18.8 (RT-17, TC-16): CP budget, wave-1 heroes, heroes between minions, squad order
    s = new_game()
    s.wave = 1
    s.pl[1].target = 0

    def entries(*units: list[str]) -> list[StackEntry]:
        return [StackEntry(units=list(u)) for u in units]

    assert check_stack(s, 1, entries(["war_briar"], ["treed"], ["dywen"])) is None
    assert check_stack(s, 1, entries(["grizzled_oak"], ["war_briar"])) == "CS-18.2"
    assert check_stack(s, 1, entries(["ybanthe"])) == "CS-10.7.1"
    assert check_stack(s, 1, entries(["war_briar"], ["dywen"], ["treed"])) == "CS-10.7.5"
    assert check_stack(s, 1, entries(["war_briar", "dywen"])) == "CS-10.7.3"
    assert check_stack(s, 1, entries(["war_briar", "taproot"])) is None
    assert check_stack(s, 0, entries(["drang"])) is None  # the Brawnen may deploy any hero in wave 1


def test_minion_moves_make_maximal_progress() -> None:
    # CS-9.2, CS-9.11 (RT-25): every offered move uses the longest progress path
    s = new_game()
    s.pl[0].target = 1
    m = Unit(uid="u9990", owner=0, type_id="battleborn", kind="minion", hp=3)
    moves, may_stay = minion_options(s, m)
    dmap = progress_map(s, 0, 0)
    d0 = start_distance(s, m, dmap)
    assert moves and not may_stay
    assert all(dmap[mv.to] < d0 for mv in moves)
    assert len({mv.steps for mv in moves}) == 1


def test_rewards_go_to_the_defeater_only() -> None:
    # CS-26.4: a landmark's counter kill rewards no one (AMB-32)
    s = new_game()
    a, b = two_spots(s)
    s.landmarks = [lm for lm in s.landmarks if lm.hex != a]
    drake = Landmark(lid="L9996", chip="wild_drake", hex=a, face_up=True, hp=5)
    s.landmarks.append(drake)
    m = place(s, 1, "war_briar", b)
    m.hp = 1
    sources = [p.source for p in s.pl]
    C.resolve_attack(s, m, "landmark", drake.lid)
    assert m not in s.units and [p.source for p in s.pl] == sources


def test_engage_forces_the_target() -> None:
    # CS-11.9: a unit able to attack an Engage landmark must attack it; CS-1.4: the talent overrides the
    # attacker's free choice of target
    s = new_game()
    a, b = two_spots(s)
    s.landmarks = [lm for lm in s.landmarks if lm.hex != a]
    s.landmarks.append(Landmark(lid="L9995", chip="wild_drake", hex=a, face_up=True, hp=5))
    u = place(s, 0, "awsh", b)
    place(s, 1, "war_briar", free_neighbour(s, b))
    assert C.targets(s, u) == [("landmark", "L9995")]
