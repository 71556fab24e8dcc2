"""What the shared tests need to know of Himalaya (tests/needs.py reads it; games/README.md lists the fields)."""

# tests/golden.py: the golden playthroughs, (players, seed, options): the smallest, a middle and the
# largest table, with and without the event figures
GOLDEN = [(3, 0, {"events": True}), (4, 1, {"events": False}), (6, 2, {"events": True})]
# tests/web/test_boards.py: the move types a person chooses by clicking the board
CLICKED = frozenset({"place-caravan", "plan-slot"})
# tests/web/test_play.py: the bots a person plays against in the browser
OPPONENT = "ai-random"
# tests/ai/test_fit.py: the features whose weights make up the first feature's (economic influence, yaks)
# once the game nears its end
FIRST_AT_THE_END = (0,)
