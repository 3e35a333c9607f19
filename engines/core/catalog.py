"""The rule catalog: every rule id with its title, explanation and rulebook citation.

A game's rules live in `engines/<game>/data/rules.toml`:

    ["aos.build.level"]
    source = "rulebook:000_98ba3dcda373bef6.txt#1: 建造階段"
    title.en = "Build level"
    title.zh-Hant = "建造等級"
    text.en = "..."
    text.zh-Hant = "..."
    note.en = "..."          # optional: where the rule comes from when the rulebook does not settle it
    note.zh-Hant = "..."

`text` states the rule as the game is played here, plainly, as a learner applies it (a lesson shows it after a
wrong answer); `note` says what it rests on when that is not the rulebook's own words: a ruling where the rulebook
is silent, a stand-in value, a published summary (pages show it with the rule's citation, never in a lesson's
hint).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from .texts import WRITTEN, Localized, check_lang

SOURCE_KINDS = ("rulebook:", "public:", "stand-in", "project:")


class Rule:
    __slots__ = ("id", "title", "text", "source", "note")

    def __init__(self, id, title, text, source, note=None):
        self.id, self.title, self.text, self.source, self.note = id, title, text, source, note

    def as_dict(self, lang: str) -> dict:
        return {"title": self.title[lang], "text": self.text[lang], "source": self.source,
                "note": self.note[lang] if self.note else ""}


class RuleCatalog:
    def __init__(self, rules: dict[str, Rule]):
        self.rules = rules

    @classmethod
    def load(cls, *paths: Path) -> "RuleCatalog":
        rules: dict[str, Rule] = {}
        for path in paths:
            try:
                data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
            except (OSError, tomllib.TOMLDecodeError) as exc:
                raise ValueError(f"{path}: cannot read rule catalog: {exc}") from None
            for rule_id, entry in data.items():
                where = f"{path}: rule '{rule_id}'"
                if rule_id in rules:
                    raise ValueError(f"{where}: defined twice")
                source = entry.get("source")
                if not isinstance(source, str) or not source.startswith(SOURCE_KINDS):
                    raise ValueError(f"{where}: 'source' must start with one of {', '.join(SOURCE_KINDS)}")
                unknown = set(entry) - {"source", "title", "text", "note", "borrowed"}   # borrowed: docs only (2009)
                if unknown:
                    raise ValueError(f"{where}: unknown field {', '.join(sorted(unknown))}")
                for field in ("title", "text", "note"):
                    value = entry.get(field)
                    if field == "note" and value is None:
                        continue
                    if not isinstance(value, dict) or any(not isinstance(value.get(l), str) or not value[l].strip()
                                                           for l in WRITTEN):
                        raise ValueError(f"{where}: '{field}' needs a non-empty text in each of {', '.join(WRITTEN)}")
                note = Localized(entry["note"]) if "note" in entry else None
                rules[rule_id] = Rule(rule_id, Localized(entry["title"]), Localized(entry["text"]), source, note)
        return cls(rules)

    def __contains__(self, rule_id):
        return rule_id in self.rules

    def __getitem__(self, rule_id) -> Rule:
        return self.rules[rule_id]

    def get(self, rule_id):
        """The rule, or its nearest catalogued parent ("aos.build.level.next" -> "aos.build.level")."""
        while rule_id:
            if rule_id in self.rules:
                return self.rules[rule_id]
            rule_id = rule_id.rpartition(".")[0]
        return None

    def as_dict(self, lang: str) -> dict:
        check_lang(lang)
        return {rule_id: rule.as_dict(lang) for rule_id, rule in self.rules.items()}
