"""Amerigo's components, read from the data files beside this module and validated.

Every error names the file, the entry and the field, and the totals the rulebook states are checked
(49 cubes, 37 neutral tiles, 16 village tiles a player, 40 goods, 50 production tiles, 24 progress
tiles, 16 island tiles), so a teacher who types in their own copy's values knows what to fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.data import DataError, Field, check_source, load_sections, load_toml, validate_entries
from ..core.texts import add_text

DATA = Path(__file__).with_name("data")
COLOURS = ("blue", "black", "red", "brown", "green", "yellow", "white")
PLAYER_COUNTS = ("2", "3", "4")
STACKS = ("II", "III", "IV")
NAME = Field(dict, item=str, choices=("en", "zh-Hant"))
SOURCE = "001_b95267d5d2ce424f.txt"   # the rulebook text (docs/sources.md says what it is)


def _names(path, entries, prefix):
    """Register each entry's name as a text `prefix + id` (once the whole file is valid)."""
    for name, e in entries.items():
        if set(e["name"]) != {"en", "zh-Hant"}:
            raise DataError(f"{path}: entry '{name}': field 'name': needs both 'en' and 'zh-Hant'")
    for name, e in entries.items():
        add_text(prefix + name, e["name"], str(path))


def _per_count(path, table, field, values: dict, kind=int):
    """A {"2": x, "3": y, "4": z} table: one value for each player count."""
    if set(values) != set(PLAYER_COUNTS) or not all(isinstance(v, kind) and not isinstance(v, bool)
                                                     for v in values.values()):
        raise DataError(f"{path}: [{table}] {field}: needs a value for each player count "
                        f"{', '.join(PLAYER_COUNTS)}, got {values!r}")
    return {int(k): v for k, v in values.items()}


def _numbered(path, table, values: dict, spaces: int) -> dict[int, int]:
    """A {"space": number} table of a track's numbered spaces."""
    out = {}
    for key, number in values.items():
        if not key.isdigit() or not 1 <= int(key) <= spaces:
            raise DataError(f"{path}: [{table}] numbers: space {key!r} is not a space from 1 to {spaces}")
        out[int(key)] = number
    ordered = [out[k] for k in sorted(out)]
    if ordered != sorted(ordered):
        raise DataError(f"{path}: [{table}] numbers: the numbers must grow along the track, got {ordered}")
    return out


# == the game's numbers ==================================================================================
@dataclass(frozen=True)
class Rules:
    rounds: int
    colours: tuple
    cubes_per_colour: int
    tiles: dict             # island tiles by player count
    grid: dict              # (columns, rows) of island tiles by player count
    long_frames: int
    short_frames: dict
    long_frame_squares: int
    short_frame_squares: int
    big_island: int
    chests: int
    trading_posts: int
    ships: int
    start_gold_step: int
    gold_max: int
    cannon_max: int
    gold_divisor: int
    track_full_gold: int
    chest_gold: int
    first_post: int
    complete_island: int
    post_points: tuple
    time_markers: tuple
    time_printed: int
    pirate_values: tuple
    pirates_placed: int
    progress_shown: int
    progress_new: int
    production_stacks: dict
    production_shown: dict
    dev_spaces: int
    dev_numbers: dict
    special_spaces: int
    special_colours: tuple
    special_numbers: dict
    stand_in: bool


# The sections of game.toml and what each value may be (DataError otherwise).
RULE_FIELDS = {
    "flow": {"rounds": Field(int, low=1, high=20), "colours": Field(list, item=str, choices=COLOURS),
             "cubes_per_colour": Field(int, low=1, high=20)},
    "islands": {"tiles": Field(dict, choices=PLAYER_COUNTS, low=1, high=64),
                "columns": Field(dict, choices=PLAYER_COUNTS, low=1, high=8),
                "rows": Field(dict, choices=PLAYER_COUNTS, low=1, high=8),
                "long_frames": Field(int, low=0, high=8), "short_frames": Field(dict, choices=PLAYER_COUNTS, low=0, high=16),
                "long_frame_squares": Field(int, low=1, high=8), "short_frame_squares": Field(int, low=1, high=8),
                "big_island": Field(int, low=1, high=999), "chests": Field(int, low=0, high=20)},
    "player": {"trading_posts": Field(int, low=1, high=40), "ships": Field(int, low=1, high=4),
               "start_gold_step": Field(int, low=0, high=10), "gold_max": Field(int, low=1, high=99),
               "cannon_max": Field(int, low=1, high=99)},
    "gold": {"divisor": Field(int, low=1, high=10), "track_full": Field(int, low=0, high=20),
             "chest": Field(int, low=0, high=20)},
    "scoring": {"first_post": Field(int, low=0, high=99), "complete_island": Field(int, low=0, high=99),
                "posts": Field(list, item=int, low=0, high=999)},
    "time": {"markers": Field(list, item=int, low=0, high=99), "printed": Field(int, low=0, high=99)},
    "pirates": {"values": Field(list, item=int, low=0, high=99), "placed": Field(int, low=1, high=20)},
    "progress": {"shown": Field(int, low=2, high=20), "new_each_round": Field(int, low=1, high=20)},
    "production": {"stacks": Field(dict, choices=PLAYER_COUNTS, item=list), "shown": Field(dict, choices=STACKS, low=0, high=30)},
    "development": {"spaces": Field(int, low=1, high=99), "numbers": Field(dict, low=0, high=99)},
    "special": {"spaces": Field(int, low=1, high=99), "colours": Field(list, item=str, choices=COLOURS),
                "numbers": Field(dict, low=0, high=99)},
}


def load_rules(path: Path = DATA / "game.toml") -> Rules:
    data = load_toml(path)
    v, stand_in = load_sections(path, data, RULE_FIELDS)
    colours = tuple(v["flow.colours"])
    if sorted(colours) != sorted(COLOURS):
        raise DataError(f"{path}: [flow] colours: each of the 7 colours once ({', '.join(COLOURS)}), got {list(colours)}")
    tiles, columns, rows, short = _islands(path, v)
    _check_rounds(path, v)
    stacks, shown = _production(path, v)
    if v["progress.shown"] % 2 or v["progress.new_each_round"] != v["progress.shown"] // 2:
        raise DataError(f"{path}: [progress]: the display has two equal halves; each round one half is new")
    special_colours = tuple(v["special.colours"])
    if len(special_colours) != v["special.spaces"] + 1 or "white" in special_colours:
        raise DataError(f"{path}: [special] colours: one colour (not white) for each space 0 to {v['special.spaces']}")
    dev = _numbered(path, "development", v["development.numbers"], v["development.spaces"])
    if v["development.spaces"] not in dev:
        raise DataError(f"{path}: [development] numbers: the last space ({v['development.spaces']}) carries a number")
    return Rules(
        rounds=v["flow.rounds"], colours=colours, cubes_per_colour=v["flow.cubes_per_colour"],
        tiles=tiles, grid={n: (columns[n], rows[n]) for n in tiles}, long_frames=v["islands.long_frames"],
        short_frames=short, long_frame_squares=v["islands.long_frame_squares"],
        short_frame_squares=v["islands.short_frame_squares"], big_island=v["islands.big_island"],
        chests=v["islands.chests"], trading_posts=v["player.trading_posts"], ships=v["player.ships"],
        start_gold_step=v["player.start_gold_step"], gold_max=v["player.gold_max"],
        cannon_max=v["player.cannon_max"], gold_divisor=v["gold.divisor"], track_full_gold=v["gold.track_full"],
        chest_gold=v["gold.chest"], first_post=v["scoring.first_post"], complete_island=v["scoring.complete_island"],
        post_points=tuple(v["scoring.posts"]), time_markers=tuple(v["time.markers"]), time_printed=v["time.printed"],
        pirate_values=tuple(v["pirates.values"]), pirates_placed=v["pirates.placed"],
        progress_shown=v["progress.shown"], progress_new=v["progress.new_each_round"],
        production_stacks=stacks, production_shown=shown,
        dev_spaces=v["development.spaces"], dev_numbers=dev,
        special_spaces=v["special.spaces"], special_colours=special_colours,
        special_numbers=_numbered(path, "special", v["special.numbers"], v["special.spaces"]),
        stand_in=stand_in)


def _islands(path, v) -> tuple[dict, dict, dict, dict]:
    """The island grid per player count (tiles, columns, rows, short frames), whose frames must give one
    sea square beside each outer edge."""
    tiles = _per_count(path, "islands", "tiles", v["islands.tiles"])
    columns = _per_count(path, "islands", "columns", v["islands.columns"])
    rows = _per_count(path, "islands", "rows", v["islands.rows"])
    short = _per_count(path, "islands", "short_frames", v["islands.short_frames"])
    for n in tiles:
        if columns[n] * rows[n] != tiles[n]:
            raise DataError(f"{path}: [islands] {n} players: {columns[n]} x {rows[n]} tiles is not {tiles[n]}")
        ring = 2 * (columns[n] + rows[n])
        frame = v["islands.long_frames"] * v["islands.long_frame_squares"] + short[n] * v["islands.short_frame_squares"]
        if frame != ring:
            raise DataError(f"{path}: [islands] {n} players: the frames give {frame} sea squares, but the "
                            f"{columns[n]} x {rows[n]} tiles have {ring} edges on the outside (one square beside each)")
    return tiles, columns, rows, short


def _check_rounds(path, v) -> None:
    """What follows from the number of rounds: a pirate and a time marker a round; the scoring."""
    if v["pirates.placed"] > len(v["pirates.values"]):
        raise DataError(f"{path}: [pirates] placed: at most {len(v['pirates.values'])} markers can be placed")
    if v["pirates.placed"] != v["flow.rounds"]:
        raise DataError(f"{path}: [pirates] placed: one pirate is turned over each round, so {v['flow.rounds']} are placed")
    if len(v["time.markers"]) != v["flow.rounds"] - 1:
        raise DataError(f"{path}: [time] markers: one is removed at the start of each round after the first, "
                        f"so {v['flow.rounds'] - 1} markers, got {len(v['time.markers'])}")
    if not v["scoring.posts"]:
        raise DataError(f"{path}: [scoring] posts: at least one value")


def _production(path, v) -> tuple[dict, dict]:
    """The production stacks used per player count, and how many tiles each stack shows."""
    stacks = {}
    for n, used in _per_count(path, "production", "stacks", v["production.stacks"], list).items():
        if not used or any(s not in STACKS for s in used):
            raise DataError(f"{path}: [production] stacks: {n} players: stacks among {', '.join(STACKS)}, got {used!r}")
        stacks[n] = tuple(used)
    shown = dict(v["production.shown"])
    if set(shown) != set(STACKS):
        raise DataError(f"{path}: [production] shown: a number for each stack {', '.join(STACKS)}")
    return stacks, shown


# == the cube tower ======================================================================================
@dataclass(frozen=True)
class TowerModel:
    new_catches: tuple      # (numerator, denominator): a cube dropped in catches inside
    stuck_falls: tuple      # (numerator, denominator): a cube already inside falls out
    capacity: int           # the most cubes the ledges hold
    stand_in: bool


def _fraction(path, field, value):
    if len(value) != 2 or value[1] < 1 or not 0 <= value[0] <= value[1]:
        raise DataError(f"{path}: [model] {field}: a probability as [numerator, denominator], "
                        f"0 <= numerator <= denominator, got {value!r}")
    return tuple(value)


def load_tower(path: Path = DATA / "tower.toml") -> TowerModel:
    data = load_toml(path)
    v, stand_in = load_sections(path, data, {"model": {
        "new_catches": Field(list, item=int, low=0, high=1000), "stuck_falls": Field(list, item=int, low=0, high=1000),
        "capacity": Field(int, low=0, high=49)}})
    return TowerModel(_fraction(path, "new_catches", v["model.new_catches"]),
                      _fraction(path, "stuck_falls", v["model.stuck_falls"]), v["model.capacity"], stand_in)


# == landscape and village tiles ========================================================================
TILE_SCHEMA = {
    "kind": Field(str, choices=("neutral", "village")),
    "cells": Field(list, item=str),
    "cost": Field(int, low=0, high=20),
    "small": Field(int, low=0, high=99),
    "big": Field(int, low=0, high=99),
    "count": Field(int, low=0, high=40),
    "name": NAME,
}
NEUTRAL_TILES = 37
VILLAGE_TILES = 16


@dataclass(frozen=True)
class Shape:
    id: str
    kind: str               # "neutral" or "village"
    cells: tuple            # ((row, column), ...) as printed
    cost: int
    small: int
    big: int
    count: int
    source: str

    @property
    def size(self) -> int:
        return len(self.cells)


def orientations(cells) -> list[tuple]:
    """The distinct ways a shape can lie (turned and flipped), each as sorted cells from (0, 0)."""
    seen = []
    shape = list(cells)
    for flip in (False, True):
        current = [(r, -c) for r, c in shape] if flip else shape
        for _ in range(4):
            current = [(c, -r) for r, c in current]
            top = min(r for r, _ in current)
            left = min(c for _, c in current)
            norm = tuple(sorted((r - top, c - left) for r, c in current))
            if norm not in seen:
                seen.append(norm)
    return seen


def way_name(cells) -> str | None:
    """How one way of a shape lies, in words a learner can tell apart (the text key's last part): a full
    rectangle lies "across" or "down" (None when it is square: it has one way only); any other shape by
    where the gap of its bounding box is ("gap-top", "gap-bottom-right"...). None when the gap is at the
    middle of the box (no such shape in the rulebook): the caller then numbers the ways."""
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    if rows * cols == len(cells):
        return None if rows == cols else ("across" if rows < cols else "down")
    gap = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in set(cells)]
    dy = sum(r for r, _ in gap) / len(gap) - (rows - 1) / 2
    dx = sum(c for _, c in gap) / len(gap) - (cols - 1) / 2
    parts = ["top" if dy < 0 else "bottom" if dy > 0 else "", "left" if dx < 0 else "right" if dx > 0 else ""]
    return "-".join(["gap", *[p for p in parts if p]]) if any(parts) else None


def _connected(cells) -> bool:
    cells = set(cells)
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def load_shapes(path: Path = DATA / "tiles.toml") -> dict[str, Shape]:
    entries = validate_entries(load_toml(path), TILE_SCHEMA, str(path))
    shapes = {}
    for name, e in entries.items():
        where = f"{path}: entry '{name}'"
        rows = e["cells"]
        if not rows or any(set(row) - {"#", "."} for row in rows) or len({len(r) for r in rows}) != 1:
            raise DataError(f"{where}: field 'cells': rows of equal length made of '#' (a square) and '.', got {rows!r}")
        cells = tuple((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")
        if not cells or not _connected(cells):
            raise DataError(f"{where}: field 'cells': a tile is one piece of squares joined side to side")
        if e["kind"] == "neutral" and e["cost"] != len(cells):
            raise DataError(f"{where}: field 'cost': a neutral tile costs its number of squares ({len(cells)})")
        if e["small"] > e["big"]:
            raise DataError(f"{where}: field 'small': the small-island value is the smaller of the two")
        shapes[name] = Shape(name, e["kind"], cells, e["cost"], e["small"], e["big"], e["count"], e["source"])
    for kind, total in (("neutral", NEUTRAL_TILES), ("village", VILLAGE_TILES)):
        count = sum(s.count for s in shapes.values() if s.kind == kind)
        if count != total:
            raise DataError(f"{path}: the game has {total} {kind} tiles{' per player' if kind == 'village' else ''}; "
                            f"this file has {count}")
    _names(path, entries, "am.shape.")
    return shapes


# == goods and production tiles =========================================================================
GOODS_SCHEMA = {"letter": Field(str), "count": Field(int, low=0, high=40), "name": NAME}
PRODUCTION_SCHEMA = {"stack": Field(str, choices=STACKS), "cost": Field(int, low=1, high=9),
                     "per_goods": Field(int, low=0, high=20)}
GOODS_TOTAL = 40
PRODUCTION_TOTAL = 50
PER_STACK = {"II": 30, "III": 10, "IV": 10}


@dataclass(frozen=True)
class Goods:
    id: str
    letter: str
    count: int
    source: str


def load_goods(path: Path = DATA / "goods.toml") -> tuple[dict[str, Goods], dict[str, list]]:
    """The goods, and the production stacks: {stack: [(goods, cost), ...] one entry per tile}."""
    data = load_toml(path)
    for table in ("goods", "production"):
        if not isinstance(data.get(table), dict):
            raise DataError(f"{path}: missing table [{table}]")
    unknown = sorted(set(data) - {"goods", "production"})
    if unknown:
        raise DataError(f"{path}: unknown table [{unknown[0]}] (expected [goods.*] and [production.*])")
    entries = validate_entries(data["goods"], GOODS_SCHEMA, f"{path} [goods]")
    goods = {}
    for name, e in entries.items():
        if len(e["letter"]) != 1 or e["letter"] in ".a#P" or not e["letter"].isupper():
            raise DataError(f"{path}: entry 'goods.{name}': field 'letter': one capital letter, not P, got {e['letter']!r}")
        if any(g.letter == e["letter"] for g in goods.values()):
            raise DataError(f"{path}: entry 'goods.{name}': field 'letter': {e['letter']!r} is used twice")
        goods[name] = Goods(name, e["letter"], e["count"], e["source"])
    if sum(g.count for g in goods.values()) != GOODS_TOTAL:
        raise DataError(f"{path}: the game has {GOODS_TOTAL} goods tiles; this file has {sum(g.count for g in goods.values())}")
    production = validate_entries(data["production"], PRODUCTION_SCHEMA, f"{path} [production]")
    stacks = {s: [] for s in STACKS}
    for name, e in production.items():
        for g in goods:
            stacks[e["stack"]] += [(g, e["cost"])] * e["per_goods"]
    for stack, count in PER_STACK.items():
        if len(stacks[stack]) != count:
            raise DataError(f"{path}: stack {stack} has {count} production tiles; this file gives it {len(stacks[stack])}")
    _names(path, entries, "am.goods.")
    return goods, stacks


# == progress tiles ======================================================================================
EFFECTS = ("plus", "ships", "pirates", "pirates-half", "pirates-gold", "plan-two", "swap", "first", "gold",
           "gold-post", "gold-half", "score-cubes", "post-points", "points", "gold-points")
PROGRESS_SCHEMA = {
    "kind": Field(str, choices=("permanent", "once", "end")),
    "effect": Field(str, choices=EFFECTS),
    "colours": Field(list, item=str, choices=COLOURS, required=False, default=list),
    "amount": Field(int, required=False, default=0, low=0, high=99),
    "name": NAME,
}
PROGRESS_TOTAL = 24
EFFECT_KIND = {"ships": "once", "first": "once", "gold": "once", "score-cubes": "once", "post-points": "end",
               "points": "end", "gold-points": "end"}


@dataclass(frozen=True)
class Progress:
    id: str
    kind: str
    effect: str
    colours: tuple
    amount: int
    source: str


def load_progress(path: Path = DATA / "progress.toml") -> dict[str, Progress]:
    entries = validate_entries(load_toml(path), PROGRESS_SCHEMA, str(path))
    tiles = {}
    for name, e in entries.items():
        where = f"{path}: entry '{name}'"
        if e["effect"] == "plus" and not e["colours"]:
            raise DataError(f"{where}: field 'colours': a 'plus' tile names the colours it helps")
        if e["effect"] in ("plus", "ships", "pirates", "pirates-gold", "gold", "points") and not e["amount"]:
            raise DataError(f"{where}: field 'amount': the '{e['effect']}' effect needs an amount")
        kind = EFFECT_KIND.get(e["effect"], "permanent")
        if e["kind"] != kind:
            raise DataError(f"{where}: field 'kind': the '{e['effect']}' effect works as a '{kind}' tile")
        tiles[name] = Progress(name, e["kind"], e["effect"], tuple(e["colours"]), e["amount"], e["source"])
    if len(tiles) != PROGRESS_TOTAL:
        raise DataError(f"{path}: the game has {PROGRESS_TOTAL} progress tiles; this file has {len(tiles)}")
    _names(path, entries, "am.progress-tile.")
    return tiles


# == island tiles ========================================================================================
TERRAIN = {".": "sea", "a": "anchor", "#": "land", "P": "post"}
ISLAND_TILES = 16


@dataclass(frozen=True)
class IslandTile:
    id: str
    rows: tuple             # the letters as printed, north row first
    source: str


def load_islands(goods: dict[str, Goods], path: Path = DATA / "islands.toml") -> dict[str, IslandTile]:
    entries = validate_entries(load_toml(path), {"rows": Field(list, item=str)}, str(path))
    letters = set(TERRAIN) | {g.letter for g in goods.values()}
    tiles, size = {}, None
    found = {g.letter: 0 for g in goods.values()}
    for name, e in entries.items():
        where = f"{path}: entry '{name}'"
        rows = e["rows"]
        n = len(rows)
        if n < 2 or any(len(r) != n for r in rows):
            raise DataError(f"{where}: field 'rows': a square of letters (as many rows as letters in a row)")
        if size is not None and n != size:
            raise DataError(f"{where}: field 'rows': every tile has the same size ({size} x {size}), this one is {n} x {n}")
        size = n
        bad = sorted({ch for r in rows for ch in r} - letters)
        if bad:
            raise DataError(f"{where}: field 'rows': unknown letter {bad[0]!r} (known: {' '.join(sorted(letters))})")
        _check_island_tile(where, rows)
        for r in rows:
            for ch in r:
                if ch in found:
                    found[ch] += 1
        tiles[name] = IslandTile(name, tuple(rows), e["source"])
    if len(tiles) != ISLAND_TILES:
        raise DataError(f"{path}: the game has {ISLAND_TILES} island tiles; this file has {len(tiles)}")
    for g in goods.values():
        if found[g.letter] != g.count:
            raise DataError(f"{path}: the islands show {found[g.letter]} squares of {g.id} ({g.letter}); "
                            f"the game has {g.count} such goods tiles")
    return tiles


def _check_island_tile(where, rows):
    n = len(rows)
    land = {(r, c) for r in range(n) for c in range(n) if rows[r][c] not in ".a"}

    def around(r, c):
        return [(rr, cc) for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]
    for r in range(n):
        for c in range(n):
            if rows[r][c] == "a":
                posts = [q for q in around(r, c) if rows[q[0]][q[1]] == "P"]
                if len(posts) != 1:
                    raise DataError(f"{where}: field 'rows': the anchor in row {r + 1}, column {c + 1} must lie beside "
                                    f"exactly one trading-post square (P), it has {len(posts)}")
            if rows[r][c] == "P" and not any(rows[q[0]][q[1]] == "a" for q in around(r, c)):
                raise DataError(f"{where}: field 'rows': the trading-post square in row {r + 1}, column {c + 1} "
                                f"has no anchor beside it")
    for r in range(n - 1):
        for c in range(n - 1):
            a, b, d, e = (r, c) in land, (r, c + 1) in land, (r + 1, c) in land, (r + 1, c + 1) in land
            if (a and e and not b and not d) or (b and d and not a and not e):
                raise DataError(f"{where}: field 'rows': land meets only corner to corner at row {r + 1}, "
                                f"column {c + 1} (am.setup.assembly)")
    seen = set()
    for start in land:
        if start in seen:
            continue
        piece, stack = {start}, [start]
        while stack:
            q = stack.pop()
            for nq in around(*q):
                if nq in land and nq not in piece:
                    piece.add(nq)
                    stack.append(nq)
        seen |= piece
        inland = all(0 < r < n - 1 and 0 < c < n - 1 for r, c in piece)
        if inland and not any(rows[r][c] == "P" for r, c in piece):
            r, c = min(piece)
            raise DataError(f"{where}: field 'rows': the land at row {r + 1}, column {c + 1} has no trading-post "
                            f"square (P): nobody could ever build on it")
