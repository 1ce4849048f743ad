"""Rule-coverage tests for Cloudspire rules no other test cites: CS-0.2 tags, CS-3.1 and CS-5.12 supplies."""

from __future__ import annotations

from engine.cloudspire.units import combat as C

from .support import RS, free_neighbour, front, new_game, place, until_step


def test_cs0_2_each_seq_asks_one_seat_at_a_time_in_turn_order() -> None:
    """CS-0.2: ``each-SEQ`` (CS-18.1, declare targets) asks one player at a time, in turn order, openly."""
    s = until_step(new_game(seed=3), "target")
    asked = []
    while front(s) == "target":
        ps = RS.prompts(s)
        assert len(ps) == 1 and ps[0].rule == "CS-18.1"
        assert not ps[0].simultaneous and not ps[0].secret  # H: — (later players see earlier choices)
        asked.append(ps[0].seat)
        s, _ = RS.apply(s, ps[0].seat, ps[0].options[0].action)
    assert asked == [0, 1]  # seat 0 is the first player (fixture)


def test_cs0_2_each_sim_asks_every_seat_at_once_and_secretly() -> None:
    """CS-0.2: ``each-SIM`` (CS-18.6 with the recommended simultaneous collection, CS-24.3c) asks all
    players at once, by DM (secret); one seat locking in does not hand the turn to the other."""
    s = until_step(new_game(seed=3, simultaneous_prep=True), "deploy")
    ps = RS.prompts(s)
    assert sorted(p.seat for p in ps) == [0, 1]
    assert all(p.rule == "CS-18.6" and p.simultaneous and p.secret and p.waiting for p in ps)
    first = ps[0]
    s, _ = RS.apply(s, first.seat, first.options[0].action)
    after = {p.seat: p for p in RS.prompts(s)}
    assert set(after) == {0, 1}  # both still asked: the other seat's choice is not ordered after it


def test_cs0_2_without_the_option_the_deploy_stack_is_asked_in_turn() -> None:
    """CS-0.2 contrast: a rule's own tag (``A: owner``) applies when the each-SIM option is off."""
    s = until_step(new_game(seed=3), "deploy")
    ps = RS.prompts(s)
    assert len(ps) == 1 and ps[0].rule == "CS-18.6" and ps[0].secret and not ps[0].simultaneous


def test_cs3_1_cs5_12_upgrade_chip_pool_is_shared_and_unlimited_by_default() -> None:
    """CS-3.1 / AMB-36: the physical pools (18 attack chips …) are not enforced by default; CS-5.12: the pools
    are within everyone's reach, so heroes of either seat draw from the same, unlimited supply."""
    s = new_game(seed=2)
    a = next(k for k, c in s.board.items() if c.mat == "isle:1" and k not in {lm.hex for lm in s.landmarks})
    b = free_neighbour(s, a)
    awsh = place(s, 0, "awsh", a)
    dywen = place(s, 1, "dywen", b)
    awsh.chips = ["attack"] * 19  # more attack chips than the box's 18 already in play (data set by hand)
    assert "attack" in C.level_options(s, dywen)
    C.apply_level(s, dywen, "attack")
    total = sum(t.chips.count("attack") for t in s.towers) + sum(u.chips.count("attack") for u in s.units)
    assert total > 18 and dywen.chips == ["attack"]
