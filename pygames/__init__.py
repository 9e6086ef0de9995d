"""pygames: the rules of Tanbo, Humble Tea Party and Storm in a Teacup, in pure Python."""

# The version is pyproject.toml's. The site's archive carries it in _version.py (written by
# scripts/build_site.py: Pyodide has no installed metadata for it); elsewhere it is the installed
# package's metadata, so nothing here states a number of its own.
try:
    from ._version import __version__  # type: ignore[import-not-found]
except ModuleNotFoundError:
    from importlib.metadata import PackageNotFoundError, version

    try:
        __version__ = version("pygames")
    except PackageNotFoundError:  # neither built nor installed: a bare copy of the sources
        __version__ = "0+unknown"

__all__ = ["__version__"]
