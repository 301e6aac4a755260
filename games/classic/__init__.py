"""Classic Mahjong: four players, the old Chinese rules (docs/classic.md)."""
