#!/usr/bin/env python3
"""A bot on nothing but the CLI: it plays SEAT of GAME to the end, a random legal move each turn.
usage: examples/bot.py GAME SEAT   (the seat's token in your profile, as `caravan game new` saves it)"""
import json
import random
import subprocess
import sys

game, seat = sys.argv[1], sys.argv[2]


def caravan(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["caravan", *args], capture_output=True, text=True)


while (waited := caravan("wait", game, "--as", seat, "--json")).returncode == 0:  # 0: our turn, 3: over
    if json.loads(waited.stdout).get("waiting_for") == "entropy":  # (await_entropy: our share of the luck first)
        caravan("entropy", game, "--as", seat)
        continue
    listed = json.loads(caravan("moves", game, "--as", seat, "--json").stdout)
    if listed["moves"]:
        caravan("play", game, "--as", seat, str(random.choice(listed["moves"])["n"]))  # 4: stale, wait again
sys.exit(0 if waited.returncode == 3 else waited.returncode)
