"""The Shipyard board in words (issue 33, widgets/core/words.py): what board.js draws, part by part, read from
the same view: the action track with the gear and the turn track, the ship-part, canal and goods markets, the
four rondels, the corner swaps, the supply, the test cruise, then each seat's mat (money, fleet, yard, dock,
employees, goods, contracts, canal) and the end of the game. Names are the board's own (`sy.` texts); the
phrases are the `sy.words.` texts."""

from __future__ import annotations

ITEMS = ("sail", "engine", "cannon", "crane", "captain", "merchant", "soldier", "stoker")
GOODS = ("coal", "timber", "cloth")


def words(view: dict, say) -> list:
    """[(heading, [line, ...]), ...] for the Shipyard board (see the module's docstring)."""
    def listed(names):
        return say("ui.list-separator").join(names)

    def item(name):
        return say(f"sy.item.{name}")

    def counted(counts: dict, order=ITEMS):
        return listed(say("sy.words.count", name=item(i), n=counts[i]) for i in order if counts.get(i))

    parts = [(say("sy.ui.action-track"), track(view, say, listed))]
    parts.append((say("sy.ui.market"), part_market(view, say, listed)))
    parts.append((say("sy.ui.canal-market", n=view.get("canal_supply", 0)),
                  [say("sy.words.priced", price=slot["price"],
                       what=canal_tile(slot["tile"], say, listed) if slot["tile"] else say("sy.words.empty"))
                   for slot in view.get("canal_market", [])]))
    parts.append((say("sy.ui.goods-market", n=view.get("goods_supply", 0)),
                  [say("sy.words.priced", price=slot["price"],
                       what=say(f"sy.goods-tile.{slot['tile']['id']}") if slot["tile"] else say("sy.words.empty"))
                   for slot in view.get("goods_market", [])]))
    parts += rondels(view, say, listed, item)
    parts.append((say("sy.ui.swaps"), [
        say("sy.words.corner", corner=say(f"sy.ui.corner.{corner['corner']}"), swaps=listed(
            say("sy.words.swap-used" if s["used"] else "sy.words.swap", good=say(f"sy.good.{s['good']}"), item=item(s["item"]))
            for s in corner["swaps"]))
        for corner in view.get("swaps", [])]))
    parts.append((say("sy.ui.supply"), [counted(view.get("supply", {})) or say("sy.words.none")]))
    if view.get("cruise"):
        parts.append(cruise(view["cruise"], say, listed, counted))
    for seat, player in enumerate(view.get("players", [])):
        parts.append((say("core.seat", n=seat + 1), mat(view, seat, player, say, listed, counted)))
    end = view.get("end") or {}
    ending = []
    if end.get("ender") is not None and end.get("reason"):
        ending.append(say(f"sy.ui.trigger.{end['reason']}", seat=say("core.seat", n=end["ender"] + 1)))
    for entry in end.get("final_scores") or []:
        ending.append(say("sy.ui.final-scores", seat=say("core.seat", n=entry["seat"] + 1),
                          contracts=sum(c["points"] for c in entry["contracts"]), traders=entry["traders"]))
    if ending:
        parts.append((say("sy.words.end"), ending))
    return parts


def track(view, say, listed) -> list[str]:
    """The stage (the round, or the game's last actions), the action tiles left to right (each with its cube, its coins, whether chosen, the one by the gear), what
    is in hand or being traded this turn, the gear and the turn track."""
    tiles = view.get("track", [])
    stage = view.get("stage")
    lines = [] if view.get("over") else [           # the banner's stage (the kernel's Now says the game is over)
        say(f"sy.ui.{stage}") if stage in ("final-action", "final-build", "scoring") else say("sy.ui.round", n=view.get("game_round") or 1)]
    for i, tile in enumerate(tiles):
        notes = []
        if tile["cube"] >= 0:
            notes.append(say("sy.words.cube", seat=say("core.seat", n=tile["cube"] + 1)))
        if tile["coins"]:
            notes.append(say("sy.words.coins", n=tile["coins"]))
        if view.get("chosen") == tile["id"]:
            notes.append(say("sy.words.chosen"))
        if i == len(tiles) - 1:
            notes.append(say("sy.ui.by-gear"))
        action = say(f"sy.action.{tile['id']}")
        lines.append(say("sy.words.tile-notes", n=i + 1, action=action, notes=listed(notes)) if notes
                     else say("sy.words.tile", n=i + 1, action=action))
    turn = view.get("turn") or {}
    if turn.get("holding"):
        held = turn["holding"]
        lines.append(say("sy.words.holding", name=say(f"sy.canal.{held['id']}" if "spaces" in held else f"sy.part.{held['id']}")))
    if turn.get("trading"):
        t = turn["trading"]
        lines.append(say("sy.words.trading", tile=say(f"sy.goods-tile.{t['tile']['id']}"), n=t["at"] + 1,
                         m=len(t["goods"]), good=say(f"sy.good.{t['goods'][t['at']]}")))
    gear = view.get("gear") or {}
    if gear.get("cube"):
        lines.append(say("sy.ui.gear", n=gear["notch"], m=gear["notches"]))
    else:
        lines.append(say("sy.ui.dropped") if gear.get("dropped") else say("sy.ui.gear-empty"))
    tt = view.get("turn_track") or {}
    lines.append(say("sy.ui.turn-track", n=tt.get("cubes", 0)))
    if tt.get("marked"):
        lines.append(say("sy.words.marked-gone") if tt.get("marked_gone") or tt.get("total", 0) - tt["marked"] >= tt.get("cubes", 0)
                     else say("sy.words.marked", n=tt["marked"]))
    return lines


def part_market(view, say, listed) -> list[str]:
    """The ship parts for sale a row per price, the cheap row first, columns left to right; then the stacks."""
    market = view.get("market") or {}
    lines = []
    for r, price in enumerate(market.get("prices", [])):
        tiles = [col["tiles"][r] for col in market.get("columns", [])]
        lines.append(say("sy.words.priced", price=price, what=listed(
            part_name(t, say) if t else say("sy.words.empty") for t in tiles)))
    for kind, (i, ii) in (market.get("stacks") or {}).items():
        lines.append(say("sy.words.stacks", part=say(f"sy.partname.{kind}"), i=i, ii=ii))
    return lines


def part_name(part, say) -> str:
    """A ship part by its name, and the icons it carries that its name leaves out (lanterns, lifeboats, buoys)."""
    extras = [say("sy.words.count", name=say(f"sy.ui.legend.{f}"), n=part[f])
              for f in ("lanterns", "lifeboats", "buoys") if part.get(f)]
    name = say(f"sy.part.{part['id']}")
    return say("sy.words.with", name=name, notes=say("ui.list-separator").join(extras)) if extras else name


def canal_tile(tile, say, listed) -> str:
    """A canal tile: its name, its spaces, its checkpoints by space, a fork."""
    notes = [say("sy.words.spaces", n=len(tile["spaces"]))]
    notes += [say("sy.words.checkpoint-at", checkpoint=say(f"sy.words.checkpoint.{icon}"), n=k + 1)
              for k, icon in enumerate(tile["spaces"]) if icon]
    if tile.get("exits", 1) > 1:
        notes.append(say("sy.words.exits", n=tile["exits"]))
    return say("sy.words.with", name=say(f"sy.canal.{tile['id']}"), notes=listed(notes))


def rondels(view, say, listed, item) -> list:
    r = view.get("rondels") or {}
    parts = []
    for name in ("equipment", "crew"):
        data = r.get(name)
        if not data:
            continue
        parts.append((say("sy.words.rondel", name=say(f"sy.ui.rondel.{name}")), [
            say("sy.words.marker", n=data["at"] + 1, what=item(data["stops"][data["at"]]))]
            + [say("sy.words.stop", n=k + 1, what=item(i)) for k, i in enumerate(data["stops"])]))
    trade = r.get("trade")
    if trade:
        def prices(stop):
            return listed(say("sy.words.price-of", good=say(f"sy.good.{g}"), n=stop[g]) for g in GOODS if g in stop)
        parts.append((say("sy.words.rondel", name=say("sy.ui.rondel.trade")),
                      [say("sy.words.marker", n=trade["at"] + 1, what=prices(trade["stops"][trade["at"]]))]
                      + [say("sy.words.stop", n=k + 1, what=prices(stop)) for k, stop in enumerate(trade["stops"])]))
    emp = r.get("employee")
    if emp:
        def employee(e):
            if not e["id"]:
                return say("sy.words.empty")
            notes = ([say("sy.ui.employee-cost", n=e["cost"])] if e.get("cost") else []) + \
                ([say("sy.words.under")] if e.get("under") else [])
            name = say(f"sy.employee.{e['id']}")
            return say("sy.words.with", name=name, notes=listed(notes)) if notes else name
        parts.append((say("sy.words.rondel", name=say("sy.ui.rondel.employee")),
                      [say("sy.words.marker-at", n=emp["at"] + 1)]
                      + [say("sy.words.stop", n=k + 1, what=listed(employee(e) for e in stack))
                         for k, stack in enumerate(emp["stops"])]))
    return parts


def cruise(c, say, listed, counted) -> tuple:
    """The test cruise: the ship's parts, what is aboard, its room and speed, the steps sailed, the result."""
    lines = [say("sy.words.ship", parts=listed(part_name(p, say) for p in c["parts"])),
             say("sy.words.aboard", items=counted(c.get("fitted") or {}) or say("sy.words.none")),
             say("sy.ui.room", **c["room"])]
    sp = c.get("speed_parts") or {}
    if c["stage"] != "fit" and sp:              # a ship lost before it sails has no speed
        lines.append(say("sy.ui.speed-steam" if "engines" in sp else "sy.ui.speed-sail", speed=c["speed"], **sp))
    for p in c.get("path", []):
        where = say("sy.words.canal-space", slot=p["piece"], n=p["space"])
        if p.get("icon") == "riband":
            lines.append(say("sy.words.step-riband", step=p["step"], where=where))
        elif p.get("icon"):
            lines.append(say("sy.words.step-checkpoint", step=p["step"], where=where,
                             checkpoint=say(f"sy.words.checkpoint.{p['icon']}"), n=p["points"]))
        else:
            lines.append(say("sy.words.step", step=p["step"], where=where))
    if c.get("riband"):
        lines.append(say("sy.ui.riband", n=c["riband"]))
    if c["stage"] == "done":
        if c.get("result") == "scored":
            pts = c["points"]
            lines.append(say("sy.ui.result", total=pts["crew"] + pts["equipment"] + pts["speed"] + pts["checkpoints"], **pts))
        elif c.get("result"):
            lines.append(say(f"sy.ui.lost-{c['result']}"))
    return say("sy.ui.cruise", seat=say("core.seat", n=c["seat"] + 1)), lines


def mat(view, seat, p, say, listed, counted) -> list[str]:
    """A seat's mat: money, fleet, yard and complete ships, dock, employees, goods, contracts, canal."""
    lines = [say("sy.words.money", n=p["money"])]
    fleet = p.get("fleet") or []
    if fleet:
        lines.append(say("sy.words.fleet", n=len(fleet), points=listed(str(s["points"]) for s in fleet)))
    yard = p.get("yard") or []
    for i, part in enumerate(yard):
        if part:
            lines.append(say("sy.words.yard-space", n=i + 1, part=part_name(part, say)))
    empty = [str(i + 1) for i, part in enumerate(yard) if not part]
    if empty and len(empty) < len(yard):
        lines.append(say("sy.words.yard-empty", spaces=listed(empty)))
    elif yard:
        lines.append(say("sy.words.yard-none"))
    for ship in p.get("ships") or []:
        lines.append(say("sy.words.complete", bow=ship["bow"], stern=ship["stern"]))
    lines.append(say("sy.words.dock", items=counted(p.get("dock") or {}) or say("sy.words.none")))
    if p.get("staff"):
        lines.append(say("sy.words.staff", names=listed(say(f"sy.employee.{e['id']}") for e in p["staff"])))
    if p.get("goods"):
        lines.append(say("sy.words.goods", tiles=listed(say(f"sy.goods-tile.{g['id']}") for g in p["goods"])))
    con = p.get("contracts") or {}
    if con.get("visible") and con.get("cards") is not None:
        for card in con["cards"]:
            lines.append(say("sy.words.contract", colour=say(f"sy.colour.{card['colour']}"),
                             text=say(f"sy.contract.{card['id']}"), n=card["points"]))
        if not con["cards"]:
            lines.append(say("sy.words.no-contracts"))
    else:
        lines.append(say("sy.words.secret", red=con.get("red", 0), blue=con.get("blue", 0)))
    if con.get("discarded"):
        lines.append(say("sy.words.discarded", n=con["discarded"]))
    lines += canal(p, say, listed)
    return lines


def canal(p, say, listed) -> list[str]:
    """The canal: each tile by its number (what it is, where its exits lead), the ship marker, the tiles kept."""
    c = p.get("canal") or {}
    pieces = {piece["slot"]: piece for piece in c.get("pieces", [])}
    if not c.get("root"):
        lines = [say("sy.words.canal-none")]
    else:
        lines = []
        order, todo = [], [c["root"]]
        while todo:                                # from the entry along each exit, as the board lays it out
            slot = todo.pop(0)
            if slot in pieces and slot not in order:
                order.append(slot)
                todo += [n for n in pieces[slot]["next"] if n]
        for slot in order:
            piece = pieces[slot]
            exits = [say("sy.words.exit-to", slot=n) if n else say("sy.words.exit-open") for n in piece["next"]]
            lines.append(say("sy.words.canal-piece", slot=slot, tile=canal_tile(piece["tile"], say, listed),
                             exits=listed(exits)))
        lines.append(say("sy.words.marker-entry") if not c.get("ship")
                     else say("sy.words.marker-canal", where=say("sy.words.canal-space", slot=c["root"], n=c["ship"])))
    if p.get("kept"):
        lines.append(say("sy.words.kept", n=p["kept"]))
    return lines
