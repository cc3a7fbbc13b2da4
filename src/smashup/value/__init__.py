"""A learned value of a position from one seat's view (docs/learned.md).

``model`` plays: the features of a position (the seat's observation array, ``smashup.rl``)
and a small multilayer perceptron in numpy that turns them into the seat's chance of winning.
``selfplay`` makes training data (positions and final outcomes, in Parquet) and ``train``
fits the network with PyTorch (the ``learn`` extra) and writes the weights ``model`` reads.
Playing needs numpy only (the ``nn`` extra); importing this package needs nothing.
"""
