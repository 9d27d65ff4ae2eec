"""Helpers for tests of documents (session files and their copies)."""


def containers(value, found=None):
    """Every table and array of ``value``, itself included, depth first."""
    found = [] if found is None else found
    if isinstance(value, (dict, list)):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            containers(item, found)
    return found
