"""Entdecker's components, read from the data files beside this module and validated.

Sides of a square are numbered north 0, east 1, south 2, west 3. A tile's land sides and route sides
are 4-bit masks (bit d for side d), so turning a tile is a rotation of its masks and checking that two
tiles agree is a bit test.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.data import DataError, Field, load_sections, load_toml, validate_entries
from ..core.texts import add_text

DATA = Path(__file__).with_name("data")
SIDES = "NESW"
N, E, S, W = range(4)
OPPOSITE = (S, W, N, E)
EVENTS = ("storm", "hostile", "friendly", "pirates", "ruins", "gold")
UNITS = ("scout", "fort", "settlement")
# The six kinds of side pattern, in the order of the reserve piles' numbers (a stand-in numbering).
PATTERNS = ("sea", "coast", "corner", "strait", "bay", "land")


def rotate(mask: int, turns: int) -> int:
    """A side mask after turning the tile clockwise `turns` quarter turns (side d goes to d + turns)."""
    turns %= 4
    return ((mask << turns) | (mask >> (4 - turns))) & 15 if turns else mask


def mask_of(sides: str) -> int:
    return sum(1 << SIDES.index(s) for s in sides)


def sides_of(mask: int) -> str:
    return "".join(SIDES[d] for d in range(4) if mask >> d & 1)


def pattern_of(land: int) -> str:
    """The kind of side pattern of a land mask, whatever the turn."""
    count = bin(land).count("1")
    if count == 2:
        return "strait" if land in (0b0101, 0b1010) else "corner"
    return {0: "sea", 1: "coast", 3: "bay", 4: "land"}[count]


# == the game's numbers ==============================================================================
@dataclass(frozen=True)
class Rules:
    columns: int
    rows: int
    start_gold: int
    max_gold: int
    sectors: tuple
    units: tuple            # how many scouts, forts, settlements each player has
    costs: tuple            # what each costs
    total_tiles: int
    draw_piles: int
    reserve_piles: int
    tile_cost: int
    chip_piles: int
    ruins_points: int
    gold_found: int
    stand_in: bool          # some value of this file is the project's own

    @property
    def squares(self) -> int:
        return self.columns * self.rows


def load_rules(path: Path = DATA / "game.toml") -> Rules:
    data = load_toml(path)
    sections = {
        "board": {"columns": Field(int, low=2, high=26), "rows": Field(int, low=2, high=30)},
        "gold": {"start": Field(int, low=0, high=99), "max": Field(int, low=1, high=99)},
        "income": {"sectors": Field(list, item=int, low=0, high=99)},
        "units": {"scouts": Field(int, low=0, high=20), "forts": Field(int, low=0, high=20),
                  "settlements": Field(int, low=0, high=20), "scout_cost": Field(int, low=0, high=99),
                  "fort_cost": Field(int, low=0, high=99), "settlement_cost": Field(int, low=0, high=99)},
        "tiles": {"total": Field(int, low=1, high=999), "draw_piles": Field(int, low=1, high=20),
                  "reserve_piles": Field(int, low=1, high=20), "tile_cost": Field(int, low=0, high=99)},
        "chips": {"piles": Field(int, low=1, high=20)},
        "events": {"ruins_points": Field(int, low=0, high=99), "gold_found": Field(int, low=0, high=99)},
    }
    values, stand_in = load_sections(path, data, sections)
    if not values["income.sectors"]:
        raise DataError(f"{path}: [income] sectors: the spinner needs at least one sector")
    if values["gold.start"] > values["gold.max"]:
        raise DataError(f"{path}: [gold] start ({values['gold.start']}) is above max ({values['gold.max']})")
    if values["tiles.reserve_piles"] != len(PATTERNS):
        raise DataError(f"{path}: [tiles] reserve_piles: the engine keeps one reserve pile for each of the "
                        f"{len(PATTERNS)} kinds of side pattern, got {values['tiles.reserve_piles']}")
    return Rules(
        columns=values["board.columns"], rows=values["board.rows"], start_gold=values["gold.start"],
        max_gold=values["gold.max"], sectors=tuple(values["income.sectors"]),
        units=(values["units.scouts"], values["units.forts"], values["units.settlements"]),
        costs=(values["units.scout_cost"], values["units.fort_cost"], values["units.settlement_cost"]),
        total_tiles=values["tiles.total"], draw_piles=values["tiles.draw_piles"],
        reserve_piles=values["tiles.reserve_piles"], tile_cost=values["tiles.tile_cost"],
        chip_piles=values["chips.piles"], ruins_points=values["events.ruins_points"],
        gold_found=values["events.gold_found"], stand_in=stand_in)


# == tiles ============================================================================================
TILE_SCHEMA = {
    "name": Field(dict, item=str, choices=("en", "zh-Hant")),
    "edges": Field(str),
    "land": Field(list, item=str),
    "routes": Field(str),
    "count": Field(int, low=1, high=200),
    "reserve": Field(int, required=False, default=0, low=0, high=20),
    "event": Field(str, required=False, default="", choices=("",) + EVENTS),
}


@dataclass(frozen=True)
class TileType:
    id: str
    land: int               # land sides (mask)
    routes: int             # route sides (mask)
    areas: tuple            # the land areas, each a mask of the sides it touches (0: an islet)
    count: int
    reserve: int            # 0: a discovery tile; else its reserve pile number
    event: str
    source: str

    @property
    def pattern(self) -> str:
        return pattern_of(self.land)

    @property
    def stand_in(self) -> bool:
        return self.source == "stand-in"


def load_tiles(rules: Rules, path: Path = DATA / "tiles.toml") -> dict[str, TileType]:
    entries = validate_entries(load_toml(path), TILE_SCHEMA, str(path))
    tiles = {}
    for name, e in entries.items():
        where = f"{path}: entry '{name}'"
        if set(e["name"]) != {"en", "zh-Hant"}:
            raise DataError(f"{where}: field 'name': needs both 'en' and 'zh-Hant'")
        edges = e["edges"]
        if len(edges) != 4 or set(edges) - {"L", "S"}:
            raise DataError(f"{where}: field 'edges': four letters L (land) or S (sea) for the north, east, "
                            f"south and west sides, got {edges!r}")
        land = sum(1 << d for d, c in enumerate(edges) if c == "L")
        areas = []
        for area in e["land"]:
            if set(area) - set(SIDES) or len(set(area)) != len(area):
                raise DataError(f"{where}: field 'land': each land area lists the sides it touches "
                                f"(letters of NESW, each once; \"\" for an islet), got {area!r}")
            areas.append(mask_of(area))
        touched = [m for m in areas if m]
        if sum(touched) != land or any(a & b for i, a in enumerate(touched) for b in touched[i + 1:]):
            raise DataError(f"{where}: field 'land': the land areas must touch every land side once and no "
                            f"sea side (land sides: {sides_of(land) or 'none'})")
        if set(e["routes"]) - set(SIDES) or len(set(e["routes"])) != len(e["routes"]):
            raise DataError(f"{where}: field 'routes': letters of NESW, each at most once, got {e['routes']!r}")
        routes = mask_of(e["routes"])
        if routes & land:
            raise DataError(f"{where}: field 'routes': a water route crosses only sea sides, "
                            f"but {sides_of(routes & land)} is land")
        if land != 15 and not routes:
            raise DataError(f"{where}: field 'routes': a tile with sea has a circle, so at least one route")
        if e["reserve"] and not 1 <= e["reserve"] <= rules.reserve_piles:
            raise DataError(f"{where}: field 'reserve': a reserve pile number from 1 to {rules.reserve_piles}, "
                            f"or 0 for a discovery tile")
        if e["reserve"] and e["event"]:
            raise DataError(f"{where}: field 'event': reserve tiles have no event")
        if e["event"] == "hostile" and not areas:
            raise DataError(f"{where}: field 'event': hostile natives live on land; this tile has none")
        if not e["reserve"] and land == 15:
            raise DataError(f"{where}: field 'edges': a discovery tile must show sea to lie beside the ship")
        tiles[name] = TileType(name, land, routes, tuple(areas), e["count"], e["reserve"], e["event"], e["source"])
    _check_tiles(tiles, rules, path)
    for name, e in entries.items():      # names are registered only once the whole file is valid
        add_text(f"ent.tile.{name}", e["name"], str(path))
    return tiles


def _check_tiles(tiles: dict[str, TileType], rules: Rules, path: Path) -> None:
    total = sum(t.count for t in tiles.values())
    if total != rules.total_tiles:
        raise DataError(f"{path}: the game has {rules.total_tiles} tiles including the reserve; "
                        f"this file has {total}")
    for number in range(1, rules.reserve_piles + 1):
        pile = [t for t in tiles.values() if t.reserve == number]
        if not pile:
            raise DataError(f"{path}: reserve pile {number} is empty: give it at least one tile")
        wanted = PATTERNS[number - 1]
        wrong = [t.id for t in pile if t.pattern != wanted]
        if wrong:
            raise DataError(f"{path}: reserve pile {number} holds the '{wanted}' pattern; "
                            f"{', '.join(wrong)} has another")
    if not any(not t.reserve for t in tiles.values()):
        raise DataError(f"{path}: no discovery tiles (reserve = 0)")


# == discoverer chips ===================================================================================
CHIP_SCHEMA = {
    "name": Field(dict, item=str, choices=("en", "zh-Hant")),
    "value": Field(int, low=1, high=4),
    "count": Field(int, low=1, high=20),
}
CHIP_TOTAL = 20


@dataclass(frozen=True)
class ChipKind:
    id: str
    value: int
    count: int
    source: str


def load_chips(path: Path = DATA / "chips.toml") -> dict[str, ChipKind]:
    entries = validate_entries(load_toml(path), CHIP_SCHEMA, str(path))
    chips = {name: ChipKind(name, e["value"], e["count"], e["source"]) for name, e in entries.items()}
    for name, e in entries.items():
        if set(e["name"]) != {"en", "zh-Hant"}:
            raise DataError(f"{path}: entry '{name}': field 'name': needs both 'en' and 'zh-Hant'")
    total = sum(c.count for c in chips.values())
    if total != CHIP_TOTAL:
        raise DataError(f"{path}: the game has {CHIP_TOTAL} discoverer chips; this file has {total}")
    for name, e in entries.items():
        add_text(f"ent.chip.{name}", e["name"], str(path))
    return chips
