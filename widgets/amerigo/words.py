"""The Amerigo board in words (issue 33, widgets/core/words.py): what board.js draws, part by part, as text.

A part per seat (its player sheet: place in order, tracks, ships, trading posts, goods and production, planned
and village tiles, progress tiles), then the supply board's parts as the side panel draws them (the action
circle, the cube tower and tray, the pirates, the progress and production displays, the neutral landscape
tiles, the special-action track), the time marker, and a part per island of the island area (its land
squares, what lies on them, its anchor squares). Everything is read from the view the board draws: the
tower's inside only when the view shows it (the teacher's view). The names are the board's: the `am.`
keys of engines/amerigo/data/texts.toml and the `am.ui.` texts of this renderer.
"""

from __future__ import annotations


def words(view: dict, say) -> list:
    """[(heading, [line, ...]), ...]: each seat's sheet, the supply board, the time marker, each island."""
    tell = _Teller(view, say)
    parts = [(say("core.seat", n=seat + 1), tell.seat(seat, p)) for seat, p in enumerate(view.get("players", []))]
    parts += [(say("am.words.circle"), tell.circle()),
              (say("am.ui.tower"), tell.tower()),
              (say("am.ui.pirates"), tell.pirates()),
              (say("am.words.progress"), tell.progress()),
              (say("am.ui.production"), tell.production()),
              (say("am.ui.neutral"), tell.neutral()),
              (say("am.words.special"), tell.special()),
              (say("am.ui.time-marker"), tell.time()),
              (say("am.words.area"), tell.area())]
    parts += tell.islands()
    return [(_capital(heading), [_capital(line) for line in lines]) for heading, lines in parts]


def _capital(text: str) -> str:
    """A line that starts with a name ("cotton: ...") starts with a capital, in English; Chinese is unchanged."""
    return text[:1].upper() + text[1:]


class _Teller:
    def __init__(self, view: dict, say):
        self.view, self.say = view, say
        self.sep = say("ui.list-separator")
        self.isl = view.get("islands") or {}
        self.colours = (view.get("cubes") or {}).get("colours") or []

    def listed(self, items) -> str:
        return self.sep.join(items) or self.say("am.words.none")

    def seat_name(self, seat: int) -> str:
        return self.say("core.seat", n=seat + 1)

    def place(self, pos) -> str:
        """A ship's place: a frame square by its name ("frame 3"), an island sea square by its coordinates."""
        if pos is None:
            return self.say("am.words.not-placed")
        return self.say(f"am.pos.{pos}") if pos.startswith("frame") else pos

    def cubes(self, counts) -> str:
        return self.listed([self.say("am.words.cubes", n=n, colour=f"am.colour.{c}")
                            for c, n in zip(self.colours, counts or []) if n])

    def tiles(self, counts: dict) -> str:
        return self.listed([self.say("am.words.tiles", tile=f"am.shape.{shape}", n=n) for shape, n in counts.items() if n])

    # -- a seat's player sheet ----------------------------------------------------------------------------
    def seat(self, seat: int, p: dict) -> list[str]:
        say = self.say
        tracks = self.view.get("tracks") or {}
        printed = ((tracks.get("development") or {}).get("numbers") or {}).get(str(p["development"]))
        lines = [say("am.words.place", n=p["place"]),
                 say("am.words.development", n=p["development"]) if printed is None else
                 say("am.words.development-printed", n=p["development"], printed=printed),
                 say("am.words.cannons", n=p["cannons"]),
                 say("am.words.gold", n=p["gold"])]
        for k, pos in enumerate((self.isl.get("ships") or [[]] * (seat + 1))[seat]):
            lines.append(say("am.words.ship", n=k + 1, place=self.place(pos)))
        lines.append(say("am.words.posts", placed=p.get("posts", 0), left=p["posts_left"]))
        if p.get("chests"):
            lines.append(say("am.words.chests", n=p["chests"]))
        production = p.get("production") or {}
        goods = [say("am.words.goods", goods=f"am.goods.{g}", n=n, p=1 + production.get(g, 0))
                 for g, n in (p.get("goods") or {}).items() if n or production.get(g)]
        lines += goods or [say("am.words.no-goods")]
        if any((p.get("planned") or {}).values()):
            lines.append(say("am.words.planned", tiles=self.tiles(p["planned"])))
        lines.append(say("am.words.village", tiles=self.tiles(p.get("village") or {})))
        for tile in p.get("progress") or []:
            lines.append(self.progress_tile(tile["id"], tile["used"]))
        return lines

    def progress_tile(self, tile: str, used: bool = False) -> str:
        kind = (((self.view.get("progress") or {}).get("tiles") or {}).get(tile) or {}).get("kind", "permanent")
        key = "am.words.progress-tile-used" if used else "am.words.progress-tile"
        return self.say(key, tile=f"am.progress-tile.{tile}", kind=f"am.words.kind.{kind}")

    # -- the supply board ------------------------------------------------------------------------------------
    def circle(self) -> list[str]:
        cubes = self.view.get("cubes") or {}
        lines = [self.say("am.words.storage", cubes=self.cubes(cubes.get("storage"))),
                 self.say("am.words.middle", cubes=self.cubes(cubes.get("central")))]
        turn = self.view.get("turn") or {}
        if turn.get("ap"):
            lines.append(self.say("am.words.ap", n=turn["ap"]))
        if turn.get("action"):                             # an action under way: what is left of its points
            if turn["action"] == "blue":                   # sailing: the points count for each ship
                lines.append(self.say("am.words.points-each", points=turn["points"], gold=turn["gold"]))
            else:
                lines.append(self.say("am.words.points-left", left=turn["left"], gold=turn["gold"]))
        return lines

    def tower(self) -> list[str]:
        cubes = self.view.get("cubes") or {}
        if cubes.get("tower") is None:                    # a seat's view: the tower's inside is hidden
            inside = self.say("am.words.inside-hidden")
        elif not cubes.get("inside"):
            inside = self.say("am.words.inside-empty")
        else:
            inside = self.say("am.words.inside", n=cubes["inside"], cubes=self.cubes(cubes["tower"]))
        return [inside, self.say("am.words.tray", cubes=self.cubes(cubes.get("tray")))]

    def pirates(self) -> list[str]:
        pir = self.view.get("pirates") or {}
        lines = []
        if pir.get("revealed"):
            lines.append(self.say("am.words.pirates-up", values=self.sep.join(str(v) for v in pir["revealed"])))
        if pir.get("face_down"):
            lines.append(self.say("am.words.pirates-down", n=pir["face_down"]))
        return lines + [self.say("am.words.pirates-total", n=pir.get("total", 0))]

    def progress(self) -> list[str]:
        prog = self.view.get("progress") or {}
        lines = [self.say(f"am.words.half-{half}", tiles=self.listed([self.say(f"am.progress-tile.{t}") for t in prog.get(half) or [] if t]))
                 for half in ("left", "right")]
        return lines + [self.say("am.words.face-down", n=prog.get("face_down", 0))]

    def production(self) -> list[str]:
        slots = (self.view.get("production") or {}).get("slots") or []
        return [self.say("am.words.production-slot", goods=f"am.goods.{s['goods']}", cost=s["cost"], stack=f"am.stack.{s['stack']}")
                for s in slots if s.get("goods")] or [self.say("am.words.none-left")]

    def neutral(self) -> list[str]:
        shapes = self.view.get("shapes") or {}
        return [self.say("am.words.neutral", tile=f"am.shape.{shape}", n=n, cost=(shapes.get(shape) or {}).get("cost", 0))
                for shape, n in (self.view.get("neutral") or {}).items() if n] or [self.say("am.words.none-left")]

    def special(self) -> list[str]:
        """The order discs on the special-action track, the first player's first; discs sharing a space are
        named top first (the disc on top plays first)."""
        spec = (self.view.get("tracks") or {}).get("special") or {}
        players = self.view.get("players") or []
        on: dict[int, list[int]] = {}
        for seat in self.view.get("order") or []:
            on.setdefault(players[seat]["special"], []).append(seat)
        lines = []
        for space, seats in on.items():
            colour = f"am.colour.{(spec.get('colours') or [])[space]}" if space < len(spec.get("colours") or []) else None
            number = (spec.get("numbers") or {}).get(str(space))
            where = (self.say("am.words.space-printed", n=space, colour=colour, number=number) if number is not None
                     else self.say("am.words.space", n=space, colour=colour))
            names = self.sep.join(self.seat_name(s) for s in seats)
            lines.append(self.say("am.words.discs" if len(seats) == 1 else "am.words.discs-stacked", space=where, seats=names))
        return lines

    def time(self) -> list[str]:
        t = self.view.get("time") or {}
        if not t.get("markers"):                          # the stack is used up: the printed number counts
            return [self.say("am.words.time-printed", value=t.get("value"))]
        return [self.say("am.words.time", value=t.get("value"), markers=self.sep.join(str(m) for m in t["markers"]))]

    # -- the island area ---------------------------------------------------------------------------------------
    def square(self, q: int) -> str:
        W = self.isl["width"]
        return f"{chr(65 + q % W)}{q // W + 1}"

    def area(self) -> list[str]:
        """The grid's size and the frame squares around it, side by side (ships stand on them)."""
        isl = self.isl
        W, H, n = isl.get("width", 0), isl.get("height", 0), isl.get("tile_size", 4)
        lines = [self.say("am.words.grid", width=W, height=H, last=self.square(W * H - 1) if W and H else "")]
        for side in "NESW":
            frames = [f for f in isl.get("frames") or [] if f["side"] == side]
            if not frames:
                continue
            named = []
            for f in frames:
                a, b = f["tile"] * n, f["tile"] * n + n - 1
                span = (f"{chr(65 + a)}–{chr(65 + b)}" if side in "NS" else f"{a + 1}–{b + 1}")
                named.append(self.say("am.words.frame", frame=f"am.pos.{f['name']}", span=span,
                                      kind="am.ui.frame-long" if f["long"] else "am.ui.frame-short-piece"))
            lines.append(self.say(f"am.words.side.{side}", frames=self.sep.join(named)))
        return lines

    def runs(self, names: list[str]) -> str:
        """Squares as runs along their rows: B1–C1, J1–K1, A2–K2."""
        W = self.isl["width"]
        index = {self.square(q): q for q in range(W * self.isl["height"])}
        qs = sorted(index[s] for s in names)
        runs, start = [], None
        for i, q in enumerate(qs):
            if start is None:
                start = q
            if i + 1 == len(qs) or qs[i + 1] != q + 1 or (q + 1) % W == 0:
                runs.append(self.square(start) if start == q else f"{self.square(start)}–{self.square(q)}")
                start = None
        return self.sep.join(runs)

    def islands(self) -> list:
        isl, say = self.isl, self.say
        if not isl.get("list"):
            return []
        W = isl["width"]
        island_of = {}
        for i, island in enumerate(isl["list"]):
            for s in island["squares"]:
                island_of[s] = i
        pieces = [[] for _ in isl["list"]]
        for piece in isl.get("pieces") or []:
            if piece["squares"] and piece["squares"][0] in island_of:
                pieces[island_of[piece["squares"][0]]].append(piece)
        anchors = [[] for _ in isl["list"]]
        for q, posts in enumerate(isl.get("anchor_post") or []):
            islands_served = sorted({island_of[s] for s in posts or [] if s in island_of})
            for i in islands_served:
                anchors[i].append(self.square(q))
        parts = []
        for i, island in enumerate(isl["list"]):
            squares = island["squares"]
            qs = [q for q in range(len(isl["kind"])) if self.square(q) in set(squares)]
            lines = [say("am.words.island-big" if island["big"] else "am.words.island-small",
                         n=island["size"], free=island["open"])]
            if island.get("done"):
                lines.append(say("am.words.island-done"))
            lines.append(say("am.words.land", squares=self.runs(squares)))
            free_posts = [self.square(q) for q in qs if isl["kind"][q] == "post" and isl["post"][q] < 0 and isl["cover"][q] < 0]
            if free_posts:
                lines.append(say("am.words.post-squares", squares=self.sep.join(free_posts)))
            if anchors[i]:
                lines.append(say("am.words.anchors", squares=self.sep.join(anchors[i])))
            posts = {}
            for q in qs:
                if isl["post"][q] >= 0:
                    posts.setdefault(isl["post"][q], []).append(self.square(q))
            for seat, where in sorted(posts.items()):
                lines.append(say("am.words.island-posts", seat=self.seat_name(seat), squares=self.sep.join(where)))
            goods = {}
            for q in qs:
                g = isl["printed"][q]
                if g and isl["goods"][q] and isl["cover"][q] < 0:
                    goods.setdefault(g, []).append(self.square(q))
            for g, where in goods.items():
                lines.append(say("am.words.island-goods", goods=f"am.goods.{g}", squares=self.sep.join(where)))
            if island.get("chest") and island.get("chest_square"):
                lines.append(say("am.words.chest", square=island["chest_square"]))
            for piece in pieces[i]:
                where = self.runs(piece["squares"])
                lines.append(say("am.words.laid-village", tile=f"am.shape.{piece['shape']}", seat=self.seat_name(piece["seat"]),
                                 squares=where) if piece["kind"] == "village" else
                             say("am.words.laid", tile=f"am.shape.{piece['shape']}", squares=where))
            parts.append((say("am.words.island", square=island["name"]), lines))
        return parts
