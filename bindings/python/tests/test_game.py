"""The Python API over the engines: tables, actions, data, errors, copies."""

import copy
import json
import pickle
import threading

import numpy as np
import pytest

import fairy_ring
from fairy_ring import (
    Action,
    FairyRingError,
    Game,
    GameConfigError,
    IllegalAction,
    NotSeated,
    NotUnderstood,
    RecordError,
    SetupError,
)

GAMES = [(short, low) for short, _, low, _ in fairy_ring.GAMES]


def play_random(game, steps, seed=0):
    """Plays up to `steps` random legal moves, choosing with Python's random."""
    import random

    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        player = game.to_act[0]
        game.apply_index(player, rng.choice(game.legal_indices(player)))


def test_games_are_listed_with_their_player_counts():
    assert [g[0] for g in fairy_ring.GAMES] == ["fairy", "prank", "season", "fickle", "fayre"]
    assert ("fairy", "Fairy", 2, 10) in fairy_ring.GAMES


@pytest.mark.parametrize("short,players", GAMES)
def test_a_game_plays_to_its_end_by_name(short, players):
    game = Game(short, players, seed=3)
    assert game.game == short
    assert game.num_players == players
    play_random(game, 100_000)
    assert game.is_over
    outcome = game.outcome()
    assert len(outcome["scores"]) == players
    assert set(outcome["winners"]) <= set(range(players))


def test_a_game_is_named_by_its_printed_name_too():
    assert Game("Fairy Prank", 3).game == "prank"
    assert Game("A Midsummer Night's Fayre", 2).game == "fayre"


def test_an_unknown_game_or_player_count_is_an_error_with_the_crates_words():
    with pytest.raises(GameConfigError) as unknown:
        Game("chess", 2)
    assert "the games are fairy, prank, season, fickle and fayre" in str(unknown.value)
    with pytest.raises(GameConfigError) as count:
        Game("fairy", 11)
    assert str(count.value) == "11 players cannot play; this game seats 2 to 10"
    assert issubclass(GameConfigError, FairyRingError)
    assert issubclass(FairyRingError, Exception)


def test_the_same_seed_deals_the_same_game():
    assert Game("season", 4, seed=7).setup() == Game("season", 4, seed=7).setup()
    assert Game("season", 4, seed=7).setup() != Game("season", 4, seed=8).setup()


@pytest.mark.parametrize("short,players", GAMES)
def test_legal_actions_carry_index_notation_and_words(short, players):
    game = Game(short, players, seed=1)
    for _ in range(30):
        if game.is_over:
            break
        player = game.to_act[0]
        actions = game.legal_actions(player)
        assert [a.index for a in actions] == game.legal_indices(player)
        for action in actions:
            assert isinstance(action, Action)
            assert action.player == player
            assert game.action_at(player, action.index) == action
            assert 0 <= action.index < game.action_space
            assert action.words and action.notation
            assert json.loads(action.json())
        mask = game.mask(player)
        assert mask.sum() == len(actions)
        game.apply(player, actions[-1])


def test_actions_are_read_from_index_text_words_and_json():
    for how in ["index", "notation", "words", "json", "object"]:
        game = Game("fayre", 2, seed=5)
        player = game.to_act[0]
        action = game.legal_actions(player)[0]
        given = {
            "index": action.index,
            "notation": action.notation,
            "words": action.words,
            "json": json.loads(action.json()),
            "object": action,
        }[how]
        game.apply(player, given)
        reference = Game("fayre", 2, seed=5)
        reference.apply_index(player, action.index)
        assert game.setup() == reference.setup(), how


def test_a_refused_action_raises_with_the_rule_and_changes_nothing():
    game = Game("prank", 3, seed=2)
    before = game.setup()
    player = game.to_act[0]
    other = (player + 1) % 3
    with pytest.raises(IllegalAction) as refused:
        game.apply_index(other, game.legal_indices(player)[0])
    assert "may not act now" in str(refused.value)
    assert game.setup() == before
    with pytest.raises(NotUnderstood):
        game.apply(player, "dance a jig")
    with pytest.raises(NotUnderstood):
        game.apply_index(player, game.action_space + 5)
    with pytest.raises(NotSeated):
        game.apply_index(7, 0)
    with pytest.raises(NotSeated):
        game.view(3)
    assert game.setup() == before


def test_views_and_events_are_plain_data_per_seat():
    game = Game("season", 3, seed=4)
    own = game.view(0)["season"]
    spectator = game.view()["season"]
    assert own["hand"] and spectator["hand"] == []
    assert len(own["hand_sizes"]) == 3
    player = game.to_act[0]
    game.apply_index(player, game.legal_indices(player)[0])
    assert isinstance(game.events(), list)
    assert all(set(event) == {"season"} for event in game.events(player))
    assert isinstance(game.view_text(0), str)
    info = game.info(0)
    assert set(info) == {"seat", "view", "memory"}


@pytest.mark.parametrize("short,players", GAMES)
def test_setups_and_records_go_out_and_back_in(short, players):
    game = Game(short, players, seed=9, record=True)
    play_random(game, 25)
    setup = game.setup()
    assert Game.from_setup(setup).setup() == setup
    assert Game.from_setup(json.dumps(setup)).setup() == setup
    record = game.record()
    assert record["format"] == 2
    resumed = Game.from_record(record)
    assert resumed.setup() == setup
    assert len(resumed.record()["moves"]) == len(record["moves"])
    with pytest.raises(RecordError):
        Game.from_setup(setup).record()
    with pytest.raises(RecordError) as unrecorded:
        Game(short, players, seed=9).record()
    assert "record=True" in str(unrecorded.value)


def test_a_bad_setup_or_record_is_refused_with_a_message():
    with pytest.raises(SetupError):
        Game.from_setup({"fairy": {"nonsense": 1}})
    with pytest.raises(SetupError):
        Game.from_setup("not json")
    with pytest.raises(RecordError) as old:
        Game.from_record({"rules": 1, "config": {"fairy": {"players": 3, "variant": "Standard"}}})
    assert "record format 1" in str(old.value)


@pytest.mark.parametrize("record", [False, True])
@pytest.mark.parametrize("short,players", GAMES)
def test_copies_and_pickles_play_on_with_the_same_chance(short, players, record):
    game = Game(short, players, seed=11, record=record)
    play_random(game, 10)
    twins = [game.copy(), copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))]
    for twin in twins:
        assert type(twin) is Game
        assert twin.setup() == game.setup()
        assert np.array_equal(twin.tensor(0), game.tensor(0))
    play_random(game, 40, seed=1)
    for twin in twins:
        play_random(twin, 40, seed=1)
        assert twin.setup() == game.setup()
        assert twin.events(0) == game.events(0)
        assert twin.info(0) == game.info(0)
        if record:
            assert twin.record() == game.record()
    # A copy is independent of its original.
    other = game.copy()
    if not other.is_over:
        player = other.to_act[0]
        other.apply_index(player, other.legal_indices(player)[0])
        assert other.setup() != game.setup() or other.to_act != game.to_act


@pytest.mark.parametrize("short,players", GAMES)
def test_tensors_have_the_configs_length_and_fill_a_callers_array(short, players):
    game = Game(short, players, seed=6)
    play_random(game, 15)
    for seat in list(range(players)) + [None]:
        tensor = game.tensor(seat)
        assert tensor.dtype == np.float32 and tensor.shape == (game.tensor_len,)
        assert np.isfinite(tensor).all()
        out = np.full(game.tensor_len, np.nan, dtype=np.float32)
        game.write_tensor(out, seat)
        assert np.array_equal(out, tensor)
    with pytest.raises(Exception):
        game.write_tensor(np.zeros(3, dtype=np.float32), 0)


@pytest.mark.parametrize("short,players", GAMES)
def test_each_seat_gets_its_own_tensor(short, players):
    # Every layout begins with the seat, one-hot (all 0 for a spectator).
    pytest.importorskip("pettingzoo")
    from fairy_ring.pettingzoo import env

    game = Game(short, players, seed=4)
    play_random(game, 9)
    pz = env(short, players)
    pz.reset(seed=4)
    for seat in range(players):
        expected = np.eye(players, dtype=np.float32)[seat]
        assert np.array_equal(game.tensor(seat)[:players], expected)
        assert np.array_equal(pz.observe(f"player_{seat}")["observation"][:players], expected)
    assert not game.tensor(None)[:players].any()


def test_ismcts_picks_a_legal_action_and_batches_run_in_rust():
    game = Game("fickle", 3, seed=2)
    player = game.to_act[0]
    assert game.ismcts(player, iterations=200, seed=1) in game.legal_indices(player)
    assert game.random_action(player) in game.legal_indices(player)
    report = fairy_ring.random_playouts("prank", 4, games=50, seed=1)
    assert report.games == 50 and report.actions > 50 and sum(report.wins) >= 50
    again = fairy_ring.random_playouts("prank", 4, games=50, seed=1)
    assert (again.actions, again.wins) == (report.actions, report.wins)
    assert fairy_ring.ismcts_decisions("season", 3, decisions=2, iterations=50) == 2
    searched = fairy_ring.ismcts_playouts("fairy", 3, games=2, iterations=50, seed=1)
    assert searched.games == 2
    with pytest.raises(GameConfigError):
        fairy_ring.random_playouts("fairy", 1, games=1)


def test_a_batch_releases_the_gil():
    done = threading.Event()
    ticks = 0

    def batch():
        fairy_ring.random_playouts("season", 5, games=3000, seed=1)
        done.set()

    worker = threading.Thread(target=batch)
    worker.start()
    while not done.is_set():
        ticks += 1
    worker.join()
    # With the GIL held for the whole batch, this loop could not run while
    # the batch did.
    assert ticks > 1000


def test_information_kept_lazily_is_the_information_kept_at_every_move():
    """Reading the information only at the end gives what reading it after
    every move gives."""
    for short, players in GAMES:
        eager = Game(short, players, seed=21)
        lazy = Game(short, players, seed=21)
        for _ in range(60):
            if eager.is_over:
                break
            player = eager.to_act[0]
            index = eager.legal_indices(player)[-1]
            eager.apply_index(player, index)
            lazy.apply_index(player, index)
            eager.info(0)
        for seat in list(range(players)) + [None]:
            assert eager.info(seat) == lazy.info(seat)
            assert np.array_equal(eager.tensor(seat), lazy.tensor(seat))
