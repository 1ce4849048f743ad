"""Custom ids: everything a component needs to be understood after a restart.

A button pressed a week after it was sent must still work, so nothing about it
lives in memory: the custom id names the game, the seat it is meant for, a short
hash of the prompt key (so a press on a replaced decision is recognised as stale)
and the option index. Ids stay far below Discord's 100-character limit.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

MAX_CUSTOM_ID = 100

# Component kinds and their prefixes. Each becomes one DynamicItem template.
OPTION = "p"  # p:{game}:{seat}:{keyhash}:{index}   one option button
SELECT = "s"  # s:{game}:{seat}:{keyhash}:{part}    a select menu (values are option indexes)
PAGE = "pg"  # pg:{game}:{seat}:{keyhash}:{page}   show another page of a long prompt
FORM = "m"  # m:{game}:{seat}:{keyhash}:0          open the modal of a structured prompt
FORM_SUBMIT = "mf"  # mf:{game}:{seat}:{keyhash}:0  the modal's own custom id
JOIN = "j"  # j:{game}                              lobby: join
START = "st"  # st:{game}                           lobby: start
PANEL = "h"  # h:{game}                             open my private panel (DM fallback)
RULE = "r"  # r:{rule}                              show a rule's reference entry (RW-10.9.2)

GAME_RE = r"(?P<game>[0-9]{1,20})"
PROMPT_TEMPLATE = (
    r"(?P<kind>{kind}):" + GAME_RE + r":(?P<seat>-?[0-9]{1,3}):(?P<keyhash>[0-9a-f]{8}):(?P<arg>[0-9]{1,4})"
)
GAME_TEMPLATE = r"(?P<kind>{kind}):" + GAME_RE
RULE_TEMPLATE = r"^" + RULE + r":(?P<rule>[A-Z][A-Z0-9]{0,5}-[0-9]{1,4}(?:\.[0-9]{1,4}){0,6})$"


def prompt_template(kind: str) -> str:
    return "^" + PROMPT_TEMPLATE.replace("{kind}", re.escape(kind)) + "$"


def game_template(kind: str) -> str:
    return "^" + GAME_TEMPLATE.replace("{kind}", re.escape(kind)) + "$"


def key_hash(key: str) -> str:
    """Eight hex digits of the prompt key: collisions only matter within one seat's open prompts."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:8]


@dataclass(frozen=True)
class PromptRef:
    """A decoded prompt component id."""

    kind: str
    game: int
    seat: int
    keyhash: str
    arg: int

    def encode(self) -> str:
        return encode_prompt(self.kind, self.game, self.seat, self.keyhash, self.arg)


def encode_prompt(kind: str, game: int, seat: int, keyhash: str, arg: int = 0) -> str:
    if not re.fullmatch(r"[0-9a-f]{8}", keyhash):
        raise ValueError(f"keyhash must be 8 hex digits, not {keyhash!r}")
    out = f"{kind}:{int(game)}:{int(seat)}:{keyhash}:{int(arg)}"
    if len(out) > MAX_CUSTOM_ID:  # pragma: no cover - needs a 20-digit game id and more
        raise ValueError("custom id too long")
    return out


def decode_prompt(custom_id: str) -> PromptRef | None:
    """The reference a prompt component carries, or None when the id is not one of ours."""
    for kind in (OPTION, SELECT, PAGE, FORM, FORM_SUBMIT):
        m = re.match(prompt_template(kind), custom_id)
        if m:
            return PromptRef(kind, int(m["game"]), int(m["seat"]), m["keyhash"], int(m["arg"]))
    return None


def encode_game(kind: str, game: int) -> str:
    return f"{kind}:{int(game)}"


def decode_game(custom_id: str) -> tuple[str, int] | None:
    for kind in (JOIN, START, PANEL):
        m = re.match(game_template(kind), custom_id)
        if m:
            return kind, int(m["game"])
    return None


def encode_rule(rule_id: str) -> str:
    """The custom id of a refusal's Rule button: needs no game, since the rule is the same in all."""
    out = f"{RULE}:{rule_id}"
    if re.match(RULE_TEMPLATE, out) is None:
        raise ValueError(f"not a rule id: {rule_id!r}")
    return out


def decode_rule(custom_id: str) -> str | None:
    m = re.match(RULE_TEMPLATE, custom_id)
    return m["rule"] if m else None
