"""``trfkit serve``: the arbiter's page and a JSON API, on this machine.

Nothing of it is imported by ``import trfkit``: a library user pays for no
server. :mod:`trfkit.server.api` is the table of endpoints (each one a
command of the command line, rendered by the same functions);
:mod:`trfkit.server.app` the HTTP front, on the standard library's
threading server; ``static/`` the page, its script and style, which are
all it loads.
"""
