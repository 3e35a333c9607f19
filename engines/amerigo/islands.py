"""The island area of one match: the tiles laid out, the frame around them, the islands they form.

The layout is set up once from the seed (am.setup.islands, am.setup.assembly) and never changes, so
it is kept out of the saved position: a state refers to it by key and pickling stores the key only.

Squares are numbered row by row over the whole area (0 is A1, the north-west square). A ship's position
is a square, or a frame square numbered after the squares. The frame has one sea square beside each
tile edge on the outside (a stand-in geometry: a long frame's 3 squares and a short frame's 1 square
lie beside 3 and 1 tile edges); frame squares next to each other around the ring are adjacent.
"""

from __future__ import annotations

import hashlib

from ..core.data import DataError
from ..core.rng import Rng

SEA, ANCHOR, LAND, POST = range(4)
KIND_OF = {".": SEA, "a": ANCHOR, "#": LAND, "P": POST}
SIDES = "NESW"
ATTEMPTS = 4000

_TILESETS: dict[str, tuple] = {}     # digest -> (island tiles, rules, goods letters): to rebuild a layout
_LAYOUTS: dict[tuple, "Layout"] = {}


_ROTATED: dict[tuple, tuple] = {}


def rotate(rows: tuple, turns: int) -> tuple:
    """A tile's rows after turning it clockwise `turns` quarter turns (cached)."""
    key = (rows, turns % 4)
    found = _ROTATED.get(key)
    if found is None:
        found = _ROTATED[key] = _turn(rows, turns % 4)
    return found


def _turn(rows: tuple, turns: int) -> tuple:
    for _ in range(turns):
        n = len(rows)
        rows = tuple("".join(rows[n - 1 - c][r] for c in range(n)) for r in range(n))
    return rows


# A layout is tried again until it follows the rules of assembly, and every match builds its own: the same few
# tiles in the same four turns come back each time, so each turned tile's squares are read once.
_TILE_SQUARES: dict[tuple, tuple] = {}


def _tile_squares(rows: tuple, turns: int, n: int, W: int, goods_letters) -> tuple:
    """A turned tile's squares as (offset from its north-west corner on an area W wide, kind, goods or -1)."""
    key = (rows, turns % 4, W, tuple(goods_letters))
    found = _TILE_SQUARES.get(key)
    if found is None:
        grid = rotate(rows, turns)
        found = _TILE_SQUARES[key] = tuple(
            (r * W + c, KIND_OF[ch], -1) if ch in KIND_OF else (r * W + c, LAND, goods_letters.index(ch))
            for r in range(n) for c, ch in enumerate(grid[r]))
    return found


def column_name(c: int) -> str:
    return chr(65 + c)


def frame_name(f: int) -> str:
    """The name of frame square f (counted from 0 clockwise from the north-west): "frame1", "frame2", ..."""
    return f"frame{f + 1}"


_GRIDS: dict[tuple, tuple] = {}
_POSITIONS: dict[tuple, dict] = {}


def _positions(names: list, frame_names: list) -> dict[str, int]:
    """{square or frame square name: its position}, for an area with these squares and frame (cached)."""
    key = (len(names), names[-1], len(frame_names))
    found = _POSITIONS.get(key)
    if found is None:
        found = _POSITIONS[key] = {name: p for p, name in enumerate(names + frame_names)}
    return found


def _grid(W: int, H: int) -> tuple[list, list]:
    """Square names ("C4") and each square's neighbours side to side, for a W x H area (cached)."""
    found = _GRIDS.get((W, H))
    if found is None:
        S = W * H
        names = [f"{column_name(q % W)}{q // W + 1}" for q in range(S)]
        neighbours = [tuple(m for m in (q - W if q >= W else -1, q + 1 if q % W < W - 1 else -1,
                                        q + W if q < S - W else -1, q - 1 if q % W else -1) if m >= 0)
                      for q in range(S)]
        found = _GRIDS[(W, H)] = (names, neighbours)
    return found


class Layout:
    """The assembled islands: terrain, goods, islands, anchors, and how ships may move."""

    def __init__(self, key, tiles, rules, goods_letters, players, placed):
        self.key = key
        self.players = players
        cols, rows = rules.grid[players]
        n = len(next(iter(tiles.values())).rows)
        self.tile_columns, self.tile_rows, self.tile_size = cols, rows, n
        self.width, self.height = cols * n, rows * n
        self.squares = S = self.width * self.height
        self.placed = placed                     # [(tile id, quarter turns)] row by row of tiles
        W = self.width
        self.names, self.neighbours = _grid(W, self.height)
        self.kind = [SEA] * S
        self.goods = [-1] * S
        self.tile_of = [0] * S                   # which placed tile (index into `placed`) a square is on
        kinds, goods, tile_of = self.kind, self.goods, self.tile_of
        anchors = []
        for t, (tile_id, turns) in enumerate(placed):
            top, left = (t // cols) * n, (t % cols) * n
            corner = top * W + left
            for dq, k, g in _tile_squares(tiles[tile_id].rows, turns, n, W, goods_letters):
                q = corner + dq
                tile_of[q] = t
                kinds[q] = k
                goods[q] = g
                if k == ANCHOR:
                    anchors.append(q)
        # An anchor serves every trading-post square beside it, on its own tile or across a tile edge
        # (am.move.post: the rulebook says "adjacent", not "on the same tile").
        self.posts_of = [()] * S                 # anchor -> the trading-post squares it serves
        self.anchors_of = {p: [] for p in range(S) if kinds[p] == POST}
        for a in sorted(anchors):
            self.posts_of[a] = tuple(sorted(m for m in self.neighbours[a] if kinds[m] == POST))
            for p in self.posts_of[a]:
                self.anchors_of[p].append(a)
        self.post_squares = tuple(sorted(self.anchors_of))
        self._frame(rules)
        self._islands(rules)

    def is_sea(self, q) -> bool:
        return self.kind[q] <= ANCHOR

    def is_land(self, q) -> bool:
        return self.kind[q] >= LAND

    # -- the frame: one sea square beside each outer tile edge, in a ring (clockwise from the north-west) --
    def _frame(self, rules):
        cols, rows, n, W = self.tile_columns, self.tile_rows, self.tile_size, self.width
        edges = [("N", t) for t in range(cols)] + [("E", t) for t in range(rows)] + \
                [("S", t) for t in reversed(range(cols))] + [("W", t) for t in reversed(range(rows))]
        self.frame_edges = edges
        self.frames = len(edges)
        self.frame_names = [frame_name(i) for i in range(self.frames)]
        # A position by its name: a square's, then a frame square's (the numbers follow the squares).
        self.position = _positions(self.names, self.frame_names)
        S = self.squares
        beside = []
        for side, t in edges:
            if side == "N":
                squares = [t * n + c for c in range(n)]
            elif side == "S":
                squares = [(self.height - 1) * W + t * n + c for c in range(n)]
            elif side == "E":
                squares = [(t * n + r) * W + W - 1 for r in range(n)]
            else:
                squares = [(t * n + r) * W for r in range(n)]
            beside.append([q for q in squares if self.kind[q] <= ANCHOR])
        self.frame_beside = beside
        # Frame pieces, in a pinwheel: each long piece lies beside the last two edges of one side and the
        # first edge of the next; any edge left over gets a short piece.
        lengths = [cols, rows, cols, rows]
        starts = [sum(lengths[:k]) for k in range(4)]
        self.frame_piece = [-1] * self.frames
        self.frame_long = [False] * self.frames
        for k in range(min(4, rules.long_frames)):
            squares = [starts[k] + lengths[k] - 2, starts[k] + lengths[k] - 1, (starts[k] + lengths[k]) % self.frames]
            for f in squares[:rules.long_frame_squares]:
                self.frame_piece[f] = k
                self.frame_long[f] = True
        piece = 4
        for f in range(self.frames):
            if self.frame_piece[f] < 0:
                self.frame_piece[f] = piece
                piece += 1
        # Where a ship may go from each position (squares, then frame squares).
        moves = [[] for _ in range(S + self.frames)]
        kind, neighbours = self.kind, self.neighbours      # is_sea written out: asked for every square of every layout tried
        for q in range(S):
            if kind[q] <= ANCHOR:
                moves[q] = [m for m in neighbours[q] if kind[m] <= ANCHOR]
        for f in range(self.frames):
            ring = [S + (f - 1) % self.frames, S + (f + 1) % self.frames]
            moves[S + f] = ring + beside[f]
            for q in beside[f]:
                moves[q].append(S + f)
        self.moves = [tuple(m) for m in moves]

    # -- islands: land joined side to side ---------------------------------------------------------------
    def _islands(self, rules):
        S = self.squares
        self.island_of = [-1] * S
        self.islands: list[tuple] = []
        kind = self.kind
        for start in range(S):
            if kind[start] < LAND or self.island_of[start] >= 0:
                continue
            index = len(self.islands)
            squares, stack = [start], [start]
            self.island_of[start] = index
            while stack:
                q = stack.pop()
                for m in self.neighbours[q]:
                    if kind[m] >= LAND and self.island_of[m] < 0:
                        self.island_of[m] = index
                        squares.append(m)
                        stack.append(m)
            self.islands.append(tuple(sorted(squares)))
        self.island_big = [len(s) >= rules.big_island for s in self.islands]
        self.island_posts = [tuple(q for q in s if self.kind[q] == POST) for s in self.islands]
        self.island_name = [self.names[s[0]] for s in self.islands]
        W = self.width
        self.chest_square = []
        for i, squares in enumerate(self.islands):
            if not self.island_big[i]:
                self.chest_square.append(-1)
                continue
            r = sum(q // W for q in squares) / len(squares)
            c = sum(q % W for q in squares) / len(squares)
            self.chest_square.append(min(squares, key=lambda q: ((q // W - r) ** 2 + (q % W - c) ** 2, q)))

    def __reduce__(self):
        return (_restore, (self.key,))


def _restore(key):
    layout = _LAYOUTS.get(key)
    if layout is None:
        digest, players, seed = key
        tiles, rules, letters = _TILESETS[digest]
        layout = build(tiles, rules, letters, players, seed)
    return layout


# == assembling the islands (am.setup.islands, am.setup.assembly) ===============================================
def problems(layout: Layout, rules) -> str | None:
    """Why a layout breaks the rules of assembly, or None: land meeting only corner to corner, water
    closed in by land, more big islands than chests, an island with no trading-post square."""
    W, H, kind = layout.width, layout.height, layout.kind
    land = [k >= LAND for k in kind]      # read once per square, not four times (every layout tried is checked)
    for r in range(H - 1):
        for q in range(r * W, r * W + W - 1):
            a, b, d, e = land[q], land[q + 1], land[q + W], land[q + W + 1]
            if a is e and b is d and a is not b:     # land on one diagonal only, water on the other
                return f"land meets only corner to corner at {layout.names[q]}"
    sea = [q for q in range(layout.squares) if kind[q] <= ANCHOR]
    reached = set()
    stack = [q for f in range(layout.frames) for q in layout.frame_beside[f] if kind[q] <= ANCHOR]
    reached.update(stack)
    while stack:
        q = stack.pop()
        for m in layout.neighbours[q]:
            if kind[m] <= ANCHOR and m not in reached:
                reached.add(m)
                stack.append(m)
    if len(reached) != len(sea):
        q = min(set(sea) - reached)
        return f"the water at {layout.names[q]} is closed in by land"
    if sum(layout.island_big) > rules.chests:
        return f"{sum(layout.island_big)} big islands, but only {rules.chests} treasure chests"
    for i, posts in enumerate(layout.island_posts):
        if not posts:
            return f"the island at {layout.island_name[i]} has no trading-post square"
    return None


_DIGESTS: dict[int, tuple] = {}


def tileset_digest(tiles) -> str:
    """A short name for a set of island tiles (the layout cache's key: other tiles, other layouts)."""
    found = _DIGESTS.get(id(tiles))
    if found is None or found[0] is not tiles:
        text = "|".join(f"{t.id}:{','.join(t.rows)}" for t in tiles.values())
        found = _DIGESTS[id(tiles)] = (tiles, hashlib.sha256(text.encode()).hexdigest()[:16])
    return found[1]


def build(tiles, rules, goods_letters, players, seed) -> Layout:
    """The layout of a match: which tiles, where and how turned, from the seed alone (setup randomness),
    tried until every rule of assembly holds."""
    digest = tileset_digest(tiles)
    key = (digest, players, seed)
    found = _LAYOUTS.get(key)
    if found is not None:
        return found
    _TILESETS[digest] = (tiles, rules, goods_letters)
    rng = Rng((seed * 0x9E3779B1 + players * 0x85EBCA77 + 0x1A2B) & ((1 << 64) - 1))
    ids = sorted(tiles)
    count = rules.tiles[players]
    why = None
    for _ in range(ATTEMPTS):
        chosen = list(ids)
        rng.shuffle(chosen)
        placed = [(t, rng.below(4)) for t in chosen[:count]]
        layout = Layout(key, tiles, rules, goods_letters, players, placed)
        why = problems(layout, rules)
        if why is None:
            _LAYOUTS[key] = layout
            return layout
    raise DataError(f"islands.toml: no layout of {count} island tiles for {players} players keeps the rules of "
                    f"assembly after {ATTEMPTS} tries (last problem: {why}); check the tiles")
