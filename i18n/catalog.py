"""The catalogs on disk: one English template and one ``.po`` per locale for each domain, and lookups.

gettext layout with Babel, split by *domain* — the first word of a message id (``core``,
``bot``, ``rw``, ``ah``, ``cs``, ``h3``, ``i18n``): ``i18n/templates/<domain>.pot`` holds the
domain's declared messages (``msgctxt`` = message id, ``msgid``/``msgid_plural`` = the English
from the code) and ``i18n/locales/<locale>/LC_MESSAGES/<domain>.po`` their translations. One
file per domain so that the people converting different games never edit the same file.
Lookups go by message id (the context) in the id's domain, so a Msg from the log renders
without knowing its English. Fuzzy entries (the English changed since they were translated)
count as missing and render in English.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from engine.core.text import COUNT, ID_PATTERN, Message

from .locales import EN, TRANSLATED

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TEMPLATES = HERE / "templates"
LOCALE_DIR = HERE / "locales"
# The owners a message id may start with (i18n/README.md); any other first word is still its
# own domain, so a new game needs no change here.
DOMAINS = ("core", "bot", "rw", "ah", "cs", "h3", "i18n")
# Where message declarations are looked for (python -m i18n extract).
SCAN_DIRS = ("engine", "cogs", "renderers", "i18n")
DECLARERS = {"message": 2, "plural_message": 3}  # function name -> number of literal arguments
PROJECT = "tabletop-referee"
BRACE = "python-brace-format"


def domain_of(msg_id: str) -> str:
    """The catalog a message lives in: its id's first word."""
    return msg_id.split(".", 1)[0]


def template_path(domain: str) -> Path:
    return TEMPLATES / f"{domain}.pot"


def po_path(locale: str, domain: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po"


def mo_path(locale: str, domain: str) -> Path:
    return po_path(locale, domain).with_suffix(".mo")


def domains_on_disk() -> list[str]:
    """Domains that have a template (sorted)."""
    return sorted(p.stem for p in TEMPLATES.glob("*.pot")) if TEMPLATES.exists() else []


# ---- declarations in the code ------------------------------------------------------------------
@dataclass(frozen=True)
class Declared:
    message: Message
    path: str  # relative to the repository root
    line: int

    @property
    def domain(self) -> str:
        return domain_of(self.message.id)


def scan(root: Path = ROOT, dirs: Iterable[str] = SCAN_DIRS) -> tuple[list[Declared], list[str]]:
    """Every ``message(...)``/``plural_message(...)`` call with literal arguments, and problems.

    Reads the source (no import), so a module that fails to import still has its messages
    extracted. A declaration whose arguments are not string literals is a problem: the
    extractor could not see its text.
    """
    found: list[Declared] = []
    problems: list[str] = []
    for base in dirs:
        for path in sorted((root / base).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
            except SyntaxError as exc:
                problems.append(f"{rel}: cannot parse ({exc.msg})")
                continue
            for node in ast.walk(tree):
                declared = _declaration(node, rel, problems)
                if declared is not None:
                    found.append(declared)
    return found, problems


def _declaration(node: ast.AST, rel: str, problems: list[str]) -> Declared | None:
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name not in DECLARERS or not node.args:
        return None
    first = node.args[0]
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None  # another function that happens to be called `message`
    args = node.args[: DECLARERS[name]]
    if len(args) != DECLARERS[name] or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
        problems.append(f"{rel}:{node.lineno}: {name}({first.value!r}, ...) needs string literals")
        return None
    texts = [a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return Declared(Message(texts[0], texts[1], texts[2] if len(texts) > 2 else None), rel, node.lineno)


def declared_messages(root: Path = ROOT) -> tuple[dict[str, Declared], list[str]]:
    """Declarations by id; two different texts under one id is a problem."""
    found, problems = scan(root)
    by_id: dict[str, Declared] = {}
    for d in found:
        if not re.match(ID_PATTERN, d.message.id):
            problems.append(f"{d.path}:{d.line}: {d.message.id!r} is not a dotted lower-case id")
            continue
        known = by_id.get(d.message.id)
        if known is not None and known.message != d.message:
            problems.append(f"{d.path}:{d.line}: {d.message.id} already declared in {known.path}:{known.line}")
            continue
        by_id.setdefault(d.message.id, d)
    return dict(sorted(by_id.items())), problems


def by_domain(declared: dict[str, Declared]) -> dict[str, dict[str, Declared]]:
    out: dict[str, dict[str, Declared]] = {}
    for msg_id, d in declared.items():
        out.setdefault(d.domain, {})[msg_id] = d
    return dict(sorted(out.items()))


# ---- template and catalogs ---------------------------------------------------------------------
HEADER = """\
# {title} for the tabletop referee bot.
# msgctxt is the message id, msgid the English from the code. Do not edit templates/*.pot or
# locales/zh_Hant by hand: run `python -m i18n extract` and `python -m i18n zh-sync` (i18n/README.md).
#"""
# Fixed, so re-running extract on unchanged code changes no file.
_DATE = datetime(2025, 1, 1, tzinfo=UTC)


def build_template(declared: dict[str, Declared], domain: str = "") -> Catalog:
    template = Catalog(
        domain=domain or None,
        project=PROJECT,
        fuzzy=False,
        header_comment=HEADER.format(title=f"Message template ({domain})" if domain else "Message template"),
        creation_date=_DATE,
        revision_date=_DATE,
    )
    for msg_id, d in declared.items():
        m = d.message
        text: str | tuple[str, str] = m.english if m.plural is None else (m.english, m.plural)
        # File only, no line: other edits to the file would otherwise churn every catalog.
        locations = [(d.path, None)]  # Babel writes a location whose line is None as the file alone
        template.add(text, locations=locations, flags=[BRACE], context=msg_id)  # type: ignore[arg-type]  # see above
    return template


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=locale)


def read_template(domain: str) -> Catalog:
    path = template_path(domain)
    return read(path) if path.exists() else Catalog(domain=domain)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=120, include_previous=True)
    data = buf.getvalue()
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def new_catalog(locale: str, domain: str = "") -> Catalog:
    return Catalog(
        locale=locale,
        domain=domain or None,
        project=PROJECT,
        fuzzy=False,
        header_comment=HEADER.format(title=f"{locale} messages ({domain})" if domain else f"{locale} messages"),
        creation_date=_DATE,
        revision_date=_DATE,
    )


def load_po(locale: str, domain: str) -> Catalog:
    path = po_path(locale, domain)
    return read(path, locale) if path.exists() else new_catalog(locale, domain)


def compile_mo(locale: str, domain: str) -> Path:
    """Write ``<domain>.mo`` beside the ``.po`` (fuzzy entries left out)."""
    catalog = load_po(locale, domain)
    path = mo_path(locale, domain)
    with path.open("wb") as fp:
        write_mo(fp, catalog, use_fuzzy=False)
    return path


# ---- lookups -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    forms: tuple[str, ...]  # one form, or one per plural form of the locale


class Lookup(Protocol):
    """What the renderer needs from a locale's catalogs."""

    def template(self, msg_id: str, count: int | None) -> str | None: ...


@dataclass(frozen=True)
class Table:
    """One catalog's translations by message id, and its plural rule."""

    locale: str
    entries: dict[str, Entry]
    plural: Callable[[int], int]

    def template(self, msg_id: str, count: int | None) -> str | None:
        entry = self.entries.get(msg_id)
        if entry is None:
            return None
        index = self.plural(count) if count is not None and len(entry.forms) > 1 else 0
        return entry.forms[min(index, len(entry.forms) - 1)]


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


def _entries(catalog: Catalog, *, source: bool) -> Iterator[tuple[str, Entry]]:
    for m in catalog:
        if not m.id or not m.context or (m.fuzzy and not source):
            continue
        forms: tuple[Any, ...]
        if source:
            forms = tuple(m.id) if isinstance(m.id, tuple | list) else (m.id,)
        else:
            raw = m.string
            forms = tuple(raw) if isinstance(raw, tuple | list) else (raw,)
            if not all(forms):
                continue
        # Babel's read_mo leaves the context as bytes.
        context = m.context.decode("utf-8") if isinstance(m.context, bytes) else m.context
        yield context, Entry(tuple(str(f) for f in forms))


def _plural_rule(locale: str) -> Callable[[int], int]:
    if locale == EN:
        return _english_plural
    return gettext.c2py(Catalog(locale=locale).plural_expr or "0")


@cache
def domain_table(locale: str, domain: str) -> Table:
    """One domain's lookup table in ``locale``, read once per process, when first needed.

    A compiled ``.mo`` newer than its ``.po`` is used (fast); otherwise the ``.po`` itself is
    read, so a fresh clone renders Chinese with no compile step after ``pip install``.
    """
    if locale == EN:
        return Table(EN, dict(_entries(read_template(domain), source=True)), _english_plural)
    if locale not in TRANSLATED:
        raise KeyError(locale)
    po, mo = po_path(locale, domain), mo_path(locale, domain)
    if mo.exists() and po.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as fp:
            catalog = read_mo(fp)
    elif po.exists():
        catalog = load_po(locale, domain)
    else:
        return Table(locale, {}, _plural_rule(locale))
    expr = catalog.plural_expr or "0"
    return Table(locale, dict(_entries(catalog, source=False)), gettext.c2py(expr))


@dataclass(frozen=True)
class LocaleTables:
    """All of a locale's catalogs: a lookup goes to the id's domain, loaded on first use."""

    locale: str

    def template(self, msg_id: str, count: int | None) -> str | None:
        return domain_table(self.locale, domain_of(msg_id)).template(msg_id, count)

    def plural(self, n: int) -> int:
        return _plural_rule(self.locale)(n)

    @property
    def entries(self) -> dict[str, Entry]:
        """Every domain's entries (for the slash-command translator's English index)."""
        out: dict[str, Entry] = {}
        for domain in domains_on_disk():
            out.update(domain_table(self.locale, domain).entries)
        return out


@cache
def table(locale: str) -> LocaleTables:
    if locale != EN and locale not in TRANSLATED:
        raise KeyError(locale)
    return LocaleTables(locale)


def allowed_placeholders(msg: Message) -> set[str]:
    """What a translation may use: the English placeholders, and the count of a plural."""
    names = msg.placeholders()
    return names | {COUNT} if msg.plural is not None else names
