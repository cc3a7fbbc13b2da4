"""The learned prior over options (docs/learned.md, "The prior"): what it reads (only the
deciding seat's view), how the search uses it (PUCT: options it gives no weight wait), how
agent specs name it, and its pipeline (self-play visits, training, the model file)."""

from __future__ import annotations

import json
import random

import pytest

np = pytest.importorskip("numpy", reason="the nn extra (numpy) is not installed")

from positions import early_decisions_and_copies, random_positions  # noqa: E402
from smashup.agents.ismcts import ISMCTSAgent  # noqa: E402
from smashup.engine.api.game import Game  # noqa: E402
from smashup.engine.api.setup import SetupError  # noqa: E402
from smashup.sim import game_setup, make_agent  # noqa: E402
from smashup.value.prior import (  # noqa: E402
    NAMED,
    OPTION_FEATURES,
    TAGS,
    VERSION,
    OptionPrior,
    option_features,
)


def weights(**named: float) -> list[float]:
    """A prior's weights: ``tag_end=5`` for a tag, ``base_lead=1`` for a named feature."""
    names = [f"tag_{t}" for t in TAGS] + list(NAMED)
    unknown = set(named) - set(names)
    assert not unknown, unknown
    return [named.get(n, 0.0) for n in names]


def midgame(seed: int = 6, players: int = 2, moves: int = 40) -> Game:
    """A game played at random to a decision of the seat's own with several options."""
    game = Game.new(game_setup(seed, players, bases="all"))
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.randrange(len(game.legal_actions())))
    while game.request is None or game.request.kind != "main" or len(
            game.legal_actions()) < 3:
        game.apply(rng.randrange(len(game.legal_actions())))
    return game


def test_the_options_features_are_the_same_whatever_the_hidden_cards_are():
    """Game.determinize(p) deals again every card hidden from p: the features of p's
    options do not change (the prior reads nothing p cannot see)."""
    compared = 0
    for seed, players in ((3, 2), (4, 3), (5, 4)):
        for game in random_positions(seed, players, 7):
            p = game.current_player
            req = game.request
            if req is None or len(req.options) < 2:
                continue
            world = game.determinize(p, seed=compared)
            assert world.action_texts() == game.action_texts()
            assert option_features(world.state, world.request, p) == option_features(
                game.state, req, p)
            compared += 1
    assert compared > 30


def test_an_options_features_say_what_it_is_and_where_it_goes():
    """A minion play names its card's power and the base's standing; ending the turn is
    only its tag."""
    game = midgame()
    me = game.current_player
    rows = dict(zip(game.action_texts(), option_features(game.state, game.request, me),
                    strict=True))
    assert rows["end"] == [1.0 if t == "end" else 0.0 for t in TAGS] + [0.0] * len(NAMED)
    state = game.state
    minion_plays = [t for t in rows if t.startswith("play ") and " @ " in t
                    and rows[t][TAGS.index("play_minion")] == 1.0]
    assert minion_plays
    for text in minion_plays:
        row = rows[text]
        card = next(c for c in state.hands[me] if text.startswith(f"play {state.names[c]} @"))
        assert row[len(TAGS) + NAMED.index("card_power")] == state.defs[card].power / 5
        assert row[len(TAGS) + NAMED.index("card_in_hand")] == 1.0
    assert all(len(r) == OPTION_FEATURES for r in rows.values())


def test_the_search_leaves_untried_what_its_prior_gives_no_weight():
    """Without a prior the search tries every option before repeating one; with a prior that
    puts all its weight on ending the turn, the other options wait (PUCT), within a small
    budget."""
    game = midgame()
    view = game.seat_view(game.current_player)
    plain = ISMCTSAgent(iterations=60, seed=1)
    plain.act(view)
    assert plain.last_root is not None
    assert set(plain.last_root.visits) == set(view.texts)
    guided = ISMCTSAgent(iterations=60, seed=1,
                         prior=OptionPrior(weights(tag_end=40.0), {"features": VERSION}))
    assert view.texts[guided.act(game.seat_view(game.current_player))] == "end"
    assert guided.last_root is not None
    assert set(guided.last_root.visits) == {"end"}


def test_the_search_with_a_prior_decides_the_same_for_a_seed_and_for_hidden_cards():
    """The same seed gives the same decision, and a determinised copy of the game (other
    hidden cards, the same view) gives the same decision too."""
    prior = OptionPrior(weights(tag_play_minion=1.0, base_lead_after=2.0, base_reaches=1.0,
                                tag_end=-1.0), {"features": VERSION})
    compared = 0
    for seed, players in ((11, 2), (12, 3)):
        for game, world, p in early_decisions_and_copies(seed, players):
            picks = [ISMCTSAgent(iterations=60, seed=3, prior=prior).act(g.seat_view(p))
                     for g in (game, world, game)]
            assert picks[0] == picks[1] == picks[2]
            compared += 1
    assert compared >= 4


def test_agent_specs_name_a_prior(tmp_path):
    """``+prior=PATH`` (with or without ``+value``) gives the search that prior; a file of
    other features, a missing one, or an option given twice is refused with the reason."""
    path = tmp_path / "p.npz"
    OptionPrior(weights(tag_end=1.0), {"features": VERSION}).save(path)
    agent = make_agent(f"ismcts:50+value+prior={path}", 1)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.prior is not None and agent.value is not None
    assert isinstance(agent.prior, OptionPrior) and agent.prior.weights[0] == 1.0
    only = make_agent(f"ismcts:50+prior={path}", 1)
    assert isinstance(only, ISMCTSAgent) and only.value is None and only.prior is not None
    with pytest.raises(SetupError, match="twice"):
        make_agent(f"ismcts:50+prior={path}+prior={path}", 1)
    with pytest.raises(SetupError, match="no prior model"):
        make_agent(f"ismcts:50+prior={tmp_path / 'none.npz'}", 1)
    with pytest.raises(SetupError, match="after \\+ comes"):
        make_agent("ismcts:50+policy", 1)
    other = tmp_path / "other.npz"
    np.savez(other, w=np.zeros(OPTION_FEATURES, np.float16),
             meta=np.array(json.dumps({"features": "prior-0"})))
    with pytest.raises(SetupError, match="option features"):
        make_agent(f"ismcts:50+prior={other}", 1)


def test_a_prior_file_keeps_its_weights(tmp_path):
    prior = OptionPrior(weights(tag_end=-0.5, base_lead=1.25), {"features": VERSION, "x": 1})
    prior.save(tmp_path / "p.npz")
    back = OptionPrior.load(tmp_path / "p.npz")
    assert back.weights == prior.weights and back.meta == prior.meta
    game = midgame()
    probs = back(game.state, game.request, game.current_player)
    assert len(probs) == len(game.legal_actions())
    assert abs(sum(probs) - 1.0) < 1e-9


def test_the_shipped_prior_loads_and_rates_every_option():
    from smashup.value.prior import shipped_prior

    game = midgame(7, 3)
    probs = shipped_prior()(game.state, game.request, game.current_player)
    assert len(probs) == len(game.legal_actions()) and min(probs) > 0.0
    assert make_agent("ismcts:40+value+prior", 2).act(
        game.seat_view(game.current_player)) in game.legal_actions()


def test_the_uniform_prior_rates_every_option_alike():
    """``+prior=uniform``: PUCT with nothing learned (where expert iteration starts)."""
    game = midgame()
    agent = make_agent("ismcts:30+prior=uniform", 1)
    assert isinstance(agent, ISMCTSAgent) and agent.prior is not None
    probs = agent.prior(game.state, game.request, game.current_player)
    assert max(probs) - min(probs) < 1e-12 and len(probs) == len(game.legal_actions())


def test_train_a_tiny_prior_and_run_it_again(tmp_path, capsys):
    """``smashup train --prior``: the search's self-play visits into Parquet, a prior that
    loads and plays; the same command again plays no game and ends with the same prior."""
    pytest.importorskip("torch", reason="the learn extra (PyTorch) is not installed")
    pytest.importorskip("pyarrow.parquet", reason="the lab extra (pyarrow) is not installed")
    from smashup.cli.main import main
    from smashup.value.prior_train import load_visits

    out = tmp_path / "prior"
    tiny = ["--prior", "--games", "2", "--players", "2", "--epochs", "2", "--shard-games",
            "1", "--selfplay", "ismcts:20", "--seed", "4"]
    assert main(["train", "--out", str(out), *tiny]) == 0
    first = json.loads((out / "prior.json").read_text())
    assert first["selfplay"]["played"] == 2 and len(first["curve"]) == 2
    assert first["recipe"]["command"].startswith(f"smashup train --out {out} --prior")
    decisions = load_visits(out / "data" / "gen-1")
    assert len(decisions) == first["recipe"]["decisions"] > 20
    # every decision: the search's 20 iterations spread over its options
    assert all(abs(d["p"].sum() - 1.0) < 1e-5 and len(d["p"]) >= 2 for d in decisions)
    prior = OptionPrior.load(out / "prior.npz")
    game = midgame()
    assert make_agent(f"ismcts:30+prior={out / 'prior.npz'}", 1).act(
        game.seat_view(game.current_player)) in game.legal_actions()
    assert main(["train", "--out", str(out), *tiny]) == 0
    again = json.loads((out / "prior.json").read_text())
    assert again["selfplay"]["played"] == 0
    assert OptionPrior.load(out / "prior.npz").weights == prior.weights
    assert main(["train", "--out", str(out), "--prior", "--selfplay", "heuristic"]) == 2
    assert "must be a search" in capsys.readouterr().err
