"""What the shared tests need to know of Bangkok Klongs (tests/needs.py reads it; games/README.md lists the
fields). It has no fitted evaluation, so no FIRST_AT_THE_END."""

from typing import Any

# tests/golden.py: the golden playthroughs, (players, seed, options): the smallest, a middle and the largest table
GOLDEN: list[tuple[int, int, dict[str, Any]]] = [(2, 0, {}), (3, 1, {}), (4, 2, {})]
# tests/web/test_boards.py: the move types a person chooses by clicking the board
CLICKED = frozenset({"place", "move-boat"})
# tests/web/test_play.py: the bots a person plays against in the browser
OPPONENT = "ai-greedy"
