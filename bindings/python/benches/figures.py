"""Figures of the Python bindings (a bench, not a test): prints a table.

    python benches/figures.py

- Python-driven random playouts (legal actions, pick, apply: per step)
  against the same loop on OpenSpiel's C++ hearts through pyspiel;
- the batch API (random playouts in Rust, GIL released) in games per
  second, to set beside the native figure of ``cargo bench --bench
  learning``; an ISMCTS decision (1,000 iterations) through the bindings;
- the same loop on our games registered with pyspiel (a game written in
  Python, so pyspiel's own overhead per step shows);
- PettingZoo environment steps per second, against PettingZoo's classic
  card games Leduc Hold'em and Texas Hold'em (they need ``pip install
  rlcard pygame``; left out with a note otherwise) and Connect Four and
  Tic-Tac-Toe;
- the tensor written into a numpy array from Python, per call.
"""

import random
import time

import numpy as np

import fairy_ring
from fairy_ring import Game

TABLES = [("fairy", 4), ("prank", 4), ("season", 4), ("fickle", 4), ("fayre", 4)]

#: Games per batch, as `cargo bench --bench learning` plays them natively.
NATIVE_GAMES = {"fairy": 40_000, "prank": 40_000, "season": 5_000, "fickle": 5_000, "fayre": 2_000}


def timed(seconds, body):
    """Runs `body()` (returning a count) until `seconds` pass; count/second."""
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        count += body()
    return count, time.perf_counter() - start


def python_playouts(short, players, seconds=2.0):
    rng = random.Random(1)
    seeds = iter(range(10**9))

    def one():
        game = Game(short, players, next(seeds))
        steps = 0
        while not game.is_over:
            player = game.to_act[0]
            game.apply_index(player, rng.choice(game.legal_indices(player)))
            steps += 1
        return steps

    steps, took = timed(seconds, one)
    return took / steps * 1e6


def hearts_playouts(seconds=2.0):
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(1)

    def one():
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    steps, took = timed(seconds, one)
    return took / steps * 1e6


def pyspiel_playouts(short, players, seconds=2.0):
    import pyspiel

    import fairy_ring.openspiel  # noqa: F401

    game = pyspiel.load_game(f"fairy_ring_{short}", {"players": players, "seed": 1})
    rng = random.Random(1)

    def one():
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    steps, took = timed(seconds, one)
    return took / steps * 1e6


def batch(short, players, games):
    start = time.perf_counter()
    fairy_ring.random_playouts(short, players, games, seed=1)
    return games / (time.perf_counter() - start)


def ismcts_ms(short, players, decisions=5):
    start = time.perf_counter()
    fairy_ring.ismcts_decisions(short, players, decisions, iterations=1000, seed=1)
    batch = (time.perf_counter() - start) / decisions * 1e3
    start = time.perf_counter()
    for seed in range(decisions):
        game = Game(short, players, seed)
        game.ismcts(game.to_act[0], iterations=1000, seed=seed)
    return batch, (time.perf_counter() - start) / decisions * 1e3


def env_steps(make, seconds=2.0):
    env = make()
    rng = np.random.default_rng(1)

    def one():
        env.reset(seed=int(rng.integers(1 << 30)))
        steps = 0
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
            else:
                mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
                env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        return steps

    steps, took = timed(seconds, one)
    return steps / took


def tensor_ns(short, players, calls=20000):
    game = Game(short, players, 3)
    for _ in range(10):
        if not game.is_over:
            p = game.to_act[0]
            game.apply_index(p, game.legal_indices(p)[0])
    out = np.empty(game.tensor_len, dtype=np.float32)
    start = time.perf_counter()
    for _ in range(calls):
        game.write_tensor(out, 0)
    return (time.perf_counter() - start) / calls * 1e9


def main():
    print("Python-driven random playouts, microseconds per step")
    print(f"  pyspiel hearts (C++): {hearts_playouts():.2f}")
    for short, players in TABLES:
        print(f"  {short} {players}p: {python_playouts(short, players):.2f}")
    print("The same loop on our games through pyspiel (a Python game), microseconds per step")
    for short, players in TABLES:
        print(f"  fairy_ring_{short} {players}p: {pyspiel_playouts(short, players):.2f}")
    print("Batch API (Rust, GIL released), games per second; ISMCTS 1000 it, ms per decision")
    for short, players in TABLES:
        games = NATIVE_GAMES[short]
        batch_ms, table_ms = ismcts_ms(short, players)
        print(f"  {short} {players}p: {batch(short, players, games):.0f} games/s; "
              f"ISMCTS batch {batch_ms:.1f} ms, Game.ismcts {table_ms:.1f} ms")
    print("PettingZoo AEC steps per second (random legal actions)")
    from fairy_ring.pettingzoo import env

    classic = []
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

        classic.append(("leduc_holdem_v4", leduc_holdem_v4.env))
        classic.append(("texas_holdem_v4", texas_holdem_v4.env))
    except ImportError as e:  # rlcard or pygame missing
        print(f"  (leduc_holdem_v4 and texas_holdem_v4 unavailable: {e})")
    from pettingzoo.classic import connect_four_v3, tictactoe_v3

    classic += [("connect_four_v3", connect_four_v3.env), ("tictactoe_v3", tictactoe_v3.env)]
    for name, make in classic:
        print(f"  {name}: {env_steps(make):.0f}")
    for short, players in TABLES:
        print(f"  fairy_ring {short} {players}p: {env_steps(lambda: env(short, players)):.0f}")
    print("Tensor written into a numpy array from Python, ns per call")
    for short, players in TABLES:
        print(f"  {short} {players}p: {tensor_ns(short, players):.0f}")


if __name__ == "__main__":
    main()
