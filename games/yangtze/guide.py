"""Yangtze for players: the rules in one page (`caravan rules yangtze`, /rules/yangtze) and one line of
"why" for each kind of move, as the game page shows it beside a move group (shared/rules/yangtze.md)."""

SUMMARY = """\
# Yangtze

2 to 4 players. You are a merchant house on the lower Yangtze: buy goods off the river, sell them
in bundles from behind your screen, and bid for settlements.

## The goal
Have the most money at the end. Money is the score: there are no other points. You start with 30.

## Your turn
1. **Sell** (optional): any number of bundles from behind your screen. A bundle is one or more
   goods of one category (luxury or everyday) that all show the same ware or all show the same
   colour. Bigger bundles pay far more a tile (luxury 5, 14, 27, 44, 65; everyday 4, 10, 18, 28, 40, 54).
2. **Buy** (optional): one good from the river, at the price of the house it lies in front of
   (10 at the open end down to 4 at Shanghai). Buying nothing ends your turn with no draw.
3. **Draw** (after a purchase): the river closes up and tiles are drawn from the bag until a good
   fills the gap. A **ruler** drawn on the way applies to everyone, you first; a **settlement** is
   auctioned at once. Then keep drawing.

## Your special cards (each once a game)
- I: buy two goods in one turn. II: one good you buy costs nothing.
- III: sell bundles at any of your decisions, even outside your turn (before a bid, before a tax).
- Liquidity 10, 15, 20: take that much money now. Each one you never use is worth 30 at the end,
  so cashing one early is a loan.

## Auctions
The player who drew the settlement bids first, then clockwise. Bid at least 1 more than the high
bid and no more than you have, or pass (a pass is final). The last bidder pays the bank. Nobody
bids: the settlement leaves the game.

## How you score at the end
- Every good still behind your screen is sold in the best bundles (the server finds them).
- Settlements: for each colour (green, brown), 15, 30 or 50 for 2, 3 or 4 different kinds; and for
  each of the four kinds, 30 for the most tiles and 15 for the second (ties: the lowest dot wins).
- 30 for each liquidity card you did not use.

## The end
At once when the 12th ruler has been carried out, or when every player in turn neither sold nor
bought. Most money wins; a tie goes to most settlements, then the win is shared.

## Where caravan differs from the printed game
- The names of wares and colours, the sale tables and the twelve rulers' instructions are designed
  (the public rules give their kinds, not their texts).
- "At any time" for cards III and the liquidity cards means at any decision the server asks of
  you, and before a compulsory payment.
- Each colour's set of settlements scores once. Minimum bid and raise are 1.
"""

WHY = {
    "sell": "sell a bundle: goods of one category, all the same ware or all the same colour",
    "sell-with-card-iii": "card III: sell bundles now, outside your selling step (once a game)",
    "buy": "buy from the river at the price of the house it lies at; the gap is then refilled from the bag",
    "end-turn": "buy nothing: the turn ends with no draw (if every player does so in turn, the game ends)",
    "bid": "a settlement is up: bid more than the high bid, no more than you have",
    "pass-bid": "pass in the auction: you are out of it for good",
    "pay": "a tax ruler: pay what it asks, or all you have if that is less",
    "market-sale": "the Open Market ruler: you may sell one bundle now",
    "exchange": "the River Exchange ruler: you may swap one of your goods with one on the river",
    "clear": "the Clearance ruler: you may return one good to the box for 5",
    "surrender": "the Confiscation ruler: return one good of your choice to the box",
    "decline": "a \"?\" ruler is yours to use or not",
    "cash": "a liquidity card: money now, but each unused one is worth 30 at the end",
    "draw": "chance: a tile from the bag, drawn from the game's committed seed",
    "choose-start-player": "chance: the start player, drawn from the game's committed seed",
}
