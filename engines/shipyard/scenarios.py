"""Prepared positions of Shipyard for the tutorials and classroom demos.

Each one starts from a normal seeded setup and lays out the table a moment of the rules needs. Every part
comes out of the stacks, every canal tile out of the canal supply, every piece of equipment and crew out of
the supply, every contract out of the undealt ones, so every count of the game still holds; the yards are
checked to be legal. The draws that follow are planned (`Scenario.draws`), so a lesson shows the same
market every time.
"""

from __future__ import annotations

from ..core.actions import Event
from ..core.game import Scenario
from .components import ACTIONS, ITEMS, PARTS


# -- laying out the table ---------------------------------------------------------------------------------------
def _take_part(game, state, part_id) -> int:
    """One tile of this kind out of its stack (No. I first)."""
    k = game.part_ids.index(part_id)
    for stack in state.stack[game.part_kind[k]]:
        if stack[k]:
            stack[k] -= 1
            return k
    raise ValueError(f"scenario: no '{part_id}' part left in the stacks")


def _market(game, state, place, part_id):
    """Put a part of this kind on a market place; the part that lay there goes back to its stack."""
    p = game.place_index[place]
    old = state.market[p]
    if game.parts[part_id].part != game.numbers.columns[p // game.rows]:
        raise ValueError(f"scenario: a {game.parts[part_id].part} cannot lie in the {place} column")
    state.market[p] = _take_part(game, state, part_id)
    if old >= 0:
        state.stack[game.part_kind[old]][0][old] += 1


def _yard(game, state, seat, parts: dict):
    """Parts in a player's yard: {space (1-based): part kind}; the yard must stay legal."""
    for space, part_id in parts.items():
        state.yard[seat][space - 1] = _take_part(game, state, part_id)
    if not game.yard.good(game.codes(state, seat)) or game.yard.ships(game.codes(state, seat)):
        raise ValueError(f"scenario: the yard of seat {seat} is not a legal yard between turns")


def _dock(state, seat, items: dict):
    for item, n in items.items():
        i = ITEMS.index(item)
        if state.supply[i] < n:
            raise ValueError(f"scenario: not {n} {item} left in the supply")
        state.supply[i] -= n
        state.dock[seat][i] += n


def _canal(game, state, seat, tiles: list):
    """A canal for `seat`: tiles [(canal kind, parent tile number or 0, exit number)] in order."""
    pieces = state.canal[seat]
    for kind, parent, exit_ in tiles:
        k = game.canal_ids.index(kind)
        if not state.canal_pool[k]:
            k = _from_canal_market(game, state, k)
        state.canal_pool[k] -= 1
        pieces.append([k, -1, -1])
        if parent:
            pieces[parent - 1][exit_] = len(pieces) - 1
        else:
            state.ship[seat] = [len(pieces) - 1, -1]


def _from_canal_market(game, state, k):
    """The last tile of a kind lies on the market: swap it there for another from the supply."""
    i = state.canal_market.index(k)
    other = next(j for j, n in enumerate(state.canal_pool) if n and j != k)
    state.canal_pool[other] -= 1
    state.canal_market[i] = other
    state.canal_pool[k] += 1
    return k


def _contracts(game, state, hands: dict):
    """Deal the contracts by hand: {seat: [contract ids]}; seats not named get the first undealt ones."""
    count = game.numbers.deal[state.options["contracts"]]
    for seat in range(state.players):
        for cid in hands.get(seat, []):
            c = game.contract_ids.index(cid)
            pool, hand = (state.red_pool, state.red) if game.contract_list[c].colour == "red" else (state.blue_pool, state.blue)
            pool.remove(c)
            hand[seat].append(c)
        for colour in ("red", "blue"):
            pool, hand = (state.red_pool, state.red) if colour == "red" else (state.blue_pool, state.blue)
            while len(hand[seat]) < count:
                hand[seat].append(pool.pop(0))
    state.deal = []


def _fleet(game, state, seat, ships):
    """Ships that sailed and scored on earlier turns, in a player's fleet: [(part kinds, what went aboard, speed,
    points for crew, equipment, speed and checkpoints)]. Their parts come out of the stacks, what went aboard
    out of the supply, and their points are the player's."""
    for kinds, aboard, speed, points in ships:
        codes = [_take_part(game, state, kind) for kind in kinds]
        fitted = [0] * len(ITEMS)
        for item, n in aboard.items():
            i = ITEMS.index(item)
            if state.supply[i] < n:
                raise ValueError(f"scenario: not {n} {item} left in the supply")
            state.supply[i] -= n
            fitted[i] += n
        features = [sum(game.part_feature[k][f] for k in codes) for f in range(8)]
        for part, n in enumerate(points):
            state.points[seat][part] += n
        state.fleet[seat].append({"parts": len(codes), "fitted": fitted, "speed": speed, "lanterns": features[5],
                                  "lifeboats": features[6], "buoys": features[7], "points": sum(points),
                                  "kinds": codes})


def _kept(game, state, seat, kinds):
    """Canal tiles a player's ships sailed past on earlier cruises, kept face down."""
    for kind in kinds:
        k = game.canal_ids.index(kind)
        if not state.canal_pool[k]:
            k = _from_canal_market(game, state, k)
        state.canal_pool[k] -= 1
        state.canal_used[k] += 1
        state.kept[seat] += 1


# The lesson's game (widgets/lessons/shipyard.toml: three players, seed 4) deals these contracts; the scenarios
# the lesson goes on with deal the same, so that a learner meets the contracts they were dealt, 2 red and 2 blue.
LESSON_HANDS = {0: ["red-yachts", "red-fleet", "blue-sail-pairs", "blue-soldiers"],
                1: ["red-safe-ships", "red-large-ships", "blue-soldier-cannon", "blue-merchants"],
                2: ["red-fast-ships", "red-lifeboats", "blue-engine-pairs", "blue-all-round"]}
# ... and the ships the learner sails in it: the first ship of three parts (a captain, speed 1), and the ship of
# the scenario "cruise" (speed 6, the military checkpoint, the Blue Riband on step 5 and the lantern).
FIRST_SHIP = (["bow-mast", "hull-crane", "stern-cabin"], {"captain": 1}, 1, (1, 0, 1, 0))
CRUISE_SHIP = (["bow-gun", "hull-masts", "hull-boiler", "stern-cabin"],
               {"captain": 1, "soldier": 1, "cannon": 1, "engine": 1, "stoker": 1, "sail": 2}, 6, (2, 2, 6, 8))
# The other players' ships of that game, so that the standings at its end are a race.
GUN_SHIP = (["bow-gun", "hull-gun", "stern-cabin"], {"captain": 1, "soldier": 1, "cannon": 2}, 1, (2, 4, 1, 3))
TRADE_SHIP = (["bow-cabin", "hull-crane", "hull-cabins", "stern-mast"],
              {"captain": 1, "merchant": 1, "crane": 1, "sail": 1}, 2, (2, 2, 2, 3))
STEAM_SHIP = (["bow-mast", "hull-boiler", "stern-mast"], {"captain": 1, "engine": 1, "stoker": 1, "sail": 1}, 5,
              (1, 0, 5, 5))
CREW_SHIP = (["bow-cabin", "hull-cabins", "stern-cabin"], {"captain": 1, "merchant": 2, "soldier": 1}, 1, (4, 0, 1, 2))


def _money(state, money):
    """Set each player's money as the bank's dealings of earlier turns would have."""
    for seat, m in enumerate(money):
        state.minted += max(0, m - state.money[seat])
        state.spent += max(0, state.money[seat] - m)
        state.money[seat] = m


def _staff(game, state, seat, employee_id):
    """A hired employee: taken from the top of its stack on the rondel; the No. I tile below shows."""
    k = game.emp_ids.index(employee_id)
    slot = state.emp_top.index(k)
    state.staff[seat].append(k)
    state.emp_top[slot] = -1
    if state.emp_under[slot]:
        under = next(j for j, n in enumerate(state.emp_hidden) if n and j != k) if any(
            n and j != k for j, n in enumerate(state.emp_hidden)) else k
        state.emp_hidden[under] -= 1
        state.emp_under[slot] = 0
        state.emp_top[slot] = under


def _track(game, state, order: list, cubes: dict, current: int, last: str | None):
    """The action track left to right (the last by the gear), the other players' cubes on the tiles they
    chose, and the tile the current player chose last turn (it is moved to the gear when the turn starts)."""
    state.track = [ACTIONS.index(a) for a in order]
    state.cube = [-1] * len(ACTIONS)
    for seat, a in cubes.items():
        state.cube[ACTIONS.index(a)] = seat
        state.last[seat] = ACTIONS.index(a)
    if last is not None:
        state.cube[ACTIONS.index(last)] = current
        state.last[current] = ACTIONS.index(last)


def _to_turn(game, state, seat, round_):
    """Mid-game: it is `seat`'s turn of round `round_`. Every turn since the first round has turned the gear
    one notch, so the gear, the cubes left on the turn track and whether the marked cube (and with it the
    contract discard) is gone all follow from the round and the seat."""
    P, notches = state.players, game.gear_notches(state)
    state.round = round_ - 1 if seat == 0 else round_
    state.turns = [round_ - 1 if s >= seat else round_ for s in range(P)]
    state.seat = seat
    turned = max(0, (round_ - 2) * P + seat)
    drops = turned // notches
    state.gear = turned % notches
    state.cubes = game.numbers.cubes[P] - drops
    if state.cubes < 0:
        raise ValueError("scenario: the game would have ended before this round")
    state.marked_gone = drops >= game.numbers.marked
    if state.marked_gone:                                # the discard has happened
        keep = game.numbers.keep
        for s in range(P):
            for hand in (state.red, state.blue):
                state.discarded[s] += hand[s][keep:]
                del hand[s][keep:]
    state.phase = "start"
    game.settle(state)


def _note(state, events, name, rule):
    state.scenario_note = name
    events.append(Event(rule, key=f"sy.scenario.{name}"))


# -- the scenarios -------------------------------------------------------------------------------------------------
def cruise(game):
    """試航: Player 1 holds the contracts of the lesson's game and has sailed its first ship (three parts, a
    captain). Player 1's next ship lacks one hull, which lies on the market for 0. Built, it carries a gun mount,
    three masts, a boiler cabin and a cabin, and its hulls a lantern and a lifeboat; the dock holds a captain,
    a soldier, a cannon, a steam engine, a stoker and two sails. Steam and a stoker give speed 4, the sails 2
    more: 6 spaces along a canal with a military checkpoint, a fork with a Blue Riband, and beyond it a lantern
    or a life buoy."""
    def prepare(state, events):
        _contracts(game, state, LESSON_HANDS)
        _fleet(game, state, 0, [FIRST_SHIP])
        _market(game, state, "hull1.1", "hull-boiler")
        _yard(game, state, 0, {2: "bow-gun", 3: "hull-masts", 5: "stern-cabin"})
        _dock(state, 0, {"captain": 1, "soldier": 1, "cannon": 1, "engine": 1, "stoker": 1, "sail": 2})
        _canal(game, state, 0, [("canal-military", 0, 0), ("fork-riband", 1, 1), ("canal-lantern", 2, 1),
                                ("canal-buoy", 2, 2)])
        _money(state, [5, 7, 6])
        _track(game, state, ["canal", "employee", "crew", "build", "trade", "goods", "equipment"],
               {1: "trade", 2: "goods"}, 0, "equipment")
        _to_turn(game, state, 0, round_=6)
        _note(state, events, "cruise", "sy.cruise.fit")
    return Scenario(players=3, seed=21, prepare=prepare, draws=("part:hull-cabins",))


def gear(game):
    """遊戲概要: the gear's cube is one notch from the hole. Player 4's turn moves a tile to the gear, the
    cube drops, and at the end of the turn the rightmost turn-track cube is removed and a coin goes on the
    leftmost action tile."""
    def prepare(state, events):
        _contracts(game, state, {})
        _money(state, [8, 4, 6, 5])
        _yard(game, state, 3, {1: "bow-cabin", 2: "hull-cabins"})
        _dock(state, 3, {"captain": 1})
        _track(game, state, ["subsidy", "goods", "build", "crew", "canal", "trade", "equipment", "employee"],
               {0: "equipment", 1: "canal", 2: "trade"}, 3, "employee")
        _to_turn(game, state, 3, round_=3)
        _note(state, events, "gear", "sy.gear.drop")
    return Scenario(players=4, seed=22, prepare=prepare)


def discard(game):
    """政府合約: the full setup (3 red and 3 blue contracts each); the gear's cube is about to drop and the
    next turn-track cube to come off is the marked one. At the end of Player 1's turn every player keeps one
    red and one blue contract."""
    def prepare(state, events):
        _contracts(game, state, {0: ["red-large-ships", "red-canal", "red-safe-ships",
                                     "blue-soldier-cannon", "blue-merchants", "blue-sail-pairs"]})
        _money(state, [7, 5, 6])
        _yard(game, state, 0, {1: "bow-gun", 2: "hull-gun", 3: "hull-gun-crane"})
        _dock(state, 0, {"soldier": 1, "cannon": 2})
        _canal(game, state, 0, [("canal-military", 0, 0)])
        _track(game, state, ["goods", "trade", "canal", "build", "equipment", "employee", "crew"],
               {1: "crew", 2: "employee"}, 0, "trade")
        _to_turn(game, state, 0, round_=11)
        _note(state, events, "discard", "sy.contract.discard")
    return Scenario(players=3, seed=23, prepare=prepare, options={"contracts": "full"})


def end_trigger(game, red="red-fleet", name="end-trigger"):
    """遊戲結束: the turn track is empty and the gear's cube is one notch from the hole. Player 2's turn
    triggers the end; Player 3 still plays a turn; then the final actions (Player 3, Player 1, Player 2 last)
    and the last build, in which Player 1's ship lacks exactly one stern. Player 1 kept the red and the blue
    contract of the lesson's game that suit its fleet (the lesson's two ships, one with a pair of sails); the
    last ship takes a captain and two sails, so both contracts score. Player 1 has hired a coal trader I and
    Player 3 the cloth traders I and II, so that the traders' points show in the final score. `red`: the red
    contract Player 1 kept at the discard (the lesson carries the learner's choice there into this position)."""
    def prepare(state, events):
        hands = dict(LESSON_HANDS)
        other = next(c for c in LESSON_HANDS[0] if c.startswith("red-") and c != red)
        hands[0] = [red, other, "blue-sail-pairs", "blue-soldiers"]                   # kept at the discard
        _contracts(game, state, hands)
        _money(state, [6, 5, 7])
        _fleet(game, state, 0, [FIRST_SHIP, CRUISE_SHIP])
        _kept(game, state, 0, ["canal-military", "fork-riband"])
        _fleet(game, state, 1, [GUN_SHIP, TRADE_SHIP])
        _kept(game, state, 1, ["canal-military"])
        _fleet(game, state, 2, [STEAM_SHIP, CREW_SHIP])
        _kept(game, state, 2, ["canal-riband", "canal-economic"])
        _canal(game, state, 2, [("canal-long", 0, 0)])
        _yard(game, state, 0, {4: "bow-mast", 5: "hull-cabins", 6: "hull-mast-cabin"})
        _dock(state, 0, {"captain": 1, "sail": 2})
        _canal(game, state, 0, [("canal-riband", 0, 0), ("canal-long", 1, 1)])
        _market(game, state, "stern.1", "stern-cabin")
        _yard(game, state, 1, {1: "bow-crane", 2: "hull-crane"})
        _dock(state, 1, {"captain": 1, "crane": 2, "merchant": 1})
        _canal(game, state, 1, [("canal-economic", 0, 0)])
        _staff(game, state, 0, "trader-coal-1")                  # traders, who score at the very end
        _staff(game, state, 2, "trader-cloth-1")
        _staff(game, state, 2, "trader-cloth-2")
        _track(game, state, ["equipment", "crew", "goods", "trade", "employee", "build", "canal"],
               {0: "canal", 2: "goods"}, 1, "employee")
        _to_turn(game, state, 1, round_=20)
        _note(state, events, name, "sy.end.trigger.cubes")
    return Scenario(players=3, seed=24, prepare=prepare)


def contracts(game):
    """政府合約, with the suggested setup (2 red and 2 blue each) of the lesson's game: round 11, and the next cube
    to come off the turn track is the marked one. Player 1's fleet holds the lesson's two ships, and its yard the next
    ship of `end-trigger` (bow and two hulls: four parts with its stern), so that what each red contract will be
    worth is plain when it is chosen; at the end of Player 1's turn every player keeps one red and one blue
    contract, seeing what each is worth now."""
    def prepare(state, events):
        _contracts(game, state, LESSON_HANDS)
        _money(state, [7, 5, 6])
        _fleet(game, state, 0, [FIRST_SHIP, CRUISE_SHIP])
        _kept(game, state, 0, ["canal-military", "fork-riband"])
        _canal(game, state, 0, [("canal-lantern", 0, 0)])
        state.ship[0][1] = 0                             # the cruise ship stopped on its first space
        _fleet(game, state, 1, [GUN_SHIP])
        _canal(game, state, 1, [("canal-economic", 0, 0)])
        _fleet(game, state, 2, [STEAM_SHIP])
        _kept(game, state, 2, ["canal-riband"])
        _canal(game, state, 2, [("canal-long", 0, 0)])
        _yard(game, state, 0, {4: "bow-mast", 5: "hull-cabins", 6: "hull-mast-cabin"})    # the last ship of
        _dock(state, 0, {"captain": 1, "sail": 1})                     # `end-trigger`: four parts with its stern
        _track(game, state, ["goods", "trade", "canal", "build", "equipment", "employee", "crew"],
               {1: "crew", 2: "employee"}, 0, "trade")
        _to_turn(game, state, 0, round_=11)
        _note(state, events, "contracts", "sy.contract.discard")
    return Scenario(players=3, seed=23, prepare=prepare)


def subsidy(game):
    """輔助金: a four-player game, Player 1's turn of round 3, with Subsidy, the eighth action tile, free. Its 2
    money and the income leave Player 1 short of a bonus action, so taking it ends the action step."""
    def prepare(state, events):
        _contracts(game, state, {})
        _money(state, [1, 5, 6, 4])
        _track(game, state, ["goods", "subsidy", "build", "crew", "canal", "trade", "equipment", "employee"],
               {1: "goods", 2: "crew", 3: "trade"}, 0, "employee")
        _to_turn(game, state, 0, round_=3)
        _note(state, events, "subsidy", "sy.subsidy")
    return Scenario(players=4, seed=25, prepare=prepare)


def end_trigger_yachts(game):
    """遊戲結束, as `end-trigger`, but Player 1 kept the other red contract of the lesson's game at the discard
    (the one that scores only ships of exactly three parts)."""
    return end_trigger(game, red="red-yachts", name="end-trigger-yachts")


SCENARIOS = {"cruise": cruise, "gear": gear, "discard": discard, "end-trigger": end_trigger,
             "end-trigger-yachts": end_trigger_yachts,
             "contracts": contracts, "subsidy": subsidy}
