"""OpenSpiel's own random simulation test on every game at every player
count, and the pieces its search algorithms use."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import fairy_ring  # noqa: E402
import fairy_ring.openspiel  # noqa: E402,F401

TABLES = [
    (short, players)
    for short, _, low, high in fairy_ring.GAMES
    for players in range(low, high + 1)
]


@pytest.mark.parametrize("short,players", TABLES)
def test_random_sim(short, players):
    game = pyspiel.load_game(f"fairy_ring_{short}", {"players": players, "seed": players})
    # Not serialize: OpenSpiel serializes a sampled-stochastic game with the
    # game's generator state (C++ GetRNGState), which a game written in
    # Python cannot provide.
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_the_games_say_what_they_are():
    game = pyspiel.load_game("fairy_ring_season", {"players": 4})
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.num_players() == 4
    state = game.new_initial_state()
    assert len(state.information_state_tensor(0)) == game.information_state_tensor_shape()[0]
    assert state.information_state_string(0) != state.information_state_string(1)


@pytest.mark.parametrize("short", [g[0] for g in fairy_ring.GAMES])
def test_resampled_states_look_the_same_to_the_player(short):
    low = [g[2] for g in fairy_ring.GAMES if g[0] == short][0]
    game = pyspiel.load_game(f"fairy_ring_{short}", {"players": max(low, 3), "seed": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(12):
        if state.is_terminal():
            break
        player = state.current_player()
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        assert np.array_equal(
            world.information_state_tensor(player), state.information_state_tensor(player)
        )
        state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_ismcts_chooses_a_legal_action():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("fairy_ring_fickle", {"players": 3, "seed": 1})
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=20, random_state=rng
    )
    state = game.new_initial_state()
    assert bot.step(state) in state.legal_actions()
