"""What is true of a position now: power, breakpoints, protection, and the lasting marks on
cards that the queries and effects consult (copied and lost abilities, arrivals, moves, guards,
boosts, redirects, cards going from play), and which face-down cards a seat may not see."""
