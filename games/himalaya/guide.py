"""Himalaya for players: the rules in one page (`caravan rules himalaya`, /rules/himalaya) and one line of
"why" for each kind of move, as the game page shows it beside a move group (shared/rules/himalaya.md)."""

SUMMARY = """\
# Himalaya

3 to 6 players. Your yak caravan crosses 20 villages linked by earth, stone and ice paths. You
collect goods and deliver them to villages that hold orders, for three kinds of influence.

## The goal
- **Economic**: yaks on the order rings you keep, plus 3 for each inventory token.
- **Religious**: the levels (1, 2 or 3) of the villages holding your stupas.
- **Political**: the regions where you have strictly more delegates than anyone else.

With 3 players, whoever leads two of the three wins (otherwise most yaks). With 4 to 6, the lowest
in religion drops out, then the lowest in politics, and of the rest the most yaks wins.

## A round (12 rounds)
1. **Event figures** (once each a game): a yeti closes a path, a snowstorm makes a path cost two
   moves, a market lets anyone take any good in its village.
2. **Programming**, all at once and secretly: six discs, each earth, stone, ice (follow that kind
   of path from where you stand), trade, or pause. Movement is certain: you can plan exactly
   where you will be.
3. **Execution**: disc 1 of every player in turn order, then disc 2, and so on. A move with no
   such path does nothing.
   Trade in a village with goods: take one of the cheapest kind (once per village a round). Trade
   in a village with an order you can pay: deliver it and choose up to two of keeping the ring
   (yaks), a stupa, or delegates in the regions around it.
4. New goods and orders appear where a d20 says.
5. After rounds 4, 8 and 12, an inventory: whoever alone holds the most of a good gets a token (3 yaks).

Goods rank salt < barley < tea < jade < gold.

## The end
After round 12's inventory. See the goal for who wins.

## Where caravan differs from the printed game
- The map (villages, paths, regions), the goods counts and the 40 order rings are designed.
- Programming has a timer (default 60 s); empty discs become pauses. A program that would end on a
  snowstorm is refused; you wait on the storm until a move of that path's kind carries you on.
- Collecting and delivering are optional; declining a good keeps your once-a-round right there.
- Delegation places exactly the village's level of delegates (or all you have left).
- Full ties are shared victories; a fully tied elimination removes nobody in that step.
"""

WHY = {
    "place-caravan": "set up: your caravan starts in any village without another caravan",
    "place-yeti": "the yeti closes a path this round (once a game; planned around by everyone)",
    "place-snowstorm": "the snowstorm makes a path cost two moves this round (once a game)",
    "place-market": "the market lets anyone take any good in that village this round (once a game)",
    "pass-event": "place no event figure this round",
    "plan-slot": "program your next disc: earth, stone or ice follows that path, trade acts, pause waits",
    "program": "your six discs at once, secret until everyone has programmed",
    "collect": "trade in a village with goods: take one of the cheapest kind, once per village a round",
    "fulfil": "deliver the order with the goods it asks for; choose up to two rewards",
    "decline": "trade is optional: keep your goods, or your right to collect here later this round",
    "seating": "chance: the seats and the start player, drawn from the game's committed seed",
    "roll-d20": "chance: the d20 names the village where goods or an order appear",
    "draw-cube": "chance: a good from the bag, drawn from the game's committed seed",
    "draw-ring": "chance: an order ring from the bag, drawn from the game's committed seed",
}
