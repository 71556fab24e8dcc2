"""Toy Market's components: 12 cards (1..6 twice), three rounds, 2-4 players."""

DECK = (1, 2, 3, 4, 5, 6) * 2
ROUNDS = 3
HAND = 2  # cards dealt to each player
DIE = 6
MIN_PLAYERS, MAX_PLAYERS = 2, 4
