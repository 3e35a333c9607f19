"""Why a move: what it changes for a seat now, and what the search expects it to lead to (the Hint's words).

    before, after = position_after(match, action)      # copies of the position, before and after the move
    move_changes(match, action)                        # [Text]: "+2 gold", "culture +1", "+3 points (islands)"
    outlook(match.game, bot.assess(match), i)          # [Text]: "the search expects you to end up about 4 points
                                                       #  ahead ...; the next best move, X: about 1 point less."

What a move changes is read from what every game already exposes, so this module knows no game:

- **points**: `scores()` before the move, and after it once the rules' own steps that follow have run (up to
  the next decision or draw: a ship's cruise, an island's scoring, the final count): the change of the total
  and of each part that changed, the parts named by the game's `part_text`.
- **what the seat has**: the seat's entry in `view(seat)["players"]` before and just after the move (the steps
  that follow, such as Endeavor's growth, give to everyone whatever the move was). A number,
  a list (how many it holds) or a table of numbers found under a path (`gold`, `units.scout`, `cards`) is told when
  the game's texts hold the key `<prefix>.hint.<path>` (`ent.hint.gold`, its rules' prefix); a table whose own path has a
  key is told as its sum (`am.hint.planned`: the planned tiles, whatever their shapes). So a game chooses
  what is worth telling, and names it in its rulebook's words, in its texts.toml alone. Each such text is a
  template with `{sign}` ("+" or "−") and `{n}` (how many): `en = "{sign}{n} gold"`, `zh-Hant = "黃金{sign}{n}"`.
  `<prefix>.hint.points` names a game's points ("+2 glory", 「榮譽+2」), `<prefix>.hint.unit` a number of
  them ("4 glory", 「4點榮譽」); the kernel's words are the default.
- **anything else** a game wants said ("takes the majority on the island"): the game hook
  `move_effects(before, after, seat) -> [Text]` (two states and the seat), if the game defines it; by default
  nothing more is said.

The move is made on a copy in which what the seat cannot see is drawn again (`Game.determinize`): the Hint
never tells what the learner could not know, and it stops before any draw (the next tile, the tower's cubes).
Nothing here touches the match. A view costs about a millisecond, so three moves explained add a few
milliseconds to the Hint's search, on a server and in the browser alike.
"""

from __future__ import annotations

import pickle

from .rng import Rng
from .texts import Text, has_text, template

MINUS = "\u2212"                 # the minus sign the games' texts write ("culture −1")
AUTOMATIC_STEPS = 1000           # a guard: the rules' own steps after a move always end long before


def position_after(match, action, seat: int | None = None, seed: int = 0):
    """(before, after): copies of the match's position as `seat` (default: the seat to move) may know it,
    before the move, and after it: `after.state` once the rules' own steps that follow have run (up to the
    next decision, draw or the end), `after.moved` just after the move itself."""
    game = match.game
    seat = match.to_move if seat is None else seat
    before = pickle.loads(pickle.dumps(match.state, 5))
    before.rng = Rng(seed ^ 0x41E1)                     # never the match's own generator
    before = game.determinize(before, seat, Rng(seed ^ 0x5EA7))
    frozen = pickle.dumps(before, 5)
    after = pickle.loads(frozen)
    game.apply(after, action, [])
    moved = pickle.dumps(after, 5)
    for _ in range(AUTOMATIC_STEPS):
        if after.over or game.to_move(after) is not None or game.chance(after) is not None:
            break
        game.auto_step(after, [])
    return pickle.loads(frozen), _After(after, pickle.loads(moved))


class _After:
    """The position after a move: `state` once the rules' own steps have run, `moved` just after the move."""

    __slots__ = ("state", "moved")

    def __init__(self, state, moved):
        self.state, self.moved = state, moved


def move_changes(match, action, seat: int | None = None) -> list[Text]:
    """What `action` changes for `seat` (default: the seat to move), in the game's words: points first, then
    what the seat has, then what the game's `move_effects` adds. Empty when nothing countable changes."""
    game = match.game
    seat = match.to_move if seat is None else seat
    before, after = position_after(match, action, seat, match.seed)
    said = point_changes(game, game.scores(before)[seat], game.scores(after.state)[seat])
    said += holding_changes(game, _holdings(game, before, seat), _holdings(game, after.moved, seat))
    effects = getattr(game, "move_effects", None)
    if effects is not None:
        said += list(effects(before, after.state, seat))
    return said


def _signed(delta) -> dict:
    n = round(abs(delta))
    return {"sign": "+" if delta > 0 else MINUS, "n": n}


def point_changes(game, before: dict, after: dict) -> list[Text]:
    """The change of a seat's points (`scores()[seat]` before and after), with the parts that changed:
    "+3 points (islands)", "+1 point (ruins +2, chips −1)"; [] when nothing changed."""
    names = list(before["parts"]) + [p for p in after["parts"] if p not in before["parts"]]
    moved = [(part, after["parts"].get(part, 0) - before["parts"].get(part, 0)) for part in names]
    moved = [(part, d) for part, d in moved if d]
    delta = after["total"] - before["total"]
    if not delta and not moved:
        return []
    key = hint_key(game, "points")
    points = Text(key or "core.hint.points", **_signed(delta)) if delta else \
        Text("core.hint.points.same")
    if not moved:
        return [points]
    if len(moved) == 1 and moved[0][1] == delta:          # "+3 points (islands)": the part is the whole change
        parts = game.part_text(moved[0][0])
    else:
        parts = TextList([Text("core.hint.part", part=game.part_text(part), **_signed(d)) for part, d in moved])
    return [Text("core.hint.points.parts", points=points, parts=parts)]


class TextList(Text):
    """Texts said one after the other, joined the way the language joins a list ("a, b" / 「a、b」)."""

    __slots__ = ()

    def __init__(self, items):
        super().__init__("core.hint.joiner", items=list(items))

    def render(self, lang: str = "en") -> str:
        return template("core.hint.joiner", lang).join(item.render(lang) for item in self.params["items"])


def _holdings(game, state, seat: int) -> dict:
    """The seat's entry of the game's view, as {path: number}: numbers, list lengths (empty places, None,
    left out), and each table of numbers both entry by entry and as a sum (under the table's own path)."""
    view = game.view(state, seat)
    players = view.get("players") if isinstance(view, dict) else None
    if not isinstance(players, list) or not 0 <= seat < len(players):
        return {}
    found: dict = {}
    _flatten(players[seat], "", found)
    return found


def _flatten(value, path: str, found: dict) -> None:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, (int, float)):
        found[path] = value
    elif isinstance(value, list):                 # how many: empty places (None) are not counted
        found[path] = sum(1 for item in value if item is not None)
    elif isinstance(value, dict):
        total, numbers = 0, True
        for key, item in value.items():
            _flatten(item, f"{path}.{key}" if path else str(key), found)
            if isinstance(item, (int, float)) and not isinstance(item, bool):
                total += item
            else:
                numbers = False
        if numbers and path:
            found[path] = total


def holding_changes(game, before: dict, after: dict) -> list[Text]:
    """What changed in what the seat has, for each path the game names (`<prefix>.hint.<path>`), in the
    order the view lists them. A table entry missing on one side counts as 0 (views often leave zeros out)."""
    said = []
    for path in list(after) + [p for p in before if p not in after]:
        key = hint_key(game, path)
        if key is None:
            continue
        delta = after.get(path, 0) - before.get(path, 0)
        if round(delta):
            said.append(Text(key, **_signed(delta)))
    return said


# -- what the search expects ---------------------------------------------------------------------------------
def _amount(game, points: float) -> Text:
    key = hint_key(game, "unit")
    return Text(key or "core.hint.unit", n=round(abs(points)))


def hint_key(game, name: str) -> str | None:
    """The game's text `<prefix>.hint.<name>` (its rules' prefix: `ent.hint.gold`), or None when it has none.
    An edition's own words come first, then those of the edition it is played beside (2009, then Age of Sail)."""
    for prefix in _prefixes(game):
        if has_text(key := f"{prefix}.hint.{name}"):
            return key
    return None


def _prefixes(game) -> list[str]:
    from .registry import GAMES
    games = [game] + [GAMES[e] for e in getattr(game, "editions", ()) if e != game.id and e in GAMES]
    rules = [getattr(g, "rule_catalog", None) for g in games]
    return list(dict.fromkeys(next(iter(r.rules)).partition(".")[0] for r in rules if r is not None and r.rules))


def outlook(game, assessed: list, i: int = 0, label=None) -> list[Text]:
    """What the search expects of the i-th move it assessed (engines/core/search.py `Assessment`): the
    seat's lead over its closest rival (or how far behind the leader), in the game's points; for the first
    move, how the next one compares. `label(action)` names a move (default: its label Text)."""
    label = label or (lambda action: action.label)
    this = assessed[i]
    if this.lead is None:
        if this.visits == 0:
            return [Text("core.hint.only" if this.share == 1.0 else "core.hint.untried")]
        return []
    short = "" if i == 0 else ".short"
    if round(this.lead) == 0:
        said = [Text(f"core.hint.level{short}")]
    else:
        said = [Text(f"core.hint.{'ahead' if this.lead > 0 else 'behind'}{short}", amount=_amount(game, this.lead))]
    if i == 0 and len(assessed) > 1 and assessed[1].lead is not None:
        other = assessed[1]
        gap = this.lead - other.lead
        move = label(other.action)
        if round(gap) == 0:
            said.append(Text("core.hint.next.same", move=move))
        elif gap > 0:
            said.append(Text("core.hint.next.less", move=move, amount=_amount(game, gap)))
        elif other.value is not None and this.value is not None and other.value < this.value:
            said.append(Text("core.hint.next.more.riskier", move=move, amount=_amount(game, gap)))
        else:
            said.append(Text("core.hint.next.more", move=move, amount=_amount(game, gap)))
    return said


def percents(shares: list[float]) -> list[int]:
    """Whole percentages of `shares` (which add up to 1) that add up to 100: each rounded down, then the
    points left go to the largest remainders (a display of 22% / 3% / 3% and the rest never adds to 99)."""
    exact = [100 * s for s in shares]
    whole = [int(x) for x in exact]
    left = 100 - sum(whole)
    for k in sorted(range(len(exact)), key=lambda k: whole[k] - exact[k])[:max(left, 0)]:
        whole[k] += 1
    return whole
