"""Kashgar for players: the rules in one page (`caravan rules kashgar`, /rules/kashgar) and one line of
"why" for each kind of move, as the game page shows it beside a move group (shared/rules/kashgar.md)."""

SUMMARY = """\
# Kashgar: Merchants of the Silk Road

2 to 4 players. You lead three caravans of merchants along the Silk Road, gather spices, gold and
mules, and fulfil orders for victory points (VP).

## The goal
Have the most VP when the game ends. Your VP are the VP of the orders you fulfilled plus the VP of
every person card in your three caravans (some cards are worth less than nothing).

## Your turn
Choose one of your three caravans. Only its **front card** can act. Do exactly one of:

- **Caravan action**: the card moves to the end of its caravan, you pay its cost, then do what it says.
- **Farewell action**: the card leaves the game for good (its VP go with it), you pay, then do what it says.
- **Pass**: the card moves to the end of its caravan and nothing else happens. Cards marked "!"
  (Patriarch!, Matriarch!, Gate Guard!) cannot pass, but always have an action that is possible.

Cards you gain join the end of the caravan the acting card came from. Your board holds each of
the five spices (ginger, cloves, pepper, star anise, cinnamon) and gold from 0 to 9, and mules from
0 to 6; anything above the cap is lost.

## Fulfilling an order
Four orders lie face up. **Only a card whose action says "fulfil" can fulfil one**: having every
good in hand is not enough. The cards that fulfil: Shopkeeper, Scout, Spice Trader, Cinnamon
Prince, Hawker, Scribe, Farmer, Farrier and the special cards Wholesaler, Sultana, Spice Master and
Envoy (each says which orders, and whether you pay). To fulfil, your mules must be at least
the order's mule number (mules are not spent for that), then you pay the order's cost, unless the
card says it is free. The display refills from the order deck at once.

## How you score
- Fulfilled orders: their VP, for good.
- Person cards in your caravans: their VP while they stay there (a farewell gives them up).

## The end
When anyone reaches 25 VP, the round is finished so that everyone has had the same number of
turns, then the game ends. Most VP wins. A tie goes to the tied player who reached their total
last. If nobody reaches 25, the game ends after round 200.

## Where caravan differs from the printed game
- The individual cards (effects, costs, VP, counts) and most orders are designed from public
  descriptions: the real card index was not available. The names and the sourced effects are kept.
- Start cards have ranks 1 to 12; the lowest rank starts. You choose which start card goes behind
  which Patriarch (it only decides the caravan numbers).
- An order fulfilled "free" still needs the mule condition.
- A second tie-break: among players whose totals last changed in the same action, the one later
  in turn order (from the start player) wins. No shared wins.
- The 200-round limit is ours: some games could otherwise never reach 25 VP.
"""

WHY = {
    "place-start-cards": "set up: your start cards go behind your three Patriarchs (only the caravan numbers differ)",
    "caravan-action": "a caravan action: the front card moves to the end of its caravan, you pay, it acts",
    "farewell": "a farewell: the front card leaves the game (and its VP), you pay, it acts",
    "pass": "pass: the front card moves to the end, nothing else (never for a card marked \"!\")",
    "keep": "drawn cards: keep what the card lets you keep, the rest are discarded",
    "arrange": "the Prophet: put the cards you looked at back on the deck in the order you choose",
    "fulfil-drawn": "fulfil an order: only a card whose action says so (here a drawn order, if you can pay)",
    "replace-display": "a drawn order may replace one in the display; the other goes under the deck",
    "take-discard": "take a card from the discard pile to the end of this caravan",
    "second-order": "a second order in the same action, if you can still pay",
    "respond": "the card targets you: you choose what you lose",
    "deal-start": "chance: the start cards are dealt from the game's committed seed",
    "draw-card": "chance: the top card of the deck, drawn from the game's committed seed",
    "draw-order": "chance: the top order card, drawn from the game's committed seed",
}
