"""What the help screens explain: the turn, scoring and each expansion mechanic, in our words.

The terminal game's help (``?``) and the browser's help dialog both show these topics, so a
rule is explained once. Bodies are plain text: paragraphs separated by blank lines, no markup.

>>> [topic.key for topic in TOPICS][:3]
['turn', 'scoring', 'me-first']
>>> topic("duels").title
'Duels'
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Topic(NamedTuple):
    """One help topic: a stable key, a short title and a plain-text body."""

    key: str
    title: str
    body: str


TOPICS: Final[tuple[Topic, ...]] = (
    Topic("turn", "Your turn", """\
Each turn has five phases. At the start of your turn some cards act. Then you may play one \
minion and one action, in any order (more if a card gives you extra plays). Then bases whose \
total power has reached their breakpoint score. Then you draw two cards; if you hold more than \
ten you discard down to ten. Then the turn ends and the player on your left goes.

A minion goes on a base of your choice and adds its power there. An action either does its \
thing and goes to your discard pile, or stays in play on a base or a minion (those say so).

You may play a card even when its ability would do nothing; the game marks such cards for you."""),
    Topic("scoring", "Scoring a base", """\
A base scores when the power of all minions on it reaches its breakpoint (the number beside \
its name). The player with the most power there is first, the next is second, the next third. \
Each gets the points printed on the base for that place (from left to right). You need at \
least one minion or some power there to get points.

Ties: tied players each get the points of the better place they share, and the next place is \
skipped. After scoring, every card on the base goes to its owner's discard pile and a new base \
replaces it. The first player to reach 15 points at the end of a turn wins; a tie goes on."""),
    Topic("me-first", "Me First! and Specials", """\
Just before a base scores, each player in turn, starting with the current player, may play \
one Special card or pass. The round goes on until everyone passes in a row. Specials are \
cards that can be played at such moments, even on another player's turn."""),
    Topic("counters", "Power counters", """\
A +1 power counter adds one to the power of the minion it sits on, for as long as it stays \
there. Only abilities place, move or remove counters. When the card leaves play its counters \
are removed. A minion that is protected from effects is also protected from having counters \
placed, moved or removed."""),
    Topic("burying", "Burying", """\
Some cards are buried: placed face down beside a base. Only their controller may look at \
them; other players see a face-down card. A buried card has no power, cannot help win the \
base and is untouched by abilities that name minions or actions; abilities that say \
"card" can still reach it.

At the start of your turn you may uncover one of your buried cards: you play it right away, \
as an extra card, at that base. If it cannot be played there it is discarded. When the base \
scores, buried cards go to their owners' discard piles."""),
    Topic("duels", "Duels", """\
A duel pits two minions at the same base against each other. First the challenger, then \
the defender, may put one card from hand face down. Both are revealed, challenger first: an \
action is played as part of the duel (it costs no action play), anything else goes back to \
hand.

Then the minion with the higher power wins, and the card that started the duel says what \
winning and losing mean. In a tie, both sides get every result. If the two minions are no \
longer at the same base, the duel ends with no result. Only one duel happens at a time, and \
no other cards may be played during it except those the duel itself allows."""),
    Topic("stasis", "Stasis", """\
Some cards put a card into stasis with stasis counters. A card in stasis lies face up in \
front of its player: it is in play but on no base, has no power on any base, and only \
abilities that mention stasis touch it.

At the start of each of your turns, remove one stasis counter from each of your cards in \
stasis. A card with no counters left may be played during your Play Cards phase as an extra \
card, following its own instructions for leaving stasis. Cards still in stasis with no \
counters at the end of your turn are discarded."""),
    Topic("stored", "Stored cards", """\
Some cards store other cards face down underneath them. Stored cards count as in play but do \
nothing, and only abilities that mention stored cards touch them. Their owner may look at \
them; others may only count them. They move with the card they are under, can be played only \
when an ability says so, and are discarded when that card leaves play."""),
    Topic("control", "Owning and controlling", """\
You own the cards that started in your deck. You control the cards you played, and any card \
an ability gives you control of. Abilities that say "your" mean the cards you control. When \
a card goes to a hand, deck or discard pile, it goes to its owner's."""),
)


def topic(key: str) -> Topic:
    """The topic with this key (a ``KeyError`` names the key when there is none)."""
    for item in TOPICS:
        if item.key == key:
            return item
    raise KeyError(key)


def topics_json() -> list[dict[str, str]]:
    """The topics as plain dicts, for the browser's help dialog."""
    return [item._asdict() for item in TOPICS]
