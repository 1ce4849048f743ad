"""The end-of-game picture (issue 12): each player's course as charts, the final standings, the tie-breaks.

Built only from **public** views: ``course_from_log`` replays the game's log from its seed
and reads the public view (``ruleset.view(state, None)``) after every action, keeping the
last one of each season (Runewars) or round (Age of Heroes). So a chart shows only what the
table could see as the game went: Runewars runes stay face down until the end (RW-27.6),
so its first chart counts the rune tokens in each player's areas, and the dragon runes
appear in the standings, where the end of the game has turned them face up (RW-28.2).

``render_summary(course, standings, locale=, names=)`` draws the picture;
``renderers.render_summary_png`` runs it off the event loop like every other picture.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.text import Message, message
from i18n.names import Names
from renderers import fonts
from renderers.canvas import new_figure, to_rgba
from renderers.hexmap import png_quantized
from renderers.palette import seat_style
from renderers.words import Words, game_names

INK = "#1e1e1e"
BACKGROUND = "#f7f3ea"
BANNER = "#2d2a26"
PT = 0.72  # points per pixel at 100 dpi

TITLE = message("render.summary.title", "{game}: how the game went")
STANDINGS = message("render.summary.standings", "Final standings")
PLACE = message("render.summary.place", "{place}. {name}")
WINNER = message("render.summary.winner", "winner")
REASON = message("render.summary.reason", "Result: {reason}")
NO_TIE = message("render.summary.no_tie", "Tie-breaks: none were needed.")
RW_TIE_INFLUENCE = message(
    "render.summary.rw.tie_influence",
    "Tie-break: {names} had {runes} dragon runes each; the most influence wins (RW-28.3).",
)
RW_TIE_START = message(
    "render.summary.rw.tie_start",
    "Tie-break: still tied on {influence} influence; the highest starting influence wins (RW-28.3).",
)
RW_ROW = message(
    "render.summary.rw.row", "{runes} dragon runes · {areas} areas · {influence} influence (start {start})"
)
RW_GAME = message("render.summary.rw.game", "Runewars")
RW_RUNES = message("render.summary.rw.runes", "Rune tokens in their areas (face down until the end)")
RW_AREAS = message("render.summary.rw.areas", "Areas controlled")
RW_INFLUENCE = message("render.summary.rw.influence", "Influence")
RW_PERIOD = message("render.summary.rw.period", "Y{year} {season}")
RW_SEASONS = {
    "spring": message("render.summary.rw.spring", "Sp"),
    "summer": message("render.summary.rw.summer", "Su"),
    "autumn": message("render.summary.rw.autumn", "Au"),
    "winter": message("render.summary.rw.winter", "Wi"),
}
AH_GAME = message("render.summary.ah.game", "Age of Heroes")
AH_CITIES = message("render.summary.ah.cities", "Cities")
AH_ARMIES = message("render.summary.ah.armies", "Armies")
AH_MONUMENT = message("render.summary.ah.monument", "Monument cards")
AH_PERIOD = message("render.summary.ah.period", "R{round}")
AH_ROW = message("render.summary.ah.row", "{cities} cities · {armies} armies · {monument} monument cards")


@dataclass
class Course:
    """Each player's figures over the game: ``values[metric][seat]`` has one number per period."""

    periods: list[dict[str, Any]] = field(default_factory=list)  # what names each period (year/season, round)
    values: dict[str, dict[int, list[float]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    seat: int
    place: int
    winner: bool
    figures: dict[str, int]  # the row's numbers (dragon runes, influence … or cities, armies …)


TieBreak = tuple[Message, dict[str, Any], list[int]]


@dataclass(frozen=True)
class Standings:
    rows: list[Standing]
    reason: str  # the result's reason, already in the reader's language
    # Which tie-breaks decided: (message, its parameters, the seats it names); none: "none were needed".
    tie_breaks: list[TieBreak]


@dataclass(frozen=True)
class GameCharts:
    """What one game charts: its metrics, how a public view reads them, how a period is named."""

    game: Message
    metrics: tuple[tuple[str, Message], ...]
    period: Callable[[Mapping[str, Any]], tuple[Any, ...] | None]
    figures: Callable[[Mapping[str, Any]], dict[str, dict[int, float]]]
    period_label: Callable[[dict[str, Any], Words], str]
    row: Message


# --------------------------------------------------------------------------- Runewars


def _rw_period(view: Mapping[str, Any]) -> tuple[Any, ...] | None:
    if view.get("phase") in (None, "setup") or not view.get("year"):
        return None
    return (int(view["year"]), str(view.get("season") or ""))


def _rw_figures(view: Mapping[str, Any]) -> dict[str, dict[int, float]]:
    seats = [int(s.get("seat", i)) for i, s in enumerate(view.get("seats") or [])]
    out: dict[str, dict[int, float]] = {m: dict.fromkeys(seats, 0.0) for m in ("runes", "areas", "influence")}
    for area in view.get("areas") or []:
        owner = area.get("controller")
        if owner in out["areas"]:
            out["areas"][owner] += 1
            if area.get("rune"):
                out["runes"][owner] += 1
    for i, s in enumerate(view.get("seats") or []):
        out["influence"][int(s.get("seat", i))] = float(s.get("influence") or 0)
    return out


def _rw_period_label(period: dict[str, Any], words: Words) -> str:
    season = RW_SEASONS.get(str(period.get("season")))
    return words(RW_PERIOD(year=period.get("year", "?"), season=words(season()) if season else ""))


RUNEWARS = GameCharts(
    RW_GAME,
    (("runes", RW_RUNES), ("areas", RW_AREAS), ("influence", RW_INFLUENCE)),
    _rw_period,
    _rw_figures,
    _rw_period_label,
    RW_ROW,
)


# --------------------------------------------------------------------------- Age of Heroes


def _ah_period(view: Mapping[str, Any]) -> tuple[Any, ...] | None:
    rnd = view.get("round")
    return (int(rnd),) if isinstance(rnd, int) and rnd > 0 else None


def _ah_figures(view: Mapping[str, Any]) -> dict[str, dict[int, float]]:
    out: dict[str, dict[int, float]] = {"cities": {}, "armies": {}, "monument": {}}
    for i, p in enumerate(view.get("players") or []):
        seat = int(p.get("seat", i))
        out["cities"][seat] = float(p.get("cities") or 0)
        out["armies"][seat] = float(len(p.get("armies") or []))
        out["monument"][seat] = float(p.get("monument") or 0)
    return out


def _ah_period_label(period: dict[str, Any], words: Words) -> str:
    return words(AH_PERIOD(round=period.get("round", "?")))


AGE_OF_HEROES = GameCharts(
    AH_GAME,
    (("cities", AH_CITIES), ("armies", AH_ARMIES), ("monument", AH_MONUMENT)),
    _ah_period,
    _ah_figures,
    _ah_period_label,
    AH_ROW,
)

CHARTS: dict[str, GameCharts] = {"runewars": RUNEWARS, "ageofheroes": AGE_OF_HEROES}


# --------------------------------------------------------------------------- the series, from the log


def course_from_views(ruleset_name: str, views: Iterable[Mapping[str, Any]]) -> Course:
    """The course of a game from its public views in order: the last view of each period counts."""
    charts = CHARTS[ruleset_name]
    course = Course()
    last: tuple[Any, ...] | None = None
    pending: Mapping[str, Any] | None = None
    for view in views:
        period = charts.period(view)
        if period is None:
            continue
        if last is not None and period != last and pending is not None:
            _add(course, charts, last, pending)
        last, pending = period, view
    if last is not None and pending is not None:
        _add(course, charts, last, pending)
    return course


def _add(course: Course, charts: GameCharts, period: tuple[Any, ...], view: Mapping[str, Any]) -> None:
    keys = ("year", "season") if charts is RUNEWARS else ("round",)
    course.periods.append(dict(zip(keys, period, strict=False)))
    for metric, by_seat in charts.figures(view).items():
        series = course.values.setdefault(metric, {})
        for seat, value in by_seat.items():
            series.setdefault(seat, [float("nan")] * (len(course.periods) - 1)).append(value)
        for values in series.values():  # a seat the view no longer lists keeps its place
            if len(values) < len(course.periods):
                values.append(float("nan"))


def course_from_log(
    ruleset_name: str, options: dict[str, Any], seed: str, steps: Iterable[tuple[int, str, int, dict[str, Any]]]
) -> Course:
    """Replay a finished game from its seed and log ((seq, kind, seat, action) entries, undone ones
    dropped as the store does) and chart its public views. Runs for seconds on a long game: call it
    off the event loop."""
    import engine
    from engine.replay import Step, effective_steps

    rs = engine.ruleset(ruleset_name)
    state = rs.setup(options, seed)

    def views() -> Iterable[Mapping[str, Any]]:
        nonlocal state
        yield rs.view(state, None)
        for step in effective_steps(Step(seq, kind, seat, action) for seq, kind, seat, action in steps):
            state, _ = rs.apply(state, step.seat, step.action)
            yield rs.view(state, None)

    return course_from_views(ruleset_name, views())


# --------------------------------------------------------------------------- the standings


def standings(ruleset_name: str, view: Mapping[str, Any], winners: Iterable[int], reason: str) -> Standings:
    """Places from the final public view, winners first, and the tie-breaks that decided (RW-28.3)."""
    won = set(winners)
    ties: list[TieBreak] = []
    if ruleset_name == "runewars":
        rows = []
        areas = _rw_figures(view)["areas"]
        for i, s in enumerate(view.get("seats") or []):
            seat = int(s.get("seat", i))
            figures = {
                "runes": int(s.get("dragon_runes") or 0),
                "areas": int(areas.get(seat, 0)),
                "influence": int(s.get("influence") or 0),
                "start": int(s.get("starting_influence") or 0),
            }
            rows.append((seat, figures))
        rows.sort(key=lambda r: (r[0] not in won, -r[1]["runes"], -r[1]["influence"], -r[1]["start"], r[0]))
        ties = _rw_tie_breaks(rows, won)
    else:
        rows = []
        for i, p in enumerate(view.get("players") or []):
            seat = int(p.get("seat", i))
            figures = {
                "cities": int(p.get("cities") or 0),
                "armies": len(p.get("armies") or []),
                "monument": int(p.get("monument") or 0),
            }
            rows.append((seat, figures))
        rows.sort(key=lambda r: (r[0] not in won, -r[1]["cities"], -r[1]["monument"], -r[1]["armies"], r[0]))
    placed = [Standing(seat, n + 1, seat in won, figures) for n, (seat, figures) in enumerate(rows)]
    return Standings(placed, reason, ties)


def _rw_tie_breaks(rows: list[tuple[int, dict[str, int]]], won: set[int]) -> list[TieBreak]:
    """The RW-28.3 steps that decided the winner: influence among those tied on runes, then starting influence."""
    if not rows or rows[0][0] not in won:
        return []
    best = rows[0][1]
    tied = [r for r in rows if r[1]["runes"] == best["runes"]]
    if len(tied) < 2:
        return []
    out: list[TieBreak] = [(RW_TIE_INFLUENCE, {"runes": best["runes"]}, [r[0] for r in tied])]
    if sum(1 for r in tied if r[1]["influence"] == best["influence"]) > 1:
        out.append((RW_TIE_START, {"influence": best["influence"]}, []))
    return out


# --------------------------------------------------------------------------- drawing


def _seat_names(ruleset_name: str, view: Mapping[str, Any], words: Words) -> dict[int, tuple[str, str, str]]:
    """seat -> (name, colour, marker), as the game's board picture names and colours them."""
    out: dict[int, tuple[str, str, str]] = {}
    if ruleset_name == "runewars":
        from renderers.runewars_scene import build_scene

        for p in build_scene(dict(view), words).panels:
            out[p.seat] = (p.name, p.colour, seat_style(p.seat).marker)
    else:
        from renderers.ageofheroes import tribe_label

        for i, p in enumerate(view.get("players") or []):
            seat = int(p.get("seat", i))
            style = seat_style(seat)
            out[seat] = (tribe_label(dict(p), words), style.colour, style.marker)
    return out


def render_summary(
    ruleset_name: str,
    course: Course,
    final: Standings,
    view: Mapping[str, Any],
    *,
    title: str = "",
    width: int = 1200,
    locale: Any = "en",
    names: Names | None = None,
) -> bytes:
    """The end-of-game picture as PNG bytes: a banner, one chart per metric stacked (they read on a
    phone one under the other), then the standings and the tie-breaks. ``view`` is the final public view."""
    charts = CHARTS[ruleset_name]
    words = Words(locale, names if names is not None else game_names(f"engine.{ruleset_name}"))
    k = width / 1200
    seats = _seat_names(ruleset_name, view, words)
    chart_h, banner_h, row_h, key_h = 300 * k, 90 * k, 44 * k, 56 * k
    table_h = 70 * k + row_h * (len(final.rows) + 1 + max(1, len(final.tie_breaks)))
    height = round(banner_h + key_h + chart_h * len(charts.metrics) + table_h + 20 * k)
    with fonts.for_locale(words.locale):
        fig = new_figure(width, height, facecolor=BACKGROUND)
        fig.patches.append(_banner_patch(fig, banner_h / height))
        heading = words(TITLE(game=title or words(charts.game())))
        fig.text(
            24 * k / width,
            1 - banner_h / 2 / height,
            heading,
            fontsize=34 * k * PT,
            color="#ffffff",
            fontweight="bold",
            va="center",
        )
        labels = [charts.period_label(p, words) for p in course.periods]
        for n, (metric, caption) in enumerate(charts.metrics):
            top = banner_h + key_h + n * chart_h
            ax = fig.add_axes(
                (
                    95 * k / width,
                    1 - (top + chart_h - 48 * k) / height,
                    (width - 125 * k) / width,
                    (chart_h - 100 * k) / height,
                )
            )
            _chart(ax, course.values.get(metric, {}), labels, seats, words(caption()), k)
        _key(fig, seats, banner_h + key_h / 2, width, height, k)
        _table(fig, charts, final, seats, banner_h + key_h + chart_h * len(charts.metrics), width, height, k, words)
        return png_quantized(to_rgba(fig))


def _banner_patch(fig: Any, frac: float) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle((0, 1 - frac), 1, frac, transform=fig.transFigure, facecolor=BANNER, edgecolor="none", zorder=0)


def _chart(
    ax: Any,
    values: Mapping[int, list[float]],
    labels: list[str],
    seats: Mapping[int, tuple[str, str, str]],
    caption: str,
    k: float,
) -> None:
    ax.set_facecolor("#fffdf7")
    ax.set_title(caption, loc="left", fontsize=24 * k * PT, fontweight="bold", color=INK, pad=8 * k)
    xs = list(range(len(labels)))
    ordered = sorted(values.items())
    for i, (seat, series) in enumerate(ordered):
        _, colour, marker = seats.get(seat, (f"#{seat + 1}", seat_style(seat).colour, seat_style(seat).marker))
        # Equal counts would hide one line under another: each player's line sits a hair apart.
        nudge = (i - (len(ordered) - 1) / 2) * 0.05
        ax.plot(
            xs, [v + nudge for v in series], color=colour, marker=marker, markersize=9 * k * PT * 1.4, linewidth=3 * k
        )
    peak = max((v for series in values.values() for v in series if v == v), default=1.0)
    ax.set_ylim(-0.3, peak + max(0.6, peak * 0.08))
    step = max(1, round(len(labels) / 8))  # at most about eight period names under a chart
    ax.set_xticks(xs[::step], labels[::step], fontsize=17 * k * PT)
    ax.tick_params(axis="y", labelsize=17 * k * PT)
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.grid(True, color="#d9d2c3", linewidth=0.8)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


def _key(fig: Any, seats: Mapping[int, tuple[str, str, str]], y: float, width: int, height: int, k: float) -> None:
    """One key for every chart, under the banner: each player's marker, colour and name."""
    from matplotlib.lines import Line2D

    handles = [
        Line2D([], [], color=colour, marker=marker, markersize=9 * k * PT * 1.4, linewidth=3 * k, label=name)
        for _, (name, colour, marker) in sorted(seats.items())
    ]
    fig.legend(
        handles=handles,
        loc="center left",
        bbox_to_anchor=(20 * k / width, 1 - y / height),
        ncols=min(4, max(1, len(handles))),
        fontsize=20 * k * PT,
        frameon=False,
        handlelength=2.4,
    )


def _table(
    fig: Any,
    charts: GameCharts,
    final: Standings,
    seats: Mapping[int, tuple[str, str, str]],
    top: float,
    width: int,
    height: int,
    k: float,
    words: Words,
) -> None:
    def at(x: float, y: float, text: str, size: float, colour: str = INK, bold: bool = False) -> None:
        fig.text(
            x / width,
            1 - y / height,
            text,
            fontsize=size * PT,
            color=colour,
            va="center",
            fontweight="bold" if bold else "normal",
        )

    y = top + 40 * k
    at(24 * k, y, words(STANDINGS()), 28 * k, bold=True)
    for row in final.rows:
        y += 44 * k
        name, colour, _ = seats.get(row.seat, (f"#{row.seat + 1}", "#555555", "o"))
        head = words(PLACE(place=row.place, name=name)) + (f"  ★ {words(WINNER())}" if row.winner else "")
        at(24 * k, y, head, 24 * k, colour, bold=True)
        at(560 * k, y, words(charts.row(**row.figures)), 21 * k)
    y += 46 * k
    at(24 * k, y, words(REASON(reason=final.reason)), 19 * k, "#444444")
    for const, params, named in final.tie_breaks or [(NO_TIE, {}, [])]:
        y += 34 * k
        who = words.join([seats.get(s, (f"#{s + 1}", "", ""))[0] for s in named])
        at(24 * k, y, words(const(**params, **({"names": who} if named else {}))), 19 * k, "#444444")
