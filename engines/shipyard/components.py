"""Shipyard's components, read from the data files beside this module and validated.

Every loader names the file, the entry and the field of a mistake, and checks the totals the rulebook (or,
for the 1st edition, the public sources) states: 5 bows, 10 hulls and 5 sterns on show, 104 ship parts,
24 canal tiles, 14 goods tiles, 24 kinds of employee (48 tiles), 12 red and 12 blue contracts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.data import DataError, Field, load_sections, load_toml, validate_entries
from ..core.texts import add_text

DATA = Path(__file__).with_name("data")

ACTIONS = ("build", "canal", "goods", "equipment", "crew", "employee", "trade", "subsidy")
PARTS = ("bow", "hull", "stern")
EQUIPMENT = ("sail", "engine", "cannon", "crane")
CREW = ("captain", "merchant", "soldier", "stoker")
ITEMS = EQUIPMENT + CREW
GOODS = ("coal", "timber", "cloth")
# The rules keep an action tile or an item as its index in ACTIONS or ITEMS; these name the indices.
BUILD, CANAL, GOODS_ACTION, EQUIP, CREW_ACTION, EMPLOYEE, TRADE, SUBSIDY = range(len(ACTIONS))
SAIL, ENGINE, CANNON, CRANE, CAPTAIN, MERCHANT, SOLDIER, STOKER = range(len(ITEMS))
# The parts of a player's score, in the order of state.points.
PART_PARTS = ("crew", "equipment", "speed", "checkpoints", "contracts", "traders")
CHECKPOINTS = ("military", "economic", "lantern", "lifeboat", "buoy", "riband")
SAFETY = ("lantern", "lifeboat", "buoy")
FEATURES = ("cabins", "boilers", "masts", "guns", "cranes") + tuple(f"{s}s" for s in SAFETY)
FAMILIES = ("trader", "builder", "engineer", "recruiter", "rondel", "speed")
BUILDER_ITEMS = ("crew", "stoker", "mast", "cannon", "crane")
RONDEL_ITEMS = ("equipment", "crew", "employee")
SPEED_ITEMS = ("sail", "steam")
# What a contract may count: the items aboard, officers (captains beyond a ship's first), safety icons.
CONTRACT_ITEMS = ITEMS + ("officer",) + SAFETY
FORMULAS = ("pairs", "beyond", "each", "ships_with", "ships_parts", "ships_speed", "ships_equipment",
            "ships_crew", "ships", "canal", "employees")
PART_TOTALS = {"bow": 26, "hull": 52, "stern": 26}     # public: the 1st edition's 104 ship parts
CANAL_TOTAL = 24                                       # public: 1st edition
GOODS_TOTAL = 14                                       # public: 1st edition, starting tiles included
EMPLOYEE_KINDS = 24                                    # rulebook: 24 No. I tiles (and 24 No. II)
CONTRACTS_PER_COLOUR = 12                              # public: 1st edition, 12 of each colour


def _names(entries, path, prefix):
    """Each entry's `name` table (en and zh-Hant) becomes the text `<prefix><entry>`."""
    for name, e in entries.items():
        if set(e["name"]) != {"en", "zh-Hant"} or not all(v.strip() for v in e["name"].values()):
            raise DataError(f"{path}: entry '{name}': field 'name': needs a text in both 'en' and 'zh-Hant'")
    for name, e in entries.items():
        add_text(f"{prefix}{name}", e["name"], str(path))


NAME = Field(dict, item=str, choices=("en", "zh-Hant"))


# == the game's numbers ==================================================================================
@dataclass(frozen=True)
class Numbers:
    actions: dict           # players -> tuple of action names on the track
    cubes: dict             # players -> cubes on the turn track at the start
    marked: int             # the marked cube, counted from the right
    start_money: int
    bonus: int
    subsidy: int
    prices: tuple           # ship-part rows, bottom up
    columns: tuple          # the kind of each market column, left to right
    max_buy: int
    spaces: int             # yard spaces
    min_ship: int
    max_ship: int
    canal_prices: tuple
    goods_prices: tuple
    supply: int
    deal: dict              # "suggested" / "full" -> contracts of each colour dealt
    keep: int
    stand_in: bool


def load_numbers(path: Path = DATA / "game.toml") -> Numbers:
    data = load_toml(path)
    price = Field(list, item=int, low=0, high=20)
    sections = {
        "actions": {"three": Field(list, item=str, choices=ACTIONS), "four": Field(list, item=str, choices=ACTIONS)},
        "turn_track": {"three": Field(int, low=1, high=30), "four": Field(int, low=1, high=30),
                       "marked": Field(int, low=1, high=30)},
        "money": {"start": Field(int, low=0, high=99), "bonus": Field(int, low=1, high=99),
                  "subsidy": Field(int, low=0, high=99)},
        "market": {"prices": price, "bow_columns": Field(int, low=1, high=4), "hull_columns": Field(int, low=1, high=4),
                   "stern_columns": Field(int, low=1, high=4), "max_buy": Field(int, low=1, high=9)},
        "yard": {"spaces": Field(int, low=3, high=12), "min_ship": Field(int, low=3, high=12),
                 "max_ship": Field(int, low=3, high=12)},
        "canal": {"prices": price},
        "goods": {"prices": price},
        "supply": {"each": Field(int, low=1, high=99)},
        "contracts": {"suggested": Field(int, low=1, high=6), "full": Field(int, low=1, high=6),
                      "keep": Field(int, low=1, high=6)},
    }
    v, stand_in = load_sections(path, data, sections)
    for key in ("actions.three", "actions.four"):
        if len(set(v[key])) != len(v[key]) or len(v[key]) < 3:
            raise DataError(f"{path}: [actions] {key.split('.')[1]}: at least 3 different actions, each once")
    if "subsidy" in v["actions.three"] or "subsidy" not in v["actions.four"]:
        raise DataError(f"{path}: [actions]: Subsidy is in the 4-player game only (rulebook § 輔助金)")
    for key in ("market.prices", "canal.prices", "goods.prices"):
        if not v[key] or v[key] != sorted(v[key]):
            raise DataError(f"{path}: [{key.split('.')[0]}] prices: a new tile always costs more, so prices "
                            f"must not fall from the cheap end to the dear end, got {v[key]}")
    shown = {"bow": v["market.bow_columns"], "hull": v["market.hull_columns"], "stern": v["market.stern_columns"]}
    rows = len(v["market.prices"])
    if (shown["bow"] * rows, shown["hull"] * rows, shown["stern"] * rows) != (5, 10, 5):
        raise DataError(f"{path}: [market]: the market shows 5 bows, 10 hulls and 5 sterns "
                        f"(rulebook § 建造船隻); these columns and rows show "
                        f"{shown['bow'] * rows}, {shown['hull'] * rows} and {shown['stern'] * rows}")
    if not v["yard.min_ship"] <= v["yard.max_ship"] <= v["yard.spaces"]:
        raise DataError(f"{path}: [yard]: need min_ship <= max_ship <= spaces")
    if v["turn_track.marked"] > min(v["turn_track.three"], v["turn_track.four"]):
        raise DataError(f"{path}: [turn_track] marked: the marked cube must be one of the cubes on the track")
    if v["contracts.keep"] > v["contracts.suggested"] or v["contracts.suggested"] > v["contracts.full"]:
        raise DataError(f"{path}: [contracts]: need keep <= suggested <= full")
    columns = ("bow",) * shown["bow"] + ("hull",) * shown["hull"] + ("stern",) * shown["stern"]
    return Numbers(
        actions={3: tuple(v["actions.three"]), 4: tuple(v["actions.four"])},
        cubes={3: v["turn_track.three"], 4: v["turn_track.four"]}, marked=v["turn_track.marked"],
        start_money=v["money.start"], bonus=v["money.bonus"], subsidy=v["money.subsidy"],
        prices=tuple(v["market.prices"]), columns=columns, max_buy=v["market.max_buy"],
        spaces=v["yard.spaces"], min_ship=v["yard.min_ship"], max_ship=v["yard.max_ship"],
        canal_prices=tuple(v["canal.prices"]), goods_prices=tuple(v["goods.prices"]), supply=v["supply.each"],
        deal={"suggested": v["contracts.suggested"], "full": v["contracts.full"]}, keep=v["contracts.keep"],
        stand_in=stand_in)


# == ship parts ============================================================================================
PART_SCHEMA = {"name": NAME, "part": Field(str, choices=PARTS),
               "count": Field(dict, choices=("I", "II"), low=0, high=60)}
PART_SCHEMA.update({f: Field(int, required=False, default=0, low=0, high=4) for f in FEATURES})


@dataclass(frozen=True)
class PartType:
    id: str
    part: str
    count: tuple            # (No. I, No. II)
    cabins: int
    boilers: int
    masts: int
    guns: int
    cranes: int
    lanterns: int
    lifeboats: int
    buoys: int
    source: str

    @property
    def stand_in(self) -> bool:
        return self.source == "stand-in"


def load_parts(numbers: Numbers, path: Path = DATA / "parts.toml") -> dict[str, PartType]:
    entries = validate_entries(load_toml(path), PART_SCHEMA, str(path))
    parts = {}
    for name, e in entries.items():
        count = (e["count"].get("I", 0), e["count"].get("II", 0))
        if not sum(count):
            raise DataError(f"{path}: entry '{name}': field 'count': at least one tile, in stack I or II")
        parts[name] = PartType(name, e["part"], count, *(e[f] for f in FEATURES), e["source"])
    for kind, total in PART_TOTALS.items():
        have = sum(sum(p.count) for p in parts.values() if p.part == kind)
        if have != total:
            raise DataError(f"{path}: the game has {total} {kind} tiles (public, 1st edition: 104 parts); this "
                            f"file has {have}")
        shown = numbers.columns.count(kind) * len(numbers.prices)
        first = sum(p.count[0] for p in parts.values() if p.part == kind)
        if first < shown:
            raise DataError(f"{path}: the market opens with {shown} {kind} tiles from stack I; this file has "
                            f"only {first} No. I {kind} tiles")
    _names(entries, path, "sy.part.")
    return parts


# == canal tiles =============================================================================================
CANAL_SCHEMA = {"name": NAME, "spaces": Field(list, item=str, choices=("",) + CHECKPOINTS),
                "exits": Field(int, low=1, high=2), "count": Field(int, low=1, high=24)}


@dataclass(frozen=True)
class CanalType:
    id: str
    spaces: tuple
    exits: int
    count: int
    source: str


def load_canal(path: Path = DATA / "canal.toml") -> dict[str, CanalType]:
    entries = validate_entries(load_toml(path), CANAL_SCHEMA, str(path))
    tiles = {}
    for name, e in entries.items():
        if not 1 <= len(e["spaces"]) <= 6:
            raise DataError(f"{path}: entry '{name}': field 'spaces': a canal tile has 1 to 6 spaces")
        tiles[name] = CanalType(name, tuple(e["spaces"]), e["exits"], e["count"], e["source"])
    total = sum(t.count for t in tiles.values())
    if total != CANAL_TOTAL:
        raise DataError(f"{path}: the game has {CANAL_TOTAL} canal tiles (public, 1st edition); this file has {total}")
    _names(entries, path, "sy.canal.")
    return tiles


# == goods tiles =============================================================================================
GOODS_SCHEMA = {"name": NAME, "goods": Field(list, item=str, choices=GOODS), "count": Field(int, low=1, high=20),
                "start": Field(bool, required=False, default=False)}


@dataclass(frozen=True)
class GoodsType:
    id: str
    goods: tuple
    count: int
    start: bool
    source: str


def load_goods(path: Path = DATA / "goods.toml") -> dict[str, GoodsType]:
    entries = validate_entries(load_toml(path), GOODS_SCHEMA, str(path))
    tiles = {}
    for name, e in entries.items():
        if not 1 <= len(e["goods"]) <= 3:
            raise DataError(f"{path}: entry '{name}': field 'goods': a goods tile carries 1 to 3 goods")
        tiles[name] = GoodsType(name, tuple(e["goods"]), e["count"], e["start"], e["source"])
    total = sum(t.count for t in tiles.values())
    if total != GOODS_TOTAL:
        raise DataError(f"{path}: the game has {GOODS_TOTAL} goods tiles (public, 1st edition); this file has {total}")
    starting = [t for t in tiles.values() if t.start]
    if len(starting) != 1 or starting[0].count < 4:
        raise DataError(f"{path}: one kind of starting tile, at least 4 of them (one for each of up to 4 players)")
    _names(entries, path, "sy.goods-tile.")
    return tiles


# == employees ===============================================================================================
EMPLOYEE_SCHEMA = {"name": NAME, "family": Field(str, choices=FAMILIES),
                   "good": Field(str, required=False, default="", choices=("",) + GOODS),
                   "level": Field(int, required=False, default=0, low=0, high=2),
                   "item": Field(str, required=False, default=""),
                   "cost": Field(int, required=False, default=0, low=0, high=9),
                   "points": Field(int, required=False, default=0, low=0, high=9)}
FAMILY_ITEMS = {"builder": BUILDER_ITEMS, "engineer": EQUIPMENT, "recruiter": CREW, "rondel": RONDEL_ITEMS,
                "speed": SPEED_ITEMS}


@dataclass(frozen=True)
class EmployeeKind:
    id: str
    family: str
    good: str
    level: int
    item: str
    cost: int
    points: int
    source: str


def load_employees(path: Path = DATA / "employees.toml") -> dict[str, EmployeeKind]:
    entries = validate_entries(load_toml(path), EMPLOYEE_SCHEMA, str(path))
    kinds = {}
    for name, e in entries.items():
        where = f"{path}: entry '{name}'"
        family = e["family"]
        if family == "trader":
            if not e["good"] or e["level"] not in (1, 2) or e["item"]:
                raise DataError(f"{where}: a trader names its 'good' and its 'level' (1 or 2), and no 'item'")
        else:
            if e["good"] or e["level"]:
                raise DataError(f"{where}: only traders have a 'good' and a 'level'")
            if e["item"] not in FAMILY_ITEMS[family]:
                raise DataError(f"{where}: field 'item': a {family} names one of {', '.join(FAMILY_ITEMS[family])}, "
                                f"got {e['item']!r}")
        kinds[name] = EmployeeKind(name, family, e["good"], e["level"], e["item"], e["cost"], e["points"], e["source"])
    if len(kinds) != EMPLOYEE_KINDS:
        raise DataError(f"{path}: there are {EMPLOYEE_KINDS} kinds of employee (24 No. I tiles, rulebook § 招募員工); "
                        f"this file has {len(kinds)}")
    for k in kinds.values():
        if k.level == 2 and not any(o.family == "trader" and o.good == k.good and o.level == 1 for o in kinds.values()):
            raise DataError(f"{path}: entry '{k.id}': a level-2 trader needs a level-1 trader of the same good")
    seen = {}
    for k in kinds.values():
        ability = (k.family, k.good, k.level, k.item)
        if ability in seen:
            raise DataError(f"{path}: entries '{seen[ability]}' and '{k.id}' have the same ability")
        seen[ability] = k.id
    _names(entries, path, "sy.employee.")
    return kinds


# == rondels and swaps ==========================================================================================
@dataclass(frozen=True)
class Rondels:
    equipment: tuple        # the equipment at each stop
    crew: tuple             # the crew at each stop
    employee_stops: int
    per_stop: int
    trade: tuple            # per stop: (coal, timber, cloth) prices
    corners: tuple          # ((corner, ((good, item), ...)), ...)
    stand_in: bool

    @property
    def swaps(self) -> tuple:
        return tuple(swap for _, swaps in self.corners for swap in swaps)


def load_rondels(path: Path = DATA / "rondels.toml") -> Rondels:
    data = load_toml(path)
    stops = Field(list, item=str)
    sections = {"equipment": {"stops": Field(list, item=str, choices=EQUIPMENT)},
                "crew": {"stops": Field(list, item=str, choices=CREW)},
                "employee": {"stops": Field(int, low=1, high=12), "per_stop": Field(int, low=1, high=6)},
                "trade": {g: Field(list, item=int, low=0, high=20) for g in GOODS},
                "swaps": {"engine_room": stops, "deck": stops, "rigging": stops, "quarters": stops}}
    v, stand_in = load_sections(path, data, sections)
    for name in ("equipment", "crew"):
        if not 2 <= len(v[f"{name}.stops"]) <= 12:
            raise DataError(f"{path}: [{name}] stops: a rondel has 2 to 12 stops")
        kinds = EQUIPMENT if name == "equipment" else CREW
        missing = [k for k in kinds if k not in v[f"{name}.stops"]]
        if missing:
            raise DataError(f"{path}: [{name}] stops: every kind must be on the rondel; missing {', '.join(missing)}")
    if v["employee.stops"] * v["employee.per_stop"] != EMPLOYEE_KINDS:
        raise DataError(f"{path}: [employee]: stops x per_stop must hold the {EMPLOYEE_KINDS} No. I tiles, got "
                        f"{v['employee.stops']} x {v['employee.per_stop']}")
    lengths = {len(v[f"trade.{g}"]) for g in GOODS}
    if len(lengths) != 1 or lengths.pop() < 2:
        raise DataError(f"{path}: [trade]: each good needs a price at every stop, the same number of stops for all")
    corners = []
    for corner in ("engine_room", "deck", "rigging", "quarters"):
        swaps = []
        for text in v[f"swaps.{corner}"]:
            good, _, item = text.partition(":")
            if good not in GOODS or item not in ITEMS:
                raise DataError(f"{path}: [swaps] {corner}: each swap is \"good:item\" (goods {', '.join(GOODS)}; "
                                f"items {', '.join(ITEMS)}), got {text!r}")
            swaps.append((good, item))
        corners.append((corner, tuple(swaps)))
    all_swaps = [s for _, ss in corners for s in ss]
    if len(set(all_swaps)) != len(all_swaps):
        raise DataError(f"{path}: [swaps]: a swap is listed twice")
    trade = tuple(tuple(v[f"trade.{g}"][i] for g in GOODS) for i in range(len(v["trade.coal"])))
    return Rondels(tuple(v["equipment.stops"]), tuple(v["crew.stops"]), v["employee.stops"], v["employee.per_stop"],
                   trade, tuple(corners), stand_in)


# == government contracts ======================================================================================
CONTRACT_SCHEMA = {"colour": Field(str, choices=("red", "blue")), "formula": Field(str, choices=FORMULAS),
                   "items": Field(list, required=False, default=list, item=str, choices=CONTRACT_ITEMS),
                   "points": Field(int, low=1, high=20), "min": Field(int, required=False, default=0, low=0, high=20),
                   "exact": Field(bool, required=False, default=False)}
ITEM_COUNTS = {"pairs": (2, 2), "beyond": (1, 1), "each": (1, 12), "ships_with": (1, 12)}
MIN_FORMULAS = ("ships_parts", "ships_speed", "ships_equipment", "ships_crew")


@dataclass(frozen=True)
class Contract:
    id: str
    colour: str
    formula: str
    items: tuple
    points: int
    min: int
    exact: bool
    source: str


def load_contracts(path: Path = DATA / "contracts.toml") -> dict[str, Contract]:
    entries = validate_entries(load_toml(path), CONTRACT_SCHEMA, str(path))
    contracts = {}
    for name, e in entries.items():
        where = f"{path}: entry '{name}'"
        low, high = ITEM_COUNTS.get(e["formula"], (0, 0))
        if not low <= len(e["items"]) <= high:
            raise DataError(f"{where}: field 'items': formula '{e['formula']}' counts "
                            + (f"{low} to {high} items" if high else "no items") + f", got {e['items']}")
        if (e["formula"] in MIN_FORMULAS) != (e["min"] > 0):
            raise DataError(f"{where}: field 'min': formulas {', '.join(MIN_FORMULAS)} need a 'min' above 0, "
                            "the others none")
        if e["exact"] and e["formula"] != "ships_parts":
            raise DataError(f"{where}: field 'exact': only for formula 'ships_parts'")
        contracts[name] = Contract(name, e["colour"], e["formula"], tuple(e["items"]), e["points"], e["min"],
                                   e["exact"], e["source"])
    for colour in ("red", "blue"):
        n = sum(1 for c in contracts.values() if c.colour == colour)
        if n != CONTRACTS_PER_COLOUR:
            raise DataError(f"{path}: there are {CONTRACTS_PER_COLOUR} {colour} contracts; this file has {n}")
    return contracts
