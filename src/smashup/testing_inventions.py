"""Test-only cards that bring mechanics of their own, added through the engine's extension
points from this card module alone (no engine file knows about them).

This is the worked example of ``docs/architecture.md`` ("Adding a mechanic"). Importing the
module registers its kinds; ``registered()`` adds the faction "Test Inventions" for the
duration of a block (its key starts with "test", which random pickers skip)::

    from smashup.testing_inventions import registered

    with registered():
        game = scenario(hands=[["test-inventions/even-keel"], []], ...)

The kinds:

* a continuous-effect kind that works from the discard pile (``RALLY``): Rallying Banner
  gives its owner's minions +1 power while it is in its owner's discard pile;
* a temporary-effect kind (``HAND_POWER``): Pep Talk gives a minion +1 power per card in its
  controller's hand until the end of the turn;
* a replaceable event (``BANISH``, "put into the box") with its helper ``banish``: Mothball
  banishes a minion; Warded Idol goes back to its owner's hand instead;
* an extra-play condition (``EVEN_POWER``): Even Keel grants an extra minion of even power.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from smashup.cards.api import Faction
from smashup.cards.helpers import (
    AbilityGen,
    Ctx,
    EffectKind,
    HookKind,
    PlayCondition,
    ReplaceableEvent,
    Replacement,
    State,
    add_effect,
    choose_minion,
    emit,
    extra_play,
    register_effect_kind,
    register_hook_kind,
    register_play_condition,
    register_replaceable,
    replaced,
    to_box,
    to_owner,
    until_end_of_turn,
)
from smashup.engine.core.defs import REGISTRY

RALLY = register_hook_kind(HookKind(
    "rally_from_discard", "power_mod", zones=frozenset({"discard"}),
    doc="a card in its owner's discard pile that changes minions' power"))


def _hand_power(g: State, eff: tuple[Any, ...], minion: int) -> int:
    return len(g.hands[eff[4]]) if eff[1] == minion else 0


HAND_POWER = register_effect_kind(EffectKind("power_per_hand_card", "power_mod", _hand_power,
                                             ends_with="card"))

BANISH = register_replaceable(ReplaceableEvent("banish", "a card in play would go to the box"))

EVEN_POWER = register_play_condition(PlayCondition(
    "even_power", lambda g, card, slot, arg: g.defs[card].power % 2 == 0,
    lambda g, arg: "of even power"))


def banish(ctx: Ctx, card: int) -> AbilityGen:
    """Put a card in play into the box, unless an "instead" ability replaces that. Returns
    True if it went."""
    g = ctx.g
    if not g.in_play(card):
        return False
    if (yield from replaced(ctx, card, (BANISH.name, "leave_play"))):
        return False
    slot = g.slot_of(card)
    to_box(g, card)
    emit(g, "banished", card=card, slot=slot, by=ctx.player)
    return True


def unregister() -> None:
    for d in REGISTRY.factions.pop("test-inventions", []):
        REGISTRY.cards.pop(d.key, None)
    REGISTRY.faction_sets.pop("test-inventions", None)


@contextmanager
def registered() -> Iterator[None]:
    """The faction "Test Inventions" is registered inside this block only."""
    register()
    try:
        yield
    finally:
        unregister()


def _rally(g: State, me: int, minion: int) -> int:
    return 1 if g.loc[me] == ("discard", g.owner[me]) and g.controller[minion] == g.owner[me] \
        else 0


def _idol_is_target(g: State, me: int, target: int) -> bool:
    return target == me


def _idol_goes_home(ctx: Ctx, target: int) -> AbilityGen:
    to_owner(ctx.g, target, "hand")
    return True
    yield


def register() -> None:
    if "test-inventions" in REGISTRY.factions:
        return
    inventions = Faction("Test Inventions", "core")

    inventions.action("Rallying Banner", hooks={RALLY.name: _rally},
                      text="While this is in your discard pile, your minions have +1 power.")

    @inventions.action("Pep Talk", text="Until the end of the turn, a minion has +1 power for "
                                        "each card in your hand.")
    def pep_talk(ctx: Ctx) -> AbilityGen:
        target = yield from choose_minion(ctx, "Cheer on which minion?")
        if target is not None:
            add_effect(ctx.g, HAND_POWER.name, target, 0, until_end_of_turn(ctx.g), ctx.player)

    @inventions.action("Mothball", text="Put a minion into the box.")
    def mothball(ctx: Ctx) -> AbilityGen:
        target = yield from choose_minion(ctx, "Put which minion into the box?")
        if target is not None:
            yield from banish(ctx, target)

    inventions.minion("Warded Idol", power=2,
                      text="If this would go into the box, return it to your hand instead.",
                      replacements=(Replacement(BANISH.name, _idol_is_target, _idol_goes_home),))

    @inventions.action("Even Keel", text="Play an extra minion of even power.")
    def even_keel(ctx: Ctx) -> AbilityGen:
        yield from extra_play(ctx, "minion", EVEN_POWER.name)
