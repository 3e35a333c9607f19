"""Endeavor's components, read from the data files beside this module and validated."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.data import DataError, Field, check_source, load_toml, validate_entries
from ..core.texts import add_text

DATA = Path(__file__).with_name("data")
ATTRIBUTES = ("industry", "culture", "wealth", "influence")
ACTIONS = ("ship", "occupy", "attack", "payment", "acquire")

BUILDING_SCHEMA = {
    "name": Field(dict, item=str, choices=("en", "zh-Hant")),
    "level": Field(int, low=0, high=5),
    "copies": Field(int, low=1, high=9),
    "icons": Field(dict, required=False, default=dict, choices=ATTRIBUTES, low=0, high=9),
    "glory": Field(int, required=False, default=0, low=0, high=9),
    "actions": Field(list, required=False, default=list, item=str, choices=ACTIONS),
    "combine": Field(str, required=False, default="/", choices=("+", "/")),
    "no_payment": Field(bool, required=False, default=False),
    "special": Field(str, required=False, default="", choices=("", "memorial", "city-hall")),
    "memorial_tracks": Field(list, required=False, default=list, item=str, choices=ATTRIBUTES),
    "side_of": Field(str, required=False, default=""),
}


@dataclass(frozen=True)
class Building:
    id: str
    level: int
    copies: int
    icons: tuple            # one count per attribute, in ATTRIBUTES order
    glory: int
    actions: tuple
    combine: str
    no_payment: bool
    special: str
    memorial_tracks: tuple
    source: str
    known: dict

    @property
    def stand_in(self) -> bool:
        return self.source == "stand-in"

    @property
    def acquire_icons(self) -> int:
        return self.actions.count("acquire")


@dataclass(frozen=True)
class Mat:
    thresholds: tuple
    growth_bonus: int
    max_cards: int
    glory_spaces: tuple
    printed_length: int
    discs: int
    start_on_building: int
    rounds: int
    coastline_slots: int
    level5_in_play: int
    stand_in: bool

    def level(self, value: int) -> int:
        level = 0
        for threshold in self.thresholds:
            if value >= threshold:
                level += 1
        return level

    def track_glory(self, value: int) -> int:
        """The number of the last glory-icon space at or below `value`."""
        best = 0
        for space in self.glory_spaces:
            if space <= value:
                best = space
        return best


def load_buildings(path: Path = DATA / "buildings.toml") -> dict[str, Building]:
    entries = validate_entries(load_toml(path), BUILDING_SCHEMA, str(path))
    buildings = {}
    for name, e in entries.items():
        where = f"{path}: entry '{name}'"
        if set(e["name"]) != {"en", "zh-Hant"}:
            raise DataError(f"{where}: field 'name': needs both 'en' and 'zh-Hant'")
        if (e["level"] == 0) != bool(e["side_of"]):
            raise DataError(f"{where}: field 'side_of': start tiles (level 0) name their tile, other buildings none")
        if e["special"] == "memorial" and not e["memorial_tracks"]:
            raise DataError(f"{where}: field 'memorial_tracks': the Memorial must show at least one track")
        if len(e["actions"]) > 2:
            raise DataError(f"{where}: field 'actions': a building offers at most two actions")
        buildings[name] = Building(
            id=name, level=e["level"], copies=e["copies"],
            icons=tuple(e["icons"].get(a, 0) for a in ATTRIBUTES), glory=e["glory"],
            actions=tuple(e["actions"]), combine=e["combine"], no_payment=e["no_payment"],
            special=e["special"], memorial_tracks=tuple(e["memorial_tracks"]),
            source=e["source"], known=e["known"])
    _check_counts(buildings, path)
    for name, e in entries.items():    # names are registered only once the whole file is valid
        add_text(f"building.{name}", e["name"], str(path))
    return buildings


def _check_counts(buildings: dict[str, Building], path: Path) -> None:
    """The rulebook's totals: 19 types in 49 tiles, and at least one start tile of each side."""
    regular = [b for b in buildings.values() if b.level > 0]
    tiles = sum(b.copies for b in regular)
    if len(regular) != 19 or tiles != 49:
        raise DataError(f"{path}: the rulebook has 19 building types in 49 tiles; "
                        f"this file has {len(regular)} types in {tiles} tiles")
    if not [b for b in buildings.values() if b.level == 0]:
        raise DataError(f"{path}: no start tile (level 0)")
    for level in range(1, 6):
        if not any(b.level == level for b in regular):
            raise DataError(f"{path}: no building of level {level}")


def load_mat(path: Path = DATA / "mat.toml") -> Mat:
    data = load_toml(path)
    sections = {
        "levels": {"thresholds": Field(list, item=int, low=0), "growth_bonus": Field(int, low=0, high=5),
                   "max_cards": Field(int, low=1, high=9)},
        "tracks": {"glory_spaces": Field(list, item=int, low=0), "printed_length": Field(int, low=1)},
        "discs": {"per_player": Field(int, low=1), "start_on_building": Field(int, low=0, high=1)},
        "game": {"rounds": Field(int, low=1, high=20), "coastline_slots": Field(int, low=2),
                 "level5_in_play": Field(int, low=0)},
    }
    values, stand_in = {}, False
    for section, schema in sections.items():
        if section not in data:
            raise DataError(f"{path}: missing table [{section}]")
        entry = validate_entries({section: data[section]}, schema, str(path))[section]
        check_source(entry["source"], f"{path}: [{section}]")
        stand_in |= entry["source"] == "stand-in"
        values.update({f"{section}.{k}": v for k, v in entry.items()})
    thresholds = values["levels.thresholds"]
    if thresholds != sorted(thresholds) or not thresholds or thresholds[0] != 0:
        raise DataError(f"{path}: [levels] thresholds must rise and start at 0, got {thresholds}")
    spaces = values["tracks.glory_spaces"]
    if spaces != sorted(spaces):
        raise DataError(f"{path}: [tracks] glory_spaces must rise, got {spaces}")
    return Mat(tuple(thresholds), values["levels.growth_bonus"], values["levels.max_cards"], tuple(spaces),
               values["tracks.printed_length"], values["discs.per_player"], values["discs.start_on_building"],
               values["game.rounds"], values["game.coastline_slots"], values["game.level5_in_play"], stand_in)
