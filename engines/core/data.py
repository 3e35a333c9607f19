"""Loading component data files, with provenance, and validating them.

A data file is TOML: a table of entries, each with its fields and a `source`:
  rulebook:<file>#<section>  stated in a rulebook
  public:<id> (<note>)       a public fact, described under <id> in docs/sources.md
  stand-in                   the project's own value, respecting every stated count and rule
Any error names the file, the entry and the field, so a teacher who types in the
values from their own copy knows exactly what to fix.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class DataError(ValueError):
    """A component data file is malformed."""


@dataclass(frozen=True)
class Field:
    kind: type | tuple                  # int, str, bool, list, dict
    required: bool = True
    default: Any = None
    choices: tuple | None = None        # allowed values (for lists and dict keys: of each element)
    low: int | None = None              # bounds for ints, and for the values of an int dict
    high: int | None = None
    item: type | None = None            # element type of a list / value type of a dict


SOURCE_FIELD = Field(str)


def _describe(field: Field) -> str:
    name = {int: "an integer", str: "a string", bool: "true or false", list: "a list", dict: "a table"}
    text = name.get(field.kind, str(field.kind))
    if field.low is not None or field.high is not None:
        text += f" from {field.low if field.low is not None else '-inf'} to {field.high if field.high is not None else 'inf'}"
    if field.choices and field.kind is str:
        text += " among " + ", ".join(map(str, field.choices))
    return text


def _check_scalar(value, kind, field: Field) -> bool:
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        return False
    if not isinstance(value, kind):
        return False
    if kind is int and ((field.low is not None and value < field.low) or
                        (field.high is not None and value > field.high)):
        return False
    if kind is str and field.choices and value not in field.choices:
        return False
    return True


def _check(value, field: Field) -> bool:
    if field.kind is list:
        if not isinstance(value, list):
            return False
        item_field = Field(field.item or str, choices=field.choices, low=field.low, high=field.high)
        return all(_check_scalar(v, item_field.kind, item_field) for v in value)
    if field.kind is dict:
        if not isinstance(value, dict):
            return False
        if field.choices and any(k not in field.choices for k in value):
            return False
        item_field = Field(field.item or int, low=field.low, high=field.high)
        return all(_check_scalar(v, item_field.kind, item_field) for v in value.values())
    return _check_scalar(value, field.kind, field)


def check_source(source, where: str) -> None:
    if not isinstance(source, str) or not (
            source == "stand-in" or
            (source.startswith("rulebook:") and "#" in source) or
            (source.startswith("public:") and len(source) > len("public:"))):
        raise DataError(f"{where}: field 'source': expected 'rulebook:<file>#<section>', "
                        f"'public:<where>' or 'stand-in', got {source!r}")


def validate_entries(entries, schema: dict[str, Field], where: str) -> dict[str, dict]:
    """Check each entry of a table against the schema; return entries with defaults filled in."""
    if not isinstance(entries, dict) or not entries:
        raise DataError(f"{where}: expected a non-empty table of entries")
    clean = {}
    for name, entry in entries.items():
        here = f"{where}: entry '{name}'"
        if not isinstance(entry, dict):
            raise DataError(f"{here}: expected a table of fields")
        unknown = sorted(set(entry) - set(schema) - {"source", "known", "note"})
        if unknown:
            raise DataError(f"{here}: unknown field '{unknown[0]}' (known fields: {', '.join(sorted(schema))}, source, known, note)")
        check_source(entry.get("source"), here)
        known = entry.get("known", {})
        if not isinstance(known, dict):
            raise DataError(f"{here}: field 'known': expected a table of field = source")
        for field_name, source in known.items():
            if field_name not in schema:
                raise DataError(f"{here}: field 'known': names unknown field '{field_name}'")
            check_source(source, f"{here}: known.{field_name}")
        out = {"source": entry["source"], "known": known}
        for field_name, field in schema.items():
            if field_name not in entry:
                if field.required:
                    raise DataError(f"{here}: missing field '{field_name}' ({_describe(field)})")
                out[field_name] = field.default() if callable(field.default) else field.default
                continue
            value = entry[field_name]
            if not _check(value, field):
                raise DataError(f"{here}: field '{field_name}': expected {_describe(field)}, got {value!r}")
            out[field_name] = value
        clean[name] = out
    return clean


def load_toml(path: Path) -> dict:
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{path}: cannot read data file: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None


def load_sections(path, data: dict, sections: dict[str, dict[str, Field]]) -> tuple[dict, bool]:
    """A settings file made of tables ([levels], [tracks]...), each with its fields and its own source.

    Returns the values keyed "table.field", and whether any table is a stand-in.
    """
    values, stand_in = {}, False
    for section, schema in sections.items():
        if section not in data:
            raise DataError(f"{path}: missing table [{section}]")
        entry = validate_entries({section: data[section]}, schema, str(path))[section]
        check_source(entry["source"], f"{path}: [{section}]")
        stand_in |= entry["source"] == "stand-in"
        values.update({f"{section}.{k}": v for k, v in entry.items()})
    return values, stand_in
