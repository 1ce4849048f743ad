"""Discord limits, checked the way Discord checks them.

Every validator returns a list of ``(path, code, message)`` problems; ``ApiError.form``
turns that into Discord's ``50035 Invalid Form Body`` shape, which discord.py
flattens into the text of ``discord.HTTPException``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

Problem = tuple[tuple[Any, ...], str, str]

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_EMBED_FIELD_NAME = 256
MAX_EMBED_FIELD_VALUE = 1024
MAX_EMBED_FOOTER = 2048
MAX_EMBED_AUTHOR = 256
MAX_EMBED_TOTAL = 6000
MAX_ACTION_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_PLACEHOLDER = 150
MAX_OPTION_TEXT = 100
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
MAX_FILES = 10
MAX_MODAL_TITLE = 45
MAX_MODAL_ROWS = 5
MAX_TEXT_INPUT_LABEL = 45
MAX_TEXT_INPUT_VALUE = 4000
MAX_AUTOCOMPLETE_CHOICES = 25
MAX_COMMAND_OPTIONS = 25
MAX_COMMAND_NAME = 32
MAX_COMMAND_DESCRIPTION = 100
MAX_GLOBAL_CHAT_COMMANDS = 100
MAX_THREAD_NAME = 100
MAX_CHANNEL_NAME = 100

SELECT_TYPES = (3, 5, 6, 7, 8)
COMMAND_NAME_RE = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$", re.UNICODE)


class ApiError(Exception):
    """An error response in Discord's JSON shape."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        *,
        violation: str | None = None,
    ):
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.violation = violation  # kind recorded in FakeDiscord.violations, if any

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data

    @classmethod
    def form(cls, problems: Sequence[Problem], prefix: tuple[Any, ...] = ()) -> ApiError:
        tree: dict[str, Any] = {}
        for path, code, message in problems:
            node = tree
            for part in (*prefix, *path):
                node = node.setdefault(str(part), {})
            node.setdefault("_errors", []).append({"code": code, "message": message})
        return cls(400, 50035, "Invalid Form Body", tree, violation="limit")

    # shortcuts ---------------------------------------------------------------
    @classmethod
    def not_found(cls, what: str, code: int) -> ApiError:
        return cls(404, code, f"Unknown {what}")


def _max_len(problems: list[Problem], path: tuple[Any, ...], value: Any, limit: int, *, minimum: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        problems.append((path, "STRING_TYPE_CONVERT", "Could not interpret value as string."))
        return
    if len(value) > limit:
        problems.append((path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."))
    elif len(value) < minimum:
        problems.append((path, "BASE_TYPE_MIN_LENGTH", f"Must be {minimum} or more in length."))


# --------------------------------------------------------------------------- messages


def validate_embeds(embeds: Any, problems: list[Problem]) -> None:
    if embeds is None:
        return
    if not isinstance(embeds, list):
        problems.append((("embeds",), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType."))
        return
    if len(embeds) > MAX_EMBEDS:
        problems.append((("embeds",), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length."))
    total = 0
    for i, e in enumerate(embeds):
        p = ("embeds", i)
        _max_len(problems, (*p, "title"), e.get("title"), MAX_EMBED_TITLE)
        _max_len(problems, (*p, "description"), e.get("description"), MAX_EMBED_DESCRIPTION)
        total += len(e.get("title") or "") + len(e.get("description") or "")
        footer = e.get("footer") or {}
        _max_len(problems, (*p, "footer", "text"), footer.get("text"), MAX_EMBED_FOOTER)
        total += len(footer.get("text") or "")
        author = e.get("author") or {}
        _max_len(problems, (*p, "author", "name"), author.get("name"), MAX_EMBED_AUTHOR)
        total += len(author.get("name") or "")
        fields = e.get("fields") or []
        if len(fields) > MAX_EMBED_FIELDS:
            problems.append(((*p, "fields"), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBED_FIELDS} or fewer in length."))
        for j, f in enumerate(fields):
            fp = (*p, "fields", j)
            name, value = f.get("name"), f.get("value")
            if not name:
                problems.append(((*fp, "name"), "BASE_TYPE_REQUIRED", "This field is required"))
            if value is None or value == "":
                problems.append(((*fp, "value"), "BASE_TYPE_REQUIRED", "This field is required"))
            _max_len(problems, (*fp, "name"), name, MAX_EMBED_FIELD_NAME)
            _max_len(problems, (*fp, "value"), value, MAX_EMBED_FIELD_VALUE)
            total += len(name or "") + len(value or "")
    if total > MAX_EMBED_TOTAL:
        problems.append(
            (("embeds",), "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}")
        )


def _validate_button(c: dict[str, Any], p: tuple[Any, ...], problems: list[Problem], ids: list[str]) -> None:
    style = c.get("style")
    _max_len(problems, (*p, "label"), c.get("label"), MAX_BUTTON_LABEL)
    if style == 5:
        if not c.get("url"):
            problems.append(((*p, "url"), "BASE_TYPE_REQUIRED", "This field is required"))
        if c.get("custom_id"):
            problems.append(
                ((*p, "custom_id"), "COMPONENT_LINK_BUTTON_HAS_CUSTOM_ID", "Link buttons cannot have a custom_id")
            )
        _max_len(problems, (*p, "url"), c.get("url"), 512)
    elif style == 6:
        if not c.get("sku_id"):
            problems.append(((*p, "sku_id"), "BASE_TYPE_REQUIRED", "This field is required"))
    elif style in (1, 2, 3, 4):
        _validate_custom_id(c, p, problems, ids)
    else:
        problems.append(((*p, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}."))
    if style in (1, 2, 3, 4, 5) and not c.get("label") and not c.get("emoji"):
        problems.append(((*p, "label"), "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or emoji is required"))


def _validate_custom_id(c: dict[str, Any], p: tuple[Any, ...], problems: list[Problem], ids: list[str]) -> None:
    cid = c.get("custom_id")
    if not cid:
        problems.append(((*p, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required"))
        return
    _max_len(problems, (*p, "custom_id"), cid, MAX_CUSTOM_ID, minimum=1)
    if cid in ids:
        problems.append(
            ((*p, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        )
    ids.append(cid)


def _validate_select(c: dict[str, Any], p: tuple[Any, ...], problems: list[Problem], ids: list[str]) -> None:
    _validate_custom_id(c, p, problems, ids)
    _max_len(problems, (*p, "placeholder"), c.get("placeholder"), MAX_SELECT_PLACEHOLDER)
    min_v = c.get("min_values", 1)
    max_v = c.get("max_values", 1)
    if not (0 <= min_v <= 25):
        problems.append(((*p, "min_values"), "NUMBER_TYPE_MAX", "int value should be between 0 and 25."))
    if not (1 <= max_v <= 25):
        problems.append(((*p, "max_values"), "NUMBER_TYPE_MAX", "int value should be between 1 and 25."))
    if c.get("type") == 3:
        options = c.get("options") or []
        if not options:
            problems.append(((*p, "options"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."))
        if len(options) > MAX_SELECT_OPTIONS:
            problems.append(
                ((*p, "options"), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_SELECT_OPTIONS} or fewer in length.")
            )
        values = set()
        for j, o in enumerate(options):
            op = (*p, "options", j)
            _max_len(problems, (*op, "label"), o.get("label"), MAX_OPTION_TEXT, minimum=1)
            _max_len(problems, (*op, "value"), o.get("value"), MAX_OPTION_TEXT, minimum=1)
            _max_len(problems, (*op, "description"), o.get("description"), MAX_OPTION_TEXT)
            if o.get("value") in values:
                problems.append(
                    (
                        (*op, "value"),
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select component option values cannot be duplicated",
                    )
                )
            values.add(o.get("value"))
        if max_v > max(len(options), 1):
            problems.append(
                (
                    (*p, "max_values"),
                    "SELECT_COMPONENT_MAX_VALUES_TOO_HIGH",
                    "max_values cannot be greater than the number of options",
                )
            )
    if min_v > max_v:
        problems.append(
            ((*p, "min_values"), "SELECT_COMPONENT_MIN_GT_MAX", "min_values cannot be greater than max_values")
        )


def _validate_action_row(row: dict[str, Any], p: tuple[Any, ...], problems: list[Problem], ids: list[str]) -> None:
    children = row.get("components") or []
    if not children:
        problems.append(((*p, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."))
    selects = [c for c in children if c.get("type") in SELECT_TYPES]
    if selects and len(children) > 1:
        problems.append(
            ((*p, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
        )
    if len(children) > MAX_BUTTONS_PER_ROW:
        problems.append(
            ((*p, "components"), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_BUTTONS_PER_ROW} or fewer in length.")
        )
    for j, c in enumerate(children):
        cp = (*p, "components", j)
        t = c.get("type")
        if t == 2:
            _validate_button(c, cp, problems, ids)
        elif t in SELECT_TYPES:
            _validate_select(c, cp, problems, ids)
        elif t == 4:
            problems.append(((*cp, "type"), "COMPONENT_INVALID_TYPE", "Text inputs are only allowed in modals"))
        else:
            problems.append(
                ((*cp, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).')
            )


def _count_v2(components: list[dict[str, Any]]) -> int:
    n = 0
    for c in components or []:
        n += 1
        n += _count_v2(c.get("components") or [])
        if c.get("accessory"):
            n += 1
    return n


def _v2_text_len(components: list[dict[str, Any]]) -> int:
    n = 0
    for c in components or []:
        if c.get("type") == 10:
            n += len(c.get("content") or "")
        n += _v2_text_len(c.get("components") or [])
    return n


def validate_components(components: Any, flags: int, problems: list[Problem]) -> None:
    if components is None:
        return
    if not isinstance(components, list):
        problems.append((("components",), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType."))
        return
    ids: list[str] = []
    if flags & (1 << 15):  # components v2
        if _count_v2(components) > MAX_V2_COMPONENTS:
            problems.append(
                (("components",), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_V2_COMPONENTS} or fewer in length.")
            )
        if _v2_text_len(components) > MAX_V2_TEXT:
            problems.append(
                (
                    ("components",),
                    "COMPONENT_TEXT_LIMIT_EXCEEDED",
                    f"Text display content must be {MAX_V2_TEXT} or fewer in length.",
                )
            )

        def walk(comps: list[dict[str, Any]], p: tuple[Any, ...]) -> None:
            for i, c in enumerate(comps):
                cp = (*p, i)
                if c.get("type") == 1:
                    _validate_action_row(c, cp, problems, ids)
                else:
                    if c.get("type") == 2:
                        _validate_button(c, cp, problems, ids)
                    if c.get("components"):
                        walk(c["components"], (*cp, "components"))
                    if c.get("accessory") and c["accessory"].get("type") == 2:
                        _validate_button(c["accessory"], (*cp, "accessory"), problems, ids)

        walk(components, ("components",))
        return
    if len(components) > MAX_ACTION_ROWS:
        problems.append((("components",), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ACTION_ROWS} or fewer in length."))
    for i, row in enumerate(components):
        p = ("components", i)
        if row.get("type") != 1:
            problems.append(
                (
                    (*p, "type"),
                    "COMPONENT_TYPE_INVALID",
                    "Top-level components must be action rows unless the IS_COMPONENTS_V2 flag is set",
                )
            )
            continue
        _validate_action_row(row, p, problems, ids)


def validate_message(
    payload: dict[str, Any], *, n_files: int = 0, is_edit: bool = False, existing_attachments: int = 0
) -> list[Problem]:
    """Validate a message create/edit body (without the files themselves)."""
    problems: list[Problem] = []
    flags = int(payload.get("flags") or 0)
    _max_len(problems, ("content",), payload.get("content"), MAX_CONTENT)
    validate_embeds(payload.get("embeds"), problems)
    validate_components(payload.get("components"), flags, problems)
    if flags & (1 << 15) and (payload.get("content") or payload.get("embeds")):
        problems.append(
            (
                ("content",),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
        )
    if n_files + existing_attachments > MAX_FILES:
        problems.append((("attachments",), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_FILES} or fewer in length."))
    poll = payload.get("poll")
    if poll:
        _max_len(problems, ("poll", "question", "text"), (poll.get("question") or {}).get("text"), 300)
        if len(poll.get("answers") or []) > 10:
            problems.append((("poll", "answers"), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."))
    return problems


def is_empty_message(payload: dict[str, Any], n_files: int) -> bool:
    return not (
        (payload.get("content") or "").strip()
        or payload.get("embeds")
        or payload.get("components")
        or payload.get("sticker_ids")
        or payload.get("poll")
        or n_files
    )


# --------------------------------------------------------------------------- modals / autocomplete


def _validate_text_input(
    c: dict[str, Any], p: tuple[Any, ...], problems: list[Problem], ids: list[str], *, needs_label: bool
) -> None:
    _validate_custom_id(c, p, problems, ids)
    if needs_label:
        if not c.get("label"):
            problems.append(((*p, "label"), "BASE_TYPE_REQUIRED", "This field is required"))
        _max_len(problems, (*p, "label"), c.get("label"), MAX_TEXT_INPUT_LABEL)
    if c.get("style") not in (1, 2):
        problems.append(((*p, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2}."))
    mn, mx = c.get("min_length"), c.get("max_length")
    if mn is not None and not (0 <= mn <= MAX_TEXT_INPUT_VALUE):
        problems.append(((*p, "min_length"), "NUMBER_TYPE_MAX", "int value should be between 0 and 4000."))
    if mx is not None and not (1 <= mx <= MAX_TEXT_INPUT_VALUE):
        problems.append(((*p, "max_length"), "NUMBER_TYPE_MAX", "int value should be between 1 and 4000."))
    _max_len(problems, (*p, "value"), c.get("value"), mx or MAX_TEXT_INPUT_VALUE)
    _max_len(problems, (*p, "placeholder"), c.get("placeholder"), 100)


def validate_modal(data: dict[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    ids: list[str] = []
    title = data.get("title")
    if not title:
        problems.append((("title",), "BASE_TYPE_REQUIRED", "This field is required"))
    _max_len(problems, ("title",), title, MAX_MODAL_TITLE)
    cid = data.get("custom_id")
    if not cid:
        problems.append((("custom_id",), "BASE_TYPE_REQUIRED", "This field is required"))
    _max_len(problems, ("custom_id",), cid, MAX_CUSTOM_ID)
    comps = data.get("components") or []
    if not comps:
        problems.append((("components",), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."))
    if len(comps) > MAX_MODAL_ROWS:
        problems.append((("components",), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_MODAL_ROWS} or fewer in length."))
    for i, row in enumerate(comps):
        p = ("components", i)
        t = row.get("type")
        if t == 1:
            children = row.get("components") or []
            if len(children) != 1:
                problems.append(((*p, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 1 in length."))
            for j, c in enumerate(children):
                if c.get("type") == 4:
                    _validate_text_input(c, (*p, "components", j), problems, ids, needs_label=True)
                else:
                    problems.append(
                        (
                            (*p, "components", j, "type"),
                            "UNION_TYPE_CHOICES",
                            "Only text inputs are allowed in modal action rows",
                        )
                    )
        elif t == 18:
            _max_len(problems, (*p, "label"), row.get("label"), MAX_TEXT_INPUT_LABEL, minimum=1)
            _max_len(problems, (*p, "description"), row.get("description"), 100)
            c = row.get("component") or {}
            if c.get("type") == 4:
                _validate_text_input(c, (*p, "component"), problems, ids, needs_label=False)
            elif c.get("type") in SELECT_TYPES:
                _validate_select(c, (*p, "component"), problems, ids)
            elif c.get("type") not in (19, 21, 22, 23):  # file upload, radio, checkbox group, checkbox
                problems.append(((*p, "component", "type"), "UNION_TYPE_CHOICES", "Invalid component type in label"))
        elif t == 10:
            _max_len(problems, (*p, "content"), row.get("content"), MAX_V2_TEXT)
        else:
            problems.append(((*p, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1, 10, 18).'))
    return problems


def validate_choices(choices: Any) -> list[Problem]:
    problems: list[Problem] = []
    if not isinstance(choices, list):
        return [(("choices",), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType.")]
    if len(choices) > MAX_AUTOCOMPLETE_CHOICES:
        problems.append(
            (("choices",), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_AUTOCOMPLETE_CHOICES} or fewer in length.")
        )
    for i, c in enumerate(choices):
        _max_len(problems, ("choices", i, "name"), c.get("name"), 100, minimum=1)
        if isinstance(c.get("value"), str):
            _max_len(problems, ("choices", i, "value"), c.get("value"), 100)
    return problems


# --------------------------------------------------------------------------- application commands


def _cmd_size(obj: dict[str, Any]) -> int:
    n = len(obj.get("name") or "") + len(obj.get("description") or "")
    for ch in obj.get("choices") or []:
        n += len(ch.get("name") or "") + len(str(ch.get("value") or ""))
    for o in obj.get("options") or []:
        n += _cmd_size(o)
    return n


def _validate_option(o: dict[str, Any], p: tuple[Any, ...], problems: list[Problem], depth: int) -> None:
    name = o.get("name") or ""
    if not COMMAND_NAME_RE.match(name) or name != name.lower():
        problems.append(((*p, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"))
    _max_len(problems, (*p, "description"), o.get("description"), MAX_COMMAND_DESCRIPTION, minimum=1)
    t = o.get("type")
    subs = o.get("options") or []
    if t in (1, 2):
        if t == 2 and depth > 0:
            problems.append(
                ((*p, "type"), "APPLICATION_COMMAND_OPTION_INVALID_NESTING", "Subcommand groups cannot be nested")
            )
        if t == 2 and any(s.get("type") != 1 for s in subs):
            problems.append(
                (
                    (*p, "options"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "Subcommand groups may only contain subcommands",
                )
            )
        if t == 1 and any(s.get("type") in (1, 2) for s in subs):
            problems.append(
                ((*p, "options"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands cannot contain subcommands")
            )
        _validate_option_list(subs, (*p, "options"), problems, depth + 1)
    else:
        choices = o.get("choices") or []
        if len(choices) > 25:
            problems.append(((*p, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        if choices and o.get("autocomplete"):
            problems.append(
                (
                    (*p, "autocomplete"),
                    "APPLICATION_COMMAND_AUTOCOMPLETE_AND_CHOICES",
                    "Autocomplete and choices are mutually exclusive",
                )
            )
        for j, ch in enumerate(choices):
            _max_len(problems, (*p, "choices", j, "name"), ch.get("name"), 100, minimum=1)
            if isinstance(ch.get("value"), str):
                _max_len(problems, (*p, "choices", j, "value"), ch.get("value"), 100)


def _validate_option_list(
    options: list[dict[str, Any]], p: tuple[Any, ...], problems: list[Problem], depth: int
) -> None:
    if len(options) > MAX_COMMAND_OPTIONS:
        problems.append((p, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_COMMAND_OPTIONS} or fewer in length."))
    seen = set()
    optional_seen = False
    for i, o in enumerate(options):
        if o.get("name") in seen:
            problems.append(
                ((*p, i, "name"), "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
            )
        seen.add(o.get("name"))
        if o.get("type") not in (1, 2):
            if o.get("required"):
                if optional_seen:
                    problems.append(
                        (
                            (*p, i, "required"),
                            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                            "Required options must be placed before non-required options",
                        )
                    )
            else:
                optional_seen = True
        _validate_option(o, (*p, i), problems, depth)


def validate_commands(commands: Any, *, global_: bool) -> list[Problem]:
    problems: list[Problem] = []
    if not isinstance(commands, list):
        return [((), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType.")]
    chat = [c for c in commands if c.get("type", 1) == 1]
    if len(chat) > MAX_GLOBAL_CHAT_COMMANDS:
        problems.append(((), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_GLOBAL_CHAT_COMMANDS} or fewer in length."))
    seen = set()
    for i, c in enumerate(commands):
        t = c.get("type", 1)
        name = c.get("name") or ""
        if (t, name) in seen:
            problems.append(
                (
                    (i, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique ({name})",
                )
            )
        seen.add((t, name))
        if t == 1:
            if not COMMAND_NAME_RE.match(name) or name != name.lower():
                problems.append(((i, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"))
            _max_len(problems, (i, "description"), c.get("description"), MAX_COMMAND_DESCRIPTION, minimum=1)
            _validate_option_list(c.get("options") or [], (i, "options"), problems, 0)
            if _cmd_size(c) > 4000:
                problems.append(((i,), "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (4000)"))
        else:
            _max_len(problems, (i, "name"), name, MAX_COMMAND_NAME, minimum=1)
    return problems
