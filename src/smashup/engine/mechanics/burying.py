"""Burying and uncovering (guide §4.5, Ancient Egyptians): a card face down beside a base,
owned by who buried it until it is uncovered and played there at once as an extra card. The
rule step "uncover one of your buried cards" waits with the abilities (``core.rule_steps``);
a choice among cards in play offers a buried card hidden from the chooser by its place only."""

from __future__ import annotations

from typing import Any, Final

from ..core import rng
from ..core.context import Ctx
from ..core.defs import AbilityGen, Event
from ..core.events import emit
from ..core.requests import (
    SKIP,
    CardOption,
    ChoiceOption,
    Option,
    Request,
)
from ..core.rule_steps import Rule, register_rule
from ..core.state import State
from ..facts.hidden import hidden_from
from ..facts.query import can_affect, play_barred
from ..rules.choosing import asks_anyway, choose_card, chosen_target
from ..rules.decks import reveal
from ..rules.zones import discard_card, relocate
from .given_plays import play_options, play_specific
from .storage import face_down

UNCOVER: Final = "uncover"
"""The rule step a turn's start queues for a player with buried cards (``core.rule_steps``):
they may uncover one of them."""


def can_bury(g: State, card: int) -> bool:
    """May ``card`` be buried now? Not one already buried, nor one uncovered this turn (it
    may not be reburied at once): offer only these (a hand card Grave Robbing brought back)."""
    return ("uncovered", card) not in g.used and g.loc[card][0] != "buried"


def bury(ctx: Ctx, card: int, slot: int, show: bool = False, again: bool = False) -> bool:
    """Bury ``card`` face down beside the base in ``slot``; its controller (who buried it)
    counts as its owner while it is buried. A card uncovered this turn may not be reburied,
    unless ``again``: a card's own text that buries it after it was dug up (Mummy, whose
    clarification lets it go back under after being uncovered before its base scored)."""
    g = ctx.g
    if (("uncovered", card) in g.used and not again) or g.loc[card][0] == "buried":
        return False
    if g.in_play(card) and not can_affect(g, card, ctx.source):
        return False
    relocate(g, card, ("buried", slot))
    g.counters.pop(card, None)
    g.controller[card] = ctx.player
    face_down(g, card, ctx.player, show)
    emit(g, "buried", card=card, slot=slot, player=ctx.player,
         private=None if show else ctx.player)
    return True


def buried_cards(g: State, slot: int | None = None, player: int | None = None) -> list[int]:
    """Buried cards (at ``slot``, or anywhere), of ``player`` if given."""
    found: list[int] = []
    for zone, cards in g.zones.items():
        if zone[0] == "buried" and (slot is None or zone[1] == slot):
            found.extend(c for c in cards if player is None or g.controller[c] == player)
    return found


def face_down_groups(g: State, cards: list[int], viewer: int
                     ) -> tuple[list[int], list[tuple[str, list[int]]]]:
    """``cards`` split for a choice by ``viewer``: those it may name (face up, or face down
    and known to it), and the buried cards hidden from it grouped by place (base and burying
    player), each group with its option word."""
    named: list[int] = []
    hidden: dict[tuple[int, int], list[int]] = {}
    for c in cards:
        loc = g.loc[c]
        if loc[0] == "buried" and hidden_from(g, c, viewer):
            hidden.setdefault((int(loc[1]), g.controller[c]), []).append(c)
        else:
            named.append(c)
    groups = [(f"face-down-at-{g.base_defs[g.bases[s]].key}-of-player-{q + 1}", group)
              for (s, q), group in sorted(hidden.items())]
    return named, groups


def choose_card_in_play(ctx: Ctx, cards: list[int], prompt: str, optional: bool = False,
                        player: int | None = None) -> AbilityGen:
    """Choose one of ``cards`` (cards in play: ``query.cards_in_play``). A buried card hidden
    from the chooser is offered by its place only (one option per base and burying player,
    the card then drawn at random among them), so no option names it. Returns the card id,
    or None (skipped, or nothing to choose)."""
    g = ctx.g
    who = ctx.player if player is None else player
    named, groups = face_down_groups(g, cards, who)
    if not groups:
        return (yield from choose_card(ctx, named, prompt, optional, player))
    opts: list[Option] = [CardOption("card", c) for c in named]
    opts.extend(ChoiceOption("choice", w) for w, _ in groups)
    if optional:
        opts.append(SKIP)
    choice = opts[0] if len(opts) == 1 and not asks_anyway(g) else (
        yield Request(who, "choose_card", prompt, opts, ctx.ref))
    if isinstance(choice, CardOption):
        return (yield from chosen_target(ctx, choice.card, player))
    if not isinstance(choice, ChoiceOption):  # (skip)
        return None
    group = dict(groups)[choice.word]
    g.rng, i = rng.below(g.rng, len(group))
    return group[i]


def uncover(ctx: Ctx, card: int) -> AbilityGen:
    """Turn a buried card face up; its controller at once plays it as an extra card at
    that base (a minion there, an action on the base, on a minion there, or a standard
    action). If it cannot be played, it is discarded. Returns True if it was played."""
    g = ctx.g
    loc = g.loc[card]
    if loc[0] != "buried":
        return False
    slot = loc[1]
    player = g.controller[card]
    g.counters.pop(card, None)
    for on in list(g.zones.get(("stored", card), ())):
        discard_card(g, on, reason="uncovered")
    g.used.add(("uncovered", card))
    g.misc[("uncovered_at", card)] = slot
    relocate(g, card, ("aside", player))
    reveal(g, (card,))
    emit(g, "uncovered", card=card, slot=slot, player=player)
    if not play_options(g, card, player, (slot,)):
        # not offered at all; the discard says why (a card played only through its Special)
        why = _why_not_here(g, card, player, slot)
        discard_card(g, card, reason=f"could not be played: {why}")
        return False
    g.misc[(UNCOVERING, card)] = slot
    ok = yield from play_specific(Ctx(g, card, player), card, player, (slot,),
                                  prompt=f"Play the uncovered {g.defs[card].name}")
    g.misc.pop((UNCOVERING, card), None)
    if not ok and g.loc[card] == ("aside", player):
        discard_card(g, card, reason="could not be played")
    return ok


def _why_not_here(g: State, card: int, player: int, slot: int) -> str:
    """Why an uncovered card has no legal play at its base (its discard says so)."""
    d = g.defs[card]
    here = g.base_defs[g.bases[slot]].name
    if d.kind == "minion":
        return f"it may not be played at {here}"
    if play_barred(g, player, "action"):
        return "you cannot play actions now"
    if d.play_on is None:
        return "it is played only through its Special"
    if d.play_on == "base":
        return f"it cannot be played on {here}"
    return f"no minion at {here} that it may be played on"


UNCOVERING: Final = "uncovering"
"""``misc`` key (with the card): the base slot of a card being played because it was
uncovered, while that play resolves (``being_uncovered``)."""


def uncovered_at(g: State, card: int) -> int | None:
    """The base slot where ``card`` was uncovered this turn (None if it was not)."""
    if ("uncovered", card) not in g.used:
        return None
    slot = g.misc.get(("uncovered_at", card))
    return None if slot is None else int(slot)


def being_uncovered(g: State, card: int) -> int | None:
    """The base slot of ``card`` while it is being played because it was uncovered there (its
    "when this card is uncovered" part); None at any other play, even later that turn."""
    slot = g.misc.get((UNCOVERING, card))
    return None if slot is None else int(slot)


def _uncover_rule(g: State, player: int, arg: Any, ev: Event) -> AbilityGen:
    mine = buried_cards(g, player=player)
    if not mine:
        return
    if len(mine) == 1:
        card = mine[0]
    else:
        choice = yield Request(player, "uncover", "Uncover which buried card?",
                               [CardOption("card", c) for c in mine])
        card = choice.card
    yield from uncover(Ctx(g, card, player), card)


register_rule(UNCOVER, Rule("rule:uncover", _uncover_rule,
                            label="Uncover one of your buried cards"))
