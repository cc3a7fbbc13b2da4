"""Effect helpers for card modules: the engine's vocabulary plus common patterns.

Card modules import what they need from here, never from engine internals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.core.context import Ctx
from ..engine.core.defs import (
    AbilityGen,
    Event,
    PlaySource,
    Replacement,
    Source,
    Special,
    Talent,
    Trigger,
    faction_key,
)
from ..engine.core.events import emit
from ..engine.core.kinds import (
    EffectKind,
    HookKind,
    PlayCondition,
    ReplaceableEvent,
    play_condition,
    register_effect_kind,
    register_hook_kind,
    register_play_condition,
    register_replaceable,
)
from ..engine.core.requests import (
    DONE,
    NO,
    SKIP,
    YES,
    BaseCardOption,
    BaseOption,
    CardOption,
    ChoiceOption,
    FactionOption,
    Option,
    Play,
    PlayAtOption,
    PlayerOption,
    PlayOnOption,
    PlayOption,
    Request,
    WordOption,
)
from ..engine.core.state import State
from ..engine.facts.query import (
    all_minions,
    breakpoint,
    can_affect,
    can_be_destroyed,
    can_be_returned,
    cards_in_play,
    changes_only,
    changes_only_at,
    has_minion_at,
    is_buried,
    its_base,
    its_host,
    itself,
    minions_of,
    minions_played_this_turn,
    owner_of,
    play_phase_minions,
    player_power,
    power,
    this_base,
    total_power,
)
from ..engine.rules.choosing import (
    ask,
    asks_anyway,
    choose_base,
    choose_card,
    choose_many,
    choose_minion,
    choose_minion_to_boost,
    choose_minion_to_destroy,
    choose_minion_to_return,
    choose_your_minion,
    may,
    minions_matching,
    your_minions,
)
from ..engine.rules.decks import (
    cards_to_search,
    deck_to_search,
    draw,
    reveal,
    shuffle_deck,
    top_card,
    top_cards,
)
from ..engine.rules.modifiers import (
    add_effect,
    gain_vp,
    grant_extra,
    place_counters,
    remove_counters,
    swap_base,
    transfer_counters,
    until_end_of_turn,
    until_end_of_your_turn,
    until_start_of_turn,
)
from ..engine.rules.moving import (
    choose_destination,
    choose_minion_to_move,
    destinations,
    destroy,
    movable,
    move_minion,
    move_to_other_base,
    place_on_deck,
    return_to_hand,
)
from ..engine.rules.plays import action_targets, minion_targets, play_card, play_extra_now
from ..engine.rules.protection import replaced
from ..engine.rules.zones import discard_card, relocate, to_owner
from ..engine.turn.flow import ranks

__all__ = [
    "BaseCardOption", "BaseOption", "CardOption", "ChoiceOption", "DONE", "FactionOption", "NO",
    "Play", "PlayAtOption", "PlayOnOption", "PlayOption", "PlayerOption", "SKIP", "WordOption",
    "YES",
    "AbilityGen", "Ctx", "EffectKind", "Event", "HookKind", "Option", "PlayCondition",
    "ReplaceableEvent", "Replacement", "Request", "Source", "Special", "State", "Talent",
    "register_effect_kind", "register_hook_kind", "register_play_condition",
    "register_replaceable", "replaced", "play_through_special", "special_slot",
    "window_slot",
    "Trigger", "add_effect", "all_minions", "ask", "ask_player", "asks_anyway", "breakpoint",
    "can_affect",
    "choose_base", "choose_card", "choose_many", "choose_minion", "destroy", "discard_card",
    "draw", "emit", "extra_play", "gain_vp", "grant_extra", "has_minion_at",
    "in_play_phase", "may", "minion_targets", "minions_matching", "minions_of", "move_minion",
    "move_to_other_base", "place_counters", "place_on_deck", "play_card", "play_extra_now",
    "action_targets",
    "player_power", "power", "ranks", "relocate", "remove_counters", "return_to_hand", "reveal",
    "shuffle_deck", "slot_is", "swap_base", "play_phase_minions", "to_owner", "top_card",
    "total_power", "transfer_counters",
    "until_end_of_turn", "until_end_of_your_turn", "until_start_of_turn", "controller_only",
    "top_cards", "deck_to_search", "cards_to_search",
    "changes_only", "changes_only_at", "itself", "its_host", "its_base", "this_base",
]


def in_play_phase(g: State, player: int) -> bool:
    """Is it ``player``'s own Play Cards phase, outside any scoring?"""
    return g.phase == "play" and g.current == player and g.scoring is None


def extra_play(
    ctx: Ctx, kind: str = "minion", check: str = "any", arg: Any = None, slots: Any = None
) -> AbilityGen:
    """"Play an extra minion/action": usable later in your Play Cards phase, otherwise
    (another player's turn, scoring, a Special) it must be played immediately or not at all.
    """
    g = ctx.g
    if in_play_phase(g, ctx.player) and not ctx.special:
        grant_extra(g, ctx.player, kind, check, arg)
        return None
    test = play_condition(check).allows
    if check == "at" and slots is None:
        slots = (arg,)  # "an extra minion there": only at that base
    if kind == "minion" and check not in ("any", "at"):
        # the condition may depend on the base ("where you have no minions"): each base is
        # asked, as a grant is when the minion is played later
        opts = [PlayAtOption("play", c, "base", s) for c in g.hands[ctx.player]
                if g.defs[c].kind == "minion"
                for s in minion_targets(g, c, ctx.player, slots)
                if test(g, c, s, arg)]
        return (yield from offer_plays(ctx, ctx.player, opts, True, "Play an extra minion"))
    return (yield from play_extra_now(
        ctx, kind, slots=slots, pred=lambda c: test(g, c, -1, arg) if check != "at" else True))


SPECIAL_SLOT = "special_slot"
"""``misc`` key (with the card): the base of the window an action was played in through its
Special (``play_through_special``, read back by ``special_slot``)."""


def play_through_special(ctx: Ctx, ev: Event) -> AbilityGen:
    """A Special that plays this action from hand at once, in a window at a base (before or
    after it scores): its on-play ability finds that base with ``special_slot``."""
    ctx.g.misc[(SPECIAL_SLOT, ctx.me)] = ev["slot"]
    yield from play_card(ctx.g, ctx.player, ctx.me, PlayOption("play", ctx.me))


def window_slot(g: State, ev: Event) -> int | None:
    """The base a before- or after-scoring window (``ev``) is about, while it is still there
    and still the one scoring; None once it has gone."""
    slot = ev.get("slot")
    if slot is None or g.scoring != slot or slot >= len(g.bases) or g.bases[slot] != ev["base"]:
        return None
    return int(slot)


def special_slot(ctx: Ctx) -> int | None:
    """The base of the window this action was played in through its Special; None when it was
    played the ordinary way (such actions then do nothing)."""
    slot = ctx.g.misc.pop((SPECIAL_SLOT, ctx.me), None)
    return None if slot is None else int(slot)


def ask_player(ctx: Ctx, prompt: str, players: Sequence[int] | None = None,
               optional: bool = False, about: tuple[int, ...] = ()) -> AbilityGen:
    """Choose a player (asked only when there is more than one candidate, or when the choice
    may be declined: ``optional`` offers ``skip``, which returns None). ``about``: the cards
    the prompt names (``Request.about``)."""
    candidates = list(ctx.others() if players is None else players)
    if not candidates:
        return None
    if len(candidates) == 1 and not optional:
        return candidates[0]
    opts: list[Option] = [PlayerOption("player", p) for p in candidates]
    if optional:
        opts.append(SKIP)
    choice = yield Request(ctx.player, "choose_player", prompt, opts, ctx.ref, about)
    return None if choice.tag == "skip" else choice.player


def slot_is(g: State, me: int, ev: Event) -> bool:
    """Did the event happen at the base where card ``me`` is?"""
    return g.slot_of(me) == ev.get("slot")


def controller_only(cond: Callable[[State, int, Event], bool]) -> Callable[[State, int, Event],
                                                                           list[int]]:
    """A trigger's ``who``: the card's controller, when ``cond`` holds."""
    def who(g: State, me: int, ev: Event) -> list[int]:
        return [g.controller[me]] if cond(g, me, ev) else []
    return who


def faction_of(g: State, card: int) -> str:
    """The faction key of a card (``"pirates"``, ``"tricksters@original"``)."""
    d = g.defs[card]
    return faction_key(d.faction, d.variant)


def choose_faction(ctx: Ctx, keys: Sequence[str], prompt: str = "Name a faction") -> AbilityGen:
    """"Name a faction" among ``keys`` (asked only when there is more than one).
    Options read ``faction:<key>``. Returns the key, or None when there is none."""
    if not keys:
        return None
    if len(keys) == 1:
        return keys[0]
    choice = yield Request(ctx.player, "choose_faction", prompt,
                           [FactionOption("faction", k) for k in keys], ctx.ref)
    return choice.key


__all__ += ["can_be_destroyed", "can_be_returned", "cards_in_play", "choose_destination",
            "choose_faction", "choose_minion_to_boost", "choose_minion_to_destroy",
            "choose_minion_to_move", "choose_minion_to_return", "choose_your_minion",
            "destinations", "faction_of", "is_buried", "minions_played_this_turn", "movable",
            "your_minions"]


def discard_random(g: State, player: int, n: int = 1, reason: str = "") -> list[int]:
    """``player`` discards ``n`` cards at random from their hand (fewer if the hand is short)."""
    from ..engine.core import rng

    gone: list[int] = []
    for _ in range(n):
        hand = g.hands[player]
        if not hand:
            break
        g.rng, i = rng.below(g.rng, len(hand))
        card = hand[i]
        discard_card(g, card, reason=reason or "random discard")
        gone.append(card)
    return gone


def take_into_hand(g: State, card: int, reason: str = "") -> None:
    """Place a card (e.g. from a discard pile) into its owner's hand; not a draw."""
    src = g.loc[card][0]
    to_owner(g, card, "hand")
    emit(g, "placed", card=card, slot=None, dest="hand", src=src, reason=reason)


__all__ += ["PlaySource", "discard_random", "take_into_hand"]


# expansion mechanics (engine/mechanics/: costs.py, revealing.py, given_plays.py, stasis.py,
# storage.py, burying.py, duels.py): the box, "do X to do Y", revealing until, playing off the
# top of the deck, stasis, stored cards, burying, duels
from ..engine.facts.guards import GUARDS  # noqa: E402  (cannot be destroyed/moved/returned for now)
from ..engine.mechanics.burying import (  # noqa: E402
    buried_cards,
    bury,
    choose_card_in_play,
    uncover,
    uncovered_at,
)
from ..engine.mechanics.costs import discard_to, to_box  # noqa: E402
from ..engine.mechanics.duels import (  # noqa: E402
    can_duel,
    duel,
    duel_and_destroy,
    duel_opponents,
    duel_under_way,
    in_duel,
)
from ..engine.mechanics.given_plays import play_specific  # noqa: E402
from ..engine.mechanics.revealing import (  # noqa: E402
    play_off_top,
    played_off_top,
    reveal_until,
    shuffle_back_revealed,
)
from ..engine.mechanics.stasis import (  # noqa: E402
    add_stasis,
    in_stasis,
    place_in_stasis,
    remove_stasis,
    stasis_cards,
    stasis_emptied_this_turn,
)
from ..engine.mechanics.storage import store, stored_cards  # noqa: E402

__all__ += [
    "GUARDS", "add_stasis", "bury", "buried_cards", "can_duel", "choose_card_in_play",
    "discard_to", "duel", "duel_opponents",
    "duel_and_destroy", "duel_under_way", "in_duel", "in_stasis",
    "owner_of", "place_in_stasis", "play_off_top", "play_specific", "played_off_top",
    "remove_stasis", "reveal_until", "shuffle_back_revealed", "stasis_cards",
    "stasis_emptied_this_turn", "store", "stored_cards", "to_box", "uncover", "uncovered_at",
]

# stasis cards leaving for the discard pile, and abilities paid for with a play ("use an
# action play to ...": Lightning Strike)
from ..engine.mechanics.stasis import can_enter_stasis, discard_from_stasis  # noqa: E402
from ..engine.rules.plays import can_spend_play, spend_play  # noqa: E402

__all__ += ["can_enter_stasis", "can_spend_play", "discard_from_stasis", "spend_play"]

# looking at cards of a deck and arranging them (engine/mechanics/looking.py); temporary control
# (engine/mechanics/control.py)
from ..engine.facts.hidden import hidden_from  # noqa: E402
from ..engine.mechanics.control import controlled_for_now, take_control  # noqa: E402
from ..engine.mechanics.looking import (  # noqa: E402
    BOTTOM,
    EITHER,
    TOP,
    arrange,
    knows_place,
    look_and_arrange,
    look_at_deck,
    look_teaches,
    restack_top,
)
from ..engine.mechanics.revealing import play_revealed  # noqa: E402
from ..engine.rules.plays import offer_plays  # noqa: E402

__all__ += [
    "BOTTOM", "EITHER", "TOP", "arrange", "controlled_for_now", "hidden_from", "knows_place",
    "look_and_arrange", "look_at_deck", "look_teaches", "offer_plays", "play_revealed",
    "take_control", "restack_top",
]

# copied abilities (engine/facts/copies.py) and printed power that abilities change (Mimic)
from ..engine.facts.copies import WHILE_IN_PLAY, copy_abilities, copy_sources  # noqa: E402
from ..engine.facts.query import printed_power, printed_powers  # noqa: E402

__all__ += ["WHILE_IN_PLAY", "copy_abilities", "copy_sources", "printed_power",
            "printed_powers"]


# actions attached to minions (Cyborg Apes count them, move them, protect them)
def host_of(g: State, card: int) -> int | None:
    """The minion an action is attached to (None: it is not on a minion)."""
    loc = g.loc[card]
    return int(loc[1]) if loc[0] == "on" else None


def actions_on(g: State, minion: int) -> list[int]:
    """The actions attached to a minion, in the order they were played on it."""
    return [c for c in g.attached.get(minion, ()) if g.defs[c].kind == "action"]


__all__ += ["actions_on", "host_of"]

# turn order and the base deck outside the normal flow (engine/rules/timeline.py): extra turns,
# bases that cannot score, a scored base's replacement chosen from the base discard pile
from ..engine.rules.timeline import (  # noqa: E402
    CANNOT_SCORE,
    base_to_deck_top,
    cannot_score,
    extra_turns_queued,
    in_extra_turn,
    replace_with,
    take_extra_turns,
)

__all__ += ["CANNOT_SCORE", "base_to_deck_top", "cannot_score", "extra_turns_queued",
            "in_extra_turn", "replace_with", "take_extra_turns"]

# when a card came into play: "if this card was on a base at the start of the turn"
# (engine/facts/arrivals.py)
from ..engine.facts.arrivals import arrived_this_turn, on_base_since_turn_began  # noqa: E402

# destroying a base and replacing it (engine/rules/timeline.py: No-Moon, Nuke It From Orbit)
from ..engine.rules.timeline import destroy_base  # noqa: E402

__all__ += ["arrived_this_turn", "destroy_base", "on_base_since_turn_began"]

# losing abilities and talents that actions grant (engine/facts/abilities.py); where a minion moved
# from this turn (engine/facts/moves.py); replacing the base being scored
# (engine/mechanics/scoring_swap.py)
from ..engine.facts.abilities import has_lost_abilities, lose_abilities  # noqa: E402
from ..engine.facts.moves import previous_base  # noqa: E402
from ..engine.mechanics.scoring_swap import replace_scoring_base  # noqa: E402


def talents_of_minion(g: State, minion: int) -> list[tuple[int, Talent]]:
    """Every talent ``minion`` has now, as (the card it comes from, the talent): its own (or
    one it copied), then those the actions on it grant; talents it lost are left out (Kickboxbro
    picks one of them before scoring)."""
    from ..engine.facts.abilities import lost_abilities, talent_user
    from ..engine.facts.copies import talent_of

    lost = lost_abilities(g)
    player = g.controller[minion]
    found: list[tuple[int, Talent]] = []
    own = talent_of(g, minion)
    if own is not None and talent_user(g, minion, own, lost) == player:
        found.append((minion, own))
    for action in actions_on(g, minion):
        granted = g.defs[action].talent
        if granted is not None and granted.granted and \
                talent_user(g, action, granted, lost) == player:
            found.append((action, granted))
    return found


__all__ += ["talents_of_minion"]

__all__ += ["has_lost_abilities", "lose_abilities", "previous_base", "replace_scoring_base"]

# a card taking on an effect aimed at another (engine/facts/redirects.py: Ensign), the effect an
# "instead" ability would replace, a base added for good (engine/mechanics/extra_bases.py: Weird New
# Worlds), a random pick from the game's RNG (Teleport Error)
from ..engine.facts.redirects import TAKES_TARGET, being_played  # noqa: E402
from ..engine.mechanics.extra_bases import add_base  # noqa: E402
from ..engine.rules.protection import replacing  # noqa: E402


def pick_random(g: State, items: Sequence[int]) -> int | None:
    """One of ``items`` at random, from the game's RNG (None when there is none)."""
    from ..engine.core import rng

    if not items:
        return None
    g.rng, i = rng.below(g.rng, len(items))
    return items[i]


__all__ += ["TAKES_TARGET", "add_base", "being_played", "pick_random", "replacing"]

# control changes for good, and owner versus controller (engine/mechanics/control.py); where minions
# were played this turn and end-of-turn steps that outlive their card or base
# (engine/facts/end_of_turn.py), queued as rule steps (engine/rules/pending.py)
from ..engine.core.rule_steps import Rule, register_rule, rule_entry  # noqa: E402
from ..engine.facts.end_of_turn import played_minion_at, register_end_of_turn  # noqa: E402
from ..engine.facts.query import base_cancelled, players_from  # noqa: E402
from ..engine.mechanics.control import (  # noqa: E402
    change_control,
    give_control,
    owned_not_controlled,
    take_control_of_own,
)

__all__ += ["Rule", "base_cancelled", "change_control", "give_control", "owned_not_controlled",
            "played_minion_at", "players_from", "register_end_of_turn", "register_rule",
            "rule_entry", "take_control_of_own"]

# transferring actions (engine/mechanics/transfers.py); cards destroyed at a base this turn; stored
# cards
# a card plays as it leaves play (engine/mechanics/storage.py); extra plays for a player's next
# turn and
# one extra play of either kind (engine/mechanics/next_turn.py)
from ..engine.mechanics.next_turn import grant_next_turn, grant_one_of, waiting_next_turn  # noqa: E402
from ..engine.mechanics.storage import KEEPS_STORED, discard_stored, keep_stored, play_stored  # noqa: E402
from ..engine.mechanics.transfers import (  # noqa: E402
    actions_at,
    can_transfer,
    choose_transfer,
    transfer_action,
    transfer_options,
)
from ..engine.rules.zones import destroyed_here_this_turn  # noqa: E402

__all__ += ["KEEPS_STORED", "actions_at", "can_transfer", "choose_transfer",
            "destroyed_here_this_turn", "discard_stored", "grant_next_turn", "grant_one_of",
            "keep_stored", "play_stored", "transfer_action", "transfer_options",
            "waiting_next_turn"]

# "an action that directly increases a minion's power" (engine/facts/boosts.py: Space Prince,
# Walking
# Carpet, Alien Guru, Hive of Scum and Villainy)
from ..engine.facts.boosts import boosting_face, toward_aim  # noqa: E402

__all__ += ["boosting_face", "toward_aim"]

# a card played because it was uncovered ("when this card is uncovered":
# engine/mechanics/burying.py);
# base abilities used in the Play Cards phase ("on your turn, you may":
# engine/mechanics/base_talents.py)
from ..engine.mechanics.base_talents import BaseTalent, register_base_talent  # noqa: E402
from ..engine.mechanics.burying import being_uncovered, can_bury  # noqa: E402

__all__ += ["BaseTalent", "being_uncovered", "can_bury", "register_base_talent"]

# a card going from play to a discard pile (engine/facts/from_play.py: the event "to_discard", and a
# rule step queued if one card goes that way this turn)
from ..engine.facts.from_play import TO_DISCARD, controller_as_left, watch  # noqa: E402

__all__ += ["TO_DISCARD", "controller_as_left", "watch"]

# cards held by a player who does not own them (engine/mechanics/borrowed.py: Vikings): taking a
# card
# into your hand from anywhere, and putting a card of your hand on top of your own deck
from ..engine.mechanics.borrowed import take_card, to_own_deck_top  # noqa: E402

__all__ += ["take_card", "to_own_deck_top"]


def counted(n: int, noun: str) -> str:
    """``1 card``, ``3 cards``: a number of things in a prompt."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


__all__ += ["counted"]
