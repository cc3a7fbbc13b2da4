"""Every input bounded (issue 25): a setup, scenario or save with an impossible number (VP
10^30, a turn of 10^18, counters of 10^20, a 5,000-digit seed) or a card of a faction its owner
does not have is refused with an error naming the field; ``Game.apply`` takes an option's
index or text and nothing else, and a refused action changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from smashup import Game, IllegalAction, ReplayError, SetupError
from smashup.engine.api.scenario import MAX_CARDS
from smashup.testing import scenario

BASES = ["jungle-oasis", "the-central-brain"]
TWO = [["aliens", "ninjas"], ["robots", "wizards"]]
HUGE_SEED = 10**5000 - 1  # 5,000 digits (too many for str(): the error must not print it)


def scenario_error(**fields: Any) -> str:
    fields.setdefault("bases", BASES)
    with pytest.raises(SetupError) as err:
        scenario(**fields)
    return str(err.value)


@pytest.mark.parametrize(("fields", "message"), [
    ({"vp": [10**30, 0]}, "scenario.vp[0]: expected a number of VP from 0 to 999, "
                          "got 1000000000000000000000000000000"),
    ({"vp": [0, 1000]}, "scenario.vp[1]: expected a number of VP from 0 to 999, got 1000"),
    ({"turn": 10**18}, "scenario.turn: expected a turn number from 1 to 9999, "
                       "got 1000000000000000000"),
    ({"bases": [{"base": "jungle-oasis", "minions": [
        {"card": "aliens/invader", "counters": 10**20}]}, "the-central-brain"]},
     "scenario.bases[0].minions[0].counters: expected a number of +1 power counters from 0 "
     "to 999, got 100000000000000000000"),
    ({"stasis": [[{"card": "aliens/invader", "stasis": 10**6}], []]},
     "scenario.stasis[0][0].stasis: expected a number of stasis counters from 0 to 999, "
     "got 1000000"),
    ({"plays": {"minion": 10**9}}, "scenario.plays.minion: expected a number of plays from 0 "
                                   "to 99, got 1000000000"),
    ({"plays": {"action": 100}}, "scenario.plays.action: expected a number of plays from 0 "
                                 "to 99, got 100"),
    ({"minions_played": 10**12}, "scenario.minions_played: expected a number of cards from 0 "
                                 "to 99, got 1000000000000"),
    ({"seed": HUGE_SEED}, "scenario.seed: expected a whole-number seed from "
                          "-9223372036854775808 to 18446744073709551615, got a huge number"),
    ({"seed": 1 << 64}, "scenario.seed: expected a whole-number seed"),
], ids=lambda value: str(value)[:40] if isinstance(value, str) else None)
def test_an_impossible_number_in_a_scenario_is_refused_by_name(
        fields: dict[str, Any], message: str) -> None:
    assert scenario_error(**fields).startswith(message)


def test_the_bounds_leave_every_honest_number_in() -> None:
    """The largest numbers allowed still make a game (the bounds are far beyond play)."""
    game = scenario(bases=[{"base": "jungle-oasis", "minions": [
                        {"card": "aliens/invader", "counters": 999}]}, "the-central-brain"],
                    vp=[14, 999], turn=9999, plays={"minion": 99, "action": 99},
                    minions_played=99, actions_played=99, seed=(1 << 64) - 1)
    assert game.state.turn == 9999 and game.state.vp == [14, 999]
    assert scenario(bases=BASES, seed=-(1 << 63)).state.turn == 1


def test_a_scenario_holds_a_bounded_number_of_cards() -> None:
    deck = ["zombies/walker"] * (MAX_CARDS + 1)
    assert scenario_error(decks=[deck, []]) == (
        f"scenario.decks[0][{MAX_CARDS}]: a scenario holds at most {MAX_CARDS} cards")


def test_a_card_of_a_faction_no_player_has_is_refused() -> None:
    """Each card comes from a player's factions (rulebook, setup: each player shuffles their
    two factions into one deck); a scenario that names only some players' factions, or none,
    sketches a board and may hold any card."""
    message = scenario_error(factions=TWO, hands=[["aliens/invader", "pirates/first-mate"], []])
    assert message == ("scenario.hands[0][1].card: pirates/first-mate is a card of pirates, a "
                       "faction no player has (scenario.factions names aliens, ninjas, robots, "
                       "wizards)")
    message = scenario_error(factions=TWO, bases=[{"base": "jungle-oasis", "minions": [
        {"card": "dinosaurs/king-rex", "controller": 1}]}, "the-central-brain"])
    assert message.startswith("scenario.bases[0].minions[0].card: dinosaurs/king-rex is a card "
                              "of dinosaurs, a faction no player has")
    # a printing is a faction of its own: the original Tricksters are not the Tricksters
    message = scenario_error(factions=[["tricksters", "aliens"], ["robots", "wizards"]],
                             hands=[["tricksters@original/gnome"], []])
    assert "tricksters@original, a faction no player has" in message
    # a card of the other player's faction (a test's deck filler) is still a card of the game
    game = scenario(factions=TWO, hands=[["robots/zapbot"], []], bases=BASES)
    assert game.state.factions == (("aliens", "ninjas"), ("robots", "wizards"))
    # only once every player's factions are named
    sketch = scenario(factions=[["aliens", "ninjas"], []],
                      hands=[["aliens/invader"], ["pirates/first-mate"]], bases=BASES)
    assert len(sketch.state.hands[1]) == 1


def test_a_setup_seed_is_bounded_and_every_usual_seed_still_loads() -> None:
    for seed in (HUGE_SEED, 1 << 64, -(1 << 63) - 1):
        with pytest.raises(SetupError, match=r"^setup\.seed: expected a whole-number seed"):
            Game.new({"factions": TWO, "seed": seed})
    for seed in (0, 7, -1, (1 << 64) - 1, -(1 << 63)):
        assert Game.new({"factions": TWO, "seed": seed}).request is not None


def test_a_save_with_an_impossible_number_is_a_replay_error_naming_the_field() -> None:
    saved = Game.new({"factions": TWO, "seed": 3}).to_dict()
    saved["setup"]["seed"] = HUGE_SEED
    with pytest.raises(ReplayError, match=r"^save\.setup\.seed: expected a whole-number seed"):
        Game.from_dict(saved)
    fields = {"bases": BASES, "vp": [0, 10**30]}
    saved = {"format": "smashup-game/1", "setup": {"scenario": fields}, "actions": []}
    with pytest.raises(ReplayError, match=r"^save\.setup\.scenario\.vp\[1\]: expected a number "
                                          r"of VP from 0 to 999"):
        Game.from_json(json.dumps(saved))


def test_a_save_from_before_the_bounds_still_loads() -> None:
    game = Game.new({"factions": TWO, "seed": 12345678901234567890})
    for _ in range(6):
        game.apply(0)
    again = Game.from_json(game.to_json())
    assert again.state.fingerprint() == game.state.fingerprint()


@pytest.mark.parametrize("action", [
    ("end",), ["end"], None, 0.0, 1.5, True, False, {"end": 1}, b"end", object()])
def test_apply_takes_only_an_index_or_an_options_text(action: Any) -> None:
    """``Game.apply``: an index from ``legal_actions()`` or an option's text; a raw option
    tuple (the engine's internal form), a list, None, a float, a bool or bytes is refused
    and the game is left as it was."""
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    before = game.state.fingerprint()
    history = list(game.history)
    option = game.request.options[game.action_texts().index("end")]
    with pytest.raises(IllegalAction, match="give an option's index or text"):
        game.apply(option if action == ("end",) else action)
    assert game.state.fingerprint() == before and game.history == history
    game.apply("end")  # the game goes on as before
    assert game.history == ["end"]


def test_a_long_list_of_bases_is_refused_at_once() -> None:
    """A base deck listing one base 100,000 times is refused as a base in two places, in
    time linear in the list."""
    message = scenario_error(base_deck=["tar-pits"] * 100_000)
    assert message.startswith("scenario: base 'tar-pits' appears twice")
