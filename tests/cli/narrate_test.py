"""The game log: one readable sentence per event (smashup.narrate)."""

from __future__ import annotations

from smashup.engine.api.game import Game
from smashup.narrate import Narrator
from smashup.testing import options, play, scenario


def told(game: Game, *steps: str, viewer: int | None = None) -> list[str]:
    narrator = Narrator(game, viewer=viewer)
    lines: list[str] = []
    for step in steps:
        play(game, step)
        lines.extend(narrator.narrate(game.events))
    return lines


def test_a_minion_destroyed_by_another() -> None:
    game = scenario(
        hands=[["ninjas/seeing-stars"], []],
        bases=[{"base": "jungle-oasis", "minions": [{"card": "ninjas/shinobi", "controller": 1}]},
               "the-central-brain"],
    )
    assert told(game, "play ninjas/seeing-stars#1") == [
        "Player 1 plays Seeing Stars.",
        "Player 2's Shinobi is destroyed.",
    ]


def test_a_move_and_an_action_on_a_minion() -> None:
    game = scenario(
        hands=[["ninjas/way-of-deception", "ninjas/assassin"], []],
        bases=[{"base": "jungle-oasis", "minions": [{"card": "aliens/scout", "controller": 0},
                                                    {"card": "aliens/invader", "controller": 1}]},
               "the-central-brain", "tortuga"],
        plays={"minion": 1, "action": 2},
    )
    assert told(game, "play ninjas/way-of-deception#1", "base:the-central-brain",
                "play ninjas/assassin#1 on aliens/invader#1") == [
        "Player 1 plays Way of Deception.",
        "Player 1's Scout moves from Jungle Oasis to The Central Brain.",
        "Player 1 plays Assassin on Player 2's Invader.",
    ]


def test_scoring_is_told_with_places_and_vp_totals() -> None:
    game = scenario(
        vp=[2, 0],
        bases=[
            {"base": "jungle-oasis", "minions": [
                {"card": "aliens/supreme-overlord", "controller": 0},
                {"card": "ninjas/ninja-master", "controller": 1},
                {"card": "aliens/invader", "controller": 0},
            ]},
            "the-central-brain",
        ],
        base_deck=["rhodes-plaza-mall"],
    )
    lines = told(game, "end")
    assert lines[:5] == [
        "Jungle Oasis is about to score.",
        "Jungle Oasis scores: Player 1 first (2 VP) and Player 2 second (0 VP).",
        "Player 1 gains 2 VP from Jungle Oasis (4 in total).",
        "Supreme Overlord, Ninja Master and Invader go from Jungle Oasis to the discard piles.",
        "Rhodes Plaza Mall replaces Jungle Oasis.",
    ]
    assert lines[-1] == "Turn 2: Player 2's turn (VP 4-0)."


def test_the_winner_is_announced() -> None:
    game = scenario(
        vp=[14, 3],
        hands=[["aliens/invader"], []],
        bases=["jungle-oasis", "the-central-brain"],
    )
    lines = told(game, "play aliens/invader#1 @ base:jungle-oasis", "end")
    assert lines[-1] == "Player 1 wins the game with 15 VP (Player 2 3 VP)."


def test_a_private_look_is_told_without_the_cards_to_other_viewers() -> None:
    game = scenario(
        players=3,
        hands=[["aliens/probe"], ["aliens/invader", "aliens/scout"], []],
        bases=["jungle-oasis", "the-central-brain"],
    )
    everything = Narrator(game)
    third = Narrator(game, viewer=2)
    play(game, "play aliens/probe#1")
    assert options(game) == ["player:1", "player:2"]
    play(game, "player:1")
    assert everything.narrate(game.events) == ["Player 1 sees Player 2's hand: Invader and Scout."]
    assert third.narrate(game.events) == ["Player 1 looks at Player 2's hand (2 cards)."]


def test_unknown_event_kinds_get_a_plain_sentence() -> None:
    game = scenario(hands=[["aliens/invader"], []], bases=["jungle-oasis", "the-central-brain"])
    narrator = Narrator(game)
    card = game.state.names.index("aliens/invader#1")
    assert narrator.sentence({"kind": "buried_deep", "player": 0, "card": card}) == (
        "Buried deep: Player 1, Invader.")


def test_looking_at_a_deck_names_the_cards_to_the_looker_only() -> None:
    """For My Eyes Only (Super Spies): the looker is told which cards they saw and how they
    put them back; another seat hears only how many."""
    def story(viewer: int) -> list[str]:
        game = scenario(hands=[["super-spies/for-my-eyes-only"], []],
                        decks=[["aliens/scout", "ninjas/shinobi"], []],
                        bases=["jungle-oasis", "the-central-brain"])
        narrator = Narrator(game, viewer=viewer)
        lines = []
        play(game, "play super-spies/for-my-eyes-only#1")
        lines.extend(narrator.narrate(game.events))
        while game.request is not None and game.request.kind != "main":
            play(game, options(game)[0])
            lines.extend(narrator.narrate(game.events))
        return lines

    mine, theirs = story(0), story(1)
    assert "Player 1 looks at the top 2 cards of their deck: Scout and Shinobi." in mine
    assert "Player 1 looks at the top 2 cards of their deck." in theirs
    assert not any("Scout" in line or "Shinobi" in line for line in theirs)
    assert any(line.startswith("Player 1 puts ") and "deck" in line for line in theirs)


def test_a_card_stored_face_down_is_named_to_its_player_only_under_a_named_host() -> None:
    """A card stored face down (EMD §4.8, Kickboxbro) is hidden from the others; the card it
    went under is in play, so everyone reads which one."""
    game = scenario(hands=[["aliens/probe"], []],
                    bases=[{"base": "jungle-oasis",
                            "minions": [{"card": "action-heroes/kickboxbro"}]},
                           "the-central-brain"])
    names = game.state.names
    stored = {"kind": "stored", "card": names.index("aliens/probe#1"),
              "host": names.index("action-heroes/kickboxbro#1"), "player": 0, "private": 0}
    assert Narrator(game, viewer=0).narrate([stored]) == [
        "Player 1 stores Probe under Kickboxbro."]
    assert Narrator(game, viewer=1).narrate([stored]) == [
        "Player 1 stores a card under Kickboxbro."]
    boxed = {"kind": "boxed", "card": names.index("aliens/probe#1"), "owner": 0}
    assert Narrator(game).narrate([boxed]) == ["Probe goes to the box, out of the game."]
