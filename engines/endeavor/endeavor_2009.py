"""Endeavor (Z-Man Games, 2009), rulebook 002_a6ffcfad7fa0623d.txt (奋斗帝国, Simplified Chinese), 3-5 players.

The second edition of the Endeavor engine. Its round, its five actions and
final scoring are the shared rules of endeavor.py, action_phase.py and
scoring.py; this module holds what the 2009 rulebook says differently, in its
order:

- 游戏准备: the Colonial House is printed on every player board (no start tile
  to choose, no worker on it), all four tracks start at 0, all three level-5
  buildings are in play, each region's Governor lies on top of its stack;
- 1. 建筑: a building at or below your industry level, never the level above,
  and at most one level-5 building each;
- the tracks stop at 15 (public: docs/sources.md, e09-tracks);
- 拿牌: a card is drawn only where the route is open (Europe & the
  Mediterranean always);
- the card limit is the politics level, at most 5, with no extra slavery card;
- a discarded card goes back into its stack in number order (public, §2.4).

Where the 2009 rulebook stops (payment, the discard step, the abolition of
slavery, the end and final scoring) the Age of Sail rule is applied, and the
catalog (data/2009/rules.toml) marks those rules as borrowed. Rule ids: e09.*.
"""

from __future__ import annotations

from ..core.game import Option
from ..core.texts import Text
from .components import ENDEAVOR_2009
from .endeavor import Endeavor


class Endeavor2009(Endeavor):
    id = "endeavor-2009"
    min_players, max_players = 3, 5
    data_dir = ENDEAVOR_2009.data
    rule_sources = ("rulebook:", "public:")
    edition = ENDEAVOR_2009
    governor_on_deck = True
    discard_pile = False
    draw_needs_open_region = True
    slavery_extra = False
    # The search bot's settings for this game (MCTSBot reads them; docs/bots.md has every run):
    # - leaves at 3 points instead of 1: by mid-game the players' measures lie 5-20 points apart, and at
    #   1 point a leaf gave a player well behind (or ahead) nearly 0 (or 1) whatever it had done, so the
    #   search had little to tell its moves apart by;
    # - 4 random decisions before a leaf is read, as Shipyard: a move's consequences show a few steps on;
    # - priors at 0.5 points, closer to the greedy bot's choice.
    # Together: ahead of greedy in 86.3% of 80 pairings on seeds not used to pick the changes, where the
    # priors alone gave 65.6% (on other fresh seeds).
    search_settings = {"temperature": 3, "rollout": 4, "prior_temperature": 0.5}

    # == options (游戏进行: steps 1-3 one at a time, or each player's three in one go) ==
    def options(self, players):
        return [Option("phase_order", ("beginner", "experienced"), "beginner", hint=Text("e09.option.phase_order.hint"))]

    # == setup (游戏准备) =======================================================
    def setup_start(self, state, events):
        """The Colonial House is printed on each player board: every player starts with it, no worker on it."""
        for player in state.players:
            player.buildings.append(self.start_sides[0])
            player.workers.append(self.mat.start_on_building)
            player.supply -= self.mat.start_on_building
        events.append(self.event("e09.setup.colonial-house", building=self.term(f"building.{self.start_sides[0]}")))
        self._begin_round(state, events)

    # == 1. 建筑 ================================================================
    def _buildable(self, state, player) -> list[str]:
        """At or below the industry level (no way out to the level above), and one level-5 building each."""
        allowed = super()._buildable(state, player)
        if allowed and self.buildings[allowed[-1]].level == 5 and self._has_level5(player):
            allowed = [b for b in allowed if self.buildings[b].level < 5]
        return allowed

    def _has_level5(self, player) -> bool:
        return any(self.buildings[b].level == 5 for b in player.buildings)

    def why_not_build(self, state, player, building_id):
        if state.supply.get(building_id) and self.buildings[building_id].level == 5 and self._has_level5(player):
            owned = next(b for b in player.buildings if self.buildings[b].level == 5)
            return self.rid("e09.build.level5"), self.say("why.level5-once", building=self.term(f"building.{building_id}"),
                                                      owned=self.term(f"building.{owned}"))
        return super().why_not_build(state, player, building_id)

    # == the tracks stop at 15 ====================================================
    def past_the_end(self, seat, attribute, icons, events):
        events.append(self.event("e09.track.max", seat=seat, attribute=attribute, value=icons,
                                 end=self.mat.printed_length))

    # == 5: discard: a card goes back into its stack ===============================
    def discard_to(self, state, card_id) -> str:
        """Back into its stack in number order (the highest value at the bottom)."""
        deck = state.decks[self.cards[card_id].deck]
        value = self.cards[card_id].value
        at = next((i for i, c in enumerate(deck) if self.cards[c].value < value), len(deck))
        deck.insert(at, card_id)
        return "discard.to-deck"

    # == prepared positions (scenarios_2009.py) =====================================
    def scenarios(self):
        from .scenarios_2009 import SCENARIOS
        return {name: make(self) for name, make in SCENARIOS.items()}
