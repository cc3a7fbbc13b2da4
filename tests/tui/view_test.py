"""The table's text, built from one player's observation."""

from textual.content import Content

from smashup.testing import scenario
from smashup.tui import view
from smashup.tui.moves import NUMBER_KEYS, Entry, top_entries


def plain(markup: str) -> str:
    return Content.from_markup(markup).plain


def test_a_base_shows_breakpoints_vp_power_minions_and_actions():
    game = scenario(
        hands=[["aliens/invader"], []],
        bases=[{"base": "jungle-oasis",
                "minions": [{"card": "aliens/collector", "owner": 1, "controller": 0,
                             "counters": 2, "attached": ["dinosaurs/upgrade"]},
                            {"card": "robots/warbot", "controller": 1}]},
               "the-central-brain"])
    obs = game.observation(0)
    text = plain(view.base_markup(obs["bases"][0], 2))
    assert "Power 10/12" in text
    assert "VP 2/0/0" in text
    assert "P1 6 P2 4" in text
    assert "6* Collector P1 +2c (owner P2)" in text  # 2 printed, 2 counters, Upgrade +2
    assert "+ Upgrade P1" in text
    assert "Warbot P2" in text
    brain = plain(view.base_markup(obs["bases"][1], 2))
    assert "+1 power" in brain and "Power 0/19" in brain


def test_a_changed_breakpoint_shows_the_printed_one_and_hidden_cards_stay_hidden():
    base = {"id": "base:jungle-oasis", "name": "Jungle Oasis", "text": "", "breakpoint": 8,
            "printed_breakpoint": 12, "vp": [2, 0, 0], "total_power": 3,
            "power_by_player": [3, 0], "minions": [], "actions": [],
            "buried": ["hidden", "hidden", "aliens/invader#1"]}
    text = plain(view.base_markup(base, 2))
    assert "Power 3/8 (printed 12)" in text
    assert "Buried: Invader, 2 face down" in text


def test_the_players_line_and_the_plays_left():
    game = scenario(hands=[["aliens/invader"], ["robots/zapbot", "robots/warbot"]],
                    bases=["jungle-oasis", "the-central-brain"], vp=[3, 5],
                    discards=[["aliens/probe"], []],
                    factions=[["aliens", "dinosaurs"], ["robots", "wizards"]])
    obs = game.observation(0)
    lines = plain(view.players_markup(obs, ["Player 1 (human)", "Player 2 (computer)"], 0))
    first, second = lines.splitlines()
    assert first.startswith("▶ P1 Player 1 (human)  deciding  · 3 VP · hand 1")
    assert "discard 1 · Aliens + Dinosaurs" in first
    assert "5 VP · hand 2" in second and "Zapbot" not in lines
    assert view.plays_left(obs) == "Plays left: 1 minion, 1 action"
    assert "Invader" in plain(view.hand_markup(obs))
    assert view.plays_left(game.observation(1)) == ""  # not their turn


def test_copies_of_a_card_played_the_same_way_are_listed_once():
    game = scenario(hands=[["aliens/invader", "aliens/invader"], []],
                    bases=["jungle-oasis", "the-central-brain"])
    obs = game.observation(0)
    texts = obs["decision"]["options"]
    listed = view.distinct_options(obs, texts)
    assert [texts[i] for i in listed] == ["play aliens/invader#1 @ base:jungle-oasis",
                                          "play aliens/invader#1 @ base:the-central-brain",
                                          "end"]


def test_labels_name_cards_and_say_where_a_chosen_card_is():
    game = scenario(hands=[["aliens/beam-up"], []],
                    bases=[{"base": "jungle-oasis",
                            "minions": [{"card": "robots/warbot", "controller": 1}]},
                           "the-central-brain"])
    obs = game.observation(0)
    line = view.entry_line(obs, Entry("1", "Warbot", 0), "robots/warbot#1")
    assert plain(line) == "1. Warbot — at Jungle Oasis, P2's"
    assert plain(view.entry_line(obs, Entry("0", "Resolve base:jungle-oasis", 9),
                                 "trigger base:jungle-oasis")) == "0. Resolve Jungle Oasis"
    assert plain(view.entry_line(obs, Entry(None, "Skip", 99), "skip")) == "   Skip"
    assert view.option_cards("play aliens/beam-up#1 @ base:tortuga") == [
        "aliens/beam-up#1", "base:tortuga"]
    assert "Send one minion" in view.card_details("aliens/beam-up#1")
    assert "breakpoint 12" in view.card_details("base:jungle-oasis")


def test_an_extra_turn_to_come_is_shown_beside_its_player():
    """Portal Room (Time Travelers' base) gives its winner an extra turn: both the terminal
    game and the board summary say who has one to come."""
    from smashup.cli.views import board_text
    from smashup.engine.rules.timeline import take_extra_turns

    game = scenario(bases=["jungle-oasis", "the-central-brain"])
    take_extra_turns(game.state, [1])
    lines = plain(view.players_markup(game.observation(0), ["Player 1", "Player 2"], 0))
    first, second = lines.splitlines()
    assert "extra turn to come" in second and "extra turn" not in first
    assert "  Extra turns to come: Player 2" in board_text(game)


def test_stasis_counters_and_stored_cards_show_and_stored_cards_stay_face_down_to_others():
    """EMD: cards in stasis lie face up with their stasis counters (§4.7); a card stored under
    an action on a base (Ancient Sumerian God) is face down to everyone but its controller."""
    game = scenario(
        hands=[[], []],
        bases=[{"base": "jungle-oasis",
                "actions": [{"card": "wraithrustlers/ancient-sumerian-god", "owner": 1,
                             "controller": 1, "stored": ["wraithrustlers/slimy"]}]},
               "the-central-brain"],
        stasis=[[{"card": "backtimers/future-almanac", "stasis": 3}], []])
    mine, theirs = game.observation(1), game.observation(0)
    assert "stored: Slimy" in plain(view.base_markup(mine["bases"][0], 2))
    hidden = plain(view.base_markup(theirs["bases"][0], 2))
    assert "stored: a face-down card" in hidden and "Slimy" not in hidden
    lines = plain(view.players_markup(theirs, ["Player 1", "Player 2"], 0))
    assert "stasis: Future Almanac? (3 stasis)" in lines.splitlines()[0]


def test_keys_skip_the_tables_own_and_ending_the_phase_keeps_its_key():
    """Past the tenth option, letters that are not the table's keys (c, d, q, s) nor the
    fixed ones; ``end`` is ``e`` however many options come before it."""
    assert NUMBER_KEYS[:12] == "1234567890ab" and not set("cdqsepykon") & set(NUMBER_KEYS)
    texts = [f"robots/warbot#{n}" for n in range(1, 13)] + ["end"]
    entries = top_entries(texts, texts, range(len(texts)))
    assert [e.key for e in entries] == [*"1234567890ab", "e"]
    assert [e.key for e in top_entries(["end"], ["End"], [0])] == ["e"]


def test_the_card_panel_shows_every_card_the_engine_says_a_decision_names():
    # the engine lists in decision["cards"] what this seat may read about; the panel shows
    # each one's text, but not the asking card again (it has its own "Asked by" line)
    obs = {"decision": {"prompt": "Choose one", "source_id": "aliens/probe#1",
                        "cards": ["aliens/probe#1", "zombies/walker#2", "base:tar-pits"]},
           "known": []}
    assert view.prompt_cards(obs) == ["zombies/walker#2", "base:tar-pits"]
    details = view.option_details(dict(obs, hand=[]), "Yes", "yes")
    assert "Walker" in details and "Tar Pits" in details and "Asked by" in details
