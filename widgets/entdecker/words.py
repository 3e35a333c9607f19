"""The Entdecker board in words (widgets/core/words.py): each explorer's mat, the exploration in progress, the
map square by square, the islands, and the piles, read from the view the board draws, in its names."""

from __future__ import annotations


def words(view: dict, say) -> list:
    parts = [(say("core.seat", n=seat + 1), _mat(player, say)) for seat, player in enumerate(view["players"])]
    parts.append((say("ent.words.map"), _map(view, say)))
    parts.append((say("ent.words.islands"), _islands(view, say)))
    parts.append((say("ent.words.supply"), _supply(view, say)))
    return parts


def _listed(items, say) -> str:
    return say("ui.list-separator").join(items)


def _mat(player: dict, say) -> list[str]:
    lines = [say("ent.words.gold", n=player["gold"])]
    lines.append(say("ent.words.units-left", units=_units(player["units"], say)))
    if any(player["on_board"].values()):
        lines.append(say("ent.words.units-out", units=_units(player["on_board"], say)))
    chips = [say("ent.words.chip", chip=say(f"ent.chip.{c['kind']}"), value=c["value"]) for c in player["chips"]]
    lines.append(say("ent.words.chips", chips=_listed(chips, say)) if chips else say("ent.words.no-chips"))
    gifts = [say("ent.words.chip", chip=say(f"ent.chip.{c['kind']}"), value=c["value"]) for c in player["gifts"]]
    if gifts:
        lines.append(say("ent.words.gifts", chips=_listed(gifts, say)))
    if player.get("first_turn"):
        lines.append(say("ent.ui.first-turn"))
    return lines


def _units(counts: dict, say) -> str:
    found = [say("ent.words.count", name=say(f"ent.unit.{kind}"), n=n) for kind, n in counts.items() if n]
    return _listed(found, say) if found else say("ent.words.none")


def _map(view: dict, say) -> list[str]:
    turn = view["turn"]
    squares = view["board"]["squares"]
    explored = [s for s in squares if "tile" in s]
    lines = [say("ent.words.explored", n=len(explored), of=len(squares))]
    if turn.get("ship"):
        lines.append(say("ent.words.ship", square=turn["ship"]))
    for square in explored:
        line = say("ent.words.square", square=square["id"], tile=say(f"ent.tile.{square['tile']['type']}"))
        unit = square.get("unit")
        if unit:
            line = say("ent.words.square-unit", square=line, seat=say("core.seat", n=unit["seat"] + 1),
                       unit=say(f"ent.unit.{unit['kind']}"))
        lines.append(line)
    return lines


def _islands(view: dict, say) -> list[str]:
    lines = []
    for island in view["board"]["islands"]:
        lines.append(say("ent.words.island", squares=_listed(island["squares"], say), tiles=island["tiles"],
                         state=say(f"ent.ui.island.{island['state']}")))
    return lines or [say("ent.words.no-islands")]


def _supply(view: dict, say) -> list[str]:
    piles = [str(p["count"]) for p in view["piles"]]
    lines = [say("ent.words.piles", counts=_listed(piles, say))]
    reserve = [say("ent.words.pile", name=say(f"ent.pattern.{r['pattern']}"), n=r["count"])
               for r in view["reserve"] if r["count"]]
    if reserve:
        lines.append(say("ent.words.reserve", piles=_listed(reserve, say)))
    lines.append(say("ent.words.chip-piles", counts=_listed([str(p["count"]) for p in view["chip_piles"]], say)))
    return lines
