"""How a game's board and move descriptions name a seat.

A game knows seats, the table knows people: the views the API sends carry no names. A client that
knows them (the CLI, the web page) adds the players' names to the view it hands a game's `render` or
`describe_move` as `view["names"]` (a list by seat). Without them a seat is "seat N", numbered as the
API numbers seats.

A client telling another seat's move from the reader's view of the position it was played in (the log,
replay) adds `view["mover"]`: describe modules then take public facts from the view (a caravan's front
card, a river position) for the mover, and never the reader's own secrets (see `mover`)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any


def seat_name(view: Any, seat: Any) -> str:
    """The player at `seat` ("ann"), or "seat N" when the names are not known."""
    names = view.get("names") if isinstance(view, dict) else None
    if isinstance(seat, int) and names and 0 <= seat < len(names):
        return str(names[seat])
    return f"seat {seat}"


def named(text: str, names: dict[int, str] | list[str] | None) -> str:
    """`text` with every "seat N" it says replaced by that player's name ("seat 1 leads two influences"
    → "bob leads two influences"); a seat without a known name keeps its number."""
    if not names:
        return text
    known = dict(enumerate(names)) if isinstance(names, list) else names
    return re.sub(r"\bseat (\d+)\b", lambda m: str(known.get(int(m.group(1)), m.group(0))), text)


def with_names(view: Any, names: dict[int, str] | list[str] | None) -> Any:
    """The view with the players' names added (for `render` and `describe_move`); a non-dict view as is."""
    if not isinstance(view, dict) or not names:
        return view
    if isinstance(names, dict):
        names = [names.get(i, f"seat {i}") for i in range(max(names) + 1)]
    return {**view, "names": list(names)}


def mover(view: Any) -> Any:
    """The seat whose move the view is asked to describe: `view["mover"]`, else the reader (`view["you"]`)."""
    if not isinstance(view, dict):
        return None
    return view.get("mover", view.get("you"))


def own_move(view: Any) -> bool:
    """True when the move described is the reader's own (so the reader's private facts apply to it)."""
    return isinstance(view, dict) and mover(view) == view.get("you")


def of_another(view: Any) -> bool:
    """True when the move is told to a reader who is not its mover (the log, replay, a spectator): the words
    then say what the mover does, in the third person ("bids 31"), not what the move list offers ("bid 31").
    The reader is `view["reader"]` when the teller names one (None: anyone, as the analysis tells a move from
    the mover's own view, in the move list's words), else the view's seat."""
    if not isinstance(view, dict) or not isinstance(view.get("mover"), int):
        return False
    if "reader" in view:
        return view["reader"] is not None and view["reader"] != view["mover"]
    return view.get("you") != view["mover"]


def does(view: Any, verb: str) -> str:
    """`verb` as the move is told: "buy" to the mover (the move list's words), "buys" of another seat."""
    if not of_another(view):
        return verb
    if verb.endswith(("s", "sh", "ch", "x", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def whose(view: Any) -> str:
    """The mover's, as the reader reads it: "your" (the mover's own move, or no view to tell by), else "ann's"
    (another seat's move, or one told to anyone: the analysis names the mover)."""
    seat = mover(view)
    if seat is None or not isinstance(view, dict) or seat == view.get("reader", view.get("you")):
        return "your"
    return f"{seat_name(view, seat)}'s"


def counted(n: int | None, thing: str) -> str:
    """"1 good", "2 goods": a number of things as it reads (a plain plural s)."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def told(view: Any, names: dict[int, str] | list[str] | None, actor: Any, reader: int | None = None) -> dict[str, Any]:
    """The view a logged event is told from: the reader's view of the position it was played in (or
    nothing, when the teller does not have it), with the names, the mover and the reader (`you`)."""
    out = dict(with_names(view, names)) if isinstance(view, dict) else with_names({}, names)
    if isinstance(actor, int):
        out["mover"] = actor
    if out.get("you") is None and reader is not None:
        out["you"] = reader
    return out


def secrecy(visible_to: Any, reader: int | None, names: dict[int, str] | list[str] | None) -> str:
    """What a logged move or draw that was secret says of it (`visible_to`: the seats that could read it
    while the game was played; None: a public one, nothing to say): " (secret: only you see it)" to the one
    seat that may; to a reader who reads it only once the game is over (or as the arbiter) whose secret it
    was: " (secret at the time: ann only)"."""
    if visible_to is None:
        return ""
    seats = list(visible_to)
    who = [seat_name(with_names({}, names), s) for s in seats if s != reader]
    if reader in seats:
        return " (secret: only you see it)" if not who else f" (secret: seen by you and {' and '.join(who)})"
    return f" (secret at the time: {' and '.join(who) + ' only' if who else 'no seat saw it'})"


def stand_in(move_payload: Any, mover: str) -> str:
    """What a logged move made by the AI for a person who was away says of it (`mover`: how the reader
    calls that person, "you" or a name): " (made by the AI for ann while away: ai-greedy)"; else ""."""
    level = move_payload.get("stand_in") if isinstance(move_payload, dict) else None
    return f" (made by the AI for {mover} while away: {level})" if level else ""


def _prototypes() -> dict[int, str]:
    """Unicode's confusables (UTS #39 confusables.txt, as the maintained package confusable_homoglyphs
    ships it): each character that is drawn like another, mapped to the one its look-alike class reads as
    (the file's prototype; of a pair that only map to each other, the lower code point), so that two
    strings that look alike map to the same string. The package wraps right-to-left characters in U+200E
    marks for display: those are dropped."""
    from confusable_homoglyphs.confusables import confusables_data as data
    plain = {k.replace("\u200e", ""): [h["c"].replace("\u200e", "") for h in v] for k, v in data.items()}
    out: dict[int, str] = {}
    for char, alikes in plain.items():
        if len(char) == 1 and len(alikes) == 1:  # a source (one prototype), or one of a pair
            target = alikes[0]
            pair = len(target) == 1 and len(plain.get(target, ())) == 1
            out[ord(char)] = min(char, target) if pair else target
    return out


PROTOTYPES = _prototypes()


def plainly(name: str) -> str:
    """`name` with compatibility forms (full width) folded, accents dropped, case folded and a run of
    spaces read as one (a page shows one)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(unicodedata.normalize("NFKC", plain).casefold().split())


def looks(name: str) -> str:
    """How `name` reads: `plainly`, then characters drawn like others (Unicode's confusables: Cyrillic а,
    Greek ο, digit 0 and letter O, rn and m) read as their prototype. Two names that look the same look the
    same here."""
    return " ".join(plainly(name).translate(PROTOTYPES).casefold().split())
