"""Reminder scheduling with an injected clock: pure planning, then one real pass over a store."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

from cogs import lang
from cogs.referee import Referee
from cogs.reminders import ApplyDefault, Ping, Reminders, Stalled, default_failed_mark, in_quiet_hours, plan_reminders
from engine.core import GM_SEAT, Option, Prompt
from i18n import render
from store import GameSettings, GameStore, Notice

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _p(seat: int, *, waiting: bool = True, secret: bool = False, default: dict | None = None) -> Prompt:
    return Prompt(
        seat=seat,
        key=f"k{seat}",
        rule="R",
        question="Q?",
        options=[Option(label="a", action={"type": "a"})],
        waiting=waiting,
        secret=secret,
        default=default,
    )


def plan(
    now: datetime,
    settings: GameSettings,
    prompts: list[Prompt],
    last: dict[int, datetime | None] | None = None,
    status: str = "active",
) -> list[Any]:
    return plan_reminders(
        now, status=status, settings=settings, waiting_since=T0, prompts=prompts, last_reminded=last or {}
    )


def test_pings_after_the_interval_and_not_before() -> None:
    s = GameSettings(reminder_minutes=60)
    assert plan(T0 + timedelta(minutes=59), s, [_p(0)]) == []
    assert plan(T0 + timedelta(minutes=60), s, [_p(0)]) == [Ping(0, _p(0))]


def test_locked_in_seats_are_never_pinged() -> None:
    s = GameSettings(reminder_minutes=60)
    out = plan(T0 + timedelta(hours=5), s, [_p(0, waiting=False), _p(1)])
    assert [p.seat for p in out] == [1]


def test_the_interval_counts_from_the_last_ping() -> None:
    s = GameSettings(reminder_minutes=60)
    last: dict[int, datetime | None] = {0: T0 + timedelta(minutes=90)}
    assert plan(T0 + timedelta(minutes=120), s, [_p(0)], last) == []
    assert plan(T0 + timedelta(minutes=150), s, [_p(0)], last) == [Ping(0, _p(0))]
    # A ping from before the current wait does not count.
    assert plan(T0 + timedelta(minutes=60), s, [_p(0)], {0: T0 - timedelta(days=1)}) == [Ping(0, _p(0))]


def test_quiet_hours_suppress_pings_and_wrap_midnight() -> None:
    assert in_quiet_hours(T0.replace(hour=23), 22, 7)
    assert in_quiet_hours(T0.replace(hour=3), 22, 7)
    assert not in_quiet_hours(T0.replace(hour=12), 22, 7)
    assert in_quiet_hours(T0.replace(hour=13), 12, 14) and not in_quiet_hours(T0.replace(hour=14), 12, 14)
    assert not in_quiet_hours(T0, None, 5) and not in_quiet_hours(T0, 5, 5)
    s = GameSettings(reminder_minutes=60, quiet_start_hour=13, quiet_end_hour=15)
    assert plan(T0 + timedelta(hours=2), s, [_p(0)]) == []
    assert plan(T0 + timedelta(hours=3), s, [_p(0)]) == [Ping(0, _p(0))]


def test_deadline_applies_defaults_or_tells_the_gm_once() -> None:
    auto = GameSettings(reminder_minutes=60, deadline_hours=24, auto_default=True)
    late = T0 + timedelta(hours=24)
    assert plan(late, auto, [_p(0, default={"type": "a"}), _p(1, waiting=False)]) == [
        ApplyDefault(0, _p(0, default={"type": "a"}))
    ]
    manual = GameSettings(reminder_minutes=60, deadline_hours=24)
    assert plan(late, manual, [_p(0), _p(2)]) == [Stalled((0, 2))]
    assert plan(late, manual, [_p(0)], {GM_SEAT: late - timedelta(hours=1)}) == []  # already told for this wait
    assert plan(late, manual, [_p(GM_SEAT)]) == [Stalled((GM_SEAT,))]


def test_inactive_games_and_disabled_reminders_do_nothing() -> None:
    assert plan(T0 + timedelta(days=9), GameSettings(reminder_minutes=60), [_p(0)], status="paused") == []
    assert plan(T0 + timedelta(days=9), GameSettings(reminder_minutes=None), [_p(0)]) == []


# ---- one pass of the cog over a real store -------------------------------------------------


@dataclass
class FakeDelivery:
    posts: list[str] = field(default_factory=list)
    gm: list[str] = field(default_factory=list)

    async def post(self, game: Any, content: Any, **_: Any) -> None:
        self.posts.append(content if isinstance(content, str) else render(content, lang.game_locale(game)))

    async def tell_gm(self, game: Any, content: Any) -> None:
        self.gm.append(content if isinstance(content, str) else render(content, lang.game_locale(game)))

    async def dm(self, game: Any, user_id: int, content: str, **_: Any) -> bool:
        self.posts.append(f"DM {user_id}: {content}")
        return True


class FakeReferee:
    """The parts of ``Referee`` the reminder cog uses, with deliveries recorded."""

    def __init__(self, store: GameStore, clock: Any) -> None:
        import asyncio

        self.store = store
        self.clock = clock
        self.delivery = FakeDelivery()
        self.published: list[Any] = []
        self.announced: list[int] = []
        self._lock = asyncio.Lock()

    def lock(self, game_id: int) -> Any:
        return self._lock

    @staticmethod
    def title(game: Any) -> str:
        return f"game #{game.id}"

    async def publish(self, game: Any, before: Any, outcome: Any) -> None:
        self.published.append(outcome)

    async def after_commit(self, interaction: Any, game: Any, publish: Any, **_: Any) -> None:
        await publish()

    # A reminder is an outbox row (issue 18): its lines are sent by the referee's own code.
    seat_map = Referee.seat_map
    names = Referee.names

    async def announce(self, game: Any, notice: Notice) -> None:
        assert notice.row_id is not None  # written with the reminder's mark
        self.announced.append(notice.row_id)
        await Referee._announce(cast(Referee, self), int(game.id), notice.payload())  # what it reads, this fake has


class FakeBot:
    user = type("U", (), {"id": 999})()


async def test_a_reminder_pass_pings_then_applies_the_default(tmp_path: Path) -> None:
    now = [T0]
    store = await GameStore.open(str(tmp_path / "r.sqlite3"), clock=lambda: now[0])
    try:
        game = await store.create_game(1, 2, "highcard", {"players": 2, "rounds": 1}, created_by=10)
        await store.join(game.id, 10)
        await store.join(game.id, 11)
        await store.start(game.id, 10, seed="fixed")
        await store.update_settings(game.id, reminder_minutes=60, deadline_hours=5, auto_default=True)
        referee = FakeReferee(store, lambda: now[0])
        cog = Reminders(FakeBot(), referee, clock=lambda: now[0])  # type: ignore[arg-type]  # stand-ins with only what a pass uses

        assert await cog.run_once(T0 + timedelta(minutes=30)) == []
        done = await cog.run_once(T0 + timedelta(minutes=61))
        assert sorted(p.seat for _, p in done if isinstance(p, Ping)) == [0, 1]
        assert all("secret decision" in post for post in referee.delivery.posts)  # no secret question in the thread
        assert all("ruby" not in post and "jade" not in post for post in referee.delivery.posts)
        assert await cog.run_once(T0 + timedelta(minutes=62)) == []  # not twice in a row

        done = await cog.run_once(T0 + timedelta(hours=5))
        assert sorted(p.seat for _, p in done if isinstance(p, ApplyDefault)) == [0, 1]
        loaded = await store.load(game.id)
        assert loaded.state is not None and loaded.state.phase == "call"  # both picks were applied by sample_action
        entries = await store.log(game.id)
        assert [e.kind for e in entries[-2:]] == ["gm", "gm"] and entries[-1].user_id == 999
    finally:
        await store.close()


# ---- quiet hours in the table's time zone ------------------------------------------------------


def test_quiet_hours_follow_the_tables_utc_offset() -> None:
    evening = T0.replace(hour=20)  # 20:00 UTC
    assert not in_quiet_hours(evening, 22, 7)
    assert in_quiet_hours(evening, 22, 7, 3)  # 23:00 at UTC+3
    assert not in_quiet_hours(evening, 22, 7, -3)  # 17:00 at UTC-3
    assert in_quiet_hours(T0.replace(hour=8), 22, 7, -2)  # 06:00 at UTC-2, across midnight
    # The planner uses the game's offset: 13:00 UTC is 15:00 at UTC+2, inside 14-16 local.
    s = GameSettings(reminder_minutes=60, quiet_start_hour=14, quiet_end_hour=16, utc_offset_hours=2)
    assert plan(T0 + timedelta(hours=1), s, [_p(0)]) == []
    assert plan(T0 + timedelta(hours=1, minutes=59), s, [_p(0)]) == []
    assert plan(T0 + timedelta(hours=2), s, [_p(0)]) == [Ping(0, _p(0))]  # 16:00 local: quiet hours are over
    assert plan(
        T0 + timedelta(hours=1), GameSettings(reminder_minutes=60, quiet_start_hour=14, quiet_end_hour=16), [_p(0)]
    ) == [Ping(0, _p(0))]


def test_a_failed_default_is_not_retried_during_the_same_wait() -> None:
    auto = GameSettings(reminder_minutes=None, deadline_hours=2, auto_default=True)
    late = T0 + timedelta(hours=3)
    assert plan(late, auto, [_p(0)], {default_failed_mark(0): late - timedelta(minutes=5)}) == []
    # A failure from an earlier wait does not count: try again.
    assert plan(late, auto, [_p(0)], {default_failed_mark(0): T0 - timedelta(hours=1)}) == [ApplyDefault(0, _p(0))]
    assert default_failed_mark(0) != GM_SEAT and default_failed_mark(0) != default_failed_mark(1)


async def test_a_default_that_cannot_be_applied_tells_the_gm_once_and_logs(tmp_path: Path, caplog: Any) -> None:
    import engine
    from tests.e2e.bot_helpers import FORMGAME

    engine.register(FORMGAME)  # its structured prompt has no default and no sample to draw
    now = [T0]
    store = await GameStore.open(str(tmp_path / "f.sqlite3"), clock=lambda: now[0])
    try:
        game = await store.create_game(1, 2, "formgame", {"players": 2}, created_by=10)
        await store.join(game.id, 10)
        await store.join(game.id, 11)
        await store.start(game.id, 10, seed="fixed")
        await store.update_settings(game.id, reminder_minutes=None, deadline_hours=2, auto_default=True)
        referee = FakeReferee(store, lambda: now[0])
        cog = Reminders(FakeBot(), referee, clock=lambda: now[0])  # type: ignore[arg-type]  # stand-ins with only what a pass uses

        with caplog.at_level("WARNING", logger="cogs.reminders"):
            done = await cog.run_once(T0 + timedelta(hours=2))
        assert [type(p) for _, p in done] == [ApplyDefault]
        (told,) = referee.delivery.gm
        assert "could not apply the default answer for seat 1" in told and "(CORE-1)" in told
        assert "/gm override" in told
        assert any("applying the default for seat 1" in r.getMessage() for r in caplog.records)
        assert (await store.load(game.id)).seq == 0  # nothing was applied

        for minutes in (5, 10, 60):  # later ticks of the same wait: silence
            assert await cog.run_once(T0 + timedelta(hours=2, minutes=minutes)) == []
        assert len(referee.delivery.gm) == 1 and referee.published == []

        # Once the seat acts, a new wait begins and a later failure is reported again.
        users = {s.seat: s.user_id for s in await store.seats(game.id)}
        now[0] = T0 + timedelta(hours=4)
        await store.act(game.id, users[0], {"type": "bid", "amount": 3})
        await cog.run_once(T0 + timedelta(hours=6))
        assert len(referee.delivery.gm) == 2 and "seat 2" in referee.delivery.gm[1]
    finally:
        await store.close()
        engine.unregister(FORMGAME.name)


# ---- quiet hours by IANA time zone (daylight saving) -------------------------------------------

BERLIN_NIGHTS = {"reminder_minutes": 60, "quiet_start_hour": 22, "quiet_end_hour": 7}


def test_quiet_hours_follow_daylight_saving_in_a_named_time_zone() -> None:
    from zoneinfo import ZoneInfo

    berlin = ZoneInfo("Europe/Berlin")
    # Spring: on 29 March 2026 Berlin moves from UTC+1 to UTC+2. 05:30 UTC is 06:30 the day
    # before (quiet, until 07:00) but 07:30 the day after (awake).
    before, after = datetime(2026, 3, 28, 5, 30, tzinfo=UTC), datetime(2026, 3, 30, 5, 30, tzinfo=UTC)
    assert in_quiet_hours(before, 22, 7, berlin) and not in_quiet_hours(after, 22, 7, berlin)
    assert in_quiet_hours(before, 22, 7, 1) and in_quiet_hours(after, 22, 7, 1)  # a fixed offset cannot tell
    # Autumn: on 25 October 2026 it moves back. 20:30 UTC is 22:30 before (quiet), 21:30 after.
    before, after = (
        datetime(2026, 10, 24, 20, 30, tzinfo=UTC),
        datetime(2026, 10, 26, 20, 30, tzinfo=UTC),
    )
    assert in_quiet_hours(before, 22, 7, berlin) and not in_quiet_hours(after, 22, 7, berlin)

    # The planner reads the game's zone; it wins over an old offset left in the settings.
    zoned = GameSettings(**BERLIN_NIGHTS, time_zone="Europe/Berlin", utc_offset_hours=-5)
    spring_morning = datetime(2026, 3, 30, 5, 30, tzinfo=UTC)
    assert plan(spring_morning, zoned, [_p(0)]) == [Ping(0, _p(0))]
    assert plan(spring_morning - timedelta(days=2), zoned, [_p(0)]) == []
    # A game set up with an offset only keeps working as before (07:30 UTC = 06:30 at UTC-1).
    assert plan(spring_morning + timedelta(hours=2), GameSettings(**BERLIN_NIGHTS, utc_offset_hours=-1), [_p(0)]) == []


def test_an_unknown_stored_zone_falls_back_to_the_offset() -> None:
    from cogs.reminders import table_zone

    odd = GameSettings(time_zone="Nowhere/Atlantis", utc_offset_hours=3)  # written by hand, not via the store
    assert table_zone(odd).utcoffset(T0) == timedelta(hours=3)
    assert table_zone(GameSettings()).utcoffset(T0) == timedelta(0)
    assert table_zone(GameSettings(time_zone="America/New_York")).utcoffset(T0) == timedelta(hours=-5)


async def test_game_remind_sets_a_time_zone_and_refuses_a_bad_one(tmp_path: Path) -> None:
    from cogs.table import TableCog, time_zone_autocomplete

    from .stubs import StubInteraction, open_referee

    store, client, referee = await open_referee(str(tmp_path / "tz.sqlite3"))
    cog = TableCog(referee)
    try:
        game = await store.create_game(77, 88, "highcard", {"rounds": 1}, 10)
        await store.set_thread(game.id, 500)
        await store.join(game.id, 10)

        async def remind(**options: Any) -> StubInteraction:
            asked = StubInteraction(client, 10, guild_id=77, channel_id=500)
            args = {
                "every_hours": None,
                "deadline_hours": None,
                "quiet_start": None,
                "quiet_end": None,
                "auto_default": None,
                "utc_offset": None,
                "game": None,
                "time_zone": None,
                **options,
            }
            remind: Any = cog.remind
            await remind.callback(cog, asked, **args)
            return asked

        ok = await remind(time_zone="europe/berlin", quiet_start=22, quiet_end=7)
        assert ok.text.startswith("✅") and "22:00–07:00 Europe/Berlin" in ok.text, ok.text
        settled = (await store.get_game(game.id)).settings
        assert settled.time_zone == "Europe/Berlin"
        posts = client.all_posts()

        for bad, words in (
            (
                {"time_zone": "Mars/Olympus_Mons", "quiet_start": 1},
                ("'Mars/Olympus_Mons' is not a time-zone name", "`time_zone`", "not changed"),
            ),
            ({"time_zone": "Europe/Berln"}, ("Did you mean Europe/Berlin?",)),
            (
                {"time_zone": "Asia/Tokyo", "utc_offset": 9},
                ("either as `time_zone`", "or as `utc_offset`", "nothing was changed"),
            ),
        ):
            refused = await remind(**bad)
            (reply,) = refused.replies
            assert reply.ephemeral and reply.content.startswith("⛔"), reply.content
            assert all(w in reply.content for w in words), reply.content
            assert (await store.get_game(game.id)).settings == settled  # nothing changed
            assert client.all_posts() == posts  # and nothing was announced

        offset = await remind(utc_offset=2)
        assert "22:00–07:00 UTC+2" in offset.text, offset.text  # a fixed offset replaces the named zone
        assert (await store.get_game(game.id)).settings.time_zone is None

        names = [c.value for c in await time_zone_autocomplete(StubInteraction(client, 10), "berl")]
        assert names == ["Europe/Berlin"]
        assert len(await time_zone_autocomplete(StubInteraction(client, 10), "")) == 25
    finally:
        await store.close()
