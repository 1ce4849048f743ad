"""Helpers for the end-to-end tests of the real bot process against the fake Discord.

The bot is started unmodified (``python -m bot``) with a temp database and the
test-only High Card ruleset loaded through ``BOT_EXTRA_RULESETS``. Secrets for the
leak check are computed independently of the bot: the test opens the same SQLite
file read-only and replays the log with the engine.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import engine
from cogs import ids
from cogs.layout import PAGE_SIZE
from engine.core import GM_SEAT
from store.replay import Step, replay
from tests.support.highcard import HIGHCARD

READY = r"ready as "
SECRET_CARD = re.compile(r"\b(?:ruby|jade|opal|onyx|amber|pearl)-\d\d\b")


def bot_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        "BOT_DATABASE": str(tmp_path / "referee.sqlite3"),
        "BOT_EXTRA_RULESETS": "tests.support.highcard:HIGHCARD",
        "BOT_LOG_LEVEL": "INFO",
        "BOT_REMINDER_TICK_SECONDS": "3600",
        # Pictures drawn in a thread: each bot start would otherwise spawn a picture process per core.
        # The processes are covered by tests/renderers/test_render_pool.py and the Cloudspire e2e game.
        "BOT_RENDER_WORKERS": "0",
    }
    env.update(extra)
    return env


async def start_referee(start_bot: Callable[..., Awaitable[Any]], tmp_path: Path, **extra: str) -> Any:
    return await start_bot("bot", bot_env(tmp_path, **extra), ready_pattern=READY, timeout=30)


def db_path(tmp_path: Path) -> Path:
    return tmp_path / "referee.sqlite3"


@contextmanager
def read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the bot's database, closed on leaving the ``with`` block.

    ``sqlite3.Connection``'s own context manager only ends the transaction; an unclosed
    connection per read cost a file handle and a ResourceWarning each time a test looked.
    """
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        conn.row_factory = sqlite3.Row
        yield conn
    finally:
        conn.close()


def game_row(path: Path, game_id: int) -> sqlite3.Row:
    with read_only(path) as conn:
        row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    assert row is not None, f"game {game_id} not in the database"
    return row


def log_rows(path: Path, game_id: int, after: int | None = None) -> list[sqlite3.Row]:
    """The game's log rows in seq order; with ``after``, only those whose seq is greater."""
    with read_only(path) as conn:
        if after is None:
            return conn.execute("SELECT * FROM log WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        return conn.execute("SELECT * FROM log WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after)).fetchall()


def secret_timeline(path: Path, game_id: int) -> tuple[set[str], list[str]]:
    """Every string that was a seat's secret at some moment (plus the seed), and every public event text.

    States are rebuilt by replaying each prefix of the log from the seed, so the check
    does not trust the bot's own bookkeeping.
    """
    game = game_row(path, game_id)
    rs: Ruleset[Any, Any] = engine.ruleset(game["ruleset"]) if game["ruleset"] != HIGHCARD.name else HIGHCARD
    options = json.loads(game["options"])
    seed = game["seed"]
    assert seed is not None, "the game has not started"
    rows = log_rows(path, game_id)
    steps = [Step(r["seq"], r["kind"], r["seat"], json.loads(r["action"])) for r in rows]
    secrets: set[str] = {seed}
    for i in range(len(steps) + 1):
        state = replay(rs, options, seed, steps[:i])
        for values in rs.secrets(state).values():
            secrets |= set(values)
    public_texts = [e["text"] for r in rows for e in json.loads(r["events"]) if e.get("audience") is None]
    return secrets, public_texts


def assert_no_secret_in_public(fake: Any, path: Path, game_id: int) -> int:
    """No public payload shows a secret before a public event revealed it; returns payloads checked."""
    secrets, public_texts = secret_timeline(path, game_id)
    return check_public_payloads(fake, secrets, public_texts)


def shown(message: Any) -> str:
    """What a reader sees of a message (or payload): its content, then its embeds' text.

    The running log of a season or turn (issue 12) is written in embeds, so a test looking
    for an event in the thread reads this rather than ``content`` alone.
    """
    parts = [message.content or ""]
    for embed in message.embeds or []:
        parts += [str(embed.get(key) or "") for key in ("title", "description")]
    return "\n".join(p for p in parts if p)


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif")


def shows(payload: Any, secret: str) -> bool:
    """Whether ``payload`` shows ``secret``: in its text, components, file names or a text file.

    A picture's bytes are compressed pixels: a four-byte secret such as ``"G6"`` turns up in
    them by chance (it did, in a Chinese board), while a secret drawn on a picture is pixels,
    not those bytes. So pictures are searched by name only; text attachments in full.
    """
    blob = json.dumps(
        {
            "content": payload.content,
            "embeds": payload.embeds,
            "components": payload.components,
            "files": payload.attachments,
            "raw": payload.raw,
        },
        ensure_ascii=False,
        default=str,
    )
    if secret in blob:
        return True
    pairs = zip(payload.attachments, payload.attachment_data, strict=False)
    return any(secret.encode() in data for name, data in pairs if not str(name).lower().endswith(IMAGE_SUFFIXES))


def check_public_payloads(fake: Any, secrets: set[str], public_texts: list[str]) -> int:
    """The leak check itself, for secrets gathered at every prefix of the log.

    A secret may appear publicly only once the game itself made it public (a reveal
    event), and the first public payload that shows it must be the one carrying that
    event. Content, embeds, components and attachment names and bytes are all checked.
    """
    public = [p for p in fake.payloads() if p.visibility == "public"]
    assert public, "no public payloads recorded"
    problems = []
    for secret in sorted(secrets):
        first = next((p for p in public if shows(p, secret)), None)
        if first is None:
            continue
        revealing = [t for t in public_texts if secret in t]
        if not revealing or not any(first.contains(t) for t in revealing):
            problems.append(f"{secret!r} first appeared publicly in {first.kind} {first.path}: {first.content!r}")
    assert not problems, "secrets leaked:\n" + "\n".join(problems)
    return len(public)


class LogFollower:
    """Follows a real game from its database: replays each new log row with the engine,
    collects every seat's secrets at every prefix (plus the seed) and the public and
    private event texts. Tests override ``on_step`` to track their own goals."""

    def __init__(self, rs: Any, path: Path, game_id: int) -> None:
        self.rs, self.path, self.game_id = rs, path, game_id
        row = game_row(path, game_id)
        self.seed = row["seed"]
        self.state: Any = rs.setup(json.loads(row["options"]), self.seed)
        self.applied = 0
        self.last_seq: int | None = None  # the seq of the last applied row: a refresh reads only newer ones
        self.secrets: set[str] = {self.seed}
        self.public_texts: list[str] = []
        self.private_texts: list[str] = []
        self._collect()

    def _collect(self) -> None:
        for values in self.rs.secrets(self.state).values():
            self.secrets |= set(values)

    def on_step(self, row: Any, action: dict[str, Any], events: list[Event]) -> None:
        """Called once per applied log row."""

    def refresh(self) -> None:
        for r in log_rows(self.path, self.game_id, after=self.last_seq):
            action = json.loads(r["action"])
            self.state, _ = self.rs.apply(self.state, r["seat"], action)
            events = [Event.model_validate(e) for e in json.loads(r["events"])]
            self.public_texts += [e.text for e in events if e.audience is None]
            self.private_texts += [e.text for e in events if e.audience is not None]
            self.on_step(r, action, events)
            self._collect()
            self.applied += 1
            self.last_seq = int(r["seq"])

    def prompts(self) -> list[Prompt]:
        return self.rs.prompts(self.state)


def seat_users(path: Path, game_id: int) -> dict[int, int]:
    """Seat number -> user id (0 for a vacant seat), read from the database."""
    with read_only(path) as conn:
        rows = conn.execute(
            "SELECT seat, user_id FROM seats WHERE game_id = ? AND seat IS NOT NULL", (game_id,)
        ).fetchall()
    return {int(r["seat"]): int(r["user_id"]) for r in rows}


def tie_seed(players: int = 2, **options: Any) -> tuple[str, list[str]]:
    """A seed under which every seat holds a card of one common value; returns it and each seat's card.

    Computed with the engine alone (the bot deals exactly as ``HIGHCARD.setup`` does),
    so a test can make every seat play that value and force a tie.
    """
    from tests.support.highcard import card_value

    for i in range(10_000):
        seed = f"tie-{i}"
        state = HIGHCARD.setup({"players": players, **options}, seed)
        common = set.intersection(*({card_value(c) for c in hand} for hand in state.hands))
        if common:
            value = max(common)
            return seed, [next(c for c in hand if card_value(c) == value) for hand in state.hands]
    raise AssertionError("no tie seed found")


def button_with_label(message: Any, label: str) -> str:
    return next(cid for cid in option_ids(message) if label_of(message, cid) == label)


def prompt_messages(fake: Any, user: Any) -> list[Any]:
    """The bot's DMs to ``user`` that still carry option buttons."""
    return [m for m in fake.dms(user) if any(cid.startswith("p:") for cid in m.custom_ids)]


def option_ids(message: Any) -> list[str]:
    return [cid for cid in message.custom_ids if cid.startswith("p:")]


def label_of(message: Any, custom_id: str) -> str:
    comp = message.find_component(custom_id)
    return str(comp.get("label")) if comp else ""


# ---- a tiny ruleset whose prompts take a structured answer (a modal) ----------------------

from typing import Literal  # noqa: E402

from pydantic import BaseModel, ConfigDict, TypeAdapter  # noqa: E402

from engine.core import Event, GameOptions, GameState, Prompt, Result, Ruleset, RuleViolation  # noqa: E402
from engine.core.rng import Rng  # noqa: E402


class Bid(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["bid"]
    amount: int
    note: str = ""


class BidState(GameState):
    bids: list[int | None]
    turn: int = 0


BID_SCHEMA = {
    "type": "object",
    "properties": {
        "type": {"const": "bid"},
        "amount": {"type": "integer", "title": "Amount (1-10)"},
        "note": {"type": "string", "title": "Note"},
    },
    "required": ["amount"],
}


class FormGame(Ruleset[BidState, GameOptions]):
    """Each seat in turn bids an amount typed into a form; the highest bid wins (FORM-1)."""

    name = "formgame"
    title = "Form Game (test)"
    min_players = 2
    max_players = 3
    state_model = BidState
    action_adapter = TypeAdapter(Bid)

    def _setup(self, options: GameOptions, rng: Rng) -> BidState:
        return BidState(ruleset=self.name, players=options.players, rng=rng, bids=[None] * options.players)

    def _prompts(self, state: BidState) -> list[Prompt]:
        return [
            Prompt(
                seat=state.turn,
                key=f"bid-{state.turn}",
                rule="FORM-1",
                question="How much do you bid?",
                answer_schema=BID_SCHEMA,
            )
        ]

    def _apply(self, state: BidState, seat: int, action: Bid) -> list[Event]:
        if not 1 <= action.amount <= 10:
            raise RuleViolation("FORM-1", "A bid is between 1 and 10.")
        state.bids[seat] = action.amount
        state.turn += 1
        return [Event.to_all("bid", f"Seat {seat + 1} bids {action.amount}.")]

    def view(self, state: BidState, seat: int | None) -> dict[str, Any]:
        return {"bids": list(state.bids), "turn": state.turn}

    def result(self, state: BidState) -> Result | None:
        if state.turn < state.players:
            return None
        best = max(b or 0 for b in state.bids)
        return Result(winners=[i for i, b in enumerate(state.bids) if b == best], reason="highest bid")


FORMGAME = FormGame()


async def open_game(
    fake: Any,
    world: Any,
    tmp_path: Path,
    ruleset: str,
    *,
    options: str | None = None,
    seed: str | None = None,
    timeout: float = 20,
    language: str | None = None,
) -> tuple[int, Any, dict[int, Any]]:
    """Create, join (alice, bob, carol) and start a game; returns its id, thread and seat -> user.

    With ``seed`` the admin (a game master) starts it with that fixed seed, so a test whose
    goals depend on the deal plays the same game on every run. With ``language`` (``zh_Hans``
    …) the game is created in that language; the replies are then checked for success only
    by the absence of a refusal, since their words are not English.
    """
    channel = world.channel
    opts: dict[str, Any] = {"ruleset": ruleset, "players": 3}
    if options:
        opts["options"] = options
    if language:
        opts["language"] = language

    def ok(text: str, english: str) -> bool:
        return english in text if language is None else "⛔" not in text

    result = await (await fake.slash(world.alice, "game new", channel=channel, options=opts)).response(timeout=10)
    assert ok(result.text, "Created"), result.text
    match = re.search(r"(?<!<)#(\d+)", result.text)
    assert match is not None, result.text
    game_id = int(match.group(1))
    thread = await fake.wait_for_thread(parent=channel)
    for user in (world.alice, world.bob, world.carol):
        r = await (await fake.slash(user, "game join", channel=thread)).response(timeout=10)
        assert ok(r.text, "joined"), r.text
    if seed is None:
        r = await (await fake.slash(world.alice, "game start", channel=thread)).response(timeout=timeout)
    else:
        start = await fake.slash(world.admin, "game start", channel=thread, options={"seed": seed})
        r = await start.response(timeout=timeout)
    assert ok(r.text, "started"), r.text
    by_id = {u.id: u for u in (world.alice, world.bob, world.carol)}
    return game_id, thread, {seat: by_id[user_id] for seat, user_id in seat_users(db_path(tmp_path), game_id).items()}


async def open_duel(
    fake: Any, world: Any, tmp_path: Path, ruleset: str, *, seed: str, options: str | None = None
) -> tuple[int, Any, dict[int, Any]]:
    """Create, join (alice, bob) and start a two-player game with a fixed ``seed``; returns its id,
    thread and seat -> user.

    Unlike ``open_game`` the replies are checked only for the absence of a refusal, so bob's
    Chinese client (several tests set it before the game opens) does not matter here.
    """
    opts: dict[str, Any] = {"ruleset": ruleset, "players": 2}
    if options is not None:
        opts["options"] = options
    result = await (await fake.slash(world.alice, "game new", channel=world.channel, options=opts)).response(timeout=10)
    match = re.search(r"(?<!<)#(\d+)", result.text)
    assert match is not None, result.text
    game_id = int(match.group(1))
    thread = await fake.wait_for_thread(parent=world.channel)
    for user in (world.alice, world.bob):
        r = await (await fake.slash(user, "game join", channel=thread)).response(timeout=10)
        assert "⛔" not in r.text, r.text
    r = await (await fake.slash(world.admin, "game start", channel=thread, options={"seed": seed})).response(timeout=30)
    assert "⛔" not in r.text, r.text
    by_id = {u.id: u for u in (world.alice, world.bob)}
    return game_id, thread, {seat: by_id[uid] for seat, uid in seat_users(db_path(tmp_path), game_id).items()}


def find_prompt_message(messages: list[Any], game_id: int, prompt: Prompt) -> Any | None:
    """The newest of ``messages`` carrying this prompt's components.

    A decision that keeps its key and its options is not sent again: its message keeps
    working, as it does for a player.
    """
    marker = f":{game_id}:{prompt.seat}:{ids.key_hash(prompt.key)}:"
    for message in reversed(messages):
        if any(marker in cid for cid in message.custom_ids):
            return message
    return None


async def choose_option(fake: Any, user: Any, message: Any, game_id: int, prompt: Prompt, index: int) -> str:
    """Press the option's button, or pick it in its select menu (turning to its page first), as a
    player would; returns the bot's reply, which must not be a refusal or an error."""
    kh = ids.key_hash(prompt.key)
    button = ids.encode_prompt(ids.OPTION, game_id, prompt.seat, kh, index)
    if button in message.custom_ids:
        handle = await fake.press(user, message, button)
    else:
        page = index // PAGE_SIZE
        if page:
            turn = ids.encode_prompt(ids.PAGE, game_id, prompt.seat, kh, page)
            if turn not in message.custom_ids:  # the Next button names the page after the one shown
                turn = ids.encode_prompt(ids.PAGE, game_id, prompt.seat, kh, 1)
            await (await fake.press(user, message, turn)).response(timeout=20)
            message = fake.get_message(message.id)

        def menu() -> Any:
            msg = fake.get_message(message.id)
            return next((s for s in msg.selects if any(o["value"] == str(index) for o in s.get("options", []))), None)

        select = await fake.wait_for(menu, timeout=20, what=f"the menu with option {index}")
        handle = await fake.select(user, fake.get_message(message.id), select["custom_id"], [str(index)])
    reply: str = (await handle.response(timeout=20)).text
    assert "⛔" not in reply and "Something went wrong" not in reply, (prompt.rule, index, reply)
    return reply


def visible_labels(message: Any) -> dict[int, str]:
    """Option index -> the label its button or menu entry shows in ``message``."""
    out: dict[int, str] = {}
    for button in message.buttons:
        ref = ids.decode_prompt(button.get("custom_id") or "")
        if ref is not None and ref.kind == ids.OPTION:
            out[ref.arg] = button.get("label") or ""
    for select in message.selects:
        if ids.decode_prompt(select.get("custom_id") or "") is not None:
            for entry in select.get("options") or []:
                if str(entry.get("value", "")).isdigit():
                    out[int(entry["value"])] = entry.get("label") or ""
    return out


def board_posts(messages: list[Any]) -> list[Any]:
    """Messages that carry a board picture (not a decision's: those carry components)."""
    return [m for m in messages if not m.custom_ids and any(a.filename.endswith(".png") for a in m.attachments)]


def expected_labels(fake: Any, game_id: int, prompt: Prompt, path: Path) -> list[dict[int, str]]:
    """Option index -> label, as the bot labels ``prompt``'s components in each language it may write
    them in (the reader's), with the game's names (its seats from the database, its content's)."""
    from cogs.decision_pictures import option_labels
    from cogs.lang import names_for

    game = game_row(path, game_id)
    with read_only(path) as conn:
        rows = conn.execute(
            "SELECT seat, user_id, faction FROM seats WHERE game_id = ? AND seat IS NOT NULL", (game_id,)
        ).fetchall()
    seats = {int(r["seat"]): SimpleNamespace(user_id=int(r["user_id"]), faction=r["faction"]) for r in rows}
    names = names_for(game["ruleset"], seats, json.loads(game["options"]))
    return [option_labels(prompt, loc, names, game_id) for loc in ("en", "zh_Hans", "zh_Hant")]


@dataclass
class PromptTable:
    """A seeded game as its players meet it on the fake Discord: each open prompt is answered on the
    message the bot sent for it, by the seat's user. Tests subclass it to count what they check on
    the way (pictures, labels, channels)."""

    fake: Any
    world: Any
    thread: Any
    game_id: int
    users: dict[int, Any]  # seat -> fake user
    follower: Any  # the test's LogFollower
    dm_prompts: set[str] = field(default_factory=set)  # rules of prompts answered in DMs
    thread_prompts: set[str] = field(default_factory=set)

    def where(self, prompt: Prompt) -> list[Any]:
        """The messages a prompt's message is among: the seat's DMs when it is secret, else the thread."""
        if prompt.seat == GM_SEAT or not prompt.secret:
            return self.fake.messages(self.thread)
        return self.fake.dms(self.users[prompt.seat])

    def prompt_message(self, prompt: Prompt) -> Any | None:
        return find_prompt_message(self.where(prompt), self.game_id, prompt)

    def user_of(self, prompt: Prompt) -> Any:
        return self.world.admin if prompt.seat == GM_SEAT else self.users[prompt.seat]

    async def arrived(self, prompt: Prompt) -> Any:
        """The prompt's message, once the bot has sent it showing the prompt's options as they are now; a
        secret prompt must come by DM (H-1).

        A prompt may keep its key while its options change (``cogs.routing.new_prompts`` sends it
        again): until the bot has, the newest message of that key shows the old options, and the bot
        refuses a press there whose label is not the option's now, as a player would be refused."""
        what = f"the message of prompt {prompt.key} ({prompt.rule}) for seat {prompt.seat + 1} with its options"
        expected = expected_labels(self.fake, self.game_id, prompt, self.follower.path)

        def current() -> Any:
            message = self.prompt_message(prompt)
            if message is None:
                return None
            shown = visible_labels(message)
            return message if any(all(e.get(i) == t for i, t in shown.items()) for e in expected) else None

        message = await self.fake.wait_for(current, timeout=20, what=what)
        if prompt.secret:
            assert message.channel_id == self.fake.dm_channel(self.user_of(prompt)).id, (
                "a secret prompt outside the DMs"
            )
            self.dm_prompts.add(prompt.rule)
        else:
            self.thread_prompts.add(prompt.rule)
        return message

    async def choose(self, prompt: Prompt, message: Any, index: int) -> str:
        """Take option ``index`` on ``message`` as the seat's user; returns the bot's reply."""
        reply = await choose_option(self.fake, self.user_of(prompt), message, self.game_id, prompt, index)
        self.follower.refresh()
        return reply
