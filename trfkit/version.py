"""trfkit's version, in the lowest room: the documents write it into their
JSON and SARIF, and the package (``trfkit.__version__``) re-exports it."""

__version__ = "0.1.0"
