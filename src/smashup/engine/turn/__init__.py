"""The turn flow: the phases, the Play Cards decision and scoring."""
