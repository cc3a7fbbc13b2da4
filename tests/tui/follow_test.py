"""A table people can follow (issue 31): what just happened, scoring you can read, a card
then a base, the text of what you are asked about, duels explained, and all of it at 80×24.
Driven headless by Textual's pilot; each test asserts what the player sees."""

from __future__ import annotations

import asyncio

from app_test import BASES, drive, log_text, option_labels, table_app, text, until
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

import smashup
from smashup.testing import scenario, where
from smashup.tui import view
from smashup.tui.app import SmashUpApp
from smashup.tui.screens import HelpScreen
from smashup.tui.table import BasePanel, TableScreen

SMALL = (80, 24)


def drive_small(app: SmashUpApp, script) -> None:  # type: ignore[no-untyped-def]
    async def main() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await script(pilot, app)

    asyncio.run(main())


def plain(markup: str) -> str:
    return Content.from_markup(markup).plain


def test_the_last_scoring_stays_in_its_panel_with_power_place_and_vp():
    """Rules, "Scoring a base": first and second place by power, each gets the VP printed
    for their place. The panel keeps the summary after the log has moved on."""
    game = scenario(hands=[["aliens/invader"], []],
                    bases=[{"base": "jungle-oasis",
                            "minions": ["aliens/supreme-overlord", "aliens/scout",
                                        {"card": "robots/zapbot", "controller": 1}]},
                           "the-central-brain"],
                    decks=[["aliens/collector"] * 3, ["robots/zapbot"] * 3])
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        assert "No base has scored yet" in text(app, "#scoring")
        await pilot.press("1", "1")  # Invader on Jungle Oasis: 5 + 3 + 2 + 3 = 13 ≥ 12
        panel = app.screen.query_one(BasePanel)
        assert panel.has_class("at-breakpoint") and "AT BREAKPOINT" in text(app, "BasePanel Static")
        # a VP gained from a card is on screen with its reason
        assert "Player 1 gains 1 VP from Invader" in text(app, "#scoring")
        await pilot.press("e")
        assert text(app, "#scoring").startswith("Jungle Oasis scored")
        await pilot.press("p")  # Scout's after-scoring ability: not used
        lines = text(app, "#scoring").splitlines()
        assert lines[0].startswith("Jungle Oasis scored")
        assert lines[1] == " P1 1st +2 VP · power 11"
        assert lines[2] == " P2 2nd +0 VP · power 2"
        assert any("go from Jungle Oasis to the discard piles" in line for line in lines)
        assert "VP from abilities" in lines and "Player 1 gains 1 VP from Invader" in lines[-1]
        assert game.state.vp == [3, 0]
        assert "3 VP" in text(app, "#players").splitlines()[0]

    drive(app, script)


def test_the_end_phase_key_is_the_same_on_two_turns():
    game = smashup.Game.new({"factions": [["aliens", "dinosaurs"], ["robots", "wizards"]],
                             "seed": 11, "first_player": 0})
    app = table_app(game, ["human", "random"], delay=0)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await until(pilot, lambda: game.current_player == 0 and game.request is not None
                    and game.request.kind == "main" and bool(option_labels(app)))
        first = option_labels(app)
        assert "e. End the Play Cards phase" in first
        await pilot.press("e")
        await until(pilot, lambda: game.state.turn == 3 and game.current_player == 0
                    and game.request is not None and game.request.kind == "main"
                    and bool(option_labels(app)))
        second = option_labels(app)
        assert second != first and "e. End the Play Cards phase" in second
        await pilot.press("e")
        await until(pilot, lambda: game.state.turn > 3)

    drive(app, script)


def test_options_that_do_not_fit_are_counted_at_80x24():
    hand = ["aliens/invader", "aliens/collector", "aliens/scout", "aliens/supreme-overlord",
            "dinosaurs/war-raptor", "dinosaurs/king-rex", "robots/zapbot", "robots/warbot"]
    game = scenario(hands=[hand, []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.pause(0.2)
        more = app.screen.query_one("#more", Static)
        assert more.display and "more below" in text(app, "#more")
        count = int(text(app, "#more").split("▼ ")[1].split(" ")[0])
        assert 0 < count < 9
        await pilot.press("end")  # the last option (End the Play Cards phase)
        await pilot.pause(0.2)
        assert "more above" in text(app, "#more") and "below" not in text(app, "#more")

    drive_small(app, script)


def test_the_card_panel_shows_a_card_offered_from_a_discard_pile():
    game = scenario(hands=[["zombies/grave-robbing"], []], bases=BASES,
                    discards=[["dinosaurs/howl", "aliens/invader"], []])
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1")  # Grave Robbing: take a card from your discard pile
        labels = option_labels(app)
        assert labels[0].startswith("1. Howl — in P1's discard pile")
        details = text(app, "#details")
        assert details.startswith("Howl — action")
        assert plain(view.card_details("dinosaurs/howl#1")).splitlines()[1] in details
        await pilot.press("1")
        assert where(game, "dinosaurs/howl#1") == "hand:0"

    drive(app, script)


def test_a_duel_shows_both_minions_their_power_and_the_face_down_cards():
    game = scenario(hands=[["cowboys/gunfighter", "cowboys/quick-draw"], ["zombies/walker"]],
                    bases=[{"base": "jungle-oasis",
                            "minions": [{"card": "aliens/invader", "controller": 1}]},
                           "the-central-brain"])
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1", "1")  # Gunfighter on Jungle Oasis
        labels = option_labels(app)
        await pilot.press(labels[[i for i, x in enumerate(labels) if "Invader" in x][0]][0])
        prompt = text(app, "#prompt")
        assert "Duel  at Jungle Oasis" in prompt
        assert "Gunfighter P1 power" in prompt and "Invader P2 power 3" in prompt
        assert "no card yet" in prompt
        assert "Duel  at" in text(app, "#players")

    drive(app, script)


def test_help_explains_duels_and_the_other_mechanics_in_our_words():
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        help_text = text(app, "#help")
        for title in ("Duels", "Burying", "Stasis", "Stored cards", "Power counters"):
            assert title in help_text
        assert "A duel pits two minions at the same base against each other." in help_text
        assert "e           end the Play Cards phase (the same key every turn)" in help_text

    drive(app, script)


def test_the_last_move_is_marked_on_the_table():
    game = scenario(hands=[["aliens/invader"], []],
                    bases=[{"base": "jungle-oasis", "minions": ["aliens/scout"]},
                           "the-central-brain"])
    before = game.observation(0)
    smashup.testing.play(game, "play aliens/invader#1 @ base:jungle-oasis")
    obs = game.observation(0)
    marks = view.Marks(recent=frozenset({"aliens/invader#1"}),
                       latest=frozenset({"aliens/invader#1"}),
                       powers={"aliens/scout#1": 3})
    markup = view.base_markup(obs["bases"][0], 2, marks)
    assert "[reverse][@click=app.show_card('aliens/invader#1')]Invader" in markup
    assert "Scout" in markup and "(+" not in markup  # the Scout's power did not change
    changed = view.Marks(powers={"aliens/scout#1": 1})
    assert "(+2)" in plain(view.base_markup(obs["bases"][0], 2, changed))
    assert before["bases"][0]["total_power"] == 3


def test_a_players_move_is_marked_until_their_next_decision():
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1", "1")
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "aliens/invader#1" in table.marks().latest
        assert "[reverse]" in view.base_markup(table.obs["bases"][0], 2, table.marks())

    drive(app, script)


def test_at_80x24_nothing_essential_is_cut():
    game = smashup.Game.new({"factions": [["aliens", "dinosaurs"], ["ninjas", "robots"],
                                          ["pirates", "wizards"]], "seed": 12,
                             "first_player": 0})
    app = table_app(game, ["human", "normal", "normal"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.max_scroll_y == 0  # the table itself does not scroll off screen
        for selector in ("#status", "#players", "#prompt", "#options", "#hand-box",
                         "#details-box", "#scoring-box", "#log"):
            region = screen.query_one(selector).region
            assert region.height >= 1 and region.bottom <= 23, selector  # above the footer
            assert region.right <= 80, selector
        players = screen.query_one("#players").region
        assert players.height == 3  # one line per player, each with its VP
        assert all(" VP" in line for line in text(app, "#players").splitlines())
        assert len(list(screen.query(BasePanel))) == 4
        assert all(p.region.height >= 5 for p in screen.query(BasePanel))
        assert screen.query_one("#options").region.height >= 2
        assert "1. Play" in option_labels(app)[0]

    drive_small(app, script)


def test_the_log_pages_back_and_stays_there_while_moves_come():
    game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
                             "seed": 3, "first_player": 0})
    app = table_app(game, ["human", "heuristic"], delay=0)

    def my_turn() -> bool:
        return (game.current_player == 0 and game.request is not None
                and game.request.kind == "main" and bool(option_labels(app)))

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        log = app.screen.query_one("#log", RichLog)
        await until(pilot, my_turn)
        await pilot.press("e")
        await until(pilot, lambda: game.state.turn >= 3 and my_turn())
        await pilot.pause(0.1)
        assert log.max_scroll_y > 2
        await pilot.press("left_square_bracket")
        await pilot.pause(0.05)
        back = log.scroll_y
        assert back < log.max_scroll_y
        lines = len(log.lines)
        await pilot.press("e")  # more moves are told...
        await until(pilot, lambda: len(log.lines) > lines)
        await pilot.pause(0.1)
        assert log.scroll_y == back  # ...but the reader is not pulled to the end
        await pilot.press("right_square_bracket")
        assert log.scroll_y > back
        assert "Turn 1: Player" in log_text(app)

    drive_small(app, script)


def test_vp_from_a_base_ability_is_listed_apart_from_the_scorings_own_award():
    """A base's ability that gives VP outside scoring (Cave of Shinies) is a reason too:
    only the VP the scoring awarded is left to the scoring's own lines."""
    from smashup.tui.recap import Recap

    recap = Recap()
    scored = {"kind": "scored", "slot": 0, "base": 0, "ranks": {0: 1, 1: 2},
              "awards": {0: 4, 1: 2}}
    pairs = [(scored, "Tortuga scores."),
             ({"kind": "vp", "player": 0, "amount": 4, "reason": "base:tortuga"}, "P1 +4"),
             ({"kind": "vp", "player": 1, "amount": 1, "reason": "base:cave-of-shinies"},
              "Player 2 gains 1 VP from Cave of Shinies (1 in total)."),
             ({"kind": "vp", "player": 1, "amount": 2, "reason": "base:tortuga"}, "P2 +2")]
    recap.take(pairs, [], lambda bid: "Tortuga", {0: [9, 5]}, 4)
    text = plain(recap.markup())
    assert text.splitlines()[:3] == ["Tortuga scored (turn 4)", " P1 1st +4 VP · power 9",
                                     " P2 2nd +2 VP · power 5"]
    assert "VP from abilities\n Player 2 gains 1 VP from Cave of Shinies" in text
    assert "P1 +4" not in text and "P2 +2" not in text


def test_what_the_computer_did_stays_marked_until_the_human_decides():
    """The computer's turn, move by move: each move's cards are the latest highlighted;
    back at the human's decision, everything it played since is still marked."""
    game = scenario(hands=[["aliens/invader"], ["robots/zapbot", "robots/warbot"]],
                    bases=BASES, decks=[["aliens/collector"] * 3, ["robots/hoverbot"] * 3])
    app = table_app(game, ["human", "heuristic"], delay=0.05)

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("e")  # end the turn without playing
        await until(pilot, lambda: game.current_player == 0 and game.state.turn == 3
                    and bool(option_labels(app)))
        played = {name for base in table.obs["bases"] for m in base["minions"]
                  for name in [m["id"]] if m["controller"] == 1}
        assert played  # the computer played minions...
        marks = table.marks()
        assert played <= marks.recent  # ...and they are marked on the human's table
        markup = "".join(view.base_markup(b, 2, marks) for b in table.obs["bases"])
        for name in played:
            shown = f"[@click=app.show_card('{name}')]"
            assert f"[yellow]•[/]{shown}" in markup or f"[reverse]{shown}" in markup

    drive(app, script)


def test_the_card_panel_shows_a_card_the_prompt_names_from_a_deck_or_another_hand():
    """Walker looks at the top card of the deck; Probe looks at another player's hand: the
    card panel shows the text of the cards the seat is asked about."""
    game = scenario(hands=[["zombies/walker"], []], bases=BASES,
                    decks=[["dinosaurs/howl", "aliens/scout"], []])
    app = table_app(game, ["human", "heuristic"])

    async def script(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1", "1")  # Walker on Jungle Oasis
        assert "Discard Howl or keep it on top?" in text(app, "#prompt")
        assert "Each minion you have in play gets +1 power" in text(app, "#details")

    drive(app, script)

    game = scenario(hands=[["aliens/probe"], ["robots/zapbot", "robots/warbot", "dinosaurs/howl"]],
                    bases=BASES)
    app = table_app(game, ["human", "heuristic"])

    async def probe(pilot: Pilot[None], app: SmashUpApp) -> None:
        await pilot.press("1")  # Probe: pick a minion in Player 2's hand
        assert [label[3:] for label in option_labels(app)] == ["Zapbot", "Warbot"]
        assert text(app, "#details").startswith("Zapbot — minion, power 2")
        await pilot.press("down")
        assert text(app, "#details").startswith("Warbot — minion, power 4")

    drive(app, probe)
