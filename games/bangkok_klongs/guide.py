"""Bangkok Klongs for players: the rules in one page (`caravan rules bangkok-klongs`, /rules/bangkok-klongs)
and one line of "why" for each kind of move, as the game page shows it beside a move group
(shared/rules/bangkok-klongs.md)."""

SUMMARY = """\
# Bangkok Klongs

2 to 4 players. Boats crowd a floating market. Put your merchants on boats, score the squares of
four boats around a mooring place on market days, and collect boats of one kind in your warehouse.

## The goal
Have the most points after the large market day and the warehouse scoring.

## Your turn
1. You may play a **movement card** (2 a game): one of your own boats to an adjacent empty square.
2. **Place one boat** from your hand of 4. In the first round it goes on an entry square; after
   that, next to any boat already there (sides or corners). A quarter (a 2x2 block) holds at most
   3 boats. An ownable boat gets one of your merchants and is then yours; out of merchants, leave it
   unmanned or move a merchant over from another of your boats.
3. A boat with a **parasol** moves the Luk Phat track one field: you score that field's points.
   Fields 5 and 10 start a small market day, field 15 the large one.
4. If you did not move before placing, you may move now. Then draw back up to 4.

## Market days
A mooring place scores when all four boats around it are there and you have a merchant on one.
Everyone with merchants there scores (baskets on the four boats) x (their merchants there),
doubled for each cookshop. The scorer then takes one boat into their warehouse: on a small market
day one of their own, on the large one also any neutral boat.
- Small market day: two passes round the table from the player who triggered it; score or pass.
- Large market day: from the player with the lowest score, score as often as you can; it ends when
  nobody can score or everyone passed in a row. Then the game ends.

## Special boats
- Thief: may take one boat from its row (not an overseer, nor a boat in an overseer's column),
  to your warehouse, or into your hand instead of drawing.
- Overseer: its column is safe from thieves; thieves already there are caught.
- Cookshop: doubles every score around it.

## How you score
Luk Phat fields as you reach them, market days, and at the end your warehouse: for each kind of
goods, 1 + 2 + ... + n for n boats of that kind.

## The end
After the large market day. Most points wins; ties go to more boats in the warehouse, then the win
is shared.

## Where caravan differs from the printed game
- The board (10x8 squares in 20 quarters, 43 mooring places), the deck's mix and the track's
  points are designed; the totals and special-boat counts are the real ones.
- Merchants per player: 12, 10 or 8 for 2, 3 or 4 players. Placing a merchant is compulsory while
  you have one. Unmanned boats can never be claimed later.
- If nobody can place a boat for a whole round, the large market day starts (a full board).
- A thief stolen by a thief goes to the warehouse, so every game ends.
"""

WHY = {
    "place": "place a boat: first round on an entry square, then next to a boat; at most 3 boats a quarter",
    "move-boat": "a movement card (2 a game): one of your boats to an adjacent empty square",
    "end-turn": "finish the turn: you draw back up to 4 boats",
    "leave-unmanned": "out of merchants: the boat stays neutral for good",
    "shift-merchant": "out of merchants: move one from another of your boats onto this one",
    "steal": "the thief takes a boat from its row, to your warehouse or into your hand",
    "no-steal": "the thief may take nothing",
    "receive-thief": "your overseer caught a thief: keep it in your warehouse or in your hand",
    "score": "market day: four boats around a mooring place with your merchant; everyone there scores",
    "pass": "market day: you may pass and keep your boats on the water",
    "draw": "chance: a boat from the pile, drawn from the game's committed seed",
    "start-player": "chance: the start player, drawn from the game's committed seed",
}
