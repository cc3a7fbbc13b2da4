"""The bases of Science Fiction Double Feature (two per faction of the set)."""

# ---- Cyborg Apes: Monkey Lab, Primate Park -----------------------------------------------------

# ---- Shapeshifters: Faceless City, The Vats ----------------------------------------------------

# ---- Super Spies: ISI's Swingin' Pad, Secret Volcano Headquarters -----------------------------

# ---- Time Travelers: Portal Room, The Nexus ---------------------------------------------------
