"""Owner and controller, everywhere: a card returned to a hand goes to its owner's hand
(``moving.return_to_hand``), "your minion" is one you control, and a minion never duels
itself (``duels.duel_opponents``).

Rulebook passages checked: Cease and Desist, "Control": "When the card leaves play, it goes to
the hand, deck or discard pile of its owner, not its current controller", and "If you gain
control of a card, it is as if you had played it"; Oops, "Duels", Basics: "When two minions
duel, their controllers may each place a card from their hand on the table face down"."""

import ast
import pathlib
from typing import Any

import pytest

from smashup.cards.helpers import duel_opponents
from smashup.engine.api.game import Game
from smashup.testing import card_id, decision, options, play, scenario, where

OASIS = "jungle-oasis"  # breakpoint 12, no ability
BRAIN = "the-central-brain"
INVADER = "aliens/invader"  # power 3
WALKER = "zombies/walker"  # power 2
REX = "dinosaurs/king-rex"  # power 7
UPGRADE = "dinosaurs/upgrade"
ACOLYTE = "ninjas/ninja-acolyte"
SQUIRE = "ignobles/sneaky-squire"
BETROTHED = "ignobles/betrothed"
CORRAL = "so-so-corral"
PALACE = "shoguns-palace"

HELD = {"card": INVADER, "owner": 1, "controller": 0}
"""Player 1's Invader, controlled by player 0: "your minion" for player 0, back to player 1."""
LENT = {"card": WALKER, "owner": 0, "controller": 1}
"""Player 0's Walker, controlled by player 1: not "your minion" for player 0."""


def _at(base: str, *minions: Any, **more: Any) -> dict[str, Any]:
    return {"base": base, "minions": list(minions), **more}


def _hand_card(key: str, *rest: str, base: str = OASIS, extra: list[str] | None = None
               ) -> tuple[dict[str, Any], list[str]]:
    """``key`` in player 0's hand, played (a minion at ``base``)."""
    step = f"play {key}#1" + (f" @ base:{base}" if rest and rest[0] == "minion" else "")
    return (dict(hands=[[key, *(extra or [])], []], bases=[_at(OASIS, HELD, LENT), BRAIN]),
            [step])


def _scored(base: str, *minions: Any) -> tuple[dict[str, Any], list[str]]:
    """``base`` scores as player 0's turn ends (player 0 wins); its ability is triggered."""
    return (dict(bases=[_at(base, *minions), BRAIN]), ["end", f"trigger base:{base}"])


RETURNS: dict[str, tuple[tuple[dict[str, Any], list[str]], str, bool]] = {
    # card: ((board, first steps), the card it returns, whether the text says "your minion")
    "aliens/supreme-overlord": (_hand_card("aliens/supreme-overlord", "minion"), INVADER, False),
    "aliens/collector": (_hand_card("aliens/collector", "minion"), INVADER, False),
    "aliens/abduction": (_hand_card("aliens/abduction"), INVADER, False),
    "aliens/beam-up": (_hand_card("aliens/beam-up"), INVADER, False),
    "aliens/crop-circles": (_hand_card("aliens/crop-circles"), INVADER, False),
    "ninjas/disguise": (_hand_card("ninjas/disguise", extra=[REX]), INVADER, True),
    "time-travelers/doctor-when": (_hand_card("time-travelers/doctor-when", "minion"),
                                   INVADER, True),
    "time-travelers/do-over": (_hand_card("time-travelers/do-over"), INVADER, True),
    "time-travelers/into-the-time-slip": (_hand_card("time-travelers/into-the-time-slip"),
                                          INVADER, False),
    "star-roamers/mass-teleport": (_hand_card("star-roamers/mass-teleport"), INVADER, True),
    "star-roamers/port-me-up": (_hand_card("star-roamers/port-me-up"), INVADER, True),
    "star-roamers/teleport-overflow": (_hand_card("star-roamers/teleport-overflow"),
                                       INVADER, True),
    "ignobles/out-of-sight": (_hand_card("ignobles/out-of-sight"), INVADER, False),
    "star-roamers/science-officer": (
        (dict(bases=[_at(OASIS, "star-roamers/science-officer", HELD, LENT), BRAIN]),
         ["use star-roamers/science-officer#1"]), INVADER, True),
    "ninjas/ninja-acolyte": (
        (dict(hands=[[WALKER], []], bases=[_at(BRAIN, {"card": ACOLYTE, "owner": 1,
                                                       "controller": 0}), OASIS]),
         [f"use {ACOLYTE}#1"]), ACOLYTE, True),
    "the-mothership": (_scored("the-mothership", {"card": REX, "counters": 10}, HELD, LENT),
                       INVADER, True),
    "jungle-camp": (_scored("jungle-camp", {"card": REX, "counters": 10}, HELD, LENT),
                    INVADER, True),
    "primate-park": (_scored("primate-park", {"card": REX, "counters": 14, "attached": [
        {"card": UPGRADE, "owner": 1, "controller": 0}]}), UPGRADE, True),
}
"""Every card (and base) that returns a card from play to a hand, each run on a board where the
card it returns is controlled by player 0 and owned by player 1."""


def _drive(game: Game, target: str, limit: int = 40) -> list[str]:
    """Answer every decision until a Play Cards decision: the target when offered, else "yes",
    else a skip or done, else the first option. Returns every option player 0 was offered."""
    seen: list[str] = []
    for _ in range(limit):
        who, kind = decision(game)
        if kind == "main":
            return seen
        opts = options(game)
        if who == 0:
            seen += opts
        pick = next((o for o in (target, "yes", "skip", "done") if o in opts), opts[0])
        play(game, pick)
    raise AssertionError("the ability did not finish")


@pytest.mark.parametrize("key", sorted(RETURNS))
def test_a_card_returned_to_a_hand_goes_to_its_owners_hand(key: str):
    """Whoever controls the card and whoever's ability it is, it goes to its owner's hand; a
    card whose text says "your minion" offers the minion its player controls, never one they
    only own."""
    (board, steps), returned, yours = RETURNS[key]
    game = scenario(**board)
    play(game, *steps)
    seen = _drive(game, f"{returned}#1")
    assert where(game, f"{returned}#1") == "hand:1"
    events = [e for e in game.events if e["kind"] == "returned"
              and e["card"] == card_id(game, f"{returned}#1")]
    assert [e["owner"] for e in events] == [1]
    if yours:
        assert f"{WALKER}#1" not in seen  # player 0's own minion, controlled by player 1


def test_ninja_acolyte_under_another_players_control_counts_on_its_owners_hand():
    """Ninja Acolyte's talent needs a minion to play at its base after it goes back "to your
    hand": controlled by player 0 but owned by player 1, it goes to player 1's hand, so with no
    minion in player 0's hand the talent is not offered (it would return and play nothing)."""
    borrowed = scenario(bases=[_at(BRAIN, {"card": ACOLYTE, "owner": 1, "controller": 0}),
                               OASIS])
    assert f"use {ACOLYTE}#1" not in options(borrowed)
    own = scenario(bases=[_at(BRAIN, ACOLYTE), OASIS])
    assert f"use {ACOLYTE}#1" in options(own)  # its own player may play it straight back


# ---- duels -------------------------------------------------------------------------------------


def _handed_over(card: str, base: str) -> Game:
    """Three players: player 0 plays ``card`` at ``base`` and hands it to player 1; player 1
    has a Walker there, player 2 a King Rex."""
    game = scenario(players=3, hands=[[card], [], []],
                    bases=[_at(base, {"card": WALKER, "controller": 1},
                               {"card": REX, "controller": 2}), BRAIN, OASIS])
    play(game, f"play {card}#1 @ base:{base}", "player:1")
    if decision(game)[1] == "play_extra":  # Sneaky Squire's extra minion
        play(game, "skip")
    return game


@pytest.mark.parametrize("card", [SQUIRE, BETROTHED])
def test_a_minion_handed_over_as_it_is_played_never_duels_itself(card: str):
    """So-so Corral lets the minion just played duel "another player's minion here". Handed to
    player 1 by its own ability, it is not offered itself, nor player 1's Walker (a duel has
    two sides); player 2's King Rex is its one opponent."""
    game = _handed_over(card, CORRAL)
    assert game.state.controller[card_id(game, f"{card}#1")] == 1
    assert decision(game) == (0, "choose_minion")
    assert options(game) == [f"{REX}#1", "skip"]
    play(game, f"{REX}#1")  # the duel happens: 2 or 3 power against 7
    assert where(game, f"{card}#1") == "discard:0"


@pytest.mark.parametrize("card", [SQUIRE, BETROTHED])
def test_shoguns_palace_offers_no_duel_for_a_minion_no_longer_yours(card: str):
    """Shogun's Palace: "after you play a minion here, it may duel": handed over before the
    base's ability resolves, the minion is no longer the player's, and no duel is offered (it
    is never offered itself)."""
    game = _handed_over(card, PALACE)
    assert decision(game) == (0, "main")
    assert not [o for o in options(game) if o.startswith("trigger")]


def test_duel_opponents_never_include_the_challenger_or_its_side():
    game = scenario(players=3, bases=[_at(OASIS, {"card": INVADER, "controller": 0},
                                          {"card": WALKER, "owner": 0, "controller": 1},
                                          {"card": REX, "controller": 1},
                                          {"card": "aliens/collector", "controller": 2}),
                                      BRAIN])
    g = game.state
    minions = list(g.minions[0])
    for challenger in minions:
        for player in range(3):
            found = duel_opponents(g, challenger, player)
            assert challenger not in found
            assert all(g.controller[m] not in (player, g.controller[challenger]) for m in found)
    walker = card_id(game, f"{WALKER}#1")
    # player 0 starts a duel with the Walker it owns but player 1 controls: player 2's minion
    assert [g.names[m] for m in duel_opponents(g, walker, 0)] == ["aliens/collector#1"]


# ---- no card goes around the primitives --------------------------------------------------------

SRC = pathlib.Path(__file__).resolve().parents[2] / "src" / "smashup"

INTO_HAND = {
    ("engine/rules/moving.py", "return_to_hand"): "the primitive: to the owner's hand (owner_of)",
    ("engine/rules/moving.py", "_return_buried"): "the primitive, for a buried card",
    ("engine/rules/decks.py", "draw"): "a draw: from the player's own deck",
    ("engine/rules/zones.py", "to_owner"): "to the owner's zone",
    ("engine/mechanics/borrowed.py", "take_card"): "'into your hand' (Vikings): the taker's hand",
    ("engine/mechanics/duels.py", "_reveal_and_play"): "a duel card back to the hand it came from",
    ("cards/helpers.py", "take_into_hand"): "a card placed into its owner's hand",
    ("cards/cd/astroknights.py", "_draw_revealed"): "a draw from the player's own deck",
    ("cards/core/wizards.py", "neophyte"): "the player's own top card",
    ("cards/core/wizards.py", "portal"): "from the player's own deck",
    ("cards/core/wizards.py", "scry"): "from the player's own deck",
    ("cards/emd/wraithrustlers.py", "_draw_revealed_wraith"): "a draw from the own deck",
    ("cards/oops/cowboys.py", "gold_in_them_thar_hills"): "a draw from the own deck",
    ("cards/sfdf/bases.py", "_city_copy"): "from the player's own deck",
    ("cards/core/tricksters.py", "_hideout_talent"): "Hideout goes where its swap came "
                                                      "from, its owner's zone",
}
"""Every place a card is put into a hand, and why that is the right hand. A card leaving play
for a hand goes through ``return_to_hand`` (or ``take_into_hand``/``take_card``)."""

OWNER_READS = {
    ("cards/cd/bases.py", "_spikey_victims"): "Spikey Chair Room: a minion they own",
    ("cards/cd/ignobles.py", "_betrothed_who"): "Betrothed: its owner gains the VP",
    ("cards/cd/ignobles.py", "_owned_by"): "Out of Sight, Fate of the Favorites: minions they own",
    ("cards/cd/star_roamers.py", "_yours"): "'returned to your hand': only a minion you own",
    ("cards/core/ninjas.py", "_acolyte_can"): "Ninja Acolyte: back to its owner's hand",
    ("cards/core/tricksters.py", "owned_factions"): "the factions a player brought",
    ("cards/core/tricksters.py", "_gremlin_who"): "fallback when the event has no controller",
    ("cards/core/tricksters.py", "_hideout_talent"): "the swapped Hideout goes to its owner",
    ("cards/core/wizards.py", "winds_of_change"): "hand cards go to their owners' decks",
    ("cards/oops/vikings.py", "_funeral_who"): "fallback when no player is recorded",
    ("cards/oops/vikings.py", "_funeral_rites"): "Viking Funeral: if you own it",
    ("cards/sfdf/cyborg_apes.py", "_clyde_applies"): "'into your hand': only an action you own",
    ("cards/sfdf/shapeshifters.py", "_went_to_discard_from_play"): "fallback, no controller",
    ("cards/sfdf/shapeshifters.py", "_gelf_swap"): "G.E.L.F. goes to its owner's deck",
    ("cards/sfdf/shapeshifters.py", "bacta_the_future"): "Bacta: its owner plays an extra",
    ("cards/sfdf/time_travelers.py", "wormhole"): "Wormhole: into its owner's deck",
}
"""Every read of a card's owner in a card module, and why the owner (not the controller) is
meant there: "your minion" is a minion you control."""


def _calls(tree: ast.AST) -> list[tuple[str, ast.AST]]:
    """(enclosing function, node) for every node of ``tree``."""
    found: list[tuple[str, ast.AST]] = []

    def walk(node: ast.AST, fn: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef,
                                                    ast.AsyncFunctionDef)) else fn
            found.append((name, child))
            walk(child, name)

    walk(tree, "<module>")
    return found


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _into_hand(node: ast.AST) -> bool:
    """A call that puts a card into a hand: ``relocate(g, card, ("hand", p))`` (or a zone it
    does not name as a constant), ``to_owner(g, card, "hand")``, or a change to ``hands[p]``."""
    if not isinstance(node, ast.Call):
        return False
    name = _name(node)
    if name.endswith("relocate") and len(node.args) >= 3:
        dest = node.args[2]
        return not (isinstance(dest, ast.Tuple) and isinstance(dest.elts[0], ast.Constant)
                    and dest.elts[0].value != "hand")
    if name.endswith("to_owner") and len(node.args) >= 3:
        return not (isinstance(node.args[2], ast.Constant) and node.args[2].value != "hand")
    func = node.func
    return (name in ("append", "insert", "extend") and isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Subscript)
            and isinstance(func.value.value, ast.Attribute) and func.value.value.attr == "hands")


def _reads_owner(node: ast.AST) -> bool:
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Attribute) and node.value.attr == "owner"
    return isinstance(node, ast.Call) and _name(node) == "owner_of"


def _sites(paths: list[pathlib.Path], test: Any) -> set[tuple[str, str]]:
    sites = set()
    for path in paths:
        for fn, node in _calls(ast.parse(path.read_text())):
            if test(node):
                sites.add((path.relative_to(SRC).as_posix(), fn))
    return sites


def test_no_card_puts_a_card_into_a_hand_around_the_primitives():
    """Found by reading the source: every call that puts a card into a hand is in a function
    listed (with why it is the right hand) in ``INTO_HAND``."""
    paths = sorted((SRC / "cards").rglob("*.py")) + sorted((SRC / "engine").rglob("*.py"))
    unlisted = sorted(_sites(paths, _into_hand) - set(INTO_HAND))
    assert unlisted == []


def test_no_card_module_reads_an_owner_where_a_controller_is_meant():
    """Found by reading the source: every read of a card's owner in a card module is in a
    function listed (with the words of its text that mean the owner) in ``OWNER_READS``."""
    paths = sorted((SRC / "cards").rglob("*.py"))
    unlisted = sorted(_sites(paths, _reads_owner) - set(OWNER_READS))
    assert unlisted == []


def test_the_source_scans_find_what_they_look_for():
    """The scans are not blind: they find a direct hand change and an owner comparison."""
    tree = ast.parse("def f(g, c, p):\n    g.hands[p].append(c)\n    return g.owner[c] == p\n"
                     "def h(g, c):\n    relocate(g, c, ('hand', 0))\n    relocate(g, c, z)\n")
    found = [(fn, type(node).__name__) for fn, node in _calls(tree)
             if _into_hand(node) or _reads_owner(node)]
    assert found == [("f", "Call"), ("f", "Subscript"), ("h", "Call"), ("h", "Call")]


# ---- "you" is the controller, "your hand" the hand you hold ------------------------------------


def test_ancient_crashed_ship_a_borrowed_card_from_your_hand_is_from_your_hand():
    """Ancient Crashed Ship counters a minion played "from anywhere except your hand". A card of
    player 1 in player 0's hand (taken by a Viking) is in player 0's hand (Vikings
    clarification: cards you do not own in your hand "are still treated like your cards")."""
    game = scenario(hands=[[{"card": WALKER, "owner": 1}], []],
                    bases=["ancient-crashed-ship", OASIS])
    play(game, f"play {WALKER}#1 @ base:ancient-crashed-ship")
    assert game.state.counters.get(card_id(game, f"{WALKER}#1"), 0) == 0


def _fallen_hand(honor: list[dict[str, Any]]) -> int:
    """Player 0's hand size after Jungle Oasis scores with player 0's two King Rexes there and
    ``honor`` on the base."""
    game = scenario(decks=[[WALKER] * 8, [WALKER] * 8],
                    bases=[_at(OASIS, REX, REX, actions=honor), BRAIN])
    play(game, "end")
    _drive(game, "pass")  # (the two draws' order asked first)
    return len(game.state.hands[0])


def test_honor_the_fallen_played_from_a_borrowed_card_draws_for_its_player():
    """Honor the Fallen: "you" draw when a minion you control here goes to the discard pile. A
    copy owned by player 1 but played (controlled) by player 0 draws for player 0 when the base
    scores and it leaves with those minions."""
    plain = _fallen_hand([])
    borrowed = _fallen_hand([{"card": "samurai/honor-the-fallen", "owner": 1, "controller": 0}])
    assert borrowed == plain + 2
