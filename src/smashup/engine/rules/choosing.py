"""Decisions inside an ability: one card, minion, base or option, "you may", "any number".

Every helper is a generator (use ``yield from``) that asks only for choices that take effect:
a minion this ability may not affect is never offered. A seat-safe game (``SEAT_SAFE``) asks
even an empty or forced choice, so that whether a player is asked shows nothing hidden."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

from ..core.context import Ctx
from ..core.defs import AbilityGen
from ..core.requests import (
    DONE,
    NO,
    SKIP,
    YES,
    BaseOption,
    CardOption,
    Option,
    Request,
    SourceRef,
    new_option,
)
from ..core.state import State
from ..facts.boosts import within_aim
from ..facts.query import can_affect, can_be_destroyed, can_be_returned, hooks
from ..facts.redirects import TAKES_TARGET, take_over

SEAT_SAFE: Final = ("rule", "seat_safe")
"""``misc`` key set by the setup flag ``seat_safe`` (games people play): whether a player is
asked must not depend on their hidden cards. Every player is asked in every Me First!
window and at the mulligan, and a choice is asked even with nothing or one thing to
choose (the candidates may come from a hidden hand)."""


def asks_anyway(g: State) -> bool:
    """Seat-safe: ask even when the choice is empty or forced (see ``SEAT_SAFE``)."""
    return SEAT_SAFE in g.misc


def ask(
    player: int, kind: str, prompt: str, options: Sequence[Option], source: SourceRef = None,
    about: tuple[int, ...] = (),
) -> AbilityGen:
    """Ask ``player`` to pick one option; returns it. ``about``: the cards the prompt names
    (``Request.about``)."""
    choice = yield Request(player, kind, prompt, options, source, about)
    return choice


def choose_card(
    ctx: Ctx,
    cards: Iterable[int],
    prompt: str,
    optional: bool = False,
    player: int | None = None,
    kind: str = "choose_card",
) -> AbilityGen:
    """Choose one of ``cards`` (or skip when optional). Returns a card id or None.

    A mandatory choice with a single candidate is made without asking. A minion in play
    chosen as a target may be taken over by another card (``redirects.take_over``: Ensign).
    """
    opts: list[Option] = [new_option(CardOption, ("card", c)) for c in cards]
    chosen = yield from pick_one(ctx, opts, prompt, optional, player, kind)
    if chosen is not None and ctx.g.tables.card_hooks[TAKES_TARGET]:  # (else nothing to ask)
        chosen = yield from chosen_target(ctx, chosen, player)
    return chosen


def chosen_target(ctx: Ctx, chosen: int | None, player: int | None = None) -> AbilityGen:
    """The card this ability targets once ``chosen`` is picked: a minion in play may be taken
    over by another card (``redirects.take_over``: Ensign)."""
    g = ctx.g
    if chosen is not None and g.tables.card_hooks[TAKES_TARGET] and g.loc[chosen][0] == "minion":
        chosen = yield from take_over(g, chosen, ctx.source,
                                      ctx.player if player is None else player)
    return chosen


def pick_one(
    ctx: Ctx, opts: list[Option], prompt: str, optional: bool, player: int | None, kind: str
) -> AbilityGen:
    """Ask for one of ``opts`` (plus ``skip`` when optional); returns the chosen option's
    value, or None when skipped or when there is nothing to choose. A mandatory choice with
    a single candidate is made without asking (in a seat-safe game it is asked, and so is
    an optional choice with no candidate: whether a choice comes must not show a hand)."""
    if not opts and not (optional and asks_anyway(ctx.g)):
        return None
    if optional:
        opts.append(SKIP)
    elif len(opts) == 1 and not asks_anyway(ctx.g):
        return _picked(opts[0])
    who = ctx.player if player is None else player
    choice = yield Request(who, kind, prompt, opts, ctx.ref)
    return None if choice.tag == "skip" else _picked(choice)


def _picked(opt: Option) -> int:
    """What a card or base option of ``pick_one`` picks: the card, or the base's slot."""
    if isinstance(opt, CardOption):
        return opt.card
    assert isinstance(opt, BaseOption)
    return opt.slot


def minions_matching(
    ctx: Ctx,
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    affectable: bool = True,
) -> list[int]:
    """Minions in play (at ``where`` or anywhere) that pass ``pred`` and may be affected."""
    g = ctx.g
    slots = range(len(g.bases)) if where is None else (where,)
    shields = hooks(g, "protects") if affectable else []
    src = ctx.source
    found = []
    for s in slots:
        for m in g.minions[s]:
            if pred is not None and not pred(m):
                continue
            if shields and not can_affect(g, m, src, shields):
                continue
            found.append(m)
    return found


def choose_minion(
    ctx: Ctx,
    prompt: str = "Choose a minion",
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
    player: int | None = None,
) -> AbilityGen:
    """Choose a minion in play that this ability may affect. Returns its id or None."""
    candidates = minions_matching(ctx, where, pred)
    return (yield from choose_card(ctx, candidates, prompt, optional, player, "choose_minion"))


def your_minions(ctx: Ctx, where: int | None = None,
                 pred: Callable[[int], bool] | None = None) -> list[int]:
    """The minions the ability's player controls (at ``where`` or anywhere) that pass
    ``pred`` and that this ability may affect: "one of your minions"."""
    g, me = ctx.g, ctx.player
    return minions_matching(ctx, where, lambda m: g.controller[m] == me
                            and (pred is None or pred(m)))


def choose_your_minion(
    ctx: Ctx,
    prompt: str = "Which of your minions?",
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
) -> AbilityGen:
    """The ability's player chooses one of ``your_minions``. Returns its id or None."""
    return (yield from choose_card(ctx, your_minions(ctx, where, pred), prompt, optional, None,
                                   "choose_minion"))


def choose_minion_to_boost(
    ctx: Ctx,
    prompt: str = "Which minion gets the power?",
    candidates: list[int] | None = None,
    optional: bool = False,
) -> AbilityGen:
    """Choose the minion this ability directly increases the power of, among ``candidates``
    (default: every minion it may affect). When the card was played on condition that it
    raise certain minions (``boosts.AIM``: Space Prince, Walking Carpet) and has not raised
    one yet, only those are offered, and the choice may not be skipped. Returns its id or
    None."""
    if candidates is None:
        candidates = minions_matching(ctx)
    aimed = within_aim(ctx.g, ctx.me, candidates)
    if aimed is not candidates:  # under an unmet aim: raising one of them is not optional
        candidates, optional = aimed, False
    return (yield from choose_card(ctx, candidates, prompt, optional, None, "choose_minion"))


def choose_minion_to_destroy(
    ctx: Ctx,
    prompt: str = "Destroy which minion?",
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
    player: int | None = None,
) -> AbilityGen:
    """Choose a minion this ability may destroy: one that "cannot be destroyed" (Warbot) is not
    offered, so every pick takes effect. Returns its id or None."""
    g = ctx.g

    def can_go(m: int) -> bool:
        return (pred is None or pred(m)) and can_be_destroyed(g, m)

    return (yield from choose_minion(ctx, prompt, where, can_go, optional, player))


def choose_minion_to_return(
    ctx: Ctx,
    prompt: str = "Return which minion to its owner's hand?",
    where: int | None = None,
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
    player: int | None = None,
) -> AbilityGen:
    """Choose a minion this ability may return to its owner's hand: one that "cannot be
    returned" (Form a Posse) is not offered, so every pick takes effect. Returns its id or
    None."""
    g = ctx.g

    def can_go(m: int) -> bool:
        return (pred is None or pred(m)) and can_be_returned(g, m)

    return (yield from choose_minion(ctx, prompt, where, can_go, optional, player))


def choose_base(
    ctx: Ctx,
    prompt: str = "Choose a base",
    pred: Callable[[int], bool] | None = None,
    optional: bool = False,
    player: int | None = None,
) -> AbilityGen:
    """Choose a base in play. Returns its slot or None."""
    g = ctx.g
    opts: list[Option] = [new_option(BaseOption, ("base", s)) for s in range(len(g.bases))
                          if pred is None or pred(s)]
    return (yield from pick_one(ctx, opts, prompt, optional, player, "choose_base"))


def may(ctx: Ctx, prompt: str, player: int | None = None) -> AbilityGen:
    """A yes/no "you may" decision. Returns a bool."""
    who = ctx.player if player is None else player
    src = ctx.ref
    choice = yield Request(who, "may", prompt, [YES, NO], src)
    return choice.tag == "yes"


def choose_many(
    ctx: Ctx, cards: list[int], prompt: str, limit: int | None = None, player: int | None = None
) -> AbilityGen:
    """"Any number" (up to ``limit``): single picks until ``done``. Returns the list picked."""
    left = list(cards)
    picked: list[int] = []
    who = ctx.player if player is None else player
    if not left and asks_anyway(ctx.g):  # seat-safe: asked even with nothing to pick
        yield Request(who, "choose_many", prompt, [DONE], ctx.ref)
    while left and (limit is None or len(picked) < limit):
        opts: list[Option] = [new_option(CardOption, ("card", c)) for c in left]
        opts.append(DONE)
        choice = yield Request(who, "choose_many", prompt, opts, ctx.ref)
        if choice.tag == "done":
            break
        picked.append(choice.card)
        left.remove(choice.card)
    return picked
