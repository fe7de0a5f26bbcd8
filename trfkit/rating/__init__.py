"""Rating a tournament: what each rule set does with its games.

``trfkit.rating.tables`` holds the two conversion tables, exactly as printed;
``trfkit.rating.calc`` the formulas (expected score, K, newcomers, CHESSA
performances) as pure functions; ``trfkit.rating.engine`` applies them to a
:class:`~trfkit.model.Tournament` and builds a
:class:`~trfkit.rating.model.RatingReport`; ``trfkit.rating.ratinglist`` reads
FIDE's downloadable players' list.
"""
