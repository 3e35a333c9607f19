"""Endeavor for search and learning: the numbered action table, the observation, the declared bounds.

Everything here is derived from the components (data/*.toml) and from the same names the rules code
uses for its actions, so editing a data file keeps the table and the observation right. The rules
themselves live in age_of_sail.py and action_phase.py; nothing here decides what is legal.
"""

from __future__ import annotations

from ..core.observation import Part, one_hot, part
from .components import ATTRIBUTES, REGIONS

PHASES = ("start", "scarce", "build", "growth", "salary", "action", "discard", "end", "over")
ACTIONS = ("ship", "occupy", "attack", "payment", "acquire")
PENDING = ("memorial", "silent-pick", "silent")


def action_ids(game, players: int, options: dict) -> list[tuple]:
    """Every decision the rules can offer with these settings, in a fixed order, as (kind, args): its id is
    written by its move's declaration (`Game.action_id`)."""
    board = game.board_for(options)
    slots = range(game.mat.coastline_slots)
    cities = [s for s, sp in board.spaces.items() if sp["kind"] == "city"]
    fleets = [s for s, sp in board.spaces.items() if sp["kind"] == "fleet"]
    decks = list(dict.fromkeys(c.deck for c in game.cards.values() if not c.governor))
    tray = [b.id for b in game.buildings.values() if b.level >= 1]
    ids = [("start", (side,)) for side in game.start_sides] if game.chooses_start else []
    ids += [("build", (b,)) for b in tray]
    ids += [("pay", (slot,)) for slot in slots]
    ids += [("activate", (slot,)) for slot in slots]
    ids += [("token", (k.id,)) for k in game.tokens.values() if k.actions]
    ids += [("pass", ()), ("done", ()), ("order", ())]
    ids += [("ship", ("track", r)) for r in REGIONS] + [("ship", ("fleet", s)) for s in fleets]
    ids += [("ship", ("sea", r)) for r in REGIONS]
    ids += [("occupy", (s,)) for s in cities] + [("attack", (s,)) for s in board.spaces]
    ids += [("payment", (slot,)) for slot in slots]
    ids += [("acquire", (d,)) for d in decks]
    if game.discard_pile:
        ids += [("acquire", (f"discard:{c}",)) for c in game.cards]
    if any(b.special == "memorial" for b in game.buildings.values()):
        ids += [("memorial", (a,)) for a in ATTRIBUTES] + [("memorial", ("supply",))]
    ids += [("slot", (c.id,)) for c in game.cards.values() if c.governor] + [("slot", ("empty",))]
    ids += [("discard", (c,)) for c in game.cards]
    if options.get("silent_fleet"):
        ids += [("silent", ("react", a)) for a in ACTIONS]
        ids += [("silent", ("track", r)) for r in REGIONS] + [("silent", ("fleet", s)) for s in fleets]
        ids += [("silent", ("city", s)) for s in cities] + [("silent", ("deck", d)) for d in decks]
    if options.get("sf_scarce_buildings"):
        ids += [("scarce", (b,)) for b in tray]
    return ids


def never_legal_ids(game, players: int, options: dict) -> list[tuple]:
    """Moves a learner may try that the rules never allow: occupying a fleet, sending a ship to the open sea of Europe."""
    board = game.board_for(options)
    return [("occupy", (s,)) for s, sp in board.spaces.items() if sp["kind"] == "fleet"] + [("ship", ("sea", "europe"))]


def observation_parts(game, players: int, options: dict) -> list[Part]:
    """The observation, part by part (engines/core/observation.py). Everything on the table is public
    in Endeavor; only the face-down level-5 tiles are hidden, and they are not part of it.

    Owners are coded seat + 1 (0: nobody; the Silent Fleet is players + 1), tokens and buildings as
    their index in the data file + 1 (0: none). Each part's key snapshots what it reads, so an observer
    encodes again only what a step changed."""
    codes = _Codes(game, players, options)
    return [*_turn_parts(players), *(_player(codes, s) for s in range(players)), _tray(game),
            *(_region(codes, r) for r in REGIONS), _spaces(codes), _cards(codes), _in_progress()]


class _Codes:
    """How the parts write what they read: the board of these options, and the numbers of owners,
    cards, tokens and buildings."""

    def __init__(self, game, players, options):
        self.board = game.board_for(options)
        self.seats, self.slots = players + 1, game.mat.coastline_slots
        self.card = {c: i for i, c in enumerate(game.cards)}
        self.token_index = {k: i for i, k in enumerate(game.tokens)}
        self.token = {None: 0, **{k: i + 1 for i, k in enumerate(game.tokens)}}
        self.building = {b: i + 1 for i, b in enumerate(game.buildings)}
        self.decks = list(dict.fromkeys(c.deck for c in game.cards.values() if not c.governor))
        # seat `players`: the Silent Fleet
        self.owner = {None: 0, players: players + 1, **{s: s + 1 for s in range(players)}}


def _counts(items, index):
    out = [0] * len(index)
    for item in items:
        out[index[item]] += 1
    return out


def _turn_parts(players: int) -> list[Part]:
    """The round, phase, crown and seat to move; which seat observes; the variants in play."""
    # One-hot rows made once: an observer encodes the turn's parts at almost every step
    phase_row = {p: one_hot(i, len(PHASES)) for i, p in enumerate(PHASES)}
    seat_row = {s: one_hot(s, players) for s in range(players)}
    nobody = [0] * players                          # no seat (None), or the Silent Fleet's

    @part(("round", 1), ("phase", len(PHASES)), ("crown", players), ("to_move", players),
          key=lambda state: (state.round, state.over, state.phase, state.crown, state.to_move))
    def table(state, seat):
        phase = phase_row.get("over" if state.over else state.phase, phase_row["start"])
        return [state.round, *phase, *seat_row.get(state.crown, nobody), *seat_row.get(state.to_move, nobody)]

    @part(("me", players), per_seat=True, key=lambda state: ())
    def me(state, seat):
        return seat_row[seat]

    @part(("abolished", 1), ("phase_by_phase", 1), key=lambda state: (state.abolished, state.phase_order))
    def variants(state, seat):
        return [int(state.abolished), int(state.phase_order == "beginner")]

    return [table, me, variants]


def _player(codes: _Codes, s: int) -> Part:
    """Player `s`'s mat: attributes, harbor, supply, coastline and workers, cards, tokens."""
    card, token_index, building, slots = codes.card, codes.token_index, codes.building, codes.slots
    empty = [0] * slots

    def snapshot(state):
        p = state.players[s]
        return (p.harbor, p.supply, p.governor_slot, len(p.slavery_down), s < len(state.passed) and state.passed[s],
                p.attributes, p.attribute_tokens, p.memorial, p.buildings, p.workers, p.cards, p.action_tokens)

    @part(*[(f"player{s}.{name}", n) for name, n in (
        ("attributes", 4), ("harbor", 1), ("supply", 1), ("coastline", slots), ("workers", slots),
        ("cards", len(card)), ("governor_slot", 1), ("slavery_down", 1), ("action_tokens", len(token_index)),
        ("attribute_tokens", 4), ("memorial", 4), ("passed", 1))], key=snapshot)
    def encode(state, seat):
        p = state.players[s]
        tokens = [0] * len(token_index)
        for kind, n in p.action_tokens.items():
            tokens[token_index[kind]] = n
        # one list display, not a chain of +: this part is encoded again at most steps
        return [*p.attributes, p.harbor, p.supply, *[building[b] for b in p.buildings], *empty[len(p.buildings):],
                *p.workers, *empty[len(p.workers):], *_counts(p.cards, card),
                card[p.governor_slot] + 1 if p.governor_slot else 0, len(p.slavery_down),
                *tokens, *p.attribute_tokens, *p.memorial, int(s < len(state.passed) and state.passed[s])]
    return encode


def _tray(game) -> Part:
    """The Silent Fleet's supply and the buildings left in the tray."""
    @part(("silent_supply", 1), ("tray", len(game.buildings)),
          key=lambda state: (state.silent_supply, state.supply))
    def tray(state, seat):
        return [state.silent_supply] + [state.supply.get(b, 0) for b in game.buildings]
    return tray


def _region(codes: _Codes, r: str) -> Part:
    """Region `r`: open or not, its shipping track and tokens, the open sea, presence, its governor."""
    track, seats, owner, token = codes.board.regions[r]["track"], codes.seats, codes.owner, codes.token

    @part((f"{r}.open", 1), (f"{r}.track", track), (f"{r}.track_tokens", track), (f"{r}.sea", seats),
          (f"{r}.presence", seats), (f"{r}.governor", 1),
          key=lambda state: (state.open[r], r in state.governors, state.track[r], state.track_tokens[r],
                             state.sea[r], state.presence[r]))
    def encode(state, seat):
        return ([int(state.open[r])] + [owner[o] for o in state.track[r]]
                + [token[t] for t in state.track_tokens[r]] + state.sea[r][:seats]
                + state.presence[r][:seats] + [int(r in state.governors)])
    return encode


def _spaces(codes: _Codes) -> Part:
    """Europe's presence, every city's and fleet's owner and token, every connection's token."""
    board, seats, owner, token = codes.board, codes.seats, codes.owner, codes.token

    # The three maps hold every space and connection from setup on, in board order: their values alone
    # make the key, which compares several times faster than the maps themselves (by key lookups).
    @part(("europe.presence", seats), ("space.owner", len(board.spaces)), ("space.token", len(board.spaces)),
          ("connection.token", len(board.connections)),
          key=lambda state: (state.presence["europe"], tuple(state.owner.values()), tuple(state.space_tokens.values()),
                             tuple(state.connection_tokens.values())))
    def spaces(state, seat):
        return (state.presence["europe"][:seats] + [owner[state.owner[s]] for s in board.spaces]
                + [token[state.space_tokens[s]] for s in board.spaces]
                + [token[state.connection_tokens[c]] for c in board.connections])
    return spaces


def _cards(codes: _Codes) -> Part:
    """The size of every deck and the cards in the discard pile."""
    decks, card = codes.decks, codes.card

    @part(*[(f"deck.{d}", 1) for d in decks], ("discard", len(card)),
          key=lambda state: (*map(len, state.decks.values()), state.discard))
    def cards(state, seat):
        return [len(state.decks.get(d, ())) for d in decks] + _counts(state.discard, card)
    return cards


def _in_progress() -> Part:
    """The turn under way (its actions, those done) and the decision pending, if any."""
    pending_row = {k: one_hot(i, len(PENDING)) for i, k in enumerate(PENDING)}
    no_pending = [0] * len(PENDING)

    def in_progress(state):
        t, kind = state.turn, state.pending and state.pending[-1][0]
        return (kind,) if t is None else (kind, t.actions, t.combine, t.done)

    @part(("turn.actions", len(ACTIONS)), ("turn.done", len(ACTIONS)), ("pending", len(PENDING)), key=in_progress)
    def turn(state, seat):
        turn = state.turn
        pending = pending_row.get(state.pending[-1][0], no_pending) if state.pending else no_pending
        if turn is None:
            return [0] * (2 * len(ACTIONS)) + pending
        remaining, done = turn.remaining(), turn.done
        return [int(a in remaining) for a in ACTIONS] + [int(a in done) for a in ACTIONS] + pending
    return turn


def bounds(game, players: int, options: dict):
    """The most decisions a game can take, counted generously from the components, and the glory range.

    Per round and player: a build, the scarce pick, paying each worker, and per building on the
    coastline two activations (each with up to two targets, a memorial choice and a Silent Fleet pick);
    each action token once in the game with the same, and once more for the worker it may free; a
    discard of each card held; and one request to go back to the phase-by-phase order in the whole game.
    Two activations a slot is enough: beyond one worker a building, every activation needs a worker
    freed by a payment, and payment buildings carry the no-payment icon in the stand-in data (see
    buildings.toml), so each pays once a round at most. With data where two payment buildings could pay
    each other back for ever, the adapters still end a game that reaches the bound (engines/adapters)."""
    from ..core.game import Bounds
    rounds, slots = game.mat.rounds, game.mat.coastline_slots
    per_turn = 1 + 2 + 1 + 2            # choose, two targets or done, memorial, Silent Fleet pick and target
    per_round = 1 + 1 + slots + 2 * slots * per_turn + 1 + len(game.cards) + 1
    tokens = sum(k.count for k in game.tokens.values())
    most = players + rounds * players * per_round + 2 * tokens * per_turn + 1
    return Bounds(max_moves=most, min_score=-len(game.cards), max_score=_max_glory(game))


def _max_glory(game) -> int:
    """A generous ceiling on one player's glory: every glory source on the table at once."""
    icons = (sum(sum(b.icons) * b.copies for b in game.buildings.values())
             + sum(sum(c.icons) for c in game.cards.values()) + sum(k.count for k in game.tokens.values()))
    tracks = 4 * game.mat.track_glory(icons)
    cards = sum(max(c.glory, 0) for c in game.cards.values())
    buildings = sum(max(b.glory, 0) * max(b.copies, 1) for b in game.buildings.values())
    cities = max(sum(s["glory"] for s in b.spaces.values()) for b in game.boards.values())
    connections = max(len(b.connections) for b in game.boards.values())
    city_hall = game.mat.coastline_slots * 3         # one per acquire icon on a player's buildings
    return tracks + cards + buildings + city_hall + cities + connections + 3 + game.mat.discs // 3
