"""Smash Up for learning agents (docs/rl.md): a fixed action space (``actions``), observation
arrays (``observation``), and environments for PettingZoo (``pettingzoo_env``), Gymnasium
(``gym_env``) and OpenSpiel (``openspiel_game``), with ``smashup learn`` (``learn``) training
MaskablePPO on them.

Everything but ``actions`` needs the ``rl`` extra (numpy, gymnasium, pettingzoo); the
OpenSpiel game needs ``openspiel`` and the trainer ``learn-rl``. Importing this package needs
none of them: import the module you use.
"""
