"""A conditional extra play constrains what the played card then does (issue 30, item 3).

Space Prince's talent plays an extra action on condition that it directly raises the power of
one of its player's minions; Walking Carpet's Special plays an action on condition that it
directly raises the Carpet's own power (cards.json, Cease and Desist, both with the shared
clarification: +N power, a +1 power counter placed or transferred, or a higher printed power
count; granting a talent does not; the increase is to cards already in play). The condition
goes with the action as it resolves (engine/facts/boosts.py, ``AIM``): the minion it raises is
chosen among the aimed ones only, and a choice of mode, base or duellist offers, while the
condition is unmet, only the ways that could meet it (when any could).

These are the only two plays on such a condition in the five sets. Every other conditional
extra play constrains the card itself or where it goes (power 2 or less, a name, "there", a
base where you have no minions; the play option carries all of it: ``kinds.PlayCondition``),
so nothing is left for the played card's own choices to honour.
"""

from collections.abc import Callable

import pytest

from smashup import REGISTRY
from smashup.engine.api.game import Game
from smashup.engine.facts.redirects import being_played
from smashup.testing import card_id, decision, options, play, power, scenario

A = "astroknights"
PRINCE = f"{A}/space-prince"  # power 4
CARPET = f"{A}/walking-carpet"  # power 4
KNIGHT = f"{A}/space-knight"  # power 5
FOURS = f"{A}/use-the-fours"
REX = "dinosaurs/king-rex"  # power 7
INVADER = "aliens/invader"  # power 3
AUGMENTATION = "dinosaurs/augmentation"
UPGRADE = "dinosaurs/upgrade"
HOWL = "dinosaurs/howl"
BUSHIDO = "samurai/code-of-bushido"
GENETIC_SHIFT = "shapeshifters/genetic-shift"
MERGACON = "changerbots/form-mergacon"
RUN_EM_OFF = "cowboys/run-em-off"
PUSHING = "action-heroes/pushing-the-limit"
OASIS = "jungle-oasis"  # breakpoint 12, no ability
TORTUGA = "tortuga"
WALKERS = ["zombies/walker"] * 8


def theirs(card: str, **more: object) -> dict:
    return {"card": card, "controller": 1, **more}


def boosted(events: list[dict], action: int) -> set[int]:
    found = [ev["minions"] for ev in events if ev["kind"] == "boosted" and ev["card"] == action]
    return set(found[0]) if found else set()


def raised(game: Game, key: str) -> set[int]:
    """The minions the first copy of ``key`` directly raised, by the last decision."""
    return boosted(game.events, card_id(game, f"{key}#1"))


# ---- the board: the aimed minion, another of yours, and other players' --------------------------


def prince_board(hand: list[str]) -> dict:
    """Space Prince at the Oasis with a rival King Rex; your Space Knight at Tortuga with a
    rival Invader (who carries Howl, an action in play for Pixie to destroy)."""
    return {"hands": [hand, []], "decks": [WALKERS, WALKERS],
            "bases": [{"base": OASIS, "minions": [PRINCE, theirs(REX)]},
                      {"base": TORTUGA, "minions": [KNIGHT, theirs(INVADER, attached=[HOWL])]}]}


def carpet_board(hand: list[str]) -> dict:
    """Walking Carpet at the Oasis, losing to two rival Rexes (the base scores at the end of the
    turn: the Carpet's Special is offered); your Space Knight at Tortuga with a rival Invader."""
    return {"hands": [hand, []], "decks": [WALKERS, WALKERS],
            "bases": [{"base": OASIS, "minions": [CARPET, theirs(REX), theirs(REX)]},
                      {"base": TORTUGA, "minions": [KNIGHT, theirs(INVADER, attached=[HOWL])]}]}


# ---- Space Prince -------------------------------------------------------------------------------


def test_space_prince_a_standard_action_then_raises_one_of_your_minions_only():
    """Augmentation gives any minion +4; played through Space Prince it must raise one of its
    player's minions (card text), so the rival Rex and Invader are not offered."""
    game = scenario(**prince_board([AUGMENTATION]))
    play(game, f"use {PRINCE}#1", f"play {AUGMENTATION}#1")
    assert decision(game) == (0, "choose_minion")
    assert options(game) == [f"{PRINCE}#1", f"{KNIGHT}#1"]
    play(game, f"{KNIGHT}#1")
    assert power(game, f"{KNIGHT}#1") == 5 + 4


def test_space_prince_the_same_action_played_without_the_condition_offers_every_minion():
    game = scenario(**prince_board([AUGMENTATION]))
    play(game, f"play {AUGMENTATION}#1")
    assert options(game) == [f"{PRINCE}#1", f"{REX}#1", f"{KNIGHT}#1", f"{INVADER}#1"]
    play(game, f"{REX}#1")
    assert power(game, f"{REX}#1") == 7 + 4


def test_space_prince_an_action_played_on_a_minion_goes_on_one_of_yours():
    """Upgrade is played on a minion: through Space Prince only on one of yours; played from
    hand, on any minion."""
    game = scenario(**prince_board([UPGRADE]))
    yours = [f"play {UPGRADE}#1 on {PRINCE}#1", f"play {UPGRADE}#1 on {KNIGHT}#1"]
    play(game, f"use {PRINCE}#1")
    assert options(game) == [*yours, "skip"]
    plain = scenario(**prince_board([UPGRADE]))
    assert [o for o in options(plain) if o.startswith(f"play {UPGRADE}")] == [
        yours[0], f"play {UPGRADE}#1 on {REX}#1", yours[1], f"play {UPGRADE}#1 on {INVADER}#1"]


# ---- Walking Carpet ----------------------------------------------------------------------------


def test_walking_carpet_use_the_fours_must_raise_the_carpet_not_another_of_yours():
    """Use the Fours raises one of your minions: through the Carpet's Special, the Carpet (card
    text: "this minion"); the Space Knight, yours too, is not offered and no question is left."""
    game = scenario(**carpet_board([FOURS]))
    play(game, "end", f"trigger {CARPET}#1", f"play {FOURS}#1")  # then the base scores
    assert raised(game, FOURS) == {card_id(game, f"{CARPET}#1")}
    plain = scenario(**carpet_board([FOURS]))
    play(plain, f"play {FOURS}#1")
    assert options(plain) == [f"{CARPET}#1", f"{KNIGHT}#1"]


def test_walking_carpet_several_counters_the_first_goes_on_the_carpet_then_any_of_yours():
    """Code of Bushido shares three +1 power counters among your minions. Ruling: the condition
    is met once the Carpet has one; until then it is the only choice, then any of yours."""
    game = scenario(**carpet_board([BUSHIDO]))
    play(game, "end", f"trigger {CARPET}#1", f"play {BUSHIDO}#1")
    assert decision(game) == (0, "choose_minion")
    assert options(game) == [f"{CARPET}#1", f"{KNIGHT}#1"]  # the second counter
    play(game, f"{KNIGHT}#1", f"{KNIGHT}#1")  # then the base scores
    assert raised(game, BUSHIDO) == {card_id(game, f"{CARPET}#1"), card_id(game, f"{KNIGHT}#1")}
    assert game.state.counters[card_id(game, f"{KNIGHT}#1")] == 2


def test_walking_carpet_a_mode_that_could_not_raise_it_is_not_offered():
    """Pushing the Limit: at each base where you have one minion, two counters on it or a card
    drawn. At the Carpet's base only the counters are offered (the draw would leave the
    condition unmet); at the Knight's base, with the condition met, both are."""
    game = scenario(**carpet_board([PUSHING]))
    play(game, "end", f"trigger {CARPET}#1", f"play {PUSHING}#1")
    assert game.state.counters[card_id(game, f"{CARPET}#1")] == 2
    assert options(game) == ["choice:counters", "choice:draw"]  # the Knight's base: free
    plain = scenario(**carpet_board([PUSHING]))
    play(plain, f"play {PUSHING}#1")
    assert options(plain) == ["choice:counters", "choice:draw"]  # the Carpet's base: free


def test_walking_carpet_a_base_choice_goes_where_the_carpet_is():
    """Form Mergacon raises your minions at a base you pick: the Carpet's base only."""
    game = scenario(**carpet_board([MERGACON]))
    play(game, "end", f"trigger {CARPET}#1", f"play {MERGACON}#1")  # then the base scores
    assert raised(game, MERGACON) == {card_id(game, f"{CARPET}#1")}
    plain = scenario(**carpet_board([MERGACON]))
    play(plain, f"play {MERGACON}#1")
    assert options(plain) == [f"base:{OASIS}", f"base:{TORTUGA}"]


def test_walking_carpet_one_of_two_modes_then_the_minion():
    """Genetic Shift: +1 to each of your minions, or +3 to one. Both modes can raise the Carpet;
    the +3 then goes on the Carpet."""
    game = scenario(**carpet_board([GENETIC_SHIFT]))
    play(game, "end", f"trigger {CARPET}#1", f"play {GENETIC_SHIFT}#1")
    assert options(game) == ["choice:each", "choice:one"]
    play(game, "choice:one")  # then the base scores
    assert raised(game, GENETIC_SHIFT) == {card_id(game, f"{CARPET}#1")}


def test_walking_carpet_run_em_off_the_carpet_is_the_duellist():
    """Run 'Em Off: your minion duels, the winner gets +3. Only the Carpet could win the +3 it
    needs, so it is the duellist (the duel itself may still be lost)."""
    game = scenario(**carpet_board([RUN_EM_OFF]))
    play(game, "end", f"trigger {CARPET}#1", f"play {RUN_EM_OFF}#1")
    assert options(game) == [f"{REX}#1", f"{REX}#2"]  # the Carpet's rivals: it duels
    plain = scenario(**carpet_board([RUN_EM_OFF]))
    play(plain, f"play {RUN_EM_OFF}#1")
    assert options(plain) == [f"{CARPET}#1", f"{KNIGHT}#1"]


# ---- every action that directly increases power, under each condition ------------------------


def boosting_actions() -> list[str]:
    """Every card with an action face that directly increases power (``boosts_power``)."""
    found = []
    for key, d in REGISTRY.cards.items():
        face = d if d.kind == "action" else d.alt
        if face is not None and face.kind == "action" and face.boosts_power:
            found.append(key)
    return sorted(found)


def outcomes(game: Game, action: int) -> set[frozenset[int]]:
    """Every set of minions the play of ``action`` (under way in ``game``) can end up directly
    raising, over every sequence of decisions (depth first)."""
    found: set[frozenset[int]] = set()
    stack = [(game, list(game.events))]
    while stack:
        node, seen = stack.pop()
        if not being_played(node.state, action):
            found.add(frozenset(boosted(seen, action)))
            continue
        for text in node.action_texts():
            nxt = node.clone()
            nxt.apply(text)
            stack.append((nxt, seen + list(nxt.events)))
        assert len(stack) < 500
    return found


def play_outcomes(game: Game, key: str, prefix: Callable[[Game], None]) -> set[frozenset[int]]:
    """The outcomes of every play of ``key``'s first copy offered after ``prefix``."""
    prefix(game)
    action = card_id(game, f"{key}#1")
    found: set[frozenset[int]] = set()
    for text in options(game):
        if text.startswith(f"play {key}#1") and " @ " not in text:  # (not a minion face)
            node = game.clone()
            node.apply(text)
            found |= outcomes(node, action)
    return found


OUTCOME_ONLY = {
    # the Carpet duels (the one choice the condition reaches) but may lose the duel: then the
    # winner, a rival, gets the +3
    "cowboys/run-em-off",
    # played from hand it is buried and raises nothing now; its +2 comes when it is dug up
    "ancient-egyptians/blessing-of-anubis",
}


@pytest.mark.parametrize("key", boosting_actions())
def test_every_boosting_action_under_a_condition_raises_what_the_condition_names(key):
    """Played through Space Prince (aim: your minions) and through Walking Carpet (aim: the
    Carpet), every way the action can go raises an aimed minion, and is a way the plain play
    from hand can go too. (Not every such way: the first choice that can meet the condition
    must, so Pushing the Limit under Space Prince puts its counters on the Prince rather than
    drawing there and putting them on the Knight at the next base.) A card that chose its
    minion around ``choose_minion_to_boost`` (or a mode, base or duellist around
    ``toward_aim``) would let a constrained play raise a rival only."""
    for board, granter, start in (
            (prince_board, PRINCE, lambda game: play(game, f"use {PRINCE}#1")),
            (carpet_board, CARPET, lambda game: play(game, "end", f"trigger {CARPET}#1"))):
        hand = [key, "zombies/walker"]  # (Berserk stacks a card from hand first)
        game = scenario(**board(hand))
        g = game.state
        aim = {m for ms in g.minions for m in ms if g.controller[m] == 0}
        if granter == CARPET:
            aim = {card_id(game, f"{CARPET}#1")}
        plain = play_outcomes(scenario(**board(hand)), key, lambda game: None)
        constrained = play_outcomes(game, key, start)
        assert constrained, f"{key} is not offered through {granter}"
        if key in OUTCOME_ONLY:
            continue
        assert all(o & aim for o in constrained), (key, granter, constrained)
        assert constrained <= plain, (key, granter)
