"""What people read at the table (issue 31, items 4-6): no two options of a decision read
alike, and no label, prompt or log line shows an internal name (a card id, a base or rule key,
a set or faction slug); the log tells one event once, each line a sentence.

The sweep plays random games until every faction has been played, with two, three and four
players, and reads everything each seat and a spectator is shown."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from smashup.engine.api.game import Game
from smashup.engine.api.labels import decision_labels
from smashup.engine.api.views import public_prompt
from smashup.engine.core.defs import REGISTRY, faction_name, set_name
from smashup.engine.core.requests import PASS, Request, TriggerOption, request_prompt
from smashup.narrate import HANDLERS, Narrator
from smashup.sim import game_setup, implemented_factions
from smashup.testing import card_id, play, scenario

GAMES = 48
TURN_CAP = 40
CARD_ID = re.compile(r"\w+/[\w-]+#\d|\bbase:|\brule:")


def _slugs() -> re.Pattern[str]:
    """Every internal key with a hyphen or an ``@`` (set, faction, card and base keys), as a
    whole word: ``excellent-movies-dudes``, ``tricksters@original``, ``brood-hive``. (A key
    of one plain word, ``core`` or ``walker``, is an ordinary word too.)"""
    keys = {d.set for d in REGISTRY.cards.values()} | set(REGISTRY.factions)
    keys |= {d.key.split("/")[-1] for d in REGISTRY.cards.values()}
    keys |= {b.key for b in REGISTRY.bases.values()}
    keys = {k for k in keys if ("-" in k or "@" in k) and not k.startswith("test")}
    words = "|".join(sorted((re.escape(k) for k in keys), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{words})(?![\w-])")


SLUG = _slugs()


def internal(text: str) -> str | None:
    """The internal name ``text`` shows, if any."""
    found = CARD_ID.search(text) or SLUG.search(text)
    return found.group(0) if found else None


def sweep() -> Iterator[tuple[Game, list[int | None], dict[int | None, list[str]]]]:
    """Random games until every faction has been played (and at least ``GAMES``): at each
    decision the game, the viewers (every seat, a spectator -1 and an omniscient reader
    None) and the log lines each viewer read since the previous decision."""
    left = set(implemented_factions())
    seed = 0
    while seed < GAMES or left:
        players = 2 + seed % 3
        setup = game_setup(seed, players, seat_safe=seed % 4 == 3)
        left -= {f for pair in setup["factions"] for f in pair}
        game = Game.new(setup)
        viewers: list[int | None] = [*range(players), -1, None]
        narrators = {v: Narrator(game, v) for v in viewers}
        rng = random.Random(seed)
        lines = {v: n.narrate(game.events) for v, n in narrators.items()}
        while not game.is_over and game.state.turn <= TURN_CAP:
            yield game, viewers, lines
            game.apply(rng.randrange(len(game.legal_actions())))
            lines = {v: n.narrate(game.events) for v, n in narrators.items()}
        yield game, viewers, lines
        seed += 1
        assert seed < 400, f"factions never drawn: {sorted(left)}"


def test_no_two_options_read_alike_and_nothing_shows_an_internal_name() -> None:
    decisions = 0
    kinds: set[str] = set()
    for game, viewers, logs in sweep():
        g = game.state
        for viewer, lines in logs.items():
            for line in lines:
                assert internal(line) is None, (viewer, line)
        req = game.request
        if req is None:
            continue
        labels = game.action_labels()
        assert len(set(labels)) == len(labels), (req.kind, req.prompt, labels,
                                                 game.action_texts())
        for label in labels:
            assert internal(label) is None, (req.kind, label)
        for viewer in viewers:
            prompt = (request_prompt(g, req, viewer) if viewer in (None, req.player)
                      else public_prompt(g, req, viewer))
            assert internal(prompt) is None, (viewer, prompt)
            assert prompt[:1] == prompt[:1].upper(), prompt
        decisions += 1
        kinds.add(req.kind)
    assert decisions > 5000, decisions
    # the sweep meets the decisions that read alike most often
    assert {"main", "me_first", "order", "choose_card", "choose_minion"} <= kinds


def test_the_log_tells_each_thing_once_in_sentences() -> None:
    for game, _, logs in sweep():
        # every kind of event has its own sentence (or is noise), never the generic one
        assert {ev["kind"] for ev in game.events} <= set(HANDLERS), game.events
        for viewer, lines in logs.items():
            for before, line in zip(["", *lines], lines, strict=False):
                first = next(ch for ch in line if ch.isalnum())  # ('"...Really?" is...')
                assert not first.islower(), (viewer, line)
                assert line.endswith((".", "!", "?")), (viewer, line)
                assert line != before, (viewer, line)  # the same line twice in a row
                assert "lasting effect" not in line, line  # every effect says what it does


def test_the_sweep_sees_internal_names() -> None:
    """The check itself: each kind of internal name is caught, plain words are not."""
    for text in ("Resolve action-heroes/kickboxbro#1", "Play X @ base:brood-hive",
                 "Resolve rule:remove-stasis-counters",
                 "from excellent-movies-dudes", "tricksters@original", "Destroy brood-hive?"):
        assert internal(text) is not None, text
    for text in ("Look at the 3 cards face down", "Rearrange your face-down cards",
                 "Play Walker on The Central Brain", "Give Tenacious Z to which player?"):
        assert internal(text) is None, text


def test_alike_cards_are_told_apart_by_where_whose_and_which_copy() -> None:
    """Two Gunfighters in hand read as two copies; two Deputies in play, one yours and one
    another player's, by whose they are; the same base's ability read by its name."""
    game = scenario(
        hands=[["cowboys/gunfighter", "cowboys/gunfighter", "ninjas/assassin"], []],
        bases=[{"base": "jungle-oasis", "minions": [
                   "cowboys/deputy", {"card": "cowboys/deputy", "owner": 1}]},
               "the-central-brain"])
    labels = game.action_labels()
    assert "Play Gunfighter on Jungle Oasis (1st copy)" in labels
    assert "Play Gunfighter on Jungle Oasis (2nd copy)" in labels
    assert len(set(labels)) == len(labels)
    texts = game.action_texts()
    g = game.state
    mine, theirs = card_id(game, "cowboys/deputy#1"), card_id(game, "cowboys/deputy#2")
    assert (g.controller[mine], g.controller[theirs]) == (0, 1)
    # Assassin is played on a minion: the two Deputies at one base differ only by whose
    on_mine = texts.index("play ninjas/assassin#1 on cowboys/deputy#1")
    on_theirs = texts.index("play ninjas/assassin#1 on cowboys/deputy#2")
    assert labels[on_mine] == "Play Assassin on Deputy (yours)"
    assert labels[on_theirs] == "Play Assassin on Deputy (Player 2's)"


def test_a_waiting_ability_reads_as_its_card_base_or_rule_not_its_id() -> None:
    """The options of a Me First! window or of "which resolves next" name the card or base
    whose ability waits, or what the rule step does; one source waiting twice is told
    apart by which time."""
    game = scenario(bases=[{"base": "jungle-oasis", "minions": ["cowboys/pinkerton"]},
                           "the-central-brain"])
    g = game.state
    options = [TriggerOption("trigger", 0, "cowboys/pinkerton#1"),
               TriggerOption("trigger", 1, "base:jungle-oasis"),
               TriggerOption("trigger", 2, "base:jungle-oasis/2"),
               TriggerOption("trigger", 3, "rule:uncover"), PASS]
    labels = decision_labels(g, Request(0, "me_first", "Use an ability now, or pass", options))
    assert labels == ["Resolve Pinkerton", "Resolve Jungle Oasis (1st time)",
                      "Resolve Jungle Oasis (2nd time)", "Uncover one of your buried cards",
                      "Pass"]


def test_one_form_a_posse_is_one_line_per_minion_saying_what_it_does() -> None:
    game = scenario(hands=[["cowboys/form-a-posse"], []],
                    bases=[{"base": "jungle-oasis", "minions": ["cowboys/pinkerton"]},
                           "the-central-brain"])
    narrator = Narrator(game)
    play(game, "play cowboys/form-a-posse#1")
    assert narrator.narrate(game.events) == [
        "Player 1 plays Form a Posse.",
        "Player 1's Pinkerton gets +1 power and can't be destroyed, moved or returned to a "
        "hand (raised directly by Form a Posse)."]  # (Astroknights ask: one line, not two)


def test_sets_and_factions_read_as_printed() -> None:
    assert set_name("excellent-movies-dudes") == "Excellent Movies, Dudes!"
    assert faction_name("tricksters@original") == "Tricksters (original printing)"
    assert faction_name("action-heroes") == "Action Heroes"
    for key in implemented_factions():
        assert internal(faction_name(key)) is None, key
    for d in REGISTRY.cards.values():
        if not d.set.startswith("test"):
            assert internal(set_name(d.set)) is None, d.set


def test_a_decision_lists_the_cards_it_names_for_the_seat_that_may_read_them() -> None:
    """Item 5 of issue 31: Walker shows its player the top card of their deck and asks
    about it by name. That player's observation lists the card, so a table can show its
    text; the other seat and a spectator are told only of the Walker, which is in play."""
    game = scenario(hands=[["zombies/walker"], []],
                    decks=[["zombies/tenacious-z", "zombies/walker"], []],
                    bases=["jungle-oasis", "the-central-brain"])
    play(game, "play zombies/walker#1 @ base:jungle-oasis")
    assert game.request is not None
    assert game.request.prompt == "Discard Tenacious Z or keep it on top?"
    assert game.observation(0)["decision"]["cards"] == ["zombies/tenacious-z#1",
                                                        "zombies/walker#1"]
    assert game.observation(1)["decision"]["cards"] == ["zombies/walker#1"]
    assert game.spectator_observation()["decision"]["cards"] == ["zombies/walker#1"]


def test_the_cards_a_decision_offers_are_listed_for_its_chooser_only() -> None:
    """Play Cards offers the cards of a hand: the chooser's decision lists each copy; the
    other seat, who may not see that hand, is told of none."""
    game = scenario(hands=[["cowboys/gunfighter", "cowboys/gunfighter"], []],
                    bases=["jungle-oasis", "the-central-brain"])
    cards = game.observation(0)["decision"]["cards"]
    assert cards == ["cowboys/gunfighter#1", "cowboys/gunfighter#2"]
    assert game.observation(1)["decision"]["cards"] == []
