"""Bilingual texts: every sentence an engine says is a key plus parameters.

Catalogs are TOML files; each entry is a table with one string per language:

    ["aos.build.take"]
    en = "{seat:seat} builds {building:term}."
    zh-Hant = "{seat:seat}建造了{building:term}。"

Catalogs are written in English and Traditional Chinese (the rulebooks' own script). Simplified
Chinese (`zh-Hans`) is generated from the Traditional text with OpenCC's Taiwan-to-mainland phrase
configuration when first asked for, then corrected by the phrase overrides a game keeps in
`data/zh-Hans.toml` (the few terms that differ by region). Nobody keeps a zh-Hans text by hand.

Placeholders may name a format that is itself translated:
  {x:seat}   a seat number, shown as "Player 1" / "玩家1"
  {x:term}   x is a key of this catalog (a building, a region...), rendered too
  {x:terms}  a list of keys, joined the way each language joins lists
  {x:seats}  a list of seats
  {x:count(tile|tiles)}  a number with the noun that suits it: "1 tile", "3 tiles" (English needs it;
             Chinese counts with a measure word and writes {x}張 whatever x is)
"""

from __future__ import annotations

import string
import tomllib
from pathlib import Path

LANGS = ("en", "zh-Hant", "zh-Hans")
WRITTEN = ("en", "zh-Hant")          # the languages a catalog holds; zh-Hans is generated
DEFAULT_LANG = "en"
LANG_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}

_CATALOG: dict[str, dict[str, str]] = {}
_SOURCES: dict[str, str] = {}
_JOINERS = {"en": ", ", "zh-Hant": "、", "zh-Hans": "、"}


class TextError(ValueError):
    """A text catalog is malformed."""


def load_catalog(path: Path) -> None:
    """Add the texts of one TOML file to the shared catalog; a key may be defined once."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise TextError(f"{path}: cannot read text catalog: {exc}") from None
    for key, entry in data.items():
        if not isinstance(entry, dict) or not all(isinstance(v, str) for v in entry.values()):
            raise TextError(f"{path}: text '{key}': expected a table of strings, one per language")
        missing = [lang for lang in WRITTEN if lang not in entry]
        if missing:
            raise TextError(f"{path}: text '{key}': missing language {', '.join(missing)}")
        unknown = [lang for lang in entry if lang not in WRITTEN]
        if unknown:
            raise TextError(f"{path}: text '{key}': unknown language {', '.join(unknown)}"
                            + (" (zh-Hans is generated from zh-Hant)" if "zh-Hans" in unknown else ""))
        if key in _CATALOG and _SOURCES[key] != str(path):
            raise TextError(f"{path}: text '{key}' is already defined in {_SOURCES[key]}")
        _CATALOG[key] = entry
        _SOURCES[key] = str(path)


def add_text(key: str, entry: dict, source: str) -> None:
    """Add one text from a data file (a component's name, say); redefining it from the same file,
    or with the same texts, is fine."""
    if key in _CATALOG and _SOURCES[key] != source:
        if _CATALOG[key] == entry:
            return
        raise TextError(f"{source}: text '{key}' is already defined in {_SOURCES[key]}")
    _CATALOG[key] = entry
    _SOURCES[key] = source


def has_text(key: str) -> bool:
    return key in _CATALOG


def catalog_keys() -> list[str]:
    return sorted(_CATALOG)


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language '{lang}': choose one of {', '.join(LANGS)}")
    return lang


def template(key: str, lang: str) -> str:
    entry = _CATALOG.get(key)
    if entry is None:
        return "⟨" + key + "⟩"  # visible, never a crash: a test checks every key exists
    if lang == "zh-Hans":
        return simplified(entry["zh-Hant"])
    return entry.get(lang) or entry[DEFAULT_LANG]


# -- Simplified Chinese, generated ------------------------------------------------------------------
_PHRASES: dict[str, str] = {}          # what OpenCC gives -> what mainland readers expect
_PHRASE_SOURCES: dict[str, str] = {}
_SIMPLIFIED: dict[str, str] = {}       # zh-Hant text -> zh-Hans text, filled as texts are asked for
_converter = None


def load_overrides(path: Path) -> None:
    """Add a game's zh-Hans phrase overrides (`[phrases]` "OpenCC's phrase" = "the mainland term")."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise TextError(f"{path}: cannot read zh-Hans overrides: {exc}") from None
    phrases = data.get("phrases", {})
    if not isinstance(phrases, dict) or not all(isinstance(k, str) and k and isinstance(v, str)
                                                for k, v in phrases.items()):
        raise TextError(f"{path}: [phrases] must map a phrase to its replacement, both texts")
    unknown = sorted(set(data) - {"phrases", "note"})
    if unknown:
        raise TextError(f"{path}: unknown table '{unknown[0]}' (expected [phrases] and an optional note)")
    for phrase, replacement in phrases.items():
        if phrase in _PHRASES and _PHRASES[phrase] != replacement:
            raise TextError(f"{path}: phrase '{phrase}' is already overridden in {_PHRASE_SOURCES[phrase]} "
                            f"as '{_PHRASES[phrase]}'")
        _PHRASES[phrase] = replacement
        _PHRASE_SOURCES[phrase] = str(path)
    _SIMPLIFIED.clear()


def simplified(text: str) -> str:
    """The Simplified Chinese of a Traditional text: OpenCC (tw2sp), then the phrase overrides."""
    done = _SIMPLIFIED.get(text)
    if done is None:
        global _converter
        if _converter is None:
            _converter = _opencc()
        done = _converter(text)
        for phrase, replacement in _PHRASES.items():
            done = done.replace(phrase, replacement)
        _SIMPLIFIED[text] = done
    return done


GENERATED = Path(__file__).with_name("zh-Hans.generated.toml")


def _opencc():
    """OpenCC's tw2sp conversion; where OpenCC cannot be installed (it is compiled: in the browser, with
    Pyodide) the table `python -m widgets.site` generated with OpenCC instead: every zh-Hant text of the
    project, and character by character for a text it does not hold."""
    try:
        import opencc             # loaded only when zh-Hans is first asked for
        return opencc.OpenCC("tw2sp").convert
    except ImportError:
        if not GENERATED.exists():
            raise
    table = tomllib.loads(GENERATED.read_text(encoding="utf-8"))
    texts, chars = table["texts"], table["chars"]
    return lambda text: texts.get(text) or "".join(chars.get(c, c) for c in text)


def localized(texts: dict, lang: str) -> str:
    """One text of a {lang: text} table written in en and zh-Hant (rule titles, lesson steps...)."""
    if lang == "zh-Hans":
        return simplified(texts["zh-Hant"])
    return texts[lang]


class Localized(dict):
    """A {lang: text} table that also answers zh-Hans, generated from its zh-Hant."""

    def __missing__(self, lang):
        if lang == "zh-Hans" and "zh-Hant" in self:
            return simplified(dict.__getitem__(self, "zh-Hant"))
        raise KeyError(lang)


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, spec):
        if spec == "seat":
            if isinstance(value, str):          # a neutral owner a game names, e.g. "silent"
                return render(f"seat.{value}", {}, self.lang)
            return template("core.seat", self.lang).format(n=value + 1)
        if spec == "term":
            return render(value, {}, self.lang)
        if spec == "seats":
            return _JOINERS[self.lang].join(self.format_field(v, "seat") for v in value)
        if spec == "terms":
            return _JOINERS[self.lang].join(render(v, {}, self.lang) for v in value)
        if spec.startswith("count(") and spec.endswith(")"):
            one, _, many = spec[6:-1].partition("|")
            return f"{value} {one if value == 1 else many or one}"
        if isinstance(value, Text):
            return value.render(self.lang)
        return super().format_field(value, spec)


_FORMATTERS = {lang: _Formatter(lang) for lang in LANGS}


def render(key: str, params: dict, lang: str = DEFAULT_LANG) -> str:
    return _FORMATTERS[check_lang(lang)].vformat(template(key, lang), (), params)


class Text:
    """A translatable sentence: a catalog key and its parameters (JSON values or Texts)."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params):
        self.key = key
        self.params = params

    def render(self, lang: str = DEFAULT_LANG) -> str:
        return render(self.key, self.params, lang)

    def __str__(self):
        return self.render(DEFAULT_LANG)

    def __repr__(self):
        return f"Text({self.key!r}, {self.params!r})"

    def __eq__(self, other):
        return isinstance(other, Text) and (self.key, self.params) == (other.key, other.params)

    def to_json(self):
        return {"key": self.key, "params": {k: (v.to_json() if isinstance(v, Text) else v)
                                            for k, v in self.params.items()}}
