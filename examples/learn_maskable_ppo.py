"""Train a MaskablePPO agent against the random player and measure it (docs/rl.md).

    pip install -e '.[rl,learn-rl,lab]'
    python examples/learn_maskable_ppo.py --minutes 35 --out runs/ppo

The same as ``smashup learn``.
"""

from smashup.cli.main import main

if __name__ == "__main__":
    import sys

    raise SystemExit(main(["learn", *sys.argv[1:]]))
