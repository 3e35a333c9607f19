"""Final scoring of Endeavor (Age of Sail: 遊戲結束以及最終算分; 2009 borrows it, its rulebook being silent).

A the four tracks (each cube slides back to the last glory space at or below it), B cities held and
connections controlled, C glory on buildings (the City Hall: one per acquire icon on your buildings), on
cards, and an empty free governor slot, D one glory per three discs left in the harbor, E minus one per
face-down slavery card.
"""

from __future__ import annotations


class Scoring:
    def __init__(self, game):
        self.game = game

    def scores(self, state):
        board = self.game.board(state)
        result = {}
        for seat in range(len(state.players)):
            parts = self.parts(state, board, seat)
            result[seat] = {"total": sum(parts.values()), "parts": parts}
        return result

    def total(self, state, seat) -> int:
        """One player's score (the bots' measure reads it at every move they weigh)."""
        return sum(self.parts(state, self.game.board(state), seat).values())

    def parts(self, state, board, seat) -> dict:
        game, player = self.game, state.players[seat]
        mat, cards = game.mat, game.cards
        return {
            "tracks": sum(mat.track_glory(mat.shown(v)) for v in player.attributes),
            "cities": self.cities(state, board, seat),
            "buildings": self.buildings(player),
            "cards": sum(cards[c].glory for c in player.cards),
            "governor_slot": 3 if player.governor_slot is None else 0,
            "discs": player.harbor // 3,
            "slavery": -len(player.slavery_down),
        }

    @staticmethod
    def cities(state, board, seat) -> int:
        """Each city held scores its glory (1 or 2); each connection controlled scores one."""
        cities = sum(s["glory"] for name, s in board.spaces.items() if state.owner[name] == seat)
        connections = sum(1 for c in board.connections.values()
                          if state.owner[c["a"]] == seat and state.owner[c["b"]] == seat)
        return cities + connections

    def city_hall(self, player) -> int:
        buildings = self.game.buildings
        if not any(buildings[b].special == "city-hall" for b in player.buildings):
            return 0
        return sum(buildings[b].acquire_icons for b in player.buildings)

    def buildings(self, player) -> int:
        buildings = [self.game.buildings[b] for b in player.buildings]
        acquire_icons = sum(b.acquire_icons for b in buildings)
        return sum(b.glory + (acquire_icons if b.special == "city-hall" else 0) for b in buildings)
