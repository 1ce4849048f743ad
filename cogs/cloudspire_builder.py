"""The private deploy-stack builder of Cloudspire (CS-18.6), as components that survive restarts.

The deploy prompt arrives by DM with ready-made stacks as buttons; its form button opens this
builder instead of a JSON form: a menu adds one of your units or mercenaries to the bottom of
the stack, another gives equipment to the last entry, a third moves an entry to the top (a hero
goes on top or at the bottom, CS-18.7), **Squad** joins the last two minions (CS-9.8), and
**Lock in** hands the stack to the ``Referee`` like any button press, so the engine checks it
(CP, heroes, squads; CS-18.8) and a broken stack is refused with its rule, changing nothing.
Under simultaneous prep (CS-24.3c) the engine keeps each answer secret until every seat locked
in; the thread only ever sees the top unit and the height (H24/H25).

Nothing lives in memory: every component's custom id carries game, seat, the prompt key hash,
a fingerprint of the candidate list and the stack so far, so a half-built stack survives a
restart. Candidates come from the deploy prompt itself: the engine lists there what the seat may
stack (``answer_schema["x-candidates"]``, from its barracks and the chips beside its fortress), so
no rule of what is stackable lives here and nothing of another seat's can reach a menu.
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import discord

import engine
import renderers
from engine.cloudspire import catalog
from engine.core.text import Msg, Ref, message
from i18n import Names, render

from . import ids, lang, text
from .prompt_components import DraftRef, button, confirm_draft, label_of, menu, names_of, open_prompt, template
from .prompts import referee_of, selected_values
from .referee import Referee, UserError

log = logging.getLogger(__name__)

RULESET = "cloudspire"
DEPLOY_RULE = "CS-18.6"
PREFIX = "csb"
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
MAX_CANDIDATES = len(ALPHABET)
ADD, EQUIP, TOP = "a", "e", "t"  # the menus
SQUAD, REMOVE, CLEAR, CONFIRM = "s", "r", "x", "c"  # the buttons
MAX_STACK_CODE = 48  # characters of the stack in a custom id (the id stays within Discord's 100)
_STACK = r":(?P<stack>[0-9A-Za-z.+]{0,48})"
SELECT_TEMPLATE = template(PREFIX, "aet", _STACK)
BUTTON_TEMPLATE = template(PREFIX, "srxc", _STACK)

HEAD = message("bot.cs.builder.head", "🧱 **Deploy stack** · {title} · your seat {seat} (only you see this)")
STACK_HEAD = message("bot.cs.builder.stack", "**Your stack, top first** ({used} of {cp} CP):")
ENTRY = message("bot.cs.builder.entry", "{n}. {units}")
ENTRY_EQUIPPED = message("bot.cs.builder.entry_equipped", "{n}. {units} with {equipment}")
EMPTY = message("bot.cs.builder.empty", "Nothing yet: add units from the first menu.")
HOW = message(
    "bot.cs.builder.how",
    "Nothing is public until you press **Lock in**; the referee then checks the stack (rule {rule}). "
    "Others will see only its top unit and its height.",
)
ADD_MENU = message("bot.cs.builder.add", "Add to the bottom of the stack…")
EQUIP_MENU = message("bot.cs.builder.equip", "Give equipment to the last entry…")
TOP_MENU = message("bot.cs.builder.top", "Move an entry to the top…")
CANDIDATE = message("bot.cs.builder.candidate", "{name} · {cp} CP")
CANDIDATE_MERC = message("bot.cs.builder.candidate_merc", "{name} · mercenary")
EQUIPMENT_ITEM = message("bot.cs.builder.equipment_item", "{name} · equipment")
SQUAD_LABEL = message("bot.cs.builder.squad", "Squad the last two")
REMOVE_LABEL = message("bot.cs.builder.remove", "Remove the last")
CLEAR_LABEL = message("bot.cs.builder.clear", "Clear")
CONFIRM_LABEL = message("bot.cs.builder.confirm", "Lock in")
CHANGED = message(
    "bot.cs.builder.changed", "Your units changed since this builder was drawn; open it again from the prompt."
)
EARLIER = message("bot.cs.builder.earlier", "Seat {seat} locked in: {units}")
TOO_LONG = message("bot.cs.builder.too_long", "The stack cannot grow any longer here; lock it in or remove an entry.")
PRIVATE_PICTURE = message(
    "bot.cs.builder.picture",
    "🔒 {title}: your side of the board (your stack, explored landmarks, relics; only you see it)",
)


# ---- candidates: what this seat may put in its stack ---------------------------------------------
@dataclass(frozen=True)
class Candidate:
    chip: str  # unit type id or market chip id (what the deploy action names)
    role: str  # hero | minion | merc_hero | merc_minion | equipment
    cp: int
    name: Ref


@lru_cache(maxsize=1)
def _printed_units() -> frozenset[str]:
    """The unit types of the printed content: a selection's chip is named as a unit or a market chip."""
    return frozenset(e.id for e in catalog() if e.kind == "unit")


CANDIDATES_KEY = "x-candidates"  # where the engine's deploy prompt carries what may be stacked
ROLES = ("hero", "minion", "merc_hero", "merc_minion", "equipment")


def candidates(prompt: Any) -> list[Candidate]:
    """What the deploy prompt lets its seat stack, as the engine lists it (``answer_schema["x-candidates"]``:
    each unit in the barracks, then the mercenaries and equipment beside the fortress). The rules of
    what may be stacked live in the engine; this reads the prompt only, so no other seat's secret
    can reach a menu. A prompt without the list offers nothing to build (its ready-made buttons stay)."""
    raw = (getattr(prompt, "answer_schema", None) or {}).get(CANDIDATES_KEY) or []
    out: list[Candidate] = []
    for c in raw:
        if not isinstance(c, dict) or c.get("role") not in ROLES or not c.get("chip"):
            continue
        kind = "unit" if c["role"] in ("hero", "minion") else "market"
        out.append(Candidate(str(c["chip"]), str(c["role"]), int(c.get("cp") or 0), Ref(kind=kind, id=str(c["chip"]))))
    return out[:MAX_CANDIDATES]


def fingerprint(cands: list[Candidate]) -> str:
    return hashlib.sha1("|".join(c.chip for c in cands).encode()).hexdigest()[:4]


# ---- the stack in a custom id ----------------------------------------------------------------------
Entry = tuple[tuple[int, ...], tuple[int, ...]]  # (units, equipment): candidate indexes


def encode_stack(stack: list[Entry]) -> str:
    """``"3.45.0+A"``: entries split by ``.``, a squad's units side by side, equipment after ``+``."""
    parts = []
    for units, equipment in stack:
        part = "".join(ALPHABET[i] for i in units)
        if equipment:
            part += "+" + "".join(ALPHABET[i] for i in equipment)
        parts.append(part)
    return ".".join(parts)


def decode_stack(code: str) -> list[Entry]:
    out: list[Entry] = []
    for part in code.split(".") if code else []:
        units, _, equipment = part.partition("+")
        out.append((tuple(ALPHABET.index(c) for c in units), tuple(ALPHABET.index(c) for c in equipment)))
    return out


def used(stack: list[Entry]) -> set[int]:
    return {i for units, eq in stack for i in (*units, *eq)}


@dataclass(frozen=True)
class BuildRef(DraftRef):
    """A builder component: whose deploy prompt, which candidate list, the stack so far."""

    stack: str = ""

    def custom_id(self, op: str, stack: str | None = None) -> str:
        return self.id_of(PREFIX, op, self.stack if stack is None else stack)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> BuildRef:
        return cls(*DraftRef.core(match), match["stack"])


def action_of(stack: list[Entry], cands: list[Candidate]) -> dict[str, Any]:
    """The engine's deploy action (CS-18.6) for a built stack, top first."""
    return {
        "type": "deploy",
        "stack": [
            {"units": [cands[i].chip for i in units], "equipment": [cands[i].chip for i in eq]} for units, eq in stack
        ],
    }


def edit(stack: list[Entry], op: str, value: int | None, cands: list[Candidate]) -> list[Entry]:
    """One builder step; an impossible one leaves the stack unchanged (the engine judges the rest)."""
    stack = list(stack)
    free = set(range(len(cands))) - used(stack)
    if op == ADD and value in free and cands[value].role != "equipment":
        stack.append(((value,), ()))
    elif op == EQUIP and value in free and cands[value].role == "equipment" and stack:
        units, eq = stack[-1]
        stack[-1] = (units, (*eq, value))
    elif op == TOP and value is not None and 0 < value < len(stack):
        stack.insert(0, stack.pop(value))
    elif op == SQUAD and len(stack) >= 2 and not stack[-1][1] and not stack[-2][1]:
        (a, _), (b, _) = stack[-2], stack[-1]
        if all(cands[i].role in ("minion", "merc_minion") for i in (*a, *b)):
            stack[-2:] = [((*a, *b), ())]
    elif op == REMOVE and stack:
        stack.pop()
    elif op == CLEAR:
        stack = []
    return stack


# ---- what the player sees ------------------------------------------------------------------------
def content(
    stack: list[Entry],
    cands: list[Candidate],
    cp: Any,
    question: str,
    title: lang.Text,
    seat: int,
    locale: str,
    names: Names,
    earlier: list[Msg] | None = None,
) -> str:
    def say(m: Msg) -> str:
        return render(m, locale, names)

    lines = [say(HEAD(title=title, seat=seat + 1)), question]
    lines += [say(m) for m in earlier or []]
    spent = sum(cands[i].cp for units, _ in stack for i in units)
    lines.append(say(STACK_HEAD(used=spent, cp=cp)))
    for n, (units, eq) in enumerate(stack, start=1):
        shown = [cands[i].name for i in units]
        if eq:
            lines.append(say(ENTRY_EQUIPPED(n=n, units=shown, equipment=[cands[i].name for i in eq])))
        else:
            lines.append(say(ENTRY(n=n, units=shown)))
    if not stack:
        lines.append(say(EMPTY()))
    lines.append(say(HOW(rule=DEPLOY_RULE)))
    return text.truncate("\n".join(lines), text.MAX_CONTENT)


def items(
    ref: BuildRef, stack: list[Entry], cands: list[Candidate], locale: str, names: Names
) -> list[discord.ui.Item[Any]]:
    def say(m: Msg) -> str:
        return render(m, locale, names)

    free = [i for i in range(len(cands)) if i not in used(stack)]
    out: list[discord.ui.Item[Any]] = []
    addable = [i for i in free if cands[i].role != "equipment"][:25]
    if addable:
        options = [
            discord.SelectOption(
                label=text.truncate(
                    say(CANDIDATE_MERC(name=cands[i].name))
                    if cands[i].role.startswith("merc")
                    else say(CANDIDATE(name=cands[i].name, cp=cands[i].cp)),
                    100,
                ),
                value=str(i),
            )
            for i in addable
        ]
        out.append(BuildSelect(ref, ADD, say(ADD_MENU()), options, row=0))
    equipment = [i for i in free if cands[i].role == "equipment"][:25]
    if equipment and stack:
        options = [
            discord.SelectOption(label=text.truncate(say(EQUIPMENT_ITEM(name=cands[i].name)), 100), value=str(i))
            for i in equipment
        ]
        out.append(BuildSelect(ref, EQUIP, say(EQUIP_MENU()), options, row=1))
    if len(stack) > 1:
        options = [
            discord.SelectOption(
                label=text.truncate(say(ENTRY(n=n + 1, units=[cands[i].name for i in units])), 100), value=str(n)
            )
            for n, (units, _) in enumerate(stack)
            if n > 0
        ][:25]
        out.append(BuildSelect(ref, TOP, say(TOP_MENU()), options, row=2))
    out.append(BuildButton(ref, CONFIRM, say(CONFIRM_LABEL()), discord.ButtonStyle.success))
    out.append(BuildButton(ref, SQUAD, say(SQUAD_LABEL()), disabled=len(stack) < 2))
    out.append(BuildButton(ref, REMOVE, say(REMOVE_LABEL()), disabled=not stack))
    out.append(BuildButton(ref, CLEAR, say(CLEAR_LABEL()), disabled=not stack))
    return out


def build_view(ref: BuildRef, stack: list[Entry], cands: list[Candidate], locale: str, names: Names) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items(ref, stack, cands, locale, names):
        view.add_item(item)
    return view


# ---- components ----------------------------------------------------------------------------------------


class BuildSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    """A builder menu: add a unit, give equipment, or move an entry to the top."""

    def __init__(
        self,
        ref: BuildRef,
        op: str,
        placeholder: str = "…",
        options: list[discord.SelectOption] | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(menu(ref.custom_id(op), placeholder, options, row), row=row)
        self.ref, self.op = ref, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BuildSelect:
        return cls(BuildRef.from_match(match), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        value = int(values[0]) if values and values[0].isdigit() else None
        await referee_of(interaction).guarded(interaction, lambda: step(interaction, self.ref, self.op, value))


class BuildButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    """Lock in, squad the last two, remove the last entry, or clear."""

    def __init__(
        self,
        ref: BuildRef,
        op: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        item = button(ref.custom_id(op), label, style, disabled)
        super().__init__(item, row=item.row)
        self.ref, self.op = ref, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BuildButton:
        return cls(BuildRef.from_match(match), match["op"], label_of(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.op == CONFIRM:
            await confirm(interaction, self.ref)
        else:
            await referee_of(interaction).guarded(interaction, lambda: step(interaction, self.ref, self.op, None))


# ---- callbacks ---------------------------------------------------------------------------------------


def earlier_selections(view: dict[str, Any], seat: int) -> list[Msg]:
    """H23: the units earlier seats selected, once locked in, as the seat's own view shows them."""
    out: list[Msg] = []
    for p in view.get("players", []):
        if p.get("seat") != seat and p.get("selected"):
            printed = _printed_units()
            units = [Ref(kind="unit" if str(u) in printed else "market", id=str(u)) for u in p["selected"]]
            out.append(EARLIER(seat=int(p["seat"]) + 1, units=units))
    return out


def _cands(loaded: Any, seat: int) -> list[Candidate]:
    """The candidates of the seat's open deploy prompt (none once it is answered)."""
    prompt = next((p for p in loaded.prompts if p.seat == seat and p.rule == DEPLOY_RULE), None)
    return candidates(prompt) if prompt is not None else []


def _cp(prompt: Any) -> Any:
    params = getattr(getattr(prompt, "msg", None), "params", None) or {}
    return params.get("cp", "?")


async def step(interaction: discord.Interaction, ref: BuildRef, op: str, value: int | None) -> None:
    """One press: rebuild the candidates, apply the step, redraw the builder in place."""
    current = await open_prompt(interaction, ref)
    if current is None:
        return
    loaded, prompt = current
    cands = _cands(loaded, ref.seat)
    if fingerprint(cands) != ref.fp:
        raise UserError(CHANGED())
    stack = edit(decode_stack(ref.stack), op, value, cands)
    code = encode_stack(stack)
    if len(code) > MAX_STACK_CODE:
        raise UserError(TOO_LONG())
    await _draw(
        interaction, BuildRef(ref.game, ref.seat, ref.keyhash, ref.fp, code), loaded, prompt, cands, edit_message=True
    )


async def _draw(
    interaction: discord.Interaction,
    ref: BuildRef,
    loaded: Any,
    prompt: Any,
    cands: list[Candidate],
    *,
    edit_message: bool,
) -> None:
    locale = await referee_of(interaction).locale(interaction)
    names = names_of(loaded)
    stack = decode_stack(ref.stack)
    question = lang.localize_prompt(prompt, locale, names).question
    earlier = earlier_selections(engine.ruleset(RULESET).view(loaded.state, ref.seat), ref.seat)
    body = content(stack, cands, _cp(prompt), question, Referee.title(loaded.game), ref.seat, locale, names, earlier)
    view = build_view(ref, stack, cands, locale, names)
    if edit_message:
        await interaction.response.edit_message(content=body, view=view)
    else:
        ephemeral = interaction.guild_id is not None  # in a DM the message is private anyway
        await interaction.response.send_message(body, view=view, ephemeral=ephemeral)
        await _send_private_picture(interaction, loaded, ref.seat, locale, names, ephemeral=ephemeral)


async def _send_private_picture(
    interaction: discord.Interaction, loaded: Any, seat: int, locale: str, names: Names, *, ephemeral: bool
) -> None:
    """The seat's own picture after the builder (issue 14): the board, then its stack in order, the
    landmark faces it explored and its relics, from ``view(state, seat)`` only.

    A follow-up, so the builder itself answers at once; a picture that cannot be drawn or sent
    is left out (the builder and ``/game hand`` say the same in words)."""
    view = engine.ruleset(RULESET).view(loaded.state, seat)
    try:
        png = await renderers.render_png(RULESET, view, locale=locale, names=names)
    except (LookupError, ValueError, TypeError, OSError, RuntimeError):
        log.exception("the private picture of game %s seat %s failed", loaded.game.id, seat)
        return
    if png is None:
        return
    caption = render(PRIVATE_PICTURE(title=Referee.title(loaded.game)), locale, names)
    try:
        await interaction.followup.send(
            caption, file=discord.File(io.BytesIO(png), filename="cloudspire-yours.png"), ephemeral=ephemeral
        )
    except discord.HTTPException:
        log.warning("the private picture of game %s seat %s could not be sent", loaded.game.id, seat)


async def confirm(interaction: discord.Interaction, ref: BuildRef) -> None:
    """Hand the built stack to the Referee: it checks seat and freshness, the engine the stack."""

    def answer(loaded: Any, prompt: Any) -> dict[str, Any]:
        cands = _cands(loaded, ref.seat)
        if fingerprint(cands) != ref.fp:
            raise UserError(CHANGED())
        return action_of(decode_stack(ref.stack), cands)

    await confirm_draft(interaction, ref, answer)


async def open_builder(interaction: discord.Interaction, ref: ids.PromptRef, prompt: Any, loaded: Any) -> bool:
    """The form builder for Cloudspire: the deploy prompt gets the stack builder instead of a JSON form.

    ``Referee.open_form`` has already checked the seat and that the prompt is open."""
    if prompt.rule != DEPLOY_RULE:
        return False
    cands = _cands(loaded, ref.seat)
    build = BuildRef(ref.game, ref.seat, ref.keyhash, fingerprint(cands))
    await _draw(interaction, build, loaded, prompt, cands, edit_message=False)
    return True


DYNAMIC_ITEMS = (BuildSelect, BuildButton)
