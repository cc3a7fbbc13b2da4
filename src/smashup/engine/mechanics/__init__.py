"""One module per mechanic an expansion brings, on top of the rules."""
