"""The bases of Science Fiction Double Feature (two per faction of the set)."""

# ---- Cyborg Apes: Monkey Lab, Primate Park -----------------------------------------------------
# Rulings (tests/cards/cyborg_apes_test.py): Primate Park lets each winner (tied winners each)
# take back the actions they control on minions there, to their owners' hands; it is offered
# only to a winner who has such an action.

from ..api import base as _apes_base  # noqa: E402
from ..helpers import (
    AbilityGen as _ApesGen,
)
from ..helpers import (  # noqa: E402
    BaseCardOption,
    changes_only_at,
    this_base,
)
from ..helpers import Ctx as _ApesCtx  # noqa: E402
from ..helpers import Event as _ApesEvent  # noqa: E402
from ..helpers import State as _ApesState  # noqa: E402
from ..helpers import Trigger as _ApesTrigger  # noqa: E402
from ..helpers import actions_on as _actions_on  # noqa: E402
from ..helpers import choose_many as _apes_choose_many  # noqa: E402
from ..helpers import return_to_hand as _apes_return  # noqa: E402


@changes_only_at(this_base)
def _lab_power(g: _ApesState, slot: int, minion: int) -> int:
    return len(_actions_on(g, minion)) if g.loc[minion] == ("minion", slot) else 0


_apes_base("Monkey Lab", "science-fiction-double-feature", "Cyborg Apes", 23, (4, 2, 1),
           text="Each minion at this base gains 1 power per action attached to it.",
           power_mod=_lab_power)


def _park_actions(g: _ApesState, slot: int, player: int) -> list[int]:
    return [a for m in g.minions[slot] for a in _actions_on(g, m) if g.controller[a] == player]


def _park_who(g: _ApesState, slot: int, ev: _ApesEvent) -> list[int]:
    if ev["slot"] != slot:
        return []
    return [p for p in ev["winners"] if _park_actions(g, slot, p)]


def _park_takes_back(ctx: _ApesCtx, ev: _ApesEvent) -> _ApesGen:
    g = ctx.g
    mine = _park_actions(g, ctx.me, ctx.player)
    picked = yield from _apes_choose_many(ctx, mine, "Take which of your actions back to hand?")
    for action in picked:
        yield from _apes_return(ctx, action)


_apes_base("Primate Park", "science-fiction-double-feature", "Cyborg Apes", 20, (3, 2, 1),
           text="Once this base has scored, its winner may pick up any of their own actions "
                "attached to minions here and put them back in hand.",
           triggers=(_ApesTrigger("after_score", _park_who, _park_takes_back, optional=True),))

# ---- Shapeshifters: Faceless City, The Vats ----------------------------------------------------
# Rulings (tests/cards/shapeshifters_test.py): Faceless City's "once per turn" is per player
# and is spent only when the search is made (declining leaves it for a later minion); it is
# offered whenever that player has a deck or discard pile to search, a search that finds no
# copy still shuffles. The Vats compares card names only (a copied ability brings no name) and
# forbids plays only: a minion may still be moved there.

from ..api import base as _shifters_base  # noqa: E402
from ..helpers import AbilityGen as _AbilityGen  # noqa: E402
from ..helpers import Ctx as _Ctx  # noqa: E402
from ..helpers import Event as _Event  # noqa: E402
from ..helpers import State as _State  # noqa: E402
from ..helpers import Trigger as _Trigger  # noqa: E402
from ..helpers import relocate as _relocate  # noqa: E402
from .shapeshifters import search_deck as _search_deck  # noqa: E402


def _city_key(g: _State, slot: int, player: int) -> tuple[str, int, int]:
    return ("faceless-city", g.bases[slot], player)


def _city_who(g: _State, slot: int, ev: _Event) -> list[int]:
    p = int(ev["player"])
    if (ev["type"] != "minion" or ev.get("slot") != slot or _city_key(g, slot, p) in g.used
            or not (g.decks[p] or g.discards[p])):
        return []
    return [p]


def _city_copy(ctx: _Ctx, ev: _Event) -> _AbilityGen:
    g = ctx.g
    g.used.add(_city_key(g, ctx.me, ctx.player))
    wanted = g.defs[ev["card"]].key
    found = yield from _search_deck(ctx, lambda c: g.defs[c].key == wanted,
                                    f"Take which copy of {g.defs[ev['card']].name}?")
    if found is not None:
        _relocate(g, found, ("hand", ctx.player))


_shifters_base(
    "Faceless City", "science-fiction-double-feature", "Shapeshifters", 20, (4, 2, 1),
    text="Once each turn, when you have played a minion here, you may look through your deck"
         " for another card of that name, show it, take it into your hand and shuffle.",
    triggers=(_Trigger("played", _city_who, _city_copy, optional=True),))


def _vats_forbid(g: _State, me: int, card: int, slot: int, player: int) -> bool:
    name = g.defs[card].name
    return slot == me and any(g.defs[m].name == name for m in g.minions[me])


_shifters_base(
    "The Vats", "science-fiction-double-feature", "Shapeshifters", 15, (3, 1, 1),
    text="No minion may be played here while a minion of the same name is already here.",
    forbids_play=_vats_forbid)


# ---- Super Spies: ISI's Swingin' Pad, Secret Volcano Headquarters -----------------------------
# Rulings (tests/cards/super_spies_test.py): ISI's Swingin' Pad counts each player's first
# minion played there each turn (on any turn), even one of printed power 0 (it then shows no
# card); its player looks at the top cards of one deck (their own or another's) and may put
# them back in any order. Secret Volcano Headquarters: each player with a minion there does it,
# the current player first, then clockwise (guide §5.1); a minion it plays counts as played off
# the top of a deck; a revealed non-minion stays on top, seen by all.

from ..api import base as _spies_base  # noqa: E402
from ..helpers import (  # noqa: E402
    AbilityGen,
    Ctx,
    Event,
    State,
    Trigger,
    arrange,
    ask_player,
    counted,
    look_at_deck,
    look_teaches,
    may,
    play_revealed,
    printed_power,
    reveal,
    top_card,
)


def _pad_first(g: State, slot: int, player: int) -> tuple[str, int, int]:
    return ("isi-pad-first", g.bases[slot], player)


def _pad_who(g: State, slot: int, ev: Event) -> list[int]:
    p = ev["player"]
    if ev["type"] != "minion" or ev.get("slot") != slot or _pad_first(g, slot, p) in g.used:
        return []
    return [p]


def _pad_look(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    key = _pad_first(g, ctx.me, ctx.player)
    if key in g.used:
        return
    g.used.add(key)
    n = printed_power(g, ev["card"])  # as the card is now (Mimic, Matrix of Bossiness)
    # a deck is offered when the look shows something new or there are cards to reorder
    decks = [p for p in range(g.nplayers)
             if look_teaches(g, p, n, ctx.player) or min(n, len(g.decks[p])) > 1]
    if n <= 0 or not decks or not (yield from may(ctx, f"Look at the top {counted(n, 'card')} "
                                                       "of a deck?")):
        return
    owner = yield from ask_player(ctx, "Look at whose deck?", decks)
    if owner is not None:
        cards = look_at_deck(g, owner, n, ctx.player)
        yield from arrange(ctx, cards, owner)


_spies_base("ISI's Swingin' Pad", "science-fiction-double-feature", "Super Spies", 21, (4, 2, 1),
            text="The first time in a turn that you put a minion here, you may peek at as many "
                 "cards off the top of one player's deck as its printed power and put them back "
                 "in the order you like.",
            triggers=(Trigger("played", _pad_who, _pad_look),))


def _volcano_who(g: State, slot: int, ev: Event) -> list[int]:
    here = g.minions[slot] if ev.get("slot") == slot else []
    return [g.current] if here else []


def _volcano(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    slot = ctx.me
    for p in [(g.current + i) % g.nplayers for i in range(g.nplayers)]:
        if not any(g.controller[m] == p for m in g.minions[slot]):
            continue
        card = top_card(g, p)
        if card is None:
            continue
        reveal(g, [card])
        if g.defs[card].kind == "minion":
            yield from play_revealed(Ctx(g, card, p), card, p, (slot,))


_spies_base("Secret Volcano Headquarters", "science-fiction-double-feature", "Super Spies", 18,
            (4, 3, 2),
            text="As this base is about to score, each player who has a minion here turns over "
                 "their deck's top card; a minion turned over this way is played here.",
            triggers=(Trigger("before_score", _volcano_who, _volcano),))

# ---- Time Travelers: Portal Room, The Nexus ---------------------------------------------------
# Rulings (tests/cards/time_travelers_test.py): Portal Room gives each tied winner an extra
# turn, the current player's first, then clockwise; extra turns won during a turn come right
# after it, before any queued earlier. The Nexus lets each winner (tied winners each) put one
# base from the base discard pile on top of the base deck; the scored base itself is not yet
# there, so the base just put on top is the one that replaces it (unless Time is Fleeting
# picks another).

from ..api import base as _travelers_base  # noqa: E402
from ..helpers import AbilityGen as _TravelersGen  # noqa: E402
from ..helpers import Ctx as _TravelersCtx  # noqa: E402
from ..helpers import Event as _TravelersEvent  # noqa: E402
from ..helpers import State as _TravelersState  # noqa: E402
from ..helpers import Trigger as _TravelersTrigger  # noqa: E402
from ..helpers import ask as _travelers_ask  # noqa: E402
from ..helpers import base_to_deck_top as _base_to_deck_top  # noqa: E402
from ..helpers import take_extra_turns as _take_extra_turns  # noqa: E402


def _winners_clockwise(g: _TravelersState, ev: _TravelersEvent) -> list[int]:
    """The scored base's winners, from the current player clockwise."""
    order = [(g.current + i) % g.nplayers for i in range(g.nplayers)]
    return [p for p in order if p in ev["winners"]]


def _portal_who(g: _TravelersState, slot: int, ev: _TravelersEvent) -> list[int]:
    # one rule step for all the winners, so that their extra turns come in clockwise order
    return _winners_clockwise(g, ev)[:1] if ev["slot"] == slot else []


def _portal_opens(ctx: _TravelersCtx, ev: _TravelersEvent) -> _TravelersGen:
    _take_extra_turns(ctx.g, _winners_clockwise(ctx.g, ev))
    return
    yield  # an ability that asks nothing is still a generator


_travelers_base("Portal Room", "science-fiction-double-feature", "Time Travelers", 22, (2, 3, 1),
                text="Whoever wins here plays a bonus turn as soon as this turn is over.",
                triggers=(_TravelersTrigger("after_score", _portal_who, _portal_opens),))


def _nexus_who(g: _TravelersState, slot: int, ev: _TravelersEvent) -> list[int]:
    if ev["slot"] != slot or not g.base_discard:
        return []
    return _winners_clockwise(g, ev)


def _nexus_restacks(ctx: _TravelersCtx, ev: _TravelersEvent) -> _TravelersGen:
    g = ctx.g
    chosen = g.base_discard[0]
    if len(g.base_discard) > 1:
        choice = yield from _travelers_ask(
            ctx.player, "choose_base_card", "Put which base from the base discard pile on top "
            "of the base deck?", [BaseCardOption("base_card", b) for b in g.base_discard], ctx.ref)
        chosen = choice.base
    _base_to_deck_top(g, chosen)


_travelers_base("The Nexus", "science-fiction-double-feature", "Time Travelers", 19, (3, 3, 2),
                text="After scoring here, ahead of the replacement, first place may fish any "
                     "used base out of the base discard pile and stack it atop the base deck.",
                triggers=(_TravelersTrigger("after_score", _nexus_who, _nexus_restacks,
                                            optional=True),))
