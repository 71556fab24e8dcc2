"""The words an analysis tells a step in (games/*/describe.py, from the view service/analysis_rows.py gives)."""

from games.kashgar.describe import describe_move
from games.kashgar.moves import DrawCard


def test_a_kashgar_look_at_the_top_card_is_told_as_a_look():
    """The step labelled "look at the top standard card" (the Prophet) read "a card is drawn: Barterer"."""
    names = ["me", "bot"]
    look = {"pending": {"step": "draw", "deck": "look", "seat": 1}, "names": names}
    assert describe_move(DrawCard(card="SD20"), look) == "bot looks at the top standard card: Barterer"
    draw = {"pending": {"step": "draw", "deck": "standard", "seat": 1}, "names": names}
    assert describe_move(DrawCard(card="SD20"), draw) == "a card is drawn: Barterer"
