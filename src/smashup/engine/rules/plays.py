"""Playing a card: where it may go, offering plays, and resolving a play.

The turn flow (``flow``) and the mechanics that play cards from other places (stasis, off
the top of a deck, a Special) both use this module; it imports neither of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core.context import Ctx
from ..core.defs import AbilityGen, CardDef, Source
from ..core.events import emit
from ..core.kinds import play_condition
from ..core.requests import (
    SKIP,
    Option,
    Play,
    PlayAtOption,
    PlayOnOption,
    PlayOption,
    Request,
    WordOption,
    new_option,
    plays_at_every_base,
)
from ..core.state import State
from ..facts.boosts import AIM, take_boosts
from ..facts.end_of_turn import note_minion_played
from ..facts.query import can_affect, count_off_turn_minion, hooks, play_barred
from ..facts.redirects import done_playing, start_playing, take_over
from .choosing import asks_anyway
from .protection import ABSORBED, absorbed, resolve
from .resolution import discard_when_resolved
from .zones import relocate


def minion_targets(
    g: State, card: int, player: int, slots: Any = None, forbid: list[Any] | None = None
) -> list[int]:
    """Bases where ``player`` may play minion ``card`` now (ignoring play limits)."""
    if forbid is None:
        forbid = hooks(g, "forbids_play")
    target_ok = g.defs[card].can_target
    if not forbid and target_ok is None and slots is None and not g.effects:
        return list(range(len(g.bases)))
    found = []
    for slot in range(len(g.bases)) if slots is None else slots:
        if target_ok is not None and not target_ok(g, card, slot, player):
            continue
        if play_barred(g, player, "minion", card, slot, forbid):
            continue
        found.append(slot)
    return found


def action_targets(
    g: State, card: int, player: int, d: CardDef | None = None, shields: list[Any] | None = None
) -> list[Play]:
    """How ``player`` may play action ``card``: as a standard action, on a base or a minion.

    ``d`` is the face to play it as (a dual card's action face); default its definition.
    ``shields`` are the "protects" hooks in play, when the caller already has them.
    None when ``player`` may not play actions now (Mark of Sleep), however the action would be
    played: from hand, as an extra, off the deck, by another card's ability.
    """
    if g.effects and play_barred(g, player, "action"):  # (only an effect bars actions)
        return []
    if d is None:
        d = g.defs[card]
    if d.play_on is None:  # whatever its ability would do (defs.check_playability)
        return [] if d.special_only else [new_option(PlayOption, ("play", card))]
    ok = d.can_target
    if d.play_on == "base":
        plays = plays_at_every_base(card, len(g.bases))
        return list(plays) if ok is None else \
            [opt for s, opt in enumerate(plays) if ok(g, card, s, player)]
    if shields is None:
        shields = hooks(g, "protects")
    if not shields and ok is None:
        return [new_option(PlayOnOption, ("play", card, "minion", m))
                for ms in g.minions for m in ms]
    src = Source(card, player, "action")
    return [new_option(PlayOnOption, ("play", card, "minion", m)) for ms in g.minions for m in ms
            if (ok is None or ok(g, card, m, player)) and can_affect(g, m, src, shields)]


def play_card(g: State, player: int, card: int, opt: Play, zone: str = "hand",
              aim: tuple[int, ...] | None = None) -> AbilityGen:
    """Put ``card`` into play as ``opt`` says and resolve its on-play ability.

    The caller has already paid for the play (a free play, an extra, a Special). While it
    resolves, ``redirects.being_played`` says so; an action played on a minion may be taken
    over by another card there (``redirects.take_over``: Ensign). ``aim``: the minions an
    action played on condition must directly increase the power of (``boosts.AIM``).
    """
    d = face_of(g, card, opt)
    refuse_barred(g, player, card, d.kind, target_slot(opt))
    src_loc = g.loc[card]
    waiting = g.pending[:]  # (what its play triggers is what joins these)
    start_playing(g, card)
    if d.kind == "action" and isinstance(opt, PlayOnOption):
        taker = yield from take_over(g, opt.target, Source(card, player, "action"), player)
        if taker != opt.target:
            opt = PlayOnOption("play", card, "minion", taker)
    g.controller[card] = player
    if d.kind == "minion":
        assert isinstance(opt, PlayAtOption)  # (a minion is always played on a base)
        slot = opt.slot
        relocate(g, card, ("minion", slot))
        if player == g.current:
            g.minions_played += 1
        else:
            count_off_turn_minion(g, player)
        note_minion_played(g, player, slot)  # where, for the rest of the turn
        emit(g, "played", card=card, player=player, slot=slot, type="minion", src=src_loc[0])
    else:
        if player == g.current:
            g.actions_played += 1
        if isinstance(opt, PlayAtOption):
            slot = opt.slot
            relocate(g, card, ("base_action", slot))
        elif not isinstance(opt, PlayOnOption):
            relocate(g, card, ("aside", player))
            slot = None
        elif absorbed(g, opt.target, Source(card, player, "action")):
            # a one-time shield took it: the action is played but affects nothing
            relocate(g, card, ("aside", player))
            slot = g.slot_of(opt.target)
            d = replace(d, on_play=None)
        else:
            relocate(g, card, ("on", opt.target))
            slot = g.slot_of(card)
        emit(g, "played", card=card, player=player, slot=slot, type="action", src=src_loc[0],
             target=opt.target if isinstance(opt, PlayOnOption) else None)
    if aim is not None:
        g.misc[(AIM, card)] = aim
    if d.on_play is not None:
        ctx = Ctx(g, card, player)
        yield from resolve(ctx, d.on_play(ctx))
    if aim is not None:
        del g.misc[(AIM, card)]
    g.misc.pop((ABSORBED, card), None)  # (what a shield took as the card was played)
    boosted = take_boosts(g, card, d)
    done_playing(g, card)
    if boosted:  # the minions this action directly increased the power of (boosts.py)
        emit(g, "boosted", card=card, player=player, minions=boosted)
    if d.kind == "action" and g.loc[card] == ("aside", player):
        # to the discard pile once what it triggered has resolved (the card resolution order)
        discard_when_resolved(g, card, player, waiting)


def refuse_barred(g: State, player: int, card: int, kind: str, slot: int | None) -> None:
    """Raise if a restriction in force bars this play (``query.play_barred``). Every way of
    playing offers only plays it allows, so this never fires unless a card goes around it:
    it is the guard that makes such a card fail loudly in the tests."""
    if play_barred(g, player, kind, card, -1 if slot is None else slot):
        raise RuntimeError(f"{g.names[card]}: a restriction in force bars Player {player + 1} "
                           f"playing it as {'an' if kind == 'action' else 'a'} {kind} now")


def play_extra_now(
    ctx: Ctx,
    kind: str = "minion",
    cards: list[int] | None = None,
    slots: Any = None,
    pred: Any = None,
    player: int | None = None,
    optional: bool = True,
    prompt: str = "",
) -> AbilityGen:
    """Play an extra card immediately (or decline). Returns the card played or None.

    ``cards`` defaults to the player's hand; ``slots`` limits where a minion may go;
    ``pred(card)`` limits which cards qualify.
    """
    g = ctx.g
    who = ctx.player if player is None else player
    pool = g.hands[who] if cards is None else cards
    opts: list[Play] = []
    if kind == "action" and play_barred(g, who, "action"):
        return None
    for c in pool:
        d = g.defs[c]
        if d.alt is not None and d.kind != kind and d.alt.kind == kind:
            d = d.alt  # a dual card played as its other face
        if d.kind != kind or (pred is not None and not pred(c)):
            continue
        if kind == "minion":
            plays = plays_at_every_base(c, len(g.bases))
            opts.extend(plays[s] for s in minion_targets(g, c, who, slots))
        else:
            opts.extend(action_targets(g, c, who, d))
    return (yield from offer_plays(ctx, who, opts, optional, prompt or f"Play an extra {kind}"))


def offer_plays(
    ctx: Ctx, who: int, opts: Sequence[Play], optional: bool, prompt: str,
    aim: tuple[int, ...] | None = None,
) -> AbilityGen:
    """Let ``who`` pick one of these play options (or skip when optional) and play it
    at once as an extra card, with ``aim`` if it is played on condition that it directly
    raises one of those minions (``play_card``). Returns the card played, or None.
    (Seat-safe: asked even with nothing or one thing to play, see ``choosing.SEAT_SAFE``.)"""
    if not opts and not (optional and asks_anyway(ctx.g)):
        return None
    choice: Play | WordOption
    if optional or len(opts) > 1 or asks_anyway(ctx.g):
        asked: list[Option] = [*opts, SKIP] if optional else [*opts]
        choice = yield Request(who, "play_extra", prompt, asked, ctx.ref)
    else:
        choice = opts[0]
    if isinstance(choice, WordOption):  # (skip)
        return None
    g = ctx.g
    yield from play_card(g, who, choice.card, choice, g.loc[choice.card][0], aim)
    return choice.card


def face_of(g: State, card: int, opt: Play) -> CardDef:
    """The face a card is played as: a dual card's other face (a standard action) when the
    option is a standard action play, otherwise its own definition."""
    d = g.defs[card]
    if d.alt is not None and d.kind != "action" and isinstance(opt, PlayOption):
        return d.alt
    return d


def target_slot(opt: Play) -> int | None:
    """The base a "play ... @ base" option puts its card on (None for other plays)."""
    return opt.slot if isinstance(opt, PlayAtOption) else None


def grant_for(g: State, kind: str, card: int, slot: int | None) -> int:
    """Index of a constrained extra-play grant that covers this play, or -1."""
    for i, (gkind, check, arg) in enumerate(g.grants):
        if gkind == kind and play_condition(check).allows(
                g, card, -1 if slot is None else slot, arg):
            return i
    return -1


def can_spend_play(g: State, player: int, kind: str) -> bool:
    """Has ``player`` a ``kind`` play to spend on an ability ("use an action play to ...")?
    Only the current player's plays count: their free play or an unconditional extra (a
    constrained extra, "an extra minion of power 2 or less", is for such a card only)."""
    if player != g.current:
        return False
    return (g.minion_plays if kind == "minion" else g.action_plays) > 0


def spend_play(g: State, player: int, kind: str) -> bool:
    """Use up one of ``player``'s ``kind`` plays without playing a card. Returns False,
    spending nothing, when they have none."""
    if not can_spend_play(g, player, kind):
        return False
    if kind == "minion":
        g.minion_plays -= 1
    else:
        g.action_plays -= 1
    emit(g, "play_spent", player=player, type=kind)
    return True
