"""The session store: load, validate, change and save session files safely.

``files``: link-safe reading, atomic replace, the session lock; ``toml``: strict
reading and checked writing; ``history``: undo snapshots; ``journal``: the
append-only event log; ``session``: :class:`SessionFile`, the transaction tying
them together.  Callers use the names below; each is loaded from its module on
first use, so a command imports only the part of the store it needs.
"""

_NAMES = {
    "errors": ("StoreError", "FormatTooNew", "HistoryLimit", "SessionGone", "UnsafePath", "Unwritable", "printable"),
    "files": ("atomic_write", "read_bytes"),
    "toml": ("FORMAT", "INT_LIMIT", "format_field", "is_read_only"),
    "history": ("history_dir",),
    "journal": ("append_event", "append_if_clean", "read_events", "read_journal"),
    "session": ("SessionFile", "dice_counter"),
}
_MODULE = {name: module for module, names in _NAMES.items() for name in names}
__all__ = sorted(_MODULE)


def __getattr__(name: str):
    if name not in _MODULE:
        raise AttributeError(name)
    # __import__, not importlib.import_module: importlib is a module of its own to load
    value = globals()[name] = getattr(__import__(f"{__name__}.{_MODULE[name]}", fromlist=(name,)), name)
    return value
