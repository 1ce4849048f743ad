"""Prompt -> component layout, as plain data.

Kept free of discord.py objects so the mapping (buttons or selects, how options are
split across menus and pages, every label inside Discord's limits) can be unit
tested and reused by per-game cogs. ``cogs.prompts`` turns a layout into a View.

Rules of thumb: a handful of short options become buttons (one press, no menu);
an option with a description always goes in a select menu (only menus show descriptions);
more options, or long labels, become select menus of 25; past what one message can
hold (4 menus, the fifth row kept for navigation) the prompt is paged with
◀ / ▶ buttons that edit the message in place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Prompt
from engine.core.text import MESSAGES, Msg, message
from i18n import EN, render

from . import ids
from .text import MAX_LABEL, MAX_OPTION, truncate

CHOOSE_RANGE = message("bot.layout.choose_range", "Choose ({first}–{last} of {n})")
PREVIOUS = message("bot.layout.previous", "◀ Previous")
NEXT = message("bot.layout.next", "Next ▶ ({page}/{pages})")
ANSWER = message("bot.layout.answer", "Answer…")
ANSWER_JSON = message("bot.layout.answer_json", "Answer (JSON)")
JSON_OBJECT = message("bot.layout.json_object", "JSON object")
REQUIRED = message("bot.form.required", "{field} is required.")
NOT_VALID = message("bot.form.not_valid", "{field}: {value} is not a valid {kind}.")
MUST_BE_OBJECT = message("bot.form.must_be_object", "The answer must be a JSON object.")

MAX_BUTTONS = 20  # four rows of five; the fifth row holds the form / navigation buttons
BUTTON_LABEL_SOFT = 40  # longer labels read better in a select menu
SELECT_SIZE = 25
SELECTS_PER_PAGE = 4
PAGE_SIZE = SELECT_SIZE * SELECTS_PER_PAGE


@dataclass(frozen=True)
class ButtonSpec:
    custom_id: str
    label: str
    style: str = "secondary"  # "primary" | "secondary" | "success" | "danger"
    disabled: bool = False


@dataclass(frozen=True)
class SelectOptionSpec:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[SelectOptionSpec, ...]


Component = ButtonSpec | SelectSpec


@dataclass
class Layout:
    """The components of one message: up to five rows."""

    rows: list[list[Component]] = field(default_factory=list)
    page: int = 0
    pages: int = 1

    def components(self) -> list[Component]:
        return [c for row in self.rows for c in row]


def uses_buttons(prompt: Prompt) -> bool:
    """Buttons for a few short options; a select menu when any option has a description to show."""
    n = len(prompt.options)
    return (
        0 < n <= MAX_BUTTONS
        and all(len(o.label) <= BUTTON_LABEL_SOFT for o in prompt.options)
        and not any(o.description for o in prompt.options)
    )


def page_count(prompt: Prompt) -> int:
    if not prompt.options or uses_buttons(prompt):
        return 1
    return (len(prompt.options) + PAGE_SIZE - 1) // PAGE_SIZE


def layout_prompt(game_id: int, prompt: Prompt, page: int = 0, locale: str = EN) -> Layout:
    """The components for ``prompt`` (``page`` is clamped into range).

    Labels are the prompt's own (``lang.localize_prompt`` gives a copy in the reader's
    language); the bot's words (Previous, Next, Choose …) are rendered in ``locale``.
    """
    kh = ids.key_hash(prompt.key)
    seat = prompt.seat
    rows: list[list[Component]] = []
    pages = page_count(prompt)
    page = max(0, min(page, pages - 1))
    if uses_buttons(prompt):
        buttons = [
            ButtonSpec(
                custom_id=ids.encode_prompt(ids.OPTION, game_id, seat, kh, i),
                label=truncate(option.label, MAX_LABEL),
                style="primary",
            )
            for i, option in enumerate(prompt.options)
        ]
        rows = [list(buttons[i : i + 5]) for i in range(0, len(buttons), 5)]
    elif prompt.options:
        start = page * PAGE_SIZE
        chunk = list(enumerate(prompt.options))[start : start + PAGE_SIZE]
        for part in range(0, len(chunk), SELECT_SIZE):
            group = chunk[part : part + SELECT_SIZE]
            first, last = group[0][0] + 1, group[-1][0] + 1
            rows.append(
                [
                    SelectSpec(
                        custom_id=ids.encode_prompt(
                            ids.SELECT, game_id, seat, kh, page * SELECTS_PER_PAGE + part // SELECT_SIZE
                        ),
                        placeholder=truncate(
                            render(CHOOSE_RANGE(first=first, last=last, n=len(prompt.options)), locale), 150
                        ),
                        options=tuple(
                            SelectOptionSpec(
                                label=truncate(option.label, MAX_OPTION),
                                value=str(index),
                                description=truncate(option.description, MAX_OPTION) if option.description else None,
                            )
                            for index, option in group
                        ),
                    )
                ]
            )
    extra: list[Component] = []
    if pages > 1:
        extra.append(
            ButtonSpec(
                ids.encode_prompt(ids.PAGE, game_id, seat, kh, max(page - 1, 0)),
                render(PREVIOUS(), locale),
                disabled=page == 0,
            )
        )
        extra.append(
            ButtonSpec(
                ids.encode_prompt(ids.PAGE, game_id, seat, kh, min(page + 1, pages - 1)),
                render(NEXT(page=page + 1, pages=pages), locale),
                disabled=page >= pages - 1,
            )
        )
    if prompt.answer_schema:
        # A game may name the form button in its schema ("x-form-label"), e.g. "Make an offer…",
        # and give its message id ("x-form-label-msg") so each reader gets it in their language.
        label_id = prompt.answer_schema.get("x-form-label-msg")
        english = prompt.answer_schema.get("x-form-label")
        if isinstance(label_id, str) and label_id in MESSAGES:  # declared by the game: it has an English
            shown = render(Msg(id=label_id), locale)
        else:
            shown = str(english or render(ANSWER(), locale))
        label = truncate(shown, MAX_LABEL)
        extra.append(ButtonSpec(ids.encode_prompt(ids.FORM, game_id, seat, kh, 0), label, style="success"))
    if extra:
        rows.append(extra)
    return Layout(rows=rows, page=page, pages=pages)


def option_index_from_values(values: list[str], count: int) -> int | None:
    """The option a select submitted, or None when the value is not an index of the prompt."""
    if len(values) != 1 or not values[0].isdigit():
        return None
    index = int(values[0])
    return index if 0 <= index < count else None


def find_prompt(prompts: list[Prompt], seat: int, keyhash: str) -> Prompt | None:
    """The still-open prompt a component refers to; None means it was resolved or replaced."""
    for prompt in prompts:
        if prompt.seat == seat and ids.key_hash(prompt.key) == keyhash:
            return prompt
    return None


# ---- structured answers (modals) ------------------------------------------------

MAX_FORM_FIELDS = 5


@dataclass(frozen=True)
class FieldSpec:
    """One text input of a prompt's modal. ``name`` is "" for a single whole-JSON answer."""

    name: str
    label: str
    kind: str  # "string" | "integer" | "number" | "boolean" | "json"
    required: bool
    placeholder: str | None = None


@dataclass(frozen=True)
class Form:
    fixed: dict[str, object]
    fields: tuple[FieldSpec, ...]


_SIMPLE = {"string": "string", "integer": "integer", "number": "number", "boolean": "boolean"}


def form_for(schema: dict, locale: str = EN) -> Form:
    """Modal fields for a JSON schema: one input per property when it fits, else one JSON box.

    Properties with a ``const`` (typically the action ``type``) are filled in for the
    player, so they never have to type an id the bot already knows.
    """
    props = schema.get("properties") if schema.get("type", "object") == "object" else None
    if isinstance(props, dict):
        fixed = {name: p["const"] for name, p in props.items() if isinstance(p, dict) and "const" in p}
        free = [(name, p) for name, p in props.items() if name not in fixed and isinstance(p, dict)]
        if len(free) <= MAX_FORM_FIELDS:
            required = set(schema.get("required", []))
            fields = []
            for name, p in free:
                kind = _SIMPLE.get(str(p.get("type")), "json")
                label = truncate(str(p.get("title") or name), 45)
                hint = p.get("description") or ("JSON" if kind == "json" else None)
                fields.append(
                    FieldSpec(name, label, kind, name in required, truncate(str(hint), 100) if hint else None)
                )
            return Form(fixed, tuple(fields))
        return Form(fixed, (_json_field(locale),))
    return Form({}, (_json_field(locale),))


def _json_field(locale: str) -> FieldSpec:
    return FieldSpec("", render(ANSWER_JSON(), locale), "json", True, render(JSON_OBJECT(), locale))


def parse_form(form: Form, values: dict[str, str], locale: str = EN) -> dict:
    """Turn submitted text inputs into an action dict; ValueError (in ``locale``) names the bad field."""
    import json

    out: dict = dict(form.fixed)
    for spec in form.fields:
        raw = (values.get(spec.name or "answer") or "").strip()
        if not raw:
            if spec.required:
                raise ValueError(render(REQUIRED(field=spec.label), locale))
            continue
        try:
            if spec.kind == "integer":
                value: object = int(raw)
            elif spec.kind == "number":
                value = float(raw)
            elif spec.kind == "boolean":
                if raw.lower() not in {"yes", "no", "true", "false", "1", "0", "y", "n"}:
                    raise ValueError
                value = raw.lower() in {"yes", "true", "1", "y"}
            elif spec.kind == "json":
                value = json.loads(raw)
            else:
                value = raw
        except (ValueError, json.JSONDecodeError):
            raise ValueError(render(NOT_VALID(field=spec.label, value=repr(raw), kind=spec.kind), locale)) from None
        if spec.name:
            out[spec.name] = value
        elif isinstance(value, dict):
            out.update(value)
        else:
            raise ValueError(render(MUST_BE_OBJECT(), locale))
    return out
