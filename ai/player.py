"""Search players that hold their tree between their own moves (tree reuse, `ai.ismcts`).

A `SearchPlayer` is one seat of one game: it goes on from the statistics its previous search left
when it moves again with nothing in between, and is garbage when its owner drops it (the game is over).
Whoever plays a game repeatedly makes one per seat (`ai.arena.play_game`); a process that thinks for many
games (the worker's think jobs) holds `Players`, a bounded cache of them keyed by (game id, seat), so a
game's tree never serves another game. Nothing here is module-level state."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from games.protocol import Game, Seat

from .ismcts import search
from .reuse import Kept
from .tree import Stats

PLAYERS_KEPT = 64  # (game id, seat) players a `Players` cache holds before dropping the least recently used


class SearchPlayer:
    """The MCTS player of `seat` in the game `game_id`: `search` as `ai.ismcts.search`, with tree reuse."""

    __slots__ = ("game_id", "kept", "seat")

    def __init__(self, game_id: str, seat: Seat) -> None:
        self.game_id, self.seat = game_id, seat
        self.kept: Kept | None = None  # what the previous search left for this one (used once)

    def search(self, game: Game, state: Any, rng: Any, **settings: Any) -> tuple[Any, Stats]:
        """`ai.ismcts.search(game, state, self.seat, rng, **settings)`, going on from this player's last
        search where the seat's view is the one that search predicted."""
        kept, self.kept = self.kept, None
        move, stats = search(game, state, self.seat, rng, **{"reuse": 1, **settings, "kept": kept})
        self.kept, stats.kept = stats.kept, None
        return move, stats


class Players:
    """A bounded cache of `SearchPlayer`s keyed by (game id, seat), least recently used dropped first
    (a dropped player only searches its next move afresh)."""

    def __init__(self, size: int = PLAYERS_KEPT) -> None:
        self.size = size
        self._players: OrderedDict[tuple[str, Seat], SearchPlayer] = OrderedDict()

    def __len__(self) -> int:
        return len(self._players)

    def of(self, game_id: str, seat: Seat) -> SearchPlayer:
        """The player of `seat` in `game_id` (a new one the first time)."""
        key = (game_id, seat)
        player = self._players.get(key)
        if player is None:
            player = self._players[key] = SearchPlayer(game_id, seat)
            while len(self._players) > self.size:
                self._players.popitem(last=False)
        else:
            self._players.move_to_end(key)
        return player
