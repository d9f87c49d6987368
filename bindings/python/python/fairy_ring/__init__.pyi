"""Type stubs of the fairy_ring package."""

from typing import Any, Dict, List, Optional, Tuple, Union

import numpy

from ._native import (
    Action as Action,
    BatchReport as BatchReport,
    BotError as BotError,
    FairyRingError as FairyRingError,
    GameConfigError as GameConfigError,
    IllegalAction as IllegalAction,
    NotSeated as NotSeated,
    NotUnderstood as NotUnderstood,
    RecordError as RecordError,
    SetupError as SetupError,
    Table,
    ismcts_decisions as ismcts_decisions,
    ismcts_playouts as ismcts_playouts,
    random_playouts as random_playouts,
)

GAMES: List[Tuple[str, str, int, int]]

class Game(Table):
    def __init__(
        self, game: Optional[str] = None, players: Optional[int] = None, seed: int = 0, record: bool = False
    ) -> None: ...
    @classmethod
    def from_setup(cls, setup: Union[Dict[str, Any], str], seed: int = 0) -> "Game": ...  # type: ignore[override]
    @classmethod
    def from_record(cls, record: Union[Dict[str, Any], str], seed: int = 0) -> "Game": ...  # type: ignore[override]
    def apply(self, player: int, action: Union[Action, int, str, Dict[str, Any]]) -> None: ...
    def view(self, seat: Optional[int] = None) -> Dict[str, Any]: ...
    def events(self, seat: Optional[int] = None) -> List[Dict[str, Any]]: ...
    def info(self, seat: Optional[int] = None) -> Dict[str, Any]: ...
    def outcome(self) -> Optional[Dict[str, Any]]: ...
    def setup(self) -> Dict[str, Any]: ...
    def record(self) -> Dict[str, Any]: ...
    def tensor(self, seat: Optional[int] = None) -> numpy.ndarray: ...
    def mask(self, player: int) -> numpy.ndarray: ...
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
