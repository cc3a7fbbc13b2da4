"""Turn flow: the five phases, playing cards, Me First! and scoring.

The whole game is one generator, ``game_flow``. It stops (yields a Request)
wherever a player must decide. The only point where it holds no state of its
own beyond ``State`` is the main Play Cards decision, which ``game_flow`` can
resume from directly; that is what makes copies and replays cheap.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import mechanics
from .defs import AbilityGen, CardDef, Event, Source, Trigger
from .effects import (
    Ctx,
    absorbed,
    asks_anyway,
    draw,
    emit,
    end_base_effects,
    gain_vp,
    relocate,
    shuffle_deck,
    to_owner,
)
from .query import (
    GRANT_CHECKS,
    START_MINIONS,
    actions_forbidden,
    base_cancelled,
    can_affect,
    count_off_turn_minion,
    hooks,
    player_power,
    players_from,
    special_allowed,
    total_power,
)
from .query import breakpoint as base_breakpoint
from .requests import Option, Request, SourceRef
from .state import PLAY_ZONES, State

WINNING_VP = 15
HAND_LIMIT = 10

# ---- playing cards ----------------------------------------------------------------------------


def minion_targets(
    g: State, card: int, player: int, slots: Any = None, forbid: list[Any] | None = None
) -> list[int]:
    """Bases where ``player`` may play minion ``card`` now (ignoring play limits)."""
    if forbid is None:
        forbid = hooks(g, "forbids_play")
    target_ok = g.defs[card].can_target
    if not forbid and target_ok is None and slots is None:
        return list(range(len(g.bases)))
    found = []
    for slot in range(len(g.bases)) if slots is None else slots:
        if target_ok is not None and not target_ok(g, card, slot, player):
            continue
        if any(h[0].forbids_play(g, h[1], card, slot, player) for h in forbid):
            continue
        found.append(slot)
    return found


def action_targets(
    g: State, card: int, player: int, d: CardDef | None = None, shields: list[Any] | None = None
) -> list[Option]:
    """How ``player`` may play action ``card``: as a standard action, on a base or a minion.

    ``d`` is the face to play it as (a dual card's action face); default its definition.
    ``shields`` are the "protects" hooks in play, when the caller already has them.
    None when ``player`` may not play actions now (Mark of Sleep), however the action would be
    played: from hand, as an extra, off the deck, by another card's ability.
    """
    if g.effects and actions_forbidden(g, player):
        return []
    if d is None:
        d = g.defs[card]
    if d.play_on is None:
        return [("play", card)]
    ok = d.can_target
    if d.play_on == "base":
        return [("play", card, "base", s) for s in range(len(g.bases))
                if ok is None or ok(g, card, s, player)]
    if shields is None:
        shields = hooks(g, "protects")
    if not shields and ok is None:
        return [("play", card, "minion", m) for ms in g.minions for m in ms]
    src = Source(card, player, "action")
    return [("play", card, "minion", m) for ms in g.minions for m in ms
            if (ok is None or ok(g, card, m, player)) and can_affect(g, m, src, shields)]


def play_card(g: State, player: int, card: int, opt: Option, zone: str = "hand") -> AbilityGen:
    """Put ``card`` into play as ``opt`` says and resolve its on-play ability.

    The caller has already paid for the play (a free play, an extra, a Special).
    """
    d = face_of(g, card, opt)
    src_loc = g.loc[card]
    g.controller[card] = player
    if d.kind == "minion":
        slot = opt[3]
        relocate(g, card, ("minion", slot))
        if player == g.current:
            g.minions_played += 1
        else:
            count_off_turn_minion(g, player)
        emit(g, "played", card=card, player=player, slot=slot, type="minion", src=src_loc[0])
    else:
        if player == g.current:
            g.actions_played += 1
        if len(opt) == 2:
            relocate(g, card, ("aside", player))
            slot = None
        elif opt[2] == "base":
            slot = opt[3]
            relocate(g, card, ("base_action", slot))
        elif absorbed(g, opt[3], Source(card, player, "action")):
            # a one-time shield took it: the action is played but affects nothing
            relocate(g, card, ("aside", player))
            slot = g.slot_of(opt[3])
            d = replace(d, on_play=None)
        else:
            relocate(g, card, ("on", opt[3]))
            slot = g.slot_of(card)
        emit(g, "played", card=card, player=player, slot=slot, type="action", src=src_loc[0],
             target=opt[3] if len(opt) == 4 and opt[2] == "minion" else None)
    if d.on_play is not None:
        yield from d.on_play(Ctx(g, card, player))
    g.misc.pop(("absorbed", card), None)
    if d.kind == "action" and g.loc[card] == ("aside", player):
        # to its owner's discard pile, even when played by someone else (Mass Enchantment)
        to_owner(g, card, "discard")
        g.controller[card] = g.owner[card]


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
    opts: list[Option] = []
    if kind == "action" and actions_forbidden(g, who):
        return None
    for c in pool:
        d = g.defs[c]
        if d.alt is not None and d.kind != kind and d.alt.kind == kind:
            d = d.alt  # a dual card played as its other face
        if d.kind != kind or (pred is not None and not pred(c)):
            continue
        if kind == "minion":
            opts.extend(("play", c, "base", s) for s in minion_targets(g, c, who, slots))
        else:
            opts.extend(action_targets(g, c, who, d))
    return (yield from offer_plays(ctx, who, opts, optional, prompt or f"Play an extra {kind}"))


def offer_plays(
    ctx: Ctx, who: int, opts: list[Option], optional: bool, prompt: str
) -> AbilityGen:
    """Let ``who`` pick one of these play options (or skip when optional) and play it
    at once as an extra card. Returns the card played, or None. (Seat-safe: asked even
    with nothing or one thing to play, see ``effects.SEAT_SAFE``.)"""
    if not opts and not (optional and asks_anyway(ctx.g)):
        return None
    if optional or len(opts) > 1 or asks_anyway(ctx.g):
        if optional:
            opts.append(("skip",))
        choice = yield Request(who, "play_extra", prompt, opts, ctx.ref)
    else:
        choice = opts[0]
    if choice[0] == "skip":
        return None
    g = ctx.g
    yield from play_card(g, who, choice[1], choice, g.loc[choice[1]][0])
    return choice[1]


def face_of(g: State, card: int, opt: Option) -> CardDef:
    """The face a card is played as: a dual card's other face (a standard action) when the
    option is a standard action play, otherwise its own definition."""
    d = g.defs[card]
    if d.alt is not None and d.kind != "action" and len(opt) == 2:
        return d.alt
    return d


def target_slot(opt: Option) -> int | None:
    """The base a "play ... @ base" option puts its card on (None for other plays)."""
    return int(opt[3]) if len(opt) == 4 and opt[2] == "base" else None


def grant_for(g: State, kind: str, card: int, slot: int | None) -> int:
    """Index of a constrained extra-play grant that covers this play, or -1."""
    for i, (gkind, check, arg) in enumerate(g.grants):
        if gkind == kind and GRANT_CHECKS[check](g, card, -1 if slot is None else slot, arg):
            return i
    return -1


def main_options(g: State) -> list[Option]:
    """Everything the current player may do in their Play Cards phase."""
    p = g.current
    opts: list[Option] = []
    hand = g.hands[p]
    defs = g.defs
    free_minion = g.minion_plays > 0
    any_minion = free_minion or any(gr[0] == "minion" for gr in g.grants)
    any_action = g.action_plays > 0 or any(gr[0] == "action" for gr in g.grants)
    if any_action and g.effects and actions_forbidden(g, p):
        any_action = False
    forbid = hooks(g, "forbids_play") if any_minion else []
    shields = hooks(g, "protects") if any_action else []
    free_action = g.action_plays > 0
    everywhere = range(len(g.bases))
    for c in hand:
        d = defs[c]
        if d.kind == "minion":
            if any_minion:
                if free_minion and not forbid and d.can_target is None:
                    opts.extend([("play", c, "base", slot) for slot in everywhere])
                else:
                    for slot in minion_targets(g, c, p, None, forbid):
                        if free_minion or grant_for(g, "minion", c, slot) >= 0:
                            opts.append(("play", c, "base", slot))
            if d.alt is not None and any_action:
                d = d.alt  # a dual card: also offered as its action face
        if d.kind == "action" and any_action:
            if free_action:
                opts.extend(action_targets(g, c, p, d, shields))
                continue
            for opt in action_targets(g, c, p, d, shields):
                if grant_for(g, "action", c, target_slot(opt)) >= 0:
                    opts.append(opt)
    if g.tables.hook_cards["play_sources"]:
        seen = set(opts)
        for opt, _, _, extra in _source_plays(g, p):
            if opt not in seen and (extra or _payable(g, opt, any_action)):
                seen.add(opt)
                opts.append(opt)
    if g.zones.get(("stasis", p)):
        opts.extend(mechanics.stasis_options(g, p))
    for c in _talent_cards(g, p):
        opts.append(("talent", c))
    if "play_phase" in g.tables.special_kinds:
        for c, _sp in _play_phase_specials(g, p):
            opts.append(("special", c, g.names[c]))
    opts.append(("end",))
    return opts


def _source_plays(g: State, p: int) -> list[tuple[Option, int, int, bool]]:
    """Plays that ongoing cards offer ``p`` now: (option, source card, index, is extra)."""
    found: list[tuple[Option, int, int, bool]] = []
    for src_card in g.tables.hook_cards["play_sources"]:
        if not g.in_play(src_card):
            continue
        for idx, source in enumerate(g.defs[src_card].play_sources):
            if ("source", src_card, idx) in g.used:
                continue
            slots = source.slots(g, src_card)
            for c in source.cards(g, src_card, p):
                if g.defs[c].kind == "minion":
                    found.extend((("play", c, "base", s), src_card, idx, source.extra)
                                 for s in minion_targets(g, c, p, slots))
                elif not actions_forbidden(g, p):
                    found.extend((opt, src_card, idx, source.extra)
                                 for opt in action_targets(g, c, p))
    return found


def _payable(g: State, opt: Option, any_action: bool) -> bool:
    """Can a normal or generic extra play pay for this play option?"""
    card = opt[1]
    kind = face_of(g, card, opt).kind
    slot = target_slot(opt)
    if kind == "minion":
        return g.minion_plays > 0 or grant_for(g, "minion", card, slot) >= 0
    return any_action and (g.action_plays > 0 or grant_for(g, "action", card, slot) >= 0)


def _talent_cards(g: State, p: int) -> list[int]:
    found: list[int] = []
    cards = g.tables.talent_cards
    if not cards:
        return found
    loc = g.loc
    controller = g.controller
    for c in cards:
        if loc[c][0] in PLAY_ZONES and controller[c] == p and ("talent", c) not in g.used:
            t = g.defs[c].talent
            if t is not None and t.can(g, c):
                found.append(c)
    return found


def _play_phase_specials(g: State, p: int) -> list[tuple[int, Any]]:
    found = []
    ev: Event = {"kind": "play_phase", "player": p}
    for zone in (g.hands[p], g.discards[p]):
        for c in zone:
            if not g.defs[c].specials or not special_allowed(g, c, p):
                continue
            for sp in g.defs[c].specials:
                if sp.event == "play_phase" and g.loc[c][0] == sp.zone and sp.can(g, c, ev, p):
                    found.append((c, sp))
                    break
    return found


def do_main(g: State, choice: Option) -> AbilityGen:
    """Carry out the current player's Play Cards choice."""
    p = g.current
    tag = choice[0]
    if tag == "play" and g.loc[choice[1]][0] == "stasis":
        yield from mechanics.play_from_stasis(g, p, choice)  # an extra play, from stasis
    elif tag == "play":
        card = choice[1]
        kind = face_of(g, card, choice).kind
        slot = target_slot(choice)
        i = grant_for(g, kind, card, slot)
        from_hand = g.loc[card] == ("hand", p)
        source = None
        if not (from_hand and i >= 0) and g.tables.hook_cards["play_sources"]:
            # an ongoing card offers this play: a free extra first, else "instead of" a play
            offers = [s for s in _source_plays(g, p) if s[0] == choice]
            offers.sort(key=lambda s: not s[3])
            if offers and (offers[0][3] or not from_hand):
                source = offers[0]
                g.used.add(("source", source[1], source[2]))
        if source is not None and source[3]:
            pass  # a free extra play
        elif i >= 0:
            del g.grants[i]
        elif kind == "minion":
            g.minion_plays -= 1
        else:
            g.action_plays -= 1
        yield from play_card(g, p, card, choice)
    elif tag == "talent":
        card = choice[1]
        g.used.add(("talent", card))
        emit(g, "talent", card=card, player=p)
        talent = g.defs[card].talent
        assert talent is not None
        yield from talent.run(Ctx(g, card, p))
    elif tag == "special":
        card = choice[1]
        for c, sp in _play_phase_specials(g, p):
            if c == card:
                emit(g, "special", card=card, player=p)
                yield from sp.run(Ctx(g, card, p, special=True),
                                  {"kind": "play_phase", "player": p})
                break
    yield from resolve_pending(g)


# ---- triggers and Me First! ----------------------------------------------------------------


def _entry_text(g: State, entry: tuple[Any, ...]) -> str:
    if entry[0] == "r":
        return mechanics.rule_text(entry)
    if entry[2]:
        return str(g.base_names[entry[7]])
    return str(g.names[entry[3]])


def _unique(texts: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for t in texts:
        seen[t] = seen.get(t, 0) + 1
        out.append(t if seen[t] == 1 else f"{t}/{seen[t]}")
    return out


def _live_trigger(g: State, entry: tuple[Any, ...]) -> Trigger | None:
    """The waiting ability's trigger, if its card or base is still there to do it."""
    _, _, is_base, me, idx, ev, _, bid = entry
    if is_base:
        replaced = ev["kind"] == "base_replaced" and ev.get("old") == bid
        if not replaced and (me >= len(g.bases) or g.bases[me] != bid or base_cancelled(g, me)):
            return None
        trig: Trigger = g.base_defs[bid].triggers[idx]
        return trig
    if not g.in_play(me) and ev.get("card") != me and g.loc[me][0] != "stasis":
        return None
    trig = g.defs[me].triggers[idx]
    return trig


def still_applies(g: State, entry: tuple[Any, ...]) -> bool:
    """May a waiting optional ability be offered now? Its card or base must still be there
    and its condition still hold for its player (the Scout still on the scored base, a Gnome
    still with a minion to destroy): an ability offered always does something."""
    if entry[0] == "r":
        return True
    trig = _live_trigger(g, entry)
    return trig is not None and entry[1] in trig.who(g, entry[3], entry[5])


def run_entry(g: State, entry: tuple[Any, ...]) -> AbilityGen:
    """Resolve one triggered ability, if its card is still there to do it."""
    if entry[0] == "r":
        yield from mechanics.run_rule(g, entry)
        return
    _, player, is_base, me, _, ev, _, _ = entry
    trig = _live_trigger(g, entry)
    if trig is not None:
        yield from trig.run(Ctx(g, me, player, is_base), ev)


def _resolve_mandatory(g: State, optional: list[Any], windows: list[Event]) -> AbilityGen:
    """Resolve mandatory triggers (current player orders them); set aside the rest."""
    while g.pending:
        mand: list[Any] = []
        _take_pending(g, mand, optional, windows)
        while mand:
            if len(mand) > 1:
                texts = _unique([_entry_text(g, e) for e in mand])
                opts: list[Option] = [("trigger", i, t) for i, t in enumerate(texts)]
                choice = yield Request(g.current, "order", "Choose which ability resolves next",
                                       opts)
                entry = mand.pop(choice[1])
            else:
                entry = mand.pop()
            yield from run_entry(g, entry)
            # abilities triggered meanwhile join those still waiting
            _take_pending(g, mand, optional, windows)


def _take_pending(g: State, mand: list[Any], optional: list[Any], windows: list[Event]) -> None:
    """Sort what is pending into mandatory triggers, optional ones and Special windows."""
    for entry in g.pending:
        if entry[0] == "w":
            windows.append(entry[1])
        elif entry[6]:
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
    return found


def _me_first_request(
    g: State, p: int, mine: list[Any], specials: list[int], opts: list[Option]
) -> Request:
    """``p``'s Me First! decision; with a single triggered ability to use (of a card or base
    in play, which everyone sees), it names its source. A Special in hand is secret, so a
    window with one leaves the prompt as it is without."""
    if specials or len(mine) != 1 or mine[0][0] == "r":
        return Request(p, "me_first", "Use an ability now, or pass", opts)
    entry = mine[0]
    source: SourceRef = ("base", entry[7]) if entry[2] else entry[3]
    return Request(p, "me_first", "Use its ability now, or pass?", opts, source)


def resolve_pending(g: State) -> AbilityGen:
    """Resolve all triggered abilities, then the optional ones round-robin (Me First!)."""
    if not g.pending:
        return
    optional: list[Any] = []
    windows: list[Event] = []
    yield from _resolve_mandatory(g, optional, windows)
    n = g.nplayers
    p = g.current
    passes = 0
    ask_all = asks_anyway(g)
    while passes < n and (optional or windows):
        mine = [e for e in optional if e[1] == p and still_applies(g, e)]
        specials = _hand_specials(g, p, windows)
        # a Special in hand is secret: in seat-safe games every player is asked in a window
        if not mine and not specials and not (ask_all and windows):
            passes += 1
            p = (p + 1) % n
            continue
        texts = _unique([_entry_text(g, e) for e in mine])
        opts: list[Option] = [("trigger", i, t) for i, t in enumerate(texts)]
        opts.extend(("special", c, g.names[c]) for c, _, _ in specials)
        opts.append(("pass",))
        choice = yield _me_first_request(g, p, mine, [c for c, _, _ in specials], opts)
        if choice[0] == "pass":
            passes += 1
        else:
            passes = 0
            if choice[0] == "trigger":
                entry = mine[choice[1]]
                optional.remove(entry)
                yield from run_entry(g, entry)
            else:
                c, sp, ev = next(s for s in specials if s[0] == choice[1])
                emit(g, "special", card=c, player=p)
                yield from sp.run(Ctx(g, c, p, special=True), ev)
            yield from _resolve_mandatory(g, optional, windows)
        p = (p + 1) % n


# ---- scoring ---------------------------------------------------------------------------------


def ready_bases(g: State) -> list[int]:
    mods = hooks(g, "power_mod")
    return [s for s in range(len(g.bases)) if total_power(g, s, mods) >= base_breakpoint(g, s)]


def score_phase(g: State) -> AbilityGen:
    """Score bases until none is ready; the current player picks the order."""
    while True:
        ready = ready_bases(g)
        if not ready:
            return
        if len(ready) == 1:
            slot = ready[0]
        else:
            choice = yield Request(g.current, "score", "Choose which base scores first",
                                   [("base", s) for s in ready])
            slot = choice[1]
        yield from score_base(g, slot)


def ranks(g: State, slot: int) -> dict[int, int]:
    """Place (1, 2, 3, ...) of each player eligible at a base: a minion there or 1 power.

    Ties share the best place they tied for; the next place skips accordingly.
    """
    mods = hooks(g, "power_mod")
    powers = {}
    for p in range(g.nplayers):
        pw = player_power(g, slot, p, mods)
        if pw > 0 or any(g.controller[m] == p for m in g.minions[slot]):
            powers[p] = pw
    return {p: 1 + sum(1 for q in powers.values() if q > pw) for p, pw in powers.items()}


def score_base(g: State, slot: int) -> AbilityGen:
    """Score one base: before, award VP (when), after, clear it, replace it."""
    bid = g.bases[slot]
    bdef = g.base_defs[bid]
    g.scoring = slot
    emit(g, "before_score", slot=slot, base=bid)
    yield from resolve_pending(g)
    placing = ranks(g, slot)
    awards = {p: bdef.vp[place - 1] for p, place in placing.items() if place <= 3}
    if bdef.on_score is not None and not base_cancelled(g, slot):
        bdef.on_score(g, slot, awards)
    emit(g, "scored", slot=slot, base=bid, ranks=dict(placing), awards=dict(awards))
    for p in players_from(g, g.current):
        if awards.get(p):
            gain_vp(g, p, awards[p], reason=g.base_names[bid])
    yield from resolve_pending(g)
    winners = tuple(p for p, place in placing.items() if place == 1)
    runners = tuple(p for p, place in placing.items() if place == 2)
    emit(g, "after_score", slot=slot, base=bid, ranks=dict(placing), winners=winners,
         runners_up=runners)
    yield from resolve_pending(g)
    # "after this base scores and is replaced" abilities stay cancelled if the base was
    cancelled = base_cancelled(g, slot)
    clear_base(g, slot)
    end_base_effects(g, slot)
    g.base_discard.append(bid)
    new = replace_base(g, slot)
    g.scoring = None
    emit(g, "base_replaced", slot=slot, old=bid, new=new, winners=winners, runners_up=runners,
         cancelled=cancelled)
    yield from resolve_pending(g)


def clear_base(g: State, slot: int) -> None:
    """All cards still on a scored base go to their owners' discard piles (not destroyed)."""
    for card in list(g.base_actions[slot]) + list(g.minions[slot]):
        to_owner(g, card, "discard")
        emit(g, "discarded", card=card, player=g.owner[card], reason="base scored", slot=slot)
    for card in list(g.zones.get(("buried", slot), ())):
        to_owner(g, card, "discard")


def replace_base(g: State, slot: int) -> int | None:
    """Put a new base in ``slot`` from the base deck (or a chosen one)."""
    from . import rng

    chosen = g.misc.pop(("next_base", slot), None)
    if chosen is not None and chosen in g.base_deck:
        g.base_deck.remove(chosen)
        new = chosen
    else:
        if not g.base_deck and g.base_discard:
            g.base_deck = g.base_discard
            g.base_discard = []
            g.rng = rng.shuffle(g.rng, g.base_deck)
        if not g.base_deck:
            # no base left at all: the slot stays with the scored base's successor missing
            g.bases.pop(slot)
            g.minions.pop(slot)
            g.base_actions.pop(slot)
            return None
        new = g.base_deck.pop(0)
    g.bases[slot] = new
    return int(new)


# ---- the turn -------------------------------------------------------------------------------


def expire(g: State, key: tuple[Any, ...]) -> None:
    if any(e[3] == key for e in g.effects):
        g.effects = [e for e in g.effects if e[3] != key]


def start_turn(g: State) -> AbilityGen:
    p = g.current
    expire(g, ("start_of", p))
    g.used = {u for u in g.used if u and u[0] == "game"}
    g.minion_plays = 1
    g.action_plays = 1
    g.grants = []
    g.minions_played = 0
    g.actions_played = 0
    mechanics.queue_start_rules(g, emit(g, "start_turn", player=p, turn=g.turn))
    yield from resolve_pending(g)
    # remember plays made at the start of the turn ("if you have not played a minion" cards
    # look only at the Play Cards phase)
    if g.minions_played:
        g.misc[START_MINIONS] = g.minions_played
    else:
        g.misc.pop(START_MINIONS, None)


def draw_phase(g: State) -> AbilityGen:
    p = g.current
    draw(g, p, 2)
    hand = g.hands[p]
    while len(hand) > HAND_LIMIT:
        choice = yield Request(p, "discard", f"Discard down to {HAND_LIMIT} cards",
                               [("card", c) for c in hand])
        to_owner(g, choice[1], "discard")
        emit(g, "discarded", card=choice[1], player=p, reason="hand limit")


def end_turn(g: State) -> AbilityGen:
    p = g.current
    mechanics.queue_end_rules(g, emit(g, "end_turn", player=p, turn=g.turn))
    yield from resolve_pending(g)
    expire(g, ("end", g.turn))
    expire(g, ("end_of", p))
    top = max(g.vp)
    if top >= WINNING_VP and g.vp.count(top) == 1:
        g.winner = g.vp.index(top)
        g.phase = "over"
        emit(g, "game_over", winner=g.winner, vp=tuple(g.vp))
        return
    g.current = (p + 1) % g.nplayers
    g.turn += 1
    g.phase = "start"


def main_request(g: State) -> Request:
    return Request(g.current, "main", "Play a card, use a talent, or end your turn",
                   main_options(g))


def mulligan_phase(g: State) -> AbilityGen:
    """Each player whose opening hand has no minion, in turn order from the first player,
    may show it, draw a new hand, and shuffle the old hand into their deck."""
    ask_all = asks_anyway(g)
    for p in players_from(g, g.current):
        hand = g.hands[p]
        if any(g.defs[c].kind == "minion" for c in hand):
            if ask_all:  # seat-safe: everyone is asked, so being asked shows nothing
                yield Request(p, "mulligan", "Your opening hand has a minion: keep it",
                              [("choice", "keep")])
            continue
        choice = yield Request(p, "mulligan", "Your opening hand has no minion: draw a new one?",
                               [("choice", "redraw"), ("choice", "keep")])
        if choice[1] != "redraw":
            continue
        old = list(hand)
        emit(g, "mulligan", player=p, cards=tuple(old))
        for c in old:
            relocate(g, c, ("aside", p))
        draw(g, p, 5)
        for c in old:
            relocate(g, c, ("deck", p))
        shuffle_deck(g, p)


def game_flow(g: State, resume: Option | None = None) -> AbilityGen:
    """The whole game. ``resume`` answers the main decision this flow starts at."""
    while g.phase != "over":
        phase = g.phase
        if phase == "mulligan":
            yield from mulligan_phase(g)
            g.phase = "start"
        elif phase == "start":
            yield from start_turn(g)
            g.phase = "play"
        elif phase == "play":
            if resume is not None:
                choice, resume = resume, None
            else:
                choice = yield main_request(g)
            if choice[0] == "end":
                g.phase = "score"
                emit(g, "phase", phase="score", player=g.current)
            else:
                yield from do_main(g, choice)
        elif phase == "score":
            yield from score_phase(g)
            g.phase = "draw"
        elif phase == "draw":
            yield from draw_phase(g)
            g.phase = "end"
        elif phase == "end":
            yield from end_turn(g)
