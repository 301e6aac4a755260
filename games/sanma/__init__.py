"""Sanma, three-player Riichi Mahjong (docs/sanma.md): the engine (``engine/``), its
tenhou.net/6 export (``export.py``) and the site's pages around a table."""
