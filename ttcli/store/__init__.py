"""The session store: load, validate, change and save session files safely.

- ``files``: link-safe reading, atomic replace, the session lock;
- ``toml``: strict reading and checked writing of documents, field paths;
- ``history``: undo snapshots; ``journal``: the append-only event log;
- ``session``: :class:`SessionFile`, the transaction tying them together.

Each name below is loaded from its module on first use, so a command imports
only the part of the store it needs (a journaled roll loads no history).
"""

_NAMES = {
    "errors": ("StoreError", "FormatTooNew", "HistoryLimit", "UnsafePath"),
    "session": ("SessionFile", "dice_counter"),
    "journal": ("append_event", "read_events", "read_journal", "journal_path"),
    "files": ("atomic_write", "locked", "read_bytes"),
    "toml": ("FORMAT", "dump_document", "format_field", "is_read_only"),
    "history": ("history_dir",),
}
_MODULE = {name: module for module, names in _NAMES.items() for name in names}
__all__ = sorted(_MODULE)


def __getattr__(name: str):
    if name not in _MODULE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = globals()[name] = getattr(importlib.import_module(f"{__name__}.{_MODULE[name]}"), name)
    return value
