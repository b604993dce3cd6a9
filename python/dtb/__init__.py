"""dtb: endgame tablebases for draughts.

For every position with few pieces: won, drawn or lost, in how many plies, with which move,
pure and under each variant's draw counters (force and move-count rules). The tables are
written by ``dtb gen``; this package probes them.

    >>> import dtb
    >>> with dtb.open_tablebase("tables/russian") as tb:
    ...     r = tb.probe("W:WKc1,Kd2,Ka3:BKe1")
    ...     r.wdl, r.dtw, r.counters.klass
    ...     [m.move for m in tb.best_line("W:WKc1,Kd2,Ka3:BKe1")]

Positions are PDN FEN strings (or objects with a ``fen`` attribute or method). Values are
for the side to move: ``wdl`` is 'win', 'draw' or 'loss'; ``dtw`` the plies to the end of the
game, ``dtc`` to the next capture or man move. Under the counters (``counters=``, ``moves=``)
a win they turn into a draw is a 'cursed-win', a loss they save a 'blessed-loss'.

Functions: open_tablebase, variants, perft, moves, read_pdn (games of a PDN file, each
checked against the tables by Tablebase.annotate). Errors: Error and its subclasses
FenError, CountersError, NotAvailable, CorruptTable, DirectoryError, VariantError.
"""

from ._dtb import (
    CorruptTable,
    CountersError,
    DirectoryError,
    Error,
    FenError,
    MoveResult,
    NotAvailable,
    PdnGame,
    ProbeResult,
    CountersResult,
    Tablebase,
    VariantError,
    moves,
    open_tablebase,
    perft,
    read_pdn,
    read_pdn_text,
    variants,
)

__all__ = [
    "CorruptTable",
    "CountersError",
    "DirectoryError",
    "Error",
    "FenError",
    "MoveResult",
    "NotAvailable",
    "PdnGame",
    "ProbeResult",
    "CountersResult",
    "Tablebase",
    "VariantError",
    "moves",
    "open_tablebase",
    "perft",
    "read_pdn",
    "read_pdn_text",
    "variants",
]
