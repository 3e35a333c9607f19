"""Bilingual texts: every sentence an engine says is a key plus parameters.

Catalogs are TOML files; each entry is a table with one string per language:

    ["aos.build.take"]
    en = "{seat:seat} builds {building:term}."
    zh-Hant = "{seat:seat}建造了{building:term}。"

Catalogs are written in English and Traditional Chinese (the rulebooks' own script). Simplified
Chinese (`zh-Hans`) is generated from the Traditional text when first asked for, with OpenCC's
Taiwan-to-mainland configuration, the project's terms protected and the words kept or replaced that the
zh-Hans.toml files list (see "Simplified Chinese, generated" below). Nobody keeps a zh-Hans text by hand.

Placeholders may name a format that is itself translated:
  {x:seat}   a seat number, shown as "Player 1" / "玩家1"
  {x:term}   x is a key of this catalog (a building, a region...), rendered too
  {x:terms}  a list of keys, joined the way each language joins lists
  {x:seats}  a list of seats
  {x:count(tile|tiles)}  a number with the noun that suits it: "1 tile", "3 tiles" (English needs it;
             Chinese counts with a measure word and writes {x}張 whatever x is)
"""

from __future__ import annotations

import functools
import json
import re
import string
import tempfile
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
# zh-Hans is OpenCC's Taiwan-to-mainland conversion (tw2sp: characters, Taiwan's variants and Taiwan's words
# turned into the mainland's), with two additions made in OpenCC's own configuration:
#   - protected phrases: every Chinese term of TERMINOLOGY.md (the project's words and the rulebooks') and the
#     phrases the zh-Hans.toml files list under `keep`. OpenCC reads each as one word and converts its
#     characters only, as tw2s does: 發展指標 stays 发展指标 (not tw2sp's 发展指针), 白線上 reads 白線 + 上
#     (not 白 + 線上, 在线). Where two protected phrases overlap, the one that starts first wins;
#   - phrase overrides: the `[phrases]` of the zh-Hans.toml files, "what OpenCC gives" = "what mainland
#     readers expect" (空白键 = 空格键), applied last, word by word (never across a protected phrase).
# Every other word OpenCC rewrites (程式 → 程序) is a phrase-level rewrite; engines/core/zh-Hans-approved.toml
# lists the ones the project has checked, and tests/test_simplified.py refuses a new one
# (`python -m engines.core.zh_hans --new` lists them).
_PHRASES: dict[str, str] = {}          # what OpenCC gives -> what mainland readers expect
_PHRASE_SOURCES: dict[str, str] = {}
_KEEP: dict[str, str] = {}             # zh-Hant phrase OpenCC converts character by character -> its source
_OVERRIDE_FILES: set[str] = set()
_SIMPLIFIED: dict[str, str] = {}       # zh-Hant text -> zh-Hans text, filled as texts are asked for
_converter = None

_ROOT = Path(__file__).resolve().parents[2]
TERMINOLOGY = _ROOT / "TERMINOLOGY.md"
OVERRIDE_FILES = ("engines/*/data/zh-Hans.toml", "engines/*/data/*/zh-Hans.toml", "widgets/*/zh-Hans.toml")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]{2,}")


def glossary_terms(markdown: str) -> list[str]:
    """Every Chinese term of a glossary: each run of two or more Chinese characters in its tables' rows
    (the Chinese columns, and the rulebooks' words the notes quote)."""
    found = {run for line in markdown.splitlines() if line.startswith("|") for run in _CJK.findall(line)}
    return sorted(found)


def load_overrides(path: Path) -> None:
    """Add a zh-Hans.toml: `keep`, zh-Hant phrases to convert character by character (OpenCC would rewrite
    them as words), and `[phrases]`, "OpenCC's phrase" = "the mainland term"."""
    if str(Path(path).resolve()) in _OVERRIDE_FILES:
        return
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise TextError(f"{path}: cannot read zh-Hans overrides: {exc}") from None
    unknown = sorted(set(data) - {"phrases", "keep", "note"})
    if unknown:
        raise TextError(f"{path}: unknown table '{unknown[0]}' (expected keep, [phrases] and an optional note)")
    phrases, keep = data.get("phrases", {}), data.get("keep", [])
    if not isinstance(phrases, dict) or not all(isinstance(k, str) and _word(k) and isinstance(v, str) and _word(v)
                                                for k, v in phrases.items()):
        raise TextError(f"{path}: [phrases] must map a phrase to its replacement, both texts without spaces")
    if not isinstance(keep, list) or not all(isinstance(k, str) and len(k) > 1 and _word(k) for k in keep):
        raise TextError(f"{path}: keep must be a list of zh-Hant phrases of two characters or more, without spaces")
    for phrase, replacement in phrases.items():
        if phrase in _PHRASES and _PHRASES[phrase] != replacement:
            raise TextError(f"{path}: phrase '{phrase}' is already overridden in {_PHRASE_SOURCES[phrase]} "
                            f"as '{_PHRASES[phrase]}'")
    for phrase, replacement in phrases.items():
        _PHRASES[phrase] = replacement
        _PHRASE_SOURCES[phrase] = str(path)
    for phrase in keep:
        _KEEP.setdefault(phrase, str(path))
    _OVERRIDE_FILES.add(str(Path(path).resolve()))
    _reset()


def _word(text: str) -> bool:
    return bool(text) and not any(c.isspace() for c in text)


def _reset() -> None:
    global _converter
    _converter = None
    _SIMPLIFIED.clear()


def simplified(text: str) -> str:
    """The Simplified Chinese of a Traditional text (see above)."""
    done = _SIMPLIFIED.get(text)
    if done is None:
        global _converter
        if _converter is None:
            _converter = _opencc()
        done = _SIMPLIFIED[text] = _converter(text)
    return done


def load_all_overrides() -> None:
    """Every zh-Hans.toml of the project (each game's data folder, the widgets'): the conversion uses them all,
    whichever games a program has loaded, so that a text reads the same everywhere."""
    for pattern in OVERRIDE_FILES:
        for path in sorted(_ROOT.glob(pattern)):
            load_overrides(path)


def protected() -> list[str]:
    """The zh-Hant phrases the conversion reads as words and converts character by character: TERMINOLOGY.md's
    terms and the zh-Hans.toml files' `keep`. (TERMINOLOGY.md is read from the checkout: an installed wheel has
    none, and the static site's kernel reads the table `python -m widgets.site` made from a checkout instead.)"""
    terms = glossary_terms(TERMINOLOGY.read_text(encoding="utf-8")) if TERMINOLOGY.exists() else []
    return sorted(set(terms) | set(_KEEP))


GENERATED = Path(__file__).with_name("zh-Hans.generated.toml")


def opencc_config(folder: Path) -> Path:
    """OpenCC's own tw2sp configuration with the project's protected phrases and overrides added (as dictionaries
    written in `folder`): a file OpenCC reads."""
    import opencc
    share = Path(getattr(opencc, "_opencc_share_dir", Path(opencc.__file__).parent / "clib" / "share" / "opencc"))
    config = json.loads((share / "tw2sp.json").read_text(encoding="utf-8"))

    def absolute(node):
        if isinstance(node, dict):
            return {k: (str(share / v) if k == "file" else absolute(v)) for k, v in node.items()}
        return [absolute(v) for v in node] if isinstance(node, list) else node

    def dictionary(name, entries):
        path = folder / name
        path.write_text("".join(f"{k}\t{v}\n" for k, v in sorted(entries.items())), encoding="utf-8")
        return {"type": "text", "file": str(path)}

    def first(node, added):
        """`node` (a dictionary or a group) with `added` looked up before it: the first dictionary of a group
        that knows a phrase converts it (OpenCC's "short_circuit" policy, its default)."""
        if node.get("type") == "group":
            return {**node, "dicts": [added, *node["dicts"]]}
        return {"type": "group", **policy, "dicts": [added, node]}

    config = absolute(config)
    policy = {k: v for k, v in config["conversion_chain"][0]["dict"].items() if k == "match_policy"}
    words = protected()
    if words:
        variants = opencc.OpenCC("tw2t").convert          # Taiwan's variants, as tw2s's first step turns them
        # Terms of three characters or more are also cut out as words before anything is converted, so that no
        # rewrite or override straddles one (另加總督牌位置 is 另加 + 總督牌位置, never 加總 + 督牌位置); shorter ones
        # are protected where they start, so that an override may still take a phrase holding one (平手玩家).
        config["segmentation"]["dict"] = first(config["segmentation"]["dict"],
                                               dictionary("protected.txt", {w: w for w in words if len(w) > 2}))
        step = config["conversion_chain"][0]
        step["dict"] = first(step["dict"], dictionary("characters.txt", {w: variants(w) for w in words}))
    if _PHRASES:
        config["conversion_chain"].append({"dict": dictionary("phrases.txt", _PHRASES)})
    path = folder / "zh-Hans.json"
    path.write_text(json.dumps(config, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def _opencc():
    """The conversion; where OpenCC cannot be installed (it is compiled: in the browser, with Pyodide) the
    table `python -m widgets.site` generated with it instead (engines/core/zh-Hans.generated.toml): every
    zh-Hant text of the project, and character by character for a text it does not hold."""
    try:
        return opencc_converter()
    except ImportError:
        if not GENERATED.exists():
            raise
    table = tomllib.loads(GENERATED.read_text(encoding="utf-8"))
    texts, chars = table["texts"], table["chars"]
    load_all_overrides()
    return lambda text: texts.get(text) or replaced("".join(chars.get(c, c) for c in text), _PHRASES)


def replaced(text: str, phrases: dict[str, str]) -> str:
    """`text` with `phrases` replaced, the longest first where two start at one place."""
    if not phrases:
        return text
    pattern = re.compile("|".join(map(re.escape, sorted(phrases, key=len, reverse=True))))
    return pattern.sub(lambda m: phrases[m[0]], text)


def opencc_converter():
    """The conversion with OpenCC (ImportError without it): zh-Hant text -> zh-Hans text, the `keep` phrases,
    TERMINOLOGY.md's terms and the `[phrases]` of every zh-Hans.toml of the project included."""
    import opencc             # loaded only when zh-Hans is first asked for
    load_all_overrides()
    with tempfile.TemporaryDirectory(prefix="zh-Hans-") as folder:
        return opencc.OpenCC(str(opencc_config(Path(folder)))).convert


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
    return fill(template(key, lang), params, lang)


def fill(text: str, params: dict, lang: str = DEFAULT_LANG) -> str:
    """A text of `lang` with its placeholders filled in, in the formats above."""
    formatter = _FORMATTERS[check_lang(lang)]
    pieces = _pieces(text)
    if pieces is None:
        return formatter.vformat(text, (), params)
    out = []
    for literal, field, spec, conversion in pieces:
        out.append(literal)
        if field is not None:
            value = params[field]
            if conversion:
                value = formatter.convert_field(value, conversion)
            out.append(formatter.format_field(value, spec))
    return "".join(out)


@functools.lru_cache(maxsize=8192)
def _pieces(text: str):
    """A template cut once into (literal, field, spec, conversion) pieces, since a page fills the same few
    hundred templates again at every step; None where a field needs string.Formatter's own reading (an
    attribute, an index, a position or a nested spec)."""
    pieces = []
    for literal, field, spec, conversion in string.Formatter().parse(text):
        if field is not None and (not field.isidentifier() or "{" in (spec or "")):
            return None
        pieces.append((literal, field, spec or "", conversion))
    return tuple(pieces)


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
