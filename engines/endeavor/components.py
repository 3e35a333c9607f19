"""Endeavor's components, read from the data files of each edition and validated.

Both editions share the kinds of component (buildings, asset cards and governors, trade tokens or
achievement markers, the player mat, the map); an `Edition` says where its data files are, which totals
its rulebook states (the loader checks them), and how its data files and texts name things.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path

from ..core.data import DataError, Field, check_source, load_sections, load_toml, validate_entries
from ..core.texts import add_text

DATA = Path(__file__).with_name("data")
ATTRIBUTES = ("industry", "culture", "wealth", "influence")     # the engine's names of the four tracks
ACTIONS = ("ship", "occupy", "attack", "payment", "acquire")
REGIONS = ("africa", "south-america", "caribbean", "north-america", "india", "far-east")
DECKS = ("europe", "slavery") + REGIONS


@dataclass(frozen=True)
class Edition:
    """One edition: its data folder, the totals its rulebook states, and its names.

    `attributes` are the four tracks as the edition's data files and rulebook name them (2009: Finance and
    Politics for Age of Sail's Wealth and Influence), in the engine's order. `names` prefixes the text
    keys of its component names ("building.market" in Age of Sail, "e2009.building.market" in 2009: apart from the
    "e09." rule and text keys, since an action and a rule may share a name), so
    that each edition keeps its own words."""
    prefix: str                      # of rule ids and texts: "aos", "e09"
    data: Path
    names: str
    attributes: tuple
    building_types: int
    building_tiles: int
    copies_by_level: tuple = ()      # copies of each type of levels 1-5, where the rulebook states them
    types_per_level: int = 0
    tokens: int = 95
    token_kinds: int | None = 8      # None: the rulebook does not say
    token_word: str = "trade tokens"
    europe_cities: int | None = None
    fleets: bool = True
    maps: tuple = (("A", "map-A.toml"), ("B", "map-B.toml"))    # (side, file); side None: one board


AGE_OF_SAIL = Edition("aos", DATA, "", ATTRIBUTES, building_types=19, building_tiles=49)
ENDEAVOR_2009 = Edition("e09", DATA / "2009", "e2009.", ("industry", "culture", "finance", "politics"),
                        building_types=15, building_tiles=45, copies_by_level=(5, 4, 3, 2, 1), types_per_level=3,
                        tokens=104, token_kinds=None, token_word="achievement markers", europe_cities=10,
                        fleets=False, maps=((None, "map.toml"),))

def _building_schema(edition: Edition) -> dict:
    names = edition.attributes
    return {
        "name": Field(dict, item=str, choices=("en", "zh-Hant")),
        "level": Field(int, low=0, high=5),
        "copies": Field(int, low=1, high=9),
        "icons": Field(dict, required=False, default=dict, choices=names, low=0, high=9),
        "glory": Field(int, required=False, default=0, low=0, high=9),
        "actions": Field(list, required=False, default=list, item=str, choices=ACTIONS),
        "combine": Field(str, required=False, default="/", choices=("+", "/")),
        "no_payment": Field(bool, required=False, default=False),
        "special": Field(str, required=False, default="", choices=("", "memorial", "city-hall")),
        "memorial_tracks": Field(list, required=False, default=list, item=str, choices=names),
        "side_of": Field(str, required=False, default=""),
    }


BUILDING_SCHEMA = _building_schema(AGE_OF_SAIL)


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
    extenders: bool = True      # False: a track stops at its printed end (icons beyond it are still counted)

    def shown(self, icons: int) -> int:
        """Where the cube stands for this many icons: beyond the printed end only with extenders."""
        return icons if self.extenders else min(icons, self.printed_length)

    def level(self, value: int) -> int:
        """How many thresholds `value` reaches (asked many times a move: load_mat checks that the
        thresholds rise, so a binary search counts them)."""
        return bisect_right(self.thresholds, value)

    def track_glory(self, value: int) -> int:
        """The number of the last glory-icon space at or below `value`."""
        best = 0
        for space in self.glory_spaces:
            if space <= value:
                best = space
        return best


def load_buildings(path: Path | None = None, edition: Edition = AGE_OF_SAIL) -> dict[str, Building]:
    path = path or edition.data / "buildings.toml"
    names = edition.attributes
    entries = validate_entries(load_toml(path), _building_schema(edition), str(path))
    buildings = {}
    for name, e in entries.items():
        where = f"{path}: entry '{name}'"
        if set(e["name"]) != {"en", "zh-Hant"}:
            raise DataError(f"{where}: field 'name': needs both 'en' and 'zh-Hant'")
        if (e["level"] == 0) != bool(e["side_of"]):
            raise DataError(f"{where}: field 'side_of': start buildings (level 0) name their tile or board, "
                            "other buildings none")
        if e["special"] == "memorial" and not e["memorial_tracks"]:
            raise DataError(f"{where}: field 'memorial_tracks': the Memorial must show at least one track")
        if len(e["actions"]) > 2:
            raise DataError(f"{where}: field 'actions': a building offers at most two actions")
        buildings[name] = Building(
            id=name, level=e["level"], copies=e["copies"],
            icons=tuple(e["icons"].get(a, 0) for a in names), glory=e["glory"],
            actions=tuple(e["actions"]), combine=e["combine"], no_payment=e["no_payment"],
            special=e["special"], memorial_tracks=tuple(ATTRIBUTES[names.index(a)] for a in e["memorial_tracks"]),
            source=e["source"], known=e["known"])
    _check_counts(buildings, path, edition)
    for name, e in entries.items():    # names are registered only once the whole file is valid
        add_text(f"{edition.names}building.{name}", e["name"], str(path))
    return buildings


def _check_counts(buildings: dict[str, Building], path: Path, edition: Edition) -> None:
    """The rulebook's totals (Age of Sail: 19 types in 49 tiles; 2009: 15 types in 45 tiles, 3 types a
    level with 5/4/3/2/1 copies), and at least one start building (level 0)."""
    regular = [b for b in buildings.values() if b.level > 0]
    tiles = sum(b.copies for b in regular)
    if len(regular) != edition.building_types or tiles != edition.building_tiles:
        raise DataError(f"{path}: the rulebook has {edition.building_types} building types in "
                        f"{edition.building_tiles} tiles; this file has {len(regular)} types in {tiles} tiles")
    if not [b for b in buildings.values() if b.level == 0]:
        raise DataError(f"{path}: no start building (level 0)")
    for level in range(1, 6):
        at_level = [b for b in regular if b.level == level]
        if not at_level:
            raise DataError(f"{path}: no building of level {level}")
        if edition.types_per_level and len(at_level) != edition.types_per_level:
            raise DataError(f"{path}: the rulebook has {edition.types_per_level} building types of each level; "
                            f"level {level} has {len(at_level)}")
        wrong = [b.id for b in at_level if edition.copies_by_level and b.copies != edition.copies_by_level[level - 1]]
        if wrong:
            raise DataError(f"{path}: entry '{wrong[0]}': field 'copies': the rulebook has "
                            f"{edition.copies_by_level[level - 1]} copies of each level-{level} building")


def load_mat(path: Path | None = None, edition: Edition = AGE_OF_SAIL) -> Mat:
    path = path or edition.data / "mat.toml"
    data = load_toml(path)
    sections = {
        "levels": {"thresholds": Field(list, item=int, low=0), "growth_bonus": Field(int, low=0, high=5),
                   "max_cards": Field(int, low=1, high=9)},
        "tracks": {"glory_spaces": Field(list, item=int, low=0), "printed_length": Field(int, low=1),
                   "extenders": Field(bool, required=False, default=True)},
        "discs": {"per_player": Field(int, low=1), "start_on_building": Field(int, low=0, high=1)},
        "game": {"rounds": Field(int, low=1, high=20), "coastline_slots": Field(int, low=2),
                 "level5_in_play": Field(int, low=0)},
    }
    values, stand_in = load_sections(path, data, sections)
    thresholds = values["levels.thresholds"]
    if thresholds != sorted(thresholds) or not thresholds or thresholds[0] != 0:
        raise DataError(f"{path}: [levels] thresholds must rise and start at 0, got {thresholds}")
    spaces = values["tracks.glory_spaces"]
    if spaces != sorted(spaces):
        raise DataError(f"{path}: [tracks] glory_spaces must rise, got {spaces}")
    return Mat(tuple(thresholds), values["levels.growth_bonus"], values["levels.max_cards"], tuple(spaces),
               values["tracks.printed_length"], values["discs.per_player"], values["discs.start_on_building"],
               values["game.rounds"], values["game.coastline_slots"], values["game.level5_in_play"], stand_in,
               values["tracks.extenders"])


# == asset cards and governors ==================================================
def _card_schema(edition: Edition) -> dict:
    return {
        "name": Field(dict, item=str, choices=("en", "zh-Hant")),
        "deck": Field(str, choices=DECKS),
        "value": Field(int, low=0, high=5),
        "icons": Field(dict, required=False, default=dict, choices=edition.attributes, low=0, high=9),
        "glory": Field(int, required=False, default=0, low=0, high=9),
        "population": Field(int, required=False, default=0, low=0, high=3),
        "abolition": Field(bool, required=False, default=False),
        "governor": Field(bool, required=False, default=False),
    }


CARD_SCHEMA = _card_schema(AGE_OF_SAIL)


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    value: int
    icons: tuple
    glory: int
    population: int
    abolition: bool
    governor: bool
    source: str

    @property
    def slavery(self) -> bool:
        return self.deck == "slavery"


def load_cards(path: Path | None = None, edition: Edition = AGE_OF_SAIL) -> dict[str, Card]:
    path = path or edition.data / "cards.toml"
    entries = validate_entries(load_toml(path), _card_schema(edition), str(path))
    cards = {name: Card(name, e["deck"], e["value"], tuple(e["icons"].get(a, 0) for a in edition.attributes),
                        e["glory"], e["population"], e["abolition"], e["governor"], e["source"])
             for name, e in entries.items()}
    # The rulebook's structure: decks of values 1-5 per region, 0-5 for Europe and Slavery, one governor a region.
    for deck in DECKS:
        values = sorted(c.value for c in cards.values() if c.deck == deck and not c.governor)
        wanted = list(range(0 if deck in ("europe", "slavery") else 1, 6))
        if values != wanted:
            raise DataError(f"{path}: deck '{deck}' must hold one card of each value {wanted[0]}-5, has {values}")
    for region in REGIONS:
        governors = [c.id for c in cards.values() if c.governor and c.deck == region]
        if len(governors) != 1:
            raise DataError(f"{path}: region '{region}' needs exactly one governor, has {len(governors)}")
    if [(c.deck, c.value) for c in cards.values() if c.abolition] != [("europe", 5)]:
        raise DataError(f"{path}: exactly one card, the Europe 5, abolishes slavery")
    for name, e in entries.items():
        add_text(f"{edition.names}card.{name}", e["name"], str(path))
    return cards


# == trade tokens ==================================================================
def _token_schema(edition: Edition) -> dict:
    return {
        "name": Field(dict, item=str, choices=("en", "zh-Hant")),
        "attribute": Field(str, required=False, default="", choices=("",) + edition.attributes),
        "actions": Field(list, required=False, default=list, item=str, choices=ACTIONS),
        "count": Field(int, low=1, high=edition.tokens),
    }


TOKEN_SCHEMA = _token_schema(AGE_OF_SAIL)


@dataclass(frozen=True)
class TokenKind:
    id: str
    attribute: int | None     # index into ATTRIBUTES for a brown token
    actions: tuple            # for a blue token: one action, or a choice of several
    count: int


def load_tokens(path: Path | None = None, edition: Edition = AGE_OF_SAIL) -> dict[str, TokenKind]:
    path = path or edition.data / "tokens.toml"
    entries = validate_entries(load_toml(path), _token_schema(edition), str(path))
    kinds = {}
    for name, e in entries.items():
        if bool(e["attribute"]) == bool(e["actions"]):
            raise DataError(f"{path}: entry '{name}': a token has either an attribute or actions")
        kinds[name] = TokenKind(name, edition.attributes.index(e["attribute"]) if e["attribute"] else None,
                                tuple(e["actions"]), e["count"])
    total = sum(k.count for k in kinds.values())
    if total != edition.tokens or (edition.token_kinds is not None and len(kinds) != edition.token_kinds):
        kinds_stated = f" of {edition.token_kinds} kinds" if edition.token_kinds is not None else ""
        raise DataError(f"{path}: the rulebook has {edition.tokens} {edition.token_word}{kinds_stated}; "
                        f"this file has {total} of {len(kinds)}")
    if {k.attribute for k in kinds.values() if k.attribute is not None} != set(range(4)):
        raise DataError(f"{path}: every track needs its kind of brown token")
    for name, e in entries.items():
        add_text(f"{edition.names}token.{name}", e["name"], str(path))
    return kinds


# == the map, one file per board side ===============================================
def _point(value) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value)


REGION_SCHEMA = {
    "name": Field(dict, item=str, choices=("en", "zh-Hant")),
    "track": Field(int, low=0, high=12),
    "decks": Field(list, item=str, choices=DECKS),
    "label": Field(list, item=(int, float)), "area": Field(list, item=(int, float)),
    "deck_at": Field(list, item=(int, float)),
    "track_at": Field(list, required=False, default=list, item=list),
    "sea_at": Field(list, required=False, default=list, item=(int, float)),
    "slavery_at": Field(list, required=False, default=list, item=(int, float)),
    "discard_at": Field(list, required=False, default=list, item=(int, float)),
}
SPACE_SCHEMA = {
    "region": Field(str, choices=("europe",) + REGIONS),
    "kind": Field(str, choices=("city", "fleet")),
    "glory": Field(int, low=0, high=2),
    "name": Field(dict, item=str, choices=("en", "zh-Hant")),
    "at": Field(list, item=(int, float)),
}
CONNECTION_SCHEMA = {"a": Field(str), "b": Field(str), "kind": Field(str, choices=("token", "glory"))}


@dataclass(frozen=True)
class Board:
    side: str
    regions: dict            # id -> {"track": n, "decks": [...], drawing positions...}
    spaces: dict             # id -> {"region", "kind", "glory", "at"}
    connections: dict        # id -> {"a", "b", "kind"}
    stand_in: bool

    def circle_spaces(self) -> int:
        return (sum(r["track"] for r in self.regions.values()) + len(self.spaces)
                + sum(1 for c in self.connections.values() if c["kind"] == "token"))


def load_board(side: str | None, path: Path | None = None, edition: Edition = AGE_OF_SAIL) -> Board:
    path = path or edition.data / dict(edition.maps)[side]
    data = load_toml(path)
    for table in ("side", "regions", "spaces", "connections"):
        if not isinstance(data.get(table), dict):
            raise DataError(f"{path}: missing table [{table}]")
    check_source(data["side"].get("source"), f"{path}: [side]")
    regions = validate_entries(data["regions"], REGION_SCHEMA, f"{path} [regions]")
    spaces = validate_entries(data["spaces"], SPACE_SCHEMA, f"{path} [spaces]")
    connections = validate_entries(data["connections"], CONNECTION_SCHEMA, f"{path} [connections]")
    if set(regions) != {"europe", *REGIONS}:
        raise DataError(f"{path}: [regions] must be europe and {', '.join(REGIONS)}; has {', '.join(regions)}")
    for name, r in regions.items():
        where = f"{path}: region '{name}'"
        europe = name == "europe"
        if europe != (r["track"] == 0):
            raise DataError(f"{where}: field 'track': Europe has no shipping track, every other region has one")
        if r["decks"] != (["europe", "slavery"] if europe else [name]):
            raise DataError(f"{where}: field 'decks': Europe holds the europe and slavery decks, a region its own")
        if len(r["track_at"]) != r["track"] or not all(_point(p) for p in r["track_at"]):
            raise DataError(f"{where}: field 'track_at': needs {r['track']} points [x, y], one per shipping space")
        if not europe and not _point(r["sea_at"]):
            raise DataError(f"{where}: field 'sea_at': a region needs its open sea position [x, y]")
    for name, s in spaces.items():
        if (s["kind"] == "city") != (s["glory"] in (1, 2)):
            raise DataError(f"{path}: space '{name}': field 'glory': cities are worth 1 or 2, fleets 0")
        if s["kind"] == "fleet" and not edition.fleets:
            raise DataError(f"{path}: space '{name}': field 'kind': this edition's map has no fleets")
    if edition.europe_cities is not None:
        europe = sum(1 for s in spaces.values() if s["region"] == "europe" and s["kind"] == "city")
        if europe != edition.europe_cities:
            raise DataError(f"{path}: Europe has {edition.europe_cities} cities in this edition; this map has {europe}")
    for name, c in connections.items():
        for end in ("a", "b"):
            if c[end] not in spaces:
                raise DataError(f"{path}: connection '{name}': field '{end}': no space '{c[end]}'")
    board = Board(data["side"].get("id", side), regions, spaces, connections,
                  stand_in=data["side"]["source"] == "stand-in")
    if board.circle_spaces() != edition.tokens:
        raise DataError(f"{path}: the {edition.tokens} {edition.token_word} fill every circular space, but this "
                        f"map has {board.circle_spaces()} (shipping spaces + cities + fleets + token connections)")
    for name, r in regions.items():
        add_text(f"{edition.names}region.{name}", r["name"], str(path))
    for name, s in spaces.items():
        add_text(f"{edition.names}space.{name}", s["name"], str(path))
    return board
