"""The session store: load, validate, change and save session files safely.

The public names are below; each is loaded from its module on first use, so
a command imports only the part of the store it needs (a journaled roll
loads the journal and not the history).

- ``files``: link-safe reading, atomic replace, the session lock;
- ``toml``: strict reading and checked writing of documents, field paths;
- ``history``: undo snapshots; ``journal``: the append-only event log;
- ``session``: :class:`SessionFile`, the transaction tying them together.
"""

_NAMES = {
    "StoreError": "errors", "FormatTooNew": "errors", "HistoryLimit": "errors", "UnsafePath": "errors",
    "SessionFile": "session", "dice_counter": "session",
    "append_event": "journal", "read_events": "journal", "read_journal": "journal", "journal_path": "journal",
    "atomic_write": "files", "locked": "files", "read_bytes": "files",
    "FORMAT": "toml", "dump_document": "toml", "format_field": "toml", "is_read_only": "toml",
    "history_dir": "history",
}
__all__ = sorted(_NAMES)


def __getattr__(name: str):
    if name not in _NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{_NAMES[name]}"), name)
    globals()[name] = value
    return value
