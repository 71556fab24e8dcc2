"""Yangtze (Reiner Knizia, Piatnik 2016): trade goods on the river, auction settlements, survive
the rulers. Rules: ../shared/rules/yangtze.md."""

from .game import YangtzeGame

GAME = YangtzeGame()
