"""No card reads a deck's cards on its own: "the top N cards of a deck" (drawn, revealed, looked
at, taken) come from ``decks.top_cards`` and a searched deck from ``decks.deck_to_search``,
the one place where the empty-deck rule lives (an empty deck, or one that runs out part-way, is
refilled from its owner's discard pile and the card keeps going: SFDF and Oops rulebooks, "Draw
2 Cards"; EMD rulebook, "in the middle of drawing, revealing, or looking").

Read from the source of every card module: a card may ask whether a deck has cards (its truth,
its length), and nothing else of it. Slicing, indexing, iterating, copying, popping or aliasing
a deck's list (``g.decks[p][:3]``, ``g.decks[p][0]``, ``list(g.decks[p])``, ``deck =
g.decks[p]``, ``g.zone_list(("deck", p))``) is refused; so is ``top_card`` called in a loop (a
hand-made "top N", which is ``top_cards``)."""

import ast
from pathlib import Path

import smashup.cards

CARDS = Path(smashup.cards.__file__).resolve().parent
EXTRA = [CARDS.parent / "testing_cards.py", CARDS.parent / "testing_inventions.py"]


def _parents(tree: ast.AST) -> dict[int, ast.AST]:
    return {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _is_call_to(node: ast.AST, *names: str) -> bool:
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id in names)
        or (isinstance(node.func, ast.Attribute) and node.func.attr in names))


def _only_tested(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Is the value of ``node`` used only for its truth or its length?"""
    parent = parents.get(id(node))
    if parent is None:
        return False
    if isinstance(parent, (ast.If, ast.While, ast.IfExp, ast.Assert)) and node is parent.test:
        return True
    if isinstance(parent, ast.comprehension) and node in parent.ifs:
        return True
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        return True
    if _is_call_to(parent, "bool", "len") and isinstance(parent, ast.Call) \
            and node in parent.args:
        return True
    if isinstance(parent, ast.BoolOp):  # `deck or discard`: tested as a whole
        return _only_tested(parent, parents)
    return False


def deck_reads(source: str) -> list[tuple[int, str]]:
    """(line, code) of each place in ``source`` that reads the cards of a deck itself."""
    tree = ast.parse(source)
    parents = _parents(tree)
    found: list[tuple[int, str]] = []
    # a loop that counts cards ("while fewer than 5", "5 times"), not one over players
    counting = [n for n in ast.walk(tree) if isinstance(n, ast.While)
                or (isinstance(n, ast.For) and _is_call_to(n.iter, "range"))]
    in_loop = {id(n) for loop in counting for stmt in loop.body for n in ast.walk(stmt)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "decks":
            parent = parents.get(id(node))
            ok = isinstance(parent, ast.Subscript) and parent.value is node \
                and _only_tested(parent, parents)
            if not ok:
                found.append((node.lineno, ast.unparse(parent if parent is not None else node)))
        elif _is_call_to(node, "zone_list") and isinstance(node, ast.Call) and any(
                isinstance(a, ast.Tuple) and a.elts and isinstance(a.elts[0], ast.Constant)
                and a.elts[0].value == "deck" for a in node.args):
            found.append((node.lineno, ast.unparse(node)))
        elif _is_call_to(node, "top_card") and id(node) in in_loop:
            found.append((node.lineno, ast.unparse(node)))
    return sorted(set(found))


def test_no_card_module_reads_a_deck_without_the_primitive():
    files = sorted(CARDS.rglob("*.py")) + EXTRA
    assert len(files) > 40  # every set's modules are read
    problems = [f"{path.relative_to(CARDS.parent)}:{line}: {code}"
                for path in files for line, code in deck_reads(path.read_text())]
    assert problems == []


def test_the_scan_finds_each_way_of_reading_a_deck():
    source = """
def card(g, p, q):
    shown = list(g.decks[q][:3])              # 3: a slice
    first = g.decks[p][0]                     # 4: the top card
    deck = g.decks[p]                         # 5: an alias
    g.decks[p].pop(0)                         # 6: a pop
    for c in g.decks[p]:                      # 7: a search by hand
        pass
    every = g.hands[p] + g.decks[p]           # 9: copied with the hand
    z = g.zone_list(("deck", p))              # 10: the same list another way
    while len(shown) < 5:
        shown.append(top_card(g, p))          # 12: a top N by hand
    pile = g.decks[p] or g.discards[p]        # 13: the list itself, not its truth
    for _ in range(3):
        c = top_card(g, p)                    # 15: the same, counted
"""
    assert [line for line, _ in deck_reads(source)] == [3, 4, 5, 6, 7, 9, 10, 12, 13, 15]


def test_the_scan_lets_a_card_ask_whether_a_deck_has_cards():
    source = """
def card(g, p):
    if g.decks[p] or g.discards[p]:
        pass
    if not g.decks[p] and not g.discards[p]:
        pass
    ok = bool(g.decks[p] or g.discards[p])
    many = len(g.decks[p]) > 1
    who = [q for q in range(2) if g.decks[q]]
    top = top_card(g, p)
    each = [c for c in (top_card(g, q) for q in (p, 1 - p)) if c is not None]
    for q in (p, 1 - p):                      # each player's own top card
        top = top_card(g, q)
    return ok and many and who and top and each
"""
    assert deck_reads(source) == []
