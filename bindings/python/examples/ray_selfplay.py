"""Generates self-play training games with Ray tasks over the bindings.

    python examples/ray_selfplay.py [games per task] [tasks] [out.jsonl]

Each Ray task plays games of the five games in Rust-backed tables: every
seat picks with the engines' ISMCTS (a few iterations, so it runs anywhere),
and each decision is kept as a training example: the seat's tensor, its
legal-action mask, the action taken and, once the game ends, the seat's
result (+1 won, -1 lost). The driver gathers the examples and the records
of the games (which replay exactly), and checks that every record replays
to its final position.

Locally it starts a Ray instance on this machine (``ray.init(num_cpus=2)``
unless ``RAY_ADDRESS`` names a cluster). On a cluster, run the same script
on the head node (or with ``RAY_ADDRESS=ray://head:10001``), with the
``fairy-ring`` package installed on every node (``pip install
./bindings/python``, or a ``runtime_env`` with ``pip``): Ray spreads the
tasks over the cluster's CPUs, nothing else changes.
"""

import json
import os
import sys
import time

import numpy as np
import ray

from fairy_ring import GAMES, Game

TABLES = [(short, low) for short, _, low, _ in GAMES]


@ray.remote
def self_play(task: int, games: int, iterations: int):
    """Plays `games` games cycling through the five games; returns the
    examples (as arrays) and the records."""
    tensors, masks, actions, results, records = [], [], [], [], []
    for i in range(games):
        short, players = TABLES[(task * games + i) % len(TABLES)]
        game = Game(short, players, seed=task * 1_000_003 + i, record=True)
        mine = []
        while not game.is_over:
            player = game.to_act[0]
            mine.append((player, game.tensor(player), game.mask(player)))
            choice = game.ismcts(player, iterations=iterations, seed=len(mine) + 7919 * i)
            actions.append(choice)
            game.apply_index(player, choice)
        winners = set(game.outcome()["winners"])
        for player, tensor, mask in mine:
            tensors.append(tensor)
            masks.append(mask)
            results.append(1.0 if player in winners else -1.0)
        records.append({"game": short, "record": game.record(), "setup": game.setup()})
    return {
        "tensors": tensors,
        "masks": masks,
        "actions": np.array(actions),
        "results": np.array(results),
        "records": records,
    }


def main(games: int = 2, tasks: int = 4, out: str = ""):
    if os.environ.get("RAY_ADDRESS"):
        ray.init()
    else:
        ray.init(num_cpus=2, include_dashboard=False)
    started = time.time()
    batches = ray.get([self_play.remote(task, games, 30) for task in range(tasks)])
    examples = sum(len(b["results"]) for b in batches)
    records = [r for b in batches for r in b["records"]]
    for entry in records:
        replayed = Game.from_record(entry["record"])
        assert replayed.setup() == entry["setup"], "a record did not replay"
        assert replayed.is_over
    print(
        f"{len(records)} games, {examples} examples from {tasks} Ray tasks "
        f"in {time.time() - started:.1f}s; every record replays"
    )
    if out:
        with open(out, "w") as f:
            for entry in records:
                f.write(json.dumps(entry["record"]) + "\n")
    ray.shutdown()


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        int(args[0]) if len(args) > 0 else 2,
        int(args[1]) if len(args) > 1 else 4,
        args[2] if len(args) > 2 else "",
    )
