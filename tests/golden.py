"""Golden playthroughs: seeded random games written out as text, one line per step, so that a change
in behaviour shows as a readable diff (as OpenSpiel's playthroughs do).

A line is `step actor | state | legal moves | move`:
  * state: the fields that changed since the line before (all of them on the first line), short: a
    long list of plain values as its length, structs field by field; then `#` and 8 hex digits of the
    whole state's msgpack bytes, so even a change the short form leaves out shows at its step;
  * legal moves: every legal move of the actor, compact (`caravan-action(caravan=1,spice=GI)`; more
    than 24 as their number, the first few and a digest of all), or for chance the label, the number
    of outcomes, their total weight and who sees them;
  * move: the move played (seeded random choice among the legal moves; chance by `sample_chance`).
The last line is the result. Every 7th step the move is also applied to a decoded copy of the state
(nothing listed for it) and must give the same state.

Regenerate after an intended change of the rules, then read the diff:
    .venv/bin/python -m tests.golden              # every game
    .venv/bin/python -m tests.golden kashgar      # one game
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

import msgspec

from games.protocol import CHANCE, Game, sample_chance

HERE = Path(__file__).resolve().parent



def cases() -> dict[str, list[tuple[int, int, dict]]]:
    """game id -> [(players, seed, options)] for every game of games/, as its testing.py declares them
    (GOLDEN: each game at its smallest, a middle and its largest table); a game without fails loudly."""
    from tests.needs import need, shipped

    return {gid: need(game, "GOLDEN") for gid, game in shipped().items()}


LONG = 12  # a tuple of plain values longer than this shows as its length
MANY = 24  # more legal moves than this show as their number, the first few and a digest


def path(game_id: str, players: int, seed: int, options: dict) -> Path:
    tail = "".join(f"-{k}={v}" for k, v in sorted(options.items()))
    return HERE / game_id.replace("-", "_") / "golden" / f"{players}p-seed{seed}{tail}.txt"


def short(value) -> str:
    """A value in few characters: structs field by field (defaults left out), long plain lists as their length."""
    if isinstance(value, msgspec.Struct):
        info = msgspec.structs.fields(type(value))
        parts = []
        for f in info:
            v = getattr(value, f.name)
            if f.default is not msgspec.NODEFAULT and v == f.default:
                continue
            parts.append(f"{f.name}={short(v)}")
        tag = type(value).__struct_config__.tag
        return f"{tag or ''}({','.join(parts)})"
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value, key=repr) if isinstance(value, (frozenset, set)) else value
        if len(items) > LONG and all(isinstance(x, (int, str, float, bool)) for x in items):
            return f"[{len(items)}]"
        return "[" + " ".join(short(x) for x in items) + "]"
    if isinstance(value, dict):
        return "{" + " ".join(f"{k}:{short(v)}" for k, v in value.items()) + "}"
    return str(value)


def digest(value) -> str:
    return hashlib.sha256(msgspec.msgpack.encode(value)).hexdigest()[:8]


def leaves(value, at: str = "") -> dict[str, str]:
    """The state as `path: short value`, one entry per field (structs and tuples of structs opened)."""
    if isinstance(value, msgspec.Struct):
        out = {}
        for f in value.__struct_fields__:
            out.update(leaves(getattr(value, f), f"{at}.{f}" if at else f))
        return out
    if isinstance(value, tuple) and value and all(isinstance(x, msgspec.Struct) for x in value):
        out = {}
        for i, x in enumerate(value):
            out.update(leaves(x, f"{at}[{i}]"))
        return out
    return {at: short(value)}


def changes(before: dict[str, str], now: dict[str, str]) -> str:
    """The entries of `now` that differ from `before`, and `-path` for those gone (unless their parent
    shows: `pending=None`)."""
    changed = [k for k, v in now.items() if before.get(k) != v]
    gone = [k for k in before if k not in now and not any(k.startswith((c + ".", c + "[")) for c in changed)]
    return " ".join([f"{k}={now[k]}" for k in changed] + [f"-{k}" for k in gone])


def playthrough(game: Game, players: int, seed: int, options: dict) -> list[str]:
    rng = random.Random(seed * 1000 + players)
    state = game.setup(players, game.check_options(options))
    lines = [f"# {game.id}, {players} players, seed {seed}, options {short(options)}"]
    step = 0
    shown: dict[str, str] = {}
    while True:
        actors = game.actors(state)
        if not actors:
            break
        if CHANCE in actors:
            spec = game.chance(state)
            total = spec.permute and f"permutation of {spec.permute}" or \
                f"{len(spec.outcomes)} outcomes, weight {sum(spec.weights) if spec.weights else len(spec.outcomes)}"
            seen = "all" if spec.visible_to is None else short(spec.visible_to)
            legal = f"{spec.label}: {total}, seen by {seen}"
            actor, move = CHANCE, sample_chance(spec, rng)
        else:
            actor = min(actors)
            moves = game.legal_moves(state, actor)
            legal = " ".join(short(m) for m in moves[:MANY + 1 if len(moves) <= MANY else 6])
            if len(moves) > MANY:
                legal = f"{len(moves)} moves #{digest(moves)}: {legal} …"
            move = moves[rng.randrange(len(moves))]
        now = leaves(state)
        lines.append(f"{step} {'chance' if actor == CHANCE else f'seat {actor}'} | {changes(shown, now)} "
                     f"#{digest(state)} | {legal} | {short(move)}")
        shown = now
        new = game.apply(state, actor, move)
        if step % 7 == 0:
            copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=game.State)
            assert game.apply(copy, actor, move) == new, f"step {step}: a decoded copy gives another state"
        state = new
        step += 1
    result = game.result(state)
    lines.append(f"end | {changes(shown, leaves(state))} #{digest(state)} | scores {short(result.scores)} "
                 f"ranks {short(result.ranks)}")
    return lines


def write(game_id: str) -> None:
    from games.registry import get

    game = get(game_id)
    for players, seed, options in cases()[game_id]:
        p = path(game_id, players, seed, options)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("\n".join(playthrough(game, players, seed, options)) + "\n")
        print(f"wrote {p.relative_to(HERE.parent)}")


if __name__ == "__main__":
    for gid in sys.argv[1:] or list(cases()):
        write(gid)
