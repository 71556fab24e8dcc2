"""What the shared tests need to know of Toy Market (tests/needs.py reads it; games/README.md lists the
fields). It has no fitted evaluation (no FIRST_AT_THE_END) and no board picture (nothing is clicked)."""

# tests/golden.py: the playthroughs a copy in games/ checks (tests/test_fifth_game.py)
GOLDEN = [(2, 0, {}), (4, 1, {})]
# tests/web/test_boards.py: the move types a person chooses by clicking the board: none, it has no picture
CLICKED = frozenset()
# tests/web/test_play.py: the bots a person plays against in the browser
OPPONENT = "ai-random"
# tests/test_layout.py: the toy ships no players' guide (guide.py): it is the platform's game without one,
# whose rules page shows only its board (tests/web/test_rules_page.py)
GUIDE = False
