"""What the shared tests need to know of Kashgar (tests/needs.py reads it; games/README.md lists the fields)."""

# tests/golden.py: the golden playthroughs, (players, seed, options): the smallest, a middle and the
# largest table, with and without the variant's additional cards
GOLDEN = [(2, 0, {"hauen_und_stechen": "none"}), (3, 1, {"hauen_und_stechen": "all"}),
          (4, 2, {"hauen_und_stechen": "none"}), (4, 11, {"hauen_und_stechen": "all"})]
# tests/web/test_boards.py: the move types a person chooses by clicking the board
CLICKED = frozenset({"caravan-action", "pass"})
# tests/web/test_play.py: the bots a person plays against in the browser
OPPONENT = "ai-random"
# tests/ai/test_fit.py: the features whose weights make up the first feature's (VP) once the game nears
# its end: the VP count alone and again times the nearness of the end
FIRST_AT_THE_END = (0, 5)
