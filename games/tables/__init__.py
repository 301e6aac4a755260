"""What every table game shares (docs/tables.md): stored tables and their seats, the
event log, the row-locked apply of a human's decision, the bots' turns, replay
stepping, and the registry that maps a game kind to its rules."""
