"""Update the rules' message catalogue: extract, merge, compile (no dependency beyond Python).

    python tools/update_catalogue.py          # extract, merge each .po, write each .mo
    python tools/update_catalogue.py --check  # exit 1 when a .po or .mo is out of date

Extraction reads the source with ``ast``: every call of ``_``, ``N_`` or ``ngettext`` whose message
arguments are string literals, in ``siegeboard/rules``, ``siegeboard/report`` and
``siegeboard/share`` (the packages that speak through ``siegeboard.rules.messages``). Merging
keeps every translation whose msgid (and plural) the source still uses, adds the new msgids
with an empty msgstr and drops the ones no longer used. Compiling writes GNU's ``.mo`` format
(what ``gettext.GNUTranslations`` reads): untranslated entries are left out, so they read as
English. ``tests/rules/test_messages.py`` runs these functions in memory against the files.
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("siegeboard/rules", "siegeboard/report", "siegeboard/share")
LOCALE = ROOT / "resources" / "locale"
DOMAIN = "siegeboard"
HEADERS = {
    "de": ("Project-Id-Version: siegeboard\n"
           "Language: de\n"
           "MIME-Version: 1.0\n"
           "Content-Type: text/plain; charset=UTF-8\n"
           "Content-Transfer-Encoding: 8bit\n"
           "Plural-Forms: nplurals=2; plural=(n != 1);\n"),
}
NPLURALS = {"de": 2}

Key = tuple[str, str | None]  # (msgid, msgid_plural)


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    references: list[str] = field(default_factory=list)

    @property
    def key(self) -> Key:
        return (self.msgid, self.plural)


# ------------------------------------------------------------------------ extraction -------

def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def messages_of(source: str, name: str) -> list[tuple[Key, int]]:
    """The msgids of one module's text: ``((msgid, plural), line)`` of each ``_("...")`` and
    ``ngettext("...", "...", n)`` call with literal messages."""
    found: list[tuple[Key, int]] = []
    for node in ast.walk(ast.parse(source, filename=name)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id in ("_", "N_") and len(node.args) == 1:
            msgid = _literal(node.args[0])
            if msgid is not None:
                found.append(((msgid, None), node.lineno))
        elif node.func.id == "ngettext" and len(node.args) == 3:
            singular, plural = _literal(node.args[0]), _literal(node.args[1])
            if singular is not None and plural is not None:
                found.append(((singular, plural), node.lineno))
    return found


def extract(root: Path = ROOT) -> dict[Key, list[str]]:
    """Every msgid the source uses, with the modules that use it, in the order first met.
    The references name modules, not lines, so an edit elsewhere in a module leaves the .po
    as it is."""
    keys: dict[Key, list[str]] = {}
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            for key, _line in messages_of(path.read_text(encoding="utf-8"), name):
                where = keys.setdefault(key, [])
                if name not in where:
                    where.append(name)
    return keys


# --------------------------------------------------------------------------- the .po -------

def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    assert isinstance(value, str)
    return value


def read_po(text: str) -> tuple[str, list[Entry]]:
    """The header's msgstr and the entries of a .po (as this tool writes it, or msgmerge)."""
    entries: list[Entry] = []
    header = ""
    fields: dict[str, str] = {}
    references: list[str] = []
    last: str | None = None

    def finish() -> None:
        nonlocal fields, references, header
        if "msgid" in fields:
            if fields["msgid"] == "":
                header = fields.get("msgstr", "")
            else:
                forms = sorted(k for k in fields if k.startswith("msgstr["))
                msgstr = [fields[k] for k in forms] if forms else [fields.get("msgstr", "")]
                entries.append(Entry(fields["msgid"], fields.get("msgid_plural"), msgstr,
                                     references))
        fields, references = {}, []

    for raw in text.splitlines() + [""]:
        line = raw.strip()
        if not line or line.startswith("#~"):
            if fields:
                finish()
            last = None
            continue
        if line.startswith("#"):
            if fields:
                finish()
            if line.startswith("#:"):
                references.extend(line[2:].split())
            continue
        if line.startswith('"'):
            assert last is not None, f"a continued string with nothing before it: {raw!r}"
            fields[last] += _unquote(line)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in fields:
            finish()
        fields[keyword] = _unquote(rest)
        last = keyword
    return header, entries


def _quoted(text: str) -> str:
    escaped = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
               .replace("\n", "\\n"))
    return f'"{escaped}"'


def _field(keyword: str, text: str) -> str:
    if "\n" not in text.rstrip("\n"):
        return f"{keyword} {_quoted(text)}\n"
    pieces = text.splitlines(keepends=True)
    return f'{keyword} ""\n' + "".join(_quoted(piece) + "\n" for piece in pieces)


def write_po(header: str, entries: list[Entry]) -> str:
    out = ["# German messages of siegeboard's rules, log and printed pages.\n",
           "# Made by tools/update_catalogue.py; translate the msgstr lines only.\n",
           'msgid ""\n', _field("msgstr", header)]
    for entry in entries:
        out.append("\n")
        if entry.references:
            out.append("#: " + " ".join(entry.references) + "\n")
        if "{" in entry.msgid:
            out.append("#, python-brace-format\n")
        out.append(_field("msgid", entry.msgid))
        if entry.plural is None:
            out.append(_field("msgstr", entry.msgstr[0]))
        else:
            out.append(_field("msgid_plural", entry.plural))
            for index, form in enumerate(entry.msgstr):
                out.append(_field(f"msgstr[{index}]", form))
    return "".join(out)


def merge(code: str, old: list[Entry], keys: dict[Key, list[str]]) -> list[Entry]:
    """The entries of ``keys`` in source order, with the translations ``old`` has for them."""
    known = {entry.key: entry for entry in old}
    forms = NPLURALS[code]
    merged = []
    for key, references in keys.items():
        before = known.get(key)
        if key[1] is None:
            msgstr = before.msgstr[:1] if before is not None else [""]
        else:
            msgstr = list(before.msgstr) if before is not None else []
            msgstr = (msgstr + [""] * forms)[:forms]
        merged.append(Entry(key[0], key[1], msgstr, references))
    return merged


# --------------------------------------------------------------------------- the .mo -------

def compile_mo(header: str, entries: list[Entry]) -> bytes:
    """GNU's .mo of the translated entries (little-endian, no hash table), keys sorted."""
    pairs = {b"": header.encode("utf-8")}
    for entry in entries:
        if not all(entry.msgstr):
            continue  # untranslated: gettext gives the English msgid
        key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        pairs[key.encode("utf-8")] = "\0".join(entry.msgstr).encode("utf-8")
    keys = sorted(pairs)
    count = len(keys)
    originals_at = 28
    translations_at = originals_at + 8 * count
    data_at = translations_at + 8 * count
    table_o, table_t, blob = [], [], bytearray()
    for key in keys:
        table_o.append((len(key), data_at + len(blob)))
        blob += key + b"\0"
    for key in keys:
        value = pairs[key]
        table_t.append((len(value), data_at + len(blob)))
        blob += value + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    tables = b"".join(struct.pack("<2I", *pair) for pair in table_o + table_t)
    return head + tables + bytes(blob)


# ------------------------------------------------------------------------------ run --------

def paths(code: str, locale: Path = LOCALE) -> tuple[Path, Path]:
    folder = locale / code / "LC_MESSAGES"
    return folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"


def updated(code: str, po_text: str | None, keys: dict[Key, list[str]]) -> tuple[str, bytes]:
    """The .po text and .mo bytes of ``code`` after merging ``keys`` into ``po_text``."""
    header, old = read_po(po_text) if po_text else (HEADERS[code], [])
    entries = merge(code, old, keys)
    text = write_po(header or HEADERS[code], entries)
    return text, compile_mo(*read_po(text))


def main(argv: list[str]) -> int:
    check = "--check" in argv
    keys = extract()
    stale = []
    for code in HEADERS:
        po, mo = paths(code)
        text, binary = updated(code, po.read_text(encoding="utf-8") if po.exists() else None,
                               keys)
        _, entries = read_po(text)
        missing = sum(1 for entry in entries if not all(entry.msgstr))
        if check:
            if not po.exists() or po.read_text(encoding="utf-8") != text:
                stale.append(str(po))
            if not mo.exists() or mo.read_bytes() != binary:
                stale.append(str(mo))
        else:
            po.parent.mkdir(parents=True, exist_ok=True)
            po.write_text(text, encoding="utf-8")
            mo.write_bytes(binary)
        print(f"{code}: {len(entries)} messages, {missing} untranslated")
    for path in stale:
        print(f"not up to date: {path}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
