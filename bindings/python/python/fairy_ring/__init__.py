"""Exact rules engines for five fairy card games, from Python.

A :class:`Game` is a table of one of the five games (Fairy, Fairy Prank,
Fairy Season, Fickle, A Midsummer Night's Fayre). Views, events, setups and
records are plain Python data (the crate's JSON shapes, ``docs/JSON.md``);
actions are :class:`Action` objects with an index in the game's fixed
action space, the game's notation and the words a player reads. Every
error is a subclass of :class:`FairyRingError` carrying the engine's
message.

>>> from fairy_ring import Game
>>> game = Game("fairy", players=3, seed=1)
>>> player = game.to_act[0]
>>> [a.notation for a in game.legal_actions(player)]
['higher', 'lower', 'same suit', 'catch']
"""

from __future__ import annotations

import json
from typing import Any, List, Optional, Union

from . import _native
from ._native import (
    Action,
    BatchReport,
    BotError,
    FairyRingError,
    GameConfigError,
    IllegalAction,
    NotSeated,
    NotUnderstood,
    RecordError,
    SetupError,
    ismcts_decisions,
    ismcts_playouts,
    random_playouts,
)

__all__ = [
    "Action",
    "BatchReport",
    "BotError",
    "FairyRingError",
    "Game",
    "GameConfigError",
    "IllegalAction",
    "NotSeated",
    "NotUnderstood",
    "RecordError",
    "SetupError",
    "GAMES",
    "ismcts_decisions",
    "ismcts_playouts",
    "random_playouts",
]

#: The games as ``(short name, name, fewest players, most players)``.
GAMES = _native.games()


class Game(_native.Table):
    """A table of any of the five games.

    ``Game(game, players, seed=0)`` deals a new game: ``game`` is a short
    name (``"fairy"``, ``"prank"``, ``"season"``, ``"fickle"``,
    ``"fayre"``) or the name on the box. The same name, players and seed
    always deal and play the same game. With ``record=True`` the table
    keeps a record of the game (:meth:`record`), at the cost of a check of
    the position at every move.
    """

    @classmethod
    def from_setup(cls, setup: Union[dict, str], seed: int = 0) -> "Game":
        """A table at a position (the crate's JSON of a setup, as a dict or
        a string), with chance from ``seed``. It keeps no record."""
        text = setup if isinstance(setup, str) else json.dumps(setup)
        return cls(_copy=_native.Table.from_setup(text, seed))

    @classmethod
    def from_record(cls, record: Union[dict, str], seed: int = 0) -> "Game":
        """A table at the end of a record, which it goes on recording, with
        chance from ``seed``."""
        text = record if isinstance(record, str) else json.dumps(record)
        return cls(_copy=_native.Table.from_record(text, seed))

    def apply(self, player: int, action: Union[Action, int, str, dict]) -> None:
        """Plays ``action`` for ``player``: an :class:`Action`, an index of
        the action space, a text (the words shown for a choice, or the
        notation), or the crate's JSON of an action. Raises
        :class:`IllegalAction` (the table unchanged) or
        :class:`NotUnderstood`."""
        if isinstance(action, Action):
            self.apply_index(player, action.index)
        elif isinstance(action, bool):
            raise NotUnderstood("an action is an Action, an index, a text or a JSON action")
        elif isinstance(action, int):
            self.apply_index(player, action)
        elif isinstance(action, str):
            self.apply_text(player, action)
        elif isinstance(action, dict):
            self.apply_json(player, json.dumps(action))
        else:
            raise NotUnderstood("an action is an Action, an index, a text or a JSON action")

    def view(self, seat: Optional[int] = None) -> Any:
        """What ``seat`` may know now (None: a spectator), as plain data."""
        return json.loads(self.view_json(seat))

    def events(self, seat: Optional[int] = None) -> List[Any]:
        """The events of the last move as ``seat`` saw them, as plain data."""
        return json.loads(self.events_json(seat))

    def info(self, seat: Optional[int] = None) -> Any:
        """What ``seat`` knows: its seat, view and memory, as plain data."""
        return json.loads(self.info_json(seat))

    def outcome(self) -> Optional[Any]:
        """``{"winners": [...], "scores": [...]}`` once the game is over."""
        text = self.outcome_json()
        return None if text is None else json.loads(text)

    def setup(self) -> Any:
        """The position as plain data (reads back with :meth:`from_setup`)."""
        return json.loads(self.setup_json())

    def record(self) -> Any:
        """The game so far as plain data (reads back with
        :meth:`from_record`)."""
        return json.loads(self.record_json())

    def tensor(self, seat: Optional[int] = None):
        """What ``seat`` knows as a ``numpy.float32`` array of
        :attr:`tensor_len` (a list of floats without numpy)."""
        data = self.tensor_bytes(seat)
        try:
            import numpy
        except ImportError:  # pragma: no cover
            import array

            return list(array.array("f", data))
        return numpy.frombuffer(data, dtype=numpy.float32).copy()

    def mask(self, player: int):
        """``player``'s legal-action mask over the action space, as a
        ``numpy.int8`` array (a list without numpy)."""
        data = self.legal_mask(player)
        try:
            import numpy
        except ImportError:  # pragma: no cover
            return list(data)
        return numpy.frombuffer(data, dtype=numpy.int8).copy()

    def copy(self) -> "Game":
        """A copy that plays on independently (same position, same chance)."""
        return type(self)(_copy=self)

    def __copy__(self) -> "Game":
        return type(self)(_copy=self)

    def __deepcopy__(self, memo) -> "Game":
        return type(self)(_copy=self)

    def __reduce__(self):
        return (_restore, (type(self), self.snapshot_json()))


def _restore(cls, snapshot: str) -> Game:
    return cls(_snapshot=snapshot)
