"""Turn flow: the five phases, the Play Cards decision and scoring.

Playing a card is in ``plays``, waiting abilities and Me First! in ``pending``.

The whole game is one generator, ``game_flow``. It stops (yields a Request)
wherever a player must decide. The only point where it holds no state of its
own beyond ``State`` is the main Play Cards decision, which ``game_flow`` can
resume from directly; that is what makes copies and replays cheap.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.context import Ctx
from ..core.defs import AbilityGen, Event
from ..core.events import emit
from ..core.kinds import EFFECT_KINDS, effects_for
from ..core.requests import (
    CHECKPOINT,
    END,
    BaseOption,
    CardOption,
    ChoiceOption,
    Option,
    Play,
    PlayAtOption,
    Request,
    SpecialOption,
    TalentOption,
    new_option,
    plays_at_every_base,
)
from ..core.state import PLAY_ZONES, State
from ..facts.abilities import (
    NONE_LOST,
    copy_lost,
    lost_abilities,
    talent_minion,
    talent_runner,
    talent_user,
)
from ..facts.copies import copied_play_sources, copies_in_force, talent_of
from ..facts.end_of_turn import queue_end_of_turn
from ..facts.query import (
    START_MINIONS,
    base_cancelled,
    every_players_power,
    hooks,
    play_barred,
    player_power,
    players_from,
    special_allowed,
)
from ..facts.query import breakpoint as base_breakpoint
from ..mechanics.base_talents import base_talent_options, use_base_talent
from ..mechanics.next_turn import spend_grant
from ..mechanics.stasis import play_from_stasis, stasis_options
from ..mechanics.turn_rules import queue_end_rules, queue_start_rules
from ..rules.choosing import asks_anyway
from ..rules.decks import draw, shuffle_deck
from ..rules.modifiers import end_base_effects, gain_vp
from ..rules.pending import resolve_pending
from ..rules.plays import (
    action_targets,
    face_of,
    grant_for,
    minion_targets,
    play_card,
    target_slot,
)
from ..rules.protection import resolve
from ..rules.timeline import (
    cannot_score,
    clear_base,
    next_player,
    replace_base,
    scoring_may_be_barred,
)
from ..rules.zones import relocate, to_owner

WINNING_VP: Final = 15
HAND_LIMIT: Final = 10

# ---- the Play Cards phase --------------------------------------------------------------------


def main_options(g: State) -> list[Option]:
    """Everything the current player may do in their Play Cards phase."""
    p = g.current
    opts: list[Option] = []
    hand = g.hands[p]
    defs = g.defs
    free_minion = g.minion_plays > 0
    any_minion = free_minion or any(gr[0] == "minion" for gr in g.grants)
    any_action = g.action_plays > 0 or any(gr[0] == "action" for gr in g.grants)
    if any_action and g.effects and play_barred(g, p, "action"):
        any_action = False
    forbid = hooks(g, "forbids_play") if any_minion else []
    # a temporary effect may forbid some plays: then each base is checked (minion_targets)
    barred = any_minion and bool(g.effects) and bool(effects_for(g, "forbids_play"))
    shields = hooks(g, "protects") if any_action else []
    free_action = g.action_plays > 0
    nbases = len(g.bases)
    for c in hand:
        d = defs[c]
        if d.kind == "minion":
            if any_minion:
                everywhere = plays_at_every_base(c, nbases)
                if free_minion and not forbid and d.can_target is None and not barred:
                    opts.extend(everywhere)
                else:
                    for slot in minion_targets(g, c, p, None, forbid):
                        if free_minion or grant_for(g, "minion", c, slot) >= 0:
                            opts.append(everywhere[slot])
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
        opts.extend(stasis_options(g, p))
    for c in _talent_cards(g, p):
        opts.append(new_option(TalentOption, ("talent", c)))
    if "play_phase" in g.tables.special_kinds:
        for c, _sp in _play_phase_specials(g, p):
            opts.append(SpecialOption("special", c, g.names[c]))
    opts.extend(base_talent_options(g, p))  # "on your turn, you may" bases (Pyramids)
    opts.append(END)
    return opts


def _source_plays(g: State, p: int) -> list[tuple[Play, int, int, bool]]:
    """Plays that ongoing cards offer ``p`` now: (option, source card, index, is extra)."""
    found: list[tuple[Play, int, int, bool]] = []
    lost = lost_abilities(g) if g.effects else NONE_LOST  # (engine/facts/abilities.py)
    offers = [(c, idx, source) for c in g.tables.hook_cards["play_sources"]
              if g.in_play(c) and c not in lost
              for idx, source in enumerate(g.defs[c].play_sources)]
    if g.effects:  # offers a card copied (engine/facts/copies.py)
        offers.extend(o for o in copied_play_sources(g)
                      if not (lost and copy_lost(g, o[0], lost)))
    for src_card, idx, source in offers:
        if not source.per_turn or ("source", src_card, idx) not in g.used:
            slots = source.slots(g, src_card)
            ok = source.allows
            for c in source.cards(g, src_card, p):
                if g.defs[c].kind == "minion":
                    plays = [new_option(PlayAtOption, ("play", c, "base", s))
                             for s in minion_targets(g, c, p, slots)]
                    found.extend((opt, src_card, idx, source.extra) for opt in plays
                                 if ok is None or ok(g, src_card, opt))
                else:  # (action_targets applies the restrictions)
                    found.extend((opt, src_card, idx, source.extra)
                                 for opt in action_targets(g, c, p)
                                 if ok is None or ok(g, src_card, opt))
    return found


def _payable(g: State, opt: Play, any_action: bool) -> bool:
    """Can a normal or generic extra play pay for this play option?"""
    card = opt.card
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
    # minions that lost their abilities, and talents actions grant (engine/facts/abilities.py)
    lost = lost_abilities(g) if g.effects else NONE_LOST
    for c in cards:
        if loc[c][0] in PLAY_ZONES:
            t = g.defs[c].talent
            if t is None:
                continue
            if t.granted or lost:
                if talent_user(g, c, t, lost) != p:
                    continue
            elif controller[c] != p:
                continue
            if ("talent", c) not in g.used and t.can(g, talent_runner(g, c, t)):
                found.append(c)
    if g.effects:  # a talent copied by a card without one of its own (engine/facts/copies.py)
        for host, d in copies_in_force(g):
            t = d.talent
            if (t is not None and g.defs[host].talent is None
                    and talent_user(g, host, t, NONE_LOST) == p
                    and ("talent", host) not in g.used and t.can(g, talent_runner(g, host, t))
                    and not (lost and copy_lost(g, host, lost))):
                found.append(host)
    return found


def _play_phase_specials(g: State, p: int) -> list[tuple[int, Any]]:
    found = []
    ev: Event = {"kind": "play_phase", "player": p}
    # a card in stasis may have one too (its abilities that refer to stasis work there)
    for zone in (g.hands[p], g.discards[p], g.zones.get(("stasis", p), [])):
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
    if choice.tag == "play" and g.loc[choice.card][0] == "stasis":
        yield from play_from_stasis(g, p, choice)  # an extra play, from stasis
    elif choice.tag == "play":
        card = choice.card
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
            spend_grant(g, i)  # (with the others of its one-of set: next_turn.py)
        elif kind == "minion":
            g.minion_plays -= 1
        else:
            g.action_plays -= 1
        yield from play_card(g, p, card, choice)
    elif choice.tag == "talent":
        card = choice.card
        g.used.add(("talent", card))
        emit(g, "talent", card=card, player=p, minion=talent_minion(g, card))
        talent = talent_of(g, card)
        assert talent is not None
        ctx = Ctx(g, talent_runner(g, card, talent), p)
        yield from resolve(ctx, talent.run(ctx))
    elif choice.tag == "special":
        card = choice.card
        for c, sp in _play_phase_specials(g, p):
            if c == card:
                emit(g, "special", card=card, player=p)
                ctx = Ctx(g, card, p, special=True)
                yield from resolve(ctx, sp.run(ctx, {"kind": "play_phase", "player": p}))
                break
    elif choice.tag == "base_talent":
        yield from use_base_talent(g, p, choice.slot)
    yield from resolve_pending(g)


# ---- scoring ---------------------------------------------------------------------------------


def ready_bases(g: State) -> list[int]:
    mods = hooks(g, "power_mod")
    shields = hooks(g, "protects") if mods else []
    bp_mods = hooks(g, "breakpoint_mod")
    # (a base's total power is the sum of the players' totals there: ``total_power``)
    ready = [s for s, at_base in enumerate(every_players_power(g, mods, shields))
             if sum(at_base) >= base_breakpoint(g, s, bp_mods)]
    if ready and scoring_may_be_barred(g):  # Stasis Field: "this base cannot score"
        ready = [s for s in ready if not cannot_score(g, s)]
    return ready


def score_phase(g: State) -> AbilityGen:
    """Score bases until none is ready; the current player picks the order."""
    yield from scoring_stages(g)  # a scoring under way when the flow was rebuilt (SCORING)
    while True:
        yield CHECKPOINT
        ready = ready_bases(g)
        if not ready:
            return
        if len(ready) == 1:
            slot = ready[0]
        else:
            choice = yield Request(g.current, "score", "Choose which base scores first",
                                   [BaseOption("base", s) for s in ready])
            slot = choice.slot
        yield from score_base(g, slot)


def ranks(g: State, slot: int) -> dict[int, int]:
    """Place (1, 2, 3, ...) of each player eligible at a base: a minion there or 1 power.

    Ties share the best place they tied for; the next place skips accordingly.
    """
    return standing(g, slot)[1]


def standing(g: State, slot: int) -> tuple[dict[int, int], dict[int, int]]:
    """The power of each player eligible at a base (``ranks``) and their places."""
    mods = hooks(g, "power_mod")
    shields = hooks(g, "protects") if mods else []
    powers = {}
    for p in range(g.nplayers):
        pw = player_power(g, slot, p, mods, shields)
        if pw > 0 or any(g.controller[m] == p for m in g.minions[slot]):
            powers[p] = pw
    places = {p: 1 + sum(1 for q in powers.values() if q > pw) for p, pw in powers.items()}
    return powers, places


SCORING: Final = ("rule", "scoring_stage")
"""``misc`` key, while a base scores: the next stage of its scoring and what that stage needs
(the slot, the base card, the players' places). Each stage begins at a checkpoint, so a
searched game anchors between the stages and a flow rebuilt there resumes the scoring."""


def score_base(g: State, slot: int) -> AbilityGen:
    """Score one base: before, award VP (when), after, clear it, replace it."""
    g.scoring = slot
    emit(g, "before_score", slot=slot, base=g.bases[slot])
    yield from resolve_pending(g)
    g.misc[SCORING] = ("award", slot)
    yield from scoring_stages(g)


def _placed_at(placed: tuple[tuple[int, int], ...], place: int) -> tuple[int, ...]:
    """The players at ``place`` among a scored base's (player, place) pairs."""
    return tuple(p for p, at in placed if at == place)


def scoring_stages(g: State) -> AbilityGen:
    """The stages of a scoring after its "before scoring" abilities, from the one ``misc``
    names (nothing when no base is scoring). A stage ends with events whose abilities the
    next stage resolves first."""
    while SCORING in g.misc:
        yield CHECKPOINT
        stage = g.misc[SCORING]
        if stage[0] == "award":
            # an action played before scoring may have swapped the base (Terraforming
            # through a Mole): the base now in the slot scores, with the cards there
            slot = stage[1]
            bid = g.bases[slot]
            bdef = g.base_defs[bid]
            powers, placing = standing(g, slot)
            awards = {p: bdef.vp[place - 1] for p, place in placing.items() if place <= 3}
            if bdef.on_score is not None and not base_cancelled(g, slot):
                bdef.on_score(g, slot, awards)
            # the powers too: a summary of the scoring can say why each place was earned
            emit(g, "scored", slot=slot, base=bid, ranks=dict(placing), awards=dict(awards),
                 powers=dict(powers))
            for p in players_from(g, g.current):
                if awards.get(p):
                    gain_vp(g, p, awards[p], reason=g.base_names[bid])
            g.misc[SCORING] = ("after", slot, bid, tuple(placing.items()))
        elif stage[0] == "after":
            yield from resolve_pending(g)
            _, slot, bid, placed = stage
            emit(g, "after_score", slot=slot, base=bid, ranks=dict(placed),
                 winners=_placed_at(placed, 1), runners_up=_placed_at(placed, 2))
            g.misc[SCORING] = ("clear", slot, bid, placed)
        elif stage[0] == "clear":
            yield from resolve_pending(g)
            _, slot, bid, placed = stage
            # "after this base scores and is replaced" abilities stay cancelled if the base was
            cancelled = base_cancelled(g, slot)
            yield from clear_base(g, slot)
            end_base_effects(g, slot)
            g.base_discard.append(bid)
            new = replace_base(g, slot)
            g.scoring = None
            emit(g, "base_replaced", slot=slot, old=bid, new=new, winners=_placed_at(placed, 1),
                 runners_up=_placed_at(placed, 2), cancelled=cancelled)
            g.misc[SCORING] = ("replaced",)
        else:
            yield from resolve_pending(g)
            del g.misc[SCORING]


# ---- the turn -------------------------------------------------------------------------------


def expire(g: State, key: tuple[Any, ...]) -> None:
    if any(e[3] == key for e in g.effects):
        ending = [e for e in g.effects if e[3] == key]
        g.effects = [e for e in g.effects if e[3] != key]
        for eff in ending:  # effects that undo something as they run out (temporary control)
            undo = EFFECT_KINDS[eff[0]].on_expiry
            if undo is not None:
                undo(g, eff)


def start_turn(g: State) -> AbilityGen:
    p = g.current
    expire(g, ("start_of", p))
    g.used = {u for u in g.used if u and u[0] == "game"}
    g.minion_plays = 1
    g.action_plays = 1
    g.grants = []
    g.minions_played = 0
    g.actions_played = 0
    queue_start_rules(g, emit(g, "start_turn", player=p, turn=g.turn))
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
                               [new_option(CardOption, ("card", c)) for c in hand])
        to_owner(g, choice.card, "discard")
        emit(g, "discarded", card=choice.card, player=p, reason="hand limit")


def end_turn(g: State) -> AbilityGen:
    p = g.current
    ending = emit(g, "end_turn", player=p, turn=g.turn)
    queue_end_rules(g, ending)
    queue_end_of_turn(g, ending)  # steps that outlive their card or base (end_of_turn.py)
    yield from resolve_pending(g)
    expire(g, ("end", g.turn))
    expire(g, ("end_of", p))
    top = max(g.vp)
    if top >= WINNING_VP and g.vp.count(top) == 1:
        g.winner = g.vp.index(top)
        g.phase = "over"
        emit(g, "game_over", winner=g.winner, vp=tuple(g.vp))
        return
    g.current = next_player(g)  # the next player clockwise, unless an extra turn comes first
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
                              [ChoiceOption("choice", "keep")])
            continue
        choice = yield Request(p, "mulligan", "Your opening hand has no minion: draw a new one?",
                               [ChoiceOption("choice", "redraw"), ChoiceOption("choice", "keep")])
        if choice.word != "redraw":
            continue
        old = list(hand)
        emit(g, "mulligan", player=p, cards=tuple(old))
        for c in old:
            relocate(g, c, ("aside", p))
        draw(g, p, 5)
        for c in old:
            relocate(g, c, ("deck", p))
        shuffle_deck(g, p)


def game_flow(g: State, resume: Option | None = None, stop_at_main: bool = False) -> AbilityGen:
    """The whole game. ``resume`` answers the main decision this flow starts at.
    ``stop_at_main``: end at the next Play Cards decision instead of asking it (its options
    are not built; the state is left at it): a search's fast path (``quick.QuickWorld``)."""
    while g.phase != "over":
        phase = g.phase
        if phase == "start" or phase == "draw" or phase == "end":
            yield CHECKPOINT  # (the score phase has its own, before each base scores)
        if phase == "mulligan":
            yield from mulligan_phase(g)
            g.phase = "start"
        elif phase == "start":
            yield from start_turn(g)
            g.phase = "play"
        elif phase == "play":
            if resume is not None:
                choice, resume = resume, None
            elif stop_at_main:
                return
            else:
                choice = yield main_request(g)
            if choice.tag == "end":
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
