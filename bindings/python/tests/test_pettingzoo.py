"""PettingZoo's own test suite on every game at every player count."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import fairy_ring  # noqa: E402
from fairy_ring.pettingzoo import env  # noqa: E402

TABLES = [
    (short, players)
    for short, _, low, high in fairy_ring.GAMES
    for players in range(low, high + 1)
]


@pytest.mark.parametrize("game,players", TABLES)
def test_api(game, players):
    api_test(env(game, players))


@pytest.mark.parametrize("game,players", TABLES)
def test_seed(game, players):
    seed_test(lambda: env(game, players))


def test_games_end_with_rewards_for_the_winners():
    e = env("prank", 3)
    e.reset(seed=5)
    total = {agent: 0 for agent in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        total[agent] += reward
        if termination or truncation:
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert sorted(set(total.values())) <= [-1, 1]
    assert 1 in total.values()


def test_only_the_agents_to_act_have_a_mask():
    # Prank: one player acts at a time; Fairy: every player guesses at once
    # (the lowest seat still to guess is selected, the others keep their mask).
    for game, to_act in [("prank", 1), ("fairy", 4)]:
        e = env(game, 4)
        e.reset(seed=1)
        masked = [agent for agent in e.possible_agents if e.observe(agent)["action_mask"].any()]
        assert len(masked) == to_act
        assert e.agent_selection == masked[0]
    assert e.observe(e.agent_selection)["action_mask"].sum() == 4
