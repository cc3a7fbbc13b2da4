"""Waiting abilities: triggered abilities, rule steps and Special windows, resolved in the
order the rules give (mandatory ones first, ordered by the current player; then Me First!).

Game rules that queue a step of their own (stasis, uncovering...) register it in
``core.rule_steps.RULES``.
"""

from __future__ import annotations

from typing import Any

from ..core.context import Ctx
from ..core.defs import AbilityGen, Event, Source, Trigger
from ..core.events import emit
from ..core.requests import (
    PASS,
    Option,
    Request,
    SourceRef,
    SpecialOption,
    TriggerOption,
    new_option,
)
from ..core.rule_steps import RULES
from ..core.state import Pending, State
from ..facts import from_play
from ..facts.copies import triggers_of
from ..facts.query import base_cancelled, can_affect, hooks, special_allowed
from .choosing import asks_anyway
from .protection import resolve
from .trials import could_do_something


def _entry_text(g: State, entry: Pending) -> str:
    if entry.kind == "rule":
        return RULES[entry.rule].text
    if entry.is_base:
        return str(g.base_names[entry.base])
    return str(g.names[entry.me])


def _unique(texts: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for t in texts:
        seen[t] = seen.get(t, 0) + 1
        out.append(t if seen[t] == 1 else f"{t}/{seen[t]}")
    return out


def _live_trigger(g: State, entry: Pending) -> Trigger | None:
    """The waiting ability's trigger, if its card or base is still there to do it."""
    me, idx, ev, bid = entry.me, entry.trigger, entry.event, entry.base
    if entry.is_base:
        trig: Trigger = g.base_defs[bid].triggers[idx]
        replaced = ev["kind"] == "base_replaced" and ev.get("old") == bid
        # a base trigger that outlives its base (from_play.py: Sakura Garden) answers an event
        # of its own base card even once that base has been scored and replaced
        gone = me >= len(g.bases) or g.bases[me] != bid
        replaced = replaced or gone and trig.outlives_card and ev.get("base") == bid
        if not replaced and (gone or base_cancelled(g, me)):
            return None
        return trig
    triggers = g.defs[me].triggers
    if idx >= len(triggers):  # a copied trigger (engine/facts/copies.py): gone with its copy
        triggers = triggers_of(g, me)
        if idx >= len(triggers):
            return None
    trig = triggers[idx]
    if (not g.in_play(me) and ev.get("card") != me and g.loc[me][0] != "stasis"
            and not trig.outlives_card and not from_play.answers(ev, me)):
        return None
    return trig


def still_applies(g: State, entry: Pending) -> bool:
    """May a waiting optional ability be offered now? Its card or base must still be there
    and its condition still hold for its player (the Scout still on the scored base, a Gnome
    still with a minion to destroy): an ability offered always does something."""
    if entry.kind == "rule":
        applies = RULES[entry.rule].applies
        return applies is None or applies(g, entry.player, entry.arg)
    trig = _live_trigger(g, entry)
    if trig is None or entry.player not in trig.who(g, entry.me, entry.event):
        return False
    # (in a seat-safe game it is asked anyway: a trial may look at hidden cards)
    return (entry.is_base or not _shielded_from(g, entry.me, entry.player) or asks_anyway(g)
            or could_do_something(g, lambda trial: run_entry(trial, entry)))


def _shielded_from(g: State, me: int, player: int) -> bool:
    """Does a "not affected" effect in force keep some card in play (itself included) from
    the abilities of ``me`` run by ``player``? (Tooth and Claw... and Guns played by an
    opponent on one of its player's minions, Laser Sword against minions.) A trigger's
    condition says when it may be used, not whether what it would touch can be touched: its
    optional ability is then tried on a copy of the position first, and offered only if it
    could still do something (Robobro's counter on itself could not, nor a Pinkerton's
    counter when the only duelling minion of its player is shielded from it). Without such
    an effect, nothing is tried: trials cost time."""
    shields = hooks(g, "protects")
    if not shields:
        return False
    src = Source(me, player, g.defs[me].kind)
    for slot, minions in enumerate(g.minions):
        for card in (*minions, *g.base_actions[slot]):
            if not can_affect(g, card, src, shields):
                return True
            if any(not can_affect(g, a, src, shields) for a in g.attached.get(card, ())):
                return True
    return False


def run_entry(g: State, entry: Pending) -> AbilityGen:
    """Resolve one waiting ability, if its card is still there to do it."""
    if entry.kind == "rule":
        yield from RULES[entry.rule].run(g, entry.player, entry.arg, entry.event)
        return
    trig = _live_trigger(g, entry)
    if trig is not None:
        ctx = Ctx(g, entry.me, entry.player, entry.is_base)
        yield from resolve(ctx, trig.run(ctx, entry.event))


def _resolve_mandatory(g: State, optional: list[Pending], windows: list[Event],
                       last: list[Pending]) -> AbilityGen:
    """Resolve mandatory triggers (current player orders them); set aside the rest."""
    while g.pending:
        mand: list[Pending] = []
        _take_pending(g, mand, optional, windows, last)
        while mand:
            if len(mand) > 1:
                texts = _unique([_entry_text(g, e) for e in mand])
                opts: list[Option] = [TriggerOption("trigger", i, t) for i, t in enumerate(texts)]
                choice = yield Request(g.current, "order", "Choose which ability resolves next",
                                       opts)
                entry = mand.pop(choice.nth)
            else:
                entry = mand.pop()
            yield from run_entry(g, entry)
            # abilities triggered meanwhile join those still waiting
            _take_pending(g, mand, optional, windows, last)


def _take_pending(g: State, mand: list[Pending], optional: list[Pending], windows: list[Event],
                  last: list[Pending]) -> None:
    """Sort what is pending into mandatory triggers, optional ones, Special windows and the
    rule steps that come last."""
    for entry in g.pending:
        if entry.kind == "window":
            windows.append(entry.event)
        elif entry.kind == "rule" and RULES[entry.rule].last:
            last.append(entry)
        elif entry.optional:
            optional.append(entry)
        else:
            mand.append(entry)
    g.pending = []


def _hand_specials(g: State, p: int, windows: list[Event]) -> list[tuple[int, Any, Event]]:
    found: list[tuple[int, Any, Event]] = []
    if not windows:
        return found
    for zone in (g.hands[p], g.discards[p]):
        for c in zone:
            if not g.defs[c].specials or not special_allowed(g, c, p):
                continue
            for sp in g.defs[c].specials:
                if sp.zone != g.loc[c][0] or sp.event == "play_phase":
                    continue
                ev = next((w for w in windows if w["kind"] == sp.event and sp.can(g, c, w, p)),
                          None)
                if ev is not None:
                    found.append((c, sp, ev))
                    break
    # a card revealed from its owner's deck may answer its own showing (a Special with
    # ``zone="deck"``: Dynamite Surprise); only the cards the window showed are looked at
    for w in windows:
        for c in w.get("cards", ()) if w["kind"] == "revealed" else ():
            if g.loc[c] != ("deck", p) or any(f[0] == c for f in found) or not (
                    special_allowed(g, c, p)):  # (barred there as in a hand: no actions)
                continue
            for sp in g.defs[c].specials:
                if sp.zone == "deck" and sp.event == "revealed" and sp.can(g, c, w, p):
                    found.append((c, sp, w))
                    break
    return found


def _me_first_request(
    g: State, p: int, mine: list[Pending], specials: list[int], opts: list[Option]
) -> Request:
    """``p``'s Me First! decision. With a single triggered ability to use (of a card or base
    in play, which everyone sees) it names that source; whether ``p`` also holds a Special
    changes only the prompt ``p`` reads, never the source the other seats read (a Special in
    hand is secret: ``views.public_prompt`` tells them who is choosing, for which source)."""
    if len(mine) != 1 or mine[0].kind == "rule":
        return Request(p, "me_first", "Use an ability now, or pass", opts)
    entry = mine[0]
    source: SourceRef = ("base", entry.base) if entry.is_base else entry.me
    prompt = ("Use its ability or a Special now, or pass?" if specials
              else "Use its ability now, or pass?")
    return Request(p, "me_first", prompt, opts, source)


def resolve_pending(g: State) -> AbilityGen:
    """Resolve all triggered abilities, then the optional ones round-robin (Me First!), then
    the rule steps that come last (``Rule.last``)."""
    if not g.pending:
        return
    optional: list[Pending] = []
    windows: list[Event] = []
    last: list[Pending] = []
    yield from _resolve_mandatory(g, optional, windows, last)
    n = g.nplayers
    p = g.current
    passes = 0
    ask_all = asks_anyway(g)
    while passes < n and (optional or windows):
        mine = [e for e in optional if e.player == p and still_applies(g, e)]
        specials = _hand_specials(g, p, windows)
        # a Special in hand is secret: in seat-safe games every player is asked in a window
        if not mine and not specials and not (ask_all and windows):
            passes += 1
            p = (p + 1) % n
            continue
        texts = _unique([_entry_text(g, e) for e in mine])
        opts: list[Option] = [new_option(TriggerOption, ("trigger", i, t))
                              for i, t in enumerate(texts)]
        opts.extend(SpecialOption("special", c, g.names[c]) for c, _, _ in specials)
        opts.append(PASS)
        choice = yield _me_first_request(g, p, mine, [c for c, _, _ in specials], opts)
        if choice.tag == "pass":
            passes += 1
        else:
            passes = 0
            if choice.tag == "trigger":
                entry = mine[choice.nth]
                optional.remove(entry)
                yield from run_entry(g, entry)
            else:
                c, sp, ev = next(s for s in specials if s[0] == choice.card)
                emit(g, "special", card=c, player=p)
                ctx = Ctx(g, c, p, special=True)
                yield from resolve(ctx, sp.run(ctx, ev))
            yield from _resolve_mandatory(g, optional, windows, last)
        p = (p + 1) % n
    for entry in last:
        yield from run_entry(g, entry)
    yield from resolve_pending(g)  # (whatever those steps set off, if anything)
