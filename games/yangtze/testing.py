"""What the shared tests need to know of Yangtze (tests/needs.py reads it; games/README.md lists the fields)."""

from typing import Any

# tests/golden.py: the golden playthroughs, (players, seed, options): the smallest, a middle and the largest table
GOLDEN: list[tuple[int, int, dict[str, Any]]] = [(2, 0, {}), (3, 1, {}), (4, 2, {})]
# tests/web/test_boards.py: the move types a person chooses by clicking the board
CLICKED = frozenset({"buy"})
# tests/web/test_play.py: the bots a person plays against in the browser
OPPONENT = "ai-greedy"
# tests/ai/test_fit.py: the features whose weights make up the first feature's (money) once the game
# nears its end: money counts alone there (its share of the game left is 0)
FIRST_AT_THE_END = (0,)
