"""PettingZoo AEC environments for the five games, at any player count.

``env(game, players)`` makes one: agents ``player_0`` ... ``player_{n-1}``,
a ``Discrete`` action space (the game's fixed action space), and as the
observation a dict of the seat's tensor (``observation``, ``float32``: what
the seat knows, its view and memory) and its legal-action mask
(``action_mask``, ``int8``; all zeros for an agent not to act).

Simultaneous choices (Fairy's guesses, Fickle's Lineup, Season's passing)
are committed one agent at a time, as the engine does: the agent selected is
the lowest seat still to choose, and no observation shows a committed choice
to anyone else, so acting in turn gives nobody an advantage. Rewards come at
the end: +1 for each winner (a shared victory counts for each), -1 for the
others.

>>> from fairy_ring.pettingzoo import env
>>> e = env("fickle", 3)
>>> e.reset(seed=1)
>>> e.agent_selection
'player_0'
"""

from __future__ import annotations

import random
from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import Game


class raw_env(AECEnv):
    """A table of ``game`` for ``players`` as a PettingZoo AEC environment
    (without PettingZoo's wrappers; use :func:`env`)."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "fairy_ring_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: str = "fairy", players: int = 3, render_mode: Optional[str] = None):
        super().__init__()
        probe = Game(game, players, 0)
        self.game = probe.game
        self.players = players
        self.metadata = dict(self.metadata, name=f"fairy_ring_{probe.game}_{players}p_v0")
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._actions = probe.action_space
        self._tensor = probe.tensor_len
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=-np.inf, high=np.inf, shape=(self._tensor,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self._actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self._actions) for agent in self.possible_agents}
        self.render_mode = render_mode
        self.table: Optional[Game] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is None:
            seed = random.getrandbits(63)
        self.table = Game(self.game, self.players, seed)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        to_act = self.table.to_act
        return self.possible_agents[to_act[0] if to_act else 0]

    def observe(self, agent: str) -> Dict[str, Any]:
        seat = self._seat[agent]
        observation = np.empty(self._tensor, dtype=np.float32)
        self.table.write_tensor(observation, seat)
        if seat in self.table.to_act:
            mask = np.frombuffer(self.table.legal_mask(seat), dtype=np.int8).copy()
        else:
            mask = np.zeros(self._actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.table.apply_index(self._seat[agent], int(action))
        self._cumulative_rewards[agent] = 0
        if self.table.is_over:
            winners = set(self.table.outcome()["winners"])
            for other in self.agents:
                self.rewards[other] = 1 if self._seat[other] in winners else -1
                self.terminations[other] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._next_agent()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self.table.view_text(None) if self.table is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str = "fairy", players: int = 3, render_mode: Optional[str] = None) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` for ``players``, wrapped as
    PettingZoo's classic environments are: an illegal action ends the game
    with -1 for its agent, an action outside the space is an error, and the
    API is used in order."""
    e = raw_env(game, players, render_mode)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
