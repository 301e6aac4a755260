"""The games of the site, one Django app each (``solitaire``; the table games arrive
beside it), and what they share: the seeded generator (``prng``) and who plays
(``players``)."""
