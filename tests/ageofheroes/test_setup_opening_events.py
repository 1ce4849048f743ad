"""The first-player draws made during setup reach the table as a public event."""

import engine


def test_opening_events_announce_the_first_player_draws() -> None:
    rs = engine.ruleset("ageofheroes")
    state = rs.setup({"players": 3}, 7)
    events = rs.opening_events(state)
    assert len(events) == 1 and events[0].public  # AH-3.3: the draws are public
    assert f"seat {state.first_seat + 1}" in events[0].text
    assert events[0].data["draws"] == state.first_draws
