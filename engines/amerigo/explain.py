"""Why a move is refused in Amerigo: the rule that forbids it, and a text that helps a learner.

`explain(game, state, action_id)` is only asked about ids of the action table that are not legal now
(the kernel refuses every other id as unknown before the game sees it).
"""

from __future__ import annotations

from ..core.texts import Text
from .components import COLOURS

def explain(game, state, action_id):
    kind, _, arg = action_id.partition(":")
    unknown = ("core.action.unknown", Text("core.action.unknown", action=action_id))
    seat = state.order[state.turn]
    offered = game.offered_in(state, kind)      # by the decisions (phases) its move declares
    if offered is None:
        return unknown
    if kind == "use":       # the 8-ship tile is used while moving, the others on the white action
        offered = state.sub == ("move" if arg == "ships8" else "white")
    if kind == "move" and state.sub == "launch":
        return "am.move.launch", Text("am.why.move-launch", ship=state.launching + 1)
    if not offered:
        return "am.phase.turn", Text("am.why.not-now", action=action_id, now=f"am.sub.{state.sub or 'none'}")
    why = {"act": _act, "score-cubes": _score_cubes, "move": _move, "post": _post, "use": _use, "load": _track,
           "develop": _track, "order": _track, "special": _special, "take": _take, "plan": _plan, "lay": _lay,
           "buy": _buy, "done": _done}.get(kind)
    found = why(game, state, seat, kind, arg) if why else None
    return found or unknown


def _act(game, state, seat, kind, arg):
    if arg not in COLOURS:
        return None
    colour = COLOURS.index(arg)
    action = f"am.action.{arg}"
    if colour not in game.offered_colours(state, seat):
        return "am.phase.result", Text("am.why.act-absent", action=action, colour=f"am.colour.{arg}")
    reason = {"red": "am.why.act-red", "green": "am.why.act-green", "yellow": "am.why.act-yellow"}.get(arg)
    return "am.phase.turn", Text(reason or "am.why.act-nothing", action=action)


def _score_cubes(game, state, seat, kind, arg):
    return "am.progress.score-cubes", Text("am.why.no-tile", tile="am.progress-tile.score-cubes")


def _move(game, state, seat, kind, arg):
    k, _, where = arg.partition(":")
    k = int(k) - 1
    L = state.layout
    target = game.position_index(state, where)
    if state.stopped[k]:
        return "am.move.post", Text("am.why.move-stopped", ship=k + 1)
    if game.steps_left(state, seat, k) < 1:
        return "am.points.buy", Text("am.why.move-points", ship=k + 1)
    here = state.ships[seat][k]
    if target == here:
        return "am.move.step", Text("am.why.move-here", ship=k + 1, where=f"am.pos.{where}")
    if target not in L.moves[here]:
        if target < L.squares and not L.is_sea(target):
            return "am.move.step", Text("am.why.move-land", where=f"am.pos.{where}")
        return "am.move.step", Text("am.why.move-far", ship=k + 1, where=f"am.pos.{where}", here=f"am.pos.{game.position_name(state, here)}")
    return "am.move.occupied", Text("am.why.move-occupied", ship=k + 1, where=f"am.pos.{where}")


def _post(game, state, seat, kind, arg):
    k, _, where = arg.partition(":")
    k = int(k) - 1
    L = state.layout
    p = L.names.index(where)
    pos = state.ships[seat][k]
    if state.stopped[k]:
        return "am.move.post", Text("am.why.move-stopped", ship=k + 1)
    if not state.posts_left[seat]:
        return "am.move.post", Text("am.why.post-none-left")
    if pos < 0 or pos >= L.squares or not L.posts_of[pos]:
        return "am.move.post", Text("am.why.post-no-anchor", ship=k + 1)
    if p not in L.posts_of[pos]:
        return "am.move.post", Text("am.why.post-not-beside", ship=k + 1, where=f"am.pos.{where}")
    if state.post[p] >= 0:
        return "am.move.post", Text("am.why.post-taken", where=f"am.pos.{where}")
    if state.cover[p] >= 0:
        return "am.build.post-square", Text("am.why.post-covered", where=f"am.pos.{where}")
    if game.occupied(state, pos, (seat, k)):
        return "am.move.occupied", Text("am.why.post-shared", ship=k + 1)
    return "am.move.occupied", Text("am.why.post-strands", ship=k + 1)


def _use(game, state, seat, kind, arg):
    if arg == "ships8":
        if state.ships8_used:
            return "am.progress.kinds", Text("am.why.used", tile="am.progress-tile.ships8")
        return "am.progress.ships", Text("am.why.no-tile", tile="am.progress-tile.ships8")
    if not game.holds(state, seat, "first"):
        return "am.progress.first", Text("am.why.no-tile", tile="am.progress-tile.first")
    return "am.progress.first", Text("am.why.first-already")


def _track(game, state, seat, kind, arg):
    track = {"load": "cannon", "develop": "development", "order": "special"}[kind]
    rule = {"load": "am.cannon.load", "develop": "am.develop.move", "order": "am.special.order"}[kind]
    n = int(arg)
    room = game.track_room(state, seat, track)
    if n == 0:
        return "am.gold.track-full", Text("am.why.track-not-full", track=f"am.track.{track}", room=room)
    if room == 0:
        return "am.gold.track-full", Text("am.why.track-full", track=f"am.track.{track}")
    if n > room:
        return rule, Text("am.why.track-room", track=f"am.track.{track}", n=n, room=room)
    return "am.points.buy", Text("am.why.afford", cost=n, points=state.points - state.spent,
                                 gold=game.spendable(state, seat))


def _special(game, state, seat, kind, arg):
    colour = game.special_colour(state, seat)
    return "am.special.action", Text("am.why.special-nothing", action=f"am.action.{COLOURS[colour]}",
                                     colour=f"am.colour.{COLOURS[colour]}")


def _take(game, state, seat, kind, arg):
    return "am.develop.tile", Text("am.why.take-absent", tile=f"am.progress-tile.{arg}")


def _plan(game, state, seat, kind, arg):
    s = game.shape_ids.index(arg)
    shape = game.shape_list[s]
    if shape.kind == "neutral":
        if not state.neutral[game.neutral_shapes.index(s)]:
            return "am.plan.neutral", Text("am.why.plan-none", shape=f"am.shape.{arg}")
        if state.neutral_taken >= game.neutral_limit(state, seat):
            return "am.plan.neutral", Text("am.why.plan-one", n=game.neutral_limit(state, seat))
    elif not state.village[seat][game.village_shapes.index(s)]:
        return "am.plan.village", Text("am.why.plan-none", shape=f"am.shape.{arg}")
    return "am.points.buy", Text("am.why.afford", cost=shape.cost, points=state.points - state.spent,
                                 gold=game.spendable(state, seat))


def _lay(game, state, seat, kind, arg):
    shape_id, where, o = arg.split(":")
    s = game.shape_ids.index(shape_id)
    shape = game.shape_list[s]
    L = state.layout
    if not state.planned[seat][s]:
        return "am.build.place", Text("am.why.lay-unplanned", shape=f"am.shape.{shape_id}")
    if shape.cost > game.budget(state, seat):
        return "am.points.buy", Text("am.why.afford", cost=shape.cost, points=state.points - state.spent,
                                     gold=game.spendable(state, seat))
    first = L.names.index(where)
    W = L.width
    fr, fc = divmod(first, W)
    squares = []
    for dr, dc in game.orients[s][int(o)]:
        r, c = fr + dr, fc + dc
        if not (0 <= r < L.height and 0 <= c < W):
            return "am.build.land", Text("am.why.lay-outside", shape=f"am.shape.{shape_id}", where=f"am.pos.{where}")
        squares.append(r * W + c)
    for q in squares:
        if not L.is_land(q):
            return "am.build.land", Text("am.why.lay-sea", where=f"am.pos.{L.names[q]}")
        if state.post[q] >= 0:
            return "am.build.post-square", Text("am.why.lay-post", where=f"am.pos.{L.names[q]}")
        if state.cover[q] >= 0:
            return "am.build.land", Text("am.why.lay-covered", where=f"am.pos.{L.names[q]}")
    island = L.island_of[first]
    if any(L.island_of[q] != island for q in squares):
        return "am.build.land", Text("am.why.lay-two-islands")
    if not any(state.post[q] == seat for q in L.islands[island]):
        return "am.build.place", Text("am.why.lay-no-post", island=L.island_name[island])
    return "am.build.adjacent", Text("am.why.lay-adjacent", where=f"am.pos.{where}")


def _buy(game, state, seat, kind, arg):
    name, _, slot = arg.rpartition(":")
    k = game.production_names.index(name)
    g, cost = game.production_kinds[k]
    if state.production_slots[int(slot) - 1] != k:
        return "am.production.buy", Text("am.why.buy-absent", goods=f"am.goods.{g}", cost=cost)
    return "am.points.buy", Text("am.why.afford", cost=cost, points=state.points - state.spent,
                                 gold=game.spendable(state, seat))


def _done(game, state, seat, kind, arg):
    return "am.move.occupied", Text("am.why.done-shared")
