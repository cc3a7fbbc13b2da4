"""The bases of Excellent Movies, Dudes! (two per faction of the set)."""

# ---- Action Heroes: Building Rooftop, Jungle Camp ----------------------------------------------
# Rulings (tests/cards/action_heroes_test.py): Building Rooftop's cut is offered at the start of
# a turn to the current player with a single minion there of power 1 or more, and lasts until
# the end of the turn even if that minion leaves; its VP for a single minion is added to the
# placement VP when the base scores. Jungle Camp: each tied winner may take back one minion they
# control there, to its owner's hand; it is offered only to a winner who has one.

from ..api import base as _heroes_base  # noqa: E402
from ..helpers import AbilityGen as _HeroesGen  # noqa: E402
from ..helpers import Ctx as _HeroesCtx  # noqa: E402
from ..helpers import Event as _HeroesEvent  # noqa: E402
from ..helpers import State as _HeroesState  # noqa: E402
from ..helpers import Trigger as _HeroesTrigger  # noqa: E402
from ..helpers import can_be_returned as _heroes_returnable  # noqa: E402
from ..helpers import choose_card as _heroes_choose_card  # noqa: E402
from ..helpers import minions_matching as _heroes_minions_matching  # noqa: E402
from ..helpers import power as _heroes_power  # noqa: E402
from ..helpers import return_to_hand as _heroes_return  # noqa: E402
from .action_heroes import cut_breakpoint as _cut_breakpoint  # noqa: E402
from .action_heroes import lone_minion as _lone_minion  # noqa: E402


def _rooftop_who(g: _HeroesState, slot: int, ev: _HeroesEvent) -> list[int]:
    p = int(ev["player"])
    minion = _lone_minion(g, p, slot)
    return [p] if minion is not None and _heroes_power(g, minion) > 0 else []


def _rooftop_cut(ctx: _HeroesCtx, ev: _HeroesEvent) -> _HeroesGen:
    minion = _lone_minion(ctx.g, ctx.player, ctx.me)
    if minion is not None:
        _cut_breakpoint(ctx, ctx.me, _heroes_power(ctx.g, minion))
    return
    yield


def _rooftop_bonus(g: _HeroesState, slot: int, awards: dict[int, int]) -> None:
    for p in range(g.nplayers):
        if _lone_minion(g, p, slot) is not None:
            awards[p] = awards.get(p, 0) + 1


_heroes_base(
    "Building Rooftop", "excellent-movies-dudes", "Action Heroes", 20, (3, 1, 1),
    text="When your turn starts with a single minion of yours here, you may have this base need "
         "that minion's power less to break, until the turn ends. On scoring: every player with "
         "just one minion here earns 1 VP more.",
    triggers=(_HeroesTrigger("start_turn", _rooftop_who, _rooftop_cut, optional=True),),
    on_score=_rooftop_bonus)


def _camp_minions(g: _HeroesState, slot: int, p: int) -> list[int]:
    ctx = _HeroesCtx(g, slot, p, True)
    return _heroes_minions_matching(ctx, slot, lambda m: g.controller[m] == p
                                    and _heroes_returnable(g, m))


def _camp_who(g: _HeroesState, slot: int, ev: _HeroesEvent) -> list[int]:
    if ev["slot"] != slot:
        return []
    return [p for p in ev["winners"] if _camp_minions(g, slot, p)]


def _camp_takes_back(ctx: _HeroesCtx, ev: _HeroesEvent) -> _HeroesGen:
    target = yield from _heroes_choose_card(ctx, _camp_minions(ctx.g, ctx.me, ctx.player),
                                            "Return which of your minions here to hand?",
                                            kind="choose_minion")
    if target is not None:
        yield from _heroes_return(ctx, target)


_heroes_base(
    "Jungle Camp", "excellent-movies-dudes", "Action Heroes", 20, (3, 2, 1),
    text="Once this base has scored, its winner may pick up one minion of theirs from here "
         "and put it back in hand.",
    triggers=(_HeroesTrigger("after_score", _camp_who, _camp_takes_back, optional=True),))

# ---- Extramorphs: Ancient Crashed Ship, Brood Hive ---------------------------------------------
# Rulings (tests/cards/extramorphs_test.py): Ancient Crashed Ship answers every minion played
# here from anywhere but its player's own hand (a deck top, a discard pile, stasis, being
# uncovered, another player's hand), once per minion, even when several arrive at once; the
# counter goes on the minion after its own ability, wherever that ability took it, as long as it
# is still in play. Brood Hive asks each player in turn, from the current player's left round to
# the current player, whether they have a minion there at their turn to answer; a player who says
# yes plays a minion off the top of their deck there (guide §4.2); nobody is asked who has no
# deck and no discard pile.

from ..api import base as _xm_base  # noqa: E402
from ..helpers import AbilityGen as _XmGen  # noqa: E402
from ..helpers import Ctx as _XmCtx  # noqa: E402
from ..helpers import Event as _XmEvent  # noqa: E402
from ..helpers import State as _XmState  # noqa: E402
from ..helpers import Trigger as _XmTrigger  # noqa: E402
from ..helpers import has_minion_at as _xm_has_minion_at  # noqa: E402
from ..helpers import may as _xm_may  # noqa: E402
from ..helpers import place_counters as _xm_place_counters  # noqa: E402
from ..helpers import play_off_top as _xm_play_off_top  # noqa: E402


def _ship_who(g: _XmState, slot: int, ev: _XmEvent) -> list[int]:
    if ev["type"] != "minion" or ev.get("slot") != slot:
        return []
    p = int(ev["player"])
    # a player plays out of a hand only their own (no card here plays from another player's
    # hand), and a card in your hand is "your hand" whoever owns it (Vikings clarification:
    # cards you do not own in your hand "are still treated like your cards")
    from_own_hand = ev.get("src") == "hand"
    return [] if from_own_hand else [p]


def _ship_counter(ctx: _XmCtx, ev: _XmEvent) -> _XmGen:
    _xm_place_counters(ctx, ev["card"], 1)
    return
    yield


_xm_base("Ancient Crashed Ship", "excellent-movies-dudes", "Extramorphs", 21, (4, 2, 1),
         text="Whenever you play a minion here that did not come from your own hand, it gets a "
              "+1 power counter.",
         triggers=(_XmTrigger("played", _ship_who, _ship_counter),))


def _hive_who(g: _XmState, slot: int, ev: _XmEvent) -> list[int]:
    return [g.current] if ev.get("slot") == slot and g.minions[slot] else []


def _hive_hatch(ctx: _XmCtx, ev: _XmEvent) -> _XmGen:
    g = ctx.g
    slot = ctx.me
    for p in [(g.current + i) % g.nplayers for i in range(1, g.nplayers + 1)]:
        if not _xm_has_minion_at(g, p, slot) or not (g.decks[p] or g.discards[p]):
            continue
        if (yield from _xm_may(ctx, "Play an extra minion off the top of your deck here?",
                               player=p)):
            yield from _xm_play_off_top(_XmCtx(g, slot, p, is_base=True), "minion",
                                        slots=(slot,))


_xm_base("Brood Hive", "excellent-movies-dudes", "Extramorphs", 22, (4, 2, 1),
         text="Just before this base scores, each player who has a minion here, going round "
              "from the player after the current one, may play an extra minion off the top of "
              "their deck here.",
         triggers=(_XmTrigger("before_score", _hive_who, _hive_hatch),))

# ---- Backtimers: Alternate Present, Time-Traveling Car ------------------------------------------
# Rulings (tests/cards/backtimers_test.py): Alternate Present answers only a player's first minion
# played here in a turn (declining spends it); the card goes to that player's stasis. Time-
# Traveling Car lets each winner (tied winners each, current player first) put one minion or
# action they control here (an action on a base or on a minion there) into stasis: its +1 power
# counters and the actions on it are discarded; it is offered only to a winner who has one.

from ..api import base as _bt_base  # noqa: E402
from ..helpers import AbilityGen as _BtGen  # noqa: E402
from ..helpers import Ctx as _BtCtx  # noqa: E402
from ..helpers import Event as _BtEvent  # noqa: E402
from ..helpers import State as _BtState  # noqa: E402
from ..helpers import Trigger as _BtTrigger  # noqa: E402
from ..helpers import can_affect as _bt_can_affect  # noqa: E402
from ..helpers import can_enter_stasis as _bt_can_enter_stasis  # noqa: E402
from ..helpers import choose_card as _bt_choose_card  # noqa: E402
from ..helpers import place_in_stasis as _bt_place_in_stasis  # noqa: E402
from .backtimers import stash_from_hand as _bt_stash_from_hand  # noqa: E402


def _present_first(g: _BtState, slot: int, player: int) -> tuple[str, int, int]:
    return ("alternate-present-first", g.bases[slot], player)


def _present_who(g: _BtState, slot: int, ev: _BtEvent) -> list[int]:
    p = ev["player"]
    if ev["type"] != "minion" or ev.get("slot") != slot or _present_first(g, slot, p) in g.used:
        return []
    return [p]


def _present_stash(ctx: _BtCtx, ev: _BtEvent) -> _BtGen:
    key = _present_first(ctx.g, ctx.me, ctx.player)
    if key in ctx.g.used:
        return
    ctx.g.used.add(key)
    yield from _bt_stash_from_hand(ctx, 2, optional=True)


_bt_base("Alternate Present", "excellent-movies-dudes", "Backtimers", 20, (4, 2, 2),
         text="Each turn, once you have played your first minion here, you may put a card "
              "from your hand into stasis with two stasis counters.",
         triggers=(_BtTrigger("played", _present_who, _present_stash),))


def _car_cards(g: _BtState, slot: int, player: int) -> list[int]:
    """``player``'s minions and actions at the base in ``slot`` that may go into stasis."""
    here = list(g.minions[slot]) + list(g.base_actions[slot])
    here += [a for m in g.minions[slot] for a in g.attached.get(m, ())]
    src = _BtCtx(g, slot, player, True).source
    return [c for c in here if g.controller[c] == player and _bt_can_enter_stasis(g, c)
            and _bt_can_affect(g, c, src)]


def _car_who(g: _BtState, slot: int, ev: _BtEvent) -> list[int]:
    if ev["slot"] != slot:
        return []
    return [p for p in ev["winners"] if _car_cards(g, slot, p)]


def _car_stash(ctx: _BtCtx, ev: _BtEvent) -> _BtGen:
    card = yield from _bt_choose_card(ctx, _car_cards(ctx.g, ctx.me, ctx.player),
                                      "Put which of your cards here into stasis with two "
                                      "stasis counters?")
    if card is not None:
        _bt_place_in_stasis(ctx, card, 2)


_bt_base("Time-Traveling Car", "excellent-movies-dudes", "Backtimers", 22, (3, 2, 1),
         text="Once this base has scored, its winner may put one minion or action of theirs "
              "from here into stasis with two stasis counters.",
         triggers=(_BtTrigger("after_score", _car_who, _car_stash, optional=True),))

# ---- Wraithrustlers: Rooftop Portal, Wraithrustlers HQ -----------------------------------------
# Rulings (tests/cards/wraithrustlers_test.py): Rooftop Portal's draw is once per turn for each
# player, for a card destroyed here (a minion, an action on the base or on a minion here) by
# that player's ability, on any player's turn. Wraithrustlers HQ: each winner (ties included)
# gets, when their next turn starts, one extra play usable for a minion or an action, whichever
# they play first (engine/mechanics/next_turn.py); it is not lost if they win on their own turn.

from ..api import base as _wr_base  # noqa: E402
from ..helpers import AbilityGen as _WrGen  # noqa: E402
from ..helpers import Ctx as _WrCtx  # noqa: E402
from ..helpers import Event as _WrEvent  # noqa: E402
from ..helpers import State as _WrState  # noqa: E402
from ..helpers import Trigger as _WrTrigger  # noqa: E402
from ..helpers import draw as _wr_draw  # noqa: E402
from ..helpers import grant_next_turn as _wr_grant_next_turn  # noqa: E402


def _portal_key(g: _WrState, slot: int, player: int) -> tuple[str, int, int]:
    return ("rooftop_portal", g.bases[slot], player)


def _portal_who(g: _WrState, slot: int, ev: _WrEvent) -> list[int]:
    by = ev.get("by")
    if ev.get("slot") != slot or ev.get("by_base") or not isinstance(by, int):
        return []
    return [] if _portal_key(g, slot, by) in g.used else [by]


def _portal_draw(ctx: _WrCtx, ev: _WrEvent) -> _WrGen:
    key = _portal_key(ctx.g, ctx.me, ctx.player)
    if key not in ctx.g.used:  # two cards destroyed at once: the first one draws
        ctx.g.used.add(key)
        _wr_draw(ctx.g, ctx.player, 1)
    return
    yield


_wr_base("Rooftop Portal", "excellent-movies-dudes", "Wraithrustlers", 22, (5, 3, 2),
         text="The first time each turn that you destroy a card at this base, you draw a card.",
         triggers=(_WrTrigger("destroyed", _portal_who, _portal_draw),))


def _hq_who(g: _WrState, slot: int, ev: _WrEvent) -> list[int]:
    return [g.current] if ev.get("slot") == slot and ev["winners"] else []


def _hq_promise(ctx: _WrCtx, ev: _WrEvent) -> _WrGen:
    for p in ev["winners"]:  # tied winners all win
        _wr_grant_next_turn(ctx.g, p, ("minion", "action"))
    return
    yield


_wr_base("Wraithrustlers HQ", "excellent-movies-dudes", "Wraithrustlers", 20, (4, 2, 1),
         text="Whoever wins here gets one extra play on their following turn, to use on either "
              "a minion or an action.",
         triggers=(_WrTrigger("after_score", _hq_who, _hq_promise),))
