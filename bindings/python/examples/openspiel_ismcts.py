"""OpenSpiel's own ISMCTS bot plays the five games against uniform random
players, through the games registered by ``fairy_ring.openspiel``.

    python examples/openspiel_ismcts.py [games per table] [simulations]

For each game, seat 0 is OpenSpiel's ``ISMCTSBot`` (random rollouts, worlds
drawn with the games' own ``resample_from_infostate``) and every other seat
plays at random; the script prints how often each seat won. A shared
victory counts for every winner.
"""

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import fairy_ring.openspiel  # noqa: F401  (registers the games)


def play(game, bots, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        bot = bots[player]
        if bot is None:
            action = rng.choice(state.legal_actions())
        else:
            action = bot.step(state)
        state.apply_action(action)
    return state.returns()


def main(games=3, simulations=100):
    rng = np.random.RandomState(1)
    tables = [("fairy", 3), ("prank", 3), ("season", 3), ("fickle", 3), ("fayre", 2)]
    for short, players in tables:
        game = pyspiel.load_game(f"fairy_ring_{short}", {"players": players, "seed": 7})
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        searcher = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c=2.0,
            max_simulations=simulations,
            random_state=rng,
        )
        bots = [searcher] + [None] * (players - 1)
        wins = np.zeros(players)
        for _ in range(games):
            returns = play(game, bots, rng)
            wins += np.array(returns) > 0
        print(f"{short} at {players}: wins per seat {wins.astype(int).tolist()} in {games} games "
              f"(seat 0: OpenSpiel ISMCTS, {simulations} simulations a move)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
