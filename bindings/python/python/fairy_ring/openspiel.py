"""The five games as OpenSpiel games (``pyspiel``), registered by
importing this module.

Each game is registered as ``fairy_ring_<game>`` (``fairy_ring_fairy``,
``fairy_ring_prank``, ``fairy_ring_season``, ``fairy_ring_fickle``,
``fairy_ring_fayre``) with the parameters ``players`` and ``seed`` (the
deals of a game object come from it, one after another; -1 draws them at
random):

>>> import pyspiel, fairy_ring.openspiel
>>> game = pyspiel.load_game("fairy_ring_fickle", {"players": 4})
>>> game.num_players()
4

They are sequential games of imperfect information: simultaneous choices
are committed one player at a time (the current player is the lowest seat
still to choose, and no one sees a committed choice). Chance is **sampled**
(``SAMPLED_STOCHASTIC``): the engines shuffle, deal and roll inside a move,
from a generator each state carries (cloned with it), so there are no
chance nodes. Search that needs other worlds draws them with
``resample_from_infostate``, which redraws everything the player cannot
see, uniformly among the positions its information allows.

Information states and observations are the seat's information (its view
and memory): the string is the crate's JSON of it, the tensor the crate's
tensor of it (layout documented on each game's ``Learning`` impl). Returns
are +1 for each winner and -1 for the others (a general-sum game: shared
victories happen).
"""

from __future__ import annotations

import random
from typing import List, Optional

import numpy as np
import pyspiel

from . import GAMES, Game

_PREFIX = "fairy_ring_"


def _game_type(short: str, name: str, low: int, high: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=_PREFIX + short,
        long_name=f"{name} (fairy-ring)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": max(low, min(3, high)), "seed": -1},
    )


class FairyRingGame(pyspiel.Game):
    """One of the five games with its parameters."""

    short = "fairy"

    def __init__(self, params=None):
        params = dict(params or {})
        spec = _TYPES[self.short].parameter_specification
        players = int(params.get("players", spec["players"]))
        seed = int(params.get("seed", spec["seed"]))
        probe = Game(self.short, players, 0)
        self._players = players
        self._seeds = random.Random(None if seed < 0 else seed)
        self._tensor_len = probe.tensor_len
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.action_space,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=probe.max_game_length,
        )
        super().__init__(_TYPES[self.short], info, {"players": players, "seed": seed})

    def new_initial_state(self) -> "FairyRingState":
        return FairyRingState(self, Game(self.short, self._players, self._seeds.getrandbits(63)))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return FairyRingObserver(self._tensor_len)

    def information_state_tensor_shape(self):
        return [self._tensor_len]

    def observation_tensor_shape(self):
        return [self._tensor_len]


class FairyRingState(pyspiel.State):
    """A position of a game, with the generator its chance comes from."""

    def __init__(self, game: FairyRingGame, table: Game):
        super().__init__(game)
        self.table = table

    def current_player(self) -> int:
        if self.table.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.table.to_act[0]

    def _legal_actions(self, player: int) -> List[int]:
        if self.table.is_over or player not in self.table.to_act:
            return []
        return sorted(self.table.legal_indices(player))

    def _apply_action(self, action: int) -> None:
        self.table.apply_index(self.table.to_act[0], int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if 0 <= player < self.table.num_players:
            return self.table.action_at(player, int(action)).notation
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self.table.is_over

    def returns(self) -> List[float]:
        outcome = self.table.outcome()
        if outcome is None:
            return [0.0] * self.table.num_players
        winners = set(outcome["winners"])
        return [1.0 if p in winners else -1.0 for p in range(self.table.num_players)]

    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> "FairyRingState":
        """A state `player_id` cannot tell from this one, drawn uniformly
        among those its information allows."""
        if probability_sampler is not None:
            seed = int(probability_sampler() * (1 << 53))
        else:
            seed = random.getrandbits(63)
        return FairyRingState(self.get_game(), Game(_copy=self.table.resample(player_id, seed)))

    def __deepcopy__(self, memo):
        return FairyRingState(self.get_game(), self.table.copy())

    def __str__(self) -> str:
        return self.table.view_text(None)


class FairyRingObserver:
    """The seat's information as OpenSpiel observes it: the tensor and the
    JSON of the information state (for both kinds of observation)."""

    def __init__(self, length: int):
        self.tensor = np.zeros(length, dtype=np.float32)
        self.dict = {"info": self.tensor}

    def set_from(self, state: FairyRingState, player: int) -> None:
        state.table.write_tensor(self.tensor, player)

    def string_from(self, state: FairyRingState, player: int) -> str:
        return state.table.info_json(player)


_TYPES = {short: _game_type(short, name, low, high) for short, name, low, high in GAMES}

for _short in _TYPES:
    _cls = type(f"FairyRingGame_{_short}", (FairyRingGame,), {"short": _short})
    pyspiel.register_game(_TYPES[_short], _cls)

#: The registered names.
NAMES = [_PREFIX + short for short in _TYPES]
